/**
 * HârnMaster Gold disengaging, foe by foe (seed 000 line 87: "each opponent who is engaged with
 * the character may also test Initiative EML (if an opponent does not wish to make a roll, treat
 * the result as MF)"; rulings G67, G85). The disengager's own test (`disengage`, and a CF's
 * `disengage.stumble`) is rolled first; then each engaged foe answers once: it tests (its roll
 * `disengage.foe.<i>` against its Initiative EML as it is then) or declines (MF, no roll). When
 * every foe has answered, the outcome is `resolveDisengage` (./turns-disengage.ts) replayed from
 * the recorded rolls, so the staged action and the one-shot engine agree figure for figure.
 * Pure data: the Foundry card keeps the state in its flags.
 */
import { InputError } from "../../../core/errors";
import { replayDice, type Dice, type RollRecord } from "../../../core/dice";
import { clamp } from "../../../core/modifiers";
import { EML_MAX, EML_MIN, successLevel } from "../mechanics";
import type { Level } from "../tables";
import { resolveDisengage, type DisengageInput, type DisengageResult } from "./turns-disengage";

/** A foe's answer: not yet given, it tests, or it declines (MF, 000:87). */
export type FoeAnswer = "pending" | "test" | "decline";

/** One engaged foe's part: its answer, and when it tests its EML and roll record. */
export interface FoeAnswerState {
  answer: FoeAnswer;
  eml: number | null;
  roll: RollRecord | null;
}

/** A Disengage in progress: the disengager's figures and rolls, each foe's answer. */
export interface DisengageState {
  eml: number;
  agl: number;
  pp: number;
  /** The disengager's rolls: `disengage`, and `disengage.stumble` after a CF. */
  own: RollRecord[];
  foes: FoeAnswerState[];
}

/** Why a foe's answer is refused (the Foundry step maps these to its messages). */
export class DisengageAnswerError extends Error {
  constructor(
    readonly code: "answered" | "noFoe",
    message: string,
  ) {
    super(message);
    this.name = "DisengageAnswerError";
  }
}

/** The name of foe `index`'s roll (as `resolveDisengage` names it). */
export const foeRollName = (index: number) => `disengage.foe.${index}`;

/**
 * Starts a Disengage from the disengager's rolls (`ownTest`'s, as `rollAsNeeded` records them:
 * its test and a CF's Stumble Roll), with `foeCount` foes yet to answer.
 */
export function startDisengage(
  me: { eml: number; agl: number; pp: number },
  foeCount: number,
  own: readonly RollRecord[],
): DisengageState {
  if (!Number.isInteger(foeCount) || foeCount < 0)
    throw new InputError("foes", foeCount, "expected a whole number of foes ≥ 0");
  return {
    eml: me.eml,
    agl: me.agl,
    pp: me.pp,
    own: own.map((r) => ({ ...r, values: [...r.values] })),
    foes: Array.from({ length: foeCount }, () => ({ answer: "pending", eml: null, roll: null })),
  };
}

/** The disengager's own part as the engine rolls it (no foe): for `rollAsNeeded`. */
export function ownTest(me: { eml: number; agl: number; pp: number }, dice: Dice): DisengageResult {
  return resolveDisengage({ ...me, foes: [] }, dice);
}

/**
 * Foe `index` answers: `test` with its Initiative EML and its roll (`disengage.foe.<index>`,
 * 1d100), or `decline`. Refused (DisengageAnswerError) for an unknown foe or one that has
 * answered already: a foe answers once, however often its button is clicked.
 */
export function answerFoe(
  state: DisengageState,
  index: number,
  answer: { test: true; eml: number; roll: RollRecord } | { test: false },
): DisengageState {
  const foe = Number.isInteger(index) ? state.foes[index] : undefined;
  if (!foe) throw new DisengageAnswerError("noFoe", `No engaged foe ${String(index)}.`);
  if (foe.answer !== "pending")
    throw new DisengageAnswerError("answered", `Foe ${index} has answered already.`);
  if (answer.test) {
    const r = answer.roll;
    if (r.name !== foeRollName(index) || r.count !== 1 || r.sides !== 100)
      throw new InputError("roll", r.name, `expected ${foeRollName(index)}, 1d100`);
  }
  const next: FoeAnswerState = answer.test
    ? { answer: "test", eml: answer.eml, roll: { ...answer.roll, values: [...answer.roll.values] } }
    : { answer: "decline", eml: null, roll: null };
  return { ...state, foes: state.foes.map((f, i) => (i === index ? next : f)) };
}

/** The engine's input once every foe has answered (a decliner: eml null, MF). */
export function stateInput(state: DisengageState): DisengageInput {
  return {
    eml: state.eml,
    agl: state.agl,
    pp: state.pp,
    foes: state.foes.map((f, i) => ({ id: String(i), eml: f.answer === "test" ? f.eml : null })),
  };
}

/** What the card shows of a Disengage in progress or done. */
export interface DisengageStatus {
  /** The disengager's test, stumble included (foes not counted: `outcome` of this is unused). */
  own: DisengageResult;
  /** Each foe: its answer and, when it tested, its roll, EML (clamped) and level; MF when declined. */
  foes: { answer: FoeAnswer; roll: number | null; eml: number | null; level: Level | null }[];
  /** The outcome once every foe has answered; null while any is pending. */
  result: DisengageResult | null;
}

/** The status of a Disengage: the own test replayed, each foe's level, the outcome when done. */
export function disengageStatus(state: DisengageState): DisengageStatus {
  const own = ownTest(state, replayDice(state.own));
  const done = state.foes.every((f) => f.answer !== "pending");
  const result = done
    ? resolveDisengage(
        stateInput(state),
        replayDice([...state.own, ...state.foes.flatMap((f) => (f.roll ? [f.roll] : []))]),
      )
    : null;
  const foes = state.foes.map((f, i) => {
    if (result) {
      const r = result.foes[i]!;
      return { answer: f.answer, roll: r.roll, eml: r.eml, level: r.level };
    }
    if (f.answer === "decline")
      return { answer: f.answer, roll: null, eml: null, level: "MF" as Level };
    if (f.answer === "pending" || !f.roll || f.eml === null)
      return { answer: f.answer, roll: null, eml: null, level: null };
    const eml = clamp(f.eml, EML_MIN, EML_MAX);
    const roll = f.roll.values[0]!;
    return { answer: f.answer, roll, eml, level: successLevel(roll, eml) };
  });
  return { own, foes, result };
}
