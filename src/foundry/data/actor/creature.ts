/**
 * HM3 creature (Actor `creature`): a character with its own body plan (locations, aim points
 * per zone, injury ladders), so animals and monsters need no code; null: the human plan.
 */
import type { AnyMutableObject, EmptyObject } from "fvtt-types/utils";
import { InputError } from "../../../core/errors";
import { validateBodyPlan } from "../../../rules/hm3/body-plan";
import { migrateSystemInPlace } from "../../migrations";
import { bodyPlan, description, hm3ActorFields } from "../fields";
import type { Hm3BodyPlanSource } from "../source";
import { deriveActor, type Hm3ActorDerivedData } from "./derive";
import { planInput } from "./hm3-input";
import { itemsOf } from "./items";
import { PREFIXES } from "../prefixes";

function creatureSchema() {
  return {
    description: description(),
    hm3: new foundry.data.fields.SchemaField({ ...hm3ActorFields(), bodyPlan: bodyPlan() }),
  };
}
export type CreatureSchema = ReturnType<typeof creatureSchema>;

/**
 * Checks a stored body plan as a whole (ids unique, each zone's points summing to 100 or all
 * 0, five injury cells, ♦ only on arms and legs) with the rules core; throws an Error naming
 * the field (`hm3.bodyPlan.locations[2].aim.high`).
 */
export function checkBodyPlan(plan: Hm3BodyPlanSource | null | undefined): void {
  const input = planInput(plan);
  if (!input) return;
  try {
    validateBodyPlan(input, "hm3.bodyPlan");
  } catch (err) {
    if (err instanceof InputError) throw new Error(err.message, { cause: err });
    throw err;
  }
}

export class CreatureData extends foundry.abstract.TypeDataModel<
  CreatureSchema,
  Actor.Stored,
  EmptyObject,
  Hm3ActorDerivedData
> {
  static override defineSchema(): CreatureSchema {
    return creatureSchema();
  }

  static override LOCALIZATION_PREFIXES = [PREFIXES.actor, PREFIXES.hm3Actor];

  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    migrateSystemInPlace("Actor.creature", source);
    return super.migrateData(source);
  }

  static override validateJoint(data: { hm3?: { bodyPlan?: Hm3BodyPlanSource | null } }): void {
    checkBodyPlan(data.hm3?.bodyPlan);
  }

  override prepareDerivedData(): void {
    const { derived, errors } = deriveActor("Actor.creature", this, itemsOf(this.parent));
    this.derived = derived;
    this.errors = errors;
  }
}
