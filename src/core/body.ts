/**
 * Body plans: the locations a strike can land on. A ruleset owns its plans (HM3's sixteen
 * strike locations, GURPS's 3d6 table, RQ3's d20 table); the core knows only the shape, so
 * creatures are data, not code.
 */

/** Broad region of a location, shared by every ruleset (drives fumble/stumble, crippling…). */
export type Region = "head" | "neck" | "arm" | "torso" | "leg" | "wing" | "tail" | "other";

export type Laterality = "left" | "right";

export interface BodyLocation {
  /** Unsided id, e.g. `forearm`. */
  id: string;
  region: Region;
  /** A paired location is hit on a side: `left-forearm`, `right-forearm`. */
  paired: boolean;
}

export interface BodyPlan {
  id: string;
  locations: readonly BodyLocation[];
}

/** `left-forearm` for a paired location, the bare id otherwise. */
export function sidedId(location: string, side: Laterality | null): string {
  return side ? `${side}-${location}` : location;
}

/** Splits `left-forearm` into its side and base id. */
export function splitSided(id: string): { side: Laterality | null; base: string } {
  if (id.startsWith("left-")) return { side: "left", base: id.slice(5) };
  if (id.startsWith("right-")) return { side: "right", base: id.slice(6) };
  return { side: null, base: id };
}

/** Every id a plan accepts: bare ids, and left-/right- ids for paired locations. */
export function locationIds(plan: BodyPlan): string[] {
  const ids: string[] = [];
  for (const loc of plan.locations) {
    ids.push(loc.id);
    if (loc.paired) ids.push(`left-${loc.id}`, `right-${loc.id}`);
  }
  return ids;
}

/** Looks a (possibly sided) id up in a plan; undefined when unknown or wrongly sided. */
export function findLocation(plan: BodyPlan, id: string): BodyLocation | undefined {
  const { side, base } = splitSided(id);
  const loc = plan.locations.find((l) => l.id === base);
  if (!loc) return undefined;
  if (side && !loc.paired) return undefined;
  return loc;
}
