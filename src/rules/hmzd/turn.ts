/**
 * The zone-die ruleset between exchanges: its state block (`RulesetBlock.data` for `hmzd`), what
 * an exchange changes in it, the turn hooks (initiative order, Z11; the recovery Shock test at
 * the end of the bearer's next turn, Z15) and game time (UNC after ten minutes, M injuries
 * hindering after ten minutes, 001:83, 001:161). Pure; dice are injected and rolls are named.
 *
 * Game time is counted by the block itself (`clock`, seconds): ten seconds at the end of each of
 * the bearer's turns (a Turn is ten seconds, 000:47) and whatever `passTime` adds. The adapter
 * calls `passTime` only for time in which his turns did not run (outside combat, or while the
 * tracker skips him as defeated), so no second is counted twice.
 */
import { RecordingDice, type Dice } from "../../core/dice";
import {
  InputError,
  checkKeys,
  readBoolean,
  readNumber,
  readObject,
  readString,
} from "../../core/errors";
import type {
  ConditionId,
  Effect,
  RulesetBlock,
  Side,
  TurnCheck,
  TurnEvent,
  TurnHooks,
  TurnOutcome,
} from "../../core/ruleset";
import type { RollRecord } from "../../core/dice";
import type { HeldCondition } from "../../core/turns";
import { initiativeOrder } from "../hm3/turn";
import {
  combineShock,
  conditionChange,
  conditionsOf,
  fallsProne,
  readHmzdState,
  recoveredState,
  shockTest,
  stateRules,
  type ShockTest,
} from "./state";
import type { HmzdState } from "./types";

/** Seconds of game time one of the bearer's turns counts ("ten second Turn", 000:47). */
export const TURN_SECONDS = 10;
/** Ten minutes: UNC's re-roll (001:161) and an M injury's unhindered time (001:83). */
export const TEN_MINUTES = 600;

/** When the current state's recovery test falls due (Z15). */
export type HmzdRecovery =
  /** STN and INC: at the end of the bearer's next turn; `armed` once that turn has started. */
  | { at: "turnEnd"; armed: boolean }
  /** UNC: when the block's clock reaches `due` (ten minutes after he fell, or after a failed test). */
  | { at: "clock"; due: number };

/** Setup TAs won in `round` (Z16): they raise his next test in round + 1. */
export interface HmzdSetup {
  round: number;
  count: number;
}

/** An M injury whose Shock test succeeded: unhindered until the clock reaches `until` (001:83). */
export interface HmzdUnhindered {
  /** The injury's key, as the exchange's injury effect names it (`data.key`). */
  key: string;
  until: number;
}

/** A fighter's zone-die state between exchanges. Plain JSON. */
export interface HmzdBlockData {
  /** The Shock EML the recovery tests are made against (Z7). */
  shockEml: number;
  state: HmzdState;
  /** When the state's recovery test falls due; null for none and KIA. */
  recovery: HmzdRecovery | null;
  /** Game seconds this block has counted (see the file's header). */
  clock: number;
  /** Setup TAs carried to the next round (Z16), by the round they were won in. */
  setups: HmzdSetup[];
  /** The combat round he last took an Action TA in (Z6: once a round); null: none taken. */
  actionRound: number | null;
  /**
   * His M injuries that do not yet hinder (Z8, 001:83: the Shock test succeeded and ten minutes
   * have not passed). An M injury not listed hinders (failed shock, ten minutes passed, or
   * written on the sheet by hand).
   */
  unhindered: HmzdUnhindered[];
}

/** The recovery a state starts with, on `clock` (Z15). */
export function recoveryFor(state: HmzdState, clock: number): HmzdRecovery | null {
  if (state === "STN" || state === "INC") return { at: "turnEnd", armed: false };
  if (state === "UNC") return { at: "clock", due: clock + TEN_MINUTES };
  return null;
}

