/**
 * The GURPS Man to Man sheets (`RulesetSheets`): one actor sheet for characters and creatures
 * and the item sheet of weapons, missile weapons and armour, registered at `init` by the generic
 * src/foundry/sheets/register.ts through the sheet registry (src/foundry/rulesets/sheets.ts);
 * the default sheets when GURPS Man to Man is the world's ruleset.
 */
import type { RulesetSheets } from "../../contract";
import { M2M_ITEM_TYPES } from "../item-data";
import { M2mActorSheet } from "./actor/actor-sheet";
import { M2mItemSheet } from "./item/item-sheet";
import { TEXT } from "./labels";

export const M2M_SHEETS: RulesetSheets = Object.freeze({
  register(makeDefault: boolean): void {
    const config = foundry.applications.apps.DocumentSheetConfig;
    config.registerSheet(Actor, "blow-by-blow", M2mActorSheet, {
      types: ["character"],
      makeDefault,
      label: TEXT.characterSheet,
    });
    config.registerSheet(Actor, "blow-by-blow", M2mActorSheet, {
      types: ["creature"],
      makeDefault,
      label: TEXT.creatureSheet,
    });
    config.registerSheet(Item, "blow-by-blow", M2mItemSheet, {
      types: [...M2M_ITEM_TYPES],
      makeDefault,
      label: TEXT.itemSheet,
    });
  },
  partials: [],
});
