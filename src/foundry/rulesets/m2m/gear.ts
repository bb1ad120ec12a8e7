/**
 * What an actor's embedded items contribute to its GURPS Man to Man derivation (`M2mGear`,
 * ./character-input.ts), read from each item's `system.m2m` block through ./item-convert.ts:
 *
 * - load: every carried physical item's weight times its quantity (L1237; the ruleset-free
 *   `weight`, which the packs set from the block's own weight);
 * - armour: the one equipped Basic suit (`suitArmourInput`, L1120-1170), or the equipped
 *   Advanced pieces (`pieceArmourInput`, L2619-2627, L4794-4880), which the engine layers per
 *   location (ruling M95); a piece covering no location (the block's defaults, on an item made
 *   for another ruleset) is not armour;
 * - shield: the one equipped item with a shield (`shieldInput`; PD and size, L1065, L1098);
 * - weapons: every equipped weapon, once per skill of its attack modes (a bastard sword is used
 *   with Broadsword and Two-Handed Sword), and every equipped missile weapon that has m2m data
 *   (a table reference or damage: an item made for another ruleset carries the block's defaults
 *   only, and is not a bow);
 * - throws: the throwing skill of every equipped hand weapon that can be thrown (./thrown.ts).
 *
 * What cannot be worn or used together (two suits, two shields, a suit with pieces) or a value
 * the conversion refuses (an improvised shield without its PD) is a `ProblemError` on
 * `system.items` naming the items (./gear-problems.ts). Pure.
 */
import { InputError } from "../../../core/errors";
import { ProblemError } from "../../data/check";
import type { SkillId } from "../../../rules/m2m/skills";
import type { ItemLike } from "../contract";
import type { M2mGear, M2mGearWeapon } from "./character-input";
import type { M2mArmourBlock, M2mMissileBlock, M2mWeaponBlock } from "./item-data";
import { GEAR_KEYS, gearProblem, itemValueProblem } from "./gear-problems";
import { pieceArmourInput, shieldInput, suitArmourInput } from "./item-convert";
import { thrownEntry } from "./thrown";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const num = (v: unknown, fallback: number) =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;

/** An item's m2m gear contribution, or an InputError naming it. */
export function m2mGear(items: readonly ItemLike[]): M2mGear {
  let load = 0;
  let armour: M2mGear["armour"] = null;
  let shield: M2mGear["shield"] = null;
  let suitName = "";
  let shieldName = "";
  const weapons: M2mGearWeapon[] = [];
  const throws: SkillId[] = [];
  const pieces: NonNullable<M2mGear["pieces"]>[number][] = [];
  const pieceNames: string[] = [];
  for (const item of items) {
    const system = isObj(item.system) ? item.system : {};
    if (system.carried === true) load += num(system.weight, 0) * num(system.quantity, 1);
    if (system.equipped !== true) continue;
    const block = system.m2m;
    if (!isObj(block)) continue;
    const id = item.id ?? item.name;
    try {
      if (item.type === "armour") {
        const a = block as unknown as M2mArmourBlock;
        if (a.kind !== "suit") {
          if ((a.locations ?? []).length > 0) {
            pieces.push(pieceArmourInput(a, id));
            pieceNames.push(item.name);
          }
          continue;
        }
        if (armour)
          throw gearProblem(
            GEAR_KEYS.twoSuits,
            item.name,
            { item: item.name, other: suitName },
            "only one suit of armour at a time (L1166)",
          );
        armour = suitArmourInput(a);
        suitName = item.name;
      } else if (item.type === "weapon") {
        const w = block as unknown as M2mWeaponBlock;
        if (w.shield) {
          if (shield)
            throw gearProblem(
              GEAR_KEYS.twoShields,
              item.name,
              { item: item.name, other: shieldName },
              "one shield at a time",
            );
          shield = shieldInput(w);
          shieldName = item.name;
        }
        const skills = [...new Set((w.modes ?? []).map((m) => m.skill))] as SkillId[];
        for (const skill of skills) weapons.push({ id, name: item.name, skill });
        const thrown = thrownEntry(w);
        if (thrown && !throws.includes(thrown.skill)) throws.push(thrown.skill);
      } else if (item.type === "missile") {
        const m = block as unknown as M2mMissileBlock;
        if (m.ref !== "" || m.damage !== null)
          weapons.push({ id, name: item.name, skill: m.skill as SkillId });
      }
    } catch (err) {
      if (err instanceof InputError && !(err instanceof ProblemError))
        throw itemValueProblem(item, err);
      throw err;
    }
  }
  if (armour && pieces.length > 0)
    throw gearProblem(
      GEAR_KEYS.suitWithPieces,
      suitName,
      { item: suitName, pieces: pieceNames.join(", ") },
      "a Basic suit is worn alone, never with Advanced pieces (L2625)",
    );
  return {
    load,
    armour,
    shield,
    weapons,
    ...(pieces.length > 0 ? { pieces } : {}),
    ...(throws.length > 0 ? { throws } : {}),
  };
}
