/**
 * Sample GURPS Man to Man fighters (issue 16) as plain JSON-able data: each one's `m2m` block
 * and its gear named by the engine's table ids (`src/rules/m2m/equipment`), so the pack step can
 * make actors with their items from the packs. The book's pre-generated sheets (Friedrick,
 * Rogan, Villem, John Falcon: seed 004 §15.6) are copied from the sheets; Filthy Pierre and
 * Louis LeBlanc come from the Example of Combat (L1748-1756), which gives their skills and
 * derived figures but not their attributes: those are chosen to give the book's figures and
 * are marked as such. "Lnnn" is a line of seed 004.
 */
import { InputError } from "../../../core/errors";
import {
  getArmourSuit,
  getHandWeapon,
  getRangedAccessory,
  getRangedWeapon,
  getShield,
  MISSILE_WEIGHT,
} from "../../../rules/m2m/equipment";
import type { SkillId } from "../../../rules/m2m/skills";
import { defaultM2mBlock, type M2mCharacterBlock } from "./character-data";
import type { M2mGear, M2mGearWeapon } from "./character-input";
import { thrownEntry } from "./thrown";

/** The engine table an entry's id belongs to. */
export const SAMPLE_GEAR_TABLES = [
  "hand-weapon",
  "ranged-weapon",
  "shield",
  "armour-suit",
  "accessory",
  "missile",
] as const;
export type SampleGearTable = (typeof SAMPLE_GEAR_TABLES)[number];

export interface SampleGearEntry {
  table: SampleGearTable;
  /** The row's id in its table; for `missile`, a `MISSILE_WEIGHT` key (`arrow`, `bolt`…). */
  id: string;
  quantity: number;
  /** `ready`: a weapon in hand or a shield on the arm; `worn`: armour; `carried`: the rest. */
  state: "ready" | "worn" | "carried";
}

export interface SampleFighter {
  /** Stable document id (16 letters and digits, as Foundry's). */
  id: string;
  name: string;
  /** Where the figures come from. */
  source: string;
  m2m: M2mCharacterBlock;
  gear: SampleGearEntry[];
}

const gear = (
  table: SampleGearTable,
  id: string,
  state: SampleGearEntry["state"] = "carried",
  quantity = 1,
): SampleGearEntry => ({ table, id, quantity, state });

function fighter(
  id: string,
  name: string,
  source: string,
  a: { st: number; dx: number; iq: number; ht: number; hp: number },
  skills: Partial<Record<SkillId, number>>,
  entries: SampleGearEntry[],
  more: Partial<Pick<M2mCharacterBlock, "race" | "attributeBasis">> & {
    toughness?: number;
  } = {},
): SampleFighter {
  const m2m = defaultM2mBlock();
  m2m.attributes = { st: a.st, dx: a.dx, iq: a.iq, ht: a.ht };
  m2m.hp = a.hp;
  if (more.race) m2m.race = more.race;
  if (more.attributeBasis) m2m.attributeBasis = more.attributeBasis;
  if (more.toughness) m2m.advantages.toughness = more.toughness;
  m2m.skills = (Object.entries(skills) as [SkillId, number][]).map(([sid, points]) => ({
    id: sid,
    points,
  }));
  return { id, name, source, m2m, gear: entries };
}

/** The sample fighters; the first four are the book's 100-point sheets. */
export const SAMPLE_FIGHTERS: readonly SampleFighter[] = [
  fighter(
    "m2mFriedrick0001",
    "Fiendish Friedrick",
    "seed 004 L4187-4231 (character sheet)",
    { st: 12, dx: 12, iq: 10, ht: 14, hp: 14 },
    { "axe-mace": 8, knife: 4, shield: 1, running: 2 },
    [
      gear("hand-weapon", "axe", "ready"),
      gear("hand-weapon", "large-knife", "carried", 2),
      gear("shield", "large", "ready"),
      gear("armour-suit", "scale-armour", "worn"),
    ],
  ),
  fighter(
    "m2mRogan00000002",
    "Rogan the Reaver",
    "seed 004 L4237-4281 (character sheet)",
    { st: 12, dx: 12, iq: 10, ht: 12, hp: 12 },
    { broadsword: 8, "two-handed-sword": 0, shield: 1, bow: 4, knife: 2 },
    [
      gear("hand-weapon", "thrusting-bastard-sword-1h", "ready"),
      gear("shield", "small", "ready"),
      gear("armour-suit", "chainmail", "worn"),
    ],
    { toughness: 2 },
  ),
  fighter(
    "m2mVillem0000003",
    "Villem the Vile",
    "seed 004 L4953-5003 (character sheet)",
    { st: 13, dx: 13, iq: 10, ht: 11, hp: 11 },
    { polearm: 8, crossbow: 8, knife: 2, "knife-throwing": 2 },
    [
      gear("hand-weapon", "halberd", "ready"),
      gear("ranged-weapon", "crossbow"),
      gear("accessory", "quiver"),
      gear("missile", "bolt", "carried", 10),
      gear("hand-weapon", "large-knife"),
      gear("armour-suit", "scale-armour", "worn"),
    ],
    { toughness: 1 },
  ),
  fighter(
    "m2mJohnFalcon004",
    "John Falcon",
    "seed 004 L536-740, L1315-1362, L4904-4951 (character sheet)",
    { st: 9, dx: 15, iq: 10, ht: 13, hp: 13 },
    { shortsword: 4, knife: 1, shield: 1, crossbow: 4 },
    [
      gear("hand-weapon", "shortsword", "ready"),
      gear("hand-weapon", "large-knife"),
      gear("ranged-weapon", "crossbow"),
      gear("accessory", "quiver"),
      gear("missile", "bolt", "carried", 10),
      gear("shield", "small", "ready"),
      gear("armour-suit", "heavy-leather-armour", "worn"),
    ],
    { toughness: 1 },
  ),
  fighter(
    "m2mPierre0000005",
    "Filthy Pierre",
    "seed 004 L1750-1756 (Move 4, Shield 14, Shortsword 13, small shield, cloth armour); " +
      "ST 10, DX 12, IQ 10, HT 10 chosen to give them",
    { st: 10, dx: 12, iq: 10, ht: 10, hp: 10 },
    { shield: 4, shortsword: 4 },
    [
      gear("hand-weapon", "shortsword", "ready"),
      gear("shield", "small", "ready"),
      gear("armour-suit", "padded-cloth-armour", "worn"),
    ],
  ),
  fighter(
    "m2mLouisLeBlanc6",
    "Louis LeBlanc",
    "seed 004 L1748-1750 (Shortsword 15, a machete counts as a shortsword); " +
      "ST 11, DX 13, IQ 10, HT 12 and his armour chosen",
    { st: 11, dx: 13, iq: 10, ht: 12, hp: 12 },
    { shortsword: 8, knife: 1 },
    [
      gear("hand-weapon", "shortsword", "ready"),
      gear("hand-weapon", "large-knife"),
      gear("armour-suit", "light-leather-armour", "worn"),
    ],
  ),
  fighter(
    "m2mGrishakOrc007",
    "Grishak the Orc",
    "a 40-point Orc spearman (seed 004 L1502-1504: IQ −2, HT +1; no more than 40 points)",
    { st: 12, dx: 12, iq: 9, ht: 10, hp: 11 },
    { spear: 8, shield: 2 },
    [
      gear("hand-weapon", "spear", "ready"),
      gear("shield", "small", "ready"),
      gear("armour-suit", "light-leather-armour", "worn"),
    ],
    { race: "orc" },
  ),
];

