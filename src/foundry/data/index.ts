/**
 * The system's data models, registered in `CONFIG.<Document>.dataModels` by
 * `registerDataModels()` (call it in the `init` hook), and their types for fvtt-types.
 */
import { CharacterData } from "./actor/character";
import { CreatureData } from "./actor/creature";
import { ExchangeData } from "./chat-message/exchange";
import { CombatantData } from "./combatant/base";
import {
  ArmourData,
  GearData,
  InjuryData,
  MissileData,
  SkillData,
  WeaponData,
} from "./item/models";

export { CharacterData, CreatureData, ExchangeData, CombatantData };
export { ArmourData, GearData, InjuryData, MissileData, SkillData, WeaponData };

/** Every data model by document and subtype. */
export const DATA_MODELS = Object.freeze({
  Actor: Object.freeze({ character: CharacterData, creature: CreatureData }),
  Item: Object.freeze({
    weapon: WeaponData,
    missile: MissileData,
    armour: ArmourData,
    skill: SkillData,
    injury: InjuryData,
    gear: GearData,
  }),
  ChatMessage: Object.freeze({ exchange: ExchangeData }),
  Combatant: Object.freeze({ base: CombatantData }),
});

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: { character: typeof CharacterData; creature: typeof CreatureData };
    Item: {
      weapon: typeof WeaponData;
      missile: typeof MissileData;
      armour: typeof ArmourData;
      skill: typeof SkillData;
      injury: typeof InjuryData;
      gear: typeof GearData;
    };
    ChatMessage: { exchange: typeof ExchangeData };
    Combatant: { base: typeof CombatantData };
  }
}

/** Puts every data model into `CONFIG.<Document>.dataModels`. */
export function registerDataModels(): void {
  Object.assign(CONFIG.Actor.dataModels, DATA_MODELS.Actor);
  Object.assign(CONFIG.Item.dataModels, DATA_MODELS.Item);
  Object.assign(CONFIG.ChatMessage.dataModels, DATA_MODELS.ChatMessage);
  Object.assign(CONFIG.Combatant.dataModels, DATA_MODELS.Combatant);
}
