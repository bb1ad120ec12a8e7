/**
 * The attack and defence dialogs (src/foundry/combat/{attack,defence}-dialog.ts) against the
 * ApplicationV2 stand-in: options merged along the class chain, parts rendered from the real
 * templates (user text escaped), a change re-rendering only the breakdown unless it changes
 * the fields, the promise resolved once (the request on submit, null on close), modifier rows
 * added and removed, `syncForm` keeping field messages and the submit button in step, and the
 * real HM3 rules (src/rules/hm3/combat.ts) behind the attack dialog's preview.
 */
import "../stand-ins";
import { existsSync } from "node:fs";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetStandIns } from "../stand-ins/globals";
import { repoFile } from "../stand-ins/handlebars";
import {
  AttackDialog,
  fieldMessages,
  PromptDialog,
  syncForm,
  type PromptContext,
} from "../../../src/foundry/combat/attack-dialog";
import { DefenceDialog } from "../../../src/foundry/combat/defence-dialog";
import type { AttackRequest, ChoiceRequest } from "../../../src/core/combat";
import { hm3Combat } from "../../../src/rules/hm3";
import { attackInput, BOW, DEFENCES, defenceInput, knightSnapshot, SWORD, XSS } from "./fixtures";

type Obj = Record<string, unknown>;

/** What the stand-in adds to an application (DOM-free render results). */
interface StandIn {
  renderedHTML: Record<string, string>;
  renderedContext: Obj | null;
  options: Obj & { classes: string[]; actions: Obj; form: Obj; window: Obj; id: string };
  state: number;
}

function attackDialog(extra: Obj = {}) {
  let result: AttackRequest | null | undefined;
  const dialog = new AttackDialog(attackInput(extra) as never, (r) => (result = r));
  return { dialog, standIn: dialog as unknown as StandIn, result: () => result };
}

function defenceDialog(optionId: string) {
  let result: ChoiceRequest | null | undefined;
  const dialog = new DefenceDialog(defenceInput(optionId), (r) => (result = r));
  return { dialog, standIn: dialog as unknown as StandIn, result: () => result };
}

const ESCAPED = "&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;";

beforeEach(() => {
  resetStandIns();
});

describe("dialog classes", () => {
  it("merge their options along the class chain", () => {
    const { standIn } = attackDialog();
    expect(standIn.options.classes).toEqual([
      "application",
      "blow-by-blow",
      "bbb-dialog",
      "bbb-attack-dialog",
    ]);
    expect(standIn.options.tag).toBe("form");
    expect(Object.keys(standIn.options.actions).sort()).toEqual([
      "addModifier",
      "cancel",
      "removeModifier",
    ]);
    expect(standIn.options.form).toMatchObject({ submitOnChange: false, closeOnSubmit: false });
    expect(typeof standIn.options.form.handler).toBe("function");
    expect(standIn.options.window.title).toBe("BLOWBYBLOW.Dialog.Attack.title");
    expect(standIn.options.id).toBe("bbb-attack-{id}");
    const defence = defenceDialog("block").standIn;
    expect(defence.options.classes).toContain("bbb-defence-dialog");
    expect((defence.options as unknown as { position: Obj }).position).toMatchObject({
      width: 480,
      height: "auto",
    });
  });

  it("have a template file for every part", () => {
    for (const cls of [AttackDialog, DefenceDialog]) {
      expect(Object.keys(cls.PARTS)).toEqual(["form", "modifiers", "breakdown", "footer"]);
      for (const part of Object.values(cls.PARTS))
        expect(existsSync(repoFile(part.template)), part.template).toBe(true);
    }
    expect(PromptDialog).toBeTypeOf("function");
  });
});

