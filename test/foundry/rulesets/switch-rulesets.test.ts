/**
 * Switching a world's ruleset loses nothing (issue 16): characters, creatures and items with
 * both an HM3 and a GURPS Man to Man block (and another module's flags, which the stand-ins
 * keep as Foundry does; the data models drop an unknown `system` field on load in any ruleset,
 * so none is given) are stored, then the world switches hm3 → m2m → hm3. A switch reloads
 * every client: each phase rebuilds every document from its stored source (Foundry's cleaning
 * and migrations run again), prepares it (the phase's ruleset derives its figures) and writes
 * an unrelated change back through the update path. Every document's source is the same
 * before and after, field for field; the derived figures are the phase's ruleset's.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "../stand-ins/globals";
import "../stand-ins";
import { makeActor, makeItem, type DocumentInput } from "../stand-ins/data";
import { registerDataModels } from "../../../src/foundry/data";
import { registerCombatSettings } from "../../../src/foundry/combat/settings";
import { SAMPLE_FIGHTERS } from "../../../src/foundry/rulesets/m2m/sample-fighters";

type Obj = Record<string, unknown>;
const read = (path: string): Obj =>
  JSON.parse(readFileSync(new URL(`../../../packs/_source/${path}.json`, import.meta.url), "utf8"));

const flags = { "other-module": { note: "kept", n: 3 } };

/** A stored document as the pack gives it, the parts Foundry's data models own. */
function stored(doc: Obj, m2m?: unknown): Obj {
  const system = structuredClone(doc.system) as Obj;
  if (m2m !== undefined) system.m2m = structuredClone(m2m);
  const out: Obj = { _id: doc._id, name: doc.name, type: doc.type, system, flags };
  if (Array.isArray(doc.items))
    out.items = (doc.items as Obj[]).map((i) => ({
      _id: i._id,
      name: i.name,
      type: i.type,
      system: structuredClone(i.system),
      flags,
    }));
  return out;
}

const friedrick = SAMPLE_FIGHTERS.find((f) => f.name === "Fiendish Friedrick")!;
const pierre = SAMPLE_FIGHTERS.find((f) => f.name === "Filthy Pierre")!;

/** Both blocks on every document: HM3 fighters given m2m figures, m2m items given HM3 ones. */
function world(): { actors: Obj[]; items: Obj[] } {
  const knight = stored(read("hm3-sample-fighters/sir-aldric-knight"), friedrick.m2m);
  // The knight's broadsword also carries the m2m table's broadsword (one item, both rulesets).
  const broadsword = read("m2m-hand-weapons/broadsword").system as Obj;
  for (const i of knight.items as Obj[])
    if (i.name === "Broadsword") {
      (i.system as Obj).m2m = structuredClone(broadsword.m2m);
      (i.system as Obj).equipped = true;
    }
  const dog = stored(read("hm3-sample-fighters/war-dog"), {
    ...structuredClone(pierre.m2m),
    bodyPlan: "m2m-human",
  });
  const axe = stored(read("m2m-hand-weapons/axe"));
  (axe.system as Obj).hm3 = {
    skill: "Axe",
    wq: 14,
    attack: 10,
    defence: 5,
    impact: { blunt: 4, edge: 6, point: null, fire: null },
    handMode: "one",
    shield: false,
  };
  const scale = stored(read("m2m-armour-suits/scale-armor"));
  (scale.system as Obj).hm3 = {
    material: "scale",
    quality: 1,
    enchantment: 0,
    locations: ["thorax", "abdomen"],
  };
  const bow = stored(read("m2m-ranged-weapons/longbow"));
  return { actors: [knight, dog], items: [axe, scale, bow] };
}

beforeEach(() => {
  resetStandIns();
  registerCombatSettings();
  registerDataModels();
});

describe("switching rulesets hm3 → m2m → hm3", () => {
  it("keeps every document's source, both blocks and other modules' flags; each phase derives its own figures", async () => {
    const { actors, items } = world();
    // The world as first stored (Foundry's cleaning of the given data).
    let actorSources = actors.map((a) => makeActor(a as unknown as DocumentInput).toObject());
    let itemSources = items.map((i) => makeItem(i as unknown as DocumentInput).toObject());
    const first = structuredClone({ actorSources, itemSources });
    // Both blocks are there, as given.
    expect((actorSources[0]!.system as Obj).m2m).toMatchObject({ hp: friedrick.m2m.hp });
    expect(((itemSources[0]!.system as Obj).hm3 as Obj).wq).toBe(14);

    for (const ruleset of ["hm3", "m2m", "hm3"]) {
      await standIns.game.settings.set("blow-by-blow", "ruleset", ruleset as never);
      const loaded = actorSources.map((a) => makeActor(a as unknown as DocumentInput));
      for (const a of loaded) {
        const derived = (a.system as unknown as { derived: { ruleset: string } | null }).derived;
        expect(derived?.ruleset, `${a.name} in ${ruleset}`).toBe(ruleset);
        // An edit in this ruleset's world (a name change) writes through the update path.
        await a.update({ name: `${a.name}` });
      }
      const loadedItems = itemSources.map((i) => makeItem(i as unknown as DocumentInput));
      for (const i of loadedItems) await i.update({ name: `${i.name}` });
      actorSources = loaded.map((a) => a.toObject());
      itemSources = loadedItems.map((i) => i.toObject());
      expect({ actorSources, itemSources }, `after ${ruleset}`).toEqual(first);
    }
    // The other module's flags came through every phase.
    expect(actorSources.every((a) => JSON.stringify(a.flags) === JSON.stringify(flags))).toBe(true);
  });
});
