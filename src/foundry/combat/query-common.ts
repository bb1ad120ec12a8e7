/**
 * What every GM-side step of the exchange flow shares (see queries.ts for the flow as a whole):
 * the refusals (`CombatError`, `outcomeOf`) and their localisation, the messages as the steps read
 * them (`MessageLike`, the live message, the GM's card, the card's writes), who the active GM is
 * and the check that this client is theirs, the per-message queue (`serial`), the card's
 * ruleset and actors, the card's pending approval, and whose client rolled each die.
 */
import type { Approval } from "../../core/approval";
import type { DeclarationBuild } from "../../core/combat";
import type { RollRecord } from "../../core/dice";
import { InputError, showValue } from "../../core/errors";
import { FlowError, type ChoiceSubmission, type ExchangeCard } from "../../core/flow";
import type { Side } from "../../core/ruleset";
import { cardSource } from "../data/chat-message/exchange";
import { escapeHtml } from "../sheets/common";
import {
  canFight,
  cannotFightMessage,
  foundryRuleset,
  rulesetName,
  type FightingRuleset,
} from "../rulesets";
import { sideActor } from "./permissions";
import type { ActorLike, UserLike } from "./snapshot";

/** Codes of this module's refusals (a FlowError's codes come from src/core/flow.ts). */
export type CombatErrorCode =
  | "badRequest"
  | "noMessage"
  | "noUser"
  | "noActor"
  | "unknownRuleset"
  | "declarationChanged"
  | "choiceChanged"
  | "turnAdvantage"
  | "roundAdvantage"
  | "noAmputation"
  | "alreadyAmputated"
  | "unverified"
  | "noRequest"
  | "selfAttack"
  | "badToken"
  | "awaitingApproval"
  | "notAwaitingApproval"
  | "approvalRefused"
  | "choiceAwaitingApproval"
  | "choiceRefused"
  | "cannotFight"
  | "noManeuvers"
  | "notTheirTurn"
  | "turnNotStarted"
  | "staleManeuver"
  | "staleState"
  | "notOwnerOf"
  | "alreadyAnswered"
  | "failed";

/** Each code's localisation key, written out whole for the lang audit. */
export const COMBAT_ERROR_KEYS: Readonly<Record<CombatErrorCode, string>> = Object.freeze({
  badRequest: "BLOWBYBLOW.Combat.Error.badRequest",
  noMessage: "BLOWBYBLOW.Combat.Error.noMessage",
  noUser: "BLOWBYBLOW.Combat.Error.noUser",
  noActor: "BLOWBYBLOW.Combat.Error.noActor",
  unknownRuleset: "BLOWBYBLOW.Combat.Error.unknownRuleset",
  declarationChanged: "BLOWBYBLOW.Combat.Error.declarationChanged",
  choiceChanged: "BLOWBYBLOW.Combat.Error.choiceChanged",
  turnAdvantage: "BLOWBYBLOW.Combat.Error.turnAdvantage",
  roundAdvantage: "BLOWBYBLOW.Combat.Error.roundAdvantage",
  noAmputation: "BLOWBYBLOW.Combat.Error.noAmputation",
  alreadyAmputated: "BLOWBYBLOW.Combat.Error.alreadyAmputated",
  unverified: "BLOWBYBLOW.Combat.Error.unverified",
  noRequest: "BLOWBYBLOW.Combat.Error.noRequest",
  selfAttack: "BLOWBYBLOW.Combat.Error.selfAttack",
  badToken: "BLOWBYBLOW.Combat.Error.badToken",
  awaitingApproval: "BLOWBYBLOW.Combat.Error.awaitingApproval",
  notAwaitingApproval: "BLOWBYBLOW.Combat.Error.notAwaitingApproval",
  approvalRefused: "BLOWBYBLOW.Combat.Error.approvalRefused",
  choiceAwaitingApproval: "BLOWBYBLOW.Combat.Error.choiceAwaitingApproval",
  choiceRefused: "BLOWBYBLOW.Combat.Error.choiceRefused",
  cannotFight: "BLOWBYBLOW.Combat.Error.cannotFight",
  noManeuvers: "BLOWBYBLOW.Combat.Error.noManeuvers",
  notTheirTurn: "BLOWBYBLOW.Combat.Error.notTheirTurn",
  turnNotStarted: "BLOWBYBLOW.Combat.Error.turnNotStarted",
  staleManeuver: "BLOWBYBLOW.Combat.Error.staleManeuver",
  staleState: "BLOWBYBLOW.Combat.Error.staleState",
  notOwnerOf: "BLOWBYBLOW.Combat.Error.notOwnerOf",
  alreadyAnswered: "BLOWBYBLOW.Combat.Error.alreadyAnswered",
  failed: "BLOWBYBLOW.Combat.Error.failed",
});

