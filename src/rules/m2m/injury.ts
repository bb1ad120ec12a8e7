/**
 * Injury and its consequences (spec §9, seed 004 L1864–1876, L2521–2527, L2576–2582,
 * L3622–3815): shock, major wounds, knockdown and stun, the head's stun and knockout, hit-point
 * thresholds, crippling with its cap, Last Wounds, HT rolls, healing and fatigue.
 *
 * "HT" is both the attribute and current hit points in the book (§0.4): here `ht` is always the
 * basic attribute (every threshold and roll uses it) and `hp` the current hit points.
 */
import { InputError, readNumber } from "../../core/errors";
import { rollBasicDamage } from "./damage";
import { deepFreeze, ownValue } from "../../core/data";
import { isExtremity, isHead, isLimb } from "./location";
import { readLocation, type DamageExpr, type HitLocation, type SuccessResult } from "./types";

// ── HT rolls (§1.1, L418–436) ────────────────────────────────────────────────────────────────

/**
 * A 3d6 roll against basic HT (+ a modifier): success on roll ≤ target; 3–4 always succeed and
 * 17–18 always fail (L422). `critical` marks those automatic results. `margin` is target − roll.
 */
export function htRoll(ht: number, roll: number, modifier = 0): SuccessResult {
  const target =
    readNumber(ht, "ht", { integer: true, min: 1 }) +
    readNumber(modifier, "modifier", { integer: true });
  const r = readNumber(roll, "roll", { integer: true, min: 3, max: 18 });
  const critical = r <= 4 || r >= 17;
  return {
    target,
    roll: r,
    success: r <= 4 || (r <= 16 && r <= target),
    margin: target - r,
    critical,
  };
}

/** Knockdown (L1868, L3647): a failed basic-HT roll after a major wound knocks you down. */
export function knockedDown(ht: number, roll: number): boolean {
  return !htRoll(ht, roll).success;
}

/** Stun recovery (L1870, L2580, L3695): at the start of the next turn; success acts that turn. */
export function recoversFromStun(ht: number, roll: number): boolean {
  return htRoll(ht, roll).success;
}

/** At exactly 0 HP, each turn (L1874, L3639): success = act normally, failure = unconscious. */
export function staysConscious(ht: number, roll: number): boolean {
  return htRoll(ht, roll).success;
}

/** At −HT, −HT−5, … (L3641): failure = death. */
export function survivesDeathRoll(ht: number, roll: number): boolean {
  return htRoll(ht, roll).success;
}

// ── Crippling (§9.4, L2521–2527, L3671–3703) ─────────────────────────────────────────────────

/**
 * The least injury that cripples a location in one blow, or null (head, face, torso, vitals):
 * more than HT/2 for an arm or leg, more than HT/3 for a hand or foot (L3699), i.e.
 * floor(HT/2)+1 or floor(HT/3)+1. It is also the cap: "damage over the crippling amount is
 * lost" (L3699–3701; HT 11 arm → 6, L3687).
 */
export function cripplingCap(location: HitLocation, ht: number): number | null {
  const h = readNumber(ht, "ht", { integer: true, min: 1 });
  if (isLimb(location)) return Math.floor(h / 2) + 1;
  if (isExtremity(location)) return Math.floor(h / 3) + 1;
  return null;
}

/** Crippling recovery after the fight (L3725–3733): by the HT roll's result. */
export type CrippleRecovery = "temporary" | "lasting" | "permanent";

/**
 * The HT roll per crippling injury after a fight (L3725–3733): success → temporary (heals when
 * all HP are back); failure by 3 or less → lasting (1d months); by more → permanent. An
 * automatic failure (17–18) fails by at least 1 (ruling). A fall's crippling rolls at +5 (L3291).
 */
export function crippleRecovery(ht: number, roll: number, modifier = 0): CrippleRecovery {
  const r = htRoll(ht, roll, modifier);
  if (r.success) return "temporary";
  return Math.max(1, -r.margin) <= 3 ? "lasting" : "permanent";
}

/**
 * Months to heal a lasting crippling injury (L3729–3731): 1d, less 1 (WWI), 2 (WWII/modern) or
 * 3 (near future), never under one month.
 */
export function lastingInjuryMonths(roll1d6: number, reduction: 0 | 1 | 2 | 3 = 0): number {
  return Math.max(1, readNumber(roll1d6, "roll1d6", { integer: true, min: 1, max: 6 }) - reduction);
}