/** A fresh block: unhurt, no Setup owed, no Action taken. */
export function newHmzdBlock(shockEml: number, state: HmzdState = "none"): RulesetBlock {
  const data: HmzdBlockData = {
    shockEml: readNumber(shockEml, "shockEml", { integer: true, min: 0, max: 200 }),
    state: readHmzdState(state, "state"),
    recovery: recoveryFor(state, 0),
    clock: 0,
    setups: [],
    actionRound: null,
    unhindered: [],
  };
  return hmzdBlock(data, 0);
}

/** The block holding `data` at `revision`. */
export function hmzdBlock(data: HmzdBlockData, revision: number): RulesetBlock {
  return { ruleset: "hmzd", revision, data: copy(data) as unknown as Record<string, unknown> };
}

function copy(d: HmzdBlockData): HmzdBlockData {
  return {
    shockEml: d.shockEml,
    state: d.state,
    recovery: d.recovery ? { ...d.recovery } : null,
    clock: d.clock,
    setups: d.setups.map((s) => ({ ...s })),
    actionRound: d.actionRound,
    unhindered: d.unhindered.map((u) => ({ ...u })),
  };
}

const whole = (v: unknown, field: string, min = 0) =>
  readNumber(v, field, { integer: true, min, max: Number.MAX_SAFE_INTEGER });

function readRecovery(raw: unknown, field: string): HmzdRecovery | null {
  if (raw === null) return null;
  const o = readObject(raw, field);
  if (o.at === "turnEnd") {
    checkKeys(o, field, ["at", "armed"]);
    return { at: "turnEnd", armed: readBoolean(o.armed, `${field}.armed`) };
  }
  if (o.at === "clock") {
    checkKeys(o, field, ["at", "due"]);
    return { at: "clock", due: whole(o.due, `${field}.due`) };
  }
  throw new InputError(`${field}.at`, o.at, "expected turnEnd or clock");
}

/**
 * Validates a block (untrusted JSON from an actor or a card); errors name the field and value.
 * A recovery that does not fit the state (a turn-end test for UNC, a clock for STN) is refused.
 */
export function parseHmzdBlock(
  raw: unknown,
  field = "block",
): { revision: number; data: HmzdBlockData } {
  const b = readObject(raw, field);
  checkKeys(b, field, ["ruleset", "revision", "data"]);
  if (b.ruleset !== "hmzd") throw new InputError(`${field}.ruleset`, b.ruleset, "expected hmzd");
  const revision = whole(b.revision, `${field}.revision`);
  const f = `${field}.data`;
  const d = readObject(b.data, f);
  checkKeys(d, f, [
    "shockEml",
    "state",
    "recovery",
    "clock",
    "setups",
    "actionRound",
    "unhindered",
  ]);
  const state = readHmzdState(d.state, `${f}.state`);
  const recovery = readRecovery(d.recovery, `${f}.recovery`);
  const wanted = recoveryFor(state, 0)?.at ?? null;
  if ((recovery?.at ?? null) !== wanted)
    throw new InputError(
      `${f}.recovery`,
      d.recovery,
      wanted === null
        ? `expected null for state ${state}`
        : `expected a recovery at ${wanted} for state ${state}`,
    );
  if (!Array.isArray(d.setups)) throw new InputError(`${f}.setups`, d.setups, "expected a list");
  const setups = d.setups.map((s, i) => {
    const o = readObject(s, `${f}.setups.${i}`);
    checkKeys(o, `${f}.setups.${i}`, ["round", "count"]);
    return {
      round: whole(o.round, `${f}.setups.${i}.round`),
      count: whole(o.count, `${f}.setups.${i}.count`, 1),
    };
  });
  if (!Array.isArray(d.unhindered))
    throw new InputError(`${f}.unhindered`, d.unhindered, "expected a list");
  const unhindered = d.unhindered.map((u, i) => {
    const o = readObject(u, `${f}.unhindered.${i}`);
    checkKeys(o, `${f}.unhindered.${i}`, ["key", "until"]);
    return {
      key: readString(o.key, `${f}.unhindered.${i}.key`),
      until: whole(o.until, `${f}.unhindered.${i}.until`),
    };
  });
  return {
    revision,
    data: {
      shockEml: readNumber(d.shockEml, `${f}.shockEml`, { integer: true, min: 0, max: 200 }),
      state,
      recovery,
      clock: whole(d.clock, `${f}.clock`),
      setups,
      actionRound: d.actionRound === null ? null : whole(d.actionRound, `${f}.actionRound`),
      unhindered,
    },
  };
}

