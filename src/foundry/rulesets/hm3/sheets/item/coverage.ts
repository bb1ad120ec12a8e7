/**
 * The armour coverage grid of the HM3 item sheet (a box per location and side of the owner's
 * plan) and its reading back into the stored location ids. Pure.
 */
import { splitSided } from "../../../../../core/body";
import { HUMAN_BODY_PLAN, isHumanPlan } from "../../../../../rules/hm3/body-plan";
import type { Localize } from "../../../../sheets/common";
import { locationLabel as planLocationLabel } from "../locations";
import type { CoverageRow, OwnerInput } from "./context-types";

/** Names of form inputs that are not document fields: the submit step assembles them. */
export const FORM_ONLY_PREFIX = "bbb.";

export const SIDES = ["left", "right"] as const;

/** A body plan as the coverage grid reads it: unsided location ids, each paired or not. */
export interface CoveragePlan {
  id: string;
  name: string;
  locations: readonly { id: string; name: string; paired: boolean }[];
}

/**
 * The plan an item's locations refer to: the owner's (its derived `plan` lists sided ids, made
 * unsided here), or the human plan of seed 003 for an item no actor owns.
 */
export function coveragePlan(owner: OwnerInput | null | undefined): CoveragePlan {
  const plan = owner?.derived?.plan;
  if (!plan) return HUMAN_BODY_PLAN;
  const locations: { id: string; name: string; paired: boolean }[] = [];
  for (const l of plan.locations) {
    const id = l.paired ? splitSided(l.id).base : l.id;
    if (!locations.some((x) => x.id === id)) locations.push({ id, name: l.name, paired: l.paired });
  }
  return { id: plan.id, name: plan.name, locations };
}

function coverageName(id: string, box: "both" | "left" | "right"): string {
  return `${FORM_ONLY_PREFIX}coverage.${id}.${box}`;
}

/** True when `name` is one of the coverage boxes. */
export function isCoverageInput(name: string | null | undefined): boolean {
  return typeof name === "string" && name.startsWith(`${FORM_ONLY_PREFIX}coverage.`);
}

/** Sided ids of `plan` a location entry covers (both sides of an unsided paired one); null if not on the plan. */
function coveredBy(entry: string, plan: CoveragePlan): string[] | null {
  const { side, base } = splitSided(entry);
  const loc = plan.locations.find((l) => l.id === base);
  if (!loc || (side && !loc.paired)) return null;
  if (side) return [entry];
  return loc.paired ? SIDES.map((s) => `${s}-${base}`) : [base];
}

/** Entries of a location list that are not on `plan` (kept as they are, shown apart). */
export function entriesOffPlan(locations: readonly string[], plan: CoveragePlan): string[] {
  return locations.filter((l) => coveredBy(l, plan) === null);
}

/**
 * The coverage grid over a plan's locations (default: the human plan): one box for an
 * unpaired location, and for a paired one a "both" box with a box per side. An unsided entry
 * (`forearm`) covers both sides (src/rules/hm3/mechanics.ts `coveredIds`).
 */
export function coverageRows(
  locations: readonly string[],
  localize: Localize,
  plan: CoveragePlan = HUMAN_BODY_PLAN,
): CoverageRow[] {
  const covered = new Set(locations.flatMap((l) => coveredBy(l, plan) ?? []));
  const human = isHumanPlan(plan);
  const label = (id: string) => planLocationLabel(id, plan, localize, human);
  return plan.locations.map((loc) => {
    if (!loc.paired) {
      return {
        id: loc.id,
        label: label(loc.id),
        paired: false,
        both: {
          name: coverageName(loc.id, "both"),
          checked: covered.has(loc.id),
          label: label(loc.id),
        },
        left: null,
        right: null,
      };
    }
    const left = covered.has(`left-${loc.id}`);
    const right = covered.has(`right-${loc.id}`);
    return {
      id: loc.id,
      label: label(loc.id),
      paired: true,
      both: { name: coverageName(loc.id, "both"), checked: left && right, label: label(loc.id) },
      left: { name: coverageName(loc.id, "left"), checked: left, label: label(`left-${loc.id}`) },
      right: {
        name: coverageName(loc.id, "right"),
        checked: right,
        label: label(`right-${loc.id}`),
      },
    };
  });
}

/**
 * `system.hm3.locations` from the coverage boxes of a submitted form (flat form data). A
 * paired location covered on both sides is stored unsided (`forearm`), on one side sided
 * (`left-forearm`). When the change came from a "both" box (`changed` is its name), that box
 * sets both sides; otherwise the side boxes decide. Entries not on the plan (another body's
 * locations) are kept, after the plan's. Returns null when the form has no coverage boxes.
 */
export function locationsFromCoverage(
  form: Readonly<Record<string, unknown>>,
  current: readonly string[],
  changed?: string | null,
  plan: CoveragePlan = HUMAN_BODY_PLAN,
): string[] | null {
  if (!Object.keys(form).some((k) => isCoverageInput(k))) return null;
  const out: string[] = [];
  for (const loc of plan.locations) {
    const both = coverageName(loc.id, "both");
    if (!loc.paired) {
      if (form[both] === true) out.push(loc.id);
      continue;
    }
    let left = form[coverageName(loc.id, "left")] === true;
    let right = form[coverageName(loc.id, "right")] === true;
    if (changed === both) left = right = form[both] === true;
    if (left && right) out.push(loc.id);
    else if (left) out.push(`left-${loc.id}`);
    else if (right) out.push(`right-${loc.id}`);
  }
  for (const entry of entriesOffPlan(current, plan)) if (!out.includes(entry)) out.push(entry);
  return out;
}
