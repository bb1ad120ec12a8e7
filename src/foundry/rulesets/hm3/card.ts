/**
 * The HM3 part of the exchange chat card (templates/chat/hm3/result.hbs): the attack as
 * declared (aspect, aim, impact), and once resolved both rolls with target, roll and success
 * level, the matrix result and its meaning, and for each strike the location (and face part),
 * impact, armour, effective impact, injury with its table cell and every roll the strike calls
 * for (kill, shock, fumble, stumble), ignition, bleeding, limb injury and amputation; the
 * matrix's own fumble and stumble rolls, the weapon damage rolls of a Block, the tactical
 * advantage and the wild missile. Pure.
 *
 * Every number carries a tooltip (`LangText`, ./chat/text.ts) naming the rule that produced it,
 * from lang keys whose data are numbers, rule codes and other keys, never user text. The
 * defender's target numbers (defence EML, Endurance, DEX − PP, AGL − PP, WQ) are hidden from a
 * player who does not own the defender unless the world shows them (`showDefenceTargets`).
 */
import type { ExchangeCard } from "../../../core/flow";
import type { Target } from "../../../core/modifiers";
import type { Side } from "../../../core/ruleset";
import { splitSided } from "../../../core/body";
import { targetView, type TargetView } from "../../chat/target-view";
import { t, type LangText } from "../../chat/text";
import { LEVEL_LABEL, AIM_LABEL } from "./sheets/actor/labels";
import { ASPECT_LABEL, MATERIAL_LABEL, SEVERITY_LABEL, SIDED_LABEL } from "./sheets/item/labels";
import { formatInjuryCode, isHumanPlan, LOCATION_LABEL_KEYS } from "../../../rules/hm3/body-plan";
import { hm3Combat } from "../../../rules/hm3/combat";
import type { Hm3BodyPlanInput, Hm3InjuryCellInput } from "../../../rules/hm3/character-types";
import type { Hm3Declaration, Hm3Result, Hm3Strike, TestResult } from "../../../rules/hm3/exchange";
import { armourAspect, impactBand, type Check } from "../../../rules/hm3/mechanics";
import { parseDeclaration } from "../../../rules/hm3/parse";
import {
  FACE_PARTS,
  IMPACT_BANDS,
  INJURY_TABLE,
  LOCATIONS,
  type FacePart,
  type Level,
  type LocationId,
  type ResultCode,
  type Severity,
} from "../../../rules/hm3/tables";
import type { CardViewer } from "../contract";

export const HM3_RESULT_TEMPLATE = "systems/blow-by-blow/templates/chat/hm3/result.hbs";

