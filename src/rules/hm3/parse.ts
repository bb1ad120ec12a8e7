/**
 * Validates untrusted JSON (the CLI's `resolve` input, stored chat-card data) into an HM3
 * declaration and defence. Every error names the field and the value.
 */
import { checkGoldParents, GOLD_DEFAULTS } from "./gold/options";
import {
  IMPACT_FIGHTER_KEYS,
  IMPACT_WEAPON_KEYS,
  readImpactFighter,
  readImpactWeapon,
} from "./gold/impact-parse";
import {
  checkTackleDefence,
  readRollsAttack,
  readRollsFighter,
  ROLLS_ATTACK_KEYS,
  ROLLS_FIGHTER_KEYS,
} from "./gold/rolls-parse";
import {
  ARMOUR_KEYS,
  ATTACK_KEYS as ARMOUR_ATTACK_KEYS,
  DEFENCE_KEYS as ARMOUR_DEFENCE_KEYS,
  checkArmourColumns,
  readArmourAttack,
  readArmourDefence,
  readArmourWeapon,
  readLayerColumns,
} from "./gold/armour-parse";
import {
  EML_ATTACK_FIELDS,
  EML_DEFENCE_FIELDS,
  readEmlAttack,
  readEmlDefence,
} from "./gold/eml-rules";
import { applyAimAt } from "./gold/aim-parse";
import {
  PAIRED_ATTACK_KEYS,
  PAIRED_DEFENCE_KEYS,
  PAIRED_FIGHTER_KEYS,
  readPairedDeclaration,
  readPairedDefence,
  readPairedFighter,
} from "./gold/paired-parse";
import {
  checkKeys,
  InputError,
  readBoolean,
  readEnum,
  readNumber,
  readObject,
} from "../../core/errors";
import { readHmEml } from "../shared/hm-test";
import type { Answers } from "../../core/ruleset";
import {
  DEFAULT_OPTIONS,
  type Hm3Attack,
  type Hm3Options,
  type Hm3Declaration,
  type Hm3Defence,
  type Hm3Fighter,
  type Hm3Holds,
  type StrikeWeapon,
} from "./exchange";
import {
  armourAspect,
  armourFromLayers,
  isPaired,
  parseMaterial,
  flammableFromLayers,
  type ArmourLayer,
  type Flammable,
} from "./mechanics";
import {
  AIM_ZONES,
  ASPECT_ALIASES,
  ASPECTS,
  LOCATIONS,
  MELEE_DEFENCES,
  type AimZone,
  type LocationId,
} from "./tables";
import { canAim, validateBodyPlan } from "./body-plan";
import { HM3_CREATURE_ATTRIBUTE_MAX, type Hm3BodyPlanInput } from "./character-types";

const ASPECT_NAMES = [...ASPECTS, ...Object.keys(ASPECT_ALIASES)];
/** An armour map entry's columns: HM3's four and HârnMaster Gold's Squeeze and Tear. */
const ARMOUR_COLUMNS = [...ASPECTS, ...ARMOUR_KEYS];

/** EML as given: a whole number or an itemised target (src/rules/shared/hm-test.ts). */
const readEml = readHmEml;

function readImpact(value: unknown, field: string): number {
  return readNumber(value, field, { integer: true, min: 0, max: 100 });
}

function readWq(value: unknown, field: string): number | undefined {
  return value === undefined
    ? undefined
    : readNumber(value, field, { integer: true, min: 1, max: 30 });
}

function readStrike(obj: Record<string, unknown>, field: string): StrikeWeapon {
  const aspect = readEnum(obj.aspect, `${field}.aspect`, ASPECT_NAMES);
  if (!armourAspect(aspect)) throw new InputError(`${field}.aspect`, aspect, "unknown aspect");
  const aim = obj.aim === undefined ? "mid" : readEnum(obj.aim, `${field}.aim`, AIM_ZONES);
  const wq = readWq(obj.wq, `${field}.wq`);
  return {
    aspect,
    aim,
    impact: readImpact(obj.impact, `${field}.impact`),
    ...(wq !== undefined ? { wq } : {}),
  };
}

const LOCATION_IDS: string[] = LOCATIONS.flatMap((l: LocationId) =>
  isPaired(l) ? [l, `left-${l}`, `right-${l}`] : [l],
);

/** The location ids armour may name on a fighter: the plan's, or the human ones. */
function locationIdsOf(plan: Hm3BodyPlanInput | undefined): string[] {
  return plan
    ? plan.locations.flatMap((l) => (l.paired ? [l.id, `left-${l.id}`, `right-${l.id}`] : [l.id]))
    : LOCATION_IDS;
}

