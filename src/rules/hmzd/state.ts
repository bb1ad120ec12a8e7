/**
 * The zone-die shock states and their rules between and around exchanges (seed 001 lines
 * 135-162, hmzd.md §5, rulings Z2, Z3, Z7, Z15 and the project's Z20 in docs/rulings.md): how a
 * new injury's state meets the current one, what each state forbids, the Shock test and the
 * recovery test that lifts a state. Pure; dice are injected and every roll is named.
 */
import type { Dice } from "../../core/dice";
import { rollOne } from "../../core/dice";
import { InputError, readNumber } from "../../core/errors";
import type { ConditionId } from "../../core/ruleset";
import { EML_MAX, EML_MIN, hmTestIndex } from "../shared/hm-test";
import { HMZD_LEVELS, HMZD_STATES, type HmzdLevel, type HmzdState } from "./types";

/** A state's place in HMZD_STATES (best to worst, 001:154-155): a larger number is worse. */
export function shockRank(state: HmzdState): number {
  return HMZD_STATES.indexOf(state);
}

/**
 * The state after an injury whose Shock Index gives `incoming` strikes a fighter in `current`
 * (Z15; 001:159 "Suffering a new STN state while currently stunned changes the shock state to
 * INC", 001:160 the same for INC → UNC): a new STN on STN is INC, a new INC on INC is UNC, and
 * otherwise the worse of the two, so an injury never lowers a worse current state. A new UNC on
 * UNC stays UNC (Z20: the seed escalates only STN and INC); KIA stays KIA.
 */
export function combineShock(current: HmzdState, incoming: HmzdState): HmzdState {
  if (current === "STN" && incoming === "STN") return "INC";
  if (current === "INC" && incoming === "INC") return "UNC";
  return shockRank(incoming) > shockRank(current) ? incoming : current;
}

/** How a fighter may move in a state (001:159-161). */
export type Movement = "normal" | "difficult" | "assistedHalf" | "none";

/** What a state allows and forbids (001:159-162, Z2, Z3). */
export interface StateRules {
  state: HmzdState;
  /** He may take actions: attack, block, dodge, counterstrike, move on his own (not INC, UNC, KIA). */
  canAct: boolean;
  /**
   * The defence forced on him: `ignore` (INC, "must Ignore all melee attacks", 001:160, Z3: no
   * defence roll, the defence counts as CF), `helpless` (UNC, "CS Ignore result", 001:161, Z3:
   * the attacker does not roll and counts as CS); null when he chooses.
   */
  forcedDefence: "ignore" | "helpless" | null;
  /** Success levels every action test he makes loses (STN −1, 001:139, 159; Z2: attack and defence, not the Shock test). */
  levelShift: number;
  /** Movement: STN Difficult (no double move), INC only a Difficult Half Move with help, UNC none unless borne. */
  movement: Movement;
  /** Double move allowed (not while stunned, 001:159). */
  doubleMove: boolean;
  /** Aware of his foes (INC and UNC are unconscious, 001:160-161). */
  aware: boolean;
  /** Out of the fight (UNC, KIA): the tracker marks him defeated. */
  defeated: boolean;
}

/** The rules of one state (001:159-162). */
export function stateRules(state: HmzdState): StateRules {
  switch (state) {
    case "none":
      return rules(state, true, null, 0, "normal", true, true, false);
    case "STN":
      return rules(state, true, null, -1, "difficult", false, true, false);
    case "INC":
      return rules(state, false, "ignore", 0, "assistedHalf", false, false, false);
    case "UNC":
      return rules(state, false, "helpless", 0, "none", false, false, true);
    case "KIA":
      return rules(state, false, "helpless", 0, "none", false, false, true);
  }
}

function rules(
  state: HmzdState,
  canAct: boolean,
  forcedDefence: StateRules["forcedDefence"],
  levelShift: number,
  movement: Movement,
  doubleMove: boolean,
  aware: boolean,
  defeated: boolean,
): StateRules {
  return { state, canAct, forcedDefence, levelShift, movement, doubleMove, aware, defeated };
}

