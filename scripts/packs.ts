/**
 * Compendium packs: compiles every source folder `packs/_source/<pack>/` (JSON documents) to a
 * LevelDB pack `packs/<pack>/` with `@foundryvtt/foundryvtt-cli`, next to its sources.
 *
 * foundryvtt-cli skips a document without a `_key` silently, so every document and every
 * embedded document is checked first; a missing or malformed key fails the build naming the
 * file and the path inside it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";

/** Embedded collections by parent collection, as foundryvtt-cli walks them. */
const EMBEDDED: Readonly<Record<string, readonly string[]>> = {
  actors: ["items", "effects"],
  items: ["effects"],
  journal: ["pages"],
  tables: ["results"],
  folders: [],
};

type Doc = Record<string, unknown>;

function fail(file: string, path: string, message: string): never {
  throw new Error(`${file}${path ? ` (${path})` : ""}: ${message}`);
}

/**
 * Checks a document's `_key` (`!<collection>!<id>`, embedded `!<parent>.<child>!<parentId>.<id>`)
 * and its embedded documents' keys. Returns the number of documents, embedded ones included.
 */
export function checkDocumentKeys(doc: Doc, file: string): number {
  const key = doc._key;
  if (typeof key !== "string")
    fail(file, "", "document has no _key (foundryvtt-cli would skip it)");
  const m = /^!([a-z]+)!([A-Za-z0-9]{16})$/.exec(key);
  if (!m)
    fail(file, "", `_key must be "!<collection>!<16-character _id>", got ${JSON.stringify(key)}`);
  const [, collection, id] = m;
  if (doc._id !== id) fail(file, "", `_key id ${id} differs from _id ${String(doc._id)}`);
  let count = 1;
  for (const child of EMBEDDED[collection!] ?? []) {
    const list = doc[child];
    if (list === undefined) continue;
    if (!Array.isArray(list)) fail(file, child, "expected a list of embedded documents");
    list.forEach((sub: Doc, i) => {
      const expected = `!${collection}.${child}!${id}.${String(sub?._id)}`;
      if (sub?._key !== expected) {
        fail(
          file,
          `${child}[${i}]`,
          `embedded _key must be ${JSON.stringify(expected)}, got ${JSON.stringify(sub?._key)}`,
        );
      }
      count++;
    });
  }
  return count;
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".json"))
    .map((f) => join(dir, f))
    .sort();
}

export interface PackSummary {
  pack: string;
  files: number;
  documents: number;
}

/** Compiles every pack source folder under `sourceRoot` into `outRoot/<pack>`. */
export async function buildPacks(sourceRoot: string, outRoot: string): Promise<PackSummary[]> {
  const summaries: PackSummary[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(sourceRoot).filter((d) => statSync(join(sourceRoot, d)).isDirectory());
  } catch {
    return summaries;
  }
  for (const pack of entries.sort()) {
    const src = join(sourceRoot, pack);
    const files = jsonFiles(src);
    let documents = 0;
    for (const file of files) {
      let doc: Doc;
      try {
        doc = JSON.parse(readFileSync(file, "utf8")) as Doc;
      } catch (e) {
        fail(relative(process.cwd(), file), "", `not valid JSON (${(e as Error).message})`);
      }
      documents += checkDocumentKeys(doc, relative(process.cwd(), file));
    }
    await compilePack(src, join(outRoot, pack), { recursive: true });
    summaries.push({ pack, files: files.length, documents });
  }
  return summaries;
}
