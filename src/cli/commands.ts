/**
 * The arguments of every CLI command, read by the one rule of src/cli/args.ts (docs/cli.md,
 * "Arguments").
 */
import { DUEL_COUNT_RANGE } from "../core/bounds";
import { HIT_LOCATIONS } from "../rules/m2m/types";
import { SEED_OPTION, type CommandSpec } from "./args";
import { M2M_MODIFIER_RANGE, MAX_AIM_TURNS, MAX_RANGE_YARDS } from "./m2m-fight";

/**
 * The most duels one `duel` command runs: a million take about half an hour (about 2 ms a
 * duel, docs/performance.md); a larger run is more likely a typo than a wish.
 */
export const MAX_DUELS = DUEL_COUNT_RANGE.max;

/** The bounds of `fight --range` and `--aim` (src/cli/m2m-fight.ts, shared with the workbench). */
export { MAX_AIM_TURNS, MAX_RANGE_YARDS };

/** The commands that read one JSON FILE: no options. */
const oneFile = (command: string): CommandSpec => ({
  command,
  files: 1,
  filesExpected: "one FILE argument (or - for stdin)",
  options: {},
});

export const COMMANDS = {
  resolve: oneFile("resolve"),
  odds: oneFile("odds"),
  character: oneFile("character"),
  fight: {
    command: "fight",
    files: 2,
    filesExpected: "two actor FILEs A B (A attacks B)",
    options: {
      "--seed": SEED_OPTION,
      "--ruleset": { kind: "choice", choices: ["hm3", "m2m"] },
      "--weapon": { kind: "text" },
      "--mode": { kind: "text" },
      "--range": { kind: "whole", min: 0, max: MAX_RANGE_YARDS },
      "--aim": { kind: "whole", min: 0, max: MAX_AIM_TURNS },
      "--location": { kind: "choice", choices: ["random", ...HIT_LOCATIONS] },
      "--modifier": { kind: "whole", ...M2M_MODIFIER_RANGE },
      "--options": { kind: "text" },
    },
  },
  duel: {
    command: "duel",
    files: 2,
    filesExpected: "two actor FILEs A B",
    options: {
      "--n": { kind: "whole", min: DUEL_COUNT_RANGE.min, max: MAX_DUELS },
      "--seed": SEED_OPTION,
      "--svg": { kind: "output" },
      "--json": { kind: "flag" },
      "--ruleset": { kind: "choice", choices: ["hm3", "m2m", "hmzd"] },
      "--options": { kind: "text" },
    },
  },
  demo: {
    command: "demo",
    files: 0,
    filesExpected: "no FILE argument",
    options: { "--seed": SEED_OPTION },
  },
} as const satisfies Record<string, CommandSpec>;
