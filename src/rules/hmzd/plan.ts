/**
 * Zone-die body plans (hmzd.md §2, Z14): reading a zone value and a d10 on a plan, and
 * validating a plan given as data (a creature's, from a file or an actor). The human plan is
 * `HUMAN_PLAN` (tables.ts); creature plans have the same shape.
 */
import type { BodyPlan, Region } from "../../core/body";
import {
  checkKeys,
  InputError,
  readBoolean,
  readEnum,
  readNumber,
  readObject,
  readString,
} from "../../core/errors";
import type { HmzdPlan, HmzdPlanLocation, HmzdPlanZone, HmzdRange, HmzdSideRule } from "./types";

/** The zone a zone value (placement + ZD − 1) falls in; undefined when beyond the plan. */
export function zoneAt(plan: HmzdPlan, value: number): HmzdPlanZone | undefined {
  const zones = plan.zones;
  for (let i = 0; i < zones.length; i++) {
    const z = zones[i]!;
    if (value >= z.values.from && value <= z.values.to) return z;
  }
  return undefined;
}

/** The location a d10 (1..10; the die's 0 reads 10) picks in a zone. */
export function locationAt(zone: HmzdPlanZone, d10: number): HmzdPlanLocation {
  const locs = zone.locations;
  for (let i = 0; i < locs.length; i++) {
    const l = locs[i]!;
    if (d10 >= l.d10.from && d10 <= l.d10.to) return l;
  }
  throw new Error(`Zone ${zone.id} has no location for d10 ${d10}.`);
}

/**
 * The side a strike lands on (001:23: Arms ZD 2 right, 3 left; Legs by parity, hmzd.md §2
 * ruling): by the zone value or the d10, as the zone's rule says; null for an unsided zone.
 */
export function sideAt(
  zone: HmzdPlanZone,
  zoneValue: number,
  d10: number,
): "left" | "right" | null {
  const rule = zone.sides;
  if (!rule) return null;
  const v = rule.by === "zone" ? zoneValue : d10;
  if (rule.right.includes(v)) return "right";
  if (rule.left.includes(v)) return "left";
  return null;
}

/** Every armour key a plan accepts: bare ids, and left-/right- ids of paired locations. */
export function planLocationIds(plan: HmzdPlan): string[] {
  const ids: string[] = [];
  for (const z of plan.zones)
    for (const l of z.locations) {
      if (ids.includes(l.id)) continue;
      ids.push(l.id);
      if (l.paired) ids.push(`left-${l.id}`, `right-${l.id}`);
    }
  return ids;
}

/** The core's view of a plan (its locations, each once). */
export function coreBodyPlan(plan: HmzdPlan): BodyPlan {
  const seen = new Set<string>();
  const locations: BodyPlan["locations"][number][] = [];
  for (const z of plan.zones)
    for (const l of z.locations) {
      if (seen.has(l.id)) continue;
      seen.add(l.id);
      locations.push({ id: l.id, region: l.region, paired: l.paired });
    }
  return { id: plan.id, locations };
}

// ── Validation of a plan given as data ──────────────────────────────────────────────────────

const REGIONS: readonly Region[] = ["head", "neck", "arm", "torso", "leg", "wing", "tail", "other"];
const ID = /^[a-z][a-z0-9-]*$/;

function readRange(value: unknown, field: string, min: number, max: number): HmzdRange {
  const o = readObject(value, field);
  checkKeys(o, field, ["from", "to"]);
  const from = readNumber(o.from, `${field}.from`, { integer: true, min, max });
  const to = readNumber(o.to, `${field}.to`, { integer: true, min: from, max });
  return { from, to };
}

function readValues(value: unknown, field: string, min: number, max: number): number[] {
  if (!Array.isArray(value)) throw new InputError(field, value, "expected a list of values");
  return value.map((v, i) => readNumber(v, `${field}[${i}]`, { integer: true, min, max }));
}

function readSides(value: unknown, field: string, zone: HmzdRange): HmzdSideRule | null {
  if (value === null || value === undefined) return null;
  const o = readObject(value, field);
  checkKeys(o, field, ["by", "right", "left"]);
  const by = readEnum(o.by, `${field}.by`, ["zone", "location"] as const);
  const [min, max] = by === "zone" ? [zone.from, zone.to] : [1, 10];
  const right = readValues(o.right, `${field}.right`, min, max);
  const left = readValues(o.left, `${field}.left`, min, max);
  // Every value of the zone (or every d10) names one side, once.
  for (let v = min; v <= max; v++) {
    const n = (right.includes(v) ? 1 : 0) + (left.includes(v) ? 1 : 0);
    if (n !== 1)
      throw new InputError(
        field,
        value,
        `${by} value ${v} must be on exactly one side (right or left)`,
      );
  }
  return { by, right, left };
}

