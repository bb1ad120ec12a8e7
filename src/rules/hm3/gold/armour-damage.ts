/**
 * HârnMaster Gold's weapon damage checks (seed 000 line 368), on HM3's Block weapon damage roll
 * (3d6 against WQ, hm3.md §2, rulings R5, R31, R41): a blocking shield checks first whatever its
 * WQ (`shieldsCheckFirst`), and each check's target is lowered by the opposing weapon's base
 * Blunt or Edge impact, whichever is higher, plus a mounted charge's impact bonus
 * (`weaponDamageModifiers`), converted to the 3d6 roll by ruling G27.
 */
import type { Side } from "../../../core/ruleset";
import { armourAspect } from "../mechanics";
import type { AspectImpacts } from "./armour-aspect";

/** The opposing weapon as the damage modifier reads it. */
export interface OpposingWeapon {
  /** The declared aspect and impact (an attack, a counterstrike); absent for a plain Block. */
  aspect?: string;
  impact?: number;
  aspects?: AspectImpacts;
  /** A mounted charge's impact bonus (the attacker's). */
  chargeBonus?: number;
}

/** What the modifier did to one side's check (`result.weaponDamageModifiers`). */
export interface WeaponDamageModifier {
  /** The side whose weapon checks. */
  side: Side;
  /** The opposing weapon's base Blunt or Edge impact, the higher, with any charge bonus; null when not declared. */
  opposingImpact: number | null;
  chargeBonus: number;
  /** What the 3d6 target loses: opposingImpact ÷ 5, halves rounded up (ruling G27). */
  reduction: number;
  /** WQ − reduction: the 3d6 roll's target. */
  target: number;
}

/**
 * The higher of a weapon's base Blunt and Edge impacts (a creature's Squeeze and Tear count as
 * Blunt and Edge, R1); null when it has neither or none is declared.
 */
export function bluntOrEdge(weapon: OpposingWeapon): number | null {
  let best: number | null = null;
  const take = (aspect: string, impact: number) => {
    const a = armourAspect(aspect);
    if ((a === "blunt" || a === "edge") && (best === null || impact > best)) best = impact;
  };
  if (weapon.aspect !== undefined && weapon.impact !== undefined)
    take(weapon.aspect, weapon.impact);
  for (const [aspect, impact] of Object.entries(weapon.aspects ?? {})) take(aspect, impact);
  return best;
}

/**
 * Ruling G27: the seed's 1d100 Target Level is read as WQ × 5 (HârnMaster's d100 = 3d6 figure ×
 * 5), so 5 points of impact take 1 from HM3's 3d6 target: the reduction is impact ÷ 5, halves
 * rounded up (as R11 rounds).
 */
export function wqReduction(impact: number): number {
  return Math.round(impact / 5);
}

/** One side's check under `weaponDamageModifiers`: the target and what lowered it. */
export function weaponDamageModifier(
  side: Side,
  wq: number,
  opposing: OpposingWeapon,
): WeaponDamageModifier {
  const base = bluntOrEdge(opposing);
  const chargeBonus = opposing.chargeBonus ?? 0;
  const opposingImpact =
    base === null ? (chargeBonus > 0 ? chargeBonus : null) : base + chargeBonus;
  const reduction = opposingImpact === null ? 0 : wqReduction(opposingImpact);
  return { side, opposingImpact, chargeBonus, reduction, target: wq - reduction };
}
