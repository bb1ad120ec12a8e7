/**
 * The exchange flow on the clicking client: what the Attack buttons (token HUD, sheet, hotbar
 * macro) and the exchange card's buttons call. Ruleset-generic: it asks the world's ruleset
 * (src/foundry/rulesets) for the attacks, the defences and how to build them.
 *
 * Permission is checked at the click, against the documents as they are then (actors looked up
 * afresh); the active GM's client checks everything again (queries.ts). The clicking client
 * rolls its step's dice as Foundry Rolls (dice.ts, Dice So Nice when installed) and sends them;
 * only the active GM's client changes the card. With no GM connected: an attack card is still
 * made (it waits, declared, for a GM); a defence, apply or advantage click changes nothing and
 * says so.
 */
import type { CatalogRowOption, ChoiceRequest, FighterSnapshot } from "../../core/combat";
import { InputError, showValue } from "../../core/errors";
import {
  declareExchange,
  FlowError,
  replayExchange,
  rollAsNeeded,
  rollOwnSide,
  type ChoiceSubmission,
  type ExchangeCard,
} from "../../core/flow";
import type { Side } from "../../core/ruleset";
import { cardOf, cardSource } from "../data/chat-message/exchange";
import {
  canFight,
  foundryRuleset,
  rulesetName,
  worldFightingRuleset,
  type FightingRuleset,
} from "../rulesets";
import { escapeHtml } from "../sheets/common";
import { AttackDialog } from "./attack-dialog";
import { DefenceDialog } from "./defence-dialog";
import { foundryRoll } from "./dice";
import { callerFor, resolveUuid, sideActor, userOwns } from "./permissions";
import { QUERY, runStep, type StepName } from "./queries";
import { provideFlowTools } from "./flow-tools";
import {
  activeGM,
  chatMessageClass,
  CombatError,
  escapeData,
  exchangeBuild,
  formatOutcome,
  isGMCard,
  outcomeOf,
  REQUEST_TIMEOUT_MS,
  serial,
  type MessageLike,
  type QueryOutcome,
} from "./query-common";
import { customModifierCap, gmRollsAll, worldOptions } from "./settings";
import {
  fighterSnapshot,
  measureSituation,
  type ActorLike,
  type CanvasLike,
  type TokenDocLike,
} from "./snapshot";
import { exchangeFight } from "./tracker";

type Obj = Record<string, unknown>;

/** How long a client waits for the GM's answer. */
export const QUERY_TIMEOUT_MS = REQUEST_TIMEOUT_MS;

interface ChatMessageClass {
  create(data: Obj): Promise<unknown>;
  getSpeaker(options: { actor?: unknown; token?: unknown }): Obj;
}

// The request messages' class is `chatMessageClass()` (query-common.ts); the attack card's needs
// `getSpeaker` too.

/** `game` (fvtt-types' ReadyGame: the actions run after `ready`). */
const g = () => game;

/** A localised warning; the data's values (names: user text) are escaped (review m5). */
function warn(key: string, data: Record<string, string> = {}): void {
  ui.notifications?.warn(g().i18n.format(key, escapeData(data)));
}

function info(key: string, data: Record<string, string> = {}): void {
  ui.notifications?.info(g().i18n.format(key, escapeData(data)));
}

/** Shows why a step was refused (a FlowError, a CombatError, an InputError). */
function warnError(err: unknown): void {
  const outcome = outcomeOf(err);
  if (!outcome.ok) ui.notifications?.warn(formatOutcome(outcome));
}

/**
 * Asks the active GM's client to run step `name` with `data`. The active GM's own click runs it
 * here. Any other client first creates a request message carrying the step (whispered to the
 * GM, hidden in the log; its server-stamped author is who asks, see queries.ts) and then queries
 * the GM with the request's id; the GM's client deletes the request when it takes it (and its
 * sweep removes one a query never delivered).
 */
