/**
 * How long each held condition lasts (issue 17), rendered in Chromium with the real templates
 * and CSS: the m2m actor sheet's header in a fight (the fight block's conditions: "Shock −3,
 * until the end of Fiendish Friedrick's next turn", "Stunned, until recovered", "Crippled left
 * arm, for the encounter") and outside one (the encounter record's, as a fight starts them,
 * ruling M125); the turn card's conditions with their durations, a name with HTML shown as text.
 * Screenshots: test-output/screenshots/m2m-held-*.png.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTurnEvent } from "../../src/core/turns";
import { localizeTree } from "../../src/foundry/chat/text";
import { m2mTurnContext, M2M_TURN_TEMPLATE } from "../../src/foundry/rulesets/m2m/card-turn";
import { m2mBlockHeld } from "../../src/foundry/rulesets/m2m/held";
import { M2M_FIGHT_STORE } from "../../src/foundry/rulesets/m2m/fight";
import {
  m2mActorContext,
  partsFor,
  partTab,
  type M2mActorContextInput,
} from "../../src/foundry/rulesets/m2m/sheets/actor/context";
import { m2mFlow, newFighterBlock } from "../../src/rules/m2m/flow";
import {
  createFoundryHandlebars,
  format,
  localize,
  readTemplate,
  RUNTIME_OPTIONS,
} from "../foundry/stand-ins/handlebars";
import * as F from "../foundry/chat/m2m-fixtures";
import {
  friedrickBlock,
  friedrickDerived,
  friedrickItems,
} from "../foundry/rulesets/m2m/sheet-fixtures";
import { launch, missingKeys, renderPage, renderTemplate, screenshot } from "./harness";

type Obj = Record<string, unknown>;

const ACTOR_FILE: Record<string, string> = {
  header: "templates/actor/header.hbs",
  tabs: "templates/actor/tabs.hbs",
  description: "templates/actor/description.hbs",
  limited: "templates/actor/limited.hbs",
};
const turnTemplate = createFoundryHandlebars().compile(readTemplate(M2M_TURN_TEMPLATE));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const NAME = "Fiendish <i>Friedrick</i>";
const clean = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();

/** Friedrick's fight block: shock 3 this turn, stunned, left arm crippled, lost balance. */
function fightBlock(): string {
  const b = newFighterBlock(14, 9);
  F.data(b).posture = "kneeling";
  F.data(b).conditions = [
    { condition: "stunned", cause: "wound", until: "recovered", armed: true },
    { condition: "shocked", cause: "shock", until: "endOfNextTurn", value: 3, armed: false },
    {
      condition: "crippled",
      cause: "wound",
      until: "encounter",
      location: "left-arm",
      armed: true,
    },
    { condition: "offBalance", cause: "criticalMiss", until: "nextTurn", armed: false },
    {
      condition: "crippled",
      cause: "criticalHit",
      until: { turns: 6 },
      turnsLeft: 4,
      location: "right-hand",
      armed: true,
    },
  ];
  return M2M_FIGHT_STORE.write(b)["system.m2m.fight"] as string;
}

function actorInput(m2m: Obj): M2mActorContextInput {
  const block = { ...friedrickBlock(), ...m2m } as ReturnType<typeof friedrickBlock>;
  return {
    type: "character",
    name: NAME,
    img: "",
    system: { m2m: block, description: "" },
    derived: friedrickDerived(block),
    items: friedrickItems(),
    editable: true,
    activeTab: "combat",
    localize,
    format,
  };
}

async function openActor(input: M2mActorContextInput): Promise<Page> {
  const context = m2mActorContext(input);
  const html = partsFor(context.limited)
    .map((p) =>
      renderTemplate(ACTOR_FILE[p] ?? `templates/m2m/actor/${p}.hbs`, {
        ...context,
        tab: partTab(context, p),
        partId: p,
      }),
    )
    .join("\n");
  return renderPage(browser, {
    html,
    classes: ["actor", "m2m", "character"],
    width: 780,
    height: 500,
  });
}

async function headerFits(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.querySelector(".window-content")!;
    const list = document.querySelector<HTMLElement>(".bbb-conditions")!;
    return el.scrollWidth <= el.clientWidth && list.scrollWidth <= list.clientWidth + 1;
  });
}