/** Keys of the HM3 card (written whole for the lang audit). */
export const HM3_CARD_KEY = Object.freeze({
  summaryMelee: "BLOWBYBLOW.Card.HM3.Summary.melee",
  summaryMissile: "BLOWBYBLOW.Card.HM3.Summary.missile",
  attackRoll: "BLOWBYBLOW.Card.HM3.attackRoll",
  defenceRoll: "BLOWBYBLOW.Card.HM3.defenceRoll",
  ignore: "BLOWBYBLOW.Card.HM3.ignore",
  hidden: "BLOWBYBLOW.Card.HM3.hidden",
  strikeHeading: "BLOWBYBLOW.Card.HM3.Strike.heading",
  impactSum: "BLOWBYBLOW.Card.HM3.Strike.impactSum",
  tableWas: "BLOWBYBLOW.Card.HM3.Strike.tableWas",
  killed: "BLOWBYBLOW.Card.HM3.Strike.killed",
  ignited: "BLOWBYBLOW.Card.HM3.Strike.ignited",
  notIgnited: "BLOWBYBLOW.Card.HM3.Strike.notIgnited",
  bleeding: "BLOWBYBLOW.Card.HM3.Strike.bleeding",
  limbArm: "BLOWBYBLOW.Card.HM3.Strike.limbArm",
  limbLeg: "BLOWBYBLOW.Card.HM3.Strike.limbLeg",
  amputationCalled: "BLOWBYBLOW.Card.HM3.Strike.amputationCalled",
  amputationMarked: "BLOWBYBLOW.Card.HM3.Strike.amputationMarked",
  amputate: "BLOWBYBLOW.Card.HM3.Strike.amputate",
  weaponOf: "BLOWBYBLOW.Card.HM3.weaponOf",
  wqSkipped: "BLOWBYBLOW.Card.HM3.wqSkipped",
  dta: "BLOWBYBLOW.Card.HM3.dta",
  wild: "BLOWBYBLOW.Card.HM3.wild",
  passed: "BLOWBYBLOW.Card.HM3.Check.passed",
  failed: "BLOWBYBLOW.Card.HM3.Check.failed",
  shock: "BLOWBYBLOW.Card.HM3.Check.shock",
  fumble: "BLOWBYBLOW.Card.HM3.Check.fumble",
  stumble: "BLOWBYBLOW.Card.HM3.Check.stumble",
  kill: "BLOWBYBLOW.Card.HM3.Check.kill",
  wq: "BLOWBYBLOW.Card.HM3.Check.wq",
  shockFailed: "BLOWBYBLOW.Card.HM3.Check.shockFailed",
  fumbleFailed: "BLOWBYBLOW.Card.HM3.Check.fumbleFailed",
  stumbleFailed: "BLOWBYBLOW.Card.HM3.Check.stumbleFailed",
  killFailed: "BLOWBYBLOW.Card.HM3.Check.killFailed",
  killPassed: "BLOWBYBLOW.Card.HM3.Check.killPassed",
  wqDamaged: "BLOWBYBLOW.Card.HM3.Check.wqDamaged",
  wqDamagedHidden: "BLOWBYBLOW.Card.HM3.Check.wqDamagedHidden",
  wqBroken: "BLOWBYBLOW.Card.HM3.Check.wqBroken",
});

/** Keys of the rules behind each number (tooltips). */
export const HM3_RULE_KEY = Object.freeze({
  successTest: "BLOWBYBLOW.Card.HM3.Rule.successTest",
  eml: "BLOWBYBLOW.Card.HM3.Rule.eml",
  matrixMelee: "BLOWBYBLOW.Card.HM3.Rule.matrixMelee",
  matrixMeleeIgnore: "BLOWBYBLOW.Card.HM3.Rule.matrixMeleeIgnore",
  matrixErratum: "BLOWBYBLOW.Card.HM3.Rule.matrixErratum",
  matrixMissile: "BLOWBYBLOW.Card.HM3.Rule.matrixMissile",
  matrixMissileIgnore: "BLOWBYBLOW.Card.HM3.Rule.matrixMissileIgnore",
  resultKey: "BLOWBYBLOW.Card.HM3.Rule.resultKey",
  location: "BLOWBYBLOW.Card.HM3.Rule.location",
  locationSided: "BLOWBYBLOW.Card.HM3.Rule.locationSided",
  locationPlan: "BLOWBYBLOW.Card.HM3.Rule.locationPlan",
  locationPlanSided: "BLOWBYBLOW.Card.HM3.Rule.locationPlanSided",
  face: "BLOWBYBLOW.Card.HM3.Rule.face",
  impact: "BLOWBYBLOW.Card.HM3.Rule.impact",
  missileImpact: "BLOWBYBLOW.Card.HM3.Rule.missileImpact",
  armour: "BLOWBYBLOW.Card.HM3.Rule.armour",
  armourAlias: "BLOWBYBLOW.Card.HM3.Rule.armourAlias",
  effective: "BLOWBYBLOW.Card.HM3.Rule.effective",
  injuryTable: "BLOWBYBLOW.Card.HM3.Rule.injuryTable",
  injuryPlan: "BLOWBYBLOW.Card.HM3.Rule.injuryPlan",
  noInjury: "BLOWBYBLOW.Card.HM3.Rule.noInjury",
  killAuto: "BLOWBYBLOW.Card.HM3.Rule.killAuto",
  kill: "BLOWBYBLOW.Card.HM3.Rule.kill",
  shock: "BLOWBYBLOW.Card.HM3.Rule.shock",
  fumble: "BLOWBYBLOW.Card.HM3.Rule.fumble",
  stumble: "BLOWBYBLOW.Card.HM3.Rule.stumble",
  matrixFumble: "BLOWBYBLOW.Card.HM3.Rule.matrixFumble",
  matrixStumble: "BLOWBYBLOW.Card.HM3.Rule.matrixStumble",
  weaponDamage: "BLOWBYBLOW.Card.HM3.Rule.weaponDamage",
  weaponDamageSkipped: "BLOWBYBLOW.Card.HM3.Rule.weaponDamageSkipped",
  ignition: "BLOWBYBLOW.Card.HM3.Rule.ignition",
  bleeding: "BLOWBYBLOW.Card.HM3.Rule.bleeding",
  limb: "BLOWBYBLOW.Card.HM3.Rule.limb",
  amputation: "BLOWBYBLOW.Card.HM3.Rule.amputation",
  dta: "BLOWBYBLOW.Card.HM3.Rule.dta",
  wild: "BLOWBYBLOW.Card.HM3.Rule.wild",
});

