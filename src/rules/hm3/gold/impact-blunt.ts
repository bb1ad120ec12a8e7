/**
 * HârnMaster Gold "Blunt Trauma Injuries" (seed 000 lines 31-39): a non-penetrating Edge, Bite,
 * Claw or Point strike (effective impact 1-4 on an armoured location) is recalculated with the
 * weapon's Blunt base impact and the Blunt armour, the same impact dice; the sub-rule
 * `bluntTraumaMinimumInjury` (line 39) makes it at least the lightest wound. Pure.
 */

/**
 * The aspects blunt trauma reads (000:33): Edge and Point, HM3's Bite (= Point, ruling R1) and
 * Tear, which stands for Gold's Claw (HM3 has no Claw aspect; Tear = Edge, R1; ruling G13).
 */
export const BLUNT_TRAUMA_ASPECTS: readonly string[] = Object.freeze([
  "edge",
  "point",
  "bite",
  "tear",
]);

/** The lowest and highest non-penetrating effective impact (000:33). */
export const NON_PENETRATING = Object.freeze({ min: 1, max: 4 });

/** What the recalculation reports on the strike (issue 19's CLI contract). */
export interface BluntTrauma {
  /** Blunt base impact + the same impact dice (+ an angry strike's bonus). */
  impact: number;
  /** The location's Blunt armour. */
  armour: number;
  effectiveImpact: number;
}

/**
 * Whether blunt trauma recalculates a strike (000:33): an Edge/Bite/Claw/Point strike whose
 * effective impact is 1-4 on a location whose armour against that aspect is above 0 (ruling
 * G13: "clothed or armoured" is any armour there).
 */
export function bluntTraumaApplies(
  aspect: string,
  armour: number,
  effectiveImpact: number,
): boolean {
  return (
    BLUNT_TRAUMA_ASPECTS.includes(aspect) &&
    armour > 0 &&
    effectiveImpact >= NON_PENETRATING.min &&
    effectiveImpact <= NON_PENETRATING.max
  );
}

/**
 * The recalculation (000:37): the weapon's Blunt base (0 for an arrow or bolt, 000:35; 0 when
 * the weapon has none, 000:33) plus the same dice and bonus, less the Blunt armour.
 */
export function bluntTrauma(
  bluntBase: number,
  diceAndBonus: number,
  bluntArmour: number,
): BluntTrauma {
  const impact = Math.max(0, bluntBase) + diceAndBonus;
  return { impact, armour: bluntArmour, effectiveImpact: impact - bluntArmour };
}
