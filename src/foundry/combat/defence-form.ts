/**
 * The pure logic of the defence dialog (defence-dialog.ts): the form as typed, the choice
 * request built from it with every refused field named with its value, and the view model:
 * the chosen option, the items that can make it (a Block with the sword or the shield) with
 * each one's target, a counterstrike's modes and aims, the user modifiers (with the world's cap
 * in a player's dialog), and the itemised target of the chosen item (or of the option when it
 * needs none). No Foundry globals.
 */
import type {
  ChoiceOptionView,
  ChoiceRequest,
  FighterSnapshot,
  TargetLabels,
} from "../../core/combat";
import type { Target } from "../../core/modifiers";
import type { Format, Localize } from "../sheets/common";
import { signed } from "../sheets/common";
import {
  breakdown,
  customCapLine,
  customCapNote,
  customFromForm,
  customRows,
  FIELD_LABEL,
  messagesByField,
  plain,
  PROBLEM_KEY,
  readCustom,
  type Breakdown,
  type Choice,
  type CustomDraft,
  type CustomRowView,
  type FieldProblem,
} from "./dialog-form";

type Obj = Record<string, unknown>;

const KEY = Object.freeze({
  heading: "BLOWBYBLOW.Dialog.Defence.heading",
  missing: "BLOWBYBLOW.Dialog.Defence.missing",
  unavailable: "BLOWBYBLOW.Dialog.Defence.unavailable",
  noRoll: "BLOWBYBLOW.Dialog.Defence.noRoll",
  limits: "BLOWBYBLOW.Dialog.Breakdown.limitsOnRoll",
  raw: "BLOWBYBLOW.Dialog.Breakdown.raw",
  impact: "BLOWBYBLOW.Dialog.impact",
  itemTarget: "BLOWBYBLOW.Dialog.Defence.itemTarget",
  approvalCustom: "BLOWBYBLOW.Dialog.Approval.customDefence",
  count: "BLOWBYBLOW.Dialog.Defence.count",
});

/** The defence form as typed. */
export interface DefenceDraft {
  /** The item making the defence; "" when the option needs none. */
  itemId: string;
  mode: string;
  aim: string;
  custom: CustomDraft[];
  /** The counts as typed, by `ChoiceOptionView.counts` id (the zone-die star spending). */
  counts?: Record<string, string>;
}

type Item = ChoiceOptionView["items"][number];

/**
 * The aim offered first: the middle zone when the option has one, else its first. "mid" is
 * HM3's id (review M2): `ChoiceOptionView` carries no default aim, and the fallback makes the
 * choice harmless for a ruleset without one.
 */
function defaultAim(option: ChoiceOptionView | undefined): string {
  const aims = option?.aims ?? [];
  return aims.find((a) => a.id === "mid")?.id ?? aims[0]?.id ?? "";
}

/** The draft a dialog opens with: the option's first item and its first mode, the usual aim. */
export function initialDefenceDraft(option: ChoiceOptionView | undefined): DefenceDraft {
  const item = option?.items[0];
  const draft: DefenceDraft = {
    itemId: item?.itemId ?? "",
    mode: item?.modes[0]?.id ?? "",
    aim: defaultAim(option),
    custom: [],
  };
  // Counts open with the clicked option's own count at its most, the others at 0.
  if (option?.counts)
    draft.counts = Object.fromEntries(
      option.counts.map((c) => [c.id, String(c.id === option.id ? c.max : 0)]),
    );
  return draft;
}

function text(value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  if (value === null) return "";
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : fallback;
}

/** A count as typed; a checkbox's (FormDataExtended's boolean, a raw form's "on") is 1 or 0. */
function countText(value: unknown, fallback: string): string {
  if (typeof value === "boolean") return value ? "1" : "0";
  return value === "on" ? "1" : text(value, fallback);
}

/** The draft after a change of the form; another item keeps the mode only if it offers it. */
export function defenceDraftFromForm(
  flat: Obj,
  previous: DefenceDraft,
  option: ChoiceOptionView | undefined,
): DefenceDraft {
  const draft: DefenceDraft = {
    itemId: text(flat.itemId, previous.itemId),
    mode: text(flat.mode, previous.mode),
    aim: text(flat.aim, previous.aim),
    custom: customFromForm(flat),
  };
  if (previous.counts) {
    draft.counts = { ...previous.counts };
    for (const [key, value] of Object.entries(flat)) {
      const m = /^counts\.(.+)$/.exec(key);
      if (m && m[1]! in draft.counts) draft.counts[m[1]!] = countText(value, draft.counts[m[1]!]!);
    }
  }
  if (draft.itemId !== previous.itemId) {
    const item = option?.items.find((i) => i.itemId === draft.itemId);
    if (!item?.modes.some((m) => m.id === draft.mode)) draft.mode = item?.modes[0]?.id ?? "";
  }
  return draft;
}

const ids = (list: readonly { id: string }[]) => list.map((c) => c.id).join(", ");

