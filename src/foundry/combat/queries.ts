/**
 * The GM's side of the exchange flow. Every change to an exchange card, and to actors a player
 * does not own, is made by the active GM's client: players' clients ask through v13 queries
 * (`CONFIG.queries`, `user.query`, see actions.ts), and these handlers check the request with
 * the pure transitions of src/core/flow.ts, update the message, and answer `{ok: true}` or
 * `{ok: false, code, key, data}` (a FlowError's code and localisation key, or one of this
 * module's `BLOWBYBLOW.Combat.Error.*`).
 *
 * Each handler refuses to run on a client that is not a GM's, re-reads the message and the
 * actors, and works out the requesting user's permissions as of now (`callerFor`). Steps on one
 * message run one after another on the GM's client (`serial`), so a double click's second
 * request sees the first's revision and is refused.
 *
 * Who asks (review B3): a v13 query handler is given the data and `{timeout}`, not the sender,
 * so a request never names its user. A client that is not the active GM's first creates a
 * request ChatMessage (`flags["blow-by-blow"].request`: the step and its data, whispered to the
 * GM, hidden in the log) and then queries the GM with that message's id. Foundry's server
 * stamps a message's `author` with the creating user and refuses a player's message authored by
 * anyone else, so the author is who asks. The GM's client reads the request, deletes it (a
 * request is used once) and runs the step as its author. The active GM's own clicks run the
 * steps directly as the GM. What that user may do is then checked against the documents, never
 * taken from the request: ownership from the actors, the exchange from its replay, a declaration
 * and a choice rebuilt from the fighters as they are now and compared with what was sent.
 *
 * Whose card (review B1, B2): a player may create a `declared` card only. The GM accepts it by
 * building a fresh card from the declaration the GM's client rebuilds from the actors (nothing
 * else of the player's card is kept but the request and the dice of the declaration step) and
 * writing it as a GM-authored message (the player's is deleted), so no player can change the
 * card afterwards (only a message's author or a GM may update it). Every later step refuses a
 * card a GM did not author (`unverified`); the card shows such a card as unverified.
 *
 * Hooks (`registerFlowHooks`): the active GM's client accepts a new `declared` card when it is
 * created and sweeps declared cards at `ready` (and when it becomes the active GM); a card that
 * resolves is applied at once in apply mode "auto" (mode "ask" leaves the card's Apply button to
 * the GM, "report" applies nothing); cards are re-rendered when a GM connects or leaves, since
 * they say whether the exchange waits for one.
 */
import { approvalFor, customTotal, situationChanged, type Approval } from "../../core/approval";
import { copy } from "../../core/data";
import type { RollRecord } from "../../core/dice";
import type { AttackSituation, DeclarationBuild } from "../../core/combat";
import { InputError, showValue } from "../../core/errors";
import {
  acceptExchange,
  applyExchange,
  declareExchange,
  claimAdvantage,
  FlowError,
  replayExchange,
  submitChoice,
  completeChoiceRolls,
  completeDeclarationRolls,
  type ChoiceSubmission,
  type ExchangeCard,
} from "../../core/flow";
import type { Effect, Side } from "../../core/ruleset";
import { cardOf, cardSource } from "../data/chat-message/exchange";
import { escapeHtml } from "../sheets/common";
import { foundryRuleset, type FoundryRuleset } from "../rulesets";
import { planEffects, runOperations, sideItems, type Operation, type SideTarget } from "./apply";
import { foundryRoll } from "./dice";
import { callerFor, resolveUuid, sideActor, sideToken, userOwns } from "./permissions";
import { applyMode, customModifierCap, gmRollsAll, worldOptions } from "./settings";
import {
  fighterSnapshot,
  measureSituation,
  type ActorLike,
  type CanvasLike,
  type TokenDocLike,
  type UserLike,
} from "./snapshot";
import { gainAdvantage } from "./tracker";

export const QUERY = Object.freeze({
  declared: "blow-by-blow.accept",
  choose: "blow-by-blow.choose",
  apply: "blow-by-blow.apply",
  advantage: "blow-by-blow.advantage",
  amputate: "blow-by-blow.amputate",
  approve: "blow-by-blow.approve",
} as const);
export type QueryName = (typeof QUERY)[keyof typeof QUERY];

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
  | "noAmputation"
  | "alreadyAmputated"
  | "unverified"
  | "noRequest"
  | "selfAttack"
  | "badToken"
  | "awaitingApproval"
  | "notAwaitingApproval"
  | "approvalRefused"
  | "customCap"
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
  noAmputation: "BLOWBYBLOW.Combat.Error.noAmputation",
  alreadyAmputated: "BLOWBYBLOW.Combat.Error.alreadyAmputated",
  unverified: "BLOWBYBLOW.Combat.Error.unverified",
  noRequest: "BLOWBYBLOW.Combat.Error.noRequest",
  selfAttack: "BLOWBYBLOW.Combat.Error.selfAttack",
  badToken: "BLOWBYBLOW.Combat.Error.badToken",
  awaitingApproval: "BLOWBYBLOW.Combat.Error.awaitingApproval",
  notAwaitingApproval: "BLOWBYBLOW.Combat.Error.notAwaitingApproval",
  approvalRefused: "BLOWBYBLOW.Combat.Error.approvalRefused",
  customCap: "BLOWBYBLOW.Combat.Error.customCap",
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
const g = () => game;

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