/** A refusal by this module (not a flow transition's). */
export class CombatError extends Error {
  readonly code: CombatErrorCode;
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
  constructor(code: CombatErrorCode, message: string, data: Record<string, string> = {}) {
    super(message);
    this.name = "CombatError";
    this.code = code;
    this.key = COMBAT_ERROR_KEYS[code];
    this.data = data;
  }
}

/** What a handler answers (plain JSON). */
export type QueryOutcome =
  | { ok: true }
  | { ok: false; code: string; key: string; data: Record<string, string> };

/** The outcome of an error thrown by a step. */
export function outcomeOf(err: unknown): QueryOutcome {
  if (err instanceof FlowError || err instanceof CombatError)
    return { ok: false, code: err.code, key: err.key, data: { ...err.data } };
  if (err instanceof InputError)
    return {
      ok: false,
      code: "badRequest",
      key: COMBAT_ERROR_KEYS.badRequest,
      data: { field: err.field, value: showValue(err.value), reason: err.reason },
    };
  const message = err instanceof Error ? err.message : String(err);
  console.error("Blow by Blow: an exchange step failed", err);
  return { ok: false, code: "failed", key: COMBAT_ERROR_KEYS.failed, data: { error: message } };
}

// ── What the handlers read of Foundry ────────────────────────────────────────────────────────

type Obj = Record<string, unknown>;

/** An exchange ChatMessage (or a request message) as the flow reads it. */
export interface MessageLike {
  id: string | null;
  type: string;
  system: unknown;
  author?: UserLike | null;
  speaker?: unknown;
  flags?: Obj;
  timestamp?: number;
  update(changes: Obj): Promise<unknown>;
  delete?(): Promise<unknown>;
}

/** The ChatMessage class as the flow uses it. */
interface ChatMessageClass {
  create(data: Obj, options?: Obj): Promise<unknown>;
  getSpeaker?(options: { actor?: unknown; token?: unknown }): Obj;
}

/** The ChatMessage class (Foundry's; the stand-ins' in tests). */
export function chatMessageClass(): ChatMessageClass {
  // Read off globalThis, so the tests' stand-in class serves too; the flow builds its messages
  // as plain data, which ChatMessage.create's full CreateData type does not take.
  return (globalThis as unknown as { ChatMessage: ChatMessageClass }).ChatMessage;
}

/** The system's flags on a message (`flags["blow-by-blow"]`), or an empty object. */
export function systemFlags(message: { flags?: unknown } | null | undefined): Obj {
  const flags = message?.flags as Record<string, unknown> | undefined;
  const own = flags?.["blow-by-blow"];
  return own !== null && typeof own === "object" && !Array.isArray(own) ? (own as Obj) : {};
}

/** Whether a message is an exchange card a GM wrote (only such a card is past `declared`). */
export function isGMCard(message: { author?: { isGM?: boolean } | null }): boolean {
  return message.author?.isGM === true;
}

