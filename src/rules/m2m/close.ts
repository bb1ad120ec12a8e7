/**
 * Close combat of GURPS Man to Man (seed 004 ch. 6, L2653–2821, and the Judo throw L1894–1898;
 * read with `../shared/rules/m2m-spec.md` §11; "Lnnn" is a seed line): entering a foe's hex,
 * the close-combat attacks and their modifiers, defences, slam and knockback, evade, stop
 * thrust and snap shot, the Judo throw, and striking into a close combat from outside.
 * Data plus pure functions; contests take already-rolled 3d6 totals.
 */
import { InputError, readEnum, readNumber } from "../../core/errors";
import type { Modifier } from "../../core/modifiers";
import { maxDamage } from "./damage";
import { POSITION_IDS, type ManeuverId, type PositionId } from "./maneuvers";
import { rangeModifiers, type RangeResult, type RangeWeapon } from "./ranged";
import { quickContestDetail, successRoll, type ContestSide, type ContestWinner } from "./success";
import type { ActiveDefence, DamageExpr, DamageType } from "./types";

export type { ContestSide } from "./success";

const src = (lines: string, section: string): string => `seed 004 ${lines} ${section}`;

function roll3d6(value: unknown, field: string): number {
  return readNumber(value, field, { integer: true, min: 3, max: 18 });
}

/**
 * Quick contest (§1.2, L446–448, `success.ts`), with the two sides' field names put into any
 * input error (`a.roll` becomes e.g. `fallen.roll`).
 */
function contest(
  a: ContestSide,
  b: ContestSide,
  names: [string, string],
): { result: ContestWinner; by: number } {
  try {
    const { result, by } = quickContestDetail(a, b);
    return { result, by };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const field = e.field.replace(/^a\./, `${names[0]}.`).replace(/^b\./, `${names[1]}.`);
    throw new InputError(field, e.value, e.reason);
  }
}

// ── Entering, maneuvers, defences (§11.1) ────────────────────────────────────────────────────

/**
 * Maneuvers that may move into an enemy's hex (L2677–2679); under Move the entry must be an
 * evade or a slam.
 */
export const ENTERING_MANEUVERS: Readonly<Partial<Record<ManeuverId, "evade-or-slam" | "attack">>> =
  Object.freeze({
    move: "evade-or-slam",
    "step-and-attack": "attack",
    "all-out-attack": "attack",
  } as const);

/** Maneuvers impossible in close combat (L2805; Step and Feint is a feint, Step and Concentrate a concentration). */
export const CLOSE_COMBAT_FORBIDDEN: readonly ManeuverId[] = Object.freeze([
  "all-out-attack",
  "all-out-defence",
  "feint",
  "step-and-feint",
  "aim",
  "concentrate",
  "step-and-concentrate",
  "wait",
]);

/** Weapon attacks, except with the fists, in close combat (L2663, L2697). */
export const CLOSE_WEAPON_PENALTY = -2;
/** Dodge and retreat in close combat: +3, backing out on your own side, not if held (L2813). */
export const CLOSE_RETREAT_BONUS = 3;

/**
 * Active defences in close combat (§11.1, L2811–2813): Dodge only, and Parry with Judo or
 * Karate; dodge-and-retreat gives +3 unless the foe holds you.
 */
export function closeCombatDefences(opts: { judoOrKarate?: boolean; held?: boolean } = {}): {
  allowed: ActiveDefence[];
  retreatBonus: number;
} {
  return {
    allowed: opts.judoOrKarate ? ["dodge", "parry"] : ["dodge"],
    retreatBonus: opts.held ? 0 : CLOSE_RETREAT_BONUS,
  };
}

/** Judo may replace DX in any close-combat roll except drawing or dropping a weapon or shield (L1898). */
export function closeCombatDx(dx: number, judo?: number, drawingOrDropping = false): number {
  const d = readNumber(dx, "dx");
  if (judo === undefined || drawingOrDropping) return d;
  return Math.max(d, readNumber(judo, "judo"));
}

// ── Close-combat actions (§11.2) ─────────────────────────────────────────────────────────────

