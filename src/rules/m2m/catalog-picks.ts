/**
 * The §5.2 catalog rows a user declares in the attack dialog (issue 17; seed 004, spec §5.2;
 * "Lnnn" is a seed line): the rows that depend on the table situation and that nothing on the
 * sheet or the map tells, with the one parameter a row needs. Each declared row is re-checked by
 * the engine's `attackModifier` (./attack.ts) on every client, and itemised with its seed lines.
 *
 * Not offered, because the flow already computes them (a pick would count them twice):
 * - posture, all-out-attack, shock: the attacker's state block (flow.ts);
 * - hit-location: the aimed location (flow.ts, §8);
 * - snap-shot, aim: the Aim maneuver (tactics.ts);
 * - point-blank, range, bad-light, total-darkness, wild-swing, shooting-blind: the map
 *   (situation.ts);
 * - off-hand: the hand the attack is made with (hands.ts);
 * - close-combat-weapon, close-combat-shield, into-close-combat: close combat (close-flow.ts).
 * - large-shield: the sheet's weapon skill already carries it (character.ts, L1098);
 * - pop-up and opportunity-fire: their −6 and −4…−8 include the snap shot −4 the flow counts
 *   from the Aim maneuver (tactics.ts); declared as well, the snap shot would count twice.
 * Not offered either: bulky-object (a defence modifier, L3433), and object-size and
 * moving-target (for inanimate objects only, ruling M111).
 */
import { InputError, checkKeys, readNumber, readObject, readString } from "../../core/errors";
import type { Modifier } from "../../core/modifiers";
import { attackModifier, type AttackModifierParams } from "./attack";

/** The parameter a catalog row takes in the dialog. */
export type CatalogParam =
  | { readonly name: "value" | "hexes" | "persons"; readonly min: number; readonly max: number }
  | { readonly name: "weapon"; readonly choices: readonly string[] };

export interface CatalogPick {
  /** The row's id in `ATTACK_MODIFIERS`. */
  readonly id: string;
  /** The parameter, when the row has one; `optional` rows have the catalog's default. */
  readonly param: CatalogParam | null;
  readonly optional?: boolean;
}

const value = (min: number, max: number): CatalogParam => ({ name: "value", min, max });

/** The rows a user may declare, in the catalog's order. */
export const CATALOG_PICKS: readonly CatalogPick[] = Object.freeze(
  [
    { id: "bad-footing", param: value(-10, -2), optional: true },
    { id: "obstructed-hex", param: null },
    { id: "water", param: null },
    { id: "swimming", param: null },
    { id: "stream-hex", param: null },
    { id: "strange-position", param: value(-10, -2), optional: true },
    {
      id: "strike-at-weapon",
      param: { name: "weapon", choices: Object.freeze(["small", "polearm", "other"]) },
    },
    { id: "through-enemy-hex", param: null },
    { id: "target-cover", param: value(-10, 0) },
    { id: "line-of-fire", param: { name: "persons", min: 1, max: 10 } },
    { id: "kick", param: null },
    { id: "different-levels", param: value(-2, 2) },
    { id: "helpless-sentry", param: null },
    { id: "improvised-weapon", param: value(-10, 0) },
    { id: "broken-weapon", param: value(-4, -2) },
    { id: "foe-on-ground", param: value(-10, 10), optional: true },
  ].map((p) => Object.freeze(p as CatalogPick)),
);

/** A declared row: the catalog id and, when the row takes one, its parameter. */
export interface CatalogDeclared {
  id: string;
  param?: number | string;
}

export const MAX_CATALOG_ROWS = 10;

function pickOf(id: string, field: string): CatalogPick {
  const p = CATALOG_PICKS.find((x) => x.id === id);
  if (!p)
    throw new InputError(field, id, `expected one of ${CATALOG_PICKS.map((x) => x.id).join(", ")}`);
  return p;
}

/**
 * One declared row as the catalog's modifier (key `attack.<id>`, source the seed lines). Throws
 * `InputError` naming `field`'s id or param for a row not offered or a parameter out of range.
 */
export function catalogModifier(row: CatalogDeclared, field = "row"): Modifier {
  const pick = pickOf(row.id, `${field}.id`);
  const params: AttackModifierParams = {};
  const pf = `${field}.param`;
  if (pick.param === null) {
    if (row.param !== undefined)
      throw new InputError(pf, row.param, `${row.id} takes no parameter`);
  } else if (row.param === undefined) {
    if (!pick.optional)
      throw new InputError(pf, row.param, `${row.id} needs its ${pick.param.name}`);
  } else if (pick.param.name === "weapon") {
    const w = readString(row.param, pf);
    if (!pick.param.choices.includes(w))
      throw new InputError(pf, w, `expected one of ${pick.param.choices.join(", ")}`);
    params.weapon = w as AttackModifierParams["weapon"];
  } else {
    const n = readNumber(row.param, pf, {
      integer: true,
      min: pick.param.min,
      max: pick.param.max,
    });
    params[pick.param.name] = n;
  }
  try {
    return attackModifier(row.id, params);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(pf, e.value, e.reason);
    throw e;
  }
}

/** The `attack.catalog` list of a flow declaration (untrusted JSON); errors name the field. */
export function readCatalogRows(raw: unknown, field = "attack.catalog"): Modifier[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new InputError(field, raw, "expected a list");
  if (raw.length > MAX_CATALOG_ROWS)
    throw new InputError(field, raw.length, `at most ${MAX_CATALOG_ROWS} rows`);
  const seen = new Set<string>();
  return (raw as unknown[]).map((r, i) => {
    const f = `${field}[${i}]`;
    const o = readObject(r, f);
    checkKeys(o, f, ["id", "param"]);
    const id = readString(o.id, `${f}.id`);
    if (seen.has(id)) throw new InputError(`${f}.id`, id, "declared twice");
    seen.add(id);
    const param = o.param as number | string | undefined;
    return catalogModifier(param === undefined ? { id } : { id, param }, f);
  });
}
