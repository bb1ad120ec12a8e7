/**
 * Quench batch `blow-by-blow.sheets`: the system's sheets and data in the world where the batch
 * runs (docs/testing.md). Throw-away actors from the sample fighters pack: each actor sheet and
 * each of Sir Aldric's item sheets renders (the document's name in it, no localisation key left
 * showing); a field changed through the sheet's form reaches the document, a value the data
 * refuses changes nothing; an actor made from an older, flat `system` (before the per-ruleset
 * blocks) is migrated on creation; an update keeps every playable ruleset's block. Everything
 * made is deleted afterwards, failure or not.
 *
 * How a sheet is rendered and its form filled is the driver's (`SheetDriver`): in Foundry the
 * document's own sheet, its form's inputs and `submit()` (foundrySheetDriver); in Node the
 * stand-ins' DOM-free render and form submission (test/foundry/quench).
 */
import { BATCH_TIMEOUT_MS, type QuenchContext } from "../../../quench/context";
import type { SheetDriver } from "../../../quench/sheet-driver";
import { cleanUp, until } from "../../../quench/support";
import { FOUNDRY_RULESETS, RULESET_IDS } from "../../../rulesets";
import {
  ATTACKER_NAME,
  hm3Of,
  importFighter,
  requireGMAndHM3,
  type FighterDoc,
} from "./exchange-batch";

type Obj = Record<string, unknown>;

/** An older world's character (schema version 0): its HM3 fields flat in `system`. */
export const FLAT_CHARACTER: Readonly<Obj> = Object.freeze({
  description: "<p>From an old world</p>",
  attributes: {
    str: 11,
    sta: 12,
    dex: 13,
    agl: 14,
    eye: 10,
    hrg: 10,
    sml: 10,
    voi: 10,
    int: 12,
    aur: 10,
    wil: 12,
    cml: 10,
  },
  fatigue: 2,
  encumbrance: 1,
});

// The batch compares stored data as plain JSON: each cast below names the member the pack's (or
// FLAT_CHARACTER's) data has, which the assertions then check.
const sourceSystem = (doc: FighterDoc) => doc._source.system as Obj;
const sourceHm3 = (doc: FighterDoc) => (sourceSystem(doc).hm3 ?? {}) as Obj;

/** The batch; `driver` is foundrySheetDriver in Foundry. */
export function sheetsBatch(context: QuenchContext, driver: SheetDriver): void {
  const { describe, it, before, after, assert } = context;

  describe("Sheets and data (sample fighters)", function () {
    this.timeout(BATCH_TIMEOUT_MS);
    const made: FighterDoc[] = [];
    const open: object[] = [];
    let knight: FighterDoc | null = null;
    let dog: FighterDoc | null = null;

    const render = async (doc: Actor.Implementation | Item.Implementation, name: string) => {
      const { sheet, html } = await driver.render(doc);
      open.push(sheet);
      assert.include(html, name, "the sheet shows the document's name");
      assert.notMatch(html, /BLOWBYBLOW\.[A-Za-z]/, "no localisation key is left showing");
      return sheet;
    };

    before(async () => {
      requireGMAndHM3();
      knight = await importFighter(ATTACKER_NAME);
      made.push(knight);
      dog = await importFighter("War dog");
      made.push(dog);
    });

    after(async () => {
      await cleanUp([
        ...open.map((sheet) => () => driver.close(sheet)),
        ...made.map((doc) => () => doc.delete()),
      ]);
    });

    it("the character and creature sheets render", async () => {
      await render(knight!, knight!.name);
      await render(dog!, dog!.name);
    });

    it("an attribute changed through the character sheet's form reaches the actor", async () => {
      const sheet = open[0] ?? (await render(knight!, knight!.name));
      const str = (hm3Of(knight!).attributes as { str: number }).str;
      await driver.submit(sheet, { "system.hm3.attributes.str": str + 1 });
      await until(
        () => (sourceHm3(knight!).attributes as { str: number }).str === str + 1,
        "the actor's STR to change",
      );
      assert.equal((hm3Of(knight!).attributes as { str: number }).str, str + 1);
    });

    it("a value the data refuses changes nothing", async () => {
      const sheet = open[0] ?? (await render(knight!, knight!.name));
      const before = JSON.stringify(sourceHm3(knight!));
      await driver.submit(sheet, { "system.hm3.attributes.dex": 0 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(JSON.stringify(sourceHm3(knight!)), before);
    });

    it("each of Sir Aldric's item sheets renders", async () => {
      assert.isTrue(knight!.items.contents.length > 0);
      for (const item of knight!.items.contents) await render(item, item.name);
    });

    it("a weapon's WQ changed through its sheet's form reaches the item", async () => {
      const sword = knight!.items.contents.find((i) => i.name === "Broadsword")!;
      const sheet = await render(sword, sword.name);
      const wq = hm3Of(sword).wq as number;
      await driver.submit(sheet, { "system.hm3.wq": wq - 1 });
      await until(
        () => hm3Of(knight!.items.contents.find((i) => i.id === sword.id)!).wq === wq - 1,
        "the broadsword's WQ to change",
      );
    });

    it("an actor made from an older world's flat data is migrated into its HM3 block", async () => {
      const old = await CONFIG.Actor.documentClass.create({
        name: "Old hero (test)",
        type: "character",
        system: structuredClone(FLAT_CHARACTER),
      });
      assert.ok(old, "the actor was created");
      made.push(old!);
      const system = sourceSystem(old!);
      // Every registered ruleset's block: HM3's from the flat data, the others' defaults.
      assert.deepEqual(Object.keys(system).sort(), ["description", ...RULESET_IDS].sort());
      assert.equal(system.description, FLAT_CHARACTER.description);
      assert.deepEqual((system.hm3 as Obj).attributes, FLAT_CHARACTER.attributes);
      assert.equal((system.hm3 as Obj).fatigue, 2);
      assert.equal((system.hm3 as Obj).encumbrance, 1);
    });

    it("an update keeps the block of every playable ruleset", async () => {
      const blocks = () => {
        const system = sourceSystem(knight!);
        return Object.keys(FOUNDRY_RULESETS).map((id) => JSON.stringify(system[id] ?? null));
      };
      const before = blocks();
      assert.notInclude(before, "null", "each playable ruleset has its block");
      // A dotted key, as a sheet's form submits it; fvtt-types' UpdateData names nested keys only.
      await knight!.update({
        "system.description": "<p>Updated by the Blow by Blow test</p>",
      } as Actor.UpdateData);
      assert.deepEqual(blocks(), before);
    });
  });
}
