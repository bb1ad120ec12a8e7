/**
 * The exchange chat card rendered in Chromium with the real templates
 * (templates/chat/exchange.hbs and the HM3 result partial) and the real CSS, at the width of
 * Foundry's chat sidebar (300px): every card state for the viewers who see something
 * different, the buttons each viewer gets, no missing localisation key, actor, item and custom
 * modifier names with HTML in them shown as text (no element made, no script run), tooltips
 * free of user text, and a screenshot of each (test-output/screenshots/chat-*.png).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExchangeCard } from "../../src/core/flow";
import {
  EXCHANGE_TEMPLATE,
  exchangeCardContext,
  type CardApplyMode,
} from "../../src/foundry/chat/card-context";
import { localizeTree } from "../../src/foundry/chat/text";
import { HM3_FOUNDRY } from "../../src/foundry/rulesets/hm3";
import { HM3_RESULT_TEMPLATE } from "../../src/foundry/rulesets/hm3/card";
import type { CardViewer } from "../../src/foundry/rulesets";
import { PARTIAL_HELPER, partialHelper } from "../../src/foundry/sheets/common";
import {
  createFoundryHandlebars,
  format,
  localize,
  readTemplate,
  REPO_ROOT,
  RUNTIME_OPTIONS,
} from "../foundry/stand-ins/handlebars";
import * as F from "../foundry/chat/fixtures";
import { launch, missingKeys, renderPage, screenshot } from "./harness";

/**
 * Handlebars as Foundry has it once the chat templates are preloaded: `loadTemplates`
 * registers each template as a partial under its path, so `bbbPartial` finds the result part.
 */
const hb = createFoundryHandlebars();
hb.registerHelper(PARTIAL_HELPER, partialHelper(hb));
for (const path of [EXCHANGE_TEMPLATE, HM3_RESULT_TEMPLATE])
  hb.registerPartial(path, hb.compile(readTemplate(path)));
const exchangeTemplate = hb.compile(readTemplate(EXCHANGE_TEMPLATE));

function cardHtml(
  card: ExchangeCard,
  viewer: CardViewer,
  applyMode?: CardApplyMode,
  authorIsGM = true,
): string {
  const view = exchangeCardContext(card, viewer, HM3_FOUNDRY, {
    ...(applyMode ? { applyMode } : {}),
    authorIsGM,
  });
  return exchangeTemplate(localizeTree(view, localize, format), RUNTIME_OPTIONS);
}

/** The stylesheet, added when system.json does not list it yet (the harness adds those it lists). */
const CHAT_CSS = "styles/chat.css";
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "system.json"), "utf8")) as {
  styles: (string | { src: string })[];
};
const listed = manifest.styles.some((s) => (typeof s === "string" ? s : s.src) === CHAT_CSS);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Dialogs (an `alert`) opened while the page lived. */
const dialogs = new WeakMap<Page, string[]>();

async function open(
  card: ExchangeCard,
  viewer: CardViewer,
  applyMode?: CardApplyMode,
  authorIsGM = true,
) {
  const page = await renderPage(browser, {
    html: cardHtml(card, viewer, applyMode, authorIsGM),
    classes: ["chat-sidebar"],
    width: 300,
    height: 1100,
  });
  const seen: string[] = [];
  dialogs.set(page, seen);
  page.on("dialog", (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  if (!listed) await page.addStyleTag({ content: readFileSync(join(REPO_ROOT, CHAT_CSS), "utf8") });
  return page;
}

const clean = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
const texts = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map(clean);

/** What every card must satisfy, whatever its state and viewer. */
async function checkCard(page: Page, shot: string): Promise<void> {
  expect(await page.locator(".exchange-card").count()).toBe(1);
  expect(await missingKeys(page)).toEqual([]);
  // User text is text: no element came out of the names, no script ran.
  expect(await page.locator(".exchange-card img").count()).toBe(0);
  expect(dialogs.get(page)).toEqual([]);
  // Tooltips (shown by Foundry as HTML) hold no user text.
  const tips = await page
    .locator("[data-tooltip]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-tooltip") ?? ""));
  for (const tip of tips) expect(tip).not.toMatch(/<|>|Sir|Brigand|Sword|Foreleg|onerror/);
  // Nothing wider than the chat sidebar.
  const fits = await page.evaluate(() => {
    const card = document.querySelector<HTMLElement>(".exchange-card")!;
    const content = document.querySelector<HTMLElement>(".window-content")!;
    return card.scrollWidth <= card.clientWidth + 1 && content.scrollWidth <= content.clientWidth;
  });
  expect(fits).toBe(true);
  await screenshot(page, shot);
}

