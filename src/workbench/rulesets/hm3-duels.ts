/**
 * The HM3 workbench's many duels (src/workbench/duels.ts runs them in the worker): the two
 * fighters as edited on the page, the count and the seed; the plot names each side's locations
 * by its own body plan.
 */
import { DUEL_COUNT_RANGE } from "../../core/bounds";
import { startDuels } from "../duels";
import { el, K, localize, wholeIn } from "../page";
import { named, S, seed } from "./hm3-fight";

/** Runs N duels between the two fighters with the dice of the seed. */
export function runMany(): void {
  const n = wholeIn(el<HTMLInputElement>("wb-n"), localize(K.count), DUEL_COUNT_RANGE);
  const dieSeed = seed();
  const a = named("a");
  const b = named("b");
  startDuels(
    { ruleset: "hm3", a, b, n, seed: dieSeed, options: { ...S.options } },
    { a: a.name, b: b.name },
    { actors: { a, b } },
  );
}
