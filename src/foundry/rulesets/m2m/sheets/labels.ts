/**
 * The lang keys of the GURPS Man to Man sheets (lang/en.json, `BLOWBYBLOW.M2M.Sheet`): one key
 * per engine id shown on a sheet (skills, races, positions, locations…) and the sheets' own
 * headings. Pure data; a key missing from lang/en.json fails test/foundry/rulesets/m2m/sheets.
 */
import { DIFFICULTIES, SKILL_IDS, type SkillId } from "../../../../rules/m2m/skills";
import { RACE_IDS, type RaceId } from "../../../../rules/m2m/races";
import { POSITION_IDS, type PositionId } from "../../../../rules/m2m/maneuvers";
import { HIT_LOCATIONS, DAMAGE_TYPES } from "../../../../rules/m2m/types";
import { ENCUMBRANCE_LEVELS } from "../../../../rules/m2m/character";
import {
  ARMOUR_LOCATIONS,
  SOCIAL_CLASSES,
  WEAPON_QUALITIES,
} from "../../../../rules/m2m/equipment";
import { SHIELD_SIZES } from "../../../../rules/m2m/character";
import { ATTRIBUTE_BASES } from "../character-data";
import { ARMOUR_KINDS, QUALITY_CLASSES, RANGED_KINDS } from "../item-data";

export const SHEET = "BLOWBYBLOW.M2M.Sheet";

const keys = <T extends string>(group: string, ids: readonly T[]): Readonly<Record<T, string>> =>
  Object.freeze(Object.fromEntries(ids.map((id) => [id, `${SHEET}.${group}.${id}`]))) as Record<
    T,
    string
  >;

export const SKILL_LABEL: Readonly<Record<SkillId, string>> = keys("Skill", SKILL_IDS);
export const RACE_LABEL: Readonly<Record<RaceId, string>> = keys("Race", RACE_IDS);
export const POSITION_LABEL: Readonly<Record<PositionId, string>> = keys("Position", POSITION_IDS);
export const LOCATION_LABEL = keys("Location", HIT_LOCATIONS);
export const ARMOUR_LOCATION_LABEL = keys("ArmourLocation", ARMOUR_LOCATIONS);
export const ENCUMBRANCE_LABEL = keys(
  "Encumbrance",
  ENCUMBRANCE_LEVELS.map((e) => e.id),
);
export const DAMAGE_TYPE_LABEL = keys("DamageType", DAMAGE_TYPES);
export const DIFFICULTY_LABEL = keys("Difficulty", DIFFICULTIES);
export const MODE_BASE_LABEL = keys("ModeBase", ["sw", "thr", "ranged"] as const);
export const BASIS_LABEL = keys("Basis", ATTRIBUTE_BASES);
export const QUALITY_LABEL = keys("Quality", WEAPON_QUALITIES);
export const QUALITY_CLASS_LABEL = keys("QualityClass", QUALITY_CLASSES);
export const SHIELD_SIZE_LABEL = keys("ShieldSize", SHIELD_SIZES);
export const RANGED_KIND_LABEL = keys("RangedKind", RANGED_KINDS);
export const ARMOUR_KIND_LABEL = keys("ArmourKind", ARMOUR_KINDS);
export const SOCIAL_CLASS_LABEL = keys("SocialClass", SOCIAL_CLASSES);
export const ATTRIBUTE_ABBR = keys("AttributeAbbr", ["st", "dx", "iq", "ht"] as const);
export const MODE_FLAG_LABEL = keys("Flag", [
  "grip",
  "unreadyOnParry",
  "fencing",
  "flail",
  "polearm",
  "throwable",
  "mayStick",
] as const);
export const ARMOUR_FLAG_LABEL = keys("ArmourFlag", [
  "chainmail",
  "stacks",
  "frontOnly",
  "underlay",
] as const);

/** The engine's target bases and modifier keys shown in tooltips (`targetTooltip`). */
export const TARGET_LABELS = Object.freeze({
  bases: keys("Base", ["speed", "skill", "parry", "block", "pd", "dr"] as const),
  modifiers: Object.freeze({
    ...keys("Modifier", [
      "running",
      "lowHp",
      "fatigue",
      "crippledFoot",
      "legsUnusable",
      "unconscious",
      "minimumMove",
      "largeShield",
      "fullHelm",
      "illFittingPlate",
      "armour",
      "shield",
      "other",
      "toughness",
    ] as const),
    ...Object.fromEntries(
      ENCUMBRANCE_LEVELS.map((e) => [`encumbrance.${e.id}`, `${SHEET}.Modifier.encumbrance`]),
    ),
    "encumbrance.overloaded": `${SHEET}.Modifier.overloaded`,
    ...Object.fromEntries(RACE_IDS.map((r) => [`race.${r}`, `${SHEET}.Modifier.race`])),
  }) as Readonly<Record<string, string>>,
});

