/**
 * The attack dialog's pure logic (src/foundry/combat/attack-form.ts): the draft a dialog opens
 * with, the draft after each kind of form change, every field's check with the message naming
 * the field and the value, the rules' own refusals (HM3 EML builder, seed 003 lines 175-181,
 * 208-215) shown beside the field they name, the itemised breakdown, and the view model.
 */
import { describe, expect, it } from "vitest";
import type { AttackOption } from "../../../src/core/combat";
import { InputError } from "../../../src/core/errors";
import {
  attackDialogContext,
  attackDraftFromForm,
  initialAttackDraft,
  previewProblem,
  readAttackDraft,
  type AttackDraft,
} from "../../../src/foundry/combat/attack-form";
import { breakdown, customFromForm, problemMessage } from "../../../src/foundry/combat/dialog-form";
import { hm3Combat } from "../../../src/rules/hm3/combat";
import { format, localize } from "../stand-ins/handlebars";
import { attackInput, BOW, DAGGER, OPTIONS, preview, SITUATION, SWORD, XSS } from "./fixtures";

const draft = (extra: Partial<AttackDraft> = {}): AttackDraft => ({
  ...initialAttackDraft(OPTIONS, SITUATION, null),
  ...extra,
});

/** The messages of a draft's problems, in order. */
function messages(d: AttackDraft): string[] {
  const read = readAttackDraft(d, OPTIONS);
  return read.problems.map((p) => problemMessage(p, localize, format));
}

describe("the draft a dialog opens with", () => {
  it("takes the first item that can attack, its first mode, the mid aim, the measured situation", () => {
    expect(initialAttackDraft(OPTIONS, SITUATION, null)).toEqual({
      itemId: SWORD.itemId,
      mode: "blunt",
      aim: "mid",
      band: "",
      engagingDefender: "2",
      defenderProne: false,
      distance: "1",
      custom: [],
    });
  });

  it("takes the item asked for (the sheet's button, a macro), even one that cannot attack now", () => {
    expect(initialAttackDraft(OPTIONS, SITUATION, BOW.itemId).itemId).toBe(BOW.itemId);
    expect(initialAttackDraft(OPTIONS, SITUATION, DAGGER.itemId).itemId).toBe(DAGGER.itemId);
    expect(initialAttackDraft(OPTIONS, SITUATION, "gone").itemId).toBe(SWORD.itemId);
  });

  it("leaves an unmeasured distance empty and copes with no option at all", () => {
    const d = initialAttackDraft(
      [],
      { engagingDefender: 1, defenderProne: true, distance: null },
      null,
    );
    expect(d).toMatchObject({ itemId: "", mode: "", aim: "", distance: "", defenderProne: true });
  });

  it("aims at the first zone when the option has no mid zone", () => {
    const high = { ...SWORD, aims: [{ id: "high", labelKey: "x" }] };
    expect(initialAttackDraft([high], SITUATION, null).aim).toBe("high");
  });
});

describe("the draft after a change", () => {
  const start = draft({ mode: "edge", aim: "low", band: "", distance: "40" });

  it("reads numbers, text and the prone box as FormDataExtended gives them", () => {
    const next = attackDraftFromForm(
      {
        itemId: SWORD.itemId,
        mode: "point",
        aim: "high",
        engagingDefender: 3,
        defenderProne: true,
        distance: null,
        "custom.0.label": "Darkness",
        "custom.0.value": -10,
      },
      start,
      OPTIONS,
    );
    expect(next).toEqual({
      itemId: SWORD.itemId,
      mode: "point",
      aim: "high",
      band: "",
      engagingDefender: "3",
      defenderProne: true,
      distance: "",
      custom: [{ label: "Darkness", value: "-10" }],
    });
  });

  it("an unchecked prone box (absent from raw form data) is not prone", () => {
    const prone = draft({ defenderProne: true });
    expect(attackDraftFromForm({}, prone, OPTIONS).defenderProne).toBe(false);
    expect(attackDraftFromForm({ defenderProne: "on" }, draft(), OPTIONS).defenderProne).toBe(true);
  });

  it("another item keeps the mode and aim it offers, else its first mode; the band goes back to automatic", () => {
    const bow = attackDraftFromForm({ itemId: BOW.itemId, band: "long" }, start, OPTIONS);
    expect(bow).toMatchObject({ itemId: BOW.itemId, mode: "point", aim: "low", band: "" });
    const pointy = draft({ mode: "point" });
    expect(attackDraftFromForm({ itemId: BOW.itemId }, pointy, OPTIONS).mode).toBe("point");
    const chosen = attackDraftFromForm({ itemId: BOW.itemId, band: "long" }, bow, OPTIONS);
    expect(chosen.band).toBe("long");
  });

  it("modifier rows come in row order, a missing half empty", () => {
    expect(
      customFromForm({
        "custom.2.value": 5,
        "custom.0.label": "Rain",
        "custom.0.value": "-5",
        "custom.2.label": "Higher ground",
        "custom.x.label": "ignored",
        other: 1,
      }),
    ).toEqual([
      { label: "Rain", value: "-5" },
      { label: "Higher ground", value: "5" },
    ]);
    expect(customFromForm({ "custom.0.value": 3 })).toEqual([{ label: "", value: "3" }]);
  });
});

