/**
 * The result card's lines for the HârnMaster Gold impact group (issue 19): one line per rule
 * that changed a strike, naming the option (angry strike, one- vs two-handed impact, blunt
 * trauma, minimum injury, impact & size). Read from the strike's own report
 * (src/rules/hm3/gold/impact-strike.ts), so an old card without them shows none.
 */
import { t, type LangText } from "../../chat/text";
import type { ImpactStrikeReport } from "../../../rules/hm3/gold/impact-strike";
import type { SizeClass } from "../../../rules/hm3/gold/impact-size";

export const IMPACT_CARD_KEYS = Object.freeze({
  angry: "BLOWBYBLOW.HM3.Gold.Impact.Card.angry",
  handed: "BLOWBYBLOW.HM3.Gold.Impact.Card.handed",
  blunt: "BLOWBYBLOW.HM3.Gold.Impact.Card.blunt",
  minimum: "BLOWBYBLOW.HM3.Gold.Impact.Card.minimum",
  size: "BLOWBYBLOW.HM3.Gold.Impact.Card.size",
});

/** The size classes' names (000:137-143). */
export const SIZE_CLASS_LABEL: Readonly<Record<SizeClass, string>> = Object.freeze({
  tiny: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.tiny",
  verySmall: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.verySmall",
  small: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.small",
  medium: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.medium",
  large: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.large",
  veryLarge: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.veryLarge",
  monstrous: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.monstrous",
});

/** The option lines of a strike, in the order the rules act. */
export function impactCardLines(strike: ImpactStrikeReport): { text: LangText }[] {
  const lines: { text: LangText }[] = [];
  if (strike.handedImpact)
    lines.push({
      text: t(IMPACT_CARD_KEYS.handed, {
        base: strike.handedImpact.base,
        loss: strike.handedImpact.gripLoss + strike.handedImpact.strLoss,
      }),
    });
  if (strike.angryBonus)
    lines.push({ text: t(IMPACT_CARD_KEYS.angry, { bonus: strike.angryBonus }) });
  if (strike.bluntTrauma)
    lines.push({
      text: t(IMPACT_CARD_KEYS.blunt, {
        impact: strike.bluntTrauma.impact,
        armour: strike.bluntTrauma.armour,
        effective: strike.bluntTrauma.effectiveImpact,
      }),
    });
  if (strike.minimumInjury) lines.push({ text: t(IMPACT_CARD_KEYS.minimum) });
  if (strike.size)
    lines.push({
      text: t(IMPACT_CARD_KEYS.size, {
        size: t(SIZE_CLASS_LABEL[strike.size.sizeClass]),
        multiplier: strike.size.multiplier,
        effective: strike.size.effectiveImpact,
      }),
    });
  return lines;
}
