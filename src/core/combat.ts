/**
 * What a ruleset tells the Foundry adapter's combat flow, as pure functions over plain data:
 * which attacks a fighter can make and with what target, how the attack dialog's request
 * becomes the ruleset's declaration, which defences (or other choices) the chooser may pick
 * and with what, how a choice request becomes the ruleset's choice, and what an injury effect
 * becomes on the victim. The adapter's flow (src/foundry/combat) is ruleset-generic: it calls
 * these and `Ruleset` (ruleset.ts), never a ruleset's own types. HM3 implements it in
 * src/rules/hm3/combat.ts; GURPS Man to Man (attack roll, then an active defence, then damage)
 * implements the same interface when its Foundry issue comes.
 *
 * Every function is pure and deterministic; untrusted requests are validated and refused with
 * an `InputError` naming the field and the value (errors.ts).
 */
import type { Arc, LightLevel } from "./facing";
import type { Target } from "./modifiers";
import type { ConditionId, Effect, PendingChoice } from "./ruleset";

/** A fighter as the adapter sees it: plain data read from the actor and its items. */
export interface FighterSnapshot {
  /** Actor type: `character` or `creature`. */
  actorType: string;
  /** The actor's name (user text: escape it when shown). */
  name: string;
  /** The actor's stored `system` (`_source.system`): every ruleset block. */
  system: Record<string, unknown>;
  /** The actor's derived figures (`system.derived`, the ruleset's `deriveCharacter` output). */
  derived: unknown;
  /** Embedded items, stored data. */
  items: FighterItem[];
  /** Status effect ids on the actor (`actor.statuses`). */
  conditions: string[];
  /**
   * The fighter's stable id: the actor's uuid (an unlinked token's synthetic actor has the
   * token's in it). Absent in snapshots made without a document (tests, the workbench).
   */
  uuid?: string;
  /**
   * What the ruleset carries for the fighter from one exchange to the next in the running
   * combat (plain JSON, opaque to the adapter; HM3: HârnMaster Gold's Dodge, strike recovery
   * and tangle, src/rules/hm3/gold/carry.ts). Absent outside a combat or when none.
   */
  carried?: unknown;
}

export interface FighterItem {
  id: string;
  type: string;
  /** User text. */
  name: string;
  /** The item's stored `system` (`_source.system`). */
  system: Record<string, unknown>;
}

/** What the adapter measures on the canvas; each value may be overridden in the dialog. */
export interface AttackSituation {
  /** Hostile tokens engaging the defender, the attacker included (≥ 1). */
  engagingDefender: number;
  /** The defender is prone (has the `prone` status). */
  defenderProne: boolean;
  /** Distance between the tokens in grid units (HM3: hexes), or null when unknown. */
  distance: number | null;
  /*
   * What a ruleset reads of the map beyond these (`CombatRules.situation`); absent when it
   * reads none of it, null when the canvas could not measure it.
   */
  /** Where the attacker stands in the defender's arcs (token rotations, ./facing.ts). */
  fromArc?: Arc | null;
  /** Where the defender stands in the attacker's arcs. */
  toArc?: Arc | null;
  /** The light of the scene (its darkness, ./facing.ts `lightOfDarkness`). */
  light?: LightLevel | null;
  /** The scene's grid units, which `distance` is in ("yd", "ft", …). */
  units?: string | null;
}

/** What of the map a ruleset reads beyond distance, engagement and prone. */
export type SituationExtra = "facing" | "light" | "units";

/** The situation fields each extra adds. */
export const SITUATION_EXTRA_FIELDS: Readonly<
  Record<SituationExtra, readonly ("fromArc" | "toArc" | "light" | "units")[]>
> = Object.freeze({
  facing: Object.freeze(["fromArc", "toArc"] as const),
  light: Object.freeze(["light"] as const),
  units: Object.freeze(["units"] as const),
});

/** A user-added situational modifier (label is user text). */
export interface CustomModifierInput {
  label: string;
  value: number;
}

/** One way an item can attack. */
export interface AttackOption {
  itemId: string;
  /** Item name (user text). */
  name: string;
  kind: "melee" | "missile";
  /** Modes of attack (HM3: aspects), with the weapon's figure for each. */
  modes: { id: string; labelKey: string; impact: number }[];
  /** Aiming zones (HM3: high, mid, low) the defender can be struck in. */
  aims: { id: string; labelKey: string }[];
  /** Range bands (missiles), with the band's range in grid units; empty for melee. */
  bands: { id: string; labelKey: string; range: number; impact: number }[];
  /** Why the item cannot attack now (a localisation key), e.g. not held. */
  unavailableKey?: string;
}

/** What the attack dialog submits. Untrusted: validated by the ruleset. */
export interface AttackRequest {
  itemId: string;
  /** An `AttackOption.modes[].id`. */
  mode: string;
  /** An `AttackOption.aims[].id`. */
  aim: string;
  /** A range band id chosen by hand (missiles); null: from `situation.distance`. */
  band: string | null;
  situation: AttackSituation;
  custom: CustomModifierInput[];
  /** Rows of the ruleset's modifier catalog the user declares (`CombatRules.catalog`). */
  catalog?: CatalogRowInput[];
}

