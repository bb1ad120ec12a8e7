/**
 * The stored shape of the HM3 block (`system.hm3`) of each document type, as plain types. The
 * block's schema (`./fields.ts`) defines the same shape as Foundry fields.
 */
import type {
  HandMode,
  Hm3Attributes,
  Hm3AttributeId,
  Hm3InjuryCellInput,
  SkillCategory,
} from "../../../rules/hm3/character-types";
import type { Region } from "../../../core/body";
import type { AimZone, Aspect, Material, RangeBand, Severity } from "../../../rules/hm3/tables";
import type { Velocity } from "../../../rules/hm3/eml";
import type { UnarmedStyle } from "../../../rules/hm3/gold/rolls";
import type { SizeClass } from "../../../rules/hm3/gold/impact-size";
import type { StoredObject } from "../../../rules/hm3/gold/paired-object-combat";

export interface Hm3ActorBlock {
  attributes: Hm3Attributes;
  /** Fatigue levels, part of the Universal Penalty. */
  fatigue: number;
  /** Encumbrance entered by the GM; null: computed from the load. */
  encumbrance: number | null;
  /** HârnMaster Gold unarmed combat style (ruling G49); Brawling by default. */
  unarmedStyle: UnarmedStyle;
  /** HârnMaster Gold size class (ruling G15); Medium by default (absent in older sources). */
  sizeClass?: SizeClass;
  /** HârnMaster Gold brute force (ruling G70): the actor as an object (absent in older sources). */
  object?: StoredObject;
}

export interface Hm3PlanLocationSource {
  id: string;
  name: string;
  region: Region;
  paired: boolean;
  aim: Record<AimZone, number>;
  injury: Hm3InjuryCellInput[];
  /** HârnMaster Gold: the location's own size class (ruling G16); null or absent: the creature's. */
  sizeClass?: SizeClass | null;
}

export interface Hm3BodyPlanSource {
  name: string;
  locations: Hm3PlanLocationSource[];
}

export interface Hm3CreatureBlock extends Hm3ActorBlock {
  /** The creature's body plan; null: the human plan. */
  bodyPlan: Hm3BodyPlanSource | null;
}

export interface Hm3SkillBlock {
  category: SkillCategory;
  sbAttributes: Hm3AttributeId[];
  sbModifier: number;
  skillBase: number | null;
  ml: number;
}

export interface Hm3WeaponBlock {
  skill: string;
  /** null: no weapon quality (ruling R41). */
  wq: number | null;
  attack: number;
  defence: number;
  /** null where the weapon has no such aspect. */
  impact: Record<Aspect, number | null>;
  handMode: HandMode;
  shield: boolean;
  /** A cutting weapon (HârnMaster Gold, seed 000 lines 63-69; ruling G25). */
  cutting: boolean;
  /** HârnMaster Gold weapon reach: a Long Reach weapon (absent in sources made before it). */
  longReach?: boolean;
  /**
   * HârnMaster Gold (rulings G17-G19; absent in older sources): the main-hand-alone Hand Mode
   * penalty (null: 10 two-handed, 0 otherwise), the STR requirement (0: none) and the weight
   * classes lighter than optimal for the wielder (0 by default).
   */
  handModePenalty?: number | null;
  strRequirement?: number;
  lighterClasses?: number;
}

export interface Hm3MissileBlock {
  skill: string;
  aspect: Aspect;
  velocity: Velocity;
  /** null: no weapon quality (ruling R41). */
  wq: number | null;
  ranges: Record<RangeBand, { range: number; impact: number }>;
}

export interface Hm3ArmourBlock {
  material: Material;
  quality: number;
  enchantment: number;
  locations: string[];
  /** Own Squeeze and Tear base (HârnMaster Gold ring & scale armour); null: the material's (G22). */
  squeeze: number | null;
  tear: number | null;
}

export interface Hm3InjuryBlock {
  location: string;
  aspect: string;
  severity: Severity;
  level: number;
  healingRate: number;
  bleeding: boolean;
}

/** The HM3 block of each type that has one. */
export interface Hm3BlockSources {
  "Actor.character": Hm3ActorBlock;
  "Actor.creature": Hm3CreatureBlock;
  "Item.weapon": Hm3WeaponBlock;
  "Item.missile": Hm3MissileBlock;
  "Item.armour": Hm3ArmourBlock;
  "Item.skill": Hm3SkillBlock;
  "Item.injury": Hm3InjuryBlock;
}