/** The location ids as a Set, once per list (a fighter's armour is read at every exchange). */
const ID_SETS = new WeakMap<readonly string[], ReadonlySet<string>>();
function idSet(ids: readonly string[]): ReadonlySet<string> {
  let set = ID_SETS.get(ids);
  if (!set) {
    set = new Set(ids);
    ID_SETS.set(ids, set);
  }
  return set;
}

function readArmour(
  value: unknown,
  field: string,
  ids: readonly string[],
  options: Hm3Options,
): Hm3Fighter["armour"] {
  if (value === undefined) return {};
  const obj = readObject(value, field);
  const known = idSet(ids);
  const out: Record<string, Record<string, number>> = {};
  for (const loc of Object.keys(obj)) {
    const prot = obj[loc];
    if (!known.has(loc))
      throw new InputError(
        `${field}.${loc}`,
        prot,
        `unknown location (expected one of ${ids.join(", ")})`,
      );
    const p = readObject(prot, `${field}.${loc}`);
    checkKeys(p, `${field}.${loc}`, ARMOUR_COLUMNS);
    checkArmourColumns(p, `${field}.${loc}`, options);
    const entry: Record<string, number> = {};
    for (const a of ARMOUR_COLUMNS) {
      const v = p[a];
      if (v === undefined) continue;
      // A whole number 0..100 is taken as it is; anything else goes to readNumber, which names
      // the field (built only then: a fighter's armour is read at every exchange).
      entry[a] =
        typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 100
          ? v
          : readNumber(v, `${field}.${loc}.${a}`, { integer: true, min: 0, max: 100 });
    }
    out[loc] = entry;
  }
  return out;
}

function readLayers(
  value: unknown,
  field: string,
  ids: readonly string[],
  options: Hm3Options,
): ArmourLayer[] {
  if (!Array.isArray(value)) throw new InputError(field, value, "expected a list of armour layers");
  return value.map((raw, i) => {
    const f = `${field}[${i}]`;
    const o = readObject(raw, f);
    checkKeys(o, f, ["material", "quality", "enchantment", "locations", ...ARMOUR_KEYS]);
    const locations = o.locations;
    if (!Array.isArray(locations) || locations.length === 0)
      throw new InputError(`${f}.locations`, locations, "expected a list of locations");
    for (const [j, loc] of locations.entries()) {
      if (typeof loc !== "string" || !ids.includes(loc))
        throw new InputError(`${f}.locations[${j}]`, loc, "unknown location");
    }
    return {
      material: parseMaterial(o.material, `${f}.material`),
      quality:
        o.quality === undefined
          ? 0
          : readNumber(o.quality, `${f}.quality`, { integer: true, min: -10, max: 10 }),
      enchantment:
        o.enchantment === undefined
          ? 0
          : readNumber(o.enchantment, `${f}.enchantment`, { integer: true, min: 0, max: 10 }),
      locations: locations as string[],
      ...readLayerColumns(o, f, options),
    };
  });
}

function readFlammable(
  value: unknown,
  field: string,
  ids: readonly string[],
): Record<string, Flammable> {
  const obj = readObject(value, field);
  const out: Record<string, Flammable> = {};
  for (const [loc, material] of Object.entries(obj)) {
    if (!ids.includes(loc)) throw new InputError(`${field}.${loc}`, material, "unknown location");
    out[loc] = readEnum(material, `${field}.${loc}`, ["cloth", "quilt"] as const);
  }
  return out;
}

function readFighter(value: unknown, field: string, options: Hm3Options): Hm3Fighter {
  const o = readObject(value, field);
  checkKeys(o, field, [
    "endurance",
    "up",
    "dex",
    "agl",
    "pp",
    "armour",
    "layers",
    "flammable",
    "bodyPlan",
    ...ROLLS_FIGHTER_KEYS,
    ...IMPACT_FIGHTER_KEYS,
    ...PAIRED_FIGHTER_KEYS,
  ]);
  // An object (brute force, gold/paired-object.ts) has no attributes: 1 stands in for them.
  const none = o.object !== undefined ? 1 : undefined;
  // A creature's body plan (ruling R16); armour then names its location ids.
  const bodyPlan =
    o.bodyPlan === undefined ? undefined : validateBodyPlan(o.bodyPlan, `${field}.bodyPlan`);
  const ids = locationIdsOf(bodyPlan);
  const attr = (k: string, min: number, max: number, fallback?: number) =>
    o[k] === undefined && fallback !== undefined
      ? fallback
      : readNumber(o[k], `${field}.${k}`, { integer: true, min, max });
  let armour = readArmour(o.armour, `${field}.armour`, ids, options);
  let flammable =
    o.flammable === undefined ? undefined : readFlammable(o.flammable, `${field}.flammable`, ids);
  if (o.layers !== undefined) {
    if (o.armour !== undefined)
      throw new InputError(`${field}.layers`, o.layers, "give either armour or layers, not both");
    if (o.flammable !== undefined)
      throw new InputError(
        `${field}.flammable`,
        o.flammable,
        "with layers, flammable armour comes from the layers",
      );
    const layers = readLayers(o.layers, `${field}.layers`, ids, options);
    armour = armourFromLayers(layers, bodyPlan, options.ringScaleArmour);
    flammable = flammableFromLayers(layers, bodyPlan);
  }
  // PP = UP + encumbrance (hm3.md §2): never below UP, and UP when not given.
  const up = attr("up", 0, 100, 0);
  const pp = attr("pp", 0, 100, up);
  if (pp < up) {
    throw new InputError(`${field}.pp`, pp, `must be at least up (${up}): PP = UP + encumbrance`);
  }
  // A creature's attributes (and so its Endurance) go up to 99 (ruling R28).
  const max = HM3_CREATURE_ATTRIBUTE_MAX;
  return {
    endurance: attr("endurance", 1, max, none),
    up,
    dex: attr("dex", 1, max, none),
    agl: attr("agl", 1, max, none),
    pp,
    armour,
    ...(flammable ? { flammable } : {}),
    ...(bodyPlan ? { bodyPlan } : {}),
    ...readPairedFighter(o, field),
  };
}

