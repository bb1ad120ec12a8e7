/**
 * HârnMaster Gold "Injury table & Shock / Fumble / Stumble rolls" (seed 000 lines 156-169) on
 * HM3's rolls (hm3.md §2: Shock = UP d6 vs Endurance, Fumble = 3d6 vs DEX − PP, Stumble = 3d6 vs
 * AGL − PP). Pure: every die through the injected dice, under the name the caller gives.
 *
 * Rulings (docs/rulings.md): G40 (an HM3 wound's Injury Point band), G41 (d100 points on HM3's
 * d6 rolls: ÷5 onto the target, toward zero), G42 (the rolls' skills: d100 tests against an ML
 * less PP ×5), G43 (which rolls take the bonus).
 */
import { rollOne, sum, type Dice, type RollClassifier } from "../../../core/dice";
import { clamp } from "../../../core/modifiers";
import { EML_MAX, EML_MIN } from "../../shared/hm-test";
import { fumbleRoll, shockRoll, stumbleRoll, type Check } from "../mechanics";
import { goldOn, type GoldOptions } from "./options";

export type EfsKind = "shock" | "fumble" | "stumble";

/** The skill each roll is made against with `injuryRollSkills` (000:169). */
export const EFS_SKILL: Readonly<Record<EfsKind, "condition" | "weapon" | "dodge">> = Object.freeze(
  { shock: "condition", fumble: "weapon", stumble: "dodge" },
);

/** A fighter's Mastery Levels for the rolls' skills (ruling G42); absent: the defaults. */
export interface RollSkills {
  /** Condition ML (default Endurance ×5). */
  condition?: number;
  /** The ML of the weapon in hand (default DEX ×5). */
  weapon?: number;
  /** Dodge ML (default AGL ×5). */
  dodge?: number;
}

/** What a roll needs of the fighter who makes it. */
export interface EfsFighter {
  endurance: number;
  dex: number;
  agl: number;
  rollSkills?: RollSkills;
}

/** A Shock, Fumble or Stumble roll as made under the Gold options. */
export interface EfsCheck extends Check {
  /** 100: a d100 test against the skill (injuryRollSkills); absent: HM3's d6. */
  sides?: 100;
  /** The skill of a d100 roll, and its ML before PP ×5 and the points. */
  skill?: "condition" | "weapon" | "dodge";
  ml?: number;
  /** The Gold roll modifiers in d100 points (bonus, penalty, disarm…), summed. */
  points?: number;
  /** What those points moved a d6 roll's target by (÷5, toward zero, ruling G41). */
  shift?: number;
}

/** Injury Point bands of seed 000 lines 162-167, as ruling G40 maps an HM3 wound onto them. */
export type IpBand = "1-5" | "6-10" | "11-15" | "16-20" | "21-25" | "26+";

/**
 * Ruling G40: each HM3 injury level stands for 5 Injury Points (level L ≈ 5L−4..5L, so level
 * 4-5 ≈ 16+ as R29), M1 1-5, S2 6-10, S3 11-15, G4 16-20, G5 21-25; a K cell survived by a kill
 * roll is one band worse than the G of its level (K4 21-25, K5 26+).
 */
export function ipBandOf(level: number, tableSeverity: string): IpBand {
  const bands: IpBand[] = ["1-5", "6-10", "11-15", "16-20", "21-25", "26+"];
  const i = Math.min(5, Math.max(0, level - 1 + (tableSeverity === "K" ? 1 : 0)));
  return bands[i]!;
}

/**
 * The E/F/S bonus of an injury (000:160-167): +30 at 1-5 IP, +15 at 6-10, none at 11+; with the
 * grievous wound penalty −15 at 21+ and −30 at 26+. 0 while `injuryRollBonus` is off.
 */
