/**
 * The `rolls` Gold group in the Foundry combat flow (src/rules/hm3/combat.ts calls these): the
 * attack dialog's rows (`ROLLS_CATALOG`: disarm, sweep, tackle, unarmed, technique) become the
 * declaration's CLI fields, and the fighters' figures the rules read (weapon weights, grip,
 * quadruped, the rolls' skill MLs) are added from the actors. Pure; untrusted rows are refused
 * naming the field. Rulings G42, G44-G49.
 */
import type { FighterItem } from "../../../core/combat";
import { InputError } from "../../../core/errors";
import type { Target } from "../../../core/modifiers";
import type { Hm3Derived } from "../character-types";
import { goldOn, type GoldOptions } from "./options";
import { GRIPS, UNARMED_MODES, UNARMED_STYLES, type UnarmedStyle } from "./rolls";
import { readRollsAttack } from "./rolls-parse";
import { DEFAULT_UNARMED_STYLE } from "./rolls-unarmed";

/** What the rows need of a fighter (combat.ts's view of an actor). */
export interface RollsCombatFighter {
  derived: Hm3Derived;
  items: readonly FighterItem[];
  /** A creature fighting on a body plan of its own (G47: its legs cannot all be grasped). */
  ownPlan: boolean;
  /** The actor's stored HM3 block (`system.hm3`), for its unarmed style. */
  hm3: Record<string, unknown>;
}

