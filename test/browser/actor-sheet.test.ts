/**
 * The actor sheet templates rendered with their real CSS in Chromium, from contexts built by
 * the pure context builders out of realistic fixtures (a knight in mail and plate with sword,
 * shield, longbow and two injuries; a war dog with its own six-location plan). Each tab shows
 * its data, no localisation key is missing, a limited viewer sees only the header and the
 * limited part, user text stays text, and every tab is saved as a screenshot under
 * test-output/screenshots/.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  actorContext,
  partContext,
  partsFor,
  tabsFor,
  type ActorContextInput,
  type ActorSheetContext,
  type SheetItem,
} from "../../src/foundry/rulesets/hm3/sheets/actor/context";
import {
  skillSubject,
  testCard,
  weaponSubject,
} from "../../src/foundry/rulesets/hm3/sheets/actor/tests";
import { syncZoneSums } from "../../src/foundry/rulesets/hm3/sheets/actor/plan-dom";
import { zoneStatus } from "../../src/rules/hm3/body-plan";
import {
  derive,
  dogInput,
  dogSystem,
  DOG_ITEMS,
  KNIGHT_ITEMS,
  KNIGHT_SYSTEM,
  knightInput,
  quadrupedPlan,
} from "../foundry/actor-sheet-fixtures";
import { format, localize } from "../foundry/stand-ins/handlebars";
import { launch, missingKeys, renderPage, renderTemplate, screenshot } from "./harness";

const FILE: Record<string, string> = { bodyPlan: "body-plan" };

/** The whole sheet as Foundry assembles it: each visible part rendered with its context. */
function sheetHtml(context: ActorSheetContext): string {
  const parts = partsFor(context.type, context.limited);
  return parts
    .map((p) => renderTemplate(`templates/actor/${FILE[p] ?? p}.hbs`, partContext(context, p)))
    .join("\n");
}

/** Text contents without the template's indentation. */
const trim = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, " ").trim());

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function open(input: ActorContextInput, height = 820): Promise<Page> {
  const context = actorContext(input);
  return renderPage(browser, {
    html: sheetHtml(context),
    classes: ["actor", input.type],
    width: input.type === "creature" ? 860 : 780,
    height,
  });
}

