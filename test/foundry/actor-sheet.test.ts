/**
 * The actor sheets against the Foundry stand-ins: class options merged along the class chain,
 * parts (each template exists) and tabs, the parts a limited viewer gets, the context built
 * from the rules core's derived data (through the real data models), drops, form submission
 * through the data layer's checks (a bad field dropped and reported, the rest kept; creature
 * plan rows assembled), the click actions (permission checked at the click) and registration.
 */
import "./stand-ins";
import { existsSync } from "node:fs";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetStandIns, standIns } from "./stand-ins/globals";
import { makeActor, type StandInActor } from "./stand-ins/data";
import {
  DialogV2,
  DocumentSheetConfig,
  OWNERSHIP,
  resetApplications,
} from "./stand-ins/applications";
import { repoFile } from "./stand-ins/handlebars";
import { registerDataModels } from "../../src/foundry/data";
import {
  CharacterSheet,
  CreatureSheet,
  Hm3ActorSheet,
  PARTIAL_TEMPLATES,
} from "../../src/foundry/rulesets/hm3/sheets/actor/actor-sheet";
import {
  actorContext,
  inputBounds,
  partsFor,
  tabsFor,
  type SheetItem,
} from "../../src/foundry/rulesets/hm3/sheets/actor/context";
import { HM3_ATTRIBUTES } from "../../src/rules/hm3/character-types";
import {
  acceptsDrop,
  dropDecision,
  folderDropDecisions,
} from "../../src/foundry/rulesets/hm3/sheets/actor/drop";
import { fieldLabel, planMessages } from "../../src/foundry/rulesets/hm3/sheets/actor/messages";
import { Hm3ItemSheet } from "../../src/foundry/rulesets/hm3/sheets/item/item-sheet";
import { ITEM_TYPES } from "../../src/foundry/rulesets/hm3/sheets/item/labels";
import { MESSAGE } from "../../src/foundry/rulesets/hm3/sheets/actor/labels";
import {
  addPlanLocation,
  copyHumanPlan,
  planFromForm,
  removePlanLocation,
} from "../../src/foundry/rulesets/hm3/sheets/actor/plan-editor";
import {
  skillSubject,
  testCard,
  weaponSubject,
} from "../../src/foundry/rulesets/hm3/sheets/actor/tests";
import { registerSheets } from "../../src/foundry/sheets/register";
import { CHARACTER_SHEET_LABEL } from "../../src/foundry/rulesets/hm3/sheets/register";
import { PARTIAL_HELPER, signed, targetTooltip } from "../../src/foundry/sheets/common";
import { HM3_TARGET_LABELS } from "../../src/rules/hm3/combat";
import {
  derive,
  dogInput,
  dogSystem,
  DOG_ITEMS,
  knightInput,
  KNIGHT_ITEMS,
  KNIGHT_SYSTEM,
  quadrupedPlan,
} from "./actor-sheet-fixtures";
import type { CharacterSource, CreatureSource } from "../../src/foundry/data/source";

type Obj = Record<string, unknown>;

/** The combat flow's attack (C1's actions.ts) as the sheet's Attack buttons call it. */
const attacks = vi.hoisted(() => [] as Obj[]);
vi.mock("../../src/foundry/combat/actions", () => ({
  attack: async (args: Obj) => {
    attacks.push(args);
    return null;
  },
}));

const localize = (key: string) => standIns.game.i18n.localize(key);

interface SheetActor extends StandInActor {
  created: Obj[][];
  deleted: string[];
}

/**
 * A prepared stand-in actor (real data models, so `system.derived` is the core's) with what
 * the sheets read of a v13 Actor: image, permissions, statuses, embedded creation.
 */
function sheetActor(
  type: "character" | "creature",
  system: CharacterSource | CreatureSource,
  items: readonly SheetItem[],
  opts: { permission?: number; statuses?: string[] } = {},
): SheetActor {
  const permission = opts.permission ?? OWNERSHIP.OWNER;
  const actor = makeActor({
    _id: type === "character" ? "actorKnight00001" : "actorDog00000001",
    name: type === "character" ? "Sir Aldric" : "Grip",
    type,
    system: structuredClone(system) as unknown as Obj,
    items: items.map((i) => ({
      _id: i.id,
      name: i.name,
      type: i.type,
      system: structuredClone(i.system) as unknown as Obj,
    })),
  }) as SheetActor;
  const created: Obj[][] = [];
  const deleted: string[] = [];
  for (const item of actor.items) {
    const doc = item as unknown as Obj;
    doc.img = "";
    doc.sort = 0;
    doc.delete = async () => {
      deleted.push(item.id ?? "");
      return item;
    };
  }
  // Own properties shadow the stand-in's getters (isOwner from game.user, a GM here).
  const own = (value: unknown) => ({ value, configurable: true, writable: true });
  Object.defineProperties(actor, {
    img: own("icons/svg/mystery-man.svg"),
    isOwner: own(permission >= OWNERSHIP.OWNER),
    limited: own(permission === OWNERSHIP.LIMITED),
    statuses: own(new Set(opts.statuses ?? [])),
    testUserPermission: own((_user: unknown, level: number) => permission >= level),
    created: own(created),
    deleted: own(deleted),
    createEmbeddedDocuments: own(async (_type: string, data: Obj[], options: Obj) => {
      created.push(data.map((d) => ({ ...d, options })));
      return data;
    }),
  });
  return actor;
}

/** A number field of the registered data model of an actor type (its own min and max). */
function registeredField(type: "character" | "creature", path: string) {
  const models = (CONFIG.Actor as unknown as { dataModels: Record<string, unknown> }).dataModels;
  const model = models[type] as { schema: { getField(p: string): unknown } };
  return model.schema.getField(path) as { min: number; max: number };
}

const knight = (opts?: { permission?: number; statuses?: string[] }) =>
  sheetActor("character", KNIGHT_SYSTEM, KNIGHT_ITEMS, opts);
const dog = (opts?: { permission?: number }) =>
  sheetActor("creature", dogSystem(), DOG_ITEMS, opts);

/** What the stand-in sheets add (DOM-free render results, form submission). */
type StandInSheet = Hm3ActorSheet & {
  renderedHTML: Record<string, string>;
  renderedContext: Obj | null;
  submitForm(formObject: Obj): Promise<void>;
};

/** A sheet on a stand-in actor (the stand-in is not a fvtt-types Actor, hence the casts). */
function sheetFor(
  cls: typeof CharacterSheet | typeof CreatureSheet,
  actor: SheetActor,
): StandInSheet {
  return new cls({ document: actor as never }) as unknown as StandInSheet;
}

/** Calls one of the sheet's click actions as ApplicationV2 does (`this` is the sheet). */
async function click(
  sheet: Hm3ActorSheet,
  action: string,
  target: { itemId?: string; aspect?: string; band?: string; type?: string; index?: number },
) {
  const handler = (sheet.options.actions as Record<string, unknown>)[action] as (
    this: Hm3ActorSheet,
    event: unknown,
    target: unknown,
  ) => Promise<void>;
  const row = {
    dataset: {
      ...(target.itemId ? { itemId: target.itemId } : {}),
      ...(target.index !== undefined ? { index: String(target.index) } : {}),
    },
  };
  const element = {
    dataset: {
      ...(target.aspect ? { aspect: target.aspect } : {}),
      ...(target.band ? { band: target.band } : {}),
      ...(target.type ? { type: target.type } : {}),
    },
    closest: () => row,
  };
  await handler.call(sheet, {}, element);
}

