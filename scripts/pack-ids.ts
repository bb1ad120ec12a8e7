/**
 * The compendium id scheme (docs/packs.md): a document's `_id` is the first 16 base-62
 * characters of SHA-256 of a stable key (`<pack>:<name>`; an embedded item's key adds its
 * actor and type), so UUID links survive rebuilds; a file is named by the document's slug.
 * Shared by scripts/pack-sources.ts, scripts/pack-actors.ts and scripts/pack-sources-m2m.ts.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { RULESET_IDS } from "../src/foundry/rulesets";

type Obj = Record<string, unknown>;

let template: Record<string, Record<string, Obj>> | undefined;

/**
 * `system` with every registered ruleset's block its type has (template.json's defaults, as
 * Foundry stores a document made without it) added after its own fields: a source writes
 * every stored field out, and an item made for one ruleset carries the others' defaults (a
 * world that switches rulesets keeps every block).
 */
export function withRulesetBlocks(documentName: "Actor" | "Item", type: string, system: Obj): Obj {
  template ??= JSON.parse(
    readFileSync(new URL("../template.json", import.meta.url), "utf8"),
  ) as Record<string, Record<string, Obj>>;
  const defaults = template[documentName]?.[type] ?? {};
  const out: Obj = { ...system };
  for (const id of RULESET_IDS)
    if (out[id] === undefined && defaults[id] !== undefined)
      out[id] = structuredClone(defaults[id]);
  return out;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A stable 16-character document id from a stable key (`<pack>:<name>`). */
export function stableId(key: string): string {
  const digest = createHash("sha256").update(key, "utf8").digest();
  let id = "";
  for (let i = 0; id.length < 16; i++) id += BASE62[digest[i]! % 62];
  return id;
}

/** A file name from a document name: lower case, runs of other characters become "-". */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** An item document of `pack` with its stable id and `_key`, as the item packs write them. */
export function itemDoc(
  pack: string,
  name: string,
  type: string,
  img: string,
  system: Record<string, unknown>,
): Record<string, unknown> {
  const _id = stableId(`${pack}:${name}`);
  return {
    _id,
    _key: `!items!${_id}`,
    name,
    type,
    img,
    system: withRulesetBlocks("Item", type, system),
    effects: [],
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
}
