/**
 * Per-item figures the sheets show beside the derivation's totals: one item's share of the
 * load and one armour layer's bonus. Pure; the adapter shows these, it does not compute them.
 */

/**
 * An item's load in pounds: weight × quantity (ruling R23: load = Σ weight × quantity of the
 * carried items), to two decimals as the derivation's total is shown. A bad figure counts 0,
 * as in the derivation (ruling R27).
 */
export function itemLoad(weight: number, quantity: number): number {
  const w = Number.isFinite(weight) && weight >= 0 ? weight : 0;
  const q = Number.isInteger(quantity) && quantity >= 0 ? quantity : 0;
  return Math.round(w * q * 100) / 100;
}

/**
 * What an armour layer adds to each of its material's values: quality + enchantment (seed 003
 * line 275: "if a +2 Hauberk is one of the layers struck, ALL reduction values are +2. For
 * Enchanted Armour, add +1 per level of enchantment"); `layerProtection` (mechanics.ts) adds
 * the same bonus and floors each value at 0 (ruling R13).
 */
export function layerBonus(layer: { quality: number; enchantment?: number | null }): number {
  return layer.quality + (layer.enchantment ?? 0);
}
