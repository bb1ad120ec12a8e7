/**
 * HârnMaster Gold "Reaction Roll" (seed 000 lines 280-326), option `reactionRoll`: a surprised
 * defender rolls 1d100 against its effective Initiative (Physical Penalty applies, line 282), and
 * the level decides how it may defend. After a tactical advantage (lines 292-326) the roll limits
 * the manner of each action: the tables below, cell by cell. Rulings G50-G53 (docs/rulings.md).
 *
 * The roll is the named roll `reaction`, made when the exchange starts (`start`), so the defence
 * prompt offers only what it allows and the result replays from its rolls.
 */
import { rollOne, type Dice, type RollClassifier } from "../../../core/dice";
import { InputError } from "../../../core/errors";
import { buildTarget, type Target } from "../../../core/modifiers";
import { EML_MAX, EML_MIN, successLevel } from "../mechanics";
import type { DefenceType, Level } from "../tables";

/** Why the defender rolls: a surprise (lines 280-290) or the foe's tactical advantage (292-326). */
export type ReactionContext = "surprise" | "advantage";
export const REACTION_CONTEXTS: readonly ReactionContext[] = Object.freeze([
  "surprise",
  "advantage",
]);

/** Which hand's weapon makes an action (a two-handed weapon counts as the secondary, G51). */
export type Hand = "primary" | "secondary";
export const HANDS: readonly Hand[] = Object.freeze(["primary", "secondary"]);

/**
 * How the roll lets an action be made: `any` as the character likes; `primary` / `secondary`
 * only with that hand's weapon; `half` at half EML; `hexOrHalf` a Dodge into an adjacent open hex
 * or at half EML; `hexHalf` a Dodge into an adjacent open hex at half EML; `secondaryOrPass` the
 * secondary weapon or no attack; `pass` no attack; `ignore` no defence but Ignore.
 */
export type ReactionManner =
  | "any"
  | "half"
  | "primary"
  | "secondary"
  | "hexOrHalf"
  | "hexHalf"
  | "secondaryOrPass"
  | "pass"
  | "ignore";

/** Lines 284-287: a surprised character's defence by the level of its Reaction Roll. */
export const SURPRISE_TABLE: Readonly<Record<Level, ReactionManner>> = Object.freeze({
  CS: "any", // line 284: recovers immediately, full EML
  MS: "half", // line 285: half EML this Turn
  MF: "ignore", // line 286: automatically Ignore
  CF: "ignore", // line 287: as MF, and another Reaction Roll next Turn
});

/** Lines 298-303 (ATTACK), the attacker's manner after a tactical advantage. */
export const ADVANTAGE_ATTACK: Readonly<Record<Level, ReactionManner>> = Object.freeze({
  CS: "any", // line 300
  MS: "primary", // line 301
  MF: "secondaryOrPass", // line 302
  CF: "pass", // line 303
});

/** Lines 304-326 (BLOCK, COUNTERSTRIKE, DODGE), the defender's manner after a tactical advantage. */
export const ADVANTAGE_DEFENCE: Readonly<
  Record<Exclude<DefenceType, "ignore">, Readonly<Record<Level, ReactionManner>>>
> = Object.freeze({
  block: Object.freeze({
    CS: "any", // line 307
    MS: "secondary", // lines 308-309 (a two-handed weapon counts as the secondary)
    MF: "primary", // lines 310-311 (a two-handed weapon: another weapon, e.g. Forearm)
    CF: "ignore", // line 312
  }),
  counterstrike: Object.freeze({
    CS: "any", // line 316
    MS: "primary", // line 317
    MF: "secondary", // line 318
    CF: "ignore", // line 319
  }),
  dodge: Object.freeze({
    CS: "any", // line 323
    MS: "hexOrHalf", // line 324
    MF: "hexHalf", // line 325
    CF: "ignore", // line 326
  }),
});

/** The Reaction Roll as the result keeps it. */
export interface ReactionRoll {
  context: ReactionContext;
  /** Effective Initiative: Initiative ML less 5 × PP, itemised. */
  target: Target;
  roll: number;
  level: Level;
  /** CF on a surprise: another Reaction Roll is due next Turn (line 287). */
  again: boolean;
}

const SOURCE = "seed 000 line 282";

