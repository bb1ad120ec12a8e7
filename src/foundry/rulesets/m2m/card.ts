/**
 * The GURPS Man to Man part of the exchange chat card (templates/chat/m2m/result.hbs), built
 * from the flow's plain data (src/rules/m2m/flow.ts `m2mFlow`, replayed from the card's
 * declaration, choices and rolls): the attack as declared (damage, type, aim, All-Out Attack);
 * before the defence, the attack roll already made and each defence offered with its full
 * target (active defence + modifiers + PD) itemised, closed ones with their reason, and under
 * All-Out Defence the first roll before the second prompt; once resolved, every roll with its
 * target (attack itemised, each defence), the critical hit or miss with its table entry, the
 * hit location, the damage roll, DR, penetration, wounding multiplier, crippling cap and
 * injury, the defender's HP before and after, and shock, knockdown, stun, knockout,
 * consciousness and death, each roll shown. Pure.
 *
 * The defender's target numbers (defences, HT rolls) are hidden from a player who does not own
 * the defender unless the world shows them (`showDefenceTargets`), as on the HM3 card.
 */
import type { ExchangeCard } from "../../../core/flow";
import { replayExchange } from "../../../core/flow";
import type { Target } from "../../../core/modifiers";
import type { Side } from "../../../core/ruleset";
import { formatDamageExpr, woundMultiplier } from "../../../rules/m2m/damage";
import type { M2mResult, M2mWoundOutcome } from "../../../rules/m2m/exchange";
import { m2mFlow, type M2mFlowDeclaration, type M2mFlowState } from "../../../rules/m2m/flow";
import { cripplingCap } from "../../../rules/m2m/injury";
import type { DamageType, HitLocation } from "../../../rules/m2m/types";
import { targetView, type TargetView } from "../../chat/target-view";
import { t, type LangText } from "../../chat/text";
import { signed } from "../../sheets/common";
import type { CardViewer } from "../contract";
import {
  ATTACK_OUTCOME_LABEL,
  CRITICAL_EFFECT_LABEL,
  CRITICAL_MISS_LABEL,
  DEFENCE_OUTCOME_LABEL,
  M2M_TARGET_LABELS,
} from "./card-labels";
import { DAMAGE_TYPE_LABEL, LOCATION_LABEL } from "./sheets/labels";

export const M2M_RESULT_TEMPLATE = "systems/blow-by-blow/templates/chat/m2m/result.hbs";

