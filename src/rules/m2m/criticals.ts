/**
 * The three critical tables (spec §10, seed 004): Critical Hit (L2488–2505; chart L4671–4688),
 * Critical Head Blow (L2561–2574; chart L4690–4703) and Critical Miss (L2600–2617; chart
 * L4705–4720), all rolled on 3d6, as data and resolvers that take the rolled total.
 *
 * Effects are stable ids. Critical hit / head blow:
 * `unconscious`, `recover-ht-every-30-min` (basic-HT roll every 30 minutes to come to),
 * `stunned`, `crippled`, `crippled-funny-bone` (wears off in 6 turns unless the injury cripples
 * anyway, L2497), `drops-weapon` (the defender; with two weapons, a random one, L2571), `killed`,
 * `blinded-both-eyes`, `blinded-one-eye` (blinding stuns, L3695; eyes heal by the crippling
 * rules), `dx-10-rest-of-battle`, `dx-2-rest-of-battle`, `off-balance` (may only defend next
 * turn), `deaf-24h`, `maybe-permanently-deaf` (crippling roll), `face-scarred`,
 * `face-badly-scarred`.
 * Critical miss: `weapon-breaks`, `drop-weapon`, `hit-self` (own arm or leg, 50/50),
 * `lose-balance` (nothing else until next turn, active defences −2), `weapon-turns-in-hand`
 * (one extra turn to ready), `weapon-flies` (1d yards straight forward or back, 50/50; anyone
 * there rolls DX or takes half damage), `strained-shoulder` (weapon arm crippled for the
 * encounter, weapon kept but useless), `fall-down`, `hurt-striking-limb` (unarmed: 1-3 to the
 * striking hand or foot).
 */
import { readBoolean, readEnum, readNumber } from "../../core/errors";
import { copy, deepFreeze } from "../../core/data";
import { isAnyLimb, isBody, isHead } from "./location";
import {
  DAMAGE_TYPES,
  readLocation,
  type DamageExpr,
  type DamageType,
  type HitLocation,
} from "./types";

export type CriticalEffectId =
  | "unconscious"
  | "recover-ht-every-30-min"
  | "stunned"
  | "crippled"
  | "crippled-funny-bone"
  | "drops-weapon"
  | "killed"
  | "blinded-both-eyes"
  | "blinded-one-eye"
  | "dx-10-rest-of-battle"
  | "dx-2-rest-of-battle"
  | "off-balance"
  | "deaf-24h"
  | "maybe-permanently-deaf"
  | "face-scarred"
  | "face-badly-scarred";

/** One outcome of a critical hit. */
export interface CriticalOutcome {
  /**
   * `normal`: the blow's normal damage; `normalHead`: normal damage with the head multipliers
   * (§7.4); `none`: no HP damage, the effect only (head 3–7, A20); `fixed`: exactly
   * `fixedDamage` hits of injury, no DR and no multiplier (head 12–13 cut/imp; ruling).
   */
  damage: "normal" | "normalHead" | "none" | "fixed";
  /** ×2/×3 of the basic roll, adds included, before DR (L2490, A3). */
  multiplier: 1 | 2 | 3;
  fixedDamage?: number;
  /** Armour DR is ignored; Toughness and the skull still count (crit 4 and 13; A4). */
  bypassArmour: boolean;
  effects: readonly CriticalEffectId[];
}

/**
 * A table entry: `then`, or — with a `condition` — `then` when it holds and `else` otherwise.
 * `body`: the blow struck the torso or vitals; `limb`: an arm, leg, hand or foot; `crushing`: a
 * crushing blow.
 */
export interface CriticalEntry {
  condition?: "body" | "limb" | "crushing";
  then: CriticalOutcome;
  else?: CriticalOutcome;
}

const out = (
  damage: CriticalOutcome["damage"],
  effects: CriticalEffectId[] = [],
  extra: Partial<CriticalOutcome> = {},
): CriticalOutcome => ({ damage, multiplier: 1, bypassArmour: false, effects, ...extra });
const normal = (...effects: CriticalEffectId[]) => out("normal", effects);
const times = (multiplier: 2 | 3) => out("normal", [], { multiplier });
const head = (...effects: CriticalEffectId[]) => out("normalHead", effects);
const none = (...effects: CriticalEffectId[]) => out("none", effects);
const fixed = (hits: number, effect: CriticalEffectId) =>
  out("fixed", [effect], { fixedDamage: hits });
const always = (then: CriticalOutcome): CriticalEntry => ({ then });
const when = (
  condition: CriticalEntry["condition"],
  then: CriticalOutcome,
  otherwise: CriticalOutcome,
): CriticalEntry => ({ condition, then, else: otherwise });

/** 3d6 totals 3..18 → entry. */
function byRoll<T>(entries: Record<number, T>): Readonly<Record<number, T>> {
  for (let r = 3; r <= 18; r++) if (!(r in entries)) throw new Error(`critical table lacks ${r}`);
  return deepFreeze(entries);
}

