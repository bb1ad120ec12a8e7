/**
 * The zone-die tables against seed 001 (`001:L` = line L of
 * `../shared/seeds/001_d6e2ca3bdaa51e2c.txt`) as `../shared/rules/hmzd.md` §2-§5 reconstructs
 * the OCR-damaged ones, cell by cell.
 */
import { describe, expect, it } from "vitest";
import {
  HUMAN_PLAN,
  humanPlan,
  INJURY_BANDS,
  injuryBand,
  SHOCK_INDEX,
  SHOCK_MODIFIER,
  shockState,
  STR_TABLE,
  strModifier,
} from "../../src/rules/hmzd/tables";

describe("STRENGTH IMPACT MODIFIER (001:65-72, hmzd.md §3)", () => {
  // Each printed cell: [STR, modifier, seed line].
  const cells: [number, number, number][] = [
    [1, -10, 66],
    [2, -8, 67],
    [3, -6, 68],
    [4, -4, 69],
    [5, -3, 70],
    [6, -2, 71],
    [7, -2, 71],
    [8, -1, 72],
    [9, -1, 72],
    [10, 0, 66],
    [11, 0, 66],
    [12, 1, 67],
    [13, 1, 67],
    [14, 2, 68],
    [15, 2, 68],
    [16, 3, 69],
    [17, 3, 69],
    [18, 4, 70],
    [19, 4, 70],
    [20, 5, 71],
    [21, 5, 71],
    [22, 6, 72],
    [23, 6, 72],
  ];
  it.each(cells)("STR %i gives %i (001:%i)", (str, mod) => {
    expect(strModifier(str)).toBe(mod);
  });

  it("lists the printed rows, STR 1 to 23, once each", () => {
    const covered: number[] = [];
    for (const r of STR_TABLE) for (let s = r.from; s <= r.to; s++) covered.push(s);
    expect(covered).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  });

  it("goes on +1 per two STR above 23 (001:72 '...', 001:97; hmzd.md §3)", () => {
    expect(strModifier(24)).toBe(7);
    expect(strModifier(25)).toBe(7);
    expect(strModifier(26)).toBe(8);
    expect(strModifier(27)).toBe(8);
    expect(strModifier(30)).toBe(10);
    expect(strModifier(41)).toBe(15);
  });

  it("refuses a STR below 1 or not whole", () => {
    expect(() => strModifier(0)).toThrow(/STR/);
    expect(() => strModifier(10.5)).toThrow(/STR/);
  });
});