function readLocation(value: unknown, field: string): HmzdPlanLocation {
  const o = readObject(value, field);
  checkKeys(o, field, ["id", "d10", "shock", "paired", "region"]);
  const id = readString(o.id, `${field}.id`);
  if (!ID.test(id) || id.startsWith("left-") || id.startsWith("right-"))
    throw new InputError(`${field}.id`, id, "expected a lower-case id without a side prefix");
  return {
    id,
    d10: readRange(o.d10, `${field}.d10`, 1, 10),
    shock: readNumber(o.shock, `${field}.shock`, { integer: true, min: 0, max: 20 }),
    paired: readBoolean(o.paired, `${field}.paired`, false),
    region: readEnum(o.region, `${field}.region`, REGIONS),
  };
}

function readZone(value: unknown, field: string, expectFrom: number): HmzdPlanZone {
  const o = readObject(value, field);
  checkKeys(o, field, ["id", "values", "region", "sides", "locations"]);
  const id = readString(o.id, `${field}.id`);
  const values = readRange(o.values, `${field}.values`, 1, 100);
  if (values.from !== expectFrom)
    throw new InputError(
      `${field}.values.from`,
      values.from,
      `zones must follow each other without gap or overlap: expected ${expectFrom}`,
    );
  const sides = readSides(o.sides, `${field}.sides`, values);
  if (!Array.isArray(o.locations) || o.locations.length === 0)
    throw new InputError(`${field}.locations`, o.locations, "expected a list of locations");
  const locations = o.locations.map((l, i) => readLocation(l, `${field}.locations[${i}]`));
  // The d10 ranges cover 1..10 in order, without gap or overlap.
  let next = 1;
  locations.forEach((l, i) => {
    if (l.d10.from !== next)
      throw new InputError(
        `${field}.locations[${i}].d10.from`,
        l.d10.from,
        `the d10 ranges must cover 1..10 in order: expected ${next}`,
      );
    if (l.paired && !sides)
      throw new InputError(
        `${field}.locations[${i}].paired`,
        true,
        `a paired location needs a zone with a side rule (${field}.sides)`,
      );
    next = l.d10.to + 1;
  });
  if (next !== 11)
    throw new InputError(`${field}.locations`, o.locations, "the d10 ranges must reach 10");
  return { id, values, region: readEnum(o.region, `${field}.region`, REGIONS), sides, locations };
}

/**
 * A body plan from untrusted data (a creature's, Z14), with errors naming the field: zones
 * covering 1..N in order, each with d10 locations covering 1..10, paired locations only in a
 * zone with a side rule, and one location id never in two places with different figures.
 */
export function validatePlan(raw: unknown, field: string): HmzdPlan {
  const o = readObject(raw, field);
  checkKeys(o, field, ["id", "zoneCount", "zones"]);
  const id = readString(o.id, `${field}.id`);
  if (!Array.isArray(o.zones) || o.zones.length === 0)
    throw new InputError(`${field}.zones`, o.zones, "expected a list of zones");
  const zones: HmzdPlanZone[] = [];
  let next = 1;
  o.zones.forEach((z, i) => {
    const zone = readZone(z, `${field}.zones[${i}]`, next);
    if (zones.some((x) => x.id === zone.id))
      throw new InputError(`${field}.zones[${i}].id`, zone.id, "zone ids must differ");
    zones.push(zone);
    next = zone.values.to + 1;
  });
  const zoneCount = next - 1;
  if (o.zoneCount !== undefined && o.zoneCount !== zoneCount)
    throw new InputError(
      `${field}.zoneCount`,
      o.zoneCount,
      `does not match the zones (they end at ${zoneCount})`,
    );
  // A location met in two zones (a creature's legs front and back) keeps one shape.
  const seen = new Map<string, HmzdPlanLocation>();
  zones.forEach((z, i) =>
    z.locations.forEach((l, j) => {
      const prev = seen.get(l.id);
      if (prev && (prev.paired !== l.paired || prev.region !== l.region))
        throw new InputError(
          `${field}.zones[${i}].locations[${j}]`,
          l.id,
          "a location in two zones must be paired and of its region alike",
        );
      seen.set(l.id, l);
    }),
  );
  return { id, zoneCount, zones };
}
