/**
 * The attack's situation on the map in GURPS Man to Man terms (issue 17; seed 004, spec §4.4,
 * §5.2, §6.5, §12; "Lnnn" is a seed line): the scene's distance in yards, the range modifiers
 * of a missile or thrown weapon (snap shot, point blank, range; half damage; out of range), the
 * light, and facing: the hex the attack comes from in the defender's arcs (which defences and
 * how, §6.5) and where the defender stands in the attacker's (a wild swing or a blind shot,
 * §5.2, §12.4). Pure: the Foundry adapter measures (src/core/facing.ts,
 * src/foundry/combat/geometry.ts) and puts the result in the flow declaration; the GM's client
 * rebuilds it from its own measurement.
 *
 * Not here, by ruling M111: the seed's size and moving-target modifiers (L3507-3523,
 * L3543-3553) are for inanimate objects; a fighter is man-sized and moves as a man, which the
 * skill roll already assumes, and the seed gives no size for its races or creatures.
 */
import type { Arc, LightLevel } from "../../core/facing";
import { InputError, readNumber } from "../../core/errors";
import type { Modifier } from "../../core/modifiers";
import type { FromHex } from "./defence";
import {
  rangeModifiers,
  SHOOTING_BLIND,
  SHOOTING_BLIND_MAX_ROLL,
  type RangeWeapon,
} from "./ranged";

const src = (lines: string, section: string): string => `seed 004 ${lines}; m2m-spec ${section}`;

/**
 * The keys of the modifiers this module adds to an attack (the flow accepts only these). The
 * snap shot and the aim are not the map's: the flow counts them from the Aim maneuver (tactics.ts).
 */
export const SITUATION_KEYS = [
  "attack.point-blank",
  "attack.range",
  "attack.bad-light",
  "attack.total-darkness",
  "attack.wild-swing",
  "attack.shooting-blind",
] as const;
export type SituationKey = (typeof SITUATION_KEYS)[number];

/** Each key's seed lines and spec section, for the modifier's `source`. */
const SOURCES: Readonly<Record<SituationKey, string>> = Object.freeze({
  "attack.point-blank": src("L2907", "§12.3"),
  "attack.range": src("L2909, L2928-2930", "§12.3"),
  "attack.bad-light": src("L1724", "§5.2"),
  "attack.total-darkness": src("L1726", "§5.2"),
  "attack.wild-swing": src("L2153-2165", "§5.2"),
  "attack.shooting-blind": src("L2869-2871", "§12.4"),
});

/** A situation modifier with its source (the flow's reading of a declared one). */
export function situationModifier(key: string, value: number, field = "key"): Modifier {
  if (!(SITUATION_KEYS as readonly string[]).includes(key))
    throw new InputError(field, key, `expected one of ${SITUATION_KEYS.join(", ")}`);
  return { key, value, source: SOURCES[key as SituationKey] };
}

// ── Distance (ruling M109) ───────────────────────────────────────────────────────────────────

/** Yards per grid unit, by the scene's units as GMs write them (ruling M109). */
const YARDS_PER_UNIT: Readonly<Record<string, number>> = Object.freeze({
  yd: 1,
  yds: 1,
  yard: 1,
  yards: 1,
  // "Each hex represents one yard" (L1960).
  hex: 1,
  hexes: 1,
  ft: 1 / 3,
  feet: 1 / 3,
  foot: 1 / 3,
  m: 1 / 0.9144,
  meter: 1 / 0.9144,
  meters: 1 / 0.9144,
  metre: 1 / 0.9144,
  metres: 1 / 0.9144,
});

/**
 * Yards per unit of a scene's distance (ruling M109): yards or hexes as they are (L1960: each
 * hex is one yard), feet ÷ 3, metres ÷ 0.9144; null for units it cannot read (the adapter then
 * reads the distance as yards). `units` is the scene's grid units, compared without case or
 * spaces.
 */
export function yardsPerUnit(units: string | null | undefined): number | null {
  const u = (units ?? "").trim().toLowerCase().replace(/\.$/, "");
  return Object.hasOwn(YARDS_PER_UNIT, u) ? YARDS_PER_UNIT[u]! : null;
}

// ── Facing (ruling M108) ─────────────────────────────────────────────────────────────────────

/**
 * The hex the attack comes from, as the defence rules name it (§6.5): the defender's front, its
 * right (weapon) side, its left (shield) side, or its back. A right-handed defender is assumed
 * (L1976: weapon side right); the Basic system has no facing: always the front (L1970 is
 * Advanced).
 */
