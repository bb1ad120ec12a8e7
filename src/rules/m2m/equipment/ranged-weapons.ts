/**
 * The Ancient/Medieval Ranged Weapon Table (seed 004 L4373–4408; spec §3.2), ranges for a given
 * ST (§12.3) and crossbow cocking (L1626–1638, L2853–2855). The pull-out table's range formulas
 * win over the rules text's (L2917–2924; spec §17 C5): John Falcon's ST 9 crossbow is
 * "5 14 180 225" (L1041, L4940), i.e. ST+5, ST×20, ST×25.
 */
import { InputError, readNumber } from "../../../core/errors";
import type { DamageExpr, DamageType } from "../types";
import { copy, deepFreeze } from "../../../core/data";
import { dmg, findById } from "./common";
import type { DamageBase, RangedSkillId } from "./hand-weapons";

/** A range in yards: `perST × ST + add` (`ST/2` = {0.5, 0}, `ST-2` = {1, −2}, `1` = {0, 1}). */
export interface RangeFormula {
  readonly perST: number;
  readonly add: number;
}

export interface RangedDamage {
  readonly type: DamageType;
  readonly base: DamageBase;
  /** Added to the adds of the ST-based damage (§7.2). */
  readonly mod: number;
  /** Maximum damage (L976), or null. */
  readonly md: DamageExpr | null;
}

export interface RangedWeapon {
  /** Stable id; a thrown weapon has the id of its hand-weapon entry (`large-knife`, `spear`…). */
  readonly id: string;
  readonly name: string;
  readonly skill: RangedSkillId;
  /** `missile` (bow, crossbow, sling: +1 damage at point blank, L2907) or `thrown`. */
  readonly kind: "missile" | "thrown";
  /** Null for the oil flask: fire, see L3044–3062 (spec §12.7). */
  readonly damage: RangedDamage | null;
  /** Point-blank range, yards (a fixed number). */
  readonly pb: number;
  readonly inc: RangeFormula;
  /** Half-damage range; null when the table gives none (oil flask). */
  readonly half: RangeFormula | null;
  readonly max: RangeFormula;
  /** Range and damage follow the bow's ST, not the user's (crossbow, prodd; L2853). */
  readonly usesBowST: boolean;
  /** Dollars for the weapon. */
  readonly cost: number;
  /** Dollars per missile ("X/Y", L4406), or null. */
  readonly costPerShot: number | null;
  readonly weight: number;
  readonly minST: number | null;
  /** Hands to fire (and to load), from the group header; null if the table says nothing. */
  readonly hands: { readonly fire: 1 | 2; readonly load: 1 | 2 } | null;
  /** Ready turns to reload (L4379–4389); crossbows: 4 with a bow of the user's ST or less. */
  readonly reloadTurns: number | null;
  readonly note: string | null;
  readonly line: number;
}

/** Quiver and goat's foot (L4384, L4388). */
export interface RangedAccessory {
  readonly id: string;
  readonly name: string;
  readonly cost: number;
  readonly weight: number;
  readonly minST: number | null;
  readonly note: string;
  readonly line: number;
}

const f = (perST: number, add = 0): RangeFormula => ({ perST, add });
const fixed = (yards: number): RangeFormula => ({ perST: 0, add: yards });

type Opt = Partial<
  Pick<RangedWeapon, "costPerShot" | "hands" | "reloadTurns" | "note" | "usesBowST">
> & { md?: DamageExpr };

function ranged(
  id: string,
  name: string,
  skill: RangedSkillId,
  dmgSpec: [DamageType, DamageBase, number] | null,
  ranges: [number, RangeFormula, RangeFormula | null, RangeFormula],
  cost: number,
  weight: number,
  minST: number | null,
  line: number,
  opt: Opt = {},
): RangedWeapon {
  const missile = skill === "bow" || skill === "crossbow" || skill === "sling";
  const [pb, inc, half, max] = ranges;
  return {
    id,
    name,
    skill,
    kind: missile ? "missile" : "thrown",
    damage: dmgSpec && { type: dmgSpec[0], base: dmgSpec[1], mod: dmgSpec[2], md: opt.md ?? null },
    pb,
    inc,
    half,
    max,
    usesBowST: opt.usesBowST ?? false,
    cost,
    costPerShot: opt.costPerShot ?? null,
    weight,
    minST,
    hands: opt.hands ?? null,
    reloadTurns: opt.reloadTurns ?? null,
    note: opt.note ?? null,
    line,
  };
}

const TWO = { fire: 2, load: 2 } as const;
// "BOW (DX-6 — hard): Requires 2 hands to fire. Takes 2 turns to ready." (L4379)
const BOW = { hands: TWO, reloadTurns: 2, costPerShot: 2 } as const;
// "CROSSBOW: Requires 2 hands to fire. 4 turns to ready (8 if ST greater than yours)." (L4385)
const XBOW = { hands: TWO, reloadTurns: 4, usesBowST: true } as const;
// "SLING: Requires 2 hands to load, 1 to fire. Takes 2 turns to ready." (L4389)
const SLING = { hands: { fire: 1, load: 2 }, reloadTurns: 2, note: "Fires rocks." } as const;

