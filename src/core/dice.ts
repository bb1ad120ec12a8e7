/**
 * Dice for the rules engine.
 *
 * Every roll has a name (`attack`, `defence`, `location`, `impact`, `shock`, …) that is unique
 * within one exchange, so a result can be replayed from its recorded rolls. Implementations:
 *
 * - {@link SeededDice}: a fast seeded generator (sfc32) for simulation and for rolls a script
 *   does not give;
 * - {@link ScriptedDice}: named values given by the caller, falling back to another `Dice` for
 *   the rolls it was not given;
 * - {@link RecordingDice}: wraps any `Dice` and records every roll as plain data.
 *
 * A Foundry-`Roll`-backed implementation lives in the adapter.
 */
import { SEED_RANGE } from "./bounds";
import { InputError } from "./errors";

/**
 * The largest seed: seeds are whole numbers 0..SEED_MAX (2^32 − 1). `SeededDice` reads a seed
 * as 32 bits, so a larger one would only repeat the dice of a smaller one. Every entry point
 * (the CLI's `resolve` input and `--seed` options) checks seeds against this one range.
 */
export const SEED_MAX = SEED_RANGE.max;

/** A seed from input (`field` names it in the error): a whole number 0..SEED_MAX. */
export function readSeed(value: unknown, field = "seed"): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > SEED_MAX)
    throw new InputError(field, value, `expected a whole number from 0 to ${SEED_MAX}`);
  return value;
}

/**
 * What a caller reads of a roll: `classOf(total, arg)` names the class of the roll's total (the
 * sum of its dice; a single die's face). A caller that passes one promises that every roll of the
 * same class leads to the same outcome, the recorded dice aside: the dice's faces are read only
 * through their total, and the total only through its class (`hmTestIndex` for a d100 test,
 * above-or-not for a 3d6 roll against a target, the total itself for impact). Dice that roll at
 * random ignore it; dice that enumerate outcomes (the exact odds, src/core/enumerate.ts) branch
 * once per class instead of once per face. A static function and a number, so the hot path
 * allocates nothing to give it.
 */
export type RollClassifier = (total: number, arg: number) => number | string | boolean;

/** A source of named dice rolls. Returns one value per die, each in 1..sides. */
export interface Dice {
  /** `classOf` and `arg`: an optional hint of what the caller reads ({@link RollClassifier}). */
  roll(
    name: string,
    count: number,
    sides: number,
    classOf?: RollClassifier,
    arg?: number,
  ): number[];
}

/** One roll as it happened: plain serialisable data. */
export interface RollRecord {
  name: string;
  count: number;
  sides: number;
  values: number[];
  total: number;
}

/** The notation of a roll, `3d6`, `1d100`. */
export function notation(count: number, sides: number): string {
  return `${count}d${sides}`;
}

function checkShape(name: string, count: number, sides: number): void {
  if (!name) throw new Error("A roll needs a name.");
  if (!Number.isInteger(count) || count < 0) {
    throw new Error(`Roll "${name}": dice count must be a whole number ≥ 0, got ${count}.`);
  }
  if (!Number.isInteger(sides) || sides < 1) {
    throw new Error(`Roll "${name}": sides must be a whole number ≥ 1, got ${sides}.`);
  }
}

/**
 * The rejection limit of a die of 1..128 faces (index = faces), split in its high and low 16
 * bits: a 32-bit draw at or above the limit, 2^32 − (2^32 mod faces), is redrawn so every face
 * is equally likely. Split so `die` compares and reduces in small integers: on a draw of 2^31 or
 * more, `%` would be a floating-point remainder, the slowest step of a roll.
 */
const FAST_SIDES = 128;
const LIMIT_HI = new Int32Array(FAST_SIDES + 1);
const LIMIT_LO = new Int32Array(FAST_SIDES + 1);
for (let sides = 1; sides <= FAST_SIDES; sides++) {
  const limit = 0x100000000 - (0x100000000 % sides);
  LIMIT_HI[sides] = Math.floor(limit / 0x10000); // 65536 for 2^32: never reached
  LIMIT_LO[sides] = limit % 0x10000;
}

const D6_LIMIT_HI = LIMIT_HI[6]!;
const D6_LIMIT_LO = LIMIT_LO[6]!;

/**
 * sfc32, seeded through splitmix32. Fast (a few ns a die), 128-bit state, and identical
 * on every JavaScript engine, so a seed replays everywhere.
 */
export class SeededDice implements Dice {
  /**
   * The state a, b, c, d in a typed array: plain fields would box every value outside the
   * engine's small integers, an allocation per draw.
   */
  private readonly s = new Int32Array(4);

  constructor(seed: number) {
    if (!Number.isFinite(seed)) throw new Error(`Seed must be a finite number, got ${seed}.`);
    let s = Math.trunc(seed) >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    const st = this.s;
    st[0] = next();
    st[1] = next();
    st[2] = next();
    st[3] = next();
    for (let i = 0; i < 12; i++) this.next32();
  }

