/**
 * HârnMaster Gold weapon reach (seed 000 lines 368-372; ruling G68), the engine's part:
 *
 * - `weaponReach`: a Long Reach weapon (pike, ísagâra: a weapon trait) has an Engagement Zone of
 *   2 hexes and can neither attack nor block an adjacent hex; it can block at 2 hexes an
 *   opponent who also bears a Long Reach weapon.
 * - `relativelyLongWeapons`: a weapon at least 2 Attack Classes above the opponent's improves
 *   its bearer's Initiative test by one success level when one engages the other.
 * - `naturalReach`: Tiny and Very Small creatures have no Engagement Zone (no attack on an
 *   adjacent hex); Very Large ones reach 2 hexes with a weapon of 4 ft or more; Monstrous ones
 *   (over 20 ft) reach 2 hexes naturally.
 *
 * Size classes are impact & size's ids (seed 000 lines 137-143, src/rules/hm3/gold/impact-size.ts).
 */
import { goldOn, type GoldOptions } from "./options";
import { attackClass } from "./turns-initiative";
import { LEVELS, type Level } from "../tables";

export type ReachSize =
  | "tiny"
  | "verySmall"
  | "small"
  | "medium"
  | "large"
  | "veryLarge"
  | "monstrous";

/** What reach reads of a fighter and the weapon it uses. */
export interface ReachFigures {
  /** The weapon's Long Reach trait. */
  longReach: boolean;
  /**
   * The weapon's length in feet, when known (natural reach of Very Large creatures); null:
   * unknown, which reaches 2 hexes (G87).
   */
  lengthFt: number | null;
  /** The fighter's size class (absent: medium). */
  size?: ReachSize;
}

/** The hexes a fighter can attack into: from `min` to `max` hexes away. */
export interface Zone {
  min: number;
  max: number;
}

/** Reasons (lang keys) an attack or block is not possible at a distance. */
export const REACH_KEYS = Object.freeze({
  tooClose: "BLOWBYBLOW.HM3.Gold.Turns.reach.tooClose",
  tooFar: "BLOWBYBLOW.HM3.Gold.Turns.reach.tooFar",
  noZone: "BLOWBYBLOW.HM3.Gold.Turns.reach.noZone",
});

/** The fighter's Engagement Zone under the options (HM3 without them: the adjacent hexes). */
export function engagementZone(f: ReachFigures, options: Readonly<Partial<GoldOptions>>): Zone {
  if (!goldOn(options, "weaponReach")) return { min: 1, max: 1 };
  if (f.longReach) return { min: 2, max: 2 };
  if (goldOn(options, "naturalReach")) {
    const size = f.size ?? "medium";
    if (size === "tiny" || size === "verySmall") return { min: 0, max: 0 };
    if (size === "monstrous") return { min: 1, max: 2 };
    // G87: a weapon of unknown length (no length is stored) is not refused the second hex.
    if (size === "veryLarge" && (f.lengthFt === null || f.lengthFt >= 4)) return { min: 1, max: 2 };
  }
  return { min: 1, max: 1 };
}

/**
 * Why a melee attack at `distance` hexes is not possible (a REACH_KEYS key), or null. An
 * unknown distance (null) is never refused: the GM judges.
 */
export function attackOutOfReach(zone: Zone, distance: number | null): string | null {
  if (distance === null || !Number.isFinite(distance)) return null;
  if (zone.max === 0 && distance >= 1) return REACH_KEYS.noZone;
  if (distance < zone.min) return REACH_KEYS.tooClose;
  if (distance > zone.max) return REACH_KEYS.tooFar;
  return null;
}

/**
 * Why a Long Reach weapon cannot block an attack from `distance` hexes (000:368: not from an
 * adjacent hex; at 2 hexes only against another Long Reach weapon), or null.
 */
export function longReachBlock(
  blocker: ReachFigures,
  attackerLongReach: boolean,
  distance: number | null,
  options: Readonly<Partial<GoldOptions>>,
): string | null {
  if (!goldOn(options, "weaponReach") || !blocker.longReach || distance === null) return null;
  if (distance <= 1) return REACH_KEYS.tooClose;
  return attackerLongReach ? null : REACH_KEYS.tooFar;
}

/**
 * Whether `mine` (a weapon's attack column) is a relatively long weapon against `theirs`: at
 * least 2 Attack Classes higher (000:368; 1 class = 5 points).
 */
export function relativelyLonger(
  mine: number,
  theirs: number,
  options: Readonly<Partial<GoldOptions>>,
): boolean {
  return goldOn(options, "relativelyLongWeapons") && attackClass(mine) - attackClass(theirs) >= 2;
}

/** A success level improved by one (MS becomes CS, 000:368); CS stays CS. */
export function improvedLevel(level: Level): Level {
  return LEVELS[Math.min(LEVELS.length - 1, LEVELS.indexOf(level) + 1)]!;
}
