/**
 * From the `m2m` block and the gear to the engine's `deriveCharacter` (issue 16): the book's
 * example characters come out with the book's figures, the encounter state reaches Move, a
 * ready weapon gets its skill's level and Parry, and a value the engine refuses is reported on
 * its field. "Lnnn" is a line of seed 004 (`seedLine` reads the kept lines of
 * reference/seed-004.json).
 */
import { describe, expect, it } from "vitest";
import { deriveCharacter } from "../../../../src/rules/m2m/character";
import { M2M_PLAN } from "../../../../src/rules/m2m/body";
import {
  defaultM2mBlock,
  type M2mCharacterBlock,
} from "../../../../src/foundry/rulesets/m2m/character-data";
import {
  deriveM2mActor,
  m2mCharacterInput,
  NO_GEAR,
  type M2mActorDerived,
  type M2mGear,
} from "../../../../src/foundry/rulesets/m2m/character-input";
import { seedLine as line } from "../../../m2m/sources";

function block(over: Partial<M2mCharacterBlock> = {}): M2mCharacterBlock {
  return { ...defaultM2mBlock(), ...over };
}

function derived(b: M2mCharacterBlock, gear: M2mGear = NO_GEAR): M2mActorDerived {
  const out = deriveM2mActor(b, gear, () => {});
  expect(out.errors).toEqual([]);
  return out.derived!;
}

/** Fiendish Friedrick's sheet, L4187-4231. */
const FRIEDRICK = block({
  attributes: { st: 12, dx: 12, iq: 10, ht: 14 }, // L4195-4199
  hp: 14,
  skills: [
    { id: "axe-mace", points: 8 }, // L4210
    { id: "knife", points: 4 }, // L4211
    { id: "shield", points: 1 }, // L4212
    { id: "running", points: 2 }, // L4213
  ],
});
/** His gear as the sheet gives it: scale PD 3 DR 4, large shield PD 4 (L4202, L4208), 81 lb (L4229). */
const FRIEDRICK_GEAR: M2mGear = {
  load: 81,
  armour: { pd: 3, dr: 4 },
  shield: { pd: 4, size: "large" },
  weapons: [
    { id: "axe", name: "Axe", skill: "axe-mace" },
    { id: "knife", name: "Large knife", skill: "knife" },
  ],
};

/** Filthy Pierre (L1750-1756): the book gives his skills and figures, not his attributes. */
const PIERRE = block({
  attributes: { st: 10, dx: 12, iq: 10, ht: 10 },
  skills: [
    { id: "shield", points: 4 }, // Shield 14 = DX+2, Easy (L1752)
    { id: "shortsword", points: 4 }, // Shortsword 13 = DX+1, Average (L1752)
  ],
});
/** Small shield PD 2 (L1754), cloth armour PD 1 (L1756): 24 lb with a shortsword (L1127, L1074). */
const PIERRE_GEAR: M2mGear = {
  load: 24,
  armour: { pd: 1, dr: 1 },
  shield: { pd: 2, size: "small" },
  weapons: [{ id: "sword", name: "Shortsword", skill: "shortsword" }],
};

