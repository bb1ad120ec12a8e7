/**
 * HârnMaster Gold encumbrance & fatigue (seed 000 lines 101-113; rulings G64-G66):
 *
 * - ENC = Load × 20 / Condition ML (000:105), rounded half up; it is subtracted from every skill
 *   Physical Penalty affects (000:107). HM3 keeps PP in whole levels of 5 EML points (hm3.md §2),
 *   so the encumbrance part of PP is ENC ÷ 5, rounded half up (G64).
 * - Condition ML: the actor's skill named "Condition" when it has one with an ML, else
 *   Endurance × 5 (G65; the figure g-rolls' shock rolls use too).
 * - FR = ENC / 10, rounded down, at least 1 (000:111-113): Fatigue Points gained per minute of
 *   strenuous activity; FPs are recovered at Condition SI per 2 minutes of rest (000:113, G66).
 */
import { skillIndex } from "./turns-initiative";

/** Condition ML (G65): the Condition skill's ML when given and ≥ 1, else Endurance × 5. */
export function conditionMl(endurance: number, conditionSkillMl: number | null): number {
  return conditionSkillMl !== null && conditionSkillMl >= 1 ? conditionSkillMl : endurance * 5;
}

/** ENC = Load × 20 / Condition ML, rounded half up (000:105); 0 without load. */
export function goldEnc(load: number, condition: number): number {
  if (!(condition > 0)) throw new RangeError(`Condition ML must be ≥ 1 (got ${condition})`);
  return Math.round((load * 20) / condition);
}

/** The encumbrance part of HM3's PP for an ENC (G64): ENC ÷ 5, rounded half up. */
export function encumbranceLevels(enc: number): number {
  return Math.round(enc / 5);
}

/** Fatigue Rate: ENC / 10 rounded down, at least 1 (000:111-113). */
export function fatigueRate(enc: number): number {
  return Math.max(1, Math.floor(enc / 10));
}

/** Fatigue Points gained over `minutes` whole minutes of strenuous activity (000:109). */
export function fatigueGained(enc: number, minutes: number): number {
  return Math.max(0, Math.floor(minutes)) * fatigueRate(enc);
}

/**
 * Fatigue left after `minutes` of rest (000:113): Condition SI recovered per whole 2 minutes,
 * never below 0.
 */
export function fatigueAfterRest(fatigue: number, condition: number, minutes: number): number {
  const periods = Math.max(0, Math.floor(minutes / 2));
  return Math.max(0, fatigue - periods * skillIndex(condition));
}

/** The derived figures of the option (`Hm3Derived.goldEncumbrance`). */
export interface GoldEncumbrance {
  conditionMl: number;
  /** ENC in EML points. */
  enc: number;
  /** Fatigue Points per minute of strenuous activity. */
  fatigueRate: number;
  /** Condition SI: FPs recovered per 2 minutes of rest. */
  recovery: number;
}

/** The option's figures for a load and a Condition ML. */
export function goldEncumbrance(load: number, condition: number): GoldEncumbrance {
  const enc = goldEnc(load, condition);
  return {
    conditionMl: condition,
    enc,
    fatigueRate: fatigueRate(enc),
    recovery: skillIndex(condition),
  };
}

/** Rounds of 10 seconds in a minute (hm3.md §2): the tracker adds FR every 6 rounds (G66). */
export const ROUNDS_PER_MINUTE = 6;

/**
 * Whether a minute of combat ends as round `round` starts (G66): rounds 7, 13, 19… (after 6, 12,
 * 18 rounds fought).
 */
export function minuteEndsAt(round: number): boolean {
  return Number.isInteger(round) && round > 1 && (round - 1) % ROUNDS_PER_MINUTE === 0;
}
