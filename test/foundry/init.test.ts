/**
 * The adapter's entry point wired together: importing src/foundry/index.ts and firing Foundry's
 * `init` hook (stand-ins, docs/foundry-stand-ins.md) registers the ruleset setting, the data model
 * of every document type of system.json, the status effects, the schema-version setting and the
 * sheets, and exposes the rules engine on `game.blowByBlow`.
 */
import { readFileSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import { resetStandIns, standIns } from "./stand-ins/globals";
import { DocumentSheetConfig } from "./stand-ins/applications";
import "./stand-ins";

const manifest = JSON.parse(
  readFileSync(new URL("../../system.json", import.meta.url), "utf8"),
) as {
  documentTypes: Record<string, Record<string, object>>;
};

beforeAll(async () => {
  resetStandIns();
  await import("../../src/foundry/index");
  standIns.Hooks.callAll("init");
  // registerSheets loads the partials asynchronously.
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

it("registers the ruleset and schema-version settings", () => {
  expect(standIns.game.settings.get("blow-by-blow", "ruleset")).toBe("hm3");
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

it("exposes the rulesets on game.blowByBlow", () => {
  const game = standIns.game as unknown as { blowByBlow: { rulesets: Record<string, unknown> } };
  expect(Object.keys(game.blowByBlow.rulesets)).toContain("hm3");
});
