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
    }
  | { type: "weaponDamaged"; to: Side; broken: boolean; cause: string }
  | { type: "tacticalAdvantage"; to: Side; cause: string };

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
}

/** Answers to prompts, by prompt kind; a kind asked several times takes its answers in order. */
export type Answers = Readonly<Record<string, readonly unknown[]>>;

/**
 * Runs a whole exchange: start, then answer each pending prompt with the next answer of its
 * kind. Answers no prompt asked for are returned (a GURPS defence against an attack that
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
      throw new InputError(p.kind, list[n], `the exchange needs a ${p.kind} choice by the ${p.by}`);
    }
    used[p.kind] = n + 1;
    state = ruleset.choose(state, ruleset.parseChoice(state, list[n]), dice);
  }
  const unusedAnswers: string[] = [];
  for (const [kind, list] of Object.entries(answers)) {
    for (let i = used[kind] ?? 0; i < list.length; i++)
      unusedAnswers.push(list.length > 1 ? `${kind}[${i}]` : kind);
  }
  return { result: ruleset.result(state), unusedAnswers };
}
