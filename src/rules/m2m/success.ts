/**
 * Success rolls and contests of GURPS Man to Man (spec §1; seed 004 L418-450). "Lnnn" is a
 * line of seed 004, "§n" a section of `../shared/rules/m2m-spec.md`.
 *
 * Every function takes dice already rolled (a 3d6 total), so any example can be replayed.
 */
import { InputError, readBoolean, readNumber } from "../../core/errors";
import type { SuccessResult } from "./types";

/** Rolls at or below this always succeed, if there was a chance at all (L422, L1710, L1786). */
export const AUTO_SUCCESS_MAX = 4;
/** Rolls at or above this always fail (L422). */
export const AUTO_FAILURE_MIN = 17;

export interface SuccessOptions {
  /**
   * Whether a roll was possible at all (L422 "IF you had a chance at all"; spec §1.1, A1).
   * Default true: the rules allow the roll, so 3-4 succeed whatever the target. False: there
   * was no chance (a skill that cannot be used by default, L714; a defence with neither an
   * active defence nor PD, §6.1), and the roll fails whatever it shows.
   */
  hadChance?: boolean;
}

function readRoll(value: unknown, field: string): number {
  return readNumber(value, field, { integer: true, min: 3, max: 18 });
}

function readTarget(value: unknown, field: string): number {
  return readNumber(value, field, { integer: true, min: -100, max: 100 });
}

/**
 * A success roll (L422, spec §1.1): 3d6 ≤ target succeeds; 3-4 always succeed if there was a
 * chance; 17-18 always fail. Margin = target − roll (L436). The generic `critical` flag marks
 * a natural 3-4 success or 17-18 failure (spec §1.3: the book's floor for every roll type); the
 * attack and defence modules apply their own, wider critical rules (§5.3, §5.4, §6.7).
 */
export function successRoll(
  target: number,
  roll: number,
  opts: SuccessOptions = {},
): SuccessResult {
  const t = readTarget(target, "target");
  const r = readRoll(roll, "roll");
  const hadChance = opts.hadChance === undefined ? true : readBoolean(opts.hadChance, "hadChance");
  let success: boolean;
  if (!hadChance) success = false;
  else if (r <= AUTO_SUCCESS_MAX) success = true;
  else if (r >= AUTO_FAILURE_MIN) success = false;
  else success = r <= t;
  const critical = hadChance && (success ? r <= AUTO_SUCCESS_MAX : r >= AUTO_FAILURE_MIN);
  return { target: t, roll: r, success, margin: t - r, critical };
}

/** One side of a contest: the score tested (already modified) and the 3d6 rolled. */
export interface ContestSide {
  target: number;
  roll: number;
  hadChance?: boolean;
}

export type ContestWinner = "a" | "b" | "tie" | "none";

export interface ContestResult {
  result: ContestWinner;
  /** The winner's margin of victory: his margin less the loser's (0 for a tie or none). */
  by: number;
  a: SuccessResult;
  b: SuccessResult;
}

function side(s: ContestSide, field: string): SuccessResult {
  if (s === null || typeof s !== "object")
    throw new InputError(field, s, "expected { target, roll }");
  const opts: SuccessOptions = {};
  if (s.hadChance !== undefined) opts.hadChance = s.hadChance;
  try {
    return successRoll(s.target, s.roll, opts);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${field}.${e.field}`, e.value, e.reason);
    throw e;
  }
}

/**
 * A quick contest with its margins (L446-448, spec §1.2): one roll each. Both fail: nobody
 * wins (`none`). One succeeds: he wins. Both succeed: the larger margin wins; equal margins
 * tie ("A tie is always possible").
 */
export function quickContestDetail(a: ContestSide, b: ContestSide): ContestResult {
  const x = side(a, "a");
  const y = side(b, "b");
  let result: ContestWinner;
  if (!x.success && !y.success) result = "none";
  else if (x.success !== y.success) result = x.success ? "a" : "b";
  else result = x.margin === y.margin ? "tie" : x.margin > y.margin ? "a" : "b";
  const by = result === "a" ? x.margin - y.margin : result === "b" ? y.margin - x.margin : 0;
  return { result, by, a: x, b: y };
}

/** A quick contest (L446-448): who won. See {@link quickContestDetail} for the margins. */
export function quickContest(a: ContestSide, b: ContestSide): ContestWinner {
  return quickContestDetail(a, b).result;
}

/**
 * One turn of a regular contest (L442-444, spec §1.2): each side rolls; if exactly one
 * succeeds he wins; if both succeed or both fail there is no result (`none`) and they roll
 * again next turn (the caller loops, one pair of rolls a turn).
 */
export function regularContest(a: ContestSide, b: ContestSide): "a" | "b" | "none" {
  const x = side(a, "a");
  const y = side(b, "b");
  if (x.success === y.success) return "none";
  return x.success ? "a" : "b";
}