/** The window content does not scroll sideways (nothing wider than the sheet). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.querySelector(".window-content")!;
    const tab = document.querySelector<HTMLElement>(".tab.active");
    return el.scrollWidth <= el.clientWidth && (!tab || tab.scrollWidth <= tab.clientWidth + 1);
  });
}

describe("character sheet", () => {
  const derived = derive(KNIGHT_SYSTEM, KNIGHT_ITEMS);

  it("attributes tab: the header figures and the twelve attributes", async () => {
    const page = await open(knightInput({ activeTab: "attributes" }));
    await expect(page.locator(".bbb-stat-endurance dd").textContent()).resolves.toBe(
      String(derived.endurance),
    );
    await expect(page.locator(".bbb-stat-pp dd").textContent()).resolves.toBe(String(derived.pp));
    await expect(page.locator(".bbb-stat-initiative").getAttribute("data-tooltip")).resolves.toBe(
      `ML 60, Physical Penalty \u2212${5 * derived.pp}`,
    );
    const str = page.locator('input[name="system.hm3.attributes.str"]');
    await expect(str.inputValue()).resolves.toBe("16");
    expect(await str.isVisible()).toBe(true);
    expect(await page.locator('input[name^="system.hm3.attributes."]').count()).toBe(12);
    await expect(page.locator(".bbb-attribute-abbr").allTextContents().then(trim)).resolves.toEqual(
      ["STR", "STA", "DEX", "AGL", "EYE", "HRG", "SML", "VOI", "INT", "AUR", "WIL", "CML"],
    );
    expect(await page.locator(".bbb-tab-skills").isVisible()).toBe(false);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "actor-character-attributes");
    await page.close();
  });

  it("skills tab: grouped skills with ML and an EML button with its story", async () => {
    const page = await open(knightInput({ activeTab: "skills" }));
    await expect(
      page.locator(".bbb-skill-group caption").allTextContents().then(trim),
    ).resolves.toEqual(["Physical", "Combat", "Lore"]);
    const sword = page.locator('tr[data-item-id="skSword000000001"]');
    expect(await sword.isVisible()).toBe(true);
    const ml = sword.locator(".bbb-ml input.bbb-ml-input");
    await expect(ml.inputValue()).resolves.toBe("65");
    await expect(ml.getAttribute("data-item-id")).resolves.toBe("skSword000000001");
    await expect(ml.getAttribute("data-item-field")).resolves.toBe("system.hm3.ml");
    await expect(ml.getAttribute("name")).resolves.toBeNull();
    await expect(ml.getAttribute("aria-label")).resolves.toBe("Mastery Level of Sword");
    const eml = sword.locator("button.bbb-eml");
    await expect(eml.textContent()).resolves.toBe(
      String(derived.skills.skSword000000001!.eml.value),
    );
    await expect(eml.getAttribute("data-tooltip")).resolves.toBe(
      `ML 65, Physical Penalty \u2212${5 * derived.pp}`,
    );
    await expect(eml.getAttribute("data-action")).resolves.toBe("rollSkill");
    expect(await page.locator(".bbb-tab-attributes").isVisible()).toBe(false);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "actor-character-skills");
    await page.close();
  });

  it("combat tab: AML/DML, impact buttons, missile bands and the body diagram", async () => {
    const page = await open(knightInput({ activeTab: "combat" }), 1100);
    const sword = page.locator('.bbb-weapons tr[data-item-id="wpSword000000001"]');
    await expect(sword.locator(".bbb-aml").textContent()).resolves.toBe("70");
    await expect(sword.locator(".bbb-dml").textContent()).resolves.toBe("65");
    await expect(sword.locator(".bbb-impact").allTextContents().then(trim)).resolves.toEqual([
      "B 3",
      "E 5",
      "P 3",
    ]);
    const edge = sword.locator('[data-aspect="edge"]');
    expect(await edge.isVisible()).toBe(true);
    await expect(edge.getAttribute("data-tooltip")).resolves.toBe("Edge, impact 5");
    // One Attack button per weapon: it opens the attack dialog with the weapon chosen.
    expect(await sword.locator("button[data-action=attack]").isVisible()).toBe(true);
    const shield = page.locator('.bbb-weapons tr[data-item-id="wpShield00000001"]');
    await expect(shield.locator(".bbb-shield-tag").textContent()).resolves.toBe("Shield");
    const bow = page.locator('.bbb-missile[data-item-id="msLongbow0000001"]');
    await expect(bow.locator("tbody tr").count()).resolves.toBe(4);
    await expect(
      bow.locator('tr[data-band="long"] td').allTextContents().then(trim),
    ).resolves.toEqual([
      "Long",
      "100",
      "P 7",
      String(derived.missiles.msLongbow0000001!.bands[2]!.eml.value),
    ]);

    // Body diagram: one shape per sided location, armour from the core, injuries by colour.
    expect(await page.locator(".bbb-body-svg g.bbb-location").count()).toBe(26);
    const skullEdge = page.locator(
      '.bbb-armour-table tr[data-location="skull"] td[data-aspect="edge"]',
    );
    await expect(skullEdge.textContent()).resolves.toBe(String(derived.armour.skull!.edge));
    expect(derived.armour.skull!.edge).toBeGreaterThan(0);
    const forearm = page.locator('g.bbb-location[data-location="left-forearm"]');
    await expect(forearm.getAttribute("class")).resolves.toContain("bbb-injury-S");
    const fill = (loc: string) =>
      page
        .locator(`g.bbb-location[data-location="${loc}"] rect`)
        .evaluate((el) => getComputedStyle(el).fill);
    expect(await fill("left-forearm")).toBe("rgb(224, 123, 36)");
    expect(await fill("right-thigh")).toBe("rgb(232, 197, 71)");
    expect(await fill("right-forearm")).toBe("rgb(233, 226, 207)");
    await expect(forearm.locator("title").textContent()).resolves.toBe(
      "Left Forearm\nB 0 E 0 P 0 F 0\nS2 Edge",
    );
    const box = await page.locator(".bbb-body-svg").boundingBox();
    expect(box!.width).toBeGreaterThan(150);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "actor-character-combat");
    await page.close();
  });

  it("injuries tab: location, code, aspect, healing rate, bleeding", async () => {
    const page = await open(knightInput({ activeTab: "injuries" }));
    const cut = page.locator('tr[data-item-id="inForearm0000001"]');
    expect(await cut.isVisible()).toBe(true);
    await expect(cut.locator("td").allTextContents().then(trim)).resolves.toEqual([
      "Cut forearm",
      "Left Forearm",
      "S2",
      "Edge",
      "4",
      "Bleeding",
      "×",
    ]);
    await expect(
      page.locator('tr[data-item-id="inThigh000000001"] td').nth(4).textContent(),
    ).resolves.toBe("Not rolled");
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "actor-character-injuries");
    await page.close();
  });

  it("gear tab: weight × quantity, carried toggles, load and encumbrance", async () => {
    const page = await open(knightInput({ activeTab: "gear" }));
    await expect(
      page.locator('tr[data-item-id="grRations0000001"] .bbb-total').textContent(),
    ).resolves.toBe("4");
    const tent = page.locator('tr[data-item-id="grTent0000000001"]');
    await expect(tent.locator('[data-action="toggleCarried"]').textContent()).resolves.toBe("No");
    await expect(
      tent.locator('[data-action="toggleCarried"]').getAttribute("aria-pressed"),
    ).resolves.toBe("false");
    await expect(page.locator(".bbb-load-value").textContent()).resolves.toBe(String(derived.load));
    await expect(page.locator(".bbb-encumbrance-value").textContent()).resolves.toBe(
      String(derived.encumbrance),
    );
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "actor-character-gear");
    await page.close();
  });

  it("description tab: the enriched description", async () => {
    const page = await open(knightInput({ activeTab: "description" }));
    const strong = page.locator(".bbb-tab-description strong");
    await expect(strong.textContent()).resolves.toBe("Kaldor");
    expect(await strong.isVisible()).toBe(true);
    expect(await missingKeys(page)).toEqual([]);
    await screenshot(page, "actor-character-description");
    await page.close();
  });

  it("every tab of the character has a nav entry, the active one marked", async () => {
    const page = await open(knightInput({ activeTab: "combat" }));
    await expect(page.locator(".bbb-tabs a").allTextContents().then(trim)).resolves.toEqual([
      "Attributes",
      "Skills",
      "Combat",
      "Injuries",
      "Gear",
      "Description",
    ]);
    await expect(page.locator(".bbb-tabs a.active").getAttribute("data-tab")).resolves.toBe(
      "combat",
    );
    expect(tabsFor("character")).toHaveLength(6);
    const visibleTabs = await page
      .locator(".tab[data-tab]")
      .evaluateAll((els) =>
        els.filter((e) => getComputedStyle(e).display !== "none").map((e) => e.dataset.tab),
      );
    expect(visibleTabs).toEqual(["combat"]);
    await page.close();
  });

  it("a limited viewer sees only the header and the limited part", async () => {
    const page = await open(knightInput({ limited: true, editable: false }), 420);
    await expect(page.locator("h1.bbb-actor-name").textContent()).resolves.toBe("Sir Aldric");
    expect(await page.locator(".bbb-stats").count()).toBe(0);
    expect(await page.locator(".bbb-tabs").count()).toBe(0);
    expect(await page.locator(".tab[data-tab]").count()).toBe(0);
    expect(await page.locator("input, select, button").count()).toBe(0);
    expect(await page.locator(".bbb-limited strong").textContent()).toBe("Kaldor");
    expect(await missingKeys(page)).toEqual([]);
    await screenshot(page, "actor-character-limited");
    await page.close();
  });

  it("an observer sees every tab, nothing editable", async () => {
    const page = await open(knightInput({ editable: false, activeTab: "gear" }));
    expect(await page.locator("input.bbb-actor-name").count()).toBe(0);
    expect(await page.locator('[data-action="deleteItem"]').count()).toBe(0);
    expect(await page.locator('[data-action="createItem"]').count()).toBe(0);
    const enabled = await page
      .locator("input, select")
      .evaluateAll((els) => els.filter((e) => !(e as HTMLInputElement).disabled).length);
    expect(enabled).toBe(0);
    expect(await missingKeys(page)).toEqual([]);
    await page.close();
  });

  it("HTML in an actor or item name shows as text", async () => {
    const evil = "<img src=x onerror=alert(1)>";
    const items = KNIGHT_ITEMS.map((i) =>
      i.id === "wpSword000000001" || i.id === "skRiding00000001" ? { ...i, name: evil } : i,
    );
    for (const tab of ["skills", "combat"]) {
      const page = await open(
        knightInput({ name: evil, items, derived: derive(KNIGHT_SYSTEM, items), activeTab: tab }),
      );
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      await expect(page.locator("input.bbb-actor-name").inputValue()).resolves.toBe(evil);
      const text = await page.locator(`.tab[data-tab="${tab}"]`).textContent();
      expect(text).toContain(evil);
      await page.close();
    }
  });

  it("a skill test card shows the roll, the EML with its story and the success level", async () => {
    const subject = skillSubject(derived, { id: "skRiding00000001", name: "Riding" })!;
    const card = testCard("Sir Aldric", subject, 5, localize);
    const weapon = weaponSubject(
      derived,
      { id: "wpSword000000001", name: "<b>Broadsword</b>" },
      { aspect: "edge" },
      localize,
      (k, d) => format(k, d),
    )!;
    const html =
      renderTemplate("templates/chat/skill-test.hbs", card) +
      renderTemplate("templates/chat/skill-test.hbs", testCard("Sir Aldric", weapon, 97, localize));
    const page = await renderPage(browser, { html, classes: ["chat"], width: 300, height: 260 });
    await expect(page.locator(".bbb-card-result").allTextContents().then(trim)).resolves.toEqual([
      "Critical Success",
      "Marginal Failure",
    ]);
    await expect(page.locator(".bbb-card-detail").textContent()).resolves.toBe("Edge, impact 5");
    await expect(page.locator(".bbb-card-title").nth(1).textContent()).resolves.toBe(
      "<b>Broadsword</b>",
    );
    expect(await missingKeys(page)).toEqual([]);
    await screenshot(page, "chat-skill-test");
    await page.close();
  });
});

describe("creature sheet", () => {
  it("body plan tab: the plan editor with codes, regions and zone sums", async () => {
    const page = await open(dogInput({ activeTab: "bodyPlan" }));
    const rows = page.locator(".bbb-plan-row");
    expect(await rows.count()).toBe(6);
    const foreleg = rows.nth(2);
    await expect(
      foreleg.locator('input[name="system.hm3.bodyPlan.locations.2.id"]').inputValue(),
    ).resolves.toBe("foreleg");
    await expect(
      foreleg.locator('select[name="system.hm3.bodyPlan.locations.2.region"]').inputValue(),
    ).resolves.toBe("leg");
    expect(
      await foreleg.locator('input[name="system.hm3.bodyPlan.locations.2.paired"]').isChecked(),
    ).toBe(true);
    await expect(
      foreleg
        .locator("input.bbb-cell")
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
    ).resolves.toEqual(["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"]);
    await expect(page.locator(".bbb-zone-sum").allTextContents().then(trim)).resolves.toEqual([
      "100",
      "100",
      "100",
    ]);
    expect(await page.locator(".bbb-plan-warnings .bbb-warning").count()).toBe(0);
    expect(await page.locator('[data-action="addPlanLocation"]').isVisible()).toBe(true);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "actor-creature-bodyplan");
    await page.close();
  });

  it("attributes tab: the browser takes a creature's attributes up to 99, a character's up to 30 (R28)", async () => {
    /** Fills every attribute with `value` and reads which inputs the browser finds valid. */
    const validity = async (page: Page, value: string) => {
      const inputs = page.locator('input[name^="system.hm3.attributes."]');
      expect(await inputs.count()).toBe(12);
      for (let i = 0; i < 12; i++) await inputs.nth(i).fill(value);
      return inputs.evaluateAll((els) =>
        els.map((e) => {
          const v = (e as HTMLInputElement).validity;
          return v.valid ? "valid" : v.rangeOverflow ? "overflow" : "underflow";
        }),
      );
    };
    const creature = await open(dogInput({ activeTab: "attributes" }));
    await expect(validity(creature, "99")).resolves.toEqual(Array(12).fill("valid"));
    await expect(validity(creature, "100")).resolves.toEqual(Array(12).fill("overflow"));
    await expect(validity(creature, "0")).resolves.toEqual(Array(12).fill("underflow"));
    // Fatigue and encumbrance take no upper bound (their fields have none).
    const fatigue = creature.locator('input[name="system.hm3.fatigue"]');
    await fatigue.fill("250");
    expect(await fatigue.evaluate((e) => (e as HTMLInputElement).validity.valid)).toBe(true);
    await creature.close();
    const character = await open(knightInput({ activeTab: "attributes" }));
    await expect(validity(character, "30")).resolves.toEqual(Array(12).fill("valid"));
    await expect(validity(character, "31")).resolves.toEqual(Array(12).fill("overflow"));
    await character.close();
  });

  it("a zone not summing to 100 is flagged", async () => {
    const input = dogInput({ activeTab: "bodyPlan" });
    const system = structuredClone(input.system) as typeof input.system & {
      hm3: { bodyPlan: { locations: { aim: { low: number } }[] } };
    };
    system.hm3.bodyPlan.locations[0]!.aim.low = 15;
    const page = await open({ ...input, system } as ActorContextInput);
    await expect(page.locator(".bbb-zone-sum.bbb-sum-bad").textContent()).resolves.toBe("115");
    await expect(page.locator(".bbb-plan-warnings .bbb-warning").textContent()).resolves.toBe(
      "Low aim points sum to 115: they must sum to 100 (or all be 0).",
    );
    await page.close();
  });

  it("the zone sums follow the aim points as they are typed", async () => {
    const page = await open(dogInput({ activeTab: "bodyPlan" }));
    await page.locator('input[name="system.hm3.bodyPlan.locations.0.aim.mid"]').fill("25");
    // The sheet runs syncZoneSums on input; the test page runs no scripts, so call it here.
    await page.evaluate(`(${syncZoneSums.toString()})(document, ${zoneStatus.toString()})`);
    await expect(page.locator(".bbb-zone-sum").allTextContents()).resolves.toEqual([
      "100",
      "115",
      "100",
    ]);
    await expect(
      page.locator('.bbb-zone-sum[data-zone="mid"]').getAttribute("class"),
    ).resolves.toContain("bbb-sum-bad");
    await page.locator('input[name="system.hm3.bodyPlan.locations.1.aim.mid"]').fill("0");
    await page.locator('input[name="system.hm3.bodyPlan.locations.3.aim.mid"]').fill("45");
    await page.evaluate(`(${syncZoneSums.toString()})(document, ${zoneStatus.toString()})`);
    await expect(
      page.locator('.bbb-zone-sum[data-zone="mid"]').getAttribute("class"),
    ).resolves.not.toContain("bbb-sum-bad");
    await page.close();
  });

  it("a creature on the human plan offers to copy it", async () => {
    const input = dogInput({ activeTab: "bodyPlan" });
    const system = structuredClone(input.system) as typeof input.system;
    (system.hm3 as { bodyPlan: unknown }).bodyPlan = null;
    const page = await open({ ...input, system } as ActorContextInput);
    await expect(page.locator(".bbb-plan-human").textContent()).resolves.toBe(
      "This creature uses the human body plan.",
    );
    expect(await page.locator('[data-action="copyHumanPlan"]').isVisible()).toBe(true);
    expect(await missingKeys(page)).toEqual([]);
    await page.close();
  });

  it("combat tab: the creature's plan laid out automatically with its injury", async () => {
    const input = dogInput({ activeTab: "combat" });
    const page = await open(input);
    const shapes = page.locator(".bbb-body-svg g.bbb-location");
    expect(await shapes.count()).toBe(8);
    await expect(page.locator(".bbb-body-diagram").getAttribute("class")).resolves.toContain(
      "bbb-layout-auto",
    );
    const leg = page.locator('g.bbb-location[data-location="left-foreleg"]');
    await expect(leg.locator("text").textContent()).resolves.toBe("Left Foreleg");
    await expect(leg.getAttribute("class")).resolves.toContain("bbb-injury-G");
    const bodyEdge = page.locator(
      '.bbb-armour-table tr[data-location="body"] td[data-aspect="edge"]',
    );
    await expect(bodyEdge.textContent()).resolves.toBe(String(input.derived!.armour.body!.edge));
    // The shapes do not overlap on screen either.
    const boxes = await shapes.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, w: r.width, h: r.height };
      }),
    );
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        expect(
          a.x < b.x + b.w - 0.5 &&
            b.x < a.x + a.w - 0.5 &&
            a.y < b.y + b.h - 0.5 &&
            b.y < a.y + a.h - 0.5,
        ).toBe(false);
    expect(await missingKeys(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "actor-creature-combat");
    await page.close();
  });
});

