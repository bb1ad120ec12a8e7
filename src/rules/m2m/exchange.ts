/**
 * One GURPS Man to Man exchange (spec §5.1 procedure, L1700–1718): the attack roll, then —
 * unless it was a critical hit or a miss — the defender's active defence, then damage against
 * DR with the wounding multipliers, and the injury's consequences (shock, major wound,
 * knockdown, stun, crippling, HP thresholds). Critical hits skip the defence and roll on the
 * Critical Hit (or Critical Head Blow) table; critical misses and critical defences send the
 * attacker (or a parrying defender) to the Critical Miss table.
 *
 * Rolls, in order (names are the CLI contract's; docs/cli.md): `location` (2d6, before the
 * attack for a random melee swing, after the hit for a random ranged attack), `side` (1d6, a
 * hand or foot: 1-3 left, 4-6 right, ruling M1), `attack` (3d6), `criticalMiss` (3d6; again as
 * `criticalMiss.2`… when the table says roll again), `defence` (3d6), `defenceCriticalMiss`
 * (3d6, a parry's 17–18), `criticalHit` (3d6), `damage` (N d6), `knockdown` (3d6 vs HT),
 * `death`, `death.2`, … (3d6 vs HT, one per threshold crossed, until one fails); on a
 * Critical Miss that strikes the fumbler: `selfLocation`, `selfSide`, `selfDamage`,
 * `selfKnockdown`, `selfDeath`… A head blow over HT/2 knocks out with no roll (L2457, A7).
 */
import { RecordingDice, rollTotal, type Dice, type RollRecord } from "../../core/dice";
import type { ConditionId, Effect, ExchangeRecord, Side } from "../../core/ruleset";
import { attackOutcome, criticalHitEffect, criticalMissTable } from "./attack";
import {
  criticalHit,
  criticalMiss,
  UNARMED_CRITICAL_MISS_DAMAGE,
  type CriticalHitEffect,
  type CriticalMissContext,
  type CriticalMissEffect,
} from "./criticals";
import {
  applyDr,
  knockbackHexes,
  locationDr,
  rollBasicDamage,
  WOUND_MULTIPLIERS,
  woundInjury,
} from "./damage";
import { criticalDefenceEffect, defenceOutcome } from "./defence";
import { applyWound, htRoll, type WoundResult } from "./injury";
import {
  aimPenalty,
  headMissByOne,
  isExtremity,
  isHead,
  locationFromRoll,
  unsidedLocationOfRoll,
} from "./location";
import type { AttackOutcome, DamageExpr, DamageType, DefenceOutcome, HitLocation } from "./types";

export interface M2mAttack {
  /** Effective skill after every modifier the attacker knows of. */
  skill: number;
  damage: DamageExpr;
  type: DamageType;
  /** A location aimed at (its penalty already in `skill`), or `random`. */
  target: HitLocation | "random";
  ranged: boolean;
  /** For the Critical Miss table (§10.3). */
  unarmed: boolean;
  breakResistant: boolean;
  /** Beyond the half-damage range: damage halved, rounded down (§7.2, L2911). */
  halfDamage: boolean;
}

/** What the exchange needs to know of a combatant who may be wounded. */
export interface M2mCombatant {
  /** Basic HT (the attribute; every HT roll and threshold uses it). */
  ht: number;
  /** Current hit points. */
  hp: number;
  /** Armour DR by location; a missing location is 0; vitals fall back to the torso. */
  dr: Partial<Record<HitLocation, number>>;
  toughness: number;
  /** Holds a shield: random hits never strike the shield hand (§8, A10). */
  shield: boolean;
  crippled: HitLocation[];
}

export interface M2mOptions {
  /** Advanced hit location rules (ch. 5). Off: the Basic system, every hit is to the torso. */
  hitLocation: boolean;
  /** The stun rule (L2582 allows playing without it). */
  stun: boolean;
  /**
   * The optional Last Wounds rule (L3689–3693): at 3 HP or less a limb wound counts only if
   * critical, crippling or 3+. Absent: off (left out of the defaults so older declarations and
   * the golden exchanges keep their shape).
   */
  lastWounds?: boolean;
}

