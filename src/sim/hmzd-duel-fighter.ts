/**
 * An hmzd duel fighter (src/sim/hmzd-duel.ts): what a duel needs of a character, made once,
 * plain numbers and the engine's own combatant. Read from an hmzd fighter file
 * (`readHmzdDuelFighter`, docs/duel.md "HârnMaster zone-die duels").
 */
import {
  checkKeys,
  InputError,
  readBoolean,
  readEnum,
  readNumber,
  readObject,
  readOptionalNumber,
  readString,
} from "../core/errors";
import { HUMAN_PLAN } from "../rules/hmzd/tables";
import {
  HMZD_ASPECTS,
  type HmzdArmourMap,
  type HmzdAspect,
  type HmzdFighter,
  type HmzdPlan,
  type HmzdProtection,
} from "../rules/hmzd/types";
import type { HmzdDuelUses } from "./hmzd-policy";

/** The fighter as every exchange reads it (`HmzdFighter`), without what the duel sets per exchange. */
export type HmzdCombatant = Omit<HmzdFighter, "state" | "setup" | "actionTaken">;

/** One attack mode of a weapon: its impact die, base and aspect (hmzd.md §3, Z12). */
export interface HmzdDuelMode {
  id: string;
  die: number;
  base: number;
  aspect: HmzdAspect;
}

/** A weapon or shield in hand (or a creature's body weapon). */
export interface HmzdDuelWeapon {
  id: string;
  name: string;
  /**
   * The zones using it involves (Z8): the arm of the hand that holds it (`right`, `left`), both
   * arms (`both`), or only the head and torso every action uses (`body`: a creature's bite).
   */
  hands: Exclude<HmzdDuelUses, "legs">;
  /** The zone die's faces (Z12). */
  zoneDie: number;
  /** Attack (and counterstrike) EML; null: no attack with it (a shield without a bash). */
  attack: number | null;
  /** Block EML; null: it does not block. */
  block: number | null;
  /** A shield (the one block allowed against a missile, Z4). */
  shield: boolean;
  /** A missile weapon (met by Block with a shield, Dodge or Ignore; never countered, Z4). */
  missile: boolean;
  modes: HmzdDuelMode[];
}

export type { HmzdState as ShockState } from "../rules/hmzd/types";

export interface HmzdDuelFighter {
  name: string;
  /** Initiative EML: the higher acts first (Z11). */
  initiative: number;
  /** Dodge EML; null: no dodge. */
  dodge: number | null;
  weapons: HmzdDuelWeapon[];
  /** STR, Shock EML (Z7), endurance, DEX, AGL, armour and body plan, as the engine reads them. */
  combatant: HmzdCombatant;
}

/** The body plans a fighter file may name, by id. */
const HMZD_PLANS: Readonly<Record<string, HmzdPlan>> = { human: HUMAN_PLAN };

const FIGHTER_KEYS = [
  "ruleset",
  "name",
  "initiative",
  "dodge",
  "str",
  "shock",
  "endurance",
  "dex",
  "agl",
  "plan",
  "armour",
  "weapons",
] as const;
const WEAPON_KEYS = [
  "id",
  "name",
  "hands",
  "zoneDie",
  "attack",
  "block",
  "shield",
  "missile",
  "modes",
] as const;
const MODE_KEYS = ["id", "die", "base", "aspect"] as const;
const HANDS = ["right", "left", "both", "body"] as const;
const EML = { integer: true, min: 0, max: 200 };
const ATTRIBUTE = { integer: true, min: 1, max: 50 };

/** The body plans a fighter file may name. */
function planOf(id: string, field: string): HmzdPlan {
  const plan = HMZD_PLANS[id];
  if (!plan)
    throw new InputError(field, id, `expected one of ${Object.keys(HMZD_PLANS).join(", ")}`);
  return plan;
}

/** The location ids armour may name on a plan: each location, and each side of a paired one. */
function armourKeys(plan: HmzdPlan): Set<string> {
  const keys = new Set<string>();
  for (const zone of plan.zones)
    for (const loc of zone.locations) {
      keys.add(loc.id);
      if (loc.paired && zone.sides) {
        keys.add(`left-${loc.id}`);
        keys.add(`right-${loc.id}`);
      }
    }
  return keys;
}

function readArmour(raw: unknown, plan: HmzdPlan, field: string): HmzdArmourMap {
  const obj = readObject(raw, field);
  const keys = armourKeys(plan);
  const out: Record<string, HmzdProtection> = {};
  for (const [loc, value] of Object.entries(obj)) {
    if (!keys.has(loc))
      throw new InputError(`${field}.${loc}`, value, `not a location of the ${plan.id} plan`);
    const av = readObject(value, `${field}.${loc}`);
    checkKeys(av, `${field}.${loc}`, HMZD_ASPECTS);
    const protection: HmzdProtection = {};
    for (const aspect of HMZD_ASPECTS)
      if (av[aspect] !== undefined)
        protection[aspect] = readNumber(av[aspect], `${field}.${loc}.${aspect}`, {
          integer: true,
          min: 0,
          max: 100,
        });
    out[loc] = protection;
  }
  return out;
}