describe("the m2m actor sheet: each condition with how long it lasts", () => {
  it("in a fight: the fight block's conditions and durations, the name as text", async () => {
    const page = await openActor(actorInput({ fight: fightBlock() }));
    try {
      const items = page.locator(".bbb-condition");
      expect((await items.allTextContents()).map(clean)).toEqual([
        `Stunned, until recovered`,
        `Shock \u22123, until the end of ${NAME}'s next turn`,
        "Crippled left arm, for the encounter",
        `Off balance, until ${NAME}'s next turn`,
        `Crippled right hand, for 4 more of ${NAME}'s turns`,
        "Kneeling",
      ]);
      expect(
        await page
          .locator('.bbb-condition[data-condition="shock"] .bbb-condition-label')
          .textContent(),
      ).toBe("Shock \u22123");
      expect(await page.locator(".bbb-condition i").count()).toBe(0);
      expect(
        await page
          .locator('.bbb-condition[data-condition="shock"] .bbb-condition-until')
          .evaluate((e) => getComputedStyle(e).fontStyle),
      ).toBe("italic");
      // The encounter record's fields say the fight governs, and that its end writes back.
      await expect(page.locator(".bbb-m2m-in-fight").textContent()).resolves.toMatch(
        /^In a fight: the fight's own state governs/,
      );
      expect(await page.locator(".bbb-m2m-in-fight").isVisible()).toBe(true);
      expect(await missingKeys(page)).toEqual([]);
      expect(await headerFits(page)).toBe(true);
      await screenshot(page, "m2m-held-sheet-fight");
    } finally {
      await page.close();
    }
  });

  it("outside a fight: the encounter record's conditions, as a fight starts them", async () => {
    const page = await openActor(actorInput({}));
    try {
      expect((await page.locator(".bbb-condition").allTextContents()).map(clean)).toEqual([
        `Shock \u22122, until the end of ${NAME}'s next turn`,
        "Crippled left hand, for the encounter",
      ]);
      expect(await page.locator(".bbb-m2m-in-fight").count()).toBe(0);
      expect(await missingKeys(page)).toEqual([]);
      await screenshot(page, "m2m-held-sheet-record");
    } finally {
      await page.close();
    }
  });
});

describe("the m2m turn card: conditions with how long they last", () => {
  it("a turn start: stun recovery failed, the conditions still held with their durations", async () => {
    const b = newFighterBlock(10);
    F.data(b).conditions = [
      { condition: "stunned", cause: "wound", until: "recovered", armed: false },
      {
        condition: "crippled",
        cause: "wound",
        until: "encounter",
        location: "left-leg",
        armed: false,
      },
      { condition: "offBalance", cause: "criticalMiss", until: "nextTurn", armed: false },
    ];
    const out = runTurnEvent(m2mFlow, b, "turnStart", F.fixed({ stunRecovery: 12 }));
    const view = m2mTurnContext(
      { ...out, held: m2mBlockHeld(out.block) },
      F.DEFENDER_NAME,
      F.viewer("gm"),
      false,
    );
    const html = turnTemplate(localizeTree(view, localize, format), RUNTIME_OPTIONS);
    const page = await renderPage(browser, {
      html,
      classes: ["chat-sidebar"],
      width: 300,
      height: 500,
    });
    try {
      expect((await page.locator(".bbb-m2m-note").allTextContents()).map(clean)).toEqual([
        "No longer: Off balance",
        "Still: Stunned, until recovered; Crippled left leg, for the encounter",
        `${F.DEFENDER_NAME} cannot act this turn.`,
      ]);
      expect(await page.locator(".bbb-m2m-turn img").count()).toBe(0);
      expect(await missingKeys(page)).toEqual([]);
      await screenshot(page, "m2m-held-turn-card");
    } finally {
      await page.close();
    }
  });

  it("a condition that begins says how long it lasts", async () => {
    const out = runTurnEvent(
      m2mFlow,
      newFighterBlock(10, 0),
      "turnStart",
      F.fixed({ consciousness: 12 }),
    );
    const view = m2mTurnContext(
      { ...out, held: m2mBlockHeld(out.block) },
      F.DEFENDER_NAME,
      F.viewer("other"),
      false,
    );
    const html = turnTemplate(localizeTree(view, localize, format), RUNTIME_OPTIONS);
    const page = await renderPage(browser, {
      html,
      classes: ["chat-sidebar"],
      width: 300,
      height: 400,
    });
    try {
      expect((await page.locator(".bbb-m2m-note").allTextContents()).map(clean)).toEqual([
        "Now: Unconscious, until recovered",
        `${F.DEFENDER_NAME} is out of the fight.`,
      ]);
      await screenshot(page, "m2m-held-turn-card-began");
    } finally {
      await page.close();
    }
  });
});
