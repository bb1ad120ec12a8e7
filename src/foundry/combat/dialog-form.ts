/**
 * What the attack and defence dialogs' pure logic share (attack-form.ts, defence-form.ts): the
 * keys of refused fields and of the fields' labels, the user modifier rows (read from the form,
 * checked, shown with their problems), a refused field's message, the itemised target as
 * breakdown rows, and the world's cap on custom modifiers as a player's dialogs say it. No Foundry
 * globals.
 */
import type { CustomModifierInput, TargetLabels } from "../../core/combat";
import { showValue } from "../../core/errors";
import type { Target } from "../../core/modifiers";
import { signed, type Format, type Localize } from "../sheets/common";
import { baseLabelKey, modifierLabelKey } from "../target-labels";

type Obj = Record<string, unknown>;

// ── Keys ─────────────────────────────────────────────────────────────────────────────────────

/** Message keys of refused fields (`{field}` the field's label, `{value}` as typed). */
export const PROBLEM_KEY = Object.freeze({
  notNumber: "BLOWBYBLOW.Validation.notNumber",
  notWhole: "BLOWBYBLOW.Validation.notWhole",
  tooLow: "BLOWBYBLOW.Validation.tooLow",
  required: "BLOWBYBLOW.Validation.required",
  notChoice: "BLOWBYBLOW.Validation.notChoice",
  unavailable: "BLOWBYBLOW.Dialog.Error.unavailable",
  refused: "BLOWBYBLOW.Dialog.Error.refused",
  preview: "BLOWBYBLOW.Dialog.Error.preview",
  noBand: "BLOWBYBLOW.Dialog.Error.noBand",
  notMeasured: "BLOWBYBLOW.Dialog.Error.notMeasured",
});

/** Labels of the form's fields (`{n}`: the modifier's row, from 1). */
export const FIELD_LABEL = Object.freeze({
  itemId: "BLOWBYBLOW.Dialog.Field.weapon",
  mode: "BLOWBYBLOW.Dialog.Field.mode",
  aim: "BLOWBYBLOW.Dialog.Field.aim",
  band: "BLOWBYBLOW.Dialog.Field.band",
  engagingDefender: "BLOWBYBLOW.Dialog.Field.engaging",
  defenderProne: "BLOWBYBLOW.Dialog.Field.prone",
  distance: "BLOWBYBLOW.Dialog.Field.distance",
  item: "BLOWBYBLOW.Dialog.Field.item",
  customLabel: "BLOWBYBLOW.Dialog.Field.customLabel",
  customValue: "BLOWBYBLOW.Dialog.Field.customValue",
});

const KEY = Object.freeze({
  customCap: "BLOWBYBLOW.Dialog.Approval.cap",
  raw: "BLOWBYBLOW.Dialog.Breakdown.raw",
  value: "BLOWBYBLOW.Dialog.Breakdown.value",
  clamped: "BLOWBYBLOW.Modifier.clamped",
});

// ── User modifier rows ───────────────────────────────────────────────────────────────────────

/** A user modifier row as typed. */
export interface CustomDraft {
  label: string;
  value: string;
}

/** A form value as text: numbers as written, null/undefined as "". */
export function formText(value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return typeof value === "string" ? value : fallback;
}

