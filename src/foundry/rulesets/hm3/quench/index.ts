/**
 * HârnMaster 3's Quench batches (docs/testing.md), registered through the Quench registry
 * (src/foundry/rulesets/quench.ts): a whole exchange run by the GM, the sheets and data, and
 * HârnMaster Gold options in play (./gold-batch.ts). All three play HM3 and stop at once in a
 * world of another ruleset.
 */
import type { QuenchBatch } from "../../../quench/batch";
import { exchangeBatch } from "./exchange-batch";
import { goldBatch } from "./gold-batch";
import { sheetsBatch } from "./sheets-batch";

export const HM3_QUENCH_BATCHES: readonly QuenchBatch[] = Object.freeze([
  {
    id: "exchange",
    name: "BLOWBYBLOW.Quench.exchange",
    register: (context, seams) => exchangeBatch(context, seams.stage),
  },
  {
    id: "sheets",
    name: "BLOWBYBLOW.Quench.sheets",
    register: (context, seams) => sheetsBatch(context, seams.sheets),
  },
  {
    id: "gold",
    name: "BLOWBYBLOW.Quench.gold",
    register: (context, seams) => goldBatch(context, seams.stage),
  },
]);
