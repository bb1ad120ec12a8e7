/**
 * The HM3 character derivation (`deriveHm3Character`) against hand-computed sheets: hm3.md §2
 * (Endurance, UP, PP, AML/DML, EML), seed 003 (EML modifiers lines 175-181 and 208-215,
 * armour lines 219-277, missile bands line 283), seed 000 line 103 (encumbrance) and the
 * project rulings R19-R27 of docs/rulings.md.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import {
  deriveHm3Character,
  encumbranceFor,
  HM3_ATTRIBUTES,
  HM3_WARNINGS,
  LAYER_COMBINATIONS,
  meleeEml,
  missileEml,
  RANGE_BANDS,
  skillBase,
  type Hm3ArmourInput,
  type Hm3CharacterInput,
  type Hm3InjuryInput,
  type Hm3MissileInput,
  type Hm3SkillInput,
  type Hm3WeaponInput,
} from "../../src/rules/hm3";
import { quadruped } from "./quadruped";

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("expected an InputError");
}

const ATTRS = {
  str: 12,
  sta: 13,
  dex: 14,
  agl: 11,
  eye: 10,
  hrg: 12,
  sml: 9,
  voi: 10,
  int: 13,
  aur: 8,
  wil: 11,
  cml: 10,
};

function sheet(over: Partial<Hm3CharacterInput> = {}): Hm3CharacterInput {
  return {
    attributes: { ...ATTRS },
    fatigue: 0,
    encumbranceOverride: null,
    skills: [],
    weapons: [],
    missiles: [],
    armour: [],
    injuries: [],
    load: [],
    ...over,
  };
}

function skill(
  id: string,
  name: string,
  ml: number,
  over: Partial<Hm3SkillInput> = {},
): Hm3SkillInput {
  return {
    id,
    name,
    category: "combat",
    sbAttributes: ["str", "dex", "agl"],
    sbModifier: 0,
    skillBase: null,
    ml,
    ...over,
  };
}

function weapon(over: Partial<Hm3WeaponInput> = {}): Hm3WeaponInput {
  return {
    id: "w1",
    name: "Broadsword",
    skill: "Sword",
    wq: 12,
    attack: 5,
    defence: 0,
    impact: { blunt: null, edge: 5, point: 3, fire: null },
    handMode: "one",
    shield: false,
    equipped: true,
    held: "main",
    ...over,
  };
}

function piece(
  id: string,
  material: string,
  locations: string[],
  over: Partial<Hm3ArmourInput> = {},
): Hm3ArmourInput {
  return {
    id,
    name: id,
    material: material as Hm3ArmourInput["material"],
    quality: 0,
    enchantment: 0,
    locations,
    equipped: true,
    ...over,
  };
}

function injury(id: string, location: string, severity: string, level: number): Hm3InjuryInput {
  return {
    id,
    location,
    aspect: "edge",
    severity: severity as Hm3InjuryInput["severity"],
    level,
    healingRate: 0,
    bleeding: false,
  };
}

const keys = (w: { key: string }[]) => w.map((x) => x.key);

/** The warnings other than the missing Initiative and Dodge skills (most sheets here lack them). */
const others = (d: { warnings: { key: string }[] }) =>
  d.warnings.filter(
    (w) => w.key !== HM3_WARNINGS.initiativeMissing && w.key !== HM3_WARNINGS.dodgeMissing,
  );

describe("Endurance, UP and PP (hm3.md §2)", () => {
  it.each([
    [12, 13, 11, 12], // 36 / 3
    [12, 13, 12, 12], // 37 / 3 = 12.33
    [13, 13, 12, 13], // 38 / 3 = 12.67
    [1, 1, 1, 1],
    [30, 30, 30, 30],
  ])("STR %i STA %i WIL %i → Endurance %i (round((STR+STA+WIL)/3))", (str, sta, wil, end) => {
    expect(deriveHm3Character(sheet({ attributes: { ...ATTRS, str, sta, wil } })).endurance).toBe(
      end,
    );
  });

  it("injury levels are the sum of the injuries' levels; UP = levels + fatigue; PP = UP + encumbrance", () => {
    const d = deriveHm3Character(
      sheet({
        fatigue: 1,
        encumbranceOverride: 3,
        injuries: [injury("i1", "left-forearm", "S", 2), injury("i2", "thorax", "S", 3)],
      }),
    );
    expect(d).toMatchObject({ injuryLevels: 5, fatigue: 1, up: 6, encumbrance: 3, pp: 9 });
  });

  it("a fresh character: UP 0, PP 0", () => {
    expect(deriveHm3Character(sheet())).toMatchObject({
      injuryLevels: 0,
      up: 0,
      pp: 0,
      encumbrance: 0,
      load: 0,
    });
  });
});

