/**
 * The zone-die item sheet's edits of `system.hmzd`, pure (src/foundry/rulesets/hmzd/sheets/
 * item-submit.ts): a mode's field folded into the whole `modes` list, a bad impact die or a
 * second mode of the same name refused naming the field and the value while the other fields
 * go through, an injury's level following its severity (§4), adding and removing modes (Z12),
 * and where the zone-die part sits among the sheet's parts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import { checkUpdate, formatProblem, type Problem } from "../../../../src/foundry/data/validate";
import {
  addMode,
  hmzdItemSubmit,
  removeMode,
  takeHmzdFields,
  type HmzdItemType,
} from "../../../../src/foundry/rulesets/hmzd/sheets/item-submit";
import { withHmzdPart } from "../../../../src/foundry/rulesets/hmzd/sheets/item-parts";
import { broadsword, shoulderInjury } from "./sheet-fixtures";

type Obj = Record<string, unknown>;

const localizer = localizerOf(JSON.parse(readFileSync("lang/en.json", "utf8")) as unknown);
const message = (p: unknown) =>
  formatProblem(p as Problem, {
    localize: localizer.localize,
    format: (key, data) => localizer.format(key, data ?? {}),
  });

const submit = (type: HmzdItemType, block: unknown, form: Obj, changed: string | null = null) =>
  hmzdItemSubmit({
    type,
    block,
    form,
    changed,
    check: (flat) => checkUpdate(`Item.${type}`, flat),
  });

describe("hmzdItemSubmit: a weapon's zone die and modes", () => {
  it("a mode's fields are written as the whole modes list; the zone die as itself", () => {
    const r = submit("weapon", broadsword(), {
      "system.hmzd.zoneDie": "6",
      "system.hmzd.modes.1.name": "Lunge",
      "system.hmzd.modes.1.base": "4",
    });
    expect(r.problems).toEqual([]);
    expect(r.changes["system.hmzd.zoneDie"]).toBe(6);
    const modes = r.changes["system.hmzd.modes"] as Obj[];
    expect(modes.map((m) => [m.name, m.die, m.base, m.aspect])).toEqual([
      ["Swing", 10, 3, "edge"],
      ["Lunge", 8, 4, "point"],
      ["Pommel", 6, 0, "blunt"],
    ]);
  });

  it("d7 is not an impact die: refused naming the field and the value; nothing of the block changes", () => {
    const r = submit("weapon", broadsword(), {
      "system.hmzd.modes.0.die": "7",
      "system.hmzd.modes.0.name": "Cut",
    });
    expect(r.changes).toEqual({});
    expect(r.problems.map((p) => [p.field, p.value])).toEqual([["system.hmzd.modes.0.die", 7]]);
    expect(message(r.problems[0])).toBe(
      "Impact die: d7 is not an impact die: d4, d6, d8, d10, d12, d20.",
    );
    expect(message(r.problems[0])).toMatch(/^Impact die/);
  });

  it("a die out of the field's bounds is refused by the field rule; the other fields go through", () => {
    const r = submit("missile", broadsword(), {
      "system.hmzd.modes.2.die": "99",
      "system.hmzd.modes.2.base": "1",
    });
    expect(r.problems.map((p) => [p.field, p.value])).toEqual([["system.hmzd.modes.2.die", "99"]]);
    expect(message(r.problems[0])).toContain("99");
    const modes = r.changes["system.hmzd.modes"] as Obj[];
    expect(modes[2]).toEqual({ name: "Pommel", die: 6, base: 1, aspect: "blunt" });
  });

  it("a second mode called Swing is refused, naming the field and the name", () => {
    const r = submit("weapon", broadsword(), { "system.hmzd.modes.2.name": "swing" });
    expect(r.changes).toEqual({});
    expect(r.problems.map((p) => [p.field, p.value])).toEqual([
      ["system.hmzd.modes.2.name", "swing"],
    ]);
    expect(message(r.problems[0])).toBe('Mode: another attack mode is already called "swing".');
  });

  it("takeHmzdFields takes the zone-die fields out of the form and leaves the others", () => {
    const flat: Obj = { name: "Sword", "system.hm3.wq": 12, "system.hmzd.zoneDie": 4 };
    expect(takeHmzdFields(flat)).toEqual({ "system.hmzd.zoneDie": 4 });
    expect(flat).toEqual({ name: "Sword", "system.hm3.wq": 12 });
  });
});

describe("hmzdItemSubmit: an injury", () => {
  it("a changed severity takes its first level when the level is not one of it (S2 → M1, → G4)", () => {
    const form = (severity: string) => ({
      "system.hmzd.severity": severity,
      "system.hmzd.level": "2",
      "system.hmzd.zone": "arms",
    });
    const m = submit("injury", shoulderInjury(), form("M"), "system.hmzd.severity");
    expect(m.problems).toEqual([]);
    expect(m.changes).toMatchObject({ "system.hmzd.severity": "M", "system.hmzd.level": 1 });
    const g = submit("injury", shoulderInjury(), form("G"), "system.hmzd.severity");
    expect(g.changes).toMatchObject({ "system.hmzd.severity": "G", "system.hmzd.level": 4 });
  });

  it("a level its severity lacks, chosen by itself, is refused naming the field and value", () => {
    const r = submit(
      "injury",
      shoulderInjury(),
      { "system.hmzd.severity": "S", "system.hmzd.level": "5", "system.hmzd.shockFailed": false },
      "system.hmzd.level",
    );
    expect(r.changes).toEqual({});
    expect(r.problems.map((p) => [p.field, p.value])).toEqual([["system.hmzd.level", 5]]);
    expect(message(r.problems[0])).toContain("5");
  });
});

describe("addMode and removeMode (Z12)", () => {
  const name = (n: number) => `Mode ${n}`;
  it("adds a mode named by the first free number, with the first mode's impact", () => {
    const modes = addMode(broadsword(), name);
    expect(modes).toHaveLength(4);
    expect(modes[3]).toEqual({ name: "Mode 4", die: 10, base: 3, aspect: "edge" });
    const taken = { ...broadsword(), modes: [{ ...broadsword().modes[0]!, name: "mode 2" }] };
    expect(addMode(taken, name)[1]!.name).toBe("Mode 3");
    expect(addMode({ zoneDie: 10, modes: [] }, name)).toEqual([
      { name: "Mode 1", die: 6, base: 0, aspect: "blunt" },
    ]);
  });

  it("removes the mode at its index; a bad index removes nothing", () => {
    expect(removeMode(broadsword(), 1)!.map((m) => m.name)).toEqual(["Swing", "Pommel"]);
    expect(removeMode(broadsword(), 3)).toBeNull();
    expect(removeMode(broadsword(), Number.NaN)).toBeNull();
  });
});

describe("withHmzdPart", () => {
  it("puts the zone-die part right after the type's own part; other types unchanged", () => {
    const parts = ["header", "tabs", "weapon", "others", "description"];
    expect(withHmzdPart(parts, "weapon")).toEqual([
      "header",
      "tabs",
      "weapon",
      "hmzdWeapon",
      "others",
      "description",
    ]);
    expect(withHmzdPart(["header", "tabs", "injury", "description"], "injury")[3]).toBe(
      "hmzdInjury",
    );
    expect(withHmzdPart(["header", "tabs", "armour"], "armour")).toEqual([
      "header",
      "tabs",
      "armour",
    ]);
    expect(withHmzdPart(["header"], "weapon")).toEqual(["header"]);
  });
});
