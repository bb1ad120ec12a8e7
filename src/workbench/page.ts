/**
 * What every part of the combat workbench shares: the language file, the element lookup, the
 * refusals shown beside their fields, the rulesets offered and the page's frame (header, the
 * ruleset selector, the setup controls, the fighters' panels and the log), which each
 * ruleset's part (src/workbench/rulesets) fills.
 */
import en from "../../lang/en.json";
import { readWhole, type WholeRange } from "../core/bounds";
import { escapeHtml } from "../foundry/sheets/common";
import { localizerOf } from "./handlebars";

export const i18n = localizerOf(en);
export const { localize, format } = i18n;

export const K = Object.freeze({
  title: "BLOWBYBLOW.Workbench.title",
  intro: "BLOWBYBLOW.Workbench.intro",
  ruleset: "BLOWBYBLOW.Workbench.ruleset",
  notPlayable: "BLOWBYBLOW.Workbench.notPlayable",
  attacker: "BLOWBYBLOW.Workbench.attacker",
  defender: "BLOWBYBLOW.Workbench.defender",
  attack: "BLOWBYBLOW.Workbench.attack",
  aim: "BLOWBYBLOW.Workbench.aim",
  modifier: "BLOWBYBLOW.Workbench.modifier",
  defence: "BLOWBYBLOW.Workbench.defence",
  seed: "BLOWBYBLOW.Workbench.seed",
  roll: "BLOWBYBLOW.Workbench.roll",
  reset: "BLOWBYBLOW.Workbench.reset",
  step: "BLOWBYBLOW.Workbench.step",
  many: "BLOWBYBLOW.Workbench.many",
  count: "BLOWBYBLOW.Workbench.count",
  odds: "BLOWBYBLOW.Workbench.odds",
  oddsResult: "BLOWBYBLOW.Workbench.oddsResult",
  oddsInjury: "BLOWBYBLOW.Workbench.oddsInjury",
  oddsOther: "BLOWBYBLOW.Workbench.oddsOther",
  shock: "BLOWBYBLOW.Workbench.shock",
  kill: "BLOWBYBLOW.Workbench.kill",
  fumble: "BLOWBYBLOW.Workbench.fumble",
  stumble: "BLOWBYBLOW.Workbench.stumble",
  expected: "BLOWBYBLOW.Workbench.expected",
  none: "BLOWBYBLOW.Workbench.none",
  log: "BLOWBYBLOW.Workbench.log",
  conditions: "BLOWBYBLOW.Workbench.conditions",
  noConditions: "BLOWBYBLOW.Workbench.noConditions",
  over: "BLOWBYBLOW.Workbench.over",
  winner: "BLOWBYBLOW.Workbench.winner",
  noWinner: "BLOWBYBLOW.Workbench.noWinner",
  duels: "BLOWBYBLOW.Workbench.duels",
  rounds: "BLOWBYBLOW.Workbench.rounds",
  range: "BLOWBYBLOW.Workbench.range",
  empty: "BLOWBYBLOW.Workbench.empty",
  sameName: "BLOWBYBLOW.Workbench.sameName",
  getsUp: "BLOWBYBLOW.Workbench.getsUp",
  picksUp: "BLOWBYBLOW.Workbench.picksUp",
  recovers: "BLOWBYBLOW.Workbench.recovers",
  cancel: "BLOWBYBLOW.Workbench.cancel",
  running: "BLOWBYBLOW.Workbench.running",
  cancelled: "BLOWBYBLOW.Workbench.cancelled",
  error: "BLOWBYBLOW.Workbench.error",
  skills: "BLOWBYBLOW.Workbench.skills",
  applyFigures: "BLOWBYBLOW.Workbench.applyFigures",
  attributes: "BLOWBYBLOW.Workbench.attributes",
  armour: "BLOWBYBLOW.Workbench.armour",
  quality: "BLOWBYBLOW.Workbench.quality",
  weaponDamaged: "BLOWBYBLOW.Workbench.weaponDamaged",
  weaponBroken: "BLOWBYBLOW.Workbench.weaponBroken",
  eml: "BLOWBYBLOW.Workbench.eml",
  emlAttack: "BLOWBYBLOW.Workbench.emlAttack",
  emlDefence: "BLOWBYBLOW.Workbench.emlDefence",
  emlSum: "BLOWBYBLOW.Workbench.emlSum",
  emlUsed: "BLOWBYBLOW.Workbench.emlUsed",
});

