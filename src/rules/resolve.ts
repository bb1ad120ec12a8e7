/**
 * The `resolve` contract, shared by the CLI and the workbench: one JSON object in (ruleset,
 * the exchange, optional named `rolls` and a `seed`), one plain-data result out.
 */
import { readSeed, ScriptedDice, SeededDice, type RollScript } from "../core/dice";
import { InputError, readNumber, readObject } from "../core/errors";
import { runExchange, type ExchangeRecord } from "../core/ruleset";
import { getRuleset, implementedRulesets, type AnyRuleset } from "./index";

export interface ResolveOutput {
  result: ExchangeRecord & { seed: number };
  /** Scripted roll names that no roll used (a typo, or a roll this result did not call for). */
  unusedRolls: string[];
  /** Answers no prompt asked for (a defence against an attack that needed none). */
  unusedAnswers: string[];
}

function readRolls(value: unknown): RollScript {
  if (value === undefined) return {};
  const obj = readObject(value, "rolls");
  const out: Record<string, number | number[]> = {};
  for (const [name, v] of Object.entries(obj)) {
    if (typeof v === "number") {
      out[name] = readNumber(v, `rolls.${name}`, { integer: true, min: 1 });
    } else if (Array.isArray(v) && v.length > 0) {
      out[name] = v.map((x, i) => readNumber(x, `rolls.${name}[${i}]`, { integer: true, min: 1 }));
    } else {
      throw new InputError(`rolls.${name}`, v, "expected a die value or a list of die values");
    }
  }
  return out;
}

/** A seed for when none is given; printed with the result so the exchange can be replayed. */
export function freshSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

/** The ruleset a JSON input names, or an error naming the `ruleset` field. */
function rulesetOf(input: Record<string, unknown>): AnyRuleset {
  const rulesetId = input.ruleset;
  if (typeof rulesetId !== "string") {
    throw new InputError(
      "ruleset",
      rulesetId,
      `expected one of ${implementedRulesets().join(", ")}`,
    );
  }
  const ruleset = getRuleset(rulesetId);
  if (!ruleset) {
    throw new InputError(
      "ruleset",
      rulesetId,
      `not available in this version (available: ${implementedRulesets().join(", ")})`,
    );
  }
  return ruleset;
}

/** The `character` contract: a ruleset's derived figures for one character. */
export function deriveCharacterInput(raw: unknown): unknown {
  const input = readObject(raw, "input");
  const ruleset = rulesetOf(input);
  if (!ruleset.deriveCharacter) {
    throw new InputError(
      "ruleset",
      ruleset.id,
      "has no character derivation in the rules engine yet",
    );
  }
  const rest: Record<string, unknown> = { ...input };
  delete rest.ruleset;
  return ruleset.deriveCharacter(rest);
}

export function resolveInput(raw: unknown, seedIfMissing: () => number = freshSeed): ResolveOutput {
  const input = readObject(raw, "input");
  const ruleset = rulesetOf(input);
  const seed = input.seed === undefined ? seedIfMissing() : readSeed(input.seed, "seed");
  const script = readRolls(input.rolls);
  const rest: Record<string, unknown> = { ...input };
  delete rest.ruleset;
  delete rest.rolls;
  delete rest.seed;
  const { decl, answers } = ruleset.parseResolveInput(rest);
  const dice = new ScriptedDice(script, new SeededDice(seed));
  const { result, unusedAnswers } = runExchange(ruleset, decl, answers, dice);
  return { result: { ...result, seed }, unusedRolls: dice.unused(), unusedAnswers };
}
