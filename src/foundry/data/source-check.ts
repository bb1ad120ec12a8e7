/**
 * Checks a document as Foundry stores it (a compendium source, an exported actor) against the
 * system's stored fields: the same field table the data models are built from (rules.ts,
 * checked against the schemas field by field by test/foundry/data/rules.test.ts) and the same
 * check the sheets and the create guard run (`checkRule`). Embedded armour is checked against
 * the owner's body plan (its own, as its ruleset reads it: `FoundryRuleset.data.ownPlan`, else
 * the human plan), and an actor's block against its ruleset's plan rules
 * (`FoundryRuleset.data.blockProblems`). Used by the pack build (scripts/pack-validate.ts,
 * strict) and the CLI's actor files (src/cli/actor-file.ts). Pure: the messages come from the
 * given localizer.
 */
import { FIELD_RULES, rulesOf, ruleFor, type DocumentName, type Rule, type TypeKey } from "./rules";
import {
  checkRule,
  formatProblem,
  HUMAN_PLAN_CONTEXT,
  planForPath,
  type Localizer,
  type PlanContext,
  type Problem,
} from "./validate";
import { copy } from "../../core/data";
import { showValue } from "../../core/errors";
import { activeRuleset, allRulesets, type BlockTypeKey } from "../rulesets";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The Foundry document of a pack collection (`!items!…` → Item). */
const DOCUMENT_OF: Readonly<Record<string, DocumentName>> = Object.freeze({
  items: "Item",
  actors: "Actor",
});

/** One problem of a source document: where (`items[2] "Broadsword"`, a field) and why. */
export interface SourceProblem {
  /** The document inside the file: "" for the file's document, `items[2] "Jaws"` for an embedded one. */
  where: string;
  /** The field (`system.<id>.wq`, `name`). */
  field: string;
  message: string;
}

/**
 * `system` as dotted paths down to the leaves. A path the type stores as a list (armour
 * locations, a skill's Skill Base attributes) is a leaf; other arrays are walked by index.
 */
function leaves(type: TypeKey, system: Obj): { path: string; value: unknown }[] {
  const out: { path: string; value: unknown }[] = [];
  const walk = (value: unknown, path: string) => {
    const rule = path ? ruleFor(type, path) : undefined;
    if (rule?.kind === "list" || (!isObj(value) && !Array.isArray(value))) {
      out.push({ path, value });
      return;
    }
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    if (entries.length === 0) out.push({ path, value });
    for (const [k, v] of entries) walk(v, path ? `${path}.${k}` : k);
  };
  walk(system, "");
  return out;
}

/**
 * The concrete `system` paths (`m2m.modes.0.md`) of each registered ruleset's nullable
 * containers of `type` (`FoundryRuleset.data.nullable`, paths inside the block, `*` an array
 * index) that hold `wanted` (null: stored as null; undefined: missing) in `system`. A missing
 * block has no paths.
 */
function nullablePaths(type: TypeKey, system: Obj, wanted: null | undefined): string[] {
  return allRulesets().flatMap((r) => {
    const block = system[r.id];
    if (!isObj(block)) return [];
    const patterns: readonly string[] =
      (r.data.nullable as Record<string, readonly string[]>)[type] ?? [];
    const out: string[] = [];
    for (const pattern of patterns) {
      const parts = pattern.split(".");
      const walk = (node: unknown, i: number, path: string) => {
        const head = parts[i]!;
        if (i === parts.length - 1) {
          if (isObj(node) && (wanted === null ? node[head] === null : !Object.hasOwn(node, head)))
            out.push(`${path}.${head}`);
          return;
        }
        if (head === "*") {
          if (Array.isArray(node)) node.forEach((v, j) => walk(v, i + 1, `${path}.${j}`));
        } else if (isObj(node) && (isObj(node[head]) || Array.isArray(node[head])))
          walk(node[head], i + 1, `${path}.${head}`);
      };
      walk(block, 0, r.id);
    }
    return out;
  });
}

/** A path with array indices as `*` (`m2m.modes.2.md` → `m2m.modes.*.md`). */
const patternOf = (path: string) => path.replace(/\.\d+(?=\.|$)/g, ".*");

/**
 * Whether `path` is a list (`list`: some rule lies below it at `<path>.*`) or a group (`group`:
 * at `<path>.<name>`) of stored fields.
 */
function isContainer(type: TypeKey, path: string, kind: "list" | "group"): boolean {
  const p = `${patternOf(path)}.`;
  return Object.keys(rulesOf(type)).some(
    (k) => k.startsWith(p) && (kind === "list") === k.slice(p.length).startsWith("*"),
  );
}

