/** EML construction: seed 003 lines 37-50 (missile defence EMLs), 175-181 (melee), 208-215 (missile). */
import { describe, expect, it } from "vitest";
import { meleeEml, missileDefenceMl, missileEml } from "../../src/rules/hm3";
import { HM3_EML_BASE, HM3_ML, HM3_WEAPON_MODIFIER } from "../../src/rules/hm3/character-types";
import { BOUNDS } from "../../src/foundry/rulesets/hm3/rules";

describe("melee EML (seed 003 lines 175-181)", () => {
  it("itemises PP ×5, special penalty, aim, outnumbered and prone opponent", () => {
    const t = meleeEml({
      base: 85,
      baseKey: "aml",
      physicalPenalty: 3,
      specialPenalty: -5,
      aim: "high",
      opponents: 3,
      proneOpponent: true,
    });
    expect(t.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["physicalPenalty", -15],
      ["specialPenalty", -5],
      ["aim.high", -10],
      ["outnumbered", -20],
      ["proneOpponent", 20],
    ]);
    expect(t.raw).toBe(85 - 15 - 5 - 10 - 20 + 20);
    expect(t.value).toBe(55);
    expect(t.modifiers.every((m) => m.source.startsWith("seed 003 line"))).toBe(true);
  });

  it("drops modifiers that are zero (mid aim, no penalty, one opponent)", () => {
    const t = meleeEml({ base: 60, baseKey: "dml", physicalPenalty: 0, aim: "mid", opponents: 1 });
    expect(t.modifiers).toEqual([]);
    expect(t.value).toBe(60);
  });

  it("low aim is −10 as high (line 54)", () => {
    expect(meleeEml({ base: 60, baseKey: "aml", physicalPenalty: 0, aim: "low" }).value).toBe(50);
  });

  it("clamps the value to 5..95 and keeps the raw sum", () => {
    const hi = meleeEml({ base: 110, baseKey: "aml", physicalPenalty: 0, proneOpponent: true });
    expect([hi.raw, hi.value]).toEqual([130, 95]);
    const lo = meleeEml({ base: 20, baseKey: "aml", physicalPenalty: 6 });
    expect([lo.raw, lo.value]).toEqual([-10, 5]);
  });

  it("keeps a user's custom modifier with its label", () => {
    const t = meleeEml({
      base: 60,
      baseKey: "aml",
      physicalPenalty: 0,
      custom: [{ label: "Fog <b>", value: -10 }],
    });
    expect(t.modifiers).toEqual([{ key: "custom", label: "Fog <b>", value: -10, source: "user" }]);
  });

  it.each([
    [{ physicalPenalty: -1 }, /physicalPenalty: must be between 0 and 100, got -1/],
    [{ physicalPenalty: 1.5 }, /physicalPenalty: expected a whole number, got 1.5/],
    [{ specialPenalty: 5 }, /specialPenalty: must be between -100 and 0, got 5/],
    [{ opponents: 0 }, /opponents: must be between 1 and 20, got 0/],
    [
      { custom: [{ label: "x", value: 500 }] },
      /custom\[0\]\.value: must be between -100 and 100, got 500/,
    ],
    [{ custom: [{ label: " ", value: 5 }] }, /custom\[0\]\.label/],
  ])("refuses impossible modifiers, naming the field: %o", (over, message) => {
    expect(() => meleeEml({ base: 60, baseKey: "aml", physicalPenalty: 0, ...over })).toThrow(
      message,
    );
  });
});

