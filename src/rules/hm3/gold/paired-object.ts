/**
 * HârnMaster Gold "Brute force & ignorance" (seed 000 lines 41-57), option `bruteForce`: a melee
 * attack on an inanimate object. The object Ignores (line 49) and yields the attacker an automatic
 * tactical advantage; a strike's impact beyond the object's AP for its aspect (Blunt and Edge
 * only) adds to the damage it has taken; past its Damage Factor (DF) it is destroyed (line 51);
 * a CF is a Fumble roll and a weapon damage check for the attacking weapon (line 49). Doors: line
 * 53-56. Rulings G56-G58 (docs/rulings.md).
 *
 * Named rolls: `attack`, `impact` (the strike's d6), `damageFactor` (the DF, rolled once when the
 * object has none yet: d6 per inch of thickness), `attackerFumble`, `attackerWeaponDamage`.
 */
import { RecordingDice, rollOne, type Dice } from "../../../core/dice";
import { InputError } from "../../../core/errors";
import type { Effect } from "../../../core/ruleset";
import { armourAspect, fumbleRoll, successLevel, wqRoll, type Check } from "../mechanics";
import type { Level } from "../tables";
import { LEVEL_HINT, TOTAL_HINT } from "./roll-hints";
import {
  effectsOf,
  matrixResult,
  strikesOf,
  type Hm3Declaration,
  type Hm3Defence,
  type Hm3Result,
  type TestResult,
  type WeaponDamage,
} from "../exchange";

/** The doors of line 53-56: AP for Blunt and Edge, DF dice per inch of thickness. */
export type DoorKind = "plain" | "ironBound";
export const DOORS: Readonly<Record<DoorKind, { blunt: number; edge: number; dfDice: number }>> =
  Object.freeze({
    plain: Object.freeze({ blunt: 15, edge: 13, dfDice: 2 }), // line 55: B15 E13 DF 2d6/inch
    ironBound: Object.freeze({ blunt: 16, edge: 16, dfDice: 3 }), // line 56: B16 E16 DF 3d6/inch
  });
export const DOOR_KINDS: readonly DoorKind[] = Object.freeze(["plain", "ironBound"]);

/** An object attacked (`defender.object`): its AP, its DF (null: roll it) and damage so far. */
export interface ObjectTarget {
  blunt: number;
  edge: number;
  /** The Damage Factor; null: rolled (`damageFactor`) from `door` and `thickness`. */
  df: number | null;
  /** Damage counted against DF before this exchange. */
  damage: number;
  door?: DoorKind;
  /** Inches of thickness (a door's DF dice). */
  thickness?: number;
}

export interface ObjectResult {
  /** The Damage Factor (rolled in this exchange when `dfRolls` is not null). */
  df: number;
  dfRolls: number[] | null;
  /** The strike, when the attack landed: aspect, impact and the AP it met. */
  strike: {
    aspect: string;
    dice: number;
    impactRolls: number[];
    impact: number;
    ap: number;
    /** Impact beyond AP (0 when AP stops it, or the aspect is neither Blunt nor Edge: G57). */
    damage: number;
  } | null;
  damageBefore: number;
  /** Damage counted against DF after this exchange. */
  damage: number;
  /** The damage exceeds DF (line 51). */
  destroyed: boolean;
}

/** Rolls the DF (`damageFactor`, d6 × dice per inch × inches) when the object has none yet. */
export function objectDamageFactor(
  dice: Dice,
  o: ObjectTarget,
): { df: number; rolls: number[] | null } {
  if (o.df !== null) return { df: o.df, rolls: null };
  const count = DOORS[o.door!].dfDice * o.thickness!;
  const rolls = dice.roll("damageFactor", count, 6, TOTAL_HINT);
  return { df: rolls.reduce((a, b) => a + b, 0), rolls };
}

/** The AP the object has against an aspect: Blunt or Edge; null for the others (G57). */
export function objectAp(o: ObjectTarget, aspect: string): number | null {
  const a = armourAspect(aspect);
  return a === "blunt" ? o.blunt : a === "edge" ? o.edge : null;
}

