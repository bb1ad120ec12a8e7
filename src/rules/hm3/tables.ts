/**
 * HârnMaster 3 combat tables, transcribed from seed 003 (`../shared/seeds/003_25ffefe9b42e4188.txt`)
 * with the errata of `../shared/rules/hm3.md` §1. Line numbers below are seed 003 lines.
 * Everything here is frozen; the lookups in the other modules return copies.
 */
import type { BodyPlan, Region } from "../../core/body";

/** Success levels, in the matrix's column order (hm3.md §1: CF MF MS CS left to right). */
export const LEVELS = ["CF", "MF", "MS", "CS"] as const;
export type Level = (typeof LEVELS)[number];

export const MELEE_DEFENCES = ["block", "counterstrike", "dodge", "ignore"] as const;
export type MeleeDefence = (typeof MELEE_DEFENCES)[number];
export const MISSILE_DEFENCES = ["block", "dodge", "ignore"] as const;
export type MissileDefence = (typeof MISSILE_DEFENCES)[number];
export type DefenceType = MeleeDefence;

/** Matrix result codes (seed 003 KEY, lines 12-26). `★` is written `*`, `•` is `miss`. */
export const RESULT_CODES = [
  "A*1",
  "A*2",
  "A*3",
  "A*4",
  "D*1",
  "D*2",
  "D*3",
  "B*1",
  "B*2",
  "M*1",
  "M*2",
  "M*3",
  "block",
  "miss",
  "DTA",
  "AF",
  "DF",
  "BF",
  "AS",
  "DS",
  "BS",
  "wild",
] as const;
export type ResultCode = (typeof RESULT_CODES)[number];

/** Row of a matrix for one attacker level: one cell per defender level, and the Ignore cell. */
export interface MatrixRow {
  readonly vs: Readonly<
    Record<Exclude<DefenceType, "ignore">, Readonly<Record<Level, ResultCode>>>
  >;
  readonly ignore: ResultCode;
}

function row(
  block: [ResultCode, ResultCode, ResultCode, ResultCode],
  counterstrike: [ResultCode, ResultCode, ResultCode, ResultCode] | null,
  dodge: [ResultCode, ResultCode, ResultCode, ResultCode],
  ignore: ResultCode,
): MatrixRow {
  const cells = (c: ResultCode[]) => Object.freeze({ CF: c[0]!, MF: c[1]!, MS: c[2]!, CS: c[3]! });
  const vs: Record<string, Readonly<Record<Level, ResultCode>>> = {
    block: cells(block),
    dodge: cells(dodge),
  };
  if (counterstrike) vs.counterstrike = cells(counterstrike);
  return Object.freeze({ vs: Object.freeze(vs) as MatrixRow["vs"], ignore });
}

/**
 * MELEE ATTACK matrix, seed 003 lines 5-10. Rows are the attacker's level; cells are the
 * defender's level under each defence. The MF/Ignore cell is printed `MF` (line 8) and read as
 * `A*1` (hm3.md §1 erratum).
 */
export const MELEE_MATRIX: Readonly<Record<Level, MatrixRow>> = Object.freeze({
  CF: row(
    ["BF", "AF", "DTA", "DTA"],
    ["BF", "AF", "D*2", "D*3"],
    ["BS", "AS", "DTA", "DTA"],
    "DTA",
  ), // line 7
  MF: row(
    ["DF", "block", "DTA", "DTA"],
    ["DF", "block", "D*1", "D*2"],
    ["DS", "miss", "miss", "DTA"],
    "A*1",
  ), // line 8
  MS: row(
    ["A*2", "A*1", "block", "DTA"],
    ["A*3", "A*2", "B*1", "D*1"],
    ["A*2", "A*1", "miss", "miss"],
    "A*3",
  ), // line 9
  CS: row(
    ["A*3", "A*2", "A*1", "block"],
    ["A*4", "A*3", "A*1", "B*2"],
    ["A*3", "A*2", "A*1", "miss"],
    "A*4",
  ), // line 10
});

/** MISSILE ATTACK matrix, seed 003 lines 30-35 (no Counterstrike column). */
export const MISSILE_MATRIX: Readonly<Record<Level, MatrixRow>> = Object.freeze({
  CF: row(["wild", "wild", "wild", "wild"], null, ["wild", "wild", "wild", "wild"], "wild"), // line 32
  MF: row(["miss", "miss", "miss", "miss"], null, ["miss", "miss", "miss", "miss"], "miss"), // line 33
  MS: row(["M*2", "M*1", "block", "block"], null, ["M*2", "M*1", "miss", "miss"], "M*2"), // line 34
  CS: row(["M*3", "M*2", "M*1", "block"], null, ["M*3", "M*2", "M*1", "miss"], "M*3"), // line 35
});

