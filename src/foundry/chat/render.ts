/**
 * Renders exchange chat messages (ChatMessage subtype `exchange`) as cards and wires their
 * buttons. On v13's `renderChatMessageHTML` hook each client builds the card for its own user:
 * who owns which side (looked up afresh, permissions.ts), whether a GM is connected, the
 * world's apply mode and whether players see the defender's targets; the pure view model
 * (card-context.ts, and the ruleset's result part) is localised and rendered with the real
 * templates into the message's content. A click on a card button calls the flow action
 * (src/foundry/combat/actions.ts), which checks permission again at that moment; the button is
 * disabled while its action runs.
 */
import type { ExchangeCard } from "../../core/flow";
import type { Side } from "../../core/ruleset";
import { apply, approveAttack, defend, markAmputated, takeAdvantage } from "../combat/actions";
import { callerFor, sideActor } from "../combat/permissions";
import { requestOf } from "../combat/queries";
import { isGMCard } from "../combat/query-common";
import { applyMode, showDefenceTargets } from "../combat/settings";
import { cardOf } from "../data/chat-message/exchange";
import {
  canFight,
  CANNOT_FIGHT_KEY,
  hasCard,
  NO_CARD_KEY,
  FOUNDRY_RULESETS,
  foundryRuleset,
  rulesetName,
  type CardViewer,
} from "../rulesets";
import { escapeHtml, handlebarsApi, PARTIAL_HELPER, partialHelper } from "../sheets/common";
import { EXCHANGE_TEMPLATE, exchangeCardContext } from "./card-context";
import { readAttackContext } from "./card-lines";
import { localizeTree } from "./text";
import { renderTurnCardInto, turnRecordOf } from "./turn-card";

/** Shown instead of the card when its ruleset cannot be shown by this system. */
export const UNKNOWN_RULESET_KEY = "BLOWBYBLOW.Card.unknownRuleset";

/**
 * Every template the chat cards render: the exchange frame, each ruleset's result partial and
 * each ruleset's turn card (turn-card.ts).
 */
export function chatTemplates(): string[] {
  const results = Object.values(FOUNDRY_RULESETS).flatMap((fr) =>
    fr.card ? [fr.card.resultTemplate] : [],
  );
  const turns = Object.values(FOUNDRY_RULESETS).flatMap((fr) =>
    fr.card?.turnTemplate ? [fr.card.turnTemplate] : [],
  );
  return [EXCHANGE_TEMPLATE, ...new Set(results), ...new Set(turns)];
}

/** A chat message as the hook passes it, as far as the cards read it. */
export interface CardMessage {
  id: string | null;
  type: string;
  system: unknown;
  author?: { isGM?: boolean } | null;
  flags?: unknown;
}

/** The viewer of a card on this client: the user, what they own now, the GM and the settings. */
export async function cardViewer(card: ExchangeCard): Promise<CardViewer> {
  const caller = await callerFor(game.user, card);
  return {
    userId: caller.userId,
    isGM: caller.isGM,
    owns: { attacker: caller.owns.attacker, defender: caller.owns.defender },
    gmOnline: game.users.activeGM !== null && game.users.activeGM !== undefined,
    showDefenceTargets: showDefenceTargets(),
  };
}

/** The attacking item's name when the card's context does not keep it: the item on the actor now. */
async function weaponName(card: ExchangeCard): Promise<string | null> {
  const request = (card.context as { request?: { itemId?: unknown } }).request;
  const itemId = typeof request?.itemId === "string" ? request.itemId : null;
  if (!itemId) return null;
  const actor = await sideActor(card.attacker);
  const item = actor?.items.get?.(itemId);
  return typeof item?.name === "string" && item.name !== "" ? item.name : null;
}

/** The card's HTML for this client's user. */
export async function renderExchangeCard(message: CardMessage): Promise<string> {
  const card = cardOf(message.system);
  const localize = (key: string) => game.i18n.localize(key);
  const format = (key: string, data: Record<string, string | number>) =>
    game.i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
  const fr = foundryRuleset(String(card.ruleset));
  if (!fr || !hasCard(fr)) {
    const says = !fr
      ? format(UNKNOWN_RULESET_KEY, { ruleset: String(card.ruleset) })
      : canFight(fr)
        ? format(NO_CARD_KEY, { ruleset: rulesetName(fr) })
        : format(CANNOT_FIGHT_KEY, { ruleset: rulesetName(fr) });
    return `<p class="blow-by-blow exchange-card bbb-xc-unknown">${escapeHtml(says)}</p>`;
  }
  await ensureChatTemplates();
  const viewer = await cardViewer(card);
  const context = exchangeCardContext(card, viewer, fr, {
    applyMode: applyMode(),
    weaponName: readAttackContext(card).itemName ?? (await weaponName(card)),
    authorIsGM: isGMCard(message),
  });
  // The context is an object, and localizeTree keeps an object's shape.
  const data = localizeTree(context, localize, format) as Record<string, unknown>;
  return handlebarsApi().renderTemplate(EXCHANGE_TEMPLATE, data);
}

