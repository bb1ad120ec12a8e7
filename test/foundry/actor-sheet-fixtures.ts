/**
 * Realistic actor sheet fixtures: a knight (mail hauberk over a quilted gambeson, plate helm
 * and greaves, skills, broadsword and round shield, a longbow, two injuries, some gear) and a
 * creature with its own six-location quadruped plan. The derived data comes from the rules
 * core exactly as the data models compute it (`hm3Input` → `deriveHm3Character`), so the
 * sheet context is built from real figures. Weapon and armour values are sample data, not
 * table data under test.
 */
import { deriveHm3Character } from "../../src/rules/hm3/character";
import type { Hm3Derived } from "../../src/rules/hm3/character-types";
import { hm3Input } from "../../src/foundry/rulesets/hm3/input";
import type {
  CharacterSource,
  CreatureSource,
  PhysicalSource,
} from "../../src/foundry/data/source";
import type {
  Hm3BodyPlanSource,
  Hm3PlanLocationSource,
} from "../../src/foundry/rulesets/hm3/source";
import type {
  ActorContextInput,
  SheetItem,
} from "../../src/foundry/rulesets/hm3/sheets/actor/context";
import { parseInjuryCode } from "../../src/rules/hm3/body-plan";
import { defaultM2mBlock } from "../../src/foundry/rulesets/m2m/character-data";
import { defaultM2mItemBlock } from "../../src/foundry/rulesets/m2m/item-data";
import { localize, format } from "./stand-ins/handlebars";
import {
  hmzdCharacter,
  hmzdCreature,
  hmzdInjury,
  hmzdMissile,
  hmzdWeapon,
} from "./rulesets/hmzd/blocks";

const physical = (over: Partial<PhysicalSource> = {}): PhysicalSource => ({
  description: "",
  quantity: 1,
  weight: 0,
  carried: true,
  equipped: true,
  held: "none",
  ...over,
});

const noImpact = { blunt: null, edge: null, point: null, fire: null };

export const KNIGHT_SYSTEM: CharacterSource = {
  description: "<p>Sir Aldric of <strong>Kaldor</strong>, a sworn knight.</p>",
  m2m: defaultM2mBlock(),
  hmzd: hmzdCharacter(),
  hm3: {
    attributes: {
      str: 16,
      sta: 15,
      dex: 12,
      agl: 11,
      eye: 12,
      hrg: 10,
      sml: 9,
      voi: 11,
      int: 12,
      aur: 8,
      wil: 14,
      cml: 12,
    },
    fatigue: 0,
    encumbrance: null,
    unarmedStyle: "brawling",
  },
};

const skill = (
  id: string,
  name: string,
  category: "combat" | "physical" | "lore" | "communication",
  ml: number,
): SheetItem => ({
  id,
  name,
  img: "",
  type: "skill",
  system: {
    description: "",
    hm3: { category, sbAttributes: ["str", "dex", "dex"], sbModifier: 0, skillBase: null, ml },
  },
});

