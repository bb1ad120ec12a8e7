/**
 * The m2m item sheet in Chromium (issue 16, leftovers): M2mItemSheet on the Foundry stand-ins in
 * their DOM mode (test/browser/app), in an m2m world, with the real templates and CSS. An edit
 * that leaves the whole block breaking one of its rules (the last attack mode of a weapon that
 * is not a shield removed, a suit that no longer covers the body) is refused naming the field
 * and value, the stored data unchanged and the sheet showing it. Screenshots under
 * test-output/screenshots/.
 */
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useAppSession } from "./app-session";
import { missingKeys } from "./harness";
import { ARMOUR_ID, AXE_ID } from "../foundry/rulesets/m2m/sheet-fixtures";

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
