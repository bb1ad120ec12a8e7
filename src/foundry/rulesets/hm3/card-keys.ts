/**
 * The words and classes of the HM3 part of the exchange chat card (./card.ts): its lang keys
 * (`HM3_CARD_KEY`, the rule tooltips `HM3_RULE_KEY`), the matrix result families with their
 * seed 003 KEY lines, the matrix rows' lines, and the labels and CSS classes of defences, face
 * parts, success levels and injury severities. Data only.
 */
import type { FacePart, Level, Severity } from "../../../rules/hm3/tables";

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
export const RESULT_MEANING: Readonly<Record<string, { key: string; line: number }>> = {
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
export const MATRIX_LINE: Readonly<Record<"melee" | "missile", Readonly<Record<Level, number>>>> = {
  melee: { CF: 7, MF: 8, MS: 9, CS: 10 },
  missile: { CF: 32, MF: 33, MS: 34, CS: 35 },
};

export const DEFENCE_LABEL: Readonly<Record<string, string>> = {
  block: "BLOWBYBLOW.HM3.Defence.block",
  counterstrike: "BLOWBYBLOW.HM3.Defence.counterstrike",
  dodge: "BLOWBYBLOW.HM3.Defence.dodge",
  ignore: "BLOWBYBLOW.HM3.Defence.ignore",
};

export const FACE_LABEL: Readonly<Record<FacePart, string>> = {
  jaw: "BLOWBYBLOW.Card.HM3.Face.jaw",
  eye: "BLOWBYBLOW.Card.HM3.Face.eye",
  cheek: "BLOWBYBLOW.Card.HM3.Face.cheek",
  nose: "BLOWBYBLOW.Card.HM3.Face.nose",
  ear: "BLOWBYBLOW.Card.HM3.Face.ear",
  mouth: "BLOWBYBLOW.Card.HM3.Face.mouth",
};

export const LEVEL_CLASS: Readonly<Record<Level, string>> = {
  CS: "bbb-success bbb-critical",
  MS: "bbb-success",
  MF: "bbb-failure",
  CF: "bbb-failure bbb-critical",
};

export const SEVERITY_CLASS: Readonly<Record<Severity, string>> = {
  M: "bbb-injury-M",
  S: "bbb-injury-S",
  G: "bbb-injury-G",
  K: "bbb-injury-K",
};
