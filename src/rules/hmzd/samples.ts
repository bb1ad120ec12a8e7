/**
 * Sample hmzd fighters as plain data (`HmzdCharacterInput` with a name and description): the
 * HM3 sample fighters of this project (scripts/pack-actors.ts, packs/_source/hm3-sample-
 * fighters) with the same attributes, skills and kit, their weapons converted by Z12 (the
 * broadsword as the seed prints it) and their armour the same HM3 pieces (Z13); plus the war
 * dog on the dog plan made for hmzd (Z24) and the seed's small terrier (STR 4: its bite d6+0P
 * strikes for d6−4P, 001:101). The duel simulation, the workbench and the Foundry packs read
 * these; test/hmzd/samples.test.ts checks every weapon against the conversion of the HM3 data
 * and every piece against the HM3 armour data, so the two cannot drift apart.
 *
 * Each fighter's Shock EML is 5 × Endurance (Z7): none has a Shock skill. Weapons are held as
 * in the HM3 kit (the natural jaws in no hand), for impairment by zone (Z8). Each weapon keeps
 * the HM3 item's attack and defence modifiers and each fighter the HM3 kit's carried load in lb,
 * so its EMLs are the pack actor's (Z41, Z43; test/cli/actor-file.test.ts compares them).
 */
import { deepFreeze } from "../../core/data";
import { HM3_ATTRIBUTES } from "../hm3/character-types";
import type { HmzdCharacterInput, HmzdModeInput, HmzdWeaponInput } from "./character";
import type { HmzdAspect } from "./types";

export interface HmzdSample {
  /** Stable id (the workbench and the packs key on it). */
  id: string;
  name: string;
  description: string;
  character: HmzdCharacterInput;
}

const m = (name: string, die: number, base: number, aspect: HmzdAspect): HmzdModeInput => ({
  name,
  impact: { die, base, aspect },
});

/** The converted weapons the samples carry (Z12; test/hmzd/samples.test.ts checks them). */
const W = {
  broadsword: {
    name: "Broadsword",
    skill: "Sword",
    attack: 15,
    defence: 10,
    zoneDie: 4,
    modes: [m("swing", 10, 3, "edge"), m("thrust", 8, 2, "point"), m("pommel", 6, 0, "blunt")],
    held: "main",
  },
  knightShield: {
    name: "Knight Shield",
    skill: "Shield",
    attack: 5,
    defence: 20,
    zoneDie: 6,
    modes: [m("swing", 10, 1, "blunt"), m("thrust", 8, 2, "point")],
    shield: true,
    held: "off",
  },
  spear: {
    name: "Spear",
    skill: "Spear",
    attack: 20,
    defence: 10,
    zoneDie: 8,
    modes: [m("swing", 10, 2, "blunt"), m("thrust", 8, 4, "point")],
    held: "both",
  },
  knife: {
    name: "Knife",
    skill: "Dagger",
    attack: 5,
    defence: 0,
    zoneDie: 4,
    modes: [m("swing", 8, 1, "edge"), m("thrust", 6, 2, "point"), m("strike", 4, 0, "blunt")],
    held: "none",
  },
  handaxe: {
    name: "Handaxe",
    skill: "Axe",
    attack: 10,
    defence: 5,
    zoneDie: 6,
    modes: [m("swing", 10, 4, "edge"), m("thrust", 8, 2, "point"), m("strike", 6, 2, "blunt")],
    held: "main",
  },
  roundShield: {
    name: "Round Shield",
    skill: "Shield",
    attack: 5,
    defence: 20,
    zoneDie: 6,
    modes: [m("swing", 10, 1, "blunt"), m("thrust", 8, 2, "point")],
    shield: true,
    held: "off",
  },
  battleaxe: {
    name: "Battleaxe",
    skill: "Axe",
    attack: 20,
    defence: 10,
    zoneDie: 6,
    modes: [m("swing", 12, 5, "edge"), m("thrust", 10, 4, "point"), m("strike", 8, 4, "blunt")],
    held: "both",
  },
} satisfies Record<string, HmzdWeaponInput>;

type Material = "cloth" | "quilt" | "leather" | "kurbul" | "ring" | "mail" | "scale" | "plate";
const a = (name: string, material: Material, locations: string[]) => ({
  name,
  material,
  quality: 0,
  enchantment: 0,
  locations,
});
/** What a tunic or byrnie covers; a hauberk or gambeson also the forearms, elbows and thighs. */
const TORSO_ARMS = ["upper-arm", "shoulder", "thorax", "abdomen", "hip", "groin"];
const HAUBERK = ["forearm", "elbow", ...TORSO_ARMS, "thigh"];

/** HM3 attributes in sheet order: STR STA DEX AGL EYE HRG SML VOI INT AUR WIL CML. */
function attributes(v: readonly number[]): HmzdCharacterInput["attributes"] {
  return Object.fromEntries(HM3_ATTRIBUTES.map((k, i) => [k, v[i]!]));
}

const skills = (list: Record<string, number>) =>
  Object.entries(list).map(([name, ml]) => ({ name, ml }));

