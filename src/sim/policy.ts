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
 * A duel's policy may fix some of these (`AttackPreference`, a defence id); what it fixes is
 * checked against the fighter when the duel is made (`checkPolicy`). When what it fixes is not
 * possible in an exchange (the item not ready, the defence not allowed against that attack),
 * the fighter does the best it can instead, as above.
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
import { defenceOptions, hm3Combat } from "../rules/hm3";

/** The distance a missile is shot at (hexes): inside the Short band of every HM3 missile. */
export const MISSILE_DISTANCE = 10;

/** The world defaults of the HM3 optional rules. */
export function worldDefaults(): Record<string, boolean> {
  return Object.fromEntries(hm3Combat.optionalRules.map((r) => [r.id, r.default]));
}

/** What a policy may fix of the attack (null or absent: the best). */
export interface AttackPreference {
  itemId?: string | null;
  mode?: string | null;
  aim?: string | null;
}

/**
 * The attacker's request: the ready attack with the highest target, among those `prefer`
 * allows (its item, its aspect); none allowed is ready: the best of all. Aimed at
 * `prefer.aim` where the option has that aim, else the middle zone.
 */
export function bestAttack(
  a: FighterSnapshot,
  b: FighterSnapshot,
  prefer: AttackPreference = {},
): AttackRequest {
  const options = hm3Combat.attackOptions(a, b).filter((o) => !o.unavailableKey);
  const allowed = options.filter(
    (o) =>
      (!prefer.itemId || o.itemId === prefer.itemId) &&
      (!prefer.mode || o.modes.some((m) => m.id === prefer.mode)),
  );
  let best: { request: AttackRequest; value: number; impact: number } | null = null;
  for (const option of allowed.length ? allowed : options) {
    const aim = prefer.aim && option.aims.some((z) => z.id === prefer.aim) ? prefer.aim : "mid";
    for (const mode of option.modes) {
      if (allowed.length && prefer.mode && mode.id !== prefer.mode) continue;
      const request: AttackRequest = {
        itemId: option.itemId,
        mode: mode.id,
        aim,
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

/**
 * The defender's request: the available defence with the highest target; with `prefer` (a
 * defence id, not "best"), that defence when it is available, else the best. A defence that
 * needs an aim (a counterstrike) aims at `aim` where it can, else the middle zone.
 */
export function bestDefence(
  options: readonly ChoiceOptionView[],
  prefer: string | null = null,
  aim: string | null = null,
): ChoiceRequest {
  const available = options.filter((o) => !o.unavailableKey);
  const fixed =
    prefer && prefer !== "best" ? available.filter((o) => o.id === prefer) : ([] as const);
  let best: { request: ChoiceRequest; value: number } | null = null;
  for (const option of fixed.length ? fixed : available) {
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
        aim: !option.aims.length
          ? null
          : aim && option.aims.some((z) => z.id === aim)
            ? aim
            : "mid",
        custom: [],
      };
      if (!best || c.value > best.value) best = { request, value: c.value };
    }
  }
  if (!best) throw new InputError("defender", null, "has no defence available");
  return best.request;
}

/** A duel policy as `checkPolicy` reads it. */
export interface PolicyInput {
  itemId?: string | null;
  mode?: string | null;
  aim?: string | null;
  defence?: string | null;
}

const AIMS = ["high", "mid", "low"] as const;

/**
 * Checks a policy against its fighter: the item must be one of its attack options, the aspect
 * one of that item's (or of any item's), the aim high, mid or low, the defence "best" or an HM3
 * defence. Refused with an InputError naming `<field>.<key>` and the value.
 */
export function checkPolicy(fighter: FighterSnapshot, policy: PolicyInput, field = "policy"): void {
  if (policy === null || typeof policy !== "object" || Array.isArray(policy))
    throw new InputError(field, policy, "expected an object");
  const options = hm3Combat.attackOptions(fighter, null);
  const { itemId, mode, aim, defence } = policy;
  let withItem = options;
  if (itemId !== undefined && itemId !== null) {
    withItem = options.filter((o) => o.itemId === itemId);
    if (!withItem.length)
      throw new InputError(
        `${field}.itemId`,
        itemId,
        `expected the id of one of ${fighter.name}'s weapons (${options.map((o) => o.itemId).join(", ") || "none"})`,
      );
  }
  if (mode !== undefined && mode !== null) {
    const modes = [...new Set(withItem.flatMap((o) => o.modes.map((m) => m.id)))];
    if (!modes.includes(mode))
      throw new InputError(`${field}.mode`, mode, `expected one of ${modes.join(", ")}`);
  }
  if (aim !== undefined && aim !== null && !(AIMS as readonly string[]).includes(aim))
    throw new InputError(`${field}.aim`, aim, `expected one of ${AIMS.join(", ")}`);
  const defences = ["best", ...defenceOptions("melee").map((o) => o.id)];
  if (defence !== undefined && defence !== null && !defences.includes(defence))
    throw new InputError(`${field}.defence`, defence, `expected one of ${defences.join(", ")}`);
}
