/**
 * What the zone-die block checks beyond its field rules (`./rules.ts`): a weapon's dice are
 * dice and its modes named once (Z12), an injury's level is one its severity has (§4: M1, S2,
 * S3, G4, G5), and a creature's zone plan (Z14) covers its zone values and each zone's d10 once,
 * with ids given once. Each problem names the field (a path inside the block), its value and a
 * lang key under `BLOWBYBLOW.HMZD.Validation`, formatted with `{field}`, `{value}` and `params`.
 *
 * Pure, and imported by the registry while the generic data modules may still be loading:
 * nothing here reads a generic module at import time.
 */
import type { BlockProblem, BlockTypeKey } from "../contract";
import type { HmzdState } from "../../../rules/hmzd/types";
import { IMPACT_DICE, SEVERITY_LEVELS, ZONE_DICE } from "./rules";
import { recoveryAtFor } from "./state-source";

/** The lang keys of the block's problems. */
export const HMZD_PROBLEM_KEYS = Object.freeze({
  zoneDie: "BLOWBYBLOW.HMZD.Validation.zoneDie",
  impactDie: "BLOWBYBLOW.HMZD.Validation.impactDie",
  modeName: "BLOWBYBLOW.HMZD.Validation.modeName",
  injuryLevel: "BLOWBYBLOW.HMZD.Validation.injuryLevel",
  noZones: "BLOWBYBLOW.HMZD.Validation.noZones",
  zoneOrder: "BLOWBYBLOW.HMZD.Validation.zoneOrder",
  zoneGap: "BLOWBYBLOW.HMZD.Validation.zoneGap",
  zoneOverlap: "BLOWBYBLOW.HMZD.Validation.zoneOverlap",
  duplicateId: "BLOWBYBLOW.HMZD.Validation.duplicateId",
  noLocations: "BLOWBYBLOW.HMZD.Validation.noLocations",
  d10Gap: "BLOWBYBLOW.HMZD.Validation.d10Gap",
  d10Overlap: "BLOWBYBLOW.HMZD.Validation.d10Overlap",
  recoveryState: "BLOWBYBLOW.HMZD.Validation.recoveryState",
  recoveryDue: "BLOWBYBLOW.HMZD.Validation.recoveryDue",
  sideUnsided: "BLOWBYBLOW.HMZD.Validation.sideUnsided",
  sideRange: "BLOWBYBLOW.HMZD.Validation.sideRange",
  sideBoth: "BLOWBYBLOW.HMZD.Validation.sideBoth",
});

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const num = (v: unknown, fallback: number) => (typeof v === "number" ? v : fallback);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

const dieList = (dice: readonly number[]) => dice.map((d) => `d${d}`).join(", ");

/** A weapon's or missile's problems: its dice are dice, its modes named once. */
function weaponProblems(block: Obj): BlockProblem[] {
  const out: BlockProblem[] = [];
  const zoneDie = block.zoneDie;
  if (typeof zoneDie === "number" && !ZONE_DICE.includes(zoneDie))
    out.push({
      field: "zoneDie",
      value: zoneDie,
      key: HMZD_PROBLEM_KEYS.zoneDie,
      params: { dice: dieList(ZONE_DICE) },
    });
  const names = new Set<string>();
  list(block.modes).forEach((mode, i) => {
    if (typeof mode.die === "number" && !IMPACT_DICE.includes(mode.die))
      out.push({
        field: `modes.${i}.die`,
        value: mode.die,
        key: HMZD_PROBLEM_KEYS.impactDie,
        params: { dice: dieList(IMPACT_DICE) },
      });
    const name = typeof mode.name === "string" ? mode.name.trim().toLowerCase() : "";
    if (name && names.has(name))
      out.push({
        field: `modes.${i}.name`,
        value: mode.name,
        key: HMZD_PROBLEM_KEYS.modeName,
        params: {},
      });
    names.add(name);
  });
  return out;
}

/** An injury's level must be one its severity has (§4 injury table: M1, S2, S3, G4, G5). */
function injuryProblems(block: Obj): BlockProblem[] {
  const severity = block.severity as keyof typeof SEVERITY_LEVELS;
  const levels = SEVERITY_LEVELS[severity];
  if (!levels || typeof block.level !== "number" || levels.includes(block.level)) return [];
  return [
    {
      field: "level",
      value: block.level,
      key: HMZD_PROBLEM_KEYS.injuryLevel,
      params: { severity, levels: levels.join(", ") },
    },
  ];
}

/**
 * The ranges `from`..`to` (each item's `key`) must cover 1..`end` (the last one's `to` when
 * `end` is null) in order, without gap or overlap; `at` names an entry's range field.
 */
function coverage(
  items: Obj[],
  key: string,
  end: number | null,
  at: (i: number) => string,
  keys: { order: string; gap: string; overlap: string },
): BlockProblem[] {
  const out: BlockProblem[] = [];
  let next = 1;
  items.forEach((item, i) => {
    const r = isObj(item[key]) ? item[key] : {};
    const from = num(r.from, 1);
    const to = num(r.to, from);
    if (to < from) {
      out.push({ field: `${at(i)}.to`, value: to, key: keys.order, params: { from } });
      return;
    }
    if (from > next)
      out.push({ field: `${at(i)}.from`, value: from, key: keys.gap, params: { expected: next } });
    else if (from < next)
      out.push({
        field: `${at(i)}.from`,
        value: from,
        key: keys.overlap,
        params: { expected: next },
      });
    next = Math.max(next, to + 1);
  });
  if (end !== null && next <= end && items.length > 0)
    out.push({
      field: `${at(items.length - 1)}.to`,
      value: next - 1,
      key: keys.gap,
      params: { expected: next },
    });
  return out;
}

