/**
 * HârnMaster Gold EML options in the HM3 engine (issue 19, group eml): counterstriking, darkness
 * (+ thrusting weapons), dodging, feint (+ feinting counterstrikes), mounted combat against
 * adjacent foot, strike recovery (seed 000 lines 59-61, 71-127, 177-185, 338-344; docs/rulings.md
 * G30-G39), through the CLI's `resolve` input (parse.ts) and the engine (exchange.ts).
 */
import { describe, expect, it } from "vitest";
import { replayDice, ScriptedDice, SeededDice, type RollScript } from "../../../src/core/dice";
import { runExchange } from "../../../src/core/ruleset";
import { hm3, parseResolveInput, type Hm3Result } from "../../../src/rules/hm3";
import {
  DARKNESS_PENALTY,
  darkThrustModifier,
  feintPenalty,
  moonOfDay,
  mountedEmlModifier,
  recoveryModifier,
} from "../../../src/rules/hm3/gold/eml-rules";
import { EML_CATALOG } from "../../../src/rules/hm3/gold/eml";

const FIGHTER = { endurance: 12, dex: 12, agl: 12 };

type Json = Record<string, unknown>;

function input(attack: Json = {}, defence: Json = {}, options: Json = {}): Json {
  return {
    attack: { type: "melee", eml: 60, aspect: "edge", aim: "mid", impact: 5, ...attack },
    defence: { type: "block", eml: 50, ...defence },
    attacker: FIGHTER,
    defender: FIGHTER,
    options,
  };
}

function run(raw: Json, script: RollScript = {}): Hm3Result {
  const { decl, answers } = parseResolveInput(raw);
  const dice = new ScriptedDice(script, new SeededDice(7));
  return runExchange(hm3, decl, answers, dice).result;
}

const keys = (t: { modifiers: { key: string; value: number }[] }) =>
  Object.fromEntries(t.modifiers.map((m) => [m.key, m.value]));

describe("counterstriking (seed 000 lines 59-61; ruling G30)", () => {
  it("changes nothing: an HM3 counterstrike already rolls against the weapon's AML", () => {
    const counter = {
      type: "counterstrike",
      eml: 55,
      aspect: "blunt",
      aim: "mid",
      impact: 4,
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      const off = parseResolveInput(input({}, counter));
      const on = parseResolveInput(input({}, counter, { counterstriking: true }));
      const a = runExchange(hm3, off.decl, off.answers, new SeededDice(seed)).result;
      const b = runExchange(hm3, on.decl, on.answers, new SeededDice(seed)).result;
      expect(b.defence).toEqual(a.defence);
      expect(b.strikes).toEqual(a.strikes);
      expect(b.result).toBe(a.result);
    }
  });
});

