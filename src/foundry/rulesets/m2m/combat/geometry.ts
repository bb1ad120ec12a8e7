/**
 * What the map does to a GURPS Man to Man attack in Foundry (issue 17): from the attack's
 * situation as measured on the canvas (or set in the dialog) and the weapon, the attack kind
 * (a thrown weapon is `thrown`: block and parry allowed, spec §6.4 C9; a missile `missile`: no
 * parry), the hex it comes from in the defender's arcs (Advanced only, ruling M108), and the
 * flow declaration's situation rows: snap shot, point blank or range with half damage (§12.3,
 * the scene's distance in yards by ruling M109), light (ruling M110), and a wild swing or blind
 * shot when the defender is outside the attacker's front. The rules are
 * src/rules/m2m/situation.ts; this reads the request and the items. Pure: the GM's client
 * rebuilds the same rows from its own measurement.
 */
import type { FighterItem, FighterSnapshot } from "../../../../core/combat";
import { InputError, readObject } from "../../../../core/errors";
import { ARCS, LIGHT_LEVELS, type Arc, type LightLevel } from "../../../../core/facing";
import type { FromHex } from "../../../../rules/m2m/defence";
import { formatDamageExpr, parseDamageExpr } from "../../../../rules/m2m/damage";
import { flowAttackTarget, parseFlowDeclaration } from "../../../../rules/m2m/flow";
import {
  fromHexOf,
  lightModifiers,
  offArcModifier,
  offArcOf,
  rangedSituation,
  yardsPerUnit,
  type OffArc,
} from "../../../../rules/m2m/situation";
import type { M2mActorDerived } from "../character-input";
import { rangedAttack } from "../item-convert";
import type { M2mMissileBlock } from "../item-data";

type Obj = Record<string, unknown>;

/** The world option that plays the Advanced rules with facing (the Advanced maneuvers, §4.3). */
export const ADVANCED_OPTION = "advancedManeuvers";

/** The map's part of an m2m attack, as the flow declaration carries it. */
export interface M2mMapAttack {
  kind: "melee" | "missile" | "thrown";
  fromHex: FromHex;
  situation: { key: string; value: number }[];
  halfDamage: boolean;
  /** +1 damage for a missile at point blank (L2907): added to the weapon's damage. */
  damageBonus: number;
  offArc: OffArc;
}

function readChoice<T extends string>(
  value: unknown,
  field: string,
  choices: readonly T[],
): T | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || !(choices as readonly string[]).includes(value))
    throw new InputError(field, value, `expected one of ${choices.join(", ")}`);
  return value as T;
}

/** The situation's map fields, checked (untrusted: the request's). */
export function readMapSituation(raw: unknown): {
  distance: number | null;
  fromArc: Arc | null;
  toArc: Arc | null;
  light: LightLevel | null;
  units: string | null;
} {
  const o = readObject(raw ?? {}, "situation");
  const d = o.distance;
  if (d !== undefined && d !== null && (typeof d !== "number" || !Number.isFinite(d) || d < 0))
    throw new InputError("situation.distance", d, "expected a distance of 0 or more");
  if (o.units !== undefined && o.units !== null && typeof o.units !== "string")
    throw new InputError("situation.units", o.units, "expected the scene's units");
  return {
    distance: typeof d === "number" ? d : null,
    fromArc: readChoice(o.fromArc, "situation.fromArc", ARCS),
    toArc: readChoice(o.toArc, "situation.toArc", ARCS),
    light: readChoice(o.light, "situation.light", LIGHT_LEVELS),
    units: typeof o.units === "string" ? o.units : null,
  };
}

/** The item's missile block, if it is a missile or thrown weapon. */
function missileOf(item: FighterItem | undefined): M2mMissileBlock | null {
  if (item?.type !== "missile") return null;
  return (item.system.m2m as M2mMissileBlock | undefined) ?? null;
}

/**
 * The distance in yards (ruling M109): the scene's units converted; units it cannot read (or
 * none) are taken as yards, as the dialog says.
 */
