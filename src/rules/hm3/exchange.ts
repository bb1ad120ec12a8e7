/**
 * One HM3 exchange: attack and defence rolls, the matrix result, every strike (location,
 * impact, armour, injury) and the character rolls it calls for (shock, fumble, stumble, kill,
 * weapon quality). Pure: dice are injected and every roll is named.
 *
 * Roll names: `attack`, `defence`; the attacker's strike `location`, `face`, `impact`, `ignite`,
 * `shock`, `fumble`, `stumble`, `kill`; the defender's strike the same prefixed `counter.`; the matrix's
 * own rolls `attackerFumble`, `defenderFumble`, `attackerStumble`, `defenderStumble`,
 * `attackerWeaponDamage`, `defenderWeaponDamage`; with aimed melee (HârnMaster Gold) the attacker's
 * `side` (d100, ruling G6).
 */
import { RecordingDice, rollOne, type Dice, type RollClassifier } from "../../core/dice";
import type { Effect, ExchangeRecord, Side } from "../../core/ruleset";
import type { Target } from "../../core/modifiers";
import { InputError } from "../../core/errors";
import { GOLD_DEFAULTS, type GoldOptions } from "./gold/options";
import { attackTargetAgainst, emlEffects, unhorsingCode, unhorsingRoll } from "./gold/eml-rules";
import type { GoldAttack, GoldDefence, GoldFighter, GoldResult, GoldStrike } from "./gold/types";
import { efsRoll, injuryRollPoints, ipBandOf } from "./gold/rolls-efs";
import { resolveNonLethal, rollsEffects } from "./gold/rolls-nonlethal";
import { techniqueRoll } from "./gold/rolls-unarmed";
import {
  injuryImpact,
  MINIMUM_INJURY_CELL,
  strikeBase,
  type ImpactWeapon,
} from "./gold/impact-strike";
import {
  armourColumnOf,
  goldArmour,
  randomAspectWeapon,
  shieldChecksFirst,
  weaponDamageTarget,
  type ArmourWeapon,
} from "./gold/armour";
import type { WeaponDamageModifier } from "./gold/armour-damage";
import { aimedHit, aimedLocationHint, AIM_ROLLS } from "./gold/aim-locate";
import { canAim, isHumanPlan, planInjuryCell, planStrikeLocation } from "./body-plan";
import type { Hm3BodyPlanInput, Hm3InjuryCellInput } from "./character-types";
import {
  ATTACKER_ROLLS,
  armourAtKeys,
  COUNTER_ROLLS,
  codeOf,
  copyDefence,
  humanFace,
  humanStrike,
  strikeTable,
  type HumanStrike,
} from "./hot";
import {
  armourAspect,
  impactBand,
  killRoll,
  successLevel,
  unsided,
  wqRoll,
  BURN_INJURY,
  BURN_TURNS,
  IGNITION_IMPACT,
  type ArmourMap,
  type Check,
  type Flammable,
} from "./mechanics";
import {
  LOCATION_REGION,
  MELEE_MATRIX,
  MISSILE_MATRIX,
  type AimZone,
  type DefenceType,
  type InjuryCell,
  type Level,
  type LocationId,
  type ResultCode,
} from "./tables";

/** What the exchange needs to know of a combatant (the Gold options add `GoldFighter`). */
export interface Hm3Fighter extends GoldFighter {
  endurance: number;
  /** Universal Penalty before this exchange. */
  up: number;
  dex: number;
  agl: number;
  /** Physical Penalty before this exchange. */
  pp: number;
  armour: ArmourMap;
  /** Flammable material worn by location (`flammableFromLayers`), for fire strikes. */
  flammable?: Readonly<Record<string, Flammable>>;
  /**
   * A creature's body plan (validated, `validateBodyPlan`): strikes on this fighter take their
   * location and injury from it, and armour keys are its location ids. Absent: the human
   * tables of seed 003.
   */
  bodyPlan?: Hm3BodyPlanInput;
}

