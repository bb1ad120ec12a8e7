/**
 * The GM's approval compares the map's extras a ruleset reads (facing, light, units; issue 17,
 * src/core/approval.ts) as it compares distance: a player's value that is not the GM's
 * measurement waits; with the world's trustUnmeasured, what the GM could not measure is taken
 * as declared. A ruleset that reads none of them (HM3) compares as before.
 */
import { describe, expect, it } from "vitest";
import { approvalFor, situationChanged } from "../../src/core/approval";
import type { AttackSituation, FighterSnapshot } from "../../src/core/combat";
import { hm3Combat } from "../../src/rules/hm3";

const NOBODY = {} as FighterSnapshot;
const BASE = { engagingDefender: 1, defenderProne: false, distance: 3 };
const MEASURED: AttackSituation = {
  ...BASE,
  fromArc: "front",
  toArc: "front",
  light: "normal",
  units: "yd",
};

describe("situationChanged with the map's extras", () => {
  it("the same values: unchanged; another arc, light or units: changed", () => {
    expect(situationChanged({ ...MEASURED }, MEASURED)).toBeNull();
    expect(situationChanged({ ...MEASURED, fromArc: "back" }, MEASURED)).toBe(MEASURED);
    expect(situationChanged({ ...MEASURED, toArc: "left" }, MEASURED)).toBe(MEASURED);
    expect(situationChanged({ ...MEASURED, light: "dark" }, MEASURED)).toBe(MEASURED);
    expect(situationChanged({ ...MEASURED, units: "ft" }, MEASURED)).toBe(MEASURED);
    // A request that leaves an extra out is not the measurement either.
    expect(situationChanged({ ...BASE }, MEASURED)).toBe(MEASURED);
  });

  it("a measurement without extras (HM3) ignores them in the request", () => {
    expect(situationChanged({ ...BASE, fromArc: "back", light: "dark" }, { ...BASE })).toBeNull();
  });
});

describe("approvalFor with the map's extras", () => {
  it("a player's arc set by hand waits for the GM (situation)", () => {
    const request = { situation: { ...MEASURED, fromArc: "back" } };
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, request, MEASURED, 20)?.reasons).toEqual([
      "situation",
    ]);
  });

  it("facing the GM could not measure: waits, unless the world trusts it; light still compared", () => {
    const gm: AttackSituation = { ...MEASURED, fromArc: null, toArc: null };
    const request = { situation: { ...MEASURED, fromArc: "back", toArc: "front" } };
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, request, gm, 20)?.reasons).toEqual(["situation"]);
    expect(
      approvalFor(hm3Combat, NOBODY, NOBODY, request, gm, 20, { unmeasured: true }),
    ).toBeNull();
    const dark = { situation: { ...request.situation, light: "dark" } };
    expect(
      approvalFor(hm3Combat, NOBODY, NOBODY, dark, gm, 20, { unmeasured: true })?.reasons,
    ).toEqual(["situation"]);
  });
});
