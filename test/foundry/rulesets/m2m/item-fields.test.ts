/**
 * Every field of each m2m item block is on its sheet (issue 16): the context gives an input for
 * every stored leaf of `M2M_ITEM_RULES` (a list of reaches as its boxes, the covered locations
 * as theirs) once its nullable groups are switched on, and a group box for every nullable
 * container of `M2M_NULLABLE` (a missile weapon's maximum damage, ½D range and hands; armour's
 * cost by social class among them). Each new group's default passes the block's validation;
 * switched off it stores null, or is refused when the block's rules need it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import { checkUpdate } from "../../../../src/foundry/data/validate";
import {
  M2M_ITEM_RULES,
  M2M_NULLABLE,
  type M2mItemType,
} from "../../../../src/foundry/rulesets/m2m/item-data";
import {
  m2mBlockProblems,
  M2M_VALIDATION_KEYS as K,
} from "../../../../src/foundry/rulesets/m2m/item-validate";
import { m2mItemContext } from "../../../../src/foundry/rulesets/m2m/sheets/item/context";
import { itemSubmit } from "../../../../src/foundry/rulesets/m2m/sheets/item/submit";
import { ARMOUR_ID, CROSSBOW_ID, friedrickItems, SHIELD_ID, AXE_ID } from "./sheet-fixtures";

type Obj = Record<string, unknown>;

const localizer = localizerOf(JSON.parse(readFileSync("lang/en.json", "utf8")) as unknown);
const item = (id: string) => structuredClone(friedrickItems().find((i) => i.id === id)!);
const blockOf = (id: string) => item(id).system.m2m as Obj;

function ctx(id: string, block: Obj) {
  const i = item(id);
  return m2mItemContext({
    type: i.type as M2mItemType,
    system: { ...i.system, m2m: block } as never,
    name: i.name,
    img: "",
    editable: true,
    isGM: true,
    localize: localizer.localize,
  });
}

/** Every `name` the context gives (inputs, selects, boxes), however deep. */
function names(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) names(v, out);
  else if (value !== null && typeof value === "object") {
    const o = value as Obj;
    if (typeof o.name === "string" && o.name.includes(".")) out.add(o.name);
    for (const v of Object.values(o)) names(v, out);
  }
  return out;
}

const pattern = (name: string) => name.replace(/\.\d+(?=\.|$)/g, ".*");

/** The stored paths (`m2m.modes.*.reach`) the names of a context's inputs stand for. */
function shownPaths(type: M2mItemType, c: Obj): Set<string> {
  const out = new Set<string>();
  for (const n of names(c[type])) {
    if (n.startsWith("system.")) out.add(pattern(n.slice("system.".length)));
    else if (n.startsWith("bbb.reach.")) out.add("m2m.modes.*.reach");
    else if (n.startsWith("bbb.covered.")) {
      // A covered box adds or removes a location entry: it stands for its `location`.
      out.add("m2m.locations.*.location");
    } else if (n.startsWith("bbb.group."))
      out.add(`group:${pattern(n.slice("bbb.group.".length))}`);
  }
  return out;
}

/** Blocks with every nullable group filled in, one per type. */
function fullBlocks(): Record<M2mItemType, { id: string; block: Obj }> {
  const weapon = { ...blockOf(SHIELD_ID), modes: structuredClone(blockOf(AXE_ID).modes) } as Obj;
  (weapon.modes as Obj[])[0]!.md = { dice: 2, adds: 1 };
  const missile = blockOf(CROSSBOW_ID);
  missile.damage = { ...(missile.damage as Obj), md: { dice: 3, adds: 0 } };
  missile.half = { perST: 15, add: 0 };
  missile.hands = { fire: 2, load: 2 };
  const armour = blockOf(ARMOUR_ID);
  armour.costByClass = { peasant: 10, lower: 20, middle: 30, upper: 40, noble: 50 };
  return {
    weapon: { id: AXE_ID, block: weapon },
    missile: { id: CROSSBOW_ID, block: missile },
    armour: { id: ARMOUR_ID, block: armour },
  };
}