/** A fire strike on Cloth or Quilt (seed 003 line 277). */
export interface Ignition {
  material: Flammable;
  /** d100: 01-50 ignites (a 50% chance, docs/rulings.md R12). */
  roll: number;
  ignited: boolean;
  /** Burn injury each Combat Turn while it burns. */
  burn: string;
  turns: number;
}

/** A weapon used to strike: aspect (with creature aliases), aim and impact for that aspect. */
export interface StrikeWeapon extends ImpactWeapon, ArmourWeapon {
  aspect: string;
  aim: AimZone;
  impact: number;
  wq?: number;
}

export interface Hm3Attack extends StrikeWeapon, GoldAttack {
  type: "melee" | "missile";
  /** EML before clamping, itemised. */
  target: Target;
}

/**
 * The world's optional rules: HM3's own (hm3.md §2) and the HârnMaster Gold house rules of seed
 * 000 (gold/options.ts, issue 19), among them `limbInjuries` (ruling R29: a level 4 or 5 wound
 * that does not kill makes an arm or leg unusable). Every Gold option is off by default.
 */
export interface Hm3Options extends GoldOptions {
  /** Kill roll instead of automatic death on K4/K5. Default off. */
  killRoll: boolean;
  /** Amputation rolls on ▼ cells struck by Edge. Default on. */
  amputation: boolean;
  /** Bleeding from G4 or worse by Edge or Point. Default off. */
  bleeding: boolean;
}

export const DEFAULT_OPTIONS: Readonly<Hm3Options> = Object.freeze({
  killRoll: false,
  amputation: true,
  bleeding: false,
  ...GOLD_DEFAULTS,
});

/** What the defender has in hand: Block needs a weapon or shield, Counterstrike a weapon. */
export interface Hm3Holds {
  weapon: boolean;
  shield: boolean;
}

export interface Hm3Declaration {
  attack: Hm3Attack;
  attacker: Hm3Fighter;
  defender: Hm3Fighter;
  options: Hm3Options;
  /** Absent: the defender holds both (the CLI takes the defence as given). */
  defenderHolds?: Hm3Holds;
}

export interface Hm3Defence extends GoldDefence {
  type: DefenceType;
  /** EML before clamping, itemised; absent for Ignore. */
  target?: Target;
  /** The blocking weapon's or shield's WQ (weapon damage roll on Block). */
  wq?: number;
  /** The counterstriking weapon. */
  strike?: StrikeWeapon;
}

export interface TestResult {
  target: number;
  raw: number;
  roll: number;
  level: Level;
  eml: Target;
}

export interface Hm3Strike extends GoldStrike {
  by: Side;
  dice: number;
  aim: AimZone;
  locationRoll: number;
  location: string;
  face: string | null;
  faceRoll: number | null;
  aspect: string;
  weaponImpact: number;
  impactRolls: number[];
  impact: number;
  armour: number;
  effectiveImpact: number;
  injury: string | null;
  injuryLevel: number;
  /** The table's severity before a kill roll turned K into G. */
  tableInjury: string | null;
  fumbleRoll: boolean;
  stumbleRoll: boolean;
  amputationRoll: boolean;
  kill: boolean;
  bleeding: boolean;
  /**
   * With the limb-injuries option, the limb this wound makes unusable (ruling R29): `arm` (what
   * it holds is dropped) or `leg` (the victim falls prone); null otherwise.
   */
  limbInjury: "arm" | "leg" | null;
  killCheck: Check | null;
  shock: Check | null;
  fumble: Check | null;
  stumble: Check | null;
  ignition: Ignition | null;
}

export interface WeaponDamage {
  side: Side;
  /** The weapon's WQ as declared. */
  wq: number;
  check: Check;
  /**
   * The roll failed (3d6 above WQ): the weapon gave way and the other weapon makes no roll
   * (hm3.md §2). Ruling R31: the weapon loses 1 WQ and is broken only when that leaves WQ 0;
   * the `weaponDamaged` effect says which.
   */
  broken: boolean;
}

