/**
 * Readers for the two shared sources the m2m tests parse at test time: the implementation spec
 * (`../shared/rules/m2m-spec.md`) and the book's text, seed 004
 * (`../shared/seeds/004_b07ffeaf995dc0ed.txt`), both in `shared/` beside the project. Each file is
 * read once, on first use, so a file that needs only the spec does not fail for want of the seed;
 * a missing file fails with a message naming the path it was expected at.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const SPEC_REL = "rules/m2m-spec.md";
const SEED_REL = "seeds/004_b07ffeaf995dc0ed.txt";

/** Absolute path of the m2m spec. */
export const SPEC_PATH = sharedPath(SPEC_REL);
/** Absolute path of seed 004. */
export const SEED_PATH = sharedPath(SEED_REL);

function sharedPath(rel: string): string {
  return fileURLToPath(new URL(`../../../shared/${rel}`, import.meta.url));
}

function readShared(path: string, rel: string, what: string): string {
  if (!existsSync(path)) {
    throw new Error(
      `${what} is missing: expected it at ${path} (../shared/${rel} from the repository root). ` +
        `The m2m tests parse it at test time and cannot run without it.`,
    );
  }
  return readFileSync(path, "utf8");
}

// ── The spec ─────────────────────────────────────────────────────────────────────────────────

let spec: string | undefined;

/** The whole text of the m2m spec. */
export function specText(): string {
  spec ??= readShared(SPEC_PATH, SPEC_REL, "The m2m spec");
  return spec;
}

/**
 * Where a spec section ends:
 * - `"level-2-or-3"`: at the next `##` or `###` heading, whatever the section's own level;
 * - `"same-or-higher"`: at the next heading of the section's own level or higher (a `##` section
 *   keeps its `###` subsections);
 * - `"any-heading"`: at the next heading of any level.
 */
export type SectionEnd = "level-2-or-3" | "same-or-higher" | "any-heading";

export interface SectionOptions {
  /** Default `"level-2-or-3"`. */
  end?: SectionEnd;
}

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
 * The text of the spec section whose heading line starts with `heading` (e.g. `"### 5.2 "`,
 * `"## 8. Hit location"`), from that line up to the section's end (see {@link SectionEnd}).
 */
export function specSection(heading: string, options: SectionOptions = {}): string {
  const lines = specText().split("\n");
  const start = lines.findIndex((l) => l.startsWith(heading));
  if (start < 0) throw new Error(`spec section "${heading}" not found in ${SPEC_PATH}`);
  const stop = endPattern(heading, options.end ?? "level-2-or-3");
  const end = lines.findIndex((l, i) => i > start && stop.test(l));
  return lines.slice(start, end < 0 ? undefined : end).join("\n");
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
    if (at < 0) throw new Error(`spec section "${heading}" has no "${after}" (${SPEC_PATH})`);
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

let seed: string[] | undefined;

/** The lines of seed 004; line `n` is at index `n - 1`. */
export function seedText(): readonly string[] {
  seed ??= readShared(SEED_PATH, SEED_REL, "Seed 004").split(/\r?\n/);
  return seed;
}

export interface SeedLineOptions {
  /** Returned when the seed has no line `n`; without it such a line is an error. */
  orElse?: string;
}

/** Seed line `n` (1-based, as the spec cites it and `cat -n` shows it). */
export function seedLine(n: number, options: SeedLineOptions = {}): string {
  const s = seedText()[n - 1] ?? options.orElse;
  if (s === undefined) throw new Error(`seed 004 has no line ${n} (${SEED_PATH})`);
  return s;
}

/** Seed lines `from` to `to`, both included (fewer where the seed ends first). */
export function seedLines(from: number, to: number): string[] {
  return seedText().slice(from - 1, to);
}
