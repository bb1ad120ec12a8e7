/**
 * The GURPS Man to Man (`m2m`) block of items: `system.m2m` on the existing item types, its
 * stored fields as plain data (`M2M_ITEM_RULES`, the same rule kinds as data/rules.ts) and the
 * Foundry schema built from the same bounds (`m2mItemSchema`). Pure apart from the schema
 * builder, which is called from `defineSchema` only (it reads `foundry.data.fields`).
 * Validation is in ./item-validate.ts, conversion to the engine's types in ./item-convert.ts,
 * and the block of each row of the engine's tables in ./item-tables.ts.
 *
 * Shape (seed 004; spec §3; "Lnnn" is a seed line):
 *
 * - `weapon` (a hand weapon, L4283–4371, or a shield, L4583–4590):
 *   `{ ref, quality, qualityClass, breakResistant, cost, weight, modes[], shield }`.
 *   `modes` holds every attack of the physical item, across its techniques (the bastard sword
 *   1- and 2-handed, the quarterstaff with Staff or Two-Handed Sword): each mode names its
 *   skill, damage (`base` sw/thr + `mod`, `type` cr/cut/imp, `md` maximum damage or null),
 *   `reach` ("C", "1", "2", "3"), `minST` (null: none), `hands`, `readyAfter`, and the flags of
 *   the table (`grip` *, `unreadyOnParry` †, `fencing`, `flail`, `polearm`, `throwable`,
 *   `mayStick`). The table gives no numeric parry modifier for hand weapons: what bears on
 *   Parry is `unreadyOnParry`, `fencing` (fencing parry), `flail` (parries against it −4,
 *   blocks −2) and `polearm` (never unready after a parry). `technique` and `attack` are the
 *   engine's ids of the table row and attack ("" on a home-made weapon). A shield has
 *   `shield: { size, pd, dr, hits, spiked }` (pd null: improvised, 1 or 2 as the GM rules;
 *   dr: the shield's own DR for shield damage, L3166; hits null: varies) and no modes.
 * - `missile` (a ranged weapon, L4373–4408): `{ ref, skill, kind, damage, pb, increment, half,
 *   max, usesBowST, bowST, hands, reloadTurns, minST, cost, costPerShot, weight }`. Ranges are
 *   the table's formulas `perST × ST + add` yards (P-B is a fixed number of yards); `damage`
 *   is null for the oil flask (fire). Man to Man's table has no SS, Acc, RoF or Shots columns:
 *   its columns are P-B, Inc., ½ Dam. and Max, with reload turns in the group headers.
 * - `armour` (a Basic suit, L4598–4616, or an Advanced piece, L4794–4880): `{ ref, kind,
 *   locations[], chainmail, stacks, frontOnly, underlay, weaponSkillMod, perceptionMod,
 *   punchBonus, kickBonus, cost, costByClass, weight }`; each covered location (head, body,
 *   arms, legs, hands, feet) with its PD and DR, and both against impaling. A suit covers all
 *   six (L2625).
 *
 * `quality` is fine/good/cheap (L992–1008; cheap only for swords, L1002). `cost` is dollars
 * (null: not for sale, or by social class in `costByClass`); `weight` pounds (null: varies).
 */
import {
  ARMOUR_LOCATIONS,
  MELEE_SKILL_IDS,
  RANGED_SKILL_IDS,
  SOCIAL_CLASSES,
  WEAPON_QUALITIES,
  type ArmourLocation,
  type DamageBase,
  type MeleeSkillId,
  type QualityClass,
  type RangedSkillId,
  type SocialClass,
  type WeaponQuality,
} from "../../../rules/m2m/equipment";
import { SHIELD_SIZES, type ShieldSize } from "../../../rules/m2m/character";
import { DAMAGE_TYPES, type DamageExpr, type DamageType } from "../../../rules/m2m/types";
import { bool, choice, int, nullableInt, text } from "../../data/fields";
import type { ChoiceRule, NumberRule, Rule } from "../../data/rules";

// ── Types ────────────────────────────────────────────────────────────────────────────────────

/** Reach as stored: "C" (close, own hex) or yards. */
export const REACHES = ["C", "1", "2", "3"] as const;
export type StoredReach = (typeof REACHES)[number];
export const DAMAGE_BASES = ["sw", "thr"] as const satisfies readonly DamageBase[];
export const QUALITY_CLASSES = [
  "sword",
  "cutting-impaling",
  "crushing",
] as const satisfies readonly QualityClass[];
export const RANGED_KINDS = ["missile", "thrown"] as const;
export const ARMOUR_KINDS = ["suit", "piece"] as const;

