/**
 * The `m2m` block of GURPS Man to Man characters and creatures (issue 16): what an actor stores
 * for the ruleset (`system.m2m`), its bounds as plain rules (the shape `src/foundry/data/rules.ts`
 * uses, so the sheet-input check can read them), the Foundry schema fields built from the same
 * bounds, and a whole-block check that names the field and value of every bad entry (imported or
 * pasted data). Derived figures are not stored: `character-input.ts` hands the block to the
 * engine's `deriveCharacter`.
 *
 * "Lnnn" is a line of seed 004, "§n" a section of `../shared/rules/m2m-spec.md`.
 */
import type { BodyPlan } from "../../../core/body";
import { ADVANTAGE_IDS, ADVANTAGES, type AdvantageId } from "../../../rules/m2m/character";
import { M2M_PLAN } from "../../../rules/m2m/body";
import { cripplingCap } from "../../../rules/m2m/injury";
import {
  POSITION_IDS,
  WEAPON_PLACES,
  type PositionId,
  type StuckState,
  type WeaponPlace,
} from "../../../rules/m2m/maneuvers";
import { ATTRIBUTES, RACE_IDS, type Attribute, type RaceId } from "../../../rules/m2m/races";
import { SKILL_IDS, type SkillId } from "../../../rules/m2m/skills";
import { HIT_LOCATIONS, type HitLocation } from "../../../rules/m2m/types";
import { bool, choice, int, json, text } from "../../data/fields";
import type { ChoiceRule, NumberRule, Rule } from "../../data/rules";
import { checkRuleIn as checkRule, VALIDATION_KEYS, type Problem } from "../../data/check";
import { M2M_LABELS } from "./labels";

// ── Choices ──────────────────────────────────────────────────────────────────────────────────

/** Attributes as bought on the attribute table, or as final scores after the race (L1458). */
export const ATTRIBUTE_BASES = ["bought", "final"] as const;
export type AttributeBasis = (typeof ATTRIBUTE_BASES)[number];

/** Locations that can be crippled: arms and legs, hands and feet (L3695-3701). */
export type CripplableLocation = Exclude<HitLocation, "head" | "face" | "torso" | "vitals">;
/** The locations the engine caps (`cripplingCap`), in its order. */
export const CRIPPLABLE_LOCATIONS: readonly CripplableLocation[] = HIT_LOCATIONS.filter(
  (l): l is CripplableLocation => cripplingCap(l, 10) !== null,
);

/** A stuck pick or axe (L1608-1614): `check` a ST roll is due when readying. */
export const STUCK_STATES = [
  "no",
  "check",
  "stuck",
  "permanent",
] as const satisfies readonly StuckState[];

/** The grip (reach) a weapon with several reaches is held for; `none` when not set (L2000). */
export const GRIP_REACHES = ["none", "C", "1", "2", "3"] as const;
export type GripReach = (typeof GRIP_REACHES)[number];

/** Hit-location plans a creature may use; the human table (§8, L2414-2476) is the default. */
export const M2M_BODY_PLANS: Readonly<Record<string, BodyPlan>> = Object.freeze({
  [M2M_PLAN.id]: M2M_PLAN,
});
export const M2M_PLAN_IDS = Object.keys(M2M_BODY_PLANS) as readonly string[];

// ── The stored block ─────────────────────────────────────────────────────────────────────────

/** One weapon's (or shield's) readiness between exchanges (L2085-2129; maneuvers.ts `HeldWeapon`). */
export interface M2mReadiness {
  /** The weapon or shield item's id. */
  item: string;
  place: WeaponPlace;
  /** Ready maneuvers still needed while in hand; 0 = ready. */
  turnsToReady: number;
  reach: GripReach;
  stuck: StuckState;
}

/** What the engine needs to remember between exchanges of one encounter (§9, §4.5). */
export interface M2mEncounterState {
  /** Penalty to the next turn's attacks from this turn's wounds, no cap (L1866, A8). */
  shock: number;
  /** Stunned (L2578): recovers with an HT roll each turn. */
  stunned: boolean;
  /** Crippled arms, legs, hands and feet (L3673-3701). */
  crippled: CripplableLocation[];
  /** With a crippled foot, braced against a wall: Move at most 3 (L3677). */
  footBraced: boolean;
  /** Unconscious (hp < 0, L1876; knocked out, L2457; a critical hit). */
  unconscious: boolean;
  /** Death checks made and survived: one HT roll per threshold −HT, −HT−5, … (L3641, A15). */
  deathChecks: number;
  dead: boolean;
  /** Lost his balance (Critical Miss 7/13, L2605): nothing else until his next turn, active defences −2 until then. */
  offBalance: boolean;
  position: PositionId;
  readiness: M2mReadiness[];
}

