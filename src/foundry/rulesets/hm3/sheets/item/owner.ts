/**
 * What an item sheet needs of the actor owning its item: the actor's name, its derived HM3
 * data (`actor.system.derived`, computed by the rules core in `prepareDerivedData`) and the
 * names of its skill items. Read from an unknown value with narrowing, so a world or
 * compendium item (no actor) and an actor that failed to derive both give what they can.
 */
import type { Hm3Derived } from "../../../../../rules/hm3/character-types";
import type { OwnerInput } from "./context";

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object";
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return (
    isObject(value) &&
    typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function"
  );
}

/** The derived data if it has the shape the sheet reads (weapons, missiles, skills, plan). */
function derivedOf(system: unknown): Hm3Derived | null {
  if (!isObject(system)) return null;
  const d = system.derived;
  if (!isObject(d)) return null;
  const ok = isObject(d.weapons) && isObject(d.missiles) && isObject(d.skills) && isObject(d.plan);
  // Checked to the depth the sheet reads (above); the rest is the data model's own output.
  return ok ? (d as unknown as Hm3Derived) : null;
}

/** The owner of an embedded item, or null when there is none. */
export function ownerInput(actor: unknown): OwnerInput | null {
  if (!isObject(actor)) return null;
  const skillNames: string[] = [];
  if (isIterable(actor.items)) {
    for (const item of actor.items) {
      if (isObject(item) && item.type === "skill" && typeof item.name === "string")
        skillNames.push(item.name);
    }
  }
  return {
    name: typeof actor.name === "string" ? actor.name : "",
    derived: derivedOf(actor.system),
    skillNames,
  };
}
