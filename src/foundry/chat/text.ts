/**
 * Localisable text in the chat cards' view models. The card builders are pure: they name what
 * to say as a `LangText` (a localisation key with its format data) instead of calling
 * `game.i18n`, so tests can read the keys they chose. `localizeTree` turns every `LangText` of a
 * view model into its string just before the template is rendered (render.ts does it with
 * `game.i18n`, the browser tests with the real lang/en.json).
 *
 * Format data may hold user text (an actor's name in "{name} must choose a defence"): the
 * localised string is shown through `{{ }}`, which escapes it. Tooltips (`data-tooltip`, shown
 * by Foundry as HTML) must be built from keys and data that are never user text: numbers, rule
 * codes and other `LangText`s.
 */
import type { Format, Localize } from "../sheets/common";

/** A localisation key with its format data (values may be `LangText`s, localised first). */
export interface LangText {
  i18n: string;
  data?: Readonly<Record<string, string | number | LangText>>;
}

/** A `LangText`. */
export function t(key: string, data?: Record<string, string | number | LangText>): LangText {
  return data ? { i18n: key, data } : { i18n: key };
}

/** Whether a value is a `LangText` (an object whose only keys are `i18n` and maybe `data`). */
export function isLangText(value: unknown): value is LangText {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const o = value as Record<string, unknown>;
  if (typeof o.i18n !== "string") return false;
  const keys = Object.keys(o);
  return keys.every((k) => k === "i18n" || k === "data");
}

/** A `LangText` as a string: localised, or formatted with its data (localised first). */
export function localizeText(text: LangText, localize: Localize, format: Format): string {
  if (!text.data) return localize(text.i18n);
  const data: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(text.data))
    data[k] = isLangText(v) ? localizeText(v, localize, format) : v;
  return format(text.i18n, data);
}

/**
 * A copy of a view model with every `LangText` replaced by its string; arrays and plain
 * objects are walked, everything else is kept as it is.
 */
export function localizeTree(value: unknown, localize: Localize, format: Format): unknown {
  if (isLangText(value)) return localizeText(value, localize, format);
  if (Array.isArray(value)) return value.map((v) => localizeTree(v, localize, format));
  if (value !== null && typeof value === "object") {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = localizeTree(v, localize, format);
    return out;
  }
  return value;
}
