/**
 * The inputs of the actor sheets' context (./context.ts): the actor as plain data, its items
 * and conditions, and the small helpers every section of the context uses.
 */
import type { Hm3Derived } from "../../../../../rules/hm3/character-types";
import type { CharacterSource, CreatureSource, SourceByType } from "../../../../data/source";
import type { Format, Localize } from "../../../../sheets/common";
import { ASPECT_LABEL } from "../item/labels";

export type ActorType = "character" | "creature";
export type ItemType = keyof SourceByType["Item"];

/** An item of the actor as the sheet needs it. */
export type SheetItem = {
  [T in ItemType]: {
    id: string;
    name: string;
    img: string;
    sort?: number;
    type: T;
    system: SourceByType["Item"][T];
  };
}[ItemType];

/** An active condition (status effect) with its label already localised. */
export interface ConditionInput {
  id: string;
  label: string;
}

export type ActorSource =
  | { type: "character"; system: CharacterSource }
  | { type: "creature"; system: CreatureSource };

export type ActorContextInput = ActorSource & {
  name: string;
  img: string;
  /** `actor.system.derived`; null when the sheet could not be derived (see `derivationError`). */
  derived: Hm3Derived | null;
  /** Why the derivation failed (an InputError message), shown instead of the figures. */
  derivationError?: string | null;
  /**
   * The actor's items in the actor's order (`actor.items.contents`), the order the derivation
   * got them in: its warnings name items by position (`weapons[1]`).
   */
  items: readonly SheetItem[];
  conditions?: readonly ConditionInput[];
  editable: boolean;
  /** The viewer owns the actor: only an owner rolls its tests. */
  owner: boolean;
  /** The viewer has Limited permission only: header and the limited part. */
  limited: boolean;
  enrichedDescription?: string;
  activeTab?: string | null;
  /** The world's HârnMaster Gold `bruteForce` option: the object block is editable (G70). */
  bruteForce?: boolean;
  localize: Localize;
  format?: Format;
};

export function byOrder(
  a: { sort?: number; name: string },
  b: { sort?: number; name: string },
): number {
  return (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name);
}

export function ofType<T extends ItemType>(items: readonly SheetItem[], type: T) {
  return items
    .filter((i): i is Extract<SheetItem, { type: T }> => i.type === type)
    .slice()
    .sort(byOrder);
}

export function aspectLabel(aspect: string, localize: Localize): string {
  const key = (ASPECT_LABEL as Readonly<Record<string, string>>)[aspect];
  return key ? localize(key) : aspect;
}
