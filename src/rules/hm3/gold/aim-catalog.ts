/**
 * The HM3 attack dialog's HârnMaster Gold catalog rows (`CombatRules.catalog`, ./types.ts
 * `GOLD_CATALOG`) as the Foundry request carries them, and the aimed-melee rows (./aim.ts
 * `AIM_CATALOG`) turned into the declaration's `attack.aimAt` (ruling G9). Errors name the
 * request's row (`catalog[1]`), the dialog's own field. Pure.
 */
import type { CatalogRowInput, CatalogRowOption } from "../../../core/combat";
import { InputError, readObject } from "../../../core/errors";
import type { Target } from "../../../core/modifiers";
import type { Hm3BodyPlanInput } from "../character-types";
import { AIM_ROW, type AimAt } from "./aim";
import { aimedTarget, readAimAt } from "./aim-parse";
import { isPlanLocationParam } from "./aim-creature";
import { requireGold, type GoldOptions } from "./options";
import { GOLD_CATALOG } from "./types";

/** Most Gold rows one attack request may carry. */
export const MAX_GOLD_ROWS = 20;

/** One row's parameter checked against the row's definition. */
function readParam(
  row: CatalogRowOption,
  raw: unknown,
  field: string,
): number | string | undefined {
  const p = row.param;
  const given = raw === undefined || raw === null || raw === "" ? undefined : raw;
  if (!p) {
    if (given !== undefined) throw new InputError(field, given, `${row.id} takes no parameter`);
    return undefined;
  }
  if (p.kind === "choice") {
    if (typeof given !== "string" || !p.choices.some((c) => c.id === given))
      throw new InputError(
        field,
        given,
        `expected one of ${p.choices.map((c) => c.id).join(", ")} for ${row.id}`,
      );
    return given;
  }
  if (typeof given !== "number" || !Number.isInteger(given) || given < p.min || given > p.max)
    throw new InputError(
      field,
      given,
      `expected a whole number ${p.min} to ${p.max} for ${row.id}`,
    );
  return given;
}

/**
 * The request's Gold catalog rows (untrusted JSON, the dialog's `catalog`): each row's id is a
 * Gold row and its parameter fits the row. Whether the row's option is on is checked where the
 * world options are known (`aimAtFromRows`, and each group's own reader).
 */
export function readGoldCatalog(value: unknown, field = "catalog"): CatalogRowInput[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new InputError(field, value, "expected a list of rows");
  if (value.length > MAX_GOLD_ROWS)
    throw new InputError(field, value.length, `at most ${MAX_GOLD_ROWS} rows`);
  return value.map((raw: unknown, i) => {
    const f = `${field}[${i}]`;
    const o = readObject(raw, f);
    const row = GOLD_CATALOG.find((r) => r.id === o.id);
    if (!row)
      throw new InputError(
        `${f}.id`,
        o.id,
        `expected one of ${GOLD_CATALOG.map((r) => r.id).join(", ") || "no row"}`,
      );
    // A creature plan's own location id (ruling G72): checked against the victim's plan later.
    const param = isPlanLocationParam(row.id, o.param)
      ? o.param
      : readParam(row, o.param, `${f}.param`);
    return param === undefined ? { id: row.id } : { id: row.id, param };
  });
}

/** Runs `fn`, giving an error about `attack.aimAt.<key>` the field of the row that set it. */
function inRows<T>(
  fn: () => T,
  rowOf: Readonly<Record<"location" | "side" | "aap", number>>,
  field: string,
): T {
  try {
    return fn();
  } catch (e) {
    const m =
      e instanceof InputError ? /^attack\.aimAt(?:\.(location|side|aap))?$/.exec(e.field) : null;
    if (!m || !(e instanceof InputError)) throw e;
    const key = (m[1] ?? "location") as "location" | "side" | "aap";
    throw new InputError(`${field}[${rowOf[key]}]`, e.value, e.reason);
  }
}

/** An aim read from the rows, and which row gave each part (for errors). */
export interface RowAim {
  aimAt: AimAt;
  rowOf: Readonly<Record<"location" | "side" | "aap", number>>;
}

/**
 * The aimed-melee rows of a request as `attack.aimAt` (ruling G9), or null when there are none:
 * refused while `aimedMelee` is off (`requireGold`, G1), for a missile attack (melee only, seed
 * 000 line 7), twice the same row, a side or AAP row without a location row, and an aim the
 * victim's plan refuses (G7). Errors name the row (`catalog[2]`).
 */
export function aimAtFromRows(
  rows: readonly CatalogRowInput[],
  options: Readonly<Partial<GoldOptions>>,
  kind: "melee" | "missile",
  victimPlan: Hm3BodyPlanInput | undefined,
  field = "catalog",
): RowAim | null {
  const at: Partial<Record<"location" | "side" | "aap", number>> = {};
  rows.forEach((row, i) => {
    const key = (Object.keys(AIM_ROW) as (keyof typeof AIM_ROW)[]).find(
      (k) => AIM_ROW[k] === row.id,
    );
    if (!key) return;
    requireGold(options, "aimedMelee", `${field}[${i}]`, row.id);
    if (kind !== "melee")
      throw new InputError(
        `${field}[${i}]`,
        row.id,
        "an aimed attack is a melee attack only (seed 000 line 7)",
      );
    if (at[key] !== undefined)
      throw new InputError(`${field}[${i}]`, row.id, `declared twice (also row ${at[key]})`);
    at[key] = i;
  });
  if (at.location === undefined) {
    const other = at.side ?? at.aap;
    if (other !== undefined)
      throw new InputError(
        `${field}[${other}]`,
        rows[other]!.id,
        `needs the ${AIM_ROW.location} row: the location aimed at (seed 000 line 11)`,
      );
    return null;
  }
  const rowOf = {
    location: at.location,
    side: at.side ?? at.location,
    aap: at.aap ?? at.location,
  };
  const raw = {
    location: rows[at.location]!.param,
    side: at.side === undefined ? null : rows[at.side]!.param,
    aap: at.aap === undefined ? 0 : rows[at.aap]!.param,
  };
  const aimAt = inRows(() => readAimAt(raw, { bodyPlan: victimPlan }), rowOf, field);
  return { aimAt, rowOf };
}

/**
 * The attack EML with the aim's itemised modifiers (./aim-parse.ts `aimedTarget`), as the engine
 * will build it from the declaration: for the dialog's preview. An EML brought below 05 is refused
 * naming the row that did it.
 */
export function aimedPreview(
  target: Target,
  aim: RowAim,
  victimPlan: Hm3BodyPlanInput | undefined,
  field = "catalog",
): Target {
  return inRows(() => aimedTarget(target, aim.aimAt, { bodyPlan: victimPlan }), aim.rowOf, field);
}