/** Keys of the m2m card (written whole for the lang audit). */
export const M2M_CARD_KEY = Object.freeze({
  summary: "BLOWBYBLOW.Card.M2M.Summary.attack",
  summaryAimed: "BLOWBYBLOW.Card.M2M.Summary.aimed",
  summaryRandom: "BLOWBYBLOW.Card.M2M.Summary.random",
  summaryAllOut: "BLOWBYBLOW.Card.M2M.Summary.allOut",
  summaryHalf: "BLOWBYBLOW.Card.M2M.Summary.halfDamage",
  attackRoll: "BLOWBYBLOW.Card.M2M.attackRoll",
  defenceRoll: "BLOWBYBLOW.Card.M2M.defenceRoll",
  defenceRetreat: "BLOWBYBLOW.Card.M2M.defenceRetreat",
  firstDefence: "BLOWBYBLOW.Card.M2M.firstDefence",
  firstDefenceHidden: "BLOWBYBLOW.Card.M2M.firstDefenceHidden",
  secondDefence: "BLOWBYBLOW.Card.M2M.secondDefence",
  randomLocation: "BLOWBYBLOW.Card.M2M.randomLocation",
  options: "BLOWBYBLOW.Card.M2M.options",
  hidden: "BLOWBYBLOW.Card.M2M.hidden",
  noHit: "BLOWBYBLOW.Card.M2M.noHit",
  locationRolled: "BLOWBYBLOW.Card.M2M.Location.rolled",
  locationAimed: "BLOWBYBLOW.Card.M2M.Location.aimed",
  locationMissByOne: "BLOWBYBLOW.Card.M2M.Location.missByOne",
  critHitTable: "BLOWBYBLOW.Card.M2M.Critical.hitTable",
  critHeadTable: "BLOWBYBLOW.Card.M2M.Critical.headTable",
  critNormal: "BLOWBYBLOW.Card.M2M.Critical.normal",
  critNormalHead: "BLOWBYBLOW.Card.M2M.Critical.normalHead",
  critNone: "BLOWBYBLOW.Card.M2M.Critical.none",
  critFixed: "BLOWBYBLOW.Card.M2M.Critical.fixed",
  critMultiplier: "BLOWBYBLOW.Card.M2M.Critical.multiplier",
  critBypass: "BLOWBYBLOW.Card.M2M.Critical.bypass",
  fumbleTable: "BLOWBYBLOW.Card.M2M.Fumble.table",
  fumbleRerolls: "BLOWBYBLOW.Card.M2M.Fumble.rerolls",
  fumbleSelf: "BLOWBYBLOW.Card.M2M.Fumble.self",
  defCritAttacker: "BLOWBYBLOW.Card.M2M.DefenceCritical.attackerFumbles",
  defCritFalls: "BLOWBYBLOW.Card.M2M.DefenceCritical.falls",
  defCritShield: "BLOWBYBLOW.Card.M2M.DefenceCritical.shieldUnready",
  defCritParry: "BLOWBYBLOW.Card.M2M.DefenceCritical.defenderFumbles",
  damageDice: "BLOWBYBLOW.Card.M2M.Damage.dice",
  damageBasic: "BLOWBYBLOW.Card.M2M.Damage.basic",
  damageHalved: "BLOWBYBLOW.Card.M2M.Damage.halved",
  damageTimes: "BLOWBYBLOW.Card.M2M.Damage.times",
  damageDr: "BLOWBYBLOW.Card.M2M.Damage.dr",
  damageDrBypassed: "BLOWBYBLOW.Card.M2M.Damage.drBypassed",
  damagePenetrating: "BLOWBYBLOW.Card.M2M.Damage.penetrating",
  damageMultiplier: "BLOWBYBLOW.Card.M2M.Damage.multiplier",
  damageInjury: "BLOWBYBLOW.Card.M2M.Damage.injury",
  damageCap: "BLOWBYBLOW.Card.M2M.Damage.cap",
  damageRecorded: "BLOWBYBLOW.Card.M2M.Damage.recorded",
  damageKnockback: "BLOWBYBLOW.Card.M2M.Damage.knockback",
  ignoredCrippled: "BLOWBYBLOW.Card.M2M.Damage.ignoredCrippled",
  ignoredLastWounds: "BLOWBYBLOW.Card.M2M.Damage.ignoredLastWounds",
  hp: "BLOWBYBLOW.Card.M2M.hp",
  shock: "BLOWBYBLOW.Card.M2M.Wound.shock",
  major: "BLOWBYBLOW.Card.M2M.Wound.major",
  stunned: "BLOWBYBLOW.Card.M2M.Wound.stunned",
  crippled: "BLOWBYBLOW.Card.M2M.Wound.crippled",
  knockedOut: "BLOWBYBLOW.Card.M2M.Wound.knockedOut",
  fallsDown: "BLOWBYBLOW.Card.M2M.Wound.fallsDown",
  unconscious: "BLOWBYBLOW.Card.M2M.Wound.unconscious",
  unconsciousCritical: "BLOWBYBLOW.Card.M2M.Wound.unconsciousCritical",
  consciousness: "BLOWBYBLOW.Card.M2M.Wound.consciousness",
  halfMove: "BLOWBYBLOW.Card.M2M.Wound.halfMove",
  dead: "BLOWBYBLOW.Card.M2M.Wound.dead",
  destroyed: "BLOWBYBLOW.Card.M2M.Wound.destroyed",
  knockdown: "BLOWBYBLOW.Card.M2M.Check.knockdown",
  death: "BLOWBYBLOW.Card.M2M.Check.death",
  passed: "BLOWBYBLOW.Card.M2M.Check.passed",
  failed: "BLOWBYBLOW.Card.M2M.Check.failed",
  fell: "BLOWBYBLOW.Card.M2M.Check.fell",
  stood: "BLOWBYBLOW.Card.M2M.Check.stood",
  survived: "BLOWBYBLOW.Card.M2M.Check.survived",
  died: "BLOWBYBLOW.Card.M2M.Check.died",
  woundOf: "BLOWBYBLOW.Card.M2M.woundOf",
});