describe("human STRIKE LOCATION table (001:34-51, hmzd.md §2)", () => {
  /** [zone, zone values, d10 from, d10 to, location, location shock, paired, seed line]. */
  const rows: [string, string, number, number, string, number, boolean, number][] = [
    ["head", "1", 1, 5, "skull", 5, false, 37],
    ["head", "1", 6, 8, "face", 4, false, 38],
    ["head", "1", 9, 10, "neck", 5, false, 39],
    ["arms", "2-3", 1, 3, "shoulder", 3, true, 40],
    ["arms", "2-3", 4, 6, "upper-arm", 1, true, 41],
    ["arms", "2-3", 7, 7, "elbow", 2, true, 42],
    ["arms", "2-3", 8, 9, "forearm", 1, true, 43],
    ["arms", "2-3", 10, 10, "hand", 2, true, 44],
    ["torso", "4-6", 1, 5, "thorax", 4, false, 45],
    ["torso", "4-6", 6, 8, "abdomen", 4, false, 46],
    ["torso", "4-6", 9, 10, "pelvis", 4, false, 47],
    ["legs", "7-10", 1, 4, "thigh", 3, true, 48],
    ["legs", "7-10", 5, 5, "knee", 2, true, 49],
    ["legs", "7-10", 6, 8, "calf", 1, true, 50],
    ["legs", "7-10", 9, 10, "foot", 2, true, 51],
  ];
  it.each(rows)(
    "%s (zone %s) d10 %i-%i is %s, location shock %i (paired %s; 001:%i)",
    (zone, values, from, to, id, shock, paired) => {
      const z = HUMAN_PLAN.zones.find((x) => x.id === zone)!;
      expect(`${z.values.from}${z.values.to === z.values.from ? "" : `-${z.values.to}`}`).toBe(
        values,
      );
      const loc = z.locations.find((l) => l.id === id)!;
      expect(loc.d10).toEqual({ from, to });
      expect(loc.shock).toBe(shock);
      expect(loc.paired).toBe(paired);
    },
  );

  it("has the fifteen locations (001:107) and nothing else", () => {
    const ids = HUMAN_PLAN.zones.flatMap((z) => z.locations.map((l) => l.id));
    expect(ids).toEqual(rows.map((r) => r[4]));
    expect(HUMAN_PLAN.zoneCount).toBe(10);
  });

  it("sides: Arms ZD 2 right, 3 left (001:23); Legs even right, odd left (hmzd.md §2 ruling)", () => {
    const arms = HUMAN_PLAN.zones.find((z) => z.id === "arms")!;
    const legs = HUMAN_PLAN.zones.find((z) => z.id === "legs")!;
    expect(arms.sides).toEqual({ by: "zone", right: [2], left: [3] });
    expect(legs.sides).toEqual({ by: "zone", right: [8, 10], left: [7, 9] });
    expect(HUMAN_PLAN.zones.find((z) => z.id === "head")!.sides).toBeNull();
    expect(HUMAN_PLAN.zones.find((z) => z.id === "torso")!.sides).toBeNull();
  });

  it("is frozen, and humanPlan() hands out a copy", () => {
    expect(Object.isFrozen(HUMAN_PLAN.zones[1]!.locations[0])).toBe(true);
    const mine = humanPlan();
    (mine.zones[0]!.locations[0] as { shock: number }).shock = 99;
    expect(HUMAN_PLAN.zones[0]!.locations[0]!.shock).toBe(5);
  });
});

describe("INJURY table (001:78-79, hmzd.md §4, Z9)", () => {
  it("lists the five bands as printed", () => {
    expect(INJURY_BANDS.map((b) => [b.min, b.code, b.symbol])).toEqual([
      [1, "M1", "square"],
      [5, "S2", "square"],
      [10, "S3", "dot"],
      [15, "G4", "dot"],
      [20, "G5", "triangle"],
    ]);
  });
  // [effective impact, code or null] at every band edge.
  const cells: [number, string | null][] = [
    [-3, null],
    [0, null],
    [1, "M1"],
    [4, "M1"],
    [5, "S2"],
    [9, "S2"],
    [10, "S3"],
    [14, "S3"],
    [15, "G4"],
    [19, "G4"],
    [20, "G5"],
    [45, "G5"],
  ];
  it.each(cells)("effective impact %i gives %s", (impact, code) => {
    const band = injuryBand(impact);
    expect(band?.code ?? null).toBe(code);
    if (band) {
      expect(band.level).toBe(Number(code![1]));
      expect(band.severity).toBe(code![0]);
    }
  });
  it("hands out copies", () => {
    const band = injuryBand(5)!;
    band.level = 9;
    expect(INJURY_BANDS[1]!.level).toBe(2);
  });
});

describe("SHOCK INDEX (001:149-155, hmzd.md §5)", () => {
  it("modifier by Shock test level: CF +2, F +1, S 0, CS −1 (001:151-152)", () => {
    expect(SHOCK_MODIFIER).toEqual({ CF: 2, F: 1, S: 0, CS: -1 });
  });
  const cells: [number, string][] = [
    [-1, "none"],
    [0, "none"],
    [6, "none"],
    [7, "STN"],
    [8, "INC"],
    [9, "UNC"],
    [10, "KIA"],
    [17, "KIA"],
  ];
  it.each(cells)("index %i is %s (001:154-155)", (index, state) => {
    expect(shockState(index)).toBe(state);
    // The printed row and the lookup agree.
    expect(SHOCK_INDEX.find((c) => index <= c.max)!.state).toBe(state);
  });
});
