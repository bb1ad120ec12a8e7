/**
 * The attack dialog's catalog picker (issue 17): the rows of the ruleset's attack modifier
 * catalog the user declares (`CombatRules.catalog`), each a select of the row and, when the row
 * takes one, its parameter. A trailing empty select adds a row; choosing "none" in a row's select
 * removes it. The ruleset checks the rows (the preview and the GM's client). Pure: no Foundry.
 */
import type { CatalogRowInput, CatalogRowOption } from "../../core/combat";
import type { Localize } from "../sheets/common";
import { formText } from "./dialog-form";

type Obj = Record<string, unknown>;

/** A catalog row as typed: the row's id ("" for none) and its parameter as text. */
export interface CatalogDraft {
  id: string;
  param: string;
}

export const CATALOG_KEY = Object.freeze({
  legend: "BLOWBYBLOW.Dialog.Catalog.legend",
  add: "BLOWBYBLOW.Dialog.Catalog.add",
  none: "BLOWBYBLOW.Dialog.Catalog.none",
  param: "BLOWBYBLOW.Dialog.Catalog.param",
});

/** The parameter a row starts with: its default number, its first choice, or nothing. */
function startParam(row: CatalogRowOption | undefined): string {
  if (!row?.param) return "";
  return row.param.kind === "number" ? String(row.param.default) : row.param.choices[0]!.id;
}

/**
 * The rows after a change of the form (`flat`: dotted names `catalog.N.id`, `catalog.N.param`):
 * a row set to "" is dropped, a row whose id changed starts with that row's parameter.
 */
export function catalogFromForm(
  flat: Obj,
  previous: readonly CatalogDraft[],
  rows: readonly CatalogRowOption[],
): CatalogDraft[] {
  const typed = new Map<number, CatalogDraft>();
  for (const [key, value] of Object.entries(flat)) {
    const m = /^catalog\.(\d+)\.(id|param)$/.exec(key);
    if (!m) continue;
    const index = Number(m[1]);
    const row = typed.get(index) ?? { id: previous[index]?.id ?? "", param: "" };
    row[m[2] as "id" | "param"] = formText(value, "");
    typed.set(index, row);
  }
  if (typed.size === 0) return previous.map((r) => ({ ...r }));
  return [...typed.entries()]
    .sort(([a], [b]) => a - b)
    .filter(([, r]) => r.id !== "")
    .map(([i, r]) =>
      previous[i]?.id === r.id
        ? r
        : { id: r.id, param: startParam(rows.find((x) => x.id === r.id)) },
    );
}

/**
 * The request's rows of a draft: a parameter that reads as a whole number is a number, any
 * other text stays text (a choice's id, or a typo the ruleset refuses naming it).
 */
export function readCatalogDraft(draft: readonly CatalogDraft[]): CatalogRowInput[] {
  return draft.map((d) => {
    const t = d.param.trim().replace("−", "-");
    if (t === "") return { id: d.id };
    return { id: d.id, param: /^[+-]?\d+$/.test(t) ? Number(t) : d.param };
  });
}

export interface CatalogRowView {
  index: number;
  choices: { id: string; label: string; checked: boolean }[];
  /** A number field, or a select of choices, or neither. */
  number: { value: string; min: number; max: number } | null;
  paramChoices: { id: string; label: string; checked: boolean }[] | null;
}

/** The picker's view: one line per declared row, then the empty line that adds one. */
export function catalogView(
  draft: readonly CatalogDraft[],
  rows: readonly CatalogRowOption[],
  localize: Localize,
): { rows: CatalogRowView[]; add: CatalogRowView } | null {
  if (rows.length === 0) return null;
  const choices = (id: string) => [
    { id: "", label: localize(CATALOG_KEY.none), checked: id === "" },
    ...rows.map((r) => ({ id: r.id, label: localize(r.labelKey), checked: r.id === id })),
  ];
  const views = draft.map((d, index): CatalogRowView => {
    const p = rows.find((r) => r.id === d.id)?.param ?? null;
    return {
      index,
      choices: choices(d.id),
      number: p?.kind === "number" ? { value: d.param, min: p.min, max: p.max } : null,
      paramChoices:
        p?.kind === "choice"
          ? p.choices.map((c) => ({
              id: c.id,
              label: localize(c.labelKey),
              checked: c.id === d.param,
            }))
          : null,
    };
  });
  const add = { index: draft.length, choices: choices(""), number: null, paramChoices: null };
  add.choices[0]!.label = localize(CATALOG_KEY.add);
  return { rows: views, add };
}
