/**
 * The submit step of the GURPS Man to Man actor sheet, as pure functions: flat form data in
 * (Foundry's `FormDataExtended#object`), the update out. Every field is checked by the data
 * layer's `checkUpdate` (injected: `check`), so a bad value is refused naming the field and
 * the rest of the change goes through. Array fields are written whole, as Foundry updates
 * them: the accepted skill points become `system.m2m.skills`, the crippled boxes
 * `system.m2m.encounter.crippled`. Adding and removing a skill are the sheet's buttons.
 */
import type { SkillId } from "../../../../../rules/m2m/skills";
import {
  CRIPPLABLE_LOCATIONS,
  type CripplableLocation,
  type M2mCharacterBlock,
} from "../../character-data";
import { CRIPPLED_INPUT, FORM_ONLY_PREFIX } from "./context";

export interface CheckOutcome<P> {
  accepted: Record<string, unknown>;
  problems: readonly P[];
}

export interface ActorSubmitInput<P> {
  block: M2mCharacterBlock;
  form: Readonly<Record<string, unknown>>;
  check: (flat: Record<string, unknown>) => CheckOutcome<P>;
}

const SKILL_POINTS = /^system\.m2m\.skills\.(\d+)\.points$/;

/** The checked, flat changes of a submitted actor form (arrays written whole). */
export function actorSubmit<P>(input: ActorSubmitInput<P>): {
  changes: Record<string, unknown>;
  problems: readonly P[];
} {
  const flat: Record<string, unknown> = {};
  const crippled: CripplableLocation[] = [];
  let sawCrippled = false;
  for (const [key, value] of Object.entries(input.form)) {
    if (key.startsWith(CRIPPLED_INPUT)) {
      sawCrippled = true;
      const l = key.slice(CRIPPLED_INPUT.length) as CripplableLocation;
      if (value === true && CRIPPLABLE_LOCATIONS.includes(l)) crippled.push(l);
    } else if (!key.startsWith(FORM_ONLY_PREFIX)) flat[key] = value;
  }
  if (sawCrippled) flat["system.m2m.encounter.crippled"] = crippled;
  const { accepted, problems } = input.check(flat);
  const changes: Record<string, unknown> = {};
  const skills = input.block.skills.map((s) => ({ ...s }));
  let skillsChanged = false;
  for (const [key, value] of Object.entries(accepted)) {
    const m = SKILL_POINTS.exec(key);
    if (!m) {
      changes[key] = value;
      continue;
    }
    const entry = skills[Number(m[1])];
    if (entry && entry.points !== value) {
      entry.points = value as number;
      skillsChanged = true;
    }
  }
  if (skillsChanged) changes["system.m2m.skills"] = skills;
  return { changes, problems };
}

/** The skills with `id` added at 0 points (its default), or null when it is listed already. */
export function addSkill(
  block: M2mCharacterBlock,
  id: SkillId,
): M2mCharacterBlock["skills"] | null {
  if (block.skills.some((s) => s.id === id)) return null;
  return [...block.skills.map((s) => ({ ...s })), { id, points: 0 }];
}

/** The skills without entry `index`, or null when there is none. */
export function removeSkill(
  block: M2mCharacterBlock,
  index: number,
): M2mCharacterBlock["skills"] | null {
  if (!Number.isInteger(index) || index < 0 || index >= block.skills.length) return null;
  return block.skills.filter((_, i) => i !== index).map((s) => ({ ...s }));
}