describe("declared", () => {
  it("waits for the GM; names and the custom modifier show as text", async () => {
    const page = await open(F.declared(), F.viewer("attacker"));
    try {
      await expect(texts(page, ".bbb-xc-attacker")).resolves.toEqual([F.ATTACKER_NAME]);
      await expect(texts(page, ".bbb-xc-defender")).resolves.toEqual([F.DEFENDER_NAME]);
      await expect(texts(page, ".bbb-xc-weapon")).resolves.toEqual([`with ${F.WEAPON_NAME}`]);
      await expect(texts(page, ".bbb-xc-status-line")).resolves.toEqual([
        "Waiting for the GM to check the attack.",
      ]);
      await page.locator(".bbb-xc-target summary").click();
      await expect(texts(page, ".bbb-xc-target .bbb-xc-lines li")).resolves.toEqual([
        "AML80",
        "Physical Penalty\u22125",
        `${F.EVIL}\u22125`,
        "Sum70",
      ]);
      expect(await page.locator(".bbb-xc-custom").isVisible()).toBe(true);
      expect(await page.locator("button").count()).toBe(0);
      await checkCard(page, "chat-declared");
    } finally {
      await page.close();
    }
  });

  it("says the exchange waits when no GM is connected", async () => {
    const page = await open(F.declared(), F.viewer("attacker", { gmOnline: false }));
    try {
      await expect(texts(page, ".bbb-xc-status-line.bbb-tone-alert")).resolves.toEqual([
        "No GM is connected: the exchange waits.",
      ]);
      await checkCard(page, "chat-declared-no-gm");
    } finally {
      await page.close();
    }
  });
});

describe("awaiting the defence", () => {
  const card = F.awaiting(F.declaration({ defenderHolds: { weapon: false, shield: true } }));

  it("gives the defender's owner one button per defence, with disabled ones explained", async () => {
    const page = await open(card, F.viewer("defender"));
    try {
      const buttons = page.locator('button[data-action="bbb-defend"]');
      await expect(
        buttons.evaluateAll((els) =>
          els.map((b) => [b.getAttribute("data-option"), (b as HTMLButtonElement).disabled]),
        ),
      ).resolves.toEqual([
        ["block", false],
        ["counterstrike", true],
        ["dodge", false],
        ["ignore", false],
      ]);
      await expect(
        texts(page, 'button[data-option="counterstrike"] .bbb-xc-reason'),
      ).resolves.toEqual(["Counterstrike needs a weapon in hand."]);
      await expect(texts(page, ".bbb-xc-prompt")).resolves.toEqual([
        `Choose ${F.DEFENDER_NAME}'s defence:`,
      ]);
      expect(await buttons.first().isVisible()).toBe(true);
      await checkCard(page, "chat-awaiting-defender");
    } finally {
      await page.close();
    }
  });

  it("shows the GM the buttons too, and the attacker's owner none", async () => {
    const gm = await open(card, F.viewer("gm"));
    const attacker = await open(card, F.viewer("attacker"));
    try {
      expect(await gm.locator('button[data-action="bbb-defend"]').count()).toBe(4);
      expect(await attacker.locator("button").count()).toBe(0);
      await expect(texts(attacker, ".bbb-xc-status-line")).resolves.toEqual([
        `${F.DEFENDER_NAME} must choose a defence.`,
      ]);
      await checkCard(attacker, "chat-awaiting-attacker");
    } finally {
      await gm.close();
      await attacker.close();
    }
  });

  it("shows no defence button while no GM is connected, and says why", async () => {
    const page = await open(card, F.viewer("defender", { gmOnline: false }));
    try {
      expect(await page.locator("button").count()).toBe(0);
      await expect(texts(page, ".bbb-xc-blocked")).resolves.toEqual([
        "A defence can be chosen once a GM is connected.",
      ]);
      await checkCard(page, "chat-awaiting-no-gm");
    } finally {
      await page.close();
    }
  });
});

