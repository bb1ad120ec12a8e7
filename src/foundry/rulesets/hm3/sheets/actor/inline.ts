/**
 * In-place edits of an embedded item's field from the actor sheet (a skill's ML on the Skills
 * tab). Pure: `inlineItemUpdate` decides what a typed value becomes, checked by the data
 * layer's `checkUpdate` like any item sheet change; the sheet shows the problems and restores
 * the shown value, or updates the item.
 */
import type { TypeKey } from "../../../../data/rules";
import { checkUpdate, type Problem } from "../../../../data/validate";

/** Aria label of a skill's ML input (`{name}`: the skill). */
export const INLINE_ML_LABEL = "BLOWBYBLOW.ActorSheet.Skills.mlInput";

/** The fields each item type lets the actor sheet edit in place. */
export const INLINE_FIELDS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  skill: Object.freeze(["system.hm3.ml"]),
});

const TYPE_KEYS: Readonly<Record<string, TypeKey>> = Object.freeze({ skill: "Item.skill" });

/** The update to make, or why the value is refused (no problems: a field not editable here). */
export type InlineDecision = { update: Record<string, unknown> } | { problems: Problem[] };

/** What an in-place edit of `field` of an item of `itemType` to `raw` (as typed) does. */
export function inlineItemUpdate(itemType: string, field: string, raw: unknown): InlineDecision {
  const type = TYPE_KEYS[itemType];
  if (!type || !INLINE_FIELDS[itemType]?.includes(field)) return { problems: [] };
  const { accepted, problems } = checkUpdate(type, { [field]: raw });
  if (problems.length || !(field in accepted)) return { problems };
  return { update: { [field]: accepted[field] } };
}
