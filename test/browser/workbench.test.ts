/**
 * The combat workbench (issue 6) in Chromium: the Vite dev server serves the page
 * (workbench/vite.config.ts, what `npm start` runs); a whole fight is clicked through. Checked:
 * the exact odds shown are `exchangeOdds` for the same choice computed here, the rolled card is
 * the real chat card with the core's result for that seed, the log keeps every exchange, the
 * fighters' conditions and body diagrams follow the fight, the duel statistics and their plot.
 * Screenshots go to test-output/screenshots.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SeededDice } from "../../src/core/dice";
import { hm3, hm3Combat } from "../../src/rules/hm3";
import { exchangeOdds } from "../../src/rules/hm3/odds";
import { createDuel, type ActorSource } from "../../src/sim/duel";
import { bestAttack, worldDefaults } from "../../src/sim/policy";
import { launch } from "./harness";
import { REPO_ROOT } from "../foundry/stand-ins/handlebars";

/** The page's fighters, in its order (the pack files sorted by name). */
const FIGHTERS: ActorSource[] = [
  "brigand",
  "longbowman",
  "man-at-arms",
  "militia-spearman",
  "sir-aldric-knight",
  "war-dog",
].map(
  (f) =>
    JSON.parse(
      readFileSync(join(REPO_ROOT, "packs/_source/hm3-sample-fighters", `${f}.json`), "utf8"),
    ) as ActorSource,
);

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
      // The same exchange in Node: the page's default choices are the duel policy's.
      const names = await page
        .locator("#wb-a option:checked, #wb-b option:checked")
        .allTextContents();
      const byName = new Map(FIGHTERS.map((a) => [a.name, a]));
      const duel = createDuel({ actor: byName.get(names[0]!)! }, { actor: byName.get(names[1]!)! });
      const core = duel.attack("a", new SeededDice(12))!.card.result as unknown as {
        result: string;
      };
      expect(await card.locator(".bbb-hm3-code").textContent()).toBe(
        core.result === "miss" ? "\u2022" : core.result.replace("*", "\u2605"),
      );
      expect(await card.locator(".bbb-xc-attacker").textContent()).toBe(names[0]);
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

  it("a fighter's skill levels can be edited: a bad one is named and changes nothing; a good one changes the odds", async () => {
    const { page, errors } = await open();
    try {
      const odds = () => page.locator("#wb-odds-result").innerText();
      const before = await odds();
      const skillInputs = '#wb-side-a fieldset[data-group="skills"] input[name]';
      const first = page.locator(skillInputs).first();
      const skill = (
        await first.evaluate((i) => i.parentElement?.firstChild?.textContent ?? "")
      ).trim();
      const original = await first.inputValue();
      await first.fill("lots");
      await page.click('#wb-side-a form button[type="submit"]');
      expect(await page.locator("#wb-problem").textContent()).toContain(`${skill}: lots`);
      expect(await odds()).toBe(before);
      // Every skill of the attacker at 100: its attack target and the odds change.
      const inputs = page.locator(skillInputs);
      for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill("100");
      await page.click('#wb-side-a form button[type="submit"]');
      expect(await page.locator("#wb-problem").textContent()).toBe("");
      expect(await page.locator(skillInputs).first().inputValue()).toBe("100");
      expect(await odds()).not.toBe(before);
      expect(original).not.toBe("100");
      await shot(page, "workbench-edited");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("shows the weapon damage chances of a Block and the itemised EMLs, as the core computes them", async () => {
    const { page, errors } = await open();
    try {
      const [a, b] = await page.evaluate(() => [
        (document.getElementById("wb-a") as HTMLSelectElement).value,
        (document.getElementById("wb-b") as HTMLSelectElement).value,
      ]);
      const actorA = FIGHTERS[Number(a)]!;
      const actorB = FIGHTERS[Number(b)]!;
      const blockValue = await page
        .locator("#wb-defence option")
        .evaluateAll((os) =>
          os.map((o) => (o as HTMLOptionElement).value).find((v) => v.startsWith("block|")),
        );
      expect(blockValue).toBeDefined();
      await page.selectOption("#wb-defence", blockValue!);
      // The same odds computed here through the same rules.
      const duel = createDuel({ actor: actorA }, { actor: actorB });
      const sa = duel.snapshot("a");
      const sb = duel.snapshot("b");
      const request = bestAttack(sa, sb);
      const build = hm3Combat.buildDeclaration(sa, sb, request, worldDefaults());
      const decl = hm3.parseDeclaration(build.declaration);
      const state = hm3.start(decl, new SeededDice(0));
      const pending = hm3.pending(state)!;
      const options = hm3Combat.choiceOptions(pending, build, sb);
      const itemId = blockValue!.split("|")[1]!;
      const value = hm3Combat.buildChoice(pending, build, sb, {
        optionId: "block",
        itemId,
        mode: null,
        aim: options.find((o) => o.id === "block")!.aims.length ? "mid" : null,
        custom: [],
      });
      const odds = exchangeOdds(decl, hm3.parseChoice(state, value));
      const shown = async (id: string) =>
        parseFloat((await page.locator(`[data-figure="${id}"] td`).textContent()) ?? "NaN");
      expect(odds.defender.weaponDamaged).toBeGreaterThan(0);
      for (const side of ["attacker", "defender"] as const) {
        expect(await shown(`weaponDamaged-${side}`)).toBeCloseTo(100 * odds[side].weaponDamaged, 2);
        expect(await shown(`weaponBroken-${side}`)).toBeCloseTo(100 * odds[side].weaponBroken, 2);
      }
      // The itemised EMLs: the base, each modifier, the sum and the value rolled against.
      for (const [id, target] of [
        ["attack", decl.attack.target],
        ["defence", hm3.parseChoice(state, value).target!],
      ] as const) {
        const table = page.locator(`#wb-eml [data-eml="${id}"]`);
        expect(await table.locator('[data-line="base"] td').textContent()).toBe(
          String(target.base),
        );
        expect(await table.locator('[data-line="modifier"]').count()).toBe(target.modifiers.length);
        expect(await table.locator('[data-line="sum"] td').textContent()).toBe(String(target.raw));
        expect(await table.locator('[data-line="value"] td').textContent()).toBe(
          String(target.value),
        );
      }
      await shot(page, "workbench-block-odds");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("attributes and armour can be edited: bad values are named and change nothing; good ones change the fight", async () => {
    const { page, errors } = await open();
    try {
      const odds = () => page.locator("#wb-odds").innerText();
      const before = await odds();
      const dex = page.locator('#wb-side-b input[name="attr:dex"]');
      const original = await dex.inputValue();
      await dex.fill("99");
      const quality = page.locator('#wb-side-b input[name^="quality:"]').first();
      await quality.fill("x");
      await page.click('#wb-side-b form button[type="submit"]');
      const text = (await page.locator("#wb-problem").textContent()) ?? "";
      // Both refusals, each naming its field and value; nothing changed.
      expect(text).toMatch(/Dexterity/);
      expect(text).toMatch(/99/);
      expect(text).toMatch(/Quality[^.]*x|x[^.]*Quality/);
      expect(await odds()).toBe(before);
      expect(await page.locator('#wb-side-b input[name="attr:dex"]').inputValue()).toBe("99");
      // Good values: the defender takes off every piece of armour; the odds change.
      await dex.fill(original);
      await quality.fill("0");
      const worn = page.locator('#wb-side-b input[name^="worn:"]');
      for (let i = 0; i < (await worn.count()); i++) await worn.nth(i).uncheck();
      await page.click('#wb-side-b form button[type="submit"]');
      expect(await page.locator("#wb-problem").textContent()).toBe("");
      expect(await odds()).not.toBe(before);
      const checked = await page
        .locator('#wb-side-b input[name^="worn:"]')
        .evaluateAll((is) => is.map((i) => (i as HTMLInputElement).checked));
      expect(checked.length).toBeGreaterThan(0);
      expect(checked.every((c) => !c)).toBe(true);
      await shot(page, "workbench-armour-off");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("runs many duels: win rates sum to 100 % and the plot is drawn", async () => {
    const { page, errors } = await open();
    try {
      await page.fill("#wb-n", "20");
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
  }, 120_000);
});