describe("reading a draft into a request", () => {
  it("builds the request: band null for automatic, labels trimmed, numbers read", () => {
    const read = readAttackDraft(
      draft({
        mode: "edge",
        aim: "high",
        engagingDefender: " 3 ",
        defenderProne: true,
        distance: "1.5",
        custom: [{ label: "  Darkness ", value: "-10" }],
      }),
      OPTIONS,
    );
    expect(read).toEqual({
      request: {
        itemId: SWORD.itemId,
        mode: "edge",
        aim: "high",
        band: null,
        situation: { engagingDefender: 3, defenderProne: true, distance: 1.5 },
        custom: [{ label: "Darkness", value: -10 }],
      },
      problems: [],
    });
    const bow = readAttackDraft(
      draft({ itemId: BOW.itemId, mode: "point", band: "long", distance: "" }),
      OPTIONS,
    );
    expect(bow.request).toMatchObject({ band: "long", situation: { distance: null } });
  });

  it("names an unknown item with the choices, and an item that cannot attack with why", () => {
    expect(messages(draft({ itemId: "wpGone0000000001" }))).toEqual([
      `Weapon: "wpGone0000000001" is not one of Broadsword ${XSS}, Longbow, Dagger.`,
    ]);
    expect(messages(draft({ itemId: DAGGER.itemId, mode: "point" }))).toEqual([
      'Weapon: "Dagger" cannot be used now: Counterstrike needs a weapon in hand.',
    ]);
  });

  it("names a mode, aim or band the item does not offer", () => {
    expect(messages(draft({ mode: "fire", aim: "feet" }))).toEqual([
      'Mode: "fire" is not one of blunt, edge, point.',
      'Aim: "feet" is not one of high, mid, low.',
    ]);
    // A melee weapon has no band to choose.
    expect(readAttackDraft(draft({ band: "long" }), OPTIONS).problems.map((p) => p.name)).toEqual([
      "band",
    ]);
    expect(messages(draft({ itemId: BOW.itemId, mode: "point", band: "far" }))).toEqual([
      'Range: "far" is not one of short, medium, long, extreme.',
    ]);
  });

  it.each([
    ["", "Hostiles engaging the defender may not be empty."],
    ["many", 'Hostiles engaging the defender: "many" is not a number.'],
    ["1.5", "Hostiles engaging the defender: 1.5 is not a whole number."],
    ["0", "Hostiles engaging the defender: 0 is less than 1."],
    ["-2", "Hostiles engaging the defender: -2 is less than 1."],
  ])("hostiles %j: %s", (value, message) => {
    expect(messages(draft({ engagingDefender: value }))).toEqual([message]);
  });

  it.each([
    ["far", 'Distance (hexes): "far" is not a number.'],
    ["-1", "Distance (hexes): -1 is less than 0."],
  ])("distance %j: %s", (value, message) => {
    expect(messages(draft({ distance: value }))).toEqual([message]);
  });

  it("names each modifier row's bad name or value with its row number", () => {
    expect(
      messages(
        draft({
          custom: [
            { label: "Darkness", value: "-10" },
            { label: "  ", value: "5" },
            { label: "Slope", value: "2.5" },
            { label: "Wind", value: "" },
          ],
        }),
      ),
    ).toEqual([
      "Modifier 2, name may not be empty.",
      "Modifier 3, value: 2.5 is not a whole number.",
      "Modifier 4, value may not be empty.",
    ]);
  });

  it("reports every problem at once", () => {
    const read = readAttackDraft(draft({ aim: "", engagingDefender: "0", distance: "x" }), OPTIONS);
    expect(read.request).toBeNull();
    expect(read.problems.map((p) => p.name)).toEqual(["aim", "engagingDefender", "distance"]);
  });
});

