/**
 * Aimed melee (seed 000 lines 5-15) on the HM3 tables: the column an aimed strike rolls in, the
 * target's d100 range there, the AAPs moving a roll toward that range (line 11, also on the face
 * sub-table) and the side roll (line 9). Rulings G2-G7 (docs/rulings.md). Pure: the dice are
 * injected and every roll is named (`side`).
 */
import { rollOne, type Dice, type RollClassifier } from "../../../core/dice";
import { InputError } from "../../../core/errors";
import { HUMAN_BODY_PLAN, isHumanPlan, planStrikeLocation, type PlanStrike } from "../body-plan";
import type { Hm3BodyPlanInput } from "../character-types";
import { ATTACKER_ROLLS, humanStrike, humanStrikeAt, type HumanStrike } from "../hot";
import { facePart, isPaired, sideOf } from "../mechanics";
import { FACE_TABLE, type AimZone, type Range } from "../tables";
import {
  GOLD_SIDE_CHANCE,
  HUMAN_AIM_ZONE,
  isFacePart,
  isHumanLocation,
  REGION_AIM_ZONE,
  type AimAt,
  type AimedStrike,
  type GoldAimZone,
} from "./aim";

/**
 * A d100 roll moved toward an inclusive range by up to `aap` points (seed 000 line 11): "as close
 * as possible", all the AAPs unless fewer reach the range. A roll inside the range uses none.
 */
export function shiftToward(
  roll: number,
  range: { from: number; to: number },
  aap: number,
): { roll: number; used: number } {
  if (roll < range.from) {
    const used = Math.min(aap, range.from - roll);
    return { roll: roll + used, used };
  }
  if (roll > range.to) {
    const used = Math.min(aap, roll - range.to);
    return { roll: roll - used, used };
  }
  return { roll, used: 0 };
}

/**
 * The rolls of an aimed strike beyond the location roll: the attacker's `face` and the new
 * `side` (only the attack is aimed: `attack.aimAt`).
 */
export const AIM_ROLLS = Object.freeze({ face: ATTACKER_ROLLS.face, side: "side" });

/** Whether the victim is struck on the human tables (no plan, or the human plan itself). */
function human(plan: Hm3BodyPlanInput | undefined): boolean {
  return !plan || isHumanPlan(plan);
}

/** The plan's location a target names (a face part aims at the face), or an error. */
function targetLocation(plan: Hm3BodyPlanInput, target: string, field: string) {
  const id = isFacePart(target) && isHumanPlan(plan) ? "face" : target;
  const loc = plan.locations.find((l) => l.id === id);
  if (!loc) {
    const ids = plan.locations.map((l) => l.id);
    if (isHumanPlan(plan)) ids.push("jaw", "eye", "cheek", "nose", "ear", "mouth");
    throw new InputError(
      field,
      target,
      `not a location of body plan ${plan.name} (expected one of ${ids.join(", ")})`,
    );
  }
  return loc;
}

/** What an aim names on the victim: zone, column, range, whether it has sides (rulings G2-G4). */
export interface AimTarget {
  zone: GoldAimZone;
  column: AimZone;
  range: Range;
  /** The face part's range on the face sub-table, for a face part aimed at. */
  faceRange: Range | null;
  /** Whether the target location (or face part) has a left and a right. */
  paired: boolean;
}

/**
 * Reads an aim against the victim's plan (the human plan when absent): the Aiming Zone (G2), the
 * column where the target location has the most points, ties to Mid, then High (G3), and its
 * range there. Errors name `field` (`attack.aimAt.location`).
 */
export function aimTarget(
  plan: Hm3BodyPlanInput | undefined,
  target: string,
  field = "attack.aimAt.location",
): AimTarget {
  const p = plan ?? HUMAN_BODY_PLAN;
  if (isFacePart(target) && !isHumanPlan(p))
    throw new InputError(
      field,
      target,
      `the face sub-table belongs to the human plan (ruling R17), not body plan ${p.name}`,
    );
  const loc = targetLocation(p, target, field);
  let column: AimZone | null = null;
  for (const zone of ["mid", "high", "low"] as const)
    if (loc.aim[zone] > 0 && (column === null || loc.aim[zone] > loc.aim[column])) column = zone;
  if (column === null)
    throw new InputError(
      field,
      target,
      `${loc.name} has no points in any aiming column of body plan ${p.name}: it cannot be aimed at`,
    );
  let before = 0;
  for (const l of p.locations) {
    if (l === loc) break;
    before += l.aim[column];
  }
  const range = { from: before + 1, to: before + loc.aim[column] };
  const face = isFacePart(target) ? FACE_TABLE.find((f) => f.part === target)! : null;
  const zone =
    face || isHumanLocation(loc.id)
      ? HUMAN_AIM_ZONE[face ? "face" : (loc.id as keyof typeof HUMAN_AIM_ZONE)]
      : (REGION_AIM_ZONE[loc.region] ?? "body");
  return {
    zone,
    column,
    range,
    faceRange: face ? { from: face.range.from, to: face.range.to } : null,
    paired: face ? face.paired : loc.paired,
  };
}

