/**
 * `npm run template`: builds every data model's initial `system` data with the Foundry
 * stand-ins (test/foundry/stand-ins) and writes
 *
 * - `template.json`: the committed snapshot of each Actor and Item type's default system data
 *   in Foundry's template format (`htmlFields` per type);
 * - `src/foundry/data/labels.ts` and `src/foundry/rulesets/<id>/labels.ts`: the label key of
 *   every field (ruleset-free fields, and each ruleset's block), as Foundry builds it from the
 *   model's LOCALIZATION_PREFIXES (`<prefix>.FIELDS.<path>.label`), written whole so the
 *   localisation audit finds each key;
 * - `src/foundry/migrations/schema-lock.json`: the hash of the schema for SCHEMA_VERSION, the
 *   first time that version is generated: each type's defaults and a description of every
 *   field (`describeField`: its class, required, nullable, initial, bounds, integer, blank,
 *   choices, validator, element and nested fields), so a changed bound or choice list counts
 *   as a schema change, not only a changed default. A different hash under the same version
 *   is refused: a schema change needs a migration and a version bump.
 *
 * `test/foundry/template.test.ts` fails when a committed file differs from what this generates.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import prettier from "prettier";
import "../test/foundry/stand-ins";
import {
  ArrayField,
  SchemaField,
  walkFields,
  type DataField,
} from "../test/foundry/stand-ins/data";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const TEMPLATE_PATH = `${ROOT}template.json`;
export const LABELS_PATH = `${ROOT}src/foundry/data/labels.ts`;
export const LOCK_PATH = `${ROOT}src/foundry/migrations/schema-lock.json`;

/** Document types template.json may declare (since v12; see test/manifest.test.ts). */
const TEMPLATE_DOCUMENTS = ["Actor", "Item"];
/** Fields holding HTML, per type, for Foundry's server-side sanitising. */
const HTML_FIELDS = ["description"];

interface ModelClass {
  schema: SchemaField;
  LOCALIZATION_PREFIXES: string[];
  cleanData(source?: Record<string, unknown>): Record<string, unknown>;
}

async function models(): Promise<Record<string, Record<string, ModelClass>>> {
  // Imported after the stand-ins are installed: the model classes extend foundry.abstract.
  const { DATA_MODELS } = await import("../src/foundry/data");
  return DATA_MODELS as unknown as Record<string, Record<string, ModelClass>>;
}

/** Each type's initial `system` data, by document and type (every model, not only template ones). */
export async function snapshot(): Promise<Record<string, Record<string, Record<string, unknown>>>> {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [documentName, types] of Object.entries(await models())) {
    out[documentName] = {};
    for (const [type, model] of Object.entries(types))
      out[documentName][type] = model.cleanData({});
  }
  return out;
}

/** Field options that only label a field (set from lang/en.json): not part of the schema. */
const LABEL_OPTIONS = new Set(["label", "hint"]);

/**
 * A JSON-safe description of an option's value (Infinity by name). A function is described
 * as present only: its source text differs between the transpilers that run this script
 * (tsx) and the tests (vitest), so it cannot be hashed; a validator's `validationError` is.
 */
function describeValue(value: unknown): unknown {
  if (typeof value === "function") return "function";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return value.map(describeValue);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, describeValue(v)]));
  return value;
}

/**
 * What a field accepts: its class and every option its class defines (required, nullable,
 * initial, min, max, integer, blank, choices, validationError…; labels aside), its `validate`
 * function, and for a schema its fields, for an array its element, walked recursively.
 */
export function describeField(field: DataField): Record<string, unknown> {
  const out: Record<string, unknown> = { type: field.constructor.name };
  const defaults = (field.constructor as typeof DataField)._defaults;
  for (const key of Object.keys(defaults).sort())
    if (!LABEL_OPTIONS.has(key))
      out[key] = describeValue((field as unknown as Record<string, unknown>)[key]);
  out.validate = describeValue(field.options.validate);
  if (field instanceof SchemaField)
    out.fields = Object.fromEntries(
      Object.entries(field.fields).map(([name, f]) => [name, describeField(f)]),
    );
  if (field instanceof ArrayField) out.element = describeField(field.element);
  return out;
}

/** Every model's schema described (`describeField`), by document and type. */
export async function schemaDescription(): Promise<Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [documentName, types] of Object.entries(await models())) {
    out[documentName] = {};
    for (const [type, model] of Object.entries(types))
      out[documentName][type] = describeField(model.schema);
  }
  return out;
}

/** What the schema lock hashes: the defaults and the field descriptions. */
export async function lockedSchema(): Promise<{ defaults: unknown; fields: unknown }> {
  return { defaults: await snapshot(), fields: await schemaDescription() };
}

/** Stable JSON (sorted keys) and its SHA-256. */
export function hashOf(value: unknown): string {
  const stable = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(stable);
    if (v !== null && typeof v === "object")
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return createHash("sha256")
    .update(JSON.stringify(stable(value)))
    .digest("hex");
}

async function format(text: string, parser: "json" | "typescript", path: string): Promise<string> {
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...options, parser });
}

