/**
 * Checks `system` data that reaches a document without a sheet (macros, the API, imports):
 * the data models' `_preCreate` / `_preUpdate` run `checkUpdate` on the incoming `system`
 * values before Foundry's cleaning would clamp or drop them silently, show each problem with
 * `notifyProblems` (the field's localised label and the value), and take out only the refused
 * fields; everything else goes through. A sheet has already taken its problems out, so a sheet
 * submission passes here without a second notice.
 *
 * Foundry v13 calls `TypeDataModel#_preUpdate(changes, options, user)` from the document's
 * `_preUpdate` with the update as given (expanded, not yet cleaned), and
 * `TypeDataModel#_preCreate(data, options, user)` with the creation data, after the document
 * was built (so its source is already cleaned: a refused field is reset to its initial value
 * with `updateSource`).
 */
import { splitSided } from "../../core/body";
import { notifyProblems } from "./notify";
import { checkUpdate, HUMAN_PLAN_CONTEXT, planContext, type PlanContext } from "./validate";
import type { TypeKey } from "./rules";
import type { DeepPartial } from "fvtt-types/utils";

type Obj = Record<string, unknown>;

type AnySchema = foundry.data.fields.DataSchema;
type AnyParent = foundry.abstract.Document.Any;

/** The arguments of `TypeDataModel#_preCreate` for a model of `Schema` on `Parent` documents. */
export type PreCreateArgs<Schema extends AnySchema, Parent extends AnyParent> = [
  data: foundry.abstract.TypeDataModel.ParentAssignmentType<Schema, Parent>,
  options: foundry.abstract.Document.Database.PreCreateOptions<foundry.abstract.types.DatabaseCreateOperation>,
  user: User.Implementation,
];

/** The arguments of `TypeDataModel#_preUpdate` for a model of `Schema` on `Parent` documents. */
export type PreUpdateArgs<Schema extends AnySchema, Parent extends AnyParent> = [
  changes: DeepPartial<foundry.abstract.TypeDataModel.ParentAssignmentType<Schema, Parent>>,
  options: foundry.abstract.Document.Database.PreUpdateOptions<foundry.abstract.types.DatabaseUpdateOperation>,
  user: User.Implementation,
];

const isPlainObject = (v: unknown): v is Obj =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * `system` as flat `system.*` paths down to the leaves (arrays are leaves), with the
 * original key path of each (Foundry's `==key` replacement markers kept in the key path and
 * left out of the checked path). `-=key` deletions are not checked.
 */
function flatten(system: Obj): { path: string; keys: string[]; value: unknown }[] {
  const out: { path: string; keys: string[]; value: unknown }[] = [];
  const walk = (value: unknown, keys: string[]) => {
    if (isPlainObject(value) && Object.keys(value).length) {
      for (const [k, v] of Object.entries(value)) if (!k.startsWith("-=")) walk(v, [...keys, k]);
      return;
    }
    const path = keys.map((k) => (k.startsWith("==") ? k.slice(2) : k)).join(".");
    out.push({ path: `system.${path}`, keys, value });
  };
  walk(system, []);
  return out;
}

function removeAt(root: Obj, keys: readonly string[]): void {
  let node: unknown = root;
  for (const k of keys.slice(0, -1)) node = isPlainObject(node) ? node[k] : undefined;
  if (isPlainObject(node)) delete node[keys.at(-1)!];
}

function setAt(root: Obj, keys: readonly string[], value: unknown): void {
  let node = root;
  for (const k of keys.slice(0, -1)) {
    if (!isPlainObject(node[k])) node[k] = {};
    node = node[k] as Obj;
  }
  node[keys.at(-1)!] = value;
}

export interface GuardResult {
  /** `system.*` paths taken out. */
  refused: string[];
  /** The messages shown. */
  messages: string[];
}

/**
 * Checks `data.system` (a document's creation data or update diff) for a document of `type`,
 * in place: refused fields are removed; accepted values are written as checked (numbers from
 * text, a list from comma-separated text, an injury code as severity and level).
 */
export function guardSystem(
  type: TypeKey,
  data: unknown,
  plan: PlanContext = HUMAN_PLAN_CONTEXT,
): GuardResult {
  const result: GuardResult = { refused: [], messages: [] };
  if (!isPlainObject(data) || !isPlainObject(data.system)) return result;
  const system = data.system;
  const leaves = flatten(system);
  const flat = Object.fromEntries(leaves.map((l) => [l.path, l.value]));
  const { accepted, problems } = checkUpdate(type, flat, plan);
  if (!problems.length && leaves.every((l) => accepted[l.path] === l.value)) return result;
  for (const leaf of leaves) {
    const refused = problems.some(
      (p) => p.field === leaf.path || p.field.startsWith(`${leaf.path}.`),
    );
    if (refused) {
      removeAt(system, leaf.keys);
      result.refused.push(leaf.path);
    } else if (leaf.path in accepted) setAt(system, leaf.keys, accepted[leaf.path]);
    else removeAt(system, leaf.keys); // a virtual path read as others (an injury's code)
  }
  const given = new Set(leaves.map((l) => l.path));
  for (const [path, value] of Object.entries(accepted))
    if (!given.has(path) && path.startsWith("system."))
      setAt(system, path.slice("system.".length).split("."), value);
  result.messages = notifyProblems(problems);
  return result;
}

type PlanLocations = { name: string; locations: readonly { id: string; paired: boolean }[] };

/**
 * A derived plan (`derived.plan`) lists a paired location once per side (`left-hip`,
 * `right-hip`, each `paired`); the plan it came from lists it once (`hip`). Armour may cover a
 * paired location on both sides by its bare id, so the check needs the plan as stored.
 */
export function unsidedPlan(plan: PlanLocations): PlanLocations {
  const locations = new Map<string, { id: string; paired: boolean }>();
  for (const l of plan.locations) {
    const { side, base } = splitSided(l.id);
    const id = l.paired && side ? base : l.id;
    if (!locations.has(id)) locations.set(id, { id, paired: l.paired });
  }
  return { name: plan.name, locations: [...locations.values()] };
}

/** The plan an item's locations are checked against: its owner's (derived) plan, else the human plan. */
export function ownerPlan(item: unknown): PlanContext {
  const actor = (item as { parent?: { system?: { derived?: unknown } } } | null)?.parent;
  const derived = actor?.system?.derived as { plan?: PlanLocations } | null | undefined;
  return derived?.plan ? planContext(unsidedPlan(derived.plan)) : HUMAN_PLAN_CONTEXT;
}

/** What the guard needs of a model: its document (`parent`) with `updateSource`, and its schema. */
interface GuardedModel {
  parent: unknown;
  schema: { getField(path: string): { getInitialValue(data?: unknown): unknown } | undefined };
}

/**
 * `_preCreate`: the document was already built from `data` (and cleaned); each refused field
 * of `data.system` is reset to its initial value on the document's source.
 */
export function guardCreate(
  model: GuardedModel,
  type: TypeKey,
  data: unknown,
  plan?: PlanContext,
): GuardResult {
  const result = guardSystem(type, data, plan);
  if (!result.refused.length) return result;
  const reset: Obj = {};
  for (const path of result.refused) {
    const field = model.schema.getField(path.slice("system.".length));
    if (field) reset[path] = field.getInitialValue({});
  }
  const doc = model.parent as { updateSource?(changes: Obj): unknown } | null;
  if (Object.keys(reset).length) doc?.updateSource?.(reset);
  return result;
}
