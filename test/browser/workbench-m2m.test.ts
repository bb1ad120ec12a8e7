/**
 * The combat workbench's GURPS Man to Man part (issue 16) in Chromium: the ruleset selector
 * offers GURPS Man to Man; its sample fighters are listed; Fiendish Friedrick's figures, as the
 * page shows them, are his character sheet's (seed 004 L4187-4231, read from the book's text at
 * test time), each itemised; the fight controls say that m2m exchanges come later; switching
 * back to HârnMaster 3, the fight works as before. Screenshots go to test-output/screenshots.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { SAMPLE_FIGHTERS } from "../../src/foundry/rulesets/m2m/sample-fighters";
import type { ActorSource } from "../../src/sim/duel";
import { seedLine as line } from "../m2m/sources";
import { REPO_ROOT } from "../foundry/stand-ins/handlebars";
import { missingKeys } from "./harness";
import { rollAndCheckHm3, shot, workbenchSuite } from "./workbench-page";

const { open } = workbenchSuite();
const M2M = en.BLOWBYBLOW.Workbench.M2M;

/** Switches the ruleset and waits until the page is drawn again for it. */
async function switchTo(page: Page, id: "hm3" | "m2m"): Promise<void> {
  await page.selectOption("#wb-ruleset", id);
  await page.waitForSelector(`#workbench[data-ruleset="${id}"][aria-busy="false"]`);
}

/** A figure's value, the base of its story and its modifiers (`[key, value]`), as shown. */
async function figure(
  side: Locator,
  id: string,
): Promise<{ value: string; base: string; modifiers: string[][] }> {
  const cell = side.locator(`[data-figure="${id}"]`);
  return {
    value: (await cell.locator(".bbb-wb-value").textContent()) ?? "",
    base: (await cell.locator('[data-line="base"]').textContent()) ?? "",
    modifiers: await cell
      .locator('[data-line="modifier"]')
      .evaluateAll((lis) =>
        lis.map((li) => [li.getAttribute("data-key") ?? "", li.textContent ?? ""]),
      ),
  };
}

const text = async (side: Locator, id: string) =>
  ((await side.locator(`[data-figure="${id}"]`).textContent()) ?? "").trim();

/** The numbers of a seed line, in order (`7 (6)` → 7, 6). */
const numbers = (n: number) => [...line(n).matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));