/** Stand-ins for Roll and ChatMessage, recording what a test posts. */
const posted: Obj[] = [];
let nextRoll = 50;
function installDice() {
  const g = globalThis as unknown as Obj;
  g.Roll = class {
    total: number | null = null;
    constructor(readonly formula: string) {}
    async evaluate() {
      this.total = nextRoll;
      return this;
    }
  };
  const ChatMessage = {
    implementation: {
      getSpeaker: ({ actor }: { actor: { name: string } }) => ({ alias: actor.name }),
      create: async (data: Obj) => {
        posted.push(data);
        return data;
      },
    },
  };
  g.ChatMessage = ChatMessage;
}

beforeEach(async () => {
  resetStandIns();
  resetApplications();
  registerDataModels();
  installDice();
  posted.length = 0;
  attacks.length = 0;
  // What the system does at init: the sheets, their partials and the partial helper.
  (globalThis as unknown as Obj).Actor ??= class Actor {};
  (globalThis as unknown as Obj).Item ??= class Item {};
  await registerSheets();
  resetApplications();
});

describe("sheet classes", () => {
  it("merge DEFAULT_OPTIONS along the class chain", () => {
    const sheet = sheetFor(CharacterSheet, knight());
    const o = sheet.options as unknown as Obj & {
      classes: string[];
      form: Obj;
      window: Obj;
      actions: Obj;
      position: Obj;
    };
    expect(o.classes).toEqual(["application", "sheet", "blow-by-blow", "actor", "character"]);
    expect(o.form.submitOnChange).toBe(true);
    expect(typeof o.form.handler).toBe("function");
    expect(o.window.resizable).toBe(true);
    expect(o.position.width).toBe(780);
    expect(Object.keys(o.actions).sort()).toEqual(
      [
        "addPlanLocation",
        "copyHumanPlan",
        "createItem",
        "deleteItem",
        "editItem",
        "removePlanLocation",
        "attack",
        "disengage",
        "rollSkill",
        "toggleCarried",
        "toggleEquipped",
        "useHumanPlan",
        "goldRest",
      ].sort(),
    );
    const creature = sheetFor(CreatureSheet, dog());
    expect((creature.options as unknown as { classes: string[] }).classes).toContain("creature");
    expect((creature.options as unknown as { position: Obj }).position.width).toBe(860);
    expect(sheet.id).toBe("CharacterSheet-Actor-actorKnight00001");
  });

  it("have a template file for every part", () => {
    for (const [id, part] of Object.entries(Hm3ActorSheet.PARTS)) {
      expect(existsSync(repoFile(part.template)), `${id}: ${part.template}`).toBe(true);
      for (const t of (part as { templates?: string[] }).templates ?? [])
        expect(existsSync(repoFile(t)), t).toBe(true);
    }
    expect(Object.keys(Hm3ActorSheet.PARTS)).toEqual([
      "header",
      "tabs",
      "attributes",
      "skills",
      "combat",
      "injuries",
      "gear",
      "bodyPlan",
      "description",
      "limited",
    ]);
  });

  it("give every tab a part; the body plan tab is a creature's", () => {
    const ids = (cls: typeof Hm3ActorSheet) => cls.TABS.primary!.tabs.map((t) => t.id);
    expect(ids(CharacterSheet)).toEqual([
      "attributes",
      "skills",
      "combat",
      "injuries",
      "gear",
      "description",
    ]);
    expect(ids(CreatureSheet)).toEqual([...tabsFor("creature")]);
    expect(ids(CreatureSheet)).toContain("bodyPlan");
    for (const id of ids(CreatureSheet)) expect(Object.keys(Hm3ActorSheet.PARTS)).toContain(id);
    expect(CharacterSheet.TABS.primary!.initial).toBe("attributes");
  });

  it("render every tab part for an owner, header and limited part only for a limited viewer", async () => {
    const owner = await sheetFor(CharacterSheet, knight()).render(true);
    expect(Object.keys(owner.renderedHTML)).toEqual(partsFor("character", false));
    expect(Object.keys(owner.renderedHTML)).not.toContain("bodyPlan");
    expect(owner.renderedHTML.combat).toContain("E 5");
    expect(owner.renderedHTML.attributes).toContain('name="system.hm3.attributes.str"');

    const creature = await sheetFor(CreatureSheet, dog()).render(true);
    expect(Object.keys(creature.renderedHTML)).toContain("bodyPlan");

    const limited = await sheetFor(
      CharacterSheet,
      knight({ permission: OWNERSHIP.LIMITED }),
    ).render(true);
    expect(Object.keys(limited.renderedHTML)).toEqual(["header", "limited"]);
    expect(limited.renderedHTML.header).not.toContain("bbb-stat");
    expect(limited.renderedHTML.header).not.toContain("<input");
    expect(limited.renderedHTML.limited).toContain("Kaldor");

    const observer = await sheetFor(
      CharacterSheet,
      knight({ permission: OWNERSHIP.OBSERVER }),
    ).render(true);
    expect(Object.keys(observer.renderedHTML)).toEqual(partsFor("character", false));
    expect(observer.renderedHTML.attributes).toContain("disabled");
  });

  it("bound each number input by its data model field: a character's attributes 1-30, a creature's 1-99 (R28)", async () => {
    /** The min and max of every attribute input, and of fatigue and encumbrance. */
    const bounds = (html: string) =>
      [
        ...html.matchAll(
          /<input[^>]*name="system\.hm3\.(attributes\.\w+|fatigue|encumbrance)"[^>]*>/g,
        ),
      ].map((m) => [m[1], /\bmin="([^"]*)"/.exec(m[0])?.[1], /\bmax="([^"]*)"/.exec(m[0])?.[1]]);
    const expected = (type: "character" | "creature") => [
      ...HM3_ATTRIBUTES.map((id) => {
        const field = registeredField(type, `hm3.attributes.${id}`);
        return [`attributes.${id}`, String(field.min), String(field.max)];
      }),
      ["fatigue", "0", ""],
      ["encumbrance", "0", ""],
    ];
    const character = await sheetFor(CharacterSheet, knight()).render(true);
    const creature = await sheetFor(CreatureSheet, dog()).render(true);
    expect(bounds(character.renderedHTML.attributes!)).toEqual(expected("character"));
    expect(bounds(creature.renderedHTML.attributes!)).toEqual(expected("creature"));
    // The data models' own bounds: 1-30 and 1-99, as the rules of issue 3 and R28 give them.
    expect(expected("character")[0]).toEqual(["attributes.str", "1", "30"]);
    expect(expected("creature")[0]).toEqual(["attributes.str", "1", "99"]);
    expect(inputBounds("creature", "hm3.attributes.agl")).toEqual({ min: 1, max: 99 });
    expect(() => inputBounds("creature", "hm3.bodyPlan")).toThrow(/no number field/);
  });

  it("prepares the context from the actor's derived data and marks each part's tab", async () => {
    const actor = knight({ statuses: ["shock", "prone"] });
    const sheet = await sheetFor(CharacterSheet, actor).render(true);
    const context = sheet.renderedContext as Obj & ReturnType<typeof actorContext>;
    const derived = (actor.system as unknown as { derived: ReturnType<typeof derive> }).derived;
    expect(derived).not.toBeNull();
    expect(context.header.stats.map((s) => s.value)).toEqual([
      derived.endurance,
      derived.up,
      derived.pp,
      derived.initiative.eml.value,
    ]);
    expect(context.header.conditions).toEqual([
      { id: "prone", label: "EFFECT.StatusProne", shock: false },
      { id: "shock", label: "EFFECT.StatusShocked", shock: true },
    ]);
    expect(context.header.shocked).toBe(true);
    expect(context.editable).toBe(true);
    expect(context.tabs.attributes!.active).toBe(true);
    expect(sheet.renderedHTML.skills).toContain('data-tab="skills"');
    expect(sheet.renderedHTML.attributes).toMatch(/class="tab bbb-tab-attributes active"/);
    expect(sheet.renderedHTML.skills).not.toMatch(/bbb-tab-skills active/);
  });
});

