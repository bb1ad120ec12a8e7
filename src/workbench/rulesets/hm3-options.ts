/**
 * The HM3 workbench's optional rules (issue 19): a panel of toggles, one per HM3 optional rule
 * (hm3.md §2) and per HârnMaster Gold option (seed 000, src/rules/hm3/gold/options.ts), named
 * as the world settings name them, each Gold one with its seed lines; a sub-rule sits under its
 * rule and can be ticked only while its rule is. The rules ticked are `S.options`: the page's
 * exchanges, odds and duels (step by step and many) are played with them; a change starts a
 * new fight.
 */
import { escapeHtml } from "../../foundry/sheets/common";
import { hm3Combat } from "../../rules/hm3";
import { goldOption } from "../../rules/hm3/gold/options";
import { el, format, localize } from "../page";
import { S } from "./hm3-fight";

export const OPTIONS_KEYS = Object.freeze({
  title: "BLOWBYBLOW.Workbench.options",
  hint: "BLOWBYBLOW.Workbench.optionsHint",
  lines: "BLOWBYBLOW.Workbench.optionLines",
});

/** The panel's markup: every optional rule, ticked as `S.options` says. */
export function optionsMarkup(): string {
  const rows = hm3Combat.optionalRules.map((r) => {
    const gold = goldOption(r.id);
    const parent = gold?.parent ?? null;
    const off = parent !== null && S.options[parent] !== true;
    const lines = gold
      ? ` <small class="bbb-wb-option-lines">${escapeHtml(
          format(OPTIONS_KEYS.lines, { lines: gold.lines }),
        )}</small>`
      : "";
    return `<li class="bbb-wb-option${parent ? " bbb-wb-suboption" : ""}"${
      parent ? ` data-parent="${escapeHtml(parent)}"` : ""
    }><label title="${escapeHtml(localize(r.hintKey))}"><input type="checkbox" data-option="${escapeHtml(
      r.id,
    )}"${S.options[r.id] === true ? " checked" : ""}${off ? " disabled" : ""} /> ${escapeHtml(
      localize(r.nameKey),
    )}</label>${lines}</li>`;
  });
  return `<details class="bbb-wb-options"><summary>${escapeHtml(localize(OPTIONS_KEYS.title))}</summary>
    <p>${escapeHtml(localize(OPTIONS_KEYS.hint))}</p><ul>${rows.join("")}</ul></details>`;
}

/**
 * Draws the panel into `wb-options` and wires it: a toggle sets `S.options`, enables or
 * disables its sub-rules (a sub-rule whose rule goes off goes off too), then `restart`.
 */
export function mountOptions(restart: () => void): void {
  const box = el("wb-options");
  box.innerHTML = optionsMarkup();
  box.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement;
    const id = input.dataset.option;
    if (!id) return;
    S.options = { ...S.options, [id]: input.checked };
    for (const sub of box.querySelectorAll<HTMLInputElement>("input[data-option]")) {
      const parent = goldOption(sub.dataset.option!)?.parent;
      if (!parent) continue;
      const on = S.options[parent] === true;
      sub.disabled = !on;
      if (!on && sub.checked) {
        sub.checked = false;
        S.options = { ...S.options, [sub.dataset.option!]: false };
      }
    }
    restart();
  });
}
