/**
 * scripts/pack-validate.ts: the build's check of every compendium source document against the
 * system's stored fields (src/foundry/data/rules.ts, the table the data models are built from).
 * Every committed source passes; each kind of malformed document is refused with a message
 * naming the document and the field (issue 5: "malformed source JSON must fail the build with a
 * message naming the file and field").
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_PACKS, SOURCE_DIR } from "../../scripts/pack-sources";
import { documentProblems, formatSourceProblems } from "../../scripts/pack-validate";

type Obj = Record<string, unknown>;
type Doc = Obj & { _key: string; system: Obj & { hm3: Obj }; items?: Doc[] };

const read = (pack: string, file: string) =>
  JSON.parse(readFileSync(join(SOURCE_DIR, pack, file), "utf8")) as Doc;
const collection = (d: Doc) => /^!([a-z]+)!/.exec(d._key)![1]!;
/** The messages for a document, one line each, as the build prints them. */
const messages = (d: Doc) => formatSourceProblems("x.json", documentProblems(d, collection(d)));

const sword = read("hm3-melee-weapons", "broadsword.json");
const bow = read("hm3-missile-weapons", "arrow-longbow.json");
const helm = read("hm3-armour", "plate-3-4-helm.json");
const knight = read("hm3-sample-fighters", "sir-aldric-knight.json");
const dog = read("hm3-sample-fighters", "war-dog.json");

describe("every committed pack source passes the build's check", () => {
  for (const pack of ALL_PACKS)
    it(pack, () => {
      const files = readdirSync(join(SOURCE_DIR, pack)).filter((f) => f.endsWith(".json"));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(messages(read(pack, f)), f).toBe("");
    });
});

describe("a malformed source document is refused, naming the field", () => {
  const edit = (doc: Doc, change: (d: Doc) => void) => {
    const copy = structuredClone(doc);
    change(copy);
    return messages(copy);
  };

  it("a number written as text, a value out of bounds, a wrong choice", () => {
    expect(edit(sword, (d) => (d.system.hm3.wq = "12"))).toBe(
      'x.json: system.hm3.wq: expected 12 exactly, got "12"',
    );
    expect(edit(sword, (d) => ((d.system.hm3.impact as Obj).edge = -1))).toBe(
      "x.json: system.hm3.impact.edge: -1 is outside the range 0 to 50.",
    );
    expect(edit(sword, (d) => (d.system.hm3.handMode = "three"))).toBe(
      'x.json: system.hm3.handMode: "three" is not one of one, two, either.',
    );
    expect(edit(bow, (d) => (d.system.hm3.velocity = "fast"))).toMatch(
      /^x\.json: system\.hm3\.velocity: "fast" is not one of low, high\.$/,
    );
    expect(edit(sword, (d) => (d.system.hm3.shield = "yes"))).toMatch(
      /^x\.json: system\.hm3\.shield: "yes" is not yes or no\.$/,
    );
  });

  it("a field the type does not have, a missing field, an unknown type, no name", () => {
    expect(edit(sword, (d) => (d.system.hm3.weaponQuality = 12))).toBe(
      "x.json: system.hm3.weaponQuality: not a field of Item.weapon (got 12)",
    );
    expect(edit(bow, (d) => delete (d.system.hm3.ranges as Obj).long)).toBe(
      [
        "x.json: system.hm3.ranges.long.range: missing (a source writes every stored field out)",
        "x.json: system.hm3.ranges.long.impact: missing (a source writes every stored field out)",
      ].join("\n"),
    );
    expect(edit(sword, (d) => (d.type = "sword"))).toBe(
      'x.json: type: expected one of weapon, missile, armour, skill, injury, gear, got "sword"',
    );
    expect(edit(sword, (d) => (d.name = ""))).toBe(
      'x.json: name: expected the document\'s name, got ""',
    );
    expect(edit(sword, (d) => (d.system = [] as never))).toBe(
      "x.json: system: expected an object, got []",
    );
  });

  it("armour covering a location the human plan does not have", () => {
    expect(edit(helm, (d) => (d.system.hm3.locations = ["skull", "tail"]))).toBe(
      'x.json: system.hm3.locations: ["skull","tail"] is not a location of the human body plan.',
    );
  });

  it("an actor: an attribute out of range; an embedded item named by index and name", () => {
    expect(edit(knight, (d) => ((d.system.hm3.attributes as Obj).str = 0))).toBe(
      "x.json: system.hm3.attributes.str: 0 is outside the range 1 to 30.",
    );
    const i = knight.items!.findIndex((it) => it.name === "Broadsword");
    expect(edit(knight, (d) => (d.items![i]!.system.hm3.wq = 31))).toBe(
      `x.json (items[${i}] "Broadsword"): system.hm3.wq: 31 is outside the range 0 to 30.`,
    );
    expect(edit(knight, (d) => (d.items = undefined))).toBe(
      "x.json: items: expected a list of items, got nothing",
    );
  });

  it("a creature's armour is checked against its own plan, and its plan against the plan rules", () => {
    const i = dog.items!.findIndex((it) => it.name === "Leather barding");
    expect(edit(dog, (d) => (d.items![i]!.system.hm3.locations = ["body", "skull"]))).toBe(
      `x.json (items[${i}] "Leather barding"): system.hm3.locations: ["body","skull"] is not a location of the Dog body plan.`,
    );
    expect(
      edit(dog, (d) => {
        const plan = d.system.hm3.bodyPlan as { locations: { aim: { high: number } }[] };
        plan.locations[0]!.aim.high += 1;
      }),
    ).toMatch(/^x\.json: system\.hm3\.bodyPlan\..*high aim points of all locations sum to 101/);
  });

});
