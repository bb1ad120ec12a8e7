/**
 * Validates untrusted JSON (the CLI's `resolve` input, stored chat-card data, prompt answers)
 * into an hmzd declaration and choices. Every error names the field and the value.
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
import { readHmEml } from "../shared/hm-test";
import { HMZD_PLAN_IDS, planById, type HmzdPlanId } from "./character";
import {
  mayTakeStrikeTAs,
  strikerOf,
  tacticalAdvantagesOf,
  defaultSpend,
  zoneDieOn,
} from "./exchange";
import { planLocationIds, validatePlan } from "./plan";
import { HUMAN_PLAN } from "./tables";
import {
  HMZD_ASPECTS,
  HMZD_DEFENCES,
  HMZD_FIGHTER_STATES,
  HMZD_TA_TYPES,
  type HmzdArmourMap,
  type HmzdAspect,
  type HmzdAttack,
  type HmzdDeclaration,
  type HmzdDefence,
  type HmzdExchangeState,
  type HmzdFighter,
  type HmzdOptions,
  type HmzdPick,
  type HmzdPlan,
  type HmzdSpend,
  type HmzdTaType,
  type HmzdWeapon,
} from "./types";

export const DEFAULT_HMZD_OPTIONS: Readonly<HmzdOptions> = Object.freeze({ specialEffects: true });

/** The aspect letters of the seed (001:93, 107: B, E, P, F) read as the aspect names. */
const ASPECT_LETTERS: Readonly<Record<string, HmzdAspect>> = Object.freeze({
  B: "blunt",
  E: "edge",
  P: "point",
  F: "fire",
});
const ASPECT_INPUTS = [...HMZD_ASPECTS, ...Object.keys(ASPECT_LETTERS)];

function readAspect(value: unknown, field: string): HmzdAspect {
  const a = readEnum(value, field, ASPECT_INPUTS);
  return Object.hasOwn(ASPECT_LETTERS, a) ? ASPECT_LETTERS[a]! : (a as HmzdAspect);
}

/** A weapon: `{ zoneDie, impact: { die, base, aspect } }` (001:29-30, 95; Z12). */
function readWeapon(value: unknown, field: string, zoneDieNeeded: boolean): HmzdWeapon {
  const w = readObject(value, field);
  checkKeys(w, field, ["zoneDie", "impact"]);
  const i = readObject(w.impact, `${field}.impact`);
  checkKeys(i, `${field}.impact`, ["die", "base", "aspect"]);
  // A missile's zone die is Z4's, not the weapon's: it may be left out.
  const zoneDie =
    !zoneDieNeeded && w.zoneDie === undefined
      ? 10
      : readNumber(w.zoneDie, `${field}.zoneDie`, { integer: true, min: 1, max: 100 });
  return {
    zoneDie,
    impact: {
      die: readNumber(i.die, `${field}.impact.die`, { integer: true, min: 1, max: 100 }),
      base: readNumber(i.base, `${field}.impact.base`, { integer: true, min: -50, max: 100 }),
      aspect: readAspect(i.aspect, `${field}.impact.aspect`),
    },
  };
}

function readArmour(value: unknown, field: string, plan: HmzdPlan): HmzdArmourMap {
  if (value === undefined) return {};
  const obj = readObject(value, field);
  const ids = planLocationIds(plan);
  const out: Record<string, Partial<Record<HmzdAspect, number>>> = {};
  for (const loc of Object.keys(obj)) {
    if (!ids.includes(loc))
      throw new InputError(
        `${field}.${loc}`,
        obj[loc],
        `unknown location of body plan ${plan.id} (expected one of ${ids.join(", ")})`,
      );
    const p = readObject(obj[loc], `${field}.${loc}`);
    checkKeys(p, `${field}.${loc}`, HMZD_ASPECTS);
    const entry: Partial<Record<HmzdAspect, number>> = {};
    for (const a of HMZD_ASPECTS)
      if (p[a] !== undefined)
        entry[a] = readNumber(p[a], `${field}.${loc}.${a}`, { integer: true, min: 0, max: 100 });
    out[loc] = entry;
  }
  return out;
}

/** A body plan: absent (human), a plan id (`human`, `dog`, `horse`, Z14, Z24) or a plan object. */
function readPlan(value: unknown, field: string): HmzdPlan {
  if (value === undefined) return HUMAN_PLAN;
  if (typeof value === "string") {
    if ((HMZD_PLAN_IDS as readonly string[]).includes(value)) return planById(value as HmzdPlanId);
    throw new InputError(
      field,
      value,
      `expected one of ${HMZD_PLAN_IDS.map((id) => `"${id}"`).join(", ")} or a body plan object`,
    );
  }
  return validatePlan(value, field);
}

