/**
 * Every id of the GURPS Man to Man engine's tables that a sheet shows has a lang key
 * (src/foundry/rulesets/m2m/sheets/labels.ts) defined in lang/en.json: skills, races,
 * advantages, positions, hit and armour locations, damage types and bases, reaches,
 * encumbrance levels, difficulties, qualities, shield sizes, kinds, social classes, attributes;
 * and every modifier or base key the derivation writes into an itemised figure (the tooltips).
 * The ids are read from the engine's own lists and table rows, so a new engine id without a key
 * fails here. Where the engine carries the book's name (skills, races, advantages), the English
 * text is that name (an advantage's may add a note in brackets).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Target } from "../../../../src/core/modifiers";
import {
  ADVANTAGE_IDS,
  ADVANTAGES,
  ENCUMBRANCE_LEVELS,
  SHIELD_SIZES,
} from "../../../../src/rules/m2m/character";
import {
  ARMOUR_LOCATIONS,
  ARMOUR_PIECES,
  HAND_WEAPONS,
  RANGED_WEAPONS,
  SHIELDS,
  SOCIAL_CLASSES,
  WEAPON_QUALITIES,
} from "../../../../src/rules/m2m/equipment";
import { POSITION_IDS } from "../../../../src/rules/m2m/maneuvers";
import { ATTRIBUTES, RACE_IDS, RACES } from "../../../../src/rules/m2m/races";
import { DIFFICULTIES, SKILL_IDS, SKILLS } from "../../../../src/rules/m2m/skills";
import { DAMAGE_TYPES, HIT_LOCATIONS } from "../../../../src/rules/m2m/types";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import {
  ATTRIBUTE_BASES,
  CRIPPLABLE_LOCATIONS,
  defaultM2mBlock,
  m2mLabelFor,
} from "../../../../src/foundry/rulesets/m2m/character-data";
import {
  ARMOUR_KINDS,
  DAMAGE_BASES,
  QUALITY_CLASSES,
  RANGED_KINDS,
  REACHES,
} from "../../../../src/foundry/rulesets/m2m/item-data";
import { deriveM2mActor, NO_GEAR } from "../../../../src/foundry/rulesets/m2m/character-input";
import {
  ARMOUR_KIND_LABEL,
  ARMOUR_LOCATION_LABEL,
  ATTRIBUTE_ABBR,
  BASIS_LABEL,
  DAMAGE_TYPE_LABEL,
  DIFFICULTY_LABEL,
  ENCUMBRANCE_LABEL,
  LOCATION_LABEL,
  MODE_BASE_LABEL,
  POSITION_LABEL,
  QUALITY_CLASS_LABEL,
  QUALITY_LABEL,
  RACE_LABEL,
  RANGED_KIND_LABEL,
  REACH_LABEL,
  SHIELD_SIZE_LABEL,
  SKILL_LABEL,
  SOCIAL_CLASS_LABEL,
  TARGET_LABELS,
} from "../../../../src/foundry/rulesets/m2m/sheets/labels";
import LANG from "../../../../lang/en.json";
import { friedrickBlock, piecesDerived } from "./sheet-fixtures";

const lang = localizerOf(LANG);
/** The English text of a key, or null when lang/en.json lacks it. */
const english = (key: string): string | null => {
  const text = lang.localize(key);
  return text === key || text === "" ? null : text;
};

type Labels = Readonly<Record<string, string>>;
const unique = <T>(xs: Iterable<T>): T[] => [...new Set(xs)];

/** Each engine list the sheets show, with its label map. */
const LISTS: [string, readonly string[], Labels][] = [
  ["skills (SKILL_IDS)", SKILL_IDS, SKILL_LABEL],
  ["races (RACE_IDS)", RACE_IDS, RACE_LABEL],
  ["positions (POSITION_IDS)", POSITION_IDS, POSITION_LABEL],
  ["hit locations (HIT_LOCATIONS)", HIT_LOCATIONS, LOCATION_LABEL],
  ["cripplable locations", CRIPPLABLE_LOCATIONS, LOCATION_LABEL],
  ["armour locations (ARMOUR_LOCATIONS)", ARMOUR_LOCATIONS, ARMOUR_LOCATION_LABEL],
  ["damage types (DAMAGE_TYPES)", DAMAGE_TYPES, DAMAGE_TYPE_LABEL],
  ["damage bases, and ranged", [...DAMAGE_BASES, "ranged"], MODE_BASE_LABEL],
  ["reaches", REACHES, REACH_LABEL],
  [
    "encumbrance levels (ENCUMBRANCE_LEVELS)",
    ENCUMBRANCE_LEVELS.map((e) => e.id),
    ENCUMBRANCE_LABEL,
  ],
  ["difficulties (DIFFICULTIES)", DIFFICULTIES, DIFFICULTY_LABEL],
  ["weapon qualities (WEAPON_QUALITIES)", WEAPON_QUALITIES, QUALITY_LABEL],
  ["quality classes", QUALITY_CLASSES, QUALITY_CLASS_LABEL],
  ["shield sizes (SHIELD_SIZES)", SHIELD_SIZES, SHIELD_SIZE_LABEL],
  ["ranged kinds", RANGED_KINDS, RANGED_KIND_LABEL],
  ["armour kinds", ARMOUR_KINDS, ARMOUR_KIND_LABEL],
  ["social classes (SOCIAL_CLASSES)", SOCIAL_CLASSES, SOCIAL_CLASS_LABEL],
  ["attributes (ATTRIBUTES)", ATTRIBUTES, ATTRIBUTE_ABBR],
  ["attribute bases", ATTRIBUTE_BASES, BASIS_LABEL],
  [
    "advantages (ADVANTAGE_IDS)",
    ADVANTAGE_IDS,
    Object.fromEntries(ADVANTAGE_IDS.map((id) => [id, m2mLabelFor(`m2m.advantages.${id}`)])),
  ],
];