// ── Reading requests ─────────────────────────────────────────────────────────────────────────

function asObject(data: unknown): Obj {
  if (data === null || typeof data !== "object" || Array.isArray(data))
    throw new InputError("data", data, "expected an object");
  return data as Obj;
}

function readString(data: Obj, key: string): string {
  const v = data[key];
  if (typeof v !== "string" || v === "") throw new InputError(key, v, "expected an id");
  return v;
}

function readInt(data: Obj, key: string): number {
  const v = data[key];
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0)
    throw new InputError(key, v, "expected a whole number ≥ 0");
  return v;
}

function readSide(data: Obj, key: string): Side {
  const v = data[key];
  if (v !== "attacker" && v !== "defender")
    throw new InputError(key, v, "expected attacker or defender");
  return v;
}

function readSubmission(data: Obj): ChoiceSubmission {
  const s = asObject(data.submission);
  return {
    revision: readInt(s, "revision"),
    kind: readString(s, "kind"),
    value: s.value ?? null,
    request: s.request ?? null,
    rolls: (s.rolls ?? []) as ChoiceSubmission["rolls"],
  };
}

/**
 * Refuses unless this client is the active GM's (re-review finding 1): one client decides
 * every step, so the per-card queue (`serial`) and the turn's advantage count hold; a second
 * GM (an assistant) answering the same step would resolve or apply it twice.
 */
function requireGMClient(): void {
  const user = g().user;
  if (!user?.isGM || !isActiveGM())
    throw new FlowError("notGM", "Exchange steps are handled by the active GM's client only.", {
      userId: user?.id ?? "",
    });
}

function messageOf(messageId: string): MessageLike {
  const message = g().messages?.get(messageId);
  if (!message || message.type !== "exchange")
    throw new CombatError("noMessage", `No exchange card ${messageId}.`, { messageId });
  return message;
}

/** The Foundry entry of the card's ruleset. */
export function rulesetOf(card: ExchangeCard): FoundryRuleset {
  const fr = foundryRuleset(String(card.ruleset));
  if (!fr)
    throw new CombatError("unknownRuleset", `No ruleset ${showValue(card.ruleset)}.`, {
      ruleset: String(card.ruleset),
    });
  return fr;
}

async function actorOf(card: ExchangeCard, side: Side): Promise<ActorLike> {
  const actor = await sideActor(card[side]);
  if (!actor)
    throw new CombatError("noActor", `The ${side}'s actor is gone.`, {
      side,
      name: card[side].name,
    });
  return actor;
}

