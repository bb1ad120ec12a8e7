/**
 * Special combat situations of GURPS Man to Man (seed 004 ch. 8, L3104–3618; read with
 * `../shared/rules/m2m-spec.md` §13 and §14.1; "Lnnn" is a seed line): surprise and
 * initiative, subduing, striking at weapons, shield damage, shield bash, combat at different
 * levels, running, climbing, jumping, lifting, throwing (distance), and attacking inanimate
 * objects. Data plus pure functions returning itemised modifiers or numbers.
 */
import { InputError, readEnum, readNumber } from "../../core/errors";
import type { Modifier } from "../../core/modifiers";
import { maxDamageValue } from "./damage";
import { SHIELD_SPIKE } from "./equipment/armour";
import { PARRY_BREAK_CHANCE, WEAPON_QUALITIES, type WeaponQuality } from "./equipment/quality";
import { successRoll } from "./success";
import type { ActiveDefence, DamageExpr, DamageType, HitLocation } from "./types";
import { HIT_LOCATIONS } from "./types";

const src = (lines: string, section: string): string => `seed 004 ${lines} ${section}`;

/** Drops floating-point dust from a product of decimals (14 × 0.1 = 1.4, not 1.4000000000000001). */
function tidy(x: number): number {
  return Math.round(x * 1e9) / 1e9;
}

function roll3d6(value: unknown, field: string): number {
  return readNumber(value, field, { integer: true, min: 3, max: 18 });
}

// ── Surprise and initiative (§13.1) ──────────────────────────────────────────────────────────

/** Combat Reflexes: +6 on the IQ roll to recover from surprise (L534, L3126). */
export const COMBAT_REFLEXES_RECOVERY = 6;

/**
 * Seconds frozen by total surprise (L3130): the GM's 1d, or none with Combat Reflexes (L3126).
 */
export function totalSurpriseFreeze(die: number, combatReflexes = false): number {
  const d = readNumber(die, "die", { integer: true, min: 1, max: 6 });
  return combatReflexes ? 0 : d;
}

/**
 * Modifiers to the IQ roll to shake off surprise (L3126, L3132, L3189). `turn` counts the
 * rolls (1 = the first). Partial surprise gives +1 on the second turn, +2 on the third, and so
 * on; Combat Reflexes +6.
 */
export function surpriseRecoveryModifiers(opts: {
  turn: number;
  partial: boolean;
  combatReflexes?: boolean;
}): Modifier[] {
  const turn = readNumber(opts.turn, "turn", { integer: true, min: 1 });
  const mods: Modifier[] = [];
  if (opts.partial && turn > 1)
    mods.push({ key: "surpriseTurns", value: turn - 1, source: src("L3189", "§13.1") });
  if (opts.combatReflexes)
    mods.push({
      key: "combatReflexes",
      value: COMBAT_REFLEXES_RECOVERY,
      source: src("L3126", "§13.1"),
    });
  return mods;
}

/**
 * Modifiers to a side's initiative die (L3126, L3185–3187): +1 if its leader is smarter (higher
 * IQ) than the other; Combat Reflexes +1 (+2 if the leader has it; not cumulative); a totally
 * leaderless side −2 (not animals).
 */
export function initiativeModifiers(opts: {
  smarter?: boolean;
  combatReflexes?: "none" | "member" | "leader";
  leaderless?: boolean;
  animals?: boolean;
}): Modifier[] {
  const mods: Modifier[] = [];
  if (opts.smarter) mods.push({ key: "smarterLeader", value: 1, source: src("L3185", "§13.1") });
  const cr = readEnum(opts.combatReflexes ?? "none", "combatReflexes", [
    "none",
    "member",
    "leader",
  ] as const);
  if (cr !== "none")
    mods.push({
      key: "combatReflexes",
      value: cr === "leader" ? 2 : 1,
      source: src("L3126", "§13.1"),
    });
  if (opts.leaderless && !opts.animals)
    mods.push({ key: "leaderless", value: -2, source: src("L3187", "§13.1") });
  return mods;
}