/** The user modifier rows of a flat form (`custom.0.label`, `custom.0.value`, …) in row order. */
export function customFromForm(flat: Obj): CustomDraft[] {
  const rows = new Map<number, CustomDraft>();
  for (const [key, value] of Object.entries(flat)) {
    const m = /^custom\.(\d+)\.(label|value)$/.exec(key);
    if (!m) continue;
    const index = Number(m[1]);
    const row = rows.get(index) ?? { label: "", value: "" };
    row[m[2] as "label" | "value"] = formText(value, "");
    rows.set(index, row);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

// ── Reading a draft ──────────────────────────────────────────────────────────────────────────

/** One refused field, to be shown beside it. */
export interface FieldProblem {
  /** The form field's name (`engagingDefender`, `custom.1.value`); "" for the whole form. */
  name: string;
  /** Label key of the field (FIELD_LABEL), or the field's path when it has none. */
  label: string;
  /** The user modifier row (from 1), for the custom fields' labels. */
  row?: number;
  value: unknown;
  /** Message key (PROBLEM_KEY). */
  key: string;
  /** Further placeholders; values starting `BLOWBYBLOW.` are localised. */
  data: Record<string, string | number>;
}

/** A number typed in the form shown as the number, anything else as `showValue` shows it. */
function typed(value: unknown): string {
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return value.trim();
  return showValue(value);
}

/** A localisation key of the system (its values are localised in messages). */
const LANG_KEY = /^BLOWBYBLOW\./;

/** The message of a problem, localised: "Hostiles engaging the defender: 0 is less than 1." */
export function problemMessage(problem: FieldProblem, localize: Localize, format: Format): string {
  const data: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(problem.data))
    data[k] = typeof v === "string" && LANG_KEY.test(v) ? localize(v) : v;
  data.field = LANG_KEY.test(problem.label)
    ? format(problem.label, { n: problem.row ?? "" })
    : problem.label;
  data.value = typed(problem.value);
  return format(problem.key, data);
}

export function problem(
  name: string,
  label: string,
  value: unknown,
  key: string,
  data: Record<string, string | number> = {},
  row?: number,
): FieldProblem {
  return { name, label, value, key, data, ...(row === undefined ? {} : { row }) };
}

/** A whole number ≥ `min` typed in the form, or the problem with it. */
export function readWhole(
  raw: string,
  name: string,
  label: string,
  min: number | null,
  row?: number,
): number | FieldProblem {
  const t = raw.trim();
  if (t === "") return problem(name, label, raw, PROBLEM_KEY.required, {}, row);
  const n = Number(t);
  if (!Number.isFinite(n)) return problem(name, label, raw, PROBLEM_KEY.notNumber, {}, row);
  if (!Number.isInteger(n)) return problem(name, label, raw, PROBLEM_KEY.notWhole, {}, row);
  if (min !== null && n < min) return problem(name, label, raw, PROBLEM_KEY.tooLow, { min }, row);
  return n;
}

/** The user modifier rows read, or their problems (a row needs a name and a whole number). */
export function readCustom(rows: readonly CustomDraft[]): {
  custom: CustomModifierInput[];
  problems: FieldProblem[];
} {
  const custom: CustomModifierInput[] = [];
  const problems: FieldProblem[] = [];
  rows.forEach((row, i) => {
    const label = row.label.trim();
    if (label === "")
      problems.push(
        problem(
          `custom.${i}.label`,
          FIELD_LABEL.customLabel,
          row.label,
          PROBLEM_KEY.required,
          {},
          i + 1,
        ),
      );
    const value = readWhole(row.value, `custom.${i}.value`, FIELD_LABEL.customValue, null, i + 1);
    if (typeof value !== "number") problems.push(value);
    else if (label !== "") custom.push({ label, value });
  });
  return { custom, problems };
}

// ── Breakdown ────────────────────────────────────────────────────────────────────────────────

/** A whole number with a true minus sign when negative (totals: `40`, `−5`). */
export function plain(n: number): string {
  return n < 0 ? `\u2212${-n}` : String(n);
}

export interface BreakdownRow {
  /** Localised label, or the user's own (shown as text). */
  label: string;
  /** The number with its sign (`+5`, `−10`) for modifiers, plain for base and totals. */
  value: string;
  kind: "base" | "modifier" | "custom" | "raw" | "value";
}

export interface Breakdown {
  rows: BreakdownRow[];
  raw: number;
  value: number;
  /** "limited to 95" when the ruleset clamped the sum, else null. */
  clampedNote: string | null;
}

/**
 * A target's story as rows: the base ("AML 65"), each modifier with its localised label (a
 * user's own label as typed) and signed value, the raw sum, and the value rolled against
 * (with "limited to …" when the ruleset clamped it).
 */
export function breakdown(
  target: Target,
  localize: Localize,
  format: Format,
  labels: TargetLabels,
): Breakdown {
  const rows: BreakdownRow[] = [
    {
      label: localize(baseLabelKey(labels, target.baseKey)),
      value: plain(target.base),
      kind: "base",
    },
  ];
  for (const m of target.modifiers) {
    rows.push({
      label: m.label ?? localize(modifierLabelKey(labels, m.key)),
      value: signed(m.value),
      kind: m.label !== undefined ? "custom" : "modifier",
    });
  }
  rows.push({ label: localize(KEY.raw), value: plain(target.raw), kind: "raw" });
  const clamped = target.raw !== target.value;
  rows.push({ label: localize(KEY.value), value: plain(target.value), kind: "value" });
  return {
    rows,
    raw: target.raw,
    value: target.value,
    clampedNote: clamped ? format(KEY.clamped, { value: target.value }) : null,
  };
}

// ── Views ────────────────────────────────────────────────────────────────────────────────────

export interface Choice {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
}

export interface CustomRowView {
  index: number;
  labelName: string;
  valueName: string;
  label: string;
  value: string;
  labelError: string | null;
  valueError: string | null;
}

/** Rows of the user modifiers with the problems of each field beside it. */
export function customRows(
  rows: readonly CustomDraft[],
  messages: ReadonlyMap<string, string>,
): CustomRowView[] {
  return rows.map((row, index) => ({
    index,
    labelName: `custom.${index}.label`,
    valueName: `custom.${index}.value`,
    label: row.label,
    value: row.value,
    labelError: messages.get(`custom.${index}.label`) ?? null,
    valueError: messages.get(`custom.${index}.value`) ?? null,
  }));
}

/** Problems as messages by field name ("" gathers those of no field). */
export function messagesByField(
  problems: readonly FieldProblem[],
  localize: Localize,
  format: Format,
): { byField: Map<string, string>; general: string[] } {
  const byField = new Map<string, string>();
  const general: string[] = [];
  for (const p of problems) {
    const message = problemMessage(p, localize, format);
    if (p.name === "") general.push(message);
    else byField.set(p.name, byField.has(p.name) ? `${byField.get(p.name)} ${message}` : message);
  }
  return { byField, general };
}

// ── The world's cap on custom modifiers ──────────────────────────────────────────────────────

/**
 * The line a player's dialog shows beside its custom modifiers (issue 15): "Up to ±20 in total
 * without the GM's approval." `cap` is the world's (`customModifierCap`); undefined for a GM's
 * dialog, whose modifiers are not capped: null.
 */
export function customCapLine(cap: number | undefined, format: Format): string | null {
  return cap === undefined ? null : format(KEY.customCap, { cap });
}

/**
 * The note a player's dialog shows when its custom rows total more than ± the world's cap (the
 * GM will have to approve; `key` says what: the attack or the defence), else null. The GM's
 * client decides for itself (src/core/approval.ts); this only warns.
 */
export function customCapNote(
  custom: readonly { value: number }[],
  cap: number | undefined,
  key: string,
  format: Format,
): string | null {
  if (cap === undefined) return null;
  const total = custom.reduce((sum, row) => sum + row.value, 0);
  return Math.abs(total) > cap ? format(key, { total: signed(total), cap }) : null;
}
