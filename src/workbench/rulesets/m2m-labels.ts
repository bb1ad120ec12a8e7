/**
 * The language keys of the workbench's GURPS Man to Man figures (BLOWBYBLOW.Workbench.M2M.*):
 * captions, the bases and modifiers of the engine's itemised figures (src/rules/m2m/character.ts
 * names them by key), damage bases and types, encumbrance levels, the HP and fatigue thresholds.
 * A modifier key not labelled here gets the generic label, never its raw key.
 */
import type { Attribute } from "../../rules/m2m/races";
import { m2mLabelFor } from "../../foundry/rulesets/m2m/character-data";
import { GENERIC_BASE_LABEL, GENERIC_MODIFIER_LABEL } from "../../foundry/target-labels";
import { RACES } from "../../rules/m2m/races";
import { format, localize } from "../page";

export const M = Object.freeze({
  intro: "BLOWBYBLOW.Workbench.M2M.intro",
  source: "BLOWBYBLOW.Workbench.M2M.source",
  attributes: "BLOWBYBLOW.Workbench.M2M.attributes",
  score: "BLOWBYBLOW.Workbench.M2M.score",
  cost: "BLOWBYBLOW.Workbench.M2M.cost",
  race: "BLOWBYBLOW.Workbench.M2M.race",
  advantage: "BLOWBYBLOW.Workbench.M2M.advantage",
  pointsAttributes: "BLOWBYBLOW.Workbench.M2M.pointsAttributes",
  pointsSkills: "BLOWBYBLOW.Workbench.M2M.pointsSkills",
  pointsTotal: "BLOWBYBLOW.Workbench.M2M.pointsTotal",
  movement: "BLOWBYBLOW.Workbench.M2M.movement",
  speed: "BLOWBYBLOW.Workbench.M2M.speed",
  move: "BLOWBYBLOW.Workbench.M2M.move",
  dodge: "BLOWBYBLOW.Workbench.M2M.dodge",
  encumbrance: "BLOWBYBLOW.Workbench.M2M.encumbrance",
  encumbranceValue: "BLOWBYBLOW.Workbench.M2M.encumbranceValue",
  encumbrancePrefix: "BLOWBYBLOW.Workbench.M2M.Encumbrance.",
  skills: "BLOWBYBLOW.Workbench.M2M.skills",
  skill: "BLOWBYBLOW.Workbench.M2M.skill",
  level: "BLOWBYBLOW.Workbench.M2M.level",
  effective: "BLOWBYBLOW.Workbench.M2M.effective",
  fromDefault: "BLOWBYBLOW.Workbench.M2M.fromDefault",
  weapons: "BLOWBYBLOW.Workbench.M2M.weapons",
  weapon: "BLOWBYBLOW.Workbench.M2M.weapon",
  parry: "BLOWBYBLOW.Workbench.M2M.parry",
  damage: "BLOWBYBLOW.Workbench.M2M.damage",
  noLevel: "BLOWBYBLOW.Workbench.M2M.noLevel",
  noParry: "BLOWBYBLOW.Workbench.M2M.noParry",
  mode: "BLOWBYBLOW.Workbench.M2M.mode",
  modeNoReach: "BLOWBYBLOW.Workbench.M2M.modeNoReach",
  basePrefix: "BLOWBYBLOW.Workbench.M2M.DamageBase.",
  typePrefix: "BLOWBYBLOW.Workbench.M2M.DamageType.",
  defences: "BLOWBYBLOW.Workbench.M2M.defences",
  block: "BLOWBYBLOW.Workbench.M2M.block",
  noShield: "BLOWBYBLOW.Workbench.M2M.noShield",
  pd: "BLOWBYBLOW.Workbench.M2M.pd",
  pdVsImpaling: "BLOWBYBLOW.Workbench.M2M.pdVsImpaling",
  dr: "BLOWBYBLOW.Workbench.M2M.dr",
  drVsImpaling: "BLOWBYBLOW.Workbench.M2M.drVsImpaling",
  health: "BLOWBYBLOW.Workbench.M2M.health",
  hp: "BLOWBYBLOW.Workbench.M2M.hp",
  hpValue: "BLOWBYBLOW.Workbench.M2M.hpValue",
  fatigue: "BLOWBYBLOW.Workbench.M2M.fatigue",
  fatigueValue: "BLOWBYBLOW.Workbench.M2M.fatigueValue",
  thresholdPrefix: "BLOWBYBLOW.Workbench.M2M.Threshold.",
  fatigueThresholdPrefix: "BLOWBYBLOW.Workbench.M2M.FatigueThreshold.",
  deathList: "BLOWBYBLOW.Workbench.M2M.deathList",
  htDx: "BLOWBYBLOW.Workbench.M2M.Base.htDx",
});

