/**
 * The lang keys of the GURPS Man to Man sheets (lang/en.json, `BLOWBYBLOW.M2M.Sheet`): one key
 * per engine id (written out, so test/lang.test.ts sees each) shown on a sheet (skills, races, positions, locations…) and the sheets' own
 * headings. Pure data. Each map is typed by the engine's ids (tsc refuses a missing one), and
 * test/foundry/rulesets/m2m/engine-labels.test.ts checks every id of the engine's lists against
 * lang/en.json (and the English against the engine's own names).
 */
import type { SkillId } from "../../../../rules/m2m/skills";
import type { RaceId } from "../../../../rules/m2m/races";
import type { PositionId } from "../../../../rules/m2m/maneuvers";
import type { DamageType, HitLocation } from "../../../../rules/m2m/types";
import type { Difficulty } from "../../../../rules/m2m/skills";
import type {
  ArmourLocation,
  QualityClass,
  SocialClass,
  WeaponQuality,
} from "../../../../rules/m2m/equipment";
import type { EncumbranceDef, ShieldSize } from "../../../../rules/m2m/character";
import type { StoredReach } from "../item-data";

export const ARMOUR_FLAG_LABEL = Object.freeze({
  chainmail: "BLOWBYBLOW.M2M.Sheet.ArmourFlag.chainmail",
  stacks: "BLOWBYBLOW.M2M.Sheet.ArmourFlag.stacks",
  frontOnly: "BLOWBYBLOW.M2M.Sheet.ArmourFlag.frontOnly",
  underlay: "BLOWBYBLOW.M2M.Sheet.ArmourFlag.underlay",
});

export const ARMOUR_KIND_LABEL = Object.freeze({
  suit: "BLOWBYBLOW.M2M.Sheet.ArmourKind.suit",
  piece: "BLOWBYBLOW.M2M.Sheet.ArmourKind.piece",
});

export const ARMOUR_LOCATION_LABEL: Readonly<Record<ArmourLocation, string>> = Object.freeze({
  head: "BLOWBYBLOW.M2M.Sheet.ArmourLocation.head",
  body: "BLOWBYBLOW.M2M.Sheet.ArmourLocation.body",
  arms: "BLOWBYBLOW.M2M.Sheet.ArmourLocation.arms",
  legs: "BLOWBYBLOW.M2M.Sheet.ArmourLocation.legs",
  hands: "BLOWBYBLOW.M2M.Sheet.ArmourLocation.hands",
  feet: "BLOWBYBLOW.M2M.Sheet.ArmourLocation.feet",
});

export const ATTRIBUTE_ABBR = Object.freeze({
  st: "BLOWBYBLOW.M2M.Sheet.AttributeAbbr.st",
  dx: "BLOWBYBLOW.M2M.Sheet.AttributeAbbr.dx",
  iq: "BLOWBYBLOW.M2M.Sheet.AttributeAbbr.iq",
  ht: "BLOWBYBLOW.M2M.Sheet.AttributeAbbr.ht",
});

export const BASIS_LABEL = Object.freeze({
  bought: "BLOWBYBLOW.M2M.Sheet.Basis.bought",
  final: "BLOWBYBLOW.M2M.Sheet.Basis.final",
});

export const DAMAGE_TYPE_LABEL: Readonly<Record<DamageType, string>> = Object.freeze({
  cr: "BLOWBYBLOW.M2M.Sheet.DamageType.cr",
  cut: "BLOWBYBLOW.M2M.Sheet.DamageType.cut",
  imp: "BLOWBYBLOW.M2M.Sheet.DamageType.imp",
});

export const DIFFICULTY_LABEL: Readonly<Record<Difficulty, string>> = Object.freeze({
  easy: "BLOWBYBLOW.M2M.Sheet.Difficulty.easy",
  average: "BLOWBYBLOW.M2M.Sheet.Difficulty.average",
  hard: "BLOWBYBLOW.M2M.Sheet.Difficulty.hard",
});