/**
 * A block edited by hand (the sheet, the GM): a new Shock EML (the Shock skill or Endurance
 * changed, Z7), or a state set directly; a state that changes starts its recovery afresh (Z20).
 * Revision + 1; errors name the field.
 */
export function editBlock(
  block: RulesetBlock,
  edit: { shockEml?: number; state?: HmzdState },
): RulesetBlock {
  const { revision, data } = parseHmzdBlock(block);
  const d = copy(data);
  if (edit.shockEml !== undefined)
    d.shockEml = readNumber(edit.shockEml, "shockEml", { integer: true, min: 0, max: 200 });
  if (edit.state !== undefined) {
    const state = readHmzdState(edit.state, "state");
    if (state !== d.state) {
      d.state = state;
      d.recovery = recoveryFor(state, d.clock);
    }
  }
  return hmzdBlock(d, revision + 1);
}

/** The conditions a block holds (its shock state's, Z20), for the adapter's status effects. */
export function blockConditions(block: RulesetBlock): ConditionId[] {
  return conditionsOf(parseHmzdBlock(block).data.state);
}

/**
 * The block's conditions with their durations (for the token HUD and the turn card): each lasts
 * until a recovery test lifts it (`recovered`), death for good; `armed` once the turn whose end
 * tests it has started.
 */
export function heldConditions(block: RulesetBlock): HeldCondition[] {
  const d = parseHmzdBlock(block).data;
  const armed = d.recovery?.at === "turnEnd" && d.recovery.armed;
  return conditionsOf(d.state).map((condition) => ({
    condition,
    cause: `shock.${d.state}`,
    until: condition === "dead" ? "permanent" : "recovered",
    armed,
  }));
}

// ── Setup and Action (Z6, Z16) ──────────────────────────────────────────────────────────────

/**
 * The levels his next test in `round` gains from Setup TAs (Z16): those won in the round
 * before, all of them on that one test (001:172 "a test made in the next round receives a
 * bonus star"; Z16 "several Setups add up").
 */
export function setupLevels(data: HmzdBlockData, round: number): number {
  let n = 0;
  for (const s of data.setups) if (s.round === round - 1) n += s.count;
  return n;
}

/**
 * The setups still owed after `round` begins: those won in this round or the last. A Setup not
 * used in the round after it was won lapses with that round (Z21).
 */
function liveSetups(setups: readonly HmzdSetup[], round: number): HmzdSetup[] {
  return setups.filter((s) => s.round >= round - 1).map((s) => ({ ...s }));
}

/** Whether he may still take an Action TA in `round` (Z6, 001:166: once per round). */
export function actionAvailable(data: HmzdBlockData, round: number): boolean {
  return data.actionRound !== round;
}

// ── Minor injuries (001:83, Z8) ─────────────────────────────────────────────────────────────

/**
 * Whether the M injury `key` hinders now (001:83: 5 impairment after a failed Shock test, or
 * once ten minutes have passed): every M injury not listed as unhindered does.
 */
export function minorHinders(data: HmzdBlockData, key: string): boolean {
  return !data.unhindered.some((u) => u.key === key && data.clock < u.until);
}

// ── What an exchange does to the block ──────────────────────────────────────────────────────

