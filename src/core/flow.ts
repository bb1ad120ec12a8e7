/**
 * The exchange flow as a pure state machine: the data an exchange chat card holds, and every
 * transition with the checks the GM's client makes before it changes anything. Ruleset-generic:
 * it drives any `Ruleset` (ruleset.ts) through `start`, `pending`, `parseChoice`, `choose` and
 * `result`, and never reads a ruleset's own types.
 *
 *   declared ──accept (GM)──▶ awaitingDefence ──submitChoice (GM, for the chooser)──▶ … ──▶ resolved
 *   resolved ──apply (GM)──▶ applied
 *
 * `declared`: the attacker's client made the card (with the rolls `start` made there) and the
 * active GM has not yet checked it. `awaitingDefence`: the GM checked the declaration; a choice
 * is pending (`pending` says by whom). `resolved`: nothing is pending; `result` holds the
 * ruleset's result. `applied`: the result's effects were applied to the actors (once).
 *
 * Dice: the client that takes a step rolls that step's dice (as Foundry `Roll`s, so Dice So
 * Nice shows them) with `rollAsNeeded`, and sends them with the step; the GM replays the
 * exchange from the card's rolls plus the new ones and refuses a step whose rolls do not match
 * what the ruleset asks for (a missing roll, an extra one, a wrong shape). The stored result is
 * never trusted: every step replays the exchange from the declaration, the choices and the
 * rolls.
 */
import { copy } from "./data";
import { notation, type Dice, type RollRecord } from "./dice";
import { InputError, showValue } from "./errors";
import type { ExchangeRecord, PendingChoice, Ruleset, RulesetId, Side } from "./ruleset";

export const FLOW_STATES = ["declared", "awaitingDefence", "resolved", "applied"] as const;
export type FlowState = (typeof FLOW_STATES)[number];

/** A combatant of the exchange: its actor and token (UUIDs) and its name when declared. */
export interface ParticipantRef {
  actorUuid: string | null;
  tokenUuid: string | null;
  /** User text, kept so the card still reads when the actor is gone. */
  name: string;
}

/** A choice as submitted and accepted, with who submitted it. */
export interface FlowChoice {
  by: Side;
  kind: string;
  /** The raw choice (plain JSON), as `Ruleset.parseChoice` takes it. */
  value: unknown;
  /** The user who made it. */
  userId: string;
  /** The request the chooser's dialog sent (for display: item, mode), plain JSON. */
  request: unknown;
}

/** The whole state of an exchange: what the chat message's `system` holds. Plain JSON. */
export interface ExchangeCard {
  ruleset: RulesetId;
  state: FlowState;
  /** Bumped by every transition; a step sent for another revision is refused. */
  revision: number;
  attacker: ParticipantRef;
  defender: ParticipantRef;
  /** The raw declaration (plain JSON), as `Ruleset.parseDeclaration` takes it. */
  declaration: unknown;
  /**
   * What the flow and the card need beside the declaration: the attack request, the items
   * used, the ruleset's own notes (`DeclarationBuild.rules`, combat.ts). Plain JSON.
   */
  context: Record<string, unknown>;
  choices: FlowChoice[];
  /** Every roll made so far, in order (`start`'s, then each choice's). */
  rolls: RollRecord[];
  /** What is pending, as of the last transition (for display; the GM recomputes it). */
  pending: PendingChoice | null;
  /** The ruleset's result once resolved (for display; the GM recomputes it). */
  result: ExchangeRecord | null;
  /** Set when applied: by whom, and which effects (indexes into `result.effects`). */
  applied: { userId: string; effects: number[] } | null;
  /** Tactical advantages claimed from this card (side → user who claimed it). */
  advantages: Partial<Record<Side, string>>;
}

/** Who is asking, as the adapter finds it at the moment of the click. */
export interface Caller {
  userId: string;
  isGM: boolean;
  /** Whether the user owns each side's actor (a GM owns both). */
  owns: Readonly<Record<Side, boolean>>;
}

/**
 * Every way a step can be refused. `key` is the localisation key of the message
 * (`BLOWBYBLOW.Flow.Error.<code>`), `data` its format values (strings).
 */