// ── The wound (§9.1–§9.4) ────────────────────────────────────────────────────────────────────

export interface WoundState {
  /** Basic HT. */
  ht: number;
  /** Current hit points before this wound. */
  hp: number;
  /** Locations already crippled: further damage there is ignored (L3701). */
  crippled?: readonly HitLocation[];
  /** Optional crippling rule (L3683–3687): injury already counted per location. */
  limbDamage?: Readonly<Partial<Record<HitLocation, number>>>;
}

export interface WoundOptions {
  /** False for skeletons and zombies (L1518–1520) or with stunning switched off (L2582). */
  canBeStunned?: boolean;
  /** The optional Last Wounds rule (L3689–3693). */
  lastWounds?: boolean;
  /** The wound came from a critical hit (a Last Wounds exception, L3691). */
  critical?: boolean;
  /** The optional crippling rule: damage to a limb accumulates across blows (L3683–3687). */
  accumulateCrippling?: boolean;
  /** A critical hit cripples the limb whatever the damage (crit 8, 12, 14; L2497, L2503). */
  forceCripple?: boolean;
}

export interface WoundResult {
  /** Injury counted, after the crippling cap (and Last Wounds). */
  injury: number;
  /** Injury lost: over the cap, to an already crippled limb, or ignored by Last Wounds. */
  lost: number;
  /** Why the whole wound was ignored, if it was. */
  ignored: "crippled-limb" | "last-wounds" | null;
  /** Hit points after the wound. */
  hp: number;
  /** A single wound over HT/2 (strictly; Pierre's 6 on HT 12 is not, L1772). */
  majorWound: boolean;
  /** A knockdown roll vs basic HT is called for (L1868): a major wound, unless already down. */
  knockdownRoll: boolean;
  /** Stunned: major wound, head/face over HT/3, or a crippling injury (L2578, L3695). */
  stunned: boolean;
  /** The location is crippled by this wound (by its injury, or `forceCripple`). */
  crippled: boolean;
  /** Crippled by the injury itself: a critical's "funny-bone" crippling then does not wear off (L2497). */
  crippledByInjury: boolean;
  /**
   * Head or face injury over HT/2: knocked out outright, no roll (L2457, A7); recover with a
   * basic-HT roll every 30 minutes (A7 suggestion, as the critical tables).
   */
  knockedOut: boolean;
  /** Falls down with no roll: knocked out, unconscious, or a crippled leg or foot (L3677–3679). */
  fallsDown: boolean;
  /** hp < 0: unconscious at once (L1876, L3640). */
  unconscious: boolean;
  /** hp == 0: a basic-HT roll at the start of each turn to stay conscious (L1874, L3639). */
  consciousnessRolls: boolean;
  /** Every death threshold −HT, −HT−5, … crossed by this wound, one HT roll each (L3641, A15). */
  deathThresholds: number[];
  /** hp ≤ −10 × HT: the body is destroyed (L3645). */
  destroyed: boolean;
  /** hp ≤ 3: Move and Dodge halved (L1872, L3638). */
  halfMove: boolean;
  /** Shock: − this to the next turn's attack rolls, no cap (L1866, A8); sum a turn's wounds. */
  shock: number;
  /** With `accumulateCrippling`: the location's total counted damage after this wound. */
  limbDamage?: number;
}

/** The hit-point figures at which something happens, for basic HT `ht` (§9.1). */
export interface HitPointThresholds {
  /** At this many hit points or fewer, Move and Dodge are halved (L1872, L3638). */
  halfMove: number;
  /** At exactly this (0), a basic-HT roll each turn to stay conscious (L1874, L3639). */
  consciousnessRolls: number;
  /** At this or fewer (−1: below 0), unconscious at once (L1876, L3640). */
  unconscious: number;
  /** Each death threshold −HT, −HT−5, … down to −10×HT: one HT roll on crossing it (L3641, A15). */
  death: number[];
  /** At this or fewer (−10×HT), the body is destroyed (L3645). */
  destroyed: number;
}

/** The hit-point thresholds of a character of basic HT `ht` (what `applyWound` applies). */
export function hitPointThresholds(ht: number): HitPointThresholds {
  const h = readNumber(ht, "ht", { integer: true, min: 1 });
  const death: number[] = [];
  for (let t = -h; t >= -10 * h; t -= 5) death.push(t);
  return { halfMove: 3, consciousnessRolls: 0, unconscious: -1, death, destroyed: -10 * h };
}

