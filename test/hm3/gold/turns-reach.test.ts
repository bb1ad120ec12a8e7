/**
 * HârnMaster Gold weapon reach (seed 000 lines 368-372; ruling G68): Long Reach zones, attacks
 * and blocks by distance, relatively long weapons (2+ Attack Classes), natural reach by size.
 */
import { describe, expect, it } from "vitest";
import {
  attackOutOfReach,
  engagementZone,
  improvedLevel,
  longReachBlock,
  REACH_KEYS,
  relativelyLonger,
} from "../../../src/rules/hm3/gold/turns-reach";

const ON = { weaponReach: true };
const NATURAL = { weaponReach: true, naturalReach: true };
const sword = { longReach: false, lengthFt: 3 };
const pike = { longReach: true, lengthFt: 16 };

describe("Engagement Zones", () => {
  it("off: every weapon reaches the adjacent hexes only (HM3)", () => {
    expect(engagementZone(pike, {})).toEqual({ min: 1, max: 1 });
  });
  it("Long Reach: 2 hexes, not adjacent (000:368)", () => {
    const zone = engagementZone(pike, ON);
    expect(zone).toEqual({ min: 2, max: 2 });
    expect(attackOutOfReach(zone, 1)).toBe(REACH_KEYS.tooClose);
    expect(attackOutOfReach(zone, 2)).toBeNull();
    expect(attackOutOfReach(zone, 3)).toBe(REACH_KEYS.tooFar);
    expect(attackOutOfReach(zone, null)).toBeNull();
    expect(attackOutOfReach(engagementZone(sword, ON), 2)).toBe(REACH_KEYS.tooFar);
  });
  it.each([
    ["tiny", 3, { min: 0, max: 0 }],
    ["verySmall", 3, { min: 0, max: 0 }],
    ["medium", 6, { min: 1, max: 1 }],
    ["large", 6, { min: 1, max: 1 }],
    ["veryLarge", 3, { min: 1, max: 1 }],
    ["veryLarge", 4, { min: 1, max: 2 }],
    ["monstrous", 0, { min: 1, max: 2 }],
  ] as const)("natural reach (000:368-372): %s with a %i ft weapon", (size, lengthFt, zone) => {
    expect(engagementZone({ longReach: false, lengthFt, size }, NATURAL)).toEqual(zone);
    // The sub-rule needs its rule, and does nothing alone (G1).
    expect(engagementZone({ longReach: false, lengthFt, size }, { naturalReach: true })).toEqual({
      min: 1,
      max: 1,
    });
  });
  it("a creature with no Engagement Zone cannot attack an adjacent hex", () => {
    const zone = engagementZone({ longReach: false, lengthFt: null, size: "tiny" }, NATURAL);
    expect(attackOutOfReach(zone, 1)).toBe(REACH_KEYS.noZone);
    expect(attackOutOfReach(zone, 0)).toBeNull();
  });
});

describe("Long Reach blocks (000:368)", () => {
  it("no block against an adjacent attacker; at 2 hexes only against another Long Reach weapon", () => {
    expect(longReachBlock(pike, false, 1, ON)).toBe(REACH_KEYS.tooClose);
    expect(longReachBlock(pike, true, 1, ON)).toBe(REACH_KEYS.tooClose);
    expect(longReachBlock(pike, true, 2, ON)).toBeNull();
    expect(longReachBlock(pike, false, 2, ON)).toBe(REACH_KEYS.tooFar);
    expect(longReachBlock(sword, false, 1, ON)).toBeNull();
    expect(longReachBlock(pike, false, 1, {})).toBeNull();
  });
});

describe("relatively long weapons (000:368)", () => {
  const on = { weaponReach: true, relativelyLongWeapons: true };
  it.each([
    // Glaive vs Broadsword, Spear vs Shortsword as A/D classes: 2 classes = 10 points.
    [25, 15, true],
    [20, 10, true],
    [20, 15, false],
    [24, 15, false], // 4 vs 3 classes
    [15, 25, false],
  ])("attack %i against %i: %s", (a, b, yes) => {
    expect(relativelyLonger(a, b, on)).toBe(yes);
    expect(relativelyLonger(a, b, { relativelyLongWeapons: true })).toBe(false);
  });
  it("improves the Initiative test by one level (MS becomes CS)", () => {
    expect(["CF", "MF", "MS", "CS"].map((l) => improvedLevel(l as "CF"))).toEqual([
      "MF",
      "MS",
      "CS",
      "CS",
    ]);
  });
});
