/**
 * The Handlebars helpers Foundry v13 registers that the system's templates use, as a factory
 * over a localiser, so the same helpers serve the Chromium tests (test/foundry/stand-ins) and
 * the workbench page, which render the real templates without Foundry.
 */
import Handlebars from "handlebars";
import { localizerOf as commonLocalizerOf } from "../foundry/sheets/common";

export type Localize = (key: string) => string;
export type Format = (key: string, data?: Record<string, unknown>) => string;

/** The localiser over a language object (src/foundry/sheets/common.ts), for the pages and tests. */
export function localizerOf(lang: unknown): { localize: Localize; format: Format } {
  const { localize, format } = commonLocalizerOf(lang);
  return { localize, format: (key, data = {}) => format(key, data as Record<string, string>) };
}

type Hash = Record<string, unknown>;
type Options = Handlebars.HelperOptions;

/** The trailing Handlebars options argument of a helper call. */
function splitArgs(args: unknown[]): { values: unknown[]; options: Options } {
  const options = args[args.length - 1] as Options;
  return { values: args.slice(0, -1), options };
}

interface OptionEntry {
  value: string;
  label: string;
  group?: string;
  disabled?: boolean;
}

/**
 * Foundry's `selectOptions` helper: choices as an object `{value: label}` (or
 * `{value: {label}}`) or an array (strings take their index as value; objects use
 * `valueAttr`/`labelAttr`, default `value`/`label`); `selected` one value or several; `blank`
 * adds an empty option first; `localize` localises labels; `sort` sorts by label.
 */
function selectOptionsWith(localize: Localize) {
  return function selectOptions(choices: unknown, options: Options): Handlebars.SafeString {
    const hash = options.hash as Hash;
    const doLocalize = hash.localize === true;
    const valueAttr = typeof hash.valueAttr === "string" ? hash.valueAttr : "value";
    const labelAttr = typeof hash.labelAttr === "string" ? hash.labelAttr : "label";
    const nameAttr = typeof hash.nameAttr === "string" ? hash.nameAttr : null;
    const rawSelected = hash.selected;
    const selected = (
      rawSelected === undefined || rawSelected === null
        ? []
        : Array.isArray(rawSelected)
          ? rawSelected
          : [rawSelected]
    ).map(String);

    const entries: OptionEntry[] = [];
    const fromObject = (value: string, v: Record<string, unknown>): OptionEntry => ({
      value,
      label: String(v[labelAttr] ?? value),
      ...(typeof v.group === "string" ? { group: v.group } : {}),
      ...(v.disabled === true ? { disabled: true } : {}),
    });
    if (Array.isArray(choices)) {
      choices.forEach((choice: unknown, i) => {
        if (choice !== null && typeof choice === "object") {
          const c = choice as Record<string, unknown>;
          entries.push(fromObject(String(c[valueAttr] ?? i), c));
        } else entries.push({ value: String(i), label: String(choice) });
      });
    } else if (choices !== null && typeof choices === "object") {
      for (const [k, v] of Object.entries(choices as Record<string, unknown>)) {
        if (v !== null && typeof v === "object") {
          const c = v as Record<string, unknown>;
          entries.push(fromObject(nameAttr ? String(c[nameAttr]) : k, c));
        } else entries.push({ value: k, label: String(v) });
      }
    }
    for (const e of entries) if (doLocalize) e.label = localize(e.label);
    if (hash.sort === true) entries.sort((a, b) => a.label.localeCompare(b.label));

    const esc = Handlebars.escapeExpression;
    const option = (e: OptionEntry): string =>
      `<option value="${esc(e.value)}"${selected.includes(e.value) ? " selected" : ""}${
        e.disabled ? " disabled" : ""
      }>${esc(e.label)}</option>`;
    let html = "";
    if (typeof hash.blank === "string") {
      const label = doLocalize && hash.blank ? localize(hash.blank) : hash.blank;
      html += `<option value=""${selected.includes("") ? " selected" : ""}>${esc(label)}</option>`;
    }
    const groups = new Map<string, OptionEntry[]>();
    for (const e of entries) {
      if (e.group === undefined) {
        html += option(e);
        continue;
      }
      const list = groups.get(e.group) ?? [];
      list.push(e);
      groups.set(e.group, list);
    }
    for (const [group, list] of groups) {
      const label = doLocalize ? localize(group) : group;
      html += `<optgroup label="${esc(label)}">${list.map(option).join("")}</optgroup>`;
    }
    return new Handlebars.SafeString(html);
  };
}

/** The helpers Foundry v13 registers that the system's templates use, localised by `i18n`. */
export function foundryHelpers(i18n: {
  localize: Localize;
  format: Format;
}): Record<string, Handlebars.HelperDelegate> {
  const { localize, format } = i18n;
  const selectOptions = selectOptionsWith(localize);
  return {
    localize(...args: unknown[]) {
      const { values, options } = splitArgs(args);
      const key = String(values[0] ?? "");
      const hash = options.hash as Hash;
      return Object.keys(hash).length ? format(key, hash) : localize(key);
    },
    selectOptions,
    checked(value: unknown) {
      return value ? "checked" : "";
    },
    disabled(value: unknown) {
      return value ? "disabled" : "";
    },
    eq: (a: unknown, b: unknown) => a === b,
    ne: (a: unknown, b: unknown) => a !== b,
    lt: (a: number, b: number) => a < b,
    lte: (a: number, b: number) => a <= b,
    gt: (a: number, b: number) => a > b,
    gte: (a: number, b: number) => a >= b,
    and(...args: unknown[]) {
      return splitArgs(args).values.every(Boolean);
    },
    or(...args: unknown[]) {
      return splitArgs(args).values.some(Boolean);
    },
    not: (value: unknown) => !value,
    /** Foundry returns a SafeString: concatenated values are not escaped again. */
    concat(...args: unknown[]) {
      const { values, options } = splitArgs(args);
      const join =
        typeof (options.hash as Hash).join === "string" ? (options.hash as Hash).join : "";
      return new Handlebars.SafeString(values.map((v) => String(v)).join(join as string));
    },
    numberFormat(value: unknown, options: Options) {
      const hash = options.hash as Hash;
      const decimals = typeof hash.decimals === "number" ? hash.decimals : 0;
      let n = typeof value === "number" ? value : parseFloat(String(value));
      if (Number.isNaN(n)) n = 0;
      const text = n.toFixed(decimals);
      return hash.sign === true && n >= 0 ? `+${text}` : text;
    },
    ifThen: (criteria: unknown, ifTrue: unknown, ifFalse: unknown) => (criteria ? ifTrue : ifFalse),
  };
}

/** Runtime options Foundry passes when rendering (prototype access allowed). */
export const RUNTIME_OPTIONS: Handlebars.RuntimeOptions = {
  allowProtoPropertiesByDefault: true,
  allowProtoMethodsByDefault: true,
};
