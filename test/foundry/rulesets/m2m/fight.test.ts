/**
 * Where a GURPS Man to Man fighter's state block is kept (issue 17, docs/architecture.md §6
 * step 2): `system.m2m.fight`, JSON text replaced whole, null outside a fight; seeded from the
 * derived figures (basic HT) and the sheet's HP; HP one value with the sheet's (a sheet edit
 * reads as a new revision; every write stores both).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { makeActor, resetStandIns } from "../../stand-ins";
import type { FighterSnapshot } from "../../../../src/core/combat";
import { InputError } from "../../../../src/core/errors";
import { newFighterBlock, parseFighterBlock } from "../../../../src/rules/m2m/flow";
import { foundryRuleset } from "../../../../src/foundry/rulesets";
import { defaultM2mBlock } from "../../../../src/foundry/rulesets/m2m/character-data";
import {
  clearFight,
  fightConditions,
  readFight,
  seedFight,
  writeFight,
} from "../../../../src/foundry/rulesets/m2m/fight";
import { fighterSnapshot, type ActorLike } from "../../../../src/foundry/combat/snapshot";
import { registerDataModels } from "../../../../src/foundry/data";
import { friedrickBlock, friedrickDerived } from "./sheet-fixtures";

type Obj = Record<string, unknown>;

function snapshot(m2m: Obj, derived: unknown = { ruleset: "m2m", ...friedrickDerived() }) {
  return {
    actorType: "character",
    name: "Fiendish Friedrick",
    system: { m2m },
    derived,
    items: [],
    conditions: [],
  } satisfies FighterSnapshot;
}

describe("the m2m fight block on the actor (system.m2m.fight)", () => {
  it("is null in a new block and outside a fight; the registry offers the store", () => {
    expect(defaultM2mBlock().fight).toBeNull();
    expect(defaultM2mBlock("creature").fight).toBeNull();
    expect(readFight(snapshot({ ...friedrickBlock() }))).toBeNull();
    expect(foundryRuleset("m2m")?.fight?.read).toBe(readFight);
    expect(foundryRuleset("hm3")?.fight).toBeUndefined();
  });

  it("is seeded from the derived basic HT and the sheet's HP (Friedrick: HT 14, seed 004 L4187-4231; 9 HP left)", () => {
    const fresh = { ...friedrickBlock(), encounter: defaultM2mBlock().encounter };
    const block = seedFight(snapshot(fresh));
    expect(friedrickDerived().character.attributes.ht).toBe(14);
    expect(block).toEqual(newFighterBlock(14, 9));
    expect(block.revision).toBe(0);
    // With the record's shock 2 and crippled left hand (ruling M125): held in the block.
    const carried = parseFighterBlock(seedFight(snapshot({ ...friedrickBlock() }))).state;
    expect(carried.conditions.map((c) => [c.condition, c.value ?? c.location])).toEqual([
      ["shocked", 2],
      ["crippled", "left-hand"],
    ]);
  });

  it("refuses to seed without m2m figures, naming the field", () => {
    expect(() => seedFight(snapshot({ ...friedrickBlock() }, null))).toThrow(InputError);
    expect(() => seedFight(snapshot({ ...friedrickBlock() }, { ruleset: "hm3" }))).toThrow(
      /system\.derived/,
    );
  });

  it("is written as JSON text beside the sheet's HP, and read back the same", () => {
    const block = newFighterBlock(12, 7);
    const changes = writeFight({ ...block, revision: 3 });
    expect(changes).toEqual({
      "system.m2m.fight": JSON.stringify({ ...block, revision: 3 }),
      "system.m2m.hp": 7,
    });
    const stored = { ...friedrickBlock(), hp: 7, fight: changes["system.m2m.fight"] };
    expect(readFight(snapshot(stored))).toEqual({ ...block, revision: 3 });
    // A prepared data model holds the parsed object: read alike.
    const parsed = JSON.parse(changes["system.m2m.fight"] as string) as Obj;
    expect(readFight(snapshot({ ...stored, fight: parsed }))).toEqual({ ...block, revision: 3 });
    expect(clearFight()).toEqual({ "system.m2m.fight": null });
  });

  it("a sheet edit of HP since the block was written reads as the next revision with the sheet's HP", () => {
    const fight = JSON.stringify({ ...newFighterBlock(12, 7), revision: 3 });
    const read = readFight(snapshot({ ...friedrickBlock(), hp: 4, fight }))!;
    expect(read.revision).toBe(4);
    expect(read.data.hp).toBe(4);
    expect(parseFighterBlock(read).state.ht).toBe(12);
  });

  it("refuses a malformed stored block, naming the field and value", () => {
    const bad = (fight: unknown) => () => readFight(snapshot({ ...friedrickBlock(), fight }));
    expect(bad("{not json")).toThrow(/system\.m2m\.fight.*\{not json/);
    const wrongHp = JSON.stringify({ ...newFighterBlock(12), data: { hp: "x" } });
    expect(bad(wrongHp)).toThrow(/system\.m2m\.fight\.data/);
    expect(bad(JSON.stringify({ ruleset: "hm3", revision: 0, data: {} }))).toThrow(
      /system\.m2m\.fight\.ruleset/,
    );
  });

  it("lists the conditions the block holds, each once", () => {
    const block = newFighterBlock(12);
    const data = block.data as { conditions: unknown[] };
    data.conditions = [
      { condition: "shock", cause: "wound", until: "endOfNextTurn", value: 2, armed: false },
      { condition: "crippled", cause: "w", until: "encounter", location: "left-arm", armed: true },
      { condition: "crippled", cause: "w", until: "encounter", location: "left-leg", armed: true },
    ];
    expect(fightConditions(block)).toEqual(["shock", "crippled"]);
  });
});

describe("the fight block on a stand-in actor", () => {
  beforeEach(() => {
    resetStandIns();
    registerDataModels();
  });

  it("an update with writeFight stores text in the source, both values with it; clear empties it", async () => {
    const actor = makeActor({
      _id: "actorFriedrick01",
      name: "Fiendish Friedrick",
      type: "character",
      system: { m2m: friedrickBlock() as unknown as Obj },
    });
    const before = fighterSnapshot(actor as unknown as ActorLike);
    expect(readFight(before)).toBeNull();
    const block = { ...newFighterBlock(12, 5), revision: 2 };
    await actor.update(writeFight(block));
    const source = (actor._source.system as { m2m: Obj }).m2m;
    expect(typeof source.fight).toBe("string");
    expect(source.hp).toBe(5);
    expect(readFight(fighterSnapshot(actor as unknown as ActorLike))).toEqual(block);
    await actor.update(clearFight());
    expect((actor._source.system as { m2m: Obj }).m2m.fight).toBeNull();
  });
});
