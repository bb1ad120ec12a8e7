/**
 * The actor's derived data: `hm3Input` maps an actor's system data and items to the rules
 * core's input field by field, and `prepareDerivedData` stores what `deriveHm3Character`
 * returns (the adapter computes nothing itself). A value the core refuses leaves `derived`
 * null and a localisable problem instead of an exception.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { makeActor, type DocumentInput } from "../stand-ins/data";
import { resetStandIns } from "../stand-ins/globals";
import { registerDataModels } from "../../../src/foundry/data";
import { deriveActor } from "../../../src/foundry/data/actor/derive";
import { CREATURE_PLAN_ID, hm3Input, type ItemLike } from "../../../src/foundry/rulesets/hm3/input";
import type { CharacterSource, CreatureSource } from "../../../src/foundry/data/source";
import { humanBodyPlan } from "../../../src/rules/hm3/body-plan";
import { deriveHm3Character } from "../../../src/rules/hm3/character";
import type { Hm3Derived } from "../../../src/rules/hm3/character-types";

const ATTRS = {
  str: 12,
  sta: 13,
  dex: 11,
  agl: 12,
  eye: 10,
  hrg: 10,
  sml: 9,
  voi: 10,
  int: 11,
  aur: 9,
  wil: 14,
  cml: 10,
};

const ITEMS: DocumentInput[] = [
  {
    _id: "skillSword000001",
    type: "skill",
    name: "Sword",
    system: {
      hm3: { category: "combat", sbAttributes: ["str", "dex", "dex"], sbModifier: 1, ml: 62 },
    },
  },
  {
    _id: "skillInit0000001",
    type: "skill",
    name: "Initiative",
    system: {
      hm3: { category: "combat", sbAttributes: ["agl", "wil", "wil"], skillBase: 14, ml: 55 },
    },
  },
  {
    _id: "weaponSword00001",
    type: "weapon",
    name: "Broadsword",
    system: {
      weight: 4,
      equipped: true,
      held: "main",
      hm3: {
        skill: "sword",
        wq: 12,
        attack: 5,
        defence: 0,
        impact: { edge: 5, point: 3 },
        handMode: "one",
      },
    },
  },
  {
    _id: "missileBow000001",
    type: "missile",
    name: "Shortbow",
    system: {
      weight: 2,
      carried: false,
      hm3: {
        skill: "Bow",
        aspect: "point",
        velocity: "high",
        wq: 11,
        ranges: {
          short: { range: 20, impact: 5 },
          medium: { range: 40, impact: 4 },
          long: { range: 80, impact: 3 },
          extreme: { range: 160, impact: 2 },
        },
      },
    },
  },
  {
    _id: "armourMail000001",
    type: "armour",
    name: "Mail byrnie",
    system: {
      weight: 18,
      equipped: true,
      hm3: {
        material: "mail",
        quality: 1,
        enchantment: 0,
        locations: ["thorax", "abdomen", "left-upper-arm"],
      },
    },
  },
  {
    _id: "injuryCut0000001",
    type: "injury",
    name: "Cut",
    system: {
      hm3: { location: "left-forearm", aspect: "edge", severity: "S", level: 2, healingRate: 4 },
    },
  },
  { _id: "gearRope00000001", type: "gear", name: "Rope", system: { weight: 3, quantity: 2 } },
];

function actor(type: "character" | "creature", system: Record<string, unknown>, items = ITEMS) {
  return makeActor({ _id: "actorHero0000001", type, name: "Hero", system, items });
}

beforeEach(() => {
  resetStandIns();
  registerDataModels();
});

describe("hm3Input", () => {
  it("maps the actor and every item type field by field", () => {
    const a = actor("character", { hm3: { attributes: ATTRS, fatigue: 1, encumbrance: null } });
    const items: ItemLike[] = a.items.contents.map((i) => ({
      id: i.id,
      type: i.type,
      name: i.name,
      system: i.system,
    }));
    const input = hm3Input(a.system as unknown as CharacterSource, items);
    expect(input).toEqual({
      attributes: ATTRS,
      fatigue: 1,
      encumbranceOverride: null,
      // The actor's unarmed style, for the Kamtóla skill base (HârnMaster Gold, ruling G91).
      unarmedStyle: "brawling",
      skills: [
        {
          id: "skillSword000001",
          name: "Sword",
          category: "combat",
          sbAttributes: ["str", "dex", "dex"],
          sbModifier: 1,
          skillBase: null,
          ml: 62,
        },
        {
          id: "skillInit0000001",
          name: "Initiative",
          category: "combat",
          sbAttributes: ["agl", "wil", "wil"],
          sbModifier: 0,
          skillBase: 14,
          ml: 55,
        },
      ],
      weapons: [
        {
          id: "weaponSword00001",
          name: "Broadsword",
          skill: "sword",
          wq: 12,
          attack: 5,
          defence: 0,
          impact: { blunt: null, edge: 5, point: 3, fire: null },
          handMode: "one",
          shield: false,
          equipped: true,
          held: "main",
        },
      ],
      missiles: [
        {
          id: "missileBow000001",
          name: "Shortbow",
          skill: "Bow",
          aspect: "point",
          velocity: "high",
          wq: 11,
          ranges: {
            short: { range: 20, impact: 5 },
            medium: { range: 40, impact: 4 },
            long: { range: 80, impact: 3 },
            extreme: { range: 160, impact: 2 },
          },
          equipped: false,
          held: "none",
        },
      ],
      armour: [
        {
          id: "armourMail000001",
          name: "Mail byrnie",
          material: "mail",
          quality: 1,
          enchantment: 0,
          locations: ["thorax", "abdomen", "left-upper-arm"],
          equipped: true,
          squeeze: null,
          tear: null,
        },
      ],
      injuries: [
        {
          id: "injuryCut0000001",
          location: "left-forearm",
          aspect: "edge",
          severity: "S",
          level: 2,
          healingRate: 4,
          bleeding: false,
        },
      ],
      load: [
        { id: "weaponSword00001", weight: 4, quantity: 1, carried: true },
        { id: "missileBow000001", weight: 2, quantity: 1, carried: false },
        { id: "armourMail000001", weight: 18, quantity: 1, carried: true },
        { id: "gearRope00000001", weight: 3, quantity: 2, carried: true },
      ],
    });
    expect(input.bodyPlan).toBeUndefined();
  });

  it("copies: the derivation cannot change the actor's data", () => {
    const a = actor("character", { hm3: { attributes: ATTRS } });
    const items: ItemLike[] = a.items.contents.map((i) => ({
      id: i.id,
      type: i.type,
      name: i.name,
      system: i.system,
    }));
    const input = hm3Input(a.system as unknown as CharacterSource, items);
    input.attributes.str = 1;
    input.armour[0]!.locations.push("skull");
    input.weapons[0]!.impact.edge = 0;
    const sys = a.system as unknown as CharacterSource;
    expect(sys.hm3.attributes.str).toBe(12);
    const mail = a.items.get("armourMail000001")!.system as unknown as {
      hm3: { locations: string[] };
    };
    expect(mail.hm3.locations).toEqual(["thorax", "abdomen", "left-upper-arm"]);
  });

  it("gives a creature's own plan to the core, and none for the human default", () => {
    const plan = humanBodyPlan();
    const source = {
      hm3: { attributes: ATTRS, bodyPlan: { name: "Ogre", locations: plan.locations } },
    };
    const a = actor("creature", source, []);
    const input = hm3Input(a.system as unknown as CreatureSource, []);
    expect(input.bodyPlan).toEqual({
      id: CREATURE_PLAN_ID,
      name: "Ogre",
      // As stored: each location with its HârnMaster Gold size class (null: the creature's, G16).
      locations: plan.locations.map((l) => ({ ...l, sizeClass: null })),
    });
    const human = actor("creature", { hm3: { attributes: ATTRS } }, []);
    expect(hm3Input(human.system as unknown as CreatureSource, []).bodyPlan).toBeUndefined();
  });
});

describe("prepareDerivedData", () => {
  it("stores exactly what the rules core derives from the actor and its items", () => {
    const a = actor("character", { hm3: { attributes: ATTRS, fatigue: 1 } });
    const sys = a.system as unknown as CharacterSource & {
      derived: Hm3Derived | null;
      errors: unknown[];
    };
    const items: ItemLike[] = a.items.contents.map((i) => ({
      id: i.id,
      type: i.type,
      name: i.name,
      system: i.system,
    }));
    expect(sys.errors).toEqual([]);
    // Tagged with the ruleset that derived it (RulesetDerived's discriminator).
    expect(sys.derived).toEqual({ ruleset: "hm3", ...deriveHm3Character(hm3Input(sys, items)) });
    // A few figures the sheet header shows, to see the items were read.
    const d = sys.derived!;
    expect(d.load).toBe(4 + 18 + 3 * 2); // the bow is not carried
    expect(d.injuryLevels).toBe(2);
    expect(d.fatigue).toBe(1);
    expect(d.weapons.weaponSword00001!.skillId).toBe("skillSword000001");
    expect(d.weapons.weaponSword00001!.aml).toBe(62 + 5);
    expect(d.initiative.skillId).toBe("skillInit0000001");
    expect(d.injuries["left-forearm"]).toEqual({ levels: 2, worst: "S", count: 1 });
  });

  it("re-derives after an item update", async () => {
    const a = actor("character", { hm3: { attributes: ATTRS } });
    await a.updateEmbeddedDocuments("Item", [{ _id: "weaponSword00001", "system.hm3.attack": 10 }]);
    const d = (a.system as unknown as { derived: Hm3Derived }).derived;
    expect(d.weapons.weaponSword00001!.aml).toBe(62 + 10);
  });

  it("a creature derives on its own plan", () => {
    const plan = humanBodyPlan();
    const a = actor(
      "creature",
      { hm3: { attributes: ATTRS, bodyPlan: { name: "Ogre", locations: plan.locations } } },
      [],
    );
    const d = (a.system as unknown as { derived: Hm3Derived }).derived;
    expect(d.plan.id).toBe(CREATURE_PLAN_ID);
    expect(d.plan.name).toBe("Ogre");
  });

  it("never throws on a refused value: derived is null and the problem names the field", () => {
    const system = {
      description: "",
      hm3: { attributes: { ...ATTRS, str: 0 }, fatigue: 0, encumbrance: null },
    } as CharacterSource;
    const out = deriveActor("Actor.character", system, []);
    expect(out.derived).toBeNull();
    expect(out.errors).toEqual([
      {
        field: "system.hm3.attributes.str",
        value: 0,
        key: "BLOWBYBLOW.Validation.outOfRange",
        label: "BLOWBYBLOW.HM3.Actor.FIELDS.hm3.attributes.str.label",
        data: { min: 1, max: 30 },
      },
    ]);
    const fatigue = deriveActor(
      "Actor.character",
      { ...system, hm3: { ...system.hm3, attributes: ATTRS, fatigue: 1.5 } },
      [],
    );
    expect(fatigue.errors[0]).toMatchObject({
      field: "system.hm3.fatigue",
      key: "BLOWBYBLOW.Validation.notWhole",
    });
  });
});
