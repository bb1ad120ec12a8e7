/**
 * What a ruleset contributes to the Foundry adapter (issue 16): the generic adapter
 * (src/foundry outside `rulesets/<id>/`) asks for these through the registry
 * (`rulesets/index.ts`) and never names a ruleset. A ruleset's folder (`rulesets/<id>/`)
 * implements them; adding a ruleset is a new folder and one line in the registry.
 *
 * This module is generic and imports no ruleset, so a ruleset's modules can import its types
 * without a cycle through the registry.
 */
import type { CombatRules, FighterSnapshot, OptionalRule } from "../../core/combat";
import type { Dice, RollRecord } from "../../core/dice";
import type { ExchangeCard } from "../../core/flow";
import type {
  ConditionId,
  ExchangeRecord,
  RulesetBlock,
  RulesetId,
  Side,
  TurnCheck,
  TurnHooks,
  TurnOutcome,
} from "../../core/ruleset";
import type { HeldCondition } from "../../core/turns";
import type { AnyRuleset } from "../../rules";
import type { LangText } from "../chat/text";
import type { Rule } from "../data/rule-kinds";
import type { ActorLike, UserLike } from "../combat/snapshot";

/** The document types that may carry a ruleset block (`Actor.character`, `Item.weapon`…). */
export type BlockTypeKey =
  | "Actor.character"
  | "Actor.creature"
  | "Item.weapon"
  | "Item.missile"
  | "Item.armour"
  | "Item.skill"
  | "Item.injury"
  | "Item.gear";
export type ActorTypeKey = Extract<BlockTypeKey, `Actor.${string}`>;

/** What a turn card shows of a turn event (`TurnOutcome` without the block and dice). */
export type TurnCardOutcome = Pick<
  TurnOutcome,
  "event" | "checks" | "set" | "ended" | "actionless" | "defeated"
> & {
  /** The conditions the fighter holds after the event, with their durations (fight store `held`). */
  held?: HeldCondition[];
};

/** Who is looking at a card (for the card's view model): computed on each client as it renders. */
export interface CardViewer {
  userId: string;
  isGM: boolean;
  owns: Record<Side, boolean>;
  gmOnline: boolean;
  showDefenceTargets: boolean;
}

/** An embedded item as a derivation reads it. */
export interface ItemLike {
  id: string | null;
  type: string;
  name: string;
  system: unknown;
}

/** The locations of a body plan an item may name (armour: bare and sided; injuries: sided). */
export interface PlanContext {
  /** Plan name, or a localisation key. */
  name: string;
  /** Ids armour may cover: bare and sided. */
  armourIds: readonly string[];
  /** Ids an injury may sit on: sided for paired locations. */
  injuryIds: readonly string[];
  /**
   * The ruleset whose locations these are; absent: any. A field of another ruleset's block is
   * checked against that ruleset's human plan instead (`planForPath`, data/validate.ts).
   */
  ruleset?: string;
}

/** A plan-level problem of a stored block (paths inside the block); `key` is a lang key. */
export interface BlockProblem {
  /** Path inside the block (`bodyPlan.locations.0.aim`). */
  field: string;
  value: unknown;
  key: string;
  params: Record<string, string | number>;
}

/**
 * A form field a ruleset reads itself rather than by its stored rule (HM3: an injury's code
 * `S2` sets severity and level). `parse` throws when the value is refused; `expand` gives the
 * stored fields (paths inside the block) the accepted value is written to, absent: the field
 * itself.
 */
export interface InputShortcut {
  type: BlockTypeKey;
  /** Path inside the block (`code`, `bodyPlan.locations.3.injury.2`). */
  path: RegExp;
  /** Only string values take the shortcut (others go through the field's rule). */
  stringsOnly?: boolean;
  /** Label key of the field when it is not a stored field; absent: the stored field's label. */
  label?: string;
  /** Message key when `parse` refuses the value. */
  refusedKey: string;
  parse(value: unknown, field: string): unknown;
  expand?(value: unknown): Record<string, unknown>;
}

/** A pure migration of one document's `system` (see src/foundry/migrations/index.ts). */
export interface RulesetMigration {
  version: number;
  name: string;
  migrate: (type: string, system: Record<string, unknown>) => Record<string, unknown>;
  /** Reads a value's meaning: runs on whole stored sources of this ruleset's block only. */
  wholeOnly?: boolean;
}

