/**
 * Class hints (`RollClassifier`, src/core/dice.ts) for the rolls the HârnMaster Gold options
 * add: what the engine reads of a roll, so the exact odds (src/core/enumerate.ts) branch once per
 * class instead of once per face. Each is held by test/hm3/odds-gold.test.ts: turned off, it
 * changes no figure.
 */
import type { RollClassifier } from "../../../core/dice";
import { successLevel } from "../mechanics";

/** Dice read through their total only (impact, a tangle penalty, a damage factor). */
export const TOTAL_HINT: RollClassifier = (total) => total;

/** A d100 test read through its success level against the target `arg`. */
export const LEVEL_HINT: RollClassifier = (roll, target) => successLevel(roll, target);
