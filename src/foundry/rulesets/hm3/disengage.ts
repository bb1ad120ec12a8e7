/**
 * HârnMaster Gold Disengage action in Foundry (seed 000 lines 85-91; ruling G67): its lang keys
 * and the engine's input from the fighters' derived figures. Pure: the card is
 * ./disengage-view.ts, the action ./disengage-action.ts, each foe's answer ./disengage-foes.ts.
 */
import type { Hm3Derived } from "../../../rules/hm3/character-types";
import type { DisengageInput } from "../../../rules/hm3/gold/turns-disengage";

export const DISENGAGE_KEYS = Object.freeze({
  title: "BLOWBYBLOW.HM3.Gold.Turns.disengage.title",
  away: "BLOWBYBLOW.HM3.Gold.Turns.disengage.away",
  oneHex: "BLOWBYBLOW.HM3.Gold.Turns.disengage.oneHex",
  foe: "BLOWBYBLOW.HM3.Gold.Turns.disengage.foe",
  noFoe: "BLOWBYBLOW.HM3.Gold.Turns.disengage.noFoe",
  stumble: "BLOWBYBLOW.HM3.Gold.Turns.disengage.stumble",
  stumbleFailed: "BLOWBYBLOW.HM3.Gold.Turns.disengage.stumbleFailed",
  stumbleHeld: "BLOWBYBLOW.HM3.Gold.Turns.disengage.stumbleHeld",
  optionOff: "BLOWBYBLOW.HM3.Gold.Turns.disengage.optionOff",
  notGold: "BLOWBYBLOW.HM3.Gold.Turns.disengage.notGold",
});

/** A fighter in a Disengage: its name and derived figures (null: it does not test). */
export interface DisengageSide {
  name: string;
  derived: Hm3Derived | null;
}

/**
 * The engine's input: the disengager's Initiative EML, AGL and PP; each engaged foe's
 * Initiative EML, or null when it does not test (no derived figures, or `tests` false: MF).
 */
export function disengageInput(
  me: { derived: Hm3Derived; agl: number },
  foes: readonly (DisengageSide & { tests?: boolean })[],
): DisengageInput {
  return {
    eml: me.derived.initiative.eml.value,
    agl: me.agl,
    pp: me.derived.pp,
    foes: foes.map((f, i) => ({
      id: String(i),
      eml: f.derived && f.tests !== false ? f.derived.initiative.eml.value : null,
    })),
  };
}
