/// <reference types="vite/client" />
/**
 * The GURPS Man to Man chat cards on the workbench page, rendered with the real templates
 * (templates/chat/exchange.hbs with the m2m result part, templates/chat/m2m/turn.hbs) and the
 * same view models Foundry renders them with (`exchangeCardContext` with the m2m ruleset's
 * card, `m2mTurnContext`), as the GM sees them, in the log as chat messages.
 */
import Handlebars from "handlebars";
import exchangeHbs from "../../../templates/chat/exchange.hbs?raw";
import type { ExchangeCard } from "../../core/flow";
import type { TurnOutcome } from "../../core/ruleset";
import { EXCHANGE_TEMPLATE, exchangeCardContext } from "../../foundry/chat/card-context";
import { CARD_KEY } from "../../foundry/chat/card-lines";
import { localizeTree } from "../../foundry/chat/text";
import { M2M_FOUNDRY } from "../../foundry/rulesets/m2m";
import { m2mTurnContext } from "../../foundry/rulesets/m2m/card-turn";
import { PARTIAL_HELPER, partialHelper } from "../../foundry/sheets/common";
import { foundryHelpers, RUNTIME_OPTIONS } from "../handlebars";
import { el, format, i18n, localize } from "../page";

const m2mTemplates = import.meta.glob("../../../templates/chat/m2m/*.hbs", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

const hb = Handlebars.create();
hb.registerHelper(foundryHelpers(i18n));
hb.registerHelper(PARTIAL_HELPER, partialHelper(hb));
for (const [path, source] of Object.entries(m2mTemplates))
  hb.registerPartial(path.replace("../../../", "systems/blow-by-blow/"), hb.compile(source));
hb.registerPartial(EXCHANGE_TEMPLATE, hb.compile(exchangeHbs));

const exchangeTemplate = hb.compile(exchangeHbs);
const turnTemplate = hb.compile(m2mTemplates["../../../templates/chat/m2m/turn.hbs"]!);

/** The GM on the workbench: he owns both sides and sees every target. */
const VIEWER = Object.freeze({
  userId: "workbench",
  isGM: true,
  owns: Object.freeze({ attacker: true, defender: true }),
  gmOnline: true,
  showDefenceTargets: true,
});

/**
 * The exchange card as the GM sees it in Foundry; `resolvedKey`: its status line (by default the
 * workbench applied the consequences to its fighters).
 */
export function m2mCardHtml(
  card: ExchangeCard,
  resolvedKey: string = CARD_KEY.resolvedWorkbench,
): string {
  const view = exchangeCardContext(card, VIEWER, M2M_FOUNDRY, {
    applyMode: "report",
    authorIsGM: true,
    resolvedKey,
  });
  return exchangeTemplate(localizeTree(view, localize, format) as object, RUNTIME_OPTIONS);
}

/** The turn card (a turn's start: HT rolls, conditions begun and ended) as the GM sees it. */
export function m2mTurnHtml(outcome: TurnOutcome, name: string): string {
  const view = m2mTurnContext(outcome, name, VIEWER, true);
  return turnTemplate(localizeTree(view, localize, format) as object, RUNTIME_OPTIONS);
}

/** A chat message at the top of the log; `data` goes on the entry as data attributes. */
export function logMessage(html: string, data: Record<string, string> = {}): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "chat-message message";
  for (const [k, v] of Object.entries(data)) li.dataset[k] = v;
  li.innerHTML = `<div class="message-content">${html}</div>`;
  el("wb-log").prepend(li);
  return li;
}
