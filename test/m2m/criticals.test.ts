/**
 * The critical tables (spec §10; seed 004 L2488–2617, chart L4671–4720). Each resolver is
 * checked, roll by roll and context by context, against an interpretation of the §10 JSON
 * blocks of `reference/m2m-spec.json`, parsed at test time.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import {
  CRITICAL_HEAD_BLOW_TABLE,
  CRITICAL_HIT_TABLE,
  CRITICAL_MISS_TABLE,
  criticalHit,
  criticalMiss,
  type CriticalMissContext,
} from "../../src/rules/m2m/criticals";
import { DAMAGE_TYPES, HIT_LOCATIONS, type HitLocation } from "../../src/rules/m2m/types";
import { specJson } from "./sources";

const ROLLS = Array.from({ length: 16 }, (_, i) => i + 3);

/** Follows "sameAs" links of a spec table. */
function entry<T extends { sameAs?: string }>(table: Record<string, T>, roll: number): T {
  let e = table[String(roll)];
  if (!e) throw new Error(`spec table lacks roll ${roll}`);
  while (e.sameAs) e = table[e.sameAs]!;
  return e;
}

// ── Hit and head-blow tables ─────────────────────────────────────────────────────────────────

interface SpecOutcome {
  damage?: string;
  damageMult?: number;
  damageFixed?: number;
  bypassArmor?: boolean;
  effects?: string[];
}
interface SpecHitEntry extends SpecOutcome {
  ifTarget?: "body" | "limb";
  ifType?: "cr";
  then?: SpecOutcome;
  else?: SpecOutcome;
  sameAs?: string;
}

/** The spec's effect names → the engine's ids. */
const EFFECT_IDS: Record<string, string> = {
  unconscious: "unconscious",
  recover_HT_roll_every_30_min: "recover-ht-every-30-min",
  stunned_until_HT_roll: "stunned",
  stunned: "stunned",
  crippled_temporary_6_turns_unless_damage_would_cripple: "crippled-funny-bone",
  crippled: "crippled",
  defender_drops_weapon: "drops-weapon",
  killed: "killed",
  blinded_both_eyes: "blinded-both-eyes",
  "DX-10_rest_of_battle": "dx-10-rest-of-battle",
  blinded_one_eye: "blinded-one-eye",
  "DX-2_rest_of_battle": "dx-2-rest-of-battle",
  off_balance_next_turn_may_only_defend: "off-balance",
  deaf_24h: "deaf-24h",
  maybe_permanently_deaf_crippling_roll: "maybe-permanently-deaf",
  face_scarred: "face-scarred",
  face_badly_scarred: "face-badly-scarred",
  drops_weapon_random_if_two: "drops-weapon",
};

// Written out here, not imported, so the test does not share the engine's classification.
const BODY: readonly HitLocation[] = ["torso", "vitals"];
const LIMBS: readonly HitLocation[] = [
  "left-arm",
  "right-arm",
  "left-hand",
  "right-hand",
  "left-leg",
  "right-leg",
  "left-foot",
  "right-foot",
];

function expectedHit(
  table: Record<string, SpecHitEntry>,
  roll: number,
  location: HitLocation,
  type: string,
) {
  const e = entry(table, roll);
  let o: SpecOutcome = e;
  if (e.ifTarget) o = (e.ifTarget === "body" ? BODY : LIMBS).includes(location) ? e.then! : e.else!;
  if (e.ifType) o = type === e.ifType ? e.then! : e.else!;
  const effects = (o.effects ?? []).map((id) => {
    if (!EFFECT_IDS[id]) throw new Error(`unmapped spec effect ${id}`);
    return EFFECT_IDS[id];
  });
  // §10.1: roll 3 states no recovery interval; "Recommended: the same as 18".
  if (
    roll === 3 &&
    effects.includes("unconscious") &&
    !effects.includes("recover-ht-every-30-min")
  ) {
    effects.push("recover-ht-every-30-min");
  }
  return {
    damage: o.damageMult ? "normal" : o.damageFixed !== undefined ? "fixed" : (o.damage ?? "none"), // A20: head results 3–7 give no damage figure
    multiplier: o.damageMult ?? 1,
    fixedDamage: o.damageFixed,
    bypassArmour: o.bypassArmor ?? false,
    effects,
  };
}