/** What one exchange changed for one fighter, as the exchange tells it. */
export interface HmzdExchangeChange {
  /** The combat round the exchange is in (the tracker's; the CLI: 0). */
  round: number;
  /** He made a test (attack or defence roll): the Setups owed this round are used (Z16). */
  tested: boolean;
  /** Setup TAs he won and chose (Z6, Z16). */
  setupsWon: number;
  /** He took an Action TA (Z6; refused when he took one this round already). */
  actionTaken: boolean;
  /** The injury he took, if any (Z9: effective impact 0 or less is none). */
  injury: {
    /** The injury effect's key (`data.key`), naming it in `unhindered`. */
    key: string;
    severity: "M" | "S" | "G";
    /** The state his Shock Index gives for this injury (before Z15 meets it with his current one). */
    state: HmzdState;
    /** Whether his Shock test succeeded (S or CS): an M injury then does not hinder for ten minutes. */
    shockSucceeded: boolean;
  } | null;
}

/** The block after an exchange, with the effects the adapter applies. */
export interface HmzdAfterExchange {
  /** The new block (revision + 1). */
  block: RulesetBlock;
  /** His state before and after (Z15). */
  before: HmzdState;
  after: HmzdState;
  /**
   * The effects for him: a `condition` for each condition the new state sets, `prone` when he
   * falls (INC, UNC), and the `state` effect with the new block (based on the old revision).
   */
  effects: Effect[];
}

/**
 * Everything one exchange does to one fighter's block (Z6, Z8, Z15, Z16): Setups used and won,
 * the Action taken, the injury's shock state met with his current one (a new STN on STN is INC,
 * a new INC on INC is UNC, a worse state is never lowered), a new or renewed state's recovery
 * timing, and an M injury whose Shock test succeeded noted as unhindered for ten minutes.
 */
export function afterExchange(
  block: RulesetBlock,
  to: Side,
  change: HmzdExchangeChange,
): HmzdAfterExchange {
  const { revision, data } = parseHmzdBlock(block);
  const round = whole(change.round, "change.round");
  const d = copy(data);
  d.setups = liveSetups(d.setups, round);
  if (change.tested) d.setups = d.setups.filter((s) => s.round !== round - 1);
  const won = whole(change.setupsWon, "change.setupsWon");
  if (won > 0) {
    const same = d.setups.find((s) => s.round === round);
    if (same) same.count += won;
    else d.setups.push({ round, count: won });
  }
  if (change.actionTaken) {
    if (!actionAvailable(d, round))
      throw new InputError(
        "change.actionTaken",
        true,
        `an Action TA was taken in round ${round} already (Z6: once a round)`,
      );
    d.actionRound = round;
  }
  const before = d.state;
  const injury = change.injury;
  if (injury) {
    const incoming = readHmzdState(injury.state, "change.injury.state");
    const after = combineShock(before, incoming);
    // A state that changed, or the same state struck anew (UNC on UNC), starts its recovery
    // afresh (Z20); an injury that leaves a worse state as it was keeps its timing.
    if (after !== before || incoming === after) {
      d.state = after;
      d.recovery = recoveryFor(after, d.clock);
    }
    if (injury.severity === "M" && injury.shockSucceeded && after !== "KIA")
      d.unhindered.push({
        key: readString(injury.key, "change.injury.key"),
        until: d.clock + TEN_MINUTES,
      });
    if (after === "KIA") d.unhindered = [];
  }
  const next = hmzdBlock(d, revision + 1);
  const effects: Effect[] = [];
  for (const condition of conditionChange(before, d.state).set)
    effects.push({
      type: "condition",
      to,
      condition,
      cause: `shock.${d.state}`,
      until: condition === "dead" ? "permanent" : "recovered",
    });
  if (fallsProne(before, d.state))
    effects.push({
      type: "condition",
      to,
      condition: "prone",
      cause: `shock.${d.state}`,
      until: "recovered",
    });
  effects.push({ type: "state", to, block: next, basedOn: revision });
  return { block: next, before, after: d.state, effects };
}

// ── Recovery tests (Z15) ────────────────────────────────────────────────────────────────────

const RECOVERY_KEY = "BLOWBYBLOW.HMZD.Turn.recovery";