/** The lists of stored fields of a type (`m2m.modes`: the part of a rule before its first `*`). */
function listPatterns(type: TypeKey): string[] {
  const out = new Set<string>();
  for (const k of Object.keys(rulesOf(type))) {
    const at = k.indexOf(".*");
    if (at > 0) out.add(k.slice(0, at));
  }
  return [...out];
}

/** Whether `value` is exactly what a check accepted (no text read as a number, no trimming). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * How strictly a source is read. `strict` (a pack source): every stored field written out,
 * each with its exact type. Not strict (an actor file given to the CLI, an export): a missing
 * field takes its default and text that reads as the value ("12") is the value, as the data
 * model's cleaning would read them; a value its rule refuses or a field the type does not
 * have is still a problem.
 */
export interface SourceCheckOptions {
  i18n: Localizer;
  strict: boolean;
}

/**
 * A value as `checkRule` reads it from a source. A list given as one value is a list of that
 * value, as Foundry's ArrayField casts it (`"head,neck"` is one location, not two: the sheets'
 * comma-separated text is form input, not stored data).
 */
function checkSource(rule: Rule, value: unknown, plan: PlanContext) {
  const given =
    rule.kind === "list" && (value === null || typeof value !== "object") ? [value] : value;
  return checkRule(rule, given, plan);
}

/** The problems of one document's `system` for its type (`Item.weapon`). */
function systemProblems(
  type: TypeKey,
  system: unknown,
  plan: PlanContext,
  { i18n, strict }: SourceCheckOptions,
): SourceProblem[] {
  const problems: SourceProblem[] = [];
  const add = (path: string, message: string) =>
    problems.push({ where: "", field: path ? `system.${path}` : "system", message });
  if (!isObj(system)) {
    add("", `expected an object, got ${showValue(system)}`);
    return problems;
  }
  const given = leaves(type, system);
  // A ruleset's nullable container stored as null (a creature's HM3 `bodyPlan`: the human plan;
  // an m2m weapon's `shield`, a mode's maximum damage).
  const nulls = nullablePaths(type, system, null);
  const underNull = (path: string) => nulls.some((n) => path.startsWith(`${n}.`));
  for (const { path, value } of given) {
    if (nulls.includes(path)) continue;
    const rule: Rule | undefined = ruleFor(type, path);
    // An empty list or group of stored fields (no attack modes yet).
    if (!rule && Array.isArray(value) && value.length === 0 && isContainer(type, path, "list"))
      continue;
    if (!rule && isObj(value) && isContainer(type, path, "group")) continue;
    if (!rule) {
      add(path, `not a field of ${type} (got ${showValue(value)})`);
      continue;
    }
    if (rule.kind === "html" || rule.kind === "json" || rule.kind === "uuid") {
      if (rule.kind === "html" && typeof value !== "string")
        add(path, `expected HTML text, got ${showValue(value)}`);
      continue;
    }
    const check = checkSource(rule, value, planForPath(path, plan));
    if (!check.ok) {
      const problem: Problem = {
        field: `system.${path}`,
        value,
        key: check.key,
        label: `system.${path}`,
        data: check.data,
      };
      add(path, formatProblem(problem, i18n).replace(/^system\.[^:]*: /, ""));
    } else if (strict && !same(check.value, value))
      add(path, `expected ${showValue(check.value)} exactly, got ${showValue(value)}`);
  }
  if (!strict) return problems;
  // Every stored field is written out (a missing one would be filled in silently by Foundry).
  const present = new Set(given.map((g) => patternOf(g.path)));
  for (const path of Object.keys(rulesOf(type))) {
    if (path.includes("*")) continue;
    if (underNull(path)) continue;
    if (!present.has(path)) add(path, "missing (a source writes every stored field out)");
  }
  // A list of stored fields (attack modes) is written out too, empty or not.
  for (const list of listPatterns(type)) {
    if (list.includes("*") || underNull(list)) continue;
    const head = list.split(".")[0]!;
    if (!isObj(system[head])) continue; // a missing block is reported by its fields
    const has = [...present].some((p) => p === list || p.startsWith(`${list}.`));
    if (!has) add(list, "missing (a source writes every stored field out)");
  }
  return problems;
}