export const ENCUMBRANCE_LABEL: Readonly<Record<EncumbranceDef["id"], string>> = Object.freeze({
  none: "BLOWBYBLOW.M2M.Sheet.Encumbrance.none",
  light: "BLOWBYBLOW.M2M.Sheet.Encumbrance.light",
  medium: "BLOWBYBLOW.M2M.Sheet.Encumbrance.medium",
  heavy: "BLOWBYBLOW.M2M.Sheet.Encumbrance.heavy",
  "extra-heavy": "BLOWBYBLOW.M2M.Sheet.Encumbrance.extra-heavy",
  overloaded: "BLOWBYBLOW.M2M.Sheet.Encumbrance.overloaded",
});

export const LOCATION_LABEL: Readonly<Record<HitLocation, string>> = Object.freeze({
  head: "BLOWBYBLOW.M2M.Sheet.Location.head",
  face: "BLOWBYBLOW.M2M.Sheet.Location.face",
  "left-arm": "BLOWBYBLOW.M2M.Sheet.Location.left-arm",
  "right-arm": "BLOWBYBLOW.M2M.Sheet.Location.right-arm",
  "left-hand": "BLOWBYBLOW.M2M.Sheet.Location.left-hand",
  "right-hand": "BLOWBYBLOW.M2M.Sheet.Location.right-hand",
  torso: "BLOWBYBLOW.M2M.Sheet.Location.torso",
  vitals: "BLOWBYBLOW.M2M.Sheet.Location.vitals",
  "left-leg": "BLOWBYBLOW.M2M.Sheet.Location.left-leg",
  "right-leg": "BLOWBYBLOW.M2M.Sheet.Location.right-leg",
  "left-foot": "BLOWBYBLOW.M2M.Sheet.Location.left-foot",
  "right-foot": "BLOWBYBLOW.M2M.Sheet.Location.right-foot",
});

export const MODE_BASE_LABEL = Object.freeze({
  sw: "BLOWBYBLOW.M2M.Sheet.ModeBase.sw",
  thr: "BLOWBYBLOW.M2M.Sheet.ModeBase.thr",
  ranged: "BLOWBYBLOW.M2M.Sheet.ModeBase.ranged",
});

export const MODE_FLAG_LABEL = Object.freeze({
  grip: "BLOWBYBLOW.M2M.Sheet.Flag.grip",
  unreadyOnParry: "BLOWBYBLOW.M2M.Sheet.Flag.unreadyOnParry",
  fencing: "BLOWBYBLOW.M2M.Sheet.Flag.fencing",
  flail: "BLOWBYBLOW.M2M.Sheet.Flag.flail",
  polearm: "BLOWBYBLOW.M2M.Sheet.Flag.polearm",
  throwable: "BLOWBYBLOW.M2M.Sheet.Flag.throwable",
  mayStick: "BLOWBYBLOW.M2M.Sheet.Flag.mayStick",
});

export const POSITION_LABEL: Readonly<Record<PositionId, string>> = Object.freeze({
  standing: "BLOWBYBLOW.M2M.Sheet.Position.standing",
  crouching: "BLOWBYBLOW.M2M.Sheet.Position.crouching",
  kneeling: "BLOWBYBLOW.M2M.Sheet.Position.kneeling",
  crawling: "BLOWBYBLOW.M2M.Sheet.Position.crawling",
  sitting: "BLOWBYBLOW.M2M.Sheet.Position.sitting",
  lying: "BLOWBYBLOW.M2M.Sheet.Position.lying",
});

/** A mode's reaches (the tables' C, 1, 2, 3: L4369). */
export const REACH_LABEL: Readonly<Record<StoredReach, string>> = Object.freeze({
  C: "BLOWBYBLOW.M2M.Sheet.Reach.C",
  "1": "BLOWBYBLOW.M2M.Sheet.Reach.1",
  "2": "BLOWBYBLOW.M2M.Sheet.Reach.2",
  "3": "BLOWBYBLOW.M2M.Sheet.Reach.3",
});

export const QUALITY_CLASS_LABEL: Readonly<Record<QualityClass, string>> = Object.freeze({
  sword: "BLOWBYBLOW.M2M.Sheet.QualityClass.sword",
  "cutting-impaling": "BLOWBYBLOW.M2M.Sheet.QualityClass.cutting-impaling",
  crushing: "BLOWBYBLOW.M2M.Sheet.QualityClass.crushing",
});

export const QUALITY_LABEL: Readonly<Record<WeaponQuality, string>> = Object.freeze({
  fine: "BLOWBYBLOW.M2M.Sheet.Quality.fine",
  good: "BLOWBYBLOW.M2M.Sheet.Quality.good",
  cheap: "BLOWBYBLOW.M2M.Sheet.Quality.cheap",
});