describe("the attack dialog", () => {
  it("renders every part from the real templates, user text escaped", async () => {
    const { dialog, standIn } = attackDialog();
    await dialog.render({ force: true });
    expect(Object.keys(standIn.renderedHTML)).toEqual(["form", "modifiers", "breakdown", "footer"]);
    const form = standIn.renderedHTML.form!;
    expect(form).toContain(`Sir Aldric ${ESCAPED} attacks Brigand &lt;b&gt;bold&lt;/b&gt;`);
    expect(form).toContain(`Broadsword ${ESCAPED}`);
    expect(form).not.toContain("<img");
    expect(form).toMatch(/<option\s+value="wpDagger00000001"\s+disabled\s*>/);
    expect(form).toMatch(/<option\s+value="wpSword000000001"\s+selected\s*>/);
    expect(form).toMatch(/name="mode" value="blunt" checked/);
    expect(form).toMatch(/name="aim" value="mid" checked/);
    expect(form).toContain('name="engagingDefender"');
    expect(form).toContain('value="2"');
    const breakdown = standIn.renderedHTML.breakdown!;
    expect(breakdown).toContain("Physical Penalty");
    expect(breakdown).toContain("Rolled against");
    expect(standIn.renderedHTML.footer).toContain('aria-disabled="false"');
    expect(standIn.renderedHTML.footer).toContain("Attack");
  });

  it("a change of a value re-renders the breakdown only; a change of item or distance, everything", async () => {
    const { dialog, standIn } = attackDialog();
    await dialog.render({ force: true });
    await dialog.applyForm({
      itemId: SWORD.itemId,
      mode: "edge",
      aim: "high",
      engagingDefender: 2,
      defenderProne: true,
      distance: 1,
    });
    expect(Object.keys(standIn.renderedHTML)).toEqual(["breakdown"]);
    expect(standIn.renderedHTML.breakdown).toContain("Prone opponent");
    expect(standIn.renderedHTML.breakdown).toContain("Aiming high");
    await dialog.applyForm({ itemId: BOW.itemId, engagingDefender: 2, distance: 1 });
    expect(Object.keys(standIn.renderedHTML)).toHaveLength(4);
    expect(standIn.renderedHTML.form).toContain("From distance (1 hexes): Short");
    await dialog.applyForm({ itemId: BOW.itemId, engagingDefender: 2, distance: 120 });
    expect(standIn.renderedHTML.form).toContain("From distance (120 hexes): Extreme");
  });

  it("submits the request once and closes", async () => {
    const { dialog, standIn, result } = attackDialog();
    await dialog.render({ force: true });
    const request = await dialog.submitForm({
      itemId: SWORD.itemId,
      mode: "point",
      aim: "low",
      engagingDefender: 3,
      defenderProne: false,
      distance: 1,
      "custom.0.label": XSS,
      "custom.0.value": "-5",
    });
    const expected = {
      itemId: SWORD.itemId,
      mode: "point",
      aim: "low",
      band: null,
      situation: { engagingDefender: 3, defenderProne: false, distance: 1 },
      custom: [{ label: XSS, value: -5 }],
    };
    expect(request).toEqual(expected);
    expect(result()).toEqual(expected);
    expect(dialog.settled).toBe(true);
    expect(standIn.state).toBe(-1); // closed
    await dialog.close();
    expect(result()).toEqual(expected);
  });

  it("the form handler (Foundry's submit) resolves with FormDataExtended's object", async () => {
    const { dialog, standIn, result } = attackDialog();
    const handler = standIn.options.form.handler as (
      this: unknown,
      e: unknown,
      f: unknown,
      d: { object: Obj },
    ) => Promise<void>;
    await handler.call(dialog, null, null, {
      object: { itemId: SWORD.itemId, mode: "edge", aim: "mid", engagingDefender: 1, distance: 1 },
    });
    expect(result()).toMatchObject({ itemId: SWORD.itemId, mode: "edge" });
  });

  it("refuses a bad form: nothing resolved, the message beside the field, Attack disabled", async () => {
    const { dialog, standIn, result } = attackDialog();
    expect(
      await dialog.submitForm({ itemId: SWORD.itemId, engagingDefender: "0", distance: 1 }),
    ).toBeNull();
    expect(result()).toBeUndefined();
    expect(dialog.settled).toBe(false);
    expect(standIn.renderedHTML.form).toContain(
      "Hostiles engaging the defender: 0 is less than 1.",
    );
    expect(standIn.renderedHTML.footer).toContain('aria-disabled="true"');
    // The rules' own refusal (more than 20 hostiles) also keeps the dialog open.
    expect(
      await dialog.submitForm({ itemId: SWORD.itemId, engagingDefender: 25, distance: 1 }),
    ).toBeNull();
    expect(standIn.renderedHTML.form).toContain("25 is not allowed by the rules.");
  });

  it("resolves null when closed (the window's close button, Escape, Cancel)", async () => {
    const { dialog, standIn, result } = attackDialog();
    await dialog.render({ force: true });
    const cancel = standIn.options.actions.cancel as (this: unknown) => Promise<void>;
    await cancel.call(dialog);
    expect(result()).toBeNull();
    expect(dialog.settled).toBe(true);
    expect(await dialog.submitForm({ itemId: SWORD.itemId, engagingDefender: 1 })).not.toBeNull();
    expect(result()).toBeNull();
  });

  it("adds and removes modifier rows, keeping what was typed", async () => {
    const { dialog, standIn } = attackDialog();
    await dialog.addModifier(null);
    await dialog.addModifier({
      itemId: SWORD.itemId,
      engagingDefender: 2,
      "custom.0.label": "Rain",
      "custom.0.value": "-5",
    });
    expect(dialog.draft.custom).toEqual([
      { label: "Rain", value: "-5" },
      { label: "", value: "" },
    ]);
    expect(standIn.renderedHTML.modifiers).toContain('name="custom.1.label"');
    expect(standIn.renderedHTML.modifiers).toContain("Modifier 2, name may not be empty.");
    const remove = standIn.options.actions.removeModifier as (
      this: unknown,
      e: unknown,
      t: unknown,
    ) => Promise<void>;
    const target = { closest: () => ({ dataset: { index: "0" } }) };
    await remove.call(dialog, {}, target);
    expect(dialog.draft.custom).toEqual([{ label: "", value: "" }]);
    await dialog.removeModifier(null, 0);
    expect(dialog.draft.custom).toEqual([]);
    expect(standIn.renderedHTML.modifiers).toContain("None.");
  });

  it("prompt opens the dialog and resolves with what is submitted", async () => {
    const render = vi.spyOn(AttackDialog.prototype, "render").mockResolvedValue(null as never);
    try {
      const promise = AttackDialog.prompt(attackInput({ itemId: BOW.itemId }) as never);
      const opened = render.mock.contexts[0] as AttackDialog;
      expect(opened).toBeInstanceOf(AttackDialog);
      expect(opened.draft.itemId).toBe(BOW.itemId);
      await opened.submitForm({
        itemId: BOW.itemId,
        mode: "point",
        engagingDefender: 1,
        distance: 1,
      });
      await expect(promise).resolves.toMatchObject({ itemId: BOW.itemId, band: null });
    } finally {
      render.mockRestore();
    }
  });

  it("a dialog that cannot render settles with null", async () => {
    const render = vi.spyOn(AttackDialog.prototype, "render").mockRejectedValue(new Error("x"));
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await expect(AttackDialog.prompt(attackInput() as never)).resolves.toBeNull();
      expect(error).toHaveBeenCalled();
    } finally {
      render.mockRestore();
      error.mockRestore();
    }
  });
});

