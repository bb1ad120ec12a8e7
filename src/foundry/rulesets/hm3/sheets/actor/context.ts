/**
 * Render context of the actor sheets, built by pure functions from plain data: the actor's
 * name and image, its stored `system` (src/foundry/data/source.ts), its derived HM3 data
 * (`actor.system.derived`, computed by the rules core), its items, its active conditions and
 * a localiser. No Foundry globals, so the whole context is testable in Node and renderable
 * in a browser from prepared data. Every number shown is the core's; nothing here
 * re-implements a rule.
 */
import { objectContext, type ObjectContext } from "../../gold-object";
import { UNARMED_STYLES, type UnarmedStyle } from "../../../../../rules/hm3/gold/rolls";
import { DEFAULT_UNARMED_STYLE } from "../../../../../rules/hm3/gold/rolls-unarmed";
import {
  DEFAULT_SIZE_CLASS,
  SIZE_CLASS_IDS,
  type SizeClass,
} from "../../../../../rules/hm3/gold/impact-size";
import type { Region } from "../../../../../core/body";
import {
  formatInjuryCode,
  HUMAN_PLAN_ID,
  zoneStatus,
  zoneSums,
} from "../../../../../rules/hm3/body-plan";
import { HM3_TARGET_LABELS } from "../../../../../rules/hm3/combat";
import { itemLoad } from "../../../../../rules/hm3/gear";
import {
  HM3_ATTRIBUTES,
  SKILL_CATEGORIES,
  type Hm3Derived,
  type SkillCategory,
} from "../../../../../rules/hm3/character-types";
import { AIM_ZONES, type AimZone } from "../../../../../rules/hm3/tables";
import { ruleFor } from "../../../../data/rules";
import type { SourceByType } from "../../../../data/source";
import { bodyDiagram } from "../body-diagram";
import { formatWith, targetTooltip, type Format, type Localize } from "../../../../sheets/common";
import { locationLabel } from "../locations";
import { CATEGORY_LABEL, SEVERITY_LABEL, TYPE_LABEL } from "../item/labels";
import { REGIONS } from "../../../../../rules/hm3/body-plan";
import {
  ACTOR_TABS,
  AIM_LABEL,
  ATTRIBUTE_ABBR,
  ATTRIBUTE_NAME,
  MESSAGE,
  REGION_LABEL,
  STAT,
  TAB_LABEL,
  type ActorTabId,
} from "./labels";
import { fieldLabel } from "./messages";
import { INLINE_ML_LABEL } from "./inline";
import {
  aspectLabel,
  ofType,
  type ActorContextInput,
  type ActorSource,
  type ActorType,
  type ItemType,
  type SheetItem,
} from "./context-input";
import { missiles, weapons, type CombatContext } from "./context-combat";

export * from "./context-input";
export type * from "./context-combat";

// ── Output ───────────────────────────────────────────────────────────────────────────────────

export interface TabContext {
  id: ActorTabId;
  group: "primary";
  active: boolean;
  cssClass: string;
  label: string;
}

export interface Stat {
  id: "endurance" | "up" | "pp" | "initiative";
  label: string;
  value: number | string;
  tooltip: string;
}

/** Conditions that put a character out of the fight (the shock roll of hm3.md §2). */
export const SHOCK_CONDITIONS: readonly string[] = ["shock", "unconscious", "dead"];

/** The part ids of the actor sheets, in render order. */
export const ACTOR_PARTS = [
  "header",
  "tabs",
  "attributes",
  "skills",
  "combat",
  "injuries",
  "gear",
  "bodyPlan",
  "description",
  "limited",
] as const;
export type ActorPartId = (typeof ACTOR_PARTS)[number];

/** The parts a viewer sees: header + limited for a Limited viewer, else every tab part. */
export function partsFor(type: ActorType, limited: boolean): ActorPartId[] {
  if (limited) return ["header", "limited"];
  return ACTOR_PARTS.filter((p) => p !== "limited" && (p !== "bodyPlan" || type === "creature"));
}

