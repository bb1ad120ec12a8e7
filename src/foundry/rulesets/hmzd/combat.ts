/**
 * The zone-die routine (`hmzd`, seed 001) for the Foundry adapter's combat flow: the core's
 * `CombatRules` (core/combat.ts) over fighter snapshots, i.e. an actor's stored `system` (the
 * HM3 block for attributes, skills and armour; `system.hmzd` for the Shock EML, the shock state
 * and Setup), its derived figures (`HmzdDerived`, ./derive.ts) and its items' stored systems
 * (`system.hmzd`: a weapon's zone die and modes; `system.hm3`: its skill, AML and DML).
 *
 * The flow's three prompts: `defence` (Block, Dodge, Counterstrike, or the forced Ignore, Z3,
 * Z4), `spendStars` (the winner's tactical advantages, Z6) and `pickZone` (the Precision pick,
 * Z5). The attack dialog's aim is the placement (001:25): the zone value the zone die counts
 * from, limited so that placement + die − 1 stays on the victim's plan (hmzd.md §2).
 * Pure and deterministic; untrusted requests are refused with an `InputError` naming the field.
 *
 * Rulings: hmzd.md §8 Z2-Z8, Z11; docs/rulings.md Z30 (the EMLs are HM3's), Z31 (a spending
 * named by one button), Z32 (no Universal Penalty from injuries, ./derive.ts).
 */
import type {
  AttackOption,
  AttackRequest,
  AttackSituation,
  ChoiceOptionView,
  ChoiceRequest,
  CombatRules,
  DeclarationBuild,
  ExchangeFight,
  FighterItem,
  FighterSnapshot,
  InjuryItemData,
  OptionalRule,
  TargetLabels,
} from "../../../core/combat";
import { InputError, readObject } from "../../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../../core/modifiers";
import type { ConditionId, Effect, PendingChoice, RulesetBlock } from "../../../core/ruleset";
import { HM3_TARGET_LABELS } from "../../../rules/hm3/combat";
import { CUSTOM_LIMIT, meleeEml, missileEml, type CustomModifier } from "../../../rules/hm3/eml";
import { EML_MAX, EML_MIN } from "../../../rules/hm3/mechanics";
import { RANGE_BANDS, type RangeBand } from "../../../rules/hm3/tables";
import {
  handSide,
  impairment,
  type ImpairmentAction,
  type ZoneInjury,
} from "../../../rules/hmzd/impairment";
import { planLocationIds } from "../../../rules/hmzd/plan";
import { HUMAN_PLAN } from "../../../rules/hmzd/tables";
import { HMZD_ASPECTS, type HmzdAspect, type HmzdPlan } from "../../../rules/hmzd/types";
import {
  actionAvailable,
  minorHinders,
  setupLevels,
  type HmzdBlockData,
} from "../../../rules/hmzd/turn";
import type { HmzdDerived } from "./derive";
import { HMZD_FIGHT_STORE } from "./fight";
import { planFromSource } from "./plans";
import type { HmzdBodyPlanSource } from "./source";

/**
 * The combat round of an exchange (Z21: "round" is the tracker's): the adapter's `fight.round`
 * (Foundry's `Combat#round`, the attacker's combat, else the defender's, ruling Z38), 0 outside
 * a started combat.
 */
function roundOf(fight: ExchangeFight | undefined): number {
  const round = fight?.round ?? 0;
  if (typeof round !== "number" || !Number.isInteger(round) || round < 0)
    throw new InputError("fight.round", round, "expected the combat round, a whole number ≥ 0");
  return round;
}

const blockData = (b: RulesetBlock) => b.data as unknown as HmzdBlockData;

// ── Localisation keys (whole literals, for the lang audit) ──────────────────────────────────

/** The aspects a zone-die mode strikes with (001:93, 107), by both spellings a block may use. */
export const HMZD_ASPECT_KEYS: Readonly<Record<string, string>> = Object.freeze({
  B: "BLOWBYBLOW.HMZD.Combat.Aspect.B",
  E: "BLOWBYBLOW.HMZD.Combat.Aspect.E",
  P: "BLOWBYBLOW.HMZD.Combat.Aspect.P",
  F: "BLOWBYBLOW.HMZD.Combat.Aspect.F",
  blunt: "BLOWBYBLOW.HMZD.Combat.Aspect.B",
  edge: "BLOWBYBLOW.HMZD.Combat.Aspect.E",
  point: "BLOWBYBLOW.HMZD.Combat.Aspect.P",
  fire: "BLOWBYBLOW.HMZD.Combat.Aspect.F",
});

/** The letter of an aspect (`edge` → `E`), as the engine and the injury code write it. */
export function aspectLetter(aspect: string): "B" | "E" | "P" | "F" | null {
  const letter = { B: "B", E: "E", P: "P", F: "F", blunt: "B", edge: "E", point: "P", fire: "F" }[
    aspect
  ];
  return (letter as "B" | "E" | "P" | "F" | undefined) ?? null;
}

