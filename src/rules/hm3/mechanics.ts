/**
 * HM3 core mechanics: success test, strike location, armour, injury, penalties and the
 * character rolls (shock, fumble, stumble, kill, weapon quality). Rules from seed 003 and
 * `../shared/rules/hm3.md` §2; project rulings are in docs/rulings.md (R-numbers below).
 */
import { layerBonus } from "./gear";
import {
  GOLD_COLUMNS,
  sixAspectLayer,
  type ArmourEntry,
  type GoldColumn,
  type SixAspectOverride,
} from "./gold/armour-columns";
import { EML_MAX, EML_MIN, hmTestIndex } from "../shared/hm-test";
import type { BodyPlan } from "../../core/body";
import type { Dice, RollClassifier } from "../../core/dice";
import { sum } from "../../core/dice";
import { ownValue } from "../../core/data";
import { InputError } from "../../core/errors";
import {
  AIM_TABLE,
  ASPECT_ALIASES,
  ASPECTS,
  FACE_TABLE,
  IMPACT_BANDS,
  INJURY_TABLE,
  LEVELS,
  LOCATIONS,
  LOCATION_REGION,
  MATERIAL_ALIASES,
  MATERIAL_PROTECTION,
  MATERIALS,
  type AimZone,
  type Aspect,
  type InjuryCell,
  type Level,
  type LocationId,
  type Material,
  type Protection,
  RANGE_BANDS,
  THROWN_MELEE,
  type MissileRow,
  type RangeBand,
} from "./tables";

// ── Success test (hm3.md §2) ───────────────────────────────────────────────────────────────

export { EML_MAX, EML_MIN };

/**
 * d100 against EML clamped to 5..95; ≤ EML succeeds; a multiple of 5 is critical (the test both
 * HârnMaster rulesets share, src/rules/shared/hm-test.ts).
 */
export function successLevel(roll: number, eml: number): Level {
  return LEVELS[hmTestIndex(roll, eml)]!;
}

// ── Strike location (seed 003 lines 54-117, hm3.md §2) ─────────────────────────────────────

/** The location a d100 roll hits in an aiming zone (`•` rows never hit). */
export function locationFor(zone: AimZone, roll: number): LocationId {
  for (const id of LOCATIONS) {
    const range = AIM_TABLE[id][zone];
    if (range && roll >= range.from && roll <= range.to) return id;
  }
  throw new Error(`No ${zone} location for roll ${roll}`);
}

/** Shoulder to hand and hip to foot, the seed's `•` rows (lines 77-89), are paired. */
export function isPaired(id: LocationId): boolean {
  const region = LOCATION_REGION[id];
  return region === "arm" || region === "leg";
}

/** Odd roll = left, even roll = right (seed 003 lines 116-117); `00` (100) is even. */
export function sideOf(roll: number): "left" | "right" {
  return roll % 2 === 1 ? "left" : "right";
}

export interface StrikeLocation {
  /** Unsided location id (row of the injury table). */
  location: LocationId;
  /** The id as hit: `left-forearm`, or the bare id for an unpaired location. */
  sided: string;
}

export function strikeLocation(zone: AimZone, roll: number): StrikeLocation {
  const location = locationFor(zone, roll);
  return { location, sided: isPaired(location) ? `${sideOf(roll)}-${location}` : location };
}

/** Face sub-location from the d100 face roll (seed 003 lines 112-114): `jaw`, `left-eye`, … */
export function facePart(roll: number): string {
  const row = FACE_TABLE.find((f) => roll >= f.range.from && roll <= f.range.to);
  if (!row) throw new Error(`No face part for roll ${roll}`);
  return row.paired ? `${sideOf(roll)}-${row.part}` : row.part;
}

// ── Aspects, armour ────────────────────────────────────────────────────────────────────────