/** Every option's key, for parsers (`lastWounds` has no entry in the defaults: off). */
export const M2M_OPTION_KEYS: readonly (keyof M2mOptions)[] = Object.freeze([
  "hitLocation",
  "stun",
  "lastWounds",
]);

export const DEFAULT_M2M_OPTIONS: Readonly<M2mOptions> = Object.freeze({
  hitLocation: true,
  stun: true,
});

export interface M2mDeclaration {
  attack: M2mAttack;
  defender: M2mCombatant;
  /** The attacker, for a Critical Miss that strikes him (hit yourself, L2603-2604). */
  attacker?: M2mCombatant;
  options: M2mOptions;
}

export interface M2mDefence {
  type: "dodge" | "parry" | "block" | "none";
  /** The active defence score (0 for none). */
  score: number;
  /** Passive defence at the struck location (armour and, by facing, shield). */
  pd: number;
  /** The parrying weapon, for the defender's Critical Miss table on a parry's 17-18 (L2594). */
  weapon?: { damage?: DamageExpr; type?: DamageType; unarmed: boolean; breakResistant: boolean };
}

export interface RollPart {
  target: number;
  roll: number;
}

export interface M2mDamage {
  dice: number[];
  rolled: number;
  basic: number;
  /** Critical-hit multiplier on the basic roll (§10.1, A3). */
  multiplier: number;
  halved: boolean;
  bypassArmour: boolean;
  dr: number;
  penetrating: number;
  /** After the wounding multipliers, before the crippling cap. */
  injury: number;
  knockback: number;
}

export interface M2mWoundOutcome extends Omit<WoundResult, "injury"> {
  /** Injury recorded (after the crippling cap). */
  injury: number;
  knockdown: { roll: number; target: number; fell: boolean } | null;
  /** Death thresholds this wound crossed (A15). */
  deathRolls: number;
  /** The death rolls made, one per threshold, until one fails. */
  deathChecks: { threshold: number; roll: number; survived: boolean }[];
  dead: boolean;
}

/** A Critical Miss that strikes the fumbler (hit yourself 5-6, L2603-2604; unarmed, L2615). */
export interface SelfHit {
  location: HitLocation;
  /** Null when the fumbling weapon's damage is not known (a parry without `defence.weapon.damage`). */
  damage: M2mDamage | null;
  /** Null when the fumbler's HT is not known (`attacker` not given). */
  wound: M2mWoundOutcome | null;
}

export interface M2mResult extends ExchangeRecord {
  ruleset: "m2m";
  attack: RollPart & {
    outcome: AttackOutcome;
    /** The skill declared. */
    skill: number;
    /** A random melee swing's location penalty (ruling M2); 0 otherwise. */
    locationPenalty: number;
    /** skill + locationPenalty: the number rolled against (also `target`). */
    effective: number;
  };
  defence: (RollPart & { type: M2mDefence["type"]; outcome: DefenceOutcome }) | null;
  hit: boolean;
  location: HitLocation | null;
  /** The location aimed at, or `random`. */
  aimed: HitLocation | "random";
  headMissByOne: boolean;
  criticalHit: ({ roll: number } & CriticalHitEffect) | null;
  criticalMiss:
    | ({
        roll: number;
        side: Side;
        rerolls: number[];
        selfHit: SelfHit | null;
      } & CriticalMissEffect)
    | null;
  defenceCritical: ReturnType<typeof criticalDefenceEffect> | null;
  damage: M2mDamage | null;
  /**
   * The defender's figures after the exchange. Always present: on a miss or a successful
   * defence it is {@link unharmed} (`injury` 0, `hp` unchanged), as a hit armour stops.
   */
  defender: M2mWoundOutcome;
}

/** `defenceOutcome`'s options for a defence rolled (one object, not one per exchange). */
const HAD_CHANCE: Readonly<{ hadChance: boolean }> = Object.freeze({ hadChance: true });

/** The exchange between the attack roll and the defence: plain data, kept in a chat card. */
export interface M2mState {
  decl: M2mDeclaration;
  rolls: RollRecord[];
  attack: M2mResult["attack"];
  location: HitLocation | null;
  headMissByOne: boolean;
  awaitingDefence: boolean;
  result: M2mResult | null;
}

