/**
 * The reference data in `reference/`: what the tests and the pack script need from the sources
 * in `../shared` (seed lines, the spec's tables and JSON blocks, the CSV rows), each with its
 * source line, so a clone with no `../shared` beside it still passes its tests. The files are
 * written by `npm run reference` (scripts/reference.ts, which needs `../shared`); this module
 * only reads them and never touches `../shared`.
 *
 * Three kinds of file:
 * - seed lines (`seed-003.json`, `seed-004.json`): the lines the tests read, by number;
 * - the spec's skeleton (`m2m-spec.json`): within the sections the tests read, only the
 *   headings, markdown table lines, ```json blocks and the bold labels the tests search for,
 *   by number; every other line reads as empty, so tables, blocks and section ends fall on the
 *   same lines as in the spec;
 * - CSV rows (`hm3-*.json`): the header and every row's cells with its CSV line.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where the reference data lives. */
export const REFERENCE_DIR = join(ROOT, "reference");

/** What to do when a line is missing: the one command that writes the data. */
export const REGENERATE =
  "add it to scripts/reference.ts and run `npm run reference` (it reads ../shared)";

/** A seed or spec file: kept lines with their numbers, the rest of the source left out. */
export interface LinesReference {
  about: string;
  /** The source's path under `../shared`. */
  source: string;
  /** SHA-256 of the source file the lines were taken from. */
  sha256: string;
  /** How many lines the source has (split on line breaks, as the tests count them). */
  lineCount: number;
  /** Seeds: the line ranges kept, both ends included. */
  ranges?: [number, number][];
  /** The spec: the sections kept (heading prefix, where it ends, first and last line kept). */
  sections?: SpecSectionRecord[];
  /** The spec: the bold labels kept wherever a kept section has them. */
  labels?: string[];
  /** `[line number, text]`, ascending. */
  lines: [number, string][];
  /** SHA-256 of this object without `digest` (JSON), so a hand edit shows. */
  digest: string;
}

/** A CSV file: its header and every row's cells with the row's line in the CSV. */
export interface CsvReference {
  about: string;
  source: string;
  sha256: string;
  header: string[];
  /** `[CSV line number, cells in header order]`. */
  rows: [number, string[]][];
  digest: string;
}

export type Reference = LinesReference | CsvReference;

export interface SpecSectionRecord {
  heading: string;
  end: SectionEnd;
  from: number;
  to: number;
}

// ── Digests and the file format ──────────────────────────────────────────────────────────────

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The digest of a reference object: SHA-256 of its JSON without the `digest` field. */
export function digestOf(data: object): string {
  const rest: Record<string, unknown> = { ...data };
  delete rest.digest;
  return sha256(JSON.stringify(rest));
}

/**
 * The file text of a reference object: JSON, one `lines`/`rows`/`sections` entry a line so a change shows
 * as a one-line diff. Not formatted by Prettier (`.prettierignore`): the generator owns it.
 */
export function formatReference(data: Reference): string {
  const parts = Object.entries(data).map(([key, value]) => {
    const k = JSON.stringify(key);
    if ((key === "lines" || key === "rows" || key === "sections") && Array.isArray(value)) {
      if (value.length === 0) return `  ${k}: []`;
      return `  ${k}: [\n${value.map((v) => `    ${JSON.stringify(v)}`).join(",\n")}\n  ]`;
    }
    return `  ${k}: ${JSON.stringify(value)}`;
  });
  return `{\n${parts.join(",\n")}\n}\n`;
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────

const cache = new Map<string, unknown>();

function readJson(file: string, dir: string): Record<string, unknown> {
  const path = join(dir, file);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new Error(
      `reference data ${path} is missing: run \`npm run reference\` (needs ../shared)`,
    );
  }
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch (e) {
    throw new Error(`reference/${file} is not valid JSON: ${(e as Error).message}`);
  }
}

function bad(file: string, field: string, value: unknown): Error {
  return new Error(
    `reference/${file}: ${field} is malformed (got ${JSON.stringify(value)?.slice(0, 80)}); ` +
      "regenerate it with `npm run reference`",
  );
}

const isLine = (e: unknown): e is [number, string] =>
  Array.isArray(e) && e.length === 2 && Number.isInteger(e[0]) && typeof e[1] === "string";
const isRow = (e: unknown): e is [number, string[]] =>
  Array.isArray(e) &&
  e.length === 2 &&
  Number.isInteger(e[0]) &&
  Array.isArray(e[1]) &&
  e[1].every((c) => typeof c === "string");

function checkCommon(file: string, data: Record<string, unknown>): void {
  for (const field of ["source", "sha256", "digest"]) {
    if (typeof data[field] !== "string") throw bad(file, field, data[field]);
  }
}

/** A seed or spec reference file, read once and checked for shape. */
export function readLinesReference(file: string, dir = REFERENCE_DIR): LinesReference {
  const hit = cache.get(join(dir, file));
  if (hit) return hit as LinesReference;
  const data = readJson(file, dir);
  checkCommon(file, data);
  if (!Number.isInteger(data.lineCount)) throw bad(file, "lineCount", data.lineCount);
  if (!Array.isArray(data.lines)) throw bad(file, "lines", data.lines);
  data.lines.forEach((e, i) => {
    if (!isLine(e)) throw bad(file, `lines[${i}]`, e);
  });
  cache.set(join(dir, file), data);
  return data as unknown as LinesReference;
}

