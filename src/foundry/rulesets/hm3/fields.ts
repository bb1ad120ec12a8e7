/**
 * The fields of the HM3 block (`system.hm3`) of every document type that has one, as Foundry
 * `foundry.data.fields` instances built from the bounds of `./rules.ts`. The data models
 * (src/foundry/data) build `system.<id>` from every registered ruleset's blocks
 * (`HM3_BLOCKS`, called inside `defineSchema`, never at import time).
 */
import { REGIONS } from "../../../rules/hm3/body-plan";
import {
  HAND_MODES,
  HM3_ATTRIBUTES,
  SKILL_CATEGORIES,
  type Hm3AttributeId,
} from "../../../rules/hm3/character-types";
import {
  AIM_ZONES,
  ASPECTS,
  MATERIALS,
  RANGE_BANDS,
  SEVERITIES,
  type AimZone,
  type Aspect,
  type RangeBand,
} from "../../../rules/hm3/tables";
import { UNARMED_STYLES } from "../../../rules/hm3/gold/rolls";
import { DEFAULT_UNARMED_STYLE } from "../../../rules/hm3/gold/rolls-unarmed";
import { DEFAULT_SIZE_CLASS, SIZE_CLASS_IDS } from "../../../rules/hm3/gold/impact-size";
import { OBJECT_KINDS } from "../../../rules/hm3/gold/paired-object-combat";
import {
  bool,
  choice,
  int,
  locationId,
  nullableChoice,
  nullableInt,
  text,
} from "../../data/fields";
import type { NumberRule } from "../../data/rule-kinds";
import { BOUNDS, INJURY_ASPECTS, VELOCITIES } from "./rules";

const fields = () => foundry.data.fields;

/** The twelve HM3 attributes, whole numbers (1-30 for characters, 1-99 for creatures), 10 by default. */
export function hm3Attributes(rule: NumberRule = BOUNDS.attribute) {
  const attrs = {} as Record<Hm3AttributeId, ReturnType<typeof int>>;
  for (const id of HM3_ATTRIBUTES) attrs[id] = int(rule);
  return new (fields().SchemaField)(attrs);
}

/** The HM3 block shared by characters and creatures (`attribute`: the attributes' bounds). */
export function hm3ActorFields(attribute: NumberRule = BOUNDS.attribute) {
  return {
    attributes: hm3Attributes(attribute),
    fatigue: int(BOUNDS.fatigue),
    encumbrance: nullableInt(BOUNDS.encumbrance),
    // HârnMaster Gold unarmed combat style (seed 000 lines 346-354; ruling G49).
    unarmedStyle: choice(UNARMED_STYLES, DEFAULT_UNARMED_STYLE),
    // HârnMaster Gold impact & target size (seed 000 lines 133-145; ruling G15).
    sizeClass: choice(SIZE_CLASS_IDS, DEFAULT_SIZE_CLASS),
    // HârnMaster Gold brute force: the actor as an object (seed 000 lines 41-57; ruling G70).
    object: objectBlock(),
  };
}

/** An object attacked with brute force (ruling G70); kind `none`: the actor is no object. */
export function objectBlock() {
  return new (fields().SchemaField)({
    kind: choice(OBJECT_KINDS, "none"),
    blunt: nullableInt(BOUNDS.objectAp),
    edge: nullableInt(BOUNDS.objectAp),
    df: nullableInt(BOUNDS.objectDf),
    damage: int(BOUNDS.objectDamage),
    thickness: int(BOUNDS.objectThickness),
  });
}

/** Impact of a weapon per aspect; null where the weapon has no such aspect. */
export function impactByAspect() {
  const impact = {} as Record<Aspect, ReturnType<typeof nullableInt>>;
  for (const aspect of ASPECTS) impact[aspect] = nullableInt(BOUNDS.impact);
  return new (fields().SchemaField)(impact);
}

/** A missile's range band: range in hexes and impact. */
export function rangeBand() {
  return new (fields().SchemaField)({ range: int(BOUNDS.range), impact: int(BOUNDS.bandImpact) });
}

