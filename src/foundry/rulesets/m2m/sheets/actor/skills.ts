/**
 * The skills tab of the GURPS Man to Man actor sheet: the skills bought, with their points,
 * difficulty, level and where it comes from, the effective level with its story; the skills of
 * ready weapons not bought (at default); the skills that may be added. Pure.
 */
import { SKILL_IDS, type SkillId } from "../../../../../rules/m2m/skills";
import { ATTRIBUTE_ABBR, DIFFICULTY_LABEL, SKILL_LABEL, TEXT } from "../labels";
import { tip, type M2mActorContextInput, type Tools } from "./shared";

export interface SkillRow {
  id: string;
  label: string;
  /** Index in `system.m2m.skills`, or null for a skill listed for a ready weapon only. */
  index: number | null;
  pointsName: string | null;
  points: number;
  difficulty: string;
  /** The level on the sheet and where it comes from ("points" or "default DX−5"). */
  level: string;
  from: string;
  /** The level with the standing modifiers, and their story. */
  effective: string;
  tooltip: string;
}

export function skillsContext(input: M2mActorContextInput, t: Tools) {
  const block = input.system.m2m;
  const derived = input.derived?.character.skills ?? {};
  const row = (id: SkillId, index: number | null, points: number): SkillRow => {
    const d = derived[id];
    const from = d
      ? d.from === "points"
        ? t.localize(TEXT.fromPoints)
        : t.format(TEXT.fromDefault, {
            from: t.localize(
              d.from === "DX"
                ? ATTRIBUTE_ABBR.dx
                : d.from === "HT"
                  ? ATTRIBUTE_ABBR.ht
                  : SKILL_LABEL[d.from],
            ),
          })
      : "";
    return {
      id,
      label: t.localize(SKILL_LABEL[id] ?? id),
      index,
      pointsName: index === null ? null : `system.m2m.skills.${index}.points`,
      points,
      difficulty: d ? t.localize(DIFFICULTY_LABEL[d.difficulty]) : "",
      level: d ? String(d.level) : "—",
      from,
      effective: d ? String(d.effective.value) : "—",
      tooltip: d ? tip(d.effective, t) : "",
    };
  };
  const rows = block.skills.map((s, i) => row(s.id, i, s.points));
  const listed = new Set(block.skills.map((s) => s.id));
  const weaponOnly = (Object.keys(derived) as SkillId[])
    .filter((id) => !listed.has(id))
    .map((id) => row(id, null, 0));
  const addOptions = SKILL_IDS.filter((id) => !listed.has(id)).map((id) => ({
    value: id,
    label: t.localize(SKILL_LABEL[id]),
    selected: false,
  }));
  return { rows, weaponOnly, addOptions, empty: rows.length === 0 && weaponOnly.length === 0 };
}
