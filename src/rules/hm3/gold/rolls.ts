/**
 * HârnMaster Gold house rules, HM3 world options (issue 19): Shock, fumble and stumble roll bonuses, penalties and skills; non-lethal attacks (disarm, sweep, tackle); unarmed combat styles (seed 000 lines 156-169, 187-229, 346-366).
 * The types below are what this group adds to the HM3 exchange's declaration and result
 * (src/rules/hm3/exchange.ts extends them through ./types.ts); `ROLLS_CATALOG` are its
 * attack-dialog rows, each shown only while its option is on (`CatalogRowOption.option`).
 */
import type { CatalogRowOption } from "../../../core/combat";

/** Fields this group adds to the attack (`Hm3Attack`, the CLI's `attack`). */
export type RollsAttack = Record<never, never>;
/** Fields this group adds to the defence (`Hm3Defence`, the CLI's `defence`). */
export type RollsDefence = Record<never, never>;
/** Fields this group adds to a combatant (`Hm3Fighter`, the CLI's `attacker`/`defender`). */
export type RollsFighter = Record<never, never>;
/** Fields this group adds to each strike of the result (`Hm3Strike`). */
export type RollsStrike = Record<never, never>;
/** Fields this group adds to the exchange result (`Hm3Result`). */
export type RollsResult = Record<never, never>;

/** The attack dialog's rows for this group's decisions. */
export const ROLLS_CATALOG: readonly CatalogRowOption[] = Object.freeze([]);
