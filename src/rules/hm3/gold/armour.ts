/**
 * HârnMaster Gold house rules, HM3 world options (issue 19): Cutting weapons, random aspect, ring & scale armour, weapon damage checks (seed 000 lines 63-69, 328-336, 368).
 * The types below are what this group adds to the HM3 exchange's declaration and result
 * (src/rules/hm3/exchange.ts extends them through ./types.ts); `ARMOUR_CATALOG` are its
 * attack-dialog rows, each shown only while its option is on (`CatalogRowOption.option`).
 */
import type { CatalogRowOption } from "../../../core/combat";

/** Fields this group adds to the attack (`Hm3Attack`, the CLI's `attack`). */
export type ArmourAttack = Record<never, never>;
/** Fields this group adds to the defence (`Hm3Defence`, the CLI's `defence`). */
export type ArmourDefence = Record<never, never>;
/** Fields this group adds to a combatant (`Hm3Fighter`, the CLI's `attacker`/`defender`). */
export type ArmourFighter = Record<never, never>;
/** Fields this group adds to each strike of the result (`Hm3Strike`). */
export type ArmourStrike = Record<never, never>;
/** Fields this group adds to the exchange result (`Hm3Result`). */
export type ArmourResult = Record<never, never>;

/** The attack dialog's rows for this group's decisions. */
export const ARMOUR_CATALOG: readonly CatalogRowOption[] = Object.freeze([]);
