/**
 * One GURPS Man to Man exchange (spec §5.1 procedure, L1700–1718): the attack roll, then —
 * unless it was a critical hit or a miss — the defender's active defence, then damage against
 * DR with the wounding multipliers, and the injury's consequences (shock, major wound,
 * knockdown, stun, crippling, HP thresholds). Critical hits skip the defence and roll on the
 * Critical Hit (or Critical Head Blow) table; critical misses and critical defences send the
 * attacker (or a parrying defender) to the Critical Miss table.
 *
 * Rolls, in order (spec §18.1; names are the CLI contract's): `location` (2d6, before the attack
 * for a random melee swing, after the hit for a random ranged attack), `side` (1d6, a hand or
 * foot: 1-3 left, 4-6 right, docs/rulings.md M1), `attack` (3d6), `criticalMiss` (3d6; again as
 * `criticalMiss.2` when the table says roll again), `defence` (3d6), `defenceCriticalMiss`
 * (3d6, a parry's 17–18), `criticalHit` (3d6), `damage` (N d6), `knockdown` (3d6 vs HT),
 * `death`, `death.2`, … (3d6 vs HT, one per threshold crossed). A head blow over HT/2 knocks
 * out with no roll (L2457, A7).
 */
import { RecordingDice, sum, type Dice, type RollRecord } from "../../core/dice";
import type { Effect, ExchangeRecord, Side } from "../../core/ruleset";
import { attackOutcome, criticalHitEffect, criticalMissTable } from "./attack";
import {
  criticalHit,
  criticalMiss,
  type CriticalHitEffect,
  type CriticalMissEffect,
} from "./criticals";
import {
  applyDr,
  knockbackHexes,
  locationDr,
  maxDamage,
  rollBasicDamage,
  woundInjury,
} from "./damage";
import { criticalDefenceEffect, defenceOutcome } from "./defence";
import { applyWound, type WoundResult } from "./injury";
import { aimPenalty, headMissByOne, locationFromRoll } from "./location";
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

export interface M2mDefender {
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
}

export const DEFAULT_M2M_OPTIONS: Readonly<M2mOptions> = Object.freeze({
  hitLocation: true,
  stun: true,
});

export interface M2mDeclaration {
  attack: M2mAttack;
  defender: M2mDefender;
  options: M2mOptions;
}

export interface M2mDefence {
  type: "dodge" | "parry" | "block" | "none";
  /** The active defence score (0 for none). */
  score: number;
  /** Passive defence at the struck location (armour and, by facing, shield). */
  pd: number;
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

export interface M2mDefenderOutcome extends Omit<WoundResult, "injury"> {
  /** Injury recorded (after the crippling cap). */
  injury: number;
  knockdown: { roll: number; target: number; fell: boolean } | null;
  deathRolls: number;
  deathChecks: { threshold: number; roll: number; survived: boolean }[];
  dead: boolean;
}

export interface M2mResult extends ExchangeRecord {
  ruleset: "m2m";
  attack: RollPart & { outcome: AttackOutcome; effective: number };
  defence: (RollPart & { type: M2mDefence["type"]; outcome: DefenceOutcome }) | null;
  hit: boolean;
  location: HitLocation | null;
  /** The location rolled or aimed at, when a miss-by-one on the head struck the body. */
  aimed: HitLocation | "random";
  headMissByOne: boolean;
  criticalHit: ({ roll: number } & CriticalHitEffect) | null;
  criticalMiss: ({ roll: number; side: Side; rerolls: number[] } & CriticalMissEffect) | null;
  defenceCritical: ReturnType<typeof criticalDefenceEffect> | null;
  damage: M2mDamage | null;
  defender: M2mDefenderOutcome | null;
}

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

const HANDS_FEET: readonly HitLocation[] = ["left-hand", "right-hand", "left-foot", "right-foot"];

function rollLocation(dice: Dice, d: M2mDeclaration): HitLocation {
  const roll = sum(dice.roll("location", 2, 6));
  // A hand or foot needs its side (ruling M1): roll only when the table needs it.
  const probe = locationFromRoll(roll, { sideRoll: 1, shieldInLeftHand: d.defender.shield });
  if (!HANDS_FEET.includes(probe)) return probe;
  const sideRoll = dice.roll("side", 1, 6)[0]!;
  return locationFromRoll(roll, { sideRoll, shieldInLeftHand: d.defender.shield });
}

function rollCriticalMiss(
  dice: Dice,
  name: string,
  d: M2mDeclaration,
  side: Side,
): M2mResult["criticalMiss"] {
  const ctx = {
    ranged: d.attack.ranged,
    impaling: d.attack.type === "imp",
    unarmed: d.attack.unarmed,
    breakResistant: d.attack.breakResistant,
  };
  const roll = sum(dice.roll(name, 3, 6));
  let effect = criticalMiss(roll, ctx);
  const rerolls: number[] = [];
  // "Roll again" results (§10.3: a break-resistant weapon's break, hitting oneself with an
  // impaling or ranged attack): the confirming roll decides, and may itself ask again (L2602-2604).
  while (effect.rollAgain && effect.rollAgainReason && rerolls.length < 3) {
    const again = sum(dice.roll(`${name}.${rerolls.length + 2}`, 3, 6));
    rerolls.push(again);
    effect = criticalMiss(again, { ...ctx, rollAgainFor: effect.rollAgainReason });
  }
  return { roll, side, rerolls, ...effect };
}

/** Starts an exchange: the rolls made before the defender must choose. */
export function startExchange(decl: M2mDeclaration, inner: Dice): M2mState {
  const dice = new RecordingDice(inner);
  const { attack, options } = decl;
  let location: HitLocation | null = options.hitLocation ? null : "torso";
  let effective = attack.skill;
  if (options.hitLocation && attack.target !== "random") location = attack.target;
  // A random melee swing rolls its location first and takes that location's penalty (§8, L2432).
  if (options.hitLocation && attack.target === "random" && !attack.ranged) {
    location = rollLocation(dice, decl);
    effective += aimPenalty(location, { shield: decl.defender.shield, type: attack.type });
  }
  const roll = sum(dice.roll("attack", 3, 6));
  let outcome = attackOutcome(roll, effective);
  let missByOne = false;
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
    attack: { target: effective, effective, roll, outcome },
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
    crit = rollCriticalMiss(dice, "criticalMiss", d, "attacker");
  }

