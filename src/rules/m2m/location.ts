/**
 * Hit location (Advanced, ch. 5): the 2d6 random-location table, aiming penalties, the head
 * miss-by-one rule (spec §8, seed 004 L2414–2476, L2507–2527, chart L4758–4792) and the
 * hit-location-from-a-fall table (§14.4, L3269–3291).
 *
 * Hit location is rolled on TWO dice, not three (L2432, L2450, L4786; §18.2 pitfall 1).
 */
import { InputError, readEnum, readNumber } from "../../core/errors";
import { copy, deepFreeze } from "../../core/data";
import {
  DAMAGE_TYPES,
  HIT_LOCATIONS,
  readLocation,
  type DamageType,
  type HitLocation,
} from "./types";

// ── Location classes ─────────────────────────────────────────────────────────────────────────

/** Head or face: head multipliers, skull DR 1, head critical table (L2457–2458, A6). */
export function isHead(location: HitLocation): boolean {
  return location === "head" || location === "face";
}

/** Torso or vitals: "aimed at the body" for the critical hit table (§10.1 recommendation). */
export function isBody(location: HitLocation): boolean {
  return location === "torso" || location === "vitals";
}

// The class of each location of the CLI contract by comparison instead of a regular expression
// (issue 17); any other string still goes through the expression.

/** Arm or leg: crippled by injury > HT/2 (L2463–2466, L3699). */
export function isLimb(location: HitLocation): boolean {
  switch (location) {
    case "left-arm":
    case "right-arm":
    case "left-leg":
    case "right-leg":
      return true;
    case "head":
    case "face":
    case "left-hand":
    case "right-hand":
    case "torso":
    case "vitals":
    case "left-foot":
    case "right-foot":
      return false;
    default:
      return /-(arm|leg)$/.test(location);
  }
}

/** Hand or foot: crippled by injury > HT/3 (L2460, L2467, L3699). */
export function isExtremity(location: HitLocation): boolean {
  switch (location) {
    case "left-hand":
    case "right-hand":
    case "left-foot":
    case "right-foot":
      return true;
    case "head":
    case "face":
    case "left-arm":
    case "right-arm":
    case "torso":
    case "vitals":
    case "left-leg":
    case "right-leg":
      return false;
    default:
      return /-(hand|foot)$/.test(location);
  }
}

/** "Limb" of the critical hit table: an arm, leg, hand or foot (L2497, L2503). */
export function isAnyLimb(location: HitLocation): boolean {
  return isLimb(location) || isExtremity(location);
}

// ── The table (§8, L2450–2470, chart L4758–4772) ────────────────────────────────────────────

/** A row of the Parts of the Body table. Hands and feet are one row each, sided by a roll. */
export type BodyPart =
  | "head"
  | "face"
  | "left-arm"
  | "hand"
  | "right-arm"
  | "torso"
  | "vitals"
  | "right-leg"
  | "left-leg"
  | "foot";

export interface HitLocationRow {
  part: BodyPart;
  /** 2d6 totals (after the −3 from above) that land here; `null`: only ever aimed at. */
  rolls: { from: number; to: number } | null;
  /** Hit penalty when aimed at (L2471–2474). */
  penalty: number;
  /** Penalty when the target carries a shield: left arm −4, left hand −8 (L2438). */
  shieldPenalty?: number;
  /** Crippled by injury over HT/2 (`half`) or HT/3 (`third`) in one blow (L3699). */
  cripple: "half" | "third" | null;
  /** "Roll for left or right" (L2460, L2467). */
  sided: boolean;
}

const row = (
  part: BodyPart,
  rolls: [number, number] | null,
  penalty: number,
  cripple: HitLocationRow["cripple"],
  extra: Partial<HitLocationRow> = {},
): HitLocationRow => ({
  part,
  rolls: rolls && { from: rolls[0], to: rolls[1] },
  penalty,
  cripple,
  sided: false,
  ...extra,
});

/**
 * Parts of the Body (L2450–2470; chart L4758–4772; spec §8 JSON). The head row starts at −1,
 * the lowest 2d6 − 3 from above: "2 or less" is the head (L2434, L2455).
 */