/** `game` (fvtt-types' ReadyGame: the flow runs after `ready`). */
export const g = () => game;

/** The active GM, or null when no GM is connected. */
export function activeGM(): UserLike | null {
  return g().users.activeGM ?? null;
}

/** Whether this client is the active GM's. */
export function isActiveGM(): boolean {
  const gm = activeGM();
  return !!gm && gm.id === g().user.id;
}

/**
 * Localises a refusal for a notification (HTML): the data's values (names are user text) are
 * escaped (review m5).
 */
export function formatOutcome(outcome: Exclude<QueryOutcome, { ok: true }>): string {
  return g().i18n.format(outcome.key, escapeData(outcome.data));
}

/** Escapes each value for a localised notification (HTML). */
export function escapeData(data: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, escapeHtml(String(v))]));
}

// ── Serial steps per message ─────────────────────────────────────────────────────────────────

const queues = new Map<string, Promise<unknown>>();

/** Runs `step` after every earlier step on the same message has finished. */
export function serial<T>(messageId: string, step: () => Promise<T>): Promise<T> {
  const previous = queues.get(messageId) ?? Promise.resolve();
  const run = previous.then(step, step);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(messageId, settled);
  void settled.then(() => {
    if (queues.get(messageId) === settled) queues.delete(messageId);
  });
  return run;
}

/**
 * Refuses unless this client is the active GM's (re-review finding 1): one client decides
 * every step, so the per-card queue (`serial`) and the turn's advantage count hold; a second
 * GM (an assistant) answering the same step would resolve or apply it twice.
 */
export function requireGMClient(): void {
  const user = g().user;
  if (!user?.isGM || !isActiveGM())
    throw new FlowError("notGM", "Exchange steps are handled by the active GM's client only.", {
      userId: user?.id ?? "",
    });
}

export function messageOf(messageId: string): MessageLike {
  const message = g().messages?.get(messageId);
  if (!message || message.type !== "exchange")
    throw new CombatError("noMessage", `No exchange card ${messageId}.`, { messageId });
  return message;
}

/** The Foundry entry of the card's ruleset, which must be able to fight in Foundry. */
export function rulesetOf(card: ExchangeCard): FightingRuleset {
  const fr = foundryRuleset(String(card.ruleset));
  if (!fr)
    throw new CombatError("unknownRuleset", `No ruleset ${showValue(card.ruleset)}.`, {
      ruleset: String(card.ruleset),
    });
  if (!canFight(fr))
    throw new CombatError("cannotFight", cannotFightMessage(fr), { ruleset: rulesetName(fr) });
  return fr;
}

export async function actorOf(card: ExchangeCard, side: Side): Promise<ActorLike> {
  const actor = await sideActor(card[side]);
  if (!actor)
    throw new CombatError("noActor", `The ${side}'s actor is gone.`, {
      side,
      name: card[side].name,
    });
  return actor;
}

/** JSON with sorted keys, to compare plain data. */
export function stable(value: unknown): string {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object")
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, walk((v as Obj)[k])]),
      );
    return v;
  };
  return JSON.stringify(walk(value ?? null));
}

/** The declaration build a card holds (its declaration and the ruleset's notes). */
export function exchangeBuild(card: ExchangeCard): DeclarationBuild {
  return { declaration: card.declaration, rules: (card.context.rules ?? {}) as Obj };
}

/**
 * Writes `card` to the message. Its JSON fields go as JSON text, the message's stored form
 * (`cardSource`, data/chat-message/exchange.ts), so the update is stored as given whether or
 * not the update's cleaning reaches the subtype's model (a JSONField keeps valid JSON text).
 */
export function updateCard(message: MessageLike, card: ExchangeCard): Promise<unknown> {
  return message.update({ system: cardSource(card) });
}

