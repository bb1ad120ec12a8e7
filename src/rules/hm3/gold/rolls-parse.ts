/**
 * The CLI fields of the `rolls` Gold group (parse.ts calls these): the attack's `nonLethal`,
 * `hooked`, `weight`, `ground`, `unarmed`, `technique`; a fighter's `rollSkills`,
 * `weaponWeight`, `grip`, `quadruped`. Each is refused naming the field while its option is off
 * (ruling G1). The EML modifiers of a decision are added here to the given `attack.eml`, itemised
 * (`gold.disarm`, `gold.sweep`, `gold.tackle`, `gold.unarmedStyle`).
 */
import {
  checkKeys,
  InputError,
  readBoolean,
  readEnum,
  readNumber,
  readObject,
} from "../../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../../core/modifiers";
import { EML_MAX, EML_MIN } from "../../shared/hm-test";
import { requireGold, type GoldOptions } from "./options";
import {
  GRIPS,
  NON_LETHAL_KINDS,
  UNARMED_MODES,
  UNARMED_STYLES,
  type RollsAttack,
  type RollsFighter,
} from "./rolls";
import type { RollSkills } from "./rolls-efs";
import { NON_LETHAL_EML } from "./rolls-nonlethal";
import { unarmedStyleModifier, UNARMED_STYLE_TABLE } from "./rolls-unarmed";

export const ROLLS_ATTACK_KEYS = Object.freeze([
  "nonLethal",
  "hooked",
  "weight",
  "ground",
  "unarmed",
  "technique",
]);
export const ROLLS_FIGHTER_KEYS = Object.freeze([
  "rollSkills",
  "weaponWeight",
  "grip",
  "quadruped",
]);

/** The modifier keys this group adds to the attack EML. */
export const ROLLS_MODIFIER_KEYS = Object.freeze([
  "gold.disarm",
  "gold.sweep",
  "gold.tackle",
  "gold.unarmedStyle",
]);

const WEIGHT = { min: 0, max: 200 } as const;

/**
 * Reads the attack's fields of this group and returns them with the attack target carrying
 * their modifiers (a modifier of the same key already in the given EML is replaced, so a stored
 * declaration reads the same however often it is parsed).
 */
export function readRollsAttack(
  a: Record<string, unknown>,
  options: Readonly<Partial<GoldOptions>>,
  type: "melee" | "missile",
  target: Target,
): { fields: RollsAttack; target: Target } {
  const fields: RollsAttack = {};
  const mods: Modifier[] = [];
  if (a.nonLethal !== undefined) {
    requireGold(options, "nonLethalAttacks", "attack.nonLethal", a.nonLethal);
    const kind = readEnum(a.nonLethal, "attack.nonLethal", NON_LETHAL_KINDS);
    if (type !== "melee")
      throw new InputError("attack.nonLethal", kind, "is a melee attack (seed 000 line 187)");
    if (a.aim !== undefined && a.aim !== "mid")
      throw new InputError(
        "attack.aim",
        a.aim,
        `a ${kind} takes its own Aiming Zone modifier (seed 000 line ${NON_LETHAL_EML[kind].line}) and strikes no location: leave aim mid`,
      );
    fields.nonLethal = kind;
    mods.push({
      key: `gold.${kind}`,
      value: NON_LETHAL_EML[kind].value,
      source: `seed 000 line ${NON_LETHAL_EML[kind].line}`,
    });
  }
  const only = (field: string, kind: string) => {
    if (fields.nonLethal !== kind)
      throw new InputError(
        `attack.${field}`,
        a[field],
        `belongs to a ${kind} (attack.nonLethal ${kind})`,
      );
  };
  if (a.hooked !== undefined) {
    requireGold(options, "nonLethalAttacks", "attack.hooked", a.hooked);
    only("hooked", "sweep");
    fields.hooked = readBoolean(a.hooked, "attack.hooked");
  }
  if (a.weight !== undefined) {
    requireGold(options, "disarmWeaponMass", "attack.weight", a.weight);
    only("weight", "disarm");
    fields.weight = readNumber(a.weight, "attack.weight", WEIGHT);
  }
  if (a.ground !== undefined) {
    requireGold(options, "nonLethalAttacks", "attack.ground", a.ground);
    only("ground", "tackle");
    fields.ground = readNumber(a.ground, "attack.ground", { integer: true, min: 0, max: 2 });
  }
  if (a.unarmed !== undefined) {
    requireGold(options, "unarmedStyles", "attack.unarmed", a.unarmed);
    const u = readObject(a.unarmed, "attack.unarmed");
    checkKeys(u, "attack.unarmed", ["style", "mode"]);
    if (type !== "melee")
      throw new InputError("attack.unarmed", a.unarmed, "is a melee attack (seed 000 line 346)");
    const style = readEnum(u.style, "attack.unarmed.style", UNARMED_STYLES);
    const mode = readEnum(u.mode, "attack.unarmed.mode", UNARMED_MODES);
    fields.unarmed = { style, mode };
    mods.push({
      key: "gold.unarmedStyle",
      value: unarmedStyleModifier(style, mode),
      source: `seed 000 line ${UNARMED_STYLE_TABLE[style].line}`,
    });
  }
  if (a.technique !== undefined) {
    requireGold(options, "unarmedTechniquePenalties", "attack.technique", a.technique);
    if (!fields.unarmed)
      throw new InputError(
        "attack.technique",
        a.technique,
        "is an unarmed technique: give attack.unarmed too (seed 000 line 366)",
      );
    const t = readObject(a.technique, "attack.technique");
    checkKeys(t, "attack.technique", ["roll", "si"]);
    fields.technique = {
      roll: readEnum(t.roll, "attack.technique.roll", ["shock", "fumble", "stumble"] as const),
      si: readNumber(t.si, "attack.technique.si", { integer: true, min: 0, max: 20 }),
    };
  }
  if (mods.length === 0) return { fields, target };
  const keys = new Set(mods.map((m) => m.key));
  const kept = target.modifiers.filter((m) => !keys.has(m.key));
  return {
    fields,
    target: buildTarget(target.baseKey, target.base, [...kept, ...mods], {
      min: EML_MIN,
      max: EML_MAX,
    }),
  };
}

