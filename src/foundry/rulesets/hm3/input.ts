/**
 * Builds the rules core's `Hm3CharacterInput` from an actor's stored `system` and its items.
 * Pure (no Foundry globals): the data models call it from `prepareDerivedData` with the
 * actor's prepared data and its embedded items; tests call it with plain objects. Every value
 * is copied, so the derivation cannot change the actor's data.
 */
import { copy } from "../../../core/data";
import type {
  Hm3ArmourInput,
  Hm3BodyPlanInput,
  Hm3CharacterInput,
  Hm3InjuryInput,
  Hm3LoadInput,
  Hm3MissileInput,
  Hm3SkillInput,
  Hm3WeaponInput,
} from "../../../rules/hm3/character-types";
import { HM3_CREATURE_ATTRIBUTE_MAX } from "../../../rules/hm3/character-types";
import { CREATURE_PLAN_ID, creaturePlanInput } from "../../../rules/hm3/body-plan";
import type {
  ArmourSource,
  CharacterSource,
  CreatureSource,
  GearSource,
  InjurySource,
  MissileSource,
  PhysicalSource,
  SkillSource,
  WeaponSource,
} from "../../data/source";
import type { ItemLike } from "../contract";
import type { Hm3BodyPlanSource } from "./source";

export type { ItemLike };

/** Id given to a creature's own body plan (the rules' own constant, re-exported). */
export { CREATURE_PLAN_ID };

const PHYSICAL_TYPES = ["weapon", "missile", "armour", "gear"] as const;

function hasBodyPlan(system: CharacterSource | CreatureSource): system is CreatureSource {
  return "bodyPlan" in system.hm3;
}

/**
 * The creature's plan as the core reads it; absent (human plan) when the actor has none. The
 * rules' `creaturePlanInput`, so the combat rules build the same plan from a snapshot.
 */
export function planInput(
  plan: Hm3BodyPlanSource | null | undefined,
): Hm3BodyPlanInput | undefined {
  return creaturePlanInput(plan);
}

/** Maps an actor's system data and items to the input of `deriveHm3Character`. */
export function hm3Input(
  system: CharacterSource | CreatureSource,
  items: readonly ItemLike[],
): Hm3CharacterInput {
  const of = <T>(type: string) =>
    items
      .filter((i) => i.type === type)
      .map((i) => ({ id: i.id ?? "", name: i.name, system: i.system as T }));

  const skills = of<SkillSource>("skill").map(
    ({ id, name, system: s }): Hm3SkillInput => ({
      id,
      name,
      category: s.hm3.category,
      sbAttributes: [...s.hm3.sbAttributes],
      sbModifier: s.hm3.sbModifier,
      skillBase: s.hm3.skillBase,
      ml: s.hm3.ml,
    }),
  );
  const weapons = of<WeaponSource>("weapon").map(
    ({ id, name, system: s }): Hm3WeaponInput => ({
      id,
      name,
      skill: s.hm3.skill,
      wq: s.hm3.wq,
      attack: s.hm3.attack,
      defence: s.hm3.defence,
      impact: { ...s.hm3.impact },
      handMode: s.hm3.handMode,
      shield: s.hm3.shield,
      equipped: s.equipped,
      held: s.held,
    }),
  );
  const missiles = of<MissileSource>("missile").map(
    ({ id, name, system: s }): Hm3MissileInput => ({
      id,
      name,
      skill: s.hm3.skill,
      aspect: s.hm3.aspect,
      velocity: s.hm3.velocity,
      wq: s.hm3.wq,
      ranges: copy(s.hm3.ranges),
      equipped: s.equipped,
      held: s.held,
    }),
  );
  const armour = of<ArmourSource>("armour").map(
    ({ id, name, system: s }): Hm3ArmourInput => ({
      id,
      name,
      material: s.hm3.material,
      quality: s.hm3.quality,
      enchantment: s.hm3.enchantment,
      locations: [...s.hm3.locations],
      equipped: s.equipped,
      squeeze: s.hm3.squeeze ?? null,
      tear: s.hm3.tear ?? null,
    }),
  );
  const injuries = of<InjurySource>("injury").map(
    ({ id, system: s }): Hm3InjuryInput => ({
      id,
      location: s.hm3.location,
      aspect: s.hm3.aspect,
      severity: s.hm3.severity,
      level: s.hm3.level,
      healingRate: s.hm3.healingRate,
      bleeding: s.hm3.bleeding,
    }),
  );
  const load = items
    .filter((i) => (PHYSICAL_TYPES as readonly string[]).includes(i.type))
    .map((i): Hm3LoadInput => {
      const s = i.system as PhysicalSource | GearSource;
      return { id: i.id ?? "", weight: s.weight, quantity: s.quantity, carried: s.carried };
    });

  const input: Hm3CharacterInput = {
    attributes: { ...system.hm3.attributes },
    fatigue: system.hm3.fatigue,
    encumbranceOverride: system.hm3.encumbrance,
    skills,
    weapons,
    missiles,
    armour,
    injuries,
    load,
  };
  // HârnMaster Gold unarmed combat style (G49): the Kamtóla skill base reads it (G91).
  if (system.hm3.unarmedStyle) input.unarmedStyle = system.hm3.unarmedStyle;
  if (hasBodyPlan(system)) {
    // A creature: attributes up to 99 (R28); its own plan, or the human plan when null.
    input.attributeMax = HM3_CREATURE_ATTRIBUTE_MAX;
    const plan = planInput(system.hm3.bodyPlan);
    if (plan) input.bodyPlan = plan;
  }
  return input;
}