/** ST, DX, IQ, HT with the m2m actor's own field labels. */
export const ATTRIBUTES: readonly { id: Attribute; key: string }[] = Object.freeze(
  (["st", "dx", "iq", "ht"] as const).map((id) => ({
    id,
    key: m2mLabelFor(`m2m.attributes.${id}`),
  })),
);

/** An advantage's name: the m2m actor's field label. */
export const advantageLabel = (id: string): string => m2mLabelFor(`m2m.advantages.${id}`);

/** Bases of the engine's figures (`Target.baseKey`). */
const BASES: Readonly<Record<string, string>> = Object.freeze({
  speed: "BLOWBYBLOW.Workbench.M2M.Base.speed",
  skill: "BLOWBYBLOW.Workbench.M2M.Base.skill",
  parry: "BLOWBYBLOW.Workbench.M2M.Base.parry",
  block: "BLOWBYBLOW.Workbench.M2M.Base.block",
  pd: "BLOWBYBLOW.Workbench.M2M.Base.pd",
  dr: "BLOWBYBLOW.Workbench.M2M.Base.dr",
});

/** Modifiers of the engine's figures (`Modifier.key`), `encumbrance.*` and `race.*` aside. */
const MODIFIERS: Readonly<Record<string, string>> = Object.freeze({
  running: "BLOWBYBLOW.Workbench.M2M.Modifier.running",
  lowHp: "BLOWBYBLOW.Workbench.M2M.Modifier.lowHp",
  fatigue: "BLOWBYBLOW.Workbench.M2M.Modifier.fatigue",
  crippledFoot: "BLOWBYBLOW.Workbench.M2M.Modifier.crippledFoot",
  legsUnusable: "BLOWBYBLOW.Workbench.M2M.Modifier.legsUnusable",
  unconscious: "BLOWBYBLOW.Workbench.M2M.Modifier.unconscious",
  minimumMove: "BLOWBYBLOW.Workbench.M2M.Modifier.minimumMove",
  largeShield: "BLOWBYBLOW.Workbench.M2M.Modifier.largeShield",
  fullHelm: "BLOWBYBLOW.Workbench.M2M.Modifier.fullHelm",
  illFittingPlate: "BLOWBYBLOW.Workbench.M2M.Modifier.illFittingPlate",
  armour: "BLOWBYBLOW.Workbench.M2M.Modifier.armour",
  shield: "BLOWBYBLOW.Workbench.M2M.Modifier.shield",
  toughness: "BLOWBYBLOW.Workbench.M2M.Modifier.toughness",
  other: "BLOWBYBLOW.Workbench.M2M.Modifier.other",
});

export function baseLabel(key: string): string {
  return Object.hasOwn(BASES, key) ? BASES[key]! : GENERIC_BASE_LABEL;
}

/** A modifier's label, localised: encumbrance by level, race by its name. */
export function modifierLabel(key: string): string {
  const [head, rest] = [key.slice(0, key.indexOf(".")), key.slice(key.indexOf(".") + 1)];
  if (head === "encumbrance")
    return format("BLOWBYBLOW.Workbench.M2M.Modifier.encumbrance", {
      level: localize(`${M.encumbrancePrefix}${rest}`),
    });
  if (head === "race" && Object.hasOwn(RACES, rest))
    return format("BLOWBYBLOW.Workbench.M2M.Modifier.race", {
      race: RACES[rest as keyof typeof RACES].name,
    });
  return localize(Object.hasOwn(MODIFIERS, key) ? MODIFIERS[key]! : GENERIC_MODIFIER_LABEL);
}
