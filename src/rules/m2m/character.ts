/**
 * The GURPS Man to Man character (spec §2; seed 004 L372-1552, Instant Fighters chart
 * L4410-4667). "Lnnn" is a line of seed 004, "§n" a section of `../shared/rules/m2m-spec.md`.
 *
 * Point costs, Basic Speed (fractional), encumbrance, Move and the defences derived from it,
 * and {@link deriveCharacter}, which builds a whole sheet with every modifier itemised.
 * Armour and shield statistics come in as numbers (PD, DR, shield size): a Basic suit, or the
 * Advanced pieces by location, layered by ./worn-armour.ts; the equipment tables live elsewhere.
 */
import {
  checkKeys,
  InputError,
  readBoolean,
  readEnum,
  readNumber,
  readObject,
} from "../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../core/modifiers";
import {
  ATTRIBUTES,
  boughtAttributes,
  finalAttributes,
  raceDef,
  raceSkillDifficulty,
  RACE_IDS,
  type Attributes,
  type RaceId,
  type RaceSpecial,
} from "./races";
import {
  SKILL_IDS,
  skillDef,
  skillDefault,
  skillLevel,
  skillPointsFor,
  type Difficulty,
  type ParryKind,
  type SkillId,
} from "./skills";
import { deepFreeze } from "../../core/data";
import type { HitLocation } from "./types";
import {
  derivedLocations,
  readArmourPieces,
  suitArmour,
  wearsFullHelm,
  wearsIllFitting,
  wornArmour,
  type ArmourPieceInput,
  type DerivedLocation,
} from "./worn-armour";

export type {
  ArmourCoverInput,
  ArmourPieceInput,
  DerivedLocation,
  DerivedLocationFigures,
} from "./worn-armour";

const src = (lines: string, section: string): string => `seed 004 ${lines}, spec ${section}`;

// ── §2.1 Point budget ────────────────────────────────────────────────────────────────────────

/** Starting point totals (L387-396, chart L4416; spec §2.1). */
export const POINT_TOTALS: readonly { readonly points: number; readonly label: string }[] =
  deepFreeze([
    { points: 10, label: "common scum" },
    { points: 20, label: "tough scum" },
    { points: 40, label: "city guard or rookie soldier" },
    { points: 60, label: "veteran soldier" },
    { points: 80, label: "veteran officer or mercenary" },
    { points: 100, label: "hero" },
  ]);

// ── §2.2 Attributes ──────────────────────────────────────────────────────────────────────────

/** Attribute cost by level, 7-20 (spec §2.2 JSON; L466-490, chart L4420-4427). */
export const ATTRIBUTE_COST: Readonly<Record<number, number>> = deepFreeze({
  7: -20,
  8: -15,
  9: -10,
  10: 0,
  11: 10,
  12: 20,
  13: 30,
  14: 45,
  15: 60,
  16: 80,
  17: 100,
  18: 125,
  19: 150,
  20: 175,
});
/** Each level above 20 costs 25 more (L490, L4427). */
export const ATTRIBUTE_COST_ABOVE_20 = 25;

/** Creation cost of an attribute level (L466-490): table 7-20, +25 a level above 20; no level below 7 (L468). */
export function attributeCost(level: number): number {
  readNumber(level, "level", { integer: true, min: 7, max: 100 });
  return level <= 20
    ? ATTRIBUTE_COST[level]!
    : ATTRIBUTE_COST[20]! + ATTRIBUTE_COST_ABOVE_20 * (level - 20);
}

/** Experience: raising an attribute costs double the creation difference (L1444; §2.2, §2.7). */
export function attributeRaiseCost(from: number, to: number): number {
  if (readNumber(to, "to", { integer: true }) < readNumber(from, "from", { integer: true }))
    throw new InputError("to", to, `must be at least ${from}`);
  return 2 * (attributeCost(to) - attributeCost(from));
}

/** Random characters: 3d6 per attribute, and a roll below 7 counts as 7 (L1386). */
export function randomAttribute(roll3d6: number): number {
  return Math.max(7, readNumber(roll3d6, "roll", { integer: true, min: 3, max: 18 }));
}

// ── §2.4 Advantages ──────────────────────────────────────────────────────────────────────────

export const ADVANTAGE_IDS = [
  "ambidextrousness",
  "combat-reflexes",
  "peripheral-vision",
  "toughness",
] as const;
export type AdvantageId = (typeof ADVANTAGE_IDS)[number];

export interface AdvantageDef {
  readonly id: AdvantageId;
  readonly name: string;
  /** Cost of level 1, 2, … (Toughness DR 1 = 10, DR 2 = 25). */
  readonly costs: readonly number[];
  /** May be bought with experience after creation (only Combat Reflexes, L1448). */
  readonly buyableAfterCreation: boolean;
  readonly effect: string;
  readonly lines: string;
}

