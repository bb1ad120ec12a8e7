/**
 * Every word the GURPS Man to Man sheets show goes through localisation. The real templates
 * (templates/m2m and the shared header, tabs and description) are rendered in Node from the
 * sheets' contexts with a stand-in localiser that returns each key marked (`⟦key⟧`), for the
 * context builders and the templates' `localize` helper alike; what is left outside the marks
 * may hold only the documents' own text (names and descriptions: data, not text of the system),
 * numbers, dice (`2d+1`) and signs. A skill, race, location or reach shown in English
 * straight from the engine's tables would be left over.
 */
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { foundryHelpers } from "../../../../src/workbench/handlebars";
import { PARTIAL_HELPER, partialHelper } from "../../../../src/foundry/sheets/common";
import {
  m2mActorContext,
  partsFor,
  partTab,
  type M2mActorContextInput,
  type M2mSheetItem,
} from "../../../../src/foundry/rulesets/m2m/sheets/actor/context";
import {
  itemPartsFor,
  m2mItemContext,
} from "../../../../src/foundry/rulesets/m2m/sheets/item/context";
import type { M2mItemType } from "../../../../src/foundry/rulesets/m2m/item-data";
import { partialPaths, readTemplate, RUNTIME_OPTIONS } from "../../stand-ins/handlebars";
import {
  friedrickBlock,
  friedrickDerived,
  friedrickItems,
  piecesDerived,
  piecesItems,
} from "./sheet-fixtures";

/** Everything the stand-in localiser was asked, and the values put into formatted strings. */
const asked = { keys: [] as string[], values: [] as unknown[] };
const mark = (key: string) => {
  asked.keys.push(key);
  return `⟦${key}⟧`;
};
const markFormat = (key: string, data: Record<string, unknown> = {}) => {
  asked.values.push(...Object.values(data));
  return mark(key);
};

const hb = Handlebars.create();
hb.registerHelper(foundryHelpers({ localize: mark, format: markFormat }));
for (const path of partialPaths()) hb.registerPartial(path, hb.compile(readTemplate(path)));
hb.registerHelper(PARTIAL_HELPER, partialHelper(hb));
const render = (path: string, context: object) =>
  hb.compile(readTemplate(path))(context, RUNTIME_OPTIONS);

const SHARED: Record<string, string> = {
  header: "header.hbs",
  tabs: "tabs.hbs",
  description: "description.hbs",
  limited: "limited.hbs",
  others: "others.hbs",
};

