/**
 * Left-handed fighters in the Foundry m2m flow (seed 004 L522: "An ordinary character is assumed
 * to be right-handed … left-handed … costs no points"; L1976; ruling M132). The actor's
 * `system.m2m.leftHanded` (false when absent: an actor stored before schema 6) goes to the flow
 * fighter's `leftHanded`, so the main hand, and the arm whose crippling stops and drops its
 * weapons, are the left (src/rules/m2m/hands.ts `weaponArm`). Facing mirrors too: for a
 * left-handed defender the right arc is his shield side and the left arc his weapon side
 * (L1976, L2384, L2398). Pure.
 */
import type { FighterSnapshot } from "../../../../core/combat";
import type { FromHex } from "../../../../rules/m2m/defence";

/** Whether the actor is left-handed: its block's `leftHanded` is true; anything else: right-handed. */
export function isLeftHanded(f: Pick<FighterSnapshot, "system">): boolean {
  const block = f.system.m2m;
  return (
    typeof block === "object" &&
    block !== null &&
    (block as Record<string, unknown>).leftHanded === true
  );
}

/** The hex an attack comes from, as a defender of that hand sees it (L1976): sides swap for a left-hander. */
export function sideForHand(fromHex: FromHex, leftHanded: boolean): FromHex {
  if (!leftHanded) return fromHex;
  if (fromHex === "weapon-side") return "shield-side";
  if (fromHex === "shield-side") return "weapon-side";
  return fromHex;
}