/** The tabs of an actor type (the body plan editor is a creature's). */
export function tabsFor(type: ActorType): ActorTabId[] {
  return ACTOR_TABS.filter((t) => t !== "bodyPlan" || type === "creature");
}

export function tabContext(
  type: ActorType,
  active: string | null | undefined,
  localize: Localize,
): Record<string, TabContext> {
  const ids = tabsFor(type);
  const current = ids.find((t) => t === active) ?? ids[0];
  const tabs: Record<string, TabContext> = {};
  for (const id of ids) {
    const on = id === current;
    tabs[id] = {
      id,
      group: "primary",
      active: on,
      cssClass: on ? "active" : "",
      label: localize(TAB_LABEL[id]),
    };
  }
  return tabs;
}

// ── Header ───────────────────────────────────────────────────────────────────────────────────

export interface HeaderContext {
  name: string;
  img: string;
  typeLabel: string;
  imageLabel: string;
  stats: Stat[];
  conditions: { id: string; label: string; shock: boolean }[];
  shocked: boolean;
  error: string | null;
}

function header(input: ActorContextInput, format: Format): HeaderContext {
  const { derived: d, localize } = input;
  const stats: Stat[] = d
    ? [
        {
          id: "endurance",
          label: localize(STAT.endurance),
          value: d.endurance,
          tooltip: localize(STAT.enduranceHint),
        },
        {
          id: "up",
          label: localize(STAT.up),
          value: d.up,
          tooltip: format(STAT.upHint, { injuries: d.injuryLevels, fatigue: d.fatigue }),
        },
        {
          id: "pp",
          label: localize(STAT.pp),
          value: d.pp,
          tooltip: format(STAT.ppHint, { up: d.up, encumbrance: d.encumbrance }),
        },
        {
          id: "initiative",
          label: localize(STAT.initiative),
          value: d.initiative.eml.value,
          tooltip: targetTooltip(d.initiative.eml, localize, HM3_TARGET_LABELS),
        },
      ]
    : [];
  const conditions = (input.conditions ?? []).map((c) => ({
    ...c,
    shock: SHOCK_CONDITIONS.includes(c.id),
  }));
  return {
    name: input.name,
    img: input.img,
    typeLabel: localize(
      input.type === "character" ? "TYPES.Actor.character" : "TYPES.Actor.creature",
    ),
    imageLabel: format(MESSAGE.image, { name: input.name }),
    stats: input.limited ? [] : stats,
    conditions: input.limited ? [] : conditions,
    shocked: !input.limited && conditions.some((c) => c.shock),
    error:
      input.limited || d || !input.derivationError
        ? null
        : format(MESSAGE.derivationFailed, { error: input.derivationError }),
  };
}

// ── Attributes ───────────────────────────────────────────────────────────────────────────────

/** An input's bounds (`min`, `max`) as the data model's field has them; null: none (the template then writes an empty attribute, which sets no bound). */
export interface InputBounds {
  min: number | null;
  max: number | null;
}

export interface AttributeField extends InputBounds {
  id: string;
  name: string;
  label: string;
  abbr: string;
  value: number;
}

export interface AttributesContext {
  list: AttributeField[];
  fatigue: InputBounds & { name: string; value: number };
  encumbrance: InputBounds & { name: string; value: number | null; placeholder: string };
  /** HârnMaster Gold unarmed combat style (ruling G49): a choice of the four styles. */
  unarmedStyle: { name: string; value: string; choices: Record<string, string> };
  /** HârnMaster Gold size class (ruling G15): a choice of the seven classes. */
  sizeClass: { name: string; value: string; choices: Record<string, string> };
}

/**
 * The bounds of a number field of the actor's type, from the rule its data model's field is
 * built from (src/foundry/data/rules.ts, fields.ts): a character's attributes 1-30, a
 * creature's 1-99 (R28).
 */
