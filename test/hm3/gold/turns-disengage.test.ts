/**
 * HârnMaster Gold disengaging (seed 000 lines 85-91; ruling G67): the disengager's Initiative
 * test against each engaged opponent's (MF for one who does not test); equal or higher: away
 * with ½ Mobility EML feet; lower: one hex and stop; CF: a Stumble Roll.
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice } from "../../../src/core/dice";
import { mobilityEml, resolveDisengage } from "../../../src/rules/hm3/gold/turns-disengage";

const dice = (script: Record<string, number | number[]>) => {
  const d = new ScriptedDice(script, new SeededDice(1));
  return d;
};
// AGL 13, PP 1: Mobility EML 65 − 5 = 60, ½ = 30 ft = 6 hexes.
const base = { eml: 60, agl: 13, pp: 1 };

describe("Mobility EML (G67)", () => {
  it.each([
    [13, 1, 60],
    [13, 0, 65],
    [20, 0, 95],
    [2, 3, 5],
  ])("AGL %i, PP %i: %i", (agl, pp, eml) => expect(mobilityEml(agl, pp)).toBe(eml));
});

describe("resolveDisengage (000:87-91)", () => {
  it("equal level (MS vs MS): away, one hex then ½ Mobility EML feet", () => {
    const d = dice({ disengage: 33, "disengage.foe.0": 41 });
    const r = resolveDisengage({ ...base, foes: [{ id: "f", eml: 50 }] }, d);
    expect(r.test).toEqual({ roll: 33, eml: 60, level: "MS" });
    expect(r.foes).toEqual([{ id: "f", roll: 41, eml: 50, level: "MS" }]);
    expect(r).toMatchObject({ outcome: "away", mobility: 60, feet: 30, hexes: 6, stumble: null });
    expect(d.unused()).toEqual([]);
  });
  it("lower than one opponent (MS vs CS): one hex, then stop", () => {
    const r = resolveDisengage(
      {
        ...base,
        foes: [
          { id: "f1", eml: 50 },
          { id: "f2", eml: 50 },
        ],
      },
      dice({ disengage: 33, "disengage.foe.0": 61, "disengage.foe.1": 25 }),
    );
    expect(r.foes.map((f) => f.level)).toEqual(["MF", "CS"]);
    expect(r).toMatchObject({ outcome: "oneHex", feet: 0, hexes: 0, stumble: null });
  });
  it("an opponent who does not test counts as MF (no roll)", () => {
    const d = dice({ disengage: 71 });
    const r = resolveDisengage({ ...base, foes: [{ id: "f", eml: null }] }, d);
    expect(r.test.level).toBe("MF");
    expect(r.foes).toEqual([{ id: "f", roll: null, eml: null, level: "MF" }]);
    expect(r.outcome).toBe("away");
    expect(d.unused()).toEqual([]);
  });
  it("a CF: one hex then stop, and a Stumble Roll (3d6 against AGL − PP)", () => {
    const r = resolveDisengage(
      { ...base, foes: [{ id: "f", eml: null }] },
      dice({ disengage: 70, "disengage.stumble": [6, 5, 3] }),
    );
    expect(r.test.level).toBe("CF");
    expect(r.outcome).toBe("oneHex");
    expect(r.stumble).toMatchObject({ total: 14, target: 12, failed: true });
  });
  it("no opponent engaged: away on any level but CF's stumble still rolled", () => {
    const r = resolveDisengage(
      { ...base, foes: [] },
      dice({ disengage: 90, "disengage.stumble": 3 }),
    );
    expect(r.outcome).toBe("away");
    expect(r.stumble?.failed).toBe(false);
  });
});
