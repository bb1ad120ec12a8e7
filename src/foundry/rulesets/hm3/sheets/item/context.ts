/**
 * Render context of the item sheets, built by pure functions from an item's stored data (the
 * `system` shapes of src/foundry/data/source.ts), the owning actor's derived data when the item
 * is embedded, and a localiser. No Foundry globals: the sheet class gathers the inputs, these
 * functions shape them, so the whole context is testable in plain Node and renderable in a
 * browser from prepared data. Every derived value (layer protection, AML/DML, EML) comes from
 * the rules core; nothing here re-implements a rule.
 */
import {
  HAND_MODES,
  HANDS,
  HM3_ATTRIBUTES,
  SKILL_CATEGORIES,
  type Hm3Derived,
} from "../../../../../rules/hm3/character-types";
import { formatInjuryCode, HUMAN_BODY_PLAN, isHumanPlan } from "../../../../../rules/hm3/body-plan";
import { HM3_TARGET_LABELS } from "../../../../../rules/hm3/combat";
import { layerProtection } from "../../../../../rules/hm3/mechanics";
import { layerBonus } from "../../../../../rules/hm3/gear";
import {
  ASPECTS,
  MATERIAL_PROTECTION,
  MATERIALS,
  RANGE_BANDS,
  RANGE_EML,
  SEVERITIES,
  type Aspect,
  type RangeBand,
} from "../../../../../rules/hm3/tables";
import type { Velocity } from "../../../../../rules/hm3/eml";
import type { SourceByType } from "../../../../data/source";
import { formatWith, targetTooltip, type Format, type Localize } from "../../../../sheets/common";
import { locationLabel as planLocationLabel } from "../locations";
import { coveragePlan, coverageRows, entriesOffPlan, FORM_ONLY_PREFIX, SIDES } from "./coverage";

export * from "./coverage";
import {
  ASPECT_LABEL,
  ASPECT_SHORT_LABEL,
  ATTRIBUTE_LABEL,
  CATEGORY_LABEL,
  CREATURE_ASPECTS,
  FORMAT,
  HAND_LABEL,
  HAND_MODE_LABEL,
  MATERIAL_LABEL,
  PHYSICAL_TYPES,
  RANGE_BAND_LABEL,
  SEVERITY_LABEL,
  TAB_LABEL,
  TYPE_LABEL,
  VELOCITIES,
  VELOCITY_HINT,
  VELOCITY_LABEL,
  type ItemType,
} from "./labels";

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────

export type { Format, Localize };

/** The actor an embedded item belongs to, as far as the item sheet needs it. */
export interface OwnerInput {
  name: string;
  /** The actor's derived HM3 data (null when it has none, e.g. it failed to derive). */
  derived: Hm3Derived | null;
  /** Names of the actor's skill items, offered for a weapon's or missile's skill. */
  skillNames: readonly string[];
}

/** An item type with its stored system data. */
export type ItemSource = {
  [T in ItemType]: { type: T; system: SourceByType["Item"][T] };
}[ItemType];

export type ItemContextInput = ItemSource & {
  /** Item id; finds the item's entry in the owner's derived data. */
  id?: string | null;
  name: string;
  img: string;
  owner?: OwnerInput | null;
  editable: boolean;
  /** The viewer has Limited permission only: header only. */
  limited: boolean;
  /** The description after enrichment (the sheet class enriches; default: the stored HTML). */
  enrichedDescription?: string;
  activeTab?: TabId;
  localize: Localize;
  /** `game.i18n.format`; default: `localize` with `{name}` placeholders replaced. */
  format?: Format;
};

// ── Output ───────────────────────────────────────────────────────────────────────────────────

export interface Option {
  value: string;
  label: string;
  selected: boolean;
}

export const TAB_IDS = ["details", "description"] as const;
export type TabId = (typeof TAB_IDS)[number];

export interface TabContext {
  id: TabId;
  group: "primary";
  active: boolean;
  cssClass: string;
  label: string;
}

export interface PhysicalContext {
  quantity: number;
  weight: number;
  carried: boolean;
  equipped: boolean;
  /** "Worn" for armour, "Equipped" otherwise. */
  equippedLabel: string;
  handOptions: Option[];
}

