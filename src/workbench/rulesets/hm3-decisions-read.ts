/**
 * The HM3 workbench's per-exchange decisions as the request carries them (issue 19): the attack's
 * HârnMaster Gold catalog rows (`AttackRequest.catalog`, the Foundry attack dialog's rows) and
 * the defence's counts (`ChoiceRequest.counts`, the defence dialog's counts), read from what is
 * typed on the page. Nothing is checked here: the ruleset reads the rows and counts into the
 * declaration the CLI parses (hm3Combat.buildDeclaration, buildChoice) and refuses a bad one
 * naming its row (`catalog[2].param`) or count (`counts.gold.feint`); `refusedDecision` tells
 * which input that is. Pure: no DOM.
 */
import type { CatalogRowInput } from "../../core/combat";
import { readCatalogDraft } from "../../foundry/combat/catalog-form";

/** An attack row as the page holds it: ticked or not, and its parameter as typed. */
export interface DecisionDraft {
  id: string;
  /** Ticked and shown (its option on). */
  on: boolean;
  param: string;
}

/**
 * The attack request's rows: the rows ticked, in the page's order, a parameter that reads as a
 * whole number as a number and any other text as typed (the ruleset refuses it by name), as the
 * Foundry dialog reads its rows (`readCatalogDraft`).
 */
export function declaredRows(drafts: readonly DecisionDraft[]): CatalogRowInput[] {
  return readCatalogDraft(drafts.filter((d) => d.on).map((d) => ({ id: d.id, param: d.param })));
}

/**
 * The defence request's counts by id: an empty field is no count; a whole number is that
 * number; any other text is passed on as typed for the ruleset to refuse naming the count.
 * Undefined when no count is set.
 */
export function declaredCounts(
  typed: Readonly<Record<string, string>>,
): Record<string, number> | undefined {
  const out: Record<string, unknown> = {};
  for (const [id, text] of Object.entries(typed)) {
    const t = text.trim().replace("−", "-");
    if (t === "") continue;
    out[id] = /^[+-]?\d+$/.test(t) ? Number(t) : text;
  }
  // Untrusted like the dialog's: the ruleset checks every count (hm3 readCounts).
  return Object.keys(out).length ? (out as Record<string, number>) : undefined;
}

/** The input an engine refusal names: a declared row (by its catalog id) or a count. */
export type RefusedInput = { kind: "row"; id: string } | { kind: "count"; id: string };

/**
 * Which of the page's decision inputs a refusal's field names: `catalog[i]` (and below it) is
 * the i-th declared row of `rows`, `catalog.<row id>` that declared row (the impact group names
 * its rows so), `counts.<id>` the count `<id>`; null: none of them.
 */
export function refusedDecision(
  field: string,
  rows: readonly CatalogRowInput[],
): RefusedInput | null {
  const row = /^catalog\[(\d+)\]/.exec(field);
  if (row) {
    const r = rows[Number(row[1])];
    return r ? { kind: "row", id: r.id } : null;
  }
  const byId = rows.find(
    (r) => field === `catalog.${r.id}` || field.startsWith(`catalog.${r.id}.`),
  );
  if (byId) return { kind: "row", id: byId.id };
  const count = /^counts\.(.+)$/.exec(field);
  return count ? { kind: "count", id: count[1]! } : null;
}
