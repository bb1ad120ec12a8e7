/**
 * Registers the item sheet as the default sheet of the six system item types. Called from
 * src/foundry/sheets/register.ts at `init`. The core (AppV1) item sheet is unregistered for
 * these types, as v13 systems do.
 */
import { Hm3ItemSheet } from "./item-sheet";
import { ITEM_TYPES } from "./labels";

export const ITEM_SHEET_LABEL = "BLOWBYBLOW.ItemSheet.Label";

/** v13's core item sheet (`foundry.appv1.sheets.ItemSheet`, registered by core as "core"). */
function coreItemSheet() {
  return foundry.appv1?.sheets?.ItemSheet;
}

export function registerItemSheets(): void {
  const config = foundry.applications.apps.DocumentSheetConfig;
  const core = coreItemSheet();
  if (core) config.unregisterSheet(Item, "core", core, { types: [...ITEM_TYPES] });
  config.registerSheet(Item, "blow-by-blow", Hm3ItemSheet, {
    types: [...ITEM_TYPES],
    makeDefault: true,
    label: ITEM_SHEET_LABEL,
  });
}
