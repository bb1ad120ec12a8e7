/**
 * A GURPS Man to Man fighter and its items for the sheet tests (Node and Chromium): Fiendish
 * Friedrick's book sheet (seed 004 L4187-4231; src/foundry/rulesets/m2m/sample-fighters.ts)
 * with an axe, a large shield and scale armour from the engine's tables, a crossbow, and a
 * broadsword that carries its HârnMaster 3 block beside its m2m one. `friedrickDerived` is the
 * derivation the data model gives (`deriveM2mActor` with the gear these items give).
 */
import potHelm from "../../../../packs/_source/m2m-armour-pieces/pot-helm.json";
import breastplate from "../../../../packs/_source/m2m-armour-pieces/breastplate-steel.json";
import clothArmour from "../../../../packs/_source/m2m-armour-pieces/cloth-armor.json";
import chainCoif from "../../../../packs/_source/m2m-armour-pieces/chain-coif.json";
import chainmail from "../../../../packs/_source/m2m-armour-pieces/chainmail.json";
import chainLeggings from "../../../../packs/_source/m2m-armour-pieces/chainmail-leggings.json";
import { getArmourSuit, getRangedWeapon, getShield } from "../../../../src/rules/m2m/equipment";
import { SAMPLE_FIGHTERS } from "../../../../src/foundry/rulesets/m2m/sample-fighters";
import type { M2mCharacterBlock } from "../../../../src/foundry/rulesets/m2m/character-data";
import {
  deriveM2mActor,
  type M2mActorDerived,
  type M2mGear,
} from "../../../../src/foundry/rulesets/m2m/character-input";
import {
  handWeaponBlock,
  handWeaponItems,
  rangedBlock,
  shieldBlock,
  suitBlock,
} from "../../../../src/foundry/rulesets/m2m/item-tables";
import { m2mGear } from "../../../../src/foundry/rulesets/m2m/gear";
import type { M2mSheetItem } from "../../../../src/foundry/rulesets/m2m/sheets/actor/context";

const physical = (weight: number, equipped = true) => ({
  description: "",
  quantity: 1,
  weight,
  carried: true,
  equipped,
  held: "none",
});

const hand = (id: string) => handWeaponItems().find((i) => i.id === id)!;

export const AXE_ID = "m2mItemAxe00001";
export const SHIELD_ID = "m2mItemShield001";
export const ARMOUR_ID = "m2mItemScale0001";
export const CROSSBOW_ID = "m2mItemXbow00001";
export const SWORD_ID = "m2mItemSword001";

export function friedrickBlock(): M2mCharacterBlock {
  const block = structuredClone(SAMPLE_FIGHTERS[0]!.m2m);
  block.hp = 9;
  block.fatigue = 2;
  block.encounter.shock = 2;
  block.encounter.crippled = ["left-hand"];
  return block;
}

/** A name with HTML in it: it must show as text. */
export const HTML_NAME = `<b>Axe</b><img src=x onerror="window.__xss=1">`;

export function friedrickItems(): M2mSheetItem[] {
  const axe = hand("axe");
  const sword = hand("broadsword");
  return [
    {
      id: AXE_ID,
      name: HTML_NAME,
      img: "",
      type: "weapon",
      system: { ...physical(axe.rows[0]!.weight), m2m: handWeaponBlock(axe) },
    },
    {
      id: SHIELD_ID,
      name: "Large shield",
      img: "",
      type: "weapon",
      system: { ...physical(getShield("large").weight ?? 0), m2m: shieldBlock(getShield("large")) },
    },
    {
      id: ARMOUR_ID,
      name: "Scale armour",
      img: "",
      type: "armour",
      system: {
        ...physical(getArmourSuit("scale-armour").weight),
        m2m: suitBlock(getArmourSuit("scale-armour")),
      },
    },
    {
      id: CROSSBOW_ID,
      name: "Crossbow",
      img: "",
      type: "missile",
      system: {
        ...physical(getRangedWeapon("crossbow").weight),
        m2m: rangedBlock(getRangedWeapon("crossbow")),
      },
    },
    {
      id: SWORD_ID,
      name: "Broadsword",
      img: "",
      type: "weapon",
      system: {
        ...physical(sword.rows[0]!.weight, false),
        m2m: handWeaponBlock(sword),
        hm3: {
          skill: "Sword",
          wq: 12,
          attack: 15,
          defence: 10,
          impact: { blunt: 3, edge: 5, point: 3, fire: null },
          handMode: "one",
          shield: false,
        },
      },
    },
  ];
}

/** The gear the items give the derivation, as the data model reads it (./gear.ts). */
export function friedrickGear(items = friedrickItems()): M2mGear {
  return m2mGear(items);
}

export function friedrickDerived(block = friedrickBlock()): M2mActorDerived {
  const out = deriveM2mActor(block, friedrickGear(), () => {});
  if (!out.derived) throw new Error(JSON.stringify(out.errors));
  return out.derived;
}

/** An Advanced piece from packs/_source/m2m-armour-pieces, worn. */
function packPiece(doc: { _id: string; name: string; type: string; system: object }): M2mSheetItem {
  return {
    id: doc._id,
    name: doc.name,
    img: "",
    type: doc.type,
    system: { ...(doc.system as Record<string, unknown>), equipped: true },
  };
}

/**
 * Friedrick without his scale armour and shield, wearing a pot-helm and a steel breastplate over
 * cloth armour instead (L1170, L4806, L4838).
 */
export function piecesItems(): M2mSheetItem[] {
  return [
    ...friedrickItems().filter((i) => i.id !== ARMOUR_ID && i.id !== SHIELD_ID),
    packPiece(potHelm),
    packPiece(breastplate),
    packPiece(clothArmour),
  ];
}

/** The derivation with `items` for gear. */
export function derivedWith(items: M2mSheetItem[], block = friedrickBlock()): M2mActorDerived {
  const out = deriveM2mActor(block, friedrickGear(items), () => {});
  if (!out.derived) throw new Error(JSON.stringify(out.errors));
  return out.derived;
}

export function piecesDerived(block = friedrickBlock()): M2mActorDerived {
  return derivedWith(piecesItems(), block);
}

/**
 * Friedrick with his large shield (PD 4, L1076) and chainmail instead of his scale armour: a
 * chain coif alone on the head and chainmail leggings alone (unpadded: PD 3, DR 3; PD 0, DR 1
 * against impaling, L1168, L4880), and a chainmail shirt over cloth armour (padded: PD 3, DR 4;
 * PD 1, DR 2 against impaling, L4878). Spec §3.6 (m2m-spec.md "Chainmail footnote").
 */
export function chainItems(): M2mSheetItem[] {
  return [
    ...friedrickItems().filter((i) => i.id !== ARMOUR_ID),
    packPiece(chainCoif),
    packPiece(chainmail),
    packPiece(chainLeggings),
    packPiece(clothArmour),
  ];
}

export function chainDerived(block = friedrickBlock()): M2mActorDerived {
  return derivedWith(chainItems(), block);
}