export async function askGM(name: StepName, data: Obj): Promise<QueryOutcome | null> {
  // The real `User`: its `query` is typed by the system's `CONFIG.Queries` (queries.ts).
  const gm = game.users?.activeGM ?? null;
  if (!gm) {
    warn("BLOWBYBLOW.Combat.Warning.noGM");
    return null;
  }
  let outcome: QueryOutcome;
  if (gm.id === g().user.id) outcome = await runStep(name, g().user, data);
  else if (g().user.hasPermission?.("QUERY_USER") === false) {
    // v13 refuses a query from a user whose role lacks QUERY_USER: say so before a request
    // message is left behind for nothing.
    warn("BLOWBYBLOW.Combat.Error.queryPermission");
    return null;
  } else {
    let requestId: string | null = null;
    const sent = Date.now();
    try {
      if (typeof gm.query !== "function") throw new Error("this Foundry has no user queries");
      const request = (await chatMessageClass().create({
        content: `<p>${escapeHtml(g().i18n.localize("BLOWBYBLOW.Combat.Request.content"))}</p>`,
        whisper: [gm.id],
        flags: { "blow-by-blow": { request: { query: name, data } } },
      })) as { id: string | null } | undefined;
      requestId = request?.id ?? null;
      if (!requestId) throw new Error("the request message was not created");
      outcome = await gm.query(name, { requestId }, { timeout: QUERY_TIMEOUT_MS });
    } catch (err) {
      // No answer in time (v13 rejects the query at its timeout): the GM's client may still
      // run the step, so the player is told to look at the card rather than to click again.
      if (requestId && Date.now() - sent >= QUERY_TIMEOUT_MS)
        warn("BLOWBYBLOW.Combat.Error.queryTimeout", {
          seconds: String(Math.round(QUERY_TIMEOUT_MS / 1000)),
        });
      else
        warn("BLOWBYBLOW.Combat.Error.queryFailed", {
          error: err instanceof Error ? err.message : String(err),
        });
      return null;
    }
  }
  if (!outcome || typeof outcome !== "object") {
    warn("BLOWBYBLOW.Combat.Error.queryFailed", { error: showValue(outcome) });
    return null;
  }
  if (!outcome.ok) ui.notifications?.warn(formatOutcome(outcome));
  return outcome;
}

/** The exchange card of a message id, and its ruleset, or null (with a warning). */
function cardFor(messageId: string): {
  message: MessageLike;
  card: ExchangeCard;
  fr: FightingRuleset;
} | null {
  const message = g().messages?.get(messageId);
  if (!message || message.type !== "exchange") {
    warn("BLOWBYBLOW.Combat.Error.noMessage", { messageId });
    return null;
  }
  const card = cardOf(message.system);
  // Past `declared`, only a card a GM wrote goes on (review B2; the GM's client checks again).
  if (card.state !== "declared" && !isGMCard(message)) {
    warn("BLOWBYBLOW.Combat.Error.unverified", { user: message.author?.name ?? "?" });
    return null;
  }
  const fr = foundryRuleset(String(card.ruleset));
  if (!fr) {
    warn("BLOWBYBLOW.Combat.Error.unknownRuleset", { ruleset: String(card.ruleset) });
    return null;
  }
  if (!canFight(fr)) {
    warn("BLOWBYBLOW.Combat.Error.cannotFight", { ruleset: rulesetName(fr) });
    return null;
  }
  return { message, card, fr };
}

// ── Attack ───────────────────────────────────────────────────────────────────────────────────

/** The attacker's token and actor from the UUIDs the button gives. */
async function attackerOf(args: {
  actorUuid: string;
  tokenUuid?: string | null;
}): Promise<{ actor: ActorLike; token: TokenDocLike | null } | null> {
  const tokenDoc = (await resolveUuid(args.tokenUuid)) as TokenDocLike | null;
  const token =
    (tokenDoc as { documentName?: string } | null)?.documentName === "Token" ? tokenDoc : null;
  if (token?.actor) return { actor: token.actor, token };
  const actor = (await resolveUuid(args.actorUuid)) as ActorLike | null;
  if (!actor || (actor as { documentName?: string }).documentName !== "Actor") return null;
  // An actor's own button: its token on the viewed scene, if it has one there.
  const active = actor.getActiveTokens?.(true, true) ?? [];
  return { actor, token: (active[0] as TokenDocLike | undefined) ?? null };
}

