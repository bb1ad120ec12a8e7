/**
 * The exchange card's lines for the HârnMaster Gold paired group (seed 000 lines 41-57,
 * 243-326): the defender's Reaction Roll, a double strike's secondary attack, an object's damage
 * toward its Damage Factor and its destruction. Each line names the option; its tooltip names
 * the seed lines. Pure; the defender's targets are shown only to who may see them.
 */
import { t, type LangText } from "../../chat/text";
import type { Hm3Result } from "../../../rules/hm3/exchange";
import type { Level } from "../../../rules/hm3/tables";

/** One card line: its text and the rule it comes from. */
export interface GoldLine {
  text: LangText;
  tip: LangText;
}

/** Keys of the lines (whole literals, for the lang audit). */
export const PAIRED_CARD_KEY = Object.freeze({
  reaction: "BLOWBYBLOW.HM3.Gold.Paired.Card.reaction",
  reactionHidden: "BLOWBYBLOW.HM3.Gold.Paired.Card.reactionHidden",
  reactionTip: "BLOWBYBLOW.HM3.Gold.Paired.Card.reactionTip",
  surprise: Object.freeze({
    CS: "BLOWBYBLOW.HM3.Gold.Paired.Card.surprise.CS",
    MS: "BLOWBYBLOW.HM3.Gold.Paired.Card.surprise.MS",
    MF: "BLOWBYBLOW.HM3.Gold.Paired.Card.surprise.MF",
    CF: "BLOWBYBLOW.HM3.Gold.Paired.Card.surprise.CF",
  } satisfies Record<Level, string>),
  advantage: Object.freeze({
    CS: "BLOWBYBLOW.HM3.Gold.Paired.Card.advantage.CS",
    MS: "BLOWBYBLOW.HM3.Gold.Paired.Card.advantage.MS",
    MF: "BLOWBYBLOW.HM3.Gold.Paired.Card.advantage.MF",
    CF: "BLOWBYBLOW.HM3.Gold.Paired.Card.advantage.CF",
  } satisfies Record<Level, string>),
  second: "BLOWBYBLOW.HM3.Gold.Paired.Card.second",
  secondStrike: "BLOWBYBLOW.HM3.Gold.Paired.Card.secondStrike",
  secondNoInjury: "BLOWBYBLOW.HM3.Gold.Paired.Card.secondNoInjury",
  ignoredCounter: "BLOWBYBLOW.HM3.Gold.Paired.Card.ignoredCounter",
  doubleTip: "BLOWBYBLOW.HM3.Gold.Paired.Card.doubleTip",
  object: "BLOWBYBLOW.HM3.Gold.Paired.Card.object",
  objectMiss: "BLOWBYBLOW.HM3.Gold.Paired.Card.objectMiss",
  objectRolled: "BLOWBYBLOW.HM3.Gold.Paired.Card.objectRolled",
  destroyed: "BLOWBYBLOW.HM3.Gold.Paired.Card.destroyed",
  objectTip: "BLOWBYBLOW.HM3.Gold.Paired.Card.objectTip",
  tangled: "BLOWBYBLOW.HM3.Gold.Paired.Card.tangled",
  tangleFailed: "BLOWBYBLOW.HM3.Gold.Paired.Card.tangleFailed",
  tangleTip: "BLOWBYBLOW.HM3.Gold.Paired.Card.tangleTip",
});

/**
 * The lines of a result. `names` are the fighters' names (user text, escaped by the template);
 * `seesDefenderTargets`: the viewer may see the defender's target numbers; `isGM`: the viewer
 * is the GM, who alone sees an object's Damage Factor (assessed in secret, seed 000 line 51).
 */
export function pairedCardLines(
  result: Hm3Result,
  names: { attacker: string; defender: string },
  seesDefenderTargets: boolean,
  isGM: boolean,
  /** A struck side's location name (localised, or a creature plan's own). */
  locationName: (victim: "attacker" | "defender", id: string) => LangText | string = (_, id) => id,
): GoldLine[] {
  const out: GoldLine[] = [];
  const r = result.reaction;
  if (r) {
    const meaning = t(PAIRED_CARD_KEY[r.context][r.level]);
    out.push({
      text: seesDefenderTargets
        ? t(PAIRED_CARD_KEY.reaction, {
            name: names.defender,
            roll: r.roll,
            target: r.target.value,
            level: r.level,
            meaning,
          })
        : t(PAIRED_CARD_KEY.reactionHidden, {
            name: names.defender,
            roll: r.roll,
            level: r.level,
            meaning,
          }),
      tip: t(PAIRED_CARD_KEY.reactionTip),
    });
  }
  const d = result.double;
  if (d) {
    const s = d.second;
    const tip = t(PAIRED_CARD_KEY.doubleTip);
    out.push({
      text: t(PAIRED_CARD_KEY.second, {
        attack: s.attack.roll,
        attackLevel: s.attack.level,
        defence: s.defence ? `${s.defence.roll} ${s.defence.level}` : "—",
        code: s.result,
      }),
      tip,
    });
    for (const strike of s.strikes)
      out.push({
        text: strike.injury
          ? t(PAIRED_CARD_KEY.secondStrike, {
              name: strike.by === "attacker" ? names.defender : names.attacker,
              location: locationName(
                strike.by === "attacker" ? "defender" : "attacker",
                strike.location,
              ),
              effectiveImpact: strike.effectiveImpact,
              injury: strike.injury,
            })
          : t(PAIRED_CARD_KEY.secondNoInjury, {
              name: strike.by === "attacker" ? names.defender : names.attacker,
              location: locationName(
                strike.by === "attacker" ? "defender" : "attacker",
                strike.location,
              ),
              effectiveImpact: strike.effectiveImpact,
            }),
        tip,
      });
    if (d.ignoredCounterstrike)
      out.push({ text: t(PAIRED_CARD_KEY.ignoredCounter, { code: d.ignoredCounterstrike }), tip });
  }
  const tg = result.tangle;
  if (tg)
    out.push({
      text: tg.success
        ? t(PAIRED_CARD_KEY.tangled, { name: names.defender, penalty: tg.penalty, dice: tg.dice })
        : t(PAIRED_CARD_KEY.tangleFailed),
      tip: t(PAIRED_CARD_KEY.tangleTip),
    });
  const o = result.object;
  if (o) {
    const tip = t(PAIRED_CARD_KEY.objectTip);
    if (o.dfRolls && isGM) out.push({ text: t(PAIRED_CARD_KEY.objectRolled, { df: o.df }), tip });
    const df = isGM ? o.df : "?";
    out.push({
      text: o.strike
        ? t(PAIRED_CARD_KEY.object, {
            impact: o.strike.impact,
            ap: o.strike.ap,
            damage: o.strike.damage,
            total: o.damage,
            df,
          })
        : t(PAIRED_CARD_KEY.objectMiss, { total: o.damage, df }),
      tip,
    });
    if (o.destroyed) out.push({ text: t(PAIRED_CARD_KEY.destroyed), tip });
  }
  return out;
}
