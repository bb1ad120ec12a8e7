/**
 * HârnMaster 3 combat: a fighter snapshot as the combat functions read it (its derived figures,
 * items in hand, body plan).
 */
import type { AttackOption, FighterItem, FighterSnapshot } from "../../core/combat";
import { InputError, readObject } from "../../core/errors";
import { type Modifier, type Target } from "../../core/modifiers";
import { canAim, creaturePlanInput, HUMAN_PLAN_ID, validateBodyPlan } from "./body-plan";
import type {
  Hm3BodyPlanInput,
  Hm3Derived,
  Hm3DerivedWeapon,
  Hm3PlanLocationInput,
} from "./character-types";
import { type RollsCombatFighter } from "./gold/rolls-combat";
import { AIM_ZONES, type AimZone } from "./tables";
import { HM3_COMBAT_KEYS } from "./combat-labels";

// ── Reading a snapshot ───────────────────────────────────────────────────────────────────────

/** A fighter's HM3 data as the combat functions read it. */
export interface Hm3View {
  snapshot: FighterSnapshot;
  derived: Hm3Derived;
  dex: number;
  agl: number;
  /** The creature's validated plan, when it fights on one (absent: the human plan). */
  plan: Hm3BodyPlanInput | undefined;
  creature: boolean;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function view(f: FighterSnapshot, field: string): Hm3View {
  const snapshot = readObject(f, field) as unknown as FighterSnapshot;
  const d = snapshot.derived;
  if (
    !isRecord(d) ||
    !isRecord(d.weapons) ||
    !isRecord(d.missiles) ||
    !isRecord(d.armour) ||
    !isRecord(d.plan) ||
    typeof d.pp !== "number"
  ) {
    throw new InputError(
      `${field}.derived`,
      d,
      "expected the actor's derived HM3 figures (the sheet could not be derived: fix it first)",
    );
  }
  const derived = d as unknown as Hm3Derived;
  const hm3 = isRecord(snapshot.system) ? snapshot.system.hm3 : undefined;
  const attributes = isRecord(hm3) && isRecord(hm3.attributes) ? hm3.attributes : {};
  const attr = (id: "dex" | "agl"): number => {
    const v = attributes[id];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1)
      throw new InputError(`${field}.system.hm3.attributes.${id}`, v, "expected a whole number");
    return v;
  };
  // The derivation fought on the creature's plan unless it refused it (R19: human plan).
  let plan: Hm3BodyPlanInput | undefined;
  if (derived.plan.id !== HUMAN_PLAN_ID && isRecord(hm3) && isRecord(hm3.bodyPlan)) {
    const stored = hm3.bodyPlan as { name: string; locations: Hm3PlanLocationInput[] };
    plan = validateBodyPlan(creaturePlanInput(stored), `${field}.system.hm3.bodyPlan`);
  }
  return {
    snapshot,
    derived,
    dex: attr("dex"),
    agl: attr("agl"),
    plan,
    creature: snapshot.actorType === "creature",
  };
}

/** An item's stored system: ruleset-free fields and its `hm3` block. */
export function itemSystem(item: FighterItem): {
  equipped: boolean;
  held: string;
  hm3: Record<string, unknown>;
} {
  const s = isRecord(item.system) ? item.system : {};
  return {
    equipped: s.equipped === true,
    held: typeof s.held === "string" ? s.held : "none",
    hm3: isRecord(s.hm3) ? s.hm3 : {},
  };
}

/**
 * The item's WQ; null when it has none (ruling R41: body parts, sling stones), which makes no
 * weapon damage roll. Anything else that is not a whole number reads as 0, broken.
 */
export function wqOf(item: FighterItem): number | null {
  const wq = itemSystem(item).hm3.wq;
  if (wq === null) return null;
  return typeof wq === "number" && Number.isInteger(wq) ? wq : 0;
}

/** `{ wq }` for a declaration, nothing for an item with no WQ (ruling R41). */
export function wqField(item: FighterItem): { wq?: number } {
  const wq = wqOf(item);
  return wq === null ? {} : { wq };
}

/**
 * Why an item cannot be used now, or undefined: broken (WQ 0, ruling R31), not equipped, or (a
 * character's melee weapon or shield) in no hand. A creature's weapons are its own body (bite,
 * claw): equipped is enough.
 */
export function unavailable(item: FighterItem, v: Hm3View): string | undefined {
  const s = itemSystem(item);
  const wq = wqOf(item);
  if (wq !== null && wq < 1) return HM3_COMBAT_KEYS.unavailable.broken;
  if (!s.equipped) return HM3_COMBAT_KEYS.unavailable.notEquipped;
  if (item.type === "weapon" && !v.creature && s.held === "none")
    return HM3_COMBAT_KEYS.unavailable.notHeld;
  return undefined;
}

/** A melee weapon or shield of the fighter, with its derived figures. */
export interface Melee {
  item: FighterItem;
  derived: Hm3DerivedWeapon;
  shield: boolean;
  unavailableKey: string | undefined;
}

export function melee(v: Hm3View): Melee[] {
  const out: Melee[] = [];
  for (const item of v.snapshot.items) {
    if (item.type !== "weapon") continue;
    const derived = v.derived.weapons[item.id];
    if (!derived) continue;
    out.push({
      item,
      derived,
      shield: itemSystem(item).hm3.shield === true,
      unavailableKey: unavailable(item, v),
    });
  }
  return out;
}

/** Ready items that can Block: every melee weapon and shield in hand. */
export const blockers = (v: Hm3View) => melee(v).filter((m) => !m.unavailableKey);
/** Ready items that can strike (Counterstrike): those with an aspect (R26). */
export const strikers = (v: Hm3View) => blockers(v).filter((m) => m.derived.impacts.length > 0);

/** The aiming zones a victim can be struck in (ruling R16); every zone on the human plan. */
export function aimsAt(plan: Hm3BodyPlanInput | undefined): { id: AimZone; labelKey: string }[] {
  return AIM_ZONES.filter((z) => !plan || canAim(plan, z)).map((id) => ({
    id,
    labelKey: HM3_COMBAT_KEYS.aim[id],
  }));
}

export function modesOf(w: Hm3DerivedWeapon): AttackOption["modes"] {
  return w.impacts.map(({ aspect, impact }) => ({
    id: aspect,
    labelKey: HM3_COMBAT_KEYS.aspect[aspect],
    impact,
  }));
}

/** What the Gold rolls group reads of a fighter (gold/rolls-combat.ts). */
export function rollsFighter(v: Hm3View): RollsCombatFighter {
  const hm3 = isRecord(v.snapshot.system) ? v.snapshot.system.hm3 : undefined;
  return {
    derived: v.derived,
    items: v.snapshot.items,
    ownPlan: v.plan !== undefined,
    hm3: isRecord(hm3) ? hm3 : {},
  };
}

/** A target as the declaration stores it: base and modifiers (parse.ts rebuilds and clamps). */
export function itemised(t: Target): { baseKey: string; base: number; modifiers: Modifier[] } {
  return { baseKey: t.baseKey, base: t.base, modifiers: t.modifiers.map((m) => ({ ...m })) };
}
