/**
 * HârnMaster Gold encumbrance & fatigue on the hm3 actor sheet (seed 000 lines 101-113; rulings
 * G64-G66, G93), rendered with its real CSS in Chromium: with the world option on, the gear tab
 * shows ENC (Load × 20 ÷ Condition ML, 000:105), the Fatigue Rate (ENC ÷ 10, at least 1,
 * 000:111-113), the current fatigue and a Rest button for those who may edit; with it off,
 * none of it.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  actorContext,
  partContext,
  partsFor,
  type ActorContextInput,
} from "../../src/foundry/rulesets/hm3/sheets/actor/context";
import { deriveHm3Character } from "../../src/rules/hm3/character";
import { hm3Input } from "../../src/foundry/rulesets/hm3/input";
import { KNIGHT_ITEMS, KNIGHT_SYSTEM, knightInput } from "../foundry/actor-sheet-fixtures";
import { launch, missingKeys, renderPage, renderTemplate, screenshot } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const system = { ...KNIGHT_SYSTEM, hm3: { ...KNIGHT_SYSTEM.hm3, fatigue: 4 } };
const goldDerived = deriveHm3Character({
  ...hm3Input(system, KNIGHT_ITEMS),
  options: { encumbranceFatigue: true },
});

async function open(input: ActorContextInput): Promise<Page> {
  const context = actorContext(input);
  const html = partsFor(context.type, context.limited)
    .map((p) =>
      renderTemplate(
        `templates/actor/${p === "bodyPlan" ? "body-plan" : p}.hbs`,
        partContext(context, p),
      ),
    )
    .join("\n");
  return renderPage(browser, { html, classes: ["actor", "character"], width: 780, height: 900 });
}

describe("the gear tab with Gold encumbrance & fatigue", () => {
  it("on: ENC, FR and fatigue with their seed hints, and the Rest button", async () => {
    const g = goldDerived.goldEncumbrance!;
    // 000:105: ENC = round(Load × 20 ÷ Condition ML); Condition ML = END × 5 here (G65).
    expect(g.conditionMl).toBe(goldDerived.endurance * 5);
    expect(g.enc).toBe(Math.round((goldDerived.load * 20) / g.conditionMl));
    expect(g.fatigueRate).toBe(Math.max(1, Math.floor(g.enc / 10)));
    const page = await open(knightInput({ system, derived: goldDerived, activeTab: "gear" }));
    await expect(page.locator(".bbb-gold-enc").textContent()).resolves.toBe(String(g.enc));
    await expect(page.locator(".bbb-gold-fr").textContent()).resolves.toBe(String(g.fatigueRate));
    await expect(page.locator(".bbb-gold-fatigue-value").textContent()).resolves.toBe("4");
    await expect(page.locator(".bbb-gold-fatigue h3").textContent()).resolves.toBe(
      "Encumbrance & fatigue (HârnMaster Gold)",
    );
    const encTip = await page
      .locator(".bbb-gold-fatigue div:has(.bbb-gold-enc)")
      .getAttribute("data-tooltip");
    expect(encTip).toContain(`Condition ML ${g.conditionMl}`);
    const rest = page.locator('[data-action="goldRest"]');
    expect(await rest.isVisible()).toBe(true);
    await expect(rest.textContent()).resolves.toBe("Rest 2 minutes");
    await expect(rest.getAttribute("data-tooltip")).resolves.toContain(
      `Condition SI ${g.recovery} recovered for every 2 minutes`,
    );
    expect(await page.locator(".bbb-gold-fatigue").isVisible()).toBe(true);
    expect(await missingKeys(page)).toEqual([]);
    const fits = await page.evaluate(() => {
      const el = document.querySelector(".window-content")!;
      return el.scrollWidth <= el.clientWidth;
    });
    expect(fits).toBe(true);
    await screenshot(page, "actor-character-gear-gold-fatigue");
    await page.close();
  });

  it("read-only viewer: the figures, no Rest button", async () => {
    const page = await open(
      knightInput({ system, derived: goldDerived, activeTab: "gear", editable: false }),
    );
    await expect(page.locator(".bbb-gold-fr").count()).resolves.toBe(1);
    await expect(page.locator('[data-action="goldRest"]').count()).resolves.toBe(0);
    await page.close();
  });

  it("off: no Gold section (the derivation gives no goldEncumbrance)", async () => {
    const page = await open(knightInput({ activeTab: "gear" }));
    await expect(page.locator(".bbb-gold-fatigue").count()).resolves.toBe(0);
    await expect(page.locator(".bbb-encumbrance-value").count()).resolves.toBe(1);
    await page.close();
  });
});
