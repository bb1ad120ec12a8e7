/**
 * HârnMaster 3 for the Foundry adapter's combat flow: the core's `CombatRules` (core/combat.ts)
 * over fighter snapshots, i.e. an actor's stored `system` (`system.hm3`), its derived figures
 * (`Hm3Derived`, character.ts) and its items' stored systems (`system.hm3`, `equipped`,
 * `held`). Pure and deterministic; untrusted requests are refused with an `InputError` naming
 * the field.
 *
 * Rules: seed 003 lines 37-50 (missile defences), 54 (aiming), 175-181 (melee EML modifiers),
 * 208-215 and 279-295 (missile EML modifiers and range bands); hm3.md §2; rulings R2, R16,
 * R26, R29-R34 (docs/rulings.md).
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
  OptionalRuleMenu,
  TargetLabels,
} from "../../core/combat";
import { InputError, readObject } from "../../core/errors";
import { buildTarget, type Modifier, type Target } from "../../core/modifiers";
import type { ConditionId, Effect, PendingChoice } from "../../core/ruleset";
import { canAim, creaturePlanInput, HUMAN_PLAN_ID, validateBodyPlan } from "./body-plan";
import type {
  Hm3BodyPlanInput,
  Hm3Derived,
  Hm3DerivedWeapon,
  Hm3PlanLocationInput,
} from "./character-types";
import {
  CUSTOM_LIMIT,
  meleeEml,
  missileDefenceMl,
  missileEml,
  type CustomModifier,
  type Velocity,
} from "./eml";
import { DEFAULT_OPTIONS, type Hm3Declaration, type Hm3Options } from "./exchange";
import { GOLD_OPTIONS } from "./gold/options";
import { GOLD_CATALOG } from "./gold/types";
import { initiativeRoll } from "./gold/turns-initiative";
import { EML_MODIFIER_LABELS } from "./gold/eml";
import {
  emlAttackFields,
  emlAttackTarget,
  emlDefenceCounts,
  emlDefenceFields,
  emlDefenceTarget,
  emlWeaponOf,
  ridingMlOf,
  type EmlAttackContext,
  type EmlDefenceContext,
} from "./gold/eml-dialog";
import { aimAtFromRows, aimedPreview, readGoldCatalog, type RowAim } from "./gold/aim-catalog";
import { aimColumn } from "./gold/aim-locate";
import { AIM_MODIFIER_LABELS } from "./gold/aim-parse";
import {
  itemAllowed,
  pairedChoiceFields,
  pairedDeclaration,
  pairedDefenceView,
  pairedTangle,
  pairedAttackTarget,
  pairedDoubleStrike,
  pairedShownTarget,
  REACTION_NO_HAND_KEY,
} from "./gold/paired-combat";
import { pairedCarried } from "./gold/paired-carry";
import { IMPACT_MODIFIER_LABELS, impactAttack, impactFighter } from "./gold/impact-combat";
import { impactDefence, impactDefenceCounts } from "./gold/impact-defence";
import { rollsDeclaration, rollsTarget, type RollsCombatFighter } from "./gold/rolls-combat";
import { checkTackleDefence } from "./gold/rolls-parse";
import { ROLLS_MODIFIER_LABELS } from "./gold/rolls";
import { EML_MAX, EML_MIN } from "./mechanics";
import { parseDeclaration } from "./parse";
import { goldBlockFields, goldFighterArmour, goldStrikeFields } from "./gold/armour-combat";
import {
  attackReachKey,
  defenceReachKey,
  reachReason,
  reachRules,
  readReachRules,
  type ReachRules,
} from "./gold/turns-reach-combat";
import {
  AIM_ZONES,
  ASPECT_ALIASES,
  ASPECTS,
  RANGE_BANDS,
  SEVERITIES,
  type AimZone,
  type Aspect,
  type RangeBand,
  type Severity,
} from "./tables";

// ── Localisation keys (whole literals, for the lang audit) ──────────────────────────────────

/** Keys of what the HM3 combat functions name: aspects, aims, range bands, refusals. */
export const HM3_COMBAT_KEYS = Object.freeze({
  aspect: Object.freeze({
    blunt: "BLOWBYBLOW.HM3.Combat.Aspect.blunt",
    edge: "BLOWBYBLOW.HM3.Combat.Aspect.edge",
    point: "BLOWBYBLOW.HM3.Combat.Aspect.point",
    fire: "BLOWBYBLOW.HM3.Combat.Aspect.fire",
  } satisfies Record<Aspect, string>),
  aim: Object.freeze({
    high: "BLOWBYBLOW.HM3.Combat.Aim.high",
    mid: "BLOWBYBLOW.HM3.Combat.Aim.mid",
    low: "BLOWBYBLOW.HM3.Combat.Aim.low",
  } satisfies Record<AimZone, string>),
  band: Object.freeze({
    short: "BLOWBYBLOW.HM3.Combat.Band.short",
    medium: "BLOWBYBLOW.HM3.Combat.Band.medium",
    long: "BLOWBYBLOW.HM3.Combat.Band.long",
    extreme: "BLOWBYBLOW.HM3.Combat.Band.extreme",
  } satisfies Record<RangeBand, string>),
  unavailable: Object.freeze({
    notEquipped: "BLOWBYBLOW.HM3.Combat.Unavailable.NotEquipped",
    notHeld: "BLOWBYBLOW.HM3.Combat.Unavailable.NotHeld",
    broken: "BLOWBYBLOW.HM3.Combat.Unavailable.Broken",
    nothingToBlock: "BLOWBYBLOW.HM3.Unavailable.NothingToBlock",
    noWeapon: "BLOWBYBLOW.HM3.Unavailable.NoWeapon",
  }),
  injuryName: "BLOWBYBLOW.HM3.Combat.InjuryName",
});

/**
 * Labels of every modifier key an HM3 target itemises (`Modifier.key`; a custom modifier
 * shows its own `label`). The adapter localises a breakdown with it.
 */