export interface M2mMeleeMode {
  /** Engine id of the table row (`bastard-sword-1h`); "" on a home-made weapon. */
  technique: string;
  /** Engine id of the attack within the row (`swing-cut`, `thrust-imp-2h`); "" likewise. */
  attack: string;
  skill: MeleeSkillId;
  base: DamageBase;
  type: DamageType;
  /** Added to the adds of the ST-based damage (L972–978). */
  mod: number;
  /** Maximum damage (L976), or null. */
  md: DamageExpr | null;
  reach: StoredReach[];
  /** Minimum ST, or null ("none"). */
  minST: number | null;
  hands: 1 | 2;
  /** Ready turns after an attack of this kind (L2107–2111). */
  readyAfter: number;
  grip: boolean;
  unreadyOnParry: boolean;
  fencing: boolean;
  flail: boolean;
  polearm: boolean;
  throwable: boolean;
  mayStick: boolean;
}

export interface M2mShieldStats {
  size: ShieldSize;
  /** Null: improvised, "1 or 2" as the GM rules (L1078). */
  pd: number | null;
  /** The shield's own DR for the shield-damage rule (L3166); null: varies. */
  dr: number | null;
  /** Hits in one blow that penetrate / total (L3179–3181); null: varies. */
  hits: { penetrate: number; total: number } | null;
  /** +1 bash damage, +5 lb, +$20 (L3201). */
  spiked: boolean;
}

export interface M2mWeaponBlock {
  /** Engine id of the physical item (`bastard-sword`) or shield (`large`); "" when home-made. */
  ref: string;
  quality: WeaponQuality;
  qualityClass: QualityClass;
  breakResistant: boolean;
  cost: number | null;
  weight: number | null;
  modes: M2mMeleeMode[];
  shield: M2mShieldStats | null;
}

export interface M2mRangeFormula {
  perST: number;
  add: number;
}

export interface M2mMissileBlock {
  ref: string;
  skill: RangedSkillId;
  kind: (typeof RANGED_KINDS)[number];
  /** Null for the oil flask (fire, L3044–3062). */
  damage: { base: DamageBase; type: DamageType; mod: number; md: DamageExpr | null } | null;
  /** Point-blank range, yards. */
  pb: number;
  increment: M2mRangeFormula;
  half: M2mRangeFormula | null;
  max: M2mRangeFormula;
  /** Range and damage follow the bow's ST (crossbow, prodd; L2853). */
  usesBowST: boolean;
  /** The bow's ST when `usesBowST`; null: the user's. */
  bowST: number | null;
  hands: { fire: 1 | 2; load: 1 | 2 } | null;
  reloadTurns: number | null;
  minST: number | null;
  cost: number;
  costPerShot: number | null;
  weight: number;
}

export interface M2mArmourLocation {
  location: ArmourLocation;
  pd: number;
  dr: number;
  pdVsImpaling: number;
  drVsImpaling: number;
}

export interface M2mArmourBlock {
  ref: string;
  kind: (typeof ARMOUR_KINDS)[number];
  locations: M2mArmourLocation[];
  /** The chainmail footnote applies (L4878–4880). */
  chainmail: boolean;
  /** Adds its DR to what is worn under it (overcoat, L4828). */
  stacks: boolean;
  /** Protects from the front only (breastplate, L4838). */
  frontOnly: boolean;
  /** Cloth or light leather may be worn under it for +1 DR (plate suits, L1170). */
  underlay: boolean;
  /** Weapon skill rolls (full helm: −1, L1140, L4808). */
  weaponSkillMod: number;
  /** IQ rolls to see and hear (greathelm −5, L4808). */
  perceptionMod: number;
  punchBonus: number;
  kickBonus: number;
  cost: number | null;
  costByClass: Record<SocialClass, number> | null;
  weight: number;
}

/** The Foundry item types that carry an m2m block, and the block each carries. */
export interface M2mItemBlocks {
  weapon: M2mWeaponBlock;
  missile: M2mMissileBlock;
  armour: M2mArmourBlock;
}
export type M2mItemType = keyof M2mItemBlocks;
export const M2M_ITEM_TYPES: readonly M2mItemType[] = Object.freeze([
  "weapon",
  "missile",
  "armour",
]);

// ── Bounds ───────────────────────────────────────────────────────────────────────────────────