/** Resolves a melee attack on an object (the defender's `object`); its defence is Ignore. */
export function resolveObjectStrike(
  decl: Hm3Declaration,
  defence: Hm3Defence,
  inner: Dice,
): Hm3Result {
  const o = decl.defender.object!;
  const { attack, attacker } = decl;
  if (attack.type !== "melee")
    throw new InputError(
      "attack.type",
      attack.type,
      "brute force is a melee attack (seed 000 line 49)",
    );
  if (defence.type !== "ignore")
    throw new InputError("defence.type", defence.type, "an object Ignores (seed 000 line 49)");
  const dice = new RecordingDice(inner);
  const { df, rolls: dfRolls } = objectDamageFactor(dice, o);
  const roll = rollOne(dice, "attack", 100, LEVEL_HINT, attack.target.value);
  const level: Level = successLevel(roll, attack.target.value);
  const attackTest: TestResult = {
    target: attack.target.value,
    raw: attack.target.raw,
    roll,
    level,
    eml: attack.target,
  };
  const code = matrixResult("melee", "ignore", level, null);
  let strike: ObjectResult["strike"] = null;
  const s = strikesOf(code)[0];
  if (s) {
    const impactRolls = dice.roll("impact", s.dice, 6, TOTAL_HINT);
    const impact = attack.impact + impactRolls.reduce((a, b) => a + b, 0);
    const ap = objectAp(o, attack.aspect);
    strike = {
      aspect: attack.aspect,
      dice: s.dice,
      impactRolls,
      impact,
      ap: ap ?? 0,
      damage: ap === null ? 0 : Math.max(0, impact - ap),
    };
  }
  const fumbles: { side: "attacker"; check: Check }[] = [];
  const weaponDamage: WeaponDamage[] = [];
  const weaponDamageSkipped: Hm3Result["weaponDamageSkipped"] = [];
  // Line 49: a CF is a Fumble roll and a damage check for the attacking weapon, and no TA (G58).
  const cf = level === "CF";
  if (cf) {
    fumbles.push({
      side: "attacker",
      check: fumbleRoll(dice, "attackerFumble", attacker.dex, attacker.pp),
    });
    if (attack.wq === undefined) weaponDamageSkipped.push("attacker");
    else {
      const check = wqRoll(dice, "attackerWeaponDamage", attack.wq);
      weaponDamage.push({ side: "attacker", wq: attack.wq, check, broken: check.failed });
    }
  }
  const total = o.damage + (strike?.damage ?? 0);
  const result: Hm3Result = {
    ruleset: "hm3",
    attackType: "melee",
    defenceType: "ignore",
    attack: attackTest,
    defence: null,
    result: cf ? "AF" : code,
    strikes: [],
    fumbles,
    stumbles: [],
    weaponDamage,
    weaponDamageSkipped,
    tacticalAdvantage: cf ? null : "attacker",
    wild: false,
    effects: [],
    rolls: dice.records,
    choices: [{ by: "defender", kind: "defence", value: { type: "ignore" } }],
    object: { df, dfRolls, strike, damageBefore: o.damage, damage: total, destroyed: total > df },
  };
  result.effects = [...effectsOf(result), ...objectEffects(result.object!)];
  return result;
}

/** The `tally` an object's damage is written back under (ruling G71). */
export const OBJECT_DAMAGE_TALLY = "objectDamage";

/**
 * What the exchange leaves on the object for the GM to apply (ruling G71): a `tally` effect of
 * the damage this strike counted against DF, carrying the DF when it was rolled now (so the next
 * exchange takes it, G57). None when the strike counted nothing and no DF was rolled.
 */
export function objectEffects(o: ObjectResult): Effect[] {
  const amount = o.strike?.damage ?? 0;
  if (amount === 0 && o.dfRolls === null) return [];
  return [
    {
      type: "tally",
      to: "defender",
      tally: OBJECT_DAMAGE_TALLY,
      amount,
      cause: "bruteForce",
      data: { df: o.df, dfRolled: o.dfRolls !== null, destroyed: o.destroyed },
    },
  ];
}
