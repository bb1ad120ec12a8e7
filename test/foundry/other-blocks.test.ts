/**
 * The other rulesets' blocks of an item on its sheet (issue 16: "an item with several rulesets'
 * blocks shows the world's ruleset's block; the others are kept and visible to a GM"): the one
 * generic builder (src/foundry/sheets/other-blocks.ts) as the HM3 item sheet's context uses it
 * (an HM3 broadsword shows its GURPS Man to Man block to a GM, labelled by m2m's own field
 * labels) and on its own (which blocks are listed, how values read, a player sees none). The
 * m2m direction is in test/foundry/rulesets/m2m/sheet-context.test.ts. Every label is a key of
 * lang/en.json.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizerOf } from "../../src/foundry/sheets/common";
import { isDefaultBlock, otherBlocksContext } from "../../src/foundry/sheets/other-blocks";
import { allRulesets, type BlockTypeKey } from "../../src/foundry/rulesets";
import { itemPartsFor } from "../../src/foundry/rulesets/m2m/sheets/item/context";
import { defaultM2mItemBlock } from "../../src/foundry/rulesets/m2m/item-data";
import {
  itemContext,
  partsFor,
  type ItemContextInput,
} from "../../src/foundry/rulesets/hm3/sheets/item/context";
import { handWeaponBlock, handWeaponItems } from "../../src/foundry/rulesets/m2m/item-tables";
import { BROADSWORD, IDS, itemSource, NAMES } from "./item-sheet-fixtures";

const base = localizerOf(JSON.parse(readFileSync("lang/en.json", "utf8")) as unknown);

/** A localiser that records every key lang/en.json lacks. */
function recorder() {
  const missing = new Set<string>();
  const localize = (key: string) => {
    const s = base.localize(key);
    if (s === key) missing.add(key);
    return s;
  };
  return { localize, missing };
}

/** The HM3 broadsword carrying its GURPS Man to Man block (seed 004 L4307) beside its HM3 one. */
function dualBroadsword() {
  const row = handWeaponItems().find((i) => i.id === "broadsword")!;
  return { ...structuredClone(BROADSWORD), m2m: handWeaponBlock(row) };
}

function hm3Input(over: Partial<ItemContextInput> = {}): ItemContextInput {
  return {
    type: "weapon",
    system: dualBroadsword(),
    id: IDS.weapon,
    name: NAMES.weapon,
    img: "",
    editable: true,
    limited: false,
    localize: base.localize,
    ...over,
  } as ItemContextInput;
}

const m2mLabel = (path: string) => base.localize(`BLOWBYBLOW.M2M.Weapon.FIELDS.m2m.${path}.label`);

describe("an HM3 item sheet lists the item's other rulesets' blocks for a GM", () => {
  it("the broadsword's m2m block, leaf by leaf, with m2m's field labels; not its own HM3 block", () => {
    const { localize, missing } = recorder();
    const others = itemContext(hm3Input({ isGM: true, localize })).others;
    expect(others.title).toBe("Other rulesets' data");
    expect(others.hint).toContain("GM only");
    // The zone-die block is listed too (its defaults: the broadsword fixture has none of its own).
    expect(others.blocks.map((b) => [b.id, b.name])).toEqual([
      ["m2m", "GURPS Man to Man"],
      ["hmzd", "HârnMaster zone die"],
    ]);
    const rows = others.blocks[0]!.rows;
    const row = (path: string) => rows.find((r) => r.path === path);
    // Seed 004 L4307: broadsword, swing cut sw+1 and thrust crushing thr+1, reach 1, ST 10, $500, 3 lb.
    expect(row("cost")).toEqual({ path: "cost", label: m2mLabel("cost"), value: "500" });
    expect(row("weight")?.value).toBe("3");
    expect(row("qualityClass")?.value).toBe("sword");
    expect(row("breakResistant")?.value).toBe("No");
    expect(row("modes.0.base")?.value).toBe("sw");
    expect(row("modes.0.type")?.value).toBe("cut");
    expect(row("modes.0.mod")?.value).toBe("1");
    expect(row("modes.0.reach.0")?.value).toBe("1");
    expect(row("modes.1.base")?.value).toBe("thr");
    expect(row("modes.1.type")?.value).toBe("cr");
    expect(row("modes.0.minST")?.value).toBe("10");
    // An array element reads as its list's label and number, then its field's label.
    expect(row("modes.1.skill")?.label).toBe(
      `${m2mLabel("modes")} 2 › ${m2mLabel("modes.element.skill")}`,
    );
    expect(row("modes.0.reach.0")?.label).toBe(
      `${m2mLabel("modes")} 1 › ${m2mLabel("modes.element.reach")} 1`,
    );
    // Nothing stored as nothing: "—" (no shield, no MD on a swing).
    expect(row("shield")?.value).toBe("—");
    expect(row("modes.0.md")?.value).toBe("—");
    expect(
      rows.some((r) => r.path.startsWith("hm3") || (r.path === "skill" && r.value === "Sword")),
    ).toBe(false);
    expect([...missing]).toEqual([]);
  });

  it("a player sees none, nor does a viewer the sheet does not name a GM", () => {
    expect(itemContext(hm3Input({ isGM: false })).others.blocks).toEqual([]);
    expect(itemContext(hm3Input()).others.blocks).toEqual([]);
  });

  it("an HM3-only item type (a skill) has no other block; the others part is a GM's only", () => {
    const skill = itemContext({
      ...itemSource("skill"),
      name: "Sword",
      img: "",
      editable: true,
      limited: false,
      isGM: true,
      localize: base.localize,
    } as ItemContextInput);
    expect(skill.others.blocks).toEqual([]);
    // The part is rendered for a GM only.
    expect(partsFor("weapon", false, true)).toEqual([
      "header",
      "tabs",
      "weapon",
      "others",
      "description",
    ]);
    expect(partsFor("weapon", false, false)).toEqual(["header", "tabs", "weapon", "description"]);
    expect(partsFor("weapon", true, true)).toEqual(["header"]);
  });
});