/** Headings, column names and messages of the sheets. */
export const TEXT = Object.freeze({
  characterSheet: `${SHEET}.Label.character`,
  creatureSheet: `${SHEET}.Label.creature`,
  itemSheet: `${SHEET}.Label.item`,
  attributes: `${SHEET}.Attributes.title`,
  cost: `${SHEET}.Attributes.cost`,
  final: `${SHEET}.Attributes.final`,
  basis: `${SHEET}.Attributes.basis`,
  race: `${SHEET}.Attributes.race`,
  points: `${SHEET}.Points.title`,
  pointsAttributes: `${SHEET}.Points.attributes`,
  pointsRace: `${SHEET}.Points.race`,
  pointsAdvantages: `${SHEET}.Points.advantages`,
  pointsSkills: `${SHEET}.Points.skills`,
  pointsTotal: `${SHEET}.Points.total`,
  advantages: `${SHEET}.Advantages.title`,
  advantageLevel: `${SHEET}.Advantages.level`,
  advantageFree: `${SHEET}.Advantages.free`,
  skills: `${SHEET}.Skills.title`,
  skill: `${SHEET}.Skills.skill`,
  difficulty: `${SHEET}.Skills.difficulty`,
  skillPoints: `${SHEET}.Skills.points`,
  skillLevel: `${SHEET}.Skills.level`,
  skillFrom: `${SHEET}.Skills.from`,
  fromPoints: `${SHEET}.Skills.fromPoints`,
  fromDefault: `${SHEET}.Skills.fromDefault`,
  effective: `${SHEET}.Skills.effective`,
  weaponOnly: `${SHEET}.Skills.weaponOnly`,
  addSkill: `${SHEET}.Skills.add`,
  removeSkill: `${SHEET}.Skills.remove`,
  noSkills: `${SHEET}.Skills.none`,
  combat: `${SHEET}.Combat.title`,
  weapons: `${SHEET}.Combat.weapons`,
  noWeapons: `${SHEET}.Combat.noWeapons`,
  mode: `${SHEET}.Combat.mode`,
  damage: `${SHEET}.Combat.damage`,
  reach: `${SHEET}.Combat.reach`,
  parry: `${SHEET}.Combat.parry`,
  parryVsUnarmed: `${SHEET}.Combat.parryVsUnarmed`,
  noParry: `${SHEET}.Combat.noParry`,
  noLevel: `${SHEET}.Combat.noLevel`,
  block: `${SHEET}.Combat.block`,
  noBlock: `${SHEET}.Combat.noBlock`,
  dodge: `${SHEET}.Combat.dodge`,
  move: `${SHEET}.Combat.move`,
  speed: `${SHEET}.Combat.speed`,
  encumbrance: `${SHEET}.Combat.encumbrance`,
  load: `${SHEET}.Combat.load`,
  pd: `${SHEET}.Combat.pd`,
  dr: `${SHEET}.Combat.dr`,
  vsImpaling: `${SHEET}.Combat.vsImpaling`,
  protection: `${SHEET}.Combat.protection`,
  bareHands: `${SHEET}.Combat.bareHands`,
  ranges: `${SHEET}.Combat.ranges`,
  hp: `${SHEET}.Tracker.hp`,
  hpOf: `${SHEET}.Tracker.hpOf`,
  fatigue: `${SHEET}.Tracker.fatigue`,
  thresholds: `${SHEET}.Tracker.thresholds`,
  halfMove: `${SHEET}.Tracker.halfMove`,
  consciousnessRolls: `${SHEET}.Tracker.consciousnessRolls`,
  unconsciousAt: `${SHEET}.Tracker.unconscious`,
  deathRoll: `${SHEET}.Tracker.death`,
  destroyed: `${SHEET}.Tracker.destroyed`,
  collapse: `${SHEET}.Tracker.collapse`,
  encounter: `${SHEET}.Encounter.title`,
  shockCondition: `${SHEET}.Encounter.shock`,
  crippledCondition: `${SHEET}.Encounter.crippled`,
  conditionNone: `${SHEET}.Encounter.none`,
  derivationMissing: `${SHEET}.derivationMissing`,
  newItem: `${SHEET}.newItem`,
  otherBlocks: `${SHEET}.OtherBlocks.title`,
  otherBlocksHint: `${SHEET}.OtherBlocks.hint`,
  modes: `${SHEET}.Item.modes`,
  addMode: `${SHEET}.Item.addMode`,
  removeMode: `${SHEET}.Item.removeMode`,
  shieldStats: `${SHEET}.Item.shield`,
  noShield: `${SHEET}.Item.noShield`,
  locations: `${SHEET}.Item.locations`,
  covered: `${SHEET}.Item.covered`,
  flags: `${SHEET}.Item.flags`,
  minST: `${SHEET}.Item.minST`,
  hands: `${SHEET}.Item.hands`,
  readyAfter: `${SHEET}.Item.readyAfter`,
  base: `${SHEET}.Item.base`,
  mod: `${SHEET}.Item.mod`,
  md: `${SHEET}.Item.md`,
  none: `${SHEET}.Item.none`,
  forOwner: `${SHEET}.Item.forOwner`,
  unknownValue: `${SHEET}.unknownValue`,
});