/** The body plan an embedded item of `actor` is checked against (the active ruleset's reading). */
function ownerPlan(type: string, system: unknown): PlanContext {
  const ruleset = activeRuleset();
  const block = isObj(system) ? system[ruleset.id] : undefined;
  return ruleset.data.ownPlan(type, block) ?? HUMAN_PLAN_CONTEXT;
}

/** The problems of one document (and its embedded items) of collection `items` or `actors`. */
export function sourceProblems(
  doc: Obj,
  collection: string,
  options: SourceCheckOptions,
  plan: PlanContext = HUMAN_PLAN_CONTEXT,
): SourceProblem[] {
  const documentName = DOCUMENT_OF[collection];
  if (!documentName) return []; // a collection whose data this system does not define
  const problems: SourceProblem[] = [];
  const add = (field: string, message: string) => problems.push({ where: "", field, message });
  if (typeof doc.name !== "string" || doc.name.trim() === "")
    add("name", `expected the document's name, got ${showValue(doc.name)}`);
  const subtypes = Object.keys(FIELD_RULES[documentName]);
  if (typeof doc.type !== "string" || !subtypes.includes(doc.type)) {
    add("type", `expected one of ${subtypes.join(", ")}, got ${showValue(doc.type)}`);
    return problems;
  }
  if (doc.img !== undefined && typeof doc.img !== "string")
    add("img", `expected an image path, got ${showValue(doc.img)}`);
  const type = `${documentName}.${doc.type}` as TypeKey;
  problems.push(...systemProblems(type, doc.system, plan, options));
  // A block's rules beyond its fields (HM3: R16 zone sums, R18 ♦ on limbs, unique ids; m2m: a
  // weapon with no use, a shield's PD for its size, a skill listed twice…).
  if (problems.length === 0 && isObj(doc.system)) {
    const { i18n } = options;
    // Read as stored (a missing field is its default): the rules read whole blocks.
    const system = cleanSystem(type, doc.system, plan);
    for (const ruleset of allRulesets()) {
      const block = system[ruleset.id];
      if (!isObj(block)) continue;
      for (const p of ruleset.data.blockProblems(type as BlockTypeKey, block)) {
        const data = Object.fromEntries(Object.entries(p.params).map(([k, v]) => [k, String(v)]));
        const field = `system.${ruleset.id}.${p.field}`;
        const message = i18n.format(p.key, { ...data, field, value: showValue(p.value) });
        add(field, message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message);
      }
    }
  }
  if (documentName !== "Actor") return problems;

  if (!Array.isArray(doc.items)) {
    add("items", `expected a list of items, got ${showValue(doc.items)}`);
    return problems;
  }
  const itemPlan = ownerPlan(doc.type, doc.system);
  doc.items.forEach((item: unknown, i) => {
    const where = `items[${i}]${isObj(item) && typeof item.name === "string" ? ` ${JSON.stringify(item.name)}` : ""}`;
    if (!isObj(item)) {
      problems.push({ where, field: "", message: `expected an item, got ${showValue(item)}` });
      return;
    }
    for (const p of sourceProblems(item, "items", options, itemPlan))
      problems.push({ ...p, where });
  });
  return problems;
}

/** One line per problem: `file (items[2] "Jaws"): system.<id>.wq: message`. */
export function formatSourceProblems(file: string, problems: readonly SourceProblem[]): string {
  return problems
    .map((p) => {
      const where = p.where ? ` (${p.where})` : "";
      return `${file}${where}: ${p.field ? `${p.field}: ` : ""}${p.message}`;
    })
    .join("\n");
}

/** The default a missing stored field takes, as the data model's field gives it. */
function initialOf(rule: Rule): unknown {
  if (rule.kind === "list") return [];
  if (rule.kind === "html") return "";
  // A JSON value or a UUID (not fields of an actor or item) is left as it is.
  return "initial" in rule ? rule.initial : undefined;
}

/**
 * The concrete paths of a rule's pattern (`hm3.bodyPlan.locations.*.id`) in `system`: `*` runs
 * over the indices of the array there. A path under a null (a creature's null body plan, a
 * nullable container) or under a value that is not an object has none.
 */
function pathsOf(system: Obj, pattern: string): string[] {
  const out: string[] = [];
  const walk = (node: unknown, parts: readonly string[], path: string) => {
    const [head, ...rest] = parts;
    if (head === undefined) {
      out.push(path);
      return;
    }
    if (node === undefined) {
      if (head !== "*") walk(undefined, rest, path ? `${path}.${head}` : head);
      return;
    }
    if (head === "*") {
      if (Array.isArray(node)) node.forEach((v, i) => walk(v, rest, `${path}.${i}`));
      return;
    }
    if (!isObj(node)) return;
    walk(Object.hasOwn(node, head) ? node[head] : undefined, rest, path ? `${path}.${head}` : head);
  };
  walk(system, pattern.split("."), "");
  return out;
}

