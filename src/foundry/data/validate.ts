/**
 * Checks sheet input before it is submitted, so a bad value is refused with a localised
 * message naming the field, instead of being clamped or dropped silently by Foundry's
 * cleaning. Pure (no Foundry globals): `checkUpdate` takes the flattened form data
 * (`{"system.<id>.wq": "40", "name": "Sword"}`) and returns what may be submitted and one
 * problem per refused field; the sheets show the problems with `notifyProblems` (notify.ts).
 */
import { showValue } from "../../core/errors";
import {
  allRulesets,
  foundryRuleset,
  humanPlanContext,
  type InputShortcut,
  type PlanContext,
} from "../rulesets";
import { FIELD_LABELS } from "./labels";
import { planContext } from "./plan-context";
import { LOCATION_ID, ruleFor, type LeafRule, type Rule, type TypeKey } from "./rules";

export type { PlanContext };
export { planContext };

/** Message keys (`{field}` is the field's localised label; `{value}` the value as typed). */
export const VALIDATION_KEYS = Object.freeze({
  notNumber: "BLOWBYBLOW.Validation.notNumber",
  notWhole: "BLOWBYBLOW.Validation.notWhole",
  outOfRange: "BLOWBYBLOW.Validation.outOfRange",
  tooLow: "BLOWBYBLOW.Validation.tooLow",
  tooHigh: "BLOWBYBLOW.Validation.tooHigh",
  required: "BLOWBYBLOW.Validation.required",
  notChoice: "BLOWBYBLOW.Validation.notChoice",
  notBoolean: "BLOWBYBLOW.Validation.notBoolean",
  notText: "BLOWBYBLOW.Validation.notText",
  notList: "BLOWBYBLOW.Validation.notList",
  tooMany: "BLOWBYBLOW.Validation.tooMany",
  unknownLocation: "BLOWBYBLOW.Validation.unknownLocation",
  badLocationId: "BLOWBYBLOW.Validation.badLocationId",
  /** A ruleset's injury code (`InputShortcut.refusedKey` of HM3's codes). */
  badInjuryCode: "BLOWBYBLOW.Validation.badInjuryCode",
  derivationFailed: "BLOWBYBLOW.Validation.derivationFailed",
});

/** One refused field. */
export interface Problem {
  /** The path as submitted (`system.<id>.wq`). */
  field: string;
  value: unknown;
  /** Message key (VALIDATION_KEYS). */
  key: string;
  /** Label key of the field, or the path when it has none. */
  label: string;
  /** Further placeholders (`min`, `max`, `choices`, `plan`); values starting `BLOWBYBLOW.` are keys. */
  data: Record<string, string | number>;
}

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

type Check =
  | { ok: true; value: unknown }
  | { ok: false; key: string; data: Record<string, string | number> };

const ok = (value: unknown): Check => ({ ok: true, value });
const bad = (key: string, data: Record<string, string | number> = {}): Check => ({
  ok: false,
  key,
  data,
});

function checkNumber(rule: Extract<LeafRule, { kind: "number" }>, value: unknown): Check {
  let n: number;
  if (typeof value === "number") n = value;
  else if (typeof value === "string") {
    if (value.trim() === "") return rule.nullable ? ok(null) : bad(VALIDATION_KEYS.required);
    n = Number(value.trim());
  } else if (value === null && rule.nullable) return ok(null);
  else return bad(VALIDATION_KEYS.notNumber);
  if (!Number.isFinite(n)) return bad(VALIDATION_KEYS.notNumber);
  if (rule.integer && !Number.isInteger(n)) return bad(VALIDATION_KEYS.notWhole);
  const { min, max } = rule;
  const low = min !== undefined && n < min;
  const high = max !== undefined && n > max;
  if (low || high) {
    if (min !== undefined && max !== undefined)
      return bad(VALIDATION_KEYS.outOfRange, { min, max });
    if (low) return bad(VALIDATION_KEYS.tooLow, { min: min! });
    return bad(VALIDATION_KEYS.tooHigh, { max: max! });
  }
  return ok(n);
}

function checkLeaf(rule: LeafRule, value: unknown, plan: PlanContext): Check {
  switch (rule.kind) {
    case "number":
      return checkNumber(rule, value);
    case "choice":
      if (typeof value === "string" && rule.choices.includes(value.trim())) return ok(value.trim());
      return bad(VALIDATION_KEYS.notChoice, { choices: rule.choices.join(", ") });
    case "text":
      if (typeof value !== "string") return bad(VALIDATION_KEYS.notText);
      if (!rule.blank && value.trim() === "") return bad(VALIDATION_KEYS.required);
      return ok(value.trim());
    case "boolean":
      if (typeof value === "boolean") return ok(value);
      if (value === "true" || value === "false") return ok(value === "true");
      return bad(VALIDATION_KEYS.notBoolean);
    case "location": {
      const ids = rule.sides === "any" ? plan.armourIds : plan.injuryIds;
      const id = typeof value === "string" ? value.trim() : value;
      if (typeof id === "string" && ids.includes(id)) return ok(id);
      return bad(VALIDATION_KEYS.unknownLocation, { plan: plan.name });
    }
    case "slug":
      if (typeof value === "string" && LOCATION_ID.test(value.trim())) return ok(value.trim());
      return bad(VALIDATION_KEYS.badLocationId);
    default:
      return ok(value);
  }
}

/** A list as a form may send it: an array, an object keyed 0, 1…, or comma-separated text. */
function asList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value === "string")
    return value
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter((s) => s !== "");
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([k]) => /^\d+$/.test(k));
    if (entries.length === Object.keys(value).length)
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return undefined;
}

/** Checks one value against its rule; a list's elements one by one. */
export function checkRule(
  rule: Rule,
  value: unknown,
  plan: PlanContext = HUMAN_PLAN_CONTEXT,
): Check {
  if (rule.kind !== "list") return checkLeaf(rule, value, plan);
  const list = asList(value);
  if (!list) return bad(VALIDATION_KEYS.notList);
  if (rule.max !== undefined && list.length > rule.max)
    return bad(VALIDATION_KEYS.tooMany, { max: rule.max });
  const out: unknown[] = [];
  for (const element of list) {
    const c = checkLeaf(rule.element, element, plan);
    if (!c.ok) return c;
    out.push(c.value);
  }
  return ok(out);
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

/** A placeholder value that is itself a localisation key (a plan name such as the human plan's). */
const LOCALISATION_KEY = /^BLOWBYBLOW\./;

/** What `formatProblem` needs of `game.i18n`. */
export interface Localizer {
  localize(key: string): string;
  format(key: string, data?: Record<string, string>): string;
}

/** The localised message of a problem. */
export function formatProblem(problem: Problem, i18n: Localizer): string {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(problem.data))
    data[k] = typeof v === "string" && LOCALISATION_KEY.test(v) ? i18n.localize(v) : String(v);
  data.field = i18n.localize(problem.label);
  data.value = showValue(problem.value);
  return i18n.format(problem.key, data);
}
