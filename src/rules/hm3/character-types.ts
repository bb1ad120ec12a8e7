/**
 * Shapes of an HM3 character sheet as the rules core sees it: what the Foundry adapter (and
 * the CLI, the workbench, the packs) hand to `deriveHm3Character` and what comes back. Plain,
 * serialisable data; no Foundry types. The derivation lives in `character.ts`, the creature
 * body plans in `body-plan.ts`.
 */
import type { GoldOptions } from "./gold/options";
import type { UnarmedStyle } from "./gold/rolls";
import type { GoldEncumbrance } from "./gold/turns-encumbrance";
import type { Target } from "../../core/modifiers";
import type { Region } from "../../core/body";
import type { Aspect, AimZone, Material, RangeBand, Severity } from "./tables";
import type { Flammable } from "./mechanics";
import type { ArmourColumn } from "./gold/armour-columns";
import type { Velocity } from "./eml";

/** The twelve HM3 attributes in sheet order (STR STA DEX AGL EYE HRG SML VOI INT AUR WIL CML). */
export const HM3_ATTRIBUTES = [
  "str",
  "sta",
  "dex",
  "agl",
  "eye",
  "hrg",
  "sml",
  "voi",
  "int",
  "aur",
  "wil",
  "cml",
] as const;
export type Hm3AttributeId = (typeof HM3_ATTRIBUTES)[number];
export type Hm3Attributes = Record<Hm3AttributeId, number>;

/** HM3 skill categories. Physical and combat skills take the Physical Penalty, others the UP. */
export const SKILL_CATEGORIES = [
  "physical",
  "communication",
  "combat",
  "lore",
  "craft",
  "magic",
  "ritual",
] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];

/** Which hand holds an item (ruleset-free). */
import type { Hand } from "../../core/hands";
export { HANDS, type Hand } from "../../core/hands";

/** How a melee weapon may be wielded. */
export const HAND_MODES = ["one", "two", "either"] as const;
export type HandMode = (typeof HAND_MODES)[number];

export interface Hm3SkillInput {
  id: string;
  name: string;
  category: SkillCategory;
  /** The three attributes averaged into the skill base; empty when SB is entered by hand. */
  sbAttributes: Hm3AttributeId[];
  /** Added to the averaged SB (sunsign and the like). */
  sbModifier: number;
  /** SB entered by hand; null means computed from `sbAttributes`. */
  skillBase: number | null;
  /** Mastery Level, as recorded on the sheet. */
  ml: number;
}

/** Impact per aspect; null (or absent) where the weapon has no such aspect. */
export type ImpactByAspect = Partial<Record<Aspect, number | null>>;

export interface Hm3WeaponInput {
  id: string;
  name: string;
  /** Name of the skill used (matched to a skill's name, case-insensitively). */
  skill: string;
  /** null: no weapon quality (ruling R41); 0: broken (R31). */
  wq: number | null;
  attack: number;
  defence: number;
  impact: ImpactByAspect;
  handMode: HandMode;
  shield: boolean;
  equipped: boolean;
  held: Hand;
}

export interface Hm3RangeInput {
  /** Range of the band, in hexes (5 ft). */
  range: number;
  impact: number;
}

export interface Hm3MissileInput {
  id: string;
  name: string;
  skill: string;
  aspect: Aspect;
  velocity: Velocity;
  /** null: no weapon quality (ruling R41). */
  wq: number | null;
  ranges: Record<RangeBand, Hm3RangeInput>;
  equipped: boolean;
  held: Hand;
}

export interface Hm3ArmourInput {
  id: string;
  name: string;
  material: Material;
  quality: number;
  enchantment: number;
  /** Location ids of the body plan, unsided (both sides) or sided (`left-forearm`). */
  locations: string[];
  equipped: boolean;
  /** Own Squeeze and Tear base (HârnMaster Gold ring & scale armour, G22); null: the material's. */
  squeeze?: number | null;
  tear?: number | null;
}

export interface Hm3InjuryInput {
  id: string;
  /** Sided location id (`left-forearm`) or bare id for unpaired locations. */
  location: string;
  aspect: string;
  severity: Severity;
  level: number;
  /** Healing rate 1-6; 0 while not yet rolled. */
  healingRate: number;
  bleeding: boolean;
}

/** One cell of a location's injury ladder (the INJURY TABLE row, seed 003 lines 95-110). */
export interface Hm3InjuryCellInput {
  severity: Severity;
  level: number;
  /** `♦`: fumble roll (arm region) or stumble roll (leg region). */
  fumbleStumble: boolean;
  /** `▼`: amputation roll with Edge. */
  amputation: boolean;
}

/** One location of a body plan: aim weights per zone (d100 points) and its injury ladder. */
export interface Hm3PlanLocationInput {
  id: string;
  name: string;
  region: Region;
  paired: boolean;
  /** d100 points of each aiming zone column; each zone's points over all locations sum to 100. */
  aim: Record<AimZone, number>;
  /** Five cells for effective impact 1+, 5+, 9+, 13+, 17+. */
  injury: Hm3InjuryCellInput[];
}

export interface Hm3BodyPlanInput {
  id: string;
  name: string;
  locations: Hm3PlanLocationInput[];
}

/** A carried item's weight, for the load. */
export interface Hm3LoadInput {
  id: string;
  /** Weight of one, in lb. */
  weight: number;
  quantity: number;
  carried: boolean;
}