export const FLOW_ERROR_CODES = [
  "notGM",
  "notAuthor",
  "wrongRuleset",
  "wrongState",
  "staleRevision",
  "notOwner",
  "notPending",
  "badDeclaration",
  "badChoice",
  "badRolls",
  "alreadyApplied",
  "notResolved",
  "noAdvantage",
  "advantageTaken",
] as const;
export type FlowErrorCode = (typeof FLOW_ERROR_CODES)[number];

/** The localisation key of each code, written out whole so the lang audit finds every one. */
export const FLOW_ERROR_KEYS: Readonly<Record<FlowErrorCode, string>> = {
  notGM: "BLOWBYBLOW.Flow.Error.notGM",
  notAuthor: "BLOWBYBLOW.Flow.Error.notAuthor",
  wrongRuleset: "BLOWBYBLOW.Flow.Error.wrongRuleset",
  wrongState: "BLOWBYBLOW.Flow.Error.wrongState",
  staleRevision: "BLOWBYBLOW.Flow.Error.staleRevision",
  notOwner: "BLOWBYBLOW.Flow.Error.notOwner",
  notPending: "BLOWBYBLOW.Flow.Error.notPending",
  badDeclaration: "BLOWBYBLOW.Flow.Error.badDeclaration",
  badChoice: "BLOWBYBLOW.Flow.Error.badChoice",
  badRolls: "BLOWBYBLOW.Flow.Error.badRolls",
  alreadyApplied: "BLOWBYBLOW.Flow.Error.alreadyApplied",
  notResolved: "BLOWBYBLOW.Flow.Error.notResolved",
  noAdvantage: "BLOWBYBLOW.Flow.Error.noAdvantage",
  advantageTaken: "BLOWBYBLOW.Flow.Error.advantageTaken",
};

export class FlowError extends Error {
  readonly code: FlowErrorCode;
  /** `BLOWBYBLOW.Flow.Error.<code>`. */
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
  constructor(code: FlowErrorCode, message: string, data: Record<string, string> = {}) {
    super(message);
    this.name = "FlowError";
    this.code = code;
    this.key = FLOW_ERROR_KEYS[code];
    this.data = data;
  }
}

/** What the attacker's client sends to make a card. */
export interface DeclareInput {
  attacker: ParticipantRef;
  defender: ParticipantRef;
  declaration: unknown;
  context: Record<string, unknown>;
  /** The rolls `start` made on the attacker's client (none for HM3). */
  rolls: RollRecord[];
}

/** A choice as the chooser's client sends it to the GM. */
export interface ChoiceSubmission {
  /** The card revision the chooser saw. */
  revision: number;
  /** The pending prompt's kind (`defence`). */
  kind: string;
  value: unknown;
  request: unknown;
  /** The rolls the choice led to, made on the chooser's client. */
  rolls: RollRecord[];
}

/** The exchange replayed from a card: the ruleset's state, what is pending, the result. */
export interface Replayed<S = unknown> {
  state: S;
  pending: PendingChoice | null;
  result: ExchangeRecord | null;
}

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Plain JSON: what a chat message stores (`undefined` becomes null, undefined keys go). */
function plain<T>(value: T): T {
  if (value === undefined) return null as T;
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Why `raw` is not a well-formed roll record, or null when it is one. */
export function rollRecordProblem(raw: unknown): string | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return "not a roll record";
  const r = raw as Record<string, unknown>;
  if (typeof r.name !== "string" || r.name.length === 0) return "it has no name";
  const { count, sides, values, total } = r;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 0)
    return `its dice count ${showValue(count)} is not a whole number ≥ 0`;
  if (typeof sides !== "number" || !Number.isInteger(sides) || sides < 1)
    return `its sides ${showValue(sides)} are not a whole number ≥ 1`;
  if (!Array.isArray(values) || values.length !== count)
    return `it needs ${count} ${count === 1 ? "value" : "values"} (${notation(count, sides)}), got ${showValue(values)}`;
  let sum = 0;
  for (const v of values as unknown[]) {
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > sides)
      return `each die of ${notation(count, sides)} must be 1..${sides}, got ${showValue(values)}`;
    sum += v;
  }
  if (total !== sum) return `its total ${showValue(total)} is not the sum of its dice (${sum})`;
  return null;
}