export const HM3_MODIFIER_LABELS: Readonly<Record<string, string>> = Object.freeze({
  physicalPenalty: "BLOWBYBLOW.Modifier.physicalPenalty",
  universalPenalty: "BLOWBYBLOW.Modifier.universalPenalty",
  specialPenalty: "BLOWBYBLOW.Modifier.specialPenalty",
  outnumbered: "BLOWBYBLOW.Modifier.outnumbered",
  proneOpponent: "BLOWBYBLOW.Modifier.proneOpponent",
  targetSize: "BLOWBYBLOW.Modifier.targetSize",
  weather: "BLOWBYBLOW.Modifier.weather",
  "range.short": "BLOWBYBLOW.Modifier.range.short",
  "range.medium": "BLOWBYBLOW.Modifier.range.medium",
  "range.long": "BLOWBYBLOW.Modifier.range.long",
  "range.extreme": "BLOWBYBLOW.Modifier.range.extreme",
  "aim.high": "BLOWBYBLOW.Modifier.aim.high",
  "aim.low": "BLOWBYBLOW.Modifier.aim.low",
  "missileDefence.weaponHalf": "BLOWBYBLOW.Modifier.missileDefence.weaponHalf",
  "missileDefence.weapon05": "BLOWBYBLOW.Modifier.missileDefence.weapon05",
  "missileDefence.dodgeHalf": "BLOWBYBLOW.Modifier.missileDefence.dodgeHalf",
  // HârnMaster Gold EML options (gold/eml.ts).
  ...EML_MODIFIER_LABELS,
  // HârnMaster Gold aimed melee (seed 000 lines 7-11).
  ...AIM_MODIFIER_LABELS,
  // HârnMaster Gold paired group (gold/paired*.ts).
  "gold.doubleStrike": "BLOWBYBLOW.Modifier.gold.doubleStrike",
  "gold.doubleStrikeDefence": "BLOWBYBLOW.Modifier.gold.doubleStrikeDefence",
  "gold.reactionHalf": "BLOWBYBLOW.Modifier.gold.reactionHalf",
  "gold.tangle": "BLOWBYBLOW.Modifier.gold.tangle",
  "gold.tangled": "BLOWBYBLOW.Modifier.gold.tangled",
  ...IMPACT_MODIFIER_LABELS,
  ...ROLLS_MODIFIER_LABELS,
});

/** Labels of the bases HM3 targets start from (`Target.baseKey`). */
export const HM3_BASE_LABELS: Readonly<Record<string, string>> = Object.freeze({
  ml: "BLOWBYBLOW.Modifier.Base.ml",
  aml: "BLOWBYBLOW.Modifier.Base.aml",
  dml: "BLOWBYBLOW.Modifier.Base.dml",
  eml: "BLOWBYBLOW.Modifier.Base.eml",
});

/**
 * HM3's target labels (`CombatRules.labels`): the combat flow reads them through the ruleset,
 * and the HM3 sheets (whose targets are HM3's derived ones) import them from here.
 */
export const HM3_TARGET_LABELS: TargetLabels = Object.freeze({
  modifiers: HM3_MODIFIER_LABELS,
  bases: HM3_BASE_LABELS,
});

/** The settings menu of the HârnMaster Gold options (43 of them: a window of their own). */
export const GOLD_MENU: OptionalRuleMenu = Object.freeze({
  id: "gold",
  nameKey: "BLOWBYBLOW.HM3.Combat.GoldMenu.Name",
  labelKey: "BLOWBYBLOW.HM3.Combat.GoldMenu.Label",
  hintKey: "BLOWBYBLOW.HM3.Combat.GoldMenu.Hint",
});

/** The HM3 optional rules (hm3.md §2) and the HârnMaster Gold ones (seed 000), as world settings. */
export const HM3_OPTIONAL_RULES: readonly OptionalRule[] = Object.freeze([
  Object.freeze({
    id: "killRoll",
    default: DEFAULT_OPTIONS.killRoll,
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.killRoll.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.killRoll.Hint",
  }),
  Object.freeze({
    id: "amputation",
    default: DEFAULT_OPTIONS.amputation,
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.amputation.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.amputation.Hint",
  }),
  Object.freeze({
    id: "bleeding",
    default: DEFAULT_OPTIONS.bleeding,
    nameKey: "BLOWBYBLOW.HM3.Combat.Option.bleeding.Name",
    hintKey: "BLOWBYBLOW.HM3.Combat.Option.bleeding.Hint",
  }),
  // The HârnMaster Gold house rules (seed 000, issue 19), limb injuries (R29) among them.
  ...GOLD_OPTIONS.map((o) =>
    Object.freeze({
      id: o.id,
      default: false,
      nameKey: o.nameKey,
      hintKey: o.hintKey,
      menu: GOLD_MENU.id,
      ...(o.parent ? { parent: o.parent } : {}),
      // The derivation reads it (ENC in PP, gold/turns-encumbrance.ts): actors re-derive.
      ...(o.id === "encumbranceFatigue" ? { requiresReload: true } : {}),
    }),
  ),
] satisfies { id: keyof Hm3Options }[]);

const LIMIT = { min: EML_MIN, max: EML_MAX };
/** Most opponents the outnumbered modifier counts (eml.ts). */
export const MAX_OPPONENTS = 20;
/** Most custom modifiers a request may carry. */
const MAX_CUSTOM = 20;

// ── Reading a snapshot ───────────────────────────────────────────────────────────────────────

