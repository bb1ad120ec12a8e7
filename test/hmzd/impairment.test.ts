/** Impairment by zone (001:81-87, 001:117, hmzd.md §4, Z8, Z22). */
import { describe, expect, it } from "vitest";
import {
  handSide,
  impairment,
  involvedZones,
  zoneSummary,
  type ZoneInjury,
} from "../../src/rules/hmzd/impairment";
import { humanPlan } from "../../src/rules/hmzd/tables";
import type { HmzdPlan } from "../../src/rules/hmzd/types";

const human = humanPlan();
const inj = (
  severity: "M" | "S" | "G",
  level: number,
  zone: string,
  side: "left" | "right" | null = null,
  hinders = true,
): ZoneInjury => ({ severity, level, zone, side, hinders });

const right = { kind: "weapon", hand: "right" } as const;
const left = { kind: "weapon", hand: "left" } as const;

describe("the worked example: S2E to the left shoulder (001:115-117)", () => {
  const wounds = [inj("S", 2, "arms", "left")];

  it("10 impairment on actions with the left arm", () => {
    const r = impairment(human, wounds, { kind: "shield", hand: "left" });
    expect(r.penalty).toBe(10);
    expect(r.forbidden).toBe(false);
    expect(r.injuries).toEqual([
      { code: "S2", zone: "arms", side: "left", penalty: 10, forbids: false },
    ]);
  });

  it("001:117: it would not affect uses of the right arm or moving", () => {
    expect(impairment(human, wounds, right).penalty).toBe(0);
    expect(impairment(human, wounds, { kind: "move" }).penalty).toBe(0);
    expect(impairment(human, wounds, { kind: "dodge" }).penalty).toBe(0);
  });

  it("001:117: were it Grievous, the left arm zone would be unusable", () => {
    const g = [inj("G", 4, "arms", "left")];
    expect(impairment(human, g, left).forbidden).toBe(true);
    expect(impairment(human, g, right).forbidden).toBe(false);
    expect(impairment(human, g, { kind: "hand", hand: "both" }).forbidden).toBe(true);
  });
});

describe("severity (001:83-87)", () => {
  it("M: unhindered after a successful Shock test, 5 once it hinders", () => {
    expect(impairment(human, [inj("M", 1, "arms", "right", false)], right).penalty).toBe(0);
    expect(impairment(human, [inj("M", 1, "arms", "right", true)], right).penalty).toBe(5);
  });

  it("S: 10 whatever `hinders` says; G forbids", () => {
    expect(impairment(human, [inj("S", 3, "arms", "right", false)], right).penalty).toBe(10);
    const g = impairment(human, [inj("G", 5, "arms", "right")], right);
    expect(g.forbidden).toBe(true);
    expect(g.injuries[0]).toMatchObject({ code: "G5", penalty: 0, forbids: true });
  });

  it("Z8: the penalties of every injury involved add up", () => {
    const wounds = [
      inj("S", 2, "arms", "right"),
      inj("M", 1, "arms", "right"),
      inj("S", 3, "torso"),
      inj("M", 1, "head", null, false),
      inj("S", 2, "arms", "left"),
      inj("S", 2, "legs", "left"),
    ];
    expect(impairment(human, wounds, right).penalty).toBe(25);
    expect(impairment(human, wounds, { kind: "move" }).penalty).toBe(20);
    expect(impairment(human, wounds, { kind: "weapon", hand: "both" }).penalty).toBe(35);
  });
});

describe("which zones an action uses (Z8)", () => {
  it("a one-handed action: its arm, with head and torso", () => {
    expect(involvedZones(human, left)).toEqual([
      { zone: "head", side: null },
      { zone: "arms", side: "left" },
      { zone: "torso", side: null },
    ]);
  });

  it("two hands: both arms", () => {
    expect(involvedZones(human, { kind: "weapon", hand: "both" })).toEqual([
      { zone: "head", side: null },
      { zone: "arms", side: "right" },
      { zone: "arms", side: "left" },
      { zone: "torso", side: null },
    ]);
  });

  it("dodge, movement and kicks: both legs (any leg injury counts)", () => {
    for (const kind of ["dodge", "move", "kick"] as const) {
      expect(involvedZones(human, { kind })).toEqual([
        { zone: "head", side: null },
        { zone: "torso", side: null },
        { zone: "legs", side: "right" },
        { zone: "legs", side: "left" },
      ]);
      expect(impairment(human, [inj("S", 2, "legs", "right")], { kind }).penalty).toBe(10);
    }
    expect(impairment(human, [inj("S", 2, "legs", "right")], right).penalty).toBe(0);
  });

  it("head and torso injuries impair every action", () => {
    for (const action of [right, left, { kind: "dodge" } as const, { kind: "kick" } as const]) {
      expect(impairment(human, [inj("S", 2, "head")], action).penalty).toBe(10);
      expect(impairment(human, [inj("G", 4, "torso")], action).forbidden).toBe(true);
    }
  });

  it("the main hand is the right one unless left-handed", () => {
    expect(handSide("main")).toBe("right");
    expect(handSide("off")).toBe("left");
    expect(handSide("main", true)).toBe("left");
    expect(handSide("off", true)).toBe("right");
  });
});