/** The ids the engine's tables use in their rows, with the list each belongs to. */
const TABLE_VALUES: [string, readonly string[], Labels][] = [
  ["hand weapon skills", unique(HAND_WEAPONS.map((w) => w.skill)), SKILL_LABEL],
  ["ranged weapon skills", unique(RANGED_WEAPONS.map((w) => w.skill)), SKILL_LABEL],
  ["ranged weapon kinds", unique(RANGED_WEAPONS.map((w) => w.kind)), RANGED_KIND_LABEL],
  [
    "hand weapon damage types",
    unique(HAND_WEAPONS.flatMap((w) => w.attacks.map((a) => a.type))),
    DAMAGE_TYPE_LABEL,
  ],
  [
    "hand weapon damage bases",
    unique(HAND_WEAPONS.flatMap((w) => w.attacks.map((a) => a.base))),
    MODE_BASE_LABEL,
  ],
  [
    "hand weapon reaches",
    unique(HAND_WEAPONS.flatMap((w) => w.attacks.flatMap((a) => a.reach.map(String)))),
    REACH_LABEL,
  ],
  [
    "hand weapon quality classes",
    unique(HAND_WEAPONS.map((w) => w.qualityClass)),
    QUALITY_CLASS_LABEL,
  ],
  ["shield table sizes", SHIELDS.map((s) => s.id), SHIELD_SIZE_LABEL],
  [
    "armour pieces' locations",
    unique(ARMOUR_PIECES.flatMap((p) => p.covers)),
    ARMOUR_LOCATION_LABEL,
  ],
];

/** Ids without a key, or whose key lang/en.json lacks. */
function unlabelled(ids: readonly string[], labels: Labels): string[] {
  return ids.filter((id) => {
    const key = Object.hasOwn(labels, id) ? labels[id] : undefined;
    return key === undefined || english(key) === null;
  });
}

describe("every engine id shown on the m2m sheets has a lang key in lang/en.json", () => {
  it.each(LISTS)("%s", (_name, ids, labels) => {
    expect(ids.length).toBeGreaterThan(0);
    expect(unlabelled(ids, labels)).toEqual([]);
  });

  it.each(TABLE_VALUES)("%s in the engine's table rows", (_name, ids, labels) => {
    expect(ids.length).toBeGreaterThan(0);
    expect(unlabelled(ids, labels)).toEqual([]);
  });

  it("the check itself fails on an id with no key, and on a key lang/en.json lacks", () => {
    expect(unlabelled(["knife", "no-such-skill"], SKILL_LABEL)).toEqual(["no-such-skill"]);
    expect(unlabelled(["knife"], { knife: "BLOWBYBLOW.M2M.Sheet.Skill.noSuchKey" })).toEqual([
      "knife",
    ]);
  });
});

describe("the English is the book's name the engine carries", () => {
  it("skills (the weapon tables' and the skill list's names, L700-750)", () => {
    const differ = SKILL_IDS.filter((id) => english(SKILL_LABEL[id]) !== SKILLS[id].name);
    expect(differ.map((id) => [id, english(SKILL_LABEL[id]), SKILLS[id].name])).toEqual([]);
  });

  it("races (L1410-1560)", () => {
    const differ = RACE_IDS.filter((id) => english(RACE_LABEL[id]) !== RACES[id].name);
    expect(differ.map((id) => [id, english(RACE_LABEL[id]), RACES[id].name])).toEqual([]);
  });

  it("advantages (spec §2.4; the sheet may add a note in brackets: Toughness (DR))", () => {
    const differ = ADVANTAGE_IDS.filter((id) => {
      const name = ADVANTAGES[id].name;
      const text = english(m2mLabelFor(`m2m.advantages.${id}`)) ?? "";
      return text !== name && !(text.startsWith(`${name} (`) && text.endsWith(")"));
    });
    expect(differ).toEqual([]);
  });
});

