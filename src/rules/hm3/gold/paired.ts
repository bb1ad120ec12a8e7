/**
 * HârnMaster Gold house rules, HM3 world options (issue 19): Paired weapons (double strike, tangle & strike), the reaction roll, brute force and ignorance against objects (seed 000 lines 41-57, 243-326).
 * The types below are what this group adds to the HM3 exchange's declaration and result
 * (src/rules/hm3/exchange.ts extends them through ./types.ts); `PAIRED_CATALOG` are its
 * attack-dialog rows, each shown only while its option is on (`CatalogRowOption.option`).
 *
 * The ruleset (src/rules/hm3/index.ts) calls `pairedStart` (the Reaction Roll), `pairedDefences`
 * (what the roll leaves open), `checkPairedChoice` and `pairedResolve` (object, reaction, double
 * strike around the HM3 exchange). Modules: paired-reaction.ts, paired-double.ts,
 * paired-object.ts, paired-parse.ts (the CLI fields).
 */
import type { CatalogRowOption } from "../../../core/combat";
import type { Dice, RollRecord } from "../../../core/dice";
import { InputError } from "../../../core/errors";
import type { ChoiceOption } from "../../../core/ruleset";
import type { Hm3Declaration, Hm3Defence, Hm3Result } from "../exchange";
import {
  DOUBLE_STRIKE_DEFENCE,
  joinDoubleStrike,
  withModifier,
  type DoubleStrike,
  type DoubleStrikeResult,
} from "./paired-double";
import { joinTangle, type TangleAttempt, type TangleResult } from "./paired-tangle";
import { resolveObjectStrike, type ObjectResult, type ObjectTarget } from "./paired-object";
import {
  checkReactionDefence,
  defenceManner,
  halveTarget,
  halvesDefence,
  rollReaction,
  type Hand,
  type ReactionContext,
  type ReactionRoll,
} from "./paired-reaction";

/** Fields this group adds to the attack (`Hm3Attack`, the CLI's `attack`). */
export interface PairedAttack {
  /** The defender makes a Reaction Roll (`reactionRoll`): surprised, or after a TA. */
  defenderSurprised?: ReactionContext;
  /** A double strike's secondary weapon (`pairedWeapons`, seed 000 lines 249-262). */
  double?: DoubleStrike;
  /** A tangle attempt with the primary weapon (`pairedWeapons`, seed 000 lines 264-278). */
  tangle?: TangleAttempt;
}
/** Fields this group adds to the defence (`Hm3Defence`, the CLI's `defence`). */
export interface PairedDefence {
  /** The hand whose weapon blocks or counterstrikes (a Reaction Roll after a TA, G51). */
  hand?: Hand;
  /** A dodge into an adjacent open hex (a Reaction Roll after a TA, lines 324-325). */
  dodgeHex?: boolean;
  /** Engine-made: the defence against a double strike's secondary attack ignores D★ (line 257). */
  ignoreDStrike?: boolean;
}
/** Fields this group adds to a combatant (`Hm3Fighter`, the CLI's `attacker`/`defender`). */
export interface PairedFighter {
  /** Initiative ML, for the Reaction Roll (PP is taken off by the engine). */
  initiative?: number;
  /** The combatant is an inanimate object (`bruteForce`). */
  object?: ObjectTarget;
  /** A tangle penalty the combatant suffers (seed 000 line 278), taken off its EML. */
  tangled?: number;
}
/** Fields this group adds to each strike of the result (`Hm3Strike`). */
export type PairedStrike = Record<never, never>;
/** Fields this group adds to the exchange result (`Hm3Result`). */
export interface PairedResult {
  reaction?: ReactionRoll;
  double?: DoubleStrikeResult;
  object?: ObjectResult;
  tangle?: TangleResult;
}

/** The attack dialog's rows for this group's decisions. */
export const PAIRED_CATALOG: readonly CatalogRowOption[] = Object.freeze([
  Object.freeze({
    id: "defenderSurprised",
    labelKey: "BLOWBYBLOW.HM3.Gold.Paired.Catalog.defenderSurprised",
    option: "reactionRoll",
    param: Object.freeze({
      kind: "choice" as const,
      choices: [
        { id: "surprise", labelKey: "BLOWBYBLOW.HM3.Gold.Paired.Reaction.surprise" },
        { id: "advantage", labelKey: "BLOWBYBLOW.HM3.Gold.Paired.Reaction.advantage" },
      ],
    }),
  }),
  // The secondary weapon is the attacker's off-hand weapon (gold/paired-combat.ts).
  Object.freeze({
    id: "doubleStrike",
    labelKey: "BLOWBYBLOW.HM3.Gold.Paired.Catalog.doubleStrike",
    option: "pairedWeapons",
    param: null,
  }),
  // Tangle & strike (seed 000 lines 264-278): the area's penalty and dice (ruling G39,
  // gold/paired-combat.ts TANGLE_AREAS).
  Object.freeze({
    id: "tangle",
    labelKey: "BLOWBYBLOW.HM3.Gold.Paired.Catalog.tangle",
    option: "pairedWeapons",
    param: Object.freeze({
      kind: "choice" as const,
      choices: [
        { id: "body", labelKey: "BLOWBYBLOW.HM3.Gold.Paired.Tangle.body" },
        { id: "limb", labelKey: "BLOWBYBLOW.HM3.Gold.Paired.Tangle.limb" },
        { id: "weapon", labelKey: "BLOWBYBLOW.HM3.Gold.Paired.Tangle.weapon" },
      ],
    }),
  }),
]);