/** A record as stored: exactly the five fields, copied. */
function cleanRecord(r: RollRecord): RollRecord {
  return {
    name: r.name,
    count: r.count,
    sides: r.sides,
    values: [...r.values],
    total: r.total,
  };
}

function badRolls(message: string, data: Record<string, string>): FlowError {
  return new FlowError("badRolls", message, data);
}

/**
 * Dice that serve exactly the given records by name, and refuse a roll not among them, one
 * whose count or sides differ, and a name asked twice. `unused()` names the records no roll
 * asked for. Errors are `badRolls`.
 */
class StrictDice implements Dice {
  private readonly byName = new Map<string, RollRecord>();
  private readonly asked = new Set<string>();
  /** The records served, in the order asked. */
  readonly used: RollRecord[] = [];

  constructor(records: unknown, taken: ReadonlySet<string> = new Set()) {
    if (!Array.isArray(records))
      throw badRolls(`The rolls must be a list, got ${showValue(records)}.`, {
        roll: "",
        value: showValue(records),
      });
    for (const raw of records as unknown[]) {
      const problem = rollRecordProblem(raw);
      const name = (raw as { name?: unknown } | null)?.name;
      const roll = typeof name === "string" ? name : showValue(name);
      if (problem) throw badRolls(`Roll "${roll}": ${problem}.`, { roll, reason: problem });
      const record = raw as RollRecord;
      if (this.byName.has(record.name) || taken.has(record.name))
        throw badRolls(`Roll "${record.name}" is given twice.`, { roll: record.name });
      this.byName.set(record.name, cleanRecord(record));
    }
  }

  roll(name: string, count: number, sides: number): number[] {
    const expected = notation(count, sides);
    if (this.asked.has(name))
      throw badRolls(`Roll "${name}" was asked for twice in one exchange.`, { roll: name });
    this.asked.add(name);
    const record = this.byName.get(name);
    if (!record)
      throw badRolls(`Roll "${name}" (${expected}) is not among the rolls sent.`, {
        roll: name,
        expected,
      });
    const actual = notation(record.count, record.sides);
    if (record.count !== count || record.sides !== sides)
      throw badRolls(`Roll "${name}" was sent as ${actual}; the exchange rolls ${expected}.`, {
        roll: name,
        expected,
        actual,
      });
    this.used.push(record);
    return [...record.values];
  }

  /** Throws `badRolls` if a record was never asked for. */
  checkAllUsed(): void {
    const unused = [...this.byName.keys()].filter((n) => !this.asked.has(n));
    if (unused.length > 0)
      throw badRolls(`Rolls sent but never made: ${unused.join(", ")}.`, {
        roll: unused.join(", "),
      });
  }
}

/** Runs `fn`, turning an `InputError` into the FlowError `code` naming its field and value. */
function asFlow<T>(code: "badDeclaration" | "badChoice", what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof InputError)
      throw new FlowError(code, `Bad ${what}: ${e.message}`, {
        field: e.field,
        value: showValue(e.value),
        reason: e.reason,
      });
    throw e;
  }
}

function requireGM(caller: Caller): void {
  if (!caller.isGM)
    throw new FlowError(
      "notGM",
      `Only a GM's client may change an exchange (user ${caller.userId}).`,
      {
        userId: caller.userId,
      },
    );
}

function requireRuleset(ruleset: { id: RulesetId }, card: ExchangeCard): void {
  if (ruleset.id !== card.ruleset)
    throw new FlowError(
      "wrongRuleset",
      `The exchange was made with ruleset ${showValue(card.ruleset)}, the world plays ${ruleset.id}.`,
      { expected: String(card.ruleset), actual: ruleset.id },
    );
}

function requireState(card: ExchangeCard, states: readonly FlowState[]): void {
  if (!states.includes(card.state))
    throw new FlowError(
      "wrongState",
      `The exchange is ${showValue(card.state)}; this step needs it ${states.join(" or ")}.`,
      { state: String(card.state), expected: states.join(", ") },
    );
}

