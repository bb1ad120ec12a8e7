/**
 * The HârnMaster Gold options an HM3 actor's derivation reads (`deriveHm3Character`): a change
 * to one re-derives every actor, so Foundry reloads the world for it (`requiresReload`), and the
 * CLI, the duels and the workbench hand them to the same derivation (rulings G64, G90, G91).
 *
 * - `encumbranceFatigue` (seed 000 lines 101-113): ENC from Condition, FR (turns-encumbrance.ts).
 * - `kamtolaSkillBase` under `unarmedStyles` (000:362): a Kamtóla fighter's Unarmed Combat skill
 *   base is DEX AGL AGL instead of STR DEX AGL (`unarmedSkillBaseAttributes`, G49, G91).
 */
import { goldOn, type GoldOptions } from "./options";
import type { UnarmedStyle } from "./rolls";
import { DEFAULT_UNARMED_STYLE, unarmedSkillBaseAttributes } from "./rolls-unarmed";
import type { Hm3AttributeId } from "../character-types";

/** The ids the derivation reads (a sub-rule with the rule it takes effect under). */
export const DERIVATION_GOLD_OPTIONS: readonly (keyof GoldOptions)[] = Object.freeze([
  "encumbranceFatigue",
  "unarmedStyles",
  "kamtolaSkillBase",
]);

/** Only the options the derivation reads, each true or false (a key for derived states). */
export function derivationGoldOptions(
  options: Readonly<Record<string, boolean>> | null | undefined,
): Partial<GoldOptions> {
  const out: Partial<GoldOptions> = {};
  for (const id of DERIVATION_GOLD_OPTIONS) out[id] = options?.[id] === true;
  return out;
}

/**
 * HM3's Unarmed Combat skill (G91): the skill named "Unarmed" (HM3's sheets and packs) or
 * "Unarmed Combat" (HârnMaster Gold's name), in any case.
 */
export function isUnarmedSkill(name: string): boolean {
  const n = name.trim().toLowerCase();
  return n === "unarmed" || n === "unarmed combat";
}

/**
 * The attributes a skill's base is averaged from (G91): its own, except the Unarmed Combat
 * skill of a Kamtóla fighter while `kamtolaSkillBase` takes effect, which uses DEX AGL AGL
 * (000:362). A skill base entered by hand is the GM's figure and is not touched (the caller
 * reads these only when none is entered).
 */
export function skillBaseAttributesOf(
  skill: { name: string; sbAttributes: readonly Hm3AttributeId[] },
  style: UnarmedStyle | undefined,
  options: Readonly<Partial<GoldOptions>>,
): Hm3AttributeId[] {
  const kamtola = (style ?? DEFAULT_UNARMED_STYLE) === "kamtola";
  if (!kamtola || !isUnarmedSkill(skill.name) || !goldOn(options, "kamtolaSkillBase"))
    return [...skill.sbAttributes];
  return [...unarmedSkillBaseAttributes("kamtola", options)];
}
