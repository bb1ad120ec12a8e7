/**
 * Weapon quality (seed 004 L992–1008; spec §3.3) and the chance that a weapon breaks when it
 * parries a weapon of 3 or more times its weight (L1782, L1816, L2394, L2549; spec §17 C1).
 */
import { InputError, readEnum } from "../../../core/errors";
import { copy, deepFreeze } from "../../../core/data";
import { findById } from "./common";
import { HAND_WEAPONS, type QualityClass } from "./hand-weapons";

export const WEAPON_QUALITIES = ["fine", "good", "cheap"] as const;
export type WeaponQuality = (typeof WEAPON_QUALITIES)[number];

export interface QualityEffect {
  /** × the table's (good-quality) price. */
  readonly costMultiplier: number;
  /** + damage (added to the adds, §7.2). */
  readonly damageBonus: number;
  /** Resists breakage (re-roll a "weapon breaks" critical miss, L2602). */
  readonly breakResistant: boolean;
}

/**
 * Quality by weapon class (L998–1006): fine swords ×4 and +1 damage; fine cutting or impaling
 * weapons ×10 and +1; fine crushing weapons ×3, no extra damage, resistant to breakage; cheap
 * swords ×0.4. The book prices cheap quality for swords only (L1002): null elsewhere.
 */
export const WEAPON_QUALITY: Readonly<
  Record<WeaponQuality, Readonly<Record<QualityClass, QualityEffect | null>>>
> = deepFreeze({
  fine: {
    sword: { costMultiplier: 4, damageBonus: 1, breakResistant: false },
    "cutting-impaling": { costMultiplier: 10, damageBonus: 1, breakResistant: false },
    crushing: { costMultiplier: 3, damageBonus: 0, breakResistant: true },
  },
  good: {
    sword: { costMultiplier: 1, damageBonus: 0, breakResistant: false },
    "cutting-impaling": { costMultiplier: 1, damageBonus: 0, breakResistant: false },
    crushing: { costMultiplier: 1, damageBonus: 0, breakResistant: false },
  },
  cheap: {
    sword: { costMultiplier: 0.4, damageBonus: 0, breakResistant: false },
    "cutting-impaling": null,
    crushing: null,
  },
});

/**
 * Chance that a weapon breaks when it parries one of 3+ times its weight. `standard`: ⅓, fine ⅙,
 * cheap ⅔ (L1782, L1816, L2394, L2549; recommended, spec §17 C1); `l1008`: ½, ¼, ¾ (L1008).
 */
export const PARRY_BREAK_CHANCE: Readonly<
  Record<"standard" | "l1008", Readonly<Record<WeaponQuality, number>>>
> = deepFreeze({
  standard: { fine: 1 / 6, good: 1 / 3, cheap: 2 / 3 },
  l1008: { fine: 1 / 4, good: 1 / 2, cheap: 3 / 4 },
});

export interface QualityWeapon {
  readonly quality: WeaponQuality;
  readonly cost: number;
  readonly damageBonus: number;
  readonly breakResistant: boolean;
  readonly parryBreakChance: number;
}

/**
 * A hand weapon of the given quality (§3.3): its price, damage bonus, breakage resistance (the
 * weapon's own, L2602, or fine crushing, L1006) and parry breakage chance. Cheap non-swords are
 * an InputError on `quality` (no price in the book).
 */
export function weaponOfQuality(
  weaponId: string,
  quality: string,
  opts: { breakRule?: "standard" | "l1008" } = {},
  field = "quality",
): QualityWeapon {
  const w = findById(HAND_WEAPONS, weaponId, "weapon", "hand weapon");
  const q = readEnum(quality, field, WEAPON_QUALITIES);
  const effect = WEAPON_QUALITY[q][w.qualityClass];
  if (!effect) {
    throw new InputError(
      field,
      quality,
      `cheap quality is priced for swords only (L1002), not ${w.id}`,
    );
  }
  return copy({
    quality: q,
    cost: Math.round(w.cost * effect.costMultiplier * 100) / 100,
    damageBonus: effect.damageBonus,
    breakResistant: w.breakResistant || effect.breakResistant,
    parryBreakChance: PARRY_BREAK_CHANCE[opts.breakRule ?? "standard"][q],
  });
}