/** Keys of the rules behind each number (tooltips: rule text, never user text). */
export const M2M_RULE_KEY = Object.freeze({
  success: "BLOWBYBLOW.Card.M2M.Rule.success",
  defence: "BLOWBYBLOW.Card.M2M.Rule.defence",
  location: "BLOWBYBLOW.Card.M2M.Rule.location",
  critHit: "BLOWBYBLOW.Card.M2M.Rule.critHit",
  critHead: "BLOWBYBLOW.Card.M2M.Rule.critHead",
  critMiss: "BLOWBYBLOW.Card.M2M.Rule.critMiss",
  defenceCritical: "BLOWBYBLOW.Card.M2M.Rule.defenceCritical",
  damage: "BLOWBYBLOW.Card.M2M.Rule.damage",
  dr: "BLOWBYBLOW.Card.M2M.Rule.dr",
  multiplier: "BLOWBYBLOW.Card.M2M.Rule.multiplier",
  cap: "BLOWBYBLOW.Card.M2M.Rule.cap",
  shock: "BLOWBYBLOW.Card.M2M.Rule.shock",
  knockdown: "BLOWBYBLOW.Card.M2M.Rule.knockdown",
  stun: "BLOWBYBLOW.Card.M2M.Rule.stun",
  knockout: "BLOWBYBLOW.Card.M2M.Rule.knockout",
  hp: "BLOWBYBLOW.Card.M2M.Rule.hp",
  death: "BLOWBYBLOW.Card.M2M.Rule.death",
});

const DEFENCE_LABEL: Readonly<Record<string, string>> = Object.freeze({
  dodge: "BLOWBYBLOW.M2M.Defence.dodge",
  parry: "BLOWBYBLOW.M2M.Defence.parry",
  block: "BLOWBYBLOW.M2M.Defence.block",
  none: "BLOWBYBLOW.M2M.Defence.none",
});

// ── Views ────────────────────────────────────────────────────────────────────────────────────

/** A 3d6 roll against a target: the attack, a defence. */
export interface M2mRollView {
  side: Side;
  /** The roller's name (user text). */
  name: string;
  label: LangText;
  /** Null when hidden from this viewer. */
  target: number | null;
  hidden: boolean;
  breakdown: TargetView | null;
  roll: number | null;
  outcome: LangText | null;
  cssClass: string;
  tip: LangText;
}

/** A defence offered in the prompt, with its full target itemised. */
export interface M2mOptionView {
  option: string;
  label: LangText;
  value: number;
  breakdown: TargetView;
  closed: boolean;
  reason: LangText | null;
  /** `bbb-m2m-closed` for a defence not open against this attack. */
  cssClass: string;
}

/** An HT roll made for the wound (knockdown, death) or a line saying what the wound did. */
export interface M2mCheckView {
  label: LangText;
  roll: number;
  target: number | null;
  hidden: boolean;
  failed: boolean;
  verdict: LangText;
  cssClass: string;
  tip: LangText;
}

export interface M2mLineView {
  text: LangText;
  tip: LangText;
  cssClass: string;
}

/** A wound: the damage from the roll to the injury, the HP, and what it did. */
export interface M2mWoundView {
  /** The defender's wound, or the fumbler's own (a Critical Miss that hits himself). */
  kind: "defender" | "self";
  /** Whose wound. */
  heading: LangText;
  location: { label: LangText; text: LangText; tip: LangText };
  damage: { label: LangText; value: string | number; tip: LangText; cssClass: string }[];
  hp: { before: number; after: number; text: LangText; tip: LangText } | null;
  checks: M2mCheckView[];
  lines: M2mLineView[];
}