/**
 * Applies one wound's injury to a location (§9). Limbs (arms, legs) cap at floor(HT/2)+1 and
 * extremities (hands, feet) at floor(HT/3)+1 and are crippled on reaching it; the head, face,
 * torso and vitals are not capped. Wounds to a crippled location are ignored.
 */
export function applyWound(
  state: WoundState,
  injury: number,
  location: HitLocation,
  opts: WoundOptions = {},
): WoundResult {
  const ht = readNumber(state.ht, "state.ht", { integer: true, min: 1 });
  const hp = readNumber(state.hp, "state.hp", { integer: true });
  const raw = readNumber(injury, "injury", { integer: true, min: 0 });
  readLocation(location, "location");
  const cap = cripplingCap(location, ht);
  let counted = raw;
  let ignored: WoundResult["ignored"] = null;
  let crippledByInjury = false;
  let limbTotal: number | undefined;

  if (cap !== null && state.crippled?.includes(location)) {
    ignored = "crippled-limb";
  } else if (cap !== null) {
    const prior = opts.accumulateCrippling ? (state.limbDamage?.[location] ?? 0) : 0;
    const wouldCripple = prior + raw >= cap;
    // Last Wounds (L3689–3693): at 3 HP or less, a limb wound counts only if critical, crippling or ≥ 3.
    if (opts.lastWounds && hp <= 3 && !opts.critical && !wouldCripple && raw < 3) {
      ignored = "last-wounds";
    } else {
      counted = Math.min(raw, Math.max(0, cap - prior));
      crippledByInjury = wouldCripple;
      if (opts.accumulateCrippling) limbTotal = prior + counted;
    }
  }
  if (ignored) counted = 0;

  const newHp = hp - counted;
  const crippled = ignored === null && cap !== null && (crippledByInjury || !!opts.forceCripple);
  const majorWound = counted > ht / 2;
  const head = isHead(location);
  const knockedOut = head && counted > ht / 2;
  const unconscious = newHp < 0;
  // A crippled leg or foot (the location is one of HIT_LOCATIONS, read above).
  const fallsDown =
    knockedOut ||
    unconscious ||
    (crippled &&
      (location === "left-leg" ||
        location === "right-leg" ||
        location === "left-foot" ||
        location === "right-foot"));
  const stunned =
    opts.canBeStunned !== false && (majorWound || (head && counted > ht / 3) || crippled);

  // The thresholds of hitPointThresholds(ht).death this wound crosses, without building the list;
  // none unless the wound reaches −HT, the first of them.
  const deathThresholds: number[] = [];
  if (newHp < hp && newHp <= -ht) {
    for (let t = -ht; t >= -10 * ht; t -= 5) if (t < hp && t >= newHp) deathThresholds.push(t);
  }

  const result: WoundResult = {
    injury: counted,
    lost: raw - counted,
    ignored,
    hp: newHp,
    majorWound,
    knockdownRoll: majorWound && !fallsDown,
    stunned,
    crippled,
    crippledByInjury: crippled && crippledByInjury,
    knockedOut,
    fallsDown,
    unconscious,
    consciousnessRolls: newHp === 0,
    deathThresholds,
    destroyed: newHp <= -10 * ht,
    halfMove: newHp <= 3,
    shock: counted,
  };
  if (limbTotal !== undefined) result.limbDamage = limbTotal;
  return result;
}

/** What reaching a hit-point threshold does (§9.3), as {@link hpThresholds} lists them. */
export const HP_THRESHOLD_EFFECTS = [
  "halfMove",
  "consciousnessRolls",
  "unconscious",
  "deathCheck",
  "destroyed",
] as const;
export type HpThresholdEffect = (typeof HP_THRESHOLD_EFFECTS)[number];

export interface HpThreshold {
  /** The threshold: its effect applies at this many hit points or fewer. */
  hp: number;
  effect: HpThresholdEffect;
  /** Seed lines. */
  lines: string;
}

/**
 * The hit-point thresholds of a character of basic HT `ht` (§9.3, L3634-3645), highest first, as
 * {@link applyWound} applies them: 3 or fewer, Move and Dodge halved (L1872, L3638); 0, a
 * basic-HT roll each turn to stay conscious (L1874, L3639); below 0, unconscious (L1876,
 * L3640); −HT and every 5 below it down to −10×HT, a death check (L3641, A15); −10×HT, the body
 * destroyed (L3645).
 */
