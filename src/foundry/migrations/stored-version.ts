/**
 * The schema version of the world's stored data: the world setting `blow-by-blow.schemaVersion`
 * (registered by world.ts), which the GM's client raises once every document is migrated.
 * Foundry builds the world settings' storage before any document is initialised, so the data
 * models' `migrateData` can read it while the world loads.
 */
export const SYSTEM_ID = "blow-by-blow";
export const SCHEMA_SETTING = "schemaVersion";

interface SettingsLike {
  get(namespace: string, key: string): unknown;
}

/** The stored version, or 0 (older than every migration) when it cannot be read. */
export function storedSchemaVersion(): number {
  const settings = (globalThis as { game?: { settings?: SettingsLike } }).game?.settings;
  try {
    const v = Number(settings?.get(SYSTEM_ID, SCHEMA_SETTING) ?? 0);
    return Number.isInteger(v) && v >= 0 ? v : 0;
  } catch {
    // Not registered yet (a document built before `init`): read as the oldest data.
    return 0;
  }
}
