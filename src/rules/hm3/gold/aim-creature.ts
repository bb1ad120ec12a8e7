/**
 * HârnMaster Gold aimed melee (seed 000 lines 5-15) at a creature on its own body plan (ruling
 * G72): the attack dialog's location row offers the defender's own locations (those with points
 * in an aiming column: ruling G7), not the human plan's; the request's location row accepts a
 * location id of any plan, which `aimAtFromRows` then checks against the victim's plan.
 */
import type { CatalogRowOption, FighterSnapshot } from "../../../core/combat";
import { creaturePlanInput, HUMAN_PLAN_ID, validateBodyPlan } from "../body-plan";
import type { Hm3BodyPlanInput, Hm3PlanLocationInput } from "../character-types";
import { AIM_ROW } from "./aim";
import { aimTarget } from "./aim-locate";

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The creature's own plan it fights on, or undefined (the human plan, or one refused: R19). */
export function ownPlanOf(fighter: FighterSnapshot | null): Hm3BodyPlanInput | undefined {
  if (!fighter) return undefined;
  const derived = fighter.derived as { plan?: { id?: unknown } } | undefined;
  const hm3 = isRecord(fighter.system) ? fighter.system.hm3 : undefined;
  if (derived?.plan?.id === HUMAN_PLAN_ID || !isRecord(hm3) || !isRecord(hm3.bodyPlan))
    return undefined;
  try {
    const stored = hm3.bodyPlan as { name: string; locations: Hm3PlanLocationInput[] };
    return validateBodyPlan(creaturePlanInput(stored), "bodyPlan");
  } catch {
    return undefined;
  }
}

/**
 * The catalog rows for an attack on `defender`: on a creature's own plan the location row's
 * choices are its locations that can be aimed at, labelled by their own names (the dialog's
 * `localize` gives a name that is no key back as it is); otherwise the rows as they are.
 */
export function aimCatalogFor(
  catalog: readonly CatalogRowOption[],
  defender: FighterSnapshot | null,
): readonly CatalogRowOption[] {
  const plan = ownPlanOf(defender);
  if (!plan) return catalog;
  const choices = plan.locations
    .filter((l) => {
      try {
        aimTarget(plan, l.id);
        return true;
      } catch {
        return false;
      }
    })
    .map((l) => ({ id: l.id, labelKey: l.name }));
  return catalog.map((row) =>
    row.id === AIM_ROW.location && row.param?.kind === "choice"
      ? { ...row, param: { ...row.param, choices } }
      : row,
  );
}

/** Most characters of a location id the location row accepts. */
const MAX_ID = 64;

/**
 * Whether a request row is the location row carrying a location id the static (human) choices
 * do not list: a creature plan's own id, checked against the victim's plan later.
 */
export function isPlanLocationParam(rowId: unknown, param: unknown): param is string {
  return (
    rowId === AIM_ROW.location &&
    typeof param === "string" &&
    param.length > 0 &&
    param.length <= MAX_ID &&
    /^[A-Za-z0-9_-]+$/.test(param)
  );
}
