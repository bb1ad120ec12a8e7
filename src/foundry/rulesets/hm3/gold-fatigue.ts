/**
 * HârnMaster Gold fatigue in combat (seed 000 lines 109-113; ruling G66): with the world option
 * `encumbranceFatigue`, each minute of combat (6 rounds of 10 seconds) adds each fighter's
 * Fatigue Rate (ENC / 10, at least 1: the derivation's `goldEncumbrance.fatigueRate`) to his
 * fatigue (`system.hm3.fatigue`, which raises UP and PP). Run by the active GM's client as a
 * round starts (the tracker's `_onStartRound`): rounds 7, 13, 19… Each minute is added once per
 * combat (`flags["blow-by-blow"].goldFatigueRound` keeps the last round that added it), so going
 * back a round and forward again adds nothing twice. A defeated combatant rests: nothing added.
 */
import { minuteEndsAt } from "../../../rules/hm3/gold/turns-encumbrance";
import type { Hm3Derived } from "../../../rules/hm3/character-types";

/** What this reads and writes of a Combat. */
export interface FatigueCombatLike {
  round: number;
  flags?: unknown;
  combatants: Iterable<{
    defeated?: boolean;
    actor: {
      uuid: string;
      system: unknown;
      update(changes: Record<string, unknown>): Promise<unknown>;
    } | null;
  }>;
  update(changes: Record<string, unknown>): Promise<unknown>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The option as the world has it (off outside Foundry or before the settings). */
export function goldFatigueOn(): boolean {
  try {
    const g = (globalThis as { game?: { settings?: { get(ns: string, k: string): unknown } } })
      .game;
    return (
      g?.settings?.get("blow-by-blow", "ruleset") === "hm3" &&
      g.settings.get("blow-by-blow", "hm3.encumbranceFatigue") === true
    );
  } catch {
    return false;
  }
}

/**
 * Adds a minute's fatigue as round `round` starts, when a minute ends there (`minuteEndsAt`)
 * and it was not added before. Returns each fighter's name-free record `{uuid, added, fatigue}`.
 */
export async function addMinuteFatigue(
  combat: FatigueCombatLike,
  round: number,
): Promise<{ uuid: string; added: number; fatigue: number }[]> {
  if (!minuteEndsAt(round)) return [];
  const own = isObj(combat.flags) ? combat.flags["blow-by-blow"] : undefined;
  const last = isObj(own) && typeof own.goldFatigueRound === "number" ? own.goldFatigueRound : 0;
  if (round <= last) return [];
  await combat.update({ flags: { "blow-by-blow": { goldFatigueRound: round } } });
  const out: { uuid: string; added: number; fatigue: number }[] = [];
  const seen = new Set<string>();
  for (const c of combat.combatants) {
    const actor = c.actor;
    if (!actor || c.defeated || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    const system = isObj(actor.system) ? actor.system : {};
    const derived = system.derived as Partial<Hm3Derived> | undefined;
    const rate = derived?.goldEncumbrance?.fatigueRate;
    const hm3 = isObj(system.hm3) ? system.hm3 : {};
    if (typeof rate !== "number" || typeof hm3.fatigue !== "number") continue;
    const fatigue = hm3.fatigue + rate;
    await actor.update({ "system.hm3.fatigue": fatigue });
    out.push({ uuid: actor.uuid, added: rate, fatigue });
  }
  return out;
}
