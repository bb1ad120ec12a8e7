/**
 * The zone-die sheets (`RulesetSheets`): the HM3 character and creature sheets with the "Zone
 * die" tab (./actor-sheet.ts), registered at `init` by src/foundry/sheets/register.ts through the
 * sheet registry (src/foundry/rulesets/sheets.ts); the default actor sheets when hmzd is the
 * world's ruleset. Items open in the HM3 item sheet (registered by HM3_SHEETS), whose GM view
 * lists the item's other rulesets' blocks, the hmzd block among them (templates/item/others.hbs);
 * the hmzd item parts (templates/hmzd/item) are not yet in an item sheet class.
 */
import type { RulesetSheets } from "../../contract";
import { HmzdCharacterSheet, HmzdCreatureSheet, HMZD_ACTOR_TEMPLATE } from "./actor-sheet";

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
  },
  partials: [HMZD_ACTOR_TEMPLATE],
});
