/**
 * Import (issue 15): Foundry's "Import Data" (`Document#importFromJSON`) reads a JSON file or
 * pasted text into an existing Actor or Item. Its data model would reset a refused value to its
 * default and drop a field it does not know, and the create/update guard (guard.ts) would only
 * report the first. Before anything is written, the data is checked with the data model's own
 * rules (source-check.ts, not strict: a missing field takes its default) and, when anything is
 * wrong, the user is shown every bad or unknown field and chooses: refuse the whole import
 * (the default; nothing is written) or import anyway: the data is first brought within the
 * rules as the world migration does (repair.ts: a number clamped, another bad value reset to
 * its default, an unknown field taken out, each kept in the flag `blow-by-blow.migration`), so
 * that Foundry's whole-document update is not refused half way by the guard ("may not be
 * undefined"). Foundry's own import (v13 `ClientDocumentMixin#importFromJSON`, reproduced by
 * the stand-ins) would clamp a value silently, drop an unknown field silently and refuse a
 * value it cannot clean with a validation error.
 */
import { migrateSystem, SCHEMA_VERSION } from "../migrations/index";
import { repairSystem } from "../migrations/repair";
import { storedSchemaVersion } from "../migrations/stored-version";
import { KEPT_FLAG } from "../migrations/world";
import { escapeHtml } from "../sheets/common";
import type { TypeKey } from "./rules";
import { sourceProblems, type SourceProblem } from "./source-check";
import type { Localizer } from "./validate";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

export const IMPORT_KEYS = Object.freeze({
  title: "BLOWBYBLOW.Import.title",
  intro: "BLOWBYBLOW.Import.intro",
  question: "BLOWBYBLOW.Import.question",
  refuse: "BLOWBYBLOW.Import.refuse",
  importAnyway: "BLOWBYBLOW.Import.importAnyway",
  refused: "BLOWBYBLOW.Import.refused",
});

/** One line per problem: `items[2] "Jaws": system.hm3.wq: 40 is more than 30.` */
export function problemLine(p: SourceProblem): string {
  const field = p.field ? `${p.field}: ` : "";
  return `${p.where ? `${p.where}: ` : ""}${field}${p.message}`;
}

/**
 * `data` as the data models will read it: each `system` (the document's and its embedded
 * items') through the schema migrations (migrations/index.ts), as Foundry's `migrateData` runs
 * them when it builds the imported document, with the world's stored schema version. An export
 * of an older world (the HM3 fields flat in `system`, before migration 1) is thus checked in
 * its current shape, not listed as unknown fields. A copy: `data` is not changed.
 */
export function migrateImport(
  documentName: string,
  data: unknown,
  storedVersion = storedSchemaVersion(),
): unknown {
  if (!isObj(data)) return data;
  const out = structuredClone(data);
  const migrate = (doc: Obj, name: string) => {
    if (typeof doc.type !== "string" || !isObj(doc.system)) return;
    doc.system = migrateSystem(`${name}.${doc.type}` as TypeKey, doc.system, storedVersion);
  };
  migrate(out, documentName);
  if (documentName === "Actor" && Array.isArray(out.items))
    for (const item of out.items) if (isObj(item)) migrate(item, "Item");
  return out;
}

/**
 * Every problem of imported `data` for a document of `documentName`, as lines, read after the
 * schema migrations (`migrateImport`). Data whose type is not this system's (or not an object)
 * is left to Foundry.
 */
export function importProblems(documentName: string, data: unknown, i18n: Localizer): string[] {
  const migrated = migrateImport(documentName, data);
  if (!isObj(migrated)) return [];
  const collection = documentName === "Actor" ? "actors" : documentName === "Item" ? "items" : "";
  if (!collection) return [];
  return sourceProblems(migrated, collection, { i18n, strict: false }).map(problemLine);
}

/**
 * `data` migrated (`migrateImport`), then each `system` (the document's and its items') brought within the rules, and what
 * was replaced or taken out kept in the document's flag `blow-by-blow.migration`, as the world
 * migration keeps it (world.ts `KeptData`): nothing the user imported anyway vanishes.
 */
