/**
 * Entry point of the Foundry adapter (bundled to dist/blow-by-blow.mjs). For now it registers
 * the world's ruleset setting and exposes the rules engine on `game.blowByBlow`.
 */
import { implementedRulesets, RULESETS } from "../rules";

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

  game.blowByBlow = { rulesets: RULESETS };
});
