/**
 * The HM3 sheets (`RulesetSheets`): the character and creature sheets and the item sheet,
 * registered at `init` by the generic src/foundry/sheets/register.ts through the sheet registry
 * (src/foundry/rulesets/sheets.ts), and the partials they include.
 */
import type { RulesetSheets } from "../../contract";
import { CharacterSheet, CreatureSheet, PARTIAL_TEMPLATES } from "./actor/actor-sheet";
import { registerItemSheets } from "./item/register";

export const CHARACTER_SHEET_LABEL = "BLOWBYBLOW.ActorSheet.Label.character";
export const CREATURE_SHEET_LABEL = "BLOWBYBLOW.ActorSheet.Label.creature";

export const HM3_SHEETS: RulesetSheets = Object.freeze({
  register(makeDefault: boolean): void {
    const config = foundry.applications.apps.DocumentSheetConfig;
    config.registerSheet(Actor, "blow-by-blow", CharacterSheet, {
      types: ["character"],
      makeDefault,
      label: CHARACTER_SHEET_LABEL,
    });
    config.registerSheet(Actor, "blow-by-blow", CreatureSheet, {
      types: ["creature"],
      makeDefault,
      label: CREATURE_SHEET_LABEL,
    });
    registerItemSheets(makeDefault);
  },
  partials: PARTIAL_TEMPLATES,
});
