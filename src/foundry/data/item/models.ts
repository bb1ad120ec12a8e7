/**
 * Item data models: weapon (melee weapons and shields), missile, armour, skill, injury, gear.
 * Each stores the ruleset-free fields (description; quantity, weight, carried, equipped, held
 * for physical items) beside one block per ruleset (`hm3`).
 */
import type { AnyMutableObject } from "fvtt-types/utils";
import { HAND_MODES, HM3_ATTRIBUTES, SKILL_CATEGORIES } from "../../../rules/hm3/character-types";
import {
  ASPECTS,
  MATERIALS,
  RANGE_BANDS,
  SEVERITIES,
  type RangeBand,
} from "../../../rules/hm3/tables";
import { migrateSystemInPlace } from "../../migrations";
import { guardCreate, guardSystem, ownerPlan } from "../guard";
import {
  bool,
  choice,
  description,
  impactByAspect,
  int,
  locationId,
  nullableInt,
  physical,
  rangeBand,
  text,
  withMax,
} from "../fields";
import { BOUNDS, INJURY_ASPECTS, VELOCITIES } from "../rules";
import { PREFIXES } from "../prefixes";

const schemaField = <T extends foundry.data.fields.DataSchema>(fields: T) =>
  new foundry.data.fields.SchemaField(fields);

function weaponSchema() {
  return {
    ...physical(),
    hm3: schemaField({
      skill: text("", true),
      wq: nullableInt(BOUNDS.wq),
      attack: int(BOUNDS.attackDefence),
      defence: int(BOUNDS.attackDefence),
      impact: impactByAspect(),
      handMode: choice(HAND_MODES, "one"),
      shield: bool(false),
    }),
  };
}

function missileSchema() {
  const ranges = {} as Record<RangeBand, ReturnType<typeof rangeBand>>;
  for (const band of RANGE_BANDS) ranges[band] = rangeBand();
  return {
    ...physical(),
    hm3: schemaField({
      skill: text("", true),
      aspect: choice(ASPECTS, "point"),
      velocity: choice(VELOCITIES, "low"),
      wq: nullableInt(BOUNDS.wq),
      ranges: schemaField(ranges),
    }),
  };
}

function armourSchema() {
  return {
    ...physical(),
    hm3: schemaField({
      material: choice(MATERIALS, "leather"),
      quality: int(BOUNDS.quality),
      enchantment: int(BOUNDS.enchantment),
      locations: new foundry.data.fields.ArrayField(locationId("thorax")),
    }),
  };
}

function skillSchema() {
  return {
    description: description(),
    hm3: schemaField({
      category: choice(SKILL_CATEGORIES, "physical"),
      sbAttributes: withMax(new foundry.data.fields.ArrayField(choice(HM3_ATTRIBUTES, "str")), 3),
      sbModifier: int(BOUNDS.sbModifier),
      skillBase: nullableInt(BOUNDS.skillBase),
      ml: int(BOUNDS.ml),
    }),
  };
}

function injurySchema() {
  return {
    description: description(),
    hm3: schemaField({
      location: locationId("thorax"),
      aspect: choice(INJURY_ASPECTS, "blunt"),
      severity: choice(SEVERITIES, "M"),
      level: int(BOUNDS.injuryLevel),
      healingRate: int(BOUNDS.healingRate),
      bleeding: bool(false),
    }),
  };
}

export type WeaponSchema = ReturnType<typeof weaponSchema>;
export type MissileSchema = ReturnType<typeof missileSchema>;
export type ArmourSchema = ReturnType<typeof armourSchema>;
export type SkillSchema = ReturnType<typeof skillSchema>;
export type InjurySchema = ReturnType<typeof injurySchema>;
export type GearSchema = ReturnType<typeof physical>;

const PHYSICAL = PREFIXES.item;

