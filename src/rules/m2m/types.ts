/**
 * Shared types of the GURPS Man to Man ruleset (seed 004, read with
 * `../shared/rules/m2m-spec.md`; "§n" below is a section of that spec, "Lnnn" a seed line).
 */
import { readEnum } from "../../core/errors";

/** Damage types (§7): crushing, cutting, impaling. */
export const DAMAGE_TYPES = ["cr", "cut", "imp"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

/**
 * A damage expression in the book's notation: `2+1` is 2d6+1, `1-4` is 1d6−4, `3` is 3d6.
 * Never normalised (§7.2, §18.2 pitfall 2): `1+4` stays `1+4`.
 */
export interface DamageExpr {
  dice: number;
  adds: number;
}

/**
 * Hit locations (§8), as the CLI contract names them. `face` and `vitals` are only ever aimed
 * at; hands and feet are sided.
 */
export const HIT_LOCATIONS = [
  "head",
  "face",
  "left-arm",
  "right-arm",
  "left-hand",
  "right-hand",
  "torso",
  "vitals",
  "left-leg",
  "right-leg",
  "left-foot",
  "right-foot",
] as const;
export type HitLocation = (typeof HIT_LOCATIONS)[number];

const LOCATION_SET: ReadonlySet<string> = new Set(HIT_LOCATIONS);

/**
 * `readEnum(value, field, HIT_LOCATIONS)` with a Set lookup first (issue 17: the list scan showed
 * in the exchange's profile); a value refused goes to `readEnum` for its error.
 */
export function readLocation(value: unknown, field: string): HitLocation {
  return typeof value === "string" && LOCATION_SET.has(value)
    ? (value as HitLocation)
    : readEnum(value, field, HIT_LOCATIONS);
}

/** Success roll outcome (§1.1). */
export interface SuccessResult {
  target: number;
  roll: number;
  success: boolean;
  /** target − roll (negative on a failure). */
  margin: number;
  critical: boolean;
}

/** Attack outcomes (§5.3, §5.4), as the CLI contract names them. */
export type AttackOutcome = "hit" | "miss" | "critical-hit" | "critical-miss";

/** Defence outcomes (§6.1, §6.7), as the CLI contract names them. */
export type DefenceOutcome = "success" | "failure" | "critical-success" | "critical-failure";

/** Active defences (§6.2) and `none`. */
export const ACTIVE_DEFENCES = ["dodge", "parry", "block", "none"] as const;
export type ActiveDefence = (typeof ACTIVE_DEFENCES)[number];
