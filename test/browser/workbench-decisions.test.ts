/**
 * The HM3 workbench's per-exchange HârnMaster Gold decisions (issue 19,
 * src/workbench/rulesets/hm3-decisions.ts): each row shown only while its option is on, the
 * decisions read by the EMLs, the odds and the exchange rolled (the same result as the core's
 * duel with the same request), and a refusal shown beside its input with the ruleset's message.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import type { ActorSource } from "../../src/sim/duel";
import { bestAttack } from "../../src/sim/policy";
import { localizerOf } from "../../src/workbench/handlebars";
import { REPO_ROOT } from "../foundry/stand-ins/handlebars";
import { rollAndCheckHm3, shot, workbenchSuite } from "./workbench-page";

const { localize } = localizerOf(en);
const { open } = workbenchSuite();

/** The HM3 sample fighters in the page's order (by file name). */
const PACK = join(REPO_ROOT, "packs/_source/hm3-sample-fighters");
const FIGHTERS = readdirSync(PACK)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(PACK, f), "utf8")) as ActorSource);

/** Ticks an optional rule in the options panel (opening it first). */
async function tick(page: Page, id: string, on = true): Promise<void> {
  const details = page.locator("#wb-options details");
  if ((await details.getAttribute("open")) === null)
    await page.locator("#wb-options summary").click();
  const box = page.locator(`input[data-option="${id}"]`);
  if (on) await box.check();
  else await box.uncheck();
}

const row = (page: Page, id: string) => page.locator(`#wb-decisions li[data-row="${id}"]`);

/** The itemised attack (or defence) EML shown: its modifier lines and the value rolled against. */
async function eml(page: Page, side: "attack" | "defence") {
  const table = page.locator(`#wb-eml table[data-eml="${side}"]`);
  const lines = await table
    .locator('tr[data-line="modifier"]')
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector("th")!.textContent, tr.querySelector("td")!.textContent]),
    );
  const value = Number(await table.locator('tr[data-line="value"] td').textContent());
  return { lines, value };
}

