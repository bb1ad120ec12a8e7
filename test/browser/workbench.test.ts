/**
 * The combat workbench (issue 6) in Chromium: the Vite dev server serves the page
 * (workbench/vite.config.ts, what `npm start` runs); a whole fight is clicked through. Checked:
 * the exact odds shown are `exchangeOdds` for the same choice computed here, the rolled card is
 * the real chat card with the core's result for that seed, the log keeps every exchange, the
 * fighters' conditions and body diagrams follow the fight, the duel statistics and their plot.
 * Screenshots go to test-output/screenshots.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SeededDice } from "../../src/core/dice";
import { hm3, hm3Combat } from "../../src/rules/hm3";
import { exchangeOdds } from "../../src/rules/hm3/odds";
import { createDuel, runDuels, type ActorSource, type DuelRecovery } from "../../src/sim/duel";
import { bestAttack, worldDefaults } from "../../src/sim/policy";
import { rollAndCheckHm3, shot, workbenchSuite } from "./workbench-page";
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

const { open } = workbenchSuite();
/**
 * The refusal shown for a field: it is marked invalid and described by the message, which sits
 * within 100 px of it; the first refused field has the focus. Returns the message.
 */
async function problemOf(page: Page, selector: string, focused = true): Promise<string> {
  const field = page.locator(selector);
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const id = (await field.getAttribute("aria-describedby"))!;
  const message = page.locator(`#${id}`);
  expect(await message.getAttribute("role")).toBe("alert");
  expect(await message.isVisible()).toBe(true);
  const f = (await field.boundingBox())!;
  const m = (await message.boundingBox())!;
  const gapX = Math.max(0, m.x - (f.x + f.width), f.x - (m.x + m.width));
  const gapY = Math.max(0, m.y - (f.y + f.height), f.y - (m.y + m.height));
  expect(Math.hypot(gapX, gapY)).toBeLessThan(100);
  // Marked visibly: the invalid style's border differs from a valid field's.
  expect(await field.evaluate((e) => getComputedStyle(e).borderTopColor)).toBe("rgb(179, 38, 30)");
  expect(await field.evaluate((e) => e === document.activeElement)).toBe(focused);
  return (await message.textContent()) ?? "";
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

      // No end shown while the fight goes on; the turn controls work.
      expect(await page.locator("#wb-over").isHidden()).toBe(true);
      // Roll exchanges until one side is out.
      for (let i = 0; i < 60; i++) {
        if (await page.locator("#wb-step").isDisabled()) break;
        await page.click("#wb-step");
      }
      const cards = page.locator("#wb-log .exchange-card");
      expect(await cards.count()).toBeGreaterThan(0);
      // Every card is the real card, resolved, saying that the workbench applied the
      // consequences (not the Foundry "reported only" line).
      const states = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));
      expect(new Set(states)).toEqual(new Set(["resolved"]));
      expect(await page.locator("#wb-log .bbb-hm3-result").count()).toBe(await cards.count());
      const log = await page.locator("#wb-log").innerText();
      expect(log).not.toContain("reported only");
      expect(log.split("The workbench applied the consequences to its fighters.").length - 1).toBe(
        await cards.count(),
      );
      // The fight ended with a loser out: said at the top, where the turn controls are, and
      // Roll and Next turn disabled until a new fight.
      const over = page.locator("#wb-over");
      expect(await over.isVisible()).toBe(true);
      expect(await over.textContent()).toMatch(/^The fight is over\. /);
      const overBox = (await over.boundingBox())!;
      const stepBox = (await page.locator("#wb-step").boundingBox())!;
      const sideBox = (await page.locator("#wb-side-a").boundingBox())!;
      expect(overBox.y).toBeLessThan(sideBox.y);
      expect(Math.abs(overBox.y - stepBox.y)).toBeLessThan(120);
      expect(await page.locator("#wb-roll").isDisabled()).toBe(true);
      expect(await page.locator("#wb-step").isDisabled()).toBe(true);
      // The diagram's Injuries column lists what the diagram colours: every injured row
      // names its injuries (code and aspect), every unhurt row is empty.
      const rows = await page
        .locator(".bbb-armour-table tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [
            tr.className,
            tr.querySelector(".bbb-location-injuries")?.textContent ?? "",
          ]),
        );
      const injured = rows.filter(([c]) => !c!.includes("bbb-injury-none"));
      expect(injured.length).toBeGreaterThan(0);
      for (const [cls, text] of injured)
        expect(text).toMatch(new RegExp(`^${cls!.replace("bbb-injury-", "")}\\d [A-Z]`));
      for (const [, text] of rows.filter(([c]) => c!.includes("bbb-injury-none")))
        expect(text).toBe("");
      const conditions = await page
        .locator(".bbb-wb-conditions")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-conditions") ?? ""));
      if ((await page.locator(".bbb-wb-over").getAttribute("data-winner")) !== "")
        expect(conditions.some((c) => /shock|unconscious|dead/.test(c))).toBe(true);
      expect(await page.locator(".bbb-body-diagram").count()).toBe(2);
      await shot(page, "workbench-fight");
      // A new fight: the end goes, the turn controls work again.
      await page.click("#wb-reset");
      expect(await over.isHidden()).toBe(true);
      expect(await page.locator("#wb-step").isDisabled()).toBe(false);
      expect(await page.locator("#wb-roll").isDisabled()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);

  it("a rolled exchange is the core's result for the seed; bad input is refused by name", async () => {
    const { page, errors } = await open();
    try {
      // The same exchange in Node: the page's default choices are the duel policy's.
      const { card, names } = await rollAndCheckHm3(page, 12, FIGHTERS);
      expect(await card.locator(".bbb-xc-attacker").textContent()).toBe(names[0]);
      // A modifier out of range is refused with its field named, and nothing is rolled.
      const before = await page.locator("#wb-log .exchange-card").count();
      await page.fill("#wb-mod", "500");
      await page.dispatchEvent("#wb-mod", "change");
      await page.click("#wb-roll");
      expect(await problemOf(page, "#wb-mod")).toBe(
        "Situational modifier: 500 is not allowed: a whole number from -100 to 100.",
      );
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
      expect(
        await problemOf(page, `#wb-side-a input[name="${await first.getAttribute("name")}"]`),
      ).toBe(`${skill}: lots is not allowed: a whole number from 0 to 200.`);
      expect(await odds()).toBe(before);
      // Every skill of the attacker at 100: its attack target and the odds change.
      const inputs = page.locator(skillInputs);
      for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill("100");
      await page.click('#wb-side-a form button[type="submit"]');
      expect(await page.locator(".bbb-wb-problem").count()).toBe(0);
      expect(await page.locator("[aria-invalid]").count()).toBe(0);
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
      // Both refusals, each beside its field, naming it and its value; nothing changed.
      expect(await problemOf(page, '#wb-side-b input[name="attr:dex"]')).toMatch(/Dexterity.*99/);
      const qualityName = await quality.getAttribute("name");
      expect(await problemOf(page, `#wb-side-b input[name="${qualityName}"]`, false)).toMatch(
        /Quality[^.]*x|x[^.]*Quality/,
      );
      expect(await odds()).toBe(before);
      expect(await page.locator('#wb-side-b input[name="attr:dex"]').inputValue()).toBe("99");
      // Good values: the defender takes off every piece of armour; the odds change.
      await dex.fill(original);
      await quality.fill("0");
      const worn = page.locator('#wb-side-b input[name^="worn:"]');
      for (let i = 0; i < (await worn.count()); i++) await worn.nth(i).uncheck();
      await page.click('#wb-side-b form button[type="submit"]');
      expect(await page.locator(".bbb-wb-problem").count()).toBe(0);
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

  it("one rule for every number typed: the field named, its range given, nothing changed", async () => {
    const { page, errors } = await open();
    try {
      await page.click("#wb-roll");
      const cards = () => page.locator("#wb-log .exchange-card").count();
      const rolled = await cards();
      expect(rolled).toBe(1);
      // An empty modifier is refused, not read as 0.
      await page.fill("#wb-mod", "");
      await page.click("#wb-roll");
      expect(await problemOf(page, "#wb-mod")).toBe(
        "Situational modifier is empty: a whole number from -100 to 100.",
      );
      expect(await cards()).toBe(rolled);
      await page.fill("#wb-mod", "-101");
      await page.click("#wb-roll");
      expect(await problemOf(page, "#wb-mod")).toBe(
        "Situational modifier: -101 is not allowed: a whole number from -100 to 100.",
      );
      await page.fill("#wb-mod", "-100");
      // The seed: empty, 1e30 and one past 2^32 - 1 refused (the bounds of `cli resolve`).
      const seedRange = "a whole number from 0 to 4294967295.";
      for (const [text, message] of [
        ["", `Dice seed is empty: ${seedRange}`],
        ["1e30", `Dice seed: 1e30 is not allowed: ${seedRange}`],
        ["4294967296", `Dice seed: 4294967296 is not allowed: ${seedRange}`],
        ["-1", `Dice seed: -1 is not allowed: ${seedRange}`],
      ]) {
        await page.fill("#wb-seed", text!);
        await page.dispatchEvent("#wb-seed", "change");
        expect(await problemOf(page, "#wb-seed")).toBe(message);
        await page.click("#wb-step");
        expect(await problemOf(page, "#wb-seed")).toBe(message);
        expect(await cards()).toBe(rolled);
      }
      // The duel count: its range (the CLI's) given.
      await page.fill("#wb-seed", "4294967295");
      for (const [text, message] of [
        ["0", "Duels: 0 is not allowed: a whole number from 1 to 1000000."],
        ["1000001", "Duels: 1000001 is not allowed: a whole number from 1 to 1000000."],
        ["", "Duels is empty: a whole number from 1 to 1000000."],
        ["2.5", "Duels: 2.5 is not allowed: a whole number from 1 to 1000000."],
      ]) {
        await page.fill("#wb-n", text!);
        await page.click("#wb-many");
        expect(await problemOf(page, "#wb-n")).toBe(message);
        expect(await page.locator("#wb-progress").isHidden()).toBe(true);
        expect(await page.locator("#wb-stats").innerHTML()).toBe("");
      }
      // Good values: the marks go, the largest seed rolls.
      await page.click("#wb-roll");
      expect(await page.locator("[aria-invalid]").count()).toBe(0);
      expect(await page.locator(".bbb-wb-problem").count()).toBe(0);
      expect(await cards()).toBe(rolled + 1);
      await shot(page, "workbench-refusals");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);

  it("two fighters of the same name are told apart everywhere they are named", async () => {
    const { page, errors } = await open();
    try {
      const brigand = String(FIGHTERS.findIndex((f) => f.name === "Brigand"));
      await page.selectOption("#wb-a", brigand);
      await page.selectOption("#wb-b", brigand);
      const headings = await page.locator(".bbb-wb-side h2").allTextContents();
      expect(headings).toEqual(["Brigand (1)", "Brigand (2)"]);
      const damaged = await page.locator('[data-figure^="weaponDamaged-"] th').allTextContents();
      expect(damaged).toEqual([
        "Brigand (1)'s weapon or shield damaged (Block)",
        "Brigand (2)'s weapon or shield damaged (Block)",
      ]);
      await page.click("#wb-roll");
      const card = page.locator("#wb-log .exchange-card").first();
      expect(await card.locator(".bbb-xc-attacker").textContent()).toBe("Brigand (1)");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("a disarmed fighter's recovery turn is a line of the log, naming what it picks up", async () => {
    // Find in Node a seed whose step-by-step duel of the page's first fighters has a turn spent
    // picking up a dropped weapon, and the turns before it.
    const { page, errors } = await open();
    try {
      const [a, b] = await page.evaluate(() => [
        (document.getElementById("wb-a") as HTMLSelectElement).value,
        (document.getElementById("wb-b") as HTMLSelectElement).value,
      ]);
      let found: { seed: number; steps: number; turn: DuelRecovery } | null = null;
      for (let seed = 1; seed < 200 && !found; seed++) {
        const duel = createDuel({ actor: FIGHTERS[Number(a)]! }, { actor: FIGHTERS[Number(b)]! });
        const dice = new SeededDice(seed);
        for (let steps = 1; steps <= 30 && !duel.done; steps++) {
          const turn = duel.next(dice);
          if (turn?.kind === "recovery" && turn.items.length) {
            found = { seed, steps, turn };
            break;
          }
        }
      }
      expect(found).not.toBeNull();
      const { seed, steps, turn } = found!;
      await page.fill("#wb-seed", String(seed));
      await page.dispatchEvent("#wb-seed", "change");
      for (let i = 0; i < steps; i++) await page.click("#wb-step");
      const line = page.locator("#wb-log li").first();
      expect(await line.getAttribute("class")).toContain("bbb-wb-recovery");
      expect(await line.getAttribute("data-side")).toBe(turn.side);
      const name = FIGHTERS[Number(turn.side === "a" ? a : b)]!.name;
      const doing = turn.conditions.includes("prone") ? "getting up and picking up" : "picking up";
      expect(await line.textContent()).toBe(
        `Round ${turn.round}: ${name} spends the turn ${doing}: ${turn.items.join(", ")}.`,
      );
      await shot(page, "workbench-recovery");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);

  it("runs a million duels off the page's thread: the page answers and the progress bar moves; Cancel stops them", async () => {
    const { page, errors } = await open();
    try {
      // The page's most (a million): the fast duels (src/sim/hm3-fast-duel.ts) play 10,000 in
      // about a second or less, too soon to see them run and cancel them.
      await page.fill("#wb-n", "1000000");
      await page.click("#wb-many");
      const progress = page.locator("#wb-progress");
      expect(await progress.isVisible()).toBe(true);
      expect(await page.locator("#wb-many").isDisabled()).toBe(true);
      expect(Number(await progress.getAttribute("max"))).toBe(1000000);
      const value = () => progress.evaluate((p) => (p as HTMLProgressElement).value);
      await page.waitForFunction(
        () => (document.getElementById("wb-progress") as HTMLProgressElement).value > 0,
        undefined,
        { timeout: 30_000 },
      );
      const first = await value();
      // While the duels run, the page handles a click at once: a turn of the fight is played.
      const started = Date.now();
      await page.click("#wb-step", { timeout: 2_000 });
      await page.locator("#wb-log li").first().waitFor({ timeout: 2_000 });
      expect(Date.now() - started).toBeLessThan(2_000);
      await page.waitForFunction(
        (v) => (document.getElementById("wb-progress") as HTMLProgressElement).value > v,
        first,
        { timeout: 30_000 },
      );
      const second = await value();
      expect(second).toBeGreaterThan(first);
      expect(second).toBeLessThan(1000000);
      expect(await page.locator("#wb-duels-status").textContent()).toMatch(
        /^Duels run: \d+ of 1000000$/,
      );
      await shot(page, "workbench-duels-running");
      // Cancel: the run stops, no statistics, Run duels available again.
      await page.click("#wb-cancel");
      expect(await progress.isHidden()).toBe(true);
      expect(await page.locator("#wb-cancel").isHidden()).toBe(true);
      expect(await page.locator("#wb-many").isDisabled()).toBe(false);
      expect(await page.locator("#wb-duels-status").textContent()).toMatch(
        /^Cancelled after \d+ of 1000000 duels\.$/,
      );
      await page.waitForTimeout(300);
      expect(await page.locator("#wb-plot").count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

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
      // The worker ran the real duels: the same win counts as in Node for the seed.
      const [a, b] = await page.evaluate(() => [
        (document.getElementById("wb-a") as HTMLSelectElement).value,
        (document.getElementById("wb-b") as HTMLSelectElement).value,
      ]);
      const actorA = FIGHTERS[Number(a)]!;
      const actorB = FIGHTERS[Number(b)]!;
      const stats = runDuels({ actor: actorA }, { actor: actorB }, 20, 1);
      expect(rates[0]).toBeCloseTo((100 * stats.wins.a) / 20, 2);
      expect(rates[1]).toBeCloseTo((100 * stats.wins.b) / 20, 2);
      // The plot says whose injuries each group counts and names the locations.
      const headings = await page.locator("#wb-plot text.taken-by").allTextContents();
      expect(headings).toEqual(
        (["a", "b"] as const).map((side, i) => {
          const n = Object.values(stats.injuries[side])
            .flatMap((c) => Object.values(c))
            .reduce((t, c) => t + c, 0);
          return `Injuries taken by ${[actorA, actorB][i]!.name} (${n})`;
        }),
      );
      const labels = await page.locator("#wb-plot text.location").allTextContents();
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) expect(label).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)*$/);
      await shot(page, "workbench-duels");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});
