/**
 * The other rulesets' blocks of an item, for its sheet (issue 16). An item may carry one block
 * per ruleset (a broadsword is one item in HârnMaster 3 and in GURPS Man to Man, `system.hm3` and
 * `system.m2m`); a ruleset's item sheet edits its own block and lists the others read-only for a
 * GM, as they are stored, so a GM can see what the item will be once the world switches. A player
 * sees none of them. One implementation for every ruleset's item sheet: each sheet passes its own
 * ruleset id, and each other registered ruleset with a block for the item's type and a stored
 * block is listed. The labels are the rulesets' own, from their registered `FoundryRuleset`: the
 * name (`BLOWBYBLOW.Ruleset.<id>`) and the label of each field of the block
 * (`RulesetData.labels`, looked up by `labelFor`). Values are plain text: the part template
 * (templates/item/others.hbs) escapes them. A block still at its ruleset's defaults (every leaf
 * at its rule's initial value, every list empty, every nullable group null: never filled in, as
 * on an item made for another ruleset) is one line, "Not set for HârnMaster 3", instead of a
 * table of defaults. Pure (no Foundry globals).
 */
import { labelFor } from "../data/validate";
import type { Rule, TypeKey } from "../data/rules";
import { allRulesets, type BlockTypeKey } from "../rulesets";
import { formatWith, type Format, type Localize } from "./common";

/**
 * The item sheet part that lists the blocks (on the details tab), the same template in every
 * ruleset's item sheet; its context is `others: otherBlocksContext(…)`.
 */
export const OTHER_BLOCKS_TEMPLATE = "systems/blow-by-blow/templates/item/others.hbs";

/** The lang keys of the list. */
export const OTHER_BLOCKS_TEXT = Object.freeze({
  title: "BLOWBYBLOW.ItemSheet.OtherBlocks.title",
  hint: "BLOWBYBLOW.ItemSheet.OtherBlocks.hint",
  empty: "BLOWBYBLOW.ItemSheet.OtherBlocks.empty",
  yes: "BLOWBYBLOW.ItemSheet.OtherBlocks.yes",
  no: "BLOWBYBLOW.ItemSheet.OtherBlocks.no",
  notSet: "BLOWBYBLOW.ItemSheet.OtherBlocks.notSet",
});

/** One stored leaf of a block: its path inside the block, its label and its value as text. */
export interface OtherBlockRow {
  /** Path inside the block (`modes.0.skill`). */
  path: string;
  /** The field's label, an array element's number after its list's (`Attack modes 1 › Skill`). */
  label: string;
  value: string;
}

export interface OtherBlock {
  /** The ruleset's id (the block's key in `system`). */
  id: string;
  /** The ruleset's name (the table's caption). */
  name: string;
  /** "Not set for <ruleset>" when the block is its ruleset's defaults (no rows then), else null. */
  notSet: string | null;
  rows: OtherBlockRow[];
}

export interface OtherBlocksContext {
  /** Empty for a player, and when the item has no other ruleset's block. */
  blocks: OtherBlock[];
  title: string;
  hint: string;
}

export interface OtherBlocksInput {
  /** The item's type (`weapon`). */
  type: string;
  /** The item's stored `system` (its blocks by ruleset id, and its shared fields). */
  system: object;
  /** The id of the ruleset whose sheet this is: its block is the sheet's own, not listed. */
  own: string;
  /** The viewer is a GM: only a GM sees the other blocks. */
  isGM: boolean;
  localize: Localize;
  /** `game.i18n.format`; absent: built from `localize`. */
  format?: Format;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** A value as the GM reads it: numbers and text as stored, yes/no, "—" for nothing. */
function valueText(value: unknown, localize: Localize): string {
  if (value === null || value === undefined || value === "")
    return localize(OTHER_BLOCKS_TEXT.empty);
  if (typeof value === "boolean")
    return localize(value ? OTHER_BLOCKS_TEXT.yes : OTHER_BLOCKS_TEXT.no);
  return String(value as string | number);
}

/** Every leaf of a block as `path: value` (an empty list or object is one leaf). */
function leaves(value: unknown, path: string, out: { path: string; value: unknown }[]): void {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v as unknown] as const)
      : Object.entries(value);
    if (entries.length === 0 && path) out.push({ path, value: null });
    for (const [k, v] of entries) leaves(v, path ? `${path}.${k}` : k, out);
    return;
  }
  out.push({ path, value });
}