/**
 * The conditions a state holds (Z20), as the ruleset's state block shows them to the adapter:
 * STN `stunned`; INC `shock` (HM3's name for being out of action until a Shock test lifts it);
 * UNC `unconscious`; KIA `dead`. `prone` is not held by the state: INC and UNC fall prone
 * (001:160-161, `fallsProne`), and a fighter who comes round still lies where he fell until he
 * gets up (his own action), so recovering ends no `prone`.
 */
export function conditionsOf(state: HmzdState): ConditionId[] {
  switch (state) {
    case "none":
      return [];
    case "STN":
      return ["stunned"];
    case "INC":
      return ["shock"];
    case "UNC":
      return ["unconscious"];
    case "KIA":
      return ["dead"];
  }
}

/** Whether going from `before` to `after` puts him down (INC and UNC fall prone, 001:160-161). */
export function fallsProne(before: HmzdState, after: HmzdState): boolean {
  const down = (s: HmzdState) => s === "INC" || s === "UNC";
  return down(after) && !down(before);
}

/** The held conditions a change of state sets and ends (Z20). */
export function conditionChange(
  before: HmzdState,
  after: HmzdState,
): { set: ConditionId[]; ended: ConditionId[] } {
  const b = conditionsOf(before);
  const a = conditionsOf(after);
  return { set: a.filter((c) => !b.includes(c)), ended: b.filter((c) => !a.includes(c)) };
}

// ── The Shock test (Z7) ─────────────────────────────────────────────────────────────────────

/** A d100 mastery test's level (hmzd.md §1, Z1; the HârnMaster test, src/rules/shared/hm-test.ts). */
export function masteryLevel(roll: number, eml: number): HmzdLevel {
  return HMZD_LEVELS[hmTestIndex(roll, eml)];
}

/** One Shock test as made: the named roll, its target and level. */
export interface ShockTest {
  roll: string;
  /** The d100 rolled. */
  total: number;
  /** The Shock EML clamped to 5..95. */
  target: number;
  level: HmzdLevel;
  /** S or CS: "A success of any kind" (001:141). */
  success: boolean;
}

/**
 * A Shock test (Z7): d100 against the Shock EML (the Shock skill, or 5 × Endurance). Neither
 * stun (Z2) nor impairment (Z7) lowers it. `name` is the roll's name (`shock`, `recovery`).
 */
export function shockTest(dice: Dice, name: string, eml: number): ShockTest {
  readNumber(eml, "shockEml", { integer: true, min: 0, max: 200 });
  const total = rollOne(dice, name, 100);
  const level = masteryLevel(total, eml);
  return {
    roll: name,
    total,
    target: Math.min(EML_MAX, Math.max(EML_MIN, eml)),
    level,
    success: level === "S" || level === "CS",
  };
}

/**
 * The state a successful recovery test leaves (Z15): STN lifts (001:141 "A success of any kind
 * removes the Stunned state"), INC eases to STN, UNC to INC. A failed test leaves the state as
 * it is; none and KIA have no recovery.
 */
export function recoveredState(state: HmzdState, success: boolean): HmzdState {
  if (!success) return state;
  switch (state) {
    case "STN":
      return "none";
    case "INC":
      return "STN";
    case "UNC":
      return "INC";
    default:
      return state;
  }
}

/** Whether a state has a recovery test at all (STN, INC at turn ends; UNC after ten minutes). */
export function recovers(state: HmzdState): boolean {
  return state === "STN" || state === "INC" || state === "UNC";
}

/** A state from untrusted input, or an error naming the field. */
export function readHmzdState(value: unknown, field: string): HmzdState {
  if (typeof value !== "string" || !(HMZD_STATES as readonly string[]).includes(value))
    throw new InputError(field, value, `expected one of ${HMZD_STATES.join(", ")}`);
  return value as HmzdState;
}
