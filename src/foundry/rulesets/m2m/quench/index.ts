/**
 * GURPS Man to Man's Quench batches (docs/testing.md), registered through the Quench registry
 * (src/foundry/rulesets/quench.ts): the world (the packs, Friedrick's figures, the sheets and
 * switching back) and a whole fight run by the GM (./fight-batch.ts). Each switches the world's
 * ruleset itself, so it runs from a world of any ruleset.
 */
import type { QuenchBatch } from "../../../quench/batch";
import { m2mFightBatch } from "./fight-batch";
import { m2mWorldBatch } from "./world-batch";

export const M2M_QUENCH_BATCHES: readonly QuenchBatch[] = Object.freeze([
  {
    id: "m2m",
    name: "BLOWBYBLOW.Quench.m2m",
    register: (context, seams) => m2mWorldBatch(context, seams.sheets),
  },
  {
    id: "m2m-fight",
    name: "BLOWBYBLOW.Quench.m2mFight",
    register: (context, seams) => m2mFightBatch(context, seams.stage),
  },
]);
