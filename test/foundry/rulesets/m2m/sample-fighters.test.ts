/**
 * The sample GURPS Man to Man fighters (issue 16): plain JSON data whose gear is named by the
 * engine's table ids; each is a valid block and derives; the book's own sheets come out with
 * the book's figures through the tables' weights and armour. "Lnnn" is a line of seed 004.
 */
import { describe, expect, it } from "vitest";
import {
  SAMPLE_FIGHTERS,
  sampleFighterGear,
  type SampleFighter,
} from "../../../../src/foundry/rulesets/m2m/sample-fighters";
import { validateM2mBlock } from "../../../../src/foundry/rulesets/m2m/character-data";
import {
  deriveM2mActor,
  type M2mActorDerived,
} from "../../../../src/foundry/rulesets/m2m/character-input";
import { seedLine as line } from "../../../m2m/sources";

const byName = (name: string): SampleFighter => {
  const f = SAMPLE_FIGHTERS.find((s) => s.name === name);
  if (!f) throw new Error(`no sample fighter ${name}`);
  return f;
};
const derive = (name: string): M2mActorDerived => {
  const f = byName(name);
  const out = deriveM2mActor(f.m2m, sampleFighterGear(f), () => {});
  expect(out.errors).toEqual([]);
  return out.derived!;
};

describe("every sample fighter", () => {
  it("there are at least six, with unique stable Foundry-style ids, Friedrick and Pierre among them", () => {
    expect(SAMPLE_FIGHTERS.length).toBeGreaterThanOrEqual(6);
    const ids = SAMPLE_FIGHTERS.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(SAMPLE_FIGHTERS.map((f) => f.name)).toEqual(
      expect.arrayContaining(["Fiendish Friedrick", "Filthy Pierre"]),
    );
  });

  it.each(SAMPLE_FIGHTERS.map((f) => [f.name, f] as const))(
    "%s: plain JSON, a valid block, HP = final HT, and derives without error",
    (_name, f) => {
      expect(JSON.parse(JSON.stringify(f))).toEqual(f);
      expect(validateM2mBlock(f.m2m)).toEqual([]);
      const out = deriveM2mActor(f.m2m, sampleFighterGear(f), () => {});
      expect(out.errors).toEqual([]);
      expect(f.m2m.hp).toBe(out.derived!.character.hitPoints);
      // Every ready weapon has a usable skill.
      expect(out.derived!.weapons.length).toBeGreaterThan(0);
      for (const w of out.derived!.weapons) expect(w.level).not.toBeNull();
    },
  );

  it("an unknown table id is refused naming the entry", () => {
    const f = structuredClone(byName("Filthy Pierre"));
    f.gear[0]!.id = "lightsaber";
    expect(() => sampleFighterGear(f)).toThrow(/^gear\.0\.id: unknown hand weapon/);
    const two = structuredClone(byName("Filthy Pierre"));
    two.gear.push({ table: "armour-suit", id: "chainmail", quantity: 1, state: "worn" });
    expect(() => sampleFighterGear(two)).toThrow(/^gear\.3\.id: only one suit/);
  });
});

