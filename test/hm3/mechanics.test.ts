/**
 * HM3 core mechanics (`src/rules/hm3/mechanics.ts`) against seed 003 and the rulings of
 * `../shared/rules/hm3.md` §2. The expected values are written out here from the seed (line
 * numbers given), not read from the implementation's tables, so a lookup and its table cannot
 * agree on a mistake; `tables.test.ts` checks the tables themselves against the seed file.
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice } from "../../src/core/dice";
import {
  armourAspect,
  armourAt,
  armourFromLayers,
  endurance,
  facePart,
  fumbleRoll,
  impactBand,
  injuryFor,
  killRoll,
  layerProtection,
  locationFor,
  parseMaterial,
  physicalPenalty,
  shockRoll,
  strikeLocation,
  stumbleRoll,
  successLevel,
  universalPenalty,
  wqRoll,
  rangeBandFor,
  missileImpact,
  thrownImpact,
  THROWN_BANDS,
  flammableFromLayers,
  type ArmourLayer,
  type ArmourMap,
} from "../../src/rules/hm3/mechanics";
import {
  INJURY_TABLE,
  MISSILE_TABLE,
  type AimZone,
  type Aspect,
  type LocationId,
  type Material,
  type Protection,
} from "../../src/rules/hm3/tables";

/** it.each cases as `[title, case]`, run with the title `%s`. */
function named<T>(cases: readonly T[], title: (c: T) => string): [string, T][] {
  return cases.map((c) => [title(c), c]);
}

// ── Seed 003, written out ────────────────────────────────────────────────────────────────────

type R = readonly [number, number] | null;

/**
 * AIMING ZONE, seed 003 lines 55-70 (High, Mid, Low; `•` = null; `00` = 100), with the
 * hm3.md §1 erratum High/Abdomen 96-100. `paired` is the `•` of lines 77-89.
 */
const AIM: readonly { line: number; id: LocationId; paired: boolean; zones: Record<AimZone, R> }[] =
  [
    { line: 55, id: "skull", paired: false, zones: { high: [1, 15], mid: [1, 5], low: null } },
    { line: 56, id: "face", paired: false, zones: { high: [16, 30], mid: [6, 10], low: null } },
    { line: 57, id: "neck", paired: false, zones: { high: [31, 45], mid: [11, 15], low: null } },
    { line: 58, id: "shoulder", paired: true, zones: { high: [46, 57], mid: [16, 27], low: null } },
    {
      line: 59,
      id: "upper-arm",
      paired: true,
      zones: { high: [58, 69], mid: [28, 33], low: null },
    },
    { line: 60, id: "elbow", paired: true, zones: { high: [70, 73], mid: [34, 35], low: null } },
    {
      line: 61,
      id: "forearm",
      paired: true,
      zones: { high: [74, 81], mid: [36, 39], low: [1, 6] },
    },
    { line: 62, id: "hand", paired: true, zones: { high: [82, 85], mid: [40, 43], low: [7, 12] } },
    {
      line: 63,
      id: "thorax",
      paired: false,
      zones: { high: [86, 95], mid: [44, 60], low: [13, 19] },
    },
    {
      line: 64,
      id: "abdomen",
      paired: false,
      zones: { high: [96, 100], mid: [61, 70], low: [20, 29] },
    },
    { line: 65, id: "groin", paired: false, zones: { high: null, mid: [71, 74], low: [30, 35] } },
    { line: 66, id: "hip", paired: true, zones: { high: null, mid: [75, 80], low: [36, 49] } },
    { line: 67, id: "thigh", paired: true, zones: { high: null, mid: [81, 88], low: [50, 70] } },
    { line: 68, id: "knee", paired: true, zones: { high: null, mid: [89, 90], low: [71, 78] } },
    { line: 69, id: "calf", paired: true, zones: { high: null, mid: [91, 96], low: [79, 92] } },
    { line: 70, id: "foot", paired: true, zones: { high: null, mid: [97, 100], low: [93, 100] } },
  ];

const ZONES: readonly AimZone[] = ["high", "mid", "low"];

