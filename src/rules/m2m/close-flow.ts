/**
 * Close combat in the flow with turn state (issue 17; seed 004 ch. 6, L2653–2821; spec §11;
 * the engine's data and contests are in close.ts; rulings M120–M121). A fighter's state block
 * names the foe he is in close combat with (`close: { foe, since }`); two fighters are in close
 * combat when each block names the other (a one-sided entry is stale: the other has left).
 *
 * - Entering (L2677–2679): an attack declared with `attack.enter`, under Step and Attack or
 *   All-Out Attack, with the world's close combat rules (`options.closeCombat`); under Move the
 *   entry is an evade or a slam, not an attack. After the exchange both blocks name each other.
 * - In close combat (L2659–2671, L2697, L2805): only a legal close-combat weapon (reach C:
 *   knives and daggers) or bare hands; a weapon is −2, a shield −PD on every attack but the
 *   entering one; All-Out Attack, All-Out Defence, Feint, Aim, Concentrate and Wait are refused.
 *   The defender defends against a `close-combat` attack (defence.ts: Dodge, or a Judo or
 *   Karate parry; dodge and retreat unless held, L2811–2813).
 * - Striking into a close combat from outside (L2775–2781): −2, the target may only dodge
 *   (an `into-close-combat` attack).
 * - Leaving: a successful or failed dodge-and-retreat backs the defender out on his side
 *   (L2813); a Move maneuver walks out on his own side (L2681: only the foe's side needs an
 *   evade). Grapple, takedown, pin, break free, slam and evade are contests (close.ts) the
 *   flow does not yet play.
 */
import { InputError } from "../../core/errors";
import type { Modifier } from "../../core/modifiers";
import {
  CLOSE_COMBAT_FORBIDDEN,
  closeCombatModifiers,
  ENTERING_MANEUVERS,
  strikeIntoCloseCombat,
} from "./close";
import type { AttackKind } from "./defence";
import { getHandWeapon } from "./equipment";
import type { ManeuverId } from "./maneuvers";

/** The close-combat part of a fighter's block. */
export interface CloseState {
  /** The foe's id (the flow fighter's id). */
  foe: string;
  /** His turn when it began. */
  since: number;
}

interface Side {
  id: string;
  shieldPd: number;
  state: { close?: CloseState | null; maneuver: ManeuverId | null; turn: number };
}

interface Decl {
  attacker: Side;
  defender: Side;
  attack: { kind: AttackKind; enter: boolean; weapon: string };
  options: { closeCombat: boolean };
}

/** Whether `a` and `b` are in close combat: each block names the other. */
export function inCloseCombat(a: Side, b: Side): boolean {
  return a.state.close?.foe === b.id && b.state.close?.foe === a.id;
}

/** The close-combat relation of an attack: entering, in close combat, striking into one, or none. */
export type CloseRelation = "enter" | "close" | "into" | null;

export function closeRelation(d: Decl): CloseRelation {
  if (d.attack.enter) return "enter";
  if (inCloseCombat(d.attacker, d.defender)) return "close";
  const foe = d.defender.state.close?.foe;
  if (foe !== undefined && foe !== d.attacker.id) return "into";
  return null;
}

/** The attack kind the defender defends against (defence.ts §6.4 rows). */
export function closeDefenceKind(d: Decl): AttackKind {
  const r = closeRelation(d);
  if (r === "enter" || r === "close") return "close-combat";
  if (r === "into") return "into-close-combat";
  return d.attack.kind;
}

/** A legal close-combat weapon (L2659–2661): one the hand weapon table gives a reach of C. */
export function legalCloseWeapon(table: string | undefined): boolean {
  if (!table) return false;
  return getHandWeapon(table).attacks.some((a) => a.reach.includes("C"));
}

const src = (lines: string) => `seed 004 ${lines}; m2m-spec §11`;

/**
 * The close-combat checks of an attack and its modifiers, itemised (L2659–2679, L2697, L2779,
 * L2805): throws an `InputError` naming the field for an attack close combat forbids.
 */
export function closeAttackModifiers(d: Decl, weaponTable: string | undefined): Modifier[] {
  const r = closeRelation(d);
  const a = d.attacker.state;
  if (r === "enter") {
    if (!d.options.closeCombat)
      throw new InputError(
        "attack.enter",
        true,
        "this world does not play close combat (the GM's setting, seed 004 ch. 6)",
      );
    if (inCloseCombat(d.attacker, d.defender))
      throw new InputError("attack.enter", true, "he is already in close combat with this foe");
    // Move allows no attack at all (flow.ts refuses it first): its entry is an evade or a slam.
    const how = a.maneuver === null ? undefined : ENTERING_MANEUVERS[a.maneuver];
    if (how !== "attack")
      throw new InputError(
        "attacker.state.maneuver",
        a.maneuver,
        "only Step and Attack or All-Out Attack step into a foe's hex to attack (L2677)",
      );
  }
  if (r === "enter" || r === "close") {
    if (r === "close" && a.maneuver !== null && CLOSE_COMBAT_FORBIDDEN.includes(a.maneuver))
      throw new InputError(
        "attacker.state.maneuver",
        a.maneuver,
        "not possible in close combat (L2805)",
      );
    if (d.attack.kind === "unarmed") return closeCombatModifiers("bare-hands", shield(d, r));
    if (!["melee", "flail"].includes(d.attack.kind) || !legalCloseWeapon(weaponTable))
      throw new InputError(
        "attack.weapon",
        d.attack.weapon,
        "is not a close-combat weapon: knives and daggers, brass knuckles, small items (L2659-2661)",
      );
    return closeCombatModifiers("weapon", shield(d, r)).map((m) => ({
      ...m,
      key: `attack.${m.key}`,
      source: src(m.key === "closeCombatWeapon" ? "L2663, L2697" : "L2671"),
    }));
  }
  if (r === "into")
    return strikeIntoCloseCombat().modifiers.map((m) => ({ ...m, key: `attack.${m.key}` }));
  return [];
}

function shield(d: Decl, r: CloseRelation) {
  return { shieldPd: d.attacker.shieldPd, entering: r === "enter" };
}

/**
 * Refuses a maneuver close combat forbids (L2805) while his block names a foe. (The foe may have
 * left without his block knowing: the GM clears it, or his next exchange with that foe does.)
 */
export function checkCloseManeuver(state: { close?: CloseState | null }, id: ManeuverId): void {
  if (state.close && CLOSE_COMBAT_FORBIDDEN.includes(id))
    throw new InputError("maneuver", id, "not possible in close combat (L2805)");
}

/**
 * A side's close combat after an exchange: entering or in close combat, each names the other,
 * unless the defender backed out with a dodge and retreat (L2813); striking into a close combat
 * leaves it as it was; an attack between two fighters not in close combat clears a stale entry
 * naming the other.
 */
export function closeAfter(
  side: "attacker" | "defender",
  d: Decl,
  retreated: boolean,
): CloseState | null {
  const me = side === "attacker" ? d.attacker : d.defender;
  const other = side === "attacker" ? d.defender : d.attacker;
  const r = closeRelation(d);
  const was = me.state.close ?? null;
  if (r === "enter" || r === "close") {
    if (retreated) return null;
    return was?.foe === other.id ? was : { foe: other.id, since: me.state.turn };
  }
  if (was?.foe === other.id) return null;
  return was;
}
