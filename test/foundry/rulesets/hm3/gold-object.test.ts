/**
 * The HârnMaster Gold brute force object block in the adapter (seed 000 lines 41-57; rulings
 * G70, G71): the stored fields' checks (sheet input and the data model, naming field and value),
 * the declaration built from a block, the block rules beyond its fields, the sheet section
 * (editable only while `bruteForce` is on), and the write-back of a `tally` effect planned by
 * the apply step (from the block as it is when applied). The doors' table itself (lines 53-56)
 * is tested cell by cell in test/hm3/gold/paired-object.test.ts.
 */
import Handlebars from "handlebars";
import { beforeEach, describe, expect, it } from "vitest";
import { foundryHelpers } from "../../../../src/workbench/handlebars";
import { readTemplate, RUNTIME_OPTIONS } from "../../stand-ins/handlebars";
import { KNIGHT_SYSTEM, knightInput } from "../../actor-sheet-fixtures";
import { actorContext } from "../../../../src/foundry/rulesets/hm3/sheets/actor/context";
import type { ActorContextInput } from "../../../../src/foundry/rulesets/hm3/sheets/actor/context-input";
import { resetStandIns, standIns } from "../../stand-ins/globals";
import { DataModelValidationError } from "../../stand-ins/data";
import { CharacterData, CreatureData } from "../../../../src/foundry/data";
import type { FighterSnapshot } from "../../../../src/core/combat";
import type { Effect } from "../../../../src/core/ruleset";
import { InputError } from "../../../../src/core/errors";
import { planEffects } from "../../../../src/foundry/combat/apply";
import {
  checkUpdate,
  formatProblem,
  type Localizer,
  type Problem,
} from "../../../../src/foundry/data/validate";
import { hm3BlockProblems } from "../../../../src/foundry/rulesets/hm3/validate";
import { OBJECT_SHEET_KEY, objectContext } from "../../../../src/foundry/rulesets/hm3/gold-object";
import { hm3Combat } from "../../../../src/rules/hm3";
import {
  NO_OBJECT,
  objectDeclaration,
  objectFighter,
  objectTally,
  type StoredObject,
} from "../../../../src/rules/hm3/gold/paired-object-combat";
import { readObjectTarget } from "../../../../src/rules/hm3/gold/paired-parse";

beforeEach(() => resetStandIns());
const i18n = () => standIns.game.i18n as unknown as Localizer;
const messages = (problems: Problem[]) => problems.map((p) => formatProblem(p, i18n()));
const en = (key: string) => standIns.game.i18n.localize(key);
const fmt = (key: string, data: Record<string, unknown> = {}) =>
  standIns.game.i18n.format(key, data as Record<string, string>);

const door = (over: Partial<StoredObject> = {}): StoredObject => ({
  ...NO_OBJECT,
  kind: "plain",
  ...over,
});
const fighter = (object: StoredObject | undefined): FighterSnapshot => ({
  actorType: "character",
  name: "Door",
  system: { hm3: object ? { object } : {} },
  derived: {},
  items: [],
  conditions: [],
});