describe("encumbrance (seed 000 line 103: Load ÷ Endurance; ruling R23)", () => {
  const loaded = (items: [number, number, boolean][], over: Partial<Hm3CharacterInput> = {}) =>
    deriveHm3Character(
      sheet({
        load: items.map(([weight, quantity, carried], i) => ({
          id: `g${i}`,
          weight,
          quantity,
          carried,
        })),
        ...over,
      }),
    );

  it("load is Σ weight × quantity of carried items only", () => {
    const d = loaded([
      [10, 1, true],
      [2.5, 4, true],
      [50, 1, false],
    ]);
    expect(d.load).toBe(20);
  });

  it.each([
    [29, 2], // 29 / 12 = 2.42
    [30, 3], // 2.5 rounds half up
    [35, 3], // 2.92
    [5, 0], // 0.42
    [0, 0],
  ])("load %i lb, Endurance 12 → encumbrance %i", (lb, enc) => {
    const d = loaded([[lb, 1, true]]); // STR 12 STA 13 WIL 11 → END 12
    expect(d.endurance).toBe(12);
    expect(d.encumbrance).toBe(enc);
    expect(encumbranceFor(lb, 12)).toBe(enc);
  });

  it("the GM's override replaces the computed figure, 0 included", () => {
    expect(loaded([[60, 1, true]], { encumbranceOverride: 0 }).encumbrance).toBe(0);
    expect(loaded([[60, 1, true]], { encumbranceOverride: 2 })).toMatchObject({
      load: 60,
      encumbrance: 2,
      pp: 2,
    });
    expect(loaded([[60, 1, true]]).encumbrance).toBe(5);
  });

  it("fractional weights sum without float noise (0.1 + 0.2)", () => {
    expect(
      loaded([
        [0.1, 1, true],
        [0.2, 1, true],
      ]).load,
    ).toBe(0.3);
  });

  it("a bad weight or quantity counts 0 with a warning naming load[i]", () => {
    const d = loaded([
      [Number.NaN, 1, true],
      [5, -1, true],
      [12, 1, true],
    ]);
    expect(d.load).toBe(12);
    expect(others(d)).toEqual([
      { field: "load[0].weight", key: HM3_WARNINGS.invalidNumber, value: Number.NaN },
      { field: "load[1].quantity", key: HM3_WARNINGS.invalidNumber, value: -1 },
    ]);
  });
});

