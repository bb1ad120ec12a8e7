/**
 * The GURPS Man to Man sheets' registration (`M2M_SHEETS`): one actor sheet for characters and
 * creatures, the item sheet for the three item types that carry an m2m block, default only
 * when m2m is the world's ruleset; labels in lang/en.json; every template the classes name is
 * a file of the repository.
 */
import { existsSync, readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns } from "../../stand-ins/globals";
import { DocumentSheetConfig } from "../../stand-ins/applications";
import "../../stand-ins";
import { localizerOf } from "../../../../src/foundry/sheets/common";

const { localize } = localizerOf(JSON.parse(readFileSync("lang/en.json", "utf8")));

async function load() {
  const { M2M_SHEETS } = await import("../../../../src/foundry/rulesets/m2m/sheets/register");
  const { M2mActorSheet } = await import(
    "../../../../src/foundry/rulesets/m2m/sheets/actor/actor-sheet"
  );
  const { M2mItemSheet } = await import(
    "../../../../src/foundry/rulesets/m2m/sheets/item/item-sheet"
  );
  return { M2M_SHEETS, M2mActorSheet, M2mItemSheet };
}

beforeEach(() => {
  resetStandIns();
  DocumentSheetConfig.registrations.length = 0;
});

describe("M2M_SHEETS", () => {
  it("registers the actor sheet for both actor types and the item sheet for weapon, missile, armour", async () => {
    const { M2M_SHEETS, M2mActorSheet, M2mItemSheet } = await load();
    M2M_SHEETS.register(true);
    const byClass = (cls: unknown) =>
      DocumentSheetConfig.registrations
        .filter((r) => r.sheetClass === cls)
        .map((r) => [r.config.types, r.config.makeDefault, localize(String(r.config.label))]);
    expect(byClass(M2mActorSheet)).toEqual([
      [["character"], true, "GURPS Man to Man character sheet"],
      [["creature"], true, "GURPS Man to Man creature sheet"],
    ]);
    expect(byClass(M2mItemSheet)).toEqual([
      [["weapon", "missile", "armour"], true, "GURPS Man to Man item sheet"],
    ]);
    expect(M2M_SHEETS.partials).toEqual([]);
  });

  it("not the world's ruleset: registered, but not the default", async () => {
    const { M2M_SHEETS } = await load();
    M2M_SHEETS.register(false);
    expect(DocumentSheetConfig.registrations.map((r) => r.config.makeDefault)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("every template the two classes name exists", async () => {
    const { M2mActorSheet, M2mItemSheet } = await load();
    const paths = [M2mActorSheet, M2mItemSheet].flatMap((cls) =>
      Object.values(cls.PARTS).map((p) => p.template.replace("systems/blow-by-blow/", "")),
    );
    expect(paths.length).toBe(14);
    for (const path of paths) expect(existsSync(path), path).toBe(true);
  });
});