export const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export const pct = (p: number) => `${(100 * p).toFixed(2)}%`;

/** Refused values, each shown beside its field (or the control that was used). */
export class Refusals extends Error {
  constructor(readonly list: readonly { field: HTMLElement; message: string }[]) {
    super(list.map((r) => r.message).join(" "));
  }
}

/** Clears every refusal shown: messages gone, fields no longer marked invalid. */
export function clearProblems(): void {
  for (const p of document.querySelectorAll(".bbb-wb-problem")) p.remove();
  for (const f of document.querySelectorAll("[aria-invalid]")) {
    f.removeAttribute("aria-invalid");
    f.removeAttribute("aria-describedby");
  }
}

export let problemSerial = 0;

/**
 * Shows each refusal right after its field's label (a button: after the button), marks an
 * input invalid (`aria-invalid`, described by the message) and focuses the first one.
 */
export function showProblems(list: Refusals["list"]): void {
  for (const { field, message } of list) {
    const p = document.createElement("span");
    p.className = "bbb-wb-problem";
    p.id = `wb-problem-${++problemSerial}`;
    p.setAttribute("role", "alert");
    p.textContent = message;
    const anchor = field instanceof HTMLButtonElement ? field : (field.closest("label") ?? field);
    anchor.after(p);
    if (!(field instanceof HTMLButtonElement)) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", p.id);
    }
  }
  list[0]?.field.focus();
}

/**
 * A whole number of `range` typed in `input`, or a refusal naming the field and giving the
 * range (an empty field is refused, never read as 0).
 */
export function wholeIn(input: HTMLInputElement, label: string, range: WholeRange): number {
  const read = readWhole(input.value, range);
  if (read.ok) return read.value;
  const data = { field: label, value: input.value, min: range.min, max: range.max };
  throw new Refusals([
    { field: input, message: format(read.why === "empty" ? K.empty : K.range, data) },
  ]);
}

/**
 * Runs a user's action: refusals are shown beside their fields, any other failure beside the
 * control used (`near`); nothing else happens.
 */
export function guarded(near: string | (() => HTMLElement), fn: () => void): () => void {
  return () => {
    try {
      clearProblems();
      fn();
    } catch (e) {
      if (e instanceof Refusals) showProblems(e.list);
      else {
        const field = typeof near === "string" ? el(near) : near();
        showProblems([{ field, message: format(K.error, { error: (e as Error).message }) }]);
      }
    }
  };
}

/** The rulesets, by name from the language file; those without a workbench part are listed, disabled. */
export const RULESETS = [
  { id: "hm3", key: "BLOWBYBLOW.Ruleset.hm3", playable: true },
  { id: "hmzd", key: "BLOWBYBLOW.Ruleset.hmzd", playable: true },
  { id: "rq3", key: "BLOWBYBLOW.Ruleset.rq3", playable: false },
  { id: "m2m", key: "BLOWBYBLOW.Ruleset.m2m", playable: true },
] as const;
export type WorkbenchRulesetId = Extract<(typeof RULESETS)[number], { playable: true }>["id"];

export interface FrameOptions {
  /** The ruleset shown (selected in the ruleset selector). */
  ruleset: WorkbenchRulesetId;
  /** The page's introduction (a language key). */
  introKey: string;
  /** The sample fighters' names, in the selectors' order. */
  fighters: readonly string[];
  /** The attacker's and the defender's index in `fighters`. */
  a: number;
  b: number;
  /**
   * Null: exchanges and duels run here. Otherwise the language key of the note saying that they
   * come later: every fight control is disabled and described by that note, shown where the
   * turn controls are.
   */
  laterKey: string | null;
  /** With `laterKey`: the only controls it turns off (absent: every fight control). */
  laterIds?: readonly string[];
}

