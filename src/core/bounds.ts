/**
 * The bounds of the numbers a user gives every entry point (the CLI's `resolve`, `fight`,
 * `duel`, `demo`; the workbench), kept in one place so each refuses the same values with the
 * same range. Pure data and one reader; no Foundry, no DOM.
 */

/** An inclusive range of whole numbers. */
export interface WholeRange {
  readonly min: number;
  readonly max: number;
}

/**
 * A dice seed: what `SeededDice` keeps without loss (it reads the seed as an unsigned 32-bit
 * integer, so a larger one would silently stand for another), as `cli resolve` accepts it.
 */
export const SEED_RANGE: WholeRange = Object.freeze({ min: 0, max: 0xffffffff });

/**
 * How many duels one run may play (`cli duel --n`, the workbench's Run duels): at about 2 ms a
 * duel, the most a user waits for is about half an hour.
 */
export const DUEL_COUNT_RANGE: WholeRange = Object.freeze({ min: 1, max: 1_000_000 });

/** Why a text was refused as a whole number of a range. */
export type WholeRefusal = "empty" | "notWhole" | "outOfRange";

/**
 * Reads a whole number of `range` from text as typed (surrounding blanks ignored): the number,
 * or why it is refused. Empty text is refused, never read as 0; so are `1e3`-style and
 * hexadecimal spellings and anything `Number` reads but a person would not write as a whole
 * number (only an optional minus sign and digits are accepted).
 */
export function readWhole(
  text: string,
  range: WholeRange,
): { ok: true; value: number } | { ok: false; why: WholeRefusal } {
  const s = text.trim();
  if (s === "") return { ok: false, why: "empty" };
  if (!/^[-+]?\d+$/.test(s)) return { ok: false, why: "notWhole" };
  const value = Number(s);
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max)
    return { ok: false, why: "outOfRange" };
  return { ok: true, value: value === 0 ? 0 : value };
}
