/// <reference types="vite/client" />
/**
 * The zone-die exchange card on the workbench page, rendered with the real templates
 * (templates/chat/exchange.hbs with templates/chat/hmzd/result.hbs) and the same view model
 * Foundry renders it with (`exchangeCardContext` with the hmzd ruleset's card,
 * `HMZD_FOUNDRY`), as the GM sees it: while the winner spends his stars or picks a zone, the
 * card waits as it does in Foundry; once resolved it shows stars, zone die, location, impact,
 * injury and shock.
 */
import Handlebars from "handlebars";
import exchangeHbs from "../../../templates/chat/exchange.hbs?raw";
import resultHbs from "../../../templates/chat/hmzd/result.hbs?raw";
import type { ExchangeCard } from "../../core/flow";
import { EXCHANGE_TEMPLATE, exchangeCardContext } from "../../foundry/chat/card-context";
import { localizeTree } from "../../foundry/chat/text";
import { HMZD_FOUNDRY } from "../../foundry/rulesets/hmzd";
import { HMZD_RESULT_TEMPLATE } from "../../foundry/rulesets/hmzd/card";
import { PARTIAL_HELPER, partialHelper } from "../../foundry/sheets/common";
import { foundryHelpers, RUNTIME_OPTIONS } from "../handlebars";
import { format, i18n, localize } from "../page";
import { Z } from "./hmzd-labels";

const hb = Handlebars.create();
hb.registerHelper(foundryHelpers(i18n));
hb.registerHelper(PARTIAL_HELPER, partialHelper(hb));
hb.registerPartial(HMZD_RESULT_TEMPLATE, hb.compile(resultHbs));
hb.registerPartial(EXCHANGE_TEMPLATE, hb.compile(exchangeHbs));
const exchangeTemplate = hb.compile(exchangeHbs);

/** The GM on the workbench: he owns both sides and sees every target. */
const VIEWER = Object.freeze({
  userId: "workbench",
  isGM: true,
  owns: Object.freeze({ attacker: true, defender: true }),
  gmOnline: true,
  showDefenceTargets: true,
});

/**
 * The exchange card as the GM sees it in Foundry; its status line says the workbench applies
 * nothing (each exchange starts from the figures on the page).
 */
export function hmzdCardHtml(card: ExchangeCard): string {
  const view = exchangeCardContext(card, VIEWER, HMZD_FOUNDRY, {
    applyMode: "report",
    authorIsGM: true,
    resolvedKey: Z.resolved,
  });
  return exchangeTemplate(localizeTree(view, localize, format) as object, RUNTIME_OPTIONS);
}