/**
 * The ranged weapon table, L4380–4404 (spec §3.2 JSON). The rock's cost "none" is $0; the
 * prodd's "$150/.1" is $150 and $0.10 a pellet (spec §16).
 */
export const RANGED_WEAPONS: readonly RangedWeapon[] = deepFreeze<RangedWeapon[]>([
  // BOW (DX-6, hard) L4379
  ranged(
    "short-bow",
    "Short bow",
    "bow",
    ["imp", "thr", 0],
    [5, f(0.5), f(10), f(15)],
    50,
    2,
    7,
    4380,
    {
      ...BOW,
      md: dmg(1, 3),
    },
  ),
  ranged(
    "regular-bow",
    "Regular bow",
    "bow",
    ["imp", "thr", 1],
    [5, f(1), f(15), f(20)],
    100,
    2,
    10,
    4381,
    {
      ...BOW,
      md: dmg(1, 4),
    },
  ),
  ranged(
    "longbow",
    "Longbow",
    "bow",
    ["imp", "thr", 2],
    [5, f(1), f(15), f(20)],
    200,
    3,
    11,
    4382,
    {
      ...BOW,
      md: dmg(1, 4),
    },
  ),
  ranged(
    "composite-bow",
    "Composite bow",
    "bow",
    ["imp", "thr", 3],
    [5, f(1, 2), f(20), f(25)],
    900,
    4,
    10,
    4383,
    { ...BOW, md: dmg(1, 4) },
  ),
  // CROSSBOW (DX-4, easy) L4385
  ranged(
    "crossbow",
    "Crossbow",
    "crossbow",
    ["imp", "thr", 4],
    [5, f(1, 5), f(20), f(25)],
    150,
    6,
    7,
    4386,
    {
      ...XBOW,
      costPerShot: 2,
    },
  ),
  ranged(
    "prodd",
    "Prodd",
    "crossbow",
    ["cr", "thr", 4],
    [5, f(1, 5), f(20), f(25)],
    150,
    6,
    7,
    4387,
    {
      ...XBOW,
      costPerShot: 0.1,
      note: "Fires lead pellets.",
    },
  ),
  // SLING (hard), no default, L4389
  ranged(
    "sling",
    "Sling",
    "sling",
    ["cr", "thr", 0],
    [5, f(0.5), f(6), f(10)],
    10,
    0.5,
    null,
    4390,
    SLING,
  ),
  ranged(
    "staff-sling",
    "Staff sling",
    "sling",
    ["cr", "thr", 1],
    [5, f(0.5), f(10), f(15)],
    20,
    2,
    null,
    4391,
    SLING,
  ),
  // KNIFE THROWING (DX-4, easy) L4392
  ranged(
    "large-knife",
    "Large knife",
    "knife-throwing",
    ["imp", "thr", 0],
    [2, fixed(1), f(1, -2), f(1, 5)],
    40,
    1,
    null,
    4393,
  ),
  ranged(
    "small-knife",
    "Small knife",
    "knife-throwing",
    ["imp", "thr", -1],
    [2, fixed(1), f(1, -5), f(1)],
    30,
    0.5,
    null,
    4394,
  ),
  ranged(
    "dagger",
    "Dagger",
    "knife-throwing",
    ["imp", "thr", -1],
    [2, fixed(1), f(1, -5), f(1)],
    20,
    0.25,
    null,
    4395,
  ),
  // AXE THROWING (DX-4, easy) L4396
  ranged(
    "hatchet",
    "Hatchet",
    "axe-throwing",
    ["cut", "sw", 0],
    [2, fixed(2), f(1.5), f(2.5)],
    40,
    2,
    7,
    4397,
  ),
  ranged(
    "throwing-axe",
    "Throwing axe",
    "axe-throwing",
    ["cut", "sw", 3],
    [2, fixed(2), f(1), f(1.5)],
    60,
    4,
    11,
    4398,
  ),
  // SPEAR THROWING (DX-4, easy) L4399
  ranged(
    "javelin",
    "Javelin",
    "spear-throwing",
    ["imp", "thr", 1],
    [3, fixed(4), f(1.5), f(2.5)],
    30,
    2,
    7,
    4400,
  ),
  ranged(
    "spear",
    "Spear",
    "spear-throwing",
    ["imp", "thr", 3],
    [4, fixed(5), f(1), f(1.5)],
    40,
    4,
    9,
    4401,
  ),
  // BASIC DX or THROWING SKILL L4402
  ranged(
    "rock",
    "Rock",
    "throwing",
    ["cr", "thr", 1],
    [3, fixed(5), f(2), f(3.5)],
    0,
    1,
    null,
    4403,
  ),
  ranged(
    "oil-flask",
    "Oil flask",
    "throwing",
    null,
    [3, fixed(5), null, f(3.5)],
    50,
    1,
    null,
    4404,
    {
      note: "Fire, see L3044–3062. Fantasy scenarios only!",
    },
  ),
]);

