/**
 * The hmzd character derivation (`src/rules/hmzd/character.ts`): Endurance and the Shock EML
 * (Z7), the STR impact modifier (001:65-72), weapon EMLs and modes (Z12), armour (Z13, Z25),
 * creature plans (Z14, Z24), and refusals naming the field and value. Expected figures worked
 * out by hand.
 */
import { describe, expect, it } from "vitest";
import {
  deriveCharacter,
  deriveHmzdCharacter,
  hmzdInputFromHm3,
} from "../../src/rules/hmzd/character";
import { DOG_PLAN, HORSE_PLAN } from "../../src/rules/hmzd/plans";
import { HUMAN_PLAN } from "../../src/rules/hmzd/tables";

const attrs = { str: 15, sta: 14, wil: 14, dex: 12, agl: 12 };
const sword = {
  name: "Broadsword",
  skill: "Sword",
  zoneDie: 4,
  modes: [
    { name: "swing", impact: { die: 10, base: 3, aspect: "edge" } },
    { name: "thrust", impact: { die: 8, base: 2, aspect: "point" } },
  ],
};
const base = () => ({
  attributes: { ...attrs },
  skills: [
    { name: "Sword", ml: 72 },
    { name: "Dodge", ml: 48 },
  ],
  weapons: [structuredClone(sword)],
});

describe("Z7: Endurance and the Shock EML", () => {
  it("Endurance = round((STR + STA + WIL) / 3); Shock EML = 5 × Endurance without a Shock skill", () => {
    const d = deriveHmzdCharacter(base());
    expect(d.endurance).toBe(14); // (15 + 14 + 14) / 3 = 14.33
    expect(d.shock.from).toBe("endurance");
    expect(d.shock.eml.value).toBe(70);
    expect(d.fighter.shock).toBe(70);
    expect(d.fighter.endurance).toBe(14);
  });

  it("rounds Endurance half up: (12 + 12 + 13) / 3 = 12.33 → 12; (13 + 13 + 12) / 3 = 12.67 → 13", () => {
    const a = { ...base(), attributes: { str: 12, sta: 12, wil: 13, dex: 10, agl: 10 } };
    expect(deriveHmzdCharacter(a).endurance).toBe(12);
    const b = { ...base(), attributes: { str: 13, sta: 13, wil: 12, dex: 10, agl: 10 } };
    expect(deriveHmzdCharacter(b).endurance).toBe(13);
  });

  it("the Shock skill, when the character has one, is the Shock EML", () => {
    const c = base();
    c.skills.push({ name: "shock", ml: 55 });
    const d = deriveHmzdCharacter(c);
    expect(d.shock).toMatchObject({ from: "skill", eml: { base: 55, value: 55 } });
    expect(d.fighter.shock).toBe(55);
  });

  it("5 × Endurance above 95 is kept raw in the fighter (the test clamps), clamped in the EML", () => {
    const c = { ...base(), attributes: { str: 20, sta: 20, wil: 20, dex: 10, agl: 10 } };
    const d = deriveHmzdCharacter(c);
    expect(d.shock.eml.raw).toBe(100);
    expect(d.shock.eml.value).toBe(95);
    expect(d.fighter.shock).toBe(100);
  });
});

