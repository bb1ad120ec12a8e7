/**
 * The Foundry side of GURPS Man to Man's maneuver tactics (src/foundry/rulesets/m2m/tactics.ts,
 * turns.ts; issue 17): a missile weapon's reload turns from its item data (seed 004 L1624–1638,
 * L2853; ruling M116), the maneuver list's foe and option fields, the choice's new fields and
 * their refusals, and the sheet's "reloading" reason.
 */
import { describe, expect, it } from "vitest";
import crossbow from "../../../../packs/_source/m2m-ranged-weapons/crossbow.json";
import compositeBow from "../../../../packs/_source/m2m-ranged-weapons/composite-bow.json";
import dagger from "../../../../packs/_source/m2m-ranged-weapons/dagger.json";
import { newFighterBlock } from "../../../../src/rules/m2m/flow";
import type { M2mMissileBlock } from "../../../../src/foundry/rulesets/m2m/item-data";
import { missileReload } from "../../../../src/foundry/rulesets/m2m/tactics";
import {
  m2mManeuverList,
  m2mManeuverView,
  parseManeuverChoice,
} from "../../../../src/foundry/rulesets/m2m/turns";

const m2m = (item: { system: unknown }) => (item.system as { m2m: M2mMissileBlock }).m2m;

describe("a missile weapon's reload turns (ruling M116)", () => {
  it("the bow's 2 (L1632); a crossbow at the user's ST 4, 2 of them cocking (L1634)", () => {
    expect(missileReload(m2m(compositeBow), 10)).toEqual({ reload: 2, cocking: 0 });
    expect(missileReload(m2m(crossbow), 10)).toEqual({ reload: 4, cocking: 2 });
  });

  it("a crossbow of set ST 1–2 over the user's cocks 6 s; 3–4 over, 20 s (L1636, L2853)", () => {
    expect(missileReload({ ...m2m(crossbow), bowST: 12 }, 10)).toEqual({ reload: 8, cocking: 6 });
    expect(missileReload({ ...m2m(crossbow), bowST: 13 }, 10)).toEqual({
      reload: 22,
      cocking: 20,
    });
    // A set ST at or under his: the table's time.
    expect(missileReload({ ...m2m(crossbow), bowST: 9 }, 10)).toEqual({ reload: 4, cocking: 2 });
  });

  it("a thrown weapon reloads nothing", () => {
    expect(missileReload(m2m(dagger), 10)).toEqual({ reload: 0, cocking: 0 });
  });
});

describe("the maneuver list and choice", () => {
  it("Aim names a weapon and a foe, Feint a foe, All-Out Attack one of its three options", () => {
    const basic = m2mManeuverList({});
    const needs = Object.fromEntries(basic.map((m) => [m.id, m.needs]));
    expect(needs).toMatchObject({
      aim: "weapon-foe",
      feint: "foe",
      "all-out-attack": "variant",
      attack: null,
    });
    expect(basic.find((m) => m.id === "all-out-attack")!.variants).toEqual([
      { id: "two-attacks", labelKey: "BLOWBYBLOW.M2M.AllOut.twoAttacks", needsFoe: false },
      {
        id: "feint-then-attack",
        labelKey: "BLOWBYBLOW.M2M.AllOut.feintThenAttack",
        needsFoe: true,
      },
      { id: "plus-4", labelKey: "BLOWBYBLOW.M2M.AllOut.plus4", needsFoe: false },
    ]);
    const advanced = m2mManeuverList({ advancedManeuvers: true });
    expect(advanced.find((m) => m.id === "step-and-feint")!.needs).toBe("foe");
  });

  it("the choice carries allOut and foe; other fields are refused by name", () => {
    expect(
      parseManeuverChoice({ maneuver: "all-out-attack", allOut: "plus-4", foe: "c1" }),
    ).toEqual({ maneuver: "all-out-attack", allOut: "plus-4", foe: "c1" });
    expect(() => parseManeuverChoice({ maneuver: "feint", target: "c1" })).toThrow(
      /choice\.target/,
    );
    expect(() => parseManeuverChoice({ maneuver: "feint", foe: 3 })).toThrow(/foe/);
  });

  it("the sheet says a weapon is reloading, not merely unready", () => {
    const b = newFighterBlock(10);
    Object.assign(b.data, {
      weapons: { bow: { place: "hand", turnsToReady: 2, stuck: "no", broken: false } },
      tactics: { reloading: { bow: { total: 2, cocking: 0 } } },
    });
    expect(m2mManeuverView(b).unready).toEqual([
      { id: "bow", key: "BLOWBYBLOW.M2M.Readiness.reloading", turns: 2 },
    ]);
  });
});
