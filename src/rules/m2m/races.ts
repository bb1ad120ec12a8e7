/**
 * Nonhuman races of GURPS Man to Man (spec §2.5; seed 004 L1452-1552). "Lnnn" is a line of
 * seed 004, "§n" a section of `../shared/rules/m2m-spec.md`.
 *
 * Racial attribute modifiers change the final score, not its cost (L1458): a Dwarf who pays 0
 * for ST has ST 12. No final score may be below 7 (L1460), and the bought score is on the
 * attribute table, so it is at least 7 too.
 */
import { InputError, readEnum, readNumber } from "../../core/errors";
import type { AdvantageId } from "./character";
import { deepFreeze } from "../../core/data";
import { skillDef, type Difficulty, type SkillId } from "./skills";

export const ATTRIBUTES = ["st", "dx", "iq", "ht"] as const;
export type Attribute = (typeof ATTRIBUTES)[number];
export type Attributes = Record<Attribute, number>;

/** The lowest attribute score (L468, L1386, L1460). */
export const MIN_ATTRIBUTE = 7;

export const RACE_IDS = [
  "human",
  "elf",
  "dwarf",
  "orc",
  "half-orc",
  "kobold",
  "hobgoblin",
  "skeleton",
  "zombie",
  "mummy",
  "ghoul",
  "gnome",
  "halfling",
  "reptile-man",
  "goblin",
] as const;
export type RaceId = (typeof RACE_IDS)[number];

/** Special abilities the other rules modules read (damage, stun, close combat). */
export const RACE_SPECIALS = [
  /** Impaling attacks do −2 damage and get no wound bonus (Skeleton, L1518). */
  "impaling-minus-2-no-bonus",
  /** Crushing damage that penetrates armour is doubled (Skeleton, L1518). */
  "crushing-doubled",
  "cannot-be-stunned",
  /** Goes up in flames if ignited (Mummy, L1522). */
  "flammable",
  /** Clawed hands act as daggers in close combat (Reptile Man, L1544). */
  "claws-as-daggers",
  /** The kick is an impaling attack (Reptile Man, L1544). */
  "impaling-kick",
  /** May bite in close combat for thrust/cutting damage (Reptile Man, L1544). */
  "bite-thrust-cutting",
] as const;
export type RaceSpecial = (typeof RACE_SPECIALS)[number];

export interface RaceDef {
  readonly id: RaceId;
  readonly name: string;
  /** Character points to be of this race (L1470, L1494, L1500, L1532, L1546). */
  readonly cost: number;
  /** Added to the bought scores (L1458). */
  readonly attributes: Readonly<Attributes>;
  /** Added to Basic Speed (Dwarf, Gnome: −1, L1492, L1528). */
  readonly speed: number;
  /** Natural DR, on top of any Toughness bought (L1490, L1528, L1544). */
  readonly naturalDr: number;
  /** Extra-heavy encumbrance reaches this × ST (30 for Dwarves and Gnomes, L1474, L1528). */
  readonly extraHeavyMultiple: 20 | 30;
  /** Skill modifier with any missile weapon (Bow, Crossbow, Sling): Dwarf −2 (L1474). */
  readonly missileSkillMod: number;
  /** Modifier with a crossbow not built for the race: Reptile Man −4 (L1544). */
  readonly crossbowSkillMod: number;
  /** Advantages the race has at no cost (Elf L1468, Reptile Man L1544). */
  readonly freeAdvantages: readonly AdvantageId[];
  /** Skills that are Easy for this race (Halfling: Throwing, Bow, Sling, L1538). */
  readonly easySkills: readonly SkillId[];
  readonly specials: readonly RaceSpecial[];
  /** Advice, not a rule: "should not be built on more than 40 points" (L1504, L1508). */
  readonly suggestedMaxPoints: number | null;
  /** Non-combat notes (height and weight). */
  readonly notes: string;
  readonly lines: string;
}

const mods = (st = 0, dx = 0, iq = 0, ht = 0): Attributes => ({ st, dx, iq, ht });

function race(
  id: RaceId,
  name: string,
  cost: number,
  attributes: Attributes,
  lines: string,
  extra: Partial<Omit<RaceDef, "id" | "name" | "cost" | "attributes" | "lines">> = {},
): RaceDef {
  return {
    id,
    name,
    cost,
    attributes,
    speed: 0,
    naturalDr: 0,
    extraHeavyMultiple: 20,
    missileSkillMod: 0,
    crossbowSkillMod: 0,
    freeAdvantages: [],
    easySkills: [],
    specials: [],
    suggestedMaxPoints: null,
    notes: "",
    lines,
    ...extra,
  };
}

