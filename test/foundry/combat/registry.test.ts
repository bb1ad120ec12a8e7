/**
 * The Foundry ruleset registry (src/foundry/rulesets): only rulesets with a Foundry entry are
 * playable (HM3, and GURPS Man to Man without combat yet); the world's ruleset comes from the
 * setting, an unknown one is refused with a localised message, and one that cannot fight yet is
 * refused for combat naming it; the
 * HM3 entry names the victim of a strike that called for an amputation (ruling R30).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "../stand-ins/globals";
import "../stand-ins";
import { RULESETS } from "../../../src/rules";
import { hm3, hm3Combat } from "../../../src/rules/hm3";
import { m2m } from "../../../src/rules/m2m";
import {
  canFight,
  cannotFightMessage,
  cardRuleset,
  fightingRuleset,
  hasCard,
  FOUNDRY_RULESETS,
  foundryRuleset,
  rulesetName,
  worldFightingRuleset,
  worldRuleset,
} from "../../../src/foundry/rulesets";
import { M2M_FOUNDRY } from "../../../src/foundry/rulesets/m2m";
import { m2mCombat } from "../../../src/foundry/rulesets/m2m/combat";
import { m2mFlow } from "../../../src/rules/m2m/flow";
import { hm3AmputationVictim } from "../../../src/foundry/rulesets/hm3";
import { HM3_RESULT_TEMPLATE } from "../../../src/foundry/rulesets/hm3/card";
import type { ExchangeRecord } from "../../../src/core/ruleset";

beforeEach(() => {
  resetStandIns();
  standIns.game.settings.register("blow-by-blow", "ruleset", { scope: "world", default: "hm3" });
});

describe("FOUNDRY_RULESETS", () => {
  it("lists HM3 with its core ruleset, combat rules and card partial, then GURPS Man to Man and the zone die", () => {
    expect(Object.keys(FOUNDRY_RULESETS)).toEqual(["hm3", "m2m", "hmzd"]);
    const fr = cardRuleset(FOUNDRY_RULESETS.hm3!);
    expect(fr.id).toBe("hm3");
    expect(fr.ruleset).toBe(hm3);
    expect(fr.combat).toBe(hm3Combat);
    expect(fr.card.resultTemplate).toBe(HM3_RESULT_TEMPLATE);
    expect(typeof fr.card.resultContext).toBe("function");
    expect(Object.isFrozen(FOUNDRY_RULESETS)).toBe(true);
  });

  it("m2m is registered with its flow ruleset, combat rules, fight store, card, turns and data", () => {
    const fr = FOUNDRY_RULESETS.m2m!;
    expect(fr).toBe(M2M_FOUNDRY);
    // The Foundry flow plays the engine with turn state; the CLI keeps the plain engine.
    expect(fr.ruleset).toBe(m2mFlow);
    expect(RULESETS.m2m).toBe(m2m);
    expect(fr.combat).toBe(m2mCombat);
    expect(fr.fight).toBeDefined();
    expect(fr.card?.resultTemplate).toBe("systems/blow-by-blow/templates/chat/m2m/result.hbs");
    expect(fr.turns).toBeDefined();
    expect(canFight(fr)).toBe(true);
    expect(hasCard(fr)).toBe(true);
    expect(hasCard(FOUNDRY_RULESETS.hm3!)).toBe(true);
    expect(Object.keys(fr.data.blocks).sort()).toEqual([
      "Actor.character",
      "Actor.creature",
      "Item.armour",
      "Item.missile",
      "Item.weapon",
    ]);
    // Rules by path inside the block, as the contract keeps them.
    expect(fr.data.rules["Actor.character"]?.hp).toMatchObject({ kind: "number", min: -1000 });
    expect(fr.data.rules["Item.weapon"]?.["modes.*.skill"]).toMatchObject({ kind: "choice" });
    expect(fr.data.blockFields["Actor.creature"]).toContain("bodyPlan");
    expect(fr.data.nullable["Item.weapon"]).toEqual(["modes.*.md", "shield", "shield.hits"]);
  });

  it("foundryRuleset finds only listed ids", () => {
    expect(RULESETS.m2m).toBeDefined();
    expect(foundryRuleset("hm3")).toBe(FOUNDRY_RULESETS.hm3);
    expect(foundryRuleset("m2m")).toBe(FOUNDRY_RULESETS.m2m);
    expect(foundryRuleset("rq3")).toBeUndefined();
    expect(foundryRuleset("__proto__")).toBeUndefined();
    expect(foundryRuleset("")).toBeUndefined();
  });
});

describe("worldRuleset", () => {
  it("is the ruleset the world setting names", async () => {
    expect(worldRuleset()).toBe(FOUNDRY_RULESETS.hm3);
    standIns.game.settings.values.set("blow-by-blow.ruleset", "m2m");
    expect(worldRuleset()).toBe(FOUNDRY_RULESETS.m2m);
  });

  it("an unknown ruleset is refused with a localised message naming it", async () => {
    standIns.game.settings.values.set("blow-by-blow.ruleset", "rq3");
    expect(() => worldRuleset()).toThrow(
      'Blow by Blow cannot play the ruleset "rq3" in Foundry. Choose another ruleset in the world settings.',
    );
  });

  it("a ruleset without combat rules is refused for combat with a localised message naming it", () => {
    expect(worldFightingRuleset()).toBe(FOUNDRY_RULESETS.hm3);
    const says =
      "GURPS Man to Man cannot fight in Foundry yet: its characters, items and figures work, " +
      "its exchanges come later. To fight, choose another ruleset in the world settings.";
    const noCombat = { ...FOUNDRY_RULESETS.m2m!, combat: undefined };
    expect(() => fightingRuleset(noCombat)).toThrow(says);
    expect(cannotFightMessage(FOUNDRY_RULESETS.m2m!)).toBe(says);
    expect(rulesetName(FOUNDRY_RULESETS.m2m!)).toBe("GURPS Man to Man");
  });

  it("m2m fights with its card and its tracker", () => {
    standIns.game.settings.values.set("blow-by-blow.ruleset", "m2m");
    expect(worldFightingRuleset()).toBe(FOUNDRY_RULESETS.m2m);
    expect(cardRuleset(FOUNDRY_RULESETS.m2m!)).toBe(FOUNDRY_RULESETS.m2m);
    expect(worldFightingRuleset().turns).toBeDefined();
    standIns.game.settings.values.set("blow-by-blow.ruleset", "hm3");
    expect(worldFightingRuleset().turns).toBeUndefined();
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
