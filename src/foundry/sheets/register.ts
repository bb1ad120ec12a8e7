/**
 * Registers the system's sheets at `init`: the actor sheets (character, creature) here, the
 * item sheets through `registerItemSheets`, the partials the sheets include and the helper
 * that includes them. The core (AppV1) actor sheet is unregistered for the system's actor
 * types, as v13 systems do, so it is not offered for documents it cannot show.
 */
import { CharacterSheet, CreatureSheet, PARTIAL_TEMPLATES } from "./actor/actor-sheet";
import { handlebarsApi, PARTIAL_HELPER, partialHelper } from "./common";
import { registerItemSheets } from "./item/register";

export const CHARACTER_SHEET_LABEL = "BLOWBYBLOW.ActorSheet.Label.character";
export const CREATURE_SHEET_LABEL = "BLOWBYBLOW.ActorSheet.Label.creature";

/** The system's actor types. */
export const ACTOR_TYPES = ["character", "creature"] as const;

/** The v13 `DocumentSheetConfig` statics, as far as this module calls them. */
interface SheetConfig {
  registerSheet(
    documentClass: typeof Actor,
    scope: string,
    sheetClass: typeof CharacterSheet,
    config: { types: string[]; makeDefault: boolean; label: string },
  ): void;
  unregisterSheet(
    documentClass: typeof Actor,
    scope: string,
    sheetClass: unknown,
    config: { types: string[] },
  ): void;
}

/** v13's core actor sheet (`foundry.appv1.sheets.ActorSheet`, registered by core as "core"). */
function coreActorSheet(): unknown {
  return (foundry as unknown as { appv1?: { sheets?: { ActorSheet?: unknown } } }).appv1?.sheets
    ?.ActorSheet;
}

/** Registers every sheet of the system; returns once the partials are loaded. */
export async function registerSheets(): Promise<void> {
  // fvtt-types 13.340.1 declares v13's foundry.applications.apps.DocumentSheetConfig as a stub
  // without its static registerSheet.
  const config = foundry.applications.apps.DocumentSheetConfig as unknown as SheetConfig;
  const core = coreActorSheet();
  if (core) config.unregisterSheet(Actor, "core", core, { types: [...ACTOR_TYPES] });
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