function rollLocation(dice: Dice, d: M2mDeclaration): HitLocation {
  const roll = rollTotal(dice, "location", 2, 6);
  const unsided = unsidedLocationOfRoll(roll);
  if (unsided !== null) return unsided;
  // A hand or foot needs its side (ruling M1): roll only when the table needs it.
  const probe = locationFromRoll(roll, { sideRoll: 1, shieldInLeftHand: d.defender.shield });
  if (!isExtremity(probe)) return probe;
  const sideRoll = dice.roll("side", 1, 6)[0]!;
  return locationFromRoll(roll, { sideRoll, shieldInLeftHand: d.defender.shield });
}

/** The fumbling weapon: the attack's for the attacker, the parrying weapon for the defender. */
interface Fumbler {
  side: Side;
  ctx: CriticalMissContext;
  damage: DamageExpr | null;
  type: DamageType;
  combatant: M2mCombatant | undefined;
}

function attackerFumbler(d: M2mDeclaration): Fumbler {
  return {
    side: "attacker",
    ctx: {
      ranged: d.attack.ranged,
      impaling: d.attack.type === "imp",
      unarmed: d.attack.unarmed,
      breakResistant: d.attack.breakResistant,
    },
    damage: d.attack.damage,
    type: d.attack.type,
    combatant: d.attacker,
  };
}

function defenderFumbler(d: M2mDeclaration, defence: M2mDefence): Fumbler {
  const w = defence.weapon;
  return {
    side: "defender",
    // "As for a weapon" (L2594): the parrying weapon is a hand weapon used in melee.
    ctx: {
      ranged: false,
      impaling: false,
      unarmed: w?.unarmed ?? false,
      breakResistant: w?.breakResistant ?? false,
    },
    damage: w?.damage ?? null,
    type: w?.type ?? "cr",
    combatant: d.defender,
  };
}

function rollCriticalMiss(
  dice: Dice,
  name: string,
  d: M2mDeclaration,
  f: Fumbler,
): NonNullable<M2mResult["criticalMiss"]> {
  const roll = rollTotal(dice, name, 3, 6);
  let effect = criticalMiss(roll, f.ctx);
  const rerolls: number[] = [];
  // "Roll again" results (§10.3: a break-resistant weapon's break, hitting oneself with an
  // impaling or ranged attack): the confirming roll decides, and may itself ask again (L2602-2604).
  while (effect.rollAgain && effect.rollAgainReason && rerolls.length < 3) {
    const again = rollTotal(dice, `${name}.${rerolls.length + 2}`, 3, 6);
    rerolls.push(again);
    effect = criticalMiss(again, { ...f.ctx, rollAgainFor: effect.rollAgainReason });
  }
  let selfHit: SelfHit | null = null;
  if (effect.effects.includes("hit-self") && effect.selfDamage) {
    selfHit = rollSelfHit(dice, d, f, effect.selfDamage);
  } else if (effect.effects.includes("hurt-striking-limb")) {
    // Unarmed: 1-3 crushing to the striking hand (ruling M88: the right hand).
    const expr = effect.damage ?? UNARMED_CRITICAL_MISS_DAMAGE;
    selfHit = strikeSelf(dice, d, { ...f, damage: expr, type: "cr" }, "right-hand", "full");
  }
  return { roll, side: f.side, rerolls, selfHit, ...effect };
}

/** Hit yourself (L2603-2604): an arm or a leg, 50/50 (ruling M88), full or half damage. */
function rollSelfHit(dice: Dice, d: M2mDeclaration, f: Fumbler, share: "full" | "half"): SelfHit {
  const arm = dice.roll("selfLocation", 1, 6)[0]! <= 3;
  const location: HitLocation = arm
    ? "right-arm"
    : dice.roll("selfSide", 1, 6)[0]! <= 3
      ? "left-leg"
      : "right-leg";
  return strikeSelf(dice, d, f, location, share);
}

function strikeSelf(
  dice: Dice,
  d: M2mDeclaration,
  f: Fumbler,
  location: HitLocation,
  share: "full" | "half",
): SelfHit {
  if (!f.damage) return { location, damage: null, wound: null };
  const who = f.combatant;
  const damage = rollDamage(dice, "selfDamage", {
    expr: f.damage,
    type: f.type,
    location,
    target: who,
    crit: null,
    maximum: false,
    halve: share === "half",
  });
  const wound = who ? woundOf(dice, "self", d, who, location, damage, null) : null;
  return { location, damage, wound };
}

