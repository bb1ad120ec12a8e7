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
 * Malformed input or a bad argument prints one line naming the field or argument and exits with
 * status 2 (one rule for every command: src/cli/args.ts, docs/cli.md "Arguments").
 */
import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { InputError } from "../core/errors";
import { deriveCharacterInput, resolveInput } from "../rules/resolve";
import { oddsInput } from "../rules/hm3/odds";
import { hm3Combat } from "../rules/hm3";
import { fighterFromSource } from "../foundry/combat/source-fighter";
import { runDemo } from "./demo";
import { checkActorFile } from "./actor-file";
import { fileErrorText, MAX_INPUT_DEPTH, parseArgs, tooDeep } from "./args";
import { COMMANDS } from "./commands";
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
                      N duels (default 1000, at most 1000000) to incapacitation or death between
                      two actor documents, same policy as fight (docs/duel.md).
                      Prints win rates, rounds to decision and injuries by
                      location and severity; --svg writes a plot of the
                      injuries, --json prints the counts as JSON.
  demo [--seed N]     Run a sample HârnMaster 3 fight and print it as text.
  help                Show this help.

Seeds are whole numbers from 0 to 4294967295. A bad argument or input prints one
line naming it and what was expected, and exits with status 2.

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
    throw new UsageError(`${file}: cannot read the file (${fileErrorText(e)})`);
  }
  const name = file === "-" ? "stdin" : file;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${name}: not valid JSON (${(e as Error).message})`);
  }
  const deep = tooDeep(value);
  if (deep !== null)
    throw new UsageError(
      `${name}: ${deep.length > 40 ? `${deep.slice(0, 40)}…` : deep}: nested more than ${MAX_INPUT_DEPTH} levels deep (no input needs more than ten)`,
    );
  return value;
}

/** A fighter from an actor FILE: an error names the file and the field. */
function readFighter(file: string) {
  const source = checkActorFile(readInput(file), file);
  try {
    return fighterFromSource(source);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${file}: ${e.field}`, e.value, e.reason);
    throw e;
  }
}

export function main(argv: string[]): number {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case "resolve": {
        const [file] = parseArgs(COMMANDS.resolve, args).files;
        const out = resolveInput(readInput(file!));
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
        const [file] = parseArgs(COMMANDS.odds, args).files;
        const out = oddsInput(readInput(file!));
        for (const name of out.ignored) {
          process.stderr.write(`warning: ${name} was not used: odds run over every roll\n`);
        }
        process.stdout.write(JSON.stringify(out.odds, null, 2) + "\n");
        return 0;
      }
      case "character": {
        const [file] = parseArgs(COMMANDS.character, args).files;
        process.stdout.write(
          JSON.stringify(deriveCharacterInput(readInput(file!)), null, 2) + "\n",
        );
        return 0;
      }
      case "fight": {
        const { files, options } = parseArgs(COMMANDS.fight, args);
        const seed = (options["--seed"] as number | undefined) ?? 1;
        const [a, b] = files.map(readFighter);
        if (!hm3Combat.attackOptions(a!, null).length)
          throw new InputError(`${files[0]}: items`, a!.items.length, "no weapon to attack with");
        process.stdout.write(JSON.stringify(fightExchange(a!, b!, seed), null, 2) + "\n");
        return 0;
      }
      case "duel": {
        process.stdout.write(runDuelCommand(args, readInput));
        return 0;
      }
      case "demo": {
        const { options } = parseArgs(COMMANDS.demo, args);
        process.stdout.write(runDemo((options["--seed"] as number | undefined) ?? 2026));
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

/** True when this file is the program node runs (not when a test imports `main`). */
function isEntry(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) process.exitCode = main(process.argv.slice(2));
