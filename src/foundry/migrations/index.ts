/**
 * Versioned migrations of stored `system` data. Each migration is a pure, idempotent function
 * of one document's `system` (old shape in, new shape out, unknown fields kept), so it can run
 * on every load (the data models' `migrateData`) and once more over the world (`world.ts`,
 * when the stored schema version is older than `SCHEMA_VERSION`).
 *
 * A schema change (a field added, removed, renamed or given a new default) needs a migration
 * here and a bump of `SCHEMA_VERSION`; `test/foundry/template.test.ts` fails otherwise
 * (`schema-lock.json` records the template hash of each version).
 */
import { copy } from "../../core/data";
import type { TypeKey } from "../data/rules";
import { exchangeCards } from "./exchange-cards";
import { noWeaponQuality } from "./no-weapon-quality";
import { isPlainObject, rulesetBlocks } from "./ruleset-blocks";

/** The schema version this code writes. */
export const SCHEMA_VERSION = 3;

export interface Migration {
  version: number;
  name: string;
  /** Returns the migrated `system`; returns its input unchanged when there is nothing to do. */
  migrate: (type: TypeKey, system: Record<string, unknown>) => Record<string, unknown>;
}

export const MIGRATIONS: readonly Migration[] = Object.freeze([
  { version: 1, name: "ruleset blocks", migrate: rulesetBlocks },
  { version: 2, name: "exchange cards", migrate: exchangeCards },
  { version: 3, name: "no weapon quality", migrate: noWeaponQuality },
]);

/**
 * Applies every migration to a copy of `system` (the input is not changed). A value that is
 * not an object comes back as it is: cleaning, not migration, deals with it.
 */
export function migrateSystem(type: TypeKey, system: unknown): unknown {
  if (!isPlainObject(system)) return system;
  let out = copy(system);
  for (const m of MIGRATIONS) out = m.migrate(type, out);
  return out;
}

/** True when migrating would change this `system`. */
export function needsMigration(type: TypeKey, system: unknown): boolean {
  return JSON.stringify(migrateSystem(type, system)) !== JSON.stringify(system);
}

/**
 * Migrates `source` in place (Foundry's `migrateData` contract: the same object, mutated).
 * Returns whether anything changed.
 */
export function migrateSystemInPlace(type: TypeKey, source: Record<string, unknown>): boolean {
  const migrated = migrateSystem(type, source) as Record<string, unknown>;
  if (JSON.stringify(migrated) === JSON.stringify(source)) return false;
  for (const key of Object.keys(source)) delete source[key];
  Object.assign(source, migrated);
  return true;
}