/** Starts an exchange: the rolls made before the defender must choose. */
export function startExchange(decl: M2mDeclaration, inner: Dice): M2mState {
  const dice = new RecordingDice(inner);
  const { attack, options } = decl;
  let location: HitLocation | null = options.hitLocation ? null : "torso";
  let locationPenalty = 0;
  if (options.hitLocation && attack.target !== "random") location = attack.target;
  // A random melee swing rolls its location first and takes that location's penalty (§8, L2432).
  if (options.hitLocation && attack.target === "random" && !attack.ranged) {
    location = rollLocation(dice, decl);
    locationPenalty = aimPenalty(location, { shield: decl.defender.shield, type: attack.type });
  }
  const effective = attack.skill + locationPenalty;
  const roll = rollTotal(dice, "attack", 3, 6);
  let outcome = attackOutcome(roll, effective);
  let missByOne = false;
  // Only an aimed head or face blow turns a miss by one into a body hit (L2442, ruling M90).
  if (
    outcome === "miss" &&
    options.hitLocation &&
    attack.target !== "random" &&
    headMissByOne(attack.target, roll, effective)
  ) {
    outcome = "hit";
    missByOne = true;
    location = "torso";
  }
  const state: M2mState = {
    decl,
    rolls: dice.records,
    attack: { target: effective, roll, outcome, skill: attack.skill, locationPenalty, effective },
    location,
    headMissByOne: missByOne,
    awaitingDefence: outcome === "hit",
    result: null,
  };
  if (outcome === "hit") return state;
  return finish(state, null, inner);
}

/** The defender's choice made (or none needed): the rest of the exchange. */
export function finishExchange(state: M2mState, defence: M2mDefence | null, inner: Dice): M2mState {
  if (!state.awaitingDefence) throw new Error("The exchange is not waiting for a defence.");
  return finish(state, defence, inner);
}

function finish(state: M2mState, defence: M2mDefence | null, inner: Dice): M2mState {
  const dice = new RecordingDice(inner, state.rolls);
  const d = state.decl;
  const { attack } = d;
  let location = state.location;
  let defencePart: M2mResult["defence"] = null;
  let defenceCritical: M2mResult["defenceCritical"] = null;
  let crit: M2mResult["criticalMiss"] = null;
  let hit = state.attack.outcome === "hit" || state.attack.outcome === "critical-hit";

  // The Critical Miss table is an Advanced (ch. 5) rule: in Basic a critical miss only misses (C19).
  const missTable = criticalMissTable({ hitLocation: d.options.hitLocation }) !== null;
  if (state.attack.outcome === "critical-miss" && missTable) {
    crit = rollCriticalMiss(dice, "criticalMiss", d, attackerFumbler(d));
  }

  if (state.attack.outcome === "hit" && defence) {
    const target = defence.score + defence.pd;
    // A1: no roll without a chance: no active defence and no PD → the attack hits (ruling M4).
    if (defence.type !== "none" || defence.pd > 0) {
      const roll = rollTotal(dice, "defence", 3, 6);
      const outcome = defenceOutcome(roll, target, HAD_CHANCE);
      defencePart = { type: defence.type, target, roll, outcome };
      hit = outcome === "failure" || outcome === "critical-failure";
      // Critical defence results (§6.7, L2592-2598) are Advanced (ch. 5) rules, as the table.
      if (missTable && (outcome === "critical-success" || outcome === "critical-failure")) {
        defenceCritical = criticalDefenceEffect(outcome, defence.type, attack.ranged);
        if (defenceCritical.attackerRollsCriticalMiss) {
          crit = rollCriticalMiss(dice, "criticalMiss", d, attackerFumbler(d));
        }
        if (defenceCritical.defenderRollsCriticalMiss) {
          crit = rollCriticalMiss(dice, "defenceCriticalMiss", d, defenderFumbler(d, defence));
        }
      }
    }
  }

  // A parry's 17-18 may strike the parrier himself (L2594, L2603) before the attack's blow
  // lands: the blow then meets the HP and crippled limbs the self-hit left.
  const victim = afterSelfHit(d.defender, crit);

  let critHit: M2mResult["criticalHit"] = null;
  let damage: M2mDamage | null = null;
  let outcome: M2mWoundOutcome | null = null;
  if (hit) {
    if (location === null) location = rollLocation(dice, d);
    const critical =
      state.attack.outcome === "critical-hit"
        ? criticalHitEffect(state.attack.roll, {
            hitLocation: d.options.hitLocation,
            head: isHead(location),
          })
        : null;
    if (critical?.table) {
      const roll = rollTotal(dice, "criticalHit", 3, 6);
      critHit = { roll, ...criticalHit(roll, { location, type: attack.type }) };
    }
    damage = rollDamage(dice, "damage", {
      expr: attack.damage,
      type: attack.type,
      location,
      target: victim,
      crit: critHit,
      maximum: critical?.maxDamage ?? false,
      halve: attack.halfDamage,
    });
    outcome = woundOf(dice, "", d, victim, location, damage, critHit);
  }

  // The whole result as one literal, in its key order: spreading a result into a new one with
  // three more keys grew the copy's property store key by key (issue 17, docs/performance.md).
  const rolls = dice.records;
  const result: M2mResult = {
    ruleset: "m2m",
    attack: state.attack,
    defence: defencePart,
    hit,
    location: hit ? location : null,
    aimed: attack.target,
    headMissByOne: state.headMissByOne,
    criticalHit: critHit,
    criticalMiss: crit,
    defenceCritical,
    damage,
    defender: outcome ?? unharmed(victim),
    effects: [],
    rolls,
    choices: defence ? [{ by: "defender", kind: "defence", value: copyDefence(defence) }] : [],
  };
  result.effects = effectsOf(result);
  // The state's keys written out in the order `startExchange` gives them (a spread of the state
  // walked its keys; issue 17). Every state comes from `startExchange`, stored or not.
  return {
    decl: state.decl,
    rolls,
    attack: state.attack,
    location: state.location,
    headMissByOne: state.headMissByOne,
    awaitingDefence: false,
    result,
  };
}