describe("the workbench's HârnMaster Gold decisions", () => {
  it("shows each row only with its option, and the EMLs, odds and roll read them", async () => {
    const { page, errors } = await open();
    try {
      // Every Gold option off (the world defaults): no row, no panel.
      expect(await page.locator("#wb-decisions").isHidden()).toBe(true);
      expect(await page.locator("#wb-decisions li[data-row]:visible").count()).toBe(0);
      // Dodge: the odds with a Gold option on are enumerated path by path; a dodge's are quick.
      await page.selectOption("#wb-defence", "dodge|");
      const before = await eml(page, "attack");
      const oddsBefore = await page.locator("#wb-odds-result").textContent();

      // Angry strikes on (seed 000 lines 17-27): its two rows only.
      await tick(page, "angryStrike");
      expect(await page.locator("#wb-decisions").isVisible()).toBe(true);
      const visible = await page
        .locator("#wb-decisions li[data-row]:visible")
        .evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.row));
      expect(visible).toEqual(["gold.angry", "gold.enraged"]);
      expect(await row(page, "aimedMelee.location").isHidden()).toBe(true);

      // An angry strike of 20: `gold.angry` −20 on the attack EML (000:21), and other odds.
      await row(page, "gold.angry").locator("[data-param]").fill("20");
      await row(page, "gold.angry").locator("[data-declare]").check();
      const angry = await eml(page, "attack");
      expect(angry.lines).toContainEqual([localize("BLOWBYBLOW.Modifier.gold.angry"), "−20"]);
      expect(angry.value).toBe(Math.max(5, before.value - 20));
      expect(await page.locator("#wb-odds-result").textContent()).not.toBe(oddsBefore);

      // The exchange rolled is the core's for the same request, rules and dice.
      const { card } = await rollAndCheckHm3(page, 7, FIGHTERS, {
        options: { angryStrike: true },
        choice: (duel) => ({
          attack: {
            ...bestAttack(duel.snapshot("a"), duel.snapshot("b")),
            catalog: [{ id: "gold.angry", param: 20 }],
          },
          defence: { optionId: "dodge", itemId: null, mode: null, aim: null, custom: [] },
        }),
      });
      expect(await card.textContent()).toContain(localize("BLOWBYBLOW.Modifier.gold.angry"));

      // A sacrifice not in tens is refused beside its field, with the ruleset's message.
      await row(page, "gold.angry").locator("[data-param]").fill("15");
      await row(page, "gold.angry").locator("[data-param]").dispatchEvent("change");
      const problem = row(page, "gold.angry").locator(".bbb-wb-problem");
      expect(await page.locator(".bbb-wb-problem").count()).toBe(1);
      expect(await problem.textContent()).toMatch(
        /^Angry strike .*: catalog\.gold\.angry: .*units of ten.*got 15$/,
      );
      expect(
        await row(page, "gold.angry").locator("[data-param]").getAttribute("aria-invalid"),
      ).toBe("true");
      await row(page, "gold.angry").locator("[data-param]").fill("10");
      await row(page, "gold.angry").locator("[data-param]").dispatchEvent("change");
      expect(await page.locator(".bbb-wb-problem").count()).toBe(0);

      // The option off: its rows and counts hidden, the EML back as it was.
      await tick(page, "angryStrike", false);
      expect(await page.locator("#wb-decisions").isHidden()).toBe(true);
      expect(await row(page, "gold.angry").isHidden()).toBe(true);
      expect((await eml(page, "attack")).lines).not.toContainEqual([
        localize("BLOWBYBLOW.Modifier.gold.angry"),
        "−10",
      ]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it("aims a melee attack: the aim's lines on the EML, a bad AAP refused by name", async () => {
    const { page, errors } = await open();
    try {
      await page.selectOption("#wb-defence", "dodge|");
      const before = await eml(page, "attack");
      await tick(page, "aimedMelee");
      for (const id of ["aimedMelee.location", "aimedMelee.side", "aimedMelee.aap"])
        expect(await row(page, id).isVisible()).toBe(true);
      // The skull (Head zone −10) with 10 AAPs (−10): seed 000 lines 5-15, rulings G2-G8.
      await row(page, "aimedMelee.location").locator("[data-param]").selectOption("skull");
      await row(page, "aimedMelee.aap").locator("[data-param]").fill("10");
      await row(page, "aimedMelee.aap").locator("[data-declare]").check();
      await row(page, "aimedMelee.location").locator("[data-declare]").check();
      const aimed = await eml(page, "attack");
      expect(aimed.lines).toContainEqual([localize("BLOWBYBLOW.Modifier.gold.aimZone"), "−10"]);
      expect(aimed.lines).toContainEqual([localize("BLOWBYBLOW.Modifier.gold.aap"), "−10"]);
      // The HM3 aim's line (mid: none) is replaced; the EML 20 lower than the plain attack's.
      expect(aimed.value).toBe(Math.max(5, before.value - 20));

      // 95 AAPs: the row's range is 0-90; the message names the row's field.
      await row(page, "aimedMelee.aap").locator("[data-param]").fill("95");
      await row(page, "aimedMelee.aap").locator("[data-param]").dispatchEvent("change");
      expect(await row(page, "aimedMelee.aap").locator(".bbb-wb-problem").textContent()).toContain(
        "catalog[1].param: expected a whole number 0 to 90 for aimedMelee.aap, got 95",
      );
      // A side without a location row: refused naming the side's row (seed 000 line 11).
      await row(page, "aimedMelee.aap").locator("[data-param]").fill("10");
      await row(page, "aimedMelee.location").locator("[data-declare]").uncheck();
      expect(await row(page, "aimedMelee.aap").locator(".bbb-wb-problem").textContent()).toContain(
        "needs the aimedMelee.location row",
      );
      await tick(page, "aimedMelee", false);
      expect(await row(page, "aimedMelee.aap").isHidden()).toBe(true);
      expect(await page.locator(".bbb-wb-problem").count()).toBe(0);
      expect((await eml(page, "attack")).value).toBe(before.value);
      // On again: the rows are back, none declared.
      await tick(page, "aimedMelee");
      expect(await row(page, "aimedMelee.aap").isVisible()).toBe(true);
      expect(await row(page, "aimedMelee.aap").locator("[data-declare]").isChecked()).toBe(false);
      expect((await eml(page, "attack")).value).toBe(before.value);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it("counts an angry counterstrike on the defence EML (seed 000 line 25)", async () => {
    const { page, errors } = await open();
    try {
      // Two war dogs: the smallest counterstrike exchange of the pack to enumerate.
      await page.selectOption("#wb-a", "5");
      await page.selectOption("#wb-b", "5");
      await page.selectOption("#wb-defence", "counterstrike|" + (await counterItem(page)));
      expect(await page.locator("#wb-decisions li[data-count]").count()).toBe(0);
      await tick(page, "angryStrike");
      const count = page.locator('#wb-decisions li[data-count="gold.angry"] input');
      expect(await count.isVisible()).toBe(true);
      const plain = await eml(page, "defence");
      await count.fill("10");
      await count.dispatchEvent("change");
      await page.waitForFunction(() =>
        document.querySelector('#wb-eml table[data-eml="defence"]')?.textContent?.includes("−10"),
      );
      const angered = await eml(page, "defence");
      expect(angered.lines).toContainEqual([localize("BLOWBYBLOW.Modifier.gold.angry"), "−10"]);
      expect(angered.value).toBe(Math.max(5, plain.value - 10));
      // Not in tens: refused beside the count, naming it.
      await count.fill("7");
      await count.dispatchEvent("change");
      expect(
        await page
          .locator('#wb-decisions li[data-count="gold.angry"] .bbb-wb-problem')
          .textContent(),
      ).toContain("counts.gold.angry");
      expect(await page.locator(".bbb-wb-problem").count()).toBe(1);
      await shot(page, "workbench-decisions");
      // A 0/1 toggle (Dodged last turn) is a checkbox; ticked, the counterstrike is at −20.
      await count.fill("");
      await count.dispatchEvent("change");
      await tick(page, "dodging");
      const dodged = page.locator('#wb-decisions li[data-count="gold.dodged"] input');
      expect(await dodged.getAttribute("type")).toBe("checkbox");
      expect(await dodged.isChecked()).toBe(false);
      await dodged.check();
      await page.waitForFunction(() =>
        document.querySelector('#wb-eml table[data-eml="defence"]')?.textContent?.includes("−20"),
      );
      expect((await eml(page, "defence")).lines.some(([, v]) => v === "−20")).toBe(true);
      expect(await page.locator(".bbb-wb-problem").count()).toBe(0);
      // Another defence offers no count: the defence part goes.
      await page.selectOption("#wb-defence", "dodge|");
      expect(await page.locator("#wb-decisions-defence").isHidden()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);
});

/** The first counterstrike item offered in the defence select. */
async function counterItem(page: Page): Promise<string> {
  const value = await page
    .locator("#wb-defence option")
    .evaluateAll((os) =>
      os.map((o) => (o as HTMLOptionElement).value).find((v) => v.startsWith("counterstrike|")),
    );
  expect(value).toBeDefined();
  return value!.split("|")[1]!;
}