export type M2mCardView = {
  /** The attack as declared, for the card's header. */
  summary: LangText[];
  /** The attack target as declared (itemised), for the generic card before the result. */
  attackTarget: Target | null;
  /** The attack roll (made before the defence) and each defence roll. */
  rolls: M2mRollView[];
  /** The defences offered (while a defence is pending), for viewers who see the defender's targets. */
  options: M2mOptionView[];
  /** All-Out Defence: the first roll failed, a second defence is asked. */
  secondPrompt: LangText | null;
  resolved: boolean;
  criticalHit: { table: LangText; roll: number; entry: LangText[]; tip: LangText } | null;
  criticalMiss: {
    heading: LangText;
    roll: number;
    rerolls: LangText | null;
    entry: LangText[];
    tip: LangText;
  } | null;
  defenceCritical: M2mLineView[];
  noHit: LangText | null;
  /** The defender's wound, then the fumbler's own. */
  wounds: M2mWoundView[];
};

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

function replayed(card: ExchangeCard): M2mFlowState | null {
  try {
    return replayExchange(m2mFlow, card).state;
  } catch {
    return null;
  }
}

function seesTargetsOf(viewer: CardViewer, side: Side): boolean {
  if (side === "attacker") return true;
  return viewer.isGM || viewer.owns.defender === true || viewer.showDefenceTargets;
}

const named = (card: ExchangeCard, side: Side) => String(card[side]?.name ?? "");

function locationLabel(location: HitLocation): LangText {
  return t(LOCATION_LABEL[location] ?? LOCATION_LABEL.torso);
}

function modeOf(d: M2mFlowDeclaration) {
  const w = d.attacker.weapons.find((x) => x.id === d.attack.weapon);
  return w?.modes[d.attack.mode] ?? null;
}

function summaryOf(d: M2mFlowDeclaration): LangText[] {
  const mode = modeOf(d);
  if (!mode) return [];
  const lines = [
    t(M2M_CARD_KEY.summary, {
      damage: formatDamageExpr(mode.damage),
      type: t(DAMAGE_TYPE_LABEL[mode.type]),
      aim:
        d.attack.target === "random"
          ? t(M2M_CARD_KEY.summaryRandom)
          : t(M2M_CARD_KEY.summaryAimed, { location: locationLabel(d.attack.target) }),
    }),
  ];
  if (d.attack.allOut) lines.push(t(M2M_CARD_KEY.summaryAllOut));
  if (d.attack.halfDamage) lines.push(t(M2M_CARD_KEY.summaryHalf));
  return lines;
}

/** The attack target as rolled: the declared one plus a random swing's location penalty (§8). */
function attackBreakdown(
  target: Target,
  attack: M2mResult["attack"],
  location: HitLocation | null,
) {
  const view = targetView(target, M2M_TARGET_LABELS);
  if (attack.locationPenalty !== 0 && location) {
    view.lines.push({
      label: t(M2M_CARD_KEY.randomLocation, { location: locationLabel(location) }),
      value: signed(attack.locationPenalty),
      custom: false,
      cssClass: "",
    });
    view.raw = attack.effective;
    view.value = attack.effective;
    view.clamped = false;
  }
  return view;
}

function attackOutcomeClass(outcome: string): string {
  if (outcome === "critical-hit") return "bbb-success bbb-critical";
  if (outcome === "hit") return "bbb-success";
  if (outcome === "critical-miss") return "bbb-failure bbb-critical";
  return "bbb-failure";
}

function defenceOutcomeClass(outcome: string | null): string {
  if (outcome === "critical-success") return "bbb-success bbb-critical";
  if (outcome === "success") return "bbb-success";
  if (outcome === "critical-failure") return "bbb-failure bbb-critical";
  return outcome === null ? "" : "bbb-failure";
}

function optionLabel(id: string, labelKey: string): LangText {
  return t(labelKey || DEFENCE_LABEL[id] || DEFENCE_LABEL.none!);
}

function defenceLabel(d: M2mFlowState["defences"][number]): LangText {
  const base = t(DEFENCE_LABEL[d.defence.type] ?? DEFENCE_LABEL.none!);
  return d.retreat ? t(M2M_CARD_KEY.defenceRetreat, { defence: base }) : base;
}