/** Refuses a card no GM wrote: only the `declared` card a player makes is theirs (review B2). */
export function requireGMCard(message: MessageLike): void {
  if (!isGMCard(message))
    throw new CombatError(
      "unverified",
      "The card was not written by a GM; only a GM-accepted card goes on.",
      { user: message.author?.name ?? "?" },
    );
}

/** The message of `messageId` as it is now (a step queued behind another re-reads it). */
export function liveMessage(message: MessageLike): MessageLike {
  const live = message.id ? g().messages?.get(message.id) : undefined;
  if (!live || live.type !== "exchange")
    throw new CombatError("noMessage", `No exchange card ${message.id ?? "?"}.`, {
      messageId: message.id ?? "",
    });
  return live;
}

/** The attack's approval (`context.approval`) when it still waits for the GM, else null. */
export function pendingAttackApproval(card: ExchangeCard): Approval | null {
  const a = (card.context as Obj | null)?.approval as Approval | undefined;
  return a && typeof a === "object" && a.pending === true ? a : null;
}

/**
 * A player's choice held for the GM's approval (`context.choiceApproval`, issue 15): why (its
 * custom total against the world's cap) and, while it waits, who chose for which side and the
 * submission as it was sent, run once the GM approves. `approvedBy` once a GM approved it.
 */
export interface ChoiceApproval extends Approval {
  held?: { userId: string; side: Side; submission: ChoiceSubmission };
  approvedBy?: string;
}

/** The held choice's approval when it still waits for the GM, else null. */
export function pendingChoiceApproval(card: ExchangeCard): ChoiceApproval | null {
  const a = (card.context as Obj | null)?.choiceApproval as ChoiceApproval | undefined;
  return a && typeof a === "object" && a.pending === true ? a : null;
}

/** The card's approval (the attack's, or a held choice's) while it waits for the GM, else null. */
export function pendingApproval(card: ExchangeCard): Approval | null {
  return pendingAttackApproval(card) ?? pendingChoiceApproval(card);
}

/** Refuses a step on a card that waits for the GM's approval (of the attack or of a choice). */
export function requireApproved(card: ExchangeCard): void {
  if (pendingAttackApproval(card))
    throw new CombatError("awaitingApproval", "The attack waits for the GM's approval.", {
      attacker: card.attacker.name,
      defender: card.defender.name,
    });
  const held = pendingChoiceApproval(card);
  if (held)
    throw new CombatError("choiceAwaitingApproval", "A choice waits for the GM's approval.", {
      name: held.held ? card[held.held.side].name : card.defender.name,
      attacker: card.attacker.name,
    });
}

/**
 * Whose client rolled a die of the card (`context.rolledBy`, by roll name; issue 15): the active
 * GM's, or another user's (named as the user was called when the die was taken).
 */
export type RolledBy = { by: "gm" } | { by: "user"; userId: string; name: string };

/**
 * `rolls` marked as rolled by `client`'s client where `sent(name)` (a die it sent that was kept),
 * else by the active GM's client (this one). The active GM's own dice are the GM's client's.
 */
export function rolledBy(
  rolls: readonly RollRecord[],
  sent: (name: string) => boolean,
  client: UserLike | null,
): Record<string, RolledBy> {
  const gmClient = !client || client.id === g().user.id;
  const out: Record<string, RolledBy> = {};
  for (const r of rolls)
    out[r.name] =
      !gmClient && sent(r.name)
        ? { by: "user", userId: client.id ?? "", name: client.name ?? "?" }
        : { by: "gm" };
  return out;
}

/** The card's `context.rolledBy` as stored (an object), or an empty one. */
export function storedRolledBy(card: ExchangeCard): Record<string, RolledBy> {
  const v = card.context.rolledBy;
  return v !== null && typeof v === "object" && !Array.isArray(v)
    ? { ...(v as Record<string, RolledBy>) }
    : {};
}

/** How long a client waits for the GM's answer to a step (actions.ts uses the same). */
export const REQUEST_TIMEOUT_MS = 60_000;
