/**
 * Helpers for the rulesets' table data: tables are deeply frozen, and lookups hand out
 * mutable copies so no caller can change a table.
 */

/** Freezes a value and everything it holds (even under an already frozen object). */
export function deepFreeze<T>(value: T): T {
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== "object" || seen.has(v)) return;
    seen.add(v);
    for (const child of Object.values(v)) walk(child);
    Object.freeze(v);
  };
  walk(value);
  return value;
}

/**
 * `table[key]` when `key` is the table's own property, else undefined. Every lookup of a key
 * that comes from input goes through it (or `Object.hasOwn`): a plain `table[key]` answers
 * `constructor`, `toString` or `__proto__` with what every object inherits.
 */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** A mutable deep copy of plain data (objects, arrays, primitives). */
export function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => copy(v)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    const src = value as Record<string, unknown>;
    // Object.keys: the same own enumerable string keys, in the same order, as Object.entries,
    // without an entry array per key.
    const keys = Object.keys(src);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      out[k] = copy(src[k]);
    }
    return out as T;
  }
  return value;
}
