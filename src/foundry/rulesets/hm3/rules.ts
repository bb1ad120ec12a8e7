/**
 * The bounds and choices of every stored field of the HM3 block (`system.hm3`), as plain data:
 * the block's schema (`./fields.ts`) and the sheet-input check (src/foundry/data/validate.ts,
 * through the registry) share this one definition. `test/foundry/data/rules.test.ts` checks
 * that the composed field table and the data models' schemas agree field by field.
 */
import { UNARMED_STYLES } from "../../../rules/hm3/gold/rolls";
import { DEFAULT_UNARMED_STYLE } from "../../../rules/hm3/gold/rolls-unarmed";
import { DEFAULT_SIZE_CLASS, SIZE_CLASS_IDS } from "../../../rules/hm3/gold/impact-size";
import { OBJECT_KINDS, OBJECT_MAX_DAMAGE } from "../../../rules/hm3/gold/paired-object-combat";
import { MAX_THICKNESS } from "../../../rules/hm3/gold/paired-parse";
import { locationIds } from "../../../core/body";
import { HUMAN_BODY_PLAN, REGIONS, sidedLocationIds } from "../../../rules/hm3/body-plan";
import {
  HAND_MODES,
  HM3_ATTRIBUTE_MAX,
  HM3_ATTRIBUTES,
  HM3_CREATURE_ATTRIBUTE_MAX,
  HM3_ML,
  HM3_WEAPON_MODIFIER,
  SKILL_CATEGORIES,
} from "../../../rules/hm3/character-types";
import { ASPECT_ALIASES, ASPECTS, MATERIALS, SEVERITIES } from "../../../rules/hm3/tables";
import {
  choice,
  GENERIC_BOUNDS,
  int,
  nullableChoice,
  nullableInt,
  type NumberRule,
  type Rule,
} from "../../data/rule-kinds";

/** Bounds of the HM3 fields (the brief of issue 3; seed 003 for the tables), with the generic ones. */
export const BOUNDS = Object.freeze({
  attribute: int(1, HM3_ATTRIBUTE_MAX, 10),
  /** A creature's attributes (R28: large beasts exceed 30). */
  creatureAttribute: int(1, HM3_CREATURE_ATTRIBUTE_MAX, 10),
  fatigue: int(0, undefined, 0),
  encumbrance: nullableInt(0, undefined),
  /**
   * 0: broken (ruling R31: a failed weapon damage roll at WQ 1 breaks it). null: the item has no
   * weapon quality (ruling R41: the CSV's WQ 0 for body parts and sling stones); it makes no
   * weapon damage roll and never breaks.
   */
  wq: { ...nullableInt(0, 30), initial: 10 },
  attackDefence: int(HM3_WEAPON_MODIFIER.min, HM3_WEAPON_MODIFIER.max, 0),
  impact: nullableInt(0, 50),
  quality: int(-10, 10, 0),
  enchantment: int(0, 10, 0),
  /** An armour piece's own Squeeze or Tear base (HârnMaster Gold, ruling G22); null: the material's. */
  armourColumn: nullableInt(0, 50),
  injuryLevel: int(1, 5, 1),
  healingRate: int(0, 6, 0),
  ml: int(HM3_ML.min, HM3_ML.max, 0),
  skillBase: nullableInt(0, 100),
  sbModifier: int(-50, 50, 0),
  range: int(0, undefined, 0),
  bandImpact: int(0, 50, 0),
  aimPoints: int(0, 100, 0),
  /**
   * HârnMaster Gold (rulings G17-G19): a weapon's main-hand-alone Hand Mode penalty in EML
   * points (null: 10 for a two-handed weapon, 0 otherwise), its STR requirement (0: none; up to
   * a creature's STR) and how many weight classes lighter than optimal it is for its wielder.
   */
  handModePenalty: nullableInt(0, 100),
  strRequirement: int(0, HM3_CREATURE_ATTRIBUTE_MAX, 0),
  lighterClasses: int(0, 10, 0),
  /**
   * HârnMaster Gold brute force (seed 000 lines 51-57; rulings G70, G71): an object's AP against
   * Blunt and Edge (null: its door's), its Damage Factor (null: rolled for a door at its first
   * strike), the damage it has taken and a door's inches of thickness (the CLI's bounds).
   */
  objectAp: nullableInt(0, 100),
  objectDf: nullableInt(1, OBJECT_MAX_DAMAGE),
  objectDamage: int(0, OBJECT_MAX_DAMAGE, 0),
  objectThickness: int(1, MAX_THICKNESS, 1),
  ...GENERIC_BOUNDS,
});

/** Aspects an injury may record: the four armour aspects and the creature aspects read as them. */
export const INJURY_ASPECTS: readonly string[] = Object.freeze([
  ...ASPECTS,
  ...Object.keys(ASPECT_ALIASES),
]);

export const VELOCITIES = ["low", "high"] as const;

/** Location ids of the human plan an armour item may cover: bare (both sides) and sided. */
export const HUMAN_ARMOUR_LOCATIONS: readonly string[] = Object.freeze(
  locationIds(HUMAN_BODY_PLAN),
);
/** Location ids of the human plan an injury may sit on: sided for paired locations. */
export const HUMAN_INJURY_LOCATIONS: readonly string[] = Object.freeze(
  sidedLocationIds(HUMAN_BODY_PLAN),
);