/**
 * Attack with `itemId` (or let the dialog choose) from `attacker` (a token's actor or an actor)
 * at the user's single targeted token. Checks permission and target; opens AttackDialog;
 * rolls start's dice; creates the exchange ChatMessage. Null when cancelled or refused.
 */
export async function attack(args: {
  actorUuid: string;
  tokenUuid?: string | null;
  itemId?: string | null;
}): Promise<ChatMessage | null> {
  let fr: FightingRuleset;
  try {
    fr = worldFightingRuleset();
  } catch (err) {
    ui.notifications?.error(err instanceof Error ? err.message : String(err));
    return null;
  }
  const user = g().user;
  const found = await attackerOf(args);
  if (!found) {
    warn("BLOWBYBLOW.Combat.Warning.noActor");
    return null;
  }
  const { actor, token } = found;
  if (!userOwns(user, actor)) {
    warn("BLOWBYBLOW.Combat.Warning.notOwner", { name: actor.name });
    return null;
  }
  const targets = [...(user.targets ?? [])];
  if (targets.length !== 1) {
    warn("BLOWBYBLOW.Combat.Warning.oneTarget", { count: String(targets.length) });
    return null;
  }
  const targetToken = targets[0]!.document;
  const defenderActor = targetToken.actor;
  if (!defenderActor) {
    warn("BLOWBYBLOW.Combat.Warning.targetNoActor");
    return null;
  }
  const sameToken = !!token && targetToken.uuid === token.uuid;
  if (sameToken || defenderActor.uuid === actor.uuid) {
    warn("BLOWBYBLOW.Combat.Warning.selfTarget", { name: actor.name });
    return null;
  }

  const attacker = fighterSnapshot(actor);
  const defender = fighterSnapshot(defenderActor);
  const view = (globalThis as { canvas?: CanvasLike }).canvas ?? null;
  const situation = measureSituation(
    token,
    targetToken,
    defenderActor,
    fr.combat.incapacitating,
    view?.ready === false ? null : view,
    fr.combat.situation ?? [],
  );
  // The measured distance marks an attack it rules out (HârnMaster Gold weapon reach).
  const options = fr.combat.attackOptions(attacker, defender, {
    distance: situation.distance,
    // In the scene's units, when the ruleset reads them (`CombatRules.situation`).
    ...(situation.units !== undefined ? { units: situation.units } : {}),
    options: worldOptions(fr.id),
    // The combatants' marks: an attack one rules out is marked (HârnMaster Gold Reaction Roll).
    fight: exchangeFight(actor.uuid, defenderActor.uuid),
  });
  if (options.length === 0) {
    warn("BLOWBYBLOW.Combat.Warning.noAttacks", { name: actor.name });
    return null;
  }
  const request = await AttackDialog.prompt({
    attacker,
    defender,
    options,
    situation,
    itemId: args.itemId ?? null,
    preview: (r) => fr.combat.attackTarget(attacker, defender, r, worldOptions(fr.id)),
    bandFor: (option, distance) => fr.combat.bandFor(option, distance, situation.units),
    labels: fr.combat.labels,
    ...catalogFor(fr.combat.catalogAt?.(defender) ?? fr.combat.catalog, worldOptions(fr.id)),
    ...(g().user.isGM ? {} : { approval: { cap: customModifierCap(), measured: situation } }),
  });
  if (!request) return null;

  let card: ExchangeCard;
  try {
    // The fighters as they are now (the dialog may have stayed open a while).
    const now = { attacker: fighterSnapshot(actor), defender: fighterSnapshot(defenderActor) };
    const build = fr.combat.buildDeclaration(
      now.attacker,
      now.defender,
      request,
      worldOptions(fr.id),
      exchangeFight(actor.uuid, defenderActor.uuid),
    );
    const ruleset = fr.ruleset;
    const decl = ruleset.parseDeclaration(build.declaration);
    // Of a player's declaration dice the active GM's client keeps only the attacker's own (none
    // when it rolls every die) and rolls the rest (issue 15); those stand in as 1s here.
    const mine = (name: string) =>
      user.isGM || (!gmRollsAll() && ruleset.rollSide?.(name) === "attacker");
    const { rolls } = await rollAsNeeded(
      (dice) => ruleset.start(decl, dice),
      (name, count, sides) =>
        mine(name) ? foundryRoll(name, count, sides) : Promise.resolve(new Array(count).fill(1)),
    );
    card = declareExchange(ruleset, {
      attacker: { actorUuid: actor.uuid, tokenUuid: token?.uuid ?? null, name: actor.name },
      defender: {
        actorUuid: defenderActor.uuid,
        tokenUuid: targetToken.uuid,
        name: defenderActor.name,
      },
      declaration: build.declaration,
      context: { request, rules: build.rules },
      rolls,
    });
  } catch (err) {
    if (err instanceof FlowError || err instanceof InputError) {
      warnError(err);
      return null;
    }
    throw err;
  }
  // Off globalThis like chatMessageClass() (query-common.ts): the card is created as plain data.
  const Message = (globalThis as unknown as { ChatMessage: ChatMessageClass }).ChatMessage;
  const message = await Message.create({
    type: "exchange",
    system: cardSource(card),
    speaker: Message.getSpeaker({ actor, token }),
  });
  if (message && !g().users.activeGM) info("BLOWBYBLOW.Combat.Info.waitingForGM");
  return (message ?? null) as ChatMessage | null;
}

