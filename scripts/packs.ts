/**
 * Compendium packs: compiles every source folder `packs/_source/<pack>/` (JSON documents) to a
 * LevelDB pack `packs/<pack>/` with `@foundryvtt/foundryvtt-cli`, next to its sources.
 *
 * foundryvtt-cli skips a document without a `_key` silently, so every document and every
 * embedded document is checked first; a missing or malformed key fails the build naming the
 * file and the path inside it. Every document is then checked against the system's stored fields
 * (scripts/pack-validate.ts): a malformed one fails the build naming the file, the document and
 * the field, before anything is compiled.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { documentProblems, formatSourceProblems } from "./pack-validate";

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
    const problems: string[] = [];
    for (const file of files) {
      const name = relative(process.cwd(), file);
      let doc: unknown;
      try {
        doc = JSON.parse(readFileSync(file, "utf8"));
      } catch (e) {
        fail(name, "", `not valid JSON (${(e as Error).message})`);
      }
      if (doc === null || typeof doc !== "object" || Array.isArray(doc))
        fail(name, "", "expected one document (a JSON object)");
      documents += checkDocumentKeys(doc as Doc, name);
      const collection = /^!([a-z]+)!/.exec(String((doc as Doc)._key))![1]!;
      const found = documentProblems(doc as Doc, collection);
      if (found.length) problems.push(formatSourceProblems(name, found));
    }
    if (problems.length)
      throw new Error(`${pack}: malformed source documents:\n${problems.join("\n")}`);
    await compilePack(src, join(outRoot, pack), { recursive: true });
    summaries.push({ pack, files: files.length, documents });
  }
  return summaries;
}
