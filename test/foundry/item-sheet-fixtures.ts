/**
 * Items and an owner for the item sheet tests (stand-ins and browser): one stored `system` per
 * type in the shapes of src/foundry/data/source.ts, and an owner whose derived data comes from
 * the rules core (`deriveHm3Character`), never written by hand.
 */
import type { Hm3CharacterInput, Hm3Derived } from "../../src/rules/hm3/character-types";
import { deriveHm3Character } from "../../src/rules/hm3/character";
import type { SourceByType } from "../../src/foundry/data/source";
import type { ItemSource, OwnerInput } from "../../src/foundry/rulesets/hm3/sheets/item/context";
import type { ItemType } from "../../src/foundry/rulesets/hm3/sheets/item/labels";
import { defaultM2mItemBlock } from "../../src/foundry/rulesets/m2m/item-data";
import { hmzdInjury, hmzdMissile, hmzdWeapon } from "./rulesets/hmzd/blocks";

type Systems = SourceByType["Item"];

const physical = {
  description: "<p>Well kept.</p>",
  quantity: 1,
  weight: 4,
  carried: true,
  equipped: true,
  held: "main" as const,
};

/** A broadsword: WQ 12, Attack 15, Defence 10, Blunt 3, Edge 5, Point 3, no Fire. */
export const BROADSWORD: Systems["weapon"] = {
  ...physical,
  m2m: defaultM2mItemBlock("weapon"),
  hmzd: hmzdWeapon(),
  hm3: {
    skill: "Sword",
    wq: 12,
    attack: 15,
    defence: 10,
    impact: { blunt: 3, edge: 5, point: 3, fire: null },
    handMode: "one",
    shield: false,
    cutting: false,
  },
};

/** A shortbow with the MISSILE DATA TABLE's bands (seed 003 line 284: 20/6 40/5 80/4 160/3). */
export const SHORTBOW: Systems["missile"] = {
  ...physical,
  m2m: defaultM2mItemBlock("missile"),
  hmzd: hmzdMissile(),
  weight: 2,
  hm3: {
    skill: "Bow",
    aspect: "point",
    velocity: "low",
    wq: 10,
    ranges: {
      short: { range: 20, impact: 6 },
      medium: { range: 40, impact: 5 },
      long: { range: 80, impact: 4 },
      extreme: { range: 160, impact: 3 },
    },
  },
};

/** A +1 mail hauberk over the torso and both arms, with one thigh. */
export const MAIL_HAUBERK: Systems["armour"] = {
  ...physical,
  m2m: defaultM2mItemBlock("armour"),
  weight: 25,
  held: "none",
  hm3: {
    material: "mail",
    quality: 1,
    enchantment: 0,
    locations: ["shoulder", "upper-arm", "thorax", "abdomen", "left-thigh"],
    squeeze: null,
    tear: null,
  },
};

export const SWORD_SKILL: Systems["skill"] = {
  description: "",
  hm3: {
    category: "combat",
    sbAttributes: ["str", "dex", "dex"],
    sbModifier: 0,
    skillBase: null,
    ml: 60,
  },
};

export const FOREARM_CUT: Systems["injury"] = {
  description: "",
  hmzd: hmzdInjury(),
  hm3: {
    location: "left-forearm",
    aspect: "edge",
    severity: "S",
    level: 2,
    healingRate: 4,
    bleeding: false,
  },
};

export const ROPE: Systems["gear"] = { ...physical, weight: 3, equipped: false, held: "none" };

export const SYSTEMS: { [T in ItemType]: Systems[T] } = {
  weapon: BROADSWORD,
  missile: SHORTBOW,
  armour: MAIL_HAUBERK,
  skill: SWORD_SKILL,
  injury: FOREARM_CUT,
  gear: ROPE,
};

export const NAMES: Record<ItemType, string> = {
  weapon: "Broadsword",
  missile: "Shortbow",
  armour: "Mail Hauberk (+1)",
  skill: "Sword",
  injury: "Cut",
  gear: "Rope, 10 ft",
};

/** Item ids: the owner's items carry the same ids, so its derived data is found. */
export const IDS: Record<ItemType, string> = {
  weapon: "weapon0000000001",
  missile: "missile000000001",
  armour: "armour0000000001",
  skill: "skill00000000001",
  injury: "injury0000000001",
  gear: "gear000000000001",
};

export function itemSource<T extends ItemType>(type: T): ItemSource {
  return { type, system: structuredClone(SYSTEMS[type]) } as ItemSource;
}

/** Aldric: Sword ML 60, Bow ML 50, wearing the hauberk, with the forearm cut. */
export function aldricInput(): Hm3CharacterInput {
  return {
    attributes: {
      str: 12,
      sta: 12,
      dex: 13,
      agl: 11,
      eye: 12,
      hrg: 10,
      sml: 10,
      voi: 10,
      int: 11,
      aur: 9,
      wil: 12,
      cml: 10,
    },
    fatigue: 0,
    encumbranceOverride: 0,
    skills: [
      { id: IDS.skill, name: "Sword", ...SWORD_SKILL.hm3, sbAttributes: ["str", "dex", "dex"] },
      {
        id: "skill00000000002",
        name: "Bow",
        category: "combat",
        sbAttributes: ["str", "dex", "eye"],
        sbModifier: 0,
        skillBase: null,
        ml: 50,
      },
    ],
    weapons: [
      {
        id: IDS.weapon,
        name: "Broadsword",
        ...BROADSWORD.hm3,
        impact: { ...BROADSWORD.hm3.impact },
        equipped: true,
        held: "main",
      },
    ],
    missiles: [
      {
        id: IDS.missile,
        name: "Shortbow",
        ...SHORTBOW.hm3,
        ranges: structuredClone(SHORTBOW.hm3.ranges),
        equipped: true,
        held: "none",
      },
    ],
    armour: [
      {
        id: IDS.armour,
        name: "Mail Hauberk",
        ...MAIL_HAUBERK.hm3,
        locations: [...MAIL_HAUBERK.hm3.locations],
        equipped: true,
      },
    ],
    injuries: [{ id: IDS.injury, ...FOREARM_CUT.hm3 }],
    load: [],
  };
}

export function aldricDerived(): Hm3Derived {
  return deriveHm3Character(aldricInput());
}

/** The owner as the sheet's context reads it. */
export function aldric(): OwnerInput {
  return { name: "Aldric", derived: aldricDerived(), skillNames: ["Sword", "Bow"] };
}