// The "unconscious" of roll 3 states no recovery; §10.1 recommends that of 18 (HT roll / 30 min).
const knockedOut = when("body", normal("unconscious", "recover-ht-every-30-min"), times(3));
const funnyBone = when("limb", normal("crippled-funny-bone"), normal());
const bypass = always(out("normal", [], { bypassArmour: true }));

/** Critical Hit Table, 3d6 (L2488–2505; chart L4671–4688; spec §10.1). */
export const CRITICAL_HIT_TABLE: Readonly<Record<number, CriticalEntry>> = byRoll({
  3: knockedOut,
  4: bypass,
  5: always(times(3)),
  6: always(times(2)),
  7: always(normal("stunned")),
  8: funnyBone,
  9: always(normal()),
  10: always(normal()),
  11: always(normal()),
  12: funnyBone,
  13: bypass,
  14: when("limb", normal("crippled"), times(2)),
  15: always(normal("drops-weapon")),
  16: always(times(2)),
  17: always(times(3)),
  18: knockedOut,
});

/** Critical Head Blow Table, 3d6 (L2561–2574; chart L4690–4703; spec §10.2). */
export const CRITICAL_HEAD_BLOW_TABLE: Readonly<Record<number, CriticalEntry>> = byRoll({
  3: always(none("killed")),
  4: always(none("unconscious", "recover-ht-every-30-min")),
  5: always(none("unconscious", "recover-ht-every-30-min")),
  6: always(none("blinded-both-eyes", "stunned", "dx-10-rest-of-battle")),
  7: always(none("blinded-one-eye", "stunned", "dx-2-rest-of-battle")),
  8: always(head("off-balance")),
  9: always(head()),
  10: always(head()),
  11: always(head()),
  12: when("crushing", head("deaf-24h"), fixed(1, "face-scarred")),
  13: when("crushing", head("maybe-permanently-deaf"), fixed(2, "face-badly-scarred")),
  14: always(head("drops-weapon")),
  15: always(head("stunned")),
  16: always(head("stunned")),
  17: always(head("stunned")),
  18: always(head("stunned")),
});

export interface CriticalHitEffect extends CriticalOutcome {
  /** Which table was used: the head blow table for the head and the face (L2563). */
  table: "critical-hit" | "critical-head-blow";
  effects: CriticalEffectId[];
}

/**
 * Resolves a critical hit's 3d6 roll (§10.1, §10.2). A blow to the head or face uses the
 * Critical Head Blow Table (L2563). Only results that say so stun (A2).
 */
export function criticalHit(
  roll3d6: number,
  ctx: { location: HitLocation; type: DamageType },
): CriticalHitEffect {
  const roll = readNumber(roll3d6, "roll3d6", { integer: true, min: 3, max: 18 });
  const location = readLocation(ctx.location, "location");
  const type = readEnum(ctx.type, "type", DAMAGE_TYPES);
  const onHead = isHead(location);
  const entry = (onHead ? CRITICAL_HEAD_BLOW_TABLE : CRITICAL_HIT_TABLE)[roll]!;
  const holds =
    entry.condition === "body"
      ? isBody(location)
      : entry.condition === "limb"
        ? isAnyLimb(location)
        : type === "cr";
  const outcome = copy(entry.condition && !holds ? entry.else! : entry.then);
  return {
    table: onHead ? "critical-head-blow" : "critical-hit",
    ...outcome,
    effects: [...outcome.effects],
  };
}

// ── Critical misses (§10.3) ──────────────────────────────────────────────────────────────────

export type CriticalMissEffectId =
  | "weapon-breaks"
  | "drop-weapon"
  | "hit-self"
  | "lose-balance"
  | "weapon-turns-in-hand"
  | "weapon-flies"
  | "strained-shoulder"
  | "fall-down"
  | "hurt-striking-limb";

export interface CriticalMissRow {
  effect: CriticalMissEffectId;
  /** `hit-self`: full (5) or half (6) damage of the attack. */
  selfDamage?: "full" | "half";
  /** A "weapon breaks / drops / turns in hand" result the unarmed replace by 1-3 to the striking limb (L2615). */
  weaponResult: boolean;
  /** A break-resistant weapon rolls again and breaks only on a second break (L2602). */
  breakResistantRollsAgain?: boolean;
  /** An impaling or ranged attack rolls again to confirm hitting oneself (L2604). */
  impalingOrRangedRollsAgain?: boolean;
  /** A cheap weapon breaks instead (L2610). */
  cheapBreaks?: boolean;
  /** An impaling attack uses this row instead (14 → 9, L2612). */
  impalingAs?: number;
  /** A ranged attack uses this row instead (14 → 9, "it just drops", L2612, L2617; 16 → 7, L2614). */
  rangedAs?: number;
}

const breaks: CriticalMissRow = {
  effect: "weapon-breaks",
  weaponResult: true,
  breakResistantRollsAgain: true,
};
const balance: CriticalMissRow = { effect: "lose-balance", weaponResult: false };
const turns: CriticalMissRow = { effect: "weapon-turns-in-hand", weaponResult: true };
const drops: CriticalMissRow = { effect: "drop-weapon", weaponResult: true, cheapBreaks: true };