describe("the rules' refusals", () => {
  it("an InputError naming a request field goes beside that field, with the value", () => {
    const p = previewProblem(new InputError("opponents", 25, "must be between 1 and 20"));
    expect(p.name).toBe("engagingDefender");
    expect(problemMessage(p, localize, format)).toBe(
      "Hostiles engaging the defender: 25 is not allowed by the rules.",
    );
    for (const [field, name] of [
      ["situation.engagingDefender", "engagingDefender"],
      ["situation.distance", "distance"],
      ["situation.defenderProne", "defenderProne"],
      ["itemId", "itemId"],
      ["mode", "mode"],
      ["aim", "aim"],
      ["band", "band"],
    ])
      expect(previewProblem(new InputError(field!, 1, "x")).name).toBe(name);
  });

  it("a modifier row's refusal names the row (custom[1] and custom.1 alike)", () => {
    for (const field of ["custom[1].value", "custom.1.value"]) {
      const p = previewProblem(new InputError(field, 500, "must be between -100 and 100"));
      expect(p.name).toBe("custom.1.value");
      expect(problemMessage(p, localize, format)).toBe(
        "Modifier 2, value: 500 is not allowed by the rules.",
      );
    }
    expect(previewProblem(new InputError("custom[0].label", "", "expected a name")).name).toBe(
      "custom.0.label",
    );
  });

  it("one naming the fighter's own data names its path; anything else is a bug", () => {
    const p = previewProblem(new InputError("physicalPenalty", 300, "must be between 0 and 100"));
    expect(p.name).toBe("");
    expect(problemMessage(p, localize, format)).toBe(
      "physicalPenalty: 300 is not allowed by the rules.",
    );
    expect(problemMessage(previewProblem(new TypeError("boom")), localize, format)).toBe(
      "The target cannot be worked out; the console has the details.",
    );
  });
});

