/**
 * The shape of the HM3 part of the exchange chat card's view (templates/chat/hm3/result.hbs),
 * as ./card.ts builds it: rolls, checks, strikes and the whole `Hm3CardView`. Types only.
 */
import type { Target } from "../../../core/modifiers";
import type { Side } from "../../../core/ruleset";
import type { TargetView } from "../../chat/target-view";
import type { LangText } from "../../chat/text";
import type { Level } from "../../../rules/hm3/tables";

export interface NumberView {
  value: number | string;
  tip: LangText;
}

export interface RollView {
  side: Side;
  /** The roller's name (user text). */
  name: string;
  label: LangText;
  /** null when hidden from this viewer. */
  target: number | null;
  hidden: boolean;
  breakdown: TargetView | null;
  targetTip: LangText;
  roll: number;
  level: Level;
  levelLabel: LangText;
  levelClass: string;
  tip: LangText;
}

export interface CheckView {
  label: LangText;
  /** `3d6: 4 5 6`. */
  dice: string;
  total: number;
  /** null when hidden from this viewer. */
  target: number | null;
  hidden: boolean;
  failed: boolean;
  verdict: LangText;
  /** What the failure (or the pass) does, when it does something. */
  outcome: LangText | null;
  cssClass: string;
  tip: LangText;
}

export interface StrikeView {
  index: number;
  by: Side;
  heading: LangText;
  location: { label: LangText | string; roll: number; tip: LangText };
  face: { label: LangText; roll: number; tip: LangText } | null;
  aspect: LangText | string;
  impact: { rolls: string; weapon: number; sum: LangText; total: number; tip: LangText };
  armour: NumberView;
  effective: NumberView;
  injury: {
    code: string;
    severity: LangText | null;
    cell: string;
    tip: LangText;
    cssClass: string;
    /** "table K4" when the table said K and a kill roll turned it into G. */
    tableCode: LangText | null;
  } | null;
  noInjury: LangText | null;
  killed: { text: LangText; tip: LangText } | null;
  checks: CheckView[];
  ignition: { text: LangText; roll: number; tip: LangText; ignited: boolean } | null;
  bleeding: { text: LangText; tip: LangText } | null;
  limb: { text: LangText; tip: LangText } | null;
  amputation: {
    text: LangText;
    tip: LangText;
    marked: boolean;
    /** The GM's "limb severed" button (`data-action="bbb-amputate" data-strike`). */
    button: { strike: number; label: LangText } | null;
  } | null;
}

/**
 * A roll the matrix result itself calls for: a fumble or stumble roll (AF, DS, BF…) or a
 * Block's weapon damage roll, with who makes it.
 */
export interface SideCheckView extends CheckView {
  kind: "fumble" | "stumble" | "weaponDamage";
  side: Side;
  /** The roller's name (user text). */
  name: string;
  /** What rolls: the fighter (their name) or their weapon. */
  who: LangText | string;
}

export type Hm3CardView = {
  /** The attack as declared, for the card's header. */
  summary: LangText[];
  /** The attack target as declared (itemised), for the card before the result. */
  attackTarget: Target | null;
  resolved: boolean;
  attackType: "melee" | "missile" | null;
  rolls: RollView[];
  ignore: LangText | null;
  matrix: {
    code: string | LangText;
    meaning: LangText;
    tip: LangText;
    meaningTip: LangText;
  } | null;
  strikes: StrikeView[];
  /** The matrix's own fumble and stumble rolls, then the weapon damage rolls. */
  sideChecks: SideCheckView[];
  weaponDamageSkipped: { text: LangText; tip: LangText }[];
  advantage: { text: LangText; tip: LangText } | null;
  wild: { text: LangText; tip: LangText } | null;
  /** Lines of the HârnMaster Gold options that changed the result (one naming each option). */
  goldNotes: { text: LangText; tip: LangText }[];
};
