/**
 * The adapter's entry point wired together: importing src/foundry/index.ts and firing Foundry's
 * `init` hook (stand-ins, docs/foundry-stand-ins.md) registers the world settings (ruleset,
 * apply mode, defence targets, every playable ruleset's optional rules), the data model of
 * every document type of system.json, the status effects, the schema-version setting, the
 * sheets, the combat flow's queries and hooks, the chat cards, the Token HUD button, the hotbar
 * macros and the combat tracker, and exposes the rules engine and the attack entry points on
 * `game.blowByBlow`.
 */
import { readFileSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import { resetStandIns, standIns } from "./stand-ins/globals";
import { DocumentSheetConfig } from "./stand-ins/applications";
import "./stand-ins";
import { combatSettings } from "../../src/foundry/combat/settings";
import { QUERY, QUERY_HANDLERS } from "../../src/foundry/combat/queries";
import { attack } from "../../src/foundry/combat/actions";
import { attackWithItem } from "../../src/foundry/combat/macro";
import { trackerDocumentClasses } from "../../src/foundry/combat/tracker";

const manifest = JSON.parse(
  readFileSync(new URL("../../system.json", import.meta.url), "utf8"),
) as {
  documentTypes: Record<string, Record<string, object>>;
};

beforeAll(async () => {
  resetStandIns();
  await import("../../src/foundry/index");
  standIns.Hooks.callAll("init");
  // registerSheets and registerChatCards load their templates asynchronously.
  await new Promise((resolve) => setTimeout(resolve, 50));
});

it("registers a data model for every document type of system.json, and Combatant base", () => {
  const config = standIns.CONFIG as unknown as Record<
    string,
    { dataModels: Record<string, unknown> }
  >;
  for (const [documentName, types] of Object.entries(manifest.documentTypes)) {
    for (const type of Object.keys(types))
      expect(typeof config[documentName]!.dataModels[type], `${documentName}.${type}`).toBe(
        "function",
      );
  }
  expect(typeof config.Combatant!.dataModels.base).toBe("function");
});

it("registers every combat setting with its default and choices, and the schema version", () => {
  const registered = standIns.game.settings.settings;
  const expected = combatSettings();
  expect(expected.map((s) => s.key)).toEqual(
    expect.arrayContaining(["ruleset", "applyMode", "showDefenceTargets", "hm3.killRoll"]),
  );
  for (const s of expected) {
    const entry = registered.get(`blow-by-blow.${s.key}`);
    expect(entry, s.key).toBeDefined();
    expect(entry!.default, s.key).toBe(s.default);
    expect(entry!.choices, s.key).toEqual(s.choices);
    expect(entry!.scope, s.key).toBe("world");
  }
  expect(standIns.game.settings.get("blow-by-blow", "ruleset")).toBe("hm3");
  expect(registered.get("blow-by-blow.ruleset")!.choices).toEqual({
    hm3: "BLOWBYBLOW.Ruleset.hm3",
    m2m: "BLOWBYBLOW.Ruleset.m2m",
    hmzd: "BLOWBYBLOW.Ruleset.hmzd",
  });
  expect(registered.get("blow-by-blow.ruleset")!.requiresReload).toBe(true);
  expect(standIns.game.settings.get("blow-by-blow", "applyMode")).toBe("ask");
  expect(standIns.game.settings.get("blow-by-blow", "showDefenceTargets")).toBe(false);
  expect(typeof standIns.game.settings.get("blow-by-blow", "schemaVersion")).toBe("number");
});

it("puts the system's conditions into the status effects", () => {
  const ids = standIns.CONFIG.statusEffects.map((e) => e.id);
  expect(ids).toContain("shock");
  expect(ids).toContain("prone");
});

it("registers a sheet for both actor types and all six item types", () => {
  const types = DocumentSheetConfig.registrations.flatMap((r) => r.config.types ?? []);
  for (const type of [
    ...Object.keys(manifest.documentTypes.Actor!),
    ...Object.keys(manifest.documentTypes.Item!),
  ])
    expect(types, type).toContain(type);
});

it("registers the flow's query handlers under the system's prefixed names", () => {
  const queries = (standIns.CONFIG as unknown as { queries: Record<string, unknown> }).queries;
  const names = Object.values(QUERY);
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    expect(name.startsWith("blow-by-blow."), name).toBe(true);
    expect(typeof queries[name], name).toBe("function");
    expect(queries[name]).toBe(QUERY_HANDLERS[name]);
  }
});

it("registers the hooks of the flow, the cards, the HUD, the hotbar and the tracker", () => {
  for (const hook of [
    "createChatMessage",
    "userConnected",
    "renderChatMessageHTML",
    "renderTokenHUD",
    "hotbarDrop",
    "renderCombatTracker",
    "createActiveEffect",
    "updateActiveEffect",
    "updateActor",
    "ready",
  ])
    expect(standIns.Hooks.count(hook), hook).toBeGreaterThan(0);
});

it("sets the system's Combat and Combatant document classes", () => {
  const config = standIns.CONFIG as unknown as Record<string, { documentClass: unknown }>;
  expect(config.Combat!.documentClass).toBe(trackerDocumentClasses().Combat);
  expect(config.Combatant!.documentClass).toBe(trackerDocumentClasses().Combatant);
});

it("exposes the rulesets and the attack entry points on game.blowByBlow", () => {
  const game = standIns.game as unknown as {
    blowByBlow: { rulesets: Record<string, unknown>; attack: unknown; attackWithItem: unknown };
  };
  expect(Object.keys(game.blowByBlow.rulesets)).toContain("hm3");
  expect(game.blowByBlow.attack).toBe(attack);
  expect(typeof game.blowByBlow.attack).toBe("function");
  expect(game.blowByBlow.attackWithItem).toBe(attackWithItem);
});
