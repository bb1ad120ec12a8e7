/**
 * HârnMaster Gold "Unarmed combat styles" (seed 000 lines 346-366) for HM3: the styles' strike and
 * grapple ML modifiers, the Kamtóla skill base and the technique roll penalties. Pure.
 * Rulings G48, G49 (docs/rulings.md).
 */
import type { Dice } from "../../../core/dice";
import type { Level } from "../tables";
import { goldOn, type GoldOptions } from "./options";
import { efsRoll, type EfsFighter, type EfsKind } from "./rolls-efs";
import type { TechniqueOutcome, UnarmedMode, UnarmedStyle } from "./rolls";

/** Seed 000 lines 351-354: each style's Strike and Grapple ML modifier, and its line. */
export const UNARMED_STYLE_TABLE: Readonly<
  Record<UnarmedStyle, Readonly<{ strike: number; grapple: number; line: number }>>
> = Object.freeze({
  brawling: Object.freeze({ strike: -10, grapple: -10, line: 351 }),
  wrestling: Object.freeze({ strike: -10, grapple: 0, line: 352 }),
  kamtola: Object.freeze({ strike: -10, grapple: 0, line: 353 }),
  sashata: Object.freeze({ strike: 0, grapple: -10, line: 354 }),
});

/** Brawling is every character's (000:356): the style of one who names none. */
export const DEFAULT_UNARMED_STYLE: UnarmedStyle = "brawling";

/** The ML modifier of an unarmed attack in a style (000:351-354). */
export function unarmedStyleModifier(style: UnarmedStyle, mode: UnarmedMode): number {
  return UNARMED_STYLE_TABLE[style][mode];
}

/**
 * The attributes of the Unarmed Combat skill base (000:362, ruling G49): HM3's STR DEX AGL, or
 * DEX AGL AGL for a Kamtóla fighter while kamtolaSkillBase takes effect.
 */
export function unarmedSkillBaseAttributes(
  style: UnarmedStyle,
  options: Readonly<Partial<GoldOptions>>,
): readonly ["str", "dex", "agl"] | readonly ["dex", "agl", "agl"] {
  return style === "kamtola" && goldOn(options, "kamtolaSkillBase")
    ? (["dex", "agl", "agl"] as const)
    : (["str", "dex", "agl"] as const);
}

/** The multiplier of the Skill Index by the martial artist's level (000:366); CF forces nothing. */
export const TECHNIQUE_MULTIPLIER: Readonly<Record<Level, number | null>> = Object.freeze({
  CS: 5,
  MS: 2,
  MF: 0,
  CF: null,
});

/** The technique roll's penalty in d100 points (000:366): −SI ×5 / ×2 / ×0; null after a CF. */
export function techniquePenalty(si: number, level: Level): number | null {
  const k = TECHNIQUE_MULTIPLIER[level];
  return k === null ? null : -(si * k) + 0;
}

/**
 * The roll a technique forces (000:366, ruling G48): made when the unarmed attack strikes (an
 * attacker's A★ or B★), at −SI ×5/×2/×0 by the attack roll's level.
 */
export function techniqueRoll(
  dice: Dice,
  technique: { roll: EfsKind; si: number },
  attackLevel: Level,
  defender: EfsFighter & { up: number; pp: number },
  options: Readonly<Partial<GoldOptions>>,
): TechniqueOutcome | undefined {
  if (!goldOn(options, "unarmedTechniquePenalties")) return undefined;
  const penalty = techniquePenalty(technique.si, attackLevel);
  if (penalty === null) return undefined;
  const check = efsRoll(
    dice,
    "technique",
    technique.roll,
    defender,
    defender.up,
    defender.pp,
    penalty,
    options,
  );
  return { roll: technique.roll, si: technique.si, penalty, check };
}