export function inputBounds(type: ActorSource["type"], path: string): InputBounds {
  const rule = ruleFor(`Actor.${type}`, path);
  if (rule?.kind !== "number") throw new Error(`Actor.${type} has no number field ${path}`);
  return { min: rule.min ?? null, max: rule.max ?? null };
}

function attributes(input: ActorContextInput): AttributesContext {
  const hm3 = input.system.hm3;
  return {
    list: HM3_ATTRIBUTES.map((id) => ({
      id,
      name: `system.hm3.attributes.${id}`,
      label: input.localize(ATTRIBUTE_NAME[id]),
      abbr: input.localize(ATTRIBUTE_ABBR[id]),
      value: hm3.attributes[id],
      ...inputBounds(input.type, `hm3.attributes.${id}`),
    })),
    fatigue: {
      name: "system.hm3.fatigue",
      value: hm3.fatigue,
      ...inputBounds(input.type, "hm3.fatigue"),
    },
    encumbrance: {
      name: "system.hm3.encumbrance",
      value: hm3.encumbrance,
      placeholder: input.derived ? String(input.derived.encumbrance) : "",
      ...inputBounds(input.type, "hm3.encumbrance"),
    },
    unarmedStyle: {
      name: "system.hm3.unarmedStyle",
      value: hm3.unarmedStyle ?? DEFAULT_UNARMED_STYLE,
      choices: Object.fromEntries(
        UNARMED_STYLES.map((s) => [s, input.localize(UNARMED_STYLE_LABEL[s])]),
      ),
    },
    sizeClass: {
      name: "system.hm3.sizeClass",
      value: hm3.sizeClass ?? DEFAULT_SIZE_CLASS,
      choices: sizeClassChoices(input.localize),
    },
  };
}

/** The size classes' names (seed 000 lines 137-143), whole keys for the lang audit. */
const SIZE_CLASS_LABEL: Readonly<Record<SizeClass, string>> = Object.freeze({
  tiny: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.tiny",
  verySmall: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.verySmall",
  small: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.small",
  medium: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.medium",
  large: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.large",
  veryLarge: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.veryLarge",
  monstrous: "BLOWBYBLOW.HM3.Gold.Impact.SizeClass.monstrous",
});

/** The size classes for Foundry's `selectOptions` helper (value → localised name). */
function sizeClassChoices(localize: (key: string) => string): Record<string, string> {
  return Object.fromEntries(SIZE_CLASS_IDS.map((s) => [s, localize(SIZE_CLASS_LABEL[s])]));
}

/** The unarmed styles' names (seed 000 lines 351-354), whole keys for the lang audit. */
const UNARMED_STYLE_LABEL: Readonly<Record<UnarmedStyle, string>> = Object.freeze({
  brawling: "BLOWBYBLOW.HM3.Gold.Rolls.Style.brawling",
  wrestling: "BLOWBYBLOW.HM3.Gold.Rolls.Style.wrestling",
  kamtola: "BLOWBYBLOW.HM3.Gold.Rolls.Style.kamtola",
  sashata: "BLOWBYBLOW.HM3.Gold.Rolls.Style.sashata",
});

// ── Skills ───────────────────────────────────────────────────────────────────────────────────

export interface SkillRow {
  id: string;
  name: string;
  img: string;
  sb: number | null;
  ml: number;
  eml: number | null;
  tooltip: string;
  rollLabel: string;
  /** Aria label of the ML input (owners edit the ML in place). */
  mlLabel: string;
}

export interface SkillGroup {
  category: SkillCategory;
  label: string;
  skills: SkillRow[];
}

