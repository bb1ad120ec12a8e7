/**
 * Browser harness for template tests: renders the system's Handlebars templates with the
 * stand-ins of Foundry's helpers (see test/foundry/stand-ins/handlebars.ts), puts the result
 * in a Foundry-like window frame with every stylesheet of system.json, and checks it in a real
 * Chromium (playwright-core, the system's /usr/bin/chromium; no browser is downloaded).
 * Foundry's own CSS is not available: the system's CSS must stand on its own under
 * `.blow-by-blow`.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import {
  createFoundryHandlebars,
  partialPaths,
  readTemplate,
  REPO_ROOT,
  RUNTIME_OPTIONS,
} from "../foundry/stand-ins/handlebars";
import { PARTIAL_HELPER, partialHelper } from "../../src/foundry/sheets/common";
import { pageBundle } from "./app/bundle";

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** One Chromium for a test file (close it in `afterAll`). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}

let env: ReturnType<typeof createFoundryHandlebars> | null = null;
const compiled = new Map<string, Handlebars.TemplateDelegate>();

/** The Handlebars environment with helpers and every partial under templates/partials. */
function handlebars(): ReturnType<typeof createFoundryHandlebars> {
  if (env) return env;
  env = createFoundryHandlebars();
  for (const path of partialPaths()) env.registerPartial(path, env.compile(readTemplate(path)));
  // The system's own helper for including partials (src/foundry/sheets/common.ts).
  env.registerHelper(PARTIAL_HELPER, partialHelper(env));
  return env;
}

/**
 * Renders a template file (path relative to the repo root, e.g. "templates/item/weapon.hbs",
 * or a Foundry path "systems/blow-by-blow/…") with Handlebars and the stand-ins of Foundry's
 * helpers (localize, selectOptions, checked, disabled, eq, ne, lt, lte, gt, gte, and, or, not,
 * concat, numberFormat, ifThen) and the system's `bbbPartial` helper. Every .hbs under
 * templates/partials is registered as a partial under
 * "systems/blow-by-blow/templates/partials/<name>.hbs". `localize` uses the real
 * lang/en.json and leaves a missing key as the key text (as Foundry does).
 */
export function renderTemplate(path: string, context: object): string {
  const hb = handlebars();
  let template = compiled.get(path);
  if (!template) {
    template = hb.compile(readTemplate(path));
    compiled.set(path, template);
  }
  return template(context, RUNTIME_OPTIONS);
}

interface Manifest {
  styles: (string | { src: string })[];
}

/** Every stylesheet of system.json, concatenated in manifest order. */
function systemCss(): string {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "system.json"), "utf8")) as Manifest;
  return manifest.styles
    .map((s) => (typeof s === "string" ? s : s.src))
    .map((path) => `/* ${path} */\n${readFileSync(join(REPO_ROOT, path), "utf8")}`)
    .join("\n");
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

export interface PageOptions {
  /** The rendered HTML placed inside the window content. */
  html: string;
  /** Extra classes of the application element (e.g. ["actor", "character"]). */
  classes?: string[];
  /** Window size in px (default 720 × 800). */
  width?: number;
  height?: number;
}

/**
 * A page with every stylesheet of system.json (inlined) and `html` inside a Foundry-like
 * window frame: `<div class="application sheet blow-by-blow ${classes}"><section
 * class="window-content">`. No script of the page runs (the HTML is inert markup).
 */
export async function renderPage(browser: Browser, opts: PageOptions): Promise<Page> {
  const width = opts.width ?? 720;
  const height = opts.height ?? 800;
  const classes = ["application", "sheet", "blow-by-blow", ...(opts.classes ?? [])].join(" ");
  const page = await browser.newPage({ viewport: { width: width + 40, height: height + 40 } });
  const doc = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="script-src 'none'">
<style>
html, body { margin: 0; padding: 0; background: #30302e; font-family: sans-serif; font-size: 14px; }
body > .application { position: absolute; left: 20px; top: 20px; display: flex; flex-direction: column; overflow: hidden; }
.application > .window-content { flex: 1; overflow: auto; display: flex; flex-direction: column; }
</style>
<style>${systemCss()}</style>
</head><body>
<div class="${escapeAttr(classes)}" style="width:${width}px;height:${height}px">
<section class="window-content">${opts.html}</section>
</div>
</body></html>`;
  await page.setContent(doc, { waitUntil: "load" });
  return page;
}

/**
 * A page that runs the system's real sheet and dialog classes on the Foundry stand-ins
 * (test/browser/app: page.ts bundled by bundle.ts), with every stylesheet of system.json.
 * Applications render into the body as Foundry's do (`<form class="application …">` with a
 * `.window-content`); `window.bbb` (test/browser/app/page.ts) opens them and reads the
 * documents back. Errors thrown in the page fail the call that caused them; uncaught ones are
 * collected in `errors`. The world is reset before the page is returned.
 */
export async function openAppPage(
  browser: Browser,
  viewport = { width: 1000, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">
<style>
html, body { margin: 0; padding: 0; background: #30302e; font-family: sans-serif; font-size: 14px; }
body > .application { position: relative; margin: 10px; display: flex; flex-direction: column; max-height: ${viewport.height - 40}px; overflow: hidden; }
.application > .window-content { flex: 1; overflow: auto; display: flex; flex-direction: column; }
</style>
<style>${systemCss()}</style></head><body></body></html>`,
    { waitUntil: "load" },
  );
  await page.addScriptTag({ content: await pageBundle() });
  await page.evaluate(() => window.bbb.reset());
  return { page, errors };
}

/**
 * Visible text and attribute values (title, placeholder, aria-label, data-tooltip, label) that
 * still look like localisation keys (BLOWBYBLOW.*, TYPES.*), i.e. keys missing from
 * lang/en.json. Text of hidden elements (inactive tabs) counts too, so every tab is checked.
 */
export async function missingKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pattern = /\b(?:BLOWBYBLOW|TYPES)\.[A-Za-z0-9_.-]*[A-Za-z0-9_-]/g;
    const found = new Set<string>();
    const root = document.querySelector(".application") ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && (parent.tagName === "STYLE" || parent.tagName === "SCRIPT")) continue;
      for (const m of (node.textContent ?? "").matchAll(pattern)) found.add(m[0]);
    }
    const attrs = ["title", "placeholder", "aria-label", "data-tooltip", "label"];
    for (const el of Array.from(root.querySelectorAll("*"))) {
      for (const attr of attrs) {
        const value = el.getAttribute(attr);
        if (value) for (const m of value.matchAll(pattern)) found.add(`${m[0]} [${attr}]`);
      }
    }
    return [...found].sort();
  });
}

/** Saves test-output/screenshots/<name>.png (the window frame only) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(REPO_ROOT, "test-output", "screenshots");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  const frame = page.locator("body > .application");
  await frame.screenshot({ path });
  return path;
}