export const CLOSE_ACTIONS = [
  "grapple",
  "grab-weapon",
  "grab-arm",
  "weapon",
  "bare-hands",
  "takedown",
  "pin",
  "break-free",
  "slam",
  "draw",
  "dx-roll",
] as const;
export type CloseAction = (typeof CLOSE_ACTIONS)[number];

/** Grapple: +3 on the DX contest, +6 if the foe kneels, sits or lies (L2689–2691). */
export const GRAPPLE_BONUS = 3;
export const GRAPPLE_BONUS_LOW_FOE = 6;
/** Takedown from the ground (L2701). */
export const TAKEDOWN_FROM_GROUND = -5;

export interface CloseCombatContext {
  /** PD of the shield you still carry (0 or absent: none) (L2671–2673). */
  shieldPd?: number;
  /** The attack made as you enter the foe's hex (the initial slam or step-and-attack). */
  entering?: boolean;
  /** Your first turn of close combat: DX rolls are then free of the shield penalty. */
  firstTurn?: boolean;
  /** Grapple: the foe's position. */
  foePosture?: PositionId;
  /** Takedown: you are already on the ground. */
  onGround?: boolean;
  /** Pin: both fighters' weights in lb (the heavier gets +1 per full 10 lb). */
  weightLb?: number;
  foeWeightLb?: number;
}

/** Actions that are attacks (L2687–2709): the shield penalty spares only the entering attack. */
const ATTACKS: readonly CloseAction[] = [
  "grapple",
  "grab-weapon",
  "grab-arm",
  "weapon",
  "bare-hands",
  "takedown",
  "pin",
  "break-free",
  "slam",
];

/**
 * Modifiers to a close-combat roll by the acting fighter (§11.1–11.2, L2663–2705):
 * weapon −2 (not fists); grapple +3 (+6 against a kneeling, sitting, crawling or lying foe);
 * takedown from the ground −5; pin +1 per full 10 lb heavier; and the shield's −PD on every
 * attack except the one made on entering, and on every DX roll after the first turn
 * (L2671–2673). The break-free bonus goes to the *holder's* roll: {@link breakFreeModifiers}.
 */
export function closeCombatModifiers(
  action: CloseAction,
  ctx: CloseCombatContext = {},
): Modifier[] {
  const a = readEnum(action, "action", CLOSE_ACTIONS);
  const mods: Modifier[] = [];
  if (a === "weapon")
    mods.push({
      key: "closeCombatWeapon",
      value: CLOSE_WEAPON_PENALTY,
      source: src("L2663, L2697", "§11.1"),
    });
  if (a === "grapple") {
    const foe =
      ctx.foePosture === undefined
        ? "standing"
        : readEnum(ctx.foePosture, "foePosture", POSITION_IDS);
    const low = foe !== "standing" && foe !== "crouching";
    mods.push({
      key: "grapple",
      value: low ? GRAPPLE_BONUS_LOW_FOE : GRAPPLE_BONUS,
      source: src(low ? "L2691" : "L2689", "§11.2"),
    });
  }
  if (a === "takedown" && ctx.onGround)
    mods.push({
      key: "takedownFromGround",
      value: TAKEDOWN_FROM_GROUND,
      source: src("L2701", "§11.2"),
    });
  if (a === "pin") {
    const mine = readNumber(ctx.weightLb, "weightLb", { min: 0 });
    const his = readNumber(ctx.foeWeightLb, "foeWeightLb", { min: 0 });
    const bonus = Math.floor((mine - his) / 10);
    if (bonus > 0) mods.push({ key: "pinWeight", value: bonus, source: src("L2703", "§11.2") });
  }
  const pd = readNumber(ctx.shieldPd ?? 0, "shieldPd", { integer: true, min: 0 });
  if (pd > 0) {
    const attack = ATTACKS.includes(a);
    const penalised = attack ? !ctx.entering && a !== "slam" : !ctx.firstTurn;
    if (penalised)
      mods.push({
        key: "closeCombatShield",
        value: -pd,
        source: src(attack ? "L1100, L2671" : "L2673", "§11.1"),
      });
  }
  return mods;
}

export const HOLDS = ["pin", "pin-one-hand", "two-hands", "one-hand"] as const;
export type Hold = (typeof HOLDS)[number];

