/**
 * The HârnMaster d100 test, shared by the two HârnMaster rulesets (docs/architecture.md §1):
 * hm3 (hm3.md §2) and hmzd, whose Preview 1 is missing, so it tests the same way (hmzd.md §1).
 * A test is d100 against the mastery level clamped to 5..95; a roll at or below it succeeds; a
 * roll divisible by 5 is critical. Also the reader of an EML as the `resolve` inputs give it.
 */
import { checkKeys, InputError, readNumber, readObject, readString } from "../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../core/modifiers";

export const EML_MIN = 5;
export const EML_MAX = 95;

/**
 * The level of a d100 roll against an EML, worst to best: 0 critical failure, 1 marginal
 * failure, 2 marginal success, 3 critical success.
 */
export function hmTestIndex(roll: number, eml: number): 0 | 1 | 2 | 3 {
  const target = eml < EML_MIN ? EML_MIN : eml > EML_MAX ? EML_MAX : eml;
  const critical = roll % 5 === 0;
  if (roll <= target) return critical ? 3 : 2;
  return critical ? 0 : 1;
}

/** The bounds of an EML as input takes it (before the 5..95 clamp). */
export const EML_BOUND = { integer: true, min: -500, max: 500 } as const;

/** A modifier's source (a seed line, a ruling, `user`): any text, the empty one included. */
function readSource(value: unknown, field: string): string {
  if (typeof value !== "string") throw new InputError(field, value, "expected a text");
  return value;
}

/**
 * EML as given: any whole number, or an itemised target `{ baseKey, base, modifiers: [{ key,
 * value, source, label? }] }` (what the Foundry flow stores, so the card keeps the breakdown;
 * `raw` and `value` may come along and must then be what the modifiers give). Rebuilt here and
 * clamped to 5..95 when rolled.
 */
export function readHmEml(value: unknown, field: string): Target {
  const limit = { min: EML_MIN, max: EML_MAX };
  if (typeof value !== "object" || value === null) {
    const eml = readNumber(value, field, EML_BOUND);
    return buildTarget("eml", eml, [], limit);
  }
  const o = readObject(value, field);
  checkKeys(o, field, ["baseKey", "base", "modifiers", "raw", "value"]);
  const baseKey = readString(o.baseKey, `${field}.baseKey`);
  const base = readNumber(o.base, `${field}.base`, EML_BOUND);
  if (!Array.isArray(o.modifiers))
    throw new InputError(`${field}.modifiers`, o.modifiers, "expected a list of modifiers");
  const modifiers: Modifier[] = o.modifiers.map((raw: unknown, i) => {
    const f = `${field}.modifiers[${i}]`;
    const m = readObject(raw, f);
    checkKeys(m, f, ["key", "value", "source", "label"]);
    const mod: Modifier = {
      key: readString(m.key, `${f}.key`),
      value: readNumber(m.value, `${f}.value`, EML_BOUND),
      source: readSource(m.source, `${f}.source`),
    };
    if (m.label !== undefined) mod.label = readString(m.label, `${f}.label`);
    return mod;
  });
  const target = buildTarget(baseKey, base, modifiers, limit);
  if (target.raw < EML_BOUND.min || target.raw > EML_BOUND.max)
    throw new InputError(
      `${field}.modifiers`,
      target.raw,
      `base and modifiers must add up to ${EML_BOUND.min}..${EML_BOUND.max}`,
    );
  for (const k of ["raw", "value"] as const) {
    if (o[k] !== undefined && o[k] !== target[k])
      throw new InputError(
        `${field}.${k}`,
        o[k],
        `does not match the base and modifiers (${k} ${target[k]})`,
      );
  }
  return target;
}
