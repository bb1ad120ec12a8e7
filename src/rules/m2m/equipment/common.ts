/**
 * Shared helpers of the equipment tables (spec §3, seed 004 L4283–4880): deep freezing, copies
 * and id lookups that fail with an `InputError` naming the field.
 */
import { InputError } from "../../../core/errors";
import type { DamageExpr } from "../types";

/** Entry `id` of a table, or an InputError naming `field` (the caller's path to the id). */
export function findById<T extends { readonly id: string }>(
  table: readonly T[],
  id: unknown,
  field: string,
  what: string,
): T {
  const found = typeof id === "string" ? table.find((e) => e.id === id) : undefined;
  if (!found) {
    const ids = table.map((e) => e.id);
    throw new InputError(field, id, `unknown ${what} (expected one of ${ids.join(", ")})`);
  }
  return found;
}

/** `1+2` → {dice 1, adds 2}: damage expressions as printed (never normalised, §7.2). */
export function dmg(dice: number, adds: number): DamageExpr {
  return { dice, adds };
}
