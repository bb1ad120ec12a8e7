/**
 * Damage (spec §7, seed 004 L917–978, L956–966, L1838–1844, L2250–2254, L2511–2519): damage
 * expressions, basic damage by ST, weapon damage with the MD cap, the damage roll, DR and the
 * wounding multipliers, knockback; other damage sources (§7.6: falls, fire, falling objects)
 * and damage from thrown objects (§14.2).
 *
 * Order (§18.2 pitfall 3): roll → edged minimum 1 → critical ×2/×3 on the basic roll → subtract
 * ALL DR (armour + Toughness + skull) → multiply the penetrating part → crippling cap (injury.ts).
 */
import { InputError, readEnum, readNumber } from "../../core/errors";
import { copy, deepFreeze } from "../../core/data";
import { isAnyLimb, isHead } from "./location";
import {
  DAMAGE_TYPES,
  HIT_LOCATIONS,
  readLocation,
  type DamageExpr,
  type DamageType,
  type HitLocation,
} from "./types";

// ── Expressions (L917, L4037) ────────────────────────────────────────────────────────────────

/**
 * Parses the book's notation: `3` (3d6), `2+1`, `1-4` (L917). Typographic minus signs (− –)
 * count as `-`; anything else (`2d+1`, `1d6`) is an InputError naming `field`.
 */
export function parseDamageExpr(text: string, field: string): DamageExpr {
  const m = typeof text === "string" ? /^\s*(\d+)\s*(?:([-+−–])\s*(\d+))?\s*$/.exec(text) : null;
  if (!m) throw new InputError(field, text, 'expected dice and adds such as "2", "2+1" or "1-4"');
  const adds = m[3] === undefined ? 0 : Number(m[3]);
  return { dice: Number(m[1]), adds: m[2] === "+" || adds === 0 ? adds : -adds };
}

/** The inverse of {@link parseDamageExpr}: `{1, 0}` → `1`, `{2, -1}` → `2-1`. */
export function formatDamageExpr(e: DamageExpr): string {
  const { dice, adds } = checkExpr(e, "damage");
  return adds === 0 ? `${dice}` : `${dice}${adds > 0 ? "+" : "-"}${Math.abs(adds)}`;
}

function checkExpr(e: DamageExpr, field: string): DamageExpr {
  if (e === null || typeof e !== "object") throw new InputError(field, e, "expected {dice, adds}");
  // The field's name is built only for a value refused (issue 17: no strings built per roll).
  if (!(Number.isInteger(e.dice) && e.dice >= 0))
    readNumber(e.dice, `${field}.dice`, { integer: true, min: 0 });
  if (!Number.isInteger(e.adds)) readNumber(e.adds, `${field}.adds`, { integer: true });
  return e;
}

/** Maximum value: every die a 6, plus the adds. Orders MD caps (A14). */
export function maxDamageValue(e: DamageExpr): number {
  return e.dice * 6 + e.adds;
}

// ── Basic damage by ST (§7.1, L927–948; chart L4550–4571) ────────────────────────────────────

export interface BasicDamageRow {
  /** ST of the row; the first row (4) is "4 or less". */
  st: number;
  thrust: DamageExpr;
  swing: DamageExpr;
}

const dx = (text: string) => parseDamageExpr(text, "table");

/** Basic Weapon Damage, ST 4-or-less to 20, as printed (L930–946 = L4552–4568). */
export const BASIC_DAMAGE_TABLE: readonly BasicDamageRow[] = deepFreeze(
  (
    [
      [4, "0", "0"],
      [5, "1-5", "1-5"],
      [6, "1-4", "1-4"],
      [7, "1-3", "1-3"],
      [8, "1-3", "1-2"],
      [9, "1-2", "1-1"],
      [10, "1-2", "1"],
      [11, "1-1", "1+1"],
      [12, "1-1", "1+2"],
      [13, "1", "2-1"],
      [14, "1", "2"],
      [15, "1+1", "2+1"],
      [16, "1+1", "2+2"],
      [17, "1+2", "3-1"],
      [18, "1+2", "3"],
      [19, "2-1", "3+1"],
      [20, "2-1", "3+2"],
    ] as const
  ).map(([st, thrust, swing]) => ({ st, thrust: dx(thrust), swing: dx(swing) })),
);

