/**
 * `cli duel` with hmzd fighter files (src/cli/hmzd-duel.ts, docs/duel.md "HârnMaster zone-die
 * duels"): the summary with the injury bands and the locations' names, `--json` and `--svg`,
 * `--ruleset hmzd`, and bad files refused with exit 2 naming the file and field.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { duelSummary, runDuelCommand } from "../../src/cli/duel";
import { hmzdLocationName, loadHmzdFighter } from "../../src/cli/hmzd-duel";
import { localizerOf } from "../../src/foundry/sheets/common";
import { duelPlotSvg, type DuelStats } from "../../src/sim/duel";
import { HMZD_SEVERITIES, runHmzdDuels } from "../../src/sim/hmzd-duel";
import en from "../../lang/en.json";
import { allElements, parseXml } from "../sim/xml";

const K = "examples/hmzd/knight.json";
const B = "examples/hmzd/brigand.json";
const HM3 = "packs/_source/hm3-sample-fighters/brigand.json";
const json = (f: string) => JSON.parse(readFileSync(f, "utf8")) as Record<string, unknown>;
const sides = () => [loadHmzdFighter(json(K), K), loadHmzdFighter(json(B), B)] as const;
const run = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    encoding: "utf8",
  });
const name = hmzdLocationName(localizerOf(en).localize);

describe("cli duel with hmzd fighters", () => {
  it("names locations as the sheets do, the pelvis too", () => {
    expect(name("left-shoulder")).toBe("Left Shoulder");
    expect(name("right-upper-arm")).toBe("Right Upper Arm");
    expect(name("pelvis")).toBe("Pelvis");
    expect(name("skull")).toBe("Skull");
    expect(name("left-wing")).toBe("Left wing");
  });

  it("prints win rates, rounds and injuries by location and band (M1 … G5)", () => {
    const out = run("duel", K, B, "--n", "30", "--seed", "4");
    expect([out.status, out.stderr]).toEqual([0, ""]);
    const [k, b] = sides();
    const stats = runHmzdDuels(k, b, 30, 4);
    expect(out.stdout).toBe(
      duelSummary(stats, ["Sir Aldric, knight", "Brigand"], [null, null], {
        severities: HMZD_SEVERITIES,
        locationNames: [name, name],
      }),
    );
    expect(out.stdout).toMatch(/^30 duels: Sir Aldric, knight vs Brigand\n/);
    expect(out.stdout).toContain("Injuries taken by Brigand, by location (M1, S2, S3, G4, G5):\n");
    const [loc, bands] = Object.entries(stats.injuries.b)[0]!;
    expect(out.stdout).toMatch(
      new RegExp(
        `\\n  ${name(loc)} +${HMZD_SEVERITIES.map((s) => bands[s.id] ?? 0).join(" +")}\\n`,
      ),
    );
    expect(out.stdout).not.toMatch(/\n {2}(left|right)-/);
  });

  it("--json prints the counts, --svg writes the plot, --ruleset hmzd is accepted", () => {
    const svg = join(mkdtempSync(join(tmpdir(), "bbb-zd-")), "zd.svg");
    const out = run(
      "duel",
      K,
      B,
      "--n",
      "12",
      "--seed",
      "8",
      "--json",
      "--svg",
      svg,
      "--ruleset",
      "hmzd",
    );
    expect(out.status).toBe(0);
    const stats = JSON.parse(out.stdout) as DuelStats;
    const [k, b] = sides();
    expect(stats).toEqual(runHmzdDuels(k, b, 12, 8));
    const text = readFileSync(svg, "utf8");
    expect(text).toBe(
      duelPlotSvg(
        stats,
        { a: "Sir Aldric, knight", b: "Brigand" },
        { severities: HMZD_SEVERITIES, locationNames: { a: name, b: name } },
      ),
    );
    const bars = allElements(parseXml(text)).filter((e) => e.attrs.class === "bar");
    expect(bars.length).toBeGreaterThan(0);
    for (const bar of bars)
      expect(["M1", "S2", "S3", "G4", "G5"]).toContain(bar.attrs["data-severity"]);
    const seen: number[] = [];
    runDuelCommand([K, B, "--n", "4"], json, (done) => seen.push(done));
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it("refuses a bad hmzd file, or an hmzd file against another ruleset's, naming the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "bbb-zd-"));
    const bad = join(dir, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify({
        ...json(B),
        weapons: [{ ...(json(B).weapons as object[])[0], zoneDie: 0 }],
      }),
    );
    const out = run("duel", K, bad, "--n", "2");
    expect([out.status, out.stdout]).toEqual([2, ""]);
    expect(out.stderr).toMatch(
      new RegExp(`^error: ${bad}: weapons\\[0\\]\\.zoneDie: .*, got 0\n$`),
    );
    // A file without a name is named after the file.
    const unnamed = { ...json(B), name: undefined };
    expect(loadHmzdFighter(unnamed, "fighters/bob.json").fighter.name).toBe("bob");
    const mixed = run("duel", K, HM3, "--n", "2");
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toMatch(
      new RegExp(`^error: ${HM3}: ruleset: expected "hmzd" \\(${K} is an hmzd fighter file`),
    );
    expect(() => runDuelCommand([HM3, B, "--ruleset", "hmzd"], json, null)).toThrow(
      `${HM3}: ruleset: expected "hmzd" (--ruleset hmzd), got nothing`,
    );
  });
});
