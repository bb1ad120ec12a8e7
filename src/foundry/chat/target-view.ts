/**
 * The itemised story of a target number as the chat cards show it: the base, one line per
 * modifier (localised through the ruleset's labels, a generic label for a key it does not label; a custom modifier's label is user text
 * and shown as typed, escaped by the template), the sum, and the value rolled against when the
 * ruleset limited it. Pure. The lines are text in the card, never in a tooltip: a custom label
 * must not reach `data-tooltip`.
 */
import type { TargetLabels } from "../../core/combat";
import type { Target } from "../../core/modifiers";
import { signed } from "../sheets/common";
import { baseLabelKey, modifierLabelKey } from "../target-labels";
import { t, type LangText } from "./text";

export interface TargetLineView {
  /** The localised label, or the user's own label (custom modifiers), or the bare key. */
  label: LangText | string;
  /** Signed, with a true minus sign. */
  value: string;
  /** A user-entered modifier (its label is user text). */
  custom: boolean;
  /** `bbb-xc-custom` for a user's modifier. */
  cssClass: string;
}

export interface TargetView {
  value: number;
  base: { label: LangText | string; value: number };
  lines: TargetLineView[];
  raw: number;
  /** The sum was limited before the roll (HM3: 5..95). */
  clamped: boolean;
}

/** Whether a value is an itemised target as the core builds it. */
export function isTarget(value: unknown): value is Target {
  if (value === null || typeof value !== "object") return false;
  const o = value as Record<string, unknown>;
  return (
    typeof o.baseKey === "string" &&
    typeof o.base === "number" &&
    Array.isArray(o.modifiers) &&
    (o.modifiers as unknown[]).every(
      (m) =>
        m !== null &&
        typeof m === "object" &&
        typeof (m as Record<string, unknown>).key === "string" &&
        typeof (m as Record<string, unknown>).value === "number",
    ) &&
    typeof o.raw === "number" &&
    typeof o.value === "number"
  );
}

/** The view of an itemised target, labelled by its ruleset (`CombatRules.labels`). */
export function targetView(target: Target, labels: TargetLabels): TargetView {
  return {
    value: target.value,
    base: { label: t(baseLabelKey(labels, target.baseKey)), value: target.base },
    lines: target.modifiers.map((m) => {
      const custom = typeof m.label === "string" && m.label !== "";
      return {
        label: custom ? (m.label as string) : t(modifierLabelKey(labels, m.key)),
        value: signed(m.value),
        custom,
        cssClass: custom ? "bbb-xc-custom" : "",
      };
    }),
    raw: target.raw,
    clamped: target.raw !== target.value,
  };
}
