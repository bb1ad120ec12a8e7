/**
 * DR and hit points of typical objects (seed 004 L3569–3606; spec §14.3, §13.8). The "HT" of a
 * bar or rope is the damage that cuts it; of a wall or slab, the damage that makes a man-sized
 * hole (impaling makes a small one) (L3612). "Weapon to use" is a guideline (L3616).
 */
import { copy, deepFreeze } from "../../../core/data";
import { findById } from "./common";

/** The "Weapon to use" column (L3571). */
export const OBJECT_WEAPONS = [
  "any",
  "edged",
  "not-impaling",
  "axe",
  "axe-or-hammer",
  "axe-hammer-club",
] as const;
export type ObjectWeapon = (typeof OBJECT_WEAPONS)[number];

export interface ObjectStats {
  readonly id: string;
  /** The table's name with its size, e.g. `Light rope 3/8"`. */
  readonly name: string;
  readonly dr: number;
  readonly hp: number;
  readonly weapon: ObjectWeapon;
  readonly line: number;
}

type Row = [id: string, name: string, dr: number, hp: number, weapon: ObjectWeapon];

const ROWS: Row[] = [
  ["light-rope", 'Light rope 3/8"', 1, 2, "any"],
  ["heavy-rope", 'Heavy rope 3/4"', 3, 6, "edged"],
  ["hawser", 'Hawser 1 1/2"', 4, 10, "edged"],
  ["steel-cable-1-4", 'Steel cable 1/4"', 2, 8, "not-impaling"],
  ["steel-cable-1-2", 'Steel cable 1/2"', 4, 16, "edged"],
  ["steel-cable-1", 'Steel cable 1"', 6, 30, "axe"],
  ["wooden-pole-1", 'Wooden pole 1"', 1, 3, "any"],
  ["wooden-pole-2", 'Wooden pole 2"', 3, 8, "not-impaling"],
  ["wooden-pole-3", 'Wooden pole 3"', 4, 12, "edged"],
  ["wooden-pole-4", 'Wooden pole 4"', 6, 20, "axe"],
  ["wooden-pole-6", 'Wooden pole 6"', 6, 30, "axe"],
  ["wooden-pole-8", 'Wooden pole 8"', 6, 50, "axe"],
  ["bronze-iron-bar-1-2", 'Bronze/iron bar 1/2"', 1, 4, "not-impaling"],
  ["bronze-iron-bar-1", 'Bronze/iron bar 1"', 3, 20, "axe-or-hammer"],
  ["bronze-iron-bar-2", 'Bronze/iron bar 2"', 3, 60, "axe"],
  ["steel-bar-1-2", 'Steel bar 1/2"', 2, 6, "axe-or-hammer"],
  ["steel-bar-1", 'Steel bar 1"', 6, 25, "axe"],
  ["steel-bar-2", 'Steel bar 2"', 8, 80, "axe"],
  ["wallboard", 'Wallboard 1/2"', 1, 5, "not-impaling"],
  ["plywood", 'Plywood 1/2"', 3, 15, "not-impaling"],
  ["wooden-slab-1", 'Wooden slab 1"', 2, 10, "any"],
  ["wooden-slab-2", 'Wooden slab 2"', 4, 20, "not-impaling"],
  ["wooden-slab-3", 'Wooden slab 3"', 6, 30, "axe-hammer-club"],
  ["thin-iron-bronze-1-8", 'Thin iron/bronze 1/8"', 3, 6, "not-impaling"],
  ["thin-iron-bronze-1-4", 'Thin iron/bronze 1/4"', 4, 12, "axe-hammer-club"],
  ["iron-slab", 'Iron slab 1/2"', 6, 25, "axe-hammer-club"],
  ["iron-wall", 'Iron wall 1"', 8, 50, "axe-hammer-club"],
  ["thin-steel-1-8", 'Thin steel 1/8"', 4, 10, "not-impaling"],
  ["thin-steel-1-4", 'Thin steel 1/4"', 6, 20, "axe-hammer-club"],
  ["steel-slab", 'Steel slab 1/2"', 7, 40, "axe-or-hammer"],
  ["steel-wall", 'Steel wall 1"', 8, 80, "axe"],
  ["brick-wall", 'Brick wall 3"', 6, 40, "axe-hammer-club"],
  ["concrete-wall", 'Concrete wall 6"', 4, 60, "axe-or-hammer"],
  ["stone-wall-6", 'Stone wall 6"', 8, 90, "axe-or-hammer"],
  ["stone-wall-12", 'Stone wall 12"', 8, 180, "axe-or-hammer"],
];

/** The table, L3572–3606 in order (one seed line per row). */
export const OBJECTS: readonly ObjectStats[] = deepFreeze(
  ROWS.map(
    ([id, name, dr, hp, weapon], i): ObjectStats => ({ id, name, dr, hp, weapon, line: 3572 + i }),
  ),
);

/** Shafts struck at (L2543; spec §13.3): a spear or axe shaft, a polearm's metal-faced shaft. */
export const WEAPON_SHAFTS = deepFreeze({
  "spear-or-axe": { dr: 3, hp: 8 },
  polearm: { dr: 4, hp: 12 },
});

/** An object by id (a copy); InputError naming `field` if unknown. */
export function getObject(id: string, field = "object"): ObjectStats {
  return copy(findById(OBJECTS, id, field, "object"));
}