const intRule = (min: number, max: number, initial: number): NumberRule => ({
  kind: "number",
  integer: true,
  min,
  max,
  nullable: false,
  initial,
});
const nullableIntRule = (min: number, max: number): NumberRule => ({
  kind: "number",
  integer: true,
  min,
  max,
  nullable: true,
  initial: null,
});
const realRule = (min: number, max: number | undefined, nullable: boolean): NumberRule => ({
  kind: "number",
  integer: false,
  min,
  ...(max === undefined ? {} : { max }),
  nullable,
  initial: nullable ? null : 0,
});
const choiceRule = (choices: readonly string[], initial: string): ChoiceRule => ({
  kind: "choice",
  choices,
  initial,
});

/** Bounds of the m2m item fields (wide enough for home-made items, narrow enough to catch typos). */
export const M2M_BOUNDS = Object.freeze({
  mod: intRule(-10, 20, 0),
  mdDice: intRule(0, 20, 1),
  mdAdds: intRule(-10, 20, 0),
  minST: nullableIntRule(1, 50),
  hands: intRule(1, 2, 1),
  readyAfter: intRule(0, 5, 0),
  pd: intRule(0, 10, 0),
  dr: intRule(0, 50, 0),
  shieldPd: nullableIntRule(0, 10),
  shieldDr: nullableIntRule(0, 50),
  hits: intRule(1, 1000, 1),
  pb: intRule(0, 100, 0),
  perST: realRule(0, 100, false),
  add: realRule(-100, 100, false),
  bowST: nullableIntRule(1, 100),
  reloadTurns: nullableIntRule(0, 100),
  cost: realRule(0, undefined, true),
  costRequired: realRule(0, undefined, false),
  classCost: realRule(0, undefined, false),
  weight: realRule(0, undefined, true),
  weightRequired: realRule(0, undefined, false),
  skillMod: intRule(-10, 10, 0),
  perceptionMod: intRule(-10, 10, 0),
  bonus: intRule(0, 10, 0),
});

const B = M2M_BOUNDS;
const bool0: Rule = { kind: "boolean", initial: false };
const ref: Rule = { kind: "text", blank: true, initial: "" };

const FLAGS = [
  "grip",
  "unreadyOnParry",
  "fencing",
  "flail",
  "polearm",
  "throwable",
  "mayStick",
] as const;

/**
 * Every stored leaf of the m2m block of each item type, by dotted path under `system` (`*`: an
 * array index). Nullable containers (`m2m.shield`, a mode's `md`, `m2m.damage`…) are listed by
 * their leaves and named in `M2M_NULLABLE`.
 */
export const M2M_ITEM_RULES = Object.freeze({
  weapon: {
    "m2m.ref": ref,
    "m2m.quality": choiceRule(WEAPON_QUALITIES, "good"),
    "m2m.qualityClass": choiceRule(QUALITY_CLASSES, "sword"),
    "m2m.breakResistant": bool0,
    "m2m.cost": B.cost,
    "m2m.weight": B.weight,
    "m2m.modes.*.technique": ref,
    "m2m.modes.*.attack": ref,
    "m2m.modes.*.skill": choiceRule(MELEE_SKILL_IDS, "broadsword"),
    "m2m.modes.*.base": choiceRule(DAMAGE_BASES, "sw"),
    "m2m.modes.*.type": choiceRule(DAMAGE_TYPES, "cut"),
    "m2m.modes.*.mod": B.mod,
    "m2m.modes.*.md.dice": B.mdDice,
    "m2m.modes.*.md.adds": B.mdAdds,
    "m2m.modes.*.reach": { kind: "list", element: choiceRule(REACHES, "1"), max: REACHES.length },
    "m2m.modes.*.minST": B.minST,
    "m2m.modes.*.hands": B.hands,
    "m2m.modes.*.readyAfter": B.readyAfter,
    ...Object.fromEntries(FLAGS.map((f) => [`m2m.modes.*.${f}`, bool0])),
    "m2m.shield.size": choiceRule(SHIELD_SIZES, "medium"),
    "m2m.shield.pd": B.shieldPd,
    "m2m.shield.dr": B.shieldDr,
    "m2m.shield.hits.penetrate": B.hits,
    "m2m.shield.hits.total": B.hits,
    "m2m.shield.spiked": bool0,
  },
  missile: {
    "m2m.ref": ref,
    "m2m.skill": choiceRule(RANGED_SKILL_IDS, "bow"),
    "m2m.kind": choiceRule(RANGED_KINDS, "missile"),
    "m2m.damage.base": choiceRule(DAMAGE_BASES, "thr"),
    "m2m.damage.type": choiceRule(DAMAGE_TYPES, "imp"),
    "m2m.damage.mod": B.mod,
    "m2m.damage.md.dice": B.mdDice,
    "m2m.damage.md.adds": B.mdAdds,
    "m2m.pb": B.pb,
    "m2m.increment.perST": B.perST,
    "m2m.increment.add": B.add,
    "m2m.half.perST": B.perST,
    "m2m.half.add": B.add,
    "m2m.max.perST": B.perST,
    "m2m.max.add": B.add,
    "m2m.usesBowST": bool0,
    "m2m.bowST": B.bowST,
    "m2m.hands.fire": B.hands,
    "m2m.hands.load": B.hands,
    "m2m.reloadTurns": B.reloadTurns,
    "m2m.minST": B.minST,
    "m2m.cost": B.costRequired,
    "m2m.costPerShot": B.cost,
    "m2m.weight": B.weightRequired,
  },
  armour: {
    "m2m.ref": ref,
    "m2m.kind": choiceRule(ARMOUR_KINDS, "piece"),
    "m2m.locations.*.location": choiceRule(ARMOUR_LOCATIONS, "body"),
    "m2m.locations.*.pd": B.pd,
    "m2m.locations.*.dr": B.dr,
    "m2m.locations.*.pdVsImpaling": B.pd,
    "m2m.locations.*.drVsImpaling": B.dr,
    "m2m.chainmail": bool0,
    "m2m.stacks": bool0,
    "m2m.frontOnly": bool0,
    "m2m.underlay": bool0,
    "m2m.weaponSkillMod": B.skillMod,
    "m2m.perceptionMod": B.perceptionMod,
    "m2m.punchBonus": B.bonus,
    "m2m.kickBonus": B.bonus,
    "m2m.cost": B.cost,
    ...Object.fromEntries(SOCIAL_CLASSES.map((c) => [`m2m.costByClass.${c}`, B.classCost])),
    "m2m.weight": B.weightRequired,
  },
} as const satisfies Record<M2mItemType, Record<string, Rule>>);