const ENTITIES: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#x3D;": "=",
  "&#x60;": "`",
  "&amp;": "&",
};
const decode = (s: string) =>
  s.replace(/&(?:lt|gt|quot|#x27|#x3D|#x60|amp);/g, (e) => ENTITIES[e]!);

/** Text a user reads: text between tags, and the attributes shown as text. */
function visibleTexts(html: string): string[] {
  const attrs = [
    ...html.matchAll(/\s(?:title|aria-label|data-tooltip|placeholder|alt)="([^"]*)"/g),
  ];
  return [...html.replace(/<[^>]*>/g, "\n").split("\n"), ...attrs.map((m) => m[1]!)].map(decode);
}

/** What is left of a text once the marks, the allowed names, dice, numbers and signs are gone. */
function leftOver(text: string, names: readonly string[]): string {
  let rest = text.replace(/⟦[^⟧]*⟧/g, " ");
  for (const name of [...names].sort((a, b) => b.length - a.length))
    rest = rest.split(name).join(" ");
  return rest
    .replace(/\b\d+d(?:[+−-]\d+)?\b/g, " ")
    .replace(/[^\p{L}]/gu, "")
    .trim();
}

/** Every left-over word of the rendered HTML and of the values formatted into its strings. */
function unlocalised(html: string, names: readonly string[]): string[] {
  const texts = [
    ...visibleTexts(html),
    ...asked.values.filter((v) => typeof v === "string").map(String),
  ];
  return [...new Set(texts.filter((t) => leftOver(t, names) !== "").map((t) => t.trim()))];
}

function actorHtml(over: Partial<M2mActorContextInput> = {}): string {
  const block = friedrickBlock();
  const context = m2mActorContext({
    type: "character",
    name: "Fiendish Friedrick",
    img: "",
    system: { m2m: block, description: "<p>A mercenary.</p>" },
    derived: friedrickDerived(block),
    items: friedrickItems(),
    editable: true,
    localize: mark,
    format: markFormat,
    ...over,
  });
  return partsFor(context.limited)
    .map((p) =>
      render(SHARED[p] ? `templates/actor/${SHARED[p]}` : `templates/m2m/actor/${p}.hbs`, {
        ...context,
        tab: partTab(context, p),
        partId: p,
      }),
    )
    .join("\n");
}

function itemHtml(item: M2mSheetItem): string {
  const context = m2mItemContext({
    type: item.type as M2mItemType,
    system: item.system as never,
    name: item.name,
    img: "",
    editable: true,
    // A GM's list of the other rulesets' blocks shows their stored paths and values as data.
    isGM: false,
    localize: mark,
    format: markFormat,
  });
  return itemPartsFor(item.type as M2mItemType, false)
    .map((p) =>
      render(SHARED[p] ? `templates/item/${SHARED[p]}` : `templates/m2m/item/${p}.hbs`, {
        ...context,
        partId: p,
      }),
    )
    .join("\n");
}

/** A stored description as it reads (data, like a name). */
const descriptionText = (item: M2mSheetItem) =>
  String(item.system.description ?? "").replace(/<[^>]*>/g, "");

/** The documents' own text: the actor's name and description, the items' names. */
const names = (items: readonly M2mSheetItem[]) => [
  "Fiendish Friedrick",
  "<p>A mercenary.</p>", // the editor's source
  "A mercenary.",
  ...items.map((i) => i.name),
];

describe("the m2m sheets show only localised text besides document names", () => {
  it("the check finds engine text left in English (a skill name given as it is)", () => {
    asked.values = [];
    expect(unlocalised("<td>Axe/Mace</td><td>⟦K⟧ 12</td><td>2d+1</td>", [])).toEqual(["Axe/Mace"]);
    expect(unlocalised('<span title="⟦K⟧ Fiendish Friedrick">x</span>', names([]))).toEqual(["x"]);
    asked.values = ["DX"];
    expect(unlocalised("", [])).toEqual(["DX"]);
  });

  it("character sheet, every tab: Friedrick with axe, shield, scale armour and crossbow", () => {
    asked.keys = [];
    asked.values = [];
    const html = actorHtml();
    expect(asked.keys).toEqual(
      expect.arrayContaining([
        "BLOWBYBLOW.M2M.Sheet.Skill.axe-mace",
        "BLOWBYBLOW.M2M.Sheet.Race.human",
        "BLOWBYBLOW.M2M.Sheet.AttributeAbbr.dx",
        "BLOWBYBLOW.M2M.Sheet.Location.left-hand",
        "BLOWBYBLOW.M2M.Sheet.DamageType.cut",
        "BLOWBYBLOW.M2M.Actor.FIELDS.m2m.advantages.toughness.label",
      ]),
    );
    expect(unlocalised(html, names(friedrickItems()))).toEqual([]);
  });

  it("character sheet with Advanced armour pieces (hit-location table, DR tooltips)", () => {
    asked.values = [];
    const html = actorHtml({ items: piecesItems(), derived: piecesDerived() });
    expect(html).toContain("⟦BLOWBYBLOW.M2M.Sheet.Modifier.skull⟧");
    expect(unlocalised(html, names(piecesItems()))).toEqual([]);
  });

  it("a creature, a Limited viewer and a sheet whose figures cannot be derived", () => {
    for (const over of [
      { type: "creature" as const },
      { limited: true },
      { derived: null, derivationError: "⟦BLOWBYBLOW.M2M.Gear.twoSuits⟧" },
    ]) {
      asked.values = [];
      expect(unlocalised(actorHtml(over), names(friedrickItems()))).toEqual([]);
    }
  });

  it.each([...friedrickItems(), ...piecesItems().slice(-3)].map((i) => [i.name, i] as const))(
    "item sheet: %s",
    (_name, item) => {
      asked.keys = [];
      asked.values = [];
      const html = itemHtml(item);
      expect(asked.keys.length).toBeGreaterThan(10);
      expect(unlocalised(html, [item.name, descriptionText(item)])).toEqual([]);
    },
  );
});
