/**
 * Registers the item sheet as the default sheet of the six system item types. Called from
 * src/foundry/sheets/register.ts at `init`. Unregisters nothing: the core sheets stay
 * available in the sheet configuration.
 */
import { Hm3ItemSheet } from "./item-sheet";
import { ITEM_TYPES } from "./labels";

export const ITEM_SHEET_LABEL = "BLOWBYBLOW.ItemSheet.Label";

/** The v13 `DocumentSheetConfig.registerSheet` (static), as far as this module calls it. */
interface SheetConfig {
  registerSheet(
    documentClass: typeof Item,
    scope: string,
    sheetClass: typeof Hm3ItemSheet,
    config: { types: string[]; makeDefault: boolean; label: string },
  ): void;
}

export function registerItemSheets(): void {
  // fvtt-types 13.340.1 declares v13's foundry.applications.apps.DocumentSheetConfig as a stub
  // without its static registerSheet (the global v1 class has it, deprecated in v13).
  const config = foundry.applications.apps.DocumentSheetConfig as unknown as SheetConfig;
  config.registerSheet(Item, "blow-by-blow", Hm3ItemSheet, {
    types: [...ITEM_TYPES],
    makeDefault: true,
    label: ITEM_SHEET_LABEL,
  });
}
