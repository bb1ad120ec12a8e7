/**
 * An hmzd character and its derived fighter. The input is the HM3 character's shape wherever
 * hmzd needs the same thing (the same actor plays either ruleset): HM3 attributes, HM3 skills
 * with their Mastery Level, HM3 armour pieces (material, quality, enchantment, locations; Z13),
 * and weapons with the hmzd figures (zone die and modes, Z12). Out come the figures the exchange
 * needs: Endurance and the Shock EML (Z7), the EML of each weapon, Dodge and Initiative, the
 * armour at every location and aspect (Z13, Z25), and the `HmzdFighter` of the declaration.
 *
 * Every problem is an InputError naming the field (`weapons[1].modes[0].impact.die`) and the
 * value: the CLI's `character` contract and the pack checks read untrusted JSON.
 *
 * EMLs (ruling Z41): seed 001 leaves its EMLs to the missing Preview 1, so they are HM3's, as the
 * Foundry adapter and an actor document give them (Z30, Z43), by the same HM3 code: a weapon's
 * attack and counterstrike EML is its skill's ML + the HM3 weapon's attack modifier, its block
 * EML the ML + the defence modifier, Dodge and Initiative their skills' ML, a missile its ML at
 * Short range, each less PP ×5 (`meleeEml`, `missileEml`), where PP is fatigue + encumbrance
 * (the carried load over Endurance, HM3's `encumbranceFor`); injuries impair by zone, not by a
 * universal penalty (001:117, Z8, Z32), applied by the exchange's caller, not here.
 */
import { InputError, checkKeys, readEnum, readObject } from "../../core/errors";
import { HANDS, type Hand } from "../../core/hands";
import { buildTarget, type Target } from "../../core/modifiers";
import { encumbranceFor } from "../hm3/character";
import { meleeEml, missileEml } from "../hm3/eml";
import { endurance as hm3Endurance, physicalPenalty, universalPenalty } from "../hm3/mechanics";
import {
  HM3_ATTRIBUTES,
  HM3_WEAPON_MODIFIER,
  type Hm3CharacterInput,
} from "../hm3/character-types";
import { sidedIds, zdArmour, type ZdArmourPiece, type ZdProtection } from "./armour";
import { RANGE_BAND_IDS, formatImpact, type RangeBandId } from "./convert";
import { coreBodyPlan, validatePlan } from "./plan";
import { DOG_PLAN, HORSE_PLAN } from "./plans";
import { HUMAN_PLAN, strModifier } from "./tables";
import {
  HMZD_ASPECTS,
  HMZD_FIGHTER_STATES,
  type HmzdAspect,
  type HmzdFighter,
  type HmzdFighterState,
  type HmzdImpact,
  type HmzdPlan,
  type HmzdWeapon,
} from "./types";

/** The attributes hmzd reads: STR (impact, 001:97), STA and WIL (Endurance, Z7), DEX, AGL (Z10). */
export const HMZD_ATTRIBUTES = ["str", "sta", "wil", "dex", "agl"] as const;
export type HmzdAttributeId = (typeof HMZD_ATTRIBUTES)[number];

/** A character's highest attribute (HM3 R27) and a creature's (HM3 R28). */
export const HMZD_ATTRIBUTE_MAX = 30;
export const HMZD_CREATURE_ATTRIBUTE_MAX = 99;
/** Mastery Level bounds (HM3 R42). */
export const HMZD_ML = Object.freeze({ min: 0, max: 200 });
/** The d100 test's clamp (§1, as HM3). */
const LIMIT = Object.freeze({ min: 5, max: 95 });
/** Impact die sides and base bounds a weapon mode may have. */
export const HMZD_IMPACT_DICE: readonly number[] = Object.freeze([4, 6, 8, 10, 12, 20]);
export const HMZD_ZONE_DICE: readonly number[] = Object.freeze([4, 6, 8, 10, 12, 20]);
export const HMZD_BASE = Object.freeze({ min: -20, max: 50 });

