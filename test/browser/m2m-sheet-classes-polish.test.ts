/**
 * The m2m item sheet in Chromium (issue 16, leftovers): M2mItemSheet on the Foundry stand-ins in
 * their DOM mode (test/browser/app), in an m2m world, with the real templates and CSS. An edit
 * that leaves the whole block breaking one of its rules (the last attack mode of a weapon that
 * is not a shield removed, a suit that no longer covers the body) is refused naming the field
 * and value, the stored data unchanged and the sheet showing it. Every field of each block has
 * its input once its nullable groups are ticked (a missile weapon's maximum damage, ½D and
 * hands; armour's cost by social class). Screenshots under
 * test-output/screenshots/.
 */
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useAppSession } from "./app-session";
import { missingKeys } from "./harness";
import { M2M_ITEM_RULES, type M2mItemType } from "../../src/foundry/rulesets/m2m/item-data";
import { ARMOUR_ID, AXE_ID, CROSSBOW_ID } from "../foundry/rulesets/m2m/sheet-fixtures";

type Obj = Record<string, unknown>;

const app = useAppSession();

async function openItem(id: string, permission: number | null = null): Promise<Locator> {
  await app.page.evaluate((p) => window.bbb.openM2mActorSheet(p), permission);
  const { id: appId } = await app.page.evaluate((i) => window.bbb.openM2mItemSheet(i), id);
  return app.page.locator(`[id="${appId}"]`);
}

async function itemM2m(id: string): Promise<Obj & { modes: Obj[]; locations: Obj[] }> {
  const source = await app.page.evaluate((i) => window.bbb.itemSource(i), id);
  return (source.system as Obj).m2m as Obj & { modes: Obj[]; locations: Obj[] };
}

async function lastNote(): Promise<{ type: string; message: string } | undefined> {
  const notes = await app.page.evaluate(() => window.bbb.notifications());
  return notes.at(-1);
}

