/**
 * The item sheet templates rendered from prepared context (src/foundry/rulesets/hm3/sheets/item/context.ts)
 * with the system's real CSS in Chromium: every type's parts show their data, an absent
 * aspect shows "—" (not 0), no localisation key is missing, user text is escaped, and a
 * screenshot of each sheet is saved under test-output/screenshots/item-<type>.png.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localize } from "../foundry/stand-ins/handlebars";
import {
  itemContext,
  partsFor,
  type ItemContextInput,
  type ItemSheetContext,
} from "../../src/foundry/rulesets/hm3/sheets/item/context";
import { syncCoverageBoxes } from "../../src/foundry/rulesets/hm3/sheets/item/coverage-dom";
import { ITEM_TYPES, type ItemType } from "../../src/foundry/rulesets/hm3/sheets/item/labels";
import {
  aldric,
  aldricDerived,
  BROADSWORD,
  IDS,
  itemSource,
  NAMES,
} from "../foundry/item-sheet-fixtures";
import { handWeaponBlock, handWeaponItems } from "../../src/foundry/rulesets/m2m/item-tables";
import { launch, missingKeys, renderPage, renderTemplate, screenshot } from "./harness";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** The sheet's parts for a type (a GM's: with the other blocks), rendered and joined as Foundry places them. */
function sheetHtml(context: ItemSheetContext, type: ItemType, gm = false): string {
  return partsFor(type, context.limited, gm)
    .map((part) =>
      renderTemplate(`templates/item/${part}.hbs`, { ...context, partId: `item-${part}` }),
    )
    .join("\n");
}

function input(type: ItemType, extra: Partial<ItemContextInput> = {}): ItemContextInput {
  return {
    ...itemSource(type),
    id: IDS[type],
    name: NAMES[type],
    img: "icons/svg/item-bag.svg",
    editable: true,
    limited: false,
    localize,
    ...extra,
  } as ItemContextInput;
}

async function open(type: ItemType, extra: Partial<ItemContextInput> = {}): Promise<Page> {
  const context = itemContext(input(type, extra));
  return renderPage(browser, {
    html: sheetHtml(context, type, extra.isGM === true),
    classes: ["item", type],
    width: 560,
    height: 720,
  });
}

const value = (page: Page, name: string) => page.locator(`[name="${name}"]`).inputValue();
const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? "").trim();