describe("context builders", () => {
  const input = knightInput();
  const derived = input.derived!;
  const ctx = actorContext(input);

  it("header: Endurance, UP, PP and Initiative EML from the core, with their stories", () => {
    // Endurance = round((STR 16 + STA 15 + WIL 14) / 3) = 15 (hm3.md §2).
    expect(derived.endurance).toBe(15);
    // UP = injury levels (S2 + M1 = 3) + fatigue 0 = 3.
    expect(derived.up).toBe(3);
    const byId = Object.fromEntries(ctx.header.stats.map((s) => [s.id, s]));
    expect(byId.endurance!.value).toBe(15);
    expect(byId.up!.value).toBe(3);
    expect(byId.up!.tooltip).toBe("Universal Penalty: injury levels 3 + fatigue 0.");
    expect(byId.pp!.value).toBe(derived.up + derived.encumbrance);
    expect(byId.initiative!.value).toBe(derived.initiative.eml.value);
    expect(byId.initiative!.tooltip).toBe(`ML 60, Physical Penalty ${signed(-5 * derived.pp)}`);
  });

  it("attributes: twelve, labelled, named by their source paths", () => {
    expect(ctx.attributes.list).toHaveLength(12);
    expect(ctx.attributes.list[0]).toEqual({
      id: "str",
      name: "system.hm3.attributes.str",
      label: "Strength",
      abbr: "STR",
      value: 16,
      min: 1,
      max: 30,
    });
    expect(ctx.attributes.list.map((a) => a.abbr).join(" ")).toBe(
      "STR STA DEX AGL EYE HRG SML VOI INT AUR WIL CML",
    );
    expect(ctx.attributes.fatigue).toEqual({
      name: "system.hm3.fatigue",
      value: 0,
      min: 0,
      max: null,
    });
    expect(ctx.attributes.encumbrance.value).toBeNull();
    expect(ctx.attributes.encumbrance.placeholder).toBe(String(derived.encumbrance));
  });

  it("skills: grouped by category in the core's order, SB ML EML and an itemised tooltip", () => {
    expect(ctx.skillGroups.map((g) => g.label)).toEqual(["Physical", "Combat", "Lore"]);
    const sword = ctx.skillGroups[1]!.skills.find((s) => s.name === "Sword")!;
    const ds = derived.skills.skSword000000001!;
    expect(sword).toMatchObject({ sb: ds.sb, ml: 65, eml: ds.eml.value });
    expect(ds.eml.value).toBe(Math.max(5, 65 - 5 * derived.pp));
    expect(sword.tooltip).toBe(`ML 65, Physical Penalty ${signed(-5 * derived.pp)}`);
    // Lore skills take the Universal Penalty (hm3.md §2).
    const heraldry = ctx.skillGroups[2]!.skills[0]!;
    expect(heraldry.tooltip).toBe(`ML 40, Universal Penalty ${signed(-5 * derived.up)}`);
    expect(heraldry.eml).toBe(40 - 5 * derived.up);
  });

  it("combat: AML/DML, attack and defence EML, one button per aspect, shields marked", () => {
    const sword = ctx.combat.weapons.find((w) => w.name === "Broadsword")!;
    expect(sword.aml).toBe(65 + 5);
    expect(sword.dml).toBe(65 + 0);
    expect(sword.attackEml).toBe(derived.weapons.wpSword000000001!.attackEml.value);
    expect(sword.attackTooltip).toBe(`AML 70, Physical Penalty ${signed(-5 * derived.pp)}`);
    expect(sword.impacts.map((i) => i.text)).toEqual(["B 3", "E 5", "P 3"]);
    expect(sword.impacts[1]!.title).toBe("Edge, impact 5");
    expect(sword.held).toBe("Main hand");
    expect(sword.shield).toBe(false);
    const shield = ctx.combat.weapons.find((w) => w.name === "Round Shield")!;
    expect(shield.shield).toBe(true);
    expect(shield.dml).toBe(55 + 15);
    expect(shield.impacts.map((i) => i.text)).toEqual(["B 2"]);
    expect(ctx.combat.dodge!.eml).toBe(derived.dodge.eml.value);
  });

  it("combat: a missile's four bands with range, impact and the core's EML", () => {
    const bow = ctx.combat.missiles[0]!;
    expect(bow.bands.map((b) => [b.band, b.range, b.impact, b.impactText])).toEqual([
      ["short", 25, 9, "P 9"],
      ["medium", 50, 8, "P 8"],
      ["long", 100, 7, "P 7"],
      ["extreme", 200, 6, "P 6"],
    ]);
    const dm = derived.missiles.msLongbow0000001!;
    expect(bow.bands.map((b) => b.eml)).toEqual(dm.bands.map((b) => b.eml.value));
    expect(bow.bands[2]!.title).toBe("Long range (100 hexes): Point, impact 7");
  });

  it("injuries: location label, code, aspect, healing rate, bleeding", () => {
    const cut = ctx.injuries.find((i) => i.name === "Cut forearm")!;
    expect(cut).toMatchObject({
      location: "Left Forearm",
      code: "S2",
      severity: "Serious (S)",
      aspect: "Edge",
      healingRate: 4,
      bleeding: true,
      severityClass: "bbb-injury-S",
    });
    expect(ctx.injuries.find((i) => i.name === "Bruised thigh")!.healingRate).toBeNull();
    expect(ctx.combat.body!.rows.find((r) => r.id === "left-forearm")!.injuries).toBe("S2 Edge");
  });

  it("gear: weight × quantity, carried flag, load and encumbrance from the core", () => {
    const rations = ctx.gear.items.find((g) => g.name === "Rations")!;
    expect(rations.total).toBe(4);
    expect(ctx.gear.items.find((g) => g.name === "Tent")!.carried).toBe(false);
    const carried = ctx.gear.items.filter((g) => g.carried).reduce((t, g) => t + g.total, 0);
    expect(ctx.gear.load).toBe(derived.load);
    expect(derived.load).toBe(carried);
    expect(ctx.gear.encumbrance).toBe(derived.encumbrance);
    expect(ctx.gear.items.map((g) => g.type)).toContain("armour");
    expect(ctx.gear.items.some((g) => g.type === "skill" || g.type === "injury")).toBe(false);
  });

  it("warnings from the derivation are localised and name the field and value", () => {
    const items = KNIGHT_ITEMS.filter((i) => i.name !== "Sword");
    const c = actorContext(knightInput({ items, derived: derive(KNIGHT_SYSTEM, items) }));
    expect(c.warnings).toHaveLength(1);
    // The core names `weapons[i].skill`; the sheet names the item and the field's label.
    expect(c.warnings[0]).toBe("Broadsword (Skill): no skill named Sword; ML 0 is used.");
    expect(c.combat.weapons.find((w) => w.name === "Broadsword")!.skillMissing).toBe(true);
  });

  it("a sheet that could not be derived shows why, and no figures", () => {
    const c = actorContext(
      knightInput({ derived: null, derivationError: "Strength must be between 1 and 30" }),
    );
    expect(c.header.stats).toEqual([]);
    expect(c.header.error).toBe(
      "The sheet's figures cannot be computed: Strength must be between 1 and 30",
    );
    expect(c.combat.body).toBeNull();
    expect(c.skillGroups[1]!.skills[0]!.eml).toBeNull();
  });

  it("limited: no figures, no conditions, not editable", () => {
    const c = actorContext(
      knightInput({ limited: true, conditions: [{ id: "shock", label: "S" }] }),
    );
    expect(c.header.stats).toEqual([]);
    expect(c.header.conditions).toEqual([]);
    expect(c.editable).toBe(false);
    expect(partsFor("character", true)).toEqual(["header", "limited"]);
    expect(partsFor("creature", true)).toEqual(["header", "limited"]);
  });

  it("creature: the body plan editor's rows, codes, region choices and zone sums", () => {
    const c = actorContext(dogInput());
    const plan = c.bodyPlan!;
    expect(plan.human).toBe(false);
    expect(plan.rows).toHaveLength(6);
    expect(plan.rows[2]).toMatchObject({
      prefix: "system.hm3.bodyPlan.locations.2",
      id: "foreleg",
      region: "leg",
      paired: true,
    });
    expect(plan.rows[2]!.cells.map((x) => x.code)).toEqual([
      "♦M1",
      "♦S2",
      "♦S3",
      "♦G4",
      "♦G5▼",
    ]);
    expect(plan.rows[2]!.aim[0]).toEqual({
      zone: "high",
      name: "system.hm3.bodyPlan.locations.2.aim.high",
      value: 20,
    });
    expect(plan.regionChoices.leg).toBe("Leg");
    expect(plan.sums.map((s) => [s.zone, s.total, s.ok])).toEqual([
      ["high", 100, true],
      ["mid", 100, true],
      ["low", 100, true],
    ]);
    const broken = quadrupedPlan();
    broken.locations[0]!.aim.high = 35;
    const system = dogSystem(broken);
    const c2 = actorContext(dogInput({ system, derived: derive(system, DOG_ITEMS) }));
    expect(c2.bodyPlan!.sums[0]).toMatchObject({ total: 95, ok: false });
    expect(c2.bodyPlan!.sums[0]!.warning).toBe(
      "High aim points sum to 95: they must sum to 100 (or all be 0).",
    );
    const human = actorContext(dogInput({ system: dogSystem(null) }));
    expect(human.bodyPlan!.human).toBe(true);
    expect(actorContext(knightInput()).bodyPlan).toBeNull();
  });

  it("targetTooltip shows a clamped value", () => {
    expect(
      targetTooltip(
        {
          baseKey: "ml",
          base: 20,
          modifiers: [{ key: "physicalPenalty", value: -45, source: "x" }],
          raw: -25,
          value: 5,
        },
        localize,
        HM3_TARGET_LABELS,
      ),
    ).toBe("ML 20, Physical Penalty −45, limited to 5");
  });

  it("HM3's labels cover every modifier and base of the derived targets the sheets show (review M2)", () => {
    const keys = { modifiers: new Set<string>(), bases: new Set<string>() };
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (v === null || typeof v !== "object") return;
      const o = v as Record<string, unknown>;
      if (typeof o.baseKey === "string" && Array.isArray(o.modifiers)) {
        keys.bases.add(o.baseKey);
        for (const m of o.modifiers as { key: string; label?: string }[])
          if (m.label === undefined) keys.modifiers.add(m.key);
      }
      Object.values(o).forEach(walk);
    };
    walk(derive(KNIGHT_SYSTEM, KNIGHT_ITEMS));
    walk(derive(dogSystem(), DOG_ITEMS));
    expect(keys.modifiers.has("physicalPenalty")).toBe(true);
    expect([...keys.modifiers].some((k) => k.startsWith("range."))).toBe(true);
    for (const k of keys.modifiers) expect(HM3_TARGET_LABELS.modifiers[k], k).toBeDefined();
    for (const k of keys.bases) expect(HM3_TARGET_LABELS.bases[k], k).toBeDefined();
  });

  it("targetTooltip labels by the labels given; a key they lack is the generic label, never raw (review M2)", () => {
    const target = {
      baseKey: "skill",
      base: 12,
      modifiers: [
        { key: "physicalPenalty", value: -2, source: "x" },
        { key: "gurps.retreat", value: 3, source: "x" },
      ],
      raw: 13,
      value: 13,
    };
    expect(targetTooltip(target, localize, HM3_TARGET_LABELS)).toBe(
      "Base 12, Physical Penalty \u22122, Other modifier +3",
    );
    expect(
      targetTooltip(target, localize, {
        modifiers: { "gurps.retreat": "BLOWBYBLOW.Modifier.outnumbered" },
        bases: { skill: "BLOWBYBLOW.Modifier.Base.ml" },
      }),
    ).toBe("ML 12, Other modifier \u22122, Outnumbered +3");
  });
});