/** The recovery test (Z15): `recovery`, d100 against his Shock EML; the state it leaves. */
function recover(d: HmzdBlockData, dice: Dice): { test: ShockTest; check: TurnCheck } {
  const test = shockTest(dice, "recovery", d.shockEml);
  const after = recoveredState(d.state, test.success);
  if (after !== d.state) {
    d.state = after;
    d.recovery = recoveryFor(after, d.clock);
  } else if (d.recovery?.at === "clock") {
    // UNC that fails re-rolls ten minutes later (001:161, Z20).
    d.recovery = { at: "clock", due: d.clock + TEN_MINUTES };
  }
  return {
    test,
    check: {
      key: RECOVERY_KEY,
      roll: test.roll,
      target: test.target,
      total: test.total,
      success: test.success,
    },
  };
}

function tick(d: HmzdBlockData, seconds: number): void {
  d.clock += seconds;
  d.unhindered = d.unhindered.filter((u) => d.clock < u.until);
}

/** A game-time outcome (`passTime`): as a turn outcome, without the turn. */
export interface HmzdTimeOutcome {
  rolls: RollRecord[];
  checks: TurnCheck[];
  block: RulesetBlock;
  set: ConditionId[];
  ended: ConditionId[];
  defeated: boolean;
}

/**
 * Game time passing outside his turns (see the file's header): the clock goes on, M injuries
 * whose ten minutes are up start to hinder (001:83), and UNC whose ten minutes are up makes its
 * `recovery` test (001:161, Z15; success: INC, failure: ten minutes more). STN and INC recover
 * only at his turn ends. Rolls are recorded, so the outcome replays from `rolls`.
 */
export function passTime(block: RulesetBlock, seconds: number, dice: Dice): HmzdTimeOutcome {
  const { revision, data } = parseHmzdBlock(block);
  const s = whole(seconds, "seconds");
  const d = copy(data);
  const before = d.state;
  const rec = new RecordingDice(dice);
  const checks: TurnCheck[] = [];
  tick(d, s);
  if (d.recovery?.at === "clock" && d.clock >= d.recovery.due) checks.push(recover(d, rec).check);
  const change = conditionChange(before, d.state);
  return {
    rolls: rec.records,
    checks,
    block: hmzdBlock(d, revision + 1),
    set: change.set,
    ended: change.ended,
    defeated: stateRules(d.state).defeated,
  };
}

/**
 * The zone-die turn hooks. `order`: Initiative EML (`figures.initiative`), highest first, ties
 * in the order given (Z11, as HM3, docs/rulings.md R6). `onEvent`: at `turnStart` a due STN or
 * INC recovery is armed (it falls due at the end of this, his next, turn); at `turnEnd` ten
 * seconds pass (000:47) and an armed STN or INC makes its `recovery` Shock test (Z15; 001:141
 * "A success of any kind removes the Stunned state", "Retry every round"; INC that succeeds is
 * STN, tested at the end of his next turn), or UNC whose ten minutes are up makes its own.
 * INC, UNC and KIA take no actions (`actionless`, 001:160-162); UNC and KIA are `defeated`.
 */
export const hmzdTurns: TurnHooks = {
  order(entries) {
    return initiativeOrder(
      entries.map((e) => ({
        id: e.id,
        eml: readNumber(e.figures.initiative, `${e.id}.initiative`),
      })),
    );
  },
  onEvent(block, event: TurnEvent, dice): TurnOutcome {
    const { revision, data } = parseHmzdBlock(block);
    const d = copy(data);
    const before = d.state;
    const checks: TurnCheck[] = [];
    if (event === "turnStart") {
      if (d.recovery?.at === "turnEnd") d.recovery.armed = true;
    } else {
      tick(d, TURN_SECONDS);
      const r = d.recovery;
      if ((r?.at === "turnEnd" && r.armed) || (r?.at === "clock" && d.clock >= r.due))
        checks.push(recover(d, dice).check);
    }
    const change = conditionChange(before, d.state);
    const rules = stateRules(d.state);
    return {
      event,
      rolls: [],
      checks,
      block: hmzdBlock(d, revision + 1),
      set: change.set,
      ended: change.ended,
      actionless: event === "turnStart" && !rules.canAct,
      defeated: rules.defeated,
    };
  },
};