/** The advantages (spec §2.4; L516-628, chart L4433-4441). There are no disadvantages. */
export const ADVANTAGES: Readonly<Record<AdvantageId, AdvantageDef>> = deepFreeze({
  ambidextrousness: {
    id: "ambidextrousness",
    name: "Ambidextrousness",
    costs: [10],
    buyableAfterCreation: false,
    effect:
      "No −4 off-hand penalty; may carry two weapons and attack or parry with either; two weapons at once only in an All-Out Attack",
    lines: "L520-528, L4435",
  },
  "combat-reflexes": {
    id: "combat-reflexes",
    name: "Combat Reflexes",
    costs: [15],
    buyableAfterCreation: true,
    effect:
      "Side +1 on initiative rolls to avoid surprise (+2 if the leader); +6 to recover from surprise; never freezes under total surprise",
    lines: "L530-534, L1448, L3126, L3130, L4437",
  },
  "peripheral-vision": {
    id: "peripheral-vision",
    name: "Peripheral Vision",
    costs: [15],
    buyableAfterCreation: false,
    effect:
      "Every adjacent hex but the one behind is a front hex; wider arc of vision for ranged fire",
    lines: "L604-616, L4439",
  },
  toughness: {
    id: "toughness",
    name: "Toughness",
    costs: [10, 25],
    buyableAfterCreation: false,
    effect:
      "Natural DR 1 or 2, subtracted before the cutting/impaling multiplier; humans at most DR 2",
    lines: "L618-626, L4441",
  },
});

/** Off-hand weapon: −4 to skill unless ambidextrous (L524). */
export const OFF_HAND_PENALTY = -4;

/** Cost of an advantage at a level (L528, L534, L608, L626). */
export function advantageCost(id: AdvantageId, level = 1): number {
  const a = ADVANTAGES[readEnum(id, "advantage", ADVANTAGE_IDS)];
  readNumber(level, `advantages.${id}`, { integer: true, min: 1, max: a.costs.length });
  return a.costs[level - 1]!;
}

// ── §2.7 Experience ─────────────────────────────────────────────────────────────────────────

/** Points for one battle (L1436): 1 if won and conscious, ½ otherwise, 0 if dead. */
export function battleExperience(outcome: {
  won: boolean;
  conscious: boolean;
  dead: boolean;
}): number {
  if (readBoolean(outcome.dead, "dead")) return 0;
  return readBoolean(outcome.won, "won") && readBoolean(outcome.conscious, "conscious") ? 1 : 0.5;
}

// ── §2.3 Basic Speed ────────────────────────────────────────────────────────────────────────

export interface SpeedOptions {
  /** Running skill level (HT-based): adds level/8, not rounded (L744-746). */
  running?: number | null;
  race?: RaceId;
}

/**
 * Basic Speed with its story (L512, L746, L1492, L1528): (HT+DX)/4, not rounded; + Running/8;
 * −1 for Dwarves and Gnomes. `ht` and `dx` are the final scores.
 */
export function speedTarget(ht: number, dx: number, opts: SpeedOptions = {}): Target {
  readNumber(ht, "ht", { integer: true, min: 0, max: 100 });
  readNumber(dx, "dx", { integer: true, min: 0, max: 100 });
  const mods: Modifier[] = [];
  if (opts.running !== undefined && opts.running !== null) {
    const r = readNumber(opts.running, "running", { integer: true, min: 0, max: 100 });
    mods.push({ key: "running", value: r / 8, source: src("L744-746", "§2.3") });
  }
  const race = raceDef(opts.race ?? "human");
  if (race.speed !== 0)
    mods.push({ key: `race.${race.id}`, value: race.speed, source: src(race.lines, "§2.5") });
  return buildTarget("speed", (ht + dx) / 4, mods);
}

/** Basic Speed, fractional (L512: "Do not round off"). See {@link speedTarget}. */
export function basicSpeed(ht: number, dx: number, opts: SpeedOptions = {}): number {
  return speedTarget(ht, dx, opts).value;
}

// ── §2.3 Encumbrance ────────────────────────────────────────────────────────────────────────

export type EncumbranceLevel = 0 | 1 | 2 | 3 | 4 | 5;

export interface EncumbranceDef {
  readonly level: EncumbranceLevel;
  readonly id: "none" | "light" | "medium" | "heavy" | "extra-heavy" | "overloaded";
  /** Upper limit as a multiple of ST (Dwarves and Gnomes: extra-heavy to 30, L1474). */
  readonly multiple: number;
  /** Subtracted from Basic Speed for Move; null where Move is simply 1 (level 5). */
  readonly penalty: number | null;
  /** Fatigue per turn carrying it (level 5: 1, L4632). */
  readonly fatiguePerTurn: number;
  readonly lines: string;
}

