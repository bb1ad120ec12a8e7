/**
 * The m2m attack dialog's catalog picker (issue 17, spec §5.2) rendered in Chromium with the
 * system's CSS: Friedrick's axe with bad footing (−3 typed) and a strike at a polearm declared
 * as catalog rows, each a select with its parameter, the trailing select that adds a row, the
 * breakdown itemising both with their labels, a player's note that the GM approves them, no
 * localisation key missing. Screenshot: test-output/screenshots/dialog-m2m-catalog.png.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { m2mCombat } from "../../src/foundry/rulesets/m2m/combat";
import {
  attackDialogContext,
  attackDraftFromForm,
  initialAttackDraft,
} from "../../src/foundry/combat/attack-form";
import { m2mInput, MAP_SITUATION } from "../foundry/dialogs/m2m-map-fixtures";
import { AXE_ID } from "../foundry/rulesets/m2m/sheet-fixtures";
import { format, localize } from "../foundry/stand-ins/handlebars";
import { launch, missingKeys, renderPage, renderTemplate, screenshot } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe("the m2m attack dialog's catalog rows in Chromium", () => {
  it("bad footing −3 and a strike at a polearm, picked and itemised", async () => {
    const input = { ...m2mInput(true), catalog: m2mCombat.catalog! };
    const base = {
      ...initialAttackDraft(
        input.options,
        { ...MAP_SITUATION, toArc: "front", light: "normal" },
        AXE_ID,
      ),
      aim: "random",
    };
    // Added one after the other by the trailing select, then the footing typed as −3.
    const one = attackDraftFromForm(
      { "catalog.0.id": "bad-footing" },
      base,
      input.options,
      input.catalog,
    );
    const two = attackDraftFromForm(
      {
        "catalog.0.id": "bad-footing",
        "catalog.0.param": "-3",
        "catalog.1.id": "strike-at-weapon",
      },
      one,
      input.options,
      input.catalog,
    );
    const draft = attackDraftFromForm(
      {
        "catalog.0.id": "bad-footing",
        "catalog.0.param": "-3",
        "catalog.1.id": "strike-at-weapon",
        "catalog.1.param": "polearm",
        "catalog.2.id": "",
      },
      two,
      input.options,
      input.catalog,
    );
    const context = {
      ...attackDialogContext(input, draft, localize, format),
      submitLabel: "BLOWBYBLOW.Dialog.Attack.submit",
    };
    const html = ["attack", "modifiers", "breakdown", "footer"]
      .map((part) =>
        renderTemplate(`templates/dialog/${part}.hbs`, {
          ...context,
          partId: `bbb-attack-1-${part === "attack" ? "form" : part}`,
        }),
      )
      .join("\n");
    const page = await renderPage(browser, {
      html,
      classes: ["bbb-dialog", "bbb-attack-dialog"],
      width: 560,
      height: 1100,
    });
    await screenshot(page, "dialog-m2m-catalog");
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await page.locator('select[name="catalog.0.id"]').inputValue()).toBe("bad-footing");
      expect(await page.locator('input[name="catalog.0.param"]').inputValue()).toBe("-3");
      expect(await page.locator('select[name="catalog.1.id"]').inputValue()).toBe(
        "strike-at-weapon",
      );
      expect(await page.locator('select[name="catalog.1.param"]').inputValue()).toBe("polearm");
      expect(await page.locator('select[name="catalog.2.id"]').inputValue()).toBe("");
      expect(await page.locator('select[name="catalog.2.id"] option').first().textContent()).toBe(
        "Add a rule book modifier…",
      );
      const lines = (await page.locator(".bbb-breakdown-table tr").allTextContents()).map((t) =>
        t.replace(/\s+/g, " ").trim(),
      );
      expect(lines).toContain("Bad footing (seed 004 L1728) \u22123");
      expect(lines).toContain("Striking at a weapon (seed 004 L2539) \u22123");
      expect(context.approvalNotes.length).toBeGreaterThan(0);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("false");
    } finally {
      await page.close();
    }
  });
});
