/**
 * HârnMaster zone die in Foundry (`FoundryRuleset`, ../contract.ts; issue 18): the engine
 * (src/rules/hmzd) played with each fighter's state block (./flow.ts), its combat functions
 * (`hmzdCombat`, ./combat.ts: placement in the attack dialog, the defence, star-spending and
 * Precision prompts), the result card (./card.ts, templates/chat/hmzd/result.hbs), the fight
 * store keeping the shock state on `system.hmzd` (./fight.ts), its `system.hmzd` blocks
 * (./data.ts), its actors' derivation (./derive.ts: the HM3 figures and the Shock EML) and its
 * turns in the tracker (./turns.ts: Initiative order, the recovery Shock tests, Z11, Z15).
 */
import { hmzd } from "../../../rules/hmzd";
import type { FoundryRuleset } from "../contract";
import { HMZD_RESULT_TEMPLATE, hmzdResultContext } from "./card";
import { HMZD_ROLL_LABELS } from "./card-keys";
import { hmzdCombat } from "./combat";
import { HMZD_DATA } from "./data";
import { deriveHmzdActor, hmzdFieldPath } from "./derive";
import { HMZD_FIGHT_STORE } from "./fight";
import { hmzdFlow } from "./flow";
import { HMZD_TURNS } from "./turns";

export const HMZD_FOUNDRY = Object.freeze({
  id: "hmzd",
  ruleset: hmzdFlow(hmzd),
  // Z37: the Action TA is the fighter's own immediate action, once a round (001:166).
  advantageScope: "round",
  combat: hmzdCombat,
  card: Object.freeze({ resultTemplate: HMZD_RESULT_TEMPLATE, resultContext: hmzdResultContext }),
  rollLabels: HMZD_ROLL_LABELS,
  fight: HMZD_FIGHT_STORE,
  data: HMZD_DATA,
  derive: Object.freeze({ actor: deriveHmzdActor, fieldPath: hmzdFieldPath }),
  turns: HMZD_TURNS,
} satisfies FoundryRuleset);