export interface AspectValue {
  aspect: Aspect;
  short: string;
  label: string;
  value: number;
}

export interface ImpactField {
  aspect: Aspect;
  name: string;
  short: string;
  label: string;
  /** null: the weapon has no such aspect. */
  value: number | null;
  absent: boolean;
  /** What the summary shows: the impact, or "—" for an absent aspect. */
  display: string;
  /** Tooltip: the aspect's name, or "No such aspect". */
  title: string;
}

export interface SkillLink {
  /** Owner's skill names for the datalist. */
  skillOptions: string[];
  /** Localised warning when no skill is named, or the owner has no skill of that name. */
  skillMissing: string | null;
}

export interface WeaponContext extends SkillLink {
  skill: string;
  /** null: no weapon quality (ruling R41). */
  wq: number | null;
  attack: number;
  defence: number;
  impacts: ImpactField[];
  handModeOptions: Option[];
  shield: boolean;
  owner: {
    ml: number;
    aml: number;
    dml: number;
    attackEml: number;
    defenceEml: number;
    /** The itemised story of each EML ("AML 70, Physical Penalty −10"). */
    attackEmlTitle: string;
    defenceEmlTitle: string;
  } | null;
}

export interface BandRow {
  band: RangeBand;
  label: string;
  rangeName: string;
  range: number;
  impactName: string;
  impact: number;
  /** The range EML modifier of seed 003 line 283, e.g. `−20`. */
  emlModifier: string;
  /** The owner's attack EML at this band, when embedded, and its itemised story. */
  ownerEml: number | null;
  ownerEmlTitle: string;
  /** The item is embedded: the band shows the owner's EML. */
  owned: boolean;
}

export interface MissileContext extends SkillLink {
  skill: string;
  aspectOptions: Option[];
  velocityOptions: Option[];
  velocityHint: string;
  /** null: no weapon quality (ruling R41). */
  wq: number | null;
  bands: BandRow[];
  owner: { ml: number } | null;
}

export interface CoverageBox {
  name: string;
  checked: boolean;
  label: string;
}

export interface CoverageRow {
  id: string;
  label: string;
  paired: boolean;
  both: CoverageBox;
  left: CoverageBox | null;
  right: CoverageBox | null;
}

export interface ArmourContext {
  materialOptions: Option[];
  quality: number;
  enchantment: number;
  protection: { material: AspectValue[]; bonus: string; layer: AspectValue[] };
  coverage: CoverageRow[];
  /** Locations outside the human plan (a creature's), kept as they are; "" when none. */
  otherLocations: string;
}

export interface SbSelect {
  name: string;
  label: string;
  options: Option[];
}

export interface SkillContext {
  categoryOptions: Option[];
  sbSelects: SbSelect[];
  sbModifier: number;
  skillBase: number | null;
  ml: number;
  owner: { sb: number; eml: number; emlTitle: string } | null;
}

export interface InjuryContext {
  locationOptions: Option[];
  aspectOptions: Option[];
  severityOptions: Option[];
  level: number;
  healingRate: number;
  bleeding: boolean;
  /** Severity and level as the seed writes them, e.g. `S2`. */
  code: string;
}

export interface ItemSheetContext {
  item: { id: string | null; name: string; img: string; type: ItemType; typeLabel: string };
  imgAlt: string;
  editable: boolean;
  limited: boolean;
  /** Heading of the owner's values ("For Aldric"), or null when the item is not embedded. */
  ownerHeading: string | null;
  physical: PhysicalContext | null;
  tabs: Record<TabId, TabContext>;
  description: { source: string; enriched: string };
  weapon: WeaponContext | null;
  missile: MissileContext | null;
  armour: ArmourContext | null;
  skill: SkillContext | null;
  injury: InjuryContext | null;
}

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

/** A modifier as the seed prints it: `+0`, `+5`, `−20` (a true minus sign; zero signed). */
export function signedModifier(n: number): string {
  return n < 0 ? `−${-n}` : `+${n}`;
}