describe("the book's example characters through block → input → deriveCharacter", () => {
  it("Fiendish Friedrick L4187-4231: 100 points, Speed 8.125, Move 5, Dodge 5, Parry 7 (6), Block 4, PD 7, DR 4", () => {
    expect(line(4205)).toBe("5\t7 (6)\t4");
    expect(line(4202)).toMatch(/Armor: <u>3<\/u> Shield: <u>4<\/u> T O T L A L <u>7<\/u>/);
    expect(line(4229)).toMatch(/970 81 Lbs/);
    const d = derived(FRIEDRICK, FRIEDRICK_GEAR);
    const c = d.character;
    expect(c.points.total).toBe(100); // L4193
    expect(c.speed.value).toBe(8.125); // L4200
    expect(c.encumbrance.id).toBe("heavy"); // 81 lb ≤ 12×ST 144 (L4202)
    expect([c.move.value, c.dodge.value]).toEqual([5, 5]); // L4200, L4205
    expect(c.block?.value).toBe(4); // L4205
    expect([c.pd.value, c.dr.value]).toEqual([7, 4]); // L4202, L4208
    expect(c.skills.running?.level).toBe(13); // L4213
    expect(c.skills.shield?.level).toBe(12); // L4212
    // The axe: skill 14 (12 with the large shield), Parry 7 (6) (L4205, L4224).
    expect(d.weapons[0]).toMatchObject({ id: "axe", skill: "axe-mace" });
    expect(d.weapons[0]!.level!.base).toBe(14);
    expect(d.weapons[0]!.level!.value).toBe(12);
    expect([d.weapons[0]!.parry!.target.base, d.weapons[0]!.parry!.value]).toEqual([7, 6]);
    expect(d.weapons[1]!.level!.base).toBe(14); // Knife 14 (L4211, L4225)
    expect(d.plan).toBe(M2M_PLAN);
  });

  it("the adapter adds nothing: its input is the engine's, and the engine's own result comes back", () => {
    const input = m2mCharacterInput(FRIEDRICK, FRIEDRICK_GEAR);
    expect(input).toEqual({
      attributes: { st: 12, dx: 12, iq: 10, ht: 14 },
      attributeBasis: "bought",
      race: "human",
      advantages: {},
      skills: {
        "axe-mace": { points: 8 },
        knife: { points: 4 },
        shield: { points: 1 },
        running: { points: 2 },
      },
      load: 81,
      shield: { pd: 4, size: "large" },
      armour: { pd: 3, dr: 4 },
      condition: { hp: 14, conscious: true, legsUsable: true },
    });
    expect(derived(FRIEDRICK, FRIEDRICK_GEAR).character).toEqual(deriveCharacter(input));
  });

  it("Filthy Pierre L1750-1756: Move 4, Dodge 4, Block 4, Parry 6, PD 3; best defence 9", () => {
    const d = derived(PIERRE, PIERRE_GEAR);
    const c = d.character;
    expect(c.encumbrance.id).toBe("light"); // 24 lb ≤ 4×ST 40
    expect([c.move.value, c.dodge.value]).toEqual([4, 4]);
    expect(c.skills.shield?.level).toBe(14);
    expect(c.block?.value).toBe(4);
    expect(d.weapons[0]!.level!.value).toBe(13);
    expect(d.weapons[0]!.parry!.value).toBe(6);
    expect(c.pd.value).toBe(3); // 2 + 1 (L1754-1756)
    expect(d.weapons[0]!.parry!.value + c.pd.value).toBe(9);
  });
});

describe("the encounter state reaches Move and Dodge (§2.3)", () => {
  const move = (
    over: Partial<M2mCharacterBlock>,
    enc: Partial<M2mCharacterBlock["encounter"]> = {},
  ) => {
    const b = block({ ...FRIEDRICK, ...over });
    b.encounter = { ...b.encounter, ...enc };
    const c = derived(b, FRIEDRICK_GEAR).character;
    expect(c.dodge.value).toBe(c.move.value);
    return c.move.value;
  };

  it("3 HP or fewer halves Move (L1872): Friedrick's 5 becomes 2", () => {
    expect(move({ hp: 4 })).toBe(5);
    expect(move({ hp: 3 })).toBe(2);
  });

  it("fatigue bringing ST to 3 halves Move (L3755); ST 4 does not", () => {
    expect(move({ fatigue: 8 })).toBe(5);
    expect(move({ fatigue: 9 })).toBe(2);
  });

  it("fatigue counts against the final ST of a race (a Dwarf's +2 ST, L1472)", () => {
    const dwarf = block({ ...FRIEDRICK, race: "dwarf", fatigue: 10 });
    // Bought ST 12, final 14: 81 lb is Medium (84 = 6×14); Speed 8.125 − 1 (L1492) − 2 → Move 5,
    // and 14 − 10 = 4 is not halved; 14 − 11 = 3 is.
    expect(derived(dwarf, FRIEDRICK_GEAR).character.move.value).toBe(5);
    const tired = derived({ ...dwarf, fatigue: 11 }, FRIEDRICK_GEAR).character;
    expect(tired.move.value).toBe(2);
  });

  it("unconscious or dead: Move 0 (L1291)", () => {
    expect(move({}, { unconscious: true })).toBe(0);
    expect(move({}, { dead: true })).toBe(0);
  });

  it("a crippled leg: Move 0; a crippled foot: 0, or at most 3 braced against a wall (L3677-3679)", () => {
    expect(move({}, { crippled: ["left-leg"] })).toBe(0);
    expect(move({}, { crippled: ["right-foot"] })).toBe(0);
    expect(move({}, { crippled: ["right-foot"], footBraced: true })).toBe(3);
    expect(move({}, { crippled: ["left-arm"] })).toBe(5);
  });
});