export const HIT_LOCATION_TABLE: readonly HitLocationRow[] = deepFreeze([
  row("head", [-1, 2], -5, null),
  row("face", null, -10, null),
  row("left-arm", [3, 3], -2, "half", { shieldPenalty: -4 }),
  row("hand", [4, 4], -4, "third", { shieldPenalty: -8, sided: true }),
  row("right-arm", [5, 5], -2, "half"),
  row("torso", [6, 8], 0, null),
  row("vitals", null, -3, null),
  row("right-leg", [9, 9], -2, "half"),
  row("left-leg", [10, 11], -2, "half"),
  row("foot", [12, 12], -4, "third", { sided: true }),
]);

/** Penalties to strike at a weapon (L2539; §8 "weapon" row, §13.3). */
export const WEAPON_TARGET_PENALTIES = deepFreeze({ polearm: -3, other: -4, small: -5 } as const);

/** The frozen table row of each location, found once (`left-hand` → the `hand` row). */
const ROW_OF: Readonly<Record<string, HitLocationRow>> = Object.fromEntries(
  HIT_LOCATIONS.map((l) => {
    const part = l.replace(/^(left|right)-(hand|foot)$/, "$2") as BodyPart;
    return [l, HIT_LOCATION_TABLE.find((r) => r.part === part)!];
  }),
);

/** The same rows in a Map: one lookup finds and checks a location (issue 17). */
const ROW_MAP: ReadonlyMap<string, HitLocationRow> = new Map(Object.entries(ROW_OF));

/** The frozen row of a location (validated); callers that hand it out copy it. */
function frozenRow(location: HitLocation): HitLocationRow {
  return ROW_MAP.get(location) ?? ROW_OF[readLocation(location, "location")]!;
}

/** The table row of a location (`left-hand` → the `hand` row). */
export function hitLocationRow(location: HitLocation): HitLocationRow {
  return copy(frozenRow(location));
}

/** The row of each total −1..12 (index total + 1), found once: what the table walk found. */
const ROW_BY_TOTAL: readonly (HitLocationRow | undefined)[] = Array.from({ length: 14 }, (_, i) =>
  HIT_LOCATION_TABLE.find((x) => x.rolls && i - 1 >= x.rolls.from && i - 1 <= x.rolls.to),
);

/**
 * The location of a 2d6 total (2..12, not from above) when it needs no side roll; null for a
 * hand or foot (and for any other number), which {@link locationFromRoll} then reads. The
 * exchange's random location without `locationFromRoll`'s options and checks (issue 17).
 */
export function unsidedLocationOfRoll(roll2d6: number): HitLocation | null {
  if (!(Number.isInteger(roll2d6) && roll2d6 >= 2 && roll2d6 <= 12)) return null;
  const r = ROW_BY_TOTAL[roll2d6 + 1]!;
  return r.sided ? null : (r.part as HitLocation);
}

export interface LocationRollOptions {
  /** A random attack from above (halberd, falling rocks): subtract 3 (L2434). */
  fromAbove?: boolean;
  /** 1d6 for the side of a hand or foot: 1–3 left, 4–6 right (ruling). */
  sideRoll?: number;
  /** The left hand holds a shield: a random hit never lands on it (L2438) → right hand (A10). */
  shieldInLeftHand?: boolean;
}

/**
 * The location a random 2d6 roll hits (L2432–2438, L2450–2470). A hand (4) or foot (12) needs
 * `sideRoll`; the shield hand is never hit at random, so it becomes the right hand (A10).
 */
export function locationFromRoll(roll2d6: number, opts: LocationRollOptions = {}): HitLocation {
  const roll = readNumber(roll2d6, "roll2d6", { integer: true, min: 2, max: 12 });
  const total = opts.fromAbove ? roll - 3 : roll;
  const r = ROW_BY_TOTAL[total + 1];
  if (!r) throw new Error(`no hit location row for ${total}`); // unreachable: rows cover −1..12
  if (!r.sided) return r.part as HitLocation;
  if (opts.sideRoll === undefined) {
    throw new InputError("sideRoll", undefined, `a ${r.part} needs a 1d6 side roll (1-3 left)`);
  }
  const side = readNumber(opts.sideRoll, "sideRoll", { integer: true, min: 1, max: 6 });
  const left = side <= 3 && !(r.part === "hand" && opts.shieldInLeftHand);
  return `${left ? "left" : "right"}-${r.part}` as HitLocation;
}

/**
 * Whether an attack of this damage type may aim at the location (§8): the face takes only
 * impaling attacks (L4762; L2458 says "thrusting", §16 recommends impaling), the vitals only
 * impaling (L2517). Every other location may be aimed at by anything.
 */
