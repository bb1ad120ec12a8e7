/**
 * Worn armour from the items to the engine (issue 16: "PD and DR per location" from
 * `deriveCharacter` only): an armour item of kind `piece` becomes the engine's
 * `ArmourPieceInput` (item-convert's `pieceArmourInput`), the actor's gear carries the worn
 * pieces (`M2mGear.pieces`), and `deriveM2mActor` returns the engine's figures per hit location,
 * computing none itself. "Lnnn" is a line of seed 004; ruling M95 is in docs/rulings.md.
 */
import { describe, expect, it } from "vitest";
import { defaultM2mBlock } from "../../../../src/foundry/rulesets/m2m/character-data";
import {
  deriveM2mActor,
  m2mCharacterInput,
  NO_GEAR,
  type M2mGear,
} from "../../../../src/foundry/rulesets/m2m/character-input";
import { armourLayer, pieceArmourInput } from "../../../../src/foundry/rulesets/m2m/item-convert";
import type { M2mArmourBlock } from "../../../../src/foundry/rulesets/m2m/item-data";
import { pieceBlock, suitBlock } from "../../../../src/foundry/rulesets/m2m/item-tables";
import { deriveCharacter } from "../../../../src/rules/m2m/character";
import { ARMOUR_PIECES, getArmourPiece, getArmourSuit } from "../../../../src/rules/m2m/equipment";
import { HIT_LOCATIONS } from "../../../../src/rules/m2m/types";
import { armourPieceInput } from "../../../../src/rules/m2m/worn-armour";
import { seedLine as line } from "../../../m2m/sources";

const piece = (id: string) => pieceArmourInput(pieceBlock(getArmourPiece(id)), `item-${id}`);

describe("pieceArmourInput: an armour item of kind piece as the engine takes it", () => {
  it.each(ARMOUR_PIECES.map((p) => [p.line, p.id] as const))(
    "L%i %s: the table piece's own input, named by the item's id",
    (_line, id) => {
      const p = getArmourPiece(id);
      expect(pieceArmourInput(pieceBlock(p), "abc123")).toEqual({
        ...armourPieceInput(p),
        id: "abc123",
      });
    },
  );

  it("layers (ruling M95): the table's for a table piece; a home-made one is plate if it takes an underlay, else plain", () => {
    expect(armourLayer(pieceBlock(getArmourPiece("cloth-armour")))).toBe("padding");
    expect(armourLayer(pieceBlock(getArmourPiece("leather-jacket")))).toBe("light-leather");
    expect(armourLayer(pieceBlock(getArmourPiece("corselet")))).toBe("plate");
    const homeMade: M2mArmourBlock = { ...pieceBlock(getArmourPiece("corselet")), ref: "" };
    expect(armourLayer(homeMade)).toBe("plain");
    expect(armourLayer({ ...homeMade, underlay: true })).toBe("plate");
  });

  it("a home-made piece keeps each location's own PD and DR", () => {
    const base = pieceBlock(getArmourPiece("leather-jacket"));
    const block: M2mArmourBlock = {
      ...base,
      ref: "",
      locations: [
        { location: "body", pd: 2, dr: 3, pdVsImpaling: 1, drVsImpaling: 2 },
        { location: "arms", pd: 1, dr: 1, pdVsImpaling: 1, drVsImpaling: 1 },
      ],
    };
    const c = deriveCharacter({
      attributes: { st: 10, dx: 10, iq: 10, ht: 10 },
      armourPieces: [pieceArmourInput(block, "coat")],
    });
    expect([c.locations.torso.armourDr, c.locations.torso.armourDrVsImpaling]).toEqual([3, 2]);
    expect([c.locations["left-arm"].armourPd, c.locations["left-arm"].armourDr]).toEqual([1, 1]);
    expect(c.locations.torso.pieces).toEqual(["coat"]);
  });

  it("a Basic suit is refused naming the field: it is worn whole (L2625)", () => {
    expect(() => pieceArmourInput(suitBlock(getArmourSuit("chainmail")), "x")).toThrow(
      /system\.m2m\.kind/,
    );
  });
});