/** A strike aimed at a zone the victim's body plan has no points in is refused (ruling R16). */
export function checkAim(aim: AimZone, victim: Hm3Fighter, field: string): void {
  if (victim.bodyPlan && !canAim(victim.bodyPlan, aim))
    throw new InputError(
      field,
      aim,
      `body plan ${victim.bodyPlan.name} cannot be struck in the ${aim} zone`,
    );
}

/** Parses the whole `resolve` input: the declaration, and the defence as the one choice. */
export function parseResolveInput(raw: Record<string, unknown>): {
  decl: Hm3Declaration;
  answers: Answers;
} {
  checkKeys(raw, "", ["attack", "defence", "attacker", "defender", "options", "defenderHolds"]);
  const decl = parseDeclaration(raw);
  // Validate the defence here too, so a bad one is reported before any dice are rolled.
  const defence = parseDefence(raw.defence, decl.attack.type, decl);
  if (defence.strike) checkAim(defence.strike.aim, decl.attacker, "defence.aim");
  checkTackleDefence(decl.attack, defence.type);
  return { decl, answers: { defence: [raw.defence] } };
}

export function parseDeclaration(raw: unknown): Hm3Declaration {
  const o = readObject(raw, "input");
  checkKeys(o, "", ["attack", "defence", "attacker", "defender", "options", "defenderHolds"]);
  const a = readObject(o.attack, "attack");
  checkKeys(a, "attack", [
    "type",
    "eml",
    "aspect",
    "aim",
    "impact",
    "wq",
    ...ROLLS_ATTACK_KEYS,
    ...IMPACT_WEAPON_KEYS,
    ...ARMOUR_ATTACK_KEYS,
    ...EML_ATTACK_FIELDS,
    "aimAt",
    ...PAIRED_ATTACK_KEYS,
  ]);
  const type = readEnum(a.type, "attack.type", ["melee", "missile"] as const);
  const options = { ...DEFAULT_OPTIONS };
  if (o.options !== undefined) {
    const op = readObject(o.options, "options");
    checkKeys(op, "options", Object.keys(DEFAULT_OPTIONS));
    for (const k of Object.keys(DEFAULT_OPTIONS) as (keyof typeof DEFAULT_OPTIONS)[]) {
      options[k] = readBoolean(op[k], `options.${k}`, DEFAULT_OPTIONS[k]);
    }
    checkGoldParents(options);
  }
  const strike = readStrike(a, "attack");
  const attack: Hm3Attack = {
    type,
    target: readEml(a.eml, "attack.eml"),
    ...strike,
    ...readArmourWeapon(a, "attack", options, strike),
    ...readArmourAttack(a, options),
  };
  // HârnMaster Gold EML options (gold/eml-rules.ts): feint, darkness, dodged, recovery, mounted.
  readEmlAttack(a, attack, options);
  // HârnMaster Gold rolls group (gold/rolls-parse.ts): non-lethal attacks, unarmed styles.
  const rolls = readRollsAttack(a, options, type, attack.target);
  Object.assign(attack, rolls.fields, { target: rolls.target });
  // HârnMaster Gold impact group (gold/impact-parse.ts): angry strike, blunt base, grip.
  const impact = readImpactWeapon(a, "attack", options, attack.target, type === "melee");
  Object.assign(attack, impact.weapon, { target: impact.target });
  if (impact.enraged) attack.enraged = true;
  const attacker = readFighter(o.attacker, "attacker", options);
  const defender = readFighter(o.defender, "defender", options);
  for (const [f, side] of [
    [attacker, "attacker"],
    [defender, "defender"],
  ] as const) {
    const ids = f.bodyPlan ? f.bodyPlan.locations.map((l) => l.id) : LOCATIONS;
    Object.assign(f, readRollsFighter(readObject(o[side], side), side, options));
    Object.assign(f, readImpactFighter(readObject(o[side], side), side, options, ids));
  }
  // Aimed melee (HârnMaster Gold, seed 000 lines 5-15): aim, column and EML modifiers.
  applyAimAt(a, attack, options, defender);
  checkAim(attack.aim, defender, "attack.aim");
  const decl: Hm3Declaration = { attack, attacker, defender, options };
  if (o.defenderHolds !== undefined) decl.defenderHolds = readHolds(o.defenderHolds);
  readPairedDeclaration(a, decl, readStrike);
  return decl;
}

