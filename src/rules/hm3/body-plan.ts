/**
 * HM3 body plans as data: the human plan of seed 003 and creature plans (animals, monsters)
 * given by a GM or a compendium. A plan lists its strike locations in order, each with its
 * d100 points in the High, Mid and Low aiming columns and its five-cell injury ladder, so a
 * creature needs no code. Rulings: docs/rulings.md R16-R18.
 */
import type { Region } from "../../core/body";
import { copy, deepFreeze } from "../../core/data";
import { checkKeys, InputError, readBoolean, readEnum, readObject } from "../../core/errors";
import type { Hm3BodyPlanInput, Hm3InjuryCellInput, Hm3PlanLocationInput } from "./character-types";
import { impactBand, isPaired, sideOf } from "./mechanics";
import { isSizeClass, SIZE_CLASS_IDS } from "./gold/impact-size";
import {
  AIM_TABLE,
  AIM_ZONES,
  IMPACT_BANDS,
  INJURY_TABLE,
  LOCATION_REGION,
  LOCATIONS,
  SEVERITIES,
  type AimZone,
  type LocationId,
  type Range,
  type Severity,
} from "./tables";

/** Every core `Region`, for validation (src/core/body.ts). */
export const REGIONS = [
  "head",
  "neck",
  "arm",
  "torso",
  "leg",
  "wing",
  "tail",
  "other",
] as const satisfies readonly Region[];

/** Id of the human plan; the †FACE sub-table is rolled only on this plan's `face` (ruling R17). */
export const HUMAN_PLAN_ID = "hm3-human";

/** English names of the human strike locations (seed 003 lines 74-89), for the plan's `name`. */
export const LOCATION_NAMES: Readonly<Record<LocationId, string>> = Object.freeze({
  skull: "Skull",
  face: "Face",
  neck: "Neck",
  shoulder: "Shoulder",
  "upper-arm": "Upper Arm",
  elbow: "Elbow",
  forearm: "Forearm",
  hand: "Hand",
  thorax: "Thorax",
  abdomen: "Abdomen",
  groin: "Groin",
  hip: "Hip",
  thigh: "Thigh",
  knee: "Knee",
  calf: "Calf",
  foot: "Foot",
});

/** Localisation keys of the human strike locations; a creature plan's names are user text. */
export const LOCATION_LABEL_KEYS: Readonly<Record<LocationId, string>> = Object.freeze({
  skull: "BLOWBYBLOW.HM3.Location.skull",
  face: "BLOWBYBLOW.HM3.Location.face",
  neck: "BLOWBYBLOW.HM3.Location.neck",
  shoulder: "BLOWBYBLOW.HM3.Location.shoulder",
  "upper-arm": "BLOWBYBLOW.HM3.Location.upper-arm",
  elbow: "BLOWBYBLOW.HM3.Location.elbow",
  forearm: "BLOWBYBLOW.HM3.Location.forearm",
  hand: "BLOWBYBLOW.HM3.Location.hand",
  thorax: "BLOWBYBLOW.HM3.Location.thorax",
  abdomen: "BLOWBYBLOW.HM3.Location.abdomen",
  groin: "BLOWBYBLOW.HM3.Location.groin",
  hip: "BLOWBYBLOW.HM3.Location.hip",
  thigh: "BLOWBYBLOW.HM3.Location.thigh",
  knee: "BLOWBYBLOW.HM3.Location.knee",
  calf: "BLOWBYBLOW.HM3.Location.calf",
  foot: "BLOWBYBLOW.HM3.Location.foot",
});

/** Points of a d100 range (`•` = null = 0 points). */
function points(range: Range | null): number {
  return range ? range.to - range.from + 1 : 0;
}

/**
 * The human plan of seed 003: the AIMING ZONE table (lines 54-70, with the hm3.md §1 erratum)
 * as points per zone, the INJURY TABLE (lines 95-110) as ladders. Frozen; `humanBodyPlan()`
 * gives a mutable copy.
 */
