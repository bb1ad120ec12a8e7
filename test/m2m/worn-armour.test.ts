/**
 * Armour by location (spec §3.5, §3.6, §8; seed 004 L1166-1170, L2404, L2458, L2470,
 * L2619-2627, Armor Table L4794-4880; rulings M6, M12, M95): `deriveCharacter`'s PD and DR on
 * every hit location, from a Basic suit or from the Advanced pieces layered as the book says.
 * "Lnnn" is a line of seed 004, read from the reference data where the test quotes it.
 */
import { describe, expect, it } from "vitest";
import {
  deriveCharacter,
  type CharacterInput,
  type DerivedCharacter,
} from "../../src/rules/m2m/character";
import { getArmourPiece, getArmourSuit, ARMOUR_PIECES } from "../../src/rules/m2m/equipment";
import { HIT_LOCATIONS, type HitLocation } from "../../src/rules/m2m/types";
import {
  armourPieceInput,
  exchangeDr,
  type ArmourPieceInput,
} from "../../src/rules/m2m/worn-armour";
import type { M2mResult } from "../../src/rules/m2m/exchange";
import { resolveInput } from "../../src/rules/resolve";
import { seedLine as line } from "./sources";

const BASE: CharacterInput = {
  attributes: { st: 10, dx: 12, iq: 10, ht: 12 },
  skills: { broadsword: { points: 8 }, shield: { points: 2 } },
};

const worn = (...ids: string[]): ArmourPieceInput[] =>
  ids.map((id) => armourPieceInput(getArmourPiece(id)));

function wearing(pieces: ArmourPieceInput[], extra: Partial<CharacterInput> = {}) {
  return deriveCharacter({ ...BASE, ...extra, armourPieces: pieces });
}

/** [pd, dr, pd vs impaling, dr vs impaling] of the armour alone on a location. */
function at(c: DerivedCharacter, h: HitLocation): [number, number, number, number] {
  const l = c.locations[h];
  return [l.armourPd, l.armourDr, l.armourPdVsImpaling, l.armourDrVsImpaling];
}

const BODY: HitLocation[] = ["torso", "vitals"];
const ARMS: HitLocation[] = ["left-arm", "right-arm"];
const LEGS: HitLocation[] = ["left-leg", "right-leg"];
const HANDS: HitLocation[] = ["left-hand", "right-hand"];
const FEET: HitLocation[] = ["left-foot", "right-foot"];
const HITS = { head: ["head"], body: BODY, arms: ARMS, legs: LEGS, hands: HANDS, feet: FEET };

describe("every location of the human table (§8, L2450-2470)", () => {
  it("is derived, unarmoured: PD 0, DR 0, and the skull's DR 1 on head and face (L2470)", () => {
    expect(line(2470)).toContain("the skull provides a natural DR of 1");
    const c = deriveCharacter(BASE);
    expect(Object.keys(c.locations).sort()).toEqual([...HIT_LOCATIONS].sort());
    for (const h of HIT_LOCATIONS) {
      expect(at(c, h), h).toEqual([0, 0, 0, 0]);
      expect(c.locations[h].dr.value, h).toBe(h === "head" || h === "face" ? 1 : 0);
      expect(c.locations[h].fromBehind, h).toBeNull();
    }
  });
});