export const KNIGHT_ITEMS: SheetItem[] = [
  skill("skSword000000001", "Sword", "combat", 65),
  skill("skShield00000001", "Shield", "combat", 55),
  skill("skBow00000000001", "Bow", "combat", 70),
  skill("skInitiative0001", "Initiative", "combat", 60),
  skill("skDodge000000001", "Dodge", "physical", 45),
  skill("skRiding00000001", "Riding", "physical", 50),
  skill("skHeraldry000001", "Heraldry", "lore", 40),
  {
    id: "wpSword000000001",
    name: "Broadsword",
    img: "",
    type: "weapon",
    system: {
      ...physical({ weight: 4, held: "main" }),
      m2m: defaultM2mItemBlock("weapon"),
      hmzd: hmzdWeapon(),
      hm3: {
        skill: "Sword",
        wq: 13,
        attack: 5,
        defence: 0,
        impact: { ...noImpact, blunt: 3, edge: 5, point: 3 },
        handMode: "one",
        shield: false,
        cutting: false,
      },
    },
  },
  {
    id: "wpShield00000001",
    name: "Round Shield",
    img: "",
    type: "weapon",
    system: {
      ...physical({ weight: 6, held: "off" }),
      m2m: defaultM2mItemBlock("weapon"),
      hmzd: hmzdWeapon(),
      hm3: {
        skill: "Shield",
        wq: 12,
        attack: 0,
        defence: 15,
        impact: { ...noImpact, blunt: 2 },
        handMode: "one",
        shield: true,
        cutting: false,
      },
    },
  },
  {
    id: "msLongbow0000001",
    name: "Longbow",
    img: "",
    type: "missile",
    system: {
      ...physical({ weight: 3, equipped: false }),
      m2m: defaultM2mItemBlock("missile"),
      hmzd: hmzdMissile(),
      hm3: {
        skill: "Bow",
        aspect: "point",
        velocity: "high",
        wq: 11,
        ranges: {
          short: { range: 25, impact: 9 },
          medium: { range: 50, impact: 8 },
          long: { range: 100, impact: 7 },
          extreme: { range: 200, impact: 6 },
        },
      },
    },
  },
  {
    id: "arQuilt000000001",
    name: "Quilted Gambeson",
    img: "",
    type: "armour",
    system: {
      ...physical({ weight: 8 }),
      m2m: defaultM2mItemBlock("armour"),
      hm3: {
        material: "quilt",
        quality: 0,
        enchantment: 0,
        locations: ["shoulder", "upper-arm", "thorax", "abdomen", "hip", "groin"],
        squeeze: null,
        tear: null,
      },
    },
  },
  {
    id: "arMail0000000001",
    name: "Mail Hauberk",
    img: "",
    type: "armour",
    system: {
      ...physical({ weight: 25 }),
      m2m: defaultM2mItemBlock("armour"),
      hm3: {
        material: "mail",
        quality: 0,
        enchantment: 0,
        locations: ["shoulder", "upper-arm", "elbow", "thorax", "abdomen", "hip", "groin"],
        squeeze: null,
        tear: null,
      },
    },
  },
  {
    id: "arHelm0000000001",
    name: "Plate Helm",
    img: "",
    type: "armour",
    system: {
      ...physical({ weight: 6 }),
      m2m: defaultM2mItemBlock("armour"),
      hm3: {
        material: "plate",
        quality: 0,
        enchantment: 0,
        locations: ["skull"],
        squeeze: null,
        tear: null,
      },
    },
  },
  {
    id: "arGreaves0000001",
    name: "Plate Greaves",
    img: "",
    type: "armour",
    system: {
      ...physical({ weight: 5 }),
      m2m: defaultM2mItemBlock("armour"),
      hm3: {
        material: "plate",
        quality: 0,
        enchantment: 0,
        locations: ["calf"],
        squeeze: null,
        tear: null,
      },
    },
  },
  {
    id: "inForearm0000001",
    name: "Cut forearm",
    img: "",
    type: "injury",
    system: {
      description: "",
      hmzd: hmzdInjury(),
      hm3: {
        location: "left-forearm",
        aspect: "edge",
        severity: "S",
        level: 2,
        healingRate: 4,
        bleeding: true,
      },
    },
  },
  {
    id: "inThigh000000001",
    name: "Bruised thigh",
    img: "",
    type: "injury",
    system: {
      description: "",
      hmzd: hmzdInjury(),
      hm3: {
        location: "right-thigh",
        aspect: "blunt",
        severity: "M",
        level: 1,
        healingRate: 0,
        bleeding: false,
      },
    },
  },
  {
    id: "grPack0000000001",
    name: "Backpack",
    img: "",
    type: "gear",
    system: physical({ weight: 5, equipped: false }),
  },
  {
    id: "grRations0000001",
    name: "Rations",
    img: "",
    type: "gear",
    system: physical({ weight: 1, quantity: 4, equipped: false }),
  },
  {
    id: "grTent0000000001",
    name: "Tent",
    img: "",
    type: "gear",
    system: physical({ weight: 20, carried: false, equipped: false }),
  },
];

/** The derived data the data model would compute for these stored data and items. */
export function derive(
  system: CharacterSource | CreatureSource,
  items: readonly SheetItem[],
): Hm3Derived {
  return deriveHm3Character(hm3Input(system, items));
}

/** A realistic portrait as a data URI (no file needed in the browser). */
export const PORTRAIT =
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 84 84"><rect width="84" height="84" fill="#8a949e"/><circle cx="42" cy="32" r="16" fill="#4a4f55"/><rect x="18" y="52" width="48" height="32" rx="12" fill="#4a4f55"/></svg>`,
  );

export function knightInput(over: Partial<ActorContextInput> = {}): ActorContextInput {
  return {
    type: "character",
    name: "Sir Aldric",
    img: PORTRAIT,
    system: KNIGHT_SYSTEM,
    derived: derive(KNIGHT_SYSTEM, KNIGHT_ITEMS),
    items: KNIGHT_ITEMS,
    conditions: [],
    editable: true,
    owner: true,
    limited: false,
    enrichedDescription: KNIGHT_SYSTEM.description,
    activeTab: "attributes",
    localize,
    format: (key, data) => format(key, data),
    ...over,
  } as ActorContextInput;
}