/** A CSV reference file, read once and checked for shape. */
export function readCsvReference(file: string, dir = REFERENCE_DIR): CsvReference {
  const hit = cache.get(join(dir, file));
  if (hit) return hit as CsvReference;
  const data = readJson(file, dir);
  checkCommon(file, data);
  if (!Array.isArray(data.header) || !data.header.every((h) => typeof h === "string"))
    throw bad(file, "header", data.header);
  if (!Array.isArray(data.rows)) throw bad(file, "rows", data.rows);
  const width = data.header.length;
  data.rows.forEach((e, i) => {
    if (!isRow(e) || e[1].length !== width) throw bad(file, `rows[${i}]`, e);
  });
  cache.set(join(dir, file), data);
  return data as unknown as CsvReference;
}

/** The lines of one source that the reference data keeps. */
export class ReferenceLines {
  readonly file: string;
  /** How messages name the source ("seed 004"). */
  readonly what: string;
  readonly data: LinesReference;
  readonly #byNumber: Map<number, string>;
  #text: string | undefined;

  constructor(file: string, what: string) {
    this.file = file;
    this.what = what;
    this.data = readLinesReference(file);
    this.#byNumber = new Map(this.data.lines);
  }

  /** How many lines the source has. */
  get lineCount(): number {
    return this.data.lineCount;
  }

  /** Whether the reference data keeps line `n`. */
  has(n: number): boolean {
    return this.#byNumber.has(n);
  }

  /**
   * Line `n` (1-based, as `cat -n` shows it). A line beyond the source is `orElse`, or an error
   * without it; a line of the source the reference data does not keep is always an error.
   */
  line(n: number, orElse?: string): string {
    const s = this.#byNumber.get(n);
    if (s !== undefined) return s;
    if (!Number.isInteger(n) || n < 1 || n > this.data.lineCount) {
      if (orElse !== undefined) return orElse;
      throw new Error(`${this.what} has no line ${n} (it has ${this.data.lineCount} lines)`);
    }
    throw new Error(
      `${this.what} line ${n} is not in the reference data (reference/${this.file}): ${REGENERATE}`,
    );
  }

  /** Lines `from` to `to`, both included (fewer where the source ends first). */
  lines(from: number, to: number): string[] {
    const out: string[] = [];
    for (let n = Math.max(from, 1); n <= Math.min(to, this.data.lineCount); n++) {
      out.push(this.line(n));
    }
    return out;
  }

  /** The source's text with every line not kept left empty: kept lines sit at their numbers. */
  text(): string {
    if (this.#text === undefined) {
      const all = new Array<string>(this.data.lineCount).fill("");
      for (const [n, s] of this.data.lines) all[n - 1] = s;
      this.#text = all.join("\n");
    }
    return this.#text;
  }
}

/** A CSV row by column name, with its file and line for messages. */
export interface CsvRow {
  file: string;
  line: number;
  cells: Readonly<Record<string, string>>;
}

/** The reference file that holds a `../shared/data/hm3/` CSV. */
export function csvReferenceFile(csv: string): string {
  return `hm3-${csv.replace(/\.csv$/, "")}.json`;
}

/** The rows of one of the HM3 CSVs (`melee-weapons.csv`…), from its reference file. */
export function referenceCsv(csv: string): CsvRow[] {
  const data = readCsvReference(csvReferenceFile(csv));
  return data.rows.map(([line, values]) => ({
    file: csv,
    line,
    cells: Object.fromEntries(data.header.map((h, i) => [h, values[i]!])),
  }));
}

// ── Spec sections ────────────────────────────────────────────────────────────────────────────

/**
 * Where a spec section ends:
 * - `"level-2-or-3"`: at the next `##` or `###` heading, whatever the section's own level;
 * - `"same-or-higher"`: at the next heading of the section's own level or higher (a `##` section
 *   keeps its `###` subsections);
 * - `"any-heading"`: at the next heading of any level.
 */
export type SectionEnd = "level-2-or-3" | "same-or-higher" | "any-heading";

export const SECTION_ENDS: readonly SectionEnd[] = [
  "level-2-or-3",
  "same-or-higher",
  "any-heading",
];

function endPattern(heading: string, end: SectionEnd): RegExp {
  switch (end) {
    case "level-2-or-3":
      return /^#{2,3} /;
    case "any-heading":
      return /^#+ /;
    case "same-or-higher": {
      const level = /^#+/.exec(heading)?.[0].length;
      if (!level) throw new Error(`spec heading "${heading}" does not start with "#"`);
      return new RegExp(`^#{1,${level}} `);
    }
  }
}

/**
 * The section whose heading line is the first to start with `heading`: its 0-based first line
 * and the 0-based line of the heading that ends it (`lines.length` when none does), or null.
 */
export function findSection(
  lines: readonly string[],
  heading: string,
  end: SectionEnd,
): { start: number; stop: number } | null {
  const start = lines.findIndex((l) => l.startsWith(heading));
  if (start < 0) return null;
  const pattern = endPattern(heading, end);
  const stop = lines.findIndex((l, i) => i > start && pattern.test(l));
  return { start, stop: stop < 0 ? lines.length : stop };
}