/** The Reaction Roll's target: Initiative ML less Physical Penalty × 5 (line 282; G50). */
export function reactionTarget(initiative: number, pp: number): Target {
  return buildTarget(
    "ml",
    initiative,
    [{ key: "physicalPenalty", value: -5 * pp, source: SOURCE }],
    { min: EML_MIN, max: EML_MAX },
  );
}

const REACTION_LEVEL: RollClassifier = (roll, target) => successLevel(roll, target);

/**
 * Makes the named roll `reaction` (1d100) against the defender's effective Initiative (`name`:
 * another name, the attacker's own roll after its TA, ./paired-carry.ts).
 */
export function rollReaction(
  dice: Dice,
  context: ReactionContext,
  initiative: number,
  pp: number,
  name = "reaction",
): ReactionRoll {
  const target = reactionTarget(initiative, pp);
  // The hint: only the success level is read (the exact odds group the faces by it).
  const roll = rollOne(dice, name, 100, REACTION_LEVEL, target.value);
  const level = successLevel(roll, target.value);
  return { context, target, roll, level, again: context === "surprise" && level === "CF" };
}

/** How the roll lets the defender make a defence of this type (Ignore is always open). */
export function defenceManner(reaction: ReactionRoll, type: DefenceType): ReactionManner {
  if (type === "ignore") return "any";
  return reaction.context === "surprise"
    ? SURPRISE_TABLE[reaction.level]
    : ADVANTAGE_DEFENCE[type][reaction.level];
}

/** The parts of a defence the reaction checks: its type, hand and whether it dodges into a hex. */
export interface ReactionDefence {
  type: DefenceType;
  hand?: Hand;
  dodgeHex?: boolean;
}

/**
 * Refuses a defence the roll does not allow, naming the field (the prompt offers only what it
 * allows; the CLI may ask for anything). `hand` is needed where the roll names one (G51).
 */
export function checkReactionDefence(reaction: ReactionRoll, d: ReactionDefence): void {
  const manner = defenceManner(reaction, d.type);
  const at = `the reaction roll (${reaction.level}, ${reaction.context})`;
  if (manner === "ignore")
    throw new InputError(
      "defence.type",
      d.type,
      `${at} leaves only ignore (seed 000 lines ${reaction.context === "surprise" ? "286-287" : "312, 319, 326"})`,
    );
  if (manner === "primary" || manner === "secondary") {
    if (d.hand !== manner)
      throw new InputError(
        "defence.hand",
        d.hand,
        `${at} allows a ${d.type} only with the ${manner} weapon (seed 000 lines 304-319)`,
      );
  }
  if (manner === "hexHalf" && d.dodgeHex !== true)
    throw new InputError(
      "defence.dodgeHex",
      d.dodgeHex,
      `${at} allows a dodge only into an adjacent open hex, at half EML (seed 000 line 325): give dodgeHex true, or ignore`,
    );
  if (d.dodgeHex !== undefined && d.type !== "dodge")
    throw new InputError("defence.dodgeHex", d.dodgeHex, "only a dodge moves into a hex");
}

/** Whether the roll halves the defence's EML (MS on a surprise; the half-EML dodges). */
export function halvesDefence(reaction: ReactionRoll, d: ReactionDefence): boolean {
  const manner = defenceManner(reaction, d.type);
  if (manner === "half" || manner === "hexHalf") return true;
  return manner === "hexOrHalf" && d.dodgeHex !== true;
}

/**
 * The defence's EML halved (rounding half up, as ruling R2 halves), as an itemised modifier
 * `gold.reactionHalf` on what the defence already has.
 */
export function halveTarget(t: Target, line: number): Target {
  const half = Math.round(t.raw / 2);
  return buildTarget(
    t.baseKey,
    t.base,
    [
      ...t.modifiers,
      { key: "gold.reactionHalf", value: half - t.raw, source: `seed 000 line ${line}` },
    ],
    { min: EML_MIN, max: EML_MAX },
  );
}

/** Whether the attacker, after its own Reaction Roll on a tactical advantage, may attack with `hand`. */
export function attackAllowed(level: Level, hand: Hand | "pass"): boolean {
  const manner = ADVANTAGE_ATTACK[level];
  // Passing is always open; CF leaves nothing else (line 303).
  if (hand === "pass") return true;
  if (manner === "any") return true;
  if (manner === "secondaryOrPass") return hand === "secondary";
  return manner === hand;
}