/** Critical Miss Table, 3d6 (L2600–2617; chart L4705–4720; spec §10.3). */
export const CRITICAL_MISS_TABLE: Readonly<Record<number, CriticalMissRow>> = byRoll({
  3: breaks,
  4: breaks,
  5: {
    effect: "hit-self",
    selfDamage: "full",
    weaponResult: false,
    impalingOrRangedRollsAgain: true,
  },
  6: {
    effect: "hit-self",
    selfDamage: "half",
    weaponResult: false,
    impalingOrRangedRollsAgain: true,
  },
  7: balance,
  8: turns,
  9: drops,
  10: drops,
  11: drops,
  12: turns,
  13: balance,
  // Flying is a kind of "weapon drops" for the unarmed (ruling): they hurt the striking limb.
  14: { effect: "weapon-flies", weaponResult: true, impalingAs: 9, rangedAs: 9 },
  15: { effect: "strained-shoulder", weaponResult: false },
  16: { effect: "fall-down", weaponResult: false, rangedAs: 7 },
  17: breaks,
  18: breaks,
});

/** Unarmed critical misses: 1-3 to the striking hand or foot (L2615, L4720). */
export const UNARMED_CRITICAL_MISS_DAMAGE: DamageExpr = deepFreeze({ dice: 1, adds: -3 });

export interface CriticalMissContext {
  ranged: boolean;
  impaling: boolean;
  unarmed: boolean;
  /** Maces, flails, mauls, metal bars and other solid crushing weapons; magic; some fine (L2602). */
  breakResistant: boolean;
  cheap?: boolean;
  /** This roll confirms an earlier "roll again": pass the earlier result's `rollAgainReason`. */
  rollAgainFor?: "break-resistant" | "hit-self";
}

export interface CriticalMissEffect {
  effects: CriticalMissEffectId[];
  /** Roll 3d6 again and resolve it with `rollAgainFor: rollAgainReason` (not rolled here). */
  rollAgain: boolean;
  rollAgainReason: "break-resistant" | "hit-self" | null;
  /** `hit-self`: full or half the attack's damage, to one's own arm or leg (50/50, L2604). */
  selfDamage?: "full" | "half";
  /** `hurt-striking-limb`: the damage to the striking hand or foot. */
  damage?: DamageExpr;
}

/**
 * Resolves a critical miss's 3d6 roll (§10.3). "Roll again" cases are flagged, not rolled: a
 * break-resistant weapon's break (3, 4, 17, 18), and hitting oneself with an impaling or ranged
 * attack (5, 6). The confirming roll is resolved by calling again with `rollAgainFor`: after
 * `break-resistant` a second break breaks the weapon and anything else drops it (L2602); after
 * `hit-self` a 5 or 6 counts as that hit and anything else counts as itself (L2604) — which can
 * itself be a break-resistant "roll again".
 */
export function criticalMiss(roll3d6: number, ctx: CriticalMissContext): CriticalMissEffect {
  const roll = readNumber(roll3d6, "roll3d6", { integer: true, min: 3, max: 18 });
  const c = {
    ranged: readBoolean(ctx.ranged, "ranged"),
    impaling: readBoolean(ctx.impaling, "impaling"),
    unarmed: readBoolean(ctx.unarmed, "unarmed"),
    breakResistant: readBoolean(ctx.breakResistant, "breakResistant"),
    cheap: readBoolean(ctx.cheap, "cheap", false),
    rollAgainFor: ctx.rollAgainFor,
  };
  if (c.rollAgainFor !== undefined) {
    readEnum(c.rollAgainFor, "rollAgainFor", ["break-resistant", "hit-self"] as const);
  }
  const result = (
    effect: CriticalMissEffectId,
    extra: Partial<CriticalMissEffect> = {},
  ): CriticalMissEffect => ({
    effects: [effect],
    rollAgain: false,
    rollAgainReason: null,
    ...extra,
  });

  let row = CRITICAL_MISS_TABLE[roll]!;
  if (c.rollAgainFor === "break-resistant") {
    return result(row.effect === "weapon-breaks" ? "weapon-breaks" : "drop-weapon");
  }
  if (c.unarmed && row.weaponResult) {
    return result("hurt-striking-limb", { damage: copy(UNARMED_CRITICAL_MISS_DAMAGE) });
  }
  if (c.ranged && row.rangedAs) row = CRITICAL_MISS_TABLE[row.rangedAs]!;
  else if (c.impaling && row.impalingAs) row = CRITICAL_MISS_TABLE[row.impalingAs]!;

  if (row.breakResistantRollsAgain && c.breakResistant) {
    return result(row.effect, { rollAgain: true, rollAgainReason: "break-resistant" });
  }
  if (row.selfDamage) {
    const again = row.impalingOrRangedRollsAgain && (c.impaling || c.ranged) && !c.rollAgainFor;
    return result(row.effect, {
      selfDamage: row.selfDamage,
      ...(again ? { rollAgain: true, rollAgainReason: "hit-self" as const } : {}),
    });
  }
  if (row.cheapBreaks && c.cheap) return result("weapon-breaks");
  return result(row.effect);
}