/** The data side of a ruleset: its `system.<id>` block on every type that has one. */
export interface RulesetData {
  /** Builds the block's fields per type (called inside `defineSchema`: Foundry globals). */
  blocks: Partial<Record<BlockTypeKey, () => foundry.data.fields.SchemaField.Any>>;
  /** Every stored leaf of the block per type, by path inside the block (`*`: an array index). */
  rules: Partial<Record<BlockTypeKey, Readonly<Record<string, Rule>>>>;
  /** The block's LOCALIZATION_PREFIXES entry per type (`<prefix>.FIELDS.<id>.<path>.label`). */
  prefixes: Partial<Record<BlockTypeKey, string>>;
  /** Label key of each labelled field per type, by `system` path (generated: npm run template). */
  labels: Partial<Record<BlockTypeKey, Readonly<Record<string, string>>>>;
  /** The top-level fields of the block a whole stored source carries, per type. */
  blockFields: Partial<Record<BlockTypeKey, readonly string[]>>;
  /** Nullable containers (a creature's `bodyPlan`): null is stored whole, not leaf by leaf. */
  nullable: Partial<Record<BlockTypeKey, readonly string[]>>;
  /** The migrations of the block (numbered in the system's one sequence of schema versions). */
  migrations: readonly RulesetMigration[];
  /** Form fields read by the ruleset itself. */
  shortcuts: readonly InputShortcut[];
  /** The human plan's locations (the default for an actor without a plan of its own). */
  humanPlan: PlanContext;
  /** An actor's own plan from its block, or undefined for the human plan. */
  ownPlan(type: string, block: unknown): PlanContext | undefined;
  /**
   * Problems of a stored block beyond its field rules (an actor's plan: uniqueness, sums…; an
   * item's fields that span each other), for a block whose fields passed their rules.
   */
  blockProblems(type: BlockTypeKey, block: Record<string, unknown>): BlockProblem[];
}

/** A ruleset whose exchanges run in Foundry: its combat rules are there. */
export type FightingRuleset<Derived = unknown> = FoundryRuleset<Derived> &
  Required<Pick<FoundryRuleset<Derived>, "combat">>;

/** A fighting ruleset whose exchange card can be shown: its card is there too. */
export type CardRuleset<Derived = unknown> = FightingRuleset<Derived> &
  Required<Pick<FoundryRuleset<Derived>, "card">>;

/** How the ruleset derives an actor's figures (pure: plain data in, plain data out). */
export interface RulesetDerivation<Derived = unknown> {
  /**
   * The core's derivation of an actor from its stored `system` and items; throws an
   * `InputError` (src/core/errors.ts) naming the derivation's own field for a value it refuses.
   * `options`: the optional rules by id the derivation is to read (the CLI's, a duel's); absent:
   * the world's settings in Foundry, none outside it.
   */
  actor(
    system: Record<string, unknown>,
    items: readonly ItemLike[],
    options?: Readonly<Record<string, boolean>>,
  ): Derived;
  /**
   * The `system` path (`hm3.attributes.str`) of a field an `InputError` of the derivation names
   * (`attributes.str`); "" stays "".
   */
  fieldPath(field: string): string;
}

/**
 * The ruleset's sheets (ApplicationV2 classes: they need Foundry's globals when their module
 * loads, so they are listed apart, in the sheet registry `rulesets/sheets.ts`).
 */
export interface RulesetSheets {
  /**
   * Registers the ruleset's actor and item sheet classes with `DocumentSheetConfig` (at init);
   * `makeDefault`: the world's ruleset, whose sheets open by default.
   */
  register(makeDefault: boolean): void;
  /** The Handlebars partials its sheets include (loaded at init). */
  partials: readonly string[];
}

/**
 * Where a ruleset keeps a fighter's state block (`RulesetBlock`, docs/architecture.md §2.4a)
 * on the actor between exchanges and turns (issue 17; GURPS Man to Man: `system.m2m.fight`).
 * Pure: it reads snapshots and returns the actor updates to make.
 */
