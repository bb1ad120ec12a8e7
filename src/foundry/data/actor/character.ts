/**
 * Character (Actor `character`): a description beside one block per registered ruleset (HM3:
 * attributes, fatigue, encumbrance); skills, weapons, armour and injuries are items.
 */
import type { AnyMutableObject, EmptyObject } from "fvtt-types/utils";
import { migrateSystemInPlace } from "../../migrations";
import { guardCreate, guardSystem, type PreCreateArgs, type PreUpdateArgs } from "../guard";
import { description } from "../fields";
import { rulesetBlockFields, rulesetPrefixes } from "../../rulesets";
import { deriveActor, type ActorDerivedData } from "./derive";
import { itemsOf } from "./items";
import { PREFIXES } from "../prefixes";

function characterSchema() {
  return {
    description: description(),
    ...rulesetBlockFields("Actor.character"),
  };
}
export type CharacterSchema = ReturnType<typeof characterSchema>;

export class CharacterData extends foundry.abstract.TypeDataModel<
  CharacterSchema,
  Actor.Stored,
  EmptyObject,
  ActorDerivedData
> {
  static override defineSchema(): CharacterSchema {
    return characterSchema();
  }

  static override LOCALIZATION_PREFIXES = [PREFIXES.actor, ...rulesetPrefixes("Actor.character")];

  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    migrateSystemInPlace("Actor.character", source);
    return super.migrateData(source);
  }

  /** Refuses bad `system` values from macros, the API and imports with a localised notice (guard.ts). */
  protected override async _preCreate(
    ...args: PreCreateArgs<CharacterSchema, Actor.Stored>
  ): Promise<boolean | void> {
    guardCreate(this, "Actor.character", args[0]);
    return super._preCreate(...args);
  }

  protected override async _preUpdate(
    ...args: PreUpdateArgs<CharacterSchema, Actor.Stored>
  ): Promise<boolean | void> {
    guardSystem("Actor.character", args[0]);
    return super._preUpdate(...args);
  }

  override prepareDerivedData(): void {
    const { derived, errors } = deriveActor("Actor.character", this, itemsOf(this.parent));
    this.derived = derived;
    this.errors = errors;
  }
}
