/**
 * The stored shape of the HârnMaster zone-die block (`system.hmzd`) of each document type, as
 * plain types (issue 18). The block's schema (`./fields.ts`) defines the same shape as Foundry
 * fields and `./rules.ts` its bounds. "001:L" is a line of seed 001, "Zn" a ruling of
 * `../shared/rules/hmzd.md` §8.
 *
 * hmzd keeps only what the zone-die routine adds to HârnMaster: the attributes, skills (their
 * EMLs), and armour items are the HM3 block's (`system.hm3`), read as they are (Z7, Z13). An
 * armour item has no hmzd block: its AV at a location and aspect is the sum of the HM3 values
 * of the pieces worn there (Z13), read from `system.hm3`.
 */
import type { Region } from "../../../core/body";
import type { HmzdAspect, HmzdState } from "../../../rules/hmzd/types";
import type { HmzdSidesBy, RecoveryAt } from "./rules";

/**
 * `system.hmzd` of a character: the Shock skill, the body plan and the fighter's zone-die state
 * between exchanges, field for field the data of zd-state's `RulesetBlock`
 * (`HmzdBlockData`, src/rules/hmzd/turn.ts) but its `shockEml`, which is derived (Z7): the
 * block persists between fights, since a state and an M injury outlast them (Z15, 001:83).
 */
export interface HmzdCharacterBlock {
  /** The Shock skill's EML (Z7); null: the character has none and tests 5 × Endurance. */
  shock: number | null;
  /** The shock state (001:139-162, §5): none, STN, INC, UNC or KIA. */
  state: HmzdState;
  /**
   * When the state is tested again (Z15): `turnEnd` at the end of the bearer's next turn (STN,
   * INC; `armed` once that turn has started), `clock` when the clock reaches `due` (UNC), `none`.
   */
  recovery: { at: RecoveryAt; armed: boolean; due: number | null };
  /** Game seconds the fighter's state has counted (zd-state's clock). */
  clock: number;
  /** Setup TAs carried to the next round (Z16), by the round they were won in. */
  setups: { round: number; count: number }[];
  /** The combat round he last took an Action TA in (Z6: once a round); null: none. */
  actionRound: number | null;
  /** M injuries not hindering yet (001:83): the injury's key and the clock it hinders from. */
  unhindered: { key: string; until: number }[];
  /** The state's revision (an exchange declared before a change is refused when applied). */
  revision: number;
  /** The id of the shipped body plan the character's strikes are located on (human by default). */
  bodyPlan: string;
}

/**
 * One location of a zone as stored: the engine's `HmzdPlanLocation` (src/rules/hmzd/types.ts)
 * with a name for the sheet.
 */
export interface HmzdLocationSource {
  id: string;
  name: string;
  /** The d10 results (1-10, 0 reads as 10) that land on it, inclusive. */
  d10: { from: number; to: number };
  /** Location shock, added to the Shock Index (001:36-51). */
  shock: number;
  /** Hit on a side when its zone has sides. */
  paired: boolean;
  region: Region;
}

/**
 * One zone of a plan as stored: the engine's `HmzdPlanZone` with a name; its side rule `null`
 * is stored as `by: "none"` with no values.
 */
export interface HmzdZoneSource {
  id: string;
  name: string;
  /** The zone values (placement + ZD − 1) that land in it. */
  values: { from: number; to: number };
  /** The broad region its injuries impair (Z8). */
  region: Region;
  /** How the zone tells left from right (§2: Arms 2 right, 3 left; Legs by parity). */
  sides: { by: HmzdSidesBy; right: number[]; left: number[] };
  locations: HmzdLocationSource[];
}

/** A creature's zone plan (Z14), as stored: the engine's `HmzdPlan` with names. */
export interface HmzdBodyPlanSource {
  id: string;
  name: string;
  zones: HmzdZoneSource[];
}

/** `system.hmzd` of a creature: the character block with its own zone plan. */
export interface HmzdCreatureBlock extends Omit<HmzdCharacterBlock, "bodyPlan"> {
  /** The creature's zone plan; null: the human plan of §2. */
  bodyPlan: HmzdBodyPlanSource | null;
}

/** One attack mode of a weapon (Z12): swing d10+3E, thrust d8+2P, pommel d6+0B. */
export interface HmzdModeSource {
  name: string;
  /** Sides of the impact die (d4 … d12). */
  die: number;
  base: number;
  aspect: HmzdAspect;
}

/** `system.hmzd` of a melee weapon (Z12). */
export interface HmzdWeaponBlock {
  /** Sides of the zone die (001:17): d4 for swords, d6 axes, d8 spears… */
  zoneDie: number;
  modes: HmzdModeSource[];
}

/** `system.hmzd` of a missile weapon (Z4, Z12): d10 zone die unaimed. */
export type HmzdMissileBlock = HmzdWeaponBlock;

/** `system.hmzd` of an injury (§4): severity, level, aspect, where it sits, and its shock roll. */
export interface HmzdInjuryBlock {
  severity: "M" | "S" | "G";
  level: number;
  aspect: HmzdAspect;
  /** The zone id of the plan (`arms`), which actions it impairs (Z8). */
  zone: string;
  side: "none" | "right" | "left";
  /** The location id inside the zone (`shoulder`). */
  location: string;
  /** Its Shock test failed: an M injury impairs 5 at once (§4, Z8). */
  shockFailed: boolean;
}

/** The hmzd block of each type that has one (armour and skills are the HM3 block's, Z13, Z7). */
export interface HmzdBlockSources {
  "Actor.character": HmzdCharacterBlock;
  "Actor.creature": HmzdCreatureBlock;
  "Item.weapon": HmzdWeaponBlock;
  "Item.missile": HmzdMissileBlock;
  "Item.injury": HmzdInjuryBlock;
}
