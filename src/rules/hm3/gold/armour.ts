/**
 * HârnMaster Gold house rules, HM3 world options (issue 19): Cutting weapons, random aspect, ring & scale armour, weapon damage checks (seed 000 lines 63-69, 328-336, 368).
 * The types below are what this group adds to the HM3 exchange's declaration and result
 * (src/rules/hm3/exchange.ts extends them through ./types.ts); `ARMOUR_CATALOG` are its
 * attack-dialog rows, each shown only while its option is on (`CatalogRowOption.option`).
 * The rules themselves: armour-columns.ts (six aspects, cutting), armour-aspect.ts (random
 * aspect), armour-damage.ts (weapon damage checks); rulings G20-G29.
 */
import type { CatalogRowOption } from "../../../core/combat";
import type { Dice } from "../../../core/dice";
import type { Side } from "../../../core/ruleset";
import type { Aspect } from "../tables";
import { CHARGE_CATALOG_ROW } from "./armour-charge";
import { rollAspect, type AspectImpacts, type RandomAspect } from "./armour-aspect";
import {
  columnValue,
  strikeColumn,
  type ArmourColumn,
  type ArmourEntry,
  type ColumnOptions,
  type GoldColumn,
} from "./armour-columns";
import {
  weaponDamageModifier,
  type OpposingWeapon,
  type WeaponDamageModifier,
} from "./armour-damage";

/** Fields this group adds to a striking weapon (the attack's, a counterstrike's). */
export interface ArmourWeapon {
  /** A cutting weapon (seed 000 lines 63-69: any knife, longknife, whip): its Edge reads Tear. */
  cutting?: boolean;
  /** Its impact per aspect, the declared one included (random aspect; weapon damage modifiers). */
  aspects?: AspectImpacts;
}
/** Fields this group adds to the attack (`Hm3Attack`, the CLI's `attack`). */
export interface ArmourAttack {
  /** A mounted charge's impact bonus, added to the base impact for weapon damage (line 368). */
  chargeBonus?: number;
}
/** Fields this group adds to the defence (`Hm3Defence`, the CLI's `defence`). */
export interface ArmourDefence {
  /** The Block is made with a shield (shields check first, line 368). */
  shield?: boolean;
  /** The blocking weapon's impact per aspect (weapon damage modifiers, line 368). */
  aspects?: AspectImpacts;
}
/** Fields this group adds to a combatant (`Hm3Fighter`, the CLI's `attacker`/`defender`). */
export type ArmourFighter = Record<never, never>;
/** Fields this group adds to each strike of the result (`Hm3Strike`). */
export interface ArmourStrike {
  /** The strike's aspect as rolled (random aspect, line 328). */
  randomAspect?: RandomAspect;
  /** The armour was read on a HârnMaster Gold column (Squeeze or Tear), and which option did it. */
  armourColumn?: { column: GoldColumn; option: "ringScaleArmour" | "cuttingWeapons" };
}
/** Fields this group adds to the exchange result (`Hm3Result`). */
export interface ArmourResult {
  /** Each weapon damage check's target under `weaponDamageModifiers` (line 368, ruling G27). */
  weaponDamageModifiers?: WeaponDamageModifier[];
  /** `shieldsCheckFirst` put the blocking shield's check first though its WQ was higher. */
  shieldCheckedFirst?: boolean;
}

/** The attack dialog's rows for this group's decisions: a mounted charge's bonus (G79). */
export const ARMOUR_CATALOG: readonly CatalogRowOption[] = Object.freeze([CHARGE_CATALOG_ROW]);

/** What the engine's strike hands this group's rules. */
interface StrikingWeapon extends ArmourWeapon {
  aspect: string;
  impact: number;
}

/**
 * Random aspect (line 328): the weapon as it strikes, its aspect and impact rolled (1d6 named
 * `aspect`, `counter.aspect` for the defender's strike).
 */
export function randomAspectWeapon<W extends StrikingWeapon>(
  dice: Dice,
  by: Side,
  weapon: W,
): { weapon: W; rolled: RandomAspect } {
  const rolled = rollAspect(dice, by === "attacker" ? "aspect" : "counter.aspect", weapon);
  return { weapon: { ...weapon, aspect: rolled.aspect, impact: rolled.impact }, rolled };
}

/** The armour a strike meets on the columns ring & scale and cutting weapons add (G20, G23). */
export function goldArmour(
  entry: ArmourEntry | undefined,
  weapon: StrikingWeapon,
  aspect: Aspect,
  options: ColumnOptions,
): { armour: number; column: ArmourColumn } {
  const column = strikeColumn(weapon.aspect, aspect, weapon.cutting, options);
  return { armour: columnValue(entry, column), column };
}

/** The strike's record of a Gold column read (none when it read an HM3 column). */
export function armourColumnOf(
  column: ArmourColumn,
  weaponAspect: string,
): ArmourStrike["armourColumn"] {
  if (column !== "squeeze" && column !== "tear") return undefined;
  const option = weaponAspect === column ? "ringScaleArmour" : "cuttingWeapons";
  return { column, option };
}

/** Shields check first (line 368): the blocking shield checks first, whatever the WQs. */
export function shieldChecksFirst(
  options: { shieldsCheckFirst: boolean },
  defence: ArmourDefence,
): boolean {
  return options.shieldsCheckFirst && defence.shield === true;
}

/**
 * Weapon damage modifiers (line 368): the target of `side`'s check, lowered by the other
 * weapon's base Blunt or Edge (G27), recorded in `out`.
 */
export function weaponDamageTarget(
  out: WeaponDamageModifier[],
  side: Side,
  wq: number,
  attack: OpposingWeapon,
  defence: ArmourDefence,
): number {
  const opposing: OpposingWeapon = side === "defender" ? attack : { aspects: defence.aspects };
  const m = weaponDamageModifier(side, wq, opposing);
  out.push(m);
  return m.target;
}

/** The defence fields of this group, copied into `out` (`copyDefence`). */
export function copyArmourDefence(d: ArmourDefence, out: ArmourDefence): void {
  if (d.shield !== undefined) out.shield = d.shield;
  if (d.aspects !== undefined) out.aspects = { ...d.aspects };
}

/** The striking weapon's fields of this group, copied into `out` (`copyDefence`). */
export function copyArmourWeapon(w: ArmourWeapon, out: ArmourWeapon): void {
  if (w.cutting !== undefined) out.cutting = w.cutting;
  if (w.aspects !== undefined) out.aspects = { ...w.aspects };
}
