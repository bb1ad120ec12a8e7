/**
 * The GURPS Man to Man exchange card and turn card rendered in Chromium with the real templates
 * (templates/chat/exchange.hbs with templates/chat/m2m/result.hbs; templates/chat/m2m/turn.hbs)
 * and the real CSS, at the chat sidebar's width (300px), from real `m2mFlow` results
 * (test/foundry/chat/m2m-fixtures.ts): every card state for the viewers who see something
 * different, the defence buttons with their targets and the closed ones disabled with their
 * reason, no missing localisation key, names with HTML shown as text, tooltips free of user
 * text, nothing wider than the sidebar, and a screenshot of each
 * (test-output/screenshots/chat-m2m-*.png).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CombatRules } from "../../src/core/combat";
import type { ExchangeCard } from "../../src/core/flow";
import { runTurnEvent } from "../../src/core/turns";
import {
  EXCHANGE_TEMPLATE,
  exchangeCardContext,
  type CardApplyMode,
} from "../../src/foundry/chat/card-context";
import { localizeTree } from "../../src/foundry/chat/text";
import type { CardViewer, CardRuleset } from "../../src/foundry/rulesets";
import { M2M_FOUNDRY } from "../../src/foundry/rulesets/m2m";
import { M2M_RESULT_TEMPLATE } from "../../src/foundry/rulesets/m2m/card";
import { M2M_TARGET_LABELS } from "../../src/foundry/rulesets/m2m/card-labels";
import { m2mTurnContext, M2M_TURN_TEMPLATE } from "../../src/foundry/rulesets/m2m/card-turn";
import { PARTIAL_HELPER, partialHelper } from "../../src/foundry/sheets/common";
import { m2mFlow, newFighterBlock } from "../../src/rules/m2m/flow";
import {
  createFoundryHandlebars,
  format,
  localize,
  readTemplate,
  RUNTIME_OPTIONS,
} from "../foundry/stand-ins/handlebars";
import * as F from "../foundry/chat/m2m-fixtures";
import { launch, missingKeys, renderPage, screenshot } from "./harness";

const hb = createFoundryHandlebars();
hb.registerHelper(PARTIAL_HELPER, partialHelper(hb));
for (const path of [EXCHANGE_TEMPLATE, M2M_RESULT_TEMPLATE])
  hb.registerPartial(path, hb.compile(readTemplate(path)));
const exchangeTemplate = hb.compile(readTemplate(EXCHANGE_TEMPLATE));
const turnTemplate = hb.compile(readTemplate(M2M_TURN_TEMPLATE));

/**
 * The m2m ruleset as the card sees it once it fights: the flow ruleset (`m2mFlow`) and the
 * target labels of its combat rules (the combat rules themselves are another part of issue 17).
 */
const FR = {
  ...M2M_FOUNDRY,
  ruleset: m2mFlow,
  combat: { labels: M2M_TARGET_LABELS } as unknown as CombatRules,
} as unknown as CardRuleset;