/** The armour column an aspect reads (Squeeze = Blunt, Bite = Point, Tear = Edge, Frost = Fire). */
export function armourAspect(aspect: string): Aspect | undefined {
  switch (aspect) {
    case "blunt":
    case "edge":
    case "point":
    case "fire":
      return aspect;
  }
  return ownValue(ASPECT_ALIASES, aspect);
}

/**
 * Armour by location id; an unsided id covers both sides, a sided id overrides (CLI contract).
 * An entry may carry HârnMaster Gold's Squeeze and Tear columns (gold/armour-columns.ts).
 */
export type ArmourMap = Readonly<Record<string, ArmourEntry>>;

/** Armour at a (possibly sided) location for an aspect: the sided entry if any, else the unsided one. */
export function armourAt(armour: ArmourMap, sidedLocation: string, aspect: Aspect): number {
  const entry = armour[sidedLocation] ?? armour[unsided(sidedLocation)];
  return entry?.[aspect] ?? 0;
}

/** `left-forearm` → `forearm`; an unsided id as it is. */
export function unsided(id: string): string {
  return id.startsWith("left-") ? id.slice(5) : id.startsWith("right-") ? id.slice(6) : id;
}

/**
 * One worn piece: a material, its quality (+/−) and enchantment (+1 a level), both added to
 * every value (seed 003 line 275), and the locations it covers.
 */
export interface ArmourLayer extends SixAspectOverride {
  material: Material;
  quality: number;
  enchantment?: number;
  /** Location ids, unsided (both sides) or sided. */
  locations: readonly string[];
}

export function parseMaterial(value: unknown, field: string): Material {
  const s = typeof value === "string" ? value.toLowerCase() : value;
  if (typeof s === "string") {
    if ((MATERIALS as readonly string[]).includes(s)) return s as Material;
    const alias = ownValue(MATERIAL_ALIASES, s);
    if (alias) return alias;
  }
  throw new InputError(field, value, `expected a material (${MATERIALS.join(", ")})`);
}

/**
 * Protection of one layer: its material's values, each + quality + enchantment (seed 003
 * line 275: "if a +2 Hauberk is one of the layers struck, ALL reduction values are +2. For
 * Enchanted Armour, add +1 per level of enchantment").
 */
export function layerProtection(
  layer: Pick<ArmourLayer, "material" | "quality" | "enchantment">,
): Protection {
  const base = MATERIAL_PROTECTION[layer.material];
  const bonus = layerBonus(layer);
  // An inferior layer protects less, never below nothing (docs/rulings.md R13).
  const value = (v: number) => Math.max(0, v + bonus);
  return {
    blunt: value(base.blunt),
    edge: value(base.edge),
    point: value(base.point),
    fire: value(base.fire),
  };
}

const SIDES = ["left", "right"] as const;

/**
 * The ids a layer's location entry covers: both sides of an unsided paired location. Without a
 * plan the human strike locations of seed 003; with one, that plan's location ids.
 */
export function coveredIds(loc: string, field: string, plan?: BodyPlan): string[] {
  const base = loc.replace(/^(left|right)-/, "");
  const paired = plan
    ? plan.locations.find((l) => l.id === base)?.paired
    : (LOCATIONS as readonly string[]).includes(base)
      ? isPaired(base as LocationId)
      : undefined;
  if (paired === undefined) throw new InputError(field, loc, "unknown location");
  const sided = loc !== base;
  if (sided && !paired) throw new InputError(field, loc, "location has no sides");
  return sided ? [loc] : paired ? SIDES.map((s) => `${s}-${base}`) : [base];
}

/**
 * Armour per location from worn layers: the sum over every layer covering it (seed 003
 * line 273, "impact reduction is cumulative"). Paired locations get sided entries so a layer
 * on one arm only protects that arm.
 * With `plan`, location ids are that plan's (default: the human plan of seed 003). With
 * `sixAspects` (HârnMaster Gold's ring & scale armour, ruling G21) every entry also sums the
 * layers' Squeeze and Tear, and Ring and Scale take seed 000's values.
 */