/** A four-legged plan as creature plans are made (Z14): zone kinds come from `region`. */
const hound: HmzdPlan = {
  id: "test-hound",
  zoneCount: 6,
  zones: [
    {
      id: "head",
      values: { from: 1, to: 1 },
      region: "head",
      sides: null,
      locations: [
        { id: "skull", d10: { from: 1, to: 10 }, shock: 5, paired: false, region: "head" },
      ],
    },
    {
      id: "forelegs",
      values: { from: 2, to: 2 },
      region: "leg",
      sides: { by: "location", right: [1, 2, 3, 4, 5], left: [6, 7, 8, 9, 10] },
      locations: [
        { id: "foreleg", d10: { from: 1, to: 10 }, shock: 2, paired: true, region: "leg" },
      ],
    },
    {
      id: "body",
      values: { from: 3, to: 4 },
      region: "torso",
      sides: null,
      locations: [
        { id: "chest", d10: { from: 1, to: 10 }, shock: 4, paired: false, region: "torso" },
      ],
    },
    {
      id: "hindlegs",
      values: { from: 5, to: 5 },
      region: "leg",
      sides: { by: "location", right: [1, 2, 3, 4, 5], left: [6, 7, 8, 9, 10] },
      locations: [
        { id: "hindleg", d10: { from: 1, to: 10 }, shock: 2, paired: true, region: "leg" },
      ],
    },
    {
      id: "tail",
      values: { from: 6, to: 6 },
      region: "tail",
      sides: null,
      locations: [
        { id: "tail", d10: { from: 1, to: 10 }, shock: 1, paired: false, region: "tail" },
      ],
    },
  ],
};

describe("creature plans: the zone's kind from the plan (Z8, Z14, Z22)", () => {
  it("a foreleg injury hinders the hound's movement and dodge, both sides of each leg zone", () => {
    const wounds = [inj("S", 2, "forelegs", "left"), inj("M", 1, "hindlegs", "right")];
    expect(impairment(hound, wounds, { kind: "move" }).penalty).toBe(15);
    expect(impairment(hound, wounds, { kind: "dodge" }).penalty).toBe(15);
  });

  it("a bite names its zones: the head (and the body, every action's)", () => {
    const bite = { kind: "zones", zones: ["head"] } as const;
    expect(involvedZones(hound, bite)).toEqual([
      { zone: "head", side: null },
      { zone: "body", side: null },
    ]);
    expect(impairment(hound, [inj("S", 2, "forelegs", "left")], bite).penalty).toBe(0);
    expect(impairment(hound, [inj("S", 2, "body")], bite).penalty).toBe(10);
  });

  it("Z22: a tail zone hinders only an action that names it", () => {
    const wounds = [inj("G", 4, "tail")];
    expect(impairment(hound, wounds, { kind: "move" }).forbidden).toBe(false);
    expect(impairment(hound, wounds, { kind: "zones", zones: ["tail"] }).forbidden).toBe(true);
  });
});

describe("the sheet's summary per zone", () => {
  it("one row per zone, a sided zone once per side, right first", () => {
    const rows = zoneSummary(human, [
      { ...inj("S", 2, "arms", "left"), key: "a" },
      inj("M", 1, "arms", "left", false),
      inj("M", 1, "legs", "right"),
      inj("G", 4, "legs", "right"),
      inj("S", 3, "torso", "left"),
    ]);
    expect(rows).toEqual([
      { zone: "head", side: null, region: "head", penalty: 0, forbidden: false, injuries: [] },
      { zone: "arms", side: "right", region: "arm", penalty: 0, forbidden: false, injuries: [] },
      {
        zone: "arms",
        side: "left",
        region: "arm",
        penalty: 10,
        forbidden: false,
        injuries: ["S2", "M1"],
      },
      {
        zone: "torso",
        side: null,
        region: "torso",
        penalty: 10,
        forbidden: false,
        injuries: ["S3"],
      },
      {
        zone: "legs",
        side: "right",
        region: "leg",
        penalty: 5,
        forbidden: true,
        injuries: ["M1", "G4"],
      },
      { zone: "legs", side: "left", region: "leg", penalty: 0, forbidden: false, injuries: [] },
    ]);
  });
});

describe("bad input names the field and the value", () => {
  it("an unknown zone, a missing side, a bad severity or level", () => {
    expect(() => impairment(human, [inj("S", 2, "wing")], right)).toThrow(
      /injuries\.0\.zone: not a zone of plan human \(expected one of head, arms, torso, legs\), got "wing"/,
    );
    expect(() => impairment(human, [inj("M", 1, "torso"), inj("S", 2, "arms")], right)).toThrow(
      /injuries\.1\.side: zone arms is sided: left or right, got null/,
    );
    expect(() =>
      impairment(human, [{ ...inj("S", 2, "head"), severity: "K" as "S" }], right),
    ).toThrow(/injuries\.0\.severity: expected M, S or G, got "K"/);
    expect(() => impairment(human, [inj("S", 6, "head")], right)).toThrow(
      /injuries\.0\.level: must be at most 5/,
    );
    expect(() => impairment(human, [], { kind: "zones", zones: ["tail"] })).toThrow(
      /action\.zones\.0: not a zone of plan human/,
    );
  });
});
