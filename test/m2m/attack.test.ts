/**
 * Attack resolution (spec §5; seed 004): the modifier catalog against the spec's §5.2 table
 * (read from `reference/m2m-spec.json` at test time), every row's value, critical
 * thresholds, wild swings, reach and the feint, with the worked examples #25, #39–#44.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import type { Modifier } from "../../src/core/modifiers";
import {
  ATTACK_MODIFIERS,
  SHOOTING_BLIND,
  WILD_SWING,
  attackModifier,
  attackModifierEntry,
  attackOutcome,
  attackTarget,
  criticalHitEffect,
  criticalMissTable,
  effectiveTargetWithCap,
  feint,
  feintResistance,
  isCriticalHit,
  isCriticalMiss,
  reachAllows,
  shootingBlindTarget,
  swingKind,
  wildSwingTarget,
  type AttackModifierParams,
} from "../../src/rules/m2m/attack";
import { specTable } from "./sources";

const value = (id: string, p: AttackModifierParams = {}) => attackModifier(id, p).value;

// ── §5.2 catalog ─────────────────────────────────────────────────────────────────────────────

describe("attack modifier catalog (§5.2)", () => {
  const rows = specTable("### 5.2 ", { stripEmphasis: true });

  it("§5.2: one catalog entry per row of the spec's table, condition, modifier and lines as printed", () => {
    const table = ATTACK_MODIFIERS.filter((m) => !m.extra);
    expect(table.map((m) => [m.condition, m.modifier, m.lines])).toEqual(
      rows.map((r) => [r[0], r[1], r[2]]),
    );
  });

  it("§5.2 note, A16 L1744: the foe-on-the-ground bonus is the only extra row, 0 unless the GM says", () => {
    expect(ATTACK_MODIFIERS.filter((m) => m.extra).map((m) => m.id)).toEqual(["foe-on-ground"]);
    expect(value("foe-on-ground")).toBe(0);
    expect(value("foe-on-ground", { value: 2 })).toBe(2);
  });

  it("§5.2: ids are unique, the catalog is frozen, lookups return copies", () => {
    expect(new Set(ATTACK_MODIFIERS.map((m) => m.id)).size).toBe(ATTACK_MODIFIERS.length);
    expect(Object.isFrozen(ATTACK_MODIFIERS[0])).toBe(true);
    const e = attackModifierEntry("kick");
    (e as { value: number }).value = 0;
    expect(value("kick")).toBe(-2);
  });

  // Every row, with the seed line its value comes from.
  const cases: [string, AttackModifierParams, number, string][] = [
    ["bad-light", {}, -5, "L1724"],
    ["bad-light", { value: -3 }, -3, "L1724"],
    ["total-darkness", {}, -10, "L1726"],
    ["bad-footing", {}, -2, "L1728"],
    ["bad-footing", { value: -4 }, -4, "L1728"],
    ["obstructed-hex", {}, -2, "L2308"],
    ["obstructed-hex", { aimedMissile: true }, 0, "L2891"],
    ["water", {}, -4, "L1730"],
    ["swimming", {}, -6, "L1732"],
    ["stream-hex", {}, -4, "L3951"],
    ["strange-position", {}, -2, "L1734"],
    ["posture", { position: "standing" }, 0, "L2068"],
    ["posture", { position: "crouching" }, -2, "L2069"],
    ["posture", { position: "kneeling" }, -2, "L2070"],
    ["posture", { position: "crawling", closeAttack: true }, 0, "L2071"],
    ["posture", { position: "sitting" }, -2, "L2072"],
    ["posture", { position: "lying" }, -4, "L2073"],
    ["posture", { position: "lying", crossbow: true }, 0, "L2073"],
    ["all-out-attack", {}, 4, "L1658"],
    ["all-out-attack", { wildSwing: true }, 0, "L2161"],
    ["shock", { hits: 6 }, -6, "L1772"],
    ["shock", { hits: 0 }, 0, "L1866"],
    ["hit-location", { value: -5 }, -5, "L2456"],
    ["strike-at-weapon", { weapon: "small" }, -5, "L2539"],
    ["strike-at-weapon", { weapon: "polearm" }, -3, "L2539"],
    ["strike-at-weapon", { weapon: "other" }, -4, "L2539"],
    ["wild-swing", {}, -5, "L2159"],
    ["through-enemy-hex", {}, -4, "L2149"],
    ["snap-shot", {}, -4, "L1642"],
    ["aim", { turns: 1 }, 0, "L2047"],
    ["aim", { turns: 2 }, 1, "L2047"],
    ["aim", { turns: 4 }, 3, "L2047"],
    ["aim", { turns: 9 }, 3, "L2047"],
    ["aim", { turns: 1, braced: true }, 1, "L2051"],
    ["point-blank", {}, 4, "L2907"],
    ["point-blank", { defaultSkill: true }, 0, "L2907"],
    ["range", { distance: 3, increment: 2 }, -1, "L2928"],
    ["range", { distance: 8, increment: 2 }, -4, "L2928"],
    ["range", { distance: 2, increment: 2, pointBlank: 2 }, 0, "L2928"],
    ["range", { distance: 200, increment: 12 }, -16, "L2930"],
    ["shooting-blind", {}, -10, "L2871"],
    ["pop-up", {}, -6, "L2879"],
    ["target-cover", { value: -5 }, -5, "L2948"],
    ["opportunity-fire", { hexes: 2 }, -4, "L3016"],
    ["opportunity-fire", { hexes: 3 }, -5, "L3018"],
    ["opportunity-fire", { hexes: 6 }, -6, "L3020"],
    ["opportunity-fire", { hexes: 10 }, -7, "L3022"],
    ["opportunity-fire", { hexes: 11 }, -8, "L3024"],
    ["opportunity-fire", { line: true }, -5, "L3026"],
    ["line-of-fire", { persons: 2 }, -8, "L2956"],
    ["close-combat-weapon", {}, -2, "L2663"],
    ["close-combat-shield", { pd: 3 }, -3, "L2671"],
    ["into-close-combat", {}, -2, "L2779"],
    ["into-close-combat", { value: -4 }, -6, "L2779"],
    ["kick", {}, -2, "L1930"],
    ["large-shield", {}, -2, "L1098"],
    ["off-hand", {}, -4, "L524"],
    ["different-levels", { value: 1 }, 1, "L3373"],
    ["object-size", { size: "tiny" }, -1, "L3509"],
    ["object-size", { size: "small" }, 0, "L3511"],
    ["object-size", { size: "medium" }, 1, "L3513"],
    ["object-size", { size: "large" }, 2, "L3515"],
    ["object-size", { size: "half-man" }, 3, "L3517"],
    ["object-size", { size: "man" }, 4, "L3519"],
    ["object-size", { size: "twice-man" }, 5, "L3521"],
    ["object-size", { size: "bigger" }, 6, "L3523"],
    ["moving-target", { movement: "slow" }, -1, "L3547"],
    ["moving-target", { movement: "faster" }, -2, "L3549"],
    ["moving-target", { movement: "faster", value: -3 }, -3, "L3549"],
    ["moving-target", { movement: "human" }, -4, "L3551"],
    ["moving-target", { movement: "unpredictable" }, -7, "L3553"],
    ["helpless-sentry", {}, 4, "L3669"],
    ["improvised-weapon", { value: -3 }, -3, "L1016"],
    ["broken-weapon", { value: -2 }, -2, "L2645"],
    ["broken-weapon", { value: -4 }, -4, "L2647"],
  ];

  it.each(cases)("%s %j = %i (%s)", (id, params, expected) => {
    const m = attackModifier(id, params);
    expect(m.value).toBe(expected);
    expect(m.key).toBe(`attack.${id}`);
    expect(m.source).toContain(attackModifierEntry(id).lines);
    expect(m.source).toContain("§5.2");
  });

  it("§5.2: every catalog row is exercised above", () => {
    const tested = new Set(cases.map((c) => c[0]));
    const untested = ATTACK_MODIFIERS.map((m) => m.id).filter(
      (id) => !tested.has(id) && id !== "bulky-object" && id !== "foe-on-ground",
    );
    expect(untested).toEqual([]);
  });

  it("L3433: a bulky object lowers the active defence, not the attack", () => {
    expect(() => attackModifier("bulky-object")).toThrow(InputError);
  });

  it("§5.2: unknown ids and impossible values are input errors", () => {
    expect(() => attackModifier("berserk")).toThrow(InputError);
    expect(() => attackModifier("shock", { hits: -1 })).toThrow(InputError);
    expect(() => attackModifier("shock")).toThrow(InputError);
    expect(() => attackModifier("aim", { turns: 0 })).toThrow(InputError);
    expect(() => attackModifier("broken-weapon", { value: -3 })).toThrow(InputError);
    expect(() => attackModifier("bad-footing", { value: -1 })).toThrow(InputError);
    expect(() => attackModifier("bad-light", { value: 2 })).toThrow(InputError);
    expect(() => attackModifier("posture", { position: "crawling" })).toThrow(InputError); // L2071 close attacks only
    expect(() => attackModifier("strike-at-weapon", { weapon: "huge" as "small" })).toThrow(
      InputError,
    );
    expect(() => attackModifier("close-combat-shield", { pd: 5 })).toThrow(InputError);
    expect(() => attackModifier("different-levels", { value: 3 })).toThrow(InputError);
    expect(() => attackModifier("hit-location")).toThrow(InputError);
    expect(() => attackModifier("moving-target", { movement: "faster", value: -4 })).toThrow(
      InputError,
    );
    expect(() => attackModifier("line-of-fire", { persons: 0 })).toThrow(InputError);
  });
});

// ── Effective skill, wild swing, shooting blind ──────────────────────────────────────────────

describe("effective skill and maximum rolls", () => {
  it("#25 L1748: Louis, Shortsword 15, no modifiers, rolls 13: a hit", () => {
    const t = attackTarget(15, []);
    expect(t.value).toBe(15);
    expect(attackOutcome(13, t.value)).toBe("hit");
  });

  it("L1706–1708: effective skill is skill plus every modifier, itemised", () => {
    const t = attackTarget(14, [
      attackModifier("total-darkness"),
      attackModifier("all-out-attack"),
    ]);
    expect(t.value).toBe(8);
    expect(t.modifiers.map((m) => m.key)).toEqual([
      "attack.total-darkness",
      "attack.all-out-attack",
    ]);
  });

  it("L2159: a wild swing is at −5 or a maximum roll of 9, whichever is worse", () => {
    expect(wildSwingTarget(12, []).value).toBe(7); // −5 worse
    expect(wildSwingTarget(14, []).value).toBe(9);
    const t = wildSwingTarget(18, []);
    expect(t.value).toBe(9); // max roll 9 worse
    expect(t.raw).toBe(13);
    expect(t.modifiers.map((m) => m.key)).toEqual(["attack.wild-swing"]);
    expect(WILD_SWING).toEqual({ penalty: -5, maxRoll: 9 });
  });

  it("L2161: a wild swing cannot take All-Out Attack's +4", () => {
    expect(() => wildSwingTarget(12, [attackModifier("all-out-attack")])).toThrow(InputError);
    expect(wildSwingTarget(12, [attackModifier("all-out-attack", { wildSwing: true })]).value).toBe(
      7,
    );
  });

  it("L2871: shooting blind is −10 or a maximum roll of 9, no aim bonus", () => {
    expect(shootingBlindTarget(15, []).value).toBe(5);
    expect(shootingBlindTarget(22, []).value).toBe(9);
    expect(SHOOTING_BLIND.maxRoll).toBe(9);
    expect(() => shootingBlindTarget(15, [attackModifier("aim", { turns: 3 })])).toThrow(
      InputError,
    );
  });

  it("L2159: with a maximum roll of 9 a roll of 10 misses even at high skill; 3–4 still hit", () => {
    const t = wildSwingTarget(20, []);
    expect(attackOutcome(10, t.value)).toBe("miss");
    expect(attackOutcome(9, t.value)).toBe("hit");
    expect(attackOutcome(5, t.value)).toBe("hit"); // a 5 is critical only at 15+ (L1744)
    expect(attackOutcome(4, t.value)).toBe("critical-hit");
  });

  it("effectiveTargetWithCap keeps the modifiers and the raw sum, and never raises the value", () => {
    const mods: Modifier[] = [attackModifier("kick")];
    const t = attackTarget(13, mods);
    expect(effectiveTargetWithCap(t, 9)).toMatchObject({
      raw: 11,
      value: 9,
      modifiers: [{ key: "attack.kick", value: -2 }],
    });
    expect(effectiveTargetWithCap(attackTarget(7, []), 9).value).toBe(7);
    expect(() => effectiveTargetWithCap(t, 2)).toThrow(InputError);
  });
});

// ── Critical hits and misses (§5.3, §5.4) ────────────────────────────────────────────────────

describe("critical hits and misses (§5.3, §5.4)", () => {
  it("L1710, L2480: a natural 3 or 4 is always a critical hit", () => {
    for (const skill of [-5, 0, 3, 10, 20]) {
      expect(isCriticalHit(3, skill)).toBe(true);
      expect(isCriticalHit(4, skill)).toBe(true);
      expect(attackOutcome(3, skill)).toBe("critical-hit");
    }
  });

  it("#40 L2484: effective skill 15, roll 5: critical hit; L2482 not at 14", () => {
    expect(isCriticalHit(5, 15)).toBe(true);
    expect(attackOutcome(5, 15)).toBe("critical-hit");
    expect(isCriticalHit(5, 14)).toBe(false);
    expect(isCriticalHit(6, 15)).toBe(false);
  });

  it("#41 L1744: effective skill 16, roll 6: critical", () => {
    expect(isCriticalHit(6, 16)).toBe(true);
    expect(isCriticalHit(6, 25)).toBe(true);
    expect(isCriticalHit(7, 25)).toBe(false);
  });

  it("#42 L2586: need 6, roll 16: critical miss", () => {
    expect(isCriticalMiss(16, 6)).toBe(true);
    expect(attackOutcome(16, 6)).toBe("critical-miss");
    expect(isCriticalMiss(15, 6)).toBe(false);
    expect(attackOutcome(15, 6)).toBe("miss");
  });

  it("L2586, L1710: 17 and 18 always miss, critically, whatever the skill", () => {
    for (const skill of [7, 18, 25]) {
      expect(attackOutcome(17, skill)).toBe("critical-miss");
      expect(attackOutcome(18, skill)).toBe("critical-miss");
    }
    expect(attackOutcome(16, 25)).toBe("hit");
  });

  it("L2590: at effective skill 7 or more only 17–18 are critical misses", () => {
    for (let skill = 7; skill <= 20; skill++) {
      for (let roll = 3; roll <= 18; roll++)
        expect(isCriticalMiss(roll, skill), `${roll} vs ${skill}`).toBe(roll >= 17);
    }
  });

  it("L1710, L2586: a 3 or 4 is never a critical miss, even at very low skill", () => {
    expect(isCriticalMiss(4, -8)).toBe(false);
    expect(isCriticalMiss(5, -8)).toBe(true);
    expect(attackOutcome(4, -8)).toBe("critical-hit");
  });

  it("§5.1: outcomes over every roll and skill are consistent with the thresholds", () => {
    for (let skill = -4; skill <= 22; skill++) {
      for (let roll = 3; roll <= 18; roll++) {
        const o = attackOutcome(roll, skill);
        const crit = roll <= 4 || (roll === 5 && skill >= 15) || (roll === 6 && skill >= 16);
        const fumble = !crit && (roll >= 17 || roll >= skill + 10);
        const expected = crit
          ? "critical-hit"
          : fumble
            ? "critical-miss"
            : roll <= skill
              ? "hit"
              : "miss";
        expect(o, `${roll} vs ${skill}`).toBe(expected);
      }
    }
  });

  it("§5.3: bad rolls are input errors", () => {
    expect(() => attackOutcome(2, 10)).toThrow(InputError);
    expect(() => isCriticalHit(19, 10)).toThrow(InputError);
    expect(() => isCriticalMiss(10.5, 10)).toThrow(InputError);
  });

  it("#39 L1740–1742: Basic, a natural 3 does maximum damage, a 4 normal damage; no defence roll", () => {
    expect(criticalHitEffect(3, { hitLocation: false })).toEqual({
      defenceRoll: false,
      maxDamage: true,
      table: null,
    });
    expect(criticalHitEffect(4, { hitLocation: false }).maxDamage).toBe(false);
  });

  it("C18 L2480, L2563: with hit location the Critical Hit (or Head Blow) Table replaces maximum damage", () => {
    expect(criticalHitEffect(3, { hitLocation: true })).toEqual({
      defenceRoll: false,
      maxDamage: false,
      table: "critical-hit",
    });
    expect(criticalHitEffect(5, { hitLocation: true, head: true }).table).toBe(
      "critical-head-blow",
    );
    expect(() => criticalHitEffect(7, { hitLocation: true })).toThrow(InputError);
  });

  it("C19 L1710, L2588: the Critical Miss Table is Advanced; in Basic a critical miss only misses (option)", () => {
    expect(criticalMissTable({ hitLocation: true })).toBe("critical-miss");
    expect(criticalMissTable({ hitLocation: false })).toBeNull();
    expect(criticalMissTable({ hitLocation: false, tableInBasic: true })).toBe("critical-miss");
  });
});

// ── Reach and arcs (§5.5) ────────────────────────────────────────────────────────────────────

describe("reach and arcs (§5.5)", () => {
  it("L1974, L2155: only front hexes take a normal blow; side and rear hexes are wild swings", () => {
    expect(swingKind("front")).toBe("normal");
    expect(swingKind("weapon-side")).toBe("wild");
    expect(swingKind("shield-side")).toBe("wild");
    expect(swingKind("back")).toBe("wild");
  });

  it("L2165: with Peripheral Vision the right hex is front; the left is wild unless two-handed", () => {
    expect(swingKind("weapon-side", { peripheralVision: true })).toBe("normal");
    expect(swingKind("shield-side", { peripheralVision: true })).toBe("wild");
    expect(swingKind("shield-side", { peripheralVision: true, twoHanded: true })).toBe("normal");
    expect(swingKind("back", { peripheralVision: true, twoHanded: true })).toBe("wild");
  });

  it("L1988–1996: reach C is the own hex, 1 the front hexes, 2 and 3 the farther rings", () => {
    expect(reachAllows(["C", 1], 0)).toBe(true);
    expect(reachAllows(["C", 1], 1)).toBe(true);
    expect(reachAllows(["C", 1], 2)).toBe(false);
    expect(reachAllows([2, 3], 1)).toBe(false);
    expect(reachAllows([2, 3], 3)).toBe(true);
  });

  it("L2157: no wild impaling attack at more than 1 hex", () => {
    expect(reachAllows([1, 2], 2, { wildSwing: true, impaling: true })).toBe(false);
    expect(reachAllows([1, 2], 1, { wildSwing: true, impaling: true })).toBe(true);
    expect(reachAllows([1, 2], 2, { wildSwing: true })).toBe(true);
  });
});

// ── Feint (§5.6) ─────────────────────────────────────────────────────────────────────────────

describe("feint (§5.6)", () => {
  it("#43 L1670: skill 15 rolls 12, the foe fails: he defends at −3", () => {
    expect(feint({ target: 15, roll: 12 }, { target: 14, roll: 16 })).toMatchObject({
      success: true,
      penalty: 3,
    });
  });

  it("#44 L1672: skill 15 rolls 10 (by 5), foe skill 14 rolls 12 (by 2): −3", () => {
    expect(feint({ target: 15, roll: 10 }, { target: 14, roll: 12 })).toEqual({
      success: true,
      penalty: 3,
      attackerMargin: 5,
      defenderMargin: 2,
    });
  });

  it("A13 L1668, L1672: a tie of margins fails the feint", () => {
    expect(feint({ target: 15, roll: 12 }, { target: 14, roll: 11 })).toMatchObject({
      success: false,
      penalty: 0,
    });
  });

  it("L1668: the feint fails if the attacker fails, or the foe succeeds by more", () => {
    expect(feint({ target: 12, roll: 13 }, { target: 10, roll: 15 })).toMatchObject({
      success: false,
      penalty: 0,
    });
    expect(feint({ target: 12, roll: 11 }, { target: 14, roll: 10 })).toMatchObject({
      success: false,
      penalty: 0,
    });
  });

  it("L422: 3–4 always succeed and 17–18 always fail in the contest", () => {
    expect(feint({ target: 20, roll: 17 }, { target: 8, roll: 16 }).success).toBe(false);
    expect(feint({ target: 12, roll: 9 }, { target: 20, roll: 18 })).toMatchObject({
      success: true,
      penalty: 3,
    });
    expect(feint({ target: 2, roll: 3 }, { target: 10, roll: 12 })).toMatchObject({
      success: true,
      penalty: 0,
    });
  });

  it("L1666: the foe resists with his weapon skill, or DX if he has no hand weapon or a higher DX", () => {
    expect(feintResistance(14, 12)).toBe(14);
    expect(feintResistance(10, 12)).toBe(12);
    expect(feintResistance(null, 11)).toBe(11);
  });

  it("§5.6: bad rolls are input errors", () => {
    expect(() => feint({ target: 10, roll: 1 }, { target: 10, roll: 10 })).toThrow(InputError);
  });
});