describe("the derived fighter", () => {
  const d = deriveHmzdCharacter(base());

  it("STR, DEX, AGL, state none, no Setup, no Action yet, the human plan", () => {
    expect(d.fighter).toMatchObject({
      str: 15,
      dex: 12,
      agl: 12,
      state: "none",
      setup: 0,
      actionTaken: false,
    });
    expect(d.fighter.plan).toBe(HUMAN_PLAN);
    expect(d.strModifier).toBe(2); // STR 14-15: +2 (001:68)
  });

  it("a weapon's EML is its skill's ML with no HM3 modifier and no load; each mode gives the engine's weapon", () => {
    const w = d.weapons[0]!;
    expect(w).toMatchObject({
      id: "Broadsword",
      skill: "Sword",
      ml: 72,
      zoneDie: 4,
      shield: false,
    });
    expect(w.eml.value).toBe(72);
    expect(w.modes.map((m) => m.label)).toEqual(["d10+3E", "d8+2P"]);
    expect(w.modes[1]!.weapon).toEqual({
      zoneDie: 4,
      impact: { die: 8, base: 2, aspect: "point" },
    });
  });

  it("held (Z8): main by default, off for a shield, as given otherwise", () => {
    expect(d.weapons[0]!.held).toBe("main");
    const c = base();
    c.skills.push({ name: "Shield", ml: 50 });
    (c.weapons as object[]).push(
      { ...structuredClone(sword), name: "Buckler", skill: "Shield", shield: true },
      { ...structuredClone(sword), name: "Spare", held: "both" },
    );
    expect(deriveHmzdCharacter(c).weapons.map((w) => w.held)).toEqual(["main", "off", "both"]);
  });

  it("Dodge from the Dodge skill; Initiative null without one", () => {
    expect(d.dodge?.value).toBe(48);
    expect(d.initiative).toBeNull();
  });

  it("EMLs clamp to 5..95 (§1)", () => {
    const c = base();
    c.skills[0]!.ml = 120;
    expect(deriveHmzdCharacter(c).weapons[0]!.eml).toMatchObject({ raw: 120, value: 95 });
  });

  it("takes a shock state and the other HM3 attributes along", () => {
    const c = {
      ...base(),
      state: "STN",
      attributes: { ...attrs, eye: 12, cml: 9 },
    };
    expect(deriveHmzdCharacter(c).fighter.state).toBe("STN");
  });
});

describe("Z41: HM3's EMLs, as the Foundry adapter gives them (Z30, Z43)", () => {
  const c = () => {
    const x = base() as ReturnType<typeof base> & Record<string, unknown>;
    x.skills.push({ name: "Initiative", ml: 64 });
    Object.assign(x.weapons[0]!, { attack: 5, defence: -10 });
    return x;
  };
  it("attack at ML + attack, block at ML + defence; no load and no fatigue: PP 0", () => {
    const d = deriveHmzdCharacter(c());
    expect([d.encumbrance, d.pp]).toEqual([0, 0]);
    const w = d.weapons[0]!;
    expect([w.attack, w.defence, w.eml.value, w.blockEml.value]).toEqual([5, -10, 77, 62]);
    expect([d.dodge?.value, d.initiative?.value]).toEqual([48, 64]);
  });
  it("PP = fatigue + round(load / END) takes 5 each from every EML; the Shock EML keeps none", () => {
    // END 14; 75 lb / 14 = 5.36 → encumbrance 5; fatigue 2: PP 7, −35.
    const d = deriveHmzdCharacter({ ...c(), load: 75, fatigue: 2 });
    expect([d.encumbrance, d.pp]).toEqual([5, 7]);
    const w = d.weapons[0]!;
    expect([w.eml.value, w.blockEml.value]).toEqual([42, 27]);
    expect(w.eml.modifiers).toContainEqual(
      expect.objectContaining({ key: "physicalPenalty", value: -35 }),
    );
    expect([d.dodge?.value, d.initiative?.value]).toEqual([13, 29]);
    expect(d.shock.eml.value).toBe(70);
  });
  it("a missile at its ML less PP ×5 at Short range (+0)", () => {
    const x = {
      ...c(),
      load: 28, // END 14: encumbrance 2
      skills: [...c().skills, { name: "Bow", ml: 60 }],
      missiles: [
        {
          name: "Longbow",
          skill: "Bow",
          aspect: "point",
          die: 8,
          ranges: {
            short: { range: 25, base: 7 },
            medium: { range: 50, base: 6 },
            long: { range: 100, base: 5 },
            extreme: { range: 200, base: 3 },
          },
        },
      ],
    };
    expect(deriveHmzdCharacter(x).missiles[0]!.eml.value).toBe(50);
  });
  it("hmzdInputFromHm3 carries the HM3 fatigue and the carried load's weight", () => {
    const input = hmzdInputFromHm3({
      attributes: { ...attrs, eye: 10, hrg: 10, sml: 10, voi: 10, int: 10, aur: 10, cml: 10 },
      skills: [],
      armour: [],
      fatigue: 1,
      load: [
        { id: "a", weight: 10, quantity: 3, carried: true },
        { id: "b", weight: 50, quantity: 1, carried: false },
      ],
    });
    expect([input.fatigue, input.load]).toEqual([1, 30]);
  });
});

