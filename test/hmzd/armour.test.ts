/**
 * hmzd armour (`src/rules/hmzd/armour.ts`): ruling Z13 (the sum of the HM3 pieces worn at a
 * location, per aspect B E P F, F from HM3's Fire column) and Z25 (HM3's groin and hips are the
 * hmzd pelvis). Expected values worked out by hand from seed 003's ARMOUR PROTECTIVE VALUES
 * (lines 219-227): Quilt 5/3/2/4, Leather 2/4/3/3, Mail 2/8/5/1, Plate 6/10/6/2, Cloth 1/1/1/1.
 */
import { describe, expect, it } from "vitest";
import {
  HMZD_HUMAN_BODY,
  humanCoverage,
  pieceProtection,
  zdArmour,
} from "../../src/rules/hmzd/armour";

const piece = (material: string, locations: string[], quality = 0, enchantment = 0) => ({
  material,
  quality,
  enchantment,
  locations,
});

const ZERO = { blunt: 0, edge: 0, point: 0, fire: 0 };

describe("Z13: armour by location and aspect on the hmzd human plan", () => {
  // Sir Aldric's kit (the HM3 sample fighter): the HM3 pack pieces' locations.
  const knight = [
    piece("quilt", ["upper-arm", "shoulder", "thorax", "abdomen", "hip", "groin"]), // Quilt Tunic
    piece("mail", ["upper-arm", "shoulder", "thorax", "abdomen", "hip", "groin"]), // Mail Byrnie
    piece("plate", ["thorax", "abdomen"]), // Plate Breastplate
    piece("plate", ["skull", "face"]), // Plate 3/4 Helm
    piece("plate", ["forearm"]), // Plate Vambraces
    piece("leather", ["foot", "calf", "knee"]), // Leather Knee Boots
  ];
  const av = zdArmour(knight);

  it("lists every sided location of the fifteen, zeros included", () => {
    expect(Object.keys(av)).toEqual([
      "skull",
      "face",
      "neck",
      "left-shoulder",
      "right-shoulder",
      "left-upper-arm",
      "right-upper-arm",
      "left-elbow",
      "right-elbow",
      "left-forearm",
      "right-forearm",
      "left-hand",
      "right-hand",
      "thorax",
      "abdomen",
      "pelvis",
      "left-thigh",
      "right-thigh",
      "left-knee",
      "right-knee",
      "left-calf",
      "right-calf",
      "left-foot",
      "right-foot",
    ]);
  });

  it.each([
    ["skull", { blunt: 6, edge: 10, point: 6, fire: 2 }], // plate
    ["face", { blunt: 6, edge: 10, point: 6, fire: 2 }], // plate
    ["neck", ZERO],
    ["left-shoulder", { blunt: 7, edge: 11, point: 7, fire: 5 }], // quilt + mail
    ["right-upper-arm", { blunt: 7, edge: 11, point: 7, fire: 5 }], // quilt + mail
    ["left-elbow", ZERO],
    ["right-forearm", { blunt: 6, edge: 10, point: 6, fire: 2 }], // plate
    ["left-hand", ZERO],
    ["thorax", { blunt: 13, edge: 21, point: 13, fire: 7 }], // quilt + mail + plate
    ["abdomen", { blunt: 13, edge: 21, point: 13, fire: 7 }], // quilt + mail + plate
    ["pelvis", { blunt: 7, edge: 11, point: 7, fire: 5 }], // quilt + mail over groin and hips (Z25)
    ["right-thigh", ZERO],
    ["left-knee", { blunt: 2, edge: 4, point: 3, fire: 3 }], // leather
    ["right-calf", { blunt: 2, edge: 4, point: 3, fire: 3 }], // leather
    ["left-foot", { blunt: 2, edge: 4, point: 3, fire: 3 }], // leather
  ])("Z13: the knight's %s", (id, expected) => {
    expect(av[id]).toEqual(expected);
  });

  it("Z25: a piece covers the pelvis only over the groin and both hips, or by name", () => {
    expect(zdArmour([piece("leather", ["hip", "groin", "thigh"])]).pelvis).toEqual({
      blunt: 2,
      edge: 4,
      point: 3,
      fire: 3,
    });
    expect(zdArmour([piece("leather", ["groin"])]).pelvis).toEqual(ZERO);
    expect(zdArmour([piece("leather", ["hip"])]).pelvis).toEqual(ZERO);
    expect(zdArmour([piece("leather", ["groin", "left-hip"])]).pelvis).toEqual(ZERO);
    expect(zdArmour([piece("leather", ["groin", "left-hip", "right-hip"])]).pelvis).toEqual({
      blunt: 2,
      edge: 4,
      point: 3,
      fire: 3,
    });
    expect(zdArmour([piece("mail", ["pelvis"])]).pelvis).toEqual({
      blunt: 2,
      edge: 8,
      point: 5,
      fire: 1,
    });
  });

  it("a hip-only piece still protects nothing else (the HM3 hip has no hmzd location)", () => {
    const a = zdArmour([piece("plate", ["hip"])]);
    for (const [id, p] of Object.entries(a)) expect(p, id).toEqual(ZERO);
  });

  it("a sided id covers that side only", () => {
    const a = zdArmour([piece("plate", ["left-forearm"])]);
    expect(a["left-forearm"]).toEqual({ blunt: 6, edge: 10, point: 6, fire: 2 });
    expect(a["right-forearm"]).toEqual(ZERO);
  });

  it("quality and enchantment add to every value; an inferior piece never goes below 0 (R13)", () => {
    expect(zdArmour([piece("mail", ["neck"], 2, 1)]).neck).toEqual({
      blunt: 5,
      edge: 11,
      point: 8,
      fire: 4,
    });
    expect(zdArmour([piece("cloth", ["neck"], -3)]).neck).toEqual(ZERO);
    expect(pieceProtection({ material: "scale", quality: 1 })).toEqual({
      blunt: 6,
      edge: 10,
      point: 5,
      fire: 6,
    });
  });

  it("takes the seed's other material names (Hide = Leather)", () => {
    expect(zdArmour([piece("Hide", ["neck"])]).neck).toEqual({
      blunt: 2,
      edge: 4,
      point: 3,
      fire: 3,
    });
  });

  it("humanCoverage maps HM3 locations onto the fifteen (Z25)", () => {
    expect(humanCoverage(["hip", "groin", "thigh"]).sort()).toEqual(
      ["left-thigh", "pelvis", "right-thigh"].sort(),
    );
  });
});

