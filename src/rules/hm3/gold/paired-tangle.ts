/**
 * HârnMaster Gold "Paired weapons combat: Tangle & strike" (seed 000 lines 264-278), option
 * `pairedWeapons`: the primary weapon's attack is a tangle attempt at EML +0 to −15 by the area
 * aimed at (line 276, given as `attack.tangle.penalty`); a success (G59: any result in which the
 * attacker strikes, A★ or B★) does no injury but gives the attacker a tactical advantage, for
 * the off-hand weapon's attack, and the defender a tangle penalty of 4d6 or 5d6 (line 278, the
 * named roll `tangle`) to its actions. A tangled fighter carries it as `tangled` (the engine
 * takes it off its attack or defence EML, `gold.tangled`) until the end of its next turn (G59).
 */
import type { Dice } from "../../../core/dice";
import type { Effect } from "../../../core/ruleset";
import type { Hm3Result } from "../exchange";
import type { ResultCode } from "../tables";
import { TOTAL_HINT } from "./roll-hints";

/** The tangle attempt (`attack.tangle`). */
export interface TangleAttempt {
  /** EML penalty of the area aimed at, 0 to 15 (line 276). */
  penalty: number;
  /** The tangle penalty's dice: 4 or 5 d6 by the area entangled (line 278). */
  dice: 4 | 5;
}

export interface TangleResult {
  success: boolean;
  dice: number;
  /** The `tangle` roll's dice; null when the tangle failed. */
  rolls: number[] | null;
  /** The tangle penalty to the defender's actions (0 when it failed). */
  penalty: number;
}

/** Whether a result code is a successful tangle: the attacker strikes (G59). */
export function tangleSucceeds(code: ResultCode): boolean {
  return /^[ABM]\*/.test(code);
}

/**
 * The tangle's consequences on the primary exchange (whose attacker strikes were not
 * delivered): the `tangle` roll and the attacker's TA on a success.
 */
export function joinTangle(result: Hm3Result, tangle: TangleAttempt, dice: Dice): Hm3Result {
  if (!tangleSucceeds(result.result)) {
    result.tangle = { success: false, dice: tangle.dice, rolls: null, penalty: 0 };
    return result;
  }
  const rolls = dice.roll("tangle", tangle.dice, 6, TOTAL_HINT);
  const penalty = rolls.reduce((a, b) => a + b, 0);
  result.rolls = [
    ...result.rolls,
    { name: "tangle", count: tangle.dice, sides: 6, values: rolls.slice(), total: penalty },
  ];
  result.tangle = { success: true, dice: tangle.dice, rolls, penalty };
  result.tacticalAdvantage = "attacker";
  const effects: Effect[] = result.effects.filter((e) => e.type !== "tacticalAdvantage");
  effects.push({ type: "tacticalAdvantage", to: "attacker", cause: "tangle" });
  result.effects = effects;
  return result;
}
