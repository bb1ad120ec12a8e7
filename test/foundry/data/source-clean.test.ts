/**
 * The CLI's actor files are read as Foundry's data model cleaning reads them (issue 15):
 * `cleanedSource` (src/foundry/data/source-check.ts) must store what the stand-in data models
 * (v13's NumberField/StringField/ArrayField cleaning) store for the same document, so that what
 * the actor-file check accepted is what the derivation reads.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import "../stand-ins";
import { resetStandIns, standIns } from "../stand-ins/globals";
import { makeActor } from "../stand-ins/data";
import { registerDataModels } from "../../../src/foundry/data";
import { cleanedSource, sourceProblems } from "../../../src/foundry/data/source-check";

type Obj = Record<string, unknown>;
type Doc = Obj & {
  system: Obj & { hm3: Obj & { attributes: Obj; bodyPlan?: unknown } };
  items: (Obj & { _id: string; type: string; name: string; system: Obj & { hm3: Obj } })[];
};
const load = (name: string) =>
  JSON.parse(readFileSync(`packs/_source/hm3-sample-fighters/${name}.json`, "utf8")) as Doc;

beforeEach(() => {
  resetStandIns();
  registerDataModels();
});

/** What the stand-in data models store for `doc` (its system and each item's, by id). */
function modelSource(doc: Doc): { system: unknown; items: Record<string, unknown> } {
  const actor = makeActor(structuredClone(doc) as never) as unknown as {
    _source: { system: unknown };
    items: Iterable<{ id: string; _source: { system: unknown } }>;
  };
  const items = Object.fromEntries([...actor.items].map((i) => [i.id, i._source.system]));
  return { system: actor._source.system, items };
}

function cleaned(doc: Doc): { system: unknown; items: Record<string, unknown> } {
  const problems = sourceProblems(doc, "actors", { i18n: standIns.game.i18n, strict: false });
  expect(problems).toEqual([]);
  const out = cleanedSource(doc, "actors") as Doc;
  return {
    system: out.system,
    items: Object.fromEntries(out.items.map((i) => [i._id, i.system])),
  };
}

describe("an actor file is cleaned as the data model cleans it", () => {
  it("text numbers in number fields become numbers, text fields stay text, missing fields take their defaults", () => {
    const doc = load("sir-aldric-knight");
    doc.system.hm3.attributes.str = "12";
    doc.system.hm3.attributes.dex = " 14 ";
    doc.system.hm3.fatigue = "0x2"; // Number("0x2") is 2, as NumberField casts it
    delete doc.system.hm3.attributes.agl; // default 10
    doc.system.hm3.encumbrance = ""; // nullable: "" is null
    const weapon = doc.items.find((i) => i.type === "weapon")!;
    weapon.system.hm3.wq = "12";
    delete weapon.system.hm3.attack;
    weapon.system.hm3.skill = `  ${String(weapon.system.hm3.skill)}  `; // trimmed
    const skill = doc.items.find((i) => i.type === "skill")!;
    skill.system.hm3.ml = "55";
    const armour = doc.items.find((i) => i.type === "armour")!;
    armour.system.hm3.locations = "thorax"; // one value: a list of it (ArrayField)
    armour.system.hm3.quality = "-2";
    armour.system.equipped = "true";

    const ours = cleaned(doc);
    expect(ours).toEqual(modelSource(doc));
    const attrs = (ours.system as Doc["system"]).hm3.attributes;
    expect([attrs.str, attrs.dex, attrs.agl]).toEqual([12, 14, 10]);
    expect((ours.items[armour._id] as Doc["system"]).hm3.locations).toEqual(["thorax"]);
  });

  it("a creature without a body plan keeps the null plan; one with a plan gets its cells' defaults", () => {
    const dog = load("war-dog");
    expect(dog.type).toBe("creature");
    const plan = dog.system.hm3.bodyPlan as { locations: Obj[] };
    delete plan.locations[0]!.paired;
    const aim = plan.locations[0]!.aim as Obj;
    aim.high = String(aim.high);
    expect(cleaned(dog)).toEqual(modelSource(dog));
    const bare = load("war-dog");
    delete bare.system.hm3.bodyPlan;
    // Its barding covers the dog's own locations, which the human plan lacks.
    bare.items = bare.items.filter((i) => i.type !== "armour");
    const out = cleaned(bare);
    expect((out.system as Doc["system"]).hm3.bodyPlan).toBeNull();
    expect(out).toEqual(modelSource(bare));
  });

  it("every sample fighter is stored as given", () => {
    for (const name of ["brigand", "longbowman", "man-at-arms", "militia-spearman"]) {
      const doc = load(name);
      expect(cleaned(doc)).toEqual(modelSource(doc));
      expect(cleanedSource(doc, "actors")).toEqual(doc);
    }
  });
});