describe("darkness (seed 000 lines 71-83; rulings G31, G32)", () => {
  // Seed 000 lines 75-79, cell by cell.
  const TABLE: [string, string, number][] = [
    ["clear", "full", -10],
    ["clear", "half", -20],
    ["clear", "new", -40],
    ["cloudy", "full", -20],
    ["cloudy", "half", -30],
    ["cloudy", "new", -50],
    ["overcast", "full", -40],
    ["overcast", "half", -50],
    ["overcast", "new", -70],
  ];
  it.each(TABLE)("%s sky, %s moon: EML %i on the attack and on the defence", (sky, moon, v) => {
    expect(DARKNESS_PENALTY[sky as "clear"][moon as "full"]).toBe(v);
    const r = run(input({ darkness: { sky, moon } }, {}, { darkness: true }));
    expect(keys(r.attack.eml)["gold.darkness"]).toBe(v);
    expect(r.attack.target).toBe(Math.max(5, 60 + v));
    expect(keys(r.defence!.eml)["gold.darkness"]).toBe(v);
    expect(r.defence!.target).toBe(Math.max(5, 50 + v));
    expect(r.attack.eml.modifiers.find((m) => m.key === "gold.darkness")!.source).toBe(
      "seed 000 lines 73-81",
    );
  });

  it("takes the moon from the day of the month (seed 000 line 81)", () => {
    const want = (d: number) => (d >= 13 && d <= 17 ? "full" : d <= 2 || d >= 28 ? "new" : "half");
    for (let d = 1; d <= 30; d++) expect(moonOfDay(d)).toBe(want(d));
    expect([1, 2, 3, 12, 13, 17, 18, 27, 28, 30].map(moonOfDay)).toEqual([
      "new",
      "new",
      "half",
      "half",
      "full",
      "full",
      "half",
      "half",
      "new",
      "new",
    ]);
    const r = run(input({ darkness: { sky: "cloudy", day: 15 } }, {}, { darkness: true }));
    expect(keys(r.attack.eml)["gold.darkness"]).toBe(-20);
    expect(() =>
      run(input({ darkness: { sky: "clear", day: 31 } }, {}, { darkness: true })),
    ).toThrow(/attack\.darkness\.day/);
  });

  it("applies to every rolled defence (Dodge, Counterstrike) and not to Ignore", () => {
    const dark = { darkness: { sky: "clear", moon: "new" } };
    const dodge = run(input(dark, { type: "dodge" }, { darkness: true }));
    expect(keys(dodge.defence!.eml)["gold.darkness"]).toBe(-40);
    const cs = run(
      input(dark, { type: "counterstrike", aspect: "blunt", impact: 3 }, { darkness: true }),
    );
    expect(keys(cs.defence!.eml)["gold.darkness"]).toBe(-40);
    const ignore = run(input(dark, { type: "ignore" }, { darkness: true }));
    expect(ignore.defence).toBeNull();
  });

  it("is refused while the option is off, naming the field", () => {
    expect(() => run(input({ darkness: { sky: "clear", moon: "full" } }))).toThrow(
      /attack\.darkness: needs the HârnMaster Gold option darkness/,
    );
    expect(() =>
      run(input({ darkness: { sky: "dim", moon: "full" } }, {}, { darkness: true })),
    ).toThrow(/attack\.darkness\.sky/);
  });

  it("halves a thrust's Attack column, rounded half up (line 83; G32)", () => {
    expect(darkThrustModifier(25)).toBe(-12);
    expect(darkThrustModifier(20)).toBe(-10);
    expect(darkThrustModifier(5)).toBe(-2);
    expect(darkThrustModifier(0)).toBe(0);
    expect(darkThrustModifier(-5)).toBe(0);
    const options = { darkness: true, darknessThrusting: true };
    const thrust = {
      aspect: "point",
      darkness: { sky: "clear", moon: "full" },
      weaponClass: { attack: 15, defence: 5 },
    };
    const r = run(input(thrust, {}, options));
    expect(keys(r.attack.eml)).toEqual({ "gold.darkness": -10, "gold.darknessThrusting": -7 });
    expect(r.attack.target).toBe(60 - 10 - 7);
    // A swung weapon (Edge, Blunt) keeps its Attack column.
    const swing = run(input({ ...thrust, aspect: "edge" }, {}, options));
    expect(keys(swing.attack.eml)).toEqual({ "gold.darkness": -10 });
    // The sub-rule off: no halving.
    const sub = run(input(thrust, {}, { darkness: true }));
    expect(keys(sub.attack.eml)).toEqual({ "gold.darkness": -10 });
    // A thrust needs the weapon's columns.
    expect(() => run(input({ ...thrust, weaponClass: undefined }, {}, options))).toThrow(
      /attack\.weaponClass/,
    );
  });
});