describe("the defence dialog", () => {
  it("Block: the items as radio buttons with their targets, names escaped", async () => {
    const { dialog, standIn } = defenceDialog("block");
    await dialog.render({ force: true });
    const form = standIn.renderedHTML.form!;
    expect(form).toContain(`Brigand ${ESCAPED} defends against Sir ${ESCAPED}`);
    expect(form).toContain(`Shortsword ${ESCAPED}`);
    expect(form).not.toContain("<img");
    expect(form).toMatch(/name="itemId" value="wpShortsword0001" checked/);
    expect(form).toContain("target 65");
    expect(standIn.renderedHTML.breakdown).toContain("DML");
    expect(await dialog.submitForm({ itemId: "wpRoundShield001" })).toEqual({
      optionId: "block",
      itemId: "wpRoundShield001",
      mode: null,
      aim: null,
      custom: [],
    });
  });

  it("Counterstrike: the weapon's modes and the aims", async () => {
    const { dialog, standIn, result } = defenceDialog("counterstrike");
    await dialog.render({ force: true });
    expect(standIn.renderedHTML.form).toMatch(/name="mode" value="edge" checked/);
    expect(standIn.renderedHTML.form).toContain("impact 4");
    expect(standIn.renderedHTML.form).toMatch(/name="aim" value="mid" checked/);
    await dialog.submitForm({ itemId: "wpShortsword0001", mode: "point", aim: "high" });
    expect(result()).toEqual({
      optionId: "counterstrike",
      itemId: "wpShortsword0001",
      mode: "point",
      aim: "high",
      custom: [],
    });
  });

  it("Ignore: a confirmation, one click on Defend", async () => {
    const { dialog, standIn, result } = defenceDialog("ignore");
    await dialog.render({ force: true });
    expect(standIn.renderedHTML.breakdown).toContain("Nothing is rolled.");
    expect(standIn.renderedHTML.modifiers).toContain("hidden");
    expect(standIn.renderedHTML.footer).toContain("Defend");
    expect(standIn.renderedHTML.footer).toContain('aria-disabled="false"');
    await dialog.submitForm({});
    expect(result()).toEqual({
      optionId: "ignore",
      itemId: null,
      mode: null,
      aim: null,
      custom: [],
    });
  });

  it("re-renders everything when the item changes, only the breakdown otherwise", async () => {
    const { dialog, standIn } = defenceDialog("block");
    await dialog.render({ force: true });
    await dialog.applyForm({
      itemId: "wpShortsword0001",
      "custom.0.label": "x",
      "custom.0.value": 1,
    });
    expect(Object.keys(standIn.renderedHTML)).toHaveLength(4);
    await dialog.applyForm({
      itemId: "wpShortsword0001",
      "custom.0.label": "x",
      "custom.0.value": 2,
    });
    expect(Object.keys(standIn.renderedHTML)).toEqual(["breakdown"]);
    expect(standIn.renderedHTML.breakdown).toContain("+2");
    await dialog.applyForm({
      itemId: "wpRoundShield001",
      "custom.0.label": "x",
      "custom.0.value": 2,
    });
    expect(Object.keys(standIn.renderedHTML)).toHaveLength(4);
  });

  it("prompt resolves null when closed", async () => {
    const render = vi.spyOn(DefenceDialog.prototype, "render").mockResolvedValue(null as never);
    try {
      const promise = DefenceDialog.prompt(defenceInput("dodge"));
      const opened = render.mock.contexts[0] as DefenceDialog;
      expect(opened.option).toEqual(DEFENCES.find((o) => o.id === "dodge"));
      await opened.close();
      await expect(promise).resolves.toBeNull();
    } finally {
      render.mockRestore();
    }
  });
});

