/**
 * The HM3 item sheet's context of a skill: category, the skill base attribute selects, ML and
 * the owner's derived SB and EML (from the rules core) when the skill is embedded. Pure.
 */
import { HM3_ATTRIBUTES, SKILL_CATEGORIES } from "../../../../../rules/hm3/character-types";
import { HM3_TARGET_LABELS } from "../../../../../rules/hm3/combat";
import type { SourceByType } from "../../../../data/source";
import { targetTooltip } from "../../../../sheets/common";
import { options, SB_SLOTS, sbName, type Tools } from "./context-parts";
import type { SkillContext } from "./context-types";
import { ATTRIBUTE_LABEL, CATEGORY_LABEL } from "./labels";

export function skillContext(system: SourceByType["Item"]["skill"], t: Tools): SkillContext {
  const hm3 = system.hm3;
  const derived = t.id ? t.owner?.derived?.skills[t.id] : undefined;
  const attributeIds = ["", ...HM3_ATTRIBUTES] as const;
  return {
    categoryOptions: options(SKILL_CATEGORIES, CATEGORY_LABEL, hm3.category, t.localize, t.format),
    sbSelects: Array.from({ length: SB_SLOTS }, (_, slot) => {
      const current = hm3.sbAttributes[slot] ?? "";
      return {
        name: sbName(slot),
        label: `${slot + 1}`,
        options: options(
          attributeIds,
          { ...ATTRIBUTE_LABEL, "": ATTRIBUTE_LABEL.none },
          current,
          t.localize,
          t.format,
        ),
      };
    }),
    sbModifier: hm3.sbModifier,
    skillBase: hm3.skillBase,
    ml: hm3.ml,
    owner: derived
      ? {
          sb: derived.sb,
          eml: derived.eml.value,
          emlTitle: targetTooltip(derived.eml, t.localize, HM3_TARGET_LABELS),
        }
      : null,
  };
}