describe("drops", () => {
  it("an actor accepts the six item types", () => {
    for (const type of ["weapon", "missile", "armour", "skill", "gear", "injury"]) {
      expect(acceptsDrop("character", type)).toBe(true);
      expect(acceptsDrop("creature", type)).toBe(true);
    }
    expect(acceptsDrop("character", "spell")).toBe(false);
    expect(acceptsDrop("vehicle", "weapon")).toBe(false);
  });

  it("a skill already present by name (any case) is refused, anything else accepted", () => {
    const owned = [{ type: "skill", name: "Sword" }];
    expect(dropDecision("character", { type: "skill", name: " sword " }, owned)).toEqual({
      accept: false,
      key: MESSAGE.skillExists,
      data: { name: " sword " },
    });
    expect(dropDecision("character", { type: "skill", name: "Axe" }, owned)).toEqual({
      accept: true,
    });
    expect(dropDecision("character", { type: "weapon", name: "Sword" }, owned)).toEqual({
      accept: true,
    });
    expect(dropDecision("character", { type: "spell", name: "Fire" }, owned).accept).toBe(false);
  });

  const dropped = (type: string, name: string, parentUuid: string | null = null) => ({
    id: "droppedItem00001",
    type,
    name,
    parent: parentUuid ? { uuid: parentUuid } : null,
    toObject: () => ({ _id: "droppedItem00001", name, type, system: {} }),
  });

  async function drop(sheet: StandInSheet, item: ReturnType<typeof dropped>) {
    const handler = (sheet as unknown as { _onDropItem(e: unknown, i: unknown): Promise<unknown> })
      ._onDropItem;
    return handler.call(sheet, {}, item);
  }

  it("creates a dropped weapon on the actor (keeping its id), refuses a duplicate skill", async () => {
    const actor = knight();
    const sheet = sheetFor(CharacterSheet, actor);
    await drop(sheet, dropped("weapon", "Mace"));
    expect(actor.created).toEqual([
      [
        {
          _id: "droppedItem00001",
          name: "Mace",
          type: "weapon",
          system: {},
          options: { keepId: true },
        },
      ],
    ]);
    await drop(sheet, dropped("skill", "SWORD"));
    expect(actor.created).toHaveLength(1);
    expect(standIns.notifications.messages.map((m) => [m.type, m.message])).toEqual([
      ["warning", "This sheet already has a skill named SWORD; it is not added twice."],
    ]);
  });

  it("a name in a notification is escaped (issue 15): a skill named with HTML shows as text", async () => {
    const actor = knight();
    const sheet = sheetFor(CharacterSheet, actor);
    const evil = "<img src=x onerror=alert(1)>";
    await drop(sheet, dropped("spell", evil));
    const messages = standIns.notifications.messages.map((m) => m.message);
    expect(messages).toHaveLength(1);
    for (const m of messages) expect(m).not.toContain("<img");
    expect(messages.some((m) => m.includes("&lt;img src=x onerror=alert(1)&gt;"))).toBe(true);
  });

  it("leaves drops to non-owners and sorting within the actor alone", async () => {
    const observed = knight({ permission: OWNERSHIP.OBSERVER });
    await drop(sheetFor(CharacterSheet, observed), dropped("weapon", "Mace"));
    expect(observed.created).toEqual([]);
    const actor = knight();
    await drop(sheetFor(CharacterSheet, actor), dropped("weapon", "Mace", actor.uuid));
    expect(actor.created).toEqual([]);
  });
});