/**
 * The result's copy of the defence chosen, `{ ...defence }` written out in the key order every
 * caller gives (`parseDefence`, the flow, the duel): type, score, pd, then the parrying weapon
 * when there is one (shared, as the spread shared it).
 */
function copyDefence(d: M2mDefence): M2mDefence {
  return d.weapon === undefined
    ? { type: d.type, score: d.score, pd: d.pd }
    : { type: d.type, score: d.score, pd: d.pd, weapon: d.weapon };
}

/** The defender as a Critical Miss that struck him left him (HP, crippled limbs); else as declared. */
function afterSelfHit(who: M2mCombatant, crit: M2mResult["criticalMiss"]): M2mCombatant {
  const w = crit?.side === "defender" ? crit.selfHit?.wound : null;
  if (!w || !crit?.selfHit) return who;
  const crippled =
    w.crippled && !who.crippled.includes(crit.selfHit.location)
      ? [...who.crippled, crit.selfHit.location]
      : who.crippled;
  return { ...who, hp: w.hp, crippled };
}

interface DamageInput {
  expr: DamageExpr;
  type: DamageType;
  location: HitLocation;
  target: M2mCombatant | undefined;
  crit: M2mResult["criticalHit"];
  /** Basic system: a natural 3 does maximum damage, with no roll (L1740; the table replaces it, C18). */
  maximum: boolean;
  halve: boolean;
}

/**
 * Damage in the order of spec §18.2 pitfall 3: roll → edged minimum → critical ×2/×3 → halve
 * beyond ½D (then the edged minimum again, ruling M91) → all DR → wounding multiplier.
 */
