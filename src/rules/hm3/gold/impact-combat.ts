/**
 * The impact group in the HM3 Foundry flow (src/rules/hm3/combat.ts calls these): the attack
 * dialog's decisions (angry strike, enraged), the weapon's grip and Blunt base, and the
 * fighters' size classes, read from the fighters' stored data and turned into the declaration's
 * fields (gold/impact-parse.ts reads them) and the dialog's itemised EML. Pure: snapshots in,
 * plain data out.
 */
import type { CatalogRowOption, FighterItem, FighterSnapshot } from "../../../core/combat";
import { InputError } from "../../../core/errors";
import type { Target } from "../../../core/modifiers";
import { goldOn, type GoldOptions } from "./options";
import { IMPACT_MODIFIERS, readImpactWeapon } from "./impact-parse";
import { isSizeClass, type SizeClass } from "./impact-size";
import type { HandedGrip } from "./impact-handed";

/** The catalog row ids of this group (IMPACT_CATALOG). */
export const IMPACT_ROWS = Object.freeze({ angry: "gold.angry", enraged: "gold.enraged" });

/** Labels of the EML modifiers this group adds (merged into `HM3_MODIFIER_LABELS`). */
export const IMPACT_MODIFIER_LABELS: Readonly<Record<string, string>> = Object.freeze({
  [IMPACT_MODIFIERS.angry.key]: "BLOWBYBLOW.Modifier.gold.angry",
  [IMPACT_MODIFIERS.enraged.key]: "BLOWBYBLOW.Modifier.gold.enraged",
  [IMPACT_MODIFIERS.handMode.key]: "BLOWBYBLOW.Modifier.gold.handMode",
});

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

function hm3Of(system: unknown): Record<string, unknown> {
  return isRecord(system) && isRecord(system.hm3) ? system.hm3 : {};
}

const wholeOr = (v: unknown, fallback: number | undefined): number | undefined =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : fallback;

/**
 * The grip of a melee weapon as the item holds it (ruling G17): its hand mode (`two`
 * two-handed, `one`/`either` one-handed), the hand (`both` two hands, else one), the Hand Mode
 * penalty (the item's `handModePenalty`, else 10 for a two-handed weapon and 0 otherwise, in the
 * main hand; the off hand 10 more; both hands 0), the item's `strRequirement` against the
 * wielder's STR (G18) and `lighterClasses` (G19).
 */
export function gripOf(item: FighterItem, attacker: FighterSnapshot): HandedGrip {
  const s = isRecord(item.system) ? item.system : {};
  const hm3 = hm3Of(s);
  const weapon = hm3.handMode === "two" ? "two" : "one";
  const held = s.held;
  const grip = held === "both" ? "two" : "one";
  const main = wholeOr(hm3.handModePenalty, weapon === "two" ? 10 : 0)!;
  const penalty = grip === "two" ? 0 : held === "off" ? main + 10 : main;
  const g: HandedGrip = { weapon, grip, penalty };
  const lighter = wholeOr(hm3.lighterClasses, undefined);
  if (lighter) g.lighter = lighter;
  const req = wholeOr(hm3.strRequirement, undefined);
  const str = hm3Of(attacker.system).attributes;
  const strength = isRecord(str) ? wholeOr(str.str, undefined) : undefined;
  if (req !== undefined && req > 0 && strength !== undefined) {
    g.strRequirement = req;
    g.str = strength;
  }
  return g;
}

/** This group's catalog rows of a request, checked: the angry points, the enraged choice. */
function readRows(raw: unknown): { id: string; param: number }[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new InputError("catalog", raw, "expected a list of rows");
  const out: { id: string; param: number }[] = [];
  raw.forEach((r: unknown, i) => {
    if (!isRecord(r) || (r.id !== IMPACT_ROWS.angry && r.id !== IMPACT_ROWS.enraged)) return;
    const param = typeof r.param === "string" && r.param !== "" ? Number(r.param) : r.param;
    if (typeof param !== "number" || !Number.isInteger(param))
      throw new InputError(`catalog[${i}].param`, r.param, "expected a whole number of EML points");
    if (r.id === IMPACT_ROWS.enraged && param !== 10 && param !== 20)
      throw new InputError(`catalog[${i}].param`, r.param, "expected 10 or 20 (seed 000 line 27)");
    out.push({ id: r.id, param });
  });
  return out;
}