/** The page's frame; each ruleset's part fills its own elements. */
export function frame(root: HTMLElement, o: FrameOptions): void {
  const options = o.fighters
    .map((name, i) => `<option value="${i}">${escapeHtml(name)}</option>`)
    .join("");
  // Controls to come stay in place, disabled and described by the note.
  const offFor = (id: string) =>
    o.laterKey && (!o.laterIds || o.laterIds.includes(id))
      ? ' disabled aria-describedby="wb-later"'
      : "";
  const later = o.laterKey
    ? `<p id="wb-later" class="bbb-wb-later" role="note">${escapeHtml(localize(o.laterKey))}</p>`
    : "";
  root.dataset.ruleset = o.ruleset;
  root.innerHTML = `
    <header class="bbb-wb-header">
      <h1>${escapeHtml(localize(K.title))}</h1>
      <p>${escapeHtml(localize(o.introKey))}</p>
    </header>
    <section class="bbb-wb-setup" aria-label="${escapeHtml(localize(K.attack))}">
      <label>${escapeHtml(localize(K.ruleset))}
        <select id="wb-ruleset">
          ${RULESETS.map((r) =>
            r.playable
              ? `<option value="${r.id}"${r.id === o.ruleset ? " selected" : ""}>${escapeHtml(localize(r.key))}</option>`
              : `<option value="${r.id}" disabled>${escapeHtml(`${localize(r.key)} (${localize(K.notPlayable)})`)}</option>`,
          ).join("")}
        </select></label>
      <label>${escapeHtml(localize(K.attacker))} <select id="wb-a">${options}</select></label>
      <label>${escapeHtml(localize(K.defender))} <select id="wb-b">${options}</select></label>
      <label>${escapeHtml(localize(K.attack))} <select id="wb-attack"${offFor("wb-attack")}></select></label>
      <label>${escapeHtml(localize(K.aim))} <select id="wb-aim"${offFor("wb-aim")}></select></label>
      <label>${escapeHtml(localize(K.modifier))} <input id="wb-mod" type="text" inputmode="numeric" value="0"${offFor("wb-mod")} /></label>
      <label>${escapeHtml(localize(K.defence))} <select id="wb-defence"${offFor("wb-defence")}></select></label>
      <label>${escapeHtml(localize(K.seed))} <input id="wb-seed" type="text" inputmode="numeric" value="1"${offFor("wb-seed")} /></label>
      <div class="bbb-wb-buttons">
        <button type="button" id="wb-roll"${offFor("wb-roll")}>${escapeHtml(localize(K.roll))}</button>
        <button type="button" id="wb-step"${offFor("wb-step")}>${escapeHtml(localize(K.step))}</button>
        <button type="button" id="wb-reset"${offFor("wb-reset")}>${escapeHtml(localize(K.reset))}</button>
        <label>${escapeHtml(localize(K.count))} <input id="wb-n" type="text" inputmode="numeric" value="200"${offFor("wb-n")} /></label>
        <button type="button" id="wb-many"${offFor("wb-many")}>${escapeHtml(localize(K.many))}</button>
        <button type="button" id="wb-cancel" hidden>${escapeHtml(localize(K.cancel))}</button>
        <progress id="wb-progress" value="0" max="1" hidden></progress>
        <span id="wb-duels-status" role="status"></span>
      </div>
      ${later}
      <p id="wb-over" class="bbb-wb-over" role="status" hidden></p>
    </section>
    <section id="wb-odds" class="bbb-wb-odds" aria-label="${escapeHtml(localize(K.odds))}"></section>
    <section class="bbb-wb-fighters blow-by-blow">
      <div id="wb-side-a" class="bbb-wb-side"></div>
      <div id="wb-side-b" class="bbb-wb-side"></div>
    </section>
    <section id="wb-stats" class="bbb-wb-stats" aria-label="${escapeHtml(localize(K.duels))}"></section>
    <section class="bbb-wb-log chat-sidebar" aria-label="${escapeHtml(localize(K.log))}">
      <h2>${escapeHtml(localize(K.log))}</h2>
      <ol id="wb-log" class="chat-log"></ol>
    </section>`;
  el<HTMLSelectElement>("wb-a").value = String(o.a);
  el<HTMLSelectElement>("wb-b").value = String(o.b);
}