export interface HmzdSkillInput {
  id?: string;
  name: string;
  /** Mastery Level (the HM3 skill's `ml`). */
  ml: number;
}

export interface HmzdModeInput {
  /** `swing`, `thrust`, `pommel`, `bite`… */
  name: string;
  impact: HmzdImpact;
}

export interface HmzdWeaponInput {
  id?: string;
  name: string;
  /** Name of the skill used (matched to a skill's name, case-insensitively). */
  skill: string;
  zoneDie: number;
  modes: HmzdModeInput[];
  /** The HM3 weapon's attack and defence modifiers, added to the ML (Z41, Z30; default 0). */
  attack?: number;
  defence?: number;
  /** A shield: may Block missiles (Z4). */
  shield?: boolean;
  /**
   * The hand that holds it, for impairment by zone (Z8): default `off` for a shield, `main` for
   * any other weapon; `none` for a natural weapon (jaws, hooves), `both` for two hands.
   */
  held?: Hand;
}

export interface HmzdMissileInput {
  id?: string;
  name: string;
  skill: string;
  aspect: HmzdAspect;
  /** The impact die (d8 for the converted HM3 missiles, Z12). */
  die: number;
  /** Range in hexes and base impact per band (Z12). */
  ranges: Record<RangeBandId, { range: number; base: number }>;
}

export interface HmzdArmourInput extends ZdArmourPiece {
  name?: string;
  /** Worn; an unequipped piece protects nothing (default true). */
  equipped?: boolean;
}

/** The body plans a character may name; a creature's plan is one made for hmzd (Z14, Z24). */
export const HMZD_PLAN_IDS = ["human", "dog", "horse"] as const;
export type HmzdPlanId = (typeof HMZD_PLAN_IDS)[number];

export interface HmzdCharacterInput {
  /** STR, STA, WIL, DEX, AGL; the other HM3 attributes may come along and are not read. */
  attributes: Partial<Record<(typeof HM3_ATTRIBUTES)[number], number>>;
  /** Highest attribute accepted (30 for a character; up to 99 for a creature, R28). */
  attributeMax?: number;
  /** Shock state as the fight starts (default none). */
  state?: HmzdFighterState;
  /** HM3 fatigue levels (default 0): part of the Physical Penalty (Z41). */
  fatigue?: number;
  /** The carried load in lb, every item's weight (default 0): encumbrance = load / END (Z41). */
  load?: number;
  skills: HmzdSkillInput[];
  weapons?: HmzdWeaponInput[];
  missiles?: HmzdMissileInput[];
  armour?: HmzdArmourInput[];
  /** A plan by id (default `human`), or a creature's own plan as data (Z14). */
  bodyPlan?: HmzdPlanId | HmzdPlan;
}

export interface HmzdDerivedMode {
  name: string;
  impact: HmzdImpact;
  /** As the seed prints it: `d10+3E`. */
  label: string;
  /** The engine's weapon for this mode (zone die and impact). */
  weapon: HmzdWeapon;
}

export interface HmzdDerivedWeapon {
  id: string;
  name: string;
  skill: string;
  ml: number;
  /** Attack and Counterstrike EML: ML + the attack modifier, less PP ×5 (Z41). */
  eml: Target;
  /** Block EML: ML + the defence modifier, less PP ×5 (Z41). */
  blockEml: Target;
  attack: number;
  defence: number;
  zoneDie: number;
  shield: boolean;
  held: Hand;
  modes: HmzdDerivedMode[];
}

export interface HmzdDerivedMissile {
  id: string;
  name: string;
  skill: string;
  ml: number;
  eml: Target;
  /** Per band; the zone die is the target's (Z4: its whole plan unaimed, d6 aimed). */
  bands: { band: RangeBandId; range: number; impact: HmzdImpact; label: string }[];
}