function cardHtml(
  card: ExchangeCard,
  viewer: CardViewer,
  applyMode?: CardApplyMode,
  authorIsGM = true,
): string {
  const view = exchangeCardContext(card, viewer, FR, {
    ...(applyMode ? { applyMode } : {}),
    authorIsGM,
  });
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

async function openHtml(html: string): Promise<Page> {
  const page = await renderPage(browser, {
    html,
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

const open = (
  card: ExchangeCard,
  viewer: CardViewer,
  applyMode?: CardApplyMode,
  authorIsGM = true,
) => openHtml(cardHtml(card, viewer, applyMode, authorIsGM));

const clean = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
const texts = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map(clean);

/** What every card must satisfy, whatever its state and viewer. */
async function checkCard(page: Page, shot: string, root = ".exchange-card"): Promise<void> {
  expect(await page.locator(root).count()).toBe(1);
  expect(await missingKeys(page)).toEqual([]);
  expect(await page.locator(`${root} img`).count()).toBe(0);
  expect(dialogs.get(page)).toEqual([]);
  const tips = await page
    .locator("[data-tooltip]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-tooltip") ?? ""));
  for (const tip of tips) expect(tip).not.toMatch(/<|>|Friedrick|Pierre|Axe|onerror/);
  const fits = await page.evaluate((sel) => {
    const card = document.querySelector<HTMLElement>(sel)!;
    const content = document.querySelector<HTMLElement>(".window-content")!;
    return card.scrollWidth <= card.clientWidth + 1 && content.scrollWidth <= content.clientWidth;
  }, root);
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

describe("declared", () => {
  it("shows the attack as declared and its itemised target; names stay text", async () => {
    const card = F.declared(
      F.declaration({ target: "right-arm", modifiers: [{ label: F.EVIL, value: -1 }] }),
      { attack: 10 },
    );
    await withPage(open(card, F.viewer("attacker")), async (page) => {
      await expect(texts(page, ".bbb-xc-attacker")).resolves.toEqual([F.ATTACKER_NAME]);
      await expect(texts(page, ".bbb-xc-defender")).resolves.toEqual([F.DEFENDER_NAME]);
      await expect(texts(page, ".bbb-xc-weapon")).resolves.toEqual([`with ${F.WEAPON_NAME}`]);
      await expect(texts(page, ".bbb-xc-summary")).resolves.toEqual([
        "Damage 1+4 cutting, aimed at the right arm",
      ]);
      await page.locator(".bbb-xc-target summary").click();
      await expect(texts(page, ".bbb-xc-target .bbb-xc-lines li")).resolves.toEqual([
        "Effective skill14",
        "Aimed hit location\u22122",
        `${F.EVIL}\u22121`,
        "Sum11",
      ]);
      expect(await page.locator(".bbb-xc-target .bbb-xc-custom").count()).toBe(1);
      expect(await page.locator("button").count()).toBe(0);
      await checkCard(page, "chat-m2m-declared");
    });
  });
});

describe("awaiting the defence", () => {
  it("gives the defender's owner a button per defence with its full target, closed ones disabled with their reason", async () => {
    await withPage(open(F.awaitingSpent(), F.viewer("defender")), async (page) => {
      const buttons = page.locator('button[data-action="bbb-defend"]');
      await expect(
        buttons.evaluateAll((els) =>
          els.map((b) => [b.getAttribute("data-option"), (b as HTMLButtonElement).disabled]),
        ),
      ).resolves.toEqual([
        ["dodge", false],
        ["dodge-retreat", true],
        ["block", true],
        ["parry:shortsword", false],
        ["none", false],
      ]);
      await expect(texts(page, ".bbb-xc-button .bbb-xc-button-target")).resolves.toEqual([
        "target 7",
        "target 7",
        "target 7",
        "target 9",
        "target 3",
      ]);
      await expect(texts(page, 'button[data-option="block"] .bbb-xc-reason')).resolves.toEqual([
        "Used up this turn",
      ]);
      // The attack roll already made, and each defence's target itemised.
      await expect(texts(page, ".bbb-m2m-roll")).resolves.toEqual([
        `Attack ${F.ATTACKER_NAME} 14 10 Hit`,
      ]);
      await page.locator('.bbb-m2m-option[data-option="parry:shortsword"] summary').click();
      await expect(
        texts(page, '.bbb-m2m-option[data-option="parry:shortsword"] .bbb-xc-lines li'),
      ).resolves.toEqual(["Parry6", "Passive defence (PD)+3", "Sum9"]);
      await expect(texts(page, ".bbb-m2m-closed .bbb-m2m-reason")).resolves.toEqual([
        "Already retreated this turn",
        "Used up this turn",
      ]);
      expect(await buttons.first().isVisible()).toBe(true);
      await checkCard(page, "chat-m2m-awaiting-defender");
    });
  });

  it("shows the attacker's owner no button and no defender figures", async () => {
    await withPage(open(F.awaiting(), F.viewer("attacker")), async (page) => {
      expect(await page.locator("button").count()).toBe(0);
      expect(await page.locator(".bbb-m2m-options").count()).toBe(0);
      await expect(texts(page, ".bbb-xc-status-line")).resolves.toEqual([
        `${F.DEFENDER_NAME} must choose a defence.`,
      ]);
      await checkCard(page, "chat-m2m-awaiting-attacker");
    });
  });

  it("All-Out Defence: the first roll before the second prompt", async () => {
    await withPage(open(F.secondPrompt(), F.viewer("defender")), async (page) => {
      await expect(texts(page, ".bbb-m2m-roll")).resolves.toEqual([
        `Attack ${F.ATTACKER_NAME} 14 10 Hit`,
        `Defence: Dodge ${F.DEFENDER_NAME} 7 12 Failed`,
      ]);
      // In the header, above the second prompt's buttons.
      await expect(texts(page, ".bbb-xc-summary")).resolves.toEqual([
        "Damage 1+4 cutting, aimed at the torso",
        `All-Out Defence: ${F.DEFENDER_NAME}'s Dodge rolled 12 against 7 and failed; a second, different defence may be tried.`,
      ]);
      const above = await page.evaluate(() => {
        const line = document.querySelectorAll(".bbb-xc-summary")[1]!.getBoundingClientRect();
        const button = document.querySelector(".bbb-xc-defence button")!.getBoundingClientRect();
        return line.bottom <= button.top;
      });
      expect(above).toBe(true);
      const dodge = page.locator('button[data-option="dodge"]');
      expect(await dodge.isDisabled()).toBe(true);
      await expect(texts(page, 'button[data-option="dodge"] .bbb-xc-reason')).resolves.toEqual([
        "All-Out Defence: the second roll must use a different defence",
      ]);
      expect(await page.locator('button[data-option="block"]').isDisabled()).toBe(false);
      await checkCard(page, "chat-m2m-second-defence");
    });
  });
});

describe("resolved", () => {
  it("a miss", async () => {
    await withPage(open(F.miss(), F.viewer("gm")), async (page) => {
      await expect(texts(page, ".bbb-m2m-roll")).resolves.toEqual([
        `Attack ${F.ATTACKER_NAME} 14 16 Miss`,
      ]);
      await expect(texts(page, ".bbb-m2m-nohit")).resolves.toEqual(["No hit: no damage."]);
      await checkCard(page, "chat-m2m-miss");
    });
  });

  it("a block", async () => {
    await withPage(open(F.blocked(), F.viewer("defender")), async (page) => {
      await expect(texts(page, ".bbb-m2m-roll")).resolves.toEqual([
        `Attack ${F.ATTACKER_NAME} 14 10 Hit`,
        `Defence: Block ${F.DEFENDER_NAME} 7 7 Defended`,
      ]);
      await checkCard(page, "chat-m2m-blocked");
    });
  });

  it("an arm wound for the GM: damage to injury with the cap, HP, knockdown and what it did; Apply", async () => {
    await withPage(open(F.armWound(), F.viewer("gm")), async (page) => {
      await expect(texts(page, ".bbb-m2m-wound .bbb-m2m-damage > div")).resolves.toEqual([
        "Damage dice 6 + 4 = 10",
        "DR 1",
        "Penetrating damage 9",
        "Wounding multiplier \u00d71.5",
        "Injury 13",
        "Crippling cap 6",
        "Injury taken 6",
        "Knockback (hexes) 1",
      ]);
      await expect(texts(page, ".bbb-m2m-hp")).resolves.toEqual(["HP 10 \u2192 4"]);
      await expect(texts(page, ".bbb-m2m-check")).resolves.toEqual([
        "Knockdown (HT) 12 / 10 falls, stunned",
      ]);
      await expect(texts(page, ".bbb-m2m-wound .bbb-m2m-note")).resolves.toEqual([
        "Shock: \u22126 to his attacks next turn",
        "Major wound (over HT/2): knockdown roll",
        "Stunned",
        "Crippled: right arm",
      ]);
      expect(await page.locator(".bbb-m2m-damage dd:not([data-tooltip])").count()).toBe(0);
      expect(await page.locator('button[data-action="bbb-apply"]').isVisible()).toBe(true);
      await checkCard(page, "chat-m2m-arm-wound-gm");
    });
  });

  it("hides the defender's targets from the attacker's owner", async () => {
    await withPage(open(F.armWound(), F.viewer("attacker")), async (page) => {
      await expect(texts(page, ".bbb-m2m-roll.bbb-side-defender .bbb-m2m-target")).resolves.toEqual(
        ["hidden"],
      );
      await expect(texts(page, ".bbb-m2m-check")).resolves.toEqual([
        "Knockdown (HT) 12 / hidden falls, stunned",
      ]);
      expect(await page.locator("button").count()).toBe(0);
      await checkCard(page, "chat-m2m-arm-wound-attacker");
    });
  });

  it("a critical hit on a random leg: the table entry and the cap", async () => {
    await withPage(open(F.criticalLeg(), F.viewer("gm")), async (page) => {
      await expect(texts(page, '.bbb-m2m-critical[data-table="hit"] h4')).resolves.toEqual([
        "Critical Hit Table",
      ]);
      await expect(texts(page, ".bbb-m2m-critical .bbb-m2m-3d6")).resolves.toEqual(["5"]);
      await expect(texts(page, ".bbb-m2m-critical .bbb-m2m-effect")).resolves.toEqual([
        "Normal damage",
        "Basic damage \u00d73",
      ]);
      await expect(texts(page, ".bbb-m2m-location")).resolves.toEqual([
        "Hit location: rolled 10, left leg",
      ]);
      await checkCard(page, "chat-m2m-critical-leg");
    });
  });

  it("a killing blow: death checks, applied", async () => {
    await withPage(open(F.applied(F.criticalKill()), F.viewer("gm")), async (page) => {
      await expect(texts(page, ".bbb-m2m-check")).resolves.toEqual([
        "Death check at -10 HP (HT) 9 / 10 survives",
        "Death check at -15 HP (HT) 12 / 10 dies",
      ]);
      await expect(texts(page, ".bbb-m2m-hp")).resolves.toEqual(["HP 10 \u2192 -20"]);
      expect(await page.locator('button[data-action="bbb-apply"]').count()).toBe(0);
      await expect(texts(page, ".bbb-xc-status-line")).resolves.toHaveLength(1);
      await checkCard(page, "chat-m2m-killed-applied");
    });
  });

  it("a critical miss: the table entry", async () => {
    await withPage(open(F.fumble(), F.viewer("attacker")), async (page) => {
      await expect(texts(page, '.bbb-m2m-critical[data-table="miss"]')).resolves.toEqual([
        `Critical Miss Table: ${F.ATTACKER_NAME} 9 Drops the weapon`,
      ]);
      await checkCard(page, "chat-m2m-fumble");
    });
  });
});

describe("the GM's state and settings", () => {
  it("no GM connected: the defender gets no button and is told why", async () => {
    await withPage(open(F.awaiting(), F.viewer("defender", { gmOnline: false })), async (page) => {
      expect(await page.locator("button").count()).toBe(0);
      await expect(texts(page, ".bbb-xc-blocked")).resolves.toEqual([
        "A defence can be chosen once a GM is connected.",
      ]);
      await expect(texts(page, ".bbb-m2m-option")).resolves.toHaveLength(5);
      await checkCard(page, "chat-m2m-awaiting-no-gm");
    });
  });

  it("resolved in report mode: no Apply button, the report line", async () => {
    await withPage(open(F.armWound(), F.viewer("gm"), "report"), async (page) => {
      expect(await page.locator('button[data-action="bbb-apply"]').count()).toBe(0);
      await expect(texts(page, ".bbb-xc-status-line")).resolves.toEqual([
        "Resolved. The consequences are reported only: the GM applies them by hand.",
      ]);
      await checkCard(page, "chat-m2m-resolved-report");
    });
  });

  it("a resolved card a player wrote shows as unverified, without its result", async () => {
    await withPage(open(F.armWound(), F.viewer("gm"), undefined, false), async (page) => {
      await expect(texts(page, ".bbb-xc-status-line")).resolves.toEqual([
        "Unverified: this card was not accepted by a GM, or its dice and choices do not give what it shows. Nothing on it counts.",
      ]);
      expect(await page.locator(".bbb-m2m-result").count()).toBe(0);
      expect(await page.locator("button").count()).toBe(0);
      await checkCard(page, "chat-m2m-unverified");
    });
  });
});

describe("more critical results", () => {
  it("a critical miss that hits the fumbler: his own wound", async () => {
    await withPage(open(F.hitSelf(), F.viewer("gm")), async (page) => {
      await expect(texts(page, '.bbb-m2m-wound[data-wound="self"] h4')).resolves.toEqual([
        `${F.ATTACKER_NAME} hits himself`,
      ]);
      await expect(texts(page, ".bbb-m2m-hp")).resolves.toEqual(["HP 14 \u2192 7"]);
      await checkCard(page, "chat-m2m-hit-self");
    });
  });

  it("a critical dodge: the attacker's Critical Miss Table roll", async () => {
    await withPage(open(F.criticalDodge(), F.viewer("attacker")), async (page) => {
      await expect(texts(page, ".bbb-m2m-result > .bbb-m2m-note")).resolves.toEqual([
        "Critical defence: the attacker rolls on the Critical Miss Table.",
        "No hit: no damage.",
      ]);
      await expect(texts(page, ".bbb-m2m-critical .bbb-m2m-effect")).resolves.toEqual([
        "Loses his balance",
      ]);
      await checkCard(page, "chat-m2m-critical-dodge");
    });
  });

  it("a critical head blow: no damage, knocked unconscious", async () => {
    await withPage(open(F.headBlow(), F.viewer("defender")), async (page) => {
      await expect(texts(page, ".bbb-m2m-critical h4")).resolves.toEqual([
        "Critical Head Blow Table",
      ]);
      await expect(texts(page, ".bbb-m2m-wound .bbb-m2m-damage > div")).resolves.toEqual([
        "Damage dice 3 + 4 = 7",
        "Injury taken 0",
      ]);
      await checkCard(page, "chat-m2m-head-blow");
    });
  });
});

describe("turn card", () => {
  const stunned = () => {
    const b = newFighterBlock(10);
    F.data(b).conditions = [
      { condition: "stunned", cause: "wound", until: "recovered", armed: false },
    ];
    return b;
  };
  const turnHtml = (
    out: ReturnType<typeof runTurnEvent>,
    viewer: CardViewer,
    owns: boolean,
  ): string =>
    turnTemplate(
      localizeTree(m2mTurnContext(out, F.DEFENDER_NAME, viewer, owns), localize, format),
      RUNTIME_OPTIONS,
    );

  it("a failed stun recovery: the roll, the target and 'cannot act'", async () => {
    const out = runTurnEvent(m2mFlow, stunned(), "turnStart", F.fixed({ stunRecovery: 11 }));
    await withPage(openHtml(turnHtml(out, F.viewer("gm"), false)), async (page) => {
      await expect(texts(page, ".bbb-m2m-heading")).resolves.toEqual([
        `${F.DEFENDER_NAME}'s turn begins`,
      ]);
      await expect(texts(page, ".bbb-m2m-check")).resolves.toEqual([
        "HT roll to recover from stun 11 / 10 failed",
      ]);
      await expect(texts(page, ".bbb-m2m-note")).resolves.toEqual([
        `${F.DEFENDER_NAME} cannot act this turn.`,
      ]);
      await checkCard(page, "chat-m2m-turn-stunned", ".bbb-m2m-turn");
    });
  });

  it("a failed consciousness roll seen by another player: the target hidden, out of the fight", async () => {
    const out = runTurnEvent(
      m2mFlow,
      newFighterBlock(10, 0),
      "turnStart",
      F.fixed({ consciousness: 12 }),
    );
    await withPage(openHtml(turnHtml(out, F.viewer("other"), false)), async (page) => {
      await expect(texts(page, ".bbb-m2m-check")).resolves.toEqual([
        "HT roll to stay conscious at 0 HP 12 / hidden failed",
      ]);
      await expect(texts(page, ".bbb-m2m-note")).resolves.toEqual([
        "Now: Unconscious",
        `${F.DEFENDER_NAME} is out of the fight.`,
      ]);
      await checkCard(page, "chat-m2m-turn-unconscious", ".bbb-m2m-turn");
    });
  });

  it("a turn end with nothing to roll", async () => {
    const out = runTurnEvent(m2mFlow, newFighterBlock(10), "turnEnd", F.fixed({}));
    await withPage(openHtml(turnHtml(out, F.viewer("gm"), false)), async (page) => {
      await expect(texts(page, ".bbb-m2m-note")).resolves.toEqual(["Nothing to roll."]);
      await checkCard(page, "chat-m2m-turn-end", ".bbb-m2m-turn");
    });
  });
});