function requireRevision(card: ExchangeCard, revision: unknown): void {
  if (revision !== card.revision)
    throw new FlowError(
      "staleRevision",
      `The step was made at revision ${showValue(revision)}; the exchange is at revision ${card.revision}.`,
      { expected: String(card.revision), actual: showValue(revision) },
    );
}

function owns(user: Caller, side: Side): boolean {
  return user.isGM || user.owns[side] === true;
}

/** A copy of the card (plain data). */
function copyCard(card: ExchangeCard): ExchangeCard {
  return copy(card);
}

interface ReplayRun<S> extends Replayed<S> {
  /** The rolls the replay used, in the order asked. */
  used: RollRecord[];
}

function replayRun<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
): ReplayRun<S> {
  requireRuleset(ruleset, card);
  const dice = new StrictDice(card.rolls);
  const decl = asFlow("badDeclaration", "declaration", () =>
    ruleset.parseDeclaration(card.declaration),
  );
  let state = asFlow("badDeclaration", "declaration", () => ruleset.start(decl, dice));
  const choices: unknown = card.choices;
  if (!Array.isArray(choices))
    throw new FlowError("badChoice", "The exchange's choices are not a list.", {
      field: "choices",
      value: showValue(choices),
    });
  for (const [i, raw] of (choices as unknown[]).entries()) {
    const choice = (raw ?? {}) as Partial<FlowChoice>;
    const pending = ruleset.pending(state);
    if (!pending || pending.kind !== choice.kind || pending.by !== choice.by)
      throw new FlowError(
        "notPending",
        `Choice ${i} (${showValue(choice.kind)} by ${showValue(choice.by)}) answers no pending prompt` +
          (pending ? ` (${pending.kind} by ${pending.by} is pending).` : " (nothing is pending)."),
        {
          kind: showValue(choice.kind),
          expected: pending ? pending.kind : "",
        },
      );
    const parsed = asFlow("badChoice", "choice", () => ruleset.parseChoice(state, choice.value));
    state = asFlow("badChoice", "choice", () => ruleset.choose(state, parsed, dice));
  }
  dice.checkAllUsed();
  const pending = ruleset.pending(state);
  return { state, pending, result: pending ? null : ruleset.result(state), used: dice.used };
}

/* ------------------------------------------------------------------------------------------ */
/* Transitions                                                                                */
/* ------------------------------------------------------------------------------------------ */

/**
 * Makes the card in state `declared` (revision 0): parses the declaration (refused:
 * `badDeclaration` with the InputError's field), replays `start` from `input.rolls` (refused:
 * `badRolls` if a roll is missing, unused, repeated or misshapen).
 */
export function declareExchange<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  input: DeclareInput,
): ExchangeCard {
  const participant = (p: ParticipantRef): ParticipantRef => ({
    actorUuid: p.actorUuid ?? null,
    tokenUuid: p.tokenUuid ?? null,
    name: String(p.name ?? ""),
  });
  const card: ExchangeCard = {
    ruleset: ruleset.id,
    state: "declared",
    revision: 0,
    attacker: participant(input.attacker),
    defender: participant(input.defender),
    declaration: plain(input.declaration),
    context: plain(input.context ?? {}),
    choices: [],
    rolls: plain(input.rolls),
    pending: null,
    result: null,
    applied: null,
    advantages: {},
  };
  const run = replayRun(ruleset, card);
  card.rolls = run.used.map(cleanRecord);
  card.pending = plain(run.pending);
  return card;
}

/** Replays a card's exchange from its declaration, choices and rolls (throws FlowError). */
export function replayExchange<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
): Replayed<S> {
  const { state, pending, result } = replayRun(ruleset, card);
  return { state, pending, result };
}

/**
 * GM only: `declared` → `awaitingDefence` (something pending) or `resolved`; revision + 1.
 * Checks the caller is a GM, the ruleset matches, the state, and that the declaration and rolls
 * replay. `authorOwnsAttacker`: the message's author owns the attacker's actor (or is a GM).
 */