/** Options of a select from a core list; a stored value not in the list is kept as an option. */
function options<T extends string>(
  ids: readonly T[],
  labels: Readonly<Record<T, string>>,
  current: string,
  localize: Localize,
  format: Format,
): Option[] {
  const out: Option[] = ids.map((id) => ({
    value: id,
    label: localize(labels[id]),
    selected: id === current,
  }));
  if (!(ids as readonly string[]).includes(current)) {
    out.push({
      value: current,
      label: format(FORMAT.unknownValue, { value: current }),
      selected: true,
    });
  }
  return out;
}

function aspectValues(values: Readonly<Record<Aspect, number>>, localize: Localize): AspectValue[] {
  return ASPECTS.map((aspect) => ({
    aspect,
    short: localize(ASPECT_SHORT_LABEL[aspect]),
    label: localize(ASPECT_LABEL[aspect]),
    value: values[aspect],
  }));
}

/** Which parts a sheet renders: the header alone for a Limited viewer. */
export function partsFor(type: ItemType, limited: boolean): string[] {
  return limited ? ["header"] : ["header", "tabs", type, "description"];
}

export function tabsContext(active: TabId, localize: Localize): Record<TabId, TabContext> {
  const tab = (id: TabId): TabContext => ({
    id,
    group: "primary",
    active: id === active,
    cssClass: id === active ? "active" : "",
    label: localize(TAB_LABEL[id]),
  });
  return { details: tab("details"), description: tab("description") };
}

/** The label of a human location id, sided (`left-forearm`) or not. */
export function locationLabel(id: string, localize: Localize): string {
  return planLocationLabel(id, null, localize, true);
}

// ── Skill base attributes ────────────────────────────────────────────────────────────────────

export const SB_SLOTS = 3;

function sbName(slot: number): string {
  return `${FORM_ONLY_PREFIX}sbAttributes.${slot}`;
}

/** True when `name` is one of the skill base selects. */
export function isSbInput(name: string | null | undefined): boolean {
  return typeof name === "string" && name.startsWith(`${FORM_ONLY_PREFIX}sbAttributes.`);
}

/** The injury code input (`S2`), read by the checker as severity and level. */
export const INJURY_CODE_INPUT = `${FORM_ONLY_PREFIX}code`;

/**
 * `system.hm3.sbAttributes` from the three selects: the attributes chosen, in order; none
 * chosen means the skill base is entered by hand. Null when the form has no such selects.
 */
export function sbAttributesFromForm(form: Readonly<Record<string, unknown>>): string[] | null {
  const names = Array.from({ length: SB_SLOTS }, (_, i) => sbName(i));
  if (!names.some((n) => n in form)) return null;
  return names.map((n) => form[n]).filter((v): v is string => typeof v === "string" && v !== "");
}

// ── Per type ─────────────────────────────────────────────────────────────────────────────────

interface Tools {
  localize: Localize;
  format: Format;
  owner: OwnerInput | null;
  id: string | null;
}

function skillLink(skill: string, t: Tools, matched: boolean | null): SkillLink {
  const skillOptions = t.owner ? [...t.owner.skillNames].sort((a, b) => a.localeCompare(b)) : [];
  const skillMissing =
    skill.trim() === ""
      ? t.localize("BLOWBYBLOW.ItemSheet.Hint.noSkillName")
      : t.owner && matched === false
        ? t.format(FORMAT.noSkill, { actor: t.owner.name, skill })
        : null;
  return { skillOptions, skillMissing };
}

function weaponContext(system: SourceByType["Item"]["weapon"], t: Tools): WeaponContext {
  const hm3 = system.hm3;
  const impacts = ASPECTS.map((aspect): ImpactField => {
    const value = hm3.impact[aspect] ?? null;
    return {
      aspect,
      name: `system.hm3.impact.${aspect}`,
      short: t.localize(ASPECT_SHORT_LABEL[aspect]),
      label: t.localize(ASPECT_LABEL[aspect]),
      value,
      absent: value === null,
      display: value === null ? t.localize("BLOWBYBLOW.ItemSheet.Absent") : String(value),
      title:
        value === null
          ? t.localize("BLOWBYBLOW.ItemSheet.AbsentTitle")
          : t.localize(ASPECT_LABEL[aspect]),
    };
  });
  const derived = t.id ? t.owner?.derived?.weapons[t.id] : undefined;
  return {
    skill: hm3.skill,
    ...skillLink(hm3.skill, t, derived ? derived.skillId !== null : null),
    wq: hm3.wq,
    attack: hm3.attack,
    defence: hm3.defence,
    impacts,
    handModeOptions: options(HAND_MODES, HAND_MODE_LABEL, hm3.handMode, t.localize, t.format),
    shield: hm3.shield,
    owner: derived
      ? {
          ml: derived.ml,
          aml: derived.aml,
          dml: derived.dml,
          attackEml: derived.attackEml.value,
          defenceEml: derived.defenceEml.value,
          attackEmlTitle: targetTooltip(derived.attackEml, t.localize, HM3_TARGET_LABELS),
          defenceEmlTitle: targetTooltip(derived.defenceEml, t.localize, HM3_TARGET_LABELS),
        }
      : null,
  };
}

