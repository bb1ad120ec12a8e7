/**
 * The `odds` command (issue 6): the `resolve` input in, exact odds out as JSON; input errors
 * name the field and exit with status 2.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RESULT_CODES } from "../../src/rules/hm3";
import { workedExample } from "../hmzd/helpers";

const ROOT = join(import.meta.dirname, "../..");

function cli(args: string[], input?: string) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    input,
    encoding: "utf8",
    cwd: ROOT,
  });
}

const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);

describe("cli odds (process)", () => {
  it("prints the odds of examples/hm3/exchange.json with every required key", () => {
    const run = cli(["odds", "examples/hm3/exchange.json"]);
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(Object.keys(out.result).sort()).toEqual([...RESULT_CODES].sort());
    expect(Math.abs(sum(out.result) - 1)).toBeLessThan(1e-12);
    expect(out.injury).toHaveProperty("none");
    expect(Math.abs(sum(out.injury) - 1)).toBeLessThan(1e-12);
    for (const k of ["shock", "kill", "fumble", "stumble", "expectedEffectiveImpact"]) {
      expect(typeof out[k]).toBe("number");
      expect(out[k]).toBeGreaterThanOrEqual(0);
    }
    for (const side of ["attacker", "defender"]) {
      expect(Math.abs(sum(out[side].injury) - 1)).toBeLessThan(1e-12);
    }
    // Block, WQ 12 against 12: the defender's shield rolls first (R5), 3d6 above 12 is 56/216;
    // the sword only after the shield held.
    const pBlock = out.result.block;
    expect(pBlock).toBeGreaterThan(0);
    expect(Math.abs(out.defender.weaponDamaged - (pBlock * 56) / 216)).toBeLessThan(1e-12);
    expect(Math.abs(out.attacker.weaponDamaged - (pBlock * 160 * 56) / 216 ** 2)).toBeLessThan(
      1e-12,
    );
    expect(out.defender.weaponBroken).toBe(0);
    // The example's EML 70 attack: 14 rolls of 100 are multiples of 5 at or under 70 (CS).
    expect(out.attackLevel.CS).toBe(0.14);
    // Its rolls and seed are not used by the odds, and the CLI says so.
    expect(run.stderr).toMatch(/rolls was not used/);
  });

  it("reads stdin with -, and gives the same odds", () => {
    const text = readFileSync(join(ROOT, "examples/hm3/exchange.json"), "utf8");
    const a = JSON.parse(cli(["odds", "-"], text).stdout);
    const b = JSON.parse(cli(["odds", "examples/hm3/exchange.json"]).stdout);
    expect(a).toEqual(b);
  });

  it("bad input exits 2 naming the field", () => {
    const input = JSON.parse(readFileSync(join(ROOT, "examples/hm3/exchange.json"), "utf8"));
    input.defender.endurance = "tough";
    const run = cli(["odds", "-"], JSON.stringify(input));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^error: defender\.endurance:/);
    expect(run.stdout).toBe("");

    const missile = { ...input, defender: { endurance: 12, dex: 12, agl: 12 } };
    missile.attack = { ...input.attack, type: "missile" };
    missile.defence = { type: "counterstrike", eml: 50, aspect: "edge", impact: 4 };
    const run2 = cli(["odds", "-"], JSON.stringify(missile));
    expect(run2.status).toBe(2);
    expect(run2.stderr).toMatch(/defence\.type/);

    const other = cli(["odds", "-"], JSON.stringify({ ...input, ruleset: "rq3" }));
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/^error: ruleset: exact odds are available for hm3, m2m and hmzd/);
    // An hm3 exchange read as m2m: the m2m parser names the first field it cannot read.
    const asM2m = cli(["odds", "-"], JSON.stringify({ ...input, ruleset: "m2m" }));
    expect(asM2m.status).toBe(2);
    expect(asM2m.stderr).toMatch(/^error: [a-z.]+: /);

    const noFile = cli(["odds"]);
    expect(noFile.status).toBe(2);
  });
});

describe("cli odds, m2m (process)", () => {
  it("prints the odds of examples/m2m/exchange.json: the ruleset field chooses the m2m odds", () => {
    const run = cli(["odds", "examples/m2m/exchange.json"]);
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.ruleset).toBe("m2m");
    for (const k of ["attack", "defence", "location", "injury"])
      expect(Math.abs(sum(out[k]) - 1), k).toBeLessThan(1e-12);
    // Skill 12 against the torso: a plain hit on 5-12 (156 of 216, L422, L1710); parry 6 + PD 3
    // fails on 10-16 (216 - 81 totals of 9 or less - 4 of 17-18 = 131 of 216).
    expect(out.defence.failure).toBeCloseTo((156 / 216) * (131 / 216), 14);
    expect(out.location.torso).toBeCloseTo(out.hit, 14);
    expect(run.stderr).toMatch(/rolls was not used/);
    expect(run.stderr).toMatch(/seed was not used/);
  });
});

describe("cli odds, hmzd (process)", () => {
  it("prints the exact odds of the seed's worked example: the ruleset field chooses the hmzd odds", () => {
    const input = workedExample();
    const run = cli(["odds", "-"], JSON.stringify(input));
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.ruleset).toBe("hmzd");
    for (const k of ["victor", "stars", "outcome", "injury", "shock"])
      expect(Math.abs(sum(out[k]) - 1), k).toBeLessThan(1e-12);
    for (const side of ["attacker", "defender"])
      for (const k of ["zone", "location", "injury", "shock", "state"])
        expect(Math.abs(sum(out[side][k]) - 1), `${side}.${k}`).toBeLessThan(1e-12);
    // Attack EML 70 against Block EML 50: CS beats S, F, CF; S beats F, CF.
    expect(out.victor.attacker).toBeCloseTo(0.14 * 0.9 + 0.56 * 0.5, 14);
    expect(run.stderr).toMatch(/rolls was not used/);
    expect(run.stderr).toMatch(/seed was not used/);
  });

  it("bad hmzd input exits 2 naming the field", () => {
    const input = workedExample();
    const run = cli(
      ["odds", "-"],
      JSON.stringify({ ...input, defence: { type: "parry", eml: 50 } }),
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^error: defence\.type:/);
    expect(run.stdout).toBe("");
  });
});
