/**
 * How long a held condition lasts, in words (issue 17): the core's `HeldCondition` duration
 * (src/core/turns.ts) as a `LangText` naming the bearer, for the sheet, the token HUD's status
 * tooltips and the turn card. Generic: a ruleset names the condition itself (its label, with a
 * value or location), this module says how long it lasts.
 *
 * - `nextTurn`: until the bearer's next turn;
 * - `endOfNextTurn`: until the end of his next turn, or of this turn once it has started (armed);
 * - `{turns}`: for the turn ends still to run (`turnsLeft`);
 * - `recovered`, `encounter`, `permanent`: until recovered, for the encounter, for good.
 */
import type { HeldCondition } from "../../core/turns";
import { t, type LangText } from "./text";

export const UNTIL_KEY = Object.freeze({
  nextTurn: "BLOWBYBLOW.Held.Until.nextTurn",
  endOfTurn: "BLOWBYBLOW.Held.Until.endOfTurn",
  endOfNextTurn: "BLOWBYBLOW.Held.Until.endOfNextTurn",
  turns: "BLOWBYBLOW.Held.Until.turns",
  recovered: "BLOWBYBLOW.Held.Until.recovered",
  encounter: "BLOWBYBLOW.Held.Until.encounter",
  permanent: "BLOWBYBLOW.Held.Until.permanent",
});

/** "{label}, {until}" and the join of several such lines. */
export const HELD_KEY = Object.freeze({
  line: "BLOWBYBLOW.Held.line",
  join: "BLOWBYBLOW.Held.join",
});

/** How long `held` lasts, naming its bearer `name` (user text: shown escaped, never as HTML). */
export function untilText(held: HeldCondition, name: string): LangText {
  const until = held.until;
  if (typeof until === "object")
    return t(UNTIL_KEY.turns, { name, turns: held.turnsLeft ?? until.turns });
  if (until === "endOfNextTurn")
    return t(held.armed ? UNTIL_KEY.endOfTurn : UNTIL_KEY.endOfNextTurn, { name });
  if (until === "nextTurn") return t(UNTIL_KEY.nextTurn, { name });
  return t(UNTIL_KEY[until]);
}

/** One held condition as shown: what it is (the ruleset's label), how long it lasts, both. */
export interface HeldLine {
  condition: HeldCondition["condition"];
  label: LangText;
  until: LangText;
  /** "{label}, {until}". */
  text: LangText;
}

/** The line of `held` with the ruleset's `label` for it. */
export function heldLine(held: HeldCondition, name: string, label: LangText): HeldLine {
  const until = untilText(held, name);
  return { condition: held.condition, label, until, text: t(HELD_KEY.line, { label, until }) };
}

/** Several texts as one, "{a}; {b}" (null for none). */
export function joinHeld(texts: readonly LangText[]): LangText | null {
  if (texts.length === 0) return null;
  return texts.slice(1).reduce<LangText>((a, b) => t(HELD_KEY.join, { a, b }), texts[0]!);
}
