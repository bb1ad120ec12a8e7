/**
 * The GM's decision on a card that waits for approval (issue 15, the `blow-by-blow.approve`
 * query): approved, the exchange goes on as declared; refused, the card is deleted and its
 * declaring player and the GMs are told. What a card keeps of its approval is
 * `context.approval` (src/core/approval.ts `Approval`; `pendingApproval` reads it).
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
  pendingApproval,
  requireGMCard,
  requireGMClient,
  serial,
  systemFlags,
  updateCard,
  type MessageLike,
} from "./query-common";
import type { UserLike } from "./snapshot";
import { afterResolved } from "./steps";

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