/** Sets a dotted path, making the objects on the way (array indices are existing elements). */
function setPath(target: Obj, path: string, value: unknown): void {
  const parts = path.split(".");
  let node: Obj = target;
  for (const part of parts.slice(0, -1)) {
    if (!isObj(node[part]) && !Array.isArray(node[part])) node[part] = {};
    node = node[part] as Obj;
  }
  node[parts.at(-1)!] = value;
}

/** `system` as the data model cleans it: each leaf as its check read it, each missing leaf its default. */
function cleanSystem(type: TypeKey, system: Obj, plan: PlanContext): Obj {
  const out = copy(system);
  // A ruleset's missing block is its defaults (as Foundry's cleaning gives them).
  for (const ruleset of allRulesets())
    if (ruleset.data.blocks[type as BlockTypeKey] && out[ruleset.id] === undefined)
      out[ruleset.id] = {};
  // A ruleset's nullable containers (a creature's own body plan, an m2m weapon's shield)
  // default to null (the human plan, no shield).
  for (const path of nullablePaths(type, out, undefined)) setPath(out, path, null);
  // A missing list of stored fields (attack modes) is empty.
  for (const list of listPatterns(type))
    for (const path of pathsOf(out, list))
      if (
        valueAt(out, path) === undefined &&
        isObj(valueAt(out, path.split(".").slice(0, -1).join(".")))
      )
        setPath(out, path, []);
  for (const { path, value } of leaves(type, system)) {
    const rule = ruleFor(type, path);
    if (!rule || rule.kind === "html" || rule.kind === "json" || rule.kind === "uuid") continue;
    const check = checkSource(rule, value, planForPath(path, plan));
    if (check.ok) setPath(out, path, check.value);
  }
  for (const [pattern, rule] of Object.entries(rulesOf(type))) {
    const initial = initialOf(rule);
    if (initial === undefined) continue;
    for (const path of pathsOf(out, pattern))
      if (valueAt(out, path) === undefined) setPath(out, path, copy(initial));
  }
  return out;
}

function valueAt(system: Obj, path: string): unknown {
  let node: unknown = system;
  for (const part of path.split(".")) {
    if (!isObj(node) && !Array.isArray(node)) return undefined;
    node = Object.hasOwn(node, part) ? (node as Obj)[part] : undefined;
  }
  return node;
}

/**
 * A document as Foundry's data model cleaning stores it, for a document `sourceProblems` (not
 * strict) found nothing wrong with: what the check accepted is what is stored. Text that reads
 * as a number in a number field is that number (NumberField casts with `Number`, "12" is 12,
 * "" is null where the field is nullable); text is trimmed and "true"/"false" are booleans
 * (StringField, BooleanField); a list given as one value is a list of it (ArrayField); a missing
 * stored field takes its default. Everything else (`_id`, flags, fields outside `system`'s
 * rules such as HTML) is kept as given. Embedded items alike. test/cli/actor-file.test.ts
 * compares the result with the stand-in data models' own cleaning.
 */
export function cleanedSource(doc: Obj, collection: string): Obj {
  const documentName = DOCUMENT_OF[collection];
  const out = copy(doc);
  if (!documentName || typeof doc.type !== "string" || !isObj(doc.system)) return out;
  if (!Object.hasOwn(FIELD_RULES[documentName], doc.type)) return out;
  if (typeof out.name === "string") out.name = out.name.trim();
  out.system = cleanSystem(
    `${documentName}.${doc.type}` as TypeKey,
    doc.system,
    HUMAN_PLAN_CONTEXT,
  );
  if (documentName === "Actor" && Array.isArray(doc.items)) {
    const plan = ownerPlan(doc.type, out.system);
    out.items = doc.items.map((item: unknown) => {
      if (!isObj(item) || typeof item.type !== "string" || !isObj(item.system)) return copy(item);
      if (!Object.hasOwn(FIELD_RULES.Item, item.type)) return copy(item);
      const cleaned = copy(item);
      if (typeof cleaned.name === "string") cleaned.name = cleaned.name.trim();
      cleaned.system = cleanSystem(`Item.${item.type}` as TypeKey, item.system, plan);
      return cleaned;
    });
  }
  return out;
}
