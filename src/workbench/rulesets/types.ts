/**
 * A ruleset's part of the combat workbench (src/workbench/main.ts picks one by the ruleset
 * selector): it draws the page for its ruleset with the shared frame (src/workbench/page.ts),
 * lists its sample fighters and wires its controls.
 */
import type { WorkbenchRulesetId } from "../page";

export interface WorkbenchRuleset {
  readonly id: WorkbenchRulesetId;
  /** Draws the page for this ruleset into `root` and wires its controls (not the ruleset selector). */
  mount(root: HTMLElement): void;
  /** Stops whatever it runs (duels in a worker) before another ruleset is drawn. */
  unmount(): void;
}