export interface Hm3Result extends ExchangeRecord, GoldResult {
  ruleset: "hm3";
  attackType: "melee" | "missile";
  defenceType: DefenceType;
  attack: TestResult;
  defence: TestResult | null;
  result: ResultCode;
  strikes: Hm3Strike[];
  fumbles: { side: Side; check: Check }[];
  stumbles: { side: Side; check: Check }[];
  weaponDamage: WeaponDamage[];
  /** Weapons with no WQ given when a Block called for their roll. */
  weaponDamageSkipped: Side[];
  tacticalAdvantage: Side | null;
  wild: boolean;
}

/** The matrix cell for an attack type, both levels and the defence (hm3.md §1 column order). */
export function matrixResult(
  attackType: "melee" | "missile",
  defence: DefenceType,
  attackLevel: Level,
  defenceLevel: Level | null,
): ResultCode {
  const matrix = attackType === "melee" ? MELEE_MATRIX : MISSILE_MATRIX;
  const row = matrix[attackLevel];
  if (defence === "ignore") return row.ignore;
  if (defenceLevel === null) throw new Error(`The ${defence} defence needs a level.`);
  const column = row.vs[defence];
  if (!column) throw new Error(`${defence} is not a defence against a ${attackType} attack.`);
  return column[defenceLevel];
}

/** The strikes a result code delivers: who strikes with how many d6. */
export function strikesOf(code: ResultCode): { by: Side; dice: number }[] {
  const m = /^([ADBM])\*(\d)$/.exec(code);
  if (!m) return [];
  const dice = Number(m[2]);
  switch (m[1]) {
    case "A":
    case "M":
      return [{ by: "attacker", dice }];
    case "D":
      return [{ by: "defender", dice }];
    default:
      return [
        { by: "attacker", dice },
        { by: "defender", dice },
      ];
  }
}

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

