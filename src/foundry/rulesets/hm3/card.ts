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
 * Its lang keys and label tables are in ./card-keys.ts, the view's types in ./card-views.ts.
 */
import type { ExchangeCard } from "../../../core/flow";
import type { Side } from "../../../core/ruleset";
import { splitSided } from "../../../core/body";
import { targetView } from "../../chat/target-view";
import { t, type LangText } from "../../chat/text";
import { armourResultLines, armourStrikeLines } from "./gold-armour-card";
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
import {
  DEFENCE_LABEL,
  FACE_LABEL,
  HM3_CARD_KEY,
  HM3_RULE_KEY,
  LEVEL_CLASS,
  MATRIX_LINE,
  RESULT_MEANING,
  SEVERITY_CLASS,
} from "./card-keys";
import { emlCardNotes, emlMatrixMeaning } from "./gold-eml-card";
import { rollsCardNotes } from "./gold-rolls-card";
import type { CheckView, Hm3CardView, RollView, StrikeView } from "./card-views";
import { aimedStrikeView, aimedSummary, type AimNames } from "./gold-aim-card";
import { pairedCardLines } from "./paired-card";
import { carryCardLines } from "./carry-card";
import { impactCardLines } from "./card-impact";

export const HM3_RESULT_TEMPLATE = "systems/blow-by-blow/templates/chat/hm3/result.hbs";

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

/** Location and face part names for the aimed-melee lines (./gold-aim-card.ts). */
function aimNames(plan: Hm3BodyPlanInput | null): AimNames {
  return {
    location: (id) => locationName(id, plan),
    face: faceName,
    isFacePart: (id) => (FACE_PARTS as readonly string[]).includes(id),
  };
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
    // A Gold skill roll is a d100 (ruling G42).
    dice: `${check.dice}d${(check as { sides?: number }).sides ?? 6}: ${check.values.join(" ")}`,
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
    // HârnMaster Gold aimed melee (ruling G9): the AAPs' shift, named after the option.
    aimed: aimedStrikeView(strike, aimNames(plan)),
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
    armourLines: armourStrikeLines(strike, aspectLabel),
    limb: limbInjury
      ? {
          text: t(limbInjury === "arm" ? HM3_CARD_KEY.limbArm : HM3_CARD_KEY.limbLeg),
          tip: t(HM3_RULE_KEY.limb),
        }
      : null,
    impactLines: impactCardLines(strike),
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
  const aimed = aimedSummary(a.aimAt, aimNames(creaturePlan(decl.defender.bodyPlan)));
  return [
    t(a.type === "missile" ? HM3_CARD_KEY.summaryMissile : HM3_CARD_KEY.summaryMelee, {
      aspect: aspectLabel(a.aspect),
      aim: t(AIM_LABEL[a.aim] ?? AIM_LABEL.mid),
      impact: a.impact,
    }),
    ...(aimed ? [aimed] : []),
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
    armourLines: [],
    advantage: null,
    wild: null,
    goldNotes: [],
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
  const goldMeaning = emlMatrixMeaning(result);
  if (goldMeaning) view.matrix.meaning = goldMeaning;

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
  view.armourLines = armourResultLines(result, named, (s) => seesTargetsOf(viewer, s));

  if (result.tacticalAdvantage)
    view.advantage = {
      text: t(HM3_CARD_KEY.dta, { name: named(result.tacticalAdvantage) }),
      tip: t(HM3_RULE_KEY.dta),
    };
  if (result.wild) view.wild = { text: t(HM3_CARD_KEY.wild), tip: t(HM3_RULE_KEY.wild) };
  view.goldNotes.push(
    ...emlCardNotes(result, decl?.options ?? null, {
      attacker: named("attacker"),
      defender: named("defender"),
    }),
  );
  // HârnMaster Gold Reaction Rolls carried across turns (./carry-card.ts).
  view.goldNotes.push(
    ...carryCardLines(
      card,
      { attacker: named("attacker"), defender: named("defender") },
      seesTargetsOf(viewer, "attacker"),
    ),
  );
  // HârnMaster Gold paired group: reaction roll, double strike, brute force (./paired-card.ts).
  view.goldNotes.push(
    ...pairedCardLines(
      result,
      { attacker: named("attacker"), defender: named("defender") },
      seesTargetsOf(viewer, "defender"),
      viewer.isGM,
      (side, id) => locationName(id, creaturePlan(decl?.[side].bodyPlan)),
    ),
  );
  // HârnMaster Gold rolls group: E/F/S bonuses, non-lethal attacks, techniques (./gold-rolls-card.ts).
  view.goldNotes.push(
    ...rollsCardNotes(result, seesTargetsOf(viewer, "defender"), {
      attacker: named("attacker"),
      defender: named("defender"),
    }),
  );
  return view;
}