export interface RulesetFightStore {
  /**
   * The fighter's block as it is now, or null when no fight has started for it. What the sheet
   * shows of the block (GURPS: HP) is read from the sheet, and a sheet edit counts as a
   * revision (so an exchange declared before it is refused when applied). Throws an
   * `InputError` naming the field for a stored block the ruleset refuses.
   */
  read(fighter: FighterSnapshot): RulesetBlock | null;
  /** A fresh block for a fighter entering a fight, from its derived figures and sheet. */
  seed(fighter: FighterSnapshot): RulesetBlock;
  /**
   * The actor update (`Actor#update` changes) that stores `block` and what the sheet shows of
   * it (GURPS: HP), so the two stay one value.
   */
  write(block: RulesetBlock): Record<string, unknown>;
  /**
   * The actor update that ends the fight (the block gone), with what outlasts the fight written
   * back to the sheet from `block`, the fighter's block as the fight left it (null: none, or one
   * the ruleset refused).
   */
  clear(fighter?: FighterSnapshot, block?: RulesetBlock | null): Record<string, unknown>;
  /** The conditions the block holds, for the actor's status effects to mirror. */
  conditions(block: RulesetBlock): ConditionId[];
  /** The conditions of the block that end with the fight: their statuses go when it is cleared. */
  endingWithFight(block: RulesetBlock): ConditionId[];
  /**
   * The conditions the block holds with their durations, and what each is called ("Shock −3",
   * "Crippled left arm"), for the token HUD's status tooltips and the turn card (chat/held.ts
   * says how long each lasts). Absent: only the statuses' names are shown.
   */
  held?(block: RulesetBlock): HeldCondition[];
  heldLabel?(held: HeldCondition): LangText;
}