describe("skills: SB and EML (rulings R20, R21)", () => {
  it("SB = round(mean of the three attributes) + modifier (R20)", () => {
    // STR 12, DEX 14, AGL 11 → 37/3 = 12.33 → 12; STA 13, DEX 14, AGL 11 → 38/3 → 13.
    const d = deriveHm3Character(
      sheet({
        skills: [
          skill("a", "Sword", 40),
          skill("b", "Climbing", 40, { category: "physical", sbAttributes: ["sta", "dex", "agl"] }),
          skill("c", "Initiative", 50, { sbAttributes: ["agl", "wil", "wil"], sbModifier: 2 }),
          skill("d", "Lore", 30, { category: "lore", skillBase: 15, sbAttributes: [] }),
        ],
      }),
    );
    expect(d.skills.a!.sb).toBe(12);
    expect(d.skills.b!.sb).toBe(13);
    // AGL 11, WIL 11, WIL 11 = 11, +2: an attribute may count twice.
    expect(d.skills.c!.sb).toBe(13);
    expect(d.skills.d!.sb).toBe(15);
    expect(skillBase(ATTRS, ["str", "sta", "dex"], 0)).toBe(13); // 39 / 3
    expect(skillBase({ a: 12, b: 13, c: 13 }, ["a", "b", "c"], -1)).toBe(12); // 12.67 → 13, −1
  });

  it("ML is as recorded, not recomputed from SB", () => {
    const d = deriveHm3Character(sheet({ skills: [skill("a", "Sword", 77)] }));
    expect(d.skills.a!.ml).toBe(77);
  });

  it("not three attributes and no SB entered → SB 0 and a warning (R20)", () => {
    const d = deriveHm3Character(
      sheet({
        skills: [
          skill("a", "Sword", 40, { sbAttributes: ["str", "dex"] }),
          skill("b", "Axe", 40, { sbAttributes: ["str", "dex", "xyz" as "str"] }),
        ],
      }),
    );
    expect(d.skills.a!.sb).toBe(0);
    expect(d.skills.b!.sb).toBe(0);
    expect(others(d)).toEqual([
      {
        field: "skills[0].sbAttributes",
        key: HM3_WARNINGS.skillBaseAttributes,
        value: ["str", "dex"],
      },
      {
        field: "skills[1].sbAttributes",
        key: HM3_WARNINGS.skillBaseAttributes,
        value: ["str", "dex", "xyz"],
      },
    ]);
  });

  it("physical and combat skills: EML = ML − 5 × PP; the others ML − 5 × UP (hm3.md §2, R21)", () => {
    // UP = 2 (an S2) + fatigue 1 = 3; encumbrance 2 → PP 5.
    const d = deriveHm3Character(
      sheet({
        fatigue: 1,
        encumbranceOverride: 2,
        injuries: [injury("i", "thorax", "S", 2)],
        skills: [
          skill("a", "Sword", 70),
          skill("b", "Climbing", 60, { category: "physical" }),
          skill("c", "Lore", 50, { category: "lore" }),
          skill("d", "Rhetoric", 50, { category: "communication" }),
          skill("e", "Runecraft", 40, { category: "magic" }),
        ],
      }),
    );
    expect(d).toMatchObject({ up: 3, pp: 5 });
    expect(d.skills.a).toMatchObject({
      penalty: "physical",
      eml: { base: 70, raw: 45, value: 45 },
    });
    expect(d.skills.b).toMatchObject({ penalty: "physical", eml: { raw: 35, value: 35 } });
    expect(d.skills.c).toMatchObject({ penalty: "universal", eml: { raw: 35, value: 35 } });
    expect(d.skills.d!.eml.value).toBe(35);
    expect(d.skills.e!.eml.value).toBe(25);
    expect(d.skills.a!.eml.modifiers).toEqual([
      expect.objectContaining({ key: "physicalPenalty", value: -25 }),
    ]);
    expect(d.skills.c!.eml.modifiers).toEqual([
      expect.objectContaining({ key: "universalPenalty", value: -15 }),
    ]);
  });

  it("EML is clamped to 5..95 (hm3.md §2), raw kept", () => {
    const d = deriveHm3Character(
      sheet({
        encumbranceOverride: 10,
        skills: [skill("a", "Sword", 110), skill("b", "Axe", 30)],
      }),
    );
    expect(d.skills.a!.eml).toMatchObject({ raw: 60, value: 60 });
    const high = deriveHm3Character(sheet({ skills: [skill("a", "Sword", 110)] }));
    expect(high.skills.a!.eml).toMatchObject({ raw: 110, value: 95, modifiers: [] });
    expect(d.skills.b!.eml).toMatchObject({ raw: -20, value: 5 });
  });

  it("a skill id given twice keeps the first, with a warning", () => {
    const d = deriveHm3Character(
      sheet({ skills: [skill("a", "Sword", 40), skill("a", "Axe", 50)] }),
    );
    expect(d.skills.a!.ml).toBe(40);
    expect(others(d)).toEqual([
      { field: "skills[1].id", key: HM3_WARNINGS.duplicateId, value: "a" },
    ]);
  });

  it("a non-whole ML counts 0 with a warning", () => {
    const d = deriveHm3Character(sheet({ skills: [skill("a", "Sword", 40.5)] }));
    expect(d.skills.a!.ml).toBe(0);
    expect(others(d)).toEqual([
      { field: "skills[0].ml", key: HM3_WARNINGS.invalidNumber, value: 40.5 },
    ]);
  });
});

