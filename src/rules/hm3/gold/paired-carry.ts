/**
 * HârnMaster Gold Reaction Rolls carried across turns (seed 000 lines 280-326; rulings G80,
 * G81, G83, G84), for the Foundry combat flow: what a fighter's combatant carries (a mark,
 * `ExchangeFight.marks`, kept by the tracker) and what the next declaration makes of it. Pure.
 *
 * - A surprise CF (line 287, "an additional Reaction Roll is required in the next Turn, if
 *   applicable") leaves the defender the mark `reactionDue` with the round it was rolled in. The
 *   first attack on it in the next round declares it surprised again: the Reaction Roll is the
 *   exchange's named roll `reaction`, and the card says it was carried. A round with no attack on
 *   it lets the mark lapse (not applicable, G80).
 * - A tactical advantage taken with the option on (lines 292-303): the side that took it makes
 *   its own Reaction Roll then, the named roll `advantageReaction` (G53 as amended by G81), kept as
 *   the mark `advantageReaction` for that character turn: its attack must use the weapon the roll allows
 *   (`attackAllowed`; CF: only a Pass, line 303), and the defender makes its own roll after the TA.
 */
import type { ExchangeFight, FighterItem } from "../../../core/combat";
import type { Dice } from "../../../core/dice";
import { InputError } from "../../../core/errors";
import type { Hm3Result } from "../exchange";
import { LEVELS, type Level } from "../tables";
import { handOf } from "./paired-combat";
import {
  ADVANTAGE_ATTACK,
  attackAllowed,
  rollReaction,
  type ReactionRoll,
} from "./paired-reaction";

/** The mark of a Reaction Roll due next round (line 287): the round of the CF. */
export const REACTION_DUE_MARK = "reactionDue";
/** The mark of the attacker's own Reaction Roll after its TA (lines 296-303). */
export const ADVANTAGE_REACTION_MARK = "advantageReaction";
/** The named roll of the attacker's own Reaction Roll after its TA. */
export const ADVANTAGE_REACTION_ROLL = "advantageReaction";

export interface ReactionDue {
  round: number;
}
export interface AdvantageReaction {
  round: number;
  /** The character turn (within the round) the TA was taken in; absent: any turn of the round. */
  turn?: number;
  roll: number;
  target: number;
  level: Level;
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const whole = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n);

/** A `reactionDue` mark as carried, or null (absent or misshapen: nothing is carried). */
export function readReactionDue(value: unknown): ReactionDue | null {
  const o = record(value);
  return o && whole(o.round) && o.round > 0 ? { round: o.round } : null;
}

/** An `advantageReaction` mark as carried, or null. */
export function readAdvantageReaction(value: unknown): AdvantageReaction | null {
  const o = record(value);
  if (!o || !whole(o.round) || !whole(o.roll) || !whole(o.target)) return null;
  if (!(LEVELS as readonly unknown[]).includes(o.level)) return null;
  const out: AdvantageReaction = {
    round: o.round,
    roll: o.roll,
    target: o.target,
    level: o.level as Level,
  };
  if (whole(o.turn)) out.turn = o.turn;
  return out;
}

/** What the declaration takes from the marks (`rules.reactionCarried`, `rules.advantageReaction`). */
export interface CarriedRules {
  /** The round of the CF whose roll this exchange makes again. */
  reactionCarried?: number;
  advantageReaction?: AdvantageReaction;
}

/**
 * Adds the carried Reaction Rolls to the declaration being built (`attack`, `defender`) and
 * returns what the card keeps of them. `item`: the attacking item, whose hand counts (G51).
 * `options`: the world's; nothing is carried while `reactionRoll` is off.
 */
export function pairedCarried(
  options: Readonly<Record<string, boolean>>,
  fight: ExchangeFight | undefined,
  attack: Record<string, unknown>,
  defender: Record<string, unknown>,
  defenderInitiative: number,
  item: FighterItem,
): CarriedRules {
  if (options.reactionRoll !== true || !fight || fight.round < 1) return {};
  const out: CarriedRules = {};
  const ta = advantageNow(fight);
  if (ta) {
    const hand = handOf(item);
    if (!attackAllowed(ta.level, hand)) {
      const manner = ADVANTAGE_ATTACK[ta.level];
      throw new InputError(
        "itemId",
        item.name,
        manner === "pass"
          ? `the attacker's Reaction Roll after its tactical advantage (CF) leaves only a Pass (seed 000 line 303)`
          : `the attacker's Reaction Roll after its tactical advantage (${ta.level}) allows an attack only with the ${manner === "primary" ? "primary" : "secondary"} weapon (seed 000 line ${manner === "primary" ? 301 : 302})`,
      );
    }
    out.advantageReaction = ta;
    // Both opponents react during the TA (line 294): the defender rolls after it.
    if (attack.defenderSurprised === undefined) {
      attack.defenderSurprised = "advantage";
      defender.initiative = defenderInitiative;
    }
  }
  const due = readReactionDue(fight.marks?.defender?.[REACTION_DUE_MARK]);
  if (due && fight.round === due.round + 1 && attack.defenderSurprised !== "advantage") {
    attack.defenderSurprised = "surprise";
    defender.initiative = defenderInitiative;
    out.reactionCarried = due.round;
  }
  return out;
}

