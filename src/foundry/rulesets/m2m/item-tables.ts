/**
 * The m2m item block (./item-data.ts) of every row of the engine's equipment tables
 * (src/rules/m2m/equipment): one hand weapon per physical item, with the attacks of all its
 * techniques as modes (the bastard sword's 1- and 2-handed rows, the quarterstaff with Staff or
 * Two-Handed Sword: "exactly the same weapon", L4317); one ranged weapon per row of the ranged
 * table; one shield per shield type; one armour item per Basic suit and per Advanced piece.
 * Pure: used by the compendium generator (scripts/pack-sources-m2m.ts) and open to the sheets.
 */
import {
  ARMOUR_LOCATIONS,
  ARMOUR_PIECES,
  ARMOUR_SUITS,
  HAND_WEAPONS,
  RANGED_WEAPONS,
  SHIELDS,
  type ArmourPiece,
  type ArmourSuit,
  type HandWeapon,
  type RangedWeapon,
  type Shield,
} from "../../../rules/m2m/equipment";
import type { DamageExpr } from "../../../rules/m2m/types";
import type {
  M2mArmourBlock,
  M2mMeleeMode,
  M2mMissileBlock,
  M2mRangeFormula,
  M2mWeaponBlock,
  StoredReach,
} from "./item-data";

const expr = (e: DamageExpr | null): DamageExpr | null =>
  e ? { dice: e.dice, adds: e.adds } : null;
const formula = (f: { perST: number; add: number }): M2mRangeFormula => ({
  perST: f.perST,
  add: f.add,
});

/** One hand weapon: the physical item and every technique's table row (seed order). */
export interface HandWeaponItem {
  /** Engine `item` id (`bastard-sword`). */
  id: string;
  name: string;
  rows: HandWeapon[];
}

/**
 * The name of a physical item: its own row's when one row is the item (`Quarterstaff`), else the
 * first row's without the technique (`Bastard sword (1-handed)` → `Bastard sword`).
 */
function itemName(id: string, rows: readonly HandWeapon[]): string {
  const own = rows.find((r) => r.id === id);
  return own ? own.name : rows[0]!.name.replace(/ \([^)]*\)$/, "");
}

/** The hand weapon table grouped by physical item, in the order of first appearance. */
export function handWeaponItems(): HandWeaponItem[] {
  const byItem = new Map<string, HandWeapon[]>();
  for (const w of HAND_WEAPONS) {
    const rows = byItem.get(w.item) ?? [];
    rows.push(w);
    byItem.set(w.item, rows);
  }
  return [...byItem].map(([id, rows]) => ({ id, name: itemName(id, rows), rows }));
}

/** The same value in every row of an item, or an error naming the item and field. */
function shared<K extends keyof HandWeapon>(item: HandWeaponItem, key: K): HandWeapon[K] {
  const first = item.rows[0]![key];
  for (const r of item.rows)
    if (JSON.stringify(r[key]) !== JSON.stringify(first))
      throw new Error(
        `hand weapon ${item.id}: ${String(key)} differs between ${item.rows[0]!.id} and ${r.id}`,
      );
  return first;
}

/** The modes of one table row (one technique). */
export function rowModes(row: HandWeapon): M2mMeleeMode[] {
  return row.attacks.map((a) => ({
    technique: row.id,
    attack: a.id,
    skill: row.skill,
    base: a.base,
    type: a.type,
    mod: a.mod,
    md: expr(a.md),
    reach: a.reach.map((r) => String(r) as StoredReach),
    minST: row.minST,
    hands: a.hands,
    readyAfter: a.readyAfter,
    grip: row.grip,
    unreadyOnParry: row.unreadyOnParry,
    fencing: row.fencing,
    flail: row.flail,
    polearm: row.polearm,
    throwable: a.throwable,
    mayStick: a.mayStick,
  }));
}

/** The block of a hand weapon (good quality, as the table prices it, L1000). */
export function handWeaponBlock(item: HandWeaponItem): M2mWeaponBlock {
  return {
    ref: item.id,
    quality: "good",
    qualityClass: shared(item, "qualityClass"),
    breakResistant: shared(item, "breakResistant"),
    cost: shared(item, "cost"),
    weight: shared(item, "weight"),
    modes: item.rows.flatMap(rowModes),
    shield: null,
  };
}

/** The block of a shield type (L4583–4590); no modes (a bash is the Shield skill's, L3197). */
export function shieldBlock(s: Shield): M2mWeaponBlock {
  return {
    ref: s.id,
    quality: "good",
    qualityClass: "crushing",
    breakResistant: false,
    cost: s.cost,
    weight: s.weight,
    modes: [],
    shield: {
      size: s.id,
      pd: s.pd,
      dr: s.dr,
      hits: s.hits ? { penetrate: s.hits.penetrate, total: s.hits.total } : null,
      spiked: false,
    },
  };
}

/** The block of a ranged weapon row (L4380–4404). */
export function rangedBlock(w: RangedWeapon): M2mMissileBlock {
  return {
    ref: w.id,
    skill: w.skill,
    kind: w.kind,
    damage: w.damage
      ? { base: w.damage.base, type: w.damage.type, mod: w.damage.mod, md: expr(w.damage.md) }
      : null,
    pb: w.pb,
    increment: formula(w.inc),
    half: w.half ? formula(w.half) : null,
    max: formula(w.max),
    usesBowST: w.usesBowST,
    bowST: null,
    hands: w.hands ? { fire: w.hands.fire, load: w.hands.load } : null,
    reloadTurns: w.reloadTurns,
    minST: w.minST,
    cost: w.cost,
    costPerShot: w.costPerShot,
    weight: w.weight,
  };
}

/** The block of a Basic suit (L4598–4616): its PD and DR on all six locations (L2625). */
export function suitBlock(s: ArmourSuit): M2mArmourBlock {
  return {
    ref: s.id,
    kind: "suit",
    locations: ARMOUR_LOCATIONS.map((location) => ({
      location,
      pd: s.pd,
      dr: s.dr,
      pdVsImpaling: s.pdVsImp,
      drVsImpaling: s.drVsImp,
    })),
    chainmail: s.chainmail,
    stacks: false,
    frontOnly: false,
    underlay: s.underlay,
    weaponSkillMod: s.combatSkillMod,
    perceptionMod: 0,
    punchBonus: 0,
    kickBonus: 0,
    cost: s.cost,
    costByClass: null,
    weight: s.weight,
  };
}

/** The block of an Advanced piece (L4798–4876). */
export function pieceBlock(p: ArmourPiece): M2mArmourBlock {
  return {
    ref: p.id,
    kind: "piece",
    locations: p.covers.map((location) => ({
      location,
      pd: p.pd,
      dr: p.dr,
      pdVsImpaling: p.pdVsImp,
      drVsImpaling: p.drVsImp,
    })),
    chainmail: p.chainmail,
    stacks: p.stacks,
    frontOnly: p.frontOnly,
    underlay: false,
    weaponSkillMod: p.weaponSkillMod,
    perceptionMod: p.perceptionMod,
    punchBonus: p.punchBonus,
    kickBonus: p.kickBonus,
    cost: p.cost,
    costByClass: p.costByClass ? { ...p.costByClass } : null,
    weight: p.weight,
  };
}

/** Every table the packs hold, as the engine has them. */
export const M2M_TABLES = Object.freeze({
  handWeapons: HAND_WEAPONS,
  rangedWeapons: RANGED_WEAPONS,
  shields: SHIELDS,
  suits: ARMOUR_SUITS,
  pieces: ARMOUR_PIECES,
});