describe("ready weapons and advantages", () => {
  it("a weapon whose skill is not on the sheet is used at its default (Broadsword DX−5, L4306)", () => {
    const d = derived(PIERRE, {
      ...PIERRE_GEAR,
      weapons: [{ id: "bs", name: "Broadsword", skill: "broadsword" }],
    });
    expect(d.character.skills.broadsword).toMatchObject({ level: 7, points: 0, from: "DX" });
    expect(d.weapons[0]!.parry!.value).toBe(3);
  });

  it("a sling without Sling skill has no level: no default (L4389, spec C10)", () => {
    const d = derived(PIERRE, {
      ...PIERRE_GEAR,
      weapons: [{ id: "s", name: "Sling", skill: "sling" }],
    });
    expect(d.weapons[0]).toMatchObject({ skill: "sling", level: null, parry: null });
  });

  it("a bow's skill cannot parry (L1307)", () => {
    const b = block({ ...PIERRE, skills: [...PIERRE.skills, { id: "bow", points: 4 }] });
    const d = derived(b, { ...PIERRE_GEAR, weapons: [{ id: "b", name: "Bow", skill: "bow" }] });
    expect(d.weapons[0]!.level!.value).toBe(12);
    expect(d.weapons[0]!.parry).toBeNull();
  });

  it("advantage levels reach the engine: Toughness 2 is DR 2 and 25 points (L618-626)", () => {
    const b = block({
      ...PIERRE,
      advantages: { ...PIERRE.advantages, toughness: 2, "combat-reflexes": 1 },
    });
    expect(m2mCharacterInput(b, NO_GEAR).advantages).toEqual({
      toughness: 2,
      "combat-reflexes": 1,
    });
    const c = derived(b).character;
    expect(c.dr.value).toBe(2);
    expect(c.advantages).toEqual([
      { id: "combat-reflexes", level: 1, cost: 15, free: false },
      { id: "toughness", level: 2, cost: 25, free: false },
    ]);
  });

  it("final attributes: an Orc entered as IQ 8 final is bought IQ 10 (L1502, L1458)", () => {
    const orc = block({
      attributes: { st: 10, dx: 10, iq: 8, ht: 11 },
      attributeBasis: "final",
      race: "orc",
      hp: 11,
    });
    const c = derived(orc).character;
    expect(c.bought).toEqual({ st: 10, dx: 10, iq: 10, ht: 10 });
    expect(c.attributes.iq).toBe(8);
  });
});

describe("a creature uses the same block and derivation, on the human plan by default", () => {
  it("a creature block derives as a character does, its plan the human table (§8)", () => {
    const creature = { ...defaultM2mBlock("creature"), ...FRIEDRICK };
    const d = derived(creature, FRIEDRICK_GEAR);
    expect(d.plan).toBe(M2M_PLAN);
    expect(d.character).toEqual(derived(FRIEDRICK, FRIEDRICK_GEAR).character);
  });
});

describe("a value the engine refuses is reported on its field, never thrown", () => {
  it("an Orc buying IQ 8 ends below 7 (L1460): system.m2m.attributes.iq", () => {
    const out = deriveM2mActor(
      block({ race: "orc", attributes: { st: 10, dx: 10, iq: 8, ht: 10 } }),
      NO_GEAR,
      () => {},
    );
    expect(out.derived).toBeNull();
    expect(out.errors).toMatchObject([
      {
        field: "system.m2m.attributes.iq",
        value: 8,
        label: "BLOWBYBLOW.M2M.Actor.FIELDS.m2m.attributes.iq.label",
      },
    ]);
  });

  it("Judo with no points cannot be used by default (L714): the skill's points", () => {
    const reported: unknown[] = [];
    const out = deriveM2mActor(
      block({
        skills: [
          { id: "shield", points: 1 },
          { id: "judo", points: 0 },
        ],
      }),
      NO_GEAR,
      (e) => reported.push(e),
    );
    expect(out.errors).toMatchObject([
      {
        field: "system.m2m.skills.1.points",
        value: 0,
        key: "BLOWBYBLOW.Validation.derivationFailed",
        label: "BLOWBYBLOW.M2M.Actor.FIELDS.m2m.skills.element.points.label",
      },
    ]);
    expect(reported).toHaveLength(1);
  });

  it("a load nobody of ST 10 can carry (over 30×ST, L3441): the items", () => {
    const out = deriveM2mActor(block(), { ...NO_GEAR, load: 301 }, () => {});
    expect(out.errors).toMatchObject([
      { field: "system.items", value: 301, label: "BLOWBYBLOW.M2M.Actor.items" },
    ]);
  });
});