function defenceRolls(state: M2mFlowState, card: ExchangeCard, viewer: CardViewer): M2mRollView[] {
  const visible = seesTargetsOf(viewer, "defender");
  return state.defences.map((d, i) => ({
    side: "defender" as Side,
    name: named(card, "defender"),
    label: t(i === 0 ? M2M_CARD_KEY.defenceRoll : M2M_CARD_KEY.secondDefence, {
      defence: defenceLabel(d),
    }),
    target: visible ? d.target : null,
    hidden: !visible,
    breakdown: null,
    roll: d.roll,
    outcome: d.outcome
      ? t(DEFENCE_OUTCOME_LABEL[d.outcome as keyof typeof DEFENCE_OUTCOME_LABEL])
      : null,
    cssClass: defenceOutcomeClass(d.outcome),
    tip: t(M2M_RULE_KEY.defence),
  }));
}

function criticalHitView(r: M2mResult): M2mCardView["criticalHit"] {
  const c = r.criticalHit;
  if (!c) return null;
  const entry: LangText[] = [];
  if (c.damage === "normal") entry.push(t(M2M_CARD_KEY.critNormal));
  if (c.damage === "normalHead") entry.push(t(M2M_CARD_KEY.critNormalHead));
  if (c.damage === "none") entry.push(t(M2M_CARD_KEY.critNone));
  if (c.damage === "fixed") entry.push(t(M2M_CARD_KEY.critFixed, { hits: c.fixedDamage ?? 0 }));
  if (c.multiplier > 1) entry.push(t(M2M_CARD_KEY.critMultiplier, { times: c.multiplier }));
  if (c.bypassArmour) entry.push(t(M2M_CARD_KEY.critBypass));
  for (const e of c.effects) entry.push(t(CRITICAL_EFFECT_LABEL[e]));
  const head = c.table === "critical-head-blow";
  return {
    table: t(head ? M2M_CARD_KEY.critHeadTable : M2M_CARD_KEY.critHitTable),
    roll: c.roll,
    entry,
    tip: t(head ? M2M_RULE_KEY.critHead : M2M_RULE_KEY.critHit),
  };
}

function criticalMissView(r: M2mResult, card: ExchangeCard): M2mCardView["criticalMiss"] {
  const c = r.criticalMiss;
  if (!c) return null;
  return {
    heading: t(M2M_CARD_KEY.fumbleTable, { name: named(card, c.side) }),
    roll: c.roll,
    rerolls:
      c.rerolls.length > 0 ? t(M2M_CARD_KEY.fumbleRerolls, { rolls: c.rerolls.join(", ") }) : null,
    entry: c.effects.map((e) => t(CRITICAL_MISS_LABEL[e])),
    tip: t(M2M_RULE_KEY.critMiss),
  };
}

function defenceCriticalLines(r: M2mResult): M2mLineView[] {
  const c = r.defenceCritical;
  if (!c) return [];
  const tip = t(M2M_RULE_KEY.defenceCritical);
  const lines: M2mLineView[] = [];
  if (c.attackerRollsCriticalMiss)
    lines.push({ text: t(M2M_CARD_KEY.defCritAttacker), tip, cssClass: "bbb-success" });
  if (c.defenderFalls)
    lines.push({ text: t(M2M_CARD_KEY.defCritFalls), tip, cssClass: "bbb-failure" });
  if (c.shieldUnready)
    lines.push({ text: t(M2M_CARD_KEY.defCritShield), tip, cssClass: "bbb-failure" });
  if (c.defenderRollsCriticalMiss)
    lines.push({ text: t(M2M_CARD_KEY.defCritParry), tip, cssClass: "bbb-failure" });
  return lines;
}

interface WoundInput {
  kind: M2mWoundView["kind"];
  heading: LangText;
  location: HitLocation;
  locationText: LangText;
  damage: NonNullable<M2mResult["damage"]>;
  type: DamageType;
  ht: number;
  hpBefore: number;
  wound: M2mWoundOutcome;
  visible: boolean;
  /** A critical result that does its effect only, or a fixed injury (§10.2, A20, M40): no DR or multiplier. */
  effectOnly: boolean;
}

