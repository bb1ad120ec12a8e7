/**
 * Damage (spec §7, §14.2; seed 004). Tables are compared with the JSON blocks (and the wound
 * multiplier matrix) of `reference/m2m-spec.json`, parsed at test time; worked examples are
 * those of spec §15.3 and §15.5.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import {
  BASIC_DAMAGE_TABLE,
  FIRE_DAMAGE,
  THROWN_OBJECT_DAMAGE,
  WOUND_MULTIPLIERS,
  applyDr,
  basicDamage,
  criticalBasic,
  fallDamage,
  fallingObjectDamage,
  fallingObjectDice,
  fireDamage,
  formatDamageExpr,
  knockbackHexes,
  lesserDamage,
  locationDr,
  maxDamage,
  parseDamageExpr,
  rollBasicDamage,
  thrownObjectDamage,
  weaponDamage,
  woundInjury,
  woundMultiplier,
} from "../../src/rules/m2m/damage";
import { HIT_LOCATIONS, type DamageExpr, type HitLocation } from "../../src/rules/m2m/types";
import { specJson, specSection } from "./sources";

const fmt = formatDamageExpr;
const expr = (text: string): DamageExpr => parseDamageExpr(text, "test");

// ── Expressions ──────────────────────────────────────────────────────────────────────────────

describe("damage expressions (L917, L4037, §0.4, §7.2)", () => {
  it.each([
    ["3", 3, 0],
    ["2+1", 2, 1],
    ["1-4", 1, -4],
    ["1+0", 1, 0],
    ["0", 0, 0],
    [" 2 - 3 ", 2, -3],
    ["1−3", 1, -3],
    ["2–1", 2, -1],
  ])("L917 §0.4: %j is %i dice %i adds", (text, dice, adds) => {
    expect(parseDamageExpr(text, "damage")).toEqual({ dice, adds });
  });

  it.each(["2d+1", "1d6", "2d", "", "abc", "+1", "2+", "1.5", "2+1+1", "-1"])(
    "L917 §7.2: %j is not the book's notation and names the field",
    (text) => {
      expect(() => parseDamageExpr(text, "attack.damage")).toThrow(InputError);
      expect(() => parseDamageExpr(text, "attack.damage")).toThrow(/^attack\.damage: /);
    },
  );

  it("§7.2: formatting is the inverse of parsing, and 1+0 formats as 1", () => {
    for (const t of ["0", "1", "1+4", "2-3", "3+2", "12-40"]) expect(fmt(expr(t))).toBe(t);
    expect(fmt({ dice: 1, adds: 0 })).toBe("1");
    expect(() => fmt({ dice: 1.5, adds: 0 })).toThrow(InputError);
  });
});

// ── §7.1 ─────────────────────────────────────────────────────────────────────────────────────

interface SpecBasicRow {
  st: number | string;
  thrust: string;
  swing: string;
}
const SPEC_BASIC = (specJson("### 7.1") as { basicDamage: SpecBasicRow[] }).basicDamage;

describe("basic damage by ST (§7.1, L927–948, chart L4550–4571)", () => {
  it("§7.1 JSON: the spec table has the 17 rows ≤4, 5..20", () => {
    expect(SPEC_BASIC.map((r) => r.st)).toEqual([
      "<=4",
      ...Array.from({ length: 16 }, (_, i) => i + 5),
    ]);
    expect(BASIC_DAMAGE_TABLE).toHaveLength(SPEC_BASIC.length);
  });

  it.each(SPEC_BASIC.map((r) => [String(r.st), r] as const))(
    "L930–946 §7.1 JSON: ST %s cell by cell",
    (_, r) => {
      const sts = r.st === "<=4" ? [0, 1, 2, 3, 4] : [r.st as number];
      for (const st of sts) {
        const d = basicDamage(st);
        expect([fmt(d.thrust), fmt(d.swing)], `ST ${st}`).toEqual([r.thrust, r.swing]);
      }
      const row = BASIC_DAMAGE_TABLE.find((x) => x.st === (r.st === "<=4" ? 4 : r.st))!;
      expect([fmt(row.thrust), fmt(row.swing)]).toEqual([r.thrust, r.swing]);
    },
  );

  it("L925 #37: ST 10 does thrust 1-2, swing 1; L4564: ST 18 does 1+2 / 3", () => {
    expect(basicDamage(10)).toEqual({ thrust: { dice: 1, adds: -2 }, swing: { dice: 1, adds: 0 } });
    expect(basicDamage(18)).toEqual({ thrust: { dice: 1, adds: 2 }, swing: { dice: 3, adds: 0 } });
  });

  /** The "obvious progression" (L948): one add more per step, +3 rolling over to next die −1. */
  const step = (e: DamageExpr): DamageExpr =>
    e.adds === 2 ? { dice: e.dice + 1, adds: -1 } : { dice: e.dice, adds: e.adds + 1 };

  it("L948 §7.1: the printed table follows the progression for swing ST 9–20 and thrust ST 11–20", () => {
    for (let st = 9; st < 20; st++)
      expect(basicDamage(st + 1).swing).toEqual(step(basicDamage(st).swing));
    for (let st = 11; st < 19; st += 2) {
      expect(basicDamage(st + 1).thrust).toEqual(basicDamage(st).thrust);
      expect(basicDamage(st + 2).thrust).toEqual(step(basicDamage(st).thrust));
    }
  });

  it("L948 §7.1: above ST 20 swing steps every ST and thrust every 2 ST (checked to ST 80)", () => {
    for (let st = 20; st < 80; st++)
      expect(basicDamage(st + 1).swing).toEqual(step(basicDamage(st).swing));
    for (let st = 19; st < 79; st += 2) {
      expect(basicDamage(st + 1).thrust).toEqual(basicDamage(st).thrust);
      expect(basicDamage(st + 2).thrust).toEqual(step(basicDamage(st).thrust));
    }
  });

  it("§7.1 extrapolation examples: thrust ST 21–22 → 2, 23–24 → 2+1; swing 21 → 4-1, 22 → 4, 24 → 4+2, 25 → 5-1", () => {
    expect([21, 22, 23, 24].map((st) => fmt(basicDamage(st).thrust))).toEqual([
      "2",
      "2",
      "2+1",
      "2+1",
    ]);
    expect([21, 22, 24, 25].map((st) => fmt(basicDamage(st).swing))).toEqual([
      "4-1",
      "4",
      "4+2",
      "5-1",
    ]);
  });

  it("§7.1: ST must be a whole number ≥ 0; the table is frozen and lookups are copies", () => {
    expect(() => basicDamage(-1)).toThrow(InputError);
    expect(() => basicDamage(10.5)).toThrow(/^st: /);
    expect(Object.isFrozen(BASIC_DAMAGE_TABLE[0]!.thrust)).toBe(true);
    const d = basicDamage(12);
    d.swing.adds = 99;
    expect(basicDamage(12).swing).toEqual({ dice: 1, adds: 2 });
  });
});

