/**
 * What a ruleset's Quench batch is (docs/testing.md): each ruleset's folder lists its batches
 * (`src/foundry/rulesets/<id>/quench`), the Quench registry `src/foundry/rulesets/quench.ts`
 * gathers them, and `registerBatches` (./batches.ts) registers every one with Quench under
 * `blow-by-blow.<id>`. A batch receives Quench's mocha + chai context and the seams where
 * Foundry and the Node run differ.
 */
import type { QuenchContext } from "./context";
import type { SheetDriver } from "./sheet-driver";
import type { QuenchStage } from "./stage";

/** What differs between Foundry and the Node run: the canvas and the sheets' DOM. */
export interface BatchSeams {
  stage: QuenchStage;
  sheets: SheetDriver;
}

/** One batch of a ruleset. */
export interface QuenchBatch {
  /** The batch's id: its Quench key is `blow-by-blow.<id>` (unique across rulesets). */
  id: string;
  /** The lang key of the name the Quench window shows. */
  name: string;
  /** Registers the batch's suites and tests on Quench's context. */
  register(context: QuenchContext, seams: BatchSeams): void;
}
