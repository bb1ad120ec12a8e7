/**
 * The bounds and choices of every stored system field, as plain data (no Foundry globals), so
 * that the data models (`fields.ts` builds Foundry fields from them) and the sheet-input
 * check (`validate.ts`) share one definition: the ruleset-free fields here, beside every
 * registered ruleset's block (`FoundryRuleset.data.rules`, prefixed with its id).
 * `test/foundry/data/rules.test.ts` checks that this table and the data models' schemas agree
 * field by field.
 */
import { DEFAULT_RULESET, rulesetRules } from "../rulesets";
import { choice, GENERIC_BOUNDS as BOUNDS, type Rule } from "./rule-kinds";
import { HANDS } from "../../core/hands";
import { EXCHANGE_STATES } from "./source";

export * from "./rule-kinds";

const physical = {
  description: { kind: "html" },
  quantity: BOUNDS.quantity,
  weight: BOUNDS.weight,
  carried: { kind: "boolean", initial: true },
  equipped: { kind: "boolean", initial: false },
  held: choice(HANDS, "none"),
} as const satisfies Record<string, Rule>;

/**
 * Every stored leaf of each type's `system`, by dotted path; `*` stands for an array index.
 * Nullable containers (a ruleset's nullable objects) are listed by their leaves.
 */
export const FIELD_RULES = {
  Actor: {
    character: { description: { kind: "html" }, ...rulesetRules("Actor.character") },
    creature: { description: { kind: "html" }, ...rulesetRules("Actor.creature") },
  },
  Item: {
    weapon: { ...physical, ...rulesetRules("Item.weapon") },
    missile: { ...physical, ...rulesetRules("Item.missile") },
    armour: { ...physical, ...rulesetRules("Item.armour") },
    skill: { description: { kind: "html" }, ...rulesetRules("Item.skill") },
    injury: { description: { kind: "html" }, ...rulesetRules("Item.injury") },
    gear: { ...physical, ...rulesetRules("Item.gear") },
  },
  ChatMessage: {
    exchange: {
      ruleset: { kind: "text", blank: false, initial: DEFAULT_RULESET.id },
      state: choice(EXCHANGE_STATES, "declared"),
      revision: BOUNDS.revision,
      "attacker.actorUuid": { kind: "uuid" },
      "attacker.tokenUuid": { kind: "uuid" },
      "attacker.name": { kind: "text", blank: true, initial: "" },
      "defender.actorUuid": { kind: "uuid" },
      "defender.tokenUuid": { kind: "uuid" },
      "defender.name": { kind: "text", blank: true, initial: "" },
      declaration: { kind: "json" },
      context: { kind: "json" },
      choices: { kind: "json" },
      rolls: { kind: "json" },
      pending: { kind: "json" },
      result: { kind: "json" },
      applied: { kind: "json" },
      advantages: { kind: "json" },
    },
  },
  Combatant: {
    base: {
      advantages: BOUNDS.advantages,
      turnKey: { kind: "text", blank: true, initial: "" },
    },
  },
} as const satisfies Record<string, Record<string, Record<string, Rule>>>;

export type DocumentName = keyof typeof FIELD_RULES;
/** `Actor.character`, `Item.weapon`… */
export type TypeKey = {
  [D in DocumentName]: `${D}.${Extract<keyof (typeof FIELD_RULES)[D], string>}`;
}[DocumentName];

/** The rules of one type (`Item.weapon`). */
export function rulesOf(type: TypeKey): Readonly<Record<string, Rule>> {
  const [documentName, subtype] = type.split(".") as [DocumentName, string];
  return (FIELD_RULES[documentName] as Record<string, Record<string, Rule>>)[subtype]!;
}

/** The rule for a dotted `system` path (array indices as numbers or `*`), if the path is a stored leaf or list. */
export function ruleFor(type: TypeKey, path: string): Rule | undefined {
  const rules = rulesOf(type);
  const pattern = path
    .split(".")
    .map((p) => (/^\d+$/.test(p) ? "*" : p))
    .join(".");
  return rules[pattern];
}

/** Every type key, in a stable order. */
export const TYPE_KEYS: readonly TypeKey[] = Object.freeze(
  (Object.keys(FIELD_RULES) as DocumentName[]).flatMap((d) =>
    Object.keys(FIELD_RULES[d]).map((t) => `${d}.${t}` as TypeKey),
  ),
);
