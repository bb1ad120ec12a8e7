/** The off hand and Ambidextrousness (seed 004 L518–528; spec §2.4, §5.2): src/rules/m2m/hands.ts. */
import { describe, expect, it } from "vitest";
import {
  offHandApplies,
  offHandAttackModifiers,
  offHandParryModifiers,
  weaponArm,
} from "../../src/rules/m2m/hands";

describe("the off hand (L524)", () => {
  it("L524: a weapon in the off hand is at −4 to skill", () => {
    expect(offHandAttackModifiers("off")).toEqual([
      expect.objectContaining({ key: "attack.offHand", value: -4 }),
    ]);
    expect(offHandAttackModifiers("main")).toEqual([]);
  });

  it("L526–528: Ambidextrousness uses both hands with equal skill", () => {
    expect(offHandApplies("off", { ambidextrous: true })).toBe(false);
    expect(offHandAttackModifiers("off", { ambidextrous: true })).toEqual([]);
  });

  it("a two-handed attack has no off hand", () => {
    expect(offHandAttackModifiers("off", { twoHanded: true })).toEqual([]);
  });

  it("L524: −4 to skill takes only 2 from a half-skill Parry (skill 13: 6 → 4)", () => {
    expect(offHandParryModifiers("off", 13)).toEqual([
      expect.objectContaining({ key: "defence.offHand", value: -2 }),
    ]);
    expect(offHandParryModifiers("off", 14)).toEqual([expect.objectContaining({ value: -2 })]);
    expect(offHandParryModifiers("main", 13)).toEqual([]);
    expect(offHandParryModifiers("off", 13, { ambidextrous: true })).toEqual([]);
  });

  it("a fencing Parry (⅔ skill, L4301) loses what the reduced skill loses: 15 → 10, 11 → 7", () => {
    expect(offHandParryModifiers("off", 15, { fencing: true })[0]!.value).toBe(-3);
  });

  it("L522, L1976: the main hand is the right unless left-handed; the off hand the other", () => {
    expect(weaponArm("main")).toEqual(["right-arm", "right-hand"]);
    expect(weaponArm("off")).toEqual(["left-arm", "left-hand"]);
    expect(weaponArm("main", true)).toEqual(["left-arm", "left-hand"]);
    expect(weaponArm("off", true)).toEqual(["right-arm", "right-hand"]);
  });

  it("refuses an unknown hand, naming the field", () => {
    expect(() => offHandAttackModifiers("left" as never)).toThrow(/hand/);
  });
});
