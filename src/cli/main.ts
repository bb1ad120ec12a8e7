#!/usr/bin/env node
/**
 * Blow by Blow command-line interface.
 *
 *   resolve FILE   resolve one exchange from a JSON file (`-` for stdin), print the result as JSON
 *   odds FILE      exact odds of one hm3, m2m or hmzd exchange (same input as resolve), printed as JSON
 *   character FILE a character's derived figures (an m2m or hmzd actor document or the engine's input), as JSON
 *   fight A B      one exchange (hm3 or m2m) between two Foundry actor documents (A attacks B), as JSON
 *   duel A B       N hm3, m2m or hmzd duels between two fighters: win rates, rounds, injuries
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
import { oddsInput } from "../rules/odds";
import { hm3Combat } from "../rules/hm3";
import { fighterFromSource } from "../foundry/combat/source-fighter";
import { foundryRuleset, type FoundryRuleset } from "../foundry/rulesets";
import { runDemo } from "./demo";
import { actorMadeFor, actorRulesets, checkActorFile, fightRuleset } from "./actor-file";
import { fileErrorText, MAX_INPUT_DEPTH, parseArgs, tooDeep } from "./args";
import { COMMANDS } from "./commands";
import { duelOptionsOf, runDuelCommand } from "./duel";
import { readHm3Rules } from "../sim/duel-options";
import { fightExchange } from "./fight";
import { m2mFightExchange } from "./m2m-fight";

const HELP = `Blow by Blow — realistic medieval combat rules engine

Usage: npm run -s cli -- <command> [arguments]

Commands:
  resolve FILE        Resolve one exchange. FILE is a JSON file, or - for stdin.
                      Prints the result as JSON. Rolls not given in "rolls" come
                      from "seed" (a random seed is chosen and printed if absent).
  odds FILE           Exact odds of one hm3, m2m or hmzd exchange, from the same input
                      as resolve ("ruleset" chooses), by enumerating every die.
                      hm3: the chance of each result code, injury, shock, kill,
                      fumble and stumble, and the expected effective impact.
                      m2m: the chance of a hit, each defence outcome, critical
                      results, each location, each injury total, knockdown,
                      stun, unconsciousness and death. hmzd: the chance of each
                      victor and stars, and for each side's strike its zone,
                      location, injury, shock state and state after. Prints JSON.
  character FILE      A character's derived figures as JSON (m2m: Speed, Move,
                      Dodge, Parry, Block, PD, DR, skill levels, point costs;
                      hmzd: the HM3 figures with the Shock EML and state).
                      FILE is an m2m or hmzd actor document (e.g. packs/_source/
                      m2m-sample-fighters/fiendish-friedrick.json, hmzd-sample-
                      fighters/war-dog.json) or the engine's character input
                      (examples/m2m/friedrick.json, examples/hmzd/sir-aldric.json).
  fight A B [--seed N] [--ruleset hm3|m2m] [--weapon NAME] [--mode N|ID]
          [--range YARDS] [--aim TURNS] [--location random|LOCATION]
          [--modifier N]
                      One exchange, A attacking B. A and B are Foundry actor
                      documents (JSON), e.g. the sample fighters in
                      packs/_source/hm3-sample-fighters/ or m2m-sample-fighters/;
                      the ruleset is the one whose block both carry (hm3 first).
                      hm3: each side follows a simple policy (best attack, best
                      defence; src/cli/fight.ts). m2m: A uses his first ready
                      hand weapon's first mode, or --weapon (an item's name or
                      id) and --mode (its number from 1, or its attack id); a
                      ranged weapon shoots at --range yards (0 to 1000) after
                      --aim turns (0 to 4, default 0: a snap shot); --location
                      aims at a hit location (head, torso, left-arm...);
                      --modifier adds a situational modifier (-30 to +30) to
                      the attack. B takes his best defence
                      (src/cli/m2m-fight.ts).
                      Prints what each chose and the result as JSON; m2m also
                      prints the resolve input it ran, to replay with resolve.
  duel A B [--n N] [--seed S] [--svg FILE] [--json] [--ruleset hm3|m2m|hmzd]
                      N duels (default 1000, at most 1000000) to incapacitation or death between
                      two actor documents, hmzd when both carry zone-die blocks (e.g. packs/_source/
                      hmzd-sample-fighters/), else hm3 or m2m as fight picks it; hm3 with the
                      policy of fight, m2m turn by turn: best ready weapon, best defence left
                      (docs/duel.md); or hmzd fighter files ({"ruleset": "hmzd", ...}).
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

/** The adapter's entry for a ruleset id, or an input error when this version cannot play it. */
function rulesetFor(id: string, file: string): FoundryRuleset {
  const ruleset = foundryRuleset(id);
  if (!ruleset)
    throw new InputError(
      `${file}: system.${id}`,
      undefined,
      `the ${id} ruleset is not available in this version`,
    );
  return ruleset;
}

