/**
 * The HM3 actor packs written by scripts/pack-sources.ts: the body plans (the human plan of
 * seed 003 and two creature plans made for this system) and the sample fighters, whose weapons
 * and armour are copies of the item packs' documents (linked by `_stats.compendiumSource`).
 *
 * No seed gives creature tables: the dog and horse plans are this system's own, said so in
 * their descriptions (docs/packs.md). The fighters' figures are plausible HM3 values chosen
 * here (docs/packs.md lists them).
 */
import { NO_OBJECT } from "../src/rules/hm3/gold/paired-object-combat";
import { humanBodyPlan, parseInjuryCode } from "../src/rules/hm3/body-plan";
import { stableId, withRulesetBlocks } from "./pack-ids";

type Obj = Record<string, unknown>;

const PLANS = "hm3-body-plans";
const FIGHTERS = "hm3-sample-fighters";
const SYSTEM_ID = "blow-by-blow";

type Attrs = Record<
  "str" | "sta" | "dex" | "agl" | "eye" | "hrg" | "sml" | "voi" | "int" | "aur" | "wil" | "cml",
  number
>;

function attrs(values: readonly number[]): Attrs {
  const keys = ["str", "sta", "dex", "agl", "eye", "hrg", "sml", "voi", "int", "aur", "wil", "cml"];
  return Object.fromEntries(keys.map((k, i) => [k, values[i]!])) as Attrs;
}

