/**
 * The exchange card of a HârnMaster Gold mounted attack (issue 19, group eml) rendered in
 * Chromium with the real templates and CSS at the chat sidebar's width: the gold modifiers
 * labelled in the attack's breakdown, and the unhorsing roll's line (seed 000 line 185; ruling
 * G38) naming the option, with no missing localisation key.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExchangeCard } from "../../src/core/flow";
import { EXCHANGE_TEMPLATE, exchangeCardContext } from "../../src/foundry/chat/card-context";
import { localizeTree } from "../../src/foundry/chat/text";
import { HM3_FOUNDRY } from "../../src/foundry/rulesets/hm3";
import { HM3_RESULT_TEMPLATE } from "../../src/foundry/rulesets/hm3/card";
import { PARTIAL_HELPER, partialHelper } from "../../src/foundry/sheets/common";
import {
  createFoundryHandlebars,
  format,
  localize,
  readTemplate,
  RUNTIME_OPTIONS,
} from "../foundry/stand-ins/handlebars";
import * as F from "../foundry/chat/fixtures";
import { launch, missingKeys, renderPage, screenshot } from "./harness";

const hb = createFoundryHandlebars();
hb.registerHelper(PARTIAL_HELPER, partialHelper(hb));
for (const path of [EXCHANGE_TEMPLATE, HM3_RESULT_TEMPLATE])
  hb.registerPartial(path, hb.compile(readTemplate(path)));
const exchangeTemplate = hb.compile(readTemplate(EXCHANGE_TEMPLATE));

function html(card: ExchangeCard): string {
  const view = exchangeCardContext(card, F.viewer("gm"), HM3_FOUNDRY, { authorIsGM: true });
  return exchangeTemplate(localizeTree(view, localize, format), RUNTIME_OPTIONS);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Mounted: AML 80 −5 −5, Riding 71 with ML 60 (+6), one Attack Class (+5): EML 81. */
function mountedAf(): ExchangeCard {
  const decl = F.declaration({ options: { mountedCombat: true } });
  (decl.attack as Record<string, unknown>).mounted = { teamInitiative: 71, ml: 60 };
  // CF 95 against a Block MF 61 (seed 003 line 7): AF, an unhorsing roll 80 vs 71 (CF).
  return F.resolved(
    { type: "block", eml: F.defenceEml() },
    { attack: 95, defence: 61, attackerUnhorsing: 80 },
    decl,
  );
}

describe("a mounted attacker's AF", () => {
  it("shows the gold modifiers and the unhorsing line", async () => {
    const page = await renderPage(browser, {
      html: html(mountedAf()),
      classes: ["chat-sidebar"],
      width: 300,
      height: 1100,
    });
    try {
      const text = (await page.locator(".exchange-card").textContent()) ?? "";
      expect(text).toContain("Mounted: average with Riding (HârnMaster Gold)");
      expect(text).toContain("Mounted: Attack Class +1 (HârnMaster Gold)");
      const line = (await page.locator(".bbb-hm3-gold").allTextContents()).map((s) =>
        s.replace(/\s+/g, " ").trim(),
      );
      expect(line).toEqual([
        "Mounted combat (HârnMaster Gold): AF is an unhorsing roll, 80 against Riding 71: Critical Failure, the rider is unhorsed.",
      ]);
      expect(await page.locator(".bbb-hm3-gold").getAttribute("data-tooltip")).toMatch(
        /seed 000 lines 177-185/,
      );
      expect((await page.locator(".bbb-hm3-matrix").textContent())?.replace(/\s+/g, " ")).toContain(
        "AF read as AU (HârnMaster Gold mounted combat): the attacker makes an unhorsing roll.",
      );
      expect(await missingKeys(page)).toEqual([]);
      await screenshot(page, "chat-gold-unhorsing");
    } finally {
      await page.close();
    }
  });
});