// ── §7.2 ─────────────────────────────────────────────────────────────────────────────────────

describe("weapon damage (§7.2, L972–978)", () => {
  it("L4224 §7.2: Friedrick, ST 12, axe swing+2 is 1+4, never normalised to 2+0", () => {
    expect(weaponDamage(12, "swing", 2)).toEqual({ dice: 1, adds: 4 });
  });

  it("L976 #38 C12: ST 10 hatchet (swing, L4331) is 1 by the table — the book's example says 1-2 → 1-1", () => {
    // Erratum C12: the example uses swing 1-2 and hatchet swing+1; the tables give swing 1, hatchet +0.
    expect(fmt(weaponDamage(10, "swing", 0))).toBe("1");
  });

  it("L5465 §7.2 A14: Villem (ST 13) large knife cut swing−2 = 2-3 is capped by MD 1+2 (maximum 9 > 8)", () => {
    expect(weaponDamage(13, "swing", -2, expr("1+2"))).toEqual({ dice: 1, adds: 2 });
  });

  it("L976 §7.2: an MD above one's own damage changes nothing (ST 13 large knife thrust 1 < MD 1+2)", () => {
    expect(weaponDamage(13, "thrust", 0, expr("1+2"))).toEqual({ dice: 1, adds: 0 });
  });

  it("A14: equal maxima are broken by the lower average (2-3 avg 4 beats 1+3 avg 6.5)", () => {
    expect(lesserDamage(expr("1+3"), expr("2-3"))).toEqual(expr("2-3"));
    expect(lesserDamage(expr("2-3"), expr("1+3"))).toEqual(expr("2-3"));
  });

  it("§7.2: bad base or modifier are InputErrors", () => {
    expect(() => weaponDamage(12, "stab" as "swing", 0)).toThrow(/^base: /);
    expect(() => weaponDamage(12, "swing", 0.5)).toThrow(/^mod: /);
  });
});