/** The higher adjusted initiative roll wins; a tie means nobody was surprised (L3185–3191). */
export function initiative(a: number, b: number): "a" | "b" | "tie" {
  const x = readNumber(a, "a");
  const y = readNumber(b, "b");
  return x === y ? "tie" : x > y ? "a" : "b";
}

// ── Subduing (§13.2) ─────────────────────────────────────────────────────────────────────────

/**
 * Pulling punches (L3116): the striker declares any damage up to his normal damage, and still
 * rolls it. Returns the declared expression, checked to be no more than the full one.
 */
export function pullPunches(full: DamageExpr, declared: DamageExpr): DamageExpr {
  for (const [e, f] of [
    [declared, "declared"],
    [full, "full"],
  ] as const) {
    readNumber(e.dice, `${f}.dice`, { integer: true, min: 0 });
    readNumber(e.adds, `${f}.adds`, { integer: true });
  }
  if (maxDamageValue(declared) > maxDamageValue(full))
    throw new InputError("declared", declared, "cannot be more than the normal damage");
  return { dice: declared.dice, adds: declared.adds };
}

/**
 * Striking with the flat of the blade or a spear's butt (L3118): the same basic damage with no
 * damage bonus, i.e. wounding as crushing.
 */
export function flatOfBlade(_type: DamageType): DamageType {
  return "cr";
}

// ── Striking at weapons (§13.3) ──────────────────────────────────────────────────────────────

export const WEAPON_TARGET_SIZES = ["small", "polearm", "other"] as const;
export type WeaponTargetSize = (typeof WEAPON_TARGET_SIZES)[number];

/** −5 a knife, wand or other very small weapon, −3 a polearm, −4 any other (L2539). */
export const STRIKE_AT_WEAPON: Readonly<Record<WeaponTargetSize, number>> = Object.freeze({
  small: -5,
  polearm: -3,
  other: -4,
});

/** Defences against a blow at your weapon: dodge, or parry with a ready weapon; no block (L2559). */
export const STRIKE_AT_WEAPON_DEFENCES: readonly ActiveDefence[] = Object.freeze([
  "dodge",
  "parry",
]);

/** The penalty to strike at a weapon (§13.3, L2539). */
export function strikeAtWeaponModifier(size: WeaponTargetSize): Modifier {
  const s = readEnum(size, "size", WEAPON_TARGET_SIZES);
  return { key: `strikeAtWeapon.${s}`, value: STRIKE_AT_WEAPON[s], source: src("L2539", "§13.3") };
}

export type Shaft = "spear-or-axe" | "polearm";

/** Wooden shafts: a spear or axe 2" (DR 3, 8 HP); a polearm's metal-faced shaft (DR 4, 12 HP) (L2543). */
export const SHAFTS: Readonly<Record<Shaft, Readonly<{ dr: number; hp: number }>>> = Object.freeze({
  "spear-or-axe": Object.freeze({ dr: 3, hp: 8 }),
  polearm: Object.freeze({ dr: 4, hp: 12 }),
});

/**
 * A blow at a wooden shaft (L2541–2543): only cutting blows, only basic damage (no cutting
 * bonus) less the shaft's DR. Damage adds up over blows; the shaft is cut at its HP.
 */
export function cutShaft(
  basicDamage: number,
  type: DamageType,
  shaft: Shaft,
  damageSoFar = 0,
): { damage: number; total: number; cut: boolean } {
  const basic = readNumber(basicDamage, "basicDamage", { integer: true, min: 0 });
  const s = SHAFTS[readEnum(shaft, "shaft", ["spear-or-axe", "polearm"] as const)];
  const before = readNumber(damageSoFar, "damageSoFar", { integer: true, min: 0 });
  const damage = type === "cut" ? Math.max(0, basic - s.dr) : 0;
  const total = before + damage;
  return { damage, total, cut: total >= s.hp };
}

export const BLADES = [
  "knife",
  "foil",
  "rapier",
  "shortsword",
  "saber",
  "broadsword",
  "bastard-sword",
] as const;
export type Blade = (typeof BLADES)[number];

