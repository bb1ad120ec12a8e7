/**
 * Hit location (spec §8, §14.4; seed 004). The Parts of the Body table is compared with the §8
 * JSON block of `reference/m2m-spec.json` and the fall table with the seed's own lines, both
 * parsed at test time.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import {
  FALL_LOCATION_TABLE,
  HIT_LOCATION_TABLE,
  WEAPON_TARGET_PENALTIES,
  aimPenalty,
  canAim,
  fallCripplingRecovery,
  fallLocation,
  headMissByOne,
  hitLocationRow,
  locationFromRoll,
  unsidedLocationOfRoll,
  type BodyPart,
} from "../../src/rules/m2m/location";
import {
  DAMAGE_TYPES,
  HIT_LOCATIONS,
  type DamageType,
  type HitLocation,
} from "../../src/rules/m2m/types";
import { seedLine as readSeedLine, specJson } from "./sources";

/** Seed line `n`, or "" past the end of the seed. */
const seedLine = (n: number): string => readSeedLine(n, { orElse: "" });

interface SpecRow {
  roll: string | number | null;
  part: string;
  side?: string;
  penalty: number | string;
  penaltyIfShield?: number;
  penaltyLeftIfShield?: number;
  effect: string;
}
const SPEC_ROWS = specJson("## 8. Hit location") as SpecRow[];

/** Spec part names → table parts (the CLI contract's ids). */
const PART: Record<string, BodyPart> = {
  head: "head",
  face: "face",
  leftArm: "left-arm",
  hand: "hand",
  rightArm: "right-arm",
  body: "torso",
  vitals: "vitals",
  rightLeg: "right-leg",
  leftLeg: "left-leg",
  foot: "foot",
};