/** The matrix result families (seed 003 KEY, lines 13-26), with their meaning and KEY line. */
const RESULT_MEANING: Readonly<Record<string, { key: string; line: number }>> = {
  A: { key: "BLOWBYBLOW.Card.HM3.Result.attackerStrike", line: 13 },
  D: { key: "BLOWBYBLOW.Card.HM3.Result.defenderStrike", line: 14 },
  B: { key: "BLOWBYBLOW.Card.HM3.Result.bothStrike", line: 15 },
  AF: { key: "BLOWBYBLOW.Card.HM3.Result.attackerFumble", line: 16 },
  DF: { key: "BLOWBYBLOW.Card.HM3.Result.defenderFumble", line: 17 },
  BF: { key: "BLOWBYBLOW.Card.HM3.Result.bothFumble", line: 18 },
  AS: { key: "BLOWBYBLOW.Card.HM3.Result.attackerStumble", line: 19 },
  DS: { key: "BLOWBYBLOW.Card.HM3.Result.defenderStumble", line: 20 },
  BS: { key: "BLOWBYBLOW.Card.HM3.Result.bothStumble", line: 21 },
  block: { key: "BLOWBYBLOW.Card.HM3.Result.block", line: 22 },
  miss: { key: "BLOWBYBLOW.Card.HM3.Result.miss", line: 23 },
  DTA: { key: "BLOWBYBLOW.Card.HM3.Result.dta", line: 24 },
  wild: { key: "BLOWBYBLOW.Card.HM3.Result.wild", line: 25 },
  M: { key: "BLOWBYBLOW.Card.HM3.Result.missileStrike", line: 26 },
};

/** The seed 003 line of each attacker row: melee matrix lines 7-10, missile 32-35. */
const MATRIX_LINE: Readonly<Record<"melee" | "missile", Readonly<Record<Level, number>>>> = {
  melee: { CF: 7, MF: 8, MS: 9, CS: 10 },
  missile: { CF: 32, MF: 33, MS: 34, CS: 35 },
};

const DEFENCE_LABEL: Readonly<Record<string, string>> = {
  block: "BLOWBYBLOW.HM3.Defence.block",
  counterstrike: "BLOWBYBLOW.HM3.Defence.counterstrike",
  dodge: "BLOWBYBLOW.HM3.Defence.dodge",
  ignore: "BLOWBYBLOW.HM3.Defence.ignore",
};

