/**
 * The HârnMaster Gold Quench batch (src/foundry/rulesets/hm3/quench/gold-batch.ts) fails where
 * it should. batches.test.ts runs it with the others; here it runs, the way mocha runs it
 * (shim.ts `runBatch`): green against the HM3 sample fighters as built (also with a Gold option
 * on before the run), stopped at once while a Gold rule that asks for a reload is on, and
 * against packs with one broken figure each, where only the test of that figure fails; each
 * time the world is left as it was (its Gold options too).
 */
import { describe, expect, it } from "vitest";
import { packSources, setPack, stage } from "./world";
import { standIns, type DocumentInput } from "../stand-ins";
import {
  ALDRIC_NAME,
  BRIGAND_NAME,
  goldBatch,
} from "../../../src/foundry/rulesets/hm3/quench/gold-batch";
import { worldOptions } from "../../../src/foundry/combat/settings";
import { runBatch } from "./shim";

type Obj = Record<string, unknown>;

const applyMode = standIns.game.settings.get("blow-by-blow", "applyMode");

async function failures(): Promise<[string, string][]> {
  const results = await runBatch((context) => goldBatch(context, stage));
  expect(results.map((r) => r.title)).toHaveLength(8);
  return results.filter((r) => r.error).map((r): [string, string] => [r.title, r.error!.message]);
}

/** The pack's fighters with the item `item` of `actor` changed by `change` (its `hm3` block). */
function tamperedItem(
  fighters: DocumentInput[],
  actor: string,
  item: string,
  change: (hm3: Obj) => void,
): DocumentInput[] {
  return fighters.map((doc) => {
    if (doc.name !== actor) return doc;
    const copy = structuredClone(doc) as unknown as { items: Obj[] };
    const found = copy.items.find((i) => i.name === item)!;
    change((found.system as Obj).hm3 as Obj);
    return copy as unknown as DocumentInput;
  });
}

/** The world as before the run: nothing left, the apply mode and every Gold option as they were. */
function expectCleanWorld(options: Record<string, boolean>): void {
  expect(standIns.game.actors.contents).toEqual([]);
  expect(standIns.game.combats!.contents).toEqual([]);
  expect(standIns.game.messages!.contents).toEqual([]);
  expect(standIns.game.scenes!.contents).toEqual([]);
  expect(standIns.game.settings.get("blow-by-blow", "applyMode")).toBe(applyMode);
  expect(worldOptions("hm3")).toEqual(options);
}

describe("the HârnMaster Gold Quench batch fails where it should", () => {
  it("passes every test against the pack as built, and puts the options back", async () => {
    const options = worldOptions("hm3");
    expect(await failures()).toEqual([]);
    expectCleanWorld(options);
  });

  it("puts back Gold options the world had on before the run", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.shieldsCheckFirst", true as never);
    try {
      const options = worldOptions("hm3");
      expect(options.shieldsCheckFirst).toBe(true);
      expect(await failures()).toEqual([]);
      expectCleanWorld(options);
    } finally {
      await standIns.game.settings.set("blow-by-blow", "hm3.shieldsCheckFirst", false as never);
    }
  });

  it("stops at once, changing nothing, while a Gold rule that asks for a reload is on", async () => {
    await standIns.game.settings.set("blow-by-blow", "hm3.encumbranceFatigue", true as never);
    try {
      const options = worldOptions("hm3");
      const failed = await failures();
      expect(failed).toHaveLength(8);
      for (const [, message] of failed)
        expect(message).toBe(
          "The gold batch needs these HârnMaster Gold options off: encumbranceFatigue (they take effect after a reload: switch them off in the HârnMaster Gold options window and reload).",
        );
      expectCleanWorld(options);
    } finally {
      await standIns.game.settings.set("blow-by-blow", "hm3.encumbranceFatigue", false as never);
    }
  });

  it("a Sir Aldric of Initiative 70 (the pack: 64) fails the initiative test, and only it", async () => {
    const fighters = packSources("hm3-sample-fighters");
    setPack(
      "hm3-sample-fighters",
      "Actor",
      tamperedItem(fighters, ALDRIC_NAME, "Initiative", (hm3) => (hm3.ml = 70)),
    );
    const options = worldOptions("hm3");
    try {
      expect(await failures()).toEqual([
        [
          "initiative: Roll All rolls INI + 1d100 for each combatant (000:151, G60)",
          "Sir Aldric's formula: expected '45 + 1d100' to equal '39 + 1d100'",
        ],
      ]);
    } finally {
      setPack("hm3-sample-fighters", "Actor", fighters);
    }
    expectCleanWorld(options);
  });

  it("a Brigand whose handaxe cuts deeper (Edge 9) fails the blunt trauma test, and only it", async () => {
    const fighters = packSources("hm3-sample-fighters");
    const tampered = tamperedItem(fighters, BRIGAND_NAME, "Handaxe", (hm3) => {
      (hm3.impact as { edge: number }).edge = 9;
    });
    setPack("hm3-sample-fighters", "Actor", tampered);
    const options = worldOptions("hm3");
    try {
      // 9 + 1 + 1 = 11 Edge less the boots' 4 = 7: the strike gets through, no blunt trauma.
      expect(await failures()).toEqual([
        [
          "blunt trauma: the handaxe does not get through Sir Aldric's boots; the card shows the recalculation",
          "the blunt recalculation: expected undefined to deeply equal { impact: 6, armour: 2, …(1) }",
        ],
      ]);
    } finally {
      setPack("hm3-sample-fighters", "Actor", fighters);
    }
    expectCleanWorld(options);
  });
});
