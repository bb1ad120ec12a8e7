/**
 * One HM3 strike delivered (location, impact, armour, injury and the rolls it calls for), the
 * success test, and the hints the exact odds read of these rolls.
 */
import { rollOne, type Dice, type RollClassifier } from "../../core/dice";
import type { Side } from "../../core/ruleset";
import type { Target } from "../../core/modifiers";
import { InputError } from "../../core/errors";
import { efsRoll, injuryRollPoints, ipBandOf } from "./gold/rolls-efs";
import { injuryImpact, MINIMUM_INJURY_CELL, strikeBase } from "./gold/impact-strike";
import { armourColumnOf, goldArmour, randomAspectWeapon } from "./gold/armour";
import { aimedHit, aimedLocationHint, AIM_ROLLS } from "./gold/aim-locate";
import { canAim, isHumanPlan, planInjuryCell, planStrikeLocation } from "./body-plan";
import type { Hm3InjuryCellInput } from "./character-types";
import {
  ATTACKER_ROLLS,
  armourAtKeys,
  COUNTER_ROLLS,
  codeOf,
  humanFace,
  humanStrike,
  type HumanStrike,
} from "./hot";
import {
  armourAspect,
  impactBand,
  killRoll,
  successLevel,
  unsided,
  BURN_INJURY,
  BURN_TURNS,
  IGNITION_IMPACT,
} from "./mechanics";
import { LOCATION_REGION, type AimZone, type InjuryCell, type LocationId } from "./tables";
import {
  type Hm3Fighter,
  type StrikeWeapon,
  type Hm3Attack,
  type Hm3Options,
  type TestResult,
  type Hm3Strike,
} from "./exchange-types";

// ── What the engine reads of its rolls: hints for the exact odds (RollClassifier, dice.ts) ────
// Each says the outcome depends on a roll only through its class; test/hm3/odds-enumerated
// proves each hint sound by turning it off alone and finding the same odds.

/** A d100 test is read through its success level only (`successLevel`). */
const LEVEL_CLASS: RollClassifier = (roll, eml) => successLevel(roll, eml);
/** The impact dice are read through their total only. */
const TOTAL_CLASS: RollClassifier = (total) => total;
/** Ignition: 01-50 ignites (ruling R12). */
const IGNITE_CLASS: RollClassifier = (roll) => roll <= 50;
/** The face roll is read through the face part only. */
const FACE_CLASS: RollClassifier = (roll) => humanFace(roll);
const ZONES: readonly AimZone[] = ["high", "mid", "low"];
/** A human location roll is read through the sided location it hits (`humanStrike` below). */
const HUMAN_LOCATION_CLASS: RollClassifier = (roll, zone) => humanStrike(ZONES[zone]!, roll).sided;

export function test(dice: Dice, name: string, eml: Target): TestResult {
  const roll = rollOne(dice, name, 100, LEVEL_CLASS, eml.value);
  return { target: eml.value, raw: eml.raw, roll, level: successLevel(roll, eml.value), eml };
}

