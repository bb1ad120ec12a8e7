/**
 * HârnMaster Gold encumbrance & fatigue (seed 000 lines 101-113; rulings G64-G66): ENC = Load ×
 * 20 / Condition ML, in HM3's PP as ENC ÷ 5; FR = ENC / 10 (min 1); recovery Condition SI per 2
 * minutes of rest; the derivation with the option on and off.
 */
import { describe, expect, it } from "vitest";
import { deriveHm3Character, type Hm3CharacterInput } from "../../../src/rules/hm3";
import {
  conditionMl,
  encumbranceLevels,
  fatigueAfterRest,
  fatigueGained,
  fatigueRate,
  goldEnc,
  minuteEndsAt,
} from "../../../src/rules/hm3/gold/turns-encumbrance";

// Endurance round((12 + 13 + 11) / 3) = 12: Condition ML 60 without a Condition skill (G65).
const ATTRS = {
  str: 12,
  sta: 13,
  dex: 14,
  agl: 11,
  eye: 10,
  hrg: 12,
  sml: 9,
  voi: 10,
  int: 13,
  aur: 8,
  wil: 11,
  cml: 10,
};

function sheet(load: number, over: Partial<Hm3CharacterInput> = {}): Hm3CharacterInput {
  return {
    attributes: { ...ATTRS },
    fatigue: 0,
    encumbranceOverride: null,
    skills: [
      {
        id: "s1",
        name: "Sword",
        category: "combat",
        sbAttributes: ["str", "dex", "agl"],
        sbModifier: 0,
        skillBase: null,
        ml: 70,
      },
    ],
    weapons: [],
    missiles: [],
    armour: [],
    injuries: [],
    load: [{ id: "g1", weight: load, quantity: 1, carried: true }],
    ...over,
  };
}

describe("the formulas (000:105-113)", () => {
  it.each([
    // load, Condition ML, ENC, PP levels, FR
    [0, 60, 0, 0, 1],
    [30, 60, 10, 2, 1],
    [45, 50, 18, 4, 1],
    [75, 50, 30, 6, 3],
    [20, 70, 6, 1, 1], // 400 / 70 = 5.71 → 6
    [52, 80, 13, 3, 1], // 1040 / 80 = 13; 13 / 5 = 2.6 → 3
    [100, 40, 50, 10, 5],
  ])("load %i lb, Condition %i: ENC %i, PP %i, FR %i", (load, cond, enc, levels, fr) => {
    expect(goldEnc(load, cond)).toBe(enc);
    expect(encumbranceLevels(enc)).toBe(levels);
    expect(fatigueRate(enc)).toBe(fr);
  });
  it("Condition ML: the Condition skill's ML, else Endurance × 5 (G65)", () => {
    expect(conditionMl(12, null)).toBe(60);
    expect(conditionMl(12, 0)).toBe(60);
    expect(conditionMl(12, 74)).toBe(74);
    expect(() => goldEnc(10, 0)).toThrow(RangeError);
  });
  it("FPs per minute of strenuous activity, recovered at Condition SI per 2 minutes (000:109, 113)", () => {
    expect(fatigueGained(30, 3)).toBe(9);
    expect(fatigueGained(5, 2)).toBe(2); // FR minimum 1
    expect(fatigueGained(30, 0)).toBe(0);
    // Condition 60: SI 6 per 2 whole minutes.
    expect(fatigueAfterRest(10, 60, 1)).toBe(10);
    expect(fatigueAfterRest(10, 60, 3)).toBe(4);
    expect(fatigueAfterRest(10, 60, 4)).toBe(0);
    expect(fatigueAfterRest(10, 45, 4)).toBe(2);
  });
  it("a minute of combat is 6 rounds: FR is added as rounds 7, 13, 19 start (G66)", () => {
    expect([1, 2, 6, 7, 8, 12, 13, 19, 20].filter(minuteEndsAt)).toEqual([7, 13, 19]);
  });
});

describe("the derivation (G64)", () => {
  it("off: HM3's encumbrance, round(load ÷ Endurance) (R23)", () => {
    const d = deriveHm3Character(sheet(30));
    expect(d.encumbrance).toBe(3); // 30 / 12 = 2.5 → 3
    expect(d.goldEncumbrance).toBeUndefined();
    expect(d.skills.s1!.eml.value).toBe(70 - 15);
  });
  it("on: ENC from Condition, in PP levels, taken from the physical skills", () => {
    const d = deriveHm3Character(sheet(30, { options: { encumbranceFatigue: true } }));
    expect(d.goldEncumbrance).toEqual({ conditionMl: 60, enc: 10, fatigueRate: 1, recovery: 6 });
    expect(d.encumbrance).toBe(2);
    expect(d.pp).toBe(2);
    expect(d.skills.s1!.eml.value).toBe(70 - 10);
  });
  it("on: a Condition skill gives the Condition ML; the GM's override still wins", () => {
    const withCondition = sheet(75, { options: { encumbranceFatigue: true } });
    withCondition.skills.push({
      id: "s2",
      name: " condition ",
      category: "physical",
      sbAttributes: ["str", "sta", "wil"],
      sbModifier: 0,
      skillBase: null,
      ml: 50,
    });
    const d = deriveHm3Character(withCondition);
    expect(d.goldEncumbrance).toMatchObject({ conditionMl: 50, enc: 30, fatigueRate: 3 });
    expect(d.encumbrance).toBe(6);
    const over = deriveHm3Character({ ...withCondition, encumbranceOverride: 1 });
    expect(over.encumbrance).toBe(1);
    expect(over.goldEncumbrance?.enc).toBe(30);
  });
});
