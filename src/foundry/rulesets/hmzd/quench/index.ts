/**
 * The zone-die routine's Quench batches (docs/testing.md), registered through the Quench
 * registry (src/foundry/rulesets/quench.ts): a fight run by the GM from attack to shock state
 * and its recovery (./fight-batch.ts). It switches the world's ruleset itself, so it runs from a
 * world of any ruleset.
 */
import type { QuenchBatch } from "../../../quench/batch";
import { hmzdFightBatch } from "./fight-batch";

export const HMZD_QUENCH_BATCHES: readonly QuenchBatch[] = Object.freeze([
  {
    id: "hmzd-fight",
    name: "BLOWBYBLOW.HMZD.Quench.fight",
    register: (context, seams) => hmzdFightBatch(context, seams.stage),
  },
]);