describe("resolved", () => {
  it("A★2 for the GM: both rolls, the matrix, the strike and the Apply button", async () => {
    const page = await open(F.a2Injury(), F.viewer("gm"));
    try {
      await expect(texts(page, ".bbb-hm3-roll .bbb-hm3-target")).resolves.toEqual(["70", "60"]);
      await expect(texts(page, ".bbb-hm3-roll .bbb-hm3-d100")).resolves.toEqual(["35", "62"]);
      await expect(texts(page, ".bbb-hm3-roll .bbb-hm3-level")).resolves.toEqual(["CS", "MF"]);
      expect(await page.locator(".bbb-hm3-level abbr").first().getAttribute("title")).toBe(
        "Critical Success",
      );
      await expect(texts(page, ".bbb-hm3-code")).resolves.toEqual(["A\u26052"]);
      expect(await page.locator(".bbb-hm3-code").getAttribute("data-tooltip")).toBe(
        "Melee attack matrix, seed 003 line 10: attacker CS, Block MF.",
      );
      await expect(texts(page, ".bbb-hm3-strike-heading")).resolves.toEqual([
        `${F.ATTACKER_NAME} strikes ${F.DEFENDER_NAME} (2d6)`,
      ]);
      await expect(texts(page, ".bbb-hm3-figures dd")).resolves.toEqual([
        "Thorax 47",
        "4 + 6 + 5 = 15 Edge",
        "8",
        "7",
        "S2 Serious (S) S2",
      ]);
      expect(await page.locator(".bbb-hm3-injury dd").getAttribute("data-tooltip")).toBe(
        "Injury table, seed 003 line 103, effective impact 5+: S2.",
      );
      await expect(texts(page, ".bbb-hm3-check")).resolves.toEqual([
        "Shock roll 2d6: 6 5 11 / 8 failed In shock.",
      ]);
      // Every figure of the strike has its rule on hover.
      expect(await page.locator(".bbb-hm3-figures dd:not([data-tooltip])").count()).toBe(0);
      const apply = page.locator('button[data-action="bbb-apply"]');
      expect(await apply.isVisible()).toBe(true);
      await expect(apply.locator(".bbb-xc-button-label").textContent()).resolves.toBe(
        "Apply the consequences",
      );
      await checkCard(page, "chat-resolved-a2-gm");
    } finally {
      await page.close();
    }
  });

  it("hides the defender's targets from another player, and gives no button", async () => {
    const page = await open(F.a2Injury(), F.viewer("other"));
    try {
      await expect(texts(page, ".bbb-hm3-roll .bbb-hm3-target")).resolves.toEqual(["70", "Hidden"]);
      await expect(texts(page, ".bbb-hm3-check-vs")).resolves.toEqual(["11 / Hidden"]);
      expect(await page.locator(".bbb-hm3-breakdown").count()).toBe(1); // the attack's only
      expect(await page.locator("button").count()).toBe(0);
      await checkCard(page, "chat-resolved-a2-other");
    } finally {
      await page.close();
    }
  });

  it("B★2: both strikes", async () => {
    const page = await open(F.bothStrike(), F.viewer("defender"));
    try {
      expect(await page.locator(".bbb-hm3-strike").count()).toBe(2);
      expect(await page.locator(".bbb-hm3-strike.bbb-by-defender").count()).toBe(1);
      await expect(texts(page, ".bbb-hm3-location dd")).resolves.toEqual(["Thorax 47", "Skull 5"]);
      await checkCard(page, "chat-resolved-b2");
    } finally {
      await page.close();
    }
  });

  it("a Block: weapon damage rolls; the report-only mode gives no Apply button", async () => {
    const page = await open(F.blocked(), F.viewer("gm"), "report");
    try {
      await expect(texts(page, ".bbb-hm3-side-checks .bbb-hm3-check")).resolves.toEqual([
        `Weapon damage roll ${F.DEFENDER_NAME}'s weapon 3d6: 1 2 3 6 / 12 passed`,
        `Weapon damage roll ${F.ATTACKER_NAME}'s weapon 3d6: 6 6 5 17 / 12 failed Damaged: WQ 12 \u2192 11.`,
      ]);
      expect(await page.locator('button[data-action="bbb-apply"]').count()).toBe(0);
      await checkCard(page, "chat-resolved-block");
    } finally {
      await page.close();
    }
  });

  it("DTA: the defender's owner gets the extra action button", async () => {
    const page = await open(F.dta(), F.viewer("defender"));
    try {
      const button = page.locator('button[data-action="bbb-advantage"]');
      expect(await button.getAttribute("data-side")).toBe("defender");
      await expect(button.textContent().then(clean)).resolves.toBe(
        `Take ${F.DEFENDER_NAME}'s extra action`,
      );
      await checkCard(page, "chat-resolved-dta");
    } finally {
      await page.close();
    }
    const taken = await open(F.claimed(F.dta(), "defender"), F.viewer("defender"));
    try {
      expect(await taken.locator("button").count()).toBe(0);
      await expect(texts(taken, ".bbb-xc-taken")).resolves.toEqual([
        `${F.DEFENDER_NAME}'s tactical advantage was taken.`,
      ]);
      await checkCard(taken, "chat-resolved-dta-taken");
    } finally {
      await taken.close();
    }
  });

  it("an amputation: the GM's limb severed button names the strike", async () => {
    const page = await open(F.amputation(), F.viewer("gm"));
    try {
      const button = page.locator('button[data-action="bbb-amputate"]');
      expect(await button.getAttribute("data-strike")).toBe("0");
      await expect(button.textContent().then(clean)).resolves.toBe("Limb severed");
      await expect(texts(page, ".bbb-hm3-location dd")).resolves.toEqual(["Left Forearm 37"]);
      await expect(texts(page, ".bbb-hm3-cell")).resolves.toEqual(["\u2666G4\u25bc"]);
      await checkCard(page, "chat-resolved-amputation");
    } finally {
      await page.close();
    }
  });

  it("a kill, fumble and stumble rolls, a wild missile, fire: each renders", async () => {
    const cases: [string, ExchangeCard, string][] = [
      ["kill", F.kill(), ".bbb-hm3-killed"],
      ["fumble", F.defenderFumble(), '.bbb-hm3-check[data-kind="fumble"]'],
      ["stumble", F.bothStumble(), '.bbb-hm3-check[data-kind="stumble"]'],
      ["wild", F.wildMissile(), ".bbb-hm3-wild"],
      ["fire", F.ignition(), ".bbb-hm3-ignition"],
      ["miss", F.miss(), ".bbb-hm3-matrix"],
    ];
    for (const [name, card, selector] of cases) {
      const page = await open(card, F.viewer("gm"));
      try {
        expect(await page.locator(selector).count(), name).toBeGreaterThan(0);
        await checkCard(page, `chat-resolved-${name}`);
      } finally {
        await page.close();
      }
    }
  });

  it("a creature's own location name (HTML in it) shows as text", async () => {
    const page = await open(F.creature(), F.viewer("gm"));
    try {
      await expect(texts(page, ".bbb-hm3-location dd")).resolves.toEqual([
        `Left Foreleg ${F.EVIL} 21`,
      ]);
      await checkCard(page, "chat-resolved-creature");
    } finally {
      await page.close();
    }
  });
});

