/**
 * Item data models: weapon (melee weapons and shields), missile, armour, skill, injury, gear.
 * Each stores the ruleset-free fields (description; quantity, weight, carried, equipped, held
 * for physical items) beside one block per registered ruleset (`system.<id>`, built by the
 * ruleset: `FoundryRuleset.data.blocks`).
 */
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateSystemInPlace } from "../../migrations";
import { rulesetBlockFields, rulesetPrefixes } from "../../rulesets";
import {
  guardCreate,
  guardSystem,
  ownerPlan,
  type PreCreateArgs,
  type PreUpdateArgs,
} from "../guard";
import { description, physical } from "../fields";
import { PREFIXES } from "../prefixes";

function weaponSchema() {
  return { ...physical(), ...rulesetBlockFields("Item.weapon") };
}

function missileSchema() {
  return { ...physical(), ...rulesetBlockFields("Item.missile") };
}

function armourSchema() {
  return { ...physical(), ...rulesetBlockFields("Item.armour") };
}

function skillSchema() {
  return { description: description(), ...rulesetBlockFields("Item.skill") };
}

function injurySchema() {
  return { description: description(), ...rulesetBlockFields("Item.injury") };
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
  static override LOCALIZATION_PREFIXES = [PHYSICAL, ...rulesetPrefixes("Item.weapon")];
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
  static override LOCALIZATION_PREFIXES = [PHYSICAL, ...rulesetPrefixes("Item.missile")];
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
  static override LOCALIZATION_PREFIXES = [PHYSICAL, ...rulesetPrefixes("Item.armour")];
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
  static override LOCALIZATION_PREFIXES = [PHYSICAL, ...rulesetPrefixes("Item.skill")];
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
  static override LOCALIZATION_PREFIXES = [PHYSICAL, ...rulesetPrefixes("Item.injury")];
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
