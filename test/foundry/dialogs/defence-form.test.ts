/**
 * The defence dialog's pure logic (src/foundry/combat/defence-form.ts): the draft it opens
 * with for each HM3 defence (Block, Counterstrike, Dodge, Ignore; hm3.md §2), the draft after
 * a change, every check naming the field and the value, the choice request, and the view:
 * the items with their targets, the counterstrike's modes and aims, the itemised target with
 * the user's modifiers, and the one-click confirmation of an option with nothing to choose.
 */
import { hm3Combat } from "../../../src/rules/hm3/combat";
import { describe, expect, it } from "vitest";
import {
  defenceBreakdown,
  defenceDialogContext,
  defenceDraftFromForm,
  initialDefenceDraft,
  readDefenceDraft,
  type DefenceDraft,
} from "../../../src/foundry/combat/defence-form";
import { problemMessage } from "../../../src/foundry/combat/dialog-form";
import { format, localize } from "../stand-ins/handlebars";
import { DEFENCES, defenceInput, XSS } from "./fixtures";

const option = (id: string) => DEFENCES.find((o) => o.id === id)!;
const draftFor = (id: string, extra: Partial<DefenceDraft> = {}): DefenceDraft => ({
  ...initialDefenceDraft(option(id)),
  ...extra,
});
const messages = (d: DefenceDraft, id: string) =>
  readDefenceDraft(d, DEFENCES, id).problems.map((p) => problemMessage(p, localize, format));
const view = (id: string, d: DefenceDraft = draftFor(id)) =>
  defenceDialogContext(defenceInput(id), d, localize, format);

describe("the draft a defence dialog opens with", () => {
  it("takes the option's first item and its first mode, the mid aim", () => {
    expect(draftFor("block")).toEqual({
      itemId: "wpShortsword0001",
      mode: "",
      aim: "",
      custom: [],
    });
    expect(draftFor("counterstrike")).toEqual({
      itemId: "wpShortsword0001",
      mode: "edge",
      aim: "mid",
      custom: [],
    });
    expect(draftFor("dodge")).toEqual({ itemId: "", mode: "", aim: "", custom: [] });
    expect(initialDefenceDraft(undefined)).toEqual({ itemId: "", mode: "", aim: "", custom: [] });
  });

  it("follows the form: another item keeps the mode only when it offers it", () => {
    const start = draftFor("counterstrike", { mode: "point" });
    const next = defenceDraftFromForm(
      {
        itemId: "wpShortsword0001",
        mode: "point",
        aim: "low",
        "custom.0.label": "Footing",
        "custom.0.value": -5,
      },
      start,
      option("counterstrike"),
    );
    expect(next).toEqual({
      itemId: "wpShortsword0001",
      mode: "point",
      aim: "low",
      custom: [{ label: "Footing", value: "-5" }],
    });
    const block = defenceDraftFromForm({ itemId: "wpRoundShield001" }, start, option("block"));
    expect(block.mode).toBe("");
  });
});

