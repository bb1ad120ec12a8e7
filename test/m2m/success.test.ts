/**
 * Success rolls and contests (spec §1; seed 004 L418-450) and the §15.1 #1 worked example.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import {
  AUTO_FAILURE_MIN,
  AUTO_SUCCESS_MAX,
  quickContest,
  quickContestDetail,
  regularContest,
  successRoll,
} from "../../src/rules/m2m/success";

describe("success roll (spec §1.1; L418-436)", () => {
  it("§15.1 #1 L434: ST 12, easy test ST+3 needs 15 or less; hard test ST−5 needs 7 or less", () => {
    const st = 12;
    expect(successRoll(st + 3, 15).success).toBe(true);
    expect(successRoll(st + 3, 16).success).toBe(false);
    expect(successRoll(st - 5, 7).success).toBe(true);
    expect(successRoll(st - 5, 8).success).toBe(false);
  });

  it("L422: a roll less than or equal to the score succeeds, more fails", () => {
    expect(successRoll(10, 10)).toEqual({
      target: 10,
      roll: 10,
      success: true,
      margin: 0,
      critical: false,
    });
    expect(successRoll(10, 11)).toEqual({
      target: 10,
      roll: 11,
      success: false,
      margin: -1,
      critical: false,
    });
  });

  it("L422: 3 or 4 always succeeds (if there was a chance), whatever the target", () => {
    expect(AUTO_SUCCESS_MAX).toBe(4);
    expect(successRoll(2, 4)).toEqual({
      target: 2,
      roll: 4,
      success: true,
      margin: -2,
      critical: true,
    });
    expect(successRoll(-5, 3).success).toBe(true);
    expect(successRoll(0, 5).success).toBe(false);
  });

  it("L422: 17 or 18 always fails, whatever the target", () => {
    expect(AUTO_FAILURE_MIN).toBe(17);
    expect(successRoll(20, 17)).toEqual({
      target: 20,
      roll: 17,
      success: false,
      margin: 3,
      critical: true,
    });
    expect(successRoll(25, 18).success).toBe(false);
    expect(successRoll(20, 16)).toEqual({
      target: 20,
      roll: 16,
      success: true,
      margin: 4,
      critical: false,
    });
  });

  it("L422 §1.1 A1: with no chance at all the roll fails, even on a 3", () => {
    expect(successRoll(10, 3, { hadChance: false })).toEqual({
      target: 10,
      roll: 3,
      success: false,
      margin: 7,
      critical: false,
    });
    expect(successRoll(2, 3, { hadChance: true }).success).toBe(true);
  });

  it("L422: every target and roll (−3..22 × 3..18) follows the three rules", () => {
    for (let t = -3; t <= 22; t++) {
      for (let r = 3; r <= 18; r++) {
        const res = successRoll(t, r);
        const expected = r <= 4 ? true : r >= 17 ? false : r <= t;
        expect(res.success, `target ${t} roll ${r}`).toBe(expected);
        expect(res.margin).toBe(t - r);
      }
    }
  });

  it("§1.3: the generic critical flag marks natural 3-4 successes and 17-18 failures only", () => {
    expect(successRoll(15, 5).critical).toBe(false); // attack criticals at 5-6 are §5.3's
    expect(successRoll(6, 16).critical).toBe(false); // ≥ skill+10 is §5.4's
    expect(successRoll(12, 3).critical).toBe(true);
    expect(successRoll(12, 18).critical).toBe(true);
  });

  it("L436: the margin is target − roll", () => {
    expect(successRoll(15, 10).margin).toBe(5);
    expect(successRoll(7, 12).margin).toBe(-5);
  });

  it("bad input names the field", () => {
    expect(() => successRoll(10, 2)).toThrow(/roll: must be at least 3, got 2/);
    expect(() => successRoll(10, 19)).toThrow(InputError);
    expect(() => successRoll(10.5, 10)).toThrow(/target: expected a whole number/);
    expect(() => successRoll(10, 10, { hadChance: "yes" as unknown as boolean })).toThrow(
      /hadChance: expected true or false/,
    );
  });
});

describe("contests (spec §1.2; L438-450)", () => {
  it("L448: quick contest, both fail: both failed (no winner)", () => {
    expect(quickContest({ target: 10, roll: 12 }, { target: 9, roll: 14 })).toBe("none");
  });

  it("L448: quick contest, only one makes his roll: he wins", () => {
    expect(quickContest({ target: 10, roll: 9 }, { target: 14, roll: 15 })).toBe("a");
    expect(quickContest({ target: 10, roll: 11 }, { target: 9, roll: 9 })).toBe("b");
  });

  it("L448: quick contest, both succeed: the larger margin wins; a tie is always possible", () => {
    expect(quickContest({ target: 15, roll: 10 }, { target: 14, roll: 12 })).toBe("a");
    expect(quickContest({ target: 12, roll: 10 }, { target: 14, roll: 9 })).toBe("b");
    expect(quickContest({ target: 12, roll: 10 }, { target: 14, roll: 12 })).toBe("tie");
  });

  it("L1672 §15.3 #44: skill 15 rolls 10 (margin 5) vs skill 14 rolls 12 (margin 2): a wins by 3", () => {
    const c = quickContestDetail({ target: 15, roll: 10 }, { target: 14, roll: 12 });
    expect(c.result).toBe("a");
    expect(c.by).toBe(3);
    expect(c.a.margin).toBe(5);
    expect(c.b.margin).toBe(2);
  });

  it("L448 with L422: a natural 3-4 succeeds in a contest; 17-18 fails", () => {
    const c = quickContestDetail({ target: 2, roll: 4 }, { target: 20, roll: 17 });
    expect(c.result).toBe("a");
    expect(c.by).toBe(-2 - 3);
    expect(quickContest({ target: 10, roll: 3, hadChance: false }, { target: 5, roll: 9 })).toBe(
      "none",
    );
  });

  it("L442-444: regular contest, one turn: a result only when exactly one succeeds", () => {
    expect(regularContest({ target: 12, roll: 8 }, { target: 12, roll: 10 })).toBe("none");
    expect(regularContest({ target: 12, roll: 13 }, { target: 12, roll: 14 })).toBe("none");
    expect(regularContest({ target: 12, roll: 12 }, { target: 12, roll: 13 })).toBe("a");
    expect(regularContest({ target: 12, roll: 17 }, { target: 5, roll: 4 })).toBe("b");
  });

  it("bad input names the side and field", () => {
    expect(() => quickContest({ target: 10, roll: 20 }, { target: 10, roll: 10 })).toThrow(
      /^a\.roll: must be at most 18, got 20$/,
    );
    expect(() =>
      regularContest({ target: 10, roll: 10 }, { target: "x" as unknown as number, roll: 10 }),
    ).toThrow(/^b\.target: expected a whole number/);
    expect(() =>
      quickContest(null as unknown as { target: number; roll: number }, { target: 1, roll: 3 }),
    ).toThrow(/^a: expected \{ target, roll \}/);
  });
});
