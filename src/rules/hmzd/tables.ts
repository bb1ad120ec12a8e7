/**
 * The zone-die tables, transcribed from seed 001 (`001:L` = its line L) as `hmzd.md` §2-§5
 * reconstructs the OCR. Everything here is deeply frozen; the lookups hand out copies (or
 * numbers and strings), so no caller can change a table.
 */
import { copy, deepFreeze } from "../../core/data";
import type { HmzdLevel, HmzdPlan, HmzdState } from "./types";

// ── Strength impact modifier (001:63-72, 001:97; hmzd.md §3) ───────────────────────────────

/** One printed row of the STRENGTH IMPACT MODIFIER table: STR `from`..`to` gives `modifier`. */
export interface StrRow {
  from: number;
  to: number;
  modifier: number;
}

/** The table as printed, STR 1 to 23 (001:66-72). */
export const STR_TABLE: readonly StrRow[] = deepFreeze([
  { from: 1, to: 1, modifier: -10 },
  { from: 2, to: 2, modifier: -8 },
  { from: 3, to: 3, modifier: -6 },
  { from: 4, to: 4, modifier: -4 },
  { from: 5, to: 5, modifier: -3 },
  { from: 6, to: 7, modifier: -2 },
  { from: 8, to: 9, modifier: -1 },
  { from: 10, to: 11, modifier: 0 },
  { from: 12, to: 13, modifier: 1 },
  { from: 14, to: 15, modifier: 2 },
  { from: 16, to: 17, modifier: 3 },
  { from: 18, to: 19, modifier: 4 },
  { from: 20, to: 21, modifier: 5 },
  { from: 22, to: 23, modifier: 6 },
]);

/** The highest STR the printed table lists (001:72 "22-23... +6 ..."). */
export const STR_TABLE_MAX = 23;

/** The modifier of each STR 1..23, by index (index 0 unused): the hot path's lookup. */
const STR_BY_VALUE: readonly number[] = (() => {
  const out = [0];
  for (const row of STR_TABLE) for (let s = row.from; s <= row.to; s++) out[s] = row.modifier;
  return Object.freeze(out);
})();

/**
 * The STR impact modifier (hmzd.md §3): the printed table to 23, and +1 more per two STR above
 * 23 (001:72's "..." continued as 001:97 says: every two full points beyond 10 give +1).
 */
export function strModifier(str: number): number {
  if (!Number.isInteger(str) || str < 1) throw new Error(`STR must be a whole number ≥ 1: ${str}`);
  if (str <= STR_TABLE_MAX) return STR_BY_VALUE[str]!;
  // 24-25 +7, 26-27 +8…: the rows go on in pairs as 001:97 counts them.
  return Math.floor((str - 10) / 2);
}

// ── The human STRIKE LOCATION table (001:34-51; hmzd.md §2) ────────────────────────────────

/**
 * Zones 1..10: Head 1, Arms 2-3 (ZD 2 right, 3 left: 001:23), Torso 4-6, Legs 7-10 (the same
 * parity, even right and odd left: hmzd.md §2 ruling). The d10 picks the location in the zone
 * (0 reads 10); `shock` is the location shock of the table's last column.
 */
export const HUMAN_PLAN: HmzdPlan = deepFreeze({
  id: "human",
  zoneCount: 10,
  zones: [
    {
      id: "head",
      values: { from: 1, to: 1 },
      region: "head",
      sides: null,
      locations: [
        { id: "skull", d10: { from: 1, to: 5 }, shock: 5, paired: false, region: "head" },
        { id: "face", d10: { from: 6, to: 8 }, shock: 4, paired: false, region: "head" },
        { id: "neck", d10: { from: 9, to: 10 }, shock: 5, paired: false, region: "neck" },
      ],
    },
    {
      id: "arms",
      values: { from: 2, to: 3 },
      region: "arm",
      sides: { by: "zone", right: [2], left: [3] },
      locations: [
        { id: "shoulder", d10: { from: 1, to: 3 }, shock: 3, paired: true, region: "arm" },
        { id: "upper-arm", d10: { from: 4, to: 6 }, shock: 1, paired: true, region: "arm" },
        { id: "elbow", d10: { from: 7, to: 7 }, shock: 2, paired: true, region: "arm" },
        { id: "forearm", d10: { from: 8, to: 9 }, shock: 1, paired: true, region: "arm" },
        { id: "hand", d10: { from: 10, to: 10 }, shock: 2, paired: true, region: "arm" },
      ],
    },
    {
      id: "torso",
      values: { from: 4, to: 6 },
      region: "torso",
      sides: null,
      locations: [
        { id: "thorax", d10: { from: 1, to: 5 }, shock: 4, paired: false, region: "torso" },
        { id: "abdomen", d10: { from: 6, to: 8 }, shock: 4, paired: false, region: "torso" },
        { id: "pelvis", d10: { from: 9, to: 10 }, shock: 4, paired: false, region: "torso" },
      ],
    },
    {
      id: "legs",
      values: { from: 7, to: 10 },
      region: "leg",
      sides: { by: "zone", right: [8, 10], left: [7, 9] },
      locations: [
        { id: "thigh", d10: { from: 1, to: 4 }, shock: 3, paired: true, region: "leg" },
        { id: "knee", d10: { from: 5, to: 5 }, shock: 2, paired: true, region: "leg" },
        { id: "calf", d10: { from: 6, to: 8 }, shock: 1, paired: true, region: "leg" },
        { id: "foot", d10: { from: 9, to: 10 }, shock: 2, paired: true, region: "leg" },
      ],
    },
  ],
} satisfies HmzdPlan);

