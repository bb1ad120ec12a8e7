/**
 * Itemised modifiers. Every target number in a result carries the list that built it, so a
 * player can see why an EML (or a GURPS effective skill, or an RQ percentage) is what it is.
 */

/**
 * One modifier. `key` is a stable id that the adapter localises (`BLOWBYBLOW.Modifier.<key>`);
 * `label` is free text from a user (a custom modifier), shown as typed; `source` names the rule
 * (seed and line, or "user").
 */
export interface Modifier {
  key: string;
  value: number;
  source: string;
  label?: string;
}

/** A target number with its story: base, modifiers, the raw sum and the value actually used. */
export interface Target {
  /** What the base is (`aml`, `dml`, `ml`, …), localised by the adapter. */
  baseKey: string;
  base: number;
  modifiers: Modifier[];
  /** base + Σ modifiers. */
  raw: number;
  /** The value rolled against (after any clamping the ruleset applies). */
  value: number;
}

export function modifierTotal(mods: readonly Modifier[]): number {
  let t = 0;
  for (const m of mods) t += m.value;
  return t;
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** Builds a target; `limit` clamps the used value (HM3: 5..95). Zero modifiers are dropped. */
export function buildTarget(
  baseKey: string,
  base: number,
  modifiers: readonly Modifier[],
  limit?: { min: number; max: number },
): Target {
  const mods = modifiers.filter((m) => m.value !== 0).map((m) => ({ ...m }));
  const raw = base + modifierTotal(mods);
  return {
    baseKey,
    base,
    modifiers: mods,
    raw,
    value: limit ? clamp(raw, limit.min, limit.max) : raw,
  };
}
