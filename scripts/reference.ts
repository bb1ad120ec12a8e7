/**
 * `npm run reference`: writes the reference data in `reference/` from the sources in `../shared`
 * (scripts/reference-data.ts describes the files and reads them). The tests and
 * `npm run packs:sources` read only `reference/`, so a clone with no `../shared` passes; a test
 * (test/reference.test.ts) compares the committed files with this script's output whenever
 * `../shared` is present, so drift from the sources is caught.
 *
 * What is kept is listed here and nothing else: the seed lines the tests read (found by logging
 * every line the seed readers returned in a full run of test/hm3/tables.test.ts and test/m2m,
 * runs of blank lines between two read lines merged in), the spec sections the m2m tests read
 * (again logged) and the bold labels they search for, and the HM3 CSVs whole (rows are data).
 * A test asking for a line not kept fails with a message pointing here: add the line or section
 * below and run `npm run reference`. Re-runnable: the same sources give byte-identical files.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  REFERENCE_DIR,
  csvReferenceFile,
  digestOf,
  findSection,
  formatReference,
  sha256,
  type CsvReference,
  type LinesReference,
  type SectionEnd,
  type SpecSectionRecord,
} from "./reference-data";
import { parseCsv } from "./pack-sources";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The shared sources, beside the repository. */
export const SHARED_DIR = resolve(ROOT, "../shared");

type Range = readonly [number, number];

/** Seed 003 lines test/hm3/tables.test.ts reads (its `line(n)`), both ends included. */
export const SEED_003_LINES: readonly Range[] = [
  [3, 10],
  [28, 35],
  [52, 91],
  [94, 114],
  [123, 149],
  [217, 271],
  [279, 281],
  [283, 295],
];

/** Seed 004 lines the m2m tests read (`seedLine`, `seedLines` of test/m2m/sources.ts). */
export const SEED_004_LINES: readonly Range[] = [
  [389, 394], [490, 490], [573, 602], [714, 714], [760, 760], [763, 763], [976, 976],
  [1033, 1033], [1035, 1035], [1037, 1037], [1041, 1041], [1072, 1076], [1125, 1140],
  [1166, 1170], [1253, 1267], [1466, 1466], [1474, 1474], [1486, 1486], [1544, 1546],
  [1926, 1926], [1930, 1930], [2404, 2404], [2457, 2459], [2462, 2462], [2470, 2470], [2549, 2549], [2621, 2627],
  [2853, 2853], [2921, 2921], [3166, 3166], [3171, 3175], [3273, 3289], [3572, 3606],
  [3714, 3719], [3911, 3923], [3967, 3967], [4145, 4159], [4167, 4181], [4187, 4231],
  [4252, 4252], [4258, 4258],
  [4276, 4277], [4290, 4367], [4379, 4404], [4408, 4408], [4416, 4416], [4421, 4425],
  [4435, 4441], [4451, 4482], [4488, 4497], [4584, 4588], [4599, 4616], [4622, 4632],
  [4635, 4649], [4761, 4761], [4763, 4763], [4766, 4766], [4800, 4808], [4812, 4844],
  [4850, 4858], [4862, 4866], [4870, 4880], [4940, 4940], [4947, 4947], [4951, 4951],
  [4993, 4993], [5003, 5003], [5011, 5025], [5033, 5047], [5380, 5380], [5460, 5460],
  [5463, 5463], [5465, 5465], [5472, 5472],
]; // prettier-ignore

