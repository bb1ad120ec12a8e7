/**
 * Left-handed m2m fighters in Foundry (seed 004 L522, L1976; ruling M132;
 * src/foundry/rulesets/m2m/combat/handedness.ts): the actor's `system.m2m.leftHanded` reaches
 * the flow fighter, so the crippled arm that stops a main-hand attack is the left one, and the
 * map's right arc is a left-handed defender's shield side. Actors stored without the field are
 * right-handed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { AttackRequest } from "../../../src/core/combat";
import { ScriptedDice, type Dice } from "../../../src/core/dice";
import {
  flowAttackTarget,
  m2mFlow,
  newFighterBlock,
  parseFlowDeclaration,
} from "../../../src/rules/m2m/flow";
import { m2mCombat } from "../../../src/foundry/rulesets/m2m/combat";
import { isLeftHanded, sideForHand } from "../../../src/foundry/rulesets/m2m/combat/handedness";
import { writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import { resetFlow } from "./fixtures";
import { AXE, m2mWorld, snap, type M2mWorld } from "./m2m-world";

beforeEach(resetFlow);

const request = (mode: string, situation: Record<string, unknown> = {}): AttackRequest => ({
  itemId: AXE,
  mode,
  aim: "torso",
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance: 1, ...situation },
  custom: [],
});

/** Friedrick on his attack turn, with his `arm` crippled (a wound's condition) if named. */
async function attackTurn(w: M2mWorld, arm?: string): Promise<void> {
  const b = newFighterBlock(14, 14);
  const conditions = arm
    ? [{ condition: "crippled", cause: "wound", until: "encounter", location: arm, armed: false }]
    : [];
  await w.friedrick.update(
    writeFight({
      ...b,
      data: { ...b.data, turn: 1, maneuver: "attack", maneuverTurn: 1, conditions },
    }),
  );
}

const declared = (w: M2mWorld, mode: string, options: Record<string, boolean> = {}, s = {}) =>
  parseFlowDeclaration(
    m2mCombat.buildDeclaration(snap(w.friedrick), snap(w.pierre), request(mode, s), options)
      .declaration,
  );

describe("left-handed m2m fighters (L522, ruling M132)", () => {
  it("the pack fighters are right-handed; the sheet's field reaches the flow fighter", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    expect(isLeftHanded(snap(w.friedrick))).toBe(false);
    const before = declared(w, "0");
    expect([before.attacker.leftHanded, before.defender.leftHanded]).toEqual([false, false]);
    await w.friedrick.update({ "system.m2m.leftHanded": true });
    await w.pierre.update({ "system.m2m.leftHanded": true });
    const after = declared(w, "0");
    expect([after.attacker.leftHanded, after.defender.leftHanded]).toEqual([true, true]);
  });

  it("an actor stored without the field (before schema 6) is right-handed", () => {
    expect(isLeftHanded({ system: { m2m: { hp: 10 } } })).toBe(false);
    expect(isLeftHanded({ system: {} })).toBe(false);
    expect(isLeftHanded({ system: { m2m: { leftHanded: "yes" } } })).toBe(false);
  });

  it("a crippled left arm stops a left-hander's main-hand axe but not his off hand", async () => {
    const w = await m2mWorld();
    await w.friedrick.update({ "system.m2m.leftHanded": true });
    await attackTurn(w, "left-arm");
    expect(() => flowAttackTarget(declared(w, "0"))).toThrow(/weapon arm is crippled/);
    expect(flowAttackTarget(declared(w, "0:off")).value).toBe(8);
  });

  it("a crippled right arm stops a left-hander's off hand only (a right-hander's main hand)", async () => {
    const w = await m2mWorld();
    await attackTurn(w, "right-arm");
    expect(() => flowAttackTarget(declared(w, "0"))).toThrow(/weapon arm is crippled/);
    await w.friedrick.update({ "system.m2m.leftHanded": true });
    await attackTurn(w, "right-arm");
    expect(flowAttackTarget(declared(w, "0")).value).toBe(12);
    expect(() => flowAttackTarget(declared(w, "0:off"))).toThrow(/weapon arm is crippled/);
  });

  it("L1976: from the defender's right arc a left-hander is struck on his shield side", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    const advanced = { advancedManeuvers: true };
    expect(declared(w, "0", advanced, { fromArc: "right" }).attack.fromHex).toBe("weapon-side");
    await w.pierre.update({ "system.m2m.leftHanded": true });
    expect(declared(w, "0", advanced, { fromArc: "right" }).attack.fromHex).toBe("shield-side");
    expect(declared(w, "0", advanced, { fromArc: "left" }).attack.fromHex).toBe("weapon-side");
    expect(declared(w, "0", advanced, { fromArc: "back" }).attack.fromHex).toBe("back");
    expect(sideForHand("front", true)).toBe("front");
  });

  it("a left-hander's shield arm is the right: crippled, Pierre cannot block; his crippled left arm does not stop it", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    await w.pierre.update({ "system.m2m.leftHanded": true });
    const fallback: Dice = { roll: (_n, count) => Array.from({ length: count }, () => 3) };
    const blockOpen = async (arm: string) => {
      const b = newFighterBlock(10, 10);
      const crippled = { condition: "crippled", cause: "wound", until: "encounter", location: arm };
      await w.pierre.update(
        writeFight({ ...b, data: { ...b.data, conditions: [{ ...crippled, armed: false }] } }),
      );
      const raw = m2mCombat.buildDeclaration(snap(w.friedrick), snap(w.pierre), request("0"), {});
      const state = m2mFlow.start(
        m2mFlow.parseDeclaration(raw.declaration),
        new ScriptedDice({ attack: [3, 3, 4] }, fallback),
      );
      const block = m2mFlow.pending(state)!.options.find((o) => o.id === "block")!;
      return block.unavailableKey === undefined;
    };
    expect(await blockOpen("right-arm")).toBe(false);
    expect(await blockOpen("left-arm")).toBe(true);
  });
});
