/**
 * Hand weapons that can be thrown (seed 004 L1852–1860, L2839–2841, the Ranged Weapon Table
 * L4392–4401; spec §3.2, §12.1, conflict C6; ruling M131). A hand-weapon item can be thrown when
 * the Ranged Weapon Table has a thrown entry with the id of its table reference: the large and
 * small knife and the dagger (Knife Throwing), the hatchet and throwing axe (Axe Throwing), the
 * javelin and spear (Spear Throwing). The throw uses that entry, not the hand table: its skill
 * (Easy, default DX−4), its damage (C6: the ranged table for thrown attacks) and its ranges.
 * A home-made weapon (no reference) or another hand weapon (a plain axe, a shortsword) cannot
 * be thrown. Pure.
 */
import { HAND_WEAPONS, RANGED_WEAPONS, type RangedWeapon } from "../../../rules/m2m/equipment";
import type { M2mMissileBlock, M2mWeaponBlock } from "./item-data";
import { rangedBlock } from "./item-tables";

/** The Ranged Weapon Table's thrown entry for a hand-weapon block, or null. */
export function thrownEntry(
  block: Pick<M2mWeaponBlock, "ref" | "shield"> | null,
): RangedWeapon | null {
  if (!block || block.shield || typeof block.ref !== "string" || block.ref === "") return null;
  if (!HAND_WEAPONS.some((h) => h.id === block.ref || h.item === block.ref)) return null;
  return (
    RANGED_WEAPONS.find((w) => w.id === block.ref && w.kind === "thrown" && w.damage !== null) ??
    null
  );
}

/** The throw of a hand-weapon block as a thrown missile block (ranges and damage), or null. */
export function thrownBlock(block: M2mWeaponBlock | null): M2mMissileBlock | null {
  const entry = thrownEntry(block);
  return entry ? rangedBlock(entry) : null;
}
