/**
 * The combat tab of the actor sheets' context (./context.ts): each weapon's and missile's
 * AML/DML, impacts by aspect and range bands, as the rules core derived them.
 */
import { HM3_TARGET_LABELS } from "../../../../../rules/hm3/combat";
import { ASPECTS, RANGE_BANDS, type Aspect } from "../../../../../rules/hm3/tables";
import { targetTooltip, type Format } from "../../../../sheets/common";
import type { BodyDiagram } from "../body-diagram";
import { ASPECT_LABEL, ASPECT_SHORT_LABEL, HAND_LABEL, RANGE_BAND_LABEL } from "../item/labels";
import { aspectLabel, ofType, type ActorContextInput } from "./context-input";
import { MESSAGE } from "./labels";

export interface ImpactButton {
  aspect: Aspect;
  short: string;
  label: string;
  impact: number;
  /** "E 5". */
  text: string;
  /** "Attack with Edge, impact 5". */
  title: string;
}

export interface WeaponRow {
  id: string;
  name: string;
  img: string;
  shield: boolean;
  equipped: boolean;
  held: string;
  skill: string;
  skillMissing: boolean;
  /** null: no weapon quality (ruling R41). */
  wq: number | null;
  /** The item has no weapon quality: the sheet shows a dash with a hint. */
  wqNone: boolean;
  ml: number | null;
  aml: number | null;
  dml: number | null;
  attackEml: number | null;
  attackTooltip: string;
  defenceEml: number | null;
  defenceTooltip: string;
  impacts: ImpactButton[];
}

export interface BandCell {
  band: string;
  label: string;
  range: number;
  impact: number;
  /** "P 7". */
  impactText: string;
  eml: number | null;
  tooltip: string;
  title: string;
}

export interface MissileRow {
  id: string;
  name: string;
  img: string;
  equipped: boolean;
  skill: string;
  skillMissing: boolean;
  aspect: string;
  aspectShort: string;
  /** null: no weapon quality (ruling R41). */
  wq: number | null;
  /** The item has no weapon quality: the sheet shows a dash with a hint. */
  wqNone: boolean;
  ml: number | null;
  bands: BandCell[];
}

export interface CombatContext {
  weapons: WeaponRow[];
  missiles: MissileRow[];
  dodge: { eml: number; tooltip: string } | null;
  body: BodyDiagram | null;
}

export function weapons(input: ActorContextInput, format: Format): WeaponRow[] {
  const { localize, derived } = input;
  return ofType(input.items, "weapon").map((w) => {
    const dw = derived?.weapons[w.id];
    const impacts: ImpactButton[] = dw
      ? dw.impacts.map(({ aspect, impact }) => {
          const short = localize(ASPECT_SHORT_LABEL[aspect]);
          const label = localize(ASPECT_LABEL[aspect]);
          return {
            aspect,
            short,
            label,
            impact,
            text: `${short} ${impact}`,
            title: format(MESSAGE.impactButton, { aspect: label, impact }),
          };
        })
      : ASPECTS.flatMap((aspect) => {
          const impact = w.system.hm3.impact[aspect];
          if (impact === null || impact === undefined) return [];
          const short = localize(ASPECT_SHORT_LABEL[aspect]);
          const label = localize(ASPECT_LABEL[aspect]);
          const title = format(MESSAGE.impactButton, { aspect: label, impact });
          return [{ aspect, short, label, impact, text: `${short} ${impact}`, title }];
        });
    return {
      id: w.id,
      name: w.name,
      img: w.img,
      shield: w.system.hm3.shield,
      equipped: w.system.equipped,
      held: localize(HAND_LABEL[w.system.held]),
      skill: w.system.hm3.skill,
      skillMissing: dw ? dw.skillId === null : false,
      wq: w.system.hm3.wq,
      wqNone: w.system.hm3.wq === null,
      ml: dw?.ml ?? null,
      aml: dw?.aml ?? null,
      dml: dw?.dml ?? null,
      attackEml: dw ? dw.attackEml.value : null,
      attackTooltip: dw ? targetTooltip(dw.attackEml, localize, HM3_TARGET_LABELS) : "",
      defenceEml: dw ? dw.defenceEml.value : null,
      defenceTooltip: dw ? targetTooltip(dw.defenceEml, localize, HM3_TARGET_LABELS) : "",
      impacts,
    };
  });
}

export function missiles(input: ActorContextInput, format: Format): MissileRow[] {
  const { localize, derived } = input;
  return ofType(input.items, "missile").map((m) => {
    const dm = derived?.missiles[m.id];
    const aspect = aspectLabel(m.system.hm3.aspect, localize);
    const short = localize(ASPECT_SHORT_LABEL[m.system.hm3.aspect]);
    const bands: BandCell[] = RANGE_BANDS.map((band) => {
      const db = dm?.bands.find((b) => b.band === band);
      const stored = m.system.hm3.ranges[band];
      const label = localize(RANGE_BAND_LABEL[band]);
      const impact = db?.impact ?? stored.impact;
      return {
        band,
        label,
        range: db?.range ?? stored.range,
        impact,
        impactText: `${short} ${impact}`,
        eml: db ? db.eml.value : null,
        tooltip: db ? targetTooltip(db.eml, localize, HM3_TARGET_LABELS) : "",
        title: format(MESSAGE.bandButton, {
          band: label,
          range: db?.range ?? stored.range,
          aspect,
          impact,
        }),
      };
    });
    return {
      id: m.id,
      name: m.name,
      img: m.img,
      equipped: m.system.equipped,
      skill: m.system.hm3.skill,
      skillMissing: dm ? dm.skillId === null : false,
      aspect,
      aspectShort: short,
      wq: m.system.hm3.wq,
      wqNone: m.system.hm3.wq === null,
      ml: dm?.ml ?? null,
      bands,
    };
  });
}