const SPEC_HIT = specJson<{ criticalHit: Record<string, SpecHitEntry> }>("### 10.1").criticalHit;
const SPEC_HEAD = specJson<{ criticalHeadBlow: Record<string, SpecHitEntry> }>(
  "### 10.2",
).criticalHeadBlow;
const NOT_HEAD = HIT_LOCATIONS.filter((l) => l !== "head" && l !== "face");

describe("Critical Hit Table (§10.1, L2488–2505, chart L4671–4688)", () => {
  it("§10.1: the data and the spec cover 3..18", () => {
    expect(Object.keys(CRITICAL_HIT_TABLE).map(Number)).toEqual(ROLLS);
    expect(Object.keys(SPEC_HIT).map(Number)).toEqual(ROLLS);
  });

  it.each(ROLLS)("L2492–2505 §10.1 JSON: roll %i, every non-head location and type", (roll) => {
    for (const location of NOT_HEAD) {
      for (const type of DAMAGE_TYPES) {
        const { table, ...got } = criticalHit(roll, { location, type });
        expect(table).toBe("critical-hit");
        expect(got, `${location} ${type}`).toEqual(expectedHit(SPEC_HIT, roll, location, type));
      }
    }
  });

  it("L2492 L2494 L2505 literal: 3 on the body knocks out, elsewhere ×3; 4 bypasses armour; 18 torso recovers by HT roll", () => {
    expect(criticalHit(3, { location: "torso", type: "cut" }).effects).toContain("unconscious");
    expect(criticalHit(3, { location: "left-leg", type: "cut" }).multiplier).toBe(3);
    expect(criticalHit(4, { location: "torso", type: "cr" })).toMatchObject({
      damage: "normal",
      bypassArmour: true,
    });
    expect(criticalHit(18, { location: "vitals", type: "imp" }).effects).toEqual([
      "unconscious",
      "recover-ht-every-30-min",
    ]);
  });

  it("L2497 L2503: 8 and 12 cripple a limb for six turns; 14 cripples a limb or doubles", () => {
    expect(criticalHit(12, { location: "right-hand", type: "cr" }).effects).toEqual([
      "crippled-funny-bone",
    ]);
    expect(criticalHit(14, { location: "left-foot", type: "cr" }).effects).toEqual(["crippled"]);
    expect(criticalHit(14, { location: "torso", type: "cr" })).toMatchObject({
      multiplier: 2,
      effects: [],
    });
  });
});

describe("Critical Head Blow Table (§10.2, L2561–2574, chart L4690–4703)", () => {
  it("§10.2: the data and the spec cover 3..18", () => {
    expect(Object.keys(CRITICAL_HEAD_BLOW_TABLE).map(Number)).toEqual(ROLLS);
    expect(Object.keys(SPEC_HEAD).map(Number)).toEqual(ROLLS);
  });

  it.each(ROLLS)("L2565–2574 §10.2 JSON: roll %i, head and face, every type", (roll) => {
    for (const location of ["head", "face"] as const) {
      for (const type of DAMAGE_TYPES) {
        const { table, ...got } = criticalHit(roll, { location, type });
        expect(table).toBe("critical-head-blow");
        expect(got, `${location} ${type}`).toEqual(expectedHit(SPEC_HEAD, roll, location, type));
      }
    }
  });

  it("L2565 L2571 literal: 3 kills; 12 cutting does 1 hit and scars, crushing deafens for 24 h", () => {
    expect(criticalHit(3, { location: "head", type: "cr" })).toMatchObject({
      damage: "none",
      effects: ["killed"],
    });
    expect(criticalHit(12, { location: "face", type: "cut" })).toMatchObject({
      damage: "fixed",
      fixedDamage: 1,
      effects: ["face-scarred"],
    });
    expect(criticalHit(12, { location: "head", type: "cr" })).toMatchObject({
      damage: "normalHead",
      effects: ["deaf-24h"],
    });
  });

  it("§10: bad rolls and contexts are InputErrors; the tables are deeply frozen", () => {
    expect(() => criticalHit(2, { location: "torso", type: "cr" })).toThrow(/^roll3d6: /);
    expect(() => criticalHit(10, { location: "wing" as HitLocation, type: "cr" })).toThrow(
      InputError,
    );
    expect(Object.isFrozen(CRITICAL_HEAD_BLOW_TABLE[6]!.then.effects)).toBe(true);
    const got = criticalHit(6, { location: "head", type: "cr" });
    got.effects.push("killed");
    expect(criticalHit(6, { location: "head", type: "cr" }).effects).not.toContain("killed");
  });
});

