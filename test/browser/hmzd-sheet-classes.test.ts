/**
 * The zone-die sheet classes in Chromium (issue 18): HmzdCharacterSheet and HmzdItemSheet run on
 * the Foundry stand-ins in their DOM mode (test/browser/app, as m2m-sheet-classes.test.ts does)
 * in a world whose ruleset is hmzd, with the real templates and CSS, driven by Playwright. The
 * actor's "Zone die" tab shows each zone's impairment (Z8) from its injury items; the item sheet
 * edits a weapon's zone die and modes (add, remove, a refused die named with its value, the
 * stored value kept) and an injury's fields. Screenshots under test-output/screenshots/.
 */
import { mkdirSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launch, missingKeys, openAppPage } from "./harness";

type Obj = Record<string, unknown>;

const SWORD = "wpSword000000001";
const SHOULDER = "inForearm0000001";

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

async function shoot(sheet: Locator, name: string): Promise<void> {
  mkdirSync("test-output/screenshots", { recursive: true });
  await sheet.screenshot({ path: `test-output/screenshots/${name}.png` });
}

async function hmzdOf(itemId: string): Promise<Obj> {
  const source = await page.evaluate((id) => window.bbb.itemSource(id), itemId);
  return (source.system as Obj).hmzd as Obj;
}

const modeNames = async (itemId: string) =>
  ((await hmzdOf(itemId)).modes as Obj[]).map((m) => m.name);

async function openItem(itemId: string): Promise<Locator> {
  await page.evaluate(() => window.bbb.openHmzdActorSheet());
  const { id } = await page.evaluate((i) => window.bbb.openHmzdItemSheet(i), itemId);
  return page.locator(`[id="${id}"]`);
}

const trim = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, " ").trim());

describe("HmzdCharacterSheet: impairment by zone (Z8)", () => {
  it("the Zone die tab shows each zone's penalty from the injury items: Left −10, Right Prohibited", async () => {
    const { id } = await page.evaluate(() => window.bbb.openHmzdActorSheet());
    const sheet = page.locator(`[id="${id}"]`);
    const tabs = await sheet
      .locator("nav.tabs a[data-tab]")
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tab));
    expect(tabs.indexOf("zoneDie")).toBe(tabs.indexOf("description") - 1);
    await sheet.locator('nav.tabs a[data-tab="zoneDie"]').click();
    const table = sheet.locator(".bbb-hmzd-zones");
    expect(await table.isVisible()).toBe(true);
    expect(trim(await table.locator(".bbb-hmzd-impairment").allTextContents())).toEqual([
      "0",
      "Right 0; Left −10",
      "0",
      "Right Prohibited; Left 0",
    ]);
    expect(await table.locator("tr.bbb-hmzd-forbidden").getAttribute("data-zone")).toBe("legs");
    expect(await sheet.locator(".bbb-hmzd-impairment-pending").count()).toBe(0);
    expect(await missingKeys(page)).toEqual([]);
    expect(errors).toEqual([]);
    await shoot(sheet, "hmzd-class-zone-die");
  });
});