export function acceptExchange<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
  caller: Caller,
  authorOwnsAttacker: boolean,
): ExchangeCard {
  requireGM(caller);
  requireRuleset(ruleset, card);
  requireState(card, ["declared"]);
  if (!authorOwnsAttacker)
    throw new FlowError(
      "notAuthor",
      `The exchange was declared by a user who does not own the attacker (${showValue(card.attacker.name)}).`,
    );
  // A declared card is what `declareExchange` makes: revision 0, no choice, nothing applied or
  // claimed. A card created with a choice already in it (a defence the attacker's client chose
  // for the defender) or with applied effects is refused, not replayed.
  if (
    card.revision !== 0 ||
    card.choices.length > 0 ||
    card.applied !== null ||
    Object.keys(card.advantages ?? {}).length > 0
  )
    throw new FlowError(
      "wrongState",
      "A declared exchange must be fresh: revision 0, no choices, nothing applied or claimed.",
      { state: "declared" },
    );
  const run = replayRun(ruleset, card);
  const next = copyCard(card);
  next.pending = plain(run.pending);
  next.result = plain(run.result);
  next.state = run.pending ? "awaitingDefence" : "resolved";
  next.revision = card.revision + 1;
  return next;
}

/**
 * GM only, for the chooser: checks state `awaitingDefence`, the revision, the prompt's kind and
 * side, that the submitting user (`chooser`) owns that side (or is a GM), parses the choice
 * (`badChoice` with the field), replays with the new rolls (`badRolls`); appends the choice and
 * rolls, then `awaitingDefence` if something is still pending, else `resolved` with the result.
 * `caller` is the GM's client handling the query; `chooser` the user who clicked.
 */
export function submitChoice<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
  submission: ChoiceSubmission,
  caller: Caller,
  chooser: Caller,
): ExchangeCard {
  requireGM(caller);
  requireRuleset(ruleset, card);
  requireState(card, ["awaitingDefence"]);
  requireRevision(card, submission.revision);
  const run = replayRun(ruleset, card);
  const pending = run.pending;
  if (!pending)
    throw new FlowError("wrongState", "The exchange has nothing pending: it is resolved.", {
      state: "resolved",
      expected: "awaitingDefence",
    });
  if (submission.kind !== pending.kind)
    throw new FlowError(
      "notPending",
      `A ${showValue(submission.kind)} was sent; the exchange waits for a ${pending.kind}.`,
      { kind: showValue(submission.kind), expected: pending.kind },
    );
  if (!owns(chooser, pending.by))
    throw new FlowError(
      "notOwner",
      `User ${chooser.userId} does not own the ${pending.by}, who must choose.`,
      { side: pending.by, userId: chooser.userId },
    );
  const value: unknown = plain(submission.value);
  const choice = asFlow("badChoice", "choice", () => ruleset.parseChoice(run.state, value));
  const dice = new StrictDice(submission.rolls, new Set(card.rolls.map((r) => r.name)));
  const state = asFlow("badChoice", "choice", () => ruleset.choose(run.state, choice, dice));
  dice.checkAllUsed();
  const nextPending = ruleset.pending(state);
  const next = copyCard(card);
  next.choices.push({
    by: pending.by,
    kind: pending.kind,
    value,
    userId: chooser.userId,
    request: plain(submission.request),
  });
  next.rolls.push(...dice.used.map(cleanRecord));
  next.pending = plain(nextPending);
  next.result = nextPending ? null : plain(ruleset.result(state));
  next.state = nextPending ? "awaitingDefence" : "resolved";
  next.revision = card.revision + 1;
  return next;
}

/**
 * The chooser's client: runs its step with `roll` for the dice of its own side
 * (`Ruleset.rollSide`) and stand-in values (every die a 1) for the rest, and returns the step's
 * own-side rolls only, for the submission; the active GM's client rolls the others
 * (`completeChoiceRolls`). A die rolled here that the exchange turns out not to need (its need
 * hung on the other side's dice) is dropped there. A GM rolls every die of the step.
 */