export interface HmzdDerivedCharacter {
  /** round((STR + STA + WIL) / 3) (Z7, as HM3). */
  endurance: number;
  /** HM3's encumbrance and Physical Penalty (fatigue + encumbrance), Z41. */
  encumbrance: number;
  pp: number;
  /** The STR impact modifier of the character's strikes (001:65-72, 001:97). */
  strModifier: number;
  /** Z7: the Shock skill when the character has one, otherwise 5 × Endurance. */
  shock: { eml: Target; from: "skill" | "endurance" };
  /** Dodge and Initiative: those skills' ML less PP ×5 (Z41); null when the character has none. */
  dodge: Target | null;
  initiative: Target | null;
  /** Every skill's EML, by skill id. */
  skills: Record<string, { name: string; ml: number; eml: Target }>;
  weapons: HmzdDerivedWeapon[];
  missiles: HmzdDerivedMissile[];
  /** Armour per sided location of the plan and aspect (Z13, Z25), zeros included. */
  armour: Record<string, ZdProtection>;
  plan: { id: string; zoneCount: number; locations: string[] };
  /** The exchange's fighter (Setup 0, no Action TA yet). */
  fighter: HmzdFighter;
}

/** The plan a character names (Z14): the human plan of §2, or a creature plan made here (Z24). */
export function planById(id: HmzdPlanId): HmzdPlan {
  return id === "dog" ? DOG_PLAN : id === "horse" ? HORSE_PLAN : HUMAN_PLAN;
}

function whole(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value))
    throw new InputError(field, value, "expected a whole number");
  if (value < min || value > max)
    throw new InputError(field, value, `must be between ${min} and ${max}`);
  return value;
}

function text(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new InputError(field, value, "expected a text");
  return value.trim();
}

function list(value: unknown, field: string, optional: boolean): unknown[] {
  if (value === undefined && optional) return [];
  if (!Array.isArray(value)) throw new InputError(field, value, "expected a list");
  return value;
}

function dieOf(value: unknown, field: string, dice: readonly number[]): number {
  if (typeof value !== "number" || !dice.includes(value))
    throw new InputError(field, value, `expected the sides of a die (${dice.join(", ")})`);
  return value;
}

function readImpact(raw: unknown, field: string): HmzdImpact {
  const o = readObject(raw, field);
  checkKeys(o, field, ["die", "base", "aspect"]);
  return {
    die: dieOf(o.die, `${field}.die`, HMZD_IMPACT_DICE),
    base: whole(o.base, `${field}.base`, HMZD_BASE.min, HMZD_BASE.max),
    aspect: readEnum(o.aspect, `${field}.aspect`, HMZD_ASPECTS),
  };
}

const target = (ml: number): Target => buildTarget("ml", ml, [], LIMIT);

/** A unique id: the one given, else the name (a second of the same name is an error). */
function idOf(o: Record<string, unknown>, name: string, field: string, seen: Set<string>): string {
  const id = o.id === undefined ? name : text(o.id, `${field}.id`);
  if (seen.has(id))
    throw new InputError(o.id === undefined ? `${field}.name` : `${field}.id`, id, "used twice");
  seen.add(id);
  return id;
}

