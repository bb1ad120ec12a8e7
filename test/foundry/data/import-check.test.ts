/**
 * Import Data (issue 15): imported JSON is checked with the data model's rules before Foundry
 * writes it; with any bad or unknown field the user sees every one of them and may refuse the
 * whole import (the default: nothing is written) or import anyway.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import "../stand-ins";
import { resetStandIns, standIns } from "../stand-ins/globals";
import { DialogV2 } from "../stand-ins/applications";
import { StandInActor, updateLog } from "../stand-ins/data";
import { registerDataModels } from "../../../src/foundry/data";
import { SCHEMA_VERSION } from "../../../src/foundry/migrations";
import { escapeHtml } from "../../../src/foundry/sheets/common";
import {
  checkedImport,
  importProblems,
  registerImportCheck,
  type ImportUi,
} from "../../../src/foundry/data/import-check";

type Doc = {
  name: string;
  system: { hm3: { attributes: Record<string, unknown> } } & Record<string, unknown>;
  items: { type: string; name: string; system: { hm3: Record<string, unknown> } }[];
};
const knight = () =>
  JSON.parse(
    readFileSync("packs/_source/hm3-sample-fighters/sir-aldric-knight.json", "utf8"),
  ) as Doc;

/** The knight with armour quality 100, an attribute of 50 and an unknown field. */
function badKnight(): { doc: Doc; armour: number } {
  const doc = knight();
  const armour = doc.items.findIndex((i) => i.type === "armour");
  doc.items[armour]!.system.hm3.quality = 100;
  doc.system.hm3.attributes.str = 50;
  doc.system.secret = "<b>kept?</b>";
  return { doc, armour };
}

beforeEach(() => {
  resetStandIns();
  registerDataModels();
  DialogV2.calls.length = 0;
  DialogV2.answers.length = 0;
});

const ui = (): ImportUi => ({
  i18n: standIns.game.i18n,
  confirm: (c) => DialogV2.confirm(c),
  warn: (m) => void standIns.notifications.warn(m),
});

