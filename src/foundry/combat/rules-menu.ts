/**
 * The optional-rules menu's view model (issue 19: the 43 HârnMaster Gold options get a window of
 * their own instead of 43 lines of the settings window): one row per rule, in the ruleset's
 * order, a sub-rule (`OptionalRule.parent`) indented under its rule and disabled while that rule
 * is off; and the values a submitted form gives. Pure: the application (./rules-menu-app.ts)
 * renders `templates/settings/rules-menu.hbs` with it.
 */
import type { OptionalRule } from "../../core/combat";
import type { Localize } from "../sheets/common";

export interface RulesMenuRow {
  id: string;
  /** The form field's name (the rule's id). */
  name: string;
  label: string;
  hint: string;
  checked: boolean;
  /** A sub-rule: shown indented, under the rule it is part of. */
  sub: boolean;
  parent: string | null;
  /** A sub-rule whose rule is off: it cannot take effect, so it is not offered. */
  disabled: boolean;
  /** The row's CSS classes (indented sub-rule, dimmed when disabled). */
  classes: string;
}

export interface RulesMenuContext {
  rows: RulesMenuRow[];
  saveLabel: string;
}

/** Whether a rule takes effect: it is on and so is every rule above it. */
function effective(
  id: string,
  values: Readonly<Record<string, boolean>>,
  byId: ReadonlyMap<string, OptionalRule>,
): boolean {
  const rule = byId.get(id);
  if (!rule || values[id] !== true) return false;
  return rule.parent ? effective(rule.parent, values, byId) : true;
}

export function rulesMenuContext(
  rules: readonly OptionalRule[],
  values: Readonly<Record<string, boolean>>,
  localize: Localize,
): RulesMenuContext {
  const byId = new Map(rules.map((r) => [r.id, r]));
  return {
    rows: rules.map((r) => {
      const sub = Boolean(r.parent);
      const disabled = r.parent ? !effective(r.parent, values, byId) : false;
      return {
        id: r.id,
        name: r.id,
        label: localize(r.nameKey),
        hint: localize(r.hintKey),
        checked: values[r.id] ?? r.default,
        sub,
        parent: r.parent ?? null,
        disabled,
        classes: [
          "form-group",
          "bbb-rule",
          sub ? "bbb-rule-sub" : "",
          disabled ? "bbb-rule-off" : "",
        ]
          .filter(Boolean)
          .join(" "),
      };
    }),
    saveLabel: localize("BLOWBYBLOW.Settings.RulesMenu.Save"),
  };
}

/**
 * The values a submitted form gives: a checkbox's boolean for every rule the form carries; a
 * rule the form does not carry (a disabled sub-rule is not submitted) keeps its value. Anything
 * but a boolean is ignored, so a tampered form changes nothing.
 */
export function rulesMenuValues(
  form: Readonly<Record<string, unknown>>,
  rules: readonly OptionalRule[],
  previous: Readonly<Record<string, boolean>>,
): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const r of rules) {
    const v = form[r.id];
    out[r.id] = typeof v === "boolean" ? v : (previous[r.id] ?? r.default);
  }
  return out;
}
