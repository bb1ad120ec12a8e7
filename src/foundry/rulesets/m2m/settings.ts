/**
 * GURPS Man to Man's optional rules as world settings (issue 17; spec §0.2, "Rule layers"):
 * each is a boolean setting `blow-by-blow.m2m.<id>` registered by the generic combat settings
 * (src/foundry/combat/settings.ts) and passed, by id, into every flow declaration's `options`
 * (`rawDeclaration` in ./combat/index.ts; the engine's `M2mOptions`, src/rules/m2m/exchange.ts,
 * and the flow's `closeCombat`, src/rules/m2m/flow.ts). Named as in the seed, with the seed's
 * lines in each hint (lang/en.json, BLOWBYBLOW.M2M.Settings.*). Defaults: the hit location
 * layer and the stun rule on (the engine's and the CLI's defaults; stun is the rule, playing
 * without it is the option, L2582; ruling M118); Last Wounds and Close Combat off. The
 * Advanced maneuvers (§4.3) are the turns' option (./turns.ts `ADVANCED_MANEUVERS`).
 */
import type { OptionalRule } from "../../../core/combat";
import { DEFAULT_M2M_OPTIONS, M2M_OPTION_KEYS } from "../../../rules/m2m/exchange";

/** Each rule's name and hint keys, written out whole for the lang audit. */
const KEYS: Readonly<Record<string, { name: string; hint: string }>> = Object.freeze({
  hitLocation: {
    name: "BLOWBYBLOW.M2M.Settings.hitLocation.name",
    hint: "BLOWBYBLOW.M2M.Settings.hitLocation.hint",
  },
  stun: { name: "BLOWBYBLOW.M2M.Settings.stun.name", hint: "BLOWBYBLOW.M2M.Settings.stun.hint" },
  lastWounds: {
    name: "BLOWBYBLOW.M2M.Settings.lastWounds.name",
    hint: "BLOWBYBLOW.M2M.Settings.lastWounds.hint",
  },
  closeCombat: {
    name: "BLOWBYBLOW.M2M.Settings.closeCombat.name",
    hint: "BLOWBYBLOW.M2M.Settings.closeCombat.hint",
  },
});

function rule(id: string, value: boolean): OptionalRule {
  const keys = KEYS[id];
  if (!keys) throw new Error(`No setting labels for the m2m optional rule ${id}.`);
  return Object.freeze({ id, default: value, nameKey: keys.name, hintKey: keys.hint });
}

/** The engine's exchange options (`M2mOptions`), one setting each, with the engine's defaults. */
export const M2M_EXCHANGE_RULES: readonly OptionalRule[] = Object.freeze(
  M2M_OPTION_KEYS.map((id) => rule(id, DEFAULT_M2M_OPTIONS[id] ?? false)),
);

/** Close combat (Advanced, ch. 6, L2653–2821): off unless the world plays it. */
export const CLOSE_COMBAT_RULE: OptionalRule = rule("closeCombat", false);

/** Every optional rule of the m2m combat flow, in the settings window's order. */
export const M2M_OPTIONAL_RULES: readonly OptionalRule[] = Object.freeze([
  ...M2M_EXCHANGE_RULES,
  CLOSE_COMBAT_RULE,
]);