describe("item sheets in Chromium", () => {
  it.each(ITEM_TYPES)("renders the %s sheet with no missing key", async (type) => {
    const owned = type === "weapon" || type === "missile" || type === "skill";
    const page = await open(type, owned ? { owner: aldric() } : {});
    try {
      await screenshot(page, `item-${type}`);
      expect(await missingKeys(page)).toEqual([]);
      expect(await value(page, "name")).toBe(NAMES[type]);
      // The details tab is shown, the description tab hidden until chosen.
      await expect(page.locator('[data-tab="details"].tab').isVisible()).resolves.toBe(true);
      await expect(page.locator('[data-tab="description"].tab').isVisible()).resolves.toBe(false);
    } finally {
      await page.close();
    }
  });

  it("shows the broadsword's values, and — for its absent Fire aspect", async () => {
    const page = await open("weapon", { owner: aldric() });
    try {
      expect(await value(page, "system.hm3.wq")).toBe("12");
      expect(await value(page, "system.hm3.attack")).toBe("15");
      expect(await value(page, "system.hm3.defence")).toBe("10");
      expect(await value(page, "system.hm3.impact.blunt")).toBe("3");
      expect(await value(page, "system.hm3.impact.edge")).toBe("5");
      expect(await value(page, "system.hm3.impact.point")).toBe("3");
      expect(await value(page, "system.hm3.impact.fire")).toBe("");
      expect(await text(page, '[data-aspect="fire"] .bbb-impact-value')).toBe("—");
      expect(await text(page, '[data-aspect="edge"] .bbb-impact-value')).toBe("5");
      await expect(
        page.locator('[data-aspect="fire"]').evaluate((el) => el.classList.contains("bbb-absent")),
      ).resolves.toBe(true);
      const derived = aldricDerived().weapons[IDS.weapon]!;
      expect(await text(page, '[data-derived="aml"]')).toBe(String(derived.aml));
      expect(await text(page, '[data-derived="dml"]')).toBe(String(derived.dml));
      expect(await text(page, '[data-derived="attackEml"]')).toBe(String(derived.attackEml.value));
      expect(await page.locator("datalist option").count()).toBe(2);
      expect(await text(page, ".bbb-owner h3")).toBe("For Aldric");
    } finally {
      await page.close();
    }
  });

  it("shows the missile's bands, range EML modifiers and velocity hint", async () => {
    const page = await open("missile", { owner: aldric() });
    try {
      expect(await value(page, "system.hm3.ranges.extreme.range")).toBe("160");
      expect(await value(page, "system.hm3.ranges.medium.impact")).toBe("5");
      const mods = await page.locator(".bbb-eml-mod").allTextContents();
      expect(mods.map((m) => m.trim())).toEqual(["+0", "−20", "−40", "−80"]);
      const emls = await page.locator(".bbb-eml").allTextContents();
      const derived = aldricDerived().missiles[IDS.missile]!;
      expect(emls.map((e) => e.trim())).toEqual(derived.bands.map((b) => String(b.eml.value)));
      expect(await text(page, ".bbb-velocity-hint")).toContain("half ML");
      expect(await page.locator('[name="system.hm3.velocity"]').inputValue()).toBe("low");
    } finally {
      await page.close();
    }
  });

  it("shows the armour's layer protection and its coverage boxes", async () => {
    const page = await open("armour");
    try {
      const layer = await page.locator(".bbb-layer-row td").allTextContents();
      expect(layer.map((v) => v.trim())).toEqual(["3", "9", "6", "2"]);
      expect(await page.locator('[name="system.hm3.material"]').inputValue()).toBe("mail");
      const checked = (name: string) => page.locator(`[name="${name}"]`).isChecked();
      expect(await checked("bbb.coverage.thorax.both")).toBe(true);
      expect(await checked("bbb.coverage.shoulder.both")).toBe(true);
      expect(await checked("bbb.coverage.shoulder.right")).toBe(true);
      expect(await checked("bbb.coverage.thigh.left")).toBe(true);
      expect(await checked("bbb.coverage.thigh.right")).toBe(false);
      expect(await checked("bbb.coverage.thigh.both")).toBe(false);
      expect(await checked("bbb.coverage.skull.both")).toBe(false);
      expect(await page.locator('[name="bbb.coverage.skull.left"]').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it("keeps a paired location's both box and side boxes in step as they are clicked", async () => {
    const page = await open("armour");
    try {
      // The sheet attaches this listener to the armour part (Hm3ItemSheet#_attachPartListeners).
      await page.evaluate(
        `(${syncCoverageBoxes.toString()})(document.querySelector(".bbb-coverage"))`,
      );
      const box = (name: string) => page.locator(`[name="bbb.coverage.${name}"]`);
      await box("forearm.both").check();
      expect(await box("forearm.left").isChecked()).toBe(true);
      expect(await box("forearm.right").isChecked()).toBe(true);
      await box("forearm.left").uncheck();
      expect(await box("forearm.both").isChecked()).toBe(false);
      expect(await box("forearm.right").isChecked()).toBe(true);
      await box("thigh.right").check();
      expect(await box("thigh.both").isChecked()).toBe(true);
      await box("shoulder.both").uncheck();
      expect(await box("shoulder.left").isChecked()).toBe(false);
      expect(await box("shoulder.right").isChecked()).toBe(false);
    } finally {
      await page.close();
    }
  });

  it("shows the skill's attributes and the injury's location and code", async () => {
    const skill = await open("skill", { owner: aldric() });
    try {
      expect(await skill.locator('[name="bbb.sbAttributes.0"]').inputValue()).toBe("str");
      expect(await skill.locator('[name="bbb.sbAttributes.2"]').inputValue()).toBe("dex");
      expect(await value(skill, "system.hm3.ml")).toBe("60");
      const derived = aldricDerived().skills[IDS.skill]!;
      expect(await text(skill, '[data-derived="eml"]')).toBe(String(derived.eml.value));
    } finally {
      await skill.close();
    }
    const injury = await open("injury");
    try {
      const select = injury.locator('[name="system.hm3.location"]');
      expect(await select.inputValue()).toBe("left-forearm");
      expect(await select.locator("option:checked").textContent()).toBe("Left Forearm");
      expect(await value(injury, "bbb.code")).toBe("S2");
      expect(await value(injury, "system.hm3.healingRate")).toBe("4");
    } finally {
      await injury.close();
    }
  });

  it("shows a hostile item name as text, editable or not", async () => {
    const name = "<img src=x onerror=alert(1)>";
    for (const editable of [true, false]) {
      const page = await open("gear", { name, editable, limited: !editable });
      try {
        expect(await page.locator("img[src='x']").count()).toBe(0);
        if (editable) expect(await value(page, "name")).toBe(name);
        else expect(await text(page, "h1.bbb-item-name")).toBe(name);
        expect(await page.locator(".bbb-item-img").getAttribute("alt")).toBe(`Image of ${name}`);
      } finally {
        await page.close();
      }
    }
  });

  it("shows a GM the broadsword's GURPS Man to Man block, read-only, with m2m's labels; a player not", async () => {
    const row = handWeaponItems().find((i) => i.id === "broadsword")!;
    const hostile = `<img src=x onerror="window.__xss=1">`;
    const m2m = { ...handWeaponBlock(row), ref: `L4307 ${hostile}` };
    const system = { ...structuredClone(BROADSWORD), m2m };
    const name = `<b>Broad</b>${hostile}`;
    const page = await open("weapon", { system, name, isGM: true });
    try {
      const list = page.locator(".bbb-other-blocks");
      expect(await list.count()).toBe(1);
      await list.locator("summary").click();
      expect(await list.locator("summary").textContent()).toBe("Other rulesets' data");
      const table = list.locator('table[data-block="m2m"]');
      expect(await table.locator("caption").textContent()).toBe("GURPS Man to Man");
      expect(await list.locator('table[data-block="hm3"]').count()).toBe(0);
      const cell = (path: string) => table.locator(`tr[data-path="${path}"] td`).textContent();
      const head = (path: string) => table.locator(`tr[data-path="${path}"] th`).textContent();
      // Seed 004 L4307: the broadsword swings sw+1 cutting and thrusts thr+1 crushing, $500, 3 lb.
      expect(await cell("cost")).toBe("500");
      expect(await cell("weight")).toBe("3");
      expect(await cell("modes.0.base")).toBe("sw");
      expect(await cell("modes.0.type")).toBe("cut");
      expect(await cell("modes.1.base")).toBe("thr");
      expect(await cell("modes.1.type")).toBe("cr");
      expect(await cell("modes.0.md")).toBe("—");
      expect(await cell("breakResistant")).toBe("No");
      expect(await head("modes.1.type")).toBe(
        `${localize("BLOWBYBLOW.M2M.Weapon.FIELDS.m2m.modes.label")} 2 › ${localize("BLOWBYBLOW.M2M.Weapon.FIELDS.m2m.modes.element.type.label")}`,
      );
      // Text from users shows as text: the stored value and the name, no element made of them.
      expect(await cell("ref")).toBe(`L4307 ${hostile}`);
      expect(await page.locator("img[src='x']").count()).toBe(0);
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      expect(await value(page, "name")).toBe(name);
      expect(await table.locator("input, select, textarea").count()).toBe(0);
      // The HM3 details stay in full view above it.
      expect(await page.locator('[name="system.hm3.wq"]').isVisible()).toBe(true);
      expect(await missingKeys(page)).toEqual([]);
      const fits = await page.evaluate(() => {
        const el = document.querySelector(".bbb-other-blocks")!;
        return el.scrollWidth <= el.clientWidth + 1;
      });
      expect(fits).toBe(true);
      await screenshot(page, "item-weapon-other-blocks");
    } finally {
      await page.close();
    }
    const player = await open("weapon", { system, isGM: false });
    try {
      expect(await player.locator(".bbb-other-blocks").count()).toBe(0);
      expect(await player.locator('[name="system.hm3.wq"]').isVisible()).toBe(true);
    } finally {
      await player.close();
    }
  });

  it("renders only the header for a Limited viewer", async () => {
    const page = await open("weapon", { limited: true, editable: false });
    try {
      expect(await page.locator(".bbb-item-header").count()).toBe(1);
      expect(await page.locator(".tab").count()).toBe(0);
      expect(await page.locator("input, select").count()).toBe(0);
      expect(await missingKeys(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