/** `system.m2m` of a character. */
export interface M2mCharacterBlock {
  /** ST, DX, IQ, HT: bought or final, see `attributeBasis`. */
  attributes: Record<Attribute, number>;
  attributeBasis: AttributeBasis;
  race: RaceId;
  /** Left-handed (L522: chosen at creation, no points): the main hand and weapon side are the left (ruling M132). */
  leftHanded: boolean;
  /** Current hit points (HP = HT, L464). */
  hp: number;
  /** Fatigue points taken: ST drops by them for ST rolls (L3749-3757). */
  fatigue: number;
  /** Level of each advantage of spec §2.4 (0: not taken; Toughness 1 or 2). */
  advantages: Record<AdvantageId, number>;
  /** The skills on the sheet, with the points spent (0: used at its default, L694-714). */
  skills: { id: SkillId; points: number }[];
  encounter: M2mEncounterState;
  /**
   * The fight's state block (`RulesetBlock` of src/rules/m2m/flow.ts, issue 17) while a combat
   * runs, stored as JSON text so an update replaces it whole; null outside a fight. Read and
   * written through ./fight.ts only; its `hp` is the fight's copy of `hp` above. The stored
   * source holds the text, a prepared data model the parsed object.
   */
  fight: string | Record<string, unknown> | null;
}

/** `system.m2m` of a creature: the character block and its hit-location plan. */
export interface M2mCreatureBlock extends M2mCharacterBlock {
  bodyPlan: string;
}

export type M2mActorKind = "character" | "creature";

// ── Bounds ───────────────────────────────────────────────────────────────────────────────────

const intRule = (min: number, max: number, initial: number): NumberRule => ({
  kind: "number",
  integer: true,
  min,
  max,
  nullable: false,
  initial,
});
const choiceRule = (choices: readonly string[], initial: string): ChoiceRule => ({
  kind: "choice",
  choices,
  initial,
});

/** Bounds of the numeric fields. */
export const M2M_BOUNDS = Object.freeze({
  /** 7 is the lowest score (L468, L1460); the engine reads scores up to 100. */
  attribute: intRule(7, 100, 10),
  /** −10×HT destroys the body (L3645): at most HT 100. */
  hp: intRule(-1000, 100, 10),
  fatigue: intRule(0, 100, 0),
  /** Half points exist for Easy skills at attribute −1 (L654-664). */
  skillPoints: {
    kind: "number",
    integer: false,
    min: 0,
    max: 1000,
    nullable: false,
    initial: 0,
  } as NumberRule,
  shock: intRule(0, 1000, 0),
  deathChecks: intRule(0, 100, 0),
  turnsToReady: intRule(0, 10, 0),
});

/**
 * Every stored leaf of the block by dotted `system` path (`*`: an array index), in the terms of
 * `src/foundry/data/rules.ts`.
 */
