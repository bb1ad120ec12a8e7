/**
 * Zone plans as the block stores them (`HmzdBodyPlanSource`) and as the engine reads them
 * (`HmzdPlan`, src/rules/hmzd/types.ts): the stored plan is the engine's with names for the
 * sheet, and an unsided zone's `sides: null` stored as `by: "none"`. The human plan is the
 * engine's table (§2, 001:36-51), named here for the sheet and the body-plan pack.
 */
import { humanPlan } from "../../../rules/hmzd/tables";
import type { HmzdPlan, HmzdPlanZone } from "../../../rules/hmzd/types";
import type { HmzdBodyPlanSource, HmzdZoneSource } from "./source";

/** An id as a name: `upper-arm` → `Upper arm` (the sheet localises the human plan's own). */
export function nameOfId(id: string): string {
  const words = id.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The stored form of an engine plan; `names` gives the plan's, its zones' and locations' names
 * by id (absent: from the id).
 */
export function planSource(
  plan: HmzdPlan,
  name: string,
  names: Readonly<Record<string, string>> = {},
): HmzdBodyPlanSource {
  const nameOf = (id: string) => names[id] ?? nameOfId(id);
  return {
    id: plan.id,
    name,
    zones: plan.zones.map(
      (z): HmzdZoneSource => ({
        id: z.id,
        name: nameOf(z.id),
        values: { ...z.values },
        region: z.region,
        sides: z.sides
          ? { by: z.sides.by, right: [...z.sides.right], left: [...z.sides.left] }
          : { by: "none", right: [], left: [] },
        locations: z.locations.map((l) => ({
          id: l.id,
          name: nameOf(l.id),
          d10: { ...l.d10 },
          shock: l.shock,
          paired: l.paired,
          region: l.region,
        })),
      }),
    ),
  };
}

/** The engine's plan of a stored one (names dropped; `zoneCount` the last zone's highest value). */
export function planFromSource(source: HmzdBodyPlanSource): HmzdPlan {
  const zones = source.zones.map(
    (z): HmzdPlanZone => ({
      id: z.id,
      values: { ...z.values },
      region: z.region,
      sides:
        z.sides.by === "none"
          ? null
          : { by: z.sides.by, right: [...z.sides.right], left: [...z.sides.left] },
      locations: z.locations.map((l) => ({
        id: l.id,
        d10: { ...l.d10 },
        shock: l.shock,
        paired: l.paired,
        region: l.region,
      })),
    }),
  );
  const zoneCount = zones.reduce((max, z) => Math.max(max, z.values.to), 0);
  return { id: source.id, zoneCount, zones };
}

/** The human plan as stored (§2), a fresh copy. */
export function humanPlanSource(): HmzdBodyPlanSource {
  return planSource(humanPlan(), "Human");
}