describe("applied", () => {
  it("says so, with no Apply button", async () => {
    const page = await open(F.applied(F.a2Injury()), F.viewer("gm"));
    try {
      await expect(texts(page, ".bbb-xc-status-line")).resolves.toEqual([
        "The consequences were applied.",
      ]);
      expect(await page.locator('button[data-action="bbb-apply"]').count()).toBe(0);
      await checkCard(page, "chat-applied");
    } finally {
      await page.close();
    }
  });
});

describe("unverified (review B2, M1)", () => {
  it("a resolved card a player wrote, HTML in its stored result: no result, no button, a warning", async () => {
    const honest = F.a2Injury();
    const forged: ExchangeCard = {
      ...honest,
      result: JSON.parse(
        JSON.stringify(honest.result).replace(
          /"(A\*2|thorax|CS|MF)"/g,
          `"$1${F.EVIL.replace(/"/g, "")}"`,
        ),
      ) as ExchangeCard["result"],
    };
    const page = await open(forged, F.viewer("gm"), "ask", false);
    try {
      await expect(texts(page, ".bbb-xc-status-line")).resolves.toEqual([
        "Unverified: this card was not accepted by a GM, or its dice and choices do not give what it shows. Nothing on it counts.",
      ]);
      expect(await page.locator("button").count()).toBe(0);
      expect(await page.locator(".bbb-hm3-result").count()).toBe(0);
      await checkCard(page, "chat-unverified");
    } finally {
      await page.close();
    }
  });

  it("the same forged result on a GM's card shows the replayed result, not the stored text", async () => {
    const honest = F.a2Injury();
    const forged: ExchangeCard = {
      ...honest,
      result: JSON.parse(
        JSON.stringify(honest.result).replace(
          /"(A\*2|thorax|CS|MF)"/g,
          `"$1${F.EVIL.replace(/"/g, "")}"`,
        ),
      ) as ExchangeCard["result"],
    };
    expect(JSON.stringify(forged.result)).toContain("onerror");
    const page = await open(forged, F.viewer("gm"));
    try {
      expect(await page.locator(".bbb-hm3-result").count()).toBe(1);
      // checkCard: no tooltip holds "<", ">" or "onerror" (the stored text would put them there).
      await checkCard(page, "chat-forged-result-replayed");
    } finally {
      await page.close();
    }
  });
});