/** Hits in a single blow that break a blade (L2547). */
export const BLADE_BREAK: Readonly<Record<Blade, number>> = Object.freeze({
  knife: 4,
  foil: 4,
  rapier: 4,
  shortsword: 6,
  saber: 6,
  broadsword: 8,
  "bastard-sword": 10,
});

/**
 * Breaking a blade (L2545–2547): a cutting or crushing blow whose basic damage, in that single
 * blow, reaches the blade's number (compared raw, before any DR — §13.3 AMBIG). Halved if the
 * striking weapon is at least 3× as heavy or of better quality; doubled if the target weapon
 * is of better quality (both may apply).
 */
export function breaksBlade(
  basicDamage: number,
  type: DamageType,
  blade: Blade,
  opts: { heavier3x?: boolean; betterQuality?: boolean; targetBetterQuality?: boolean } = {},
): { threshold: number; breaks: boolean } {
  const basic = readNumber(basicDamage, "basicDamage", { integer: true, min: 0 });
  let threshold = BLADE_BREAK[readEnum(blade, "blade", BLADES)];
  if (opts.heavier3x || opts.betterQuality) threshold /= 2;
  if (opts.targetBetterQuality) threshold *= 2;
  return { threshold, breaks: type !== "imp" && basic >= threshold };
}

/**
 * Knocking a weapon away (L2553): a crushing or cutting hit whose basic damage exceeds half
 * the foe's ST makes him roll ST or drop the weapon. True when that roll is due.
 */
export function knockAwayRoll(basicDamage: number, type: DamageType, foeSt: number): boolean {
  const basic = readNumber(basicDamage, "basicDamage", { min: 0 });
  return type !== "imp" && basic > readNumber(foeSt, "foeSt", { min: 0 }) / 2;
}

/**
 * The chance that a parrying weapon breaks (L2549, §17 C1): against a weapon at least 3× its
 * weight, 1/3 (fine 1/6, cheap 2/3: `equipment/quality.ts` PARRY_BREAK_CHANCE.standard);
 * otherwise 0.
 */
export function parryBreakChance(
  ownWeightLb: number,
  attackerWeightLb: number,
  quality: WeaponQuality,
): number {
  const own = readNumber(ownWeightLb, "ownWeightLb", { min: 0 });
  const other = readNumber(attackerWeightLb, "attackerWeightLb", { min: 0 });
  const q = readEnum(quality, "quality", WEAPON_QUALITIES);
  if (other < 3 * own) return 0;
  return PARRY_BREAK_CHANCE.standard[q];
}

// ── Shield damage, optional (§13.4) ──────────────────────────────────────────────────────────

/** A wooden shield's inherent DR (L3166). */
export const SHIELD_DR = 3;

/**
 * Did a successful defence roll hit the shield (L3164)? When it succeeded by less than the
 * shield's PD: `target − PD < roll ≤ target` (large shield PD 4, total defence 12: 9–12).
 */
export function hitsShield(defenceTarget: number, roll: number, shieldPd: number): boolean {
  const t = readNumber(defenceTarget, "defenceTarget", { integer: true });
  const r = roll3d6(roll, "roll");
  const pd = readNumber(shieldPd, "shieldPd", { integer: true, min: 0 });
  return successRoll(t, r).success && r > t - pd;
}

export interface ShieldDamageResult {
  /** Hits the shield takes from this blow (added to its total). */
  shieldTakes: number;
  /** The shield's total after this blow. */
  taken: number;
  /** The blow did at least the shield's first number after its DR (L3179). */
  penetrated: boolean;
  /** A crushing or cutting blow penetrated: the shield is useless, the bearer unhurt (L3179). */
  ruined: boolean;
  /** The total exceeds the shield's second number (L3181). */
  destroyed: boolean;
  /** An impaling blow that penetrated comes through with this much damage (L3179). */
  throughToBearer: number;
}

/**
 * A blow on a shield (optional rule, §13.4, L3160–3183): subtract the shield's DR 3; if what
 * is left reaches the first number (`penetrate`) the shield is penetrated — ruined by a
 * crushing or cutting blow; an impaling blow comes through weakened by the damage the shield
 * took, which is its first number (the most a single blow can do to it), so the bearer takes
 * `damage − 3 − penetrate`. The shield keeps count; past the second number (`total`) it is
 * destroyed. Shield numbers are §3.4's `hits` (buckler 5/20 … large 9/60) and `dr` (default 3).
 */
