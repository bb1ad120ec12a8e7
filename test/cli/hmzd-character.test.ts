/**
 * `cli character` with `"ruleset": "hmzd"` (docs/cli.md, "character (hmzd)"): the ruleset's
 * `deriveCharacter` (src/rules/hmzd/character.ts) in a process, and its refusals.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

function cli(input: unknown) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "character", "-"], {
    input: JSON.stringify(input),
    encoding: "utf8",
    cwd: ROOT,
  });
}

const ALDRIC = JSON.parse(readFileSync(join(ROOT, "examples/hmzd/sir-aldric.json"), "utf8")) as {
  attributes: Record<string, number>;
  weapons: { zoneDie: number }[];
};

describe("cli character, hmzd", () => {
  it("derives the example character: endurance, STR modifier, Shock (Z7), weapons and plan", () => {
    const r = cli(ALDRIC);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    const a = ALDRIC.attributes;
    expect(out.endurance).toBe(Math.round((a.str! + a.sta! + a.wil!) / 3));
    expect(out.plan).toMatchObject({ id: "human", zoneCount: 10 });
    expect(out.weapons[0].zoneDie).toBe(ALDRIC.weapons[0]!.zoneDie);
    expect(out.fighter).toMatchObject({ setup: 0, actionTaken: false, state: "none" });
    // Z7: no Shock skill, so 5 × Endurance.
    expect(out.shock).toMatchObject({ from: "endurance", eml: { value: 5 * out.endurance } });
  });

  it("takes a creature plan by id", () => {
    const r = cli({ ...ALDRIC, bodyPlan: "dog", armour: [] });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).plan).toMatchObject({ id: "dog", zoneCount: 6 });
  });

  it("refuses a bad field, naming it and the value (exit 2)", () => {
    const r = cli({ ...ALDRIC, attributes: { ...ALDRIC.attributes, str: "strong" } });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/attributes\.str/);
    expect(r.stderr).toMatch(/strong/);
  });
});