/** Derives an hmzd character (see the module comment). */
export function deriveHmzdCharacter(raw: unknown): HmzdDerivedCharacter {
  const o = readObject(raw, "character");
  checkKeys(o, "", [
    "attributes",
    "attributeMax",
    "state",
    "fatigue",
    "load",
    "skills",
    "weapons",
    "missiles",
    "armour",
    "bodyPlan",
  ]);
  const attributeMax =
    o.attributeMax === undefined
      ? HMZD_ATTRIBUTE_MAX
      : whole(o.attributeMax, "attributeMax", 1, HMZD_CREATURE_ATTRIBUTE_MAX);
  const attrsIn = readObject(o.attributes, "attributes");
  checkKeys(attrsIn, "attributes", HM3_ATTRIBUTES);
  const attrs = {} as Record<HmzdAttributeId, number>;
  for (const id of HMZD_ATTRIBUTES)
    attrs[id] = whole(attrsIn[id], `attributes.${id}`, 1, attributeMax);
  for (const id of HM3_ATTRIBUTES)
    if (attrsIn[id] !== undefined && !(HMZD_ATTRIBUTES as readonly string[]).includes(id))
      whole(attrsIn[id], `attributes.${id}`, 1, attributeMax);
  const state = o.state === undefined ? "none" : readEnum(o.state, "state", HMZD_FIGHTER_STATES);
  const fatigue = o.fatigue === undefined ? 0 : whole(o.fatigue, "fatigue", 0, 100);
  if (
    o.load !== undefined &&
    (typeof o.load !== "number" || !Number.isFinite(o.load) || o.load < 0 || o.load > 10000)
  )
    throw new InputError("load", o.load, "expected a weight in lb between 0 and 10000");
  const load = (o.load as number | undefined) ?? 0;
  const plan =
    o.bodyPlan === undefined
      ? HUMAN_PLAN
      : typeof o.bodyPlan === "string"
        ? planById(readEnum(o.bodyPlan, "bodyPlan", HMZD_PLAN_IDS))
        : validatePlan(o.bodyPlan, "bodyPlan");

  // Skills: ML as recorded; EML = ML clamped (§1).
  const skills: HmzdDerivedCharacter["skills"] = {};
  const byName = new Map<string, { id: string; ml: number }>();
  const skillIds = new Set<string>();
  for (const [i, s] of list(o.skills, "skills", false).entries()) {
    const f = `skills[${i}]`;
    const so = readObject(s, f);
    checkKeys(so, f, ["id", "name", "ml", "category", "sbAttributes", "sbModifier", "skillBase"]);
    const name = text(so.name, `${f}.name`);
    const key = name.toLowerCase();
    if (byName.has(key)) throw new InputError(`${f}.name`, name, "another skill has this name");
    const id = idOf(so, name, f, skillIds);
    const ml = whole(so.ml, `${f}.ml`, HMZD_ML.min, HMZD_ML.max);
    skills[id] = { name, ml, eml: target(ml) };
    byName.set(key, { id, ml });
  }
  const skillMl = (name: unknown, field: string): { name: string; ml: number } => {
    const n = text(name, field);
    const found = byName.get(n.toLowerCase());
    if (!found)
      throw new InputError(
        field,
        n,
        `no skill of this name (the character has ${[...byName.keys()].join(", ") || "none"})`,
      );
    return { name: skills[found.id]!.name, ml: found.ml };
  };

  // Z7: Endurance as HM3; the Shock EML is the Shock skill, or 5 × Endurance.
  const end = hm3Endurance(attrs.str, attrs.sta, attrs.wil);
  // Z41: HM3's Physical Penalty without injuries (Z32): fatigue + encumbrance.
  const encumbrance = encumbranceFor(load, end);
  const pp = physicalPenalty(universalPenalty([], fatigue), encumbrance);
  const melee = (base: number, baseKey: "aml" | "dml" | "ml") =>
    meleeEml({ base, baseKey, physicalPenalty: pp });
  const shockSkill = byName.get("shock");
  const shock = shockSkill
    ? { eml: target(shockSkill.ml), from: "skill" as const }
    : { eml: buildTarget("endurance5", 5 * end, [], LIMIT), from: "endurance" as const };

  // Weapons (Z12): zone die and modes as given.
  const weaponIds = new Set<string>();
  const weapons = list(o.weapons, "weapons", true).map((w, i): HmzdDerivedWeapon => {
    const f = `weapons[${i}]`;
    const wo = readObject(w, f);
    checkKeys(wo, f, [
      "id",
      "name",
      "skill",
      "zoneDie",
      "modes",
      "attack",
      "defence",
      "shield",
      "held",
    ]);
    const name = text(wo.name, `${f}.name`);
    const id = idOf(wo, name, f, weaponIds);
    const skill = skillMl(wo.skill, `${f}.skill`);
    const zoneDie = dieOf(wo.zoneDie, `${f}.zoneDie`, HMZD_ZONE_DICE);
    const modesIn = list(wo.modes, `${f}.modes`, false);
    if (modesIn.length === 0)
      throw new InputError(`${f}.modes`, modesIn, "expected at least one mode");
    const modeNames = new Set<string>();
    const modes = modesIn.map((m, j): HmzdDerivedMode => {
      const mf = `${f}.modes[${j}]`;
      const mo = readObject(m, mf);
      checkKeys(mo, mf, ["name", "impact"]);
      const modeName = text(mo.name, `${mf}.name`);
      if (modeNames.has(modeName))
        throw new InputError(`${mf}.name`, modeName, "another mode of this weapon has this name");
      modeNames.add(modeName);
      const impact = readImpact(mo.impact, `${mf}.impact`);
      return {
        name: modeName,
        impact,
        label: formatImpact(impact),
        weapon: { zoneDie, impact: { ...impact } },
      };
    });
    const shield = wo.shield === undefined ? false : wo.shield;
    if (typeof shield !== "boolean")
      throw new InputError(`${f}.shield`, shield, "expected true or false");
    const held =
      wo.held === undefined ? (shield ? "off" : "main") : readEnum(wo.held, `${f}.held`, HANDS);
    const modifier = (key: "attack" | "defence") =>
      wo[key] === undefined
        ? 0
        : whole(wo[key], `${f}.${key}`, HM3_WEAPON_MODIFIER.min, HM3_WEAPON_MODIFIER.max);
    const attack = modifier("attack");
    const defence = modifier("defence");
    return {
      id,
      name,
      skill: skill.name,
      ml: skill.ml,
      eml: melee(skill.ml + attack, "aml"),
      blockEml: melee(skill.ml + defence, "dml"),
      attack,
      defence,
      zoneDie,
      shield,
      held,
      modes,
    };
  });

  // Missiles (Z12, Z4).
  const missileIds = new Set<string>();
  const missiles = list(o.missiles, "missiles", true).map((m, i): HmzdDerivedMissile => {
    const f = `missiles[${i}]`;
    const mo = readObject(m, f);
    checkKeys(mo, f, ["id", "name", "skill", "aspect", "die", "ranges"]);
    const name = text(mo.name, `${f}.name`);
    const id = idOf(mo, name, f, missileIds);
    const skill = skillMl(mo.skill, `${f}.skill`);
    const aspect = readEnum(mo.aspect, `${f}.aspect`, HMZD_ASPECTS);
    const die = dieOf(mo.die, `${f}.die`, HMZD_IMPACT_DICE);
    const rangesIn = readObject(mo.ranges, `${f}.ranges`);
    checkKeys(rangesIn, `${f}.ranges`, RANGE_BAND_IDS);
    let previous = 0;
    const bands = RANGE_BAND_IDS.map((band) => {
      const bf = `${f}.ranges.${band}`;
      const b = readObject(rangesIn[band], bf);
      checkKeys(b, bf, ["range", "base"]);
      const range = whole(b.range, `${bf}.range`, previous + 1, 10000);
      previous = range;
      const impact = {
        die,
        base: whole(b.base, `${bf}.base`, HMZD_BASE.min, HMZD_BASE.max),
        aspect,
      };
      return { band, range, impact, label: formatImpact(impact) };
    });
    // Z41, Z43: the missile's EML at Short range (the band a duel shoots).
    const eml = missileEml({ base: skill.ml, baseKey: "aml", physicalPenalty: pp, range: "short" });
    return { id, name, skill: skill.name, ml: skill.ml, eml, bands };
  });

  // Armour (Z13, Z25): the worn pieces on the plan's locations.
  const body = coreBodyPlan(plan);
  const worn: ZdArmourPiece[] = [];
  const wornFields: number[] = [];
  for (const [i, a] of list(o.armour, "armour", true).entries()) {
    const f = `armour[${i}]`;
    const ao = readObject(a, f);
    checkKeys(ao, f, ["name", "material", "quality", "enchantment", "locations", "equipped"]);
    if (ao.equipped !== undefined && typeof ao.equipped !== "boolean")
      throw new InputError(`${f}.equipped`, ao.equipped, "expected true or false");
    if (ao.equipped === false) continue;
    worn.push(ao as unknown as ZdArmourPiece);
    wornFields.push(i);
  }
  let armour: Record<string, ZdProtection>;
  try {
    // The human plan, given by id or as data, takes HM3's human locations (Z25).
    armour = zdArmour(worn, plan.id === HUMAN_PLAN.id ? undefined : body, "armour");
  } catch (e) {
    // Name the piece by its place in the input, not among the worn ones.
    if (e instanceof InputError) {
      const m = /^armour\[(\d+)\](.*)$/.exec(e.field);
      if (m) throw new InputError(`armour[${wornFields[Number(m[1])]}]${m[2]}`, e.value, e.reason);
    }
    throw e;
  }

  const skillTarget = (name: string) => {
    const s = byName.get(name);
    return s ? melee(s.ml, "ml") : null;
  };

  return {
    endurance: end,
    encumbrance,
    pp,
    strModifier: strModifier(attrs.str),
    shock,
    dodge: skillTarget("dodge"),
    initiative: skillTarget("initiative"),
    skills,
    weapons,
    missiles,
    armour,
    plan: {
      id: plan.id,
      zoneCount: plan.zoneCount,
      locations: sidedIds(body),
    },
    fighter: {
      str: attrs.str,
      shock: shock.eml.raw,
      endurance: end,
      dex: attrs.dex,
      agl: attrs.agl,
      state,
      setup: 0,
      actionTaken: false,
      armour,
      plan,
    },
  };
}

