/**
 * The exchange card's lines for the HârnMaster Gold EML options (issue 19, group `eml`): a
 * mounted attacker's AF or AS made an unhorsing roll (seed 000 line 185; ruling G38). The EML
 * modifiers themselves show in the rolls' breakdowns (their labels: combat.ts).
 */
import { t, type LangText } from "../../chat/text";
import { LEVEL_LABEL } from "./sheets/actor/labels";
import type { Unhorsing } from "../../../rules/hm3/gold/eml";

export const EML_CARD_KEY = Object.freeze({
  unhorsing: "BLOWBYBLOW.HM3.Gold.Eml.Card.unhorsing",
  unhorsed: "BLOWBYBLOW.HM3.Gold.Eml.Card.unhorsed",
  stays: "BLOWBYBLOW.HM3.Gold.Eml.Card.stays",
  au: "BLOWBYBLOW.HM3.Gold.Eml.Card.au",
  tip: "BLOWBYBLOW.HM3.Combat.Option.mountedCombat.Hint",
});

/** The card lines of this group's result fields. */
export function emlCardNotes(result: {
  unhorsing?: Unhorsing;
}): { text: LangText; tip: LangText }[] {
  const u = result.unhorsing;
  if (!u) return [];
  return [
    {
      text: t(EML_CARD_KEY.unhorsing, {
        code: u.code,
        roll: u.roll,
        target: u.target,
        level: t(LEVEL_LABEL[u.level]),
        outcome: t(u.unhorsed ? EML_CARD_KEY.unhorsed : EML_CARD_KEY.stays),
      }),
      tip: t(EML_CARD_KEY.tip),
    },
  ];
}

/** The matrix result's meaning when this group changed it (AF or AS read as AU), else null. */
export function emlMatrixMeaning(result: { unhorsing?: Unhorsing }): LangText | null {
  return result.unhorsing ? t(EML_CARD_KEY.au, { code: result.unhorsing.code }) : null;
}