export function m2mActorRules(kind: M2mActorKind = "character"): Readonly<Record<string, Rule>> {
  const rules: Record<string, Rule> = {};
  for (const a of ATTRIBUTES) rules[`m2m.attributes.${a}`] = M2M_BOUNDS.attribute;
  rules["m2m.attributeBasis"] = choiceRule(ATTRIBUTE_BASES, "bought");
  rules["m2m.race"] = choiceRule(RACE_IDS, "human");
  rules["m2m.leftHanded"] = { kind: "boolean", initial: false };
  rules["m2m.hp"] = M2M_BOUNDS.hp;
  rules["m2m.fatigue"] = M2M_BOUNDS.fatigue;
  for (const id of ADVANTAGE_IDS)
    rules[`m2m.advantages.${id}`] = intRule(0, ADVANTAGES[id].costs.length, 0);
  rules["m2m.skills.*.id"] = choiceRule(SKILL_IDS, "shield");
  rules["m2m.skills.*.points"] = M2M_BOUNDS.skillPoints;
  rules["m2m.encounter.shock"] = M2M_BOUNDS.shock;
  rules["m2m.encounter.stunned"] = { kind: "boolean", initial: false };
  rules["m2m.encounter.crippled"] = {
    kind: "list",
    element: choiceRule(CRIPPLABLE_LOCATIONS, "left-arm"),
    max: CRIPPLABLE_LOCATIONS.length,
  };
  rules["m2m.encounter.footBraced"] = { kind: "boolean", initial: false };
  rules["m2m.encounter.unconscious"] = { kind: "boolean", initial: false };
  rules["m2m.encounter.deathChecks"] = M2M_BOUNDS.deathChecks;
  rules["m2m.encounter.dead"] = { kind: "boolean", initial: false };
  rules["m2m.encounter.offBalance"] = { kind: "boolean", initial: false };
  rules["m2m.encounter.position"] = choiceRule(POSITION_IDS, "standing");
  rules["m2m.encounter.readiness.*.item"] = { kind: "text", blank: false, initial: "item" };
  rules["m2m.encounter.readiness.*.place"] = choiceRule(WEAPON_PLACES, "hand");
  rules["m2m.encounter.readiness.*.turnsToReady"] = M2M_BOUNDS.turnsToReady;
  rules["m2m.encounter.readiness.*.reach"] = choiceRule(GRIP_REACHES, "none");
  rules["m2m.encounter.readiness.*.stuck"] = choiceRule(STUCK_STATES, "no");
  rules["m2m.fight"] = { kind: "json" };
  if (kind === "creature") rules["m2m.bodyPlan"] = choiceRule(M2M_PLAN_IDS, M2M_PLAN.id);
  return Object.freeze(rules);
}

/**
 * Label key of each field (Foundry's `<prefix>.FIELDS.<path>.label` with the prefix
 * `BLOWBYBLOW.M2M.Actor`; array entries read `element`).
 */
export const M2M_ACTOR_LABELS: Readonly<Record<string, string>> = Object.freeze({
  // Every field's key as `npm run template` generates it (a creature's: a character's and its plan).
  ...M2M_LABELS["Actor.creature"],
  /** Not a field: what the items gave the derivation (load, armour, shield, weapons). */
  items: "BLOWBYBLOW.M2M.Actor.items",
});

/** Message keys of the checks the generic rules cannot express. */
export const M2M_VALIDATION_KEYS = Object.freeze({
  halfPoints: "BLOWBYBLOW.M2M.Validation.halfPoints",
  duplicate: "BLOWBYBLOW.M2M.Validation.duplicate",
  unknownField: "BLOWBYBLOW.M2M.Validation.actorUnknownField",
  notObject: "BLOWBYBLOW.M2M.Validation.actorNotObject",
});

/**
 * The label key of a `system` path (array indices read `element`; an entry without a label of
 * its own takes its list's), or the path itself.
 */
export function m2mLabelFor(path: string): string {
  let key = path
    .split(".")
    .map((p) => (/^\d+$/.test(p) || p === "*" ? "element" : p))
    .join(".");
  while (!M2M_ACTOR_LABELS[key] && key.endsWith(".element")) key = key.slice(0, -".element".length);
  return M2M_ACTOR_LABELS[key] ?? path;
}

// ── Defaults and Foundry fields ──────────────────────────────────────────────────────────────

/** A new character's block: every field at its initial value (attributes 10, HP 10). */
export function defaultM2mBlock(kind: "creature"): M2mCreatureBlock;
export function defaultM2mBlock(kind?: "character"): M2mCharacterBlock;
export function defaultM2mBlock(
  kind: M2mActorKind = "character",
): M2mCharacterBlock | M2mCreatureBlock {
  const block: M2mCharacterBlock = {
    attributes: { st: 10, dx: 10, iq: 10, ht: 10 },
    attributeBasis: "bought",
    race: "human",
    leftHanded: false,
    hp: M2M_BOUNDS.hp.initial!,
    fatigue: 0,
    advantages: {
      ambidextrousness: 0,
      "combat-reflexes": 0,
      "peripheral-vision": 0,
      toughness: 0,
    },
    skills: [],
    encounter: {
      shock: 0,
      stunned: false,
      crippled: [],
      footBraced: false,
      unconscious: false,
      deathChecks: 0,
      dead: false,
      offBalance: false,
      position: "standing",
      readiness: [],
    },
    fight: null,
  };
  if (kind === "character") return block;
  const creature: M2mCreatureBlock = { ...block, bodyPlan: M2M_PLAN.id };
  return creature;
}

