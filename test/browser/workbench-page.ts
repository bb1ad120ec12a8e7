/**
 * The combat workbench in Chromium, for the workbench tests: the Vite dev server serving the
 * page (workbench/vite.config.ts, what `npm start` runs), a page opened on it with its errors
 * collected, and full-page screenshots in test-output/screenshots.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { REPO_ROOT } from "../foundry/stand-ins/handlebars";

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
