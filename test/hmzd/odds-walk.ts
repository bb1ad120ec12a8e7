/**
 * A brute-force walk of the real hmzd engine for the exact-odds test: the exchange is run through
 * `runExchange` (what `resolveInput` does after parsing) once per path of rolls, every die of the
 * path enumerated face by face (no grouping, no factoring), each path weighted by an exact integer.
 */
import { ScriptedDice, type Dice } from "../../src/core/dice";
import { runExchange, type Answers } from "../../src/core/ruleset";
import type { AnyRuleset } from "../../src/rules/index";

/** A roll the walk does not enumerate answers with this face (`null`: enumerate every face). */
export type Fixed = (name: string, sides: number) => number | null;

/**
 * Runs the exchange on every path of rolls: a roll `fixed` answers is that face, any other roll
 * takes each of its faces in turn. `visit` gets the result and the path's weight in units of
 * 1 / `unit`, where `unit` is the product of the sides of every enumerated die on the longest
 * path; a path that makes fewer rolls (no shock test after no injury) weighs the faces of the
 * rolls it did not make. `unit` must be given up front (the test knows its dice) and every path's
 * product of sides must divide it, which the walk checks.
 */
export function walk<R>(
  ruleset: AnyRuleset,
  decl: unknown,
  answers: Answers,
  fixed: Fixed,
  unit: number,
  visit: (result: R, weight: number) => void,
): number {
  const path: number[] = [];
  let runs = 0;
  let total = 0;
  for (;;) {
    if (++runs > 2_000_000) throw new Error("walk: too many paths");
    const sizes: number[] = [];
    let product = 1;
    const chooser: Dice = {
      roll(name, count, sides) {
        if (count !== 1) throw new Error(`walk: ${name} rolls ${count} dice`);
        const face = fixed(name, sides);
        if (face !== null) return [face];
        const i = path[sizes.length] ?? 0;
        path[sizes.length] = i;
        sizes.push(sides);
        product *= sides;
        return [i + 1];
      },
    };
    // ScriptedDice with an empty script checks each face's shape before the engine sees it.
    const { result } = runExchange(ruleset, decl, answers, new ScriptedDice({}, chooser));
    if (unit % product !== 0) throw new Error(`walk: unit ${unit} is not a multiple of ${product}`);
    const weight = unit / product;
    total += weight;
    visit(result as R, weight);
    path.length = sizes.length;
    let d = sizes.length - 1;
    while (d >= 0 && path[d] === sizes[d]! - 1) d--;
    if (d < 0) break;
    path[d]!++;
    path.length = d + 1;
  }
  if (total !== unit) throw new Error(`walk: weights add to ${total}, not ${unit}`);
  return runs;
}

/** Integer tallies by key. */
export class Tally {
  readonly counts = new Map<string, number>();
  add(key: string, n: number): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }
  /** Sorted plain object, for `toEqual`. */
  toObject(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const k of [...this.counts.keys()].sort()) out[k] = this.counts.get(k)!;
    return out;
  }
}
