/**
 * The zone-die fighter as the combat functions read it (./combat.ts): its snapshot's blocks,
 * weapons and modes, placements, injuries and the impairment of an action (Z8).
 */
import type { AttackOption, FighterItem, FighterSnapshot } from "../../../core/combat";
import { InputError, readObject } from "../../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../../core/modifiers";
import type { RulesetBlock } from "../../../core/ruleset";
import {
  handSide,
  impairment,
  type ImpairmentAction,
  type ZoneInjury,
} from "../../../rules/hmzd/impairment";
import { HUMAN_PLAN } from "../../../rules/hmzd/tables";
import { type HmzdAspect, type HmzdPlan } from "../../../rules/hmzd/types";
import { minorHinders } from "../../../rules/hmzd/turn";
import type { HmzdDerived } from "./derive";
import { HMZD_FIGHT_STORE } from "./fight";
import { planFromSource } from "./plans";
import type { HmzdBodyPlanSource } from "./source";
import {
  blockData,
  HMZD_ASPECT_KEYS,
  aspectOf,
  MAX_ZONES,
  HUMAN_PLACEMENT,
  ZONE_PLACEMENT,
  HMZD_COMBAT_KEYS,
  LIMIT,
} from "./combat-common";

// ── Reading a snapshot ───────────────────────────────────────────────────────────────────────

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A fighter's zone-die data as the combat functions read it. */
export interface HmzdView {
  snapshot: FighterSnapshot;
  derived: HmzdDerived;
  str: number;
  dex: number;
  agl: number;
  creature: boolean;
  /** The zone values of the fighter's plan (10 for the human plan, §2). */
  zones: number;
  /** The creature's zone plan as stored (`system.hmzd.bodyPlan`), or null: the human plan. */
  plan: Record<string, unknown> | null;
  /** The fighter's state block (./fight.ts), fresh when the actor holds none. */
  block: RulesetBlock;
  /** The engine's plan of the fighter (Z14): the creature's own, else the human plan (§2). */
  enginePlan: HmzdPlan;
}

export function view(f: FighterSnapshot, field: string): HmzdView {
  const snapshot = readObject(f, field) as unknown as FighterSnapshot;
  const d = snapshot.derived;
  if (
    !isRecord(d) ||
    d.ruleset !== "hmzd" ||
    !isRecord(d.weapons) ||
    !isRecord(d.armour) ||
    !isRecord(d.hmzd) ||
    typeof d.pp !== "number"
  )
    throw new InputError(
      `${field}.derived`,
      d,
      "expected the actor's derived zone-die figures (the sheet could not be derived: fix it first)",
    );
  const system = isRecord(snapshot.system) ? snapshot.system : {};
  const hm3 = isRecord(system.hm3) ? system.hm3 : {};
  const attributes = isRecord(hm3.attributes) ? hm3.attributes : {};
  const attr = (id: "str" | "dex" | "agl"): number => {
    const v = attributes[id];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1)
      throw new InputError(`${field}.system.hm3.attributes.${id}`, v, "expected a whole number");
    return v;
  };
  const hmzd = isRecord(system.hmzd) ? system.hmzd : {};
  const plan = snapshot.actorType === "creature" && isRecord(hmzd.bodyPlan) ? hmzd.bodyPlan : null;
  return {
    snapshot,
    derived: d as unknown as HmzdDerived,
    str: attr("str"),
    dex: attr("dex"),
    agl: attr("agl"),
    creature: snapshot.actorType === "creature",
    zones: plan ? zoneCount(plan) : 10,
    plan,
    block: HMZD_FIGHT_STORE.seed(snapshot),
    enginePlan: plan ? planFromSource(plan as unknown as HmzdBodyPlanSource) : HUMAN_PLAN,
  };
}

