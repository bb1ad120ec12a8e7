/**
 * Localisation keys of the actor sheets, written out whole so the lang audit finds each one
 * (test/lang.test.ts reads string literals). Labels the item sheets already define (aspects,
 * skill categories, severities, range bands, hands) are taken from `../item/labels`.
 */
import type { Region } from "../../../../../core/body";
import type { Hm3AttributeId } from "../../../../../rules/hm3/character-types";
import type { AimZone } from "../../../../../rules/hm3/tables";

export const ACTOR_TABS = [
  "attributes",
  "skills",
  "combat",
  "injuries",
  "gear",
  "bodyPlan",
  "description",
] as const;
export type ActorTabId = (typeof ACTOR_TABS)[number];

export const TAB_LABEL: Readonly<Record<ActorTabId, string>> = {
  attributes: "BLOWBYBLOW.ActorSheet.Tab.attributes",
  skills: "BLOWBYBLOW.ActorSheet.Tab.skills",
  combat: "BLOWBYBLOW.ActorSheet.Tab.combat",
  injuries: "BLOWBYBLOW.ActorSheet.Tab.injuries",
  gear: "BLOWBYBLOW.ActorSheet.Tab.gear",
  bodyPlan: "BLOWBYBLOW.ActorSheet.Tab.bodyPlan",
  description: "BLOWBYBLOW.ActorSheet.Tab.description",
};

export const ATTRIBUTE_NAME: Readonly<Record<Hm3AttributeId, string>> = {
  str: "BLOWBYBLOW.ActorSheet.Attribute.str",
  sta: "BLOWBYBLOW.ActorSheet.Attribute.sta",
  dex: "BLOWBYBLOW.ActorSheet.Attribute.dex",
  agl: "BLOWBYBLOW.ActorSheet.Attribute.agl",
  eye: "BLOWBYBLOW.ActorSheet.Attribute.eye",
  hrg: "BLOWBYBLOW.ActorSheet.Attribute.hrg",
  sml: "BLOWBYBLOW.ActorSheet.Attribute.sml",
  voi: "BLOWBYBLOW.ActorSheet.Attribute.voi",
  int: "BLOWBYBLOW.ActorSheet.Attribute.int",
  aur: "BLOWBYBLOW.ActorSheet.Attribute.aur",
  wil: "BLOWBYBLOW.ActorSheet.Attribute.wil",
  cml: "BLOWBYBLOW.ActorSheet.Attribute.cml",
};

export const ATTRIBUTE_ABBR: Readonly<Record<Hm3AttributeId, string>> = {
  str: "BLOWBYBLOW.ActorSheet.AttributeAbbr.str",
  sta: "BLOWBYBLOW.ActorSheet.AttributeAbbr.sta",
  dex: "BLOWBYBLOW.ActorSheet.AttributeAbbr.dex",
  agl: "BLOWBYBLOW.ActorSheet.AttributeAbbr.agl",
  eye: "BLOWBYBLOW.ActorSheet.AttributeAbbr.eye",
  hrg: "BLOWBYBLOW.ActorSheet.AttributeAbbr.hrg",
  sml: "BLOWBYBLOW.ActorSheet.AttributeAbbr.sml",
  voi: "BLOWBYBLOW.ActorSheet.AttributeAbbr.voi",
  int: "BLOWBYBLOW.ActorSheet.AttributeAbbr.int",
  aur: "BLOWBYBLOW.ActorSheet.AttributeAbbr.aur",
  wil: "BLOWBYBLOW.ActorSheet.AttributeAbbr.wil",
  cml: "BLOWBYBLOW.ActorSheet.AttributeAbbr.cml",
};

export const REGION_LABEL: Readonly<Record<Region, string>> = {
  head: "BLOWBYBLOW.ActorSheet.Region.head",
  neck: "BLOWBYBLOW.ActorSheet.Region.neck",
  arm: "BLOWBYBLOW.ActorSheet.Region.arm",
  torso: "BLOWBYBLOW.ActorSheet.Region.torso",
  leg: "BLOWBYBLOW.ActorSheet.Region.leg",
  wing: "BLOWBYBLOW.ActorSheet.Region.wing",
  tail: "BLOWBYBLOW.ActorSheet.Region.tail",
  other: "BLOWBYBLOW.ActorSheet.Region.other",
};

export const AIM_LABEL: Readonly<Record<AimZone, string>> = {
  high: "BLOWBYBLOW.ActorSheet.Aim.high",
  mid: "BLOWBYBLOW.ActorSheet.Aim.mid",
  low: "BLOWBYBLOW.ActorSheet.Aim.low",
};

/** Names of the header figures and their tooltips (formatted with data). */
export const STAT = {
  endurance: "BLOWBYBLOW.ActorSheet.Stat.endurance",
  up: "BLOWBYBLOW.ActorSheet.Stat.up",
  pp: "BLOWBYBLOW.ActorSheet.Stat.pp",
  initiative: "BLOWBYBLOW.ActorSheet.Stat.initiative",
  dodge: "BLOWBYBLOW.ActorSheet.Stat.dodge",
  upHint: "BLOWBYBLOW.ActorSheet.Stat.upHint",
  ppHint: "BLOWBYBLOW.ActorSheet.Stat.ppHint",
  enduranceHint: "BLOWBYBLOW.ActorSheet.Stat.enduranceHint",
} as const;

/** Messages and labels formatted with data (`game.i18n.format`). */
export const MESSAGE = {
  skillExists: "BLOWBYBLOW.ActorSheet.Drop.skillExists",
  dropRefused: "BLOWBYBLOW.ActorSheet.Drop.refused",
  deleteTitle: "BLOWBYBLOW.ActorSheet.Delete.title",
  deleteContent: "BLOWBYBLOW.ActorSheet.Delete.content",
  useHumanTitle: "BLOWBYBLOW.ActorSheet.BodyPlan.useHumanTitle",
  useHumanContent: "BLOWBYBLOW.ActorSheet.BodyPlan.useHumanContent",
  newItem: "BLOWBYBLOW.ActorSheet.NewItem",
  newLocation: "BLOWBYBLOW.ActorSheet.BodyPlan.newLocation",
  zoneSumWarning: "BLOWBYBLOW.ActorSheet.BodyPlan.zoneSumWarning",
  derivationFailed: "BLOWBYBLOW.ActorSheet.Warning.derivationFailed",
  impactButton: "BLOWBYBLOW.ActorSheet.Combat.impactButton",
  bandButton: "BLOWBYBLOW.ActorSheet.Combat.bandButton",
  rollSkill: "BLOWBYBLOW.ActorSheet.Skills.roll",
  image: "BLOWBYBLOW.ActorSheet.Header.image",
  planPending: "BLOWBYBLOW.ActorSheet.BodyPlan.pending",
} as const;

/** Skill test outcome (HM3 success levels, hm3.md §2). */
export const LEVEL_LABEL = {
  CS: "BLOWBYBLOW.SkillTest.Level.CS",
  MS: "BLOWBYBLOW.SkillTest.Level.MS",
  MF: "BLOWBYBLOW.SkillTest.Level.MF",
  CF: "BLOWBYBLOW.SkillTest.Level.CF",
} as const;
