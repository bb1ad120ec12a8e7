/**
 * A brute-force walk of the real hmzd engine for the exact-odds test: the exchange is run through
 * `runExchange` (what `resolveInput` does after parsing) once per path of rolls, every die of the
 * path enumerated face by face (no grouping, no factoring).
 */
import { ScriptedDice, type Dice } from "../../src/core/dice";
import { InputError } from "../../src/core/errors";
import { runExchange, type Answers } from "../../src/core/ruleset";
import type { AnyRuleset } from "../../src/rules/index";

/** A roll the walk does not enumerate answers with this face (`null`: enumerate every face). */
export type Fixed = (name: string, sides: number) => number | null;

export interface Path<R> {
  result: R;
  /** The product of the sides of the dice enumerated on this path: it weighs 1 / product. */
  product: number;
  /** The index of the answers that resolved it (a later one when the engine refused an earlier). */
  attempt: number;
}

/**
 * Every path of rolls through the engine: a roll `fixed` answers is that face, any other takes
 * each of its faces in turn. Each path is run with the first of `attempts` the engine accepts:
 * when it refuses a `spend` or `pick` answer for that path (an InputError naming the field), the
 * same path is run again with the next answers (ruling Z28's default spending).
 */
export function walk<R>(
  ruleset: AnyRuleset,
  decl: unknown,
  attempts: readonly Answers[],
  fixed: Fixed,
): Path<R>[] {
  const out: Path<R>[] = [];
  const path: number[] = [];
  for (;;) {
    if (out.length >= 2_000_000) throw new Error("walk: too many paths");
    let sizes: number[] = [];
    let product = 1;
    const chooser: Dice = {
      roll(name, count, sides) {
        const face = fixed(name, sides);
        // A fixed roll of several dice (Z10's 3d6 Fumble and Stumble) shows that face on each.
        if (face !== null) return new Array<number>(count).fill(face);
        if (count !== 1) throw new Error(`walk: ${name} rolls ${count} dice`);
        const i = path[sizes.length] ?? 0;
        path[sizes.length] = i;
        sizes.push(sides);
        product *= sides;
        return [i + 1];
      },
    };
    let result: R | null = null;
    let attempt = 0;
    for (; result === null; attempt++) {
      sizes = [];
      product = 1;
      try {
        // ScriptedDice with an empty script checks each face's shape before the engine sees it.
        const dice = new ScriptedDice({}, chooser);
        result = runExchange(ruleset, decl, attempts[attempt]!, dice).result as R;
      } catch (e) {
        const refused = e instanceof InputError && /^(spend|pick)/.test(e.field);
        if (!refused || attempt + 1 >= attempts.length) throw e;
      }
    }
    out.push({ result, product, attempt: attempt - 1 });
    path.length = sizes.length;
    let d = sizes.length - 1;
    while (d >= 0 && path[d] === sizes[d]! - 1) d--;
    if (d < 0) return out;
    path[d]!++;
    path.length = d + 1;
  }
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The least common multiple of the paths' products: each path then weighs unit / product. */
export function unitOf(paths: readonly Path<unknown>[]): number {
  let unit = 1;
  for (const p of paths) unit = (unit / gcd(unit, p.product)) * p.product;
  if (!Number.isSafeInteger(unit)) throw new Error(`walk: unit ${unit} is not exact`);
  return unit;
}

/** Integer tallies by key. */
export class Tally {
  readonly counts = new Map<string, number>();
  add(key: string, n: number): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }
}
