/**
 * Whole HM3 exchanges with scripted rolls (seed 003 matrices and injury table, hm3.md §2,
 * project rulings in docs/rulings.md).
 */
import { describe, expect, it } from "vitest";
import { replayDice, ScriptedDice, SeededDice, type RollScript } from "../../src/core/dice";
import { buildTarget } from "../../src/core/modifiers";
import { runExchange } from "../../src/core/ruleset";
import {
  DEFAULT_OPTIONS,
  hm3,
  LEVELS,
  MELEE_MATRIX,
  MISSILE_MATRIX,
  resolveExchange,
  strikesOf,
  type Hm3Declaration,
  type Hm3Defence,
  type Hm3Fighter,
  type Hm3Options,
  type Level,
} from "../../src/rules/hm3";

const eml = (v: number) => buildTarget("eml", v, [], { min: 5, max: 95 });

function fighter(over: Partial<Hm3Fighter> = {}): Hm3Fighter {
  return { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: {}, ...over };
}

function decl(
  over: Partial<Hm3Declaration["attack"]> = {},
  options: Partial<Hm3Options> = {},
): Hm3Declaration {
  return {
    attack: {
      type: "melee",
      target: eml(50),
      aspect: "edge",
      aim: "mid",
      impact: 5,
      wq: 12,
      ...over,
    },
    attacker: fighter({ armour: { thorax: { edge: 4 } } }),
    defender: fighter({ armour: { thorax: { blunt: 6, edge: 8, point: 5, fire: 2 } } }),
    options: { ...DEFAULT_OPTIONS, ...options },
  };
}

const counter: Hm3Defence = {
  type: "counterstrike",
  target: eml(50),
  strike: { aspect: "blunt", aim: "mid", impact: 3 },
};

const dice = (script: RollScript, seed = 1) => new ScriptedDice(script, new SeededDice(seed));

/** A d100 roll that gives `level` against EML 50. */
const ROLL_FOR: Record<Level, number> = { CS: 25, MS: 27, MF: 61, CF: 65 };

describe("strike codes (seed 003 KEY, lines 13-15, 26)", () => {
  it.each([
    ["A*1", "attacker", 1],
    ["A*2", "attacker", 2],
    ["A*3", "attacker", 3],
    ["A*4", "attacker", 4],
    ["M*1", "attacker", 1],
    ["M*2", "attacker", 2],
    ["M*3", "attacker", 3],
    ["D*1", "defender", 1],
    ["D*2", "defender", 2],
    ["D*3", "defender", 3],
  ] as const)("%s: the %s strikes with %i d6", (code, by, n) => {
    expect(strikesOf(code)).toEqual([{ by, dice: n }]);
  });

  it.each([
    ["B*1", 1],
    ["B*2", 2],
  ] as const)("%s: both strike, each with %i d6", (code, n) => {
    expect(strikesOf(code)).toEqual([
      { by: "attacker", dice: n },
      { by: "defender", dice: n },
    ]);
  });

  it.each(["block", "miss", "DTA", "AF", "DF", "BF", "AS", "DS", "BS", "wild"] as const)(
    "%s delivers no strike",
    (code) => {
      expect(strikesOf(code)).toEqual([]);
    },
  );
});

