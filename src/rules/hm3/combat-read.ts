/**
 * HârnMaster 3 combat: reading the untrusted attack and defence requests and the world's options;
 * each refusal an `InputError` naming the field.
 */
import type { AttackRequest, AttackSituation, ChoiceRequest } from "../../core/combat";
import { InputError, readObject } from "../../core/errors";
import { CUSTOM_LIMIT, type CustomModifier } from "./eml";
import { DEFAULT_OPTIONS, type Hm3Options } from "./exchange";
import { readGoldCatalog } from "./gold/aim-catalog";
import { HM3_OPTIONAL_RULES } from "./combat-labels";

/** Most opponents the outnumbered modifier counts (eml.ts). */
export const MAX_OPPONENTS = 20;
/** Most custom modifiers a request may carry. */
export const MAX_CUSTOM = 20;

// ── Reading requests ─────────────────────────────────────────────────────────────────────────

export function readId(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "")
    throw new InputError(field, value, "expected an id");
  return value;
}

export function readNullableId(value: unknown, field: string): string | null {
  return value === null || value === undefined ? null : readId(value, field);
}

/** Custom modifiers: a list of `{ label, value }`, label a name, value whole −100..+100. */
export function readCustom(value: unknown, field = "custom"): CustomModifier[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new InputError(field, value, "expected a list of modifiers");
  if (value.length > MAX_CUSTOM)
    throw new InputError(field, value.length, `at most ${MAX_CUSTOM} modifiers`);
  return value.map((raw: unknown, i) => {
    const f = `${field}[${i}]`;
    const o = readObject(raw, f);
    const label = o.label;
    if (typeof label !== "string" || label.trim() === "")
      throw new InputError(`${f}.label`, label, "expected a name");
    const v = o.value;
    if (typeof v !== "number" || !Number.isInteger(v))
      throw new InputError(`${f}.value`, v, "expected a whole number");
    if (v < -CUSTOM_LIMIT || v > CUSTOM_LIMIT)
      throw new InputError(`${f}.value`, v, `must be between ${-CUSTOM_LIMIT} and ${CUSTOM_LIMIT}`);
    return { label: label.trim(), value: v };
  });
}

export function readSituation(value: unknown): AttackSituation {
  const o = readObject(value, "situation");
  const n = o.engagingDefender;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_OPPONENTS)
    throw new InputError(
      "situation.engagingDefender",
      n,
      `expected a whole number of hostiles engaging the defender, 1 to ${MAX_OPPONENTS}`,
    );
  if (typeof o.defenderProne !== "boolean")
    throw new InputError("situation.defenderProne", o.defenderProne, "expected true or false");
  const d = o.distance;
  if (d !== null && (typeof d !== "number" || !Number.isFinite(d) || d < 0))
    throw new InputError("situation.distance", d, "expected a distance of 0 or more, or null");
  // The scene's units the distance is in (ruling R43; hexes.ts); absent: hexes.
  const u = o.units;
  if (u !== undefined && u !== null && typeof u !== "string")
    throw new InputError("situation.units", u, "expected the scene's grid units, or null");
  return {
    engagingDefender: n,
    defenderProne: o.defenderProne,
    distance: d,
    ...(u !== undefined ? { units: u } : {}),
  };
}

export function readAttackRequest(value: unknown): AttackRequest {
  const o = readObject(value, "request");
  return {
    itemId: readId(o.itemId, "itemId"),
    mode: readId(o.mode, "mode"),
    aim: readId(o.aim, "aim"),
    band: readNullableId(o.band, "band"),
    situation: readSituation(o.situation),
    custom: readCustom(o.custom),
    // The HârnMaster Gold rows (issue 19), each checked against its row's definition.
    ...(o.catalog !== undefined ? { catalog: readGoldCatalog(o.catalog) } : {}),
  };
}

export function readOptions(value: unknown): Hm3Options {
  const o = readObject(value ?? {}, "options");
  const out: Hm3Options = { ...DEFAULT_OPTIONS };
  const ids = HM3_OPTIONAL_RULES.map((r) => r.id);
  for (const [k, v] of Object.entries(o)) {
    if (!ids.includes(k))
      throw new InputError(`options.${k}`, v, `unknown optional rule (expected ${ids.join(", ")})`);
    if (typeof v !== "boolean") throw new InputError(`options.${k}`, v, "expected true or false");
    out[k as keyof Hm3Options] = v;
  }
  return out;
}

export function readChoiceRequest(value: unknown): ChoiceRequest {
  const o = readObject(value, "request");
  return {
    optionId: readId(o.optionId, "optionId"),
    itemId: readNullableId(o.itemId, "itemId"),
    mode: readNullableId(o.mode, "mode"),
    aim: readNullableId(o.aim, "aim"),
    custom: readCustom(o.custom),
    ...(o.counts !== undefined ? { counts: readCounts(o.counts) } : {}),
  };
}

/** The counts a defence request sets (`ChoiceRequest.counts`): whole numbers by id. */
export function readCounts(value: unknown): Record<string, number> {
  const o = readObject(value, "counts");
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(o)) {
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0)
      throw new InputError(`counts.${k}`, n, "expected a whole number 0 or more");
    out[k] = n;
  }
  return out;
}
