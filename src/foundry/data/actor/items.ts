import type { ItemLike } from "../../rulesets";

/** The embedded items of an actor, as the derivation reads them. */
export function itemsOf(
  actor: { items?: { contents: readonly unknown[] } } | null | undefined,
): ItemLike[] {
  const items = (actor?.items?.contents ?? []) as readonly ItemLike[];
  return items.map((i) => ({ id: i.id, type: i.type, name: i.name, system: i.system }));
}
