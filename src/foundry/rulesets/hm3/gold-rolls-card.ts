/**
 * The exchange card's lines for the HârnMaster Gold `rolls` options (issue 19): each wound's
 * Injury Point band and roll bonus, rolls made against skills, a non-lethal attack's outcome
 * (disarm, sweep, tackle) and an unarmed technique's roll. Each line names its option; the tip is
 * the option's hint. A defender's target numbers are left out for a viewer who may not see them.
 * Rulings G40-G48. Pure.
 */
import { t, type LangText } from "../../chat/text";
import type {
  EfsCheck,
  NonLethalOutcome,
  RollsResult,
  RollsStrike,
} from "../../../rules/hm3/gold/rolls";

export const ROLLS_CARD_KEY = Object.freeze({
  injuryRoll: "BLOWBYBLOW.HM3.Gold.Rolls.Card.injuryRoll",
  skills: "BLOWBYBLOW.HM3.Gold.Rolls.Card.skills",
  check: "BLOWBYBLOW.HM3.Gold.Rolls.Card.check",
  checkHidden: "BLOWBYBLOW.HM3.Gold.Rolls.Card.checkHidden",
  failed: "BLOWBYBLOW.HM3.Gold.Rolls.Card.failed",
  passed: "BLOWBYBLOW.HM3.Gold.Rolls.Card.passed",
  disarmed: "BLOWBYBLOW.HM3.Gold.Rolls.Card.disarmed",
  disarmKept: "BLOWBYBLOW.HM3.Gold.Rolls.Card.disarmKept",
  swept: "BLOWBYBLOW.HM3.Gold.Rolls.Card.swept",
  sweepKept: "BLOWBYBLOW.HM3.Gold.Rolls.Card.sweepKept",
  bigTarget: "BLOWBYBLOW.HM3.Gold.Rolls.Card.bigTarget",
  tackled: "BLOWBYBLOW.HM3.Gold.Rolls.Card.tackled",
  tangleDown: "BLOWBYBLOW.HM3.Gold.Rolls.Card.tangleDown",
  tangleUp: "BLOWBYBLOW.HM3.Gold.Rolls.Card.tangleUp",
  tackleMissed: "BLOWBYBLOW.HM3.Gold.Rolls.Card.tackleMissed",
  noStrike: "BLOWBYBLOW.HM3.Gold.Rolls.Card.noStrike",
  technique: "BLOWBYBLOW.HM3.Gold.Rolls.Card.technique",
  disarm: "BLOWBYBLOW.HM3.Gold.Rolls.Card.disarm",
  sweep: "BLOWBYBLOW.HM3.Gold.Rolls.Card.sweep",
  tackle: "BLOWBYBLOW.HM3.Gold.Rolls.Card.tackle",
  hex: {
    N: "BLOWBYBLOW.HM3.Gold.Rolls.Hex.N",
    NE: "BLOWBYBLOW.HM3.Gold.Rolls.Hex.NE",
    SE: "BLOWBYBLOW.HM3.Gold.Rolls.Hex.SE",
    S: "BLOWBYBLOW.HM3.Gold.Rolls.Hex.S",
    SW: "BLOWBYBLOW.HM3.Gold.Rolls.Hex.SW",
    NW: "BLOWBYBLOW.HM3.Gold.Rolls.Hex.NW",
    same: "BLOWBYBLOW.HM3.Gold.Rolls.Hex.same",
  },
  roll: {
    shock: "BLOWBYBLOW.HM3.Gold.Rolls.Roll.shock",
    fumble: "BLOWBYBLOW.HM3.Gold.Rolls.Roll.fumble",
    stumble: "BLOWBYBLOW.HM3.Gold.Rolls.Roll.stumble",
  },
  hint: {
    injuryRollBonus: "BLOWBYBLOW.HM3.Combat.Option.injuryRollBonus.Hint",
    injuryRollSkills: "BLOWBYBLOW.HM3.Combat.Option.injuryRollSkills.Hint",
    nonLethalAttacks: "BLOWBYBLOW.HM3.Combat.Option.nonLethalAttacks.Hint",
    sweepBigTargets: "BLOWBYBLOW.HM3.Combat.Option.sweepBigTargets.Hint",
    unarmedTechniquePenalties: "BLOWBYBLOW.HM3.Combat.Option.unarmedTechniquePenalties.Hint",
  },
});