// ── §7.3 ─────────────────────────────────────────────────────────────────────────────────────

describe("rolling basic damage (§7.3, L917–921)", () => {
  it("L919 #34: a dagger (1-4) rolling 2 does 1 hit (edged minimum)", () => {
    expect(rollBasicDamage([2], expr("1-4"), "imp")).toEqual({ rolled: -2, basic: 1 });
    expect(rollBasicDamage([2], expr("1-4"), "cut").basic).toBe(1);
  });

  it("L921 #35: a fist (1-4) rolling 2 does 0", () => {
    expect(rollBasicDamage([2], expr("1-4"), "cr")).toEqual({ rolled: -2, basic: 0 });
  });

  it("L917 #36: 2+1 with a dice total of 7 is 8 hits", () => {
    expect(rollBasicDamage([3, 4], expr("2+1"), "cr")).toEqual({ rolled: 8, basic: 8 });
  });

  it("L1766 #27 C13: Louis, ST 12 shortsword (swing), rolls 4 → 1+2 = 6 (the book's 1+1 → 5 is ST 11)", () => {
    // Erratum C13: the example says ST 12 does 1+1; the §7.1 table gives ST 12 swing 1+2.
    const d = weaponDamage(12, "swing", 0);
    expect(fmt(d)).toBe("1+2");
    expect(rollBasicDamage([4], d, "cut").basic).toBe(6);
  });

  it("L1740 #39: a Basic critical 3 does maximum damage — 1+2 is 8", () => {
    expect(maxDamage(expr("1+2"), "cut")).toBe(8);
    expect(maxDamage(expr("1-5"), "cr")).toBe(1);
  });

  it("L2490 A3: critical ×2/×3 multiply the basic roll, adds included", () => {
    expect(criticalBasic(rollBasicDamage([4], expr("1+2"), "cut").basic, 3)).toBe(18);
  });

  it("§7.3: the dice must match the expression and be 1–6", () => {
    expect(() => rollBasicDamage([3], expr("2+1"), "cr")).toThrow(/^values: expected 2 dice/);
    expect(() => rollBasicDamage([3, 7], expr("2+1"), "cr")).toThrow(/^values\[1\]: /);
    expect(() => rollBasicDamage([3], expr("1"), "fire" as "cr")).toThrow(/^type: /);
  });
});

// ── §7.4 ─────────────────────────────────────────────────────────────────────────────────────

/** The §7.4 markdown matrix: four rows, "×n" per type, "—" where the attack is not possible. */
function specMatrix(): (number | null)[][] {
  const section = specSection("### 7.4");
  const at = section.indexOf("**Wound multiplier matrix**");
  if (at < 0) throw new Error("§7.4 has no wound multiplier matrix");
  const rows = section
    .slice(at)
    .split("\n")
    .filter((l) => l.startsWith("|") && !l.startsWith("|---") && !l.startsWith("| Location"))
    .slice(0, 4);
  return rows.map((l) =>
    l
      .split("|")
      .slice(2, 5)
      .map((c) => (c.includes("—") ? null : Number(/×([\d.]+)/.exec(c)![1]))),
  );
}

