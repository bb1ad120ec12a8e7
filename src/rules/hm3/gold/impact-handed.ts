/**
 * HârnMaster Gold "One-Handed vs. Two-Handed Weapon Impact" (seed 000 lines 231-241): a
 * two-handed weapon in one hand loses a tenth of the Hand Mode penalty from its base impact;
 * a one-handed weapon in both hands halves its Strength Requirement; a wielder below the
 * requirement strikes as with a lighter weapon; the sub-rule `handModePenalty` (line 241) eases
 * the penalty by 5 per weight class lighter than optimal. Pure arithmetic (rulings G16-G19).
 */

/** How a weapon is wielded in a strike (the CLI's `attack.handed`; combat.ts builds it). */
export interface HandedGrip {
  /** The hands the weapon is made for: HM3's hand mode, `either` counting as one (G16). */
  weapon: "one" | "two";
  /** The hands it is wielded in now. */
  grip: "one" | "two";
  /** The Hand Mode penalty (EML points, 0 or more) of this grip, e.g. 10 primary, 20 secondary. */
  penalty: number;
  /** Weight classes lighter than optimal for the wielder (line 241); absent: 0. */
  lighter?: number;
  /** The wielder's Strength; absent: no Strength Requirement check. */
  str?: number;
  /** The weapon's Strength Requirement; absent: none. */
  strRequirement?: number;
  /** Base impact lost below the requirement (weight classes down to what STR allows); absent: 1. */
  strLoss?: number;
}

export interface HandedImpact {
  /** Base impact lost to the one-handed grip: ⌊penalty ÷ 10⌋ (000:233). */
  gripLoss: number;
  /** The Strength Requirement that counts: halved, rounded off, for a one-hander in two hands. */
  strRequirement: number | null;
  /** Base impact lost for want of Strength (000:239). */
  strLoss: number;
  /** The Hand Mode penalty on the EML after the lighter-weapon easing (000:241). */
  emlPenalty: number;
}

/** Half, rounded off: 8.5 → 9 (000:239). */
export function halfRoundedOff(n: number): number {
  return Math.floor(n / 2 + 0.5);
}

/**
 * What the grip does to a strike (000:233-241). `lighterRule` is the sub-rule
 * `handModePenalty` (000:241): without it the lighter weapon does not ease the penalty.
 */
export function handedImpact(g: HandedGrip, lighterRule: boolean): HandedImpact {
  // A two-handed weapon in one hand: a tenth of the penalty, rounded down (000:233). A lighter
  // weapon does not improve impact (000:241), so the loss reads the penalty before easing.
  const gripLoss = g.weapon === "two" && g.grip === "one" ? Math.floor(g.penalty / 10) : 0;
  let strRequirement: number | null = null;
  let strLoss = 0;
  if (g.strRequirement !== undefined) {
    // No gain in impact for a one-hander in both hands, but half the requirement (000:235).
    strRequirement =
      g.weapon === "one" && g.grip === "two" ? halfRoundedOff(g.strRequirement) : g.strRequirement;
    if (g.str !== undefined && g.str < strRequirement) strLoss = g.strLoss ?? 1;
  }
  const eased = lighterRule ? g.penalty - 5 * (g.lighter ?? 0) : g.penalty;
  return { gripLoss, strRequirement, strLoss, emlPenalty: Math.max(0, eased) };
}

/** A base impact after the grip's losses, never below 0 (000:233). */
export function handedBase(base: number, h: HandedImpact): number {
  return Math.max(0, base - h.gripLoss - h.strLoss);
}
