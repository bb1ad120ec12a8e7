/**
 * The GURPS Man to Man fight batch (src/foundry/rulesets/m2m/quench/fight-batch.ts) fails where it
 * should. batches.test.ts runs it green against the pack as built; here it runs, the way mocha
 * runs it (shim.ts `runBatch`), once green, and once against a pack with a broken figure: Filthy
 * Pierre with 12 HP on his sheet (the pack: 10, his HT, L1748-1756). Exactly the tests that check
 * his hit points fail, naming what they found, while the rest of the fight still runs to its
 * decision and the clean-up leaves the world as it was.
 */
import { describe, expect, it } from "vitest";
import { packSources, setPack, stage } from "./world";
import { standIns, type DocumentInput } from "../stand-ins";
import {
  FIGHT_FIGURES,
  m2mFightBatch,
  PIERRE_NAME,
} from "../../../src/foundry/rulesets/m2m/quench/fight-batch";
import { runBatch } from "./shim";

type Obj = Record<string, unknown>;

const ruleset = standIns.game.settings.get("blow-by-blow", "ruleset");
const applyMode = standIns.game.settings.get("blow-by-blow", "applyMode");

/** Runs the batch; resolves to the titles of the tests that failed, with their errors. */
async function failures(): Promise<[string, string][]> {
  const results = await runBatch((context) => m2mFightBatch(context, stage));
  expect(results.map((r) => r.title)).toHaveLength(7);
  return results.filter((r) => r.error).map((r) => [r.title, r.error!.message]);
}

/** The world after a run: nothing left, the settings as before. */
function expectCleanWorld(): void {
  expect(standIns.game.actors.contents).toEqual([]);
  expect(standIns.game.combats!.contents).toEqual([]);
  expect(standIns.game.messages!.contents).toEqual([]);
  expect(standIns.game.scenes!.contents).toEqual([]);
  expect(standIns.game.settings.get("blow-by-blow", "ruleset")).toBe(ruleset);
  expect(standIns.game.settings.get("blow-by-blow", "applyMode")).toBe(applyMode);
}

describe("the m2m fight Quench batch fails where it should", () => {
  it("passes every test against the pack as built (the runner itself)", async () => {
    expect(await failures()).toEqual([]);
    expectCleanWorld();
  });

  it("a Pierre with 12 HP on his sheet fails the tests that check his hit points, and only them", async () => {
    const fighters = packSources("m2m-sample-fighters");
    const tampered = fighters.map((doc) => {
      if (doc.name !== PIERRE_NAME) return doc;
      const copy = structuredClone(doc) as unknown as Obj;
      ((copy.system as Obj).m2m as { hp: number }).hp = 12;
      return copy as unknown as DocumentInput;
    });
    setPack("m2m-sample-fighters", "Actor", tampered);
    try {
      const failed = await failures();
      expect(failed.map(([title]) => title)).toEqual([
        "Roll All and Begin: Friedrick moves first, both blocks seeded from the sheets",
        "round 1: Friedrick's axe takes Pierre to 0 HP, stunned; applied once",
        "round 3: with no defence after All-Out Attack, the axe takes Pierre to −10 HP: a death check survived, unconscious",
      ]);
      // Each names what it missed: 12 → 2 → −8 where the pack gives 10 → 0 → −10.
      expect(failed.map(([, message]) => message)).toEqual([
        `Pierre's HP: expected 12 to equal ${FIGHT_FIGURES.pierreHp}`,
        "Pierre's HP: expected 2 to equal +0", // chai writes 0 as +0
        `Pierre's HP: expected -8 to equal ${FIGHT_FIGURES.afterLastHit}`,
      ]);
    } finally {
      setPack("m2m-sample-fighters", "Actor", fighters);
    }
    expectCleanWorld();
  });
});