const FACE_LABEL: Readonly<Record<FacePart, string>> = {
  jaw: "BLOWBYBLOW.Card.HM3.Face.jaw",
  eye: "BLOWBYBLOW.Card.HM3.Face.eye",
  cheek: "BLOWBYBLOW.Card.HM3.Face.cheek",
  nose: "BLOWBYBLOW.Card.HM3.Face.nose",
  ear: "BLOWBYBLOW.Card.HM3.Face.ear",
  mouth: "BLOWBYBLOW.Card.HM3.Face.mouth",
};

const LEVEL_CLASS: Readonly<Record<Level, string>> = {
  CS: "bbb-success bbb-critical",
  MS: "bbb-success",
  MF: "bbb-failure",
  CF: "bbb-failure bbb-critical",
};

const SEVERITY_CLASS: Readonly<Record<Severity, string>> = {
  M: "bbb-injury-M",
  S: "bbb-injury-S",
  G: "bbb-injury-G",
  K: "bbb-injury-K",
};

// ── Views ────────────────────────────────────────────────────────────────────────────────────

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
};

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

const other = (s: Side): Side => (s === "attacker" ? "defender" : "attacker");

/** The declaration as the ruleset reads it, or null when the stored one does not parse. */
function declarationOf(card: ExchangeCard): Hm3Declaration | null {
  try {
    return parseDeclaration(card.declaration);
  } catch {
    return null;
  }
}

/** The result when the card holds an HM3 result. */
function resultOf(card: ExchangeCard): Hm3Result | null {
  const r = card.result as Partial<Hm3Result> | null;
  if (!r || r.ruleset !== "hm3" || !r.attack || !Array.isArray(r.strikes)) return null;
  return r as Hm3Result;
}

/** Whether the viewer sees the defender's target numbers. */
function seesTargetsOf(viewer: CardViewer, side: Side): boolean {
  if (side === "attacker") return true;
  return viewer.isGM || viewer.owns.defender === true || viewer.showDefenceTargets;
}

/**
 * The matrix code as the seed prints it: `A★2`, `•`; the two word cells (`Block`, `Wild`) are
 * words, so they come from the language file (review m6).
 */
export function displayCode(code: ResultCode): string | LangText {
  if (code === "miss") return "\u2022";
  if (code === "block") return t("BLOWBYBLOW.Card.HM3.Code.block");
  if (code === "wild") return t("BLOWBYBLOW.Card.HM3.Code.wild");
  return code.replace("*", "\u2605");
}

function meaningOf(code: ResultCode): { text: LangText; line: number } {
  const strike = /^([ADBM])\*(\d)$/.exec(code);
  if (strike) {
    const m = RESULT_MEANING[strike[1]!]!;
    return { text: t(m.key, { dice: Number(strike[2]) }), line: m.line };
  }
  const m = RESULT_MEANING[code] ?? RESULT_MEANING.miss!;
  return { text: t(m.key), line: m.line };
}

function aspectLabel(aspect: string): LangText | string {
  const key = (ASPECT_LABEL as Readonly<Record<string, string>>)[aspect];
  return key ? t(key) : aspect;
}

function isHumanLocation(id: string): id is LocationId {
  return (LOCATIONS as readonly string[]).includes(id);
}

function sided(side: "left" | "right" | null, name: LangText | string): LangText | string {
  return side ? t(SIDED_LABEL[side], { location: name }) : name;
}

/** The victim's plan, when it is a creature's (the human tables otherwise). */
function creaturePlan(plan: Hm3BodyPlanInput | undefined): Hm3BodyPlanInput | null {
  return plan && !isHumanPlan(plan) ? plan : null;
}

/** A location's label: the human name (localised) or the creature plan's own name (user text). */
function locationName(id: string, plan: Hm3BodyPlanInput | null): LangText | string {
  const { side, base } = splitSided(id);
  if (!plan) return sided(side, isHumanLocation(base) ? t(LOCATION_LABEL_KEYS[base]) : base);
  const loc = plan.locations.find((l) => l.id === base);
  return sided(side, loc ? loc.name : base);
}

