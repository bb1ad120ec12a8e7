/**
 * Entry point of the Foundry adapter (bundled to dist/blow-by-blow.mjs). At `init` it registers
 * the world settings (ruleset, combat options: combat/settings.ts), the data models of every
 * document type, the status effects, the schema-version setting, the sheets, the combat flow
 * (GM-side query handlers and hooks), the exchange chat cards, the Token HUD attack button, the
 * hotbar attack macros, the combat tracker (Combat and Combatant document classes) and, when the
 * Quench module is active, the in-Foundry test batches (quench/); at
 * `ready` the GM's client migrates older world data. The rules engine and the attack entry
 * points are exposed on `game.blowByBlow`.
 */
import { RULESETS } from "../rules";
import { registerChatCards } from "./chat/render";
import { attack } from "./combat/actions";
import { registerTokenHud } from "./combat/hud";
import { attackWithItem, registerHotbarDrop } from "./combat/macro";
import { chooseManeuver, registerManeuverPrompt } from "./combat/maneuver-action";
import { registerFlowHooks } from "./combat/flow-hooks";
import { registerQueries } from "./combat/queries";
import { registerCombatSettings } from "./combat/settings";
import { registerTracker } from "./combat/tracker";
import { registerStatusEffects } from "./config";
import { registerDataModels } from "./data";
import { registerImportCheck } from "./data/import-check";
import { migrateWorld, registerMigrationSettings } from "./migrations/world";
import { registerQuench } from "./quench";
import { rulesetAction } from "./rulesets";
import { registerSheets } from "./sheets/register";

export const SYSTEM_ID = "blow-by-blow";

/** What the system exposes to macros and modules as `game.blowByBlow`. */
export interface BlowByBlowApi {
  rulesets: typeof RULESETS;
  /** Attack from an actor (or its token) at the user's targeted token: opens the attack dialog. */
  attack: typeof attack;
  /** What a hotbar attack macro runs: attack with the item of that UUID. */
  attackWithItem: typeof attackWithItem;
  /** Opens the maneuver dialog for a combatant whose turn it is (rulesets with maneuvers). */
  chooseManeuver: typeof chooseManeuver;
  /** Runs the world ruleset's own action (HM3 with HârnMaster Gold: `disengage`). */
  rulesetAction: typeof rulesetAction;
}

declare global {
  interface Game {
    blowByBlow: BlowByBlowApi;
  }
}

declare module "fvtt-types/configuration" {
  /**
   * `game` as it is once Foundry is ready (fvtt-types' switch): the system reads `game.user`,
   * `game.users`, `game.messages`… from hooks, sheets, cards and queries, which run after
   * `ready`; at `init` it only registers settings, models and hooks.
   */
  interface AssumeHookRan {
    ready: never;
  }
}

Hooks.once("init", () => {
  registerCombatSettings();
  registerDataModels();
  registerImportCheck();
  registerStatusEffects();
  registerMigrationSettings();
  void registerSheets();
  registerQueries();
  registerFlowHooks();
  registerChatCards();
  registerTokenHud();
  registerHotbarDrop();
  registerTracker();
  registerManeuverPrompt();
  // In-Foundry tests (docs/testing.md): registered only when the Quench module is active.
  registerQuench();

  game.blowByBlow = { rulesets: RULESETS, attack, attackWithItem, chooseManeuver, rulesetAction };
});

Hooks.once("ready", () => {
  // Does nothing unless this client is the active GM and the world's data is older.
  void migrateWorld();
});