// ── Creature ─────────────────────────────────────────────────────────────────────────────────

const ladder = (...codes: string[]) => codes.map((c) => parseInjuryCode(c));

const loc = (
  id: string,
  name: string,
  region: Hm3PlanLocationSource["region"],
  paired: boolean,
  high: number,
  mid: number,
  low: number,
  injury: string[],
): Hm3PlanLocationSource => ({
  id,
  name,
  region,
  paired,
  aim: { high, mid, low },
  injury: ladder(...injury),
});

/**
 * A six-location quadruped (a war dog): High 40+20+20+20 = 100, Mid 10+10+20+50+10 = 100,
 * Low 40+10+50 = 100; the tail cannot be aimed at.
 */
export function quadrupedPlan(): Hm3BodyPlanSource {
  return {
    name: "War dog",
    locations: [
      loc("head", "Head", "head", false, 40, 10, 0, ["M1", "S2", "S3", "K4", "K5"]),
      loc("neck", "Neck", "neck", false, 20, 10, 0, ["M1", "S2", "S3", "K4", "K5▼"]),
      loc("foreleg", "Foreleg", "leg", true, 20, 20, 40, ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"]),
      loc("body", "Body", "torso", false, 20, 50, 10, ["M1", "S2", "S3", "G4", "K5"]),
      loc("hindleg", "Hindleg", "leg", true, 0, 10, 50, ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"]),
      loc("tail", "Tail", "tail", false, 0, 0, 0, ["M1", "M1", "S2", "S3", "G4▼"]),
    ],
  };
}

export function dogSystem(plan: Hm3BodyPlanSource | null = quadrupedPlan()): CreatureSource {
  return {
    description: "<p>A trained war dog.</p>",
    m2m: defaultM2mBlock("creature"),
    hmzd: hmzdCreature(),
    hm3: {
      attributes: {
        str: 10,
        sta: 14,
        dex: 10,
        agl: 15,
        eye: 12,
        hrg: 15,
        sml: 18,
        voi: 8,
        int: 5,
        aur: 5,
        wil: 10,
        cml: 10,
      },
      fatigue: 0,
      encumbrance: null,
      unarmedStyle: "brawling",
      bodyPlan: plan,
    },
  };
}

export const DOG_ITEMS: SheetItem[] = [
  skill("skBite0000000001", "Bite", "combat", 60),
  skill("skInitiative0002", "Initiative", "combat", 70),
  skill("skDodge000000002", "Dodge", "physical", 60),
  {
    id: "wpJaws0000000001",
    name: "Jaws",
    img: "",
    type: "weapon",
    system: {
      ...physical({ weight: 0, held: "none" }),
      m2m: defaultM2mItemBlock("weapon"),
      hmzd: hmzdWeapon(),
      hm3: {
        skill: "Bite",
        wq: 15,
        attack: 0,
        defence: 0,
        impact: { ...noImpact, point: 4 },
        handMode: "one",
        shield: false,
        cutting: false,
      },
    },
  },
  {
    id: "arBarding0000001",
    name: "Leather barding",
    img: "",
    type: "armour",
    system: {
      ...physical({ weight: 10 }),
      m2m: defaultM2mItemBlock("armour"),
      hm3: {
        material: "leather",
        quality: 0,
        enchantment: 0,
        locations: ["body", "neck"],
        squeeze: null,
        tear: null,
      },
    },
  },
  {
    id: "inForeleg0000001",
    name: "Bitten leg",
    img: "",
    type: "injury",
    system: {
      description: "",
      hmzd: hmzdInjury(),
      hm3: {
        location: "left-foreleg",
        aspect: "point",
        severity: "G",
        level: 4,
        healingRate: 3,
        bleeding: true,
      },
    },
  },
];

export function dogInput(over: Partial<ActorContextInput> = {}): ActorContextInput {
  const system = dogSystem();
  return {
    type: "creature",
    name: "Grip",
    img: PORTRAIT,
    system,
    derived: derive(system, DOG_ITEMS),
    items: DOG_ITEMS,
    conditions: [],
    editable: true,
    owner: true,
    limited: false,
    enrichedDescription: system.description,
    activeTab: "bodyPlan",
    localize,
    format: (key, data) => format(key, data),
    ...over,
  } as ActorContextInput;
}
