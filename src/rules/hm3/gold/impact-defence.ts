/**
 * An angry counterstrike in the hm3 Foundry defence dialog (HârnMaster Gold `angryStrike`,
 * seed 000 line 25 "an Angry Strike can also be made when Counterstriking"; rulings G10-G11):
 * the Counterstrike option's count "angry" (EML points given up, in tens) becomes the CLI's
 * `defence.angry` (and `defence.ml` for the SI cap), with the itemised modifier `gold.angry` the
 * engine adds (./impact-parse.ts `readImpactWeapon`, the same reader), so the dialog shows what
 * the engine rolls against. combat.ts calls these. Pure.
 */
import type { ChoiceOptionView } from "../../../core/combat";
import { InputError } from "../../../core/errors";
import type { Target } from "../../../core/modifiers";
import { skillIndex } from "./impact-angry";
import { IMPACT_ROWS } from "./impact-combat";
import { readImpactWeapon } from "./impact-parse";
import { goldOn, type GoldOptions } from "./options";

type Counts = NonNullable<ChoiceOptionView["counts"]>;

/** The count's id (the attack row's: the same decision, gold.angry). */
export const ANGRY_COUNT = IMPACT_ROWS.angry;

/** The most EML an angry strike gives up without the SI cap (the attack row's maximum). */
const ANGRY_MAX = 100;

/**
 * The angry count of a defence option: on Counterstrike while `angryStrike` is on. Its maximum
 * is 100 EML points, or with `angryStrikeMaxBonus` (000:29, G11) the highest SI × 10 among the
 * counterstriking weapons' MLs (each weapon's own cap is checked when chosen); none when no
 * weapon's SI allows even 10.
 */
export function impactDefenceCounts(
  optionId: string,
  options: Readonly<Partial<GoldOptions>>,
  weaponMls: readonly number[],
): Counts {
  if (optionId !== "counterstrike" || !goldOn(options, "angryStrike")) return [];
  const max = goldOn(options, "angryStrikeMaxBonus")
    ? Math.min(ANGRY_MAX, Math.max(0, ...weaponMls.map((ml) => skillIndex(ml) * 10)))
    : ANGRY_MAX;
  if (max < 10) return [];
  return [{ id: ANGRY_COUNT, labelKey: "BLOWBYBLOW.HM3.Gold.Impact.Count.angry", max }];
}

/**
 * The counterstrike's angry fields from the request's counts (`defence.angry`, and `defence.ml`
 * the weapon's ML while the cap is on) and its target with the engine's `gold.angry` modifier.
 * The count's range was checked against the offer; a count not a multiple of 10, above the
 * weapon's SI cap or bringing the EML below 05 is refused naming `counts.gold.angry`.
 */
export function impactDefence(
  counts: Readonly<Record<string, number>> | undefined,
  offered: Counts,
  options: Readonly<Partial<GoldOptions>>,
  weaponMl: number,
  target: Target,
): { fields: Record<string, unknown>; target: Target } {
  const n = counts?.[ANGRY_COUNT];
  if (!n || !offered.some((c) => c.id === ANGRY_COUNT)) return { fields: {}, target };
  const fields: Record<string, unknown> = { angry: n };
  if (goldOn(options, "angryStrikeMaxBonus")) fields.ml = weaponMl;
  try {
    const read = readImpactWeapon(fields, "defence", options, target, true);
    return { fields, target: read.target };
  } catch (e) {
    if (e instanceof InputError && e.field.startsWith("defence."))
      throw new InputError(`counts.${ANGRY_COUNT}`, n, e.reason);
    throw e;
  }
}