export function injuryRollPoints(band: IpBand, options: Readonly<Partial<GoldOptions>>): number {
  if (!goldOn(options, "injuryRollBonus")) return 0;
  if (band === "1-5") return 30;
  if (band === "6-10") return 15;
  if (!goldOn(options, "grievousWoundPenalty")) return 0;
  if (band === "21-25") return -15;
  if (band === "26+") return -30;
  return 0;
}

/** Ruling G41: d100 points onto a d6 roll's target: ÷5 (1 attribute point = 5 ML), toward zero. */
export function d6Shift(points: number): number {
  return Math.trunc(points / 5) + 0;
}

/** The ML a fighter rolls a skill-based E/F/S roll against (ruling G42). */
export function rollSkillMl(kind: EfsKind, f: EfsFighter): number {
  const s = f.rollSkills;
  if (kind === "shock") return s?.condition ?? f.endurance * 5;
  if (kind === "fumble") return s?.weapon ?? f.dex * 5;
  return s?.dodge ?? f.agl * 5;
}

/** How a roll is made: `count` dice of `sides` against `target` (above it fails). */
export interface EfsSpec {
  sides: 6 | 100;
  count: number;
  target: number;
  shift: number;
  ml?: number;
}

/**
 * The roll a fighter makes (pure, for the engine and the odds): with `injuryRollSkills` a d100
 * test against the skill's ML − PP ×5 + points, clamped 5..95 (R21); otherwise HM3's roll with
 * the points ÷5 onto its target. `up`/`pp` include the new injury (R4).
 */
export function efsSpec(
  kind: EfsKind,
  f: EfsFighter,
  up: number,
  pp: number,
  points: number,
  options: Readonly<Partial<GoldOptions>>,
): EfsSpec {
  if (goldOn(options, "injuryRollSkills")) {
    const ml = rollSkillMl(kind, f);
    return {
      sides: 100,
      count: 1,
      target: clamp(ml - pp * 5 + points, EML_MIN, EML_MAX),
      shift: points,
      ml,
    };
  }
  const shift = d6Shift(points);
  if (kind === "shock")
    return { sides: 6, count: Math.max(0, up), target: f.endurance + shift, shift };
  return { sides: 6, count: 3, target: (kind === "fumble" ? f.dex : f.agl) - pp + shift, shift };
}

/**
 * The engine reads a roll only through its failure (total above target): the hint for the exact
 * odds (test/hm3/odds-gold.test.ts turns it off and finds the same odds).
 */
const EFS_FAILED: RollClassifier = (total, target) => total > target;

/**
 * Makes a Shock, Fumble or Stumble roll. With no Gold option at work and no points it is HM3's
 * own roll (mechanics.ts), dice for dice.
 */
export function efsRoll(
  dice: Dice,
  name: string,
  kind: EfsKind,
  f: EfsFighter,
  up: number,
  pp: number,
  points: number,
  options: Readonly<Partial<GoldOptions>>,
): EfsCheck {
  if (points === 0 && !goldOn(options, "injuryRollSkills")) {
    if (kind === "shock") return shockRoll(dice, name, up, f.endurance);
    if (kind === "fumble") return fumbleRoll(dice, name, f.dex, pp);
    return stumbleRoll(dice, name, f.agl, pp);
  }
  const spec = efsSpec(kind, f, up, pp, points, options);
  if (spec.sides === 100) {
    const roll = rollOne(dice, name, 100, EFS_FAILED, spec.target);
    return {
      roll: name,
      dice: 1,
      sides: 100,
      values: [roll],
      total: roll,
      target: spec.target,
      failed: roll > spec.target,
      skill: EFS_SKILL[kind],
      ml: spec.ml!,
      points,
    };
  }
  const values = dice.roll(name, spec.count, 6, EFS_FAILED, spec.target);
  const total = sum(values);
  return {
    roll: name,
    dice: spec.count,
    values,
    total,
    target: spec.target,
    failed: total > spec.target,
    points,
    shift: spec.shift,
  };
}
