/**
 * Impairment by zone (seed 001 lines 81-87 and 117, hmzd.md §4, ruling Z8, the project's Z22):
 * an injury hinders only the actions that use its zone. M: 5 once its Shock test failed or ten
 * minutes passed; S: 10; G: the zone's actions are prohibited. The zone's kind is read from the
 * body plan (its `region`), so creature plans work as the human one does. Pure.
 */
import type { Region } from "../../core/body";
import { InputError, readNumber } from "../../core/errors";
import type { HmzdSeverity } from "./tables";
import type { HmzdPlan, HmzdPlanZone } from "./types";

/** An injury as impairment reads it. */
export interface ZoneInjury {
  /** Names it in the result (the injury's key or item id); optional. */
  key?: string;
  severity: HmzdSeverity;
  /** Injury level 1-5 (for the result's `code`). */
  level: number;
  /** The plan's zone id it is in (`arms`). */
  zone: string;
  /** Its side in a sided zone (from the sided location id); null otherwise. */
  side: "left" | "right" | null;
  /**
   * For an M injury: whether it hinders now (its Shock test failed, or ten minutes passed;
   * turn.ts `minorHinders`). Ignored for S and G.
   */
  hinders: boolean;
}

/** A side of the body an action's hand is on. */
export type BodySide = "left" | "right";

/**
 * An action as impairment reads it (Z8): a weapon, shield or hand action uses the arm zone of
 * the hand that holds it (both arms for two hands); Dodge, movement and kicks use the leg zones;
 * a creature's own action (a bite, a claw) names the zones it uses. Head, neck and torso zones
 * are involved in every action.
 */
export type ImpairmentAction =
  | { kind: "weapon" | "shield" | "hand"; hand: BodySide | "both" }
  | { kind: "dodge" | "move" | "kick" }
  | { kind: "zones"; zones: readonly string[] };

/** The side of the main or off hand (the main hand is the right one unless left-handed). */
export function handSide(hand: "main" | "off", leftHanded = false): BodySide {
  return (hand === "main") !== leftHanded ? "right" : "left";
}

/** One zone (and side) an action involves. */
export interface ZoneRef {
  zone: string;
  side: BodySide | null;
}

/** What one injury does to the action. */
export interface InjuryImpairment {
  key?: string;
  /** `M1`…`G5`. */
  code: string;
  zone: string;
  side: BodySide | null;
  /** The penalty it adds (M 5 when it hinders, S 10; G 0, it forbids). */
  penalty: number;
  forbids: boolean;
}

/** The impairment of one action. */
export interface Impairment {
  /** The EML penalty: the sum of the involved injuries' (Z8); subtract it from the EML. */
  penalty: number;
  /** A G injury in an involved zone prohibits the action (001:87). */
  forbidden: boolean;
  /** The zones the action involves, in plan order (a sided zone once per side involved). */
  zones: ZoneRef[];
  /** The injuries that count, each with what it adds. */
  injuries: InjuryImpairment[];
}

/** M 5 (when it hinders, 001:83), S 10 (001:85), G prohibits (001:87). */
export const MINOR_PENALTY = 5;
export const SERIOUS_PENALTY = 10;

/**
 * What a zone of this region is used for (Z8 for the human kinds; Z22 for the others): head,
 * neck and torso every action; arm the hand actions of its side; leg dodge, movement and kicks;
 * wing dodge and movement (a flyer's); tail and other zones only actions that name them.
 */
function regionUse(region: Region): "all" | "hand" | "legs" | "wings" | "named" {
  switch (region) {
    case "head":
    case "neck":
    case "torso":
      return "all";
    case "arm":
      return "hand";
    case "leg":
      return "legs";
    case "wing":
      return "wings";
    default:
      return "named";
  }
}

function zoneOf(plan: HmzdPlan, id: string, field: string): HmzdPlanZone {
  const zone = plan.zones.find((z) => z.id === id);
  if (!zone)
    throw new InputError(
      field,
      id,
      `not a zone of plan ${plan.id} (expected one of ${plan.zones.map((z) => z.id).join(", ")})`,
    );
  return zone;
}

/** The zone refs one zone contributes: one per side for a sided zone, else one unsided. */
function refsOf(zone: HmzdPlanZone, sides: readonly BodySide[] | null): ZoneRef[] {
  if (!zone.sides) return [{ zone: zone.id, side: null }];
  return (sides ?? (["right", "left"] as const)).map((side) => ({ zone: zone.id, side }));
}

