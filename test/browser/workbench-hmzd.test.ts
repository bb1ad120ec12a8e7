/**
 * The combat workbench's HârnMaster zone-die part (issue 18) in Chromium: the ruleset selector
 * offers hmzd; its sample fighters (src/rules/hmzd/samples.ts) are listed; the exact odds are
 * `cli odds`'s for the exchange as edited and follow each edit; Roll with fixed rolls asks the
 * winner to spend his tactical advantages (Z6) and to keep a zone die after Precision (Z5), each
 * answered on the page, and logs the real hmzd chat card, waiting then resolved, with the same
 * rolls and result as the exchange played in Node; the rolls replay it to the same card; the
 * defaults answer a prompt; a bad figure is refused beside its field; many duels give the same
 * counts as `runHmzdDuels` in Node and draw the plot. Screenshots go to test-output/screenshots.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { runHmzdDuels } from "../../src/sim/hmzd-duel";
import {
  answer,
  beginExchange,
  cardOf,
  duelSideOf,
  exchangeDice,
  exchangeOf,
  finishWithDefaults,
  lastPlacement,
  modesOf,
  resultOf,
  strikeOf,
  rollsOf,
  ZD_SAMPLES,
} from "../../src/workbench/rulesets/hmzd-exchange";
import { zdOdds } from "../../src/workbench/rulesets/hmzd-odds";
import { missingKeys } from "./harness";
import { shot, workbenchSuite } from "./workbench-page";

const { open } = workbenchSuite();
const ZD = en.BLOWBYBLOW.Workbench.Zd;

async function switchToHmzd(page: Page): Promise<void> {
  await page.selectOption("#wb-ruleset", "hmzd");
  await page.waitForSelector('#workbench[data-ruleset="hmzd"][aria-busy="false"]');
}

async function oddsFigure(page: Page, table: string, id: string): Promise<number> {
  const text = await page.locator(`#${table} [data-odds="${id}"] td`).textContent();
  return parseFloat(text ?? "NaN");
}

const pct = (p: number) => Number((100 * p).toFixed(2));
const entries = (page: Page) => page.locator("#wb-log li.chat-message");

describe("the workbench's zone-die part", () => {
  it("edits the exchange, follows the odds, asks the spend and the pick, replays from the rolls", async () => {
    const { page, errors } = await open();
    try {
      const option = page.locator('#wb-ruleset option[value="hmzd"]');
      expect(await option.isDisabled()).toBe(false);
      await switchToHmzd(page);
      expect(await page.locator(".bbb-wb-header p").textContent()).toBe(ZD.intro);
      expect(await page.locator("#wb-a option").allTextContents()).toEqual(
        ZD_SAMPLES.map((s) => s.name),
      );
      // Step by step is the CLI's: the button is off and says so.
      expect(await page.locator("#wb-step").isDisabled()).toBe(true);
      expect(await page.locator("#wb-later").textContent()).toBe(ZD.stepLater);

      // The odds of the default exchange: Sir Aldric's broadsword against the Brigand's block.
      const x = exchangeOf(ZD_SAMPLES[0]!, ZD_SAMPLES[3]!);
      let odds = zdOdds(x);
      expect(await oddsFigure(page, "wb-odds-outcome", "attacker 1")).toBe(
        pct(odds.outcome["attacker 1"]!),
      );
      // An edit: the attack EML 90; the odds follow.
      await page.fill("#wb-zd-aeml", "90");
      await page.locator("#wb-zd-aeml").dispatchEvent("change");
      x.attack.eml = 90;
      odds = zdOdds(x);
      await expect
        .poll(() => oddsFigure(page, "wb-odds-outcome", "attacker 2"))
        .toBe(pct(odds.outcome["attacker 2"]!));
      // The defender's armour edited: no edge armour on the left shoulder.
      const cell = page.locator(
        '#wb-zd-b-armour input[data-loc="left-shoulder"][data-aspect="edge"]',
      );
      await page.locator("#wb-zd-b details summary").click();
      await cell.fill("0");
      await cell.dispatchEvent("change");
      x.defender.armour["left-shoulder"] = { ...x.defender.armour["left-shoulder"], edge: 0 };
      odds = zdOdds(x);
      await expect
        .poll(() => oddsFigure(page, "wb-odds-other", "impact.defender"))
        .toBe(Number(odds.defender.expectedEffectiveImpact.toFixed(3)));

      // Fixed rolls: attack 5 (CS) against block 100 (CF): three stars, two TAs to spend.
      const rolls = { attack: 5, defence: 100, zone: 3, "zone.1": 1, location: 2 };
      await page.fill("#wb-zd-rolls", JSON.stringify(rolls));
      await page.click("#wb-roll");
      await page.waitForSelector("#wb-zd-spend");
      expect(await entries(page).count()).toBe(1);
      expect(await entries(page).first().getAttribute("data-state")).toBe("awaitingDefence");
      expect(await page.locator("#wb-zd-choice h3").textContent()).toContain(
        "2 tactical advantages",
      );
      // The default is every TA on Impact (Z6).
      expect(await page.locator("#wb-zd-ta-impact").inputValue()).toBe("2");
      // Too many: refused beside the button, naming the field.
      await page.fill("#wb-zd-ta-precision", "1");
      await page.click("#wb-zd-spend");
      await expect.poll(() => page.locator(".bbb-wb-problem").textContent()).toContain("spend");
      await page.fill("#wb-zd-ta-impact", "1");
      await page.click("#wb-zd-spend");
      await page.waitForSelector("#wb-zd-pick");
      expect(await page.locator("#wb-zd-pick option").count()).toBe(2);
      await shot(page, "workbench-hmzd-pick");
      await page.selectOption("#wb-zd-pick", "1");
      await page.click("#wb-zd-pick-go");
      await page.waitForSelector('#wb-log li[data-state="resolved"]');
      expect(await page.locator("#wb-zd-choice").isHidden()).toBe(true);

      // The same exchange in Node: the same rolls and result.
      let play = beginExchange(x, exchangeDice(1, rolls));
      play = answer(play, { impact: 1, precision: 1 });
      play = answer(play, 1);
      const card = cardOf(play);
      const result = resultOf(play)!;
      const entry = entries(page).first();
      expect(JSON.parse((await entry.getAttribute("data-rolls"))!)).toEqual(rollsOf(card));
      const shown = entry.locator(".exchange-card");
      expect(await shown.getAttribute("data-ruleset")).toBe("hmzd");
      const text = (await shown.textContent())!.replace(/\s+/g, " ");
      expect(text).toContain(result.strike!.injury ?? "");
      expect(text).toContain(String(result.strike!.effectiveImpact));
      // The status line: the workbench applies nothing.
      expect(text).toContain(ZD.resolved);
      expect(await missingKeys(page)).toEqual([]);

      // Replay: the same rolls and answers give the same card.
      await entry.locator(".bbb-wb-zd-replay").click();
      await expect.poll(() => entries(page).count()).toBe(2);
      const again = entries(page).first();
      expect(await again.getAttribute("data-replayed")).toBe("true");
      expect(await again.locator(".exchange-card").innerHTML()).toBe(await shown.innerHTML());
      expect(await page.inputValue("#wb-zd-rolls")).toBe(JSON.stringify(rollsOf(card)));

      // The defaults answer the prompt: all Impact, no pick.
      await page.fill("#wb-zd-rolls", JSON.stringify({ attack: 5, defence: 100 }));
      await page.click("#wb-roll");
      await page.click("#wb-zd-defaults");
      await expect.poll(() => entries(page).first().getAttribute("data-state")).toBe("resolved");
      expect(await entries(page).count()).toBe(3);

      // A bad figure: refused beside its field.
      await page.fill("#wb-zd-a-str", "strong");
      await page.locator("#wb-zd-a-str").dispatchEvent("change");
      await expect.poll(() => page.getAttribute("#wb-zd-a-str", "aria-invalid")).toBe("true");
      expect(await page.locator(".bbb-wb-problem").first().textContent()).toContain("strong");
      await page.fill("#wb-zd-a-str", "14");
      await page.locator("#wb-zd-a-str").dispatchEvent("change");
      await expect.poll(() => page.locator(".bbb-wb-problem").count()).toBe(0);
      await shot(page, "workbench-hmzd-card");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);

  it("every control answers: fighters, weapon modes, zone die, defences, counterstrike, state, reset", async () => {
    const { page, errors } = await open();
    try {
      await switchToHmzd(page);
      const count = (sel: string) => page.locator(sel).count();
      const knight = ZD_SAMPLES[0]!;
      const dog = ZD_SAMPLES[5]!;
      // The War dog defends: the counterstrike lists his modes, placements fit his six zones.
      await page.selectOption("#wb-b", "5");
      await expect.poll(() => count("#wb-zd-counter option")).toBe(modesOf(dog).length);
      expect(await count("#wb-aim option")).toBe(lastPlacement(4, dog.plan));
      expect(await page.locator("#wb-zd-b h2").textContent()).toContain(dog.name);
      // The knight's shield bash: its figures fill the exchange; a d6 finds one placement.
      await page.selectOption("#wb-attack", "1:0");
      await expect.poll(() => page.inputValue("#wb-zd-zonedie")).toBe("6");
      expect(await page.inputValue("#wb-zd-aeml")).toBe(String(modesOf(knight)[3]!.eml));
      expect(await count("#wb-aim option")).toBe(1);
      // A d4 instead: three placements again.
      await page.selectOption("#wb-zd-zonedie", "4");
      await expect.poll(() => count("#wb-aim option")).toBe(3);
      await page.selectOption("#wb-aim", "2");
      // Counterstrike: the counter's EML, its weapon and placement on; the shield off.
      await page.selectOption("#wb-defence", "counterstrike");
      await expect.poll(() => page.locator("#wb-zd-counter").isDisabled()).toBe(false);
      expect(await page.inputValue("#wb-zd-deml")).toBe(String(modesOf(dog)[0]!.eml));
      expect(await page.locator("#wb-zd-shield").isDisabled()).toBe(true);
      expect(await count("#wb-zd-cplace option")).toBe(lastPlacement(6, knight.plan));
      await page.selectOption("#wb-zd-cplace", "4");
      // The odds are cli odds' on the same exchange.
      const x = exchangeOf(knight, dog);
      x.attack = { ...strikeOf(modesOf(knight)[3]!), zoneDie: 4, placement: 2 };
      x.defence.type = "counterstrike";
      x.defence.eml = modesOf(dog)[0]!.eml;
      x.defence.counter.placement = 4;
      const odds = zdOdds(x);
      await expect
        .poll(() => oddsFigure(page, "wb-odds-outcome", "defender 1"))
        .toBe(pct(odds.outcome["defender 1"]!));
      expect(await oddsFigure(page, "wb-odds-other", "struck.attacker")).toBe(
        pct(odds.attacker.struck),
      );
      expect(await count("#wb-odds-injury-attacker")).toBe(1);
      // The dog wins with three stars and strikes the knight; his TAs by default.
      const rolls = { attack: 100, defence: 5 };
      await page.fill("#wb-zd-rolls", JSON.stringify(rolls));
      await page.click("#wb-roll");
      await page.waitForSelector("#wb-zd-defaults");
      expect(await page.locator("#wb-zd-choice h3").textContent()).toContain(dog.name);
      await page.click("#wb-zd-defaults");
      await page.waitForSelector('#wb-log li[data-state="resolved"]');
      const play = finishWithDefaults(beginExchange(x, exchangeDice(1, rolls)));
      const result = resultOf(play)!;
      expect(result.strike!.by).toBe("defender");
      const entry = entries(page).first();
      expect(JSON.parse((await entry.getAttribute("data-rolls"))!)).toEqual(rollsOf(cardOf(play)));
      expect(await entry.locator(".exchange-card").textContent()).toContain(
        `Strike by ${dog.name}`,
      );
      // An unconscious defender: no defence roll in the odds (Z3, forced Ignore).
      await page.selectOption("#wb-zd-b-state", "UNC");
      await expect.poll(() => count("#wb-odds-defence")).toBe(0);
      expect(await oddsFigure(page, "wb-odds-attack", "CS")).toBe(100);
      // New fight: the exchange as the samples give it.
      await page.click("#wb-reset");
      await expect.poll(() => page.inputValue("#wb-defence")).toBe("block");
      expect(await page.inputValue("#wb-attack")).toBe("0:0");
      expect(await page.inputValue("#wb-zd-b-state")).toBe("none");
      // Another attacker: the Longbowman's knife modes.
      await page.selectOption("#wb-a", "2");
      await expect
        .poll(() => page.locator("#wb-attack option").count())
        .toBe(modesOf(ZD_SAMPLES[2]!).length);
      // His longbow at short range: the zone die is the victim's (Z4), unaimed first, then aimed.
      const bowman = ZD_SAMPLES[2]!;
      const bow = modesOf(bowman).find((m) => m.missile)!;
      // Against the Brigand, who dodges (a missile is blocked with a shield only, Z4).
      const brigand = ZD_SAMPLES[3]!;
      await page.selectOption("#wb-b", "3");
      await expect.poll(() => page.locator("#wb-zd-b h2").textContent()).toContain(brigand.name);
      await page.selectOption("#wb-defence", "dodge");
      await page.selectOption("#wb-attack", bow.id);
      await expect.poll(() => page.locator("#wb-zd-zonedie").isDisabled()).toBe(true);
      expect(await page.inputValue("#wb-aim")).toBe("0");
      expect(await count("#wb-aim option")).toBe(1 + lastPlacement(6, brigand.plan));
      const shot1 = exchangeOf(bowman, brigand);
      shot1.attack = strikeOf(bow);
      shot1.defence.type = "dodge";
      shot1.defence.eml = brigand.character.dodge!.value;
      await expect
        .poll(() => oddsFigure(page, "wb-odds-outcome", "attacker 1"))
        .toBe(pct(zdOdds(shot1).outcome["attacker 1"]!));
      const unaimed = zdOdds(shot1).defender.expectedEffectiveImpact;
      await page.selectOption("#wb-aim", "4");
      shot1.attack = { ...shot1.attack, aimed: true, placement: 4 };
      // Aimed at the torso (d6 from 4): other odds than the whole body's.
      expect(zdOdds(shot1).defender.expectedEffectiveImpact).not.toBe(unaimed);
      await expect
        .poll(() => oddsFigure(page, "wb-odds-other", "impact.defender"))
        .toBe(Number(zdOdds(shot1).defender.expectedEffectiveImpact.toFixed(3)));
      await page.click("#wb-roll");
      await expect.poll(() => entries(page).count()).toBe(2);
      expect(await missingKeys(page)).toEqual([]);
      await shot(page, "workbench-hmzd-counterstrike");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);

  it("runs many duels in the worker: the counts are runHmzdDuels', the plot drawn", async () => {
    const { page, errors } = await open();
    try {
      await switchToHmzd(page);
      await page.fill("#wb-n", "40");
      await page.fill("#wb-seed", "5");
      await page.click("#wb-many");
      await page.waitForSelector("#wb-plot svg", { timeout: 60_000 });
      const a = exchangeOf(ZD_SAMPLES[0]!, ZD_SAMPLES[3]!);
      const stats = runHmzdDuels(
        duelSideOf(ZD_SAMPLES[0]!, a.attacker),
        duelSideOf(ZD_SAMPLES[3]!, a.defender),
        40,
        5,
      );
      const rate = (k: "a" | "b" | "none") => `${((100 * stats.wins[k]) / 40).toFixed(2)}%`;
      expect(await page.locator('#wb-wins tr[data-side="a"] td').textContent()).toBe(rate("a"));
      expect(await page.locator('#wb-wins tr[data-side="b"] td').textContent()).toBe(rate("b"));
      expect(await missingKeys(page)).toEqual([]);
      await shot(page, "workbench-hmzd-duels");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);
});