function test(dice: Dice, name: string, eml: Target): TestResult {
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

const other = (s: Side): Side => (s === "attacker" ? "defender" : "attacker");

/** Effects an HM3 result applies to the combatants. */
export function effectsOf(result: Omit<Hm3Result, "effects" | "rolls" | "choices">): Effect[] {
  const fx: Effect[] = [];
  for (const s of result.strikes) {
    const to = other(s.by);
    if (s.injury) {
      fx.push({
        type: "injury",
        to,
        location: s.location,
        severityKey: s.injury[0]!,
        level: s.injuryLevel,
        data: {
          code: s.injury,
          aspect: s.aspect,
          face: s.face,
          effectiveImpact: s.effectiveImpact,
          bleeding: s.bleeding,
        },
      });
    }
    if (s.kill) fx.push({ type: "condition", to, condition: "dead", cause: "kill" });
    if (s.shock?.failed) fx.push({ type: "condition", to, condition: "shock", cause: "shock" });
    if (s.fumble?.failed)
      fx.push({ type: "condition", to, condition: "disarmed", cause: "fumble" });
    if (s.stumble?.failed) fx.push({ type: "condition", to, condition: "prone", cause: "stumble" });
    if (s.bleeding) fx.push({ type: "condition", to, condition: "bleeding", cause: "bleeding" });
    if (s.limbInjury) {
      // Ruling R29: the limb is unusable; an arm drops what it holds, a leg puts the victim down.
      fx.push({
        type: "condition",
        to,
        condition: "crippled",
        cause: "limbInjury",
        location: s.location,
      });
      fx.push({
        type: "condition",
        to,
        condition: s.limbInjury === "arm" ? "disarmed" : "prone",
        cause: "limbInjury",
      });
    }
    if (s.ignition?.ignited && !s.kill) {
      fx.push({
        type: "condition",
        to,
        condition: "burning",
        cause: `burn.${s.ignition.material}`,
      });
    }
  }
  fx.push(...rollsEffects(result));
  for (const f of result.fumbles)
    if (f.check.failed)
      fx.push({ type: "condition", to: f.side, condition: "disarmed", cause: "fumble" });
  for (const f of result.stumbles)
    if (f.check.failed)
      fx.push({ type: "condition", to: f.side, condition: "prone", cause: "stumble" });
  // Ruling R31: every failed weapon damage roll costs the weapon 1 WQ; at WQ 0 it is broken.
  for (const w of result.weaponDamage)
    if (w.check.failed)
      fx.push({ type: "weaponDamaged", to: w.side, broken: w.wq <= 1, cause: "block" });
  if (result.tacticalAdvantage)
    fx.push({ type: "tacticalAdvantage", to: result.tacticalAdvantage, cause: result.result });
  if (result.unhorsing) fx.push(...emlEffects(result));
  return fx;
}

/** The strikes of each result code, once (`strikesOf` hands out fresh arrays). */
const STRIKES = strikeTable(strikesOf);

/** Resolves a whole exchange once the defence is declared. */
export function resolveExchange(decl: Hm3Declaration, defence: Hm3Defence, inner: Dice): Hm3Result {
  const dice = new RecordingDice(inner);
  const { attack, attacker, defender, options } = decl;
  if (attack.type === "missile" && defence.type === "counterstrike") {
    throw new Error("Counterstrike is not possible against a missile attack.");
  }
  // A feinting counterstrike costs the attacker half of it (HârnMaster Gold, gold/eml-rules.ts).
  const attackTest = test(dice, "attack", attackTargetAgainst(attack, defence));
  let defenceTest: TestResult | null = null;
  if (defence.type !== "ignore") {
    if (!defence.target) throw new Error(`The ${defence.type} defence needs an EML.`);
    defenceTest = test(dice, "defence", defence.target);
  }
  const code = matrixResult(
    attack.type,
    defence.type,
    attackTest.level,
    defenceTest?.level ?? null,
  );

  const strikes: Hm3Strike[] = [];
  let attackerDice: number | null = null;
  const delivered = STRIKES.get(code) ?? strikesOf(code);
  for (let i = 0; i < delivered.length; i++) {
    const s = delivered[i]!;
    // A non-lethal attack's A★n makes no strike (000:193, 209, 223): resolveNonLethal below.
    if (s.by === "attacker" && attack.nonLethal) attackerDice = s.dice;
    else if (s.by === "attacker") {
      // A tangle attempt strikes no blow: it tangles (gold/paired-tangle.ts).
      if (attack.tangle) continue;
      strikes.push(deliverStrike(dice, "attacker", s.dice, attack, defender, options));
    } else if (defence.ignoreDStrike && code.startsWith("D*")) {
      // A double strike's secondary attack: a counterstrike's D★ is ignored (gold/paired-double.ts).
      continue;
    } else {
      if (!defence.strike) throw new Error("A defender strike needs the counterstriking weapon.");
      strikes.push(deliverStrike(dice, "defender", s.dice, defence.strike, attacker, options));
    }
  }

  const nonLethal = attack.nonLethal
    ? resolveNonLethal(
        dice,
        { ...attack, nonLethal: attack.nonLethal },
        attacker,
        defender,
        attackerDice,
        options,
        (count) => {
          strikes.push(
            deliverStrike(
              dice,
              "attacker",
              count,
              { aspect: "blunt", aim: "mid", impact: 0 },
              defender,
              options,
            ),
          );
        },
      )
    : undefined;
  const technique =
    attack.technique && delivered.some((s) => s.by === "attacker")
      ? techniqueRoll(dice, attack.technique, attackTest.level, defender, options)
      : undefined;

  // The matrix's own rolls take no injury bonus; with injuryRollSkills they are skill tests (G43).
  const fumbles: Hm3Result["fumbles"] = [];
  const stumbles: Hm3Result["stumbles"] = [];
  const efs = (name: string, kind: "fumble" | "stumble", f: Hm3Fighter) =>
    efsRoll(dice, name, kind, f, f.up, f.pp, 0, options);
  // A mounted attacker's AF or AS is an AU: an unhorsing roll instead (gold/eml-rules.ts).
  const au = unhorsingCode(attack, options, code);
  if ((code === "AF" && !au) || code === "BF")
    fumbles.push({ side: "attacker", check: efs("attackerFumble", "fumble", attacker) });
  if (code === "DF" || code === "BF")
    fumbles.push({ side: "defender", check: efs("defenderFumble", "fumble", defender) });
  if ((code === "AS" && !au) || code === "BS")
    stumbles.push({ side: "attacker", check: efs("attackerStumble", "stumble", attacker) });
  if (code === "DS" || code === "BS")
    stumbles.push({ side: "defender", check: efs("defenderStumble", "stumble", defender) });

  // Block: both weapons roll 3d6 against WQ, the lower WQ first; if it breaks the other does
  // not check (hm3.md §2). Equal WQ: the defender's weapon first (docs/rulings.md R5).
  const weaponDamage: WeaponDamage[] = [];
  const weaponDamageSkipped: Side[] = [];
  const damageMods: WeaponDamageModifier[] | null = options.weaponDamageModifiers ? [] : null;
  let shieldCheckedFirst = false;
  if (code === "block") {
    const dwq = defence.wq;
    const awq = attack.wq;
    if (dwq === undefined) weaponDamageSkipped.push("defender");
    if (awq === undefined) weaponDamageSkipped.push("attacker");
    // A stable sort of [defender, attacker] by WQ: the attacker first only when strictly lower,
    // and never before a blocking shield with shields check first (HârnMaster Gold, line 368).
    const shieldFirst = shieldChecksFirst(options, defence);
    const attackerFirst = dwq !== undefined && awq !== undefined && awq - dwq < 0 && !shieldFirst;
    if (shieldFirst && dwq !== undefined && awq !== undefined && awq - dwq < 0)
      shieldCheckedFirst = true;
    // Weapon damage modifiers (HârnMaster Gold, line 368): each target less the other's impact.
    const target = (side: Side, wq: number) =>
      damageMods ? weaponDamageTarget(damageMods, side, wq, attack, defence) : wq;
    const first: Side | null = attackerFirst
      ? "attacker"
      : dwq !== undefined
        ? "defender"
        : awq !== undefined
          ? "attacker"
          : null;
    if (first !== null) {
      const wq = first === "attacker" ? awq! : dwq!;
      const check = wqRoll(dice, `${first}WeaponDamage`, target(first, wq));
      weaponDamage.push({ side: first, wq, check, broken: check.failed });
      const second: Side | null =
        dwq !== undefined && awq !== undefined ? (attackerFirst ? "defender" : "attacker") : null;
      if (!check.failed && second !== null) {
        const wq2 = second === "attacker" ? awq! : dwq!;
        const check2 = wqRoll(dice, `${second}WeaponDamage`, target(second, wq2));
        weaponDamage.push({ side: second, wq: wq2, check: check2, broken: check2.failed });
      }
    }
  }

  // Built in one literal, in the order the fields have always had; `effectsOf` reads only the
  // fields above it.
  const result: Hm3Result = {
    ruleset: "hm3",
    attackType: attack.type,
    defenceType: defence.type,
    attack: attackTest,
    defence: defenceTest,
    result: code,
    strikes,
    fumbles,
    stumbles,
    weaponDamage,
    weaponDamageSkipped,
    tacticalAdvantage: code === "DTA" ? "defender" : (nonLethal?.tacticalAdvantage ?? null),
    wild: code === "wild",
    effects: NO_EFFECTS,
    rolls: dice.records,
    choices: NO_CHOICES,
  };
  if (nonLethal) result.nonLethal = nonLethal;
  if (technique) result.technique = technique;
  if (damageMods?.length) result.weaponDamageModifiers = damageMods;
  if (shieldCheckedFirst) result.shieldCheckedFirst = true;
  if (au) result.unhorsing = unhorsingRoll(dice, au, attack.mounted!);
  result.effects = effectsOf(result);
  result.choices = [{ by: "defender", kind: "defence", value: copyDefence(defence) }];
  return result;
}

const NO_EFFECTS: Effect[] = [];
const NO_CHOICES: Hm3Result["choices"] = [];
