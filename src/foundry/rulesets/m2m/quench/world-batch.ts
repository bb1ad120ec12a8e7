/**
 * Quench batch `blow-by-blow.m2m`: a GURPS Man to Man world, in the world where the batch runs
 * (docs/testing.md). It switches the world's ruleset setting to m2m, imports every document of
 * the m2m compendiums (hand weapons, ranged weapons, shields, armour suits and pieces, sample
 * fighters) as throw-away world documents and checks that each pack holds one document per row
 * of the engine's table (one per sample fighter), that each validates, and that its world copy
 * keeps its data; checks Fiendish Friedrick's derived figures against the book's sheet (seed 004
 * L4187-4231); renders the m2m character and creature sheets and an item sheet of each kind,
 * showing every tab; then switches the world to HârnMaster 3 and checks that every document's
 * source is unchanged. Everything made is deleted afterwards, failure or not, and the ruleset
 * setting is set back to its value before the run.
 */
import { BATCH_TIMEOUT_MS, type QuenchContext } from "../../../quench/context";
import type { SheetClass, SheetDriver } from "../../../quench/sheet-driver";
import {
  blockOf,
  cleanUp,
  packDocument,
  requireActiveGM,
  SYSTEM_ID,
  worldData,
} from "../../../quench/support";
import { M2M_PLAN_IDS, validateM2mBlock } from "../character-data";
import { M2M_ITEM_TYPES, type M2mItemType } from "../item-data";
import { handWeaponItems, M2M_TABLES } from "../item-tables";
import { m2mBlockProblems } from "../item-validate";
import { SAMPLE_FIGHTERS } from "../sample-fighters";
import { M2mActorSheet } from "../sheets/actor/actor-sheet";
import { TAB_IDS } from "../sheets/actor/context";
import { ITEM_TAB_IDS } from "../sheets/item/context";
import { M2mItemSheet } from "../sheets/item/item-sheet";

type Obj = Record<string, unknown>;
type Doc = Actor.Implementation | Item.Implementation;

/** The world setting that names the world's ruleset. */
const RULESET_SETTING = "ruleset";

/** One m2m compendium: its name, document type and the ids it must hold. */
export interface M2mPackCheck {
  /** The pack's name in system.json (`blow-by-blow.<name>`). */
  name: string;
  documentName: "Actor" | "Item";
  /** The item type of every document (items), or the actor type. */
  type: string;
  /**
   * What identifies each document: an item's `system.m2m.ref` (the engine's table id), a
   * sample fighter's `_id`; the pack must hold each exactly once, and nothing else.
   */
  ids: () => readonly string[];
}

/** The m2m compendiums, each with the engine's table it was generated from. */
export const M2M_PACK_CHECKS: readonly M2mPackCheck[] = Object.freeze([
  {
    name: "m2m-hand-weapons",
    documentName: "Item",
    type: "weapon",
    ids: () => handWeaponItems().map((i) => i.id),
  },
  {
    name: "m2m-ranged-weapons",
    documentName: "Item",
    type: "missile",
    ids: () => M2M_TABLES.rangedWeapons.map((w) => w.id),
  },
  {
    name: "m2m-shields",
    documentName: "Item",
    type: "weapon",
    ids: () => M2M_TABLES.shields.map((s) => s.id),
  },
  {
    name: "m2m-armour-suits",
    documentName: "Item",
    type: "armour",
    ids: () => M2M_TABLES.suits.map((s) => s.id),
  },
  {
    name: "m2m-armour-pieces",
    documentName: "Item",
    type: "armour",
    ids: () => M2M_TABLES.pieces.map((p) => p.id),
  },
  {
    name: "m2m-sample-fighters",
    documentName: "Actor",
    type: "character",
    ids: () => SAMPLE_FIGHTERS.map((f) => f.id),
  },
]);

export const FIGHTERS_PACK = `${SYSTEM_ID}.m2m-sample-fighters`;
export const FRIEDRICK = "Fiendish Friedrick";

/**
 * Fiendish Friedrick's figures on the book's sheet (seed 004 L4187-4231): 81 lb carried (L4229),
 * Speed 8.125, Move and Dodge 5, Block 4, PD 7, DR 4 (L4205, and the armour's totals).
 */
export const FRIEDRICK_FIGURES = Object.freeze({
  load: 81,
  speed: 8.125,
  move: 5,
  dodge: 5,
  block: 4,
  pd: 7,
  dr: 4,
});

/** The item sheets the batch renders: a pack and the name of one of its documents. */
export const ITEM_SHEETS: readonly { pack: string; name: string; type: M2mItemType }[] =
  Object.freeze([
    { pack: "m2m-hand-weapons", name: "Axe", type: "weapon" },
    { pack: "m2m-shields", name: "Medium shield", type: "weapon" },
    { pack: "m2m-ranged-weapons", name: "Longbow", type: "missile" },
    { pack: "m2m-armour-suits", name: "Chainmail", type: "armour" },
    { pack: "m2m-armour-pieces", name: "Pot-helm", type: "armour" },
  ]);

