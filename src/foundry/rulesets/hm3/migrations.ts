/**
 * The migrations of the HM3 block, numbered in the system's one sequence of schema versions
 * (src/foundry/migrations/index.ts merges them with the generic ones).
 *
 * Migration 1, "ruleset blocks": an older flat shape kept the HM3 fields at the top level of
 * `system` (`system.attributes`, `system.wq`, `system.material`…). They move into
 * `system.hm3`, beside the ruleset-free fields (description, quantity, weight, carried,
 * equipped, held), so that a world can later switch rulesets without losing a block. Fields the
 * migration does not know stay where they are. Where both the flat field and the block's field
 * exist, the block's value is kept (it is the newer) and the flat copy is removed.
 *
 * Migration 3, "no weapon quality": an item's WQ may be null, meaning it has none (ruling R41:
 * the CSVs' WQ 0 for body parts and sling stones). Stored WQ 0 otherwise means broken (R31),
 * so only the items that cannot have been broken by play become null:
 *
 * - a melee weapon with the skill "Unarmed" (a fist, foot or head has no weapon quality);
 * - a missile (a missile attack declares no WQ and a missile never blocks, R31, so no roll of
 *   the game lowers a missile's WQ: a 0 there came from the data, as the sling stones did).
 *
 * Anything else, and every WQ above 0, is kept. Idempotent: null stays null. It reads what a
 * value means, so it runs on whole stored sources only, never on an update's changes (a missile
 * whose WQ a GM sets to 0 keeps 0): `wholeOnly` in src/foundry/migrations/index.ts.
 */
import { isPlainObject } from "../../migrations/plain";
import type { RulesetMigration } from "../contract";

/** The fields of each type that belong to the HM3 block. */
export const HM3_BLOCK_FIELDS: Readonly<Partial<Record<string, readonly string[]>>> = Object.freeze(
  {
    "Actor.character": ["attributes", "fatigue", "encumbrance"],
    "Actor.creature": ["attributes", "fatigue", "encumbrance", "bodyPlan"],
    "Item.weapon": ["skill", "wq", "attack", "defence", "impact", "handMode", "shield"],
    "Item.missile": ["skill", "aspect", "velocity", "wq", "ranges"],
    "Item.armour": ["material", "quality", "enchantment", "locations"],
    "Item.skill": ["category", "sbAttributes", "sbModifier", "skillBase", "ml"],
    "Item.injury": ["location", "aspect", "severity", "level", "healingRate", "bleeding"],
  },
);

/** Moves the type's HM3 fields from the top level of `system` into `system.hm3`. */
export function rulesetBlocks(
  type: string,
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

export function noWeaponQuality(
  type: string,
  system: Record<string, unknown>,
): Record<string, unknown> {
  if (type !== "Item.weapon" && type !== "Item.missile") return system;
  const hm3 = system.hm3;
  if (!isPlainObject(hm3) || hm3.wq !== 0) return system;
  if (type === "Item.weapon") {
    const skill = typeof hm3.skill === "string" ? hm3.skill.trim().toLowerCase() : "";
    if (skill !== "unarmed") return system;
  }
  return { ...system, hm3: { ...hm3, wq: null } };
}

/** The HM3 migrations: 1 "ruleset blocks", 3 "no weapon quality", 8 "HârnMaster Gold fields" (2 is generic). */
export const HM3_MIGRATIONS: readonly RulesetMigration[] = Object.freeze([
  { version: 1, name: "ruleset blocks", migrate: rulesetBlocks },
  { version: 3, name: "no weapon quality", migrate: noWeaponQuality, wholeOnly: true },
  /**
   * Version 8 adds the HârnMaster Gold fields of the hm3 blocks (issue 19: size classes, the
   * six-aspect armour's Squeeze and Tear, weapon traits…), each with a default a document
   * stored before takes when it loads; nothing stored moves, so nothing is written (as m2m's 4-6).
   */
  {
    version: 8,
    name: "HârnMaster Gold fields",
    migrate: (_type: string, system: Record<string, unknown>) => system,
  },
]);
