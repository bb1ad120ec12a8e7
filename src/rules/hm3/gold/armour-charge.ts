/**
 * A mounted charge's impact bonus in the hm3 Foundry attack dialog (HârnMaster Gold "Weapon
 * Damage Modifiers", seed 000 line 368: "Treat any impact bonus from a mounted charge as an
 * addition to the base Impact for this purpose"; rulings G26, G79). The HM3 material here gives
 * no formula for the bonus, so the attacker declares it: the row `gold.chargeBonus` (a whole
 * number, melee only, while `weaponDamageModifiers` is on) becomes the CLI's
 * `attack.chargeBonus` (armour-parse.ts), which lowers the blocker's weapon damage target. Pure.
 */
import type { CatalogRowInput, CatalogRowOption } from "../../../core/combat";
import { InputError } from "../../../core/errors";
import { goldOn, type GoldOptions } from "./options";

/** The row's id. */
export const CHARGE_ROW = "gold.chargeBonus";
/** The bounds of the declared bonus (as `attack.chargeBonus`, armour-parse.ts). */
const MAX_BONUS = 100;

/** The attack dialog's row for the charge's impact bonus. */
export const CHARGE_CATALOG_ROW: CatalogRowOption = Object.freeze({
  id: CHARGE_ROW,
  labelKey: "BLOWBYBLOW.HM3.Gold.Carry.chargeBonus",
  option: "weaponDamageModifiers",
  param: Object.freeze({ kind: "number", min: 1, max: MAX_BONUS, default: 5 }),
});

/**
 * `attack.chargeBonus` from the declared rows (absent: none), checked: the option must be on,
 * the attack a melee one, the bonus a whole number 1 to 100; each refusal names the row.
 */
export function chargeFields(
  rows: readonly CatalogRowInput[],
  options: Readonly<Partial<GoldOptions>>,
  kind: "melee" | "missile",
): { chargeBonus?: number } {
  const i = rows.findIndex((r) => r.id === CHARGE_ROW);
  if (i < 0) return {};
  const f = `catalog[${i}]`;
  const param = rows[i]!.param;
  if (!goldOn(options, "weaponDamageModifiers"))
    throw new InputError(
      `${f}.id`,
      CHARGE_ROW,
      "needs the HârnMaster Gold option weaponDamageModifiers, which is off",
    );
  if (kind !== "melee")
    throw new InputError(`${f}.id`, CHARGE_ROW, "a mounted charge is a melee attack");
  if (typeof param !== "number" || !Number.isInteger(param) || param < 1 || param > MAX_BONUS)
    throw new InputError(`${f}.param`, param, `expected a whole number 1 to ${MAX_BONUS}`);
  if (rows.findIndex((r, j) => j > i && r.id === CHARGE_ROW) >= 0)
    throw new InputError(`${f}.id`, CHARGE_ROW, "declared twice");
  return { chargeBonus: param };
}