  if (state.attack.outcome === "hit" && defence) {
    const target = defence.score + defence.pd;
    // A1: no roll without a chance: no active defence and no PD → the attack hits.
    if (defence.type !== "none" || defence.pd > 0) {
      const roll = sum(dice.roll("defence", 3, 6));
      const outcome = defenceOutcome(roll, target, { hadChance: true });
      defencePart = { type: defence.type, target, roll, outcome };
      hit = outcome === "failure" || outcome === "critical-failure";
      // Critical defence results (§6.7, L2592-2598) are Advanced (ch. 5) rules, as the table.
      if (missTable && (outcome === "critical-success" || outcome === "critical-failure")) {
        defenceCritical = criticalDefenceEffect(outcome, defence.type, attack.ranged);
        if (defenceCritical.attackerRollsCriticalMiss)
          crit = rollCriticalMiss(dice, "criticalMiss", d, "attacker");
        if (defenceCritical.defenderRollsCriticalMiss) {
          crit = rollCriticalMiss(dice, "defenceCriticalMiss", d, "defender");
        }
      }
    }
  }

  let critHit: M2mResult["criticalHit"] = null;
  let damage: M2mDamage | null = null;
  let outcome: M2mDefenderOutcome | null = null;
  if (hit) {
    if (location === null) location = rollLocation(dice, d);
    const critical =
      state.attack.outcome === "critical-hit"
        ? criticalHitEffect(state.attack.roll, {
            hitLocation: d.options.hitLocation,
            head: location === "head" || location === "face",
          })
        : null;
    if (critical?.table) {
      const roll = sum(dice.roll("criticalHit", 3, 6));
      critHit = { roll, ...criticalHit(roll, { location, type: attack.type }) };
    }
    damage = rollDamage(dice, d, location, critHit, critical?.maxDamage ?? false);
    outcome = wound(dice, d, location, damage, critHit);
  }

  const result: Omit<M2mResult, "effects" | "rolls" | "choices"> = {
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
    defender: outcome,
  };
  return {
    ...state,
    awaitingDefence: false,
    rolls: dice.records,
    result: {
      ...result,
      effects: effectsOf(result),
      rolls: dice.records,
      choices: defence ? [{ by: "defender", kind: "defence", value: { ...defence } }] : [],
    },
  };
}

function rollDamage(
  dice: Dice,
  d: M2mDeclaration,
  location: HitLocation,
  crit: M2mResult["criticalHit"],
  maximum: boolean,
): M2mDamage {
  const { damage: expr, type } = d.attack;
  const values = dice.roll("damage", expr.dice, 6);
  let { rolled, basic } = rollBasicDamage(values, expr, type);
  // Basic system: a natural 3 does maximum damage (L1740); the table replaces it when hit location is on (C18).
  if (maximum) {
    rolled = expr.dice * 6 + expr.adds;
    basic = maxDamage(expr, type);
  }
  const multiplier =
    crit && crit.damage !== "none" && crit.damage !== "fixed" ? crit.multiplier : 1;
  basic *= multiplier;
  const halved = d.attack.halfDamage;
  if (halved) basic = Math.floor(basic / 2);
  if (crit && crit.damage === "none") basic = 0;
  const armour =
    location === "vitals"
      ? (d.defender.dr.vitals ?? d.defender.dr.torso ?? 0)
      : (d.defender.dr[location] ?? 0);
  const bypassArmour = crit?.bypassArmour ?? false;
  const { dr, penetrating } = applyDr(basic, locationDr(location, armour, d.defender.toughness), {
    bypassArmour,
  });
  let injury = woundInjury(penetrating, type, location);
  if (crit && crit.damage === "fixed") injury = crit.fixedDamage ?? 0;
  return {
    dice: values,
    rolled,
    basic,
    multiplier,
    halved,
    bypassArmour,
    dr,
    penetrating,
    injury,
    knockback: knockbackHexes(rolled, type),
  };
}

