/**
 * HârnMaster Gold fatigue in the tracker (seed 000 lines 109-113, G66): with the world option
 * `encumbranceFatigue`, each minute of combat (6 rounds) adds the fighter's Fatigue Rate to his
 * fatigue as rounds 7, 13… start, once per minute; off, nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  createCombat,
  makeActor,
  resetStandIns,
  settle,
  standIns,
  type StandInActor,
} from "../stand-ins";
import { registerDataModels } from "../../../src/foundry/data";
import { registerStatusEffects } from "../../../src/foundry/config";
import { registerCombatSettings } from "../../../src/foundry/combat/settings";
import { registerTracker } from "../../../src/foundry/combat/tracker";
import { addMinuteFatigue } from "../../../src/foundry/rulesets/hm3/gold-fatigue";
import { KNIGHT_SYSTEM } from "../actor-sheet-fixtures";

function fighter(): StandInActor {
  const actor = makeActor({
    _id: "actorGoldFat0001",
    name: "Tired",
    type: "character",
    system: structuredClone(KNIGHT_SYSTEM) as unknown as Record<string, unknown>,
    items: [],
  });
  standIns.game.actors.set(actor.id!, actor);
  return actor;
}
const fatigueOf = (a: StandInActor) =>
  (a.system as unknown as { hm3: { fatigue: number } }).hm3.fatigue;

beforeEach(() => {
  resetStandIns();
  registerDataModels();
  registerStatusEffects();
  registerCombatSettings();
  registerTracker();
});

async function rounds(on: boolean, n: number): Promise<{ actor: StandInActor; seen: number[] }> {
  await standIns.game.settings.set("blow-by-blow", "hm3.encumbranceFatigue", on as never);
  const actor = fighter();
  const combat = await createCombat([actor]);
  await combat.startCombat();
  await settle();
  const seen: number[] = [];
  for (let i = 1; i < n; i++) {
    await combat.nextRound();
    await settle();
    seen.push(fatigueOf(actor));
  }
  return { actor, seen };
}

describe("Gold fatigue per minute of combat", () => {
  it("on: FR 1 (no load) added as rounds 7 and 13 start", async () => {
    const { seen } = await rounds(true, 14);
    // seen[i] is the fatigue once round i + 2 has started.
    expect(seen).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2]);
  });
  it("off: nothing added", async () => {
    const { seen } = await rounds(false, 8);
    expect(seen.every((f) => f === 0)).toBe(true);
  });
  it("each minute once: a round started again adds nothing; a defeated fighter rests", async () => {
    const updates: Record<string, unknown>[] = [];
    const actor = {
      uuid: "Actor.x",
      system: { hm3: { fatigue: 2 }, derived: { goldEncumbrance: { fatigueRate: 3 } } },
      update: async (c: Record<string, unknown>) => void updates.push(c),
    };
    const combat = {
      round: 7,
      flags: {} as Record<string, unknown>,
      combatants: [
        { defeated: false, actor },
        { defeated: true, actor: { ...actor, uuid: "B" } },
      ],
      update: async (c: Record<string, unknown>) => {
        combat.flags = c.flags as Record<string, unknown>;
      },
    };
    expect(await addMinuteFatigue(combat, 7)).toEqual([{ uuid: "Actor.x", added: 3, fatigue: 5 }]);
    expect(updates).toEqual([{ "system.hm3.fatigue": 5 }]);
    expect(await addMinuteFatigue(combat, 7)).toEqual([]);
    expect(await addMinuteFatigue(combat, 8)).toEqual([]);
    expect(updates).toHaveLength(1);
  });
});
