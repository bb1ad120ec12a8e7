/**
 * The maneuver dialog's templates (templates/dialog/maneuver.hbs, maneuver-summary.hbs and the
 * shared footer) rendered from the pure view model (src/foundry/combat/maneuver-form.ts) with
 * the system's real CSS in Chromium (issue 17): GURPS Man to Man's Basic list from the ruleset
 * (`M2M_TURNS`), the last maneuver, the posture and a weapon not ready; Ready shows the weapon
 * field, Change Position the positions; a submit without the field shows its message with
 * Choose marked disabled; the Advanced list with the world option; no localisation key
 * missing; names with HTML in them shown as text. Screenshots under
 * test-output/screenshots/dialog-maneuver*.png.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  initialManeuverDraft,
  maneuverDialogContext,
  type ManeuverDialogInput,
  type ManeuverDraft,
} from "../../src/foundry/combat/maneuver-form";
import { maneuverCardHtml, maneuverCardView } from "../../src/foundry/combat/maneuver-card";
import { M2M_TURNS } from "../../src/foundry/rulesets/m2m/turns";
import { newFighterBlock } from "../../src/rules/m2m/flow";
import { format, localize } from "../foundry/stand-ins/handlebars";
import { launch, missingKeys, renderPage, renderTemplate, screenshot } from "./harness";

type Obj = Record<string, unknown>;

const XSS = `<img src=x onerror="window.__xss=1">`;
const AXE = "m2mItemAxe000001";
const KNIFE = "m2mItemKnife0001";

/** Friedrick's block after a swing with his axe (unready one turn) and a kneel. */
function block() {
  const b = newFighterBlock(14, 14);
  Object.assign(b.data, {
    turn: 3,
    maneuver: "attack",
    maneuverTurn: 2,
    posture: "kneeling",
    weapons: { [AXE]: { place: "hand", turnsToReady: 1, stuck: "no", broken: false } },
  });
  return b;
}

function input(advanced = false): ManeuverDialogInput {
  return {
    name: `Fiendish Friedrick ${XSS}`,
    options: M2M_TURNS.maneuvers.list({ advancedManeuvers: advanced }),
    weapons: [
      { id: AXE, name: `Axe ${XSS}` },
      { id: KNIFE, name: "Large knife" },
    ],
    postures: M2M_TURNS.maneuvers.postures,
    foes: [
      { id: "combatantPierre1", name: `Filthy Pierre ${XSS}` },
      { id: "combatantOrc0001", name: "Orc" },
    ],
    current: M2M_TURNS.maneuvers.view(block()),
  };
}

function context(draft: Partial<ManeuverDraft> = {}, touched = false, advanced = false): Obj {
  return {
    ...maneuverDialogContext(
      input(advanced),
      { ...initialManeuverDraft(), ...draft },
      localize,
      format,
      touched,
    ),
    submitLabel: "BLOWBYBLOW.Maneuver.submit",
  };
}

const html = (ctx: Obj) =>
  [
    ["maneuver", "form"],
    ["maneuver-summary", "breakdown"],
    ["footer", "footer"],
  ]
    .map(([file, part]) =>
      renderTemplate(`templates/dialog/${file}.hbs`, { ...ctx, partId: `bbb-maneuver-1-${part}` }),
    )
    .join("\n");

async function open(ctx: Obj, name: string): Promise<Page> {
  const page = await renderPage(browser, {
    html: html(ctx),
    classes: ["bbb-dialog", "bbb-maneuver-dialog"],
    width: 420,
    height: 760,
  });
  await screenshot(page, `dialog-${name}`);
  return page;
}

