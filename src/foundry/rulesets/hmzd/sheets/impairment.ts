/**
 * The impairment of each zone on the actor's zone-die tab (Z8, 001:81-87 and 117): zd-state's
 * pure `zoneSummary` (src/rules/hmzd/impairment.ts) of the actor's plan and its injury items'
 * `system.hmzd` blocks, as the `zoneImpairment` input of `hmzdActorPart` (./context.ts). An M
 * injury hinders (5) once its Shock test failed or its ten unhindered minutes are over (the
 * block's `unhindered`, as ./combat.ts reads it); S adds 10; a G prohibits the zone's actions.
 * A sided zone (arms, legs) is summed per side. Pure.
 */
import { zoneSummary, type ZoneInjury } from "../../../../rules/hmzd/impairment";
import { injuryKeyOf } from "../combat";
import { planFromSource } from "../plans";
import type { HmzdBodyPlanSource, HmzdCharacterBlock, HmzdInjuryBlock } from "../source";
import type { ZoneImpairment } from "./context";

/** What impairment reads of the actor's block: its clock and the M injuries not hindering yet. */
export type HinderClock = Pick<HmzdCharacterBlock, "clock" | "unhindered">;

/** Whether an M injury hinders now (Z8): Shock test failed, or its ten minutes are over. */
export function minorHindersNow(block: HmzdInjuryBlock, clock: HinderClock): boolean {
  if (block.shockFailed) return true;
  const key = injuryKeyOf(block as unknown as Record<string, unknown>);
  return !clock.unhindered.some((u) => u.key === key && clock.clock < u.until);
}

/**
 * The injuries impairment can place on `plan`: a zone of the plan, and a side when the zone is
 * sided. Others (an injury of another plan, a sided zone's injury with no side) are left out of
 * the sums; the zone table still lists them under their zone.
 */
function placeable(plan: HmzdBodyPlanSource, block: HmzdInjuryBlock): boolean {
  const zone = plan.zones.find((z) => z.id === block.zone);
  if (!zone) return false;
  if (!["M", "S", "G"].includes(block.severity)) return false;
  if (!Number.isInteger(block.level) || block.level < 1 || block.level > 5) return false;
  return zone.sides.by === "none" || block.side === "left" || block.side === "right";
}

/** The injuries as zd-state's impairment reads them. */
export function zoneInjuries(
  plan: HmzdBodyPlanSource,
  injuries: readonly { id: string; block: HmzdInjuryBlock }[],
  clock: HinderClock,
): ZoneInjury[] {
  return injuries
    .filter((i) => placeable(plan, i.block))
    .map((i) => ({
      key: i.id,
      severity: i.block.severity,
      level: i.block.level,
      zone: i.block.zone,
      side: i.block.side === "none" ? null : i.block.side,
      hinders: minorHindersNow(i.block, clock),
    }));
}

/**
 * Each zone's impairment from the plan's `zoneSummary`: the penalty and prohibition of an
 * unsided zone; of a sided one, each side's (right first), the zone prohibited when a side is.
 */
export function zoneImpairments(
  plan: HmzdBodyPlanSource,
  injuries: readonly { id: string; block: HmzdInjuryBlock }[],
  clock: HinderClock,
): Record<string, ZoneImpairment> {
  const rows = zoneSummary(planFromSource(plan), zoneInjuries(plan, injuries, clock));
  const out: Record<string, ZoneImpairment> = {};
  for (const row of rows) {
    const zone = (out[row.zone] ??= { penalty: 0, forbidden: false });
    zone.penalty += row.penalty;
    zone.forbidden ||= row.forbidden;
    if (row.side)
      (zone.sides ??= []).push({ side: row.side, penalty: row.penalty, forbidden: row.forbidden });
  }
  return out;
}

/** `hmzdActorPart`'s `zoneImpairment` from the summary of the actor's plan and injuries. */
export function zoneImpairmentOf(
  plan: HmzdBodyPlanSource,
  injuries: readonly { id: string; block: HmzdInjuryBlock }[],
  clock: HinderClock,
): (zone: string) => ZoneImpairment {
  const byZone = zoneImpairments(plan, injuries, clock);
  return (zone) => byZone[zone] ?? { penalty: 0, forbidden: false };
}
