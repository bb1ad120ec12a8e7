#!/usr/bin/env node
/**
 * Blow by Blow command-line interface.
 *
 *   resolve FILE   resolve one exchange from a JSON file (`-` for stdin), print the result as JSON
 *   odds FILE      exact odds of one hm3 exchange (same input as resolve), printed as JSON
 *   character FILE a character's derived figures (m2m), printed as JSON
 *   fight A B      one hm3 exchange between two Foundry actor documents (A attacks B), as JSON
 *   duel A B       N hm3 duels between two actor documents: win rates, rounds, injuries
 *   demo           a sample HârnMaster 3 fight, printed as text
 *   help           this text
 *
 * Malformed input prints one line naming the field and exits with status 2.
 */
import { readFileSync } from "node:fs";
import { InputError } from "../core/errors";
import { deriveCharacterInput, resolveInput } from "../rules/resolve";
import { oddsInput } from "../rules/hm3/odds";
import { fighterFromSource } from "../foundry/combat/source-fighter";
import { runDemo } from "./demo";
import { runDuelCommand } from "./duel";
import { fightExchange } from "./fight";

const HELP = `Blow by Blow — realistic medieval combat rules engine

Usage: npm run -s cli -- <command> [arguments]

Commands:
  resolve FILE        Resolve one exchange. FILE is a JSON file, or - for stdin.
                      Prints the result as JSON. Rolls not given in "rolls" come
                      from "seed" (a random seed is chosen and printed if absent).
  odds FILE           Exact odds of one hm3 exchange, from the same input as
                      resolve, by enumerating every die: the chance of each
                      result code, injury, shock, kill, fumble and stumble, and
                      the expected effective impact. Prints JSON.
  character FILE      A character's derived figures as JSON (m2m: Speed, Move,
                      Dodge, Parry, Block, PD, DR, skill levels, point costs).
  fight A B [--seed N]
                      One hm3 exchange, A attacking B. A and B are Foundry actor
                      documents (JSON), e.g. the sample fighters in
                      packs/_source/hm3-sample-fighters/. Each side follows a
                      simple policy (best attack, best defence; src/cli/fight.ts).
                      Prints what each chose and the result as JSON.
  duel A B [--n N] [--seed S] [--svg FILE] [--json]
                      N duels (default 1000) to incapacitation or death between
                      two actor documents, same policy as fight (docs/duel.md).
                      Prints win rates, rounds to decision and injuries by
                      location and severity; --svg writes a plot of the
                      injuries, --json prints the counts as JSON.
  demo [--seed N]     Run a sample HârnMaster 3 fight and print it as text.
  help                Show this help.

Example:
  echo '{"ruleset":"hm3","attack":{"type":"melee","eml":70,"aspect":"edge","aim":"mid","impact":5},
         "defence":{"type":"dodge","eml":50},
         "attacker":{"endurance":12,"dex":12,"agl":12},
         "defender":{"endurance":12,"dex":12,"agl":12},"seed":7}' | npm run -s cli -- resolve -

Examples are in examples/ (hm3 and m2m exchanges, a GURPS character).
See README.md for the input fields and docs/cli.md for the full contract.`;

class UsageError extends Error {}

function readInput(file: string): unknown {
  let text: string;
  try {
    text = file === "-" ? readFileSync(0, "utf8") : readFileSync(file, "utf8");
  } catch (e) {
    throw new UsageError(
      `${file}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(
      `${file === "-" ? "stdin" : file}: not valid JSON (${(e as Error).message})`,
    );
  }
}

export function main(argv: string[]): number {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case "resolve": {
        if (args.length !== 1)
          throw new UsageError("resolve: expected one FILE argument (or - for stdin)");
        const out = resolveInput(readInput(args[0]!));
        for (const name of out.unusedRolls) {
          process.stderr.write(
            `warning: rolls.${name} was not used: this exchange made no roll of that name\n`,
          );
        }
        for (const name of out.unusedAnswers) {
          process.stderr.write(`warning: ${name} was not used: the exchange did not ask for it\n`);
        }
        process.stdout.write(JSON.stringify(out.result, null, 2) + "\n");
        return 0;
      }
      case "odds": {
        if (args.length !== 1)
          throw new UsageError("odds: expected one FILE argument (or - for stdin)");
        const out = oddsInput(readInput(args[0]!));
        for (const name of out.ignored) {
          process.stderr.write(`warning: ${name} was not used: odds run over every roll\n`);
        }
        process.stdout.write(JSON.stringify(out.odds, null, 2) + "\n");
        return 0;
      }
      case "character": {
        if (args.length !== 1)
          throw new UsageError("character: expected one FILE argument (or - for stdin)");
        process.stdout.write(
          JSON.stringify(deriveCharacterInput(readInput(args[0]!)), null, 2) + "\n",
        );
        return 0;
      }
      case "fight": {
        const files = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--seed");
        if (files.length !== 2)
          throw new UsageError("fight: expected two actor FILEs (A attacks B)");
        const i = args.indexOf("--seed");
        const seed = i >= 0 ? Number(args[i + 1]) : 1;
        if (!Number.isInteger(seed) || seed < 0)
          throw new UsageError(`--seed: expected a whole number ≥ 0, got ${args[i + 1]}`);
        const [a, b] = files.map((file) => {
          try {
            return fighterFromSource(readInput(file));
          } catch (e) {
            if (e instanceof InputError) throw new UsageError(`${file}: ${e.message}`);
            throw e;
          }
        });
        process.stdout.write(JSON.stringify(fightExchange(a!, b!, seed), null, 2) + "\n");
        return 0;
      }
      case "duel": {
        process.stdout.write(runDuelCommand(args, readInput));
        return 0;
      }
      case "demo": {
        const i = args.indexOf("--seed");
        const seed = i >= 0 ? Number(args[i + 1]) : 2026;
        if (!Number.isInteger(seed) || seed < 0)
          throw new UsageError(`--seed: expected a whole number ≥ 0, got ${args[i + 1]}`);
        process.stdout.write(runDemo(seed));
        return 0;
      }
      case undefined:
      case "help":
      case "--help":
      case "-h":
        process.stdout.write(HELP + "\n");
        return 0;
      default:
        throw new UsageError(`unknown command "${command}" (try: help)`);
    }
  } catch (e) {
    if (e instanceof InputError || e instanceof UsageError) {
      process.stderr.write(`error: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`error: ${(e as Error).message}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