/** The identity `check` reads from a pack document's stored source. */
function packId(check: M2mPackCheck, source: Obj): string {
  if (check.documentName === "Actor") return String(source._id);
  return String(((source.system as Obj).m2m as Obj | undefined)?.ref);
}

/** What is wrong with a pack document's stored m2m block (empty: it validates). */
function packProblems(check: M2mPackCheck, source: Obj): string[] {
  const block = (source.system as Obj).m2m;
  if (source.type !== check.type) return [`type ${String(source.type)}, not ${check.type}`];
  const problems =
    check.documentName === "Actor"
      ? validateM2mBlock(block, "character")
      : m2mBlockProblems(check.type as M2mItemType, block, { strict: true });
  const embedded =
    check.documentName === "Actor"
      ? ((source.items as Obj[] | undefined) ?? []).flatMap((item) => {
          const type = String(item.type);
          if (!(M2M_ITEM_TYPES as readonly string[]).includes(type)) return [];
          return m2mBlockProblems(type as M2mItemType, (item.system as Obj).m2m, {
            strict: true,
          }).map((p) => ({ ...p, field: `items.${String(item.name)}.${p.field}` }));
        })
      : [];
  return [...problems, ...embedded].map(
    (p) => `${p.field} = ${JSON.stringify(p.value)} (${p.key})`,
  );
}

/** The stored source of a document, as plain JSON (for comparing before and after). */
const sourceOf = (doc: { toObject(): unknown }): string => JSON.stringify(doc.toObject());

