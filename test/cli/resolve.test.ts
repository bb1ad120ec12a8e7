/**
 * The `resolve` contract of issue 2 §4: input fields, output fields, errors naming the field
 * (exit status 2), stdin, seeds and replay.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveInput } from "../../src/rules/resolve";

const EXAMPLE = {
  ruleset: "hm3",
  attack: { type: "melee", eml: 70, aspect: "edge", aim: "mid", impact: 5, wq: 12 },
  defence: { type: "block", eml: 60, wq: 12, aspect: "edge", aim: "mid", impact: 5 },
  attacker: { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: {} },
  defender: {
    endurance: 12,
    up: 0,
    dex: 12,
    agl: 12,
    pp: 0,
    armour: { thorax: { blunt: 6, edge: 8, point: 5, fire: 2 } },
  },
  rolls: { attack: 35, defence: 62, location: 47, impact: [4, 6] },
  seed: 1,
};

function cli(args: string[], input?: string) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    input,
    encoding: "utf8",
    cwd: join(import.meta.dirname, "../.."),
  });
}

describe("cli resolve (process)", () => {
  const dir = mkdtempSync(join(tmpdir(), "bbb-cli-"));

  it("prints the contract's example output from a file", () => {
    const file = join(dir, "example.json");
    writeFileSync(file, JSON.stringify(EXAMPLE));
    const out = JSON.parse(
      execFileSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "resolve", file], {
        encoding: "utf8",
      }),
    );
    expect(out.attack).toMatchObject({ target: 70, roll: 35, level: "CS" });
    expect(out.defence).toMatchObject({ target: 60, roll: 62, level: "MF" });
    expect(out.result).toBe("A*2");
    expect(out.strikes).toEqual([
      expect.objectContaining({
        by: "attacker",
        dice: 2,
        location: "thorax",
        face: null,
        aspect: "edge",
        impact: 15,
        armour: 8,
        effectiveImpact: 7,
        injury: "S2",
        fumbleRoll: false,
        stumbleRoll: false,
        amputationRoll: false,
        kill: false,
      }),
    ]);
    expect(out.seed).toBe(1);
  });

  it("reads stdin with -", () => {
    const r = cli(
      ["resolve", "-"],
      JSON.stringify({ ...EXAMPLE, defence: { type: "ignore" }, rolls: { attack: 35 } }),
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.defence).toBeNull();
    expect(out.result).toBe("A*4");
  });

  it("fails with one line naming the field and exit status 2", () => {
    const r = cli(
      ["resolve", "-"],
      JSON.stringify({ ...EXAMPLE, attack: { ...EXAMPLE.attack, eml: "high" } }),
    );
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe('error: attack.eml: expected a whole number, got "high"\n');
  });

  it("fails cleanly on invalid JSON, a missing file and a missing argument", () => {
    const bad = cli(["resolve", "-"], "{ nope");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^error: stdin: not valid JSON/);
    const missing = cli(["resolve", join(dir, "absent.json")]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(
      /absent\.json: cannot read the file \(no such file or folder, ENOENT\)/,
    );
    expect(cli(["resolve"]).status).toBe(2);
    expect(cli(["frobnicate"]).status).toBe(2);
  });

  it("warns on stderr about scripted rolls no roll used", () => {
    const r = cli(
      ["resolve", "-"],
      JSON.stringify({ ...EXAMPLE, rolls: { ...EXAMPLE.rolls, locaton: 4 } }),
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toContain("rolls.locaton was not used");
  });

  it("help and demo run", () => {
    expect(cli(["help"]).stdout).toContain("resolve FILE");
    const demo = cli(["demo", "--seed", "3"]);
    expect(demo.status).toBe(0);
    expect(demo.stdout).toMatch(/Exchange 1: /);
  });
});

describe("resolveInput (in process)", () => {
  it("uses the seed for rolls not given, and the same seed gives the same result", () => {
    const input = { ...EXAMPLE, rolls: undefined, seed: 77 };
    const a = resolveInput(input).result;
    expect(resolveInput(input).result).toEqual(a);
    expect(a.seed).toBe(77);
    expect(a.rolls[0]!.name).toBe("attack");
  });

  it("chooses and reports a seed when none is given", () => {
    const out = resolveInput({ ...EXAMPLE, seed: undefined, rolls: undefined }, () => 4242);
    expect(out.result.seed).toBe(4242);
    expect(resolveInput({ ...EXAMPLE, seed: 4242, rolls: undefined }).result).toEqual(out.result);
  });

  it.each([
    [{ ruleset: "rq3" }, 'ruleset: not available in this version (available: hm3, hmzd, m2m), got "rq3"'],
    [{ ruleset: undefined }, "ruleset: expected one of hm3, hmzd, m2m, got nothing"],
    [
      { attack: { ...EXAMPLE.attack, type: "thrown" } },
      'attack.type: expected one of melee, missile, got "thrown"',
    ],
    [
      { attack: { ...EXAMPLE.attack, aspect: "slash" } },
      "attack.aspect: expected one of blunt, edge, point, fire, squeeze, bite, tear, frost",
    ],
    [
      { attack: { ...EXAMPLE.attack, aim: "top" } },
      'attack.aim: expected one of high, mid, low, got "top"',
    ],
    [{ attack: { ...EXAMPLE.attack, impact: -1 } }, "attack.impact: must be at least 0, got -1"],
    [{ attack: { ...EXAMPLE.attack, wq: 0 } }, "attack.wq: must be at least 1, got 0"],
    [{ attack: { ...EXAMPLE.attack, emll: 3 } }, "attack.emll: unknown field"],
    [
      { defence: { type: "parry", eml: 50 } },
      'defence.type: expected one of block, counterstrike, dodge, ignore, got "parry"',
    ],
    [{ defence: { type: "dodge" } }, "defence.eml: expected a whole number, got nothing"],
    [{ defence: { type: "counterstrike", eml: 50 } }, "defence.aspect: expected one of"],
    [
      {
        attack: { ...EXAMPLE.attack, type: "missile" },
        defence: { type: "counterstrike", eml: 50, aspect: "edge", impact: 3 },
      },
      "defence.type: counterstrike is not possible against a missile attack",
    ],
    [
      { defender: { ...EXAMPLE.defender, armour: { chest: { edge: 3 } } } },
      "defender.armour.chest: unknown location",
    ],
    [
      { defender: { ...EXAMPLE.defender, armour: { "left-thorax": { edge: 3 } } } },
      "defender.armour.left-thorax: unknown location",
    ],
    [
      { defender: { ...EXAMPLE.defender, armour: { thorax: { edge: -3 } } } },
      "defender.armour.thorax.edge: must be at least 0, got -3",
    ],
    [
      { defender: { ...EXAMPLE.defender, armour: { thorax: { slash: 3 } } } },
      "defender.armour.thorax.slash: unknown field",
    ],
    [
      { defender: { ...EXAMPLE.defender, endurance: undefined } },
      "defender.endurance: expected a whole number, got nothing",
    ],
    [{ attacker: "knight" }, 'attacker: expected an object, got "knight"'],
    [{ rolls: { attack: 0 } }, "rolls.attack: must be at least 1, got 0"],
    [
      { rolls: { attack: 101 } },
      "rolls.attack: each die of 1d100 must be a whole number 1..100, got 101",
    ],
    [{ rolls: { ...EXAMPLE.rolls, impact: [4] } }, "rolls.impact: expected 2 dice (2d6), got [4]"],
    [
      { rolls: { attack: "35" } },
      'rolls.attack: expected a die value or a list of die values, got "35"',
    ],
    [{ seed: -1 }, "seed: expected a whole number from 0 to 4294967295, got -1"],
    [
      { defender: { ...EXAMPLE.defender, up: 6, pp: 2 } },
      "defender.pp: must be at least up (6): PP = UP + encumbrance, got 2",
    ],
    [
      { defence: { type: "block", eml: 60, aim: "sideways" } },
      'defence.aim: expected one of high, mid, low, got "sideways"',
    ],
    [
      { defence: { type: "dodge", eml: 60, impact: -2 } },
      "defence.impact: must be at least 0, got -2",
    ],
    [{ options: { killroll: true } }, "options.killroll: unknown field"],
    [{ options: { killRoll: "yes" } }, 'options.killRoll: expected true or false, got "yes"'],
    [{ extra: 1 }, "extra: unknown field"],
  ])("%o → %s", (over, message) => {
    expect(() => resolveInput({ ...EXAMPLE, ...over })).toThrow(message);
  });

  it("accepts armour as worn layers (seed 003 lines 219-275)", () => {
    const out = resolveInput({
      ...EXAMPLE,
      defender: {
        endurance: 12,
        dex: 12,
        agl: 12,
        layers: [
          { material: "mail", locations: ["thorax"] },
          { material: "quilt", quality: 1, locations: ["thorax"] },
        ],
      },
    }).result as unknown as { strikes: { armour: number }[] };
    expect(out.strikes[0]!.armour).toBe(8 + 3 + 1);
  });

  it("PP defaults to UP (ruling R14); a block may carry a lone weapon field", () => {
    const out = resolveInput({
      ...EXAMPLE,
      defender: { ...EXAMPLE.defender, up: 6, pp: undefined },
      defence: { type: "block", eml: 60, aspect: "edge" },
      rolls: { attack: 25, defence: 61, location: 16, impact: [4, 4], shock: 10, fumble: 3 },
    }).result as unknown as { strikes: { location: string; fumble: { target: number } }[] };
    // CS vs block MF = A*2 (line 10); 5 + 4+4 = 13 to the right shoulder → ♦G4 (line 98):
    // fumble target DEX 12 − (PP 6 + 4).
    expect(out.strikes[0]!.location).toBe("right-shoulder");
    expect(out.strikes[0]!.fumble.target).toBe(2);
  });

  it("an inferior layer protects no less than 0, and a layer covers a location once (ruling R13)", () => {
    const armourOf = (layers: unknown[]) =>
      (
        resolveInput({ ...EXAMPLE, defender: { endurance: 12, dex: 12, agl: 12, layers } })
          .result as unknown as { strikes: { armour: number }[] }
      ).strikes[0]!.armour;
    expect(armourOf([{ material: "cloth", quality: -5, locations: ["thorax"] }])).toBe(0);
    expect(armourOf([{ material: "plate", locations: ["thorax", "thorax"] }])).toBe(10);
  });

  it("takes enchantment on layers and flammable armour from layers or a map", () => {
    const withLayers = resolveInput({
      ...EXAMPLE,
      attack: { ...EXAMPLE.attack, aspect: "fire" },
      rolls: { attack: 35, defence: 62, location: 47, impact: [4, 6], ignite: 10 },
      defender: {
        endurance: 12,
        dex: 12,
        agl: 12,
        layers: [{ material: "quilt", enchantment: 1, locations: ["thorax"] }],
      },
    }).result as unknown as { strikes: { armour: number; ignition: { material: string } }[] };
    expect(withLayers.strikes[0]!.armour).toBe(4 + 1);
    expect(withLayers.strikes[0]!.ignition.material).toBe("quilt");
    const withMap = resolveInput({
      ...EXAMPLE,
      attack: { ...EXAMPLE.attack, aspect: "fire" },
      rolls: { attack: 35, defence: 62, location: 47, impact: [4, 6], ignite: 10 },
      defender: { ...EXAMPLE.defender, flammable: { thorax: "cloth" } },
    }).result as unknown as { strikes: { ignition: { material: string; ignited: boolean } }[] };
    expect(withMap.strikes[0]!.ignition).toMatchObject({ material: "cloth", ignited: true });
    expect(() =>
      resolveInput({
        ...EXAMPLE,
        defender: { ...EXAMPLE.defender, flammable: { thorax: "mail" } },
      }),
    ).toThrow('defender.flammable.thorax: expected one of cloth, quilt, got "mail"');
  });

  it("applies the options: killRoll", () => {
    const base = {
      ...EXAMPLE,
      defence: { type: "ignore" },
      rolls: {
        attack: 25,
        location: 3,
        impact: [2, 2, 2, 2],
        kill: [1, 1, 1, 1],
        shock: [1, 1, 1, 1],
      },
    };
    const r = resolveInput({ ...base, options: { killRoll: true } }).result as unknown as {
      strikes: { injury: string; kill: boolean }[];
    };
    expect(r.strikes[0]).toMatchObject({ injury: "G4", kill: false });
    const d = resolveInput(base).result as unknown as {
      strikes: { injury: string; kill: boolean }[];
    };
    expect(d.strikes[0]).toMatchObject({ injury: "K4", kill: true });
  });
});

describe("cli examples and the character command", () => {
  it("resolves every example exchange in examples/", () => {
    for (const file of ["examples/hm3/exchange.json", "examples/m2m/exchange.json"]) {
      const r = cli(["resolve", file]);
      expect(r.status, `${file}: ${r.stderr}`).toBe(0);
      expect(JSON.parse(r.stdout).rolls.length).toBeGreaterThan(0);
    }
  });

  it("m2m: a miss and a successful defence still print the defender, hp unchanged (issue 16)", () => {
    const base = JSON.parse(
      readFileSync(join(import.meta.dirname, "../../examples/m2m/exchange.json"), "utf8"),
    ) as {
      defender: Record<string, unknown>;
      rolls: Record<string, unknown>;
    };
    for (const rolls of [{ attack: 13 }, { attack: 10, defence: 9 }]) {
      const input = { ...base, defender: { ...base.defender, hp: 8 }, rolls };
      const r = cli(["resolve", "-"], JSON.stringify(input));
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.hit).toBe(false);
      expect(out.defender).toMatchObject({ hp: 8, injury: 0, shock: 0, dead: false });
    }
  });

  it("derives Fiendish Friedrick's sheet (seed 004 L4187-4231): 100 points, Speed 8.125, Move 5, Block 4, PD 7, DR 4", () => {
    const r = cli(["character", "examples/m2m/friedrick.json"]);
    expect(r.status, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout);
    expect(c.points.total).toBe(100);
    expect(c.speed.value).toBe(8.125);
    expect(c.move.value).toBe(5);
    expect(c.block.value).toBe(4);
    expect(c.pd.value).toBe(7);
    expect(c.dr.value).toBe(4);
  });

  it("names the field on bad character input, and says when a ruleset has no derivation", () => {
    const bad = cli(
      ["character", "-"],
      JSON.stringify({ ruleset: "m2m", attributes: { st: 12, dx: 12, iq: 10 } }),
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^error: attributes\.ht/);
    const hm3 = cli(["character", "-"], JSON.stringify({ ruleset: "hm3" }));
    expect(hm3.status).toBe(2);
    expect(hm3.stderr).toBe(
      'error: ruleset: has no character derivation in the rules engine yet, got "hm3"\n',
    );
  });
});
