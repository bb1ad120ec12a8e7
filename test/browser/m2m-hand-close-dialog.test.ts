/**
 * The attack dialog (templates/dialog/*.hbs, src/foundry/combat/attack-form.ts) for a GURPS Man
 * to Man fighter in Chromium with the system's CSS: Fiendish Friedrick (the pack fighter, on
 * the stand-ins) with a dagger beside his axe. The modes show each hand (the off hand's −4,
 * seed 004 L524) and the dagger's entry into close combat from the hand it is held in (ch. 6,
 * L2677); the off-hand thrust stepping in itemises the off hand's −4 and the close-combat
 * weapon's −2 (L2663) in the breakdown.
 * Screenshot: test-output/screenshots/dialog-m2m-hand-close.png.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import daggerSource from "../../packs/_source/m2m-hand-weapons/dagger.json";
import type { AttackOption } from "../../src/core/combat";
import { attackDialogContext, initialAttackDraft } from "../../src/foundry/combat/attack-form";
import { m2mCombat } from "../../src/foundry/rulesets/m2m/combat";
import { writeFight } from "../../src/foundry/rulesets/m2m/fight";
import { newFighterBlock } from "../../src/rules/m2m/flow";
import { resetFlow } from "../foundry/combat/fixtures";
import { m2mWorld, snap } from "../foundry/combat/m2m-world";
import { format, localize } from "../foundry/stand-ins/handlebars";
import { launch, missingKeys, renderPage, renderTemplate, screenshot } from "./harness";

const PARTS = ["attack", "modifiers", "breakdown", "footer"] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe("the m2m attack dialog: the hand and close combat", () => {
  it("offers each hand and the entry into close combat; the breakdown itemises both", async () => {
    resetFlow();
    const w = await m2mWorld();
    const dagger = structuredClone(daggerSource);
    dagger.system.equipped = true;
    dagger.system.held = "off";
    await w.friedrick.createEmbeddedDocuments("Item", [dagger], { keepId: true });
    const b = newFighterBlock(14, 14);
    await w.friedrick.update(
      writeFight({
        ...b,
        data: { ...b.data, turn: 1, maneuver: "step-and-attack", maneuverTurn: 1 },
      }),
    );
    const attacker = snap(w.friedrick);
    const defender = snap(w.pierre);
    const input = {
      attacker,
      defender,
      options: m2mCombat.attackOptions(attacker, defender),
      preview: (r: Parameters<typeof m2mCombat.attackTarget>[2]) =>
        // The preview gets the world's rules (actions.ts worldOptions): this world plays close combat.
        m2mCombat.attackTarget(attacker, defender, r, { closeCombat: true }),
      bandFor: (o: AttackOption, d: number) => m2mCombat.bandFor(o, d),
      labels: m2mCombat.labels,
    };
    const situation = { engagingDefender: 1, defenderProne: false, distance: 1 };
    const draft = {
      ...initialAttackDraft(input.options, situation, dagger._id),
      mode: "0:off:enter",
      aim: "torso",
    };
    const context = {
      ...attackDialogContext(input, draft, localize, format),
      submitLabel: "BLOWBYBLOW.Dialog.Attack.submit",
    };
    const html = PARTS.map((part) =>
      renderTemplate(`templates/dialog/${part}.hbs`, {
        ...context,
        partId: `bbb-attack-1-${part === "attack" ? "form" : part}`,
      }),
    ).join("\n");
    const page = await renderPage(browser, {
      html,
      classes: ["bbb-dialog", "bbb-attack-dialog"],
      width: 560,
      height: 900,
    });
    await screenshot(page, "dialog-m2m-hand-close");
    try {
      expect(await missingKeys(page)).toEqual([]);
      const modes = (await page.locator(".bbb-modes .bbb-choice").allTextContents()).map((t) =>
        t.replace(/\s+/g, " ").trim(),
      );
      // Held in the off hand: the off hand first, then the main hand, then the entry.
      expect(modes[0]).toMatch(/^Thrust, off hand \(−4 unless ambidextrous\)/);
      expect(modes[1]).toMatch(/^Thrust/);
      expect(modes[2]).toMatch(/^Thrust, stepping into close combat/);
      expect(await page.locator('input[name="mode"]:checked').inputValue()).toBe("0:off:enter");
      const lines = (await page.locator(".bbb-breakdown-table tr").allTextContents()).map((t) =>
        t.replace(/\s+/g, " ").trim(),
      );
      expect(lines).toContain("Weapon in close combat (seed 004 L2663) \u22122");
      expect(lines).toContain("Off hand (seed 004 L524) \u22124");
      expect(await page.locator(".bbb-field-error:visible").count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
