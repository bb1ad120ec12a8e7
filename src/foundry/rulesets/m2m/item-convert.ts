/**
 * From an item's `system.m2m` block (./item-data.ts) to the engine's own types: the table
 * entries (`HandWeapon` per technique, `RangedWeapon`, `Shield`, `ArmourSuit`, `ArmourPiece`),
 * what `deriveCharacter` takes (`ShieldInput`, `ArmourInput`, `ArmourPieceInput`), and what an exchange needs of a
 * weapon (`M2mAttack`'s damage, type and breakage; a ranged weapon's ranges for a ST) and of
 * armour (PD and DR per hit location). Computed by the engine's functions (`weaponDamage`,
 * `rangeYards`); the block's own values are used, so a home-made item converts as a table item
 * does. A block is expected to have passed ./item-validate.ts; what a conversion cannot do
 * (an improvised shield whose PD the GM has not set, a mode that does not exist) is an
 * `InputError` naming the field. Pure.
 */
import { InputError } from "../../../core/errors";
import type { ShieldInput, ArmourInput } from "../../../rules/m2m/character";
import type { ArmourPieceInput } from "../../../rules/m2m/worn-armour";
import { weaponDamage } from "../../../rules/m2m/damage";
import {
  ARMOUR_LOCATION_HITS,
  ARMOUR_PIECES,
  CHAINMAIL_UNPADDED,
  rangeYards,
  SHIELDS,
  WEAPON_QUALITY,
  type ArmourLayer,
  type ArmourPiece,
  type ArmourSuit,
  type HandWeapon,
  type HandWeaponAttack,
  type RangedRanges,
  type RangedWeapon,
  type Reach,
  type Shield,
} from "../../../rules/m2m/equipment";
import type { M2mAttack } from "../../../rules/m2m/exchange";
import type { DamageExpr, DamageType, HitLocation } from "../../../rules/m2m/types";
import type {
  M2mArmourBlock,
  M2mMeleeMode,
  M2mMissileBlock,
  M2mWeaponBlock,
  StoredReach,
} from "./item-data";

const expr = (e: DamageExpr | null): DamageExpr | null =>
  e ? { dice: e.dice, adds: e.adds } : null;
const reach = (r: StoredReach): Reach => (r === "C" ? "C" : (Number(r) as 1 | 2 | 3));

// ── Table entries ────────────────────────────────────────────────────────────────────────────

/**
 * The engine's `HandWeapon` rows of a weapon block, one per technique (modes grouped by
 * `technique`, in order; a home-made weapon's modes without a technique form one row with the
 * item's `ref`). `name` is the item's name; `line` is 0 (no seed line for an item).
 */
export function toHandWeapons(name: string, block: M2mWeaponBlock): HandWeapon[] {
  const groups = new Map<string, M2mMeleeMode[]>();
  for (const m of block.modes) {
    const key = m.technique || block.ref;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups].map(([id, modes]): HandWeapon => {
    const first = modes[0]!;
    const twoHanded = modes.every((m) => m.hands === 2);
    return {
      id,
      item: block.ref,
      name,
      skill: first.skill,
      cost: block.cost ?? 0,
      weight: block.weight ?? 0,
      minST: first.minST,
      twoHanded,
      grip: first.grip,
      unreadyOnParry: first.unreadyOnParry,
      fencing: first.fencing,
      flail: first.flail,
      polearm: first.polearm,
      breakResistant: block.breakResistant,
      qualityClass: block.qualityClass,
      note: null,
      line: 0,
      attacks: modes.map(
        (m): HandWeaponAttack => ({
          id: m.attack || `${m.base === "sw" ? "swing" : "thrust"}-${m.type}`,
          base: m.base,
          type: m.type,
          mod: m.mod,
          reach: m.reach.map(reach),
          readyAfter: m.readyAfter,
          md: expr(m.md),
          hands: m.hands,
          throwable: m.throwable,
          mayStick: m.mayStick,
        }),
      ),
    };
  });
}

/** The engine's `RangedWeapon` of a missile block (`line` 0, no note). */
export function toRangedWeapon(name: string, block: M2mMissileBlock): RangedWeapon {
  return {
    id: block.ref,
    name,
    skill: block.skill,
    kind: block.kind,
    damage: block.damage
      ? {
          type: block.damage.type,
          base: block.damage.base,
          mod: block.damage.mod,
          md: expr(block.damage.md),
        }
      : null,
    pb: block.pb,
    inc: { ...block.increment },
    half: block.half ? { ...block.half } : null,
    max: { ...block.max },
    usesBowST: block.usesBowST,
    cost: block.cost,
    costPerShot: block.costPerShot,
    weight: block.weight,
    minST: block.minST,
    hands: block.hands ? { ...block.hands } : null,
    reloadTurns: block.reloadTurns,
    note: null,
    line: 0,
  };
}

function shieldOf(block: M2mWeaponBlock, field: string): NonNullable<M2mWeaponBlock["shield"]> {
  if (!block.shield) throw new InputError(field, null, "this weapon is not a shield");
  return block.shield;
}

