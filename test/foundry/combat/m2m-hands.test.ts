/**
 * The attack dialog's hand for GURPS Man to Man (src/foundry/rulesets/m2m/combat/hands.ts;
 * seed 004 L518–528, spec §2.4, §5.2): every one-handed mode is offered in the off hand too,
 * labelled with its −4; the off-hand attack's target itemises the −4 and the declaration
 * carries the hand; Ambidextrousness on the sheet removes it; a malformed mode is refused.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { AttackRequest } from "../../../src/core/combat";
import { flowAttackTarget, parseFlowDeclaration } from "../../../src/rules/m2m/flow";
import { m2mCombat } from "../../../src/foundry/rulesets/m2m/combat";
import { writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import { newFighterBlock } from "../../../src/rules/m2m/flow";
import { resetFlow } from "./fixtures";
import { AXE, m2mWorld, SHORTSWORD, snap, type M2mWorld } from "./m2m-world";

beforeEach(resetFlow);

const request = (mode: string): AttackRequest => ({
  itemId: AXE,
  mode,
  aim: "torso",
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
  custom: [],
});

async function attackTurn(w: M2mWorld): Promise<void> {
  const b = newFighterBlock(14, 14);
  await w.friedrick.update(
    writeFight({ ...b, data: { ...b.data, turn: 1, maneuver: "attack", maneuverTurn: 1 } }),
  );
}

const declared = (w: M2mWorld, mode: string) =>
  parseFlowDeclaration(
    m2mCombat.buildDeclaration(snap(w.friedrick), snap(w.pierre), request(mode), {}).declaration,
  );

describe("the hand in the m2m attack dialog (L524)", () => {
  it("offers the axe's swing in the main hand and in the off hand", async () => {
    const w = await m2mWorld();
    const axe = m2mCombat
      .attackOptions(snap(w.friedrick), snap(w.pierre))
      .find((o) => o.itemId === AXE)!;
    expect(axe.modes.map((m) => [m.id, m.labelKey])).toEqual([
      ["0", "BLOWBYBLOW.M2M.Sheet.ModeBase.sw"],
      ["0:off", "BLOWBYBLOW.M2M.Combat.OffHand.sw"],
    ]);
  });

  it("an off-hand swing is 4 under the main hand (Axe 14, large shield −2: 12 → 8), itemised", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    const off = declared(w, "0:off");
    expect(off.attack).toMatchObject({ mode: "0", hand: "off" });
    const t = flowAttackTarget(off);
    expect(t.value).toBe(8);
    expect(t.modifiers).toContainEqual(
      expect.objectContaining({ key: "attack.offHand", value: -4 }),
    );
    expect(m2mCombat.labels.modifiers["attack.offHand"]).toBe(
      "BLOWBYBLOW.Card.M2M.Modifier.offHand",
    );
    expect(flowAttackTarget(declared(w, "0")).value).toBe(12);
    // The dialog's own target agrees.
    expect(m2mCombat.attackTarget(snap(w.friedrick), snap(w.pierre), request("0:off")).value).toBe(
      8,
    );
  });

  it("L526–528: with Ambidextrousness on his sheet the off hand strikes as the main (12)", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    await w.friedrick.update({ "system.m2m.advantages.ambidextrousness": 1 });
    const off = declared(w, "0:off");
    expect(off.attacker.ambidextrous).toBe(true);
    expect(flowAttackTarget(off).value).toBe(12);
  });

  it("refuses ':off' without a mode, and a mode the weapon lacks, naming the field", async () => {
    const w = await m2mWorld();
    await attackTurn(w);
    expect(() => declared(w, ":off")).toThrow(/mode/);
    expect(() => declared(w, "7:off")).toThrow(/attack\.mode/);
  });

  it("offers the hand the item is held in first: Pierre's shortsword moved to the off hand", async () => {
    const w = await m2mWorld();
    const sword = () =>
      m2mCombat
        .attackOptions(snap(w.pierre), snap(w.friedrick))
        .find((o) => o.itemId === SHORTSWORD)!;
    expect(sword().modes[0]!.id).toBe("0");
    const item = w.pierre.items.get(SHORTSWORD)!;
    await item.update({ "system.held": "off" });
    expect(
      sword()
        .modes.map((m) => m.id)
        .slice(0, 2),
    ).toEqual(["0:off", "0"]);
  });
});