/** Strike locations in the seed's order (lines 74-89); `paired` marks the seed's `•`. */
export const LOCATIONS = [
  "skull",
  "face",
  "neck",
  "shoulder",
  "upper-arm",
  "elbow",
  "forearm",
  "hand",
  "thorax",
  "abdomen",
  "groin",
  "hip",
  "thigh",
  "knee",
  "calf",
  "foot",
] as const;
export type LocationId = (typeof LOCATIONS)[number];

/** Region of each strike location: arms (shoulder to hand) and legs (hip to foot) are paired. */
export const LOCATION_REGION: Readonly<Record<LocationId, Region>> = Object.freeze({
  skull: "head",
  face: "head",
  neck: "neck",
  shoulder: "arm",
  "upper-arm": "arm",
  elbow: "arm",
  forearm: "arm",
  hand: "arm",
  thorax: "torso",
  abdomen: "torso",
  groin: "torso",
  hip: "leg",
  thigh: "leg",
  knee: "leg",
  calf: "leg",
  foot: "leg",
});

/** The human body plan of seed 003. */
export const HUMAN_PLAN: BodyPlan = Object.freeze({
  id: "hm3-human",
  locations: Object.freeze(
    LOCATIONS.map((id) =>
      Object.freeze({
        id,
        region: LOCATION_REGION[id],
        paired: LOCATION_REGION[id] === "arm" || LOCATION_REGION[id] === "leg",
      }),
    ),
  ),
});

export const AIM_ZONES = ["high", "mid", "low"] as const;
export type AimZone = (typeof AIM_ZONES)[number];

/** An inclusive d100 range; `00` is written 100. */
export interface Range {
  readonly from: number;
  readonly to: number;
}
const r = (from: number, to: number): Range => Object.freeze({ from, to });

/**
 * AIMING ZONE table, seed 003 lines 54-70: for each location, its d100 range in the High, Mid
 * and Low columns (null where the seed prints `•`). High/Abdomen is printed `95 - 00` (line 64)
 * and read `96 - 00` (hm3.md §1 erratum). Aiming High or Low is EML −10 (line 54).
 */
export const AIM_TABLE: Readonly<Record<LocationId, Readonly<Record<AimZone, Range | null>>>> =
  Object.freeze({
    skull: Object.freeze({ high: r(1, 15), mid: r(1, 5), low: null }), // line 55
    face: Object.freeze({ high: r(16, 30), mid: r(6, 10), low: null }), // line 56
    neck: Object.freeze({ high: r(31, 45), mid: r(11, 15), low: null }), // line 57
    shoulder: Object.freeze({ high: r(46, 57), mid: r(16, 27), low: null }), // line 58
    "upper-arm": Object.freeze({ high: r(58, 69), mid: r(28, 33), low: null }), // line 59
    elbow: Object.freeze({ high: r(70, 73), mid: r(34, 35), low: null }), // line 60
    forearm: Object.freeze({ high: r(74, 81), mid: r(36, 39), low: r(1, 6) }), // line 61
    hand: Object.freeze({ high: r(82, 85), mid: r(40, 43), low: r(7, 12) }), // line 62
    thorax: Object.freeze({ high: r(86, 95), mid: r(44, 60), low: r(13, 19) }), // line 63
    abdomen: Object.freeze({ high: r(96, 100), mid: r(61, 70), low: r(20, 29) }), // line 64 (erratum)
    groin: Object.freeze({ high: null, mid: r(71, 74), low: r(30, 35) }), // line 65
    hip: Object.freeze({ high: null, mid: r(75, 80), low: r(36, 49) }), // line 66
    thigh: Object.freeze({ high: null, mid: r(81, 88), low: r(50, 70) }), // line 67
    knee: Object.freeze({ high: null, mid: r(89, 90), low: r(71, 78) }), // line 68
    calf: Object.freeze({ high: null, mid: r(91, 96), low: r(79, 92) }), // line 69
    foot: Object.freeze({ high: null, mid: r(97, 100), low: r(93, 100) }), // line 70
  });

/** EML modifier for each aiming zone (seed 003 line 54). */
export const AIM_EML: Readonly<Record<AimZone, number>> = Object.freeze({
  high: -10,
  mid: 0,
  low: -10,
});

export const FACE_PARTS = ["jaw", "eye", "cheek", "nose", "ear", "mouth"] as const;
export type FacePart = (typeof FACE_PARTS)[number];