/** The batch; `driver` is foundrySheetDriver in Foundry. */
export function m2mWorldBatch(context: QuenchContext, driver: SheetDriver): void {
  const { describe, it, before, after, assert } = context;

  describe("A GURPS Man to Man world: packs, Friedrick's figures, sheets, switching back", function () {
    this.timeout(BATCH_TIMEOUT_MS);
    let rulesetBefore: string | null = null;
    /** Every world document the batch made, by pack (the creature under "creature"). */
    const made = new Map<string, Doc[]>();
    const open: object[] = [];
    /** Each made document's source as imported (or made), by id. */
    const sources = new Map<string, string>();

    const all = (): Doc[] => [...made.values()].flat();
    const world = (pack: string, name: string): Doc => {
      const doc = (made.get(pack) ?? []).find((d) => d.name === `${name} (test)`);
      if (!doc) throw new Error(`"${name}" of ${pack} was not imported.`);
      return doc;
    };

    const render = async (doc: Doc, sheetClass: SheetClass, tabs: readonly string[]) => {
      const { sheet, html } = await driver.render(doc, sheetClass);
      open.push(sheet);
      assert.include(html, doc.name, `${doc.name}: the sheet shows the document's name`);
      assert.notMatch(html, /BLOWBYBLOW\.[A-Za-z]/, `${doc.name}: no localisation key showing`);
      const shown: Record<string, string> = {};
      for (const tab of tabs) {
        shown[tab] = await driver.showTab(sheet, "primary", tab);
        assert.notMatch(shown[tab], /BLOWBYBLOW\.[A-Za-z]/, `${doc.name}, tab ${tab}`);
      }
      return shown;
    };

    before(async () => {
      requireActiveGM();
      rulesetBefore = String(game.settings.get(SYSTEM_ID, RULESET_SETTING));
      await game.settings.set(SYSTEM_ID, RULESET_SETTING, "m2m");
    });

    after(async () => {
      await cleanUp([
        ...open.map((sheet) => () => driver.close(sheet)),
        ...all().map((doc) => () => doc.delete()),
        () =>
          rulesetBefore === null
            ? undefined
            : game.settings.set(SYSTEM_ID, RULESET_SETTING, rulesetBefore),
      ]);
    });

    it("the world's ruleset is GURPS Man to Man", () => {
      assert.equal(game.settings.get(SYSTEM_ID, RULESET_SETTING), "m2m");
    });

    for (const check of M2M_PACK_CHECKS)
      it(`${check.name}: one document per table row, each valid, imported unchanged`, async () => {
        const id = `${SYSTEM_ID}.${check.name}`;
        const pack = game.packs.get(id);
        assert.ok(pack, `the compendium ${id} is there`);
        // The compendium holds documents of its declared type (system.json).
        const docs = (await pack!.getDocuments()) as unknown as Doc[];
        // Imported first, so that the tests after this one have the documents even when a check
        // below fails. Each copy is recorded as it is made (the clean-up deletes what was made).
        const copies: Doc[] = [];
        made.set(check.name, copies);
        const cls =
          check.documentName === "Actor" ? CONFIG.Actor.documentClass : CONFIG.Item.documentClass;
        await Promise.all(
          docs.map(async (doc, i) => {
            // The data is this pack's own document's (an Actor or an Item, as `cls`).
            const copy = await (
              cls as unknown as { create(d: Obj): Promise<Doc | undefined> }
            ).create({ ...worldData(doc), name: `${doc.name} (test)` });
            if (!copy) throw new Error(`${id}: "${doc.name}" could not be imported.`);
            copies[i] = copy;
            sources.set(copy.id!, sourceOf(copy));
          }),
        );
        const index = await pack!.getIndex();
        assert.equal(index.size, docs.length, `${id}: every indexed document loads`);
        const sourcesOf = docs.map((d) => d.toObject() as Obj);
        assert.deepEqual(
          sourcesOf.map((s) => packId(check, s)).sort(),
          [...check.ids()].sort(),
          `${id}: one document per row of the engine's table`,
        );
        for (const source of sourcesOf)
          assert.deepEqual(packProblems(check, source), [], `${id}: ${String(source.name)}`);
        docs.forEach((doc, i) => {
          const copy = copies[i]!;
          assert.deepEqual(
            (copy.toObject() as Obj).system,
            (doc.toObject() as Obj).system,
            `${id}: "${doc.name}" keeps its data in the world`,
          );
          assert.equal(copy.type, doc.type);
          if (check.documentName === "Actor")
            assert.equal(
              (copy as Actor.Implementation).items.size,
              (doc as Actor.Implementation).items.size,
              `${id}: "${doc.name}" keeps its items`,
            );
        });
      });

    it("an m2m creature (the human hit-location table) is made", async () => {
      const pierre = await packDocument(FIGHTERS_PACK, "Filthy Pierre");
      const data = worldData(pierre);
      const system = data.system as Obj;
      const creature = await CONFIG.Actor.documentClass.create({
        name: "Filthy Pierre as a creature (test)",
        type: "creature",
        system: {
          description: system.description,
          m2m: { ...(system.m2m as Obj), bodyPlan: M2M_PLAN_IDS[0] },
        },
        items: data.items,
      } as Actor.CreateData);
      assert.ok(creature, "the creature was created");
      made.set("creature", [creature!]);
      sources.set(creature!.id!, sourceOf(creature!));
      assert.deepEqual(validateM2mBlock(blockOf(creature!, "m2m"), "creature"), []);
    });

    it("every imported actor derives its m2m figures", () => {
      const actors = all().filter((d): d is Actor.Implementation => d.documentName === "Actor");
      assert.equal(actors.length, SAMPLE_FIGHTERS.length + 1);
      for (const actor of actors) {
        const derived = (actor.system as { derived?: { ruleset?: string } | null }).derived;
        assert.equal(derived?.ruleset, "m2m", `${actor.name} derives with GURPS Man to Man`);
      }
    });

    it("Fiendish Friedrick has the book's figures (seed 004 L4187-4231)", () => {
      const friedrick = world("m2m-sample-fighters", FRIEDRICK) as Actor.Implementation;
      // The m2m derivation (the previous test checked its ruleset).
      const c = (
        friedrick.system as unknown as {
          derived: {
            character: {
              encumbrance: { load: number };
              speed: { value: number };
              move: { value: number };
              dodge: { value: number };
              block: { value: number } | null;
              pd: { value: number };
              dr: { value: number };
            };
          };
        }
      ).derived.character;
      assert.deepEqual(
        {
          load: c.encumbrance.load,
          speed: c.speed.value,
          move: c.move.value,
          dodge: c.dodge.value,
          block: c.block?.value ?? null,
          pd: c.pd.value,
          dr: c.dr.value,
        },
        { ...FRIEDRICK_FIGURES },
        "Friedrick's derived figures (load, Speed, Move, Dodge, Block, PD, DR)",
      );
    });

    it("the m2m character and creature sheets render, each tab with it", async () => {
      const friedrick = world("m2m-sample-fighters", FRIEDRICK);
      const tabs = await render(friedrick, M2mActorSheet as unknown as SheetClass, TAB_IDS);
      assert.include(tabs.combat!, "Axe", "Friedrick's axe is on the combat tab");
      const creature = made.get("creature")?.[0];
      assert.ok(creature, "the creature was made");
      await render(creature!, M2mActorSheet as unknown as SheetClass, TAB_IDS);
    });

    it("an m2m item sheet of each kind renders, each tab with it", async () => {
      const kinds = new Set<string>();
      for (const { pack, name, type } of ITEM_SHEETS) {
        const item = world(pack, name);
        assert.equal(item.type, type);
        kinds.add(type);
        await render(item, M2mItemSheet as unknown as SheetClass, ITEM_TAB_IDS);
      }
      assert.deepEqual([...kinds].sort(), [...M2M_ITEM_TYPES].sort(), "every m2m item kind");
    });

    it("switched back to HârnMaster 3, every document's source is unchanged", async () => {
      // Each document's source as imported (or made), before the sheets rendered it.
      assert.equal(sources.size, all().length);
      await game.settings.set(SYSTEM_ID, RULESET_SETTING, "hm3");
      for (const doc of all()) {
        // What a reload does to a prepared document: prepared again in the world's ruleset.
        doc.reset();
        doc.prepareData();
        assert.equal(sourceOf(doc), sources.get(doc.id!), `${doc.name}'s source`);
        if (doc.documentName === "Actor") {
          const derived = (doc.system as { derived?: { ruleset?: string } | null }).derived;
          assert.equal(derived?.ruleset, "hm3", `${doc.name} derives with HârnMaster 3 again`);
        }
      }
    });
  });
}
