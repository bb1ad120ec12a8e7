/**
 * The label of an itemised target's modifier or base (review M2): the ruleset's own
 * (`CombatRules.labels`), else a generic label. A key a ruleset does not label is never shown
 * raw: a GM would read an internal key ("missileDefence.weapon05") as a wrong label.
 */
import type { TargetLabels } from "../core/combat";

/** Shown for a modifier the ruleset does not label. */
export const GENERIC_MODIFIER_LABEL = "BLOWBYBLOW.Modifier.other";
/** Shown for a base the ruleset does not label. */
export const GENERIC_BASE_LABEL = "BLOWBYBLOW.Modifier.Base.other";

/** No labels: every key gets the generic label. */
export const NO_LABELS: TargetLabels = Object.freeze({
  modifiers: Object.freeze({}),
  bases: Object.freeze({}),
});

/** The localisation key of a modifier's label (`Modifier.key`). */
export function modifierLabelKey(labels: TargetLabels, key: string): string {
  return Object.hasOwn(labels.modifiers, key) ? labels.modifiers[key]! : GENERIC_MODIFIER_LABEL;
}

/** The localisation key of a target's base label (`Target.baseKey`). */
export function baseLabelKey(labels: TargetLabels, key: string): string {
  return Object.hasOwn(labels.bases, key) ? labels.bases[key]! : GENERIC_BASE_LABEL;
}