/** The engine's aspect (`edge`) of either spelling a block may use (`E`, `edge`). */
export function aspectOf(aspect: string): HmzdAspect | null {
  const letter = aspectLetter(aspect);
  return letter ? ({ B: "blunt", E: "edge", P: "point", F: "fire" } as const)[letter] : null;
}

/** The most zone values a plan may have (001:61: "20+"), and so the placements labelled. */
export const MAX_ZONES = 20;

/** Placement labels: the human plan's zones by name (§2), any other plan's by number. */
const HUMAN_PLACEMENT = [
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.1",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.2",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.3",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.4",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.5",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.6",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.7",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.8",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.9",
  "BLOWBYBLOW.HMZD.Combat.Placement.Human.10",
] as const;
const ZONE_PLACEMENT: readonly string[] = [
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.1",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.2",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.3",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.4",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.5",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.6",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.7",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.8",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.9",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.10",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.11",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.12",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.13",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.14",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.15",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.16",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.17",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.18",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.19",
  "BLOWBYBLOW.HMZD.Combat.Placement.Zone.20",
];

export const HMZD_COMBAT_KEYS = Object.freeze({
  unaimed: "BLOWBYBLOW.HMZD.Combat.Placement.unaimed",
  humanPlacement: HUMAN_PLACEMENT,
  zonePlacement: Object.freeze(ZONE_PLACEMENT),
  band: Object.freeze({
    short: "BLOWBYBLOW.HM3.Combat.Band.short",
    medium: "BLOWBYBLOW.HM3.Combat.Band.medium",
    long: "BLOWBYBLOW.HM3.Combat.Band.long",
    extreme: "BLOWBYBLOW.HM3.Combat.Band.extreme",
  } satisfies Record<RangeBand, string>),
  unavailable: Object.freeze({
    notEquipped: "BLOWBYBLOW.HM3.Combat.Unavailable.NotEquipped",
    notHeld: "BLOWBYBLOW.HM3.Combat.Unavailable.NotHeld",
    noModes: "BLOWBYBLOW.HMZD.Combat.Unavailable.noModes",
    nothingToBlock: "BLOWBYBLOW.HM3.Unavailable.NothingToBlock",
    noWeapon: "BLOWBYBLOW.HM3.Unavailable.NoWeapon",
    shieldOnly: "BLOWBYBLOW.HMZD.Combat.Unavailable.shieldOnly",
    forbidden: "BLOWBYBLOW.HMZD.Combat.Unavailable.forbidden",
  }),
  spend: Object.freeze({
    impact: "BLOWBYBLOW.HMZD.Combat.Spend.impact",
    precision: "BLOWBYBLOW.HMZD.Combat.Spend.precision",
    action: "BLOWBYBLOW.HMZD.Combat.Spend.action",
    setup: "BLOWBYBLOW.HMZD.Combat.Spend.setup",
  }),
  injuryName: "BLOWBYBLOW.HMZD.Combat.InjuryName",
});

/** The labels of the targets: HM3's (Z30: the EMLs are HM3's) and the zone impairment (Z8). */
export const HMZD_TARGET_LABELS: TargetLabels = Object.freeze({
  modifiers: Object.freeze({
    ...HM3_TARGET_LABELS.modifiers,
    impairment: "BLOWBYBLOW.HMZD.Modifier.impairment",
  }),
  bases: HM3_TARGET_LABELS.bases,
});

/** The zone-die world options: none of its own yet (Z10's special effects are zd-state's). */
export const HMZD_OPTIONAL_RULES: readonly OptionalRule[] = Object.freeze([]);

/** The four ways to spend a tactical advantage (§6, Z6). */
export const SPEND_TYPES = ["impact", "precision", "action", "setup"] as const;
export type SpendType = (typeof SPEND_TYPES)[number];
export type Spend = Record<SpendType, number>;

const MAX_OPPONENTS = 20;
const MAX_CUSTOM = 20;
const LIMIT = { min: EML_MIN, max: EML_MAX };

// ── Reading a snapshot ───────────────────────────────────────────────────────────────────────