/** Skill points: 0-1000 in steps of ½ (L654-664). */
function skillPointsField() {
  const r = M2M_BOUNDS.skillPoints;
  return new foundry.data.fields.NumberField({
    required: true,
    nullable: false,
    min: r.min,
    max: r.max,
    initial: r.initial ?? 0,
    validate: (value: unknown) => typeof value === "number" && Number.isInteger(value * 2),
    validationError: "is not a whole or half number of points",
  });
}

/**
 * The `m2m` block's fields for a character's data model (`new SchemaField(m2mCharacterFields())`).
 * Called from `defineSchema`, never at import time.
 */
export function m2mCharacterFields() {
  const f = foundry.data.fields;
  const attributes = {} as Record<Attribute, ReturnType<typeof int>>;
  for (const a of ATTRIBUTES) attributes[a] = int(M2M_BOUNDS.attribute);
  const advantages = {} as Record<AdvantageId, ReturnType<typeof int>>;
  for (const id of ADVANTAGE_IDS) advantages[id] = int(intRule(0, ADVANTAGES[id].costs.length, 0));
  return {
    attributes: new f.SchemaField(attributes),
    attributeBasis: choice(ATTRIBUTE_BASES, "bought"),
    race: choice(RACE_IDS, "human"),
    leftHanded: bool(false),
    hp: int(M2M_BOUNDS.hp),
    fatigue: int(M2M_BOUNDS.fatigue),
    advantages: new f.SchemaField(advantages),
    skills: new f.ArrayField(
      new f.SchemaField({ id: choice(SKILL_IDS, "shield"), points: skillPointsField() }),
    ),
    encounter: new f.SchemaField({
      shock: int(M2M_BOUNDS.shock),
      stunned: bool(false),
      crippled: new f.ArrayField(choice(CRIPPLABLE_LOCATIONS, "left-arm"), {
        max: CRIPPLABLE_LOCATIONS.length,
      }),
      footBraced: bool(false),
      unconscious: bool(false),
      deathChecks: int(M2M_BOUNDS.deathChecks),
      dead: bool(false),
      offBalance: bool(false),
      position: choice(POSITION_IDS, "standing"),
      readiness: new f.ArrayField(
        new f.SchemaField({
          item: text("item", false),
          place: choice(WEAPON_PLACES, "hand"),
          turnsToReady: int(M2M_BOUNDS.turnsToReady),
          reach: choice(GRIP_REACHES, "none"),
          stuck: choice(STUCK_STATES, "no"),
        }),
      ),
    }),
    fight: json(null),
  };
}

/** A creature's `m2m` fields: the character's and its hit-location plan (default: human). */
export function m2mCreatureFields() {
  return { ...m2mCharacterFields(), bodyPlan: choice(M2M_PLAN_IDS, M2M_PLAN.id) };
}

/** The hit-location plan of an actor's block: a creature's own, else the human plan (§8). */
export function m2mBodyPlan(block: M2mCharacterBlock | M2mCreatureBlock): BodyPlan {
  const id = "bodyPlan" in block ? block.bodyPlan : M2M_PLAN.id;
  return M2M_BODY_PLANS[id] ?? M2M_PLAN;
}

// ── Whole-block check ────────────────────────────────────────────────────────────────────────

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The stored type a rule asks for: a form's text (`"12"`) is not stored data. */
function typeProblem(rule: Rule, value: unknown): string | null {
  if (rule.kind === "number" && typeof value !== "number" && !(rule.nullable && value === null))
    return VALIDATION_KEYS.notNumber;
  if (rule.kind === "boolean" && typeof value !== "boolean") return VALIDATION_KEYS.notBoolean;
  if (rule.kind === "list" && !Array.isArray(value)) return VALIDATION_KEYS.notList;
  return null;
}

/**
 * Checks a whole stored `m2m` block (an import, a pasted actor, a macro's data): every field
 * present with a value its rule allows, skill points in halves, no skill, crippled location or
 * readiness entry twice, no field the block does not have. One problem per bad field, naming
 * the `system` path and the value; an empty list when the block is good.
 */
