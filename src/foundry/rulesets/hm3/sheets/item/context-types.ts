/**
 * The shapes of the HM3 item sheet's render context (./context.ts builds it): its inputs (an
 * item's stored data, the owning actor as far as the sheet needs it, a localiser) and its output,
 * per item type.
 */
import type { Hm3Derived } from "../../../../../rules/hm3/character-types";
import type { Aspect, RangeBand } from "../../../../../rules/hm3/tables";
import type { SourceByType } from "../../../../data/source";
import type { Format, Localize } from "../../../../sheets/common";
import type { OtherBlocksContext } from "../../../../sheets/other-blocks";
import type { ItemType } from "./labels";

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
  /** The viewer is a GM: the item's other rulesets' blocks are listed (default: not). */
  isGM?: boolean;
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
  /** A cutting weapon (HârnMaster Gold, ruling G25). */
  cutting: boolean;
  /** HârnMaster Gold weapon reach: a Long Reach weapon. */
  longReach: boolean;
  /**
   * HârnMaster Gold hand mode and strength (rulings G17-G19): the main-hand-alone Hand Mode
   * penalty (null: the default, shown as a placeholder), the STR requirement (0: none) and the
   * weight classes lighter than optimal.
   */
  handModePenalty: number | null;
  handModePenaltyDefault: number;
  strRequirement: number;
  lighterClasses: number;
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
  /**
   * HârnMaster Gold ring & scale armour (rulings G20-G22): the piece's own Squeeze and Tear
   * (null: the material's) and its six values while that option is on.
   */
  gold: {
    squeeze: number | null;
    tear: number | null;
    layer: { column: string; short: string; label: string; value: number }[];
  };
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
  /** The item's other rulesets' blocks, read-only, for a GM (none for a player). */
  others: OtherBlocksContext;
}
