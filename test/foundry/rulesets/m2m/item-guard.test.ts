/**
 * The m2m item sheet checks the whole block an edit gives (issue 16): each field is checked by
 * the data layer's `checkUpdate`, then the block the accepted changes would give is checked with
 * the block's rules that span fields (`m2mBlockProblems`: a weapon needs a mode or shield stats,
 * a Basic suit covers every location, a cost or a cost by class, a shield's PD for its size, a
 * bow ST only with `usesBowST`). A change that breaks one is refused with every other
 * `system.m2m` change of the submission, naming the field and the value; the stored block stays
 * as it is. A problem the stored block already had (the defaults of an item made for another
 * ruleset: no mode yet) does not stop an edit.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import { checkUpdate, formatProblem, type Problem } from "../../../../src/foundry/data/validate";
import {
  defaultM2mItemBlock,
  type M2mItemType,
  type M2mWeaponBlock,
} from "../../../../src/foundry/rulesets/m2m/item-data";
import { M2M_VALIDATION_KEYS as K } from "../../../../src/foundry/rulesets/m2m/item-validate";
import {
  blockAfter,
  guardBlock,
  itemSubmit,
  removeMode,
} from "../../../../src/foundry/rulesets/m2m/sheets/item/submit";
import { ARMOUR_ID, AXE_ID, CROSSBOW_ID, friedrickItems, SHIELD_ID } from "./sheet-fixtures";

type Obj = Record<string, unknown>;

const LANG: unknown = JSON.parse(readFileSync("lang/en.json", "utf8"));
const localizer = localizerOf(LANG);
const i18n = {
  localize: localizer.localize,
  format: (key: string, data?: Record<string, string>) => localizer.format(key, data ?? {}),
};
const message = (p: Problem) => formatProblem(p, i18n);

const blockOf = (id: string) =>
  structuredClone(friedrickItems().find((i) => i.id === id)!.system.m2m);

function submit(type: M2mItemType, block: unknown, form: Obj) {
  return itemSubmit({ type, block, form, check: (flat) => checkUpdate(`Item.${type}`, flat) });
}

describe("m2m item sheet: the whole block is checked before it is stored", () => {
  it("removing the last attack mode of a weapon that is not a shield is refused naming the modes", () => {
    const axe = blockOf(AXE_ID) as M2mWeaponBlock;
    expect(axe.modes).toHaveLength(1);
    expect(axe.shield).toBeNull();
    const before = structuredClone(axe);
    const r = guardBlock("weapon", axe, { "system.m2m.modes": removeMode(axe, 0) });
    expect(r.changes).toEqual({});
    expect(r.problems.map((p) => [p.field, p.key, p.value])).toEqual([
      ["system.m2m.modes", K.noUse, []],
    ]);
    expect(message(r.problems[0]!)).toBe(
      "Attack modes: [] would leave the weapon with no use: a weapon needs at least one attack mode, or shield statistics.",
    );
    expect(axe).toEqual(before);
  });

  it("a shield may lose its last mode; a weapon with two modes may lose one", () => {
    const shield = blockOf(SHIELD_ID) as M2mWeaponBlock;
    const withMode = {
      ...shield,
      modes: structuredClone((blockOf(AXE_ID) as M2mWeaponBlock).modes),
    };
    const r = guardBlock("weapon", withMode, { "system.m2m.modes": [] });
    expect(r).toEqual({ changes: { "system.m2m.modes": [] }, problems: [] });
  });

  it("a submitted form breaking a rule keeps none of its m2m changes, but its other fields", () => {
    const suit = blockOf(ARMOUR_ID);
    const form: Obj = { name: "Scale, no boots", "system.m2m.weight": 40 };
    for (const l of ["head", "body", "arms", "legs", "hands", "feet"])
      form[`bbb.covered.${l}`] = l !== "feet";
    const r = submit("armour", suit, form);
    expect(r.blockRefused).toBe(true);
    expect(r.changes).toEqual({ name: "Scale, no boots" });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ field: "system.m2m.locations", key: K.suitCovers });
    expect(message(r.problems[0] as Problem)).toBe(
      'Locations covered: a Basic armour suit covers every location (head, body, arms, legs, hands, feet), got ["head","body","arms","legs","hands"].',
    );
  });

  it("a shield's size its PD does not fit is refused naming the PD and its value", () => {
    const r = submit("weapon", blockOf(SHIELD_ID), { "system.m2m.shield.size": "buckler" });
    expect(r.blockRefused).toBe(true);
    expect(r.changes).toEqual({});
    const p = r.problems[0] as Problem;
    expect([p.field, p.key, p.value]).toEqual(["system.m2m.shield.pd", K.shieldPd, 4]);
    expect(message(p)).toBe("Shield PD: 4 is not the passive defence of a buckler shield (1).");
  });

  it("armour: clearing the cost of an item with no cost by class is refused", () => {
    const r = submit("armour", blockOf(ARMOUR_ID), { "system.m2m.cost": "" });
    expect(r.changes).toEqual({});
    expect(r.problems.map((p) => [p.field, p.key, p.value])).toEqual([
      ["system.m2m.cost", K.noCost, null],
    ]);
    expect(message(r.problems[0] as Problem)).toMatch(/^Cost.*: null: give a cost/);
  });

  it("a missile weapon: a bow ST without 'uses the bow's ST' is refused; with it, stored", () => {
    const bow = { ...(blockOf(CROSSBOW_ID) as Obj), usesBowST: false, bowST: null };
    const bad = submit("missile", bow, { "system.m2m.bowST": 12 });
    expect(bad.changes).toEqual({});
    expect(bad.problems.map((p) => [p.field, p.key, p.value])).toEqual([
      ["system.m2m.bowST", K.bowST, 12],
    ]);
    const good = submit("missile", bow, { "system.m2m.bowST": 12, "system.m2m.usesBowST": true });
    expect(good.problems).toEqual([]);
    expect(good.changes).toEqual({ "system.m2m.bowST": 12, "system.m2m.usesBowST": true });
  });

  it("a block still at its defaults (an item of another ruleset) can be filled in field by field", () => {
    const blank = defaultM2mItemBlock("weapon");
    const r = submit("weapon", blank, { "system.m2m.cost": 50, "system.m2m.quality": "fine" });
    expect(r.problems).toEqual([]);
    expect(r.changes).toEqual({ "system.m2m.cost": 50, "system.m2m.quality": "fine" });
    // A new problem is still refused.
    const cheap = submit("weapon", blank, {
      "system.m2m.quality": "cheap",
      "system.m2m.qualityClass": "crushing",
    });
    expect(cheap.changes).toEqual({});
    expect(cheap.problems.map((p) => p.key)).toEqual([K.cheapNotSword]);
  });

  it("blockAfter applies flat changes to a copy, as an update merges them", () => {
    const shield = blockOf(SHIELD_ID) as M2mWeaponBlock;
    const after = blockAfter(shield, {
      name: "ignored",
      "system.m2m.shield.hits": null,
      "system.m2m.cost": 3,
    }) as M2mWeaponBlock;
    expect(after.shield!.hits).toBeNull();
    expect(after.cost).toBe(3);
    expect(shield.shield!.hits).not.toBeNull();
  });
});
