/**
 * The exchange flow's hooks on the active GM's client (`registerFlowHooks`): a new declared card
 * is accepted when it is created, declared cards are swept at `ready` (and when a GM connects),
 * a refused declared card is deleted with a whisper saying why, and cards are re-rendered when a
 * GM connects (they say whether the exchange waits for one).
 */
import { cardOf } from "../data/chat-message/exchange";
import { escapeHtml } from "../sheets/common";
import { acceptMessage } from "./accept";
import { requestOf } from "./queries";
import {
  chatMessageClass,
  formatOutcome,
  g,
  isActiveGM,
  outcomeOf,
  REQUEST_TIMEOUT_MS,
  type MessageLike,
  type QueryOutcome,
} from "./query-common";

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
