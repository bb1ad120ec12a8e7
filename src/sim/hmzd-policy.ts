/**
 * The simple policy of the hmzd duels (src/sim/hmzd-duel.ts, docs/duel.md, ruling Z29), as
 * HM3's (src/sim/policy.ts) with the zone die's own choices:
 *
 * - the attacker strikes with the allowed attack mode of the highest EML after impairment (Z8;
 *   at equal EMLs the mode of the highest mean impact, then the first listed), from placement
 *   1 (the seed's default, 001:25) unless the policy names one; a placement the weapon's zone
 *   die cannot take from there is lowered to the highest it can (placement + ZD − 1 ≤ the
 *   plan's zones, hmzd.md §2);
 * - the defender takes the allowed defence of the highest EML after impairment (at equal
 *   EMLs Block, then Dodge, then Counterstrike: a tied Block goes to the defender, a tied
 *   Dodge to the higher roll, a tied Counterstrike to the attacker, 001:57); against a missile
 *   no counterstrike, a block only with a shield (Z4); nothing allowed: Ignore;
 * - the winner spends its TAs by the engine's default (all Impact for a striker, Setup for a
 *   defender, Z6), so the policy never asks for an Action.
 *
 * A duel's policy may fix the weapon, the mode, the placement and the defence; what it fixes is
 * checked against the fighter when the duel is made (`checkHmzdPolicy`). When it is not
 * possible in an exchange (the weapon's arm prohibited by a G injury), the fighter does the best
 * it can instead, as above.
 *
 * A weapon whose zone die is larger than the target's plan has zones strikes it with a die of
 * the plan's size from placement 1 (ruling Z33, the engine's `zoneDieOn`): every weapon can
 * strike every plan, and `placementFor` gives it placement 1.
 *
 * Pure: over the duel fighter (`HmzdDuelFighter`) and an impairment function.
 */
import { InputError } from "../core/errors";
import type { HmzdDuelFighter, HmzdDuelMode, HmzdDuelWeapon } from "./hmzd-duel-fighter";

/** What a policy may fix (null or absent: the best). */
export interface HmzdPolicy {
  /** The weapon to attack with (its id). */
  weapon?: string | null;
  /** The attack mode (its id, e.g. "swing"). */
  mode?: string | null;
  /** The zone value announced before the test (001:25): 1 (Head, the default) to 10. */
  placement?: number | null;
  /** "block", "dodge", "counterstrike" or "best" (the default). */
  defence?: string | null;
}

export const HMZD_DEFENCES = ["block", "dodge", "counterstrike"] as const;
export type HmzdDuelDefenceType = (typeof HMZD_DEFENCES)[number] | "ignore";

/**
 * What an action costs the fighter now (Z8): the EML penalty of the injuries in the zones it
 * uses, or null when a G injury there prohibits it.
 */
export type Impairment = (uses: HmzdDuelUses) => number | null;

/** The zones an action uses (Z8): the arms of the hands that hold the item, or the legs. */
export type HmzdDuelUses = "right" | "left" | "both" | "legs" | "body";

export interface HmzdAttackChoice {
  weapon: HmzdDuelWeapon;
  mode: HmzdDuelMode;
  /** The attack EML after impairment. */
  eml: number;
  /** The impairment taken off the weapon's EML (Z8). */
  penalty: number;
  placement: number;
}

export interface HmzdDefenceChoice {
  type: HmzdDuelDefenceType;
  /** The defence EML after impairment (0 for Ignore). */
  eml: number;
  /** The EML before impairment, and the impairment (Z8). */
  base: number;
  penalty: number;
  /** The weapon or shield of a block or a counterstrike. */
  weapon: HmzdDuelWeapon | null;
  /** A counterstrike's mode. */
  mode: HmzdDuelMode | null;
}

const meanImpact = (m: HmzdDuelMode) => (m.die + 1) / 2 + m.base;

/** The weapon's usable modes, by the mode the policy fixes when it has it. */
function modesOf(w: HmzdDuelWeapon, mode: string | null | undefined): readonly HmzdDuelMode[] {
  if (mode) {
    const fixed = w.modes.filter((m) => m.id === mode);
    if (fixed.length) return fixed;
  }
  return w.modes;
}

/**
 * The attack the policy makes now, or null when every attack is prohibited (the fighter
 * cannot act, Z8). `zones` is the target's number of zones (10 for a human).
 */
export function hmzdAttack(
  f: HmzdDuelFighter,
  impairment: Impairment,
  policy: HmzdPolicy,
  zones: number,
): HmzdAttackChoice | null {
  let best: HmzdAttackChoice | null = null;
  let bestImpact = 0;
  const consider = (weapons: readonly HmzdDuelWeapon[], fixedMode: boolean) => {
    for (const w of weapons) {
      if (w.attack === null || !w.modes.length) continue;
      const penalty = impairment(w.hands);
      if (penalty === null) continue;
      const eml = w.attack - penalty;
      for (const m of fixedMode ? modesOf(w, policy.mode) : w.modes) {
        const impact = meanImpact(m);
        if (!best || eml > best.eml || (eml === best.eml && impact > bestImpact)) {
          best = { weapon: w, mode: m, eml, penalty, placement: 1 };
          bestImpact = impact;
        }
      }
    }
  };
  if (policy.weapon)
    consider(
      f.weapons.filter((w) => w.id === policy.weapon),
      true,
    );
  else if (policy.mode)
    consider(
      f.weapons.filter((w) => w.modes.some((m) => m.id === policy.mode)),
      true,
    );
  if (!best) consider(f.weapons, false);
  if (!best) return null;
  const chosen = best as HmzdAttackChoice;
  // Z4: a missile placed past 1 is aimed, d6 from the placement (its zoneDie is the unaimed one).
  const die = chosen.weapon.missile ? AIMED_MISSILE_DIE : chosen.weapon.zoneDie;
  chosen.placement = placementFor(policy.placement ?? 1, die, zones);
  return chosen;
}

