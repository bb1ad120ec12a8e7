/**
 * The Token HUD's status tooltips say how long each held condition lasts (src/foundry/combat/
 * hud-held.ts; issue 17): in an m2m fight, the palette's shock, stunned and crippled controls
 * read "Shock −3, until the end of Filthy Pierre's next turn", "Stunned, until recovered",
 * "Crippled left arm, for the encounter"; outside a fight, or in an HM3 world, nothing changes.
 * The HUD's HTML is a small element list (Node has no DOM).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { standIns, type StandInActor } from "../stand-ins";
import { heldCondition } from "../../../src/core/turns";
import { newFighterBlock } from "../../../src/rules/m2m/flow";
import { M2M_FIGHT_STORE } from "../../../src/foundry/rulesets/m2m/fight";
import { addHeldTooltips } from "../../../src/foundry/combat/hud-held";
import { registerTokenHud } from "../../../src/foundry/combat/hud";
import type { ActorLike } from "../../../src/foundry/combat/snapshot";
import { m2mActor, PACK_FIGHTERS as P, resetM2mWorld } from "../tracker/m2m-fixtures";

/** A status control of v13's palette: its data attributes and aria-label. */
class Control {
  dataset: Record<string, string | undefined>;
  attributes = new Map<string, string>();
  constructor(id: string, title: string) {
    this.dataset = { statusId: id, tooltipText: title };
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
}

function palette() {
  const controls = [
    new Control("shocked", "Shocked (penalty next turn)"),
    new Control("stunned", "Stunned"),
    new Control("crippled", "Crippled"),
    new Control("prone", "Prone"),
  ];
  const html = {
    selectors: [] as string[],
    querySelectorAll(selector: string) {
      this.selectors.push(selector);
      return controls;
    },
  };
  return { html, tip: (id: string) => controls.find((c) => c.dataset.statusId === id)! };
}

async function inFight(pierre: StandInActor): Promise<void> {
  const block = newFighterBlock(10, 4);
  const held = (condition: "shocked" | "stunned" | "crippled", until: never, more = {}) => ({
    ...heldCondition({ type: "condition", to: "defender", condition, cause: "wound", until }),
    ...more,
  });
  block.data.conditions = [
    held("shocked", "endOfNextTurn" as never, { value: 3 }),
    held("stunned", "recovered" as never),
    held("crippled", "encounter" as never, { location: "left-arm" }),
  ];
  await pierre.update(M2M_FIGHT_STORE.write(block));
}

beforeEach(resetM2mWorld);

describe("the Token HUD's status tooltips", () => {
  it("in an m2m fight, each held status says how long it lasts", async () => {
    const pierre = m2mActor(P.pierre);
    await inFight(pierre);
    const { html, tip } = palette();
    expect(addHeldTooltips(pierre as unknown as ActorLike, html)).toBe(3);
    expect(html.selectors).toEqual([".status-effects [data-status-id]"]);
    expect(tip("shocked").dataset.tooltipText).toBe(
      "Shock \u22123, until the end of Filthy Pierre's next turn",
    );
    expect(tip("stunned").dataset.tooltipText).toBe("Stunned, until recovered");
    expect(tip("crippled").dataset.tooltipText).toBe("Crippled left arm, for the encounter");
    expect(tip("crippled").attributes.get("aria-label")).toBe(
      "Crippled left arm, for the encounter",
    );
    // A status the fight does not hold keeps Foundry's own tooltip.
    expect(tip("prone").dataset.tooltipText).toBe("Prone");
  });

  it("through the renderTokenHUD hook, for the HUD's token's actor", async () => {
    const pierre = m2mActor(P.pierre);
    await inFight(pierre);
    registerTokenHud();
    const { html, tip } = palette();
    const left = { querySelector: () => null };
    const hud = { document: { uuid: "Scene.s.Token.t", actor: pierre } };
    standIns.Hooks.callAll(
      "renderTokenHUD",
      hud as never,
      { ...html, querySelector: left.querySelector } as never,
      {} as never,
      {} as never,
    );
    expect(tip("stunned").dataset.tooltipText).toBe("Stunned, until recovered");
  });

  it("outside a fight, or in a HârnMaster world, the tooltips are Foundry's", async () => {
    const pierre = m2mActor(P.pierre);
    const { html, tip } = palette();
    expect(addHeldTooltips(pierre as unknown as ActorLike, html)).toBe(0);
    await inFight(pierre);
    await standIns.game.settings.set("blow-by-blow", "ruleset", "hm3" as never);
    expect(addHeldTooltips(pierre as unknown as ActorLike, html)).toBe(0);
    expect(addHeldTooltips(null, html)).toBe(0);
    expect(tip("stunned").dataset.tooltipText).toBe("Stunned");
    expect(html.selectors).toEqual([]);
  });
});
