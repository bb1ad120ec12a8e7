/**
 * A zone-die fighter the tracker skips (ruling Z36, Z15, Z20; 001:83, 001:161): Foundry's
 * tracker with "skip defeated" passes over an unconscious (UNC) fighter, so his turn events
 * never run; at the end of each round his turn's ten seconds pass all the same (zd-state's
 * `passTime`), on the active GM's client: an M injury's ten unhindered minutes run out, and
 * when his ten minutes are up he makes his recovery Shock test. Success: INC (`shock`), no
 * longer defeated, so his turns run again (INC takes no action but recovers at his turn's end);
 * failure: ten minutes more, still defeated.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createCombat, fixedFaces, settle, standIns, type StandInActor } from "../stand-ins";
import { resetFlow } from "./fixtures";
import { hmzdWorld, type HmzdWorld } from "./hmzd-world";

type Block = {
  state: string;
  clock: number;
  recovery: { at: string; due: number | null };
  unhindered: { key: string; until: number }[];
};
const hmzdOf = (a: StandInActor) => (a._source.system as unknown as { hmzd: Block }).hmzd;

/** The Brigand knocked out at `clock` (his ten minutes up at 600), with a fresh M injury. */
async function knockedOut(w: HmzdWorld, clock: number) {
  await w.brigand.update({
    "system.hmzd.state": "UNC",
    "system.hmzd.clock": clock,
    "system.hmzd.recovery": { at: "clock", armed: false, due: 600 },
    "system.hmzd.unhindered": [{ key: "left-hand:M1", until: 600 }],
  });
  const combat = await createCombat([w.tAldric, w.tBrigand]);
  combat.settings.skipDefeated = true;
  await w.brigand.toggleStatusEffect("unconscious", { active: true });
  await settle();
  const id = combat.combatants.find((c) => c.actor?.id === w.brigand.id)!.id!;
  expect(combat.combatants.get(id)!.defeated).toBe(true);
  standIns.CONFIG.Dice!.randomUniform = fixedFaces([
    [50, 100],
    [40, 100],
  ]);
  await combat.rollAll();
  await combat.startCombat();
  await settle();
  // The live combatant (the collection holds the current document).
  return {
    combat,
    brigand: {
      get defeated() {
        return combat.combatants.get(id)!.defeated;
      },
    },
  };
}

beforeEach(resetFlow);

describe("a skipped (defeated) zone-die fighter's time passes (Z36)", () => {
  it("UNC recovers to INC after ten minutes of rounds and is no longer defeated", async () => {
    const w = await hmzdWorld();
    const { combat, brigand } = await knockedOut(w, 580);
    // His turn came first in round 1 (the higher Initiative EML, Z11): it started, found him
    // out of the fight and passed to Sir Aldric, its end counting its ten seconds.
    expect(combat.combatant?.actor?.id).toBe(w.aldric.id);
    expect(hmzdOf(w.brigand).clock).toBe(590);

    // Round 1 ends: his turn ended in it, so nothing more passes (no second counted twice).
    await combat.nextTurn();
    await settle();
    expect(combat.round).toBe(2);
    expect(hmzdOf(w.brigand).clock).toBe(590);
    expect(hmzdOf(w.brigand).unhindered).toHaveLength(1);
    // Round 2: the tracker skips him.
    expect(combat.combatant?.actor?.id).toBe(w.aldric.id);

    // Round 2 ends at 600: the M injury hinders from now on (001:83); recovery 20 against
    // Shock 75 succeeds: INC (001:161, Z15).
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([[20, 100]]);
    await combat.nextTurn();
    await settle();
    const block = hmzdOf(w.brigand);
    expect(block.clock).toBe(600);
    expect(block.unhindered).toEqual([]);
    expect(block.state).toBe("INC");
    expect(block.recovery.at).toBe("turnEnd");
    expect([...w.brigand.statuses]).toContain("shock");
    expect([...w.brigand.statuses]).not.toContain("unconscious");
    expect(brigand.defeated).toBe(false);
    // Round 3 began before he recovered (the tracker had already passed over him): its end
    // passes his time (610). Round 4: his turn runs again (INC: actionless), its end counting
    // its ten seconds once (620).
    expect(combat.round).toBe(3);
    expect(combat.combatant?.actor?.id).toBe(w.aldric.id);
    await combat.nextTurn();
    await settle();
    expect(combat.round).toBe(4);
    expect(hmzdOf(w.brigand).clock).toBe(610);
    expect(combat.combatant?.actor?.id).toBe(w.brigand.id);
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([[90, 100]]);
    await combat.nextTurn();
    await settle();
    expect(hmzdOf(w.brigand).clock).toBe(620);
    // INC's recovery test at his turn's end (Z15): 90 against 75 fails, still INC.
    expect(hmzdOf(w.brigand).state).toBe("INC");
  });

  it("a failed recovery waits ten minutes more and he stays defeated", async () => {
    const w = await hmzdWorld();
    const { combat, brigand } = await knockedOut(w, 580);
    await combat.nextTurn();
    await settle();
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([[95, 100]]);
    await combat.nextTurn();
    await settle();
    const block = hmzdOf(w.brigand);
    expect(block.clock).toBe(600);
    expect(block.state).toBe("UNC");
    expect(block.recovery).toMatchObject({ at: "clock", due: 1200 });
    expect(brigand.defeated).toBe(true);
    expect([...w.brigand.statuses]).toContain("unconscious");
  });
});
