/**
 * The GM's acceptance of a player's declared card (architecture §2.6, reviews B1/B2, issue 15):
 * the declaration is rebuilt from the actors, the situation measured on the GM's own canvas,
 * the approval a player's attack needs decided (src/core/approval.ts), the declaration step's
 * dice filtered, and the accepted card written afresh as a GM-authored message.
 */
import { approvalFor, situationChanged } from "../../core/approval";
import type { AttackSituation, DeclarationBuild } from "../../core/combat";
import { InputError, showValue } from "../../core/errors";
import {
  acceptExchange,
  completeDeclarationRolls,
  declareExchange,
  FlowError,
  type ExchangeCard,
} from "../../core/flow";
import { cardOf, cardSource } from "../data/chat-message/exchange";
import type { FightingRuleset } from "../rulesets";
import { foundryRoll } from "./dice";
import { callerFor, sideActor, sideToken, userOwns } from "./permissions";
import {
  actorOf,
  chatMessageClass,
  CombatError,
  g,
  isGMCard,
  liveMessage,
  pendingApproval,
  requireGMClient,
  rolledBy,
  rulesetOf,
  serial,
  stable,
  systemFlags,
  updateCard,
  type MessageLike,
} from "./query-common";
import { customModifierCap, gmRollsAll, trustUnmeasured, worldOptions } from "./settings";
import { fighterSnapshot, measureSituation, type ActorLike, type CanvasLike } from "./snapshot";
import { afterResolved } from "./steps";
import { withAutomaticChoice } from "./automatic-choice";
import { exchangeFight } from "./tracker";

/**
 * Rebuilds the card's declaration from its attack request and the fighters as they are now,
 * and refuses a card whose declaration or notes differ (made from other figures than the
 * actors', or the actors changed since). Returns the GM's build and the two actors.
 */
async function rebuildDeclaration(
  fr: FightingRuleset,
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
      exchangeFight(attackerActor.uuid, defenderActor.uuid),
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

/**
 * The attack's situation measured on the GM's own canvas (review m3), or null when the GM's
 * canvas does not show the defender's scene. The attack dialog lets its user change what their
 * canvas measured; the card then shows where the request differs from the GM's map.
 */
async function gmSituation(
  fr: FightingRuleset,
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
    fr.combat.situation ?? [],
  );
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
    // otherwise the card waits for the GM's approval. A GM's own attack is the GM's word. With
    // the world's trustUnmeasured, what the GM's canvas cannot measure is taken as declared
    // (the card says so: `context.unmeasured`).
    const trustsUnmeasured = !author?.isGM && trustUnmeasured();
    const approval = author?.isGM
      ? null
      : approvalFor(
          fr.combat,
          fighterSnapshot(attacker),
          fighterSnapshot(defender),
          request,
          gmMeasured,
          customModifierCap(),
          { unmeasured: trustsUnmeasured },
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
        ...(trustsUnmeasured && !gmMeasured ? { unmeasured: "declared" } : {}),
        ...(approval ? { approval } : {}),
      },
      rolls,
    });
    const checked = acceptExchange(fr.ruleset, fresh, gm, authorOwns);
    const who = rolledBy(checked.rolls, byAuthor, author);
    if (Object.keys(who).length > 0) checked.context.rolledBy = who;
    // A choice taken without a prompt (an object Ignores) is made here (automatic-choice.ts).
    const accepted = await withAutomaticChoice(fr, checked);
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