const ROW_IDS = ["gold.disarm", "gold.sweep", "gold.tackle", "gold.unarmed", "gold.technique"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function sys(item: FighterItem): Record<string, unknown> {
  return isRecord(item.system) ? item.system : {};
}
function hm3Of(item: FighterItem): Record<string, unknown> {
  const h = sys(item).hm3;
  return isRecord(h) ? h : {};
}
function weightOf(item: FighterItem): number | undefined {
  const w = sys(item).weight;
  return typeof w === "number" && Number.isFinite(w) && w >= 0 ? w : undefined;
}

/** The fighter's weapon in hand: its first held, equipped melee weapon that is no shield. */
function weaponInHand(f: RollsCombatFighter): FighterItem | undefined {
  return f.items.find(
    (i) =>
      i.type === "weapon" &&
      sys(i).equipped === true &&
      sys(i).held !== "none" &&
      hm3Of(i).shield !== true &&
      f.derived.weapons[i.id] !== undefined,
  );
}

/** The actor's unarmed style (G49); Brawling when none is set. */
export function unarmedStyleOf(hm3: Record<string, unknown>): UnarmedStyle {
  const s = hm3.unarmedStyle;
  return (UNARMED_STYLES as readonly unknown[]).includes(s)
    ? (s as UnarmedStyle)
    : DEFAULT_UNARMED_STYLE;
}

/** Sweep needs a Staves or Polearms weapon (000:207; G44): HM3's Polearm skill, or a Staff. */
export function canSweepWith(item: FighterItem): boolean {
  const skill = hm3Of(item).skill;
  return (
    (typeof skill === "string" && /^polearms?$/i.test(skill.trim())) || /\bstaff\b/i.test(item.name)
  );
}

export interface RollsDeclarationParts {
  attack: Record<string, unknown>;
  attacker: Record<string, unknown>;
  defender: Record<string, unknown>;
}

/**
 * The declaration fields of the rows declared (`request.catalog`), and of the options on.
 * `attackItem` is the item attacking; `kind` melee or missile.
 */
export function rollsDeclaration(
  rawCatalog: unknown,
  options: Readonly<Partial<GoldOptions>>,
  attackItem: FighterItem,
  kind: "melee" | "missile",
  attacker: RollsCombatFighter,
  defender: RollsCombatFighter,
): RollsDeclarationParts {
  const out: RollsDeclarationParts = { attack: {}, attacker: {}, defender: {} };
  const rows = readRows(rawCatalog);
  const nonLethal = rows.filter((r) => ["gold.disarm", "gold.sweep", "gold.tackle"].includes(r.id));
  if (nonLethal.length > 1)
    throw new InputError(
      "catalog",
      nonLethal.map((r) => r.id).join(", "),
      "declare one non-lethal attack at a time (disarm, sweep or tackle)",
    );
  for (const row of rows) {
    const f = `catalog.${row.id}`;
    if (row.id === "gold.disarm") {
      out.attack.nonLethal = "disarm";
      const grip = row.param ?? "one";
      if (!(GRIPS as readonly unknown[]).includes(grip))
        throw new InputError(`${f}.param`, grip, `expected one of ${GRIPS.join(", ")}`);
      if (grip !== "one") out.defender.grip = grip;
      if (goldOn(options, "disarmWeaponMass")) {
        const mine = weightOf(attackItem);
        const held = weaponInHand(defender);
        const theirs = held ? weightOf(held) : undefined;
        if (mine !== undefined && theirs !== undefined) {
          out.attack.weight = mine;
          out.defender.weaponWeight = theirs;
        }
      }
    } else if (row.id === "gold.sweep") {
      if (!canSweepWith(attackItem))
        throw new InputError(
          "catalog.gold.sweep",
          attackItem.name,
          "a sweep needs a Staves or Polearms weapon (seed 000 line 207; ruling G44)",
        );
      out.attack.nonLethal = "sweep";
      const hook = row.param ?? "plain";
      if (hook !== "plain" && hook !== "hooked")
        throw new InputError(`${f}.param`, hook, "expected plain or hooked");
      if (hook === "hooked") out.attack.hooked = true;
    } else if (row.id === "gold.tackle") {
      out.attack.nonLethal = "tackle";
      const ground = row.param ?? 0;
      if (typeof ground !== "number" || !Number.isInteger(ground) || ground < 0 || ground > 2)
        throw new InputError(`${f}.param`, ground, "expected 0, 1 or 2 d6 of ground impact");
      if (ground > 0) out.attack.ground = ground;
      if (defender.ownPlan) out.defender.quadruped = true;
    } else if (row.id === "gold.unarmed") {
      const mode = row.param ?? "strike";
      if (!(UNARMED_MODES as readonly unknown[]).includes(mode))
        throw new InputError(`${f}.param`, mode, `expected one of ${UNARMED_MODES.join(", ")}`);
      out.attack.unarmed = { style: unarmedStyleOf(attacker.hm3), mode };
    } else {
      const roll = row.param ?? "shock";
      if (roll !== "shock" && roll !== "fumble" && roll !== "stumble")
        throw new InputError(`${f}.param`, roll, "expected shock, fumble or stumble");
      // Skill Index = ML ÷ 10 rounded down (issue 19), of the attacking weapon's skill.
      const ml = attacker.derived.weapons[attackItem.id]?.ml ?? 0;
      out.attack.technique = { roll, si: Math.floor(ml / 10) };
    }
  }
  if (goldOn(options, "injuryRollSkills")) {
    out.attacker.rollSkills = rollSkillsOf(attacker, attackItem);
    out.defender.rollSkills = rollSkillsOf(defender, weaponInHand(defender));
  }
  return out;
}

/** G42: the Dodge ML and the ML of the weapon in hand; Condition stays Endurance ×5. */
function rollSkillsOf(f: RollsCombatFighter, weapon: FighterItem | undefined) {
  const out: Record<string, number> = { dodge: f.derived.dodge.ml };
  const w = weapon ? f.derived.weapons[weapon.id] : undefined;
  if (w) out.weapon = w.ml;
  return out;
}

function readRows(raw: unknown): { id: string; param?: unknown }[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new InputError("catalog", raw, "expected a list of rows");
  const out: { id: string; param?: unknown }[] = [];
  for (const [i, r] of raw.entries()) {
    if (!isRecord(r) || typeof r.id !== "string")
      throw new InputError(`catalog[${i}]`, r, "expected a row { id, param }");
    if (!ROW_IDS.includes(r.id)) continue; // another group's row
    out.push(r.param === undefined ? { id: r.id } : { id: r.id, param: r.param });
  }
  return out;
}

/**
 * The attack target with this group's modifiers, for the dialog's breakdown: the engine's own
 * reading of the fields (`readRollsAttack`), so the preview is what the exchange rolls.
 */
export function rollsTarget(
  target: Target,
  attack: Record<string, unknown>,
  options: Readonly<Partial<GoldOptions>>,
  kind: "melee" | "missile",
): Target {
  if (Object.keys(attack).length === 0) return target;
  return readRollsAttack({ ...attack }, options, kind, target).target;
}
