/**
 * A fighter snapshot (`FighterSnapshot`, src/core/combat.ts) from an Actor source as Foundry
 * stores it (a compendium pack's JSON, an exported actor): the same snapshot the adapter takes
 * of a live actor (snapshot.ts `fighterSnapshot`), with the derived figures computed by the same
 * derivation the data models run (data/actor/derive.ts), for the active ruleset (`ruleset`: the
 * world's, or the default outside Foundry). Pure: the CLI and the workbench use it without
 * Foundry. Malformed input is refused with an InputError naming the field.
 */
import type { FighterItem, FighterSnapshot } from "../../core/combat";
import { copy } from "../../core/data";
import { InputError } from "../../core/errors";
import type { CharacterSource, CreatureSource } from "../data/source";
import { deriveActor } from "../data/actor/derive";
import { activeRuleset, type FoundryRuleset } from "../rulesets";

type Obj = Record<string, unknown>;

/** The item types with a block of `ruleset` (`Item.weapon` → weapon), which its derivation reads. */
const blockItemTypes = (ruleset: FoundryRuleset): string[] =>
  Object.keys(ruleset.data.blocks)
    .filter((k) => k.startsWith("Item."))
    .map((k) => k.slice("Item.".length));

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The snapshot of an Actor source (`{name, type, system, items}`); `conditions` as given;
 * `options`: the optional rules its derivation reads (HM3: the Gold encumbrance & fatigue and
 * Kamtóla skill base, G90); absent: the world's in Foundry, none outside it.
 */
export function fighterFromSource(
  raw: unknown,
  conditions: readonly string[] = [],
  ruleset: FoundryRuleset = activeRuleset(),
  options?: Readonly<Record<string, boolean>>,
): FighterSnapshot {
  const id = ruleset.id;
  const label = id.toUpperCase();
  const itemTypes = blockItemTypes(ruleset);
  if (!isObj(raw)) throw new InputError("actor", raw, "expected an Actor document (an object)");
  const { name, type, system, items } = raw;
  if (typeof name !== "string" || name === "")
    throw new InputError("name", name, "expected the actor's name");
  if (type !== "character" && type !== "creature")
    throw new InputError("type", type, "expected character or creature");
  if (!isObj(system) || !isObj(system[id]))
    throw new InputError(`system.${id}`, system, `expected the actor's ${label} data`);
  if (!Array.isArray(items)) throw new InputError("items", items, "expected a list of items");
  const list: FighterItem[] = items.map((item: unknown, i) => {
    if (!isObj(item) || typeof item.type !== "string" || !isObj(item.system))
      throw new InputError(`items[${i}]`, item, "expected an item with a type and system data");
    const itemId =
      typeof item._id === "string" ? item._id : typeof item.id === "string" ? item.id : "";
    if (itemId === "") throw new InputError(`items[${i}]._id`, item._id, "expected the item's id");
    // Ids key tables of the fight (the duel's items by id): a name every object answers to
    // would read what objects inherit.
    if (itemId in Object.prototype)
      throw new InputError(`items[${i}]._id`, itemId, "a reserved name: choose another id");
    if (itemTypes.includes(item.type) && !isObj(item.system[id]))
      throw new InputError(
        `items[${i}].system.${id}`,
        item.system[id],
        `expected the item's ${label} data`,
      );
    return {
      id: itemId,
      type: item.type,
      name: String(item.name ?? ""),
      system: copy(item.system),
    };
  });
  let result: ReturnType<typeof deriveActor>;
  // What the derivation failed with when it is not a plain input problem: its words go into the
  // one line of the error, not a stack trace on the console.
  let failure: unknown;
  try {
    result = deriveActor(
      type === "character" ? "Actor.character" : "Actor.creature",
      // Checked above to be an object with the ruleset's block; deriveActor reports what else is wrong.
      system as unknown as CharacterSource | CreatureSource,
      list,
      (err) => (failure = err),
      ruleset,
      options,
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
      first?.field ?? `system.${id}`,
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