export function canAim(location: HitLocation, type: DamageType): boolean {
  const loc = readLocation(location, "location");
  const t = readEnum(type, "type", DAMAGE_TYPES);
  return loc === "face" || loc === "vitals" ? t === "imp" : true;
}

/**
 * The penalty to aim at a location (L2450–2474): head −5, face −10, arms and legs −2, hands and
 * feet −4, vitals −3, torso 0; with a shield the left arm is −4 and the left hand −8 (L2438).
 * With a `type` that cannot aim there (see {@link canAim}) this throws an InputError.
 */
export function aimPenalty(
  location: HitLocation,
  opts: { shield: boolean; type?: DamageType },
): number {
  const r = frozenRow(location);
  const t = opts.type;
  // Any type may aim anywhere but the face and the vitals: `canAim` (and its check of the type)
  // only for those or for a type it may refuse.
  const plain = t === "cr" || t === "cut" || t === "imp";
  const checked = t !== undefined && (!plain || location === "face" || location === "vitals");
  if (checked && !canAim(location, t)) {
    throw new InputError("location", location, `${opts.type} attacks cannot aim there`);
  }
  const shielded = opts.shield && location.startsWith("left-") && r.shieldPenalty !== undefined;
  return shielded ? r.shieldPenalty! : r.penalty;
}

/**
 * Head miss-by-one (L2442): an attack aimed at the head (and, per A11, the face) that fails by
 * exactly 1 hits the body instead. A roll of 3–4 is a hit anyway and 17–18 is a critical miss
 * (§1.1, §5.4), so neither counts.
 */
export function headMissByOne(
  aimed: HitLocation,
  attackRoll: number,
  effectiveSkill: number,
): boolean {
  const roll = readNumber(attackRoll, "attackRoll", { integer: true, min: 3, max: 18 });
  const skill = readNumber(effectiveSkill, "effectiveSkill", { integer: true });
  return isHead(aimed) && roll > 4 && roll < 17 && roll === skill + 1;
}

// ── Hit location from a fall (§14.4, L3269–3291) ─────────────────────────────────────────────

export type FallEffect = "knocked-out" | "crippled" | "bruises" | "stunned";

export interface FallLocationRow {
  rolls: { from: number; to: number };
  /** The head is hit (L3273, L3289). */
  head: boolean;
  effect: FallEffect;
  /** Locations crippled (L3277–3285). */
  crippled: readonly HitLocation[];
}

const fall = (from: number, to: number, effect: FallEffect, crippled: HitLocation[] = []) => ({
  rolls: { from, to },
  head: effect === "knocked-out" || effect === "stunned",
  effect,
  crippled,
});

/**
 * Hit Location from a Fall, 2d6 (L3273–3289): 2 head, knocked out (HT roll every 30 minutes to
 * come to); 3 both arms; 4 both legs; 5 right leg; 6 left arm; 7 right arm; 8 left leg crippled;
 * 9–10 bruises only; 11–12 head, stunned.
 */
export const FALL_LOCATION_TABLE: readonly FallLocationRow[] = deepFreeze([
  fall(2, 2, "knocked-out"),
  fall(3, 3, "crippled", ["left-arm", "right-arm"]),
  fall(4, 4, "crippled", ["left-leg", "right-leg"]),
  fall(5, 5, "crippled", ["right-leg"]),
  fall(6, 6, "crippled", ["left-arm"]),
  fall(7, 7, "crippled", ["right-arm"]),
  fall(8, 8, "crippled", ["left-leg"]),
  fall(9, 10, "bruises"),
  fall(11, 12, "stunned"),
]);

/** The Hit Location from a Fall row for a 2d6 roll (L3271). */
export function fallLocation(roll2d6: number): FallLocationRow {
  const roll = readNumber(roll2d6, "roll2d6", { integer: true, min: 2, max: 12 });
  return copy(FALL_LOCATION_TABLE.find((r) => roll >= r.rolls.from && roll <= r.rolls.to)!);
}

/**
 * Recovery from a fall's crippling (L3291): under 5 hits of fall damage it heals by itself
 * within 10 minutes; otherwise a crippling-recovery HT roll (§9.4) at +5.
 */
export function fallCripplingRecovery(fallDamage: number): {
  automatic: boolean;
  htBonus: number;
} {
  const hits = readNumber(fallDamage, "fallDamage", { integer: true, min: 0 });
  return hits < 5 ? { automatic: true, htBonus: 0 } : { automatic: false, htBonus: 5 };
}