/** The totals a spec row covers ("<=2" reaches −1, the lowest 2d6 − 3). */
function specRolls(roll: SpecRow["roll"]): number[] {
  if (roll === null) return [];
  if (typeof roll === "number") return [roll];
  if (roll === "<=2") return [-1, 0, 1, 2];
  const [a, b] = roll.split("-").map(Number) as [number, number];
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/** What a spec row's part is on each side (hands and feet are sided). */
function locationsOf(part: BodyPart, side: number, shield = false): HitLocation {
  if (part !== "hand" && part !== "foot") return part as HitLocation;
  const left = side <= 3 && !(part === "hand" && shield);
  return `${left ? "left" : "right"}-${part}` as HitLocation;
}

const bodyRows = SPEC_ROWS.filter((r) => r.part !== "weapon");
const specByTotal = (total: number): SpecRow =>
  bodyRows.find((r) => specRolls(r.roll).includes(total))!;

// ── §8 ───────────────────────────────────────────────────────────────────────────────────────

describe("the Parts of the Body table (§8, L2450–2470, chart L4758–4772)", () => {
  it("§8 JSON: the data has the spec's body rows in order", () => {
    expect(HIT_LOCATION_TABLE.map((r) => r.part)).toEqual(bodyRows.map((r) => PART[r.part]));
  });

  it.each(bodyRows.map((r) => [r.part, r] as const))("L2450–2470 §8 JSON: row %s", (_, s) => {
    const row = HIT_LOCATION_TABLE.find((r) => r.part === PART[s.part])!;
    const rolls = row.rolls
      ? Array.from({ length: row.rolls.to - row.rolls.from + 1 }, (_, i) => row.rolls!.from + i)
      : [];
    expect(rolls).toEqual(specRolls(s.roll));
    expect(row.penalty).toBe(s.penalty);
    expect(row.shieldPenalty).toBe(s.penaltyIfShield ?? s.penaltyLeftIfShield);
    expect(row.sided).toBe(s.side === "roll L/R");
    // "as arm"/"as leg" repeat the arm and leg rows' crippling (HT/2).
    const cripple = /HT\/2 cripples|as (arm|leg)/.test(s.effect)
      ? "half"
      : /HT\/3 cripples/.test(s.effect)
        ? "third"
        : null;
    expect(row.cripple).toBe(cripple);
  });

  it("L2539 §8 JSON weapon row: −3 polearm, −4 other, −5 small", () => {
    const weapon = SPEC_ROWS.find((r) => r.part === "weapon")!;
    const parsed = Object.fromEntries(
      [...String(weapon.penalty).matchAll(/(-\d+) (\w+)/g)].map((m) => [m[2]!, Number(m[1])]),
    );
    expect(WEAPON_TARGET_PENALTIES).toEqual(parsed);
  });

  it.each([2457, 4761])(
    "L%i literal cells: head 2-or-less −5, shield arm 3 −4, weapon arm 5 −2 (both copies)",
    (n) => {
      expect(seedLine(n)).toMatch(/^2 or less\tHead\*\t-5\t/);
      expect(seedLine(n + 2)).toMatch(/^3\tShield \(left\) arm\t-4\t/);
      expect(seedLine(n + 5)).toMatch(/^5\tWeapon \(right\) arm\t-2\t/);
      expect(locationFromRoll(2)).toBe("head");
      expect(aimPenalty("head", { shield: false })).toBe(-5);
      expect(aimPenalty("left-arm", { shield: true })).toBe(-4);
      expect(locationFromRoll(5)).toBe("right-arm");
      expect(aimPenalty("right-arm", { shield: true })).toBe(-2);
    },
  );

  it("L2465–2466 §8: the legs are asymmetric — 9 right, 10 and 11 left", () => {
    expect([9, 10, 11].map((r) => locationFromRoll(r))).toEqual([
      "right-leg",
      "left-leg",
      "left-leg",
    ]);
  });

  it("§8: the table is deeply frozen and row lookups are copies", () => {
    expect(Object.isFrozen(HIT_LOCATION_TABLE)).toBe(true);
    expect(Object.isFrozen(HIT_LOCATION_TABLE[0]!.rolls)).toBe(true);
    const r = hitLocationRow("left-hand");
    r.penalty = 0;
    expect(hitLocationRow("left-hand").penalty).toBe(-4);
  });
});

describe("random location (§8, L2432–2438; 2d6, not 3d6 — A28)", () => {
  const sides = [1, 2, 3, 4, 5, 6];

  it.each(Array.from({ length: 11 }, (_, i) => i + 2))(
    "L2432 L2450 §8 JSON: a 2d6 roll of %i, every side roll",
    (roll) => {
      const s = specByTotal(roll);
      for (const side of sides) {
        expect(locationFromRoll(roll, { sideRoll: side }), `side ${side}`).toBe(
          locationsOf(PART[s.part]!, side),
        );
      }
    },
  );

  it.each(Array.from({ length: 11 }, (_, i) => i + 2))(
    "L2434 §8: from above, %i − 3 (2 or less is the head)",
    (roll) => {
      const s = specByTotal(roll - 3);
      for (const side of sides) {
        expect(locationFromRoll(roll, { fromAbove: true, sideRoll: side })).toBe(
          locationsOf(PART[s.part]!, side),
        );
      }
    },
  );

  it("L2434: from above, 2–5 are the head and the most likely results are head and arms", () => {
    expect([2, 3, 4, 5].map((r) => locationFromRoll(r, { fromAbove: true }))).toEqual([
      "head",
      "head",
      "head",
      "head",
    ]);
    expect(locationFromRoll(6, { fromAbove: true })).toBe("left-arm");
  });

  it("§8 ruling: the side roll is 1d6, 1–3 left and 4–6 right, for hands (4) and feet (12)", () => {
    expect([1, 3, 4, 6].map((s) => locationFromRoll(4, { sideRoll: s }))).toEqual([
      "left-hand",
      "left-hand",
      "right-hand",
      "right-hand",
    ]);
    expect([3, 4].map((s) => locationFromRoll(12, { sideRoll: s }))).toEqual([
      "left-foot",
      "right-foot",
    ]);
  });

  it("L2438 A10: a random hit never lands on the shield hand — a left hand becomes the right", () => {
    for (const side of sides) {
      expect(locationFromRoll(4, { sideRoll: side, shieldInLeftHand: true })).toBe("right-hand");
    }
    expect(locationFromRoll(12, { sideRoll: 1, shieldInLeftHand: true })).toBe("left-foot");
  });

  it("L2448 L2458 L2468: the face and the vitals are never hit at random", () => {
    const seen = new Set<HitLocation>();
    for (let roll = 2; roll <= 12; roll++) {
      for (const side of sides) {
        for (const fromAbove of [false, true])
          seen.add(locationFromRoll(roll, { sideRoll: side, fromAbove }));
      }
    }
    expect(seen.has("face") || seen.has("vitals")).toBe(false);
    expect(seen.size).toBe(HIT_LOCATIONS.length - 2);
  });

  it("§8: rolls outside 2..12, and hands or feet with no side roll, are InputErrors", () => {
    expect(() => locationFromRoll(1)).toThrow(/^roll2d6: /);
    expect(() => locationFromRoll(13)).toThrow(InputError);
    expect(() => locationFromRoll(4)).toThrow(/^sideRoll: /);
    expect(() => locationFromRoll(12, { sideRoll: 7 })).toThrow(/^sideRoll: /);
  });

  it("the exchange's shortcut (issue 17) gives locationFromRoll's location, null for a hand or foot", () => {
    for (let roll = 2; roll <= 12; roll++) {
      const sided = roll === 4 || roll === 12;
      expect(unsidedLocationOfRoll(roll), `roll ${roll}`).toBe(
        sided ? null : locationFromRoll(roll, { sideRoll: 1 }),
      );
    }
    for (const bad of [1, 13, 2.5, Number.NaN]) expect(unsidedLocationOfRoll(bad)).toBe(null);
  });
});

describe("aiming (§8, L2438, L2471–2474, L2517)", () => {
  const PENALTIES: Record<HitLocation, number> = {
    head: -5,
    face: -10,
    "left-arm": -2,
    "right-arm": -2,
    "left-hand": -4,
    "right-hand": -4,
    torso: 0,
    vitals: -3,
    "left-leg": -2,
    "right-leg": -2,
    "left-foot": -4,
    "right-foot": -4,
  };

  it.each(HIT_LOCATIONS.map((l) => [l]))("L2471–2474 §8: aiming at %s with no shield", (loc) => {
    expect(aimPenalty(loc, { shield: false })).toBe(PENALTIES[loc]);
  });

  it("L2438 §8: with a shield the left arm is −4 and the left hand −8; the right side is unchanged", () => {
    expect(aimPenalty("left-arm", { shield: true })).toBe(-4);
    expect(aimPenalty("left-hand", { shield: true })).toBe(-8);
    expect(aimPenalty("right-arm", { shield: true })).toBe(-2);
    expect(aimPenalty("right-hand", { shield: true })).toBe(-4);
    expect(aimPenalty("left-foot", { shield: true })).toBe(-4);
  });

  it("L4762 §16 L2517: the face and the vitals take impaling attacks only; elsewhere anything", () => {
    for (const type of DAMAGE_TYPES) {
      for (const loc of HIT_LOCATIONS) {
        expect(canAim(loc, type), `${type} at ${loc}`).toBe(
          loc === "face" || loc === "vitals" ? type === "imp" : true,
        );
      }
    }
    expect(aimPenalty("face", { shield: false, type: "imp" })).toBe(-10);
    expect(() => aimPenalty("vitals", { shield: false, type: "cut" })).toThrow(/^location: cut/);
    expect(() => aimPenalty("elbow" as HitLocation, { shield: false })).toThrow(/^location: /);
    // A type no table knows is refused wherever the aim (issue 17 skips canAim for the rest).
    for (const loc of ["torso", "face"] as const) {
      expect(() => aimPenalty(loc, { shield: false, type: "fire" as DamageType })).toThrow(
        /^type: expected one of cr, cut, imp/,
      );
    }
  });
});

describe("head miss-by-one (§8, L2442, A11)", () => {
  it("L2442: aimed at the head, failing by exactly 1 hits the body", () => {
    expect(headMissByOne("head", 11, 10)).toBe(true);
    expect(headMissByOne("head", 12, 10)).toBe(false);
    expect(headMissByOne("head", 10, 10)).toBe(false);
  });

  it("A11: the face counts as the head; other locations do not", () => {
    expect(headMissByOne("face", 8, 7)).toBe(true);
    expect(headMissByOne("torso", 11, 10)).toBe(false);
    expect(headMissByOne("left-hand", 11, 10)).toBe(false);
  });

  it("L422 L2586 §1.1: a 3–4 hits anyway and a 17–18 is a critical miss, never a body hit", () => {
    expect(headMissByOne("head", 4, 3)).toBe(false);
    expect(headMissByOne("head", 17, 16)).toBe(false);
    expect(headMissByOne("head", 5, 4)).toBe(true);
    expect(headMissByOne("head", 16, 15)).toBe(true);
  });
});

// ── §14.4 ────────────────────────────────────────────────────────────────────────────────────

/** The seed's fall table, L3273–3289: "2: Hit head. Knocked out. …", "9, 10: General bruises…". */
function seedFallTable(): Map<number, string> {
  const rows = new Map<number, string>();
  for (let n = 3273; n <= 3289; n++) {
    const m = /^(\d+)(?:, (\d+))?: (.+)$/.exec(seedLine(n));
    if (!m) continue;
    for (let r = Number(m[1]); r <= Number(m[2] ?? m[1]); r++) rows.set(r, m[3]!);
  }
  return rows;
}

describe("hit location from a fall (§14.4, L3269–3291)", () => {
  const seed = seedFallTable();

  it("L3273–3289: the seed lists every 2d6 total once", () => {
    expect([...seed.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 11 }, (_, i) => i + 2),
    );
    expect(FALL_LOCATION_TABLE.flatMap((r) => [r.rolls.from, r.rolls.to])).toEqual([
      2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 11, 12,
    ]);
  });

  it.each(Array.from({ length: 11 }, (_, i) => i + 2))("L3273–3289: a fall roll of %i", (roll) => {
    const text = seed.get(roll)!;
    const r = fallLocation(roll);
    const both = /^Both (arms|legs)/.exec(text);
    const one = /^(Left|Right) (arm|leg) crippled/.exec(text);
    const crippled = both
      ? [`left-${both[1]!.slice(0, -1)}`, `right-${both[1]!.slice(0, -1)}`]
      : one
        ? [`${one[1]!.toLowerCase()}-${one[2]}`]
        : [];
    expect(r.crippled).toEqual(crippled);
    expect(r.head).toBe(/^Hit head/.test(text));
    const effect = /Knocked out/.test(text)
      ? "knocked-out"
      : /Stunned/.test(text)
        ? "stunned"
        : /bruises/.test(text)
          ? "bruises"
          : "crippled";
    expect(r.effect).toBe(effect);
  });

  it("L3291: under 5 hits a fall's crippling heals in 10 minutes; otherwise an HT roll at +5", () => {
    expect(fallCripplingRecovery(4)).toEqual({ automatic: true, htBonus: 0 });
    expect(fallCripplingRecovery(5)).toEqual({ automatic: false, htBonus: 5 });
  });

  it("L3271: the fall table is 2d6 too", () => {
    expect(() => fallLocation(1)).toThrow(/^roll2d6: /);
    expect(() => fallLocation(13)).toThrow(InputError);
  });
});