function skills(input: ActorContextInput, format: Format): SkillGroup[] {
  const { localize, derived } = input;
  const groups: SkillGroup[] = [];
  const all = ofType(input.items, "skill");
  for (const category of SKILL_CATEGORIES) {
    const rows = all
      .filter((s) => s.system.hm3.category === category)
      .map((s): SkillRow => {
        const ds = derived?.skills[s.id];
        return {
          id: s.id,
          name: s.name,
          img: s.img,
          sb: ds?.sb ?? s.system.hm3.skillBase,
          ml: ds?.ml ?? s.system.hm3.ml,
          eml: ds ? ds.eml.value : null,
          tooltip: ds ? targetTooltip(ds.eml, localize, HM3_TARGET_LABELS) : "",
          rollLabel: format(MESSAGE.rollSkill, { name: s.name }),
          mlLabel: format(INLINE_ML_LABEL, { name: s.name }),
        };
      });
    if (rows.length)
      groups.push({ category, label: localize(CATEGORY_LABEL[category]), skills: rows });
  }
  return groups;
}

// ── Injuries ─────────────────────────────────────────────────────────────────────────────────

export interface InjuryRow {
  id: string;
  name: string;
  location: string;
  code: string;
  severity: string;
  severityClass: string;
  aspect: string;
  healingRate: number | null;
  bleeding: boolean;
}

function isHuman(derived: Hm3Derived | null): boolean {
  return derived === null || derived.plan.id === HUMAN_PLAN_ID;
}

function injuries(input: ActorContextInput): InjuryRow[] {
  const { localize, derived } = input;
  const human = isHuman(derived);
  return ofType(input.items, "injury").map((i) => {
    const b = i.system.hm3;
    const severityKey = (SEVERITY_LABEL as Readonly<Record<string, string>>)[b.severity];
    return {
      id: i.id,
      name: i.name,
      location: locationLabel(b.location, derived?.plan ?? null, localize, human),
      code: `${b.severity}${b.level}`,
      severity: severityKey ? localize(severityKey) : b.severity,
      severityClass: `bbb-injury-${b.severity}`,
      aspect: aspectLabel(b.aspect, localize),
      healingRate: b.healingRate > 0 ? b.healingRate : null,
      bleeding: b.bleeding,
    };
  });
}

// ── Gear ─────────────────────────────────────────────────────────────────────────────────────

export interface GearRow {
  id: string;
  type: ItemType;
  typeLabel: string;
  name: string;
  img: string;
  quantity: number;
  weight: number;
  total: number;
  carried: boolean;
  equipped: boolean;
}

export interface GearContext {
  items: GearRow[];
  load: number | null;
  encumbrance: number | null;
  overridden: boolean;
  /** Where the encumbrance comes from (computed from the load, or set by hand). */
  encumbranceNote: string;
  /**
   * HârnMaster Gold encumbrance & fatigue (seed 000 lines 101-113, G93): ENC, FR and the
   * current fatigue, with their hints; null while the world option is off.
   */
  gold: GoldFatigueContext | null;
}

export interface GoldFatigueContext {
  enc: number;
  encHint: string;
  fatigueRate: number;
  fatigueRateHint: string;
  fatigue: number;
  recoveryHint: string;
}

const ENCUMBRANCE_OVERRIDDEN = "BLOWBYBLOW.ActorSheet.Gear.encumbranceOverridden";
const ENCUMBRANCE_COMPUTED = "BLOWBYBLOW.ActorSheet.Gear.encumbranceHint";

const PHYSICAL: readonly ItemType[] = ["weapon", "missile", "armour", "gear"];

function gear(input: ActorContextInput): GearContext {
  const rows: GearRow[] = [];
  for (const type of PHYSICAL) {
    for (const item of ofType(input.items, type)) {
      const s = item.system as SourceByType["Item"]["gear"];
      rows.push({
        id: item.id,
        type,
        typeLabel: input.localize(TYPE_LABEL[type]),
        name: item.name,
        img: item.img,
        quantity: s.quantity,
        weight: s.weight,
        total: itemLoad(s.weight, s.quantity),
        carried: s.carried,
        equipped: s.equipped,
      });
    }
  }
  return {
    items: rows,
    load: input.derived?.load ?? null,
    encumbrance: input.derived?.encumbrance ?? null,
    overridden: input.system.hm3.encumbrance !== null,
    encumbranceNote: input.localize(
      input.system.hm3.encumbrance !== null ? ENCUMBRANCE_OVERRIDDEN : ENCUMBRANCE_COMPUTED,
    ),
    gold: goldFatigue(input),
  };
}