export interface FoundryRuleset<Derived = unknown> {
  id: RulesetId;
  ruleset: AnyRuleset;
  /**
   * How a tactical advantage claimed from a card is counted in the tracker (tracker.ts
   * `gainAdvantage`): `turn` (the default; HM3: one per character turn, on the combatant whose
   * turn it is) or `round` (hmzd's Action TA, Z6, Z37: once a round for the fighter who took
   * it, on his own combatant, whoever's turn it is).
   */
  advantageScope?: "turn" | "round";
  /**
   * Actions of its own a macro runs through `game.blowByBlow.rulesetAction(name, args)` (HM3:
   * `disengage`, a HârnMaster Gold option); absent: none.
   */
  actions?: Readonly<Record<string, (args: { actorUuid: string }) => Promise<unknown>>>;
  /**
   * Buttons for its actions where a player looks for them (the token HUD's left column, beside
   * Attack): each runs `actions[action]` for the token's actor; `shown` says whether the world
   * offers it now (HM3's Disengage: the HârnMaster Gold option on). Absent: none.
   */
  actionButtons?: readonly RulesetActionButton[];
  /**
   * GM-side steps its own chat cards ask for through the generic query `blow-by-blow.ruleset`
   * (`{step, …}`), run on the active GM's client as the user who asks; each checks that user's
   * permissions itself and throws a refusal (CombatError, FlowError, InputError). Absent: none.
   */
  steps?: Readonly<
    Record<string, (user: UserLike, data: Record<string, unknown>) => Promise<unknown>>
  >;
  /**
   * Called on `renderChatMessageHTML` for every message that is not an exchange card: the
   * ruleset draws or wires its own cards (those its flags mark) and leaves the others alone.
   */
  renderChatMessage?(message: { id: string | null; flags?: unknown }, html: HTMLElement): void;
  /**
   * Its pure combat functions; absent: the ruleset cannot fight in Foundry yet (its documents,
   * sheets and derived figures work; the combat flow refuses it by name, `fightingRuleset`).
   */
  combat?: CombatRules;
  /**
   * The ruleset's card partial (a template path) and its pure view-model builder; absent with
   * `combat`. A ruleset with `turns` gives its turn card here too (`turnTemplate`, a whole
   * template, and `turnContext`), which the tracker posts after a turn event that rolled or
   * left the fighter unable to act; absent: no turn card.
   */
  card?: {
    resultTemplate: string;
    resultContext(card: ExchangeCard, viewer: CardViewer): Record<string, unknown>;
    turnTemplate?: string;
    /** The turn card for one viewer; `owns`: whether the viewer owns the fighter. */
    turnContext?(outcome: TurnCardOutcome, name: string, viewer: CardViewer, owns: boolean): object;
  };
  /**
   * Where the ruleset leaves amputation to the GM (HM3, ruling R30): the side that strike
   * `strike` of a result struck and that an amputation may now befall, or null when that strike
   * calls for no amputation decision. Absent: the ruleset has no such decision.
   */
  amputationVictim?(result: ExchangeRecord, strike: number): Side | null;
  /**
   * The lang key of each roll name the ruleset's exchanges make (`RollRecord.name`), for the
   * card's list of dice and who rolled them. A roll without one is shown as "another roll",
   * never by its raw name.
   */
  rollLabels: Readonly<Record<string, string>>;
  /** Where its fighters' state blocks are kept; absent: the ruleset keeps none (HM3). */
  fight?: RulesetFightStore;
  /** Its `system.<id>` blocks: schema, rules, labels, migrations, validation. */
  data: RulesetData;
  /** Its actors' derived figures. */
  derive: RulesetDerivation<Derived>;
  /**
   * Its turns in the combat tracker (issue 17): the order, the start- and end-of-turn events and
   * the maneuver chosen at the start of a turn. Absent: Foundry's own order by initiative, no
   * turn events (HM3).
   */
  turns?: RulesetTurns;
  /**
   * What the ruleset does as a tracker round starts, on the active GM's client, after the
   * fighters' blocks are seeded (HM3: HârnMaster Gold's fatigue per minute of combat). Absent:
   * nothing.
   */
  roundStart?(combat: unknown, round: number): Promise<unknown>;
  /**
   * What the ruleset does as a combatant's turn starts or ends in the tracker, on the active
   * GM's client (HM3: the carried Gold state lapses). Absent: nothing.
   */
  turnEvent?(combat: unknown, combatant: unknown, event: "turnStart" | "turnEnd"): Promise<unknown>;
  /** What the ruleset does when a combat is deleted, on the active GM's client. */
  combatEnded?(combat: unknown): Promise<unknown>;
  /**
   * More under a combatant's name in the tracker (`markup`, escaped HTML; "" for nothing), and
   * what its controls marked `data-bbb-tracker-action="<id>"` do when clicked (`action`).
   */
  tracker?: {
    markup(combat: unknown, combatant: unknown, isGM: boolean): string;
    action(id: string, combat: unknown, combatant: unknown): Promise<unknown>;
  };
  /**
   * What the ruleset does on the active GM's client as an exchange card resolves (before any
   * apply; every way a card resolves comes through here once), with the replayed result and the
   * card's message (HM3: the HârnMaster Gold state and Reaction Rolls the fighters carry to their
   * next exchanges, an actor flag and combatant marks, tracker.ts `setMark`); `tools` reads the
   * card's actors only when called. Absent: nothing.
   */
  resolved?(
    card: ExchangeCard,
    result: ExchangeRecord,
    tools: () => Promise<RulesetStepTools>,
    message: unknown,
  ): Promise<unknown>;
  /**
   * What the ruleset does on the active GM's client once a side's tactical advantage is claimed
   * from a card (HM3: the HârnMaster Gold Reaction Roll of the side that took it). Absent: nothing.
   */
  advantageClaimed?(card: ExchangeCard, side: Side, tools: RulesetStepTools): Promise<unknown>;
}

/**
 * What the flow hands a ruleset's GM-side steps (`resolved`, `advantageClaimed`), so a ruleset
 * folder need not import the flow's modules (which import the ruleset registry).
 */
export interface RulesetStepTools {
  /** The card's fighters' actors (a token's synthetic actor for an unlinked token). */
  actors: Record<Side, ActorLike>;
  /** The round of the started combat they fight in now; 0 outside one. */
  round: number;
  /** The turn within that round; absent outside a started combat. */
  turn?: number;
  /** Sets (null: clears) a mark on the actor's combatant; false when it fights in no combat. */
  setMark(actorUuid: string, key: string, value: unknown): Promise<boolean>;
}

/** A ruleset action's button (`FoundryRuleset.actionButtons`). */
export interface RulesetActionButton {
  /** The key in `actions`. */
  action: string;
  /** Lang key of its tooltip and label. */
  labelKey: string;
  /** Font Awesome classes of its icon. */
  icon: string;
  /** Whether the world offers the action now (read at each render). */
  shown(): boolean;
}

