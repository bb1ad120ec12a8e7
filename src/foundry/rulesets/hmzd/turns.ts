/**
 * The zone-die routine's turns in the combat tracker (issue 18, `RulesetTurns`): zd-state's turn
 * hooks (src/rules/hmzd/turn.ts): the order by Initiative EML, highest first (Z11), and at the
 * end of the bearer's next turn the recovery Shock test of STN and INC (Z15), UNC's after ten
 * minutes of game time; INC, UNC and KIA take no action, UNC and KIA are defeated. The routine
 * has no maneuvers (seed 001 names none): the list is empty, so the tracker asks for none.
 */
import type { FighterSnapshot } from "../../../core/combat";
import { InputError } from "../../../core/errors";
import type { Dice } from "../../../core/dice";
import type { RulesetBlock, TurnOutcome } from "../../../core/ruleset";
import { hmzdTurns, passTime, TURN_SECONDS } from "../../../rules/hmzd/turn";
import type { RulesetTurns } from "../contract";
import { hmzdCombat } from "./combat";

export const HMZD_TURN_KEYS = Object.freeze({
  initiative: "BLOWBYBLOW.HMZD.Turn.initiative",
  roll: "BLOWBYBLOW.HMZD.Turn.roll",
  noManeuvers: "BLOWBYBLOW.HMZD.Turn.noManeuvers",
});

/** Initiative EML (Z11), or null when the actor's figures cannot be read. */
function figures(fighter: FighterSnapshot): Record<string, number> | null {
  try {
    return { initiative: hmzdCombat.initiative(fighter) };
  } catch {
    return null;
  }
}

/**
 * A turn the tracker skipped (a defeated fighter: UNC, KIA, or marked by the GM): its ten
 * seconds pass all the same (000:47, Z20), by zd-state's `passTime`: M injuries whose ten
 * minutes are up start to hinder (001:83), and UNC whose ten minutes are up makes its recovery
 * Shock test (001:161, Z15; success: INC). Ruling Z36.
 */
export function skippedTurn(block: RulesetBlock, dice: Dice): TurnOutcome {
  const passed = passTime(block, TURN_SECONDS, dice);
  return {
    event: "turnEnd",
    rolls: passed.rolls,
    checks: passed.checks,
    block: passed.block,
    set: passed.set,
    ended: passed.ended,
    actionless: false,
    defeated: passed.defeated,
  };
}

export const HMZD_TURNS: RulesetTurns = Object.freeze({
  hooks: hmzdTurns,
  skippedTurn,
  // Equal Initiative EMLs keep the tracker's order (Z11: HM3's, ties in the given order); the
  // d100 is shown, not ordered by.
  tieBreak: Object.freeze({ formula: "1d100", figure: "roll" }),
  figures,
  figureLabels: Object.freeze({
    initiative: HMZD_TURN_KEYS.initiative,
    roll: HMZD_TURN_KEYS.roll,
  }),
  optionalRules: Object.freeze([]),
  maneuvers: Object.freeze({
    list: () => [],
    postures: Object.freeze([]),
    weapons: () => [],
    choose: (_f: FighterSnapshot, _b: unknown, choice: unknown) => {
      throw new InputError("maneuver", choice, "the zone-die routine has no maneuvers");
    },
    view: () => ({ maneuverKey: null, postureKey: HMZD_TURN_KEYS.noManeuvers, unready: [] }),
  }),
});