function faceName(face: string): LangText {
  const { side, base } = splitSided(face);
  const key = (FACE_PARTS as readonly string[]).includes(base)
    ? FACE_LABEL[base as FacePart]
    : FACE_LABEL.jaw;
  const name = t(key);
  return side ? t(SIDED_LABEL[side], { location: name }) : name;
}

function levelView(level: Level): { levelLabel: LangText; levelClass: string } {
  return { levelLabel: t(LEVEL_LABEL[level]), levelClass: LEVEL_CLASS[level] };
}

function checkView(
  check: Check,
  label: string,
  tip: LangText,
  visible: boolean,
  outcome: { failed: LangText | null; passed?: LangText | null },
): CheckView {
  return {
    label: t(label),
    dice: `${check.dice}d6: ${check.values.join(" ")}`,
    total: check.total,
    target: visible ? check.target : null,
    hidden: !visible,
    failed: check.failed,
    verdict: t(check.failed ? HM3_CARD_KEY.failed : HM3_CARD_KEY.passed),
    outcome: check.failed ? outcome.failed : (outcome.passed ?? null),
    cssClass: check.failed ? "bbb-failure" : "bbb-success",
    tip,
  };
}

function rollView(
  card: ExchangeCard,
  side: Side,
  test: TestResult,
  label: LangText,
  viewer: CardViewer,
): RollView {
  const visible = seesTargetsOf(viewer, side);
  return {
    side,
    name: String(card[side]?.name ?? ""),
    label,
    target: visible ? test.target : null,
    hidden: !visible,
    breakdown: visible && test.eml ? targetView(test.eml, hm3Combat.labels) : null,
    targetTip: t(HM3_RULE_KEY.eml),
    roll: test.roll,
    level: test.level,
    ...levelView(test.level),
    tip: t(HM3_RULE_KEY.successTest),
  };
}

function matrixView(result: Hm3Result): NonNullable<Hm3CardView["matrix"]> {
  const line = MATRIX_LINE[result.attackType][result.attack.level];
  const attack = result.attack.level;
  const meaning = meaningOf(result.result);
  let tip: LangText;
  if (result.defenceType === "ignore") {
    if (result.attackType === "melee" && attack === "MF") tip = t(HM3_RULE_KEY.matrixErratum);
    else
      tip = t(
        result.attackType === "melee"
          ? HM3_RULE_KEY.matrixMeleeIgnore
          : HM3_RULE_KEY.matrixMissileIgnore,
        { line, attack },
      );
  } else {
    tip = t(result.attackType === "melee" ? HM3_RULE_KEY.matrixMelee : HM3_RULE_KEY.matrixMissile, {
      line,
      attack,
      defence: t(DEFENCE_LABEL[result.defenceType] ?? DEFENCE_LABEL.block!),
      level: result.defence?.level ?? "",
    });
  }
  return {
    code: displayCode(result.result),
    meaning: meaning.text,
    tip,
    meaningTip: t(HM3_RULE_KEY.resultKey, { line: meaning.line }),
  };
}

/** The injury cell the table (or the creature's ladder) gives, as the seed prints it. */
function tableCell(
  location: string,
  effectiveImpact: number,
  plan: Hm3BodyPlanInput | null,
): { cell: string; tip: LangText } | null {
  const band = impactBand(effectiveImpact);
  if (band < 0) return null;
  const column = `${IMPACT_BANDS[band]}+`;
  const { base } = splitSided(location);
  let cell: Hm3InjuryCellInput | undefined;
  if (plan) {
    cell = plan.locations.find((l) => l.id === base)?.injury[band];
    if (!cell) return null;
    const code = formatInjuryCode(cell);
    return { cell: code, tip: t(HM3_RULE_KEY.injuryPlan, { column, cell: code }) };
  }
  if (!isHumanLocation(base)) return null;
  cell = INJURY_TABLE[base][band];
  if (!cell) return null;
  const code = formatInjuryCode(cell);
  const line = 95 + LOCATIONS.indexOf(base);
  return { cell: code, tip: t(HM3_RULE_KEY.injuryTable, { line, column, cell: code }) };
}

