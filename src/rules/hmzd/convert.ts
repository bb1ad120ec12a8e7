/**
 * The hmzd weapons converted from the HârnMaster 3 weapon data (ruling Z12 of `hmzd.md` §8,
 * with the project's ruling Z23 for what Z12 leaves open; docs/rulings.md). Pure: it takes
 * the HM3 figures (the `../shared/data/hm3/*.csv` rows, read by scripts/hmzd-weapons.ts from
 * `reference/`) and gives the hmzd weapon, data a GM may edit afterwards.
 *
 * - Zone die by skill (Z12): d4 Sword and Dagger; d6 Axe, Club, Flail, Shield and Unarmed; d8
 *   Spear and Polearm. Z23: d8 Whip and Net, d6 for the missile skills' melee use (Bow,
 *   Blowgun, Sling: used as clubs).
 * - Modes (Z12): the best of Edge and Blunt swings with d10 (Z23: Edge on a tie), Point
 *   thrusts with d8, the other of Edge and Blunt strikes with d6; base = round(0.6 × the HM3
 *   impact), never below 0; an aspect HM3 lists as −1 is absent. Dagger-skill weapons roll
 *   one die size smaller, two-handed weapons one larger, every mode alike (Z23).
 * - Missiles (Z12, Z4): each range band's HM3 impact converted with d8; zone die d10.
 * - The seed's broadsword is as printed (001:27-30, 001:95): ZD d4; swing d10+3E; thrust
 *   d8+2P; pommel d6+0B.
 */
import { InputError } from "../../core/errors";
import type { HmzdAspect, HmzdImpact, HmzdWeapon } from "./types";

/** The die sizes a conversion gives, smallest first (one size = one step). */
export const DIE_LADDER = [4, 6, 8, 10, 12] as const;
export type DieSize = (typeof DIE_LADDER)[number];

/** The HM3 figures of a melee weapon or shield the conversion reads (melee-weapons.csv). */
export interface Hm3MeleeStats {
  name: string;
  skill: string;
  /** HM3 impact per aspect; null where the CSV gives −1 (absent). */
  impact: { blunt: number | null; edge: number | null; point: number | null };
  /** How it is wielded (docs/rulings.md R35): `two` converts one die size larger. */
  handMode: "one" | "two" | "either";
}

/** One HM3 missile (missile-weapons.csv): its aspect and the impact of each range band. */
export interface Hm3MissileStats {
  name: string;
  skill: string;
  aspect: "blunt" | "edge" | "point";
  /** Range in hexes and HM3 impact, per band. */
  ranges: Record<RangeBandId, { range: number; impact: number }>;
}

export const RANGE_BAND_IDS = ["short", "medium", "long", "extreme"] as const;
export type RangeBandId = (typeof RANGE_BAND_IDS)[number];

/** How an attack mode strikes (Z12): swung, thrust, or struck with the remaining aspect. */
export type ModeKind = "swing" | "thrust" | "strike" | "pommel";

/** An attack mode of a converted melee weapon: its name and impact (die + base, aspect). */
export interface ConvertedMode {
  name: ModeKind;
  impact: HmzdImpact;
}

export interface ConvertedWeapon {
  name: string;
  skill: string;
  zoneDie: DieSize;
  handMode: "one" | "two" | "either";
  /** Swing, thrust, strike in that order (those the weapon has). */
  modes: ConvertedMode[];
  /** What the conversion followed: `Z12` or `001:30` for the seed's broadsword. */
  source: "Z12" | "001:30";
}

export interface ConvertedMissile {
  name: string;
  skill: string;
  /** Z4: a missile rolls d10 from placement 1 (d6 from the placement when aimed). */
  zoneDie: 10;
  aspect: HmzdAspect;
  die: 8;
  /** Range in hexes and base impact per band. */
  ranges: Record<RangeBandId, { range: number; base: number }>;
}