export function shieldDamage(
  blow: { damage: number; type: DamageType },
  shield: { penetrate: number; total: number; taken?: number; dr?: number },
): ShieldDamageResult {
  const damage = readNumber(blow.damage, "blow.damage", { integer: true, min: 0 });
  const penetrate = readNumber(shield.penetrate, "shield.penetrate", { integer: true, min: 1 });
  const total = readNumber(shield.total, "shield.total", { integer: true, min: 1 });
  const before = readNumber(shield.taken ?? 0, "shield.taken", { integer: true, min: 0 });
  const dr = readNumber(shield.dr ?? SHIELD_DR, "shield.dr", { integer: true, min: 0 });
  const after = Math.max(0, damage - dr);
  const penetrated = after >= penetrate;
  const impaling = blow.type === "imp";
  const shieldTakes = penetrated && impaling ? penetrate : after;
  const taken = before + shieldTakes;
  return {
    shieldTakes,
    taken,
    penetrated,
    ruined: penetrated && !impaling,
    destroyed: taken > total,
    throughToBearer: penetrated && impaling ? after - penetrate : 0,
  };
}

/** A burning shield takes 1 hit per turn for a minute or until put out (L3062). */
export const BURNING_SHIELD_HITS_PER_TURN = 1;

// ── Shield bash (§13.5) ──────────────────────────────────────────────────────────────────────

/** Shield bash (L3197–3201): Shield skill, front or shield-side hexes, dodge or block only. */
export const SHIELD_BASH = Object.freeze({
  hexes: Object.freeze(["front", "shield-side"] as const),
  defences: Object.freeze(["dodge", "block"] as const),
  bonus: 2,
  spikeBonus: SHIELD_SPIKE.bashDamage,
});

/** Shield-bash damage (L3199–3201): the punch's, +2; a spiked shield +1 more, still crushing. */
export function shieldBashDamage(
  punch: DamageExpr,
  spiked = false,
): { damage: DamageExpr; type: DamageType } {
  const dice = readNumber(punch.dice, "punch.dice", { integer: true, min: 0 });
  const adds = readNumber(punch.adds, "punch.adds", { integer: true });
  const bonus = SHIELD_BASH.bonus + (spiked ? SHIELD_BASH.spikeBonus : 0);
  return { damage: { dice, adds: adds + bonus }, type: "cr" };
}

// ── Combat at different levels (§13.6) ───────────────────────────────────────────────────────

export interface LevelRow {
  /** Upper bound of the band, in feet of vertical difference. */
  readonly maxFt: number;
  /** Hit-location modifiers to the upper fighter's attacks on the lower (null: cannot). */
  readonly upper: Readonly<{ head: number | null; legs: number | null; other: number | null }>;
  /** The lower fighter's attacks on the upper. */
  readonly lower: Readonly<{ head: number | null; legs: number | null; other: number | null }>;
  /** Defence roll modifier of the lower fighter; the upper gets the opposite. */
  readonly lowerDefence: number;
  readonly line: number;
}

const band = (
  maxFt: number,
  upper: [number | null, number | null, number | null],
  lower: [number | null, number | null, number | null],
  lowerDefence: number,
  line: number,
): LevelRow =>
  Object.freeze({
    maxFt,
    upper: Object.freeze({ head: upper[0], legs: upper[1], other: upper[2] }),
    lower: Object.freeze({ head: lower[0], legs: lower[1], other: lower[2] }),
    lowerDefence,
    line,
  });

/**
 * Combat at different levels (L3365–3385), columns head / legs and feet / other locations.
 * ≤ 5 ft gives only prohibitions and defence modifiers (the text drops "as above"); ≤ 6 ft
 * allows only head (upper) or legs and feet (lower) with no bonus; over 6 ft, no combat.
 */
