/**
 * The GURPS Man to Man sheets' templates (templates/m2m, with the shared actor and item header,
 * tabs and description templates) rendered in Chromium with every stylesheet of system.json,
 * from the pure contexts of src/foundry/rulesets/m2m/sheets (Fiendish Friedrick and his gear,
 * test/foundry/rulesets/m2m/sheet-fixtures.ts): every tab of the character and creature sheet,
 * the Limited view, and the item sheet of each m2m item kind; no lang key missing, names with
 * HTML shown as text, nothing wider than the sheet; each saved under test-output/screenshots/.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { format, localize } from "../foundry/stand-ins/handlebars";
import { launch, missingKeys, renderPage, renderTemplate, screenshot } from "./harness";
import {
  m2mActorContext,
  partsFor,
  partTab,
  type M2mActorContextInput,
} from "../../src/foundry/rulesets/m2m/sheets/actor/context";
import { itemPartsFor, m2mItemContext } from "../../src/foundry/rulesets/m2m/sheets/item/context";
import type { M2mItemType } from "../../src/foundry/rulesets/m2m/item-data";
import {
  ARMOUR_ID,
  AXE_ID,
  CROSSBOW_ID,
  friedrickBlock,
  friedrickDerived,
  friedrickItems,
  HTML_NAME,
  piecesDerived,
  piecesItems,
  SHIELD_ID,
  SWORD_ID,
} from "../foundry/rulesets/m2m/sheet-fixtures";
import { defaultM2mBlock } from "../../src/foundry/rulesets/m2m/character-data";

const ACTOR_FILE: Record<string, string> = {
  header: "templates/actor/header.hbs",
  tabs: "templates/actor/tabs.hbs",
  description: "templates/actor/description.hbs",
  limited: "templates/actor/limited.hbs",
};
const ITEM_FILE: Record<string, string> = {
  header: "templates/item/header.hbs",
  tabs: "templates/item/tabs.hbs",
  description: "templates/item/description.hbs",
  others: "templates/item/others.hbs",
};

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

function actorInput(over: Partial<M2mActorContextInput> = {}): M2mActorContextInput {
  const block = friedrickBlock();
  return {
    type: "character",
    name: "Fiendish <i>Friedrick</i>",
    img: "",
    system: { m2m: block, description: "<p>A mercenary.</p>" },
    derived: friedrickDerived(block),
    items: friedrickItems(),
    editable: true,
    localize,
    format,
    ...over,
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
    classes: ["actor", "m2m", input.type],
    width: 780,
    height: 900,
  });
}

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.querySelector(".window-content")!;
    const tab = document.querySelector<HTMLElement>(".tab.active");
    return el.scrollWidth <= el.clientWidth && (!tab || tab.scrollWidth <= tab.clientWidth + 1);
  });
}

const trim = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, " ").trim());

describe("GURPS actor sheet", () => {
  it("attributes tab: scores with point costs, race, advantages, the point total; the name as text", async () => {
    const page = await openActor(actorInput({ activeTab: "attributes" }));
    expect(await page.locator("input.bbb-actor-name").inputValue()).toBe(
      "Fiendish <i>Friedrick</i>",
    );
    expect(await page.locator(".bbb-actor-title i").count()).toBe(0);
    expect(trim(await page.locator(".bbb-m2m-cost").allTextContents())).toEqual([
      "Cost 20",
      "Cost 20",
      "Cost 0",
      "Cost 45",
    ]);
    expect(await page.locator('input[name="system.m2m.attributes.ht"]').inputValue()).toBe("14");
    expect(await page.locator('[data-points="total"] dd').textContent()).toBe("100");
    expect(await page.locator(".bbb-m2m-advantages tbody tr").count()).toBe(4);
    // Left-handed (L522, ruling M132): a checkbox on the block's field, unticked for Friedrick.
    const left = page.locator('input[type="checkbox"][name="system.m2m.leftHanded"]');
    expect(await left.isChecked()).toBe(false);
    expect(await left.isEnabled()).toBe(true);
    expect(trim(await page.locator(".bbb-m2m-left-handed").allTextContents())).toEqual([
      "Left-handed",
    ]);
    expect(
      trim(await page.locator(".bbb-condition .bbb-condition-label").allTextContents()),
    ).toEqual(["Shock −2", "Crippled left hand"]);
    // Each with how long it lasts (as a fight would start it, ruling M125).
    expect(
      trim(await page.locator(".bbb-condition .bbb-condition-until").allTextContents()),
    ).toEqual([", until the end of Fiendish <i>Friedrick</i>'s next turn", ", for the encounter"]);
    expect(await page.locator(".bbb-stat-hp dd").textContent()).toBe("9/14");
    expect(await page.locator(".bbb-tab-attributes").isVisible()).toBe(true);
    expect(await page.locator(".bbb-tab-skills").isVisible()).toBe(false);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "m2m-actor-attributes");
    await page.close();
  });

  it("skills tab: points, level, default, effective level with its story", async () => {
    const page = await openActor(actorInput({ activeTab: "skills" }));
    const axe = page.locator('tr[data-skill="axe-mace"]');
    expect(await axe.locator('input[name="system.m2m.skills.0.points"]').inputValue()).toBe("8");
    expect(await axe.locator(".bbb-m2m-effective").textContent()).toBe("12");
    expect(await axe.locator(".bbb-m2m-effective").getAttribute("data-tooltip")).toBe(
      "Skill level 14, Large shield −2",
    );
    expect(
      trim(await page.locator(".bbb-m2m-weapon-skill td").allTextContents()).slice(0, 5),
    ).toEqual(["Crossbow", "Easy", "0", "8", "default from DX"]);
    expect(await page.locator('button[data-action="addSkill"]').isVisible()).toBe(true);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "m2m-actor-skills");
    await page.close();
  });

  it("combat tab: weapons with damage by mode and Parry, defences, PD/DR, trackers, conditions; a weapon name with HTML as text", async () => {
    const page = await openActor(actorInput({ activeTab: "combat" }));
    const axe = page.locator(`tbody[data-item-id="${AXE_ID}"]`);
    expect(await axe.locator(".bbb-item-link").textContent()).toBe(HTML_NAME);
    expect(await axe.locator("b, img").count()).toBe(0);
    expect(await axe.locator(".bbb-m2m-level").textContent()).toBe("12");
    expect(trim(await axe.locator(".bbb-m2m-parry").allTextContents())).toEqual(["6"]);
    expect(trim(await axe.locator(".bbb-m2m-damage").allTextContents())).toEqual(["1d+4 cutting"]);
    expect(await page.locator(`tbody[data-item-id="${CROSSBOW_ID}"]`).count()).toBe(1);
    expect(await page.locator(".bbb-m2m-figure-dodge dd").textContent()).toBe("5");
    expect(await page.locator(".bbb-m2m-figure-block dd").textContent()).toBe("4");
    expect(await page.locator(".bbb-m2m-figure-pd dd").textContent()).toBe("7");
    expect(await page.locator(".bbb-m2m-figure-dr dd").textContent()).toBe("4");
    const hp = page.locator(".bbb-m2m-hp");
    expect(await hp.locator('input[name="system.m2m.hp"]').inputValue()).toBe("9");
    expect(await hp.locator('[data-threshold="-14"]').textContent()).toContain("HT roll or die");
    expect(await hp.locator('[data-threshold="-140"]').textContent()).toContain("Body destroyed");
    expect(await page.locator('input[name="bbb.crippled.left-hand"]').isChecked()).toBe(true);
    expect(await page.locator('input[name="system.m2m.encounter.shock"]').inputValue()).toBe("2");
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "m2m-actor-combat");
    await page.close();
  });

  it("combat tab: PD and DR on every hit location, from behind where the breastplate counts, the worn pieces by name", async () => {
    const block = friedrickBlock();
    const page = await openActor(
      actorInput({ activeTab: "combat", items: piecesItems(), derived: piecesDerived(block) }),
    );
    const rows = page.locator(".bbb-m2m-locations tr.bbb-m2m-location");
    expect(await rows.count()).toBe(12);
    const row = (id: string) => page.locator(`tr.bbb-m2m-location[data-location="${id}"]`);
    const cells = async (id: string) =>
      trim(await row(id).locator(".bbb-m2m-location-pd, .bbb-m2m-location-dr").allTextContents());
    expect(await cells("head")).toEqual(["3", "5"]);
    expect(await cells("face")).toEqual(["0", "1"]);
    expect(await cells("torso")).toEqual(["4", "6"]);
    expect(trim(await row("head").locator(".bbb-m2m-piece").allTextContents())).toEqual([
      "Pot-helm",
    ]);
    expect(trim(await row("torso").locator(".bbb-m2m-piece").allTextContents())).toEqual([
      "Breastplate (steel)",
      "Cloth armor",
    ]);
    expect(await row("torso").locator(".bbb-m2m-from-behind").textContent()).toBe(
      "from behind: PD 1, DR 1",
    );
    expect(await row("face").locator(".bbb-m2m-pieces").textContent()).toContain("none");
    expect(await row("head").locator(".bbb-m2m-location-dr").getAttribute("data-tooltip")).toMatch(
      /Armour \+4/,
    );
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await page.locator(".bbb-m2m-locations").scrollIntoViewIfNeeded();
    await screenshot(page, "m2m-actor-locations");
    await page.close();
  });

  it("description tab, a creature, a Limited viewer, and a sheet without figures", async () => {
    let page = await openActor(
      actorInput({ activeTab: "description", enrichedDescription: "<p>A mercenary.</p>" }),
    );
    expect(await page.locator(".bbb-tab-description").isVisible()).toBe(true);
    await screenshot(page, "m2m-actor-description");
    await page.close();

    const creature = {
      ...defaultM2mBlock("creature"),
      attributes: { st: 14, dx: 13, iq: 4, ht: 12 },
      hp: 12,
    };
    page = await openActor(
      actorInput({
        type: "creature",
        name: "Wolf",
        system: { m2m: creature },
        derived: null,
        activeTab: "combat",
        items: [],
      }),
    );
    expect(await page.locator(".bbb-actor-type").textContent()).toBe(
      "GURPS Man to Man creature sheet",
    );
    expect(await page.locator(".bbb-derivation-error").textContent()).toContain("not available");
    expect(await missingKeys(page)).toEqual([]);
    await screenshot(page, "m2m-creature-combat");
    await page.close();

    page = await openActor(actorInput({ limited: true, editable: false }));
    expect(await page.locator(".bbb-tabs").count()).toBe(0);
    expect(await page.locator(".bbb-limited").count()).toBe(1);
    await screenshot(page, "m2m-actor-limited");
    await page.close();
  });
});

describe("GURPS item sheets", () => {
  async function openItem(id: string, isGM = true): Promise<Page> {
    const item = friedrickItems().find((i) => i.id === id)!;
    const context = m2mItemContext({
      type: item.type as M2mItemType,
      system: item.system as never,
      id,
      name: item.name,
      img: "",
      editable: true,
      isGM,
      localize,
      format,
    });
    const html = itemPartsFor(item.type as M2mItemType, false, isGM)
      .map((p) =>
        renderTemplate(ITEM_FILE[p] ?? `templates/m2m/item/${p}.hbs`, { ...context, partId: p }),
      )
      .join("\n");
    return renderPage(browser, {
      html,
      classes: ["item", "m2m", item.type],
      width: 640,
      height: 700,
    });
  }

  it("weapon: the modes table with reaches and flags; the name with HTML as text", async () => {
    const page = await openItem(AXE_ID);
    expect(await page.locator("input.bbb-item-name").inputValue()).toBe(HTML_NAME);
    expect(await page.locator(".bbb-m2m-mode").count()).toBe(1);
    expect(await page.locator('select[name="system.m2m.modes.0.skill"]').inputValue()).toBe(
      "axe-mace",
    );
    expect(await page.locator('input[name="bbb.reach.0.1"]').isChecked()).toBe(true);
    expect(await page.locator(".bbb-m2m-shield").count()).toBe(0);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "m2m-item-weapon");
    await page.close();
  });

  it("shield: its size, PD, DR and hits", async () => {
    const page = await openItem(SHIELD_ID);
    expect(await page.locator('select[name="system.m2m.shield.size"]').inputValue()).toBe("large");
    expect(await page.locator('input[name="system.m2m.shield.pd"]').inputValue()).toBe("4");
    expect(await missingKeys(page)).toEqual([]);
    await screenshot(page, "m2m-item-shield");
    await page.close();
  });

  it("missile weapon: skill, damage and the range formulas", async () => {
    const page = await openItem(CROSSBOW_ID);
    expect(await page.locator('select[name="system.m2m.skill"]').inputValue()).toBe("crossbow");
    expect(await page.locator(".bbb-m2m-ranges tbody tr").count()).toBeGreaterThanOrEqual(2);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "m2m-item-missile");
    await page.close();
  });

  it("armour: the locations grid, every location covered by the suit", async () => {
    const page = await openItem(ARMOUR_ID);
    expect(await page.locator(".bbb-m2m-locations tbody tr").count()).toBe(6);
    expect(await page.locator('input[name^="bbb.covered."]:checked').count()).toBe(6);
    expect(await page.locator('input[name="system.m2m.locations.1.dr"]').inputValue()).toBe("4");
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "m2m-item-armour");
    await page.close();
  });

  it("the broadsword's HM3 block: listed for a GM with HM3's labels, absent for a player", async () => {
    let page = await openItem(SWORD_ID, true);
    await page.locator(".bbb-other-blocks summary").click();
    const table = page.locator('.bbb-other-blocks [data-block="hm3"]');
    expect(await table.locator("caption").textContent()).toBe("HârnMaster 3");
    const rows = table.locator("tbody tr");
    expect(await rows.locator("td").allTextContents()).toEqual([
      "Sword",
      "12",
      "15",
      "10",
      "3",
      "5",
      "3",
      "—",
      "one",
      "No",
    ]);
    expect(await table.locator('tr[data-path="impact.edge"] th').textContent()).toBe(
      `${localize("BLOWBYBLOW.HM3.Weapon.FIELDS.hm3.impact.label")} › ${localize("BLOWBYBLOW.HM3.Weapon.FIELDS.hm3.impact.edge.label")}`,
    );
    expect(await table.locator("input, select").count()).toBe(0);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "m2m-item-other-blocks");
    await page.close();
    page = await openItem(SWORD_ID, false);
    expect(await page.locator(".bbb-other-blocks").count()).toBe(0);
    await page.close();
  });
});
