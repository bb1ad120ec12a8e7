/**
 * HârnMaster Gold's random aspect (seed 000 line 328): the striking weapon's aspect is rolled on
 * 1d6, 1 Tertiary, 2-3 Secondary, 4-6 Primary; a weapon without the rolled aspect strikes with
 * its Primary. HM3 weapons list their Blunt, Edge and Point impacts with no order: ruling G24
 * ranks them by impact (see `aspectRanks`).
 */
import { rollOne, type Dice, type RollClassifier } from "../../../core/dice";

export const ASPECT_RANKS = ["primary", "secondary", "tertiary"] as const;
export type AspectRank = (typeof ASPECT_RANKS)[number];

/** The weapon's impact per aspect it has (HM3's Blunt, Edge, Point; a creature's own names). */
export type AspectImpacts = Readonly<Record<string, number>>;

/** A weapon as the random aspect reads it: the declared aspect and impact, and its others. */
export interface RankedWeapon {
  aspect: string;
  impact: number;
  aspects?: AspectImpacts;
}

/** What the roll gave (`strike.randomAspect`). */
export interface RandomAspect {
  /** The 1d6 (`aspect`, `counter.aspect`). */
  roll: number;
  /** The rank the roll named (1 tertiary, 2-3 secondary, 4-6 primary). */
  rank: AspectRank;
  /** The aspect struck with: the ranked one, or the primary when the weapon has none of that rank. */
  aspect: string;
  impact: number;
  /** The weapon had no aspect of the rolled rank, so it struck with its Primary. */
  primaryInstead: boolean;
  /** The aspect declared before the roll. */
  declared: string;
}

/** Column order for ties after the declared aspect (HM3's weapon data: B, E, P). */
const TIE_ORDER = ["blunt", "edge", "point"];

/**
 * The weapon's aspects, Primary first (ruling G24): by impact, highest first; equal impacts put
 * the declared aspect first, then Blunt, Edge, Point, then the rest by name. The declared aspect
 * always counts, with the declared impact.
 */
export function aspectRanks(weapon: RankedWeapon): { aspect: string; impact: number }[] {
  const all = new Map<string, number>();
  all.set(weapon.aspect, weapon.impact);
  for (const [aspect, impact] of Object.entries(weapon.aspects ?? {}))
    if (!all.has(aspect)) all.set(aspect, impact);
  const tie = (a: string) => {
    if (a === weapon.aspect) return -1;
    const i = TIE_ORDER.indexOf(a);
    return i < 0 ? TIE_ORDER.length : i;
  };
  return [...all.entries()]
    .map(([aspect, impact]) => ({ aspect, impact }))
    .sort(
      (a, b) =>
        b.impact - a.impact || tie(a.aspect) - tie(b.aspect) || a.aspect.localeCompare(b.aspect),
    );
}

/** The rank a 1d6 names (seed 000 line 328). */
export function rankOfRoll(roll: number): AspectRank {
  return roll <= 1 ? "tertiary" : roll <= 3 ? "secondary" : "primary";
}

/** A d6 aspect roll is read through the rank it names only (`rankOfRoll`). */
const RANK_HINT: RollClassifier = (roll) => rankOfRoll(roll);

/** The aspect a roll gives the weapon: the ranked one, or the Primary when it has none. */
export function aspectForRoll(weapon: RankedWeapon, roll: number): RandomAspect {
  const ranks = aspectRanks(weapon);
  const rank = rankOfRoll(roll);
  const hit = ranks[ASPECT_RANKS.indexOf(rank)];
  const chosen = hit ?? ranks[0]!;
  return {
    roll,
    rank,
    aspect: chosen.aspect,
    impact: chosen.impact,
    primaryInstead: hit === undefined,
    declared: weapon.aspect,
  };
}

/** Rolls the strike's aspect, 1d6 named `name` (`aspect`, `counter.aspect`). */
export function rollAspect(dice: Dice, name: string, weapon: RankedWeapon): RandomAspect {
  return aspectForRoll(weapon, rollOne(dice, name, 6, RANK_HINT));
}