/**
 * Encumbrance levels (L1243-1250, chart L4622-4632; spec §2.3). Level 5 is spec C4: up to
 * 30×ST, Move 1 and 1 fatigue a turn (L3441, L4632), where L1250 forbids more than 20×ST.
 */
export const ENCUMBRANCE_LEVELS: readonly EncumbranceDef[] = deepFreeze([
  { level: 0, id: "none", multiple: 2, penalty: 0, fatiguePerTurn: 0, lines: "L1245, L4622" },
  { level: 1, id: "light", multiple: 4, penalty: 1, fatiguePerTurn: 0, lines: "L1246, L4624" },
  { level: 2, id: "medium", multiple: 6, penalty: 2, fatiguePerTurn: 0, lines: "L1247, L4626" },
  { level: 3, id: "heavy", multiple: 12, penalty: 3, fatiguePerTurn: 0, lines: "L1248, L4628" },
  {
    level: 4,
    id: "extra-heavy",
    multiple: 20,
    penalty: 4,
    fatiguePerTurn: 0,
    lines: "L1249, L4630",
  },
  {
    level: 5,
    id: "overloaded",
    multiple: 30,
    penalty: null,
    fatiguePerTurn: 1,
    lines: "L3441, L4632; spec C4",
  },
]);

export interface EncumbranceOptions {
  race?: RaceId;
  /** Spec C4: allow level 5 (up to 30×ST). Default true; false keeps L1250's 20×ST limit. */
  overload?: boolean;
}

/**
 * The most each level allows, in lb, for levels 0, 1, … (L1252-1267, L4634-4649: ST × 2, 4,
 * 6, 12, 20, and 30 for level 5). Dwarves and Gnomes carry up to 30×ST as extra-heavy (L1474,
 * L1528); 30×ST being the most anyone can carry (L3441), they have no level 5.
 */
export function encumbranceLimits(st: number, opts: EncumbranceOptions = {}): number[] {
  readNumber(st, "st", { integer: true, min: 1, max: 100 });
  const race = raceDef(opts.race ?? "human");
  const overload = opts.overload === undefined ? true : readBoolean(opts.overload, "overload");
  const limits = ENCUMBRANCE_LEVELS.slice(0, 4).map((e) => e.multiple * st);
  limits.push(race.extraHeavyMultiple * st);
  if (overload && race.extraHeavyMultiple < 30) limits.push(ENCUMBRANCE_LEVELS[5]!.multiple * st);
  return limits;
}

/** Encumbrance level of a load (L1243-1250). Throws for a load nobody of that ST can carry. */
export function encumbranceLevel(
  loadLb: number,
  st: number,
  opts: EncumbranceOptions = {},
): EncumbranceLevel {
  readNumber(loadLb, "load", { min: 0 });
  const limits = encumbranceLimits(st, opts);
  const level = limits.findIndex((max) => loadLb <= max);
  if (level < 0) {
    throw new InputError(
      "load",
      loadLb,
      `cannot be carried with ST ${st}: the most is ${limits[limits.length - 1]} lb (L1250, L3441; spec C4)`,
    );
  }
  return level as EncumbranceLevel;
}

// ── §2.3 Move, Dodge, Parry, Block ───────────────────────────────────────────────────────────

export interface MoveInput {
  /** Basic Speed (fractional). */
  speed: number;
  encumbrance: EncumbranceLevel;
  /** Current hit points: at 3 or fewer, Move is halved (L1872, L3638). */
  hp?: number;
  /** ST after fatigue: at 3 or less, Move is halved (L3755, L3343). */
  fatiguedSt?: number;
  /** Unconscious: Move 0 (L1291). Default true. */
  conscious?: boolean;
  /** Cannot use the legs (crippled leg, unbraced crippled foot): Move 0 (L1291). Default true. */
  legsUsable?: boolean;
  /** Crippled foot, braced against a wall: Move at most 3 (L3677). */
  crippledFootBraced?: boolean;
}

/**
 * Move with its story (spec §2.3, §18.2 pitfall 10): floor(Speed − encumbrance penalty)
 * (L1281, L4653); 1 when overloaded (C4, L4632); halved, rounding down, at 3 or fewer HP or
 * with fatigued ST 3 or less (halved once, whichever applies); at most 3 braced on a crippled
 * foot (L3677); never below 1 while conscious with usable legs (L1291, L2274), 0 otherwise.
 * `value` is floor(`raw`): every step after the first is a whole-number modifier.
 */
