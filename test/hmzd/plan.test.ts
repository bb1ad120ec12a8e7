/**
 * Zone-die body plans as data (Z14; 001:61): reading zones, locations and sides, and the
 * validation of a creature's plan.
 */
import { describe, expect, it } from "vitest";
import {
  coreBodyPlan,
  HUMAN_PLAN,
  locationAt,
  planLocationIds,
  sideAt,
  validatePlan,
  zoneAt,
} from "../../src/rules/hmzd";
import { resolve, example } from "./helpers";

/** A made-up four-zone creature whose forelegs share one zone value (sides by the d10). */
function smallPlan(): Record<string, unknown> {
  return {
    id: "test-small",
    zones: [
      {
        id: "head",
        values: { from: 1, to: 1 },
        region: "head",
        locations: [{ id: "head", d10: { from: 1, to: 10 }, shock: 5, region: "head" }],
      },
      {
        id: "forelegs",
        values: { from: 2, to: 2 },
        region: "leg",
        sides: { by: "location", right: [2, 4, 6, 8, 10], left: [1, 3, 5, 7, 9] },
        locations: [
          { id: "foreleg", d10: { from: 1, to: 8 }, shock: 2, paired: true, region: "leg" },
          { id: "forepaw", d10: { from: 9, to: 10 }, shock: 1, paired: true, region: "leg" },
        ],
      },
      {
        id: "body",
        values: { from: 3, to: 4 },
        region: "torso",
        locations: [{ id: "body", d10: { from: 1, to: 10 }, shock: 4, region: "torso" }],
      },
    ],
  };
}

describe("reading the human plan (§2)", () => {
  it("finds the zone of each value and nothing beyond 10", () => {
    expect([1, 2, 3, 4, 6, 7, 10].map((v) => zoneAt(HUMAN_PLAN, v)!.id)).toEqual([
      "head",
      "arms",
      "arms",
      "torso",
      "torso",
      "legs",
      "legs",
    ]);
    expect(zoneAt(HUMAN_PLAN, 11)).toBeUndefined();
    expect(zoneAt(HUMAN_PLAN, 0)).toBeUndefined();
  });
  it("sides by zone value: arms 2 right, 3 left; legs even right, odd left", () => {
    const arms = zoneAt(HUMAN_PLAN, 2)!;
    const legs = zoneAt(HUMAN_PLAN, 7)!;
    expect([sideAt(arms, 2, 1), sideAt(arms, 3, 1)]).toEqual(["right", "left"]);
    expect([7, 8, 9, 10].map((v) => sideAt(legs, v, 5))).toEqual([
      "left",
      "right",
      "left",
      "right",
    ]);
    expect(sideAt(zoneAt(HUMAN_PLAN, 5)!, 5, 2)).toBeNull();
  });
  it("the d10 10 (the die's 0) is the last row", () => {
    expect(locationAt(zoneAt(HUMAN_PLAN, 2)!, 10).id).toBe("hand");
  });
  it("armour keys: bare ids, sided ids for paired locations", () => {
    const ids = planLocationIds(HUMAN_PLAN);
    expect(ids).toContain("left-shoulder");
    expect(ids).toContain("pelvis");
    expect(ids).not.toContain("left-pelvis");
    expect(ids).toHaveLength(15 + 2 * 9);
  });
  it("the core view lists the fifteen locations once", () => {
    const core = coreBodyPlan(HUMAN_PLAN);
    expect(core.locations).toHaveLength(15);
    expect(core.locations[3]).toEqual({ id: "shoulder", region: "arm", paired: true });
  });
});