type Note = { text: LangText; tip: LangText };
const K = ROLLS_CARD_KEY;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** A roll's dice, total and (when visible) target, and its verdict. */
function checkText(c: EfsCheck, visible: boolean): LangText {
  const dice = `${c.dice}d${c.sides ?? 6}`;
  const verdict = t(c.failed ? K.failed : K.passed);
  return visible
    ? t(K.check, { dice, total: c.total, target: c.target, verdict })
    : t(K.checkHidden, { dice, total: c.total, verdict });
}

/**
 * The card lines of this group. `seesDefender`: the viewer sees the defender's targets;
 * `names`: the fighters' names (user text, escaped by the template).
 */
export function rollsCardNotes(
  result: RollsResult & { strikes: (RollsStrike & { by: string; shock: EfsCheck | null })[] },
  seesDefender: boolean,
  names: { attacker: string; defender: string },
): Note[] {
  const out: Note[] = [];
  for (const s of result.strikes) {
    if (!s.injuryRoll) continue;
    const victim = s.by === "attacker" ? names.defender : names.attacker;
    out.push({
      text: t(K.injuryRoll, {
        name: victim,
        ip: s.injuryRoll.ip,
        points: signed(s.injuryRoll.points),
      }),
      tip: t(K.hint.injuryRollBonus),
    });
  }
  const skill = result.strikes.some((s) => s.shock?.sides === 100);
  if (skill) out.push({ text: t(K.skills), tip: t(K.hint.injuryRollSkills) });
  const nl = result.nonLethal;
  if (nl) out.push(nonLethalNote(nl, seesDefender, names));
  const tq = result.technique;
  if (tq)
    out.push({
      text: t(K.technique, {
        roll: t(K.roll[tq.roll]),
        name: names.defender,
        penalty: signed(tq.penalty),
        si: tq.si,
        check: checkText(tq.check, seesDefender),
      }),
      tip: t(K.hint.unarmedTechniquePenalties),
    });
  return out;
}

function nonLethalNote(
  nl: NonLethalOutcome,
  seesDefender: boolean,
  names: { attacker: string; defender: string },
): Note {
  const tip = t(K.hint.nonLethalAttacks);
  const data = { attacker: names.attacker, defender: names.defender };
  const kind = t(K[nl.kind]);
  if (nl.strikeDice === null) {
    return {
      text: t(nl.kind === "tackle" ? K.tackleMissed : K.noStrike, { ...data, kind }),
      tip,
    };
  }
  if (nl.bigTarget) return { text: t(K.bigTarget, data), tip: t(K.hint.sweepBigTargets) };
  const check = nl.check ? checkText(nl.check, seesDefender) : null;
  const points = signed(nl.modifiers.reduce((a, m) => a + m.value, 0));
  if (nl.kind === "disarm")
    return {
      text: nl.defenderDisarmed
        ? t(K.disarmed, { ...data, check: check!, points, hex: t(K.hex[nl.landing!.hex]) })
        : t(K.disarmKept, { ...data, check: check!, points }),
      tip,
    };
  if (nl.kind === "sweep")
    return {
      text: nl.defenderProne
        ? t(K.swept, { ...data, check: check!, points })
        : t(K.sweepKept, { ...data, check: check!, points }),
      tip,
    };
  if (nl.tangle)
    return {
      text: t(nl.defenderProne ? K.tangleDown : K.tangleUp, {
        ...data,
        tangle: nl.tangle.total,
        check: check!,
      }),
      tip,
    };
  return { text: t(K.tackled, data), tip };
}