/**
 * The progression beyond ST 20 ("the progression should be obvious", L948; §7.1): step `i`
 * is one add more than step `i − 1`, and +3 rolls over to the next die −1.
 */
function progression(i: number): DamageExpr {
  const dice = Math.floor((i + 1) / 4) + 1;
  return { dice, adds: i - 4 * (dice - 1) };
}

/**
 * Basic thrust and swing damage for a ST (§7.1): the printed table to ST 20 (ST ≤ 4 → 0), then
 * §7.1's extrapolation — thrust step floor((ST−13)/2), swing step ST−10 (ST 21 → 2 / 4-1).
 */
export function basicDamage(st: number): { thrust: DamageExpr; swing: DamageExpr } {
  const s = readNumber(st, "st", { integer: true, min: 0 });
  if (s > 20) return { thrust: progression(Math.floor((s - 13) / 2)), swing: progression(s - 10) };
  const r = BASIC_DAMAGE_TABLE[Math.max(s, 4) - 4]!;
  return { thrust: copy(r.thrust), swing: copy(r.swing) };
}

/**
 * The lesser of two expressions for an MD cap (L976): lower maximum value, ties broken by the
 * lower average (A14; Villem's large knife 2-3 vs MD 1+2 → 1+2, L5465).
 */
export function lesserDamage(a: DamageExpr, b: DamageExpr): DamageExpr {
  const byMax = maxDamageValue(a) - maxDamageValue(b);
  const byAvg = a.dice * 3.5 + a.adds - (b.dice * 3.5 + b.adds);
  return copy(byMax < 0 || (byMax === 0 && byAvg <= 0) ? a : b);
}

/**
 * A weapon's damage (§7.2, L972–978): basic damage for ST + the weapon's modifier, added to the
 * adds only and never normalised (ST 12 swing 1+2 with an axe +2 is 1+4, L4224); capped by the
 * weapon's maximum damage `md` (L976, A14).
 */
export function weaponDamage(
  st: number,
  base: "thrust" | "swing",
  mod: number,
  md?: DamageExpr,
): DamageExpr {
  const b = basicDamage(st)[readEnum(base, "base", ["thrust", "swing"] as const)];
  const own = { dice: b.dice, adds: b.adds + readNumber(mod, "mod", { integer: true }) };
  return md === undefined ? own : lesserDamage(own, checkExpr(md, "md"));
}

// ── Rolling (§7.3, L917–921, L891) ───────────────────────────────────────────────────────────

/**
 * The damage roll (§7.3): `rolled` = sum of the dice + adds; `basic` is at least 1 for cutting
 * and impaling ("always at least one hit", L919, L891) and at least 0 for crushing (L921).
 */
export function rollBasicDamage(
  values: readonly number[],
  expr: DamageExpr,
  type: DamageType,
): { rolled: number; basic: number } {
  checkExpr(expr, "damage");
  const t = readEnum(type, "type", DAMAGE_TYPES);
  if (!Array.isArray(values) || values.length !== expr.dice) {
    throw new InputError(
      "values",
      values,
      `expected ${expr.dice} dice for ${formatDamageExpr(expr)}`,
    );
  }
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    // readNumber (and its field name) only for a face it refuses.
    if (!(Number.isInteger(v) && v >= 1 && v <= 6))
      readNumber(v, `values[${i}]`, { integer: true, min: 1, max: 6 });
    total += v;
  }
  const rolled = total + expr.adds;
  return { rolled, basic: Math.max(t === "cr" ? 0 : 1, rolled) };
}