export async function rollOwnSide<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  side: Side,
  isGM: boolean,
  step: (dice: Dice) => S,
  roll: (name: string, count: number, sides: number) => Promise<number[]>,
): Promise<RollRecord[]> {
  if (isGM) return (await rollAsNeeded(step, roll)).rolls;
  const mine = (name: string) => ruleset.rollSide?.(name) === side;
  const { rolls } = await rollAsNeeded(step, (name, count, sides) =>
    mine(name) ? roll(name, count, sides) : Promise.resolve(new Array<number>(count).fill(1)),
  );
  return rolls.filter((r) => mine(r.name));
}

/**
 * Of the rolls a client sent, those `side` rolls (`Ruleset.rollSide`), and any malformed one,
 * kept so that the step refuses it with its own message.
 */
function sideRolls(
  ruleset: Pick<Ruleset<unknown, unknown, unknown, ExchangeRecord>, "rollSide">,
  rolls: unknown[],
  side: Side,
): RollRecord[] {
  return rolls.filter(
    (r): r is RollRecord =>
      rollRecordProblem(r) !== null || ruleset.rollSide?.((r as RollRecord).name) === side,
  );
}

/**
 * GM: the rolls of a chooser's step made whole on the active GM's client, before
 * `submitChoice` (docs/architecture.md §2.6). Of the rolls a chooser who is not a GM sent, only
 * those of the chooser's own side (`Ruleset.rollSide`) are kept; every other roll the step asks
 * for is rolled with `roll` (the GM's Foundry Roll), so no client but the GM's chooses the other
 * side's dice. With `trust.gmRollsAll` (the world setting, issue 15) none of the chooser's rolls
 * is kept: the GM's client rolls every die. A GM chooser's rolls are kept as sent. Rolls the step
 * does not use are dropped.
 * Anything `submitChoice` refuses (state, revision, owner, a malformed choice or roll) is left
 * for it to refuse with its own message: the submission then comes back with the chooser's own
 * rolls only, and nothing is rolled.
 */
export async function completeChoiceRolls<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
  submission: ChoiceSubmission,
  chooser: Caller,
  roll: (name: string, count: number, sides: number) => Promise<number[]>,
  trust: DiceTrust = {},
): Promise<ChoiceSubmission> {
  if (chooser.isGM || !Array.isArray(submission.rolls)) return submission;
  // The world's `gmRollsAll`: nothing the chooser's client rolled is kept (issue 15).
  if (trust.gmRollsAll) submission = { ...submission, rolls: [] };
  let run: ReplayRun<S>;
  try {
    requireRuleset(ruleset, card);
    requireState(card, ["awaitingDefence"]);
    requireRevision(card, submission.revision);
    run = replayRun(ruleset, card);
  } catch {
    return submission;
  }
  const pending = run.pending;
  if (!pending) return submission;
  const side = pending.by;
  const own = sideRolls(ruleset, submission.rolls as unknown[], side);
  const kept = { ...submission, rolls: own };
  if (!owns(chooser, side) || submission.kind !== pending.kind) return kept;
  if (own.some((r) => rollRecordProblem(r) !== null)) return kept;
  let choice: C;
  try {
    choice = ruleset.parseChoice(run.state, plain(submission.value));
  } catch {
    return kept;
  }
  const taken = new Set(card.rolls.map((r) => r.name));
  const names = new Set(own.map((r) => r.name));
  if (names.size !== own.length || own.some((r) => taken.has(r.name))) return kept;
  // A step that fails (the choice does not fit the exchange) is `submitChoice`'s to refuse; a
  // roll that fails on the GM's client is thrown as it is.
  const stepFailed = new Set<unknown>();
  const step = (dice: Dice): S => {
    try {
      return ruleset.choose(run.state, choice, dice);
    } catch (e) {
      if (!(e instanceof NeedRoll)) stepFailed.add(e);
      throw e;
    }
  };
  try {
    const { rolls } = await rollAsNeeded(step, roll, own);
    return { ...submission, rolls };
  } catch (e) {
    if (stepFailed.has(e)) return kept;
    throw e;
  }
}

/** How far the active GM's client trusts a player's dice (the world setting `gmRollsAll`). */
export interface DiceTrust {
  /** The GM's client rolls every die of a player's step; none the player's client sent is kept. */
  gmRollsAll?: boolean;
}