describe("dodging (seed 000 lines 93-99; ruling G36)", () => {
  it("puts the next attack at EML −20 (line 97)", () => {
    const r = run(input({ dodged: true }, {}, { dodging: true }));
    expect(keys(r.attack.eml)).toEqual({ "gold.dodged": -20 });
    expect(r.attack.target).toBe(40);
    const missile = run(
      input({ type: "missile", aspect: "point", dodged: true }, {}, { dodging: true }),
    );
    expect(missile.attack.target).toBe(40);
  });

  it("puts a counterstrike after a Dodge at −20, and refuses it on another defence", () => {
    const cs = { type: "counterstrike", aspect: "blunt", impact: 3, dodged: true };
    const r = run(input({}, cs, { dodging: true }));
    expect(keys(r.defence!.eml)).toEqual({ "gold.dodged": -20 });
    expect(r.defence!.target).toBe(30);
    expect(() => run(input({}, { type: "block", dodged: true }, { dodging: true }))).toThrow(
      /defence\.dodged: a Dodge costs the next attack roll/,
    );
    expect(() => run(input({ dodged: true }))).toThrow(/attack\.dodged: needs .* dodging/);
  });
});

describe("feint (seed 000 lines 115-127; rulings G33, G34)", () => {
  it("Oldo sacrifices 20 points, his opponent defends at EML −10 (lines 119-121)", () => {
    const r = run(input({ feint: 20 }, {}, { feint: true }));
    expect(keys(r.attack.eml)).toEqual({ "gold.feint": -20 });
    expect(r.attack.target).toBe(40);
    expect(keys(r.defence!.eml)).toEqual({ "gold.feinted": -10 });
    expect(r.defence!.target).toBe(40);
  });

  it("halves an odd feint rounding half up (G33)", () => {
    expect([1, 5, 10, 15, 20, 25].map(feintPenalty)).toEqual([-1, -3, -5, -8, -10, -13]);
    const r = run(input({ feint: 15 }, { type: "dodge" }, { feint: true }));
    expect(r.defence!.target).toBe(42);
  });

  it("may not bring the EML below 05, naming attack.feint (line 119)", () => {
    expect(run(input({ feint: 55 }, {}, { feint: true })).attack.target).toBe(5);
    expect(() => run(input({ feint: 56 }, {}, { feint: true }))).toThrow(
      /attack\.feint: a feint may not reduce the EML below 05 .*would be 4/,
    );
  });

  it("is not made with flails, nets or whips (line 125), nor with a missile", () => {
    for (const skill of ["Flail", "Net", "whip"])
      expect(() => run(input({ feint: 10, weaponSkill: skill }, {}, { feint: true }))).toThrow(
        /attack\.feint: a .* cannot feint/,
      );
    expect(run(input({ feint: 10, weaponSkill: "Sword" }, {}, { feint: true })).attack.target).toBe(
      50,
    );
    expect(() =>
      run(input({ type: "missile", aspect: "point", feint: 10 }, {}, { feint: true })),
    ).toThrow(/attack\.feint: a feint is a melee/);
    expect(() => run(input({ feint: 10 }))).toThrow(/attack\.feint: needs .* feint/);
    expect(() => run(input({ feint: 0 }, {}, { feint: true }))).toThrow(/attack\.feint/);
  });

  it("lets a counterstriker feint; the mutual penalties are cumulative (line 127; G34)", () => {
    const options = { feint: true, feintingCounterstrikes: true };
    const cs = { type: "counterstrike", eml: 70, aspect: "blunt", impact: 3, feint: 10 };
    const r = run(input({ feint: 20 }, cs, options));
    // The attacker: his own −20 and half the counterstriker's 10.
    expect(keys(r.attack.eml)).toEqual({ "gold.feint": -20, "gold.counterFeinted": -5 });
    expect(r.attack.target).toBe(35);
    // The counterstriker: half the attacker's 20 and his own −10.
    expect(keys(r.defence!.eml)).toEqual({ "gold.feinted": -10, "gold.feint": -10 });
    expect(r.defence!.target).toBe(50);
    // The recorded choice keeps the feint, and the result replays from its rolls.
    expect((r.choices[0]!.value as { feint?: number }).feint).toBe(10);
    const { decl, answers } = parseResolveInput(input({ feint: 20 }, cs, options));
    const again = runExchange(hm3, decl, answers, replayDice(r.rolls)).result;
    expect(again).toEqual(r);
  });

  it("refuses a defence feint without the sub-rule, or on a Block", () => {
    const cs = { type: "counterstrike", aspect: "blunt", impact: 3, feint: 10 };
    expect(() => run(input({}, cs, { feint: true }))).toThrow(
      /defence\.feint: needs .* feintingCounterstrikes/,
    );
    expect(() =>
      run(input({}, { type: "block", feint: 10 }, { feint: true, feintingCounterstrikes: true })),
    ).toThrow(/defence\.feint: .*only on a counterstrike/);
    expect(() =>
      run(input({}, { ...cs, eml: 14 }, { feint: true, feintingCounterstrikes: true })),
    ).toThrow(/defence\.feint: a feint may not reduce the EML below 05/);
  });

  it("keeps an itemised feint the flow already gave, and refuses a wrong one", () => {
    const eml = {
      baseKey: "aml",
      base: 60,
      modifiers: [{ key: "gold.feint", value: -20, source: "seed 000 lines 119-121" }],
    };
    const r = run(input({ feint: 20, eml }, {}, { feint: true }));
    expect(r.attack.target).toBe(40);
    expect(r.attack.eml.modifiers).toHaveLength(1);
    expect(() => run(input({ feint: 10, eml }, {}, { feint: true }))).toThrow(
      /attack\.eml\.modifiers: .*gold\.feint must be -10/,
    );
    expect(() => run(input({ eml }, {}, { feint: true }))).toThrow(
      /attack\.eml\.modifiers: .*do not give/,
    );
  });
});

