/** Combatant `base`: per-turn state the combat issue needs (tactical advantages taken this turn). */
import { int, text } from "../fields";
import { GENERIC_BOUNDS as BOUNDS } from "../rule-kinds";
import { PREFIXES } from "../prefixes";
import { guardCreate, guardSystem, type PreCreateArgs, type PreUpdateArgs } from "../guard";

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
    ...args: PreCreateArgs<CombatantSchema, Combatant.Stored>
  ): Promise<boolean | void> {
    guardCreate(this, "Combatant.base", args[0]);
    return super._preCreate(...args);
  }

  protected override async _preUpdate(
    ...args: PreUpdateArgs<CombatantSchema, Combatant.Stored>
  ): Promise<boolean | void> {
    guardSystem("Combatant.base", args[0]);
    return super._preUpdate(...args);
  }
}
