/**
 * GURPS Man to Man skills (spec §2.6; seed 004 L569-602, L632-714, L744-750, chart L4443-4497).
 * "Lnnn" is a line of seed 004, "§n" a section of `../shared/rules/m2m-spec.md`.
 *
 * Skill levels are bought relative to the controlling attribute (DX; HT for Running, L744):
 * the cost table below gives the points for each relative level. A skill that is not bought
 * is used at its default (DX−4 / −5 / −6 by difficulty, L700), or not at all for the skills the
 * chart marks with an asterisk (L714, L4451). Cross-defaults between weapons are an optional
 * rule (L702-710).
 */
import { deepFreeze, ownValue } from "../../core/data";
import { InputError, readNumber } from "../../core/errors";

export const DIFFICULTIES = ["easy", "average", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/**
 * Points for a skill level relative to its attribute, −1 … +5 (spec §2.6 JSON; L654-664,
 * chart L4484-4497). Each level beyond +5 costs 8 more, whatever the difficulty (L664, L4497).
 */
export const SKILL_COST: Readonly<Record<Difficulty, Readonly<Record<number, number>>>> =
  deepFreeze({
    easy: { [-1]: 0.5, 0: 1, 1: 2, 2: 4, 3: 8, 4: 16, 5: 24 },
    average: { [-1]: 1, 0: 2, 1: 4, 2: 8, 3: 16, 4: 24, 5: 32 },
    hard: { [-1]: 2, 0: 4, 1: 8, 2: 16, 3: 24, 4: 32, 5: 40 },
  });
/** Points per level beyond attribute+5 (L664). */
export const COST_PER_LEVEL_BEYOND_5 = 8;
/** The lowest level that can be bought: attribute −1 (L654-656; spec §2.6). */
export const LOWEST_BOUGHT_LEVEL = -1;

/** Default offset from DX by difficulty (L700; chart headings L4453, L4462, L4472). */
export const DEFAULT_OFFSET: Readonly<Record<Difficulty, number>> = deepFreeze({
  easy: -4,
  average: -5,
  hard: -6,
});

export const SKILL_IDS = [
  "shield",
  "knife",
  "crossbow",
  "fast-draw-knife",
  "fast-draw-sword",
  "fast-draw-two-handed-sword",
  "fast-draw-arrow",
  "brawling",
  "knife-throwing",
  "axe-throwing",
  "spear-throwing",
  "shortsword",
  "fencing",
  "broadsword",
  "two-handed-sword",
  "axe-mace",
  "two-handed-axe-mace",
  "staff",
  "spear",
  "polearm",
  "flail",
  "bow",
  "sling",
  "judo",
  "karate",
  "running",
  "throwing",
] as const;
export type SkillId = (typeof SKILL_IDS)[number];

/**
 * What a skill is used for, which decides the modifiers that reach it:
 * `melee`, `missile` (Bow, Crossbow, Sling) and `thrown` are the weapon skills (a large shield's
 * −2, L1098; a Dwarf's −2 is for `missile` only, L1474); `shield` blocks and bashes; `unarmed`
 * and `other` are the book's "non-weapon combat skills" (L668-714).
 */
export const SKILL_KINDS = ["melee", "missile", "thrown", "shield", "unarmed", "other"] as const;
export type SkillKind = (typeof SKILL_KINDS)[number];

/** How a skill parries (§2.3, §6.3): ½ skill, or ⅔ for fencing, brawling, judo and karate. */
export const PARRY_KINDS = [
  "weapon",
  "fencing",
  "brawling",
  "judo",
  "karate",
  "bare-hands",
  "bare-hands-vs-weapon",
] as const;
export type ParryKind = (typeof PARRY_KINDS)[number];

export interface SkillDef {
  readonly id: SkillId;
  /** The name as the book and the spec's weapon tables print it (§3.1, §3.2 `skill`). */
  readonly name: string;
  readonly attribute: "DX" | "HT";
  readonly difficulty: Difficulty;
  /** False for the asterisked skills that cannot be used by default (L714, L4451-4470). */
  readonly hasDefault: boolean;
  /** Optional cross-defaults (L702-710; chart L4474-4481): skill − 2. */
  readonly crossDefaults: readonly { readonly skill: SkillId; readonly mod: number }[];
  readonly kind: SkillKind;
  /** How it parries, or null if it cannot parry (missile and thrown weapons, L1307, L2390). */
  readonly parry: ParryKind | null;
  readonly lines: string;
}

const def = (
  id: SkillId,
  name: string,
  difficulty: Difficulty,
  kind: SkillKind,
  lines: string,
  extra: Partial<Pick<SkillDef, "attribute" | "hasDefault" | "crossDefaults" | "parry">> = {},
): SkillDef => ({
  id,
  name,
  attribute: extra.attribute ?? "DX",
  difficulty,
  hasDefault: extra.hasDefault ?? true,
  crossDefaults: extra.crossDefaults ?? [],
  kind,
  parry: extra.parry !== undefined ? extra.parry : kind === "melee" ? "weapon" : null,
  lines,
});

/** Fast-Draw is learned per type: Knife, Sword, Two-Handed Sword, Arrow (L682-686). */
const fastDraw = <T extends string>(type: T, name: string, more = "") => {
  const id = `fast-draw-${type}` as SkillId;
  const lines = `L578, L680-688${more}, L4458`;
  const skill = def(id, `Fast-Draw (${name})`, "easy", "other", lines, { hasDefault: false });
  return { [id]: skill } as Record<`fast-draw-${T}`, SkillDef>;
};

/**
 * The skill list (spec §2.6 table; L573-602; chart L4453-4482). Fast-Draw and Thrown Weapon
 * are learned per type (L580, L682-686), so each type is its own skill. Sling has no default
 * (spec C10: "no default" at L4389 wins over the unasterisked list entry L4466).
 */
export const SKILLS: Readonly<Record<SkillId, SkillDef>> = deepFreeze({
  shield: def("shield", "Shield", "easy", "shield", "L575, L1063-1065, L4455"),
  knife: def("knife", "Knife", "easy", "melee", "L576, L4456"),
  crossbow: def("crossbow", "Crossbow", "easy", "missile", "L577, L4457"),
  ...fastDraw("knife", "Knife"),
  ...fastDraw("sword", "Sword"),
  ...fastDraw("two-handed-sword", "Two-Handed Sword"),
  ...fastDraw("arrow", "Arrow", ", L2863-2867"),
  brawling: def("brawling", "Brawling", "easy", "unarmed", "L579, L676, L1888, L4459", {
    hasDefault: false,
    parry: "brawling",
  }),
  "knife-throwing": def(
    "knife-throwing",
    "Knife Throwing",
    "easy",
    "thrown",
    "L580, L1854, L4392-4395, L4460",
  ),
  "axe-throwing": def(
    "axe-throwing",
    "Axe Throwing",
    "easy",
    "thrown",
    "L580, L1854, L4396-4398, L4460",
  ),
  "spear-throwing": def(
    "spear-throwing",
    "Spear Throwing",
    "easy",
    "thrown",
    "L580, L1854, L4399-4401, L4460",
  ),
  shortsword: def("shortsword", "Shortsword", "average", "melee", "L584, L706, L4474", {
    crossDefaults: [{ skill: "broadsword", mod: -2 }],
  }),
  fencing: def("fencing", "Fencing", "average", "melee", "L585, L1774-1782, L4475", {
    parry: "fencing",
  }),
  broadsword: def("broadsword", "Broadsword", "average", "melee", "L586, L706, L4476", {
    crossDefaults: [{ skill: "shortsword", mod: -2 }],
  }),
  "two-handed-sword": def(
    "two-handed-sword",
    "Two-Handed Sword",
    "average",
    "melee",
    "L587, L4477",
  ),
  "axe-mace": def("axe-mace", "Axe/Mace", "average", "melee", "L588, L4478"),
  "two-handed-axe-mace": def(
    "two-handed-axe-mace",
    "Two-Handed Axe/Mace",
    "average",
    "melee",
    "L589, L4479",
  ),
  staff: def("staff", "Staff", "average", "melee", "L590, L4480", {
    crossDefaults: [{ skill: "spear", mod: -2 }],
  }),
  spear: def("spear", "Spear", "average", "melee", "L591, L4481", {
    crossDefaults: [{ skill: "staff", mod: -2 }],
  }),
  polearm: def("polearm", "Polearm", "average", "melee", "L592, L4482"),
  flail: def("flail", "Flail", "hard", "melee", "L596, L4464"),
  bow: def("bow", "Bow", "hard", "missile", "L597, L4465"),
  sling: def("sling", "Sling", "hard", "missile", "L598, L4389, L4466; spec C10", {
    hasDefault: false,
  }),
  judo: def("judo", "Judo", "hard", "unarmed", "L599, L1890-1898, L4467", {
    hasDefault: false,
    parry: "judo",
  }),
  karate: def("karate", "Karate", "hard", "unarmed", "L600, L1900-1904, L4468", {
    hasDefault: false,
    parry: "karate",
  }),
  running: def("running", "Running", "hard", "other", "L601, L690-692, L744-746, L4469", {
    attribute: "HT",
    hasDefault: false,
  }),
  throwing: def("throwing", "Throwing", "hard", "other", "L602, L748-750, L1856, L4470", {
    hasDefault: false,
  }),
});

/** Other names the book and spec use for a skill (sheets, scenarios, the §2.6 table). */
const ALIASES: Readonly<Record<string, SkillId>> = deepFreeze({
  "short sword": "shortsword",
  axe: "axe-mace",
  "thrown weapon (knife)": "knife-throwing",
  "thrown wpn (knife)": "knife-throwing",
  "thrown knife": "knife-throwing",
  "thrown weapon (axe)": "axe-throwing",
  "thrown weapon (spear)": "spear-throwing",
  "2-handed sword": "two-handed-sword",
});

/** A copy of one skill's definition. */
export function skillDef(id: SkillId): SkillDef {
  const s = ownValue<SkillDef>(SKILLS, id);
  if (!s)
    throw new InputError("skill", id, `unknown skill (expected one of ${SKILL_IDS.join(", ")})`);
  return { ...s, crossDefaults: s.crossDefaults.map((c) => ({ ...c })) };
}

/** The id of a skill named as the book or the spec's weapon tables name it (case-insensitive). */
export function skillIdOf(name: string): SkillId {
  const n = name.trim().toLowerCase();
  if ((SKILL_IDS as readonly string[]).includes(n)) return n as SkillId;
  const byName = SKILL_IDS.find((id) => SKILLS[id].name.toLowerCase() === n);
  const found = byName ?? ownValue(ALIASES, n);
  if (!found) throw new InputError("skill", name, "unknown skill name");
  return found;
}

function readDifficulty(value: unknown, field = "difficulty"): Difficulty {
  if (typeof value !== "string" || !(DIFFICULTIES as readonly string[]).includes(value))
    throw new InputError(field, value, `expected one of ${DIFFICULTIES.join(", ")}`);
  return value as Difficulty;
}

function readLevel(value: unknown, field: string): number {
  return readNumber(value, field, { integer: true, min: -50, max: 100 });
}

/**
 * Points for a level `relative` to the controlling attribute (L654-664): the table for −1…+5,
 * then +8 per level (L664). Levels below −1 cannot be bought (spec §2.6).
 */
export function skillCost(difficulty: Difficulty, relative: number): number {
  readDifficulty(difficulty);
  readNumber(relative, "relative", { integer: true, min: LOWEST_BOUGHT_LEVEL, max: 200 });
  if (relative <= 5) return SKILL_COST[difficulty][relative]!;
  return SKILL_COST[difficulty][5]! + COST_PER_LEVEL_BEYOND_5 * (relative - 5);
}

/** Table credit of a default that already reaches attribute−1 or better (L708). */
function defaultCredit(base: number, difficulty: Difficulty, defaultLevel: number | null): number {
  if (defaultLevel === null) return 0;
  const rel = defaultLevel - base;
  return rel >= LOWEST_BOUGHT_LEVEL ? skillCost(difficulty, rel) : 0;
}

export interface SkillLevelOptions {
  /**
   * The level the skill has anyway (its default, or a cross-default). Points bought on top of a
   * default at attribute−1 or better only pay the difference (L708, spec §2.6), and the result is
   * never below it.
   */
  defaultLevel?: number | null;
}

/**
 * Skill level bought with `points` on an attribute of `base` (L646-666, L744): the highest
 * level whose table cost (less any default credit) the points pay for. Null when the points buy
 * nothing and there is no default level. Points that fall between two table costs buy the lower
 * level.
 */
export function skillLevel(
  base: number,
  difficulty: Difficulty,
  points: number,
  opts: SkillLevelOptions = {},
): number | null {
  readLevel(base, "base");
  readDifficulty(difficulty);
  readNumber(points, "points", { min: 0, max: 1000 });
  if (!Number.isInteger(points * 2))
    throw new InputError("points", points, "expected a multiple of 0.5");
  const dflt = opts.defaultLevel ?? null;
  if (dflt !== null) readLevel(dflt, "defaultLevel");
  const budget = points + defaultCredit(base, difficulty, dflt);
  let bought: number | null = null;
  for (let rel = LOWEST_BOUGHT_LEVEL; skillCost(difficulty, rel) <= budget; rel++)
    bought = base + rel;
  if (bought === null) return dflt;
  return dflt === null ? bought : Math.max(bought, dflt);
}

/**
 * Points needed to have a skill at `level` (L654-666): the table cost of its relative level,
 * less the credit of a default at attribute−1 or better (L708). 0 at or below the default.
 * Throws for a level that can be neither bought nor defaulted (below attribute−1 and above the
 * default).
 */
export function skillPointsFor(
  base: number,
  difficulty: Difficulty,
  level: number,
  opts: SkillLevelOptions = {},
): number {
  readLevel(base, "base");
  readDifficulty(difficulty);
  readLevel(level, "level");
  const dflt = opts.defaultLevel ?? null;
  if (dflt !== null && level <= readLevel(dflt, "defaultLevel")) return 0;
  const rel = level - base;
  if (rel < LOWEST_BOUGHT_LEVEL) {
    throw new InputError(
      "level",
      level,
      `cannot be bought below attribute−1 (${base - 1})` +
        (dflt === null ? " and the skill has no default" : ` and is above the default (${dflt})`),
    );
  }
  return skillCost(difficulty, rel) - defaultCredit(base, difficulty, dflt);
}

/**
 * Experience: improving a skill costs the difference between the table costs of the two
 * levels (L1446; spec §2.7). Example: Average DX+3 → DX+4 costs 24 − 16 = 8.
 */
export function skillImprovementCost(
  base: number,
  difficulty: Difficulty,
  from: number,
  to: number,
  opts: SkillLevelOptions = {},
): number {
  readLevel(to, "to");
  if (to < readLevel(from, "from")) throw new InputError("to", to, `must be at least ${from}`);
  return skillPointsFor(base, difficulty, to, opts) - skillPointsFor(base, difficulty, from, opts);
}

export interface DefaultOptions {
  /** A race may make a skill Easy (Halflings, L1538); this changes the DX default. */
  difficulty?: Difficulty;
  /** Known skill levels, for cross-defaults. */
  known?: Readonly<Partial<Record<SkillId, number>>>;
  /** The optional cross-default rule (L702-710); off unless asked for. */
  crossDefaults?: boolean;
}

export interface SkillDefault {
  level: number;
  /** `"DX"` / `"HT"` for the attribute default, or the skill it defaults to. */
  from: "DX" | "HT" | SkillId;
}

/**
 * A skill's default (L694-714): DX−4 / −5 / −6 by difficulty (L700), or, with the optional
 * rule, another skill −2 when that is better (L706). Null for the skills that cannot be used
 * by default (L714). Cross-defaults do not chain: `known` should hold bought levels.
 */
export function skillDefault(
  id: SkillId,
  attributes: { dx: number; ht?: number },
  opts: DefaultOptions = {},
): SkillDefault | null {
  const s = skillDef(id);
  if (!s.hasDefault) return null;
  const difficulty = opts.difficulty === undefined ? s.difficulty : readDifficulty(opts.difficulty);
  const base = readLevel(
    s.attribute === "HT" ? attributes.ht : attributes.dx,
    s.attribute.toLowerCase(),
  );
  let best: SkillDefault = { level: base + DEFAULT_OFFSET[difficulty], from: s.attribute };
  if (opts.crossDefaults) {
    for (const c of s.crossDefaults) {
      const known = opts.known?.[c.skill];
      if (known === undefined) continue;
      const level = readLevel(known, `known.${c.skill}`) + c.mod;
      if (level > best.level) best = { level, from: c.skill };
    }
  }
  return best;
}

/**
 * Random characters (L1394): a chosen weapon skill (or Shield) is DX + 1d6.
 */
export function randomSkillLevel(dx: number, d6: number): number {
  return readLevel(dx, "dx") + readNumber(d6, "d6", { integer: true, min: 1, max: 6 });
}

/** Skill level descriptions (L754-763), flavour for a sheet. */
export const SKILL_LEVEL_MEANINGS: readonly { readonly level: number; readonly meaning: string }[] =
  deepFreeze([
    { level: 3, meaning: "Astoundingly inept" },
    { level: 6, meaning: "Clumsy" },
    { level: 9, meaning: "Unskilled" },
    { level: 12, meaning: "Novice" },
    { level: 15, meaning: "Trained" },
    { level: 18, meaning: "Veteran" },
    { level: 20, meaning: "Expert" },
    { level: 25, meaning: "Master" },
  ]);