function strikeView(
  card: ExchangeCard,
  result: Hm3Result,
  strike: Hm3Strike,
  index: number,
  decl: Hm3Declaration | null,
  viewer: CardViewer,
  amputated: readonly number[],
): StrikeView {
  const victim = other(strike.by);
  const plan = creaturePlan(decl?.[victim].bodyPlan);
  const visible = seesTargetsOf(viewer, victim);
  const { side } = splitSided(strike.location);
  const zone = t(AIM_LABEL[strike.aim] ?? AIM_LABEL.mid);
  const locationTip = plan
    ? t(side ? HM3_RULE_KEY.locationPlanSided : HM3_RULE_KEY.locationPlan, { zone })
    : t(side ? HM3_RULE_KEY.locationSided : HM3_RULE_KEY.location, { zone });
  const column = armourAspect(strike.aspect);
  const aspect = aspectLabel(strike.aspect);
  const armourTip =
    column && column !== strike.aspect
      ? t(HM3_RULE_KEY.armourAlias, {
          aspect: t(ASPECT_LABEL[strike.aspect as keyof typeof ASPECT_LABEL]),
          column: t(ASPECT_LABEL[column]),
        })
      : t(HM3_RULE_KEY.armour, { aspect: column ? t(ASPECT_LABEL[column]) : strike.aspect });
  const missile = strike.by === "attacker" && result.attackType === "missile";

  const cell = tableCell(strike.location, strike.effectiveImpact, plan);
  const severity = strike.injury ? (strike.injury[0] as Severity) : null;
  const injury =
    strike.injury && severity
      ? {
          code: strike.injury,
          severity: SEVERITY_LABEL[severity] ? t(SEVERITY_LABEL[severity]) : null,
          cell: cell?.cell ?? strike.tableInjury ?? strike.injury,
          tip: cell?.tip ?? t(HM3_RULE_KEY.noInjury),
          cssClass: SEVERITY_CLASS[severity] ?? "",
          tableCode:
            strike.tableInjury && strike.tableInjury !== strike.injury
              ? t(HM3_CARD_KEY.tableWas, { code: strike.tableInjury })
              : null,
        }
      : null;

  const checks: CheckView[] = [];
  if (strike.killCheck) {
    checks.push(
      checkView(strike.killCheck, HM3_CARD_KEY.kill, t(HM3_RULE_KEY.kill), visible, {
        failed: t(HM3_CARD_KEY.killFailed),
        passed: t(HM3_CARD_KEY.killPassed, { code: strike.injury ?? "" }),
      }),
    );
  }
  if (strike.shock)
    checks.push(
      checkView(strike.shock, HM3_CARD_KEY.shock, t(HM3_RULE_KEY.shock), visible, {
        failed: t(HM3_CARD_KEY.shockFailed),
      }),
    );
  if (strike.fumble)
    checks.push(
      checkView(strike.fumble, HM3_CARD_KEY.fumble, t(HM3_RULE_KEY.fumble), visible, {
        failed: t(HM3_CARD_KEY.fumbleFailed),
      }),
    );
  if (strike.stumble)
    checks.push(
      checkView(strike.stumble, HM3_CARD_KEY.stumble, t(HM3_RULE_KEY.stumble), visible, {
        failed: t(HM3_CARD_KEY.stumbleFailed),
      }),
    );

  const ignition = strike.ignition
    ? {
        text: t(strike.ignition.ignited ? HM3_CARD_KEY.ignited : HM3_CARD_KEY.notIgnited, {
          material: t(MATERIAL_LABEL[strike.ignition.material]),
          burn: strike.ignition.burn,
          turns: strike.ignition.turns,
        }),
        roll: strike.ignition.roll,
        tip: t(HM3_RULE_KEY.ignition),
        ignited: strike.ignition.ignited,
      }
    : null;

  const limbInjury = (strike as Partial<Hm3Strike>).limbInjury ?? null;
  const marked = amputated.includes(index);
  const resolved = card.state === "resolved" || card.state === "applied";

  return {
    index,
    by: strike.by,
    heading: t(HM3_CARD_KEY.strikeHeading, {
      striker: String(card[strike.by]?.name ?? ""),
      victim: String(card[victim]?.name ?? ""),
      dice: strike.dice,
    }),
    location: {
      label: locationName(strike.location, plan),
      roll: strike.locationRoll,
      tip: locationTip,
    },
    face:
      strike.face && strike.faceRoll !== null
        ? { label: faceName(strike.face), roll: strike.faceRoll, tip: t(HM3_RULE_KEY.face) }
        : null,
    aspect,
    impact: {
      rolls: strike.impactRolls.join(" + "),
      weapon: strike.weaponImpact,
      sum: t(HM3_CARD_KEY.impactSum, {
        rolls: strike.impactRolls.join(" + "),
        weapon: strike.weaponImpact,
      }),
      total: strike.impact,
      tip: missile
        ? t(HM3_RULE_KEY.missileImpact, { dice: strike.dice })
        : t(HM3_RULE_KEY.impact, { dice: strike.dice, aspect: aspect }),
    },
    armour: { value: strike.armour, tip: armourTip },
    effective: { value: strike.effectiveImpact, tip: t(HM3_RULE_KEY.effective) },
    injury,
    noInjury: strike.injury ? null : t(HM3_RULE_KEY.noInjury),
    killed: strike.kill
      ? {
          text: t(HM3_CARD_KEY.killed, { name: String(card[victim]?.name ?? "") }),
          tip: t(strike.killCheck ? HM3_RULE_KEY.kill : HM3_RULE_KEY.killAuto),
        }
      : null,
    checks,
    ignition,
    bleeding: strike.bleeding
      ? { text: t(HM3_CARD_KEY.bleeding), tip: t(HM3_RULE_KEY.bleeding) }
      : null,
    limb: limbInjury
      ? {
          text: t(limbInjury === "arm" ? HM3_CARD_KEY.limbArm : HM3_CARD_KEY.limbLeg),
          tip: t(HM3_RULE_KEY.limb),
        }
      : null,
    amputation: strike.amputationRoll
      ? {
          text: t(marked ? HM3_CARD_KEY.amputationMarked : HM3_CARD_KEY.amputationCalled),
          tip: t(HM3_RULE_KEY.amputation),
          marked,
          button:
            viewer.isGM && !marked && resolved
              ? { strike: index, label: t(HM3_CARD_KEY.amputate) }
              : null,
        }
      : null,
  };
}