/** The spec sections the m2m tests read: heading prefix and where the section ends. */
export const SPEC_SECTIONS: readonly (readonly [string, SectionEnd])[] = [
  ["### 2.2 Attributes", "same-or-higher"],
  ["### 2.4 Advantages", "same-or-higher"],
  ["### 2.5 Nonhuman races", "same-or-higher"],
  ["### 2.6 Skills", "same-or-higher"],
  ["### 3.1", "any-heading"],
  ["### 3.1 Hand weapon table", "same-or-higher"],
  ["### 3.2", "any-heading"],
  ["### 3.2 Ranged weapon table", "same-or-higher"],
  ["### 3.4", "any-heading"],
  ["### 3.4 Shields", "same-or-higher"],
  ["### 3.5", "any-heading"],
  ["### 3.5 Armor", "same-or-higher"],
  ["### 3.6", "any-heading"],
  ["### 4.2 ", "level-2-or-3"],
  ["### 4.3 ", "level-2-or-3"],
  ["### 4.4 ", "level-2-or-3"],
  ["### 4.5 ", "level-2-or-3"],
  ["### 5.2 ", "level-2-or-3"],
  ["### 6.4 ", "level-2-or-3"],
  ["### 6.5 ", "level-2-or-3"],
  ["### 6.8 ", "level-2-or-3"],
  ["### 7.1", "any-heading"],
  ["### 7.1", "level-2-or-3"],
  ["### 7.4", "level-2-or-3"],
  ["## 8. Hit location", "level-2-or-3"],
  ["### 10.1", "level-2-or-3"],
  ["### 10.2", "level-2-or-3"],
  ["### 10.3", "level-2-or-3"],
  ["### 12.5", "any-heading"],
  ["### 14.1", "any-heading"],
  ["### 14.2", "level-2-or-3"],
  ["### 14.3", "any-heading"],
  ["## 17.", "same-or-higher"],
];

/** Bold labels the m2m tests look for in a section (a line starting with one is kept). */
export const SPEC_LABELS: readonly string[] = [
  "**List, difficulty and defaults**",
  "**Wound multiplier matrix**",
];

/** The HM3 CSVs under `../shared/data/hm3/`, kept whole. */
export const HM3_CSVS: readonly string[] = [
  "melee-weapons.csv",
  "missile-weapons.csv",
  "armour.csv",
];

const SEEDS = [
  { file: "seed-003.json", source: "seeds/003_25ffefe9b42e4188.txt", ranges: SEED_003_LINES },
  { file: "seed-004.json", source: "seeds/004_b07ffeaf995dc0ed.txt", ranges: SEED_004_LINES },
] as const;

const SPEC = { file: "m2m-spec.json", source: "rules/m2m-spec.md" } as const;

function about(source: string, kept: string): string {
  return (
    `Reference data from ../shared/${source} (${kept}), written by scripts/reference.ts: ` +
    "do not edit; change the script and run `npm run reference`."
  );
}