/** A mutable copy of the human plan. */
export function humanPlan(): HmzdPlan {
  return copy(HUMAN_PLAN) as HmzdPlan;
}

// ── Injury (001:76-79; hmzd.md §4, Z9) ──────────────────────────────────────────────────────

export type HmzdSeverity = "M" | "S" | "G";

/**
 * The table's special-effect symbols (001:79, 001:89): □ `square`, ● `dot`, ▽ `triangle`. What
 * they do is Z10 (helper zd-state's `special.ts`); the table only carries them.
 */
export type HmzdSymbol = "square" | "dot" | "triangle";

export interface InjuryBand {
  /** The least effective impact of the band (the table's "1+", "5+"…). */
  min: number;
  severity: HmzdSeverity;
  level: number;
  /** `M1`…`G5`. */
  code: string;
  symbol: HmzdSymbol;
}

/** The INJURY table (001:78-79), lowest band first. */
export const INJURY_BANDS: readonly InjuryBand[] = deepFreeze([
  { min: 1, severity: "M", level: 1, code: "M1", symbol: "square" },
  { min: 5, severity: "S", level: 2, code: "S2", symbol: "square" },
  { min: 10, severity: "S", level: 3, code: "S3", symbol: "dot" },
  { min: 15, severity: "G", level: 4, code: "G4", symbol: "dot" },
  { min: 20, severity: "G", level: 5, code: "G5", symbol: "triangle" },
] satisfies InjuryBand[]);

/** The index in INJURY_BANDS of an effective impact; −1 for 0 or less (no injury, Z9). */
export function injuryBandIndex(effectiveImpact: number): number {
  if (effectiveImpact >= 20) return 4;
  if (effectiveImpact >= 15) return 3;
  if (effectiveImpact >= 10) return 2;
  if (effectiveImpact >= 5) return 1;
  if (effectiveImpact >= 1) return 0;
  return -1;
}

/** The band of an effective impact (a copy), or null for 0 or less (Z9). */
export function injuryBand(effectiveImpact: number): InjuryBand | null {
  const i = injuryBandIndex(effectiveImpact);
  return i < 0 ? null : { ...INJURY_BANDS[i]! };
}

// ── Shock (001:149-155; hmzd.md §5) ─────────────────────────────────────────────────────────

/** The Shock test's modifier by level (001:151-152): CF +2, F +1, S 0, CS −1. */
export const SHOCK_MODIFIER: Readonly<Record<HmzdLevel, number>> = Object.freeze({
  CF: 2,
  F: 1,
  S: 0,
  CS: -1,
});

/** The SHOCK INDEX row as printed (001:154-155): `max` is each column's highest index. */
export const SHOCK_INDEX: readonly { max: number; state: HmzdState }[] = deepFreeze([
  { max: 6, state: "none" },
  { max: 7, state: "STN" },
  { max: 8, state: "INC" },
  { max: 9, state: "UNC" },
  { max: Number.POSITIVE_INFINITY, state: "KIA" },
] satisfies { max: number; state: HmzdState }[]);

/** The shock state of a Shock Index: ≤6 none, 7 STN, 8 INC, 9 UNC, 10+ KIA. */
export function shockState(index: number): HmzdState {
  if (index <= 6) return "none";
  if (index === 7) return "STN";
  if (index === 8) return "INC";
  if (index === 9) return "UNC";
  return "KIA";
}