describe("one set of bounds: every base the stored data can make is an EML base (R42, issue 15)", () => {
  it("the data model's ML and weapon modifier bounds are the EML builder's", () => {
    expect(BOUNDS.ml).toMatchObject({ min: HM3_ML.min, max: HM3_ML.max });
    expect(BOUNDS.attackDefence).toMatchObject({
      min: HM3_WEAPON_MODIFIER.min,
      max: HM3_WEAPON_MODIFIER.max,
    });
    expect(HM3_EML_BASE).toEqual({ min: -50, max: 300 });
  });

  it("ML 200 with attack +100 (AML 300) and ML 0 with attack -50 (AML -50) build, clamped to 5..95", () => {
    // Before issue 15 the builder refused any base over 200 that the data model stores.
    const top = meleeEml({ base: 200 + 100, baseKey: "aml", physicalPenalty: 0 });
    expect([top.raw, top.value]).toEqual([300, 95]);
    const bottom = meleeEml({ base: 0 - 50, baseKey: "aml", physicalPenalty: 0 });
    expect([bottom.raw, bottom.value]).toEqual([-50, 5]);
    expect(
      missileEml({ base: 200, baseKey: "aml", physicalPenalty: 0, range: "short" }).value,
    ).toBe(95);
  });

  it("a base no stored data can make is refused, naming it", () => {
    expect(() => meleeEml({ base: 301, baseKey: "aml", physicalPenalty: 0 })).toThrow(
      "base: must be between -50 and 300, got 301",
    );
    expect(() => meleeEml({ base: -51, baseKey: "aml", physicalPenalty: 0 })).toThrow(
      "base: must be between -50 and 300, got -51",
    );
  });
});

describe("missile EML (seed 003 lines 208-215, 283)", () => {
  it.each([
    ["short", 0],
    ["medium", -20],
    ["long", -40],
    ["extreme", -80],
  ] as const)("range %s is EML %i", (range, mod) => {
    const t = missileEml({ base: 90, baseKey: "aml", physicalPenalty: 0, range });
    expect(t.raw).toBe(90 + mod);
    expect(t.modifiers.find((m) => m.key === `range.${range}`)?.value ?? 0).toBe(mod);
  });

  it("adds PP, aim, target size and weather", () => {
    const t = missileEml({
      base: 80,
      baseKey: "aml",
      physicalPenalty: 1,
      range: "medium",
      aim: "high",
      targetSize: 10,
      weather: -20,
    });
    expect(t.modifiers.map((m) => m.key)).toEqual([
      "physicalPenalty",
      "aim.high",
      "range.medium",
      "targetSize",
      "weather",
    ]);
    expect(t.raw).toBe(80 - 5 - 10 - 20 + 10 - 20);
  });

  it("weather is −10 to −40 (line 215)", () => {
    expect(() =>
      missileEml({ base: 80, baseKey: "aml", physicalPenalty: 0, range: "short", weather: -50 }),
    ).toThrow(/weather: must be between -40 and -10, got -50/);
    expect(() =>
      missileEml({ base: 80, baseKey: "aml", physicalPenalty: 0, range: "short", weather: -5 }),
    ).toThrow(/weather: must be between -40 and -10, got -5/);
    expect(
      missileEml({ base: 80, baseKey: "aml", physicalPenalty: 0, range: "short", weather: 0 })
        .modifiers,
    ).toEqual([]);
    expect(() =>
      missileEml({ base: 80, baseKey: "aml", physicalPenalty: 0, range: "short", weather: 10 }),
    ).toThrow(/weather/);
  });
});

describe("missile defence EMLs (seed 003 lines 37-50)", () => {
  it.each([
    ["block", "low", true, 61, 61, "line 40: LV shield full ML"],
    ["block", "low", false, 61, 31, "line 41: LV weapon half ML (rounded half up, R2)"],
    ["block", "high", true, 61, 61, "line 42: HV shield full ML"],
    ["block", "high", false, 61, 5, "line 43: HV weapon ML 05"],
    ["dodge", "low", false, 61, 61, "line 46: LV full ML"],
    ["dodge", "high", false, 61, 31, "line 47: HV half ML"],
    ["dodge", "high", false, 60, 30, "line 47: HV half ML"],
  ] as const)(
    "%s %s shield=%s ML %i → %i (%s)",
    (defence, velocity, shield, ml, expected, _rule) => {
      expect(missileDefenceMl(defence, velocity, ml, shield).ml).toBe(expected);
    },
  );
});