/**
 * A fighter from an actor document read from FILE: an error names the file and the field.
 * `rules`: the optional rules its derivation reads (hm3 `fight --options`, G90).
 */
function fighterOf(
  raw: unknown,
  file: string,
  ruleset?: FoundryRuleset,
  rules?: Record<string, boolean>,
) {
  const source = checkActorFile(raw, file);
  try {
    return fighterFromSource(source, [], ruleset, rules);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${file}: ${e.field}`, e.value, e.reason);
    throw e;
  }
}

/**
 * `character FILE`: an m2m or hmzd actor document (a pack's sample fighter, an exported actor)
 * prints the figures its registered derivation gives; any other input is the engine's own
 * character input.
 */
function characterOutput(raw: unknown, file: string): unknown {
  const isActor =
    raw !== null &&
    typeof raw === "object" &&
    !Array.isArray(raw) &&
    (raw as { ruleset?: unknown }).ruleset === undefined &&
    actorRulesets(raw).length > 0;
  if (!isActor) return deriveCharacterInput(raw);
  const name = file === "-" ? "stdin" : file;
  const madeFor = actorMadeFor(raw);
  // An hmzd actor is an HM3 actor with zone-die blocks: its figures are the adapter's (the HM3
  // ones with the Shock EML and state, src/foundry/rulesets/hmzd/derive.ts).
  const id = madeFor.includes("m2m") ? "m2m" : madeFor.includes("hmzd") ? "hmzd" : null;
  if (!id)
    throw new InputError(
      `${name}: system.m2m`,
      undefined,
      "an hm3 actor: character derives GURPS Man to Man or HârnMaster zone-die figures (an m2m or hmzd actor, or the engine's character input)",
    );
  const f = fighterOf(raw, name, rulesetFor(id, name));
  return { ruleset: id, name: f.name, ...(f.derived as object) };
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
          JSON.stringify(characterOutput(readInput(file!), file!), null, 2) + "\n",
        );
        return 0;
      }
      case "fight": {
        const { files, options } = parseArgs(COMMANDS.fight, args);
        const seed = (options["--seed"] as number | undefined) ?? 1;
        const raws = files.map(readInput);
        const ruleset = fightRuleset(
          raws[0],
          raws[1],
          [files[0]!, files[1]!],
          options["--ruleset"] as string | undefined,
        );
        const optionsText = options["--options"] as string | undefined;
        if (ruleset === "m2m") {
          if (optionsText !== undefined)
            throw new InputError("--options", optionsText, "only for hm3 fights (these are m2m)");
          const m2m = rulesetFor("m2m", files[0]!);
          const [a, b] = raws.map((raw, i) => fighterOf(raw, files[i]!, m2m));
          const flags = {
            weapon: options["--weapon"] as string | undefined,
            mode: options["--mode"] as string | undefined,
            range: options["--range"] as number | undefined,
            aim: options["--aim"] as number | undefined,
            location: options["--location"] as string | undefined,
            modifier: options["--modifier"] as number | undefined,
          };
          let out;
          try {
            out = m2mFightExchange(a!, b!, seed, flags);
          } catch (e) {
            // An option's problem names the option; the attacker's items name his file.
            if (e instanceof InputError && !e.field.startsWith("--"))
              throw new InputError(`${files[0]}: ${e.field}`, e.value, e.reason);
            throw e;
          }
          process.stdout.write(JSON.stringify(out, null, 2) + "\n");
          return 0;
        }
        for (const flag of ["--weapon", "--mode", "--range", "--aim", "--location", "--modifier"])
          if (options[flag] !== undefined)
            throw new InputError(
              flag,
              options[flag],
              "chooses an m2m attack: the hm3 fight takes its best attack",
            );
        // The HM3 optional rules (HârnMaster Gold's among them): the exchange and the fighters'
        // derivation read them (Gold encumbrance & fatigue, Kamtóla skill base: G90, G91).
        const rules = readHm3Rules(
          optionsText === undefined ? null : duelOptionsOf(optionsText, readInput),
          "--options",
        );
        const [a, b] = raws.map((raw, i) => fighterOf(raw, files[i]!, undefined, rules));
        if (!hm3Combat.attackOptions(a!, null).length)
          throw new InputError(`${files[0]}: items`, a!.items.length, "no weapon to attack with");
        process.stdout.write(JSON.stringify(fightExchange(a!, b!, seed, rules), null, 2) + "\n");
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
