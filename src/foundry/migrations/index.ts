/**
 * Versioned migrations of stored `system` data. Each migration is a pure, idempotent function
 * of one document's `system` (old shape in, new shape out, unknown fields kept), so it can run
 * on every load (the data models' `migrateData`) and once more over the world (`world.ts`,
 * when the stored schema version is older than `SCHEMA_VERSION`).
 *
 * Whole sources and partial updates: Foundry runs `migrateData` on a stored source as it loads
 * and also on the changes of every update (`ClientDatabaseBackend#preUpdateDocumentArray`),
 * which hold only the fields being changed. A migration that moves or adds keys (1, 2) is safe
 * on either. A migration that reads what a value means (`wholeOnly`: 3 turns a missile's WQ 0
 * into "no WQ") must only ever see data stored before it, or a GM who sets a missile's WQ to 0
 * (broken, R31) would have it turned into null. It runs on a source only when both hold:
 *
 * - the source is whole: its `system` (after the migrations before it) carries its type's whole
 *   ruleset block, every key of the ruleset's `data.blockFields` (a stored document always does: Foundry
 *   stores every schema field, and so did the oldest shapes), where an update's changes name
 *   only the fields they change (`isWholeSystem`);
 * - the data predates it: the world's stored schema version (`storedSchemaVersion`, raised by
 *   the world migration once every document is rewritten) is below the migration's version.
 *   Foundry migrates a document's source again whenever it rebuilds the document (each load,
 *   each update), so without this a missile stored at WQ 0 after the migration would lose it
 *   at the next load.
 *
 * Limits: a document from outside the world (an old module's locked compendium, an imported
 * export of a pre-3 world) is not run through a `wholeOnly` migration once the world is
 * current; its values are read as the current schema reads them (the GM empties such a WQ by
 * hand).
 *
 * A schema change (a field added, removed, renamed or given a new default) needs a migration
 * here and a bump of `SCHEMA_VERSION`; `test/foundry/template.test.ts` fails otherwise
 * (`schema-lock.json` records the template hash of each version).
 */
import { copy } from "../../core/data";
import type { TypeKey } from "../data/rules";
import { exchangeCards } from "./exchange-cards";
import { allRulesets, foundryRuleset } from "../rulesets";
import { isPlainObject } from "./plain";
import { storedSchemaVersion } from "./stored-version";

/** The schema version this code writes. */
export const SCHEMA_VERSION = 8;

export interface Migration {
  version: number;
  name: string;
  /** Returns the migrated `system`; returns its input unchanged when there is nothing to do. */
  migrate: (type: TypeKey, system: Record<string, unknown>) => Record<string, unknown>;
  /** Reads a value's meaning: runs on whole sources only (`isWholeSystem`), never on updates. */
  wholeOnly?: boolean;
  /** The ruleset whose block the migration changes (its `wholeOnly` reads that block); absent: generic. */
  ruleset?: string;
}

/** The generic migrations and every registered ruleset's (`FoundryRuleset.data.migrations`), by version. */
export const MIGRATIONS: readonly Migration[] = Object.freeze(
  [
    { version: 2, name: "exchange cards", migrate: exchangeCards } as Migration,
    ...allRulesets().flatMap((r) => r.data.migrations.map((m) => ({ ...m, ruleset: r.id }))),
  ].sort((a, b) => a.version - b.version),
);

/**
 * True when `system` is a whole stored source of its type, not the changes of an update: it
 * carries the type's ruleset block with every one of its fields (a type with no block is read
 * as whole). See the header for why.
 */
export function isWholeSystem(
  type: TypeKey,
  system: Record<string, unknown>,
  rulesetIds: readonly string[] = allRulesets().map((r) => r.id),
): boolean {
  return rulesetIds.every((id) => {
    const fields: Partial<Record<string, readonly string[]>> | undefined =
      foundryRuleset(id)?.data.blockFields;
    const keys = fields?.[type];
    if (!keys) return true;
    const block = system[id];
    return isPlainObject(block) && keys.every((k) => Object.hasOwn(block, k));
  });
}

/**
 * Applies every migration to a copy of `system` (the input is not changed); a `wholeOnly`
 * migration only when the system is whole at that step and `storedVersion` (the schema version
 * the data was stored at; 0: older than every migration) is below its version. A value that is not an object comes
 * back as it is: cleaning, not migration, deals with it.
 */
export function migrateSystem(type: TypeKey, system: unknown, storedVersion = 0): unknown {
  if (!isPlainObject(system)) return system;
  let out = copy(system);
  for (const m of MIGRATIONS) {
    if (
      m.wholeOnly &&
      (m.version <= storedVersion ||
        !isWholeSystem(type, out, m.ruleset === undefined ? undefined : [m.ruleset]))
    )
      continue;
    out = m.migrate(type, out);
  }
  return out;
}

/** True when migrating would change this `system`. */
export function needsMigration(type: TypeKey, system: unknown, storedVersion = 0): boolean {
  return JSON.stringify(migrateSystem(type, system, storedVersion)) !== JSON.stringify(system);
}

/**
 * Migrates `source` in place (Foundry's `migrateData` contract: the same object, mutated), as
 * data stored at the world's stored schema version. Returns whether anything changed.
 */
export function migrateSystemInPlace(
  type: TypeKey,
  source: Record<string, unknown>,
  storedVersion = storedSchemaVersion(),
): boolean {
  const migrated = migrateSystem(type, source, storedVersion) as Record<string, unknown>;
  if (JSON.stringify(migrated) === JSON.stringify(source)) return false;
  for (const key of Object.keys(source)) delete source[key];
  Object.assign(source, migrated);
  return true;
}
