/**
 * What the HM3 block checks beyond its field rules (`./rules.ts`): the form shortcuts its
 * sheets use (an injury's code `S2` sets severity and level; a creature's injury cell given as
 * a code `♦G5▼` becomes the cell), the human plan's locations, a creature's own plan, and the
 * plan rules of a creature's stored plan (R16 zone sums, R18 ♦ on limbs, unique ids).
 *
 * Imported by the registry while the generic data modules may still be loading: nothing here
 * reads a generic module at import time.
 */
import { bodyPlanProblems, parseInjuryCode } from "../../../rules/hm3/body-plan";
import { planContext } from "../../data/plan-context";
import type { BlockProblem, InputShortcut, PlanContext } from "../contract";
import { HUMAN_ARMOUR_LOCATIONS, HUMAN_INJURY_LOCATIONS } from "./rules";
import { objectBlockProblems } from "./gold-object";

/** Label of the virtual `system.hm3.code` path of an injury (`S2`, set as severity and level). */
export const INJURY_CODE_LABEL = "BLOWBYBLOW.HM3.Injury.code";
/** The message of a refused injury code (VALIDATION_KEYS.badInjuryCode). */
const BAD_INJURY_CODE = "BLOWBYBLOW.Validation.badInjuryCode";
/** Name of the human plan in messages. */
export const HUMAN_PLAN_LABEL = "BLOWBYBLOW.Validation.humanPlan";

export const HM3_HUMAN_PLAN: PlanContext = Object.freeze({
  ruleset: "hm3",
  name: HUMAN_PLAN_LABEL,
  armourIds: HUMAN_ARMOUR_LOCATIONS,
  injuryIds: HUMAN_INJURY_LOCATIONS,
});

export const HM3_SHORTCUTS: readonly InputShortcut[] = Object.freeze([
  {
    type: "Item.injury",
    path: /^code$/,
    label: INJURY_CODE_LABEL,
    refusedKey: BAD_INJURY_CODE,
    parse(value: unknown, field: string) {
      const cell = parseInjuryCode(value, field);
      return { severity: cell.severity, level: cell.level };
    },
    expand(value: unknown) {
      const cell = value as { severity: string; level: number };
      return { severity: cell.severity, level: cell.level };
    },
  },
  {
    type: "Actor.creature",
    path: /^bodyPlan\.locations\.\d+\.injury\.\d+$/,
    stringsOnly: true,
    refusedKey: BAD_INJURY_CODE,
    parse: (value: unknown, field: string) => parseInjuryCode(value, field),
  },
] satisfies InputShortcut[]);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** A creature's own plan from its HM3 block; undefined: the human plan. */
export function hm3OwnPlan(type: string, block: unknown): PlanContext | undefined {
  if (type !== "creature" || !isObj(block)) return undefined;
  const plan = block.bodyPlan;
  if (!isObj(plan) || !Array.isArray(plan.locations)) return undefined;
  const locations = plan.locations.filter(
    (l): l is { id: string; paired: boolean } =>
      isObj(l) && typeof l.id === "string" && typeof l.paired === "boolean",
  );
  return { ...planContext({ name: String(plan.name), locations }), ruleset: "hm3" };
}

/**
 * A body plan as the data model reads it, for the plan rules: a missing `locations`, `aim` or
 * `injury` takes its default (none, 0 points, no cells) as on import when the field rules are
 * not strict, where `bodyPlanProblems` would have read a missing object. Values of the wrong
 * type were refused by the field rules before this runs.
 */
function withPlanDefaults(plan: Obj): Parameters<typeof bodyPlanProblems>[0] {
  const locations = Array.isArray(plan.locations) ? plan.locations.filter(isObj) : [];
  return {
    locations: locations.map((l) => ({
      id: String(l.id ?? "body"),
      region: String(l.region ?? "torso"),
      aim: isObj(l.aim) ? l.aim : {},
      injury: Array.isArray(l.injury) ? l.injury.filter(isObj) : [],
    })) as never,
  };
}

/** The plan rules of a creature's stored plan (paths inside the block). */
export function hm3BlockProblems(type: string, block: Obj): BlockProblem[] {
  // HârnMaster Gold brute force: another object's AP and DF (./gold-object.ts).
  const object = objectBlockProblems(type, block);
  const bodyPlan = block.bodyPlan;
  if (type !== "Actor.creature" || !isObj(bodyPlan)) return object;
  return [
    ...object,
    ...bodyPlanProblems(withPlanDefaults(bodyPlan)).map((p) => ({
      field: `bodyPlan.${p.field.replace(/\[(\d+)\]/g, ".$1")}`,
      value: p.value,
      key: p.key,
      params: p.params as Record<string, string | number>,
    })),
  ];
}