/** JSON with sorted keys, to compare plain data. */
function stable(value: unknown): string {
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
function updateCard(message: MessageLike, card: ExchangeCard): Promise<unknown> {
  return message.update({ system: cardSource(card) });
}

// ── Steps ────────────────────────────────────────────────────────────────────────────────────

/**
 * Rebuilds the card's declaration from its attack request and the fighters as they are now,
 * and refuses a card whose declaration or notes differ (made from other figures than the
 * actors', or the actors changed since). Returns the GM's build and the two actors.
 */
async function rebuildDeclaration(
  fr: FoundryRuleset,
  card: ExchangeCard,
): Promise<{ build: DeclarationBuild; attacker: ActorLike; defender: ActorLike }> {
  const attackerActor = await actorOf(card, "attacker");
  const defenderActor = await actorOf(card, "defender");
  let build: DeclarationBuild;
  try {
    build = fr.combat.buildDeclaration(
      fighterSnapshot(attackerActor),
      fighterSnapshot(defenderActor),
      // The card's stored request (JSON): the ruleset's builder checks it (InputError below).
      card.context.request as never,
      worldOptions(fr.id),
    );
  } catch (err) {
    if (err instanceof InputError)
      throw new FlowError("badDeclaration", `Bad declaration: ${err.message}`, {
        field: err.field,
        value: showValue(err.value),
        reason: err.reason,
      });
    throw err;
  }
  if (
    stable(build.declaration) !== stable(card.declaration) ||
    stable(build.rules) !== stable(card.context.rules)
  )
    throw new CombatError(
      "declarationChanged",
      "The card's declaration is not what the fighters and the attack request give.",
      { attacker: card.attacker.name, defender: card.defender.name },
    );
  return { build, attacker: attackerActor, defender: defenderActor };
}

/** Refuses a card no GM wrote: only the `declared` card a player makes is theirs (review B2). */
function requireGMCard(message: MessageLike): void {
  if (!isGMCard(message))
    throw new CombatError(
      "unverified",
      "The card was not written by a GM; only a GM-accepted card goes on.",
      { user: message.author?.name ?? "?" },
    );
}

/** The message of `messageId` as it is now (a step queued behind another re-reads it). */
function liveMessage(message: MessageLike): MessageLike {
  const live = message.id ? g().messages?.get(message.id) : undefined;
  if (!live || live.type !== "exchange")
    throw new CombatError("noMessage", `No exchange card ${message.id ?? "?"}.`, {
      messageId: message.id ?? "",
    });
  return live;
}

/**
 * The attack's situation measured on the GM's own canvas (review m3), or null when the GM's
 * canvas does not show the defender's scene. The attack dialog lets its user change what their
 * canvas measured; the card then shows where the request differs from the GM's map.
 */
async function gmSituation(
  fr: FoundryRuleset,
  card: ExchangeCard,
): Promise<AttackSituation | null> {
  const view = (globalThis as { canvas?: CanvasLike }).canvas ?? null;
  if (!view || view.ready === false || !view.scene) return null;
  const defenderToken = await sideToken(card.defender);
  if (!defenderToken || (defenderToken.parent?.id ?? null) !== view.scene.id) return null;
  const defenderActor = await sideActor(card.defender);
  if (!defenderActor) return null;
  const attackerToken = await sideToken(card.attacker);
  return measureSituation(
    attackerToken,
    defenderToken,
    defenderActor,
    fr.combat.incapacitating,
    view,
  );
}

/** The card's approval when it still waits for the GM, else null. */
export function pendingApproval(card: ExchangeCard): Approval | null {
  const a = (card.context as Obj | null)?.approval as Approval | undefined;
  return a && typeof a === "object" && a.pending === true ? a : null;
}

/** Refuses a step on a card that waits for the GM's approval. */
function requireApproved(card: ExchangeCard): void {
  if (pendingApproval(card))
    throw new CombatError("awaitingApproval", "The attack waits for the GM's approval.", {
      attacker: card.attacker.name,
      defender: card.defender.name,
    });
}

/**
 * GM only: approves a card that waits (the exchange goes on as declared) or refuses it (the
 * card is deleted and its declaring player and the GMs are told in a whisper).
 */
export async function approveOnMessage(
  message: MessageLike,
  user: UserLike,
  approve: boolean,
): Promise<ExchangeCard | null> {
  requireGMClient();
  const next = await serial(message.id ?? "", async (): Promise<ExchangeCard | null> => {
    const live = liveMessage(message);
    requireGMCard(live);
    const card = cardOf(live.system);
    if (!user.isGM)
      throw new FlowError("notGM", "Only a GM approves an attack.", { userId: user.id ?? "" });
    const approval = pendingApproval(card);
    if (!approval)
      throw new CombatError("notAwaitingApproval", "The attack does not wait for approval.", {
        attacker: card.attacker.name,
      });
    if (approve) {
      const approved = copy(card);
      approved.context.approval = { ...approval, pending: false, approvedBy: user.name ?? "" };
      await updateCard(live, approved);
      return approved;
    }
    const declaredBy = systemFlags(live).declaredBy;
    const gms = [...g().users].filter((u) => u.isGM).map((u) => u.id);
    const whisper = [
      ...new Set([declaredBy, ...gms].filter((id): id is string => typeof id === "string" && !!id)),
    ];
    const text = g().i18n.format(
      COMBAT_ERROR_KEYS.approvalRefused,
      escapeData({ attacker: card.attacker.name, defender: card.defender.name }),
    );
    await chatMessageClass().create({
      content: `<p class="blow-by-blow bbb-refused">${text}</p>`,
      whisper,
      speaker: live.speaker,
    });
    await live.delete?.();
    return null;
  });
  if (next?.state === "resolved") await afterResolved(message);
  return next;
}

/**
 * A player's choice whose custom modifiers total more than the world's cap is refused (a GM's
 * is not capped).
 */
function requireCustomWithinCap(user: UserLike, request: unknown): void {
  if (user.isGM) return;
  const cap = customModifierCap();
  const total = customTotal((request as { custom?: unknown } | null)?.custom);
  if (Math.abs(total) > cap)
    throw new CombatError("customCap", `Custom modifiers total ${total}, beyond ±${cap}.`, {
      total: String(total),
      cap: String(cap),
    });
}

/**
 * The id of the GM's card for a player's declared card (re-review finding 1): derived from the
 * player's message id, so a second acceptance finds the first (or its creation is refused by
 * the server as a duplicate id) instead of making a second card. 16 base-62 characters from a
 * 64-bit FNV-1a hash.
 */
export function acceptedCardId(playerMessageId: string): string {
  const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let h = 0xcbf29ce484222325n;
  for (const ch of `accepted:${playerMessageId}`) {
    h ^= BigInt(ch.codePointAt(0)!);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  let id = "";
  for (let i = 0; i < 16; i++) {
    id += chars[Number(h % 62n)];
    h = h / 62n + BigInt(i * 7919 + 1);
  }
  return id;
}

/**
 * The GM's card already accepted from the player's message `declaredId`, or null (issue 15): a
 * GM-authored exchange card flagged `declaredAs` that message. The deterministic id is looked
 * at first; any other message that took that id (a player can create one with `keepId`) is not
 * honoured, and the cards are then searched by their flag (the GM's card may have had to take
 * another id).
 */
function acceptedFrom(declaredId: string): MessageLike | null {
  const genuine = (m: MessageLike | undefined): m is MessageLike =>
    !!m && m.type === "exchange" && isGMCard(m) && systemFlags(m).declaredAs === declaredId;
  const byId = g().messages?.get(acceptedCardId(declaredId));
  if (genuine(byId)) return byId;
  for (const m of g().messages ?? []) if (genuine(m)) return m;
  return null;
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
function rolledBy(
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
function storedRolledBy(card: ExchangeCard): Record<string, RolledBy> {
  const v = card.context.rolledBy;
  return v !== null && typeof v === "object" && !Array.isArray(v)
    ? { ...(v as Record<string, RolledBy>) }
    : {};
}

/** What accepting a declared card gives: the card and the message that now holds it. */
export interface Accepted {
  card: ExchangeCard;
  message: MessageLike;
}

/**
 * GM: accepts a `declared` card (the author must own the attacker). The stored card must be
 * fresh (core `acceptExchange`) and its declaration what the GM's client rebuilds from the
 * actors; the accepted card is then made afresh from the GM's rebuild (`declareExchange`: the
 * request, the GM's declaration and notes, the declaration step's dice; names from the actors),
 * so nothing else a player wrote into the card is kept (review B1). A GM's card is updated in
 * place; a player's is re-created as a GM-authored message and the player's deleted (review B2).
 */
export async function acceptMessage(message: MessageLike): Promise<Accepted> {
  requireGMClient();
  const messageId = message.id ?? "";
  const done = await serial(messageId, async (): Promise<Accepted> => {
    const live = liveMessage(message);
    const card = cardOf(live.system);
    const fr = rulesetOf(card);
    const gm = await callerFor(g().user, card);
    const author = live.author ?? null;
    const authorOwns = !!author && userOwns(author, await sideActor(card.attacker));
    acceptExchange(fr.ruleset, card, gm, authorOwns);
    const { build, attacker, defender } = await rebuildDeclaration(fr, card);
    // Re-review findings 3 and 4: no attack on oneself; the references are the actors and
    // tokens the GM resolved, not what the player wrote (a token that is not a Token is refused).
    if (attacker.uuid === defender.uuid)
      throw new CombatError("selfAttack", "An actor cannot attack itself.", {
        name: attacker.name,
      });
    const tokens = {
      attacker: await sideToken(card.attacker),
      defender: await sideToken(card.defender),
    };
    for (const side of ["attacker", "defender"] as const)
      if (card[side].tokenUuid && !tokens[side])
        throw new CombatError("badToken", `The ${side}'s token is not a token.`, {
          side,
          name: card[side].name,
        });
    const request = card.context.request as { situation?: unknown } | undefined;
    const gmMeasured = await gmSituation(fr, card);
    const measured = situationChanged(request?.situation, gmMeasured);
    // Issue 15: a player's attack goes on at once only when its situation is the GM's own
    // measurement, its band the measured distance's and its custom rows within the world's cap;
    // otherwise the card waits for the GM's approval. A GM's own attack is the GM's word.
    const approval = author?.isGM
      ? null
      : approvalFor(
          fr.combat,
          fighterSnapshot(attacker),
          fighterSnapshot(defender),
          request,
          gmMeasured,
          customModifierCap(),
        );
    // Issue 15: of the declaration step's dice a player's client sent, only the attacker's own
    // are kept (none when the GM's client rolls every die); the others are rolled here, so a
    // ruleset that rolls at declaration does not let the attacker choose them.
    const trust = { gmRollsAll: gmRollsAll() };
    const declarerIsGM = author?.isGM === true;
    const rolls = await completeDeclarationRolls(
      fr.ruleset,
      build.declaration,
      card.rolls,
      declarerIsGM,
      foundryRoll,
      trust,
    );
    const sent = new Set((Array.isArray(card.rolls) ? card.rolls : []).map((r) => r?.name));
    const byAuthor = (name: string) =>
      declarerIsGM ||
      (!trust.gmRollsAll && fr.ruleset.rollSide?.(name) === "attacker" && sent.has(name));
    const fresh = declareExchange(fr.ruleset, {
      attacker: {
        actorUuid: attacker.uuid,
        tokenUuid: tokens.attacker?.uuid ?? null,
        name: attacker.name,
      },
      defender: {
        actorUuid: defender.uuid,
        tokenUuid: tokens.defender?.uuid ?? null,
        name: defender.name,
      },
      declaration: build.declaration,
      context: {
        request,
        rules: build.rules,
        ...(measured ? { measured } : {}),
        ...(approval ? { approval } : {}),
      },
      rolls,
    });
    const accepted = acceptExchange(fr.ruleset, fresh, gm, authorOwns);
    const who = rolledBy(accepted.rolls, byAuthor, author);
    if (Object.keys(who).length > 0) accepted.context.rolledBy = who;
    if (isGMCard(live)) {
      await updateCard(live, accepted);
      return { card: accepted, message: live };
    }
    const id = acceptedCardId(live.id ?? "");
    const already = acceptedFrom(live.id ?? "");
    if (already) {
      // Accepted before (a retry after a failed delete): the player's card goes, nothing new.
      await live.delete?.();
      return { card: cardOf(already.system), message: already };
    }
    const Message = chatMessageClass();
    // Re-review finding 6: the speaker is the attacker the GM resolved, not the player's.
    const speaker = Message.getSpeaker
      ? Message.getSpeaker({ actor: attacker, token: tokens.attacker })
      : live.speaker;
    // A message that took the deterministic id and is not the GM's card from this one (issue 15:
    // a player made it to have the GM delete the real card and create nothing) is left alone;
    // the GM's card then takes an id of the server's choosing (found again by its flag).
    const squatted = !!g().messages?.get(id);
    const created = (await Message.create(
      {
        ...(squatted ? {} : { _id: id }),
        type: "exchange",
        system: cardSource(accepted),
        speaker,
        flags: { "blow-by-blow": { declaredAs: live.id, declaredBy: author?.id ?? null } },
      },
      squatted ? {} : { keepId: true },
    )) as MessageLike | undefined;
    if (!created) throw new CombatError("noMessage", "The accepted card was not created.", {});
    await live.delete?.();
    return { card: accepted, message: created };
  });
  if (done.card.state === "resolved" && !pendingApproval(done.card))
    await afterResolved(done.message);
  return done;
}

/** GM: a chooser's choice (a defence): checked, replayed with its rolls, the card updated. */
export async function chooseOnMessage(
  message: MessageLike,
  user: UserLike,
  submission: ChoiceSubmission,
): Promise<ExchangeCard> {
  requireGMClient();
  const next = await serial(message.id ?? "", async () => {
    const live = liveMessage(message);
    requireGMCard(live);
    const card = cardOf(live.system);
    const fr = rulesetOf(card);
    requireApproved(card);
    requireCustomWithinCap(user, submission.request);
    const gm = await callerFor(g().user, card);
    const chooser = await callerFor(user, card);
    // The dice of the side the chooser does not own are rolled here, on the active GM's
    // client; of the chooser's rolls only its own side's are kept (architecture §2.6).
    // With the world's gmRollsAll none of them is kept: the GM's client rolls every die (issue 15).
    const trust = { gmRollsAll: gmRollsAll() };
    const completed = await completeChoiceRolls(
      fr.ruleset,
      card,
      submission,
      chooser,
      foundryRoll,
      trust,
    );
    const chosen = submitChoice(fr.ruleset, card, completed, gm, chooser);
    const side = chosen.choices.at(-1)?.by;
    const sent = new Set(
      (Array.isArray(submission.rolls) ? submission.rolls : []).map((r) => r?.name),
    );
    const byChooser = (name: string) =>
      chooser.isGM || (!trust.gmRollsAll && fr.ruleset.rollSide?.(name) === side && sent.has(name));
    const who = {
      ...storedRolledBy(card),
      ...rolledBy(chosen.rolls.slice(card.rolls.length), byChooser, user),
    };
    if (Object.keys(who).length > 0) chosen.context.rolledBy = who;
    // The choice must be what the chooser's request gives with the chooser's fighter as it is now.
    const pending = replayExchange(fr.ruleset, card).pending!;
    const actor = await actorOf(card, pending.by);
    let value: unknown;
    try {
      value = fr.combat.buildChoice(
        pending,
        exchangeBuild(card),
        fighterSnapshot(actor),
        // The submitted request (JSON from a client): the ruleset's builder checks it.
        submission.request as never,
      );
    } catch (err) {
      if (err instanceof InputError)
        throw new FlowError("badChoice", `Bad choice: ${err.message}`, {
          field: err.field,
          value: showValue(err.value),
          reason: err.reason,
        });
      throw err;
    }
    if (stable(value) !== stable(submission.value))
      throw new CombatError("choiceChanged", "The choice is not what the request gives.", {
        name: card[pending.by].name,
      });
    await updateCard(live, chosen);
    return chosen;
  });
  if (next.state === "resolved") await afterResolved(message);
  return next;
}

/** The targets of each side for applying effects (null: the side's actor is gone). */
async function sideTargets(card: ExchangeCard): Promise<Record<Side, SideTarget | null>> {
  const items = sideItems(card);
  const combat = g().combat ?? null;
  const target = async (side: Side): Promise<SideTarget | null> => {
    const actor = await sideActor(card[side]);
    if (!actor) return null;
    const token: TokenDocLike | null = await sideToken(card[side]);
    let combatantId: string | null = null;
    for (const c of combat?.combatants ?? []) {
      const sameToken =
        token && c.tokenId === token.id && (!c.sceneId || c.sceneId === token.parent?.id);
      const sameActor = !token && actor.id && c.actorId === actor.id;
      if (sameToken || sameActor) {
        combatantId = c.id;
        break;
      }
    }
    return {
      actorUuid: actor.uuid,
      snapshot: fighterSnapshot(actor),
      itemId: items[side],
      combatantId,
    };
  };
  return { attacker: await target("attacker"), defender: await target("defender") };
}

/** What the card keeps of an operation that failed (`context.applyFailed`, review m1). */
export interface FailedNote {
  op: Operation["op"];
  side: Side;
  /** The injury's name (createItem), the condition id (status), or "". */
  detail: string;
}

function failedNote(operation: Operation): FailedNote {
  const detail =
    operation.op === "createItem"
      ? operation.data.name
      : operation.op === "status"
        ? operation.condition
        : "";
  return { op: operation.op, side: operation.side, detail };
}

/**
 * Plans `effects` for `card`, writes `marked` (the card marked applied) to the message, then
 * runs the operations. Operations that fail are logged, notified to the GM and listed on the
 * card (`context.applyFailed`, review m1) so the GM can make them by hand: apply is at most
 * once, never twice.
 */
async function applyEffects(
  fr: FoundryRuleset,
  card: ExchangeCard,
  effects: readonly Effect[],
  live: MessageLike,
  marked: ExchangeCard,
): Promise<void> {
  const i18n = g().i18n;
  const plan = planEffects(effects, await sideTargets(card), fr.combat, (key, data) =>
    i18n.format(key, data),
  );
  await updateCard(live, marked);
  const failed = await runOperations(plan.operations, {
    // fromUuid may find any document: runOperations uses only the methods it finds on it.
    actor: async (uuid) => (await resolveUuid(uuid)) as never,
    combatant: (id) => g().combat?.combatants.get(id) ?? null,
  });
  if (failed.length) {
    for (const f of failed)
      console.error(
        `Blow by Blow: could not apply ${f.operation.op} to the ${f.operation.side}: ${f.error}`,
      );
    ui.notifications?.error(
      i18n.format("BLOWBYBLOW.Combat.Error.applyFailed", { count: String(failed.length) }),
    );
    const before = Array.isArray(marked.context.applyFailed) ? marked.context.applyFailed : [];
    const notes = [...before, ...failed.map((f) => failedNote(f.operation))];
    await updateCard(live, { ...marked, context: { ...marked.context, applyFailed: notes } });
  }
}

/** GM: applies a resolved card's effects once (the card is marked applied before anything runs). */
export async function applyMessage(
  message: MessageLike,
  user: UserLike,
  revision: number,
): Promise<ExchangeCard> {
  requireGMClient();
  return serial(message.id ?? "", async () => {
    const live = liveMessage(message);
    requireGMCard(live);
    const card = cardOf(live.system);
    const fr = rulesetOf(card);
    requireApproved(card);
    const requester = await callerFor(user, card);
    const { card: applied, effects } = applyExchange(fr.ruleset, card, requester, revision);
    await applyEffects(fr, card, effects, live, applied);
    return applied;
  });
}

/** GM: claims a side's tactical advantage for `user` (once per card; once per turn: tracker). */
export async function advantageOnMessage(
  message: MessageLike,
  user: UserLike,
  side: Side,
  revision: number,
): Promise<ExchangeCard> {
  requireGMClient();
  return serial(message.id ?? "", async () => {
    const live = liveMessage(message);
    requireGMCard(live);
    const card = cardOf(live.system);
    const fr = rulesetOf(card);
    requireApproved(card);
    const gm = await callerFor(g().user, card);
    const claimant = await callerFor(user, card);
    const claimed = claimAdvantage(fr.ruleset, card, side, gm, claimant, revision);
    const actor = await actorOf(card, side);
    // The card first, then the turn's count (review m7): a card that cannot be written spends
    // nothing; a turn whose advantage is already spent puts the card back as it was.
    await updateCard(live, claimed);
    if ((await gainAdvantage(actor.uuid)) === "refused") {
      await updateCard(live, card);
      throw new CombatError("turnAdvantage", "A tactical advantage was already taken this turn.", {
        name: card[side].name,
      });
    }
    return claimed;
  });
}

/**
 * GM only (ruling R30): marks the amputation a strike called for: the victim gets the
 * `amputated` condition (and is marked defeated if the ruleset counts it incapacitating), and
 * the card's context records the strike, once.
 */
export async function amputateOnMessage(
  message: MessageLike,
  user: UserLike,
  strike: number,
  revision: number,
): Promise<ExchangeCard> {
  requireGMClient();
  return serial(message.id ?? "", async () => {
    const live = liveMessage(message);
    requireGMCard(live);
    const card = cardOf(live.system);
    const fr = rulesetOf(card);
    if (!user.isGM)
      throw new FlowError("notGM", "Only a GM marks an amputation.", { userId: user.id ?? "" });
    if (card.state !== "resolved" && card.state !== "applied")
      throw new FlowError("notResolved", "The exchange is not resolved.", {
        state: String(card.state),
      });
    if (revision !== card.revision)
      throw new FlowError("staleRevision", "The card changed.", {
        expected: String(card.revision),
        actual: String(revision),
      });
    const { result } = replayExchange(fr.ruleset, card);
    const victim = result && fr.amputationVictim ? fr.amputationVictim(result, strike) : null;
    if (!victim)
      throw new CombatError("noAmputation", `Strike ${strike} calls for no amputation.`, {
        strike: String(strike),
      });
    const done = Array.isArray(card.context.amputated) ? (card.context.amputated as unknown[]) : [];
    if (done.includes(strike))
      throw new CombatError("alreadyAmputated", `Strike ${strike}'s amputation is marked.`, {
        strike: String(strike),
        name: card[victim].name,
      });
    const next = copy(card);
    next.context.amputated = [...done, strike];
    next.revision = card.revision + 1;
    const effect: Effect = {
      type: "condition",
      to: victim,
      condition: "amputated",
      cause: "amputation",
    };
    await applyEffects(fr, card, [effect], live, next);
    return next;
  });
}

/** After a card resolves: apply mode "auto" applies at once on this (the GM's) client. */
async function afterResolved(message: MessageLike): Promise<void> {
  if (applyMode() !== "auto") return;
  const card = cardOf(message.system);
  if (card.state !== "resolved") return;
  try {
    await applyMessage(message, g().user, card.revision);
  } catch (err) {
    const outcome = outcomeOf(err);
    if (!outcome.ok) ui.notifications?.warn(formatOutcome(outcome));
  }
}

// ── Query handlers ───────────────────────────────────────────────────────────────────────────

type Handler = (data: unknown) => Promise<QueryOutcome>;
/** The accept query as a caller sends it: the declared card's id. */
type AcceptQuery = (data: { messageId: string }) => Promise<QueryOutcome>;
/** A step's query as a caller sends it: the id of its request message. */
type StepQuery = (data: { requestId: string }) => Promise<QueryOutcome>;

/** The steps a user asks the GM for, by query name, each run as the user who asks. */
export type StepName = Exclude<QueryName, typeof QUERY.declared>;
type Step = (user: UserLike, data: Obj) => Promise<unknown>;

export const STEPS: Readonly<Record<StepName, Step>> = Object.freeze({
  [QUERY.choose]: async (user: UserLike, data: Obj) => {
    const message = messageOf(readString(data, "messageId"));
    await chooseOnMessage(message, user, readSubmission(data));
  },
  [QUERY.apply]: async (user: UserLike, data: Obj) => {
    const message = messageOf(readString(data, "messageId"));
    await applyMessage(message, user, readInt(data, "revision"));
  },
  [QUERY.advantage]: async (user: UserLike, data: Obj) => {
    const message = messageOf(readString(data, "messageId"));
    await advantageOnMessage(message, user, readSide(data, "side"), readInt(data, "revision"));
  },
  [QUERY.amputate]: async (user: UserLike, data: Obj) => {
    const message = messageOf(readString(data, "messageId"));
    await amputateOnMessage(message, user, readInt(data, "strike"), readInt(data, "revision"));
  },
  [QUERY.approve]: async (user: UserLike, data: Obj) => {
    const message = messageOf(readString(data, "messageId"));
    const approve = data.approve;
    if (typeof approve !== "boolean")
      throw new InputError("approve", approve, "expected true or false");
    await approveOnMessage(message, user, approve);
  },
});

/** Request ids this client has taken (used once). */
const takenRequests = new Set<string>();

/** What a request message carries (`flags["blow-by-blow"].request`). */
export interface StepRequest {
  query: StepName;
  data: Obj;
}

/** The request a message carries, or null (not a request message). */
export function requestOf(message: { flags?: unknown } | null | undefined): StepRequest | null {
  const request = systemFlags(message).request as Partial<StepRequest> | undefined;
  if (!request || typeof request !== "object") return null;
  if (typeof request.query !== "string" || !Object.hasOwn(STEPS, request.query)) return null;
  const data = request.data;
  if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
  return { query: request.query, data };
}

/**
 * Runs step `name` as `user` on this (the active GM's) client: `{ok: true}` or the refusal.
 * The active GM's own clicks call it directly; other users' requests come through `handler`.
 */
export async function runStep(
  name: StepName,
  user: UserLike,
  data: unknown,
): Promise<QueryOutcome> {
  try {
    requireGMClient();
    await STEPS[name](user, asObject(data));
    return { ok: true };
  } catch (err) {
    return outcomeOf(err);
  }
}

/**
 * Takes the request message a query names (`{requestId}`): it must carry a request for this
 * query; its author is who asks (the server stamps it); it is deleted before the step runs, so
 * it is used once.
 */
async function takeRequest(name: StepName, raw: unknown): Promise<{ user: UserLike; data: Obj }> {
  const requestId = readString(asObject(raw), "requestId");
  const message = g().messages?.get(requestId);
  const request = requestOf(message);
  if (!message || !request || request.query !== name || takenRequests.has(requestId))
    throw new CombatError("noRequest", `No request ${requestId} for ${name}.`, { requestId });
  // Taken before the delete's round trip (re-review finding 8): a second query with the same
  // id, arriving while the message is still in the log, is refused.
  takenRequests.add(requestId);
  const user = message.author ?? null;
  if (!user) throw new CombatError("noUser", `Request ${requestId} has no author.`, { userId: "" });
  await message.delete?.();
  return { user, data: request.data };
}

function handler(name: StepName): Handler {
  return async (raw: unknown) => {
    try {
      requireGMClient();
      const { user, data } = await takeRequest(name, raw);
      return await runStep(name, user, data);
    } catch (err) {
      return outcomeOf(err);
    }
  };
}

/** GM: accepts the declared card a query names (`{messageId}`; the GM's hook does it anyway). */
const acceptHandler: Handler = async (raw: unknown) => {
  try {
    requireGMClient();
    await acceptMessage(messageOf(readString(asObject(raw), "messageId")));
    return { ok: true };
  } catch (err) {
    return outcomeOf(err);
  }
};

/** The query handlers by name (`CONFIG.queries`). */
export const QUERY_HANDLERS: Readonly<Record<QueryName, Handler>> = Object.freeze({
  [QUERY.declared]: acceptHandler,
  [QUERY.choose]: handler(QUERY.choose),
  [QUERY.apply]: handler(QUERY.apply),
  [QUERY.advantage]: handler(QUERY.advantage),
  [QUERY.amputate]: handler(QUERY.amputate),
  [QUERY.approve]: handler(QUERY.approve),
});

/**
 * The system's queries in fvtt-types' `CONFIG.Queries`, so `CONFIG.queries` and `User#query`
 * know their names, the data a caller sends and the answer. The handlers still check the data
 * they are given (a query's data comes from another client).
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- fvtt-types declares CONFIG.Queries in a global namespace
  namespace CONFIG {
    interface Queries {
      "blow-by-blow.accept": AcceptQuery;
      "blow-by-blow.choose": StepQuery;
      "blow-by-blow.apply": StepQuery;
      "blow-by-blow.advantage": StepQuery;
      "blow-by-blow.amputate": StepQuery;
      "blow-by-blow.approve": StepQuery;
    }
  }
}

/** Registers the GM-side query handlers in `CONFIG.queries` (call at `init`). */
export function registerQueries(): void {
  Object.assign(CONFIG.queries, QUERY_HANDLERS satisfies Pick<CONFIG.Queries, QueryName>);
}

// ── Hooks ────────────────────────────────────────────────────────────────────────────────────

/**
 * A declared card the GM's client refused (review M4): it would wait forever, so it is deleted
 * and its author (and the GMs) told why in a whisper; the GM sees a notification too. A step
 * that failed for another reason (an error, not a refusal) leaves the card to the next sweep.
 */
async function refuseCard(
  message: MessageLike,
  outcome: Exclude<QueryOutcome, { ok: true }>,
): Promise<void> {
  const text = g().i18n.format("BLOWBYBLOW.Combat.Error.refusedCard", {
    user: escapeHtml(message.author?.name ?? "?"),
    reason: formatOutcome(outcome),
  });
  ui.notifications?.warn(text);
  if (outcome.code === "failed") return;
  const gms = [...g().users].filter((u) => u.isGM).map((u) => u.id);
  const whisper = [...new Set([message.author?.id, ...gms].filter((id): id is string => !!id))];
  await chatMessageClass().create({
    content: `<p class="blow-by-blow bbb-refused">${text}</p>`,
    whisper,
    speaker: message.speaker,
  });
  await message.delete?.();
}

/** Accepts a declared card on the active GM's client; a refused card is deleted (refuseCard). */
async function acceptQuietly(message: MessageLike): Promise<void> {
  if (!isActiveGM() || message.type !== "exchange") return;
  if (cardOf(message.system).state !== "declared") return;
  try {
    await acceptMessage(message);
  } catch (err) {
    const outcome = outcomeOf(err);
    if (outcome.ok || outcome.code === "noMessage") return;
    try {
      await refuseCard(message, outcome);
    } catch (e) {
      console.error("Blow by Blow | could not remove a refused card", e);
    }
  }
}

/**
 * The active GM's sweep (at `ready`, on becoming the active GM): accepts every declared card
 * and deletes request messages left behind by a query that never arrived.
 */
export async function sweepDeclared(options: { requests?: boolean } = {}): Promise<void> {
  if (!isActiveGM()) return;
  // Re-review finding 7: only a request older than a query's timeout is left behind; a newer
  // one may still have its query on the way.
  const stale = Date.now() - 2 * REQUEST_TIMEOUT_MS;
  for (const message of [...(g().messages ?? [])]) {
    if (requestOf(message)) {
      if (options.requests !== false && (message.timestamp ?? 0) < stale) await message.delete?.();
    } else await acceptQuietly(message);
  }
}

/** How long a client waits for the GM's answer to a step (actions.ts uses the same). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Re-renders the exchange cards in the chat log (their "waiting for a GM" line). */
function rerenderCards(): void {
  // fvtt-types 13.345.1's ChatLog lacks v13's `updateMessage(message)`.
  const chat = ui.chat as { updateMessage?(m: unknown): unknown } | undefined;
  if (!chat?.updateMessage) return;
  for (const message of g().messages ?? [])
    if (message.type === "exchange") void chat.updateMessage(message);
}

/** Registers the flow's hooks (call at `init`). */
export function registerFlowHooks(): void {
  Hooks.on("createChatMessage", (message) => {
    void acceptQuietly(message);
  });
  Hooks.once("ready", () => {
    void sweepDeclared();
  });
  Hooks.on("userConnected", (user) => {
    if (!user?.isGM) return;
    rerenderCards();
    void sweepDeclared({ requests: false });
  });
}
