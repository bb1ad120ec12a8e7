/**
 * The combat flow's functions a ruleset folder calls (src/foundry/rulesets/<id>/), handed over
 * by the flow as it loads (./actions.ts). A ruleset folder cannot import the flow's modules:
 * they import the ruleset registry, which imports the ruleset's index, an import cycle; a
 * dynamic import instead would split the bundle into more chunks than the release ships.
 */
import type { askGM } from "./actions";
import type { QUERY } from "./queries";
import type { CombatError, serial } from "./query-common";

/** What the flow hands over. */
export interface FlowTools {
  CombatError: typeof CombatError;
  serial: typeof serial;
  askGM: typeof askGM;
  QUERY: typeof QUERY;
}

let current: FlowTools | null = null;

/** Called once by the flow (./actions.ts) as its module loads. */
export function provideFlowTools(tools: FlowTools): void {
  current = tools;
}

/** The flow's functions; an error when the flow is not loaded (it always is once the system is). */
export function flowTools(): FlowTools {
  if (!current) throw new Error("Blow by Blow: the combat flow is not loaded");
  return current;
}
