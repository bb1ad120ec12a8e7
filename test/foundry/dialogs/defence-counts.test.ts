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

/** A Gold counterstrike's counts (issue 19): two numbers and two 0/1 toggles, none shared. */
const GOLD_COUNTS = [
  { id: "gold.angry", labelKey: "BLOWBYBLOW.HM3.Gold.Impact.Count.angry", max: 100 },
  { id: "gold.feint", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Count.feint", max: 90 },
  { id: "gold.dodged", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Count.dodged", max: 1, toggle: true },
  { id: "gold.mounted", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Count.mounted", max: 1, toggle: true },
];
const GOLD: ChoiceOptionView[] = [
  { id: "counterstrike", labelKey: "x", items: [], target: null, aims: [], counts: GOLD_COUNTS },
];
const TA = counts.map((c) => ({ ...c, legendKey: "BLOWBYBLOW.HMZD.Combat.Spend.legend" }));

describe("each count's own box, the shared legend only for counts that share it", () => {
  it("puts the tactical advantages under their one legend", () => {
    const spend = SPEND.map((o) => ({ ...o, counts: TA }));
    const view = defenceDialogContext(
      defenceInput("impact", spend),
      initialDefenceDraft(spend[0]),
      localize,
      format,
    );
    expect(view.countGroups.map((g) => [g.legend, g.counts.map((c) => c.id)])).toEqual([
      ["Tactical advantages to spend", ["impact", "precision", "action", "setup"]],
    ]);
    // Action (max 1) is no toggle: still a number field.
    expect(view.counts.some((c) => c.checkbox)).toBe(false);
  });

  it("gives each Gold count its own box, a toggle a checkbox read as 1 or 0", () => {
    const first = initialDefenceDraft(GOLD[0]);
    const view = defenceDialogContext(defenceInput("counterstrike", GOLD), first, localize, format);
    expect(view.countGroups.map((g) => [g.legend, g.counts.map((c) => c.label)])).toEqual([
      [null, ["Angry counterstrike (EML points given up, in tens)"]],
      [null, ["Feint (EML points given up)"]],
      [null, ["Dodged last turn"]],
      [null, ["Mounted"]],
    ]);
    expect(view.counts.map((c) => [c.id, c.checkbox, c.checked])).toEqual([
      ["gold.angry", false, false],
      ["gold.feint", false, false],
      ["gold.dodged", true, false],
      ["gold.mounted", true, false],
    ]);
    // FormDataExtended gives a checkbox's boolean (unticked: false).
    const ticked = defenceDraftFromForm(
      { "counts.gold.dodged": true, "counts.gold.mounted": false, "counts.gold.feint": "20" },
      first,
      GOLD[0],
    );
    expect(readDefenceDraft(ticked, GOLD, "counterstrike").request!.counts).toEqual({
      "gold.angry": 0,
      "gold.feint": 20,
      "gold.dodged": 1,
      "gold.mounted": 0,
    });
    const again = defenceDialogContext(
      defenceInput("counterstrike", GOLD),
      ticked,
      localize,
      format,
    );
    expect(again.counts.find((c) => c.id === "gold.dodged")!.checked).toBe(true);
    const unticked = defenceDraftFromForm({ "counts.gold.dodged": false }, ticked, GOLD[0]);
    expect(readDefenceDraft(unticked, GOLD, "counterstrike").request!.counts!["gold.dodged"]).toBe(
      0,
    );
  });
});
