/**
 * Localisation keys of the item sheets, written out whole so the lang audit finds each one
 * (test/lang.test.ts reads string literals). Keyed by the ids of the core's lists.
 */
import type {
  Hand,
  HandMode,
  Hm3AttributeId,
  SkillCategory,
} from "../../../../../rules/hm3/character-types";
import type { Velocity } from "../../../../../rules/hm3/eml";
import type { Aspect, Material, RangeBand, Severity } from "../../../../../rules/hm3/tables";

/** The six item types of the system (system.json `documentTypes.Item`). */
export const ITEM_TYPES = ["weapon", "missile", "armour", "skill", "injury", "gear"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** Item types with quantity, weight, carried, equipped and held. */
export const PHYSICAL_TYPES: readonly ItemType[] = ["weapon", "missile", "armour", "gear"];

export const TYPE_LABEL: Readonly<Record<ItemType, string>> = {
  weapon: "TYPES.Item.weapon",
  missile: "TYPES.Item.missile",
  armour: "TYPES.Item.armour",
  skill: "TYPES.Item.skill",
  injury: "TYPES.Item.injury",
  gear: "TYPES.Item.gear",
};

export const TAB_LABEL = {
  details: "BLOWBYBLOW.ItemSheet.Tab.details",
  description: "BLOWBYBLOW.ItemSheet.Tab.description",
} as const;

export const HAND_LABEL: Readonly<Record<Hand, string>> = {
  none: "BLOWBYBLOW.ItemSheet.Hand.none",
  main: "BLOWBYBLOW.ItemSheet.Hand.main",
  off: "BLOWBYBLOW.ItemSheet.Hand.off",
  both: "BLOWBYBLOW.ItemSheet.Hand.both",
};

export const HAND_MODE_LABEL: Readonly<Record<HandMode, string>> = {
  one: "BLOWBYBLOW.ItemSheet.HandMode.one",
  two: "BLOWBYBLOW.ItemSheet.HandMode.two",
  either: "BLOWBYBLOW.ItemSheet.HandMode.either",
};

/** Strike aspects, and the creature aspects an injury may carry (seed 003 lines 229-235). */
export const CREATURE_ASPECTS = ["squeeze", "bite", "tear", "frost"] as const;
export type CreatureAspect = (typeof CREATURE_ASPECTS)[number];

export const ASPECT_LABEL: Readonly<Record<Aspect | CreatureAspect, string>> = {
  blunt: "BLOWBYBLOW.ItemSheet.Aspect.blunt",
  edge: "BLOWBYBLOW.ItemSheet.Aspect.edge",
  point: "BLOWBYBLOW.ItemSheet.Aspect.point",
  fire: "BLOWBYBLOW.ItemSheet.Aspect.fire",
  squeeze: "BLOWBYBLOW.ItemSheet.Aspect.squeeze",
  bite: "BLOWBYBLOW.ItemSheet.Aspect.bite",
  tear: "BLOWBYBLOW.ItemSheet.Aspect.tear",
  frost: "BLOWBYBLOW.ItemSheet.Aspect.frost",
};

/** One-letter column heads B E P F (seed 003 line 219). */
export const ASPECT_SHORT_LABEL: Readonly<Record<Aspect, string>> = {
  blunt: "BLOWBYBLOW.ItemSheet.AspectShort.blunt",
  edge: "BLOWBYBLOW.ItemSheet.AspectShort.edge",
  point: "BLOWBYBLOW.ItemSheet.AspectShort.point",
  fire: "BLOWBYBLOW.ItemSheet.AspectShort.fire",
};

export const VELOCITIES: readonly Velocity[] = ["low", "high"];

export const VELOCITY_LABEL: Readonly<Record<Velocity, string>> = {
  low: "BLOWBYBLOW.ItemSheet.Velocity.low",
  high: "BLOWBYBLOW.ItemSheet.Velocity.high",
};

/** What velocity changes for the defender (seed 003 lines 37-50, MISSILE EMLs). */
export const VELOCITY_HINT: Readonly<Record<Velocity, string>> = {
  low: "BLOWBYBLOW.ItemSheet.VelocityHint.low",
  high: "BLOWBYBLOW.ItemSheet.VelocityHint.high",
};

export const RANGE_BAND_LABEL: Readonly<Record<RangeBand, string>> = {
  short: "BLOWBYBLOW.ItemSheet.RangeBand.short",
  medium: "BLOWBYBLOW.ItemSheet.RangeBand.medium",
  long: "BLOWBYBLOW.ItemSheet.RangeBand.long",
  extreme: "BLOWBYBLOW.ItemSheet.RangeBand.extreme",
};

/** Material names as the seed prints them (lines 220-227: Cloth/Hair, Quilt/Fur, Leather/Hide). */
export const MATERIAL_LABEL: Readonly<Record<Material, string>> = {
  cloth: "BLOWBYBLOW.ItemSheet.Material.cloth",
  quilt: "BLOWBYBLOW.ItemSheet.Material.quilt",
  leather: "BLOWBYBLOW.ItemSheet.Material.leather",
  kurbul: "BLOWBYBLOW.ItemSheet.Material.kurbul",
  ring: "BLOWBYBLOW.ItemSheet.Material.ring",
  mail: "BLOWBYBLOW.ItemSheet.Material.mail",
  scale: "BLOWBYBLOW.ItemSheet.Material.scale",
  plate: "BLOWBYBLOW.ItemSheet.Material.plate",
};

export const ATTRIBUTE_LABEL: Readonly<Record<Hm3AttributeId | "none", string>> = {
  none: "BLOWBYBLOW.ItemSheet.Attribute.none",
  str: "BLOWBYBLOW.ItemSheet.Attribute.str",
  sta: "BLOWBYBLOW.ItemSheet.Attribute.sta",
  dex: "BLOWBYBLOW.ItemSheet.Attribute.dex",
  agl: "BLOWBYBLOW.ItemSheet.Attribute.agl",
  eye: "BLOWBYBLOW.ItemSheet.Attribute.eye",
  hrg: "BLOWBYBLOW.ItemSheet.Attribute.hrg",
  sml: "BLOWBYBLOW.ItemSheet.Attribute.sml",
  voi: "BLOWBYBLOW.ItemSheet.Attribute.voi",
  int: "BLOWBYBLOW.ItemSheet.Attribute.int",
  aur: "BLOWBYBLOW.ItemSheet.Attribute.aur",
  wil: "BLOWBYBLOW.ItemSheet.Attribute.wil",
  cml: "BLOWBYBLOW.ItemSheet.Attribute.cml",
};

export const CATEGORY_LABEL: Readonly<Record<SkillCategory, string>> = {
  physical: "BLOWBYBLOW.ItemSheet.Category.physical",
  communication: "BLOWBYBLOW.ItemSheet.Category.communication",
  combat: "BLOWBYBLOW.ItemSheet.Category.combat",
  lore: "BLOWBYBLOW.ItemSheet.Category.lore",
  craft: "BLOWBYBLOW.ItemSheet.Category.craft",
  magic: "BLOWBYBLOW.ItemSheet.Category.magic",
  ritual: "BLOWBYBLOW.ItemSheet.Category.ritual",
};

export const SEVERITY_LABEL: Readonly<Record<Severity, string>> = {
  M: "BLOWBYBLOW.ItemSheet.Severity.M",
  S: "BLOWBYBLOW.ItemSheet.Severity.S",
  G: "BLOWBYBLOW.ItemSheet.Severity.G",
  K: "BLOWBYBLOW.ItemSheet.Severity.K",
};

/** Keys formatted with data (`game.i18n.format`). */
export const FORMAT = {
  image: "BLOWBYBLOW.ItemSheet.Field.image",
  noSkill: "BLOWBYBLOW.ItemSheet.Hint.noSkill",
  ownerHeading: "BLOWBYBLOW.ItemSheet.Owner.Heading",
  coverageOther: "BLOWBYBLOW.ItemSheet.Coverage.other",
  unknownValue: "BLOWBYBLOW.ItemSheet.UnknownValue",
} as const;

/** A sided location's label, formatted with `{location}` (`Left Forearm`). */
export const SIDED_LABEL = {
  left: "BLOWBYBLOW.ItemSheet.Sided.left",
  right: "BLOWBYBLOW.ItemSheet.Sided.right",
} as const;