export const DIFFERENT_LEVELS: readonly LevelRow[] = Object.freeze([
  band(1, [0, 0, 0], [0, 0, 0], 0, 3371),
  band(2, [1, -2, 0], [-2, 2, 0], 0, 3373),
  band(3, [1, -2, 0], [-2, 2, 0], -1, 3375),
  band(4, [1, null, 0], [-2, 2, 0], -2, 3377),
  band(5, [0, null, 0], [null, 0, 0], -3, 3379),
  band(6, [0, null, null], [null, 0, null], -3, 3381),
]);

/** A two-yard weapon attacks as though the foe were 3 ft closer; the foe gets no such help (L3369). */
export const LONG_WEAPON_LEVEL_REDUCTION = 3;

const LEGS: readonly HitLocation[] = ["left-leg", "right-leg", "left-foot", "right-foot"];
const HEAD: readonly HitLocation[] = ["head", "face"];

export interface LevelEffect {
  /** False over 6 ft: no combat unless someone adopts a strange position (L3383). */
  possible: boolean;
  /** The vertical difference the attack is read at (after a two-yard weapon's 3 ft). */
  effectiveFt: number;
  /** To-hit modifier per aimed location; null where the attacker cannot strike. */
  locations: Record<HitLocation, number | null>;
  /** The defender's defence-roll modifier against this attack. */
  defence: Modifier[];
}

/**
 * One attack between fighters at different heights (§13.6, L3365–3385). `verticalFt` is the
 * height difference; `attacker` says whether the attacker is the upper or the lower fighter;
 * `reachYd` ≥ 2 reads the attack 3 ft closer (the whole attack, defence modifier included).
 * Hit-location modifiers matter only with hit locations (L3373); ≤ 1 ft changes nothing.
 */
export function differentLevels(
  verticalFt: number,
  attacker: "upper" | "lower",
  reachYd = 1,
): LevelEffect {
  const ft = Math.abs(readNumber(verticalFt, "verticalFt"));
  const side = readEnum(attacker, "attacker", ["upper", "lower"] as const);
  const reach = readNumber(reachYd, "reachYd", { min: 0 });
  const effectiveFt = Math.max(0, reach >= 2 ? ft - LONG_WEAPON_LEVEL_REDUCTION : ft);
  const row = DIFFERENT_LEVELS.find((r) => effectiveFt <= r.maxFt);
  const locations = {} as Record<HitLocation, number | null>;
  if (!row) {
    for (const loc of HIT_LOCATIONS) locations[loc] = null;
    return { possible: false, effectiveFt, locations, defence: [] };
  }
  const cols = side === "upper" ? row.upper : row.lower;
  for (const loc of HIT_LOCATIONS)
    locations[loc] = HEAD.includes(loc) ? cols.head : LEGS.includes(loc) ? cols.legs : cols.other;
  const value = side === "upper" ? row.lowerDefence : -row.lowerDefence;
  const defence: Modifier[] =
    value === 0 ? [] : [{ key: "differentLevels", value, source: src(`L${row.line}`, "§13.6") }];
  return { possible: true, effectiveFt, locations, defence };
}

// ── Running long distances (§13.7) ───────────────────────────────────────────────────────────

/** Yards in a mile: the long-run band ends there (L3321). */
export const MILE_YD = 1760;

/**
 * Long-distance running (L3315–3323): 10–500 yd at Basic Speed (unrounded) + 1 sprint bonus on
 * good ground, yards per second; over 500 yd half that; divided by encumbrance level + 1.
 * Speed 7: 8 yd/s, 100 yd in 12.5 s; a mile at 4 yd/s in 440 s.
 */
export function runningSpeed(
  basicSpeed: number,
  distanceYd: number,
  encumbrance: number,
  goodGround = true,
): { yardsPerSecond: number; seconds: number } {
  const speed = readNumber(basicSpeed, "basicSpeed", { min: 0 });
  const d = readNumber(distanceYd, "distanceYd", { min: 10 });
  const enc = readNumber(encumbrance, "encumbrance", { integer: true, min: 0, max: 5 });
  let yps = speed + (goodGround ? 1 : 0);
  if (d > 500) yps /= 2;
  yps /= enc + 1;
  return { yardsPerSecond: tidy(yps), seconds: yps > 0 ? tidy(d / yps) : Infinity };
}