/** Zone die by HM3 skill (Z12; the last five are Z23). */
export const ZONE_DIE_BY_SKILL: Readonly<Record<string, DieSize>> = Object.freeze({
  Sword: 4,
  Dagger: 4,
  Axe: 6,
  Club: 6,
  Flail: 6,
  Shield: 6,
  Unarmed: 6,
  Spear: 8,
  Polearm: 8,
  // Z23: the flexible weapons have the least control Z12 names; missile weapons used in
  // melee are used as clubs.
  Whip: 8,
  Net: 8,
  Bow: 6,
  Blowgun: 6,
  Sling: 6,
});

/** The die of each mode kind before the one-size shifts (Z12). */
export const BASE_DIE: Readonly<Record<Exclude<ModeKind, "pommel">, DieSize>> = Object.freeze({
  swing: 10,
  thrust: 8,
  strike: 6,
});

/** Missiles convert with d8 (Z12). */
export const MISSILE_DIE = 8;
/** A missile's zone die when not aimed (Z4). */
export const MISSILE_ZONE_DIE = 10;

function frozenMode(name: ModeKind, die: number, base: number, aspect: HmzdAspect): ConvertedMode {
  return Object.freeze({ name, impact: Object.freeze({ die, base, aspect }) }) as ConvertedMode;
}

/** The seed's broadsword, exactly as printed (001:27-30, 001:95; Z12). */
export const SEED_BROADSWORD: Readonly<ConvertedWeapon> = Object.freeze({
  name: "Broadsword",
  skill: "Sword",
  zoneDie: 4,
  handMode: "one",
  modes: Object.freeze([
    frozenMode("swing", 10, 3, "edge"),
    frozenMode("thrust", 8, 2, "point"),
    frozenMode("pommel", 6, 0, "blunt"),
  ]) as unknown as ConvertedMode[],
  source: "001:30",
});

/** round(0.6 × an HM3 impact), never below 0 (Z12); exact in integers (6x/10, never .5). */
export function convertedBase(hm3Impact: number): number {
  return Math.max(0, Math.round((hm3Impact * 6) / 10));
}

/** One die size up (+1) or down (−1) the ladder d4..d12 (Z12). */
export function shiftDie(die: DieSize, steps: number): DieSize {
  const i = DIE_LADDER.indexOf(die) + steps;
  const out = DIE_LADDER[Math.min(DIE_LADDER.length - 1, Math.max(0, i))];
  return out!;
}

/** Die size steps for a weapon (Z12): −1 for the Dagger skill, +1 two-handed (Z23: every mode). */
export function dieShift(stats: Pick<Hm3MeleeStats, "skill" | "handMode">): number {
  if (stats.skill === "Dagger") return -1;
  if (stats.handMode === "two") return 1;
  return 0;
}

/** The zone die of an HM3 skill, or an InputError naming `skill`. */
export function zoneDieFor(skill: string, field = "skill"): DieSize {
  const die = Object.hasOwn(ZONE_DIE_BY_SKILL, skill) ? ZONE_DIE_BY_SKILL[skill] : undefined;
  if (die === undefined)
    throw new InputError(
      field,
      skill,
      `no zone die for this skill (expected one of ${Object.keys(ZONE_DIE_BY_SKILL).join(", ")})`,
    );
  return die;
}

function presentImpact(v: number | null, field: string): number | null {
  if (v === null || v === -1) return null;
  if (!Number.isInteger(v)) throw new InputError(field, v, "expected a whole HM3 impact or null");
  return v;
}

/**
 * The modes Z12 gives an HM3 weapon (without the broadsword exception): swing with the best
 * of Edge and Blunt (Edge on a tie, Z23), thrust with Point, strike with the other of Edge
 * and Blunt. Empty when HM3 gives the weapon no aspect at all (the sling).
 */
