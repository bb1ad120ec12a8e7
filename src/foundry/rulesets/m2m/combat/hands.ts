/**
 * The hand an m2m attack is made with, in the attack dialog (seed 004 L518–528; spec §2.4,
 * §5.2): each one-handed mode is offered twice, in the main hand (`<mode>`) and in the off hand
 * (`<mode>:off`, labelled with the −4, L524), a two-handed mode once, the hand the item's
 * `held` field names first (a shield in the off hand has no penalty); the request's mode is
 * read back into the flow's mode and `attack.hand`. Ambidextrousness (L526–528) is the actor's
 * advantage as the sheet derives it. Pure.
 */
import type { AttackOption } from "../../../../core/combat";
import { InputError } from "../../../../core/errors";
import type { Hand } from "../../../../rules/m2m/hands";
import type { M2mActorDerived } from "../character-input";

/** The off-hand modes' labels, by the mode's damage base. */
export const OFF_HAND_MODE_LABEL = Object.freeze({
  sw: "BLOWBYBLOW.M2M.Combat.OffHand.sw",
  thr: "BLOWBYBLOW.M2M.Combat.OffHand.thr",
  ranged: "BLOWBYBLOW.M2M.Combat.OffHand.ranged",
});

const OFF = ":off";

/** The mode id of `mode` made in the off hand. */
export const offHandMode = (mode: string): string => `${mode}${OFF}`;

/** The flow's mode and hand of a requested mode id (`0`, `0:off`). */
export function readHandMode(mode: string): { mode: string; hand: Hand } {
  if (!mode.endsWith(OFF)) return { mode, hand: "main" };
  const base = mode.slice(0, -OFF.length);
  if (base === "") throw new InputError("mode", mode, "names no attack mode before ':off'");
  return { mode: base, hand: "off" };
}

/**
 * The modes with their off-hand twins: a mode of `hands` 2 has none. The hand the item is held
 * in comes first (`heldOff`: the item's `held` is the off hand), so the dialog starts there.
 * `base` gives each mode's damage base for its label.
 */
export function withOffHand(
  modes: AttackOption["modes"],
  hands: (id: string) => 1 | 2,
  base: (id: string) => keyof typeof OFF_HAND_MODE_LABEL,
  heldOff = false,
): AttackOption["modes"] {
  return modes.flatMap((m) => {
    if (hands(m.id) !== 1) return [m];
    const off = { ...m, id: offHandMode(m.id), labelKey: OFF_HAND_MODE_LABEL[base(m.id)] };
    return heldOff ? [off, m] : [m, off];
  });
}

/** Whether the item is held in the off hand (the ruleset-free `held` field of the item). */
export function heldOff(item: { system: Record<string, unknown> } | undefined): boolean {
  return item?.system.held === "off";
}

/** Whether the fighter has Ambidextrousness (L526–528). */
export function ambidextrous(d: M2mActorDerived): boolean {
  return d.character.advantages.some((a) => a.id === "ambidextrousness" && a.level > 0);
}
