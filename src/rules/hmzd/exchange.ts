/**
 * One zone-die exchange (seed 001, `hmzd.md`): the opposed test and its stars (§1, Z1-Z3,
 * Z16-Z17), the victor's Tactical Advantages (Z6), the strike's zone, side and location (§2,
 * Z4, Z5, Z18), impact (§3, Z19), armour and injury (§4, Z9, Z13) and the Shock roll (§5, Z7).
 * Pure: dice are injected, every roll is named, and the state is plain data.
 *
 * Roll names: `attack`, `defence` (d100); the attacker's strike `zone` (its zone die),
 * `location` (d10), `zone.1`… (one per Precision TA), `impact` (the weapon's die) and the
 * defender's `shock` (d100); a defender's winning counterstrike the same prefixed `counter.`
 * (`counter.shock` is the attacker's); after the Shock roll, the Z10 special effects' `fumble`
 * or `stumble` (3d6, `special.ts`; `counter.fumble`, `counter.stumble` for the counterstrike).
 */
import type { RecordingDice } from "../../core/dice";
import type { Effect, Side } from "../../core/ruleset";
import { clamp, type Target } from "../../core/modifiers";
import { EML_MAX, EML_MIN, hmTestIndex } from "../shared/hm-test";
import { locationAt, sideAt, zoneAt } from "./plan";
import { specialEffects } from "./special";
import { combineShock, conditionChange, fallsProne } from "./state";
import { INJURY_BANDS, injuryBandIndex, SHOCK_MODIFIER, shockState, strModifier } from "./tables";
import {
  HMZD_LEVELS,
  type HmzdDeclaration,
  type HmzdDefence,
  type HmzdDefenceType,
  type HmzdFighter,
  type HmzdFighterState,
  type HmzdPlan,
  type HmzdImpact,
  type HmzdLevel,
  type HmzdShock,
  type HmzdSpend,
  type HmzdState,
  type HmzdStrike,
  type HmzdTest,
} from "./types";

// ── Levels and the opposed test (§1, Z1-Z3, Z16, Z17) ───────────────────────────────────────

/** The displayed level of a level value (Z1: CF 0 … CS 3; below CF shows CF, above CS CS, Z17). */
export function levelName(value: number): HmzdLevel {
  return value <= 0 ? "CF" : value >= 3 ? "CS" : HMZD_LEVELS[value]!;
}

/** The level value of a displayed level (Z1). */
export function levelValue(level: HmzdLevel): number {
  return HMZD_LEVELS.indexOf(level);
}

/**
 * The shift of a fighter's action tests (attack and defence alike, Z2): −1 when stunned
 * (001:139, 159), +1 for each Setup owed (001:172, Z16).
 */
export function testShift(f: HmzdFighter): number {
  return (f.state === "STN" ? -1 : 0) + f.setup;
}

/** A d100 test with its level shift: the roll's own level, and the shifted one (Z1, Z17). */
export function rollTest(dice: RecordingDice, name: string, eml: Target, shift: number): HmzdTest {
  return testOfRoll(dice.one(name, 100), eml, shift);
}

/** The test a d100 `roll` makes, without dice (`rollTest`'s; the odds enumerate every roll). */
export function testOfRoll(roll: number, eml: Target, shift: number): HmzdTest {
  const rolled = hmTestIndex(roll, eml.value);
  const value = rolled + shift;
  return {
    target: eml.value,
    roll,
    level: levelName(value),
    rolledLevel: HMZD_LEVELS[rolled]!,
    value,
    eml,
  };
}

/**
 * Whether the attack is made without a roll, counting CS (Z3): against an UNC defender in
 * melee only, "Helpless (CS Ignore result in melee)" (001:161, ruling Z40); a missile at him
 * is rolled against the Ignore (CF).
 */
export function helplessTarget(decl: HmzdDeclaration): boolean {
  return decl.defender.state === "UNC" && decl.attack.type === "melee";
}

/** The attack of an UNC defender's foe in melee (Z3, Z40): no roll, the level counts as CS. */
export function unopposedTest(eml: Target): HmzdTest {
  return { target: eml.value, roll: null, level: "CS", rolledLevel: "CS", value: 3, eml };
}

export interface Opposed {
  stars: number;
  victor: Side | null;
}

/**
 * Stars and victor of the opposed test (001:11, 001:57, hmzd.md §1). Levels are the shifted
 * values (Z17); an Ignore (`defence` null) counts as CF (§1 ruling, Z3). When neither side
 * succeeds there is no victor; otherwise the higher level wins a star per level of difference;
 * a tie of successes goes to the defender on a Block, to the higher roll on a Dodge (equal rolls
 * to the defender), to the attacker on a Counterstrike.
 */