export function moveTarget(input: MoveInput): Target {
  const speed = readNumber(input.speed, "speed", { min: 0, max: 100 });
  const enc = readNumber(input.encumbrance, "encumbrance", { integer: true, min: 0, max: 5 });
  const mods: Modifier[] = [];
  let v: number;
  const e = ENCUMBRANCE_LEVELS[enc]!;
  if (e.penalty === null) {
    mods.push({ key: "encumbrance.overloaded", value: 1 - speed, source: src(e.lines, "§2.3 C4") });
    v = 1;
  } else {
    mods.push({
      key: `encumbrance.${e.id}`,
      value: -e.penalty,
      source: src("L1281, L4653", "§2.3"),
    });
    v = Math.floor(speed - e.penalty);
  }
  const lowHp = input.hp !== undefined && readNumber(input.hp, "hp", { integer: true }) <= 3;
  const tired =
    input.fatiguedSt !== undefined &&
    readNumber(input.fatiguedSt, "fatiguedSt", { integer: true }) <= 3;
  if (lowHp || tired) {
    const half = Math.floor(v / 2);
    mods.push({
      key: lowHp ? "lowHp" : "fatigue",
      value: half - v,
      source: lowHp ? src("L1872, L3638", "§9.3") : src("L3755, L3343", "§9.6"),
    });
    v = half;
  }
  if (
    input.crippledFootBraced !== undefined &&
    readBoolean(input.crippledFootBraced, "crippledFootBraced") &&
    v > 3
  ) {
    mods.push({ key: "crippledFoot", value: 3 - v, source: src("L3677", "§9.4") });
    v = 3;
  }
  const conscious =
    input.conscious === undefined ? true : readBoolean(input.conscious, "conscious");
  const legs = input.legsUsable === undefined ? true : readBoolean(input.legsUsable, "legsUsable");
  if (!conscious || !legs) {
    if (v !== 0)
      mods.push({
        key: conscious ? "legsUnusable" : "unconscious",
        value: -v,
        source: src("L1291", "§2.3"),
      });
  } else if (v < 1) {
    mods.push({ key: "minimumMove", value: 1 - v, source: src("L1291, L2274", "§2.3") });
  }
  const t = buildTarget("speed", speed, mods);
  return { ...t, value: Math.floor(t.raw) };
}

/** Move (whole yards per second). See {@link moveTarget}. */
export function move(input: MoveInput): number {
  return moveTarget(input).value;
}

/** Dodge = Move (L1287, L1305, L2368, L4659): it follows every change to Move. */
export function dodge(moveValue: number): number {
  return readNumber(moveValue, "move", { integer: true, min: 0, max: 100 });
}

/**
 * Parry from a skill (spec §2.3, §6.3): floor(skill/2) with a weapon (L1307, L1812, L4663);
 * floor(⅔ skill) for a qualified fencer (L1778), Brawling (L1888), Judo (L1892), Karate
 * (L1902); bare hands untrained floor(DX/2), or floor(DX/2) − 3 against a weapon (L1934; pass
 * DX as `skill`). Never below 0 (a ruling: the book has no negative defences).
 */
export function parryScore(skill: number, kind: ParryKind = "weapon"): number {
  const s = readNumber(skill, "skill", { integer: true, min: -100, max: 100 });
  let p: number;
  switch (kind) {
    case "weapon":
    case "bare-hands":
      p = Math.floor(s / 2);
      break;
    case "bare-hands-vs-weapon":
      p = Math.floor(s / 2) - 3;
      break;
    case "fencing":
    case "brawling":
    case "judo":
    case "karate":
      p = Math.floor((2 * s) / 3);
      break;
    default:
      throw new InputError("kind", kind, "unknown parry kind");
  }
  return Math.max(0, p);
}

/** Block = floor(Shield skill / 3) (L1309, L1806, L4661); never below 0. */
export function blockScore(shieldSkill: number): number {
  return Math.max(
    0,
    Math.floor(readNumber(shieldSkill, "shieldSkill", { integer: true, min: -100, max: 100 }) / 3),
  );
}

// ── deriveCharacter ─────────────────────────────────────────────────────────────────────────

export const SHIELD_SIZES = ["improvised", "buckler", "small", "medium", "large"] as const;
export type ShieldSize = (typeof SHIELD_SIZES)[number];

export interface SkillInput {
  /** Points spent (0 = use the default). */
  points?: number;
  /** The level, if known instead of (or as well as) the points. */
  level?: number;
}

export interface ArmourInput {
  pd: number;
  dr: number;
  /** Chainmail against impaling weapons (L1136-1138): PD 1 / DR 2 for a suit. */
  pdVsImpaling?: number;
  drVsImpaling?: number;
  /** A full-head helmet (half/light/heavy plate suits, L1140, L1160; greathelm L4808): −1 combat skills. */
  fullHelm?: boolean;
  /** Borrowed or stolen plate that does not fit: all skill rolls −1 (L1213). */
  illFitting?: boolean;
}

export interface ShieldInput {
  pd: number;
  size: ShieldSize;
}

export interface ConditionInput {
  hp?: number;
  fatiguedSt?: number;
  conscious?: boolean;
  legsUsable?: boolean;
  crippledFootBraced?: boolean;
}