/** One maneuver a fighter may choose, as the maneuver dialog lists it. */
export interface ManeuverOption {
  id: string;
  /** Lang key of its name. */
  labelKey: string;
  /**
   * What else the choice names: the weapon readied, the position taken, a foe (a feint's), a
   * weapon and a foe (Aim's), one of the maneuver's `variants`, or nothing.
   */
  needs: "weapon" | "posture" | "foe" | "weapon-foe" | "variant" | null;
  /** The maneuver's options (GURPS All-Out Attack's); `needsFoe`: that option names a foe too. */
  variants?: readonly { id: string; labelKey: string; needsFoe: boolean }[];
  /** Lang key of why it cannot be chosen now (GURPS: a maneuver close combat rules out); absent: it can. */
  unavailableKey?: string;
}

/**
 * What a maneuver rolled as it was chosen (GURPS: a feint's quick contest): the block after it,
 * the named rolls, the checks they decided, and a sentence for the chat card.
 */
export interface ManeuverRolled {
  block: RulesetBlock;
  rolls: RollRecord[];
  checks: TurnCheck[];
  summary: { key: string; data: Record<string, string> };
}

/** What the sheet and the tracker show of a fighter's block: his maneuver and his weapons' state. */
export interface ManeuverView {
  /** Lang key of the maneuver chosen this turn or last, or null when none governs him. */
  maneuverKey: string | null;
  /** Lang key of his posture. */
  postureKey: string;
  /** Each weapon not ready: its id and the lang key of why (with `turns` still to ready it). */
  unready: { id: string; key: string; turns: number }[];
}

/**
 * A ruleset's turns in the combat tracker (issue 17; docs/architecture.md §6 steps 4 and 5).
 * The tracker orders combatants with `hooks.order` from each combatant's `figures` (fixed when
 * it rolls its `tieBreak` die, stored on the combatant) and the die; the active GM's client runs
 * `hooks.onEvent` as a turn starts and ends (the block read and written through the ruleset's
 * `fight` store); at the start of his turn the owner picks one of `maneuvers.list`, which the
 * GM's client applies with `maneuvers.choose`.
 */
export interface RulesetTurns {
  /** The core's turn hooks: the order and the turn events. */
  hooks: TurnHooks;
  /**
   * The die each combatant rolls once, as its initiative (a Foundry formula, `1d6`), and its
   * name among the order's figures (`roll`): the order's last tie-break.
   */
  tieBreak: { formula: string; figure: string };
  /** The order's other figures of a fighter (GURPS: `move`, `speed`); null: none can be derived. */
  figures(fighter: FighterSnapshot): Record<string, number> | null;
  /** Lang key of each figure, for the tracker (`move`, `speed`, the die). */
  figureLabels: Readonly<Record<string, string>>;
  /** World options of the turns (GURPS: the Advanced maneuvers), as settings. */
  optionalRules: readonly OptionalRule[];
  /**
   * A round passed in which the fighter's turn did not end in the tracker (Foundry skipped him
   * as defeated): what that turn's game time does to his block (hmzd: ten seconds of
   * `passTime`, UNC's re-roll after ten minutes, Z15, Z36), as a `turnEnd` outcome. Absent:
   * nothing happens to a skipped fighter.
   */
  skippedTurn?(block: RulesetBlock, dice: Dice): TurnOutcome;
  maneuvers: {
    /** The maneuvers offered with the world's options (by rule id). */
    list(options: Readonly<Record<string, boolean>>, block?: RulesetBlock | null): ManeuverOption[];
    /** The positions Change Position may take, with their lang keys. */
    postures: readonly { id: string; labelKey: string }[];
    /** The weapons Ready may name (item id and name: user text). */
    weapons(fighter: FighterSnapshot): { id: string; name: string }[];
    /**
     * The block with the choice made (revision + 1); throws an `InputError` naming the field for
     * a choice the rules refuse (a second maneuver in a turn, a stunned fighter, a bad weapon…).
     */
    choose(
      fighter: FighterSnapshot,
      block: RulesetBlock,
      choice: unknown,
      options: Readonly<Record<string, boolean>>,
    ): RulesetBlock;
    /** What the sheet shows of the block. */
    view(block: RulesetBlock): ManeuverView;
    /**
     * Rolls what the chosen maneuver rolls at once (a feint against `foe`, the fighter the
     * choice names, with his stable id), on the GM's client with named `dice`; null when the
     * maneuver rolls nothing.
     */
    rolled?(
      fighter: FighterSnapshot,
      block: RulesetBlock,
      choice: unknown,
      foe: FighterSnapshot | null,
      dice: Dice,
    ): ManeuverRolled | null;
  };
}
