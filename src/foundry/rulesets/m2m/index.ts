/**
 * GURPS Man to Man in Foundry (`FoundryRuleset`, ../contract.ts): the core ruleset
 * (src/rules/m2m), its `system.m2m` blocks (./source.ts shape; ./character-data.ts and
 * ./item-data.ts schema and field rules; ./labels.ts labels; ./item-validate.ts) and its actors'
 * derivation (./gear.ts: the items' contribution through ./item-convert.ts; then
 * ./character-input.ts `deriveM2mActor`, the engine's `deriveCharacter`) and its chat card
 * (./card.ts, the exchange's result part; ./card-turn.ts, the turn card; ./card-labels.ts).
 */
import { InputError } from "../../../core/errors";
import { M2M_PLAN } from "../../../rules/m2m/body";
import { m2mFlow } from "../../../rules/m2m/flow";
import { prefixFor } from "../../data/prefixes";
import { planContext } from "../../data/plan-context";
import type { Rule } from "../../data/rule-kinds";
import type {
  BlockProblem,
  BlockTypeKey,
  FoundryRuleset,
  ItemLike,
  PlanContext,
} from "../contract";
import {
  m2mActorBlockProblems,
  m2mActorRules,
  m2mCharacterFields,
  m2mCreatureFields,
  M2M_BODY_PLANS,
  type M2mCharacterBlock,
  type M2mCreatureBlock,
} from "./character-data";
import { deriveM2mActor, m2mSystemPath, type M2mActorDerived } from "./character-input";
import { m2mCombat } from "./combat";
import { M2M_FIGHT_STORE } from "./fight";
import { m2mGear } from "./gear";
import { engineGearProblem } from "./gear-problems";
import { defaultM2mItemBlock, M2M_ITEM_RULES, M2M_NULLABLE, m2mItemSchema } from "./item-data";
import { isM2mItemType, m2mBlockProblems as m2mItemProblems } from "./item-validate";
import { M2M_LABELS } from "./labels";
import { m2mResultContext, M2M_RESULT_TEMPLATE } from "./card";
import { M2M_ROLL_LABELS } from "./card-labels";
import { m2mTurnContext, M2M_TURN_TEMPLATE } from "./card-turn";
import { M2M_TURNS } from "./turns";

/** Rules by `system` path (`m2m.hp`) → by path inside the block (`hp`), as the contract keeps them. */
function inBlock(rules: Readonly<Record<string, Rule>>): Readonly<Record<string, Rule>> {
  return Object.freeze(
    Object.fromEntries(
      Object.entries(rules).map(([path, rule]) => [path.replace(/^m2m\./, ""), rule]),
    ),
  );
}

/** The top-level fields of a block, from its leaves' rules. */
function topFields(rules: Readonly<Record<string, Rule>>): readonly string[] {
  return Object.freeze([...new Set(Object.keys(rules).map((p) => p.split(".")[0]!))]);
}

const M2M_RULES = Object.freeze({
  "Actor.character": inBlock(m2mActorRules("character")),
  "Actor.creature": inBlock(m2mActorRules("creature")),
  "Item.weapon": inBlock(M2M_ITEM_RULES.weapon),
  "Item.missile": inBlock(M2M_ITEM_RULES.missile),
  "Item.armour": inBlock(M2M_ITEM_RULES.armour),
});

const stripped = (paths: readonly string[]) =>
  Object.freeze(paths.map((p) => p.replace(/^m2m\./, "")));

/** The human hit-location table's locations (§8), for a location an item may name. */
export const M2M_HUMAN_PLAN: PlanContext = Object.freeze({
  ...planContext({ name: "BLOWBYBLOW.Validation.humanPlan", locations: M2M_PLAN.locations }),
  ruleset: "m2m",
});

/** A creature's own hit-location plan (by id in `bodyPlan`), or undefined for the human table. */
export function m2mOwnPlan(type: string, block: unknown): PlanContext | undefined {
  if (type !== "creature" || block === null || typeof block !== "object") return undefined;
  const id = (block as { bodyPlan?: unknown }).bodyPlan;
  if (typeof id !== "string" || id === M2M_PLAN.id) return undefined;
  const plan = M2M_BODY_PLANS[id];
  if (!plan) return undefined;
  return { ...planContext({ name: plan.id, locations: plan.locations }), ruleset: "m2m" };
}

/** JSON with sorted keys, to compare plain data whatever its key order. */
function sorted(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * The problems of a stored m2m block beyond its field rules: an actor's (a skill, crippled
 * location or readiness entry listed twice, half points), an item's (./item-validate.ts: a
 * weapon with no use, a reach listed twice, a shield's PD for its size, a suit that does not
 * cover the body…). Paths inside the block.
 */
export function m2mRulesetBlockProblems(
  type: BlockTypeKey,
  block: Record<string, unknown>,
): BlockProblem[] {
  if (type === "Actor.character" || type === "Actor.creature") return m2mActorBlockProblems(block);
  const itemType = type.slice("Item.".length);
  if (!isM2mItemType(itemType)) return [];
  // An item not made for this ruleset (an HM3 item) carries the block's defaults: not in use.
  if (sorted(block) === sorted(defaultM2mItemBlock(itemType))) return [];
  return m2mItemProblems(itemType, block, { strict: false }).map((p) => ({
    field: p.field.replace(/^system\.m2m\.?/, ""),
    value: p.value,
    key: p.key,
    params: p.data,
  }));
}

