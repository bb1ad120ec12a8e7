/**
 * The GURPS Man to Man pack sources (`packs/_source/m2m-*`), written by
 * `npm run packs:sources` (scripts/pack-sources.ts calls `generateM2mSources`) from the engine's
 * own equipment tables (src/rules/m2m/equipment, seed 004 L4283–4880) through the item blocks
 * of src/foundry/rulesets/m2m/item-tables.ts. Re-runnable: the same tables give byte-identical
 * files; test/packs/m2m-items.test.ts checks the committed sources are what this writes.
 *
 * Item types are the system's own: a hand weapon or shield is a `weapon`, a ranged weapon a
 * `missile`, a suit or piece of armour an `armour`. Each carries `system.m2m` and no `hm3`
 * block. Ids are stable (`stableId("<pack>:<name>")`, scripts/pack-ids.ts).
 *
 * Armour is two packs: Basic suits and Advanced pieces are the two ways of wearing armour
 * (L4596: "If you are using the Advanced Combat System and selecting armor part by part, refer
 * to the separate Armor Table"), a character uses one or the other, and both tables have a
 * "Winter clothing" and a "Chainmail" with other figures (a suit's chainmail includes its
 * padding, L1142; the piece's does not, L4880).
 */
import {
  handWeaponBlock,
  handWeaponItems,
  M2M_TABLES,
  pieceBlock,
  rangedBlock,
  shieldBlock,
  suitBlock,
} from "../src/foundry/rulesets/m2m/item-tables";
import type { M2mItemBlocks, M2mItemType } from "../src/foundry/rulesets/m2m/item-data";
import { m2mFighterDocs, M2M_FIGHTERS_PACK } from "./pack-actors-m2m";
import { itemDoc, slug } from "./pack-ids";

type Obj = Record<string, unknown>;

/** The m2m item packs, by table. */
export const M2M_PACKS = Object.freeze({
  hand: "m2m-hand-weapons",
  ranged: "m2m-ranged-weapons",
  shields: "m2m-shields",
  suits: "m2m-armour-suits",
  pieces: "m2m-armour-pieces",
} as const);

/** The m2m item packs. */
export const M2M_ITEM_PACKS: readonly string[] = Object.values(M2M_PACKS);

/** Every m2m pack: the item packs, then the sample fighters (scripts/pack-actors-m2m.ts). */
export const M2M_ALL_PACKS: readonly string[] = [...M2M_ITEM_PACKS, M2M_FIGHTERS_PACK];

const IMG: Readonly<Record<string, string>> = Object.freeze({
  hand: "icons/svg/sword.svg",
  ranged: "icons/svg/target.svg",
  shields: "icons/svg/shield.svg",
  suits: "icons/svg/statue.svg",
  pieces: "icons/svg/statue.svg",
});

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The description: where the row is in seed 004, and the table's note. */
function description(lines: readonly number[], note: string | null): string {
  const where = `GURPS Man to Man, seed 004 L${lines.join(", L")}.`;
  return `<p>${escape(note ? `${where} ${note}` : where)}</p>`;
}

/** An item document of `pack` carrying `m2m` as its system block. */
export function m2mItemDoc<T extends M2mItemType>(
  table: keyof typeof M2M_PACKS,
  name: string,
  type: T,
  m2m: M2mItemBlocks[T],
  lines: readonly number[],
  note: string | null,
): Obj {
  return itemDoc(M2M_PACKS[table], name, type, IMG[table]!, {
    description: description(lines, note),
    quantity: 1,
    weight: m2m.weight ?? 0,
    carried: true,
    equipped: false,
    held: "none",
    m2m,
  });
}

/** A shield's item name: the table's type, with "shield" after it (a buckler is one). */
export function shieldName(type: string): string {
  return type === "Buckler" ? type : `${type} shield`;
}

/** Every document of the m2m packs, with its pack, in table order. */
export function m2mDocs(): { pack: string; doc: Obj }[] {
  const out: { pack: string; doc: Obj }[] = [];
  const add = (table: keyof typeof M2M_PACKS, doc: Obj) =>
    out.push({ pack: M2M_PACKS[table], doc });
  for (const item of handWeaponItems()) {
    // A note belongs to its table row: named by the row when the item has several techniques.
    const notes = item.rows.flatMap((r) =>
      r.note ? [item.rows.length > 1 ? `${r.name}: ${r.note}` : r.note] : [],
    );
    add(
      "hand",
      m2mItemDoc(
        "hand",
        item.name,
        "weapon",
        handWeaponBlock(item),
        item.rows.map((r) => r.line),
        notes.length ? notes.join(" ") : null,
      ),
    );
  }
  for (const w of M2M_TABLES.rangedWeapons)
    add("ranged", m2mItemDoc("ranged", w.name, "missile", rangedBlock(w), [w.line], w.note));
  for (const s of M2M_TABLES.shields)
    add(
      "shields",
      m2mItemDoc("shields", shieldName(s.name), "weapon", shieldBlock(s), [s.line], null),
    );
  for (const s of M2M_TABLES.suits)
    add("suits", m2mItemDoc("suits", s.name, "armour", suitBlock(s), [s.line], null));
  for (const p of M2M_TABLES.pieces)
    add("pieces", m2mItemDoc("pieces", p.name, "armour", pieceBlock(p), [p.line], p.note));
  return out;
}

/**
 * Every m2m source file: path under packs/_source → its JSON text. The item packs, then the
 * sample fighters, whose gear is copied from those items.
 */
export function generateM2mSources(): Map<string, string> {
  const out = new Map<string, string>();
  const items = m2mDocs();
  const all = [...items, ...m2mFighterDocs(items).map((doc) => ({ pack: M2M_FIGHTERS_PACK, doc }))];
  for (const { pack, doc } of all) {
    const path = `${pack}/${slug(String(doc.name))}.json`;
    if (out.has(path)) throw new Error(`two documents would be written to ${path}`);
    out.set(path, `${JSON.stringify(doc, null, 2)}\n`);
  }
  return out;
}