/** template.json's text. */
export async function templateJson(): Promise<string> {
  const snap = await snapshot();
  const template: Record<string, unknown> = {};
  for (const documentName of TEMPLATE_DOCUMENTS) {
    const types = snap[documentName] ?? {};
    const block: Record<string, unknown> = { types: Object.keys(types), templates: {} };
    for (const [type, data] of Object.entries(types))
      block[type] = { htmlFields: HTML_FIELDS, ...data };
    template[documentName] = block;
  }
  return format(JSON.stringify(template), "json", TEMPLATE_PATH);
}

/**
 * The label key of every field of a model (all but the root, a ruleset's block itself and
 * array elements), by owner: "" for the ruleset-free fields (the model's first prefix), a
 * ruleset id for the fields of its block `system.<id>` (the ruleset's prefix for the type).
 */
export async function labelKeys(
  typeKey: string,
  model: ModelClass,
): Promise<Record<string, Record<string, string>>> {
  const { FOUNDRY_RULESETS } = await import("../src/foundry/rulesets");
  const rulesets = FOUNDRY_RULESETS as Record<
    string,
    { data: { prefixes: Record<string, string> } }
  >;
  const keys: Record<string, Record<string, string>> = { "": {} };
  walkFields(model.schema, (field: DataField) => {
    const path = field.fieldPath;
    if (!path || field.name === "element") return;
    const head = path.split(".")[0]!;
    const ruleset = Object.hasOwn(rulesets, head) ? rulesets[head] : undefined;
    if (ruleset && path === head) return;
    const prefix = ruleset ? ruleset.data.prefixes[typeKey] : model.LOCALIZATION_PREFIXES[0];
    const owner = ruleset ? head : "";
    (keys[owner] ??= {})[path] = `${prefix}.FIELDS.${path}.label`;
  });
  return keys;
}

/** Every model's label keys by owner ("" or a ruleset id), then type key. */
async function allLabels(): Promise<Record<string, Record<string, Record<string, string>>>> {
  const all: Record<string, Record<string, Record<string, string>>> = { "": {} };
  for (const [documentName, types] of Object.entries(await models()))
    for (const [type, model] of Object.entries(types)) {
      const typeKey = `${documentName}.${type}`;
      for (const [owner, keys] of Object.entries(await labelKeys(typeKey, model)))
        if (owner === "" || Object.keys(keys).length > 0) (all[owner] ??= {})[typeKey] = keys;
    }
  return all;
}

/** labels.ts's text (the ruleset-free fields). */
export async function labelsSource(): Promise<string> {
  const all = await allLabels();
  const text = `// Generated by scripts/template.ts (npm run template): do not edit.
import type { TypeKey } from "./rules";

/** Label key of every labelled ruleset-free field of each type's \`system\`, by field path (array elements: \`element\`). A ruleset's block has its own (src/foundry/rulesets/<id>/labels.ts). */
export const FIELD_LABELS = ${JSON.stringify(all[""], null, 2)} as const satisfies Record<TypeKey, Readonly<Record<string, string>>>;
`;
  return format(text, "typescript", LABELS_PATH);
}

/** Where a ruleset's generated labels are written. */
export const rulesetLabelsPath = (id: string): string =>
  `${ROOT}src/foundry/rulesets/${id}/labels.ts`;

/** Each registered ruleset's labels.ts text (the fields of its blocks), by ruleset id. */
export async function rulesetLabelsSources(): Promise<Record<string, string>> {
  const all = await allLabels();
  const { RULESET_IDS } = await import("../src/foundry/rulesets");
  const out: Record<string, string> = {};
  for (const id of RULESET_IDS) {
    const name = `${id.toUpperCase()}_LABELS`;
    const text = `// Generated by scripts/template.ts (npm run template): do not edit.
import type { BlockTypeKey } from "../contract";

/** Label key of every labelled field of this ruleset's block of each type, by \`system\` path (array elements: \`element\`). */
export const ${name} = ${JSON.stringify(all[id] ?? {}, null, 2)} as const satisfies Partial<Record<BlockTypeKey, Readonly<Record<string, string>>>>;
`;
    out[id] = await format(text, "typescript", rulesetLabelsPath(id));
  }
  return out;
}

export function readLock(): Record<string, string> {
  return JSON.parse(readFileSync(LOCK_PATH, "utf8")) as Record<string, string>;
}

async function main(): Promise<void> {
  const { SCHEMA_VERSION } = await import("../src/foundry/migrations");
  writeFileSync(TEMPLATE_PATH, await templateJson());
  writeFileSync(LABELS_PATH, await labelsSource());
  for (const [id, text] of Object.entries(await rulesetLabelsSources()))
    writeFileSync(rulesetLabelsPath(id), text);
  console.log(
    "template: wrote template.json, src/foundry/data/labels.ts and each ruleset's labels.ts",
  );

  const hash = hashOf(await lockedSchema());
  let lock: Record<string, string> = {};
  try {
    lock = readLock();
  } catch {
    lock = {};
  }
  const locked = lock[String(SCHEMA_VERSION)];
  if (locked === undefined) {
    lock[String(SCHEMA_VERSION)] = hash;
    writeFileSync(LOCK_PATH, await format(JSON.stringify(lock), "json", LOCK_PATH));
    console.log(`template: schema version ${SCHEMA_VERSION} locked at ${hash}`);
  } else if (locked !== hash) {
    console.error(
      `template: the data models changed but SCHEMA_VERSION is still ${SCHEMA_VERSION}. ` +
        "Add a migration in src/foundry/migrations and bump SCHEMA_VERSION, then run npm run template again.",
    );
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
