/**
 * The stored shape (`_source.system`) of every document type, as plain TypeScript types. The
 * data models in this folder define the same shape as Foundry schemas; the sheets, migrations
 * and template generator work on these types. One block per ruleset (`hm3`; later `m2m`, …)
 * next to a few ruleset-free fields, so a world switching rulesets keeps every block.
 */
import type {
  Hand,
  HandMode,
  Hm3Attributes,
  Hm3AttributeId,
  Hm3InjuryCellInput,
  SkillCategory,
} from "../../rules/hm3/character-types";
import type { Region } from "../../core/body";
import type { AimZone, Aspect, Material, RangeBand, Severity } from "../../rules/hm3/tables";
import type { Velocity } from "../../rules/hm3/eml";
import { FLOW_STATES, type ExchangeCard, type FlowState } from "../../core/flow";

// ── Ruleset-free parts ───────────────────────────────────────────────────────────────────────

export interface ActorCommonSource {
  /** HTML. */
  description: string;
}

export interface ItemCommonSource {
  /** HTML. */
  description: string;
}

/** Fields of every physical item (weapon, missile, armour, gear). */
export interface PhysicalSource extends ItemCommonSource {
  quantity: number;
  /** Weight of one, in lb. */
  weight: number;
  /** Counts toward the load (false: left at camp, on the horse…). */
  carried: boolean;
  /** Worn (armour) or ready for use (weapons). */
  equipped: boolean;
  held: Hand;
}

// ── HM3 blocks ───────────────────────────────────────────────────────────────────────────────

export interface Hm3ActorBlock {
  attributes: Hm3Attributes;
  /** Fatigue levels, part of the Universal Penalty. */
  fatigue: number;
  /** Encumbrance entered by the GM; null: computed from the load. */
  encumbrance: number | null;
}

export interface Hm3PlanLocationSource {
  id: string;
  name: string;
  region: Region;
  paired: boolean;
  aim: Record<AimZone, number>;
  injury: Hm3InjuryCellInput[];
}

export interface Hm3BodyPlanSource {
  name: string;
  locations: Hm3PlanLocationSource[];
}

export interface Hm3CreatureBlock extends Hm3ActorBlock {
  /** The creature's body plan; null: the human plan. */
  bodyPlan: Hm3BodyPlanSource | null;
}

export interface Hm3SkillBlock {
  category: SkillCategory;
  sbAttributes: Hm3AttributeId[];
  sbModifier: number;
  skillBase: number | null;
  ml: number;
}

export interface Hm3WeaponBlock {
  skill: string;
  /** null: no weapon quality (ruling R41). */
  wq: number | null;
  attack: number;
  defence: number;
  /** null where the weapon has no such aspect. */
  impact: Record<Aspect, number | null>;
  handMode: HandMode;
  shield: boolean;
}

export interface Hm3MissileBlock {
  skill: string;
  aspect: Aspect;
  velocity: Velocity;
  /** null: no weapon quality (ruling R41). */
  wq: number | null;
  ranges: Record<RangeBand, { range: number; impact: number }>;
}

export interface Hm3ArmourBlock {
  material: Material;
  quality: number;
  enchantment: number;
  locations: string[];
}

export interface Hm3InjuryBlock {
  location: string;
  aspect: string;
  severity: Severity;
  level: number;
  healingRate: number;
  bleeding: boolean;
}

// ── Whole system data per type ───────────────────────────────────────────────────────────────

export interface CharacterSource extends ActorCommonSource {
  hm3: Hm3ActorBlock;
}
export interface CreatureSource extends ActorCommonSource {
  hm3: Hm3CreatureBlock;
}
export interface WeaponSource extends PhysicalSource {
  hm3: Hm3WeaponBlock;
}
export interface MissileSource extends PhysicalSource {
  hm3: Hm3MissileBlock;
}
export interface ArmourSource extends PhysicalSource {
  hm3: Hm3ArmourBlock;
}
export interface SkillSource extends ItemCommonSource {
  hm3: Hm3SkillBlock;
}
export interface InjurySource extends ItemCommonSource {
  hm3: Hm3InjuryBlock;
}
export type GearSource = PhysicalSource;

/** State of a combat exchange card (the flow's states, src/core/flow.ts). */
export const EXCHANGE_STATES = FLOW_STATES;
export type ExchangeState = FlowState;

/**
 * The `system` of an exchange chat message: the flow's `ExchangeCard` (src/core/flow.ts), the
 * whole state of one exchange as plain JSON. Its declaration, context, choices, rolls, pending
 * prompt, result, applied record and advantages are JSON fields (their shape is the ruleset's).
 */
export type ExchangeSource = ExchangeCard;

export interface CombatantSource {
  /** Tactical advantages taken in the current character turn. */
  advantages: number;
  /** The turn the count belongs to (`round.turn`); a different turn resets it. */
  turnKey: string;
}

export interface SourceByType {
  Actor: { character: CharacterSource; creature: CreatureSource };
  Item: {
    weapon: WeaponSource;
    missile: MissileSource;
    armour: ArmourSource;
    skill: SkillSource;
    injury: InjurySource;
    gear: GearSource;
  };
}
