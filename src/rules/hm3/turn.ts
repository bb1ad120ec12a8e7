/**
 * Turn structure for HM3: initiative order and tactical advantage accounting (hm3.md §2).
 */

export interface InitiativeEntry {
  id: string;
  /** Initiative EML. */
  eml: number;
}

/**
 * Combatants act in order of Initiative EML, highest first (hm3.md §2). Equal EMLs keep the
 * order they were given in (docs/rulings.md R6): the adapter gives them in a stable order.
 */
export function initiativeOrder(entries: readonly InitiativeEntry[]): string[] {
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.eml - a.e.eml || a.i - b.i)
    .map(({ e }) => e.id);
}

/** Tactical advantages taken during one character turn. */
export interface TurnState {
  /** The combatant whose turn it is. */
  active: string;
  /** Tactical advantages already gained in this turn. */
  advantages: number;
  ended: boolean;
}

export function startTurn(active: string): TurnState {
  return { active, advantages: 0, ended: false };
}

export type AdvantageOutcome = "extraAction" | "turnEnds";

/**
 * A tactical advantage gained in a turn: the first gives one immediate extra action; a second
 * in the same character turn ends the turn instead (hm3.md §2, "Only one tactical advantage
 * per character turn").
 */
export function gainTacticalAdvantage(turn: TurnState): {
  turn: TurnState;
  outcome: AdvantageOutcome;
} {
  if (turn.ended) throw new Error("The turn has already ended.");
  if (turn.advantages === 0) return { turn: { ...turn, advantages: 1 }, outcome: "extraAction" };
  return { turn: { ...turn, advantages: turn.advantages + 1, ended: true }, outcome: "turnEnds" };
}