describe("syncForm (after a partial render)", () => {
  /** Just enough DOM for syncForm: slots, named fields, submit buttons. */
  class El {
    dataset: Record<string, string> = {};
    attrs = new Map<string, string>();
    textContent = "old";
    hidden = false;
    disabled = false;
    constructor(attrs: Record<string, string> = {}) {
      for (const [k, v] of Object.entries(attrs)) this.attrs.set(k, v);
    }
    getAttribute(n: string) {
      return this.attrs.get(n) ?? null;
    }
    setAttribute(n: string, v: string) {
      this.attrs.set(n, v);
    }
    removeAttribute(n: string) {
      this.attrs.delete(n);
    }
  }
  const slotFor = (name: string) => Object.assign(new El(), { dataset: { errorFor: name } });

  it("shows each field's message, marks the field, marks the button unless valid", () => {
    const slots = [slotFor("engagingDefender"), slotFor("distance"), slotFor("custom.0.value")];
    const fields = [
      new El({ name: "engagingDefender" }),
      new El({ name: "distance", "aria-invalid": "true" }),
      new El({ name: "custom.0.value" }),
    ];
    const button = new El();
    const root = {
      querySelectorAll: (selector: string) =>
        selector === "[data-error-for]" ? slots : selector === "[name]" ? fields : [button],
    };
    const context: PromptContext = {
      errors: { engagingDefender: "too few", distance: null },
      custom: [
        {
          index: 0,
          labelName: "custom.0.label",
          valueName: "custom.0.value",
          label: "",
          value: "x",
          labelError: null,
          valueError: "not a number",
        },
      ],
      canSubmit: false,
    };
    expect(fieldMessages(context)).toEqual({
      engagingDefender: "too few",
      distance: null,
      "custom.0.label": null,
      "custom.0.value": "not a number",
    });
    syncForm(root as never, context);
    expect(slots.map((s) => [s.textContent, s.hidden])).toEqual([
      ["too few", false],
      ["", true],
      ["not a number", false],
    ]);
    expect(fields.map((f) => f.getAttribute("aria-invalid"))).toEqual(["true", null, "true"]);
    expect([button.getAttribute("aria-disabled"), button.disabled]).toEqual(["true", false]);
    syncForm(root as never, { errors: {}, custom: [], canSubmit: true });
    expect([button.getAttribute("aria-disabled"), button.disabled]).toEqual(["false", false]);
    expect(slots.every((s) => s.hidden)).toBe(true);
  });
});