/**
 * GM: the rolls of a declaration's `start` made whole on the active GM's client, before the
 * accepted card is declared afresh (issue 15, docs/architecture.md §2.6). Of the rolls a
 * declarer who is not a GM sent, only the attacker's own (`Ruleset.rollSide`) are kept (none
 * with `gmRollsAll`); every other roll `start` asks for is rolled with `roll` (the GM's Foundry
 * Roll), so a ruleset that rolls at declaration (GURPS Man to Man rolls attack, critical hit and
 * damage there) does not let the attacker's client choose the defender's or the GM's dice. A GM
 * declarer's rolls are kept as sent. Rolls `start` does not use are dropped. A declaration that
 * does not parse, or malformed or repeated rolls, are left for `declareExchange` to refuse with
 * its own message: the kept rolls come back and nothing is rolled.
 */
export async function completeDeclarationRolls<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  declaration: unknown,
  rolls: unknown,
  declarerIsGM: boolean,
  roll: (name: string, count: number, sides: number) => Promise<number[]>,
  trust: DiceTrust = {},
): Promise<RollRecord[]> {
  if (!Array.isArray(rolls)) return rolls as RollRecord[];
  if (declarerIsGM) return rolls as RollRecord[];
  const own = trust.gmRollsAll ? [] : sideRolls(ruleset, rolls as unknown[], "attacker");
  if (own.some((r) => rollRecordProblem(r) !== null)) return own;
  if (new Set(own.map((r) => r.name)).size !== own.length) return own;
  let decl: D;
  try {
    decl = ruleset.parseDeclaration(plain(declaration));
  } catch {
    return own;
  }
  const stepFailed = new Set<unknown>();
  const step = (dice: Dice): S => {
    try {
      return ruleset.start(decl, dice);
    } catch (e) {
      if (!(e instanceof NeedRoll)) stepFailed.add(e);
      throw e;
    }
  };
  try {
    return (await rollAsNeeded(step, roll, own)).rolls;
  } catch (e) {
    if (stepFailed.has(e)) return own;
    throw e;
  }
}

/**
 * GM only: `resolved` → `applied` at the given revision; returns the card and the effects to
 * apply (replayed, never read from the stored result). A second apply is `alreadyApplied`.
 */
export function applyExchange<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
  caller: Caller,
  revision: number,
): { card: ExchangeCard; effects: ExchangeRecord["effects"] } {
  requireGM(caller);
  requireRuleset(ruleset, card);
  if (card.state === "applied")
    throw new FlowError("alreadyApplied", "The exchange's consequences were already applied.", {
      userId: card.applied?.userId ?? "",
    });
  if (card.state !== "resolved")
    throw new FlowError("notResolved", `The exchange is ${showValue(card.state)}, not resolved.`, {
      state: String(card.state),
    });
  requireRevision(card, revision);
  const run = replayRun(ruleset, card);
  if (!run.result)
    throw new FlowError("notResolved", "The exchange replays with a choice still pending.", {
      state: "awaitingDefence",
    });
  const result = plain(run.result);
  const next = copyCard(card);
  next.result = result;
  next.pending = null;
  next.applied = { userId: caller.userId, effects: result.effects.map((_, i) => i) };
  next.state = "applied";
  next.revision = card.revision + 1;
  return { card: next, effects: copy(result.effects) };
}

/**
 * GM only, for `claimant`: claims the tactical advantage the result gives `side` (the result
 * must have a `tacticalAdvantage` effect for that side: `noAdvantage`; once per card:
 * `advantageTaken`; the claimant must own that side: `notOwner`). Revision + 1. The per-turn
 * limit is the tracker's (src/rules/<id>/turn.ts), checked by the adapter.
 */