/**
 * The ruleset's `deriveCharacter` (the CLI's `character` contract, src/rules/resolve.ts): the
 * derivation of untrusted JSON, plain data out.
 */
export function deriveCharacter(raw: unknown): HmzdDerivedCharacter {
  return deriveHmzdCharacter(raw);
}

/** The hmzd figures an actor keeps beside its HM3 sheet (its items' and its own `hmzd` blocks). */
export interface HmzdOwnInput {
  state?: HmzdFighterState;
  weapons?: HmzdWeaponInput[];
  missiles?: HmzdMissileInput[];
  bodyPlan?: HmzdPlanId | HmzdPlan;
}

/**
 * The hmzd input of an actor that also plays HM3: its HM3 attributes, fatigue, carried load,
 * skills (name and ML) and worn armour pieces as they are (Z13, Z41), with the hmzd figures
 * only hmzd has (zone-die weapons with their attack and defence modifiers, shock state, plan). Plain copies; the derivation checks them.
 */
export function hmzdInputFromHm3(
  hm3: Pick<Hm3CharacterInput, "attributes" | "attributeMax" | "skills" | "armour"> &
    Partial<Pick<Hm3CharacterInput, "fatigue" | "load">>,
  own: HmzdOwnInput = {},
): HmzdCharacterInput {
  // Z41: the carried load's weight (as HM3 sums it) and the fatigue make the Physical Penalty.
  const load = (hm3.load ?? []).reduce((t, l) => (l.carried ? t + l.weight * l.quantity : t), 0);
  return {
    attributes: { ...hm3.attributes },
    ...(hm3.attributeMax === undefined ? {} : { attributeMax: hm3.attributeMax }),
    ...(hm3.fatigue ? { fatigue: hm3.fatigue } : {}),
    ...(load ? { load } : {}),
    ...(own.state === undefined ? {} : { state: own.state }),
    skills: hm3.skills.map((s) => ({ id: s.id, name: s.name, ml: s.ml })),
    weapons: structuredClone(own.weapons ?? []),
    missiles: structuredClone(own.missiles ?? []),
    armour: hm3.armour.map((a) => ({
      name: a.name,
      material: a.material,
      quality: a.quality,
      enchantment: a.enchantment,
      locations: [...a.locations],
      equipped: a.equipped,
    })),
    ...(own.bodyPlan === undefined ? {} : { bodyPlan: own.bodyPlan }),
  };
}
