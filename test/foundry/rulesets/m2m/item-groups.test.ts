/**
 * The m2m item sheet's switchable groups (issue 16): a weapon mode's maximum damage (L976), a
 * weapon's shield stats (L1071–1076) and their hits (L3179–3181), a missile weapon's damage
 * (null for the oil flask, L3044–3062). The context gives each a box named `bbb.group.<path>`;
 * the submit step turns a changed box into the group's default or null and passes it through
 * the data layer's `checkUpdate` like any other edit. Each result is checked against the
 * block's own validation (`m2mBlockProblems`, strict), so a default that does not fit fails.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import { checkUpdate, formatProblem, type Problem } from "../../../../src/foundry/data/validate";
import type { M2mItemType } from "../../../../src/foundry/rulesets/m2m/item-data";
import { m2mBlockProblems } from "../../../../src/foundry/rulesets/m2m/item-validate";
import { m2mItemContext } from "../../../../src/foundry/rulesets/m2m/sheets/item/context";
import { itemSubmit } from "../../../../src/foundry/rulesets/m2m/sheets/item/submit";
import {
  groupChanges,
  SWITCHABLE_GROUPS,
} from "../../../../src/foundry/rulesets/m2m/sheets/item/groups";
import { AXE_ID, CROSSBOW_ID, friedrickItems, SHIELD_ID } from "./sheet-fixtures";

type Obj = Record<string, unknown>;

const LANG: unknown = JSON.parse(readFileSync("lang/en.json", "utf8"));
const localizer = localizerOf(LANG);
const { localize } = localizer;

const item = (id: string) => structuredClone(friedrickItems().find((i) => i.id === id)!);
const blockOf = (id: string) => item(id).system.m2m as Obj;

function ctx(id: string, block = blockOf(id)) {
  const i = item(id);
  return m2mItemContext({
    type: i.type as M2mItemType,
    system: { ...i.system, m2m: block } as never,
    name: i.name,
    img: "",
    editable: true,
    isGM: true,
    localize,
  });
}

/** Submits `form` for the block through the real checkUpdate; returns the changes, problems, and the block they give. */
function submit(type: M2mItemType, block: Obj, form: Obj) {
  const r = itemSubmit({
    type,
    block,
    form,
    check: (flat) => checkUpdate(`Item.${type}`, flat),
  });
  const after = structuredClone(block);
  for (const [k, v] of Object.entries(r.changes)) after[k.replace(/^system\.m2m\./, "")] = v;
  return { ...r, after };
}

describe("switchable groups: context", () => {
  it("every group has a box with its stored state and a label in lang/en.json", () => {
    for (const g of SWITCHABLE_GROUPS) expect(localize(g.label)).not.toBe(g.label);
    const axe = ctx(AXE_ID).weapon!;
    expect(axe.modes.map((m) => m.mdGroup)).toEqual([
      { name: "bbb.group.m2m.modes.0.md", checked: false, label: "Maximum damage" },
    ]);
    expect(axe.shieldGroup).toEqual({
      name: "bbb.group.m2m.shield",
      checked: false,
      label: "A shield (PD, DR, hits)",
    });
    const shield = ctx(SHIELD_ID).weapon!;
    expect(shield.shieldGroup.checked).toBe(true);
    expect(shield.shield!.hitsGroup).toMatchObject({
      name: "bbb.group.m2m.shield.hits",
      checked: true,
    });
    const xbow = ctx(CROSSBOW_ID).missile!;
    expect(xbow.damageGroup).toMatchObject({ name: "bbb.group.m2m.damage", checked: true });
    const flask = ctx(CROSSBOW_ID, { ...blockOf(CROSSBOW_ID), damage: null }).missile!;
    expect(flask.damageGroup.checked).toBe(false);
    expect(flask.damage).toBeNull();
  });

  it("a mode with a maximum damage shows its dice and adds beside a ticked box", () => {
    const axe = blockOf(AXE_ID);
    (axe.modes as Obj[])[0]!.md = { dice: 1, adds: 2 };
    const mode = ctx(AXE_ID, axe).weapon!.modes[0]!;
    expect(mode.mdGroup.checked).toBe(true);
    expect(mode.md!.dice).toMatchObject({ name: "system.m2m.modes.0.md.dice", value: 1 });
    expect(mode.md!.adds).toMatchObject({ name: "system.m2m.modes.0.md.adds", value: 2 });
  });
});

