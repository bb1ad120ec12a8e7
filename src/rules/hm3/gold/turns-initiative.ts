/**
 * HârnMaster Gold initiative (seed 000 lines 149-154; rulings G60-G62): the Turn sequence of a
 * Round from INI + 1d100 (`initiative`), with the primary weapon's Skill Index and Attack Class
 * added (`initiativeWeaponFactor`), or from Initiative SI + 1d10 (`initiativeQuick`). Without
 * the option, HM3's Initiative EML, no die (hm3.md §2).
 *
 * Pure: over the fighter's snapshot (its derived HM3 figures and items); the die goes through
 * the injected dice, named `initiative` (the duel names each side's: `initiative.a`).
 */
import type { FighterSnapshot } from "../../../core/combat";
import type { Dice } from "../../../core/dice";
import type { Hm3Derived } from "../character-types";
import { goldOn, type GoldOptions } from "./options";

/** The figures a Gold initiative is made of (each itemised on the tracker's roll and the card). */
export interface InitiativeRoll {
  /** What is added to the die: INI (Initiative EML) plus the weapon factor, or Initiative SI. */
  base: number;
  /** The die's sides: 100 (INI + 1d100), 10 (quick), null (HM3: Initiative EML, no die). */
  sides: 100 | 10 | null;
  /** The parts of `base`, each with the seed line it comes from. */
  parts: { key: InitiativePart; value: number; source: string }[];
  /** The primary weapon the weapon factor read (its item id), or null. */
  weaponId: string | null;
}

export type InitiativePart = "ini" | "initiativeSi" | "weaponSi" | "attackClass";

/** Lang keys of the parts (tracker flavour, duel view). */
export const INITIATIVE_PART_KEYS: Readonly<Record<InitiativePart, string>> = Object.freeze({
  ini: "BLOWBYBLOW.HM3.Gold.Turns.initiative.ini",
  initiativeSi: "BLOWBYBLOW.HM3.Gold.Turns.initiative.initiativeSi",
  weaponSi: "BLOWBYBLOW.HM3.Gold.Turns.initiative.weaponSi",
  attackClass: "BLOWBYBLOW.HM3.Gold.Turns.initiative.attackClass",
});

/** Skill Index: ML ÷ 10, rounded down (seed 000's SI; never below 0). */
export function skillIndex(ml: number): number {
  return Math.max(0, Math.floor(ml / 10));
}

/** Attack Class of an HM3 weapon: its attack column ÷ 5, rounded down (1 class = 5 points). */
export function attackClass(attack: number): number {
  return Math.max(0, Math.floor(attack / 5));
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The fighter's primary weapon (ruling G61): among its melee weapons ready to strike (equipped,
 * in a hand unless a creature's, not broken, with an aspect), the one with the highest attack
 * ML (ML + attack); at equal AML the first on the sheet. Null when it has none.
 */
export function primaryWeapon(
  fighter: FighterSnapshot,
): { id: string; ml: number; attack: number } | null {
  const derived = fighter.derived as Hm3Derived | undefined;
  const weapons = isObj(derived) && isObj(derived.weapons) ? derived.weapons : {};
  let best: { id: string; ml: number; attack: number; aml: number } | null = null;
  for (const item of fighter.items) {
    if (item.type !== "weapon") continue;
    const w = weapons[item.id];
    if (!w || w.impacts.length === 0) continue;
    const s = isObj(item.system) ? item.system : {};
    const hm3 = isObj(s.hm3) ? s.hm3 : {};
    if (s.equipped !== true) continue;
    if (fighter.actorType !== "creature" && (s.held ?? "none") === "none") continue;
    if (hm3.wq !== null && hm3.wq !== undefined && !(Number(hm3.wq) >= 1)) continue;
    const attack = typeof hm3.attack === "number" ? hm3.attack : 0;
    if (!best || w.aml > best.aml) best = { id: item.id, ml: w.ml, attack, aml: w.aml };
  }
  return best && { id: best.id, ml: best.ml, attack: best.attack };
}

/**
 * The fighter's initiative under the world's options: HM3's Initiative EML alone (no die) when
 * `initiative` is off; INI + 1d100 with it (000:151), INI being the Initiative EML (G60); with
 * `initiativeWeaponFactor` the primary weapon's SI and its Attack Class both added (000:153,
 * G61); with `initiativeQuick` the Initiative SI (of the EML) + 1d10 instead (000:154), the
 * weapon factor then left out (it is added to INI, which the quick method does not use: G62).
 */
export function initiativeRoll(
  fighter: FighterSnapshot,
  options: Readonly<Partial<GoldOptions>>,
): InitiativeRoll {
  const derived = fighter.derived as Hm3Derived | undefined;
  const eml = derived?.initiative?.eml?.value;
  if (typeof eml !== "number" || !Number.isFinite(eml))
    throw new Error("The fighter has no derived Initiative EML.");
  if (!goldOn(options, "initiative"))
    return {
      base: eml,
      sides: null,
      parts: [{ key: "ini", value: eml, source: "hm3.md §2" }],
      weaponId: null,
    };
  if (goldOn(options, "initiativeQuick")) {
    const si = skillIndex(eml);
    return {
      base: si,
      sides: 10,
      parts: [{ key: "initiativeSi", value: si, source: "seed 000 line 154" }],
      weaponId: null,
    };
  }
  const parts: InitiativeRoll["parts"] = [{ key: "ini", value: eml, source: "seed 000 line 151" }];
  let weaponId: string | null = null;
  if (goldOn(options, "initiativeWeaponFactor")) {
    const weapon = primaryWeapon(fighter);
    if (weapon) {
      weaponId = weapon.id;
      parts.push(
        { key: "weaponSi", value: skillIndex(weapon.ml), source: "seed 000 line 153" },
        { key: "attackClass", value: attackClass(weapon.attack), source: "seed 000 line 153" },
      );
    }
  }
  return { base: parts.reduce((t, p) => t + p.value, 0), sides: 100, parts, weaponId };
}

/** The roll as a Foundry formula: "57 + 1d100", "5 + 1d10", or the constant "57". */
export function initiativeFormulaOf(roll: InitiativeRoll): string {
  return roll.sides === null ? String(roll.base) : `${roll.base} + 1d${roll.sides}`;
}

/** Rolls an initiative through the injected dice (roll `name`): its total and the die. */
export function rollInitiative(
  roll: InitiativeRoll,
  dice: Dice,
  name = "initiative",
): { total: number; die: number | null } {
  if (roll.sides === null) return { total: roll.base, die: null };
  const die = dice.roll(name, 1, roll.sides)[0]!;
  return { total: roll.base + die, die };
}

/** One fighter's rolled initiative, for ordering (`goldTurnOrder`). */
export interface RolledInitiative<K extends string> {
  id: K;
  total: number;
  /** Initiative EML: breaks equal totals (G60). */
  eml: number;
}

/**
 * The Turn sequence, highest total first (000:151); equal totals go to the higher Initiative EML,
 * then keep the order given (R6, G60).
 */
export function goldTurnOrder<K extends string>(entries: readonly RolledInitiative<K>[]): K[] {
  return entries
    .map((e, i) => ({ e, i }))
    .sort((x, y) => y.e.total - x.e.total || y.e.eml - x.e.eml || x.i - y.i)
    .map(({ e }) => e.id);
}
