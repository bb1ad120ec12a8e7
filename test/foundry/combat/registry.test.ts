/**
 * The Foundry ruleset registry (src/foundry/rulesets): only rulesets with a Foundry entry are
 * playable (HM3 now; GURPS Man to Man has a core ruleset but no Foundry entry yet); the world's
 * ruleset comes from the setting and an unknown one is refused with a localised message; the
 * HM3 entry names the victim of a strike that called for an amputation (ruling R30).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "../stand-ins/globals";
import "../stand-ins";
import { RULESETS } from "../../../src/rules";
import { hm3, hm3Combat } from "../../../src/rules/hm3";
import { FOUNDRY_RULESETS, foundryRuleset, worldRuleset } from "../../../src/foundry/rulesets";
import { hm3AmputationVictim } from "../../../src/foundry/rulesets/hm3";
import { HM3_RESULT_TEMPLATE } from "../../../src/foundry/rulesets/hm3/card";
import type { ExchangeRecord } from "../../../src/core/ruleset";

beforeEach(() => {
  resetStandIns();
  standIns.game.settings.register("blow-by-blow", "ruleset", { scope: "world", default: "hm3" });
});

describe("FOUNDRY_RULESETS", () => {
  it("lists HM3 with its core ruleset, combat rules and card partial, and nothing unplayable", () => {
    expect(Object.keys(FOUNDRY_RULESETS)).toEqual(["hm3"]);
    const fr = FOUNDRY_RULESETS.hm3!;
    expect(fr.id).toBe("hm3");
    expect(fr.ruleset).toBe(hm3);
    expect(fr.combat).toBe(hm3Combat);
    expect(fr.card.resultTemplate).toBe(HM3_RESULT_TEMPLATE);
    expect(typeof fr.card.resultContext).toBe("function");
    expect(Object.isFrozen(FOUNDRY_RULESETS)).toBe(true);
  });

  it("foundryRuleset finds only listed ids (m2m is a core ruleset without a Foundry entry)", () => {
    expect(RULESETS.m2m).toBeDefined();
    expect(foundryRuleset("hm3")).toBe(FOUNDRY_RULESETS.hm3);
    expect(foundryRuleset("m2m")).toBeUndefined();
    expect(foundryRuleset("__proto__")).toBeUndefined();
    expect(foundryRuleset("")).toBeUndefined();
  });
});

describe("worldRuleset", () => {
  it("is the ruleset the world setting names", async () => {
    expect(worldRuleset()).toBe(FOUNDRY_RULESETS.hm3);
  });

  it("an unknown ruleset is refused with a localised message naming it", async () => {
    standIns.game.settings.values.set("blow-by-blow.ruleset", "m2m");
    expect(() => worldRuleset()).toThrow(
      'Blow by Blow cannot play the ruleset "m2m" in Foundry. Choose another ruleset in the world settings.',
    );
  });
});

describe("hm3AmputationVictim (R30)", () => {
  const result = {
    ruleset: "hm3",
    rolls: [],
    choices: [],
    effects: [],
    strikes: [
      { by: "attacker", amputationRoll: true },
      { by: "defender", amputationRoll: false },
      { by: "defender", amputationRoll: true },
    ],
  } as unknown as ExchangeRecord;

  it("the side the strike struck, when that strike called for an amputation roll", () => {
    expect(hm3AmputationVictim(result, 0)).toBe("defender");
    expect(hm3AmputationVictim(result, 2)).toBe("attacker");
    expect(FOUNDRY_RULESETS.hm3!.amputationVictim).toBe(hm3AmputationVictim);
  });

  it("null for a strike that called for none, a strike that does not exist, or another ruleset", () => {
    expect(hm3AmputationVictim(result, 1)).toBeNull();
    expect(hm3AmputationVictim(result, 3)).toBeNull();
    expect(hm3AmputationVictim(result, -1)).toBeNull();
    expect(hm3AmputationVictim(result, 0.5)).toBeNull();
    expect(hm3AmputationVictim({ ...result, ruleset: "m2m" }, 0)).toBeNull();
  });
});