describe("otherBlocksContext (generic)", () => {
  const system = () => ({
    description: "<p>A blade.</p>",
    quantity: 1,
    hm3: { skill: "Sword <b>&</b>", wq: null, impact: {}, tags: [] as string[], shield: true },
    m2m: { quality: "fine" },
    // Not a registered ruleset: never listed.
    notes: { a: 1 },
  });

  it("lists every registered ruleset's block but the sheet's own, and nothing else", () => {
    const m2mSheet = otherBlocksContext({
      type: "weapon",
      system: system(),
      own: "m2m",
      isGM: true,
      localize: base.localize,
    });
    expect(m2mSheet.blocks.map((b) => b.id)).toEqual(["hm3"]);
    const hm3Sheet = otherBlocksContext({
      type: "weapon",
      system: system(),
      own: "hm3",
      isGM: true,
      localize: base.localize,
    });
    expect(hm3Sheet.blocks.map((b) => b.id)).toEqual(["m2m"]);
    expect(hm3Sheet.blocks[0]!.rows).toEqual([
      {
        path: "quality",
        label: base.localize("BLOWBYBLOW.M2M.Weapon.FIELDS.m2m.quality.label"),
        value: "fine",
      },
    ]);
  });

  it("values as text: stored strings unchanged (the template escapes them), null and empty as —, booleans Yes/No", () => {
    const rows = otherBlocksContext({
      type: "weapon",
      system: system(),
      own: "m2m",
      isGM: true,
      localize: base.localize,
    }).blocks[0]!.rows.map((r) => [r.path, r.value]);
    expect(rows).toEqual([
      ["skill", "Sword <b>&</b>"],
      ["wq", "—"],
      ["impact", "—"],
      ["tags", "—"],
      ["shield", "Yes"],
    ]);
  });

  it("a ruleset with no block for the item's type is not listed, even with one stored", () => {
    // GURPS Man to Man has no skill items: a stray `m2m` object on a skill is no block of it.
    const out = otherBlocksContext({
      type: "skill",
      system: { description: "", hm3: { ml: 60 }, m2m: { points: 4 } },
      own: "hm3",
      isGM: true,
      localize: base.localize,
    });
    expect(out.blocks).toEqual([]);
  });

  it("a player sees no block at all", () => {
    const out = otherBlocksContext({
      type: "weapon",
      system: system(),
      own: "m2m",
      isGM: false,
      localize: base.localize,
    });
    expect(out.blocks).toEqual([]);
    expect(out.title).toBe("Other rulesets' data");
  });
});

/** The stored defaults of every block per item type, as template.json records the schema's. */
const TEMPLATE = JSON.parse(readFileSync("template.json", "utf8")) as {
  Item: Record<string, Record<string, unknown>>;
};

