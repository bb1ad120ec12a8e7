/**
 * ChatMessage `exchange`: one combat exchange card. The combat issue drives its state; the
 * declaration, choices and result are the ruleset's plain JSON data (src/core/ruleset.ts).
 */
import { EXCHANGE_STATES } from "../source";
import { combatantRef, choice, int, json, text } from "../fields";
import { BOUNDS } from "../rules";
import { PREFIXES } from "../prefixes";

function exchangeSchema() {
  return {
    ruleset: text("hm3", false),
    state: choice(EXCHANGE_STATES, "declared"),
    revision: int(BOUNDS.revision),
    attacker: combatantRef(),
    defender: combatantRef(),
    declaration: json(),
    choices: json(),
    result: json(),
  };
}
export type ExchangeSchema = ReturnType<typeof exchangeSchema>;

export class ExchangeData extends foundry.abstract.TypeDataModel<
  ExchangeSchema,
  ChatMessage.Stored
> {
  static override defineSchema(): ExchangeSchema {
    return exchangeSchema();
  }
  static override LOCALIZATION_PREFIXES = [PREFIXES.exchange];
}
