/**
 * The exchange card's lines for HârnMaster Gold Reaction Rolls carried across turns (seed 000
 * lines 280-326; rulings G80, G81, src/rules/hm3/gold/paired-carry.ts): the defender's roll made
 * again after last round's CF, and the attacker's own roll after its tactical advantage (made
 * when the TA was taken, its own chat card). Pure.
 */
import type { ExchangeCard } from "../../../core/flow";
import { ADVANTAGE_ATTACK, type ReactionManner } from "../../../rules/hm3/gold/paired-reaction";
import { readCarriedRules } from "../../../rules/hm3/gold/paired-carry";
import { t } from "../../chat/text";
import type { GoldLine } from "./paired-card";

/** Keys of the lines and of the TA roll's own card (whole literals, for the lang audit). */
export const CARRY_KEY = Object.freeze({
  carried: "BLOWBYBLOW.HM3.Gold.Paired.Carry.carried",
  carriedTip: "BLOWBYBLOW.HM3.Gold.Paired.Carry.carriedTip",
  attacker: "BLOWBYBLOW.HM3.Gold.Paired.Carry.attacker",
  attackerHidden: "BLOWBYBLOW.HM3.Gold.Paired.Carry.attackerHidden",
  attackerTip: "BLOWBYBLOW.HM3.Gold.Paired.Carry.attackerTip",
  title: "BLOWBYBLOW.HM3.Gold.Paired.Carry.title",
  rollReaction: "BLOWBYBLOW.HM3.Gold.Paired.Carry.rollReaction",
  manner: Object.freeze({
    any: "BLOWBYBLOW.HM3.Gold.Paired.Carry.manner.any",
    primary: "BLOWBYBLOW.HM3.Gold.Paired.Carry.manner.primary",
    secondaryOrPass: "BLOWBYBLOW.HM3.Gold.Paired.Carry.manner.secondaryOrPass",
    pass: "BLOWBYBLOW.HM3.Gold.Paired.Carry.manner.pass",
  } satisfies Partial<Record<ReactionManner, string>>),
});

/** What the attacker's roll lets it do (lines 300-303), as a lang key. */
export function attackMannerKey(level: keyof typeof ADVANTAGE_ATTACK): string {
  const m = ADVANTAGE_ATTACK[level] as keyof typeof CARRY_KEY.manner;
  return CARRY_KEY.manner[m];
}

/**
 * The card's lines for the carried rolls the card's `rules` record. `names`: the fighters'
 * names (user text, escaped by the template); `seesAttackerTargets`: the viewer may see the
 * attacker's target numbers.
 */
export function carryCardLines(
  card: ExchangeCard,
  names: { attacker: string; defender: string },
  seesAttackerTargets: boolean,
): GoldLine[] {
  const rules = readCarriedRules(card.context?.rules);
  const out: GoldLine[] = [];
  const ta = rules.advantageReaction;
  if (ta) {
    const data = { name: names.attacker, roll: ta.roll, level: ta.level };
    const meaning = t(attackMannerKey(ta.level));
    out.push({
      text: seesAttackerTargets
        ? t(CARRY_KEY.attacker, { ...data, target: ta.target, meaning })
        : t(CARRY_KEY.attackerHidden, { ...data, meaning }),
      tip: t(CARRY_KEY.attackerTip),
    });
  }
  if (rules.reactionCarried !== undefined)
    out.push({
      text: t(CARRY_KEY.carried, { name: names.defender, round: rules.reactionCarried }),
      tip: t(CARRY_KEY.carriedTip),
    });
  return out;
}
