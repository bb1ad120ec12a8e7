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
import {
  guardCreate,
  guardSystem,
  ownerPlan,
  type PreCreateArgs,
  type PreUpdateArgs,
} from "../guard";
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
      sbAttributes: new foundry.data.fields.ArrayField(choice(HM3_ATTRIBUTES, "str"), { max: 3 }),
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
    ...args: PreCreateArgs<WeaponSchema, Item.Stored>
  ): Promise<boolean | void> {
    guardCreate(this, "Item.weapon", args[0], ownerPlan(this.parent));
    return super._preCreate(...args);
  }

  protected override async _preUpdate(
    ...args: PreUpdateArgs<WeaponSchema, Item.Stored>
  ): Promise<boolean | void> {
    guardSystem("Item.weapon", args[0], ownerPlan(this.parent));
    return super._preUpdate(...args);
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
    ...args: PreCreateArgs<MissileSchema, Item.Stored>
  ): Promise<boolean | void> {
    guardCreate(this, "Item.missile", args[0], ownerPlan(this.parent));
    return super._preCreate(...args);
  }

  protected override async _preUpdate(
    ...args: PreUpdateArgs<MissileSchema, Item.Stored>
  ): Promise<boolean | void> {
    guardSystem("Item.missile", args[0], ownerPlan(this.parent));
    return super._preUpdate(...args);
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
    ...args: PreCreateArgs<ArmourSchema, Item.Stored>
  ): Promise<boolean | void> {
    guardCreate(this, "Item.armour", args[0], ownerPlan(this.parent));
    return super._preCreate(...args);
  }

  protected override async _preUpdate(
    ...args: PreUpdateArgs<ArmourSchema, Item.Stored>
  ): Promise<boolean | void> {
    guardSystem("Item.armour", args[0], ownerPlan(this.parent));
    return super._preUpdate(...args);
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
    ...args: PreCreateArgs<SkillSchema, Item.Stored>
  ): Promise<boolean | void> {
    guardCreate(this, "Item.skill", args[0], ownerPlan(this.parent));
    return super._preCreate(...args);
  }

  protected override async _preUpdate(
    ...args: PreUpdateArgs<SkillSchema, Item.Stored>
  ): Promise<boolean | void> {
    guardSystem("Item.skill", args[0], ownerPlan(this.parent));
    return super._preUpdate(...args);
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
    ...args: PreCreateArgs<InjurySchema, Item.Stored>
  ): Promise<boolean | void> {
    guardCreate(this, "Item.injury", args[0], ownerPlan(this.parent));
    return super._preCreate(...args);
  }

  protected override async _preUpdate(
    ...args: PreUpdateArgs<InjurySchema, Item.Stored>
  ): Promise<boolean | void> {
    guardSystem("Item.injury", args[0], ownerPlan(this.parent));
    return super._preUpdate(...args);
  }
}

export class GearData extends foundry.abstract.TypeDataModel<GearSchema, Item.Stored> {
  static override defineSchema(): GearSchema {
    return physical();
  }
  static override LOCALIZATION_PREFIXES = [PHYSICAL];

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    ...args: PreCreateArgs<GearSchema, Item.Stored>
  ): Promise<boolean | void> {
    guardCreate(this, "Item.gear", args[0], ownerPlan(this.parent));
    return super._preCreate(...args);
  }

  protected override async _preUpdate(
    ...args: PreUpdateArgs<GearSchema, Item.Stored>
  ): Promise<boolean | void> {
    guardSystem("Item.gear", args[0], ownerPlan(this.parent));
    return super._preUpdate(...args);
  }
}