/** The Gold figures of the load section (G93), from the derivation's `goldEncumbrance`. */
function goldFatigue(input: ActorContextInput): GoldFatigueContext | null {
  const g = input.derived?.goldEncumbrance;
  if (!g) return null;
  const format = formatWith(input.localize);
  return {
    enc: g.enc,
    encHint: format("BLOWBYBLOW.HM3.Gold.Fatigue.encHint", { condition: g.conditionMl }),
    fatigueRate: g.fatigueRate,
    fatigueRateHint: input.localize("BLOWBYBLOW.HM3.Gold.Fatigue.fatigueRateHint"),
    fatigue: input.system.hm3.fatigue,
    recoveryHint: format("BLOWBYBLOW.HM3.Gold.Fatigue.recoveryHint", { recovery: g.recovery }),
  };
}

// ── Body plan editor (creatures) ─────────────────────────────────────────────────────────────

export interface PlanCell {
  name: string;
  code: string;
}

export interface PlanRow {
  index: number;
  prefix: string;
  id: string;
  name: string;
  region: Region;
  paired: boolean;
  /** The location's own size class (ruling G16); "" is the creature's. */
  sizeClass: string;
  aim: { zone: AimZone; name: string; value: number }[];
  cells: PlanCell[];
}

export interface ZoneSum {
  zone: AimZone;
  label: string;
  total: number;
  ok: boolean;
  warning: string;
}

export interface BodyPlanContext {
  /** The creature uses the human plan (no plan of its own). */
  human: boolean;
  name: { name: string; value: string };
  /** Region choices for Foundry's `selectOptions` helper (value → localised label). */
  regionChoices: Record<string, string>;
  /** A location's size class choices: "" (the creature's) then the seven classes. */
  sizeClassChoices: Record<string, string>;
  zones: { zone: AimZone; label: string }[];
  rows: PlanRow[];
  sums: ZoneSum[];
}

/** The form name prefix of a plan location row. */
export function planRowPrefix(index: number): string {
  return `system.hm3.bodyPlan.locations.${index}`;
}

function bodyPlan(input: ActorContextInput, format: Format): BodyPlanContext | null {
  if (input.type !== "creature") return null;
  const { localize } = input;
  const plan = input.system.hm3.bodyPlan;
  const zones = AIM_ZONES.map((zone) => ({ zone, label: localize(AIM_LABEL[zone]) }));
  const regionChoices = Object.fromEntries(REGIONS.map((r) => [r, localize(REGION_LABEL[r])]));
  const sizeClassChoicesOf = {
    "": localize("BLOWBYBLOW.HM3.Gold.Impact.SizeClass.creature"),
    ...sizeClassChoices(localize),
  };
  if (!plan)
    return {
      human: true,
      name: { name: "", value: "" },
      regionChoices,
      sizeClassChoices: sizeClassChoicesOf,
      zones,
      rows: [],
      sums: [],
    };
  const rows = plan.locations.map((loc, index): PlanRow => {
    const prefix = planRowPrefix(index);
    return {
      index,
      prefix,
      id: loc.id,
      name: loc.name,
      region: loc.region,
      paired: loc.paired,
      sizeClass: loc.sizeClass ?? "",
      aim: AIM_ZONES.map((zone) => ({ zone, name: `${prefix}.aim.${zone}`, value: loc.aim[zone] })),
      cells: loc.injury.map((cell, i) => ({
        name: `${prefix}.injury.${i}`,
        code: formatInjuryCode(cell),
      })),
    };
  });
  const totals = zoneSums(plan);
  const sums = zones.map(({ zone, label }) => {
    const total = totals[zone];
    const ok = zoneStatus(total) !== "bad";
    return {
      zone,
      label,
      total,
      ok,
      warning: ok ? "" : format(MESSAGE.zoneSumWarning, { zone: label, total }),
    };
  });
  return {
    human: false,
    name: { name: "system.hm3.bodyPlan.name", value: plan.name },
    regionChoices,
    sizeClassChoices: sizeClassChoicesOf,
    zones,
    rows,
    sums,
  };
}