/** Reads a fighter's fields of this group. */
export function readRollsFighter(
  o: Record<string, unknown>,
  field: string,
  options: Readonly<Partial<GoldOptions>>,
): RollsFighter {
  const out: RollsFighter = {};
  if (o.rollSkills !== undefined) {
    requireGold(options, "injuryRollSkills", `${field}.rollSkills`, o.rollSkills);
    const s = readObject(o.rollSkills, `${field}.rollSkills`);
    checkKeys(s, `${field}.rollSkills`, ["condition", "weapon", "dodge"]);
    const skills: RollSkills = {};
    for (const k of ["condition", "weapon", "dodge"] as const)
      if (s[k] !== undefined)
        skills[k] = readNumber(s[k], `${field}.rollSkills.${k}`, {
          integer: true,
          min: 0,
          max: 200,
        });
    out.rollSkills = skills;
  }
  if (o.weaponWeight !== undefined) {
    requireGold(options, "disarmWeaponMass", `${field}.weaponWeight`, o.weaponWeight);
    out.weaponWeight = readNumber(o.weaponWeight, `${field}.weaponWeight`, WEIGHT);
  }
  if (o.grip !== undefined) {
    requireGold(options, "nonLethalAttacks", `${field}.grip`, o.grip);
    out.grip = readEnum(o.grip, `${field}.grip`, GRIPS);
  }
  if (o.quadruped !== undefined) {
    requireGold(options, "nonLethalAttacks", `${field}.quadruped`, o.quadruped);
    out.quadruped = readBoolean(o.quadruped, `${field}.quadruped`);
  }
  return out;
}

/**
 * A Block against a Tackle (000:223, ruling G47): the defender may not Block; the seed treats a
 * Block as a Counterstrike, so the defender declares a Counterstrike with the weapon.
 */
export function checkTackleDefence(attack: RollsAttack, defenceType: string): void {
  if (attack.nonLethal === "tackle" && defenceType === "block")
    throw new InputError(
      "defence.type",
      defenceType,
      "a Tackle cannot be Blocked: a Block is treated as a Counterstrike (seed 000 line 223), declare counterstrike with the weapon",
    );
}

/** The defence options against a Tackle: Block is not one (G47). */
export function tackleDefences<T extends { id: string; unavailableKey?: string }>(
  attack: RollsAttack,
  options: T[],
): T[] {
  if (attack.nonLethal !== "tackle") return options;
  return options.map((o) => (o.id === "block" ? { ...o, unavailableKey: TACKLE_BLOCK_KEY } : o));
}

/** Why Block is not offered against a Tackle (lang). */
export const TACKLE_BLOCK_KEY = "BLOWBYBLOW.HM3.Gold.Rolls.Unavailable.tackleBlock";
