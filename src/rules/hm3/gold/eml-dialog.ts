/**
 * The HârnMaster Gold EML options (group `eml`, issue 19) in the hm3 Foundry combat flow
 * (src/rules/hm3/combat.ts): the attack dialog's rows (`EML_CATALOG`) become the CLI's attack
 * fields and their itemised modifiers, and the defence dialog's counts on Block and
 * Counterstrike (a feinting counterstrike, a counterstrike after a Dodge or with a weapon that
 * just struck, a mounted defender) become the defence fields. The modifiers are the engine's own
 * (./eml-rules.ts `readEmlAttack`, `readEmlDefence`): the dialog shows what the engine rolls
 * against, and parse.ts keeps them as given. Pure.
 */
import type { CatalogRowInput, ChoiceOptionView } from "../../../core/combat";
import { InputError, readObject } from "../../../core/errors";
import type { Target } from "../../../core/modifiers";
import { EML_CATALOG } from "./eml";
import { readEmlAttack, readEmlDefence } from "./eml-rules";
import { goldOn, type GoldOptionId, type GoldOptions } from "./options";
import type { EmlAttack } from "./eml";

const MAX_ROWS = 20;

/** The catalog rows of an attack request (`AttackRequest.catalog`): `{ id, param? }` each. */
export function readCatalogRows(value: unknown, field = "catalog"): CatalogRowInput[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new InputError(field, value, "expected a list of rows");
  if (value.length > MAX_ROWS)
    throw new InputError(field, value.length, `at most ${MAX_ROWS} rows`);
  return value.map((raw: unknown, i) => {
    const f = `${field}[${i}]`;
    const o = readObject(raw, f);
    if (typeof o.id !== "string" || o.id === "")
      throw new InputError(`${f}.id`, o.id, "expected an id");
    const row: CatalogRowInput = { id: o.id };
    if (o.param !== undefined) {
      if (typeof o.param !== "number" && typeof o.param !== "string")
        throw new InputError(`${f}.param`, o.param, "expected a number or a choice");
      row.param = o.param;
    }
    return row;
  });
}

/** What of the attacker and its weapon the rows read. */
export interface EmlAttackContext {
  options: Readonly<Record<string, boolean>>;
  kind: "melee" | "missile";
  aspect: string;
  /** The melee weapon's Attack and Defence columns (AML − ML, DML − ML) and skill; null: missile. */
  weapon: { attack: number; defence: number; skill: string; ml: number } | null;
  /** The attacker's Riding ML (Team Initiative, ruling G37); null: no Riding skill. */
  ridingMl: number | null;
}

const OWN_IDS = new Set(EML_CATALOG.map((r) => r.id));
const ROW = new Map(EML_CATALOG.map((r) => [r.id, r]));

/**
 * The attack fields the declared rows of this group give (docs/cli.md), checked: each row's
 * option must be on, a number within its bounds, a choice among its choices. Rows of other
 * groups are left alone.
 */