/** A declared catalog row: its id and, when it takes one, its parameter. */
export interface CatalogRowInput {
  id: string;
  param?: number | string;
}

/** A row of a ruleset's attack modifier catalog that the user may declare in the dialog. */
export interface CatalogRowOption {
  id: string;
  labelKey: string;
  /** The world option (`CombatRules.optionalRules` id) this row belongs to: offered only while it is on. */
  option?: string;
  /** Its parameter: a whole number within bounds, or one of named choices; null: none. */
  param:
    | { kind: "number"; min: number; max: number; default: number }
    | { kind: "choice"; choices: { id: string; labelKey: string }[] }
    | null;
}

/** One defence (or other choice) the chooser may make, with what can make it. */
export interface ChoiceOptionView {
  /** The pending option's id (`block`, `dodge`, …). */
  id: string;
  labelKey: string;
  /** Values formatted into the label (the pending option's `labelData`). */
  labelData?: Readonly<Record<string, string | number>>;
  /** Why it cannot be chosen, when listed but disabled. */
  unavailableKey?: string;
  /** Items that can make it (a Block with the sword or the shield); empty: no item needed. */
  items: {
    itemId: string;
    name: string;
    /** The target this item gives, itemised. */
    target: Target | null;
    /** Modes (a counterstrike's aspects). */
    modes: { id: string; labelKey: string; impact: number }[];
  }[];
  /** The target when no item is involved (Dodge), itemised; null for Ignore. */
  target: Target | null;
  /** The option needs an aim (a counterstrike). */
  aims: { id: string; labelKey: string }[];
  /**
   * Counts the chooser sets at once, each up to its `max` (the zone-die winner's tactical
   * advantages: how many Impact, Precision, Action, Setup); absent: none.
   */
  counts?: {
    id: string;
    labelKey: string;
    max: number;
    /**
     * The legend of the box this count shares with the others of the same key (the zone-die
     * tactical advantages); absent: the count stands alone under its own label.
     */
    legendKey?: string;
    /** A 0/1 count (its `max` 1) asked as a checkbox. */
    toggle?: boolean;
  }[];
}

/** What the defence dialog submits. Untrusted: validated by the ruleset. */
export interface ChoiceRequest {
  /** The pending option's id. */
  optionId: string;
  itemId: string | null;
  mode: string | null;
  aim: string | null;
  custom: CustomModifierInput[];
  /** The counts set, by `ChoiceOptionView.counts` id (absent: the option offers none). */
  counts?: Record<string, number>;
}

/** A world's optional rule, shown as a world setting. */
export interface OptionalRule {
  /** Key in the declaration's options (`killRoll`). */
  id: string;
  default: boolean;
  nameKey: string;
  hintKey: string;
  /** The rule this one is part of: it takes effect only while that rule is on. */
  parent?: string;
  /** The settings menu (`CombatRules.ruleMenus` id) that edits it; absent: the settings window. */
  menu?: string;
  /** The actors' derived figures read it (HârnMaster Gold encumbrance): a change reloads. */
  requiresReload?: boolean;
}

/** A settings menu that edits a set of a ruleset's optional rules (a long list, in one window). */
export interface OptionalRuleMenu {
  id: string;
  /** The menu's title and the name shown in the settings window. */
  nameKey: string;
  /** The button's label. */
  labelKey: string;
  hintKey: string;
}

/** The stored data of an injury item made from an injury effect. */
export interface InjuryItemData {
  /** Localisation key of the injury item's name, with `format` data (location, severity…). */
  nameKey: string;
  nameData: Record<string, string>;
  /** The item's `system` (ruleset block included). */
  system: Record<string, unknown>;
}

/** Where an exchange falls in the combat tracker, as the adapter reads it (GM side again). */
export interface ExchangeFight {
  /** The combat round (Foundry's `Combat#round`, 1 at the start); 0 outside a started combat. */
  round: number;
  /** The turn within the round (Foundry's `Combat#turn`); absent outside a started combat. */
  turn?: number;
  /**
   * What each side's combatant carries between exchanges for the ruleset (plain JSON by key,
   * a null value: none), as the tracker keeps it; absent: nothing carried (HM3: a HârnMaster Gold
   * Reaction Roll due next turn, the attacker's own one after a tactical advantage).
   */
  marks?: Partial<Record<"attacker" | "defender", Readonly<Record<string, unknown>>>>;
}

/** A declaration as built for a card, with the ruleset's own notes beside it. */
export interface DeclarationBuild {
  declaration: unknown;
  rules: Record<string, unknown>;
}

/**
 * The labels of a ruleset's itemised targets (localisation keys): by `Modifier.key` and by
 * `Target.baseKey`. A key a ruleset does not label is shown with a generic label, never raw.
 */
export interface TargetLabels {
  readonly modifiers: Readonly<Record<string, string>>;
  readonly bases: Readonly<Record<string, string>>;
}

