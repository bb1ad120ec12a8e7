/**
 * ChatMessage `exchange`: one combat exchange card. The combat issue drives its state; the
 * declaration, choices and result are the ruleset's plain JSON data (src/core/ruleset.ts).
 */
import { EXCHANGE_STATES } from "../source";
import { combatantRef, choice, int, json, text } from "../fields";
import { BOUNDS } from "../rules";
import { PREFIXES } from "../prefixes";
import { guardCreate, guardSystem } from "../guard";

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

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    data: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardCreate(this as never, "ChatMessage.exchange", data);
    return super._preCreate(data as never, options as never, user as never);
  }

  protected override async _preUpdate(
    changes: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardSystem("ChatMessage.exchange", changes);
    return super._preUpdate(changes as never, options as never, user as never);
  }
}