describe("the breakdown", () => {
  it("itemises the HM3 melee EML: AML, PP×5, aim, prone target, the user's own (seed 003 175-181)", () => {
    const target = preview({
      itemId: SWORD.itemId,
      mode: "edge",
      aim: "high",
      band: null,
      situation: { engagingDefender: 3, defenderProne: true, distance: 1 },
      custom: [{ label: XSS, value: -10 }],
    });
    const b = breakdown(target, localize, format, hm3Combat.labels);
    expect(b.rows).toEqual([
      { label: "AML", value: "70", kind: "base" },
      { label: "Physical Penalty", value: "\u221210", kind: "modifier" },
      { label: "Aiming high", value: "\u221210", kind: "modifier" },
      { label: "Prone opponent", value: "+20", kind: "modifier" },
      { label: XSS, value: "\u221210", kind: "custom" },
      { label: "Sum", value: "60", kind: "raw" },
      { label: "Rolled against", value: "60", kind: "value" },
    ]);
    expect(b.clampedNote).toBeNull();
  });

  it("says when the rules limit the value (HM3 EML 5..95, hm3.md §2)", () => {
    const target = preview({
      itemId: SWORD.itemId,
      mode: "edge",
      aim: "mid",
      band: null,
      situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
      custom: [{ label: "Blind", value: -100 }],
    });
    const b = breakdown(target, localize, format, hm3Combat.labels);
    expect([b.raw, b.value]).toEqual([-40, 5]);
    expect(b.rows.at(-2)).toEqual({ label: "Sum", value: "\u221240", kind: "raw" });
    expect(b.rows.at(-1)).toEqual({ label: "Rolled against", value: "5", kind: "value" });
    expect(b.clampedNote).toBe("limited to 5");
  });

  it("names outnumbered, the missile defences' bases and range bands", () => {
    const labels = (keys: string[]) =>
      breakdown(
        {
          baseKey: "dml",
          base: 50,
          modifiers: keys.map((key) => ({ key, value: -1, source: "s" })),
          raw: 50 - keys.length,
          value: 50 - keys.length,
        },
        localize,
        format,
        hm3Combat.labels,
      )
        .rows.slice(1, -2)
        .map((r) => r.label);
    expect(
      labels([
        "outnumbered",
        "aim.low",
        "missileDefence.weaponHalf",
        "missileDefence.weapon05",
        "missileDefence.dodgeHalf",
        "range.extreme",
      ]),
    ).toEqual([
      "Outnumbered",
      "Aiming low",
      "Blocking a missile with a weapon (half ML)",
      "Blocking a fast missile with a weapon (ML 05)",
      "Dodging a fast missile (half ML)",
      "Extreme range",
    ]);
  });

  it("names missile range bands; a key the ruleset does not label gets the generic label, never the raw key (review M2)", () => {
    const b = breakdown(
      {
        baseKey: "odd",
        base: 50,
        modifiers: [
          { key: "range.long", value: -40, source: "s" },
          { key: "newRule", value: 5, source: "s" },
        ],
        raw: 15,
        value: 15,
      },
      localize,
      format,
      hm3Combat.labels,
    );
    expect(b.rows.map((r) => r.label)).toEqual([
      localize("BLOWBYBLOW.Modifier.Base.other"),
      "Long range",
      localize("BLOWBYBLOW.Modifier.other"),
      "Sum",
      "Rolled against",
    ]);
    expect(localize("BLOWBYBLOW.Modifier.other")).not.toBe("BLOWBYBLOW.Modifier.other");
  });

  it("labels come from the ruleset given: another ruleset's keys are not HM3's", () => {
    const other = {
      modifiers: { "gurps.shield": "BLOWBYBLOW.Modifier.outnumbered" },
      bases: { skill: "BLOWBYBLOW.Modifier.Base.ml" },
    };
    const b = breakdown(
      {
        baseKey: "skill",
        base: 12,
        modifiers: [
          { key: "gurps.shield", value: 2, source: "s" },
          { key: "range.long", value: -4, source: "s" },
        ],
        raw: 10,
        value: 10,
      },
      localize,
      format,
      other,
    );
    expect(b.rows.slice(0, 3).map((r) => r.label)).toEqual([
      "ML",
      "Outnumbered",
      localize("BLOWBYBLOW.Modifier.other"),
    ]);
  });
});

