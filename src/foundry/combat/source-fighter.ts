/**
 * A fighter snapshot (`FighterSnapshot`, src/core/combat.ts) from an Actor source as Foundry
 * stores it (a compendium pack's JSON, an exported actor): the same snapshot the adapter takes
 * of a live actor (snapshot.ts `fighterSnapshot`), with the derived figures computed by the same
 * derivation the data models run (data/actor/derive.ts). Pure: the CLI and the workbench use it
 * without Foundry. Malformed input is refused with an InputError naming the field.
 */
import type { FighterItem, FighterSnapshot } from "../../core/combat";
import { copy } from "../../core/data";
import { InputError } from "../../core/errors";
import type { CharacterSource, CreatureSource } from "../data/source";
import { deriveActor } from "../data/actor/derive";

type Obj = Record<string, unknown>;

/** The item types whose `system.hm3` the derivation reads. */
const HM3_ITEM_TYPES: readonly string[] = ["skill", "weapon", "missile", "armour", "injury"];

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The snapshot of an Actor source (`{name, type, system, items}`); `conditions` as given. */
export function fighterFromSource(
  raw: unknown,
  conditions: readonly string[] = [],
): FighterSnapshot {
  if (!isObj(raw)) throw new InputError("actor", raw, "expected an Actor document (an object)");
  const { name, type, system, items } = raw;
  if (typeof name !== "string" || name === "")
    throw new InputError("name", name, "expected the actor's name");
  if (type !== "character" && type !== "creature")
    throw new InputError("type", type, "expected character or creature");
  if (!isObj(system) || !isObj(system.hm3))
    throw new InputError("system.hm3", system, "expected the actor's HM3 data");
  if (!Array.isArray(items)) throw new InputError("items", items, "expected a list of items");
  const list: FighterItem[] = items.map((item: unknown, i) => {
    if (!isObj(item) || typeof item.type !== "string" || !isObj(item.system))
      throw new InputError(`items[${i}]`, item, "expected an item with a type and system data");
    const id = typeof item._id === "string" ? item._id : typeof item.id === "string" ? item.id : "";
    if (id === "") throw new InputError(`items[${i}]._id`, item._id, "expected the item's id");
    // Ids key tables of the fight (the duel's items by id): a name every object answers to
    // would read what objects inherit.
    if (id in Object.prototype)
      throw new InputError(`items[${i}]._id`, id, "a reserved name: choose another id");
    if (HM3_ITEM_TYPES.includes(item.type) && !isObj(item.system.hm3))
      throw new InputError(
        `items[${i}].system.hm3`,
        item.system.hm3,
        "expected the item's HM3 data",
      );
    return { id, type: item.type, name: String(item.name ?? ""), system: copy(item.system) };
  });
  let result: ReturnType<typeof deriveActor>;
  // What the derivation failed with when it is not a plain input problem: its words go into the
  // one line of the error, not a stack trace on the console.
  let failure: unknown;
  try {
    result = deriveActor(
      type === "character" ? "Actor.character" : "Actor.creature",
      // Checked above to be an object with an `hm3` block; deriveActor reports what else is wrong.
      system as unknown as CharacterSource | CreatureSource,
      list,
      (err) => (failure = err),
    );
  } catch (e) {
    // A value the derivation could not read (a caller that did not check the source first):
    // an input error with the derivation's own words, never a stack trace.
    if (e instanceof InputError) throw e;
    const reason = `the actor's figures cannot be derived (${(e as Error).message})`;
    const error = new InputError("system", undefined, reason);
    error.message = `system: ${reason}`;
    throw error;
  }
  const { derived, errors } = result;
  if (!derived) {
    const first = errors[0];
    const why =
      failure instanceof InputError
        ? ` (${failure.reason})`
        : failure instanceof Error
          ? ` (${failure.message})`
          : "";
    throw new InputError(
      first?.field ?? "system.hm3",
      first?.value,
      `the actor's figures cannot be derived${why}`,
    );
  }
  return {
    actorType: type,
    name,
    system: copy(system),
    derived: copy({ ...derived }),
    items: list,
    conditions: [...conditions].sort(),
  };
}