/** The sample fighters, in the HM3 pack's order, then the creatures. */
export const HMZD_SAMPLES: readonly HmzdSample[] = deepFreeze([
  {
    id: "sir-aldric-knight",
    name: "Sir Aldric, knight",
    description:
      "A sworn knight in mail and plate with the seed's broadsword and a knight shield. Sample fighter.",
    character: {
      attributes: attributes([15, 14, 12, 12, 12, 11, 10, 11, 12, 9, 14, 12]),
      load: 66.2,
      skills: skills({ Sword: 72, Shield: 66, Initiative: 64, Dodge: 48, Riding: 60, Unarmed: 44 }),
      weapons: [W.broadsword, W.knightShield],
      armour: [
        a("Quilt Tunic", "quilt", TORSO_ARMS),
        a("Mail Byrnie", "mail", TORSO_ARMS),
        a("Plate Breastplate", "plate", ["thorax", "abdomen"]),
        a("Plate 3/4 Helm", "plate", ["skull", "face"]),
        a("Plate Vambraces", "plate", ["forearm"]),
        a("Leather Knee Boots", "leather", ["foot", "calf", "knee"]),
      ],
    },
  },
  {
    id: "militia-spearman",
    name: "Militia spearman",
    description: "A townsman called to the levy: spear, quilted jack, leather cap. Sample fighter.",
    character: {
      attributes: attributes([12, 12, 11, 11, 11, 11, 11, 10, 10, 10, 11, 10]),
      load: 22.8,
      skills: skills({ Spear: 55, Initiative: 50, Dodge: 45, Unarmed: 40 }),
      weapons: [W.spear],
      armour: [
        a("Quilt Tunic", "quilt", TORSO_ARMS),
        a("Leather Cap", "leather", ["skull"]),
        a("Leather Knee Boots", "leather", ["foot", "calf", "knee"]),
      ],
    },
  },
  {
    id: "longbowman",
    name: "Longbowman",
    description:
      "A yeoman archer with longbow and knife, in leather and a quilted cap. Sample fighter.",
    character: {
      attributes: attributes([14, 12, 13, 12, 15, 12, 10, 10, 11, 10, 12, 11]),
      load: 14.4,
      skills: skills({ Bow: 68, Dagger: 45, Initiative: 55, Dodge: 50, Unarmed: 42 }),
      weapons: [W.knife],
      missiles: [
        {
          name: "Arrow (Longbow)",
          skill: "Bow",
          aspect: "point",
          die: 8,
          ranges: {
            short: { range: 25, base: 5 },
            medium: { range: 50, base: 4 },
            long: { range: 100, base: 4 },
            extreme: { range: 200, base: 3 },
          },
        },
      ],
      armour: [
        a("Leather Tunic", "leather", TORSO_ARMS),
        a("Quilt Cap", "quilt", ["skull"]),
        a("Leather Calf Boots", "leather", ["foot", "calf"]),
      ],
    },
  },
  {
    id: "brigand",
    name: "Brigand",
    description:
      "A highway robber with handaxe and round shield, in a leather vest. Sample fighter.",
    character: {
      attributes: attributes([13, 13, 12, 13, 11, 12, 11, 9, 9, 10, 10, 9]),
      load: 16.8,
      skills: skills({ Axe: 55, Shield: 50, Initiative: 52, Dodge: 47, Unarmed: 48 }),
      weapons: [W.handaxe, W.roundShield],
      armour: [
        a("Leather Vest", "leather", ["shoulder", "thorax", "abdomen"]),
        a("Kurbul Halfhelm", "kurbul", ["skull"]),
        a("Leather Shoes", "leather", ["foot"]),
      ],
    },
  },
  {
    id: "man-at-arms",
    name: "Man-at-arms",
    description:
      "A hired soldier with a battleaxe, in a ring hauberk over a gambeson. Sample fighter.",
    character: {
      attributes: attributes([16, 14, 11, 11, 11, 10, 10, 11, 10, 9, 12, 10]),
      load: 57.6,
      skills: skills({ Axe: 62, Initiative: 58, Dodge: 46, Unarmed: 50 }),
      weapons: [W.battleaxe],
      armour: [
        a("Quilt Gambeson", "quilt", HAUBERK),
        a("Ring Hauberk", "ring", HAUBERK),
        a("Ring Halfhelm", "ring", ["skull"]),
        a("Leather Knee Boots", "leather", ["foot", "calf", "knee"]),
      ],
    },
  },
  {
    id: "war-dog",
    name: "War dog",
    description:
      "A trained war dog in leather barding, on the Dog plan made for this system (docs/rulings.md Z24). Its jaws bite d6+2P (HM3 Jaws P4, Z24).",
    character: {
      attributes: attributes([10, 14, 10, 15, 12, 15, 18, 8, 5, 5, 10, 10]),
      load: 10,
      skills: skills({ Bite: 60, Initiative: 70, Dodge: 60 }),
      weapons: [
        {
          name: "Jaws",
          skill: "Bite",
          zoneDie: 6,
          held: "none",
          modes: [m("bite", 6, 2, "point")],
        },
      ],
      armour: [a("Leather barding", "leather", ["body", "neck"])],
      bodyPlan: "dog",
    },
  },
  {
    id: "terrier",
    name: "Terrier",
    description:
      "The seed's small terrier: STR 4, so its bite d6+0P strikes for d6−4P (001:101). On the Dog plan made for this system (Z24).",
    character: {
      attributes: attributes([4, 8, 10, 14, 12, 15, 18, 8, 5, 5, 10, 10]),
      skills: skills({ Bite: 45, Initiative: 60, Dodge: 55 }),
      weapons: [
        {
          name: "Jaws",
          skill: "Bite",
          zoneDie: 6,
          held: "none",
          modes: [m("bite", 6, 0, "point")],
        },
      ],
      armour: [],
      bodyPlan: "dog",
    },
  },
] satisfies HmzdSample[]);

/** A sample by id, or undefined. */
export function hmzdSample(id: string): HmzdSample | undefined {
  return HMZD_SAMPLES.find((s) => s.id === id);
}