describe("matrix routing: every cell of both matrices through a whole resolution", () => {
  const cases: [string, "melee" | "missile", Hm3Defence["type"], Level, Level | null][] = [];
  for (const a of LEVELS) {
    for (const d of ["block", "counterstrike", "dodge"] as const) {
      for (const l of LEVELS) cases.push([`melee ${a} vs ${d} ${l}`, "melee", d, a, l]);
    }
    cases.push([`melee ${a} vs ignore`, "melee", "ignore", a, null]);
    for (const d of ["block", "dodge"] as const) {
      for (const l of LEVELS) cases.push([`missile ${a} vs ${d} ${l}`, "missile", d, a, l]);
    }
    cases.push([`missile ${a} vs ignore`, "missile", "ignore", a, null]);
  }

  it.each(cases)("%s", (_n, type, d, a, l) => {
    const defence: Hm3Defence =
      d === "ignore"
        ? { type: d }
        : d === "counterstrike"
          ? counter
          : { type: d, target: eml(50), wq: 13 };
    const r = resolveExchange(
      decl({ type }),
      defence,
      dice({ attack: ROLL_FOR[a], ...(l ? { defence: ROLL_FOR[l] } : {}) }),
    );
    const row = (type === "melee" ? MELEE_MATRIX : MISSILE_MATRIX)[a];
    const expected = d === "ignore" ? row.ignore : row.vs[d]![l!];
    expect(r.attack.level).toBe(a);
    expect(r.defence?.level ?? null).toBe(l);
    expect(r.result).toBe(expected);
    expect(r.strikes.map((s) => ({ by: s.by, dice: s.dice }))).toEqual(strikesOf(expected));
    for (const s of r.strikes) expect(s.impactRolls).toHaveLength(s.dice);
  });
});

describe("the CLI contract example (issue 2 §4)", () => {
  it("MS... CS 35 vs block MF 62 gives A*2 to the thorax: 5+4+6 = 15 edge − 8 = 7 → S2", () => {
    const r = resolveExchange(
      decl({ target: eml(70) }),
      { type: "block", target: eml(60), wq: 12 },
      dice({ attack: 35, defence: 62, location: 47, impact: [4, 6] }),
    );
    expect(r.attack).toMatchObject({ target: 70, roll: 35, level: "CS" });
    expect(r.defence).toMatchObject({ target: 60, roll: 62, level: "MF" });
    expect(r.result).toBe("A*2");
    expect(r.strikes).toHaveLength(1);
    expect(r.strikes[0]).toMatchObject({
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
    });
  });
});

describe("strikes", () => {
  it("a counterstrike D★ strikes the attacker with the defender's weapon, prefixed rolls and the attacker's armour", () => {
    // Attacker CF (65) vs counterstrike CS (25): D★3 (seed 003 line 7).
    const r = resolveExchange(
      decl(),
      counter,
      dice({ attack: 65, defence: 25, "counter.location": 50, "counter.impact": [1, 2, 3] }),
    );
    expect(r.result).toBe("D*3");
    const s = r.strikes[0]!;
    expect(s).toMatchObject({
      by: "defender",
      location: "thorax",
      aspect: "blunt",
      impact: 9,
      armour: 0,
      effectiveImpact: 9,
      injury: "S3",
    });
    expect(r.effects.find((e) => e.type === "injury")).toMatchObject({
      to: "attacker",
      location: "thorax",
      level: 3,
    });
    expect(r.rolls.map((x) => x.name)).toEqual([
      "attack",
      "defence",
      "counter.location",
      "counter.impact",
      "counter.shock",
    ]);
  });

  it("B★2 (CS vs counterstrike CS, line 10): both strike, each with 2d6", () => {
    const r = resolveExchange(
      decl(),
      counter,
      dice({
        attack: 25,
        defence: 25,
        location: 50,
        impact: [1, 1],
        "counter.location": 50,
        "counter.impact": [6, 6],
      }),
    );
    expect(r.result).toBe("B*2");
    expect(r.strikes.map((s) => [s.by, s.impact, s.armour])).toEqual([
      ["attacker", 7, 8],
      ["defender", 15, 0],
    ]);
    expect(r.strikes[0]!.injury).toBeNull();
    expect(r.strikes[0]!.shock).toBeNull();
    expect(r.strikes[1]!.injury).toBe("G4"); // thorax 13+ (line 103)
  });

  it("paired locations are sided by the location roll: odd left, even right (lines 116-117)", () => {
    const odd = resolveExchange(decl(), { type: "ignore" }, dice({ attack: 25, location: 37 }));
    const even = resolveExchange(decl(), { type: "ignore" }, dice({ attack: 25, location: 38 }));
    expect(odd.strikes[0]!.location).toBe("left-forearm");
    expect(even.strikes[0]!.location).toBe("right-forearm");
  });

  it("a sided armour entry overrides the unsided one", () => {
    const d = decl();
    d.defender.armour = { forearm: { edge: 10 }, "left-forearm": { edge: 2 } };
    const left = resolveExchange(
      d,
      { type: "ignore" },
      dice({ attack: 25, location: 37, impact: [1, 1, 1, 1] }),
    );
    const right = resolveExchange(
      d,
      { type: "ignore" },
      dice({ attack: 25, location: 38, impact: [1, 1, 1, 1] }),
    );
    expect(left.strikes[0]!.armour).toBe(2);
    expect(right.strikes[0]!.armour).toBe(10);
  });

  it("a face hit rolls the face sub-table (line 112-114) and injures on the Face row", () => {
    const r = resolveExchange(
      decl(),
      { type: "ignore" },
      dice({ attack: 25, location: 8, face: 33, impact: [6, 6, 6, 6] }),
    );
    expect(r.strikes[0]).toMatchObject({
      location: "face",
      face: "left-cheek",
      faceRoll: 33,
      impact: 29,
      injury: "K5",
      kill: true,
    });
  });

  it("low aim uses the Low column (line 54-70)", () => {
    const r = resolveExchange(
      decl({ aim: "low" }),
      { type: "ignore" },
      dice({ attack: 25, location: 96 }),
    );
    expect(r.strikes[0]!.location).toBe("right-foot");
  });

  it("effective impact 0 or less is no injury, no shock roll, no effects", () => {
    // MS (26) vs Ignore = A*3 (line 9); 0 + 1+2+5 = 8 edge − 8 = 0.
    const r = resolveExchange(
      decl({ impact: 0 }),
      { type: "ignore" },
      dice({ attack: 26, location: 50, impact: [1, 2, 5] }),
    );
    expect(r.result).toBe("A*3");
    expect(r.strikes[0]).toMatchObject({ effectiveImpact: 0, injury: null, shock: null });
    expect(r.effects).toEqual([]);
    expect(r.rolls.map((x) => x.name)).toEqual(["attack", "location", "impact"]);
  });

  it("creature aspects read their armour column: Bite = Point (line 231)", () => {
    const r = resolveExchange(
      decl({ aspect: "bite" }),
      { type: "ignore" },
      dice({ attack: 25, location: 50, impact: [1, 1, 1, 1] }),
    );
    expect(r.strikes[0]!.armour).toBe(5);
  });
});

