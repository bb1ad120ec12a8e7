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
 *
 * The flow is split by concern: this module holds the query names, reading a request and
 * dispatching it to its step (`STEPS`, `QUERY_HANDLERS`); query-common.ts what every step
 * shares; accept.ts the acceptance of a declared card; steps.ts the choice, apply, advantage
 * and amputation steps; approve.ts the GM's approval; flow-hooks.ts the hooks; maneuver-step.ts
 * a combatant's maneuver at the start of its turn (rulesets with turns, issue 17).
 */
import { InputError } from "../../core/errors";
import type { ChoiceSubmission } from "../../core/flow";
import type { Side } from "../../core/ruleset";
import { acceptMessage } from "./accept";
import { approveOnMessage } from "./approve";
import { maneuverStep } from "./maneuver-step";
import { worldRuleset } from "../rulesets";
import {
  CombatError,
  g,
  messageOf,
  outcomeOf,
  requireGMClient,
  systemFlags,
  type QueryOutcome,
} from "./query-common";
import type { UserLike } from "./snapshot";
import { advantageOnMessage, amputateOnMessage, applyMessage, chooseOnMessage } from "./steps";

type Obj = Record<string, unknown>;

/** The system's queries (`CONFIG.queries`): the accept query and the steps a user asks for. */
export const QUERY = Object.freeze({
  declared: "blow-by-blow.accept",
  choose: "blow-by-blow.choose",
  apply: "blow-by-blow.apply",
  advantage: "blow-by-blow.advantage",
  amputate: "blow-by-blow.amputate",
  approve: "blow-by-blow.approve",
  maneuver: "blow-by-blow.maneuver",
  ruleset: "blow-by-blow.ruleset",
} as const);
export type QueryName = (typeof QUERY)[keyof typeof QUERY];

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
  [QUERY.maneuver]: async (user: UserLike, data: Obj) => {
    await maneuverStep(user, data);
  },
  // A step of the world ruleset's own cards (FoundryRuleset.steps), by its name `step`.
  [QUERY.ruleset]: async (user: UserLike, data: Obj) => {
    const name = readString(data, "step");
    const steps = worldRuleset().steps ?? {};
    const step = Object.hasOwn(steps, name) ? steps[name] : undefined;
    if (!step) throw new InputError("step", name, "the world's ruleset has no such step");
    await step(user, data);
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
  [QUERY.maneuver]: handler(QUERY.maneuver),
  [QUERY.ruleset]: handler(QUERY.ruleset),
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
      "blow-by-blow.maneuver": StepQuery;
      "blow-by-blow.ruleset": StepQuery;
    }
  }
}

/** Registers the GM-side query handlers in `CONFIG.queries` (call at `init`). */
export function registerQueries(): void {
  Object.assign(CONFIG.queries, QUERY_HANDLERS satisfies Pick<CONFIG.Queries, QueryName>);
}
