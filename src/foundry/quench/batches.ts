/**
 * The system's Quench batches (docs/testing.md), loaded only when Quench is active (index.ts):
 * every registered ruleset's batches (the Quench registry, src/foundry/rulesets/quench.ts), each
 * under the key `blow-by-blow.<id>`. Each batch creates throw-away documents and deletes them
 * afterwards.
 */
import { allQuenchBatches } from "../rulesets/quench";
import type { BatchSeams, QuenchBatch } from "./batch";
import type { QuenchLike } from "./context";
import { foundrySheetDriver } from "./sheet-driver";
import { foundryStage } from "./stage";
import { SYSTEM_ID } from "./support";

export type { BatchSeams } from "./batch";

/** A batch's Quench key (Quench wants the package id first). */
export const batchKey = (batch: Pick<QuenchBatch, "id">): string => `${SYSTEM_ID}.${batch.id}`;

/** Every batch's key, in registration order. */
export const BATCH_KEYS: readonly string[] = Object.freeze(allQuenchBatches().map(batchKey));

/**
 * Registers every batch with Quench; the seams are Foundry's unless given (the Node run).
 * Throws when two batches share an id (one would hide the other in Quench).
 */
export function registerBatches(
  quench: QuenchLike,
  localize: (key: string) => string,
  seams: BatchSeams = { stage: foundryStage, sheets: foundrySheetDriver },
  batches: readonly QuenchBatch[] = allQuenchBatches(),
): void {
  const keys = batches.map(batchKey);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice) throw new Error(`Blow by Blow: two Quench batches are keyed ${twice}.`);
  for (const batch of batches)
    quench.registerBatch(batchKey(batch), (context) => batch.register(context, seams), {
      displayName: localize(batch.name),
    });
}
