/**
 * Close combat in the m2m attack dialog (seed 004 ch. 6, L2653–2821; spec §11; the flow's
 * rules are src/rules/m2m/close-flow.ts, rulings M120–M121). Against a foe he is not in close
 * combat with, each mode of a legal close-combat weapon (reach C: knives and daggers, L2659) is
 * offered once more from the hand the item is held in, stepping into the foe's hex
 * (`<mode>:enter` or `<mode>:off:enter`, Step and Attack or
 * All-Out Attack, the world's close combat rule; the flow refuses it otherwise, naming why).
 * In close combat with the defender (each fight block names the other) only legal weapons are
 * offered, the others marked why not. Pure.
 */
import { fightId } from "../tactics";
import type { AttackOption, FighterSnapshot } from "../../../../core/combat";
import { InputError } from "../../../../core/errors";
import { inCloseCombat, legalCloseWeapon } from "../../../../rules/m2m/close-flow";
import { parseFighterBlock } from "../../../../rules/m2m/flow";
import { readFight } from "../fight";

export const CLOSE_KEYS = Object.freeze({
  enterSw: "BLOWBYBLOW.M2M.Combat.Enter.sw",
  enterThr: "BLOWBYBLOW.M2M.Combat.Enter.thr",
  notClose: "BLOWBYBLOW.M2M.Combat.Unavailable.notClose",
});

const ENTER = ":enter";

/** The mode id of `mode` stepping into the foe's hex. */
export const enterMode = (mode: string): string => `${mode}${ENTER}`;

/** The requested mode without `:enter`, and whether it enters close combat. */
export function readCloseMode(mode: string): { mode: string; enter: boolean } {
  if (!mode.endsWith(ENTER)) return { mode, enter: false };
  const base = mode.slice(0, -ENTER.length);
  if (base === "") throw new InputError("mode", mode, "names no attack mode before ':enter'");
  return { mode: base, enter: true };
}

/** Whether the two fighters' fight blocks name each other (the id is the snapshot's name). */
export function snapshotsInClose(a: FighterSnapshot, d: FighterSnapshot | null): boolean {
  if (!d) return false;
  const ba = readFight(a);
  const bd = readFight(d);
  if (!ba || !bd) return false;
  return inCloseCombat(
    { id: fightId(a), shieldPd: 0, state: parseFighterBlock(ba).state },
    { id: fightId(d), shieldPd: 0, state: parseFighterBlock(bd).state },
  );
}

/**
 * The option with close combat's modes: in close combat, unavailable unless legal; else a legal
 * weapon's main-hand modes get their entering twins (`base` labels them).
 */
export function withClose(
  option: AttackOption,
  table: string | undefined,
  inClose: boolean,
  base: (id: string) => "sw" | "thr" | "ranged",
  heldOff = false,
): AttackOption {
  const legal = option.kind === "melee" && legalCloseWeapon(table);
  if (inClose)
    return legal || option.unavailableKey
      ? option
      : { ...option, unavailableKey: CLOSE_KEYS.notClose };
  if (!legal) return option;
  // From the hand the item is held in (its off-hand twin when held off): the breakdown shows
  // the hand's −4.
  const entering = option.modes
    .filter((m) => m.id.endsWith(":off") === heldOff)
    .map((m) => ({
      ...m,
      id: enterMode(m.id),
      labelKey: base(m.id.replace(/:off$/, "")) === "sw" ? CLOSE_KEYS.enterSw : CLOSE_KEYS.enterThr,
    }));
  return { ...option, modes: [...option.modes, ...entering] };
}