  /** The next 32-bit unsigned value. */
  next32(): number {
    const st = this.s;
    const a = st[0]!;
    const b = st[1]!;
    const c = st[2]!;
    const d = st[3]!;
    const t = (((a + b) | 0) + d) | 0;
    st[3] = (d + 1) | 0;
    st[0] = b ^ (b >>> 9);
    st[1] = (c + (c << 3)) | 0;
    st[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /**
   * One die of `sides` faces, without modulo bias: a 32-bit draw v below the rejection limit
   * gives (v mod sides) + 1. Up to 128 faces the draw is taken in 16-bit halves (hi, lo) so
   * every step is a small-integer operation: v mod s = ((hi mod s) · 2^16 + lo) mod s.
   */
  die(sides: number): number {
    if (sides === 6) return this.d6();
    if (sides >= 1 && sides <= FAST_SIDES) {
      const lhi = LIMIT_HI[sides]!;
      const llo = LIMIT_LO[sides]!;
      for (;;) {
        const v = this.next32();
        const hi = v >>> 16;
        const lo = v & 0xffff;
        if (hi < lhi || (hi === lhi && lo < llo)) return (((hi % sides << 16) | lo) % sides) + 1;
      }
    }
    const limit = 0x100000000 - (0x100000000 % sides);
    let v = this.next32();
    while (v >= limit) v = this.next32();
    return (v % sides) + 1;
  }

  /**
   * `die(6)`, the same draws and faces: with the divisor a constant the compiler turns each `%`
   * into a multiplication (issue 17: a d6 is most of GURPS's dice).
   */
  private d6(): number {
    for (;;) {
      const v = this.next32();
      const hi = v >>> 16;
      const lo = v & 0xffff;
      if (hi < D6_LIMIT_HI || (hi === D6_LIMIT_HI && lo < D6_LIMIT_LO))
        return (((hi % 6 << 16) | lo) % 6) + 1;
    }
  }

  roll(name: string, count: number, sides: number): number[] {
    checkShape(name, count, sides);
    // Literals for the common counts: an array grown by `push` from empty takes a backing store
    // of 17 slots, garbage the size of several rolls (issue 17). Dice are drawn left to right.
    if (count === 1) return [this.die(sides)];
    if (count === 2) return [this.die(sides), this.die(sides)];
    if (count === 3) return [this.die(sides), this.die(sides), this.die(sides)];
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push(this.die(sides));
    return out;
  }
}

/**
 * Values a caller gives for named rolls: one number per die, or for a roll of several dice
 * either one number per die or one number for the total.
 */
export type RollScript = Readonly<Record<string, number | readonly number[]>>;

/**
 * Dice that answer named rolls from a script and fall back to another `Dice` for the rest.
 * A scripted value that does not fit the roll (wrong number of dice, a face out of range) is
 * an {@link InputError} naming the roll, never silently changed.
 */
export class ScriptedDice implements Dice {
  private readonly used = new Set<string>();

  constructor(
    private readonly script: RollScript,
    private readonly fallback: Dice,
    /** Prefix for the field named in errors (`rolls.` for the CLI input). */
    private readonly fieldPrefix = "rolls.",
  ) {}

  roll(
    name: string,
    count: number,
    sides: number,
    classOf?: RollClassifier,
    arg?: number,
  ): number[] {
    checkShape(name, count, sides);
    if (!Object.prototype.hasOwnProperty.call(this.script, name)) {
      return this.fallback.roll(name, count, sides, classOf, arg);
    }
    const field = this.fieldPrefix + name;
    const given = this.script[name];
    let values: number[];
    if (typeof given === "number" && count > 1) {
      // A number for a multi-die roll is its total (GURPS rolls are read as totals): split
      // evenly, so the recorded dice are one fixed way to make that total.
      if (!Number.isInteger(given) || given < count || given > count * sides) {
        throw new InputError(
          field,
          given,
          `a ${notation(count, sides)} total must be a whole number ${count}..${count * sides}`,
        );
      }
      values = splitTotal(given, count);
    } else {
      values = typeof given === "number" ? [given] : [...(given as readonly number[])];
    }
    if (values.length !== count) {
      throw new InputError(
        field,
        given,
        `expected ${count} ${count === 1 ? "die" : "dice"} (${notation(count, sides)})`,
      );
    }
    for (const v of values) {
      if (!Number.isInteger(v) || v < 1 || v > sides) {
        throw new InputError(
          field,
          given,
          `each die of ${notation(count, sides)} must be a whole number 1..${sides}`,
        );
      }
    }
    this.used.add(name);
    return values;
  }

  /** Scripted names that no roll asked for (a typo, or a roll the result did not call for). */
  unused(): string[] {
    return Object.keys(this.script).filter((k) => !this.used.has(k));
  }
}

/**
 * Wraps a `Dice`, records every roll, and refuses a name used twice in one exchange. An
 * exchange that rolls in several steps passes the earlier steps' records as `previous`: they
 * head the record and their names stay taken.
 */
export class RecordingDice implements Dice {
  readonly records: RollRecord[];
  /**
   * Names of rolls that threw (a roll that threw keeps its name); null while none has. The
   * names of the rolls made are read from `records`: an exchange makes a dozen rolls at most,
   * so a scan is cheaper than building a Set for each exchange.
   */
  private failed: string[] | null = null;

  constructor(
    private readonly inner: Dice,
    previous: readonly RollRecord[] = [],
  ) {
    // Each earlier record copied as a literal in the record's key order (a spread of the record
    // walked its keys), so this exchange's records are its own data.
    const records: RollRecord[] = [];
    for (let i = 0; i < previous.length; i++) {
      const r = previous[i]!;
      records.push({
        name: r.name,
        count: r.count,
        sides: r.sides,
        values: r.values.slice(),
        total: r.total,
      });
    }
    this.records = records;
  }

  private taken(name: string): boolean {
    const records = this.records;
    for (let i = 0; i < records.length; i++) if (records[i]!.name === name) return true;
    return this.failed !== null && this.failed.includes(name);
  }

  roll(
    name: string,
    count: number,
    sides: number,
    classOf?: RollClassifier,
    arg?: number,
  ): number[] {
    if (this.taken(name)) throw new Error(`Roll "${name}" was made twice in one exchange.`);
    let values: number[];
    try {
      values = this.inner.roll(name, count, sides, classOf, arg);
    } catch (e) {
      (this.failed ??= []).push(name);
      throw e;
    }
    // The record keeps its own copy, so a caller changing what it got changes no record.
    const kept = values.slice();
    let total = 0;
    for (let i = 0; i < kept.length; i++) total += kept[i]!;
    this.records.push({ name, count, sides, values: kept, total });
    return values;
  }

  /**
   * One die of a named roll: `roll(name, 1, sides)[0]`, recorded the same way. No array goes
   * back to the caller, so the record can keep the array a `SeededDice` made afresh instead of
   * a copy (any other inner `Dice` is copied, as `roll` does).
   */
  one(name: string, sides: number, classOf?: RollClassifier, arg?: number): number {
    if (this.taken(name)) throw new Error(`Roll "${name}" was made twice in one exchange.`);
    let values: number[];
    try {
      values = this.inner.roll(name, 1, sides, classOf, arg);
    } catch (e) {
      (this.failed ??= []).push(name);
      throw e;
    }
    const v = values[0]!;
    const kept = this.inner instanceof SeededDice && values.length === 1 ? values : [...values];
    this.records.push({ name, count: 1, sides, values: kept, total: sum(kept) });
    return v;
  }

  /**
   * The total of a named roll (`rollTotal`), recorded as `roll` records it. No array goes back
   * to the caller, so the record keeps the array a `SeededDice` made afresh (any other inner
   * `Dice` is copied, as `roll` does).
   */
  total(
    name: string,
    count: number,
    sides: number,
    classOf?: RollClassifier,
    arg?: number,
  ): number {
    if (this.taken(name)) throw new Error(`Roll "${name}" was made twice in one exchange.`);
    let values: number[];
    try {
      values = this.inner.roll(name, count, sides, classOf, arg);
    } catch (e) {
      (this.failed ??= []).push(name);
      throw e;
    }
    const kept = this.inner instanceof SeededDice ? values : [...values];
    const total = sum(kept);
    this.records.push({ name, count, sides, values: kept, total });
    return total;
  }
}

/**
 * The total of a named roll: `sum(dice.roll(name, count, sides))`, recorded the same way. Through
 * a `RecordingDice` no array goes back to the caller, so the record keeps the array a
 * `SeededDice` made afresh instead of a copy (`RecordingDice.total`).
 */
export function rollTotal(
  dice: Dice,
  name: string,
  count: number,
  sides: number,
  classOf?: RollClassifier,
  arg?: number,
): number {
  return dice instanceof RecordingDice
    ? dice.total(name, count, sides, classOf, arg)
    : sum(dice.roll(name, count, sides, classOf, arg));
}

/** One die of a named roll (`roll(name, 1, sides)[0]`), through `RecordingDice.one` when it can. */
export function rollOne(
  dice: Dice,
  name: string,
  sides: number,
  classOf?: RollClassifier,
  arg?: number,
): number {
  return dice instanceof RecordingDice
    ? dice.one(name, sides, classOf, arg)
    : dice.roll(name, 1, sides, classOf, arg)[0]!;
}

/** Dice that replay recorded rolls exactly and refuse any roll that was not recorded. */
export function replayDice(records: readonly RollRecord[]): Dice {
  const script: Record<string, number[]> = {};
  for (const r of records) script[r.name] = [...r.values];
  return new ScriptedDice(script, {
    roll(name) {
      throw new Error(`Replay: roll "${name}" was not in the recorded rolls.`);
    },
  });
}

/** One fixed way to roll `total` on `count` dice: as even as possible, larger dice first. */
export function splitTotal(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  const extra = total - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Sum of a roll. */
export function sum(values: readonly number[]): number {
  let t = 0;
  for (const v of values) t += v;
  return t;
}