/** Containers that may be null (the whole object, not its leaves), by item type. */
export const M2M_NULLABLE: Readonly<Record<M2mItemType, readonly string[]>> = Object.freeze({
  weapon: ["m2m.modes.*.md", "m2m.shield", "m2m.shield.hits"],
  missile: ["m2m.damage", "m2m.damage.md", "m2m.half", "m2m.hands"],
  armour: ["m2m.costByClass"],
});

/** Arrays of objects in each block (walked element by element). */
export const M2M_ARRAYS: Readonly<Record<M2mItemType, readonly string[]>> = Object.freeze({
  weapon: ["m2m.modes"],
  missile: [],
  armour: ["m2m.locations"],
});

// ── Foundry schema ───────────────────────────────────────────────────────────────────────────

const fields = () => foundry.data.fields;

/** A real number with the rule's bounds (cost, weight, range factors). */
function real(rule: NumberRule) {
  return new (fields().NumberField)({
    required: true,
    nullable: rule.nullable,
    integer: false,
    ...(rule.min === undefined ? {} : { min: rule.min }),
    ...(rule.max === undefined ? {} : { max: rule.max }),
    initial: rule.initial,
  });
}

function nullableSchema<T extends foundry.data.fields.DataSchema>(schema: T) {
  return new (fields().SchemaField)(schema, { required: true, nullable: true, initial: null });
}

function damageExpr() {
  return nullableSchema({ dice: int(B.mdDice), adds: int(B.mdAdds) });
}

function rangeFormula() {
  return { perST: real(B.perST), add: real(B.add) };
}

function weaponFields() {
  const f = fields();
  const mode = new f.SchemaField({
    technique: text("", true),
    attack: text("", true),
    skill: choice(MELEE_SKILL_IDS, "broadsword"),
    base: choice(DAMAGE_BASES, "sw"),
    type: choice(DAMAGE_TYPES, "cut"),
    mod: int(B.mod),
    md: damageExpr(),
    reach: new f.ArrayField(choice(REACHES, "1"), { max: REACHES.length }),
    minST: nullableInt(B.minST),
    hands: int(B.hands),
    readyAfter: int(B.readyAfter),
    grip: bool(false),
    unreadyOnParry: bool(false),
    fencing: bool(false),
    flail: bool(false),
    polearm: bool(false),
    throwable: bool(false),
    mayStick: bool(false),
  });
  return {
    ref: text("", true),
    quality: choice(WEAPON_QUALITIES, "good"),
    qualityClass: choice(QUALITY_CLASSES, "sword"),
    breakResistant: bool(false),
    cost: real(B.cost),
    weight: real(B.weight),
    modes: new f.ArrayField(mode),
    shield: nullableSchema({
      size: choice(SHIELD_SIZES, "medium"),
      pd: nullableInt(B.shieldPd),
      dr: nullableInt(B.shieldDr),
      hits: nullableSchema({ penetrate: int(B.hits), total: int(B.hits) }),
      spiked: bool(false),
    }),
  };
}