describe("melee weapons: AML, DML and their EMLs (hm3.md §2; seed 003 line 177; ruling R26)", () => {
  const base = (over: Partial<Hm3CharacterInput> = {}) =>
    sheet({
      encumbranceOverride: 2,
      skills: [skill("sw", "Sword", 70), skill("sh", "Shield", 50)],
      ...over,
    });

  it("AML = ML + Attack, DML = ML + Defence; EMLs less 5 × PP", () => {
    const d = deriveHm3Character(
      base({
        weapons: [
          weapon(),
          weapon({
            id: "w2",
            name: "Round shield",
            skill: "Shield",
            attack: -20,
            defence: 15,
            shield: true,
            impact: { blunt: 1 },
          }),
        ],
      }),
    );
    expect(d.weapons.w1).toMatchObject({ skillId: "sw", ml: 70, aml: 75, dml: 70 });
    expect(d.weapons.w1!.attackEml).toMatchObject({ baseKey: "aml", base: 75, raw: 65, value: 65 });
    expect(d.weapons.w1!.defenceEml).toMatchObject({
      baseKey: "dml",
      base: 70,
      raw: 60,
      value: 60,
    });
    expect(d.weapons.w2).toMatchObject({ skillId: "sh", aml: 30, dml: 65 });
    expect(d.weapons.w2!.attackEml.value).toBe(20);
    expect(d.weapons.w2!.defenceEml.value).toBe(55);
  });

  it("the EMLs are the exchange's meleeEml targets (same keys and sources)", () => {
    const d = deriveHm3Character(base({ weapons: [weapon()] }));
    expect(d.weapons.w1!.attackEml).toEqual(
      meleeEml({ base: 75, baseKey: "aml", physicalPenalty: 2 }),
    );
    expect(d.weapons.w1!.defenceEml).toEqual(
      meleeEml({ base: 70, baseKey: "dml", physicalPenalty: 2 }),
    );
  });

  it("the skill is matched by name, case-insensitively and trimmed", () => {
    const d = deriveHm3Character(base({ weapons: [weapon({ skill: "  sWORD " })] }));
    expect(d.weapons.w1!.skillId).toBe("sw");
    expect(others(d)).toEqual([]);
  });

  it("two skills of the same name: the first is used (R26)", () => {
    const d = deriveHm3Character(
      sheet({ skills: [skill("a", "Sword", 40), skill("b", "sword", 80)], weapons: [weapon()] }),
    );
    expect(d.weapons.w1).toMatchObject({ skillId: "a", ml: 40 });
  });

  it("no skill of that name → ML 0 and weaponSkillMissing naming weapons[i].skill", () => {
    const d = deriveHm3Character(
      base({ weapons: [weapon({ skill: "Axe", attack: 5, defence: -5 })] }),
    );
    expect(d.weapons.w1).toMatchObject({ skillId: null, ml: 0, aml: 5, dml: -5 });
    // AML 5 − 10 = −5 and DML −5 − 10 = −15: both clamp to 5.
    expect(d.weapons.w1!.attackEml).toMatchObject({ raw: -5, value: 5 });
    expect(d.weapons.w1!.defenceEml).toMatchObject({ base: -5, raw: -15, value: 5 });
    expect(others(d)).toEqual([
      { field: "weapons[0].skill", key: HM3_WARNINGS.weaponSkillMissing, value: "Axe" },
    ]);
  });

  it("impacts: the aspects with a number, in Blunt, Edge, Point, Fire order (0 is an aspect)", () => {
    const d = deriveHm3Character(
      base({ weapons: [weapon({ impact: { point: 4, fire: 0, blunt: 2, edge: null } })] }),
    );
    expect(d.weapons.w1!.impacts).toEqual([
      { aspect: "blunt", impact: 2 },
      { aspect: "point", impact: 4 },
      { aspect: "fire", impact: 0 },
    ]);
  });
});