describe("a Basic suit on every part but the face (L2625, L2458; spec §3.5)", () => {
  it("L2625: heavy plate's PD 4 / DR 7 everywhere, hands too (L2627); the face none (L2458)", () => {
    expect(line(2625)).toContain("apply equally to all its parts");
    expect(line(2458)).toContain("Armor does not protect!");
    const s = getArmourSuit("heavy-plate");
    const c = deriveCharacter({ ...BASE, armour: { pd: s.pd, dr: s.dr, fullHelm: true } });
    for (const h of HIT_LOCATIONS)
      expect(at(c, h), h).toEqual(h === "face" ? [0, 0, 0, 0] : [4, 7, 4, 7]);
    expect(c.locations["left-hand"].pieces).toEqual(["armour"]);
    // The single figures are unchanged, and equal the torso's.
    expect([c.pd.value, c.dr.value]).toEqual([4, 7]);
    expect([c.locations.torso.pd.value, c.locations.torso.dr.value]).toEqual([4, 7]);
  });

  it("Fiendish Friedrick's scale armour and large shield (sheet L4202: armour 3, shield 4, total 7; L4208: DR 4), per location", () => {
    expect(line(4202)).toMatch(/Armor: <u>3<\/u> Shield: <u>4<\/u> T O T L A L <u>7<\/u>/);
    expect(line(4208)).toMatch(/Scale\tT O T L A L <u>4<\/u>/);
    const s = getArmourSuit("scale-armour");
    const c = deriveCharacter({
      ...BASE,
      armour: { pd: s.pd, dr: s.dr },
      shield: { pd: 4, size: "large" },
    });
    for (const h of HIT_LOCATIONS) {
      const l = c.locations[h];
      const skull = h === "head" || h === "face" ? 1 : 0;
      expect([l.pd.value, l.dr.value], h).toEqual(h === "face" ? [4, 1] : [7, 4 + skull]);
    }
    expect(c.locations.torso.pd.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["armour", 3],
      ["shield", 4],
    ]);
  });

  it("Rogan the Reaver's chainmail (sheet L4252: armour 3 (1); DR 4 (2), Toughness 2, total 6): per location", () => {
    expect(line(4252)).toMatch(/Armor: <u>3 \(1\)<\/u> Shield: <u>2<\/u>/);
    const c = deriveCharacter({
      ...BASE,
      advantages: { toughness: 2 },
      armour: { pd: 3, dr: 4, pdVsImpaling: 1, drVsImpaling: 2 },
      shield: { pd: 2, size: "small" },
    });
    const t = c.locations.torso;
    expect([t.pd.value, t.pdVsImpaling.value, t.dr.value, t.drVsImpaling.value]).toEqual([
      5, 3, 6, 4,
    ]);
    expect([c.pd.value, c.pdVsImpaling.value, c.dr.value, c.drVsImpaling.value]).toEqual([
      5, 3, 6, 4,
    ]);
    // Head: armour 4 + Toughness 2 + skull 1; the face: Toughness and skull only (M6).
    expect([c.locations.head.dr.value, c.locations.head.drVsImpaling.value]).toEqual([7, 5]);
    expect(c.locations.head.dr.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["armour", 4],
      ["toughness", 2],
      ["skull", 1],
    ]);
    expect([c.locations.face.pd.value, c.locations.face.dr.value]).toEqual([2, 3]);
    expect(c.locations.face.armourDr).toBe(0);
  });
});

describe("the Armor Table's pieces worn alone (L4798-4876, L4880; spec §3.6)", () => {
  it.each(ARMOUR_PIECES.map((p) => [p.line, p.id] as const))(
    "L%i %s: its PD and DR on the hit locations it covers, nothing elsewhere",
    (_line, id) => {
      const p = getArmourPiece(id);
      const c = wearing(worn(id));
      const covered = new Set<HitLocation>(p.covers.flatMap((l) => HITS[l] as HitLocation[]));
      // Chain pieces alone: PD 3 / DR 3, against impaling PD 0 / DR 1 (L4880, A19, M12).
      const own: [number, number, number, number] = p.chainmail
        ? [3, 3, 0, 1]
        : [p.pd, p.dr, p.pdVsImp, p.drVsImp];
      for (const h of HIT_LOCATIONS)
        expect(at(c, h), h).toEqual(covered.has(h) ? own : [0, 0, 0, 0]);
    },
  );

  it("L4880: chainmail alone is PD 3 / DR 3, and PD 0 / DR 1 against impaling", () => {
    expect(line(4880)).toContain("passive defense of 3 and DR 3");
    expect(line(4880)).toContain("no passive defense and a DR of only 1");
    expect(at(wearing(worn("chainmail")), "torso")).toEqual([3, 3, 0, 1]);
  });
});

