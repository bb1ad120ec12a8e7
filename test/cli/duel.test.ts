/**
 * `cli duel A B [--n N] [--seed S] [--svg FILE] [--json]` (src/cli/duel.ts, docs/duel.md): the
 * summary, the options honoured, no progress bar off a terminal, the bar's throttle, and bad
 * input refused with exit 2 and one line naming the file and field or the argument.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  duelArgs,
  duelSummary,
  loadM2mFighter,
  progressBar,
  runDuelCommand,
} from "../../src/cli/duel";
import { M2M_SEVERITIES, m2mLocationName, runM2mDuels } from "../../src/sim/m2m-duel";
import { localizerOf } from "../../src/foundry/sheets/common";
import en from "../../lang/en.json";
import {
  duelPlotSvg,
  locationNamer,
  runDuels,
  type ActorSource,
  type DuelStats,
} from "../../src/sim/duel";
import { parseXml } from "../sim/xml";

const DIR = "packs/_source/hm3-sample-fighters";
const A = join(DIR, "sir-aldric-knight.json");
const B = join(DIR, "brigand.json");
const load = (f: string) => JSON.parse(readFileSync(f, "utf8")) as ActorSource;
const run = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    encoding: "utf8",
  });
const tmp = () => mkdtempSync(join(tmpdir(), "bbb-duel-"));

describe("cli duel", () => {
  it("prints win rates, rounds to decision and injuries by location and severity", () => {
    const out = run("duel", A, B, "--n", "20", "--seed", "4");
    expect(out.status).toBe(0);
    const stats = runDuels({ actor: load(A) }, { actor: load(B) }, 20, 4);
    expect(out.stdout).toBe(duelSummary(stats, ["Sir Aldric, knight", "Brigand"]));
    expect(out.stdout).toMatch(/^20 duels: Sir Aldric, knight vs Brigand\n/);
    expect(out.stdout).toContain(
      `  Sir Aldric, knight wins ${stats.wins.a} (${((100 * stats.wins.a) / 20).toFixed(1)}%)`,
    );
    expect(out.stdout).toContain(`Rounds to decision: mean ${stats.rounds.mean.toFixed(2)}`);
    // Whose injuries each list counts, each location by its name (not its id).
    const takenA = out.stdout.indexOf(
      "Injuries taken by Sir Aldric, knight, by location (M S G K):\n",
    );
    const takenB = out.stdout.indexOf("Injuries taken by Brigand, by location (M S G K):\n");
    expect(takenA).toBeGreaterThan(0);
    expect(takenB).toBeGreaterThan(takenA);
    const [loc, bySev] = Object.entries(stats.injuries.b)[0]!;
    const name = locationNamer(null)(loc);
    expect(name).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)*$/);
    expect(out.stdout.slice(takenB)).toMatch(
      new RegExp(`\\n  ${name} +${["M", "S", "G", "K"].map((s) => bySev[s] ?? 0).join(" +")}\\n`),
    );
    expect(out.stdout).not.toMatch(/\n {2}[a-z]+-[a-z-]+ /);
    // Not a terminal: no progress bar, nothing on stderr.
    expect(out.stderr).toBe("");
  });

  it("--json prints the counts, --svg writes the plot, --n and --seed are honoured", () => {
    const svg = join(tmp(), "plot.svg");
    const out = run("duel", A, B, "--n", "12", "--seed", "8", "--json", "--svg", svg);
    expect(out.status).toBe(0);
    const stats = JSON.parse(out.stdout) as DuelStats;
    expect(stats.n).toBe(12);
    expect(stats).toEqual(runDuels({ actor: load(A) }, { actor: load(B) }, 12, 8));
    const plot = readFileSync(svg, "utf8");
    expect(plot).toBe(duelPlotSvg(stats, { a: "Sir Aldric, knight", b: "Brigand" }));
    expect(parseXml(plot).name).toBe("svg");
    // Another seed, another run.
    const other = runDuelCommand([A, B, "--n", "12", "--seed", "9", "--json"], load, null);
    expect(other).not.toBe(out.stdout);
  });

  it("draws a progress bar at most every 100 ms, and at the end", () => {
    let clock = 0;
    const written: string[] = [];
    const bar = progressBar({ write: (t: string) => written.push(t) }, () => clock);
    for (let done = 1; done <= 10; done++) {
      clock += 30;
      bar(done, 10);
    }
    // Drawn at 30 ms (first), 150, 270 (≥ 100 ms apart), and at the end (10/10).
    expect(written.map((w) => w.match(/\d+\/10/)![0])).toEqual(["1/10", "5/10", "9/10", "10/10"]);
    expect(written.at(-1)).toBe(`\r[${"#".repeat(30)}] 10/10\n`);
    expect(written[1]).toBe(`\r[${"#".repeat(15)}${"-".repeat(15)}] 5/10`);
  });

  it("reads its arguments, naming a bad one (the rule of src/cli/args.ts)", () => {
    expect(duelArgs([A, B])).toEqual({
      files: [A, B],
      n: 1000,
      seed: 1,
      svg: null,
      json: false,
      ruleset: null,
      options: null,
    });
    expect(duelArgs([A, "--n", "1000000", B, "--seed=7", "--json", "--ruleset", "m2m"])).toEqual({
      files: [A, B],
      n: 1_000_000,
      seed: 7,
      svg: null,
      json: true,
      ruleset: "m2m",
      options: null,
    });
    expect(() => duelArgs([A, B, "--ruleset", "rq3"])).toThrow("--ruleset");
    const range = "expected a whole number from 1 to 1000000";
    expect(() => duelArgs([A, B, "--n", "0"])).toThrow(`--n: ${range}, got "0"`);
    expect(() => duelArgs([A, B, "--n", "ten"])).toThrow(`--n: ${range}, got "ten"`);
    // A bound on N (issue 14 §4): 1e12 duels would run for years.
    expect(() => duelArgs([A, B, "--n", "1e12"])).toThrow(`--n: ${range}, got "1e12"`);
    expect(() => duelArgs([A, B, "--n", "1000001"])).toThrow(`--n: ${range}, got "1000001"`);
    expect(() => duelArgs([A, B, "--seed", "-1"])).toThrow(
      '--seed: expected a whole number from 0 to 4294967295, got "-1"',
    );
    expect(() => duelArgs([A, B, "--svg"])).toThrow(
      "--svg: expected the name of a file to write, got nothing",
    );
    expect(() => duelArgs([A])).toThrow(`duel: expected two actor FILEs A B, got ["${A}"]`);
    expect(() => duelArgs([A, B, "--fast"])).toThrow(
      '--fast: unknown option for duel (its options: --n, --seed, --svg, --json, --ruleset, --options), got "--fast"',
    );
  });

  it("refuses a malformed fighter file with exit 2 and one line naming the file and field", () => {
    const dir = tmp();
    const knight = load(A);
    const cases: [string, unknown, RegExp][] = [
      [
        "type.json",
        { ...knight, type: "vehicle" },
        /type\.json: type: expected character or creature/,
      ],
      ["nohm3.json", { ...knight, system: {} }, /nohm3\.json: system\.hm3: /],
      ["items.json", { ...knight, items: "none" }, /items\.json: items: expected a list of items/],
      [
        "noid.json",
        { ...knight, items: [{ ...knight.items[0]!, _id: undefined }] },
        /noid\.json: items\[0\]\._id: /,
      ],
      [
        "unarmed.json",
        { ...knight, items: knight.items.filter((i) => i.type !== "weapon") },
        /unarmed\.json: items: no weapon to attack with/,
      ],
    ];
    // In process for each field; through the command line for the exit code and the one line.
    for (const [file, actor, message] of cases) {
      const read = (f: string) => (f === file ? actor : load(f));
      expect(() => runDuelCommand([A, file, "--n", "2"], read, null), file).toThrow(message);
    }
    writeFileSync(join(dir, "type.json"), JSON.stringify(cases[0]![1]));
    const out = run("duel", A, join(dir, "type.json"), "--n", "2");
    expect([out.status, out.stdout]).toEqual([2, ""]);
    expect(out.stderr).toMatch(
      /^error: \S*type\.json: type: expected character or creature, got "vehicle"\n$/,
    );
    writeFileSync(join(dir, "broken.json"), "{ not json");
    const broken = run("duel", join(dir, "broken.json"), B);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(/^error: .*broken\.json: not valid JSON/);
    const badN = run("duel", A, B, "--n", "x");
    expect([badN.status, badN.stderr]).toEqual([
      2,
      'error: --n: expected a whole number from 1 to 1000000, got "x"\n',
    ]);
  });
});

describe("cli duel with m2m actors", () => {
  const M2M = "packs/_source/m2m-sample-fighters";
  const F = join(M2M, "fiendish-friedrick.json");
  const P = join(M2M, "filthy-pierre.json");
  const fighters = () => [loadM2mFighter(load(F), F), loadM2mFighter(load(P), P)] as const;

  it("plays m2m duels: the summary names severities and locations as the m2m sheets do", () => {
    const out = run("duel", F, P, "--n", "20", "--seed", "4");
    expect(out.status).toBe(0);
    const [f, p] = fighters();
    const stats = runM2mDuels(f, p, 20, 4);
    const name = m2mLocationName(localizerOf(en).localize);
    expect(out.stdout).toBe(
      duelSummary(stats, ["Fiendish Friedrick", "Filthy Pierre"], [null, null], {
        severities: M2M_SEVERITIES,
        locationNames: [name, name],
      }),
    );
    expect(out.stdout).toMatch(/^20 duels: Fiendish Friedrick vs Filthy Pierre\n/);
    expect(out.stdout).toContain(
      "Injuries taken by Filthy Pierre, by location (wound, major wound):\n",
    );
    const torso = stats.injuries.b.torso!;
    expect(out.stdout).toMatch(
      new RegExp(`\\n  torso +${torso.wound ?? 0} +${torso.major ?? 0}\\n`),
    );
    expect(out.stderr).toBe("");
  });

  it("--json prints the counts, --svg writes the plot, the progress bar counts every duel", () => {
    const svg = join(tmp(), "m2m.svg");
    const out = run("duel", F, P, "--n", "12", "--seed", "8", "--json", "--svg", svg);
    expect(out.status).toBe(0);
    const stats = JSON.parse(out.stdout) as DuelStats;
    const [f, p] = fighters();
    expect(stats).toEqual(runM2mDuels(f, p, 12, 8));
    const plot = parseXml(readFileSync(svg, "utf8"));
    const all = (e: ReturnType<typeof parseXml>): ReturnType<typeof parseXml>[] => [
      e,
      ...e.children.flatMap(all),
    ];
    const bars = all(plot).filter((e) => e.attrs.class === "bar");
    expect(bars.length).toBeGreaterThan(0);
    for (const b of bars) expect(["wound", "major"]).toContain(b.attrs["data-severity"]);
    const labels = all(plot)
      .filter((e) => e.attrs.class === "location")
      .map((e) => e.text);
    expect(labels).toContain("torso");
    const seen: number[] = [];
    runDuelCommand([F, P, "--n", "5"], load, (done) => seen.push(done));
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses a fighter without a weapon and a pair made for two rulesets, naming the file", () => {
    const doc = load(P) as ActorSource;
    doc.items = doc.items.filter((i) => i.type !== "weapon");
    const file = join(tmp(), "unarmed.json");
    writeFileSync(file, JSON.stringify(doc));
    const out = run("duel", F, file, "--n", "2");
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(new RegExp(`^error: ${file}: items.*no ready hand weapon`));
    const mixed = run("duel", F, B, "--n", "2");
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toContain("both fighters must be made for one ruleset");
  });
});
