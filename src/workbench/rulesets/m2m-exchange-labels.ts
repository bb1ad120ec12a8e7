/**
 * The language keys of the workbench's GURPS Man to Man attack and defence choices and odds
 * (BLOWBYBLOW.Workbench.M2M.Exchange.*, .Odds.*, .Outcome.*): every label by a full key, so the
 * language audit (test/lang.test.ts) sees each one.
 */
import type { AttackOutcome, DefenceOutcome } from "../../rules/m2m/types";

export const X = Object.freeze({
  attackOption: "BLOWBYBLOW.Workbench.M2M.Exchange.attackOption",
  random: "BLOWBYBLOW.Workbench.M2M.Exchange.random",
  aimOption: "BLOWBYBLOW.Workbench.M2M.Exchange.aimOption",
  defenceOption: "BLOWBYBLOW.Workbench.M2M.Exchange.defenceOption",
  defenceParry: "BLOWBYBLOW.Workbench.M2M.Exchange.defenceParry",
  odds: "BLOWBYBLOW.Workbench.M2M.Odds.title",
  oddsAttack: "BLOWBYBLOW.Workbench.M2M.Odds.attack",
  oddsDefence: "BLOWBYBLOW.Workbench.M2M.Odds.defence",
  oddsLocation: "BLOWBYBLOW.Workbench.M2M.Odds.location",
  oddsInjury: "BLOWBYBLOW.Workbench.M2M.Odds.injury",
  oddsOther: "BLOWBYBLOW.Workbench.M2M.Odds.other",
  oddsPd: "BLOWBYBLOW.Workbench.M2M.Odds.pd",
  hit: "BLOWBYBLOW.Workbench.M2M.Odds.hit",
  noRoll: "BLOWBYBLOW.Workbench.M2M.Odds.noRoll",
  noHit: "BLOWBYBLOW.Workbench.M2M.Odds.noHit",
  injuryTotal: "BLOWBYBLOW.Workbench.M2M.Odds.injuryTotal",
  expectedInjury: "BLOWBYBLOW.Workbench.M2M.Odds.expectedInjury",
  oddsMajor: "BLOWBYBLOW.Workbench.M2M.Odds.majorWound",
  oddsKnockdown: "BLOWBYBLOW.Workbench.M2M.Odds.knockdown",
  oddsStunned: "BLOWBYBLOW.Workbench.M2M.Odds.stunned",
  oddsCrippled: "BLOWBYBLOW.Workbench.M2M.Odds.crippled",
  oddsUnconscious: "BLOWBYBLOW.Workbench.M2M.Odds.unconscious",
  oddsConsciousness: "BLOWBYBLOW.Workbench.M2M.Odds.consciousnessRolls",
  oddsDead: "BLOWBYBLOW.Workbench.M2M.Odds.dead",
  oddsAttackerFumble: "BLOWBYBLOW.Workbench.M2M.Odds.attackerFumble",
  oddsDefenderFumble: "BLOWBYBLOW.Workbench.M2M.Odds.defenderFumble",
  oddsFalls: "BLOWBYBLOW.Workbench.M2M.Odds.defenderFalls",
  oddsShield: "BLOWBYBLOW.Workbench.M2M.Odds.shieldUnready",
  oddsAttackerStruck: "BLOWBYBLOW.Workbench.M2M.Odds.attackerStruck",
});

export const ATTACK_OUTCOME: Readonly<Record<AttackOutcome, string>> = Object.freeze({
  "critical-hit": "BLOWBYBLOW.Workbench.M2M.Outcome.criticalHit",
  hit: "BLOWBYBLOW.Workbench.M2M.Outcome.hit",
  miss: "BLOWBYBLOW.Workbench.M2M.Outcome.miss",
  "critical-miss": "BLOWBYBLOW.Workbench.M2M.Outcome.criticalMiss",
});

export const DEFENCE_OUTCOME: Readonly<Record<DefenceOutcome, string>> = Object.freeze({
  "critical-success": "BLOWBYBLOW.Workbench.M2M.Outcome.criticalSuccess",
  success: "BLOWBYBLOW.Workbench.M2M.Outcome.success",
  failure: "BLOWBYBLOW.Workbench.M2M.Outcome.failure",
  "critical-failure": "BLOWBYBLOW.Workbench.M2M.Outcome.criticalFailure",
});
