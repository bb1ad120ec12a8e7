/**
 * GURPS Man to Man turn rules shared by the flow (`m2mFlow`, flow.ts: Foundry's fights) and the
 * duel (src/sim/m2m-duel.ts), so both roll the same rolls by the same names and read them alike
 * (issue 17). Pure: dice are injected.
 */
import type { Dice } from "../../core/dice";
import { htRoll } from "./injury";

/** A start-of-turn HT roll (§9.2, §9.3): `consciousness` at 0 HP, `stunRecovery` when stunned. */
export interface TurnStartRoll {
  roll: "consciousness" | "stunRecovery";
  total: number;
  target: number;
  success: boolean;
}

/**
 * The HT rolls at the start of a fighter's turn (L1870, L1874): at exactly 0 HP a `consciousness`
 * roll vs basic HT (failure: unconscious, and nothing more is rolled); then, stunned, a
 * `stunRecovery` roll (success: he acts this turn; failure: no maneuver). A fighter already
 * out (`out`: dead or unconscious) rolls nothing.
 */
export function turnStartRolls(
  fighter: { ht: number; hp: number; stunned: boolean; out: boolean },
  dice: Dice,
): { rolls: TurnStartRoll[]; unconscious: boolean; stunned: boolean } {
  const rolls: TurnStartRoll[] = [];
  let unconscious = false;
  let stunned = fighter.stunned;
  if (fighter.out) return { rolls, unconscious, stunned };
  const check = (name: TurnStartRoll["roll"]) => {
    const v = dice.roll(name, 3, 6);
    const total = v[0]! + v[1]! + v[2]!;
    const r = htRoll(fighter.ht, total);
    rolls.push({ roll: name, total, target: r.target, success: r.success });
    return r.success;
  };
  if (fighter.hp === 0 && !check("consciousness")) unconscious = true;
  if (!unconscious && stunned && check("stunRecovery")) stunned = false;
  return { rolls, unconscious, stunned };
}

/**
 * Which weapon a critical hit's "foe drops his weapon" makes him drop (L2573), as an index into
 * the `count` weapons he holds (sheet order): the only one, or, holding two or more, one rolled
 * at random (the named roll `dropWeapon`, 1dN, so the exchange replays). −1: nothing in hand.
 */
export function droppedWeaponIndex(count: number, dice: Dice): number {
  if (count <= 1) return count - 1;
  const [face] = dice.roll("dropWeapon", 1, count);
  if (face === undefined || face < 1 || face > count)
    throw new Error(`dropWeapon rolled ${String(face)} among ${count} weapons.`);
  return face - 1;
}
