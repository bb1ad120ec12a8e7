/**
 * The zone-die blocks (`system.hmzd`, src/foundry/rulesets/hmzd/source.ts) a document of each
 * type holds before anyone edits it, for the shared sheet and flow fixtures: an unhurt
 * character on the human plan with no Shock skill (Z7), a weapon with no zone-die modes yet, an
 * injury's defaults. Fresh copies.
 */
import type {
  HmzdCharacterBlock,
  HmzdCreatureBlock,
  HmzdInjuryBlock,
  HmzdWeaponBlock,
} from "../../../../src/foundry/rulesets/hmzd/source";

const state = () => ({
  shock: null,
  state: "none" as const,
  recovery: { at: "none" as const, armed: false, due: null },
  clock: 0,
  setups: [],
  actionRound: null,
  unhindered: [],
  revision: 0,
});

export const hmzdCharacter = (): HmzdCharacterBlock => ({ ...state(), bodyPlan: "human" });
export const hmzdCreature = (): HmzdCreatureBlock => ({ ...state(), bodyPlan: null });
/** Z12: a weapon's zone die is d6 until converted; Z4: a missile's d10. */
export const hmzdWeapon = (): HmzdWeaponBlock => ({ zoneDie: 6, modes: [] });
export const hmzdMissile = (): HmzdWeaponBlock => ({ zoneDie: 10, modes: [] });
export const hmzdInjury = (): HmzdInjuryBlock => ({
  severity: "M",
  level: 1,
  aspect: "blunt",
  zone: "torso",
  side: "none",
  location: "thorax",
  shockFailed: false,
});
