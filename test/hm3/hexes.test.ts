/**
 * The scene's distance in hexes (rulings R37: 5 ft to a hex, hm3.md §3; R43: the scene's units
 * converted), src/rules/hm3/hexes.ts.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import { distanceHexes, hexesPerUnit } from "../../src/rules/hm3/hexes";

describe("hexes per unit of the scene's distance (R37, R43)", () => {
  it.each([
    ["hex", 1],
    ["hexes", 1],
    ["ft", 1 / 5],
    ["feet", 1 / 5],
    ["foot", 1 / 5],
    ["yd", 3 / 5],
    ["yds", 3 / 5],
    ["yard", 3 / 5],
    ["yards", 3 / 5],
    ["m", 1 / 1.524],
    ["meter", 1 / 1.524],
    ["meters", 1 / 1.524],
    ["metre", 1 / 1.524],
    ["metres", 1 / 1.524],
  ] as const)("%s: %s hexes to the unit (R43)", (units, perUnit) => {
    expect(hexesPerUnit(units)).toBe(perUnit);
  });

  it("reads the units without case, spaces or a final full stop (R43)", () => {
    expect(hexesPerUnit(" FT. ")).toBe(1 / 5);
    expect(hexesPerUnit("Yd")).toBe(3 / 5);
  });

  it.each([[""], [null], [undefined], ["mi"], ["squares"], ["km"]])(
    "units it cannot read (%s): null (R43)",
    (units) => {
      expect(hexesPerUnit(units)).toBeNull();
    },
  );
});

describe("a scene's distance in hexes (R37, R43)", () => {
  it.each([
    [5, "ft", 1],
    [50, "ft", 10],
    [12.5, "ft", 2.5],
    [5, "yd", 3],
    [10, "yd", 6],
    [1.524, "m", 1],
    [15.24, "m", 10],
    [3, "hex", 3],
  ] as const)("%s %s is %s hexes (R43)", (distance, units, hexes) => {
    expect(distanceHexes(distance, units)).toBe(hexes);
  });

  it("no units, or units it cannot read: the distance is read as hexes (R43)", () => {
    expect(distanceHexes(7, undefined)).toBe(7);
    expect(distanceHexes(7, null)).toBe(7);
    expect(distanceHexes(7, "")).toBe(7);
    expect(distanceHexes(7, "squares")).toBe(7);
  });

  it("an unmeasured distance stays unknown; a bad one is refused naming the field", () => {
    expect(distanceHexes(null, "ft")).toBeNull();
    for (const bad of [-1, NaN, Infinity]) {
      const e = (() => {
        try {
          distanceHexes(bad, "ft");
        } catch (err) {
          return err;
        }
        return null;
      })();
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).field).toBe("situation.distance");
    }
  });
});
