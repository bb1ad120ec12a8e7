/**
 * Ranged combat (spec §12, seed 004 L1848–1912, L2823–3102). Tables the spec gives as JSON or
 * as a markdown table are parsed out of `reference/m2m-spec.json` at test time and compared
 * with the data of `src/rules/m2m/ranged.ts`; the worked examples of §15.4 #50–#53 are replayed.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import { modifierTotal } from "../../src/core/modifiers";
import {
  COVER_SITUATIONS,
  COVER_TABLE,
  OPPORTUNITY_FIRE,
  afterSuccessfulDefence,
  aimModifiers,
  coverModifiers,
  coverRow,
  effectiveRange,
  fastDrawArrow,
  inTheWay,
  lineOfFireModifiers,
  oilFlaskStrike,
  opportunityFireModifiers,
  opportunityFirePenalty,
  popUpModifiers,
  rangeModifiers,
  reloadSeconds,
  scatter,
  shootingBlindModifier,
  thrownObjectSkill,
  wrongTargetSkill,
  type RangeResult,
  type RangeWeapon,
} from "../../src/rules/m2m/ranged";
import { specJson, specTable } from "./sources";

/** The first signed number in a table cell ("−4 per human-sized figure" → −4). */
function cellNumber(cell: string): number {
  const m = /[−-]?\d+(?:\.\d+)?/.exec(cell);
  if (!m) throw new Error(`No number in cell "${cell}".`);
  return Number(m[0].replace("−", "-"));
}

const total = (r: RangeResult) => modifierTotal(r.modifiers);

// Thrown axe (§3.2 L4398, L2919, L2928): PB 2, increment 2; ranges for ST 12.
const AXE: RangeWeapon = {
  pointBlank: 2,
  increment: 2,
  halfDamage: 12,
  max: 18,
  missile: false,
  thrown: true,
};
// Longbow ST 12 (§3.2 L4382, L2930): PB 5, increment ST, ½D ST×15, max ST×20.
const LONGBOW: RangeWeapon = {
  pointBlank: 5,
  increment: 12,
  halfDamage: 180,
  max: 240,
  missile: true,
  thrown: false,
};

// ── Aim ──────────────────────────────────────────────────────────────────────────────────────

describe("aim (§12.2)", () => {
  it("L1642, L2829, L2889 §12.2: no aim is a snap shot at −4; one turn of aim gives normal skill", () => {
    expect(aimModifiers({ aimTurns: 0 })).toEqual([
      expect.objectContaining({ key: "snapShot", value: -4 }),
    ]);
    expect(aimModifiers({ aimTurns: 1 })).toEqual([]);
  });

  it("L2047, L2889 §12.2: +1 per further turn of aim, at most +3", () => {
    const bonus = [2, 3, 4, 5, 8].map((t) => modifierTotal(aimModifiers({ aimTurns: t })));
    expect(bonus).toEqual([1, 2, 3, 3, 3]);
  });

  it("L2051, L2893 §12.2: bracing adds +1 once aimed, never to a snap shot", () => {
    expect(modifierTotal(aimModifiers({ aimTurns: 1, braced: true }))).toBe(1);
    expect(modifierTotal(aimModifiers({ aimTurns: 4, braced: true }))).toBe(4);
    expect(modifierTotal(aimModifiers({ aimTurns: 0, braced: true }))).toBe(-4);
  });

  it("L2763, L2879 §12.2: a forced snap shot loses the aim", () => {
    expect(modifierTotal(aimModifiers({ aimTurns: 3, braced: true, snap: true }))).toBe(-4);
  });

  it("L2891 §12.2: a turn of aim removes the −2 for bad footing or an obstructed hex", () => {
    expect(modifierTotal(aimModifiers({ aimTurns: 0, badFooting: true }))).toBe(-6);
    expect(modifierTotal(aimModifiers({ aimTurns: 1, badFooting: true }))).toBe(0);
  });

  it("§12.2: turns of aim must be a whole number ≥ 0", () => {
    expect(() => aimModifiers({ aimTurns: -1 })).toThrow(InputError);
    expect(() => aimModifiers({ aimTurns: 1.5 })).toThrow(
      "aimTurns: expected a whole number, got 1.5",
    );
  });
});

// ── Range ────────────────────────────────────────────────────────────────────────────────────