// ── Climbing (§13.7) ─────────────────────────────────────────────────────────────────────────

export const CLIMBS = [
  "ladder-up",
  "ladder-down",
  "tree",
  "mountain",
  "stone-wall",
  "building",
] as const;
export type Climb = (typeof CLIMBS)[number];

/**
 * Climbing speeds (L3329–3335), in rungs (ladders) or feet per second, for a short and a long
 * climb. The table's "1 rung per second" down a ladder is used; the text above it says two
 * (L3327).
 */
export const CLIMBING: Readonly<
  Record<Climb, Readonly<{ short: number; long: number; unit: "rung" | "ft" }>>
> = Object.freeze({
  "ladder-up": Object.freeze({ short: 3, long: 1, unit: "rung" }),
  "ladder-down": Object.freeze({ short: 1, long: 1, unit: "rung" }),
  tree: Object.freeze({ short: 1, long: 1 / 3, unit: "ft" }),
  mountain: Object.freeze({ short: 1 / 2, long: 10 / 60, unit: "ft" }),
  "stone-wall": Object.freeze({ short: 1 / 5, long: 4 / 60, unit: "ft" }),
  building: Object.freeze({ short: 1 / 10, long: 2 / 60, unit: "ft" }),
});

/** Seconds to climb `amount` rungs or feet (L3329–3335). */
export function climbSeconds(climb: Climb, amount: number, long = false): number {
  const row = CLIMBING[readEnum(climb, "climb", CLIMBS)];
  const a = readNumber(amount, "amount", { min: 0 });
  return tidy(a / (long ? row.long : row.short));
}

// ── Jumping (§13.7) ──────────────────────────────────────────────────────────────────────────

/**
 * Jumping distances without a roll (L3357–3363, L3393): high jump 3×ST − 10 inches; broad jump
 * ST − 3 feet; running broad jump +1 ft per yard of run, at most double. Halved with no
 * preparation (no rounding). Never below 0.
 */
export function jumpDistances(
  st: number,
  opts: { prepared?: boolean; runYd?: number } = {},
): { highIn: number; broadFt: number; runningBroadFt: number } {
  const s = readNumber(st, "st", { min: 0 });
  const run = readNumber(opts.runYd ?? 0, "runYd", { min: 0 });
  const k = opts.prepared === false ? 0.5 : 1;
  const high = Math.max(0, 3 * s - 10);
  const broad = Math.max(0, s - 3);
  const running = Math.min(broad + run, 2 * broad);
  return { highIn: high * k, broadFt: broad * k, runningBroadFt: running * k };
}

/**
 * Extra effort on a jump (L3405–3413): roll against max(ST, DX) less the extra inches (high),
 * the extra inches / 4 rounded up (broad), or / 6 rounded up (running broad). Costs 1 fatigue
 * either way.
 */
export function jumpExtraEffort(
  kind: "high" | "broad" | "running-broad",
  extraIn: number,
  st: number,
  dx: number,
): { target: number; penalty: number; fatigue: number } {
  const k = readEnum(kind, "kind", ["high", "broad", "running-broad"] as const);
  const extra = readNumber(extraIn, "extraIn", { min: 0 });
  const penalty = k === "high" ? Math.ceil(extra) : Math.ceil(extra / (k === "broad" ? 4 : 6));
  const best = Math.max(readNumber(st, "st"), readNumber(dx, "dx"));
  return { target: best - penalty, penalty, fatigue: 1 };
}

/** A long jump during a fight (down into a pit, over a huge obstruction) is at DX−5 (L3403). */
export const LONG_JUMP_PENALTY = -5;

/**
 * A jump during combat (L3391–3403): a Move maneuver and a DX roll (−5 for a long jump).
 * A failure is a fall (2 turns to stand); 17–18 falls off, taking 1-2 per yard fallen.
 */