/** A creature's body plan; null: the human plan of seed 003. */
export function bodyPlan() {
  const f = fields();
  const aim = {} as Record<AimZone, ReturnType<typeof int>>;
  for (const zone of AIM_ZONES) aim[zone] = int(BOUNDS.aimPoints);
  const cell = new f.SchemaField({
    severity: choice(SEVERITIES, "M"),
    level: int(BOUNDS.injuryLevel),
    fumbleStumble: bool(false),
    amputation: bool(false),
  });
  const location = new f.SchemaField({
    id: locationId("body"),
    name: text("Body", false),
    region: choice(REGIONS, "torso"),
    paired: bool(false),
    aim: new f.SchemaField(aim),
    injury: new f.ArrayField(cell),
    // The location's own size class (seed 000 line 147; ruling G16); null: the creature's.
    sizeClass: nullableChoice(SIZE_CLASS_IDS),
  });
  return new f.SchemaField(
    { name: text("Creature", false), locations: new f.ArrayField(location) },
    { required: true, nullable: true, initial: null },
  );
}

/** The HM3 block of each type, by type key. */
export const HM3_BLOCKS = {
  "Actor.character": () => new foundry.data.fields.SchemaField(hm3ActorFields()),
  "Actor.creature": () =>
    new foundry.data.fields.SchemaField({
      ...hm3ActorFields(BOUNDS.creatureAttribute),
      bodyPlan: bodyPlan(),
    }),
  "Item.weapon": () =>
    new foundry.data.fields.SchemaField({
      skill: text("", true),
      wq: nullableInt(BOUNDS.wq),
      attack: int(BOUNDS.attackDefence),
      defence: int(BOUNDS.attackDefence),
      impact: impactByAspect(),
      handMode: choice(HAND_MODES, "one"),
      shield: bool(false),
      cutting: bool(false),
      // HârnMaster Gold weapon reach (seed 000 line 368): a Long Reach weapon (pike, ísagâra).
      longReach: bool(false),
      // HârnMaster Gold hand mode and strength (seed 000 lines 233-241; rulings G17-G19).
      handModePenalty: nullableInt(BOUNDS.handModePenalty),
      strRequirement: int(BOUNDS.strRequirement),
      lighterClasses: int(BOUNDS.lighterClasses),
    }),
  "Item.missile": () => {
    const ranges = {} as Record<RangeBand, ReturnType<typeof rangeBand>>;
    for (const band of RANGE_BANDS) ranges[band] = rangeBand();
    return new foundry.data.fields.SchemaField({
      skill: text("", true),
      aspect: choice(ASPECTS, "point"),
      velocity: choice(VELOCITIES, "low"),
      wq: nullableInt(BOUNDS.wq),
      ranges: new foundry.data.fields.SchemaField(ranges),
    });
  },
  "Item.armour": () =>
    new foundry.data.fields.SchemaField({
      material: choice(MATERIALS, "leather"),
      quality: int(BOUNDS.quality),
      enchantment: int(BOUNDS.enchantment),
      locations: new foundry.data.fields.ArrayField(locationId("thorax")),
      squeeze: nullableInt(BOUNDS.armourColumn),
      tear: nullableInt(BOUNDS.armourColumn),
    }),
  "Item.skill": () =>
    new foundry.data.fields.SchemaField({
      category: choice(SKILL_CATEGORIES, "physical"),
      sbAttributes: new foundry.data.fields.ArrayField(choice(HM3_ATTRIBUTES, "str"), { max: 3 }),
      sbModifier: int(BOUNDS.sbModifier),
      skillBase: nullableInt(BOUNDS.skillBase),
      ml: int(BOUNDS.ml),
    }),
  "Item.injury": () =>
    new foundry.data.fields.SchemaField({
      location: locationId("thorax"),
      aspect: choice(INJURY_ASPECTS, "blunt"),
      severity: choice(SEVERITIES, "M"),
      level: int(BOUNDS.injuryLevel),
      healingRate: int(BOUNDS.healingRate),
      bleeding: bool(false),
    }),
} as const;
