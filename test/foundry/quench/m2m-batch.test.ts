/**
 * The GURPS Man to Man Quench batch (src/foundry/rulesets/m2m/quench/world-batch.ts) fails where
 * it should. batches.test.ts runs it green against the m2m packs as built; here it runs, the way
 * mocha runs it (shim.ts `runBatch`), against packs that are wrong in one way each, and exactly
 * the test that checks that thing fails, while the clean-up still leaves the world as it was;
 * and a simulated lossy switch back to hm3 fails the switching test.
 */
import { describe, expect, it } from "vitest";
import { packSources, setPack, sheetDriver } from "./world";
import { standIns, type DocumentInput, type StandInActor } from "../stand-ins";
import {
  FRIEDRICK,
  FRIEDRICK_FIGURES,
  m2mWorldBatch,
} from "../../../src/foundry/rulesets/m2m/quench/world-batch";
import { runBatch } from "./shim";

type Obj = Record<string, unknown>;

const ruleset = standIns.game.settings.get("blow-by-blow", "ruleset");
const FIGURES_TEST = "Fiendish Friedrick has the book's figures (seed 004 L4187-4231)";

/** Runs the batch; resolves to the titles of the tests that failed, with their errors. */
async function failures(): Promise<[string, string][]> {
  const results = await runBatch((context) => m2mWorldBatch(context, sheetDriver));
  expect(results.length).toBeGreaterThan(10);
  return results.filter((r) => r.error).map((r) => [r.title, r.error!.message]);
}

/** The world after a run: nothing left, the ruleset setting as before. */
function expectCleanWorld(): void {
  expect(standIns.game.actors.contents).toEqual([]);
  expect(standIns.game.items.contents).toEqual([]);
  expect(standIns.game.settings.get("blow-by-blow", "ruleset")).toBe(ruleset);
}

describe("the m2m Quench batch fails where it should", () => {
  it("passes every test against the packs as built (the runner itself)", async () => {
    expect(await failures()).toEqual([]);
    expectCleanWorld();
  });

  it("a Friedrick with HT 13 (the book: 14) fails the figures test, and only it", async () => {
    const fighters = packSources("m2m-sample-fighters");
    const tampered = fighters.map((doc) => {
      if (doc.name !== FRIEDRICK) return doc;
      const copy = structuredClone(doc) as unknown as Obj;
      const m2m = (copy.system as Obj).m2m as { attributes: { ht: number }; hp: number };
      m2m.attributes.ht = 13;
      m2m.hp = 13;
      return copy as unknown as DocumentInput;
    });
    setPack("m2m-sample-fighters", "Actor", tampered);
    try {
      const failed = await failures();
      expect(failed.map(([title]) => title)).toEqual([FIGURES_TEST]);
      expect(failed[0]![1]).toMatch(/Friedrick's derived figures/);
      // The book's Speed is what the run missed: (DX + HT) / 4 fell with HT.
      expect(failed[0]![1]).toContain(String(FRIEDRICK_FIGURES.speed));
    } finally {
      setPack("m2m-sample-fighters", "Actor", fighters);
    }
    expectCleanWorld();
  });

  it("a switch to hm3 that changed a document's source fails the switching test, and only it", async () => {
    // A lossy switch, simulated: as the world goes back to hm3, Friedrick's m2m fatigue changes.
    const settings = standIns.game.settings;
    const set = settings.set.bind(settings);
    settings.set = (async (namespace: string, key: string, value: unknown) => {
      if (key === "ruleset" && value === "hm3") {
        const actors = standIns.game.actors.contents as unknown as StandInActor[];
        const friedrick = actors.find((a) => a.name === `${FRIEDRICK} (test)`);
        friedrick?.updateSource({ "system.m2m.fatigue": 1 });
      }
      return set(namespace as never, key as never, value as never);
    }) as typeof settings.set;
    try {
      const failed = await failures();
      expect(failed.map(([title]) => title)).toEqual([
        "switched back to HârnMaster 3, every document's source is unchanged",
      ]);
      expect(failed[0]![1]).toContain(`${FRIEDRICK} (test)'s source`);
    } finally {
      settings.set = set;
    }
    expectCleanWorld();
  });

  it("a hand weapon missing from its pack fails that pack's test, and only it", async () => {
    const weapons = packSources("m2m-hand-weapons");
    setPack(
      "m2m-hand-weapons",
      "Item",
      weapons.filter((doc) => doc.name !== "Broadsword"),
    );
    try {
      const failed = await failures();
      expect(failed.map(([title]) => title)).toEqual([
        "m2m-hand-weapons: one document per table row, each valid, imported unchanged",
      ]);
      expect(failed[0]![1]).toMatch(/one document per row of the engine's table/);
    } finally {
      setPack("m2m-hand-weapons", "Item", weapons);
    }
    expectCleanWorld();
  });
});
