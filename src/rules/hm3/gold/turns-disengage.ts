/**
 * HârnMaster Gold disengaging from combat (seed 000 lines 85-91; ruling G67): a Disengage
 * action. The disengager tests Initiative EML; each engaged opponent may test Initiative EML too
 * (one who does not counts as MF). An equal or higher success level than every opponent's: one
 * hex out of all Engagement Zones, then up to ½ Mobility EML feet. A lower one: one hex out, then
 * stop. A CF also calls for a Stumble Roll. HM3 has no Mobility skill: Mobility EML is AGL × 5
 * less 5 × PP, clamped 5..95 (G67). Rolls: `disengage`, `disengage.foe.<i>` (each opponent
 * who tests, in the order given), `disengage.stumble`.
 */
import type { Dice } from "../../../core/dice";
import { clamp } from "../../../core/modifiers";
import { EML_MAX, EML_MIN, stumbleRoll, successLevel, type Check } from "../mechanics";
import { LEVELS, type Level } from "../tables";

/** An opponent engaged with the disengager: its Initiative EML, or null when it does not test. */
export interface DisengageFoe {
  id: string;
  eml: number | null;
}

export interface DisengageInput {
  /** The disengager's Initiative EML. */
  eml: number;
  agl: number;
  /** Physical Penalty (levels). */
  pp: number;
  foes: readonly DisengageFoe[];
}

export interface DisengageResult {
  test: { roll: number; eml: number; level: Level };
  foes: { id: string; roll: number | null; eml: number | null; level: Level }[];
  /** `away`: out of every zone and on (equal or higher level); `oneHex`: out, then stop. */
  outcome: "away" | "oneHex";
  /** Mobility EML (G67). */
  mobility: number;
  /** Feet he may move beyond the first hex (½ Mobility EML, rounded down); 0 for `oneHex`. */
  feet: number;
  /** Those feet in whole hexes of 5 ft. */
  hexes: number;
  /** The Stumble Roll of a CF (000:91); null otherwise. */
  stumble: Check | null;
}

const rank = (level: Level) => LEVELS.indexOf(level);

/** Mobility EML (G67): AGL × 5 less 5 × PP, clamped 5..95. */
export function mobilityEml(agl: number, pp: number): number {
  return clamp(agl * 5 - 5 * pp, EML_MIN, EML_MAX);
}

/** A Disengage action through the injected dice (000:85-91). */
export function resolveDisengage(input: DisengageInput, dice: Dice): DisengageResult {
  const eml = clamp(input.eml, EML_MIN, EML_MAX);
  const roll = dice.roll("disengage", 1, 100)[0]!;
  const level = successLevel(roll, eml);
  const foes = input.foes.map((foe, i) => {
    if (foe.eml === null) return { id: foe.id, roll: null, eml: null, level: "MF" as Level };
    const e = clamp(foe.eml, EML_MIN, EML_MAX);
    const r = dice.roll(`disengage.foe.${i}`, 1, 100)[0]!;
    return { id: foe.id, roll: r, eml: e, level: successLevel(r, e) };
  });
  const away = foes.every((f) => rank(level) >= rank(f.level));
  const mobility = mobilityEml(input.agl, input.pp);
  const feet = away ? Math.floor(mobility / 2) : 0;
  const stumble =
    level === "CF" ? stumbleRoll(dice, "disengage.stumble", input.agl, input.pp) : null;
  return {
    test: { roll, eml, level },
    foes,
    outcome: away ? "away" : "oneHex",
    mobility,
    feet,
    hexes: Math.floor(feet / 5),
    stumble,
  };
}