/** The Reaction Roll, when the attack declares the defender surprised (made at `start`). */
export function pairedStart(decl: Hm3Declaration, dice: Dice): ReactionRoll | null {
  const context = decl.attack.defenderSurprised;
  if (!context) return null;
  return rollReaction(dice, context, decl.defender.initiative!, decl.defender.pp);
}

/** Key of a defence the Reaction Roll rules out (a surprise MF/CF, any CF after a TA). */
export const REACTION_IGNORE_KEY = "BLOWBYBLOW.HM3.Gold.Paired.Reaction.mustIgnore";
/** Key of a defence an object cannot make (it Ignores, seed 000 line 49). */
export const OBJECT_IGNORE_KEY = "BLOWBYBLOW.HM3.Gold.Paired.Object.ignores";

/** The defence list with what the Reaction Roll or an object rules out marked unavailable. */
export function pairedDefences(
  decl: Hm3Declaration,
  reaction: ReactionRoll | null,
  options: ChoiceOption[],
): ChoiceOption[] {
  if (decl.defender.object) {
    for (const o of options) if (o.id !== "ignore") o.unavailableKey = OBJECT_IGNORE_KEY;
    return options;
  }
  if (!reaction) return options;
  for (const o of options)
    if (o.id !== "ignore" && defenceManner(reaction, o.id as Hm3Defence["type"]) === "ignore")
      o.unavailableKey = REACTION_IGNORE_KEY;
  return options;
}

/** Refuses a defence the Reaction Roll or the object rules out, naming the field. */
export function checkPairedChoice(
  decl: Hm3Declaration,
  reaction: ReactionRoll | null,
  defence: Hm3Defence,
): void {
  if (decl.defender.object && defence.type !== "ignore")
    throw new InputError("defence.type", defence.type, "an object Ignores (seed 000 line 49)");
  if (reaction?.context !== "advantage") {
    // Which hand, and a dodge into a hex, are asked only by a Reaction Roll after a TA (G51).
    const given =
      defence.hand !== undefined ? "hand" : defence.dodgeHex !== undefined ? "dodgeHex" : null;
    if (given)
      throw new InputError(
        `defence.${given}`,
        defence[given],
        "is asked only by a Reaction Roll after a tactical advantage (attack.defenderSurprised advantage, seed 000 lines 292-326)",
      );
  }
  if (reaction) checkReactionDefence(reaction, defence);
}

/** The defence as the engine rolls it: the double strike's −10, the reaction's half EML. */
export function adjustDefence(
  decl: Hm3Declaration,
  reaction: ReactionRoll | null,
  defence: Hm3Defence,
): Hm3Defence {
  if (!defence.target) return defence;
  let target = defence.target;
  if (decl.attack.double)
    target = withModifier(target, "gold.doubleStrikeDefence", DOUBLE_STRIKE_DEFENCE, "255");
  const tangled = decl.defender.tangled;
  if (tangled) target = withModifier(target, "gold.tangled", -tangled, "278");
  if (reaction && halvesDefence(reaction, defence))
    target = halveTarget(
      target,
      reaction.context === "surprise" ? 285 : defence.dodgeHex ? 325 : 324,
    );
  return target === defence.target ? defence : { ...defence, target };
}

/**
 * The exchange with this group's rules around it: an object struck, or the HM3 exchange with the
 * defence adjusted and the double strike's secondary attack; the Reaction Roll made at `start`
 * is kept in the result and its rolls. `choice` is the defence as chosen (kept for replay).
 */
export function pairedResolve(
  decl: Hm3Declaration,
  choice: Hm3Defence,
  dice: Dice,
  reaction: ReactionRoll | null,
  resolve: (decl: Hm3Declaration, defence: Hm3Defence, dice: Dice) => Hm3Result,
): Hm3Result {
  if (decl.defender.object) return resolveObjectStrike(decl, choice, dice);
  const defence = adjustDefence(decl, reaction, choice);
  let result = resolve(decl, defence, dice);
  if (decl.attack.double) result = joinDoubleStrike(decl, defence, result, dice, resolve);
  if (decl.attack.tangle) result = joinTangle(result, decl.attack.tangle, dice);
  if (defence !== choice || choice.hand !== undefined || choice.dodgeHex !== undefined) {
    const t = choice.target;
    const value: Hm3Defence = { ...(result.choices[0]!.value as Hm3Defence) };
    if (t) value.target = { ...t, modifiers: t.modifiers.map((m) => ({ ...m })) };
    if (choice.hand !== undefined) value.hand = choice.hand;
    if (choice.dodgeHex !== undefined) value.dodgeHex = choice.dodgeHex;
    result.choices = [{ by: "defender", kind: "defence", value }];
  }
  if (reaction) {
    const record: RollRecord = {
      name: "reaction",
      count: 1,
      sides: 100,
      values: [reaction.roll],
      total: reaction.roll,
    };
    result.rolls = [record, ...result.rolls];
    result.reaction = reaction;
  }
  return result;
}
