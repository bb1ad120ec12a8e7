/**
 * The stored shape (`_source.system`) of every document type, as plain TypeScript types. The
 * data models in this folder define the same shape as Foundry schemas; the sheets, migrations
 * and template generator work on these types. One block per registered ruleset
 * (`system.<id>`, its shape in `src/foundry/rulesets/<id>/source.ts`) next to a few
 * ruleset-free fields, so a world switching rulesets keeps every block.
 */
import type { Hand } from "../../core/hands";
import type { RulesetBlockSource } from "../rulesets";
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

// ── Whole system data per type ───────────────────────────────────────────────────────────────

/** Each type's `system`: its ruleset-free fields and one block per registered ruleset. */
export interface CharacterSource extends ActorCommonSource, RulesetBlockSource<"Actor.character"> {}
export interface CreatureSource extends ActorCommonSource, RulesetBlockSource<"Actor.creature"> {}
export interface WeaponSource extends PhysicalSource, RulesetBlockSource<"Item.weapon"> {}
export interface MissileSource extends PhysicalSource, RulesetBlockSource<"Item.missile"> {}
export interface ArmourSource extends PhysicalSource, RulesetBlockSource<"Item.armour"> {}
export interface SkillSource extends ItemCommonSource, RulesetBlockSource<"Item.skill"> {}
export interface InjurySource extends ItemCommonSource, RulesetBlockSource<"Item.injury"> {}
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