/** The engine's `Shield` of a shield block (the size's skill and parry effects, L1098). */
export function toShield(name: string, block: M2mWeaponBlock, field = "system.m2m.shield"): Shield {
  const s = shieldOf(block, field);
  const size = SHIELDS.find((t) => t.id === s.size)!;
  return {
    id: s.size,
    name,
    pd: s.pd,
    pdChoices: s.pd === null ? [...size.pdChoices] : [s.pd],
    cost: block.cost,
    weight: block.weight,
    hits: s.hits ? { ...s.hits } : null,
    dr: s.dr,
    weaponSkillMod: size.weaponSkillMod,
    parryMod: size.parryMod,
    line: 0,
  };
}

const uniform = (block: M2mArmourBlock) => {
  const first = block.locations[0];
  return {
    pd: first?.pd ?? 0,
    dr: first?.dr ?? 0,
    pdVsImp: first?.pdVsImpaling ?? 0,
    drVsImp: first?.drVsImpaling ?? 0,
  };
};

/**
 * How a piece layers with others (L1166–1170; ruling M95): the Armor Table's own for a table
 * piece (`ref`); a home-made piece that takes an underlay (`underlay`) is plate, any other plain.
 */
export function armourLayer(block: M2mArmourBlock): ArmourLayer {
  const row = ARMOUR_PIECES.find((p) => p.id === block.ref);
  return row ? row.layer : block.underlay ? "plate" : "plain";
}

/**
 * The engine's `ArmourSuit` (kind `suit`) or `ArmourPiece` (kind `piece`) of an armour block.
 * The engine's types hold one PD and DR for all covered locations: the first location's
 * (every table item is uniform; `armourProtection` reads each location's own).
 */
export function toArmour(name: string, block: M2mArmourBlock): ArmourSuit | ArmourPiece {
  const base = { id: block.ref, name, ...uniform(block), weight: block.weight, line: 0 };
  if (block.kind === "suit")
    return {
      ...base,
      cost: block.cost ?? 0,
      combatSkillMod: block.weaponSkillMod,
      chainmail: block.chainmail,
      underlay: block.underlay,
    };
  return {
    ...base,
    covers: block.locations.map((l) => l.location),
    cost: block.cost,
    costByClass: block.costByClass ? { ...block.costByClass } : null,
    chainmail: block.chainmail,
    stacks: block.stacks,
    layer: armourLayer(block),
    frontOnly: block.frontOnly,
    weaponSkillMod: block.weaponSkillMod,
    perceptionMod: block.perceptionMod,
    punchBonus: block.punchBonus,
    kickBonus: block.kickBonus,
    note: null,
  };
}

// ── deriveCharacter inputs ───────────────────────────────────────────────────────────────────

/**
 * The `shield` input of `deriveCharacter` (PD and size). An improvised shield whose PD the GM
 * has not set (null, "1 or 2", L1078) cannot be used: InputError on `field`.pd.
 */
export function shieldInput(block: M2mWeaponBlock, field = "system.m2m.shield"): ShieldInput {
  const s = shieldOf(block, field);
  if (s.pd === null)
    throw new InputError(`${field}.pd`, null, "an improvised shield needs its PD, 1 or 2 (L1078)");
  return { pd: s.pd, size: s.size };
}

/**
 * The `armour` input of `deriveCharacter` for a Basic suit (L1120–1170): its PD and DR, against
 * impaling too, and the full helm's −1 (`weaponSkillMod` < 0, L1140). `withoutPadding`:
 * chainmail worn without its padding (L1168); `underlay`: cloth or light leather under plate,
 * +1 DR (L1170). An option the suit does not allow is an InputError naming it.
 */
export function suitArmourInput(
  block: M2mArmourBlock,
  opts: { withoutPadding?: boolean; underlay?: boolean; illFitting?: boolean } = {},
  field = "system.m2m",
): ArmourInput {
  if (block.kind !== "suit")
    throw new InputError(`${field}.kind`, block.kind, "only a Basic suit is worn whole (L2625)");
  if (opts.withoutPadding && !block.chainmail)
    throw new InputError(`${field}.chainmail`, false, "only chainmail has padding (L1168)");
  if (opts.underlay && !block.underlay)
    throw new InputError(`${field}.underlay`, false, "only plate or half plate (L1166–1170)");
  const p = opts.withoutPadding ? CHAINMAIL_UNPADDED : uniform(block);
  const under = opts.underlay ? 1 : 0;
  return {
    pd: p.pd,
    dr: p.dr + under,
    pdVsImpaling: p.pdVsImp,
    drVsImpaling: p.drVsImp + under,
    fullHelm: block.weaponSkillMod < 0,
    illFitting: opts.illFitting ?? false,
  };
}

/**
 * One worn Advanced piece as `deriveCharacter`'s `armourPieces` takes it (L2619–2627,
 * L4794–4880): each covered location's own PD and DR (against impaling too), how it layers
 * (`armourLayer`), the chainmail footnote, the overcoat's stacking, front only (breastplate),
 * and a full helm's −1 (`weaponSkillMod` < 0, greathelm L4808). The engine layers the pieces
 * (ruling M95); `id` names the piece in its figures (the item's id). A Basic suit is refused:
 * it is worn whole (`suitArmourInput`).
 */
