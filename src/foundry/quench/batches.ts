/**
 * The system's Quench batches (docs/testing.md), loaded only when Quench is active (index.ts).
 * Each batch creates throw-away documents and deletes them afterwards.
 */
import type { QuenchLike } from "./context";
import { exchangeBatch } from "./exchange-batch";
import { foundryStage, type QuenchStage } from "./stage";

/** The batches' keys (Quench wants the package id first). */
export const BATCHES = Object.freeze({
  exchange: "blow-by-blow.exchange",
} as const);

/** Registers every batch with Quench; `stage` is the canvas (Foundry's, or the stand-ins'). */
export function registerBatches(
  quench: QuenchLike,
  localize: (key: string) => string,
  stage: QuenchStage = foundryStage,
): void {
  quench.registerBatch(BATCHES.exchange, (context) => exchangeBatch(context, stage), {
    displayName: localize("BLOWBYBLOW.Quench.exchange"),
  });
}