describe("injury consequences", () => {
  // CS (25) vs Ignore = A*4 (line 10); thorax (mid 50); 5 + 1+1+1+1 = 9 edge − 8 = 1 → M1.
  const m1 = { attack: 25, location: 50, impact: [1, 1, 1, 1] };

  it("shock roll: UP d6, the new injury included, above Endurance is shock (hm3.md §2)", () => {
    const d = decl();
    d.defender.up = 3;
    const held = resolveExchange(d, { type: "ignore" }, dice({ ...m1, shock: [3, 3, 3, 3] }));
    expect(held.strikes[0]!.shock).toMatchObject({ dice: 4, total: 12, target: 12, failed: false });
    expect(held.effects.some((e) => e.type === "condition")).toBe(false);
    const shocked = resolveExchange(d, { type: "ignore" }, dice({ ...m1, shock: [3, 3, 3, 4] }));
    expect(shocked.strikes[0]!.shock!.failed).toBe(true);
    expect(shocked.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "shock",
      cause: "shock",
    });
  });

  it("♦ on an arm is a fumble roll, 3d6 against DEX − PP with the new injury (hm3.md §1-2, ruling R4)", () => {
    const d = decl();
    d.defender.pp = 2;
    // Upper arm, mid 28 (even: right); 5+1+1+1+1 = 9 − 0 = 9 → ♦S2 (line 99).
    const r = resolveExchange(
      d,
      { type: "ignore" },
      dice({ attack: 25, location: 28, impact: [1, 1, 1, 1], shock: [1, 1], fumble: [3, 3, 3] }),
    );
    const s = r.strikes[0]!;
    expect(s).toMatchObject({
      location: "right-upper-arm",
      injury: "S2",
      fumbleRoll: true,
      stumbleRoll: false,
    });
    expect(s.fumble).toMatchObject({ dice: 3, total: 9, target: 12 - (2 + 2), failed: true });
    expect(s.stumble).toBeNull();
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "disarmed",
      cause: "fumble",
    });
  });

  it("♦ on a leg is a stumble roll against AGL − PP; falling is prone", () => {
    // Thigh, mid 81 (odd: left); 9 → ♦S3 (line 107).
    const r = resolveExchange(
      decl(),
      { type: "ignore" },
      dice({
        attack: 25,
        location: 81,
        impact: [1, 1, 1, 1],
        shock: [1, 1, 1],
        stumble: [2, 2, 2],
      }),
    );
    const s = r.strikes[0]!;
    expect(s).toMatchObject({
      location: "left-thigh",
      injury: "S3",
      stumbleRoll: true,
      fumbleRoll: false,
    });
    expect(s.stumble).toMatchObject({ total: 6, target: 12 - 3, failed: false });
    expect(r.effects.some((e) => e.type === "condition" && e.condition === "prone")).toBe(false);
  });

  it("K4/K5 kill by default: no shock roll (hm3.md §2)", () => {
    // Skull, mid 3; 5 + 6+6+6+6 = 29 → K5 (line 95).
    const r = resolveExchange(
      decl(),
      { type: "ignore" },
      dice({ attack: 25, location: 3, impact: [6, 6, 6, 6] }),
    );
    expect(r.strikes[0]).toMatchObject({
      location: "skull",
      injury: "K5",
      kill: true,
      shock: null,
      killCheck: null,
    });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "dead",
      cause: "kill",
    });
  });

  it("kill roll option: (level) d6 above Endurance dies, otherwise the wound stands as G4/G5", () => {
    const opts = { killRoll: true };
    // Skull 13+: 5 + 2+2+2+2 = 13 → K4 (line 95).
    const k4 = { attack: 25, location: 3, impact: [2, 2, 2, 2] };
    const lives = resolveExchange(
      decl({}, opts),
      { type: "ignore" },
      dice({ ...k4, kill: [3, 3, 3, 3], shock: [1, 1, 1, 1] }),
    );
    expect(lives.strikes[0]).toMatchObject({ tableInjury: "K4", injury: "G4", kill: false });
    expect(lives.strikes[0]!.killCheck).toMatchObject({
      dice: 4,
      total: 12,
      target: 12,
      failed: false,
    });
    expect(lives.strikes[0]!.shock).not.toBeNull();
    const dies = resolveExchange(
      decl({}, opts),
      { type: "ignore" },
      dice({ ...k4, kill: [3, 3, 3, 4] }),
    );
    expect(dies.strikes[0]).toMatchObject({ injury: "K4", kill: true, shock: null });
  });

  it("amputation roll on ▼ with Edge only, and only when the option is on (hm3.md §2)", () => {
    // Upper arm 17+: mid 28 (right); 5 + 3+3+3+3 = 17 → ♦G4▼ (line 99).
    const arm = { attack: 25, location: 28, impact: [3, 3, 3, 3] };
    const strike = (d: Hm3Declaration, script: RollScript) =>
      resolveExchange(d, { type: "ignore" }, dice(script)).strikes[0]!;
    expect(strike(decl(), arm)).toMatchObject({ injury: "G4", amputationRoll: true });
    expect(strike(decl({ aspect: "tear" }), arm).amputationRoll).toBe(true); // R1: Tear = Edge
    expect(strike(decl({ aspect: "point" }), arm).amputationRoll).toBe(false);
    expect(strike(decl({}, { amputation: false }), arm).amputationRoll).toBe(false);
    // 13+ on the upper arm is ♦S3 with no ▼.
    expect(strike(decl(), { ...arm, impact: [2, 2, 2, 2] }).amputationRoll).toBe(false);
  });

  it("a strike that kills calls for no further roll (ruling R7): neck K5▼ by Edge", () => {
    // Neck 17+: mid 12; 17 → K5▼ (line 97).
    const neck = { attack: 25, location: 12, impact: [3, 3, 3, 3] };
    const dead = resolveExchange(decl({}, { bleeding: true }), { type: "ignore" }, dice(neck));
    expect(dead.strikes[0]).toMatchObject({
      tableInjury: "K5",
      kill: true,
      amputationRoll: false,
      bleeding: false,
      shock: null,
    });
    // Surviving the kill roll, the wound stands as G5 and the ▼ calls for an amputation roll.
    const lives = resolveExchange(
      decl({}, { killRoll: true }),
      { type: "ignore" },
      dice({ ...neck, kill: [1, 1, 1, 1, 1] }),
    );
    expect(lives.strikes[0]).toMatchObject({ injury: "G5", kill: false, amputationRoll: true });
  });

  it("bleeding option: G4 or worse from Edge or Point (hm3.md §2)", () => {
    // Thorax: 5 + 3+3+3+3 = 17 − 8 = 9 → S3; with edge 0 armour, 17 → K5.
    const g4 = decl({}, { bleeding: true });
    g4.defender.armour = { thorax: { edge: 4, blunt: 4 } };
    const edge = resolveExchange(
      g4,
      { type: "ignore" },
      dice({ attack: 25, location: 50, impact: [3, 3, 3, 3], shock: [1, 1, 1, 1] }),
    );
    expect(edge.strikes[0]).toMatchObject({ injury: "G4", bleeding: true });
    expect(edge.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "bleeding",
      cause: "bleeding",
    });
    const blunt = resolveExchange(
      { ...g4, attack: { ...g4.attack, aspect: "blunt" } },
      { type: "ignore" },
      dice({ attack: 25, location: 50, impact: [3, 3, 3, 3], shock: [1, 1, 1, 1] }),
    );
    expect(blunt.strikes[0]).toMatchObject({ injury: "G4", bleeding: false });
    const off = resolveExchange(
      { ...g4, options: DEFAULT_OPTIONS },
      { type: "ignore" },
      dice({ attack: 25, location: 50, impact: [3, 3, 3, 3], shock: [1, 1, 1, 1] }),
    );
    expect(off.strikes[0]!.bleeding).toBe(false);
  });
});