export function hpThresholds(ht: number): HpThreshold[] {
  const t = hitPointThresholds(ht);
  return [
    { hp: t.halfMove, effect: "halfMove", lines: "L1872, L3638" },
    { hp: t.consciousnessRolls, effect: "consciousnessRolls", lines: "L1874, L3639" },
    { hp: t.unconscious, effect: "unconscious", lines: "L1876, L3640" },
    ...t.death.map((hp) => ({ hp, effect: "deathCheck" as const, lines: "L3641; ruling A15" })),
    { hp: t.destroyed, effect: "destroyed", lines: "L3645" },
  ];
}

/** What fatigue does once it reaches a threshold (§9.6), as {@link fatigueThresholdList} lists them. */
export const FATIGUE_THRESHOLD_EFFECTS = ["halfMove", "collapse"] as const;

export interface FatigueThreshold {
  /** Fatigue points at which the effect begins. */
  fatigue: number;
  effect: (typeof FATIGUE_THRESHOLD_EFFECTS)[number];
  lines: string;
}

/**
 * The fatigue thresholds of a character of ST `st` (§9.6) as a list, from
 * {@link fatigueThresholds} (what {@link fatigueEffects} applies): ST reduced to 3, Move and Dodge
 * halved (L3755); to 1, collapse (L3757). A threshold already passed at 0 fatigue (ST 3 or
 * less) is listed at 0.
 */
export function fatigueThresholdList(st: number): FatigueThreshold[] {
  const t = fatigueThresholds(st);
  return [
    { fatigue: t.halfMove, effect: "halfMove", lines: "L3755" },
    { fatigue: t.collapsed, effect: "collapse", lines: "L3757" },
  ];
}

// ── Healing (§9.5, L3705–3741) ───────────────────────────────────────────────────────────────

/** Simple bandaging after a fight: 1 HP per fight, 30 minutes a victim (L3709). */
export const BANDAGING = deepFreeze({ hp: 1, minutes: 30 });

export const FIRST_AID_ERAS = [
  "ancient",
  "roman-medieval",
  "napoleonic",
  "wwi",
  "wwii-modern",
  "near-future",
] as const;
export type FirstAidEra = (typeof FIRST_AID_ERAS)[number];

/** First aid by technological level (L3713–3719): time per victim and hits restored. */
export const FIRST_AID_TABLE: Readonly<Record<FirstAidEra, { minutes: number; hits: DamageExpr }>> =
  deepFreeze({
    ancient: { minutes: 30, hits: { dice: 1, adds: -4 } },
    "roman-medieval": { minutes: 30, hits: { dice: 1, adds: -3 } },
    napoleonic: { minutes: 30, hits: { dice: 1, adds: -2 } },
    wwi: { minutes: 20, hits: { dice: 1, adds: -2 } },
    "wwii-modern": { minutes: 20, hits: { dice: 1, adds: -1 } },
    "near-future": { minutes: 10, hits: { dice: 1, adds: 0 } },
  });

/**
 * HP restored by first aid (L3711–3719): the era's roll, minimum 1. It replaces bandaging rather
 * than adding to it (L3711).
 */
export function firstAidHp(values: readonly number[], era: FirstAidEra): number {
  const row = ownValue(FIRST_AID_TABLE, era);
  if (!row) throw new InputError("era", era, `expected one of ${FIRST_AID_ERAS.join(", ")}`);
  return rollBasicDamage(values, row.hits, "cut").basic; // "cut": the minimum is 1
}

/** A day of bed rest (L3721): a basic-HT roll restores 1 HP. */
export function naturalRecoveryHp(ht: number, roll: number): number {
  return htRoll(ht, roll).success ? 1 : 0;
}

/** Hit points after healing `amount`: never above basic HT (ruling). */
export function heal(hp: number, ht: number, amount: number): number {
  const max = readNumber(ht, "ht", { integer: true, min: 1 });
  const h = readNumber(hp, "hp", { integer: true });
  return Math.max(h, Math.min(max, h + readNumber(amount, "amount", { integer: true, min: 0 })));
}

