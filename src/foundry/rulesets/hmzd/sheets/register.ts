/**
 * The zone-die sheets (`RulesetSheets`): the HM3 character and creature sheets with the "Zone
 * die" tab (./actor-sheet.ts), registered at `init` by src/foundry/sheets/register.ts through the
 * sheet registry (src/foundry/rulesets/sheets.ts); the default actor sheets when hmzd is the
 * world's ruleset; and the zone-die item sheet (./item-sheet.ts) of every HM3 item type: the HM3
 * item sheet with the zone-die part of a weapon, missile or injury (templates/hmzd/item).
 */
import type { RulesetSheets } from "../../contract";
import { ITEM_TYPES } from "../../hm3/sheets/item/labels";
import { HmzdCharacterSheet, HmzdCreatureSheet, HMZD_ACTOR_TEMPLATE } from "./actor-sheet";
import { HmzdItemSheet } from "./item-sheet";

export const HMZD_SHEETS: RulesetSheets = Object.freeze({
  register(makeDefault: boolean): void {
    const config = foundry.applications.apps.DocumentSheetConfig;
    config.registerSheet(Actor, "blow-by-blow", HmzdCharacterSheet, {
      types: ["character"],
      makeDefault,
      label: "BLOWBYBLOW.HMZD.Sheet.characterSheet",
    });
    config.registerSheet(Actor, "blow-by-blow", HmzdCreatureSheet, {
      types: ["creature"],
      makeDefault,
      label: "BLOWBYBLOW.HMZD.Sheet.creatureSheet",
    });
    config.registerSheet(Item, "blow-by-blow", HmzdItemSheet, {
      types: [...ITEM_TYPES],
      makeDefault,
      label: "BLOWBYBLOW.HMZD.Sheet.itemSheet",
    });
  },
  partials: [HMZD_ACTOR_TEMPLATE],
});