/** The value a stored leaf takes when never set (the data model's initial value). */
function initialOf(rule: Rule): unknown {
  if (rule.kind === "list") return [];
  if (rule.kind === "html") return "";
  return "initial" in rule ? rule.initial : undefined;
}

/**
 * Whether a stored block is its ruleset's defaults for the type: every leaf at its rule's
 * initial value (`rules`, by path inside the block, `*` an array index), every list of objects
 * empty, every nullable container (`nullable`) null. A field the rules do not know is data.
 */
export function isDefaultBlock(
  rules: Readonly<Record<string, Rule>>,
  nullable: readonly string[],
  block: unknown,
): boolean {
  const walk = (value: unknown, path: string): boolean => {
    const p = path.replace(/\.\d+(?=\.|$)/g, ".*");
    const rule = path ? rules[p] : undefined;
    if (rule) return JSON.stringify(value) === JSON.stringify(initialOf(rule));
    if (nullable.includes(p)) return value === null;
    if (Array.isArray(value)) return value.length === 0;
    if (!isRecord(value)) return false;
    return Object.entries(value).every(([k, v]) => walk(v, path ? `${path}.${k}` : k));
  };
  return walk(block, "");
}

/**
 * The label of a leaf of ruleset `id`'s block: each level's field label joined by " › ", an
 * array index as the element's number (1-based) after its list's label; a level without a label
 * shows its key.
 */
function rowLabel(typeKey: TypeKey, id: string, path: string, localize: Localize): string {
  const segments = path.split(".");
  const parts: string[] = [];
  segments.forEach((segment, i) => {
    if (/^\d+$/.test(segment)) {
      const n = String(Number(segment) + 1);
      if (parts.length > 0) parts[parts.length - 1] = `${parts[parts.length - 1]} ${n}`;
      else parts.push(n);
      return;
    }
    const key = labelFor(typeKey, `${id}.${segments.slice(0, i + 1).join(".")}`);
    parts.push(key ? localize(key) : segment);
  });
  return parts.join(" › ");
}

/** The other registered rulesets' stored blocks of an item, for a GM; none for a player. */
export function otherBlocksContext(input: OtherBlocksInput): OtherBlocksContext {
  const { localize } = input;
  const format = input.format ?? formatWith(localize);
  const typeKey = `Item.${input.type}` as BlockTypeKey & TypeKey;
  const blocks = !input.isGM
    ? []
    : allRulesets().flatMap((ruleset): OtherBlock[] => {
        const block = (input.system as Readonly<Record<string, unknown>>)[ruleset.id];
        if (ruleset.id === input.own || !ruleset.data.blocks[typeKey] || !isRecord(block))
          return [];
        const name = localize(`BLOWBYBLOW.Ruleset.${ruleset.id}`);
        const rules = ruleset.data.rules[typeKey] ?? {};
        const unset = isDefaultBlock(rules, ruleset.data.nullable[typeKey] ?? [], block);
        const found: { path: string; value: unknown }[] = [];
        if (!unset) leaves(block, "", found);
        return [
          {
            id: ruleset.id,
            name,
            notSet: unset ? format(OTHER_BLOCKS_TEXT.notSet, { ruleset: name }) : null,
            rows: found.map(({ path, value }) => ({
              path,
              label: rowLabel(typeKey, ruleset.id, path, localize),
              value: valueText(value, localize),
            })),
          },
        ];
      });
  return {
    blocks,
    title: localize(OTHER_BLOCKS_TEXT.title),
    hint: localize(OTHER_BLOCKS_TEXT.hint),
  };
}
