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
 * Who asks: a v13 query handler is given the data and `{timeout}`, not the sender. The request
 * names its user (`userId`) and the handler takes that user (`game.users.get`) as the one
 * asking; the GM's client trusts it as far as Foundry's socket lets a client speak for itself
 * (a modified client could name another user; nothing in v13's query API tells the handler
 * otherwise). What that user may do is then checked against the documents, never taken from the
 * request: ownership from the actors, the exchange from its replay, a declaration and a choice
 * rebuilt from the fighters as they are now and compared with what was sent.
 *
 * Hooks (`registerFlowHooks`): the active GM's client accepts a new `declared` card when it is
 * created and sweeps declared cards at `ready` (and when it becomes the active GM); a card that
 * resolves is applied at once in apply mode "auto" (mode "ask" leaves the card's Apply button to
 * the GM, "report" applies nothing); cards are re-rendered when a GM connects or leaves, since
 * they say whether the exchange waits for one.
 */
import { copy } from "../../core/data";
import type { DeclarationBuild } from "../../core/combat";
import { InputError, showValue } from "../../core/errors";
import {
  acceptExchange,
  applyExchange,
  claimAdvantage,
  FlowError,
  replayExchange,
  submitChoice,
  type ChoiceSubmission,
  type ExchangeCard,
} from "../../core/flow";
import type { Effect, Side } from "../../core/ruleset";
import { cardOf, cardSource } from "../data/chat-message/exchange";
import { foundryRuleset, type FoundryRuleset } from "../rulesets";
import { planEffects, runOperations, sideItems, type SideTarget } from "./apply";
import { callerFor, resolveUuid, sideActor, sideToken, userOwns } from "./permissions";
import { applyMode, worldOptions } from "./settings";
import { fighterSnapshot, type ActorLike, type TokenDocLike, type UserLike } from "./snapshot";
import { gainAdvantage } from "./tracker";