describe("armour (Z13, Z25) and plans (Z14, Z24)", () => {
  it("sums the worn pieces; an unequipped piece protects nothing", () => {
    const c = {
      ...base(),
      armour: [
        { material: "mail", quality: 0, locations: ["thorax", "hip", "groin"] },
        { material: "plate", quality: 0, locations: ["thorax"], equipped: false },
      ],
    };
    const d = deriveHmzdCharacter(c);
    expect(d.armour.thorax).toEqual({ blunt: 2, edge: 8, point: 5, fire: 1 });
    expect(d.armour.pelvis).toEqual({ blunt: 2, edge: 8, point: 5, fire: 1 });
    expect(d.fighter.armour).toBe(d.armour);
    expect(d.plan.locations).toHaveLength(24);
  });

  it("a dog: its own plan and location ids", () => {
    const c = {
      attributes: { str: 10, sta: 14, wil: 10, dex: 10, agl: 15 },
      skills: [{ name: "Bite", ml: 60 }],
      weapons: [
        {
          name: "Jaws",
          skill: "Bite",
          zoneDie: 6,
          modes: [{ name: "bite", impact: { die: 6, base: 2, aspect: "point" } }],
        },
      ],
      armour: [{ material: "leather", quality: 0, locations: ["body", "neck"] }],
      bodyPlan: "dog",
    };
    const d = deriveHmzdCharacter(c);
    expect(d.fighter.plan).toBe(DOG_PLAN);
    expect(d.plan).toEqual({
      id: "dog",
      zoneCount: 6,
      locations: [
        "head",
        "neck",
        "left-foreleg",
        "right-foreleg",
        "body",
        "left-hindleg",
        "right-hindleg",
      ],
    });
    expect(d.armour.body).toEqual({ blunt: 2, edge: 4, point: 3, fire: 3 });
    expect(d.armour["left-foreleg"]).toEqual({ blunt: 0, edge: 0, point: 0, fire: 0 });
  });

  it("the seed's terrier: STR 4 gives −4, so its d6+0P bite strikes d6−4P (001:101)", () => {
    const c = {
      attributes: { str: 4, sta: 8, wil: 10, dex: 10, agl: 14 },
      skills: [{ name: "Bite", ml: 45 }],
      bodyPlan: "dog",
    };
    expect(deriveHmzdCharacter(c).strModifier).toBe(-4);
  });

  it("a creature's own plan as data (the horse's, validated by the engine, Z14)", () => {
    const c = {
      attributes: { str: 25, sta: 20, wil: 10, dex: 8, agl: 12 },
      skills: [],
      armour: [{ material: "quilt", quality: 0, locations: ["barrel", "left-foreleg"] }],
      bodyPlan: structuredClone(HORSE_PLAN),
    };
    const d = deriveHmzdCharacter(c);
    expect(d.fighter.plan).toEqual(HORSE_PLAN);
    expect(d.plan.zoneCount).toBe(12);
    expect(d.armour.barrel).toEqual({ blunt: 5, edge: 3, point: 2, fire: 4 });
    expect(d.armour["right-foreleg"]).toEqual({ blunt: 0, edge: 0, point: 0, fire: 0 });
    expect(d.weapons).toEqual([]);
    expect(d.dodge).toBeNull();
  });

  it("the human plan given as data still maps HM3's groin and hips (Z25)", () => {
    const c = {
      ...base(),
      armour: [{ material: "mail", quality: 0, locations: ["hip", "groin"] }],
      bodyPlan: structuredClone(HUMAN_PLAN),
    };
    expect(deriveHmzdCharacter(c).armour.pelvis).toEqual({ blunt: 2, edge: 8, point: 5, fire: 1 });
  });

  it("deriveCharacter is the same derivation (the CLI contract)", () => {
    expect(deriveCharacter(base())).toEqual(deriveHmzdCharacter(base()));
  });
});

