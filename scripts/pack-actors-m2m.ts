/**
 * The GURPS Man to Man sample fighters pack (`packs/_source/m2m-sample-fighters`), written by
 * `npm run packs:sources` with the m2m item packs (scripts/pack-sources-m2m.ts). Each fighter of
 * src/foundry/rulesets/m2m/sample-fighters.ts becomes a `character` actor carrying its `m2m`
 * block and its gear as embedded items: every weapon, shield and suit of armour is a copy of the
 * m2m item pack's document for that table row (same name, image and `system`, a new id, linked by
 * `_stats.compendiumSource`); only the actor's own state differs: `quantity`, `equipped` (ready
 * or worn) and `held` (the hand it is in). A quiver and missiles, which no m2m item pack holds
 * (the packs are the hand weapon, ranged weapon, shield and armour tables), are `gear` items with
 * the table's weight (L4384, L4408), so the load is the book's.
 *
 * Ready weapons and shields are also listed in `m2m.encounter.readiness` (in hand, ready).
 * Ids are stable: the actor's is the sample fighter's own id, an embedded item's
 * `stableId("m2m-sample-fighters:<fighter id>:<entry index>:<table>:<row id>")`.
 */
import { getHandWeapon, getRangedAccessory, MISSILE_WEIGHT } from "../src/rules/m2m/equipment";
import type { M2mReadiness } from "../src/foundry/rulesets/m2m/character-data";
import {
  SAMPLE_FIGHTERS,
  type SampleFighter,
  type SampleGearEntry,
} from "../src/foundry/rulesets/m2m/sample-fighters";
import { stableId, withRulesetBlocks } from "./pack-ids";

type Obj = Record<string, unknown>;

export const M2M_FIGHTERS_PACK = "m2m-sample-fighters";
const SYSTEM_ID = "blow-by-blow";

/** An item pack document with the pack it is in. */
export interface PackItem {
  pack: string;
  doc: Obj;
}

/** The m2m item pack a gear entry's table is in, and the `m2m.ref` of its row there. */
export function packRef(e: SampleGearEntry): { pack: string; ref: string } | null {
  switch (e.table) {
    case "hand-weapon":
      // One item per physical weapon: the row's `item` (the bastard sword's 1- and 2-handed rows).
      return { pack: "m2m-hand-weapons", ref: getHandWeapon(e.id, "gear.id").item };
    case "ranged-weapon":
      return { pack: "m2m-ranged-weapons", ref: e.id };
    case "shield":
      return { pack: "m2m-shields", ref: e.id };
    case "armour-suit":
      return { pack: "m2m-armour-suits", ref: e.id };
    case "accessory":
    case "missile":
      return null;
  }
}

const MISSILE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  arrow: "Arrows",
  bolt: "Crossbow bolts",
  stone: "Sling stones",
  pellet: "Sling pellets",
});

/** A quiver or missiles, as a `gear` item (no m2m item pack holds them). */
function ownGear(e: SampleGearEntry): { name: string; system: Obj } {
  if (e.table === "accessory") {
    const a = getRangedAccessory(e.id, "gear.id");
    return {
      name: a.name,
      system: {
        description: `<p>GURPS Man to Man, seed 004 L${a.line}. ${a.note ?? ""}</p>`.replace(
          " </p>",
          "</p>",
        ),
        quantity: e.quantity,
        weight: a.weight,
        carried: true,
        equipped: false,
        held: "none",
      },
    };
  }
  const weight = (MISSILE_WEIGHT as Readonly<Record<string, number>>)[e.id];
  const name = MISSILE_NAMES[e.id];
  if (weight === undefined || name === undefined)
    throw new Error(
      `no missile ${JSON.stringify(e.id)} (expected one of arrow, bolt, stone, pellet)`,
    );
  return {
    name,
    system: {
      description: "<p>GURPS Man to Man, seed 004 L4408 (weight of one).</p>",
      quantity: e.quantity,
      weight,
      carried: true,
      equipped: false,
      held: "none",
    },
  };
}

/** The hand a ready entry is held in: a shield on the off arm, a two-handed weapon in both. */
function heldFor(e: SampleGearEntry, doc: Obj): string {
  if (e.state !== "ready") return "none";
  if (e.table === "shield") return "off";
  if (e.table === "hand-weapon")
    return getHandWeapon(e.id, "gear.id").attacks[0]!.hands === 2 ? "both" : "main";
  const hands = ((doc.system as Obj).m2m as { hands?: number }).hands;
  return hands === 2 ? "both" : "main";
}

/** One sample fighter as an actor document; `items` are the m2m item packs' documents. */
export function fighterDoc(f: SampleFighter, items: readonly PackItem[]): Obj {
  const actorId = f.id;
  const embedded: Obj[] = [];
  const readiness: M2mReadiness[] = [];
  f.gear.forEach((e, i) => {
    const _id = stableId(`${M2M_FIGHTERS_PACK}:${f.id}:${i}:${e.table}:${e.id}`);
    const base = {
      _id,
      _key: `!actors.items!${actorId}.${_id}`,
    };
    const tail = {
      effects: [],
      folder: null,
      sort: (i + 1) * 100,
      ownership: { default: 0 },
      flags: {},
    };
    const where = packRef(e);
    if (!where) {
      const own = ownGear(e);
      embedded.push({
        ...base,
        name: own.name,
        type: "gear",
        img: "icons/svg/item-bag.svg",
        system: withRulesetBlocks("Item", "gear", own.system),
        ...tail,
      });
      return;
    }
    const found = items.find(
      (p) =>
        p.pack === where.pack && ((p.doc.system as Obj).m2m as { ref: string }).ref === where.ref,
    );
    if (!found)
      throw new Error(
        `${f.name}: gear[${i}]: no item with ref ${JSON.stringify(where.ref)} in ${where.pack}`,
      );
    const system = structuredClone(found.doc.system) as Obj;
    system.quantity = e.quantity;
    system.equipped = e.state !== "carried";
    system.held = heldFor(e, found.doc);
    embedded.push({
      ...base,
      name: found.doc.name,
      type: found.doc.type,
      img: found.doc.img,
      system,
      ...tail,
      _stats: {
        compendiumSource: `Compendium.${SYSTEM_ID}.${where.pack}.Item.${String(found.doc._id)}`,
      },
    });
    if (e.state === "ready" && e.table !== "armour-suit")
      readiness.push({ item: _id, place: "hand", turnsToReady: 0, reach: "none", stuck: "no" });
  });
  const m2m = structuredClone(f.m2m);
  m2m.encounter.readiness = readiness;
  return {
    _id: actorId,
    _key: `!actors!${actorId}`,
    name: f.name,
    type: "character",
    img: "icons/svg/mystery-man.svg",
    system: withRulesetBlocks("Actor", "character", {
      description: `<p>A sample GURPS Man to Man fighter. Source: ${f.source.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}.</p>`,
      m2m,
    }),
    items: embedded,
    effects: [],
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
}

/** Every sample fighter as an actor document, in the order of SAMPLE_FIGHTERS. */
export function m2mFighterDocs(items: readonly PackItem[]): Obj[] {
  return SAMPLE_FIGHTERS.map((f) => fighterDoc(f, items));
}
