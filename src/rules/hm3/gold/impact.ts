/**
 * HârnMaster Gold house rules, HM3 world options (issue 19): Angry strikes, blunt trauma, impact & target size, one- vs two-handed impact (seed 000 lines 17-39, 129-147, 231-241).
 * The types below are what this group adds to the HM3 exchange's declaration and result
 * (src/rules/hm3/exchange.ts extends them through ./types.ts); `IMPACT_CATALOG` are its
 * attack-dialog rows, each shown only while its option is on (`CatalogRowOption.option`).
 */
import type { CatalogRowOption } from "../../../core/combat";
import type { SizeClass } from "./impact-size";
import type { ImpactStrikeReport } from "./impact-strike";
import { IMPACT_ROWS_CATALOG } from "./impact-combat";

export {
  DEFAULT_SIZE_CLASS,
  SIZE_CLASSES,
  SIZE_CLASS_IDS,
  shiftSizeClass,
  sizeAdjusted,
  sizeClassAt,
  type SizeClass,
  type SizeClassSpec,
} from "./impact-size";

/**
 * Fields this group adds to the attack (`Hm3Attack`, the CLI's `attack`). The striking weapon's
 * own (`angry`, `ml`, `blunt`, `handed`) are `ImpactWeapon`'s (./impact-strike.ts), which
 * every `StrikeWeapon` has, a counterstrike's included.
 */
export interface ImpactAttack {
  /** The angry strike is an enraged fighter's involuntary one, EML -10 or -20 (000:27). */
  enraged?: boolean;
}
/** Fields this group adds to the defence (`Hm3Defence`, the CLI's `defence`). */
export type ImpactDefence = Record<never, never>;
/** Fields this group adds to a combatant (`Hm3Fighter`, the CLI's `attacker`/`defender`). */
export interface ImpactFighter {
  /**
   * Impact & target size (000:129-145): the creature's size class; absent: Medium (a human,
   * 000:140).
   */
  sizeClass?: SizeClass;
  /**
   * One creature, many size classes (000:147): a location's own class, by location id (a body
   * plan's location id, or HM3's unsided human location id); a location not listed takes
   * `sizeClass`.
   */
  locationSizeClasses?: Readonly<Record<string, SizeClass>>;
}
/** Fields this group adds to each strike of the result (`Hm3Strike`). */
export type ImpactStrike = ImpactStrikeReport;
/** Fields this group adds to the exchange result (`Hm3Result`). */
export type ImpactResult = Record<never, never>;

/** The attack dialog's rows for this group's decisions. */
export const IMPACT_CATALOG: readonly CatalogRowOption[] = IMPACT_ROWS_CATALOG;
