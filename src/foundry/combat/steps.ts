/**
 * The GM's steps on an accepted card (architecture §2.6): a chooser's choice (a defence), applying
 * a resolved card's effects once, a side's tactical advantage, the amputation a strike called
 * for, and apply mode "auto"'s application when a card resolves. Each runs on the active GM's
 * client, in the card's queue, as the user who asks.
 */
import { choiceApprovalFor, type Approval } from "../../core/approval";
import { copy } from "../../core/data";
import { InputError, showValue } from "../../core/errors";
import {
  applyExchange,
  claimAdvantage,
  completeChoiceRolls,
  FlowError,
  replayExchange,
  submitChoice,
  type ChoiceSubmission,
  type ExchangeCard,
} from "../../core/flow";
import type { Effect, Side } from "../../core/ruleset";
import { cardOf } from "../data/chat-message/exchange";
import type { FightingRuleset } from "../rulesets";
import type { RulesetStepTools } from "../rulesets/contract";
import { planEffects, runOperations, sideItems, type Operation, type SideTarget } from "./apply";
import { foundryRoll } from "./dice";
import { callerFor, resolveUuid, sideActor, sideToken } from "./permissions";
import {
  actorOf,
  CombatError,
  exchangeBuild,
  formatOutcome,
  g,
  liveMessage,
  outcomeOf,
  requireApproved,
  requireGMCard,
  requireGMClient,
  rolledBy,
  rulesetOf,
  serial,
  stable,
  storedRolledBy,
  updateCard,
  type ChoiceApproval,
  type MessageLike,
} from "./query-common";
import { applyMode, customModifierCap, gmRollsAll } from "./settings";
import { fighterSnapshot, type TokenDocLike, type UserLike } from "./snapshot";
import { exchangeFight, gainAdvantage, setMark } from "./tracker";

/**
 * Refuses a choice that is not what the chooser's request gives with the chooser's fighter as it
 * is now (the ruleset's builder checks the request: a bad one is `badChoice`).
 */
async function requireChoiceAsBuilt(
  fr: FightingRuleset,
  card: ExchangeCard,
  submission: ChoiceSubmission,
): Promise<void> {
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
}

/**
 * The card with `user`'s choice made (not yet written): checked by the core (`submitChoice`:
 * the state, revision, kind and the chooser's ownership as of now), its dice completed on this
 * (the active GM's) client, and compared with what the request gives (`requireChoiceAsBuilt`).
 */
export async function chosenCard(
  fr: FightingRuleset,
  card: ExchangeCard,
  user: UserLike,
  submission: ChoiceSubmission,
): Promise<ExchangeCard> {
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
  await requireChoiceAsBuilt(fr, card, submission);
  return chosen;
}

/**
 * The card with a player's choice held for the GM's approval (issue 15; not yet written): the
 * choice is checked as far as it can be without its dice (the card waits for a choice of its
 * kind, at its revision, from the side's owner as of now, and the request gives it), then kept
 * as sent in `context.choiceApproval` with why it waits. The revision stays: nothing was chosen
 * yet, and every other step is refused while it waits (`requireApproved`).
 */
async function heldCard(
  fr: FightingRuleset,
  card: ExchangeCard,
  user: UserLike,
  submission: ChoiceSubmission,
  approval: Approval,
): Promise<ExchangeCard> {
  if (card.state !== "awaitingDefence")
    throw new FlowError("wrongState", "The exchange waits for no choice.", {
      state: String(card.state),
      expected: "awaitingDefence",
    });
  if (submission.revision !== card.revision)
    throw new FlowError("staleRevision", "The card changed.", {
      expected: String(card.revision),
      actual: String(submission.revision),
    });
  const pending = replayExchange(fr.ruleset, card).pending;
  if (!pending)
    throw new FlowError("wrongState", "The exchange has nothing pending: it is resolved.", {
      state: "resolved",
      expected: "awaitingDefence",
    });
  if (submission.kind !== pending.kind)
    throw new FlowError("notPending", "The exchange waits for another kind of choice.", {
      kind: showValue(submission.kind),
      expected: pending.kind,
    });
  const chooser = await callerFor(user, card);
  if (!chooser.owns[pending.by])
    throw new FlowError("notOwner", "The user does not own the chooser.", {
      side: pending.by,
      userId: user.id ?? "",
    });
  await requireChoiceAsBuilt(fr, card, submission);
  const held = copy(card);
  const choiceApproval: ChoiceApproval = {
    ...approval,
    held: { userId: user.id ?? "", side: pending.by, submission: copy(submission) },
  };
  held.context.choiceApproval = choiceApproval;
  return held;
}