function woundView(w: WoundInput): M2mWoundView {
  const d = w.damage;
  const line = (
    label: string,
    value: string | number,
    tip: string,
    cssClass = "",
  ): M2mWoundView["damage"][number] => ({ label: t(label), value, tip: t(tip), cssClass });
  // The dice and the expression's adds as rolled (§7.3), then the basic damage when a
  // critical multiplier or halving changed it.
  const adds = d.rolled - d.dice.reduce((a, b) => a + b, 0);
  const addsText = adds > 0 ? ` + ${adds}` : adds < 0 ? ` \u2212 ${-adds}` : "";
  const rolled = `${d.dice.join(" + ") || "0"}${addsText}`;
  const damage: M2mWoundView["damage"] = [
    line(M2M_CARD_KEY.damageDice, `${rolled} = ${d.rolled}`, M2M_RULE_KEY.damage),
  ];
  if (w.effectOnly) {
    damage.push(
      line(M2M_CARD_KEY.damageRecorded, w.wound.injury, M2M_RULE_KEY.critHead, "bbb-m2m-injury"),
    );
  }
  if (!w.effectOnly && d.basic !== d.rolled)
    damage.push(line(M2M_CARD_KEY.damageBasic, d.basic, M2M_RULE_KEY.damage));
  if (!w.effectOnly) {
    if (d.halved) damage.push(line(M2M_CARD_KEY.damageHalved, "\u00bd", M2M_RULE_KEY.damage));
    if (d.multiplier > 1)
      damage.push(line(M2M_CARD_KEY.damageTimes, `\u00d7${d.multiplier}`, M2M_RULE_KEY.critHit));
    damage.push(
      d.bypassArmour
        ? line(M2M_CARD_KEY.damageDrBypassed, d.dr, M2M_RULE_KEY.dr)
        : line(M2M_CARD_KEY.damageDr, d.dr, M2M_RULE_KEY.dr),
    );
    damage.push(line(M2M_CARD_KEY.damagePenetrating, d.penetrating, M2M_RULE_KEY.dr));
    damage.push(
      line(
        M2M_CARD_KEY.damageMultiplier,
        `\u00d7${woundMultiplier(w.type, w.location)}`,
        M2M_RULE_KEY.multiplier,
      ),
    );
    damage.push(line(M2M_CARD_KEY.damageInjury, d.injury, M2M_RULE_KEY.multiplier));
    const cap = cripplingCap(w.location, w.ht);
    if (cap !== null) damage.push(line(M2M_CARD_KEY.damageCap, cap, M2M_RULE_KEY.cap));
    damage.push(
      line(M2M_CARD_KEY.damageRecorded, w.wound.injury, M2M_RULE_KEY.cap, "bbb-m2m-injury"),
    );
    if (d.knockback > 0)
      damage.push(line(M2M_CARD_KEY.damageKnockback, d.knockback, M2M_RULE_KEY.damage));
  }

  const wound = w.wound;
  const checks: M2mCheckView[] = [];
  if (wound.knockdown) {
    const k = wound.knockdown;
    checks.push({
      label: t(M2M_CARD_KEY.knockdown),
      roll: k.roll,
      target: w.visible ? k.target : null,
      hidden: !w.visible,
      failed: k.fell,
      verdict: t(k.fell ? M2M_CARD_KEY.fell : M2M_CARD_KEY.stood),
      cssClass: k.fell ? "bbb-failure" : "bbb-success",
      tip: t(M2M_RULE_KEY.knockdown),
    });
  }
  for (const c of wound.deathChecks)
    checks.push({
      label: t(M2M_CARD_KEY.death, { threshold: c.threshold }),
      roll: c.roll,
      target: w.visible ? w.ht : null,
      hidden: !w.visible,
      failed: !c.survived,
      verdict: t(c.survived ? M2M_CARD_KEY.survived : M2M_CARD_KEY.died),
      cssClass: c.survived ? "bbb-success" : "bbb-failure",
      tip: t(M2M_RULE_KEY.death),
    });

  const lines: M2mLineView[] = [];
  const add = (on: boolean, text: LangText, tip: string, cssClass = "bbb-failure") => {
    if (on) lines.push({ text, tip: t(tip), cssClass });
  };
  add(wound.ignored === "crippled-limb", t(M2M_CARD_KEY.ignoredCrippled), M2M_RULE_KEY.cap, "");
  add(wound.ignored === "last-wounds", t(M2M_CARD_KEY.ignoredLastWounds), M2M_RULE_KEY.hp, "");
  add(wound.shock > 0, t(M2M_CARD_KEY.shock, { shock: wound.shock }), M2M_RULE_KEY.shock);
  add(wound.majorWound, t(M2M_CARD_KEY.major), M2M_RULE_KEY.knockdown);
  add(wound.stunned, t(M2M_CARD_KEY.stunned), M2M_RULE_KEY.stun);
  add(
    wound.crippled,
    t(M2M_CARD_KEY.crippled, { location: locationLabel(w.location) }),
    M2M_RULE_KEY.cap,
  );
  add(wound.knockedOut, t(M2M_CARD_KEY.knockedOut), M2M_RULE_KEY.knockout);
  add(wound.fallsDown && !wound.knockedOut, t(M2M_CARD_KEY.fallsDown), M2M_RULE_KEY.knockdown);
  add(wound.unconscious && wound.hp < 0, t(M2M_CARD_KEY.unconscious), M2M_RULE_KEY.hp);
  // Knocked unconscious by a critical result, not by the hit points (§10.1, §10.2).
  add(
    wound.unconscious && wound.hp >= 0 && !wound.knockedOut,
    t(M2M_CARD_KEY.unconsciousCritical),
    M2M_RULE_KEY.critHit,
  );
  add(wound.consciousnessRolls, t(M2M_CARD_KEY.consciousness), M2M_RULE_KEY.hp);
  add(wound.halfMove && !wound.unconscious, t(M2M_CARD_KEY.halfMove), M2M_RULE_KEY.hp);
  add(wound.dead, t(M2M_CARD_KEY.dead), M2M_RULE_KEY.death, "bbb-failure bbb-critical");
  add(wound.destroyed, t(M2M_CARD_KEY.destroyed), M2M_RULE_KEY.death, "bbb-failure bbb-critical");

  return {
    kind: w.kind,
    heading: w.heading,
    location: {
      label: locationLabel(w.location),
      text: w.locationText,
      tip: t(M2M_RULE_KEY.location),
    },
    damage,
    hp: {
      before: w.hpBefore,
      after: wound.hp,
      text: t(M2M_CARD_KEY.hp, { before: w.hpBefore, after: wound.hp }),
      tip: t(M2M_RULE_KEY.hp),
    },
    checks,
    lines,
  };
}

