/**
 * Internal lookups for the resolution hot path (`resolveExchange`, docs/performance.md). Not
 * re-exported by the ruleset's index: the public lookups (`strikeLocation`, `injuryFor`,
 * `planInjuryFor`, `strikesOf`…) keep returning fresh copies, while the hot path reads the frozen
 * tables directly and never hands what it reads to a caller. Each function here gives exactly
 * what the public lookup it stands for gives (the golden test, test/hm3/golden.test.ts, holds
 * the whole resolution to that).
 */
import type { Region } from "../../core/body";
import type { Modifier, Target } from "../../core/modifiers";
import type { Side } from "../../core/ruleset";
import type { Hm3Defence, StrikeWeapon } from "./exchange";
import { copyEmlDefence } from "./gold/eml-rules";
import { facePart, strikeLocation, unsided, type ArmourMap } from "./mechanics";
import { copyImpactWeapon } from "./gold/impact-strike";
import { copyArmourDefence, copyArmourWeapon } from "./gold/armour";
import {
  INJURY_TABLE,
  LOCATION_REGION,
  RESULT_CODES,
  type AimZone,
  type Aspect,
  type InjuryCell,
  type LocationId,
  type ResultCode,
} from "./tables";

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

/** A human strike location as the hot path reads it: `strikeLocation` plus the region. */
export interface HumanStrike {
  readonly location: LocationId;
  readonly sided: string;
  /** `unsided(sided)`: the second key `armourAt` tries. */
  readonly bare: string;
  readonly region: Region;
  /** The location's injury table row (`INJURY_TABLE[location]`, frozen). */
  readonly injury: readonly InjuryCell[];
  /** Each cell's code as `injuryCode` writes it (`S2`), index = impact band. */
  readonly codes: readonly string[];
}

function humanStrikeOf(location: LocationId, sided: string): HumanStrike {
  const injury = INJURY_TABLE[location];
  return {
    location,
    sided,
    bare: unsided(sided),
    region: LOCATION_REGION[location],
    injury,
    codes: Object.freeze(injury.map((c) => codeOf(c.severity, c.level))),
  };
}

function zoneStrikes(zone: AimZone): readonly HumanStrike[] {
  const list: HumanStrike[] = [];
  for (let roll = 1; roll <= 100; roll++) {
    const s = strikeLocation(zone, roll);
    list[roll] = Object.freeze(humanStrikeOf(s.location, s.sided));
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
  return humanStrikeOf(s.location, s.sided);
}

/**
 * The human strike of a location struck on a given side (`left-elbow`), for a strike whose side
 * does not come from the location roll's parity (aimed melee, src/rules/hm3/gold/aim-locate.ts).
 */
export function humanStrikeAt(location: LocationId, sided: string): HumanStrike {
  return humanStrikeOf(location, sided);
}

/**
 * `armourAt(armour, sided, aspect)` with the unsided key given (`bare`, precomputed for the
 * human tables), so no string is built per strike.
 */
export function armourAtKeys(
  armour: ArmourMap,
  sided: string,
  bare: string,
  aspect: Aspect,
): number {
  const entry = armour[sided] ?? armour[bare];
  return entry?.[aspect] ?? 0;
}

/** `facePart` for every d100 face roll (index = roll), so no string is built per strike. */
const HUMAN_FACE: readonly string[] = Object.freeze(
  Array.from({ length: 101 }, (_, roll) => (roll === 0 ? "" : facePart(roll))),
);

/** `facePart(roll)`, read from the precomputed table; anything else through `facePart`. */
export function humanFace(roll: number): string {
  return (roll >= 1 && roll <= 100 ? HUMAN_FACE[roll] : undefined) ?? facePart(roll);
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

/** A target's own copy, keys in the order of `Target` (`buildTarget` writes them so). */
function copyTarget(t: Target): Target {
  const mods = t.modifiers;
  const modifiers: Modifier[] = new Array<Modifier>(mods.length);
  // A modifier holds strings and numbers only: a spread copies it as `buildTarget` does, keys in
  // their own order.
  for (let i = 0; i < mods.length; i++) modifiers[i] = { ...mods[i]! };
  return { baseKey: t.baseKey, base: t.base, modifiers, raw: t.raw, value: t.value };
}

/**
 * The defence as the result records it (`choices[0].value`): a fresh copy of every field the
 * engine reads, in the order `parseDefence` writes them (type, target, wq, strike; a strike's
 * aspect, aim, impact, wq), so the caller's object is never shared with the result. Fields the
 * `Hm3Defence` type does not have are not carried (parsed input never has any).
 */
export function copyDefence(d: Hm3Defence): Hm3Defence {
  const out: Hm3Defence = { type: d.type };
  if (d.target !== undefined) out.target = copyTarget(d.target);
  if (d.wq !== undefined) out.wq = d.wq;
  const s = d.strike;
  if (s !== undefined) {
    const strike: StrikeWeapon = { aspect: s.aspect, aim: s.aim, impact: s.impact };
    if (s.wq !== undefined) strike.wq = s.wq;
    copyImpactWeapon(s, strike);
    copyArmourWeapon(s, strike);
    out.strike = strike;
  }
  copyArmourDefence(d, out);
  // The HârnMaster Gold EML fields (a feinting counterstrike…), so the choice replays.
  Object.assign(out, copyEmlDefence(d));
  return out;
}
