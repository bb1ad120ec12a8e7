import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import {
  RecordingDice,
  replayDice,
  rollOne,
  rollTotal,
  ScriptedDice,
  SeededDice,
  sum,
} from "../../src/core/dice";

describe("SeededDice", () => {
  it("gives the same rolls for the same seed and different rolls for another seed", () => {
    const a = new SeededDice(42);
    const b = new SeededDice(42);
    const c = new SeededDice(43);
    const ra = a.roll("x", 50, 100);
    expect(b.roll("x", 50, 100)).toEqual(ra);
    expect(c.roll("x", 50, 100)).not.toEqual(ra);
  });

  it("rolls every face of a d6 and a d100, and only those faces", () => {
    const d = new SeededDice(7);
    const six = new Map<number, number>();
    for (const v of d.roll("d6", 60_000, 6)) six.set(v, (six.get(v) ?? 0) + 1);
    expect([...six.keys()].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
    // Each face within 5% of the expected 10,000 (a 12-sigma band: fails only on a broken generator).
    for (const n of six.values()) expect(Math.abs(n - 10_000)).toBeLessThan(500);
    const hundred = new Set(d.roll("d100", 20_000, 100));
    expect(hundred.size).toBe(100);
    expect(Math.min(...hundred)).toBe(1);
    expect(Math.max(...hundred)).toBe(100);
  });

  it("refuses bad roll shapes and seeds", () => {
    const d = new SeededDice(1);
    expect(() => d.roll("x", -1, 6)).toThrow(/count/);
    expect(() => d.roll("x", 1.5, 6)).toThrow(/count/);
    expect(() => d.roll("x", 1, 0)).toThrow(/sides/);
    expect(() => d.roll("", 1, 6)).toThrow(/name/);
    expect(() => new SeededDice(Number.NaN)).toThrow(/Seed/);
  });
});

describe("ScriptedDice", () => {
  it("answers scripted names and falls back to the seed for the others", () => {
    const fallback = new SeededDice(9);
    const expected = new SeededDice(9).roll("location", 1, 100);
    const d = new ScriptedDice({ attack: 35, impact: [4, 6] }, fallback);
    expect(d.roll("attack", 1, 100)).toEqual([35]);
    expect(d.roll("impact", 2, 6)).toEqual([4, 6]);
    expect(d.roll("location", 1, 100)).toEqual(expected);
  });

  it("names the roll when a scripted value does not fit", () => {
    const d = new ScriptedDice({ impact: [4, 6], attack: 101, shock: [0] }, new SeededDice(1));
    expect(() => d.roll("impact", 3, 6)).toThrow(InputError);
    expect(() => d.roll("impact", 3, 6)).toThrow("rolls.impact: expected 3 dice (3d6), got [4,6]");
    expect(() => d.roll("attack", 1, 100)).toThrow(
      /rolls\.attack: each die of 1d100 must be a whole number 1\.\.100/,
    );
    expect(() => d.roll("shock", 1, 6)).toThrow(/rolls\.shock/);
  });

  it("takes one number for a multi-die roll as its total, split evenly", () => {
    const d = new ScriptedDice({ attack: 10, location: 7, low: 3, high: 18 }, new SeededDice(1));
    expect(d.roll("attack", 3, 6)).toEqual([4, 3, 3]);
    expect(d.roll("location", 2, 6)).toEqual([4, 3]);
    expect(d.roll("low", 3, 6)).toEqual([1, 1, 1]);
    expect(d.roll("high", 3, 6)).toEqual([6, 6, 6]);
    const bad = new ScriptedDice({ attack: 19, location: 1 }, new SeededDice(1));
    expect(() => bad.roll("attack", 3, 6)).toThrow(
      "rolls.attack: a 3d6 total must be a whole number 3..18, got 19",
    );
    expect(() => bad.roll("location", 2, 6)).toThrow(
      /rolls\.location: a 2d6 total must be a whole number 2\.\.12, got 1/,
    );
  });

  it("reports scripted names no roll used", () => {
    const d = new ScriptedDice({ attack: 5, locaton: 3 }, new SeededDice(1));
    d.roll("attack", 1, 100);
    expect(d.unused()).toEqual(["locaton"]);
  });
});

describe("RecordingDice and replay", () => {
  it("records each roll as plain data and replays it exactly", () => {
    const rec = new RecordingDice(new SeededDice(5));
    const a = rec.roll("attack", 1, 100);
    const i = rec.roll("impact", 3, 6);
    expect(rec.records).toEqual([
      { name: "attack", count: 1, sides: 100, values: a, total: a[0] },
      { name: "impact", count: 3, sides: 6, values: i, total: sum(i) },
    ]);
    expect(JSON.parse(JSON.stringify(rec.records))).toEqual(rec.records);
    const replay = replayDice(rec.records);
    expect(replay.roll("attack", 1, 100)).toEqual(a);
    expect(replay.roll("impact", 3, 6)).toEqual(i);
    expect(() => replay.roll("shock", 2, 6)).toThrow(/not in the recorded rolls/);
  });

  it("continues an exchange's earlier records and keeps their names taken", () => {
    const first = new RecordingDice(new SeededDice(5));
    first.roll("attack", 1, 100);
    const second = new RecordingDice(new SeededDice(6), first.records);
    second.roll("defence", 1, 100);
    expect(second.records.map((r) => r.name)).toEqual(["attack", "defence"]);
    expect(() => second.roll("attack", 1, 100)).toThrow(/twice/);
    expect(first.records).toHaveLength(1);
  });

  it("refuses the same roll name twice in one exchange", () => {
    const rec = new RecordingDice(new SeededDice(5));
    rec.roll("attack", 1, 100);
    expect(() => rec.roll("attack", 1, 100)).toThrow(/twice/);
  });

  it("die() equals the plain rejection-and-remainder rule for every face count 1..200", () => {
    // Reference: draw v (32 bits); redraw while v >= 2^32 - (2^32 mod s); face = (v mod s) + 1.
    for (const seed of [1, 7, 123456]) {
      const fast = new SeededDice(seed);
      const ref = new SeededDice(seed);
      for (let i = 0; i < 20_000; i++) {
        const sides = 1 + (i % 200);
        const limit = 0x100000000 - (0x100000000 % sides);
        let v = ref.next32();
        while (v >= limit) v = ref.next32();
        expect(fast.die(sides)).toBe((v % sides) + 1);
      }
    }
  });

  it("die() redraws exactly the draws at or above the limit (draws scripted around it)", () => {
    // The draws to give, then the generator's own (the constructor draws a few first).
    let queue: number[] = [];
    class Scripted extends SeededDice {
      constructor(draws: number[]) {
        super(1);
        queue = [...draws];
      }
      override next32(): number {
        return queue.shift() ?? super.next32();
      }
    }
    for (const sides of [3, 6, 7, 10, 20, 100, 127, 128, 129, 1000]) {
      const limit = 0x100000000 - (0x100000000 % sides);
      for (const v of [0, 1, 0xffff, 0x10000, 0x7fffffff, 0x80000000, limit - 1]) {
        expect(new Scripted([v]).die(sides), `${sides} faces, draw ${v}`).toBe((v % sides) + 1);
      }
      if (limit < 0x100000000) {
        // At the limit and above: redrawn; the next draw (5) decides.
        for (const v of [limit, limit + 1, 0xffffffff].filter((d) => d <= 0xffffffff))
          expect(new Scripted([v, 5]).die(sides), `${sides} faces, draw ${v}`).toBe(
            (5 % sides) + 1,
          );
      }
    }
  });

  it("rollOne records exactly what roll(name, 1, sides) records, and refuses a name taken", () => {
    const a = new RecordingDice(new SeededDice(9));
    const b = new RecordingDice(new SeededDice(9));
    expect(rollOne(a, "attack", 100)).toBe(b.roll("attack", 1, 100)[0]);
    expect(rollOne(a, "location", 100)).toBe(b.roll("location", 1, 100)[0]);
    expect(a.records).toEqual(b.records);
    expect(() => rollOne(a, "attack", 100)).toThrow(/twice/);
    // Without a recorder it is a plain roll; a scripted inner's array is copied into the record.
    expect(rollOne(new ScriptedDice({ x: 4 }, new SeededDice(1)), "x", 6)).toBe(4);
    const given = [5];
    const inner = { roll: () => given };
    const rec = new RecordingDice(inner);
    expect(rollOne(rec, "y", 6)).toBe(5);
    given[0] = 1;
    expect(rec.records[0]).toEqual({ name: "y", count: 1, sides: 6, values: [5], total: 5 });
  });

  it("a roll that threw keeps its name taken and leaves no record; the caller's array is its own", () => {
    const rec = new RecordingDice(new ScriptedDice({ impact: [7, 1] }, new SeededDice(5)));
    expect(() => rec.roll("impact", 2, 6)).toThrow(InputError);
    expect(rec.records).toEqual([]);
    expect(() => rec.roll("impact", 2, 6)).toThrow(/twice/);
    const got = rec.roll("shock", 3, 6);
    got[0] = 99;
    expect(rec.records[0]!.values).not.toContain(99);
    expect(rec.records[0]!.total).toBe(rec.records[0]!.values.reduce((a, b) => a + b, 0));
  });

  it("rollTotal records exactly what roll records, returns its total, and refuses a name taken", () => {
    const a = new RecordingDice(new SeededDice(9));
    const b = new RecordingDice(new SeededDice(9));
    expect(rollTotal(a, "attack", 3, 6)).toBe(sum(b.roll("attack", 3, 6)));
    expect(rollTotal(a, "damage", 2, 6)).toBe(sum(b.roll("damage", 2, 6)));
    expect(a.records).toEqual(b.records);
    expect(() => rollTotal(a, "attack", 3, 6)).toThrow(/twice/);
    // Another inner Dice: its array is copied into the record; plain dice: the sum of the roll.
    const given = [2, 3, 4];
    const rec = new RecordingDice({ roll: () => given });
    expect(rollTotal(rec, "x", 3, 6)).toBe(9);
    given[0] = 6;
    expect(rec.records[0]).toEqual({ name: "x", count: 3, sides: 6, values: [2, 3, 4], total: 9 });
    expect(rollTotal(new ScriptedDice({ y: [1, 6] }, new SeededDice(1)), "y", 2, 6)).toBe(7);
  });
});
