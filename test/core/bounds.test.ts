/**
 * The shared bounds of numbers users type (src/core/bounds.ts): the seed range is what
 * `SeededDice` keeps without loss and what `cli resolve` accepts; `readWhole` refuses empty
 * text (never 0), spellings that are not plain whole numbers, and values out of range.
 */
import { describe, expect, it } from "vitest";
import { DUEL_COUNT_RANGE, readWhole, SEED_RANGE } from "../../src/core/bounds";
import { SeededDice } from "../../src/core/dice";
import { resolveInput } from "../../src/rules/resolve";

describe("shared bounds", () => {
  it("reads whole numbers of a range, and says why it refuses", () => {
    const r = { min: -5, max: 5 };
    expect(readWhole(" 3 ", r)).toEqual({ ok: true, value: 3 });
    expect(readWhole("-5", r)).toEqual({ ok: true, value: -5 });
    expect(readWhole("+5", r)).toEqual({ ok: true, value: 5 });
    expect(readWhole("-0", r)).toEqual({ ok: true, value: 0 });
    for (const text of ["", "   "]) expect(readWhole(text, r)).toEqual({ ok: false, why: "empty" });
    for (const text of ["1e3", "0x3", "2.5", "2.0", "three", "1 2", "Infinity"])
      expect(readWhole(text, r), text).toEqual({ ok: false, why: "notWhole" });
    for (const text of ["6", "-6", "99999999999999999999"])
      expect(readWhole(text, r), text).toEqual({ ok: false, why: "outOfRange" });
  });

  it("the seed range is what the dice keep apart and what cli resolve accepts", () => {
    expect(SEED_RANGE).toEqual({ min: 0, max: 4294967295 });
    // One past the top would be read by the dice as seed 0: refused.
    const draw = (seed: number) => new SeededDice(seed).roll("x", 5, 100).join();
    expect(draw(SEED_RANGE.max + 1)).toBe(draw(0));
    expect(readWhole(String(SEED_RANGE.max + 1), SEED_RANGE).ok).toBe(false);
    expect(readWhole("1e30", SEED_RANGE).ok).toBe(false);
    const input = (seed: number) => ({
      ruleset: "hm3",
      attack: { type: "melee", eml: 70, aspect: "edge", aim: "mid", impact: 5 },
      defence: { type: "dodge", eml: 50 },
      attacker: { endurance: 12, dex: 12, agl: 12 },
      defender: { endurance: 12, dex: 12, agl: 12 },
      seed,
    });
    expect(resolveInput(input(SEED_RANGE.max)).result.seed).toBe(SEED_RANGE.max);
    expect(() => resolveInput(input(SEED_RANGE.max + 1))).toThrow(/^seed: /);
  });

  it("bounds the number of duels", () => {
    expect(readWhole("0", DUEL_COUNT_RANGE).ok).toBe(false);
    expect(readWhole("1000000", DUEL_COUNT_RANGE)).toEqual({ ok: true, value: 1_000_000 });
    expect(readWhole("1000001", DUEL_COUNT_RANGE).ok).toBe(false);
  });
});