/** The column an aimed attack's location roll is made in (ruling G3). */
export function aimColumn(plan: Hm3BodyPlanInput | undefined, target: string): AimZone {
  return aimTarget(plan, target).column;
}

/** An aimed strike's location, face part and record, as `deliverStrike` uses them. */
export interface AimedHit {
  loc: HumanStrike | PlanStrike;
  face: string | null;
  faceRoll: number | null;
  aimed: AimedStrike;
}

/** The side roll is read only through whether it keeps the chosen side (01-95, ruling G6). */
const SIDE_CLASS: RollClassifier = (roll) => roll <= GOLD_SIDE_CHANCE;

const opposite = (s: "left" | "right"): "left" | "right" => (s === "left" ? "right" : "left");

/**
 * The class hint of an aimed strike's location roll (src/core/dice.ts `RollClassifier`): what
 * `aimedHit` reads of the raw roll, the location the moved roll hits and, where that location is
 * paired and no side was chosen, the raw roll's parity (its side). The moved roll and the AAPs
 * used are the roll's own record. A closure (the target and plan differ per attack).
 */
export function aimedLocationHint(
  aimAt: AimAt,
  plan: Hm3BodyPlanInput | undefined,
): RollClassifier {
  const t = aimTarget(plan, aimAt.location);
  return (roll) => {
    const moved = shiftToward(roll, t.range, aimAt.aap).roll;
    let location: string;
    let paired: boolean;
    if (human(plan)) {
      const at = humanStrike(t.column, moved);
      location = at.location;
      paired = isPaired(at.location);
    } else {
      const at = planStrikeLocation(plan!, t.column, moved);
      location = at.location;
      paired = at.sided !== at.location;
    }
    return paired && !aimAt.side ? `${location}:${sideOf(roll)}` : location;
  };
}

/**
 * Where an aimed strike lands (seed 000 lines 9, 11; rulings G3-G6): the raw location roll moved
 * by the AAPs toward the target's range in its column; on the face with a face part aimed at, the
 * face roll (`faceName`) moved the same way by all the AAPs again (Example 2, line 15). A paired
 * location (or face part) struck takes its side from the `sideName` roll when a side was chosen
 * (01-95 the chosen side, line 9), else from the raw roll's parity as unaimed (seed 003 lines
 * 116-117), so the AAPs never choose a side.
 */
export function aimedHit(
  dice: Dice,
  names: { face: string; side: string },
  aimAt: AimAt,
  plan: Hm3BodyPlanInput | undefined,
  locationRoll: number,
): AimedHit {
  const t = aimTarget(plan, aimAt.location);
  const moved = shiftToward(locationRoll, t.range, aimAt.aap);
  const aimed: AimedStrike = {
    target: aimAt.location,
    side: aimAt.side,
    zone: t.zone,
    column: t.column,
    aap: aimAt.aap,
    range: { from: t.range.from, to: t.range.to },
    locationRoll: moved.roll,
    locationAap: moved.used,
    face: null,
    sideRoll: null,
    sideKept: null,
  };
  const sideOfPaired = (rawRoll: number): "left" | "right" => {
    if (!aimAt.side) return sideOf(rawRoll);
    const roll = rollOne(dice, names.side, 100, SIDE_CLASS);
    aimed.sideRoll = roll;
    aimed.sideKept = roll <= GOLD_SIDE_CHANCE;
    return aimed.sideKept ? aimAt.side : opposite(aimAt.side);
  };

  if (human(plan)) {
    const at = humanStrike(t.column, moved.roll);
    const sided = isPaired(at.location)
      ? `${sideOfPaired(locationRoll)}-${at.location}`
      : at.location;
    const loc = sided === at.sided ? at : humanStrikeAt(at.location, sided);
    if (loc.location !== "face") return { loc, face: null, faceRoll: null, aimed };
    // The face sub-table (seed 003 lines 112-114), aimed at a face part or not.
    const faceRoll = rollOne(dice, names.face, 100);
    let partRoll = faceRoll;
    if (t.faceRange) {
      const f = shiftToward(faceRoll, t.faceRange, aimAt.aap);
      aimed.face = { range: { ...t.faceRange }, roll: f.roll, aap: f.used };
      partRoll = f.roll;
    }
    const part = facePart(partRoll);
    const bare = part.replace(/^(left|right)-/, "");
    const face = part === bare ? part : `${sideOfPaired(faceRoll)}-${bare}`;
    return { loc, face, faceRoll, aimed };
  }
  const at = planStrikeLocation(plan!, t.column, moved.roll);
  const paired = at.sided !== at.location;
  const loc = paired ? { ...at, sided: `${sideOfPaired(locationRoll)}-${at.location}` } : at;
  return { loc, face: null, faceRoll: null, aimed };
}