describe("layering (L1166-1170, L4828, L4878; ruling M95)", () => {
  it("L4878: chainmail over cloth armour is PD 3 / DR 4, against impaling PD 1 / DR 2", () => {
    expect(line(4878)).toContain("The combination has a passive defense of 3 and DR of 4");
    const c = wearing(worn("cloth-armour", "chainmail"));
    expect(at(c, "torso")).toEqual([3, 4, 1, 2]);
    expect(at(c, "vitals")).toEqual([3, 4, 1, 2]);
    expect(c.locations.torso.pieces).toEqual(["chainmail", "cloth-armour"]);
    // The padding pads its own location only: cloth armour on the legs leaves the shirt alone.
    expect(at(wearing(worn("cloth-armour-legs", "chainmail")), "torso")).toEqual([3, 3, 0, 1]);
  });

  it("L4878: chainmail leggings over cloth armour (legs), a coif over the padded cloth cap (L4800)", () => {
    const c = wearing(worn("chainmail-leggings", "cloth-armour-legs", "chain-coif", "cloth-cap"));
    for (const h of [...LEGS, "head" as const]) expect(at(c, h), h).toEqual([3, 4, 1, 2]);
  });

  it("L1170: plate over cloth armour or light leather: +1 DR, no PD", () => {
    expect(line(1170)).toContain("does *not* add passive defense");
    expect(line(1170)).toContain("one more point of damage resistance");
    const c = wearing(worn("cloth-armour", "corselet", "leather-jacket", "plate-arms"));
    expect(at(c, "torso")).toEqual([4, 7, 4, 7]);
    expect(at(c, "left-arm")).toEqual([4, 7, 4, 7]);
    expect(c.locations.torso.dr.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["armour", 6],
      ["underlay", 1],
    ]);
    expect(c.locations["right-arm"].pieces).toEqual(["plate-arms", "leather-jacket"]);
    // Leather jacket alone under nothing: PD 1 / DR 1 on body and arms (L4832).
    expect(at(wearing(worn("leather-jacket")), "right-arm")).toEqual([1, 1, 1, 1]);
  });

  it("L1166: otherwise one piece counts, the one with the most DR; the other adds nothing", () => {
    expect(line(1166)).toContain("you can only wear one suit of armor at a time!");
    // Chainmail is no padding for plate, nor heavy leather for chainmail.
    expect(at(wearing(worn("chainmail", "corselet")), "torso")).toEqual([4, 6, 4, 6]);
    const c = wearing(worn("leather-jacket", "scale-mail", "winter-clothing"));
    expect(at(c, "torso")).toEqual([3, 4, 3, 4]);
    expect(c.locations.torso.pieces).toEqual(["scale-mail"]);
    expect(at(c, "left-arm")).toEqual([1, 1, 1, 1]); // the jacket beats winter clothing's DR 1 on PD
    expect(at(c, "left-leg")).toEqual([0, 1, 0, 1]); // winter clothing (L4826)
  });

  it("L4828: the overcoat adds its DR 1 to what is under it, on body, arms and legs, and no PD", () => {
    expect(line(4828)).toContain("Adds its DR to clothing (or armor) over which it is worn");
    const c = wearing(worn("winter-clothing", "overcoat", "cloth-armour", "chainmail"));
    expect(at(c, "torso")).toEqual([3, 5, 1, 3]);
    expect(at(c, "left-arm")).toEqual([0, 2, 0, 2]);
    expect(at(c, "right-leg")).toEqual([0, 2, 0, 2]);
    expect(at(c, "head")).toEqual([0, 0, 0, 0]);
    expect(c.locations.torso.drVsImpaling.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["armour", 2],
      ["overcoat", 1],
    ]);
    expect(at(wearing(worn("overcoat")), "torso")).toEqual([0, 1, 0, 1]);
  });

  it("L2627: plate gauntlets give DR 4 on the hands where generic heavy plate gives 7", () => {
    expect(line(2627)).toContain("plate gauntlets has DR 4 on his hands");
    const c = wearing(
      worn(
        "greathelm",
        "heavy-corselet",
        "heavy-plate-arms",
        "heavy-plate-legs",
        "gauntlets",
        "sollerets",
      ),
    );
    for (const h of ["head", ...BODY, ...ARMS, ...LEGS] as HitLocation[])
      expect(at(c, h), h).toEqual([4, 7, 4, 7]);
    for (const h of [...HANDS, ...FEET]) expect(at(c, h), h).toEqual([3, 4, 3, 4]);
    expect(at(c, "face")).toEqual([0, 0, 0, 0]);
    // The greathelm's −1 to weapon skills (L4808), and Parry from the lowered skill.
    expect(c.skills.broadsword?.effective.value).toBe(c.skills.broadsword!.level - 1);
    expect(c.skills.broadsword?.effective.modifiers.map((m) => m.key)).toEqual(["fullHelm"]);
  });

  it("L4838: a breastplate protects from the front only; from behind, what is under it and no shield PD (L2406)", () => {
    expect(line(4838)).toContain("protects against blows from the front only");
    const c = wearing(worn("cloth-armour", "breastplate-steel", "leather-helm"), {
      shield: { pd: 2, size: "small" },
    });
    const t = c.locations.torso;
    expect(at(c, "torso")).toEqual([4, 6, 4, 6]); // steel 4 / 5, +1 over cloth armour (L1170)
    expect(t.pd.value).toBe(4 + 2);
    expect(t.fromBehind).not.toBeNull();
    expect([t.fromBehind!.pd.value, t.fromBehind!.armourDr]).toEqual([1, 1]);
    expect(t.fromBehind!.pieces).toEqual(["cloth-armour"]);
    expect(c.locations.head.fromBehind).toBeNull();
  });
});

describe("which PD the active-defence figures use (L4812, L2404, L2476; spec A9)", () => {
  it("L4812: with pieces, the sheet's PD and DR are the torso armour's", () => {
    expect(line(4812)).toContain("your torso armor are used against all attacks");
    expect(line(2404)).toContain("different passive defenses at different parts of your body");
    const c = wearing(worn("scale-mail", "leather-helm", "boots"), {
      advantages: { toughness: 1 },
      shield: { pd: 3, size: "medium" },
      otherPd: 1,
    });
    expect([c.pd.value, c.dr.value]).toEqual([3 + 3 + 1, 4 + 1]);
    expect(c.pd).toEqual(c.locations.torso.pd);
    expect(c.drVsImpaling).toEqual(c.locations.torso.drVsImpaling);
    // Each location's PD is its own armour's with the shield's (L2476).
    expect([c.locations.head.pd.value, c.locations["left-foot"].pd.value]).toEqual([6, 6]);
    expect(c.locations["left-hand"].pd.value).toBe(4);
  });
});