export class WeaponData extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Stored> {
  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }
  static override LOCALIZATION_PREFIXES = [PHYSICAL, PREFIXES.hm3Weapon];
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    migrateSystemInPlace("Item.weapon", source);
    return super.migrateData(source);
  }

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    data: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardCreate(this as never, "Item.weapon", data, ownerPlan(this.parent));
    return super._preCreate(data as never, options as never, user as never);
  }

  protected override async _preUpdate(
    changes: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardSystem("Item.weapon", changes, ownerPlan(this.parent));
    return super._preUpdate(changes as never, options as never, user as never);
  }
}

export class MissileData extends foundry.abstract.TypeDataModel<MissileSchema, Item.Stored> {
  static override defineSchema(): MissileSchema {
    return missileSchema();
  }
  static override LOCALIZATION_PREFIXES = [PHYSICAL, PREFIXES.hm3Missile];
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    migrateSystemInPlace("Item.missile", source);
    return super.migrateData(source);
  }

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    data: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardCreate(this as never, "Item.missile", data, ownerPlan(this.parent));
    return super._preCreate(data as never, options as never, user as never);
  }

  protected override async _preUpdate(
    changes: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardSystem("Item.missile", changes, ownerPlan(this.parent));
    return super._preUpdate(changes as never, options as never, user as never);
  }
}

export class ArmourData extends foundry.abstract.TypeDataModel<ArmourSchema, Item.Stored> {
  static override defineSchema(): ArmourSchema {
    return armourSchema();
  }
  static override LOCALIZATION_PREFIXES = [PHYSICAL, PREFIXES.hm3Armour];
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    migrateSystemInPlace("Item.armour", source);
    return super.migrateData(source);
  }

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    data: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardCreate(this as never, "Item.armour", data, ownerPlan(this.parent));
    return super._preCreate(data as never, options as never, user as never);
  }

  protected override async _preUpdate(
    changes: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardSystem("Item.armour", changes, ownerPlan(this.parent));
    return super._preUpdate(changes as never, options as never, user as never);
  }
}

export class SkillData extends foundry.abstract.TypeDataModel<SkillSchema, Item.Stored> {
  static override defineSchema(): SkillSchema {
    return skillSchema();
  }
  static override LOCALIZATION_PREFIXES = [PHYSICAL, PREFIXES.hm3Skill];
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    migrateSystemInPlace("Item.skill", source);
    return super.migrateData(source);
  }

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    data: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardCreate(this as never, "Item.skill", data, ownerPlan(this.parent));
    return super._preCreate(data as never, options as never, user as never);
  }

  protected override async _preUpdate(
    changes: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardSystem("Item.skill", changes, ownerPlan(this.parent));
    return super._preUpdate(changes as never, options as never, user as never);
  }
}

export class InjuryData extends foundry.abstract.TypeDataModel<InjurySchema, Item.Stored> {
  static override defineSchema(): InjurySchema {
    return injurySchema();
  }
  static override LOCALIZATION_PREFIXES = [PHYSICAL, PREFIXES.hm3Injury];
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    migrateSystemInPlace("Item.injury", source);
    return super.migrateData(source);
  }

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    data: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardCreate(this as never, "Item.injury", data, ownerPlan(this.parent));
    return super._preCreate(data as never, options as never, user as never);
  }

  protected override async _preUpdate(
    changes: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardSystem("Item.injury", changes, ownerPlan(this.parent));
    return super._preUpdate(changes as never, options as never, user as never);
  }
}

export class GearData extends foundry.abstract.TypeDataModel<GearSchema, Item.Stored> {
  static override defineSchema(): GearSchema {
    return physical();
  }
  static override LOCALIZATION_PREFIXES = [PHYSICAL];

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    data: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardCreate(this as never, "Item.gear", data, ownerPlan(this.parent));
    return super._preCreate(data as never, options as never, user as never);
  }

  protected override async _preUpdate(
    changes: unknown,
    options: unknown,
    user: unknown,
  ): Promise<boolean | void> {
    guardSystem("Item.gear", changes, ownerPlan(this.parent));
    return super._preUpdate(changes as never, options as never, user as never);
  }
}