function htCheck(
  dice: Dice,
  name: string,
  ht: number,
): { roll: number; target: number; success: boolean } {
  const roll = sum(dice.roll(name, 3, 6));
  // An HT roll is a success roll (§1.1): 3-4 always succeed, 17-18 always fail.
  const success = roll <= 4 || (roll <= 16 && roll <= ht);
  return { roll, target: ht, success };
}

function wound(
  dice: Dice,
  d: M2mDeclaration,
  location: HitLocation,
  damage: M2mDamage,
  crit: M2mResult["criticalHit"],
): M2mDefenderOutcome {
  const { defender } = d;
  const w = applyWound(
    { ht: defender.ht, hp: defender.hp, crippled: defender.crippled },
    damage.injury,
    location,
    {
      canBeStunned: d.options.stun,
      critical: crit !== null,
      forceCripple:
        crit?.effects.includes("crippled") ||
        crit?.effects.includes("crippled-funny-bone") ||
        false,
    },
  );
  let knockdown: M2mDefenderOutcome["knockdown"] = null;
  if (w.knockdownRoll) {
    const c = htCheck(dice, "knockdown", defender.ht);
    knockdown = { roll: c.roll, target: c.target, fell: !c.success };
  }
  const deathChecks: M2mDefenderOutcome["deathChecks"] = [];
  let dead = crit?.effects.includes("killed") ?? false;
  w.deathThresholds.forEach((threshold, i) => {
    if (dead) return;
    const c = htCheck(dice, i === 0 ? "death" : `death.${i + 1}`, defender.ht);
    deathChecks.push({ threshold, roll: c.roll, survived: c.success });
    if (!c.success) dead = true;
  });
  if (w.destroyed) dead = true;
  const stunned = d.options.stun && (w.stunned || (crit?.effects.includes("stunned") ?? false));
  return {
    ...w,
    stunned,
    knockdown,
    deathRolls: w.deathThresholds.length,
    deathChecks,
    dead,
  };
}

/** Effects of an m2m result, for the adapter to apply. */
export function effectsOf(r: Omit<M2mResult, "effects" | "rolls" | "choices">): Effect[] {
  const fx: Effect[] = [];
  const o = r.defender;
  if (o && r.location) {
    if (o.injury > 0) {
      fx.push({
        type: "injury",
        to: "defender",
        location: r.location,
        severityKey: o.majorWound ? "major" : "wound",
        level: o.injury,
        data: { hits: o.injury, lost: o.lost, hp: o.hp },
      });
      fx.push({
        type: "condition",
        to: "defender",
        condition: "shocked",
        cause: "shock",
        value: o.shock,
      });
    }
    if (o.stunned)
      fx.push({ type: "condition", to: "defender", condition: "stunned", cause: "wound" });
    if (o.knockdown?.fell || o.fallsDown)
      fx.push({ type: "condition", to: "defender", condition: "prone", cause: "knockdown" });
    if (o.crippled)
      fx.push({
        type: "condition",
        to: "defender",
        condition: "crippled",
        cause: "wound",
        location: r.location,
      });
    if (o.unconscious || o.knockedOut)
      fx.push({ type: "condition", to: "defender", condition: "unconscious", cause: "wound" });
    if (o.dead) fx.push({ type: "condition", to: "defender", condition: "dead", cause: "wound" });
  }
  if (r.criticalHit) {
    for (const e of r.criticalHit.effects) {
      if (e === "unconscious")
        fx.push({
          type: "condition",
          to: "defender",
          condition: "unconscious",
          cause: "criticalHit",
        });
      if (e === "drops-weapon")
        fx.push({ type: "condition", to: "defender", condition: "disarmed", cause: "criticalHit" });
    }
  }
  if (r.defenceCritical?.defenderFalls)
    fx.push({
      type: "condition",
      to: "defender",
      condition: "prone",
      cause: "dodgeCriticalFailure",
    });
  if (r.criticalMiss) {
    const to = r.criticalMiss.side;
    for (const e of r.criticalMiss.effects) {
      if (e === "drop-weapon")
        fx.push({ type: "condition", to, condition: "disarmed", cause: "criticalMiss" });
      if (e === "weapon-breaks")
        fx.push({ type: "weaponDamaged", to, broken: true, cause: "criticalMiss" });
      if (e === "lose-balance")
        fx.push({ type: "condition", to, condition: "offBalance", cause: "criticalMiss" });
      if (e === "fall-down")
        fx.push({ type: "condition", to, condition: "prone", cause: "criticalMiss" });
    }
  }
  return fx;
}
