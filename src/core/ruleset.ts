/**
 * The ruleset interface. Four very different combat systems implement it (see
 * docs/architecture.md): HM3 rolls both sides at once and reads a matrix; the zone-die routine
 * compares success levels, counts stars and lets the winner spend them; RQ3 rolls attack, then
 * parry or dodge; GURPS rolls to hit, then an active defence, then damage.
 *
 * The common shape is an exchange as a small state machine driven by choices:
 *
 *   declaration ──start──▶ state ──(pending choice? choose)*──▶ state with outcome
 *
 * `start` makes the rolls the ruleset makes before anyone must choose (GURPS: the attack roll;
 * HM3 and RQ3: none, both dice are rolled once the defence is declared). `pending` says who must
 * choose what next (a defence; the zone-die winner's star spending), or null when resolved.
 * `choose` validates a choice against the pending options and makes the rolls it leads to.
 * All of it is pure: same declaration, choices and dice give the same state.
 */
import type { Dice, RollRecord } from "./dice";
import type { BodyPlan } from "./body";
import type { Target } from "./modifiers";
import { InputError } from "./errors";

export type RulesetId = "hm3" | "hmzd" | "rq3" | "m2m";

export type Side = "attacker" | "defender";

/** An option a side may pick: a defence, a manoeuvre, a way to spend stars. */
export interface ChoiceOption {
  /** Stable id, sent back in the choice (`block`, `dodge`, `parry`…). */
  id: string;
  /** Localisation key of its name. */
  labelKey: string;
  /** Values formatted into the label (`{value}`…), when options share a key but not a label. */
  labelData?: Readonly<Record<string, string | number>>;
  /** Target number of the roll this option leads to, when the ruleset can tell in advance. */
  target?: Target;
  /** Why it is not available (a localisation key), when listed but disabled. */
  unavailableKey?: string;
  /** For options taken a number of times (zone-die stars): the most that may be taken. */
  max?: number;
}

/** Who must choose what before the exchange can go on. */
export interface PendingChoice {
  /** The side that chooses. The adapter maps it to the users who own that actor. */
  by: Side;
  /** `defence`, `spendStars`, … */
  kind: string;
  options: ChoiceOption[];
  /** What the chooser needs to see to choose (plain data: rolled values, stars to spend…). */
  data?: Record<string, unknown>;
  /**
   * The one option (an `options` id) the chooser can take, which the flow takes without a
   * prompt (an object can only Ignore: HârnMaster Gold brute force). Absent: the chooser is
   * prompted.
   */
  automatic?: string;
}

/** A choice as it was made, kept in the result so a stored exchange replays. */
export interface ChoiceRecord {
  by: Side;
  kind: string;
  value: unknown;
}

/**
 * Something that happens to a combatant as a result of an exchange. The adapter applies these
 * generically (injury item, status effect, weapon quality) without knowing the ruleset.
 */
export type Effect =
  | {
      type: "injury";
      to: Side;
      location: string;
      severityKey: string;
      level: number;
      data: Record<string, unknown>;
    }
  | {
      type: "condition";
      to: Side;
      condition: ConditionId;
      cause: string;
      /** The location it affects (a crippled limb). */
      location?: string;
      /** Its size (GURPS shock: the penalty to the next attack). */
      value?: number;
      /** How long it lasts (docs/architecture.md §5 item 5a); absent: until removed by hand. */
      until?: ConditionDuration;
    }
  | { type: "weaponDamaged"; to: Side; broken: boolean; cause: string }
  | { type: "tacticalAdvantage"; to: Side; cause: string }
  | {
      /**
       * A running total the ruleset keeps on the side's actor grows by `amount` (HârnMaster
       * Gold: an object's damage toward its Damage Factor). The adapter asks the ruleset's
       * `CombatRules.tally` for the actor update, read from the actor as it is when applied, so
       * two exchanges applied in either order both count. `data`: what else the ruleset keeps.
       */
      type: "tally";
      to: Side;
      tally: string;
      amount: number;
      cause: string;
      data?: Record<string, unknown>;
    }
  | {
      /**
       * The side's ruleset state block after the exchange (§5 item 6): computed from the block
       * the declaration carried at `basedOn`; the adapter stores it, and refuses (re-runs the
       * exchange) when the actor's block is no longer at that revision.
       */
      type: "state";
      to: Side;
      block: RulesetBlock;
      basedOn: number;
    };

