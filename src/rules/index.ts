/**
 * The rulesets this build implements. The adapter and the CLI look rulesets up here; a
 * ruleset that is not listed cannot be chosen.
 */
import { ownValue } from "../core/data";
import type { ExchangeRecord, Ruleset, RulesetId } from "../core/ruleset";
import { hm3 } from "./hm3";
import { hmzd } from "./hmzd";
import { m2m } from "./m2m";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each ruleset has its own types; callers narrow by id.
export type AnyRuleset = Ruleset<any, any, any, ExchangeRecord>;

export const RULESETS: Readonly<Partial<Record<RulesetId, AnyRuleset>>> = Object.freeze({
  hm3,
  hmzd,
  m2m,
});

/** Every ruleset the design plans, with the seed it comes from. */
export const PLANNED_RULESETS: readonly { id: RulesetId; seed: string }[] = Object.freeze([
  { id: "hm3", seed: "003" },
  { id: "hmzd", seed: "001" },
  { id: "rq3", seed: "002" },
  { id: "m2m", seed: "004" },
]);

export function implementedRulesets(): RulesetId[] {
  return Object.keys(RULESETS) as RulesetId[];
}

export function getRuleset(id: string): AnyRuleset | undefined {
  return ownValue(RULESETS as Record<string, AnyRuleset>, id);
}