describe("the attack dialog's view", () => {
  const view = (d: AttackDraft, extra: Record<string, unknown> = {}) =>
    attackDialogContext(attackInput(extra) as never, d, localize, format);

  it("lists every item, the one that cannot attack disabled with why", () => {
    const c = view(draft());
    expect(c.heading).toBe(`Sir Aldric ${XSS} attacks Brigand <b>bold</b>`);
    expect(c.weapons).toEqual([
      {
        id: SWORD.itemId,
        name: SWORD.name,
        label: SWORD.name,
        reason: null,
        checked: true,
        disabled: false,
      },
      {
        id: BOW.itemId,
        name: "Longbow",
        label: "Longbow",
        reason: null,
        checked: false,
        disabled: false,
      },
      {
        id: DAGGER.itemId,
        name: "Dagger",
        label: "Dagger (Counterstrike needs a weapon in hand.)",
        reason: "Counterstrike needs a weapon in hand.",
        checked: false,
        disabled: true,
      },
    ]);
  });

  it("labels the breakdown by the ruleset it is given: a key it lacks is the generic label, never raw (review M2)", () => {
    const d = draft({ aim: "high", engagingDefender: "3" });
    const hm3 = view(d).breakdown!.rows.map((r) => r.label);
    expect(hm3.slice(0, 3)).toEqual(["AML", "Physical Penalty", "Aiming high"]);
    const bare = view(d, { labels: { modifiers: {}, bases: {} } }).breakdown!.rows;
    const other = localize("BLOWBYBLOW.Modifier.other");
    expect(bare[0]!.label).toBe(localize("BLOWBYBLOW.Modifier.Base.other"));
    const modifiers = bare.filter((r) => r.kind === "modifier");
    expect(modifiers.length).toBeGreaterThan(1);
    for (const r of modifiers) expect(r.label).toBe(other);
    for (const r of bare) expect(r.label).not.toMatch(/^(aim\.|physicalPenalty|aml)/);
  });

  it("shows a melee weapon's modes with their impact and its aims; no bands", () => {
    const c = view(draft({ mode: "edge" }));
    expect(c.kind).toBe("melee");
    expect(c.modes).toEqual([
      { id: "blunt", label: "Blunt", impact: "impact 3", checked: false },
      { id: "edge", label: "Edge", impact: "impact 5", checked: true },
      { id: "point", label: "Point", impact: "impact 3", checked: false },
    ]);
    expect(c.aims.map((a) => [a.label, a.checked])).toEqual([
      ["High", false],
      ["Mid", true],
      ["Low", false],
    ]);
    expect(c.bands).toEqual([]);
  });

  it("shows a missile's bands, the distance's own first (automatic) and each by hand", () => {
    const c = view(draft({ itemId: BOW.itemId, mode: "point", distance: "80" }));
    expect(c.modes[0]!.impact).toBeNull();
    expect(c.bands).toEqual([
      { id: "", label: "From distance (80 hexes): Long", checked: true },
      { id: "short", label: "Short (up to 25 hexes, impact 9)", checked: false },
      { id: "medium", label: "Medium (up to 50 hexes, impact 8)", checked: false },
      { id: "long", label: "Long (up to 100 hexes, impact 7)", checked: false },
      { id: "extreme", label: "Extreme (up to 200 hexes, impact 6)", checked: false },
    ]);
    expect(c.breakdown!.rows.map((r) => r.label)).toContain("Long range"); // −40, seed 003 line 212
    expect(c.canSubmit).toBe(true);
    const manual = view(
      draft({ itemId: BOW.itemId, mode: "point", distance: "80", band: "short" }),
    );
    expect(manual.bands.find((b) => b.checked)!.id).toBe("short");
    expect(manual.breakdown!.value).toBe(65); // AML 75 − 10 (PP 2) + 0 (short), seed 003 line 212
    expect(
      view(draft({ itemId: BOW.itemId, mode: "point" }), { bandFor: undefined }).bands[0]!.label,
    ).toBe("From distance (1 hexes)");
  });

  it("beyond the longest band, or unmeasured, asks for a band and refuses the attack", () => {
    const far = view(draft({ itemId: BOW.itemId, mode: "point", distance: "300" }));
    expect(far.bands[0]!.label).toBe("From distance (300 hexes): out of range");
    expect(far.errors.band).toBe("Range: no range band reaches 300 hexes; choose one.");
    expect([far.breakdown, far.canSubmit]).toEqual([null, false]);
    const unknown = view(draft({ itemId: BOW.itemId, mode: "point", distance: "" }));
    expect(unknown.bands[0]!.label).toBe("From distance: not measured");
    expect(unknown.errors.band).toBe(
      "Range: the distance is not measured; type it or choose a band.",
    );
  });

  it("HM3 on a 5-ft scene: the distance in feet, its band in hexes (rulings R37, R43)", () => {
    // As the adapter binds it (src/foundry/combat/actions.ts): the measured units passed on.
    const extra = { bandFor: (o: AttackOption, d: number) => hm3Combat.bandFor(o, d, "ft") };
    const feet = (distance: number) =>
      view(initialAttackDraft(OPTIONS, { ...SITUATION, distance, units: "ft" }, BOW.itemId), extra);
    const near = feet(125); // 25 hexes: Short's last
    expect(near.bands[0]!.label).toBe("From distance (125 ft): Short");
    expect(near.unitsNote).toBe("In the scene's grid units: ft.");
    expect(near.distanceLabel).toBe("Distance (ft)");
    // Without units (a ruleset that does not read them): hexes.
    expect(view(draft()).distanceLabel).toBe("Distance (hexes)");
    expect(feet(130).bands[0]!.label).toBe("From distance (130 ft): Medium");
    const far = feet(1005); // 201 hexes
    expect(far.bands[0]!.label).toBe("From distance (1005 ft): out of range");
    expect(far.errors.band).toBe("Range: no range band reaches 1005 ft; choose one.");
  });

  it("shows the breakdown of a valid request and allows the attack", () => {
    const c = view(draft({ mode: "edge", engagingDefender: "1" }));
    expect(c.breakdown!.rows.map((r) => `${r.label} ${r.value}`)).toEqual([
      "AML 70",
      "Physical Penalty \u221210",
      "Sum 60",
      "Rolled against 60",
    ]);
    expect(c.canSubmit).toBe(true);
    expect(Object.values(c.errors).every((e) => e === null)).toBe(true);
    expect(c.formErrors).toEqual([]);
    expect(c.showModifiers).toBe(true);
  });

  it("a form problem stands beside its field: no breakdown, no attack", () => {
    const c = view(draft({ engagingDefender: "0", custom: [{ label: "", value: "x" }] }));
    expect(c.errors.engagingDefender).toBe("Hostiles engaging the defender: 0 is less than 1.");
    expect(c.custom).toEqual([
      {
        index: 0,
        labelName: "custom.0.label",
        valueName: "custom.0.value",
        label: "",
        value: "x",
        labelError: "Modifier 1, name may not be empty.",
        valueError: 'Modifier 1, value: "x" is not a number.',
      },
    ]);
    expect([c.breakdown, c.canSubmit]).toEqual([null, false]);
  });

  it("the rules' refusal from the preview stands beside its field and disables Attack", () => {
    const c = view(draft({ engagingDefender: "25" }));
    expect(c.errors.engagingDefender).toBe(
      "Hostiles engaging the defender: 25 is not allowed by the rules.",
    );
    const custom = view(draft({ custom: [{ label: "Huge", value: "500" }] }));
    expect(custom.custom[0]!.valueError).toBe(
      "Modifier 1, value: 500 is not allowed by the rules.",
    );
    expect([custom.breakdown, custom.canSubmit]).toEqual([null, false]);
  });

  it("a preview that fails otherwise is reported as a bug, with no attack", () => {
    const original = console.error;
    console.error = () => undefined;
    try {
      const c = view(draft(), {
        preview: () => {
          throw new Error("bug");
        },
      });
      expect(c.formErrors).toEqual([
        "The target cannot be worked out; the console has the details.",
      ]);
      expect(c.canSubmit).toBe(false);
    } finally {
      console.error = original;
    }
  });

  it("with nothing to attack with, says so", () => {
    const c = view(draft({ itemId: DAGGER.itemId, mode: "point" }), { options: [DAGGER] });
    expect(c.formErrors).toEqual([`Sir Aldric ${XSS} has nothing to attack with now.`]);
    expect(c.errors.itemId).toBe(
      'Weapon: "Dagger" cannot be used now: Counterstrike needs a weapon in hand.',
    );
    expect(c.canSubmit).toBe(false);
    const none = view(initialAttackDraft([], SITUATION, null), { options: [] });
    expect(none.formErrors).toEqual([`Sir Aldric ${XSS} has nothing to attack with now.`]);
    expect(none.modes).toEqual([]);
  });
});

