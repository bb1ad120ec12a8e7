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
  type M2mDeclaration,
  type M2mDefence,
  type M2mDefender,
} from "./exchange";
import { ACTIVE_DEFENCES, DAMAGE_TYPES, HIT_LOCATIONS, type HitLocation } from "./types";

function readDefender(value: unknown): M2mDefender {
  const o = readObject(value, "defender");
  checkKeys(o, "defender", ["ht", "hp", "dr", "toughness", "shield", "crippled"]);
  const ht = readNumber(o.ht, "defender.ht", { integer: true, min: 1, max: 50 });
  const hp =
    o.hp === undefined
      ? ht
      : readNumber(o.hp, "defender.hp", { integer: true, min: -10 * ht, max: 200 });
  const dr: Partial<Record<HitLocation, number>> = {};
  if (o.dr !== undefined) {
    const d = readObject(o.dr, "defender.dr");
    for (const [loc, v] of Object.entries(d)) {
      if (!(HIT_LOCATIONS as readonly string[]).includes(loc)) {
        throw new InputError(
          `defender.dr.${loc}`,
          v,
          `unknown location (expected one of ${HIT_LOCATIONS.join(", ")})`,
        );
      }
      if (loc === "face") {
        throw new InputError(
          "defender.dr.face",
          v,
          "armour does not protect the face (L2458, L4762); the skull's DR 1 is added by the engine",
        );
      }
      dr[loc as HitLocation] = readNumber(v, `defender.dr.${loc}`, {
        integer: true,
        min: 0,
        max: 100,
      });
    }
  }
  const crippled: HitLocation[] = [];
  if (o.crippled !== undefined) {
    if (!Array.isArray(o.crippled))
      throw new InputError("defender.crippled", o.crippled, "expected a list of locations");
    o.crippled.forEach((loc, i) =>
      crippled.push(readEnum(loc, `defender.crippled[${i}]`, HIT_LOCATIONS)),
    );
  }
  return {
    ht,
    hp,
    dr,
    toughness:
      o.toughness === undefined
        ? 0
        : readNumber(o.toughness, "defender.toughness", { integer: true, min: 0, max: 10 }),
    shield: readBoolean(o.shield, "defender.shield", false),
    crippled,
  };
}

export function parseDeclaration(raw: unknown): M2mDeclaration {
  const o = readObject(raw, "input");
  checkKeys(o, "", ["attack", "defence", "defender", "options"]);
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
    checkKeys(op, "options", Object.keys(DEFAULT_M2M_OPTIONS));
    options.hitLocation = readBoolean(
      op.hitLocation,
      "options.hitLocation",
      DEFAULT_M2M_OPTIONS.hitLocation,
    );
    options.stun = readBoolean(op.stun, "options.stun", DEFAULT_M2M_OPTIONS.stun);
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
    defender: readDefender(o.defender),
    options,
  };
}

export function parseDefence(raw: unknown): M2mDefence {
  const d = readObject(raw, "defence");
  checkKeys(d, "defence", ["type", "score", "pd"]);
  const type = readEnum(d.type, "defence.type", ACTIVE_DEFENCES);
  const score =
    d.score === undefined && type === "none"
      ? 0
      : readNumber(d.score, "defence.score", { integer: true, min: 0, max: 50 });
  if (type === "none" && score !== 0)
    throw new InputError("defence.score", score, "no active defence has no score");
  return {
    type,
    score,
    pd: d.pd === undefined ? 0 : readNumber(d.pd, "defence.pd", { integer: true, min: 0, max: 20 }),
  };
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
