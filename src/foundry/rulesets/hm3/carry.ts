/**
 * HârnMaster Gold Reaction Rolls carried across turns in Foundry (seed 000 lines 280-326;
 * rulings G80, G81, G83; the pure rules in src/rules/hm3/gold/paired-carry.ts). Both run on the
 * active GM's client, which writes every combatant:
 *
 * - `carryResolved` (`FoundryRuleset.resolved`): a surprise CF marks the defender's combatant
 *   `reactionDue` (its next round's first attack declares it surprised again); a carried roll
 *   made, or the attacker's own TA roll used, clears its mark.
 * - `carryAdvantage` (`FoundryRuleset.advantageClaimed`): with `reactionRoll` on in the card's
 *   exchange, the side that took the TA makes its own Reaction Roll, the named roll
 *   `advantageReaction` through Foundry's dice; it is posted as a test card (the roll kept in the
 *   message's flag) and marked on its combatant, so its TA attack uses the weapon it allows.
 */
import { rollAsNeeded, type ExchangeCard } from "../../../core/flow";
import type { ExchangeRecord, Side } from "../../../core/ruleset";
import type { Hm3Derived } from "../../../rules/hm3/character-types";
import type { Hm3Result } from "../../../rules/hm3/exchange";
import {
  ADVANTAGE_REACTION_MARK,
  marksAfter,
  readCarriedRules,
  rollAdvantageReaction,
} from "../../../rules/hm3/gold/paired-carry";
import { foundryRoll } from "../../combat/dice";
import { fighterSnapshot, type ActorLike } from "../../combat/snapshot";
import { handlebarsApi } from "../../sheets/common";
import type { RulesetStepTools } from "../contract";
import { attackMannerKey, CARRY_KEY } from "./carry-card";
import { SKILL_TEST_TEMPLATE, testCard } from "./sheets/actor/tests";

/** The GM's client, after an HM3 card resolves: the marks the exchange leaves. */
export async function carryResolved(
  card: ExchangeCard,
  result: ExchangeRecord,
  loadTools: () => Promise<RulesetStepTools>,
): Promise<void> {
  const r = result as Hm3Result;
  if (r.ruleset !== "hm3") return;
  const rules = readCarriedRules(card.context?.rules);
  if (!r.reaction?.again && rules.reactionCarried === undefined && !rules.advantageReaction) return;
  const tools = await loadTools();
  const marks = marksAfter(r, rules, tools.round);
  for (const side of ["attacker", "defender"] as const)
    for (const [key, value] of Object.entries(marks[side] ?? {}))
      await tools.setMark(tools.actors[side].uuid, key, value);
}

/** The actor's derived HM3 figures, or null. */
function hm3Derived(actor: ActorLike): Hm3Derived | null {
  const d = fighterSnapshot(actor).derived as { ruleset?: unknown } | null;
  return d && d.ruleset === "hm3" ? (d as unknown as Hm3Derived) : null;
}

/** The GM's client, after `side` claimed the card's TA: its own Reaction Roll (lines 296-303). */
export async function carryAdvantage(
  card: ExchangeCard,
  side: Side,
  tools: RulesetStepTools,
): Promise<unknown> {
  const options = (card.declaration as { options?: Record<string, unknown> } | null)?.options;
  if (card.ruleset !== "hm3" || options?.reactionRoll !== true) return null;
  const actor = tools.actors[side];
  const derived = hm3Derived(actor);
  if (!derived) return null;
  const { value, rolls } = await rollAsNeeded(
    (dice) => rollAdvantageReaction(dice, derived.initiative.ml, derived.pp, tools),
    foundryRoll,
  );
  await tools.setMark(actor.uuid, ADVANTAGE_REACTION_MARK, value.mark);
  const localize = (key: string) => game.i18n.localize(key);
  const view = testCard(
    actor.name,
    {
      title: localize(CARRY_KEY.title),
      detail: localize(attackMannerKey(value.reaction.level)),
      target: value.reaction.target,
    },
    value.reaction.roll,
    localize,
  );
  const content = await handlebarsApi().renderTemplate(SKILL_TEST_TEMPLATE, { ...view });
  return ChatMessage.implementation.create({
    speaker: ChatMessage.implementation.getSpeaker({ actor: actor as never }),
    content,
    flags: { "blow-by-blow": { advantageReaction: { rolls, mark: value.mark } } },
  } as never);
}
