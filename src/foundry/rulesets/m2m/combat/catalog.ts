/**
 * The §5.2 catalog rows a GURPS Man to Man attacker declares in the attack dialog
 * (`CombatRules.catalog`): the engine's picks (src/rules/m2m/catalog-picks.ts) with their lang
 * keys, the card's labels for the modifiers they make, and the request's rows as the flow
 * declaration carries them (the GM's client re-checks each with the engine).
 */
import type { CatalogRowInput, CatalogRowOption } from "../../../../core/combat";
import { InputError, readObject } from "../../../../core/errors";
import {
  CATALOG_PICKS,
  catalogModifier,
  MAX_CATALOG_ROWS,
} from "../../../../rules/m2m/catalog-picks";

/** The lang key of each row, written out for test/lang.test.ts. */
export const CATALOG_LABEL: Readonly<Record<string, string>> = Object.freeze({
  "bad-footing": "BLOWBYBLOW.M2M.Combat.Catalog.badFooting",
  "obstructed-hex": "BLOWBYBLOW.M2M.Combat.Catalog.obstructedHex",
  water: "BLOWBYBLOW.M2M.Combat.Catalog.water",
  swimming: "BLOWBYBLOW.M2M.Combat.Catalog.swimming",
  "stream-hex": "BLOWBYBLOW.M2M.Combat.Catalog.streamHex",
  "strange-position": "BLOWBYBLOW.M2M.Combat.Catalog.strangePosition",
  "strike-at-weapon": "BLOWBYBLOW.M2M.Combat.Catalog.strikeAtWeapon",
  "through-enemy-hex": "BLOWBYBLOW.M2M.Combat.Catalog.throughEnemyHex",
  "target-cover": "BLOWBYBLOW.M2M.Combat.Catalog.targetCover",
  "line-of-fire": "BLOWBYBLOW.M2M.Combat.Catalog.lineOfFire",
  kick: "BLOWBYBLOW.M2M.Combat.Catalog.kick",
  "different-levels": "BLOWBYBLOW.M2M.Combat.Catalog.differentLevels",
  "helpless-sentry": "BLOWBYBLOW.M2M.Combat.Catalog.helplessSentry",
  "improvised-weapon": "BLOWBYBLOW.M2M.Combat.Catalog.improvisedWeapon",
  "broken-weapon": "BLOWBYBLOW.M2M.Combat.Catalog.brokenWeapon",
  "foe-on-ground": "BLOWBYBLOW.M2M.Combat.Catalog.foeOnGround",
});

const WEAPON_LABEL: Readonly<Record<string, string>> = Object.freeze({
  small: "BLOWBYBLOW.M2M.Combat.Catalog.Weapon.small",
  polearm: "BLOWBYBLOW.M2M.Combat.Catalog.Weapon.polearm",
  other: "BLOWBYBLOW.M2M.Combat.Catalog.Weapon.other",
});

/** The number a row's parameter starts at in the dialog: the catalog's default, or the bound nearest 0. */
function start(min: number, max: number, id: string): number {
  if (id === "bad-footing" || id === "strange-position") return -2;
  return Math.min(
    max,
    Math.max(min, id === "broken-weapon" ? -2 : min > 0 ? min : max < 0 ? max : -1),
  );
}

/** The rows the dialog offers, with their parameter. */
export const M2M_CATALOG: readonly CatalogRowOption[] = Object.freeze(
  CATALOG_PICKS.map((p): CatalogRowOption => {
    const labelKey = CATALOG_LABEL[p.id]!;
    if (p.param === null) return { id: p.id, labelKey, param: null };
    if (p.param.name === "weapon")
      return {
        id: p.id,
        labelKey,
        param: {
          kind: "choice",
          choices: p.param.choices.map((c) => ({ id: c, labelKey: WEAPON_LABEL[c]! })),
        },
      };
    return {
      id: p.id,
      labelKey,
      param: {
        kind: "number",
        min: p.param.min,
        max: p.param.max,
        default: start(p.param.min, p.param.max, p.id),
      },
    };
  }),
);

/** The card's labels of the modifiers the rows make (`attack.<id>`). */
export const CATALOG_MODIFIER_LABELS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(CATALOG_LABEL).map(([id, key]) => [`attack.${id}`, key])),
);

/** The request's catalog rows (untrusted), checked by the engine; errors name the field. */
export function readCatalogRequest(value: unknown, field = "catalog"): CatalogRowInput[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new InputError(field, value, "expected a list of rows");
  if (value.length > MAX_CATALOG_ROWS)
    throw new InputError(field, value.length, `at most ${MAX_CATALOG_ROWS} rows`);
  return value.map((raw: unknown, i) => {
    const f = `${field}[${i}]`;
    const o = readObject(raw, f);
    const row: CatalogRowInput =
      o.param === undefined || o.param === null || o.param === ""
        ? { id: String(o.id) }
        : { id: String(o.id), param: o.param as number | string };
    catalogModifier(row, f);
    return row;
  });
}