describe("matrix consequences", () => {
  it("Block: both weapons roll 3d6 against WQ, lower WQ first (hm3.md §2)", () => {
    // MS (27) vs block MS (27): Block (line 9).
    const r = resolveExchange(
      decl({ wq: 10 }),
      { type: "block", target: eml(50), wq: 13 },
      dice({
        attack: 27,
        defence: 27,
        attackerWeaponDamage: [3, 3, 4],
        defenderWeaponDamage: [6, 6, 2],
      }),
    );
    expect(r.result).toBe("block");
    expect(r.weaponDamage.map((w) => [w.side, w.wq, w.check.total, w.broken])).toEqual([
      ["attacker", 10, 10, false],
      ["defender", 13, 14, true],
    ]);
    // Ruling R31: the failed roll costs the shield 1 WQ (13 → 12): damaged, not broken.
    expect(r.effects.filter((e) => e.type === "weaponDamaged")).toEqual([
      { type: "weaponDamaged", to: "defender", broken: false, cause: "block" },
    ]);
  });

  it("Block: a failed roll at WQ 1 breaks the weapon (ruling R31: WQ 0 is broken)", () => {
    const r = resolveExchange(
      decl({ wq: 1 }),
      { type: "block", target: eml(50), wq: 13 },
      dice({ attack: 27, defence: 27, attackerWeaponDamage: [1, 1, 1] }),
    );
    expect(r.weaponDamage.map((w) => [w.side, w.wq, w.check.total, w.broken])).toEqual([
      ["attacker", 1, 3, true],
    ]);
    expect(r.effects.filter((e) => e.type === "weaponDamaged")).toEqual([
      { type: "weaponDamaged", to: "attacker", broken: true, cause: "block" },
    ]);
  });

  it("Block: a passed roll damages nothing (ruling R31)", () => {
    const r = resolveExchange(
      decl({ wq: 10 }),
      { type: "block", target: eml(50), wq: 13 },
      dice({
        attack: 27,
        defence: 27,
        attackerWeaponDamage: [3, 3, 4],
        defenderWeaponDamage: [4, 4, 5],
      }),
    );
    expect(r.weaponDamage.map((w) => w.check.failed)).toEqual([false, false]);
    expect(r.effects.some((e) => e.type === "weaponDamaged")).toBe(false);
  });

  it("Block: when the first weapon breaks the other does not check", () => {
    const r = resolveExchange(
      decl({ wq: 10 }),
      { type: "block", target: eml(50), wq: 13 },
      dice({ attack: 27, defence: 27, attackerWeaponDamage: [6, 3, 2] }),
    );
    expect(r.weaponDamage).toHaveLength(1);
    expect(r.weaponDamage[0]).toMatchObject({ side: "attacker", broken: true });
    expect(r.rolls.some((x) => x.name === "defenderWeaponDamage")).toBe(false);
  });

  it("Block with equal WQ: the defender's weapon checks first (ruling R5)", () => {
    const r = resolveExchange(
      decl({ wq: 12 }),
      { type: "block", target: eml(50), wq: 12 },
      dice({ attack: 27, defence: 27 }),
    );
    expect(r.weaponDamage[0]!.side).toBe("defender");
  });

  it("Block without a WQ for a weapon skips its roll and says so", () => {
    const r = resolveExchange(
      decl({ wq: undefined }),
      { type: "block", target: eml(50), wq: 12 },
      dice({ attack: 27, defence: 27 }),
    );
    expect(r.weaponDamageSkipped).toEqual(["attacker"]);
    expect(r.weaponDamage.map((w) => w.side)).toEqual(["defender"]);
  });

  it.each([
    ["AF", 65, 61, ["attacker"]], // CF vs block MF (line 7)
    ["DF", 61, 65, ["defender"]], // MF vs block CF (line 8)
    ["BF", 65, 65, ["attacker", "defender"]], // CF vs block CF (line 7)
  ] as const)("%s: fumble roll 3d6 against DEX − PP for %s", (code, a, d, sides) => {
    const r = resolveExchange(
      decl(),
      { type: "block", target: eml(50), wq: 12 },
      dice({ attack: a, defence: d, attackerFumble: [6, 6, 1], defenderFumble: [1, 1, 1] }),
    );
    expect(r.result).toBe(code);
    expect(r.fumbles.map((f) => f.side)).toEqual(sides);
    expect(r.fumbles.every((f) => f.check.target === 12)).toBe(true);
    const disarmed = r.effects
      .filter((e) => e.type === "condition" && e.condition === "disarmed")
      .map((e) => e.to);
    expect(disarmed).toEqual(sides.filter((s) => s === "attacker"));
  });

  it.each([
    ["AS", 65, 61, ["attacker"]], // CF vs dodge MF (line 7)
    ["DS", 61, 65, ["defender"]], // MF vs dodge CF (line 8)
    ["BS", 65, 65, ["attacker", "defender"]], // CF vs dodge CF (line 7)
  ] as const)("%s: stumble roll 3d6 against AGL − PP for %s", (code, a, d, sides) => {
    const r = resolveExchange(
      decl(),
      { type: "dodge", target: eml(50) },
      dice({ attack: a, defence: d, attackerStumble: [1, 1, 1], defenderStumble: [6, 6, 6] }),
    );
    expect(r.result).toBe(code);
    expect(r.stumbles.map((f) => f.side)).toEqual(sides);
    const prone = r.effects
      .filter((e) => e.type === "condition" && e.condition === "prone")
      .map((e) => e.to);
    expect(prone).toEqual(sides.filter((s) => s === "defender"));
  });

  it("DTA gives the defender a tactical advantage", () => {
    const r = resolveExchange(
      decl(),
      { type: "dodge", target: eml(50) },
      dice({ attack: 65, defence: 27 }),
    );
    expect(r.result).toBe("DTA");
    expect(r.tacticalAdvantage).toBe("defender");
    expect(r.effects).toEqual([{ type: "tacticalAdvantage", to: "defender", cause: "DTA" }]);
  });

  it("a missile CF is wild whatever the defence (line 32)", () => {
    const r = resolveExchange(
      decl({ type: "missile" }),
      { type: "dodge", target: eml(50) },
      dice({ attack: 65, defence: 25 }),
    );
    expect(r).toMatchObject({ result: "wild", wild: true, strikes: [] });
  });

  it("counterstrike against a missile is refused", () => {
    expect(() => resolveExchange(decl({ type: "missile" }), counter, dice({}))).toThrow(/missile/);
  });

  it("EML is clamped to 5..95 before the roll", () => {
    const hi = resolveExchange(
      decl({ target: eml(140) }),
      { type: "dodge", target: eml(-20) },
      dice({ attack: 96, defence: 4 }),
    );
    expect(hi.attack).toMatchObject({ raw: 140, target: 95, level: "MF" });
    expect(hi.defence).toMatchObject({ raw: -20, target: 5, level: "MS" });
  });
});

