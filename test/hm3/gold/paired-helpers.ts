/** Shared inputs for the paired group's tests (seed 000 lines 41-57, 243-326). */
import { ScriptedDice, SeededDice, type RollScript } from "../../../src/core/dice";
import { runExchange } from "../../../src/core/ruleset";
import { hm3, type Hm3Result } from "../../../src/rules/hm3";

export const FIGHTER = { endurance: 12, dex: 12, agl: 12 };

/** A CLI `resolve` input with the given options on. */
export function input(
  options: string[],
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    options: Object.fromEntries(options.map((o) => [o, true])),
    attack: { type: "melee", eml: 70, aspect: "edge", impact: 5, wq: 12 },
    defence: { type: "block", eml: 60 },
    attacker: FIGHTER,
    defender: FIGHTER,
    ...over,
  };
}

/** Parses and runs a CLI input with scripted rolls (the rest seeded). */
export function run(raw: Record<string, unknown>, rolls: RollScript, seed = 1): Hm3Result {
  const { decl, answers } = hm3.parseResolveInput(raw);
  return runExchange(hm3, decl, answers, new ScriptedDice(rolls, new SeededDice(seed))).result;
}
