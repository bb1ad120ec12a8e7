/**
 * `cli duel A B [--n N] [--seed S] [--svg FILE] [--json] [--ruleset hm3|m2m|hmzd] [--options O]`:
 * N duels between
 * two fighters stored as Foundry Actor documents, HârnMaster 3 (src/sim/duel.ts) or GURPS Man to
 * Man (src/sim/m2m-duel.ts) or HârnMaster zone die (src/sim/hmzd-duel.ts, src/cli/hmzd-duel.ts)
 * as the two actors are made for (hmzd when both carry zone-die blocks, else `fightRuleset`), or
 * hmzd fighter files, printed
 * as win rates, rounds to decision and injuries by location and severity; `--svg` writes the
 * plot, `--json` prints the counts as JSON. A progress bar goes to stderr when stderr is a
 * terminal. `--options` (hm3 only): the HM3 optional rules, HârnMaster Gold's among them, as
 * JSON (`{"initiative": true}` or `["initiative"]`) or the name of a JSON file holding it.
 */
import { writeFileSync } from "node:fs";
import { InputError } from "../core/errors";
import { fileErrorText, parseArgs } from "./args";
import { COMMANDS } from "./commands";
import { fighterFromSource } from "../foundry/combat/source-fighter";
import { actorOwnRulesets, checkActorFile, fightRuleset } from "./actor-file";
import { foundryRuleset } from "../foundry/rulesets";
import {
  M2M_SEVERITIES,
  m2mDuelFighter,
  m2mLocationName,
  runM2mDuels,
  type M2mDuelFighter,
} from "../sim/m2m-duel";
import { hm3Combat } from "../rules/hm3";
import { localizerOf } from "../foundry/sheets/common";
import {
  DUEL_TEXT,
  HM3_SEVERITIES,
  duelPlotSvg,
  locationNamer,
  runDuels,
  type ActorSource,
  type DuelSeverity,
  type DuelStats,
} from "../sim/duel";
import { isHmzdFighterFile, runHmzdDuelCommand } from "./hmzd-duel";
import { readHm3Rules } from "../sim/duel-options";
import en from "../../lang/en.json";

export interface DuelArgs {
  files: [string, string];
  n: number;
  seed: number;
  svg: string | null;
  json: boolean;
  /** `--ruleset`: absent, the one both actors are made for (hmzd: both are hmzd fighter files). */
  ruleset: "hm3" | "m2m" | "hmzd" | null;
  /** `--options`: JSON text (starts with `{` or `[`) or a JSON file's name; null: not given. */
  options: string | null;
}

/** Reads the command's arguments (src/cli/args.ts); a bad one throws with its name. */
export function duelArgs(args: readonly string[]): DuelArgs {
  const { files, options } = parseArgs(COMMANDS.duel, args);
  return {
    files: files as [string, string],
    n: (options["--n"] as number | undefined) ?? 1000,
    seed: (options["--seed"] as number | undefined) ?? 1,
    svg: (options["--svg"] as string | undefined) ?? null,
    json: options["--json"] === true,
    ruleset: (options["--ruleset"] as "hm3" | "m2m" | "hmzd" | undefined) ?? null,
    options: (options["--options"] as string | undefined) ?? null,
  };
}

/** A fighter file checked as an actor: its derivation must succeed, and it must have a weapon. */
export function loadFighter(raw: unknown, file: string): ActorSource {
  const actor = checkActorFile(raw, file);
  try {
    const snap = fighterFromSource(actor);
    if (!hm3Combat.attackOptions(snap, null).length)
      throw new InputError("items", snap.items.length, "no weapon to attack with");
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${file}: ${e.field}`, e.value, e.reason);
    throw e;
  }
  return actor as ActorSource;
}

/**
 * An m2m fighter file: checked as an actor, derived with the m2m ruleset, with a hand weapon to
 * attack with; a problem names the file and the field.
 */
export function loadM2mFighter(raw: unknown, file: string): M2mDuelFighter {
  const actor = checkActorFile(raw, file);
  try {
    return m2mDuelFighter(fighterFromSource(actor, [], foundryRuleset("m2m")));
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${file}: ${e.field}`, e.value, e.reason);
    throw e;
  }
}