/**
 * Break free (L2705): a contest of ST; the holder gets +10 for a pin, +5 for a one-handed pin,
 * +5 for a two-handed hold without a pin. Returns the holder's modifiers.
 */
export function breakFreeModifiers(hold: Hold): Modifier[] {
  const h = readEnum(hold, "hold", HOLDS);
  const value = h === "pin" ? 10 : h === "one-hand" ? 0 : 5;
  return value === 0 ? [] : [{ key: `hold.${h}`, value, source: src("L2705", "§11.2") }];
}

/**
 * Several fighters on one takedown (up to 2) or pin (up to 3) (L2821): the best ST (or DX) plus
 * half, rounded down, of each helper's.
 */
export function combinedCloseCombatScore(
  kind: "takedown" | "pin",
  scores: readonly number[],
): number {
  const k = readEnum(kind, "kind", ["takedown", "pin"] as const);
  const limit = k === "takedown" ? 2 : 3;
  if (!Array.isArray(scores) || scores.length < 1 || scores.length > limit)
    throw new InputError("scores", scores, `expected 1 to ${limit} scores`);
  const sorted = scores.map((s, i) => readNumber(s, `scores.${i}`)).sort((x, y) => y - x);
  return sorted.reduce((total, s, i) => (i === 0 ? s : total + Math.floor(s / 2)), 0);
}

/**
 * A takedown, pin or break-free contest (L2701–2705), from the two modified targets and rolls.
 * Takedown: the winner drops the loser (a loss drops *you*); a tie or no winner, nothing.
 * Pin and break free: only a win counts.
 */
export function closeContest(
  kind: "takedown" | "pin" | "break-free",
  you: ContestSide,
  foe: ContestSide,
): "you" | "foe" | "nothing" {
  const k = readEnum(kind, "kind", ["takedown", "pin", "break-free"] as const);
  const { result } = contest(you, foe, ["you", "foe"]);
  if (result === "a") return "you";
  if (result === "b" && k === "takedown") return "foe";
  return "nothing";
}

// ── Slam and knockback (§11.3) ───────────────────────────────────────────────────────────────

export const SHIELD_SIZES = ["none", "buckler", "small", "medium", "large"] as const;
export type ShieldSize = (typeof SHIELD_SIZES)[number];

export interface SlamFighter {
  st: number;
  dx: number;
  /** Moved more than one hex toward the other, or ran last turn and moved one hex (L2729–2731). */
  charged?: boolean;
  shield?: ShieldSize;
}

export type SlamDirection = "front" | "side" | "behind";

/**
 * The slam's DX contest (L2725): the foe is −2 if you came from his side; from behind you
 * win automatically. Returns the defender's modifiers.
 */
export function slamToHit(from: SlamDirection): { automatic: boolean; defender: Modifier[] } {
  const f = readEnum(from, "from", ["front", "side", "behind"] as const);
  if (f === "behind") return { automatic: true, defender: [] };
  if (f === "side")
    return {
      automatic: false,
      defender: [{ key: "slamFromSide", value: -2, source: src("L2725", "§11.3") }],
    };
  return { automatic: false, defender: [] };
}

/**
 * Modifiers to one fighter's ST roll after a slam connects (L2727–2735; OCR "- 2" = −2, §16):
 * +2 if he charged; −2 if the other charged; −2 if the other has a medium or large shield;
 * −2 if the other slammed him from behind.
 */
export function slamStModifiers(
  self: SlamFighter,
  other: SlamFighter,
  slammedFromBehind = false,
): Modifier[] {
  const mods: Modifier[] = [];
  const s = src("L2729–2735", "§11.3");
  if (self.charged) mods.push({ key: "slamCharged", value: 2, source: s });
  if (other.charged) mods.push({ key: "slamFoeCharged", value: -2, source: s });
  const shield =
    other.shield === undefined ? "none" : readEnum(other.shield, "shield", SHIELD_SIZES);
  if (shield === "medium" || shield === "large")
    mods.push({ key: "slamFoeShield", value: -2, source: s });
  if (slammedFromBehind) mods.push({ key: "slamFromBehind", value: -2, source: s });
  return mods;
}