describe("results are plain data and replay exactly", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])(
    "seed %i: JSON round trip and replay from the recorded rolls",
    (seed) => {
      const d = decl({}, { killRoll: true, bleeding: true });
      const r = resolveExchange(d, counter, new SeededDice(seed));
      expect(JSON.parse(JSON.stringify(r))).toEqual(r);
      expect(resolveExchange(d, counter, replayDice(r.rolls))).toEqual(r);
    },
  );
});

describe("the hm3 ruleset through the core interface", () => {
  it("asks the defender for a defence, then resolves", () => {
    const state = hm3.start(decl(), new SeededDice(1));
    expect(hm3.pending(state)).toMatchObject({ by: "defender", kind: "defence" });
    expect(hm3.pending(state)!.options.map((o) => o.id)).toEqual([
      "block",
      "counterstrike",
      "dodge",
      "ignore",
    ]);
    expect(() => hm3.result(state)).toThrow(/waiting/);
    const done = hm3.choose(
      state,
      hm3.parseChoice(state, { type: "dodge", eml: 40 }),
      dice({ attack: 27, defence: 27 }),
    );
    expect(hm3.pending(done)).toBeNull();
    expect(hm3.result(done).result).toBe("miss");
    expect(() => hm3.choose(done, { type: "ignore" }, new SeededDice(1))).toThrow(/already/);
  });

  it("Block needs a weapon or shield, Counterstrike a weapon (seed 003 lines 141-142)", () => {
    const bare = hm3.start(
      { ...decl(), defenderHolds: { weapon: false, shield: false } },
      new SeededDice(1),
    );
    const opts = hm3.pending(bare)!.options;
    expect(opts.map((o) => [o.id, o.unavailableKey ?? null])).toEqual([
      ["block", "BLOWBYBLOW.HM3.Unavailable.NothingToBlock"],
      ["counterstrike", "BLOWBYBLOW.HM3.Unavailable.NoWeapon"],
      ["dodge", null],
      ["ignore", null],
    ]);
    expect(() => hm3.parseChoice(bare, { type: "block", eml: 50 })).toThrow(
      "defence.type: the defender cannot block: it needs a weapon or shield in hand",
    );
    const shieldOnly = hm3.start(
      { ...decl(), defenderHolds: { weapon: false, shield: true } },
      new SeededDice(1),
    );
    expect(hm3.parseChoice(shieldOnly, { type: "block", eml: 50 }).type).toBe("block");
    expect(() =>
      hm3.parseChoice(shieldOnly, { type: "counterstrike", eml: 50, aspect: "blunt", impact: 2 }),
    ).toThrow(/cannot counterstrike: it needs a weapon in hand/);
  });

  it("offers no counterstrike against a missile (line 30)", () => {
    const state = hm3.start(decl({ type: "missile" }), new SeededDice(1));
    expect(hm3.pending(state)!.options.map((o) => o.id)).toEqual(["block", "dodge", "ignore"]);
    expect(() =>
      hm3.parseChoice(state, { type: "counterstrike", eml: 50, aspect: "edge", impact: 5 }),
    ).toThrow(/defence\.type/);
  });

  it("runExchange answers each prompt by kind and returns the answers nobody asked for", () => {
    const { result: r, unusedAnswers } = runExchange(
      hm3,
      decl(),
      { defence: [{ type: "ignore" }, { type: "dodge", eml: 5 }], spendStars: [1] },
      dice({ attack: 25, location: 50, impact: [1, 1, 1, 1] }),
    );
    expect(r.result).toBe("A*4");
    expect(r.choices).toEqual([{ by: "defender", kind: "defence", value: { type: "ignore" } }]);
    expect(unusedAnswers).toEqual(["defence[1]", "spendStars"]);
    expect(() => runExchange(hm3, decl(), {}, new SeededDice(1))).toThrow(
      "defence: the exchange needs a defence choice by the defender, got nothing",
    );
  });
});