describe("user text and permissions (review of issue 3)", () => {
  /** Every `data-tooltip` value of the page (v13 renders them as HTML). */
  const tooltips = (page: Page) =>
    page.$$eval("[data-tooltip]", (els) => els.map((e) => e.getAttribute("data-tooltip") ?? ""));

  it("keeps user text (actor, item, skill and location names) out of every data-tooltip", async () => {
    const evil = (s: string) => `<img src=x onerror=alert(1)>${s}`;
    const items = KNIGHT_ITEMS.map((i) => {
      if (i.type === "weapon" && i.name === "Broadsword")
        return {
          ...i,
          name: evil("Sword"),
          system: { ...i.system, hm3: { ...i.system.hm3, skill: evil("Nope") } },
        };
      if (i.type === "skill") return { ...i, name: evil(i.name) };
      return i;
    }) as SheetItem[];
    const input = knightInput({
      name: evil("Aldric"),
      items,
      derived: derive(KNIGHT_SYSTEM, items),
    });
    for (const tab of ["attributes", "skills", "combat", "gear"]) {
      const page = await open({ ...input, activeTab: tab });
      try {
        expect(await page.locator("img[src='x']").count()).toBe(0);
        const values = await tooltips(page);
        expect(values.length).toBeGreaterThan(0);
        for (const v of values) expect(v, tab).not.toMatch(/onerror|Aldric|Nope/);
        // The names are still shown, as text or in a title.
        expect(await page.locator(".bbb-portrait").getAttribute("title")).toBe(
          `Portrait of ${evil("Aldric")}`,
        );
        if (tab === "combat") {
          const tag = page.locator(".bbb-warning-tag").first();
          await expect(tag.getAttribute("title")).resolves.toContain(evil("Nope"));
        }
      } finally {
        await page.close();
      }
    }
    const plan = quadrupedPlan();
    plan.locations[0]!.name = evil("Head");
    const system = dogSystem(plan);
    const page = await open(
      dogInput({
        activeTab: "combat",
        name: evil("Grip"),
        system,
        derived: derive(system, DOG_ITEMS),
      }),
    );
    try {
      expect(await page.locator("img[src='x']").count()).toBe(0);
      for (const v of await tooltips(page)) expect(v).not.toMatch(/onerror|Grip|Head/);
    } finally {
      await page.close();
    }
  });

  it("skills tab: an observer sees each ML as a figure, no input", async () => {
    const page = await open(knightInput({ activeTab: "skills", owner: false, editable: false }));
    try {
      const sword = page.locator('tr[data-item-id="skSword000000001"]');
      await expect(
        sword
          .locator(".bbb-ml")
          .textContent()
          .then((t) => t?.trim()),
      ).resolves.toBe("65");
      expect(await page.locator(".bbb-tab-skills input").count()).toBe(0);
      expect(await missingKeys(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("shows roll buttons to the owner only; others see the figures", async () => {
    const owner = await open(knightInput({ activeTab: "combat" }));
    const viewer = await open(knightInput({ activeTab: "combat", owner: false, editable: false }));
    try {
      // Sword, shield and longbow each have an Attack button.
      expect(await owner.locator("button[data-action=attack]").count()).toBe(3);
      expect(await owner.locator("[data-action=rollSkill]").count()).toBeGreaterThan(0);
      expect(await viewer.locator("[data-action^=roll]").count()).toBe(0);
      expect(await viewer.locator("[data-action=attack]").count()).toBe(0);
      expect(await viewer.locator("button.bbb-roll").count()).toBe(0);
      expect(await viewer.locator(".bbb-impact").count()).toBe(
        await owner.locator(".bbb-impact").count(),
      );
      expect(await viewer.locator(".bbb-band-eml").count()).toBe(4);
      expect(await missingKeys(viewer)).toEqual([]);
      await screenshot(viewer, "actor-character-combat-observer");
    } finally {
      await owner.close();
      await viewer.close();
    }
  });
});