export interface SlamInput {
  attacker: SlamFighter;
  defender: SlamFighter;
  from: SlamDirection;
  /** A shield rush (L3203–3205, §17 A25): a slam that needs a medium or large shield. */
  shieldRush?: boolean;
  /** The attacker started the turn in the defender's hex: no slam (L2723). */
  startedInHex?: boolean;
  rolls: {
    /** The DX contest (not needed from behind). Extra DX modifiers belong in the targets. */
    attackerDx?: number;
    defenderDx?: number;
    /** ST rolls, needed once the slam connects. */
    attackerSt?: number;
    defenderSt?: number;
  };
}

export interface SlamSideResult {
  target: number;
  roll: number;
  modifiers: Modifier[];
  /** Failed the ST roll: knocked down (L2737). */
  falls: boolean;
  /** Rolled 17 or 18: takes 1-2 damage, armour stopping all but 1 hit (L2739). */
  hurt: boolean;
}

export interface SlamResult {
  connected: boolean;
  /** The attacker lost the DX contest: he must move on at least 2 more hexes if he can (L2725). */
  mustMoveOn: boolean;
  attacker?: SlamSideResult;
  defender?: SlamSideResult;
  /** Exactly one fell: he may be knocked back ({@link slamKnockback}, L2769). */
  knockbackCheck: "attacker" | "defender" | null;
}

function stRoll(
  self: SlamFighter,
  other: SlamFighter,
  fromBehind: boolean,
  roll: unknown,
  field: string,
) {
  const modifiers = slamStModifiers(self, other, fromBehind);
  const target = readNumber(self.st, `${field}.st`) + modifiers.reduce((t, m) => t + m.value, 0);
  const r = roll3d6(roll, `rolls.${field}St`);
  const falls = !successRoll(target, r).success;
  return { target, roll: r, modifiers, falls, hurt: r >= 17 };
}

/**
 * A slam (§11.3, L2723–2739), from already-rolled 3d6: the DX contest (win or tie connects;
 * a loss means he avoided you; when both fail nobody wins, so the slam connects — only the
 * defender's win avoids it), then each fighter's ST roll with {@link slamStModifiers}; a
 * failure is a fall, 17–18 a 1-2 hurt ({@link slamDamage}).
 */
export function slamContest(input: SlamInput): SlamResult {
  if (input.startedInHex)
    throw new InputError("startedInHex", true, "a slam is only possible on first entering the hex");
  const attackerShield = input.attacker.shield ?? "none";
  if (input.shieldRush && attackerShield !== "medium" && attackerShield !== "large")
    throw new InputError(
      "attacker.shield",
      attackerShield,
      "a shield rush needs a medium or large shield",
    );
  const hit = slamToHit(input.from);
  if (!hit.automatic) {
    const penalty = hit.defender.reduce((t, m) => t + m.value, 0);
    const c = contest(
      {
        target: readNumber(input.attacker.dx, "attacker.dx"),
        roll: roll3d6(input.rolls.attackerDx, "rolls.attackerDx"),
      },
      {
        target: readNumber(input.defender.dx, "defender.dx") + penalty,
        roll: roll3d6(input.rolls.defenderDx, "rolls.defenderDx"),
      },
      ["attacker", "defender"],
    );
    if (c.result === "b") return { connected: false, mustMoveOn: true, knockbackCheck: null };
  }
  const attacker = stRoll(
    input.attacker,
    input.defender,
    false,
    input.rolls.attackerSt,
    "attacker",
  );
  const defender = stRoll(
    input.defender,
    input.attacker,
    input.from === "behind",
    input.rolls.defenderSt,
    "defender",
  );
  const knockbackCheck =
    attacker.falls === defender.falls ? null : attacker.falls ? "attacker" : "defender";
  return { connected: true, mustMoveOn: false, attacker, defender, knockbackCheck };
}

/**
 * Hurt from a slam (L2739): 1-2 from the rolled die (at least 0); any armour (DR > 0) stops all
 * but one hit.
 */
export function slamDamage(die: number, dr: number): number {
  const d = readNumber(die, "die", { integer: true, min: 1, max: 6 });
  const raw = Math.max(0, d - 2);
  return readNumber(dr, "dr", { min: 0 }) > 0 ? Math.min(raw, 1) : raw;
}