describe("with the real HM3 rules behind the preview", () => {
  it("shows the attacker's options and the rules' itemised AML (seed 003 lines 175-181)", async () => {
    const attacker = knightSnapshot("Sir Aldric");
    const defender = knightSnapshot("Sir Brand");
    const options = hm3Combat.attackOptions(attacker, defender);
    let result: AttackRequest | null | undefined;
    const dialog = new AttackDialog(
      {
        attacker,
        defender,
        options,
        situation: { engagingDefender: 1, defenderProne: true, distance: 1 },
        itemId: "wpSword000000001",
        preview: (r) => hm3Combat.attackTarget(attacker, defender, r),
        bandFor: (o, d) => hm3Combat.bandFor(o, d),
        labels: hm3Combat.labels,
      },
      (r) => (result = r),
    );
    await dialog.render({ force: true });
    const standIn = dialog as unknown as StandIn;
    const context = standIn.renderedContext as unknown as {
      weapons: { id: string; disabled?: boolean }[];
      breakdown: { rows: { label: string; value: string }[] };
    };
    expect(context.weapons.map((w) => [w.id, w.disabled])).toEqual(
      options.map((o) => [o.itemId, o.unavailableKey !== undefined]),
    );
    const target = hm3Combat.attackTarget(attacker, defender, {
      itemId: "wpSword000000001",
      mode: "blunt",
      aim: "mid",
      band: null,
      situation: { engagingDefender: 1, defenderProne: true, distance: 1 },
      custom: [],
    });
    expect(context.breakdown.rows.at(-1)!.value).toBe(String(target.value));
    expect(context.breakdown.rows.map((r) => r.label)).toContain("Prone opponent");
    expect(standIn.renderedHTML.form).toContain("High");
    await dialog.submitForm({
      itemId: "wpSword000000001",
      mode: "edge",
      aim: "high",
      engagingDefender: 1,
      defenderProne: true,
      distance: 1,
    });
    expect(result).toMatchObject({ itemId: "wpSword000000001", mode: "edge", aim: "high" });
  });
});
