/**
 * The HM3 workbench's per-exchange decisions (issue 19): the attack's HârnMaster Gold rows (aim
 * at a location, side and AAPs; angry or enraged strike; feint; darkness; dodged; recovering;
 * mounted; disarm, sweep, tackle; unarmed style and technique; defender surprised; double strike;
 * tangle & strike), each shown only while its option is on, and the chosen defence's counts
 * (angry or feinting counterstrike, dodged, recovering, mounted) as the ruleset offers them.
 * They go into the page's attack and defence requests, which the ruleset turns into the
 * declaration the CLI parses (hm3Combat.buildDeclaration, buildChoice): the exchange rolled,
 * the odds and the EMLs all read them. A refusal is the ruleset's own message, shown beside the
 * input it names (hm3-decisions-read.ts).
 */
import type { CatalogRowInput, CatalogRowOption, ChoiceOptionView } from "../../core/combat";
import { InputError } from "../../core/errors";
import { escapeHtml } from "../../foundry/sheets/common";
import { hm3Combat } from "../../rules/hm3";
import { goldOn, type GoldOptionId, type GoldOptions } from "../../rules/hm3/gold/options";
import { el, format, localize, Refusals } from "../page";
import { declaredCounts, declaredRows, refusedDecision } from "./hm3-decisions-read";

export const DECISION_KEYS = Object.freeze({
  attack: "BLOWBYBLOW.Workbench.Decisions.attack",
  defence: "BLOWBYBLOW.Workbench.Decisions.defence",
  hint: "BLOWBYBLOW.Workbench.Decisions.hint",
  param: "BLOWBYBLOW.Workbench.Decisions.param",
  refused: "BLOWBYBLOW.Workbench.Decisions.refused",
});

type Rules = Readonly<Record<string, boolean>>;

/** Whether a catalog row's option takes effect with these rules (a sub-rule with its rule). */
function shown(option: string | undefined, rules: Rules): boolean {
  return (
    option === undefined || goldOn(rules as Readonly<Partial<GoldOptions>>, option as GoldOptionId)
  );
}

/** One attack row: a tick, the row's name, and its parameter (a number field or a select). */
function rowMarkup(row: CatalogRowOption, rules: Rules): string {
  const name = escapeHtml(localize(row.labelKey));
  const p = row.param;
  let param = "";
  if (p?.kind === "number")
    param = ` <input type="text" inputmode="numeric" data-param value="${p.default}" aria-label="${escapeHtml(
      format(DECISION_KEYS.param, { name: localize(row.labelKey) }),
    )}" />`;
  else if (p?.kind === "choice")
    param = ` <select data-param aria-label="${escapeHtml(
      format(DECISION_KEYS.param, { name: localize(row.labelKey) }),
    )}">${p.choices
      .map(
        (c) => `<option value="${escapeHtml(c.id)}">${escapeHtml(localize(c.labelKey))}</option>`,
      )
      .join("")}</select>`;
  return `<li class="bbb-wb-decision" data-row="${escapeHtml(row.id)}"${
    row.option ? ` data-option="${escapeHtml(row.option)}"` : ""
  }${shown(row.option, rules) ? "" : " hidden"}><label><input type="checkbox" data-declare /> ${name}</label>${param}</li>`;
}

/**
 * The decisions' panel (`wb-decisions`): every attack row, hidden while its option is off with
 * `rules`; `changed` runs on any change of it.
 */
export function mountDecisions(rules: Rules, changed: () => void): void {
  const box = el("wb-decisions");
  box.innerHTML = `<p class="bbb-wb-decisions-hint">${escapeHtml(localize(DECISION_KEYS.hint))}</p>
    <fieldset id="wb-decisions-attack"><legend>${escapeHtml(localize(DECISION_KEYS.attack))}</legend>
      <ul>${(hm3Combat.catalog ?? []).map((r) => rowMarkup(r, rules)).join("")}</ul></fieldset>
    <fieldset id="wb-decisions-defence" hidden><legend>${escapeHtml(localize(DECISION_KEYS.defence))}</legend>
      <ul></ul></fieldset>`;
  box.addEventListener("change", changed);
  showDecisions(rules);
}