const ATTRIBUTE = { integer: true, min: 1, max: 99 } as const;

function readFighter(value: unknown, field: "attacker" | "defender", str?: number): HmzdFighter {
  const o = readObject(value, field);
  checkKeys(o, field, [
    "str",
    "shock",
    "endurance",
    "dex",
    "agl",
    "state",
    "setup",
    "actionTaken",
    "armour",
    "bodyPlan",
  ]);
  const plan = readPlan(o.bodyPlan, `${field}.bodyPlan`);
  const endurance = readNumber(o.endurance, `${field}.endurance`, ATTRIBUTE);
  const ownStr = o.str === undefined ? undefined : readNumber(o.str, `${field}.str`, ATTRIBUTE);
  if (ownStr === undefined && str === undefined)
    throw new InputError(`${field}.str`, o.str, "expected a whole number (the fighter's STR)");
  return {
    str: (ownStr ?? str)!,
    // Z7: the Shock skill, or 5 × Endurance without one.
    shock:
      o.shock === undefined
        ? 5 * endurance
        : readNumber(o.shock, `${field}.shock`, { integer: true, min: -500, max: 500 }),
    endurance,
    dex: readNumber(o.dex, `${field}.dex`, ATTRIBUTE),
    agl: readNumber(o.agl, `${field}.agl`, ATTRIBUTE),
    state:
      o.state === undefined ? "none" : readEnum(o.state, `${field}.state`, HMZD_FIGHTER_STATES),
    setup:
      o.setup === undefined
        ? 0
        : readNumber(o.setup, `${field}.setup`, { integer: true, min: 0, max: 10 }),
    actionTaken: readBoolean(o.actionTaken, `${field}.actionTaken`, false),
    armour: readArmour(o.armour, `${field}.armour`, plan),
    plan,
  };
}

/**
 * A placement must let the zone die fit the victim's plan (hmzd.md §2 ruling: placement + die −
 * 1 ≤ the plan's last zone, 10 for a human). A weapon's die larger than the plan rolls a die of
 * the plan's size (Z33), which fits from placement 1 only.
 */
