/**
 * Internal lookups for the resolution hot path (`resolveExchange`, docs/performance.md). Not
 * re-exported by the ruleset's index: the public lookups (`strikeLocation`, `injuryFor`,
 * `planInjuryFor`, `strikesOf`…) keep returning fresh copies, while the hot path reads the frozen
 * tables directly and never hands what it reads to a caller. Each function here gives exactly
 * what the public lookup it stands for gives (the golden test, test/hm3/golden.test.ts, holds
 * the whole resolution to that).
 */
import type { Region } from "../../core/body";
import { InputError } from "../../core/errors";
import type { Side } from "../../core/ruleset";
import type { Hm3BodyPlanInput, Hm3InjuryCellInput } from "./character-types";
import { impactBand, strikeLocation } from "./mechanics";
import {
  INJURY_TABLE,
  LOCATION_REGION,
  RESULT_CODES,
  type AimZone,
  type InjuryCell,
  type LocationId,
  type ResultCode,
} from "./tables";

/** A human strike location as the hot path reads it: `strikeLocation` plus the region. */
export interface HumanStrike {
  readonly location: LocationId;
  readonly sided: string;
  readonly region: Region;
}

function zoneStrikes(zone: AimZone): readonly HumanStrike[] {
  const list: HumanStrike[] = [];
  for (let roll = 1; roll <= 100; roll++) {
    const s = strikeLocation(zone, roll);
    list[roll] = Object.freeze({
      location: s.location,
      sided: s.sided,
      region: LOCATION_REGION[s.location],
    });
  }
  return Object.freeze(list);
}

/** `strikeLocation` for every zone and d100 roll (index = roll), frozen. */
const HUMAN_HIGH = zoneStrikes("high");
const HUMAN_MID = zoneStrikes("mid");
const HUMAN_LOW = zoneStrikes("low");

/**
 * The human strike location of a zone and roll, read from the precomputed table; anything
 * the table does not hold (not a zone, not a whole roll 1..100) goes through `strikeLocation`
 * itself, so it fails the same way.
 */
export function humanStrike(zone: AimZone, roll: number): HumanStrike {
  const table =
    zone === "high" ? HUMAN_HIGH : zone === "mid" ? HUMAN_MID : zone === "low" ? HUMAN_LOW : null;
  const hit = table?.[roll];
  if (hit) return hit;
  const s = strikeLocation(zone, roll);
  return { location: s.location, sided: s.sided, region: LOCATION_REGION[s.location] };
}

/** `injuryFor` without the copy: the frozen cell itself (read only). */
export function humanInjuryCell(location: LocationId, effectiveImpact: number): InjuryCell | null {
  const band = impactBand(effectiveImpact);
  if (band < 0) return null;
  return INJURY_TABLE[location][band]!;
}

/** `planInjuryFor` without the copy: the plan's cell itself (read only). Same errors. */
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

export type StrikeOf = Readonly<{ by: Side; dice: number }>;

/** The strikes each result code delivers (`strikesOf`), computed once and frozen. */
export function strikeTable(strikesOf: (code: ResultCode) => { by: Side; dice: number }[]) {
  const table = new Map<string, readonly StrikeOf[]>();
  for (const code of RESULT_CODES)
    table.set(code, Object.freeze(strikesOf(code).map((s) => Object.freeze(s))));
  return table;
}

/** Roll names of a strike: the attacker's bare, the defender's prefixed `counter.`. */
export interface StrikeRollNames {
  readonly location: string;
  readonly face: string;
  readonly impact: string;
  readonly ignite: string;
  readonly kill: string;
  readonly shock: string;
  readonly fumble: string;
  readonly stumble: string;
}

function names(prefix: string): StrikeRollNames {
  return Object.freeze({
    location: `${prefix}location`,
    face: `${prefix}face`,
    impact: `${prefix}impact`,
    ignite: `${prefix}ignite`,
    kill: `${prefix}kill`,
    shock: `${prefix}shock`,
    fumble: `${prefix}fumble`,
    stumble: `${prefix}stumble`,
  });
}

export const ATTACKER_ROLLS = names("");
export const COUNTER_ROLLS = names("counter.");

/**
 * The severity-and-level code of an injury (`injuryCode`), from a table for the codes the
 * tables can give, else built.
 */
const CODES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  M: Object.freeze(["M0", "M1", "M2", "M3", "M4", "M5"]),
  S: Object.freeze(["S0", "S1", "S2", "S3", "S4", "S5"]),
  G: Object.freeze(["G0", "G1", "G2", "G3", "G4", "G5"]),
  K: Object.freeze(["K0", "K1", "K2", "K3", "K4", "K5"]),
});

export function codeOf(severity: string, level: number): string {
  const row = severity === "M" || severity === "S" || severity === "G" || severity === "K";
  return (row ? CODES[severity]![level] : undefined) ?? `${severity}${level}`;
}

/**
 * A mutable deep copy of plain data, exactly as `copy` of src/core/data.ts makes it (own
 * enumerable string keys in order, arrays mapped, anything else as it is), without the
 * entry arrays `Object.entries` allocates.
 */
export function copyData<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((v: unknown) => copyData(v)) as T;
  const out: Record<string, unknown> = {};
  const src = value as Record<string, unknown>;
  const keys = Object.keys(src);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    out[k] = copyData(src[k]);
  }
  return out as T;
}
