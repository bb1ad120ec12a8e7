/**
 * Armour for hmzd (ruling Z13 of `hmzd.md` §8; the location mapping is the project's ruling
 * Z25, docs/rulings.md): the armour value at a location and aspect is the sum of the HM3
 * pieces worn there, each piece's values from its material with quality and enchantment
 * (HM3's `layerProtection`, seed 003 lines 219-275 with the hm3.md §1 errata and ruling R13),
 * summed by HM3's `armourFromLayers`; F (fire or frost, 001:107) is HM3's Fire column.
 *
 * HM3 armour names HM3's sixteen human locations; the hmzd human plan has fifteen (001:36-51):
 * fourteen share HM3's names, and the pelvis stands for HM3's groin and hips. Z25: a piece
 * protects the pelvis when it covers the groin and both hips (every HM3 piece that covers one
 * covers all three), or names `pelvis` itself. Creature plans made for hmzd keep the HM3
 * creature plans' location ids (ruling Z24), so their armour maps one to one.
 */
import type { BodyPlan } from "../../core/body";
import { deepFreeze } from "../../core/data";
import { InputError } from "../../core/errors";
import {
  armourFromLayers,
  coveredIds,
  layerProtection,
  parseMaterial,
  type ArmourLayer,
} from "../hm3/mechanics";
import { LOCATIONS, type Aspect, type Material } from "../hm3/tables";
import { coreBodyPlan } from "./plan";
import { HUMAN_PLAN } from "./tables";
import type { HmzdAspect } from "./types";

/** Armour values of one location, per hmzd aspect (HM3's columns: F is HM3's Fire, Z13). */
export type ZdProtection = Record<HmzdAspect, number>;

/** The hmzd human plan's id for the HM3 groin and hips (Z25). */
export const PELVIS = "pelvis";
/** The HM3 locations the pelvis stands for: a piece must cover all three (Z25). */
export const PELVIS_PARTS: readonly string[] = Object.freeze(["groin", "left-hip", "right-hip"]);

/** The hmzd human plan (001:36-51, §2; the engine's table) as a core body plan. */
export const HMZD_HUMAN_BODY: BodyPlan = deepFreeze(coreBodyPlan(HUMAN_PLAN));

/** One armour piece worn (the HM3 armour item's figures: `system.hm3` of an armour item). */
export interface ZdArmourPiece {
  material: Material | string;
  quality: number;
  enchantment?: number;
  /** Location ids: HM3's human ids (groin, hip…), hmzd's (`pelvis`), or a creature plan's. */
  locations: readonly string[];
}

/**
 * The sided hmzd human ids one piece's location list covers (Z25): HM3's ids expanded to both
 * sides where paired; `pelvis` kept; groin and both hips together become the pelvis; groin or
 * a hip alone cover nothing of the hmzd plan.
 */
export function humanCoverage(locations: readonly string[], field = "locations"): string[] {
  const hm3: string[] = [];
  const out = new Set<string>();
  for (const [i, loc] of locations.entries()) {
    if (typeof loc !== "string")
      throw new InputError(`${field}[${i}]`, loc, "expected a location id");
    if (loc === PELVIS) out.add(PELVIS);
    else hm3.push(...coveredIds(loc, `${field}[${i}]`));
  }
  const covered = new Set(hm3);
  for (const id of covered) {
    const base = id.replace(/^(left|right)-/, "");
    if (base !== "groin" && base !== "hip") out.add(id);
  }
  if (PELVIS_PARTS.every((p) => covered.has(p))) out.add(PELVIS);
  return [...out];
}

function toZd(p: Readonly<Record<Aspect, number>> | undefined): ZdProtection {
  return { blunt: p?.blunt ?? 0, edge: p?.edge ?? 0, point: p?.point ?? 0, fire: p?.fire ?? 0 };
}

/** Every sided id of a plan, in plan order. */
export function sidedIds(plan: BodyPlan): string[] {
  return plan.locations.flatMap((l) => (l.paired ? [`left-${l.id}`, `right-${l.id}`] : [l.id]));
}

/**
 * The armour values at every (sided) location of a plan, per hmzd aspect (Z13): the sum of the
 * pieces worn there. Without `plan`, the hmzd human plan, mapping HM3's human locations (Z25);
 * with a creature plan, the pieces name that plan's ids. Every location is listed, zeros
 * included. Throws an InputError naming `pieces[i].material` or `pieces[i].locations[j]`.
 */
export function zdArmour(
  pieces: readonly ZdArmourPiece[],
  plan?: BodyPlan,
  field = "armour",
): Record<string, ZdProtection> {
  const target = plan ?? HMZD_HUMAN_BODY;
  const layers: ArmourLayer[] = pieces.map((piece, i) => {
    const f = `${field}[${i}]`;
    if (!Array.isArray(piece.locations))
      throw new InputError(`${f}.locations`, piece.locations, "expected a list of location ids");
    return {
      material: parseMaterial(piece.material, `${f}.material`),
      quality: readBonus(piece.quality, `${f}.quality`),
      enchantment: readBonus(piece.enchantment ?? 0, `${f}.enchantment`),
      locations: plan ? piece.locations : humanCoverage(piece.locations, `${f}.locations`),
    };
  });
  const summed = armourFromLayers(layers, target);
  const out: Record<string, ZdProtection> = {};
  for (const id of sidedIds(target)) out[id] = toZd(summed[id]);
  return out;
}

function readBonus(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isInteger(value))
    throw new InputError(field, value, "expected a whole number");
  return value;
}

/** One piece's own values per hmzd aspect (its material with quality and enchantment). */
export function pieceProtection(
  piece: Pick<ZdArmourPiece, "material" | "quality" | "enchantment">,
  field = "piece",
): ZdProtection {
  return toZd(
    layerProtection({
      material: parseMaterial(piece.material, `${field}.material`),
      quality: readBonus(piece.quality, `${field}.quality`),
      enchantment: readBonus(piece.enchantment ?? 0, `${field}.enchantment`),
    }),
  );
}

/** Whether an id is one of HM3's sixteen human locations (sided or not). */
export function isHm3Location(id: string): boolean {
  return (LOCATIONS as readonly string[]).includes(id.replace(/^(left|right)-/, ""));
}