/** Weight (lb) and, for a weapon, its skill, of one gear entry, from the engine's tables. */
function rowOf(
  e: SampleGearEntry,
  field: string,
): { name: string; weight: number; skill?: SkillId } {
  switch (e.table) {
    case "hand-weapon": {
      const w = getHandWeapon(e.id, field);
      return { name: w.name, weight: w.weight, skill: w.skill };
    }
    case "ranged-weapon": {
      const w = getRangedWeapon(e.id, field);
      return { name: w.name, weight: w.weight, skill: w.skill };
    }
    case "shield": {
      const s = getShield(e.id, field);
      if (s.weight === null) throw new InputError(field, e.id, "its weight varies: not a sample");
      return { name: s.name, weight: s.weight };
    }
    case "armour-suit": {
      const s = getArmourSuit(e.id, field);
      return { name: s.name, weight: s.weight };
    }
    case "accessory": {
      const a = getRangedAccessory(e.id, field);
      return { name: a.name, weight: a.weight };
    }
    case "missile": {
      const weight = (MISSILE_WEIGHT as Readonly<Record<string, number>>)[e.id];
      if (weight === undefined)
        throw new InputError(
          field,
          e.id,
          `expected one of ${Object.keys(MISSILE_WEIGHT).join(", ")}`,
        );
      return { name: e.id, weight };
    }
  }
}

/**
 * A sample fighter's gear as the derivation takes it: the load (every entry, L1237), the worn
 * suit's PD and DR with its values against impaling (chainmail) and full helm (plate), the ready
 * shield's PD and size, and the ready weapons with their table skills. Only one suit may be worn
 * (L1166); an InputError names the entry otherwise.
 */
export function sampleFighterGear(f: SampleFighter): M2mGear {
  let load = 0;
  let armour: M2mGear["armour"] = null;
  let shield: M2mGear["shield"] = null;
  const weapons: M2mGearWeapon[] = [];
  const throws: SkillId[] = [];
  f.gear.forEach((e, i) => {
    const field = `gear.${i}.id`;
    const row = rowOf(e, field);
    load += row.weight * e.quantity;
    if (e.table === "armour-suit" && e.state === "worn") {
      if (armour) throw new InputError(field, e.id, "only one suit of armour at a time (L1166)");
      const s = getArmourSuit(e.id, field);
      armour = {
        pd: s.pd,
        dr: s.dr,
        pdVsImpaling: s.pdVsImp,
        drVsImpaling: s.drVsImp,
        fullHelm: s.combatSkillMod < 0,
      };
    } else if (e.table === "shield" && e.state === "ready") {
      if (shield) throw new InputError(field, e.id, "one shield at a time");
      const s = getShield(e.id, field);
      shield = { pd: s.pd ?? 0, size: s.id };
    } else if (row.skill && e.state === "ready") {
      weapons.push({ id: `${e.table}.${e.id}`, name: row.name, skill: row.skill });
      // A hand weapon that can be thrown lists its throwing skill (./thrown.ts, as ./gear.ts).
      const thrown = e.table === "hand-weapon" ? thrownEntry({ ref: e.id, shield: null }) : null;
      if (thrown && !throws.includes(thrown.skill)) throws.push(thrown.skill);
    }
  });
  return { load, armour, shield, weapons, ...(throws.length > 0 ? { throws } : {}) };
}