export function convertModes(stats: Hm3MeleeStats): ConvertedMode[] {
  const shift = dieShift(stats);
  const edge = presentImpact(stats.impact.edge, "impact.edge");
  const blunt = presentImpact(stats.impact.blunt, "impact.blunt");
  const point = presentImpact(stats.impact.point, "impact.point");
  const mode = (name: Exclude<ModeKind, "pommel">, aspect: HmzdAspect, hm3: number) => ({
    name,
    impact: { die: shiftDie(BASE_DIE[name], shift), base: convertedBase(hm3), aspect },
  });
  const modes: ConvertedMode[] = [];
  let rest: ConvertedMode | null = null;
  if (edge !== null && (blunt === null || edge >= blunt)) {
    modes.push(mode("swing", "edge", edge));
    if (blunt !== null) rest = mode("strike", "blunt", blunt);
  } else if (blunt !== null) {
    modes.push(mode("swing", "blunt", blunt));
    if (edge !== null) rest = mode("strike", "edge", edge);
  }
  if (point !== null) modes.push(mode("thrust", "point", point));
  if (rest) modes.push(rest);
  return modes;
}

/** An HM3 melee weapon or shield as an hmzd weapon (Z12; the broadsword as the seed prints it). */
export function convertMeleeWeapon(stats: Hm3MeleeStats): ConvertedWeapon {
  if (stats.name === SEED_BROADSWORD.name)
    return {
      ...SEED_BROADSWORD,
      modes: SEED_BROADSWORD.modes.map((m) => ({ name: m.name, impact: { ...m.impact } })),
    };
  return {
    name: stats.name,
    skill: stats.skill,
    zoneDie: zoneDieFor(stats.skill),
    handMode: stats.handMode,
    modes: convertModes(stats),
    source: "Z12",
  };
}

const MISSILE_ASPECT: Readonly<Record<Hm3MissileStats["aspect"], HmzdAspect>> = Object.freeze({
  blunt: "blunt",
  edge: "edge",
  point: "point",
});

/** An HM3 missile as an hmzd missile: each band's impact converted with d8, zone die d10 (Z12, Z4). */
export function convertMissile(stats: Hm3MissileStats): ConvertedMissile {
  const aspect = Object.hasOwn(MISSILE_ASPECT, stats.aspect)
    ? MISSILE_ASPECT[stats.aspect]
    : undefined;
  if (!aspect) throw new InputError("aspect", stats.aspect, "expected blunt, edge or point");
  const ranges = {} as ConvertedMissile["ranges"];
  for (const band of RANGE_BAND_IDS) {
    const r = stats.ranges[band];
    if (!r || !Number.isInteger(r.impact))
      throw new InputError(`ranges.${band}.impact`, r?.impact, "expected a whole HM3 impact");
    ranges[band] = { range: r.range, base: convertedBase(r.impact) };
  }
  return {
    name: stats.name,
    skill: stats.skill,
    zoneDie: MISSILE_ZONE_DIE,
    aspect,
    die: MISSILE_DIE,
    ranges,
  };
}

const ASPECT_LETTER: Readonly<Record<HmzdAspect, string>> = Object.freeze({
  blunt: "B",
  edge: "E",
  point: "P",
  fire: "F",
});

/** `d10+3E`: how the seed prints an impact (001:30, 001:101 `d6-4P`). */
export function formatImpact(impact: HmzdImpact): string {
  const sign = impact.base < 0 ? "-" : "+";
  return `d${impact.die}${sign}${Math.abs(impact.base)}${ASPECT_LETTER[impact.aspect]}`;
}

/** The engine's weapon for one mode of a converted weapon (by mode name; the first if none). */
export function weaponForMode(weapon: ConvertedWeapon, modeName?: string): HmzdWeapon {
  const mode =
    modeName === undefined ? weapon.modes[0] : weapon.modes.find((m) => m.name === modeName);
  if (!mode)
    throw new InputError(
      "mode",
      modeName,
      `${weapon.name} has no such mode (it has ${weapon.modes.map((m) => m.name).join(", ") || "none"})`,
    );
  return { zoneDie: weapon.zoneDie, impact: { ...mode.impact } };
}