export const HUMAN_BODY_PLAN: Readonly<Hm3BodyPlanInput> = deepFreeze({
  id: HUMAN_PLAN_ID,
  name: "Human",
  locations: LOCATIONS.map(
    (id): Hm3PlanLocationInput => ({
      id,
      name: LOCATION_NAMES[id],
      region: LOCATION_REGION[id],
      paired: isPaired(id),
      aim: {
        high: points(AIM_TABLE[id].high),
        mid: points(AIM_TABLE[id].mid),
        low: points(AIM_TABLE[id].low),
      },
      injury: INJURY_TABLE[id].map((c) => ({ ...c })),
    }),
  ),
});

/** Id given to a creature's own body plan (the human plan keeps its own id). */
export const CREATURE_PLAN_ID = "creature";

/**
 * A creature's stored plan (`system.hm3.bodyPlan`: name and locations) as the core reads it,
 * copied; undefined (the human plan) when the creature has none. Not validated: the derivation
 * and `parseDeclaration` validate it (a plan the derivation refused falls back to the human
 * plan, ruling R19).
 */
export function creaturePlanInput(
  plan: { name: string; locations: readonly Hm3PlanLocationInput[] } | null | undefined,
): Hm3BodyPlanInput | undefined {
  if (!plan) return undefined;
  return {
    id: CREATURE_PLAN_ID,
    name: plan.name,
    locations: copy(plan.locations) as Hm3PlanLocationInput[],
  };
}

/** A mutable copy of the human plan. */
export function humanBodyPlan(): Hm3BodyPlanInput {
  return copy(HUMAN_BODY_PLAN) as Hm3BodyPlanInput;
}

/** True for the human plan of seed 003 (by id: a validated copy is still the human plan). */
export function isHumanPlan(plan: Pick<Hm3BodyPlanInput, "id">): boolean {
  return plan.id === HUMAN_PLAN_ID;
}

// ── Injury codes ─────────────────────────────────────────────────────────────────────────────

const CODE = /^([♦!*])?([MSGK])([1-5])([▼^V])?$/u;

/**
 * Reads an injury cell as the seed prints it (`♦G5▼`, `K4`, `M1`). For typing, `!` or `*` may
 * stand for `♦`, a `^` or `v` suffix for `▼`, and letters may be lower case (ruling R18).
 */
export function parseInjuryCode(code: unknown, field = "injury"): Hm3InjuryCellInput {
  const m = typeof code === "string" ? CODE.exec(code.trim().toUpperCase()) : null;
  if (!m) {
    throw new InputError(
      field,
      code,
      "expected an injury cell: severity M, S, G or K and level 1-5 (`S2`), " +
        "with ♦ (or ! or *) before for a fumble/stumble roll and ▼ (or ^ or v) after for an amputation roll",
    );
  }
  return {
    severity: m[2] as Severity,
    level: Number(m[3]),
    fumbleStumble: m[1] !== undefined,
    amputation: m[4] !== undefined,
  };
}

/** The seed's spelling of a cell: `♦G5▼`. */
export function formatInjuryCode(cell: Hm3InjuryCellInput): string {
  return `${cell.fumbleStumble ? "♦" : ""}${cell.severity}${cell.level}${cell.amputation ? "▼" : ""}`;
}

// ── Validation ───────────────────────────────────────────────────────────────────────────────

const SLUG = /^[a-z][a-z0-9-]*$/;

function readText(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new InputError(field, value, "expected a text");
  return value.trim();
}

function readWhole(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value))
    throw new InputError(field, value, "expected a whole number");
  if (value < min || value > max)
    throw new InputError(field, value, `must be between ${min} and ${max}`);
  return value;
}

