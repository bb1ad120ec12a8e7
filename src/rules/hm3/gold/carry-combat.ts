/**
 * The carried HârnMaster Gold state (./carry.ts; rulings G75-G77) in the hm3 Foundry combat flow
 * (src/rules/hm3/combat.ts): the attack dialog's rows and the counterstrike's counts it adds,
 * the counterstrike targets the defence dialog shows with them, and the tangle penalty each
 * fighter of the declaration carries (`attacker.tangled`, `defender.tangled`, from which the
 * engine itemises `gold.tangled`, paired-parse.ts and paired.ts). Pure.
 */
import type { ChoiceOptionView, FighterSnapshot } from "../../../core/combat";
import type { Target } from "../../../core/modifiers";
import { carriedDefenceCounts, carriedTangle } from "./carry";
import { emlDefenceFields, emlDefenceTarget, type EmlDefenceContext } from "./eml-dialog";
import { withModifier } from "./paired-double";
import type { GoldOptions } from "./options";

type Options = Readonly<Partial<GoldOptions>>;

/**
 * A Counterstrike's target as the defence dialog shows it, with the modifiers the defender's
 * carried state gives it (a Dodge's −20, strike recovery); other options' targets unchanged.
 */
export function carriedCounterTarget(
  target: Target,
  chooser: FighterSnapshot,
  option: ChoiceOptionView,
  itemId: string | null,
  gctx: EmlDefenceContext,
): Target {
  const counts = carriedDefenceCounts(undefined, chooser.carried, {
    options: gctx.decl.options,
    optionId: option.id,
    itemId,
  });
  if (!counts || option.id !== "counterstrike") return emlDefenceTarget(target, {}, gctx);
  return emlDefenceTarget(target, emlDefenceFields(counts, option.counts ?? [], gctx), gctx);
}

/** Each side's carried tangle penalty, set on the declaration's fighters (G77). */
export function carriedTangles(
  fighters: { attacker: Record<string, unknown>; defender: Record<string, unknown> },
  snapshots: { attacker: FighterSnapshot; defender: FighterSnapshot },
  options: Options,
): void {
  for (const side of ["attacker", "defender"] as const) {
    const penalty = carriedTangle(snapshots[side].carried, options);
    if (penalty > 0) fighters[side].tangled = penalty;
  }
}

/** The attack target the dialog shows with the attacker's carried tangle penalty (line 278). */
export function carriedTangleTarget(
  target: Target,
  attacker: FighterSnapshot,
  options: Options,
): Target {
  const penalty = carriedTangle(attacker.carried, options);
  return penalty > 0 ? withModifier(target, "gold.tangled", -penalty, "278") : target;
}
