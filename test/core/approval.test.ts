/**
 * The GM's approval of a player's attack (issue 15, docs/architecture.md §2.6), decided in the
 * core from the request, the GM's measurement and the world's cap. The range-band case goes
 * through the adapter with real fighters (test/foundry/combat/declaration-trust.test.ts).
 */
import { describe, expect, it } from "vitest";
import {
  approvalFor,
  choiceApprovalFor,
  customTotal,
  situationChanged,
} from "../../src/core/approval";
import type { AttackSituation, FighterSnapshot } from "../../src/core/combat";
import { hm3Combat } from "../../src/rules/hm3";

const MEASURED: AttackSituation = { engagingDefender: 1, defenderProne: false, distance: 1 };
const NOBODY = {} as FighterSnapshot; // read only for a range band, which these requests lack

describe("approvalFor (issue 15)", () => {
  it("the request as the GM measured it, within the cap: no approval", () => {
    const request = { situation: { ...MEASURED }, custom: [{ value: 10 }, { value: 10 }] };
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, request, MEASURED, 20)).toBeNull();
    expect(situationChanged(request.situation, MEASURED)).toBeNull();
  });

  it("20 engaging and prone where the GM measured 1 and standing: waits (situation)", () => {
    const request = { situation: { engagingDefender: 20, defenderProne: true, distance: 1 } };
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, request, MEASURED, 20)).toEqual({
      pending: true,
      reasons: ["situation"],
      cap: 20,
      customTotal: 0,
    });
    expect(situationChanged(request.situation, MEASURED)).toEqual(MEASURED);
  });

  it("nothing measured (another scene, no token): waits (unmeasured)", () => {
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, {}, null, 20)?.reasons).toEqual(["unmeasured"]);
  });

  it("custom rows total beyond the cap either way: waits (custom); at the cap: goes on", () => {
    const rows = (...v: number[]) => ({
      situation: MEASURED,
      custom: v.map((value) => ({ value })),
    });
    expect(
      approvalFor(hm3Combat, NOBODY, NOBODY, rows(100, 100, 100, 100), MEASURED, 20),
    ).toMatchObject({
      reasons: ["custom"],
      customTotal: 400,
    });
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, rows(-25), MEASURED, 20)?.customTotal).toBe(-25);
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, rows(100, -100, 20), MEASURED, 20)).toBeNull();
  });

  it("customTotal reads only finite numbers", () => {
    expect(
      customTotal([{ value: 5 }, { value: "9" }, { value: Infinity }, null, { value: -2 }]),
    ).toBe(3);
    expect(customTotal("rows")).toBe(0);
  });
});

describe("choiceApprovalFor (issue 15: a player's defence beyond the cap)", () => {
  it("a +100 row beyond a cap of 20 waits (custom), with the total and the cap", () => {
    expect(choiceApprovalFor({ custom: [{ label: "luck", value: 100 }] }, 20)).toEqual({
      pending: true,
      reasons: ["custom"],
      cap: 20,
      customTotal: 100,
    });
    expect(choiceApprovalFor({ custom: [{ value: -21 }] }, 20)?.customTotal).toBe(-21);
  });

  it("at the cap, without rows or without a request: no approval", () => {
    expect(choiceApprovalFor({ custom: [{ value: 15 }, { value: 5 }] }, 20)).toBeNull();
    expect(choiceApprovalFor({ custom: [{ value: -20 }] }, 20)).toBeNull();
    expect(choiceApprovalFor({ custom: [] }, 0)).toBeNull();
    expect(choiceApprovalFor(null, 0)).toBeNull();
  });
});

describe("approvalFor with the world's trustUnmeasured (issue 15, tables without tokens)", () => {
  const TRUST = { unmeasured: true };
  const declared = { engagingDefender: 3, defenderProne: true, distance: 4 };

  it("nothing measured: off, it waits (unmeasured); on, the situation goes as declared", () => {
    const request = { situation: declared, custom: [] };
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, request, null, 20)?.reasons).toEqual([
      "unmeasured",
    ]);
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, request, null, 20, TRUST)).toBeNull();
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, request, null, 20, {})?.reasons).toEqual([
      "unmeasured",
    ]);
  });

  it("on, measured and different: it still waits (situation)", () => {
    const request = { situation: declared };
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, request, MEASURED, 20, TRUST)?.reasons).toEqual([
      "situation",
    ]);
  });

  it("on, only the distance unmeasured: the declared distance goes, the rest is compared", () => {
    const noDistance = { ...MEASURED, distance: null };
    const same = { situation: { ...MEASURED, distance: 7 } };
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, same, noDistance, 20)?.reasons).toEqual([
      "situation",
    ]);
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, same, noDistance, 20, TRUST)).toBeNull();
    const prone = { situation: { ...MEASURED, defenderProne: true, distance: 7 } };
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, prone, noDistance, 20, TRUST)?.reasons).toEqual([
      "situation",
    ]);
  });

  it("on, the cap still applies where nothing is measured", () => {
    const request = { situation: declared, custom: [{ value: 100 }] };
    expect(approvalFor(hm3Combat, NOBODY, NOBODY, request, null, 20, TRUST)).toMatchObject({
      reasons: ["custom"],
      customTotal: 100,
    });
  });
});
