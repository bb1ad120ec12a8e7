/**
 * The sheet registry: each registered ruleset's sheets (`RulesetSheets`, ./contract.ts). Apart
 * from the registry of ./index.ts because a sheet class extends Foundry's ApplicationV2 classes
 * as its module loads, and ./index.ts is also read without Foundry (CLI, packs, workbench).
 * With ./index.ts, the one generic module that imports the rulesets' folders.
 */
import type { RulesetId } from "../../core/ruleset";
import type { RulesetSheets } from "./contract";
import { HM3_SHEETS } from "./hm3/sheets/register";
import { M2M_SHEETS } from "./m2m/sheets/register";
import { HMZD_SHEETS } from "./hmzd/sheets/register";

export const RULESET_SHEETS: Readonly<Partial<Record<RulesetId, RulesetSheets>>> = Object.freeze({
  hm3: HM3_SHEETS,
  m2m: M2M_SHEETS,
  hmzd: HMZD_SHEETS,
});
