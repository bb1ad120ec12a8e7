/**
 * The attack dialog's map fields (src/foundry/combat/map-fields.ts through attack-form.ts; issue
 * 17): facing and light offered when the ruleset reads them (GURPS Man to Man), chosen or
 * overridden, read back into the request's situation, a bad value named beside its field, the
 * GM's approval announced for a player who changes them, and the preview's breakdown itemising
 * range, light and the wild swing with their labels. HM3 (reads none) shows none of them.
 */
import { describe, expect, it } from "vitest";
import {
  attackDialogContext,
  attackDraftFromForm,
  initialAttackDraft,
  readAttackDraft,
} from "../../../src/foundry/combat/attack-form";
import { format, localize } from "../stand-ins/handlebars";
import { AXE_ID, CROSSBOW_ID } from "../rulesets/m2m/sheet-fixtures";
import { m2mInput, MAP_SITUATION } from "./m2m-map-fixtures";

describe("the map fields in the attack form", () => {
  it("offers facing and light as measured, names the units, and reads them into the request", () => {
    const input = m2mInput();
    const draft = initialAttackDraft(input.options, MAP_SITUATION, AXE_ID);
    expect(draft.map!.offered).toEqual(["fromArc", "toArc", "light"]);
    const ctx = attackDialogContext(input, draft, localize, format);
    expect(
      ctx.mapFields.map((f) => [f.name, f.label, f.choices.find((c) => c.checked)!.label]),
    ).toEqual([
      ["fromArc", "Attacker stands in the defender's", "Front"],
      ["toArc", "Defender stands in the attacker's", "Right side"],
      ["light", "Light", "Bad light"],
    ]);
    expect(ctx.unitsNote).toBe("In the scene's grid units: yd.");
    const read = readAttackDraft(draft, input.options);
    expect(read.request!.situation).toEqual(MAP_SITUATION);
  });

  it("the breakdown itemises the wild swing and the bad light with their labels", () => {
    const input = m2mInput();
    const draft = { ...initialAttackDraft(input.options, MAP_SITUATION, AXE_ID), aim: "random" };
    const ctx = attackDialogContext(input, draft, localize, format);
    const labels = ctx.breakdown!.rows.map((r) => r.label);
    expect(labels).toContain("Wild swing");
    expect(labels).toContain("Bad light");
    expect(ctx.canSubmit).toBe(true);
  });

  it("a crossbow at 30 yards: snap shot and range itemised", () => {
    const input = m2mInput();
    const base = initialAttackDraft(
      input.options,
      { ...MAP_SITUATION, toArc: "front", light: "normal" },
      CROSSBOW_ID,
    );
    const draft = attackDraftFromForm({ distance: "30" }, base, input.options);
    const ctx = attackDialogContext(input, { ...draft, aim: "random" }, localize, format);
    const rows = Object.fromEntries(ctx.breakdown!.rows.map((r) => [r.label, r.value]));
    expect(rows["Snap shot (not aimed)"]).toBe("\u22124");
    expect(rows.Range).toMatch(/^\u2212\d+$/);
  });

  it("a value not offered is named beside its field, and Attack is refused", () => {
    const input = m2mInput();
    const base = initialAttackDraft(input.options, MAP_SITUATION, AXE_ID);
    const draft = attackDraftFromForm({ fromArc: "above" }, base, input.options);
    const ctx = attackDialogContext(input, draft, localize, format);
    expect(ctx.errors.fromArc).toMatch(/Attacker stands in the defender's.*above/);
    expect(ctx.mapFields[0]!.error).toBe(ctx.errors.fromArc);
    expect(ctx.canSubmit).toBe(false);
  });

  it("a player who changes the light is told the GM will approve", () => {
    const input = m2mInput(true);
    const base = initialAttackDraft(input.options, MAP_SITUATION, AXE_ID);
    const same = attackDialogContext(input, { ...base, aim: "random" }, localize, format);
    expect(same.approvalNotes).toEqual([]);
    const dark = attackDraftFromForm({ light: "normal" }, base, input.options);
    const ctx = attackDialogContext(input, { ...dark, aim: "random" }, localize, format);
    expect(ctx.approvalNotes.length).toBe(1);
  });

  it("a situation without extras (HM3) offers none", () => {
    const draft = initialAttackDraft(
      [],
      { engagingDefender: 1, defenderProne: false, distance: 2 },
      null,
    );
    expect(draft.map).toBeUndefined();
    expect(draft).not.toHaveProperty("map");
  });
});
