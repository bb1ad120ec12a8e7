/**
 * Registers the system's sheets at `init`: the actor sheets (character, creature) here, the
 * item sheets through `registerItemSheets`, the partials the sheets include and the helper
 * that includes them. The core sheets stay available in the sheet configuration.
 */
import { CharacterSheet, CreatureSheet, PARTIAL_TEMPLATES } from "./actor/actor-sheet";
import { handlebarsApi, PARTIAL_HELPER, partialHelper } from "./common";
import { registerItemSheets } from "./item/register";

export const CHARACTER_SHEET_LABEL = "BLOWBYBLOW.ActorSheet.Label.character";
export const CREATURE_SHEET_LABEL = "BLOWBYBLOW.ActorSheet.Label.creature";

/** The v13 `DocumentSheetConfig.registerSheet` (static), as far as this module calls it. */
interface SheetConfig {
  registerSheet(
    documentClass: typeof Actor,
    scope: string,
    sheetClass: typeof CharacterSheet,
    config: { types: string[]; makeDefault: boolean; label: string },
  ): void;
}

/** Registers every sheet of the system; returns once the partials are loaded. */
export async function registerSheets(): Promise<void> {
  // fvtt-types 13.340.1 declares v13's foundry.applications.apps.DocumentSheetConfig as a stub
  // without its static registerSheet.
  const config = foundry.applications.apps.DocumentSheetConfig as unknown as SheetConfig;
  config.registerSheet(Actor, "blow-by-blow", CharacterSheet, {
    types: ["character"],
    makeDefault: true,
    label: CHARACTER_SHEET_LABEL,
  });
  config.registerSheet(Actor, "blow-by-blow", CreatureSheet, {
    types: ["creature"],
    makeDefault: true,
    label: CREATURE_SHEET_LABEL,
  });
  registerItemSheets();
  Handlebars.registerHelper(PARTIAL_HELPER, partialHelper(Handlebars));
  await handlebarsApi().loadTemplates(PARTIAL_TEMPLATES);
}
