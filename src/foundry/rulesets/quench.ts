/**
 * The Quench registry: each registered ruleset's in-Foundry test batches (`QuenchBatch`,
 * src/foundry/quench/batch.ts; docs/testing.md). Apart from the registry of ./index.ts because
 * the batches are loaded only when Quench is active (the batches' chunk of the build,
 * src/foundry/quench/batches.ts imports this module) and some of their modules need Foundry's
 * globals when they load. With ./index.ts and ./sheets.ts, a generic module allowed to import
 * the rulesets' folders.
 */
import type { RulesetId } from "../../core/ruleset";
import type { QuenchBatch } from "../quench/batch";
import { HM3_QUENCH_BATCHES } from "./hm3/quench";
import { HMZD_QUENCH_BATCHES } from "./hmzd/quench";
import { M2M_QUENCH_BATCHES } from "./m2m/quench";
import { RULESET_IDS } from "./index";

export const RULESET_QUENCH_BATCHES: Readonly<Partial<Record<RulesetId, readonly QuenchBatch[]>>> =
  Object.freeze({
    hm3: HM3_QUENCH_BATCHES,
    m2m: M2M_QUENCH_BATCHES,
    hmzd: HMZD_QUENCH_BATCHES,
  });

/** Every registered ruleset's batches, in registry order. */
export function allQuenchBatches(): readonly QuenchBatch[] {
  return RULESET_IDS.flatMap((id) => RULESET_QUENCH_BATCHES[id] ?? []);
}