describe("situation set by hand (review m3)", () => {
  it("a player's attack held for the GM (issue 15): why, Approve/Refuse for the GM only, no defence", async () => {
    const card = F.awaiting(F.declaration(), {
      approval: {
        pending: true,
        reasons: ["situation", "custom"],
        cap: 20,
        customTotal: 400,
        band: null,
        approvedBy: null,
      },
    });
    const gm = await open(card, F.viewer("gm"));
    try {
      await expect(texts(gm, ".bbb-xc-approval-line")).resolves.toEqual([
        "The situation was set by hand (above), not as the GM's map shows it.",
        "Custom modifiers total +400, beyond this world's cap of ±20.",
      ]);
      expect(await gm.locator('[data-action="bbb-approve"]').isVisible()).toBe(true);
      expect(await gm.locator('[data-action="bbb-refuse"]').isVisible()).toBe(true);
      expect(await gm.locator(".bbb-xc-defence button").count()).toBe(0);
      // The waiting section stands out: a solid border in the alert colour.
      const [style, colour] = await gm
        .locator(".bbb-xc-approval")
        .evaluate((el) => [
          getComputedStyle(el).borderLeftStyle,
          getComputedStyle(el).borderLeftColor,
        ]);
      expect(style).toBe("solid");
      const alert = await gm
        .locator(".bbb-xc-status")
        .evaluate((el) => getComputedStyle(el).getPropertyValue("--bbb-blood").trim());
      expect(alert).not.toBe("");
      expect(colour).not.toBe("rgba(0, 0, 0, 0)");
      await checkCard(gm, "chat-approval");
    } finally {
      await gm.close();
    }
    const player = await open(card, F.viewer("defender"));
    try {
      expect(await player.locator(".bbb-xc-approval-line").count()).toBe(2);
      expect(await player.locator('[data-action="bbb-approve"]').count()).toBe(0);
    } finally {
      await player.close();
    }
  });

  it("an approved, resolved exchange: who approved it, and each die with the client that rolled it (names as text)", async () => {
    const card = F.a2Injury();
    card.context = {
      ...card.context,
      approval: {
        pending: false,
        reasons: ["situation"],
        cap: 20,
        customTotal: 0,
        band: null,
        approvedBy: "Gamemaster",
      },
      rolledBy: { attack: { by: "user", name: "<b>Alice</b>" }, defence: { by: "gm" } },
    };
    const page = await open(card, F.viewer("gm"));
    try {
      await expect(texts(page, ".bbb-xc-approval-line")).resolves.toEqual([
        "The situation was set by hand (above), not as the GM's map shows it.",
        "Approved by the GM Gamemaster.",
      ]);
      expect(await page.locator('[data-action="bbb-approve"]').count()).toBe(0);
      await page.locator(".bbb-xc-dice summary").click();
      await expect(texts(page, ".bbb-xc-dice li")).resolves.toEqual([
        "Attack test (1d100): 35, rolled by <b>Alice</b>",
        "Defence test (1d100): 62, rolled by the GM's client",
      ]);
      expect(await page.locator(".bbb-xc-dice li").first().isVisible()).toBe(true);
      await checkCard(page, "chat-dice");
    } finally {
      await page.close();
    }
  });

  it("says where the request differs from the GM's map", async () => {
    const card = F.awaiting(F.declaration(), {
      request: { situation: { engagingDefender: 3, defenderProne: false, distance: 1 } },
      measured: { engagingDefender: 1, defenderProne: false, distance: 1 },
    });
    const page = await open(card, F.viewer("gm"));
    try {
      await expect(texts(page, ".bbb-xc-handset")).resolves.toEqual([
        "Set by hand: 3 engaging the defender (the GM's map shows 1).",
      ]);
      await checkCard(page, "chat-hand-set");
    } finally {
      await page.close();
    }
  });
});