describe("import check", () => {
  it("lists every bad and unknown field, not only the first", () => {
    const { doc, armour } = badKnight();
    const lines = importProblems("Actor", doc, standIns.game.i18n);
    expect(lines).toEqual([
      "system.hm3.attributes.str: 50 is outside the range 1 to 30.",
      'system.secret: not a field of Actor.character (got "<b>kept?</b>")',
      `items[${armour}] ${JSON.stringify(doc.items[armour]!.name)}: system.hm3.quality: 100 is outside the range -10 to 10.`,
    ]);
    expect(importProblems("Actor", knight(), standIns.game.i18n)).toEqual([]);
    expect(importProblems("Macro", doc, standIns.game.i18n)).toEqual([]);
  });

  it("GURPS Man to Man data that does not fit is refused naming the field (actor, item, both blocks)", () => {
    const i18n = standIns.game.i18n;
    const axe = JSON.parse(
      readFileSync("packs/_source/m2m-hand-weapons/axe.json", "utf8"),
    ) as Record<string, never> & { system: { m2m: Record<string, unknown> } };
    expect(importProblems("Item", axe, i18n)).toEqual([]);
    const badAxe = structuredClone(axe);
    badAxe.system.m2m.quality = "cheap"; // cheap is priced for swords only (L1002)
    (badAxe.system.m2m.modes as Record<string, unknown>[])[0]!.reach = ["9"];
    expect(importProblems("Item", badAxe, i18n)).toEqual([
      'system.m2m.modes.0.reach: ["9"] is not one of C, 1, 2, 3.',
    ]);
    (badAxe.system.m2m.modes as Record<string, unknown>[])[0]!.reach = ["1"];
    expect(importProblems("Item", badAxe, i18n)).toEqual([
      'system.m2m.quality: "cheap" quality is priced for swords only (seed 004 L1002), not for a cutting-impaling weapon.',
    ]);
    // A knight pasted with an m2m block beside his HM3 block: both are checked.
    const doc = knight() as Doc & { system: { m2m: unknown } };
    doc.system.m2m = {
      hp: 200,
      skills: [
        { id: "broadsword", points: 2 },
        { id: "broadsword", points: 4 },
      ],
      wounds: 3,
    };
    expect(importProblems("Actor", doc, i18n)).toEqual([
      "system.m2m.hp: 200 is outside the range -1000 to 100.",
      "system.m2m.wounds: not a field of Actor.character (got 3)",
    ]);
    doc.system.m2m = {
      skills: [
        { id: "broadsword", points: 2 },
        { id: "broadsword", points: 4 },
      ],
    };
    expect(importProblems("Actor", doc, i18n)).toEqual([
      'system.m2m.skills.1.id: "broadsword" is listed twice.',
    ]);
  });

  it("refused (the default answer): nothing is imported, the notice says so; the dialog lists each field escaped", async () => {
    const { doc } = badKnight();
    const imported: string[] = [];
    DialogV2.answers.push(false);
    const result = await checkedImport(
      { documentName: "Actor", name: "Sir <i>Aldric</i>" },
      JSON.stringify(doc),
      async (j) => {
        imported.push(j);
        return "written";
      },
      ui(),
    );
    expect(result).toBeNull();
    expect(imported).toEqual([]);
    const dialog = DialogV2.calls[0] as { content: string; no: { default: boolean } };
    expect(dialog.no.default).toBe(true);
    expect(dialog.content).toContain("Sir &lt;i&gt;Aldric&lt;/i&gt;");
    expect(dialog.content).toContain("has 3 problem(s)");
    expect(dialog.content).toContain("system.secret: not a field of Actor.character");
    expect(dialog.content).toContain("&quot;&lt;b&gt;kept?&lt;/b&gt;&quot;");
    expect(dialog.content).not.toContain("<b>kept");
    expect(dialog.content.match(/<li>/g)).toHaveLength(3);
    expect(standIns.notifications.messages.map((m) => [m.type, m.message])).toEqual([
      [
        "warning",
        "Import into Sir &lt;i&gt;Aldric&lt;/i&gt; refused: 3 problem(s); nothing was changed.",
      ],
    ]);
    // A closed dialog (null) refuses too.
    DialogV2.answers.push(null);
    expect(
      await checkedImport(
        { documentName: "Actor", name: "x" },
        JSON.stringify(doc),
        async () => 1,
        ui(),
      ),
    ).toBeNull();
  });

  it("import anyway goes to Foundry's import; clean data and text that is not JSON go there without a dialog", async () => {
    const imported: string[] = [];
    const base = async (j: string) => {
      imported.push(j);
      return "written";
    };
    DialogV2.answers.push(true);
    const bad = JSON.stringify(badKnight().doc);
    expect(await checkedImport({ documentName: "Actor", name: "A" }, bad, base, ui())).toBe(
      "written",
    );
    const clean = JSON.stringify(knight());
    expect(await checkedImport({ documentName: "Actor", name: "A" }, clean, base, ui())).toBe(
      "written",
    );
    expect(await checkedImport({ documentName: "Actor", name: "A" }, "{oops", base, ui())).toBe(
      "written",
    );
    // Imported anyway: within the rules first (quality 100 → 10, STR 50 → 30, `secret` dropped),
    // so Foundry's whole-document update is not refused half way.
    const { doc, armour } = badKnight();
    const repaired = JSON.parse(imported[0]!) as Doc;
    expect(repaired.items[armour]!.system.hm3.quality).toBe(10);
    expect(repaired.system.hm3.attributes.str).toBe(30);
    expect(repaired.system).not.toHaveProperty("secret");
    expect(repaired.items.map((i) => i.name)).toEqual(doc.items.map((i) => i.name));
    expect(importProblems("Actor", repaired, standIns.game.i18n)).toEqual([]);
    expect(imported.slice(1)).toEqual([clean, "{oops"]);
    expect(DialogV2.calls).toHaveLength(1);
  });

  it("registerImportCheck extends the configured Actor and Item classes' importFromJSON, once", async () => {
    const calls: string[] = [];
    class Base {
      static documentName = "Item";
      documentName = "Item";
      name = "Sword";
      async importFromJSON(json: string) {
        calls.push(json);
        return this;
      }
    }
    const config = standIns.CONFIG as unknown as Record<string, { documentClass: unknown }>;
    config.Item!.documentClass = Base;
    registerImportCheck();
    registerImportCheck();
    const Checked = config.Item!.documentClass as typeof Base;
    expect(Object.getPrototypeOf(Checked)).toBe(Base);
    const weapon = knight().items.find((i) => i.type === "weapon")!;
    DialogV2.answers.push(false);
    const bad = { ...weapon, system: { ...weapon.system, hm3: { ...weapon.system.hm3, wq: 99 } } };
    expect(await new Checked().importFromJSON(JSON.stringify(bad))).toBeNull();
    expect(calls).toEqual([]);
    expect(await new Checked().importFromJSON(JSON.stringify(weapon))).toBeInstanceOf(Checked);
    expect(calls).toHaveLength(1);
  });
});