export function opposed(
  type: HmzdDefenceType,
  attack: HmzdTest,
  defence: HmzdTest | null,
): Opposed {
  const a = attack.value;
  const d = defence ? defence.value : 0;
  if (a < 2 && d < 2) return { stars: 0, victor: null };
  if (a > d) return { stars: a - d, victor: "attacker" };
  if (d > a) return { stars: d - a, victor: "defender" };
  if (type === "counterstrike") return { stars: 1, victor: "attacker" };
  if (type === "dodge" && defence && attack.roll !== null && defence.roll !== null)
    return { stars: 1, victor: attack.roll > defence.roll ? "attacker" : "defender" };
  return { stars: 1, victor: "defender" };
}

/** The TAs of a victory: each star after the first (001:145). */
export function tacticalAdvantagesOf(stars: number): number {
  return stars > 1 ? stars - 1 : 0;
}

/** Who strikes: the attacker who won, or the defender whose counterstrike won (§1). */
export function strikerOf(victor: Side | null, defence: HmzdDefenceType): Side | null {
  if (victor === "attacker") return "attacker";
  if (victor === "defender" && defence === "counterstrike") return "defender";
  return null;
}

/** A defender who won a Block or Dodge takes only Action and Setup (Z6). */
export function mayTakeStrikeTAs(victor: Side | null, defence: HmzdDefenceType): boolean {
  return strikerOf(victor, defence) !== null;
}

/** The spend a prompt left unanswered takes: every TA on Impact for a striker, on Setup else. */
export function defaultSpend(tas: number, striker: boolean): HmzdSpend {
  return striker
    ? { impact: tas, precision: 0, action: 0, setup: 0 }
    : { impact: 0, precision: 0, action: 0, setup: tas };
}

// ── The strike (§2-§5) ──────────────────────────────────────────────────────────────────────

/** The roll names of a strike: the attacker's, or `counter.` for the counterstrike. */
export interface StrikeNames {
  zone: string;
  location: string;
  impact: string;
  shock: string;
  /** `zone.` (Precision's `zone.1`…). */
  precision: string;
  /** The prefix of the Z10 rolls (`fumble`, `stumble`): `""` or `counter.`. */
  prefix: string;
}

const ATTACK_NAMES: StrikeNames = Object.freeze({
  zone: "zone",
  location: "location",
  impact: "impact",
  shock: "shock",
  precision: "zone.",
  prefix: "",
});
const COUNTER_NAMES: StrikeNames = Object.freeze({
  zone: "counter.zone",
  location: "counter.location",
  impact: "counter.impact",
  shock: "counter.shock",
  precision: "counter.zone.",
  prefix: "counter.",
});

/** What a strike is made with and on whom. */
export interface StrikeSpec {
  by: Side;
  names: StrikeNames;
  zoneDie: number;
  placement: number;
  impact: HmzdImpact;
  strModifier: number;
  victim: HmzdFighter;
  /** The world option of Z10: roll the injury's special effects. */
  specialEffects: boolean;
}

/**
 * The zone die a weapon rolls on a plan (Z33): its own, or, when it has more sides than the
 * plan has zones (the militia spear's d8 on the 6-zone dog), a die of as many sides as the plan
 * has zones, from placement 1 (as Z18 for an unaimed missile).
 */
export function zoneDieOn(zoneDie: number, plan: HmzdPlan): number {
  return zoneDie > plan.zoneCount ? plan.zoneCount : zoneDie;
}

/**
 * The strike of a side: the attacker's weapon (a missile: d10 over the whole body, or d6 from
 * an aimed placement, Z4; on a creature plan the unaimed die has as many sides as the plan has
 * zones, Z18; no STR modifier, Z19), or the defender's counterstriking weapon.
 */
export function strikeSpec(decl: HmzdDeclaration, defence: HmzdDefence, by: Side): StrikeSpec {
  if (by === "attacker") {
    const { attack, defender } = decl;
    const missile = attack.type === "missile";
    return {
      by,
      names: ATTACK_NAMES,
      zoneDie: missile
        ? attack.aimed
          ? zoneDieOn(6, defender.plan)
          : defender.plan.zoneCount
        : zoneDieOn(attack.weapon.zoneDie, defender.plan),
      placement: missile && !attack.aimed ? 1 : attack.placement,
      impact: attack.weapon.impact,
      strModifier: missile ? 0 : strModifier(decl.attacker.str),
      victim: defender,
      specialEffects: decl.options.specialEffects,
    };
  }
  if (!defence.weapon) throw new Error("A counterstrike needs the defender's weapon.");
  return {
    by,
    names: COUNTER_NAMES,
    zoneDie: zoneDieOn(defence.weapon.zoneDie, decl.attacker.plan),
    placement: defence.placement ?? 1,
    impact: defence.weapon.impact,
    strModifier: strModifier(decl.defender.str),
    victim: decl.attacker,
    specialEffects: decl.options.specialEffects,
  };
}

