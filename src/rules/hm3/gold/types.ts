/**
 * What the HârnMaster Gold options (issue 19) add to the HM3 exchange's types, gathered from
 * each group's module. exchange.ts extends its declaration and result types with these.
 */
import type { CatalogRowOption } from "../../../core/combat";
import {
  AIM_CATALOG,
  type AimAttack,
  type AimDefence,
  type AimFighter,
  type AimResult,
  type AimStrike,
} from "./aim";
import {
  IMPACT_CATALOG,
  type ImpactAttack,
  type ImpactDefence,
  type ImpactFighter,
  type ImpactResult,
  type ImpactStrike,
} from "./impact";
import {
  ARMOUR_CATALOG,
  type ArmourAttack,
  type ArmourDefence,
  type ArmourFighter,
  type ArmourResult,
  type ArmourStrike,
} from "./armour";
import {
  EML_CATALOG,
  type EmlAttack,
  type EmlDefence,
  type EmlFighter,
  type EmlResult,
  type EmlStrike,
} from "./eml";
import {
  ROLLS_CATALOG,
  type RollsAttack,
  type RollsDefence,
  type RollsFighter,
  type RollsResult,
  type RollsStrike,
} from "./rolls";
import {
  PAIRED_CATALOG,
  type PairedAttack,
  type PairedDefence,
  type PairedFighter,
  type PairedResult,
  type PairedStrike,
} from "./paired";
import {
  TURNS_CATALOG,
  type TurnsAttack,
  type TurnsDefence,
  type TurnsFighter,
  type TurnsResult,
  type TurnsStrike,
} from "./turns";

export type GoldAttack = AimAttack &
  ImpactAttack &
  ArmourAttack &
  EmlAttack &
  RollsAttack &
  PairedAttack &
  TurnsAttack;
export type GoldDefence = AimDefence &
  ImpactDefence &
  ArmourDefence &
  EmlDefence &
  RollsDefence &
  PairedDefence &
  TurnsDefence;
export type GoldFighter = AimFighter &
  ImpactFighter &
  ArmourFighter &
  EmlFighter &
  RollsFighter &
  PairedFighter &
  TurnsFighter;
export type GoldStrike = AimStrike &
  ImpactStrike &
  ArmourStrike &
  EmlStrike &
  RollsStrike &
  PairedStrike &
  TurnsStrike;
export type GoldResult = AimResult &
  ImpactResult &
  ArmourResult &
  EmlResult &
  RollsResult &
  PairedResult &
  TurnsResult;

/** Every Gold row of the HM3 attack dialog, each gated by its option (`option`). */
export const GOLD_CATALOG: readonly CatalogRowOption[] = Object.freeze([
  ...AIM_CATALOG,
  ...IMPACT_CATALOG,
  ...ARMOUR_CATALOG,
  ...EML_CATALOG,
  ...ROLLS_CATALOG,
  ...PAIRED_CATALOG,
  ...TURNS_CATALOG,
]);