export function emlAttackFields(
  rows: readonly CatalogRowInput[],
  ctx: EmlAttackContext,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const options = ctx.options as Readonly<Partial<GoldOptions>>;
  rows.forEach((row, i) => {
    if (!OWN_IDS.has(row.id)) return;
    const spec = ROW.get(row.id)!;
    const f = `catalog[${i}]`;
    if (!goldOn(options, spec.option as GoldOptionId))
      throw new InputError(
        `${f}.id`,
        row.id,
        `needs the HârnMaster Gold option ${spec.option}, which is off`,
      );
    if (out[fieldOf(row.id)] !== undefined)
      throw new InputError(`${f}.id`, row.id, "declared twice");
    const p = spec.param;
    if (p?.kind === "number") {
      const v = row.param;
      if (typeof v !== "number" || !Number.isInteger(v) || v < p.min || v > p.max)
        throw new InputError(`${f}.param`, v, `expected a whole number ${p.min} to ${p.max}`);
    } else if (p?.kind === "choice") {
      if (!p.choices.some((c) => c.id === row.param))
        throw new InputError(
          `${f}.param`,
          row.param,
          `expected one of ${p.choices.map((c) => c.id).join(", ")}`,
        );
    } else if (row.param !== undefined) {
      throw new InputError(`${f}.param`, row.param, "this row takes no parameter");
    }
    switch (row.id) {
      case "gold.feint":
        out.feint = row.param;
        break;
      case "gold.darkness": {
        const [sky, moon] = String(row.param).split(".");
        out.darkness = { sky, moon };
        break;
      }
      case "gold.dodged":
        out.dodged = true;
        break;
      case "gold.recovering":
        out.recovering = true;
        break;
      case "gold.mounted":
        if (ctx.ridingMl === null)
          throw new InputError(
            `${f}.id`,
            row.id,
            "the attacker has no Riding skill, whose ML stands for Team Initiative (ruling G37)",
          );
        out.mounted = { teamInitiative: ctx.ridingMl, ml: ctx.weapon?.ml ?? 0 };
        break;
    }
  });
  if (ctx.weapon && Object.keys(out).length > 0) {
    out.weaponClass = { attack: ctx.weapon.attack, defence: ctx.weapon.defence };
    if (ctx.weapon.skill) out.weaponSkill = ctx.weapon.skill;
  }
  return out;
}

function fieldOf(id: string): string {
  return id.slice("gold.".length);
}

/** The attack target with the rows' modifiers, as the engine adds them (parse.ts). */
export function emlAttackTarget(
  target: Target,
  fields: Record<string, unknown>,
  ctx: EmlAttackContext,
): Target {
  if (Object.keys(fields).length === 0) return target;
  const attack: EmlAttack & { type: "melee" | "missile"; aspect: string; target: Target } = {
    type: ctx.kind,
    aspect: ctx.aspect,
    target,
  };
  readEmlAttack(fields, attack, ctx.options as Readonly<Partial<GoldOptions>>);
  return attack.target;
}

// ── Defences ─────────────────────────────────────────────────────────────────────────────────

/** The counts a defence option offers (`ChoiceOptionView.counts`), by option id. */
export function emlDefenceCounts(
  optionId: string,
  options: Readonly<Partial<GoldOptions>>,
): NonNullable<ChoiceOptionView["counts"]> {
  const on = (id: GoldOptionId) => goldOn(options, id);
  const out: NonNullable<ChoiceOptionView["counts"]> = [];
  if (optionId === "counterstrike") {
    if (on("feintingCounterstrikes"))
      out.push({ id: "gold.feint", labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Count.feint", max: 90 });
    if (on("dodging"))
      out.push({
        id: "gold.dodged",
        labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Count.dodged",
        max: 1,
        toggle: true,
      });
    if (on("strikeRecovery"))
      out.push({
        id: "gold.recovering",
        labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Count.recovering",
        max: 1,
        toggle: true,
      });
  }
  if ((optionId === "counterstrike" || optionId === "block") && on("mountedCombat"))
    out.push({
      id: "gold.mounted",
      labelKey: "BLOWBYBLOW.HM3.Gold.Eml.Count.mounted",
      max: 1,
      toggle: true,
    });
  return out;
}

/** What the defence fields read of the defender and the item it defends with. */
export interface EmlDefenceContext {
  decl: { attack: EmlAttack; options: Readonly<Partial<GoldOptions>> };
  type: string;
  aspect: string | null;
  /** The item's columns, skill and ML; null: Dodge or Ignore. */
  weapon: { attack: number; defence: number; skill: string; ml: number; shield: boolean } | null;
  ridingMl: number | null;
}

/**
 * The defence fields the counts give (docs/cli.md), checked against the offered counts: only
 * known ids, whole numbers 0..max.
 */
export function emlDefenceFields(
  counts: Readonly<Record<string, number>> | undefined,
  offered: NonNullable<ChoiceOptionView["counts"]>,
  ctx: EmlDefenceContext,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, n] of Object.entries(counts ?? {})) {
    const c = offered.find((o) => o.id === k);
    if (!c)
      throw new InputError(
        `counts.${k}`,
        n,
        offered.length
          ? `expected one of ${offered.map((o) => o.id).join(", ")}`
          : "this defence takes no counts",
      );
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > c.max)
      throw new InputError(`counts.${k}`, n, `expected a whole number 0 to ${c.max}`);
    if (n === 0) continue;
    if (k === "gold.feint") out.feint = n;
    else if (k === "gold.dodged") out.dodged = true;
    else if (k === "gold.recovering") out.recovering = true;
    else if (k === "gold.mounted") {
      if (ctx.ridingMl === null)
        throw new InputError(
          `counts.${k}`,
          n,
          "the defender has no Riding skill, whose ML stands for Team Initiative (ruling G37)",
        );
      out.mounted = {
        teamInitiative: ctx.ridingMl,
        ml: ctx.weapon?.ml ?? 0,
        ...(ctx.weapon?.shield ? { shield: true } : {}),
      };
    }
  }
  // The weapon's columns and skill go with a counterstrike that any Gold rule reads them for
  // (its own fields, or a thrust in the darkness the attack declared); otherwise the choice
  // stays as HM3 makes it.
  const needed = Object.keys(out).length > 0 || ctx.decl.attack.darkness !== undefined;
  if (ctx.weapon && ctx.type === "counterstrike" && needed) {
    out.weaponClass = { attack: ctx.weapon.attack, defence: ctx.weapon.defence };
    if (ctx.weapon.skill) out.weaponSkill = ctx.weapon.skill;
  }
  return out;
}