export function combatJump(
  roll: number,
  dx: number,
  opts: { long?: boolean; fallYd?: number } = {},
): { target: number; outcome: "made" | "fell" | "fell-off"; fallDamage: DamageExpr | null } {
  const r = roll3d6(roll, "roll");
  const target = readNumber(dx, "dx") + (opts.long ? LONG_JUMP_PENALTY : 0);
  if (r >= 17) {
    const yd = readNumber(opts.fallYd ?? 0, "fallYd", { integer: true, min: 0 });
    return { target, outcome: "fell-off", fallDamage: { dice: yd, adds: -2 * yd } };
  }
  return { target, outcome: successRoll(target, r).success ? "made" : "fell", fallDamage: null };
}

// ── Lifting, shoving and throwing (§13.7) ────────────────────────────────────────────────────

/** Weight limits in lb by ST (L3437–3461). */
export function liftLimits(st: number): {
  oneHand: number;
  twoHands: number;
  carry: number;
  drag: number;
  dragBraced: number;
  pull: number;
  pullRoad: number;
  shove: number;
  shoveRunning: number;
  throw: number;
} {
  const s = readNumber(st, "st", { min: 0 });
  return {
    oneHand: 6 * s,
    twoHands: 25 * s,
    carry: 30 * s,
    drag: 40 * s,
    dragBraced: 80 * s,
    pull: 100 * s,
    pullRoad: 200 * s,
    shove: 10 * s,
    shoveRunning: 20 * s,
    throw: 25 * s,
  };
}

/**
 * Extra effort lifting (L3417–3419): ST roll at −1 per extra 10 % (any part of 10 % counts);
 * success costs 1 fatigue, failure 1 fatigue and 1 HT of injury. 0 when within the limit.
 */
export function liftExtraEffortPenalty(weightLb: number, limitLb: number): number {
  const w = readNumber(weightLb, "weightLb", { min: 0 });
  const limit = readNumber(limitLb, "limitLb", { min: 0 });
  if (limit === 0) throw new InputError("limitLb", limitLb, "must be above 0");
  if (w <= limit) return 0;
  return -Math.ceil(tidy(((w - limit) / limit) * 10));
}

/** Seconds to pick an item up: 2 if it weighs more than ST in lb, else 1 (L3447, L3463). */
export function pickUpSeconds(weightLb: number, st: number): number {
  return readNumber(weightLb, "weightLb", { min: 0 }) > readNumber(st, "st") ? 2 : 1;
}

/**
 * Distance an item can be thrown, factor × ST in yards (§14.1, L3469–3475, chart L4722–4730;
 * the leading decimal points lost by the OCR restored, §16). Rows by weight in lb.
 */
export const THROW_DISTANCE: readonly Readonly<{ weightLb: number; factor: number }>[] =
  Object.freeze(
    (
      [
        [1, 3.5],
        [1.5, 3.0],
        [2, 2.5],
        [3, 1.9],
        [4, 1.5],
        [5, 1.2],
        [7.5, 1.0],
        [10, 0.8],
        [15, 0.7],
        [20, 0.6],
        [25, 0.5],
        [30, 0.4],
        [40, 0.3],
        [50, 0.25],
        [60, 0.2],
        [80, 0.15],
        [100, 0.1],
        [200, 0.05],
      ] as const
    ).map(([weightLb, factor]) => Object.freeze({ weightLb, factor })),
  );

/** The §14.1 factor: the weight rounded down to a row (anything up to 1 lb is the first row). */
export function throwDistanceFactor(weightLb: number): number {
  const w = readNumber(weightLb, "weightLb", { min: 0 });
  let factor = THROW_DISTANCE[0]!.factor;
  for (const row of THROW_DISTANCE) if (w >= row.weightLb) factor = row.factor;
  return factor;
}

/**
 * How far, in yards, ST can throw an item (§13.7, §14.1, L3459–3479): factor × (ST + general
 * Throwing skill / 6, rounded down). 0 if it weighs more than 25 × ST (cannot be thrown).
 * ST 12, 2 lb → 30; ST 16, 50 lb → 4; ST 14, 120 lb → 1.4.
 */
