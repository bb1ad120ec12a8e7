/**
 * HârnMaster Gold house rules, HM3 world options (issue 19): Counterstriking, darkness, dodging, feint, mounted combat against adjacent foot, strike recovery (seed 000 lines 59-61, 71-127, 177-185, 338-344).
 * The types below are what this group adds to the HM3 exchange's declaration and result
 * (src/rules/hm3/exchange.ts extends them through ./types.ts); `EML_CATALOG` are its
 * attack-dialog rows, each shown only while its option is on (`CatalogRowOption.option`).
 */
import type { CatalogRowOption } from "../../../core/combat";

/** Fields this group adds to the attack (`Hm3Attack`, the CLI's `attack`). */
export type EmlAttack = Record<never, never>;
/** Fields this group adds to the defence (`Hm3Defence`, the CLI's `defence`). */
export type EmlDefence = Record<never, never>;
/** Fields this group adds to a combatant (`Hm3Fighter`, the CLI's `attacker`/`defender`). */
export type EmlFighter = Record<never, never>;
/** Fields this group adds to each strike of the result (`Hm3Strike`). */
export type EmlStrike = Record<never, never>;
/** Fields this group adds to the exchange result (`Hm3Result`). */
export type EmlResult = Record<never, never>;

/** The attack dialog's rows for this group's decisions. */
export const EML_CATALOG: readonly CatalogRowOption[] = Object.freeze([]);