describe("range (§12.3)", () => {
  it("L2928 §15.4 #50: thrown axe, Axe Throwing 10 — ≤2 yd 14, 3 yd 9, 8 yd 6", () => {
    const skill = (d: number) => 10 + total(rangeModifiers(d, AXE, { aimTurns: 1 }));
    expect([0, 1, 2].map(skill)).toEqual([14, 14, 14]);
    expect(skill(3)).toBe(9);
    expect(skill(8)).toBe(6);
  });

  it("L2909 §12.3: the penalty counts increments from zero, not from point blank (axe 4, 5, 6, 7 yd)", () => {
    expect([4, 5, 6, 7].map((d) => total(rangeModifiers(d, AXE, { aimTurns: 1 })))).toEqual([
      -2, -2, -3, -3,
    ]);
  });

  it("L2930–2932 §15.4 #51: longbow ST 12, skill 15, 200 yd — −16 and half damage (200 > 180)", () => {
    const r = rangeModifiers(200, LONGBOW, { aimTurns: 1 });
    expect(r.modifiers).toEqual([expect.objectContaining({ key: "range", value: -16 })]);
    expect(15 + total(r)).toBe(-1);
    expect(r.halfDamage).toBe(true);
    expect(r.outOfRange).toBe(false);
    expect(r.pointBlankDamageBonus).toBe(0);
  });

  it("L2911, §17 A12: half damage from exactly the half-damage range on", () => {
    expect(rangeModifiers(179, LONGBOW).halfDamage).toBe(false);
    expect(rangeModifiers(180, LONGBOW).halfDamage).toBe(true);
  });

  it("L2913 §12.3: no attack beyond maximum range", () => {
    expect(rangeModifiers(240, LONGBOW).outOfRange).toBe(false);
    expect(rangeModifiers(241, LONGBOW).outOfRange).toBe(true);
  });

  it("L2907 §12.3: point blank +4 and, for a missile weapon only, +1 damage", () => {
    const bow = rangeModifiers(5, LONGBOW, { aimTurns: 1 });
    expect(bow.modifiers).toEqual([expect.objectContaining({ key: "pointBlank", value: 4 })]);
    expect(bow.pointBlankDamageBonus).toBe(1);
    expect(rangeModifiers(2, AXE, { aimTurns: 1 }).pointBlankDamageBonus).toBe(0);
    expect(rangeModifiers(6, LONGBOW, { aimTurns: 1 }).pointBlankDamageBonus).toBe(0);
  });

  it("L2907 §12.3: no point-blank bonus with a default thrown-weapon skill (a missile keeps it)", () => {
    expect(total(rangeModifiers(2, AXE, { aimTurns: 1, defaultSkill: true }))).toBe(0);
    expect(total(rangeModifiers(8, AXE, { aimTurns: 1, defaultSkill: true }))).toBe(-4);
    expect(total(rangeModifiers(3, LONGBOW, { aimTurns: 1, defaultSkill: true }))).toBe(4);
  });

  it("L1642, L2907 §12.3: a snap shot at point blank nets 0; aim stacks with range", () => {
    expect(total(rangeModifiers(1, LONGBOW))).toBe(0);
    expect(total(rangeModifiers(24, LONGBOW, { aimTurns: 4, braced: true }))).toBe(-2 + 3 + 1);
  });

  it("L4404 §3.2: a weapon with no half-damage range never halves", () => {
    const flask: RangeWeapon = {
      pointBlank: 3,
      increment: 5,
      halfDamage: null,
      max: 35,
      missile: false,
      thrown: true,
    };
    expect(rangeModifiers(30, flask).halfDamage).toBe(false);
  });

  it("§12.3: a fractional increment (short bow ST 11: 5.5) floors without floating-point slips", () => {
    const shortBow: RangeWeapon = {
      pointBlank: 5,
      increment: 5.5,
      halfDamage: 110,
      max: 165,
      missile: true,
      thrown: false,
    };
    expect(total(rangeModifiers(11, shortBow, { aimTurns: 1 }))).toBe(-2);
    const tiny: RangeWeapon = {
      pointBlank: 0,
      increment: 0.2,
      halfDamage: 10,
      max: 10,
      missile: true,
      thrown: false,
    };
    expect(total(rangeModifiers(0.6, tiny, { aimTurns: 1 }))).toBe(-3);
  });

  it("§12.3: bad input is refused with the field named", () => {
    expect(() => rangeModifiers(-1, AXE)).toThrow("distanceYd: must be at least 0, got -1");
    expect(() => rangeModifiers(3, { ...AXE, increment: 0 })).toThrow(InputError);
    expect(() => rangeModifiers(3, { ...AXE, missile: true })).toThrow(InputError);
  });
});

