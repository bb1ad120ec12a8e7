/**
 * The GM's decision on a card that waits for approval (issue 15, the `blow-by-blow.approve`
 * query): an attack held at acceptance (accept.ts) or a player's choice held by the choose step
 * (steps.ts, a defence whose custom modifiers exceed the world's cap). What a card keeps of its
 * approvals is `context.approval` (the attack's) and `context.choiceApproval` (a choice's, with
 * the held submission while it waits); src/core/approval.ts decides, query-common.ts reads them.
 */
import { copy } from "../../core/data";
import { FlowError, type ExchangeCard } from "../../core/flow";
import { cardOf } from "../data/chat-message/exchange";
import {
  chatMessageClass,
  COMBAT_ERROR_KEYS,
  CombatError,
  escapeData,
  g,
  liveMessage,
  pendingAttackApproval,
  pendingChoiceApproval,
  requireGMCard,
  requireGMClient,
  serial,
  systemFlags,
  rulesetOf,
  updateCard,
  type ChoiceApproval,
  type MessageLike,
} from "./query-common";
import type { UserLike } from "./snapshot";
import { afterResolved, chosenCard } from "./steps";
import { withAutomaticChoice } from "./automatic-choice";

/** Whispers `text` as a refusal to `userId` (the player told) and every GM. */
async function whisperRefusal(live: MessageLike, userId: unknown, text: string): Promise<void> {
  const gms = [...g().users].filter((u) => u.isGM).map((u) => u.id);
  const whisper = [
    ...new Set([userId, ...gms].filter((id): id is string => typeof id === "string" && !!id)),
  ];
  await chatMessageClass().create({
    content: `<p class="blow-by-blow bbb-refused">${text}</p>`,
    whisper,
    speaker: live.speaker,
  });
}

/**
 * The GM's decision on a held choice (issue 15). Approved: the choice is run as its chooser
 * sent it (`chosenCard`: checked again as of now, its other dice rolled here), once, and the
 * card keeps the approval. Refused: nothing is chosen, the card waits for the choice again and
 * the chooser and the GMs are told in a whisper.
 */
async function decideChoice(
  live: MessageLike,
  card: ExchangeCard,
  approval: ChoiceApproval,
  user: UserLike,
  approve: boolean,
): Promise<ExchangeCard> {
  const { held, ...kept } = approval;
  const name = held ? card[held.side].name : card.defender.name;
  if (approve) {
    const chooser = held ? (g().users.get(held.userId) ?? null) : null;
    if (!held || !chooser)
      throw new CombatError("noUser", "The held choice's user is gone.", {
        userId: held?.userId ?? "",
      });
    const chosen = await chosenCard(rulesetOf(card), card, chooser, held.submission);
    const record: ChoiceApproval = { ...kept, pending: false, approvedBy: user.name ?? "" };
    chosen.context.choiceApproval = record;
    await updateCard(live, chosen);
    return chosen;
  }
  const next = copy(card);
  delete next.context.choiceApproval;
  await updateCard(live, next);
  const text = g().i18n.format(
    COMBAT_ERROR_KEYS.choiceRefused,
    escapeData({
      name,
      attacker: card.attacker.name,
      total: approval.customTotal > 0 ? `+${approval.customTotal}` : String(approval.customTotal),
      cap: String(approval.cap),
    }),
  );
  await whisperRefusal(live, held?.userId, text);
  return next;
}

/**
 * GM only: decides what a card waits for. An attack approved goes on as declared; refused, the
 * card is deleted and its declaring player and the GMs are told in a whisper. A held choice (a
 * defence beyond the world's cap) approved is made, once; refused, it is dropped and the card
 * waits for the choice again (`decideChoice`).
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
    const approval = pendingAttackApproval(card);
    const choice = approval ? null : pendingChoiceApproval(card);
    if (choice) return decideChoice(live, card, choice, user, approve);
    if (!approval)
      throw new CombatError("notAwaitingApproval", "The attack does not wait for approval.", {
        attacker: card.attacker.name,
      });
    if (approve) {
      const held = copy(card);
      held.context.approval = { ...approval, pending: false, approvedBy: user.name ?? "" };
      // A choice taken without a prompt (an object Ignores) is made now (automatic-choice.ts).
      const approved = await withAutomaticChoice(rulesetOf(card), held);
      await updateCard(live, approved);
      return approved;
    }
    const text = g().i18n.format(
      COMBAT_ERROR_KEYS.approvalRefused,
      escapeData({ attacker: card.attacker.name, defender: card.defender.name }),
    );
    await whisperRefusal(live, systemFlags(live).declaredBy, text);
    await live.delete?.();
    return null;
  });
  if (next?.state === "resolved") await afterResolved(message);
  return next;
}