describe("strike recovery (seed 000 lines 338-344; ruling G35)", () => {
  it("Curnach's Battlesword A/D 5/2 (25/10) strikes again at Attack 2 (line 342)", () => {
    expect(recoveryModifier({ attack: 25, defence: 10 })).toBe(-15);
    expect(recoveryModifier({ attack: 10, defence: 20 })).toBe(0);
    const r = run(
      input(
        { recovering: true, weaponClass: { attack: 25, defence: 10 }, eml: 25 + 50 },
        {},
        { strikeRecovery: true },
      ),
    );
    // AML = ML 50 + Attack 25; recovering, ML 50 + 10.
    expect(keys(r.attack.eml)).toEqual({ "gold.strikeRecovery": -15 });
    expect(r.attack.target).toBe(60);
  });

  it("applies to a counterstrike after attacking, and needs the weapon's columns", () => {
    const cs = {
      type: "counterstrike",
      aspect: "edge",
      impact: 5,
      recovering: true,
      weaponClass: { attack: 25, defence: 10 },
    };
    expect(keys(run(input({}, cs, { strikeRecovery: true })).defence!.eml)).toEqual({
      "gold.strikeRecovery": -15,
    });
    expect(() => run(input({ recovering: true }, {}, { strikeRecovery: true }))).toThrow(
      /attack\.weaponClass: strike recovery needs/,
    );
    expect(() =>
      run(
        input({ type: "missile", aspect: "point", recovering: true }, {}, { strikeRecovery: true }),
      ),
    ).toThrow(/attack\.recovering/);
  });

  it("halves the recovered Attack column for a thrust in darkness", () => {
    const r = run(
      input(
        {
          aspect: "point",
          recovering: true,
          weaponClass: { attack: 25, defence: 15 },
          darkness: { sky: "clear", moon: "full" },
        },
        {},
        { strikeRecovery: true, darkness: true, darknessThrusting: true },
      ),
    );
    // 25 → 15 (recovery) → 8 (halved, half up): −10, then −7.
    expect(keys(r.attack.eml)).toEqual({
      "gold.darkness": -10,
      "gold.strikeRecovery": -10,
      "gold.darknessThrusting": -7,
    });
  });
});

