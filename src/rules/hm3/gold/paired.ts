/**
 * HârnMaster Gold house rules, HM3 world options (issue 19): Paired weapons (double strike, tangle & strike), the reaction roll, brute force and ignorance against objects (seed 000 lines 41-57, 243-326).
 * The types below are what this group adds to the HM3 exchange's declaration and result
 * (src/rules/hm3/exchange.ts extends them through ./types.ts); `PAIRED_CATALOG` are its
 * attack-dialog rows, each shown only while its option is on (`CatalogRowOption.option`).
 */
import type { CatalogRowOption } from "../../../core/combat";

/** Fields this group adds to the attack (`Hm3Attack`, the CLI's `attack`). */
export type PairedAttack = Record<never, never>;
/** Fields this group adds to the defence (`Hm3Defence`, the CLI's `defence`). */
export type PairedDefence = Record<never, never>;
/** Fields this group adds to a combatant (`Hm3Fighter`, the CLI's `attacker`/`defender`). */
export type PairedFighter = Record<never, never>;
/** Fields this group adds to each strike of the result (`Hm3Strike`). */
export type PairedStrike = Record<never, never>;
/** Fields this group adds to the exchange result (`Hm3Result`). */
export type PairedResult = Record<never, never>;

/** The attack dialog's rows for this group's decisions. */
export const PAIRED_CATALOG: readonly CatalogRowOption[] = Object.freeze([]);