describe("HmzdItemSheet: a weapon's zone die and attack modes (Z12)", () => {
  it("the zone-die part follows the weapon's details, on the details tab only", async () => {
    const sheet = await openItem(SWORD);
    const parts = await sheet
      .locator("[data-application-part]")
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.applicationPart));
    expect(parts.slice(0, 4)).toEqual(["header", "tabs", "weapon", "hmzdWeapon"]);
    const part = sheet.locator(".bbb-hmzd-weapon");
    expect(await part.isVisible()).toBe(true);
    expect(await sheet.locator('select[name="system.hmzd.zoneDie"]').inputValue()).toBe("4");
    expect(trim(await sheet.locator(".bbb-hmzd-impact").allTextContents())).toEqual([
      "d10+3E",
      "d8+2P",
      "d6+0B",
    ]);
    // The GM's other rulesets' blocks: GURPS Man to Man's, not the zone-die block edited above.
    expect(
      await sheet
        .locator(".bbb-other-block")
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.block)),
    ).not.toContain("hmzd");
    await shoot(sheet, "hmzd-class-weapon");
    await sheet.locator('nav.tabs a[data-tab="description"]').click();
    expect(await part.isVisible()).toBe(false);
    expect(await missingKeys(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("Add a mode stores Mode 4 and shows its row; removing Thrust keeps the others in order", async () => {
    const sheet = await openItem(SWORD);
    await sheet.locator('button[data-action="addHmzdMode"]').click();
    await settle();
    expect(await modeNames(SWORD)).toEqual(["Swing", "Thrust", "Pommel", "Mode 4"]);
    expect(await sheet.locator(".bbb-hmzd-modes tbody tr[data-mode]").count()).toBe(4);
    expect(await sheet.locator('input[name="system.hmzd.modes.3.name"]').inputValue()).toBe(
      "Mode 4",
    );
    await sheet.locator('tr[data-mode="1"] button[data-action="removeHmzdMode"]').click();
    await settle();
    expect(await modeNames(SWORD)).toEqual(["Swing", "Pommel", "Mode 4"]);
    expect(trim(await sheet.locator(".bbb-hmzd-impact").allTextContents())).toEqual([
      "d10+3E",
      "d6+0B",
      "d10+3E",
    ]);
    expect(errors).toEqual([]);
  });

  it("editing a mode's name, base and aspect stores them in the modes list", async () => {
    const sheet = await openItem(SWORD);
    const name = sheet.locator('input[name="system.hmzd.modes.2.name"]');
    await name.fill("Hilt");
    await name.press("Tab");
    await settle();
    const base = sheet.locator('input[name="system.hmzd.modes.2.base"]');
    await base.fill("1");
    await base.press("Tab");
    await settle();
    await sheet.locator('select[name="system.hmzd.modes.2.aspect"]').selectOption("edge");
    await settle();
    expect(((await hmzdOf(SWORD)).modes as Obj[])[2]).toEqual({
      name: "Hilt",
      die: 6,
      base: 1,
      aspect: "edge",
    });
    expect(trim(await sheet.locator(".bbb-hmzd-impact").allTextContents())[2]).toBe("d6+1E");
  });

  it("a d7 impact die is refused with a message naming the field and the value; the stored d10 stays", async () => {
    const sheet = await openItem(SWORD);
    const die = sheet.locator('select[name="system.hmzd.modes.0.die"]');
    // A die the select does not offer (a hand-edited form): d7.
    await die.evaluate((el) => {
      const option = document.createElement("option");
      option.value = "7";
      option.textContent = "d7";
      el.append(option);
    });
    await die.selectOption("7");
    await settle();
    const notes = await page.evaluate(() => window.bbb.notifications());
    expect(notes).toHaveLength(1);
    expect(notes[0]!.type).toBe("warning");
    expect(notes[0]!.message).toBe(
      "Impact die: d7 is not an impact die: d4, d6, d8, d10, d12, d20.",
    );
    expect(((await hmzdOf(SWORD)).modes as Obj[])[0]).toEqual({
      name: "Swing",
      die: 10,
      base: 3,
      aspect: "edge",
    });
    expect(await modeNames(SWORD)).toEqual(["Swing", "Thrust", "Pommel"]);
    expect(await sheet.locator('select[name="system.hmzd.modes.0.die"]').inputValue()).toBe("10");
    expect(errors).toEqual([]);
  });
});

describe("HmzdItemSheet: an injury's zone-die fields (§4)", () => {
  it("severity M takes level 1; Shock failed unticked is stored; the code follows", async () => {
    const sheet = await openItem(SHOULDER);
    expect(await sheet.locator(".bbb-hmzd-injury").getAttribute("data-code")).toBe("S2");
    expect(await sheet.locator('select[name="system.hmzd.location"]').inputValue()).toBe(
      "shoulder",
    );
    await shoot(sheet, "hmzd-class-injury");
    await sheet.locator('select[name="system.hmzd.severity"]').selectOption("M");
    await settle();
    expect(await hmzdOf(SHOULDER)).toMatchObject({ severity: "M", level: 1 });
    await sheet.locator('input[name="system.hmzd.shockFailed"]').uncheck();
    await settle();
    expect((await hmzdOf(SHOULDER)).shockFailed).toBe(false);
    expect(await sheet.locator(".bbb-hmzd-injury").getAttribute("data-code")).toBe("M1");
    expect(await page.evaluate(() => window.bbb.notifications())).toEqual([]);
    expect(await missingKeys(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
