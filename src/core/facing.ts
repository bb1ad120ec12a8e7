/**
 * Facing and light on a map, as pure geometry (issue 17): where a figure stands in another's
 * arcs from their positions and the other's rotation, and the light level a scene's darkness
 * gives. The Foundry adapter reads positions, rotations and the scene's darkness from the canvas
 * (src/foundry/combat/geometry.ts); a ruleset decides what an arc or a light level does.
 *
 * Positions are canvas points (x to the right, y downwards). A rotation is Foundry's token
 * rotation: degrees clockwise, 0 facing south (down the screen) — v13's TokenDocument
 * `rotation` ("A value of 0 represents a southward-facing Token").
 *
 * Arcs (ruling M108, reading seed 004 L1970-1976: "front = 3 hexes; then right side, left side,
 * back"): the bearing from the facing figure to the other, measured from its facing, is front
 * when under 90° either way (the three front hexes: 0° and ±60°; on a square grid the square
 * ahead and its two diagonals), back when over 150° (the one back hex at 180°), and the right or
 * left side in between (±120° on hexes; ±90° and ±135° on squares). Right is clockwise on the
 * screen: the figure's own right hand.
 */
import { InputError, readNumber } from "./errors";

/** Where one figure stands in another's arcs. */
export const ARCS = ["front", "right", "left", "back"] as const;
export type Arc = (typeof ARCS)[number];

/** A point on the canvas. */
export interface MapPoint {
  x: number;
  y: number;
}

/** Under this many degrees from the facing: front (ruling M108). */
export const FRONT_LIMIT = 90;
/** Over this many degrees from the facing: back (ruling M108). */
export const BACK_LIMIT = 150;

/**
 * The signed angle, in degrees in (−180, 180], from the facing of a figure at `from` with
 * `rotation` to the figure at `to`: positive is clockwise on the screen (the figure's right).
 */
export function bearingFromFacing(from: MapPoint, rotation: number, to: MapPoint): number {
  const r = readNumber(rotation, "rotation");
  const dx = readNumber(to.x, "to.x") - readNumber(from.x, "from.x");
  const dy = readNumber(to.y, "to.y") - readNumber(from.y, "from.y");
  if (dx === 0 && dy === 0)
    throw new InputError("to", to, "stands on the same point: no bearing from the facing");
  // Facing at rotation 0 is (0, 1); screen angles grow clockwise (y is down).
  const facing = 90 + r;
  const toward = (Math.atan2(dy, dx) * 180) / Math.PI;
  let d = (((toward - facing) % 360) + 360) % 360;
  if (d > 180) d -= 360;
  // Round away floating-point dust so 90° and 150° land exactly on the limits.
  return Math.round(d * 1e6) / 1e6;
}

/** The arc of the figure at `from` (facing `rotation`) that `to` stands in (ruling M108). */
export function arcOf(from: MapPoint, rotation: number, to: MapPoint): Arc {
  const d = bearingFromFacing(from, rotation, to);
  const a = Math.abs(d);
  if (a < FRONT_LIMIT) return "front";
  if (a > BACK_LIMIT) return "back";
  return d > 0 ? "right" : "left";
}

/** Light levels (seed 004 L1724-1726): normal, bad light, total darkness. */
export const LIGHT_LEVELS = ["normal", "dim", "dark"] as const;
export type LightLevel = (typeof LIGHT_LEVELS)[number];

/** A scene darkness of this or more is bad light (ruling M110). */
export const DIM_FROM = 0.5;
/** A scene darkness of this or more is total darkness (ruling M110). */
export const DARK_FROM = 1;

/**
 * The light a scene's darkness level (0 daylight … 1 full darkness, v13's
 * `scene.environment.darknessLevel`) gives (ruling M110): under 0.5 normal, from 0.5 bad light,
 * at 1 total darkness. Light sources on the map are not read: the dialog lets the user say so,
 * and a player's change waits for the GM as any changed situation does.
 */
export function lightOfDarkness(darkness: number): LightLevel {
  const d = readNumber(darkness, "darkness", { min: 0, max: 1 });
  if (d >= DARK_FROM) return "dark";
  if (d >= DIM_FROM) return "dim";
  return "normal";
}
