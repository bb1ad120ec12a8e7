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
import type { Dice, RollRecord } from "./dice";
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

export class FlowError extends Error {
  readonly code: FlowErrorCode;
  /** `BLOWBYBLOW.Flow.Error.<code>`. */
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
  constructor(code: FlowErrorCode, message: string, data: Record<string, string> = {}) {
    super(message);
    this.name = "FlowError";
    this.code = code;
    this.key = `BLOWBYBLOW.Flow.Error.${code}`;
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

/* The functions below are implemented by the flow helper; their contracts are fixed. */

/**
 * Makes the card in state `declared` (revision 0): parses the declaration (refused:
 * `badDeclaration` with the InputError's field), replays `start` from `input.rolls` (refused:
 * `badRolls` if a roll is missing, unused, repeated or misshapen).
 */
export declare function declareExchange<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  input: DeclareInput,
): ExchangeCard;

/** Replays a card's exchange from its declaration, choices and rolls (throws FlowError). */
export declare function replayExchange<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
): Replayed<S>;

/**
 * GM only: `declared` → `awaitingDefence` (something pending) or `resolved`; revision + 1.
 * Checks the caller is a GM, the ruleset matches, the state, and that the declaration and rolls
 * replay. `authorOwnsAttacker`: the message's author owns the attacker's actor (or is a GM).
 */
export declare function acceptExchange<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
  caller: Caller,
  authorOwnsAttacker: boolean,
): ExchangeCard;

/**
 * GM only, for the chooser: checks state `awaitingDefence`, the revision, the prompt's kind and
 * side, that the submitting user (`chooser`) owns that side (or is a GM), parses the choice
 * (`badChoice` with the field), replays with the new rolls (`badRolls`); appends the choice and
 * rolls, then `awaitingDefence` if something is still pending, else `resolved` with the result.
 * `caller` is the GM's client handling the query; `chooser` the user who clicked.
 */
export declare function submitChoice<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
  submission: ChoiceSubmission,
  caller: Caller,
  chooser: Caller,
): ExchangeCard;

/**
 * GM only: `resolved` → `applied` at the given revision; returns the card and the effects to
 * apply (replayed, never read from the stored result). A second apply is `alreadyApplied`.
 */
export declare function applyExchange<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
  caller: Caller,
  revision: number,
): { card: ExchangeCard; effects: ExchangeRecord["effects"] };

/**
 * GM only, for `claimant`: claims the tactical advantage the result gives `side` (the result
 * must have a `tacticalAdvantage` effect for that side: `noAdvantage`; once per card:
 * `advantageTaken`; the claimant must own that side: `notOwner`). Revision + 1. The per-turn
 * limit is the tracker's (src/rules/<id>/turn.ts), checked by the adapter.
 */
export declare function claimAdvantage<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  card: ExchangeCard,
  side: Side,
  caller: Caller,
  claimant: Caller,
  revision: number,
): ExchangeCard;

/** A roll the running step asked for and the rolls given did not hold. */
export declare class NeedRoll extends Error {
  readonly roll: { name: string; count: number; sides: number };
}

/**
 * Runs `step` with dice that serve `given` rolls by name and, for any other roll, stop the
 * step (`NeedRoll`), roll it with `roll` (async: a Foundry `Roll`), and run the step again from
 * the start with it added. Returns the step's value and the rolls it used, in the order the
 * step asked for them. A step is pure, so re-running it is safe.
 */
export declare function rollAsNeeded<T>(
  step: (dice: Dice) => T,
  roll: (name: string, count: number, sides: number) => Promise<number[]>,
  given?: readonly RollRecord[],
): Promise<{ value: T; rolls: RollRecord[] }>;