/**
 * A defence target with what the engine adds to it (./eml-rules.ts `readEmlDefence`): the
 * attacker's feint and the darkness, and the defender's own fields.
 */
export function emlDefenceTarget(
  target: Target,
  fields: Record<string, unknown>,
  ctx: EmlDefenceContext,
): Target {
  const defence: { type: string; target?: Target; strike?: { aspect: string } } = {
    type: ctx.type,
    target,
    ...(ctx.aspect ? { strike: { aspect: ctx.aspect } } : {}),
  };
  readEmlDefence(fields, defence, ctx.decl);
  return defence.target!;
}

// ── Reading the fighter ──────────────────────────────────────────────────────────────────────

interface SnapshotLike {
  items: readonly { id: string; type: string; name: string; system: Record<string, unknown> }[];
}
interface DerivedLike {
  skills: Readonly<Record<string, { ml: number }>>;
  weapons: Readonly<Record<string, { ml: number; aml: number; dml: number }>>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * A melee weapon's figures for these rules: its Attack and Defence columns (AML − ML, DML − ML:
 * hm3.md §2), its skill's name and ML, whether it is a shield; null for any other item.
 */
export function emlWeaponOf(
  snapshot: SnapshotLike,
  derived: DerivedLike,
  itemId: string,
): { attack: number; defence: number; skill: string; ml: number; shield: boolean } | null {
  const w = derived.weapons[itemId];
  const item = snapshot.items.find((i) => i.id === itemId);
  if (!w || !item) return null;
  const hm3 = isRecord(item.system.hm3) ? item.system.hm3 : {};
  return {
    attack: w.aml - w.ml,
    defence: w.dml - w.ml,
    skill: typeof hm3.skill === "string" ? hm3.skill : "",
    ml: w.ml,
    shield: hm3.shield === true,
  };
}

/** The fighter's Riding ML (Team Initiative, ruling G37); null without a Riding skill. */
export function ridingMlOf(snapshot: SnapshotLike, derived: DerivedLike): number | null {
  const skill = snapshot.items.find(
    (i) => i.type === "skill" && i.name.trim().toLowerCase() === "riding",
  );
  const ml = skill ? derived.skills[skill.id]?.ml : undefined;
  return typeof ml === "number" ? ml : null;
}
