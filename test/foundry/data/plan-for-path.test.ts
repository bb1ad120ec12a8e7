/**
 * Each ruleset's block is checked against its own locations (issue 16): a plan knows its
 * ruleset, and a field of another ruleset's block falls back to that ruleset's human plan.
 */
import { describe, expect, it } from "vitest";
import { HUMAN_PLAN_CONTEXT, planContext, planForPath } from "../../../src/foundry/data/validate";
import { FOUNDRY_RULESETS } from "../../../src/foundry/rulesets";

const ogre = {
  ...planContext({ name: "Ogre", locations: [{ id: "head", paired: false }] }),
  ruleset: "hm3",
};

describe("planForPath", () => {
  it("the human plan is the default ruleset's, and says so", () => {
    expect(HUMAN_PLAN_CONTEXT.ruleset).toBe("hm3");
    expect(HUMAN_PLAN_CONTEXT).toBe(FOUNDRY_RULESETS.hm3!.data.humanPlan);
  });

  it("a path of the plan's own ruleset, or a ruleset-free field, keeps the plan", () => {
    expect(planForPath("system.hm3.locations", ogre)).toBe(ogre);
    expect(planForPath("hm3.location", ogre)).toBe(ogre);
    expect(planForPath("system.description", ogre)).toBe(ogre);
  });

  it("a plan of no particular ruleset applies to every block", () => {
    const any = planContext({ name: "Any", locations: [{ id: "body", paired: false }] });
    expect(planForPath("system.hm3.locations", any)).toBe(any);
    expect(planForPath("system.m2m.locations", any)).toBe(any);
  });

  it("another ruleset's block takes that ruleset's human plan", () => {
    const other = { ...ogre, ruleset: "m2m" };
    expect(planForPath("system.hm3.locations", other)).toBe(HUMAN_PLAN_CONTEXT);
    expect(planForPath("hm3.location", other).armourIds).toContain("thorax");
  });
});
