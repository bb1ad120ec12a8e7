/**
 * `cli resolve` with `"ruleset": "hmzd"` (issue 18's contract, docs/cli.md): the seed's worked
 * example (hmzd.md §9) end to end in a process, defaults, warnings and refusals.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { workedExample } from "../hmzd/helpers";

/** The worked example of hmzd.md §9 with seed 1. */
const EXAMPLE = { ...workedExample(), seed: 1 } as unknown as Record<string, unknown> & {
  attack: Record<string, unknown>;
  rolls: Record<string, number>;
};

function cli(input: unknown) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "resolve", "-"], {
    input: JSON.stringify(input),
    encoding: "utf8",
    cwd: join(import.meta.dirname, "../.."),
  });
}

describe("cli resolve, hmzd", () => {
  it("prints the worked example of hmzd.md §9", () => {
    const r = cli(EXAMPLE);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout);
    expect(out.ruleset).toBe("hmzd");
    expect(out.attack).toMatchObject({ target: 70, roll: 34, level: "S" });
    expect(out.defence).toMatchObject({ target: 50, roll: 62, level: "F" });
    expect([out.stars, out.victor, out.tacticalAdvantages]).toEqual([1, "attacker", 0]);
    expect(out.strike).toMatchObject({
      by: "attacker",
      zone: "arms",
      zoneRolls: [3],
      location: "left-shoulder",
      locationRoll: 2,
      impactRoll: 9,
      strModifier: 2,
      impact: 14,
      aspect: "edge",
      armour: 9,
      effectiveImpact: 5,
      injury: "S2",
      injuryLevel: 2,
      shock: { roll: 100, level: "CF", modifier: 2, locationShock: 3, index: 7, state: "STN" },
    });
    expect(out.seed).toBe(1);
    expect(out.rolls.map((x: { name: string }) => x.name)).toEqual([
      "attack",
      "defence",
      "zone",
      "location",
      "impact",
      "shock",
      // Z10: the S2's □ on the shoulder, the defender's Fumble roll (held: 9 against DEX 11).
      "fumble",
    ]);
    expect(out.strike.special).toMatchObject({ symbol: "square", fumble: { failed: false } });
  });

  it("replays from its printed rolls", () => {
    const first = JSON.parse(cli({ ...EXAMPLE, rolls: undefined, seed: 99 }).stdout);
    const rolls = Object.fromEntries(
      first.rolls.map((x: { name: string; values: number[] }) => [x.name, x.values]),
    );
    const again = JSON.parse(cli({ ...EXAMPLE, rolls, seed: 5 }).stdout);
    expect({ ...again, seed: 99 }).toEqual(first);
  });

  it("spends by default and warns about answers the exchange did not ask for", () => {
    const r = cli({ ...EXAMPLE, rolls: { ...EXAMPLE.rolls, attack: 35, defence: 65 } });
    const out = JSON.parse(r.stdout);
    expect(out.spent).toEqual({ impact: 2, precision: 0, action: 0, setup: 0 });
    expect(out.strike.impact).toBe(24);
    const unused = cli({ ...EXAMPLE, spend: { setup: 1 } });
    expect(unused.status).toBe(0);
    expect(unused.stderr).toBe(
      "warning: spendStars was not used: the exchange did not ask for it\n",
    );
  });

  it("refuses a placement the zone die cannot fit, naming attack.placement (exit 2)", () => {
    const r = cli({ ...EXAMPLE, attack: { ...EXAMPLE.attack, placement: 8 } });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "error: attack.placement: placement + zone die d4 − 1 = 11 is beyond the last zone 10 of body plan human (hmzd.md §2), got 8\n",
    );
  });
});