/** †FACE sub-table, seed 003 lines 112-114; `paired` marks the seed's `•` (odd left, even right). */
export const FACE_TABLE: readonly Readonly<{ part: FacePart; range: Range; paired: boolean }>[] =
  Object.freeze([
    Object.freeze({ part: "jaw", range: r(1, 15), paired: false }),
    Object.freeze({ part: "eye", range: r(16, 30), paired: true }),
    Object.freeze({ part: "cheek", range: r(31, 65), paired: true }),
    Object.freeze({ part: "nose", range: r(66, 80), paired: false }),
    Object.freeze({ part: "ear", range: r(81, 90), paired: true }),
    Object.freeze({ part: "mouth", range: r(91, 100), paired: false }),
  ] as const);

export const SEVERITIES = ["M", "S", "G", "K"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** One INJURY TABLE cell: severity and level (`S2`), `♦` (fumble/stumble) and `▼` (amputation). */
export interface InjuryCell {
  readonly severity: Severity;
  readonly level: number;
  /** `♦`: a Fumble roll on an arm location, a Stumble roll on a leg location (hm3.md §1). */
  readonly fumbleStumble: boolean;
  /** `▼`: an Amputation roll (hm3.md §2: with the Edge aspect). */
  readonly amputation: boolean;
}

/** Lower bounds of the INJURY TABLE columns (seed 003 line 94): 1+, 5+, 9+, 13+, 17+. */
export const IMPACT_BANDS = Object.freeze([1, 5, 9, 13, 17] as const);

function cell(code: string): InjuryCell {
  const m = /^(♦)?([MSGK])(\d)(▼)?$/u.exec(code);
  if (!m) throw new Error(`Bad injury cell ${code}`);
  return Object.freeze({
    severity: m[2] as Severity,
    level: Number(m[3]),
    fumbleStumble: m[1] === "♦",
    amputation: m[4] === "▼",
  });
}
const injuryRow = (...codes: string[]) => Object.freeze(codes.map(cell));

/** INJURY TABLE, seed 003 lines 95-110, rows in strike-location order (hm3.md §1). */
export const INJURY_TABLE: Readonly<Record<LocationId, readonly InjuryCell[]>> = Object.freeze({
  skull: injuryRow("M1", "S2", "S3", "K4", "K5"), // line 95
  face: injuryRow("M1", "S2", "S3", "G4", "K5"), // line 96
  neck: injuryRow("M1", "S2", "S3", "K4", "K5▼"), // line 97
  shoulder: injuryRow("♦M1", "♦S2", "♦S3", "♦G4", "♦K4"), // line 98
  "upper-arm": injuryRow("♦M1", "♦M1", "♦S2", "♦S3", "♦G4▼"), // line 99
  elbow: injuryRow("♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"), // line 100
  forearm: injuryRow("♦M1", "♦M1", "♦S2", "♦S3", "♦G4▼"), // line 101
  hand: injuryRow("♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"), // line 102
  thorax: injuryRow("M1", "S2", "S3", "G4", "K5"), // line 103
  abdomen: injuryRow("M1", "S2", "S3", "K4", "K5"), // line 104
  groin: injuryRow("M1", "S2", "S3", "G4", "G5▼"), // line 105
  hip: injuryRow("♦M1", "♦S2", "♦S3", "♦G4", "♦K4"), // line 106
  thigh: injuryRow("♦M1", "♦S2", "♦S3", "♦G4", "♦K4▼"), // line 107
  knee: injuryRow("♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"), // line 108
  calf: injuryRow("♦M1", "♦M1", "♦S2", "♦S3", "♦G4▼"), // line 109
  foot: injuryRow("♦M1", "♦S2", "♦S3", "♦G4", "♦G5▼"), // line 110
});

/** Strike aspects; `fire` is the fourth armour column (seed 003 line 219). */
export const ASPECTS = ["blunt", "edge", "point", "fire"] as const;
export type Aspect = (typeof ASPECTS)[number];

/** Creature aspects read as armour aspects (seed 003 lines 229-235). */
export const ASPECT_ALIASES: Readonly<Record<string, Aspect>> = Object.freeze({
  squeeze: "blunt",
  bite: "point",
  tear: "edge",
  frost: "fire",
});

export type Protection = Readonly<Record<Aspect, number>>;
const p = (blunt: number, edge: number, point: number, fire: number): Protection =>
  Object.freeze({ blunt, edge, point, fire });

export const MATERIALS = [
  "cloth",
  "quilt",
  "leather",
  "kurbul",
  "ring",
  "mail",
  "scale",
  "plate",
] as const;
export type Material = (typeof MATERIALS)[number];

/** ARMOUR PROTECTIVE VALUES, seed 003 lines 219-227 (Cloth/Hair, Quilt/Fur, Leather/Hide…). */
export const MATERIAL_PROTECTION: Readonly<Record<Material, Protection>> = Object.freeze({
  cloth: p(1, 1, 1, 1), // line 220
  quilt: p(5, 3, 2, 4), // line 221
  leather: p(2, 4, 3, 3), // line 222
  kurbul: p(4, 5, 4, 3), // line 223
  ring: p(3, 6, 4, 3), // line 224
  mail: p(2, 8, 5, 1), // line 225
  scale: p(5, 9, 4, 5), // line 226
  plate: p(6, 10, 6, 2), // line 227
});

/** Other names the seed gives a material (line 219-222: Cloth/Hair, Quilt/Fur, Leather/Hide). */
export const MATERIAL_ALIASES: Readonly<Record<string, Material>> = Object.freeze({
  hair: "cloth",
  fur: "quilt",
  hide: "leather",
});

export interface LayerCombination {
  readonly materials: readonly Material[];
  /** As printed in the seed. */
  readonly printed: Protection;
  /** As used: the sum of the materials (hm3.md §1: two printed rows are slips). */
  readonly value: Protection;
  readonly line: number;
}

function layer(name: string, line: number, printed: Protection): LayerCombination {
  const materials = Object.freeze(name.split("+").map((m) => m.toLowerCase() as Material));
  const value: Record<Aspect, number> = { blunt: 0, edge: 0, point: 0, fire: 0 };
  for (const m of materials) for (const a of ASPECTS) value[a] += MATERIAL_PROTECTION[m][a];
  return Object.freeze({ materials, printed, value: Object.freeze({ ...value }), line });
}

/** ARMOUR LAYERS, seed 003 lines 239-271, printed values kept beside the values used. */
export const LAYER_COMBINATIONS: readonly LayerCombination[] = Object.freeze([
  layer("Quilt+Cloth", 240, p(6, 4, 3, 5)),
  layer("Leather+Cloth", 241, p(3, 5, 4, 4)),
  layer("Leather+Quilt", 242, p(7, 7, 5, 7)),
  layer("Leather+Quilt+Cloth", 243, p(8, 8, 6, 8)),
  layer("Kurbul+Cloth", 244, p(5, 6, 5, 4)),
  layer("Kurbul+Quilt", 245, p(9, 8, 6, 7)),
  layer("Kurbul+Quilt+Cloth", 246, p(10, 9, 7, 8)),
  layer("Ring+Cloth", 247, p(4, 7, 5, 4)),
  layer("Ring+Quilt", 248, p(8, 9, 6, 7)),
  layer("Ring+Quilt+Cloth", 249, p(9, 10, 7, 8)),
  layer("Mail+Cloth", 250, p(3, 9, 6, 2)),
  layer("Mail+Quilt", 251, p(7, 11, 7, 5)),
  layer("Mail+Quilt+Cloth", 252, p(8, 12, 8, 6)),
  layer("Mail+Leather", 253, p(4, 12, 8, 4)),
  layer("Mail+Leather+Cloth", 254, p(5, 13, 9, 5)),
  layer("Mail+Leather+Quilt", 255, p(9, 15, 11, 9)),
  layer("Mail+Leather+Quilt+Cloth", 256, p(10, 16, 12, 10)),
  layer("Mail+Kurbul+Cloth", 257, p(7, 14, 10, 5)),
  layer("Mail+Kurbul+Quilt", 258, p(11, 16, 11, 8)),
  layer("Mail+Kurbul+Quilt+Cloth", 259, p(12, 17, 12, 9)),
  layer("Mail+Plate+Cloth", 260, p(9, 19, 12, 4)),
  layer("Mail+Plate+Quilt", 261, p(13, 21, 13, 7)),
  layer("Mail+Plate+Quilt+Cloth", 262, p(14, 22, 14, 8)),
  layer("Mail+Plate+Leather", 263, p(10, 22, 14, 6)),
  layer("Mail+Plate+Leather+Cloth", 264, p(11, 23, 15, 7)),
  layer("Mail+Plate+Leather+Quilt", 265, p(15, 25, 16, 10)),
  layer("Scale+Cloth", 266, p(6, 10, 5, 6)),
  layer("Scale+Quilt", 267, p(10, 12, 6, 9)),
  layer("Scale+Quilt+Cloth", 268, p(11, 13, 7, 10)),
  layer("Plate+Cloth", 269, p(7, 11, 7, 3)),
  layer("Plate+Quilt", 270, p(11, 13, 8, 6)),
  layer("Plate+Quilt+Cloth", 271, p(12, 14, 9, 7)),
]);

export const RANGE_BANDS = ["short", "medium", "long", "extreme"] as const;
export type RangeBand = (typeof RANGE_BANDS)[number];

/** Missile EML by range band, seed 003 line 283 (EML +0 / −20 / −40 / −80). */
export const RANGE_EML: Readonly<Record<RangeBand, number>> = Object.freeze({
  short: 0,
  medium: -20,
  long: -40,
  extreme: -80,
});

export interface MissileBand {
  /** Maximum range of the band, in hexes. */
  readonly hexes: number;
  /** Impact at this band. */
  readonly impact: number;
}

export interface MissileRow {
  readonly id: string;
  readonly name: string;
  /** The seed's `•`: a thrown weapon. */
  readonly thrown: boolean;
  readonly bands: Readonly<Record<RangeBand, MissileBand>>;
  readonly line: number;
}

function missile(
  id: string,
  name: string,
  thrown: boolean,
  line: number,
  b: [number, number, number, number, number, number, number, number],
): MissileRow {
  const band = (hexes: number, impact: number) => Object.freeze({ hexes, impact });
  return Object.freeze({
    id,
    name,
    thrown,
    line,
    bands: Object.freeze({
      short: band(b[0], b[1]),
      medium: band(b[2], b[3]),
      long: band(b[4], b[5]),
      extreme: band(b[6], b[7]),
    }),
  });
}

/** MISSILE DATA TABLE, seed 003 lines 281-294 (Hexes/Impact per band). */
export const MISSILE_TABLE: readonly MissileRow[] = Object.freeze([
  missile("shortbow", "Shortbow", false, 284, [20, 6, 40, 5, 80, 4, 160, 3]),
  missile("longbow", "Longbow", false, 285, [25, 8, 50, 7, 100, 6, 200, 5]),
  missile("hartbow", "Hartbow", false, 286, [30, 9, 60, 8, 120, 7, 240, 6]),
  missile("crossbow", "Crossbow", false, 287, [20, 8, 40, 7, 80, 6, 160, 5]),
  missile("blowgun", "Blowgun", false, 288, [5, 0, 10, 0, 20, 0, 40, 0]),
  missile("sling", "Sling", false, 289, [15, 4, 30, 3, 60, 2, 120, 2]),
  missile("staff-sling", "Staff-Sling", false, 290, [25, 5, 50, 4, 100, 3, 200, 3]),
  missile("taburi", "Taburi", true, 291, [4, 4, 8, 3, 16, 2, 32, 2]),
  missile("shorkana", "Shorkana", true, 292, [3, 5, 6, 4, 12, 3, 24, 3]),
  missile("javelin", "Javelin", true, 293, [8, 7, 16, 6, 32, 5, 64, 4]),
  missile("spear", "Spear", true, 294, [6, 8, 12, 7, 24, 6, 48, 5]),
]);

/**
 * Thrown melee weapons, seed 003 line 295: range 2/4/8/16 hexes, impact 100%/100%/50%/50% of
 * the weapon's impact for the aspect.
 */
export const THROWN_MELEE: Readonly<
  Record<RangeBand, Readonly<{ hexes: number; impactPercent: number }>>
> = Object.freeze({
  short: Object.freeze({ hexes: 2, impactPercent: 100 }),
  medium: Object.freeze({ hexes: 4, impactPercent: 100 }),
  long: Object.freeze({ hexes: 8, impactPercent: 50 }),
  extreme: Object.freeze({ hexes: 16, impactPercent: 50 }),
});

/** ACTION OPTIONS, seed 003 lines 125-137. */
export const ACTION_OPTIONS = Object.freeze([
  "rest",
  "pass",
  "free-move",
  "engage",
  "charge",
  "disengage",
  "rise",
  "grope",
  "mount-dismount",
  "melee-attack",
  "missile-attack",
  "grapple-attack",
  "esoteric-attack",
] as const);
export type ActionOption = (typeof ACTION_OPTIONS)[number];

/** DEFENSE OPTIONS, seed 003 lines 141-149. */
export const DEFENCE_OPTIONS = Object.freeze([
  "block",
  "counterstrike",
  "dodge",
  "ignore",
  "grapple-defence",
  "missile-defence",
  "esoteric-defence",
  "opportunity-fire",
  "catch-missile",
] as const);
export type DefenceOption = (typeof DEFENCE_OPTIONS)[number];