describe("form submission", () => {
  it("drops a bad attribute with a message naming the field and value; the rest is saved", async () => {
    const actor = knight();
    const sheet = sheetFor(CharacterSheet, actor);
    const updates: Obj[] = [];
    (actor as unknown as Obj).update = async (changes: Obj) => {
      updates.push(changes);
      return actor;
    };
    await sheet.submitForm({
      name: "Sir Aldric the Bold",
      "system.hm3.attributes.str": "abc",
      "system.hm3.attributes.dex": 15,
      "system.hm3.fatigue": 2,
      "system.hm3.encumbrance": "",
    });
    expect(updates).toEqual([
      {
        name: "Sir Aldric the Bold",
        system: { hm3: { attributes: { dex: 15 }, fatigue: 2, encumbrance: null } },
      },
    ]);
    const messages = standIns.notifications.messages.map((m) => m.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('"abc"');
    expect(messages[0]).toMatch(/Strength|STR|str/);
  });

  it("assembles a creature's plan rows into the plan array, codes read as cells", async () => {
    const actor = dog();
    const sheet = sheetFor(CreatureSheet, actor);
    const updates: Obj[] = [];
    (actor as unknown as Obj).update = async (changes: Obj) => {
      updates.push(changes);
      return actor;
    };
    await sheet.submitForm({
      "system.hm3.bodyPlan.name": "War hound",
      "system.hm3.bodyPlan.locations.0.name": "Skull",
      "system.hm3.bodyPlan.locations.0.injury.4": "k5^",
      "system.hm3.bodyPlan.locations.1.injury.0": "X9",
      "system.hm3.fatigue": 1,
    });
    expect(updates).toHaveLength(1);
    const hm3 = (updates[0]!.system as Obj).hm3 as Obj & {
      bodyPlan: { name: string; locations: { name: string; injury: Obj[] }[] };
    };
    expect(hm3.fatigue).toBe(1);
    expect(hm3.bodyPlan.name).toBe("War hound");
    expect(hm3.bodyPlan.locations).toHaveLength(6);
    expect(hm3.bodyPlan.locations[0]!.name).toBe("Skull");
    expect(hm3.bodyPlan.locations[0]!.injury[4]).toEqual({
      severity: "K",
      level: 5,
      fumbleStumble: false,
      amputation: true,
    });
    // The refused code keeps the stored cell and is reported.
    expect(hm3.bodyPlan.locations[1]!.injury[0]).toEqual(quadrupedPlan().locations[1]!.injury[0]);
    const messages = standIns.notifications.messages.map((m) => m.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('"X9"');
  });

  it("keeps a plan whose zones do not sum to 100 out of the update, says why, saves the rest", async () => {
    const actor = dog();
    const sheet = sheetFor(CreatureSheet, actor);
    const updates: Obj[] = [];
    (actor as unknown as Obj).update = async (changes: Obj) => {
      updates.push(changes);
      return actor;
    };
    await sheet.submitForm({
      "system.hm3.bodyPlan.locations.0.aim.high": 35,
      "system.hm3.fatigue": 3,
    });
    expect(updates).toEqual([{ system: { hm3: { fatigue: 3 } } }]);
    const messages = standIns.notifications.messages.map((m) => m.message);
    expect(messages).toHaveLength(1);
    expect(messages).toEqual([
      "Body plan not saved yet: High aim points of all locations sum to 95: they must sum to 100, or all be 0 where the creature cannot be aimed at.",
    ]);
  });

  it("planFromForm leaves other data alone and keeps fields the form lacks", () => {
    const stored = quadrupedPlan();
    const { data, plan } = planFromForm(
      { name: "X", "system.hm3.bodyPlan.locations.3.paired": true },
      stored,
    );
    expect(data.name).toBe("X");
    expect(plan!.locations[3]!.paired).toBe(true);
    expect(plan!.locations[3]!.aim).toEqual(stored.locations[3]!.aim);
    expect(plan!.locations[0]).toEqual(stored.locations[0]);
    expect(planFromForm({ name: "X" }, stored)).toEqual({ data: { name: "X" }, plan: null });
    expect(planFromForm({ "system.hm3.bodyPlan.locations.0.name": "Y" }, null).plan).toBeNull();
  });

  it("plan rows are added with an unused id and removed (never the last)", () => {
    const plan = quadrupedPlan();
    const added = addPlanLocation(plan, "New location");
    expect(added.locations).toHaveLength(7);
    expect(added.locations[6]).toMatchObject({
      id: "location-7",
      name: "New location",
      region: "other",
      paired: false,
      aim: { high: 0, mid: 0, low: 0 },
    });
    expect(added.locations[6]!.injury).toHaveLength(5);
    expect(addPlanLocation(added, "Again").locations[7]!.id).toBe("location-8");
    expect(removePlanLocation(plan, 1).locations.map((l) => l.id)).toEqual([
      "head",
      "foreleg",
      "body",
      "hindleg",
      "tail",
    ]);
    const single = { name: "Blob", locations: [plan.locations[0]!] };
    expect(removePlanLocation(single, 0)).toBe(single);
    const human = copyHumanPlan();
    expect(human.locations).toHaveLength(16);
    expect(human.locations.every((l) => l.injury.length === 5)).toBe(true);
  });
});

describe("HârnMaster Gold size classes on the sheet (rulings G15, G16)", () => {
  it("the size class select (characters and creatures) and a size column per plan location", async () => {
    const c = actorContext(knightInput());
    expect(c.attributes!.sizeClass).toEqual({
      name: "system.hm3.sizeClass",
      value: "medium",
      choices: {
        tiny: "Tiny",
        verySmall: "Very Small",
        small: "Small",
        medium: "Medium",
        large: "Large",
        veryLarge: "Very Large",
        monstrous: "Monstrous",
      },
    });
    const system = dogSystem();
    system.hm3.sizeClass = "large";
    system.hm3.bodyPlan!.locations[2]!.sizeClass = "medium";
    const d = actorContext(dogInput({ system }));
    expect(d.attributes!.sizeClass.value).toBe("large");
    expect(d.bodyPlan!.rows.map((r) => r.sizeClass)).toEqual(["", "", "medium", "", "", ""]);
    expect(d.bodyPlan!.sizeClassChoices[""]).toBe("Creature's");
    expect(d.bodyPlan!.sizeClassChoices.large).toBe("Large");

    const knightSheet = await sheetFor(CharacterSheet, knight()).render(true);
    expect(knightSheet.renderedHTML.attributes).toContain('name="system.hm3.sizeClass"');
    const dogSheet = await sheetFor(CreatureSheet, dog()).render(true);
    expect(dogSheet.renderedHTML.attributes).toContain('name="system.hm3.sizeClass"');
    for (let i = 0; i < 6; i++)
      expect(dogSheet.renderedHTML.bodyPlan).toContain(
        `name="system.hm3.bodyPlan.locations.${i}.sizeClass"`,
      );
  });

  it("stores a size class; refuses an unknown one naming the field and value", async () => {
    const actor = knight();
    const sheet = sheetFor(CharacterSheet, actor);
    const updates: Obj[] = [];
    (actor as unknown as Obj).update = async (changes: Obj) => {
      updates.push(changes);
      return actor;
    };
    await sheet.submitForm({ "system.hm3.sizeClass": "large", "system.hm3.fatigue": 1 });
    expect(updates).toEqual([{ system: { hm3: { sizeClass: "large", fatigue: 1 } } }]);
    expect(standIns.notifications.messages).toEqual([]);
    await sheet.submitForm({ "system.hm3.sizeClass": "huge", "system.hm3.fatigue": 2 });
    expect(updates[1]).toEqual({ system: { hm3: { fatigue: 2 } } });
    const messages = standIns.notifications.messages.map((m) => m.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('"huge"');
    expect(messages[0]).toContain("Size class");
  });

  it("a plan location's size class: a class, or blank for the creature's (null); bad ones refused", async () => {
    const actor = dog();
    const sheet = sheetFor(CreatureSheet, actor);
    const updates: Obj[] = [];
    (actor as unknown as Obj).update = async (changes: Obj) => {
      updates.push(changes);
      return actor;
    };
    await sheet.submitForm({
      "system.hm3.sizeClass": "large",
      "system.hm3.bodyPlan.locations.2.sizeClass": "medium",
      "system.hm3.bodyPlan.locations.3.sizeClass": "",
      "system.hm3.bodyPlan.locations.4.sizeClass": "giant",
    });
    expect(updates).toHaveLength(1);
    const hm3 = (updates[0]!.system as Obj).hm3 as Obj & {
      bodyPlan: { locations: { sizeClass?: string | null }[] };
    };
    expect(hm3.sizeClass).toBe("large");
    expect(hm3.bodyPlan.locations.map((l) => l.sizeClass ?? null)).toEqual([
      null,
      null,
      "medium",
      null,
      null,
      null,
    ]);
    const messages = standIns.notifications.messages.map((m) => m.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('"giant"');
    expect(messages[0]).toContain("Size class");
    // Added rows start on the creature's class.
    expect(addPlanLocation(quadrupedPlan(), "Wing").locations[6]!.sizeClass).toBeNull();
  });
});

describe("actions", () => {
  it("rollSkill posts a test card: d100 against the EML with the core's success level", async () => {
    const actor = knight();
    const sheet = sheetFor(CharacterSheet, actor);
    nextRoll = 4;
    await click(sheet, "rollSkill", { itemId: "skRiding00000001" });
    expect(posted).toHaveLength(1);
    const content = String(posted[0]!.content);
    const derived = (actor.system as unknown as { derived: ReturnType<typeof derive> }).derived;
    const eml = derived.skills.skRiding00000001!.eml.value;
    expect(content).toContain("Riding");
    expect(content).toContain(`<dd class="bbb-card-eml">${eml}</dd>`);
    expect(content).toContain('<dd class="bbb-card-roll">4</dd>');
    expect(content).toContain(eml >= 4 ? "Marginal Success" : "Marginal Failure");
    expect((posted[0]!.rolls as unknown[]).length).toBe(1);
  });

  it("a weapon's or missile's Attack button starts an attack with that item", async () => {
    const actor = knight();
    const sheet = sheetFor(CharacterSheet, actor);
    await click(sheet, "attack", { itemId: "wpSword000000001" });
    await click(sheet, "attack", { itemId: "msLongbow0000001" });
    await click(sheet, "attack", { itemId: "noSuchItem000001" });
    expect(attacks).toEqual([
      { actorUuid: actor.uuid, tokenUuid: null, itemId: "wpSword000000001" },
      { actorUuid: actor.uuid, tokenUuid: null, itemId: "msLongbow0000001" },
    ]);
    expect(posted).toEqual([]);
  });

  it("a player who does not own the actor cannot roll or edit", async () => {
    const actor = knight({ permission: OWNERSHIP.OBSERVER });
    const sheet = sheetFor(CharacterSheet, actor);
    await click(sheet, "rollSkill", { itemId: "skRiding00000001" });
    await click(sheet, "attack", { itemId: "wpSword000000001" });
    await click(sheet, "deleteItem", { itemId: "grTent0000000001" });
    await click(sheet, "createItem", { type: "weapon" });
    expect(posted).toEqual([]);
    expect(attacks).toEqual([]);
    expect(actor.deleted).toEqual([]);
    expect(actor.created).toEqual([]);
    expect(DialogV2.calls).toEqual([]);
  });

  it("deleteItem asks first and deletes only on yes", async () => {
    const actor = knight();
    const sheet = sheetFor(CharacterSheet, actor);
    DialogV2.answers.push(false, true);
    await click(sheet, "deleteItem", { itemId: "grTent0000000001" });
    expect(actor.deleted).toEqual([]);
    await click(sheet, "deleteItem", { itemId: "grTent0000000001" });
    expect(actor.deleted).toEqual(["grTent0000000001"]);
    expect((DialogV2.calls[0]!.window as Obj).title).toBe("Delete Tent?");
  });

  it("createItem makes a new item of the button's type", async () => {
    const actor = knight();
    const sheet = sheetFor(CharacterSheet, actor);
    await click(sheet, "createItem", { type: "missile" });
    expect(actor.created).toEqual([
      [{ name: "New Missile weapon", type: "missile", options: undefined }],
    ]);
    await click(sheet, "createItem", { type: "spell" });
    expect(actor.created).toHaveLength(1);
  });

  it("toggleEquipped and toggleCarried flip the stored flag", async () => {
    const actor = knight();
    const sheet = sheetFor(CharacterSheet, actor);
    const tent = actor.items.get("grTent0000000001")!;
    await click(sheet, "toggleCarried", { itemId: "grTent0000000001" });
    expect((tent._source.system as Obj).carried).toBe(true);
    await click(sheet, "toggleEquipped", { itemId: "wpSword000000001" });
    expect((actor.items.get("wpSword000000001")!._source.system as Obj).equipped).toBe(false);
  });

  it("body plan buttons add and remove rows, copy the human plan and go back to it", async () => {
    const actor = dog();
    const sheet = sheetFor(CreatureSheet, actor);
    const updates: Obj[] = [];
    (actor as unknown as Obj).update = async (changes: Obj) => {
      updates.push(changes);
      return actor;
    };
    await click(sheet, "addPlanLocation", {});
    await click(sheet, "removePlanLocation", { index: 5 });
    await click(sheet, "copyHumanPlan", {});
    DialogV2.answers.push(true);
    await click(sheet, "useHumanPlan", {});
    const plans = updates.map((u) => u["system.hm3.bodyPlan"] as { locations: unknown[] } | null);
    expect(plans.map((p) => p?.locations.length ?? null)).toEqual([7, 5, 16, null]);
  });
});

describe("test cards", () => {
  const derived = derive(KNIGHT_SYSTEM, KNIGHT_ITEMS);
  const subject = skillSubject(derived, { id: "skRiding00000001", name: "Riding" })!;

  it.each([
    [5, "CS", "Critical Success", "bbb-success bbb-critical"],
    [7, "MS", "Marginal Success", "bbb-success"],
    [96, "MF", "Marginal Failure", "bbb-failure"],
    [100, "CF", "Critical Failure", "bbb-failure bbb-critical"],
  ] as const)("roll %i → %s (hm3.md §2, EML clamped 5..95)", (roll, level, label, cls) => {
    const card = testCard(
      "Sir Aldric",
      { ...subject, target: { ...subject.target, value: 50 } },
      roll,
      localize,
    );
    expect([card.level, card.levelLabel, card.levelClass]).toEqual([level, label, cls]);
  });

  it("weapon subjects: an aspect the weapon lacks or an unknown weapon has no test", () => {
    const fmt = (k: string, d: Record<string, string | number>) => standIns.game.i18n.format(k, d);
    expect(
      weaponSubject(
        derived,
        { id: "wpShield00000001", name: "Shield" },
        { aspect: "edge" },
        localize,
        fmt,
      ),
    ).toBeNull();
    expect(
      weaponSubject(derived, { id: "nope", name: "x" }, { aspect: "edge" }, localize, fmt),
    ).toBeNull();
    expect(skillSubject(derived, { id: "nope", name: "x" })).toBeNull();
    const s = weaponSubject(
      derived,
      { id: "wpSword000000001", name: "Broadsword" },
      { aspect: "point" },
      localize,
      fmt,
    )!;
    expect(s.target).toEqual(derived.weapons.wpSword000000001!.attackEml);
    expect(s.detail).toBe("Point, impact 3");
  });
});

describe("registration", () => {
  it("registers the character and creature sheets, the item sheets, the partial helper", async () => {
    await registerSheets();
    const regs = DocumentSheetConfig.registrations;
    const actorRegs = regs.filter(
      (r) => r.sheetClass === CharacterSheet || r.sheetClass === CreatureSheet,
    );
    expect(actorRegs.map((r) => [r.scope, r.config.types, r.config.makeDefault])).toEqual([
      ["blow-by-blow", ["character"], true],
      ["blow-by-blow", ["creature"], true],
    ]);
    expect(actorRegs[0]!.config.label).toBe(CHARACTER_SHEET_LABEL);
    expect(regs.length).toBeGreaterThan(2);
    const hb = (globalThis as unknown as { Handlebars: typeof Handlebars }).Handlebars;
    expect(typeof hb.helpers[PARTIAL_HELPER]).toBe("function");
    expect(hb.partials["systems/blow-by-blow/templates/partials/body-diagram.hbs"]).toBeDefined();
  });
});

describe("review fixes (issue 3)", () => {
  const fmt = (k: string, d: Record<string, string | number>) => standIns.game.i18n.format(k, d);
  const planOf = (actor: SheetActor) =>
    (actor._source.system as unknown as CreatureSource).hm3.bodyPlan!;

  it("removing a location that holds aim points is refused before update, naming it and its points", async () => {
    const actor = dog(); // the stand-in's real update (no stub)
    const sheet = sheetFor(CreatureSheet, actor);
    const before = structuredClone(planOf(actor));
    await click(sheet, "removePlanLocation", { index: 0 }); // Head: High 40, Mid 10
    expect(planOf(actor)).toEqual(before);
    expect(standIns.notifications.messages.map((m) => [m.type, m.message])).toEqual([
      [
        "warning",
        "Head still has aim points (High 40, Mid 10): move them to other locations first, then remove it.",
      ],
    ]);
  });

  it("removing a 0/0/0 location, or adding one, goes through the real update", async () => {
    const actor = dog();
    const sheet = sheetFor(CreatureSheet, actor);
    await click(sheet, "removePlanLocation", { index: 5 }); // Tail: 0/0/0
    expect(planOf(actor).locations.map((l) => l.id)).toEqual([
      "head",
      "neck",
      "foreleg",
      "body",
      "hindleg",
    ]);
    await click(sheet, "addPlanLocation", {});
    expect(planOf(actor).locations).toHaveLength(6);
    expect(standIns.notifications.messages).toEqual([]);
  });

  it("a plan the core refuses is never written by a plan button", async () => {
    const plan = quadrupedPlan();
    plan.locations[0]!.aim.high = 35; // High 95: stored by an old version, say
    const actor = sheetActor("creature", dogSystem(plan), DOG_ITEMS);
    const sheet = sheetFor(CreatureSheet, actor);
    await click(sheet, "addPlanLocation", {});
    expect(planOf(actor).locations).toHaveLength(6);
    expect(standIns.notifications.messages.map((m) => m.message)).toEqual([
      "High aim points of all locations sum to 95: they must sum to 100, or all be 0 where the creature cannot be aimed at.",
    ]);
  });

  it("plan problems are localised with the location's name and the column", () => {
    const plan = quadrupedPlan();
    plan.locations[3]!.id = "head";
    plan.locations[0]!.injury[2] = { ...plan.locations[0]!.injury[2]!, fumbleStumble: true };
    expect(planMessages(plan, localize, fmt)).toEqual([
      "Head, injury cell 9+: ♦S3 has ♦ (a fumble or stumble roll), which only an arm or leg location may have, not a location of region Head.",
      "Body: another location already has the id head.",
    ]);
    const bad = quadrupedPlan();
    bad.locations[1]!.id = "left-neck"; // structural: validateBodyPlan refuses the id
    expect(planMessages(bad, localize, fmt)).toEqual([
      'Neck: Location id: "left-neck" is not allowed here.',
    ]);
    expect(planMessages(quadrupedPlan(), localize, fmt)).toEqual([]);
  });

  it("core field paths are shown as item names and field labels, plan paths as location and column", () => {
    const items = KNIGHT_ITEMS;
    expect(fieldLabel("weapons[1].attack", items, null, localize, fmt)).toBe(
      "Round Shield (Attack modifier)",
    );
    expect(fieldLabel("armour[1].locations[2]", items, null, localize, fmt)).toMatch(
      /^Mail Hauberk \((?!hm3)[^)]+\)$/,
    );
    expect(fieldLabel("missiles[0].ranges.long.impact", items, null, localize, fmt)).toMatch(
      /^Longbow \((?!ranges)[^)]+\)$/,
    );
    expect(fieldLabel("injuries[1].level", items, null, localize, fmt)).toMatch(
      /^Bruised thigh \(/,
    );
    // load: the weapons, missiles, armour and gear in the actor's order.
    const physical = items.filter((i) => ["weapon", "missile", "armour", "gear"].includes(i.type));
    expect(fieldLabel("load[4].weight", items, null, localize, fmt)).toMatch(
      new RegExp(`^${physical[4]!.name} \\(`),
    );
    expect(fieldLabel("skills[0].id", items, null, localize, fmt)).toBe("Sword");
    const plan = quadrupedPlan();
    expect(fieldLabel("bodyPlan.locations[2].aim.high", items, plan, localize, fmt)).toBe(
      "Foreleg: High",
    );
    expect(fieldLabel("bodyPlan.locations[0].injury[4]", items, plan, localize, fmt)).toBe(
      "Head: injury cell 17+",
    );
    expect(fieldLabel("bodyPlan.locations[*].aim.low", items, plan, localize, fmt)).toBe(
      "Low aim (all locations)",
    );
    expect(fieldLabel("skills", items, null, localize, fmt)).toBe("skills");
  });

  it("no derivation warning shows a core path", () => {
    const items: SheetItem[] = KNIGHT_ITEMS.map((i) =>
      i.type === "armour" && i.name === "Plate Helm"
        ? ({
            ...i,
            system: { ...i.system, hm3: { ...i.system.hm3, locations: ["tail"] } },
          } as SheetItem)
        : i,
    );
    const c = actorContext(knightInput({ items, derived: derive(KNIGHT_SYSTEM, items) }));
    expect(c.warnings.length).toBeGreaterThan(0);
    for (const w of c.warnings) expect(w).not.toMatch(/\w\[\d+\]|hm3\.|BLOWBYBLOW/);
    expect(c.warnings.join("\n")).toContain("Plate Helm (");
  });

  it("roll buttons are for the actor's owner only", async () => {
    expect(actorContext(knightInput()).canRoll).toBe(true);
    expect(actorContext(knightInput({ owner: false, editable: false })).canRoll).toBe(false);
    expect(actorContext(knightInput({ limited: true })).canRoll).toBe(false);
    const observer = await sheetFor(
      CharacterSheet,
      knight({ permission: OWNERSHIP.OBSERVER }),
    ).render(true);
    const html = Object.values(observer.renderedHTML).join("\n");
    expect(html).not.toContain('data-action="rollSkill"');
    expect(html).not.toContain('data-action="attack"');
    expect(observer.renderedHTML.combat).toContain("E 5");
    const owner = await sheetFor(CharacterSheet, knight()).render(true);
    expect(owner.renderedHTML.skills).toContain('data-action="rollSkill"');
    // One Attack button per weapon (broadsword, shield) and missile weapon (longbow).
    expect(owner.renderedHTML.combat!.match(/data-action="attack"/g)).toHaveLength(3);
    expect(owner.renderedHTML.combat).toContain('data-band="long"');
  });

  it("every part that lists templates lists its own template too (Foundry preloads only those)", () => {
    for (const [id, part] of Object.entries(Hm3ActorSheet.PARTS)) {
      const templates = (part as { templates?: string[] }).templates;
      if (templates) expect(templates, id).toContain(part.template);
    }
    for (const [id, part] of Object.entries(Hm3ItemSheet.PARTS)) {
      const templates = (part as { templates?: string[] }).templates;
      if (templates) expect(templates, id).toContain(part.template);
    }
    expect((Hm3ActorSheet.PARTS.combat as { templates: string[] }).templates).toEqual([
      Hm3ActorSheet.PARTS.combat.template,
      ...PARTIAL_TEMPLATES,
    ]);
  });

  it("a dropped folder goes through the same checks, one item after another", () => {
    const owned = [{ type: "skill", name: "Sword" }];
    const folder = [
      { type: "skill", name: "sword" },
      { type: "weapon", name: "Mace" },
      { type: "skill", name: "Axe" },
      { type: "skill", name: "AXE" },
      { type: "spell", name: "Fire" },
    ];
    const { accepted, refused } = folderDropDecisions("character", folder, owned);
    expect(accepted).toEqual([1, 2]);
    expect(refused.map((r) => [r.key, r.data.name])).toEqual([
      [MESSAGE.skillExists, "sword"],
      [MESSAGE.skillExists, "AXE"],
      [MESSAGE.dropRefused, "Fire"],
    ]);
  });

  it("_onDropFolder creates only what the checks accept, for an owner, and warns for the rest", async () => {
    const entry = (type: string, name: string) => ({
      uuid: `Item.${name}`,
      toObject: () => ({ name, type, system: {} }),
    });
    const folder = {
      type: "Item",
      contents: [entry("skill", "SWORD"), entry("weapon", "Mace")],
    };
    const dropFolder = (sheet: StandInSheet, f: unknown) =>
      (
        sheet as unknown as { _onDropFolder(e: unknown, f: unknown): Promise<unknown> }
      )._onDropFolder({}, f);
    const actor = knight();
    await dropFolder(sheetFor(CharacterSheet, actor), folder);
    expect(actor.created).toEqual([
      [{ name: "Mace", type: "weapon", system: {}, options: undefined }],
    ]);
    expect(standIns.notifications.messages.map((m) => m.message)).toEqual([
      "This sheet already has a skill named SWORD; it is not added twice.",
    ]);
    const observed = knight({ permission: OWNERSHIP.OBSERVER });
    await dropFolder(sheetFor(CharacterSheet, observed), folder);
    await dropFolder(sheetFor(CharacterSheet, actor), { ...folder, type: "Actor" });
    expect(observed.created).toEqual([]);
    expect(actor.created).toHaveLength(1);
  });

  it("unregisters core's AppV1 actor and item sheets for the system's types, keeps makeDefault", async () => {
    await registerSheets();
    const appv1 = (globalThis as unknown as { foundry: { appv1: { sheets: Obj } } }).foundry.appv1
      .sheets;
    const un = DocumentSheetConfig.unregistrations;
    expect(un.map((u) => [u.scope, u.sheetClass, u.config.types])).toEqual([
      ["core", appv1.ActorSheet, ["character", "creature"]],
      ["core", appv1.ItemSheet, [...ITEM_TYPES]],
    ]);
    expect(un[0]!.documentClass).toBe((globalThis as unknown as Obj).Actor);
    // The world's ruleset's sheets (HM3 here) open by default; another ruleset's are offered.
    const defaults = DocumentSheetConfig.registrations.map((r) => [
      /^BLOWBYBLOW\.(M2M|HMZD)\./.test(String(r.config.label)),
      r.config.makeDefault,
    ]);
    expect(defaults.filter(([other]) => !other).every(([, d]) => d === true)).toBe(true);
    // GURPS Man to Man's three sheets and the zone-die character, creature and item sheets.
    expect(defaults.filter(([other]) => other).map(([, d]) => d)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