/** What an m2m actor's derivation gives, tagged with its ruleset. */
export type M2mDerived = M2mActorDerived & { ruleset: "m2m" };

/**
 * The derivation of an actor (the contract's shape: a value it refuses is an InputError on its
 * `system` path, `m2m.hp`; what the items gave is a `ProblemError` on `system.items` naming the
 * item, ./gear-problems.ts).
 */
export function deriveM2m(system: Record<string, unknown>, items: readonly ItemLike[]): M2mDerived {
  const block = system.m2m as M2mCharacterBlock | M2mCreatureBlock;
  const gear = m2mGear(items);
  let failure: unknown;
  const out = deriveM2mActor(block, gear, (err) => {
    failure = err;
  });
  if (out.derived) return { ruleset: "m2m", ...out.derived };
  if (failure instanceof InputError) {
    const path = m2mSystemPath(block, failure.field);
    // What the items gave: the problem names the item, its field and value.
    if (path === "items") throw engineGearProblem(failure, block, items, gear);
    throw new InputError(path, failure.value, failure.reason);
  }
  if (failure !== undefined) throw failure;
  const p = out.errors[0]!;
  throw new InputError(p.field.replace(/^system\./, ""), p.value, p.key);
}

/**
 * Version 4 added the `system.m2m` blocks. Nothing stored changes shape: a document stored
 * before it takes the block's defaults when it loads (Foundry's cleaning fills in a missing
 * schema field), and no value of another block moves. The entry records the version; it must
 * not write a block itself, since migrations also run on an update's changes, where a written
 * default would overwrite the stored block.
 */
const M2M_MIGRATIONS = Object.freeze([
  {
    version: 4,
    name: "GURPS Man to Man blocks",
    migrate: (_type: string, system: Record<string, unknown>) => system,
  },
  /**
   * Version 5 added an actor block's `fight` (the fight's state block, issue 17), null outside
   * a fight: an actor stored before it takes null when it loads, as with version 4.
   */
  {
    version: 5,
    name: "GURPS Man to Man fight state",
    migrate: (_type: string, system: Record<string, unknown>) => system,
  },
  /**
   * Version 6 added an actor block's `leftHanded` (L522, ruling M132), false by default: an actor
   * stored before it loads right-handed, as every fighter was, with no value written.
   */
  {
    version: 6,
    name: "GURPS Man to Man left-handed",
    migrate: (_type: string, system: Record<string, unknown>) => system,
  },
]);

const actorPrefix = prefixFor("M2M.Actor");

export const M2M_FOUNDRY = Object.freeze({
  id: "m2m",
  /** The Foundry flow plays the engine with turn state (src/rules/m2m/flow.ts); the CLI keeps `m2m`. */
  ruleset: m2mFlow,
  combat: m2mCombat,
  card: Object.freeze({
    resultTemplate: M2M_RESULT_TEMPLATE,
    resultContext: m2mResultContext,
    turnTemplate: M2M_TURN_TEMPLATE,
    turnContext: m2mTurnContext,
  }),
  rollLabels: M2M_ROLL_LABELS,
  fight: M2M_FIGHT_STORE,
  data: Object.freeze({
    blocks: Object.freeze({
      "Actor.character": () => new foundry.data.fields.SchemaField(m2mCharacterFields()),
      "Actor.creature": () => new foundry.data.fields.SchemaField(m2mCreatureFields()),
      "Item.weapon": () => m2mItemSchema("weapon"),
      "Item.missile": () => m2mItemSchema("missile"),
      "Item.armour": () => m2mItemSchema("armour"),
    }),
    rules: M2M_RULES,
    prefixes: Object.freeze({
      "Actor.character": actorPrefix,
      "Actor.creature": actorPrefix,
      "Item.weapon": prefixFor("M2M.Weapon"),
      "Item.missile": prefixFor("M2M.Missile"),
      "Item.armour": prefixFor("M2M.Armour"),
    }),
    labels: M2M_LABELS,
    blockFields: Object.freeze({
      "Actor.character": topFields(M2M_RULES["Actor.character"]),
      "Actor.creature": topFields(M2M_RULES["Actor.creature"]),
      "Item.weapon": topFields(M2M_RULES["Item.weapon"]),
      "Item.missile": topFields(M2M_RULES["Item.missile"]),
      "Item.armour": topFields(M2M_RULES["Item.armour"]),
    }),
    nullable: Object.freeze({
      "Item.weapon": stripped(M2M_NULLABLE.weapon),
      "Item.missile": stripped(M2M_NULLABLE.missile),
      "Item.armour": stripped(M2M_NULLABLE.armour),
    }),
    migrations: M2M_MIGRATIONS,
    shortcuts: Object.freeze([]),
    humanPlan: M2M_HUMAN_PLAN,
    ownPlan: m2mOwnPlan,
    blockProblems: m2mRulesetBlockProblems,
  }),
  derive: Object.freeze({
    actor: deriveM2m,
    /** The derivation names `system` paths already. */
    fieldPath: (field: string) => field,
  }),
  turns: M2M_TURNS,
} satisfies FoundryRuleset);
