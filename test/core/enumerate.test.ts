/**
 * The exact enumerator of dice paths (src/core/enumerate.ts, issue 19) and the class hint that
 * `RecordingDice`, `ScriptedDice`, `rollOne` and `rollTotal` pass through to the dice they wrap.
 */
import { describe, expect, it } from "vitest";
import {
  RecordingDice,
  rollOne,
  rollTotal,
  ScriptedDice,
  SeededDice,
  sum,
  type Dice,
  type RollClassifier,
} from "../../src/core/dice";
import { enumerateDice, totalWays } from "../../src/core/enumerate";

const above: RollClassifier = (t, target) => t > target;
const identity: RollClassifier = (t) => t;

/** Exact probabilities by key, from an enumeration. */
function distribution<R>(run: (d: Dice) => R, key: (r: R) => string, ignore?: RegExp) {
  const out = new Map<string, number>();
  const stats = enumerateDice(
    run,
    (r, p) => out.set(key(r), (out.get(key(r)) ?? 0) + p),
    ignore ? { ignoreHints: (n) => ignore.test(n) } : {},
  );
  return { out, paths: stats.paths };
}

describe("enumerateDice", () => {
  it("ways of N dice: 3d6 makes 10 in 27 ways of 216, 2d10 makes 11 in 10 of 100", () => {
    expect(totalWays(3, 6)[10]).toBe(27);
    expect(totalWays(3, 6).reduce((a, b) => a + b, 0)).toBe(216);
    expect(totalWays(2, 10)[11]).toBe(10);
  });

  it("a roll without a hint branches on every face: 2d6 is 36 paths of 1/36", () => {
    const { out, paths } = distribution(
      (d) => d.roll("x", 2, 6).join(","),
      (r) => r,
    );
    expect(paths).toBe(36);
    expect(out.get("1,6")).toBe(1 / 36);
    expect(out.get("6,1")).toBe(1 / 36);
  });

  it("a total hint branches by total with its ways: 3d6 is 16 paths; a class hint by class", () => {
    const byTotal = distribution(
      (d) => sum(d.roll("x", 3, 6, identity)),
      (r) => String(r),
    );
    expect(byTotal.paths).toBe(16);
    expect(byTotal.out.get("10")).toBe(27 / 216);
    expect(byTotal.out.get("18")).toBe(1 / 216);
    // 3d6 above 12: 56 of 216 (totals 13-18), two branches.
    const byClass = distribution(
      (d) => sum(d.roll("x", 3, 6, above, 12)) > 12,
      (r) => String(r),
    );
    expect(byClass.paths).toBe(2);
    expect(byClass.out.get("true")).toBe(56 / 216);
    expect(byClass.out.get("false")).toBe(160 / 216);
  });

  it("later rolls depend on earlier ones; the probabilities of all paths sum to 1", () => {
    // A d4 decides how many d6 follow; the total of those d6 is what is read.
    const run = (d: Dice) => {
      const n = d.roll("n", 1, 4)[0]!;
      return sum(d.roll("dice", n, 6, identity));
    };
    const { out, paths } = distribution(run, (r) => String(r));
    // 6 + 11 + 16 + 21 totals.
    expect(paths).toBe(54);
    const total = [...out.values()].reduce((a, b) => a + b, 0);
    expect(Math.abs(total - 1)).toBeLessThan(1e-15);
    // P(total 1) = P(n=1) × 1/6.
    expect(out.get("1")).toBe(1 / 24);
    // The same with the hint ignored: every face, the same distribution.
    const full = distribution(run, (r) => String(r), /^dice$/);
    expect(full.paths).toBe(6 + 36 + 216 + 1296);
    for (const [k, v] of out) expect(Math.abs(full.out.get(k)! - v)).toBeLessThan(1e-15);
  });

  it("refuses a run that is not deterministic, and a huge roll without a hint", () => {
    let flip = 0;
    expect(() =>
      enumerateDice(
        (d) => {
          d.roll("a", 1, 2);
          return d.roll(flip++ % 2 ? "b" : "c", 1, 2);
        },
        () => {},
      ),
    ).toThrow(/not deterministic/);
    expect(() =>
      enumerateDice(
        (d) => d.roll("big", 7, 6),
        () => {},
      ),
    ).toThrow(/"big" \(7d6\) has 279936 faces and no class hint/);
    expect(() =>
      enumerateDice(
        (d) => d.roll("x", 1, 100),
        () => {},
        { maxPaths: 50 },
      ),
    ).toThrow(/more than 50 paths/);
  });
});

describe("the class hint passes through the dice that wrap others", () => {
  function spy() {
    const seen: { name: string; classOf?: RollClassifier; arg?: number }[] = [];
    const inner: Dice = {
      roll(name, count, _sides, classOf, arg) {
        seen.push({ name, classOf, arg });
        return new Array<number>(count).fill(1);
      },
    };
    return { seen, inner };
  }

  it("RecordingDice (roll, one, total), rollOne, rollTotal, ScriptedDice's fallback", () => {
    const { seen, inner } = spy();
    const rec = new RecordingDice(new ScriptedDice({ given: 3 }, inner));
    rec.roll("a", 2, 6, above, 7);
    rollOne(rec, "b", 100, identity, 5);
    rollTotal(rec, "c", 3, 6, above, 9);
    rollOne(new ScriptedDice({}, inner), "d", 10, identity, 2);
    rollTotal(new ScriptedDice({}, inner), "e", 2, 6, above, 4);
    // A scripted roll never reaches the fallback.
    rec.roll("given", 1, 6, above, 1);
    expect(seen.map((s) => [s.name, s.classOf, s.arg])).toEqual([
      ["a", above, 7],
      ["b", identity, 5],
      ["c", above, 9],
      ["d", identity, 2],
      ["e", above, 4],
    ]);
    expect(rec.records.map((r) => r.name)).toEqual(["a", "b", "c", "given"]);
  });

  it("seeded dice ignore the hint: the same faces with or without it", () => {
    const a: Dice = new SeededDice(7);
    const b = new SeededDice(7);
    for (let i = 0; i < 50; i++) expect(a.roll("x", 3, 6, above, 10)).toEqual(b.roll("x", 3, 6));
  });
});