/** INJURY TABLE, seed 003 lines 95-110, columns 1+ 5+ 9+ 13+ 17+ (line 94). */
const INJURY: readonly { line: number; id: LocationId; cells: readonly string[] }[] = [
  { line: 95, id: "skull", cells: ["M1", "S2", "S3", "K4", "K5"] },
  { line: 96, id: "face", cells: ["M1", "S2", "S3", "G4", "K5"] },
  { line: 97, id: "neck", cells: ["M1", "S2", "S3", "K4", "K5▼"] },
  { line: 98, id: "shoulder", cells: ["♦M1", "♦S2", "♦S3", "♦G4", "♦K4"] },
  { line: 99, id: "upper-arm", cells: ["♦M1", "♦M1", "♦S2", "♦S3", "♦G4▼"] },
  { line: 100, id: "elbow", cells: ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"] },
  { line: 101, id: "forearm", cells: ["♦M1", "♦M1", "♦S2", "♦S3", "♦G4▼"] },
  { line: 102, id: "hand", cells: ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"] },
  { line: 103, id: "thorax", cells: ["M1", "S2", "S3", "G4", "K5"] },
  { line: 104, id: "abdomen", cells: ["M1", "S2", "S3", "K4", "K5"] },
  { line: 105, id: "groin", cells: ["M1", "S2", "S3", "G4", "G5▼"] },
  { line: 106, id: "hip", cells: ["♦M1", "♦S2", "♦S3", "♦G4", "♦K4"] },
  { line: 107, id: "thigh", cells: ["♦M1", "♦S2", "♦S3", "♦G4", "♦K4▼"] },
  { line: 108, id: "knee", cells: ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"] },
  { line: 109, id: "calf", cells: ["♦M1", "♦M1", "♦S2", "♦S3", "♦G4▼"] },
  { line: 110, id: "foot", cells: ["♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"] },
];

/** ARMOUR PROTECTIVE VALUES, seed 003 lines 220-227 (Blunt, Edge, Point, Fire). */
const MATERIAL: Readonly<Record<Material, Protection>> = {
  cloth: { blunt: 1, edge: 1, point: 1, fire: 1 }, // line 220
  quilt: { blunt: 5, edge: 3, point: 2, fire: 4 }, // line 221
  leather: { blunt: 2, edge: 4, point: 3, fire: 3 }, // line 222
  kurbul: { blunt: 4, edge: 5, point: 4, fire: 3 }, // line 223
  ring: { blunt: 3, edge: 6, point: 4, fire: 3 }, // line 224
  mail: { blunt: 2, edge: 8, point: 5, fire: 1 }, // line 225
  scale: { blunt: 5, edge: 9, point: 4, fire: 5 }, // line 226
  plate: { blunt: 6, edge: 10, point: 6, fire: 2 }, // line 227
};

const ASPECT_LIST: readonly Aspect[] = ["blunt", "edge", "point", "fire"];

/** `♦K4▼` → the injury cell it stands for. */
function seedCell(code: string) {
  const m = /^(♦)?([MSGK])(\d)(▼)?$/u.exec(code);
  if (!m) throw new Error(`bad seed injury code ${code}`);
  return {
    severity: m[2],
    level: Number(m[3]),
    fumbleStumble: m[1] === "♦",
    amputation: m[4] === "▼",
  };
}

// ── Success test (hm3.md §2) ─────────────────────────────────────────────────────────────────

/**
 * The rule as hm3.md §2 states it: EML clamped to 5..95; roll ≤ EML succeeds; a roll divisible
 * by 5 is critical.
 */
function ruleLevel(roll: number, eml: number): string {
  const target = eml < 5 ? 5 : eml > 95 ? 95 : eml;
  const critical = Number.isInteger(roll / 5);
  if (roll <= target) return critical ? "CS" : "MS";
  return critical ? "CF" : "MF";
}

const ROLLS = Array.from({ length: 100 }, (_, i) => i + 1);

describe("successLevel (hm3.md §2: d100 ≤ EML, EML clamped 5..95, multiples of 5 critical)", () => {
  describe.each(named([5, 50, 73, 95], (eml) => `EML ${eml}`))("%s", (_t, eml) => {
    it.each(named(ROLLS, (roll) => `roll ${roll} vs EML ${eml} = ${ruleLevel(roll, eml)}`))(
      "%s",
      (_u, roll) => {
        expect(successLevel(roll, eml)).toBe(ruleLevel(roll, eml));
      },
    );
  });

  it("hand-checked edges", () => {
    expect(successLevel(1, 5)).toBe("MS");
    expect(successLevel(5, 5)).toBe("CS");
    expect(successLevel(6, 5)).toBe("MF");
    expect(successLevel(10, 5)).toBe("CF");
    expect(successLevel(50, 50)).toBe("CS");
    expect(successLevel(51, 50)).toBe("MF");
    expect(successLevel(70, 73)).toBe("CS");
    expect(successLevel(73, 73)).toBe("MS");
    expect(successLevel(74, 73)).toBe("MF");
    expect(successLevel(75, 73)).toBe("CF");
    expect(successLevel(95, 95)).toBe("CS");
    expect(successLevel(96, 95)).toBe("MF");
    expect(successLevel(99, 95)).toBe("MF");
  });

  it("roll 100 is CF at every EML, however high", () => {
    for (const eml of [3, 5, 50, 73, 95, 100, 120, 500]) expect(successLevel(100, eml)).toBe("CF");
  });

  it("EML 3 behaves exactly as EML 5 for every roll 1..100", () => {
    for (const roll of ROLLS)
      expect(successLevel(roll, 3), `roll ${roll}`).toBe(successLevel(roll, 5));
    expect(successLevel(4, 3)).toBe("MS"); // 4 > 3 but ≤ 5: the clamp makes it a success
    expect(successLevel(5, 3)).toBe("CS");
    expect(successLevel(5, -40)).toBe("CS");
  });

  it("EML 120 behaves exactly as EML 95 for every roll 1..100", () => {
    for (const roll of ROLLS) {
      expect(successLevel(roll, 120), `roll ${roll}`).toBe(successLevel(roll, 95));
    }
    expect(successLevel(96, 120)).toBe("MF"); // 96 ≤ 120 but > 95: the clamp makes it a failure
    expect(successLevel(99, 120)).toBe("MF");
  });
});

// ── Strike location (seed 003 lines 54-117) ──────────────────────────────────────────────────

/** Odd roll = left, even roll = right (seed 003 lines 116-117); bare id when unpaired. */
function expectedSided(id: string, paired: boolean, roll: number): string {
  if (!paired) return id;
  return `${roll % 2 === 1 ? "left" : "right"}-${id}`;
}

const BOUNDARIES = AIM.flatMap((loc) =>
  ZONES.flatMap((zone) => {
    const r = loc.zones[zone];
    if (!r) return [];
    return [
      { ...loc, zone, edge: "from", roll: r[0] },
      { ...loc, zone, edge: "to", roll: r[1] },
    ];
  }),
);

describe("locationFor / strikeLocation (seed 003 lines 54-70, 116-117)", () => {
  it.each(
    named(
      BOUNDARIES,
      (b) =>
        `seed 003 line ${b.line}: ${b.zone} roll ${b.roll} (${b.edge}) = ` +
        expectedSided(b.id, b.paired, b.roll),
    ),
  )("%s", (_t, b) => {
    expect(locationFor(b.zone, b.roll)).toBe(b.id);
    expect(strikeLocation(b.zone, b.roll)).toEqual({
      location: b.id,
      sided: expectedSided(b.id, b.paired, b.roll),
    });
  });

  it.each(
    named(ZONES, (z) => `every ${z} roll 1..100 hits the location whose seed range holds it`),
  )("%s", (_t, zone) => {
    for (const roll of ROLLS) {
      const hit = AIM.filter((l) => {
        const r = l.zones[zone];
        return r !== null && roll >= r[0] && roll <= r[1];
      });
      expect(hit, `${zone} ${roll}`).toHaveLength(1);
      const loc = hit[0]!;
      expect(strikeLocation(zone, roll), `${zone} ${roll}`).toEqual({
        location: loc.id,
        sided: expectedSided(loc.id, loc.paired, roll),
      });
    }
  });

  it("hand checks: 00 is 100 and even (right); the High erratum; unpaired stays unsided", () => {
    expect(strikeLocation("mid", 100)).toEqual({ location: "foot", sided: "right-foot" });
    expect(strikeLocation("low", 100)).toEqual({ location: "foot", sided: "right-foot" });
    expect(strikeLocation("low", 93)).toEqual({ location: "foot", sided: "left-foot" });
    expect(strikeLocation("high", 100)).toEqual({ location: "abdomen", sided: "abdomen" });
    expect(locationFor("high", 95)).toBe("thorax"); // hm3.md §1: THORAX keeps 86-95
    expect(locationFor("high", 96)).toBe("abdomen");
    expect(strikeLocation("high", 47)).toEqual({ location: "shoulder", sided: "left-shoulder" });
    expect(strikeLocation("high", 46)).toEqual({ location: "shoulder", sided: "right-shoulder" });
    expect(strikeLocation("mid", 7)).toEqual({ location: "face", sided: "face" });
  });

  it("no location outside 1..100", () => {
    for (const zone of ZONES) {
      expect(() => locationFor(zone, 0)).toThrow();
      expect(() => locationFor(zone, 101)).toThrow();
    }
  });
});

/** †FACE, seed 003 lines 112-114; `•` parts are sided by the same roll. */
const FACE: readonly { line: number; part: string; range: [number, number]; paired: boolean }[] = [
  { line: 112, part: "jaw", range: [1, 15], paired: false },
  { line: 113, part: "eye", range: [16, 30], paired: true },
  { line: 114, part: "cheek", range: [31, 65], paired: true },
  { line: 112, part: "nose", range: [66, 80], paired: false },
  { line: 113, part: "ear", range: [81, 90], paired: true },
  { line: 114, part: "mouth", range: [91, 100], paired: false },
];

describe("facePart (seed 003 lines 112-117)", () => {
  const cases = FACE.flatMap((f) => [
    { ...f, roll: f.range[0] },
    { ...f, roll: f.range[1] },
  ]);
  it.each(
    named(
      cases,
      (c) =>
        `seed 003 line ${c.line}: face roll ${c.roll} = ${expectedSided(c.part, c.paired, c.roll)}`,
    ),
  )("%s", (_t, c) => {
    expect(facePart(c.roll)).toBe(expectedSided(c.part, c.paired, c.roll));
  });

  it("hand checks", () => {
    expect(facePart(1)).toBe("jaw");
    expect(facePart(15)).toBe("jaw");
    expect(facePart(16)).toBe("right-eye"); // 16 is even: right (line 117)
    expect(facePart(17)).toBe("left-eye");
    expect(facePart(30)).toBe("right-eye");
    expect(facePart(31)).toBe("left-cheek");
    expect(facePart(65)).toBe("left-cheek");
    expect(facePart(66)).toBe("nose");
    expect(facePart(81)).toBe("left-ear");
    expect(facePart(90)).toBe("right-ear");
    expect(facePart(100)).toBe("mouth");
  });

  it("every face roll 1..100 falls in exactly one seed range", () => {
    for (const roll of ROLLS) {
      const hit = FACE.filter((f) => roll >= f.range[0] && roll <= f.range[1]);
      expect(hit, `face ${roll}`).toHaveLength(1);
      expect(facePart(roll)).toBe(expectedSided(hit[0]!.part, hit[0]!.paired, roll));
    }
  });
});

// ── Injury (seed 003 lines 91-121) ───────────────────────────────────────────────────────────

/** Effective impact → column of line 94 (1+ 5+ 9+ 13+ 17+), or null for no injury. */
const IMPACTS: readonly { impact: number; band: number | null }[] = [
  { impact: -3, band: null },
  { impact: 0, band: null },
  { impact: 1, band: 0 },
  { impact: 4, band: 0 },
  { impact: 5, band: 1 },
  { impact: 8, band: 1 },
  { impact: 9, band: 2 },
  { impact: 12, band: 2 },
  { impact: 13, band: 3 },
  { impact: 16, band: 3 },
  { impact: 17, band: 4 },
  { impact: 40, band: 4 },
];

describe("impactBand / injuryFor (seed 003 lines 94-110)", () => {
  it.each(
    named(
      IMPACTS,
      (c) => `seed 003 line 94: effective impact ${c.impact} → column ${c.band ?? "none"}`,
    ),
  )("%s", (_t, { impact, band }) => {
    expect(impactBand(impact)).toBe(band ?? -1);
  });

  const cases = INJURY.flatMap((row) => IMPACTS.map((c) => ({ ...row, ...c })));
  it.each(
    named(
      cases,
      (c) =>
        `seed 003 line ${c.line}: ${c.id} at effective impact ${c.impact} = ` +
        (c.band === null ? "no injury" : c.cells[c.band]),
    ),
  )("%s", (_t, c) => {
    const got = injuryFor(c.id, c.impact);
    if (c.band === null) {
      expect(got).toBeNull();
      return;
    }
    const code = c.cells[c.band];
    if (code === undefined) throw new Error(`no cell ${c.band} on line ${c.line}`);
    expect(got).toEqual(seedCell(code));
    expect(got).toEqual(INJURY_TABLE[c.id][c.band]);
  });

  it("injuryFor returns a copy: changing it leaves the table alone", () => {
    const got = injuryFor("skull", 17);
    expect(got).not.toBeNull();
    if (!got) return;
    expect(got).not.toBe(INJURY_TABLE.skull[4]);
    Object.assign(got, { severity: "M", level: 99, amputation: true });
    expect(INJURY_TABLE.skull[4]).toEqual(seedCell("K5")); // line 95
    expect(injuryFor("skull", 17)).toEqual(seedCell("K5"));
  });
});

// ── Aspects and armour (seed 003 lines 217-275) ─────────────────────────────────────────────

describe("armourAspect (seed 003 lines 229-235)", () => {
  it.each(
    named(
      [
        { aspect: "squeeze", reads: "blunt", line: 229 },
        { aspect: "bite", reads: "point", line: 231 },
        { aspect: "tear", reads: "edge", line: 233 },
        { aspect: "frost", reads: "fire", line: 235 },
        { aspect: "blunt", reads: "blunt", line: 219 },
        { aspect: "edge", reads: "edge", line: 219 },
        { aspect: "point", reads: "point", line: 219 },
        { aspect: "fire", reads: "fire", line: 219 },
      ],
      (c) => `seed 003 line ${c.line}: ${c.aspect} reads the ${c.reads} column`,
    ),
  )("%s", (_t, { aspect, reads }) => {
    expect(armourAspect(aspect)).toBe(reads);
  });

  it("an unknown aspect has no column", () => {
    expect(armourAspect("smash")).toBeUndefined();
    expect(armourAspect("")).toBeUndefined();
  });
});

describe("parseMaterial (seed 003 lines 220-227: Cloth/Hair, Quilt/Fur, Leather/Hide)", () => {
  it.each(
    named(
      [
        { value: "hair", material: "cloth" },
        { value: "fur", material: "quilt" },
        { value: "hide", material: "leather" },
        { value: "Hide", material: "leather" },
        { value: "FUR", material: "quilt" },
        ...Object.keys(MATERIAL).map((m) => ({ value: m, material: m })),
        { value: "Mail", material: "mail" },
      ],
      (c) => `${c.value} → ${c.material}`,
    ),
  )("%s", (_t, { value, material }) => {
    expect(parseMaterial(value, "layers[0].material")).toBe(material);
  });

  it("refuses anything else with a message naming the field", () => {
    expect(() => parseMaterial("adamant", "layers[2].material")).toThrow(/layers\[2\]\.material/);
    expect(() => parseMaterial(3, "armour.material")).toThrow(/armour\.material/);
    expect(() => parseMaterial(undefined, "armour.material")).toThrow(/armour\.material/);
  });
});

describe("layerProtection (seed 003 lines 220-227, quality per line 275)", () => {
  it.each(
    named(
      (Object.keys(MATERIAL) as Material[]).flatMap((material) =>
        [0, 2, -1].map((quality) => ({ material, quality })),
      ),
      (c) => `${c.material} quality ${c.quality >= 0 ? "+" : ""}${c.quality}`,
    ),
  )("%s", (_t, { material, quality }) => {
    const base = MATERIAL[material];
    expect(layerProtection({ material, quality })).toEqual({
      blunt: base.blunt + quality,
      edge: base.edge + quality,
      point: base.point + quality,
      fire: base.fire + quality,
    });
  });

  it("hand check: a +2 mail layer is B 4 / E 10 / P 7 / F 3 (line 225 + line 275)", () => {
    expect(layerProtection({ material: "mail", quality: 2 })).toEqual({
      blunt: 4,
      edge: 10,
      point: 7,
      fire: 3,
    });
  });
});

describe("armourAt (sided entry overrides unsided; missing = 0)", () => {
  const armour: ArmourMap = {
    forearm: { blunt: 2, edge: 4, point: 3, fire: 3 },
    "left-forearm": { blunt: 6, edge: 10, point: 6, fire: 2 },
    thorax: { edge: 8 },
  };

  it("a sided entry overrides the unsided one on its side only", () => {
    expect(armourAt(armour, "left-forearm", "edge")).toBe(10);
    expect(armourAt(armour, "right-forearm", "edge")).toBe(4);
    expect(armourAt(armour, "forearm", "edge")).toBe(4);
    for (const a of ASPECT_LIST) {
      expect(armourAt(armour, "left-forearm", a)).toBe(MATERIAL.plate[a]);
      expect(armourAt(armour, "right-forearm", a)).toBe(MATERIAL.leather[a]);
    }
  });

  it("missing location or aspect is 0", () => {
    expect(armourAt(armour, "skull", "blunt")).toBe(0);
    expect(armourAt(armour, "left-foot", "point")).toBe(0);
    expect(armourAt(armour, "thorax", "edge")).toBe(8);
    expect(armourAt(armour, "thorax", "blunt")).toBe(0);
    expect(armourAt({}, "thorax", "fire")).toBe(0);
  });
});

/** Armour at a location from layers, read back the way the engine reads it. */
function at(layers: readonly ArmourLayer[], loc: string): Protection {
  const map = armourFromLayers(layers);
  return {
    blunt: armourAt(map, loc, "blunt"),
    edge: armourAt(map, loc, "edge"),
    point: armourAt(map, loc, "point"),
    fire: armourAt(map, loc, "fire"),
  };
}

const NONE: Protection = { blunt: 0, edge: 0, point: 0, fire: 0 };

/** ARMOUR LAYERS used values, seed 003 lines 240-271 (lines 255-256 per hm3.md §1). */
const LAYERS: readonly { line: number; name: string; value: Protection }[] = [
  { line: 240, name: "Quilt+Cloth", value: { blunt: 6, edge: 4, point: 3, fire: 5 } },
  { line: 241, name: "Leather+Cloth", value: { blunt: 3, edge: 5, point: 4, fire: 4 } },
  { line: 242, name: "Leather+Quilt", value: { blunt: 7, edge: 7, point: 5, fire: 7 } },
  { line: 243, name: "Leather+Quilt+Cloth", value: { blunt: 8, edge: 8, point: 6, fire: 8 } },
  { line: 244, name: "Kurbul+Cloth", value: { blunt: 5, edge: 6, point: 5, fire: 4 } },
  { line: 245, name: "Kurbul+Quilt", value: { blunt: 9, edge: 8, point: 6, fire: 7 } },
  { line: 246, name: "Kurbul+Quilt+Cloth", value: { blunt: 10, edge: 9, point: 7, fire: 8 } },
  { line: 247, name: "Ring+Cloth", value: { blunt: 4, edge: 7, point: 5, fire: 4 } },
  { line: 248, name: "Ring+Quilt", value: { blunt: 8, edge: 9, point: 6, fire: 7 } },
  { line: 249, name: "Ring+Quilt+Cloth", value: { blunt: 9, edge: 10, point: 7, fire: 8 } },
  { line: 250, name: "Mail+Cloth", value: { blunt: 3, edge: 9, point: 6, fire: 2 } },
  { line: 251, name: "Mail+Quilt", value: { blunt: 7, edge: 11, point: 7, fire: 5 } },
  { line: 252, name: "Mail+Quilt+Cloth", value: { blunt: 8, edge: 12, point: 8, fire: 6 } },
  { line: 253, name: "Mail+Leather", value: { blunt: 4, edge: 12, point: 8, fire: 4 } },
  { line: 254, name: "Mail+Leather+Cloth", value: { blunt: 5, edge: 13, point: 9, fire: 5 } },
  { line: 255, name: "Mail+Leather+Quilt", value: { blunt: 9, edge: 15, point: 10, fire: 8 } },
  {
    line: 256,
    name: "Mail+Leather+Quilt+Cloth",
    value: { blunt: 10, edge: 16, point: 11, fire: 9 },
  },
  { line: 257, name: "Mail+Kurbul+Cloth", value: { blunt: 7, edge: 14, point: 10, fire: 5 } },
  { line: 258, name: "Mail+Kurbul+Quilt", value: { blunt: 11, edge: 16, point: 11, fire: 8 } },
  {
    line: 259,
    name: "Mail+Kurbul+Quilt+Cloth",
    value: { blunt: 12, edge: 17, point: 12, fire: 9 },
  },
  { line: 260, name: "Mail+Plate+Cloth", value: { blunt: 9, edge: 19, point: 12, fire: 4 } },
  { line: 261, name: "Mail+Plate+Quilt", value: { blunt: 13, edge: 21, point: 13, fire: 7 } },
  { line: 262, name: "Mail+Plate+Quilt+Cloth", value: { blunt: 14, edge: 22, point: 14, fire: 8 } },
  { line: 263, name: "Mail+Plate+Leather", value: { blunt: 10, edge: 22, point: 14, fire: 6 } },
  {
    line: 264,
    name: "Mail+Plate+Leather+Cloth",
    value: { blunt: 11, edge: 23, point: 15, fire: 7 },
  },
  {
    line: 265,
    name: "Mail+Plate+Leather+Quilt",
    value: { blunt: 15, edge: 25, point: 16, fire: 10 },
  },
  { line: 266, name: "Scale+Cloth", value: { blunt: 6, edge: 10, point: 5, fire: 6 } },
  { line: 267, name: "Scale+Quilt", value: { blunt: 10, edge: 12, point: 6, fire: 9 } },
  { line: 268, name: "Scale+Quilt+Cloth", value: { blunt: 11, edge: 13, point: 7, fire: 10 } },
  { line: 269, name: "Plate+Cloth", value: { blunt: 7, edge: 11, point: 7, fire: 3 } },
  { line: 270, name: "Plate+Quilt", value: { blunt: 11, edge: 13, point: 8, fire: 6 } },
  { line: 271, name: "Plate+Quilt+Cloth", value: { blunt: 12, edge: 14, point: 9, fire: 7 } },
];

describe("armourFromLayers (seed 003 lines 273-275, hm3.md §2)", () => {
  it.each(
    named(
      LAYERS,
      (l) => `seed 003 line ${l.line}: ${l.name} worn as layers on the thorax adds up to the table`,
    ),
  )("%s", (_t, { name, value }) => {
    const layers = name
      .toLowerCase()
      .split("+")
      .map((m) => ({ material: m as Material, quality: 0, locations: ["thorax"] }));
    expect(at(layers, "thorax")).toEqual(value);
  });

  it("layers add up; quality adds to every aspect of its layer only (line 275)", () => {
    const layers: ArmourLayer[] = [
      { material: "mail", quality: 2, locations: ["thorax", "abdomen"] },
      { material: "quilt", quality: 0, locations: ["thorax"] },
    ];
    // +2 mail (4/10/7/3) + quilt (5/3/2/4)
    expect(at(layers, "thorax")).toEqual({ blunt: 9, edge: 13, point: 9, fire: 7 });
    expect(at(layers, "abdomen")).toEqual({ blunt: 4, edge: 10, point: 7, fire: 3 });
    expect(at(layers, "skull")).toEqual(NONE);
    // an inferior layer subtracts
    expect(at([{ material: "leather", quality: -1, locations: ["groin"] }], "groin")).toEqual({
      blunt: 1,
      edge: 3,
      point: 2,
      fire: 2,
    });
  });

  it("an unsided paired location covers both sides; a sided one covers its side only", () => {
    const layers: ArmourLayer[] = [
      { material: "mail", quality: 0, locations: ["upper-arm"] },
      { material: "plate", quality: 0, locations: ["left-forearm"] },
      { material: "leather", quality: 0, locations: ["right-forearm", "upper-arm"] },
    ];
    const mailLeather = { blunt: 4, edge: 12, point: 8, fire: 4 }; // line 253
    expect(at(layers, "left-upper-arm")).toEqual(mailLeather);
    expect(at(layers, "right-upper-arm")).toEqual(mailLeather);
    expect(at(layers, "left-forearm")).toEqual(MATERIAL.plate);
    expect(at(layers, "right-forearm")).toEqual(MATERIAL.leather);
    expect(at([{ material: "plate", quality: 0, locations: ["left-hand"] }], "right-hand")).toEqual(
      NONE,
    );
    expect(at([{ material: "plate", quality: 0, locations: ["left-hand"] }], "left-hand")).toEqual(
      MATERIAL.plate,
    );
  });

  it("an unknown location is an error naming the field", () => {
    const layers: ArmourLayer[] = [
      { material: "cloth", quality: 0, locations: ["thorax"] },
      { material: "mail", quality: 0, locations: ["skull", "tail"] },
    ];
    expect(() => armourFromLayers(layers)).toThrow(/layers\[1\]\.locations/);
    expect(() => armourFromLayers(layers)).toThrow(/tail/);
  });

  it("a side on an unpaired location is an error naming the field", () => {
    expect(() =>
      armourFromLayers([{ material: "plate", quality: 0, locations: ["left-skull"] }]),
    ).toThrow(/layers\[0\]\.locations/);
  });

  it("no layers, no armour", () => {
    expect(armourFromLayers([])).toEqual({});
  });
});

// ── Penalties (hm3.md §2) ────────────────────────────────────────────────────────────────────

describe("endurance = round((STR + STA + WIL) / 3)", () => {
  it.each(
    named(
      [
        { str: 12, sta: 13, wil: 13, end: 13 }, // 38 / 3 = 12.67
        { str: 12, sta: 12, wil: 13, end: 12 }, // 37 / 3 = 12.33
        { str: 10, sta: 10, wil: 10, end: 10 },
        { str: 1, sta: 1, wil: 2, end: 1 }, // 1.33
        { str: 1, sta: 2, wil: 2, end: 2 }, // 1.67
        { str: 18, sta: 15, wil: 9, end: 14 },
        { str: 20, sta: 20, wil: 19, end: 20 }, // 19.67
      ],
      (c) => `(${c.str}+${c.sta}+${c.wil})/3 → ${c.end}`,
    ),
  )("%s", (_t, { str, sta, wil, end }) => {
    expect(endurance(str, sta, wil)).toBe(end);
  });
});

describe("universalPenalty and physicalPenalty", () => {
  it("UP = total injury levels + fatigue", () => {
    expect(universalPenalty([], 0)).toBe(0);
    expect(universalPenalty([1], 0)).toBe(1);
    expect(universalPenalty([2, 3], 1)).toBe(6);
    expect(universalPenalty([4, 1, 1], 2)).toBe(8);
  });

  it("PP = UP + encumbrance", () => {
    expect(physicalPenalty(0, 0)).toBe(0);
    expect(physicalPenalty(6, 2)).toBe(8);
    expect(physicalPenalty(universalPenalty([2, 3], 1), 3)).toBe(9);
  });
});

// ── Character rolls (hm3.md §2) ──────────────────────────────────────────────────────────────

const fallback = () => new SeededDice(1);

describe("shockRoll: UP d6 against Endurance", () => {
  it("total equal to Endurance passes", () => {
    const c = shockRoll(new ScriptedDice({ shock: [6, 6, 1] }, fallback()), "shock", 3, 13);
    expect(c).toEqual({
      roll: "shock",
      dice: 3,
      values: [6, 6, 1],
      total: 13,
      target: 13,
      failed: false,
    });
  });

  it("total one above Endurance fails (shock)", () => {
    const c = shockRoll(new ScriptedDice({ shock: [6, 6, 2] }, fallback()), "shock", 3, 13);
    expect(c.total).toBe(14);
    expect(c.failed).toBe(true);
  });

  it("rolls UP dice", () => {
    for (let up = 1; up <= 8; up++) {
      const c = shockRoll(fallback(), "shock", up, 12);
      expect(c.dice, `UP ${up}`).toBe(up);
      expect(c.values, `UP ${up}`).toHaveLength(up);
      expect(c.total).toBe(c.values.reduce((a, b) => a + b, 0));
    }
    // The scripted dice refuse a script of the wrong length: the count asked for is UP.
    expect(() =>
      shockRoll(new ScriptedDice({ shock: [6, 6] }, fallback()), "shock", 3, 13),
    ).toThrow(/rolls\.shock: expected 3 dice/);
  });
});

describe.each(
  named(
    [
      { kind: "fumbleRoll", fn: fumbleRoll, stat: "DEX" },
      { kind: "stumbleRoll", fn: stumbleRoll, stat: "AGL" },
    ],
    (c) => `${c.kind}: 3d6 against ${c.stat} − PP`,
  ),
)("%s", (_t, { fn }) => {
  it("total equal to the target passes", () => {
    const c = fn(new ScriptedDice({ check: [5, 5, 1] }, fallback()), "check", 14, 3);
    expect(c).toEqual({
      roll: "check",
      dice: 3,
      values: [5, 5, 1],
      total: 11,
      target: 11,
      failed: false,
    });
  });

  it("total one above the target fails", () => {
    const c = fn(new ScriptedDice({ check: [5, 5, 2] }, fallback()), "check", 14, 3);
    expect(c.total).toBe(12);
    expect(c.target).toBe(11);
    expect(c.failed).toBe(true);
  });

  it("rolls 3 dice whatever the penalty", () => {
    for (const pp of [0, 4, 9]) {
      const c = fn(fallback(), "check", 12, pp);
      expect(c.dice).toBe(3);
      expect(c.values).toHaveLength(3);
      expect(c.target).toBe(12 - pp);
    }
  });
});

describe("killRoll: (injury level) d6 against Endurance", () => {
  it("K4: total equal to Endurance passes (stands as G4)", () => {
    const c = killRoll(new ScriptedDice({ kill: [6, 4, 2, 1] }, fallback()), "kill", 4, 13);
    expect(c).toEqual({
      roll: "kill",
      dice: 4,
      values: [6, 4, 2, 1],
      total: 13,
      target: 13,
      failed: false,
    });
  });

  it("K4: total one above Endurance fails (dies)", () => {
    const c = killRoll(new ScriptedDice({ kill: [6, 4, 2, 2] }, fallback()), "kill", 4, 13);
    expect(c.total).toBe(14);
    expect(c.failed).toBe(true);
  });

  it("K5 rolls 5 dice", () => {
    const pass = killRoll(new ScriptedDice({ kill: [3, 3, 3, 3, 3] }, fallback()), "kill", 5, 15);
    expect(pass).toMatchObject({ dice: 5, total: 15, failed: false });
    const fail = killRoll(new ScriptedDice({ kill: [3, 3, 3, 3, 4] }, fallback()), "kill", 5, 15);
    expect(fail).toMatchObject({ dice: 5, total: 16, failed: true });
    expect(() =>
      killRoll(new ScriptedDice({ kill: [6, 6, 6, 6] }, fallback()), "kill", 5, 15),
    ).toThrow(/rolls\.kill: expected 5 dice/);
  });
});

describe("wqRoll: 3d6 against Weapon Quality", () => {
  it("total equal to WQ passes", () => {
    const c = wqRoll(new ScriptedDice({ wq: [4, 4, 4] }, fallback()), "wq", 12);
    expect(c).toEqual({
      roll: "wq",
      dice: 3,
      values: [4, 4, 4],
      total: 12,
      target: 12,
      failed: false,
    });
  });

  it("total one above WQ fails (damaged)", () => {
    const c = wqRoll(new ScriptedDice({ wq: [4, 4, 5] }, fallback()), "wq", 12);
    expect(c.total).toBe(13);
    expect(c.failed).toBe(true);
  });

  it("rolls 3 dice", () => {
    const c = wqRoll(fallback(), "wq", 10);
    expect(c.dice).toBe(3);
    expect(c.values).toHaveLength(3);
    expect(() => wqRoll(new ScriptedDice({ wq: [4, 4] }, fallback()), "wq", 12)).toThrow(
      /rolls\.wq: expected 3 dice/,
    );
  });
});

describe("missile range (seed 003 lines 279-295)", () => {
  const longbow = MISSILE_TABLE.find((m) => m.id === "longbow")!;
  it.each([
    [0, "short", 8],
    [25, "short", 8],
    [26, "medium", 7],
    [50, "medium", 7],
    [51, "long", 6],
    [100, "long", 6],
    [101, "extreme", 5],
    [200, "extreme", 5],
  ] as const)("longbow (line 285) at %i hexes: %s band, impact %i", (hexes, band, impact) => {
    expect(rangeBandFor(longbow.bands, hexes)).toBe(band);
    expect(missileImpact(longbow, band)).toBe(impact);
  });

  it("beyond Extreme range is out of range; a negative distance is refused", () => {
    expect(rangeBandFor(longbow.bands, 201)).toBeNull();
    expect(() => rangeBandFor(longbow.bands, -1)).toThrow(/range: expected a distance/);
  });

  it.each([
    [2, "short", 7],
    [4, "medium", 7],
    [8, "long", 4],
    [16, "extreme", 4],
    [17, null, null],
  ] as const)(
    "a thrown melee weapon (line 295, impact 7) at %i hexes: %s, impact %s",
    (hexes, band, impact) => {
      expect(rangeBandFor(THROWN_BANDS, hexes)).toBe(band);
      if (band) expect(thrownImpact(7, band)).toBe(impact);
    },
  );
});

describe("enchanted and flammable armour (seed 003 lines 275, 277)", () => {
  it("enchantment adds +1 a level to every value, with quality", () => {
    expect(layerProtection({ material: "mail", quality: 1, enchantment: 2 })).toEqual({
      blunt: 5,
      edge: 11,
      point: 8,
      fire: 4,
    });
  });

  it("the worn flammable material by location: Quilt over Cloth, sides kept (ruling R12)", () => {
    expect(
      flammableFromLayers([
        { material: "cloth", quality: 0, locations: ["thorax", "left-forearm", "skull"] },
        { material: "quilt", quality: 0, locations: ["thorax"] },
        { material: "mail", quality: 0, locations: ["skull"] },
      ]),
    ).toEqual({ thorax: "quilt", "left-forearm": "cloth", skull: "cloth" });
  });
});
