/**
 * Validates untrusted JSON (the CLI's `resolve` input, stored chat-card data) into an m2m
 * declaration and defence. Every error names the field and the value.
 */
import {
  checkKeys,
  InputError,
  readBoolean,
  readEnum,
  readNumber,
  readObject,
  readString,
} from "../../core/errors";
import type { Answers } from "../../core/ruleset";
import { parseDamageExpr } from "./damage";
import {
  DEFAULT_M2M_OPTIONS,
  M2M_OPTION_KEYS,
  type M2mDeclaration,
  type M2mDefence,
  type M2mCombatant,
} from "./exchange";
import { ACTIVE_DEFENCES, DAMAGE_TYPES, HIT_LOCATIONS, type HitLocation } from "./types";

function readCombatant(value: unknown, field: "attacker" | "defender"): M2mCombatant {
  const o = readObject(value, field);
  checkKeys(o, field, ["ht", "hp", "dr", "toughness", "shield", "crippled"]);
  const ht = readNumber(o.ht, `${field}.ht`, { integer: true, min: 1, max: 50 });
  const hp =
    o.hp === undefined
      ? ht
      : readNumber(o.hp, `${field}.hp`, { integer: true, min: -10 * ht, max: 200 });
  const dr: Partial<Record<HitLocation, number>> = {};
  if (o.dr !== undefined) {
    const d = readObject(o.dr, `${field}.dr`);
    for (const [loc, v] of Object.entries(d)) {
      if (!(HIT_LOCATIONS as readonly string[]).includes(loc)) {
        throw new InputError(
          `${field}.dr.${loc}`,
          v,
          `unknown location (expected one of ${HIT_LOCATIONS.join(", ")})`,
        );
      }
      if (loc === "face") {
        throw new InputError(
          `${field}.dr.face`,
          v,
          "armour does not protect the face (L2458, L4762); the skull's DR 1 is added by the engine",
        );
      }
      dr[loc as HitLocation] = readNumber(v, `${field}.dr.${loc}`, {
        integer: true,
        min: 0,
        max: 100,
      });
    }
  }
  const crippled: HitLocation[] = [];
  if (o.crippled !== undefined) {
    if (!Array.isArray(o.crippled))
      throw new InputError(`${field}.crippled`, o.crippled, "expected a list of locations");
    o.crippled.forEach((loc, i) =>
      crippled.push(readEnum(loc, `${field}.crippled[${i}]`, HIT_LOCATIONS)),
    );
  }
  return {
    ht,
    hp,
    dr,
    toughness:
      o.toughness === undefined
        ? 0
        : readNumber(o.toughness, `${field}.toughness`, { integer: true, min: 0, max: 10 }),
    shield: readBoolean(o.shield, `${field}.shield`, false),
    crippled,
  };
}

export function parseDeclaration(raw: unknown): M2mDeclaration {
  const o = readObject(raw, "input");
  checkKeys(o, "", ["attack", "defence", "defender", "attacker", "options"]);
  const a = readObject(o.attack, "attack");
  checkKeys(a, "attack", [
    "skill",
    "damage",
    "type",
    "target",
    "ranged",
    "unarmed",
    "breakResistant",
    "halfDamage",
  ]);
  const type = readEnum(a.type, "attack.type", DAMAGE_TYPES);
  const target =
    a.target === undefined
      ? "random"
      : readEnum(a.target, "attack.target", ["random", ...HIT_LOCATIONS] as const);
  if (target === "vitals" && type !== "imp") {
    throw new InputError(
      "attack.target",
      target,
      "only impaling attacks can aim at the vitals (L2517)",
    );
  }
  if (target === "face" && type !== "imp") {
    throw new InputError(
      "attack.target",
      target,
      "only thrusting (impaling) attacks can aim at the face (L2458, L4762)",
    );
  }
  const options = { ...DEFAULT_M2M_OPTIONS };
  if (o.options !== undefined) {
    const op = readObject(o.options, "options");
    checkKeys(op, "options", M2M_OPTION_KEYS);
    options.hitLocation = readBoolean(
      op.hitLocation,
      "options.hitLocation",
      DEFAULT_M2M_OPTIONS.hitLocation,
    );
    options.stun = readBoolean(op.stun, "options.stun", DEFAULT_M2M_OPTIONS.stun);
    if (op.lastWounds !== undefined)
      options.lastWounds = readBoolean(op.lastWounds, "options.lastWounds");
  }
  if (!options.hitLocation && target !== "random" && target !== "torso") {
    throw new InputError(
      "attack.target",
      target,
      "without the hit location rules every hit is to the torso (L1864)",
    );
  }
  return {
    attack: {
      skill: readNumber(a.skill, "attack.skill", { integer: true, min: -50, max: 100 }),
      damage: parseDamageExpr(readString(a.damage, "attack.damage"), "attack.damage"),
      type,
      target,
      ranged: readBoolean(a.ranged, "attack.ranged", false),
      unarmed: readBoolean(a.unarmed, "attack.unarmed", false),
      breakResistant: readBoolean(a.breakResistant, "attack.breakResistant", false),
      halfDamage: readBoolean(a.halfDamage, "attack.halfDamage", false),
    },
    defender: readCombatant(o.defender, "defender"),
    ...(o.attacker === undefined ? {} : { attacker: readCombatant(o.attacker, "attacker") }),
    options,
  };
}

export function parseDefence(raw: unknown): M2mDefence {
  const d = readObject(raw, "defence");
  checkKeys(d, "defence", ["type", "score", "pd", "weapon"]);
  const type = readEnum(d.type, "defence.type", ACTIVE_DEFENCES);
  const score =
    d.score === undefined && type === "none"
      ? 0
      : readNumber(d.score, "defence.score", { integer: true, min: 0, max: 50 });
  if (type === "none" && score !== 0)
    throw new InputError("defence.score", score, "no active defence has no score");
  const out: M2mDefence = {
    type,
    score,
    pd: d.pd === undefined ? 0 : readNumber(d.pd, "defence.pd", { integer: true, min: 0, max: 20 }),
  };
  if (d.weapon !== undefined) {
    if (type !== "parry")
      throw new InputError("defence.weapon", d.weapon, "only a parry uses a weapon");
    const w = readObject(d.weapon, "defence.weapon");
    checkKeys(w, "defence.weapon", ["damage", "type", "unarmed", "breakResistant"]);
    out.weapon = {
      ...(w.damage === undefined
        ? {}
        : {
            damage: parseDamageExpr(
              readString(w.damage, "defence.weapon.damage"),
              "defence.weapon.damage",
            ),
          }),
      ...(w.type === undefined
        ? {}
        : { type: readEnum(w.type, "defence.weapon.type", DAMAGE_TYPES) }),
      unarmed: readBoolean(w.unarmed, "defence.weapon.unarmed", false),
      breakResistant: readBoolean(w.breakResistant, "defence.weapon.breakResistant", false),
    };
    if (out.weapon.damage && !out.weapon.type) {
      throw new InputError(
        "defence.weapon.type",
        w.type,
        "a weapon's damage needs its type (cut, imp or cr)",
      );
    }
  }
  return out;
}

/** The whole `resolve` input: the declaration, and the defence as the answer to its prompt. */
export function parseResolveInput(raw: Record<string, unknown>): {
  decl: M2mDeclaration;
  answers: Answers;
} {
  const decl = parseDeclaration(raw);
  if (raw.defence === undefined) return { decl, answers: {} };
  parseDefence(raw.defence);
  return { decl, answers: { defence: [raw.defence] } };
}
