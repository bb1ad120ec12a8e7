/**
 * Facing and light as pure geometry (src/core/facing.ts; ruling M108 reading seed 004
 * L1970-1976, ruling M110 reading L1724-1726). Rotation is Foundry's: degrees clockwise,
 * 0 facing south (v13 TokenDocument.rotation).
 */
import { describe, expect, it } from "vitest";
import { arcOf, bearingFromFacing, lightOfDarkness } from "../../src/core/facing";
import { InputError } from "../../src/core/errors";

const O = { x: 0, y: 0 };
/** The point `deg` degrees clockwise from south, on a circle of radius 100. */
function around(deg: number) {
  const a = ((90 + deg) * Math.PI) / 180;
  return { x: 100 * Math.cos(a), y: 100 * Math.sin(a) };
}

describe("bearingFromFacing", () => {
  it("facing south (rotation 0): a figure below is dead ahead, one to the west is on the right", () => {
    expect(bearingFromFacing(O, 0, { x: 0, y: 50 })).toBe(0);
    // Facing the viewer, the figure's right hand is on the screen's left (west).
    expect(bearingFromFacing(O, 0, { x: -50, y: 0 })).toBe(90);
    expect(bearingFromFacing(O, 0, { x: 50, y: 0 })).toBe(-90);
    expect(bearingFromFacing(O, 0, { x: 0, y: -50 })).toBe(180);
  });

  it("rotation turns the facing clockwise: at 90° the figure faces west", () => {
    expect(bearingFromFacing(O, 90, { x: -50, y: 0 })).toBe(0);
    expect(bearingFromFacing(O, 90, { x: 0, y: -50 })).toBe(90);
    expect(bearingFromFacing(O, 450, { x: -50, y: 0 })).toBe(0);
    expect(bearingFromFacing(O, -270, { x: -50, y: 0 })).toBe(0);
  });

  it("refuses two figures on one point, naming the field", () => {
    expect(() => bearingFromFacing(O, 0, O)).toThrow(InputError);
    expect(() => bearingFromFacing(O, 0, O)).toThrow(/^to: /);
    expect(() => bearingFromFacing(O, Number.NaN, { x: 1, y: 1 })).toThrow(/rotation/);
  });
});

describe("arcOf (ruling M108, L1970-1976)", () => {
  it("the six hex neighbours: three front, one right side, one left side, one back", () => {
    const arcs = [0, 60, 120, 180, 240, 300].map((d) => arcOf(O, 0, around(d)));
    expect(arcs).toEqual(["front", "front", "right", "back", "left", "front"]);
  });

  it("the eight square neighbours: ahead and both forward diagonals front, the rest sides, behind back", () => {
    const arcs = [0, 45, 90, 135, 180, 225, 270, 315].map((d) => arcOf(O, 0, around(d)));
    expect(arcs).toEqual(["front", "front", "right", "right", "back", "left", "left", "front"]);
  });

  it("the limits: 89.9° front, 90° side, 150° side, 150.1° back", () => {
    expect(arcOf(O, 0, around(89.9))).toBe("front");
    expect(arcOf(O, 0, around(90))).toBe("right");
    expect(arcOf(O, 0, around(-150))).toBe("left");
    expect(arcOf(O, 0, around(150.1))).toBe("back");
  });

  it("follows the rotation: a figure to the east is behind one facing west", () => {
    expect(arcOf(O, 90, { x: 70, y: 0 })).toBe("back");
    expect(arcOf(O, 270, { x: 70, y: 0 })).toBe("front");
    expect(arcOf(O, 180, { x: 70, y: 0 })).toBe("right");
  });
});

describe("lightOfDarkness (ruling M110, L1724-1726)", () => {
  it("daylight to dusk normal, from 0.5 bad light, 1 total darkness", () => {
    expect(lightOfDarkness(0)).toBe("normal");
    expect(lightOfDarkness(0.49)).toBe("normal");
    expect(lightOfDarkness(0.5)).toBe("dim");
    expect(lightOfDarkness(0.99)).toBe("dim");
    expect(lightOfDarkness(1)).toBe("dark");
  });

  it("refuses a darkness outside 0..1, naming the field and value", () => {
    expect(() => lightOfDarkness(1.5)).toThrow(/^darkness: .*1\.5/);
    expect(() => lightOfDarkness(-0.1)).toThrow(InputError);
  });
});
