/**
 * The GURPS Man to Man turn card (templates/chat/m2m/turn.hbs): what a combatant's turn start
 * or end did (`m2mTurns.onEvent`, src/rules/m2m/flow.ts), from the core's plain `TurnOutcome`:
 * each HT roll made (consciousness at 0 HP, stun recovery; §9.2, §9.3) with its roll, target
 * and verdict, the conditions that began and ended, those he holds with how long each lasts
 * ("Shock −3, until the end of Pierre's next turn"), and whether he may act this turn or is out
 * of the fight. Pure; the turn's rolls are Foundry Rolls the adapter posts with it.
 */
import { t, type LangText } from "../../chat/text";
import { joinHeld } from "../../chat/held";
import { CONDITION_EFFECTS } from "../../config";
import { m2mHeldLines } from "./held";
import type { ConditionId } from "../../../core/ruleset";
import type { CardViewer, TurnCardOutcome } from "../contract";

export const M2M_TURN_TEMPLATE = "systems/blow-by-blow/templates/chat/m2m/turn.hbs";

export const M2M_TURN_KEY = Object.freeze({
  start: "BLOWBYBLOW.Card.M2M.Turn.start",
  end: "BLOWBYBLOW.Card.M2M.Turn.end",
  passed: "BLOWBYBLOW.Card.M2M.Check.passed",
  failed: "BLOWBYBLOW.Card.M2M.Check.failed",
  began: "BLOWBYBLOW.Card.M2M.Turn.began",
  ended: "BLOWBYBLOW.Card.M2M.Turn.ended",
  held: "BLOWBYBLOW.Card.M2M.Turn.held",
  actionless: "BLOWBYBLOW.Card.M2M.Turn.actionless",
  defeated: "BLOWBYBLOW.Card.M2M.Turn.defeated",
  nothing: "BLOWBYBLOW.Card.M2M.Turn.nothing",
  rule: "BLOWBYBLOW.Card.M2M.Rule.turn",
  unknownCheck: "BLOWBYBLOW.Card.M2M.Turn.otherCheck",
});

/** The checks the m2m turn hooks make (their `TurnCheck.key`s). */
const CHECK_KEYS: readonly string[] = [
  "BLOWBYBLOW.M2M.Turn.consciousness",
  "BLOWBYBLOW.M2M.Turn.stunRecovery",
];

const CONDITION_NAME: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(CONDITION_EFFECTS.map((e) => [e.id, e.name])),
);

export interface M2mTurnCheckView {
  label: LangText;
  roll: number;
  /** Null when hidden from this viewer. */
  target: number | null;
  hidden: boolean;
  verdict: LangText;
  cssClass: string;
  tip: LangText;
}

export interface M2mTurnView {
  /** The combatant's name (user text). */
  name: string;
  heading: LangText;
  checks: M2mTurnCheckView[];
  lines: { text: LangText; cssClass: string }[];
}

/** The conditions named (known ones only), as one list. */
function conditionList(ids: readonly string[]): LangText[] {
  return ids.flatMap((id) => (CONDITION_NAME[id] ? [t(CONDITION_NAME[id])] : []));
}

/**
 * The turn card for one viewer: the bearer's owners and the GM see the HT targets; others do
 * unless the world shows the defender's targets (`showDefenceTargets`). `owns`: whether the
 * viewer owns the bearer.
 */
export function m2mTurnContext(
  outcome: TurnCardOutcome,
  name: string,
  viewer: CardViewer,
  owns: boolean,
): M2mTurnView {
  const visible = viewer.isGM || owns || viewer.showDefenceTargets;
  const checks = outcome.checks.map((c) => ({
    label: t(CHECK_KEYS.includes(c.key) ? c.key : M2M_TURN_KEY.unknownCheck),
    roll: c.total,
    target: visible ? c.target : null,
    hidden: !visible,
    verdict: t(c.success ? M2M_TURN_KEY.passed : M2M_TURN_KEY.failed),
    cssClass: c.success ? "bbb-success" : "bbb-failure",
    tip: t(M2M_TURN_KEY.rule),
  }));
  const lines: M2mTurnView["lines"] = [];
  // With the held conditions recorded, each one that began says how long it lasts, and those
  // still held from before are listed too.
  const heldNow = outcome.held ?? [];
  const lineOf = new Map<string, LangText[]>();
  for (const l of m2mHeldLines(heldNow, name))
    lineOf.set(l.condition, [...(lineOf.get(l.condition) ?? []), l.text]);
  const began = outcome.set.flatMap((id) =>
    lineOf.has(id) ? lineOf.get(id)! : conditionList([id]),
  );
  const ended = conditionList(outcome.ended);
  const still = [...lineOf.entries()]
    .filter(([id]) => !outcome.set.includes(id as ConditionId))
    .flatMap(([, texts]) => texts);
  if (began.length > 0)
    lines.push({ text: t(M2M_TURN_KEY.began, { list: joined(began) }), cssClass: "bbb-failure" });
  if (ended.length > 0)
    lines.push({ text: t(M2M_TURN_KEY.ended, { list: joined(ended) }), cssClass: "" });
  if (still.length > 0)
    lines.push({
      text: t(M2M_TURN_KEY.held, { list: joinHeld(still)! }),
      cssClass: "bbb-m2m-held",
    });
  if (outcome.defeated)
    lines.push({ text: t(M2M_TURN_KEY.defeated, { name }), cssClass: "bbb-failure" });
  else if (outcome.actionless)
    lines.push({ text: t(M2M_TURN_KEY.actionless, { name }), cssClass: "bbb-failure" });
  if (checks.length === 0 && lines.length === 0)
    lines.push({ text: t(M2M_TURN_KEY.nothing), cssClass: "" });
  return {
    name,
    heading: t(outcome.event === "turnStart" ? M2M_TURN_KEY.start : M2M_TURN_KEY.end, { name }),
    checks,
    lines,
  };
}

/** A list of localised names as one text: "{a}, {b}" through the list key. */
function joined(items: LangText[]): LangText {
  return items
    .slice(1)
    .reduce<LangText>(
      (acc, item) => t("BLOWBYBLOW.Card.M2M.Turn.listJoin", { a: acc, b: item }),
      items[0]!,
    );
}