function readSource(sharedDir: string, source: string): string {
  const path = join(sharedDir, source);
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: npm run reference reads ../shared/${source}`);
  }
  return readFileSync(path, "utf8");
}

function withDigest<T extends object>(data: T): T & { digest: string } {
  return { ...data, digest: digestOf(data) };
}

function seedReference(sharedDir: string, seed: (typeof SEEDS)[number]): LinesReference {
  const text = readSource(sharedDir, seed.source);
  const all = text.split(/\r?\n/);
  const lines: [number, string][] = [];
  let last = 0;
  for (const [from, to] of seed.ranges) {
    if (!(from > last && from <= to && to <= all.length)) {
      throw new Error(
        `${seed.source}: range [${from}, ${to}] must follow line ${last} and lie within 1-${all.length}`,
      );
    }
    for (let n = from; n <= to; n++) lines.push([n, all[n - 1]!]);
    last = to;
  }
  return withDigest({
    about: about(seed.source, "only the lines the tests read"),
    source: seed.source,
    sha256: sha256(text),
    lineCount: all.length,
    ranges: seed.ranges.map(([a, b]) => [a, b] as [number, number]),
    lines,
  });
}

/** Headings, markdown table lines, ```json blocks and the listed labels of the listed sections. */
function specReference(sharedDir: string): LinesReference {
  const text = readSource(sharedDir, SPEC.source);
  const all = text.split("\n");
  const keep = new Set<number>();
  const sections: SpecSectionRecord[] = [];
  const labelsSeen = new Set<string>();
  for (const [heading, end] of SPEC_SECTIONS) {
    const found = findSection(all, heading, end);
    if (!found) throw new Error(`${SPEC.source} has no section "${heading}"`);
    const last = Math.min(found.stop, all.length - 1);
    sections.push({ heading, end, from: found.start + 1, to: last + 1 });
    let inJson = false;
    for (let i = found.start; i <= last; i++) {
      const line = all[i]!;
      const t = line.trim();
      const label = SPEC_LABELS.find((l) => line.startsWith(l));
      if (label) labelsSeen.add(label);
      const fence = t.startsWith("```");
      if (inJson || t.startsWith("```json") || /^#+ /.test(line) || t.startsWith("|") || label)
        keep.add(i + 1);
      if (fence) inJson = !inJson && t.startsWith("```json");
    }
    if (inJson) throw new Error(`${SPEC.source}: a \`\`\`json block of "${heading}" is not closed`);
  }
  checkSkeleton(all, keep);
  const missing = SPEC_LABELS.filter((l) => !labelsSeen.has(l));
  if (missing.length) {
    throw new Error(`${SPEC.source}: no listed section starts a line with ${missing.join(", ")}`);
  }
  return withDigest({
    about: about(
      SPEC.source,
      "headings, markdown table lines, json blocks and labels of the sections the tests read",
    ),
    source: SPEC.source,
    sha256: sha256(text),
    lineCount: all.length,
    sections,
    labels: [...SPEC_LABELS],
    lines: [...keep].sort((a, b) => a - b).map((n) => [n, all[n - 1]!] as [number, string]),
  });
}

/** A section's ```json blocks, markdown tables (runs of `|` lines, trimmed) and label lines. */
function structure(lines: readonly string[]): string {
  const blocks = [...lines.join("\n").matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
  const tables: string[][] = [[]];
  for (const l of lines.map((x) => x.trim())) {
    if (l.startsWith("|")) tables.at(-1)!.push(l);
    else if (tables.at(-1)!.length) tables.push([]);
  }
  const labels = SPEC_LABELS.map((label) => lines.findIndex((l) => l.includes(label)));
  return JSON.stringify({ blocks, tables, labels });
}

/**
 * Nothing is written unless the spec read from its reference data (the lines not kept left
 * empty) gives every listed section the same first and last line, the same ```json blocks and
 * tables, and each label first on the same line, as the spec itself.
 */
function checkSkeleton(all: readonly string[], keep: ReadonlySet<number>): void {
  const skeleton = all.map((l, i) => (keep.has(i + 1) ? l : ""));
  for (const [heading, end] of SPEC_SECTIONS) {
    const a = findSection(all, heading, end)!;
    const b = findSection(skeleton, heading, end);
    const same =
      b !== null &&
      a.start === b.start &&
      a.stop === b.stop &&
      structure(all.slice(a.start, a.stop)) === structure(skeleton.slice(b.start, b.stop));
    if (!same)
      throw new Error(`${SPEC.source}: section "${heading}" (${end}) would not read the same`);
  }
}

function csvReference(sharedDir: string, csv: string): CsvReference {
  const source = `data/hm3/${csv}`;
  const text = readSource(sharedDir, source);
  const header = (text.split(/\r?\n/)[0] ?? "").split(",");
  const rows = parseCsv(text, csv);
  if (rows[0] && Object.keys(rows[0].cells).join(",") !== header.join(",")) {
    throw new Error(
      `${source}: its header has quoted or repeated names, which this script refuses`,
    );
  }
  return withDigest({
    about: about(source, "the header and every row with its line"),
    source,
    sha256: sha256(text),
    header,
    rows: rows.map((r) => [r.line, header.map((h) => r.cells[h]!)] as [number, string[]]),
  });
}

/** Every reference file: name under reference/ → its text. */
export function generateReference(sharedDir = SHARED_DIR): Map<string, string> {
  if (!existsSync(sharedDir)) {
    throw new Error(
      `${sharedDir} is missing: npm run reference needs the shared sources beside the repository`,
    );
  }
  const out = new Map<string, string>();
  for (const seed of SEEDS) out.set(seed.file, formatReference(seedReference(sharedDir, seed)));
  out.set(SPEC.file, formatReference(specReference(sharedDir)));
  for (const csv of HM3_CSVS) {
    out.set(csvReferenceFile(csv), formatReference(csvReference(sharedDir, csv)));
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const files = generateReference();
    mkdirSync(REFERENCE_DIR, { recursive: true });
    for (const f of readdirSync(REFERENCE_DIR)) {
      if (f.endsWith(".json") && !files.has(f)) rmSync(join(REFERENCE_DIR, f));
    }
    for (const [name, text] of files) writeFileSync(join(REFERENCE_DIR, name), text);
    console.log(`reference: ${files.size} files written under reference/ from ${SHARED_DIR}`);
  } catch (e) {
    console.error(`reference: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