/**
 * Shows the attack rows whose option is on with `rules`, hides (and unticks) the others, and
 * hides the panel itself when none is shown.
 */
export function showDecisions(rules: Rules): void {
  for (const li of rowItems()) {
    li.hidden = !shown(li.dataset.option, rules);
    // A row whose option goes off is no longer declared (nor when the option comes back).
    if (li.hidden) li.querySelector<HTMLInputElement>("[data-declare]")!.checked = false;
  }
  showPanel();
}

/** The panel is shown while an attack row or a defence count is. */
function showPanel(): void {
  el("wb-decisions").hidden =
    rowItems().every((li) => li.hidden) && el("wb-decisions-defence").hidden;
}

function rowItems(): HTMLElement[] {
  return [...el("wb-decisions-attack").querySelectorAll<HTMLElement>("li[data-row]")];
}

/** The attack request's rows: those ticked and shown, their parameters as typed. */
export function attackCatalog(): CatalogRowInput[] {
  return declaredRows(
    rowItems().map((li) => ({
      id: li.dataset.row!,
      on: !li.hidden && li.querySelector<HTMLInputElement>("[data-declare]")!.checked,
      param: li.querySelector<HTMLInputElement | HTMLSelectElement>("[data-param]")?.value ?? "",
    })),
  );
}

/**
 * The chosen defence's counts as fields (what was typed kept by id); the panel's defence part
 * is hidden when the defence offers none.
 */
export function fillCounts(option: ChoiceOptionView | undefined): void {
  const box = el("wb-decisions-defence");
  const counts = option?.counts ?? [];
  const list = box.querySelector("ul")!;
  // The same counts offered: the fields stay as they are (redrawing a field being typed in
  // would blur it in the middle of its own change).
  const now = [...list.querySelectorAll<HTMLElement>("li[data-count]")].map(
    (li) => li.dataset.count,
  );
  if (now.join("\n") !== counts.map((c) => c.id).join("\n")) {
    const typed = countTexts();
    list.innerHTML = counts
      .map(
        (c) =>
          `<li class="bbb-wb-decision" data-count="${escapeHtml(c.id)}"><label>${
            // A 0/1 toggle (HârnMaster Gold: dodged, mounted…) is a checkbox, as in the dialog.
            c.toggle === true && c.max === 1
              ? `<input type="checkbox" data-count-input${typed[c.id] === "1" ? " checked" : ""} /> ${escapeHtml(localize(c.labelKey))}`
              : `${escapeHtml(localize(c.labelKey))} <input type="text" inputmode="numeric" data-count-input value="${escapeHtml(
                  typed[c.id] ?? "",
                )}" placeholder="0" />`
          }</label></li>`,
      )
      .join("");
  }
  box.hidden = counts.length === 0;
  showPanel();
}

function countTexts(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const li of el("wb-decisions-defence").querySelectorAll<HTMLElement>("li[data-count]")) {
    const input = li.querySelector<HTMLInputElement>("input")!;
    // A toggle's checkbox: ticked is 1, unticked no count.
    out[li.dataset.count!] = input.type === "checkbox" ? (input.checked ? "1" : "") : input.value;
  }
  return out;
}

/** The defence request's counts (absent when none is set). */
export function defenceCounts(): Record<string, number> | undefined {
  return declaredCounts(countTexts());
}

/**
 * Runs `fn` (which builds the exchange from the page's requests): a refusal naming a declared
 * row or a count is shown beside that input, with the ruleset's own message.
 */
export function withDecisions<T>(fn: () => T): T {
  const rows = attackCatalog();
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const named = refusedDecision(e.field, rows);
    if (!named) throw e;
    const li =
      named.kind === "row"
        ? rowItems().find((x) => x.dataset.row === named.id)
        : el("wb-decisions-defence").querySelector<HTMLElement>(
            `li[data-count="${CSS.escape(named.id)}"]`,
          );
    if (!li) throw e;
    const field =
      li.querySelector<HTMLElement>("[data-param], [data-count-input]") ??
      li.querySelector<HTMLElement>("input")!;
    const name = li.querySelector("label")!.textContent!.trim();
    throw new Refusals([
      { field, message: format(DECISION_KEYS.refused, { name, error: e.message }) },
    ]);
  }
}