/**
 * The same check through the stand-ins' `importFromJSON`, which follows v13's
 * ClientDocumentMixin#importFromJSON (docs/foundry-stand-ins.md): `fromImport` (strict), the
 * data without `_id`, one update `{diff: false, recursive: false}`, the "DOCUMENT.Imported"
 * notice.
 */
describe("import through Foundry's importFromJSON (stand-in)", () => {
  type Flags = Record<string, Record<string, unknown>>;
  /** The knight as a world Actor of the configured class (checked when registered). */
  function target(): StandInActor {
    const Actor = (standIns.CONFIG as unknown as { Actor: { documentClass: unknown } }).Actor
      .documentClass as new (data: object) => StandInActor;
    const actor = new Actor(knight());
    actor.prepareData();
    standIns.game.actors.set(actor.id!, actor);
    return actor;
  }
  const source = (a: StandInActor) => a.toObject() as unknown as Doc & { flags: Flags };
  const imported = () =>
    standIns.notifications.messages.filter((m) => m.message === "DOCUMENT.Imported");

  it("without the check, Foundry clamps a bad value and drops an unknown field silently, and refuses what it cannot clean", async () => {
    const actor = target(); // not registered: the stand-in's own importFromJSON
    const { doc, armour } = badKnight();
    await actor.importFromJSON(JSON.stringify(doc));
    const after = source(actor);
    expect(after.items[armour]!.system.hm3.quality).toBe(10);
    expect(after.system.hm3.attributes.str).toBe(30);
    expect(after.system).not.toHaveProperty("secret");
    expect(after.flags).toEqual({});
    expect(imported()).toHaveLength(1);
    const text = knight();
    text.system.hm3.attributes.str = "strong";
    await expect(actor.importFromJSON(JSON.stringify(text))).rejects.toThrow(/str/);
  });

  it("a bad field is listed and the whole import refused by default: nothing of the document is lost", async () => {
    registerImportCheck();
    const actor = target();
    const before = source(actor);
    const { doc, armour } = badKnight();
    doc.name = "Renamed";
    doc.items.pop();
    DialogV2.answers.push(false); // Refuse, the dialog's default button
    expect(await actor.importFromJSON(JSON.stringify(doc))).toBeNull();
    const dialog = DialogV2.calls[0] as { content: string; no: { default: boolean } };
    expect(dialog.no.default).toBe(true);
    expect(dialog.content).toContain("system.hm3.attributes.str: 50 is outside the range 1 to 30.");
    expect(dialog.content).toContain("system.secret: not a field of Actor.character");
    expect(dialog.content).toContain(
      `items[${armour}] ${escapeHtml(JSON.stringify(doc.items[armour]!.name))}: system.hm3.quality: 100 is outside the range -10 to 10.`,
    );
    expect(source(actor)).toEqual(before);
    expect(updateLog).toEqual([]);
    expect(imported()).toEqual([]);
    expect(standIns.notifications.messages.at(-1)!.type).toBe("warning");
  });

  it("Import anyway: repaired as the migration does, what was replaced or unknown kept in the flags; the import replaces the document's data", async () => {
    registerImportCheck();
    const actor = target();
    const id = actor.id;
    const { doc, armour } = badKnight();
    doc.name = "Sir Aldric, imported";
    const dropped = doc.items.pop()!;
    (doc.items[0]!.system.hm3 as Record<string, unknown>).crest = "lion"; // unknown, in an item
    DialogV2.answers.push(true);
    expect(await actor.importFromJSON(JSON.stringify(doc))).toBe(actor);
    const after = source(actor);
    expect(actor.id).toBe(id); // preserved on import (v13 preserveOnImport)
    expect(after.name).toBe("Sir Aldric, imported");
    expect(after.items.map((i) => i.name)).toEqual(doc.items.map((i) => i.name));
    expect(after.items.map((i) => i.name)).not.toContain(dropped.name);
    expect(after.system.hm3.attributes.str).toBe(30);
    expect(after.items[armour]!.system.hm3.quality).toBe(10);
    expect(after.system).not.toHaveProperty("secret");
    expect(after.flags["blow-by-blow"]!.migration).toEqual({
      version: SCHEMA_VERSION,
      unknown: { secret: "<b>kept?</b>" },
      replaced: [{ path: "hm3.attributes.str", value: 50, became: 30 }],
    });
    const itemFlags = (i: number) =>
      (after.items[i] as unknown as { flags: Flags }).flags["blow-by-blow"]!.migration;
    expect(itemFlags(armour)).toEqual({
      version: SCHEMA_VERSION,
      unknown: {},
      replaced: [{ path: "hm3.quality", value: 100, became: 10 }],
    });
    // Kept by its path `hm3.crest`, which Foundry's update expands as it expands every dotted key.
    expect(itemFlags(0)).toMatchObject({ unknown: { hm3: { crest: "lion" } } });
    expect(imported()).toHaveLength(1);
  });

  it("an unknown field alone is listed, not dropped silently; clean data imports without a dialog; text that is not JSON changes nothing", async () => {
    registerImportCheck();
    const actor = target();
    const doc = knight();
    (doc.system as Record<string, unknown>).mood = "grim";
    DialogV2.answers.push(false);
    expect(await actor.importFromJSON(JSON.stringify(doc))).toBeNull();
    expect((DialogV2.calls[0] as { content: string }).content).toContain(
      "system.mood: not a field of Actor.character",
    );
    const before = source(actor);
    await expect(actor.importFromJSON("{oops")).rejects.toThrow(SyntaxError);
    expect(source(actor)).toEqual(before);
    const clean = knight();
    clean.name = "Clean";
    await actor.importFromJSON(JSON.stringify(clean));
    expect(actor.name).toBe("Clean");
    expect(DialogV2.calls).toHaveLength(1);
  });

  it("an export of a world before schema 1 (HM3 fields flat in system) is migrated as Foundry's migrateData will, not listed as unknown; a bad value in it is still listed", async () => {
    registerImportCheck();
    const actor = target();
    // The knight as an old world exported it: the block's fields flat in `system`, as in its items.
    const flat = (system: Record<string, unknown>) => {
      // Fields added after schema 1 (HârnMaster Gold's cutting, squeeze, tear) are not in such an export.
      const { hm3, ...rest } = system as { hm3: Record<string, unknown> };
      const older = { ...hm3 };
      // Fields added after schema 1 (the HârnMaster Gold ones, issue 19) were not in such a world.
      for (const k of [
        "cutting",
        "squeeze",
        "tear",
        "unarmedStyle",
        "longReach",
        "sizeClass",
        "object",
        "handModePenalty",
        "strRequirement",
        "lighterClasses",
      ])
        delete older[k];
      return { ...rest, ...older };
    };
    const old = knight() as unknown as {
      name: string;
      system: Record<string, unknown>;
      items: { system: Record<string, unknown> }[];
    };
    old.name = "Old Knight";
    old.system = flat(old.system);
    for (const item of old.items) item.system = flat(item.system);
    expect(old.system).not.toHaveProperty("hm3");
    expect(importProblems("Actor", old, standIns.game.i18n)).toEqual([]);
    await actor.importFromJSON(JSON.stringify(old));
    expect(DialogV2.calls).toHaveLength(0);
    expect(actor.name).toBe("Old Knight");
    expect(source(actor).system.hm3.attributes).toEqual(knight().system.hm3.attributes);
    // The same old export with STR 50: listed under its migrated path.
    (old.system.attributes as Record<string, unknown>).str = 50;
    expect(importProblems("Actor", old, standIns.game.i18n)).toEqual([
      "system.hm3.attributes.str: 50 is outside the range 1 to 30.",
    ]);
  });
});
