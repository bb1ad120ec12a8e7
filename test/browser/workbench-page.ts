/**
 * The combat workbench in Chromium, for the workbench tests: the Vite dev server serving the
 * page (workbench/vite.config.ts, what `npm start` runs), a page opened on it with its errors
 * collected, and full-page screenshots in test-output/screenshots.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, expect } from "vitest";
import { SeededDice } from "../../src/core/dice";
import { createDuel, type ActorSource, type Duel, type ExchangeChoice } from "../../src/sim/duel";
import { REPO_ROOT } from "../foundry/stand-ins/handlebars";
import { launch } from "./harness";

/** Starts the workbench's dev server on a free port; returns it and the page's URL. */
export async function startWorkbench(): Promise<{ server: ViteDevServer; url: string }> {
  const server = await createServer({
    configFile: join(REPO_ROOT, "workbench/vite.config.ts"),
    server: { port: 0, host: "127.0.0.1" },
    logLevel: "error",
  });
  await server.listen();
  const address = server.httpServer!.address() as { port: number };
  return { server, url: `http://127.0.0.1:${address.port}/` };
}

/**
 * For a test file: the dev server and one Chromium, started before its tests and closed after
 * them; `open()` opens the workbench on them.
 */
export function workbenchSuite(): { open: () => Promise<{ page: Page; errors: string[] }> } {
  let server: ViteDevServer | undefined;
  let browser: Browser | undefined;
  let url = "";
  beforeAll(async () => {
    ({ server, url } = await startWorkbench());
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return { open: () => openWorkbench(browser!, url) };
}

/** Opens the workbench once it is drawn; `errors` collects the page's errors. */
export async function openWorkbench(
  browser: Browser,
  url: string,
): Promise<{ page: Page; errors: string[] }> {
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

/** Saves a full-page screenshot as test-output/screenshots/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = join(REPO_ROOT, "test-output", "screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * Rolls one HM3 exchange on the page with the dice of `seed` and checks its card: an HM3 card
 * whose result code is the core's for the same two fighters (looked up by the names picked in
 * `fighters`) and seed, the page's default choices being the duel policy's (or, with `core`,
 * the rules and the choices the page was given). Returns the card and the names of the
 * attacker and the defender.
 */
export async function rollAndCheckHm3(
  page: Page,
  seed: number,
  fighters: readonly ActorSource[],
  core: { options?: Record<string, boolean>; choice?: (duel: Duel) => ExchangeChoice } = {},
): Promise<{ card: Locator; names: string[] }> {
  await page.fill("#wb-seed", String(seed));
  await page.dispatchEvent("#wb-seed", "change");
  await page.click("#wb-roll");
  const card = page.locator("#wb-log .exchange-card").first();
  await card.waitFor();
  expect(await card.getAttribute("data-ruleset")).toBe("hm3");
  const names = await page.locator("#wb-a option:checked, #wb-b option:checked").allTextContents();
  const byName = new Map(fighters.map((a) => [a.name, a]));
  const duel = createDuel(
    { actor: byName.get(names[0]!)! },
    { actor: byName.get(names[1]!)! },
    { options: core.options },
  );
  const result = duel.attack("a", new SeededDice(seed), core.choice?.(duel))!.card
    .result as unknown as { result: string };
  expect(await card.locator(".bbb-hm3-code").textContent()).toBe(
    result.result === "miss" ? "\u2022" : result.result.replace("*", "\u2605"),
  );
  return { card, names };
}
