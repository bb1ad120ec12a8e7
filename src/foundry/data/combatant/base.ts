/** Combatant `base`: per-turn state the combat issue needs (tactical advantages taken this turn). */
import { int, text } from "../fields";
import { BOUNDS } from "../rules";
import { PREFIXES } from "../prefixes";
import { guardCreate, guardSystem } from "../guard";

function combatantSchema() {
  return { advantages: int(BOUNDS.advantages), turnKey: text("", true) };
}
export type CombatantSchema = ReturnType<typeof combatantSchema>;

export class CombatantData extends foundry.abstract.TypeDataModel<
  CombatantSchema,
  Combatant.Stored
> {
  static override defineSchema(): CombatantSchema {
    return combatantSchema();
  }
  static override LOCALIZATION_PREFIXES = [PREFIXES.combatant];

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    data: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardCreate(this as never, "Combatant.base", data);
    return super._preCreate(data as never, options as never, user as never);
  }

  protected override async _preUpdate(
    changes: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardSystem("Combatant.base", changes);
    return super._preUpdate(changes as never, options as never, user as never);
  }
}
