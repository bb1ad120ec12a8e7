/**
 * HârnMaster Gold double strike (seed 000 lines 249-262; rulings G54-G55): two attacks at −20,
 * the defender at −10 on each with one defence, a separate roll each; a counterstrike's D★
 * against the secondary attack ignored; one tactical advantage at most.
 */
import { describe, expect, it } from "vitest";
import { replayDice } from "../../../src/core/dice";
import { InputError } from "../../../src/core/errors";
import { runExchange } from "../../../src/core/ruleset";
import { hm3 } from "../../../src/rules/hm3";
import { input, run } from "./paired-helpers";

const DOUBLE = { aspect: "point", impact: 3, eml: 60, wq: 10 };

function doubled(defence: Record<string, unknown>, over: Record<string, unknown> = {}) {
  return input(["pairedWeapons"], {
    attack: { type: "melee", eml: 70, aspect: "edge", impact: 5, wq: 12, double: DOUBLE, ...over },
    defence,
  });
}

function error(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("no InputError");
}

const COUNTER = { type: "counterstrike", eml: 60, aspect: "blunt", impact: 3 };

describe("double strike", () => {
  it("each attack at EML −20 and each defence at −10, itemised (line 255, 260-262)", () => {
    const r = run(doubled({ type: "block", eml: 60 }), { attack: 27, defence: 27 });
    expect(r.attack.target).toBe(50);
    expect(r.attack.eml.modifiers).toEqual([
      { key: "gold.doubleStrike", value: -20, source: "seed 000 line 255" },
    ]);
    const second = r.double!.second;
    expect(second.attack.target).toBe(40);
    expect(second.attack.eml.modifiers).toEqual([
      { key: "gold.doubleStrike", value: -20, source: "seed 000 line 255" },
    ]);
    for (const d of [r.defence!, second.defence!]) {
      expect(d.target).toBe(50);
      expect(d.eml.modifiers).toEqual([
        { key: "gold.doubleStrikeDefence", value: -10, source: "seed 000 line 255" },
      ]);
    }
  });

  it("the same defence against both, a separate roll for each (line 257)", () => {
    const r = run(doubled({ type: "dodge", eml: 60 }), {
      attack: 27,
      defence: 61,
      "second.attack": 27,
      "second.defence": 27,
    });
    expect(r.defenceType).toBe("dodge");
    expect(r.double!.second.defenceType).toBe("dodge");
    expect(r.defence!.roll).toBe(61);
    expect(r.double!.second.defence!.roll).toBe(27);
    // MS vs dodge MF: A*1; MS vs dodge MS: miss (seed 003 line 9).
    expect(r.result).toBe("A*1");
    expect(r.double!.second.result).toBe("miss");
    expect(r.double!.second.strikes).toEqual([]);
    expect(r.strikes[0]!.aspect).toBe("edge");
  });

  it("the secondary weapon strikes with its own aspect and impact, its rolls named second.*", () => {
    const r = run(doubled({ type: "ignore" }), {
      attack: 61,
      "second.attack": 25,
      "second.impact": [1, 2, 3, 4],
    });
    // MF vs Ignore: A*1; CS vs Ignore: A*4 (seed 003 lines 8, 10).
    expect(r.result).toBe("A*1");
    expect(r.double!.second.result).toBe("A*4");
    const s = r.double!.second.strikes[0]!;
    expect([s.aspect, s.weaponImpact, s.impact]).toEqual(["point", 3, 13]);
    expect(r.rolls.map((x) => x.name)).toContain("second.impact");
    // Both strikes' injuries reach the defender.
    const injuries = r.effects.filter((e) => e.type === "injury");
    expect(injuries).toHaveLength(2);
  });

  it("a counterstrike's D★ against the secondary attack is ignored, no die rolled for it (line 257)", () => {
    // Secondary: attacker MF (41 > 40) vs counterstrike MS (27 ≤ 50): D*1 (seed 003 line 8).
    const r = run(doubled(COUNTER), {
      attack: 61,
      defence: 61,
      "second.attack": 41,
      "second.defence": 27,
    });
    expect(r.double!.second.result).toBe("D*1");
    expect(r.double!.second.strikes).toEqual([]);
    expect(r.double!.ignoredCounterstrike).toBe("D*1");
    expect(r.rolls.some((x) => x.name.startsWith("second.counter."))).toBe(false);
  });

  it("a D★ against the primary attack stands; a B★ against the secondary stands (G54)", () => {
    // Primary MF (61 > 50) vs MS: D*1; secondary MS (27) vs MS (27): B*1 (line 9).
    const r = run(doubled(COUNTER), {
      attack: 61,
      defence: 27,
      "second.attack": 27,
      "second.defence": 27,
    });
    expect(r.result).toBe("D*1");
    expect(r.strikes.map((s) => s.by)).toEqual(["defender"]);
    expect(r.double!.second.result).toBe("B*1");
    expect(r.double!.second.strikes.map((s) => s.by)).toEqual(["attacker", "defender"]);
    expect(r.double!.ignoredCounterstrike).toBeNull();
  });

  it("two tactical advantages count once (line 259; G55)", () => {
    // CF (55, 45) vs Block MS (27): DTA twice (seed 003 line 7).
    const r = run(doubled({ type: "block", eml: 60 }), {
      attack: 55,
      defence: 27,
      "second.attack": 45,
      "second.defence": 27,
    });
    expect([r.result, r.double!.second.result]).toEqual(["DTA", "DTA"]);
    expect(r.tacticalAdvantage).toBe("defender");
    expect(r.effects.filter((e) => e.type === "tacticalAdvantage")).toHaveLength(1);
  });

  it("a tactical advantage of the secondary attack alone counts", () => {
    const r = run(doubled({ type: "block", eml: 60 }), {
      attack: 27,
      defence: 27,
      "second.attack": 45,
      "second.defence": 27,
    });
    expect(r.result).toBe("block");
    expect(r.tacticalAdvantage).toBe("defender");
    expect(r.effects.filter((e) => e.type === "tacticalAdvantage")).toEqual([
      { type: "tacticalAdvantage", to: "defender", cause: "DTA" },
    ]);
  });

  it("replays from its rolls; the secondary's rolls are the attacker's and defender's", () => {
    const raw = doubled(COUNTER);
    const r = run(raw, {}, 7);
    const { decl, answers } = hm3.parseResolveInput(raw);
    expect(runExchange(hm3, decl, answers, replayDice(r.rolls)).result).toEqual(r);
    expect(hm3.rollSide!("second.attack")).toBe("attacker");
    expect(hm3.rollSide!("second.defence")).toBe("defender");
    expect(hm3.rollSide!("second.counter.impact")).toBe("defender");
  });

  it("input errors name the field", () => {
    const off = doubled({ type: "ignore" });
    off.options = {};
    expect(error(() => hm3.parseResolveInput(off)).field).toBe("attack.double");
    expect(
      error(() => hm3.parseResolveInput(doubled({ type: "ignore" }, { type: "missile" }))).field,
    ).toBe("attack.double");
    const bad = doubled({ type: "ignore" });
    (bad.attack as Record<string, unknown>).double = { ...DOUBLE, aspect: "slash" };
    expect(error(() => hm3.parseResolveInput(bad)).field).toBe("attack.double.aspect");
    const eml = doubled({ type: "ignore" });
    (eml.attack as Record<string, unknown>).double = { ...DOUBLE, eml: "x" };
    expect(error(() => hm3.parseResolveInput(eml)).field).toBe("attack.double.eml");
  });
});