function amputatedOf(card: ExchangeCard): number[] {
  const list = (card.context as Record<string, unknown> | null)?.amputated;
  return Array.isArray(list) ? list.filter((n): n is number => Number.isInteger(n)) : [];
}

function summaryOf(decl: Hm3Declaration | null): LangText[] {
  if (!decl) return [];
  const a = decl.attack;
  return [
    t(a.type === "missile" ? HM3_CARD_KEY.summaryMissile : HM3_CARD_KEY.summaryMelee, {
      aspect: aspectLabel(a.aspect),
      aim: t(AIM_LABEL[a.aim] ?? AIM_LABEL.mid),
      impact: a.impact,
    }),
  ];
}

/** The HM3 result part of the exchange card for one viewer. */
export function hm3ResultContext(card: ExchangeCard, viewer: CardViewer): Hm3CardView {
  const decl = declarationOf(card);
  const result = resultOf(card);
  const view: Hm3CardView = {
    summary: summaryOf(decl),
    attackTarget: decl?.attack.target ?? null,
    resolved: result !== null,
    attackType: result?.attackType ?? decl?.attack.type ?? null,
    rolls: [],
    ignore: null,
    matrix: null,
    strikes: [],
    sideChecks: [],
    weaponDamageSkipped: [],
    advantage: null,
    wild: null,
  };
  if (!result) return view;

  view.rolls.push(rollView(card, "attacker", result.attack, t(HM3_CARD_KEY.attackRoll), viewer));
  if (result.defence) {
    const defence = t(DEFENCE_LABEL[result.defenceType] ?? DEFENCE_LABEL.block!);
    view.rolls.push(
      rollView(card, "defender", result.defence, t(HM3_CARD_KEY.defenceRoll, { defence }), viewer),
    );
  } else {
    view.ignore = t(HM3_CARD_KEY.ignore, { name: String(card.defender?.name ?? "") });
  }
  view.matrix = matrixView(result);

  const amputated = amputatedOf(card);
  view.strikes = result.strikes.map((s, i) =>
    strikeView(card, result, s, i, decl, viewer, amputated),
  );

  const named = (side: Side) => String(card[side]?.name ?? "");
  const code = displayCode(result.result);
  for (const f of result.fumbles ?? []) {
    const check = checkView(
      f.check,
      HM3_CARD_KEY.fumble,
      t(HM3_RULE_KEY.matrixFumble, { code }),
      seesTargetsOf(viewer, f.side),
      { failed: t(HM3_CARD_KEY.fumbleFailed) },
    );
    const name = named(f.side);
    view.sideChecks.push({ ...check, kind: "fumble", side: f.side, name, who: name });
  }
  for (const f of result.stumbles ?? []) {
    const check = checkView(
      f.check,
      HM3_CARD_KEY.stumble,
      t(HM3_RULE_KEY.matrixStumble, { code }),
      seesTargetsOf(viewer, f.side),
      { failed: t(HM3_CARD_KEY.stumbleFailed) },
    );
    const name = named(f.side);
    view.sideChecks.push({ ...check, kind: "stumble", side: f.side, name, who: name });
  }

  const effects = Array.isArray(result.effects) ? result.effects : [];
  for (const w of result.weaponDamage ?? []) {
    const visible = seesTargetsOf(viewer, w.side);
    const effect = effects.find((e) => e.type === "weaponDamaged" && e.to === w.side);
    // Ruling R31: a failed roll costs 1 WQ; the weapon breaks when that leaves WQ 0.
    const broken = effect?.type === "weaponDamaged" ? effect.broken : w.check.failed && w.wq <= 1;
    const failed = broken
      ? t(HM3_CARD_KEY.wqBroken)
      : visible
        ? t(HM3_CARD_KEY.wqDamaged, { from: w.wq, to: Math.max(0, w.wq - 1) })
        : t(HM3_CARD_KEY.wqDamagedHidden);
    const check = checkView(w.check, HM3_CARD_KEY.wq, t(HM3_RULE_KEY.weaponDamage), visible, {
      failed,
    });
    const name = named(w.side);
    view.sideChecks.push({
      ...check,
      kind: "weaponDamage",
      side: w.side,
      name,
      who: t(HM3_CARD_KEY.weaponOf, { name }),
    });
  }
  for (const side of result.weaponDamageSkipped ?? [])
    view.weaponDamageSkipped.push({
      text: t(HM3_CARD_KEY.wqSkipped, { name: named(side) }),
      tip: t(HM3_RULE_KEY.weaponDamageSkipped),
    });

  if (result.tacticalAdvantage)
    view.advantage = {
      text: t(HM3_CARD_KEY.dta, { name: named(result.tacticalAdvantage) }),
      tip: t(HM3_RULE_KEY.dta),
    };
  if (result.wild) view.wild = { text: t(HM3_CARD_KEY.wild), tip: t(HM3_RULE_KEY.wild) };
  return view;
}