/**
 * Knockback after a slam (L2767–2773): a quick contest of ST between the fallen fighter and the
 * one who kept his feet. If the fallen wins or ties (or nobody wins) he stays; otherwise he
 * goes back one hex per 2 points he lost by (the difference of margins), rounded down, at
 * least 1. Obstacles stop him; a fighter he hits must roll {@link collisionTarget}.
 */
export function slamKnockback(fallen: ContestSide, standing: ContestSide): number {
  const c = contest(fallen, standing, ["fallen", "standing"]);
  if (c.result !== "b") return 0;
  return Math.max(1, Math.floor(c.by / 2));
}

/**
 * The roll to stay up when a knocked-back or thrown fighter lands on you: max(ST+3, DX+3)
 * (L2771, L1896).
 */
export function collisionTarget(st: number, dx: number): number {
  return Math.max(readNumber(st, "st"), readNumber(dx, "dx")) + 3;
}

// ── Evade (§11.4) ────────────────────────────────────────────────────────────────────────────

export interface EvadeInput {
  dx: number;
  foeDx: number;
  /** The foe's position (sitting counts as kneeling, crawling as lying, crouching as standing). */
  foePosture: PositionId;
  /** How you entered the hex *this turn*; absent if you started the turn there. */
  entered?: SlamDirection;
  /** The foe holds you: no evade (L2783). */
  held?: boolean;
  /** You have the movement left to get out of the hex (L2783). */
  canLeave?: boolean;
  /** The foe chooses to let you go (L2785). */
  foeAllows?: boolean;
  /** The contest's 3d6 rolls; without them `evaded` is left undefined. */
  rolls?: { self: number; foe: number };
}

export interface EvadeResult {
  possible: boolean;
  automatic: boolean;
  /** Modifiers to *your* DX (L2787–2793). */
  modifiers: Modifier[];
  target: number;
  evaded?: boolean;
}

/**
 * Evade (§11.4, L2743–2745, L2783–2795): impossible if held or without movement to leave;
 * automatic if the foe allows it; otherwise a quick contest of DX with yours at −5 (foe
 * standing), −2 (kneeling), +5 (lying), +2 if you entered from his side this turn, +5 from
 * behind. Only a win gets you out.
 */
export function evade(input: EvadeInput): EvadeResult {
  const dx = readNumber(input.dx, "dx");
  const posture = readEnum(input.foePosture, "foePosture", POSITION_IDS);
  if (input.held || input.canLeave === false)
    return { possible: false, automatic: false, modifiers: [], target: dx };
  if (input.foeAllows)
    return { possible: true, automatic: true, modifiers: [], target: dx, evaded: true };
  const mods: Modifier[] = [];
  const p = src("L2789–2793", "§11.4");
  if (posture === "standing" || posture === "crouching")
    mods.push({ key: "evadeFoeStanding", value: -5, source: p });
  else if (posture === "kneeling" || posture === "sitting")
    mods.push({ key: "evadeFoeKneeling", value: -2, source: p });
  else mods.push({ key: "evadeFoeLying", value: 5, source: p });
  if (input.entered === "side") mods.push({ key: "evadeFromSide", value: 2, source: p });
  if (input.entered === "behind") mods.push({ key: "evadeFromBehind", value: 5, source: p });
  const target = dx + mods.reduce((t, m) => t + m.value, 0);
  const result: EvadeResult = { possible: true, automatic: false, modifiers: mods, target };
  if (input.rolls) {
    const c = contest(
      { target, roll: roll3d6(input.rolls.self, "rolls.self") },
      { target: readNumber(input.foeDx, "foeDx"), roll: roll3d6(input.rolls.foe, "rolls.foe") },
      ["self", "foe"],
    );
    result.evaded = c.result === "a";
  }
  return result;
}

// ── Stop thrust and snap shot (§11.5) ────────────────────────────────────────────────────────

/** A successful stop thrust costs the weapon one more turn of readying, even a sword (L2759). */
export const STOP_THRUST_EXTRA_READY = 1;