/** How the summary and the plot name severities and locations (default: HM3's). */
export interface DuelLegend {
  severities: readonly DuelSeverity[];
  /** Each side's location names. */
  locationNames: [(id: string) => string, (id: string) => string];
}

/**
 * The summary as text. Injuries are listed per fighter ("Injuries taken by Brigand"), each
 * location by its name as the sheets show it (`actors` give creatures' own plans).
 */
export function duelSummary(
  stats: DuelStats,
  names: [string, string],
  actors: [ActorSource | null, ActorSource | null] = [null, null],
  legend: DuelLegend | null = null,
): string {
  const pct = (k: "a" | "b" | "none") => ((100 * stats.wins[k]) / stats.n).toFixed(1);
  const lines = [
    `${stats.n} duels: ${names[0]} vs ${names[1]}`,
    `  ${names[0]} wins ${stats.wins.a} (${pct("a")}%)`,
    `  ${names[1]} wins ${stats.wins.b} (${pct("b")}%)`,
    `  undecided ${stats.wins.none} (${pct("none")}%)`,
    `Rounds to decision: mean ${stats.rounds.mean.toFixed(2)}`,
  ];
  const rounds = Object.keys(stats.rounds.histogram)
    .map(Number)
    .sort((x, y) => x - y);
  for (const r of rounds.slice(0, 10))
    lines.push(`  ${String(r).padStart(3)}: ${stats.rounds.histogram[r]}`);
  if (rounds.length > 10) lines.push(`  … ${rounds.length - 10} more round counts`);
  const { localize, format } = localizerOf(en);
  const severities = legend?.severities ?? HM3_SEVERITIES;
  const heads = severities.map((s) => (s.labelKey ? localize(s.labelKey) : s.id));
  const width = Math.max(6, ...heads.map((h) => h.length + 1));
  (["a", "b"] as const).forEach((side, i) => {
    const name = legend?.locationNames[i] ?? locationNamer(actors[i]!, localize);
    const byLoc = stats.injuries[side];
    lines.push(
      `${format(DUEL_TEXT.takenBy, { name: names[i]! })}, by location (${heads.join(legend ? ", " : " ")}):`,
    );
    const locs = Object.keys(byLoc).sort((x, y) => name(x).localeCompare(name(y)));
    for (const l of locs) {
      const c = byLoc[l]!;
      lines.push(
        `  ${name(l).padEnd(20)} ${severities.map((s) => String(c[s.id] ?? 0).padStart(width)).join("")}`,
      );
    }
    if (!locs.length) lines.push(`  ${localize(DUEL_TEXT.none)}`);
  });
  return lines.join("\n") + "\n";
}

/**
 * A progress bar written to `out` (a terminal): redrawn at most every 100 ms by `now` (ms),
 * and once at the end, which ends the line.
 */
export function progressBar(
  out: { write(text: string): unknown },
  now: () => number = Date.now,
): (done: number, n: number) => void {
  let last = -Infinity;
  return (done, n) => {
    const t = now();
    if (done !== n && t - last < 100) return;
    last = t;
    const width = 30;
    const filled = n ? Math.round((width * done) / n) : width;
    out.write(
      `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${n}${done === n ? "\n" : ""}`,
    );
  };
}

/**
 * Runs the command; `read` reads a JSON file. Returns the text to print. The progress bar goes
 * to `progress` (default: stderr when it is a terminal, else nowhere).
 */
