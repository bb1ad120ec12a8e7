/**
 * Readers for the two sources the m2m tests parse at test time: the implementation spec
 * (`../shared/rules/m2m-spec.md`) and the book's text, seed 004
 * (`../shared/seeds/004_b07ffeaf995dc0ed.txt`). They read the repository's reference data
 * (`reference/m2m-spec.json`, `reference/seed-004.json`, written by `npm run reference`), never
 * `../shared`, so a clone without it passes. The spec's reference data keeps, within the sections
 * listed in scripts/reference.ts, its headings, tables, ```json blocks and the labels the tests
 * search for, each at its own line; so a section, its tables and its blocks read exactly as in the
 * spec. A section or seed line that is not kept fails with a message saying how to add it.
 */
import {
  REFERENCE_DIR,
  REGENERATE,
  ReferenceLines,
  findSection,
  type SectionEnd,
} from "../../scripts/reference-data";

export type { SectionEnd };

/** The reference data of the m2m spec. */
export const SPEC_PATH = `${REFERENCE_DIR}/m2m-spec.json`;
/** The reference data of seed 004. */
export const SEED_PATH = `${REFERENCE_DIR}/seed-004.json`;

let specRef: ReferenceLines | undefined;
let seedRef: ReferenceLines | undefined;

const spec = (): ReferenceLines =>
  (specRef ??= new ReferenceLines("m2m-spec.json", "the m2m spec"));
const seed = (): ReferenceLines => (seedRef ??= new ReferenceLines("seed-004.json", "seed 004"));

// ── The spec ─────────────────────────────────────────────────────────────────────────────────

export interface SectionOptions {
  /** Default `"level-2-or-3"`. */
  end?: SectionEnd;
}

/**
 * The text of the spec section whose heading line starts with `heading` (e.g. `"### 5.2 "`,
 * `"## 8. Hit location"`), from that line up to the section's end (see {@link SectionEnd}); the
 * lines the reference data leaves out (prose) read as empty.
 */
export function specSection(heading: string, options: SectionOptions = {}): string {
  const end = options.end ?? "level-2-or-3";
  const ref = spec();
  if (!ref.data.sections?.some((s) => s.heading === heading && s.end === end)) {
    throw new Error(
      `spec section "${heading}" (ending at ${end}) is not in the reference data ` +
        `(${SPEC_PATH}): ${REGENERATE}`,
    );
  }
  const lines = ref.text().split("\n");
  const found = findSection(lines, heading, end);
  if (!found) throw new Error(`spec section "${heading}" not found in ${SPEC_PATH}`);
  return lines.slice(found.start, found.stop).join("\n");
}

export interface JsonOptions extends SectionOptions {
  /** Take the first ```json block that contains `"key"` rather than the first block. */
  key?: string;
}

/** A ```json block of a spec section, parsed: the first one, or the first holding `key`. */
export function specJson<T = unknown>(heading: string, options: JsonOptions = {}): T {
  const { key } = options;
  for (const m of specSection(heading, options).matchAll(/```json\n([\s\S]*?)```/g)) {
    if (key === undefined || m[1]!.includes(`"${key}"`)) return JSON.parse(m[1]!) as T;
  }
  const which = key === undefined ? "JSON block" : `JSON block with "${key}"`;
  throw new Error(`spec section "${heading}" has no ${which} (${SPEC_PATH})`);
}

export interface TableOptions extends SectionOptions {
  /** Take the first table after this text of the section rather than its first table. */
  after?: string;
  /** Drop `*` (markdown emphasis) from the cells. */
  stripEmphasis?: boolean;
}

/**
 * The body rows (header and `|---|` line dropped) of a markdown table of a spec section, cells
 * trimmed: the section's first table, or the first one after `options.after`.
 */
export function specTable(heading: string, options: TableOptions = {}): string[][] {
  const { after, stripEmphasis = false } = options;
  let text = specSection(heading, options);
  if (after !== undefined) {
    const at = text.indexOf(after);
    if (at < 0) {
      throw new Error(
        `spec section "${heading}" has no "${after}" in the reference data (${SPEC_PATH}); ` +
          `if the spec has it on a line that is not a table or heading: ${REGENERATE}`,
      );
    }
    text = text.slice(at);
  }
  const lines: string[] = [];
  for (const l of text.split("\n").map((s) => s.trim())) {
    if (l.startsWith("|")) lines.push(l);
    else if (lines.length > 0) break;
  }
  if (lines.length < 3) {
    const where = after === undefined ? "" : ` after "${after}"`;
    throw new Error(`spec section "${heading}" has no markdown table${where} (${SPEC_PATH})`);
  }
  return lines.slice(2).map((l) =>
    l
      .slice(1, -1)
      .split("|")
      .map((c) => (stripEmphasis ? c.replace(/\*/g, "") : c).trim()),
  );
}

// ── The seed ─────────────────────────────────────────────────────────────────────────────────

export interface SeedLineOptions {
  /** Returned when the seed has no line `n`; without it such a line is an error. */
  orElse?: string;
}

/** Seed line `n` (1-based, as the spec cites it and `cat -n` shows it). */
export function seedLine(n: number, options: SeedLineOptions = {}): string {
  return seed().line(n, options.orElse);
}

/** Seed lines `from` to `to`, both included (fewer where the seed ends first). */
export function seedLines(from: number, to: number): string[] {
  return seed().lines(from, to);
}