/**
 * Left unconscious without aid (L3735–3741). Not "fully negative" (hp > −HT): wakes in |hp|
 * hours (−8 → 8 h). At or below −HT a basic-HT roll (`roll`, required) wakes you the same way;
 * failure is a coma, death unless helped within 24 hours.
 */
export function recoveryWithoutAid(
  hp: number,
  ht: number,
  roll?: number,
): { outcome: "conscious" | "wakes" | "coma"; hours: number } {
  const h = readNumber(hp, "hp", { integer: true });
  const basic = readNumber(ht, "ht", { integer: true, min: 1 });
  if (h >= 0) return { outcome: "conscious", hours: 0 };
  if (h > -basic) return { outcome: "wakes", hours: -h };
  if (roll === undefined) throw new InputError("roll", roll, "hp at or below −HT needs an HT roll");
  return htRoll(basic, roll).success
    ? { outcome: "wakes", hours: -h }
    : { outcome: "coma", hours: 24 };
}

// ── Fatigue (§9.6, L3743–3815) ───────────────────────────────────────────────────────────────

/** Fatigue costs (L3781–3811) and recovery (L3761). */
export const FATIGUE = deepFreeze({
  /** A battle over 10 seconds: encumbrance level + 1 (none 1 … extra-heavy 5), L3781–3791. */
  battleByEncumbrance: [1, 2, 3, 4, 5],
  /** Hot day: +1, or +2 in plate armour or an overcoat (L3795). */
  hotDay: 1,
  hotDayPlate: 2,
  /** Running: a failed HT roll per 100 yards (L3803). */
  runningFailedRoll: 1,
  /** Over extra-heavy encumbrance, or pushing a heavy load: per turn (L3807, L3441). */
  overexertionPerTurn: 1,
  /** Extra effort lifting or jumping (L3807, L3413, L3419). */
  extraEffort: 1,
  /** A night without sleep / half a night (L3811). */
  noSleep: 5,
  halfNightSleep: 2,
  /** Minutes of quiet rest per point recovered (L3761). */
  restMinutesPerPoint: 10,
});

/**
 * Fatigue at the end of a battle over 10 seconds (L3747, L3781–3795), or per hour of march
 * (L3799): encumbrance level (0 none … 4 extra-heavy; 5 — over extra-heavy, C4 — counts as
 * extra-heavy, ruling) + 1, +1 on a hot day or +2 in plate or an overcoat.
 */
export function battleFatigue(
  encumbrance: number,
  opts: { hot?: boolean; plateOrOvercoat?: boolean } = {},
): number {
  const enc = Math.min(
    4,
    readNumber(encumbrance, "encumbrance", { integer: true, min: 0, max: 5 }),
  );
  const hot = opts.hot ? (opts.plateOrOvercoat ? FATIGUE.hotDayPlate : FATIGUE.hotDay) : 0;
  return FATIGUE.battleByEncumbrance[enc]! + hot;
}

/** Fatigue left after `minutes` of quiet rest: 1 point per 10 minutes (L3761). */
export function restFatigue(fatigue: number, minutes: number): number {
  const f = readNumber(fatigue, "fatigue", { integer: true, min: 0 });
  const m = readNumber(minutes, "minutes", { min: 0 });
  return Math.max(0, f - Math.floor(m / FATIGUE.restMinutesPerPoint));
}

/**
 * What fatigue does (L3749–3757): ST drops by the fatigue for ST rolls, lifting, throwing and
 * ST-based skills — not for weapon damage (L3753) nor, ruling A22, encumbrance; at ST 3 or less
 * Move and Dodge are halved; at ST 1 or less you collapse (C3: L3757 over L3343).
 */
export function fatigueEffects(
  st: number,
  fatigue: number,
): { st: number; halfMove: boolean; collapsed: boolean } {
  const f = readNumber(fatigue, "fatigue", { integer: true, min: 0 });
  const t = fatigueThresholds(st);
  return { st: t.st - f, halfMove: f >= t.halfMove, collapsed: f >= t.collapsed };
}

/**
 * The fatigue at which its effects begin for a ST of `st` (L3749–3757): Move and Dodge halved
 * once ST less fatigue is 3 or less, collapse at 1 or less (0: from the start).
 */
export function fatigueThresholds(st: number): { st: number; halfMove: number; collapsed: number } {
  const s = readNumber(st, "st", { integer: true, min: 0 });
  return { st: s, halfMove: Math.max(0, s - 3), collapsed: Math.max(0, s - 1) };
}