describe("the choice request", () => {
  it("Block names the item; no mode or aim", () => {
    expect(
      readDefenceDraft(draftFor("block", { itemId: "wpRoundShield001" }), DEFENCES, "block"),
    ).toEqual({
      request: { optionId: "block", itemId: "wpRoundShield001", mode: null, aim: null, custom: [] },
      problems: [],
    });
  });

  it("Counterstrike names item, mode and aim, with the user's modifiers", () => {
    const d = draftFor("counterstrike", {
      mode: "point",
      aim: "high",
      custom: [{ label: " Footing ", value: "-5" }],
    });
    expect(readDefenceDraft(d, DEFENCES, "counterstrike").request).toEqual({
      optionId: "counterstrike",
      itemId: "wpShortsword0001",
      mode: "point",
      aim: "high",
      custom: [{ label: "Footing", value: -5 }],
    });
  });

  it("Dodge and Ignore need nothing chosen", () => {
    for (const id of ["dodge", "ignore"])
      expect(readDefenceDraft(draftFor(id), DEFENCES, id).request).toEqual({
        optionId: id,
        itemId: null,
        mode: null,
        aim: null,
        custom: [],
      });
  });

  it("names an item that cannot make the defence, a mode or aim not offered, a bad modifier", () => {
    expect(messages(draftFor("block", { itemId: "wpAxe00000000001" }), "block")).toEqual([
      `Defend with: "wpAxe00000000001" is not one of Shortsword ${XSS}, Round shield.`,
    ]);
    expect(
      messages(
        draftFor("counterstrike", {
          mode: "blunt",
          aim: "feet",
          custom: [{ label: "", value: "1.5" }],
        }),
        "counterstrike",
      ),
    ).toEqual([
      'Mode: "blunt" is not one of edge, point.',
      'Aim: "feet" is not one of high, mid, low.',
      "Modifier 1, name may not be empty.",
      "Modifier 1, value: 1.5 is not a whole number.",
    ]);
  });

  it("refuses an option no longer offered, or one that cannot be chosen now", () => {
    expect(messages(draftFor("dodge"), "feint")).toEqual([
      "The defence feint is no longer offered.",
    ]);
    const refused = DEFENCES.map((o) =>
      o.id === "counterstrike"
        ? { ...o, unavailableKey: "BLOWBYBLOW.HM3.Unavailable.NoWeapon" }
        : o,
    );
    const read = readDefenceDraft(draftFor("counterstrike"), refused, "counterstrike");
    expect(read.problems.map((p) => problemMessage(p, localize, format))).toEqual([
      "Counterstrike cannot be chosen now: Counterstrike needs a weapon in hand.",
    ]);
  });
});

