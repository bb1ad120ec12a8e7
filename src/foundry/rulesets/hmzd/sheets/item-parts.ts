/**
 * The zone-die item sheet's parts (./item-sheet.ts): which part shows an item type's
 * `system.hmzd` block, and where it sits among the HM3 item sheet's parts. Pure.
 */
import { isHmzdItemType, type HmzdItemType } from "./item-submit";

/** The zone-die part of each item type that has one. */
export const HMZD_ITEM_PART: Readonly<Record<HmzdItemType, string>> = Object.freeze({
  weapon: "hmzdWeapon",
  missile: "hmzdWeapon",
  injury: "hmzdInjury",
});

/** The part ids in order, the zone-die part right after the item type's own. */
export function withHmzdPart(parts: readonly string[], type: string): string[] {
  if (!isHmzdItemType(type)) return [...parts];
  const at = parts.indexOf(type);
  if (at < 0) return [...parts];
  return [...parts.slice(0, at + 1), HMZD_ITEM_PART[type], ...parts.slice(at + 1)];
}