describe("the workbench's GURPS Man to Man fighters", () => {
  it("lists the m2m sample fighters, shows Friedrick's figures as on his sheet, then fights in HM3 again", async () => {
    const { page, errors } = await open();
    try {
      // The selector offers GURPS Man to Man, enabled.
      const m2mOption = page.locator('#wb-ruleset option[value="m2m"]');
      expect(await m2mOption.textContent()).toBe("GURPS Man to Man");
      expect(await m2mOption.isDisabled()).toBe(false);
      await switchTo(page, "m2m");
      expect(await page.locator(".bbb-wb-header p").textContent()).toBe(M2M.intro);
      // Its sample fighters, in the sample file's order.
      expect(await page.locator("#wb-a option").allTextContents()).toEqual(
        SAMPLE_FIGHTERS.map((f) => f.name),
      );
      expect(await page.locator("#wb-b option").allTextContents()).toEqual(
        SAMPLE_FIGHTERS.map((f) => f.name),
      );

      // The fight controls say why they are off: the note is shown, each control disabled and
      // described by it; no odds, no cards.
      const later = page.locator("#wb-later");
      expect(await later.isVisible()).toBe(true);
      expect(await later.textContent()).toBe(M2M.later);
      for (const id of ["wb-attack", "wb-aim", "wb-mod", "wb-defence", "wb-seed"]) {
        expect(await page.locator(`#${id}`).isDisabled()).toBe(true);
        expect(await page.locator(`#${id}`).getAttribute("aria-describedby")).toBe("wb-later");
      }
      for (const id of ["wb-roll", "wb-step", "wb-reset", "wb-many", "wb-n"]) {
        expect(await page.locator(`#${id}`).isDisabled()).toBe(true);
        expect(await page.locator(`#${id}`).getAttribute("aria-describedby")).toBe("wb-later");
      }
      expect(await page.locator("#wb-odds").innerHTML()).toBe("");
      expect(await page.locator("#wb-log .exchange-card").count()).toBe(0);

      // The defender at first: Filthy Pierre of the Example of Combat (L1750-1756): Move and
      // Dodge 4, Shield 14 (Block 4), Shortsword 13 (Parry 6), PD 2 + 1.
      expect(await page.locator("#wb-a option:checked").textContent()).toBe("Rogan the Reaver");
      const pierre = page.locator("#wb-side-b");
      expect(await pierre.locator("h2").textContent()).toBe("Filthy Pierre");
      expect((await figure(pierre, "dodge")).value).toBe("4");
      expect(await text(pierre, "skill.shield.level")).toBe("14");
      expect((await figure(pierre, "block")).value).toBe("4");
      const sword = "weapon.hand-weapon.shortsword";
      expect((await figure(pierre, `${sword}.level`)).value).toBe("13");
      expect((await figure(pierre, `${sword}.parry`)).value).toBe("6");
      expect((await figure(pierre, "pd")).modifiers).toEqual([
        ["armour", "Armour +1"],
        ["shield", "Shield +2"],
      ]);

      // Pick Friedrick as the attacker: his panel shows his sheet's figures.
      await page.selectOption("#wb-a", { label: "Fiendish Friedrick" });
      const side = page.locator("#wb-side-a");
      expect(await side.locator("h2").textContent()).toBe("Fiendish Friedrick");
      expect(await side.getAttribute("data-fighter")).toBe("m2mFriedrick0001");

      // L4193 point total; L4195-4199 ST, DX, IQ, HT with their point costs.
      expect(line(4193)).toMatch(/Player 100$/);
      expect(await text(side, "points.total")).toBe("100");
      expect(line(4195)).toMatch(/ST 12/);
      const book = {
        st: [12, numbers(4196)[0]],
        dx: numbers(4197),
        iq: numbers(4198).slice(0, 2),
        ht: numbers(4199),
      };
      expect(book).toEqual({ st: [12, 20], dx: [20, 12], iq: [0, 10], ht: [45, 14] });
      for (const [id, [score, cost]] of Object.entries({
        st: [12, 20],
        dx: [12, 20],
        iq: [10, 0],
        ht: [14, 45],
      })) {
        expect(await text(side, id)).toBe(String(score));
        expect(await text(side, `${id}.cost`)).toBe(String(cost));
      }
      expect(await text(side, "points.attributes")).toBe("85");
      expect(await text(side, "points.skills")).toBe("15");

      // L4200: Basic Speed 8.125 = (HT+DX)/4 (Running 13 adds 13/8 = 1.625), Move 5.
      expect(numbers(4200).slice(0, 2)).toEqual([8.125, 5]);
      const speed = await figure(side, "speed");
      expect(speed.value).toBe("8.125");
      expect(speed.base).toBe("(HT + DX) / 4 6.5");
      expect(speed.modifiers).toEqual([["running", "Running / 8 +1.625"]]);
      const move = await figure(side, "move");
      expect([move.base, move.value]).toEqual(["Basic Speed 8.125", "5"]);
      // 81 lb (L4229) is Heavy: up to 12×ST = 144 (L4202), −3.
      expect(line(4229)).toMatch(/970 81 Lbs/);
      expect(line(4202)).toMatch(/Hvy \(3\) = 12xST <u>144<\/u>/);
      expect(move.modifiers).toEqual([["encumbrance.heavy", "Encumbrance: Heavy \u22123"]]);
      expect(await text(side, "encumbrance")).toBe("Heavy: 81 lb carried (up to 144 lb)");

      // L4205: Dodge 5, Parry 7 (6) (the large shield's −2 to Axe/Mace), Block 4.
      expect(line(4205)).toBe("5\t7 (6)\t4");
      expect((await figure(side, "dodge")).value).toBe("5");
      const parry = await figure(side, "weapon.hand-weapon.axe.parry");
      expect([parry.base, parry.value]).toEqual(["Parry from the skill 7", "6"]);
      expect(parry.modifiers).toEqual([["largeShield", "Large shield \u22121"]]);
      expect((await figure(side, "block")).value).toBe("4");

      // L4202: PD armour 3 + shield 4 = 7; L4208: DR 4 (scale).
      expect(line(4202)).toMatch(/Armor: <u>3<\/u> Shield: <u>4<\/u> T O T L A L <u>7<\/u>/);
      const pd = await figure(side, "pd");
      expect(pd.value).toBe("7");
      expect(pd.modifiers).toEqual([
        ["armour", "Armour +3"],
        ["shield", "Shield +4"],
      ]);
      expect(line(4208)).toMatch(/Scale\tT O T L A L <u>4<\/u>/);
      expect((await figure(side, "dr")).value).toBe("4");

      // L4210-4213: skills with the points spent and the level.
      const skills = { "axe-mace": 4210, knife: 4211, shield: 4212, running: 4213 };
      for (const [id, n] of Object.entries(skills)) {
        const [points, level] = numbers(n);
        expect(await text(side, `skill.${id}.points`)).toBe(String(points));
        expect(await text(side, `skill.${id}.level`)).toBe(String(level));
      }
      // L4224: Axe, Cut 1+4, 14 (12).
      expect(line(4224)).toBe("Axe\tCut 1+4\t14 (12)\t50\t4");
      const axe = await figure(side, "weapon.hand-weapon.axe.level");
      expect([axe.base, axe.value]).toEqual(["Skill level 14", "12"]);
      expect(
        await side.locator('[data-figure="weapon.hand-weapon.axe.damage"] li').allTextContents(),
      ).toEqual(["Swing 1+4 cutting, reach 1"]);

      // HP = HT 14 (L4199), with its thresholds: 3, 0, −1, −14 and every 5 below, −140.
      expect(
        await side.locator('[data-figure="hp"]').evaluate((e) => e.firstChild?.textContent),
      ).toBe("14 of 14");
      expect(await side.locator('[data-figure="hp"] [data-threshold]').allTextContents()).toEqual([
        "3 or fewer: Move and Dodge halved",
        "0: an HT roll each turn to stay conscious",
        "\u22121 or fewer: unconscious",
        "\u221214, \u221219, \u221224 \u2026 \u2212139 (every 5 below \u2212HT): an HT roll or die at each",
        "\u2212140: the body is destroyed",
      ]);
      expect(
        await side.locator('[data-figure="fatigue"] [data-threshold]').allTextContents(),
      ).toEqual(["9 fatigue (ST 3): Move and Dodge halved", "11 fatigue (ST 1): collapses"]);

      // Every label from the language file: no key shown, no unlabelled modifier.
      expect(await missingKeys(page)).toEqual([]);
      expect(await page.locator("#workbench").innerText()).not.toContain("Other modifier");
      await shot(page, "workbench-m2m-friedrick");

      // Back to HârnMaster 3: its fighters, odds and a fight, as before.
      await switchTo(page, "hm3");
      expect(await page.locator("#wb-later").count()).toBe(0);
      expect(await page.locator("#wb-roll").isDisabled()).toBe(false);
      expect(await page.locator("#wb-a option").first().textContent()).toBe("Brigand");
      expect(await page.locator("#wb-odds-result td").count()).toBeGreaterThan(2);
      await rollAndCheckHm3(page, 12, hm3Fighters());
      for (let i = 0; i < 60; i++) {
        if (await page.locator("#wb-step").isDisabled()) break;
        await page.click("#wb-step");
      }
      expect(await page.locator("#wb-over").isVisible()).toBe(true);
      await shot(page, "workbench-m2m-back-to-hm3");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});

/** The HM3 sample fighters pack, by name. */
function hm3Fighters(): ActorSource[] {
  const dir = join(REPO_ROOT, "packs/_source/hm3-sample-fighters");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as ActorSource);
}
