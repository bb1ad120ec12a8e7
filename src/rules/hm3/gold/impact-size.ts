/**
 * HârnMaster Gold "Impact & Target Size" (seed 000 lines 129-147): the size classes, their
 * impact multipliers, and the multiplied effective impact. Pure data and arithmetic.
 */
import { InputError } from "../../../core/errors";

/** The size classes of seed 000 lines 137-143, smallest first. */
export const SIZE_CLASS_IDS = Object.freeze([
  "tiny",
  "verySmall",
  "small",
  "medium",
  "large",
  "veryLarge",
  "monstrous",
] as const);
export type SizeClass = (typeof SIZE_CLASS_IDS)[number];

export interface SizeClassSpec {
  readonly id: SizeClass;
  /** Rank from 0 (Tiny) to 6 (Monstrous): "two size classes larger" compares ranks (000:219). */
  readonly rank: number;
  /** The lightest weight of the class, in lb (000:137-143; 1 ton = 2,000 lb). */
  readonly minWeight: number;
  /** The Effective Impact multiplier (000:135-143). */
  readonly multiplier: number;
  /** Seed 000 line of the row. */
  readonly line: number;
}

/** Seed 000 lines 137-143, cell by cell. */
export const SIZE_CLASSES: Readonly<Record<SizeClass, SizeClassSpec>> = Object.freeze({
  tiny: Object.freeze({ id: "tiny", rank: 0, minWeight: 0, multiplier: 1.3, line: 137 }),
  verySmall: Object.freeze({ id: "verySmall", rank: 1, minWeight: 3, multiplier: 1.2, line: 138 }),
  small: Object.freeze({ id: "small", rank: 2, minWeight: 15, multiplier: 1.1, line: 139 }),
  medium: Object.freeze({ id: "medium", rank: 3, minWeight: 75, multiplier: 1.0, line: 140 }),
  large: Object.freeze({ id: "large", rank: 4, minWeight: 375, multiplier: 0.9, line: 141 }),
  veryLarge: Object.freeze({
    id: "veryLarge",
    rank: 5,
    minWeight: 2000,
    multiplier: 0.8,
    line: 142,
  }),
  monstrous: Object.freeze({
    id: "monstrous",
    rank: 6,
    minWeight: 10000,
    multiplier: 0.7,
    line: 143,
  }),
});

/** A human's class (000:140): what a fighter with no `sizeClass` is. */
export const DEFAULT_SIZE_CLASS: SizeClass = "medium";

export function isSizeClass(value: unknown): value is SizeClass {
  return typeof value === "string" && (SIZE_CLASS_IDS as readonly string[]).includes(value);
}

/** Reads a size class, or throws an input error naming the field. */
export function readSizeClass(field: string, value: unknown): SizeClass {
  if (!isSizeClass(value))
    throw new InputError(field, value, `must be one of ${SIZE_CLASS_IDS.join(", ")}`);
  return value;
}

/** The class `steps` ranks from `cls`, clamped to Tiny..Monstrous (000:147: "one class lower"). */
export function shiftSizeClass(cls: SizeClass, steps: number): SizeClass {
  const rank = Math.min(6, Math.max(0, SIZE_CLASSES[cls].rank + steps));
  return SIZE_CLASS_IDS[rank]!;
}

/**
 * Effective impact × the class's multiplier, rounded to the nearest whole number (000:133; the
 * example 11 × 0.9 = 9.9 → 10, 000:145), a half rounded up ("rounded off", as 8.5 → 9 at
 * 000:239; ruling G15). Worked in tenths so 5 × 1.1 is 5.5 exactly. Impact below 1 does no
 * injury at any size and is kept as it is.
 */
export function sizeAdjusted(effectiveImpact: number, cls: SizeClass): number {
  if (effectiveImpact < 1) return effectiveImpact;
  const tenths = Math.round(SIZE_CLASSES[cls].multiplier * 10);
  return Math.floor((effectiveImpact * tenths + 5) / 10);
}

/**
 * The class a strike on `location` (an unsided location id) meets: the location's own class
 * when `byLocation` (000:147) and the victim lists one, else the creature's, else Medium.
 */
export function sizeClassAt(
  victim: {
    sizeClass?: SizeClass;
    locationSizeClasses?: Readonly<Record<string, SizeClass>>;
  },
  location: string,
  byLocation: boolean,
): SizeClass {
  const own = byLocation ? victim.locationSizeClasses?.[location] : undefined;
  return own ?? victim.sizeClass ?? DEFAULT_SIZE_CLASS;
}
