/**
 * The impairment of one zone for the zone-die sheet (the `zoneImpairment` input of the sheet's
 * pure `hmzdActorPart`, ./sheets/context.ts; issue 18 "impairment shown on the sheet per zone"):
 * the zone's injuries as the attack and defence dialogs count them (./combat.ts, Z8): M 5 once
 * it hinders (its Shock test failed, or its ten unhindered minutes are over by the block's clock,
 * 001:83), S 10 (001:85), any G forbids the zone's actions (001:87). Pure.
 */
import { MINOR_PENALTY, SERIOUS_PENALTY } from "../../../rules/hmzd/impairment";
import { minorHinders, type HmzdBlockData } from "../../../rules/hmzd/turn";
import { injuryKeyOf } from "./combat";
import type { HmzdInjuryBlock } from "./source";

/** What the sheet shows of a zone: the sum of its injuries' penalties, and whether a G forbids. */
export interface HmzdZoneImpairment {
  penalty: number;
  forbidden: boolean;
}

/** The block fields the M injuries' ten minutes are read from (`system.hmzd`). */
export interface HmzdClockFields {
  clock: number;
  unhindered: readonly { key: string; until: number }[];
}

/**
 * The sheet's `zoneImpairment` for an actor whose block is `block`: for `zone`, the penalty of
 * the injuries given that lie in it, and whether one of them is Grievous.
 */
export function hmzdZoneImpairment(
  block: HmzdClockFields,
): (zone: string, injuries: readonly HmzdInjuryBlock[]) => HmzdZoneImpairment {
  const data = {
    clock: block.clock,
    unhindered: block.unhindered.map((u) => ({ ...u })),
  } as unknown as HmzdBlockData;
  return (zone, injuries) => {
    let penalty = 0;
    let forbidden = false;
    for (const injury of injuries) {
      if (injury.zone !== zone) continue;
      if (injury.severity === "G") forbidden = true;
      else if (injury.severity === "S") penalty += SERIOUS_PENALTY;
      else if (
        injury.shockFailed ||
        minorHinders(data, injuryKeyOf(injury as unknown as Record<string, unknown>))
      )
        penalty += MINOR_PENALTY;
    }
    return { penalty, forbidden };
  };
}
