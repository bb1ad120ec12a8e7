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

/** The lang key of every roll an HM3 exchange makes (the names of `hm3.rollSide`). */
export const HM3_ROLL_LABELS: Readonly<Record<string, string>> = Object.freeze({
  attack: "BLOWBYBLOW.HM3.Roll.attack",
  location: "BLOWBYBLOW.HM3.Roll.location",
  face: "BLOWBYBLOW.HM3.Roll.face",
  impact: "BLOWBYBLOW.HM3.Roll.impact",
  ignite: "BLOWBYBLOW.HM3.Roll.ignite",
  "counter.shock": "BLOWBYBLOW.HM3.Roll.counterShock",
  "counter.fumble": "BLOWBYBLOW.HM3.Roll.counterFumble",
  "counter.stumble": "BLOWBYBLOW.HM3.Roll.counterStumble",
  "counter.kill": "BLOWBYBLOW.HM3.Roll.counterKill",
  attackerFumble: "BLOWBYBLOW.HM3.Roll.attackerFumble",
  attackerStumble: "BLOWBYBLOW.HM3.Roll.attackerStumble",
  attackerWeaponDamage: "BLOWBYBLOW.HM3.Roll.attackerWeaponDamage",
  defence: "BLOWBYBLOW.HM3.Roll.defence",
  "counter.location": "BLOWBYBLOW.HM3.Roll.counterLocation",
  "counter.face": "BLOWBYBLOW.HM3.Roll.counterFace",
  "counter.impact": "BLOWBYBLOW.HM3.Roll.counterImpact",
  "counter.ignite": "BLOWBYBLOW.HM3.Roll.counterIgnite",
  shock: "BLOWBYBLOW.HM3.Roll.shock",
  fumble: "BLOWBYBLOW.HM3.Roll.fumble",
  stumble: "BLOWBYBLOW.HM3.Roll.stumble",
  kill: "BLOWBYBLOW.HM3.Roll.kill",
  defenderFumble: "BLOWBYBLOW.HM3.Roll.defenderFumble",
  defenderStumble: "BLOWBYBLOW.HM3.Roll.defenderStumble",
  defenderWeaponDamage: "BLOWBYBLOW.HM3.Roll.defenderWeaponDamage",
});

export const HM3_FOUNDRY: FoundryRuleset = Object.freeze({
  id: "hm3",
  ruleset: hm3,
  combat: hm3Combat,
  card: Object.freeze({ resultTemplate: HM3_RESULT_TEMPLATE, resultContext: hm3ResultContext }),
  amputationVictim: hm3AmputationVictim,
  rollLabels: HM3_ROLL_LABELS,
});
