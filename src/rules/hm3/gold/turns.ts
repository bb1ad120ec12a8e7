/**
 * HârnMaster Gold house rules, HM3 world options (issue 19): Initiative, disengaging, encumbrance & fatigue, weapon OML and reach (seed 000 lines 85-91, 101-113, 149-154, 368-372).
 * The types below are what this group adds to the HM3 exchange's declaration and result
 * (src/rules/hm3/exchange.ts extends them through ./types.ts); `TURNS_CATALOG` are its
 * attack-dialog rows, each shown only while its option is on (`CatalogRowOption.option`).
 */
import type { CatalogRowOption } from "../../../core/combat";

/** Fields this group adds to the attack (`Hm3Attack`, the CLI's `attack`). */
export type TurnsAttack = Record<never, never>;
/** Fields this group adds to the defence (`Hm3Defence`, the CLI's `defence`). */
export type TurnsDefence = Record<never, never>;
/** Fields this group adds to a combatant (`Hm3Fighter`, the CLI's `attacker`/`defender`). */
export type TurnsFighter = Record<never, never>;
/** Fields this group adds to each strike of the result (`Hm3Strike`). */
export type TurnsStrike = Record<never, never>;
/** Fields this group adds to the exchange result (`Hm3Result`). */
export type TurnsResult = Record<never, never>;

/** The attack dialog's rows for this group's decisions. */
export const TURNS_CATALOG: readonly CatalogRowOption[] = Object.freeze([]);
