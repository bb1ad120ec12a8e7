/**
 * The attack dialog with GURPS Man to Man's map fields (issue 17) rendered in Chromium with the
 * system's CSS: the facing selects (the attacker in the defender's arcs, the defender in the
 * attacker's) and the light, the scene's units beside the distance, and the breakdown itemising
 * the wild swing and bad light (Friedrick's axe into his right side in dim light), then a
 * crossbow shot at 30 yards (snap shot, range). No localisation key missing. Screenshots:
 * test-output/screenshots/dialog-m2m-*.png.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attackDialogContext,
  attackDraftFromForm,
  initialAttackDraft,
} from "../../src/foundry/combat/attack-form";
import { m2mInput, MAP_SITUATION } from "../foundry/dialogs/m2m-map-fixtures";
import { AXE_ID, CROSSBOW_ID } from "../foundry/rulesets/m2m/sheet-fixtures";
import { format, localize } from "../foundry/stand-ins/handlebars";
import { launch, missingKeys, renderPage, renderTemplate, screenshot } from "./harness";

type Obj = Record<string, unknown>;

function dialogHtml(context: Obj): string {
  return ["attack", "modifiers", "breakdown", "footer"]
    .map((part) =>
      renderTemplate(`templates/dialog/${part}.hbs`, {
        ...context,
        partId: `bbb-attack-1-${part === "attack" ? "form" : part}`,
      }),
    )
    .join("\n");
}

async function open(context: Obj, name: string): Promise<Page> {
  const page = await renderPage(browser, {
    html: dialogHtml(context),
    classes: ["bbb-dialog", "bbb-attack-dialog"],
    width: 560,
    height: 980,
  });
  await screenshot(page, `dialog-m2m-${name}`);
  return page;
}

const texts = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe("the m2m attack dialog's map fields in Chromium", () => {
  it("facing and light as selects, the units, and the wild swing and bad light itemised", async () => {
    const input = m2mInput();
    const draft = { ...initialAttackDraft(input.options, MAP_SITUATION, AXE_ID), aim: "random" };
    const context = {
      ...attackDialogContext(input, draft, localize, format),
      submitLabel: "BLOWBYBLOW.Dialog.Attack.submit",
    };
    const page = await open(context, "facing");
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await texts(page, ".bbb-map-field label")).toEqual([
        "Attacker stands in the defender's",
        "Defender stands in the attacker's",
        "Light",
      ]);
      expect(await page.locator('select[name="fromArc"]').inputValue()).toBe("front");
      expect(await page.locator('select[name="toArc"]').inputValue()).toBe("right");
      expect(await page.locator('select[name="light"]').inputValue()).toBe("dim");
      expect(await texts(page, 'select[name="light"] option')).toEqual([
        "Not measured",
        "Normal",
        "Bad light",
        "Total darkness",
      ]);
      expect(await page.locator(".bbb-units").textContent()).toBe("In the scene's grid units: yd.");
      const lines = await texts(page, ".bbb-breakdown-table tr");
      expect(lines.some((l) => /^Wild swing \u2212\d+$/.test(l))).toBe(true);
      expect(lines).toContain("Bad light \u22125");
      expect(await page.locator(".bbb-field-error:visible").count()).toBe(0);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("false");
      const fits = await page
        .locator("body > .application .window-content")
        .evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("a crossbow at 30 yards: snap shot and range in the breakdown", async () => {
    const input = m2mInput();
    const base = initialAttackDraft(
      input.options,
      { ...MAP_SITUATION, toArc: "front", light: "normal" },
      CROSSBOW_ID,
    );
    const draft = {
      ...attackDraftFromForm({ distance: "30" }, base, input.options),
      aim: "random",
    };
    const context = {
      ...attackDialogContext(input, draft, localize, format),
      submitLabel: "BLOWBYBLOW.Dialog.Attack.submit",
    };
    const page = await open(context, "range");
    try {
      expect(await missingKeys(page)).toEqual([]);
      const lines = await texts(page, ".bbb-breakdown-table tr");
      expect(lines).toContain("Snap shot (not aimed) \u22124");
      expect(lines.some((l) => /^Range \u2212\d+$/.test(l))).toBe(true);
      expect(await page.locator('input[name="distance"]').inputValue()).toBe("30");
    } finally {
      await page.close();
    }
  });
});
