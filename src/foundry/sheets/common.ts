/**
 * Pieces the system's sheets share: the localiser types, signed numbers with a true minus
 * sign and the itemised tooltip of a target ("ML 55, Physical Penalty −10"); all pure. At the end, accessors for the v13 APIs
 * `foundry.applications.handlebars` and `TextEditor.implementation`; they touch Foundry globals
 * only when called.
 */
import type { Target } from "../../core/modifiers";
import type { TargetLabels } from "../../core/combat";
import { baseLabelKey, modifierLabelKey } from "../target-labels";

export type Localize = (key: string) => string;
export type Format = (key: string, data: Record<string, string | number>) => string;

/** `game.i18n.format` built from a bare localiser (placeholders `{name}` replaced). */
export function formatWith(localize: Localize): Format {
  return (key, data) =>
    localize(key).replace(/\{([^}]+)\}/g, (whole, name: string) =>
      name in data ? String(data[name]) : whole,
    );
}

/**
 * `game.i18n.localize` and `format` over a language object (lang/en.json) where Foundry's
 * `game.i18n` is absent (the workbench, the CLI, the tests): the string, or the key.
 */
export function localizerOf(lang: unknown): { localize: Localize; format: Format } {
  const localize: Localize = (key) => {
    let node: unknown = lang;
    for (const part of key.split(".")) {
      if (node === null || typeof node !== "object") return key;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === "string" ? node : key;
  };
  return { localize, format: formatWith(localize) };
}

const CLAMPED = "BLOWBYBLOW.Modifier.clamped";

/** A signed whole number with a true minus sign: `+5`, `−10`, `0`. */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return "0";
}

/**
 * The story of a target as one line: "ML 55, Physical Penalty −10"; when the ruleset clamped
 * the value (HM3: 5..95) the line ends with "limited to 5". Free-text labels (custom
 * modifiers) are shown as typed. The labels are the caller's ruleset's (`CombatRules.labels`;
 * the HM3 sheets pass `HM3_TARGET_LABELS` from src/rules/hm3); a key they lack gets the generic
 * label (src/foundry/target-labels.ts), never the raw key.
 */
export function targetTooltip(target: Target, localize: Localize, labels: TargetLabels): string {
  const format = formatWith(localize);
  const parts = [`${localize(baseLabelKey(labels, target.baseKey))} ${target.base}`];
  for (const m of target.modifiers) {
    const label = m.label ?? localize(modifierLabelKey(labels, m.key));
    parts.push(`${label} ${signed(m.value)}`);
  }
  if (target.raw !== target.value) parts.push(format(CLAMPED, { value: target.value }));
  return parts.join(", ");
}

// ── v13 APIs, read when called (the module loads before Foundry has built them) ──────────────

/** `foundry.applications.handlebars` (v13: renderTemplate, loadTemplates…). */
export function handlebarsApi() {
  return foundry.applications.handlebars;
}

/** `foundry.applications.ux.TextEditor.implementation` (v13). */
export function textEditor() {
  return foundry.applications.ux.TextEditor.implementation;
}

/**
 * Puts the stored value back into each form field whose submitted value was refused. v13 drops
 * an update that changes nothing and so does not render the sheet again: without this, a
 * refused value would stay on screen as if it had been stored. Fields whose stored value is
 * not a plain value (a body plan row) keep what was typed.
 */
export function restoreRefused(
  form: ParentNode | null | undefined,
  problems: readonly { field: string }[],
  source: object,
): void {
  if (typeof form?.querySelectorAll !== "function") return;
  for (const { field } of problems) {
    const stored: unknown = foundry.utils.getProperty(source, field);
    if (stored !== null && stored !== undefined && typeof stored === "object") continue;
    const name = field.replace(/["\\]/g, "\\$&");
    for (const input of form.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)) {
      if (input.type === "checkbox") input.checked = stored === true;
      else input.value = stored === null || stored === undefined ? "" : String(stored as string);
    }
  }
}

/**
 * Holds a sheet's re-render while a pointer is pressed on it. A sheet submits on change: a value
 * typed and then a tab or button clicked submits as the button is pressed (the field loses the
 * focus), and the update re-renders the sheet before the button is released, so the press and
 * the release land on different elements and the click is lost. `released()` resolves at once
 * when nothing is pressed, else once the press has ended and its click has been dispatched (or
 * after `maxWait` ms).
 */
export class PressGuard {
  #pressed = false;
  #waiters: (() => void)[] = [];
  #abort: AbortController | null = null;

  constructor(readonly maxWait = 1000) {}

  /** Watches presses on `element` and their release anywhere in its document. */
  attach(element: HTMLElement): void {
    this.detach();
    const abort = new AbortController();
    this.#abort = abort;
    const options = { capture: true, signal: abort.signal };
    element.addEventListener("pointerdown", () => (this.#pressed = true), options);
    const release = () => {
      if (!this.#pressed) return;
      this.#pressed = false;
      // After the task that dispatches the click.
      setTimeout(() => this.#wake(), 0);
    };
    element.ownerDocument.addEventListener("pointerup", release, options);
    element.ownerDocument.addEventListener("pointercancel", release, options);
  }

  detach(): void {
    this.#abort?.abort();
    this.#abort = null;
    this.#pressed = false;
    this.#wake();
  }

  released(): Promise<void> {
    if (!this.#pressed) return Promise.resolve();
    return new Promise((resolve) => {
      this.#waiters.push(resolve);
      setTimeout(resolve, this.maxWait);
    });
  }

  #wake(): void {
    for (const resolve of this.#waiters.splice(0)) resolve();
  }
}

/** Escapes text for HTML built outside Handlebars (dialog content). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

// ── Partials through a helper ────────────────────────────────────────────────────────────────

/** The helper the system's templates include partials with (see `partialHelper`). */
export const PARTIAL_HELPER = "bbbPartial";

/**
 * `{{bbbPartial "systems/blow-by-blow/templates/partials/x.hbs" key=value}}` renders a loaded
 * partial as `{{> "…" key=value}}` would (the current context extended with the hash). The
 * system's templates use it instead of the `{{> }}` syntax, which Prettier's Handlebars parser
 * cannot read. Built on a Handlebars environment: Foundry's global `Handlebars` in the system,
 * the test harness's own in the browser tests.
 */
export function partialHelper(hb: typeof Handlebars): Handlebars.HelperDelegate {
  return function (this: unknown, path: unknown, options: Handlebars.HelperOptions) {
    const name = String(path);
    const partial: unknown = hb.partials[name];
    if (partial === undefined) throw new Error(`Blow by Blow: the partial ${name} is not loaded`);
    const template =
      typeof partial === "function"
        ? (partial as Handlebars.TemplateDelegate)
        : hb.compile(String(partial));
    const context = { ...(this as object), ...(options.hash as object) };
    return new hb.SafeString(template(context, { data: options.data as unknown }));
  };
}