// ── The itemised figures' modifier and base keys ─────────────────────────────────────────────

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
/** The engine modules that build the derivation's itemised figures. */
const TARGET_SOURCES = ["src/rules/m2m/character.ts", "src/rules/m2m/worn-armour.ts"];

/**
 * The literal modifier keys (`key: "…"`, either side of a `?:`) and base keys
 * (`buildTarget("…"`, `telescoped("…"`, `baseKey: "…"`) written in the engine's source; the keys
 * built from an id (`race.${…}`, `encumbrance.${…}`) are every id of their list.
 */
function keysInSource(): { modifiers: string[]; bases: string[] } {
  const modifiers = new Set<string>();
  const bases = new Set<string>();
  for (const file of TARGET_SOURCES) {
    const text = readFileSync(`${ROOT}${file}`, "utf8");
    for (const m of text.matchAll(/\bkey: ([^,\n]*)/g))
      for (const lit of m[1]!.matchAll(/"([\w.-]+)"/g)) modifiers.add(lit[1]!);
    for (const m of text.matchAll(/\b(?:buildTarget\(|telescoped\(|baseKey: )"([\w-]+)"/g))
      bases.add(m[1]!);
  }
  for (const r of RACE_IDS) modifiers.add(`race.${r}`);
  for (const e of ENCUMBRANCE_LEVELS) modifiers.add(`encumbrance.${e.id}`);
  return { modifiers: [...modifiers], bases: [...bases] };
}

/** Every itemised figure (a `Target`) anywhere in a value. */
function targetsIn(value: unknown, out: Target[] = []): Target[] {
  if (value === null || typeof value !== "object") return out;
  const v = value as Record<string, unknown>;
  if (typeof v.baseKey === "string" && Array.isArray(v.modifiers)) out.push(v as unknown as Target);
  for (const child of Object.values(v)) targetsIn(child, out);
  return out;
}

const labelled = (labels: Labels, keys: readonly string[]) =>
  keys.filter((k) => !Object.hasOwn(labels, k) || english(labels[k]!) === null);

describe("every modifier and base of the derivation's itemised figures has a label", () => {
  it("the keys written in the engine's source (character.ts, worn-armour.ts)", () => {
    const { modifiers, bases } = keysInSource();
    // The source scan finds what it should: some known keys of each kind.
    expect(modifiers).toEqual(expect.arrayContaining(["running", "skull", "race.elf", "other"]));
    expect(bases).toEqual(expect.arrayContaining(["speed", "parry", "block", "pd", "dr"]));
    expect(labelled(TARGET_LABELS.modifiers, modifiers)).toEqual([]);
    expect(labelled(TARGET_LABELS.bases, bases)).toEqual([]);
  });

  it("the keys of derived characters (every race; armour pieces; wounded, tired, crippled)", () => {
    const blocks = RACE_IDS.map((race) => ({
      ...defaultM2mBlock(),
      race,
      attributeBasis: "final" as const,
      attributes: { st: 12, dx: 12, iq: 12, ht: 12 },
      skills: [
        { id: "running" as const, points: 2 },
        { id: "crossbow" as const, points: 1 },
        { id: "bow" as const, points: 1 },
        { id: "shield" as const, points: 1 },
      ],
      advantages: { ...defaultM2mBlock().advantages, toughness: 1 },
    }));
    const wounded = friedrickBlock();
    wounded.hp = 2;
    wounded.fatigue = 8;
    wounded.encounter.crippled = ["left-foot"];
    wounded.encounter.footBraced = true;
    const derived = [
      ...blocks.map((b) => deriveM2mActor(b, { ...NO_GEAR, load: 50 }, () => {}).derived),
      deriveM2mActor(wounded, NO_GEAR, () => {}).derived,
      piecesDerived(),
    ];
    expect(derived.every((d) => d !== null)).toBe(true);
    const targets = targetsIn(derived);
    const modifiers = unique(targets.flatMap((t) => t.modifiers.map((m) => m.key)));
    const bases = unique(targets.map((t) => t.baseKey));
    expect(modifiers).toEqual(expect.arrayContaining(["skull", "race.dwarf", "lowHp"]));
    expect(labelled(TARGET_LABELS.modifiers, modifiers)).toEqual([]);
    expect(labelled(TARGET_LABELS.bases, bases)).toEqual([]);
  });
});