export interface CharacterInput {
  /** ST, DX, IQ, HT as bought (default) or as final scores, see `attributeBasis`. */
  attributes: Attributes;
  /** "bought": scores on the attribute table, before racial modifiers (L1458); "final": after. */
  attributeBasis?: "bought" | "final";
  race?: RaceId;
  /** Advantages and their level: `{ toughness: 1, "combat-reflexes": true }`. */
  advantages?: Partial<Record<AdvantageId, number | boolean>>;
  skills?: Partial<Record<SkillId, SkillInput>>;
  /** The optional cross-default rule (L702-710). Default false. */
  crossDefaults?: boolean;
  /** Total weight carried, lb (L1237). Default 0. */
  load?: number;
  /** Spec C4 (default true): allow up to 30×ST at level 5. */
  overload?: boolean;
  /** A Basic suit (L1120–1170): its PD and DR on every location but the face (L2625). */
  armour?: ArmourInput;
  /**
   * Or the Advanced pieces worn (L2619–2627, L4794–4880), layered per location (L1166–1170,
   * L4828, L4878; ruling M95). Not with `armour`.
   */
  armourPieces?: ArmourPieceInput[];
  shield?: ShieldInput | null;
  /** Other PD and DR (magic, L1299, L1313). */
  otherPd?: number;
  otherDr?: number;
  /** A Reptile Man's crossbow built for his claws: no −4 (L1544). */
  crossbowFitted?: boolean;
  condition?: ConditionInput;
}

export interface DerivedSkill {
  id: SkillId;
  name: string;
  difficulty: Difficulty;
  points: number;
  /** The level on the sheet (bought, or the default). */
  level: number;
  /** Where the level comes from: bought with points, or the default it was taken from. */
  from: "points" | "DX" | "HT" | SkillId;
  /** The level with the standing modifiers (large shield, full helm, race). */
  effective: Target;
}

export interface DerivedParry {
  skill: SkillId;
  kind: ParryKind;
  /** Parry from the unmodified skill, then each skill modifier's effect on the Parry. */
  target: Target;
  value: number;
  /** Brawling parries punches and kicks only (L1888). */
  onlyVsUnarmed: boolean;
}

export interface DerivedCharacter {
  race: RaceId;
  bought: Attributes;
  attributes: Attributes;
  /** Hit points = HT (L464). */
  hitPoints: number;
  points: { attributes: number; race: number; advantages: number; skills: number; total: number };
  advantages: { id: AdvantageId; level: number; cost: number; free: boolean }[];
  speed: Target;
  encumbrance: {
    level: EncumbranceLevel;
    id: EncumbranceDef["id"];
    load: number;
    limits: number[];
    fatiguePerTurn: number;
  };
  move: Target;
  dodge: Target;
  skills: Partial<Record<SkillId, DerivedSkill>>;
  parry: Partial<Record<SkillId, DerivedParry>>;
  /** Untrained bare hands (L1932-1936). */
  bareHandsParry: { vsUnarmed: number; vsWeapon: number };
  /** Null without a shield. */
  block: Target | null;
  pd: Target;
  pdVsImpaling: Target;
  dr: Target;
  drVsImpaling: Target;
  /**
   * PD and DR on every location of the human hit-location table (§8). With pieces, `pd`, `dr`
   * and their impaling values above are the torso's, "used against all attacks" without the
   * hit location rules (L4812), and the PD of a location rolled after the hit (spec A9).
   */
  locations: Record<HitLocation, DerivedLocation>;
  /** Body DR: Toughness bought plus natural DR (L622, L1490, L1544). */
  toughness: number;
  specials: RaceSpecial[];
}

const CHARACTER_KEYS = [
  "attributes",
  "attributeBasis",
  "race",
  "advantages",
  "skills",
  "crossDefaults",
  "load",
  "overload",
  "armour",
  "armourPieces",
  "shield",
  "otherPd",
  "otherDr",
  "crossbowFitted",
  "condition",
];

function readAdvantages(value: unknown, race: RaceId): DerivedCharacter["advantages"] {
  const free = raceDef(race).freeAdvantages;
  const out: DerivedCharacter["advantages"] = [];
  const obj = value === undefined ? {} : readObject(value, "advantages");
  checkKeys(obj, "advantages", ADVANTAGE_IDS);
  for (const id of ADVANTAGE_IDS) {
    const raw = obj[id];
    const isFree = free.includes(id);
    if (raw === undefined || raw === false || raw === 0) {
      if (isFree) out.push({ id, level: 1, cost: 0, free: true });
      continue;
    }
    const level = raw === true ? 1 : readNumber(raw, `advantages.${id}`, { integer: true });
    const cost = advantageCost(id, level);
    out.push({ id, level, cost: isFree ? 0 : cost, free: isFree });
  }
  return out;
}

