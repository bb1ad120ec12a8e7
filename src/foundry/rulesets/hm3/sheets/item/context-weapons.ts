/**
 * The HM3 item sheet's context of a hand weapon and a missile weapon: stored values, the skill
 * link to the owner's skills, and the owner's derived AML/DML/EML (from the rules core) when
 * the item is embedded. Pure.
 */
import { HAND_MODES } from "../../../../../rules/hm3/character-types";
import { HM3_TARGET_LABELS } from "../../../../../rules/hm3/combat";
import type { Velocity } from "../../../../../rules/hm3/eml";
import { ASPECTS, RANGE_BANDS, RANGE_EML } from "../../../../../rules/hm3/tables";
import type { SourceByType } from "../../../../data/source";
import { targetTooltip } from "../../../../sheets/common";
import { options, signedModifier, type Tools } from "./context-parts";
import type {
  BandRow,
  ImpactField,
  MissileContext,
  SkillLink,
  WeaponContext,
} from "./context-types";
import {
  ASPECT_LABEL,
  ASPECT_SHORT_LABEL,
  FORMAT,
  HAND_MODE_LABEL,
  RANGE_BAND_LABEL,
  VELOCITIES,
  VELOCITY_HINT,
  VELOCITY_LABEL,
} from "./labels";

function skillLink(skill: string, t: Tools, matched: boolean | null): SkillLink {
  const skillOptions = t.owner ? [...t.owner.skillNames].sort((a, b) => a.localeCompare(b)) : [];
  const skillMissing =
    skill.trim() === ""
      ? t.localize("BLOWBYBLOW.ItemSheet.Hint.noSkillName")
      : t.owner && matched === false
        ? t.format(FORMAT.noSkill, { actor: t.owner.name, skill })
        : null;
  return { skillOptions, skillMissing };
}

export function weaponContext(system: SourceByType["Item"]["weapon"], t: Tools): WeaponContext {
  const hm3 = system.hm3;
  const impacts = ASPECTS.map((aspect): ImpactField => {
    const value = hm3.impact[aspect] ?? null;
    return {
      aspect,
      name: `system.hm3.impact.${aspect}`,
      short: t.localize(ASPECT_SHORT_LABEL[aspect]),
      label: t.localize(ASPECT_LABEL[aspect]),
      value,
      absent: value === null,
      display: value === null ? t.localize("BLOWBYBLOW.ItemSheet.Absent") : String(value),
      title:
        value === null
          ? t.localize("BLOWBYBLOW.ItemSheet.AbsentTitle")
          : t.localize(ASPECT_LABEL[aspect]),
    };
  });
  const derived = t.id ? t.owner?.derived?.weapons[t.id] : undefined;
  return {
    skill: hm3.skill,
    ...skillLink(hm3.skill, t, derived ? derived.skillId !== null : null),
    wq: hm3.wq,
    attack: hm3.attack,
    defence: hm3.defence,
    impacts,
    handModeOptions: options(HAND_MODES, HAND_MODE_LABEL, hm3.handMode, t.localize, t.format),
    shield: hm3.shield,
    cutting: hm3.cutting === true,
    longReach: hm3.longReach === true,
    handModePenalty: hm3.handModePenalty ?? null,
    // Ruling G17: empty reads as 10 for a two-handed weapon, 0 otherwise.
    handModePenaltyDefault: hm3.handMode === "two" ? 10 : 0,
    strRequirement: hm3.strRequirement ?? 0,
    lighterClasses: hm3.lighterClasses ?? 0,
    owner: derived
      ? {
          ml: derived.ml,
          aml: derived.aml,
          dml: derived.dml,
          attackEml: derived.attackEml.value,
          defenceEml: derived.defenceEml.value,
          attackEmlTitle: targetTooltip(derived.attackEml, t.localize, HM3_TARGET_LABELS),
          defenceEmlTitle: targetTooltip(derived.defenceEml, t.localize, HM3_TARGET_LABELS),
        }
      : null,
  };
}

export function missileContext(system: SourceByType["Item"]["missile"], t: Tools): MissileContext {
  const hm3 = system.hm3;
  const derived = t.id ? t.owner?.derived?.missiles[t.id] : undefined;
  const velocity: Velocity = hm3.velocity === "high" ? "high" : "low";
  return {
    skill: hm3.skill,
    ...skillLink(hm3.skill, t, derived ? derived.skillId !== null : null),
    aspectOptions: options(ASPECTS, ASPECT_LABEL, hm3.aspect, t.localize, t.format),
    velocityOptions: options(VELOCITIES, VELOCITY_LABEL, hm3.velocity, t.localize, t.format),
    velocityHint: t.localize(VELOCITY_HINT[velocity]),
    wq: hm3.wq,
    bands: RANGE_BANDS.map((band): BandRow => {
      const stored = hm3.ranges[band];
      const eml = derived?.bands.find((b) => b.band === band)?.eml;
      return {
        band,
        label: t.localize(RANGE_BAND_LABEL[band]),
        rangeName: `system.hm3.ranges.${band}.range`,
        range: stored.range,
        impactName: `system.hm3.ranges.${band}.impact`,
        impact: stored.impact,
        emlModifier: signedModifier(RANGE_EML[band]),
        ownerEml: eml?.value ?? null,
        ownerEmlTitle: eml ? targetTooltip(eml, t.localize, HM3_TARGET_LABELS) : "",
        owned: derived !== undefined,
      };
    }),
    owner: derived ? { ml: derived.ml } : null,
  };
}