// ── Card buttons ─────────────────────────────────────────────────────────────────────────────

/**
 * A defence (pending option) button on the card: checks ownership now, opens DefenceDialog,
 * rolls the step's dice (rollAsNeeded + Foundry Roll), submits to the active GM.
 */
export async function defend(messageId: string, optionId: string): Promise<void> {
  const found = cardFor(messageId);
  if (!found) return;
  const { card, fr } = found;
  const user = g().user;
  if (card.state !== "awaitingDefence") {
    warnError(
      new FlowError("wrongState", "The exchange waits for no choice.", {
        state: String(card.state),
      }),
    );
    return;
  }
  if (!activeGM()) {
    warn("BLOWBYBLOW.Combat.Warning.noGM");
    return;
  }
  let chooser: FighterSnapshot;
  let pending;
  let state: unknown;
  try {
    const replayed = replayExchange(fr.ruleset, card);
    pending = replayed.pending;
    state = replayed.state;
    if (!pending) throw new FlowError("wrongState", "Nothing is pending.", { state: "resolved" });
    const caller = await callerFor(user, card);
    if (!caller.isGM && !caller.owns[pending.by])
      throw new FlowError("notOwner", "The user does not own the chooser.", {
        side: pending.by,
        userId: user.id ?? "",
      });
    const actor = await sideActor(card[pending.by]);
    if (!actor) {
      warn("BLOWBYBLOW.Combat.Error.noActor", { side: pending.by, name: card[pending.by].name });
      return;
    }
    chooser = fighterSnapshot(actor);
  } catch (err) {
    warnError(err);
    return;
  }
  const exchange = exchangeBuild(card);
  const options = fr.combat.choiceOptions(pending, exchange, chooser);
  if (!options.some((o) => o.id === optionId && !o.unavailableKey)) {
    warn("BLOWBYBLOW.Combat.Warning.unknownOption");
    return;
  }
  const request: ChoiceRequest | null = await DefenceDialog.prompt({
    chooser,
    options,
    optionId,
    attackerName: card.attacker.name,
    labels: fr.combat.labels,
    // Issue 15: a player's dialog says the world's cap (beyond it, the GM must approve).
    ...(user.isGM ? {} : { approval: { cap: customModifierCap() } }),
  });
  if (!request) return;
  let submission: ChoiceSubmission;
  try {
    const value = fr.combat.buildChoice(pending, exchange, chooser, request);
    const ruleset = fr.ruleset;
    const choice = ruleset.parseChoice(state, value);
    // Only the chooser's own dice are rolled here; the active GM's client rolls the other
    // side's (architecture §2.6).
    // With the world's gmRollsAll the GM's client rolls them all: none is rolled here.
    const rolls =
      gmRollsAll() && !user.isGM
        ? []
        : await rollOwnSide(
            ruleset,
            pending.by,
            user.isGM,
            (dice) => ruleset.choose(state, choice, dice),
            foundryRoll,
          );
    submission = { revision: card.revision, kind: pending.kind, value, request, rolls };
  } catch (err) {
    if (err instanceof FlowError || err instanceof InputError) {
      warnError(err);
      return;
    }
    throw err;
  }
  await askGM(QUERY.choose, { messageId, submission });
}