/** Delivers one strike on `victim`: location, impact, armour, injury and the rolls it calls for. */
export function deliverStrike(
  dice: Dice,
  by: Side,
  count: number,
  declared: StrikeWeapon,
  victim: Hm3Fighter,
  options: Hm3Options,
): Hm3Strike {
  const n = by === "attacker" ? ATTACKER_ROLLS : COUNTER_ROLLS;
  // Random aspect (HârnMaster Gold, seed 000 line 328): the aspect struck with is rolled first.
  const rolled = options.randomAspect ? randomAspectWeapon(dice, by, declared) : null;
  const weapon = rolled ? rolled.weapon : declared;
  const aspect = armourAspect(weapon.aspect);
  if (!aspect) throw new Error(`Unknown aspect ${weapon.aspect}`);
  const plan = victim.bodyPlan;
  if (plan && !canAim(plan, weapon.aim)) {
    // A zone with no points on the victim's plan cannot be aimed at (ruling R16).
    throw new InputError(
      by === "attacker" ? "attack.aim" : "defence.aim",
      weapon.aim,
      `body plan ${plan.name} cannot be struck in the ${weapon.aim} zone`,
    );
  }
  // Aimed melee (HârnMaster Gold, seed 000 lines 5-15): the AAPs move the rolls (gold/aim-locate.ts).
  const aimAt = by === "attacker" ? (weapon as Hm3Attack).aimAt : undefined;
  // The hint follows the lookup below: the location hit is all the strike reads of its roll (an
  // aimed roll's, moved by its AAPs: gold/aim-locate.ts).
  const locationRoll = aimAt
    ? rollOne(dice, n.location, 100, aimedLocationHint(aimAt, plan))
    : plan
      ? rollOne(dice, n.location, 100, (r) => planStrikeLocation(plan, weapon.aim, r).sided)
      : rollOne(dice, n.location, 100, HUMAN_LOCATION_CLASS, ZONES.indexOf(weapon.aim));
  const aimed = aimAt ? aimedHit(dice, AIM_ROLLS, aimAt, plan, locationRoll) : null;
  // The hot path reads the frozen tables directly (src/rules/hm3/hot.ts); nothing read from
  // them reaches the result but strings and numbers.
  const loc = aimed
    ? aimed.loc
    : plan
      ? planStrikeLocation(plan, weapon.aim, locationRoll)
      : humanStrike(weapon.aim, locationRoll);
  let face: string | null = aimed?.face ?? null;
  let faceRoll: number | null = aimed?.faceRoll ?? null;
  // The †FACE sub-table belongs to the human face (ruling R17).
  if (!aimed && loc.location === "face" && (!plan || isHumanPlan(plan))) {
    faceRoll = rollOne(dice, n.face, 100, FACE_CLASS);
    face = humanFace(faceRoll);
  }
  const impactRolls = dice.roll(n.impact, count, 6, TOTAL_CLASS);
  // HârnMaster Gold (gold/impact-strike.ts): one- vs two-handed base, angry strike bonus.
  const gold = strikeBase(weapon, options);
  let impact = gold.base + gold.bonus;
  for (let i = 0; i < impactRolls.length; i++) impact = impact + impactRolls[i]!;
  const bare = plan ? unsided(loc.sided) : (loc as HumanStrike).bare;
  // Ring & scale armour and cutting weapons (HârnMaster Gold): Squeeze and Tear columns.
  const goldArm =
    options.ringScaleArmour || options.cuttingWeapons
      ? goldArmour(victim.armour[loc.sided] ?? victim.armour[bare], weapon, aspect, options)
      : null;
  const armour = goldArm ? goldArm.armour : armourAtKeys(victim.armour, loc.sided, bare, aspect);
  const effectiveImpact = impact - armour;
  // HârnMaster Gold: blunt trauma and size change the effective impact the table reads.
  const read = injuryImpact(
    {
      aspect: weapon.aspect,
      diceAndBonus: impact - gold.base,
      armour,
      effectiveImpact,
      location: loc.location,
      bluntArmour: () => armourAtKeys(victim.armour, loc.sided, bare, "blunt"),
    },
    gold.blunt,
    victim,
    options,
    gold.report,
  );
  // The human tables' cell and its code come from the strike's own row (hot.ts).
  let cell: InjuryCell | Hm3InjuryCellInput | null;
  let tableCode: string | null = null;
  if (plan) cell = planInjuryCell(plan, loc.location, read.effectiveImpact);
  else {
    const band = impactBand(read.effectiveImpact);
    const human = loc as HumanStrike;
    cell = band < 0 ? null : human.injury[band]!;
    tableCode = band < 0 ? null : human.codes[band]!;
  }
  if (!cell && read.minimum) {
    cell = MINIMUM_INJURY_CELL;
    tableCode = null;
    gold.report.minimumInjury = true;
  }

  const strike: Hm3Strike = {
    by,
    dice: count,
    aim: weapon.aim,
    locationRoll,
    location: loc.sided,
    face,
    faceRoll,
    aspect: weapon.aspect,
    weaponImpact: weapon.impact,
    impactRolls,
    impact,
    armour,
    effectiveImpact,
    injury: null,
    injuryLevel: 0,
    tableInjury: null,
    fumbleRoll: false,
    stumbleRoll: false,
    amputationRoll: false,
    kill: false,
    bleeding: false,
    limbInjury: null,
    killCheck: null,
    shock: null,
    fumble: null,
    stumble: null,
    ignition: null,
    ...gold.report,
  };
  if (rolled) strike.randomAspect = rolled.rolled;
  const column = goldArm ? armourColumnOf(goldArm.column, weapon.aspect) : undefined;
  if (column) strike.armourColumn = column;
  if (aimed) strike.aimed = aimed.aimed;
  // Flammable armour (seed 003 line 277): fire impact 13+ before armour may ignite Cloth or Quilt.
  const flammable = victim.flammable?.[loc.sided] ?? victim.flammable?.[loc.location];
  // Only a Fire strike ignites: Frost reads the Fire armour column but burns nothing (ruling R1).
  if (weapon.aspect === "fire" && impact >= IGNITION_IMPACT && flammable) {
    const roll = rollOne(dice, n.ignite, 100, IGNITE_CLASS);
    const burn = BURN_INJURY[flammable];
    strike.ignition = {
      material: flammable,
      roll,
      ignited: roll <= 50,
      burn: `${burn.severity}${burn.level}`,
      turns: BURN_TURNS,
    };
  }
  if (!cell) return strike;

  // ♦ is a Fumble roll on an arm location, a Stumble roll on a leg location (hm3.md §1); a
  // plan's location says its region (a validated plan marks ♦ only on arms and legs, R18).
  const region = loc.region ?? LOCATION_REGION[loc.location as LocationId];
  let severity = cell.severity;
  strike.tableInjury = tableCode ?? codeOf(cell.severity, cell.level);
  strike.injuryLevel = cell.level;
  strike.fumbleRoll = cell.fumbleStumble && region === "arm";
  strike.stumbleRoll = cell.fumbleStumble && region === "leg";
  // A blunt trauma wound is a Blunt one: no amputation, no bleeding (ruling G13).
  const woundAspect = read.blunt ? "blunt" : aspect;
  strike.amputationRoll = options.amputation && cell.amputation && woundAspect === "edge";

  if (severity === "K") {
    if (options.killRoll) {
      // hm3.md §2: roll (injury level) d6; above Endurance dies, otherwise it stands as G4/G5.
      strike.killCheck = killRoll(dice, n.kill, cell.level, victim.endurance);
      strike.kill = strike.killCheck.failed;
      if (!strike.kill) severity = "G";
    } else {
      strike.kill = true;
    }
  }
  strike.injury = severity === cell.severity ? strike.tableInjury : codeOf(severity, cell.level);
  strike.bleeding =
    options.bleeding &&
    cell.level >= 4 &&
    severity !== "M" &&
    (woundAspect === "edge" || woundAspect === "point");

  // Limb injuries (option, ruling R29): a level 4-5 wound that does not kill makes the arm or
  // leg it lands on unusable.
  if (
    options.limbInjuries &&
    !strike.kill &&
    cell.level >= 4 &&
    (region === "arm" || region === "leg")
  ) {
    strike.limbInjury = region;
  }

  if (strike.kill) {
    // A dead victim makes none of the rolls the cell calls for (ruling R7); the flags say what
    // is called for, so they are cleared (the cell stays readable in `tableInjury`).
    strike.fumbleRoll = false;
    strike.stumbleRoll = false;
    strike.amputationRoll = false;
    strike.bleeding = false;
  } else {
    // docs/rulings.md R4: the new injury's level counts in UP and PP for the rolls it calls for.
    const up = victim.up + cell.level;
    const pp = victim.pp + cell.level;
    // Gold E/F/S bonus by the wound's Injury Points (000:156-167, rulings G40-G43).
    const ip = ipBandOf(cell.level, cell.severity);
    const points = injuryRollPoints(ip, options);
    if (options.injuryRollBonus) strike.injuryRoll = { ip, points };
    strike.shock = efsRoll(dice, n.shock, "shock", victim, up, pp, points, options);
    if (strike.fumbleRoll)
      strike.fumble = efsRoll(dice, n.fumble, "fumble", victim, up, pp, points, options);
    if (strike.stumbleRoll)
      strike.stumble = efsRoll(dice, n.stumble, "stumble", victim, up, pp, points, options);
  }
  return strike;
}