describe("a player's dialog warns what the GM will have to approve (issue 15)", () => {
  const hint = { approval: { cap: 20, measured: { ...SITUATION } } };
  const view = (d: AttackDraft, extra: Record<string, unknown> = hint) =>
    attackDialogContext(attackInput(extra) as never, d, localize, format);

  it("as measured, within the cap: no note; the cap is said beside the modifiers", () => {
    const c = view(draft({ custom: [{ label: "high ground", value: "20" }] }));
    expect(c.approvalNotes).toEqual([]);
    expect(c.customCap).toBe("Up to ±20 in total without the GM's approval.");
    expect(c.canSubmit).toBe(true);
  });

  it("a situation set by hand, rows beyond the cap and a band that does not fit are each said", () => {
    const c = view(
      draft({
        itemId: BOW.itemId,
        mode: "point",
        band: "long",
        engagingDefender: "5",
        custom: [
          { label: "a", value: "100" },
          { label: "b", value: "-70" },
        ],
      }),
    );
    expect(c.approvalNotes).toEqual([
      "You changed the situation your map measured: the GM will have to approve this attack before the defence.",
      "Custom modifiers total +30, beyond this world's cap of ±20: the GM will have to approve this attack.",
      "The range band chosen is not the band of the measured distance: the GM will have to approve this attack.",
    ]);
    // Still possible: the GM decides.
    expect(c.canSubmit).toBe(true);
  });

  it("a GM's dialog (no hint) says nothing", () => {
    const c = view(draft({ engagingDefender: "5" }), {});
    expect(c.approvalNotes).toEqual([]);
    expect(c.customCap).toBeNull();
  });
});
