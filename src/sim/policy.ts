/**
 * The simple policy of the CLI's `fight`, the duels and the workbench (docs/duel.md):
 *
 * - the attacker uses the ready attack (item and aspect) with the highest target (at equal
 *   targets, the aspect with the highest impact), aimed at the middle zone; a missile shoots
 *   at 10 hexes (the Short band of every missile);
 * - the defender takes the available defence with the highest target (Ignore only when nothing
 *   else is available), with its best item and, for a counterstrike, the aspect with the
 *   highest impact at the middle zone.
 *
 * Pure: over fighter snapshots and the ruleset's combat rules (`hm3Combat`).
 */
import type {
  AttackRequest,
  ChoiceOptionView,
  ChoiceRequest,
  FighterSnapshot,
} from "../core/combat";
import { InputError } from "../core/errors";
import { hm3Combat } from "../rules/hm3";

/** The distance a missile is shot at (hexes): inside the Short band of every HM3 missile. */
export const MISSILE_DISTANCE = 10;

/** The world defaults of the HM3 optional rules. */
export function worldDefaults(): Record<string, boolean> {
  return Object.fromEntries(hm3Combat.optionalRules.map((r) => [r.id, r.default]));
}

/** The attacker's request: the ready attack with the highest target. */
export function bestAttack(a: FighterSnapshot, b: FighterSnapshot): AttackRequest {
  let best: { request: AttackRequest; value: number; impact: number } | null = null;
  for (const option of hm3Combat.attackOptions(a, b)) {
    if (option.unavailableKey) continue;
    for (const mode of option.modes) {
      const request: AttackRequest = {
        itemId: option.itemId,
        mode: mode.id,
        aim: "mid",
        band: null,
        situation: {
          engagingDefender: 1,
          defenderProne: b.conditions.includes("prone"),
          distance: option.kind === "missile" ? MISSILE_DISTANCE : 1,
        },
        custom: [],
      };
      const value = hm3Combat.attackTarget(a, b, request).value;
      // The highest target; at equal targets the aspect with the highest impact.
      if (!best || value > best.value || (value === best.value && mode.impact > best.impact))
        best = { request, value, impact: mode.impact };
    }
  }
  if (!best) throw new InputError("attacker", a.name, "has no ready weapon to attack with");
  return best.request;
}

/** The defender's request: the available defence with the highest target. */
export function bestDefence(options: readonly ChoiceOptionView[]): ChoiceRequest {
  let best: { request: ChoiceRequest; value: number } | null = null;
  for (const option of options) {
    if (option.unavailableKey) continue;
    const candidates = option.items.length
      ? option.items.map((item) => ({
          itemId: item.itemId as string | null,
          value: item.target?.value ?? -1,
          mode: [...item.modes].sort((x, y) => y.impact - x.impact)[0]?.id ?? null,
        }))
      : [{ itemId: null, value: option.target?.value ?? -1, mode: null }];
    for (const c of candidates) {
      const request: ChoiceRequest = {
        optionId: option.id,
        itemId: c.itemId,
        mode: c.mode,
        aim: option.aims.length ? "mid" : null,
        custom: [],
      };
      if (!best || c.value > best.value) best = { request, value: c.value };
    }
  }
  if (!best) throw new InputError("defender", null, "has no defence available");
  return best.request;
}