describe("missiles: the attack EML per range band (seed 003 lines 208-212, 283)", () => {
  const bow: Hm3MissileInput = {
    id: "m1",
    name: "Shortbow",
    skill: "Bow",
    aspect: "point",
    velocity: "high",
    wq: 11,
    ranges: {
      short: { range: 20, impact: 6 },
      medium: { range: 40, impact: 5 },
      long: { range: 80, impact: 4 },
      extreme: { range: 160, impact: 3 },
    },
    equipped: true,
    held: "both",
  };

  it("ML 60, PP 2: short 50, medium 30, long 10, extreme −30 → 5, with range and impact (line 284)", () => {
    const d = deriveHm3Character(
      sheet({ encumbranceOverride: 2, skills: [skill("b", "bow", 60)], missiles: [bow] }),
    );
    const m = d.missiles.m1!;
    expect(m).toMatchObject({ skillId: "b", ml: 60 });
    expect(m.bands.map((b) => [b.band, b.range, b.impact, b.eml.raw, b.eml.value])).toEqual([
      ["short", 20, 6, 50, 50],
      ["medium", 40, 5, 30, 30],
      ["long", 80, 4, 10, 10],
      ["extreme", 160, 3, -30, 5],
    ]);
    for (const b of m.bands)
      expect(b.eml).toEqual(
        missileEml({ base: 60, baseKey: "aml", physicalPenalty: 2, range: b.band }),
      );
  });

  it("no skill of that name → ML 0 and a warning naming missiles[i].skill", () => {
    const d = deriveHm3Character(sheet({ missiles: [bow] }));
    expect(d.missiles.m1!.ml).toBe(0);
    expect(d.missiles.m1!.bands.map((b) => b.eml.value)).toEqual([5, 5, 5, 5]);
    expect(d.warnings).toContainEqual({
      field: "missiles[0].skill",
      key: HM3_WARNINGS.weaponSkillMissing,
      value: "Bow",
    });
    expect(RANGE_BANDS).toHaveLength(4);
  });
});

describe("Initiative and Dodge (ruling R22)", () => {
  it("from the skills named Initiative and Dodge, EML = ML − 5 × PP", () => {
    const d = deriveHm3Character(
      sheet({
        encumbranceOverride: 2,
        skills: [skill("i", "initiative", 65), skill("d", " DODGE ", 55, { category: "physical" })],
      }),
    );
    expect(d.initiative).toMatchObject({
      skillId: "i",
      ml: 65,
      eml: { baseKey: "ml", raw: 55, value: 55 },
    });
    expect(d.dodge).toMatchObject({ skillId: "d", ml: 55, eml: { raw: 45, value: 45 } });
    expect(d.dodge.eml).toEqual(meleeEml({ base: 55, baseKey: "ml", physicalPenalty: 2 }));
    expect(others(d)).toEqual([]);
  });

  it("absent → ML 0, EML at the clamp (5) and a warning each", () => {
    const d = deriveHm3Character(sheet());
    expect(d.initiative).toMatchObject({ skillId: null, ml: 0, eml: { value: 5 } });
    expect(d.dodge).toMatchObject({ skillId: null, ml: 0, eml: { value: 5 } });
    expect(keys(d.warnings)).toEqual([HM3_WARNINGS.initiativeMissing, HM3_WARNINGS.dodgeMissing]);
  });
});

