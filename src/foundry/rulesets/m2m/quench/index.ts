/**
 * GURPS Man to Man's Quench batch (docs/testing.md), registered through the Quench registry
 * (src/foundry/rulesets/quench.ts): the packs, Friedrick's figures, the sheets and switching
 * back. It switches the world's ruleset itself, so it runs from a world of any ruleset.
 */
import type { QuenchBatch } from "../../../quench/batch";
import { m2mWorldBatch } from "./world-batch";

export const M2M_QUENCH_BATCHES: readonly QuenchBatch[] = Object.freeze([
  {
    id: "m2m",
    name: "BLOWBYBLOW.Quench.m2m",
    register: (context, seams) => m2mWorldBatch(context, seams.sheets),
  },
]);