describe("switchable groups: submit", () => {
  it("ticking a mode's maximum damage sets 1d on that mode alone, written as the whole modes list", () => {
    const axe = blockOf(AXE_ID);
    const r = submit("weapon", axe, { "bbb.group.m2m.modes.0.md": true });
    expect(r.problems).toEqual([]);
    const modes = r.changes["system.m2m.modes"] as Obj[];
    expect(modes[0]!.md).toEqual({ dice: 1, adds: 0 });
    expect({ ...modes[0], md: null }).toEqual((axe.modes as Obj[])[0]);
    expect(m2mBlockProblems("weapon", r.after, { strict: true })).toEqual([]);
  });

  it("unticking it sets it to null and ignores its fields in the same form", () => {
    const axe = blockOf(AXE_ID);
    (axe.modes as Obj[])[0]!.md = { dice: 1, adds: 2 };
    const r = submit("weapon", axe, {
      "bbb.group.m2m.modes.0.md": false,
      "system.m2m.modes.0.md.dice": 3,
      "system.m2m.modes.0.md.adds": 99,
      "system.m2m.modes.0.mod": 1,
    });
    expect(r.problems).toEqual([]);
    const modes = r.changes["system.m2m.modes"] as Obj[];
    expect(modes[0]!.md).toBeNull();
    expect(modes[0]!.mod).toBe(1);
    expect(m2mBlockProblems("weapon", r.after, { strict: true })).toEqual([]);
  });

  it("ticking 'a shield' gives the table's medium shield: PD 3, DR 3, hits 7/40 (L1075, L3166)", () => {
    const r = submit("weapon", blockOf(AXE_ID), { "bbb.group.m2m.shield": true });
    expect(r.problems).toEqual([]);
    expect(r.changes).toEqual({
      "system.m2m.shield": {
        size: "medium",
        pd: 3,
        dr: 3,
        hits: { penetrate: 7, total: 40 },
        spiked: false,
      },
    });
    expect(m2mBlockProblems("weapon", r.after, { strict: true })).toEqual([]);
  });

  it("unticking it sets the shield to null; its fields and the hits box in the same form are ignored", () => {
    // A spiked shield with a bash mode (the axe's, for the test): it stays of use without its stats.
    const block = { ...blockOf(SHIELD_ID), modes: blockOf(AXE_ID).modes };
    const r = submit("weapon", block, {
      "bbb.group.m2m.shield": false,
      "bbb.group.m2m.shield.hits": true,
      "system.m2m.shield.pd": 2,
      "system.m2m.shield.size": "large",
      "system.m2m.quality": "fine",
    });
    expect(r.problems).toEqual([]);
    expect(r.changes).toEqual({ "system.m2m.shield": null, "system.m2m.quality": "fine" });
    expect(m2mBlockProblems("weapon", r.after, { strict: true })).toEqual([]);
  });

  it("unticking the shield of a weapon without modes is refused naming the field; the rest goes through", () => {
    const r = submit("weapon", blockOf(SHIELD_ID), {
      "bbb.group.m2m.shield": false,
      "system.m2m.shield.spiked": true,
    });
    expect(r.changes).toEqual({ "system.m2m.shield.spiked": true });
    expect(r.problems).toHaveLength(1);
    const p = r.problems[0]!;
    expect(p.field).toBe("system.m2m.shield");
    expect(
      formatProblem(p as Problem, {
        localize,
        format: (key, data) => localizer.format(key, data ?? {}),
      }),
    ).toBe(
      "Shield: null would leave the weapon with no use: a weapon needs at least one attack mode, or shield statistics.",
    );
  });

  it("the hits box: off sets 'varies' (null); on gives the table's hits for the shield's size (large 9/60, L1076)", () => {
    const large = blockOf(SHIELD_ID);
    const off = submit("weapon", large, { "bbb.group.m2m.shield.hits": false });
    expect(off.changes).toEqual({ "system.m2m.shield.hits": null });
    const varies = { ...large, shield: { ...(large.shield as Obj), hits: null } };
    const on = submit("weapon", varies, { "bbb.group.m2m.shield.hits": true });
    expect(on.changes).toEqual({ "system.m2m.shield.hits": { penetrate: 9, total: 60 } });
    // An improvised shield has no hits in the table (L1072): a medium shield's are given.
    const improvised = { ...varies, shield: { ...(varies.shield as Obj), size: "improvised" } };
    expect(submit("weapon", improvised, { "bbb.group.m2m.shield.hits": true }).changes).toEqual({
      "system.m2m.shield.hits": { penetrate: 7, total: 40 },
    });
  });

  it("a missile's damage: off sets null (the oil flask's, L3044), on gives thrust impaling +0", () => {
    const xbow = blockOf(CROSSBOW_ID);
    const off = submit("missile", xbow, {
      "bbb.group.m2m.damage": false,
      "system.m2m.damage.mod": 4,
    });
    expect(off.changes).toEqual({ "system.m2m.damage": null });
    const on = submit("missile", { ...xbow, damage: null }, { "bbb.group.m2m.damage": true });
    expect(on.problems).toEqual([]);
    expect(on.changes).toEqual({
      "system.m2m.damage": { base: "thr", type: "imp", mod: 0, md: null },
    });
    expect(m2mBlockProblems("missile", on.after, { strict: true })).toEqual([]);
  });

  it("a box that matches the stored state, an unknown group or a missing mode asks for nothing", () => {
    const shield = blockOf(SHIELD_ID);
    const boxes = new Map([
      ["m2m.shield", true],
      ["m2m.shield.hits", true],
      ["m2m.modes.4.md", true],
      ["m2m.ref", false],
    ]);
    expect(groupChanges("weapon", shield, boxes)).toEqual({ changes: {}, problems: [] });
    expect(groupChanges("missile", blockOf(CROSSBOW_ID), new Map([["m2m.pb", false]]))).toEqual({
      changes: {},
      problems: [],
    });
  });
});
