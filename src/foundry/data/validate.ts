/**
 * Checks sheet input before it is submitted, so a bad value is refused with a localised
 * message naming the field, instead of being clamped or dropped silently by Foundry's
 * cleaning. Pure (no Foundry globals): `checkUpdate` takes the flattened form data
 * (`{"system.<id>.wq": "40", "name": "Sword"}`) and returns what may be submitted and one
 * problem per refused field; the sheets show the problems with `notifyProblems` (notify.ts).
 */
import {
  allRulesets,
  foundryRuleset,
  humanPlanContext,
  type InputShortcut,
  type PlanContext,
} from "../rulesets";
import { checkRuleIn, type Check, type Problem } from "./check";
import { FIELD_LABELS } from "./labels";
import { planContext } from "./plan-context";
import { ruleFor, type Rule, type TypeKey } from "./rules";

export type { PlanContext };
export { planContext };
export {
  VALIDATION_KEYS,
  formatProblem,
  ProblemError,
  type Check,
  type Localizer,
  type Problem,
} from "./check";

/** The human plan's locations (the default ruleset's: `FoundryRuleset.data.humanPlan`). */
export const HUMAN_PLAN_CONTEXT: PlanContext = humanPlanContext();

/**
 * The plan a `system` path is checked against: `plan`, unless the path is in another ruleset's
 * block than the one `plan` belongs to; then that ruleset's human plan (each ruleset has its
 * own location ids).
 */
export function planForPath(path: string, plan: PlanContext): PlanContext {
  if (plan.ruleset === undefined) return plan;
  const head = path.replace(/^system\./, "").split(".")[0]!;
  if (head === plan.ruleset) return plan;
  return foundryRuleset(head)?.data.humanPlan ?? plan;
}

/** Checks one value against its rule (a `location` rule against `plan`, by default the human plan's). */
export function checkRule(
  rule: Rule,
  value: unknown,
  plan: PlanContext = HUMAN_PLAN_CONTEXT,
): Check {
  return checkRuleIn(rule, value, plan);
}

/** The label key of a `system` path (array indices read as `element`), if the field has one. */
export function labelFor(type: TypeKey, path: string): string | undefined {
  const head = path.split(".")[0]!;
  const owner = allRulesets().find((r) => r.id === head);
  const labels = (
    owner ? (owner.data.labels as Record<string, unknown>)[type] : FIELD_LABELS[type]
  ) as Readonly<Record<string, string>> | undefined;
  let key = path
    .split(".")
    .map((p) => (/^\d+$/.test(p) || p === "*" ? "element" : p))
    .join(".");
  // An array element has no label of its own: it takes its array's.
  while (!labels?.[key] && key.endsWith(".element")) key = key.slice(0, -".element".length);
  return labels?.[key];
}

/** The ruleset shortcut a `system` path of `type` takes, with its ruleset id. */
function shortcutFor(
  type: TypeKey,
  path: string,
  value: unknown,
): { id: string; shortcut: InputShortcut } | undefined {
  for (const ruleset of allRulesets()) {
    const prefix = `${ruleset.id}.`;
    if (!path.startsWith(prefix)) continue;
    const inner = path.slice(prefix.length);
    const shortcut = ruleset.data.shortcuts.find(
      (s) => s.type === type && s.path.test(inner) && (!s.stringsOnly || typeof value === "string"),
    );
    if (shortcut) return { id: ruleset.id, shortcut };
  }
  return undefined;
}

export interface CheckResult {
  accepted: Record<string, unknown>;
  problems: Problem[];
}

/**
 * Checks a form submission for a document of `type`. Paths under `system.` are checked
 * against the type's rules (numbers cast from text, bounds, choices, location ids of `plan`);
 * an object value is checked leaf by leaf and refused whole if any leaf is bad. A ruleset's
 * shortcuts (`FoundryRuleset.data.shortcuts`; HM3: an injury's code `S2` sets severity and
 * level, a creature's injury cell given as a code `♦G5▼` becomes the cell) are read by the
 * ruleset. Everything else passes through.
 */
export function checkUpdate(
  type: TypeKey,
  changes: Record<string, unknown>,
  plan: PlanContext = HUMAN_PLAN_CONTEXT,
): CheckResult {
  const accepted: Record<string, unknown> = {};
  const problems: Problem[] = [];
  const refuse = (
    field: string,
    value: unknown,
    key: string,
    data: Record<string, string | number>,
  ) => {
    const path = field.replace(/^system\./, "");
    const label = shortcutFor(type, path, value)?.shortcut.label ?? labelFor(type, path);
    problems.push({ field, value, key, label: label ?? field, data });
  };

  /** Returns the accepted value, or undefined after recording problems. */
  const check = (field: string, path: string, value: unknown): { value: unknown } | undefined => {
    const short = shortcutFor(type, path, value);
    if (short) {
      try {
        return { value: short.shortcut.parse(value, field) };
      } catch {
        refuse(field, value, short.shortcut.refusedKey, {});
        return undefined;
      }
    }
    let rule = ruleFor(type, path);
    // One entry of a list (`system.<id>.locations.2`): the list's element rule.
    const parent = /^(.*)\.\d+$/.exec(path);
    if (!rule && parent) {
      const list = ruleFor(type, parent[1]!);
      if (list?.kind === "list") rule = list.element;
    }
    if (rule) {
      const c = checkRule(rule, value, planForPath(path, plan));
      if (c.ok) return { value: c.value };
      refuse(field, value, c.key, c.data);
      return undefined;
    }
    // A container given whole: check its leaves, refuse it whole if any is bad.
    if (value !== null && typeof value === "object") {
      const entries = Array.isArray(value)
        ? value.map((v, i) => [String(i), v] as const)
        : Object.entries(value);
      const out: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
      let good = true;
      for (const [k, v] of entries) {
        const r = check(`${field}.${k}`, `${path}.${k}`, v);
        if (r) (out as Record<string, unknown>)[k] = r.value;
        else good = false;
      }
      return good ? { value: out } : undefined;
    }
    return { value };
  };

  for (const [field, value] of Object.entries(changes)) {
    if (!field.startsWith("system.")) {
      accepted[field] = value;
      continue;
    }
    const path = field.slice("system.".length);
    const result = check(field, path, value);
    if (!result) continue;
    const short = shortcutFor(type, path, value);
    if (short?.shortcut.expand) {
      for (const [k, v] of Object.entries(short.shortcut.expand(result.value)))
        accepted[`system.${short.id}.${k}`] = v;
    } else accepted[field] = result.value;
  }
  return { accepted, problems };
}