export const RACE_LABEL: Readonly<Record<RaceId, string>> = Object.freeze({
  human: "BLOWBYBLOW.M2M.Sheet.Race.human",
  elf: "BLOWBYBLOW.M2M.Sheet.Race.elf",
  dwarf: "BLOWBYBLOW.M2M.Sheet.Race.dwarf",
  orc: "BLOWBYBLOW.M2M.Sheet.Race.orc",
  "half-orc": "BLOWBYBLOW.M2M.Sheet.Race.half-orc",
  kobold: "BLOWBYBLOW.M2M.Sheet.Race.kobold",
  hobgoblin: "BLOWBYBLOW.M2M.Sheet.Race.hobgoblin",
  skeleton: "BLOWBYBLOW.M2M.Sheet.Race.skeleton",
  zombie: "BLOWBYBLOW.M2M.Sheet.Race.zombie",
  mummy: "BLOWBYBLOW.M2M.Sheet.Race.mummy",
  ghoul: "BLOWBYBLOW.M2M.Sheet.Race.ghoul",
  gnome: "BLOWBYBLOW.M2M.Sheet.Race.gnome",
  halfling: "BLOWBYBLOW.M2M.Sheet.Race.halfling",
  "reptile-man": "BLOWBYBLOW.M2M.Sheet.Race.reptile-man",
  goblin: "BLOWBYBLOW.M2M.Sheet.Race.goblin",
});

export const RANGED_KIND_LABEL = Object.freeze({
  missile: "BLOWBYBLOW.M2M.Sheet.RangedKind.missile",
  thrown: "BLOWBYBLOW.M2M.Sheet.RangedKind.thrown",
});

export const SHIELD_SIZE_LABEL: Readonly<Record<ShieldSize, string>> = Object.freeze({
  improvised: "BLOWBYBLOW.M2M.Sheet.ShieldSize.improvised",
  buckler: "BLOWBYBLOW.M2M.Sheet.ShieldSize.buckler",
  small: "BLOWBYBLOW.M2M.Sheet.ShieldSize.small",
  medium: "BLOWBYBLOW.M2M.Sheet.ShieldSize.medium",
  large: "BLOWBYBLOW.M2M.Sheet.ShieldSize.large",
});

export const SKILL_LABEL: Readonly<Record<SkillId, string>> = Object.freeze({
  shield: "BLOWBYBLOW.M2M.Sheet.Skill.shield",
  knife: "BLOWBYBLOW.M2M.Sheet.Skill.knife",
  crossbow: "BLOWBYBLOW.M2M.Sheet.Skill.crossbow",
  "fast-draw-knife": "BLOWBYBLOW.M2M.Sheet.Skill.fast-draw-knife",
  "fast-draw-sword": "BLOWBYBLOW.M2M.Sheet.Skill.fast-draw-sword",
  "fast-draw-two-handed-sword": "BLOWBYBLOW.M2M.Sheet.Skill.fast-draw-two-handed-sword",
  "fast-draw-arrow": "BLOWBYBLOW.M2M.Sheet.Skill.fast-draw-arrow",
  brawling: "BLOWBYBLOW.M2M.Sheet.Skill.brawling",
  "knife-throwing": "BLOWBYBLOW.M2M.Sheet.Skill.knife-throwing",
  "axe-throwing": "BLOWBYBLOW.M2M.Sheet.Skill.axe-throwing",
  "spear-throwing": "BLOWBYBLOW.M2M.Sheet.Skill.spear-throwing",
  shortsword: "BLOWBYBLOW.M2M.Sheet.Skill.shortsword",
  fencing: "BLOWBYBLOW.M2M.Sheet.Skill.fencing",
  broadsword: "BLOWBYBLOW.M2M.Sheet.Skill.broadsword",
  "two-handed-sword": "BLOWBYBLOW.M2M.Sheet.Skill.two-handed-sword",
  "axe-mace": "BLOWBYBLOW.M2M.Sheet.Skill.axe-mace",
  "two-handed-axe-mace": "BLOWBYBLOW.M2M.Sheet.Skill.two-handed-axe-mace",
  staff: "BLOWBYBLOW.M2M.Sheet.Skill.staff",
  spear: "BLOWBYBLOW.M2M.Sheet.Skill.spear",
  polearm: "BLOWBYBLOW.M2M.Sheet.Skill.polearm",
  flail: "BLOWBYBLOW.M2M.Sheet.Skill.flail",
  bow: "BLOWBYBLOW.M2M.Sheet.Skill.bow",
  sling: "BLOWBYBLOW.M2M.Sheet.Skill.sling",
  judo: "BLOWBYBLOW.M2M.Sheet.Skill.judo",
  karate: "BLOWBYBLOW.M2M.Sheet.Skill.karate",
  running: "BLOWBYBLOW.M2M.Sheet.Skill.running",
  throwing: "BLOWBYBLOW.M2M.Sheet.Skill.throwing",
});

