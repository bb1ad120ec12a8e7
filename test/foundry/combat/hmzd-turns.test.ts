/**
 * The zone-die turns in the tracker on the stand-ins (issue 18, Z11, Z15): the Brigand, stunned
 * by an exchange (his `system.hmzd` state STN, the `stunned` status), makes his recovery Shock
 * test at the end of his next turn on the active GM's client (zd-state's turn hooks): a success
 * ends STN and its status; the tracker asks for no maneuver (the routine has none); an INC
 * fighter takes no action.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createCombat, fixedFaces, settle, standIns, type StandInActor } from "../stand-ins";
import { resetFlow } from "./fixtures";
import { hmzdWorld } from "./hmzd-world";

const hmzdOf = (a: StandInActor) =>
  (a._source.system as unknown as { hmzd: { state: string; recovery: { at: string } } }).hmzd;

async function stun(a: StandInActor, state: "STN" | "INC"): Promise<void> {
  await a.update({
    "system.hmzd.state": state,
    "system.hmzd.recovery": { at: "turnEnd", armed: false, due: null },
  });
  await a.toggleStatusEffect(state === "STN" ? "stunned" : "shock", { active: true });
}

beforeEach(resetFlow);

describe("zone-die turns in the tracker", () => {
  it("a stunned fighter's recovery test comes at the end of his next turn; success ends STN", async () => {
    const w = await hmzdWorld();
    await stun(w.brigand, "STN");
    const combat = await createCombat([w.tAldric, w.tBrigand]);
    // Initiative d100s (shown, not ordered by: Initiative EML orders, Z11).
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [50, 100],
      [40, 100],
    ]);
    await combat.rollAll();
    await combat.startCombat();
    await settle();
    // The unarmoured Brigand's Initiative EML is the higher (PP, Z11): his turn starts first,
    // arming his recovery test; it is made as that turn ends (recovery 20 against Shock 75).
    expect(combat.combatant?.actor?.id).toBe(w.brigand.id);
    expect(hmzdOf(w.brigand).state).toBe("STN");
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([[20, 100]]);
    await combat.nextTurn();
    await settle();
    expect(combat.combatant?.actor?.id).toBe(w.aldric.id);
    expect(hmzdOf(w.brigand).state).toBe("none");
    expect(hmzdOf(w.brigand).recovery.at).toBe("none");
    expect([...w.brigand.statuses]).not.toContain("stunned");
  });

  it("an incapacitated fighter takes no action: his turn starts actionless", async () => {
    const w = await hmzdWorld();
    await stun(w.brigand, "INC");
    const combat = await createCombat([w.tAldric, w.tBrigand]);
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [50, 100],
      [40, 100],
    ]);
    await combat.rollAll();
    await combat.startCombat();
    await settle();
    await combat.nextTurn();
    await settle();
    const brigand = combat.combatants.find((c) => c.actor?.id === w.brigand.id)!;
    const marks = (brigand.flags["blow-by-blow"] as { turnEvents?: { actionless?: boolean } })
      .turnEvents;
    expect(marks?.actionless).toBe(true);
  });
});
