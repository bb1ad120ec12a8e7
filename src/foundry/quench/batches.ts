/**
 * The system's Quench batches (docs/testing.md), loaded only when Quench is active (index.ts).
 * Each batch creates throw-away documents and deletes them afterwards.
 */
import type { QuenchLike } from "./context";
import { exchangeBatch } from "./exchange-batch";
import { foundrySheetDriver, sheetsBatch, type SheetDriver } from "./sheets-batch";
import { foundryStage, type QuenchStage } from "./stage";

/** The batches' keys (Quench wants the package id first). */
export const BATCHES = Object.freeze({
  exchange: "blow-by-blow.exchange",
  sheets: "blow-by-blow.sheets",
} as const);

/** What differs between Foundry and the Node run: the canvas and the sheets' DOM. */
export interface BatchSeams {
  stage: QuenchStage;
  sheets: SheetDriver;
}

/** Registers every batch with Quench; the seams are Foundry's unless given (the Node run). */
export function registerBatches(
  quench: QuenchLike,
  localize: (key: string) => string,
  seams: BatchSeams = { stage: foundryStage, sheets: foundrySheetDriver },
): void {
  quench.registerBatch(BATCHES.exchange, (context) => exchangeBatch(context, seams.stage), {
    displayName: localize("BLOWBYBLOW.Quench.exchange"),
  });
  quench.registerBatch(BATCHES.sheets, (context) => sheetsBatch(context, seams.sheets), {
    displayName: localize("BLOWBYBLOW.Quench.sheets"),
  });
}
