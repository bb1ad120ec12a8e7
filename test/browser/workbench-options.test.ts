/**
 * The HM3 workbench's optional rules (issue 19, src/workbench/rulesets/hm3-options.ts): one
 * toggle per HM3 optional rule and HârnMaster Gold option, a sub-rule only with its rule, and
 * the duels run on the page played with the rules ticked (the same counts as in Node).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runDuels, type ActorSource } from "../../src/sim/duel";
import { hm3Combat } from "../../src/rules/hm3";
import { GOLD_OPTIONS } from "../../src/rules/hm3/gold/options";
import { shot, workbenchSuite } from "./workbench-page";
import { REPO_ROOT } from "../foundry/stand-ins/handlebars";

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

describe("the workbench's HM3 optional rules", () => {
  it("lists every rule, gates sub-rules, and plays the duels with the rules ticked", async () => {
    const { page, errors } = await open();
    try {
      const boxes = page.locator("#wb-options input[data-option]");
      expect(await boxes.count()).toBe(hm3Combat.optionalRules.length);
      expect(await boxes.count()).toBe(3 + GOLD_OPTIONS.length);
      // The world defaults (every Gold option off); each sub-rule disabled while its rule is off.
      const on = hm3Combat.optionalRules.filter((r) => r.default).map((r) => r.id);
      expect(
        await page
          .locator("#wb-options input:checked")
          .evaluateAll((es) => es.map((e) => (e as HTMLElement).dataset.option)),
      ).toEqual(on);
      expect(on.some((id) => GOLD_OPTIONS.some((o) => o.id === id))).toBe(false);
      const quick = page.locator('input[data-option="initiativeQuick"]');
      expect(await quick.isDisabled()).toBe(true);
      expect(await page.locator("#wb-options").textContent()).toContain("seed 000 lines 149-151");
      await page.locator("#wb-options summary").click();
      await page.locator('input[data-option="initiative"]').check();
      expect(await quick.isDisabled()).toBe(false);
      await quick.check();
      // The rule off again: its sub-rule goes off and is disabled.
      await page.locator('input[data-option="initiative"]').uncheck();
      expect(await quick.isChecked()).toBe(false);
      expect(await quick.isDisabled()).toBe(true);
      await page.locator('input[data-option="initiative"]').check();
      await shot(page, "workbench-options");

      await page.fill("#wb-n", "12");
      await page.click("#wb-many");
      await page.waitForSelector("#wb-plot svg");
      const rates = await page
        .locator("#wb-wins td")
        .evaluateAll((tds) => tds.map((td) => parseFloat(td.textContent ?? "0")));
      const [a, b] = await page.evaluate(() => [
        (document.getElementById("wb-a") as HTMLSelectElement).value,
        (document.getElementById("wb-b") as HTMLSelectElement).value,
      ]);
      const sides = [{ actor: FIGHTERS[Number(a)]! }, { actor: FIGHTERS[Number(b)]! }] as const;
      const gold = runDuels(sides[0], sides[1], 12, 1, undefined, { initiative: true });
      expect(rates[0]).toBeCloseTo((100 * gold.wins.a) / 12, 2);
      expect(rates[1]).toBeCloseTo((100 * gold.wins.b) / 12, 2);
      // A step of the fight works with the option on (a new fight started by the toggle).
      await page.click("#wb-step");
      expect(await page.locator("#wb-log li").count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});