describe("refusals name the field and the value", () => {
  const bad = (change: (c: Record<string, unknown>) => void) => {
    const c = base() as unknown as Record<string, unknown>;
    change(c);
    return () => deriveHmzdCharacter(c);
  };
  it.each([
    ["not an object", () => deriveHmzdCharacter(7), /character: expected an object, got 7/],
    ["an unknown field", bad((c) => (c.colour = "red")), /colour: unknown field/],
    ["a fatigue of −1", bad((c) => (c.fatigue = -1)), /fatigue: must be between 0 and 100, got -1/],
    [
      "a load of text",
      bad((c) => (c.load = "heavy")),
      /load: expected a weight in lb .*, got "?heavy/,
    ],
    [
      "a weapon's attack of 2.5",
      bad((c) => ((c.weapons as Record<string, unknown>[])[0]!.attack = 2.5)),
      /weapons\[0\]\.attack: expected a whole number, got 2\.5/,
    ],
    [
      "a weapon's defence above 100",
      bad((c) => ((c.weapons as Record<string, unknown>[])[0]!.defence = 101)),
      /weapons\[0\]\.defence: must be between -50 and 100, got 101/,
    ],
    [
      "a missing attribute",
      bad((c) => delete (c.attributes as Record<string, unknown>).wil),
      /attributes\.wil: expected a whole number, got nothing/,
    ],
    [
      "an attribute above 30",
      bad((c) => ((c.attributes as Record<string, unknown>).str = 31)),
      /attributes\.str: must be between 1 and 30, got 31/,
    ],
    [
      "an unknown attribute",
      bad((c) => ((c.attributes as Record<string, unknown>).luck = 3)),
      /attributes\.luck: unknown field/,
    ],
    [
      "a bad other HM3 attribute",
      bad((c) => ((c.attributes as Record<string, unknown>).eye = 0)),
      /attributes\.eye: must be between 1 and 30, got 0/,
    ],
    [
      "a bad state",
      bad((c) => (c.state = "KIA")),
      /state: expected one of none, STN, INC, UNC, got "KIA"/,
    ],
    [
      "a bad plan",
      bad((c) => (c.bodyPlan = "cat")),
      /bodyPlan: expected one of human, dog, horse, got "cat"/,
    ],
    [
      "a broken plan object",
      bad((c) => (c.bodyPlan = { id: "blob", zones: [] })),
      /bodyPlan\.zones: expected a list of zones/,
    ],
    ["skills not a list", bad((c) => (c.skills = {})), /skills: expected a list/],
    [
      "a skill ML out of range",
      bad((c) => ((c.skills as { ml: number }[])[1]!.ml = -1)),
      /skills\[1\]\.ml: must be between 0 and 200, got -1/,
    ],
    [
      "two skills of one name",
      bad((c) => (c.skills as object[]).push({ name: "sword", ml: 3 })),
      /skills\[2\]\.name: another skill has this name, got "sword"/,
    ],
    [
      "a weapon's unknown skill",
      bad((c) => ((c.weapons as { skill: string }[])[0]!.skill = "Axe")),
      /weapons\[0\]\.skill: no skill of this name \(the character has sword, dodge\), got "Axe"/,
    ],
    [
      "a zone die that is no die",
      bad((c) => ((c.weapons as { zoneDie: number }[])[0]!.zoneDie = 5)),
      /weapons\[0\]\.zoneDie: expected the sides of a die/,
    ],
    [
      "an impact die that is no die",
      bad((c) => ((c.weapons as (typeof sword)[])[0]!.modes[0]!.impact.die = 7)),
      /weapons\[0\]\.modes\[0\]\.impact\.die: expected the sides of a die.*got 7/,
    ],
    [
      "an unknown aspect",
      bad((c) => ((c.weapons as (typeof sword)[])[0]!.modes[1]!.impact.aspect = "E")),
      /weapons\[0\]\.modes\[1\]\.impact\.aspect: expected one of blunt, edge, point, fire, got "E"/,
    ],
    [
      "a bad hand",
      bad((c) => ((c.weapons as { held?: string }[])[0]!.held = "left")),
      /weapons\[0\]\.held: expected one of none, main, off, both, got "left"/,
    ],
    [
      "a weapon without modes",
      bad((c) => ((c.weapons as (typeof sword)[])[0]!.modes = [])),
      /weapons\[0\]\.modes: expected at least one mode/,
    ],
    [
      "two modes of one name",
      bad((c) => ((c.weapons as (typeof sword)[])[0]!.modes[1]!.name = "swing")),
      /weapons\[0\]\.modes\[1\]\.name: another mode of this weapon has this name/,
    ],
    [
      "two weapons of one name",
      bad((c) => (c.weapons as object[]).push(structuredClone(sword))),
      /weapons\[1\]\.name: used twice, got "Broadsword"/,
    ],
    [
      "a bad armour piece, named by its place in the input",
      bad(
        (c) =>
          (c.armour = [
            { material: "mail", quality: 0, locations: ["neck"], equipped: false },
            { material: "paper", quality: 0, locations: ["neck"] },
          ]),
      ),
      /armour\[1\]\.material: expected a material.*"paper"/,
    ],
    [
      "armour on a location the plan lacks",
      bad((c) => (c.armour = [{ material: "mail", quality: 0, locations: ["tail"] }])),
      /armour\[0\]\.locations\[0\]: unknown location, got "tail"/,
    ],
    [
      "missile ranges that do not grow",
      bad((c) => {
        c.missiles = [
          {
            name: "Arrow",
            skill: "Sword",
            aspect: "point",
            die: 8,
            ranges: {
              short: { range: 25, base: 5 },
              medium: { range: 20, base: 4 },
              long: { range: 100, base: 4 },
              extreme: { range: 200, base: 3 },
            },
          },
        ];
      }),
      /missiles\[0\]\.ranges\.medium\.range: must be between 26 and 10000, got 20/,
    ],
  ])("%s", (_, run, message) => {
    expect(run).toThrow(message);
  });
});