/**
 * The choice request of a draft, or every problem with it: an option that is not offered or
 * cannot be chosen now, an item that cannot make it, a mode the item or an aim the option
 * does not offer, a modifier row without a name or a whole number. The ruleset checks the
 * request again when it builds the choice.
 */
export function readDefenceDraft(
  draft: DefenceDraft,
  options: readonly ChoiceOptionView[],
  optionId: string,
): { request: ChoiceRequest; problems: [] } | { request: null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const option = options.find((o) => o.id === optionId);
  const p = (
    name: string,
    label: string,
    value: unknown,
    key: string,
    data: Record<string, string | number> = {},
  ): FieldProblem => ({ name, label, value, key, data });
  if (!option) {
    problems.push(p("", "", optionId, KEY.missing, { option: optionId }));
    return { request: null, problems };
  }
  if (option.unavailableKey)
    problems.push(
      p("", "", option.id, KEY.unavailable, {
        option: option.labelKey,
        reason: option.unavailableKey,
      }),
    );
  let item: Item | undefined;
  if (option.items.length) {
    item = option.items.find((i) => i.itemId === draft.itemId);
    if (!item)
      problems.push(
        p("itemId", FIELD_LABEL.item, draft.itemId, PROBLEM_KEY.notChoice, {
          choices: option.items.map((i) => i.name).join(", "),
        }),
      );
    else if (item.modes.length && !item.modes.some((m) => m.id === draft.mode))
      problems.push(
        p("mode", FIELD_LABEL.mode, draft.mode, PROBLEM_KEY.notChoice, {
          choices: ids(item.modes),
        }),
      );
  }
  if (option.aims.length && !option.aims.some((a) => a.id === draft.aim))
    problems.push(
      p("aim", FIELD_LABEL.aim, draft.aim, PROBLEM_KEY.notChoice, { choices: ids(option.aims) }),
    );
  const custom = readCustom(draft.custom);
  problems.push(...custom.problems);
  let counts: Record<string, number> | undefined;
  if (option.counts) {
    counts = {};
    for (const c of option.counts) {
      const raw = (draft.counts?.[c.id] ?? "0").trim();
      const n = raw === "" ? 0 : Number(raw);
      if (!Number.isInteger(n) || n < 0 || n > c.max)
        problems.push(p(`counts.${c.id}`, c.labelKey, raw, KEY.count, { min: 0, max: c.max }));
      else counts[c.id] = n;
    }
  }
  if (problems.length) return { request: null, problems };
  return {
    request: {
      optionId: option.id,
      itemId: item?.itemId ?? null,
      mode: item?.modes.length ? draft.mode : null,
      aim: option.aims.length ? draft.aim : null,
      custom: custom.custom,
      ...(counts ? { counts } : {}),
    },
    problems: [],
  };
}

/** What the defence dialog shows (the dialog's input, see defence-dialog.ts). */
export interface DefenceViewInput {
  chooser: FighterSnapshot;
  options: ChoiceOptionView[];
  optionId: string;
  attackerName: string;
  /** The ruleset's labels of its targets' modifiers and bases (`CombatRules.labels`). */
  labels: TargetLabels;
  /**
   * For a player's dialog (issue 15): the world's cap on custom modifiers, beyond which the GM's
   * client holds the defence for the GM's approval. Absent for a GM.
   */
  approval?: { cap: number };
}

/** A count of the defence dialog: a number field, or a checkbox for a 0/1 toggle. */
export interface CountView {
  id: string;
  name: string;
  label: string;
  max: number;
  value: string;
  error: string | null;
  checkbox: boolean;
  checked: boolean;
}

/** Consecutive counts with one `legendKey` share a box under it; any other count has its own. */
function countGroups(
  offered: NonNullable<ChoiceOptionView["counts"]>,
  views: CountView[],
  localize: Localize,
): DefenceDialogContext["countGroups"] {
  const groups: (DefenceDialogContext["countGroups"][number] & { key?: string })[] = [];
  offered.forEach((c, i) => {
    const last = groups.at(-1);
    if (c.legendKey && last?.key === c.legendKey) last.counts.push(views[i]!);
    else
      groups.push({
        legend: c.legendKey ? localize(c.legendKey) : null,
        counts: [views[i]!],
        ...(c.legendKey ? { key: c.legendKey } : {}),
      });
  });
  return groups.map(({ legend, counts }) => ({ legend, counts }));
}

export interface DefenceDialogContext {
  heading: string;
  option: string | null;
  reason: string | null;
  items: (Choice & { name: string; target: string | null })[];
  modes: (Choice & { impact: string })[];
  aims: Choice[];
  /** Counts to set (the zone-die star spending), each with its most and its problem. */
  counts: CountView[];
  /**
   * The counts by box: those sharing a `legendKey` under that legend, each other count alone
   * (legend null: its own label names it).
   */
  countGroups: { legend: string | null; counts: CountView[] }[];
  custom: CustomRowView[];
  errors: Record<string, string | null>;
  formErrors: string[];
  /** Why the GM will have to approve the defence (a player's dialog, issue 15). */
  approvalNotes: string[];
  /** The world's cap on custom modifiers, said beside them (a player's dialog), else null. */
  customCap: string | null;
  /** The itemised target (with the user's modifiers); null when nothing is rolled. */
  breakdown: Breakdown | null;
  /** "Nothing is rolled." for an option with no target (Ignore). */
  noRoll: string | null;
  /** With user modifiers, the ruleset's limits apply when rolled: said under the sum. */
  limitsNote: string | null;
  /** The user modifier rows are offered when something is rolled. */
  showModifiers: boolean;
  canSubmit: boolean;
}

