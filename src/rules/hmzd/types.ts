/**
 * The public types of the HârnMaster zone-die ruleset (`hmzd`: seed 001 with
 * `../shared/rules/hmzd.md`, whose rulings Z1-Z16 the comments cite; the project's own rulings
 * from Z17 are in docs/rulings.md). Everything here is plain serialisable data: declarations,
 * choices, states and results are stored in chat messages and replay from their rolls.
 */
import type { Region } from "../../core/body";
import type { ExchangeRecord, Side } from "../../core/ruleset";
import type { Target } from "../../core/modifiers";

// ── Levels (§1, Z1) ─────────────────────────────────────────────────────────────────────────

/** Success levels, worst to best (001:11; the seed's "E" is OCR for F). */
export const HMZD_LEVELS = ["CF", "F", "S", "CS"] as const;
export type HmzdLevel = (typeof HMZD_LEVELS)[number];

/** Shock states (001:154-162); `none` is the table's "•". */
export const HMZD_STATES = ["none", "STN", "INC", "UNC", "KIA"] as const;
export type HmzdState = (typeof HMZD_STATES)[number];
/** The states a combatant can be in when an exchange starts (a KIA one fights no more). */
export const HMZD_FIGHTER_STATES = ["none", "STN", "INC", "UNC"] as const;
export type HmzdFighterState = (typeof HMZD_FIGHTER_STATES)[number];

// ── Weapons, aspects (§3, Z12) ──────────────────────────────────────────────────────────────

/** Impact aspects (001:93, 107): Blunt, Edge, Point and Fire (fire or frost). */
export const HMZD_ASPECTS = ["blunt", "edge", "point", "fire"] as const;
export type HmzdAspect = (typeof HMZD_ASPECTS)[number];

/** A weapon mode's impact: its die, its base and its aspect (d10+3E is `{10, 3, "edge"}`). */
export interface HmzdImpact {
  /** Sides of the impact die (d10 → 10). */
  die: number;
  /** The base added to the die; may be negative (a terrier's bite d6−4P, 001:101). */
  base: number;
  aspect: HmzdAspect;
}

/** A weapon as one attack mode strikes with it: its zone die (001:17) and its impact. */
export interface HmzdWeapon {
  /** Sides of the zone die (d4 → 4). */
  zoneDie: number;
  impact: HmzdImpact;
}

// ── Body plans (§2, Z14) ────────────────────────────────────────────────────────────────────

/** A whole-number range, both ends included. */
export interface HmzdRange {
  from: number;
  to: number;
}

/** One location of a zone: the d10 values that pick it and its location shock (001:36-51). */
export interface HmzdPlanLocation {
  /** Unsided id (`shoulder`); a paired location is hit on a side (`left-shoulder`). */
  id: string;
  /** The d10 values (1..10, 0 reads 10) that pick it. */
  d10: HmzdRange;
  /** Location shock, added to the Shock Index (001:123). */
  shock: number;
  /** Hit on a side when its zone has sides (`left-`/`right-` ids, armour keys, effects). */
  paired: boolean;
  region: Region;
}

/**
 * How a zone tells left from right: by the zone value rolled (the human Arms, ZD 2 right and 3
 * left, 001:23; Legs by parity, §2 ruling) or by the d10 location die (a creature zone of one
 * value holding both forelegs). Zone or die values not listed under either side are unsided.
 */
export interface HmzdSideRule {
  by: "zone" | "location";
  right: readonly number[];
  left: readonly number[];
}

/** One zone of a plan: the zone values (placement + ZD − 1) that land in it, and its locations. */
export interface HmzdPlanZone {
  /** `head`, `arms`, `torso`, `legs` for the human plan. */
  id: string;
  values: HmzdRange;
  /** The broad region its injuries impair (Z8). */
  region: Region;
  /** Its side rule; null for an unsided zone (head, torso). */
  sides: HmzdSideRule | null;
  /** The d10 locations, together covering 1..10 without overlap. */
  locations: readonly HmzdPlanLocation[];
}

/**
 * A zone-die body plan (Z14): the zones cover 1..`zoneCount` without gaps or overlap, in order.
 * The human plan is §2's table; creature plans (dog, horse) are the same data.
 */
export interface HmzdPlan {
  id: string;
  /** The highest zone value; the human plan has 10. */
  zoneCount: number;
  zones: readonly HmzdPlanZone[];
}

/** Armour value by aspect at one location (missing aspects are 0). */
export type HmzdProtection = Partial<Record<HmzdAspect, number>>;

/**
 * Armour by location id, as in hm3 (Z13): an unsided id (`shoulder`) covers both sides, a sided
 * id (`left-shoulder`) overrides it for that side.
 */
