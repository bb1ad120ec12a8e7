/**
 * What the HM3 derivation adds for HârnMaster Gold's ring & scale armour (rulings G20-G22): a
 * worn piece's own Squeeze and Tear base, and the six-column armour per location that the
 * combat rules read while `ringScaleArmour` is on (`derived.goldArmour`).
 */
import type { BodyPlan } from "../../../core/body";
import { armourFromLayers, type ArmourLayer } from "../mechanics";
import { GOLD_COLUMNS, type ArmourColumn, type SixAspectOverride } from "./armour-columns";

/**
 * A piece's own Squeeze and Tear: a whole number 0 or more; null or absent is the material's;
 * anything else is reported through `warn` and read as the material's.
 */
export function goldColumnsOf(
  piece: { squeeze?: unknown; tear?: unknown },
  field: string,
  warn: (field: string, value: unknown) => void,
): SixAspectOverride {
  const out: SixAspectOverride = {};
  for (const c of GOLD_COLUMNS) {
    const v = piece[c];
    if (v === undefined || v === null) continue;
    if (typeof v === "number" && Number.isInteger(v) && v >= 0) out[c] = v;
    else warn(`${field}.${c}`, v);
  }
  return out;
}

const ZERO: Readonly<Record<ArmourColumn, number>> = Object.freeze({
  blunt: 0,
  edge: 0,
  point: 0,
  fire: 0,
  squeeze: 0,
  tear: 0,
});

/** Six-column armour at every sided id of the plan, zeros included (as `derived.armour`). */
export function goldArmourOf(
  layers: readonly ArmourLayer[],
  plan: BodyPlan | undefined,
  sidedIds: readonly string[],
): Record<string, Record<ArmourColumn, number>> {
  const summed = armourFromLayers(layers, plan, true);
  const out: Record<string, Record<ArmourColumn, number>> = {};
  for (const id of sidedIds) out[id] = { ...ZERO, ...summed[id] };
  return out;
}