export function distanceYards(distance: number | null, units: string | null): number | null {
  if (distance === null) return null;
  return distance * (yardsPerUnit(units) ?? 1);
}

/** The attack kind an item makes: a thrown weapon is thrown, a bow shoots, a hand weapon strikes. */
export function kindOf(item: FighterItem | undefined): M2mMapAttack["kind"] {
  const m = missileOf(item);
  if (!m) return "melee";
  return m.kind === "thrown" ? "thrown" : "missile";
}

/**
 * The map's part of the attack with `item`: kind, the hex it comes from, its situation rows
 * (range and light; the wild swing or blind shot is added by `withOffArc`, which needs the skill
 * before it) and half damage. Throws an InputError on `situation.distance` for a ranged attack
 * with no distance or beyond the maximum range.
 */
export function m2mMapAttack(
  attacker: FighterSnapshot,
  item: FighterItem | undefined,
  situation: unknown,
  options: Readonly<Record<string, boolean>>,
): M2mMapAttack {
  const s = readMapSituation(situation);
  const advanced = options[ADVANCED_OPTION] === true;
  const kind = kindOf(item);
  const rows: M2mMapAttack["situation"] = [];
  let halfDamage = false;
  let damageBonus = 0;
  const missile = missileOf(item);
  if (missile) {
    const d = attacker.derived as M2mActorDerived;
    const st = d.character.attributes.st;
    const skill = d.character.skills[missile.skill];
    const r = rangedSituation(
      distanceYards(s.distance, s.units),
      rangedAttack(missile, st).ranges,
      {
        defaultSkill: skill !== undefined && skill.from !== "points",
      },
    );
    rows.push(...r.modifiers.map((m) => ({ key: m.key, value: m.value })));
    halfDamage = r.halfDamage;
    damageBonus = r.damageBonus;
  }
  rows.push(...lightModifiers(s.light).map((m) => ({ key: m.key, value: m.value })));
  return {
    kind,
    fromHex: fromHexOf(s.fromArc, advanced),
    situation: rows,
    halfDamage,
    damageBonus,
    offArc: offArcOf(s.toArc, kind !== "melee", advanced),
  };
}

/**
 * The raw flow declaration with what needs the rest of it: a missile's +1 damage at point blank
 * on the weapon's damage (L2907), and the wild swing's or blind shot's row (−5 or −10, or down
 * to a roll of 9, from the effective skill with everything else, L2155, L2871). A wild swing
 * cannot aim at a location (L2163): refused on `aim`.
 */
export function applyMap(raw: Obj, map: M2mMapAttack): Obj {
  const withBonus = map.damageBonus ? pointBlankDamage(raw, map.damageBonus) : raw;
  return withOffArc(withBonus, map.offArc);
}

/** The attacking weapon's modes with `bonus` more damage adds. */
function pointBlankDamage(raw: Obj, bonus: number): Obj {
  const attack = raw.attack as Obj;
  const attacker = raw.attacker as Obj;
  const weapons = (attacker.weapons as Obj[]).map((w) => {
    if (w.id !== attack.weapon) return w;
    const modes: Obj = {};
    for (const [k, m] of Object.entries(w.modes as Record<string, Obj>)) {
      const e = parseDamageExpr(m.damage as string, `attacker.weapons.${k}.damage`);
      modes[k] = { ...m, damage: formatDamageExpr({ dice: e.dice, adds: e.adds + bonus }) };
    }
    return { ...w, modes };
  });
  return { ...raw, attacker: { ...attacker, weapons } };
}

function withOffArc(raw: Obj, offArc: OffArc): Obj {
  if (!offArc) return raw;
  const attack = raw.attack as Obj;
  if (offArc === "wild-swing" && attack.target !== "random")
    throw new InputError("aim", attack.target, "a wild swing cannot aim at a location (L2163)");
  const before = flowAttackTarget(parseFlowDeclaration(raw)).value;
  const row = offArcModifier(offArc, before);
  return {
    ...raw,
    attack: {
      ...attack,
      situation: [...(attack.situation as unknown[]), { key: row.key, value: row.value }],
    },
  };
}
