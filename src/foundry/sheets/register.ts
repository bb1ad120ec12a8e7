/**
 * Registers the system's sheets at `init`: every ruleset's actor and item sheets (the sheet
 * registry, src/foundry/rulesets/sheets.ts; the world's ruleset's open by default), the
 * partials the sheets include and the helper that includes them. The core (AppV1) actor sheet
 * is unregistered for the system's actor types, as v13 systems do, so it is not offered for
 * documents it cannot show.
 */
import { activeRuleset } from "../rulesets";
import { RULESET_SHEETS } from "../rulesets/sheets";
import { handlebarsApi, PARTIAL_HELPER, partialHelper } from "./common";

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
  const world = activeRuleset().id;
  const partials: string[] = [];
  for (const [id, sheets] of Object.entries(RULESET_SHEETS)) {
    if (!sheets) continue;
    sheets.register(id === world);
    partials.push(...sheets.partials);
  }
  Handlebars.registerHelper(PARTIAL_HELPER, partialHelper(Handlebars));
  await handlebarsApi().loadTemplates(partials);
}
