/**
 * The locations a body plan offers items (armour, injuries), for the location rules. A leaf
 * module (no registry import), so a ruleset's modules can use it while the registry loads.
 */
import { findLocation, locationIds } from "../../core/body";
import type { PlanContext } from "../rulesets/contract";

/** The context of a plan as the derivation reports it (`derived.plan`) or as stored. */
export function planContext(plan: {
  name: string;
  locations: readonly { id: string; paired: boolean }[];
}): PlanContext {
  const body = {
    id: "plan",
    locations: plan.locations.map((l) => ({ ...l, region: "other" as const })),
  };
  const armourIds = locationIds(body);
  return {
    name: plan.name,
    armourIds,
    injuryIds: armourIds.filter((id) => {
      const loc = findLocation(body, id);
      return loc !== undefined && (!loc.paired || id !== loc.id);
    }),
  };
}
