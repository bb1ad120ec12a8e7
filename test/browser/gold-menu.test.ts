/**
 * The HârnMaster Gold options menu (issue 19; src/foundry/combat/rules-menu-app.ts) as the GM
 * opens it from the settings window: the real application class over the stand-ins in
 * Chromium (test/browser/app/page.ts), its listener included. Every Gold option is listed with
 * its hint, off; a sub-rule is disabled until its rule is ticked; Save writes the world settings
 * and closes; no localisation key is missing. Screenshot: test-output/screenshots/gold-menu.png.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GOLD_OPTIONS } from "../../src/rules/hm3/gold/options";
import { launch, missingKeys, openAppPage, screenshot } from "./harness";

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

async function openMenu() {
  const { id } = await page.evaluate(() => window.bbb.openGoldMenu());
  await page.evaluate(() => window.bbb.settle());
  return page.locator(`[id="${id}"]`);
}

describe("the HârnMaster Gold options menu", () => {
  it("lists every Gold option off, with its hint, sub-rules disabled under their rule", async () => {
    const menu = await openMenu();
    const boxes = menu.locator("input[type=checkbox]");
    expect(await boxes.count()).toBe(GOLD_OPTIONS.length);
    for (const o of GOLD_OPTIONS) {
      const box = menu.locator(`input[name="${o.id}"]`);
      expect(await box.isChecked(), o.id).toBe(false);
      expect(await box.isDisabled(), o.id).toBe(o.parent !== null);
    }
    await expect
      .poll(() => menu.locator('[data-rule-row="bluntTrauma"] .hint').textContent())
      .toContain("seed 000 lines 31-37");
    expect(await missingKeys(page)).toEqual([]);
    await screenshot(page, "gold-menu");
    expect(errors).toEqual([]);
  });

  it("ticking a rule enables its sub-rules at once; unticking disables them again", async () => {
    const menu = await openMenu();
    const rule = menu.locator('input[name="angryStrike"]');
    const sub = menu.locator('input[name="angryStrikeMaxBonus"]');
    expect(await sub.isDisabled()).toBe(true);
    await rule.check();
    expect(await sub.isDisabled()).toBe(false);
    await sub.check();
    await rule.uncheck();
    expect(await sub.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("Save writes the ticked options as world settings and closes; the others stay off", async () => {
    const menu = await openMenu();
    await menu.locator('input[name="bluntTrauma"]').check();
    await menu.locator('input[name="bluntTraumaMinimumInjury"]').check();
    await menu.locator('input[name="randomAspect"]').check();
    await menu.locator("button[type=submit]").click();
    await page.evaluate(() => window.bbb.settle());
    const read = (key: string) => page.evaluate((k) => window.bbb.setting(k), key);
    expect(await read("hm3.bluntTrauma")).toBe(true);
    expect(await read("hm3.bluntTraumaMinimumInjury")).toBe(true);
    expect(await read("hm3.randomAspect")).toBe(true);
    expect(await read("hm3.aimedMelee")).toBe(false);
    expect(await read("hm3.killRoll")).toBe(false);
    expect(await menu.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("Save asks to reload the world (SettingsConfig.reloadConfirm({world: true})) only when a rule the derivation reads changed", async () => {
    let menu = await openMenu();
    await menu.locator('input[name="feint"]').check();
    await menu.locator("button[type=submit]").click();
    await page.evaluate(() => window.bbb.settle());
    expect(await page.evaluate(() => window.bbb.reloadPrompts())).toEqual([]);
    menu = await openMenu();
    await menu.locator('input[name="encumbranceFatigue"]').check();
    await menu.locator("button[type=submit]").click();
    await page.evaluate(() => window.bbb.settle());
    expect(await page.evaluate(() => window.bbb.setting("hm3.encumbranceFatigue"))).toBe(true);
    expect(await page.evaluate(() => window.bbb.reloadPrompts())).toEqual([{ world: true }]);
    expect(errors).toEqual([]);
  });
});
