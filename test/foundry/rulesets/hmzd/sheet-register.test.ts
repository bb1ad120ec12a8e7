/**
 * The zone-die sheets' registration (`HMZD_SHEETS`) and their tab (./tabs.ts): the HM3 character
 * and creature sheets with a "Zone die" tab before the description, default only when hmzd is
 * the world's ruleset; labels in lang/en.json; the part's template exists; the tab is the only
 * active one when chosen; a limited view gets no zone-die part.
 */
import { existsSync, readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns } from "../../stand-ins/globals";
import { DocumentSheetConfig } from "../../stand-ins/applications";
import "../../stand-ins";
import { localizerOf } from "../../../../src/foundry/sheets/common";
import { withZoneDiePart, withZoneDieTab } from "../../../../src/foundry/rulesets/hmzd/sheets/tabs";

const { localize } = localizerOf(JSON.parse(readFileSync("lang/en.json", "utf8")));

async function load() {
  const { HMZD_SHEETS } = await import("../../../../src/foundry/rulesets/hmzd/sheets/register");
  const sheets = await import("../../../../src/foundry/rulesets/hmzd/sheets/actor-sheet");
  return { HMZD_SHEETS, ...sheets };
}

beforeEach(() => {
  resetStandIns();
  DocumentSheetConfig.registrations.length = 0;
});

describe("HMZD_SHEETS", () => {
  it("registers the zone-die character, creature and item sheets, default for an hmzd world", async () => {
    const { HMZD_SHEETS, HmzdCharacterSheet, HmzdCreatureSheet } = await load();
    const { HmzdItemSheet } = await import(
      "../../../../src/foundry/rulesets/hmzd/sheets/item-sheet"
    );
    HMZD_SHEETS.register(true);
    expect(
      DocumentSheetConfig.registrations.map((r) => [
        r.sheetClass === HmzdCharacterSheet
          ? "character"
          : r.sheetClass === HmzdCreatureSheet
            ? "creature"
            : r.sheetClass === HmzdItemSheet
              ? "item"
              : "?",
        r.config.types,
        r.config.makeDefault,
        localize(String(r.config.label)),
      ]),
    ).toEqual([
      ["character", ["character"], true, "Zone-die character sheet"],
      ["creature", ["creature"], true, "Zone-die creature sheet"],
      [
        "item",
        ["weapon", "missile", "armour", "skill", "injury", "gear"],
        true,
        "Zone-die item sheet",
      ],
    ]);
    HMZD_SHEETS.register(false);
    expect(DocumentSheetConfig.registrations.slice(3).map((r) => r.config.makeDefault)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("the zone-die part and tab sit before the description; the template exists", async () => {
    const { HmzdCharacterSheet, HmzdCreatureSheet, HMZD_ACTOR_TEMPLATE } = await load();
    for (const cls of [HmzdCharacterSheet, HmzdCreatureSheet]) {
      const tabs = (cls.TABS as { primary: { tabs: { id: string; label: string }[] } }).primary
        .tabs;
      const ids = tabs.map((t) => t.id);
      expect(ids.indexOf("zoneDie")).toBe(ids.indexOf("description") - 1);
      expect(localize(tabs.find((t) => t.id === "zoneDie")!.label)).toBe("Zone die");
      expect(Object.keys(cls.PARTS)).toContain("zoneDie");
    }
    expect(existsSync(HMZD_ACTOR_TEMPLATE.replace("systems/blow-by-blow/", ""))).toBe(true);
  });
});

describe("the zone-die tab (pure)", () => {
  const tab = (id: string, active: boolean) => ({
    id,
    group: "primary" as const,
    active,
    cssClass: active ? "active" : "",
    label: id,
  });

  it("chosen, it is the only active tab; else HM3's active tab stays", () => {
    const hm3 = { attributes: tab("attributes", true), combat: tab("combat", false) };
    const on = withZoneDieTab(hm3, "zoneDie", localize);
    expect(
      Object.values(on)
        .filter((t) => t.active)
        .map((t) => t.id),
    ).toEqual(["zoneDie"]);
    expect(on.zoneDie!.label).toBe("Zone die");
    const off = withZoneDieTab(hm3, "combat", localize);
    expect(
      Object.values(off)
        .filter((t) => t.active)
        .map((t) => t.id),
    ).toEqual(["attributes"]);
  });

  it("the part goes before the description; a limited view has none", () => {
    expect(withZoneDiePart(["header", "tabs", "injuries", "description"])).toEqual([
      "header",
      "tabs",
      "injuries",
      "zoneDie",
      "description",
    ]);
    expect(withZoneDiePart(["header", "limited"])).toEqual(["header", "limited"]);
  });
});
