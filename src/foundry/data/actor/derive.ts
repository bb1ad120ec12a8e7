/**
 * The derived data of an actor: the active ruleset's derivation (`FoundryRuleset.derive`, e.g.
 * HM3's `deriveHm3Character`) on the actor's data and items.
 * Never throws on sheet data: a value the derivation refuses (an attribute out of range…)
 * leaves `derived` null and lists the problem, localisable like sheet input problems (a
 * `ProblemError` brings its own: the ruleset named the item, field and reason).
 */
import { InputError } from "../../../core/errors";
import {
  activeRuleset,
  type FoundryRuleset,
  type ItemLike,
  type RulesetDerived,
} from "../../rulesets";
import type { TypeKey } from "../rules";
import { ruleFor } from "../rules";
import type { CharacterSource, CreatureSource } from "../source";
import { checkRule, labelFor, ProblemError, VALIDATION_KEYS, type Problem } from "../validate";

// A type alias, not an interface: fvtt-types needs derived data assignable to AnyObject.
export type ActorDerivedData = {
  /** What the rules core computed; null when the sheet holds a value it refuses. */
  derived: RulesetDerived | null;
  /** Why `derived` is null (empty otherwise). */
  errors: Problem[];
};

/**
 * `ruleset`: whose derivation runs (the world's, or the default outside Foundry).
 * `report` receives an error the derivation failed with that is not a plain input problem (by
 * default the console; the CLI passes its own, to print one line rather than a stack trace).
 * `options`: the optional rules the derivation reads (the CLI's, a duel's); absent: the world's.
 */
export function deriveActor(
  type: TypeKey,
  system: CharacterSource | CreatureSource,
  items: readonly ItemLike[],
  report: (err: unknown) => void = (err) => console.error(err),
  ruleset: FoundryRuleset = activeRuleset(),
  options?: Readonly<Record<string, boolean>>,
): ActorDerivedData {
  try {
    return {
      derived: ruleset.derive.actor(
        system as unknown as Record<string, unknown>,
        items,
        options,
      ) as RulesetDerived,
      errors: [],
    };
  } catch (err) {
    // The derivation named the problem itself (field, message key and data): listed as it is.
    if (err instanceof ProblemError) {
      report(err);
      return { derived: null, errors: [err.problem] };
    }
    const field = err instanceof InputError ? err.field : "";
    const value = err instanceof InputError ? err.value : undefined;
    const path = ruleset.derive.fieldPath(field);
    const rule = ruleFor(type, path);
    const check = rule ? checkRule(rule, value) : undefined;
    const problem: Problem =
      check && !check.ok
        ? {
            field: `system.${path}`,
            value,
            key: check.key,
            label: labelFor(type, path) ?? path,
            data: check.data,
          }
        : {
            field: path ? `system.${path}` : "system",
            value,
            key: VALIDATION_KEYS.derivationFailed,
            label: labelFor(type, path) ?? (path || "system"),
            // The error's own text is English and internal: it goes to the console only.
            data: {},
          };
    if (!(err instanceof InputError) || problem.key === VALIDATION_KEYS.derivationFailed)
      report(err);
    return { derived: null, errors: [problem] };
  }
}
