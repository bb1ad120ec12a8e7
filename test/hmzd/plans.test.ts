/**
 * The creature plans made for hmzd (`src/rules/hmzd/plans.ts`; ruling Z14 of hmzd.md §8 and the
 * project's Z24): a dog of 6 zones and a horse of 12 (001:61). Every zone value 1..N lands in
 * exactly one zone, every d10 (1..10; the die's 0 reads 10) in exactly one location of it;
 * sides even right and odd left; the location shock values and the locations are checked cell
 * by cell against the design written out here (Z24), not read from the plans.
 */
import { describe, expect, it } from "vitest";
import type { HmzdPlan } from "../../src/rules/hmzd/types";
import { coreBodyPlan, validatePlan } from "../../src/rules/hmzd/plan";
import { CREATURE_PLANS, DOG_PLAN, HORSE_PLAN } from "../../src/rules/hmzd/plans";

/** zone value → d10 → `location` or `side-location`, as the design says (Z24). */
function grid(plan: HmzdPlan): string[][] {
  const rows: string[][] = [];
  for (let z = 1; z <= plan.zoneCount; z++) {
    const zones = plan.zones.filter((zone) => z >= zone.values.from && z <= zone.values.to);
    expect(zones, `zone value ${z}`).toHaveLength(1);
    const zone = zones[0]!;
    const row: string[] = [];
    for (let d = 1; d <= 10; d++) {
      const locs = zone.locations.filter((l) => d >= l.d10.from && d <= l.d10.to);
      expect(locs, `zone ${z} d10 ${d}`).toHaveLength(1);
      const l = locs[0]!;
      let side: string | null = null;
      if (zone.sides) {
        const v = zone.sides.by === "zone" ? z : d;
        const right = zone.sides.right.includes(v);
        const left = zone.sides.left.includes(v);
        expect(right && left, `zone ${z} d10 ${d}: both sides`).toBe(false);
        side = right ? "right" : left ? "left" : null;
      }
      // A paired location always gets a side; an unpaired one never (its id is bare).
      if (l.paired) expect(side, `zone ${z} d10 ${d}: ${l.id} needs a side`).not.toBeNull();
      row.push(l.paired && side ? `${side}-${l.id}` : l.id);
    }
    rows.push(row);
  }
  return rows;
}

const ten = (id: string) => Array<string>(10).fill(id);
const span = (...parts: [string, number][]) =>
  parts.flatMap(([id, n]) => Array<string>(n).fill(id));
const alternating = (id: string) =>
  Array.from({ length: 10 }, (_, i) => `${(i + 1) % 2 === 0 ? "right" : "left"}-${id}`);

describe("Z14/Z24: the dog, six zones", () => {
  it("every zone value and d10 lands on the designed location and side", () => {
    expect(DOG_PLAN.zoneCount).toBe(6);
    expect(grid(DOG_PLAN)).toEqual([
      span(["head", 6], ["neck", 4]), // 1 head
      ten("right-foreleg"), // 2 forelegs, right (even)
      ten("left-foreleg"), // 3 forelegs, left (odd)
      ten("body"), // 4 body
      ten("body"), // 5 body
      alternating("hindleg"), // 6 hind legs, side by the d10
    ]);
  });

  it("location shock: head 5, neck 5, body 4, legs 2", () => {
    const shock = Object.fromEntries(
      DOG_PLAN.zones.flatMap((z) => z.locations.map((l) => [l.id, l.shock])),
    );
    expect(shock).toEqual({ head: 5, neck: 5, foreleg: 2, body: 4, hindleg: 2 });
  });

  it("zones hold one region each, as the human zones do (Z8)", () => {
    expect(DOG_PLAN.zones.map((z) => [z.id, z.region])).toEqual([
      ["head", "head"],
      ["forelegs", "leg"],
      ["body", "torso"],
      ["hindlegs", "leg"],
    ]);
  });
});

describe("Z14/Z24: the horse, twelve zones", () => {
  it("every zone value and d10 lands on the designed location and side", () => {
    expect(HORSE_PLAN.zoneCount).toBe(12);
    expect(grid(HORSE_PLAN)).toEqual([
      ten("head"), // 1
      ten("neck"), // 2
      ten("neck"), // 3
      ten("forequarter"), // 4
      ten("left-foreleg"), // 5 odd: left
      ten("right-foreleg"), // 6 even: right
      ten("barrel"), // 7
      ten("barrel"), // 8
      ten("hindquarter"), // 9
      ten("hindquarter"), // 10
      ten("left-hindleg"), // 11
      ten("right-hindleg"), // 12
    ]);
  });

  it("location shock: head 5, neck 4, forequarter and barrel 4, hindquarter 3, legs 2", () => {
    const shock = Object.fromEntries(
      HORSE_PLAN.zones.flatMap((z) => z.locations.map((l) => [l.id, l.shock])),
    );
    expect(shock).toEqual({
      head: 5,
      neck: 4,
      forequarter: 4,
      foreleg: 2,
      barrel: 4,
      hindquarter: 3,
      hindleg: 2,
    });
  });
});

describe("Z24: consistent with the HM3 creature plans and the human zone plan", () => {
  // The HM3 plans of packs/_source/hm3-body-plans (scripts/pack-actors.ts), tail left out.
  const HM3_DOG = { head: false, neck: false, foreleg: true, body: false, hindleg: true };
  const HM3_HORSE = {
    head: false,
    neck: false,
    forequarter: false,
    barrel: false,
    hindquarter: false,
    foreleg: true,
    hindleg: true,
  };

  it.each([
    ["dog", DOG_PLAN, HM3_DOG],
    ["horse", HORSE_PLAN, HM3_HORSE],
  ] as const)("the %s keeps the HM3 plan's location ids and pairing", (_, plan, hm3) => {
    const body = coreBodyPlan(plan);
    expect(Object.fromEntries(body.locations.map((l) => [l.id, l.paired]))).toEqual(hm3);
  });

  it("the plans' zones are in order and the ids unique", () => {
    for (const plan of [DOG_PLAN, HORSE_PLAN]) {
      let next = 1;
      for (const z of plan.zones) {
        expect(z.values.from).toBe(next);
        next = z.values.to + 1;
      }
      expect(next - 1).toBe(plan.zoneCount);
      const ids = plan.zones.map((z) => z.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("the entries say the plans were made for this system, and name every id", () => {
    for (const entry of Object.values(CREATURE_PLANS)) {
      expect(entry.description).toMatch(/made for Blow by Blow/);
      for (const z of entry.plan.zones) {
        expect(entry.zoneNames[z.id], z.id).toBeTruthy();
        for (const l of z.locations) expect(entry.locationNames[l.id], l.id).toBeTruthy();
      }
    }
  });

  it("the plans are frozen", () => {
    expect(Object.isFrozen(DOG_PLAN.zones[0]!.locations[0])).toBe(true);
    expect(Object.isFrozen(HORSE_PLAN.zones)).toBe(true);
  });

  it("passes the engine's plan validation unchanged (hmzd plan.ts)", () => {
    expect(validatePlan(structuredClone(DOG_PLAN), "bodyPlan")).toEqual(DOG_PLAN);
    expect(validatePlan(structuredClone(HORSE_PLAN), "bodyPlan")).toEqual(HORSE_PLAN);
  });
});
