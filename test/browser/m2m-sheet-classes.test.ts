/**
 * The GURPS Man to Man sheet classes in Chromium (issue 16): M2mActorSheet and M2mItemSheet run
 * on the Foundry stand-ins in their DOM mode (test/browser/app, as sheet-classes.test.ts does
 * for HM3) in a world whose ruleset is m2m, with the real templates and CSS, driven by
 * Playwright: tab clicks, typing and leaving a field (submit on change), the add/remove
 * buttons. Each test asserts what was stored, what the re-rendered sheet shows, and the
 * warning a refused value gives (naming the field and the value). Every tab is saved under
 * test-output/screenshots/.
 */
import { mkdirSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launch, missingKeys, openAppPage } from "./harness";
import {
  ARMOUR_ID,
  AXE_ID,
  friedrickItems,
  HTML_NAME,
  SWORD_ID,
} from "../foundry/rulesets/m2m/sheet-fixtures";

type Obj = Record<string, unknown>;

let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launch();
  ({ page, errors } = await openAppPage(browser));
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  await page.evaluate(() => window.bbb.reset());
  errors.length = 0;
});

async function settle(): Promise<void> {
  await page.evaluate(() => window.bbb.settle());
}

async function typeInto(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await field.press("Tab");
  await settle();
}

async function m2m(): Promise<Obj & { attributes: Obj; skills: Obj[]; encounter: Obj }> {
  const source = await page.evaluate(() => window.bbb.actorSource());
  return (source.system as Obj).m2m as Obj & { attributes: Obj; skills: Obj[]; encounter: Obj };
}

async function openFriedrick(): Promise<Locator> {
  const { id } = await page.evaluate(() => window.bbb.openM2mActorSheet());
  return page.locator(`[id="${id}"]`);
}

/** Saves a screenshot of one application window. */
async function shoot(sheet: Locator, name: string): Promise<void> {
  mkdirSync("test-output/screenshots", { recursive: true });
  await sheet.screenshot({ path: `test-output/screenshots/${name}.png` });
}

