/**
 * An HM3 exchange's data: the declaration, the defence, the strikes and the result (the Gold
 * options extend each), the options and the matrix lookups (hm3.md §1).
 */
import type { ExchangeRecord, Side } from "../../core/ruleset";
import type { Target } from "../../core/modifiers";
import { GOLD_DEFAULTS, type GoldOptions } from "./gold/options";
import type { GoldAttack, GoldDefence, GoldFighter, GoldResult, GoldStrike } from "./gold/types";
import { type ImpactWeapon } from "./gold/impact-strike";
import { type ArmourWeapon } from "./gold/armour";
import type { Hm3BodyPlanInput } from "./character-types";
import { type ArmourMap, type Check, type Flammable } from "./mechanics";
import {
  MELEE_MATRIX,
  MISSILE_MATRIX,
  type AimZone,
  type DefenceType,
  type Level,
  type ResultCode,
} from "./tables";

/** What the exchange needs to know of a combatant (the Gold options add `GoldFighter`). */
export interface Hm3Fighter extends GoldFighter {
  endurance: number;
  /** Universal Penalty before this exchange. */
  up: number;
  dex: number;
  agl: number;
  /** Physical Penalty before this exchange. */
  pp: number;
  armour: ArmourMap;
  /** Flammable material worn by location (`flammableFromLayers`), for fire strikes. */
  flammable?: Readonly<Record<string, Flammable>>;
  /**
   * A creature's body plan (validated, `validateBodyPlan`): strikes on this fighter take their
   * location and injury from it, and armour keys are its location ids. Absent: the human
   * tables of seed 003.
   */
  bodyPlan?: Hm3BodyPlanInput;
}

/** A fire strike on Cloth or Quilt (seed 003 line 277). */
export interface Ignition {
  material: Flammable;
  /** d100: 01-50 ignites (a 50% chance, docs/rulings.md R12). */
  roll: number;
  ignited: boolean;
  /** Burn injury each Combat Turn while it burns. */
  burn: string;
  turns: number;
}

/** A weapon used to strike: aspect (with creature aliases), aim and impact for that aspect. */
export interface StrikeWeapon extends ImpactWeapon, ArmourWeapon {
  aspect: string;
  aim: AimZone;
  impact: number;
  wq?: number;
}

export interface Hm3Attack extends StrikeWeapon, GoldAttack {
  type: "melee" | "missile";
  /** EML before clamping, itemised. */
  target: Target;
}

/**
 * The world's optional rules: HM3's own (hm3.md §2) and the HârnMaster Gold house rules of seed
 * 000 (gold/options.ts, issue 19), among them `limbInjuries` (ruling R29: a level 4 or 5 wound
 * that does not kill makes an arm or leg unusable). Every Gold option is off by default.
 */
export interface Hm3Options extends GoldOptions {
  /** Kill roll instead of automatic death on K4/K5. Default off. */
  killRoll: boolean;
  /** Amputation rolls on ▼ cells struck by Edge. Default on. */
  amputation: boolean;
  /** Bleeding from G4 or worse by Edge or Point. Default off. */
  bleeding: boolean;
}

export const DEFAULT_OPTIONS: Readonly<Hm3Options> = Object.freeze({
  killRoll: false,
  amputation: true,
  bleeding: false,
  ...GOLD_DEFAULTS,
});

/** What the defender has in hand: Block needs a weapon or shield, Counterstrike a weapon. */
export interface Hm3Holds {
  weapon: boolean;
  shield: boolean;
}

export interface Hm3Declaration {
  attack: Hm3Attack;
  attacker: Hm3Fighter;
  defender: Hm3Fighter;
  options: Hm3Options;
  /** Absent: the defender holds both (the CLI takes the defence as given). */
  defenderHolds?: Hm3Holds;
}

export interface Hm3Defence extends GoldDefence {
  type: DefenceType;
  /** EML before clamping, itemised; absent for Ignore. */
  target?: Target;
  /** The blocking weapon's or shield's WQ (weapon damage roll on Block). */
  wq?: number;
  /** The counterstriking weapon. */
  strike?: StrikeWeapon;
}

export interface TestResult {
  target: number;
  raw: number;
  roll: number;
  level: Level;
  eml: Target;
}

export interface Hm3Strike extends GoldStrike {
  by: Side;
  dice: number;
  aim: AimZone;
  locationRoll: number;
  location: string;
  face: string | null;
  faceRoll: number | null;
  aspect: string;
  weaponImpact: number;
  impactRolls: number[];
  impact: number;
  armour: number;
  effectiveImpact: number;
  injury: string | null;
  injuryLevel: number;
  /** The table's severity before a kill roll turned K into G. */
  tableInjury: string | null;
  fumbleRoll: boolean;
  stumbleRoll: boolean;
  amputationRoll: boolean;
  kill: boolean;
  bleeding: boolean;
  /**
   * With the limb-injuries option, the limb this wound makes unusable (ruling R29): `arm` (what
   * it holds is dropped) or `leg` (the victim falls prone); null otherwise.
   */
  limbInjury: "arm" | "leg" | null;
  killCheck: Check | null;
  shock: Check | null;
  fumble: Check | null;
  stumble: Check | null;
  ignition: Ignition | null;
}

export interface WeaponDamage {
  side: Side;
  /** The weapon's WQ as declared. */
  wq: number;
  check: Check;
  /**
   * The roll failed (3d6 above WQ): the weapon gave way and the other weapon makes no roll
   * (hm3.md §2). Ruling R31: the weapon loses 1 WQ and is broken only when that leaves WQ 0;
   * the `weaponDamaged` effect says which.
   */
  broken: boolean;
}

export interface Hm3Result extends ExchangeRecord, GoldResult {
  ruleset: "hm3";
  attackType: "melee" | "missile";
  defenceType: DefenceType;
  attack: TestResult;
  defence: TestResult | null;
  result: ResultCode;
  strikes: Hm3Strike[];
  fumbles: { side: Side; check: Check }[];
  stumbles: { side: Side; check: Check }[];
  weaponDamage: WeaponDamage[];
  /** Weapons with no WQ given when a Block called for their roll. */
  weaponDamageSkipped: Side[];
  tacticalAdvantage: Side | null;
  wild: boolean;
}

/** The matrix cell for an attack type, both levels and the defence (hm3.md §1 column order). */
export function matrixResult(
  attackType: "melee" | "missile",
  defence: DefenceType,
  attackLevel: Level,
  defenceLevel: Level | null,
): ResultCode {
  const matrix = attackType === "melee" ? MELEE_MATRIX : MISSILE_MATRIX;
  const row = matrix[attackLevel];
  if (defence === "ignore") return row.ignore;
  if (defenceLevel === null) throw new Error(`The ${defence} defence needs a level.`);
  const column = row.vs[defence];
  if (!column) throw new Error(`${defence} is not a defence against a ${attackType} attack.`);
  return column[defenceLevel];
}

/** The strikes a result code delivers: who strikes with how many d6. */
export function strikesOf(code: ResultCode): { by: Side; dice: number }[] {
  const m = /^([ADBM])\*(\d)$/.exec(code);
  if (!m) return [];
  const dice = Number(m[2]);
  switch (m[1]) {
    case "A":
    case "M":
      return [{ by: "attacker", dice }];
    case "D":
      return [{ by: "defender", dice }];
    default:
      return [
        { by: "attacker", dice },
        { by: "defender", dice },
      ];
  }
}