/** Quiver (L4384) and goat's foot (L4388, L2853). */
export const RANGED_ACCESSORIES: readonly RangedAccessory[] = deepFreeze<RangedAccessory[]>([
  {
    id: "quiver",
    name: "Quiver",
    cost: 10,
    weight: 0.5,
    minST: null,
    note: "Holds 10 arrows or bolts.",
    line: 4384,
  },
  {
    id: "goats-foot",
    name: "Goat's foot",
    cost: 50,
    weight: 2,
    minST: 7,
    note: "To cock a crossbow 3 or 4 ST over the user's: 20 s a cock (L2853).",
    line: 4388,
  },
]);

/** Weight of one missile in pounds (L4408): an arrow 2 oz, a bolt, sling stone or pellet 1 oz. */
export const MISSILE_WEIGHT = deepFreeze({
  arrow: 2 / 16,
  bolt: 1 / 16,
  stone: 1 / 16,
  pellet: 1 / 16,
});

/** A ranged weapon by id (a copy); InputError naming `field` if unknown. */
export function getRangedWeapon(id: string, field = "weapon"): RangedWeapon {
  return copy(findById(RANGED_WEAPONS, id, field, "ranged weapon"));
}

/** A quiver or goat's foot by id (a copy). */
export function getRangedAccessory(id: string, field = "item"): RangedAccessory {
  return copy(findById(RANGED_ACCESSORIES, id, field, "ranged accessory"));
}

/**
 * Ranges in yards for a given ST (§3.2, §12.3), in the shape `rangeModifiers` of ranged.ts takes
 * (its `RangeWeapon`). `halfDamage` is null for the oil flask.
 */
export interface RangedRanges {
  /** The ST the ranges were computed with (the bow's for a crossbow or prodd). */
  readonly st: number;
  readonly pointBlank: number;
  readonly increment: number;
  readonly halfDamage: number | null;
  readonly max: number;
  /** Bow, crossbow, prodd, sling (+1 damage at point blank, L2907). */
  readonly missile: boolean;
  /** Thrown weapon or object (no point-blank bonus on a default skill, L2907). */
  readonly thrown: boolean;
}

/** `perST × ST + add`, not rounded (the book gives no rounding), never below 0. */
export function rangeYards(formula: RangeFormula, st: number): number {
  return Math.max(0, formula.perST * st + formula.add);
}

/**
 * Numeric ranges of a ranged weapon (§3.2, §12.3). `st` is the user's ST; for a crossbow or
 * prodd the ranges follow the bow's ST (L2853), which is `bowST` when given and otherwise
 * taken to equal `st`. Fractions are kept (ST 9 sling: increment 4.5); the range penalty
 * `−floor(distance / increment)` works on them directly. A formula that goes negative at very
 * low ST (small knife ST−5) is 0.
 */
export function rangedRanges(weaponId: string, st: number, bowST?: number): RangedRanges {
  const w = findById(RANGED_WEAPONS, weaponId, "weapon", "ranged weapon");
  readNumber(st, "st", { integer: true, min: 1 });
  if (bowST !== undefined) {
    readNumber(bowST, "bowST", { integer: true, min: 1 });
    if (!w.usesBowST) {
      throw new InputError("bowST", bowST, `only crossbows and prodds have a bow ST, not ${w.id}`);
    }
  }
  const s = w.usesBowST ? (bowST ?? st) : st;
  return {
    st: s,
    pointBlank: w.pb,
    increment: rangeYards(w.inc, s),
    halfDamage: w.half && rangeYards(w.half, s),
    max: rangeYards(w.max, s),
    missile: w.kind === "missile",
    thrown: w.kind === "thrown",
  };
}

/** Crossbow cocking and reloading for a bow of `bowST` in the hands of `userST`. */
export interface CrossbowReload {
  /** Seconds to cock: 2 (bow ST ≤ user ST), 6 (1–2 over), 20 with the goat's foot (3–4 over). */
  readonly cockTurns: number;
  readonly goatsFoot: boolean;
  /** Cocking + 1 turn to ready the bolt + 1 turn to load: 4, 8 or 22; fires on the next turn. */
  readonly reloadTurns: number;
}

/**
 * Crossbow cocking (L1626–1638, L2853–2855; spec §3.2): 2 s for a bow of the user's ST or less,
 * 6 s for 1 or 2 over, a goat's foot and 20 s for 3 or 4 over; more than 4 over cannot be used
 * (InputError on `bowST`). Add 1 turn to ready the bolt and 1 to load it (the 22 s total with the
 * goat's foot is derived, spec §3.2). Fast-Draw (Arrow) may save the bolt's turn (L2865).
 */
export function crossbowReload(userST: number, bowST: number): CrossbowReload {
  readNumber(userST, "userST", { integer: true, min: 1 });
  readNumber(bowST, "bowST", { integer: true, min: 1 });
  const over = bowST - userST;
  if (over > 4) {
    throw new InputError(
      "bowST",
      bowST,
      `more than 4 over the user's ST ${userST} cannot be used (L2855)`,
    );
  }
  const cockTurns = over <= 0 ? 2 : over <= 2 ? 6 : 20;
  return { cockTurns, goatsFoot: over >= 3, reloadTurns: cockTurns + 2 };
}
