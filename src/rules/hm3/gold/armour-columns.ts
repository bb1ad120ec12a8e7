/**
 * HârnMaster Gold's six armour aspects (seed 000 lines 330-336, "Ring & Scale Armour") and
 * cutting weapons (lines 63-69): which armour column a strike reads, and what each worn layer
 * gives on the Squeeze and Tear columns. Rulings G20-G23 (docs/rulings.md).
 */
import { type Aspect, type Material, type Protection } from "../tables";

/** The two armour columns HârnMaster Gold adds to HM3's four (seed 000 line 334). */
export const GOLD_COLUMNS = ["squeeze", "tear"] as const;
export type GoldColumn = (typeof GOLD_COLUMNS)[number];
/** Every armour column: HM3's Blunt, Edge, Point, Fire and Gold's Squeeze, Tear. */
export type ArmourColumn = Aspect | GoldColumn;

/** Six-column protection; Squeeze and Tear absent read as Blunt and Edge (ruling R1, G20). */
export type SixProtection = Readonly<Record<ArmourColumn, number>>;

/** The HM3 column a Gold column falls back to (ruling R1: Squeeze = Blunt, Tear = Edge). */
export const COLUMN_FALLBACK: Readonly<Record<GoldColumn, Aspect>> = Object.freeze({
  squeeze: "blunt",
  tear: "edge",
});

/**
 * The corrected Ring and Scale values of seed 000 lines 335-336 (B E P F S T), which include
 * the leather backing: with `ringScaleArmour` on they replace HM3's own rows (seed 003 lines
 * 224, 226) on every column (ruling G21).
 */
export const GOLD_RING_SCALE: Readonly<Record<"ring" | "scale", SixProtection>> = Object.freeze({
  ring: Object.freeze({ blunt: 3, edge: 7, point: 2, fire: 6, squeeze: 1, tear: 6 }), // line 335
  scale: Object.freeze({ blunt: 4, edge: 7, point: 5, fire: 7, squeeze: 1, tear: 7 }), // line 336
});

/** What a worn piece may say of its own Squeeze and Tear (null or absent: the material's). */
export interface SixAspectOverride {
  squeeze?: number | null;
  tear?: number | null;
}

/**
 * A material's six base values with `ringScaleArmour` on: Ring and Scale the seed's (G21), every
 * other material its HM3 row with Squeeze = Blunt and Tear = Edge (R1); a piece's own Squeeze
 * or Tear base, when given, replaces the material's (G22).
 */
export function sixAspectBase(
  material: Material,
  hm3: Protection,
  override?: SixAspectOverride,
): SixProtection {
  const gold = material === "ring" || material === "scale" ? GOLD_RING_SCALE[material] : null;
  const base = gold ?? { ...hm3, squeeze: hm3.blunt, tear: hm3.edge };
  return {
    blunt: base.blunt,
    edge: base.edge,
    point: base.point,
    fire: base.fire,
    squeeze: override?.squeeze ?? base.squeeze,
    tear: override?.tear ?? base.tear,
  };
}

/**
 * One worn layer's six values with `ringScaleArmour` on: its base (`sixAspectBase`) + quality +
 * enchantment on every column, never below 0 (seed 003 line 275, ruling R13), as
 * `layerProtection` does for HM3's four.
 */
export function sixAspectLayer(
  material: Material,
  hm3: Protection,
  bonus: number,
  override?: SixAspectOverride,
): SixProtection {
  const base = sixAspectBase(material, hm3, override);
  const v = (n: number) => Math.max(0, n + bonus);
  return {
    blunt: v(base.blunt),
    edge: v(base.edge),
    point: v(base.point),
    fire: v(base.fire),
    squeeze: v(base.squeeze),
    tear: v(base.tear),
  };
}

/** One location's armour entry: HM3's four columns and, with six aspects, Squeeze and Tear. */
export type ArmourEntry = Partial<Record<ArmourColumn, number>>;

/** A location's value on a column; a missing Squeeze or Tear reads Blunt or Edge (R1, G20). */
export function columnValue(entry: ArmourEntry | undefined, column: ArmourColumn): number {
  if (!entry) return 0;
  const v = entry[column];
  if (v !== undefined) return v;
  return column === "squeeze" || column === "tear" ? (entry[COLUMN_FALLBACK[column]] ?? 0) : 0;
}

/** The options this file reads. */
export interface ColumnOptions {
  ringScaleArmour: boolean;
  cuttingWeapons: boolean;
}

/**
 * The armour column a strike reads. HM3 (R1): a creature aspect reads its alias's column
 * (`armourAspect`). With `ringScaleArmour` a Squeeze strike reads Squeeze and a Tear strike
 * Tear (G20). With `cuttingWeapons` an Edge strike of a cutting weapon reads Tear (seed 000
 * line 69; G23: its Point or Blunt strikes are not cuts). `aspect` is the armour aspect the
 * strike counts as (R1), `name` the strike's own aspect name.
 */
export function strikeColumn(
  name: string,
  aspect: Aspect,
  cutting: boolean | undefined,
  options: ColumnOptions,
): ArmourColumn {
  if (options.ringScaleArmour && (name === "squeeze" || name === "tear")) return name;
  if (options.cuttingWeapons && cutting === true && aspect === "edge") return "tear";
  return aspect;
}
