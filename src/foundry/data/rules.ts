/**
 * The bounds and choices of every stored system field, as plain data (no Foundry globals), so
 * that the data models (`fields.ts` builds Foundry fields from them) and the sheet-input
 * check (`validate.ts`) share one definition. `test/foundry/data/rules.test.ts` checks that
 * this table and the data models' schemas agree field by field.
 */
import { locationIds } from "../../core/body";
import { HUMAN_BODY_PLAN, REGIONS, sidedLocationIds } from "../../rules/hm3/body-plan";
import {
  HAND_MODES,
  HANDS,
  HM3_ATTRIBUTE_MAX,
  HM3_ATTRIBUTES,
  HM3_CREATURE_ATTRIBUTE_MAX,
  HM3_ML,
  HM3_WEAPON_MODIFIER,
  SKILL_CATEGORIES,
} from "../../rules/hm3/character-types";
import { ASPECT_ALIASES, ASPECTS, MATERIALS, SEVERITIES } from "../../rules/hm3/tables";
import { EXCHANGE_STATES } from "./source";

/** A whole or real number with optional bounds. */
export interface NumberRule {
  kind: "number";
  integer: boolean;
  min?: number;
  max?: number;
  nullable: boolean;
  initial: number | null;
}

export interface ChoiceRule {
  kind: "choice";
  choices: readonly string[];
  initial: string;
}

export interface TextRule {
  kind: "text";
  /** A blank string is allowed. */
  blank: boolean;
  initial: string;
}

/** A location id of a body plan (the human plan unless the actor's plan is given). */
export interface LocationRule {
  kind: "location";
  /** `any`: bare and sided ids (armour); `sided`: sided ids for paired locations (injuries). */
  sides: "any" | "sided";
  initial: string;
}

/** A location id inside a creature's own plan: lower-case letters, digits and hyphens. */
export interface SlugRule {
  kind: "slug";
  initial: string;
}

export interface BooleanRule {
  kind: "boolean";
  initial: boolean;
}

/** Free HTML, a JSON value or a document UUID: not checked from sheets. */
export interface OpaqueRule {
  kind: "html" | "json" | "uuid";
}

export type LeafRule =
  | NumberRule
  | ChoiceRule
  | TextRule
  | LocationRule
  | SlugRule
  | BooleanRule
  | OpaqueRule;

/** A list of leaves (`max`: most entries). */
export interface ListRule {
  kind: "list";
  element: LeafRule;
  max?: number;
}

export type Rule = LeafRule | ListRule;

const int = (min: number | undefined, max: number | undefined, initial: number): NumberRule => ({
  kind: "number",
  integer: true,
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
  nullable: false,
  initial,
});
const nullableInt = (min: number, max: number | undefined): NumberRule => ({
  kind: "number",
  integer: true,
  min,
  ...(max === undefined ? {} : { max }),
  nullable: true,
  initial: null,
});
const choice = (choices: readonly string[], initial: string): ChoiceRule => ({
  kind: "choice",
  choices,
  initial,
});

/** Bounds of the HM3 fields (the brief of issue 3; seed 003 for the tables). */
export const BOUNDS = Object.freeze({
  attribute: int(1, HM3_ATTRIBUTE_MAX, 10),
  /** A creature's attributes (R28: large beasts exceed 30). */
  creatureAttribute: int(1, HM3_CREATURE_ATTRIBUTE_MAX, 10),
  fatigue: int(0, undefined, 0),
  encumbrance: nullableInt(0, undefined),
  /**
   * 0: broken (ruling R31: a failed weapon damage roll at WQ 1 breaks it). null: the item has no
   * weapon quality (ruling R41: the CSV's WQ 0 for body parts and sling stones); it makes no
   * weapon damage roll and never breaks.
   */
  wq: { ...nullableInt(0, 30), initial: 10 },
  attackDefence: int(HM3_WEAPON_MODIFIER.min, HM3_WEAPON_MODIFIER.max, 0),
  impact: nullableInt(0, 50),
  quality: int(-10, 10, 0),
  enchantment: int(0, 10, 0),
  injuryLevel: int(1, 5, 1),
  healingRate: int(0, 6, 0),
  ml: int(HM3_ML.min, HM3_ML.max, 0),
  skillBase: nullableInt(0, 100),
  sbModifier: int(-50, 50, 0),
  range: int(0, undefined, 0),
  bandImpact: int(0, 50, 0),
  aimPoints: int(0, 100, 0),
  quantity: int(0, undefined, 1),
  weight: { kind: "number", integer: false, min: 0, nullable: false, initial: 0 } as NumberRule,
  revision: int(0, undefined, 0),
  advantages: int(0, undefined, 0),
});

/** Aspects an injury may record: the four armour aspects and the creature aspects read as them. */
export const INJURY_ASPECTS: readonly string[] = Object.freeze([
  ...ASPECTS,
  ...Object.keys(ASPECT_ALIASES),
]);

export const VELOCITIES = ["low", "high"] as const;

