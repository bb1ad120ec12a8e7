/**
 * The attack dialog's catalog picker (src/foundry/combat/catalog-form.ts and its use in
 * attack-form.ts): rows added by the trailing select, removed by "none", a row's parameter
 * started at its default and read as a number or a choice, the request carrying them, and a
 * player's rows held for the GM's approval as declared situation (src/core/approval.ts).
 */
import { describe, expect, it } from "vitest";
import { approvalFor } from "../../../src/core/approval";
import type { AttackSituation, FighterSnapshot } from "../../../src/core/combat";
import { m2mCombat } from "../../../src/foundry/rulesets/m2m/combat";
import {
  catalogFromForm,
  catalogView,
  readCatalogDraft,
} from "../../../src/foundry/combat/catalog-form";

const ROWS = m2mCombat.catalog!;
const localize = (k: string) => `«${k}»`;

describe("the catalog picker", () => {
  it("adds a row from the trailing select, with the row's default parameter", () => {
    const one = catalogFromForm({ "catalog.0.id": "bad-footing" }, [], ROWS);
    expect(one).toEqual([{ id: "bad-footing", param: "-2" }]);
    const two = catalogFromForm(
      {
        "catalog.0.id": "bad-footing",
        "catalog.0.param": "-3",
        "catalog.1.id": "strike-at-weapon",
      },
      one,
      ROWS,
    );
    expect(two).toEqual([
      { id: "bad-footing", param: "-3" },
      { id: "strike-at-weapon", param: "small" },
    ]);
    // The trailing select left empty adds nothing; "none" in a row removes it.
    expect(
      catalogFromForm(
        {
          "catalog.0.id": "",
          "catalog.0.param": "-3",
          "catalog.1.id": "strike-at-weapon",
          "catalog.1.param": "other",
          "catalog.2.id": "",
        },
        two,
        ROWS,
      ),
    ).toEqual([{ id: "strike-at-weapon", param: "other" }]);
  });

  it("reads whole numbers (also with a typographic minus) as numbers, other text as text", () => {
    expect(
      readCatalogDraft([
        { id: "bad-footing", param: "−3" },
        { id: "strike-at-weapon", param: "polearm" },
        { id: "water", param: "" },
        { id: "line-of-fire", param: "two" },
      ]),
    ).toEqual([
      { id: "bad-footing", param: -3 },
      { id: "strike-at-weapon", param: "polearm" },
      { id: "water" },
      { id: "line-of-fire", param: "two" },
    ]);
  });

  it("shows each row's select, its number field or its choices, and the line that adds one", () => {
    const view = catalogView(
      [
        { id: "different-levels", param: "1" },
        { id: "strike-at-weapon", param: "polearm" },
        { id: "kick", param: "" },
      ],
      ROWS,
      localize,
    )!;
    expect(view.rows[0]!.number).toEqual({ value: "1", min: -2, max: 2 });
    expect(view.rows[0]!.choices.find((c) => c.checked)!.label).toBe(
      "«BLOWBYBLOW.M2M.Combat.Catalog.differentLevels»",
    );
    expect(view.rows[1]!.paramChoices!.find((c) => c.checked)!.id).toBe("polearm");
    expect(view.rows[2]).toMatchObject({ number: null, paramChoices: null });
    expect(view.add.index).toBe(3);
    expect(view.add.choices[0]).toEqual({
      id: "",
      label: "«BLOWBYBLOW.Dialog.Catalog.add»",
      checked: true,
    });
    expect(catalogView([], [], localize)).toBeNull();
  });

  it("a player's catalog rows wait for the GM as declared situation", () => {
    const measured: AttackSituation = { engagingDefender: 1, defenderProne: false, distance: 1 };
    const nobody = {} as FighterSnapshot;
    const request = { situation: { ...measured }, custom: [], catalog: [{ id: "water" }] };
    expect(approvalFor(m2mCombat, nobody, nobody, request, measured, 20)?.reasons).toEqual([
      "situation",
    ]);
    expect(
      approvalFor(m2mCombat, nobody, nobody, { ...request, catalog: [] }, measured, 20),
    ).toBeNull();
  });
});
