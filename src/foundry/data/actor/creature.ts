/**
 * Creature (Actor `creature`): a character whose ruleset blocks may carry its own body plan.
 * HM3 (`system.hm3`): a character with its own body plan (locations, aim points
 * per zone, injury ladders), so animals and monsters need no code; null: the human plan.
 * Attributes are whole numbers 1..99 (R28: large beasts exceed the human 30).
 *
 * The model checks only the plan's structure (its fields: ids, regions, whole numbers 0..100,
 * severities, levels). The plan's semantic rules (unique ids, each zone summing to 100, five
 * injury cells, ♦ only on limbs) are not a joint validation: in Foundry a failing
 * `validateJoint` makes the stored actor unloadable, which would defeat R19. The sheet checks
 * the whole plan before writing it, and the derivation falls back to the human plan with a
 * `bodyPlanInvalid` warning (R19) when a stored plan breaks them anyway (macro, import).
 */
import type { AnyMutableObject, EmptyObject } from "fvtt-types/utils";
import { migrateSystemInPlace } from "../../migrations";
import { guardCreate, guardSystem, type PreCreateArgs, type PreUpdateArgs } from "../guard";
import { description } from "../fields";
import { rulesetBlockFields, rulesetPrefixes } from "../../rulesets";
import { deriveActor, type ActorDerivedData } from "./derive";
import { itemsOf } from "./items";
import { PREFIXES } from "../prefixes";

function creatureSchema() {
  return {
    description: description(),
    ...rulesetBlockFields("Actor.creature"),
  };
}
export type CreatureSchema = ReturnType<typeof creatureSchema>;

export class CreatureData extends foundry.abstract.TypeDataModel<
  CreatureSchema,
  Actor.Stored,
  EmptyObject,
  ActorDerivedData
> {
  static override defineSchema(): CreatureSchema {
    return creatureSchema();
  }

  static override LOCALIZATION_PREFIXES = [PREFIXES.actor, ...rulesetPrefixes("Actor.creature")];

  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    migrateSystemInPlace("Actor.creature", source);
    return super.migrateData(source);
  }

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    ...args: PreCreateArgs<CreatureSchema, Actor.Stored>
  ): Promise<boolean | void> {
    guardCreate(this, "Actor.creature", args[0]);
    return super._preCreate(...args);
  }

  protected override async _preUpdate(
    ...args: PreUpdateArgs<CreatureSchema, Actor.Stored>
  ): Promise<boolean | void> {
    guardSystem("Actor.creature", args[0]);
    return super._preUpdate(...args);
  }

  override prepareDerivedData(): void {
    const { derived, errors } = deriveActor("Actor.creature", this, itemsOf(this.parent));
    this.derived = derived;
    this.errors = errors;
  }
}