/** Location ids of the human plan an armour item may cover: bare (both sides) and sided. */
export const HUMAN_ARMOUR_LOCATIONS: readonly string[] = Object.freeze(
  locationIds(HUMAN_BODY_PLAN),
);
/** Location ids of the human plan an injury may sit on: sided for paired locations. */
export const HUMAN_INJURY_LOCATIONS: readonly string[] = Object.freeze(
  sidedLocationIds(HUMAN_BODY_PLAN),
);
/** A location id as stored: lower-case letters, digits and hyphens, starting with a letter. */
export const LOCATION_ID = /^[a-z][a-z0-9-]*$/;

const physical: Record<string, Rule> = {
  description: { kind: "html" },
  quantity: BOUNDS.quantity,
  weight: BOUNDS.weight,
  carried: { kind: "boolean", initial: true },
  equipped: { kind: "boolean", initial: false },
  held: choice(HANDS, "none"),
};

const actorHm3 = (attribute: NumberRule): Record<string, Rule> => ({
  ...Object.fromEntries(HM3_ATTRIBUTES.map((a) => [`hm3.attributes.${a}`, attribute])),
  "hm3.fatigue": BOUNDS.fatigue,
  "hm3.encumbrance": BOUNDS.encumbrance,
});

/**
 * Every stored leaf of each type's `system`, by dotted path; `*` stands for an array index.
 * Nullable containers (a creature's `hm3.bodyPlan`) are listed by their leaves.
 */
export const FIELD_RULES = {
  Actor: {
    character: { description: { kind: "html" }, ...actorHm3(BOUNDS.attribute) },
    creature: {
      description: { kind: "html" },
      ...actorHm3(BOUNDS.creatureAttribute),
      "hm3.bodyPlan.name": { kind: "text", blank: false, initial: "Creature" },
      "hm3.bodyPlan.locations.*.id": { kind: "slug", initial: "body" },
      "hm3.bodyPlan.locations.*.name": { kind: "text", blank: false, initial: "Body" },
      "hm3.bodyPlan.locations.*.region": choice(REGIONS, "torso"),
      "hm3.bodyPlan.locations.*.paired": { kind: "boolean", initial: false },
      "hm3.bodyPlan.locations.*.aim.high": BOUNDS.aimPoints,
      "hm3.bodyPlan.locations.*.aim.mid": BOUNDS.aimPoints,
      "hm3.bodyPlan.locations.*.aim.low": BOUNDS.aimPoints,
      "hm3.bodyPlan.locations.*.injury.*.severity": choice(SEVERITIES, "M"),
      "hm3.bodyPlan.locations.*.injury.*.level": BOUNDS.injuryLevel,
      "hm3.bodyPlan.locations.*.injury.*.fumbleStumble": { kind: "boolean", initial: false },
      "hm3.bodyPlan.locations.*.injury.*.amputation": { kind: "boolean", initial: false },
    },
  },
  Item: {
    weapon: {
      ...physical,
      "hm3.skill": { kind: "text", blank: true, initial: "" },
      "hm3.wq": BOUNDS.wq,
      "hm3.attack": BOUNDS.attackDefence,
      "hm3.defence": BOUNDS.attackDefence,
      ...Object.fromEntries(ASPECTS.map((a) => [`hm3.impact.${a}`, BOUNDS.impact])),
      "hm3.handMode": choice(HAND_MODES, "one"),
      "hm3.shield": { kind: "boolean", initial: false },
    },
    missile: {
      ...physical,
      "hm3.skill": { kind: "text", blank: true, initial: "" },
      "hm3.aspect": choice(ASPECTS, "point"),
      "hm3.velocity": choice(VELOCITIES, "low"),
      "hm3.wq": BOUNDS.wq,
      ...Object.fromEntries(
        ["short", "medium", "long", "extreme"].flatMap((b) => [
          [`hm3.ranges.${b}.range`, BOUNDS.range],
          [`hm3.ranges.${b}.impact`, BOUNDS.bandImpact],
        ]),
      ),
    },
    armour: {
      ...physical,
      "hm3.material": choice(MATERIALS, "leather"),
      "hm3.quality": BOUNDS.quality,
      "hm3.enchantment": BOUNDS.enchantment,
      "hm3.locations": { kind: "list", element: { kind: "location", sides: "any", initial: "" } },
    },
    skill: {
      description: { kind: "html" },
      "hm3.category": choice(SKILL_CATEGORIES, "physical"),
      "hm3.sbAttributes": { kind: "list", element: choice(HM3_ATTRIBUTES, "str"), max: 3 },
      "hm3.sbModifier": BOUNDS.sbModifier,
      "hm3.skillBase": BOUNDS.skillBase,
      "hm3.ml": BOUNDS.ml,
    },
    injury: {
      description: { kind: "html" },
      "hm3.location": { kind: "location", sides: "sided", initial: "thorax" },
      "hm3.aspect": choice(INJURY_ASPECTS, "blunt"),
      "hm3.severity": choice(SEVERITIES, "M"),
      "hm3.level": BOUNDS.injuryLevel,
      "hm3.healingRate": BOUNDS.healingRate,
      "hm3.bleeding": { kind: "boolean", initial: false },
    },
    gear: { ...physical },
  },
  ChatMessage: {
    exchange: {
      ruleset: { kind: "text", blank: false, initial: "hm3" },
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
