/**
 * HârnMaster Gold "Brute force & ignorance" (seed 000 lines 41-57) in the HM3 Foundry combat
 * flow: an actor whose stored `system.hm3.object` block names an object (a door, or another
 * object the GM rates) is attacked as an object while the `bruteForce` option is on (ruling G70):
 * the declaration's `defender.object` is built from the block (checked by the CLI's reader, so a
 * bad block is refused naming its field). The exchange's `tally` effect (paired-object.ts) is
 * written back to the block when the GM applies the card: the damage added to what the block
 * holds then, and a DF rolled by this exchange kept for the next ones (G57, G71).
 */
import type { FighterSnapshot } from "../../../core/combat";
import { InputError } from "../../../core/errors";
import type { Effect } from "../../../core/ruleset";
import { DOOR_KINDS, OBJECT_DAMAGE_TALLY, type DoorKind } from "./paired-object";
import { readObjectTarget } from "./paired-parse";

/** What an actor is as a brute force target: no object, a door of line 55 or 56, another object. */
export const OBJECT_KINDS = ["none", ...DOOR_KINDS, "other"] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];

/** Most damage the block holds (the CLI's `damage` bound). */
export const OBJECT_MAX_DAMAGE = 1000;

/** The stored block (`system.hm3.object`). */
export interface StoredObject {
  kind: ObjectKind;
  /** AP against Blunt and Edge; null: the door's (lines 55-56). Another object needs them. */
  blunt: number | null;
  edge: number | null;
  /** The Damage Factor; null: rolled for a door from its thickness at its first strike. */
  df: number | null;
  /** Damage counted against DF so far. */
  damage: number;
  /** A door's inches of thickness (its DF dice, line 57). */
  thickness: number;
}

/** The block of an actor that is no object (the stored default). */
export const NO_OBJECT: Readonly<StoredObject> = Object.freeze({
  kind: "none",
  blunt: null,
  edge: null,
  df: null,
  damage: 0,
  thickness: 1,
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The block an actor stores, or null (none, or not an object). */
export function storedObject(fighter: FighterSnapshot): StoredObject | null {
  const hm3 = isRecord(fighter.system) ? fighter.system.hm3 : undefined;
  const o = isRecord(hm3) ? hm3.object : undefined;
  if (!isRecord(o) || o.kind === "none" || o.kind === undefined) return null;
  return o as unknown as StoredObject;
}

/**
 * The declaration's `defender.object` (the CLI's shape, docs/cli.md) from a stored block: a
 * door gives its kind and, while its DF is not yet rolled, its thickness; its AP is the
 * table's unless the block overrides it. Checked here by the CLI's reader, so a bad block is
 * refused naming `<field>.<key>` and the value.
 */
export function objectDeclaration(o: StoredObject, field: string): Record<string, unknown> {
  const raw: Record<string, unknown> = { damage: o.damage };
  if (o.kind === "none" || !(OBJECT_KINDS as readonly unknown[]).includes(o.kind))
    throw new InputError(
      `${field}.kind`,
      o.kind,
      `expected one of ${OBJECT_KINDS.filter((k) => k !== "none").join(", ")}`,
    );
  if (o.kind !== "other") {
    raw.door = o.kind as DoorKind;
    if (o.df === null) raw.thickness = o.thickness;
  }
  if (o.blunt !== null || o.kind === "other") raw.blunt = o.blunt ?? undefined;
  if (o.edge !== null || o.kind === "other") raw.edge = o.edge ?? undefined;
  if (o.df !== null) raw.df = o.df;
  readObjectTarget(raw, field);
  return raw;
}

/**
 * The defender's `object` for `buildDeclaration`: the stored block while `bruteForce` is on
 * and the defender is an object; nothing otherwise (ruling G70).
 */
export function objectFighter(
  defender: FighterSnapshot,
  options: Readonly<Record<string, boolean>>,
): { object?: Record<string, unknown> } {
  if (options.bruteForce !== true) return {};
  const o = storedObject(defender);
  return o ? { object: objectDeclaration(o, "defender.system.hm3.object") } : {};
}

/** Whether the fighter is an object the world's options let a brute force attack strike. */
export function isObjectTarget(
  fighter: FighterSnapshot | null,
  options: Readonly<Record<string, boolean>>,
): boolean {
  return options.bruteForce === true && fighter !== null && storedObject(fighter) !== null;
}

/** Key of an attack an object rules out: a missile (brute force is a melee attack, 000:49). */
export const OBJECT_MELEE_ONLY_KEY = "BLOWBYBLOW.HM3.Gold.Paired.Object.meleeOnly";

/**
 * Why an attack of `kind` cannot strike the defender (a lang key), or undefined: while
 * `bruteForce` is on every attack on an object is brute force, and brute force is a melee attack
 * (seed 000 line 49; ruling G70), so a missile is unavailable against it.
 */
export function objectAttackKey(
  defender: FighterSnapshot | null,
  kind: "melee" | "missile",
  options: Readonly<Record<string, boolean>>,
): string | undefined {
  return kind === "missile" && isObjectTarget(defender, options)
    ? OBJECT_MELEE_ONLY_KEY
    : undefined;
}

/** The input error's reason for `OBJECT_MELEE_ONLY_KEY`, or null for any other key. */
export function objectAttackReason(key: string): string | null {
  return key === OBJECT_MELEE_ONLY_KEY
    ? "the defender is an object and brute force is a melee attack (seed 000 line 49, ruling G70)"
    : null;
}

/**
 * The actor update for an object's `tally` effect (ruling G71), from the block as it is now:
 * the strike's damage added to the damage it holds (up to 1000), and a DF this exchange rolled
 * stored when the block has none yet (a DF set meanwhile is kept). `{}`: no change, or the
 * actor is no object any more.
 */
export function objectTally(
  effect: Extract<Effect, { type: "tally" }>,
  victim: FighterSnapshot,
): Record<string, unknown> {
  if (effect.tally !== OBJECT_DAMAGE_TALLY) return {};
  const o = storedObject(victim);
  if (!o) return {};
  const changes: Record<string, unknown> = {};
  if (effect.amount > 0)
    changes["system.hm3.object.damage"] = Math.min(OBJECT_MAX_DAMAGE, o.damage + effect.amount);
  const df = effect.data?.df;
  if (o.df === null && effect.data?.dfRolled === true && typeof df === "number")
    changes["system.hm3.object.df"] = df;
  return changes;
}
