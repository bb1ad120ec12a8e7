/**
 * The zone-die exchange card rendered in Chromium with the real templates
 * (templates/chat/exchange.hbs with templates/chat/hmzd/result.hbs) and the real CSS, at the
 * chat sidebar's width (300px), from real results of the Foundry flow ruleset (`hmzdFlow` over
 * the engine; test/foundry/chat/hmzd-fixtures.ts): the defence prompt, the star-spending prompt
 * for its chooser only, the Precision pick with the zone dice listed, the resolved card with
 * stars, zone die, location, impact, injury and shock state, and the seed's worked example
 * (hmzd.md §9). Each: no missing localisation key, names with HTML shown as text, tooltips free
 * of user text, nothing wider than the sidebar, and a screenshot
 * (test-output/screenshots/chat-hmzd-*.png).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExchangeCard } from "../../src/core/flow";
import { EXCHANGE_TEMPLATE, exchangeCardContext } from "../../src/foundry/chat/card-context";
import { localizeTree } from "../../src/foundry/chat/text";
import type { CardViewer } from "../../src/foundry/rulesets";
import { HMZD_RESULT_TEMPLATE } from "../../src/foundry/rulesets/hmzd/card";
import { PARTIAL_HELPER, partialHelper } from "../../src/foundry/sheets/common";
import {
  createFoundryHandlebars,
  format,
  localize,
  readTemplate,
  RUNTIME_OPTIONS,
} from "../foundry/stand-ins/handlebars";
import { viewer } from "../foundry/chat/fixtures";
import * as Z from "../foundry/chat/hmzd-fixtures";
import { launch, missingKeys, renderPage, screenshot } from "./harness";

const hb = createFoundryHandlebars();
hb.registerHelper(PARTIAL_HELPER, partialHelper(hb));
for (const path of [EXCHANGE_TEMPLATE, HMZD_RESULT_TEMPLATE])
  hb.registerPartial(path, hb.compile(readTemplate(path)));
const exchangeTemplate = hb.compile(readTemplate(EXCHANGE_TEMPLATE));

function cardHtml(card: ExchangeCard, v: CardViewer): string {
  const view = exchangeCardContext(card, v, Z.HMZD_CARD_RULESET, { authorIsGM: true });
  return exchangeTemplate(localizeTree(view, localize, format), RUNTIME_OPTIONS);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const dialogs = new WeakMap<Page, string[]>();

async function open(card: ExchangeCard, v: CardViewer): Promise<Page> {
  const page = await renderPage(browser, {
    html: cardHtml(card, v),
    classes: ["chat-sidebar"],
    width: 300,
    height: 1300,
  });
  const seen: string[] = [];
  dialogs.set(page, seen);
  page.on("dialog", (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  return page;
}

const clean = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
const texts = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map(clean);

async function checkCard(page: Page, shot: string): Promise<void> {
  expect(await page.locator(".exchange-card").count()).toBe(1);
  expect(await missingKeys(page)).toEqual([]);
  expect(await page.locator(".exchange-card img").count()).toBe(0);
  expect(dialogs.get(page)).toEqual([]);
  const tips = await page
    .locator("[data-tooltip]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-tooltip") ?? ""));
  for (const tip of tips) expect(tip).not.toMatch(/<|>|Ector|Brigand|onerror/);
  const fits = await page.evaluate(() => {
    const card = document.querySelector<HTMLElement>(".exchange-card")!;
    const content = document.querySelector<HTMLElement>(".window-content")!;
    return card.scrollWidth <= card.clientWidth + 1 && content.scrollWidth <= content.clientWidth;
  });
  expect(fits).toBe(true);
  await screenshot(page, shot);
}

async function withPage(page: Promise<Page>, body: (p: Page) => Promise<void>): Promise<void> {
  const p = await page;
  try {
    await body(p);
  } finally {
    await p.close();
  }
}

describe("the zone-die card in Chromium", () => {
  it("awaiting the defence: Bob gets Block, Dodge, Counterstrike, Ignore; the attack is summed up", async () => {
    await withPage(open(Z.awaiting(), viewer("defender")), async (page) => {
      const buttons = await page
        .locator('button[data-action="bbb-defend"]')
        .evaluateAll((els) => els.map((b) => b.getAttribute("data-option")));
      expect(buttons).toEqual(["block", "dodge", "counterstrike", "ignore"]);
      await expect(texts(page, ".bbb-xc-summary")).resolves.toEqual([
        "Edge d10+3, zone die d4, Placement 1 (Head)",
      ]);
      await checkCard(page, "chat-hmzd-awaiting-defence");
    });
  });

  it("the winner spends: Alice gets the four TA buttons, Bob none; the stars are shown", async () => {
    const card = Z.blockedCS();
    await withPage(open(card, viewer("attacker")), async (page) => {
      const buttons = await page
        .locator('button[data-action="bbb-defend"]')
        .evaluateAll((els) => els.map((b) => b.getAttribute("data-option")));
      expect(buttons).toEqual(["impact", "precision", "action", "setup"]);
      await expect(texts(page, ".bbb-xc-prompt")).resolves.toEqual([`${Z.ATTACKER_NAME} chooses:`]);
      await expect(texts(page, ".bbb-hmzd-stars strong")).resolves.toEqual([
        `${Z.ATTACKER_NAME} wins by 3★`,
      ]);
      await checkCard(page, "chat-hmzd-spend");
    });
    await withPage(open(card, viewer("defender")), async (page) => {
      expect(await page.locator('button[data-action="bbb-defend"]').count()).toBe(0);
    });
  });

  it("the Precision pick lists the zone dice rolled, and where each lands", async () => {
    await withPage(open(Z.spent(), viewer("attacker")), async (page) => {
      await expect(texts(page, ".bbb-hmzd-picks li")).resolves.toEqual([
        "Zone die 1: 3 → zone 3, Arms, Left Shoulder",
        "Zone die 2: 1 → zone 1, Head, Skull",
      ]);
      expect(await page.locator('button[data-action="bbb-defend"]').count()).toBe(2);
      // Each button its own label (Z5): the die, the zone value, the zone and the location.
      await expect(texts(page, 'button[data-action="bbb-defend"]')).resolves.toEqual([
        "Keep zone die 1 (3): zone 3, arms, left-shoulder",
        "Keep zone die 2 (1): zone 1, head, skull",
      ]);
      await checkCard(page, "chat-hmzd-pick");
    });
  });

  it("resolved: stars, spending, zone, location, impact, injury and shock state", async () => {
    await withPage(open(Z.picked(), viewer("gm")), async (page) => {
      await expect(texts(page, ".bbb-hmzd-spent")).resolves.toEqual([
        "Spent: Impact 1, Precision 1, Action 0, Setup 0",
      ]);
      await expect(texts(page, ".bbb-hmzd-zone dd")).resolves.toEqual(["Arms 3 ([3] 1)"]);
      await expect(texts(page, ".bbb-hm3-location dd")).resolves.toEqual(["Left Shoulder 2"]);
      await expect(texts(page, ".bbb-hm3-injury-code")).resolves.toEqual(["S3E"]);
      await expect(texts(page, ".bbb-hmzd-state")).resolves.toEqual(["Stunned (STN)"]);
      await checkCard(page, "chat-hmzd-resolved");
    });
  });

  it("the seed's worked example (hmzd.md §9): one star, S2E on the left shoulder, STN", async () => {
    await withPage(open(Z.workedExample(), viewer("gm")), async (page) => {
      await expect(texts(page, ".bbb-hmzd-stars strong")).resolves.toEqual([
        `${Z.ATTACKER_NAME} wins by 1★`,
      ]);
      await expect(texts(page, ".bbb-hm3-injury-code")).resolves.toEqual(["S2E"]);
      await expect(texts(page, ".bbb-hmzd-state")).resolves.toEqual(["Stunned (STN)"]);
      // Z10: the symbol and the failed Fumble roll, one line each.
      const special = await texts(page, ".bbb-hmzd-special li");
      expect(special[0]).toBe("Special effect □");
      expect(special[1]).toMatch(
        /^Fumble roll 18 \(6 \+ 6 \+ 6\) against DEX \d+: drops what that hand holds$/,
      );
      expect(special).toHaveLength(2);
      await checkCard(page, "chat-hmzd-worked-example");
    });
  });
});