export const QUERY = Object.freeze({
  declared: "blow-by-blow.accept",
  choose: "blow-by-blow.choose",
  apply: "blow-by-blow.apply",
  advantage: "blow-by-blow.advantage",
  amputate: "blow-by-blow.amputate",
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

/** An exchange ChatMessage as the flow reads it. */
export interface MessageLike {
  id: string | null;
  type: string;
  system: unknown;
  author?: UserLike | null;
  update(changes: Obj): Promise<unknown>;
}

interface CombatantLike {
  id: string | null;
  tokenId?: string | null;
  sceneId?: string | null;
  actorId?: string | null;
  update(changes: Obj): Promise<unknown>;
}

interface GameLike {
  user: UserLike;
  users: { get(id: string): UserLike | undefined; activeGM: UserLike | null };
  messages?: Iterable<MessageLike> & { get(id: string): MessageLike | undefined };
  combat?: {
    combatants: Iterable<CombatantLike> & { get(id: string): CombatantLike | undefined };
  } | null;
  i18n: {
    localize(key: string): string;
    format(key: string, data?: Record<string, string>): string;
  };
}

// The pinned fvtt-types (13.340.1) describe `game` for v12's API and lack v13's queries; the
// flow reads `game` through the few members it uses.
const g = (): GameLike => game as unknown as GameLike;

/** The active GM, or null when no GM is connected. */
export function activeGM(): UserLike | null {
  return g().users.activeGM ?? null;
}

/** Whether this client is the active GM's. */
export function isActiveGM(): boolean {
  const gm = activeGM();
  return !!gm && gm.id === g().user.id;
}

/** Localises a refusal for a notification. */
export function formatOutcome(outcome: Exclude<QueryOutcome, { ok: true }>): string {
  return g().i18n.format(outcome.key, outcome.data);
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

/** Refuses unless this client is a GM's. */
function requireGMClient(): void {
  const user = g().user;
  if (!user?.isGM)
    throw new FlowError("notGM", "Exchange queries are handled by a GM's client only.", {
      userId: user?.id ?? "",
    });
}

function messageOf(messageId: string): MessageLike {
  const message = g().messages?.get(messageId);
  if (!message || message.type !== "exchange")
    throw new CombatError("noMessage", `No exchange card ${messageId}.`, { messageId });
  return message;
}

function userOf(userId: string): UserLike {
  const user = g().users.get(userId);
  if (!user) throw new CombatError("noUser", `No user ${userId}.`, { userId });
  return user;
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
 * actors', or the actors changed since).
 */
async function checkDeclaration(fr: FoundryRuleset, card: ExchangeCard): Promise<void> {
  const attacker = fighterSnapshot(await actorOf(card, "attacker"));
  const defender = fighterSnapshot(await actorOf(card, "defender"));
  let build: DeclarationBuild;
  try {
    build = fr.combat.buildDeclaration(
      attacker,
      defender,
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
}

/** GM: accepts a `declared` card (the author must own the attacker; the declaration is rebuilt). */
export async function acceptMessage(message: MessageLike): Promise<ExchangeCard> {
  requireGMClient();
  const messageId = message.id ?? "";
  const next = await serial(messageId, async () => {
    const card = cardOf(message.system);
    const fr = rulesetOf(card);
    const gm = await callerFor(g().user, card);
    const author = message.author ?? null;
    const authorOwns = !!author && userOwns(author, await sideActor(card.attacker));
    const accepted = acceptExchange(fr.ruleset, card, gm, authorOwns);
    await checkDeclaration(fr, card);
    await updateCard(message, accepted);
    return accepted;
  });
  if (next.state === "resolved") await afterResolved(message);
  return next;
}

/** GM: a chooser's choice (a defence): checked, replayed with its rolls, the card updated. */
export async function chooseOnMessage(
  message: MessageLike,
  user: UserLike,
  submission: ChoiceSubmission,
): Promise<ExchangeCard> {
  requireGMClient();
  const next = await serial(message.id ?? "", async () => {
    const card = cardOf(message.system);
    const fr = rulesetOf(card);
    const gm = await callerFor(g().user, card);
    const chooser = await callerFor(user, card);
    const chosen = submitChoice(fr.ruleset, card, submission, gm, chooser);
    // The choice must be what the chooser's request gives with the chooser's fighter as it is now.
    const pending = replayExchange(fr.ruleset, card).pending!;
    const actor = await actorOf(card, pending.by);
    let value: unknown;
    try {
      value = fr.combat.buildChoice(
        pending,
        exchangeBuild(card),
        fighterSnapshot(actor),
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
    await updateCard(message, chosen);
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

/** Plans `effects` for `card`, marks the card with `mark`, then runs the operations. */
async function applyEffects(
  fr: FoundryRuleset,
  card: ExchangeCard,
  effects: readonly Effect[],
  mark: () => Promise<unknown>,
): Promise<void> {
  const i18n = g().i18n;
  const plan = planEffects(effects, await sideTargets(card), fr.combat, (key, data) =>
    i18n.format(key, data),
  );
  await mark();
  const failed = await runOperations(plan.operations, {
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
    const card = cardOf(message.system);
    const fr = rulesetOf(card);
    const requester = await callerFor(user, card);
    const { card: applied, effects } = applyExchange(fr.ruleset, card, requester, revision);
    await applyEffects(fr, card, effects, () => updateCard(message, applied));
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
    const card = cardOf(message.system);
    const fr = rulesetOf(card);
    const gm = await callerFor(g().user, card);
    const claimant = await callerFor(user, card);
    const claimed = claimAdvantage(fr.ruleset, card, side, gm, claimant, revision);
    const actor = await actorOf(card, side);
    if ((await gainAdvantage(actor.uuid)) === "refused")
      throw new CombatError("turnAdvantage", "A tactical advantage was already taken this turn.", {
        name: card[side].name,
      });
    await updateCard(message, claimed);
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
    const card = cardOf(message.system);
    const fr = rulesetOf(card);
    if (!user.isGM)
      throw new FlowError("notGM", "Only a GM marks an amputation.", { userId: user.id });
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
    await applyEffects(fr, card, [effect], () => updateCard(message, next));
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

function handler(step: (data: Obj) => Promise<unknown>): Handler {
  return async (raw: unknown) => {
    try {
      requireGMClient();
      await step(asObject(raw));
      return { ok: true };
    } catch (err) {
      return outcomeOf(err);
    }
  };
}

/** The handlers by query name (the active GM's own clicks call them directly). */
export const QUERY_HANDLERS: Readonly<Record<QueryName, Handler>> = Object.freeze({
  [QUERY.declared]: handler(async (data) => {
    await acceptMessage(messageOf(readString(data, "messageId")));
  }),
  [QUERY.choose]: handler(async (data) => {
    const message = messageOf(readString(data, "messageId"));
    await chooseOnMessage(message, userOf(readString(data, "userId")), readSubmission(data));
  }),
  [QUERY.apply]: handler(async (data) => {
    const message = messageOf(readString(data, "messageId"));
    await applyMessage(message, userOf(readString(data, "userId")), readInt(data, "revision"));
  }),
  [QUERY.advantage]: handler(async (data) => {
    const message = messageOf(readString(data, "messageId"));
    const user = userOf(readString(data, "userId"));
    await advantageOnMessage(message, user, readSide(data, "side"), readInt(data, "revision"));
  }),
  [QUERY.amputate]: handler(async (data) => {
    const message = messageOf(readString(data, "messageId"));
    const user = userOf(readString(data, "userId"));
    await amputateOnMessage(message, user, readInt(data, "strike"), readInt(data, "revision"));
  }),
});

/** Registers the GM-side query handlers in `CONFIG.queries` (call at `init`). */
export function registerQueries(): void {
  // fvtt-types 13.340.1 has no `CONFIG.queries` (v13 added it).
  const config = CONFIG as unknown as { queries: Record<string, unknown> };
  config.queries ??= {};
  for (const [name, fn] of Object.entries(QUERY_HANDLERS)) config.queries[name] = fn;
}

// ── Hooks ────────────────────────────────────────────────────────────────────────────────────

/** Accepts a declared card on the active GM's client; a refusal is shown to the GM. */
async function acceptQuietly(message: MessageLike): Promise<void> {
  if (!isActiveGM() || message.type !== "exchange") return;
  if (cardOf(message.system).state !== "declared") return;
  try {
    await acceptMessage(message);
  } catch (err) {
    const outcome = outcomeOf(err);
    if (outcome.ok) return;
    const i18n = g().i18n;
    ui.notifications?.warn(
      i18n.format("BLOWBYBLOW.Combat.Error.refusedCard", {
        user: message.author?.name ?? "?",
        reason: formatOutcome(outcome),
      }),
    );
  }
}

/** Accepts every declared card (the active GM's client, at `ready` or on becoming active GM). */
export async function sweepDeclared(): Promise<void> {
  if (!isActiveGM()) return;
  for (const message of [...(g().messages ?? [])]) await acceptQuietly(message);
}

/** Re-renders the exchange cards in the chat log (their "waiting for a GM" line). */
function rerenderCards(): void {
  const chat = (ui as unknown as { chat?: { updateMessage?(m: unknown): unknown } }).chat;
  if (!chat?.updateMessage) return;
  for (const message of g().messages ?? [])
    if (message.type === "exchange") void chat.updateMessage(message);
}

/** Registers the flow's hooks (call at `init`). */
export function registerFlowHooks(): void {
  Hooks.on("createChatMessage", ((message: MessageLike) => {
    void acceptQuietly(message);
  }) as never);
  Hooks.once("ready", () => {
    void sweepDeclared();
  });
  Hooks.on("userConnected", ((user: UserLike) => {
    if (!user?.isGM) return;
    rerenderCards();
    void sweepDeclared();
  }) as never);
}