function rollDamage(dice: Dice, name: string, i: DamageInput): M2mDamage {
  const { expr, type, location, crit } = i;
  const values = i.maximum ? Array<number>(expr.dice).fill(6) : dice.roll(name, expr.dice, 6);
  // With `maximum` every die counts as 6, so the basic roll is the expression's maximum.
  const roll = rollBasicDamage(values, expr, type);
  const rolled = roll.rolled;
  let basic = roll.basic;
  const effectOnly = crit?.damage === "none" || crit?.damage === "fixed";
  const multiplier = crit && !effectOnly ? crit.multiplier : 1;
  basic *= multiplier;
  if (i.halve) basic = Math.floor(basic / 2);
  if (i.halve && type !== "cr") basic = Math.max(1, basic);
  const bypassArmour = crit?.bypassArmour ?? false;
  if (effectOnly) {
    // Head crits 3-7 do the effect only (A20); 12-13 cut/imp do exactly 1 or 2 hits (M40).
    const injury = crit?.damage === "fixed" ? (crit.fixedDamage ?? 0) : 0;
    return {
      dice: values,
      rolled,
      basic: 0,
      multiplier: 1,
      halved: i.halve,
      bypassArmour,
      dr: 0,
      penetrating: 0,
      injury,
      knockback: 0,
    };
  }
  const dr = i.target?.dr ?? {};
  const armour = location === "vitals" ? (dr.vitals ?? dr.torso ?? 0) : (dr[location] ?? 0);
  const toughness = i.target?.toughness ?? 0;
  const multipliers = WOUND_MULTIPLIER_MAP.get(location);
  // DR, penetration, wounding and knockback as `locationDr`, `applyDr`, `woundInjury` and
  // `knockbackHexes` compute them, without their checks and objects when every figure is one
  // they accept (issue 17); anything else goes through them for their errors.
  if (
    multipliers !== undefined &&
    (type === "cr" || type === "cut" || type === "imp") &&
    Number.isInteger(basic) &&
    basic >= 0 &&
    Number.isInteger(armour) &&
    armour >= 0 &&
    Number.isInteger(toughness) &&
    toughness >= 0 &&
    Number.isInteger(rolled)
  ) {
    const total =
      (bypassArmour || location === "face" ? 0 : armour) + toughness + (isHead(location) ? 1 : 0);
    const penetrating = Math.max(0, basic - total);
    return {
      dice: values,
      rolled,
      basic,
      multiplier,
      halved: i.halve,
      bypassArmour,
      dr: total,
      penetrating,
      injury: Math.floor(penetrating * multipliers[type]),
      knockback: type === "imp" ? 0 : Math.floor(Math.max(0, rolled) / 8),
    };
  }
  const applied = applyDr(basic, locationDr(location, armour, toughness), {
    bypassArmour,
  });
  return {
    dice: values,
    rolled,
    basic,
    multiplier,
    halved: i.halve,
    bypassArmour,
    dr: applied.dr,
    penetrating: applied.penetrating,
    injury: woundInjury(applied.penetrating, type, location),
    // Knockback counts the damage rolled, before criticals and halving (L2252, ruling M89).
    knockback: knockbackHexes(rolled, type),
  };
}

/** The wound multipliers of each location (`WOUND_MULTIPLIERS`), found and checked in one lookup. */
const WOUND_MULTIPLIER_MAP: ReadonlyMap<string, Readonly<Record<DamageType, number>>> = new Map(
  Object.entries(WOUND_MULTIPLIERS),
);

/** An HT roll (3d6 vs basic HT; 3-4 always succeed, 17-18 always fail, §1.1). */
function htCheck(
  dice: Dice,
  name: string,
  ht: number,
): { roll: number; target: number; success: boolean } {
  const r = htRoll(ht, rollTotal(dice, name, 3, 6));
  return { roll: r.roll, target: r.target, success: r.success };
}

/** A defender's roll name as it is; a fumbler's with `self` before it (`knockdown` → `selfKnockdown`). */
const plainName = (n: string): string => n;
const selfName = (n: string): string => `self${n[0]!.toUpperCase()}${n.slice(1)}`;

