/**
 * Migration 1, "ruleset blocks": an older flat shape kept the HM3 fields at the top level of
 * `system` (`system.attributes`, `system.wq`, `system.material`…). They move into
 * `system.hm3`, beside the ruleset-free fields (description, quantity, weight, carried,
 * equipped, held), so that a world can later switch rulesets without losing a block. Fields the
 * migration does not know stay where they are. Where both the flat field and the block's field
 * exist, the block's value is kept (it is the newer) and the flat copy is removed.
 */
import type { TypeKey } from "../data/rules";

/** The fields of each type that belong to the HM3 block. */
export const HM3_BLOCK_FIELDS: Readonly<Partial<Record<TypeKey, readonly string[]>>> =
  Object.freeze({
    "Actor.character": ["attributes", "fatigue", "encumbrance"],
    "Actor.creature": ["attributes", "fatigue", "encumbrance", "bodyPlan"],
    "Item.weapon": ["skill", "wq", "attack", "defence", "impact", "handMode", "shield"],
    "Item.missile": ["skill", "aspect", "velocity", "wq", "ranges"],
    "Item.armour": ["material", "quality", "enchantment", "locations"],
    "Item.skill": ["category", "sbAttributes", "sbModifier", "skillBase", "ml"],
    "Item.injury": ["location", "aspect", "severity", "level", "healingRate", "bleeding"],
  });

/** A plain object (not null, not an array). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Moves the type's HM3 fields from the top level of `system` into `system.hm3`. */
export function rulesetBlocks(
  type: TypeKey,
  system: Record<string, unknown>,
): Record<string, unknown> {
  const keys = HM3_BLOCK_FIELDS[type];
  if (!keys || !keys.some((k) => k in system)) return system;
  const out = { ...system };
  const hm3: Record<string, unknown> = isPlainObject(out.hm3) ? { ...out.hm3 } : {};
  for (const key of keys) {
    if (!(key in out)) continue;
    if (!(key in hm3)) hm3[key] = out[key];
    delete out[key];
  }
  out.hm3 = hm3;
  return out;
}
