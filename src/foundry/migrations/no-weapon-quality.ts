/**
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
 * whose WQ a GM sets to 0 keeps 0): `wholeOnly` in ./index.ts.
 */
import type { TypeKey } from "../data/rules";
import { isPlainObject } from "./ruleset-blocks";

export function noWeaponQuality(
  type: TypeKey,
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