// ── Critical Miss Table ──────────────────────────────────────────────────────────────────────

interface SpecMissEntry {
  effect?: string;
  damage?: "full" | "half";
  exceptionBreakResistant?: string;
  exceptionImpalingOrRanged?: string;
  sameExceptionAs?: string;
  cheap?: string;
  impaling?: string;
  missile?: string;
  ranged?: string;
  sameAs?: string;
}

const SPEC_MISS_BLOCK = specJson<Record<string, unknown>>("### 10.3");
const SPEC_MISS = SPEC_MISS_BLOCK.criticalMiss as Record<string, SpecMissEntry>;
const MISS_IDS: Record<string, string> = {
  weapon_breaks: "weapon-breaks",
  hit_self: "hit-self",
  lose_balance: "lose-balance",
  weapon_turns_in_hand: "weapon-turns-in-hand",
  drop_weapon: "drop-weapon",
  weapon_flies: "weapon-flies",
  strained_shoulder: "strained-shoulder",
  fall_down: "fall-down",
};
const BASE: CriticalMissContext = {
  ranged: false,
  impaling: false,
  unarmed: false,
  breakResistant: false,
};

/** A spec entry's plain result (no exception applies). */
function plainMiss(e: SpecMissEntry) {
  return {
    effects: [MISS_IDS[e.effect!]!],
    rollAgain: false,
    rollAgainReason: null,
    ...(e.effect === "hit_self" ? { selfDamage: e.damage } : {}),
  };
}