describe("M2mActorSheet", () => {
  it("renders its parts into one form; each tab shows on a click, with the derivation's figures", async () => {
    const sheet = await openFriedrick();
    expect(await sheet.evaluate((el) => el.tagName)).toBe("FORM");
    const parts = await sheet
      .locator("[data-application-part]")
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.applicationPart));
    expect(parts).toEqual(["header", "tabs", "attributes", "skills", "combat", "description"]);
    expect(await sheet.locator(".bbb-actor-type").textContent()).toBe(
      "GURPS Man to Man character sheet",
    );
    // The name with HTML in it is text.
    expect(await sheet.locator("input.bbb-actor-name").inputValue()).toBe(
      "Fiendish <i>Friedrick</i>",
    );
    expect(await sheet.locator(".bbb-derivation-error").count()).toBe(0);
    expect(await sheet.locator('[data-points="total"] dd').textContent()).toBe("100");
    await shoot(sheet, "m2m-class-attributes");
    for (const tab of ["skills", "combat", "description"]) {
      await sheet.locator(`nav.tabs a[data-tab="${tab}"]`).click();
      expect(await sheet.locator(`section.tab[data-tab="${tab}"]`).isVisible()).toBe(true);
      expect(await sheet.locator('section.tab[data-tab="attributes"]').isVisible()).toBe(false);
      await shoot(sheet, `m2m-class-${tab}`);
    }
    expect(await missingKeys(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("the combat tab: the axe (its name as text) with its level, damage and Parry; Dodge, Block, PD, DR", async () => {
    const sheet = await openFriedrick();
    await sheet.locator('nav.tabs a[data-tab="combat"]').click();
    const axe = sheet.locator(`tbody[data-item-id="${AXE_ID}"]`);
    expect(await axe.locator(".bbb-item-link").textContent()).toBe(HTML_NAME);
    expect(await axe.locator("b, img").count()).toBe(0);
    expect(await axe.locator(".bbb-m2m-damage").first().textContent()).toContain("1d+4");
    expect(await sheet.locator(".bbb-m2m-figure-dodge dd").count()).toBe(1);
    expect(await sheet.locator(".bbb-m2m-hp input").inputValue()).toBe("9");
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
  });

  it("a bad value is refused naming the field and the value; the stored value comes back", async () => {
    const sheet = await openFriedrick();
    const st = sheet.locator('input[name="system.m2m.attributes.st"]');
    await typeInto(st, "3");
    expect((await m2m()).attributes.st).toBe(12);
    expect(await st.inputValue()).toBe("12");
    const notes = await page.evaluate(() => window.bbb.notifications());
    expect(notes).toHaveLength(1);
    expect(notes[0]!.type).toBe("warning");
    expect(notes[0]!.message).toContain("ST (strength)");
    expect(notes[0]!.message).toContain("3");
  });

  it("a good value is stored and the derived figures follow: ST 13 costs 30 points", async () => {
    const sheet = await openFriedrick();
    await typeInto(sheet.locator('input[name="system.m2m.attributes.st"]'), "13");
    expect((await m2m()).attributes.st).toBe(13);
    const cost = await sheet.locator('[data-cost="st"]').textContent();
    expect(cost?.replace(/\s+/g, " ").trim()).toBe("Cost 30");
  });

  it("skill points are stored as the whole list; a skill is added and removed with the buttons", async () => {
    const sheet = await openFriedrick();
    await sheet.locator('nav.tabs a[data-tab="skills"]').click();
    await typeInto(sheet.locator('input[name="system.m2m.skills.1.points"]'), "8");
    expect((await m2m()).skills.map((s) => s.points)).toEqual([8, 8, 1, 2]);
    await sheet.locator("select.bbb-m2m-add-skill").selectOption("bow");
    await sheet.locator('button[data-action="addSkill"]').click();
    await settle();
    expect((await m2m()).skills.at(-1)).toEqual({ id: "bow", points: 0 });
    expect(await sheet.locator('tr[data-skill="bow"]').count()).toBe(1);
    await sheet.locator('tr[data-skill="knife"] button[data-action="removeSkill"]').click();
    await settle();
    expect((await m2m()).skills.map((s) => s.id)).toEqual(["axe-mace", "shield", "running", "bow"]);
  });

  it("the encounter state: a crippled box and the shock penalty are stored, the header follows", async () => {
    const sheet = await openFriedrick();
    await sheet.locator('nav.tabs a[data-tab="combat"]').click();
    await sheet.locator('input[name="bbb.crippled.right-leg"]').check();
    await settle();
    expect((await m2m()).encounter.crippled).toEqual(["left-hand", "right-leg"]);
    await typeInto(sheet.locator('input[name="system.m2m.encounter.shock"]'), "4");
    expect((await m2m()).encounter.shock).toBe(4);
    expect(
      await sheet
        .locator('.bbb-condition[data-condition="shock"] .bbb-condition-label')
        .textContent(),
    ).toBe("Shock −4");
  });
  it("items that cannot be worn together: the header names them, in the player's language, and the figures wait", async () => {
    // A second suit, worn: the data model's derivation refuses it (L1166).
    const suit = friedrickItems().find((i) => i.id === ARMOUR_ID)!;
    const second = {
      _id: "m2mItemChain0001",
      name: "Chainmail <b>suit</b>",
      type: suit.type,
      system: structuredClone(suit.system),
    };
    const { id } = await page.evaluate(
      (extra) => window.bbb.openM2mActorSheet(null, "book", "character", extra),
      [second],
    );
    const sheet = page.locator(`[id="${id}"]`);
    const error = sheet.locator(".bbb-derivation-error");
    expect(await error.textContent()).toBe(
      "The sheet's figures cannot be computed: Chainmail <b>suit</b> and Scale armour are both worn: only one suit of armour is worn at a time (seed 004 L1166).",
    );
    // The item's name is text, and no figure is shown.
    expect(await error.locator("b").count()).toBe(0);
    expect(await sheet.locator('[data-points="total"] dd').count()).toBe(0);
    expect(await missingKeys(page)).toEqual([]);
    await shoot(sheet, "m2m-class-items-refused");

    // Taking the second suit off (its sheet's Worn box) brings the figures back.
    const { id: itemApp } = await page.evaluate((i) => window.bbb.openM2mItemSheet(i), second._id);
    await page.locator(`[id="${itemApp}"] input[name="system.equipped"]`).uncheck();
    await settle();
    expect(await sheet.locator(".bbb-derivation-error").count()).toBe(0);
    expect(await sheet.locator('[data-points="total"] dd').textContent()).toBe("100");
    expect(errors).toEqual([]);
  });
});

describe("M2mItemSheet", () => {
  async function openItem(id: string): Promise<Locator> {
    await page.evaluate(() => window.bbb.openM2mActorSheet());
    const { id: appId } = await page.evaluate((i) => window.bbb.openM2mItemSheet(i), id);
    return page.locator(`[id="${appId}"]`);
  }

  async function itemM2m(id: string): Promise<Obj & { modes: Obj[]; locations: Obj[] }> {
    const source = await page.evaluate((i) => window.bbb.itemSource(i), id);
    return (source.system as Obj).m2m as Obj & { modes: Obj[]; locations: Obj[] };
  }

  it("weapon: the name as text; a bad mode value refused naming it; a reach box and Add a mode stored", async () => {
    const sheet = await openItem(AXE_ID);
    expect(await sheet.locator("input.bbb-item-name").inputValue()).toBe(HTML_NAME);
    await typeInto(sheet.locator('input[name="system.m2m.modes.0.mod"]'), "99");
    expect((await itemM2m(AXE_ID)).modes[0]!.mod).toBe(2);
    const notes = await page.evaluate(() => window.bbb.notifications());
    expect(notes.at(-1)!.message).toContain("99");
    await sheet.locator('input[name="bbb.reach.0.C"]').check();
    await settle();
    expect((await itemM2m(AXE_ID)).modes[0]!.reach).toEqual(["C", "1"]);
    await sheet.locator('button[data-action="addMode"]').click();
    await settle();
    expect((await itemM2m(AXE_ID)).modes).toHaveLength(2);
    await shoot(sheet, "m2m-class-item-weapon");
    expect(await missingKeys(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("armour: unticking a location of a piece removes it from the grid", async () => {
    const sheet = await openItem(ARMOUR_ID);
    // A Basic suit covers every location (L2625): as a piece it may leave the feet bare.
    await sheet.locator('select[name="system.m2m.kind"]').selectOption("piece");
    await settle();
    expect((await itemM2m(ARMOUR_ID)).kind).toBe("piece");
    await sheet.locator('input[name="bbb.covered.feet"]').uncheck();
    await settle();
    expect((await itemM2m(ARMOUR_ID)).locations.map((l) => l.location)).toEqual([
      "head",
      "body",
      "arms",
      "legs",
      "hands",
    ]);
    expect(await sheet.locator('tr[data-location="feet"] input[type="number"]').count()).toBe(0);
    await shoot(sheet, "m2m-class-item-armour");
  });

  it("another ruleset's block is kept through an edit and shown to a GM; a player does not see it", async () => {
    const sheet = await openItem(SWORD_ID);
    const before = (await page.evaluate((i) => window.bbb.itemSource(i), SWORD_ID)).system as Obj;
    const others = Object.keys(before).filter(
      (k) => k !== "m2m" && before[k] !== null && typeof before[k] === "object",
    );
    expect(others.length).toBeGreaterThan(0);
    // Each other block is listed: a table of its values, or one line when at its defaults.
    expect(await sheet.locator(".bbb-other-blocks .bbb-other-block").count()).toBe(others.length);
    await sheet.locator('select[name="system.m2m.quality"]').selectOption("fine");
    await settle();
    const after = (await page.evaluate((i) => window.bbb.itemSource(i), SWORD_ID)).system as Obj;
    expect((after.m2m as Obj).quality).toBe("fine");
    for (const k of others) expect(after[k]).toEqual(before[k]);

    await page.evaluate(() => window.bbb.reset());
    await page.evaluate((p) => window.bbb.openM2mActorSheet(p), 3);
    const { id } = await page.evaluate((i) => window.bbb.openM2mItemSheet(i), SWORD_ID);
    const player = page.locator(`[id="${id}"]`);
    expect(await player.locator(".bbb-m2m-modes").count()).toBe(1);
    expect(await player.locator(".bbb-other-blocks").count()).toBe(0);
  });
});