export const SOCIAL_CLASS_LABEL: Readonly<Record<SocialClass, string>> = Object.freeze({
  peasant: "BLOWBYBLOW.M2M.Sheet.SocialClass.peasant",
  lower: "BLOWBYBLOW.M2M.Sheet.SocialClass.lower",
  middle: "BLOWBYBLOW.M2M.Sheet.SocialClass.middle",
  upper: "BLOWBYBLOW.M2M.Sheet.SocialClass.upper",
  noble: "BLOWBYBLOW.M2M.Sheet.SocialClass.noble",
});

export const TARGET_LABELS = Object.freeze({
  bases: Object.freeze({
    speed: "BLOWBYBLOW.M2M.Sheet.Base.speed",
    skill: "BLOWBYBLOW.M2M.Sheet.Base.skill",
    parry: "BLOWBYBLOW.M2M.Sheet.Base.parry",
    block: "BLOWBYBLOW.M2M.Sheet.Base.block",
    pd: "BLOWBYBLOW.M2M.Sheet.Base.pd",
    dr: "BLOWBYBLOW.M2M.Sheet.Base.dr",
  }),
  modifiers: Object.freeze({
    running: "BLOWBYBLOW.M2M.Sheet.Modifier.running",
    lowHp: "BLOWBYBLOW.M2M.Sheet.Modifier.lowHp",
    fatigue: "BLOWBYBLOW.M2M.Sheet.Modifier.fatigue",
    crippledFoot: "BLOWBYBLOW.M2M.Sheet.Modifier.crippledFoot",
    legsUnusable: "BLOWBYBLOW.M2M.Sheet.Modifier.legsUnusable",
    unconscious: "BLOWBYBLOW.M2M.Sheet.Modifier.unconscious",
    minimumMove: "BLOWBYBLOW.M2M.Sheet.Modifier.minimumMove",
    largeShield: "BLOWBYBLOW.M2M.Sheet.Modifier.largeShield",
    fullHelm: "BLOWBYBLOW.M2M.Sheet.Modifier.fullHelm",
    illFittingPlate: "BLOWBYBLOW.M2M.Sheet.Modifier.illFittingPlate",
    armour: "BLOWBYBLOW.M2M.Sheet.Modifier.armour",
    shield: "BLOWBYBLOW.M2M.Sheet.Modifier.shield",
    other: "BLOWBYBLOW.M2M.Sheet.Modifier.other",
    toughness: "BLOWBYBLOW.M2M.Sheet.Modifier.toughness",
    skull: "BLOWBYBLOW.M2M.Sheet.Modifier.skull",
    underlay: "BLOWBYBLOW.M2M.Sheet.Modifier.underlay",
    overcoat: "BLOWBYBLOW.M2M.Sheet.Modifier.overcoat",
    "encumbrance.none": "BLOWBYBLOW.M2M.Sheet.Modifier.encumbrance",
    "encumbrance.light": "BLOWBYBLOW.M2M.Sheet.Modifier.encumbrance",
    "encumbrance.medium": "BLOWBYBLOW.M2M.Sheet.Modifier.encumbrance",
    "encumbrance.heavy": "BLOWBYBLOW.M2M.Sheet.Modifier.encumbrance",
    "encumbrance.extra-heavy": "BLOWBYBLOW.M2M.Sheet.Modifier.encumbrance",
    "encumbrance.overloaded": "BLOWBYBLOW.M2M.Sheet.Modifier.overloaded",
    "race.human": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.elf": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.dwarf": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.orc": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.half-orc": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.kobold": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.hobgoblin": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.skeleton": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.zombie": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.mummy": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.ghoul": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.gnome": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.halfling": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.reptile-man": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
    "race.goblin": "BLOWBYBLOW.M2M.Sheet.Modifier.race",
  }) as Readonly<Record<string, string>>,
});

