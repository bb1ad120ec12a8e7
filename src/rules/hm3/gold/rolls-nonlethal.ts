/**
 * HârnMaster Gold "Non-lethal melee attacks" (seed 000 lines 187-229) on an HM3 exchange: disarm,
 * sweep and tackle. The attacker's A★n (or the attacker's half of B★n) makes no strike: the
 * defender rolls Fumble (disarm) or Stumble (sweep), or both fall prone (tackle). Pure; every die
 * through the injected dice, named (`disarm`, `disarm.hex`, `sweep`, `tackle.tangle`,
 * `tackle.stumble`). Rulings G44-G47 (docs/rulings.md).
 */
import { rollOne, sum, type Dice } from "../../../core/dice";
import type { Effect, Side } from "../../../core/ruleset";
import { DEFAULT_SIZE_CLASS, SIZE_CLASSES, type SizeClass } from "./impact-size";
import { goldOn, type GoldOptions } from "./options";
import { efsRoll, type EfsFighter } from "./rolls-efs";
import { TOTAL_HINT } from "./roll-hints";
import type { Grip, NonLethalKind, NonLethalOutcome, RollsAttack } from "./rolls";

/** The EML modifier of each attack (000:193, 207, 223: the Aiming Zone modifiers). */
export const NON_LETHAL_EML: Readonly<Record<NonLethalKind, { value: number; line: number }>> =
  Object.freeze({
    disarm: Object.freeze({ value: -15, line: 193 }),
    sweep: Object.freeze({ value: -10, line: 207 }),
    tackle: Object.freeze({ value: -10, line: 223 }),
  });

/** The landing hex of a dropped weapon by the 1d10 (000:199). */
export const LANDING_HEX = Object.freeze([
  "N",
  "NE",
  "SE",
  "S",
  "SW",
  "NW",
  "same",
  "same",
  "same",
  "same",
] as const);

/** The d100 bonus of the roll after A★n (000:195, 209): +30 less 10 per die. */
export function strikeDiceBonus(n: number): number {
  return 30 - 10 * n;
}

/** The grip bonus (000:201): two hands +DEX, strapped or tied +2×DEX. */
export function gripBonus(grip: Grip | undefined, dex: number): number {
  return grip === "two" ? dex : grip === "strapped" ? 2 * dex : 0;
}

/** disarmWeaponMass (000:203): +1 per lb the attacking weapon is lighter, −1 per lb heavier. */
export function weaponMassModifier(attackerLb: number, defenderLb: number): number {
  return defenderLb - attackerLb + 0;
}

/** sweepBigTargets (000:219): the defender is at least 2 size classes larger. */
export function tooBigToSweep(attacker: SizeClass | undefined, defender: SizeClass | undefined) {
  const a = SIZE_CLASSES[attacker ?? DEFAULT_SIZE_CLASS].rank;
  const d = SIZE_CLASSES[defender ?? DEFAULT_SIZE_CLASS].rank;
  return d - a >= 2;
}

/** What the non-lethal rules read of a combatant. */
export interface NonLethalFighter extends EfsFighter {
  pp: number;
  up: number;
  weaponWeight?: number;
  grip?: Grip;
  quadruped?: boolean;
  sizeClass?: SizeClass;
}

type Mod = NonLethalOutcome["modifiers"][number];

/**
 * The outcome of a non-lethal attack once the matrix has spoken. `strikeDice` is the n of the
 * attacker's A★n or B★n (null: the attacker struck nothing); `deliverGround(count)` delivers the
 * tackle's incidental Blunt strike through the exchange's own strike (ruling G47).
 */