export function armourFromLayers(
  layers: readonly ArmourLayer[],
  plan?: BodyPlan,
  sixAspects = false,
): Record<string, Protection & Partial<Record<GoldColumn, number>>> {
  const out: Record<string, Record<Aspect, number> & Partial<Record<GoldColumn, number>>> = {};
  for (const [i, layer] of layers.entries()) {
    const six = sixAspects
      ? sixAspectLayer(
          layer.material,
          MATERIAL_PROTECTION[layer.material],
          layerBonus(layer),
          layer,
        )
      : null;
    const prot = six ?? layerProtection(layer);
    // One layer covers a location once, however its locations overlap (`forearm`, `left-forearm`).
    const covered = new Set(
      layer.locations.flatMap((loc) => coveredIds(loc, `layers[${i}].locations`, plan)),
    );
    for (const t of covered) {
      const acc = (out[t] ??= six
        ? { blunt: 0, edge: 0, point: 0, fire: 0, squeeze: 0, tear: 0 }
        : { blunt: 0, edge: 0, point: 0, fire: 0 });
      for (const a of ASPECTS) acc[a] += prot[a];
      if (six) for (const c of GOLD_COLUMNS) acc[c] = (acc[c] ?? 0) + six[c];
    }
  }
  return out;
}

// ── Flammable armour (seed 003 line 277) ───────────────────────────────────────────────────

export type Flammable = "cloth" | "quilt";

/** Burn injury a burning layer gives each Combat Turn (seed 003 line 277). */
export const BURN_INJURY: Readonly<Record<Flammable, { severity: "M" | "S"; level: number }>> =
  Object.freeze({
    cloth: Object.freeze({ severity: "M", level: 1 }),
    quilt: Object.freeze({ severity: "S", level: 2 }),
  });

/** Combat Turns a burning layer burns unless put out (seed 003 line 277). */
export const BURN_TURNS = 3;

/** Fire impact (before armour) at which Cloth and Quilt may ignite (seed 003 line 277). */
export const IGNITION_IMPACT = 13;

/**
 * The flammable material worn at each (sided) location: Quilt where any quilt layer covers it,
 * else Cloth where a cloth layer does (docs/rulings.md R12: the worse burn).
 */
export function flammableFromLayers(
  layers: readonly ArmourLayer[],
  plan?: BodyPlan,
): Record<string, Flammable> {
  const out: Record<string, Flammable> = {};
  for (const [i, layer] of layers.entries()) {
    if (layer.material !== "cloth" && layer.material !== "quilt") continue;
    for (const loc of layer.locations) {
      for (const t of coveredIds(loc, `layers[${i}].locations`, plan)) {
        if (out[t] !== "quilt") out[t] = layer.material;
      }
    }
  }
  return out;
}

// ── Injury (seed 003 lines 91-121) ─────────────────────────────────────────────────────────

/** Column index of an effective impact (1+, 5+, 9+, 13+, 17+); −1 when ≤ 0 (no injury). */
export function impactBand(effectiveImpact: number): number {
  if (effectiveImpact < 1) return -1;
  // The last band whose floor the impact reaches, highest first (a loop cost a few % of a
  // resolution); anything that reaches none (NaN) is the first band, as a loop would give.
  if (effectiveImpact >= BAND_FLOORS[4]) return 4;
  if (effectiveImpact >= BAND_FLOORS[3]) return 3;
  if (effectiveImpact >= BAND_FLOORS[2]) return 2;
  if (effectiveImpact >= BAND_FLOORS[1]) return 1;
  return 0;
}

const BAND_FLOORS = IMPACT_BANDS;

/** The injury table cell for a location and effective impact, or null for no injury. */
export function injuryFor(location: LocationId, effectiveImpact: number): InjuryCell | null {
  const band = impactBand(effectiveImpact);
  if (band < 0) return null;
  return { ...INJURY_TABLE[location][band]! };
}

