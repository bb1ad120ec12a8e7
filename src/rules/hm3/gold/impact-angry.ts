/**
 * HârnMaster Gold "Angry Strikes" (seed 000 lines 17-29): EML sacrificed in units of ten, +1
 * impact per ten on a strike that lands, capped at the weapon's Skill Index by the sub-rule
 * `angryStrikeMaxBonus` (line 29). Pure arithmetic; parse.ts and combat.ts declare it.
 */
import { InputError } from "../../../core/errors";

/** Skill Index: ML ÷ 10 rounded down (issue 19; HârnMaster Gold's SI). */
export function skillIndex(ml: number): number {
  return Math.floor(ml / 10);
}

/**
 * The impact bonus of an angry strike of `angry` EML points (000:21: +1 per 10), capped at the
 * weapon's SI when `cap` (000:29) and an ML is known. 0 when nothing was sacrificed.
 */
export function angryBonus(
  angry: number | undefined,
  ml: number | undefined,
  cap: boolean,
): number {
  if (!angry || angry <= 0) return 0;
  const bonus = Math.floor(angry / 10);
  return cap && ml !== undefined ? Math.min(bonus, skillIndex(ml)) : bonus;
}

/**
 * Checks an angry strike's EML points: a multiple of 10 from 10 (000:21), an enraged one 10 or
 * 20 (000:27), and with the cap no more than SI × 10 (000:29: more buys nothing; ruling G11).
 */
export function checkAngry(
  field: string,
  angry: number,
  opts: { enraged: boolean; ml: number | undefined; cap: boolean },
): void {
  if (!Number.isInteger(angry) || angry < 10 || angry % 10 !== 0)
    throw new InputError(
      field,
      angry,
      "an angry strike sacrifices EML in units of ten: 10, 20, 30… (seed 000 line 21)",
    );
  if (opts.enraged && angry > 20)
    throw new InputError(
      field,
      angry,
      "an enraged fighter's involuntary angry strike is EML -10 or -20 (seed 000 line 27)",
    );
  if (opts.cap && opts.ml !== undefined && angry > skillIndex(opts.ml) * 10)
    throw new InputError(
      field,
      angry,
      `the impact bonus is at most the Skill Index ${skillIndex(opts.ml)} (ML ${opts.ml} ÷ 10, seed 000 line 29): sacrifice at most ${skillIndex(opts.ml) * 10}`,
    );
}
