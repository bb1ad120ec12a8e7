/**
 * One rule for the arguments of every CLI command (docs/cli.md, "Arguments"): each command
 * declares its FILE arguments and its options; an unknown option, a missing or repeated value,
 * a number out of its range or the wrong number of FILEs throws an InputError naming the
 * argument, the range or what was expected, and the value given. `main` prints it as one line
 * `error: …` and exits with status 2.
 */
import { existsSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { SEED_MAX } from "../core/dice";
import { InputError } from "../core/errors";

export type OptionSpec =
  /** A whole number in min..max (decimal digits only: `1e3`, `0x10`, `` are refused). */
  | { kind: "whole"; min: number; max: number }
  /** A file to write (`--svg FILE`): its folder must exist and it must not be a folder. */
  | { kind: "output" }
  /** A flag with no value. */
  | { kind: "flag" }
  /** Some text (an item's name): not empty. */
  | { kind: "text" }
  /** One of a fixed list of words. */
  | { kind: "choice"; choices: readonly string[] };

export interface CommandSpec {
  /** The command's name, as typed. */
  command: string;
  /** How many FILE arguments it takes. */
  files: number;
  /** What the FILE arguments are, for the message when their number is wrong. */
  filesExpected: string;
  /** Its options by name, `--seed`. */
  options: Readonly<Record<string, OptionSpec>>;
}

/** Every `--seed` option: the seeds `resolve` accepts in its input (src/core/dice.ts). */
export const SEED_OPTION: OptionSpec = { kind: "whole", min: 0, max: SEED_MAX };

export interface ParsedArgs {
  files: string[];
  /** Each option given: a number, a file name, or true for a flag. */
  options: Record<string, number | string | true>;
}

/** A whole number from its text, or an error naming the argument and the range. */
export function wholeArg(
  text: string | undefined,
  field: string,
  min: number,
  max: number,
): number {
  const n = text !== undefined && /^-?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new InputError(field, text, `expected a whole number from ${min} to ${max}`);
  return n;
}

/** Some text: refused when missing or blank. */
export function textArg(text: string | undefined, field: string): string {
  if (text === undefined || text.trim() === "")
    throw new InputError(field, text, "expected a value");
  return text;
}

/** One of `choices`, or an error naming the argument and the choices. */
export function choiceArg(
  text: string | undefined,
  field: string,
  choices: readonly string[],
): string {
  if (text === undefined || !choices.includes(text))
    throw new InputError(field, text, `expected one of ${choices.join(", ")}`);
  return text;
}

/** A file the command will write: refused before any work when it cannot be written there. */
export function outputArg(text: string | undefined, field: string): string {
  if (text === undefined || text === "")
    throw new InputError(field, text, "expected the name of a file to write");
  if (existsSync(text) && statSync(text).isDirectory())
    throw new InputError(field, text, "is a folder: expected the name of a file to write");
  const folder = dirname(text);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new InputError(field, text, `the folder ${folder} does not exist`);
  return text;
}

/**
 * Reads `args` by `spec`. `--name value` and `--name=value` are both read; `-` alone is a FILE
 * (stdin); any other argument starting with `-` must be one of the command's options.
 */
export function parseArgs(spec: CommandSpec, args: readonly string[]): ParsedArgs {
  const files: string[] = [];
  const options: ParsedArgs["options"] = {};
  const known = Object.keys(spec.options);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-" || !arg.startsWith("-")) {
      files.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const option = Object.hasOwn(spec.options, name) ? spec.options[name]! : undefined;
    if (!option) {
      throw new InputError(
        name,
        arg,
        known.length
          ? `unknown option for ${spec.command} (its options: ${known.join(", ")})`
          : `unknown option: ${spec.command} takes no options`,
      );
    }
    if (Object.hasOwn(options, name)) throw new InputError(name, arg, "given twice");
    if (option.kind === "flag") {
      if (eq > 0) throw new InputError(name, arg, "takes no value");
      options[name] = true;
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
    options[name] =
      option.kind === "whole"
        ? wholeArg(value, name, option.min, option.max)
        : option.kind === "text"
          ? textArg(value, name)
          : option.kind === "choice"
            ? choiceArg(value, name, option.choices)
            : outputArg(value, name);
  }
  if (files.length !== spec.files) {
    throw new InputError(spec.command, files, `expected ${spec.filesExpected}`);
  }
  return { files, options };
}

/** A file system error in words: what a user can act on, with its code. */
export function fileErrorText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ENOENT: "no such file or folder",
    EISDIR: "it is a folder",
    ENOTDIR: "a part of the path is not a folder",
    EACCES: "permission denied",
    EPERM: "permission denied",
  };
  if (code && Object.hasOwn(words, code)) return `${words[code]}, ${code}`;
  return code ?? (e instanceof Error ? e.message : String(e));
}

/**
 * The most levels of nesting an input file may have. Every document the CLI reads nests fewer
 * than ten (an actor's body plan injury cell: `system.hm3.bodyPlan.locations[0].injury[0]`);
 * thousands of levels would overflow the stack of any code that walks the value.
 */
export const MAX_INPUT_DEPTH = 64;

/**
 * The path of the first value nested deeper than `max` levels in `value`, or null. Walks
 * without recursion, so that the check itself cannot overflow.
 */
export function tooDeep(value: unknown, max = MAX_INPUT_DEPTH): string | null {
  const stack: [unknown, string, number][] = [[value, "", 0]];
  while (stack.length) {
    const [node, path, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth >= max) return path || "(the top)";
    for (const [k, v] of Object.entries(node))
      stack.push([v, Array.isArray(node) ? `${path}[${k}]` : path ? `${path}.${k}` : k, depth + 1]);
  }
  return null;
}