describe("hmzdInputFromHm3: the same actor plays either ruleset", () => {
  it("takes the HM3 attributes, skills and worn armour, and the hmzd weapons", () => {
    const hm3 = {
      attributes: {
        str: 13,
        sta: 13,
        dex: 12,
        agl: 13,
        eye: 11,
        hrg: 12,
        sml: 11,
        voi: 9,
        int: 9,
        aur: 10,
        wil: 10,
        cml: 9,
      },
      skills: [
        {
          id: "s1",
          name: "Axe",
          category: "combat" as const,
          sbAttributes: [],
          sbModifier: 0,
          skillBase: null,
          ml: 55,
        },
        {
          id: "s2",
          name: "Shock",
          category: "combat" as const,
          sbAttributes: [],
          sbModifier: 0,
          skillBase: null,
          ml: 61,
        },
      ],
      armour: [
        {
          id: "a1",
          name: "Leather Vest",
          material: "leather" as const,
          quality: 1,
          enchantment: 0,
          locations: ["shoulder", "thorax", "abdomen"],
          equipped: true,
        },
        {
          id: "a2",
          name: "Plate Halfhelm",
          material: "plate" as const,
          quality: 0,
          enchantment: 0,
          locations: ["skull"],
          equipped: false,
        },
      ],
    };
    const input = hmzdInputFromHm3(hm3, {
      state: "STN",
      weapons: [
        {
          name: "Handaxe",
          skill: "Axe",
          zoneDie: 6,
          modes: [{ name: "swing", impact: { die: 10, base: 4, aspect: "edge" } }],
        },
      ],
    });
    const d = deriveHmzdCharacter(input);
    expect(d.endurance).toBe(12); // (13 + 13 + 10) / 3
    expect(d.shock).toMatchObject({ from: "skill", eml: { value: 61 } }); // Z7
    expect(d.skills.s1).toMatchObject({ name: "Axe", ml: 55 });
    expect(d.armour.thorax).toEqual({ blunt: 3, edge: 5, point: 4, fire: 4 }); // leather +1
    expect(d.armour.skull).toEqual({ blunt: 0, edge: 0, point: 0, fire: 0 }); // not worn
    expect(d.weapons[0]!.eml.value).toBe(55);
    expect(d.fighter.state).toBe("STN");
    // Copies: changing the input leaves the HM3 sheet alone.
    (input.armour![0]!.locations as string[]).push("neck");
    expect(hm3.armour[0]!.locations).toHaveLength(3);
  });
});