function readCell(raw: unknown, field: string, region: Region): Hm3InjuryCellInput {
  let cell: Hm3InjuryCellInput;
  if (typeof raw === "string") cell = parseInjuryCode(raw, field);
  else {
    const o = readObject(raw, field);
    checkKeys(o, field, ["severity", "level", "fumbleStumble", "amputation"]);
    cell = {
      severity: readEnum(o.severity, `${field}.severity`, SEVERITIES),
      level: readWhole(o.level, `${field}.level`, 1, 5),
      fumbleStumble: readBoolean(o.fumbleStumble, `${field}.fumbleStumble`),
      amputation: readBoolean(o.amputation, `${field}.amputation`),
    };
  }
  // ♦ is a fumble roll on an arm, a stumble roll on a leg (hm3.md §1); elsewhere it means
  // nothing, so it is refused rather than ignored (ruling R18).
  if (cell.fumbleStumble && region !== "arm" && region !== "leg") {
    throw new InputError(
      typeof raw === "string" ? field : `${field}.fumbleStumble`,
      raw,
      `♦ (fumble or stumble roll) needs an arm or leg location, not region ${region}`,
    );
  }
  return cell;
}

function readLocation(raw: unknown, field: string): Hm3PlanLocationInput {
  const o = readObject(raw, field);
  checkKeys(o, field, ["id", "name", "region", "paired", "aim", "injury", "sizeClass"]);
  // HârnMaster Gold: the location's own size class (ruling G16), stored with the plan; null or
  // absent is the creature's. Checked here; the strike reads it through `locationSizeClasses`.
  if (o.sizeClass !== undefined && o.sizeClass !== null && !isSizeClass(o.sizeClass))
    throw new InputError(
      `${field}.sizeClass`,
      o.sizeClass,
      `expected one of ${SIZE_CLASS_IDS.join(", ")} or null (the creature's)`,
    );
  const id = o.id;
  if (typeof id !== "string" || !SLUG.test(id))
    throw new InputError(
      `${field}.id`,
      id,
      "expected an id of lower-case letters, digits and hyphens, starting with a letter",
    );
  // `constructor` is a slug every object answers to: as a key of an armour map it would read
  // (and write) what objects inherit.
  if (id in Object.prototype)
    throw new InputError(`${field}.id`, id, "a reserved name: choose another id");
  if (id.startsWith("left-") || id.startsWith("right-"))
    throw new InputError(
      `${field}.id`,
      id,
      "an id may not start with left- or right- (paired locations take their side from the roll)",
    );
  const region = readEnum(o.region, `${field}.region`, REGIONS);
  const aimObj = readObject(o.aim, `${field}.aim`);
  checkKeys(aimObj, `${field}.aim`, AIM_ZONES);
  const aim = {} as Record<AimZone, number>;
  for (const zone of AIM_ZONES) aim[zone] = readWhole(aimObj[zone], `${field}.aim.${zone}`, 0, 100);
  const injury = o.injury;
  if (!Array.isArray(injury) || injury.length !== IMPACT_BANDS.length)
    throw new InputError(
      `${field}.injury`,
      injury,
      `expected ${IMPACT_BANDS.length} injury cells (effective impact ${IMPACT_BANDS.join("+, ")}+)`,
    );
  return {
    id,
    name: readText(o.name, `${field}.name`),
    region,
    paired: readBoolean(o.paired, `${field}.paired`),
    aim,
    injury: injury.map((c, i) => readCell(c, `${field}.injury[${i}]`, region)),
  };
}

/**
 * Checks a body plan from untrusted data (a sheet, a compendium, CLI JSON) and returns a clean
 * copy. Every error names the field (`bodyPlan.locations[3].aim.high`) and the value. Each
 * zone's points sum to 100 over the plan, or are all 0: a zone the creature cannot be aimed
 * at (ruling R16). Injury cells may be objects or codes (`♦G5▼`).
 */
