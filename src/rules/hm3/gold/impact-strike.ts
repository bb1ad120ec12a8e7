/**
 * The impact group's hooks in HM3's `deliverStrike` (src/rules/hm3/exchange.ts): the base impact
 * a strike starts from (one- vs two-handed, angry strike) and the effective impact its injury
 * is read at (blunt trauma, size). Each adds its report to the strike only when it changes it,
 * so a strike with these options off is what it always was.
 */
import { goldOn, type GoldOptions } from "./options";
import { angryBonus } from "./impact-angry";
import { bluntTrauma as recalc, bluntTraumaApplies, type BluntTrauma } from "./impact-blunt";
import { handedBase, handedImpact, type HandedGrip } from "./impact-handed";
import { SIZE_CLASSES, sizeAdjusted, sizeClassAt, type SizeClass } from "./impact-size";

/** What the impact group adds to a striking weapon (the attack, a counterstrike's weapon). */
export interface ImpactWeapon {
  /** Angry strike (000:21): EML points sacrificed, a multiple of 10. */
  angry?: number;
  /** The weapon's Mastery Level, for the Skill Index cap (000:29). */
  ml?: number;
  /** The weapon's Blunt base impact for blunt trauma (000:33; arrows and bolts 0, 000:35). */
  blunt?: number;
  /** How the weapon is wielded (000:231-241). */
  handed?: HandedGrip;
}

/** What the impact group reports on a strike, each only when its rule changed the strike. */
export interface ImpactStrikeReport {
  /** Angry strike: the impact bonus added (000:21). */
  angryBonus?: number;
  /** One- vs two-handed: the base impact struck with and what the grip and Strength took off. */
  handedImpact?: { base: number; gripLoss: number; strLoss: number };
  /** Blunt trauma: the recalculation with the Blunt aspect (000:37). */
  bluntTrauma?: BluntTrauma;
  /** Minimum injury (000:39): the lightest wound, M1, was given where the table gave none. */
  minimumInjury?: boolean;
  /** Impact & size: the class met, its multiplier and the effective impact the table read. */
  size?: { sizeClass: SizeClass; multiplier: number; effectiveImpact: number };
}

/** The impact a strike starts from before its dice (000:21, 000:233-239). */
export function strikeBase(
  weapon: { impact: number } & ImpactWeapon,
  options: Readonly<Partial<GoldOptions>>,
): { base: number; bonus: number; blunt: number; report: ImpactStrikeReport } {
  const report: ImpactStrikeReport = {};
  let base = weapon.impact;
  let blunt = weapon.blunt ?? 0;
  if (weapon.handed && goldOn(options, "handedImpact")) {
    const h = handedImpact(weapon.handed, goldOn(options, "handModePenalty"));
    if (h.gripLoss + h.strLoss > 0) {
      base = handedBase(base, h);
      blunt = handedBase(blunt, h);
      report.handedImpact = { base, gripLoss: h.gripLoss, strLoss: h.strLoss };
    }
  }
  const bonus = goldOn(options, "angryStrike")
    ? angryBonus(weapon.angry, weapon.ml, goldOn(options, "angryStrikeMaxBonus"))
    : 0;
  if (bonus > 0) report.angryBonus = bonus;
  return { base, bonus, blunt, report };
}

/** Where a strike landed and what it met, for `injuryImpact`. */
export interface LandedStrike {
  aspect: string;
  /** The impact dice and angry bonus (impact less the base). */
  diceAndBonus: number;
  armour: number;
  effectiveImpact: number;
  /** The unsided location id (the size class key). */
  location: string;
  /** The Blunt armour there (read only when blunt trauma needs it). */
  bluntArmour: () => number;
}

/**
 * The effective impact the injury table reads (000:37 blunt trauma, then 000:133 size), the
 * aspect the wound counts as (Blunt after blunt trauma, for amputation and bleeding), and
 * whether the lightest wound is the least it does (000:39).
 */
export function injuryImpact(
  s: LandedStrike,
  bluntBase: number,
  victim: {
    sizeClass?: SizeClass;
    locationSizeClasses?: Readonly<Record<string, SizeClass>>;
  },
  options: Readonly<Partial<GoldOptions>>,
  report: ImpactStrikeReport,
): { effectiveImpact: number; blunt: boolean; minimum: boolean } {
  let effective = s.effectiveImpact;
  let blunt = false;
  let minimum = false;
  if (goldOn(options, "bluntTrauma") && bluntTraumaApplies(s.aspect, s.armour, effective)) {
    const bt = recalc(bluntBase, s.diceAndBonus, s.bluntArmour());
    report.bluntTrauma = bt;
    effective = bt.effectiveImpact;
    blunt = true;
    minimum = goldOn(options, "bluntTraumaMinimumInjury");
  }
  if (goldOn(options, "impactSize")) {
    const cls = sizeClassAt(victim, s.location, goldOn(options, "impactSizeByLocation"));
    if (cls !== "medium" && effective >= 1) {
      const adjusted = sizeAdjusted(effective, cls);
      report.size = {
        sizeClass: cls,
        multiplier: SIZE_CLASSES[cls].multiplier,
        effectiveImpact: adjusted,
      };
      effective = adjusted;
    }
  }
  return { effectiveImpact: effective, blunt, minimum };
}

/** The lightest HM3 wound, M1, that minimum injury gives (000:39; ruling G14). */
export const MINIMUM_INJURY_CELL = Object.freeze({
  severity: "M" as const,
  level: 1,
  fumbleStumble: false,
  amputation: false,
});

/** Copies a striking weapon's impact-group fields (the result's copy of the defence, hot.ts). */
export function copyImpactWeapon(from: ImpactWeapon, to: ImpactWeapon): void {
  if (from.angry !== undefined) to.angry = from.angry;
  if (from.ml !== undefined) to.ml = from.ml;
  if (from.blunt !== undefined) to.blunt = from.blunt;
  if (from.handed !== undefined) to.handed = { ...from.handed };
}