function missileContext(system: SourceByType["Item"]["missile"], t: Tools): MissileContext {
  const hm3 = system.hm3;
  const derived = t.id ? t.owner?.derived?.missiles[t.id] : undefined;
  const velocity: Velocity = hm3.velocity === "high" ? "high" : "low";
  return {
    skill: hm3.skill,
    ...skillLink(hm3.skill, t, derived ? derived.skillId !== null : null),
    aspectOptions: options(ASPECTS, ASPECT_LABEL, hm3.aspect, t.localize, t.format),
    velocityOptions: options(VELOCITIES, VELOCITY_LABEL, hm3.velocity, t.localize, t.format),
    velocityHint: t.localize(VELOCITY_HINT[velocity]),
    wq: hm3.wq,
    bands: RANGE_BANDS.map((band): BandRow => {
      const stored = hm3.ranges[band];
      const eml = derived?.bands.find((b) => b.band === band)?.eml;
      return {
        band,
        label: t.localize(RANGE_BAND_LABEL[band]),
        rangeName: `system.hm3.ranges.${band}.range`,
        range: stored.range,
        impactName: `system.hm3.ranges.${band}.impact`,
        impact: stored.impact,
        emlModifier: signedModifier(RANGE_EML[band]),
        ownerEml: eml?.value ?? null,
        ownerEmlTitle: eml ? targetTooltip(eml, t.localize, HM3_TARGET_LABELS) : "",
        owned: derived !== undefined,
      };
    }),
    owner: derived ? { ml: derived.ml } : null,
  };
}

function armourContext(system: SourceByType["Item"]["armour"], t: Tools): ArmourContext {
  const hm3 = system.hm3;
  const known = (MATERIALS as readonly string[]).includes(hm3.material);
  const layer = known
    ? layerProtection({
        material: hm3.material,
        quality: hm3.quality,
        enchantment: hm3.enchantment,
      })
    : null;
  const zero = { blunt: 0, edge: 0, point: 0, fire: 0 };
  const plan = coveragePlan(t.owner);
  const other = entriesOffPlan(hm3.locations, plan);
  return {
    materialOptions: options(MATERIALS, MATERIAL_LABEL, hm3.material, t.localize, t.format),
    quality: hm3.quality,
    enchantment: hm3.enchantment,
    protection: {
      material: aspectValues(known ? MATERIAL_PROTECTION[hm3.material] : zero, t.localize),
      bonus: signedModifier(layerBonus(hm3)),
      layer: aspectValues(layer ?? zero, t.localize),
    },
    coverage: coverageRows(hm3.locations, t.localize, plan),
    otherLocations: other.length
      ? t.format(FORMAT.coverageOther, { locations: other.join(", ") })
      : "",
  };
}

function skillContext(system: SourceByType["Item"]["skill"], t: Tools): SkillContext {
  const hm3 = system.hm3;
  const derived = t.id ? t.owner?.derived?.skills[t.id] : undefined;
  const attributeIds = ["", ...HM3_ATTRIBUTES] as const;
  return {
    categoryOptions: options(SKILL_CATEGORIES, CATEGORY_LABEL, hm3.category, t.localize, t.format),
    sbSelects: Array.from({ length: SB_SLOTS }, (_, slot) => {
      const current = hm3.sbAttributes[slot] ?? "";
      return {
        name: sbName(slot),
        label: `${slot + 1}`,
        options: options(
          attributeIds,
          { ...ATTRIBUTE_LABEL, "": ATTRIBUTE_LABEL.none },
          current,
          t.localize,
          t.format,
        ),
      };
    }),
    sbModifier: hm3.sbModifier,
    skillBase: hm3.skillBase,
    ml: hm3.ml,
    owner: derived
      ? {
          sb: derived.sb,
          eml: derived.eml.value,
          emlTitle: targetTooltip(derived.eml, t.localize, HM3_TARGET_LABELS),
        }
      : null,
  };
}