export function validateBodyPlan(raw: unknown, field = "bodyPlan"): Hm3BodyPlanInput {
  const o = readObject(raw, field);
  checkKeys(o, field, ["id", "name", "locations"]);
  const id = readText(o.id, `${field}.id`);
  const name = readText(o.name, `${field}.name`);
  if (!Array.isArray(o.locations) || o.locations.length === 0)
    throw new InputError(`${field}.locations`, o.locations, "expected a list of locations");
  const locations = o.locations.map((l, i) => readLocation(l, `${field}.locations[${i}]`));
  const seen = new Set<string>();
  for (const [i, loc] of locations.entries()) {
    if (seen.has(loc.id))
      throw new InputError(`${field}.locations[${i}].id`, loc.id, "another location has this id");
    seen.add(loc.id);
  }
  let aimable = 0;
  for (const zone of AIM_ZONES) {
    const total = locations.reduce((t, l) => t + l.aim[zone], 0);
    if (total !== 0 && total !== 100)
      throw new InputError(
        `${field}.locations[*].aim.${zone}`,
        total,
        `the ${zone} points of all locations must sum to 100 (d100), or all be 0 where the creature cannot be aimed at`,
      );
    if (total === 100) aimable++;
  }
  if (aimable === 0)
    throw new InputError(
      `${field}.locations[*].aim`,
      0,
      "at least one aiming zone (high, mid, low) needs points summing to 100",
    );
  return { id, name, locations };
}

// ── Lookups ──────────────────────────────────────────────────────────────────────────────────

/** Whether a plan can be struck in a zone (its points there sum to more than 0). */
export function canAim(plan: Hm3BodyPlanInput, zone: AimZone): boolean {
  return plan.locations.some((l) => l.aim[zone] > 0);
}

export interface PlanStrike {
  /** Unsided location id of the plan. */
  location: string;
  /** `left-foreleg` for a paired location (odd roll left, even right), else the bare id. */
  sided: string;
  region: Region;
}

/**
 * The location a d100 roll hits in a zone: the plan's locations in order take their points
 * one after another (01-15 the first with 15 points, …), as the seed's ranges do; a paired
 * location is struck on the side of the roll's parity (seed 003 lines 116-117).
 */
export function planStrikeLocation(
  plan: Hm3BodyPlanInput,
  zone: AimZone,
  roll: number,
): PlanStrike {
  if (!Number.isInteger(roll) || roll < 1 || roll > 100)
    throw new InputError("roll", roll, "expected a d100 roll, 1 to 100");
  let upTo = 0;
  for (const loc of plan.locations) {
    upTo += loc.aim[zone];
    if (roll <= upTo) {
      return {
        location: loc.id,
        sided: loc.paired ? `${sideOf(roll)}-${loc.id}` : loc.id,
        region: loc.region,
      };
    }
  }
  throw new InputError("aim", zone, `body plan ${plan.name} cannot be struck in the ${zone} zone`);
}

/** The injury cell of a plan location at an effective impact, or null for no injury. */
export function planInjuryFor(
  plan: Hm3BodyPlanInput,
  locationId: string,
  effectiveImpact: number,
): Hm3InjuryCellInput | null {
  const cell = planInjuryCell(plan, locationId, effectiveImpact);
  return cell ? { ...cell } : null;
}

/**
 * `planInjuryFor` without the copy: the plan's cell itself, for the resolution hot path, which
 * only reads it (src/rules/hm3/hot.ts). Same errors.
 */
export function planInjuryCell(
  plan: Hm3BodyPlanInput,
  locationId: string,
  effectiveImpact: number,
): Hm3InjuryCellInput | null {
  const loc = plan.locations.find((l) => l.id === locationId);
  if (!loc)
    throw new InputError("location", locationId, `not a location of body plan ${plan.name}`);
  const band = impactBand(effectiveImpact);
  if (band < 0) return null;
  const cell = loc.injury[band];
  if (!cell) throw new Error(`Body plan ${plan.name}: ${locationId} has no cell ${band}`);
  return cell;
}

/** Every id armour, injuries and flammable layers may use on a plan: sided ids for paired. */
export function sidedLocationIds(plan: Hm3BodyPlanInput): string[] {
  return plan.locations.flatMap((l) => (l.paired ? [`left-${l.id}`, `right-${l.id}`] : [l.id]));
}

// ── Zone sums and semantic problems ──────────────────────────────────────────────────────────

