/**
 * The combat workbench (`npm start`, issue 6; GURPS Man to Man figures, issue 16): a local page
 * with the real rules core, the real chat-card templates, styles and language file. The ruleset
 * selector picks the ruleset's part (src/workbench/rulesets): HârnMaster 3 fights (exchanges,
 * exact odds, duels); GURPS Man to Man shows its sample fighters' figures, its exchanges coming
 * with a later version; HârnMaster zone die (issue 18) fights exchanges with its stars, odds
 * and duels. Every number comes from the real rules core; nothing here computes a rule.
 */
import "../../styles/blow-by-blow.css";
import "../../styles/chat.css";
import "../../styles/actor-sheet.css";
import "../../styles/workbench.css";
import { el, guarded, type WorkbenchRulesetId } from "./page";
import { HM3_WORKBENCH } from "./rulesets/hm3";
import { HMZD_WORKBENCH } from "./rulesets/hmzd";
import { M2M_WORKBENCH } from "./rulesets/m2m";
import type { WorkbenchRuleset } from "./rulesets/types";

const PARTS: Readonly<Record<WorkbenchRulesetId, WorkbenchRuleset>> = Object.freeze({
  hm3: HM3_WORKBENCH,
  hmzd: HMZD_WORKBENCH,
  m2m: M2M_WORKBENCH,
});

const root = document.getElementById("workbench")!;
let current: WorkbenchRuleset | null = null;

/** Draws the page for a ruleset: the one shown stops what it runs, the new one starts afresh. */
function show(id: WorkbenchRulesetId): void {
  root.setAttribute("aria-busy", "true");
  current?.unmount();
  current = PARTS[id];
  current.mount(root);
  const select = el<HTMLSelectElement>("wb-ruleset");
  select.addEventListener(
    "change",
    guarded("wb-ruleset", () => show(select.value as WorkbenchRulesetId)),
  );
  root.setAttribute("aria-busy", "false");
}

show("hm3");
