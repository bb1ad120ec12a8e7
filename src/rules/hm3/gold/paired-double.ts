/**
 * HârnMaster Gold "Paired weapons combat: Double strike" (seed 000 lines 249-262), option
 * `pairedWeapons`: two melee attacks at once, one per hand, each at EML −20 (hand mode penalties
 * on top, given in the weapon's EML); the defender defends each at −10 (one extra opponent) with
 * the same defence, a separate roll for each; a D★ of a counterstrike against the secondary
 * attack is ignored; only one tactical advantage counts. Rulings G54-G55 (docs/rulings.md).
 *
 * The secondary attack is a whole HM3 exchange of its own, its rolls named with the prefix
 * `second.` (`second.attack`, `second.defence`, `second.location`…) so the result replays.
 */
import type { Dice, RollClassifier } from "../../../core/dice";
import type { Effect } from "../../../core/ruleset";
import { buildTarget, type Target } from "../../../core/modifiers";
import { EML_MAX, EML_MIN } from "../mechanics";
import type { ResultCode } from "../tables";
import type { Hm3Declaration, Hm3Defence, Hm3Result, StrikeWeapon } from "../exchange";

/** Prefix of the secondary attack's named rolls. */
export const SECOND = "second.";

/** Line 255: each attack of a double strike. */
export const DOUBLE_STRIKE_ATTACK = -20;
/** Lines 255, 262: the defender against each attack of a double strike (one extra opponent). */
export const DOUBLE_STRIKE_DEFENCE = -10;

/** The secondary weapon of a double strike (`attack.double`): how it strikes and its EML. */
export interface DoubleStrike extends StrikeWeapon {
  target: Target;
}

/** The secondary attack's exchange as the result keeps it (its rolls are in the main `rolls`). */
export type SecondExchange = Omit<Hm3Result, "ruleset" | "rolls" | "choices">;

export interface DoubleStrikeResult {
  /** The secondary weapon's exchange, against the same defence. */
  second: SecondExchange;
  /** A counterstrike's D★ against the secondary attack, ignored (line 257). */
  ignoredCounterstrike: ResultCode | null;
}

/** A target with one more itemised modifier (the engine's Gold EML changes). */
export function withModifier(t: Target, key: string, value: number, line: string): Target {
  return buildTarget(
    t.baseKey,
    t.base,
    [...t.modifiers, { key, value, source: `seed 000 line ${line}` }],
    { min: EML_MIN, max: EML_MAX },
  );
}

/** Dice that name every roll with a prefix (the secondary attack's rolls). */
export class PrefixedDice implements Dice {
  constructor(
    private readonly inner: Dice,
    private readonly prefix: string,
  ) {}
  roll(
    name: string,
    count: number,
    sides: number,
    classOf?: RollClassifier,
    arg?: number,
  ): number[] {
    // The hint goes through, so the exact odds group the second attack's rolls as the first's.
    return this.inner.roll(this.prefix + name, count, sides, classOf, arg);
  }
}

/** The defence against the secondary attack: the same defence, its strikes ignored on D★ (line 257). */
export function secondDefence(defence: Hm3Defence): Hm3Defence {
  return defence.type === "counterstrike" ? { ...defence, ignoreDStrike: true } : defence;
}

/** Whether the defender's strike of this result is not delivered (a D★ against the secondary). */
export function skipsDefenderStrike(defence: Hm3Defence, code: ResultCode): boolean {
  return defence.ignoreDStrike === true && code.startsWith("D*");
}

/**
 * Runs the secondary attack (`resolve` is the HM3 exchange) against the same defence and joins it
 * to the primary's result: effects of both; one tactical advantage at most (G55).
 */
export function joinDoubleStrike(
  decl: Hm3Declaration,
  defence: Hm3Defence,
  primary: Hm3Result,
  dice: Dice,
  resolve: (decl: Hm3Declaration, defence: Hm3Defence, dice: Dice) => Hm3Result,
): Hm3Result {
  const double = decl.attack.double!;
  const { double: _omit, ...primaryAttack } = decl.attack;
  void _omit;
  const attack = {
    ...primaryAttack,
    aspect: double.aspect,
    aim: double.aim,
    impact: double.impact,
    target: double.target,
  };
  if (double.wq !== undefined) attack.wq = double.wq;
  else delete attack.wq;
  const sub = resolve({ ...decl, attack }, secondDefence(defence), new PrefixedDice(dice, SECOND));
  const { ruleset: _r, rolls, choices: _c, ...second } = sub;
  void _r;
  void _c;
  const ignored = skipsDefenderStrike(secondDefence(defence), sub.result) ? sub.result : null;
  const ta = primary.tacticalAdvantage ?? sub.tacticalAdvantage;
  const noTa = (e: Effect) => e.type !== "tacticalAdvantage";
  const effects: Effect[] = [...primary.effects.filter(noTa), ...sub.effects.filter(noTa)];
  if (ta)
    effects.push({
      type: "tacticalAdvantage",
      to: ta,
      cause: primary.tacticalAdvantage ? primary.result : sub.result,
    });
  return {
    ...primary,
    tacticalAdvantage: ta,
    effects,
    rolls: [...primary.rolls, ...rolls.map((r) => ({ ...r, name: SECOND + r.name }))],
    double: { second, ignoredCounterstrike: ignored },
  };
}