describe("firing up and down (§12.3, L2934–2942)", () => {
  it("L2938–2940 §15.4 #52: 40 yd away, 10 yd above → 35 yd", () => {
    expect(effectiveRange(40, 10)).toBe(35);
  });

  it("L2942 §15.4 #53: 40 yd away, 10 yd below → 50 yd", () => {
    expect(effectiveRange(40, -10)).toBe(50);
  });

  it("L2938–2940 §12.3: never below half the ground distance; 1 yd per full 2 yd of height", () => {
    expect(effectiveRange(40, 60)).toBe(20);
    expect(effectiveRange(40, 11)).toBe(35);
    expect(effectiveRange(40, 0)).toBe(40);
  });
});

// ── Arc of vision, pop-up ────────────────────────────────────────────────────────────────────

describe("shooting blind and pop-up attacks (§12.4, §12.7)", () => {
  it("L2871 §12.4: shooting blind is −10 or a maximum roll of 9, whichever is worse", () => {
    expect(shootingBlindModifier(15).value).toBe(-10);
    expect(shootingBlindModifier(19).value).toBe(-10);
    expect(shootingBlindModifier(20).value).toBe(-11);
    expect(25 + shootingBlindModifier(25).value).toBe(9);
  });

  it("L2879 §12.7: a pop-up attack is −6 in all (snap −4 and −2)", () => {
    expect(modifierTotal(popUpModifiers())).toBe(-6);
    expect(popUpModifiers().map((m) => m.key)).toEqual(["snapShot", "popUp"]);
  });
});

// ── Cover ────────────────────────────────────────────────────────────────────────────────────

describe("cover and target posture (§12.5)", () => {
  it("§12.5 table, cell by cell, against the spec", () => {
    const rows = specTable("### 12.5", { end: "any-heading" });
    expect(rows).toHaveLength(COVER_SITUATIONS.length);
    rows.forEach((row, i) => {
      const situation = COVER_SITUATIONS[i]!;
      expect(COVER_TABLE[situation].toHit, `${row[0]}`).toBe(cellNumber(row[1]!));
      expect(COVER_TABLE[situation].perFigure, `${row[0]}`).toBe(/per/.test(row[1]!));
    });
  });

  it("L2948–2966 §12.5: literal rows from the seed", () => {
    expect(coverRow("head-only")).toEqual({ toHit: -5, perFigure: false, line: 2948 });
    expect(coverRow("body-half-exposed").toHit).toBe(-3);
    expect(coverRow("prone-minimal-cover-head-down").toHit).toBe(-7);
    expect(coverRow("crouching-or-kneeling").toHit).toBe(-2);
  });

  it("L2956 §12.5: −4 for each human-sized figure in the way", () => {
    expect(modifierTotal(coverModifiers("behind-someone", { figures: 2 }))).toBe(-8);
    expect(modifierTotal(coverModifiers("behind-someone"))).toBe(-4);
    expect(modifierTotal(coverModifiers("none"))).toBe(0);
  });

  it("L3006 §12.5: cover and an aimed location do not add for the same exposure", () => {
    expect(coverModifiers("head-only", { locationPenalty: -5 })).toEqual([]);
    expect(
      modifierTotal(coverModifiers("prone-minimal-cover-head-down", { locationPenalty: -5 })),
    ).toBe(-2);
    expect(modifierTotal(coverModifiers("head-only", { locationPenalty: 0 }))).toBe(-5);
  });

  it("§12.5: lookups return copies; the table is frozen", () => {
    const row = coverRow("prone") as { toHit: number };
    row.toHit = 99;
    expect(COVER_TABLE.prone.toHit).toBe(-4);
    expect(Object.isFrozen(COVER_TABLE) && Object.isFrozen(COVER_TABLE.prone)).toBe(true);
    expect(() => coverModifiers("trench" as never)).toThrow(InputError);
  });
});

// ── Opportunity fire ─────────────────────────────────────────────────────────────────────────

