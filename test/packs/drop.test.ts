/**
 * Dragging a pack entry onto an actor (issue 5): every item of the three HM3 item packs is
 * dropped on the actor sheet of a sample fighter, through the sheet's own `_onDropItem` (the
 * drop checks, then v13 ActorSheetV2 creating the item with its id kept) against the stand-ins
 * and the real data models, and lands with its system data as the pack has it. On the war dog
 * (a creature with the Dog plan) weapons and missiles land the same; a piece of human armour
 * keeps everything but the locations its plan does not have, and the sheet says so.
 */
import "../foundry/stand-ins";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "../foundry/stand-ins/globals";
import { makeActor, type StandInActor } from "../foundry/stand-ins/data";
import { resetApplications } from "../foundry/stand-ins/applications";
import { ACTOR_PACKS, ITEM_PACKS, SOURCE_DIR } from "../../scripts/pack-sources";
import { registerDataModels } from "../../src/foundry/data";
import { CharacterSheet, CreatureSheet } from "../../src/foundry/rulesets/hm3/sheets/actor/actor-sheet";

type Obj = Record<string, unknown>;
type Doc = Obj & { _id: string; name: string; type: string; system: Obj; items?: Doc[] };

const committed = (pack: string): Doc[] =>
  readdirSync(join(SOURCE_DIR, pack))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(SOURCE_DIR, pack, f), "utf8")) as Doc);

const items = Object.values(ITEM_PACKS).flatMap((p) => committed(p));
const fighters = committed(ACTOR_PACKS.fighters);

function actorFrom(source: Doc): StandInActor {
  return makeActor({
    name: source.name,
    type: source.type,
    system: structuredClone(source.system) as never,
    items: structuredClone(source.items ?? []).map((i) => ({ ...i, id: i._id })) as never,
  });
}

/** A compendium Item as v13 hands it to `_onDropItem`: no parent, its source by toObject. */
const fromPack = (doc: Doc) => ({
  id: doc._id,
  name: doc.name,
  type: doc.type,
  parent: null,
  toObject: () => structuredClone(doc),
});

async function drop(sheet: unknown, doc: Doc): Promise<unknown> {
  const handler = (sheet as { _onDropItem(e: unknown, i: unknown): Promise<unknown> })._onDropItem;
  return handler.call(sheet, {}, fromPack(doc));
}

const systemOf = (actor: StandInActor, id: string) =>
  (actor.items.get(id)!.system as unknown as { toObject(): Obj }).toObject();

describe("dropping every item pack entry on a sample fighter's sheet", () => {
  beforeEach(() => {
    resetStandIns();
    resetApplications();
    registerDataModels();
  });

  it(`on a character (${fighters.find((f) => f.type === "character")!.name}): all ${items.length} land as the pack has them`, async () => {
    const knight = fighters.find((f) => f.type === "character")!;
    const actor = actorFrom(knight);
    const sheet = new CharacterSheet({ document: actor as never });
    const before = actor.items.size;
    for (const doc of items) await drop(sheet, doc);
    expect(actor.items.size).toBe(before + items.length);
    for (const doc of items) {
      const item = actor.items.get(doc._id);
      expect(item, doc.name).toBeDefined();
      expect([item!.name, item!.type]).toEqual([doc.name, doc.type]);
      expect(systemOf(actor, doc._id), doc.name).toEqual(doc.system);
    }
    expect(standIns.notifications.messages).toEqual([]);
    // The knight still derives, now carrying the whole armoury.
    expect((actor.system as unknown as { derived: unknown }).derived).not.toBeNull();
  });

  it("on the war dog (Dog plan): weapons and missiles land; human armour loses only the locations the dog lacks", async () => {
    const source = fighters.find((f) => f.type === "creature")!;
    const actor = actorFrom(source);
    const sheet = new CreatureSheet({ document: actor as never });
    const arms = items.filter((d) => d.type !== "armour");
    for (const doc of arms) await drop(sheet, doc);
    for (const doc of arms) expect(systemOf(actor, doc._id), doc.name).toEqual(doc.system);
    expect(standIns.notifications.messages).toEqual([]);

    const helm = items.find((d) => d.name === "Plate 3/4 Helm")!;
    await drop(sheet, helm);
    const landed = systemOf(actor, helm._id) as { hm3: Obj };
    expect(landed.hm3.locations).toEqual([]);
    expect({ ...landed, hm3: { ...landed.hm3, locations: null } }).toEqual({
      ...helm.system,
      hm3: { ...(helm.system.hm3 as Obj), locations: null },
    });
    expect(standIns.notifications.messages.map((m) => m.type)).toEqual(["warning"]);
    expect(standIns.notifications.messages[0]!.message).toBe(
      `Locations: ${JSON.stringify((helm.system.hm3 as Obj).locations)} is not a location of the Dog body plan.`,
    );
  });
});