export type HmzdArmourMap = Readonly<Record<string, HmzdProtection>>;

// ── The declaration ─────────────────────────────────────────────────────────────────────────

/** What the exchange needs of a combatant. */
export interface HmzdFighter {
  /** Strength: the STR impact modifier of this fighter's strikes (§3). */
  str: number;
  /** Shock EML (Z7): the Shock skill, or 5 × endurance when the character has none. */
  shock: number;
  endurance: number;
  dex: number;
  agl: number;
  /** Shock state as the exchange starts (Z2, Z3). */
  state: HmzdFighterState;
  /** Setup TAs owed to this fighter's test in this exchange (Z16): +1 level each. */
  setup: number;
  /** This fighter already took an Action TA this round (Z6: at most one a round). */
  actionTaken: boolean;
  armour: HmzdArmourMap;
  /** The fighter's body plan (Z14); the human plan when the input named none. */
  plan: HmzdPlan;
}

export type HmzdAttackType = "melee" | "missile";

export interface HmzdAttack {
  type: HmzdAttackType;
  /** EML before clamping, itemised; a test clamps it to 5..95 (§1). */
  eml: Target;
  weapon: HmzdWeapon;
  /** The attack mode's name (`swing`, `thrust`, `pommel`), for the card; optional. */
  mode?: string;
  /** The zone value the zone die starts from (001:25; default 1). */
  placement: number;
  /** A missile aimed at `placement` rolls d6 from there; unaimed, the whole body (Z4). */
  aimed: boolean;
}

export const HMZD_DEFENCES = ["block", "dodge", "counterstrike", "ignore"] as const;
export type HmzdDefenceType = (typeof HMZD_DEFENCES)[number];

/** The defender's answer to the `defence` prompt. */
export interface HmzdDefence {
  type: HmzdDefenceType;
  /** EML before clamping, itemised; absent for Ignore. */
  eml?: Target;
  /** The counterstriking weapon (Counterstrike only). */
  weapon?: HmzdWeapon;
  mode?: string;
  /** The counterstrike's placement (default 1). */
  placement?: number;
  /** A Block against a missile must be made with a shield (Z4). */
  shield?: boolean;
}

export interface HmzdOptions {
  /**
   * The zone-die special effects of Z10 (world option, on by default): the exchange calls
   * `special.ts` once after each strike's Shock roll (`strike.special`).
   */
  specialEffects: boolean;
}

export interface HmzdDeclaration {
  attack: HmzdAttack;
  attacker: HmzdFighter;
  defender: HmzdFighter;
  options: HmzdOptions;
}

// ── Choices ─────────────────────────────────────────────────────────────────────────────────

/** The Tactical Advantage types (001:164-172). */
export const HMZD_TA_TYPES = ["impact", "precision", "action", "setup"] as const;
export type HmzdTaType = (typeof HMZD_TA_TYPES)[number];

/** The victor's answer to the `spendStars` prompt (Z6): how many TAs of each type. */
export interface HmzdSpend {
  impact: number;
  precision: number;
  action: number;
  setup: number;
}

/** The striker's answer to the `pickZone` prompt (Z5): the index in `zoneRolls` kept. */
export interface HmzdPick {
  index: number;
}

export type HmzdChoice =
  | { kind: "defence"; defence: HmzdDefence }
  | { kind: "spendStars"; spend: HmzdSpend }
  | { kind: "pickZone"; pick: HmzdPick };

// ── The result (the output contract) ────────────────────────────────────────────────

/** One side's opposed test (§1). */
export interface HmzdTest {
  /** The EML rolled against, clamped 5..95. */
  target: number;
  /** The d100; null for the melee attacker of an UNC defender (Z3, Z40: no roll, CS). */
  roll: number | null;
  /** The level after STN (−1, Z2) and Setup (+1 each, Z16) shifts. */
  level: HmzdLevel;
  /** The roll's own level. */
  rolledLevel: HmzdLevel;
  /**
   * The level as stars count it (Z1: CF 0, F 1, S 2, CS 3; a stunned CF −1; beyond CS, Z17):
   * `level` is this clamped to CF..CS.
   */
  value: number;
  /** The itemised EML. */
  eml: Target;
}

/** The Shock roll and its Shock Index (§5, Z7). */
export interface HmzdShock {
  /** The Shock EML rolled against, clamped 5..95. */
  target: number;
  roll: number;
  level: HmzdLevel;
  /** CF +2, F +1, S 0, CS −1 (001:151-152). */
  modifier: number;
  locationShock: number;
  /** modifier + location shock + injury level. */
  index: number;
  /** The state this Shock Index gives (001:154-155), before the victim's current state (Z15). */
  state: HmzdState;
}