export function validateM2mBlock(block: unknown, kind: M2mActorKind = "character"): Problem[] {
  const rules = m2mActorRules(kind);
  const problems: Problem[] = [];
  const refuse = (path: string, value: unknown, key: string, data: Problem["data"] = {}) =>
    problems.push({ field: `system.${path}`, value, key, label: m2mLabelFor(path), data });

  /** Walks `value` at `path` (rule pattern `pattern`), checking leaves and unknown keys. */
  const walk = (path: string, pattern: string, value: unknown): void => {
    const rule = rules[pattern];
    if (rule) {
      const typeKey = typeProblem(rule, value);
      if (typeKey) return void refuse(path, value, typeKey);
      const c = checkRule(rule, value);
      if (!c.ok) refuse(path, value, c.key, c.data);
      return;
    }
    const below = Object.keys(rules).filter((p) => p.startsWith(`${pattern}.`));
    if (below.length === 0) return void refuse(path, value, M2M_VALIDATION_KEYS.unknownField);
    const children = new Set(below.map((p) => p.slice(pattern.length + 1).split(".")[0]!));
    if (children.has("*")) {
      if (!Array.isArray(value)) return void refuse(path, value, VALIDATION_KEYS.notList);
      value.forEach((v, i) => walk(`${path}.${i}`, `${pattern}.*`, v));
      return;
    }
    if (!isObj(value)) return void refuse(path, value, M2M_VALIDATION_KEYS.notObject);
    for (const child of children) walk(`${path}.${child}`, `${pattern}.${child}`, value[child]);
    for (const k of Object.keys(value))
      if (!children.has(k)) refuse(`${path}.${k}`, value[k], M2M_VALIDATION_KEYS.unknownField);
  };
  walk("m2m", "m2m", block);
  if (problems.length > 0 || !isObj(block)) return problems;

  const b = block as unknown as M2mCharacterBlock;
  b.skills.forEach((s, i) => {
    if (!Number.isInteger(s.points * 2))
      refuse(`m2m.skills.${i}.points`, s.points, M2M_VALIDATION_KEYS.halfPoints);
  });
  /** `at(i)`: the path of entry i's id. */
  const duplicates = (ids: readonly string[], at: (i: number) => string) =>
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) refuse(at(i), id, M2M_VALIDATION_KEYS.duplicate);
    });
  duplicates(
    b.skills.map((s) => s.id),
    (i) => `m2m.skills.${i}.id`,
  );
  duplicates(b.encounter.crippled, (i) => `m2m.encounter.crippled.${i}`);
  duplicates(
    b.encounter.readiness.map((r) => r.item),
    (i) => `m2m.encounter.readiness.${i}.item`,
  );
  return problems;
}

/** A problem of the block beyond its field rules: a path inside the block, as `BlockProblem`. */
export interface M2mBlockRuleProblem {
  field: string;
  value: unknown;
  key: string;
  params: Record<string, string | number>;
}

/**
 * The rules of an actor's block that span entries (for an import or a pack source whose fields
 * passed their rules): skill points in halves (L654-664), no skill, crippled location or
 * readiness entry listed twice. Paths inside the block (`skills.1.id`). Reads defensively: a
 * missing list (an import that leaves it to its default) has no entries.
 */
export function m2mActorBlockProblems(block: Record<string, unknown>): M2mBlockRuleProblem[] {
  const problems: M2mBlockRuleProblem[] = [];
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const field = (o: unknown, k: string): unknown => (isObj(o) ? o[k] : undefined);
  const skills = list(block.skills);
  skills.forEach((s, i) => {
    const points = field(s, "points");
    if (typeof points === "number" && !Number.isInteger(points * 2))
      problems.push({
        field: `skills.${i}.points`,
        value: points,
        key: M2M_VALIDATION_KEYS.halfPoints,
        params: {},
      });
  });
  const duplicates = (values: readonly unknown[], at: (i: number) => string) =>
    values.forEach((v, i) => {
      if (v !== undefined && values.indexOf(v) !== i)
        problems.push({ field: at(i), value: v, key: M2M_VALIDATION_KEYS.duplicate, params: {} });
    });
  duplicates(
    skills.map((s) => field(s, "id")),
    (i) => `skills.${i}.id`,
  );
  const encounter = block.encounter;
  duplicates(list(field(encounter, "crippled")), (i) => `encounter.crippled.${i}`);
  duplicates(
    list(field(encounter, "readiness")).map((r) => field(r, "item")),
    (i) => `encounter.readiness.${i}.item`,
  );
  return problems;
}