const MATRIX_ROWS: readonly (readonly HitLocation[])[] = [
  ["torso"],
  ["vitals"],
  ["head", "face"],
  [
    "left-arm",
    "right-arm",
    "left-leg",
    "right-leg",
    "left-hand",
    "right-hand",
    "left-foot",
    "right-foot",
  ],
];

describe("wounding (§7.4, L956–966, L2511–2519, L622)", () => {
  const matrix = specMatrix();

  it("§7.4: the matrix covers every location once", () => {
    expect(MATRIX_ROWS.flat().sort()).toEqual([...HIT_LOCATIONS].sort());
    expect(matrix).toHaveLength(4);
  });

  it.each(MATRIX_ROWS.flatMap((locs, i) => locs.map((l) => [l, i] as const)))(
    "L2511–2519 §7.4 matrix: %s, every type",
    (loc, i) => {
      const [cr, cut, imp] = matrix[i]!;
      // "—" (vitals, crushing/cutting): such a blow counts as a torso blow (ruling) — row 0.
      expect(WOUND_MULTIPLIERS[loc]).toEqual({
        cr: cr ?? matrix[0]![0],
        cut: cut ?? matrix[0]![1],
        imp,
      });
      expect(woundMultiplier("imp", loc)).toBe(imp);
    },
  );

  it("L2515 L2517 L2519 literal cells: head cut ×3, vitals imp ×3, foot imp ×1", () => {
    expect(woundMultiplier("cut", "head")).toBe(3);
    expect(woundMultiplier("imp", "vitals")).toBe(3);
    expect(woundMultiplier("imp", "left-foot")).toBe(1);
  });

  it("§7.4: the matrix is deeply frozen", () => {
    expect(() => {
      (WOUND_MULTIPLIERS.torso as { cr: number }).cr = 5;
    }).toThrow(TypeError);
  });

  it("L962 #30: cutting, 5 through armour → 5 + floor(2.5) = 7", () => {
    expect(woundInjury(5, "cut", "torso")).toBe(7);
  });

  it("L964 #31: impaling, 5 through armour → 10", () => {
    expect(woundInjury(5, "imp", "torso")).toBe(10);
  });

  it("L2515 §7.4: cutting to the head is 3 × penetrating (5 → 15, not floor(7.5) × 2 = 14); crushing ×2, impaling ×4", () => {
    expect(woundInjury(5, "cut", "head")).toBe(15);
    expect(woundInjury(5, "cut", "face")).toBe(15);
    expect(woundInjury(5, "cr", "head")).toBe(10);
    expect(woundInjury(5, "imp", "head")).toBe(20);
  });

  it("L2517 L2519 A5: vitals imp ×3; limbs imp ×1 and cut ×1.5", () => {
    expect(woundInjury(5, "imp", "vitals")).toBe(15);
    expect(woundInjury(5, "imp", "right-arm")).toBe(5);
    expect(woundInjury(5, "cut", "left-leg")).toBe(7);
  });

  it("L1518 L3533: a skeleton takes imp ×1 and crushing ×2 (×2 on the head, not stacked); an object no bonus", () => {
    expect(woundInjury(5, "imp", "torso", "skeleton")).toBe(5);
    expect(woundInjury(5, "cr", "torso", "skeleton")).toBe(10);
    expect(woundInjury(5, "cr", "head", "skeleton")).toBe(10);
    expect(woundInjury(5, "cut", "torso", "object")).toBe(5);
    expect(woundInjury(5, "imp", "torso", "object")).toBe(5);
  });

  it("L1768–1770 #28: basic 5, cloth DR 1, cutting → 4 penetrate → 6", () => {
    const { penetrating } = applyDr(5, { armour: 1, toughness: 0, skull: false });
    expect(penetrating).toBe(4);
    expect(woundInjury(penetrating, "cut", "torso")).toBe(6);
  });

  it("L1114 #32: a DR 6 breastplate lets 2 of 8 through", () => {
    expect(applyDr(8, { armour: 6, toughness: 0, skull: false })).toEqual({
      dr: 6,
      penetrating: 2,
    });
  });

  it("L1844 #33: 2 dice roll 8 against DR 3, cutting → 5 → 7", () => {
    const { basic } = rollBasicDamage([4, 4], expr("2"), "cut");
    const { penetrating } = applyDr(basic, { armour: 3, toughness: 0, skull: false });
    expect([penetrating, woundInjury(penetrating, "cut", "torso")]).toEqual([5, 7]);
  });

  it("L622 L2470 §7.4: Toughness and the skull's DR 1 add to armour; damage never goes below 0 (L919)", () => {
    expect(applyDr(5, { armour: 2, toughness: 1, skull: true })).toEqual({ dr: 4, penetrating: 1 });
    expect(applyDr(2, { armour: 6, toughness: 0, skull: false })).toEqual({
      dr: 6,
      penetrating: 0,
    });
  });

  it("L2493 A4: bypassing armour keeps Toughness and the skull", () => {
    expect(applyDr(5, { armour: 6, toughness: 1, skull: true }, { bypassArmour: true })).toEqual({
      dr: 2,
      penetrating: 3,
    });
  });

  it("L2458 A6: armour does not protect the face, the skull does; the head has both", () => {
    expect(locationDr("face", 4, 1)).toEqual({ armour: 0, toughness: 1, skull: true });
    expect(locationDr("head", 4, 1)).toEqual({ armour: 4, toughness: 1, skull: true });
    expect(locationDr("torso", 4, 1)).toEqual({ armour: 4, toughness: 1, skull: false });
  });

  it("§7.4: negative DR or a fractional basic are InputErrors", () => {
    expect(() => applyDr(5, { armour: -1, toughness: 0, skull: false })).toThrow(/^dr\.armour: /);
    expect(() => applyDr(2.5, { armour: 0, toughness: 0, skull: false })).toThrow(/^basic: /);
    expect(() => woundInjury(-1, "cut", "torso")).toThrow(/^penetrating: /);
  });
});