/**
 * May you stop-thrust (L2749)? On your feet or kneeling, with a ready thrusting hand weapon,
 * against a foe entering your hex from a front hex.
 */
export function canStopThrust(opts: {
  posture: PositionId;
  readyThrustingWeapon: boolean;
  foeFromFront: boolean;
}): boolean {
  const p = readEnum(opts.posture, "posture", POSITION_IDS);
  const upright = p === "standing" || p === "crouching" || p === "kneeling";
  return upright && opts.readyThrustingWeapon && opts.foeFromFront;
}

/**
 * The stop thrust's outcome (L2751–2757): a miss or a successful defence and the charger slams
 * or evades (his choice); a hit he fails to defend does maximum damage (every die a 6, plus the
 * adds, after the edged minimum: `damage.ts` maxDamage). If that kills him or knocks him down he
 * falls 1 hex away (2 with a long weapon); otherwise he slams or evades.
 */
export function stopThrust(opts: {
  hit: boolean;
  defended: boolean;
  damage: DamageExpr;
  type: DamageType;
  longWeapon?: boolean;
}): { damage: number | null; fallsHexesAway: number; chargerThen: "slam-or-evade" } {
  if (!opts.hit || opts.defended)
    return { damage: null, fallsHexesAway: 0, chargerThen: "slam-or-evade" };
  return {
    damage: maxDamage(opts.damage, opts.type),
    fallsHexesAway: opts.longWeapon ? 2 : 1,
    chargerThen: "slam-or-evade",
  };
}

/**
 * A snap shot at a foe entering your hex (L2761–2765): a snap shot (any aim is lost) at point
 * blank, so with a missile weapon −4 and +4 cancel. Damage is rolled normally (the point-blank
 * +1 for a missile still applies).
 */
export function snapShotAtEntering(weapon: RangeWeapon, defaultSkill = false): RangeResult {
  return rangeModifiers(0, weapon, { snap: true, defaultSkill });
}

// ── Judo throw (§11.6) ───────────────────────────────────────────────────────────────────────

/**
 * The Judo throw (L1894–1898), the turn after a successful Judo parry: a Judo roll, 17–18
 * always failing; the foe may use any *active* defence but no passive defence (PD 0). A thrown
 * foe rolls HT or is stunned; anyone he is thrown into rolls {@link collisionTarget}.
 */
export const JUDO_THROW = Object.freeze({
  defences: Object.freeze(["dodge", "block", "parry"] as const),
  passiveDefence: false,
  failsOn: Object.freeze([17, 18] as const),
});

/** Whether the Judo throw's attack roll succeeds (L1894): ≤ skill, 3–4 always, 17–18 never. */
export function judoThrowHits(roll: number, judo: number): boolean {
  return successRoll(readNumber(judo, "judo"), roll3d6(roll, "roll")).success;
}

// ── Striking into a close combat (§11.7) ─────────────────────────────────────────────────────

/** Striking at a foe in a close combat from outside (L2779). */
export const STRIKE_INTO_CLOSE_COMBAT = -2;
/** Each other occupant is then attacked at a flat 9 (L2781). */
export const CLOSE_COMBAT_STRAY_SKILL = 9;

/**
 * Striking into a close combat from outside (§11.7, L2775–2781): −2 plus the target's position
 * modifier (the book gives none for melee, §17 A16: pass it in); the target may only dodge.
 * On a miss or a dodge, each other occupant in random order is attacked at a flat 9 (and may
 * dodge) until one is hit or none is left.
 */
export function strikeIntoCloseCombat(positionModifier = 0): {
  modifiers: Modifier[];
  defences: ActiveDefence[];
  strayTarget: number;
} {
  const pos = readNumber(positionModifier, "positionModifier", { integer: true });
  const modifiers: Modifier[] = [
    {
      key: "strikeIntoCloseCombat",
      value: STRIKE_INTO_CLOSE_COMBAT,
      source: src("L2779", "§11.7"),
    },
  ];
  if (pos !== 0)
    modifiers.push({ key: "targetPosition", value: pos, source: src("L2779", "§11.7") });
  return { modifiers, defences: ["dodge"], strayTarget: CLOSE_COMBAT_STRAY_SKILL };
}