/** A fighter's HM3 data as the combat functions read it. */
interface Hm3View {
  snapshot: FighterSnapshot;
  derived: Hm3Derived;
  dex: number;
  agl: number;
  /** The creature's validated plan, when it fights on one (absent: the human plan). */
  plan: Hm3BodyPlanInput | undefined;
  creature: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function view(f: FighterSnapshot, field: string): Hm3View {
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
function itemSystem(item: FighterItem): {
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
function wqOf(item: FighterItem): number | null {
  const wq = itemSystem(item).hm3.wq;
  if (wq === null) return null;
  return typeof wq === "number" && Number.isInteger(wq) ? wq : 0;
}

/** `{ wq }` for a declaration, nothing for an item with no WQ (ruling R41). */
function wqField(item: FighterItem): { wq?: number } {
  const wq = wqOf(item);
  return wq === null ? {} : { wq };
}

/**
 * Why an item cannot be used now, or undefined: broken (WQ 0, ruling R31), not equipped, or (a
 * character's melee weapon or shield) in no hand. A creature's weapons are its own body (bite,
 * claw): equipped is enough.
 */
function unavailable(item: FighterItem, v: Hm3View): string | undefined {
  const s = itemSystem(item);
  const wq = wqOf(item);
  if (wq !== null && wq < 1) return HM3_COMBAT_KEYS.unavailable.broken;
  if (!s.equipped) return HM3_COMBAT_KEYS.unavailable.notEquipped;
  if (item.type === "weapon" && !v.creature && s.held === "none")
    return HM3_COMBAT_KEYS.unavailable.notHeld;
  return undefined;
}

/** A melee weapon or shield of the fighter, with its derived figures. */
interface Melee {
  item: FighterItem;
  derived: Hm3DerivedWeapon;
  shield: boolean;
  unavailableKey: string | undefined;
}

function melee(v: Hm3View): Melee[] {
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
const blockers = (v: Hm3View) => melee(v).filter((m) => !m.unavailableKey);
/** Ready items that can strike (Counterstrike): those with an aspect (R26). */
const strikers = (v: Hm3View) => blockers(v).filter((m) => m.derived.impacts.length > 0);

/** The aiming zones a victim can be struck in (ruling R16); every zone on the human plan. */
function aimsAt(plan: Hm3BodyPlanInput | undefined): { id: AimZone; labelKey: string }[] {
  return AIM_ZONES.filter((z) => !plan || canAim(plan, z)).map((id) => ({
    id,
    labelKey: HM3_COMBAT_KEYS.aim[id],
  }));
}

function modesOf(w: Hm3DerivedWeapon): AttackOption["modes"] {
  return w.impacts.map(({ aspect, impact }) => ({
    id: aspect,
    labelKey: HM3_COMBAT_KEYS.aspect[aspect],
    impact,
  }));
}

// ── Reading requests ─────────────────────────────────────────────────────────────────────────

export function readId(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "")
    throw new InputError(field, value, "expected an id");
  return value;
}

export function readNullableId(value: unknown, field: string): string | null {
  return value === null || value === undefined ? null : readId(value, field);
}

/** Custom modifiers: a list of `{ label, value }`, label a name, value whole −100..+100. */
export function readCustom(value: unknown, field = "custom"): CustomModifier[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new InputError(field, value, "expected a list of modifiers");
  if (value.length > MAX_CUSTOM)
    throw new InputError(field, value.length, `at most ${MAX_CUSTOM} modifiers`);
  return value.map((raw: unknown, i) => {
    const f = `${field}[${i}]`;
    const o = readObject(raw, f);
    const label = o.label;
    if (typeof label !== "string" || label.trim() === "")
      throw new InputError(`${f}.label`, label, "expected a name");
    const v = o.value;
    if (typeof v !== "number" || !Number.isInteger(v))
      throw new InputError(`${f}.value`, v, "expected a whole number");
    if (v < -CUSTOM_LIMIT || v > CUSTOM_LIMIT)
      throw new InputError(`${f}.value`, v, `must be between ${-CUSTOM_LIMIT} and ${CUSTOM_LIMIT}`);
    return { label: label.trim(), value: v };
  });
}

export function readSituation(value: unknown): AttackSituation {
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

export function readAttackRequest(value: unknown): AttackRequest {
  const o = readObject(value, "request");
  return {
    itemId: readId(o.itemId, "itemId"),
    mode: readId(o.mode, "mode"),
    aim: readId(o.aim, "aim"),
    band: readNullableId(o.band, "band"),
    situation: readSituation(o.situation),
    custom: readCustom(o.custom),
    // The HârnMaster Gold rows (issue 19), each checked against its row's definition.
    ...(o.catalog !== undefined ? { catalog: readGoldCatalog(o.catalog) } : {}),
  };
}

// ── Attacks ──────────────────────────────────────────────────────────────────────────────────

/**
 * The attacks a fighter's items allow, in item order (see `CombatRules.attackOptions`); with
 * `at` (the distance and the world's options) a melee weapon out of HârnMaster Gold reach is
 * unavailable (gold/turns-reach-combat.ts).
 */
function attackOptions(
  attacker: FighterSnapshot,
  defender: FighterSnapshot | null,
  at?: { distance: number | null; options: Readonly<Record<string, boolean>> },
): AttackOption[] {
  const a = view(attacker, "attacker");
  const aims = aimsAt(defender ? view(defender, "defender").plan : undefined);
  const out: AttackOption[] = [];
  for (const item of a.snapshot.items) {
    let option: AttackOption | null = null;
    if (item.type === "weapon") {
      const w = a.derived.weapons[item.id];
      // A weapon or shield with no aspect cannot strike (R26: aspects are those with an impact).
      if (!w || w.impacts.length === 0) continue;
      option = {
        itemId: item.id,
        name: item.name,
        kind: "melee",
        modes: modesOf(w),
        aims,
        bands: [],
      };
    } else if (item.type === "missile") {
      const m = a.derived.missiles[item.id];
      const aspect = itemSystem(item).hm3.aspect;
      if (!m || !(ASPECTS as readonly unknown[]).includes(aspect)) continue;
      const bands = m.bands.map((b) => ({
        id: b.band,
        labelKey: HM3_COMBAT_KEYS.band[b.band],
        range: b.range,
        impact: b.impact,
      }));
      option = {
        itemId: item.id,
        name: item.name,
        kind: "missile",
        // The missile's one aspect; its impact is the band's (Short shown here).
        modes: [
          {
            id: aspect as Aspect,
            labelKey: HM3_COMBAT_KEYS.aspect[aspect as Aspect],
            impact: bands[0]?.impact ?? 0,
          },
        ],
        aims,
        bands,
      };
    }
    if (!option) continue;
    const why =
      unavailable(item, a) ??
      (at ? attackReachKey(attacker, item, option.kind, at.distance, at.options) : undefined);
    if (why) option.unavailableKey = why;
    out.push(option);
  }
  return out;
}

/** The first band (Short to Extreme) whose range reaches `distance`; null beyond them all. */
function bandFor(option: AttackOption, distance: number): string | null {
  if (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0)
    throw new InputError("distance", distance, "expected a distance of 0 or more");
  for (const b of option.bands) if (distance <= b.range) return b.id;
  return null;
}

/** An attack request checked against the attacker's options, with its target. */
interface ResolvedAttack {
  option: AttackOption;
  request: AttackRequest;
  aspect: Aspect;
  aim: AimZone;
  band: RangeBand | null;
  impact: number;
  target: Target;
  /** Aimed melee's rows (HârnMaster Gold, ruling G9), or null. */
  aimed: RowAim | null;
}

function resolveAttack(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  raw: AttackRequest,
  worldOptions: Readonly<Record<string, boolean>> = {},
): ResolvedAttack {
  const request = readAttackRequest(raw);
  const a = view(attacker, "attacker");
  const options = attackOptions(attacker, defender, {
    distance: request.situation.distance,
    options: worldOptions,
  });
  const option = options.find((o) => o.itemId === request.itemId);
  if (!option)
    throw new InputError(
      "itemId",
      request.itemId,
      `not a weapon or missile this attacker can strike with (${options.map((o) => o.itemId).join(", ") || "none"})`,
    );
  if (option.unavailableKey) {
    const why =
      reachReason(option.unavailableKey) ??
      (option.unavailableKey === HM3_COMBAT_KEYS.unavailable.broken
        ? "it is broken (WQ 0)"
        : option.unavailableKey === HM3_COMBAT_KEYS.unavailable.notEquipped
          ? "it is not equipped"
          : "it is in no hand");
    throw new InputError("itemId", request.itemId, `cannot attack with this item now: ${why}`);
  }
  const mode = option.modes.find((m) => m.id === request.mode);
  if (!mode)
    throw new InputError(
      "mode",
      request.mode,
      `expected one of ${option.modes.map((m) => m.id).join(", ")}`,
    );
  if (!option.aims.some((z) => z.id === request.aim))
    throw new InputError(
      "aim",
      request.aim,
      (AIM_ZONES as readonly string[]).includes(request.aim)
        ? `the defender cannot be struck in the ${request.aim} zone (ruling R16)`
        : `expected one of ${option.aims.map((z) => z.id).join(", ")}`,
    );
  const aspect = mode.id as Aspect;
  const { situation, custom } = request;
  const pp = a.derived.pp;
  // Aimed melee (ruling G9): the location roll's column is the target's, and Gold's Aiming Zone
  // penalty replaces HM3's (G3), so the HM3 aim adds no modifier.
  const plan = view(defender, "defender").plan;
  const aimed = aimAtFromRows(request.catalog ?? [], worldOptions, option.kind, plan);
  const aim = aimed ? aimColumn(plan, aimed.aimAt.location) : (request.aim as AimZone);

  if (option.kind === "melee") {
    if (request.band !== null)
      throw new InputError("band", request.band, "a melee attack has no range band");
    const w = a.derived.weapons[option.itemId]!;
    // Seed 003 lines 175-181. Outnumbered is the defender's (ruling R32), not the attacker's.
    const target = meleeEml({
      base: w.aml,
      baseKey: "aml",
      physicalPenalty: pp,
      ...(aimed ? {} : { aim }),
      proneOpponent: situation.defenderProne,
      custom,
    });
    return { option, request, aspect, aim, band: null, impact: mode.impact, target, aimed };
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
      "the distance to the target is unknown: choose a range band (ruling R33)",
    );
  } else {
    const found = bandFor(option, situation.distance);
    if (!found) {
      const extreme = option.bands[option.bands.length - 1]?.range ?? 0;
      throw new InputError(
        "band",
        null,
        `the target at ${situation.distance} is beyond extreme range (${extreme}): choose a band to shoot anyway`,
      );
    }
    band = found as RangeBand;
  }
  const m = a.derived.missiles[option.itemId]!;
  // Seed 003 lines 208-215: PP ×5, range (0/−20/−40/−80), aim.
  const target = missileEml({
    base: m.ml,
    baseKey: "aml",
    physicalPenalty: pp,
    range: band,
    aim,
    custom,
  });
  const impact = option.bands.find((b) => b.id === band)!.impact;
  return { option, request, aspect, aim, band, impact, target, aimed };
}

function attackTarget(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  request: AttackRequest,
  options: Readonly<Record<string, boolean>> = DEFAULT_OPTIONS,
): Target {
  const r = resolveAttack(attacker, defender, request, options);
  // The dialog shows what the engine adds for a declared double strike (gold/paired-combat.ts).
  const eml = goldAttack(r, view(attacker, "attacker"), options).target;
  const impact = impactOf({ ...r, target: eml }, attacker, request, readOptions(options)).target;
  // The Gold rolls group's rows (disarm, sweep, tackle, unarmed style), as the engine adds them.
  const o = readOptions(options);
  const a = view(attacker, "attacker");
  const item = a.snapshot.items.find((i) => i.id === r.option.itemId)!;
  const rolls = rollsDeclaration(
    request.catalog,
    o,
    item,
    r.option.kind,
    rollsFighter(a),
    rollsFighter(view(defender, "defender")),
  );
  const rolled = rollsTarget(impact, { aim: r.aim, ...rolls.attack }, o, r.option.kind);
  const target = pairedAttackTarget(request, options, rolled);
  // The aim's modifiers as the engine adds them from `attack.aimAt` (G8, G9).
  return r.aimed ? aimedPreview(target, r.aimed, view(defender, "defender").plan) : target;
}

/** The HârnMaster Gold EML rows of the request: attack fields and the target with them. */
function goldAttack(
  r: ResolvedAttack,
  a: Hm3View,
  options: Readonly<Record<string, boolean>>,
): { fields: Record<string, unknown>; target: Target } {
  const ctx: EmlAttackContext = {
    options,
    kind: r.option.kind,
    aspect: r.aspect,
    weapon: r.option.kind === "melee" ? emlWeaponOf(a.snapshot, a.derived, r.option.itemId) : null,
    ridingMl: ridingMlOf(a.snapshot, a.derived),
  };
  const fields = emlAttackFields(r.request.catalog ?? [], ctx);
  return { fields, target: emlAttackTarget(r.target, fields, ctx) };
}

/** The HârnMaster Gold impact group's decisions and weapon fields (gold/impact-combat.ts). */
function impactOf(
  r: ResolvedAttack,
  attacker: FighterSnapshot,
  raw: AttackRequest,
  options: Hm3Options,
): { fields: Record<string, unknown>; target: Target } {
  const a = view(attacker, "attacker");
  const item = a.snapshot.items.find((i) => i.id === r.option.itemId)!;
  const melee = r.option.kind === "melee" ? a.derived.weapons[item.id]! : null;
  return impactAttack(
    {
      kind: r.option.kind,
      item,
      attacker,
      ml: melee ? melee.ml : a.derived.missiles[item.id]!.ml,
      blunt: melee?.impacts.find((i) => i.aspect === "blunt")?.impact ?? null,
      catalog: (raw as { catalog?: unknown }).catalog,
      options,
    },
    r.target,
  );
}

/** What the Gold rolls group reads of a fighter (gold/rolls-combat.ts). */
function rollsFighter(v: Hm3View): RollsCombatFighter {
  const hm3 = isRecord(v.snapshot.system) ? v.snapshot.system.hm3 : undefined;
  return {
    derived: v.derived,
    items: v.snapshot.items,
    ownPlan: v.plan !== undefined,
    hm3: isRecord(hm3) ? hm3 : {},
  };
}

/** A target as the declaration stores it: base and modifiers (parse.ts rebuilds and clamps). */
function itemised(t: Target): { baseKey: string; base: number; modifiers: Modifier[] } {
  return { baseKey: t.baseKey, base: t.base, modifiers: t.modifiers.map((m) => ({ ...m })) };
}

/** A fighter as `parseDeclaration` reads it, from the derived figures (hm3.md §2). */
function fighterJson(v: Hm3View): Record<string, unknown> {
  const d = v.derived;
  const out: Record<string, unknown> = {
    endurance: d.endurance,
    up: d.up,
    dex: v.dex,
    agl: v.agl,
    pp: d.pp,
    armour: structuredArmour(d.armour),
  };
  if (d.flammable && Object.keys(d.flammable).length > 0) out.flammable = { ...d.flammable };
  if (v.plan) out.bodyPlan = v.plan;
  return out;
}

function structuredArmour(armour: Hm3Derived["armour"]): Record<string, Record<Aspect, number>> {
  const out: Record<string, Record<Aspect, number>> = {};
  for (const [loc, p] of Object.entries(armour)) out[loc] = { ...p };
  return out;
}

/**
 * What the defender has in hand, for the engine's defence list: Block is open when a ready
 * weapon or shield can block, Counterstrike when a ready item can strike (has an aspect).
 * `weapon`: a ready item that strikes, or a ready weapon that is no shield; `shield`: a ready
 * shield.
 */
function holdsOf(v: Hm3View): { weapon: boolean; shield: boolean } {
  const ready = blockers(v);
  return {
    weapon: ready.some((m) => m.derived.impacts.length > 0 || !m.shield),
    shield: ready.some((m) => m.shield),
  };
}

function readOptions(value: unknown): Hm3Options {
  const o = readObject(value ?? {}, "options");
  const out: Hm3Options = { ...DEFAULT_OPTIONS };
  const ids = HM3_OPTIONAL_RULES.map((r) => r.id);
  for (const [k, v] of Object.entries(o)) {
    if (!ids.includes(k))
      throw new InputError(`options.${k}`, v, `unknown optional rule (expected ${ids.join(", ")})`);
    if (typeof v !== "boolean") throw new InputError(`options.${k}`, v, "expected true or false");
    out[k as keyof Hm3Options] = v;
  }
  return out;
}

function buildDeclaration(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  request: AttackRequest,
  options: Readonly<Record<string, boolean>>,
  fight?: ExchangeFight,
): DeclarationBuild {
  const r = resolveAttack(attacker, defender, request, options);
  const a = view(attacker, "attacker");
  const d = view(defender, "defender");
  const item = a.snapshot.items.find((i) => i.id === r.option.itemId)!;
  const gold = goldAttack(r, a, options);
  const worldOptions = readOptions(options);
  const impact = impactOf({ ...r, target: gold.target }, attacker, request, worldOptions);
  // An aim that brings the EML below 05 is refused here naming its row (G8, G9).
  if (r.aimed) aimedPreview(impact.target, r.aimed, d.plan);
  const attack: Record<string, unknown> = {
    type: r.option.kind,
    eml: itemised(impact.target),
    aspect: r.aspect,
    aim: r.aim,
    impact: r.impact,
    ...gold.fields,
    // Aimed melee (ruling G9): the engine adds its EML modifiers from `aimAt` (G8).
    ...(r.aimed ? { aimAt: { ...r.aimed.aimAt } } : {}),
  };
  // Ruling R31: the weapon's WQ for a Block's weapon damage roll; a blocked missile is not the
  // bow that shot it, so a missile attack carries none.
  // An item with no WQ (ruling R41) declares none either.
  if (r.option.kind === "melee") Object.assign(attack, wqField(item));
  Object.assign(attack, impact.fields);
  // HârnMaster Gold armour group: cutting, the weapon's other aspects, six-column armour.
  if (r.option.kind === "melee")
    Object.assign(
      attack,
      goldStrikeFields(
        itemSystem(item).hm3,
        a.derived.weapons[item.id]?.impacts ?? [],
        r.aspect,
        worldOptions,
      ),
    );
  const attackerJson: Record<string, unknown> = {
    ...fighterJson(a),
    ...impactFighter(attacker, worldOptions, !!a.plan),
  };
  const defenderJson: Record<string, unknown> = {
    ...fighterJson(d),
    ...impactFighter(defender, worldOptions, !!d.plan),
  };
  attackerJson.armour = goldFighterArmour(
    attackerJson.armour as Record<string, unknown>,
    a.derived.goldArmour,
    worldOptions,
  );
  defenderJson.armour = goldFighterArmour(
    defenderJson.armour as Record<string, unknown>,
    d.derived.goldArmour,
    worldOptions,
  );
  // HârnMaster Gold reaction roll: the "defender surprised" row (gold/paired-combat.ts).
  pairedDeclaration(r.request, options, attack, defenderJson, d.derived.initiative.ml);
  // Reaction Rolls carried across turns (gold/paired-carry.ts): a CF's, the attacker's after a TA.
  const carried = pairedCarried(
    options,
    fight,
    attack,
    defenderJson,
    d.derived.initiative.ml,
    item,
  );
  // HârnMaster Gold tangle & strike: the area's penalty and dice (gold/paired-combat.ts).
  pairedTangle(r.request, options, attack, item);
  // HârnMaster Gold double strike: the off-hand weapon as a second attack (gold/paired-combat.ts).
  pairedDoubleStrike(
    r.request,
    options,
    attack,
    blockers(a).map((m) => ({ item: m.item, impacts: m.derived.impacts })),
    (itemId, mode) => {
      const off = resolveAttack(attacker, defender, { ...r.request, itemId, mode, catalog: [] });
      const offItem = a.snapshot.items.find((i) => i.id === itemId)!;
      return { ...off, ...wqField(offItem) };
    },
  );
  const declaration = {
    attack,
    attacker: attackerJson,
    defender: defenderJson,
    options: worldOptions,
    defenderHolds: holdsOf(d),
  };
  // The Gold rolls group's rows and figures (gold/rolls-combat.ts).
  const rolls = rollsDeclaration(
    request.catalog,
    declaration.options,
    item,
    r.option.kind,
    rollsFighter(a),
    rollsFighter(d),
  );
  Object.assign(attack, rolls.attack);
  Object.assign(declaration.attacker, rolls.attacker);
  Object.assign(declaration.defender, rolls.defender);
  const rules: Record<string, unknown> = {
    attackType: r.option.kind,
    itemId: r.option.itemId,
    // The defender's outnumbered modifier (ruling R32) is taken from the attack's situation.
    engagingDefender: r.request.situation.engagingDefender,
    // HârnMaster Gold weapon reach: the distance and the attacker's reach, for the defences.
    ...reachRules(attacker, item, r.option.kind, r.request.situation.distance, options),
    ...carried,
  };
  if (r.option.kind === "missile") {
    const velocity = itemSystem(item).hm3.velocity;
    rules.velocity = velocity === "high" ? "high" : "low";
    rules.band = r.band;
  }
  return { declaration, rules };
}

// ── Defences ─────────────────────────────────────────────────────────────────────────────────

/** What the defence functions need of the exchange. */
export interface ExchangeContext {
  decl: Hm3Declaration;
  attackType: "melee" | "missile";
  velocity: Velocity;
  engagingDefender: number;
  /** HârnMaster Gold weapon reach (`rules.reach`); null while it was off. */
  reach: ReachRules | null;
}

function exchangeContext(exchange: DeclarationBuild): ExchangeContext {
  const e = readObject(exchange, "exchange");
  const decl = parseDeclaration(e.declaration);
  const rules = isRecord(e.rules) ? e.rules : {};
  const attackType = decl.attack.type;
  let velocity: Velocity = "low";
  if (attackType === "missile") {
    if (rules.velocity !== "low" && rules.velocity !== "high")
      throw new InputError("rules.velocity", rules.velocity, "expected low or high");
    velocity = rules.velocity;
  }
  const n = rules.engagingDefender ?? 1;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_OPPONENTS)
    throw new InputError(
      "rules.engagingDefender",
      n,
      `expected a whole number 1 to ${MAX_OPPONENTS}`,
    );
  return { decl, attackType, velocity, engagingDefender: n, reach: readReachRules(rules) };
}

/**
 * One exchange read once, for a caller that asks about it several times (src/sim/duel.ts): the
 * declaration parsed (`decl`, which the engine's `start` takes as it is) and the defence
 * options and choices over it, as `choiceOptions` and `buildChoice` give them for `exchange`.
 */
export function readExchange(exchange: DeclarationBuild): {
  context: ExchangeContext;
  options(pending: PendingChoice, chooser: FighterSnapshot): ChoiceOptionView[];
  choice(pending: PendingChoice, chooser: FighterSnapshot, request: ChoiceRequest): unknown;
} {
  const context = exchangeContext(exchange);
  const get = () => context;
  return {
    context,
    options: (pending, chooser) => optionsIn(pending, get, chooser),
    choice: (pending, chooser, request) => buildChoiceIn(pending, get, chooser, request),
  };
}

type DefenceKind = "block" | "counterstrike" | "dodge";

/**
 * A defence's EML, itemised (seed 003 lines 175-181; hm3.md §2): Block from the item's DML,
 * Counterstrike from its AML, Dodge from Dodge ML, each less PP ×5; against melee the
 * defender's outnumbered modifier (ruling R32) and a counterstrike's aim; against a missile the
 * MISSILE EMLs rule (lines 37-50, ruling R2) as a modifier that brings the ML to full, half or
 * 05, and no outnumbered modifier (line 208-215 lists none).
 */
function defenceTarget(
  kind: DefenceKind,
  ctx: ExchangeContext,
  v: Hm3View,
  item: Melee | null,
  aim: AimZone | null,
  custom: readonly CustomModifier[],
): Target {
  const base =
    kind === "dodge"
      ? v.derived.dodge.ml
      : kind === "block"
        ? item!.derived.dml
        : item!.derived.aml;
  const baseKey = kind === "dodge" ? "ml" : kind === "block" ? "dml" : "aml";
  const pp = v.derived.pp;
  if (ctx.attackType === "melee") {
    return meleeEml({
      base,
      baseKey,
      physicalPenalty: pp,
      opponents: ctx.engagingDefender,
      ...(aim ? { aim } : {}),
      custom,
    });
  }
  const rule = missileDefenceMl(
    kind === "block" ? "block" : "dodge",
    ctx.velocity,
    base,
    kind === "block" && item!.shield,
  );
  const rest = meleeEml({ base, baseKey, physicalPenalty: pp, custom });
  return buildTarget(
    baseKey,
    base,
    [
      {
        key: `missileDefence.${rule.rule}`,
        value: rule.ml - base,
        source: "seed 003 lines 37-50; docs/rulings.md R2",
      },
      ...rest.modifiers,
    ],
    LIMIT,
  );
}

function choiceOptions(
  pending: PendingChoice,
  exchange: DeclarationBuild,
  chooser: FighterSnapshot,
): ChoiceOptionView[] {
  return optionsIn(pending, () => exchangeContext(exchange), chooser);
}

/**
 * `choiceOptions` over an exchange already read (`context`, asked for only when a defence is
 * pending): a caller that asks several times about one exchange (a duel) reads it once.
 */
function optionsIn(
  pending: PendingChoice,
  context: () => ExchangeContext,
  chooser: FighterSnapshot,
): ChoiceOptionView[] {
  if (pending.kind !== "defence") return [];
  const ctx = context();
  const v = view(chooser, "chooser");
  return pending.options.map((o): ChoiceOptionView => {
    const out: ChoiceOptionView = {
      id: o.id,
      labelKey: o.labelKey,
      items: [],
      target: null,
      aims: [],
    };
    // HârnMaster Gold (gold/paired-combat.ts): the Reaction Roll's hand; the targets the engine
    // rolls against (a double strike's −10, a half EML).
    const shown = (t: Target, m: Melee | null) =>
      pairedShownTarget(ctx.decl, pending, o.id as "block", m?.item ?? null, t);
    const allowed = (m: Melee) => itemAllowed(pending, o.id as "block", m.item);
    // HârnMaster Gold weapon reach (gold/turns-reach-combat.ts): an item out of reach is left
    // out; with none left for that reason, the option names it.
    const reach = (kind: "block" | "counterstrike", ready: Melee[]) => {
      const keys = ready.map((m) =>
        defenceReachKey(kind, v.snapshot, m.item, ctx.attackType, ctx.reach, ctx.decl.options),
      );
      return {
        ready: ready.filter((_, i) => !keys[i]),
        key: keys.every((k) => k) ? (keys[0] ?? null) : null,
      };
    };
    if (o.id === "block") {
      const inReach = reach("block", blockers(v));
      const ready = inReach.ready;
      out.items = ready.filter(allowed).map((m) => ({
        itemId: m.item.id,
        name: m.item.name,
        target: shown(defenceTarget("block", ctx, v, m, null, []), m),
        modes: [],
      }));
      if (out.items.length === 0)
        out.unavailableKey = ready.length
          ? REACTION_NO_HAND_KEY
          : (inReach.key ?? HM3_COMBAT_KEYS.unavailable.nothingToBlock);
    } else if (o.id === "counterstrike") {
      const inReach = reach("counterstrike", strikers(v));
      const ready = inReach.ready;
      out.items = ready.filter(allowed).map((m) => ({
        itemId: m.item.id,
        name: m.item.name,
        // At Mid (no aim modifier); High or Low take −10 when chosen (line 54).
        target: shown(defenceTarget("counterstrike", ctx, v, m, null, []), m),
        modes: modesOf(m.derived),
      }));
      // The counterstrike lands on the attacker: the zones the attacker's plan allows (R16).
      out.aims = aimsAt(ctx.decl.attacker.bodyPlan);
      if (out.items.length === 0)
        out.unavailableKey = ready.length
          ? REACTION_NO_HAND_KEY
          : (inReach.key ?? HM3_COMBAT_KEYS.unavailable.noWeapon);
    } else if (o.id === "dodge") {
      out.target = shown(defenceTarget("dodge", ctx, v, null, null, []), null);
    }
    // The engine's own refusal (what the defender held when the attack was declared) stands.
    if (o.unavailableKey) out.unavailableKey = o.unavailableKey;
    goldDefenceView(out, ctx, v);
    pairedDefenceView(out, pending); // HârnMaster Gold: a dodge into an open hex (G82).
    return out;
  });
}

/**
 * The HârnMaster Gold EML options on a defence option (gold/eml-dialog.ts): its counts, and
 * its targets with what the attack imposes (a feint's −half, the darkness).
 */
function goldDefenceView(out: ChoiceOptionView, ctx: ExchangeContext, v: Hm3View): void {
  const counts = [
    ...emlDefenceCounts(out.id, ctx.decl.options),
    // An angry counterstrike (gold/impact-defence.ts).
    ...impactDefenceCounts(
      out.id,
      ctx.decl.options,
      out.items.map((i) => v.derived.weapons[i.itemId]?.ml ?? 0),
    ),
  ];
  if (counts.length) out.counts = counts;
  const gold = (target: Target, itemId: string | null): Target =>
    emlDefenceTarget(target, {}, goldDefenceContext(out.id, ctx, v, itemId, null));
  for (const i of out.items) if (i.target) i.target = gold(i.target, i.itemId);
  if (out.target) out.target = gold(out.target, null);
}

function goldDefenceContext(
  type: string,
  ctx: ExchangeContext,
  v: Hm3View,
  itemId: string | null,
  aspect: string | null,
): EmlDefenceContext {
  return {
    decl: ctx.decl,
    type,
    aspect,
    weapon: itemId ? emlWeaponOf(v.snapshot, v.derived, itemId) : null,
    ridingMl: ridingMlOf(v.snapshot, v.derived),
  };
}

/** A defence's Gold fields from the request's counts, and its target with them. */
function goldDefence(
  request: ChoiceRequest,
  option: ChoiceOptionView,
  base: Target,
  gctx: EmlDefenceContext,
): { fields: Record<string, unknown>; eml: ReturnType<typeof itemised> } {
  const fields = emlDefenceFields(request.counts, option.counts ?? [], gctx);
  return { fields, eml: itemised(emlDefenceTarget(base, fields, gctx)) };
}

function readChoiceRequest(value: unknown): ChoiceRequest {
  const o = readObject(value, "request");
  return {
    optionId: readId(o.optionId, "optionId"),
    itemId: readNullableId(o.itemId, "itemId"),
    mode: readNullableId(o.mode, "mode"),
    aim: readNullableId(o.aim, "aim"),
    custom: readCustom(o.custom),
    ...(o.counts !== undefined ? { counts: readCounts(o.counts) } : {}),
  };
}

/** The counts a defence request sets (`ChoiceRequest.counts`): whole numbers by id. */
function readCounts(value: unknown): Record<string, number> {
  const o = readObject(value, "counts");
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(o)) {
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0)
      throw new InputError(`counts.${k}`, n, "expected a whole number 0 or more");
    out[k] = n;
  }
  return out;
}