describe("M2mItemSheet: the whole block is checked before it is stored", () => {
  it("removing the last attack mode of the axe (not a shield) is refused naming the modes; the mode stays", async () => {
    const sheet = await openItem(AXE_ID);
    const before = await itemM2m(AXE_ID);
    expect(before.modes).toHaveLength(1);
    expect(before.shield).toBeNull();
    const remove = sheet.locator(
      'tbody.bbb-m2m-mode[data-index="0"] button[data-action="removeMode"]',
    );
    await remove.click();
    await app.settle();
    expect(await itemM2m(AXE_ID)).toEqual(before);
    expect(await app.page.evaluate(() => window.bbb.updates())).toEqual([]);
    expect(await lastNote()).toEqual({
      type: "warning",
      message:
        "Attack modes: [] would leave the weapon with no use: a weapon needs at least one attack mode, or shield statistics.",
    });
    expect(await sheet.locator("tbody.bbb-m2m-mode").count()).toBe(1);
    await app.shoot(sheet, "m2m-class-item-last-mode-refused");
    // With a second mode added, one of the two may go.
    await sheet.locator('button[data-action="addMode"]').click();
    await app.settle();
    expect((await itemM2m(AXE_ID)).modes).toHaveLength(2);
    await sheet
      .locator('tbody.bbb-m2m-mode[data-index="1"] button[data-action="removeMode"]')
      .click();
    await app.settle();
    expect((await itemM2m(AXE_ID)).modes).toEqual(before.modes);
    expect(app.errors).toEqual([]);
  });

  it("unticking the feet of a Basic suit is refused naming the locations; the box is ticked again", async () => {
    const sheet = await openItem(ARMOUR_ID);
    const before = await itemM2m(ARMOUR_ID);
    await sheet.locator('input[name="bbb.covered.feet"]').click();
    await app.settle();
    expect(await itemM2m(ARMOUR_ID)).toEqual(before);
    expect((await lastNote())?.message).toBe(
      'Locations covered: a Basic armour suit covers every location (head, body, arms, legs, hands, feet), got ["head","body","arms","legs","hands"].',
    );
    expect(await sheet.locator('input[name="bbb.covered.feet"]').isChecked()).toBe(true);
    expect(await sheet.locator('tr[data-location="feet"] input[type="number"]').count()).toBe(4);
    await app.shoot(sheet, "m2m-class-item-suit-refused");
    expect(await missingKeys(app.page)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});

/** Ticks every unticked group box of the sheet, one at a time (each tick re-renders it). */
async function tickAllGroups(sheet: Locator): Promise<void> {
  for (let guard = 0; guard < 20; guard++) {
    const boxes = sheet.locator('input[name^="bbb.group."]:not(:checked)');
    if ((await boxes.count()) === 0) return;
    // By its name: the tick re-renders the sheet, and the box found by `:not(:checked)` is gone.
    const name = await boxes.first().getAttribute("name");
    await sheet.locator(`input[name="${name}"]`).check();
    await app.settle();
  }
  throw new Error("group boxes kept appearing unticked");
}

/** The stored paths (`m2m.modes.*.reach`) the sheet's inputs and selects stand for. */
async function shownPaths(sheet: Locator): Promise<string[]> {
  const names = await sheet
    .locator("section.bbb-m2m input[name], section.bbb-m2m select[name]")
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name));
  const out = new Set<string>();
  for (const n of names) {
    const p = n.replace(/\.\d+(?=\.|$)/g, ".*");
    if (p.startsWith("system.")) out.add(p.slice("system.".length));
    else if (p.startsWith("bbb.reach.")) out.add("m2m.modes.*.reach");
    else if (p.startsWith("bbb.covered.")) out.add("m2m.locations.*.location");
  }
  return [...out];
}

describe("M2mItemSheet: every field of each block", () => {
  const cases: [M2mItemType, string][] = [
    ["weapon", AXE_ID],
    ["missile", CROSSBOW_ID],
    ["armour", ARMOUR_ID],
  ];
  for (const [type, id] of cases)
    it(`${type}: once every group is ticked, an input for every stored field`, async () => {
      const sheet = await openItem(id);
      await tickAllGroups(sheet);
      const shown = await shownPaths(sheet);
      expect(Object.keys(M2M_ITEM_RULES[type]).filter((p) => !shown.includes(p))).toEqual([]);
      await app.shoot(sheet, `m2m-class-item-${type}-every-field`);
      expect(await missingKeys(app.page)).toEqual([]);
      expect(app.errors).toEqual([]);
    });

  it("a missile weapon: ½D, hands and maximum damage switched on, edited and off", async () => {
    const sheet = await openItem(CROSSBOW_ID);
    const before = await itemM2m(CROSSBOW_ID);
    const half = sheet.locator('input[name="bbb.group.m2m.half"]');
    const hands = sheet.locator('input[name="bbb.group.m2m.hands"]');
    const md = sheet.locator('input[name="bbb.group.m2m.damage.md"]');
    // Start from none of them.
    for (const box of [half, hands, md])
      if (await box.isChecked()) {
        await box.uncheck();
        await app.settle();
      }
    expect(await itemM2m(CROSSBOW_ID)).toMatchObject({ half: null, hands: null });
    expect(((await itemM2m(CROSSBOW_ID)).damage as Obj).md).toBeNull();
    expect(await sheet.locator('input[name="system.m2m.half.perST"]').count()).toBe(0);
    await app.shoot(sheet, "m2m-class-item-missile-groups-off");
    for (const box of [half, hands, md]) {
      await box.check();
      await app.settle();
    }
    const on = await itemM2m(CROSSBOW_ID);
    expect(on.half).toEqual(before.max);
    expect(on.hands).toEqual({ fire: 2, load: 2 });
    expect((on.damage as Obj).md).toEqual({ dice: 1, adds: 0 });
    const load = sheet.locator('input[name="system.m2m.hands.load"]');
    await load.fill("1");
    await load.press("Tab");
    await app.settle();
    expect((await itemM2m(CROSSBOW_ID)).hands).toEqual({ fire: 2, load: 1 });
    const halfST = sheet.locator('input[name="system.m2m.half.perST"]');
    await halfST.fill("10");
    await halfST.press("Tab");
    await app.settle();
    expect(((await itemM2m(CROSSBOW_ID)).half as Obj).perST).toBe(10);
    const adds = sheet.locator('input[name="system.m2m.damage.md.adds"]');
    await adds.fill("3");
    await adds.press("Tab");
    await app.settle();
    expect(((await itemM2m(CROSSBOW_ID)).damage as Obj).md).toEqual({ dice: 1, adds: 3 });
    await app.shoot(sheet, "m2m-class-item-missile-groups-on");
    expect(app.errors).toEqual([]);
  });

  it("armour's cost by social class: ticked gives the cost for every class, edited, unticked", async () => {
    const sheet = await openItem(ARMOUR_ID);
    const box = sheet.locator('input[name="bbb.group.m2m.costByClass"]');
    expect(await box.isChecked()).toBe(false);
    expect((await box.locator("xpath=..").textContent())?.trim()).toBe("Priced by social class");
    await box.check();
    await app.settle();
    const cost = (await itemM2m(ARMOUR_ID)).cost as number;
    expect((await itemM2m(ARMOUR_ID)).costByClass).toEqual({
      peasant: cost,
      lower: cost,
      middle: cost,
      upper: cost,
      noble: cost,
    });
    const noble = sheet.locator('input[name="system.m2m.costByClass.noble"]');
    await noble.fill("900");
    await noble.press("Tab");
    await app.settle();
    expect(((await itemM2m(ARMOUR_ID)).costByClass as Obj).noble).toBe(900);
    await app.shoot(sheet, "m2m-class-item-armour-cost-by-class");
    await sheet.locator('input[name="bbb.group.m2m.costByClass"]').uncheck();
    await app.settle();
    expect((await itemM2m(ARMOUR_ID)).costByClass).toBeNull();
    expect(await sheet.locator("fieldset.bbb-m2m-cost-by-class").count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});

describe("M2mItemSheet: the other rulesets' blocks", () => {
  it("a GM sees the section, a block never filled in as one line; a player gets no section at all", async () => {
    const sheet = await openItem(AXE_ID);
    const hm3 = ((await app.page.evaluate((i) => window.bbb.itemSource(i), AXE_ID)).system as Obj)
      .hm3;
    // The axe was made for GURPS Man to Man: its HM3 block is the data model's defaults.
    expect(hm3).toMatchObject({ skill: "", wq: 10, attack: 0 });
    expect(await sheet.locator("section.bbb-item-others").count()).toBe(1);
    await sheet.locator(".bbb-other-blocks summary").click();
    const line = sheet.locator('.bbb-other-block-unset[data-block="hm3"]');
    expect(await line.textContent()).toBe("Not set for HârnMaster 3.");
    expect(await sheet.locator(".bbb-other-blocks table").count()).toBe(0);
    await app.shoot(sheet, "m2m-class-item-other-blocks-unset");
    expect(await missingKeys(app.page)).toEqual([]);

    await app.page.evaluate(() => window.bbb.reset());
    const player = await openItem(AXE_ID, 3);
    expect(await player.locator(".bbb-m2m-modes").count()).toBe(1);
    expect(await player.locator("section.bbb-item-others").count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});
