/**
 * HM3 tables against seed 003 (`../shared/seeds/003_25ffefe9b42e4188.txt`), cell by cell.
 *
 * The seed's lines (kept in the repository as `reference/seed-003.json`) are parsed here, at
 * test time, and every exported constant of
 * `src/rules/hm3/tables.ts` is compared with it, so a transcription slip fails a test that
 * names the seed line. The only places where a test expects something other than the printed
 * seed are the errata of `../shared/rules/hm3.md` §1, each listed once below and each checked
 * to still be printed the way the erratum says (so the erratum cannot silently go stale).
 * A few hand-written literal assertions cross-check the parser itself.
 */
import { describe, expect, it } from "vitest";
import { ReferenceLines } from "../../scripts/reference-data";
import {
  ACTION_OPTIONS,
  AIM_EML,
  AIM_TABLE,
  AIM_ZONES,
  ASPECT_ALIASES,
  ASPECTS,
  DEFENCE_OPTIONS,
  FACE_TABLE,
  HUMAN_PLAN,
  IMPACT_BANDS,
  INJURY_TABLE,
  LAYER_COMBINATIONS,
  LEVELS,
  LOCATIONS,
  MATERIAL_ALIASES,
  MATERIAL_PROTECTION,
  MATERIALS,
  MELEE_DEFENCES,
  MELEE_MATRIX,
  MISSILE_DEFENCES,
  MISSILE_MATRIX,
  MISSILE_TABLE,
  RANGE_BANDS,
  RANGE_EML,
  RESULT_CODES,
  THROWN_MELEE,
  type AimZone,
  type Aspect,
  type Level,
  type LocationId,
  type Material,
  type MatrixRow,
  type MeleeDefence,
  type Protection,
  type Range,
  type RangeBand,
} from "../../src/rules/hm3/tables";

// ── Seed reader ──────────────────────────────────────────────────────────────────────────────

/**
 * Seed 003's lines, from the repository's reference data (`reference/seed-003.json`, written from
 * `../shared/seeds/003_25ffefe9b42e4188.txt` by `npm run reference`): a line it does not keep
 * fails with a message saying how to add it.
 */
const SEED = new ReferenceLines("seed-003.json", "seed 003");

/** Seed line `n` (1-based, as `cat -n` shows it). */
function line(n: number): string {
  return SEED.line(n);
}

/** Tab-separated cells of seed line `n`, each trimmed. */
function cells(n: number): string[] {
  return line(n)
    .split("\t")
    .map((c) => c.trim());
}