/** The highest zone value a stored zone plan covers (Z14); 10 when it names none. */
export function zoneCount(plan: Record<string, unknown>): number {
  const zones = Array.isArray(plan.zones) ? (plan.zones as unknown[]) : [];
  let most = 0;
  for (const z of zones)
    if (isRecord(z)) {
      const to = isRecord(z.values) ? z.values.to : z.to;
      if (typeof to === "number" && Number.isInteger(to)) most = Math.max(most, to);
    }
  return most >= 1 && most <= MAX_ZONES ? most : 10;
}

/** One attack mode of a weapon's zone-die block (Z12). */
export interface HmzdMode {
  name: string;
  die: number;
  base: number;
  aspect: HmzdAspect;
}

/** An item's stored system: ruleset-free fields, its `hm3` and `hmzd` blocks. */
export function itemSystem(item: FighterItem): {
  equipped: boolean;
  held: string;
  hm3: Record<string, unknown>;
  hmzd: Record<string, unknown>;
} {
  const s = isRecord(item.system) ? item.system : {};
  return {
    equipped: s.equipped === true,
    held: typeof s.held === "string" ? s.held : "none",
    hm3: isRecord(s.hm3) ? s.hm3 : {},
    hmzd: isRecord(s.hmzd) ? s.hmzd : {},
  };
}

/** The item's zone die and its well-formed modes (a malformed mode is left out). */
export function weaponOf(item: FighterItem): { zoneDie: number; modes: HmzdMode[] } {
  const block = itemSystem(item).hmzd;
  const zoneDie =
    typeof block.zoneDie === "number" && Number.isInteger(block.zoneDie) ? block.zoneDie : 0;
  const modes: HmzdMode[] = [];
  for (const raw of Array.isArray(block.modes) ? (block.modes as unknown[]) : []) {
    if (!isRecord(raw)) continue;
    const aspect = typeof raw.aspect === "string" ? aspectOf(raw.aspect) : null;
    const { die, base } = raw;
    if (!aspect || typeof die !== "number" || !Number.isInteger(die) || die < 2) continue;
    if (typeof base !== "number" || !Number.isInteger(base)) continue;
    modes.push({ name: typeof raw.name === "string" ? raw.name : "", die, base, aspect });
  }
  return { zoneDie: zoneDie >= 2 ? zoneDie : 0, modes };
}

/** Why an item cannot be used now, or undefined (as HM3: equipped, a character's weapon in hand). */
export function unavailable(item: FighterItem, v: HmzdView): string | undefined {
  const s = itemSystem(item);
  if (!s.equipped) return HMZD_COMBAT_KEYS.unavailable.notEquipped;
  if (item.type === "weapon" && !v.creature && s.held === "none")
    return HMZD_COMBAT_KEYS.unavailable.notHeld;
  return undefined;
}

/** A melee weapon or shield of the fighter with its HM3 figures and zone-die modes. */
export interface Melee {
  item: FighterItem;
  aml: number;
  dml: number;
  shield: boolean;
  zoneDie: number;
  modes: HmzdMode[];
  unavailableKey: string | undefined;
}

export function melee(v: HmzdView): Melee[] {
  const out: Melee[] = [];
  for (const item of v.snapshot.items) {
    if (item.type !== "weapon") continue;
    const w = v.derived.weapons[item.id];
    if (!w) continue;
    const { zoneDie, modes } = weaponOf(item);
    out.push({
      item,
      aml: w.aml,
      dml: w.dml,
      shield: itemSystem(item).hm3.shield === true,
      zoneDie,
      modes: zoneDie > 0 ? modes : [],
      unavailableKey: unavailable(item, v),
    });
  }
  return out;
}

export const blockers = (v: HmzdView) => melee(v).filter((m) => !m.unavailableKey);
export const strikers = (v: HmzdView) => blockers(v).filter((m) => m.modes.length > 0);

export function modesView(modes: readonly HmzdMode[]): AttackOption["modes"] {
  return modes.map((m, i) => ({
    id: String(i),
    labelKey: HMZD_ASPECT_KEYS[m.aspect]!,
    impact: m.base,
  }));
}