/** A creature's hit-location plan, by id (`M2M_BODY_PLANS`; only the human table so far). */
export const BODY_PLAN_LABEL: Readonly<Record<string, string>> = Object.freeze({
  "m2m-human": "BLOWBYBLOW.M2M.Sheet.BodyPlan.m2m-human",
});

export const TEXT = Object.freeze({
  characterSheet: "BLOWBYBLOW.M2M.Sheet.Label.character",
  creatureSheet: "BLOWBYBLOW.M2M.Sheet.Label.creature",
  itemSheet: "BLOWBYBLOW.M2M.Sheet.Label.item",
  attributes: "BLOWBYBLOW.M2M.Sheet.Attributes.title",
  cost: "BLOWBYBLOW.M2M.Sheet.Attributes.cost",
  final: "BLOWBYBLOW.M2M.Sheet.Attributes.final",
  basis: "BLOWBYBLOW.M2M.Sheet.Attributes.basis",
  race: "BLOWBYBLOW.M2M.Sheet.Attributes.race",
  points: "BLOWBYBLOW.M2M.Sheet.Points.title",
  pointsAttributes: "BLOWBYBLOW.M2M.Sheet.Points.attributes",
  pointsRace: "BLOWBYBLOW.M2M.Sheet.Points.race",
  pointsAdvantages: "BLOWBYBLOW.M2M.Sheet.Points.advantages",
  pointsSkills: "BLOWBYBLOW.M2M.Sheet.Points.skills",
  pointsTotal: "BLOWBYBLOW.M2M.Sheet.Points.total",
  advantages: "BLOWBYBLOW.M2M.Sheet.Advantages.title",
  advantageLevel: "BLOWBYBLOW.M2M.Sheet.Advantages.level",
  advantageFree: "BLOWBYBLOW.M2M.Sheet.Advantages.free",
  skills: "BLOWBYBLOW.M2M.Sheet.Skills.title",
  skill: "BLOWBYBLOW.M2M.Sheet.Skills.skill",
  difficulty: "BLOWBYBLOW.M2M.Sheet.Skills.difficulty",
  skillPoints: "BLOWBYBLOW.M2M.Sheet.Skills.points",
  skillLevel: "BLOWBYBLOW.M2M.Sheet.Skills.level",
  skillFrom: "BLOWBYBLOW.M2M.Sheet.Skills.from",
  fromPoints: "BLOWBYBLOW.M2M.Sheet.Skills.fromPoints",
  fromDefault: "BLOWBYBLOW.M2M.Sheet.Skills.fromDefault",
  effective: "BLOWBYBLOW.M2M.Sheet.Skills.effective",
  weaponOnly: "BLOWBYBLOW.M2M.Sheet.Skills.weaponOnly",
  addSkill: "BLOWBYBLOW.M2M.Sheet.Skills.add",
  removeSkill: "BLOWBYBLOW.M2M.Sheet.Skills.remove",
  noSkills: "BLOWBYBLOW.M2M.Sheet.Skills.none",
  combat: "BLOWBYBLOW.M2M.Sheet.Combat.title",
  weapons: "BLOWBYBLOW.M2M.Sheet.Combat.weapons",
  noWeapons: "BLOWBYBLOW.M2M.Sheet.Combat.noWeapons",
  damage: "BLOWBYBLOW.M2M.Sheet.Combat.damage",
  reach: "BLOWBYBLOW.M2M.Sheet.Combat.reach",
  parry: "BLOWBYBLOW.M2M.Sheet.Combat.parry",
  parryVsUnarmed: "BLOWBYBLOW.M2M.Sheet.Combat.parryVsUnarmed",
  noParry: "BLOWBYBLOW.M2M.Sheet.Combat.noParry",
  noLevel: "BLOWBYBLOW.M2M.Sheet.Combat.noLevel",
  block: "BLOWBYBLOW.M2M.Sheet.Combat.block",
  noBlock: "BLOWBYBLOW.M2M.Sheet.Combat.noBlock",
  dodge: "BLOWBYBLOW.M2M.Sheet.Combat.dodge",
  move: "BLOWBYBLOW.M2M.Sheet.Combat.move",
  speed: "BLOWBYBLOW.M2M.Sheet.Combat.speed",
  encumbrance: "BLOWBYBLOW.M2M.Sheet.Combat.encumbrance",
  load: "BLOWBYBLOW.M2M.Sheet.Combat.load",
  pd: "BLOWBYBLOW.M2M.Sheet.Combat.pd",
  dr: "BLOWBYBLOW.M2M.Sheet.Combat.dr",
  vsImpaling: "BLOWBYBLOW.M2M.Sheet.Combat.vsImpaling",
  protection: "BLOWBYBLOW.M2M.Sheet.Combat.protection",
  locationVsImpaling: "BLOWBYBLOW.M2M.Sheet.Combat.locationVsImpaling",
  locationFromBehind: "BLOWBYBLOW.M2M.Sheet.Combat.locationFromBehind",
  bodyPlanOnly: "BLOWBYBLOW.M2M.Sheet.Combat.bodyPlanOnly",
  noPieces: "BLOWBYBLOW.M2M.Sheet.Combat.noPieces",
  bareHands: "BLOWBYBLOW.M2M.Sheet.Combat.bareHands",
  ranges: "BLOWBYBLOW.M2M.Sheet.Combat.ranges",
  hp: "BLOWBYBLOW.M2M.Sheet.Tracker.hp",
  hpOf: "BLOWBYBLOW.M2M.Sheet.Tracker.hpOf",
  fatigue: "BLOWBYBLOW.M2M.Sheet.Tracker.fatigue",
  thresholds: "BLOWBYBLOW.M2M.Sheet.Tracker.thresholds",
  halfMove: "BLOWBYBLOW.M2M.Sheet.Tracker.halfMove",
  consciousnessRolls: "BLOWBYBLOW.M2M.Sheet.Tracker.consciousnessRolls",
  unconsciousAt: "BLOWBYBLOW.M2M.Sheet.Tracker.unconscious",
  deathRoll: "BLOWBYBLOW.M2M.Sheet.Tracker.death",
  destroyed: "BLOWBYBLOW.M2M.Sheet.Tracker.destroyed",
  collapse: "BLOWBYBLOW.M2M.Sheet.Tracker.collapse",
  encounter: "BLOWBYBLOW.M2M.Sheet.Encounter.title",
  shockCondition: "BLOWBYBLOW.M2M.Sheet.Encounter.shock",
  crippledCondition: "BLOWBYBLOW.M2M.Sheet.Encounter.crippled",
  encounterInFight: "BLOWBYBLOW.M2M.Sheet.Encounter.inFight",
  conditionNone: "BLOWBYBLOW.M2M.Sheet.Encounter.none",
  derivationMissing: "BLOWBYBLOW.M2M.Sheet.derivationMissing",
  newItem: "BLOWBYBLOW.M2M.Sheet.newItem",
  modes: "BLOWBYBLOW.M2M.Sheet.Item.modes",
  addMode: "BLOWBYBLOW.M2M.Sheet.Item.addMode",
  removeMode: "BLOWBYBLOW.M2M.Sheet.Item.removeMode",
  shieldStats: "BLOWBYBLOW.M2M.Sheet.Item.shield",
  noShield: "BLOWBYBLOW.M2M.Sheet.Item.noShield",
  locations: "BLOWBYBLOW.M2M.Sheet.Item.locations",
  covered: "BLOWBYBLOW.M2M.Sheet.Item.covered",
  flags: "BLOWBYBLOW.M2M.Sheet.Item.flags",
  minST: "BLOWBYBLOW.M2M.Sheet.Item.minST",
  hands: "BLOWBYBLOW.M2M.Sheet.Item.hands",
  readyAfter: "BLOWBYBLOW.M2M.Sheet.Item.readyAfter",
  base: "BLOWBYBLOW.M2M.Sheet.Item.base",
  mod: "BLOWBYBLOW.M2M.Sheet.Item.mod",
  md: "BLOWBYBLOW.M2M.Sheet.Item.md",
  none: "BLOWBYBLOW.M2M.Sheet.Item.none",
  unknownValue: "BLOWBYBLOW.M2M.Sheet.unknownValue",
});