export function checkPlacement(
  placement: number,
  weaponDie: number,
  plan: HmzdPlan,
  field: string,
): void {
  const zoneDie = zoneDieOn(weaponDie, plan);
  if (placement + zoneDie - 1 > plan.zoneCount)
    throw new InputError(
      field,
      placement,
      `placement + zone die d${zoneDie}${zoneDie !== weaponDie ? ` (the weapon's d${weaponDie} on a ${plan.zoneCount}-zone plan, Z33)` : ""} − 1 = ${placement + zoneDie - 1} is beyond the last zone ${plan.zoneCount} of body plan ${plan.id} (hmzd.md §2)`,
    );
}

function readStr(value: unknown, field: string): number | undefined {
  return value === undefined ? undefined : readNumber(value, field, ATTRIBUTE);
}

export function parseDeclaration(raw: unknown): HmzdDeclaration {
  const o = readObject(raw, "input");
  checkKeys(o, "", ["attack", "defence", "attacker", "defender", "spend", "pick", "options"]);
  const a = readObject(o.attack, "attack");
  checkKeys(a, "attack", ["type", "eml", "weapon", "mode", "placement", "aimed", "str"]);
  const type = readEnum(a.type, "attack.type", ["melee", "missile"] as const);
  const weapon = readWeapon(a.weapon, "attack.weapon", type === "melee");
  const aimed = type === "missile" ? readBoolean(a.aimed, "attack.aimed", false) : false;
  if (type === "melee" && a.aimed !== undefined)
    throw new InputError("attack.aimed", a.aimed, "only a missile is aimed (Z4): use placement");
  const placement =
    a.placement === undefined
      ? 1
      : readNumber(a.placement, "attack.placement", { integer: true, min: 1, max: 100 });
  if (type === "missile" && !aimed && placement !== 1)
    throw new InputError(
      "attack.placement",
      placement,
      "an unaimed missile strikes the whole body from zone 1 (Z4): set attack.aimed to place it",
    );
  const attackStr = readStr(a.str, "attack.str");
  const attacker = readFighter(o.attacker, "attacker", attackStr);
  if (attackStr !== undefined && attacker.str !== attackStr)
    throw new InputError("attack.str", attackStr, `differs from attacker.str (${attacker.str})`);
  const defender = readFighter(o.defender, "defender");
  // 001:160-161: an INC or UNC fighter takes no actions.
  if (attacker.state === "INC" || attacker.state === "UNC")
    throw new InputError(
      "attacker.state",
      attacker.state,
      "an incapacitated or unconscious fighter cannot attack (001:160-161)",
    );
  const zoneDie = type === "melee" ? weapon.zoneDie : aimed ? 6 : defender.plan.zoneCount;
  checkPlacement(placement, zoneDie, defender.plan, "attack.placement");
  const attack: HmzdAttack = {
    type,
    eml: readHmEml(a.eml, "attack.eml"),
    weapon,
    placement,
    aimed,
  };
  if (a.mode !== undefined) attack.mode = readString(a.mode, "attack.mode");
  const options = { ...DEFAULT_HMZD_OPTIONS };
  if (o.options !== undefined) {
    const op = readObject(o.options, "options");
    checkKeys(op, "options", Object.keys(DEFAULT_HMZD_OPTIONS));
    options.specialEffects = readBoolean(
      op.specialEffects,
      "options.specialEffects",
      DEFAULT_HMZD_OPTIONS.specialEffects,
    );
  }
  return { attack, attacker, defender, options };
}

/** The defences an attack allows: no Counterstrike against a missile (Z4). */
export function defencesFor(attackType: "melee" | "missile"): readonly HmzdDefence["type"][] {
  return attackType === "melee" ? HMZD_DEFENCES : ["block", "dodge", "ignore"];
}

/** The defender's defence, checked against the declaration (Z3, Z4, §2 placement). */
export function parseDefence(raw: unknown, decl: HmzdDeclaration): HmzdDefence {
  const d = readObject(raw, "defence");
  checkKeys(d, "defence", ["type", "eml", "weapon", "mode", "placement", "shield", "str"]);
  const type = readEnum(d.type, "defence.type", HMZD_DEFENCES);
  const state = decl.defender.state;
  if ((state === "INC" || state === "UNC") && type !== "ignore")
    throw new InputError(
      "defence.type",
      type,
      `an ${state} defender must Ignore (Z3; 001:160-161)`,
    );
  if (decl.attack.type === "missile" && type === "counterstrike")
    throw new InputError(
      "defence.type",
      type,
      "counterstrike is not possible against a missile attack (Z4)",
    );
  if (d.str !== undefined) {
    const str = readStr(d.str, "defence.str")!;
    if (str !== decl.defender.str)
      throw new InputError("defence.str", str, `differs from defender.str (${decl.defender.str})`);
  }
  if (type === "ignore") {
    // As hm3: the defender's EML and weapon may come along (checked, unused); an Ignore is
    // neither placed nor made with a shield.
    if (d.eml !== undefined) readHmEml(d.eml, "defence.eml");
    if (d.weapon !== undefined) readWeapon(d.weapon, "defence.weapon", true);
    for (const k of ["placement", "shield"] as const)
      if (d[k] !== undefined)
        throw new InputError(`defence.${k}`, d[k], "an Ignore makes no roll and no strike");
    return { type };
  }
  const defence: HmzdDefence = { type, eml: readHmEml(d.eml, "defence.eml") };
  if (d.mode !== undefined) defence.mode = readString(d.mode, "defence.mode");
  const shield = readBoolean(d.shield, "defence.shield", false);
  if (type === "block") {
    if (decl.attack.type === "missile" && !shield)
      throw new InputError(
        "defence.shield",
        d.shield,
        "a missile is blocked with a shield only (Z4): set defence.shield to true",
      );
    if (shield) defence.shield = true;
  } else if (d.shield !== undefined)
    throw new InputError("defence.shield", d.shield, "only a Block is made with a shield");
  if (type === "counterstrike") {
    // Z42: the counterstriking defender announces his own placement on the attacker's plan.
    defence.weapon = readWeapon(d.weapon, "defence.weapon", true);
    const placement =
      d.placement === undefined
        ? 1
        : readNumber(d.placement, "defence.placement", { integer: true, min: 1, max: 100 });
    checkPlacement(placement, defence.weapon.zoneDie, decl.attacker.plan, "defence.placement");
    defence.placement = placement;
  } else {
    // The contract lets every defence carry the defender's weapon; only a Counterstrike strikes.
    if (d.weapon !== undefined) readWeapon(d.weapon, "defence.weapon", true);
    if (d.placement !== undefined)
      throw new InputError("defence.placement", d.placement, "only a Counterstrike is placed");
  }
  return defence;
}

/** The most of each TA type the victor may take (Z6). */
export function spendLimits(state: HmzdExchangeState): HmzdSpend {
  const tas = tacticalAdvantagesOf(state.stars);
  const strikeTAs = mayTakeStrikeTAs(state.victor, state.defence!.type);
  const victor = state.victor === "attacker" ? state.decl.attacker : state.decl.defender;
  return {
    impact: strikeTAs ? tas : 0,
    precision: strikeTAs ? tas : 0,
    action: victor.actionTaken ? 0 : Math.min(1, tas),
    setup: tas,
  };
}

/** A TA count's rule (made once, not per answer). */
const TA_COUNT = Object.freeze({ integer: true, min: 0, max: 100 });

/** One TA type's count of a spend, within the most the victor may take of it (Z6). */
function readCount(
  value: unknown,
  k: HmzdTaType,
  field: string,
  limits: HmzdSpend,
  tas: number,
): number {
  const n = value === undefined ? 0 : readNumber(value, field, TA_COUNT);
  if (n > limits[k]) {
    const why =
      k === "action"
        ? limits.action === 0 && tas > 0
          ? "the victor has taken an Action TA this round already (Z6)"
          : "at most one Action TA a round (Z6)"
        : (k === "impact" || k === "precision") && limits[k] === 0
          ? "a defender who won a Block or Dodge takes only Action and Setup (Z6)"
          : `the victor has ${tas} TA${tas === 1 ? "" : "s"}`;
    throw new InputError(field, n, why);
  }
  return n;
}

/** The victor's spend (Z6); absent: every TA on Impact for a striker, on Setup for a defender. */
export function parseSpend(raw: unknown, state: HmzdExchangeState): HmzdSpend {
  const tas = tacticalAdvantagesOf(state.stars);
  if (raw === undefined || raw === null)
    return defaultSpend(tas, strikerOf(state.victor, state.defence!.type) !== null);
  const o = readObject(raw, "spend");
  checkKeys(o, "spend", HMZD_TA_TYPES);
  const limits = spendLimits(state);
  // Each type by name, in HMZD_TA_TYPES' order: a loop over the names read and wrote every
  // field by a computed key, most of this function's time (issue 18, docs/performance.md).
  const spend: HmzdSpend = {
    impact: readCount(o.impact, "impact", "spend.impact", limits, tas),
    precision: readCount(o.precision, "precision", "spend.precision", limits, tas),
    action: readCount(o.action, "action", "spend.action", limits, tas),
    setup: readCount(o.setup, "setup", "spend.setup", limits, tas),
  };
  const total = spend.impact + spend.precision + spend.action + spend.setup;
  if (total > tas)
    throw new InputError(
      "spend",
      raw,
      `spends ${total} TAs, the victor has ${tas} (${state.stars} stars, Z6)`,
    );
  return spend;
}

/** The striker's pick among the zone dice rolled (Z5): an index, default the first. */
export function parsePick(raw: unknown, state: HmzdExchangeState): HmzdPick {
  const rolls = state.zoneRolls ?? [];
  const value =
    raw !== null && typeof raw === "object" && !Array.isArray(raw)
      ? (() => {
          const o = readObject(raw, "pick");
          checkKeys(o, "pick", ["index"]);
          return o.index;
        })()
      : raw;
  if (value === undefined) return { index: 0 };
  const index = readNumber(value, "pick", { integer: true, min: 0, max: rolls.length - 1 });
  return { index };
}

/**
 * The whole `resolve` input: the declaration, and the answers the prompts take (`defence`,
 * `spend` as `spendStars`, `pick` as `pickZone`). An absent `spend` or `pick` takes its default
 * (`Ruleset.defaultChoice`).
 */
export function parseResolveInput(raw: Record<string, unknown>): {
  decl: HmzdDeclaration;
  answers: Answers;
} {
  const decl = parseDeclaration(raw);
  const answers: Record<string, unknown[]> = {};
  const forced = decl.defender.state === "INC" || decl.defender.state === "UNC";
  if (raw.defence !== undefined) {
    // Checked before any die is rolled; a forced Ignore (Z3) takes no answer.
    parseDefence(raw.defence, decl);
    if (!forced) answers.defence = [raw.defence];
  } else if (!forced) {
    throw new InputError("defence", raw.defence, "expected the defender's defence");
  }
  if (raw.spend !== undefined) {
    const o = readObject(raw.spend, "spend");
    checkKeys(o, "spend", HMZD_TA_TYPES);
    answers.spendStars = [raw.spend];
  }
  if (raw.pick !== undefined) {
    readNumber(raw.pick, "pick", { integer: true, min: 0, max: 100 });
    answers.pickZone = [raw.pick];
  }
  return { decl, answers };
}