describe("m2m item sheet: every field of each block", () => {
  for (const type of ["weapon", "missile", "armour"] as const) {
    it(`${type}: an input for every stored leaf, a box for every nullable group`, () => {
      const { id, block } = fullBlocks()[type];
      expect(m2mBlockProblems(type, block, { strict: true })).toEqual([]);
      const shown = shownPaths(type, ctx(id, block) as unknown as Obj);
      const missingLeaves = Object.keys(M2M_ITEM_RULES[type]).filter((p) => !shown.has(p));
      expect(missingLeaves).toEqual([]);
      const missingGroups = M2M_NULLABLE[type].filter((p) => !shown.has(`group:${p}`));
      expect(missingGroups).toEqual([]);
    });
  }

  it("a missile weapon without ½D, hands or maximum damage shows the boxes unticked and no inputs", () => {
    const xbow = blockOf(CROSSBOW_ID);
    const m = ctx(CROSSBOW_ID, {
      ...xbow,
      half: null,
      hands: null,
      damage: { ...(xbow.damage as Obj), md: null },
    }).missile!;
    const half = m.ranges.find((r) => r.key === "half")!;
    expect(half.group).toEqual({
      name: "bbb.group.m2m.half",
      checked: false,
      label: "Half-damage range (½D) known",
    });
    expect([half.perST, half.add]).toEqual([null, null]);
    expect(m.ranges.map((r) => r.key)).toEqual(["increment", "half", "max"]);
    expect(m.handsGroup).toMatchObject({ checked: false, label: "Hands known (to fire, to load)" });
    expect(m.hands).toBeNull();
    expect(m.damage!.mdGroup).toMatchObject({ name: "bbb.group.m2m.damage.md", checked: false });
    expect(m.damage!.md).toBeNull();
  });
});

function submit(type: M2mItemType, block: Obj, form: Obj) {
  const r = itemSubmit({ type, block, form, check: (flat) => checkUpdate(`Item.${type}`, flat) });
  const after = structuredClone(block);
  for (const [k, v] of Object.entries(r.changes)) after[k.replace(/^system\.m2m\./, "")] = v;
  return { ...r, after };
}

describe("m2m item sheet: the new groups switched on and off", () => {
  it("a missile weapon's ½D on copies its Max range; hands on: two to fire and load; maximum damage on: 1d", () => {
    const xbow: Obj = { ...blockOf(CROSSBOW_ID), half: null, hands: null };
    const r = submit("missile", xbow, {
      "bbb.group.m2m.half": true,
      "bbb.group.m2m.hands": true,
      "bbb.group.m2m.damage": true,
      "bbb.group.m2m.damage.md": true,
    });
    expect(r.problems).toEqual([]);
    expect(r.changes).toEqual({
      "system.m2m.half": xbow.max,
      "system.m2m.hands": { fire: 2, load: 2 },
      "system.m2m.damage.md": { dice: 1, adds: 0 },
    });
    expect(
      m2mBlockProblems(
        "missile",
        { ...r.after, damage: { ...(xbow.damage as Obj), md: { dice: 1, adds: 0 } } },
        { strict: true },
      ),
    ).toEqual([]);
  });

  it("unticked, they store null and their fields in the same form are left out", () => {
    const full = fullBlocks().missile.block;
    const r = submit("missile", full, {
      "bbb.group.m2m.half": false,
      "system.m2m.half.perST": 99,
      "bbb.group.m2m.hands": false,
      "system.m2m.hands.fire": 1,
      "bbb.group.m2m.damage.md": false,
    });
    expect(r.problems).toEqual([]);
    expect(r.changes).toEqual({
      "system.m2m.half": null,
      "system.m2m.hands": null,
      "system.m2m.damage.md": null,
    });
  });

  it("armour's cost by class: on gives the item's cost for every class; off is refused without a cost", () => {
    const scale = blockOf(ARMOUR_ID);
    expect(scale.costByClass).toBeNull();
    const on = submit("armour", scale, { "bbb.group.m2m.costByClass": true });
    expect(on.problems).toEqual([]);
    const cost = scale.cost as number;
    expect(on.changes).toEqual({
      "system.m2m.costByClass": {
        peasant: cost,
        lower: cost,
        middle: cost,
        upper: cost,
        noble: cost,
      },
    });
    const byClassOnly = { ...fullBlocks().armour.block, cost: null };
    const off = submit("armour", byClassOnly, { "bbb.group.m2m.costByClass": false });
    expect(off.changes).toEqual({});
    expect(off.problems.map((p) => [p.field, p.key])).toEqual([["system.m2m.cost", K.noCost]]);
    const withCost = submit("armour", fullBlocks().armour.block, {
      "bbb.group.m2m.costByClass": false,
    });
    expect(withCost.changes).toEqual({ "system.m2m.costByClass": null });
  });

  it("the engine ids are edited as text: a mode's technique and attack, the block's ref", () => {
    const axe = blockOf(AXE_ID);
    const r = submit("weapon", axe, {
      "system.m2m.ref": "",
      "system.m2m.modes.0.technique": "",
      "system.m2m.modes.0.attack": "",
    });
    expect(r.problems).toEqual([]);
    expect(r.changes["system.m2m.ref"]).toBe("");
    expect((r.changes["system.m2m.modes"] as Obj[])[0]).toMatchObject({
      technique: "",
      attack: "",
    });
  });
});