export function injuryCode(cell: Pick<InjuryCell, "severity" | "level">): string {
  return `${cell.severity}${cell.level}`;
}

// ── Penalties (hm3.md §2) ──────────────────────────────────────────────────────────────────

/** Endurance = round((STR + STA + WIL) / 3). */
export function endurance(str: number, sta: number, wil: number): number {
  return Math.round((str + sta + wil) / 3);
}

/** Universal Penalty = total injury levels + fatigue. */
export function universalPenalty(injuryLevels: readonly number[], fatigue: number): number {
  return sum(injuryLevels) + fatigue;
}

/** Physical Penalty = UP + encumbrance. */
export function physicalPenalty(up: number, encumbrance: number): number {
  return up + encumbrance;
}

// ── Character rolls ────────────────────────────────────────────────────────────────────────

/** A roll of N dice against a target: `failed` means the total is above it. */
export interface Check {
  roll: string;
  dice: number;
  values: number[];
  total: number;
  target: number;
  /** total > target. */
  failed: boolean;
}

/** A check is read through its failure only (total above target): the hint for the exact odds. */
const FAILED_CLASS: RollClassifier = (total, target) => total > target;

function check(dice: Dice, name: string, count: number, target: number): Check {
  const values = dice.roll(name, count, 6, FAILED_CLASS, target);
  const total = sum(values);
  return { roll: name, dice: count, values, total, target, failed: total > target };
}

/** Shock roll: UP d6 (UP including the new injury) above Endurance is shock (hm3.md §2). */
export function shockRoll(dice: Dice, name: string, up: number, end: number): Check {
  return check(dice, name, Math.max(0, up), end);
}

/** Fumble roll: 3d6 above DEX − PP drops what the hand holds (hm3.md §2). */
export function fumbleRoll(dice: Dice, name: string, dex: number, pp: number): Check {
  return check(dice, name, 3, dex - pp);
}

/** Stumble roll: 3d6 above AGL − PP falls prone (hm3.md §2). */
export function stumbleRoll(dice: Dice, name: string, agl: number, pp: number): Check {
  return check(dice, name, 3, agl - pp);
}

/** Kill roll (optional rule): (injury level) d6 above Endurance dies (hm3.md §2). */
export function killRoll(dice: Dice, name: string, level: number, end: number): Check {
  return check(dice, name, level, end);
}

/** Weapon quality roll: 3d6 above WQ, the weapon is damaged/breaks (hm3.md §2). */
export function wqRoll(dice: Dice, name: string, wq: number): Check {
  return check(dice, name, 3, wq);
}

// ── Missile range (seed 003 lines 279-295) ─────────────────────────────────────────────────

/**
 * The range band a target at `hexes` falls in: the first band whose range reaches it, or null
 * beyond Extreme range (out of range). Each band's figure is its maximum range in hexes.
 */
export function rangeBandFor(
  bands: Readonly<Record<RangeBand, { hexes: number }>>,
  hexes: number,
): RangeBand | null {
  if (!(hexes >= 0)) throw new InputError("range", hexes, "expected a distance of 0 hexes or more");
  for (const band of RANGE_BANDS) if (hexes <= bands[band].hexes) return band;
  return null;
}

/** A missile's impact at a band (MISSILE DATA TABLE). */
export function missileImpact(row: MissileRow, band: RangeBand): number {
  return row.bands[band].impact;
}

/**
 * A thrown melee weapon's impact at a band: 100% at Short and Medium, 50% at Long and Extreme
 * (seed 003 line 295), halves rounded half up (docs/rulings.md R11).
 */
export function thrownImpact(impact: number, band: RangeBand): number {
  return Math.round((impact * THROWN_MELEE[band].impactPercent) / 100);
}

/** Thrown melee weapons' range bands (seed 003 line 295). */
export const THROWN_BANDS: Readonly<Record<RangeBand, { hexes: number }>> = THROWN_MELEE;
