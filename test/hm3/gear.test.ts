/** Per-item figures of the sheets: an item's load (ruling R23) and an armour layer's bonus (seed 003 line 275). */
import { describe, expect, it } from "vitest";
import { itemLoad, layerBonus } from "../../src/rules/hm3/gear";
import { layerProtection } from "../../src/rules/hm3/mechanics";
import { MATERIAL_PROTECTION } from "../../src/rules/hm3/tables";

describe("itemLoad (ruling R23)", () => {
  it("is weight × quantity to two decimals; a bad figure counts 0 (ruling R27)", () => {
    expect(itemLoad(0.5, 8)).toBe(4);
    expect(itemLoad(0.1, 3)).toBe(0.3);
    expect(itemLoad(12, 1)).toBe(12);
    expect(itemLoad(-1, 3)).toBe(0);
    expect(itemLoad(2, 1.5)).toBe(0);
    expect(itemLoad(Number.NaN, 2)).toBe(0);
  });
});

describe("layerBonus (seed 003 line 275)", () => {
  it("is quality + enchantment, what layerProtection adds to each material value", () => {
    expect(layerBonus({ quality: 2, enchantment: 1 })).toBe(3);
    expect(layerBonus({ quality: -1 })).toBe(-1);
    const layer = { material: "mail" as const, quality: 2, enchantment: 1 };
    const base = MATERIAL_PROTECTION.mail;
    const p = layerProtection(layer);
    expect(p.edge - base.edge).toBe(layerBonus(layer));
    expect(p.point - base.point).toBe(layerBonus(layer));
  });
});
