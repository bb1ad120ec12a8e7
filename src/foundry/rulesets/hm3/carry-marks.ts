/**
 * The HârnMaster Gold Reaction Rolls a combatant carries (its marks, tracker.ts `setMark`;
 * src/rules/hm3/gold/paired-carry.ts; rulings G80, G81, G83) shown in the combat tracker under
 * its name, as the carried state of gold-carry.ts is: a Reaction Roll due again after last
 * round's CF (seed 000 line 287), and its own roll after the tactical advantage it took (lines
 * 296-303). A GM clears them with the line's button (GM only, checked at the click), e.g. when
 * the fight moved on without the attack that spends them.
 */
import {
  ADVANTAGE_REACTION_MARK,
  readAdvantageReaction,
  readReactionDue,
  REACTION_DUE_MARK,
} from "../../../rules/hm3/gold/paired-carry";
import { escapeHtml } from "../../sheets/common";
import { attackMannerKey } from "./carry-card";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** A combatant as this module reads and writes it. */
export interface MarkedCombatantLike {
  flags?: unknown;
  update?(changes: Obj): Promise<unknown>;
}

/** The lang keys of the tracker line (whole literals, for the lang audit). */
export const MARK_KEYS = Object.freeze({
  label: "BLOWBYBLOW.HM3.Gold.Paired.Carry.Mark.label",
  due: "BLOWBYBLOW.HM3.Gold.Paired.Carry.Mark.due",
  advantage: "BLOWBYBLOW.HM3.Gold.Paired.Carry.Mark.advantage",
  clear: "BLOWBYBLOW.HM3.Gold.Paired.Carry.Mark.clear",
});

/** The tracker action of the clear button. */
export const CLEAR_MARKS_ACTION = "clearReactionMarks";

/** The marks this module shows and clears. */
const KEYS = [REACTION_DUE_MARK, ADVANTAGE_REACTION_MARK] as const;

function marksOf(combatant: MarkedCombatantLike | null): Obj {
  const own = isObj(combatant?.flags) ? combatant.flags["blow-by-blow"] : undefined;
  return isObj(own) && isObj(own.marks) ? own.marks : {};
}

/**
 * The tracker's line for the Reaction Rolls a combatant carries (empty: none): "Reaction Roll
 * (HârnMaster Gold): due again (CF in round 2) · after the tactical advantage: MS, must attack
 * with the primary weapon", with a clear button for a GM.
 */
export function marksMarkup(
  combatant: MarkedCombatantLike | null,
  isGM: boolean,
  localize: (key: string) => string,
  format: (key: string, data: Record<string, string>) => string,
): string {
  const marks = marksOf(combatant);
  const parts: string[] = [];
  const due = readReactionDue(marks[REACTION_DUE_MARK]);
  if (due) parts.push(escapeHtml(format(MARK_KEYS.due, { round: String(due.round) })));
  const ta = readAdvantageReaction(marks[ADVANTAGE_REACTION_MARK]);
  if (ta)
    parts.push(
      escapeHtml(
        format(MARK_KEYS.advantage, {
          round: String(ta.round),
          level: ta.level,
          meaning: localize(attackMannerKey(ta.level)),
        }),
      ),
    );
  if (!parts.length) return "";
  const clear = escapeHtml(localize(MARK_KEYS.clear));
  const button = isGM
    ? ` <a class="bbb-carried-clear" data-bbb-tracker-action="${CLEAR_MARKS_ACTION}" role="button" data-tooltip="${clear}" aria-label="${clear}"><i class="fa-solid fa-xmark"></i></a>`
    : "";
  return `<span class="bbb-tracker-carried bbb-tracker-marks">${escapeHtml(localize(MARK_KEYS.label))}: ${parts.join(" · ")}${button}</span>`;
}

/** A GM clears the Reaction Rolls the combatant carries (the tracker's button); refused to a player. */
export async function clearReactionMarks(combatant: MarkedCombatantLike | null): Promise<boolean> {
  const g = (globalThis as { game?: { user?: { isGM?: boolean } } }).game;
  if (g?.user?.isGM !== true || !combatant?.update) return false;
  const marks = marksOf(combatant);
  const held = KEYS.filter((k) => marks[k] !== undefined && marks[k] !== null);
  if (!held.length) return false;
  await combatant.update({
    flags: { "blow-by-blow": { marks: Object.fromEntries(held.map((k) => [k, null])) } },
  });
  return true;
}