export interface CombatRules {
  /** Optional rules of this ruleset (world settings); their values go into the declaration. */
  readonly optionalRules: readonly OptionalRule[];
  /** Settings menus for optional rules that name one (`OptionalRule.menu`); absent: none. */
  readonly ruleMenus?: readonly OptionalRuleMenu[];
  /** Labels of the modifiers and bases its targets itemise. */
  readonly labels: TargetLabels;
  /** What of the map it reads beyond distance, engagement and prone (absent: nothing). */
  readonly situation?: readonly SituationExtra[];
  /** Attack modifiers the user declares from a catalog (absent: none; the dialog hides it). */
  readonly catalog?: readonly CatalogRowOption[];
  /**
   * The catalog rows as the dialog offers them for an attack on `defender` (HM3: aimed melee at
   * a creature's own locations). Absent: `catalog` as it is.
   */
  catalogAt?(defender: FighterSnapshot | null): readonly CatalogRowOption[];
  /** Conditions that take a combatant out of the fight (marked defeated in the tracker). */
  readonly incapacitating: readonly ConditionId[];
  /**
   * The attacks a fighter's items allow, in sheet order. With `at` (the measured distance, the
   * scene's units when the ruleset reads them, and the world's optional rules) an attack the
   * distance rules out is unavailable (HM3 with HârnMaster Gold weapon reach); without it none is.
   * With `at.fight` (the combat's round and the combatants' marks) an attack a mark rules out is
   * unavailable too (HM3: the attacker's own Reaction Roll after a tactical advantage).
   */
  attackOptions(
    attacker: FighterSnapshot,
    defender: FighterSnapshot | null,
    at?: {
      distance: number | null;
      units?: string | null;
      options: Readonly<Record<string, boolean>>;
      fight?: ExchangeFight;
    },
  ): AttackOption[];
  /**
   * The range band a distance falls in (null: beyond the longest band); `units` are the
   * scene's, when the ruleset reads them (`situation` "units"; absent: its own).
   */
  bandFor(option: AttackOption, distance: number, units?: string | null): string | null;
  /**
   * The attack target for the dialog, itemised (prefilled and situational modifiers); `options`
   * are the world's optional rules, as `buildDeclaration` gets them (absent: the defaults).
   */
  attackTarget(
    attacker: FighterSnapshot,
    defender: FighterSnapshot,
    request: AttackRequest,
    options?: Readonly<Record<string, boolean>>,
  ): Target;
  /**
   * The raw declaration (plain JSON) for `Ruleset.parseDeclaration`, built from the fighters
   * as they are now and the request; `options` are the world's optional rules by id. `rules`
   * is what the ruleset needs later that the declaration does not carry (HM3: the missile's
   * velocity for the missile defences); the card stores both. `fight` is where the exchange
   * falls in the combat tracker (absent: outside one), for a ruleset whose rules count rounds
   * (hmzd: Setup and Action, Z21).
   */
  buildDeclaration(
    attacker: FighterSnapshot,
    defender: FighterSnapshot,
    request: AttackRequest,
    options: Readonly<Record<string, boolean>>,
    fight?: ExchangeFight,
  ): DeclarationBuild;
  /** The options of a pending choice, with the chooser's items and targets. */
  choiceOptions(
    pending: PendingChoice,
    exchange: DeclarationBuild,
    chooser: FighterSnapshot,
  ): ChoiceOptionView[];
  /** The raw choice (plain JSON) for `Ruleset.parseChoice`. */
  buildChoice(
    pending: PendingChoice,
    exchange: DeclarationBuild,
    chooser: FighterSnapshot,
    request: ChoiceRequest,
  ): unknown;
  /**
   * The injury item an injury effect makes on its victim; null when the ruleset keeps the wound
   * in its state block instead (GURPS Man to Man: HP and conditions, applied by the `state`
   * effect), so no item is made.
   */
  injuryItem(
    effect: Extract<Effect, { type: "injury" }>,
    victim: FighterSnapshot,
  ): InjuryItemData | null;
  /**
   * The item update for a `weaponDamaged` effect on the item that took it (the side's weapon
   * or shield): HM3 lowers WQ (ruling R31). Returns `{}` when nothing changes.
   */
  weaponDamage(
    effect: Extract<Effect, { type: "weaponDamaged" }>,
    item: FighterItem,
  ): Record<string, unknown>;
  /**
   * The actor update for a `tally` effect on its victim as it is now (HârnMaster Gold: an
   * object's damage written to its block); `{}` when nothing changes. Absent: tallies are
   * skipped.
   */
  tally?(
    effect: Extract<Effect, { type: "tally" }>,
    victim: FighterSnapshot,
  ): Record<string, unknown>;
  /** The combatant's initiative value (HM3: Initiative EML); higher acts first. */
  initiative(fighter: FighterSnapshot): number;
  /**
   * The tracker's initiative roll under the world's optional rules: `base` plus one die of
   * `sides` (HârnMaster Gold: INI + 1d100), or the constant `base` (`sides` null). Absent: the
   * constant `initiative(fighter)`.
   */
  initiativeRoll?(
    fighter: FighterSnapshot,
    options: Readonly<Record<string, boolean>>,
  ): { base: number; sides: number | null };
}
