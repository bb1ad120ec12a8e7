/**
 * The m2m actor sheet's combat tab in Chromium (issue 16), M2mActorSheet on the Foundry
 * stand-ins in their DOM mode with the real templates and CSS: the hit-location table with gear
 * that makes its "vs impaling" and shield-PD cells non-trivial (Friedrick with his large shield,
 * PD 4, seed 004 L1076, and chainmail: coif and leggings alone, PD 3 / DR 3 and PD 0 / DR 1
 * against impaling, L1168, L4880; the shirt over cloth armour, PD 3 / DR 4 and PD 1 / DR 2,
 * L4878; the shield's PD on every location from the front, L1299, L2406; the skull's DR 1,
 * L2470), and a creature's hit-location plan. Figures as test/foundry/rulesets/m2m/
 * sheet-combat.test.ts works them out. Screenshots under test-output/screenshots/.
 */
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useAppSession } from "./app-session";
import { missingKeys } from "./harness";

const app = useAppSession();

async function openCombat(type: "character" | "creature" = "character"): Promise<Locator> {
  const { id } = await app.page.evaluate(
    (t) => window.bbb.openM2mActorSheet(null, "chain", t),
    type,
  );
  const sheet = app.page.locator(`[id="${id}"]`);
  await sheet.locator('nav.tabs a[data-tab="combat"]').click();
  return sheet;
}

/** One row of the location table as shown: PD, DR, the hints, the pieces, the tooltips. */
async function row(sheet: Locator, id: string) {
  const r = sheet.locator(`tr.bbb-m2m-location[data-location="${id}"]`);
  const text = async (sel: string) =>
    (await r.locator(sel).count()) ? ((await r.locator(sel).textContent()) ?? "").trim() : "";
  return {
    pd: await text(".bbb-m2m-location-pd"),
    dr: await text(".bbb-m2m-location-dr"),
    vsImpaling: await text(".bbb-m2m-vs-impaling"),
    fromBehind: await text(".bbb-m2m-from-behind"),
    pieces: await r.locator(".bbb-m2m-piece").allTextContents(),
    pdTooltip: await r.locator(".bbb-m2m-location-pd").getAttribute("data-tooltip"),
    drTooltip: await r.locator(".bbb-m2m-location-dr").getAttribute("data-tooltip"),
  };
}

describe("M2mActorSheet combat tab: hit locations with chainmail and a large shield", () => {
  it("vs impaling and shield-PD cells: head 7/4 (vs imp 4/2), torso 7/4 (5/2), leg 7/3 (4/1), arm 4/0", async () => {
    const sheet = await openCombat();
    expect(await row(sheet, "head")).toEqual({
      pd: "7",
      dr: "4",
      vsImpaling: "vs impaling: PD 4, DR 2",
      fromBehind: "",
      pieces: ["Chain coif"],
      pdTooltip: "PD 0, Armour +3, Shield +4",
      drTooltip: "DR 0, Armour +3, Skull +1",
    });
    expect(await row(sheet, "torso")).toMatchObject({
      pd: "7",
      dr: "4",
      vsImpaling: "vs impaling: PD 5, DR 2",
      pieces: ["Chainmail", "Cloth armor"],
    });
    expect(await row(sheet, "right-leg")).toMatchObject({
      pd: "7",
      dr: "3",
      vsImpaling: "vs impaling: PD 4, DR 1",
      pieces: ["Chainmail leggings"],
    });
    expect(await row(sheet, "left-arm")).toMatchObject({
      pd: "4",
      dr: "0",
      vsImpaling: "",
      pieces: [],
      pdTooltip: "PD 0, Shield +4",
    });
    // The hint sits inside the location's name cell and the table fits the sheet.
    const table = sheet.locator("table.bbb-m2m-locations");
    const [tw, sw] = await Promise.all([
      table.evaluate((el) => el.scrollWidth),
      sheet.evaluate((el) => el.clientWidth),
    ]);
    expect(tw).toBeLessThanOrEqual(sw);
    await app.shoot(sheet, "m2m-class-combat-chainmail");
    expect(await missingKeys(app.page)).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it("a character shows no hit-location plan; a creature shows its plan, the human one being the only so far", async () => {
    const character = await openCombat();
    expect(await character.locator(".bbb-m2m-body-plan").count()).toBe(0);
    await app.page.evaluate(() => window.bbb.reset());
    const creature = await openCombat("creature");
    expect(await creature.locator(".bbb-actor-type").textContent()).toBe(
      "GURPS Man to Man creature sheet",
    );
    const plan = creature.locator(".bbb-m2m-body-plan");
    expect(await plan.locator(".bbb-m2m-body-plan-label").textContent()).toBe("Hit-location plan:");
    expect(await plan.locator(".bbb-m2m-body-plan-value").textContent()).toBe(
      "Human (seed 004 L2414–2476)",
    );
    expect(await plan.locator(".bbb-hint").textContent()).toBe(
      "(the only plan so far: other creatures' tables are not in the rules yet)",
    );
    expect(await plan.isVisible()).toBe(true);
    await app.shoot(creature, "m2m-class-creature-combat");
    expect(await missingKeys(app.page)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