// ── §7.5 ─────────────────────────────────────────────────────────────────────────────────────

describe("knockback (§7.5, L2250–2254)", () => {
  it.each([
    [7, "cr", 0],
    [8, "cr", 1],
    [15, "cut", 1],
    [16, "cut", 2],
    [24, "cr", 3],
    [16, "imp", 0],
    [-3, "cr", 0],
  ] as const)("L2252: %i rolled %s → %i hexes (full 8s, before DR)", (rolled, type, hexes) => {
    expect(knockbackHexes(rolled, type)).toBe(hexes);
  });
});

// ── §7.6 ─────────────────────────────────────────────────────────────────────────────────────

describe("other damage sources (§7.6)", () => {
  it("L3243 #56: a 5-yard fall is 5-10, onto something soft 5-15", () => {
    expect(fmt(fallDamage(5))).toBe("5-10");
    expect(fmt(fallDamage(5, { soft: true }))).toBe("5-15");
  });

  it("L3235–3239: 1–2 yards (1-4)/yd, 3–4 yards (1-3)/yd, 5+ (1-2)/yd", () => {
    expect([1, 2, 3, 4, 6].map((y) => fmt(fallDamage(y)))).toEqual([
      "1-4",
      "2-8",
      "3-9",
      "4-12",
      "6-12",
    ]);
    expect(fallDamage(0)).toEqual({ dice: 0, adds: 0 });
  });

  it("L3241: deep water does nothing up to 20 yards, then 1 die", () => {
    expect(fallDamage(20, { water: true })).toEqual({ dice: 0, adds: 0 });
    expect(fallDamage(21, { water: true })).toEqual({ dice: 1, adds: 0 });
  });

  it("L3217: part of a turn in fire is 1-3, a whole turn 1-1", () => {
    expect([fmt(FIRE_DAMAGE.partTurn), fmt(FIRE_DAMAGE.wholeTurn)]).toEqual(["1-3", "1-1"]);
  });

  it("L3219 #57: heavy leather (DR 2) protects fully for 2 turns, then stops 2 a turn", () => {
    expect([fireDamage(5, 2, 1), fireDamage(5, 2, 2), fireDamage(5, 2, 3)]).toEqual([0, 0, 3]);
    expect(fireDamage(1, 2, 3)).toBe(0);
  });

  it("L3423 #59: 20 lb falling 30 yd → 6 dice; 43 lb falling 39 yd → 16 dice", () => {
    expect(fallingObjectDice(20, 30)).toEqual({ dice: 6, divisor: 1 });
    expect(fallingObjectDice(43, 39)).toEqual({ dice: 16, divisor: 1 });
  });

  it("L3427 #60: 4 lb falling 29 yd → half of 3 dice (roll 3, halve, round down)", () => {
    const f = fallingObjectDice(4, 29);
    expect(f).toEqual({ dice: 3, divisor: 2 });
    expect(fallingObjectDamage([6, 6, 5], f)).toBe(8);
  });

  it("L3429: under 5 lb and under 5 yd → ¼ die: zero unless the die shows 4+", () => {
    const f = fallingObjectDice(2, 3);
    expect(f).toEqual({ dice: 1, divisor: 4 });
    expect([1, 2, 3, 4, 5, 6].map((v) => fallingObjectDamage([v], f))).toEqual([0, 0, 0, 1, 1, 1]);
  });

  it("L3425 L3431: over 200 yards counts as 200; tipped over uses 10 yards, halved", () => {
    expect(fallingObjectDice(10, 500)).toEqual({ dice: 20, divisor: 1 });
    expect(fallingObjectDice(100, 0, { tippedOver: true })).toEqual({ dice: 10, divisor: 2 });
  });
});