/** The race table (spec §2.5; L1464-1552). */
export const RACES: Readonly<Record<RaceId, RaceDef>> = deepFreeze({
  human: race("human", "Human", 0, mods(), "L372-1450"),
  elf: race("elf", "Elf", 30, mods(-1, 1, 1, 0), "L1464-1470", {
    freeAdvantages: ["combat-reflexes"],
    notes: "weighs 15 lb less than human average",
  }),
  dwarf: race("dwarf", "Dwarf", 30, mods(2), "L1472-1476, L1490-1494", {
    speed: -1,
    naturalDr: 1,
    extraHeavyMultiple: 30,
    missileSkillMod: -2,
    notes: "1½ ft shorter than human average for his ST, 100 lb heavier than a human of his height",
  }),
  orc: race("orc", "Orc", 0, mods(0, 0, -2, 1), "L1502-1504", { suggestedMaxPoints: 40 }),
  "half-orc": race("half-orc", "Half-orc", 0, mods(0, 0, -1, 1), "L1504"),
  kobold: race("kobold", "Kobold", 0, mods(-2, 1, -2, 0), "L1506-1508", {
    suggestedMaxPoints: 40,
  }),
  hobgoblin: race("hobgoblin", "Hobgoblin", 0, mods(1, 1, -2, 0), "L1510-1512"),
  skeleton: race("skeleton", "Skeleton", 0, mods(0, 0, -2, 0), "L1518", {
    specials: ["impaling-minus-2-no-bonus", "crushing-doubled", "cannot-be-stunned"],
  }),
  zombie: race("zombie", "Zombie", 0, mods(1, 0, -2, 5), "L1520", {
    specials: ["cannot-be-stunned"],
  }),
  mummy: race("mummy", "Mummy", 0, mods(1, 0, 0, 5), "L1522", {
    specials: ["cannot-be-stunned", "flammable"],
    notes: "some have magic making them fireproof",
  }),
  ghoul: race("ghoul", "Ghoul", 0, mods(2, 0, -2, 0), "L1524"),
  gnome: race("gnome", "Gnome", 10, mods(), "L1526-1532", {
    speed: -1,
    naturalDr: 1,
    extraHeavyMultiple: 30,
    notes: "1½ ft shorter than human average for his ST, 50 lb heavier than a human of his height",
  }),
  halfling: race("halfling", "Halfling", 0, mods(-3, 1, 0, 1), "L1534-1540", {
    easySkills: ["throwing", "bow", "sling"],
    notes: "1½ ft shorter than a human of his ST",
  }),
  "reptile-man": race("reptile-man", "Reptile Man", 100, mods(4, 0, -1, 2), "L1542-1546", {
    naturalDr: 1,
    crossbowSkillMod: -4,
    freeAdvantages: ["peripheral-vision"],
    specials: ["claws-as-daggers", "impaling-kick", "bite-thrust-cutting"],
    notes: "weighs 30 lb more than a human of the same height",
  }),
  goblin: race("goblin", "Goblin", 0, mods(-2, 1, 1, 0), "L1548-1552", {
    notes: "height normal for their ST, weight 10 lb less",
  }),
});

/** A copy of one race's definition. */
export function raceDef(id: RaceId): RaceDef {
  const r = RACES[readEnum(id, "race", RACE_IDS)];
  return {
    ...r,
    attributes: { ...r.attributes },
    freeAdvantages: [...r.freeAdvantages],
    easySkills: [...r.easySkills],
    specials: [...r.specials],
  };
}

/** The lowest score a race may buy on the attribute table so the final score is ≥ 7 (L1460). */
export function minimumBoughtScore(attribute: Attribute, id: RaceId = "human"): number {
  return Math.max(
    MIN_ATTRIBUTE,
    MIN_ATTRIBUTE - raceDef(id).attributes[readEnum(attribute, "attribute", ATTRIBUTES)],
  );
}

function readAttributes(value: Partial<Attributes> | undefined, field: string): Attributes {
  if (value === null || typeof value !== "object")
    throw new InputError(field, value, "expected an object with st, dx, iq, ht");
  const out = {} as Attributes;
  for (const a of ATTRIBUTES)
    out[a] = readNumber(value[a], `${field}.${a}`, { integer: true, min: 0, max: 100 });
  return out;
}

/**
 * Final scores from bought ones (L1458). Throws when a bought score is off the table (below 7)
 * or a final score would be below 7 (L1460: an Orc must buy IQ 9 or more).
 */
export function finalAttributes(bought: Partial<Attributes>, id: RaceId = "human"): Attributes {
  const r = raceDef(id);
  const b = readAttributes(bought, "attributes");
  const out = {} as Attributes;
  for (const a of ATTRIBUTES) {
    const min = minimumBoughtScore(a, id);
    if (b[a] < min) {
      throw new InputError(
        `attributes.${a}`,
        b[a],
        `must be at least ${min}` +
          (min > MIN_ATTRIBUTE ? ` for a ${r.name} (final scores are at least 7, L1460)` : ""),
      );
    }
    out[a] = b[a] + r.attributes[a];
  }
  return out;
}

/** Bought scores from final ones: the inverse of {@link finalAttributes}, with the same checks. */
export function boughtAttributes(final: Partial<Attributes>, id: RaceId = "human"): Attributes {
  const r = raceDef(id);
  const f = readAttributes(final, "attributes");
  const bought = {} as Attributes;
  for (const a of ATTRIBUTES) bought[a] = f[a] - r.attributes[a];
  for (const a of ATTRIBUTES) {
    if (bought[a] < MIN_ATTRIBUTE || f[a] < MIN_ATTRIBUTE) {
      throw new InputError(
        `attributes.${a}`,
        f[a],
        `a ${r.name}'s final score must be at least ${MIN_ATTRIBUTE + Math.max(0, r.attributes[a])} (L1458-1460)`,
      );
    }
  }
  return bought;
}

/** The difficulty of a skill for a race: Halflings learn Throwing, Bow and Sling as Easy (L1538). */
export function raceSkillDifficulty(skill: SkillId, id: RaceId = "human"): Difficulty {
  const s = skillDef(skill);
  return raceDef(id).easySkills.includes(s.id) ? "easy" : s.difficulty;
}