describe("the defence dialog's view", () => {
  it("Block: the items with their targets, the chosen item's itemised DML", () => {
    const c = view("block", draftFor("block", { itemId: "wpRoundShield001" }));
    expect(c.heading).toBe(`Brigand ${XSS} defends against Sir ${XSS}`);
    expect(c.option).toBe("Block");
    expect(c.items).toEqual([
      {
        id: "wpShortsword0001",
        name: `Shortsword ${XSS}`,
        label: `Shortsword ${XSS}`,
        target: "target 50",
        checked: false,
      },
      {
        id: "wpRoundShield001",
        name: "Round shield",
        label: "Round shield",
        target: "target 65",
        checked: true,
      },
    ]);
    expect(c.breakdown!.rows.map((r) => `${r.label} ${r.value}`)).toEqual([
      "DML 70",
      "Physical Penalty \u22125",
      "Sum 65",
      "Rolled against 65",
    ]);
    expect([c.modes, c.aims, c.noRoll, c.limitsNote]).toEqual([[], [], null, null]);
    expect([c.canSubmit, c.showModifiers]).toEqual([true, true]);
  });

  it("Counterstrike: modes with impact and aims", () => {
    const c = view("counterstrike");
    expect(c.modes).toEqual([
      { id: "edge", label: "Edge", impact: "impact 4", checked: true },
      { id: "point", label: "Point", impact: "impact 3", checked: false },
    ]);
    expect(c.aims.map((a) => a.id)).toEqual(["high", "mid", "low"]);
    expect(c.breakdown!.value).toBe(55);
  });

  it("Dodge: the option's own target, no items", () => {
    const c = view("dodge");
    expect(c.items).toEqual([]);
    expect(c.breakdown!.rows[0]).toEqual({ label: "ML", value: "98", kind: "base" });
    expect(c.canSubmit).toBe(true);
  });

  it("Ignore: nothing to choose or roll, one click on Defend", () => {
    const c = view("ignore");
    expect([c.breakdown, c.noRoll, c.showModifiers, c.canSubmit]).toEqual([
      null,
      "Nothing is rolled.",
      false,
      true,
    ]);
  });

  it("adds the user's modifiers to the sum and leaves the limits to the roll", () => {
    const d = draftFor("dodge", {
      custom: [
        { label: XSS, value: "10" },
        { label: "Bad", value: "x" },
      ],
    });
    const c = view("dodge", d);
    expect(c.breakdown!.rows.map((r) => `${r.label} ${r.value}`)).toEqual([
      "ML 98",
      "Physical Penalty \u22125",
      `${XSS} +10`,
      "Sum 103",
    ]);
    expect(c.limitsNote).toBe("The rules' limits apply when rolled.");
    expect(c.custom[1]!.valueError).toBe('Modifier 2, value: "x" is not a number.');
    expect(c.canSubmit).toBe(false);
  });

  it("a missing option is said, and nothing can be submitted", () => {
    const c = defenceDialogContext(defenceInput("feint"), draftFor("dodge"), localize, format);
    expect([c.option, c.formErrors, c.canSubmit, c.showModifiers]).toEqual([
      null,
      ["The defence feint is no longer offered."],
      false,
      false,
    ]);
  });

  it("an unavailable option shows why", () => {
    const refused = DEFENCES.map((o) =>
      o.id === "dodge" ? { ...o, unavailableKey: "BLOWBYBLOW.HM3.Unavailable.NothingToBlock" } : o,
    );
    const c = defenceDialogContext(
      { ...defenceInput("dodge"), options: refused },
      draftFor("dodge"),
      localize,
      format,
    );
    expect(c.reason).toBe("Block needs a weapon or shield in hand.");
    expect(c.canSubmit).toBe(false);
  });

  it("labels the breakdown by the ruleset it is given: a key it lacks is the generic label, never raw (review M2)", () => {
    const labels = { modifiers: {}, bases: { ml: "BLOWBYBLOW.Modifier.Base.ml" } };
    const c = defenceDialogContext(
      { ...defenceInput("dodge"), labels },
      draftFor("dodge"),
      localize,
      format,
    );
    expect(c.breakdown!.rows.slice(0, 2).map((r) => `${r.label} ${r.value}`)).toEqual([
      "ML 98",
      `${localize("BLOWBYBLOW.Modifier.other")} \u22125`,
    ]);
  });

  it("defenceBreakdown without modifiers is the ruleset's own target", () => {
    const t = option("dodge").target!;
    const { breakdown, limitsNote } = defenceBreakdown(t, [], localize, format, hm3Combat.labels);
    expect([breakdown.raw, breakdown.value, limitsNote]).toEqual([93, 93, null]);
  });
});

describe("a player's defence dialog says the world's cap (issue 15)", () => {
  const player = (id: string, d: DefenceDraft) =>
    defenceDialogContext({ ...defenceInput(id), approval: { cap: 20 } }, d, localize, format);

  it("the cap beside the modifiers; within it, no note", () => {
    const c = player("block", draftFor("block", { custom: [{ label: "luck", value: "-20" }] }));
    expect(c.customCap).toBe("Up to ±20 in total without the GM's approval.");
    expect(c.approvalNotes).toEqual([]);
    expect(c.canSubmit).toBe(true);
  });

  it("rows beyond the cap: the GM will have to approve the defence, which can still be sent", () => {
    const d = draftFor("block", {
      custom: [
        { label: "luck", value: "100" },
        { label: "bad", value: "x" },
      ],
    });
    // The unreadable row counts for nothing; it is refused beside it.
    expect(player("block", d).approvalNotes).toEqual([
      "Custom modifiers total +100, beyond this world's cap of ±20: the GM will have to approve this defence.",
    ]);
    const ok = player("block", { ...d, custom: [d.custom[0]!] });
    expect(ok.approvalNotes).toHaveLength(1);
    expect(ok.canSubmit).toBe(true);
  });

  it("a GM's dialog says nothing of a cap", () => {
    const c = view("block", draftFor("block", { custom: [{ label: "luck", value: "100" }] }));
    expect(c.customCap).toBeNull();
    expect(c.approvalNotes).toEqual([]);
  });
});