/**
 * The placements a strike with zone die `die` may announce on a plan of `zones` values: 1 up
 * to the highest that keeps placement + die − 1 on the plan (hmzd.md §2); 1 alone when the die
 * is larger than the plan.
 */
export function placements(zones: number, die: number): { id: string; labelKey: string }[] {
  const last = Math.max(1, zones - die + 1);
  return Array.from({ length: last }, (_, i) => ({
    id: String(i + 1),
    labelKey: placementKey(zones, i + 1),
  }));
}

export function placementKey(zones: number, placement: number): string {
  return zones === 10
    ? HUMAN_PLACEMENT[placement - 1]!
    : (ZONE_PLACEMENT[placement - 1] ?? ZONE_PLACEMENT[0]!);
}

/** Z4, Z18: a missile is unaimed (the whole plan from 1, d10 on a human) or aimed (d6 from the placement). */
export const UNAIMED = "unaimed";
export const AIMED_MISSILE_DIE = 6;

export function missileAims(zones: number): { id: string; labelKey: string }[] {
  return [
    { id: UNAIMED, labelKey: HMZD_COMBAT_KEYS.unaimed },
    ...placements(zones, AIMED_MISSILE_DIE),
  ];
}

// ── Impairment (Z8) ──────────────────────────────────────────────────────────────────────────

/** The key an injury item's M injury is listed under in the block's `unhindered` (./flow.ts). */
export function injuryKeyOf(block: Record<string, unknown>): string {
  const side = block.side === "left" || block.side === "right" ? `${block.side}-` : "";
  return `${side}${String(block.location)}:${String(block.severity)}${String(block.level)}`;
}

/**
 * The fighter's zone-die injuries as impairment reads them (Z8): an M injury hinders once its
 * Shock test failed or its ten unhindered minutes are over (001:83, the block's `unhindered`).
 */
export function injuriesOf(v: HmzdView): ZoneInjury[] {
  const data = blockData(v.block);
  const out: ZoneInjury[] = [];
  for (const item of v.snapshot.items) {
    if (item.type !== "injury") continue;
    const b = itemSystem(item).hmzd;
    const severity = b.severity;
    if (severity !== "M" && severity !== "S" && severity !== "G") continue;
    if (typeof b.zone !== "string" || typeof b.level !== "number") continue;
    if (!v.enginePlan.zones.some((z) => z.id === b.zone)) continue;
    out.push({
      key: item.id,
      severity,
      level: b.level,
      zone: b.zone,
      side: b.side === "left" || b.side === "right" ? b.side : null,
      hinders: b.shockFailed === true || minorHinders(data, injuryKeyOf(b)),
    });
  }
  return out;
}

/** The action an item's strike or block is (Z8): in the hand that holds it, both for two. */
export function itemAction(item: FighterItem, kind: "weapon" | "shield"): ImpairmentAction {
  const held = itemSystem(item).held;
  const hand = held === "both" ? "both" : held === "off" ? handSide("off") : handSide("main");
  return { kind, hand };
}

/** The impairment of `action` as a modifier (Z8), and whether a G injury forbids it. */
export function impaired(
  v: HmzdView,
  action: ImpairmentAction,
): { mods: Modifier[]; forbidden: boolean } {
  const i = impairment(v.enginePlan, injuriesOf(v), action);
  const mods: Modifier[] =
    i.penalty > 0 ? [{ key: "impairment", value: -i.penalty, source: "001:83-87, 117; Z8" }] : [];
  return { mods, forbidden: i.forbidden };
}

/** `t` with the impairment's modifier added (the limits of Z30 applied again). */
export function withImpairment(t: Target, mods: readonly Modifier[]): Target {
  if (mods.length === 0) return t;
  return buildTarget(t.baseKey, t.base, [...t.modifiers, ...mods], LIMIT);
}
