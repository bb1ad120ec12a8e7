/**
 * The m2m actor sheet's view of the fight state block (issue 17): the maneuver chosen (it
 * governs the defences until the next one, L1568, §6.8), the posture and each weapon not ready
 * (§4.6), named as on the sheet; nothing outside a fight or for a block the flow refuses; the
 * combat tab shows them, names with HTML as text.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import {
  m2mActorContext,
  type M2mActorContextInput,
} from "../../../../src/foundry/rulesets/m2m/sheets/actor/context";
import { newFighterBlock } from "../../../../src/rules/m2m/flow";
import { renderTemplate } from "../../../browser/harness";
import {
  AXE_ID,
  friedrickBlock,
  friedrickDerived,
  friedrickItems,
  HTML_NAME,
} from "./sheet-fixtures";

const LANG: unknown = JSON.parse(readFileSync("lang/en.json", "utf8"));
const base = localizerOf(LANG);

function input(fight: unknown): M2mActorContextInput {
  const block = { ...friedrickBlock(), fight } as ReturnType<typeof friedrickBlock>;
  return {
    type: "character",
    name: "Fiendish Friedrick",
    img: "",
    system: { m2m: block, description: "" },
    derived: friedrickDerived(block),
    items: friedrickItems(),
    editable: true,
    localize: base.localize,
  };
}

function fightBlock() {
  const b = newFighterBlock(14, 9);
  Object.assign(b.data, {
    turn: 2,
    maneuver: "all-out-defence",
    maneuverTurn: 2,
    posture: "kneeling",
    weapons: { [AXE_ID]: { place: "hand", turnsToReady: 1, stuck: "no", broken: false } },
  });
  return b;
}

describe("the sheet's fight view", () => {
  it("shows the maneuver, the posture and the axe unready after its swing", () => {
    const ctx = m2mActorContext(input(JSON.stringify(fightBlock())));
    const axe = friedrickItems().find((i) => i.id === AXE_ID)!;
    expect(ctx.combat.fight).toEqual({
      maneuver: "All-Out Defense",
      posture: "Kneeling",
      unready: [{ name: axe.name, why: "Unready: 1 Ready maneuver(s) to go" }],
      tactics: [],
    });
  });

  it("says what carries over: All-Out Attack's option, the aim, a feint, a lost aim (M114-M116)", () => {
    const b = fightBlock();
    Object.assign(b.data, {
      maneuver: "all-out-attack",
      feints: { "Actor.pierre": { margin: 3, armed: true } },
      tactics: {
        allOut: "feint-then-attack",
        aim: { foe: "Actor.pierre", weapon: AXE_ID, turns: 3, turn: 1 },
        spoiled: { what: "concentration", why: "injury", turn: 2 },
      },
    });
    const axe = friedrickItems().find((i) => i.id === AXE_ID)!;
    const ctx = m2mActorContext(input(JSON.stringify(b)));
    expect(ctx.combat.fight!.tactics).toEqual([
      "All-Out Attack: (b) A feint, then an attack",
      `Aiming the ${axe.name}: 3 turn(s), +2 to hit`,
      "Feint: −3 to the foe's defences against his attack this turn",
      "Concentration broken (an injury)",
    ]);
    const html = renderTemplate("templates/m2m/actor/combat.hbs", ctx);
    expect(html).toContain('<ul class="bbb-m2m-tactics plain">');
    expect(html).toContain("<li>Concentration broken (an injury)</li>");
  });

  it("before the first maneuver: none chosen; outside a fight or with a refused block: nothing", () => {
    const fresh = newFighterBlock(14, 9);
    expect(m2mActorContext(input(JSON.stringify(fresh))).combat.fight).toEqual({
      maneuver: "No maneuver chosen yet",
      posture: "Standing",
      unready: [],
      tactics: [],
    });
    expect(m2mActorContext(input(null)).combat.fight).toBeNull();
    expect(m2mActorContext(input("{not json")).combat.fight).toBeNull();
    expect(m2mActorContext(input(JSON.stringify({ ruleset: "hm3" }))).combat.fight).toBeNull();
  });

  it("the combat tab renders it, a weapon's HTML name as text", () => {
    const b = fightBlock();
    (b.data.weapons as Record<string, unknown>)["m2mItemNamed0001"] = {
      place: "ground",
      turnsToReady: 0,
      stuck: "no",
      broken: false,
    };
    const withHtml = input(JSON.stringify(b));
    withHtml.items = [
      ...withHtml.items,
      { ...withHtml.items.find((i) => i.id === AXE_ID)!, id: "m2mItemNamed0001", name: HTML_NAME },
    ];
    const ctx = m2mActorContext(withHtml);
    const html = renderTemplate("templates/m2m/actor/combat.hbs", ctx);
    const section = html.slice(html.indexOf('<fieldset class="bbb-m2m-fight">'));
    expect(section).toContain("<strong>All-Out Defense</strong>");
    expect(section).toContain('<span class="bbb-m2m-posture">Kneeling</span>');
    expect(section).toContain("On the ground");
    expect(section).not.toContain(HTML_NAME);
    expect(section).toContain("&lt;b&gt;Axe&lt;/b&gt;");
  });
});