/**
 * A zone's side rule: `none` lists no values; `zone` lists zone values of the zone, `location`
 * d10 values; no value is both right and left.
 */
function sideProblems(zone: Obj, at: string): BlockProblem[] {
  const sides = isObj(zone.sides) ? zone.sides : {};
  const by = sides.by ?? "none";
  const values = isObj(zone.values) ? zone.values : {};
  const [lo, hi] = by === "zone" ? [num(values.from, 1), num(values.to, 1)] : [1, 10];
  const out: BlockProblem[] = [];
  const right = Array.isArray(sides.right) ? sides.right : [];
  for (const side of ["right", "left"] as const) {
    const list = Array.isArray(sides[side]) ? sides[side] : [];
    list.forEach((v: unknown, i) => {
      const field = `${at}.sides.${side}.${i}`;
      if (by === "none")
        out.push({ field, value: v, key: HMZD_PROBLEM_KEYS.sideUnsided, params: {} });
      else if (typeof v === "number" && (v < lo || v > hi))
        out.push({
          field,
          value: v,
          key: HMZD_PROBLEM_KEYS.sideRange,
          params: { from: lo, to: hi },
        });
      else if (side === "left" && right.includes(v))
        out.push({ field, value: v, key: HMZD_PROBLEM_KEYS.sideBoth, params: {} });
    });
  }
  return out;
}

/** A creature's zone plan (Z14): zones cover 1..n, each zone's locations the d10 once, ids once. */
function planProblems(plan: Obj): BlockProblem[] {
  const zones = list(plan.zones);
  if (zones.length === 0)
    return [{ field: "bodyPlan.zones", value: 0, key: HMZD_PROBLEM_KEYS.noZones, params: {} }];
  const out = coverage(zones, "values", null, (i) => `bodyPlan.zones.${i}.values`, {
    order: HMZD_PROBLEM_KEYS.zoneOrder,
    gap: HMZD_PROBLEM_KEYS.zoneGap,
    overlap: HMZD_PROBLEM_KEYS.zoneOverlap,
  });
  const zoneIds = new Set<string>();
  const locationIds = new Set<string>();
  zones.forEach((zone, z) => {
    const at = `bodyPlan.zones.${z}`;
    if (typeof zone.id === "string") {
      if (zoneIds.has(zone.id))
        out.push({
          field: `${at}.id`,
          value: zone.id,
          key: HMZD_PROBLEM_KEYS.duplicateId,
          params: {},
        });
      zoneIds.add(zone.id);
    }
    out.push(...sideProblems(zone, at));
    const locations = list(zone.locations);
    if (locations.length === 0) {
      out.push({
        field: `${at}.locations`,
        value: 0,
        key: HMZD_PROBLEM_KEYS.noLocations,
        params: {},
      });
      return;
    }
    out.push(
      ...coverage(locations, "d10", 10, (i) => `${at}.locations.${i}.d10`, {
        order: HMZD_PROBLEM_KEYS.zoneOrder,
        gap: HMZD_PROBLEM_KEYS.d10Gap,
        overlap: HMZD_PROBLEM_KEYS.d10Overlap,
      }),
    );
    locations.forEach((location, l) => {
      if (typeof location.id !== "string") return;
      if (locationIds.has(location.id))
        out.push({
          field: `${at}.locations.${l}.id`,
          value: location.id,
          key: HMZD_PROBLEM_KEYS.duplicateId,
          params: {},
        });
      locationIds.add(location.id);
    });
  });
  return out;
}

/**
 * An actor's state: its recovery must fit the state (Z15, as zd-state's `parseHmzdBlock`
 * requires: a turn-end test for STN and INC, a due time for UNC, none otherwise).
 */
function actorProblems(block: Obj): BlockProblem[] {
  const state = block.state as HmzdState;
  const recovery = isObj(block.recovery) ? block.recovery : {};
  const at = recovery.at ?? "none";
  const expected = recoveryAtFor(state);
  if (at !== expected)
    return [
      {
        field: "recovery.at",
        value: at,
        key: HMZD_PROBLEM_KEYS.recoveryState,
        params: { state, expected },
      },
    ];
  if (at === "clock" && typeof recovery.due !== "number")
    return [
      {
        field: "recovery.due",
        value: recovery.due ?? null,
        key: HMZD_PROBLEM_KEYS.recoveryDue,
        params: {},
      },
    ];
  return [];
}

/** The problems of a stored zone-die block beyond its field rules (paths inside the block). */
export function hmzdBlockProblems(type: BlockTypeKey, block: Obj): BlockProblem[] {
  switch (type) {
    case "Item.weapon":
    case "Item.missile":
      return weaponProblems(block);
    case "Item.injury":
      return injuryProblems(block);
    case "Actor.character":
      return actorProblems(block);
    case "Actor.creature":
      return [
        ...actorProblems(block),
        ...(isObj(block.bodyPlan) ? planProblems(block.bodyPlan) : []),
      ];
    default:
      return [];
  }
}
