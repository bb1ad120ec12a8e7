/**
 * The system's real sheet and dialog classes in Chromium: the actor sheet (character and
 * creature), the item sheet and the attack and defence dialogs run on the Foundry stand-ins in
 * their DOM mode (bundled by test/browser/app, see docs/foundry-stand-ins.md), rendered into
 * the page, and driven by Playwright as a user would: clicks on `data-action` buttons and tabs,
 * typing in fields and leaving them (`change`, which submits the sheets' forms), a pack item
 * dropped on the sheet with real DragEvents carrying Foundry's drag data, the dialogs'
 * Attack/Defend/Cancel and the window's close button, and clicks that come right after typing
 * (no Tab first). Each test asserts what changed: the stored documents, the re-rendered DOM,
 * the tab shown, the dialog's result, the messages shown. The last part posts an exchange card
 * to a scrolling chat log as v13's ChatLog does and checks where the log is once the card
 * (filled asynchronously by renderChatMessageHTML) has its height.
 */
import { mkdirSync, readFileSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launch, missingKeys, openAppPage } from "./harness";
import { repoFile } from "../foundry/stand-ins/handlebars";

type Obj = Record<string, unknown>;

let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launch();
  ({ page, errors } = await openAppPage(browser));
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  await page.evaluate(() => window.bbb.reset());
  errors.length = 0;
});

/** Waits for the renders and handlers the events started (Foundry does not await them). */
async function settle(): Promise<void> {
  await page.evaluate(() => window.bbb.settle());
}

/** Types a value into a field and leaves it, as a user does: the field's `change` fires. */
async function typeInto(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await field.press("Tab");
  await settle();
}

async function actorSystem(): Promise<Obj & { hm3: Obj & { attributes: Obj } }> {
  const source = await page.evaluate(() => window.bbb.actorSource());
  return source.system as Obj & { hm3: Obj & { attributes: Obj } };
}

async function openKnight(permission: number | null = null): Promise<Locator> {
  const { id } = await page.evaluate((p) => window.bbb.openActorSheet("character", p), permission);
  return page.locator(`[id="${id}"]`);
}

/** Marks an element so a test can tell whether a re-render replaced it. */
async function mark(locator: Locator): Promise<void> {
  await locator.evaluate((el) => el.setAttribute("data-test-mark", "old"));
}

const PACK_SOURCE = "packs/_source/hm3-melee-weapons/battleaxe.json";