function rollTotal(card: ExchangeCard, name: string): number | null {
  const r = card.rolls.find((x) => x.name === name);
  return r ? r.values.reduce((a, b) => a + b, 0) : null;
}

function locationText(card: ExchangeCard, r: M2mResult, location: HitLocation): LangText {
  if (r.headMissByOne) return t(M2M_CARD_KEY.locationMissByOne);
  const roll = rollTotal(card, "location");
  if (r.aimed === "random" && roll !== null)
    return t(M2M_CARD_KEY.locationRolled, { roll, location: locationLabel(location) });
  return t(M2M_CARD_KEY.locationAimed, { location: locationLabel(location) });
}

// ── The view ─────────────────────────────────────────────────────────────────────────────────

/** The m2m result part of the exchange card for one viewer. */
export function m2mResultContext(card: ExchangeCard, viewer: CardViewer): M2mCardView {
  const view: M2mCardView = {
    summary: [],
    attackTarget: null,
    rolls: [],
    options: [],
    secondPrompt: null,
    resolved: false,
    criticalHit: null,
    criticalMiss: null,
    defenceCritical: [],
    noHit: null,
    wounds: [],
  };
  const state = replayed(card);
  if (!state) return view;
  const d = state.decl;
  view.summary = summaryOf(d);
  view.attackTarget = state.attackTarget;
  const engineAttack = state.result?.exchange.attack ?? state.engine.attack;
  const location = state.result?.exchange.location ?? state.engine.location;
  view.rolls.push({
    side: "attacker",
    name: named(card, "attacker"),
    label: t(M2M_CARD_KEY.attackRoll),
    target: engineAttack.effective,
    hidden: false,
    breakdown: attackBreakdown(state.attackTarget, engineAttack, location),
    roll: engineAttack.roll,
    outcome: t(ATTACK_OUTCOME_LABEL[engineAttack.outcome]),
    cssClass: attackOutcomeClass(engineAttack.outcome),
    tip: t(M2M_RULE_KEY.success),
  });
  view.rolls.push(...defenceRolls(state, card, viewer));

  const pending = m2mFlow.pending(state);
  if (pending) {
    if (seesTargetsOf(viewer, "defender"))
      view.options = pending.options.map((o) => ({
        option: String(o.id),
        label: optionLabel(String(o.id), String(o.labelKey)),
        value: o.target?.value ?? 0,
        breakdown: targetView(o.target!, M2M_TARGET_LABELS),
        closed: typeof o.unavailableKey === "string",
        reason: typeof o.unavailableKey === "string" ? t(o.unavailableKey) : null,
        cssClass: typeof o.unavailableKey === "string" ? "bbb-m2m-closed" : "",
      }));
    const first = state.awaiting === "secondDefence" ? state.defences[0] : undefined;
    if (first) {
      // In the header (the summary), so it reads before the second prompt's buttons (§6.6).
      const visible = seesTargetsOf(viewer, "defender");
      view.secondPrompt = t(visible ? M2M_CARD_KEY.firstDefence : M2M_CARD_KEY.firstDefenceHidden, {
        name: named(card, "defender"),
        defence: defenceLabel(first),
        roll: first.roll ?? 0,
        target: first.target,
      });
      view.summary.push(view.secondPrompt);
    }
    return view;
  }

  const result = state.result;
  if (!result) return view;
  const r = result.exchange;
  view.resolved = true;
  view.criticalHit = criticalHitView(r);
  view.criticalMiss = criticalMissView(r, card);
  view.defenceCritical = defenceCriticalLines(r);
  const mode = modeOf(d);
  if (r.hit && r.location && r.damage && mode) {
    view.wounds.push(
      woundView({
        kind: "defender",
        heading: t(M2M_CARD_KEY.woundOf, { name: named(card, "defender") }),
        location: r.location,
        locationText: locationText(card, r, r.location),
        damage: r.damage,
        type: mode.type,
        ht: d.defender.state.ht,
        hpBefore: d.defender.state.hp,
        wound: r.defender,
        visible: seesTargetsOf(viewer, "defender"),
        effectOnly: r.criticalHit?.damage === "none" || r.criticalHit?.damage === "fixed",
      }),
    );
  } else view.noHit = t(M2M_CARD_KEY.noHit);
  const self = r.criticalMiss?.selfHit;
  if (r.criticalMiss && self?.damage && self.wound) {
    const side = r.criticalMiss.side;
    const f = side === "attacker" ? d.attacker : d.defender;
    const parry = side === "defender" ? result.defences.find((x) => x.weapon) : undefined;
    const w = parry ? f.weapons.find((x) => x.id === parry.weapon) : undefined;
    const type: DamageType =
      self.location === "right-hand" && !r.criticalMiss.effects.includes("hit-self")
        ? "cr"
        : side === "attacker"
          ? (mode?.type ?? "cr")
          : (Object.values(w?.modes ?? {})[0]?.type ?? "cr");
    view.wounds.push(
      woundView({
        kind: "self",
        heading: t(M2M_CARD_KEY.fumbleSelf, { name: named(card, side) }),
        location: self.location,
        locationText: t(M2M_CARD_KEY.locationAimed, { location: locationLabel(self.location) }),
        damage: self.damage,
        type,
        ht: f.state.ht,
        hpBefore: f.state.hp,
        wound: self.wound,
        visible: seesTargetsOf(viewer, side),
        effectOnly: false,
      }),
    );
  }
  return view;
}
