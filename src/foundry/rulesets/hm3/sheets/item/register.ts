/**
 * Registers the HM3 item sheet for the six system item types (the default sheet when HM3 is the
 * world's ruleset). Called from ../register.ts at `init`. The core (AppV1) item sheet is unregistered for
 * these types, as v13 systems do.
 */
import { Hm3ItemSheet } from "./item-sheet";
import { ITEM_TYPES } from "./labels";

export const ITEM_SHEET_LABEL = "BLOWBYBLOW.ItemSheet.Label";

/** v13's core item sheet (`foundry.appv1.sheets.ItemSheet`, registered by core as "core"). */
function coreItemSheet() {
  return foundry.appv1?.sheets?.ItemSheet;
}

/** `makeDefault`: HM3 is the world's ruleset (the sheet opens by default). */
export function registerItemSheets(makeDefault = true): void {
  const config = foundry.applications.apps.DocumentSheetConfig;
  const core = coreItemSheet();
  if (core) config.unregisterSheet(Item, "core", core, { types: [...ITEM_TYPES] });
  config.registerSheet(Item, "blow-by-blow", Hm3ItemSheet, {
    types: [...ITEM_TYPES],
    makeDefault,
    label: ITEM_SHEET_LABEL,
  });
}
