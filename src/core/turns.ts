/**
 * Conditions held between exchanges, with their duration, and turn events run and replayed
 * from named rolls (docs/architecture.md §5 items 5a and 8). Ruleset-generic and pure: a
 * ruleset keeps a list of `HeldCondition`s in its state block and calls `tickConditions` from
 * its `TurnHooks.onEvent`; the adapter runs `runTurnEvent` on the client that rolls and
 * `replayTurnEvent` on the GM's, which refuses rolls that do not match.
 */
import { RecordingDice, replayDice, type Dice, type RollRecord } from "./dice";
import { InputError } from "./errors";
import type {
  ConditionDuration,
  ConditionId,
  Effect,
  RulesetBlock,
  Ruleset,
  TurnEvent,
  TurnOutcome,
} from "./ruleset";

/** A condition on a combatant, kept in his ruleset block. Plain JSON. */
export interface HeldCondition {
  condition: ConditionId;
  cause: string;
  until: ConditionDuration;
  location?: string;
  value?: number;
  /**
   * Whether a turn of the bearer has started since it was set: a condition set during his own
   * turn does not end at that turn's end (`endOfNextTurn`, `{turns}` count from the next one).
   */
  armed: boolean;
  /** For `{turns: n}`: the bearer's turn ends still to run. */
  turnsLeft?: number;
}

/** The held form of a `condition` effect (absent `until`: `recovered`). */
export function heldCondition(effect: Extract<Effect, { type: "condition" }>): HeldCondition {
  const until = effect.until ?? "recovered";
  const held: HeldCondition = {
    condition: effect.condition,
    cause: effect.cause,
    until,
    armed: false,
  };
  if (effect.location !== undefined) held.location = effect.location;
  if (effect.value !== undefined) held.value = effect.value;
  if (typeof until === "object") held.turnsLeft = until.turns;
  return held;
}

/**
 * Adds a condition to a list (a copy). The same condition on the same location is one
 * condition: `combine` says how values meet (`add`: GURPS shock, wounds in one turn are
 * cumulative, L1864), and the longer-lived duration wins; a held one is re-armed from scratch.
 */
export function holdCondition(
  list: readonly HeldCondition[],
  added: HeldCondition,
  combine: "add" | "max" | "replace" = "replace",
): HeldCondition[] {
  const out = list.map((c) => ({ ...c }));
  const i = out.findIndex((c) => c.condition === added.condition && c.location === added.location);
  if (i < 0) return [...out, { ...added }];
  const old = out[i]!;
  const next = { ...added };
  if (old.value !== undefined || added.value !== undefined) {
    const a = old.value ?? 0;
    const b = added.value ?? 0;
    next.value = combine === "add" ? a + b : combine === "max" ? Math.max(a, b) : b;
  }
  if (durationRank(old.until) > durationRank(added.until)) {
    next.until = old.until;
    next.armed = old.armed;
    if (old.turnsLeft !== undefined) next.turnsLeft = old.turnsLeft;
    else delete next.turnsLeft;
  }
  out[i] = next;
  return out;
}

function durationRank(d: ConditionDuration): number {
  if (typeof d === "object") return 2 + d.turns / 1000;
  return { nextTurn: 0, endOfNextTurn: 1, recovered: 3, encounter: 4, permanent: 5 }[d];
}

/**
 * The conditions that end with the fight (docs/architecture.md §6 step 4): each held only with a
 * duration counted in turns or `encounter` (shock, lost balance, a crippled limb for the
 * encounter); one held `recovered` (stun, prone, unconscious) or `permanent` (death) by any entry
 * outlasts it. Each once, in the order held.
 */
export function endingWithFight(held: readonly HeldCondition[]): ConditionId[] {
  const lasting = new Set(
    held.filter((h) => h.until === "recovered" || h.until === "permanent").map((h) => h.condition),
  );
  return [...new Set(held.map((h) => h.condition))].filter((id) => !lasting.has(id));
}

/**
 * A turn event's effect on held conditions: at `turnStart` every condition is armed and
 * `nextTurn` ones end; at `turnEnd` armed `endOfNextTurn` ones end and armed `{turns}` ones
 * count down, ending at 0. The others last until something else removes them.
 */
export function tickConditions(
  list: readonly HeldCondition[],
  event: TurnEvent,
): { kept: HeldCondition[]; ended: HeldCondition[] } {
  const kept: HeldCondition[] = [];
  const ended: HeldCondition[] = [];
  for (const c of list) {
    const next = { ...c };
    if (event === "turnStart") {
      next.armed = true;
      if (c.until === "nextTurn") ended.push(next);
      else kept.push(next);
      continue;
    }
    if (!c.armed) kept.push(next);
    else if (c.until === "endOfNextTurn") ended.push(next);
    else if (typeof c.until === "object") {
      next.turnsLeft = (c.turnsLeft ?? c.until.turns) - 1;
      (next.turnsLeft <= 0 ? ended : kept).push(next);
    } else kept.push(next);
  }
  return { kept, ended };
}

/** Removes every held `condition` (optionally only on `location`); a copy. */
export function dropCondition(
  list: readonly HeldCondition[],
  condition: ConditionId,
  location?: string,
): HeldCondition[] {
  return list
    .filter(
      (c) => !(c.condition === condition && (location === undefined || c.location === location)),
    )
    .map((c) => ({ ...c }));
}

/** Whether the list holds `condition`. */
export function holds(list: readonly HeldCondition[], condition: ConditionId): boolean {
  return list.some((c) => c.condition === condition);
}

type WithTurns = Pick<Ruleset<unknown, unknown, unknown, never>, "id" | "turns">;

function hooksOf(ruleset: WithTurns) {
  if (!ruleset.turns) throw new InputError("ruleset", ruleset.id, "this ruleset has no turn hooks");
  return ruleset.turns;
}

/** Runs a turn event with `dice` (recorded): the outcome carries every roll it made. */
export function runTurnEvent(
  ruleset: WithTurns,
  block: RulesetBlock,
  event: TurnEvent,
  dice: Dice,
): TurnOutcome {
  const recording = new RecordingDice(dice);
  const outcome = hooksOf(ruleset).onEvent(block, event, recording);
  return { ...outcome, rolls: recording.records };
}

/**
 * Replays a turn event from its rolls (the GM's check of a client's outcome): the same block,
 * event and rolls give the same outcome; a roll the event does not make, or one it makes that
 * is missing, is an error naming it.
 */
export function replayTurnEvent(
  ruleset: WithTurns,
  block: RulesetBlock,
  event: TurnEvent,
  rolls: readonly RollRecord[],
): TurnOutcome {
  const outcome = runTurnEvent(ruleset, block, event, replayDice(rolls));
  const made = new Set(outcome.rolls.map((r) => r.name));
  const unused = rolls.filter((r) => !made.has(r.name)).map((r) => r.name);
  if (unused.length > 0)
    throw new InputError("rolls", unused.join(", "), "rolls sent that the turn event never made");
  return outcome;
}
