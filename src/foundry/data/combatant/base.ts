/** Combatant `base`: per-turn state the combat issue needs (tactical advantages taken this turn). */
import { int, text } from "../fields";
import { BOUNDS } from "../rules";
import { PREFIXES } from "../prefixes";

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
}