describe("armour per location (seed 003 lines 219-277; ruling R24)", () => {
  it("a mail hauberk over a quilt gambeson gives the Mail+Quilt row on the thorax (line 251: 7 11 7 5)", () => {
    const d = deriveHm3Character(
      sheet({
        armour: [
          piece("hauberk", "mail", ["thorax", "abdomen", "shoulder", "upper-arm"]),
          piece("gambeson", "quilt", ["thorax", "abdomen"]),
        ],
      }),
    );
    const row = LAYER_COMBINATIONS.find((l) => l.line === 251)!;
    expect(row.materials).toEqual(["mail", "quilt"]);
    expect(d.armour.thorax).toEqual({ blunt: 7, edge: 11, point: 7, fire: 5 });
    expect(d.armour.thorax).toEqual({ ...row.printed });
    expect(d.armour.abdomen).toEqual({ blunt: 7, edge: 11, point: 7, fire: 5 });
    // Mail alone (line 225) on both shoulders and upper arms.
    for (const id of ["left-shoulder", "right-shoulder", "left-upper-arm", "right-upper-arm"])
      expect(d.armour[id]).toEqual({ blunt: 2, edge: 8, point: 5, fire: 1 });
    expect(d.armour.skull).toEqual({ blunt: 0, edge: 0, point: 0, fire: 0 });
  });

  it("lists every sided location of the human plan, zeros included", () => {
    const d = deriveHm3Character(sheet());
    expect(Object.keys(d.armour)).toHaveLength(3 + 5 * 2 + 3 + 5 * 2);
    expect(Object.keys(d.armour).slice(0, 6)).toEqual([
      "skull",
      "face",
      "neck",
      "left-shoulder",
      "right-shoulder",
      "left-upper-arm",
    ]);
    expect(d.plan.locations.map((l) => l.id)).toEqual(Object.keys(d.armour));
    expect(d.plan.locations[3]).toEqual({
      id: "left-shoulder",
      name: "Shoulder",
      region: "arm",
      paired: true,
    });
    expect(d.plan).toMatchObject({ id: "hm3-human", name: "Human" });
  });

  it("a +1 hauberk adds 1 to every value of its layer (line 275); enchantment +1 a level", () => {
    const d = deriveHm3Character(
      sheet({
        armour: [
          piece("hauberk", "mail", ["thorax"], { quality: 1 }),
          piece("gambeson", "quilt", ["thorax"], { enchantment: 2 }),
        ],
      }),
    );
    // Mail +1: 3 9 6 2; Quilt +2: 7 5 4 6.
    expect(d.armour.thorax).toEqual({ blunt: 10, edge: 14, point: 10, fire: 8 });
  });

  it("unequipped pieces protect nothing; a sided entry covers one side only", () => {
    const d = deriveHm3Character(
      sheet({
        armour: [
          piece("vambrace", "plate", ["left-forearm"]),
          piece("spare", "plate", ["thorax"], { equipped: false }),
        ],
      }),
    );
    expect(d.armour["left-forearm"]).toEqual({ blunt: 6, edge: 10, point: 6, fire: 2 });
    expect(d.armour["right-forearm"]).toEqual({ blunt: 0, edge: 0, point: 0, fire: 0 });
    expect(d.armour.thorax!.edge).toBe(0);
  });

  it("flammable: Quilt where quilt is worn, Cloth where only cloth (ruling R12)", () => {
    const d = deriveHm3Character(
      sheet({
        armour: [
          piece("shirt", "cloth", ["thorax", "upper-arm"]),
          piece("gambeson", "quilt", ["thorax"]),
          piece("hauberk", "mail", ["thorax"]),
        ],
      }),
    );
    expect(d.flammable).toEqual({
      thorax: "quilt",
      "left-upper-arm": "cloth",
      "right-upper-arm": "cloth",
    });
  });

  it("an unknown location entry is skipped with armourLocationUnknown naming armour[i].locations[j]; the rest counts", () => {
    const d = deriveHm3Character(
      sheet({ armour: [piece("coat", "leather", ["thorax", "wing", "left-thorax", "abdomen"])] }),
    );
    expect(d.armour.thorax).toEqual({ blunt: 2, edge: 4, point: 3, fire: 3 });
    expect(d.armour.abdomen).toEqual({ blunt: 2, edge: 4, point: 3, fire: 3 });
    expect(others(d)).toEqual([
      { field: "armour[0].locations[1]", key: HM3_WARNINGS.armourLocationUnknown, value: "wing" },
      {
        field: "armour[0].locations[2]",
        key: HM3_WARNINGS.armourLocationUnknown,
        value: "left-thorax",
      },
    ]);
  });

  it("an unknown material: the piece is skipped with a warning", () => {
    const d = deriveHm3Character(
      sheet({ armour: [piece("odd", "silk", ["thorax"]), piece("c", "hide", ["thorax"])] }),
    );
    expect(d.armour.thorax).toEqual({ blunt: 2, edge: 4, point: 3, fire: 3 }); // Hide = Leather (line 222)
    expect(others(d)).toEqual([
      { field: "armour[0].material", key: HM3_WARNINGS.armourMaterialUnknown, value: "silk" },
    ]);
  });
});