/** The zone die, the d10 and one more zone die per Precision TA (001:19, Z5). */
export function rollZones(
  dice: RecordingDice,
  spec: StrikeSpec,
  precision: number,
): { zoneRolls: number[]; locationRoll: number } {
  const names = spec.names;
  const zoneRolls = [dice.one(names.zone, spec.zoneDie)];
  const locationRoll = dice.one(names.location, 10);
  for (let i = 1; i <= precision; i++) zoneRolls.push(dice.one(names.precision + i, spec.zoneDie));
  return { zoneRolls, locationRoll };
}

/**
 * The sided ids of each location id met (`left-shoulder`, `right-shoulder`), each string made
 * once: a string built per strike and then read as the armour map's key had to be hashed and
 * looked up anew every time (issue 18's speed pass, docs/performance.md). Bounded by the
 * location ids of the plans in use.
 */
const SIDED_IDS = new Map<string, readonly [left: string, right: string]>();
function sidedId(side: "left" | "right", id: string): string {
  let ids = SIDED_IDS.get(id);
  if (!ids) SIDED_IDS.set(id, (ids = [`left-${id}`, `right-${id}`]));
  return side === "left" ? ids[0] : ids[1];
}

/** The armour at a location for an aspect: the sided entry, else the unsided one (Z13, as hm3). */
export function armourAt(victim: HmzdFighter, sided: string, bare: string, aspect: string): number {
  const armour = victim.armour as Readonly<Record<string, Readonly<Record<string, number>>>>;
  const entry =
    (sided !== bare && Object.hasOwn(armour, sided) ? armour[sided] : undefined) ??
    (Object.hasOwn(armour, bare) ? armour[bare] : undefined);
  return entry?.[aspect] ?? 0;
}

/** A level's name from a d100 against an EML, unshifted (the Shock test, Z2, Z7). */
function shockTest(
  dice: RecordingDice,
  name: string,
  eml: number,
): { roll: number; level: HmzdLevel } {
  const roll = dice.one(name, 100);
  return { roll, level: HMZD_LEVELS[hmTestIndex(roll, eml)]! };
}

/**
 * Delivers a strike once its zone is kept: location, impact, armour, injury and shock, then the
 * injury's special effects (Z10; their condition effects pushed onto `effects`).
 */
export function deliverStrike(
  dice: RecordingDice,
  spec: StrikeSpec,
  zoneRolls: number[],
  pick: number,
  locationRoll: number,
  impactTAs: number,
  effects: Effect[],
): HmzdStrike {
  const plan = spec.victim.plan;
  const zoneValue = spec.placement + zoneRolls[pick]! - 1;
  const zone = zoneAt(plan, zoneValue);
  if (!zone) throw new Error(`Zone value ${zoneValue} is beyond body plan ${plan.id}.`);
  const loc = locationAt(zone, locationRoll);
  const side = loc.paired ? sideAt(zone, zoneValue, locationRoll) : null;
  const location = side ? sidedId(side, loc.id) : loc.id;
  const impactRoll = dice.one(spec.names.impact, spec.impact.die);
  // 001:93-99, 001:168: die + base + STR modifier + 5 per Impact TA.
  const impact = impactRoll + spec.impact.base + spec.strModifier + 5 * impactTAs;
  const aspect = spec.impact.aspect;
  const armour = armourAt(spec.victim, location, loc.id, aspect);
  const effectiveImpact = impact - armour;
  const band = injuryBandIndex(effectiveImpact);
  let shock: HmzdShock | null = null;
  let special: HmzdStrike["special"] = null;
  if (band >= 0) {
    // Z7: a d100 mastery test of Shock, neither stunned nor set up (Z2).
    const level = INJURY_BANDS[band]!.level;
    const t = shockTest(dice, spec.names.shock, spec.victim.shock);
    const modifier = SHOCK_MODIFIER[t.level];
    const index = modifier + loc.shock + level;
    shock = {
      target: clamp(spec.victim.shock, EML_MIN, EML_MAX),
      roll: t.roll,
      level: t.level,
      modifier,
      locationShock: loc.shock,
      index,
      state: shockState(index),
    };
    if (spec.specialEffects) {
      // Z10: one call after the Shock roll; a victim this injury kills rolls nothing (Z22).
      const to = spec.by === "attacker" ? "defender" : "attacker";
      const s = specialEffects(
        {
          injury: INJURY_BANDS[band]!,
          location,
          region: loc.region,
          aspect,
          victim: spec.victim,
          state: combineShock(spec.victim.state, shock.state),
          to,
          prefix: spec.names.prefix,
          options: spec,
        },
        dice,
      );
      special = {
        symbol: s.symbol,
        fumble: s.fumble,
        stumble: s.stumble,
        bleeding: s.bleeding,
        amputation: s.amputation,
      };
      for (const e of s.effects) effects.push(e);
    }
  }
  return {
    by: spec.by,
    zone: zone.id,
    zoneValue,
    zoneRolls,
    zonePick: pick,
    zoneDie: spec.zoneDie,
    placement: spec.placement,
    location,
    side,
    region: loc.region,
    locationRoll,
    impactRoll,
    impactBase: spec.impact.base,
    strModifier: spec.strModifier,
    impactTAs,
    impact,
    aspect,
    armour,
    effectiveImpact,
    injury: band >= 0 ? INJURY_BANDS[band]!.code : null,
    injuryLevel: band >= 0 ? INJURY_BANDS[band]!.level : 0,
    shock,
    special,
  };
}