// ── §14.2 ────────────────────────────────────────────────────────────────────────────────────

type SpecThrown = Record<string, Record<string, string | null>>;
const SPEC_THROWN = (specJson("### 14.2") as { thrownObjectDamage: SpecThrown }).thrownObjectDamage;
const range = (s: string): [number, number] => {
  const m = /^([\d.]+)(?:-([\d.]+)|\+)$/.exec(s)!;
  // "100+" is "over 100 lbs." (L3487): the first weight in it is taken as 100.1.
  return m[2] === undefined ? [Number(m[1]) + 0.1, Infinity] : [Number(m[1]), Number(m[2])];
};

describe("damage from thrown objects (§14.2, L3483–3495, chart L4732–4742)", () => {
  it("§14.2 JSON: 8 ST rows of 4 weight columns, as in the data", () => {
    expect(Object.keys(SPEC_THROWN)).toHaveLength(8);
    expect(THROWN_OBJECT_DAMAGE).toHaveLength(8);
  });

  it.each(Object.entries(SPEC_THROWN))(
    "L3487–3495 §14.2 JSON: ST %s, every column",
    (stRange, cols) => {
      const [lo, hi] = range(stRange);
      for (let st = lo; st <= hi; st++) {
        for (const [w, cell] of Object.entries(cols)) {
          const [from, to] = range(w);
          for (const weight of [from, Number.isFinite(to) ? to : from + 50]) {
            if (weight > 25 * st) continue; // too heavy to throw (L3477)
            const got = thrownObjectDamage(st, weight);
            expect(got === null ? null : fmt(got), `ST ${st}, ${weight} lb`).toBe(cell);
          }
        }
      }
    },
  );

  it("L3491 L3495 literal cells: ST 12, 2 lb → 1-2; ST 20, 150 lb → 2; ST 5–6 over 100 lb → —", () => {
    expect(fmt(thrownObjectDamage(12, 2)!)).toBe("1-2");
    expect(fmt(thrownObjectDamage(20, 150)!)).toBe("2");
    expect(SPEC_THROWN["5-6"]!["100+"]).toBeNull();
  });

  it("L3477: nothing over 25 × ST can be thrown; rulings: ST ≤ 4 → 0, ST > 20 → the 19–20 row", () => {
    expect(() => thrownObjectDamage(10, 251)).toThrow(/^weightLb: over 25 × ST 10/);
    expect(thrownObjectDamage(4, 2)).toEqual({ dice: 0, adds: 0 });
    expect(thrownObjectDamage(25, 60)).toEqual(thrownObjectDamage(20, 60));
  });
});