describe("flammable armour (seed 003 line 277, ruling R12)", () => {
  const fire = (flammable: Record<string, "cloth" | "quilt">) => {
    const d = decl({ aspect: "fire", impact: 5 });
    d.defender.flammable = flammable;
    return d;
  };

  it("fire impact 13+ before armour on Quilt ignites on 01-50: S2 burn for three Combat Turns", () => {
    // CS vs Ignore = A*4; thorax (mid 50); 5 + 2+2+2+2 = 13 fire − 2 = 11 → S3.
    const script = { attack: 25, location: 50, impact: [2, 2, 2, 2], shock: [1, 1, 1] };
    const lit = resolveExchange(
      fire({ thorax: "quilt" }),
      { type: "ignore" },
      dice({ ...script, ignite: 50 }),
    );
    expect(lit.strikes[0]!.ignition).toEqual({
      material: "quilt",
      roll: 50,
      ignited: true,
      burn: "S2",
      turns: 3,
    });
    expect(lit.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "burning",
      cause: "burn.quilt",
    });
    const not = resolveExchange(
      fire({ thorax: "quilt" }),
      { type: "ignore" },
      dice({ ...script, ignite: 51 }),
    );
    expect(not.strikes[0]!.ignition!.ignited).toBe(false);
    expect(not.effects.some((e) => e.type === "condition" && e.condition === "burning")).toBe(
      false,
    );
  });

  it("Frost reads the Fire column but sets nothing alight (ruling R1)", () => {
    const frost = fire({ thorax: "quilt" });
    frost.attack.aspect = "frost";
    const r = resolveExchange(
      frost,
      { type: "ignore" },
      dice({ attack: 25, location: 50, impact: [6, 6, 6, 6] }),
    );
    expect(r.strikes[0]).toMatchObject({ armour: 2, ignition: null });
  });

  it("Cloth burns M1", () => {
    const r = resolveExchange(
      fire({ thorax: "cloth" }),
      { type: "ignore" },
      dice({ attack: 25, location: 50, impact: [2, 2, 2, 2], ignite: 1 }),
    );
    expect(r.strikes[0]!.ignition).toMatchObject({ material: "cloth", burn: "M1", ignited: true });
  });

  it("no ignition roll under 13 fire impact, for other aspects, or where nothing flammable is worn", () => {
    const under = resolveExchange(
      fire({ thorax: "quilt" }),
      { type: "ignore" },
      dice({ attack: 25, location: 50, impact: [1, 2, 2, 2] }),
    );
    expect(under.strikes[0]!.ignition).toBeNull();
    const edge = decl({ impact: 9 });
    edge.defender.flammable = { thorax: "quilt" };
    expect(
      resolveExchange(
        edge,
        { type: "ignore" },
        dice({ attack: 25, location: 50, impact: [6, 6, 6, 6] }),
      ).strikes[0]!.ignition,
    ).toBeNull();
    const bare = resolveExchange(
      fire({ abdomen: "quilt" }),
      { type: "ignore" },
      dice({ attack: 25, location: 50, impact: [6, 6, 6, 6] }),
    );
    expect(bare.strikes[0]!.ignition).toBeNull();
    expect(bare.rolls.some((x) => x.name === "ignite")).toBe(false);
  });
});