const KNIGHT = { ...defaultM2mBlock(), skills: [{ id: "broadsword" as const, points: 8 }] };
const KNIGHT_GEAR: M2mGear = {
  ...NO_GEAR,
  pieces: [
    "greathelm",
    "heavy-corselet",
    "heavy-plate-arms",
    "heavy-plate-legs",
    "gauntlets",
    "sollerets",
  ].map(piece),
  shield: { pd: 3, size: "medium" },
  weapons: [{ id: "sword", name: "Broadsword", skill: "broadsword" }],
};

describe("M2mGear.pieces through m2mCharacterInput to deriveCharacter", () => {
  it("passes the worn pieces as armourPieces, copied; none or an empty list passes nothing", () => {
    const input = m2mCharacterInput(KNIGHT, KNIGHT_GEAR);
    expect(input.armourPieces).toEqual(KNIGHT_GEAR.pieces);
    expect(input.armourPieces).not.toBe(KNIGHT_GEAR.pieces);
    expect(input.armourPieces![0]!.covers).not.toBe(KNIGHT_GEAR.pieces![0]!.covers);
    expect("armourPieces" in m2mCharacterInput(KNIGHT, NO_GEAR)).toBe(false);
    expect("armourPieces" in m2mCharacterInput(KNIGHT, { ...NO_GEAR, pieces: [] })).toBe(false);
  });

  it("L2627: the knight in pieces has DR 4 on the hands and feet, DR 7 elsewhere, no armour on the face (L2458); the engine's figures as they are", () => {
    expect(line(2627)).toContain("plate gauntlets has DR 4 on his hands");
    const out = deriveM2mActor(KNIGHT, KNIGHT_GEAR, () => {});
    expect(out.errors).toEqual([]);
    const c = out.derived!.character;
    expect(c).toEqual(deriveCharacter(m2mCharacterInput(KNIGHT, KNIGHT_GEAR)));
    const dr = Object.fromEntries(HIT_LOCATIONS.map((h) => [h, c.locations[h].armourDr]));
    expect(dr).toEqual({
      head: 7,
      face: 0,
      "left-arm": 7,
      "right-arm": 7,
      "left-hand": 4,
      "right-hand": 4,
      torso: 7,
      vitals: 7,
      "left-leg": 7,
      "right-leg": 7,
      "left-foot": 4,
      "right-foot": 4,
    });
    // PD: the torso's armour 4 and the shield's 3 (L4812); the greathelm's −1 (L4808).
    expect(c.pd.value).toBe(7);
    expect(c.locations["left-hand"].pd.value).toBe(3 + 3);
    expect(c.locations.torso.pieces).toEqual(["item-heavy-corselet"]);
    const w = out.derived!.weapons[0]!;
    expect(w.level?.modifiers.map((m) => [m.key, m.value])).toEqual([["fullHelm", -1]]);
  });

  it("L4878: a chain shirt over a cloth armour item is padded; alone it is not (L4880)", () => {
    const padded = deriveM2mActor(
      KNIGHT,
      { ...NO_GEAR, pieces: ["chainmail", "cloth-armour"].map(piece) },
      () => {},
    ).derived!.character;
    const alone = deriveM2mActor(KNIGHT, { ...NO_GEAR, pieces: [piece("chainmail")] }, () => {})
      .derived!.character;
    const t = (c: typeof padded) => [
      c.locations.torso.armourPd,
      c.locations.torso.armourDr,
      c.locations.torso.armourPdVsImpaling,
      c.locations.torso.armourDrVsImpaling,
    ];
    expect(t(padded)).toEqual([3, 4, 1, 2]);
    expect(t(alone)).toEqual([3, 3, 0, 1]);
  });

  it("a suit and pieces together: no figures, the items named (L2625)", () => {
    const out = deriveM2mActor(
      KNIGHT,
      { ...NO_GEAR, armour: { pd: 3, dr: 4 }, pieces: [piece("cloth-cap")] },
      () => {},
    );
    expect(out.derived).toBeNull();
    expect(out.errors).toMatchObject([{ field: "system.items" }]);
  });
});