/**
 * GM: a chooser's choice (a defence): checked, replayed with its rolls, the card updated. A
 * player's choice whose custom modifiers total more than the world's cap is held on the card for
 * the GM's approval instead (issue 15; a GM's own is not capped): approve.ts runs it then.
 */
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
    const approval = user.isGM ? null : choiceApprovalFor(submission.request, customModifierCap());
    const next = approval
      ? await heldCard(fr, card, user, submission, approval)
      : await chosenCard(fr, card, user, submission);
    await updateCard(live, next);
    return next;
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
  fr: FightingRuleset,
  card: ExchangeCard,
  effects: readonly Effect[],
  live: MessageLike,
  marked: ExchangeCard,
): Promise<void> {
  const i18n = g().i18n;
  const plan = planEffects(
    effects,
    await sideTargets(card),
    fr.combat,
    (key, data) => i18n.format(key, data),
    fr.fight,
  );
  // A side's state block moved on since the declaration (a turn, another exchange, a sheet
  // edit): its effects were computed from an older state, so nothing is applied (declare again).
  const stale = plan.stale[0];
  if (stale) {
    const data = {
      name: card[stale.side].name,
      basedOn: String(stale.basedOn),
      revision: String(stale.revision),
    };
    throw new CombatError(
      "staleState",
      i18n.format("BLOWBYBLOW.Combat.Error.staleState", data),
      data,
    );
  }
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
    const scope = fr.advantageScope ?? "turn";
    if ((await gainAdvantage(actor.uuid, scope)) === "refused") {
      await updateCard(live, card);
      if (scope === "round")
        throw new CombatError("roundAdvantage", "An Action was already taken this round.", {
          name: card[side].name,
        });
      throw new CombatError("turnAdvantage", "A tactical advantage was already taken this turn.", {
        name: card[side].name,
      });
    }
    // The ruleset's own step for the side that took it (HM3: a Gold Reaction Roll).
    try {
      if (fr.advantageClaimed) await fr.advantageClaimed(claimed, side, await stepTools(claimed));
    } catch (err) {
      warnFailure(err);
    }
    return claimed;
  });
}

/** What a ruleset's GM-side step is handed: the card's actors, the round, the marks' writer. */
async function stepTools(card: ExchangeCard): Promise<RulesetStepTools> {
  const actors = {
    attacker: await actorOf(card, "attacker"),
    defender: await actorOf(card, "defender"),
  };
  const { round, turn } = exchangeFight(actors.attacker.uuid, actors.defender.uuid);
  return {
    actors,
    round,
    ...(turn !== undefined ? { turn } : {}),
    setMark,
  };
}

/** Tells this client's user of a ruleset step that failed (the step itself stands). */
function warnFailure(err: unknown): void {
  const outcome = outcomeOf(err);
  if (!outcome.ok) ui.notifications?.warn(formatOutcome(outcome));
}

/** The ruleset's `resolved` step for a card just resolved; a failure is told, not thrown. */
async function rulesetResolved(message: MessageLike, card: ExchangeCard): Promise<void> {
  try {
    const fr = rulesetOf(card);
    if (!fr.resolved) return;
    const { result } = replayExchange(fr.ruleset, card);
    if (result) await fr.resolved(card, result, () => stepTools(card), message);
  } catch (err) {
    warnFailure(err);
  }
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

/**
 * After a card resolves, on this (the GM's) client: the ruleset's own step (`resolved`, marks
 * carried to the next turn), then apply mode "auto" applies at once.
 */
export async function afterResolved(message: MessageLike): Promise<void> {
  const card = cardOf(message.system);
  if (card.state !== "resolved") return;
  await rulesetResolved(message, card);
  if (applyMode() !== "auto") return;
  try {
    await applyMessage(message, g().user, card.revision);
  } catch (err) {
    const outcome = outcomeOf(err);
    if (!outcome.ok) ui.notifications?.warn(formatOutcome(outcome));
  }
}