/**
 * How long a condition lasts, counted in the bearer's own turns (docs/architecture.md §5 item
 * 5a): `nextTurn` ends when his next turn starts (GURPS lost balance); `endOfNextTurn` lasts
 * through his next turn (GURPS shock); `recovered` lasts until a roll or an action ends it
 * (stun, prone, unconscious); `encounter` until the fight is over (a crippled limb);
 * `permanent` never (death); `{turns: n}` ends at the end of his nth turn (funny-bone crippling).
 * A condition set during the bearer's own turn starts counting at his next turn.
 */
export type ConditionDuration =
  | "nextTurn"
  | "endOfNextTurn"
  | "recovered"
  | "encounter"
  | "permanent"
  | { turns: number };

/**
 * A ruleset's own state of one combatant, kept on the actor (or its combatant) between
 * exchanges as plain JSON: GURPS hp, the maneuver chosen, defences used, weapon readiness,
 * held conditions, feint margins. Opaque to the adapter; `revision` goes up by one with every
 * change so a stale exchange is refused (docs/architecture.md §5 item 6).
 */
export interface RulesetBlock {
  ruleset: RulesetId;
  revision: number;
  data: Record<string, unknown>;
}

/** Events outside an exchange a ruleset may act on (docs/architecture.md §5 item 8). */
export const TURN_EVENTS = ["turnStart", "turnEnd"] as const;
export type TurnEvent = (typeof TURN_EVENTS)[number];

/** One roll-based check a turn event made, for the chat card. */
export interface TurnCheck {
  /** Localisation key of what was checked (`BLOWBYBLOW.M2M.Turn.stunRecovery`). */
  key: string;
  /** The named roll. */
  roll: string;
  target: number;
  total: number;
  success: boolean;
}

/** What a turn event did to its bearer. Plain data; replays from `rolls`. */
export interface TurnOutcome {
  event: TurnEvent;
  /** Every roll made, in order. */
  rolls: RollRecord[];
  /** The checks those rolls decided. */
  checks: TurnCheck[];
  /** The bearer's block after the event (revision + 1). */
  block: RulesetBlock;
  /** Conditions that began and ended with the event (for the adapter's status effects). */
  set: ConditionId[];
  ended: ConditionId[];
  /** He may choose no maneuver this turn (stunned, unconscious, dead): the tracker passes him by. */
  actionless: boolean;
  /** Out of the fight (unconscious, dead): the tracker marks him defeated. */
  defeated: boolean;
}

/** A combatant as the tracker orders them: its id and the ruleset's block. */
export interface TurnOrderEntry {
  id: string;
  /** The figures the ruleset orders by (GURPS: `move`, `speed`, a tie-break `roll`). */
  figures: Record<string, number>;
}

/** A ruleset's hooks outside exchanges (docs/architecture.md §5 item 8). Pure. */
export interface TurnHooks {
  /** The turn order, first to act first. */
  order(entries: readonly TurnOrderEntry[]): string[];
  /** What the bearer's turn starting or ending does to him; rolls are named, so it replays. */
  onEvent(block: RulesetBlock, event: TurnEvent, dice: Dice): TurnOutcome;
}

/** Conditions every ruleset can put on a combatant; each ruleset uses a subset. */
export type ConditionId =
  | "shock"
  | "unconscious"
  | "stunned"
  | "prone"
  | "disarmed"
  | "dead"
  | "dying"
  | "bleeding"
  | "burning"
  | "shocked"
  | "offBalance"
  | "weaponUnready"
  | "shieldUnready"
  | "crippled"
  | "amputated";

/** The plain-data record every exchange result carries. */
export interface ExchangeRecord {
  ruleset: RulesetId;
  /** Every roll made, in order, so the exchange replays exactly from them. */
  rolls: RollRecord[];
  /** Every choice made, in order (with the declaration and the rolls, the exchange replays). */
  choices: ChoiceRecord[];
  /** What the adapter applies to the actors. */
  effects: Effect[];
}

/**
 * A ruleset. `Decl` is the validated attack declaration (with everything the ruleset needs of
 * both combatants), `Choice` a choice answering a pending prompt, `State` the exchange state
 * (plain data: it is stored in a chat message), `Result` the final result.
 */
