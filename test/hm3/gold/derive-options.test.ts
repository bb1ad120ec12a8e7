/**
 * The Gold options the HM3 actor derivation reads (src/rules/hm3/gold/derive-options.ts; rulings
 * G90, G91): which ids, the Unarmed Combat skill's names, and the Kamtóla skill base of seed 000
 * line 362 ("Unarmed Combat SB is determined by Dex Agl Agl instead of Str Dex Agl").
 */
import { describe, expect, it } from "vitest";
import {
  DERIVATION_GOLD_OPTIONS,
  derivationGoldOptions,
  isUnarmedSkill,
  skillBaseAttributesOf,
} from "../../../src/rules/hm3/gold/derive-options";
import { deriveHm3Character } from "../../../src/rules/hm3/character";
import type { Hm3CharacterInput } from "../../../src/rules/hm3/character-types";

const ON = { unarmedStyles: true, kamtolaSkillBase: true };
const unarmed = { name: "Unarmed", sbAttributes: ["str", "dex", "agl"] as const };

describe("the derivation's Gold options (G90)", () => {
  it("are encumbranceFatigue, unarmedStyles and kamtolaSkillBase, each read as true or false", () => {
    expect([...DERIVATION_GOLD_OPTIONS]).toEqual([
      "encumbranceFatigue",
      "unarmedStyles",
      "kamtolaSkillBase",
    ]);
    expect(derivationGoldOptions({ encumbranceFatigue: true, feint: true })).toEqual({
      encumbranceFatigue: true,
      unarmedStyles: false,
      kamtolaSkillBase: false,
    });
    expect(derivationGoldOptions(undefined)).toEqual(derivationGoldOptions({}));
  });
});

describe("Kamtóla skill base (000:362, G91)", () => {
  it("names HM3's Unarmed skill and Gold's Unarmed Combat, in any case", () => {
    expect(["Unarmed", " unarmed combat ", "UNARMED"].map(isUnarmedSkill)).toEqual([
      true,
      true,
      true,
    ]);
    expect(isUnarmedSkill("Unarmed Strike")).toBe(false);
  });
  it("DEX AGL AGL for a Kamtóla fighter's Unarmed skill with both options; else the skill's own", () => {
    const attrs = (
      style: "kamtola" | "brawling" | undefined,
      options: Record<string, boolean>,
      skill: { name: string; sbAttributes: readonly ("str" | "dex" | "agl")[] } = unarmed,
    ) => skillBaseAttributesOf(skill, style, options);
    expect(attrs("kamtola", ON)).toEqual(["dex", "agl", "agl"]);
    expect(attrs("kamtola", { kamtolaSkillBase: true })).toEqual(["str", "dex", "agl"]);
    expect(attrs("brawling", ON)).toEqual(["str", "dex", "agl"]);
    expect(attrs(undefined, ON)).toEqual(["str", "dex", "agl"]);
    expect(attrs("kamtola", ON, { name: "Sword", sbAttributes: ["str", "dex", "dex"] })).toEqual([
      "str",
      "dex",
      "dex",
    ]);
  });
  it("deriveHm3Character: the SB follows (modifier kept); an SB entered by hand is kept", () => {
    const input = (skillBase: number | null): Hm3CharacterInput => ({
      attributes: {
        str: 18,
        sta: 12,
        dex: 10,
        agl: 14,
        eye: 10,
        hrg: 10,
        sml: 10,
        voi: 10,
        int: 10,
        aur: 10,
        wil: 10,
        cml: 10,
      },
      fatigue: 0,
      encumbranceOverride: null,
      skills: [
        {
          id: "u",
          name: "Unarmed",
          category: "combat",
          sbAttributes: ["str", "dex", "agl"],
          sbModifier: 1,
          skillBase,
          ml: 40,
        },
      ],
      weapons: [],
      missiles: [],
      armour: [],
      injuries: [],
      load: [],
      unarmedStyle: "kamtola",
      options: ON,
    });
    // (10 + 14 + 14) / 3 = 12.67 → 13, +1; HM3's (18 + 10 + 14) / 3 = 14, +1.
    expect(deriveHm3Character(input(null)).skills.u!.sb).toBe(14);
    expect(deriveHm3Character({ ...input(null), options: {} }).skills.u!.sb).toBe(15);
    expect(deriveHm3Character(input(9)).skills.u!.sb).toBe(9);
  });
});