export function fromHexOf(arc: Arc | null, advanced: boolean): FromHex {
  if (!advanced || arc === null) return "front";
  if (arc === "right") return "weapon-side";
  if (arc === "left") return "shield-side";
  return arc;
}

/** How the attacker's own facing spoils the attack: none, a wild swing, or a blind shot. */
export type OffArc = "wild-swing" | "shooting-blind" | null;

/**
 * Whether the defender stands outside the attacker's front (Advanced; `toArc` is the defender's
 * place in the attacker's arcs): a hand-weapon attack into a side or back hex is a wild swing
 * (L2153-2165), a ranged attack outside the front arc a blind shot (L2857-2871).
 */
export function offArcOf(toArc: Arc | null, ranged: boolean, advanced: boolean): OffArc {
  if (!advanced || toArc === null || toArc === "front") return null;
  return ranged ? "shooting-blind" : "wild-swing";
}

/** Wild swing: −5, or a maximum roll of 9, whichever is worse (L2155). */
export const WILD_SWING = -5;
export const WILD_SWING_MAX_ROLL = 9;

/**
 * The wild swing's or blind shot's modifier given the effective skill before it: −5 (wild swing)
 * or −10 (blind shot), or whatever brings the skill down to 9, whichever is worse.
 */
export function offArcModifier(offArc: Exclude<OffArc, null>, skill: number): Modifier {
  const s = readNumber(skill, "skill");
  const [key, floor, cap] =
    offArc === "wild-swing"
      ? (["attack.wild-swing", WILD_SWING, WILD_SWING_MAX_ROLL] as const)
      : (["attack.shooting-blind", SHOOTING_BLIND, SHOOTING_BLIND_MAX_ROLL] as const);
  return situationModifier(key, Math.min(floor, cap - s));
}

// ── Light (ruling M110) ──────────────────────────────────────────────────────────────────────

/** Bad light "−5, approximately" (L1724) and total darkness −10 (L1726). */
export const BAD_LIGHT = -5;
export const TOTAL_DARKNESS = -10;

/** The light's modifier, if any (L1724-1726). */
export function lightModifiers(light: LightLevel | null): Modifier[] {
  if (light === "dim") return [situationModifier("attack.bad-light", BAD_LIGHT)];
  if (light === "dark") return [situationModifier("attack.total-darkness", TOTAL_DARKNESS)];
  return [];
}

// ── Range (§12.3) ────────────────────────────────────────────────────────────────────────────

export interface RangedSituation {
  /** Point blank or range, itemised (the aim is the flow's, tactics.ts). */
  modifiers: Modifier[];
  /** Distance ≥ the half-damage range: the damage roll is halved (L2911, A12). */
  halfDamage: boolean;
  /** +1 damage for a missile weapon (not a thrown one) at point blank (L2907), else 0. */
  damageBonus: number;
}

/**
 * A missile or thrown attack at `distanceYd` yards (§12.2-12.3, `rangeModifiers`), without the
 * aim (the snap shot −4 or the aim bonus: the flow's Aim maneuver, tactics.ts), +4 within point
 * blank (none with a default thrown-weapon skill, L2907), else −floor(distance / increment);
 * half damage from the half-damage range. Beyond the maximum range there is no attack (L2913):
 * an InputError on `situation.distance`. A distance that is not known cannot be fired at:
 * likewise, asking for it.
 */
export function rangedSituation(
  distanceYd: number | null,
  weapon: RangeWeapon,
  opts: { defaultSkill?: boolean } = {},
): RangedSituation {
  if (distanceYd === null)
    throw new InputError("situation.distance", null, "a ranged attack needs the distance");
  const r = rangeModifiers(distanceYd, weapon, { defaultSkill: !!opts.defaultSkill });
  if (r.outOfRange)
    throw new InputError(
      "situation.distance",
      distanceYd,
      `beyond the weapon's maximum range of ${weapon.max} yards (L2913)`,
    );
  const keyOf: Record<string, SituationKey> = {
    pointBlank: "attack.point-blank",
    range: "attack.range",
  };
  // The aim (the snap shot's −4, the aim bonus) is the Aim maneuver's, counted by the flow's
  // tactics (tactics.ts `tacticsAttackModifiers`); the map gives only point blank and range.
  const modifiers = r.modifiers
    .filter((m) => m.key !== "snapShot" && m.key !== "aim")
    .map((m) => {
      const key = keyOf[m.key];
      if (!key) throw new InputError("modifier", m.key, "not a range modifier");
      return situationModifier(key, m.value);
    });
  return { modifiers, halfDamage: r.halfDamage, damageBonus: r.pointBlankDamageBonus };
}
