/**
 * What an actor sheet accepts when an Item is dropped on it (from a compendium, the sidebar
 * or another actor). Pure, so it is tested without Foundry; the sheet's `_onDropItem` asks
 * these before letting Foundry create the item.
 */
import type { ActorType, ItemType } from "./context";
import { MESSAGE } from "./labels";

/** Item types each actor type may own. */
const ACCEPTED: Readonly<Record<ActorType, readonly ItemType[]>> = {
  character: ["weapon", "missile", "armour", "skill", "gear", "injury"],
  creature: ["weapon", "missile", "armour", "skill", "gear", "injury"],
};

/** Whether an actor of this type may own an item of this type. */
export function acceptsDrop(actorType: string, itemType: string): boolean {
  const accepted = (ACCEPTED as Readonly<Record<string, readonly string[]>>)[actorType];
  return accepted !== undefined && accepted.includes(itemType);
}

export type DropDecision =
  | { accept: true }
  | { accept: false; key: string; data: Record<string, string> };

const normal = (name: string) => name.trim().toLowerCase();

/**
 * Whether a dropped item is created on the actor: its type must be one the actor owns, and a
 * skill the actor already has by name (case and spaces ignored, as the core matches weapon
 * skills) is refused rather than duplicated, since two skills of one name would make weapon
 * and Initiative lookups ambiguous.
 */
export function dropDecision(
  actorType: string,
  dropped: { type: string; name: string },
  owned: readonly { type: string; name: string }[],
): DropDecision {
  if (!acceptsDrop(actorType, dropped.type))
    return {
      accept: false,
      key: MESSAGE.dropRefused,
      data: { name: dropped.name, type: dropped.type },
    };
  if (
    dropped.type === "skill" &&
    owned.some((i) => i.type === "skill" && normal(i.name) === normal(dropped.name))
  )
    return { accept: false, key: MESSAGE.skillExists, data: { name: dropped.name } };
  return { accept: true };
}

/**
 * What a dropped folder of items adds: each item goes through `dropDecision` in turn, against
 * the actor's items and the folder's items accepted before it (so a folder holding a skill
 * twice adds it once). Returns the indices of the accepted items and the refusals.
 */
export function folderDropDecisions(
  actorType: string,
  dropped: readonly { type: string; name: string }[],
  owned: readonly { type: string; name: string }[],
): { accepted: number[]; refused: Extract<DropDecision, { accept: false }>[] } {
  const have = [...owned];
  const accepted: number[] = [];
  const refused: Extract<DropDecision, { accept: false }>[] = [];
  for (const [i, item] of dropped.entries()) {
    const decision = dropDecision(actorType, item, have);
    if (decision.accept) {
      accepted.push(i);
      have.push(item);
    } else refused.push(decision);
  }
  return { accepted, refused };
}
