/**
 * What the world migration does with a stored value the data model would not accept, and with
 * a field the data model does not know (issue 15): a migrated `system` is checked against the
 * same rules the data models and the sheets use (`FIELD_RULES`, src/foundry/data/rules.ts)
 * before anything is written.
 *
 * - A value outside its bounds is clamped (a number) or reset to the field's initial value
 *   (anything else), and the change is noted: path, stored value, value written.
 * - A field no rule knows is taken out of `system` (the data model would drop it silently on
 *   the first write) and kept: the world migration stores it, with the replaced values, in the
 *   document's flag `blow-by-blow.migration` and lists both in its notice.
 *
 * Location ids are not checked here: which ids are valid depends on the owning actor's body
 * plan, and a wrong id loses no data (the sheet shows it and lets the GM choose). JSON, HTML
 * and UUID fields are opaque: kept as they are. Pure: no Foundry globals.
 */
import { checkRule, HUMAN_PLAN_CONTEXT } from "../data/validate";
import { rulesOf, type LeafRule, type Rule, type TypeKey } from "../data/rules";
import { isPlainObject } from "./plain";

type Obj = Record<string, unknown>;

/** One value the migration changed because the data model would refuse it. */
export interface Repair {
  /** The `system` path (`hm3.quality`). */
  path: string;
  /** The value as stored. */
  value: unknown;
  /** The value written. */
  became: unknown;
}

export interface Repaired {
  /** The system to write: every value within its rule, no unknown field. */
  system: Obj;
  repairs: Repair[];
  /** Unknown fields taken out, by `system` path, with their stored values. */
  unknown: Record<string, unknown>;
}

/** Rules whose value can be judged without the owning actor. */
const CHECKED = new Set(["number", "choice", "text", "boolean"]);

function initialOf(rule: LeafRule): unknown {
  return "initial" in rule ? rule.initial : null;
}

/** The nearest accepted value for a refused leaf: a number clamped, else the initial value. */
function fixLeaf(rule: LeafRule, value: unknown): unknown {
  if (rule.kind === "number" && typeof value === "number" && Number.isFinite(value)) {
    let v = rule.integer ? Math.round(value) : value;
    if (rule.min !== undefined) v = Math.max(rule.min, v);
    if (rule.max !== undefined) v = Math.min(rule.max, v);
    return v;
  }
  return initialOf(rule);
}

/**
 * Checks `system` (a migrated, whole stored `system` of `type`) and returns a repaired copy.
 * The input is not changed. A type without rules comes back as it is.
 */
export function repairSystem(type: TypeKey, system: Obj): Repaired {
  let rules: Readonly<Record<string, Rule>> | undefined;
  try {
    rules = rulesOf(type);
  } catch {
    rules = undefined;
  }
  const out = structuredClone(system);
  const result: Repaired = { system: out, repairs: [], unknown: {} };
  if (!rules) return result;
  const patterns = Object.keys(rules);
  const pattern = (path: string) =>
    path
      .split(".")
      .map((p) => (/^\d+$/.test(p) ? "*" : p))
      .join(".");
  /** True when some rule lies below this container path. */
  const isContainer = (p: string) => patterns.some((r) => r.startsWith(`${p}.`));

  const visit = (holder: Obj | unknown[], key: string, path: string): void => {
    const value = (holder as Obj)[key];
    const p = pattern(path);
    const rule = rules[p];
    if (rule) {
      if (rule.kind === "list") {
        if (!CHECKED.has(rule.element.kind) || !Array.isArray(value)) {
          if (!checkRule(rule, value, HUMAN_PLAN_CONTEXT).ok && CHECKED.has(rule.element.kind)) {
            (holder as Obj)[key] = [];
            result.repairs.push({ path, value, became: [] });
          }
          return;
        }
        const kept = value.filter((v) => checkRule(rule.element, v, HUMAN_PLAN_CONTEXT).ok);
        const max = rule.max ?? Infinity;
        const fixed = kept.slice(0, max);
        if (fixed.length !== value.length) {
          (holder as Obj)[key] = fixed;
          result.repairs.push({ path, value, became: fixed });
        }
        return;
      }
      if (!CHECKED.has(rule.kind)) return;
      const check = checkRule(rule, value, HUMAN_PLAN_CONTEXT);
      // A stored value is what the data model holds: a number must be a number already.
      const exact = check.ok && check.value === value;
      if (exact) return;
      const became = check.ok ? check.value : fixLeaf(rule, value);
      (holder as Obj)[key] = became;
      result.repairs.push({ path, value, became });
      return;
    }
    if (isContainer(p)) {
      if (Array.isArray(value)) {
        value.forEach((_, i) => visit(value, String(i), `${path}.${i}`));
        return;
      }
      if (isPlainObject(value)) {
        for (const k of Object.keys(value)) visit(value, k, `${path}.${k}`);
        return;
      }
      // A container stored as something else: the data model rebuilds it from its defaults.
      return;
    }
    // No rule here or below: a field the data model does not know.
    if (Array.isArray(holder)) return;
    result.unknown[path] = value;
    delete holder[key];
  };
  for (const k of Object.keys(out)) visit(out, k, k);
  return result;
}
