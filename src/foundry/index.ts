/**
 * Entry point of the Foundry adapter (bundled to dist/blow-by-blow.mjs). At `init` it registers
 * the world's ruleset setting, the data models of every document type, the status effects, the
 * sheets and the schema-version setting; at `ready` the GM's client migrates older world data.
 * The rules engine is exposed on `game.blowByBlow`.
 */
import { implementedRulesets, RULESETS } from "../rules";
import { registerStatusEffects } from "./config";
import { registerDataModels } from "./data";
import { migrateWorld, registerMigrationSettings } from "./migrations/world";
import { registerSheets } from "./sheets/register";

export const SYSTEM_ID = "blow-by-blow";

/** What the system exposes to macros and modules as `game.blowByBlow`. */
export interface BlowByBlowApi {
  rulesets: typeof RULESETS;
}

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "blow-by-blow.ruleset": string;
  }
}

declare global {
  interface Game {
    blowByBlow: BlowByBlowApi;
  }
}

Hooks.once("init", () => {
  const choices: Record<string, string> = {};
  for (const id of implementedRulesets()) choices[id] = `BLOWBYBLOW.Ruleset.${id}`;

  const settings = game.settings;
  if (!settings) throw new Error("Blow by Blow: game.settings is missing at init.");
  settings.register(SYSTEM_ID, "ruleset", {
    name: "BLOWBYBLOW.Settings.Ruleset.Name",
    hint: "BLOWBYBLOW.Settings.Ruleset.Hint",
    scope: "world",
    config: true,
    type: String,
    choices,
    default: "hm3",
    requiresReload: true,
  });

  registerDataModels();
  registerStatusEffects();
  registerMigrationSettings();
  void registerSheets();

  game.blowByBlow = { rulesets: RULESETS };
});

Hooks.once("ready", () => {
  // Does nothing unless this client is the active GM and the world's data is older.
  void migrateWorld();
});