function buildChoice(
  pending: PendingChoice,
  exchange: DeclarationBuild,
  chooser: FighterSnapshot,
  raw: ChoiceRequest,
): unknown {
  let ctx: ExchangeContext | null = null;
  return buildChoiceIn(pending, () => (ctx ??= exchangeContext(exchange)), chooser, raw);
}

/** `buildChoice` over an exchange already read (`context`, asked for when needed). */
function buildChoiceIn(
  pending: PendingChoice,
  context: () => ExchangeContext,
  chooser: FighterSnapshot,
  raw: ChoiceRequest,
): unknown {
  const request = readChoiceRequest(raw);
  const views = optionsIn(pending, context, chooser);
  const option = views.find((o) => o.id === request.optionId);
  if (!option)
    throw new InputError(
      "optionId",
      request.optionId,
      `expected one of ${views.map((o) => o.id).join(", ") || "nothing (no defence is pending)"}`,
    );
  if (request.optionId === "block") checkTackleDefence(context().decl.attack, "block");
  // HârnMaster Gold weapon reach: an item out of reach is refused with the reason (G68, G28).
  if ((option.id === "block" || option.id === "counterstrike") && request.itemId) {
    const c = context();
    const m = melee(view(chooser, "chooser")).find((i) => i.item.id === request.itemId);
    const key = m
      ? defenceReachKey(option.id, chooser, m.item, c.attackType, c.reach, c.decl.options)
      : null;
    if (key)
      throw new InputError("itemId", request.itemId, `cannot ${option.id}: ${reachReason(key)}`);
  }
  if (option.unavailableKey)
    throw new InputError(
      "optionId",
      request.optionId,
      option.id === "block"
        ? "the defender has no ready weapon or shield to block with"
        : "the defender has no ready weapon to counterstrike with",
    );
  if (option.id === "ignore") {
    if (request.custom.length > 0)
      throw new InputError("custom", request.custom, "Ignore rolls nothing: it takes no modifiers");
    return { type: "ignore" };
  }
  const ctx = context();
  const v = view(chooser, "chooser");
  if (option.id === "dodge") {
    const target = defenceTarget("dodge", ctx, v, null, null, request.custom);
    const gold = goldDefence(
      request,
      option,
      target,
      goldDefenceContext("dodge", ctx, v, null, null),
    );
    return {
      type: "dodge",
      eml: gold.eml,
      ...gold.fields,
      ...pairedChoiceFields(pending, "dodge", null, request.counts),
    };
  }
  // Block and Counterstrike are made with one of the listed items.
  if (!option.items.some((i) => i.itemId === request.itemId))
    throw new InputError(
      "itemId",
      request.itemId,
      `expected one of ${option.items.map((i) => i.itemId).join(", ")}`,
    );
  const item = melee(v).find((m) => m.item.id === request.itemId)!;
  if (option.id === "block") {
    const target = defenceTarget("block", ctx, v, item, null, request.custom);
    const gctx = goldDefenceContext("block", ctx, v, item.item.id, null);
    const gold = goldDefence(request, option, target, gctx);
    return {
      type: "block",
      eml: gold.eml,
      ...wqField(item.item),
      ...gold.fields,
      ...pairedChoiceFields(pending, "block", item.item),
      ...goldBlockFields(item.shield, item.derived.impacts, ctx.decl.options),
    };
  }
  const mode = item.derived.impacts.find((i) => i.aspect === request.mode);
  if (!mode)
    throw new InputError(
      "mode",
      request.mode,
      `expected one of ${item.derived.impacts.map((i) => i.aspect).join(", ")}`,
    );
  if (!option.aims.some((z) => z.id === request.aim))
    throw new InputError(
      "aim",
      request.aim,
      request.aim && (AIM_ZONES as readonly string[]).includes(request.aim)
        ? `the attacker cannot be struck in the ${request.aim} zone (ruling R16)`
        : `expected one of ${option.aims.map((z) => z.id).join(", ")}`,
    );
  const aim = request.aim as AimZone;
  const target = defenceTarget("counterstrike", ctx, v, item, aim, request.custom);
  const gctx = goldDefenceContext("counterstrike", ctx, v, item.item.id, mode.aspect);
  // An angry counterstrike: `defence.angry` and its modifier (gold/impact-defence.ts).
  const angry = impactDefence(
    request.counts,
    option.counts ?? [],
    ctx.decl.options,
    item.derived.ml,
    target,
  );
  const gold = goldDefence(request, option, angry.target, gctx);
  return {
    type: "counterstrike",
    eml: gold.eml,
    aspect: mode.aspect,
    aim,
    impact: mode.impact,
    ...wqField(item.item),
    ...gold.fields,
    ...angry.fields,
    ...pairedChoiceFields(pending, "counterstrike", item.item),
    ...goldStrikeFields(
      itemSystem(item.item).hm3,
      item.derived.impacts,
      mode.aspect,
      ctx.decl.options,
    ),
  };
}

