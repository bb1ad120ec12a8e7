/**
 * Checks an item's `system.m2m` block (./item-data.ts) leaf by leaf against `M2M_ITEM_RULES`
 * with the sheets' own check (`checkRule`), then the rules that span fields (a weapon that can
 * neither strike nor block, a reach listed twice, cheap quality on a non-sword, a shield PD its
 * size does not allow, a suit that does not cover the whole body…). Every problem names the
 * field (`system.m2m.modes.1.reach`) and the value, with a lang key (`BLOWBYBLOW.Validation.*`
 * for a leaf, `BLOWBYBLOW.M2M.Validation.*` for the rest) that `formatM2mProblem` renders.
 *
 * `strict` (a compendium source): every stored field is written out with its exact type; not
 * strict (an import or a paste): a missing field takes its default and "12" reads as 12, as
 * the data model's cleaning would read them. A field the block does not have is refused either
 * way. Pure: no Foundry globals.
 */
import { showValue } from "../../../core/errors";
import { SHIELDS, WEAPON_QUALITY } from "../../../rules/m2m/equipment";
import { ARMOUR_LOCATIONS } from "../../../rules/m2m/equipment";
import type { Rule } from "../../data/rules";
import {
  checkRuleIn as checkRule,
  formatProblem,
  type Localizer,
  type Problem,
} from "../../data/check";
import {
  M2M_ARRAYS,
  M2M_ITEM_RULES,
  M2M_NULLABLE,
  type M2mItemBlocks,
  type M2mItemType,
} from "./item-data";

/** Lang keys of the checks that span fields (under `BLOWBYBLOW.M2M.Validation`). */
export const M2M_VALIDATION_KEYS = Object.freeze({
  notObject: "BLOWBYBLOW.M2M.Validation.notObject",
  unknownField: "BLOWBYBLOW.M2M.Validation.unknownField",
  missing: "BLOWBYBLOW.M2M.Validation.missing",
  notExact: "BLOWBYBLOW.M2M.Validation.notExact",
  noUse: "BLOWBYBLOW.M2M.Validation.noUse",
  noReach: "BLOWBYBLOW.M2M.Validation.noReach",
  duplicate: "BLOWBYBLOW.M2M.Validation.duplicate",
  cheapNotSword: "BLOWBYBLOW.M2M.Validation.cheapNotSword",
  shieldPd: "BLOWBYBLOW.M2M.Validation.shieldPd",
  bowST: "BLOWBYBLOW.M2M.Validation.bowST",
  noLocation: "BLOWBYBLOW.M2M.Validation.noLocation",
  suitCovers: "BLOWBYBLOW.M2M.Validation.suitCovers",
  noCost: "BLOWBYBLOW.M2M.Validation.noCost",
  hitsOrder: "BLOWBYBLOW.M2M.Validation.hitsOrder",
});

export interface M2mCheckOptions {
  strict: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** A path with array indices as `*` (`m2m.modes.2.md` → `m2m.modes.*.md`). */
const pattern = (path: string) => path.replace(/\.\d+(?=\.|$)/g, ".*");

/** The rule of a stored leaf or list, by dotted path under `system`. */
export function m2mRuleFor(type: M2mItemType, path: string): Rule | undefined {
  return (M2M_ITEM_RULES[type] as Readonly<Record<string, Rule>>)[pattern(path)];
}

/** Whether `path` (a container) is a stored container of the block, not a leaf. */
function isContainer(type: M2mItemType, path: string): boolean {
  const p = pattern(path);
  return Object.keys(M2M_ITEM_RULES[type]).some((k) => k.startsWith(`${p}.`));
}

/**
 * The problems of one item's `system.m2m` (`block`) for its type; fields are named from
 * `system` (`system.m2m.cost`). An empty list: the block is good.
 */
export function m2mBlockProblems(
  type: M2mItemType,
  block: unknown,
  { strict }: M2mCheckOptions,
): Problem[] {
  const problems: Problem[] = [];
  const add = (path: string, value: unknown, key: string, data: Problem["data"] = {}) => {
    const field = `system.${path}`;
    problems.push({ field, value, key, label: field, data });
  };
  if (!isObj(block)) {
    add("m2m", block, M2M_VALIDATION_KEYS.notObject);
    return problems;
  }
  const nullable = new Set(M2M_NULLABLE[type]);
  const arrays = new Set(M2M_ARRAYS[type]);
  const present = new Set<string>();
  const cleaned: Obj = {};

  const walk = (value: unknown, path: string): unknown => {
    const p = pattern(path);
    const rule = m2mRuleFor(type, path);
    if (rule) {
      present.add(p);
      const c = checkRule(rule, value);
      if (!c.ok) add(path, value, c.key, c.data);
      else if (strict && JSON.stringify(c.value) !== JSON.stringify(value))
        add(path, value, M2M_VALIDATION_KEYS.notExact, { expected: showValue(c.value) });
      return c.ok ? c.value : value;
    }
    if (!isContainer(type, path)) {
      add(path, value, M2M_VALIDATION_KEYS.unknownField);
      return value;
    }
    if (value === null && nullable.has(p)) {
      present.add(p);
      return null;
    }
    if (arrays.has(p)) {
      present.add(p);
      if (!Array.isArray(value)) {
        add(path, value, "BLOWBYBLOW.Validation.notList");
        return [];
      }
      return value.map((v, i) => walk(v, `${path}.${i}`));
    }
    if (!isObj(value)) {
      add(path, value, M2M_VALIDATION_KEYS.notObject);
      return value;
    }
    present.add(p);
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, `${path}.${k}`);
    // Every leaf of a present container is written out in a source.
    if (strict)
      for (const key of Object.keys(M2M_ITEM_RULES[type])) {
        const rest = key.startsWith(`${p}.`) ? key.slice(p.length + 1) : null;
        if (rest === null) continue;
        const child = rest.split(".")[0]!;
        if (child !== "*" && !(child in value)) {
          const missing = `${path}.${child}`;
          if (!problems.some((q) => q.field === `system.${missing}`))
            add(missing, undefined, M2M_VALIDATION_KEYS.missing);
        }
      }
    return out;
  };
  Object.assign(cleaned, walk(block, "m2m"));
  if (problems.length) return problems;
  crossChecks(type, cleaned as never, add);
  return problems;
}