/** Maximum damage of an expression, after the minimum: the Basic critical on a 3 (L1740). */
export function maxDamage(expr: DamageExpr, type: DamageType): number {
  return rollBasicDamage(Array<number>(checkExpr(expr, "damage").dice).fill(6), expr, type).basic;
}

/** Critical ×2/×3 on the basic roll, adds included, after the minimum, before DR (L2490, A3). */
export function criticalBasic(basic: number, multiplier: 1 | 2 | 3): number {
  return readNumber(basic, "basic", { integer: true, min: 0 }) * multiplier;
}

// ── DR and wounding (§7.4, L956–966, L1838–1844, L2511–2519, L622) ───────────────────────────

export interface DrParts {
  /** Armour DR at the struck location. */
  armour: number;
  /** Toughness (L622): subtracted before the multiplier, kept when armour is bypassed (A4). */
  toughness: number;
  /** The skull's natural DR 1, on the head and the face (L2470, A6). */
  skull: boolean;
}

/**
 * The DR parts for a location: the face takes no armour (L2458, L4762 "Armor does not
 * protect!") but keeps the skull's DR 1 (A6); the head has the skull on top of its armour.
 */
export function locationDr(location: HitLocation, armour: number, toughness: number): DrParts {
  const loc = readLocation(location, "location");
  return { armour: loc === "face" ? 0 : armour, toughness, skull: isHead(loc) };
}

/**
 * Subtracts all DR from basic damage (§7.4): armour (unless bypassed, crit 4/13) + Toughness +
 * skull 1. Penetrating damage is never below 0 ("quite possible to do zero damage", L919).
 */
export function applyDr(
  basic: number,
  dr: DrParts,
  opts: { bypassArmour?: boolean } = {},
): { dr: number; penetrating: number } {
  const b = readNumber(basic, "basic", { integer: true, min: 0 });
  const armour = readNumber(dr.armour, "dr.armour", { integer: true, min: 0 });
  const toughness = readNumber(dr.toughness, "dr.toughness", { integer: true, min: 0 });
  const total = (opts.bypassArmour ? 0 : armour) + toughness + (dr.skull ? 1 : 0);
  return { dr: total, penetrating: Math.max(0, b - total) };
}

/**
 * Wound multipliers by location and type (§7.4 matrix; L962–964, L2515–2519): torso cr ×1,
 * cut ×1.5, imp ×2; vitals imp ×3 (L2517); head and face ×2/×3/×4 (L2515, A6); arms, legs,
 * hands and feet cr ×1, cut ×1.5 (A5), imp ×1 (L2519). Vitals take only impaling attacks
 * (L2517); a crushing or cutting blow there counts as a torso blow (ruling).
 */
export const WOUND_MULTIPLIERS: Readonly<
  Record<HitLocation, Readonly<Record<DamageType, number>>>
> = deepFreeze(
  Object.fromEntries(
    HIT_LOCATIONS.map((loc) => [
      loc,
      isHead(loc)
        ? { cr: 2, cut: 3, imp: 4 }
        : isAnyLimb(loc)
          ? { cr: 1, cut: 1.5, imp: 1 }
          : { cr: 1, cut: 1.5, imp: loc === "vitals" ? 3 : 2 },
    ]),
  ) as Record<HitLocation, Record<DamageType, number>>,
);

export function woundMultiplier(type: DamageType, location: HitLocation): number {
  const t = readEnum(type, "type", DAMAGE_TYPES);
  return WOUND_MULTIPLIERS[readLocation(location, "location")][t];
}

/**
 * What a blow wounds: a living body (default), a skeleton (L1518: impaling ×1 — the −2 to its
 * damage is the caller's, {@link SKELETON_IMPALING_MOD} — and penetrating crushing ×2, the head's
 * ×2 not stacking: ruling) or an inanimate object (L3533, L2543: no wound bonus at all).
 */