function injuryContext(system: SourceByType["Item"]["injury"], t: Tools): InjuryContext {
  const hm3 = system.hm3;
  const plan = t.owner?.derived?.plan;
  // The owner's plan when embedded (a creature's locations), else the human plan's sided ids.
  const locationOptions: Option[] = plan
    ? plan.locations.map((l) => ({
        value: l.id,
        label: planLocationLabel(l.id, plan, t.localize, isHumanPlan(plan)),
        selected: l.id === hm3.location,
      }))
    : HUMAN_BODY_PLAN.locations
        .flatMap((l) => (l.paired ? SIDES.map((s) => `${s}-${l.id}`) : [l.id]))
        .map((id) => ({
          value: id,
          label: locationLabel(id, t.localize),
          selected: id === hm3.location,
        }));
  if (!locationOptions.some((o) => o.selected)) {
    locationOptions.push({
      value: hm3.location,
      label: t.format(FORMAT.unknownValue, { value: hm3.location }),
      selected: true,
    });
  }
  const aspects = [...ASPECTS, ...CREATURE_ASPECTS];
  return {
    locationOptions,
    aspectOptions: options(aspects, ASPECT_LABEL, hm3.aspect, t.localize, t.format),
    severityOptions: options(SEVERITIES, SEVERITY_LABEL, hm3.severity, t.localize, t.format),
    level: hm3.level,
    healingRate: hm3.healingRate,
    bleeding: hm3.bleeding,
    code: formatInjuryCode({
      severity: hm3.severity,
      level: hm3.level,
      fumbleStumble: false,
      amputation: false,
    }),
  };
}

// ── The whole context ────────────────────────────────────────────────────────────────────────

export function itemContext(input: ItemContextInput): ItemSheetContext {
  const localize = input.localize;
  const fmt = input.format ?? formatWith(localize);
  const t: Tools = { localize, format: fmt, owner: input.owner ?? null, id: input.id ?? null };
  const physical = PHYSICAL_TYPES.includes(input.type)
    ? physicalContext(input.system as SourceByType["Item"]["gear"], input.type, t)
    : null;
  const context: ItemSheetContext = {
    item: {
      id: input.id ?? null,
      name: input.name,
      img: input.img,
      type: input.type,
      typeLabel: localize(TYPE_LABEL[input.type]),
    },
    imgAlt: fmt(FORMAT.image, { name: input.name }),
    editable: input.editable,
    limited: input.limited,
    ownerHeading: input.owner ? fmt(FORMAT.ownerHeading, { actor: input.owner.name }) : null,
    physical,
    tabs: tabsContext(input.activeTab ?? "details", localize),
    description: {
      source: input.system.description,
      enriched: input.enrichedDescription ?? input.system.description,
    },
    weapon: null,
    missile: null,
    armour: null,
    skill: null,
    injury: null,
  };
  switch (input.type) {
    case "weapon":
      context.weapon = weaponContext(input.system, t);
      break;
    case "missile":
      context.missile = missileContext(input.system, t);
      break;
    case "armour":
      context.armour = armourContext(input.system, t);
      break;
    case "skill":
      context.skill = skillContext(input.system, t);
      break;
    case "injury":
      context.injury = injuryContext(input.system, t);
      break;
    case "gear":
      break;
  }
  return context;
}

function physicalContext(
  system: SourceByType["Item"]["gear"],
  type: ItemType,
  t: Tools,
): PhysicalContext {
  return {
    quantity: system.quantity,
    weight: system.weight,
    carried: system.carried,
    equipped: system.equipped,
    equippedLabel: t.localize(
      type === "armour" ? "BLOWBYBLOW.ItemSheet.Field.worn" : "BLOWBYBLOW.ItemSheet.Field.equipped",
    ),
    handOptions: options(HANDS, HAND_LABEL, system.held, t.localize, t.format),
  };
}