export function throwDistance(st: number, weightLb: number, throwingSkill?: number): number {
  const s = readNumber(st, "st", { min: 0 });
  const w = readNumber(weightLb, "weightLb", { min: 0 });
  if (w > 25 * s) return 0;
  const bonus =
    throwingSkill === undefined
      ? 0
      : Math.floor(readNumber(throwingSkill, "throwingSkill", { min: 0 }) / 6);
  return tidy(throwDistanceFactor(w) * (s + bonus));
}

// ── Inanimate objects and moving targets (§13.8) ─────────────────────────────────────────────

export const OBJECT_SIZES = [
  "tiny",
  "small",
  "medium",
  "large",
  "half-man",
  "man",
  "twice-man",
  "bigger",
] as const;
export type ObjectSize = (typeof OBJECT_SIZES)[number];

/** To-hit modifier for an unmoving object by size; use the next larger size (L3507–3523). */
export const OBJECT_SIZE_MODIFIER: Readonly<Record<ObjectSize, number>> = Object.freeze({
  tiny: -1,
  small: 0,
  medium: 1,
  large: 2,
  "half-man": 3,
  man: 4,
  "twice-man": 5,
  bigger: 6,
});

export const MOVEMENTS = [
  "still",
  "slow",
  "fairly-fast",
  "fast",
  "human",
  "unpredictable",
] as const;
export type Movement = (typeof MOVEMENTS)[number];

/**
 * Moving targets (L3543–3553): slow −1; faster −2 or −3 (GM: `fairly-fast` −2, `fast` −3, as
 * the trapdoor and car examples read them); human movement −4; unpredictable −7. Invisible
 * movement (bullets) cannot be hit on purpose and is left to the GM.
 */
export const MOVING_TARGET: Readonly<Record<Movement, number>> = Object.freeze({
  still: 0,
  slow: -1,
  "fairly-fast": -2,
  fast: -3,
  human: -4,
  unpredictable: -7,
});

/** The size modifier of an object (§13.8, L3507–3523). */
export function objectSizeModifier(size: ObjectSize): Modifier {
  const s = readEnum(size, "size", OBJECT_SIZES);
  return {
    key: `objectSize.${s}`,
    value: OBJECT_SIZE_MODIFIER[s],
    source: src("L3507–3523", "§13.8"),
  };
}

/** The moving-target modifier (§13.8, L3543–3553). */
export function movingTargetModifier(movement: Movement): Modifier {
  const m = readEnum(movement, "movement", MOVEMENTS);
  return { key: `movingTarget.${m}`, value: MOVING_TARGET[m], source: src("L3543–3553", "§13.8") };
}

/**
 * To-hit modifiers for attacking an object (§13.8, L3499–3567): size and movement, zero
 * values left out. Range still applies; an object gets no defence roll (L3527).
 * A rat −7; a man 0; a balloon 0; a closing trapdoor +1; a moving car +3.
 */
export function objectTargetModifiers(size: ObjectSize, movement: Movement = "still"): Modifier[] {
  return [objectSizeModifier(size), movingTargetModifier(movement)].filter((m) => m.value !== 0);
}

/**
 * Damage to an object (L3529–3533, L3612–3614): the basic roll less its DR, with no cutting or
 * impaling bonus. A complex object has a break and a destroy number (20/50 = ruined at 20,
 * rubble at 50); a simple one is destroyed at its HP.
 */
export function objectDamage(
  basicDamage: number,
  dr: number,
  hp: number | { break: number; destroy: number },
  damageSoFar = 0,
): { damage: number; total: number; broken: boolean; destroyed: boolean } {
  const basic = readNumber(basicDamage, "basicDamage", { integer: true, min: 0 });
  const d = readNumber(dr, "dr", { integer: true, min: 0 });
  const before = readNumber(damageSoFar, "damageSoFar", { integer: true, min: 0 });
  const limits =
    typeof hp === "number"
      ? { break: readNumber(hp, "hp", { min: 1 }), destroy: hp }
      : {
          break: readNumber(hp.break, "hp.break", { min: 1 }),
          destroy: readNumber(hp.destroy, "hp.destroy", { min: 1 }),
        };
  const damage = Math.max(0, basic - d);
  const total = before + damage;
  return { damage, total, broken: total >= limits.break, destroyed: total >= limits.destroy };
}
