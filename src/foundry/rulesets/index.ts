/**
 * The rulesets the Foundry adapter can play: for each, the core ruleset (src/rules), its pure
 * combat functions (`CombatRules`, src/core/combat.ts) and its chat card partial. The combat
 * flow (src/foundry/combat) and the chat cards (src/foundry/chat) look the world's ruleset up
 * here and never import a ruleset's own module. Only a ruleset listed here can be chosen in
 * the world settings (`Object.keys(FOUNDRY_RULESETS)`); what is particular to a ruleset's
 * Foundry side (its card partial, how its result names a strike's victim) sits in its folder
 * (`./hm3`).
 */
import type { CombatRules } from "../../core/combat";
import type { ExchangeCard } from "../../core/flow";
import type { ExchangeRecord, RulesetId, Side } from "../../core/ruleset";
import type { AnyRuleset } from "../../rules";
import { HM3_FOUNDRY } from "./hm3";

/** Who is looking at a card (for the card's view model): computed on each client as it renders. */
export interface CardViewer {
  userId: string;
  isGM: boolean;
  owns: Record<Side, boolean>;
  gmOnline: boolean;
  showDefenceTargets: boolean;
}

export interface FoundryRuleset {
  id: RulesetId;
  ruleset: AnyRuleset;
  combat: CombatRules;
  /** The ruleset's card partial (a template path) and its pure view-model builder. */
  card: {
    resultTemplate: string;
    resultContext(card: ExchangeCard, viewer: CardViewer): Record<string, unknown>;
  };
  /**
   * Where the ruleset leaves amputation to the GM (HM3, ruling R30): the side that strike
   * `strike` of a result struck and that an amputation may now befall, or null when that strike
   * calls for no amputation decision. Absent: the ruleset has no such decision.
   */
  amputationVictim?(result: ExchangeRecord, strike: number): Side | null;
  /**
   * The lang key of each roll name the ruleset's exchanges make (`RollRecord.name`), for the
   * card's list of dice and who rolled them. A roll without one is shown as "another roll",
   * never by its raw name.
   */
  rollLabels: Readonly<Record<string, string>>;
}

export const FOUNDRY_RULESETS: Readonly<Partial<Record<RulesetId, FoundryRuleset>>> = Object.freeze(
  { hm3: HM3_FOUNDRY },
);

/** The Foundry entry of a ruleset id, or undefined when the adapter cannot play it. */
export function foundryRuleset(id: string): FoundryRuleset | undefined {
  if (!Object.prototype.hasOwnProperty.call(FOUNDRY_RULESETS, id)) return undefined;
  return (FOUNDRY_RULESETS as Record<string, FoundryRuleset>)[id];
}

/** The world's ruleset (setting `blow-by-blow.ruleset`); throws a localised error if unknown. */
export function worldRuleset(): FoundryRuleset {
  const g = game;
  const id = String(g.settings?.get("blow-by-blow", "ruleset") ?? "");
  const found = foundryRuleset(id);
  if (found) return found;
  const message =
    g.i18n?.format("BLOWBYBLOW.Combat.Error.unknownRuleset", { ruleset: id }) ??
    `Blow by Blow cannot play the ruleset "${id}" in Foundry.`;
  throw new Error(message);
}
