/**
 * Registers the item sheet as the default sheet of the six system item types. Called from
 * src/foundry/sheets/register.ts at `init`. The core (AppV1) item sheet is unregistered for
 * these types, as v13 systems do.
 */
import { Hm3ItemSheet } from "./item-sheet";
import { ITEM_TYPES } from "./labels";

export const ITEM_SHEET_LABEL = "BLOWBYBLOW.ItemSheet.Label";

/** The v13 `DocumentSheetConfig` statics, as far as this module calls them. */
interface SheetConfig {
  registerSheet(
    documentClass: typeof Item,
    scope: string,
    sheetClass: typeof Hm3ItemSheet,
    config: { types: string[]; makeDefault: boolean; label: string },
  ): void;
  unregisterSheet(
    documentClass: typeof Item,
    scope: string,
    sheetClass: unknown,
    config: { types: string[] },
  ): void;
}

/** v13's core item sheet (`foundry.appv1.sheets.ItemSheet`, registered by core as "core"). */
function coreItemSheet(): unknown {
  return (foundry as unknown as { appv1?: { sheets?: { ItemSheet?: unknown } } }).appv1?.sheets
    ?.ItemSheet;
}

export function registerItemSheets(): void {
  // fvtt-types 13.340.1 declares v13's foundry.applications.apps.DocumentSheetConfig as a stub
  // without its static registerSheet (the global v1 class has it, deprecated in v13).
  const config = foundry.applications.apps.DocumentSheetConfig as unknown as SheetConfig;
  const core = coreItemSheet();
  if (core) config.unregisterSheet(Item, "core", core, { types: [...ITEM_TYPES] });
  config.registerSheet(Item, "blow-by-blow", Hm3ItemSheet, {
    types: [...ITEM_TYPES],
    makeDefault: true,
    label: ITEM_SHEET_LABEL,
  });
}
