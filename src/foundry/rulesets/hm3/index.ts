/**
 * HârnMaster 3 in Foundry: the core ruleset (src/rules/hm3), its combat functions
 * (`hm3Combat`), the card partial of its result (./card.ts) and how its result names the victim
 * of a strike for the GM's amputation decision (ruling R30).
 */
import type { ExchangeRecord, Side } from "../../../core/ruleset";
import { hm3, hm3Combat, type Hm3Result } from "../../../rules/hm3";
import type { FoundryRuleset } from "..";
import { HM3_RESULT_TEMPLATE, hm3ResultContext } from "./card";

/** The victim of strike `strike` when the GM must decide an amputation (R30), else null. */
export function hm3AmputationVictim(result: ExchangeRecord, strike: number): Side | null {
  if (result.ruleset !== "hm3" || !Number.isInteger(strike)) return null;
  const s = (result as Hm3Result).strikes?.[strike];
  if (!s?.amputationRoll) return null;
  return s.by === "attacker" ? "defender" : "attacker";
}

export const HM3_FOUNDRY: FoundryRuleset = Object.freeze({
  id: "hm3",
  ruleset: hm3,
  combat: hm3Combat,
  card: Object.freeze({ resultTemplate: HM3_RESULT_TEMPLATE, resultContext: hm3ResultContext }),
  amputationVictim: hm3AmputationVictim,
});