export type WoundTarget = "living" | "skeleton" | "object";

/** Impaling attacks on a skeleton do −2 damage (L1518). */
export const SKELETON_IMPALING_MOD = -2;

/**
 * Injury from penetrating damage (§7.4): floor(pen × multiplier). Cutting ×1.5 is
 * pen + floor(pen/2) (L962: 5 → 7); a cut to the head is 3 × pen, not floor(1.5 pen) × 2
 * (L2515: 5 → 15).
 */
export function woundInjury(
  penetrating: number,
  type: DamageType,
  location: HitLocation,
  target: WoundTarget = "living",
): number {
  const pen = readNumber(penetrating, "penetrating", { integer: true, min: 0 });
  let m = woundMultiplier(type, location);
  if (target === "object") m = 1;
  else if (target === "skeleton" && type === "imp") m = 1;
  else if (target === "skeleton" && type === "cr") m = Math.max(m, 2);
  return Math.floor(pen * m);
}

/**
 * Knockback (§7.5, L2250–2254): one hex per full 8 points of crushing or cutting damage
 * rolled, before DR. Impaling blows do not knock back.
 */
export function knockbackHexes(rolled: number, type: DamageType): number {
  const r = readNumber(rolled, "rolled", { integer: true });
  return readEnum(type, "type", DAMAGE_TYPES) === "imp" ? 0 : Math.floor(Math.max(0, r) / 8);
}

// ── Other damage sources (§7.6) ──────────────────────────────────────────────────────────────

/**
 * Falling damage (L3233–3245): 1–2 yards (1-4) per yard, 3–4 yards (1-3) per yard, 5 or more
 * (1-2) per yard, so N yards → N dice with −4N/−3N/−2N; something soft: −1 per yard more; deep
 * water: nothing unless over 20 yards, then 1 die. Armour keeps its DR (L3245).
 */
export function fallDamage(
  yards: number,
  opts: { soft?: boolean; water?: boolean } = {},
): DamageExpr {
  const y = readNumber(yards, "yards", { integer: true, min: 0 });
  if (opts.water) return { dice: y > 20 ? 1 : 0, adds: 0 };
  const perYard = y <= 2 ? 4 : y <= 4 ? 3 : 2;
  return { dice: y, adds: 0 - y * (perYard + (opts.soft ? 1 : 0)) };
}

/** Fire (L3217): part of a turn in fire 1-3, a whole turn in (or on) fire 1-1. */
export const FIRE_DAMAGE = deepFreeze({ partTurn: dx("1-3"), wholeTurn: dx("1-1") });

/**
 * Fire damage through armour (L3219): armour protects completely for as many turns as its DR,
 * then stops DR each turn. `turn` counts the turns in fire, from 1. Damage is at least 0.
 */
export function fireDamage(rolled: number, armourDr: number, turn: number): number {
  const r = readNumber(rolled, "rolled", { integer: true });
  const dr = readNumber(armourDr, "armourDr", { integer: true, min: 0 });
  const t = readNumber(turn, "turn", { integer: true, min: 1 });
  return t <= dr ? 0 : Math.max(0, r - dr);
}

/** Dice of a falling object, and what the roll is divided by (rounding down). */
export interface FallingObjectDice {
  dice: number;
  divisor: 1 | 2 | 4;
}

/**
 * Falling objects (L3423–3431): weight to the nearest 10 lb times distance to the nearest
 * 10 yards, in dice (20 lb × 30 yd → 6 dice). A weight or distance under 5 counts as 10 and
 * halves the damage (both: ¼ die); over 200 yards counts as 200; an item tipped over uses the
 * 10-yard formula, halved. Halves round up to the next 10 (ruling: 25 lb → 3).
 */