/**
 * The target's rows with the user's valid modifiers added before the sum. Without user
 * modifiers the ruleset's own sum and value stand; with them the sum is recomputed and the
 * value left to the ruleset (its limits apply when rolled).
 */
export function defenceBreakdown(
  target: Target,
  custom: readonly { label: string; value: number }[],
  localize: Localize,
  format: Format,
  labels: TargetLabels,
): { breakdown: Breakdown; limitsNote: string | null } {
  const own = breakdown(target, localize, format, labels);
  if (!custom.length) return { breakdown: own, limitsNote: null };
  const rows = own.rows.filter((r) => r.kind !== "raw" && r.kind !== "value");
  let raw = target.raw;
  for (const c of custom) {
    rows.push({ label: c.label, value: signed(c.value), kind: "custom" });
    raw += c.value;
  }
  rows.push({ label: localize(KEY.raw), value: plain(raw), kind: "raw" });
  return {
    breakdown: { rows, raw, value: raw, clampedNote: null },
    limitsNote: localize(KEY.limits),
  };
}

/**
 * The defence dialog's view: the option's label (or why it cannot be chosen), its items with
 * each one's target value, the chosen item's modes (a counterstrike's aspects with impact),
 * the option's aims, the user modifiers, each refused field's message beside it, and the
 * chosen item's (or the option's) itemised target. Defend is possible when the request is
 * valid; an option with nothing to choose (Ignore) is one click.
 */
export function defenceDialogContext(
  input: DefenceViewInput,
  draft: DefenceDraft,
  localize: Localize,
  format: Format,
): DefenceDialogContext {
  const option = input.options.find((o) => o.id === input.optionId);
  const read = readDefenceDraft(draft, input.options, input.optionId);
  const { byField, general } = messagesByField(read.problems, localize, format);
  const item = option?.items.find((i) => i.itemId === draft.itemId);
  const target = option ? (option.items.length ? (item?.target ?? null) : option.target) : null;
  const valid = readCustomValid(draft.custom);
  const shown = target ? defenceBreakdown(target, valid, localize, format, input.labels) : null;
  const errors: Record<string, string | null> = {};
  for (const name of ["itemId", "mode", "aim"]) errors[name] = byField.get(name) ?? null;
  const counts: CountView[] = (option?.counts ?? []).map((c) => {
    const value = draft.counts?.[c.id] ?? "0";
    return {
      id: c.id,
      name: `counts.${c.id}`,
      label: localize(c.labelKey),
      max: c.max,
      value,
      error: byField.get(`counts.${c.id}`) ?? null,
      checkbox: c.toggle === true && c.max === 1,
      checked: value.trim() === "1",
    };
  });
  return {
    heading: format(KEY.heading, { defender: input.chooser.name, attacker: input.attackerName }),
    option: option
      ? option.labelData
        ? format(option.labelKey, { ...option.labelData })
        : localize(option.labelKey)
      : null,
    reason: option?.unavailableKey ? localize(option.unavailableKey) : null,
    items: (option?.items ?? []).map((i) => ({
      id: i.itemId,
      name: i.name,
      label: i.name,
      target: i.target ? format(KEY.itemTarget, { value: i.target.value }) : null,
      checked: i.itemId === draft.itemId,
    })),
    modes: (item?.modes ?? []).map((m) => ({
      id: m.id,
      label: localize(m.labelKey),
      impact: format(KEY.impact, { impact: m.impact }),
      checked: m.id === draft.mode,
    })),
    aims: (option?.aims ?? []).map((a) => ({
      id: a.id,
      label: localize(a.labelKey),
      checked: a.id === draft.aim,
    })),
    counts,
    countGroups: countGroups(option?.counts ?? [], counts, localize),
    custom: customRows(draft.custom, byField),
    errors,
    formErrors: general,
    approvalNotes: [customCapNote(valid, input.approval?.cap, KEY.approvalCustom, format)].filter(
      (n): n is string => n !== null,
    ),
    customCap: customCapLine(input.approval?.cap, format),
    breakdown: shown?.breakdown ?? null,
    noRoll: option && !target && !option.items.length ? localize(KEY.noRoll) : null,
    limitsNote: shown?.limitsNote ?? null,
    showModifiers: option !== undefined && (target !== null || option.items.length > 0),
    canSubmit: read.request !== null,
  };
}

/** The user modifier rows that read well (for the live sum; the others show their problem). */
function readCustomValid(rows: readonly CustomDraft[]): { label: string; value: number }[] {
  return readCustom(rows).custom;
}
