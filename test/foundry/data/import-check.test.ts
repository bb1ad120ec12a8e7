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
import { registerDataModels } from "../../../src/foundry/data";
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