const texts = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe("the maneuver dialog in Chromium", () => {
  it("lists the Basic maneuvers, the last maneuver, the posture and the unready axe", async () => {
    const page = await open(context(), "maneuver");
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await page.locator(".bbb-dialog-heading").textContent()).toBe(
        `Fiendish Friedrick ${XSS}'s turn: choose a maneuver.`,
      );
      expect(await page.locator(".window-content img").count()).toBe(0);
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      // The Basic list (seed 004 §4.2, L1570-1694), in the book's order.
      expect(await texts(page, ".bbb-maneuvers .bbb-choice")).toEqual([
        "Move",
        "Change Position",
        "Ready",
        "Aim",
        "Attack",
        "All-Out Attack",
        "Feint",
        "Wait",
        "All-Out Defense",
        "Concentrate",
        "Long Action",
      ]);
      expect(await texts(page, ".bbb-maneuver-current span")).toEqual([
        "Last maneuver: Attack",
        "Kneeling",
      ]);
      expect(await texts(page, ".bbb-maneuver-unready li")).toEqual([
        `Axe ${XSS}: Unready: 1 Ready maneuver(s) to go`,
      ]);
      // Nothing chosen: no field beyond the list; Choose marked disabled, no message yet.
      expect(await page.locator('select[name="weapon"]').count()).toBe(0);
      expect(await page.locator('select[name="posture"]').count()).toBe(0);
      expect(await page.locator(".bbb-field-error:visible").count()).toBe(0);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("true");
    } finally {
      await page.close();
    }
  });

  it("Ready asks for the weapon: a submit without one shows why; with the axe, Choose is open", async () => {
    let page = await open(context({ maneuver: "ready" }, true), "maneuver-ready-missing");
    try {
      expect(await page.locator('input[name="maneuver"]:checked').inputValue()).toBe("ready");
      expect(await texts(page, 'select[name="weapon"] option')).toEqual([
        "",
        `Axe ${XSS}`,
        "Large knife",
      ]);
      expect(await texts(page, ".bbb-field-error:visible")).toEqual([
        "Choose the weapon to ready.",
      ]);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("true");
    } finally {
      await page.close();
    }
    page = await open(context({ maneuver: "ready", weapon: AXE }, true), "maneuver-ready");
    try {
      expect(await page.locator('select[name="weapon"]').inputValue()).toBe(AXE);
      expect(await page.locator(".bbb-field-error:visible").count()).toBe(0);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("false");
      expect(await page.locator(".bbb-maneuver-summary").textContent()).toBe("Ready");
    } finally {
      await page.close();
    }
  });

  it("Change Position lists the six positions; the Advanced list with the world option", async () => {
    let page = await open(
      context({ maneuver: "change-position", posture: "standing" }),
      "maneuver-position",
    );
    try {
      expect(await texts(page, 'select[name="posture"] option')).toEqual([
        "",
        "Standing",
        "Crouching",
        "Kneeling",
        "Crawling",
        "Sitting",
        "Lying down",
      ]);
      expect(await page.locator('select[name="posture"]').inputValue()).toBe("standing");
    } finally {
      await page.close();
    }
    page = await open(context({}, false, true), "maneuver-advanced");
    try {
      expect(await missingKeys(page)).toEqual([]);
      // The Advanced list (§4.3, L2033-2346).
      expect(await texts(page, ".bbb-maneuvers .bbb-choice")).toEqual([
        "Aim",
        "Change Position",
        "Step and Ready",
        "Step and Attack",
        "All-Out Attack",
        "Step and Feint",
        "Step and Concentrate",
        "Wait",
        "All-Out Defense",
        "Move",
        "Long Action",
      ]);
    } finally {
      await page.close();
    }
  });

  it("All-Out Attack asks for its option; (b) asks for the foe of its feint; Feint and Aim name a foe", async () => {
    let page = await open(context({ maneuver: "all-out-attack" }, true), "maneuver-all-out");
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await texts(page, ".bbb-maneuver-variants .bbb-choice")).toEqual([
        "(a) Two attacks on the same foe",
        "(b) A feint, then an attack",
        "(c) One attack at +4",
      ]);
      expect(await page.locator('select[name="foe"]').count()).toBe(0);
      expect(await texts(page, ".bbb-field-error:visible")).toEqual(["Choose one of the options."]);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("true");
    } finally {
      await page.close();
    }
    page = await open(
      context({ maneuver: "all-out-attack", variant: "feint-then-attack" }, true),
      "maneuver-all-out-feint",
    );
    try {
      expect(await page.locator('input[name="variant"]:checked').inputValue()).toBe(
        "feint-then-attack",
      );
      expect(await texts(page, 'select[name="foe"] option')).toEqual([
        "",
        `Filthy Pierre ${XSS}`,
        "Orc",
      ]);
      expect(await texts(page, ".bbb-field-error:visible")).toEqual(["Choose the foe."]);
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    } finally {
      await page.close();
    }
    page = await open(
      context({ maneuver: "feint", foe: "combatantOrc0001" }, true),
      "maneuver-feint",
    );
    try {
      expect(await page.locator('select[name="foe"]').inputValue()).toBe("combatantOrc0001");
      expect(await page.locator(".bbb-field-error:visible").count()).toBe(0);
      expect(await page.locator("button.bbb-submit").getAttribute("aria-disabled")).toBe("false");
    } finally {
      await page.close();
    }
    page = await open(context({ maneuver: "aim", weapon: KNIFE }, true), "maneuver-aim");
    try {
      expect(await texts(page, ".bbb-maneuver-weapon .bbb-field-name")).toEqual(["Weapon to aim"]);
      expect(await texts(page, ".bbb-field-error:visible")).toEqual(["Choose the foe."]);
    } finally {
      await page.close();
    }
  });

  it("the maneuver card of a feint shows both checks and the outcome, names as text", async () => {
    const view = maneuverCardView(
      `Fiendish Friedrick ${XSS}`,
      {
        maneuverKey: "BLOWBYBLOW.M2M.Maneuver.feint",
        postureKey: "BLOWBYBLOW.M2M.Position.standing",
      },
      {
        block: block(),
        rolls: [],
        checks: [
          { key: "BLOWBYBLOW.M2M.Feint.feint", roll: "feint", target: 12, total: 9, success: true },
          {
            key: "BLOWBYBLOW.M2M.Feint.resistance",
            roll: "feintResistance",
            target: 13,
            total: 17,
            success: false,
          },
        ],
        summary: {
          key: "BLOWBYBLOW.M2M.Feint.won",
          data: { foe: `Filthy Pierre ${XSS}`, margin: "3", name: `Fiendish Friedrick ${XSS}` },
        },
      },
      { localize, format },
    );
    const page = await renderPage(browser, {
      html: maneuverCardHtml(view),
      classes: ["chat-sidebar"],
      width: 300,
      height: 220,
    });
    try {
      await screenshot(page, "chat-maneuver-feint");
      expect(await missingKeys(page)).toEqual([]);
      expect(await page.locator(".window-content img").count()).toBe(0);
      expect(await texts(page, ".bbb-maneuver-check")).toEqual([
        "Feint (weapon skill)9 / 12succeeds",
        "Resisting the feint (weapon skill or DX)17 / 13fails",
      ]);
      expect(await texts(page, ".bbb-maneuver-outcome")).toEqual([
        `The feint works: Filthy Pierre ${XSS} defends at −3 against Fiendish Friedrick ${XSS}'s next attack.`,
      ]);
      const colour = await page
        .locator(".bbb-failure .bbb-check-verdict")
        .evaluate((e) => getComputedStyle(e).color);
      expect(colour).toBe("rgb(139, 30, 30)");
    } finally {
      await page.close();
    }
  });

  it("in close combat the maneuvers L2805 rules out are greyed out with the reason (maneuver-close.png)", async () => {
    const inClose = block();
    Object.assign(inClose.data, { close: { foe: "Actor.pierre", since: 2 } });
    const closeInput = {
      ...input(),
      options: M2M_TURNS.maneuvers.list({ advancedManeuvers: false }, inClose),
    };
    const ctx = {
      ...maneuverDialogContext(closeInput, initialManeuverDraft(), localize, format),
      submitLabel: "BLOWBYBLOW.Maneuver.submit",
    };
    const page = await open(ctx, "maneuver-close");
    try {
      expect(await missingKeys(page)).toEqual([]);
      expect(await texts(page, ".bbb-maneuvers .bbb-choice-unavailable")).toEqual([
        "Aim (not possible in close combat)",
        "All-Out Attack (not possible in close combat)",
        "Feint (not possible in close combat)",
        "Wait (not possible in close combat)",
        "All-Out Defense (not possible in close combat)",
        "Concentrate (not possible in close combat)",
      ]);
      expect(await page.locator('input[name="maneuver"]:disabled').count()).toBe(6);
      expect(await page.locator('input[name="maneuver"][value="attack"]').isDisabled()).toBe(false);
      const opacity = await page
        .locator(".bbb-choice-unavailable")
        .first()
        .evaluate((e) => getComputedStyle(e).opacity);
      expect(opacity).toBe("0.55");
    } finally {
      await page.close();
    }
  });
});