function pdDrInput(value: number | undefined, field: string): number {
  return value === undefined ? 0 : readNumber(value, field, { integer: true, min: 0, max: 100 });
}

function telescoped(
  baseKey: string,
  level: number,
  mods: readonly Modifier[],
  score: (skill: number) => number,
): Target {
  const base = score(level);
  let cum = level;
  const out: Modifier[] = [];
  for (const m of mods) {
    const before = score(cum);
    cum += m.value;
    out.push({ ...m, value: score(cum) - before });
  }
  return buildTarget(baseKey, base, out);
}

/**
 * A whole character sheet (spec §2): final attributes, point total, Basic Speed, encumbrance,
 * Move, Dodge, skill levels with their standing modifiers, Parry per parrying skill, Block, PD
 * and DR, each with the modifiers that made it.
 *
 * Standing skill modifiers: a large shield −2 to weapon skills, which lowers Parry with them
 * (L1098: one effect, not two; spec §18.2 #11); a full-head helmet −1 to combat skills, Parry
 * and Block recomputed (L1140, L1160, L4808; spec A18); ill-fitting plate −1 (L1213); a
 * Dwarf's −2 with missile weapons (L1474); a Reptile Man's −4 with a crossbow not built for
 * him (L1544).
 */
export function deriveCharacter(input: CharacterInput): DerivedCharacter {
  const obj = readObject(input, "character");
  checkKeys(obj, "", CHARACTER_KEYS);
  const race = input.race === undefined ? "human" : readEnum(input.race, "race", RACE_IDS);
  const r = raceDef(race);
  const basis =
    input.attributeBasis === undefined
      ? "bought"
      : readEnum(input.attributeBasis, "attributeBasis", ["bought", "final"] as const);
  const bought =
    basis === "bought"
      ? finalAttributes(input.attributes, "human")
      : boughtAttributes(input.attributes, race);
  const attrs = finalAttributes(bought, race);

  const advantages = readAdvantages(input.advantages, race);
  const has = (id: AdvantageId) => advantages.find((a) => a.id === id);
  const toughnessBought = has("toughness")?.level ?? 0;
  const toughness = toughnessBought + r.naturalDr;

  // Skills: two passes, so that cross-defaults use levels bought from the attribute only.
  const crossDefaults =
    input.crossDefaults === undefined ? false : readBoolean(input.crossDefaults, "crossDefaults");
  const skillsIn = input.skills === undefined ? {} : readObject(input.skills, "skills");
  checkKeys(skillsIn, "skills", SKILL_IDS);
  const listed = SKILL_IDS.filter((id) => skillsIn[id] !== undefined);
  const baseOf = (id: SkillId) => (skillDef(id).attribute === "HT" ? attrs.ht : attrs.dx);
  const inputs = new Map<SkillId, SkillInput>();
  for (const id of listed) {
    const si = readObject(skillsIn[id], `skills.${id}`);
    checkKeys(si, `skills.${id}`, ["points", "level"]);
    if (si.points === undefined && si.level === undefined)
      throw new InputError(`skills.${id}`, si, "expected points or level");
    inputs.set(id, si as SkillInput);
  }
  const levelFor = (id: SkillId, dflt: number | null): { level: number; points: number } => {
    const si = inputs.get(id)!;
    const difficulty = raceSkillDifficulty(id, race);
    const base = baseOf(id);
    const field = `skills.${id}`;
    if (si.level !== undefined) {
      const level = readNumber(si.level, `${field}.level`, { integer: true, min: -50, max: 100 });
      if (dflt !== null && level < dflt)
        throw new InputError(`${field}.level`, level, `is below the default level ${dflt}`);
      const points = skillPointsFor(base, difficulty, level, { defaultLevel: dflt });
      if (
        si.points !== undefined &&
        readNumber(si.points, `${field}.points`, { min: 0 }) !== points
      ) {
        throw new InputError(`${field}.points`, si.points, `level ${level} costs ${points} points`);
      }
      return { level, points };
    }
    const points = readNumber(si.points, `${field}.points`, { min: 0, max: 1000 });
    const level = skillLevel(base, difficulty, points, { defaultLevel: dflt });
    if (level === null)
      throw new InputError(
        `${field}.points`,
        points,
        "buy nothing, and the skill cannot be used by default (L714)",
      );
    return { level, points };
  };
  const attrDefault = (id: SkillId) =>
    skillDefault(id, attrs, { difficulty: raceSkillDifficulty(id, race) });
  // Levels bought on the attribute alone, for cross-defaults (which do not chain).
  const known: Partial<Record<SkillId, number>> = {};
  for (const id of listed) {
    const si = inputs.get(id)!;
    const dflt = attrDefault(id)?.level ?? null;
    if (si.level === undefined) {
      const first = levelFor(id, dflt);
      if (first.points > 0) known[id] = first.level;
    } else {
      const level = readNumber(si.level, `skills.${id}.level`, {
        integer: true,
        min: -50,
        max: 100,
      });
      if (level >= baseOf(id) - 1 && (dflt === null || level > dflt)) known[id] = level;
    }
  }

  const shield = input.shield === undefined || input.shield === null ? null : input.shield;
  if (shield !== null) {
    checkKeys(readObject(shield, "shield"), "shield", ["pd", "size"]);
    readEnum(shield.size, "shield.size", SHIELD_SIZES);
  }
  const armourIn = input.armour;
  if (armourIn !== undefined)
    checkKeys(readObject(armourIn, "armour"), "armour", [
      "pd",
      "dr",
      "pdVsImpaling",
      "drVsImpaling",
      "fullHelm",
      "illFitting",
    ]);
  const pieces =
    input.armourPieces === undefined ? null : readArmourPieces(input.armourPieces, "armourPieces");
  if (pieces !== null && armourIn !== undefined)
    throw new InputError(
      "armourPieces",
      input.armourPieces,
      "a Basic suit (armour) or pieces (armourPieces), not both (L2619-2625)",
    );
  const fullHelm =
    (armourIn?.fullHelm === undefined
      ? false
      : readBoolean(armourIn.fullHelm, "armour.fullHelm")) ||
    (pieces !== null && wearsFullHelm(pieces));
  const illFitting =
    (armourIn?.illFitting === undefined
      ? false
      : readBoolean(armourIn.illFitting, "armour.illFitting")) ||
    (pieces !== null && wearsIllFitting(pieces));
  const crossbowFitted =
    input.crossbowFitted === undefined
      ? false
      : readBoolean(input.crossbowFitted, "crossbowFitted");

  /** Standing modifiers to a skill (see the function comment). */
  const standing = (id: SkillId): Modifier[] => {
    const kind = skillDef(id).kind;
    const mods: Modifier[] = [];
    if (shield?.size === "large" && (kind === "melee" || kind === "missile" || kind === "thrown"))
      mods.push({ key: "largeShield", value: -2, source: src("L1098, L4590", "§2.6") });
    if (fullHelm && id !== "running")
      mods.push({
        key: "fullHelm",
        value: -1,
        source: src("L1140, L1160, L4614, L4808", "§2.6 A18"),
      });
    if (illFitting && id !== "running")
      mods.push({ key: "illFittingPlate", value: -1, source: src("L1213", "§2.6") });
    if (kind === "missile" && r.missileSkillMod !== 0)
      mods.push({ key: `race.${race}`, value: r.missileSkillMod, source: src("L1474", "§2.5") });
    if (id === "crossbow" && r.crossbowSkillMod !== 0 && !crossbowFitted)
      mods.push({ key: `race.${race}`, value: r.crossbowSkillMod, source: src("L1544", "§2.5") });
    return mods;
  };

  const skills: Partial<Record<SkillId, DerivedSkill>> = {};
  for (const id of listed) {
    const s = skillDef(id);
    const difficulty = raceSkillDifficulty(id, race);
    const d = skillDefault(id, attrs, { difficulty, known, crossDefaults });
    const { level, points } = levelFor(id, d?.level ?? null);
    skills[id] = {
      id,
      name: s.name,
      difficulty,
      points,
      level,
      from: points > 0 || d === null ? "points" : d.from,
      effective: buildTarget("skill", level, standing(id)),
    };
  }

  const speed = speedTarget(attrs.ht, attrs.dx, { running: skills.running?.level ?? null, race });
  const load = input.load === undefined ? 0 : readNumber(input.load, "load", { min: 0 });
  const encOpts: EncumbranceOptions = { race };
  if (input.overload !== undefined) encOpts.overload = readBoolean(input.overload, "overload");
  const encLevel = encumbranceLevel(load, attrs.st, encOpts);
  const cond = input.condition === undefined ? {} : readObject(input.condition, "condition");
  checkKeys(cond, "condition", [
    "hp",
    "fatiguedSt",
    "conscious",
    "legsUsable",
    "crippledFootBraced",
  ]);
  const moveT = moveTarget({
    ...(cond as ConditionInput),
    speed: speed.value,
    encumbrance: encLevel,
  });
  const dodgeT: Target = {
    ...moveT,
    baseKey: "speed",
    modifiers: moveT.modifiers.map((m) => ({ ...m })),
  };

  const parry: Partial<Record<SkillId, DerivedParry>> = {};
  for (const id of listed) {
    const sk = skills[id]!;
    let kind = skillDef(id).parry;
    if (
      kind === "fencing" &&
      (encLevel > 1 || shield?.size === "medium" || shield?.size === "large")
    )
      kind = "weapon"; // L1774-1782: fencing parry needs ≤ small shield and ≤ Light encumbrance
    if ((kind === "judo" || kind === "karate") && encLevel > 1) kind = null; // L1890-1902
    if (kind === null) continue;
    const k = kind;
    const target = telescoped("parry", sk.level, sk.effective.modifiers, (v) => parryScore(v, k));
    parry[id] = {
      skill: id,
      kind: k,
      target,
      value: target.value,
      onlyVsUnarmed: k === "brawling",
    };
  }

  let block: Target | null = null;
  const shieldSkill = skills.shield;
  if (shield !== null) {
    // Without points in Shield, the default (DX−4) blocks: Shield is not asterisked (L4455).
    const level = shieldSkill?.level ?? skillDefault("shield", attrs)!.level;
    block = telescoped("block", level, standing("shield"), blockScore);
  }

  const armourPd = pdDrInput(armourIn?.pd, "armour.pd");
  const armourDr = pdDrInput(armourIn?.dr, "armour.dr");
  const shieldPd = shield === null ? 0 : pdDrInput(shield.pd, "shield.pd");
  const otherPd = pdDrInput(input.otherPd, "otherPd");
  const otherDr = pdDrInput(input.otherDr, "otherDr");
  const pdOf = (armour: number) =>
    buildTarget("pd", 0, [
      { key: "armour", value: armour, source: src("L1299, L1112", "§2.3") },
      { key: "shield", value: shieldPd, source: src("L1057, L1065, L1299", "§2.3") },
      { key: "other", value: otherPd, source: src("L1299", "§2.3") },
    ]);
  const drOf = (armour: number) =>
    buildTarget("dr", 0, [
      { key: "armour", value: armour, source: src("L1114, L1313", "§2.3") },
      { key: "toughness", value: toughnessBought, source: src("L618-626, L1313", "§2.4") },
      { key: `race.${race}`, value: r.naturalDr, source: src(r.lines, "§2.5") },
      { key: "other", value: otherDr, source: src("L1313", "§2.3") },
    ]);
  const pdImp =
    armourIn?.pdVsImpaling === undefined
      ? armourPd
      : pdDrInput(armourIn.pdVsImpaling, "armour.pdVsImpaling");
  const drImp =
    armourIn?.drVsImpaling === undefined
      ? armourDr
      : pdDrInput(armourIn.drVsImpaling, "armour.drVsImpaling");

  // Per location (§8): the suit on every part but the face (L2625, L2458), or the pieces.
  const locations = derivedLocations(
    pieces !== null
      ? wornArmour(pieces)
      : suitArmour(
          armourIn === undefined
            ? null
            : { pd: armourPd, dr: armourDr, pdVsImpaling: pdImp, drVsImpaling: drImp },
        ),
    {
      shieldPd,
      otherPd,
      otherDr,
      toughness: toughnessBought,
      race: { key: `race.${race}`, value: r.naturalDr, source: src(r.lines, "§2.5") },
    },
  );
  const torso = locations.torso;
  const copyTarget = (t: Target): Target => ({
    ...t,
    modifiers: t.modifiers.map((m) => ({ ...m })),
  });

  let attributePoints = 0;
  for (const a of ATTRIBUTES) attributePoints += attributeCost(bought[a]);
  const advantagePoints = advantages.reduce((t, a) => t + a.cost, 0);
  const skillPoints = listed.reduce((t, id) => t + skills[id]!.points, 0);
  const e = ENCUMBRANCE_LEVELS[encLevel]!;

  return {
    race,
    bought,
    attributes: attrs,
    hitPoints: attrs.ht,
    points: {
      attributes: attributePoints,
      race: r.cost,
      advantages: advantagePoints,
      skills: skillPoints,
      total: attributePoints + r.cost + advantagePoints + skillPoints,
    },
    advantages,
    speed,
    encumbrance: {
      level: encLevel,
      id: e.id,
      load,
      limits: encumbranceLimits(attrs.st, encOpts),
      fatiguePerTurn: e.fatiguePerTurn,
    },
    move: moveT,
    dodge: dodgeT,
    skills,
    parry,
    bareHandsParry: {
      vsUnarmed: parryScore(attrs.dx, "bare-hands"),
      vsWeapon: parryScore(attrs.dx, "bare-hands-vs-weapon"),
    },
    block,
    pd: pieces === null ? pdOf(armourPd) : copyTarget(torso.pd),
    pdVsImpaling: pieces === null ? pdOf(pdImp) : copyTarget(torso.pdVsImpaling),
    dr: pieces === null ? drOf(armourDr) : copyTarget(torso.dr),
    drVsImpaling: pieces === null ? drOf(drImp) : copyTarget(torso.drVsImpaling),
    locations,
    toughness,
    specials: [...r.specials],
  };
}
