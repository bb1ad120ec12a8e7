/**
 * Token status effects for the core conditions every ruleset can put on a combatant
 * (`ConditionId`, src/core/ruleset.ts), with Foundry core icons. Registered over Foundry's
 * default list: an effect of the same id is replaced, Foundry's "stun" gives way to
 * "stunned", and the other core effects (asleep, blind, invisible…) stay.
 */
import type { ConditionId } from "../core/ruleset";

export interface ConditionEffect {
  id: ConditionId;
  /** Localisation key. */
  name: string;
  img: string;
}

const EFFECTS: Readonly<Record<ConditionId, Omit<ConditionEffect, "id">>> = Object.freeze({
  shock: { name: "BLOWBYBLOW.Condition.shock", img: "icons/svg/lightning.svg" },
  unconscious: { name: "BLOWBYBLOW.Condition.unconscious", img: "icons/svg/unconscious.svg" },
  stunned: { name: "BLOWBYBLOW.Condition.stunned", img: "icons/svg/daze.svg" },
  prone: { name: "BLOWBYBLOW.Condition.prone", img: "icons/svg/falling.svg" },
  disarmed: { name: "BLOWBYBLOW.Condition.disarmed", img: "icons/svg/sword.svg" },
  dead: { name: "BLOWBYBLOW.Condition.dead", img: "icons/svg/skull.svg" },
  dying: { name: "BLOWBYBLOW.Condition.dying", img: "icons/svg/degen.svg" },
  bleeding: { name: "BLOWBYBLOW.Condition.bleeding", img: "icons/svg/blood.svg" },
  burning: { name: "BLOWBYBLOW.Condition.burning", img: "icons/svg/fire.svg" },
  shocked: { name: "BLOWBYBLOW.Condition.shocked", img: "icons/svg/paralysis.svg" },
  offBalance: { name: "BLOWBYBLOW.Condition.offBalance", img: "icons/svg/hazard.svg" },
  weaponUnready: { name: "BLOWBYBLOW.Condition.weaponUnready", img: "icons/svg/downgrade.svg" },
  shieldUnready: { name: "BLOWBYBLOW.Condition.shieldUnready", img: "icons/svg/mage-shield.svg" },
  crippled: { name: "BLOWBYBLOW.Condition.crippled", img: "icons/svg/down.svg" },
  amputated: { name: "BLOWBYBLOW.Condition.amputated", img: "icons/svg/explosion.svg" },
});

/** The system's status effects, in the order the token HUD shows them. */
export const CONDITION_EFFECTS: readonly ConditionEffect[] = Object.freeze(
  (Object.keys(EFFECTS) as ConditionId[]).map((id) => Object.freeze({ id, ...EFFECTS[id] })),
);

/** Core effects the system's own make redundant. */
const SUPERSEDED = ["stun"];

/** Puts the condition effects first in `CONFIG.statusEffects` (call in the `init` hook). */
export function registerStatusEffects(): void {
  const ours = new Set<string>(CONDITION_EFFECTS.map((e) => e.id));
  const kept = CONFIG.statusEffects.filter((e) => !ours.has(e.id) && !SUPERSEDED.includes(e.id));
  CONFIG.statusEffects = [...CONDITION_EFFECTS.map((e) => ({ ...e })), ...kept];
}