/** An aimed missile's zone die (Z4). */
const AIMED_MISSILE_DIE = 6;

/**
 * The placement kept: at most the highest the zone die can take from (hmzd.md §2); 1 for a die
 * larger than the plan (Z33).
 */
export function placementFor(wanted: number, zoneDie: number, zones: number): number {
  return Math.max(1, Math.min(wanted, zones - zoneDie + 1));
}

/**
 * The defence the policy makes against `attack` (a missile or not): the allowed defence of the
 * highest EML (ties Block, Dodge, Counterstrike), the one the policy fixes when it is allowed,
 * else Ignore.
 */
export function hmzdDefence(
  f: HmzdDuelFighter,
  impairment: Impairment,
  policy: HmzdPolicy,
  missile: boolean,
): HmzdDefenceChoice {
  const options: HmzdDefenceChoice[] = [];
  let blockBest: HmzdDefenceChoice | null = null;
  let counterBest: HmzdDefenceChoice | null = null;
  let counterImpact = 0;
  for (const w of f.weapons) {
    const penalty = impairment(w.hands);
    if (penalty === null) continue;
    // Z4: against a missile a block only with a shield.
    if (w.block !== null && (!missile || w.shield)) {
      const eml = w.block - penalty;
      if (!blockBest || eml > blockBest.eml)
        blockBest = { type: "block", eml, base: w.block, penalty, weapon: w, mode: null };
    }
    // Z33: any weapon counterstrikes, a die larger than the attacker's plan at the plan's size.
    if (!missile && w.attack !== null && !w.missile)
      for (const m of w.modes) {
        const eml = w.attack - penalty;
        const impact = meanImpact(m);
        if (
          !counterBest ||
          eml > counterBest.eml ||
          (eml === counterBest.eml && impact > counterImpact)
        ) {
          counterBest = { type: "counterstrike", eml, base: w.attack, penalty, weapon: w, mode: m };
          counterImpact = impact;
        }
      }
  }
  if (blockBest) options.push(blockBest);
  if (f.dodge !== null) {
    const penalty = impairment("legs");
    if (penalty !== null)
      options.push({
        type: "dodge",
        eml: f.dodge - penalty,
        base: f.dodge,
        penalty,
        weapon: null,
        mode: null,
      });
  }
  if (counterBest) options.push(counterBest);
  const fixed =
    policy.defence && policy.defence !== "best"
      ? options.filter((o) => o.type === policy.defence)
      : [];
  let best: HmzdDefenceChoice | null = null;
  for (const o of fixed.length ? fixed : options) if (!best || o.eml > best.eml) best = o;
  return best ?? { type: "ignore", eml: 0, base: 0, penalty: 0, weapon: null, mode: null };
}

/**
 * Checks a policy against its fighter: the weapon one of its weapons with an attack, the mode
 * one of that weapon's (or any weapon's), the placement 1..10, the defence "best" or an hmzd
 * defence. Refused with an InputError naming `<field>.<key>` and the value.
 */
export function checkHmzdPolicy(f: HmzdDuelFighter, policy: unknown, field = "policy"): HmzdPolicy {
  if (policy === null || typeof policy !== "object" || Array.isArray(policy))
    throw new InputError(field, policy, "expected an object");
  const p = policy as Record<string, unknown>;
  for (const key of Object.keys(p))
    if (!["weapon", "mode", "placement", "defence"].includes(key))
      throw new InputError(
        `${field}.${key}`,
        p[key],
        "unknown field (expected one of weapon, mode, placement, defence)",
      );
  const attackers = f.weapons.filter((w) => w.attack !== null && w.modes.length);
  let withWeapon = attackers;
  if (p.weapon !== undefined && p.weapon !== null) {
    withWeapon = attackers.filter((w) => w.id === p.weapon);
    if (!withWeapon.length)
      throw new InputError(
        `${field}.weapon`,
        p.weapon,
        `expected the id of one of ${f.name}'s weapons (${attackers.map((w) => w.id).join(", ") || "none"})`,
      );
  }
  if (p.mode !== undefined && p.mode !== null) {
    const modes = [...new Set(withWeapon.flatMap((w) => w.modes.map((m) => m.id)))];
    if (!modes.includes(p.mode as string))
      throw new InputError(`${field}.mode`, p.mode, `expected one of ${modes.join(", ")}`);
  }
  if (
    p.placement !== undefined &&
    p.placement !== null &&
    (typeof p.placement !== "number" ||
      !Number.isInteger(p.placement) ||
      p.placement < 1 ||
      p.placement > 10)
  )
    throw new InputError(`${field}.placement`, p.placement, "expected a whole number from 1 to 10");
  const defences = ["best", ...HMZD_DEFENCES];
  if (p.defence !== undefined && p.defence !== null && !defences.includes(p.defence as string))
    throw new InputError(`${field}.defence`, p.defence, `expected one of ${defences.join(", ")}`);
  return p as HmzdPolicy;
}