describe("Critical Miss Table (§10.3, L2600–2617, chart L4705–4720)", () => {
  it("§10.3: the data and the spec cover 3..18", () => {
    expect(Object.keys(CRITICAL_MISS_TABLE).map(Number)).toEqual(ROLLS);
    expect(Object.keys(SPEC_MISS).map(Number)).toEqual(ROLLS);
  });

  it.each(ROLLS)("L2602–2616 §10.3 JSON: roll %i, plain weapon", (roll) => {
    expect(criticalMiss(roll, BASE)).toEqual(plainMiss(entry(SPEC_MISS, roll)));
  });

  it.each(ROLLS)("L2602 §10.3 JSON: roll %i, break-resistant weapon", (roll) => {
    const e = entry(SPEC_MISS, roll);
    const want = e.exceptionBreakResistant
      ? { ...plainMiss(e), rollAgain: true, rollAgainReason: "break-resistant" }
      : plainMiss(e);
    expect(criticalMiss(roll, { ...BASE, breakResistant: true })).toEqual(want);
  });

  it.each(ROLLS)("L2604 L2612 §10.3 JSON: roll %i, impaling attack", (roll) => {
    const e = entry(SPEC_MISS, roll);
    const want =
      e.exceptionImpalingOrRanged || e.sameExceptionAs
        ? { ...plainMiss(e), rollAgain: true, rollAgainReason: "hit-self" }
        : e.impaling
          ? plainMiss(entry(SPEC_MISS, Number(/as (\d+)/.exec(e.impaling)![1])))
          : plainMiss(e);
    expect(criticalMiss(roll, { ...BASE, impaling: true })).toEqual(want);
  });

  it.each(ROLLS)("L2604 L2612 L2614 L2617 §10.3 JSON: roll %i, ranged attack", (roll) => {
    const e = entry(SPEC_MISS, roll);
    const want =
      e.exceptionImpalingOrRanged || e.sameExceptionAs
        ? { ...plainMiss(e), rollAgain: true, rollAgainReason: "hit-self" }
        : e.missile === "drop"
          ? plainMiss({ effect: "drop_weapon" })
          : e.ranged
            ? plainMiss(entry(SPEC_MISS, Number(/use (\d+)/.exec(e.ranged)![1])))
            : plainMiss(e);
    expect(criticalMiss(roll, { ...BASE, ranged: true })).toEqual(want);
  });

  it.each(ROLLS)("L2610 §10.3 JSON: roll %i, cheap weapon", (roll) => {
    const e = entry(SPEC_MISS, roll);
    const want = e.cheap === "breaks" ? plainMiss({ effect: "weapon_breaks" }) : plainMiss(e);
    expect(criticalMiss(roll, { ...BASE, cheap: true })).toEqual(want);
  });

  it.each(ROLLS)("L2615 L4720 §10.3 JSON: roll %i, unarmed", (roll) => {
    const e = entry(SPEC_MISS, roll);
    const damage = /take (\d+)-(\d+) damage/.exec(SPEC_MISS_BLOCK.unarmed as string)!;
    const weaponResult = ["weapon_breaks", "drop_weapon", "weapon_turns_in_hand"].includes(
      e.effect!,
    );
    // Ruling: a weapon that "flies from your hand" (14) is a drop for the unarmed too.
    const want =
      weaponResult || e.effect === "weapon_flies"
        ? {
            effects: ["hurt-striking-limb"],
            rollAgain: false,
            rollAgainReason: null,
            damage: { dice: Number(damage[1]), adds: -Number(damage[2]) },
          }
        : plainMiss(e);
    expect(criticalMiss(roll, { ...BASE, unarmed: true })).toEqual(want);
  });

  it("L2602: a break-resistant weapon breaks only on a second break; any other second result drops it", () => {
    const ctx = { ...BASE, breakResistant: true, rollAgainFor: "break-resistant" as const };
    for (const roll of [3, 4, 17, 18])
      expect(criticalMiss(roll, ctx).effects).toEqual(["weapon-breaks"]);
    for (const roll of [5, 7, 10, 14, 16]) {
      expect(criticalMiss(roll, ctx)).toMatchObject({ effects: ["drop-weapon"], rollAgain: false });
    }
  });

  it("L2604: an impaling or ranged hit-yourself counts only on a second 5 or 6; otherwise the new result counts", () => {
    const ctx = { ...BASE, impaling: true, rollAgainFor: "hit-self" as const };
    expect(criticalMiss(6, ctx)).toEqual({
      effects: ["hit-self"],
      selfDamage: "half",
      rollAgain: false,
      rollAgainReason: null,
    });
    expect(criticalMiss(5, { ...ctx, impaling: false, ranged: true })).toMatchObject({
      selfDamage: "full",
      rollAgain: false,
    });
    expect(criticalMiss(10, ctx).effects).toEqual(["drop-weapon"]);
    // The new result is itself resolved: a break-resistant weapon's break asks for its own roll.
    expect(criticalMiss(3, { ...ctx, breakResistant: true })).toMatchObject({
      rollAgain: true,
      rollAgainReason: "break-resistant",
    });
  });

  it("L2612 ruling: an impaling or missile 14 is a drop as #9, so a cheap weapon breaks", () => {
    expect(criticalMiss(14, { ...BASE, impaling: true, cheap: true }).effects).toEqual([
      "weapon-breaks",
    ]);
    expect(criticalMiss(14, { ...BASE, ranged: true }).effects).toEqual(["drop-weapon"]);
  });

  it("§10.3: bad rolls and contexts are InputErrors", () => {
    expect(() => criticalMiss(19, BASE)).toThrow(/^roll3d6: /);
    expect(() => criticalMiss(10, { ...BASE, unarmed: "yes" as unknown as boolean })).toThrow(
      /^unarmed: /,
    );
    expect(() => criticalMiss(10, { ...BASE, rollAgainFor: "again" as "hit-self" })).toThrow(
      /^rollAgainFor: /,
    );
  });
});
