/**
 * A choice the ruleset marks as taken without a prompt (`PendingChoice.automatic`: an object
 * can only Ignore, HârnMaster Gold brute force, ruling G70): the active GM's client makes it
 * itself as soon as the card awaits it and waits for no approval, rolling every die of the step
 * as a GM's choice does (`chosenCard`: checked by the core and the ruleset's builder). Only the
 * GM's client writes the card; a player's client never makes this choice.
 */
import type { ChoiceRequest } from "../../core/combat";
import { replayExchange, rollOwnSide, type ExchangeCard } from "../../core/flow";
import type { FightingRuleset } from "../rulesets";
import { foundryRoll } from "./dice";
import { actorOf, exchangeBuild, g, pendingApproval, requireGMClient } from "./query-common";
import { fighterSnapshot } from "./snapshot";
import { chosenCard } from "./steps";

/**
 * `card` (not yet written) with its automatic choice made, or `card` itself when it awaits no
 * automatic choice (resolved, waiting for the GM's approval, or a prompt the chooser answers).
 */
export async function withAutomaticChoice(
  fr: FightingRuleset,
  card: ExchangeCard,
): Promise<ExchangeCard> {
  if (card.state !== "awaitingDefence" || pendingApproval(card)) return card;
  const { state, pending } = replayExchange(fr.ruleset, card);
  const optionId = pending?.automatic;
  if (!pending || optionId === undefined) return card;
  if (!pending.options.some((o) => o.id === optionId && !o.unavailableKey)) return card;
  requireGMClient();
  const chooser = fighterSnapshot(await actorOf(card, pending.by));
  const request: ChoiceRequest = { optionId, itemId: null, mode: null, aim: null, custom: [] };
  const value = fr.combat.buildChoice(pending, exchangeBuild(card), chooser, request);
  const choice = fr.ruleset.parseChoice(state, value);
  const rolls = await rollOwnSide(
    fr.ruleset,
    pending.by,
    true,
    (dice) => fr.ruleset.choose(state, choice, dice),
    foundryRoll,
  );
  return chosenCard(fr, card, g().user, {
    revision: card.revision,
    kind: pending.kind,
    value,
    request,
    rolls,
  });
}