/** What a card button does: the flow action it calls. */
export async function runCardAction(messageId: string, button: HTMLElement): Promise<void> {
  const action = button.dataset.action;
  switch (action) {
    case "bbb-defend": {
      const option = button.dataset.option;
      if (option) await defend(messageId, option);
      return;
    }
    case "bbb-apply":
      await apply(messageId);
      return;
    case "bbb-advantage": {
      const side = button.dataset.side;
      if (side === "attacker" || side === "defender") await takeAdvantage(messageId, side as Side);
      return;
    }
    case "bbb-approve":
    case "bbb-refuse":
      await approveAttack(messageId, action === "bbb-approve");
      return;
    case "bbb-amputate": {
      const strike = Number(button.dataset.strike);
      if (Number.isInteger(strike) && strike >= 0) await markAmputated(messageId, strike);
      return;
    }
    default:
      return;
  }
}

const BUTTON_SELECTOR = 'button[data-action^="bbb-"]';

/**
 * Wires the card's buttons: a click runs the action with the button disabled (and marked
 * busy) until it settles, so a double click sends one request from this client; the GM's
 * client refuses a repeated step anyway (revision and state checks).
 */
export function wireCardButtons(root: HTMLElement, messageId: string): void {
  root.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    const button = target?.closest?.(BUTTON_SELECTOR) as HTMLButtonElement | null;
    if (!button || !root.contains(button) || button.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    void runCardAction(messageId, button)
      .catch((err: unknown) => {
        console.error("Blow by Blow | card action failed", err);
        ui.notifications?.error(err instanceof Error ? err.message : String(err));
      })
      .finally(() => {
        button.disabled = false;
        button.removeAttribute("aria-busy");
      });
  });
}

/** v13's chat log (`ui.chat`, ChatLog), as far as the cards use it. */
interface ChatLogApi {
  /** Whether the log is scrolled to the bottom. */
  readonly isAtBottom?: boolean;
  scrollBottom?(options?: { popout?: boolean; waitImages?: boolean }): Promise<void>;
}

function chatLog(): ChatLogApi | null {
  // fvtt-types 13.340.1 types `ui.chat` as v12's ChatLog, whose scrollBottom is protected.
  return (globalThis as { ui?: { chat?: ChatLogApi | null } }).ui?.chat ?? null;
}

/**
 * Puts the card into the rendered message (its `.message-content`) and wires the buttons.
 * The card is filled after v13 has posted the message and scrolled the log (the hook does
 * not wait for it), so a log that was at the bottom when the message was rendered is scrolled
 * to the bottom again once the card has its height; a log the user had scrolled up stays put.
 */
export async function renderCardInto(message: CardMessage, html: HTMLElement): Promise<void> {
  const content = html.querySelector<HTMLElement>(".message-content") ?? html;
  const log = chatLog();
  const follow = log?.isAtBottom === true;
  let markup: string;
  try {
    markup = await renderExchangeCard(message);
  } catch (err) {
    console.error("Blow by Blow | exchange card failed to render", err);
    return;
  }
  content.innerHTML = markup;
  if (message.id) wireCardButtons(content, message.id);
  if (follow && typeof log?.scrollBottom === "function")
    await log.scrollBottom({ popout: true, waitImages: true });
}

/**
 * The `renderChatMessageHTML` hook (v13): exchange messages become cards; a turn card is drawn
 * again for this client's user (turn-card.ts); a step request (whispered to the GM, deleted
 * once taken, queries.ts) is hidden.
 */
export function onRenderChatMessageHTML(
  message: CardMessage,
  html: HTMLElement,
): Promise<void> | undefined {
  if (requestOf(message) && html && "hidden" in html) {
    html.hidden = true;
    return;
  }
  if (typeof html?.querySelector !== "function") return;
  const turn = message?.type === "exchange" ? null : turnRecordOf(message?.flags);
  if (turn) return ensureChatTemplates().then(() => renderTurnCardInto(turn, html));
  if (message?.type !== "exchange") {
    // A ruleset's own cards (HM3: HârnMaster Gold's Disengage) are wired by the ruleset.
    for (const fr of Object.values(FOUNDRY_RULESETS)) fr.renderChatMessage?.(message, html);
    return;
  }
  // Foundry does not await a hook listener; the promise is returned for tests to wait on.
  return renderCardInto(message, html);
}

/** Loads the card templates (registered as partials by path) and the partial helper. */
export async function preloadChatTemplates(): Promise<void> {
  Handlebars.registerHelper(PARTIAL_HELPER, partialHelper(Handlebars));
  await handlebarsApi().loadTemplates(chatTemplates());
}

/**
 * Loads what a card needs and is not loaded yet (a card rendered before the `init` preload
 * finished, at start-up, would otherwise miss its result partial).
 */
export async function ensureChatTemplates(): Promise<void> {
  const missing = chatTemplates().filter((path) => Handlebars.partials[path] === undefined);
  if (Handlebars.helpers[PARTIAL_HELPER] === undefined)
    Handlebars.registerHelper(PARTIAL_HELPER, partialHelper(Handlebars));
  if (missing.length > 0) await handlebarsApi().loadTemplates(missing);
}

/** Registers the exchange card rendering (call at `init`). */
export function registerChatCards(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => onRenderChatMessageHTML(message, html));
  void preloadChatTemplates();
}