/** `lines(a, b)`: the numbers a..b inclusive. */
function lines(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** it.each cases as `[title, case]`, run with the title `%s` (unquoted, unlike `$field`). */
function named<T>(cases: readonly T[], title: (c: T) => string): [string, T][] {
  return cases.map((c) => [title(c), c]);
}

function at<T>(list: readonly T[], i: number, what: string): T {
  const v = list[i];
  if (v === undefined) throw new Error(`${what}: no entry ${i}`);
  return v;
}

/** `01` → 1, `00` → 100 (d100 convention). */
function d100(s: string): number {
  const n = Number(s);
  if (!/^\d\d$/.test(s) || !Number.isInteger(n)) throw new Error(`not a d100 value: ${s}`);
  return n === 0 ? 100 : n;
}

/** `01 - 15` → {from: 1, to: 15}; `•` → null. */
function parseRange(s: string): Range | null {
  if (s === "•") return null;
  const m = /^(\d\d)\s*-\s*(\d\d)$/u.exec(s);
  if (!m) throw new Error(`not a range: ${s}`);
  return { from: d100(m[1]!), to: d100(m[2]!) };
}

/** Seed result code → project code: `★` → `*`, `•` → `miss`, `Block` → `block`, `Wild` → `wild`. */
function normaliseCode(printed: string): string {
  if (printed === "•") return "miss";
  if (printed === "Block") return "block";
  if (printed === "Wild") return "wild";
  return printed.replace("★", "*");
}

// ── Errata (hm3.md §1), the only places a test departs from the printed seed ─────────────────

/** Melee matrix, attacker MF vs IGNORE: printed `MF`, read `A★1` (seed line 8). */
const MATRIX_ERRATA: Readonly<Record<string, { printed: string; readAs: string }>> = {
  "8:ignore": { printed: "MF", readAs: "A*1" },
};
/** Aiming zone, HIGH column, ABDOMEN: printed `95 - 00`, read `96 - 00` (seed line 64). */
const AIM_ERRATA: Readonly<Record<string, { printed: string; readAs: Range }>> = {
  "64:high": { printed: "95 - 00", readAs: { from: 96, to: 100 } },
};
/** Armour layers whose printed values are slips (seed lines 255, 256): the values used. */
const LAYER_ERRATA: Readonly<Record<number, Partial<Protection>>> = {
  255: { point: 10, fire: 8 }, // Mail+Leather+Quilt: printed P 11, F 9
  256: { point: 11, fire: 9 }, // Mail+Leather+Quilt+Cloth: printed P 12, F 10
};

// ── Section anchors: a shifted seed fails here first, with the heading it expected ─────────

describe("seed 003 layout", () => {
  it.each(
    named(
      [
        { line: 3, heading: "## MELEE ATTACK" },
        { line: 28, heading: "## MISSILE ATTACK" },
        { line: 52, heading: "## AIMING ZONE" },
        { line: 72, heading: "## STRIKE LOCATION" },
        { line: 91, heading: "## INJURY TABLE" },
        { line: 123, heading: "## ACTION OPTIONS" },
        { line: 139, heading: "## DEFENSE OPTIONS" },
        { line: 217, heading: "## ARMOUR PROTECTIVE VALUES" },
        { line: 237, heading: "## ARMOUR LAYERS" },
        { line: 279, heading: "## MISSILE DATA TABLE" },
      ],
      (c) => `seed 003 line ${c.line}: section heading ${c.heading}`,
    ),
  )("%s", (_t, { line: n, heading }) => {
    expect(line(n).trim()).toBe(heading);
  });
});

// ── Strike locations (lines 74-89) ───────────────────────────────────────────────────────────

interface SeedLocation {
  line: number;
  id: string;
  paired: boolean;
}

/** `• UPPER ARM` → {id: "upper-arm", paired: true}; `FACE†` → {id: "face", paired: false}. */
const SEED_LOCATIONS: SeedLocation[] = lines(74, 89).map((n) => {
  const raw = line(n).trim();
  const paired = raw.startsWith("•");
  const id = raw.replace(/^•\s*/u, "").replace("†", "").trim().toLowerCase().replace(/\s+/g, "-");
  return { line: n, id, paired };
});

describe("LOCATIONS and HUMAN_PLAN (seed 003 lines 74-89)", () => {
  it("LOCATIONS has 16 entries in seed order", () => {
    expect(LOCATIONS).toHaveLength(16);
    expect([...LOCATIONS]).toEqual(SEED_LOCATIONS.map((l) => l.id));
  });

  it.each(
    named(
      SEED_LOCATIONS.map((l, i) => ({ ...l, i })),
      (l) =>
        `seed 003 line ${l.line}: location ${l.i} is ${l.id}, ${l.paired ? "paired" : "unpaired"}`,
    ),
  )("%s", (_t, { id, paired, i }) => {
    expect(at(LOCATIONS, i, "LOCATIONS")).toBe(id);
    const loc = at(HUMAN_PLAN.locations, i, "HUMAN_PLAN.locations");
    expect(loc.id).toBe(id);
    expect(loc.paired).toBe(paired);
  });

  it("hand check: seed marks shoulder..hand and hip..foot paired, the rest not", () => {
    expect(SEED_LOCATIONS.filter((l) => l.paired).map((l) => l.id)).toEqual([
      "shoulder",
      "upper-arm",
      "elbow",
      "forearm",
      "hand",
      "hip",
      "thigh",
      "knee",
      "calf",
      "foot",
    ]);
  });
});

// ── Matrices (lines 5-10 melee, 30-35 missile) ───────────────────────────────────────────────

interface MatrixCell {
  line: number;
  attacker: Level;
  defence: MeleeDefence;
  /** Defender level, or `none` for IGNORE (No Roll). */
  defender: Level | "none";
  printed: string;
  code: string;
}

function isLevel(s: string): s is Level {
  return (LEVELS as readonly string[]).includes(s);
}

/**
 * Reads a matrix: `groupLine` names the defences (BLOCK, COUNTERSTRIKE, DODGE, IGNORE) at the
 * column each group starts; `levelLine` gives the defender level of each column (`No Roll` under
 * IGNORE); each row line gives the attacker level in column 1 and one cell per mapped column.
 */
function parseMatrix(groupLine: number, levelLine: number, rowLines: number[]): MatrixCell[] {
  const groups = line(groupLine).split("\t");
  const levels = cells(levelLine);
  const columns: { col: number; defence: MeleeDefence; defender: Level | "none" }[] = [];
  let defence: MeleeDefence | null = null;
  for (let col = 0; col < levels.length; col++) {
    const g = (groups[col] ?? "").trim().toLowerCase();
    if (g) {
      if (!(MELEE_DEFENCES as readonly string[]).includes(g)) {
        throw new Error(`seed 003 line ${groupLine}: unknown defence ${g}`);
      }
      defence = g as MeleeDefence;
    }
    const lv = at(levels, col, `line ${levelLine}`);
    if (defence === null) continue;
    if (isLevel(lv)) columns.push({ col, defence, defender: lv });
    else if (lv === "No Roll") columns.push({ col, defence, defender: "none" });
  }
  const out: MatrixCell[] = [];
  for (const n of rowLines) {
    const row = cells(n);
    const attacker = at(row, 1, `line ${n}`);
    if (!isLevel(attacker)) throw new Error(`seed 003 line ${n}: no attacker level in column 1`);
    for (const c of columns) {
      const printed = at(row, c.col, `line ${n}`);
      const erratum = c.defence === "ignore" ? MATRIX_ERRATA[`${n}:ignore`] : undefined;
      const code = erratum ? erratum.readAs : normaliseCode(printed);
      out.push({ line: n, attacker, defence: c.defence, defender: c.defender, printed, code });
    }
  }
  return out;
}

function matrixCell(matrix: Readonly<Record<Level, MatrixRow>>, c: MatrixCell): string {
  const row = matrix[c.attacker];
  if (c.defence === "ignore" || c.defender === "none") return row.ignore;
  const vs = row.vs[c.defence] as Readonly<Record<Level, string>> | undefined;
  if (!vs) throw new Error(`no ${c.defence} column for attacker ${c.attacker}`);
  return vs[c.defender];
}

function cellTitle(c: MatrixCell): string {
  const vs = c.defender === "none" ? "ignore" : `${c.defence} ${c.defender}`;
  return `seed 003 line ${c.line}: ${c.attacker} vs ${vs} = ${c.code}`;
}

const MELEE_CELLS = parseMatrix(5, 6, lines(7, 10));
const MISSILE_CELLS = parseMatrix(30, 31, lines(32, 35));

describe("MELEE_MATRIX (seed 003 lines 5-10)", () => {
  it("parses 4 attacker rows × (4 defences × 4 levels − 3 for IGNORE) = 52 cells", () => {
    expect(MELEE_CELLS).toHaveLength(52);
    expect([...new Set(MELEE_CELLS.map((c) => c.defence))]).toEqual([...MELEE_DEFENCES]);
    expect([...new Set(MELEE_CELLS.map((c) => c.attacker))]).toEqual([...LEVELS]);
  });

  it.each(named(MELEE_CELLS, cellTitle))("%s", (_t, c) => {
    expect(matrixCell(MELEE_MATRIX, c)).toBe(c.code);
    expect(RESULT_CODES as readonly string[]).toContain(c.code);
  });

  it("seed 003 line 8: MF vs IGNORE is printed `MF` and read A*1 (hm3.md §1 erratum)", () => {
    const c = MELEE_CELLS.find((x) => x.line === 8 && x.defence === "ignore");
    expect(c?.printed).toBe("MF");
    expect(MELEE_MATRIX.MF.ignore).toBe("A*1");
  });

  it("the IGNORE column reads CF→DTA, MF→A*1, MS→A*3, CS→A*4 (hm3.md §1)", () => {
    expect(LEVELS.map((l) => MELEE_MATRIX[l].ignore)).toEqual(["DTA", "A*1", "A*3", "A*4"]);
  });

  it("hand check of well-known cells (parser cross-check)", () => {
    // line 10: CS vs Counterstrike CS = B★2
    expect(MELEE_MATRIX.CS.vs.counterstrike.CS).toBe("B*2");
    expect(
      MELEE_CELLS.find((c) => c.line === 10 && c.defence === "counterstrike" && c.defender === "CS")
        ?.code,
    ).toBe("B*2");
    // line 9: MS vs Counterstrike CF = A★3, MS vs Counterstrike MS = B★1
    expect(MELEE_MATRIX.MS.vs.counterstrike.CF).toBe("A*3");
    expect(MELEE_MATRIX.MS.vs.counterstrike.MS).toBe("B*1");
    // line 7: CF vs Block CF = BF, CF vs Counterstrike CS = D★3, CF vs Dodge CF = BS
    expect(MELEE_MATRIX.CF.vs.block.CF).toBe("BF");
    expect(MELEE_MATRIX.CF.vs.counterstrike.CS).toBe("D*3");
    expect(MELEE_MATRIX.CF.vs.dodge.CF).toBe("BS");
    // line 8: MF vs Block MF = Block, MF vs Dodge MF = •
    expect(MELEE_MATRIX.MF.vs.block.MF).toBe("block");
    expect(MELEE_MATRIX.MF.vs.dodge.MF).toBe("miss");
    // line 10: CS vs Block CS = Block, CS vs Dodge CS = •
    expect(MELEE_MATRIX.CS.vs.block.CS).toBe("block");
    expect(MELEE_MATRIX.CS.vs.dodge.CS).toBe("miss");
  });
});

describe("MISSILE_MATRIX (seed 003 lines 30-35)", () => {
  it("parses 4 attacker rows × (3 defences: BLOCK, DODGE 4 levels, IGNORE 1) = 36 cells", () => {
    expect(MISSILE_CELLS).toHaveLength(36);
    expect([...new Set(MISSILE_CELLS.map((c) => c.defence))]).toEqual([...MISSILE_DEFENCES]);
  });

  it.each(named(MISSILE_CELLS, cellTitle))("%s", (_t, c) => {
    expect(matrixCell(MISSILE_MATRIX, c)).toBe(c.code);
    expect(RESULT_CODES as readonly string[]).toContain(c.code);
  });

  it("has no Counterstrike column (seed 003 line 30)", () => {
    for (const l of LEVELS) expect(MISSILE_MATRIX[l].vs).not.toHaveProperty("counterstrike");
  });

  it("hand check of well-known cells (parser cross-check)", () => {
    expect(MISSILE_MATRIX.CF.ignore).toBe("wild"); // line 32
    expect(MISSILE_MATRIX.MF.vs.dodge.CS).toBe("miss"); // line 33
    expect(MISSILE_MATRIX.MS.vs.block.CS).toBe("block"); // line 34
    expect(MISSILE_MATRIX.MS.ignore).toBe("M*2"); // line 34
    expect(MISSILE_MATRIX.CS.vs.block.CF).toBe("M*3"); // line 35
    expect(MISSILE_MATRIX.CS.vs.dodge.MS).toBe("M*1"); // line 35
    expect(MISSILE_CELLS.find((c) => c.line === 35 && c.defence === "ignore")?.code).toBe("M*3");
  });
});

// ── Aiming zone (lines 54-70) ────────────────────────────────────────────────────────────────

/** Line 54 headers: `HIGH EML -10` → {zone: "high", eml: -10}. */
const SEED_ZONES = cells(54).map((h) => {
  const m = /^(HIGH|MID|LOW) EML ([+-]\d+)$/u.exec(h);
  if (!m) throw new Error(`seed 003 line 54: bad zone header ${h}`);
  return { zone: m[1]!.toLowerCase() as AimZone, eml: Number(m[2]) };
});

interface AimCell {
  line: number;
  location: string;
  zone: AimZone;
  printed: string;
  range: Range | null;
}

const AIM_CELLS: AimCell[] = lines(55, 70).flatMap((n, i) => {
  const row = cells(n);
  const location = at(SEED_LOCATIONS, i, "seed locations").id;
  return SEED_ZONES.map(({ zone }, z) => {
    const printed = at(row, z, `line ${n}`);
    const erratum = AIM_ERRATA[`${n}:${zone}`];
    return {
      line: n,
      location,
      zone,
      printed,
      range: erratum ? erratum.readAs : parseRange(printed),
    };
  });
});

function showRange(r: Range | null): string {
  return r ? `${r.from}-${r.to}` : "•";
}

describe("AIM_TABLE (seed 003 lines 54-70)", () => {
  it("zones and their EML modifiers (line 54)", () => {
    expect(SEED_ZONES.map((z) => z.zone)).toEqual([...AIM_ZONES]);
    for (const z of SEED_ZONES) expect(AIM_EML[z.zone]).toBe(z.eml);
  });

  it("has one row per location, in location order", () => {
    expect(Object.keys(AIM_TABLE)).toEqual([...LOCATIONS]);
    expect(AIM_CELLS).toHaveLength(48);
  });

  it.each(
    named(
      AIM_CELLS,
      (c) => `seed 003 line ${c.line}: ${c.location} ${c.zone} = ${showRange(c.range)}`,
    ),
  )("%s", (_t, c) => {
    const got = AIM_TABLE[c.location as LocationId][c.zone];
    if (c.range === null) expect(got).toBeNull();
    else expect(got).toEqual(c.range);
  });

  it("seed 003 line 64: High/Abdomen is printed `95 - 00` and read 96-100 (hm3.md §1 erratum)", () => {
    expect(at(cells(64), 0, "line 64")).toBe("95 - 00");
    expect(AIM_TABLE.abdomen.high).toEqual({ from: 96, to: 100 });
    expect(AIM_TABLE.thorax.high).toEqual({ from: 86, to: 95 });
    // Without the erratum, roll 95 would be both thorax and abdomen.
    expect(parseRange("95 - 00")).toEqual({ from: 95, to: 100 });
  });

  it.each(
    named(
      SEED_ZONES,
      (z) =>
        `seed 003 lines 55-70: the ${z.zone} column covers 1..100 exactly once, no gaps or overlaps`,
    ),
  )("%s", (_t, { zone }) => {
    const hits = new Array<number>(101).fill(0);
    let next = 1;
    for (const id of LOCATIONS) {
      const r = AIM_TABLE[id][zone];
      if (!r) continue;
      expect(r.from, `${zone}/${id} starts where the previous range ended`).toBe(next);
      expect(r.to).toBeGreaterThanOrEqual(r.from);
      for (let x = r.from; x <= r.to; x++) hits[x] = (hits[x] ?? 0) + 1;
      next = r.to + 1;
    }
    expect(next).toBe(101);
    expect(hits.slice(1)).toEqual(new Array<number>(100).fill(1));
  });

  it("hand check (parser cross-check)", () => {
    expect(AIM_TABLE.skull).toEqual({
      high: { from: 1, to: 15 },
      mid: { from: 1, to: 5 },
      low: null,
    }); // line 55
    expect(AIM_TABLE.thorax.mid).toEqual({ from: 44, to: 60 }); // line 63
    expect(AIM_TABLE.foot).toEqual({
      high: null,
      mid: { from: 97, to: 100 },
      low: { from: 93, to: 100 },
    }); // line 70
    expect(AIM_CELLS.find((c) => c.line === 66 && c.zone === "low")?.range).toEqual({
      from: 36,
      to: 49,
    });
  });
});

// ── Face (lines 112-114) ─────────────────────────────────────────────────────────────────────

const SEED_FACE = lines(112, 114)
  .flatMap((n) =>
    [...line(n).matchAll(/(\d\d)-(\d\d)\s+(•?)([A-Za-z]+)/gu)].map((m) => ({
      line: n,
      part: m[4]!.toLowerCase(),
      range: { from: d100(m[1]!), to: d100(m[2]!) },
      paired: m[3] === "•",
    })),
  )
  .sort((a, b) => a.range.from - b.range.from);

describe("FACE_TABLE (seed 003 lines 112-114)", () => {
  it("has the seed's six parts in roll order", () => {
    expect(SEED_FACE).toHaveLength(6);
    expect(FACE_TABLE.map((f) => f.part)).toEqual(SEED_FACE.map((f) => f.part));
  });

  it.each(
    named(
      SEED_FACE.map((f, i) => ({ ...f, i })),
      (f) =>
        `seed 003 line ${f.line}: face ${showRange(f.range)} = ${f.paired ? "•" : ""}${f.part}`,
    ),
  )("%s", (_t, { i, part, range, paired }) => {
    const row = at(FACE_TABLE, i, "FACE_TABLE");
    expect(row.part).toBe(part);
    expect(row.range).toEqual(range);
    expect(row.paired).toBe(paired);
  });

  it("covers 1..100 exactly once", () => {
    let next = 1;
    for (const f of FACE_TABLE) {
      expect(f.range.from).toBe(next);
      next = f.range.to + 1;
    }
    expect(next).toBe(101);
  });

  it("hand check (parser cross-check)", () => {
    expect(
      SEED_FACE.map((f) => `${f.range.from}-${f.range.to}${f.paired ? "•" : ""}${f.part}`),
    ).toEqual(["1-15jaw", "16-30•eye", "31-65•cheek", "66-80nose", "81-90•ear", "91-100mouth"]);
  });
});

// ── Injury table (lines 94-110) ──────────────────────────────────────────────────────────────

interface SeedInjury {
  line: number;
  location: string;
  band: number;
  printed: string;
  severity: string;
  level: number;
  fumbleStumble: boolean;
  amputation: boolean;
}

const SEED_BANDS = cells(94).map((c) => {
  const m = /^(\d+)\+$/u.exec(c);
  if (!m) throw new Error(`seed 003 line 94: bad band ${c}`);
  return Number(m[1]);
});

const SEED_INJURY: SeedInjury[] = lines(95, 110).flatMap((n, i) =>
  cells(n).map((printed, band) => {
    const m = /^(♦)?([MSGK])(\d)(▼)?$/u.exec(printed);
    if (!m) throw new Error(`seed 003 line ${n}: bad injury cell ${printed}`);
    return {
      line: n,
      location: at(SEED_LOCATIONS, i, "seed locations").id,
      band,
      printed,
      severity: m[2]!,
      level: Number(m[3]),
      fumbleStumble: m[1] === "♦",
      amputation: m[4] === "▼",
    };
  }),
);

describe("INJURY_TABLE (seed 003 lines 94-110)", () => {
  it("impact bands 1+, 5+, 9+, 13+, 17+ (line 94)", () => {
    expect([...IMPACT_BANDS]).toEqual(SEED_BANDS);
  });

  it("has 16 rows of 5 cells, in strike-location order (hm3.md §1)", () => {
    expect(Object.keys(INJURY_TABLE)).toEqual([...LOCATIONS]);
    expect(SEED_INJURY).toHaveLength(80);
    for (const id of LOCATIONS) expect(INJURY_TABLE[id]).toHaveLength(5);
  });

  it.each(
    named(
      SEED_INJURY,
      (c) =>
        `seed 003 line ${c.line}: ${c.location} ${at(SEED_BANDS, c.band, "bands")}+ = ${c.printed}`,
    ),
  )("%s", (_t, c) => {
    const got = at(INJURY_TABLE[c.location as LocationId], c.band, c.location);
    expect(got).toEqual({
      severity: c.severity,
      level: c.level,
      fumbleStumble: c.fumbleStumble,
      amputation: c.amputation,
    });
  });

  it("♦ marks exactly the paired (arm and leg) rows (hm3.md §1)", () => {
    for (const c of SEED_INJURY) {
      const paired = SEED_LOCATIONS.find((l) => l.id === c.location)?.paired;
      expect(c.fumbleStumble, `line ${c.line} ${c.printed}`).toBe(paired);
    }
  });

  it("hand check (parser cross-check)", () => {
    expect(INJURY_TABLE.neck[4]).toEqual({
      severity: "K",
      level: 5,
      fumbleStumble: false,
      amputation: true,
    }); // line 97 K5▼
    expect(INJURY_TABLE.shoulder[4]).toEqual({
      severity: "K",
      level: 4,
      fumbleStumble: true,
      amputation: false,
    }); // line 98 ♦K4
    expect(INJURY_TABLE["upper-arm"][1]).toEqual({
      severity: "M",
      level: 1,
      fumbleStumble: true,
      amputation: false,
    }); // line 99 ♦M1
    expect(INJURY_TABLE.thigh[4]).toEqual({
      severity: "K",
      level: 4,
      fumbleStumble: true,
      amputation: true,
    }); // line 107 ♦K4▼
    expect(SEED_INJURY.find((c) => c.line === 105 && c.band === 4)?.printed).toBe("G5▼");
  });
});

// ── Armour (lines 219-275) ───────────────────────────────────────────────────────────────────

const SEED_ASPECTS = cells(219)
  .slice(1)
  .map((a) => a.toLowerCase());

interface SeedMaterial {
  line: number;
  id: string;
  aliases: string[];
  values: Protection;
}

function protection(values: number[], n: number): Protection {
  if (values.length !== 4 || values.some((v) => !Number.isInteger(v))) {
    throw new Error(`seed 003 line ${n}: expected four whole numbers`);
  }
  const out: Record<string, number> = {};
  SEED_ASPECTS.forEach((a, i) => (out[a] = at(values, i, `line ${n}`)));
  return out as Protection;
}

const SEED_MATERIALS: SeedMaterial[] = lines(220, 227).map((n) => {
  const [name, ...nums] = cells(n);
  const [id, ...aliases] = (name ?? "").toLowerCase().split("/");
  return { line: n, id: id ?? "", aliases, values: protection(nums.map(Number), n) };
});

function seedMaterial(id: string): SeedMaterial {
  const m = SEED_MATERIALS.find((x) => x.id === id);
  if (!m) throw new Error(`seed 003 lines 220-227 have no material ${id}`);
  return m;
}

function show(p: Protection): string {
  return ASPECTS.map((a) => `${a[0]!.toUpperCase()} ${p[a]}`).join("/");
}

describe("MATERIAL_PROTECTION (seed 003 lines 219-227)", () => {
  it("aspect columns Blunt, Edge, Point, Fire (line 219)", () => {
    expect(SEED_ASPECTS).toEqual([...ASPECTS]);
  });

  it("materials in seed order", () => {
    expect([...MATERIALS]).toEqual(SEED_MATERIALS.map((m) => m.id));
    expect(Object.keys(MATERIAL_PROTECTION)).toEqual(SEED_MATERIALS.map((m) => m.id));
  });

  it.each(named(SEED_MATERIALS, (m) => `seed 003 line ${m.line}: ${m.id} = ${show(m.values)}`))(
    "%s",
    (_t, { id, values }) => {
      expect(MATERIAL_PROTECTION[id as Material]).toEqual(values);
    },
  );

  it("material aliases Cloth/Hair, Quilt/Fur, Leather/Hide (lines 220-222)", () => {
    const aliases: Record<string, string> = {};
    for (const m of SEED_MATERIALS) for (const a of m.aliases) aliases[a] = m.id;
    expect(aliases).toEqual({ hair: "cloth", fur: "quilt", hide: "leather" });
    expect({ ...MATERIAL_ALIASES }).toEqual(aliases);
  });

  it("aspect aliases Squeeze = Blunt, Bite = Point, Tear = Edge, Frost = Fire (lines 229-235)", () => {
    const aliases: Record<string, string> = {};
    for (const n of [229, 231, 233, 235]) {
      const m = /^(\w+) = (\w+)$/u.exec(line(n).trim());
      if (!m) throw new Error(`seed 003 line ${n}: bad aspect alias`);
      aliases[m[1]!.toLowerCase()] = m[2]!.toLowerCase();
    }
    expect({ ...ASPECT_ALIASES }).toEqual(aliases);
    expect(aliases).toEqual({ squeeze: "blunt", bite: "point", tear: "edge", frost: "fire" });
  });

  it("hand check (parser cross-check)", () => {
    expect(MATERIAL_PROTECTION.mail).toEqual({ blunt: 2, edge: 8, point: 5, fire: 1 }); // line 225
    expect(seedMaterial("plate").values).toEqual({ blunt: 6, edge: 10, point: 6, fire: 2 }); // line 227
  });
});

interface SeedLayer {
  line: number;
  name: string;
  materials: string[];
  printed: Protection;
  sum: Protection;
  used: Protection;
}

const SEED_LAYERS: SeedLayer[] = lines(240, 271).map((n) => {
  const [name, ...nums] = cells(n);
  const materials = (name ?? "").toLowerCase().split("+");
  const printed = protection(nums.map(Number), n);
  const sum: Record<Aspect, number> = { blunt: 0, edge: 0, point: 0, fire: 0 };
  for (const m of materials) for (const a of ASPECTS) sum[a] += seedMaterial(m).values[a];
  const used = { ...printed, ...(LAYER_ERRATA[n] ?? {}) };
  return { line: n, name: name ?? "", materials, printed, sum, used };
});

describe("LAYER_COMBINATIONS (seed 003 lines 239-271)", () => {
  it("has the seed's 32 rows, in order, with their seed line numbers", () => {
    expect(cells(239).slice(1)).toEqual(["B", "E", "P", "F"]);
    expect(LAYER_COMBINATIONS).toHaveLength(SEED_LAYERS.length);
    expect(SEED_LAYERS).toHaveLength(32);
    expect(LAYER_COMBINATIONS.map((l) => l.line)).toEqual(SEED_LAYERS.map((l) => l.line));
  });

  it.each(
    named(
      SEED_LAYERS.map((l, i) => ({ ...l, i })),
      (l) => `seed 003 line ${l.line}: ${l.name} printed ${show(l.printed)}`,
    ),
  )("%s", (_t, { i, line: n, materials, printed }) => {
    const got = at(LAYER_COMBINATIONS, i, "LAYER_COMBINATIONS");
    expect(got.line).toBe(n);
    expect([...got.materials]).toEqual(materials);
    expect(got.printed).toEqual(printed);
  });

  it.each(
    named(
      SEED_LAYERS.map((l, i) => ({ ...l, i })),
      (l) => `seed 003 line ${l.line}: ${l.name} used value ${show(l.used)} = sum of its materials`,
    ),
  )("%s", (_t, { i, sum, used }) => {
    const got = at(LAYER_COMBINATIONS, i, "LAYER_COMBINATIONS");
    expect(got.value).toEqual(sum);
    expect(got.value).toEqual(used);
  });

  it("printed == value for every row except Mail+Leather+Quilt(+Cloth), lines 255-256 (hm3.md §1)", () => {
    const differing = LAYER_COMBINATIONS.filter((l) =>
      ASPECTS.some((a) => l.printed[a] !== l.value[a]),
    ).map((l) => l.line);
    expect(differing).toEqual([255, 256]);
    // The seed itself: only those two printed rows disagree with the sum of their materials.
    expect(
      SEED_LAYERS.filter((l) => ASPECTS.some((a) => l.printed[a] !== l.sum[a])).map((l) => l.line),
    ).toEqual([255, 256]);
  });

  it("hand check: the two errata rows (hm3.md §1)", () => {
    const mlq = LAYER_COMBINATIONS.find((l) => l.line === 255);
    expect(mlq?.materials).toEqual(["mail", "leather", "quilt"]);
    expect(mlq?.printed).toEqual({ blunt: 9, edge: 15, point: 11, fire: 9 });
    expect(mlq?.value).toEqual({ blunt: 9, edge: 15, point: 10, fire: 8 });
    const mlqc = LAYER_COMBINATIONS.find((l) => l.line === 256);
    expect(mlqc?.materials).toEqual(["mail", "leather", "quilt", "cloth"]);
    expect(mlqc?.printed).toEqual({ blunt: 10, edge: 16, point: 12, fire: 10 });
    expect(mlqc?.value).toEqual({ blunt: 10, edge: 16, point: 11, fire: 9 });
    // line 240: Quilt+Cloth 6 4 3 5
    expect(LAYER_COMBINATIONS[0]?.value).toEqual({ blunt: 6, edge: 4, point: 3, fire: 5 });
  });
});

// ── Missile data (lines 279-295) ─────────────────────────────────────────────────────────────

const SEED_RANGE_BANDS = cells(281)
  .slice(1)
  .map((b) => b.toLowerCase());

const SEED_RANGE_EML = cells(283)
  .slice(1)
  .map((c) => {
    const m = /^EML ([+-]\d+)$/u.exec(c);
    if (!m) throw new Error(`seed 003 line 283: bad EML ${c}`);
    return Number(m[1]);
  });

const SEED_MISSILES = lines(284, 294).map((n) => {
  const [rawName, ...bands] = cells(n);
  const thrown = (rawName ?? "").startsWith("•");
  const name = (rawName ?? "").replace(/^•\s*/u, "");
  const parsed = bands.map((b) => {
    const m = /^(\d+)\/(\d+)$/u.exec(b);
    if (!m) throw new Error(`seed 003 line ${n}: bad band ${b}`);
    return { hexes: Number(m[1]), impact: Number(m[2]) };
  });
  return { line: n, name, id: name.toLowerCase(), thrown, bands: parsed };
});

describe("MISSILE_TABLE and THROWN_MELEE (seed 003 lines 279-295)", () => {
  it("range bands and their EMLs (lines 281, 283)", () => {
    expect(SEED_RANGE_BANDS).toEqual([...RANGE_BANDS]);
    expect(RANGE_BANDS.map((b) => RANGE_EML[b])).toEqual(SEED_RANGE_EML);
  });

  it("has the seed's 11 missiles in order", () => {
    expect(SEED_MISSILES).toHaveLength(11);
    expect(MISSILE_TABLE.map((m) => m.name)).toEqual(SEED_MISSILES.map((m) => m.name));
  });

  it.each(
    named(
      SEED_MISSILES.map((m, i) => ({ ...m, i })),
      (m) =>
        `seed 003 line ${m.line}: ${m.thrown ? "• " : ""}${m.name} ` +
        m.bands.map((b) => `${b.hexes}/${b.impact}`).join(" "),
    ),
  )("%s", (_t, m) => {
    const got = at(MISSILE_TABLE, m.i, "MISSILE_TABLE");
    expect(got.name).toBe(m.name);
    expect(got.id).toBe(m.id);
    expect(got.thrown).toBe(m.thrown);
    expect(got.line).toBe(m.line);
    const expected: Record<string, { hexes: number; impact: number }> = {};
    SEED_RANGE_BANDS.forEach((b, j) => (expected[b] = at(m.bands, j, `line ${m.line}`)));
    expect(got.bands).toEqual(expected);
  });

  it("seed 003 line 295: Melee Weapon 2/100% 4/100% 8/50% 16/50%", () => {
    const [name, ...bands] = cells(295);
    expect(name).toBe("Melee Weapon");
    const expected: Record<string, { hexes: number; impactPercent: number }> = {};
    bands.forEach((b, j) => {
      const m = /^(\d+)\/(\d+)%$/u.exec(b);
      if (!m) throw new Error(`seed 003 line 295: bad band ${b}`);
      expected[at(SEED_RANGE_BANDS, j, "bands")] = {
        hexes: Number(m[1]),
        impactPercent: Number(m[2]),
      };
    });
    expect(THROWN_MELEE).toEqual(expected);
  });

  it("hand check (parser cross-check)", () => {
    const longbow = MISSILE_TABLE.find((m) => m.id === "longbow");
    expect(longbow?.bands.long).toEqual({ hexes: 100, impact: 6 }); // line 285
    expect(SEED_MISSILES.find((m) => m.id === "javelin")).toMatchObject({
      thrown: true,
      line: 293,
    });
    expect(MISSILE_TABLE.find((m) => m.id === "blowgun")?.bands.extreme).toEqual({
      hexes: 40,
      impact: 0,
    }); // line 288
    const extreme: RangeBand = "extreme";
    expect(THROWN_MELEE[extreme]).toEqual({ hexes: 16, impactPercent: 50 });
  });
});

// ── Action and defence options (lines 125-149) ───────────────────────────────────────────────

/** `MOUNT/DISMOUNT` → `mount-dismount`; `BLOCK (Shield or Weapon)` → `block`; DEFENSE → defence. */
function optionId(s: string): string {
  return s
    .replace(/\(.*\)/u, "")
    .trim()
    .toLowerCase()
    .replace(/[\s/]+/g, "-")
    .replace(/defense/g, "defence"); // the project spells it "defence"
}

const SEED_ACTIONS = lines(125, 137).map((n) => ({ line: n, id: optionId(line(n)) }));
const SEED_DEFENCES = lines(141, 149).map((n) => ({ line: n, id: optionId(line(n)) }));

describe("ACTION_OPTIONS and DEFENCE_OPTIONS (seed 003 lines 125-149)", () => {
  it("ACTION_OPTIONS has the seed's 13 actions in order (lines 125-137)", () => {
    expect(ACTION_OPTIONS).toHaveLength(13);
    expect([...ACTION_OPTIONS]).toEqual(SEED_ACTIONS.map((a) => a.id));
  });

  it("DEFENCE_OPTIONS has the seed's 9 defences in order (lines 141-149)", () => {
    expect(DEFENCE_OPTIONS).toHaveLength(9);
    expect([...DEFENCE_OPTIONS]).toEqual(SEED_DEFENCES.map((d) => d.id));
  });

  it.each(
    named(
      SEED_ACTIONS.map((a, i) => ({ ...a, i })),
      (a) => `seed 003 line ${a.line}: action ${a.i} is ${a.id}`,
    ),
  )("%s", (_t, { i, id }) => {
    expect(at(ACTION_OPTIONS, i, "ACTION_OPTIONS")).toBe(id);
  });

  it.each(
    named(
      SEED_DEFENCES.map((d, i) => ({ ...d, i })),
      (d) => `seed 003 line ${d.line}: defence ${d.i} is ${d.id}`,
    ),
  )("%s", (_t, { i, id }) => {
    expect(at(DEFENCE_OPTIONS, i, "DEFENCE_OPTIONS")).toBe(id);
  });

  it("hand check (parser cross-check)", () => {
    expect(SEED_ACTIONS[8]).toEqual({ line: 133, id: "mount-dismount" });
    expect(SEED_DEFENCES[0]).toEqual({ line: 141, id: "block" });
    expect(DEFENCE_OPTIONS[4]).toBe("grapple-defence"); // line 145 GRAPPLE DEFENSE
    expect(DEFENCE_OPTIONS.slice(0, 4)).toEqual([...MELEE_DEFENCES]); // lines 141-144
  });
});

// ── Immutability ─────────────────────────────────────────────────────────────────────────────

/** Every object reachable from `value` is frozen; returns the paths that are not. */
function unfrozen(value: unknown, path: string, out: string[] = []): string[] {
  if (value === null || typeof value !== "object") return out;
  if (!Object.isFrozen(value)) out.push(path);
  for (const [k, v] of Object.entries(value)) unfrozen(v, `${path}.${k}`, out);
  return out;
}

describe("every table is frozen", () => {
  it.each(
    named(
      [
        { name: "MELEE_MATRIX", table: MELEE_MATRIX },
        { name: "MISSILE_MATRIX", table: MISSILE_MATRIX },
        { name: "HUMAN_PLAN", table: HUMAN_PLAN },
        { name: "AIM_TABLE", table: AIM_TABLE },
        { name: "AIM_EML", table: AIM_EML },
        { name: "FACE_TABLE", table: FACE_TABLE },
        { name: "IMPACT_BANDS", table: IMPACT_BANDS },
        { name: "INJURY_TABLE", table: INJURY_TABLE },
        { name: "ASPECT_ALIASES", table: ASPECT_ALIASES },
        { name: "MATERIAL_PROTECTION", table: MATERIAL_PROTECTION },
        { name: "MATERIAL_ALIASES", table: MATERIAL_ALIASES },
        { name: "LAYER_COMBINATIONS", table: LAYER_COMBINATIONS },
        { name: "RANGE_EML", table: RANGE_EML },
        { name: "MISSILE_TABLE", table: MISSILE_TABLE },
        { name: "THROWN_MELEE", table: THROWN_MELEE },
        { name: "ACTION_OPTIONS", table: ACTION_OPTIONS },
        { name: "DEFENCE_OPTIONS", table: DEFENCE_OPTIONS },
      ] as { name: string; table: unknown }[],
      (c) => `${c.name} is frozen, all the way down`,
    ),
  )("%s", (_t, { name, table }) => {
    expect(Object.isFrozen(table)).toBe(true);
    expect(unfrozen(table, name)).toEqual([]);
  });
});
