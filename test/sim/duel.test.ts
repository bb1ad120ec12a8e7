/**
 * Duels (src/sim/duel.ts, docs/duel.md, ruling R39) between the sample fighters of the HM3
 * pack: deterministic for a seed, ending with a loser out of the fight (or undecided), every
 * exchange a resolved card that replays to its result, injuries carried into the next
 * exchange, counts that add up, and a well-formed SVG plot with escaped names.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SeededDice } from "../../src/core/dice";
import { replayExchange } from "../../src/core/flow";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { hm3, hm3Combat } from "../../src/rules/hm3";
import {
  createDuel,
  duelPlotSvg,
  runDuel,
  runDuels,
  type ActorSource,
  type DuelStats,
} from "../../src/sim/duel";
import { duelArgs, duelSummary } from "../../src/cli/duel";

const DIR = "packs/_source/hm3-sample-fighters";
const load = (f: string): ActorSource =>
  JSON.parse(readFileSync(join(DIR, `${f}.json`), "utf8")) as ActorSource;
const knight = { actor: load("sir-aldric-knight") };
const brigand = { actor: load("brigand") };
const dog = { actor: load("war-dog") };
const EVIL = "<img src=x onerror=alert(1)>";

describe("one duel", () => {
  it("is the same for the same seed, and ends with a loser out of the fight or undecided", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const r = runDuel(knight, brigand, new SeededDice(seed));
      expect(runDuel(knight, brigand, new SeededDice(seed))).toEqual(r);
      expect(["incapacitated", "dead", "maxRounds", "both"]).toContain(r.end);
      if (r.winner) {
        const loserName = r.winner === "a" ? "Brigand" : "Sir Aldric, knight";
        const last = r.exchanges.at(-1)!.card;
        expect([last.attacker.name, last.defender.name]).toContain(loserName);
        const effects = last.result!.effects as { type: string; condition?: string }[];
        expect(
          effects.some(
            (e) =>
              e.type === "condition" && hm3Combat.incapacitating.includes(e.condition as never),
          ),
        ).toBe(true);
      }
    }
  });

  it("every exchange is a resolved card whose declaration, choices and dice replay to its result", () => {
    const r = runDuel(knight, dog, new SeededDice(11));
    expect(r.exchanges.length).toBeGreaterThan(0);
    for (const { card } of r.exchanges) {
      expect(card.state).toBe("resolved");
      expect(replayExchange(hm3, card).result).toEqual(card.result);
      expect(card.rolls.map((x) => x.name)).toContain("attack");
    }
  });

  it("injuries stay with the victim: its penalty rises for the next exchange", () => {
    const duel = createDuel(knight, brigand);
    const dice = new SeededDice(5);
    const before = fighterFromSource(duel.sides.b.actor);
    const seen: number[] = [];
    while (!duel.done) {
      const entry = duel.next(dice);
      if (!entry) break;
      seen.push(duel.sides.b.actor.items.filter((i) => i.type === "injury").length);
    }
    const injuriesOnB = duel.result().injuries.filter((i) => i.side === "b");
    expect(duel.sides.b.actor.items.filter((i) => i.type === "injury")).toHaveLength(
      injuriesOnB.length,
    );
    if (injuriesOnB.length) {
      const after = fighterFromSource(duel.sides.b.actor);
      const up = (s: ReturnType<typeof fighterFromSource>) => (s.derived as { up: number }).up;
      expect(up(after)).toBeGreaterThan(up(before));
    }
    // The fighters given are not changed.
    expect(brigand.actor.items.some((i) => i.type === "injury")).toBe(false);
    expect(seen.length).toBe(duel.result().exchanges.length);
  });

  it("once a fighter is out, nobody attacks again: next() gives nothing", () => {
    for (const seed of [21, 22, 23, 24]) {
      const duel = createDuel(knight, brigand);
      const dice = new SeededDice(seed);
      while (!duel.done) duel.next(dice);
      const count = duel.result().exchanges.length;
      expect(duel.next(dice)).toBeNull();
      expect(duel.result().exchanges).toHaveLength(count);
      const r = duel.result();
      if (r.winner) {
        const loser = duel.sides[r.winner === "a" ? "b" : "a"];
        expect(loser.conditions.some((c) => hm3Combat.incapacitating.includes(c as never))).toBe(
          true,
        );
      }
    }
  });

  it("the higher Initiative EML attacks first (hm3.md §2)", () => {
    const r = runDuel(knight, dog, new SeededDice(3));
    const ini = (x: { actor: ActorSource }) => hm3Combat.initiative(fighterFromSource(x.actor));
    expect(r.exchanges[0]!.attacker).toBe(ini(dog) > ini(knight) ? "b" : "a");
  });
});

describe("many duels", () => {
  it("counts add up: wins to n, histogram to n, injuries to the sum over the duels", () => {
    const n = 40;
    const stats = runDuels(knight, brigand, n, 9);
    expect(stats.wins.a + stats.wins.b + stats.wins.none).toBe(n);
    expect(Object.values(stats.rounds.histogram).reduce((t, c) => t + c, 0)).toBe(n);
    // The same stream, duel by duel.
    const dice = new SeededDice(9);
    let injuries = 0;
    let rounds = 0;
    for (let i = 0; i < n; i++) {
      const r = runDuel(knight, brigand, dice, { keepExchanges: false });
      injuries += r.injuries.length;
      rounds += r.rounds;
    }
    const counted = Object.values(stats.injuries)
      .flatMap((bySeverity) => Object.values(bySeverity))
      .reduce((t, c) => t + c, 0);
    expect(counted).toBe(injuries);
    expect(stats.rounds.mean).toBeCloseTo(rounds / n, 10);
  });

  it("reports progress once per duel", () => {
    const calls: number[] = [];
    runDuels(knight, brigand, 5, 1, (done) => calls.push(done));
    expect(calls).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("the plot (SVG)", () => {
  const stats: DuelStats = {
    n: 10,
    wins: { a: 6, b: 3, none: 1 },
    rounds: { mean: 2, histogram: { 2: 10 } },
    injuries: { thorax: { M: 2, S: 1 }, "left-foreleg": { G: 1, K: 1 } },
  };

  it("is well-formed, one bar per location and severity struck, names escaped", () => {
    const svg = duelPlotSvg(stats, { a: `Sir ${EVIL}`, b: "Brigand & Co" });
    expect(svg).not.toContain("<img");
    expect(svg).toContain("Sir &lt;img src=x onerror=alert(1)&gt;");
    expect(svg).toContain("Brigand &amp; Co");
    const bars = [
      ...svg.matchAll(
        /<rect class="bar" data-location="([^"]+)" data-severity="(\w)" data-count="(\d+)"/g,
      ),
    ];
    expect(bars.map((m) => [m[1], m[2], Number(m[3])]).sort()).toEqual(
      [
        ["left-foreleg", "G", 1],
        ["left-foreleg", "K", 1],
        ["thorax", "M", 2],
        ["thorax", "S", 1],
      ].sort(),
    );
    // Balanced tags (a well-formed document).
    const open = (svg.match(/<(svg|text|title)\b/g) ?? []).length;
    const close = (svg.match(/<\/(svg|text|title)>/g) ?? []).length;
    expect(open).toBe(close);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain("60.0%");
  });
});

describe("cli duel", () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
      encoding: "utf8",
    });
  const a = join(DIR, "sir-aldric-knight.json");
  const b = join(DIR, "brigand.json");

  it("prints win rates, rounds and injuries; --json the counts; --svg the plot", () => {
    const text = run("duel", a, b, "--n", "20", "--seed", "4");
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^20 duels: Sir Aldric, knight vs Brigand\n/);
    expect(text.stdout).toMatch(/Sir Aldric, knight wins \d+ \(\d+\.\d%\)/);
    expect(text.stdout).toContain("Rounds to decision: mean");
    expect(text.stdout).toContain("Injuries by location (M S G K):");
    // No progress bar when stderr is not a terminal.
    expect(text.stderr).not.toContain("[#");
    const svgFile = join(mkdtempSync(join(tmpdir(), "bbb-duel-")), "plot.svg");
    const json = run("duel", a, b, "--n", "20", "--seed", "4", "--json", "--svg", svgFile);
    const stats = JSON.parse(json.stdout) as DuelStats;
    expect(stats).toEqual(runDuels({ actor: load("sir-aldric-knight") }, brigand, 20, 4));
    expect(text.stdout).toBe(duelSummary(stats, ["Sir Aldric, knight", "Brigand"]));
    expect(readFileSync(svgFile, "utf8")).toBe(
      duelPlotSvg(stats, { a: "Sir Aldric, knight", b: "Brigand" }),
    );
  });

  it("refuses bad input naming the argument or the file's field", () => {
    expect(() => duelArgs([a, b, "--n", "0"])).toThrow(/--n/);
    expect(() => duelArgs([a])).toThrow(/files/);
    expect(() => duelArgs([a, b, "--fast"])).toThrow(/--fast/);
    const bad = run("duel", a, "package.json", "--n", "2");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/package\.json: type/);
  });
});