export function repairImport(documentName: string, data: Obj): Obj {
  const out = migrateImport(documentName, data) as Obj;
  const fix = (doc: Obj, name: string) => {
    if (typeof doc.type !== "string" || !isObj(doc.system)) return;
    const repaired = repairSystem(`${name}.${doc.type}` as TypeKey, doc.system);
    doc.system = repaired.system;
    if (!repaired.repairs.length && !Object.keys(repaired.unknown).length) return;
    const kept = { version: SCHEMA_VERSION, unknown: repaired.unknown, replaced: repaired.repairs };
    const flags = isObj(doc.flags) ? doc.flags : {};
    const scope = isObj(flags[KEPT_FLAG.scope]) ? (flags[KEPT_FLAG.scope] as Obj) : {};
    doc.flags = { ...flags, [KEPT_FLAG.scope]: { ...scope, [KEPT_FLAG.key]: kept } };
  };
  fix(out, documentName);
  if (documentName === "Actor" && Array.isArray(out.items))
    for (const item of out.items) if (isObj(item)) fix(item, "Item");
  return out;
}

/** What `checkedImport` needs of the document, Foundry's dialog and notifications. */
export interface ImportTarget {
  documentName: string;
  name: string | null;
}
export interface ImportUi {
  i18n: Localizer;
  confirm(config: Obj): Promise<boolean | null>;
  warn(message: string): void;
}

/**
 * Checks `json` before `importBase` (Foundry's `importFromJSON`) writes it into `doc`. With
 * problems, asks; a refusal (or a closed dialog) writes nothing and returns null. Text that is
 * not JSON is left to Foundry, which reports it.
 */
export async function checkedImport<T>(
  doc: ImportTarget,
  json: string,
  importBase: (json: string) => Promise<T>,
  ui: ImportUi,
): Promise<T | null> {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return importBase(json);
  }
  const lines = importProblems(doc.documentName, data, ui.i18n);
  if (!lines.length) return importBase(json);
  const { i18n } = ui;
  const name = escapeHtml(String(doc.name ?? ""));
  const count = String(lines.length);
  const content =
    `<p>${i18n.format(IMPORT_KEYS.intro, { name, count })}</p>` +
    `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>` +
    `<p>${escapeHtml(i18n.localize(IMPORT_KEYS.question))}</p>`;
  const answer = await ui.confirm({
    window: { title: i18n.localize(IMPORT_KEYS.title) },
    content,
    yes: { label: i18n.localize(IMPORT_KEYS.importAnyway) },
    no: { label: i18n.localize(IMPORT_KEYS.refuse), default: true },
  });
  if (answer !== true) {
    ui.warn(i18n.format(IMPORT_KEYS.refused, { name, count }));
    return null;
  }
  return importBase(JSON.stringify(repairImport(doc.documentName, data as Obj)));
}

type Importer = new (...args: never[]) => { importFromJSON(json: string): Promise<unknown> };

/** The class with `importFromJSON` checked (the configured class extended, made once each). */
const made = new WeakMap<Importer, Importer>();
function withCheckedImport(base: Importer): Importer {
  const existing = made.get(base);
  if (existing) return existing;
  class CheckedImport extends base {
    override async importFromJSON(json: string): Promise<unknown> {
      // `this` is the Actor or Item being imported into; Importer types the base by
      // importFromJSON alone, so its name and documentName are read through ImportTarget.
      const doc = this as unknown as ImportTarget;
      return checkedImport(doc, json, (j) => super.importFromJSON(j), {
        i18n: game.i18n,
        // DialogV2.confirm's typed config is a deep generic of DialogV2's options; the config
        // built here is plain data of the keys v13 reads (window.title, content, yes, no).
        confirm: (config) =>
          (
            foundry.applications.api.DialogV2 as unknown as {
              confirm(c: Obj): Promise<boolean | null>;
            }
          ).confirm(config),
        warn: (message) => void ui.notifications?.warn(message),
      });
    }
  }
  made.set(base, CheckedImport);
  made.set(CheckedImport, CheckedImport);
  return CheckedImport;
}

/** Makes Actor and Item imports checked (call at `init`, after the data models). */
export function registerImportCheck(): void {
  // fvtt-types type documentClass as the configured implementation class; the one set here
  // extends it (as the tracker's Combat and Combatant do), typed by importFromJSON alone.
  const config = CONFIG as unknown as Record<"Actor" | "Item", { documentClass: Importer }>;
  for (const name of ["Actor", "Item"] as const)
    config[name].documentClass = withCheckedImport(config[name].documentClass);
}