describe("the book's sheets, from the tables' weights and armour", () => {
  it("Fiendish Friedrick L4187-4231: 81 lb, Speed 8.125, Move/Dodge 5, Axe 14 (12), Parry 7 (6), Block 4, PD 7, DR 4", () => {
    expect(line(4229)).toMatch(/970 81 Lbs/);
    expect(line(4205)).toBe("5\t7 (6)\t4");
    expect(line(4224)).toBe("Axe\tCut 1+4\t14 (12)\t50\t4");
    const f = byName("Fiendish Friedrick");
    expect(sampleFighterGear(f).load).toBe(81);
    const d = derive("Fiendish Friedrick");
    const c = d.character;
    expect(c.points.total).toBe(100);
    expect(c.speed.value).toBe(8.125);
    expect([c.move.value, c.dodge.value, c.block?.value]).toEqual([5, 5, 4]);
    expect([c.pd.value, c.dr.value]).toEqual([7, 4]);
    const axe = d.weapons.find((w) => w.skill === "axe-mace")!;
    expect([axe.level!.base, axe.level!.value]).toEqual([14, 12]);
    expect([axe.parry!.target.base, axe.parry!.value]).toEqual([7, 6]);
  });

  it("Filthy Pierre L1750-1756: Move/Dodge 4, Block 4, Shortsword 13, Parry 6, PD 3 (shield 2 + cloth 1), defence 9", () => {
    const d = derive("Filthy Pierre");
    const c = d.character;
    expect([c.move.value, c.dodge.value, c.block?.value]).toEqual([4, 4, 4]);
    expect(c.skills.shield?.level).toBe(14);
    const sword = d.weapons.find((w) => w.skill === "shortsword")!;
    expect(sword.level!.value).toBe(13);
    expect(sword.parry!.value).toBe(6);
    expect(c.pd.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["armour", 1],
      ["shield", 2],
    ]);
    expect(sword.parry!.value + c.pd.value).toBe(9);
  });

  it("Rogan the Reaver L4237-4281: 58 lb, Speed 6, Move/Dodge 4, Parry 7, Block 4, PD 5 (3), DR 6 (4)", () => {
    expect(sampleFighterGear(byName("Rogan the Reaver")).load).toBe(58);
    const d = derive("Rogan the Reaver");
    const c = d.character;
    expect(c.points.total).toBe(100);
    expect([c.speed.value, c.move.value, c.dodge.value, c.block?.value]).toEqual([6, 4, 4, 4]);
    expect(d.weapons[0]).toMatchObject({ skill: "broadsword" });
    expect(d.weapons[0]!.parry!.value).toBe(7);
    expect([c.pd.value, c.pdVsImpaling.value, c.dr.value, c.drVsImpaling.value]).toEqual([
      5, 3, 6, 4,
    ]);
  });

  it("Villem the Vile L4953-5003: Speed 6, Move/Dodge 4, Halberd Parry 7, no Block, PD 3, DR 5", () => {
    // The sheet's 69½ lb (L5001) leaves out the 10 bolts' 10 oz (L4408); Medium either way (≤ 6×13).
    const gear = sampleFighterGear(byName("Villem the Vile"));
    expect(gear.load).toBe(69.5 + 10 / 16);
    const d = derive("Villem the Vile");
    const c = d.character;
    expect(c.points.total).toBe(100);
    expect(c.encumbrance.id).toBe("medium");
    expect([c.speed.value, c.move.value, c.dodge.value]).toEqual([6, 4, 4]);
    expect(d.weapons[0]!.parry!.value).toBe(7);
    expect(c.block).toBeNull();
    expect([c.pd.value, c.dr.value]).toEqual([3, 5]);
  });

  it("John Falcon L4904-4951: 38+ lb, Speed 7, Move/Dodge 5, Parry 8, Block 5, PD 4, DR 3", () => {
    expect(line(4951)).toMatch(/Lbs\. 38\+/);
    const gear = sampleFighterGear(byName("John Falcon"));
    expect(Math.floor(gear.load)).toBe(38);
    const d = derive("John Falcon");
    const c = d.character;
    expect(c.points.total).toBe(100);
    expect([c.speed.value, c.move.value, c.dodge.value, c.block?.value]).toEqual([7, 5, 5, 5]);
    expect(d.weapons[0]!.parry!.value).toBe(8);
    expect([c.pd.value, c.dr.value]).toEqual([4, 3]);
  });

  it("Louis LeBlanc L1750: Shortsword 15 (his machete counts as a shortsword)", () => {
    expect(derive("Louis LeBlanc").weapons[0]!.level!.value).toBe(15);
  });

  it("Grishak the Orc: an Orc's final IQ −2 and HT +1 (L1502), 40 points at most (L1504)", () => {
    const c = derive("Grishak the Orc").character;
    expect(c.attributes).toEqual({ st: 12, dx: 12, iq: 7, ht: 11 });
    expect(c.points.total).toBeLessThanOrEqual(40);
  });
});