// ── Shock state after the strike (Z15) and effects ──────────────────────────────────────────

/**
 * The victim's state after an injury's own shock state (Z15, 001:159-160, Z20): zd-state's
 * `combineShock` (a new STN while stunned is INC, a new INC while INC is UNC, and a state never
 * lowers a worse current one).
 */
export function stateAfter(current: HmzdFighterState, incoming: HmzdState): HmzdState {
  return combineShock(current, incoming);
}

const other = (s: Side): Side => (s === "attacker" ? "defender" : "attacker");

/**
 * The injury effect's key (`data.key`): its sided location and code (`left-shoulder:M1`), which
 * names an M injury in the state block's `unhindered` list (001:83, turn.ts `minorHinders`).
 */
export function injuryKeyOf(strike: HmzdStrike): string {
  return `${strike.location}:${strike.injury ?? ""}`;
}

/**
 * What the exchange does to the combatants: the injury (with its aspect, zone and side for the
 * zone impairment of Z8, and its `key`), the conditions the shock state it leaves holds (Z15,
 * Z20: zd-state's `conditionChange`: `stunned` STN, `shock` INC, `unconscious` UNC, `dead` KIA)
 * with `prone` when he falls (INC or UNC, 001:160-161, `fallsProne`), the special effects'
 * conditions (`special`, Z10), and a `tacticalAdvantage` for each Action and Setup TA (Z6).
 */
export function effectsOf(
  decl: HmzdDeclaration,
  victor: Side | null,
  spent: HmzdSpend,
  strike: HmzdStrike | null,
  special: readonly Effect[] = [],
): Effect[] {
  const fx: Effect[] = [];
  if (strike && strike.injury) {
    const to = other(strike.by);
    const shock = strike.shock!;
    fx.push({
      type: "injury",
      to,
      location: strike.location,
      severityKey: strike.injury[0]!,
      level: strike.injuryLevel,
      data: {
        key: injuryKeyOf(strike),
        code: strike.injury,
        aspect: strike.aspect,
        zone: strike.zone,
        zoneValue: strike.zoneValue,
        side: strike.side,
        effectiveImpact: strike.effectiveImpact,
        // 001:83: a Minor injury is unhindered while the Shock roll succeeded.
        shockSucceeded: shock.level === "S" || shock.level === "CS",
      },
    });
    const victim = to === "attacker" ? decl.attacker : decl.defender;
    const state = combineShock(victim.state, shock.state);
    const cause = `shock.${state}`;
    for (const condition of conditionChange(victim.state, state).set)
      fx.push({
        type: "condition",
        to,
        condition,
        cause,
        until: condition === "dead" ? "permanent" : "recovered",
      });
    if (fallsProne(victim.state, state))
      fx.push({ type: "condition", to, condition: "prone", cause, until: "recovered" });
    for (const e of special) fx.push(e);
  }
  if (victor) {
    for (let i = 0; i < spent.action; i++)
      fx.push({ type: "tacticalAdvantage", to: victor, cause: "action" });
    for (let i = 0; i < spent.setup; i++)
      fx.push({ type: "tacticalAdvantage", to: victor, cause: "setup" });
  }
  return fx;
}