describe("the stored block's fields (sheet input)", () => {
  it("refuses an AP, DF, damage or thickness out of bounds, naming the field and the value", () => {
    const { accepted, problems } = checkUpdate("Actor.character", {
      "system.hm3.object.kind": "ironBound",
      "system.hm3.object.blunt": 101,
      "system.hm3.object.df": 0,
      "system.hm3.object.damage": "-1",
      "system.hm3.object.thickness": 13,
      "system.hm3.object.edge": "",
    });
    expect(accepted).toEqual({
      "system.hm3.object.kind": "ironBound",
      // Blank: the door's Edge AP (line 56).
      "system.hm3.object.edge": null,
    });
    expect(messages(problems)).toEqual([
      "Blunt AP: 101 is outside the range 0 to 100.",
      "Damage Factor (DF): 0 is outside the range 1 to 1000.",
      'Damage taken: "-1" is outside the range 0 to 1000.',
      "Thickness (inches): 13 is outside the range 1 to 12.",
    ]);
  });

  it("refuses a kind that is not one of the four, on creatures too", () => {
    const { problems } = checkUpdate("Actor.creature", { "system.hm3.object.kind": "wall" });
    expect(problems.map((p) => [p.field, p.value])).toEqual([["system.hm3.object.kind", "wall"]]);
    expect(messages(problems)[0]).toMatch(/^Object: "wall"/);
  });

  it("the data models default to no object and refuse a bad value, keeping the rest", () => {
    type Model = new (
      data: Record<string, unknown>,
      options?: Record<string, unknown>,
    ) => { _source: { hm3: { object: StoredObject } }; updateSource(c: object): unknown };
    const c = new (CharacterData as unknown as Model)({});
    expect(c._source.hm3.object).toEqual(NO_OBJECT);
    const k = new (CreatureData as unknown as Model)({ hm3: { object: door({ df: 9 }) } });
    expect(() => k.updateSource({ "hm3.object.kind": "wall" })).toThrow(
      /kind: wall is not a valid choice/,
    );
    expect(k._source.hm3.object).toEqual(door({ df: 9 }));
    // Foundry's NumberField clamps on cleaning (hence the sheet check above refuses first).
    const clamped = new (CharacterData as unknown as Model)({
      hm3: { object: door({ blunt: 101, thickness: 0 }) },
    });
    expect(clamped._source.hm3.object).toMatchObject({ blunt: 100, thickness: 1 });
    expect(
      () =>
        new (CharacterData as unknown as Model)(
          { hm3: { object: { ...door(), kind: "wall" } } },
          { strict: true },
        ),
    ).toThrow(DataModelValidationError);
  });

  it("another object needs its AP and DF (block rules, naming each field)", () => {
    const problems = hm3BlockProblems("Actor.creature", {
      object: { ...NO_OBJECT, kind: "other", blunt: 5 },
    });
    expect(problems.map((p) => [p.field, p.key])).toEqual([
      ["object.edge", OBJECT_SHEET_KEY.needs],
      ["object.df", OBJECT_SHEET_KEY.needs],
    ]);
    expect(hm3BlockProblems("Actor.character", { object: door() })).toEqual([]);
  });
});

describe("the declaration built from the block (G70)", () => {
  it("a door without DF gives its kind and thickness: the engine rolls the DF and takes the table's AP", () => {
    const raw = objectDeclaration(door({ thickness: 2, damage: 3 }), "f");
    expect(raw).toEqual({ damage: 3, door: "plain", thickness: 2 });
    expect(readObjectTarget(raw, "f")).toEqual({
      blunt: 15,
      edge: 13,
      df: null,
      damage: 3,
      door: "plain",
      thickness: 2,
    });
  });

  it("a door with its DF and an AP override; another object with its figures", () => {
    expect(objectDeclaration(door({ kind: "ironBound", df: 20, edge: 18 }), "f")).toEqual({
      damage: 0,
      door: "ironBound",
      df: 20,
      edge: 18,
    });
    expect(
      objectDeclaration({ ...NO_OBJECT, kind: "other", blunt: 8, edge: 6, df: 12 }, "f"),
    ).toEqual({ damage: 0, blunt: 8, edge: 6, df: 12 });
  });

  it("a bad block is refused naming the field and the value", () => {
    const other = { ...NO_OBJECT, kind: "other" as const, blunt: 8, edge: null, df: 12 };
    expect(() => objectDeclaration(other, "defender.system.hm3.object")).toThrow(
      expect.objectContaining({ field: "defender.system.hm3.object.edge" }),
    );
    const wall = { ...NO_OBJECT, kind: "wall" } as unknown as StoredObject;
    expect(() => objectDeclaration(wall, "o")).toThrow(InputError);
    expect(() => objectDeclaration(wall, "o")).toThrow(/o\.kind.*wall/);
  });

  it("only with bruteForce on and an object defender", () => {
    expect(objectFighter(fighter(door()), { bruteForce: true })).toEqual({
      object: { damage: 0, door: "plain", thickness: 1 },
    });
    expect(objectFighter(fighter(door()), {})).toEqual({});
    expect(objectFighter(fighter(NO_OBJECT), { bruteForce: true })).toEqual({});
    // A source made before the block: no object.
    expect(objectFighter(fighter(undefined), { bruteForce: true })).toEqual({});
  });
});

