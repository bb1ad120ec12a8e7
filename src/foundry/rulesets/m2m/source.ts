/**
 * The stored shape of the GURPS Man to Man block (`system.m2m`) of each document type, as plain
 * types: the actor blocks of ./character-data.ts and the item blocks of ./item-data.ts. Their
 * schemas (`m2mCharacterFields`, `m2mCreatureFields`, `m2mItemSchema`) define the same shape as
 * Foundry fields.
 */
import type { M2mCharacterBlock, M2mCreatureBlock } from "./character-data";
import type { M2mArmourBlock, M2mMissileBlock, M2mWeaponBlock } from "./item-data";

/** The m2m block of each type that has one (skills and injuries live in the actor's block). */
export interface M2mBlockSources {
  "Actor.character": M2mCharacterBlock;
  "Actor.creature": M2mCreatureBlock;
  "Item.weapon": M2mWeaponBlock;
  "Item.missile": M2mMissileBlock;
  "Item.armour": M2mArmourBlock;
}
