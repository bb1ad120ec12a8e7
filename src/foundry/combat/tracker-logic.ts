/**
 * The combat tracker's decisions as pure functions over plain data (no Foundry globals), used
 * by tracker.ts and tested on their own:
 *
 * - `advantageDecision`: tactical advantage per character turn (hm3.md §2, "Only one tactical
 *   advantage per character turn"): the first gained in a character turn gives an immediate
 *   extra action, a second in the same turn is refused (the turn ends instead). The count is
 *   kept on the combatant whose turn it is (`system.advantages`), with the turn it counts for
 *   (`system.turnKey` = `<round>.<turn>`): a count stored for another turn counts as none, so
 *   a turn resets even when no GM client saw it start.
 * - `defeatedUpdates`: which combatants an actor's incapacitating condition marks defeated
 *   (idempotent: combatants already defeated are left alone).
 * - `combatantConditions` / `conditionsMarkup`: the system's conditions an actor has, as the
 *   tracker shows them under the combatant's name (names from lang keys only, escaped).
 */
import type { ConditionEffect } from "../config";
import { escapeHtml } from "../sheets/common";

/** A combatant's per-turn state (the Combatant `base` data model's `system`). */
export interface AdvantageState {
  advantages: number;
  turnKey: string;
}

export type AdvantageOutcome = "extraAction" | "refused";

/** The key of a character turn: round and turn index. */
export function turnKey(round: number, turn: number): string {
  return `${round}.${turn}`;
}

/** Tactical advantages already taken in the character turn `key` (0 when stored for another turn). */
export function advantagesThisTurn(
  state: Partial<AdvantageState> | null | undefined,
  key: string,
): number {
  if (!state || state.turnKey !== key) return 0;
  const n = Number(state.advantages);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/**
 * A tactical advantage gained during character turn `key`, decided from the state of the
 * combatant whose turn it is. `extraAction` comes with the state to store (one advantage in
 * this turn); `refused` leaves the state as it was (hm3.md §2: one per character turn; the
 * second ends the turn, which is the GM's to advance).
 */
export function advantageDecision(
  state: Partial<AdvantageState> | null | undefined,
  key: string,
): { outcome: AdvantageOutcome; state: AdvantageState } {
  const taken = advantagesThisTurn(state, key);
  if (taken === 0) return { outcome: "extraAction", state: { advantages: 1, turnKey: key } };
  return { outcome: "refused", state: { advantages: taken, turnKey: key } };
}

/** The state a combatant starts its turn `key` with. */
export function freshTurn(key: string): AdvantageState {
  return { advantages: 0, turnKey: key };
}

// ── Defeated ──────────────────────────────────────────────────────────────────────────────────

/** Whether any of `statuses` takes its bearer out of the fight. */
export function isIncapacitated(
  statuses: Iterable<string>,
  incapacitating: readonly string[],
): boolean {
  const set = new Set(statuses);
  return incapacitating.some((c) => set.has(c));
}

/** A combatant as the defeated check reads it. */
export interface CombatantRef {
  id: string;
  defeated: boolean;
  /** The UUID of the combatant's actor (an unlinked token's synthetic actor), or null. */
  actorUuid: string | null;
}

/**
 * The combatant updates that mark the actor `actorUuid` defeated, when its statuses hold an
 * incapacitating condition: one `{_id, defeated: true}` per combatant of that actor not yet
 * defeated. Empty when the actor is not incapacitated or already marked everywhere.
 */
export function defeatedUpdates(
  combatants: readonly CombatantRef[],
  actorUuid: string,
  statuses: Iterable<string>,
  incapacitating: readonly string[],
): { _id: string; defeated: true }[] {
  if (!isIncapacitated(statuses, incapacitating)) return [];
  return combatants
    .filter((c) => c.actorUuid === actorUuid && !c.defeated)
    .map((c) => ({ _id: c.id, defeated: true as const }));
}

// ── Conditions in the tracker ─────────────────────────────────────────────────────────────────

/** One condition as the tracker shows it. */
export interface ConditionView {
  id: string;
  /** Localised name (from the lang file, never user text). */
  label: string;
  img: string;
}

/**
 * The system's conditions among an actor's statuses, in the status-effect order
 * (`CONDITION_EFFECTS`), each with its localised name. Other statuses (Foundry's own,
 * modules') are left to Foundry's own effect icons.
 */
export function combatantConditions(
  statuses: Iterable<string>,
  effects: readonly ConditionEffect[],
  localize: (key: string) => string,
): ConditionView[] {
  const set = new Set(statuses);
  return effects
    .filter((e) => set.has(e.id))
    .map((e) => ({ id: e.id, label: localize(e.name), img: e.img }));
}

/** What the tracker adds under one combatant's name. */
export interface TrackerRowView {
  conditions: ConditionView[];
  /** Localised "tactical advantage taken this turn", or null when none was. */
  advantage: string | null;
  /** Localised label of the conditions list. */
  conditionsLabel: string;
}

/** The markup added under a combatant's name; empty when there is nothing to show. */
export function conditionsMarkup(row: TrackerRowView): string {
  if (row.conditions.length === 0 && row.advantage === null) return "";
  const parts: string[] = [];
  for (const c of row.conditions) {
    const label = escapeHtml(c.label);
    parts.push(
      `<li class="bbb-tracker-condition" data-condition="${escapeHtml(c.id)}" data-tooltip="${label}">` +
        `<img src="${escapeHtml(c.img)}" alt=""><span class="bbb-tracker-label">${label}</span></li>`,
    );
  }
  if (row.advantage !== null) {
    const label = escapeHtml(row.advantage);
    parts.push(
      `<li class="bbb-tracker-advantage" data-tooltip="${label}" aria-label="${label}">` +
        `<i class="fa-solid fa-bolt" inert></i></li>`,
    );
  }
  return (
    `<ul class="bbb-tracker-conditions plain" aria-label="${escapeHtml(row.conditionsLabel)}">` +
    `${parts.join("")}</ul>`
  );
}

// ── The order of a ruleset with turn hooks ─────────────────────────────────────────────────────

/** A ruleset's order (`TurnHooks.order`): ids, first to act first. */
export type OrderFn = (
  entries: readonly { id: string; figures: Record<string, number> }[],
) => string[];

/**
 * Which of two combatants acts first by the ruleset's order of their figures (the ones fixed
 * when each rolled its die, the die among them): negative when `a` does, positive when `b`
 * does, 0 when the order cannot tell them apart (the tracker's own order, name then id, decides:
 * ruling M101). A combatant without figures (not rolled yet) comes after one with them.
 */
export function sequenceCompare(
  order: OrderFn,
  a: Record<string, number> | null,
  b: Record<string, number> | null,
): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  const ab = order([
    { id: "a", figures: a },
    { id: "b", figures: b },
  ])[0];
  const ba = order([
    { id: "b", figures: b },
    { id: "a", figures: a },
  ])[0];
  // A tie keeps the order given: each way round puts its own first.
  if (ab !== ba) return 0;
  return ab === "a" ? -1 : 1;
}

/** The figures a combatant keeps (`flags["blow-by-blow"].sequence`), or null when none (or bad). */
export function storedSequence(flags: unknown): Record<string, number> | null {
  const own = (flags as Record<string, unknown> | null | undefined)?.["blow-by-blow"] as
    | Record<string, unknown>
    | undefined;
  const seq = own?.sequence;
  if (seq === null || typeof seq !== "object" || Array.isArray(seq)) return null;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(seq)) {
    if (typeof v !== "number" || !Number.isFinite(v)) return null;
    out[k] = v;
  }
  return out;
}