export function resolveNonLethal(
  dice: Dice,
  attack: RollsAttack & { nonLethal: NonLethalKind },
  attacker: NonLethalFighter,
  defender: NonLethalFighter,
  strikeDice: number | null,
  options: Readonly<Partial<GoldOptions>>,
  deliverGround: (count: number) => void,
): NonLethalOutcome {
  const kind = attack.nonLethal;
  const out: NonLethalOutcome = {
    kind,
    strikeDice,
    modifiers: [],
    check: null,
    tangle: null,
    landing: null,
    bigTarget: false,
    defenderDisarmed: false,
    defenderProne: false,
    attackerProne: false,
    hold: false,
    tacticalAdvantage: null,
    turnEnds: false,
  };
  if (strikeDice === null) {
    // 000:227: a Tackle that misses or is dodged leaves the tackler prone, the foe with a TA.
    if (kind === "tackle") {
      out.attackerProne = true;
      out.tacticalAdvantage = "defender";
    }
    return out;
  }
  const mods: Mod[] = out.modifiers;
  const points = () => sum(mods.map((m) => m.value));
  const ta = (side: Side) => (out.tacticalAdvantage = side);

  if (kind === "disarm") {
    mods.push({
      key: "strikeDice",
      value: strikeDiceBonus(strikeDice),
      source: "seed 000 line 195",
    });
    const grip = gripBonus(defender.grip, defender.dex);
    if (grip !== 0)
      mods.push({ key: `grip.${defender.grip}`, value: grip, source: "seed 000 line 201" });
    if (
      goldOn(options, "disarmWeaponMass") &&
      attack.weight !== undefined &&
      defender.weaponWeight !== undefined
    ) {
      const mass = weaponMassModifier(attack.weight, defender.weaponWeight);
      if (mass !== 0) mods.push({ key: "weaponMass", value: mass, source: "seed 000 line 203" });
    }
    out.check = efsRoll(
      dice,
      "disarm",
      "fumble",
      defender,
      defender.up,
      defender.pp,
      points(),
      options,
    );
    if (out.check.failed) {
      out.defenderDisarmed = true;
      const roll = rollOne(dice, "disarm.hex", 10);
      out.landing = { roll, hex: LANDING_HEX[roll - 1]! };
      ta("attacker");
    } else out.turnEnds = true;
    return out;
  }

  if (kind === "sweep") {
    if (
      goldOn(options, "sweepBigTargets") &&
      tooBigToSweep(attacker.sizeClass, defender.sizeClass)
    ) {
      out.bigTarget = true;
      return out;
    }
    mods.push({
      key: "strikeDice",
      value: strikeDiceBonus(strikeDice),
      source: "seed 000 line 209",
    });
    if (attack.hooked) mods.push({ key: "hooked", value: -20, source: "seed 000 line 211" });
    out.check = efsRoll(
      dice,
      "sweep",
      "stumble",
      defender,
      defender.up,
      defender.pp,
      points(),
      options,
    );
    if (out.check.failed) {
      out.defenderProne = true;
      ta("attacker");
    } else out.turnEnds = true;
    return out;
  }

  // Tackle (000:225-227): the tackler falls prone and keeps the hold either way.
  out.attackerProne = true;
  out.hold = true;
  if (defender.quadruped) {
    const values = dice.roll("tackle.tangle", 5, 6, TOTAL_HINT);
    const total = sum(values);
    out.tangle = { values, total };
    mods.push({ key: "tangle", value: -total, source: "seed 000 line 226" });
    out.check = efsRoll(
      dice,
      "tackle.stumble",
      "stumble",
      defender,
      defender.up,
      defender.pp,
      points(),
      options,
    );
    if (out.check.failed) {
      out.defenderProne = true;
      ta("attacker");
    }
    return out;
  }
  out.defenderProne = true;
  ta("attacker");
  const ground = attack.ground ?? 0;
  if (ground > 0) deliverGround(ground);
  return out;
}

/**
 * The effects of this group's outcomes (exchange.ts `effectsOf`): a disarmed or prone defender,
 * a prone tackler, and what a technique's failed roll does (shock, disarmed, prone). The
 * Tactical Advantage is the result's own (`tacticalAdvantage`).
 */
export function rollsEffects(result: {
  nonLethal?: NonLethalOutcome;
  technique?: { roll: "shock" | "fumble" | "stumble"; check: { failed: boolean } };
}): Effect[] {
  const fx: Effect[] = [];
  const nl = result.nonLethal;
  if (nl) {
    if (nl.defenderDisarmed)
      fx.push({ type: "condition", to: "defender", condition: "disarmed", cause: nl.kind });
    if (nl.defenderProne)
      fx.push({ type: "condition", to: "defender", condition: "prone", cause: nl.kind });
    if (nl.attackerProne)
      fx.push({ type: "condition", to: "attacker", condition: "prone", cause: nl.kind });
  }
  const t = result.technique;
  if (t?.check.failed) {
    const condition = t.roll === "shock" ? "shock" : t.roll === "fumble" ? "disarmed" : "prone";
    fx.push({ type: "condition", to: "defender", condition, cause: "technique" });
  }
  return fx;
}

/**
 * Whose dice this group's named rolls are (`Ruleset.rollSide`): the defender's Fumble and
 * Stumble rolls and a technique's forced roll; the tackler's 5d6 tangle and the landing hex of
 * the weapon it knocked away are the attacker's.
 */
export const ROLLS_ROLL_SIDE: Readonly<Record<string, Side>> = Object.freeze({
  disarm: "defender",
  "disarm.hex": "attacker",
  sweep: "defender",
  "tackle.tangle": "attacker",
  "tackle.stumble": "defender",
  technique: "defender",
});