/** One 3d6 roll against an attribute (the Fumble and Stumble rolls of Z10, as HM3's). */
export interface HmzdCheck {
  /** The roll's name (`fumble`, `stumble`, `counter.fumble`, `counter.stumble`). */
  roll: string;
  dice: number;
  values: number[];
  total: number;
  /** DEX for a Fumble roll, AGL for a Stumble roll. */
  target: number;
  /** total > target: he drops what the hand holds, or falls prone. */
  failed: boolean;
}

/** What the injury's special-effect symbol did (001:79, 001:89, Z10; `special.ts`). */
export interface HmzdStrikeSpecial {
  /** □ `square` (M1, S2), ● `dot` (S3, G4), ▽ `triangle` (G5). */
  symbol: "square" | "dot" | "triangle";
  /** The Fumble roll (□ on an arm location); null when none was called for. */
  fumble: HmzdCheck | null;
  /** The Stumble roll (□ on a leg location); null when none was called for. */
  stumble: HmzdCheck | null;
  /** ● or ▽ from Edge or Point: the victim bleeds. */
  bleeding: boolean;
  /** ▽ from Edge: the GM decides whether the limb is lost (no automatic effect). */
  amputation: boolean;
}

/** A strike that landed: location, impact, armour, injury and shock. */
export interface HmzdStrike {
  by: Side;
  /** The zone id the kept zone result falls in (`arms`). */
  zone: string;
  /** The kept zone value: placement + zone die − 1. */
  zoneValue: number;
  /** Every zone die rolled: `zone`, then `zone.1`… (Precision, Z5). */
  zoneRolls: number[];
  /** The index in `zoneRolls` kept (0 unless a Precision pick chose another). */
  zonePick: number;
  zoneDie: number;
  placement: number;
  /** Sided id (`left-shoulder`) for a paired location in a sided zone, else the bare id. */
  location: string;
  side: "left" | "right" | null;
  /** The location's region (an arm or leg location calls Z10's fumble or stumble rolls). */
  region: Region;
  /** The d10 as rolled (10 for the die's 0). */
  locationRoll: number;
  impactRoll: number;
  /** The weapon's base (the impact die's +N). */
  impactBase: number;
  strModifier: number;
  /** Impact TAs spent on this strike (+5 each, 001:168). */
  impactTAs: number;
  /** Strike impact: die + base + STR modifier + 5 × Impact TAs. */
  impact: number;
  aspect: HmzdAspect;
  armour: number;
  effectiveImpact: number;
  /** `M1`…`G5`, or null for an effective impact of 0 or less (Z9). */
  injury: string | null;
  injuryLevel: number;
  /** The Shock roll; null when there is no injury (Z9). */
  shock: HmzdShock | null;
  /**
   * The special effects of the injury's symbol (Z10), rolled after the Shock roll; null when
   * there is no injury or the world option `specialEffects` is off.
   */
  special: HmzdStrikeSpecial | null;
}

/** The TAs the victor took. */
export type HmzdSpent = HmzdSpend;

export interface HmzdResult extends ExchangeRecord {
  ruleset: "hmzd";
  attackType: HmzdAttackType;
  defenceType: HmzdDefenceType;
  attack: HmzdTest;
  /** null when the defender Ignored (by choice, or forced by INC/UNC, Z3). */
  defence: HmzdTest | null;
  /** Stars of victory (0 when no victor). */
  stars: number;
  victor: Side | null;
  /** stars − 1, or 0. */
  tacticalAdvantages: number;
  spent: HmzdSpent;
  /** The strike that landed: the attacker's, or the defender's winning counterstrike. */
  strike: HmzdStrike | null;
}

// ── The exchange state ──────────────────────────────────────────────────────────────────────

/** Where the exchange stands (stored in the chat message; plain data). */
export interface HmzdExchangeState {
  decl: HmzdDeclaration;
  /** The defence once chosen (or forced). */
  defence: HmzdDefence | null;
  /** Every roll so far, in order. */
  rolls: ExchangeRecord["rolls"];
  choices: ExchangeRecord["choices"];
  attack: HmzdTest | null;
  defenceTest: HmzdTest | null;
  stars: number;
  victor: Side | null;
  spent: HmzdSpend | null;
  /** The zone dice rolled so far and the d10, while the Precision pick is pending. */
  zoneRolls: number[] | null;
  locationRoll: number | null;
  /** The next prompt, or null when resolved. */
  next: "defence" | "spendStars" | "pickZone" | null;
  result: HmzdResult | null;
}
