/**
 * The m2m item sheet's switchable groups in Chromium (issue 16): M2mItemSheet on the Foundry
 * stand-ins in their DOM mode (test/browser/app), in an m2m world, with the real templates and
 * CSS. Playwright ticks and unticks the group boxes (a mode's maximum damage, L976; a weapon's
 * shield stats, L1071–1076, and their hits, L3179–3181; a missile weapon's damage, L3044); each
 * test checks the stored source, the re-rendered sheet and, for a refusal, the warning naming
 * the field. Screenshots under test-output/screenshots/.
 */
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useAppSession } from "./app-session";
import { missingKeys } from "./harness";
import { AXE_ID, CROSSBOW_ID, SHIELD_ID } from "../foundry/rulesets/m2m/sheet-fixtures";

type Obj = Record<string, unknown>;

const app = useAppSession();

async function openItem(id: string): Promise<Locator> {
  await app.page.evaluate(() => window.bbb.openM2mActorSheet());
  const { id: appId } = await app.page.evaluate((i) => window.bbb.openM2mItemSheet(i), id);
  return app.page.locator(`[id="${appId}"]`);
}

async function itemM2m(id: string): Promise<Obj & { modes: Obj[] }> {
  const source = await app.page.evaluate((i) => window.bbb.itemSource(i), id);
  return (source.system as Obj).m2m as Obj & { modes: Obj[] };
}

async function toggle(box: Locator, on: boolean): Promise<void> {
  if (on) await box.check();
  else await box.uncheck();
  await app.settle();
}

describe("M2mItemSheet: switchable groups", () => {
  it("a mode's maximum damage: ticked gives 1d with its inputs, an edit is stored, unticked stores null", async () => {
    const sheet = await openItem(AXE_ID);
    const box = sheet.locator('input[name="bbb.group.m2m.modes.0.md"]');
    expect(await box.isChecked()).toBe(false);
    expect(await sheet.locator('input[name="system.m2m.modes.0.md.dice"]').count()).toBe(0);
    expect((await box.locator("xpath=..").textContent())?.trim()).toBe("Maximum damage");
    await toggle(box, true);
    expect((await itemM2m(AXE_ID)).modes[0]!.md).toEqual({ dice: 1, adds: 0 });
    const adds = sheet.locator('input[name="system.m2m.modes.0.md.adds"]');
    expect(await adds.inputValue()).toBe("0");
    await adds.fill("2");
    await adds.press("Tab");
    await app.settle();
    expect((await itemM2m(AXE_ID)).modes[0]!.md).toEqual({ dice: 1, adds: 2 });
    await app.shoot(sheet, "m2m-class-item-md");
    await toggle(sheet.locator('input[name="bbb.group.m2m.modes.0.md"]'), false);
    expect((await itemM2m(AXE_ID)).modes[0]!.md).toBeNull();
    expect(await sheet.locator('input[name="system.m2m.modes.0.md.dice"]').count()).toBe(0);
    expect(await missingKeys(app.page)).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it("shield stats: ticked on the axe gives the table's medium shield (PD 3, DR 3, hits 7/40, L1075), unticked removes them", async () => {
    const sheet = await openItem(AXE_ID);
    expect(await sheet.locator("fieldset.bbb-m2m-shield").count()).toBe(0);
    await toggle(sheet.locator('input[name="bbb.group.m2m.shield"]'), true);
    expect((await itemM2m(AXE_ID)).shield).toEqual({
      size: "medium",
      pd: 3,
      dr: 3,
      hits: { penetrate: 7, total: 40 },
      spiked: false,
    });
    expect(await sheet.locator('input[name="system.m2m.shield.pd"]').inputValue()).toBe("3");
    expect(await sheet.locator('input[name="system.m2m.shield.hits.total"]').inputValue()).toBe(
      "40",
    );
    await app.shoot(sheet, "m2m-class-item-shield-on");
    await toggle(sheet.locator('input[name="bbb.group.m2m.shield.hits"]'), false);
    expect((await itemM2m(AXE_ID)).shield).toMatchObject({ hits: null, pd: 3 });
    expect(await sheet.locator('input[name="system.m2m.shield.hits.total"]').count()).toBe(0);
    await toggle(sheet.locator('input[name="bbb.group.m2m.shield"]'), false);
    expect((await itemM2m(AXE_ID)).shield).toBeNull();
    expect(await sheet.locator("fieldset.bbb-m2m-shield").count()).toBe(0);
    expect((await itemM2m(AXE_ID)).modes).toHaveLength(1);
    expect(app.errors).toEqual([]);
  });

  it("unticking the stats of a shield without modes is refused naming the field; the box comes back", async () => {
    const sheet = await openItem(SHIELD_ID);
    const before = (await itemM2m(SHIELD_ID)).shield;
    const box = sheet.locator('input[name="bbb.group.m2m.shield"]');
    // A click, not uncheck(): the refused box is ticked again at once, as stored.
    await box.click();
    await app.settle();
    expect((await itemM2m(SHIELD_ID)).shield).toEqual(before);
    expect(await box.isChecked()).toBe(true);
    const notes = await app.page.evaluate(() => window.bbb.notifications());
    expect(notes.at(-1)).toEqual({
      type: "warning",
      message:
        "Shield: null would leave the weapon with no use: a weapon needs at least one attack mode, or shield statistics.",
    });
    await app.shoot(sheet, "m2m-class-item-shield-refused");
  });

  it("a missile weapon's damage: unticked stores null (as the oil flask's), ticked gives thrust impaling +0", async () => {
    const sheet = await openItem(CROSSBOW_ID);
    const box = sheet.locator('input[name="bbb.group.m2m.damage"]');
    expect(await box.isChecked()).toBe(true);
    await toggle(box, false);
    expect((await itemM2m(CROSSBOW_ID)).damage).toBeNull();
    expect(await sheet.locator('select[name="system.m2m.damage.type"]').count()).toBe(0);
    await app.shoot(sheet, "m2m-class-item-missile-no-damage");
    await toggle(sheet.locator('input[name="bbb.group.m2m.damage"]'), true);
    expect((await itemM2m(CROSSBOW_ID)).damage).toEqual({
      base: "thr",
      type: "imp",
      mod: 0,
      md: null,
    });
    expect(await sheet.locator('select[name="system.m2m.damage.type"]').inputValue()).toBe("imp");
    expect(await missingKeys(app.page)).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it("an observer cannot switch a group: the boxes are disabled and nothing is stored", async () => {
    await app.page.evaluate(() => window.bbb.openM2mActorSheet(2));
    const { id } = await app.page.evaluate((i) => window.bbb.openM2mItemSheet(i), AXE_ID);
    const sheet = app.page.locator(`[id="${id}"]`);
    const boxes = sheet.locator('input[name^="bbb.group."]');
    expect(await boxes.count()).toBe(2);
    for (const box of await boxes.all()) expect(await box.isDisabled()).toBe(true);
    await sheet.locator('input[name="bbb.group.m2m.shield"]').click({ force: true });
    await app.settle();
    expect(await app.page.evaluate(() => window.bbb.updates())).toEqual([]);
    expect((await itemM2m(AXE_ID)).shield).toBeNull();
  });
});
