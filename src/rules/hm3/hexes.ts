/**
 * HârnMaster 3 reads every distance in hexes (ruling R37: 5 ft to a hex, hm3.md §3): a missile's
 * range bands and HârnMaster Gold weapon reach. The scene's distance between tokens is in its
 * grid units; this converts it (ruling R43). Pure: the adapter measures and names the units
 * (`AttackSituation.units`).
 */
import { InputError } from "../../core/errors";

/** Hexes per unit of a scene's distance, by the scene's units as GMs write them (ruling R43). */
const HEXES_PER_UNIT: Readonly<Record<string, number>> = Object.freeze({
  hex: 1,
  hexes: 1,
  // 5 ft to a hex (R37).
  ft: 1 / 5,
  feet: 1 / 5,
  foot: 1 / 5,
  // A yard is 3 ft: 3/5 of a hex.
  yd: 3 / 5,
  yds: 3 / 5,
  yard: 3 / 5,
  yards: 3 / 5,
  // A hex of 5 ft is 1.524 m.
  m: 1 / 1.524,
  meter: 1 / 1.524,
  meters: 1 / 1.524,
  metre: 1 / 1.524,
  metres: 1 / 1.524,
});

/**
 * Hexes per unit of a scene's distance (ruling R43): hexes as they are, feet ÷ 5, yards × 3/5,
 * metres ÷ 1.524; null for units it cannot read (none, or others). `units` is compared without
 * case, spaces or a final full stop.
 */
export function hexesPerUnit(units: string | null | undefined): number | null {
  const u = (units ?? "").trim().toLowerCase().replace(/\.$/, "");
  return Object.hasOwn(HEXES_PER_UNIT, u) ? HEXES_PER_UNIT[u]! : null;
}

/**
 * A scene's distance in hexes (ruling R43): converted from its units; with no units (a request
 * that names none, as the CLI and the tests make) or units it cannot read, as hexes. Null stays
 * null (not measured). Rounded to a millionth, so 50 ft is 10 hexes exactly.
 */
export function distanceHexes(
  distance: number | null,
  units: string | null | undefined,
): number | null {
  if (distance === null) return null;
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0)
    throw new InputError("situation.distance", distance, "expected a distance of 0 or more");
  const hexes = distance * (hexesPerUnit(units) ?? 1);
  return Math.round(hexes * 1e6) / 1e6;
}
