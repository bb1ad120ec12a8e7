/**
 * HârnMaster Gold rest (seed 000 line 113; rulings G66, G93): "FPs are recovered at a rate equal
 * to Condition SI for every 2 minutes of rest". The action `rest` (the hm3 ruleset's, run by a
 * macro as `game.blowByBlow.rulesetAction("rest", {actorUuid, minutes})` or by the actor sheet's
 * Rest button) takes the fatigue of an actor the user owns (or any, for the GM) down by its
 * Condition SI per whole 2 minutes (`fatigueAfterRest`, the core's), never below 0, and says so
 * in a notification. Checked at the click: the option on, the user's ownership, the minutes.
 */
import type { Hm3Derived } from "../../../rules/hm3/character-types";
import { fatigueAfterRest } from "../../../rules/hm3/gold/turns-encumbrance";
import { resolveUuid, userOwns } from "../../combat/permissions";
import { goldFatigueOn } from "./gold-fatigue";

/** The lang keys of the action and of the sheet's figures. */
export const REST_KEYS = Object.freeze({
  optionOff: "BLOWBYBLOW.HM3.Gold.Fatigue.optionOff",
  notOwner: "BLOWBYBLOW.HM3.Gold.Fatigue.notOwner",
  notDerived: "BLOWBYBLOW.HM3.Gold.Fatigue.notDerived",
  badMinutes: "BLOWBYBLOW.HM3.Gold.Fatigue.badMinutes",
  rested: "BLOWBYBLOW.HM3.Gold.Fatigue.rested",
});

/** Most minutes one rest may take (a day): a larger figure is more likely a typo. */
export const REST_MAX_MINUTES = 1440;
/** What the sheet's button rests: one period of recovery (000:113). */
export const REST_SHEET_MINUTES = 2;

interface RestActor {
  name: string;
  uuid: string;
  system: unknown;
  testUserPermission(user: unknown, level: string): boolean;
  update(changes: Record<string, unknown>): Promise<unknown>;
}

/** The fatigue left and recovered after `minutes` of rest, or why none can be taken. */
export function restOutcome(
  system: unknown,
  minutes: unknown,
): { fatigue: number; recovered: number } | { problem: keyof typeof REST_KEYS } {
  if (typeof minutes !== "number" || !Number.isInteger(minutes) || minutes < 1)
    return { problem: "badMinutes" };
  if (minutes > REST_MAX_MINUTES) return { problem: "badMinutes" };
  const s = (system ?? {}) as { hm3?: { fatigue?: unknown }; derived?: Partial<Hm3Derived> };
  const gold = s.derived?.goldEncumbrance;
  const fatigue = s.hm3?.fatigue;
  if (!gold || typeof fatigue !== "number") return { problem: "notDerived" };
  const after = fatigueAfterRest(fatigue, gold.conditionMl, minutes);
  return { fatigue: after, recovered: fatigue - after };
}

/** Rests the actor of `actorUuid` for `minutes` (default 2); the new fatigue, or null. */
export async function rest(args: {
  actorUuid: string;
  minutes?: number;
}): Promise<{ fatigue: number; recovered: number } | null> {
  const i18n = game.i18n;
  const warn = (key: string, data: Record<string, string> = {}) =>
    ui.notifications?.warn(i18n.format(key, data));
  if (!goldFatigueOn()) {
    warn(REST_KEYS.optionOff);
    return null;
  }
  const actor = (await resolveUuid(args.actorUuid)) as RestActor | null;
  const user = game.user as unknown as Parameters<typeof userOwns>[0];
  if (!actor || !userOwns(user, actor as never)) {
    warn(REST_KEYS.notOwner);
    return null;
  }
  const minutes = args.minutes ?? REST_SHEET_MINUTES;
  const out = restOutcome(actor.system, minutes);
  if ("problem" in out) {
    warn(REST_KEYS[out.problem], { minutes: String(minutes), max: String(REST_MAX_MINUTES) });
    return null;
  }
  await actor.update({ "system.hm3.fatigue": out.fatigue });
  ui.notifications?.info(
    i18n.format(REST_KEYS.rested, {
      name: actor.name,
      minutes: String(minutes),
      recovered: String(out.recovered),
      fatigue: String(out.fatigue),
    }),
  );
  return out;
}