describe("actor sheet (CharacterSheet)", () => {
  it("renders its parts into one form, the Attributes tab shown and the others hidden", async () => {
    const sheet = await openKnight();
    expect(await sheet.evaluate((el) => el.tagName)).toBe("FORM");
    const parts = await sheet
      .locator("[data-application-part]")
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.applicationPart));
    expect(parts).toEqual([
      "header",
      "tabs",
      "attributes",
      "skills",
      "combat",
      "injuries",
      "gear",
      "description",
    ]);
    expect(await sheet.locator('section.tab[data-tab="attributes"]').isVisible()).toBe(true);
    expect(await sheet.locator('section.tab[data-tab="skills"]').isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it("a click on a tab shows its section, marks it active, and the tab survives a re-render", async () => {
    const sheet = await openKnight();
    const { id } = await page.evaluate(() => ({ id: document.querySelector("form")!.id }));
    await sheet.locator('nav.tabs a[data-tab="skills"]').click();
    expect(await sheet.locator('section.tab[data-tab="skills"]').isVisible()).toBe(true);
    expect(await sheet.locator('section.tab[data-tab="attributes"]').isVisible()).toBe(false);
    expect(await sheet.locator('nav.tabs a[data-tab="skills"]').getAttribute("class")).toContain(
      "active",
    );
    expect(
      await sheet.locator('nav.tabs a[data-tab="attributes"]').getAttribute("class"),
    ).not.toContain("active");
    expect(await page.evaluate((i) => window.bbb.tabGroups(i), id)).toEqual({ primary: "skills" });

    // A change of an item re-renders the actor's sheet: the Skills tab stays shown.
    await mark(sheet.locator('section.tab[data-tab="skills"]'));
    await typeInto(sheet.locator('input[data-item-id="skSword000000001"]'), "70");
    const skills = sheet.locator('section.tab[data-tab="skills"]');
    expect(await skills.getAttribute("data-test-mark")).toBeNull();
    expect(await skills.isVisible()).toBe(true);
    expect(await skills.getAttribute("class")).toContain("active");
  });

  it("typing a value and leaving the field submits the form: stored, derived, re-rendered", async () => {
    const sheet = await openKnight();
    const up = sheet.locator(".bbb-stat-up dd");
    const pp = sheet.locator(".bbb-stat-pp dd");
    expect([await up.textContent(), await pp.textContent()]).toEqual(["3", "7"]);
    await mark(sheet.locator('[data-application-part="header"]'));

    await typeInto(sheet.locator('input[name="system.hm3.fatigue"]'), "2");

    expect((await actorSystem()).hm3.fatigue).toBe(2);
    // UP = injury levels 3 + fatigue 2; PP = UP 5 + encumbrance 4 (the core's derivation).
    expect([await up.textContent(), await pp.textContent()]).toEqual(["5", "9"]);
    expect(
      await sheet.locator('[data-application-part="header"]').getAttribute("data-test-mark"),
    ).toBeNull();
    expect(await sheet.locator('input[name="system.hm3.fatigue"]').inputValue()).toBe("2");
    expect(errors).toEqual([]);
  });

  it("a refused value is reported naming the field and value, and is not stored", async () => {
    const sheet = await openKnight();
    const str = sheet.locator('input[name="system.hm3.attributes.str"]');
    await typeInto(str, "40");
    expect((await actorSystem()).hm3.attributes.str).toBe(16);
    // Nothing else changed, so nothing is stored and the sheet is not rendered again (v13 drops
    // an update that changes nothing): the field itself shows the stored value again.
    expect(await page.evaluate(() => window.bbb.updates())).toEqual([]);
    expect(await str.inputValue()).toBe("16");
    const notes = await page.evaluate(() => window.bbb.notifications());
    expect(notes).toHaveLength(1);
    expect(notes[0]!.type).toBe("warning");
    expect(notes[0]!.message).toContain("Strength");
    expect(notes[0]!.message).toContain("40");
  });

  it("a skill's ML edited in place updates that item only; the actor's form is not submitted", async () => {
    const sheet = await openKnight();
    await sheet.locator('nav.tabs a[data-tab="skills"]').click();
    const row = sheet.locator('tr[data-item-id="skSword000000001"]');
    const eml = async () => Number(await row.locator(".bbb-eml").textContent());
    const before = await eml();
    await typeInto(row.locator("input.bbb-ml-input"), "75");
    const updates = await page.evaluate(() => window.bbb.updates());
    expect(updates).toEqual([
      {
        uuid: "Actor.actorKnight00001.Item.skSword000000001",
        changes: { system: { hm3: { ml: 75 } } },
      },
    ]);
    // The row was re-rendered from the new ML: the EML moved by the 10 points added.
    expect(await eml()).toBe(before + 10);
    expect(await row.locator("input.bbb-ml-input").inputValue()).toBe("75");
  });

  it("an item's name opens its sheet", async () => {
    const sheet = await openKnight();
    await sheet.locator('nav.tabs a[data-tab="skills"]').click();
    await sheet.locator('tr[data-item-id="skHeraldry000001"] [data-action="editItem"]').click();
    await settle();
    const itemSheet = page.locator(
      'form[id="Hm3ItemSheet-Actor-actorKnight00001-Item-skHeraldry000001"]',
    );
    expect(await itemSheet.count()).toBe(1);
    expect(await itemSheet.locator('input[name="name"]').inputValue()).toBe("Heraldry");
    expect(await itemSheet.getAttribute("class")).toContain("skill");
  });

  it("Equipped on the Gear tab flips the item and re-renders the button", async () => {
    const sheet = await openKnight();
    await sheet.locator('nav.tabs a[data-tab="gear"]').click();
    const button = sheet.locator('section[data-tab="gear"] [data-action="toggleEquipped"]').first();
    const itemId = await button.evaluate(
      (el) => (el.closest("[data-item-id]") as HTMLElement).dataset.itemId!,
    );
    const pressed = await button.getAttribute("aria-pressed");
    await button.click();
    await settle();
    const toggled = sheet.locator(
      `section[data-tab="gear"] [data-item-id="${itemId}"] [data-action="toggleEquipped"]`,
    );
    expect(await toggled.getAttribute("aria-pressed")).toBe(pressed === "true" ? "false" : "true");
    const items = (await page.evaluate(() => window.bbb.actorSource())).items as Obj[];
    const item = items.find((i) => i._id === itemId)!;
    expect((item.system as Obj).equipped).toBe(pressed !== "true");
  });

  it("Delete asks first: refused, the skill stays; confirmed, it and its row are gone", async () => {
    const sheet = await openKnight();
    await sheet.locator('nav.tabs a[data-tab="skills"]').click();
    const row = sheet.locator('tr[data-item-id="skRiding00000001"]');
    await page.evaluate(() => window.bbb.answerConfirm(false));
    await row.locator('[data-action="deleteItem"]').click();
    await settle();
    expect(await page.evaluate(() => window.bbb.confirmations())).toBe(1);
    expect(await row.count()).toBe(1);

    // The skill's own sheet is open when it is deleted: it closes with it.
    await row.locator('[data-action="editItem"]').click();
    await settle();
    const itemSheet = page.locator(
      '[id="Hm3ItemSheet-Actor-actorKnight00001-Item-skRiding00000001"]',
    );
    expect(await itemSheet.count()).toBe(1);

    await page.evaluate(() => window.bbb.answerConfirm(true));
    await row.locator('[data-action="deleteItem"]').click();
    await settle();
    expect(await page.evaluate(() => window.bbb.confirmations())).toBe(2);
    const names = await page.evaluate(() => window.bbb.itemNames());
    expect(names.some((i) => i.id === "skRiding00000001")).toBe(false);
    expect(await row.count()).toBe(0);
    expect(await itemSheet.count()).toBe(0);
  });

  it("New weapon on the Gear tab creates one and shows its row", async () => {
    const sheet = await openKnight();
    await sheet.locator('nav.tabs a[data-tab="gear"]').click();
    const before = await page.evaluate(() => window.bbb.itemNames());
    await sheet.locator('[data-action="createItem"][data-type="weapon"]').click();
    await settle();
    const after = await page.evaluate(() => window.bbb.itemNames());
    expect(after).toHaveLength(before.length + 1);
    const created = after.find((a) => !before.some((b) => b.id === a.id))!;
    expect(created.type).toBe("weapon");
    expect(created.name).toBe("New Weapon");
    expect(
      await sheet.locator(`section[data-tab="gear"] [data-item-id="${created.id}"]`).count(),
    ).toBe(1);
    // Its sheet opens for naming it (Document#sheet, the registered item sheet).
    const itemSheet = page.locator(
      `form[id="Hm3ItemSheet-Actor-actorKnight00001-Item-${created.id}"]`,
    );
    expect(await itemSheet.locator('input[name="name"]').inputValue()).toBe("New Weapon");
  });

  it("a weapon dragged from a compendium and dropped on the sheet is created on the actor", async () => {
    const source = JSON.parse(readFileSync(repoFile(PACK_SOURCE), "utf8")) as Obj;
    const pack = await page.evaluate(
      (s) => window.bbb.addItemPack("hm3-melee-weapons", [s]),
      source,
    );
    const sheet = await openKnight();
    await sheet.locator('nav.tabs a[data-tab="gear"]').click();
    const uuid = `Compendium.${pack}.Item.${String(source._id)}`;
    await drop(sheet.locator('section[data-tab="gear"]'), { type: "Item", uuid });

    const items = await page.evaluate(() => window.bbb.itemNames());
    // ActorSheetV2 keeps the pack's id when the actor has no item of that id.
    expect(items).toContainEqual({ id: source._id, name: source.name, type: "weapon" });
    const row = sheet.locator(`section[data-tab="gear"] [data-item-id="${String(source._id)}"]`);
    expect(await row.locator(".bbb-item-link").textContent()).toBe(source.name);
    expect(await page.evaluate(() => window.bbb.notifications())).toEqual([]);
  });

  it("a dropped skill the actor has already is refused with a warning naming it", async () => {
    const pack = await page.evaluate(() =>
      window.bbb.addItemPack("test-skills", [
        {
          _id: "packSword0000001",
          name: "sword",
          type: "skill",
          system: { hm3: { category: "combat", sbAttributes: ["str", "dex", "dex"], ml: 40 } },
        },
      ]),
    );
    const sheet = await openKnight();
    const before = await page.evaluate(() => window.bbb.itemNames());
    await drop(sheet, { type: "Item", uuid: `Compendium.${pack}.Item.packSword0000001` });
    expect(await page.evaluate(() => window.bbb.itemNames())).toEqual(before);
    const notes = await page.evaluate(() => window.bbb.notifications());
    expect(notes).toHaveLength(1);
    expect(notes[0]!.type).toBe("warning");
    expect(notes[0]!.message).toContain("sword");
  });

  it("an observer's sheet has every field disabled and takes no drop", async () => {
    const source = JSON.parse(readFileSync(repoFile(PACK_SOURCE), "utf8")) as Obj;
    const pack = await page.evaluate(
      (s) => window.bbb.addItemPack("hm3-melee-weapons", [s]),
      source,
    );
    const sheet = await openKnight(2); // OBSERVER
    const fields = sheet.locator("input, select, textarea, button:not([data-action=close])");
    const states = await fields.evaluateAll((els) =>
      els.map((e) => (e as HTMLInputElement).disabled),
    );
    expect(states.length).toBeGreaterThan(10);
    expect(states.every(Boolean)).toBe(true);
    const before = await page.evaluate(() => window.bbb.itemNames());
    await drop(sheet, { type: "Item", uuid: `Compendium.${pack}.Item.${String(source._id)}` });
    expect(await page.evaluate(() => window.bbb.itemNames())).toEqual(before);
  });
});

/**
 * Drops Foundry drag data on an element as the browser does: `dragenter`, `dragover` and
 * `drop` DragEvents carrying one DataTransfer with the data as `text/plain` JSON.
 */
async function drop(target: Locator, data: Obj): Promise<void> {
  const dataTransfer = await page.evaluateHandle((d) => {
    const dt = new DataTransfer();
    dt.setData("text/plain", JSON.stringify(d));
    return dt;
  }, data);
  for (const type of ["dragenter", "dragover", "drop"])
    await target.dispatchEvent(type, { dataTransfer });
  await settle();
}

describe("item sheet (Hm3ItemSheet)", () => {
  it("a changed field updates the item and re-renders its owner's sheet; tabs switch", async () => {
    const actorSheet = await openKnight();
    const weapon = (await page.evaluate(() => window.bbb.itemNames())).find(
      (i) => i.type === "weapon",
    )!;
    const ownerWq = actorSheet.locator(`[data-tab="combat"] [data-item-id="${weapon.id}"] .bbb-wq`);
    const { id } = await page.evaluate((i) => window.bbb.openItemSheet(i), weapon.id);
    const sheet = page.locator(`[id="${id}"]`);
    await mark(sheet.locator('[data-application-part="weapon"]'));
    expect(await ownerWq.textContent()).not.toBe("9");

    await typeInto(sheet.locator('input[name="system.hm3.wq"]'), "9");
    const items = (await page.evaluate(() => window.bbb.actorSource())).items as Obj[];
    const stored = items.find((i) => i._id === weapon.id)!;
    expect(((stored.system as Obj).hm3 as Obj).wq).toBe(9);
    // The item's sheet and its owner's sheet were both rendered again from the stored item.
    expect(
      await sheet.locator('[data-application-part="weapon"]').getAttribute("data-test-mark"),
    ).toBeNull();
    expect(await sheet.locator('input[name="system.hm3.wq"]').inputValue()).toBe("9");
    expect(await ownerWq.textContent()).toBe("9");

    expect(await sheet.locator('section.tab[data-tab="description"]').isVisible()).toBe(false);
    await sheet.locator('nav.tabs a[data-tab="description"]').click();
    expect(await sheet.locator('section.tab[data-tab="description"]').isVisible()).toBe(true);
    expect(await page.evaluate((i) => window.bbb.tabGroups(i), id)).toEqual({
      primary: "description",
    });
    expect(errors).toEqual([]);
  });
});

describe("item sheet: the item's other rulesets' blocks", () => {
  it("a GM sees the weapon's m2m block (never filled in: one line), kept through an edit; a player does not", async () => {
    await openKnight();
    const weapon = (await page.evaluate(() => window.bbb.itemNames())).find(
      (i) => i.type === "weapon",
    )!;
    const { id } = await page.evaluate((i) => window.bbb.openItemSheet(i), weapon.id);
    const sheet = page.locator(`[id="${id}"]`);
    const stored = async () =>
      (await page.evaluate((i) => window.bbb.itemSource(i), weapon.id)).system as Obj;
    const before = await stored();
    // The knight's weapon was made for HM3: its m2m block is the data model's defaults.
    expect(before.m2m).toMatchObject({ ref: "", quality: "good", modes: [], shield: null });
    const list = sheet.locator(".bbb-other-blocks");
    await list.locator("summary").click();
    const line = list.locator('[data-block="m2m"]');
    expect(await line.textContent()).toBe("Not set for GURPS Man to Man.");
    // The m2m block is one line; the zone-die block the fixture fills in is a read-only table.
    expect(await line.locator("table").count()).toBe(0);
    expect(await list.locator("input, select").count()).toBe(0);
    expect(await missingKeys(page)).toEqual([]);
    mkdirSync("test-output/screenshots", { recursive: true });
    await sheet.screenshot({ path: "test-output/screenshots/class-item-other-blocks.png" });

    await typeInto(sheet.locator('input[name="system.hm3.wq"]'), "9");
    const after = await stored();
    expect((after.hm3 as Obj).wq).toBe(9);
    expect(after.m2m).toEqual(before.m2m);
    expect(await sheet.locator('.bbb-other-blocks [data-block="m2m"]').count()).toBe(1);
    expect(errors).toEqual([]);

    // A player who owns the knight: the same sheet without the list.
    await page.evaluate(() => window.bbb.reset());
    await openKnight(3);
    const mine = await page.evaluate((i) => window.bbb.openItemSheet(i), weapon.id);
    const player = page.locator(`[id="${mine.id}"]`);
    expect(await player.locator('input[name="system.hm3.wq"]').count()).toBe(1);
    expect(await player.locator(".bbb-other-blocks").count()).toBe(0);
  });
});

describe("item sheet: refused input", () => {
  it("a weapon quality out of range is reported, not stored, and the field shows the stored value", async () => {
    await openKnight();
    const weapon = (await page.evaluate(() => window.bbb.itemNames())).find(
      (i) => i.type === "weapon",
    )!;
    const { id } = await page.evaluate((i) => window.bbb.openItemSheet(i), weapon.id);
    const wq = page.locator(`[id="${id}"] input[name="system.hm3.wq"]`);
    const stored = await wq.inputValue();
    await typeInto(wq, "35");
    const notes = await page.evaluate(() => window.bbb.notifications());
    expect(notes).toHaveLength(1);
    expect(notes[0]!.type).toBe("warning");
    expect(notes[0]!.message).toContain("35");
    expect(await page.evaluate(() => window.bbb.updates())).toEqual([]);
    expect(await wq.inputValue()).toBe(stored);
  });
});

describe("attack dialog (AttackDialog)", () => {
  async function openAttack(): Promise<Locator> {
    const { id } = await page.evaluate(() => window.bbb.openAttackDialog());
    return page.locator(`[id="${id}"]`);
  }

  it("a change re-renders the breakdown only; a bad modifier is shown and blocks Attack", async () => {
    const dialog = await openAttack();
    await mark(dialog.locator('[data-application-part="form"]'));
    const breakdown = dialog.locator('[data-application-part="breakdown"]');
    expect(await breakdown.textContent()).not.toContain("Aiming high");
    await dialog.locator('input[name="aim"][value="high"]').check();
    await settle();
    expect(await breakdown.textContent()).toContain("Aiming high");
    // The fields were kept (only the breakdown part was replaced).
    expect(
      await dialog.locator('[data-application-part="form"]').getAttribute("data-test-mark"),
    ).toBe("old");

    await dialog.locator('[data-action="addModifier"]').click();
    await settle();
    const value = dialog.locator('input[name="custom.0.value"]');
    expect(await value.count()).toBe(1);
    await typeInto(dialog.locator('input[name="custom.0.label"]'), "Bad footing");
    await typeInto(value, "lots");
    const error = dialog.locator('[data-error-for="custom.0.value"]');
    expect(await error.isVisible()).toBe(true);
    expect(await error.textContent()).toContain("lots");
    expect(await value.getAttribute("aria-invalid")).toBe("true");
    const submit = dialog.locator("button[type=submit]");
    expect(await submit.getAttribute("aria-disabled")).toBe("true");
    // Attack on a wrong form resolves nothing and leaves the dialog open with the message.
    // (`force`: Playwright will not click an aria-disabled button; a user can.)
    await submit.click({ force: true });
    await settle();
    expect(await page.evaluate(() => window.bbb.dialogResult())).toEqual({
      settled: false,
      value: undefined,
    });
    expect(await dialog.locator('[data-error-for="custom.0.value"]').textContent()).toContain(
      "lots",
    );

    await typeInto(value, "-10");
    expect(await error.isVisible()).toBe(false);
    expect(await submit.getAttribute("aria-disabled")).toBe("false");
    expect(await breakdown.textContent()).toContain("Bad footing");
  });

  it("Attack resolves the request and closes; the dialog is gone", async () => {
    const dialog = await openAttack();
    await dialog.locator('input[name="mode"][value="point"]').check();
    await dialog.locator('input[name="aim"][value="low"]').check();
    await settle();
    await dialog.locator("button[type=submit]").click();
    await settle();
    const result = await page.evaluate(() => window.bbb.dialogResult());
    expect(result).toEqual({
      settled: true,
      value: {
        itemId: "wpSword000000001",
        mode: "point",
        aim: "low",
        band: null,
        situation: { engagingDefender: 2, defenderProne: false, distance: 1 },
        custom: [],
      },
    });
    expect(await dialog.count()).toBe(0);
  });

  it("Cancel and the window's close button settle with null", async () => {
    let dialog = await openAttack();
    await dialog.locator('[data-action="cancel"]').click();
    await settle();
    expect(await page.evaluate(() => window.bbb.dialogResult())).toEqual({
      settled: true,
      value: null,
    });
    expect(await dialog.count()).toBe(0);

    dialog = await openAttack();
    await dialog.locator('.window-header [data-action="close"]').click();
    await settle();
    expect(await page.evaluate(() => window.bbb.dialogResult())).toEqual({
      settled: true,
      value: null,
    });
    expect(await dialog.count()).toBe(0);
  });
});

describe("defence dialog (DefenceDialog)", () => {
  it("Counterstrike: the mode and aim clicked are the request Defend resolves with", async () => {
    const { id } = await page.evaluate(() => window.bbb.openDefenceDialog("counterstrike"));
    const dialog = page.locator(`[id="${id}"]`);
    await dialog.locator('input[name="mode"][value="point"]').check();
    await dialog.locator('input[name="aim"][value="high"]').check();
    await settle();
    await dialog.locator("button[type=submit]").click();
    await settle();
    expect(await page.evaluate(() => window.bbb.dialogResult())).toEqual({
      settled: true,
      value: {
        optionId: "counterstrike",
        itemId: "wpShortsword0001",
        mode: "point",
        aim: "high",
        custom: [],
      },
    });
    expect(await dialog.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("exchange card in the chat log (renderChatMessageHTML)", () => {
  it("a log at the bottom is still at the bottom once the card is filled, with its height", async () => {
    await page.evaluate(() => window.bbb.openChatLog(30, false));
    await page.evaluate(() => window.bbb.postCard());
    await settle();
    const state = await page.evaluate(() => window.bbb.chatLogState());
    expect(state.filled).toBe(true);
    // The card is taller than the empty message v13 appended and scrolled to.
    expect(state.cardHeight).toBeGreaterThan(80);
    expect(state.atBottom).toBe(true);
    expect(errors).toEqual([]);
  });

  it("a log the user scrolled up stays where it was", async () => {
    await page.evaluate(() => window.bbb.openChatLog(30, true));
    await page.evaluate(() => window.bbb.postCard());
    await settle();
    const state = await page.evaluate(() => window.bbb.chatLogState());
    expect(state.filled).toBe(true);
    expect(state.scrollTop).toBe(0);
    expect(state.atBottom).toBe(false);
  });
});

describe("actor sheet: actions that reach further", () => {
  it("a skill's EML button rolls d100 and posts the test card to chat", async () => {
    const sheet = await openKnight();
    await sheet.locator('nav.tabs a[data-tab="skills"]').click();
    await sheet.locator('tr[data-item-id="skSword000000001"] [data-action="rollSkill"]').click();
    await settle();
    const messages = await page.evaluate(() => window.bbb.messages());
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("Sword");
    expect(messages[0]).toContain("Sir Aldric");
  });
});

describe("creature sheet (CreatureSheet): the body plan editor", () => {
  async function openDog(): Promise<Locator> {
    const { id } = await page.evaluate(() => window.bbb.openActorSheet("creature"));
    const sheet = page.locator(`[id="${id}"]`);
    await sheet.locator('nav.tabs a[data-tab="bodyPlan"]').click();
    return sheet;
  }

  it("aim points typed update their zone's sum at once; a plan off 100 is kept unsaved", async () => {
    const sheet = await openDog();
    const aim = sheet.locator("tr.bbb-plan-row").first().locator("input.bbb-aim").first();
    const zone = (await aim.getAttribute("data-zone"))!;
    const sum = sheet.locator(`.bbb-zone-sum[data-zone="${zone}"]`);
    expect(await sum.textContent()).toBe("100");
    const stored = Number(await aim.inputValue());

    await aim.fill(String(stored + 5)); // typing only: `input`, no `change` yet
    expect(await sum.textContent()).toBe("105");
    expect(await sum.getAttribute("class")).toContain("bbb-sum-bad");

    await aim.press("Tab");
    await settle();
    const plan = (await actorSystem()).hm3.bodyPlan as { locations: { aim: Obj }[] };
    expect(plan.locations[0]!.aim[zone]).toBe(stored);
    const notes = await page.evaluate(() => window.bbb.notifications());
    expect(notes.map((n) => n.type)).toEqual(["warning"]);
    expect(notes[0]!.message).toMatch(/^Body plan not saved yet: .*105/);
    // The typed value stays in the form meanwhile, its sum still marked.
    expect(await aim.inputValue()).toBe(String(stored + 5));
    expect(await sum.textContent()).toBe("105");
  });

  it("Add location adds a row to the stored plan and the editor", async () => {
    const sheet = await openDog();
    const rows = sheet.locator("tr.bbb-plan-row");
    const before = await rows.count();
    await sheet.locator('[data-action="addPlanLocation"]').click();
    await settle();
    const plan = (await actorSystem()).hm3.bodyPlan as { locations: unknown[] };
    expect(plan.locations).toHaveLength(before + 1);
    expect(await rows.count()).toBe(before + 1);
    expect(await sheet.locator('section.tab[data-tab="bodyPlan"]').isVisible()).toBe(true);
  });
});

describe("attack dialog: fields that change the form", () => {
  it("choosing the bow re-renders the fields: the range band list appears", async () => {
    const { id } = await page.evaluate(() => window.bbb.openAttackDialog());
    const dialog = page.locator(`[id="${id}"]`);
    expect(await dialog.locator('select[name="band"]').count()).toBe(0);
    await mark(dialog.locator('[data-application-part="form"]'));
    await dialog.locator('select[name="itemId"]').selectOption("msLongbow0000001");
    await settle();
    expect(
      await dialog.locator('[data-application-part="form"]').getAttribute("data-test-mark"),
    ).toBeNull();
    expect(await dialog.locator('select[name="band"]').count()).toBe(1);
    expect(await dialog.locator('[data-application-part="form"]').textContent()).toContain(
      "From distance (1 hexes): Short",
    );
    expect(await dialog.locator('select[name="itemId"]').inputValue()).toBe("msLongbow0000001");
  });
});

describe("attack dialog: a click right after typing", () => {
  it("a modifier typed and Attack clicked at once: the click is not lost", async () => {
    const { id } = await page.evaluate(() => window.bbb.openAttackDialog());
    const dialog = page.locator(`[id="${id}"]`);
    await dialog.locator('[data-action="addModifier"]').click();
    await settle();
    await dialog.locator('input[name="custom.0.label"]').fill("Uphill");
    await dialog.locator('input[name="custom.0.value"]').fill("-5");
    // No Tab. The button still shows the empty row's state (aria-disabled, so Playwright needs
    // `force`); pressing it must not re-render the dialog under the pointer, and the submit
    // reads the form as typed.
    expect(await dialog.locator("button[type=submit]").getAttribute("aria-disabled")).toBe("true");
    await dialog.locator("button[type=submit]").click({ force: true });
    await settle();
    const result = await page.evaluate(() => window.bbb.dialogResult());
    expect(result?.settled).toBe(true);
    expect((result?.value as { custom: unknown } | null)?.custom).toEqual([
      { label: "Uphill", value: -5 },
    ]);
    expect(await dialog.count()).toBe(0);
  });
});

describe("actor sheet: a click right after typing", () => {
  it("a value typed and a tab clicked at once: the value is stored and the tab shown", async () => {
    const sheet = await openKnight();
    await sheet.locator('input[name="system.hm3.fatigue"]').fill("2");
    await sheet.locator('nav.tabs a[data-tab="skills"]').click();
    await settle();
    expect((await actorSystem()).hm3.fatigue).toBe(2);
    expect(await sheet.locator('section.tab[data-tab="skills"]').isVisible()).toBe(true);
  });

  it("a skill's ML typed and its EML button clicked at once: both land", async () => {
    const sheet = await openKnight();
    await sheet.locator('nav.tabs a[data-tab="skills"]').click();
    const row = sheet.locator('tr[data-item-id="skSword000000001"]');
    await row.locator("input.bbb-ml-input").fill("75");
    await row.locator('[data-action="rollSkill"]').click();
    await settle();
    const items = (await page.evaluate(() => window.bbb.actorSource())).items as Obj[];
    const sword = items.find((i) => i._id === "skSword000000001")!;
    expect(((sword.system as Obj).hm3 as Obj).ml).toBe(75);
    expect(await page.evaluate(() => window.bbb.messages())).toHaveLength(1);
  });
});

describe("item sheet: a click right after typing", () => {
  it("a value typed and a tab clicked at once: the value is stored and the tab shown", async () => {
    await openKnight();
    const weapon = (await page.evaluate(() => window.bbb.itemNames())).find(
      (i) => i.type === "weapon",
    )!;
    const { id } = await page.evaluate((i) => window.bbb.openItemSheet(i), weapon.id);
    const sheet = page.locator(`[id="${id}"]`);
    await sheet.locator('input[name="system.hm3.wq"]').fill("8");
    await sheet.locator('nav.tabs a[data-tab="description"]').click();
    await settle();
    const items = (await page.evaluate(() => window.bbb.actorSource())).items as Obj[];
    const stored = items.find((i) => i._id === weapon.id)!;
    expect(((stored.system as Obj).hm3 as Obj).wq).toBe(8);
    expect(await sheet.locator('section.tab[data-tab="description"]').isVisible()).toBe(true);
  });
});
