/**
 * The fight starts from the sheet's encounter record and the end writes back what outlasts it
 * (issue 17, rulings M125, M126), in the tracker on the stand-ins: a Pierre who enters the fight
 * stunned and in shock is so in his block and on his token from the combat's start, rolls his stun
 * recovery at his first turn, and when the combat ends his record keeps the stun but not the
 * shock.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fixedFaces, settle, standIns, type StandInActor } from "../stand-ins";
import { M2M_FIGHT_STORE } from "../../../src/foundry/rulesets/m2m/fight";
import { parseFighterBlock } from "../../../src/rules/m2m/flow";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { m2mActor, m2mCombat, PACK_FIGHTERS as P, resetM2mWorld } from "./m2m-fixtures";

type Obj = Record<string, unknown>;

const blockOf = (actor: StandInActor) => {
  const block = M2M_FIGHT_STORE.read(fighterSnapshot(actor as unknown as ActorLike));
  return block ? parseFighterBlock(block).state : null;
};
const encounterOf = (actor: StandInActor) =>
  ((actor._source.system as { m2m: Obj }).m2m.encounter ?? {}) as Obj;

beforeEach(resetM2mWorld);

describe("the encounter record and the fight", () => {
  it("a stunned, shocked, kneeling Pierre starts so; the end keeps his stun and drops his shock", async () => {
    const friedrick = m2mActor(P.friedrick);
    const pierre = m2mActor(P.pierre);
    await pierre.update({
      "system.m2m.encounter.stunned": true,
      "system.m2m.encounter.shock": 2,
      "system.m2m.encounter.position": "kneeling",
    });
    const combat = await m2mCombat([friedrick, pierre]);
    await combat.updateEmbeddedDocuments(
      "Combatant",
      combat.combatants.map((c) => ({ _id: c.id, initiative: 3 })),
    );
    await combat.startCombat();
    await settle();
    // Friedrick (Move 5) acts first: Pierre's block is the seeded one, from his record.
    expect(combat.combatant!.name).toBe("Fiendish Friedrick");
    const seeded = blockOf(pierre)!;
    expect(seeded.posture).toBe("kneeling");
    expect(seeded.conditions.map((c) => [c.condition, c.until, c.value ?? null])).toEqual([
      ["stunned", "recovered", null],
      ["shocked", "endOfNextTurn", 2],
    ]);
    expect([...pierre.statuses].sort()).toEqual(["shocked", "stunned"]);
    expect(blockOf(friedrick)!.conditions).toEqual([]);
    expect(friedrick.statuses.size).toBe(0);
    // Pierre's turn: 3d6 = 6 + 6 + 5 = 17 against HT 10 (L1748-1756): still stunned (L1870).
    standIns.CONFIG.Dice!.randomUniform = fixedFaces([
      [6, 6],
      [6, 6],
      [5, 6],
    ]);
    await combat.nextTurn();
    await settle();
    expect(combat.combatant!.name).toBe("Filthy Pierre");
    expect(blockOf(pierre)!.conditions.map((c) => c.condition)).toEqual(["stunned", "shocked"]);
    await combat.endCombat();
    await settle();
    expect(blockOf(pierre)).toBeNull();
    expect(encounterOf(pierre)).toMatchObject({
      stunned: true,
      shock: 0,
      offBalance: false,
      position: "kneeling",
      crippled: [],
    });
    // The pack's readiness entries are kept (both weapons in hand and ready).
    expect((encounterOf(pierre).readiness as Obj[]).map((r) => [r.item, r.turnsToReady])).toEqual([
      ["CeHzotRb85po9hdj", 0],
      ["gmvwASTZsLLvH1T0", 0],
    ]);
    expect([...pierre.statuses]).toEqual(["stunned"]);
  });
});