/** The wound's consequences; `prefix` names the rolls (`""` for the defender, `self` for a fumbler). */
function woundOf(
  dice: Dice,
  prefix: "" | "self",
  d: M2mDeclaration,
  who: M2mCombatant,
  location: HitLocation,
  damage: M2mDamage,
  crit: M2mResult["criticalHit"],
): M2mWoundOutcome {
  const name = prefix ? selfName : plainName;
  const w = applyWound(
    { ht: who.ht, hp: who.hp, crippled: who.crippled },
    damage.injury,
    location,
    {
      canBeStunned: d.options.stun,
      lastWounds: d.options.lastWounds === true,
      critical: crit !== null,
      forceCripple:
        crit?.effects.includes("crippled") ||
        crit?.effects.includes("crippled-funny-bone") ||
        false,
    },
  );
  let knockdown: M2mWoundOutcome["knockdown"] = null;
  if (w.knockdownRoll) {
    const c = htCheck(dice, name("knockdown"), who.ht);
    knockdown = { roll: c.roll, target: c.target, fell: !c.success };
  }
  const deathChecks: M2mWoundOutcome["deathChecks"] = [];
  let dead = crit?.effects.includes("killed") ?? false;
  const thresholds = w.deathThresholds;
  for (let i = 0; i < thresholds.length && !dead; i++) {
    const c = htCheck(dice, i === 0 ? name("death") : `${name("death")}.${i + 1}`, who.ht);
    deathChecks.push({ threshold: thresholds[i]!, roll: c.roll, survived: c.success });
    if (!c.success) dead = true;
  }
  if (w.destroyed) dead = true;
  const critStun = crit?.effects.includes("stunned") ?? false;
  const critOut = crit?.effects.includes("unconscious") ?? false;
  return woundOutcome(
    w,
    d.options.stun && (w.stunned || critStun),
    w.unconscious || critOut,
    knockdown,
    deathChecks,
    dead,
  );
}

/**
 * `{ ...w, stunned, unconscious, knockdown, deathRolls, deathChecks, dead }` written out in that
 * key order (a spread followed by new keys grows the copy's property store key by key). The
 * exchange never asks `applyWound` for `limbDamage` (no `accumulateCrippling`), so `w` has
 * exactly the keys below.
 */
function woundOutcome(
  w: WoundResult,
  stunned: boolean,
  unconscious: boolean,
  knockdown: M2mWoundOutcome["knockdown"],
  deathChecks: M2mWoundOutcome["deathChecks"],
  dead: boolean,
): M2mWoundOutcome {
  return {
    injury: w.injury,
    lost: w.lost,
    ignored: w.ignored,
    hp: w.hp,
    majorWound: w.majorWound,
    knockdownRoll: w.knockdownRoll,
    stunned,
    crippled: w.crippled,
    crippledByInjury: w.crippledByInjury,
    knockedOut: w.knockedOut,
    fallsDown: w.fallsDown,
    unconscious,
    consciousnessRolls: w.consciousnessRolls,
    deathThresholds: w.deathThresholds,
    destroyed: w.destroyed,
    halfMove: w.halfMove,
    shock: w.shock,
    knockdown,
    deathRolls: w.deathThresholds.length,
    deathChecks,
    dead,
  };
}

/**
 * The defender's figures when no wound struck (a miss, a successful defence): the figures of a
 * wound of 0 injury, so `hp` is unchanged and no roll, threshold or crippling follows. The
 * location does not matter for 0 injury except a crippled limb's ignore, hence the torso.
 */
function unharmed(who: M2mCombatant): M2mWoundOutcome {
  const { ht, hp } = who;
  // What `applyWound` gives for 0 injury to the torso, written out (issue 17: a miss went through
  // the whole wound routine); figures it would refuse still go through it for its error.
  if (Number.isInteger(ht) && ht >= 1 && Number.isInteger(hp)) {
    const unconscious = hp < 0;
    const destroyed = hp <= -10 * ht;
    return {
      injury: 0,
      lost: 0,
      ignored: null,
      hp,
      majorWound: false,
      knockdownRoll: false,
      stunned: false,
      crippled: false,
      crippledByInjury: false,
      knockedOut: false,
      fallsDown: unconscious,
      unconscious,
      consciousnessRolls: hp === 0,
      deathThresholds: [],
      destroyed,
      halfMove: hp <= 3,
      shock: 0,
      knockdown: null,
      deathRolls: 0,
      deathChecks: [],
      dead: destroyed,
    };
  }
  const w = applyWound({ ht, hp, crippled: who.crippled }, 0, "torso");
  // deathRolls is 0: a wound of 0 crosses no threshold.
  return woundOutcome(w, w.stunned, w.unconscious, null, [], w.destroyed);
}

