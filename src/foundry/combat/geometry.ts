/**
 * What a ruleset reads of the map beyond distance, engagement and prone (`SituationExtra`,
 * src/core/combat.ts; issue 17): facing from the two tokens' rotations and centres (the pure
 * `arcOf`, src/core/facing.ts), the light from the scene's darkness (`lightOfDarkness`, ruling
 * M110) and the grid's units. `measureSituation` (./snapshot.ts) adds these for the rulesets
 * that ask (`CombatRules.situation`); the GM's client measures the same way on its own canvas.
 */
import {
  SITUATION_EXTRA_FIELDS,
  type AttackSituation,
  type SituationExtra,
} from "../../core/combat";
import { arcOf, lightOfDarkness, type Arc } from "../../core/facing";

type Extras = Pick<AttackSituation, "fromArc" | "toArc" | "light" | "units">;

/** A token as facing needs it: its centre and its document's rotation (degrees, 0 south). */
export interface FacingToken {
  center: { x: number; y: number };
  document: { rotation?: number | null };
}

/** What of the scene and grid the extras read. */
export interface ExtrasView {
  scene?: { environment?: { darknessLevel?: number | null } | null } | null;
  grid?: { units?: string | null } | null;
}

/** Each requested extra's fields, all null: the canvas could not measure them. */
export function unmeasuredExtras(extra: readonly SituationExtra[]): Extras {
  const out: Extras = {};
  for (const e of extra) for (const k of SITUATION_EXTRA_FIELDS[e]) out[k] = null;
  return out;
}

/** Where `other` stands in `token`'s arcs; null without a rotation or on the same point. */
function arcFrom(token: FacingToken, other: FacingToken): Arc | null {
  const rotation = token.document.rotation;
  if (typeof rotation !== "number" || !Number.isFinite(rotation)) return null;
  const { x, y } = other.center;
  if (x === token.center.x && y === token.center.y) return null;
  return arcOf(token.center, rotation, { x, y });
}

/**
 * The requested extras measured on the canvas that shows the defender's token: facing needs
 * the attacker's token there too (else null); the light is the scene's darkness (null when the
 * scene has none recorded); units are the grid's ("" when it has none).
 */
export function measureExtras(
  attacker: FacingToken | null,
  defender: FacingToken,
  view: ExtrasView,
  extra: readonly SituationExtra[],
): Extras {
  const out = unmeasuredExtras(extra);
  if (extra.includes("facing") && attacker) {
    out.fromArc = arcFrom(defender, attacker);
    out.toArc = arcFrom(attacker, defender);
  }
  if (extra.includes("light")) {
    const d = view.scene?.environment?.darknessLevel;
    out.light =
      typeof d === "number" && Number.isFinite(d)
        ? lightOfDarkness(Math.min(1, Math.max(0, d)))
        : null;
  }
  if (extra.includes("units")) out.units = view.grid?.units ?? "";
  return out;
}