export function claimAdvantage<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
  side: Side,
  caller: Caller,
  claimant: Caller,
  revision: number,
): ExchangeCard {
  requireGM(caller);
  requireRuleset(ruleset, card);
  if (card.state !== "resolved" && card.state !== "applied")
    throw new FlowError("notResolved", `The exchange is ${showValue(card.state)}, not resolved.`, {
      state: String(card.state),
    });
  requireRevision(card, revision);
  const run = replayRun(ruleset, card);
  const gives = run.result?.effects.some((e) => e.type === "tacticalAdvantage" && e.to === side);
  if (!gives)
    throw new FlowError(
      "noAdvantage",
      `The exchange gives the ${showValue(side)} no tactical advantage.`,
      { side: String(side) },
    );
  const taken = card.advantages[side];
  if (taken !== undefined)
    throw new FlowError(
      "advantageTaken",
      `The ${side}'s tactical advantage was already claimed (by user ${taken}).`,
      { side, userId: taken },
    );
  if (!owns(claimant, side))
    throw new FlowError(
      "notOwner",
      `User ${claimant.userId} does not own the ${side}, whose advantage it is.`,
      { side, userId: claimant.userId },
    );
  const next = copyCard(card);
  next.advantages[side] = claimant.userId;
  next.revision = card.revision + 1;
  return next;
}

/* ------------------------------------------------------------------------------------------ */
/* Rolling a step's dice as it asks for them                                                  */
/* ------------------------------------------------------------------------------------------ */

/** A roll the running step asked for and the rolls given did not hold. */
export class NeedRoll extends Error {
  readonly roll: { name: string; count: number; sides: number };
  constructor(name: string, count: number, sides: number) {
    super(`Roll "${name}" (${notation(count, sides)}) is needed.`);
    this.name = "NeedRoll";
    this.roll = { name, count, sides };
  }
}

/** How many times `rollAsNeeded` runs a step before it gives up (one new roll a run). */
export const MAX_STEP_RUNS = 200;

/**
 * Runs `step` with dice that serve `given` rolls by name and, for any other roll, stop the
 * step (`NeedRoll`), roll it with `roll` (async: a Foundry `Roll`), and run the step again from
 * the start with it added. Returns the step's value and the rolls it used, in the order the
 * step asked for them. A step is pure, so re-running it is safe.
 */
export async function rollAsNeeded<T>(
  step: (dice: Dice) => T,
  roll: (name: string, count: number, sides: number) => Promise<number[]>,
  given: readonly RollRecord[] = [],
): Promise<{ value: T; rolls: RollRecord[] }> {
  const known = new Map<string, RollRecord>();
  for (const raw of given) {
    const problem = rollRecordProblem(raw);
    if (problem) throw new Error(`Given roll ${showValue(raw?.name)}: ${problem}.`);
    if (known.has(raw.name)) throw new Error(`Roll "${raw.name}" is given twice.`);
    known.set(raw.name, cleanRecord(raw));
  }
  for (let run = 0; run < MAX_STEP_RUNS; run++) {
    const used: RollRecord[] = [];
    const asked = new Set<string>();
    let needed: NeedRoll | null = null;
    const dice: Dice = {
      roll(name: string, count: number, sides: number): number[] {
        if (asked.has(name)) throw new Error(`Roll "${name}" was asked for twice in one step.`);
        asked.add(name);
        const record = known.get(name);
        if (!record) {
          needed = new NeedRoll(name, count, sides);
          throw needed;
        }
        if (record.count !== count || record.sides !== sides)
          throw new Error(
            `Roll "${name}" is ${notation(record.count, record.sides)}; the step rolls ${notation(count, sides)}.`,
          );
        used.push(record);
        return [...record.values];
      },
    };
    let value: T;
    try {
      value = step(dice);
    } catch (e) {
      if (e === null || e !== needed) throw e;
      const { name, count, sides } = (e as NeedRoll).roll;
      const values = await roll(name, count, sides);
      const record = { name, count, sides, values, total: 0 };
      if (Array.isArray(values)) record.total = values.reduce((t, v) => t + v, 0);
      const problem = rollRecordProblem(record);
      if (problem)
        throw new Error(`Roll "${name}" (${notation(count, sides)}) came back wrong: ${problem}.`);
      known.set(name, cleanRecord(record));
      continue;
    }
    return { value, rolls: used.map(cleanRecord) };
  }
  throw new Error(
    `The step asked for more than ${MAX_STEP_RUNS} rolls one after another; giving up.`,
  );
}
