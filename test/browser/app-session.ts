/**
 * One Chromium page of the class tests' app (test/browser/app) for a test file: launched
 * before the file, a fresh world (`window.bbb.reset()`) and no page errors before each test,
 * closed after. `settle()` waits for what the stand-ins started without awaiting; `shoot()`
 * saves one window under test-output/screenshots/.
 */
import { mkdirSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { launch, openAppPage } from "./harness";

export interface AppSession {
  readonly page: Page;
  /** The page errors since the test began. */
  readonly errors: string[];
  settle(): Promise<void>;
  shoot(window: Locator, name: string): Promise<void>;
}

/** Registers the hooks of an app page for the calling test file. */
export function useAppSession(): AppSession {
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  beforeAll(async () => {
    browser = await launch();
    ({ page, errors } = await openAppPage(browser));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    await session.page.evaluate(() => window.bbb.reset());
    errors.length = 0;
  });
  const session: AppSession = {
    get page() {
      if (!page) throw new Error("The app page is not open yet (use it inside a test)");
      return page;
    },
    get errors() {
      return errors;
    },
    async settle() {
      await session.page.evaluate(() => window.bbb.settle());
    },
    async shoot(window, name) {
      mkdirSync("test-output/screenshots", { recursive: true });
      await window.screenshot({ path: `test-output/screenshots/${name}.png` });
    },
  };
  return session;
}