export function fallingObjectDice(
  weightLb: number,
  yards: number,
  opts: { tippedOver?: boolean } = {},
): FallingObjectDice {
  const w = readNumber(weightLb, "weightLb", { min: 0 });
  if (w === 0) throw new InputError("weightLb", weightLb, "must be more than 0");
  const d = Math.min(200, readNumber(yards, "yards", { min: 0 }));
  const short = opts.tippedOver || d < 5;
  const units = (x: number) => (x < 5 ? 1 : Math.floor(x / 10 + 0.5));
  const halvings = (w < 5 ? 1 : 0) + (short ? 1 : 0);
  return { dice: units(w) * (short ? 1 : units(d)), divisor: (2 ** halvings) as 1 | 2 | 4 };
}

/** Damage of a falling object from its rolled dice: the sum divided, rounded down (L3427). */
export function fallingObjectDamage(values: readonly number[], f: FallingObjectDice): number {
  const { rolled } = rollBasicDamage(values, { dice: f.dice, adds: 0 }, "cr");
  return Math.floor(rolled / f.divisor);
}

// ── Damage from thrown objects (§14.2, L3483–3495; chart L4732–4742) ─────────────────────────

export interface ThrownObjectRow {
  st: { from: number; to: number };
  /** By weight column (see {@link THROWN_OBJECT_WEIGHTS}); null where the table prints "—". */
  damage: readonly (DamageExpr | null)[];
}

/** Weight columns in lb: ½–10, 10.1–50, 50.1–100, over 100 (L3487). */
export const THROWN_OBJECT_WEIGHTS = deepFreeze([
  { from: 0.5, to: 10 },
  { from: 10.1, to: 50 },
  { from: 50.1, to: 100 },
  { from: 100.1, to: Infinity },
]);

const thrown = (from: number, to: number, cells: string[]): ThrownObjectRow => ({
  st: { from, to },
  damage: cells.map((c) => (c === "—" ? null : dx(c))),
});

/** Damage from Thrown Objects, ST row × weight column as printed (L3487–3495; A24). */
export const THROWN_OBJECT_DAMAGE: readonly ThrownObjectRow[] = deepFreeze([
  thrown(5, 6, ["1-5", "1-4", "1-5", "—"]),
  thrown(7, 8, ["1-4", "1-3", "1-3", "—"]),
  thrown(9, 10, ["1-3", "1-2", "1-2", "1-3"]),
  thrown(11, 12, ["1-2", "1-1", "1-1", "1-2"]),
  thrown(13, 14, ["1-1", "1", "1", "1"]),
  thrown(15, 16, ["1", "1+1", "1+2", "1+2"]),
  thrown(17, 18, ["1+1", "1+2", "2-2", "2-1"]),
  thrown(19, 20, ["1+2", "2-2", "2-1", "2"]),
]);

/**
 * Crushing damage of a blunt thrown object (L3483–3497) by the thrower's (fatigued, L3751) ST
 * and the object's weight: nothing over 25 × ST can be thrown (L3477). Rulings: ST 4 or less does
 * 0 (as §7.1), ST over 20 uses the 19–20 row, under ½ lb uses the first column; `null` where the
 * table prints "—". A thrown character takes the same damage it does (L3497).
 */
export function thrownObjectDamage(st: number, weightLb: number): DamageExpr | null {
  const s = readNumber(st, "st", { integer: true, min: 0 });
  const w = readNumber(weightLb, "weightLb", { min: 0 });
  if (w === 0) throw new InputError("weightLb", weightLb, "must be more than 0");
  if (w > 25 * s) throw new InputError("weightLb", weightLb, `over 25 × ST ${s} cannot be thrown`);
  if (s <= 4) return { dice: 0, adds: 0 };
  const r = THROWN_OBJECT_DAMAGE.find((x) => Math.min(s, 20) <= x.st.to)!;
  const col = w <= 10 ? 0 : w <= 50 ? 1 : w <= 100 ? 2 : 3;
  return copy(r.damage[col] ?? null);
}