describe("mounted combat against adjacent foot (seed 000 lines 177-185; rulings G37, G38)", () => {
  const mounted = { teamInitiative: 71, ml: 60 };

  it("averages Team Initiative and the weapon ML (half up) and adds one Attack Class", () => {
    expect(mountedEmlModifier({ teamInitiative: 71, ml: 60 })).toBe(6);
    expect(mountedEmlModifier({ teamInitiative: 40, ml: 60 })).toBe(-10);
    const r = run(input({ eml: 75, mounted }, {}, { mountedCombat: true }));
    // AML 75 = ML 60 + Attack 15; (71 + 60) / 2 = 65.5 → 66; +5 for +1 Attack Class.
    expect(keys(r.attack.eml)).toEqual({ "gold.mounted": 6, "gold.mountedAttackClass": 5 });
    expect(r.attack.target).toBe(86);
  });

  it("costs a rider's Block with a weapon one Defence Class, not with a shield", () => {
    const weapon = run(input({}, { mounted }, { mountedCombat: true }));
    expect(keys(weapon.defence!.eml)).toEqual({ "gold.mountedDefenceClass": -5 });
    const shield = run(
      input({}, { mounted: { ...mounted, shield: true } }, { mountedCombat: true }),
    );
    expect(shield.defence!.eml.modifiers).toEqual([]);
    expect(() => run(input({}, { type: "dodge", mounted }, { mountedCombat: true }))).toThrow(
      /defence\.mounted/,
    );
  });

  it("makes AF and AS an unhorsing roll (AU, line 185; G38)", () => {
    // Attack 90 vs EML 86: CF; Block 61 vs 50: MF → AF (seed 003 line 7).
    const af = run(input({ mounted }, {}, { mountedCombat: true }), {
      attack: 90,
      defence: 61,
      attackerUnhorsing: 80,
    });
    expect(af.result).toBe("AF");
    expect(af.fumbles).toEqual([]);
    expect(af.unhorsing).toEqual({ code: "AF", roll: 80, target: 71, level: "CF", unhorsed: true });
    expect(af.effects).toContainEqual({
      type: "condition",
      to: "attacker",
      condition: "prone",
      cause: "unhorsing",
    });
    expect(af.rolls.map((r) => r.name)).toContain("attackerUnhorsing");
    const stays = run(input({ mounted }, {}, { mountedCombat: true }), {
      attack: 90,
      defence: 61,
      attackerUnhorsing: 12,
    });
    expect(stays.unhorsing!.unhorsed).toBe(false);
    expect(stays.effects.some((e) => e.type === "condition" && e.cause === "unhorsing")).toBe(
      false,
    );
    // CF vs a Dodge's MF is AS: an unhorsing roll too, and no stumble roll.
    const as = run(input({ mounted }, { type: "dodge" }, { mountedCombat: true }), {
      attack: 90,
      defence: 61,
      attackerUnhorsing: 72,
    });
    expect(as.result).toBe("AS");
    expect(as.stumbles).toEqual([]);
    expect(as.unhorsing).toEqual({ code: "AS", roll: 72, target: 71, level: "MF", unhorsed: true });
    // On foot, AF is the fumble roll as ever.
    const foot = run(input({}, {}, { mountedCombat: true }), { attack: 65, defence: 61 });
    expect(foot.result).toBe("AF");
    expect(foot.fumbles).toHaveLength(1);
    expect(foot.unhorsing).toBeUndefined();
  });

  it("is refused off, and on a missile", () => {
    expect(() => run(input({ mounted }))).toThrow(/attack\.mounted: needs .* mountedCombat/);
    expect(() =>
      run(input({ type: "missile", aspect: "point", mounted }, {}, { mountedCombat: true })),
    ).toThrow(/attack\.mounted: the mounted rule is a melee attack/);
  });
});

describe("the attack dialog's rows", () => {
  it("are each gated by their option", () => {
    expect(EML_CATALOG.map((r) => [r.id, r.option])).toEqual([
      ["gold.feint", "feint"],
      ["gold.darkness", "darkness"],
      ["gold.dodged", "dodging"],
      ["gold.recovering", "strikeRecovery"],
      ["gold.mounted", "mountedCombat"],
    ]);
  });
});
