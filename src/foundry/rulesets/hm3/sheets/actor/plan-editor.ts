/**
 * The creature body plan editor's data operations, pure: rebuild the stored plan from the flat
 * form data (rows of `system.hm3.bodyPlan.locations.<i>.<field>`), add and remove rows, copy
 * the human plan.
 */
import type { Region } from "../../../../../core/body";
import { humanBodyPlan, REGIONS } from "../../../../../rules/hm3/body-plan";
import type { Hm3InjuryCellInput } from "../../../../../rules/hm3/character-types";
import { AIM_ZONES, IMPACT_BANDS } from "../../../../../rules/hm3/tables";
import { isSizeClass } from "../../../../../rules/hm3/gold/impact-size";
import type { Hm3BodyPlanSource, Hm3PlanLocationSource } from "../../source";

export const PLAN_PREFIX = "system.hm3.bodyPlan";
const ROW = /^system\.hm3\.bodyPlan\.locations\.(\d+)\.(.+)$/;

/** A copy of the human plan as a creature's own plan (to edit). */
export function copyHumanPlan(): Hm3BodyPlanSource {
  const plan = humanBodyPlan();
  return { name: plan.name, locations: plan.locations };
}

/** The ladder a new location starts with: the human thorax's (seed 003 line 103). */
function defaultLadder(): Hm3InjuryCellInput[] {
  const thorax = humanBodyPlan().locations.find((l) => l.id === "thorax");
  return thorax ? thorax.injury : [];
}

/** A new location row after the others, with an unused id and no aim points. */
export function addPlanLocation(plan: Hm3BodyPlanSource, name: string): Hm3BodyPlanSource {
  const ids = new Set(plan.locations.map((l) => l.id));
  let n = plan.locations.length + 1;
  while (ids.has(`location-${n}`)) n++;
  const location: Hm3PlanLocationSource = {
    id: `location-${n}`,
    name,
    region: "other",
    paired: false,
    aim: { high: 0, mid: 0, low: 0 },
    injury: defaultLadder(),
    sizeClass: null,
  };
  return { ...plan, locations: [...plan.locations, location] };
}

/** The plan without the row at `index` (the last row stays: a plan needs a location). */
export function removePlanLocation(plan: Hm3BodyPlanSource, index: number): Hm3BodyPlanSource {
  if (plan.locations.length <= 1 || index < 0 || index >= plan.locations.length) return plan;
  return { ...plan, locations: plan.locations.filter((_, i) => i !== index) };
}

function isCell(value: unknown): value is Hm3InjuryCellInput {
  return value !== null && typeof value === "object" && "severity" in value && "level" in value;
}

/**
 * Takes the body plan rows out of flat form data (already checked field by field by the data
 * layer's `checkUpdate`, so injury codes arrive as cells and numbers as numbers) and returns
 * the rest of the data with `system.hm3.bodyPlan.locations` as a whole array (Foundry
 * replaces arrays whole), built on the stored plan so a field the form does not carry, or
 * one the check refused, keeps its stored value. `plan` is the assembled plan, null when the
 * form has no rows (a character, or a creature on the human plan).
 */
export function planFromForm(
  flat: Readonly<Record<string, unknown>>,
  stored: Hm3BodyPlanSource | null,
): { data: Record<string, unknown>; plan: Hm3BodyPlanSource | null } {
  const data: Record<string, unknown> = {};
  const rows = new Map<number, Record<string, unknown>>();
  for (const [key, value] of Object.entries(flat)) {
    const m = ROW.exec(key);
    if (!m) {
      data[key] = value;
      continue;
    }
    const index = Number(m[1]);
    const fields = rows.get(index) ?? {};
    fields[m[2]!] = value;
    rows.set(index, fields);
  }
  if (!stored || rows.size === 0) return { data, plan: null };

  const locations = stored.locations.map((old, index): Hm3PlanLocationSource => {
    const fields = rows.get(index);
    const loc: Hm3PlanLocationSource = {
      ...old,
      aim: { ...old.aim },
      injury: old.injury.map((c) => ({ ...c })),
    };
    if (!fields) return loc;
    if (typeof fields.id === "string") loc.id = fields.id;
    if (typeof fields.name === "string") loc.name = fields.name;
    if (typeof fields.region === "string" && (REGIONS as readonly string[]).includes(fields.region))
      loc.region = fields.region as Region;
    if (typeof fields.paired === "boolean") loc.paired = fields.paired;
    // The location's own size class (ruling G16): null (a blank choice) is the creature's.
    if (fields.sizeClass === null || isSizeClass(fields.sizeClass))
      loc.sizeClass = fields.sizeClass;
    for (const zone of AIM_ZONES) {
      const value = fields[`aim.${zone}`];
      if (typeof value === "number") loc.aim[zone] = value;
    }
    for (let i = 0; i < IMPACT_BANDS.length; i++) {
      const value = fields[`injury.${i}`];
      if (isCell(value)) loc.injury[i] = { ...value };
    }
    return loc;
  });
  const name = data[`${PLAN_PREFIX}.name`];
  const plan: Hm3BodyPlanSource = {
    name: typeof name === "string" ? name : stored.name,
    locations,
  };
  data[`${PLAN_PREFIX}.locations`] = locations;
  return { data, plan };
}
