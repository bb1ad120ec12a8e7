/**
 * Throwing a hand weapon in the m2m attack dialog (seed 004 L1852–1860, L2839–2841, L4392–4401;
 * spec §3.2, §12.1, C6, C9; ruling M131). A hand weapon the Ranged Weapon Table lists as thrown
 * (../thrown.ts: knives, dagger, hatchet, throwing axe, javelin, spear) gets one more mode,
 * `throw`, labelled: declared as a `thrown` attack (block and parry allowed, C9) at its throwing
 * skill (Knife, Axe or Spear Throwing: the sheet's level, or its default DX−4 listed by the
 * gear), with the table's thrown damage (C6) and its ranges, point blank and half damage from
 * the map (./geometry.ts as for a thrown missile item). It is thrown from the main hand. After
 * the throw the weapon lies on the ground (the flow, L1860, L1906). Pure.
 */
import type { AttackOption, FighterItem } from "../../../../core/combat";
import { InputError } from "../../../../core/errors";
import { formatDamageExpr } from "../../../../rules/m2m/damage";
import type { M2mActorDerived } from "../character-input";
import { rangedAttack } from "../item-convert";
import type { M2mMissileBlock, M2mWeaponBlock } from "../item-data";
import { thrownBlock } from "../thrown";

type Obj = Record<string, unknown>;

/** The throw's mode id. */
export const THROW_MODE = "throw";

export const THROW_KEYS = Object.freeze({
  mode: "BLOWBYBLOW.M2M.Combat.Throw.mode",
});

/** The thrown missile block of a hand-weapon item that can be thrown, or null. */
export function throwOf(item: FighterItem | undefined): M2mMissileBlock | null {
  if (item?.type !== "weapon") return null;
  const b = item.system.m2m as M2mWeaponBlock | undefined;
  return b && Array.isArray(b.modes) ? thrownBlock(b) : null;
}

/** The item as the map reads a thrown missile (./geometry.ts: kind, ranges, default skill). */
export function asThrownItem(item: FighterItem, block: M2mMissileBlock): FighterItem {
  return { ...item, type: "missile", system: { ...item.system, m2m: block } };
}

/** The option with its throw mode, when the item can be thrown and the fighter has the skill. */
export function withThrow(
  option: AttackOption,
  item: FighterItem | undefined,
  d: M2mActorDerived,
  inClose: boolean,
): AttackOption {
  const block = throwOf(item);
  if (!block || inClose || option.unavailableKey) return option;
  if (d.character.skills[block.skill] === undefined) return option;
  return {
    ...option,
    modes: [...option.modes, { id: THROW_MODE, labelKey: THROW_KEYS.mode, impact: 0 }],
  };
}

/**
 * The attacker's flow weapons with the throw's mode on `item`: its throwing skill's effective
 * level and the thrown damage for his ST. Throws an InputError on `mode` when he cannot throw it.
 */
export function withThrowMode(
  weapons: Obj[],
  item: FighterItem,
  d: M2mActorDerived,
): { weapons: Obj[]; block: M2mMissileBlock } {
  const block = throwOf(item);
  if (!block)
    throw new InputError("mode", THROW_MODE, `${item.name} cannot be thrown (L4392–4401)`);
  const level = d.character.skills[block.skill]?.effective.value;
  const attack = rangedAttack(block, d.character.attributes.st).attack;
  if (level === undefined || !attack)
    throw new InputError("mode", THROW_MODE, `no ${block.skill} level to throw ${item.name}`);
  if (!weapons.some((w) => w.id === item.id))
    throw new InputError("itemId", item.id, "is not one of the attacker's ready weapons");
  const mode = { skill: level, damage: formatDamageExpr(attack.damage), type: attack.type };
  return {
    block,
    weapons: weapons.map((w) =>
      w.id === item.id ? { ...w, modes: { ...(w.modes as Obj), [THROW_MODE]: mode } } : w,
    ),
  };
}
