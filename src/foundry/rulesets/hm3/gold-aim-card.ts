/**
 * The exchange card's line for an aimed strike (HârnMaster Gold aimed melee, seed 000 lines
 * 5-15; rulings G4-G6, G9): the target, the raw location roll, the AAPs used and the roll they
 * give with the location struck ("rolled 54, −20 AAP → 34 Neck"), the face sub-table's the same
 * way, and the side roll; and the attack summary's line. Pure: `LangText`s only.
 */
import { t, type LangText } from "../../chat/text";
import type { AimAt } from "../../../rules/hm3/gold/aim";
import type { Hm3Strike } from "../../../rules/hm3/exchange";

/** Lang keys of the aimed-melee card lines (whole literals for the lang audit). */
export const AIM_CARD_KEY = Object.freeze({
  summary: "BLOWBYBLOW.HM3.Gold.Aim.Card.summary",
  location: "BLOWBYBLOW.HM3.Gold.Aim.Card.location",
  locationIn: "BLOWBYBLOW.HM3.Gold.Aim.Card.locationIn",
  face: "BLOWBYBLOW.HM3.Gold.Aim.Card.face",
  faceIn: "BLOWBYBLOW.HM3.Gold.Aim.Card.faceIn",
  sideKept: "BLOWBYBLOW.HM3.Gold.Aim.Card.sideKept",
  sideLost: "BLOWBYBLOW.HM3.Gold.Aim.Card.sideLost",
  tip: "BLOWBYBLOW.HM3.Gold.Aim.Card.tip",
});

/** Names of locations and face parts, as the card writes them (`left-eye`, `neck`…). */
export interface AimNames {
  location(id: string): LangText | string;
  face(id: string): LangText;
  /** Whether an id is a face part (`jaw`…), named by `face`. */
  isFacePart(id: string): boolean;
}

/** The location aimed at, with its side when one was chosen. */
function targetName(aimAt: Pick<AimAt, "location" | "side">, names: AimNames): LangText | string {
  const id = aimAt.side ? `${aimAt.side}-${aimAt.location}` : aimAt.location;
  return names.isFacePart(aimAt.location) ? names.face(id) : names.location(id);
}

/** `−20` or `+4`: the AAPs used, in the direction they moved the roll. */
function shift(raw: number, moved: number, used: number): string {
  return moved < raw ? `\u2212${used}` : `+${used}`;
}

/** The aimed strike's lines, each with the rule's tooltip; none for a strike not aimed. */
export function aimedStrikeView(
  strike: Hm3Strike,
  names: AimNames,
): { text: LangText; tip: LangText }[] {
  const a = strike.aimed;
  if (!a) return [];
  const target = targetName({ location: a.target, side: a.side }, names);
  const location = names.location(strike.location);
  const lines: LangText[] = [
    a.locationAap === 0
      ? t(AIM_CARD_KEY.locationIn, { target, roll: strike.locationRoll, location })
      : t(AIM_CARD_KEY.location, {
          target,
          roll: strike.locationRoll,
          shift: shift(strike.locationRoll, a.locationRoll, a.locationAap),
          moved: a.locationRoll,
          location,
        }),
  ];
  if (a.face && strike.face && strike.faceRoll !== null) {
    const part = names.face(strike.face);
    lines.push(
      a.face.aap === 0
        ? t(AIM_CARD_KEY.faceIn, { roll: strike.faceRoll, part })
        : t(AIM_CARD_KEY.face, {
            roll: strike.faceRoll,
            shift: shift(strike.faceRoll, a.face.roll, a.face.aap),
            moved: a.face.roll,
            part,
          }),
    );
  }
  if (a.sideRoll !== null)
    lines.push(t(a.sideKept ? AIM_CARD_KEY.sideKept : AIM_CARD_KEY.sideLost, { roll: a.sideRoll }));
  return lines.map((text) => ({ text, tip: t(AIM_CARD_KEY.tip) }));
}

/** The attack summary's line for an aimed attack: the target and the AAPs declared. */
export function aimedSummary(aimAt: AimAt | undefined, names: AimNames): LangText | null {
  return aimAt
    ? t(AIM_CARD_KEY.summary, { target: targetName(aimAt, names), aap: aimAt.aap })
    : null;
}
