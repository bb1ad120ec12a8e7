/**
 * HârnMaster Gold weapon reach in play (seed 000 lines 368-372; rulings G68, G28, G29): what
 * the hm3 combat rules (src/rules/hm3/combat.ts) ask of turns-reach.ts.
 *
 * - An attack: with `weaponReach` on, a Long Reach weapon (item `system.hm3.longReach`) cannot
 *   attack a defender 1 hex away or less; with `naturalReach` a Tiny or Very Small attacker
 *   (actor `system.hm3.sizeClass`, absent: medium) cannot attack an adjacent foe.
 * - A defence: the attack's distance and whether the attacker's weapon is Long Reach go into
 *   the exchange's `rules.reach`; a Long Reach weapon cannot Block an attack from an adjacent
 *   hex unless the attacker's weapon is Long Reach too (G68), and a Counterstrike is an attack
 *   into the attacker's hex, so the defender's zone must reach it (G28).
 * - An unknown distance (null) is never refused (G68, G29).
 */
import { InputError } from "../../../core/errors";
import type { FighterItem, FighterSnapshot } from "../../../core/combat";
import { goldOn, type GoldOptions } from "./options";
import { SIZE_CLASS_IDS } from "./impact-size";
import {
  attackOutOfReach,
  engagementZone,
  longReachBlock,
  REACH_KEYS,
  type ReachFigures,
  type ReachSize,
} from "./turns-reach";

type Options = Readonly<Partial<GoldOptions>> | Readonly<Record<string, boolean>>;

/** What the exchange keeps for the defence (`rules.reach`), while weapon reach is on. */
export interface ReachRules {
  /** The attack's distance in hexes (the attack's `situation.distance`); null: unknown. */
  distance: number | null;
  /** The attacker's weapon is Long Reach. */
  longReach: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function hm3Of(system: unknown): Record<string, unknown> {
  return isRecord(system) && isRecord(system.hm3) ? system.hm3 : {};
}

/** The reach figures of a fighter with one of its items (no length is stored: null). */
export function reachFigures(fighter: FighterSnapshot, item: FighterItem | null): ReachFigures {
  const size = hm3Of(fighter.system).sizeClass;
  return {
    longReach: item ? hm3Of(item.system).longReach === true : false,
    lengthFt: null,
    ...((SIZE_CLASS_IDS as readonly unknown[]).includes(size) ? { size: size as ReachSize } : {}),
  };
}

/**
 * Why a melee attack with `item` at `distance` hexes is out of reach (a lang key), or
 * undefined: never while `weaponReach` is off, never for a missile, never at an unknown distance.
 */
export function attackReachKey(
  attacker: FighterSnapshot,
  item: FighterItem,
  kind: "melee" | "missile",
  distance: number | null,
  options: Options,
): string | undefined {
  if (kind !== "melee" || !goldOn(options, "weaponReach")) return undefined;
  const zone = engagementZone(reachFigures(attacker, item), options);
  return attackOutOfReach(zone, distance) ?? undefined;
}

const REASONS: Readonly<Record<string, string>> = Object.freeze({
  [REACH_KEYS.tooClose]:
    "a Long Reach weapon cannot reach an adjacent hex (HârnMaster Gold weapon reach, ruling G68)",
  [REACH_KEYS.tooFar]:
    "the foe is beyond this weapon's reach (HârnMaster Gold weapon reach, ruling G68)",
  [REACH_KEYS.noZone]:
    "a Tiny or Very Small creature has no Engagement Zone: it cannot attack an adjacent hex (HârnMaster Gold natural reach, ruling G68)",
});

/** The input error's reason for a reach key (REACH_KEYS), or null for any other key. */
export function reachReason(key: string): string | null {
  return REASONS[key] ?? null;
}

/** `rules.reach` for the exchange while weapon reach is on, else nothing. */
export function reachRules(
  attacker: FighterSnapshot,
  item: FighterItem,
  kind: "melee" | "missile",
  distance: number | null,
  options: Options,
): { reach?: ReachRules } {
  if (!goldOn(options, "weaponReach")) return {};
  return {
    reach: { distance, longReach: kind === "melee" && reachFigures(attacker, item).longReach },
  };
}

/** The exchange's `rules.reach`, checked; null when absent (weapon reach was off). */
export function readReachRules(rules: Record<string, unknown>): ReachRules | null {
  const r = rules.reach;
  if (r === undefined) return null;
  if (!isRecord(r)) throw new InputError("rules.reach", r, "expected { distance, longReach }");
  const d = r.distance;
  if (d !== null && (typeof d !== "number" || !Number.isFinite(d) || d < 0))
    throw new InputError("rules.reach.distance", d, "expected a distance of 0 or more, or null");
  if (typeof r.longReach !== "boolean")
    throw new InputError("rules.reach.longReach", r.longReach, "expected true or false");
  return { distance: d, longReach: r.longReach };
}

/**
 * Why the defender cannot Block or Counterstrike with `item` against a melee attack (a lang
 * key), or null. Block: a Long Reach weapon not from an adjacent hex, at 2 hexes only against
 * another Long Reach weapon (G68). Counterstrike: the defender's zone must reach the attacker
 * (G28). A shield is no Long Reach weapon.
 */
export function defenceReachKey(
  kind: "block" | "counterstrike",
  defender: FighterSnapshot,
  item: FighterItem,
  attackType: "melee" | "missile",
  reach: ReachRules | null,
  options: Options,
): string | null {
  if (!reach || attackType !== "melee" || !goldOn(options, "weaponReach")) return null;
  const figures = reachFigures(defender, item);
  if (kind === "block") return longReachBlock(figures, reach.longReach, reach.distance, options);
  return attackOutOfReach(engagementZone(figures, options), reach.distance);
}
