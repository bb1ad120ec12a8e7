/**
 * The check of one stored or submitted value against its rule (`checkRuleIn`), the problem it
 * gives and its localised message. A leaf module: it imports no registry, so a ruleset's
 * modules (`rulesets/<id>/`) can check their own blocks while the registry loads. The sheets'
 * check (validate.ts `checkRule`) is this with the human plan as the default plan.
 */
import { InputError, showValue } from "../../core/errors";
import type { PlanContext } from "../rulesets/contract";
import { LOCATION_ID, type LeafRule, type Rule } from "./rule-kinds";

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

/**
 * An input error that carries its own localisable problem: a derivation that knows what it
 * refuses (a ruleset naming the item, its field and value with a message key of its own) throws
 * it, and the actor's derived data lists `problem` as it is. `reason` is the English text for a
 * log or the CLI's one line.
 */
export class ProblemError extends InputError {
  constructor(
    readonly problem: Problem,
    reason: string,
  ) {
    super(problem.field, problem.value, reason);
    this.name = "ProblemError";
  }
}

export type Check =
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

function checkLeaf(rule: LeafRule, value: unknown, plan: PlanContext | undefined): Check {
  switch (rule.kind) {
    case "number":
      return checkNumber(rule, value);
    case "choice":
      if (rule.nullable && (value === null || (typeof value === "string" && value.trim() === "")))
        return ok(null);
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
      const ids = (rule.sides === "any" ? plan?.armourIds : plan?.injuryIds) ?? [];
      const id = typeof value === "string" ? value.trim() : value;
      if (typeof id === "string" && ids.includes(id)) return ok(id);
      return bad(VALIDATION_KEYS.unknownLocation, { plan: plan?.name ?? "" });
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
export function checkRuleIn(rule: Rule, value: unknown, plan?: PlanContext): Check {
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
