/**
 * Input errors and the readers that produce them. Every message names the field and the
 * value, so a GM who typed into a sheet or hand-wrote a JSON file knows what to fix.
 */

/** Shows a value in an error message: strings quoted, long values cut. */
export function showValue(value: unknown): string {
  let s: string;
  if (value === undefined) return "nothing";
  try {
    s = JSON.stringify(value) ?? String(value);
  } catch {
    try {
      s = String(value);
    } catch {
      // Nested too deep for either (a cycle or thousands of levels).
      s = Array.isArray(value) ? "[…]" : "{…}";
    }
  }
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** Bad input: names the field (a dotted path), the value and what was expected. */
export class InputError extends Error {
  constructor(
    readonly field: string,
    readonly value: unknown,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}, got ${showValue(value)}`);
    this.name = "InputError";
  }
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A plain object, or an error naming the field. */
export function readObject(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new InputError(field, value, "expected an object");
  }
  return value as Record<string, unknown>;
}

/** Fails on keys the reader does not know: a typo must not be ignored silently. */
export function checkKeys(
  obj: Record<string, unknown>,
  field: string,
  allowed: readonly string[],
): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) {
      const path = field ? `${field}.${key}` : key;
      throw new InputError(path, obj[key], `unknown field (expected one of ${allowed.join(", ")})`);
    }
  }
}

export interface NumberRule {
  integer?: boolean;
  min?: number;
  max?: number;
}

/** A finite number within the rule's bounds. */
export function readNumber(value: unknown, field: string, rule: NumberRule = {}): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new InputError(
      field,
      value,
      rule.integer ? "expected a whole number" : "expected a number",
    );
  }
  if (rule.integer && !Number.isInteger(value))
    throw new InputError(field, value, "expected a whole number");
  if (rule.min !== undefined && value < rule.min) {
    throw new InputError(field, value, `must be at least ${rule.min}`);
  }
  if (rule.max !== undefined && value > rule.max) {
    throw new InputError(field, value, `must be at most ${rule.max}`);
  }
  return value;
}

export function readOptionalNumber(
  value: unknown,
  field: string,
  fallback: number,
  rule: NumberRule = {},
): number {
  return value === undefined ? fallback : readNumber(value, field, rule);
}

export function readBoolean(value: unknown, field: string, fallback?: boolean): boolean {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== "boolean") throw new InputError(field, value, "expected true or false");
  return value;
}

export function readString(value: unknown, field: string): string {
  if (typeof value !== "string" || value.length === 0)
    throw new InputError(field, value, "expected a text");
  return value;
}

/** One of a fixed set of strings. */
export function readEnum<T extends string>(
  value: unknown,
  field: string,
  options: readonly T[],
): T {
  if (typeof value !== "string" || !(options as readonly string[]).includes(value)) {
    throw new InputError(field, value, `expected one of ${options.join(", ")}`);
  }
  return value as T;
}
