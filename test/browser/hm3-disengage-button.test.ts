/**
 * HârnMaster Gold's Disengage button on the HM3 actor sheet's Combat tab (seed 000 lines 85-91;
 * rulings G67, G85), in Chromium on the real sheet class and the Foundry stand-ins
 * (test/browser/app): shown only with the `disengaging` option on in an hm3 world and to the
 * actor's owner; a click runs the Disengage action, which posts its card (the disengager's
 * Initiative test; no foe targeted here).
 */
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useAppSession } from "./app-session";
import { missingKeys } from "./harness";

const session = useAppSession();

async function openKnight(permission: number | null = null): Promise<Locator> {
  const page = session.page;
  const { id } = await page.evaluate((p) => window.bbb.openActorSheet("character", p), permission);
  const sheet = page.locator(`[id="${id}"]`);
  await sheet.locator('nav.tabs a[data-tab="combat"]').click();
  return sheet;
}

describe("the Disengage button (HârnMaster Gold, 000:85-91)", () => {
  it("is not shown while the option is off", async () => {
    const page = session.page;
    await page.evaluate(() => window.bbb.setSetting("ruleset", "hm3"));
    const sheet = await openKnight();
    expect(await sheet.locator("button[data-action=disengage]").count()).toBe(0);
  });

  it("with the option on: shown on the Combat tab, a click posts the Disengage card", async () => {
    const page = session.page;
    await page.evaluate(() => window.bbb.setSetting("hm3.disengaging", true));
    const sheet = await openKnight();
    const button = sheet.locator("button[data-action=disengage]");
    expect(await button.isVisible()).toBe(true);
    expect((await button.textContent())?.trim()).toBe("Disengage (HârnMaster Gold)");
    expect(await button.getAttribute("data-tooltip")).toContain("Target the engaged foes first");
    expect(await missingKeys(page)).toEqual([]);
    const before = (await page.evaluate(() => window.bbb.messages())).length;
    await button.click();
    await session.settle();
    const posted = (await page.evaluate(() => window.bbb.messages())).slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toContain("Disengage (HârnMaster Gold)");
    expect(posted[0]).toContain("Sir Aldric");
    // No foe targeted: the move is never stopped (G67).
    expect(posted[0]).toContain("No foe engaged");
    expect(session.errors).toEqual([]);
  });

  it("the card's Test button: the GM tests for the targeted Brigand, the card is written once", async () => {
    const page = session.page;
    await page.evaluate(() => window.bbb.setSetting("hm3.disengaging", true));
    await page.evaluate(() => window.bbb.targetBrigand());
    const sheet = await openKnight();
    await sheet.locator("button[data-action=disengage]").click();
    await session.settle();
    let id = await page.evaluate(() => window.bbb.renderLastMessage());
    await session.settle();
    const card = () => page.locator(`[id="${id}"]`);
    expect(await card().locator(".bbb-disengage-foe").textContent()).toContain(
      "Brigand: to test Initiative or decline",
    );
    const test = card().locator('button.bbb-disengage-answer[data-answer="test"]');
    expect(await test.isVisible()).toBe(true);
    expect(await card().locator(".bbb-disengage-outcome").textContent()).toContain("Waiting for 1");
    await test.click();
    await session.settle();
    // The GM's step updated the message: rendered again, the Brigand's roll is on it, no buttons.
    id = await page.evaluate(() => window.bbb.renderLastMessage());
    await session.settle();
    expect(await card().locator(".bbb-disengage-foe").textContent()).toMatch(
      /Brigand: .+\(\d+ against \d+\)/,
    );
    expect(await card().locator("button.bbb-disengage-answer").count()).toBe(0);
    expect(await card().locator(".bbb-disengage-outcome").textContent()).toMatch(
      /Out of every Engagement Zone|One hex out of every Engagement Zone/,
    );
    expect(await missingKeys(page)).toEqual([]);
    expect(session.errors).toEqual([]);
  });

  it("not shown to a viewer who does not own the actor", async () => {
    const page = session.page;
    await page.evaluate(() => window.bbb.setSetting("hm3.disengaging", true));
    const sheet = await openKnight(2);
    expect(await sheet.locator("button[data-action=disengage]").count()).toBe(0);
  });
});