describe("opportunity fire (§12.6)", () => {
  it("L3016–3024 §12.6: penalty by hexes watched, snap shot included", () => {
    const got = [1, 2, 3, 4, 5, 6, 7, 10, 11, 40].map(opportunityFirePenalty);
    expect(got).toEqual([-4, -4, -5, -5, -6, -6, -7, -7, -8, -8]);
    expect(OPPORTUNITY_FIRE.map((b) => b.line)).toEqual([3016, 3018, 3020, 3022, 3024]);
  });

  it("L3026 §12.6: watching a line is −5", () => {
    expect(opportunityFirePenalty("line")).toBe(-5);
    expect(modifierTotal(opportunityFireModifiers("line"))).toBe(-5);
  });

  it("L3034–3036 §12.6: watching one hex, waiting turns count as aim; watching more, no aim", () => {
    expect(modifierTotal(opportunityFireModifiers(1))).toBe(-4);
    expect(modifierTotal(opportunityFireModifiers(1, { aimTurns: 1 }))).toBe(0);
    expect(modifierTotal(opportunityFireModifiers(1, { aimTurns: 3, braced: true }))).toBe(3);
    expect(modifierTotal(opportunityFireModifiers(5, { aimTurns: 3 }))).toBe(-6);
  });

  it("L3026 §12.6: range penalties apply as well", () => {
    const r = rangeModifiers(24, LONGBOW, { opportunityFire: 3 });
    expect(total(r)).toBe(-5 - 2);
  });
});

// ── Line of fire ─────────────────────────────────────────────────────────────────────────────

describe("line of fire, wrong target, overshooting, scatter (§12.7)", () => {
  it("L3070 §12.7: −4 for each figure in the way", () => {
    expect(modifierTotal(lineOfFireModifiers(3))).toBe(-12);
    expect(lineOfFireModifiers(0)).toEqual([]);
  });

  it("L3074 §12.7: prone figures are in the way only for a prone shooter; kneeling ones if shooter or target kneels", () => {
    expect(inTheWay("standing", "standing", "standing", "penalty")).toBe(true);
    expect(inTheWay("ground", "standing", "ground", "penalty")).toBe(false);
    expect(inTheWay("ground", "ground", "standing", "penalty")).toBe(true);
    expect(inTheWay("low", "standing", "standing", "penalty")).toBe(false);
    expect(inTheWay("low", "standing", "low", "penalty")).toBe(true);
    expect(inTheWay("low", "low", "standing", "penalty")).toBe(true);
  });

  it("L3082 §12.7: for a wrong-target check, low figures count at the shooter's level or on a critical miss", () => {
    expect(inTheWay("low", "standing", "low", "wrong-target")).toBe(false);
    expect(inTheWay("low", "low", "standing", "wrong-target")).toBe(true);
    expect(inTheWay("ground", "standing", "standing", "wrong-target", true)).toBe(true);
  });

  it("L3084 §12.7: a stray shot hits at a flat 9 or the deliberate roll, whichever is worse", () => {
    expect(wrongTargetSkill(14)).toBe(9);
    expect(wrongTargetSkill(6)).toBe(6);
  });

  it("L3090–3094 §12.7: a dodged missile overshoots; a blocked or parried one falls", () => {
    expect(afterSuccessfulDefence("dodge")).toBe("overshoots");
    expect(afterSuccessfulDefence("block")).toBe("falls");
    expect(afterSuccessfulDefence("parry")).toBe("falls");
    expect(() => afterSuccessfulDefence("none" as never)).toThrow(InputError);
  });

  it("L3100–3102 §12.7: a lobbed miss lands (missed by + 1d) yards away in direction 1d6", () => {
    expect(scatter(3, 4, 2)).toEqual({ yards: 7, direction: 2 });
    expect(() => scatter(3, 7, 1)).toThrow(InputError);
  });
});

// ── Thrown objects ───────────────────────────────────────────────────────────────────────────

describe("thrown objects (§12.1, §17 C11)", () => {
  it("L1856, L2845 §12.1: a rock or flask uses DX or Throwing", () => {
    expect(thrownObjectSkill(12, undefined, "weapon-like")).toEqual({ skill: 12, basis: "dx" });
    expect(thrownObjectSkill(12, 14, "weapon-like")).toEqual({ skill: 14, basis: "throwing" });
  });

  it("L3461 §12.1: any object at a specific target uses DX−3 or Throwing; lobbing uses DX", () => {
    expect(thrownObjectSkill(12, undefined, "specific-target").skill).toBe(9);
    expect(thrownObjectSkill(12, 10, "specific-target")).toEqual({ skill: 10, basis: "throwing" });
    expect(thrownObjectSkill(12, undefined, "lob").skill).toBe(12);
  });
});