export function pieceArmourInput(
  block: M2mArmourBlock,
  id: string,
  field = "system.m2m",
): ArmourPieceInput {
  if (block.kind !== "piece")
    throw new InputError(`${field}.kind`, block.kind, "a Basic suit is worn whole (L2625)");
  const out: ArmourPieceInput = {
    id,
    covers: block.locations.map((l) => ({
      location: l.location,
      pd: l.pd,
      dr: l.dr,
      pdVsImpaling: l.pdVsImpaling,
      drVsImpaling: l.drVsImpaling,
    })),
    layer: armourLayer(block),
  };
  if (block.chainmail) out.chainmail = true;
  if (block.stacks) out.stacks = true;
  if (block.frontOnly) out.frontOnly = true;
  if (block.weaponSkillMod < 0) out.fullHelm = true;
  return out;
}

/**
 * PD and DR of one armour item on each hit location it protects, against a damage type
 * (§3.6; face never, L2454; vitals under the body armour). Chainmail pieces are worn alone
 * unless `padded` (cloth armour under them there): PD 3 / DR 3, 0 / 1 against impaling
 * (L4880; spec §17 A19). A suit's chainmail includes its padding (L1142). Combining several
 * items on one location is the character's business, not the item's.
 */
export function armourProtection(
  block: M2mArmourBlock,
  type: DamageType,
  opts: { padded?: boolean } = {},
): Partial<Record<HitLocation, { pd: number; dr: number }>> {
  const out: Partial<Record<HitLocation, { pd: number; dr: number }>> = {};
  const alone = block.kind === "piece" && block.chainmail && !opts.padded;
  for (const l of block.locations) {
    const p = alone
      ? CHAINMAIL_UNPADDED
      : { pd: l.pd, dr: l.dr, pdVsImp: l.pdVsImpaling, drVsImp: l.drVsImpaling };
    const v = type === "imp" ? { pd: p.pdVsImp, dr: p.drVsImp } : { pd: p.pd, dr: p.dr };
    for (const hit of ARMOUR_LOCATION_HITS[l.location]) out[hit] = { ...v };
  }
  return out;
}

// ── Exchange ─────────────────────────────────────────────────────────────────────────────────

/**
 * What an exchange's `M2mAttack` takes of a hand weapon's mode `index` for a wielder of ST
 * `st`: damage (`weaponDamage`: basic damage + the mode's mod, capped by its MD, L976), type,
 * and breakage resistance (the weapon's, or fine crushing quality, L1006). The quality's damage
 * bonus (fine swords and cutting/impaling weapons +1, L998–1004) is added to the mode's mod,
 * before the MD cap (the cap is the weapon's, L976; ruling M94). An unknown mode: InputError on `field`.
 */
export function meleeAttack(
  block: M2mWeaponBlock,
  index: number,
  st: number,
  field = "system.m2m.modes",
): Pick<M2mAttack, "damage" | "type" | "breakResistant" | "ranged" | "unarmed"> {
  const mode = block.modes[index];
  if (!mode) throw new InputError(`${field}.${index}`, index, "no such attack mode");
  const q = WEAPON_QUALITY[block.quality][block.qualityClass];
  if (!q)
    throw new InputError("system.m2m.quality", block.quality, "is priced for swords only (L1002)");
  const base = mode.base === "sw" ? "swing" : "thrust";
  return {
    damage: weaponDamage(st, base, mode.mod + q.damageBonus, mode.md ?? undefined),
    type: mode.type,
    breakResistant: block.breakResistant || q.breakResistant,
    ranged: false,
    unarmed: false,
  };
}

/**
 * A ranged weapon for a shooter of ST `st` (§3.2, §12.3): damage and type for `M2mAttack`
 * (null for the oil flask, which burns, L3044) and the ranges in yards, computed with the
 * bow's ST for a crossbow or prodd (`bowST`, else the shooter's; L2853).
 */
export function rangedAttack(
  block: M2mMissileBlock,
  st: number,
): {
  attack: Pick<M2mAttack, "damage" | "type" | "ranged" | "unarmed" | "breakResistant"> | null;
  ranges: RangedRanges;
} {
  const s = block.usesBowST ? (block.bowST ?? st) : st;
  const d = block.damage;
  return {
    attack: d
      ? {
          damage: weaponDamage(s, d.base === "sw" ? "swing" : "thrust", d.mod, d.md ?? undefined),
          type: d.type,
          ranged: true,
          unarmed: false,
          breakResistant: false,
        }
      : null,
    ranges: {
      st: s,
      pointBlank: block.pb,
      increment: rangeYards(block.increment, s),
      halfDamage: block.half && rangeYards(block.half, s),
      max: rangeYards(block.max, s),
      missile: block.kind === "missile",
      thrown: block.kind === "thrown",
    },
  };
}