type Add = (path: string, value: unknown, key: string, data?: Problem["data"]) => void;

/** Rules spanning fields, on a block whose leaves passed. */
function crossChecks<T extends M2mItemType>(type: T, block: M2mItemBlocks[T], add: Add): void {
  const K = M2M_VALIDATION_KEYS;
  const duplicates = (path: string, values: readonly unknown[]) => {
    const seen = new Set<string>();
    values.forEach((v, i) => {
      const s = JSON.stringify(v);
      if (seen.has(s)) add(`${path}.${i}`, v, K.duplicate);
      seen.add(s);
    });
  };
  if (type === "weapon") {
    const w = block as M2mItemBlocks["weapon"];
    if (w.modes.length === 0 && w.shield === null) add("m2m.modes", w.modes, K.noUse);
    w.modes.forEach((m, i) => {
      if (m.reach.length === 0) add(`m2m.modes.${i}.reach`, m.reach, K.noReach);
      duplicates(`m2m.modes.${i}.reach`, m.reach);
    });
    const ids = w.modes.filter((m) => m.technique !== "").map((m) => `${m.technique}/${m.attack}`);
    duplicates("m2m.modes", ids);
    // L1002: cheap quality is priced for swords only.
    if (WEAPON_QUALITY[w.quality][w.qualityClass] === null)
      add("m2m.quality", w.quality, K.cheapNotSword, { qualityClass: w.qualityClass });
    if (w.shield) {
      const type = SHIELDS.find((s) => s.id === w.shield!.size)!;
      const pd = w.shield.pd;
      // Improvised: "1 or 2", null until the GM rules (L1078); the others their table PD.
      if (pd === null ? type.pd !== null : !type.pdChoices.includes(pd))
        add("m2m.shield.pd", pd, K.shieldPd, {
          size: w.shield.size,
          choices: type.pd === null ? `${type.pdChoices.join(", ")}, null` : String(type.pd),
        });
      const hits = w.shield.hits;
      if (hits && hits.penetrate > hits.total)
        add("m2m.shield.hits.penetrate", hits.penetrate, K.hitsOrder, { total: hits.total });
    }
  } else if (type === "missile") {
    const m = block as M2mItemBlocks["missile"];
    if (!m.usesBowST && m.bowST !== null) add("m2m.bowST", m.bowST, K.bowST);
  } else {
    const a = block as M2mItemBlocks["armour"];
    const covered = a.locations.map((l) => l.location);
    if (covered.length === 0) add("m2m.locations", a.locations, K.noLocation);
    duplicates(
      "m2m.locations",
      a.locations.map((l) => l.location),
    );
    // L2625: a Basic suit's PD and DR apply to every body part.
    if (a.kind === "suit" && !ARMOUR_LOCATIONS.every((l) => covered.includes(l)))
      add("m2m.locations", covered, K.suitCovers, { locations: ARMOUR_LOCATIONS.join(", ") });
    if (a.cost === null && a.costByClass === null) add("m2m.cost", a.cost, K.noCost);
  }
}

/** The localised message of a problem. */
export function formatM2mProblem(problem: Problem, i18n: Localizer): string {
  return formatProblem(problem, i18n);
}

/** One message per problem, or nothing when the block is good. */
export function m2mBlockMessages(
  type: M2mItemType,
  block: unknown,
  options: M2mCheckOptions,
  i18n: Localizer,
): string[] {
  return m2mBlockProblems(type, block, options).map((p) => formatM2mProblem(p, i18n));
}

/** Whether an item type carries an m2m block. */
export function isM2mItemType(type: unknown): type is M2mItemType {
  return type === "weapon" || type === "missile" || type === "armour";
}