describe("a creature plan (Z14)", () => {
  it("validates and fills the defaults (zoneCount, paired false, no sides)", () => {
    const plan = validatePlan(smallPlan(), "plan");
    expect(plan.zoneCount).toBe(4);
    expect(plan.zones[0]!.sides).toBeNull();
    expect(plan.zones[0]!.locations[0]!.paired).toBe(false);
  });
  it("sides by the d10 in a one-value zone", () => {
    const plan = validatePlan(smallPlan(), "plan");
    const fore = zoneAt(plan, 2)!;
    expect([sideAt(fore, 2, 3), sideAt(fore, 2, 10)]).toEqual(["left", "right"]);
  });
  it("is struck through the declaration: placement checked against its last zone", () => {
    const r = resolve(
      example({
        defender: { bodyPlan: smallPlan(), armour: { "left-foreleg": { edge: 2 } } },
        attack: { weapon: { zoneDie: 4, impact: { die: 10, base: 3, aspect: "edge" } } },
        rolls: { zone: 2, location: 3 },
      }),
    );
    expect(r.strike).toMatchObject({ zone: "forelegs", location: "left-foreleg", armour: 2 });
    expect(r.strike!.shock!.locationShock).toBe(2);
    expect(() =>
      resolve(
        example({ defender: { bodyPlan: smallPlan(), armour: {} }, attack: { placement: 2 } }),
      ),
    ).toThrow(/attack.placement: .*beyond the last zone 4 of body plan test-small/);
  });

  const broken: [string, (p: Record<string, unknown>) => void, RegExp][] = [
    [
      "a gap between zones",
      (p) => ((p.zones as Record<string, unknown>[])[1]!.values = { from: 3, to: 3 }),
      /plan.zones\[1\].values.from: zones must follow each other without gap or overlap: expected 2/,
    ],
    [
      "d10 ranges short of 10",
      (p) =>
        ((
          (p.zones as Record<string, unknown>[])[0]!.locations as Record<string, unknown>[]
        )[0]!.d10 = { from: 1, to: 9 }),
      /plan.zones\[0\].locations: the d10 ranges must reach 10/,
    ],
    [
      "a paired location in a zone without sides",
      (p) => delete (p.zones as Record<string, unknown>[])[1]!.sides,
      /plan.zones\[1\].locations\[0\].paired: a paired location needs a zone with a side rule/,
    ],
    [
      "a side rule that leaves a d10 on no side",
      (p) =>
        ((p.zones as Record<string, unknown>[])[1]!.sides = {
          by: "location",
          right: [2, 4],
          left: [1, 3],
        }),
      /plan.zones\[1\].sides: location value 5 must be on exactly one side/,
    ],
    [
      "a sided location id",
      (p) =>
        ((
          (p.zones as Record<string, unknown>[])[2]!.locations as Record<string, unknown>[]
        )[0]!.id = "left-body"),
      /plan.zones\[2\].locations\[0\].id: expected a lower-case id without a side prefix/,
    ],
    [
      "a wrong zoneCount",
      (p) => (p.zoneCount = 10),
      /plan.zoneCount: does not match the zones \(they end at 4\)/,
    ],
    [
      "an unknown region",
      (p) => ((p.zones as Record<string, unknown>[])[2]!.region = "belly"),
      /plan.zones\[2\].region: expected one of head, neck/,
    ],
  ];
  it.each(broken)("refuses %s, naming the field", (_what, spoil, message) => {
    const p = smallPlan();
    spoil(p);
    expect(() => validatePlan(p, "plan")).toThrow(message);
  });
  it("refuses a plan named by an unknown id", () => {
    expect(() => resolve(example({ defender: { bodyPlan: "cat" } }))).toThrow(
      /defender.bodyPlan: expected one of "human", "dog", "horse" or a body plan object, got "cat"/,
    );
  });

  it("takes the dog and horse plans by id (Z24)", () => {
    const input = example({ defender: { bodyPlan: "dog", armour: {} } });
    const r = resolve(input);
    expect(r.strike!.zoneDie).toBe(4);
    // ZD 3 from placement 1 on the dog: zone value 3, a foreleg (Z24).
    expect(r.strike).toMatchObject({ zone: "forelegs", zoneValue: 3 });
    const horse = resolve(example({ defender: { bodyPlan: "horse", armour: {} } }));
    expect(horse.strike).toMatchObject({ zone: "neck", zoneValue: 3 });
  });
});