/** The points of each aiming zone summed over a plan's locations. */
export function zoneSums(plan: {
  locations: readonly { aim: Readonly<Record<AimZone, number>> }[];
}): Record<AimZone, number> {
  const sums = { high: 0, mid: 0, low: 0 } as Record<AimZone, number>;
  for (const zone of AIM_ZONES)
    sums[zone] = plan.locations.reduce((t, l) => t + (Number(l.aim[zone]) || 0), 0);
  return sums;
}

/**
 * Whether a zone total is allowed (ruling R16): `full` at 100 (d100), `none` at 0 (a zone the
 * creature cannot be aimed at), `bad` otherwise. Self-contained (no references outside it):
 * the sheet's DOM code passes it to the page as it is.
 */
export function zoneStatus(total: number): "full" | "none" | "bad" {
  return total === 100 ? "full" : total === 0 ? "none" : "bad";
}

/** Localisation keys of the semantic body plan problems (whole literals for the lang audit). */
export const PLAN_PROBLEM_KEYS = Object.freeze({
  zoneSum: "BLOWBYBLOW.HM3.PlanProblem.zoneSum",
  noZone: "BLOWBYBLOW.HM3.PlanProblem.noZone",
  duplicateId: "BLOWBYBLOW.HM3.PlanProblem.duplicateId",
  fumbleRegion: "BLOWBYBLOW.HM3.PlanProblem.fumbleRegion",
  noLocation: "BLOWBYBLOW.HM3.PlanProblem.noLocation",
});

/**
 * One semantic problem of a body plan: the field (as `validateBodyPlan` names it, without the
 * `bodyPlan.` prefix), the value, a localisation key and its placeholders. Placeholders carry
 * ids (`zone: "high"`, `location: 2` = the row's index, `cell: 0` = the injury cell's index,
 * `region: "torso"`) for the adapter to put in the user's words.
 */
export interface PlanProblem {
  field: string;
  value: unknown;
  key: string;
  params: Record<string, string | number>;
}

/**
 * The semantic rules of `validateBodyPlan` on a plan of the right shape, every problem listed
 * (not just the first), as keys rather than English: a plan needs a location; location ids
 * are unique; ♦ only on an arm or leg (ruling R18); each zone sums to 100 or 0 and at least
 * one to 100 (ruling R16).
 */
export function bodyPlanProblems(plan: {
  locations: readonly Pick<Hm3PlanLocationInput, "id" | "region" | "aim" | "injury">[];
}): PlanProblem[] {
  const problems: PlanProblem[] = [];
  if (plan.locations.length === 0) {
    problems.push({ field: "locations", value: 0, key: PLAN_PROBLEM_KEYS.noLocation, params: {} });
    return problems;
  }
  const seen = new Set<string>();
  for (const [i, loc] of plan.locations.entries()) {
    if (seen.has(loc.id))
      problems.push({
        field: `locations[${i}].id`,
        value: loc.id,
        key: PLAN_PROBLEM_KEYS.duplicateId,
        params: { location: i },
      });
    seen.add(loc.id);
    if (loc.region === "arm" || loc.region === "leg") continue;
    for (const [j, cell] of loc.injury.entries())
      if (cell.fumbleStumble)
        problems.push({
          field: `locations[${i}].injury[${j}]`,
          value: formatInjuryCode(cell),
          key: PLAN_PROBLEM_KEYS.fumbleRegion,
          params: { location: i, cell: j, region: loc.region },
        });
  }
  const sums = zoneSums(plan);
  for (const zone of AIM_ZONES)
    if (zoneStatus(sums[zone]) === "bad")
      problems.push({
        field: `locations[*].aim.${zone}`,
        value: sums[zone],
        key: PLAN_PROBLEM_KEYS.zoneSum,
        params: { zone, total: sums[zone] },
      });
  if (AIM_ZONES.every((zone) => zoneStatus(sums[zone]) === "none"))
    problems.push({
      field: "locations[*].aim",
      value: 0,
      key: PLAN_PROBLEM_KEYS.noZone,
      params: {},
    });
  return problems;
}