function isRecord(value: unknown): value is Record<string, unknown> {
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
function zoneCount(plan: Record<string, unknown>): number {
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
function itemSystem(item: FighterItem): {
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
function unavailable(item: FighterItem, v: HmzdView): string | undefined {
  const s = itemSystem(item);
  if (!s.equipped) return HMZD_COMBAT_KEYS.unavailable.notEquipped;
  if (item.type === "weapon" && !v.creature && s.held === "none")
    return HMZD_COMBAT_KEYS.unavailable.notHeld;
  return undefined;
}

/** A melee weapon or shield of the fighter with its HM3 figures and zone-die modes. */
interface Melee {
  item: FighterItem;
  aml: number;
  dml: number;
  shield: boolean;
  zoneDie: number;
  modes: HmzdMode[];
  unavailableKey: string | undefined;
}

function melee(v: HmzdView): Melee[] {
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

const blockers = (v: HmzdView) => melee(v).filter((m) => !m.unavailableKey);
const strikers = (v: HmzdView) => blockers(v).filter((m) => m.modes.length > 0);

function modesView(modes: readonly HmzdMode[]): AttackOption["modes"] {
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

function placementKey(zones: number, placement: number): string {
  return zones === 10
    ? HUMAN_PLACEMENT[placement - 1]!
    : (ZONE_PLACEMENT[placement - 1] ?? ZONE_PLACEMENT[0]!);
}

/** Z4, Z18: a missile is unaimed (the whole plan from 1, d10 on a human) or aimed (d6 from the placement). */
const UNAIMED = "unaimed";
const AIMED_MISSILE_DIE = 6;

function missileAims(zones: number): { id: string; labelKey: string }[] {
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
function injuriesOf(v: HmzdView): ZoneInjury[] {
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
function itemAction(item: FighterItem, kind: "weapon" | "shield"): ImpairmentAction {
  const held = itemSystem(item).held;
  const hand = held === "both" ? "both" : held === "off" ? handSide("off") : handSide("main");
  return { kind, hand };
}

/** The impairment of `action` as a modifier (Z8), and whether a G injury forbids it. */
function impaired(v: HmzdView, action: ImpairmentAction): { mods: Modifier[]; forbidden: boolean } {
  const i = impairment(v.enginePlan, injuriesOf(v), action);
  const mods: Modifier[] =
    i.penalty > 0 ? [{ key: "impairment", value: -i.penalty, source: "001:83-87, 117; Z8" }] : [];
  return { mods, forbidden: i.forbidden };
}

/** `t` with the impairment's modifier added (the limits of Z30 applied again). */
function withImpairment(t: Target, mods: readonly Modifier[]): Target {
  if (mods.length === 0) return t;
  return buildTarget(t.baseKey, t.base, [...t.modifiers, ...mods], LIMIT);
}

// ── Reading requests ─────────────────────────────────────────────────────────────────────────

function readId(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "")
    throw new InputError(field, value, "expected an id");
  return value;
}

function readNullableId(value: unknown, field: string): string | null {
  return value === null || value === undefined ? null : readId(value, field);
}

function readCustom(value: unknown, field = "custom"): CustomModifier[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new InputError(field, value, "expected a list of modifiers");
  if (value.length > MAX_CUSTOM)
    throw new InputError(field, value.length, `at most ${MAX_CUSTOM} modifiers`);
  return value.map((raw: unknown, i) => {
    const f = `${field}[${i}]`;
    const o = readObject(raw, f);
    if (typeof o.label !== "string" || o.label.trim() === "")
      throw new InputError(`${f}.label`, o.label, "expected a name");
    const v = o.value;
    if (typeof v !== "number" || !Number.isInteger(v))
      throw new InputError(`${f}.value`, v, "expected a whole number");
    if (v < -CUSTOM_LIMIT || v > CUSTOM_LIMIT)
      throw new InputError(`${f}.value`, v, `must be between ${-CUSTOM_LIMIT} and ${CUSTOM_LIMIT}`);
    return { label: o.label.trim(), value: v };
  });
}

function readSituation(value: unknown): AttackSituation {
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
  return { engagingDefender: n, defenderProne: o.defenderProne, distance: d };
}

function readAttackRequest(value: unknown): AttackRequest {
  const o = readObject(value, "request");
  return {
    itemId: readId(o.itemId, "itemId"),
    mode: readId(o.mode, "mode"),
    aim: readId(o.aim, "aim"),
    band: readNullableId(o.band, "band"),
    situation: readSituation(o.situation),
    custom: readCustom(o.custom),
  };
}

// ── Attacks ──────────────────────────────────────────────────────────────────────────────────

function attackOptions(
  attacker: FighterSnapshot,
  defender: FighterSnapshot | null,
): AttackOption[] {
  const a = view(attacker, "attacker");
  const zones = defender ? view(defender, "defender").zones : 10;
  const out: AttackOption[] = [];
  for (const item of a.snapshot.items) {
    let option: AttackOption | null = null;
    if (item.type === "weapon") {
      const m = melee(a).find((x) => x.item.id === item.id);
      if (!m || m.modes.length === 0) continue;
      option = {
        itemId: item.id,
        name: item.name,
        kind: "melee",
        modes: modesView(m.modes),
        aims: placements(zones, m.zoneDie),
        bands: [],
      };
      if (m.unavailableKey) option.unavailableKey = m.unavailableKey;
      else if (impaired(a, itemAction(item, "weapon")).forbidden)
        option.unavailableKey = HMZD_COMBAT_KEYS.unavailable.forbidden;
    } else if (item.type === "missile") {
      const derived = a.derived.missiles[item.id];
      const { modes } = weaponOf(item);
      if (!derived || modes.length === 0) continue;
      option = {
        itemId: item.id,
        name: item.name,
        kind: "missile",
        modes: modesView(modes),
        aims: missileAims(zones),
        // The band gives the range and the EML penalty; the impact is the mode's (Z12).
        bands: derived.bands.map((b) => ({
          id: b.band,
          labelKey: HMZD_COMBAT_KEYS.band[b.band],
          range: b.range,
          impact: modes[0]!.base,
        })),
      };
      const why = unavailable(item, a);
      if (why) option.unavailableKey = why;
    }
    if (option) out.push(option);
  }
  return out;
}

function bandFor(option: AttackOption, distance: number): string | null {
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0)
    throw new InputError("distance", distance, "expected a distance of 0 or more");
  for (const b of option.bands) if (distance <= b.range) return b.id;
  return null;
}

interface ResolvedAttack {
  option: AttackOption;
  request: AttackRequest;
  mode: HmzdMode;
  zoneDie: number;
  placement: number;
  aimed: boolean;
  band: RangeBand | null;
  target: Target;
}

function resolveAttack(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  raw: AttackRequest,
): ResolvedAttack {
  const request = readAttackRequest(raw);
  const a = view(attacker, "attacker");
  const options = attackOptions(attacker, defender);
  const option = options.find((o) => o.itemId === request.itemId);
  if (!option)
    throw new InputError(
      "itemId",
      request.itemId,
      `not a weapon or missile with zone-die modes this attacker can strike with (${options.map((o) => o.itemId).join(", ") || "none"})`,
    );
  if (option.unavailableKey)
    throw new InputError(
      "itemId",
      request.itemId,
      `cannot attack with this item now: ${option.unavailableKey === HMZD_COMBAT_KEYS.unavailable.notEquipped ? "it is not equipped" : option.unavailableKey === HMZD_COMBAT_KEYS.unavailable.forbidden ? "a grievous injury in a zone it uses forbids it (001:87, Z8)" : "it is in no hand"}`,
    );
  const item = a.snapshot.items.find((i) => i.id === option.itemId)!;
  const weapon = weaponOf(item);
  const index = option.modes.findIndex((m) => m.id === request.mode);
  if (index < 0)
    throw new InputError(
      "mode",
      request.mode,
      `expected one of ${option.modes.map((m) => m.id).join(", ")}`,
    );
  const mode = weapon.modes[index]!;
  if (!option.aims.some((z) => z.id === request.aim))
    throw new InputError(
      "aim",
      request.aim,
      `expected a placement the zone die keeps on the defender's plan: ${option.aims.map((z) => z.id).join(", ")} (hmzd.md §2)`,
    );
  const { situation, custom } = request;
  const pp = a.derived.pp;
  // Z8: the injuries in the zones the strike uses (the weapon's hand; a missile both hands).
  const imp = impaired(
    a,
    option.kind === "melee" ? itemAction(item, "weapon") : { kind: "weapon", hand: "both" },
  );
  if (imp.forbidden)
    throw new InputError(
      "itemId",
      request.itemId,
      "a grievous injury in a zone this strike uses forbids it (001:87, Z8)",
    );
  if (option.kind === "melee") {
    if (request.band !== null)
      throw new InputError("band", request.band, "a melee attack has no range band");
    const w = a.derived.weapons[option.itemId]!;
    // Z30: the attack EML is HM3's (seed 003 lines 175-181); placement costs nothing (001:25).
    const target = withImpairment(
      meleeEml({
        base: w.aml,
        baseKey: "aml",
        physicalPenalty: pp,
        proneOpponent: situation.defenderProne,
        custom,
      }),
      imp.mods,
    );
    return {
      option,
      request,
      mode,
      zoneDie: weapon.zoneDie,
      placement: Number(request.aim),
      aimed: true,
      band: null,
      target,
    };
  }
  let band: RangeBand;
  if (request.band !== null) {
    if (!option.bands.some((b) => b.id === request.band))
      throw new InputError("band", request.band, `expected one of ${RANGE_BANDS.join(", ")}`);
    band = request.band as RangeBand;
  } else if (situation.distance === null) {
    throw new InputError(
      "band",
      null,
      "the distance to the target is unknown: choose a range band",
    );
  } else {
    const found = bandFor(option, situation.distance);
    if (!found)
      throw new InputError(
        "band",
        null,
        `the target at ${situation.distance} is beyond extreme range: choose a band to shoot anyway`,
      );
    band = found as RangeBand;
  }
  const m = a.derived.missiles[option.itemId]!;
  const target = withImpairment(
    missileEml({ base: m.ml, baseKey: "aml", physicalPenalty: pp, range: band, custom }),
    imp.mods,
  );
  const aimed = request.aim !== UNAIMED;
  return {
    option,
    request,
    mode,
    // Z4, Z18: unaimed, the target plan's whole body from placement 1 (d10 on a human); aimed,
    // d6 from the placement.
    zoneDie: aimed ? AIMED_MISSILE_DIE : view(defender, "defender").zones,
    placement: aimed ? Number(request.aim) : 1,
    aimed,
    band,
    target,
  };
}

function attackTarget(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  request: AttackRequest,
): Target {
  return resolveAttack(attacker, defender, request).target;
}

/** A target as the declaration stores it: base and modifiers. */
function itemised(t: Target): { baseKey: string; base: number; modifiers: Modifier[] } {
  return { baseKey: t.baseKey, base: t.base, modifiers: t.modifiers.map((m) => ({ ...m })) };
}

type Protection = Record<HmzdAspect, number>;

/**
 * The armour of the fighter by sided location id and aspect (Z13: the sums of the HM3 pieces
 * worn there, as the HM3 derivation adds them). Ruling Z30: the zone-die pelvis covers HM3's
 * groin and both hips, and takes the lowest of their values per aspect (a strike there may land
 * on any of them); every other human location is HM3's of the same id.
 */
export function armourJson(
  armour: Readonly<Record<string, Protection>>,
  plan: HmzdPlan = HUMAN_PLAN,
): Record<string, Protection> {
  const ids = new Set(planLocationIds(plan));
  const out: Record<string, Protection> = {};
  const pelvisParts: Protection[] = [];
  for (const [loc, p] of Object.entries(armour)) {
    const bare = loc.replace(/^(left|right)-/, "");
    const copy = { blunt: p.blunt, edge: p.edge, point: p.point, fire: p.fire };
    if (bare === "groin" || bare === "hip") pelvisParts.push(copy);
    else if (ids.has(loc)) out[loc] = copy;
  }
  if (pelvisParts.length > 0 && ids.has("pelvis"))
    out.pelvis = Object.fromEntries(
      HMZD_ASPECTS.map((a) => [a, Math.min(...pelvisParts.map((p) => p[a]))]),
    ) as Protection;
  return out;
}

/** A fighter as the engine's declaration reads it (the CLI contract of issue 18). */
function fighterJson(v: HmzdView, round: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    str: v.str,
    dex: v.dex,
    agl: v.agl,
    endurance: v.derived.endurance,
    shock: v.derived.hmzd.shock,
    state: v.derived.hmzd.state,
    // Z16: the Setups won last round raise this exchange's test; Z6: one Action a round.
    setup: setupLevels(blockData(v.block), round),
    actionTaken: !actionAvailable(blockData(v.block), round),
    armour: armourJson(v.derived.armour, v.enginePlan),
  };
  if (v.plan) out.bodyPlan = v.enginePlan;
  return out;
}

function readOptions(value: unknown): Record<string, boolean> {
  const o = readObject(value ?? {}, "options");
  const ids = HMZD_OPTIONAL_RULES.map((r) => r.id);
  const out: Record<string, boolean> = Object.fromEntries(
    HMZD_OPTIONAL_RULES.map((r) => [r.id, r.default]),
  );
  for (const [k, v] of Object.entries(o)) {
    if (!ids.includes(k)) continue;
    if (typeof v !== "boolean") throw new InputError(`options.${k}`, v, "expected true or false");
    out[k] = v;
  }
  return out;
}

function weaponJson(zoneDie: number, mode: HmzdMode): Record<string, unknown> {
  return { zoneDie, impact: { die: mode.die, base: mode.base, aspect: mode.aspect } };
}

function buildDeclaration(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  request: AttackRequest,
  options: Readonly<Record<string, boolean>>,
  fight?: ExchangeFight,
): DeclarationBuild {
  const round = roundOf(fight);
  const r = resolveAttack(attacker, defender, request);
  const a = view(attacker, "attacker");
  const d = view(defender, "defender");
  const declaration = {
    attack: {
      type: r.option.kind,
      eml: itemised(r.target),
      weapon: weaponJson(r.zoneDie, r.mode),
      ...(r.mode.name ? { mode: r.mode.name } : {}),
      placement: r.placement,
      // Z4: only a missile is aimed or not; a melee strike always counts from its placement.
      ...(r.option.kind === "missile" ? { aimed: r.aimed } : {}),
    },
    attacker: fighterJson(a, round),
    defender: fighterJson(d, round),
    options: readOptions(options),
    blocks: { attacker: a.block, defender: d.block },
    round,
  };
  const rules: Record<string, unknown> = {
    attackType: r.option.kind,
    itemId: r.option.itemId,
    engagingDefender: r.request.situation.engagingDefender,
    aimed: r.aimed,
  };
  if (r.band) rules.band = r.band;
  return { declaration, rules };
}

// ── Choices ──────────────────────────────────────────────────────────────────────────────────

interface ExchangeContext {
  attackType: "melee" | "missile";
  engagingDefender: number;
  /** The zone values of the attacker's plan (a counterstrike's placements). */
  attackerZones: number;
}

function exchangeContext(exchange: DeclarationBuild): ExchangeContext {
  const e = readObject(exchange, "exchange");
  const decl = readObject(e.declaration, "declaration");
  const attack = readObject(decl.attack, "declaration.attack");
  const attackType = attack.type === "missile" ? "missile" : "melee";
  const rules = isRecord(e.rules) ? e.rules : {};
  const n = rules.engagingDefender ?? 1;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_OPPONENTS)
    throw new InputError(
      "rules.engagingDefender",
      n,
      `expected a whole number 1 to ${MAX_OPPONENTS}`,
    );
  const attacker = isRecord(decl.attacker) ? decl.attacker : {};
  const attackerZones = isRecord(attacker.bodyPlan) ? zoneCount(attacker.bodyPlan) : 10;
  return { attackType, engagingDefender: n, attackerZones };
}

type DefenceKind = "block" | "counterstrike" | "dodge";

/**
 * A defence's EML (Z30: HM3's, seed 003 lines 175-181): Block from the item's DML,
 * Counterstrike from its AML, Dodge from Dodge ML, less PP ×5, with the defender's outnumbered
 * modifier against melee.
 */
function defenceAction(kind: DefenceKind, item: Melee | null): ImpairmentAction {
  if (kind === "dodge" || !item) return { kind: "dodge" };
  return itemAction(item.item, kind === "block" && item.shield ? "shield" : "weapon");
}

function defenceTarget(
  kind: DefenceKind,
  ctx: ExchangeContext,
  v: HmzdView,
  item: Melee | null,
  custom: readonly CustomModifier[],
): Target {
  const base = kind === "dodge" ? v.derived.dodge.ml : kind === "block" ? item!.dml : item!.aml;
  const baseKey = kind === "dodge" ? "ml" : kind === "block" ? "dml" : "aml";
  const t = meleeEml({
    base,
    baseKey,
    physicalPenalty: v.derived.pp,
    ...(ctx.attackType === "melee" ? { opponents: ctx.engagingDefender } : {}),
    custom,
  });
  // Z8: the injuries in the zones the defence uses (the item's hand; Dodge the legs).
  return withImpairment(
    buildTarget(t.baseKey, t.base, t.modifiers, LIMIT),
    impaired(v, defenceAction(kind, item)).mods,
  );
}

/** Whether a G injury forbids the defence with `item` (Z8). */
const forbids = (v: HmzdView, kind: DefenceKind, item: Melee | null) =>
  impaired(v, defenceAction(kind, item)).forbidden;

/** The number a pending option may be taken at most (Z6), 0 when it says none. */
function maxOf(o: { max?: number }): number {
  return typeof o.max === "number" && Number.isInteger(o.max) && o.max > 0 ? o.max : 0;
}

function optionsIn(
  pending: PendingChoice,
  context: () => ExchangeContext,
  chooser: FighterSnapshot,
): ChoiceOptionView[] {
  const bare = (o: PendingChoice["options"][number]): ChoiceOptionView => ({
    id: o.id,
    labelKey: o.labelKey,
    ...(o.labelData ? { labelData: o.labelData } : {}),
    items: [],
    target: null,
    aims: [],
    ...(o.unavailableKey ? { unavailableKey: o.unavailableKey } : {}),
  });
  if (pending.kind === "spendStars") {
    // Z6: each option is one way to spend, with the most it may be taken; the dialog asks how
    // many of each (`counts`), all at once.
    const counts = pending.options
      .filter((o) => !o.unavailableKey)
      .map((o) => ({ id: o.id, labelKey: o.labelKey, max: maxOf(o) }));
    return pending.options.map((o) => ({ ...bare(o), counts }));
  }
  if (pending.kind === "pickZone") return pending.options.map(bare);
  if (pending.kind !== "defence") return [];
  const ctx = context();
  const v = view(chooser, "chooser");
  return pending.options.map((o): ChoiceOptionView => {
    const out = bare(o);
    if (o.id === "block") {
      // Z4: against a missile only a shield blocks.
      const items = blockers(v).filter(
        (m) => (ctx.attackType === "melee" || m.shield) && !forbids(v, "block", m),
      );
      out.items = items.map((m) => ({
        itemId: m.item.id,
        name: m.item.name,
        target: defenceTarget("block", ctx, v, m, []),
        modes: [],
      }));
      if (out.items.length === 0)
        out.unavailableKey =
          ctx.attackType === "missile"
            ? HMZD_COMBAT_KEYS.unavailable.shieldOnly
            : HMZD_COMBAT_KEYS.unavailable.nothingToBlock;
    } else if (o.id === "counterstrike") {
      out.items = strikers(v)
        .filter((m) => !forbids(v, "counterstrike", m))
        .map((m) => ({
          itemId: m.item.id,
          name: m.item.name,
          target: defenceTarget("counterstrike", ctx, v, m, []),
          modes: modesView(m.modes),
        }));
      // The counterstrike's placement on the attacker's plan, for the smallest zone die held.
      const die = Math.min(...strikers(v).map((m) => m.zoneDie), 10);
      out.aims = placements(ctx.attackerZones, die);
      if (out.items.length === 0) out.unavailableKey = HMZD_COMBAT_KEYS.unavailable.noWeapon;
    } else if (o.id === "dodge") {
      out.target = defenceTarget("dodge", ctx, v, null, []);
      if (forbids(v, "dodge", null)) out.unavailableKey = HMZD_COMBAT_KEYS.unavailable.forbidden;
    }
    if (o.unavailableKey) out.unavailableKey = o.unavailableKey;
    return out;
  });
}

function choiceOptions(
  pending: PendingChoice,
  exchange: DeclarationBuild,
  chooser: FighterSnapshot,
): ChoiceOptionView[] {
  return optionsIn(pending, () => exchangeContext(exchange), chooser);
}

function readChoiceRequest(value: unknown): ChoiceRequest {
  const o = readObject(value, "request");
  const out: ChoiceRequest = {
    optionId: readId(o.optionId, "optionId"),
    itemId: readNullableId(o.itemId, "itemId"),
    mode: readNullableId(o.mode, "mode"),
    aim: readNullableId(o.aim, "aim"),
    custom: readCustom(o.custom),
  };
  if (o.counts !== undefined && o.counts !== null) {
    const c = readObject(o.counts, "counts");
    const counts: Record<string, number> = {};
    for (const [k, n] of Object.entries(c)) {
      if (typeof n !== "number" || !Number.isInteger(n) || n < 0)
        throw new InputError(
          `counts.${k}`,
          n,
          "expected a whole number of tactical advantages ≥ 0",
        );
      counts[k] = n;
    }
    out.counts = counts;
  }
  return out;
}

/**
 * The spending a `spendStars` request gives (Z6). With `counts`, exactly those; the total may
 * not pass the TAs won (the engine checks it again), and each type its `max`. Without counts
 * (a card button alone), ruling Z31: every TA goes to the button's type, except Action, taken
 * once (Z6), whose remaining TAs go to Impact for a striker and to Setup for a defender who won
 * a Block or Dodge (the CLI's default spending).
 */
function spendOf(pending: PendingChoice, request: ChoiceRequest): Spend {
  const open = pending.options.filter((o) => !o.unavailableKey);
  const ids = open.map((o) => o.id);
  const tas =
    typeof pending.data?.tacticalAdvantages === "number" ? pending.data.tacticalAdvantages : 0;
  const spend: Spend = { impact: 0, precision: 0, action: 0, setup: 0 };
  if (request.counts) {
    for (const [k, n] of Object.entries(request.counts)) {
      if (n === 0) continue;
      const o = open.find((x) => x.id === k);
      if (!o || !(SPEND_TYPES as readonly string[]).includes(k))
        throw new InputError(`counts.${k}`, n, `expected one of ${ids.join(", ")}`);
      const max = maxOf(o);
      if (n > max) throw new InputError(`counts.${k}`, n, `at most ${max}`);
      spend[k as SpendType] = n;
    }
    const total = SPEND_TYPES.reduce((t, k) => t + spend[k], 0);
    if (tas > 0 && total > tas)
      throw new InputError("counts", total, `the winner has ${tas} tactical advantages to spend`);
    return spend;
  }
  const chosen = request.optionId as SpendType;
  if (chosen === "action") {
    spend.action = 1;
    const rest = Math.max(0, tas - 1);
    const striker = ids.includes("impact");
    const to: SpendType = striker ? "impact" : "setup";
    if (ids.includes(to)) spend[to] = rest;
  } else {
    spend[chosen] = tas;
  }
  return spend;
}

function buildChoice(
  pending: PendingChoice,
  exchange: DeclarationBuild,
  chooser: FighterSnapshot,
  raw: ChoiceRequest,
): unknown {
  let ctx: ExchangeContext | null = null;
  const context = () => (ctx ??= exchangeContext(exchange));
  const request = readChoiceRequest(raw);
  const views = optionsIn(pending, context, chooser);
  const option = views.find((o) => o.id === request.optionId);
  if (!option)
    throw new InputError(
      "optionId",
      request.optionId,
      `expected one of ${views.map((o) => o.id).join(", ") || "nothing (no choice is pending)"}`,
    );
  if (option.unavailableKey && !request.counts)
    throw new InputError("optionId", request.optionId, "this option cannot be chosen now");
  if (pending.kind === "spendStars") return spendOf(pending, request);
  if (pending.kind === "pickZone") {
    const pick = pending.options.findIndex((o) => o.id === option.id);
    return { index: pick };
  }
  if (option.id === "ignore") {
    if (request.custom.length > 0)
      throw new InputError("custom", request.custom, "Ignore rolls nothing: it takes no modifiers");
    return { type: "ignore" };
  }
  const v = view(chooser, "chooser");
  if (option.id === "dodge")
    return {
      type: "dodge",
      eml: itemised(defenceTarget("dodge", context(), v, null, request.custom)),
    };
  if (!option.items.some((i) => i.itemId === request.itemId))
    throw new InputError(
      "itemId",
      request.itemId,
      `expected one of ${option.items.map((i) => i.itemId).join(", ")}`,
    );
  const item = melee(v).find((m) => m.item.id === request.itemId)!;
  if (option.id === "block")
    return {
      type: "block",
      eml: itemised(defenceTarget("block", context(), v, item, request.custom)),
      // Z4: against a missile only a shield blocks.
      ...(context().attackType === "missile" ? { shield: item.shield } : {}),
    };
  const index = item.modes.findIndex((_, i) => String(i) === request.mode);
  if (index < 0)
    throw new InputError(
      "mode",
      request.mode,
      `expected one of ${item.modes.map((_, i) => String(i)).join(", ")}`,
    );
  const aims = placements(context().attackerZones, item.zoneDie);
  if (!aims.some((z) => z.id === request.aim))
    throw new InputError(
      "aim",
      request.aim,
      `expected a placement the zone die keeps on the attacker's plan: ${aims.map((z) => z.id).join(", ")} (hmzd.md §2)`,
    );
  const mode = item.modes[index]!;
  return {
    type: "counterstrike",
    eml: itemised(defenceTarget("counterstrike", context(), v, item, request.custom)),
    weapon: weaponJson(item.zoneDie, mode),
    ...(mode.name ? { mode: mode.name } : {}),
    placement: Number(request.aim),
  };
}

// ── Consequences ─────────────────────────────────────────────────────────────────────────────

const SEVERITIES = ["M", "S", "G"] as const;

/**
 * The injury item an hmzd injury effect makes (§4; the block of ./source.ts): severity, level,
 * aspect, zone, side, the location inside the zone, and whether its shock roll failed (an M
 * injury then impairs at once, Z8). The effect's `location` is sided (`left-shoulder`).
 */
function injuryItem(
  effect: Extract<Effect, { type: "injury" }>,
  victim: FighterSnapshot,
): InjuryItemData {
  const e = readObject(effect, "effect");
  if (e.type !== "injury") throw new InputError("type", e.type, "expected an injury effect");
  const severity = e.severityKey;
  if (!(SEVERITIES as readonly unknown[]).includes(severity))
    throw new InputError("severityKey", severity, `expected one of ${SEVERITIES.join(", ")}`);
  const level = e.level;
  if (typeof level !== "number" || !Number.isInteger(level) || level < 1 || level > 5)
    throw new InputError("level", level, "expected an injury level 1 to 5");
  view(victim, "victim");
  const location = e.location;
  if (typeof location !== "string" || location === "")
    throw new InputError("location", location, "expected the struck location's id");
  const data = isRecord(e.data) ? e.data : {};
  const aspect = typeof data.aspect === "string" ? aspectOf(data.aspect) : null;
  if (!aspect)
    throw new InputError("data.aspect", data.aspect, `expected one of ${HMZD_ASPECTS.join(", ")}`);
  const zone = data.zone;
  if (typeof zone !== "string" || zone === "")
    throw new InputError("data.zone", zone, "expected the struck zone's id");
  const sided = /^(left|right)-(.+)$/.exec(location);
  const side = sided ? (sided[1] as "left" | "right") : "none";
  const bare = sided ? sided[2]! : location;
  const code = `${severity as string}${level}${aspectLetter(aspect)!}`;
  // The engine's `data.key` names the injury in the block's `unhindered` (001:83): the item
  // keeps it as its side, location, severity and level, from which `injuryKeyOf` gives it back.
  const key = `${location}:${severity as string}${level}`;
  if (data.key !== undefined && data.key !== key)
    throw new InputError("data.key", data.key, `expected ${key} (its sided location and code)`);
  return {
    nameKey: HMZD_COMBAT_KEYS.injuryName,
    nameData: { location, code },
    system: {
      description: "",
      hmzd: {
        severity,
        level,
        aspect,
        zone,
        side,
        location: bare,
        // Its Shock test failed: an M injury impairs at once (001:83, Z8).
        shockFailed: data.shockSucceeded === false || data.shockFailed === true,
      },
    },
  };
}

/** The zone-die routine damages no weapon (the seed has no weapon damage roll). */
function weaponDamage(): Record<string, unknown> {
  return {};
}

/** Z11: HM3's Initiative EML order, highest first. */
function initiative(fighter: FighterSnapshot): number {
  return view(fighter, "fighter").derived.initiative.eml.value;
}

/**
 * UNC and KIA take a fighter out of the fight (§5; the turn hooks' `defeated`): marked defeated
 * in the tracker. INC is not (ruling Z36): he takes no action (his turn starts actionless) but
 * his turn must run, as his recovery test comes at its end (Z15); a skipped UNC fighter's time
 * passes at each round's end (./turns.ts), and he is defeated no more once he recovers to INC.
 */
export const HMZD_INCAPACITATING: readonly ConditionId[] = Object.freeze(["unconscious", "dead"]);

export const hmzdCombat: CombatRules = Object.freeze({
  optionalRules: HMZD_OPTIONAL_RULES,
  labels: HMZD_TARGET_LABELS,
  incapacitating: HMZD_INCAPACITATING,
  attackOptions,
  bandFor,
  attackTarget,
  buildDeclaration,
  choiceOptions,
  buildChoice,
  injuryItem,
  weaponDamage,
  initiative,
});