export interface Ruleset<Decl, Choice, State, Result extends ExchangeRecord> {
  readonly id: RulesetId;
  /** The default (humanoid) body plan. */
  readonly bodyPlan: BodyPlan;
  /** Validates untrusted JSON (CLI file, chat-card data) into a declaration; errors name the field. */
  parseDeclaration(raw: unknown): Decl;
  /**
   * Validates a whole exchange as the CLI's `resolve` takes it (declaration and the answers to
   * every prompt in one JSON object), without `ruleset`, `rolls` and `seed`, which the CLI reads.
   */
  parseResolveInput(raw: Record<string, unknown>): { decl: Decl; answers: Answers };
  /** Validates an untrusted choice for the pending prompt; errors name the field. */
  parseChoice(state: State, raw: unknown): Choice;
  start(decl: Decl, dice: Dice): State;
  pending(state: State): PendingChoice | null;
  choose(state: State, choice: Choice, dice: Dice): State;
  /** The result once nothing is pending; throws while a choice is pending. */
  result(state: State): Result;
  /**
   * A character's derived figures (GURPS: Speed, Move, Dodge, Parry, Block, PD, DR, skill
   * levels) from untrusted JSON, validated with errors naming the field; plain data out. The
   * adapter calls it from `prepareDerivedData`. Absent where the ruleset has none yet.
   */
  deriveCharacter?(raw: unknown): unknown;
  /**
   * Whose dice a named roll is, as players share them at the table: a side's own tests, the
   * location and impact of its strikes, and the rolls its own body makes (shock, fumble,
   * stumble, kill when struck). In Foundry a chooser's client rolls only its own side's dice;
   * the active GM's client rolls the rest (docs/architecture.md §2.6). null, or absent: the
   * GM's client rolls it.
   */
  rollSide?(name: string): Side | null;
  /** Turn hooks (start- and end-of-turn rolls and expiries, order); absent: none. */
  readonly turns?: TurnHooks;
  /**
   * The answer a prompt left unanswered takes (docs/architecture.md §5 item 3's `autoChoice`:
   * hmzd spends every TA on Impact and keeps the first zone die); undefined, or absent: the
   * prompt must be answered.
   */
  defaultChoice?(state: State, pending: PendingChoice): unknown;
}

/** Answers to prompts, by prompt kind; a kind asked several times takes its answers in order. */
export type Answers = Readonly<Record<string, readonly unknown[]>>;

/**
 * Runs a whole exchange: start, then answer each pending prompt with the next answer of its
 * kind (or, when none is left, the ruleset's `defaultChoice`). Answers no prompt asked for are returned (a GURPS defence against an attack that
 * missed is not an error, but the caller may want to say so).
 */
export function runExchange<D, C, S, R extends ExchangeRecord>(
  ruleset: Ruleset<D, C, S, R>,
  decl: D,
  answers: Answers,
  dice: Dice,
): { result: R; unusedAnswers: string[] } {
  const used: Record<string, number> = {};
  let state = ruleset.start(decl, dice);
  for (let p = ruleset.pending(state); p; p = ruleset.pending(state)) {
    const n = used[p.kind] ?? 0;
    const list = answers[p.kind] ?? [];
    if (n >= list.length) {
      const fallback = ruleset.defaultChoice?.(state, p);
      if (fallback === undefined)
        throw new InputError(
          p.kind,
          list[n],
          `the exchange needs a ${p.kind} choice by the ${p.by}`,
        );
      state = ruleset.choose(state, ruleset.parseChoice(state, fallback), dice);
      continue;
    }
    used[p.kind] = n + 1;
    state = ruleset.choose(state, ruleset.parseChoice(state, list[n]), dice);
  }
  const unusedAnswers: string[] = [];
  // `Object.keys` (the object's cached key list) rather than `Object.entries`, which built the
  // pairs anew: half of this function's own time in the m2m exchange's profile (issue 17).
  const kinds = Object.keys(answers);
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[k]!;
    const list = answers[kind]!;
    for (let i = used[kind] ?? 0; i < list.length; i++)
      unusedAnswers.push(list.length > 1 ? `${kind}[${i}]` : kind);
  }
  return { result: ruleset.result(state), unusedAnswers };
}