// ── Reloading ────────────────────────────────────────────────────────────────────────────────

describe("reloading (§12.8, §3.2)", () => {
  const groups = specJson("### 3.2", { end: "any-heading" }) as {
    skill: string;
    readyTurns?: number | string;
  }[];
  const ready = (skill: string) => groups.find((g) => g.skill === skill)?.readyTurns;

  it("§3.2 JSON, L1630–1632: bow and sling reload in the spec's readyTurns (2)", () => {
    expect(reloadSeconds("bow")).toBe(ready("Bow"));
    expect(reloadSeconds("sling")).toBe(ready("Sling"));
  });

  it("§3.2 JSON, L2853: crossbow '4 (8 if bow ST > user ST)'", () => {
    const [base, heavy] = String(ready("Crossbow")).match(/\d+/g)!.map(Number);
    expect(reloadSeconds("crossbow", { bowSt: 12, userSt: 12 })).toBe(base);
    expect(reloadSeconds("crossbow", { bowSt: 14, userSt: 12 })).toBe(heavy);
  });

  it("L2853–2855 §3.2: goat's foot at +3/+4 (20 s + 2), unusable beyond +4; weaker bows as own ST", () => {
    expect(reloadSeconds("prodd", { bowSt: 15, userSt: 12 })).toBe(22);
    expect(reloadSeconds("crossbow", { bowSt: 16, userSt: 12 })).toBe(22);
    expect(reloadSeconds("crossbow", { bowSt: 17, userSt: 12 })).toBeNull();
    expect(reloadSeconds("crossbow", { bowSt: 9, userSt: 12 })).toBe(4);
    expect(() => reloadSeconds("crossbow")).toThrow("bowSt: expected a whole number, got nothing");
  });

  it("L2865 §12.8: Fast-Draw (Arrow) saves a second for arrows and bolts, not stones or pellets", () => {
    expect(reloadSeconds("bow", { fastDraw: true })).toBe(1);
    expect(reloadSeconds("crossbow", { bowSt: 10, userSt: 10, fastDraw: true })).toBe(3);
    expect(reloadSeconds("sling", { fastDraw: true })).toBe(2);
    expect(reloadSeconds("prodd", { bowSt: 10, userSt: 10, fastDraw: true })).toBe(4);
  });

  it("L2867 §12.8: a failed Fast-Draw drops the arrow; 17–18 drops the quiver", () => {
    expect(fastDrawArrow(12, 12)).toBe("ready");
    expect(fastDrawArrow(13, 12)).toBe("dropped-arrow");
    expect(fastDrawArrow(17, 20)).toBe("dropped-quiver");
    expect(fastDrawArrow(4, 2)).toBe("ready");
  });
});

// ── Oil flask ────────────────────────────────────────────────────────────────────────────────

describe("oil flask (§12.7, L3042–3064)", () => {
  it("L3052 §12.7: on the floor it breaks and ignites on 5 in 6", () => {
    expect(oilFlaskStrike("floor", { igniteDie: 5 }).ignites).toBe(true);
    expect(oilFlaskStrike("floor", { igniteDie: 6 }).ignites).toBe(false);
  });

  it("L3056 §12.7: on plate it always breaks; on a shield or body it ignites on 4 in 6", () => {
    expect(oilFlaskStrike("body", { plate: true, igniteDie: 4 })).toEqual({
      breaksOn: "body",
      bounced: false,
      ignites: true,
    });
    expect(oilFlaskStrike("shield", { igniteDie: 5 }).ignites).toBe(false);
  });

  it("L3056 §12.7: otherwise it bounces half the time and breaks on the floor", () => {
    expect(oilFlaskStrike("body", { bounceDie: 3, igniteDie: 5 })).toEqual({
      breaksOn: "floor",
      bounced: true,
      ignites: true,
    });
    expect(oilFlaskStrike("body", { bounceDie: 4, igniteDie: 5 })).toEqual({
      breaksOn: "body",
      bounced: false,
      ignites: false,
    });
    expect(() => oilFlaskStrike("body", { igniteDie: 1 })).toThrow(InputError);
  });
});
