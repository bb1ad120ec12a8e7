/**
 * The reference data in `reference/` (scripts/reference-data.ts), which the table, m2m and pack
 * tests and `npm run packs:sources` read instead of `../shared`. With `../shared` beside the
 * repository, the committed files must be exactly what `npm run reference` writes from it, so
 * drift from the sources fails here; without it (a user's clone) the files are checked against
 * the digests recorded in them, and the test's title says that `../shared` was absent.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  REFERENCE_DIR,
  ReferenceLines,
  csvReferenceFile,
  digestOf,
  formatReference,
  readCsvReference,
  readLinesReference,
  referenceCsv,
  type Reference,
} from "../scripts/reference-data";
import {
  HM3_CSVS,
  SEED_003_LINES,
  SEED_004_LINES,
  SHARED_DIR,
  SPEC_SECTIONS,
  generateReference,
} from "../scripts/reference";
import { seedLine, specSection } from "./m2m/sources";

const LINE_FILES = ["seed-003.json", "seed-004.json", "m2m-spec.json"] as const;
const CSV_FILES = ["hm3-melee-weapons.json", "hm3-missile-weapons.json", "hm3-armour.json"];
const ALL_FILES = [...LINE_FILES, ...CSV_FILES].sort();

const committed = (file: string): string => readFileSync(join(REFERENCE_DIR, file), "utf8");

const SHARED_PRESENT = existsSync(SHARED_DIR);

describe("reference data (reference/*.json)", () => {
  it("holds exactly the files scripts/reference.ts writes", () => {
    expect(readdirSync(REFERENCE_DIR).sort()).toEqual(ALL_FILES);
  });

  if (SHARED_PRESENT) {
    it("equals, byte for byte, what `npm run reference` writes from ../shared now (no drift from the sources)", () => {
      const fresh = generateReference();
      expect([...fresh.keys()].sort()).toEqual(ALL_FILES);
      for (const [file, text] of fresh) expect(committed(file), file).toBe(text);
    });
  } else {
    it("../shared is absent beside the repository, so not compared with the sources: each file matches the digest recorded in it instead", () => {
      for (const file of ALL_FILES) {
        const data = JSON.parse(committed(file)) as Reference;
        expect(data.digest, file).toBe(digestOf(data));
        expect(data.sha256, file).toMatch(/^[0-9a-f]{64}$/);
      }
    });
  }

  it.each(ALL_FILES)("%s is in the generator's own format (one entry a line)", (file) => {
    const text = committed(file);
    expect(formatReference(JSON.parse(text) as Reference)).toBe(text);
  });
});

describe("seed and spec lines", () => {
  it.each(LINE_FILES)("%s: lines ascending, each within the source's line count", (file) => {
    const data = readLinesReference(file);
    const numbers = data.lines.map(([n]) => n);
    expect(numbers.length).toBeGreaterThan(0);
    numbers.forEach((n, i) => {
      expect(n).toBeGreaterThanOrEqual(i === 0 ? 1 : numbers[i - 1]! + 1);
      expect(n).toBeLessThanOrEqual(data.lineCount);
    });
  });

  it.each([
    ["seed-003.json", SEED_003_LINES],
    ["seed-004.json", SEED_004_LINES],
  ] as const)("%s keeps exactly the ranges listed in scripts/reference.ts", (file, ranges) => {
    const data = readLinesReference(file);
    const listed = ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));
    expect(data.lines.map(([n]) => n)).toEqual(listed);
    expect(data.ranges).toEqual(ranges.map(([a, b]) => [a, b]));
  });

  it("m2m-spec.json keeps only lines of the listed sections, and every listed section", () => {
    const data = readLinesReference("m2m-spec.json");
    expect(data.sections!.map((s) => [s.heading, s.end])).toEqual(SPEC_SECTIONS);
    let inJson = false;
    for (const [n, text] of data.lines) {
      expect(
        data.sections!.some((s) => s.from <= n && n <= s.to),
        `line ${n}`,
      ).toBe(true);
      // Headings, table lines, json blocks and the labels only: no prose.
      const t = text.trim();
      const structural =
        inJson ||
        t.startsWith("```json") ||
        /^#+ /.test(text) ||
        t.startsWith("|") ||
        data.labels!.some((l) => text.startsWith(l));
      expect(structural, `line ${n}: ${text}`).toBe(true);
      if (t.startsWith("```")) inJson = !inJson && t.startsWith("```json");
    }
    expect(inJson).toBe(false);
  });

  it("a seed line that is not kept fails, saying how to add it", () => {
    const seed = new ReferenceLines("seed-004.json", "seed 004");
    expect(seed.has(1)).toBe(false);
    expect(() => seedLine(1)).toThrow(
      "seed 004 line 1 is not in the reference data (reference/seed-004.json): add it to " +
        "scripts/reference.ts and run `npm run reference`",
    );
    // Beyond the seed: the fallback, or an error naming the line count.
    expect(seedLine(seed.lineCount + 1, { orElse: "none" })).toBe("none");
    expect(() => seedLine(seed.lineCount + 1)).toThrow(
      `seed 004 has no line ${seed.lineCount + 1} (it has ${seed.lineCount} lines)`,
    );
    // A line that is kept is the seed's own text (L2457, the hit location table's first row).
    expect(seedLine(2457)).toMatch(/^2 or less\tHead\*\t-5\t/);
  });

  it("a spec section that is not listed fails, saying how to add it", () => {
    expect(() => specSection("### 9.1")).toThrow(
      'spec section "### 9.1" (ending at level-2-or-3) is not in the reference data',
    );
    expect(() => specSection("### 7.4", { end: "same-or-higher" })).toThrow(
      "add it to scripts/reference.ts and run `npm run reference`",
    );
    expect(specSection("### 7.4")).toMatch(/^### 7\.4/);
  });
});

describe("CSV rows", () => {
  it.each(HM3_CSVS)("%s: every row has the header's cells, lines ascending from 2", (csv) => {
    const data = readCsvReference(csvReferenceFile(csv));
    expect(data.source).toBe(`data/hm3/${csv}`);
    expect(data.header[0]).toBe("name");
    const rows = referenceCsv(csv);
    expect(rows.length).toBeGreaterThan(10);
    rows.forEach((r, i) => {
      expect(r.file).toBe(csv);
      expect(r.line).toBeGreaterThanOrEqual(i === 0 ? 2 : rows[i - 1]!.line + 1);
      expect(Object.keys(r.cells)).toEqual(data.header);
      expect(r.cells.name, `${csv}:${r.line}`).not.toBe("");
    });
  });
});

describe("a damaged reference file is refused with a message naming file and field", () => {
  const dir = mkdtempSync(join(tmpdir(), "bbb-reference-"));
  const write = (file: string, data: unknown): string => {
    writeFileSync(join(dir, file), typeof data === "string" ? data : JSON.stringify(data));
    return file;
  };
  const seed = JSON.parse(committed("seed-003.json")) as Record<string, unknown>;
  const csv = JSON.parse(committed("hm3-armour.json")) as Record<string, unknown>;

  it("missing, not JSON, or with a malformed field", () => {
    expect(() => readLinesReference("none.json", dir)).toThrow(
      `reference data ${join(dir, "none.json")} is missing: run \`npm run reference\``,
    );
    expect(() => readLinesReference(write("a.json", "{ not json"), dir)).toThrow(
      "reference/a.json is not valid JSON",
    );
    expect(() => readLinesReference(write("b.json", { ...seed, lineCount: "295" }), dir)).toThrow(
      'reference/b.json: lineCount is malformed (got "295"); regenerate it with `npm run reference`',
    );
    expect(() =>
      readLinesReference(
        write("c.json", {
          ...seed,
          lines: [
            [3, "x"],
            ["4", "y"],
          ],
        }),
        dir,
      ),
    ).toThrow('reference/c.json: lines[1] is malformed (got ["4","y"])');
    expect(() => readCsvReference(write("d.json", { ...csv, sha256: 1 }), dir)).toThrow(
      "reference/d.json: sha256 is malformed (got 1)",
    );
    expect(() =>
      readCsvReference(write("e.json", { ...csv, rows: [[2, ["Cloth Cap", "Cloth"]]] }), dir),
    ).toThrow('reference/e.json: rows[0] is malformed (got [2,["Cloth Cap","Cloth"]])');
  });
});
