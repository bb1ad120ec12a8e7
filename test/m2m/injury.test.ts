/**
 * Injury, shock, stun, knockdown, HP thresholds, crippling, healing and fatigue (spec §9; seed
 * 004). The first-aid table is compared with the seed's own lines, parsed at test time.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import { formatDamageExpr } from "../../src/rules/m2m/damage";
import {
  BANDAGING,
  FATIGUE,
  FIRST_AID_ERAS,
  FIRST_AID_TABLE,
  applyWound,
  battleFatigue,
  crippleRecovery,
  cripplingCap,
  fatigueEffects,
  fatigueThresholdList,
  fatigueThresholds,
  hitPointThresholds,
  firstAidHp,
  heal,
  hpThresholds,
  htRoll,
  knockedDown,
  lastingInjuryMonths,
  naturalRecoveryHp,
  recoversFromStun,
  recoveryWithoutAid,
  restFatigue,
  staysConscious,
  survivesDeathRoll,
} from "../../src/rules/m2m/injury";
import type { HitLocation } from "../../src/rules/m2m/types";
import { seedLines } from "./sources";

const wound = (ht: number, hp: number, injury: number, loc: HitLocation = "torso") =>
  applyWound({ ht, hp }, injury, loc);

// ── HT rolls ─────────────────────────────────────────────────────────────────────────────────

describe("HT rolls (§1.1, L418–436)", () => {
  it("L422: success on roll ≤ basic HT; margin = target − roll", () => {
    expect(htRoll(12, 12)).toEqual({
      target: 12,
      roll: 12,
      success: true,
      margin: 0,
      critical: false,
    });
    expect(htRoll(12, 13).success).toBe(false);
    expect(htRoll(12, 10, -3)).toMatchObject({ target: 9, success: false, margin: -1 });
  });

  it("L422: 3–4 always succeed and 17–18 always fail, marked critical", () => {
    expect(htRoll(1, 4)).toMatchObject({ success: true, critical: true });
    expect(htRoll(20, 17)).toMatchObject({ success: false, critical: true });
    expect(htRoll(20, 16)).toMatchObject({ success: true, critical: false });
  });

  it("L1868 L1870 L1874 L3641: knockdown, stun recovery, consciousness and death rolls are basic-HT rolls", () => {
    expect([knockedDown(12, 12), knockedDown(12, 13)]).toEqual([false, true]);
    expect([recoversFromStun(10, 10), recoversFromStun(10, 11)]).toEqual([true, false]);
    expect([staysConscious(14, 14), staysConscious(14, 17)]).toEqual([true, false]);
    expect([survivesDeathRoll(14, 14), survivesDeathRoll(14, 15)]).toEqual([true, false]);
  });

  it("§1.1: rolls outside 3..18 are InputErrors", () => {
    expect(() => htRoll(10, 2)).toThrow(/^roll: /);
    expect(() => htRoll(0, 10)).toThrow(/^ht: /);
  });
});

// ── Wounds ───────────────────────────────────────────────────────────────────────────────────

describe("major wounds, knockdown, stun and shock (§9.1, §9.2, L1864–1870, L2576–2582)", () => {
  it("L1772 #29: Pierre, HT 12, takes 6 — not more than half: no knockdown roll, not stunned, −6 to his next attack", () => {
    const w = wound(12, 12, 6);
    expect(w).toMatchObject({
      hp: 6,
      majorWound: false,
      knockdownRoll: false,
      stunned: false,
      shock: 6,
    });
  });

  it("L1868 L3647: more than half HT in one blow calls for a knockdown roll and stuns", () => {
    expect(wound(12, 12, 7)).toMatchObject({
      majorWound: true,
      knockdownRoll: true,
      stunned: true,
    });
    expect(wound(11, 11, 6)).toMatchObject({ majorWound: true }); // 6 > 5.5
  });

  it("L1866 A8: shock is every hit taken, with no cap", () => {
    expect(wound(20, 20, 9).shock).toBe(9);
  });

  it("L1518 L2582: with stunning off (or a skeleton) nothing stuns; the knockdown roll remains", () => {
    const w = applyWound({ ht: 10, hp: 10 }, 8, "torso", { canBeStunned: false });
    expect(w).toMatchObject({ stunned: false, knockdownRoll: true });
  });

  it("L2457 L2578 A7: a head (or face) blow over HT/3 stuns, over HT/2 knocks out outright", () => {
    expect(wound(12, 12, 4, "head")).toMatchObject({ stunned: false, knockedOut: false });
    expect(wound(12, 12, 5, "head")).toMatchObject({
      stunned: true,
      knockedOut: false,
      knockdownRoll: false,
    });
    expect(wound(12, 12, 7, "face")).toMatchObject({
      stunned: true,
      knockedOut: true,
      fallsDown: true,
      knockdownRoll: false,
    });
    expect(wound(12, 12, 7, "torso").knockedOut).toBe(false);
  });

  it("§9.2: the head is not capped (a 30-point head blow counts in full)", () => {
    expect(wound(10, 10, 30, "head")).toMatchObject({ injury: 30, lost: 0, hp: -20 });
  });
});

describe("crippling (§9.4, L2521–2527, L3671–3703)", () => {
  it("L3699: the cap is floor(HT/2)+1 for arms and legs, floor(HT/3)+1 for hands and feet, none elsewhere", () => {
    expect(cripplingCap("left-arm", 11)).toBe(6);
    expect(cripplingCap("right-leg", 12)).toBe(7);
    expect(cripplingCap("left-hand", 11)).toBe(4);
    expect(cripplingCap("right-foot", 12)).toBe(5);
    for (const loc of ["head", "face", "torso", "vitals"] as const)
      expect(cripplingCap(loc, 12)).toBeNull();
  });

  it("L3687 #46: HT 11, a 20-hit arm blow cripples and counts as 6; the other 14 are lost", () => {
    expect(wound(11, 11, 20, "right-arm")).toMatchObject({
      injury: 6,
      lost: 14,
      hp: 5,
      crippled: true,
      crippledByInjury: true,
      stunned: true,
      shock: 6,
    });
  });

  it("L2527 L3695: a crippling injury stuns even when it is not a major wound (HT 12 hand, capped 5)", () => {
    expect(wound(12, 12, 20, "left-hand")).toMatchObject({
      injury: 5,
      majorWound: false,
      knockdownRoll: false,
      stunned: true,
      crippled: true,
    });
  });

  it("L3679 L3677: a crippled leg or foot falls down (no knockdown roll needed)", () => {
    expect(wound(12, 12, 7, "left-leg")).toMatchObject({
      crippled: true,
      fallsDown: true,
      knockdownRoll: false,
    });
    expect(wound(12, 12, 5, "right-foot")).toMatchObject({ crippled: true, fallsDown: true });
    expect(wound(12, 12, 7, "left-arm")).toMatchObject({
      crippled: true,
      fallsDown: false,
      knockdownRoll: true,
    });
  });

  it("L2464 L3699: exactly HT/2 does not cripple an arm (strictly more than)", () => {
    expect(wound(12, 12, 6, "left-arm")).toMatchObject({ crippled: false, injury: 6, lost: 0 });
  });

  it("L3701: wounds to an already crippled limb are ignored", () => {
    const w = applyWound({ ht: 12, hp: 5, crippled: ["left-arm"] }, 4, "left-arm");
    expect(w).toMatchObject({
      injury: 0,
      lost: 4,
      ignored: "crippled-limb",
      hp: 5,
      shock: 0,
      crippled: false,
    });
    expect(applyWound({ ht: 12, hp: 5, crippled: ["left-arm"] }, 4, "right-arm").injury).toBe(4);
  });

  it("L3683–3687: the optional rule accumulates damage per limb, cripples at the cap and loses the excess", () => {
    const w = applyWound({ ht: 11, hp: 7, limbDamage: { "left-arm": 4 } }, 3, "left-arm", {
      accumulateCrippling: true,
    });
    expect(w).toMatchObject({ injury: 2, lost: 1, crippled: true, limbDamage: 6, hp: 5 });
    const v = applyWound({ ht: 11, hp: 7, limbDamage: { "left-arm": 1 } }, 3, "left-arm", {
      accumulateCrippling: true,
    });
    expect(v).toMatchObject({ injury: 3, crippled: false, limbDamage: 4 });
  });

  it("L2497 L2503: a critical cripples whatever the damage; it is a funny-bone injury unless the injury cripples anyway", () => {
    const w = applyWound({ ht: 12, hp: 12 }, 2, "right-arm", {
      forceCripple: true,
      critical: true,
    });
    expect(w).toMatchObject({ crippled: true, crippledByInjury: false, stunned: true, injury: 2 });
    const v = applyWound({ ht: 12, hp: 12 }, 9, "right-arm", {
      forceCripple: true,
      critical: true,
    });
    expect(v).toMatchObject({ crippled: true, crippledByInjury: true, injury: 7 });
  });

  it("L3725–3733: crippling recovery — success temporary, failure by ≤3 lasting, by more permanent", () => {
    expect(crippleRecovery(10, 10)).toBe("temporary");
    expect(crippleRecovery(10, 13)).toBe("lasting");
    expect(crippleRecovery(10, 14)).toBe("permanent");
    expect(crippleRecovery(10, 15, 5)).toBe("temporary"); // a fall's +5 (L3291)
    expect(crippleRecovery(16, 17, 5)).toBe("lasting"); // an automatic failure fails by 1 (ruling)
  });

  it("L3729–3731: a lasting injury heals in 1d months, less by era, never under a month", () => {
    expect(lastingInjuryMonths(4)).toBe(4);
    expect(lastingInjuryMonths(2, 3)).toBe(1);
  });
});

describe("Last Wounds (optional, L3689–3693)", () => {
  const last = (hp: number, injury: number, loc: HitLocation, critical = false, ht = 12) =>
    applyWound({ ht, hp }, injury, loc, { lastWounds: true, critical });

  it("L3691: at 3 HP or less a limb wound under 3 is ignored", () => {
    expect(last(3, 2, "left-foot")).toMatchObject({
      injury: 0,
      lost: 2,
      ignored: "last-wounds",
      hp: 3,
      shock: 0,
    });
    expect(last(3, 2, "right-arm").ignored).toBe("last-wounds");
  });

  it("L3691: unless it is 3 or more, a critical hit, or enough to cripple", () => {
    expect(last(3, 3, "left-foot")).toMatchObject({ injury: 3, ignored: null, hp: 0 });
    expect(last(3, 1, "left-foot", true)).toMatchObject({ injury: 1, ignored: null });
    expect(last(3, 2, "left-hand", false, 5)).toMatchObject({ injury: 2, crippled: true }); // HT 5: 2 > 5/3
  });

  it("L3691: it concerns limbs only, at 3 HP or less only, and only when the option is on", () => {
    expect(last(3, 1, "torso").injury).toBe(1);
    expect(last(4, 1, "left-foot").injury).toBe(1);
    expect(applyWound({ ht: 12, hp: 3 }, 1, "left-foot").injury).toBe(1);
  });
});

describe("hit-point thresholds (§9.3, L1872–1876, L3634–3645)", () => {
  it("L3657–3663 #47: Friedrich (HT 14) — Move halved at 3, HT rolls at 0, unconscious when negative", () => {
    expect(wound(14, 4, 1)).toMatchObject({ hp: 3, halfMove: true, consciousnessRolls: false });
    expect(wound(14, 4, 0).halfMove).toBe(false);
    expect(wound(14, 3, 3)).toMatchObject({ hp: 0, consciousnessRolls: true, unconscious: false });
    expect(wound(14, 0, 1)).toMatchObject({
      hp: -1,
      unconscious: true,
      consciousnessRolls: false,
      fallsDown: true,
    });
  });

  it("L3661–3663 #47: Friedrich rolls to live at −14, −19 and −24; at −140 the body is destroyed", () => {
    expect(wound(14, -10, 4).deathThresholds).toEqual([-14]);
    expect(wound(14, -14, 5).deathThresholds).toEqual([-19]);
    expect(wound(14, -19, 4).deathThresholds).toEqual([]);
    expect(wound(14, -23, 1).deathThresholds).toEqual([-24]);
    expect(wound(14, -130, 9)).toMatchObject({ hp: -139, destroyed: false });
    expect(wound(14, -130, 10)).toMatchObject({ hp: -140, destroyed: true });
  });

  it("L3641 A15: one death roll per threshold crossed, however big the wound (HT 8: −8, then −13)", () => {
    expect(wound(8, 0, 8).deathThresholds).toEqual([-8]);
    expect(wound(8, -7, 6).deathThresholds).toEqual([-8, -13]);
    expect(wound(14, 14, 40).deathThresholds).toEqual([-14, -19, -24]);
    expect(wound(8, -8, 4).deathThresholds).toEqual([]); // already past −8, not yet −13
  });

  it("L3645: thresholds stop where the body is destroyed (−10 × HT)", () => {
    const w = wound(10, 0, 500);
    expect(w.destroyed).toBe(true);
    expect(w.deathThresholds[0]).toBe(-10);
    expect(w.deathThresholds.at(-1)).toBe(-100);
  });

  it("§9: bad state is an InputError naming the field", () => {
    expect(() => applyWound({ ht: 0, hp: 5 }, 1, "torso")).toThrow(/^state\.ht: /);
    expect(() => applyWound({ ht: 10, hp: 5 }, -1, "torso")).toThrow(/^injury: /);
    expect(() => applyWound({ ht: 10, hp: 5 }, 1, "tail" as HitLocation)).toThrow(InputError);
  });
});

// ── Healing ──────────────────────────────────────────────────────────────────────────────────

describe("healing (§9.5, L3705–3741)", () => {
  const ERA_ROWS: Record<string, (typeof FIRST_AID_ERAS)[number]> = {
    "Ancient (except Roman)": "ancient",
    "Roman or medieval": "roman-medieval",
    "Napoleonic/Civil War": "napoleonic",
    WWI: "wwi",
    "WWII — modern": "wwii-modern",
    "Near future": "near-future",
  };

  it("L3713–3719: the first-aid table, parsed from the seed, cell by cell", () => {
    const rows = seedLines(3714, 3719).map((l) => l.split("\t"));
    expect(rows).toHaveLength(FIRST_AID_ERAS.length);
    for (const [label, time, hits] of rows) {
      const era = ERA_ROWS[label!]!;
      expect(era, label).toBeDefined();
      expect(`${FIRST_AID_TABLE[era].minutes} minutes`).toBe(time);
      expect(formatDamageExpr(FIRST_AID_TABLE[era].hits)).toBe(hits === "1 die" ? "1" : hits);
    }
  });

  it("L3709: simple bandaging restores 1 HP per fight, 30 minutes a victim", () => {
    expect(BANDAGING).toEqual({ hp: 1, minutes: 30 });
  });

  it("L3711: first aid restores at least 1 HP (medieval 1-3: a 2 still heals 1, a 6 heals 3)", () => {
    expect(firstAidHp([2], "roman-medieval")).toBe(1);
    expect(firstAidHp([6], "roman-medieval")).toBe(3);
    expect(firstAidHp([6], "near-future")).toBe(6);
  });

  it("L3721: a day of bed rest and a basic-HT roll restore 1 HP; never above basic HT", () => {
    expect([naturalRecoveryHp(10, 10), naturalRecoveryHp(10, 11)]).toEqual([1, 0]);
    expect(heal(9, 10, 3)).toBe(10);
    expect(heal(-3, 10, 2)).toBe(-1);
  });

  it("L3737 #48: left at −8 (not fully negative), you wake in 8 hours", () => {
    expect(recoveryWithoutAid(-8, 10)).toEqual({ outcome: "wakes", hours: 8 });
    expect(recoveryWithoutAid(2, 10)).toEqual({ outcome: "conscious", hours: 0 });
  });

  it("L3741: fully negative needs a basic-HT roll — failure is a coma, death unless helped in 24 hours", () => {
    expect(recoveryWithoutAid(-10, 10, 10)).toEqual({ outcome: "wakes", hours: 10 });
    expect(recoveryWithoutAid(-10, 10, 11)).toEqual({ outcome: "coma", hours: 24 });
    expect(() => recoveryWithoutAid(-10, 10)).toThrow(/^roll: /);
  });
});

// ── Fatigue ──────────────────────────────────────────────────────────────────────────────────

describe("fatigue (§9.6, L3743–3815)", () => {
  it("L3747 #67: a battle over 10 seconds costs 1 unencumbered, 5 extra-heavy (encumbrance + 1)", () => {
    expect([0, 1, 2, 3, 4].map((e) => battleFatigue(e))).toEqual([1, 2, 3, 4, 5]);
    expect(battleFatigue(5)).toBe(5); // over extra-heavy (C4) counts as extra-heavy (ruling)
  });

  it("L3795 L3799: a hot day adds 1, or 2 in plate or an overcoat; a lightly encumbered march hour is 2 (3 when hot)", () => {
    expect(battleFatigue(1, { hot: true })).toBe(3);
    expect(battleFatigue(4, { hot: true, plateOrOvercoat: true })).toBe(7);
    expect(battleFatigue(1)).toBe(2);
  });

  it("L3803–3811: running, overexertion, extra effort and lost sleep", () => {
    expect(FATIGUE).toMatchObject({
      runningFailedRoll: 1,
      overexertionPerTurn: 1,
      extraEffort: 1,
      noSleep: 5,
      halfNightSleep: 2,
    });
    expect(Object.isFrozen(FATIGUE.battleByEncumbrance)).toBe(true);
  });

  it("L3761: 10 minutes of quiet rest cure 1 point", () => {
    expect(restFatigue(5, 25)).toBe(3);
    expect(restFatigue(2, 60)).toBe(0);
  });

  it("L3749–3757 C3: fatigue lowers ST; Move and Dodge halve at ST 3; you collapse at ST 1", () => {
    expect(fatigueEffects(12, 2)).toEqual({ st: 10, halfMove: false, collapsed: false });
    expect(fatigueEffects(12, 9)).toEqual({ st: 3, halfMove: true, collapsed: false });
    expect(fatigueEffects(12, 11)).toEqual({ st: 1, halfMove: true, collapsed: true });
  });

  it("L3755-3757: the fatigue at which Move halves (ST − 3) and one collapses (ST − 1), as fatigueEffects applies them", () => {
    expect(fatigueThresholds(12)).toEqual({ st: 12, halfMove: 9, collapsed: 11 });
    expect(fatigueThresholds(2)).toEqual({ st: 2, halfMove: 0, collapsed: 1 });
    for (const st of [2, 5, 12, 18])
      for (let f = 0; f <= st + 1; f++) {
        const t = fatigueThresholds(st);
        expect(fatigueEffects(st, f)).toMatchObject({
          halfMove: f >= t.halfMove,
          collapsed: f >= t.collapsed,
        });
      }
  });
});

describe("hit-point thresholds (L1872-1876, L3638-3645, A15)", () => {
  it("HT 12: half Move at 3, HT rolls at 0, unconscious below 0, death rolls at −12, −17 … −117, destroyed at −120", () => {
    const t = hitPointThresholds(12);
    expect(t).toMatchObject({
      halfMove: 3,
      consciousnessRolls: 0,
      unconscious: -1,
      destroyed: -120,
    });
    expect(t.death.slice(0, 3)).toEqual([-12, -17, -22]);
    expect(t.death.at(-1)).toBe(-117);
    expect(t.death).toHaveLength(22);
  });

  it("every death threshold applyWound reports is one of hitPointThresholds(ht).death", () => {
    const r = wound(10, 5, 40);
    expect(r.deathThresholds).toEqual(hitPointThresholds(10).death.filter((x) => x >= -35));
    expect(() => hitPointThresholds(0)).toThrow(InputError);
  });
});

describe("the threshold lists a sheet shows (§9.3 L3634-3645, §9.6 L3755-3757)", () => {
  it("HT 14 (Friedrick, L4187-4231): 3, 0, −1, then −14, −19 … −139 every 5, destroyed at −140", () => {
    const t = hpThresholds(14);
    expect(t.slice(0, 3).map((x) => [x.hp, x.effect])).toEqual([
      [3, "halfMove"],
      [0, "consciousnessRolls"],
      [-1, "unconscious"],
    ]);
    const deaths = t.filter((x) => x.effect === "deathCheck").map((x) => x.hp);
    expect(deaths[0]).toBe(-14);
    expect(deaths[1]).toBe(-19);
    expect(deaths.at(-1)).toBe(-139);
    expect(deaths).toHaveLength(26);
    expect(t.at(-1)).toMatchObject({ hp: -140, effect: "destroyed" });
  });

  it.each([5, 8, 10, 14])("HT %i: each threshold is where applyWound's effect begins", (ht) => {
    for (const th of hpThresholds(ht)) {
      // One more hit point: the effect is not there yet; at the threshold: it is.
      const above = applyWound({ ht, hp: th.hp + 2 }, 1, "torso");
      const at = applyWound({ ht, hp: th.hp + 1 }, 1, "torso");
      const flag = (w: ReturnType<typeof applyWound>) =>
        ({
          halfMove: w.halfMove,
          consciousnessRolls: w.consciousnessRolls || w.unconscious,
          unconscious: w.unconscious,
          deathCheck: w.deathThresholds.includes(th.hp),
          destroyed: w.destroyed,
        })[th.effect];
      expect(flag(above), `${th.effect} at ${th.hp + 1}`).toBe(false);
      expect(flag(at), `${th.effect} at ${th.hp}`).toBe(true);
    }
  });

  it("fatigue: ST 12 halves Move at 9 fatigue (ST 3) and collapses at 11 (ST 1); ST 3 at once", () => {
    expect(fatigueThresholdList(12).map((x) => [x.fatigue, x.effect])).toEqual([
      [9, "halfMove"],
      [11, "collapse"],
    ]);
    expect(fatigueEffects(12, 8).halfMove).toBe(false);
    expect(fatigueEffects(12, 10).collapsed).toBe(false);
    expect(fatigueThresholdList(3).map((x) => x.fatigue)).toEqual([0, 2]);
    expect(() => hpThresholds(0)).toThrow(/^ht: /);
  });
});