describe("the sheet section (editable only with the option on)", () => {
  it("hidden while the option is off and the actor is no object", () => {
    expect(objectContext(NO_OBJECT, true, false, en, fmt)).toBeNull();
    expect(objectContext(undefined, true, false, en, fmt)).toBeNull();
  });

  it("with the option on: the kind, and a door's AP placeholders from the table", () => {
    const c = objectContext(door({ damage: 9, df: 7 }), true, true, en, fmt)!;
    expect(c.editable).toBe(true);
    expect(c.offNote).toBeNull();
    expect(c.kind.value).toBe("plain");
    expect(Object.keys(c.kind.choices)).toEqual(["none", "plain", "ironBound", "other"]);
    expect(c.fields.map((f) => [f.name, f.value, f.placeholder])).toEqual([
      ["system.hm3.object.blunt", null, "15"],
      ["system.hm3.object.edge", null, "13"],
      ["system.hm3.object.df", 7, en(OBJECT_SHEET_KEY.dfRolled)],
      ["system.hm3.object.damage", 9, ""],
      ["system.hm3.object.thickness", 1, ""],
    ]);
    // 9 > DF 7: destroyed (line 51).
    expect(c.destroyed).toBe(true);
    expect(objectContext(door({ damage: 7, df: 7 }), true, true, en, fmt)!.destroyed).toBe(false);
  });

  it("an object stays shown, read-only, with the option off; a read-only sheet is read-only", () => {
    const off = objectContext(door(), true, false, en, fmt)!;
    expect(off.editable).toBe(false);
    expect(off.offNote).toBe(en(OBJECT_SHEET_KEY.off));
    expect(objectContext(door(), false, true, en, fmt)!.editable).toBe(false);
  });

  it("another object lists what it lacks, naming the field", () => {
    const c = objectContext({ ...NO_OBJECT, kind: "other" }, true, true, en, fmt)!;
    expect(c.fields.map((f) => f.id)).toEqual(["blunt", "edge", "df", "damage"]);
    expect(c.problems).toHaveLength(3);
    expect(c.problems[2]).toMatch(/^system\.hm3\.object\.df: another object needs/);
  });
});

describe("the write-back (tally effect, G71)", () => {
  const tally = (amount: number, df: number, dfRolled: boolean): Effect => ({
    type: "tally",
    to: "defender",
    tally: "objectDamage",
    amount,
    cause: "bruteForce",
    data: { df, dfRolled, destroyed: false },
  });
  const sides = (object: StoredObject) => ({
    attacker: null,
    defender: {
      actorUuid: "Actor.door",
      snapshot: fighter(object),
      itemId: null,
      combatantId: null,
    },
  });

  it("adds the damage to what the block holds now and stores a DF rolled by the exchange", () => {
    const plan = planEffects([tally(5, 9, true)], sides(door({ damage: 2 })), hm3Combat, fmt);
    expect(plan.operations).toEqual([
      {
        op: "updateActor",
        side: "defender",
        actorUuid: "Actor.door",
        changes: { "system.hm3.object.damage": 7, "system.hm3.object.df": 9 },
      },
    ]);
  });

  it("keeps a DF set meanwhile; a strike that counted nothing changes nothing", () => {
    expect(objectTally(tally(4, 9, true) as never, fighter(door({ df: 11, damage: 1 })))).toEqual({
      "system.hm3.object.damage": 5,
    });
    const plan = planEffects([tally(0, 11, false)], sides(door({ df: 11 })), hm3Combat, fmt);
    expect(plan.operations).toEqual([]);
    expect(plan.skipped).toEqual([{ effect: 0, reason: "the actor does not change" }]);
  });

  it("nothing for an actor that is no object any more; damage held at 1000", () => {
    expect(objectTally(tally(4, 9, true) as never, fighter(NO_OBJECT))).toEqual({});
    expect(objectTally(tally(40, 9, false) as never, fighter(door({ damage: 990 })))).toEqual({
      "system.hm3.object.damage": 1000,
    });
  });
});

describe("the attributes part renders the section (real template)", () => {
  const hb = Handlebars.create();
  hb.registerHelper(foundryHelpers({ localize: en, format: fmt }));
  const render = (input: ActorContextInput) =>
    hb.compile(readTemplate("templates/actor/attributes.hbs"))(
      actorContext(input),
      RUNTIME_OPTIONS,
    );
  const withObject = (object: StoredObject) =>
    knightInput({
      system: { ...KNIGHT_SYSTEM, hm3: { ...KNIGHT_SYSTEM.hm3, object } },
    } as Partial<ActorContextInput>);

  it("absent while the option is off and the knight is no object", () => {
    expect(render(knightInput())).not.toContain("system.hm3.object");
  });

  it("editable inputs with the option on; disabled with it off", () => {
    const on = render({ ...withObject(door({ df: 7, damage: 9 })), bruteForce: true });
    expect(on).toContain(en(OBJECT_SHEET_KEY.title));
    expect(on).toMatch(/<select name="system\.hm3\.object\.kind"\s*>/);
    expect(on).toMatch(/name="system\.hm3\.object\.damage"\s+value="9"/);
    expect(on).toContain(en(OBJECT_SHEET_KEY.destroyed));
    const off = render(withObject(door()));
    expect(off).toMatch(/<select name="system\.hm3\.object\.kind" disabled/);
    expect(off).toContain(en(OBJECT_SHEET_KEY.off));
  });
});