/** The GM's Apply button: the GM's client applies the card's consequences once. */
export async function apply(messageId: string): Promise<void> {
  const found = cardFor(messageId);
  if (!found) return;
  const user = g().user;
  if (!user.isGM) {
    warnError(new FlowError("notGM", "Only a GM applies an exchange.", { userId: user.id ?? "" }));
    return;
  }
  await askGM(QUERY.apply, { messageId, revision: found.card.revision });
}

/** A side's tactical advantage button: its owner (or a GM) claims it, once per card and turn. */
export async function takeAdvantage(messageId: string, side: Side): Promise<void> {
  const found = cardFor(messageId);
  if (!found) return;
  const user = g().user;
  const caller = await callerFor(user, found.card);
  if (!caller.isGM && !caller.owns[side]) {
    warnError(
      new FlowError("notOwner", "The user does not own that side.", {
        side,
        userId: user.id ?? "",
      }),
    );
    return;
  }
  await askGM(QUERY.advantage, { messageId, side, revision: found.card.revision });
}

/**
 * GM only (issue 15): approves or refuses what a card waits for: an attack (its situation, band
 * or custom modifiers were not what the GM's client measured or allows) or a player's defence
 * (its custom modifiers beyond the world's cap).
 */
export async function approveAttack(messageId: string, approve: boolean): Promise<void> {
  const found = cardFor(messageId);
  if (!found) return;
  const user = g().user;
  if (!user.isGM) {
    warnError(new FlowError("notGM", "Only a GM approves an attack.", { userId: user.id ?? "" }));
    return;
  }
  await askGM(QUERY.approve, { messageId, approve });
}

/** GM only (ruling R30): marks the amputation strike `strike` called for. */
export async function markAmputated(messageId: string, strike: number): Promise<void> {
  const found = cardFor(messageId);
  if (!found) return;
  const user = g().user;
  if (!user.isGM) {
    warnError(new FlowError("notGM", "Only a GM marks an amputation.", { userId: user.id ?? "" }));
    return;
  }
  await askGM(QUERY.amputate, {
    messageId,
    strike,
    revision: found.card.revision,
  });
}

/**
 * The catalog rows the attack dialog offers: those of no world option, and those whose option
 * is on (`CatalogRowOption.option`); nothing when none is left.
 */
export function catalogFor(
  catalog: readonly CatalogRowOption[] | undefined,
  options: Readonly<Record<string, boolean>>,
): { catalog?: readonly CatalogRowOption[] } {
  const rows = (catalog ?? []).filter((r) => !r.option || options[r.option] === true);
  return rows.length ? { catalog: rows } : {};
}

// The flow's functions the ruleset folders call (./flow-tools.ts: no import cycle). Read when
// called: in an import cycle this module may run before the modules it names have.
provideFlowTools({
  get CombatError() {
    return CombatError;
  },
  get serial() {
    return serial;
  },
  askGM,
  get QUERY() {
    return QUERY;
  },
});
