/**
 * The item sheets against the Foundry stand-ins: the class for each type, its parts and their
 * templates, the parts a limited viewer gets, the pure context builders (values from the
 * stored data and from the rules core), the armour coverage boxes, and the submit step that
 * drops an invalid field and keeps the rest.
 */
import "./stand-ins";
import { existsSync, readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "./stand-ins/globals";
import { repoFile } from "./stand-ins/handlebars";
import { checkUpdate } from "../../src/foundry/data/validate";
import {
  coverageRows,
  itemContext,
  locationsFromCoverage,
  partsFor,
  sbAttributesFromForm,
  signedModifier,
  type CoverageRow,
  type ItemContextInput,
} from "../../src/foundry/rulesets/hm3/sheets/item/context";
import { Hm3ItemSheet } from "../../src/foundry/rulesets/hm3/sheets/item/item-sheet";
import { ITEM_TYPES, type ItemType } from "../../src/foundry/rulesets/hm3/sheets/item/labels";
import { ownerInput } from "../../src/foundry/rulesets/hm3/sheets/item/owner";
import { registerItemSheets } from "../../src/foundry/rulesets/hm3/sheets/item/register";
import { formChanges, prepareItemSubmit } from "../../src/foundry/rulesets/hm3/sheets/item/submit";
import { deriveHm3Character } from "../../src/rules/hm3/character";
import { layerProtection } from "../../src/rules/hm3/mechanics";
import { MATERIAL_PROTECTION, RANGE_EML } from "../../src/rules/hm3/tables";
import {
  aldric,
  aldricInput,
  aldricDerived,
  IDS,
  itemSource,
  MAIL_HAUBERK,
  NAMES,
  SYSTEMS,
} from "./item-sheet-fixtures";

type Obj = Record<string, unknown>;

const localize = (key: string) => standIns.game.i18n.localize(key);

/** A document as the stand-in sheets need it; `updates` records what the sheet sent. */
function fakeItem(
  type: ItemType,
  opts: { limited?: boolean; actor?: unknown; name?: string; system?: unknown } = {},
) {
  const system = structuredClone(opts.system ?? SYSTEMS[type]);
  const name = opts.name ?? NAMES[type];
  const updates: Obj[] = [];
  return {
    id: IDS[type],
    uuid: `Item.${IDS[type]}`,
    documentName: "Item",
    name,
    type,
    img: "icons/svg/item-bag.svg",
    system,
    _source: { name, type, img: "icons/svg/item-bag.svg", system },
    actor: opts.actor ?? null,
    limited: opts.limited ?? false,
    isOwner: !opts.limited,
    /** Owner for a full viewer; Limited (level 1) only for a limited one. */
    testUserPermission: (_user: unknown, level: number) => (opts.limited ? level <= 1 : true),
    update: async (changes: Obj) => {
      updates.push(changes);
    },
    updates,
  };
}

/** A sheet for a fake item (the stand-in sheet reads only what `fakeItem` gives). */
function sheetFor(doc: ReturnType<typeof fakeItem>): Hm3ItemSheet {
  return new Hm3ItemSheet({ document: doc as unknown as Item.Implementation });
}

function contextInput(type: ItemType, extra: Partial<ItemContextInput> = {}): ItemContextInput {
  return {
    ...itemSource(type),
    id: IDS[type],
    name: NAMES[type],
    img: "icons/svg/item-bag.svg",
    editable: true,
    limited: false,
    localize,
    ...extra,
  } as ItemContextInput;
}

beforeEach(() => resetStandIns());
afterEach(() => resetStandIns());

describe("Hm3ItemSheet", () => {
  it.each(ITEM_TYPES)("constructs for a %s with the system's classes and options", (type) => {
    const sheet = sheetFor(fakeItem(type));
    const options = sheet.options as unknown as Obj & {
      classes: string[];
      form: { submitOnChange: boolean };
      window: { resizable: boolean };
    };
    for (const cls of ["blow-by-blow", "sheet", "item", type])
      expect(options.classes).toContain(cls);
    expect(options.form.submitOnChange).toBe(true);
    expect(options.window.resizable).toBe(true);
    expect(sheet.itemType).toBe(type);
  });

  it("has a template file for every part", () => {
    const parts = Object.entries(Hm3ItemSheet.PARTS);
    expect(parts.map(([id]) => id).sort()).toEqual([
      "armour",
      "description",
      "gear",
      "header",
      "injury",
      "missile",
      "others",
      "skill",
      "tabs",
      "weapon",
    ]);
    for (const [, part] of parts)
      expect(existsSync(repoFile(part.template)), part.template).toBe(true);
  });

  it.each(ITEM_TYPES)("renders header, tabs, the %s details and the description", async (type) => {
    const sheet = sheetFor(fakeItem(type));
    await sheet.render(true);
    const html = (sheet as unknown as { renderedHTML: Record<string, string> }).renderedHTML;
    expect(Object.keys(html)).toEqual(["header", "tabs", type, "others", "description"]);
    expect(html.header).toContain(NAMES[type].replace("&", "&amp;"));
    expect(html[type]).toContain('data-tab="details"');
  });

  it("lists the weapon's m2m block, read-only, to a GM; not to a player", async () => {
    standIns.game.user.isGM = true;
    const gm = sheetFor(fakeItem("weapon"));
    await gm.render(true);
    const gmHtml = (gm as unknown as { renderedHTML: Record<string, string> }).renderedHTML;
    expect(gmHtml.others).toContain('data-block="m2m"');
    expect(gmHtml.others).toContain("GURPS Man to Man");
    expect(gmHtml.others).not.toContain('data-block="hm3"');
    expect(gmHtml.others).not.toContain("<input");
    standIns.game.user.isGM = false;
    const player = sheetFor(fakeItem("weapon"));
    await player.render(true);
    const html = (player as unknown as { renderedHTML: Record<string, string> }).renderedHTML;
    expect(Object.keys(html)).toEqual(["header", "tabs", "weapon", "description"]);
  });

  it("renders only the header for a Limited viewer", async () => {
    const sheet = sheetFor(fakeItem("weapon", { limited: true }));
    await sheet.render(true);
    const html = (sheet as unknown as { renderedHTML: Record<string, string> }).renderedHTML;
    expect(Object.keys(html)).toEqual(["header"]);
    // Not editable: the name is a heading, the image opens no file picker.
    expect(html.header).toContain("<h1");
    expect(html.header).not.toContain("editImage");
    expect(partsFor("armour", true)).toEqual(["header"]);
    expect(partsFor("armour", false)).toEqual(["header", "tabs", "armour", "description"]);
  });

  it("opens on the details tab and follows a tab change", async () => {
    const sheet = sheetFor(fakeItem("skill"));
    await sheet.render(true);
    const html = () => (sheet as unknown as { renderedHTML: Record<string, string> }).renderedHTML;
    expect(html().skill).toMatch(/class="tab [^"]*active"/);
    expect(html().description).not.toMatch(/class="tab [^"]*active"/);
    sheet.changeTab("description", "primary");
    await sheet.render();
    expect(html().skill).not.toMatch(/class="tab [^"]*active"/);
    expect(html().description).toMatch(/class="tab [^"]*active"/);
    expect(html().tabs).toMatch(/class="active"[^>]*data-tab="description"/);
  });

  it("assembles the coverage from the box whose change submitted the form", () => {
    const sheet = sheetFor(fakeItem("armour"));
    const form: Obj = formOf(coverageRows(MAIL_HAUBERK.hm3.locations, localize));
    form["bbb.coverage.skull.both"] = true;
    const processed = (
      sheet as unknown as {
        _processFormData(event: unknown, form: unknown, data: { object: Obj }): Obj;
      }
    )._processFormData({ target: { name: "bbb.coverage.skull.both" } }, null, { object: form });
    expect(processed).toEqual({
      system: {
        hm3: {
          locations: ["skull", "shoulder", "upper-arm", "thorax", "abdomen", "left-thigh"],
        },
      },
    });
  });

  it("registers itself for the six item types, as the default, with a localised label", () => {
    const calls: unknown[][] = [];
    const g = globalThis as unknown as { foundry: Obj & { applications: Obj }; Item?: unknown };
    const apps = (g.foundry.applications.apps ??= {}) as Obj;
    const before = { config: apps.DocumentSheetConfig, item: g.Item };
    const unregistered: unknown[][] = [];
    apps.DocumentSheetConfig = {
      registerSheet: (...args: unknown[]) => calls.push(args),
      unregisterSheet: (...args: unknown[]) => unregistered.push(args),
    };
    g.Item ??= class Item {};
    try {
      registerItemSheets();
    } finally {
      apps.DocumentSheetConfig = before.config;
      g.Item = before.item;
    }
    expect(calls).toHaveLength(1);
    const [, scope, cls, config] = calls[0] as [unknown, string, unknown, Obj];
    expect(scope).toBe("blow-by-blow");
    expect(cls).toBe(Hm3ItemSheet);
    expect(config.types).toEqual([...ITEM_TYPES]);
    expect(config.makeDefault).toBe(true);
    expect(localize(config.label as string)).not.toBe(config.label);
    // v13's core AppV1 item sheet is unregistered for the same types first.
    const appv1 = (g.foundry as unknown as { appv1: { sheets: { ItemSheet: unknown } } }).appv1;
    expect(unregistered).toEqual([
      [g.Item, "core", appv1.sheets.ItemSheet, { types: [...ITEM_TYPES] }],
    ]);
  });
});

describe("itemContext", () => {
  it("shows the broadsword as stored: WQ 12, A 15, D 10, B 3 E 5 P 3, no Fire", () => {
    const c = itemContext(contextInput("weapon"));
    const w = c.weapon!;
    expect([w.wq, w.attack, w.defence]).toEqual([12, 15, 10]);
    expect(w.impacts.map((i) => [i.aspect, i.value, i.absent, i.display])).toEqual([
      ["blunt", 3, false, "3"],
      ["edge", 5, false, "5"],
      ["point", 3, false, "3"],
      ["fire", null, true, "—"],
    ]);
    expect(w.impacts.map((i) => i.name)).toEqual([
      "system.hm3.impact.blunt",
      "system.hm3.impact.edge",
      "system.hm3.impact.point",
      "system.hm3.impact.fire",
    ]);
    expect(w.handModeOptions.find((o) => o.selected)?.value).toBe("one");
    expect(c.physical?.handOptions.find((o) => o.selected)?.value).toBe("main");
    expect(c.item.typeLabel).toBe("Weapon");
    // Not embedded: no owner values, no skill list, no warning.
    expect(w.owner).toBeNull();
    expect(w.skillOptions).toEqual([]);
    expect(w.skillMissing).toBeNull();
    expect(c.missile).toBeNull();
  });

  it("tells an impact of 0 from an absent aspect", () => {
    const system = structuredClone(SYSTEMS.weapon);
    system.hm3.impact.blunt = 0;
    const c = itemContext({ ...contextInput("weapon"), system } as ItemContextInput);
    const [blunt, , , fire] = c.weapon!.impacts;
    expect([blunt!.display, blunt!.absent]).toEqual(["0", false]);
    expect([fire!.display, fire!.absent]).toEqual(["—", true]);
  });

  it("shows the owner's AML, DML and EML from the derived data", () => {
    const owner = aldric();
    const derived = owner.derived!.weapons[IDS.weapon]!;
    const w = itemContext(contextInput("weapon", { owner })).weapon!;
    expect(w.owner).toMatchObject({
      ml: derived.ml,
      aml: derived.aml,
      dml: derived.dml,
      attackEml: derived.attackEml.value,
      defenceEml: derived.defenceEml.value,
    });
    // hm3.md §2: AML = ML + Attack, DML = ML + Defence (Sword ML 60).
    expect([w.owner!.ml, w.owner!.aml, w.owner!.dml]).toEqual([60, 75, 70]);
    expect(w.skillOptions).toEqual(["Bow", "Sword"]);
    expect(w.skillMissing).toBeNull();
  });

  it("warns when the owner has no skill of the weapon's name", () => {
    const input = aldricInput();
    input.weapons[0]!.skill = "Axe";
    const owner = { name: "Aldric", derived: deriveHm3Character(input), skillNames: ["Sword"] };
    const system = structuredClone(SYSTEMS.weapon);
    system.hm3.skill = "Axe";
    const w = itemContext({
      ...contextInput("weapon", { owner }),
      system,
    } as ItemContextInput).weapon!;
    expect(w.skillMissing).toBe("Aldric has no skill named “Axe”: ML 0.");
  });

  it("gives the missile's four bands with the range EML of seed 003 line 283", () => {
    const m = itemContext(contextInput("missile", { owner: aldric() })).missile!;
    expect(m.bands.map((b) => [b.band, b.range, b.impact, b.emlModifier])).toEqual([
      ["short", 20, 6, "+0"],
      ["medium", 40, 5, "−20"],
      ["long", 80, 4, "−40"],
      ["extreme", 160, 3, "−80"],
    ]);
    expect(m.bands.map((b) => b.emlModifier)).toEqual(
      Object.values(RANGE_EML).map((v) => signedModifier(v)),
    );
    const derived = aldricDerived().missiles[IDS.missile]!;
    expect(m.bands.map((b) => b.ownerEml)).toEqual(derived.bands.map((b) => b.eml.value));
    expect(m.bands.map((b) => b.rangeName)).toContain("system.hm3.ranges.long.range");
    // Seed 003 lines 37-50: what the velocity changes for the defender.
    expect(m.velocityHint).toContain("half ML");
    const high = structuredClone(SYSTEMS.missile);
    high.hm3.velocity = "high";
    const h = itemContext({
      ...contextInput("missile"),
      system: high,
    } as ItemContextInput).missile!;
    expect(h.velocityHint).toContain("ML 05");
    expect(h.velocityHint).not.toBe(m.velocityHint);
  });

  it("gives a +1 mail layer's protection from the core: B 3, E 9, P 6, F 2", () => {
    const a = itemContext(contextInput("armour")).armour!;
    // Mail is B2 E8 P5 F1 (seed 003 line 225); +1 quality adds 1 to every value (line 275).
    expect(a.protection.material.map((v) => v.value)).toEqual([2, 8, 5, 1]);
    expect(a.protection.material.map((v) => v.value)).toEqual(
      Object.values(MATERIAL_PROTECTION.mail),
    );
    expect(a.protection.bonus).toBe("+1");
    expect(a.protection.layer.map((v) => [v.short, v.value])).toEqual([
      ["B", 3],
      ["E", 9],
      ["P", 6],
      ["F", 2],
    ]);
    const core = layerProtection({ material: "mail", quality: 1, enchantment: 0 });
    expect(a.protection.layer.map((v) => v.value)).toEqual([
      core.blunt,
      core.edge,
      core.point,
      core.fire,
    ]);
    expect(a.materialOptions.find((o) => o.selected)).toMatchObject({
      value: "mail",
      label: "Mail",
    });
  });

  it("builds the skill's three attribute selects, with 'entered by hand'", () => {
    const s = itemContext(contextInput("skill", { owner: aldric() })).skill!;
    expect(s.sbSelects.map((sel) => sel.options.find((o) => o.selected)?.value)).toEqual([
      "str",
      "dex",
      "dex",
    ]);
    expect(s.sbSelects[0]!.options[0]).toMatchObject({ value: "", label: "Entered by hand" });
    expect(s.sbSelects[0]!.options).toHaveLength(13);
    const derived = aldricDerived().skills[IDS.skill]!;
    expect(s.owner).toMatchObject({ sb: derived.sb, eml: derived.eml.value });
    expect(s.categoryOptions.find((o) => o.selected)?.value).toBe("combat");
  });

  it("lists the human plan's sided locations for an injury, localised", () => {
    const i = itemContext(contextInput("injury")).injury!;
    // 16 locations, 10 of them paired (seed 003 lines 74-89): 6 + 2 × 10 sided ids.
    expect(i.locationOptions).toHaveLength(26);
    expect(i.locationOptions.find((o) => o.selected)).toMatchObject({
      value: "left-forearm",
      label: "Left Forearm",
    });
    expect(i.code).toBe("S2");
    expect(i.aspectOptions.map((o) => o.value)).toEqual([
      "blunt",
      "edge",
      "point",
      "fire",
      "squeeze",
      "bite",
      "tear",
      "frost",
    ]);
  });

  it("keeps a stored value that is not in a list as a selected option", () => {
    const system = structuredClone(SYSTEMS.injury);
    system.hm3.location = "left-foreleg";
    const i = itemContext({ ...contextInput("injury"), system } as ItemContextInput).injury!;
    expect(i.locationOptions.filter((o) => o.selected)).toEqual([
      { value: "left-foreleg", label: "left-foreleg (not in this list)", selected: true },
    ]);
  });

  it("has the common physical fields only for gear", () => {
    const c = itemContext(contextInput("gear"));
    expect(c.physical).toMatchObject({ quantity: 1, weight: 3, carried: true, equipped: false });
    expect([c.weapon, c.missile, c.armour, c.skill, c.injury]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(itemContext(contextInput("skill")).physical).toBeNull();
  });

  it("reads the owner from an actor-like object", () => {
    const derived = aldricDerived();
    const items = [
      { type: "skill", name: "Sword" },
      { type: "weapon", name: "Broadsword" },
    ];
    const owner = ownerInput({ name: "Aldric", system: { derived }, items });
    expect(owner).toEqual({ name: "Aldric", derived, skillNames: ["Sword"] });
    expect(ownerInput(null)).toBeNull();
    expect(ownerInput({ name: "Broken", system: {}, items: [] })?.derived).toBeNull();
  });
});

/** The form data a rendered coverage grid submits: each box under its name. */
function formOf(rows: CoverageRow[]): Record<string, boolean> {
  const form: Record<string, boolean> = {};
  for (const row of rows) {
    for (const box of [row.both, row.left, row.right]) if (box) form[box.name] = box.checked;
  }
  return form;
}

describe("armour coverage", () => {
  it("round-trips the locations array through the checkbox grid", () => {
    const cases = [
      MAIL_HAUBERK.hm3.locations,
      ["skull", "face", "neck"],
      ["left-shoulder", "right-hand", "groin", "hip", "left-foot"],
      [],
    ];
    for (const locations of cases) {
      const rows = coverageRows(locations, localize);
      expect(locationsFromCoverage(formOf(rows), locations)).toEqual(locations);
    }
  });

  it("shows a paired location's sides and its both box", () => {
    const rows = coverageRows(["left-thigh", "upper-arm"], localize);
    expect(rows).toHaveLength(16);
    const thigh = rows.find((r) => r.id === "thigh")!;
    expect([thigh.both.checked, thigh.left!.checked, thigh.right!.checked]).toEqual([
      false,
      true,
      false,
    ]);
    expect(thigh.left!.label).toBe("Left Thigh");
    const arm = rows.find((r) => r.id === "upper-arm")!;
    expect([arm.both.checked, arm.left!.checked, arm.right!.checked]).toEqual([true, true, true]);
    const skull = rows.find((r) => r.id === "skull")!;
    expect([skull.paired, skull.left, skull.right]).toEqual([false, null, null]);
  });

  it("stores both sides unsided, one side sided; a both box sets both sides", () => {
    const rows = coverageRows([], localize);
    const form = formOf(rows);
    form["bbb.coverage.forearm.left"] = true;
    form["bbb.coverage.forearm.right"] = true;
    form["bbb.coverage.knee.right"] = true;
    expect(locationsFromCoverage(form, [])).toEqual(["forearm", "right-knee"]);
    // Ticking "both" on the calf sets both sides even though the side boxes were clear.
    form["bbb.coverage.calf.both"] = true;
    expect(locationsFromCoverage(form, [], "bbb.coverage.calf.both")).toEqual([
      "forearm",
      "right-knee",
      "calf",
    ]);
    // Clearing one side of a covered pair leaves the other, whatever its stale both box says.
    const covered = formOf(coverageRows(["forearm"], localize));
    covered["bbb.coverage.forearm.left"] = false;
    expect(locationsFromCoverage(covered, ["forearm"], "bbb.coverage.forearm.left")).toEqual([
      "right-forearm",
    ]);
  });

  it("keeps locations that are not on the plan", () => {
    const form = formOf(coverageRows(["thorax", "left-foreleg"], localize));
    expect(locationsFromCoverage(form, ["thorax", "left-foreleg"])).toEqual([
      "thorax",
      "left-foreleg",
    ]);
    const a = itemContext({
      ...contextInput("armour"),
      system: { ...MAIL_HAUBERK, hm3: { ...MAIL_HAUBERK.hm3, locations: ["thorax", "mane"] } },
    } as ItemContextInput).armour!;
    expect(a.otherLocations).toBe("Also covers, not on this body: mane");
  });

  it("assembles the coverage and skill base inputs in the submit step", () => {
    const form: Obj = { ...formOf(coverageRows(["thorax"], localize)), "system.hm3.quality": 2 };
    form["bbb.coverage.abdomen.both"] = true;
    const changes = formChanges({
      ...itemSource("armour"),
      form,
      changed: "bbb.coverage.abdomen.both",
    });
    expect(changes).toEqual({
      "system.hm3.quality": 2,
      "system.hm3.locations": ["thorax", "abdomen"],
    });
    const sb = { "bbb.sbAttributes.0": "str", "bbb.sbAttributes.1": "", "bbb.sbAttributes.2": "" };
    expect(sbAttributesFromForm(sb)).toEqual(["str"]);
    expect(
      formChanges({ ...itemSource("skill"), form: { ...sb, "bbb.sbAttributes.1": "agl" } }),
    ).toEqual({ "system.hm3.sbAttributes": ["str", "agl"] });
  });
});

describe("submit", () => {
  it("drops a bad WQ, keeps the rest, and names the field in a warning", async () => {
    const doc = fakeItem("weapon");
    const sheet = sheetFor(doc);
    await (sheet as unknown as { submitForm(f: Obj): Promise<void> }).submitForm({
      name: "Broadsword of Kaldor",
      "system.hm3.wq": 99,
      "system.hm3.attack": 20,
      "system.hm3.impact.fire": null,
      "system.hm3.skill": "Sword",
    });
    expect(doc.updates).toEqual([
      {
        name: "Broadsword of Kaldor",
        system: { hm3: { attack: 20, impact: { fire: null }, skill: "Sword" } },
      },
    ]);
    const warnings = standIns.notifications.messages.filter((m) => m.type === "warning");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/99/);
    expect(warnings[0]!.message).not.toMatch(/BLOWBYBLOW\./);
  });

  it("HârnMaster Gold hand mode and strength (G17-G19): stored, blank penalty null, bad refused by name", async () => {
    const doc = fakeItem("weapon");
    const sheet = sheetFor(doc);
    const submit = (form: Obj) =>
      (sheet as unknown as { submitForm(f: Obj): Promise<void> }).submitForm(form);
    await submit({
      "system.hm3.handModePenalty": "15",
      "system.hm3.strRequirement": "17",
      "system.hm3.lighterClasses": "1",
    });
    await submit({ "system.hm3.handModePenalty": "" });
    expect(doc.updates).toEqual([
      { system: { hm3: { handModePenalty: 15, strRequirement: 17, lighterClasses: 1 } } },
      { system: { hm3: { handModePenalty: null } } },
    ]);
    expect(standIns.notifications.messages).toEqual([]);
    await submit({ "system.hm3.strRequirement": -1, "system.hm3.lighterClasses": 2 });
    expect(doc.updates[2]).toEqual({ system: { hm3: { lighterClasses: 2 } } });
    const warnings = standIns.notifications.messages.map((m) => m.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("STR requirement");
    expect(warnings[0]).toContain("-1");
  });

  it("the weapon's Gold fields in its context (blank penalty: the G17 default as placeholder) and template", () => {
    const c = itemContext(contextInput("weapon")).weapon!;
    expect([
      c.handModePenalty,
      c.handModePenaltyDefault,
      c.strRequirement,
      c.lighterClasses,
    ]).toEqual([null, 0, 0, 0]);
    const two = itemSource("weapon");
    const hm3 = (two.system as unknown as { hm3: Obj }).hm3;
    Object.assign(hm3, {
      handMode: "two",
      handModePenalty: 15,
      strRequirement: 17,
      lighterClasses: 1,
    });
    const w = itemContext({ ...contextInput("weapon"), ...two }).weapon!;
    expect([
      w.handModePenalty,
      w.handModePenaltyDefault,
      w.strRequirement,
      w.lighterClasses,
    ]).toEqual([15, 10, 17, 1]);
    const template = readFileSync(repoFile("templates/item/weapon.hbs"), "utf8");
    for (const f of ["handModePenalty", "strRequirement", "lighterClasses"])
      expect(template).toContain(`name="system.hm3.${f}"`);
  });

  it("reads an injury code as severity and level, only when the code changed", () => {
    const form = {
      "system.hm3.severity": "S",
      "system.hm3.level": 2,
      "bbb.code": "G4",
      "system.hm3.bleeding": true,
    };
    const check = (type: ItemType, changes: Obj) => checkUpdate(`Item.${type}`, changes);
    const byCode = prepareItemSubmit({ ...itemSource("injury"), form, changed: "bbb.code", check });
    expect(byCode.changes).toEqual({
      "system.hm3.severity": "G",
      "system.hm3.level": 4,
      "system.hm3.bleeding": true,
    });
    const bySelect = prepareItemSubmit({
      ...itemSource("injury"),
      form: { ...form, "system.hm3.severity": "M" },
      changed: "system.hm3.severity",
      check,
    });
    expect(bySelect.changes).toMatchObject({ "system.hm3.severity": "M", "system.hm3.level": 2 });
    const bad = prepareItemSubmit({
      ...itemSource("injury"),
      form: { ...form, "bbb.code": "X9" },
      changed: "bbb.code",
      check,
    });
    expect(bad.changes).toEqual({ "system.hm3.bleeding": true });
    expect(bad.problems).toHaveLength(1);
  });

  it("checks armour locations against the owner's plan", () => {
    const owner = aldric();
    const form = formOf(coverageRows([], localize, undefined));
    form["bbb.coverage.thorax.both"] = true;
    const result = prepareItemSubmit({
      ...itemSource("armour"),
      form,
      changed: "bbb.coverage.thorax.both",
      owner,
      check: (type, changes) => checkUpdate(`Item.${type}`, changes),
    });
    expect(result.update).toEqual({ system: { hm3: { locations: ["thorax"] } } });
    expect(result.problems).toEqual([]);
  });
});