// ── Consequences ─────────────────────────────────────────────────────────────────────────────

const INJURY_ASPECTS: readonly string[] = [...ASPECTS, ...Object.keys(ASPECT_ALIASES)];

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
  const v = view(victim, "victim");
  const location = e.location;
  const ids = v.derived.plan.locations.map((l) => l.id);
  if (typeof location !== "string" || !ids.includes(location))
    throw new InputError("location", location, `not a location of ${v.derived.plan.name}`);
  const data = isRecord(e.data) ? e.data : {};
  const aspect = data.aspect;
  if (typeof aspect !== "string" || !INJURY_ASPECTS.includes(aspect))
    throw new InputError("data.aspect", aspect, `expected one of ${INJURY_ASPECTS.join(", ")}`);
  const code = `${severity as Severity}${level}`;
  return {
    nameKey: HM3_COMBAT_KEYS.injuryName,
    nameData: { location, code },
    system: {
      description: "",
      hm3: {
        location,
        aspect,
        severity,
        level,
        healingRate: 0,
        bleeding: data.bleeding === true,
      },
    },
  };
}

/**
 * Ruling R31: a failed weapon damage roll costs the weapon (or shield) 1 WQ; at WQ 0 it is
 * broken, so it is also unequipped and put out of hand. Worked out from the item's WQ as it is
 * now (an earlier exchange may have lowered it since the declaration); an item already at WQ 0
 * is only put away. `{}` when nothing changes.
 */