// ── Whole sheet ──────────────────────────────────────────────────────────────────────────────

export interface ActorSheetContext {
  type: ActorType;
  isCreature: boolean;
  editable: boolean;
  /** Roll buttons are shown (the viewer owns the actor and sees the full sheet). */
  canRoll: boolean;
  limited: boolean;
  tabs: Record<string, TabContext>;
  header: HeaderContext;
  attributes: AttributesContext;
  skillGroups: SkillGroup[];
  combat: CombatContext;
  injuries: InjuryRow[];
  gear: GearContext;
  bodyPlan: BodyPlanContext | null;
  description: { name: string; value: string; enriched: string };
  warnings: string[];
  /** HârnMaster Gold brute force: the actor as an object (../../gold-object.ts); null: hidden. */
  object: ObjectContext | null;
}

/** Injury descriptions per sided location, for the body diagram (`S2 Edge`). */
function injuryNotes(
  rows: readonly InjuryRow[],
  items: readonly SheetItem[],
): Record<string, string[]> {
  const notes: Record<string, string[]> = {};
  for (const item of ofType(items, "injury")) {
    const row = rows.find((r) => r.id === item.id);
    if (!row) continue;
    (notes[item.system.hm3.location] ??= []).push(`${row.code} ${row.aspect}`);
  }
  return notes;
}

/** The whole render context of an actor sheet. */
export function actorContext(input: ActorContextInput): ActorSheetContext {
  const format = input.format ?? formatWith(input.localize);
  const { derived, localize } = input;
  const injuryRows = injuries(input);
  const body = derived
    ? bodyDiagram({
        plan: derived.plan,
        armour: derived.armour,
        injuries: derived.injuries,
        injuryNotes: injuryNotes(injuryRows, input.items),
        localize,
      })
    : null;
  const plan = input.type === "creature" ? input.system.hm3.bodyPlan : null;
  const warnings = (derived?.warnings ?? []).map((w) =>
    format(w.key, {
      field: fieldLabel(w.field, input.items, plan, localize, format),
      value: typeof w.value === "string" ? w.value : (JSON.stringify(w.value) ?? ""),
    }),
  );
  return {
    type: input.type,
    isCreature: input.type === "creature",
    editable: input.editable && !input.limited,
    canRoll: input.owner && !input.limited,
    limited: input.limited,
    tabs: tabContext(input.type, input.activeTab, localize),
    header: header(input, format),
    attributes: attributes(input),
    skillGroups: skills(input, format),
    combat: {
      weapons: weapons(input, format),
      missiles: missiles(input, format),
      dodge: derived
        ? {
            eml: derived.dodge.eml.value,
            tooltip: targetTooltip(derived.dodge.eml, localize, HM3_TARGET_LABELS),
          }
        : null,
      body,
    },
    injuries: injuryRows,
    gear: gear(input),
    bodyPlan: bodyPlan(input, format),
    description: {
      name: "system.description",
      value: input.system.description,
      enriched: input.enrichedDescription ?? input.system.description,
    },
    warnings,
    object: objectContext(
      input.system.hm3.object,
      input.editable && !input.limited,
      input.bruteForce === true,
      localize,
      (key, data) => format(key, data),
    ),
  };
}

/** `characterContext` is `actorContext` for a character (kept for the brief's name). */
export const characterContext = actorContext;

/** The context of one part: the sheet's, plus the part's tab (what `_preparePartContext` adds). */
export function partContext(
  context: ActorSheetContext,
  partId: string,
): ActorSheetContext & { tab: TabContext | null } {
  return { ...context, tab: context.tabs[partId] ?? null };
}
