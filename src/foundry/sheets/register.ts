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

/** v13's core actor sheet (`foundry.appv1.sheets.ActorSheet`, registered by core as "core"). */
function coreActorSheet() {
  return foundry.appv1?.sheets?.ActorSheet;
}

/** Registers every sheet of the system; returns once the partials are loaded. */
export async function registerSheets(): Promise<void> {
  const config = foundry.applications.apps.DocumentSheetConfig;
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