describe("injuries per location (hm3.md §2; ruling R25)", () => {
  it("levels, worst severity and count per sided location; only injured locations listed", () => {
    const d = deriveHm3Character(
      sheet({
        injuries: [
          injury("a", "left-forearm", "M", 1),
          injury("b", "left-forearm", "G", 4),
          injury("c", "left-forearm", "S", 2),
          injury("d", "thorax", "S", 3),
        ],
      }),
    );
    expect(d.injuries).toEqual({
      "left-forearm": { levels: 7, worst: "G", count: 3 },
      thorax: { levels: 3, worst: "S", count: 1 },
    });
    expect(d.injuryLevels).toBe(10);
    expect(d.up).toBe(10);
  });

  it("an injury at an unknown (or unsided paired) location is still counted in UP, with a warning", () => {
    const d = deriveHm3Character(
      sheet({
        injuries: [
          injury("a", "tentacle", "S", 2),
          injury("b", "forearm", "M", 1),
          injury("c", "skull", "K", 5),
        ],
      }),
    );
    expect(d.injuries).toEqual({ skull: { levels: 5, worst: "K", count: 1 } });
    expect(d.up).toBe(8);
    expect(others(d)).toEqual([
      { field: "injuries[0].location", key: HM3_WARNINGS.injuryLocationUnknown, value: "tentacle" },
      { field: "injuries[1].location", key: HM3_WARNINGS.injuryLocationUnknown, value: "forearm" },
    ]);
  });

  it("an unknown severity shows as M with a warning; a bad level counts 0", () => {
    const d = deriveHm3Character(
      sheet({ injuries: [injury("a", "neck", "X", 2), injury("b", "neck", "S", -1)] }),
    );
    expect(d.injuries.neck).toEqual({ levels: 2, worst: "S", count: 2 });
    expect(others(d)).toEqual([
      { field: "injuries[0].severity", key: HM3_WARNINGS.injurySeverityUnknown, value: "X" },
      { field: "injuries[1].level", key: HM3_WARNINGS.invalidNumber, value: -1 },
    ]);
  });
});

describe("creature body plans on the sheet (rulings R19, R24)", () => {
  it("armour, flammable and injuries use the plan's ids; human ids warn", () => {
    const d = deriveHm3Character(
      sheet({
        bodyPlan: quadruped(),
        armour: [piece("barding", "quilt", ["body", "foreleg", "thorax"])],
        injuries: [injury("a", "right-hindleg", "S", 2), injury("b", "thorax", "M", 1)],
      }),
    );
    expect(Object.keys(d.armour)).toEqual([
      "head",
      "neck",
      "left-foreleg",
      "right-foreleg",
      "body",
      "belly",
      "left-hindleg",
      "right-hindleg",
      "tail",
    ]);
    expect(d.armour.body).toEqual({ blunt: 5, edge: 3, point: 2, fire: 4 });
    expect(d.armour["right-foreleg"]).toEqual({ blunt: 5, edge: 3, point: 2, fire: 4 });
    expect(d.armour.head).toEqual({ blunt: 0, edge: 0, point: 0, fire: 0 });
    expect(d.flammable).toEqual({
      body: "quilt",
      "left-foreleg": "quilt",
      "right-foreleg": "quilt",
    });
    expect(d.injuries).toEqual({ "right-hindleg": { levels: 2, worst: "S", count: 1 } });
    expect(d.up).toBe(3);
    expect(others(d)).toEqual([
      { field: "injuries[1].location", key: HM3_WARNINGS.injuryLocationUnknown, value: "thorax" },
      { field: "armour[0].locations[2]", key: HM3_WARNINGS.armourLocationUnknown, value: "thorax" },
    ]);
    expect(d.plan).toMatchObject({ id: "test-quadruped", name: "Quadruped" });
    expect(d.plan.locations[2]).toEqual({
      id: "left-foreleg",
      name: "Foreleg",
      region: "leg",
      paired: true,
    });
  });

  it("an invalid plan: warning bodyPlanInvalid naming the plan's field, human plan used (R19)", () => {
    const bad = quadruped();
    bad.locations[3]!.aim.mid = 41;
    const d = deriveHm3Character(sheet({ bodyPlan: bad }));
    expect(d.plan.id).toBe("hm3-human");
    expect(d.armour.thorax).toBeDefined();
    expect(others(d)).toEqual([
      { field: "bodyPlan.locations[*].aim.mid", key: HM3_WARNINGS.bodyPlanInvalid, value: 101 },
    ]);
  });
});