function missileFields() {
  return {
    ref: text("", true),
    skill: choice(RANGED_SKILL_IDS, "bow"),
    kind: choice(RANGED_KINDS, "missile"),
    damage: nullableSchema({
      base: choice(DAMAGE_BASES, "thr"),
      type: choice(DAMAGE_TYPES, "imp"),
      mod: int(B.mod),
      md: damageExpr(),
    }),
    pb: int(B.pb),
    increment: new (fields().SchemaField)(rangeFormula()),
    half: nullableSchema(rangeFormula()),
    max: new (fields().SchemaField)(rangeFormula()),
    usesBowST: bool(false),
    bowST: nullableInt(B.bowST),
    hands: nullableSchema({ fire: int(B.hands), load: int(B.hands) }),
    reloadTurns: nullableInt(B.reloadTurns),
    minST: nullableInt(B.minST),
    cost: real(B.costRequired),
    costPerShot: real(B.cost),
    weight: real(B.weightRequired),
  };
}

function armourFields() {
  const f = fields();
  const byClass = {} as Record<SocialClass, ReturnType<typeof real>>;
  for (const c of SOCIAL_CLASSES) byClass[c] = real(B.classCost);
  return {
    ref: text("", true),
    kind: choice(ARMOUR_KINDS, "piece"),
    locations: new f.ArrayField(
      new f.SchemaField({
        location: choice(ARMOUR_LOCATIONS, "body"),
        pd: int(B.pd),
        dr: int(B.dr),
        pdVsImpaling: int(B.pd),
        drVsImpaling: int(B.dr),
      }),
    ),
    chainmail: bool(false),
    stacks: bool(false),
    frontOnly: bool(false),
    underlay: bool(false),
    weaponSkillMod: int(B.skillMod),
    perceptionMod: int(B.perceptionMod),
    punchBonus: int(B.bonus),
    kickBonus: int(B.bonus),
    cost: real(B.cost),
    costByClass: nullableSchema(byClass),
    weight: real(B.weightRequired),
  };
}

export type M2mWeaponSchema = ReturnType<typeof weaponFields>;
export type M2mMissileSchema = ReturnType<typeof missileFields>;
export type M2mArmourSchema = ReturnType<typeof armourFields>;

/**
 * The `m2m` SchemaField of an item type, for `defineSchema` (`{ ...physical(), hm3: …, m2m:
 * m2mItemSchema("weapon") }`). Reads `foundry.data.fields`: call it from `defineSchema` only.
 */
export function m2mItemSchema(type: "weapon"): foundry.data.fields.SchemaField<M2mWeaponSchema>;
export function m2mItemSchema(type: "missile"): foundry.data.fields.SchemaField<M2mMissileSchema>;
export function m2mItemSchema(type: "armour"): foundry.data.fields.SchemaField<M2mArmourSchema>;
export function m2mItemSchema(type: M2mItemType) {
  const f = fields();
  if (type === "weapon") return new f.SchemaField(weaponFields());
  if (type === "missile") return new f.SchemaField(missileFields());
  return new f.SchemaField(armourFields());
}

/**
 * A new item's `m2m` block: every field at its schema default (as `template.json` records it;
 * test/foundry/rulesets checks the two agree). Pure: for fixtures and code outside Foundry.
 */
export function defaultM2mItemBlock<T extends M2mItemType>(type: T): M2mItemBlocks[T] {
  const blocks: M2mItemBlocks = {
    weapon: {
      ref: "",
      quality: "good",
      qualityClass: "sword",
      breakResistant: false,
      cost: null,
      weight: null,
      modes: [],
      shield: null,
    },
    missile: {
      ref: "",
      skill: "bow",
      kind: "missile",
      damage: null,
      pb: 0,
      increment: { perST: 0, add: 0 },
      half: null,
      max: { perST: 0, add: 0 },
      usesBowST: false,
      bowST: null,
      hands: null,
      reloadTurns: null,
      minST: null,
      cost: 0,
      costPerShot: null,
      weight: 0,
    },
    armour: {
      ref: "",
      kind: "piece",
      locations: [],
      chainmail: false,
      stacks: false,
      frontOnly: false,
      underlay: false,
      weaponSkillMod: 0,
      perceptionMod: 0,
      punchBonus: 0,
      kickBonus: 0,
      cost: null,
      costByClass: null,
      weight: 0,
    },
  };
  return blocks[type];
}
