/**
 * HârnMaster Gold "Injury table & Shock / Fumble / Stumble rolls" (seed 000 lines 156-169) on HM3
 * rolls: rulings G40 (IP band of an HM3 wound), G41 (÷5 onto d6 targets), G42 (skills), G43
 * (which rolls take the bonus).
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice, type RollScript } from "../../../src/core/dice";
import { buildTarget } from "../../../src/core/modifiers";
import {
  DEFAULT_OPTIONS,
  resolveExchange,
  type Hm3Declaration,
  type Hm3Fighter,
  type Hm3Options,
} from "../../../src/rules/hm3";
import {
  d6Shift,
  efsSpec,
  injuryRollPoints,
  ipBandOf,
  type IpBand,
} from "../../../src/rules/hm3/gold/rolls-efs";
import { GOLD_DEFAULTS } from "../../../src/rules/hm3/gold/options";

const eml = (v: number) => buildTarget("eml", v, [], { min: 5, max: 95 });
const fighter = (over: Partial<Hm3Fighter> = {}): Hm3Fighter => ({
  endurance: 12,
  up: 0,
  dex: 12,
  agl: 11,
  pp: 0,
  armour: {},
  ...over,
});
const dice = (script: RollScript) => new ScriptedDice(script, new SeededDice(7));
const on = (...ids: (keyof Hm3Options)[]): Hm3Options => ({
  ...DEFAULT_OPTIONS,
  ...Object.fromEntries(ids.map((i) => [i, true])),
});

describe("G40: an HM3 wound's Injury Point band (R29: level 4-5 ≈ 16+ IP)", () => {
  const cases: [number, string, IpBand][] = [
    [1, "M", "1-5"],
    [2, "S", "6-10"],
    [3, "S", "11-15"],
    [4, "G", "16-20"],
    [5, "G", "21-25"],
    [4, "K", "21-25"],
    [5, "K", "26+"],
  ];
  for (const [level, sev, band] of cases)
    it(`${sev}${level} is ${band} IP`, () => expect(ipBandOf(level, sev)).toBe(band));
});

describe("E/F/S bonus by Injury Points (000:160-167), cell by cell", () => {
  const bonus = on("injuryRollBonus");
  const grievous = on("injuryRollBonus", "grievousWoundPenalty");
  const rows: [IpBand, number, number][] = [
    ["1-5", 30, 30],
    ["6-10", 15, 15],
    ["11-15", 0, 0],
    ["16-20", 0, 0],
    ["21-25", 0, -15],
    ["26+", 0, -30],
  ];
  for (const [band, plain, withPenalty] of rows)
    it(`${band} IP: ${plain} (000:162-165), ${withPenalty} with the grievous wound penalty (000:167)`, () => {
      expect(injuryRollPoints(band, bonus)).toBe(plain);
      expect(injuryRollPoints(band, grievous)).toBe(withPenalty);
      expect(injuryRollPoints(band, GOLD_DEFAULTS)).toBe(0);
    });
  it("the penalty alone (its rule off) does nothing", () =>
    expect(injuryRollPoints("26+", { ...GOLD_DEFAULTS, grievousWoundPenalty: true })).toBe(0));
});

describe("G41: d100 points onto HM3's d6 targets, ÷5 toward zero", () => {
  it.each([
    [30, 6],
    [15, 3],
    [-15, -3],
    [-30, -6],
    [20, 4],
    [16, 3],
    [-4, 0],
    [-12, -2],
  ])("%i points move the target %i", (points, shift) => {
    expect(Object.is(d6Shift(points), shift)).toBe(true);
  });
  it("Shock: UP d6 vs Endurance + shift; Fumble 3d6 vs DEX − PP + shift", () => {
    const f = fighter({ endurance: 12 });
    expect(efsSpec("shock", f, 3, 3, 30, GOLD_DEFAULTS)).toMatchObject({
      sides: 6,
      count: 3,
      target: 18,
    });
    expect(efsSpec("fumble", f, 1, 2, 15, GOLD_DEFAULTS)).toMatchObject({ count: 3, target: 13 });
    expect(efsSpec("stumble", f, 1, 2, -30, GOLD_DEFAULTS)).toMatchObject({ target: 3 });
  });
});

describe("G42: injuryRollSkills (000:169): d100 vs skill ML − PP ×5 + points", () => {
  const skills = on("injuryRollSkills");
  it("Shock vs Condition (default Endurance ×5), Fumble vs weapon ML, Stumble vs Dodge ML", () => {
    const f = fighter({ endurance: 13, rollSkills: { weapon: 70 } });
    expect(efsSpec("shock", f, 2, 2, 30, skills)).toMatchObject({ sides: 100, target: 85, ml: 65 });
    expect(efsSpec("fumble", f, 2, 3, 15, skills)).toMatchObject({ target: 70, ml: 70 });
    // Dodge defaults to AGL ×5 = 55; clamped to 5..95 (R21).
    expect(efsSpec("stumble", f, 2, 12, 0, skills)).toMatchObject({ target: 5, ml: 55 });
    expect(
      efsSpec("shock", fighter({ rollSkills: { condition: 90 } }), 0, 0, 30, skills).target,
    ).toBe(95);
  });
});

function decl(options: Hm3Options, defender: Hm3Fighter = fighter()): Hm3Declaration {
  return {
    attack: { type: "melee", target: eml(50), aspect: "edge", aim: "mid", impact: 0 },
    attacker: fighter(),
    defender,
    options,
  };
}

describe("a whole exchange: the wound's rolls take the bonus (G43)", () => {
  // Attack MS (27) vs Ignore → A★3; thorax (mid 50); impact 0 + 1+1+1 = 3 → M1 (seed 003 line 103).
  const script = { attack: 27, location: 50, impact: [1, 1, 1], shock: [6] };
  it("M1 (1-5 IP): Shock 1d6 vs Endurance 12 + 6", () => {
    const r = resolveExchange(decl(on("injuryRollBonus")), { type: "ignore" }, dice(script));
    const s = r.strikes[0]!;
    expect(s.injury).toBe("M1");
    expect(s.injuryRoll).toEqual({ ip: "1-5", points: 30 });
    expect(s.shock).toMatchObject({ dice: 1, target: 18, points: 30, shift: 6 });
  });
  it("off: HM3's Shock roll, no injuryRoll field", () => {
    const r = resolveExchange(decl(DEFAULT_OPTIONS), { type: "ignore" }, dice(script));
    expect(r.strikes[0]!.shock).toEqual({
      roll: "shock",
      dice: 1,
      values: [6],
      total: 6,
      target: 12,
      failed: false,
    });
    expect(r.strikes[0]!.injuryRoll).toBeUndefined();
  });
  it("S3 (11-15 IP): no bonus; K5 survived a kill roll (26+): −30 with the grievous penalty", () => {
    const s3 = resolveExchange(
      decl(on("injuryRollBonus")),
      { type: "ignore" },
      dice({ ...script, impact: [3, 3, 3], shock: [1, 1, 1] }),
    ).strikes[0]!;
    expect(s3.injury).toBe("S3");
    expect(s3.shock).toMatchObject({ target: 12 });
    const k5 = resolveExchange(
      decl(on("injuryRollBonus", "grievousWoundPenalty", "killRoll"), fighter({ endurance: 20 })),
      { type: "ignore" },
      dice({ ...script, impact: [6, 6, 6], kill: [1, 1, 1, 1, 1], shock: [1, 1, 1, 1, 1] }),
    ).strikes[0]!;
    expect(k5.injury).toBe("G5");
    expect(k5.injuryRoll).toEqual({ ip: "26+", points: -30 });
    expect(k5.shock).toMatchObject({ dice: 5, target: 14 });
  });
  it("with injuryRollSkills the Shock roll is a d100 test vs Condition", () => {
    const r = resolveExchange(
      decl(on("injuryRollBonus", "injuryRollSkills"), fighter({ rollSkills: { condition: 40 } })),
      { type: "ignore" },
      dice({ ...script, shock: 76 }),
    );
    // 40 − PP 1 ×5 + 30 = 65; 76 fails.
    expect(r.strikes[0]!.shock).toMatchObject({ sides: 100, target: 65, total: 76, failed: true });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "shock",
      cause: "shock",
    });
  });
  it("the matrix's own Fumble (AF) takes no bonus, but is a skill test with injuryRollSkills", () => {
    // Attack CF (65) vs Block CF (65) → BF: both fumble.
    const options = on("injuryRollBonus", "injuryRollSkills");
    const r = resolveExchange(
      decl(options, fighter({ rollSkills: { weapon: 60 } })),
      { type: "block", target: eml(50) },
      dice({ attack: 65, defence: 65, attackerFumble: 61, defenderFumble: 61 }),
    );
    expect(r.result).toBe("BF");
    expect(r.fumbles.map((f) => [f.side, f.check.target, f.check.failed])).toEqual([
      ["attacker", 60, true],
      ["defender", 60, true],
    ]);
    expect(r.fumbles[0]!.check).not.toHaveProperty("shift");
  });
});