describe("sheet figures that are refused (ruling R27)", () => {
  it.each(HM3_ATTRIBUTES)(
    "attribute %s must be a whole number 1..30: InputError naming attributes.%s",
    (id) => {
      for (const bad of [0, 31, 12.5, Number.NaN, "12", null]) {
        const e = inputError(() =>
          deriveHm3Character(sheet({ attributes: { ...ATTRS, [id]: bad as number } })),
        );
        expect(e.field).toBe(`attributes.${id}`);
        expect(e.value).toBe(bad);
      }
    },
  );

  it("attributeMax widens the bound (a creature's 1..99, ruling R28); 30 when absent", () => {
    const big = { ...ATTRS, str: 45, sta: 60 };
    expect(inputError(() => deriveHm3Character(sheet({ attributes: big }))).field).toBe(
      "attributes.str",
    );
    const d = deriveHm3Character(sheet({ attributes: big, attributeMax: 99 }));
    // Endurance = round((STR + STA + WIL) / 3) (hm3.md §2), here with WIL from ATTRS.
    expect(d.endurance).toBe(Math.round((45 + 60 + ATTRS.wil) / 3));
    const top = deriveHm3Character(sheet({ attributes: { ...ATTRS, str: 99 }, attributeMax: 99 }));
    expect(top.endurance).toBe(Math.round((99 + ATTRS.sta + ATTRS.wil) / 3));
    for (const bad of [0, 100, 50.5]) {
      const e = inputError(() =>
        deriveHm3Character(sheet({ attributes: { ...ATTRS, str: bad }, attributeMax: 99 })),
      );
      expect([e.field, e.value]).toEqual(["attributes.str", bad]);
    }
  });

  it("fatigue and the encumbrance override must be whole and ≥ 0", () => {
    expect(inputError(() => deriveHm3Character(sheet({ fatigue: -1 }))).field).toBe("fatigue");
    expect(inputError(() => deriveHm3Character(sheet({ fatigue: 1.5 }))).field).toBe("fatigue");
    expect(inputError(() => deriveHm3Character(sheet({ encumbranceOverride: -2 }))).field).toBe(
      "encumbranceOverride",
    );
    expect(inputError(() => deriveHm3Character(sheet({ encumbranceOverride: 0.5 }))).value).toBe(
      0.5,
    );
  });

  it("the derivation does not change its input", () => {
    const input = sheet({
      bodyPlan: quadruped(),
      skills: [skill("a", "Sword", 50)],
      weapons: [weapon()],
      armour: [piece("x", "mail", ["body"])],
    });
    const before = JSON.stringify(input);
    deriveHm3Character(input);
    expect(JSON.stringify(input)).toBe(before);
  });
});

describe("warning keys", () => {
  it("are whole BLOWBYBLOW.HM3.Warning keys defined in lang/en.json", () => {
    const lang = JSON.parse(
      readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8"),
    ) as {
      BLOWBYBLOW: { HM3: { Warning: Record<string, string> } };
    };
    for (const [name, key] of Object.entries(HM3_WARNINGS)) {
      expect(key).toBe(`BLOWBYBLOW.HM3.Warning.${name}`);
      expect(lang.BLOWBYBLOW.HM3.Warning[name]).toBeTruthy();
    }
  });
});

describe("a whole sheet, hand-computed", () => {
  it("knight: END 12, UP 3, ENC 3, PP 6; Sword 70 → AML 75 EML 45; Lore 50 → 35; thorax 7/11/7/5", () => {
    const d = deriveHm3Character(
      sheet({
        fatigue: 1,
        injuries: [injury("i", "right-thigh", "S", 2)],
        load: [
          { id: "hauberk", weight: 25, quantity: 1, carried: true },
          { id: "gambeson", weight: 8, quantity: 1, carried: true },
          { id: "sword", weight: 3, quantity: 1, carried: true },
        ],
        skills: [
          skill("sw", "Sword", 70),
          skill("lo", "Lore", 50, { category: "lore" }),
          skill("in", "Initiative", 60),
          skill("do", "Dodge", 50),
        ],
        weapons: [weapon()],
        armour: [piece("hauberk", "mail", ["thorax"]), piece("gambeson", "quilt", ["thorax"])],
      }),
    );
    // Load 36 lb / END 12 = 3.
    expect(d).toMatchObject({
      endurance: 12,
      injuryLevels: 2,
      up: 3,
      load: 36,
      encumbrance: 3,
      pp: 6,
    });
    expect(d.weapons.w1).toMatchObject({ aml: 75, dml: 70 });
    expect(d.weapons.w1!.attackEml.value).toBe(45); // 75 − 30
    expect(d.weapons.w1!.defenceEml.value).toBe(40);
    expect(d.skills.lo!.eml.value).toBe(35); // 50 − 5 × UP 3
    expect(d.initiative.eml.value).toBe(30);
    expect(d.dodge.eml.value).toBe(20);
    expect(d.armour.thorax).toEqual({ blunt: 7, edge: 11, point: 7, fire: 5 });
    expect(d.injuries).toEqual({ "right-thigh": { levels: 2, worst: "S", count: 1 } });
    expect(others(d)).toEqual([]);
  });
});
