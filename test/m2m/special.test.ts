/**
 * Special situations (spec §13, seed 004 ch. 8, L3104–3618) and the distance an item can be
 * thrown (§14.1). The §14.1 factors and the §3.4 shield numbers are parsed out of
 * `reference/m2m-spec.json` at test time; the worked examples §15.3 #49 and §15.5 #58,
 * #61–#66 are replayed; other rows are literal, citing their seed lines.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import { modifierTotal } from "../../src/core/modifiers";
import {
  BLADE_BREAK,
  CLIMBING,
  DIFFERENT_LEVELS,
  MOVING_TARGET,
  OBJECT_SIZE_MODIFIER,
  SHIELD_BASH,
  SHIELD_DR,
  STRIKE_AT_WEAPON_DEFENCES,
  THROW_DISTANCE,
  breaksBlade,
  climbSeconds,
  combatJump,
  cutShaft,
  differentLevels,
  flatOfBlade,
  hitsShield,
  initiative,
  initiativeModifiers,
  jumpDistances,
  jumpExtraEffort,
  knockAwayRoll,
  liftExtraEffortPenalty,
  liftLimits,
  objectDamage,
  objectSizeModifier,
  objectTargetModifiers,
  parryBreakChance,
  pickUpSeconds,
  pullPunches,
  runningSpeed,
  shieldBashDamage,
  shieldDamage,
  strikeAtWeaponModifier,
  surpriseRecoveryModifiers,
  throwDistance,
  throwDistanceFactor,
  totalSurpriseFreeze,
} from "../../src/rules/m2m/special";
import { specJson } from "./sources";

const sum = modifierTotal;

// ── §13.1 ────────────────────────────────────────────────────────────────────────────────────

describe("surprise and initiative (§13.1)", () => {
  it("L3126, L3130 §13.1: total surprise freezes for 1d seconds, never with Combat Reflexes", () => {
    expect(totalSurpriseFreeze(4)).toBe(4);
    expect(totalSurpriseFreeze(4, true)).toBe(0);
    expect(() => totalSurpriseFreeze(7)).toThrow(InputError);
  });

  it("L3132, L3189 §13.1: IQ to recover; partial surprise +1 on the second turn, +2 on the third", () => {
    expect(surpriseRecoveryModifiers({ turn: 1, partial: true })).toEqual([]);
    expect(sum(surpriseRecoveryModifiers({ turn: 3, partial: true }))).toBe(2);
    expect(sum(surpriseRecoveryModifiers({ turn: 3, partial: false }))).toBe(0);
  });

  it("L534, L3126 §13.1: Combat Reflexes +6 to recover", () => {
    expect(sum(surpriseRecoveryModifiers({ turn: 2, partial: true, combatReflexes: true }))).toBe(
      7,
    );
  });

  it("L3126, L3185–3187 §13.1: initiative +1 smarter leader, Combat Reflexes +1 (+2 leader), leaderless −2", () => {
    expect(sum(initiativeModifiers({ smarter: true }))).toBe(1);
    expect(sum(initiativeModifiers({ combatReflexes: "member" }))).toBe(1);
    expect(sum(initiativeModifiers({ combatReflexes: "leader", smarter: true }))).toBe(3);
    expect(sum(initiativeModifiers({ leaderless: true }))).toBe(-2);
    expect(sum(initiativeModifiers({ leaderless: true, animals: true }))).toBe(0);
  });

  it("L3185, L3191 §13.1: the higher roll gains the initiative; a tie means no surprise", () => {
    expect(initiative(5, 3)).toBe("a");
    expect(initiative(2, 6)).toBe("b");
    expect(initiative(4, 4)).toBe("tie");
  });
});

// ── §13.2 ────────────────────────────────────────────────────────────────────────────────────

describe("subduing (§13.2)", () => {
  it("L3116 §13.2: a sword of 2+1 may pull to 1 die, never above its damage", () => {
    expect(pullPunches({ dice: 2, adds: 1 }, { dice: 1, adds: 0 })).toEqual({ dice: 1, adds: 0 });
    expect(() => pullPunches({ dice: 2, adds: 1 }, { dice: 2, adds: 2 })).toThrow(InputError);
  });

  it("L3118 §13.2: the flat of the blade or a spear's butt wounds with no bonus (as crushing)", () => {
    expect(flatOfBlade("cut")).toBe("cr");
    expect(flatOfBlade("imp")).toBe("cr");
  });
});

// ── §13.3 ────────────────────────────────────────────────────────────────────────────────────

describe("striking at weapons (§13.3)", () => {
  it("L2539 §13.3: −5 small weapon, −3 polearm, −4 other", () => {
    expect(strikeAtWeaponModifier("small").value).toBe(-5);
    expect(strikeAtWeaponModifier("polearm").value).toBe(-3);
    expect(strikeAtWeaponModifier("other").value).toBe(-4);
  });

  it("L2559 §13.3: dodge or parry, no block", () => {
    expect(STRIKE_AT_WEAPON_DEFENCES).toEqual(["dodge", "parry"]);
  });

  it("L2543 §13.3: a spear shaft (DR 3, 8 HP) is cut by basic cutting damage over blows", () => {
    const first = cutShaft(7, "cut", "spear-or-axe");
    expect(first).toEqual({ damage: 4, total: 4, cut: false });
    expect(cutShaft(7, "cut", "spear-or-axe", first.total)).toEqual({
      damage: 4,
      total: 8,
      cut: true,
    });
    expect(cutShaft(9, "cr", "spear-or-axe").damage).toBe(0);
  });

  it("L2543 §13.3: a polearm shaft is DR 4, 12 HP", () => {
    expect(cutShaft(16, "cut", "polearm")).toEqual({ damage: 12, total: 12, cut: true });
    expect(cutShaft(15, "cut", "polearm").cut).toBe(false);
  });

  it("L2547 §13.3: blade-breaking numbers", () => {
    expect(BLADE_BREAK).toEqual({
      knife: 4,
      foil: 4,
      rapier: 4,
      shortsword: 6,
      saber: 6,
      broadsword: 8,
      "bastard-sword": 10,
    });
  });

  it("L2547 §13.3: a single blow must reach it; halved by a 3× heavier or better weapon, doubled by a better target", () => {
    expect(breaksBlade(8, "cut", "broadsword").breaks).toBe(true);
    expect(breaksBlade(7, "cr", "broadsword").breaks).toBe(false);
    expect(breaksBlade(8, "imp", "broadsword").breaks).toBe(false);
    expect(breaksBlade(4, "cr", "broadsword", { heavier3x: true })).toEqual({
      threshold: 4,
      breaks: true,
    });
    expect(breaksBlade(4, "cut", "broadsword", { betterQuality: true }).breaks).toBe(true);
    expect(breaksBlade(19, "cut", "bastard-sword", { targetBetterQuality: true })).toEqual({
      threshold: 20,
      breaks: false,
    });
  });

  it("L2553 §13.3: basic damage over half the foe's ST forces an ST roll to keep the weapon", () => {
    expect(knockAwayRoll(6, "cut", 12)).toBe(false);
    expect(knockAwayRoll(7, "cr", 12)).toBe(true);
    expect(knockAwayRoll(9, "imp", 12)).toBe(false);
  });

  it("L2549, §17 C1 §13.3: parrying a weapon 3× as heavy breaks yours 1/3 (fine 1/6, cheap 2/3)", () => {
    expect(parryBreakChance(3, 9, "good")).toBeCloseTo(1 / 3);
    expect(parryBreakChance(3, 9, "fine")).toBeCloseTo(1 / 6);
    expect(parryBreakChance(3, 9, "cheap")).toBeCloseTo(2 / 3);
    expect(parryBreakChance(3, 8.9, "cheap")).toBe(0);
  });
});

// ── §13.4 ────────────────────────────────────────────────────────────────────────────────────

describe("shield damage, optional (§13.4)", () => {
  type Hits = { penetrate: number; total: number };
  const shields = specJson<{ type: string; hits: Hits | string }[]>("### 3.4", {
    end: "any-heading",
  }).flatMap((s) => (typeof s.hits === "object" ? [{ type: s.type, hits: s.hits }] : []));

  it("L3164 §15.3 #49: large shield (PD 4), total defence 12 → rolls 9–12 hit the shield", () => {
    const hit = [];
    for (let r = 3; r <= 18; r++) if (hitsShield(12, r, 4)) hit.push(r);
    expect(hit).toEqual([9, 10, 11, 12]);
  });

  it("L3164 §13.4: a failed defence never hits the shield; 3–4 succeed even above the total", () => {
    expect(hitsShield(12, 13, 4)).toBe(false);
    expect(hitsShield(2, 3, 2)).toBe(true);
    expect(hitsShield(10, 4, 1)).toBe(false);
  });

  it("L3166 §13.4: a wooden shield's DR is 3", () => {
    expect(SHIELD_DR).toBe(3);
  });

  it("§3.4 JSON, L3170–3175 §13.4: the spec lists the four shields with damage numbers", () => {
    expect(shields.map((s) => [s.type, s.hits.penetrate, s.hits.total])).toEqual([
      ["Buckler", 5, 20],
      ["Small", 5, 30],
      ["Medium", 7, 40],
      ["Large", 9, 60],
    ]);
  });

  it("L3179 §13.4, every shield row: a crushing or cutting blow of DR + first number ruins it, bearer unhurt", () => {
    for (const s of shields) {
      const just = SHIELD_DR + s.hits.penetrate;
      expect(shieldDamage({ damage: just - 1, type: "cut" }, s.hits).penetrated, s.type).toBe(
        false,
      );
      const r = shieldDamage({ damage: just, type: "cr" }, s.hits);
      expect(r, s.type).toMatchObject({ penetrated: true, ruined: true, throughToBearer: 0 });
    }
  });

  it("L3179 §13.4, every shield row: an impaling blow comes through, weakened by the damage the shield took", () => {
    for (const s of shields) {
      const r = shieldDamage({ damage: SHIELD_DR + s.hits.penetrate + 4, type: "imp" }, s.hits);
      expect(r, s.type).toMatchObject({
        penetrated: true,
        ruined: false,
        shieldTakes: s.hits.penetrate,
        throughToBearer: 4,
      });
    }
  });

  it("L3181 §13.4, every shield row: destroyed once the total exceeds the second number", () => {
    for (const s of shields) {
      const at = shieldDamage(
        { damage: SHIELD_DR + 1, type: "cut" },
        { ...s.hits, taken: s.hits.total - 1 },
      );
      expect(at, s.type).toMatchObject({ taken: s.hits.total, destroyed: false });
      const over = shieldDamage(
        { damage: SHIELD_DR + 1, type: "cut" },
        { ...s.hits, taken: s.hits.total },
      );
      expect(over.destroyed, s.type).toBe(true);
    }
  });

  it("L3166 §13.4: a shield's own DR may be given (an all-metal one, L3183), else 3", () => {
    expect(
      shieldDamage({ damage: 6, type: "cut" }, { penetrate: 5, total: 20, dr: 0 }),
    ).toMatchObject({
      penetrated: true,
      ruined: true,
    });
    expect(shieldDamage({ damage: 6, type: "cut" }, { penetrate: 5, total: 20 }).penetrated).toBe(
      false,
    );
  });

  it("L3166 §13.4: blows within the DR do nothing", () => {
    expect(shieldDamage({ damage: 3, type: "cut" }, { penetrate: 5, total: 20 })).toMatchObject({
      shieldTakes: 0,
      taken: 0,
    });
  });
});

// ── §13.5 ────────────────────────────────────────────────────────────────────────────────────

describe("shield bash (§13.5)", () => {
  it("L3199 §13.5: front or shield-side hexes; dodge or block, not parry", () => {
    expect(SHIELD_BASH.hexes).toEqual(["front", "shield-side"]);
    expect(SHIELD_BASH.defences).toEqual(["dodge", "block"]);
  });

  it("L3199–3201 §13.5: punch +2; spiked +1 more, still crushing", () => {
    expect(shieldBashDamage({ dice: 1, adds: -3 })).toEqual({
      damage: { dice: 1, adds: -1 },
      type: "cr",
    });
    expect(shieldBashDamage({ dice: 1, adds: -3 }, true)).toEqual({
      damage: { dice: 1, adds: 0 },
      type: "cr",
    });
  });
});

// ── §13.6 ────────────────────────────────────────────────────────────────────────────────────

describe("combat at different levels (§13.6)", () => {
  it("L3371 §13.6: one foot or less is ignored", () => {
    const r = differentLevels(1, "upper");
    expect(Object.values(r.locations).every((v) => v === 0)).toBe(true);
    expect(r.defence).toEqual([]);
  });

  it("L3373 §13.6: up to 2 ft — upper −2 legs/feet, +1 head; lower +2 legs/feet, −2 head", () => {
    const up = differentLevels(2, "upper").locations;
    const low = differentLevels(2, "lower").locations;
    expect([up.head, up.face, up["left-leg"], up["right-foot"], up.torso]).toEqual([
      1, 1, -2, -2, 0,
    ]);
    expect([low.head, low.face, low["left-leg"], low["left-foot"], low["right-arm"]]).toEqual([
      -2, -2, 2, 2, 0,
    ]);
    expect(differentLevels(2, "upper").defence).toEqual([]);
  });

  it("L3375 §13.6: up to 3 ft — the lower −1 to defend, the upper +1", () => {
    expect(sum(differentLevels(3, "upper").defence)).toBe(-1);
    expect(sum(differentLevels(3, "lower").defence)).toBe(1);
    expect(differentLevels(2.5, "upper").locations.head).toBe(1);
  });

  it("L3377 §13.6: up to 4 ft — ±2 defence, the upper cannot strike legs or feet", () => {
    const r = differentLevels(4, "upper");
    expect(sum(r.defence)).toBe(-2);
    expect([r.locations["left-leg"], r.locations["right-foot"], r.locations.head]).toEqual([
      null,
      null,
      1,
    ]);
    expect(differentLevels(4, "lower").locations["left-leg"]).toBe(2);
  });

  it("L3379 §13.6: up to 5 ft — the lower cannot strike the head, the upper not legs or feet; ±3", () => {
    const up = differentLevels(5, "upper");
    const low = differentLevels(5, "lower");
    expect(up.locations["right-leg"]).toBeNull();
    expect(low.locations.head).toBeNull();
    expect(low.locations.face).toBeNull();
    expect(low.locations["left-leg"]).toBe(0);
    expect([sum(up.defence), sum(low.defence)]).toEqual([-3, 3]);
  });

  it("L3381 §13.6: up to 6 ft — the upper strikes only the head, the lower only legs and feet", () => {
    const up = differentLevels(6, "upper").locations;
    const low = differentLevels(6, "lower").locations;
    expect([up.head, up.torso, up["left-arm"], up["left-leg"]]).toEqual([0, null, null, null]);
    expect([low.head, low.torso, low["right-leg"], low["left-foot"]]).toEqual([null, null, 0, 0]);
  });

  it("L3383 §13.6: over 6 ft no combat", () => {
    const r = differentLevels(6.5, "upper");
    expect(r.possible).toBe(false);
    expect(Object.values(r.locations).every((v) => v === null)).toBe(true);
  });

  it("L3369 §13.6: a greatsword 6 ft below attacks as though 3 ft; his foe gets no such help", () => {
    const greatsword = differentLevels(6, "lower", 2);
    expect(greatsword.effectiveFt).toBe(3);
    expect(greatsword.locations.head).toBe(-2);
    expect(sum(greatsword.defence)).toBe(1);
    expect(differentLevels(6, "upper", 1).locations.torso).toBeNull();
  });

  it("§13.6: the band table is frozen and cites its lines", () => {
    expect(DIFFERENT_LEVELS.map((r) => r.line)).toEqual([3371, 3373, 3375, 3377, 3379, 3381]);
    expect(Object.isFrozen(DIFFERENT_LEVELS[1]!.upper)).toBe(true);
  });
});

// ── §13.7 ────────────────────────────────────────────────────────────────────────────────────

describe("running long distances (§13.7)", () => {
  it("L3319 §15.5 #65: Speed 7 runs 8 yd/s, 100 yd in 12.5 s", () => {
    expect(runningSpeed(7, 100, 0)).toEqual({ yardsPerSecond: 8, seconds: 12.5 });
  });

  it("L3319 §15.5 #65: Speed 5.5 runs 65 yd in 10 s (unrounded Speed)", () => {
    expect(runningSpeed(5.5, 65, 0)).toEqual({ yardsPerSecond: 6.5, seconds: 10 });
  });

  it("L3321 §15.5 #66: Speed 7 runs a mile at 4 yd/s, 7 min 20 s", () => {
    expect(runningSpeed(7, 1760, 0)).toEqual({ yardsPerSecond: 4, seconds: 440 });
  });

  it("L3319, L3323 §13.7: no sprint bonus on bad ground; divide by encumbrance level + 1", () => {
    expect(runningSpeed(7, 100, 0, false).yardsPerSecond).toBe(7);
    expect([1, 2, 3, 4].map((e) => runningSpeed(7, 100, e).yardsPerSecond)).toEqual(
      [4, 8 / 3, 2, 1.6].map((x) => Math.round(x * 1e9) / 1e9),
    );
    expect(() => runningSpeed(7, 5, 0)).toThrow(InputError);
  });
});

describe("climbing (§13.7)", () => {
  it("L3330–3335 §13.7: short and long climb speeds", () => {
    expect(CLIMBING["ladder-up"]).toEqual({ short: 3, long: 1, unit: "rung" });
    expect(CLIMBING["ladder-down"]).toEqual({ short: 1, long: 1, unit: "rung" });
    expect(climbSeconds("tree", 10)).toBe(10);
    expect(climbSeconds("tree", 10, true)).toBe(30);
    expect(climbSeconds("mountain", 10)).toBe(20);
    expect(climbSeconds("mountain", 10, true)).toBe(60);
    expect(climbSeconds("stone-wall", 4)).toBe(20);
    expect(climbSeconds("stone-wall", 4, true)).toBe(60);
    expect(climbSeconds("building", 2)).toBe(20);
    expect(climbSeconds("building", 2, true)).toBe(60);
  });
});

describe("jumping (§13.7)", () => {
  it("L3359–3361 §15.5 #58: ST 11 — high jump 23 in, broad jump 8 ft", () => {
    const j = jumpDistances(11);
    expect(j.highIn).toBe(23);
    expect(j.broadFt).toBe(8);
  });

  it("L3363 §13.7: running broad jump +1 ft per yard of run, up to double", () => {
    expect(jumpDistances(11, { runYd: 3 }).runningBroadFt).toBe(11);
    expect(jumpDistances(11, { runYd: 20 }).runningBroadFt).toBe(16);
  });

  it("L3393 §13.7: halved with no preparation", () => {
    expect(jumpDistances(11, { prepared: false })).toEqual({
      highIn: 11.5,
      broadFt: 4,
      runningBroadFt: 4,
    });
  });

  it("L3407–3413 §13.7: extra effort — inches off max(ST, DX), /4 broad, /6 running, rounded up; 1 fatigue", () => {
    expect(jumpExtraEffort("high", 4, 11, 13)).toEqual({ target: 9, penalty: 4, fatigue: 1 });
    expect(jumpExtraEffort("broad", 9, 11, 13).target).toBe(10);
    expect(jumpExtraEffort("running-broad", 7, 14, 10).target).toBe(12);
  });

  it("L3399–3403 §13.7: in combat a DX roll (long jump DX−5); 17–18 falls off for 1-2 per yard", () => {
    expect(combatJump(12, 12)).toEqual({ target: 12, outcome: "made", fallDamage: null });
    expect(combatJump(12, 14, { long: true }).outcome).toBe("fell");
    expect(combatJump(17, 14, { fallYd: 1 })).toEqual({
      target: 14,
      outcome: "fell-off",
      fallDamage: { dice: 1, adds: -2 },
    });
  });
});

describe("lifting and shoving (§13.7)", () => {
  it("L3437–3455 §13.7: limits by ST", () => {
    expect(liftLimits(10)).toEqual({
      oneHand: 60,
      twoHands: 250,
      carry: 300,
      drag: 400,
      dragBraced: 800,
      pull: 1000,
      pullRoad: 2000,
      shove: 100,
      shoveRunning: 200,
      throw: 250,
    });
  });

  it("L3417 §13.7: extra effort −1 per extra 10 %", () => {
    expect(liftExtraEffortPenalty(250, 250)).toBe(0);
    expect(liftExtraEffortPenalty(275, 250)).toBe(-1);
    expect(liftExtraEffortPenalty(300, 250)).toBe(-2);
    expect(liftExtraEffortPenalty(276, 250)).toBe(-2);
  });

  it("L3447, L3463 §13.7: an item heavier than ST in lb takes 2 s to pick up", () => {
    expect(pickUpSeconds(12, 12)).toBe(1);
    expect(pickUpSeconds(13, 12)).toBe(2);
  });
});

// ── §14.1 ────────────────────────────────────────────────────────────────────────────────────

describe("distance an item can be thrown (§14.1)", () => {
  it("§14.1 JSON: every factor, cell by cell", () => {
    const json = specJson<{ throwDistanceFactor: Record<string, number> }>("### 14.1", {
      end: "any-heading",
    }).throwDistanceFactor;
    const spec = Object.entries(json)
      .map(([w, f]) => [Number(w), f])
      .sort((a, b) => a[0]! - b[0]!);
    expect(THROW_DISTANCE.map((r) => [r.weightLb, r.factor])).toEqual(spec);
  });

  it("L3470–3475, §16: literal cells (the OCR's lost decimal points restored)", () => {
    expect(throwDistanceFactor(1)).toBe(3.5);
    expect(throwDistanceFactor(7.5)).toBe(1.0);
    expect(throwDistanceFactor(10)).toBe(0.8);
    expect(throwDistanceFactor(200)).toBe(0.05);
    expect(Object.isFrozen(THROW_DISTANCE) && Object.isFrozen(THROW_DISTANCE[0])).toBe(true);
  });

  it("L3537 §15.5 #61: ST 12, 2 lb → 30 yd", () => {
    expect(throwDistance(12, 2)).toBe(30);
  });

  it("L3539 §15.5 #62: ST 16, 50 lb → 4 yd", () => {
    expect(throwDistance(16, 50)).toBe(4);
  });

  it("L3541 §15.5 #63: ST 14, 120 lb rounds down to 100 → 1.4 yd", () => {
    expect(throwDistanceFactor(120)).toBe(0.1);
    expect(throwDistance(14, 120)).toBe(1.4);
  });

  it("L3465 §14.1: weights round down to a row; up to 1 lb is the first row; past 200 the last", () => {
    expect(throwDistanceFactor(0.5)).toBe(3.5);
    expect(throwDistanceFactor(1.4)).toBe(3.5);
    expect(throwDistanceFactor(2.9)).toBe(2.5);
    expect(throwDistanceFactor(300)).toBe(0.05);
  });

  it("L3467 §13.7: general Throwing skill / 6 (rounded down) adds to ST", () => {
    expect(throwDistance(10, 1, 13)).toBe(42);
    expect(throwDistance(10, 1, 11)).toBe(38.5);
  });

  it("L3461, L3479 §13.7: over 25 × ST it cannot be thrown", () => {
    expect(throwDistance(10, 250)).toBe(0.5);
    expect(throwDistance(10, 251)).toBe(0);
    expect(() => throwDistance(10, -1)).toThrow("weightLb: must be at least 0, got -1");
  });
});

// ── §13.8 ────────────────────────────────────────────────────────────────────────────────────

describe("inanimate objects and moving targets (§13.8)", () => {
  it("L3509–3523 §13.8: size modifiers", () => {
    expect(OBJECT_SIZE_MODIFIER).toEqual({
      tiny: -1,
      small: 0,
      medium: 1,
      large: 2,
      "half-man": 3,
      man: 4,
      "twice-man": 5,
      bigger: 6,
    });
    expect(objectSizeModifier("man").value).toBe(4);
  });

  it("L3547–3553 §13.8: moving-target modifiers", () => {
    expect(MOVING_TARGET).toEqual({
      still: 0,
      slow: -1,
      "fairly-fast": -2,
      fast: -3,
      human: -4,
      unpredictable: -7,
    });
  });

  it("L3559–3567 §15.5 #64: rat −7; man 0; balloon 0; trapdoor +1; car +3", () => {
    expect(sum(objectTargetModifiers("small", "unpredictable"))).toBe(-7);
    expect(sum(objectTargetModifiers("man", "human"))).toBe(0);
    expect(sum(objectTargetModifiers("medium", "slow"))).toBe(0);
    expect(sum(objectTargetModifiers("half-man", "fairly-fast"))).toBe(1);
    expect(sum(objectTargetModifiers("bigger", "fast"))).toBe(3);
    expect(objectTargetModifiers("small")).toEqual([]);
  });

  it("L3531–3533 §13.8: damage less DR, no bonus; destroyed at 0 HP", () => {
    expect(objectDamage(7, 3, 8)).toEqual({ damage: 4, total: 4, broken: false, destroyed: false });
    expect(objectDamage(7, 3, 8, 4)).toEqual({
      damage: 4,
      total: 8,
      broken: true,
      destroyed: true,
    });
  });

  it("L3614 §13.8: a weapons locker (DR 4, 20/50) is ruined at 20 hits and rubble at 50", () => {
    const r = objectDamage(10, 4, { break: 20, destroy: 50 }, 14);
    expect(r).toEqual({ damage: 6, total: 20, broken: true, destroyed: false });
    expect(objectDamage(34, 4, { break: 20, destroy: 50 }, 20).destroyed).toBe(true);
  });
});
