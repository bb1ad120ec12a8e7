/**
 * The engine's optional rules through the CLI contract (`options`, spec §0.2): the Last Wounds
 * rule (seed 004 L3689–3693), off by default, on with `options.lastWounds`; refusals name the
 * field. Close combat's and the off hand's options are in close-flow.test.ts and hands.test.ts.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_M2M_OPTIONS, type M2mResult } from "../../src/rules/m2m/exchange";
import { resolveInput } from "../../src/rules/resolve";

const FOOT = {
  ruleset: "m2m",
  attack: { skill: 12, damage: "1", type: "cr", target: "left-foot", ranged: false },
  defence: { type: "none" },
  defender: { ht: 12, hp: 3 },
  rolls: { attack: 10, damage: [2] },
  seed: 1,
};
const run = (options?: Record<string, unknown>) =>
  resolveInput({ ...FOOT, ...(options ? { options } : {}) }).result as unknown as M2mResult;

describe("Last Wounds (optional rule, L3689–3693)", () => {
  it("is off by default: a 2-hit foot wound at 3 HP takes him to 1 HP", () => {
    expect(DEFAULT_M2M_OPTIONS.lastWounds ?? false).toBe(false);
    expect(run().defender).toMatchObject({ injury: 2, hp: 1, ignored: null });
  });

  it("L3691: with the rule, at 3 HP or less a limb wound under 3 hits does not affect him", () => {
    expect(run({ lastWounds: true }).defender).toMatchObject({
      injury: 0,
      hp: 3,
      ignored: "last-wounds",
    });
  });

  it("L3691 (c): a wound of 3 or more still counts", () => {
    const r = resolveInput({
      ...FOOT,
      rolls: { attack: 10, damage: [3] },
      options: { lastWounds: true },
    }).result as unknown as M2mResult;
    expect(r.defender).toMatchObject({ injury: 3, hp: 0, ignored: null });
  });

  it("refuses a value that is not true or false, naming options.lastWounds", () => {
    expect(() => run({ lastWounds: "yes" })).toThrow(/options\.lastWounds/);
  });
});