describe("the figures an exchange takes (spec §7.4, §8; ruling M6)", () => {
  const knight = wearing(worn("greathelm", "cloth-armour", "chainmail", "gauntlets"), {
    shield: { pd: 2, size: "small" },
  });
  const hit = (target: HitLocation, type: "cut" | "imp") =>
    resolveInput({
      ruleset: "m2m",
      attack: { skill: 20, damage: "3", type, target, ranged: false },
      defence: { type: "none", score: 0, pd: knight.locations[target].pd.value },
      defender: { ht: 12, hp: 12, dr: exchangeDr(knight.locations, type) },
      rolls: { attack: 10, defence: 18, damage: [4, 4, 4] },
      seed: 1,
    }).result as unknown as M2mResult;

  it("exchangeDr: the armour alone by location against the damage type, no face (L2458)", () => {
    expect(exchangeDr(knight.locations, "cut")).toMatchObject({
      head: 7,
      torso: 4,
      "left-hand": 4,
    });
    expect(exchangeDr(knight.locations, "imp")).toMatchObject({ torso: 2, vitals: 2 });
    expect("face" in exchangeDr(knight.locations, "cut")).toBe(false);
  });

  it("12 cutting to the hand goes through the gauntlets' DR 4; to the head through the greathelm's 7 and the skull's 1 (L2470)", () => {
    expect(hit("left-hand", "cut").damage).toMatchObject({ basic: 12, dr: 4, penetrating: 8 });
    expect(hit("head", "cut").damage).toMatchObject({ basic: 12, dr: 8, penetrating: 4 });
    // Impaling meets the padded chain's DR 2 (L4878); the face only the skull's 1 (M6).
    expect(hit("torso", "imp").damage).toMatchObject({ dr: 2, penetrating: 10 });
    expect(hit("face", "imp").damage).toMatchObject({ dr: 1, penetrating: 11 });
  });
});

describe("one side only (L2621)", () => {
  it("a single plate arm protects its own arm", () => {
    const c = wearing([{ ...worn("plate-arms")[0]!, side: "right" }]);
    expect(at(c, "right-arm")).toEqual([4, 6, 4, 6]);
    expect(at(c, "left-arm")).toEqual([0, 0, 0, 0]);
  });
});

describe("bad input names the field", () => {
  const bad =
    (pieces: unknown, extra: Partial<CharacterInput> = {}) =>
    () =>
      deriveCharacter({ ...BASE, ...extra, armourPieces: pieces as ArmourPieceInput[] });

  it.each([
    [{}, /armourPieces: expected a list/],
    [[{ id: "x", covers: [] }], /armourPieces\.0\.covers: expected a list/],
    [
      [{ id: "x", covers: [{ location: "tail", pd: 1, dr: 1 }] }],
      /armourPieces\.0\.covers\.0\.location/,
    ],
    [
      [{ id: "x", covers: [{ location: "body", pd: -1, dr: 1 }] }],
      /armourPieces\.0\.covers\.0\.pd/,
    ],
    [
      [
        {
          id: "x",
          covers: [
            { location: "body", pd: 1, dr: 1 },
            { location: "body", pd: 1, dr: 1 },
          ],
        },
      ],
      /armourPieces\.0\.covers\.1\.location: .*covered twice/,
    ],
    [
      [{ id: "x", covers: [{ location: "body", pd: 1, dr: 1 }], layer: "felt" }],
      /armourPieces\.0\.layer/,
    ],
    [
      [{ id: "x", covers: [{ location: "body", pd: 1, dr: 1 }], side: "left" }],
      /armourPieces\.0\.side: .*body/,
    ],
    [[{ id: "", covers: [{ location: "body", pd: 1, dr: 1 }] }], /armourPieces\.0\.id/],
    [
      [{ id: "x", covers: [{ location: "body", pd: 1, dr: 1 }], colour: "red" }],
      /armourPieces\.0\.colour: unknown field/,
    ],
  ])("%j", (pieces, message) => {
    expect(bad(pieces)).toThrow(message);
  });

  it("a Basic suit and pieces together are refused (L2619-2625)", () => {
    expect(bad(worn("cloth-cap"), { armour: { pd: 1, dr: 1 } })).toThrow(
      /armourPieces: .*not both/,
    );
  });
});