/** The zones (and sides) an action involves in a plan (Z8, Z22). */
export function involvedZones(plan: HmzdPlan, action: ImpairmentAction): ZoneRef[] {
  const named = action.kind === "zones" ? action.zones : [];
  named.forEach((id, i) => zoneOf(plan, id, `action.zones.${i}`));
  const hands: readonly BodySide[] | null =
    action.kind === "weapon" || action.kind === "shield" || action.kind === "hand"
      ? action.hand === "both"
        ? ["right", "left"]
        : [action.hand]
      : null;
  const out: ZoneRef[] = [];
  for (const zone of plan.zones) {
    const use = regionUse(zone.region);
    if (named.includes(zone.id) || use === "all") out.push(...refsOf(zone, null));
    else if (use === "hand" && hands) out.push(...refsOf(zone, hands));
    else if (
      use === "legs" &&
      (action.kind === "dodge" || action.kind === "move" || action.kind === "kick")
    )
      out.push(...refsOf(zone, null));
    else if (use === "wings" && (action.kind === "dodge" || action.kind === "move"))
      out.push(...refsOf(zone, null));
  }
  return out;
}

function readInjury(plan: HmzdPlan, injury: ZoneInjury, field: string): HmzdPlanZone {
  if (!["M", "S", "G"].includes(injury.severity))
    throw new InputError(`${field}.severity`, injury.severity, "expected M, S or G");
  readNumber(injury.level, `${field}.level`, { integer: true, min: 1, max: 5 });
  const zone = zoneOf(plan, injury.zone, `${field}.zone`);
  if (injury.side !== null && injury.side !== "left" && injury.side !== "right")
    throw new InputError(`${field}.side`, injury.side, "expected left, right or null");
  if (zone.sides && injury.side === null)
    throw new InputError(`${field}.side`, injury.side, `zone ${zone.id} is sided: left or right`);
  return zone;
}

function injuryEffect(injury: ZoneInjury, zone: HmzdPlanZone): InjuryImpairment {
  const penalty =
    injury.severity === "S"
      ? SERIOUS_PENALTY
      : injury.severity === "M" && injury.hinders
        ? MINOR_PENALTY
        : 0;
  const out: InjuryImpairment = {
    code: `${injury.severity}${injury.level}`,
    zone: zone.id,
    side: zone.sides ? injury.side : null,
    penalty,
    forbids: injury.severity === "G",
  };
  if (injury.key !== undefined) out.key = injury.key;
  return out;
}

function involves(refs: readonly ZoneRef[], e: InjuryImpairment): boolean {
  return refs.some((r) => r.zone === e.zone && (r.side === null || r.side === e.side));
}

/**
 * The impairment of an action (Z8): every injury in a zone the action involves adds its penalty
 * (M 5 once it hinders, S 10); any G injury there forbids the action. Injuries are validated
 * against the plan; errors name `injuries.N.field`.
 */
export function impairment(
  plan: HmzdPlan,
  injuries: readonly ZoneInjury[],
  action: ImpairmentAction,
): Impairment {
  const zones = involvedZones(plan, action);
  const counted: InjuryImpairment[] = [];
  injuries.forEach((injury, i) => {
    const e = injuryEffect(injury, readInjury(plan, injury, `injuries.${i}`));
    if (involves(zones, e)) counted.push(e);
  });
  let penalty = 0;
  for (const e of counted) penalty += e.penalty;
  return { penalty, forbidden: counted.some((e) => e.forbids), zones, injuries: counted };
}

/** One row of the sheet's impairment summary: a zone (and side) and what its injuries do. */
export interface ZoneSummary extends ZoneRef {
  region: Region;
  /** The sum of its injuries' penalties. */
  penalty: number;
  /** A G injury there: its actions are prohibited. */
  forbidden: boolean;
  /** Its injuries' codes, in the order given. */
  injuries: string[];
}

/**
 * The sheet's summary, one row per zone of the plan in order (a sided zone once per side, right
 * first): its injuries, their penalty and whether its actions are prohibited.
 */
export function zoneSummary(plan: HmzdPlan, injuries: readonly ZoneInjury[]): ZoneSummary[] {
  const effects = injuries.map((injury, i) =>
    injuryEffect(injury, readInjury(plan, injury, `injuries.${i}`)),
  );
  const rows: ZoneSummary[] = [];
  for (const zone of plan.zones)
    for (const ref of refsOf(zone, null)) {
      const here = effects.filter((e) => e.zone === ref.zone && e.side === ref.side);
      rows.push({
        ...ref,
        region: zone.region,
        penalty: here.reduce((t, e) => t + e.penalty, 0),
        forbidden: here.some((e) => e.forbids),
        injuries: here.map((e) => e.code),
      });
    }
  return rows;
}
