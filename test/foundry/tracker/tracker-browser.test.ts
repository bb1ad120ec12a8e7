/**
 * The tracker's condition markup (src/foundry/combat/tracker-logic.ts) inside a Foundry v13
 * combat tracker row (`li.combatant > .token-name`), parsed and laid out by Chromium with the
 * system's CSS (styles/tracker.css): each condition is a small labelled icon with its name
 * visible and in the tooltip, the list wraps within the sidebar's width, a hostile label shows
 * as text, and no localisation key is left. Screenshot: test-output/screenshots/tracker.png.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { localize } from "../stand-ins/handlebars";
import { CONDITION_EFFECTS } from "../../../src/foundry/config";
import { combatantConditions, conditionsMarkup } from "../../../src/foundry/combat/tracker-logic";
import { launch, missingKeys, renderPage, screenshot } from "../../browser/harness";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

function row(id: string, name: string, markup: string): string {
  return (
    `<li class="combatant" data-combatant-id="${id}"><img class="token-image" src="" alt="">` +
    `<div class="token-name"><strong class="name">${name}</strong>` +
    `<div class="combatant-controls"></div>${markup}</div>` +
    `<div class="token-initiative"><span class="initiative">60</span></div></li>`
  );
}

it("shows each condition as a small labelled icon under the combatant's name", async () => {
  const all = conditionsMarkup({
    conditions: combatantConditions(
      ["shock", "prone", "bleeding", "weaponUnready", "offBalance"],
      CONDITION_EFFECTS,
      localize,
    ),
    advantage: localize("BLOWBYBLOW.Tracker.advantageTaken"),
    conditionsLabel: localize("BLOWBYBLOW.Tracker.conditions"),
  });
  const hostile = conditionsMarkup({
    conditions: [{ id: "shock", label: "<img src=x onerror=alert(1)>", img: "x.svg" }],
    advantage: null,
    conditionsLabel: localize("BLOWBYBLOW.Tracker.conditions"),
  });
  const page = await renderPage(browser, {
    html: `<ol class="combat-tracker plain">${row("c1", "Sir Aldric", all)}${row("c2", "Brigand", hostile)}</ol>`,
    width: 300,
    height: 220,
  });
  expect(await missingKeys(page)).toEqual([]);

  const chips = page.locator('li[data-combatant-id="c1"] .bbb-tracker-condition');
  expect(await chips.count()).toBe(5);
  const expected = ["shock", "prone", "bleeding", "offBalance", "weaponUnready"].map((id) =>
    localize(`BLOWBYBLOW.Condition.${id}`),
  );
  expect(expected).not.toContain("BLOWBYBLOW.Condition.shock");
  expect(await chips.allInnerTexts()).toEqual(expected);
  expect(await chips.evaluateAll((els) => els.map((e) => e.getAttribute("data-tooltip")))).toEqual(
    expected,
  );
  const icon = await page
    .locator('li[data-combatant-id="c1"] .bbb-tracker-condition img')
    .first()
    .boundingBox();
  expect(icon?.width).toBe(12);
  expect(icon?.height).toBe(12);

  // The list wraps inside the row: no chip reaches past the 300 px window.
  const rights = await chips.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
  for (const right of rights) expect(right).toBeLessThanOrEqual(20 + 300);
  const tops = new Set(
    await chips.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top))),
  );
  expect(tops.size).toBeGreaterThan(1);

  const advantage = page.locator(".bbb-tracker-advantage");
  expect(await advantage.getAttribute("data-tooltip")).toBe("Tactical advantage taken this turn");

  // A label with markup in it is text, never an element.
  const brigand = page.locator('li[data-combatant-id="c2"] .bbb-tracker-condition');
  expect(await brigand.innerText()).toBe("<img src=x onerror=alert(1)>");
  expect(await brigand.locator("img").count()).toBe(1);
  await screenshot(page, "tracker");
}, 60_000);