/** A condition effect; `location` then `value` follow `cause` when given (literals, no spread). */
function condition(
  to: Side,
  c: ConditionId,
  cause: string,
  location?: string,
  value?: number,
): Effect {
  if (location === undefined) {
    return value === undefined
      ? { type: "condition", to, condition: c, cause }
      : { type: "condition", to, condition: c, cause, value };
  }
  return value === undefined
    ? { type: "condition", to, condition: c, cause, location }
    : { type: "condition", to, condition: c, cause, location, value };
}

/** The effects of one wound on `to`, pushed onto `fx`. */
function woundEffects(
  fx: Effect[],
  to: Side,
  location: HitLocation,
  o: M2mWoundOutcome,
  cause: string,
  crit: M2mResult["criticalHit"],
): void {
  if (o.injury > 0) {
    fx.push({
      type: "injury",
      to,
      location,
      severityKey: o.majorWound ? "major" : "wound",
      level: o.injury,
      data: { hits: o.injury, lost: o.lost, hp: o.hp },
    });
    fx.push(condition(to, "shocked", "shock", undefined, o.shock));
  }
  const critStun = crit?.effects.includes("stunned") ?? false;
  if (o.stunned)
    fx.push(condition(to, "stunned", critStun && !o.majorWound ? "criticalHit" : cause));
  if (o.knockdown?.fell) fx.push(condition(to, "prone", "knockdown"));
  else if (o.fallsDown) fx.push(condition(to, "prone", cause));
  if (o.crippled) {
    const funnyBone = crit?.effects.includes("crippled-funny-bone") && !o.crippledByInjury;
    if (funnyBone) fx.push(condition(to, "crippled", "criticalHit", location, 6));
    else fx.push(condition(to, "crippled", o.crippledByInjury ? cause : "criticalHit", location));
  }
  if (o.unconscious || o.knockedOut) fx.push(condition(to, "unconscious", cause));
  if (o.dead) fx.push(condition(to, "dead", cause));
}

const MISS_CONDITIONS: Readonly<Record<string, { condition: ConditionId; location?: string }>> = {
  "drop-weapon": { condition: "disarmed" },
  "weapon-flies": { condition: "disarmed" },
  "lose-balance": { condition: "offBalance" },
  "fall-down": { condition: "prone" },
  "weapon-turns-in-hand": { condition: "weaponUnready" },
  // The weapon arm (L2462: the right arm), crippled for the encounter (L2611).
  "strained-shoulder": { condition: "crippled", location: "right-arm" },
};

/** Effects of an m2m result, for the adapter to apply. */
export function effectsOf(r: Omit<M2mResult, "effects" | "rolls" | "choices">): Effect[] {
  const fx: Effect[] = [];
  if (r.defender && r.location) {
    woundEffects(fx, "defender", r.location, r.defender, "wound", r.criticalHit);
  }
  // Indexed loops, and none without a critical hit (`?? []` made an empty array per result).
  const critEffects = r.criticalHit?.effects;
  for (let i = 0; critEffects && i < critEffects.length; i++) {
    const e = critEffects[i];
    if (e === "drops-weapon") fx.push(condition("defender", "disarmed", "criticalHit"));
    if (e === "off-balance") fx.push(condition("defender", "offBalance", "criticalHit"));
  }
  if (r.defenceCritical?.defenderFalls)
    fx.push(condition("defender", "prone", "dodgeCriticalFailure"));
  if (r.defenceCritical?.shieldUnready)
    fx.push(condition("defender", "shieldUnready", "blockCriticalFailure"));
  const miss = r.criticalMiss;
  if (miss) {
    for (const e of miss.effects) {
      if (e === "weapon-breaks")
        fx.push({ type: "weaponDamaged", to: miss.side, broken: true, cause: "criticalMiss" });
      const c = MISS_CONDITIONS[e];
      if (c) fx.push(condition(miss.side, c.condition, "criticalMiss", c.location || undefined));
    }
    const self = miss.selfHit;
    if (self?.wound) woundEffects(fx, miss.side, self.location, self.wound, "criticalMiss", null);
    else if (self?.damage && self.damage.injury > 0) {
      // The fumbler's HT is unknown: the injury alone, for the adapter to apply.
      fx.push({
        type: "injury",
        to: miss.side,
        location: self.location,
        severityKey: "wound",
        level: self.damage.injury,
        data: { hits: self.damage.injury },
      });
    }
  }
  return fx;
}