/**
 * The attacker's own Reaction Roll after its TA that holds for this fight's turn, or null. The
 * TA's extra action is taken in the character turn it was gained in (hm3.md §2).
 */
function advantageNow(fight: ExchangeFight): AdvantageReaction | null {
  const ta = readAdvantageReaction(fight.marks?.attacker?.[ADVANTAGE_REACTION_MARK]);
  return ta && ta.round === fight.round && (ta.turn === undefined || ta.turn === fight.turn)
    ? ta
    : null;
}

/** Why the attack dialog offers an item not (lines 301-303), by the roll's manner. */
export const ADVANTAGE_UNAVAILABLE_KEY = Object.freeze({
  primary: "BLOWBYBLOW.HM3.Gold.Paired.Carry.unavailable.primary",
  secondaryOrPass: "BLOWBYBLOW.HM3.Gold.Paired.Carry.unavailable.secondaryOrPass",
  pass: "BLOWBYBLOW.HM3.Gold.Paired.Carry.unavailable.pass",
});

/**
 * The attack dialog's reason (a lang key) an item may not attack now: the attacker's own
 * Reaction Roll after its TA allows another hand or only a Pass (lines 301-303, G81); null when
 * it may (or nothing is carried, or `reactionRoll` is off). `pairedCarried` refuses the same.
 */
export function advantageAttackKey(
  options: Readonly<Record<string, boolean>>,
  fight: ExchangeFight | undefined,
  item: FighterItem,
): string | null {
  if (options.reactionRoll !== true || !fight || fight.round < 1) return null;
  const ta = advantageNow(fight);
  if (!ta || attackAllowed(ta.level, handOf(item))) return null;
  const manner = ADVANTAGE_ATTACK[ta.level];
  return manner === "primary" || manner === "secondaryOrPass" || manner === "pass"
    ? ADVANTAGE_UNAVAILABLE_KEY[manner]
    : null;
}

/** The marks an exchange leaves (null: cleared; absent: unchanged), by side. */
export interface MarksAfter {
  attacker?: Record<string, ReactionDue | AdvantageReaction | null>;
  defender?: Record<string, ReactionDue | AdvantageReaction | null>;
}

/**
 * The marks to write once an exchange resolves in `round`: a surprise CF makes the defender's
 * roll due next round; a carried roll made, or the attacker's TA roll used, is cleared.
 */
export function marksAfter(result: Hm3Result, rules: CarriedRules, round: number): MarksAfter {
  const out: MarksAfter = {};
  if (result.reaction?.again && round > 0) out.defender = { [REACTION_DUE_MARK]: { round } };
  else if (rules.reactionCarried !== undefined) out.defender = { [REACTION_DUE_MARK]: null };
  if (rules.advantageReaction) out.attacker = { [ADVANTAGE_REACTION_MARK]: null };
  return out;
}

/**
 * The attacker's own Reaction Roll after its TA (lines 296-303), the named roll
 * `advantageReaction` against its Initiative ML less 5 × PP, and the mark it leaves for `round`.
 */
export function rollAdvantageReaction(
  dice: Dice,
  initiative: number,
  pp: number,
  at: { round: number; turn?: number },
): { reaction: ReactionRoll; mark: AdvantageReaction } {
  const reaction = rollReaction(dice, "advantage", initiative, pp, ADVANTAGE_REACTION_ROLL);
  const mark: AdvantageReaction = {
    round: at.round,
    roll: reaction.roll,
    target: reaction.target.value,
    level: reaction.level,
  };
  if (at.turn !== undefined) mark.turn = at.turn;
  return { reaction, mark };
}

/** What the card keeps of the carried rolls (`rules`, plain JSON from the card), checked. */
export function readCarriedRules(rules: unknown): CarriedRules {
  const o = record(rules);
  if (!o) return {};
  const out: CarriedRules = {};
  if (whole(o.reactionCarried) && o.reactionCarried > 0) out.reactionCarried = o.reactionCarried;
  const ta = readAdvantageReaction(o.advantageReaction);
  if (ta) out.advantageReaction = ta;
  return out;
}