describe("a block never filled in: one line 'Not set for <ruleset>'", () => {
  it("every ruleset's block in template.json (the schema's defaults) reads as defaults", () => {
    let checked = 0;
    for (const ruleset of allRulesets())
      for (const [type, fields] of Object.entries(TEMPLATE.Item)) {
        const key = `Item.${type}` as BlockTypeKey;
        if (!ruleset.data.blocks[key]) continue;
        const rules = ruleset.data.rules[key] ?? {};
        const nullable = ruleset.data.nullable[key] ?? [];
        expect(isDefaultBlock(rules, nullable, fields[ruleset.id]), `${ruleset.id} ${type}`).toBe(
          true,
        );
        checked++;
      }
    // Every item block of every ruleset has its defaults in template.json (8 today).
    const itemBlocks = allRulesets().flatMap((r) =>
      Object.keys(r.data.blocks).filter((k) => k.startsWith("Item.")),
    );
    expect(checked).toBe(itemBlocks.length);
    expect(checked).toBeGreaterThanOrEqual(8);
    for (const type of ["weapon", "missile", "armour"] as const)
      expect(
        isDefaultBlock(
          allRulesets().find((r) => r.id === "m2m")!.data.rules[`Item.${type}`]!,
          allRulesets().find((r) => r.id === "m2m")!.data.nullable[`Item.${type}`]!,
          defaultM2mItemBlock(type),
        ),
      ).toBe(true);
  });

  it("one field changed, a nullable group filled or a field the rules do not know: not defaults", () => {
    const m2m = allRulesets().find((r) => r.id === "m2m")!.data;
    const rules = m2m.rules["Item.weapon"]!;
    const nullable = m2m.nullable["Item.weapon"]!;
    const blank = defaultM2mItemBlock("weapon");
    expect(isDefaultBlock(rules, nullable, { ...blank, quality: "fine" })).toBe(false);
    expect(isDefaultBlock(rules, nullable, { ...blank, cost: 0 })).toBe(false);
    const shield = { size: "medium", pd: null, dr: null, hits: null, spiked: false };
    expect(isDefaultBlock(rules, nullable, { ...blank, shield })).toBe(false);
    const mode = structuredClone(handWeaponBlock(handWeaponItems()[0]!).modes[0]);
    expect(isDefaultBlock(rules, nullable, { ...blank, modes: [mode] })).toBe(false);
    expect(isDefaultBlock(rules, nullable, { ...blank, stray: 1 })).toBe(false);
    expect(isDefaultBlock(rules, nullable, null)).toBe(false);
  });

  it("the list shows the ruleset's name in one localised line, no table rows", () => {
    const { localize, missing } = recorder();
    const hm3Blank = TEMPLATE.Item.weapon!.hm3;
    const onM2m = otherBlocksContext({
      type: "weapon",
      system: { hm3: hm3Blank, m2m: handWeaponBlock(handWeaponItems()[0]!) },
      own: "m2m",
      isGM: true,
      localize,
    });
    expect(onM2m.blocks).toEqual([
      { id: "hm3", name: "HârnMaster 3", notSet: "Not set for HârnMaster 3.", rows: [] },
    ]);
    const onHm3 = otherBlocksContext({
      type: "armour",
      system: { hm3: BROADSWORD, m2m: defaultM2mItemBlock("armour") },
      own: "hm3",
      isGM: true,
      localize,
      format: (key, data) => `${key}|${String(data.ruleset)}`,
    });
    expect(onHm3.blocks.map((b) => [b.id, b.notSet, b.rows.length])).toEqual([
      ["m2m", "BLOWBYBLOW.ItemSheet.OtherBlocks.notSet|GURPS Man to Man", 0],
    ]);
    // A filled block keeps its table.
    const filled = otherBlocksContext({
      type: "weapon",
      system: dualBroadsword(),
      own: "hm3",
      isGM: true,
      localize,
    }).blocks[0]!;
    expect(filled.notSet).toBeNull();
    expect(filled.rows.length).toBeGreaterThan(0);
    expect([...missing]).toEqual([]);
  });
});

describe("the m2m item sheet's parts", () => {
  it("the other rulesets' part for a GM only, as on the HM3 sheet; a Limited viewer the header", () => {
    expect(itemPartsFor("weapon", false, true)).toEqual([
      "header",
      "tabs",
      "weapon",
      "others",
      "description",
    ]);
    expect(itemPartsFor("missile", false, false)).toEqual([
      "header",
      "tabs",
      "missile",
      "description",
    ]);
    expect(itemPartsFor("armour", false)).not.toContain("others");
    expect(itemPartsFor("armour", true, true)).toEqual(["header"]);
    expect(partsFor("weapon", false, false)).not.toContain("others");
  });
});