export function runDuelCommand(
  args: readonly string[],
  read: (file: string) => unknown,
  progress: ((done: number, n: number) => void) | null = process.stderr.isTTY === true
    ? progressBar(process.stderr)
    : null,
): string {
  const opts = duelArgs(args);
  const raws = opts.files.map((f) => read(f));
  if (raws.some(isHmzdFighterFile)) {
    checkHmzdPair(raws, opts);
    return runHmzdDuelCommand(opts, raws, progress);
  }
  // Two actor documents: hmzd when both carry their own zone-die blocks (an hmzd actor is also
  // an HM3 one, Z43); else as `fight` chooses, or `--ruleset`.
  const ruleset =
    opts.ruleset === null && raws.every((raw) => actorOwnRulesets(raw).includes("hmzd"))
      ? "hmzd"
      : fightRuleset(raws[0], raws[1], opts.files, opts.ruleset ?? undefined, [
          "hm3",
          "m2m",
          "hmzd",
        ]);
  if (ruleset !== "hm3" && opts.options !== null)
    throw new InputError("--options", opts.options, `only for hm3 duels (these are ${ruleset})`);
  if (ruleset === "hmzd") return runHmzdDuelCommand(opts, raws, progress);
  if (ruleset === "m2m") return runM2mDuelCommand(opts, raws, progress);
  const [a, b] = opts.files.map((f, i) => loadFighter(raws[i], f)) as [ActorSource, ActorSource];
  const rules =
    opts.options === null
      ? undefined
      : readHm3Rules(duelOptionsOf(opts.options, read), "--options");
  const stats = runDuels(
    { actor: a },
    { actor: b },
    opts.n,
    opts.seed,
    progress ?? undefined,
    rules,
  );
  if (opts.svg) {
    try {
      writeFileSync(opts.svg, duelPlotSvg(stats, { a: a.name, b: b.name }, { actors: { a, b } }));
    } catch (e) {
      throw new InputError("--svg", opts.svg, `cannot write the file (${fileErrorText(e)})`);
    }
  }
  return opts.json
    ? JSON.stringify(stats, null, 2) + "\n"
    : duelSummary(stats, [a.name, b.name], [a, b]);
}

/**
 * `--options`: JSON text when it starts with `{` or `[`, else the name of a JSON file (`read`).
 * Bad JSON is an input error naming `--options`.
 */
export function duelOptionsOf(text: string, read: (file: string) => unknown): unknown {
  const t = text.trim();
  if (!t.startsWith("{") && !t.startsWith("[")) return read(text);
  try {
    return JSON.parse(t) as unknown;
  } catch (e) {
    throw new InputError(
      "--options",
      text,
      `is not JSON (${e instanceof Error ? e.message : String(e)}): expected {"id": true, …}, ["id", …] or a file`,
    );
  }
}

/**
 * When one file is an hmzd fighter file (`"ruleset": "hmzd"`), the other is one too or an actor
 * document with zone-die blocks of its own (`actorOwnRulesets`); else an InputError naming the
 * other file.
 */
function checkHmzdPair(raws: unknown[], opts: DuelArgs): void {
  const i = raws.findIndex(
    (raw) => !isHmzdFighterFile(raw) && !actorOwnRulesets(raw).includes("hmzd"),
  );
  if (i < 0) return;
  const why =
    opts.ruleset === "hmzd"
      ? "--ruleset hmzd"
      : `${opts.files[1 - i]} is an hmzd fighter file, and both fighters must be made for one ruleset`;
  throw new InputError(
    `${opts.files[i]}: ruleset`,
    (raws[i] as { ruleset?: unknown } | null)?.ruleset,
    `expected "hmzd" (${why})`,
  );
}

/** The m2m duels of `runDuelCommand`. */
function runM2mDuelCommand(
  opts: DuelArgs,
  raws: unknown[],
  progress: ((done: number, n: number) => void) | null,
): string {
  const [a, b] = opts.files.map((f, i) => loadM2mFighter(raws[i], f)) as [
    M2mDuelFighter,
    M2mDuelFighter,
  ];
  const stats = runM2mDuels(a, b, opts.n, opts.seed, progress ?? undefined);
  const name = m2mLocationName(localizerOf(en).localize);
  return duelOutput(opts, stats, [a.name, b.name], {
    severities: M2M_SEVERITIES,
    locationNames: [name, name],
  });
}

/**
 * What a run of duels prints with its legend (the m2m and hmzd duels): `--svg` writes the plot,
 * `--json` the counts, else the summary.
 */
export function duelOutput(
  opts: DuelArgs,
  stats: DuelStats,
  names: [string, string],
  legend: DuelLegend,
): string {
  if (opts.svg) {
    const [a, b] = legend.locationNames;
    try {
      writeFileSync(
        opts.svg,
        duelPlotSvg(
          stats,
          { a: names[0], b: names[1] },
          { severities: legend.severities, locationNames: { a, b } },
        ),
      );
    } catch (e) {
      throw new InputError("--svg", opts.svg, `cannot write the file (${fileErrorText(e)})`);
    }
  }
  return opts.json
    ? JSON.stringify(stats, null, 2) + "\n"
    : duelSummary(stats, names, [null, null], legend);
}
