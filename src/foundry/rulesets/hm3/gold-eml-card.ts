/**
 * The exchange card's lines for the HârnMaster Gold EML options (issue 19, group `eml`): a
 * mounted attacker's AF or AS made an unhorsing roll (seed 000 line 185; ruling G38). The EML
 * modifiers themselves show in the rolls' breakdowns (their labels: combat.ts).
 */
import { t, type LangText } from "../../chat/text";
import { LEVEL_LABEL } from "./sheets/actor/labels";
import type { Unhorsing } from "../../../rules/hm3/gold/eml";
import { goldOn, type GoldOptions } from "../../../rules/hm3/gold/options";

export const EML_CARD_KEY = Object.freeze({
  unhorsing: "BLOWBYBLOW.HM3.Gold.Eml.Card.unhorsing",
  unhorsed: "BLOWBYBLOW.HM3.Gold.Eml.Card.unhorsed",
  stays: "BLOWBYBLOW.HM3.Gold.Eml.Card.stays",
  au: "BLOWBYBLOW.HM3.Gold.Eml.Card.au",
  dodged: "BLOWBYBLOW.HM3.Gold.Eml.Card.dodged",
  dodgedTip: "BLOWBYBLOW.HM3.Combat.Option.dodging.Hint",
  recovering: "BLOWBYBLOW.HM3.Gold.Eml.Card.recovering",
  recoveringTip: "BLOWBYBLOW.HM3.Combat.Option.strikeRecovery.Hint",
  tip: "BLOWBYBLOW.HM3.Combat.Option.mountedCombat.Hint",
});

/** What the card lines read of the result. */
interface ResultLike {
  unhorsing?: Unhorsing;
  attackType: string;
  defenceType: string;
  result: string;
}

/**
 * The card lines of this group: the unhorsing roll (G38), and reminders of what the flow does
 * not carry across turns (G35, G36): a Dodge that won no DTA puts the dodger's next attack at
 * −20; the attacker's weapon just struck, so a TA attack or a counterstrike with it before his
 * next turn is at its recovery Attack Class (strike recovery).
 */
export function emlCardNotes(
  result: ResultLike,
  options: Readonly<Partial<GoldOptions>> | null,
  names: { attacker: string; defender: string },
): { text: LangText; tip: LangText }[] {
  const out: { text: LangText; tip: LangText }[] = [];
  const u = result.unhorsing;
  if (u)
    out.push({
      text: t(EML_CARD_KEY.unhorsing, {
        code: u.code,
        roll: u.roll,
        target: u.target,
        level: t(LEVEL_LABEL[u.level]),
        outcome: t(u.unhorsed ? EML_CARD_KEY.unhorsed : EML_CARD_KEY.stays),
      }),
      tip: t(EML_CARD_KEY.tip),
    });
  if (!options) return out;
  if (goldOn(options, "dodging") && result.defenceType === "dodge" && result.result !== "DTA")
    out.push({
      text: t(EML_CARD_KEY.dodged, { name: names.defender }),
      tip: t(EML_CARD_KEY.dodgedTip),
    });
  if (goldOn(options, "strikeRecovery") && result.attackType === "melee")
    out.push({
      text: t(EML_CARD_KEY.recovering, { name: names.attacker }),
      tip: t(EML_CARD_KEY.recoveringTip),
    });
  return out;
}

/** The matrix result's meaning when this group changed it (AF or AS read as AU), else null. */
export function emlMatrixMeaning(result: { unhorsing?: Unhorsing }): LangText | null {
  return result.unhorsing ? t(EML_CARD_KEY.au, { code: result.unhorsing.code }) : null;
}