function weaponDamage(
  effect: Extract<Effect, { type: "weaponDamaged" }>,
  item: FighterItem,
): Record<string, unknown> {
  if (effect?.type !== "weaponDamaged") return {};
  if (item.type !== "weapon" && item.type !== "missile") return {};
  const s = itemSystem(item);
  const wq = s.hm3.wq;
  if (typeof wq !== "number" || !Number.isInteger(wq)) return {};
  const out: Record<string, unknown> = {};
  const now = Math.max(0, wq - 1);
  if (wq > 0) out["system.hm3.wq"] = now;
  if (now === 0) {
    if (s.equipped) out["system.equipped"] = false;
    if (s.held !== "none") out["system.held"] = "none";
  }
  return out;
}

/** Initiative EML (hm3.md §2; ruling R22): higher acts first. */
function initiative(fighter: FighterSnapshot): number {
  return view(fighter, "fighter").derived.initiative.eml.value;
}

/** Shock takes a combatant out of the fight (hm3.md §2), as do unconsciousness and death. */
const INCAPACITATING: readonly ConditionId[] = Object.freeze(["shock", "unconscious", "dead"]);

export const hm3Combat: CombatRules = Object.freeze({
  optionalRules: HM3_OPTIONAL_RULES,
  ruleMenus: Object.freeze([GOLD_MENU]),
  labels: HM3_TARGET_LABELS,
  // The HârnMaster Gold decisions (issue 19), each row offered only while its option is on.
  catalog: GOLD_CATALOG,
  incapacitating: INCAPACITATING,
  attackOptions,
  bandFor,
  attackTarget,
  buildDeclaration,
  choiceOptions,
  buildChoice,
  injuryItem,
  weaponDamage,
  initiative,
  // HârnMaster Gold initiative (seed 000 lines 149-154) when its option is on.
  initiativeRoll,
});