/** What the defender has in hand (Block needs a weapon or shield, Counterstrike a weapon). */
function readHolds(value: unknown): Hm3Holds {
  const h = readObject(value, "defenderHolds");
  checkKeys(h, "defenderHolds", ["weapon", "shield"]);
  return {
    weapon: readBoolean(h.weapon, "defenderHolds.weapon"),
    shield: readBoolean(h.shield, "defenderHolds.shield"),
  };
}

/**
 * The defence; `decl` (the attack it answers) gives the HârnMaster Gold options and what the
 * attack imposes on the defence (gold/eml-rules.ts); without it every Gold option is off.
 */
export function parseDefence(raw: unknown, attackType: string, decl?: Hm3Declaration): Hm3Defence {
  const options: Hm3Options = decl?.options ?? DEFAULT_OPTIONS;
  const d = readObject(raw, "defence");
  checkKeys(d, "defence", [
    "type",
    "eml",
    "wq",
    "aspect",
    "aim",
    "impact",
    ...IMPACT_WEAPON_KEYS,
    ...ARMOUR_DEFENCE_KEYS,
    ...EML_DEFENCE_FIELDS,
    ...PAIRED_DEFENCE_KEYS,
  ]);
  const type = readEnum(d.type, "defence.type", MELEE_DEFENCES);
  if (attackType === "missile" && type === "counterstrike") {
    throw new InputError(
      "defence.type",
      type,
      "counterstrike is not possible against a missile attack (seed 003 lines 30, 141-149)",
    );
  }
  // The contract lets every defence carry the defender's weapon (eml, wq, aspect, aim, impact);
  // they are validated when given, and used where the rules use them: the EML by every defence
  // but Ignore, the WQ by Block, the strike by Counterstrike.
  const wq = readWq(d.wq, "defence.wq");
  // A counterstrike needs its weapon; the other defences check each weapon field given on its own.
  const read = type === "counterstrike" ? readStrike(d, "defence") : undefined;
  const strike = read ? { ...read, ...readArmourWeapon(d, "defence", options, read) } : undefined;
  const armourGold = readArmourDefence(d, type === "counterstrike", options);
  if (type !== "counterstrike") {
    if (d.aspect !== undefined) readEnum(d.aspect, "defence.aspect", ASPECT_NAMES);
    if (d.aim !== undefined) readEnum(d.aim, "defence.aim", AIM_ZONES);
    if (d.impact !== undefined) readImpact(d.impact, "defence.impact");
    const k = IMPACT_WEAPON_KEYS.find((key) => d[key] !== undefined);
    if (k)
      throw new InputError(`defence.${k}`, d[k], "only a counterstrike strikes (seed 000 line 25)");
  }
  const emlCtx = decl ?? { attack: {}, options: GOLD_DEFAULTS };
  const paired = readPairedDefence(d);
  if (type === "ignore") {
    if (d.eml !== undefined) readEml(d.eml, "defence.eml");
    const ignore: Hm3Defence = { type, ...armourGold, ...paired };
    readEmlDefence(d, ignore, emlCtx);
    return ignore;
  }
  let target = readEml(d.eml, "defence.eml");
  // An angry counterstrike (seed 000 line 25) and the counterstriking weapon's Gold fields.
  const impact = readImpactWeapon(d, "defence", options, target, type === "counterstrike");
  if (strike) Object.assign(strike, impact.weapon);
  target = impact.target;
  const defence: Hm3Defence = {
    type,
    target,
    ...paired,
    ...(wq !== undefined ? { wq } : {}),
    ...(type === "counterstrike" && strike ? { strike } : {}),
    ...armourGold,
  };
  // HârnMaster Gold EML options on the defence: feint, darkness, dodged, recovery, mounted.
  readEmlDefence(d, defence, emlCtx);
  return defence;
}
