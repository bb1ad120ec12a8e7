/**
 * The zone-die sheet parts (templates/hmzd) rendered in Chromium with every stylesheet of
 * system.json, from the pure view models of src/foundry/rulesets/hmzd/sheets/context.ts: the
 * actor's zone-die tab (Shock EML, state, recovery, Setups, the zones with their injuries and
 * impairment, the plan's locations), a weapon's zone die and modes (the seed's broadsword,
 * Z12), an injury's fields. No lang key missing, user text shown as text, nothing wider than
 * the sheet; each saved under test-output/screenshots/.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { format, localize } from "../foundry/stand-ins/handlebars";
import { launch, missingKeys, renderPage, renderTemplate, screenshot } from "./harness";
import {
  hmzdActorPart,
  hmzdInjuryPart,
  hmzdWeaponPart,
} from "../../src/foundry/rulesets/hmzd/sheets/context";
import { zoneImpairmentOf } from "../../src/foundry/rulesets/hmzd/sheets/impairment";
import { humanPlanSource } from "../../src/foundry/rulesets/hmzd/plans";
import {
  broadsword,
  injuries,
  shoulderInjury,
  stunnedBlock,
} from "../foundry/rulesets/hmzd/sheet-fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const tab = { cssClass: "active" };

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.querySelector(".window-content")!;
    return el.scrollWidth <= el.clientWidth;
  });
}

const trim = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, " ").trim());

describe("the zone-die actor tab", () => {
  it("shows the Shock EML default, STN and its test, the zones with injuries and impairment", async () => {
    const hmzd = hmzdActorPart({
      type: "character",
      block: stunnedBlock(),
      defaultShock: 60,
      injuries: injuries(),
      editable: true,
      localize,
      format,
    });
    const html = renderTemplate("templates/hmzd/actor/zone-die.hbs", { hmzd, tab });
    const page = await renderPage(browser, { html, classes: ["actor", "character"], width: 640 });
    const shock = page.locator('input[name="system.hmzd.shock"]');
    expect(await shock.inputValue()).toBe("");
    expect(await shock.getAttribute("placeholder")).toBe("60");
    expect(await page.locator('select[name="system.hmzd.state"]').inputValue()).toBe("STN");
    expect(trim(await page.locator(".bbb-hmzd-recovery").allTextContents())).toEqual([
      "A Shock test at the end of the next turn",
    ]);
    expect(await page.locator('select[name="system.hmzd.bodyPlan"]').inputValue()).toBe("human");
    expect(await page.locator(".bbb-hmzd-zones tbody tr").count()).toBe(4);
    expect(
      trim(
        await page
          .locator('.bbb-hmzd-zones tr[data-zone="arms"] .bbb-hmzd-zone-injuries')
          .allTextContents(),
      ),
    ).toEqual(["S2"]);
    // The injury's name is user text: shown as text in its title, never as markup.
    expect(await page.locator(".bbb-hmzd-injury b").count()).toBe(0);
    expect(await page.locator('.bbb-hmzd-injury[data-item-id="inj1"]').getAttribute("title")).toBe(
      "Cut <b>shoulder</b>",
    );
    expect(await page.locator(".bbb-hmzd-impairment-pending").isVisible()).toBe(true);
    // 15 locations of §2 in the plan table.
    expect(await page.locator(".bbb-hmzd-locations tbody tr").count()).toBe(15);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "hmzd-actor-zone-die");
    await page.close();
  });

  it("with zd-state's impairment: a forbidden zone is marked; a read-only sheet disables the inputs", async () => {
    const hmzd = hmzdActorPart({
      type: "character",
      block: stunnedBlock(),
      defaultShock: 60,
      injuries: injuries(),
      editable: false,
      localize,
      format,
      zoneImpairment: zoneImpairmentOf(humanPlanSource(), injuries(), stunnedBlock()),
    });
    const html = renderTemplate("templates/hmzd/actor/zone-die.hbs", { hmzd, tab });
    const page = await renderPage(browser, { html, classes: ["actor", "character"], width: 640 });
    expect(trim(await page.locator(".bbb-hmzd-impairment").allTextContents())).toEqual([
      "0",
      "Right 0; Left −10",
      "0",
      "Right Prohibited; Left 0",
    ]);
    expect(await page.locator("tr.bbb-hmzd-forbidden").getAttribute("data-zone")).toBe("legs");
    expect(await page.locator('select[name="system.hmzd.state"]').isDisabled()).toBe(true);
    expect(await page.locator(".bbb-hmzd-impairment-pending").count()).toBe(0);
    expect(await missingKeys(page)).toEqual([]);
    await screenshot(page, "hmzd-actor-impairment");
    await page.close();
  });
});

describe("the zone-die item parts", () => {
  it("the seed's broadsword: zone die d4 and its three modes (Z12)", async () => {
    const hmzd = hmzdWeaponPart("weapon", broadsword(), true, localize);
    const html = renderTemplate("templates/hmzd/item/weapon.hbs", { hmzd });
    const page = await renderPage(browser, { html, classes: ["item", "weapon"], width: 560 });
    expect(await page.locator('select[name="system.hmzd.zoneDie"]').inputValue()).toBe("4");
    expect(trim(await page.locator(".bbb-hmzd-impact").allTextContents())).toEqual([
      "d10+3E",
      "d8+2P",
      "d6+0B",
    ]);
    expect(await page.locator('input[name="system.hmzd.modes.1.name"]').inputValue()).toBe(
      "Thrust",
    );
    expect(await page.locator('select[name="system.hmzd.modes.1.aspect"]').inputValue()).toBe(
      "point",
    );
    expect(await page.locator('button[data-action="removeHmzdMode"]').count()).toBe(3);
    expect(await page.locator('button[data-action="addHmzdMode"]').count()).toBe(1);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "hmzd-item-weapon");
    await page.close();
  });

  it("a missile without modes says it cannot strike, and how its zone die is rolled (Z4)", async () => {
    const hmzd = hmzdWeaponPart("missile", { zoneDie: 10, modes: [] }, false, localize);
    const html = renderTemplate("templates/hmzd/item/weapon.hbs", { hmzd });
    const page = await renderPage(browser, { html, classes: ["item", "missile"], width: 560 });
    expect(await page.locator(".bbb-hmzd-no-modes").textContent()).toContain("cannot strike");
    expect(await page.locator(".bbb-hint").textContent()).toContain("d6");
    expect(await page.locator('button[data-action="addHmzdMode"]').count()).toBe(0);
    expect(await missingKeys(page)).toEqual([]);
    await page.close();
  });

  it("an injury: S2 edge, arms, left shoulder, shock failed", async () => {
    const hmzd = hmzdInjuryPart(shoulderInjury(), true, localize);
    const html = renderTemplate("templates/hmzd/item/injury.hbs", { hmzd });
    const page = await renderPage(browser, { html, classes: ["item", "injury"], width: 560 });
    expect(await page.locator(".bbb-hmzd-injury").getAttribute("data-code")).toBe("S2");
    expect(await page.locator('select[name="system.hmzd.level"]').inputValue()).toBe("2");
    expect(await page.locator('select[name="system.hmzd.zone"]').inputValue()).toBe("arms");
    expect(await page.locator('select[name="system.hmzd.location"]').inputValue()).toBe("shoulder");
    expect(await page.locator('select[name="system.hmzd.side"]').inputValue()).toBe("left");
    expect(await page.locator('input[name="system.hmzd.shockFailed"]').isChecked()).toBe(true);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "hmzd-item-injury");
    await page.close();
  });
});
