/**
 * EML construction for HM3 (seed 003 lines 175-181 for melee, 208-215 for missiles; hm3.md §2).
 * Returns itemised targets: every modifier with its value and the seed line it comes from.
 */
import { InputError } from "../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../core/modifiers";
import { HM3_EML_BASE } from "./character-types";
import { EML_MAX, EML_MIN } from "./mechanics";
import { AIM_EML, RANGE_EML, type AimZone, type RangeBand } from "./tables";

const SEED = "seed 003";

/** A modifier a user adds by hand (a named situational modifier). */
export interface CustomModifier {
  label: string;
  value: number;
}

/** Bounds of a custom modifier: anything wider cannot change a d100 roll clamped to 5..95. */
export const CUSTOM_LIMIT = 100;

export interface CommonEmlInput {
  /** The base: AML (attack), DML (block), AML (counterstrike) or Dodge ML. */
  base: number;
  baseKey: "aml" | "dml" | "ml";
  /** Physical Penalty in points; EML −5 per point. */
  physicalPenalty: number;
  /** Special Penalty, as an EML value (≤ 0). See docs/rulings.md R3. */
  specialPenalty?: number;
  aim?: AimZone;
  custom?: readonly CustomModifier[];
}

export interface MeleeEmlInput extends CommonEmlInput {
  /** Opponents engaging this combatant; −10 per opponent beyond the first. */
  opponents?: number;
  /** +20 against a prone opponent. */
  proneOpponent?: boolean;
}

export interface MissileEmlInput extends CommonEmlInput {
  range: RangeBand;
  /** Target size modifier (the seed names it without values). */
  targetSize?: number;
  /** Weather, −10 to −40 (seed 003 line 215). */
  weather?: number;
}

function whole(value: number, field: string, min: number, max: number): number {
  if (!Number.isInteger(value)) throw new InputError(field, value, "expected a whole number");
  if (value < min || value > max)
    throw new InputError(field, value, `must be between ${min} and ${max}`);
  return value;
}

function common(input: CommonEmlInput, line: { pp: number; sp: number; aim: number }): Modifier[] {
  // Every base the stored data can make (R42): ML 0..200 plus a weapon modifier -50..+100.
  whole(input.base, "base", HM3_EML_BASE.min, HM3_EML_BASE.max);
  const mods: Modifier[] = [];
  const pp = whole(input.physicalPenalty, "physicalPenalty", 0, 100);
  mods.push({ key: "physicalPenalty", value: -5 * pp, source: `${SEED} line ${line.pp}` });
  if (input.specialPenalty !== undefined) {
    const sp = whole(input.specialPenalty, "specialPenalty", -CUSTOM_LIMIT, 0);
    mods.push({ key: "specialPenalty", value: sp, source: `${SEED} line ${line.sp}` });
  }
  if (input.aim)
    mods.push({
      key: `aim.${input.aim}`,
      value: AIM_EML[input.aim],
      source: `${SEED} lines 54, ${line.aim}`,
    });
  return mods;
}

function custom(list: readonly CustomModifier[] | undefined): Modifier[] {
  return (list ?? []).map((c, i) => {
    if (typeof c.label !== "string" || c.label.trim() === "")
      throw new InputError(`custom[${i}].label`, c.label, "expected a name");
    whole(c.value, `custom[${i}].value`, -CUSTOM_LIMIT, CUSTOM_LIMIT);
    return { key: "custom", label: c.label, value: c.value, source: "user" };
  });
}

/** Melee EML (seed 003 lines 175-181): PP ×5, Special Penalty, aim, outnumbered, prone opponent. */
export function meleeEml(input: MeleeEmlInput): Target {
  const mods = common(input, { pp: 177, sp: 178, aim: 179 });
  if (input.opponents !== undefined) {
    const n = whole(input.opponents, "opponents", 1, 20);
    mods.push({ key: "outnumbered", value: -10 * (n - 1), source: `${SEED} line 180` });
  }
  if (input.proneOpponent)
    mods.push({ key: "proneOpponent", value: 20, source: `${SEED} line 181` });
  mods.push(...custom(input.custom));
  return buildTarget(input.baseKey, input.base, mods, { min: EML_MIN, max: EML_MAX });
}

/** Missile EML (seed 003 lines 208-215): PP ×5, Special Penalty, range, aim, target size, weather. */
export function missileEml(input: MissileEmlInput): Target {
  const mods = common(input, { pp: 210, sp: 211, aim: 213 });
  mods.push({
    key: `range.${input.range}`,
    value: RANGE_EML[input.range],
    source: `${SEED} lines 212, 283`,
  });
  if (input.targetSize !== undefined) {
    mods.push({
      key: "targetSize",
      value: whole(input.targetSize, "targetSize", -CUSTOM_LIMIT, CUSTOM_LIMIT),
      source: `${SEED} line 214`,
    });
  }
  if (input.weather !== undefined && input.weather !== 0) {
    mods.push({
      key: "weather",
      value: weatherValue(input.weather),
      source: `${SEED} line 215`,
    });
  }
  mods.push(...custom(input.custom));
  return buildTarget(input.baseKey, input.base, mods, { min: EML_MIN, max: EML_MAX });
}

/** Weather is −10 to −40 (seed 003 line 215); 0 is no weather. */
function weatherValue(value: number): number {
  if (value !== 0) whole(value, "weather", -40, -10);
  return value;
}

export type Velocity = "low" | "high";

/**
 * The ML a defence against a missile starts from (MISSILE EMLs, seed 003 lines 37-50): Block
 * with a shield at full ML, with a weapon at half ML (LV) or ML 05 (HV); Dodge at full ML (LV)
 * or half ML (HV); Ignore rolls nothing. Halves round half up (docs/rulings.md R2).
 */
export function missileDefenceMl(
  defence: "block" | "dodge",
  velocity: Velocity,
  ml: number,
  withShield: boolean,
): { ml: number; rule: string } {
  const half = Math.round(ml / 2);
  if (defence === "block") {
    if (withShield) return { ml, rule: "shieldFull" };
    return velocity === "low" ? { ml: half, rule: "weaponHalf" } : { ml: 5, rule: "weapon05" };
  }
  return velocity === "low" ? { ml, rule: "dodgeFull" } : { ml: half, rule: "dodgeHalf" };
}