describe("Z13 on a creature plan (ids as the plan's, Z24)", () => {
  it("sums the pieces on the plan's own locations", () => {
    const plan = {
      id: "dog",
      locations: [
        { id: "head", region: "head" as const, paired: false },
        { id: "body", region: "torso" as const, paired: false },
        { id: "foreleg", region: "leg" as const, paired: true },
      ],
    };
    const a = zdArmour(
      [piece("leather", ["body"]), piece("quilt", ["body", "left-foreleg"])],
      plan,
    );
    expect(a).toEqual({
      head: ZERO,
      body: { blunt: 7, edge: 7, point: 5, fire: 7 },
      "left-foreleg": { blunt: 5, edge: 3, point: 2, fire: 4 },
      "right-foreleg": ZERO,
    });
  });
});

describe("refusals name the field and value", () => {
  it("an unknown material", () => {
    expect(() => zdArmour([piece("adamant", ["neck"])])).toThrow(
      /armour\[0\]\.material: expected a material.*"adamant"/,
    );
  });
  it("an unknown location", () => {
    expect(() => zdArmour([piece("mail", ["neck", "tail"])])).toThrow(
      /armour\[0\]\.locations\[1\]: unknown location.*"tail"/,
    );
  });
  it("a side on an unpaired location", () => {
    expect(() => zdArmour([piece("mail", ["left-neck"])])).toThrow(
      /armour\[0\]\.locations\[0\]: location has no sides/,
    );
  });
  it("a fractional quality", () => {
    expect(() => zdArmour([piece("mail", ["neck"], 0.5)])).toThrow(/armour\[0\]\.quality/);
  });
  it("locations that are not a list", () => {
    expect(() =>
      zdArmour([{ material: "mail", quality: 0, locations: "neck" as unknown as string[] }]),
    ).toThrow(/armour\[0\]\.locations: expected a list/);
  });
  it("the human plan has fifteen locations (001:107)", () => {
    expect(HMZD_HUMAN_BODY.locations).toHaveLength(15);
  });
});
