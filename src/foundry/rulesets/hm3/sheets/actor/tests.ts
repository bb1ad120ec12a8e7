/**
 * Skill and weapon tests from the actor sheet: which target a button tests (from the derived
 * data) and the chat card of the result (`templates/chat/skill-test.hbs`). Pure; the sheet
 * rolls the d100 and posts the card. The success level is the core's `successLevel` (hm3.md
 * §2: d100 against EML clamped 5..95, a multiple of 5 critical). The combat issue replaces the
 * weapon test by an attack dialog.
 */
import type { Target } from "../../../../../core/modifiers";
import type { Hm3Derived } from "../../../../../rules/hm3/character-types";
import { HM3_TARGET_LABELS } from "../../../../../rules/hm3/combat";
import { successLevel } from "../../../../../rules/hm3/mechanics";
import type { Level } from "../../../../../rules/hm3/tables";
import { ASPECT_LABEL, RANGE_BAND_LABEL } from "../item/labels";
import { targetTooltip, type Format, type Localize } from "../../../../sheets/common";
import { LEVEL_LABEL, MESSAGE } from "./labels";

function aspectName(aspect: string, localize: Localize): string {
  const key = (ASPECT_LABEL as Readonly<Record<string, string>>)[aspect];
  return key ? localize(key) : aspect;
}

export const SKILL_TEST_TEMPLATE = "systems/blow-by-blow/templates/chat/skill-test.hbs";

/** What a button tests: a title, an optional detail line and the target. */
export interface TestSubject {
  title: string;
  detail: string | null;
  target: Target;
}

/** The skill test of a skill item, or null when the derived data has no such skill. */
export function skillSubject(
  derived: Hm3Derived | null,
  skill: { id: string; name: string },
): TestSubject | null {
  const ds = derived?.skills[skill.id];
  return ds ? { title: skill.name, detail: null, target: ds.eml } : null;
}

/**
 * The test of a weapon for one aspect (melee: attack EML) or of a missile weapon at one
 * range band (its EML there), with the impact on the detail line; null when the derived data
 * has no such weapon, aspect or band.
 */
export function weaponSubject(
  derived: Hm3Derived | null,
  weapon: { id: string; name: string; aspect?: string },
  choice: { aspect?: string | null; band?: string | null },
  localize: Localize,
  format: Format,
): TestSubject | null {
  const dw = derived?.weapons[weapon.id];
  if (dw && choice.aspect) {
    const hit = dw.impacts.find((i) => i.aspect === choice.aspect);
    if (!hit) return null;
    return {
      title: weapon.name,
      detail: format(MESSAGE.impactButton, {
        aspect: localize(ASPECT_LABEL[hit.aspect]),
        impact: hit.impact,
      }),
      target: dw.attackEml,
    };
  }
  const dm = derived?.missiles[weapon.id];
  if (dm && choice.band) {
    const band = dm.bands.find((b) => b.band === choice.band);
    if (!band) return null;
    return {
      title: weapon.name,
      detail: format(MESSAGE.bandButton, {
        band: localize(RANGE_BAND_LABEL[band.band]),
        range: band.range,
        aspect: aspectName(weapon.aspect ?? "", localize),
        impact: band.impact,
      }),
      target: band.eml,
    };
  }
  return null;
}

export interface TestCard {
  actor: string;
  title: string;
  detail: string | null;
  eml: number;
  tooltip: string;
  roll: number;
  level: Level;
  levelLabel: string;
  levelClass: string;
}

const LEVEL_CLASS: Readonly<Record<Level, string>> = {
  CS: "bbb-success bbb-critical",
  MS: "bbb-success",
  MF: "bbb-failure",
  CF: "bbb-failure bbb-critical",
};

/** The chat card of a test: the roll against the subject's target, with its success level. */
export function testCard(
  actor: string,
  subject: TestSubject,
  roll: number,
  localize: Localize,
): TestCard {
  const level = successLevel(roll, subject.target.value);
  return {
    actor,
    title: subject.title,
    detail: subject.detail,
    eml: subject.target.value,
    tooltip: targetTooltip(subject.target, localize, HM3_TARGET_LABELS),
    roll,
    level,
    levelLabel: localize(LEVEL_LABEL[level]),
    levelClass: LEVEL_CLASS[level],
  };
}