const actor = (attribute: NumberRule) => ({
  ...(Object.fromEntries(HM3_ATTRIBUTES.map((a) => [`attributes.${a}`, attribute])) as Record<
    `attributes.${(typeof HM3_ATTRIBUTES)[number]}`,
    NumberRule
  >),
  fatigue: BOUNDS.fatigue,
  encumbrance: BOUNDS.encumbrance,
  // HârnMaster Gold unarmed combat style (seed 000 lines 346-354; ruling G49).
  unarmedStyle: choice(UNARMED_STYLES, DEFAULT_UNARMED_STYLE),
  // HârnMaster Gold impact & target size (seed 000 lines 133-145; ruling G15).
  sizeClass: choice(SIZE_CLASS_IDS, DEFAULT_SIZE_CLASS),
  // HârnMaster Gold brute force: the actor as an object (seed 000 lines 41-57; ruling G70).
  "object.kind": choice(OBJECT_KINDS, "none"),
  "object.blunt": BOUNDS.objectAp,
  "object.edge": BOUNDS.objectAp,
  "object.df": BOUNDS.objectDf,
  "object.damage": BOUNDS.objectDamage,
  "object.thickness": BOUNDS.objectThickness,
});

/**
 * Every stored leaf of the HM3 block of each type, by path inside the block; `*` stands for an
 * array index. Nullable containers (a creature's `bodyPlan`) are listed by their leaves.
 */
export const HM3_RULES = {
  "Actor.character": actor(BOUNDS.attribute),
  "Actor.creature": {
    ...actor(BOUNDS.creatureAttribute),
    "bodyPlan.name": { kind: "text", blank: false, initial: "Creature" },
    "bodyPlan.locations.*.id": { kind: "slug", initial: "body" },
    "bodyPlan.locations.*.name": { kind: "text", blank: false, initial: "Body" },
    "bodyPlan.locations.*.region": choice(REGIONS, "torso"),
    "bodyPlan.locations.*.paired": { kind: "boolean", initial: false },
    "bodyPlan.locations.*.aim.high": BOUNDS.aimPoints,
    "bodyPlan.locations.*.aim.mid": BOUNDS.aimPoints,
    "bodyPlan.locations.*.aim.low": BOUNDS.aimPoints,
    "bodyPlan.locations.*.injury.*.severity": choice(SEVERITIES, "M"),
    "bodyPlan.locations.*.injury.*.level": BOUNDS.injuryLevel,
    "bodyPlan.locations.*.injury.*.fumbleStumble": { kind: "boolean", initial: false },
    "bodyPlan.locations.*.injury.*.amputation": { kind: "boolean", initial: false },
    // The location's own size class (ruling G16); null: the creature's.
    "bodyPlan.locations.*.sizeClass": nullableChoice(SIZE_CLASS_IDS),
  },
  "Item.weapon": {
    skill: { kind: "text", blank: true, initial: "" },
    wq: BOUNDS.wq,
    attack: BOUNDS.attackDefence,
    defence: BOUNDS.attackDefence,
    ...(Object.fromEntries(ASPECTS.map((a) => [`impact.${a}`, BOUNDS.impact])) as Record<
      `impact.${(typeof ASPECTS)[number]}`,
      NumberRule
    >),
    handMode: choice(HAND_MODES, "one"),
    shield: { kind: "boolean", initial: false },
    cutting: { kind: "boolean", initial: false },
    longReach: { kind: "boolean", initial: false },
    handModePenalty: BOUNDS.handModePenalty,
    strRequirement: BOUNDS.strRequirement,
    lighterClasses: BOUNDS.lighterClasses,
  },
  "Item.missile": {
    skill: { kind: "text", blank: true, initial: "" },
    aspect: choice(ASPECTS, "point"),
    velocity: choice(VELOCITIES, "low"),
    wq: BOUNDS.wq,
    ...(Object.fromEntries(
      ["short", "medium", "long", "extreme"].flatMap((b) => [
        [`ranges.${b}.range`, BOUNDS.range],
        [`ranges.${b}.impact`, BOUNDS.bandImpact],
      ]),
    ) as Record<
      `ranges.${"short" | "medium" | "long" | "extreme"}.${"range" | "impact"}`,
      NumberRule
    >),
  },
  "Item.armour": {
    material: choice(MATERIALS, "leather"),
    quality: BOUNDS.quality,
    enchantment: BOUNDS.enchantment,
    locations: { kind: "list", element: { kind: "location", sides: "any", initial: "" } },
    squeeze: BOUNDS.armourColumn,
    tear: BOUNDS.armourColumn,
  },
  "Item.skill": {
    category: choice(SKILL_CATEGORIES, "physical"),
    sbAttributes: { kind: "list", element: choice(HM3_ATTRIBUTES, "str"), max: 3 },
    sbModifier: BOUNDS.sbModifier,
    skillBase: BOUNDS.skillBase,
    ml: BOUNDS.ml,
  },
  "Item.injury": {
    location: { kind: "location", sides: "sided", initial: "thorax" },
    aspect: choice(INJURY_ASPECTS, "blunt"),
    severity: choice(SEVERITIES, "M"),
    level: BOUNDS.injuryLevel,
    healingRate: BOUNDS.healingRate,
    bleeding: { kind: "boolean", initial: false },
  },
} as const satisfies Record<string, Record<string, Rule>>;
