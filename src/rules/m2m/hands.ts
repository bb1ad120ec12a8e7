/**
 * The hand that holds a weapon (seed 004 L518–528; spec §2.4 and §5.2; "Lnnn" is a seed line).
 * "An ordinary character is assumed to be right-handed" (L522); left-handedness costs nothing
 * and mirrors the weapon and shield sides (L522, L1976). A weapon used in the "off" hand is at
 * −4 to skill, and so to Parry, which is derived from the reduced skill: half of skill −4 is
 * "only" −2 (L524). A shield in the off hand has no penalty (L524). Ambidextrousness removes the
 * penalty (L526–528). A two-handed attack is made with both hands: no off hand. Pure data and
 * functions.
 */
import { readBoolean, readEnum, readNumber } from "../../core/errors";
import type { Modifier } from "../../core/modifiers";
import { OFF_HAND_PENALTY, parryScore } from "./character";
import type { HitLocation } from "./types";

export const HANDS = ["main", "off"] as const;
export type Hand = (typeof HANDS)[number];

const SRC = "seed 004 L524; m2m-spec §2.4, §5.2";

export interface HandContext {
  /** Ambidextrousness (L526–528): both hands with equal skill. */
  ambidextrous?: boolean;
  /** The attack (or parry) needs both hands: no off hand. */
  twoHanded?: boolean;
}

/** Whether the off-hand penalty applies: a one-handed weapon in the off hand, not ambidextrous. */
export function offHandApplies(hand: Hand, ctx: HandContext = {}): boolean {
  const h = readEnum(hand, "hand", HANDS);
  return (
    h === "off" &&
    !readBoolean(ctx.ambidextrous, "ambidextrous", false) &&
    !readBoolean(ctx.twoHanded, "twoHanded", false)
  );
}

/** The attack's off-hand modifier (L524): −4, or nothing (main hand, ambidextrous, two hands). */
export function offHandAttackModifiers(hand: Hand, ctx: HandContext = {}): Modifier[] {
  return offHandApplies(hand, ctx)
    ? [{ key: "attack.offHand", value: OFF_HAND_PENALTY, source: SRC }]
    : [];
}

/**
 * The parry's off-hand modifier (L524): the Parry of the skill −4 less the Parry of the skill
 * (−2 for a weapon's half-skill Parry, −2 or −3 for a fencing weapon's two-thirds), or nothing.
 */
export function offHandParryModifiers(
  hand: Hand,
  skill: number,
  ctx: HandContext & { fencing?: boolean } = {},
): Modifier[] {
  if (!offHandApplies(hand, ctx)) return [];
  const s = readNumber(skill, "skill", { integer: true, min: -100, max: 100 });
  const kind = readBoolean(ctx.fencing, "fencing", false) ? "fencing" : "weapon";
  const value = parryScore(s + OFF_HAND_PENALTY, kind) - parryScore(s, kind);
  return value === 0 ? [] : [{ key: "defence.offHand", value, source: SRC }];
}

/**
 * The arm and hand that hold a weapon (L522, L1976): the main hand is the right for a
 * right-handed fighter, the left for a left-hander; the off hand the other.
 */
export function weaponArm(hand: Hand, leftHanded = false): [HitLocation, HitLocation] {
  const h = readEnum(hand, "hand", HANDS);
  const left = readBoolean(leftHanded, "leftHanded") !== (h === "off");
  return left ? ["left-arm", "left-hand"] : ["right-arm", "right-hand"];
}
