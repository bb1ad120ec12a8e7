/**
 * The combat workbench's GURPS Man to Man fight in Chromium (issue 17), a shooter and Roll in a
 * fight: Villem the Vile (his best weapon the crossbow) fights Filthy Pierre with Next turn at the
 * page's range and turns of aim, and the page's log (each maneuver line, each exchange card) is
 * the fight `newFight`/`playTurn` plays in Node for the same seed, aim, reload and all; Roll says
 * on its card whether it played the fighters fresh (no fight) or from the fight's state, and in a
 * fight starts from the HP the fight left and applies its wound to the fight. Screenshots go to
 * test-output/screenshots.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import { SAMPLE_FIGHTERS } from "../../src/foundry/rulesets/m2m/sample-fighters";
import { sides } from "../../src/workbench/rulesets/m2m-fight";
import { newFight, playTurn, type M2mTurnStep } from "../../src/workbench/rulesets/m2m-turns";
import { missingKeys } from "./harness";
import { shot, workbenchSuite } from "./workbench-page";

const { open } = workbenchSuite();
const FIGHT = en.BLOWBYBLOW.Workbench.M2M.Fight;
const index = (name: string) => SAMPLE_FIGHTERS.findIndex((f) => f.name === name);
const num = (text: string) => Number(text.trim().replace("\u2212", "-"));

async function switchToM2m(page: Page): Promise<void> {
  await page.selectOption("#wb-ruleset", "m2m");
  await page.waitForSelector('#workbench[data-ruleset="m2m"][aria-busy="false"]');
}

const exchanges = (page: Page) => page.locator('#wb-log li[data-kind="exchange"]');

describe("the workbench's m2m fight: a shooter, and Roll in a fight", () => {
  it("plays Villem's crossbow in Next turn as the fight plays in Node: aim, shot, reload", async () => {
    const shotSet = { range: 20, aim: 1 };
    const s = sides(index("Villem the Vile"), index("Filthy Pierre"));
    // A seed whose fight has a shot, a reload and an aim, in Node.
    let seed = 0;
    let steps: M2mTurnStep[] = [];
    for (let k = 1; k <= 100 && seed === 0; k++) {
      const f = newFight({ a: s.shooters.a!.snap, b: s.snap.b }, s.duel, k, {
        a: s.shooters.a!.attack.weaponId,
      });
      const all: M2mTurnStep[] = [];
      for (let t = 0; t < 200 && !f.over; t++) all.push(...playTurn(f, {}, (m) => m.key, shotSet));
      const has = (m: string) =>
        all.some((x) => x.kind === "maneuver" && x.side === "a" && x.choice.maneuver === m);
      if (f.over && has("aim") && has("ready") && all.length < 80) {
        seed = k;
        steps = all;
      }
    }
    expect(seed).toBeGreaterThan(0);

    const { page, errors } = await open();
    try {
      await switchToM2m(page);
      await page.selectOption("#wb-a", { label: "Villem the Vile" });
      await page.selectOption("#wb-b", { label: "Filthy Pierre" });
      // His Halberd is the attack picked, but his best weapon is the crossbow: the range and aim
      // fields are shown for Next turn.
      expect(await page.locator("#wb-range").isVisible()).toBe(true);
      await page.fill("#wb-range", String(shotSet.range));
      await page.fill("#wb-aim-turns", String(shotSet.aim));
      await page.fill("#wb-seed", String(seed));
      for (const id of ["wb-range", "wb-aim-turns", "wb-seed"])
        await page.dispatchEvent(`#${id}`, "change");
      for (let i = 0; i < 200; i++) {
        if (await page.locator("#wb-step").isDisabled()) break;
        await page.click("#wb-step");
      }
      expect(await page.locator("#wb-step").isDisabled()).toBe(true);

      // Every maneuver line, oldest first, is the Node fight's.
      const lines = await page
        .locator('#wb-log li[data-kind="maneuver"]')
        .evaluateAll((lis) =>
          lis.map((li) => [li.getAttribute("data-side"), li.getAttribute("data-maneuver")]),
        );
      const want = steps.flatMap((x) =>
        x.kind === "maneuver" ? [[x.side, x.choice.maneuver]] : [],
      );
      expect(lines.reverse()).toEqual(want);
      // The aim and reload lines name the crossbow and the turns.
      const texts = await page.locator('#wb-log li[data-kind="maneuver"]').allTextContents();
      const aim = steps.find((x) => x.kind === "maneuver" && x.choice.maneuver === "aim")!;
      const reload = steps.find(
        (x) => x.kind === "maneuver" && x.side === "a" && x.choice.maneuver === "ready",
      )!;
      expect(texts).toContain(
        FIGHT.aim
          .replace("{name}", "Villem the Vile")
          .replace("{maneuver}", en.BLOWBYBLOW.M2M.Maneuver.aim)
          .replace("{weapon}", "Crossbow")
          .replace("{turns}", String(aim.kind === "maneuver" ? aim.aimTurns : -1)),
      );
      expect(texts).toContain(
        FIGHT.reload
          .replace("{name}", "Villem the Vile")
          .replace("{maneuver}", en.BLOWBYBLOW.M2M.Maneuver.ready)
          .replace("{weapon}", "Crossbow")
          .replace("{left}", String(reload.kind === "maneuver" ? reload.reloadLeft : -1)),
      );
      // Every exchange card is the Node fight's: its side, seed, attack roll and target.
      const played = steps.filter((x) => x.kind === "exchange");
      const cards = exchanges(page);
      const n = await cards.count();
      expect(n).toBe(played.length);
      let shots = 0;
      for (let i = 0; i < n; i++) {
        const step = played[i]!;
        if (step.kind !== "exchange") continue;
        const card = cards.nth(n - 1 - i);
        const r = step.played.result.exchange;
        expect(await card.getAttribute("data-side")).toBe(step.side);
        expect(await card.getAttribute("data-seed")).toBe(String(step.seed));
        const row = card.locator('.bbb-m2m-roll[data-side="attacker"]');
        expect(num(await row.locator(".bbb-m2m-3d6").innerText())).toBe(r.attack.roll);
        expect(num(await row.locator(".bbb-m2m-target").innerText())).toBe(r.attack.effective);
        if (step.played.outcome.attack.mode === "ranged") shots++;
      }
      expect(shots).toBeGreaterThan(0);
      expect(await missingKeys(page)).toEqual([]);
      await shot(page, "workbench-m2m-shooter");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 240_000);

  it("Roll says it plays fresh fighters without a fight, and in a fight plays from its state", async () => {
    const { page, errors } = await open();
    try {
      await switchToM2m(page);
      // Rogan's thrust (his sword stays ready after a thrust, so every Roll may attack).
      const thrust = await page
        .locator("#wb-attack option")
        .evaluateAll((os) =>
          os.map((o) => (o as HTMLOptionElement).value).find((v) => v.endsWith("-1h:thrust-imp")),
        );
      await page.selectOption("#wb-attack", thrust!);
      const status = (side: string) => page.locator(`#wb-side-${side} .bbb-wb-m2m-status`);
      const statusLine = () =>
        exchanges(page).first().locator(".bbb-xc-status-line").first().textContent();
      await page.fill("#wb-seed", "3");
      await page.dispatchEvent("#wb-seed", "change");
      await page.click("#wb-roll");
      expect(await statusLine()).toBe(FIGHT.resolvedFresh);
      expect(await exchanges(page).first().getAttribute("data-from")).toBe("fresh");
      // Nothing kept: Pierre is still at his full 10 HP.
      expect(await status("b").getAttribute("data-hp")).toBe("10");

      // A fight in progress: Roll starts from its state and its wound goes to the fight.
      await page.click("#wb-step");
      await page.click("#wb-step");
      let wounds = 0;
      for (let i = 0; i < 12 && wounds < 2; i++) {
        if (await page.locator("#wb-over").isVisible()) break;
        const hp = Number(await status("b").getAttribute("data-hp"));
        await page.click("#wb-roll");
        expect(await page.locator(".bbb-wb-problem").allTextContents()).toEqual([]);
        expect(await statusLine()).toBe(FIGHT.resolvedFight);
        expect(await exchanges(page).first().getAttribute("data-from")).toBe("fight");
        const wound = exchanges(page).first().locator('.bbb-m2m-wound[data-wound="defender"]');
        if ((await wound.count()) === 0) {
          expect(Number(await status("b").getAttribute("data-hp"))).toBe(hp);
          continue;
        }
        const [before, after] = [
          ...(await wound.locator(".bbb-m2m-hp").innerText()).matchAll(/-?\d+/g),
        ].map((m) => Number(m[0]));
        expect(before).toBe(hp);
        expect(Number(await status("b").getAttribute("data-hp"))).toBe(after);
        wounds++;
      }
      expect(wounds).toBeGreaterThan(0);
      await shot(page, "workbench-m2m-roll-in-fight");
      // Reset: no fight, Roll plays fresh fighters again.
      await page.click("#wb-reset");
      await page.click("#wb-roll");
      expect(await statusLine()).toBe(FIGHT.resolvedFresh);
      expect(await missingKeys(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 240_000);
});
