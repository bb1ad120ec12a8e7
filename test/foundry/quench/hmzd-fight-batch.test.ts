/**
 * The zone-die fight batch (src/foundry/rulesets/hmzd/quench/fight-batch.ts) fails where it
 * should. batches.test.ts runs it with the others; here it runs, the way mocha runs it (shim.ts
 * `runBatch`), once green against the hmzd sample fighters as built, and once against a pack
 * with a broken figure: Sir Aldric with STR 9 (the pack: 15), so his swing lands with the STR
 * modifier of 9 (−1, not +2, 001:64-70). Exactly the tests that check the strike and what
 * follows from it fail, naming what they found, while the fight runs on to the end and the
 * clean-up leaves the world as it was.
 */
import { describe, expect, it } from "vitest";
import { packSources, setPack, stage } from "./world";
import { standIns, type DocumentInput } from "../stand-ins";
import {
  ALDRIC_NAME,
  HMZD_FIGHT_FIGURES,
  hmzdFightBatch,
} from "../../../src/foundry/rulesets/hmzd/quench/fight-batch";
import { runBatch } from "./shim";

type Obj = Record<string, unknown>;

const ruleset = standIns.game.settings.get("blow-by-blow", "ruleset");
const applyMode = standIns.game.settings.get("blow-by-blow", "applyMode");

async function failures(): Promise<[string, string][]> {
  const results = await runBatch((context) => hmzdFightBatch(context, stage));
  expect(results.map((r) => r.title)).toHaveLength(5);
  return results.filter((r) => r.error).map((r): [string, string] => [r.title, r.error!.message]);
}

function expectCleanWorld(): void {
  expect(standIns.game.actors.contents).toEqual([]);
  expect(standIns.game.combats!.contents).toEqual([]);
  expect(standIns.game.messages!.contents).toEqual([]);
  expect(standIns.game.scenes!.contents).toEqual([]);
  expect(standIns.game.settings.get("blow-by-blow", "ruleset")).toBe(ruleset);
  expect(standIns.game.settings.get("blow-by-blow", "applyMode")).toBe(applyMode);
}

describe("the hmzd fight Quench batch fails where it should", () => {
  it("passes every test against the pack as built", async () => {
    expect(await failures()).toEqual([]);
    expectCleanWorld();
  });

  it("a Sir Aldric with STR 9 fails the tests of his strike and what follows, and only them", async () => {
    const fighters = packSources("hmzd-sample-fighters");
    const tampered = fighters.map((doc) => {
      if (doc.name !== ALDRIC_NAME) return doc;
      const copy = structuredClone(doc) as unknown as Obj;
      ((copy.system as Obj).hm3 as { attributes: { str: number } }).attributes.str = 9;
      return copy as unknown as DocumentInput;
    });
    setPack("hmzd-sample-fighters", "Actor", tampered);
    try {
      const failed = await failures();
      // The strike lands 3 lighter (STR 9: −1), an S2 past the vest's 4: no stun, so neither
      // the applied injury nor the recovery test is what the pack gives.
      expect(failed).toEqual([
        [
          "he spends one Impact and one Precision, then keeps the first zone rolled",
          `the impact: expected ${HMZD_FIGHT_FIGURES.impact - 3} to equal ${HMZD_FIGHT_FIGURES.impact}`,
        ],
        [
          "Apply: the injury item and the shock state as a condition, once",
          `expected 'S2' to equal '${HMZD_FIGHT_FIGURES.injury}'`,
        ],
        [
          "Next Turn: his recovery Shock test at the end of his next turn ends the stun (Z15)",
          "his test falls due at this turn's end: expected false to be true",
        ],
      ]);
    } finally {
      setPack("hmzd-sample-fighters", "Actor", fighters);
    }
    expectCleanWorld();
  });
});