describe("HârnMaster Gold paired group lines (seed 000 lines 41-57, 249-278)", () => {
  it("a double strike: the secondary attack's line and its strike on the defender", async () => {
    const decl = F.declaration({ options: { pairedWeapons: true } });
    (decl.attack as Record<string, unknown>).double = {
      aspect: "point",
      aim: "mid",
      impact: 3,
      eml: F.defenceEml(60),
    };
    // The secondary: 25 (CS against 60 − 20) vs Dodge 90 (CF against 60 − 10): A★3 (seed 003 line 10).
    const card = F.resolved(
      { type: "dodge", eml: F.defenceEml() },
      {
        attack: 95,
        defence: 33,
        "second.attack": 25,
        "second.defence": 90,
        "second.location": 47,
        "second.impact": [1, 1, 1],
        "second.shock": [1],
      },
      decl,
    );
    const page = await open(card, F.viewer("gm"));
    try {
      const lines = await texts(page, ".bbb-hm3-gold");
      expect(lines[0]).toBe(
        "Double strike (HârnMaster Gold), secondary weapon: attack 25 CS, defence 90 CF: A*3",
      );
      // Point 3 + 3 = 6 against the thorax's Point 5: effective impact 1, M1 (seed 003 line 95).
      expect(lines[1]).toMatch(/^Secondary strike on Brigand .*: Thorax, effective impact 1, M1$/);
      await checkCard(page, "chat-resolved-double-strike");
    } finally {
      await page.close();
    }
  });
});