function actorDoc(pack: string, name: string, type: string, img: string, system: Obj): Obj {
  const _id = stableId(`${pack}:${name}`);
  return {
    _id,
    _key: `!actors!${_id}`,
    name,
    type,
    img,
    system: withRulesetBlocks("Actor", type, system),
    items: [] as Obj[],
    effects: [],
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
}

// ── Body plans ───────────────────────────────────────────────────────────────────────────────

type Region = "head" | "neck" | "arm" | "torso" | "leg" | "wing" | "tail" | "other";

function loc(
  id: string,
  name: string,
  region: Region,
  paired: boolean,
  [high, mid, low]: [number, number, number],
  injury: string[],
): Obj {
  return {
    id,
    name,
    region,
    paired,
    aim: { high, mid, low },
    injury: injury.map((c) => parseInjuryCode(c)),
    // HârnMaster Gold (ruling G16): the creature's size class.
    sizeClass: null,
  };
}

/** A dog (hunting or war dog): six locations; the tail cannot be aimed at. Made for this system. */
export function dogPlan(): Obj {
  return {
    name: "Dog",
    locations: [
      loc("head", "Head", "head", false, [40, 10, 0], ["M1", "S2", "S3", "K4", "K5"]),
      loc("neck", "Neck", "neck", false, [20, 10, 0], ["M1", "S2", "S3", "K4", "K5"]),
      loc(
        "foreleg",
        "Foreleg",
        "leg",
        true,
        [20, 20, 40],
        ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"],
      ),
      loc("body", "Body", "torso", false, [20, 50, 10], ["M1", "S2", "S3", "G4", "K5"]),
      loc(
        "hindleg",
        "Hindleg",
        "leg",
        true,
        [0, 10, 50],
        ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"],
      ),
      loc("tail", "Tail", "tail", false, [0, 0, 0], ["M1", "M1", "S2", "S3", "G4▼"]),
    ],
  };
}

/** A riding or war horse: eight locations; the tail cannot be aimed at. Made for this system. */
export function horsePlan(): Obj {
  return {
    name: "Horse",
    locations: [
      loc("head", "Head", "head", false, [30, 5, 0], ["M1", "S2", "S3", "K4", "K5"]),
      loc("neck", "Neck", "neck", false, [25, 10, 0], ["M1", "S2", "S3", "G4", "K5"]),
      loc(
        "forequarter",
        "Forequarter",
        "torso",
        false,
        [25, 20, 5],
        ["M1", "S2", "S3", "G4", "K5"],
      ),
      loc("barrel", "Barrel", "torso", false, [10, 35, 15], ["M1", "S2", "S3", "G4", "K5"]),
      loc(
        "hindquarter",
        "Hindquarter",
        "torso",
        false,
        [10, 15, 10],
        ["M1", "S2", "S3", "G4", "G5"],
      ),
      loc(
        "foreleg",
        "Foreleg",
        "leg",
        true,
        [0, 10, 35],
        ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"],
      ),
      loc("hindleg", "Hindleg", "leg", true, [0, 5, 35], ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"]),
      loc("tail", "Tail", "tail", false, [0, 0, 0], ["M1", "M1", "S2", "S3", "G4▼"]),
    ],
  };
}

const MADE_HERE =
  "No seed gives creature tables: this plan was made for Blow by Blow (aim points per zone sum to 100; injury ladders by analogy with the human table of seed 003). Copy it and change it for your own creatures.";

/** The body plans pack: the human plan (seed 003) and two creature plans made here. */
export function bodyPlanDocs(): Obj[] {
  const human = humanBodyPlan();
  const creature = (name: string, description: string, plan: Obj, values: number[]) =>
    actorDoc(PLANS, name, "creature", "icons/svg/mystery-man.svg", {
      description,
      hm3: {
        attributes: attrs(values),
        fatigue: 0,
        encumbrance: null,
        unarmedStyle: "brawling",
        sizeClass: "medium",
        object: { ...NO_OBJECT },
        bodyPlan: plan,
      },
    });
  return [
    creature(
      "Human (body plan)",
      "<p>The human body plan of seed 003 (STRIKE LOCATION and INJURY tables, lines 60-110), as a creature's plan: a template for humanoid creatures. Characters always use this plan; the face sub-table is rolled only for characters.</p>",
      { name: human.name, locations: human.locations.map((l) => ({ ...l, sizeClass: null })) },
      [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
    ),
    creature(
      "Dog (body plan)",
      `<p>${MADE_HERE}</p>`,
      dogPlan(),
      [9, 12, 10, 15, 12, 15, 18, 8, 5, 5, 10, 10],
    ),
    creature(
      "Horse (body plan)",
      `<p>${MADE_HERE}</p>`,
      horsePlan(),
      [25, 20, 8, 12, 10, 12, 14, 10, 5, 5, 10, 10],
    ),
  ];
}

// ── Sample fighters ──────────────────────────────────────────────────────────────────────────

type SkillCategory = "combat" | "physical" | "lore" | "communication";

/** A skill and its Skill Base attributes (HM3 skill list); ML as given. */
interface SkillSpec {
  name: string;
  category: SkillCategory;
  sb: [string, string, string];
  ml: number;
}

const SB: Readonly<Record<string, [string, string, string]>> = Object.freeze({
  Sword: ["str", "dex", "dex"],
  Shield: ["str", "dex", "dex"],
  Axe: ["str", "str", "dex"],
  Spear: ["str", "str", "dex"],
  Bow: ["str", "dex", "eye"],
  Dagger: ["dex", "dex", "eye"],
  Unarmed: ["str", "dex", "agl"],
  Initiative: ["agl", "wil", "wil"],
  Dodge: ["agl", "agl", "agl"],
  Riding: ["dex", "agl", "wil"],
  Bite: ["str", "dex", "agl"],
});

function skills(list: Record<string, number>): SkillSpec[] {
  return Object.entries(list).map(([name, ml]) => ({
    name,
    category: name === "Dodge" || name === "Riding" ? "physical" : "combat",
    sb: SB[name]!,
    ml,
  }));
}

/** How a fighter carries a pack item: which hand holds it (weapons), worn or ready. */
interface Kit {
  item: string;
  held?: "none" | "main" | "off" | "both";
}

interface FighterSpec {
  name: string;
  type: "character" | "creature";
  description: string;
  attributes: number[];
  skills: Record<string, number>;
  kit: Kit[];
  /** Items of the creature's own (natural weapons), as item documents without ids. */
  own?: Obj[];
  bodyPlan?: Obj;
}

/** The six sample fighters (docs/packs.md). */
export const FIGHTERS_SPEC: readonly FighterSpec[] = [
  {
    name: "Sir Aldric, knight",
    type: "character",
    description:
      "<p>A sworn knight in mail and plate with broadsword and knight shield. Sample fighter.</p>",
    attributes: [15, 14, 12, 12, 12, 11, 10, 11, 12, 9, 14, 12],
    skills: { Sword: 72, Shield: 66, Initiative: 64, Dodge: 48, Riding: 60, Unarmed: 44 },
    kit: [
      { item: "Broadsword", held: "main" },
      { item: "Knight Shield", held: "off" },
      { item: "Quilt Tunic" },
      { item: "Mail Byrnie" },
      { item: "Plate Breastplate" },
      { item: "Plate 3/4 Helm" },
      { item: "Plate Vambraces" },
      { item: "Leather Knee Boots" },
    ],
  },
  {
    name: "Militia spearman",
    type: "character",
    description: "<p>A townsman called to the levy: spear, quilted jack, leather cap.</p>",
    attributes: [12, 12, 11, 11, 11, 11, 11, 10, 10, 10, 11, 10],
    skills: { Spear: 55, Initiative: 50, Dodge: 45, Unarmed: 40 },
    kit: [
      { item: "Spear", held: "both" },
      { item: "Quilt Tunic" },
      { item: "Leather Cap" },
      { item: "Leather Knee Boots" },
    ],
  },
  {
    name: "Longbowman",
    type: "character",
    description: "<p>A yeoman archer with longbow and knife, in leather and a quilted cap.</p>",
    attributes: [14, 12, 13, 12, 15, 12, 10, 10, 11, 10, 12, 11],
    skills: { Bow: 68, Dagger: 45, Initiative: 55, Dodge: 50, Unarmed: 42 },
    kit: [
      { item: "Arrow (Longbow)" },
      { item: "Knife", held: "none" },
      { item: "Leather Tunic" },
      { item: "Quilt Cap" },
      { item: "Leather Calf Boots" },
    ],
  },
  {
    name: "Brigand",
    type: "character",
    description: "<p>A highway robber with handaxe and round shield, in a leather vest.</p>",
    attributes: [13, 13, 12, 13, 11, 12, 11, 9, 9, 10, 10, 9],
    skills: { Axe: 55, Shield: 50, Initiative: 52, Dodge: 47, Unarmed: 48 },
    kit: [
      { item: "Handaxe", held: "main" },
      { item: "Round Shield", held: "off" },
      { item: "Leather Vest" },
      { item: "Kurbul Halfhelm" },
      { item: "Leather Shoes" },
    ],
  },
  {
    name: "Man-at-arms",
    type: "character",
    description: "<p>A hired soldier with a battleaxe, in a ring hauberk over a gambeson.</p>",
    attributes: [16, 14, 11, 11, 11, 10, 10, 11, 10, 9, 12, 10],
    skills: { Axe: 62, Initiative: 58, Dodge: 46, Unarmed: 50 },
    kit: [
      { item: "Battleaxe", held: "both" },
      { item: "Quilt Gambeson" },
      { item: "Ring Hauberk" },
      { item: "Ring Halfhelm" },
      { item: "Leather Knee Boots" },
    ],
  },
  {
    name: "War dog",
    type: "creature",
    description: `<p>A trained war dog in leather barding. Its body plan is the Dog plan of the body plans pack, made for this system (no seed gives creature tables).</p>`,
    attributes: [10, 14, 10, 15, 12, 15, 18, 8, 5, 5, 10, 10],
    skills: { Bite: 60, Initiative: 70, Dodge: 60 },
    kit: [],
    bodyPlan: dogPlan(),
    own: [
      {
        name: "Jaws",
        type: "weapon",
        img: "icons/svg/claw.svg",
        system: {
          description: "<p>A natural weapon (no hand needed).</p>",
          quantity: 1,
          weight: 0,
          carried: true,
          equipped: true,
          held: "none",
          hm3: {
            skill: "Bite",
            wq: 15,
            attack: 0,
            defence: 0,
            impact: { blunt: null, edge: null, point: 4, fire: null },
            handMode: "one",
            shield: false,
            cutting: false,
            longReach: false,
            handModePenalty: null,
            strRequirement: 0,
            lighterClasses: 0,
          },
        },
      },
      {
        name: "Leather barding",
        type: "armour",
        img: "icons/svg/statue.svg",
        system: {
          description: "<p>Leather over the dog's body and neck.</p>",
          quantity: 1,
          weight: 10,
          carried: true,
          equipped: true,
          held: "none",
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
    ],
  },
];

/** Where an item of the item packs came from, as a v13 compendium UUID. */
function packOf(doc: Obj): string {
  const type = doc.type;
  if (type === "armour") return "hm3-armour";
  if (type === "missile") return "hm3-missile-weapons";
  return "hm3-melee-weapons";
}

/** The sample fighters pack; `items` are the item packs' documents by name. */
export function fighterDocs(items: ReadonlyMap<string, Obj>): Obj[] {
  return FIGHTERS_SPEC.map((spec) => {
    const hm3: Obj = {
      attributes: attrs(spec.attributes),
      fatigue: 0,
      encumbrance: null,
      unarmedStyle: "brawling",
      sizeClass: "medium",
      object: { ...NO_OBJECT },
    };
    if (spec.type === "creature") hm3.bodyPlan = spec.bodyPlan ?? null;
    const actor = actorDoc(FIGHTERS, spec.name, spec.type, "icons/svg/mystery-man.svg", {
      description: spec.description,
      hm3,
    });
    const actorId = actor._id as string;
    const embedded: Obj[] = [];
    const embed = (name: string, type: string, img: string, system: Obj, source?: string) => {
      const _id = stableId(`${FIGHTERS}:${spec.name}:${type}:${name}`);
      embedded.push({
        _id,
        _key: `!actors.items!${actorId}.${_id}`,
        name,
        type,
        img,
        system: withRulesetBlocks("Item", type, system),
        effects: [],
        folder: null,
        sort: embedded.length * 100,
        ownership: { default: 0 },
        flags: {},
        ...(source ? { _stats: { compendiumSource: source } } : {}),
      });
    };
    for (const s of skills(spec.skills))
      embed(s.name, "skill", "icons/svg/book.svg", {
        description: "",
        hm3: { category: s.category, sbAttributes: s.sb, sbModifier: 0, skillBase: null, ml: s.ml },
      });
    for (const k of spec.kit) {
      const doc = items.get(k.item);
      if (!doc) throw new Error(`${spec.name}: no pack item named ${JSON.stringify(k.item)}`);
      const system = structuredClone(doc.system) as Obj;
      system.equipped = true;
      system.held = k.held ?? "none";
      embed(
        String(doc.name),
        String(doc.type),
        String(doc.img),
        system,
        `Compendium.${SYSTEM_ID}.${packOf(doc)}.Item.${String(doc._id)}`,
      );
    }
    for (const own of spec.own ?? [])
      embed(String(own.name), String(own.type), String(own.img), own.system as Obj);
    actor.items = embedded;
    return actor;
  });
}