function readWeapon(raw: unknown, field: string, zones: number): HmzdDuelWeapon {
  const w = readObject(raw, field);
  checkKeys(w, field, WEAPON_KEYS);
  const name = readString(w.name, `${field}.name`);
  const modesRaw = w.modes ?? [];
  if (!Array.isArray(modesRaw)) throw new InputError(`${field}.modes`, modesRaw, "expected a list");
  const modes = modesRaw.map((m: unknown, i) => {
    const f = `${field}.modes[${i}]`;
    const mode = readObject(m, f);
    checkKeys(mode, f, MODE_KEYS);
    return {
      id: readString(mode.id, `${f}.id`),
      die: readNumber(mode.die, `${f}.die`, { integer: true, min: 1, max: 100 }),
      base: readNumber(mode.base, `${f}.base`, { integer: true, min: -20, max: 50 }),
      aspect: readEnum(mode.aspect, `${f}.aspect`, HMZD_ASPECTS),
    };
  });
  const attack =
    w.attack === undefined || w.attack === null
      ? null
      : readNumber(w.attack, `${field}.attack`, EML);
  if (attack !== null && !modes.length)
    throw new InputError(`${field}.modes`, modesRaw, "an attack needs at least one mode");
  return {
    id: w.id === undefined ? name : readString(w.id, `${field}.id`),
    name,
    hands: w.hands === undefined ? "right" : readEnum(w.hands, `${field}.hands`, HANDS),
    zoneDie: readNumber(w.zoneDie, `${field}.zoneDie`, { integer: true, min: 1, max: zones }),
    attack,
    block:
      w.block === undefined || w.block === null ? null : readNumber(w.block, `${field}.block`, EML),
    shield: readBoolean(w.shield, `${field}.shield`, false),
    missile: readBoolean(w.missile, `${field}.missile`, false),
    modes,
  };
}

/**
 * An hmzd fighter file (docs/duel.md): `{"ruleset": "hmzd", name, initiative, dodge, str,
 * shock (default 5 × endurance, Z7), endurance, dex, agl, plan (default "human"), armour (by
 * location id, sided ids override, Z13), weapons [{id, name, hands, zoneDie, attack, block,
 * shield, missile, modes [{id, die, base, aspect}]}]}`. A bad field is an InputError naming it
 * (under `field`), and a fighter with nothing to attack with is refused (`weapons`).
 */
export function readHmzdDuelFighter(raw: unknown, field = ""): HmzdDuelFighter {
  const at = (k: string) => (field ? `${field}.${k}` : k);
  const f = readObject(raw, field || "fighter");
  checkKeys(f, field, FIGHTER_KEYS);
  if (f.ruleset !== undefined && f.ruleset !== "hmzd")
    throw new InputError(at("ruleset"), f.ruleset, "expected hmzd");
  const plan = planOf(f.plan === undefined ? "human" : readString(f.plan, at("plan")), at("plan"));
  const endurance = readNumber(f.endurance, at("endurance"), ATTRIBUTE);
  if (!Array.isArray(f.weapons)) throw new InputError(at("weapons"), f.weapons, "expected a list");
  const weapons = f.weapons.map((w: unknown, i) =>
    readWeapon(w, at(`weapons[${i}]`), plan.zoneCount),
  );
  const ids = new Set<string>();
  weapons.forEach((w, i) => {
    if (ids.has(w.id))
      throw new InputError(at(`weapons[${i}].id`), w.id, "is the id of another weapon");
    ids.add(w.id);
  });
  if (!weapons.some((w) => w.attack !== null))
    throw new InputError(at("weapons"), weapons.length, "no weapon to attack with");
  return {
    name: readString(f.name, at("name")),
    initiative: readNumber(f.initiative, at("initiative"), EML),
    dodge: f.dodge === undefined || f.dodge === null ? null : readNumber(f.dodge, at("dodge"), EML),
    weapons,
    combatant: {
      str: readNumber(f.str, at("str"), ATTRIBUTE),
      shock: readOptionalNumber(f.shock, at("shock"), 5 * endurance, EML),
      endurance,
      dex: readNumber(f.dex, at("dex"), ATTRIBUTE),
      agl: readNumber(f.agl, at("agl"), ATTRIBUTE),
      armour: f.armour === undefined ? {} : readArmour(f.armour, plan, at("armour")),
      plan,
    },
  };
}
