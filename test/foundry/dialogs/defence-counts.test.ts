/**
 * The defence dialog's counts (issue 18): a prompt whose options carry `counts` (the zone-die
 * winner's tactical advantages, Z6) opens with the clicked option's count at its most and the
 * others at 0, reads the typed counts into the request, and refuses a count that is not a whole
 * number within 0..max, naming the field and the value.
 */
import { describe, expect, it } from "vitest";
import type { ChoiceOptionView } from "../../../src/core/combat";
import {
  defenceDialogContext,
  defenceDraftFromForm,
  initialDefenceDraft,
  readDefenceDraft,
} from "../../../src/foundry/combat/defence-form";
import { format, localize } from "../stand-ins/handlebars";
import { defenceInput } from "./fixtures";

const counts = [
  { id: "impact", labelKey: "BLOWBYBLOW.HMZD.Combat.Spend.impact", max: 2 },
  { id: "precision", labelKey: "BLOWBYBLOW.HMZD.Combat.Spend.precision", max: 2 },
  { id: "action", labelKey: "BLOWBYBLOW.HMZD.Combat.Spend.action", max: 1 },
  { id: "setup", labelKey: "BLOWBYBLOW.HMZD.Combat.Spend.setup", max: 2 },
];
const SPEND: ChoiceOptionView[] = counts.map((c) => ({
  id: c.id,
  labelKey: c.labelKey,
  items: [],
  target: null,
  aims: [],
  counts,
}));

describe("the star-spending counts in the defence dialog", () => {
  it("opens with the clicked option at its most and reads the typed counts", () => {
    const draft = initialDefenceDraft(SPEND[1]);
    expect(draft.counts).toEqual({ impact: "0", precision: "2", action: "0", setup: "0" });
    const typed = defenceDraftFromForm(
      { "counts.impact": 1, "counts.precision": "1", "counts.action": "0" },
      draft,
      SPEND[1],
    );
    const read = readDefenceDraft(typed, SPEND, "precision");
    expect(read.request).toEqual({
      optionId: "precision",
      itemId: null,
      mode: null,
      aim: null,
      custom: [],
      counts: { impact: 1, precision: 1, action: 0, setup: 0 },
    });
    const view = defenceDialogContext(defenceInput("precision", SPEND), typed, localize, format);
    expect(view.counts.map((c) => [c.label, c.value, c.max])).toEqual([
      ["Impact (+5 impact)", "1", 2],
      ["Precision (roll the zone die again)", "1", 2],
      ["Action (an extra action)", "0", 1],
      ["Setup (a level next round)", "0", 2],
    ]);
    expect(view.canSubmit).toBe(true);
  });

  it("refuses a second Action and a count that is no whole number, naming each", () => {
    const draft = defenceDraftFromForm(
      { "counts.action": "2", "counts.setup": "1.5" },
      initialDefenceDraft(SPEND[0]),
      SPEND[0],
    );
    expect(readDefenceDraft(draft, SPEND, "impact").request).toBeNull();
    const view = defenceDialogContext(defenceInput("impact", SPEND), draft, localize, format);
    expect(view.canSubmit).toBe(false);
    expect(view.counts.find((c) => c.id === "action")!.error).toBe(
      "Action (an extra action): 2 is not a whole number from 0 to 1.",
    );
    expect(view.counts.find((c) => c.id === "setup")!.error).toBe(
      "Setup (a level next round): 1.5 is not a whole number from 0 to 2.",
    );
  });

  it("leaves a prompt without counts as it was (no counts in the request)", () => {
    const plain = SPEND.map(({ counts: _c, ...o }) => o);
    const read = readDefenceDraft(initialDefenceDraft(plain[0]), plain, "impact");
    expect(read.request).not.toBeNull();
    expect(read.request!.counts).toBeUndefined();
  });
});