/** What the attack's weapon offers this group. */
export interface ImpactAttackInput {
  kind: "melee" | "missile";
  item: FighterItem;
  attacker: FighterSnapshot;
  /** The weapon's skill ML (the derived weapon's or missile's `ml`). */
  ml: number;
  /** The weapon's Blunt impact; null when it has none (read as 0, 000:33; missiles 0, 000:35). */
  blunt: number | null;
  /** The request's catalog rows as sent (untrusted): only this group's rows are read. */
  catalog: unknown;
  options: Readonly<Partial<GoldOptions>>;
}

/**
 * The declaration's impact-group fields for an attack and its EML with their modifiers, from
 * the dialog's catalog rows and the item. Errors name the catalog row.
 */
export function impactAttack(
  a: ImpactAttackInput,
  target: Target,
): { fields: Record<string, unknown>; target: Target } {
  const fields: Record<string, unknown> = {};
  const rows = readRows(a.catalog);
  const angry = rows.find((r) => r.id === IMPACT_ROWS.angry);
  const enraged = rows.find((r) => r.id === IMPACT_ROWS.enraged);
  if (angry && enraged)
    throw new InputError(
      "catalog",
      IMPACT_ROWS.enraged,
      "an enraged fighter's angry strike is the GM's -10 or -20: declare one of the two rows",
    );
  const row = angry ?? enraged;
  if (row) {
    fields.angry = row.param;
    if (enraged) fields.enraged = true;
    if (goldOn(a.options, "angryStrikeMaxBonus")) fields.ml = a.ml;
  }
  if (goldOn(a.options, "bluntTrauma")) fields.blunt = a.kind === "missile" ? 0 : (a.blunt ?? 0);
  if (a.kind === "melee" && goldOn(a.options, "handedImpact")) {
    const g = gripOf(a.item, a.attacker);
    if (!goldOn(a.options, "handModePenalty")) delete g.lighter;
    fields.handed = g;
  }
  // The same reader as the declaration's, so the dialog shows what the engine will roll against.
  try {
    const read = readImpactWeapon(fields, "attack", a.options, target, a.kind === "melee");
    return { fields, target: read.target };
  } catch (e) {
    if (e instanceof InputError && row && e.field.startsWith("attack.angry"))
      throw new InputError(`catalog.${row.id}`, row.param, e.reason);
    throw e;
  }
}

/** A fighter's size fields for the declaration (G15, G16): the actor's and its plan's. */
export function impactFighter(
  f: FighterSnapshot,
  options: Readonly<Partial<GoldOptions>>,
  /** The fighter fights on its own body plan (not refused for the human one, R19). */
  onPlan: boolean,
): { sizeClass?: SizeClass; locationSizeClasses?: Record<string, SizeClass> } {
  const out: { sizeClass?: SizeClass; locationSizeClasses?: Record<string, SizeClass> } = {};
  if (!goldOn(options, "impactSize")) return out;
  const hm3 = hm3Of(f.system);
  if (isSizeClass(hm3.sizeClass)) out.sizeClass = hm3.sizeClass;
  if (onPlan && goldOn(options, "impactSizeByLocation") && isRecord(hm3.bodyPlan)) {
    const locations = Array.isArray(hm3.bodyPlan.locations) ? hm3.bodyPlan.locations : [];
    const classes: Record<string, SizeClass> = {};
    for (const l of locations)
      if (isRecord(l) && typeof l.id === "string" && isSizeClass(l.sizeClass))
        classes[l.id] = l.sizeClass;
    if (Object.keys(classes).length) out.locationSizeClasses = classes;
  }
  return out;
}

/** The attack dialog's rows (IMPACT_CATALOG): each offered while angry strikes are on. */
export const IMPACT_ROWS_CATALOG: readonly CatalogRowOption[] = Object.freeze([
  Object.freeze({
    id: IMPACT_ROWS.angry,
    labelKey: "BLOWBYBLOW.HM3.Gold.Impact.Row.angry",
    option: "angryStrike",
    param: Object.freeze({ kind: "number" as const, min: 10, max: 100, default: 10 }),
  }),
  Object.freeze({
    id: IMPACT_ROWS.enraged,
    labelKey: "BLOWBYBLOW.HM3.Gold.Impact.Row.enraged",
    option: "angryStrike",
    param: Object.freeze({
      kind: "choice" as const,
      choices: [
        { id: "10", labelKey: "BLOWBYBLOW.HM3.Gold.Impact.Row.enraged10" },
        { id: "20", labelKey: "BLOWBYBLOW.HM3.Gold.Impact.Row.enraged20" },
      ],
    }),
  }),
]);