/** Highest attribute of a character (R27); creatures take a wider bound (R28). */
export const HM3_ATTRIBUTE_MAX = 30;
/** Highest attribute of a creature (R28: large beasts exceed 30). */
export const HM3_CREATURE_ATTRIBUTE_MAX = 99;

/**
 * Bounds of a skill's Mastery Level and of a weapon's Attack and Defence modifiers (R42): the
 * one set the data models store and the EML builder accepts. AML, DML = ML + modifier (R26),
 * so an EML base lies in `HM3_EML_BASE`.
 */
export const HM3_ML = Object.freeze({ min: 0, max: 200 });
export const HM3_WEAPON_MODIFIER = Object.freeze({ min: -50, max: 100 });
export const HM3_EML_BASE = Object.freeze({
  min: HM3_ML.min + HM3_WEAPON_MODIFIER.min,
  max: HM3_ML.max + HM3_WEAPON_MODIFIER.max,
});

export interface Hm3CharacterInput {
  attributes: Hm3Attributes;
  /** Highest attribute value accepted (whole, from 1); absent: 30, a character's (R27, R28). */
  attributeMax?: number;
  fatigue: number;
  /** Encumbrance entered by the GM; null means computed from the load. */
  encumbranceOverride: number | null;
  skills: Hm3SkillInput[];
  weapons: Hm3WeaponInput[];
  missiles: Hm3MissileInput[];
  armour: Hm3ArmourInput[];
  injuries: Hm3InjuryInput[];
  load: Hm3LoadInput[];
  /** Absent: the human plan of seed 003. */
  bodyPlan?: Hm3BodyPlanInput;
  /**
   * The world's HârnMaster Gold options the derivation reads (`DERIVATION_GOLD_OPTIONS`:
   * `encumbranceFatigue`, ENC from Condition, src/rules/hm3/gold/turns-encumbrance.ts;
   * `kamtolaSkillBase`, the Unarmed skill base of a Kamtóla fighter); absent: all off.
   */
  options?: Partial<GoldOptions>;
  /** The fighter's unarmed combat style (HârnMaster Gold, G49); absent: Brawling. */
  unarmedStyle?: UnarmedStyle;
}

/** A problem in the sheet that the derivation worked around; the adapter localises `key`. */
export interface Hm3Warning {
  /** Field path, e.g. `weapons[2].skill`. */
  field: string;
  /** Localisation key under BLOWBYBLOW.HM3.Warning. */
  key: string;
  value: unknown;
}

export interface Hm3DerivedSkill {
  id: string;
  sb: number;
  ml: number;
  penalty: "physical" | "universal";
  /** ML less 5 × PP (physical, combat) or 5 × UP (others), itemised, clamped 5..95. */
  eml: Target;
}

export interface Hm3DerivedWeapon {
  id: string;
  /** Id of the matched skill; null when no skill of that name exists (ML 0, warning). */
  skillId: string | null;
  ml: number;
  /** ML + Attack modifier; ML + Defence modifier (hm3.md §2). */
  aml: number;
  dml: number;
  /** AML and DML less 5 × PP, itemised and clamped (seed 003 lines 175-181). */
  attackEml: Target;
  defenceEml: Target;
  /** The aspects this weapon has, in B E P F order, with their impact. */
  impacts: { aspect: Aspect; impact: number }[];
}

export interface Hm3DerivedMissile {
  id: string;
  skillId: string | null;
  ml: number;
  /** Per range band: range in hexes, impact, and the attack EML at that band. */
  bands: { band: RangeBand; range: number; impact: number; eml: Target }[];
}

export interface Hm3DerivedInjurySummary {
  /** Total injury levels at this sided location. */
  levels: number;
  /** Worst severity there (K > G > S > M). */
  worst: Severity;
  count: number;
}

export interface Hm3Derived {
  endurance: number;
  /** Sum of injury levels. */
  injuryLevels: number;
  fatigue: number;
  /** Universal Penalty = injury levels + fatigue. */
  up: number;
  /** Load in lb (carried items). */
  load: number;
  encumbrance: number;
  /** With the Gold option `encumbranceFatigue`: ENC, FR, Condition (absent without it). */
  goldEncumbrance?: GoldEncumbrance;
  /** Physical Penalty = UP + encumbrance. */
  pp: number;
  /** Initiative and Dodge, from the skills of those names; null ML when the sheet has none. */
  initiative: { skillId: string | null; ml: number; eml: Target };
  dodge: { skillId: string | null; ml: number; eml: Target };
  skills: Record<string, Hm3DerivedSkill>;
  weapons: Record<string, Hm3DerivedWeapon>;
  missiles: Record<string, Hm3DerivedMissile>;
  /** Armour per sided location id of the plan (every location listed, zeros included). */
  armour: Record<string, Record<Aspect, number>>;
  /**
   * The same with HârnMaster Gold's ring & scale armour on (rulings G20-G22): six columns, Ring
   * and Scale at seed 000's values; the combat rules read it while the option is on.
   */
  goldArmour: Record<string, Record<ArmourColumn, number>>;
  flammable: Record<string, Flammable>;
  /** Injuries per sided location id (only locations with injuries). */
  injuries: Record<string, Hm3DerivedInjurySummary>;
  /** The plan used (the human plan when the input had none), with sided ids listed. */
  plan: {
    id: string;
    name: string;
    locations: { id: string; name: string; region: Region; paired: boolean }[];
  };
  warnings: Hm3Warning[];
}
