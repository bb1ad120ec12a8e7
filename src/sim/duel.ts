/**
 * Duels: two fighters (Foundry Actor documents, e.g. the sample fighters pack) fight to
 * incapacitation or death, each exchange through the same pure flow and combat rules the
 * Foundry adapter uses, and its consequences applied to the fighters as the adapter applies
 * them (its own planner, `planEffects`): injury items (which raise the victim's penalties for
 * the next exchange), conditions, weapon quality lost. Pure: dice are injected; no Foundry, no
 * DOM.
 *
 * How a duel goes (docs/duel.md; rulings R39, R40):
 * - Order: higher Initiative EML first (hm3.md §2), ties to side A; with the HârnMaster Gold
 *   option `initiative` (seed 000 lines 149-154, G60-G62) each round's order is rolled anew at
 *   its start (INI + 1d100, or the quick Initiative SI + 1d10; rolls `initiative.a`,
 *   `initiative.b`, recorded in `DuelResult.initiative`). Each round each fighter
 *   still in the fight takes one turn: it attacks the other with its policy's attack
 *   (src/sim/policy.ts), and the other defends with its policy's defence.
 * - A disarmed fighter drops the item it used in that exchange (its weapon or shield): it is
 *   out of hand (unequipped) until the fighter recovers it, so it neither strikes nor blocks.
 * - A fighter who is prone spends its turn getting up; one who is disarmed spends it
 *   recovering what it dropped (the condition goes, the item is in hand again, no attack). The
 *   turn is a step of its own (`DuelRecovery`), so a step-by-step view can say so. A tactical
 *   advantage won by a prone or disarmed fighter is spent the same way.
 * - A tactical advantage gives its side one extra attack at once, at most one per turn
 *   (hm3.md §2); then the next turn comes.
 * - A fighter with an incapacitating condition (the ruleset's: shock, unconscious, dead) is out;
 *   the other wins. Both out in one exchange (a counterstrike): no winner. After `maxRounds`
 *   rounds (default 100) the duel ends undecided.
 */
import type { AttackRequest, ChoiceRequest, FighterSnapshot } from "../core/combat";
import { copy } from "../core/data";
import type { Dice, RollRecord } from "../core/dice";
import { SeededDice } from "../core/dice";
import { declareExchange, replayExchange, type ExchangeCard, type FlowChoice } from "../core/flow";
import { InputError } from "../core/errors";
import type { Effect, Side } from "../core/ruleset";
import { planEffects, type Operation, type SideTarget } from "../foundry/combat/apply";
import { fighterFromSource } from "../foundry/combat/source-fighter";
import { hm3, hm3Combat, readExchange } from "../rules/hm3";
import { bestAttack, bestDefence, checkPolicy } from "./policy";
import { fitsFastDuel, prepareFastDuels, runFastDuel, type FastDuels } from "./hm3-fast-duel";
import { fastDuelRules, readHm3Rules } from "./duel-options";
import { goldOn } from "../rules/hm3/gold/options";
import { derivationGoldOptions } from "../rules/hm3/gold/derive-options";
import { minuteEndsAt } from "../rules/hm3/gold/turns-encumbrance";
import { goldTurnOrder, initiativeRoll, rollInitiative } from "../rules/hm3/gold/turns-initiative";
import { countDuels } from "./duel-stats";
import { formatWith, localizerOf, type Localize } from "../foundry/sheets/common";
import { locationLabel } from "../foundry/rulesets/hm3/sheets/locations";
import { HUMAN_PLAN_ID } from "../rules/hm3/body-plan";
import type { Hm3Derived } from "../rules/hm3/character-types";
import en from "../../lang/en.json";

type Obj = Record<string, unknown>;

/** A fighter as Foundry stores it: an Actor document (`{name, type, system, items}`). */
export interface ActorSource {
  name: string;
  type: string;
  system: Record<string, unknown>;
  items: { _id: string; type: string; name: string; system: Record<string, unknown> }[];
}

/**
 * How a fighter fights (src/sim/policy.ts, docs/duel.md). Checked when the duel is made; what
 * it fixes but an exchange does not allow (the item not ready, Block against nothing to block
 * with) falls back to the best the fighter can do.
 */
export interface DuelPolicy {
  /** Item id to attack with (default: the attack option with the highest target). */
  itemId?: string | null;
  /** Aspect (default: the aspect of the highest target, then the highest impact). */
  mode?: string | null;
  /** Where attacks (and counterstrikes) are aimed; default "mid". */
  aim?: "high" | "mid" | "low";
  /** Defence: "block", "counterstrike", "dodge", "ignore", or "best" (the default: highest target). */
  defence?: string;
}

export interface DuelSide {
  actor: ActorSource;
  policy?: DuelPolicy;
  /** Conditions the fighter starts with (status ids, e.g. "prone"); default none. */
  conditions?: string[];
}

export type SideKey = "a" | "b";

export interface DuelExchange {
  kind: "exchange";
  round: number;
  attacker: SideKey;
  /** The exchange as the flow makes it: state "resolved", with its result. */
  card: ExchangeCard;
}

/** A turn spent getting up or recovering a dropped item (R39): no exchange. */
export interface DuelRecovery {
  kind: "recovery";
  round: number;
  side: SideKey;
  /** The conditions it ended: "prone", "disarmed" or both. */
  conditions: string[];
  /** The items picked up again (names), in the order they were dropped. */
  items: string[];
}

/** One step of a duel: an exchange, or a turn spent recovering. */
export type DuelTurn = DuelExchange | DuelRecovery;

export interface DuelInjury {
  side: SideKey;
  location: string;
  severity: string;
  level: number;
}

export interface DuelResult {
  winner: SideKey | null;
  rounds: number;
  end: "incapacitated" | "dead" | "maxRounds" | "both";
  injuries: DuelInjury[];
  exchanges: DuelExchange[];
  /** Each round's rolled order (the Gold option `initiative`); absent without it. */
  initiative?: DuelInitiative[];
}

/** A round's Gold initiative (seed 000 line 151): each side's total and die, and who went first. */
export interface DuelInitiative {
  round: number;
  a: { total: number; die: number | null };
  b: { total: number; die: number | null };
  first: SideKey;
}

interface Fighter {
  /**
   * The fighter's actor for this duel: its own item list, the items shared with the actor given
   * until one is changed (`ownItem` copies it first), so a duel copies only what it changes.
   */
  actor: ActorSource;
  /** Ids of the items that are this duel's own (copied before a change, or made in it). */
  owned: Set<string>;
  /** What the duel changed of the actor given, in order (the key of its derived states). */
  changes: string;
  /** The fighter's derived states (`snapshotOf`), shared by the duels of the same actor. */
  derived: Derived;
  conditions: string[];
  /**
   * The optional rules its derivation reads (`derivationGoldOptions`: Gold encumbrance &
   * fatigue, the Kamtóla skill base; G90), as the Foundry world's derivation reads them.
   */
  deriveWith: Record<string, boolean>;
  policy: DuelPolicy;
  /** The snapshot as of the last change (derived once per change, not per exchange). */
  snap: FighterSnapshot | null;
  /** Ids of the items it dropped when disarmed (unequipped until it recovers them). */
  dropped: string[];
}

/** What a user picks for one exchange (the workbench); the policy decides what is not given. */
export interface ExchangeChoice {
  attack?: AttackRequest | null;
  defence?: ChoiceRequest | null;
}

export interface Duel {
  readonly sides: Record<SideKey, { name: string; actor: ActorSource; conditions: string[] }>;
  readonly done: boolean;
  /** One exchange with `by` attacking now, outside the turn order (the workbench's Roll). */
  attack(by: SideKey, dice: Dice, choice?: ExchangeChoice): DuelExchange | null;
  /** A side's fighter as it is now (figures re-derived after its injuries). */
  snapshot(side: SideKey): FighterSnapshot;
  /**
   * Runs the next turn: one exchange, or a turn spent getting up or recovering a dropped item;
   * null when the duel is over.
   */
  next(dice: Dice): DuelTurn | null;
  result(): DuelResult;
}

const OTHER: Record<SideKey, SideKey> = { a: "b", b: "a" };

/** The dice of one exchange, recorded by name as the flow stores them. */
function recording(dice: Dice): { dice: Dice; rolls: RollRecord[] } {
  const rolls: RollRecord[] = [];
  return {
    rolls,
    dice: {
      roll(name: string, count: number, sides: number): number[] {
        const values = dice.roll(name, count, sides);
        rolls.push({ name, count, sides, values, total: values.reduce((t, v) => t + v, 0) });
        return values;
      },
    },
  };
}

/**
 * A fighter's snapshots by what the duel changed of its actor (`Fighter.changes`) and its
 * conditions: the snapshot is a function of the actor given and these, so duels of the same
 * fighters derive each state once (most duels go through the same first injuries). Snapshots are
 * never changed (a change makes a new one), so they are shared.
 */
type Derived = Map<string, FighterSnapshot>;

/**
 * An exchange as the policies make it, before any roll (`startDuel`'s `makePlan`): a function of
 * the two fighters' states, their policies and the rules, so duels without cards keep it per
 * pair of snapshots (`PLANS`) and share it. Never changed once made (the first choice is set
 * once).
 */
interface Plan {
  request: AttackRequest;
  build: ReturnType<typeof hm3Combat.buildDeclaration>;
  read: ReturnType<typeof readExchange>;
  /** The first choice (the defence) as the policy makes it, once made. */
  first: { request: ChoiceRequest; value: unknown } | null;
}

/** Plans by the attacker's snapshot, the defender's, then the policies' and rules' key. */
const PLANS = new WeakMap<FighterSnapshot, WeakMap<FighterSnapshot, Map<string, Plan>>>();

/** States kept per fighter before the map starts again (a bound on memory, not a figure). */
const DERIVED_MAX = 4096;

/**
 * The derived states of each actor given to `createDuel`/`runDuel`, kept while its JSON stays
 * the same (an actor changed in place between duels starts a new map).
 */
const DERIVED = new WeakMap<object, { json: string; states: Derived }>();

function derivedOf(actor: unknown): Derived {
  if (actor === null || typeof actor !== "object") return new Map();
  const json = JSON.stringify(actor);
  let entry = DERIVED.get(actor);
  if (!entry || entry.json !== json) DERIVED.set(actor, (entry = { json, states: new Map() }));
  return entry.states;
}

function snapshotOf(f: Fighter): FighterSnapshot {
  if (f.snap) return f.snap;
  const key = `${JSON.stringify(f.deriveWith)}|${[...f.conditions].sort().join(",")}|${f.changes}`;
  let snap = f.derived.get(key);
  if (!snap) {
    snap = fighterFromSource(f.actor, f.conditions, undefined, f.deriveWith);
    if (f.derived.size >= DERIVED_MAX) f.derived.clear();
    f.derived.set(key, snap);
  }
  f.snap = snap;
  return snap;
}

/**
 * Sets a fighter's conditions. The derived figures do not read conditions (deriveActor takes
 * the actor's system and items), so the snapshot keeps them and takes the new list.
 */
function setConditions(f: Fighter, conditions: string[]): void {
  f.conditions = conditions;
  if (f.snap) f.snap = { ...f.snap, conditions: [...conditions].sort() };
}

/**
 * A disarmed character's item used in the exchange leaves its hand (unequipped) until it is
 * recovered. A creature's weapons are its body (bite, claw): nothing leaves.
 */
function drop(f: Fighter, itemId: string | null): void {
  if (f.actor.type === "creature") return;
  if (!itemId || f.dropped.includes(itemId)) return;
  const item = ownItem(f, itemId);
  if (!item) return;
  (item.system as { equipped?: boolean }).equipped = false;
  f.dropped.push(item._id);
  f.changes += `-${item._id}`;
  f.snap = null;
}

/** The fighter's item `id`, made its own (copied) first: the duel's changes stay in the duel. */
function ownItem(f: Fighter, id: string): ActorSource["items"][number] | undefined {
  const items = f.actor.items;
  const i = items.findIndex((item) => item._id === id);
  if (i < 0) return undefined;
  if (!f.owned.has(id)) {
    items[i] = copy(items[i]!);
    f.owned.add(id);
  }
  return items[i];
}

/**
 * A minute of fighting (HârnMaster Gold, 000:109; G66, G92): the fighter's Fatigue Rate, as its
 * derivation gives it, added to its fatigue (`system.hm3.fatigue`, part of UP and PP), as the
 * Foundry tracker adds it as rounds 7, 13, 19… start (src/foundry/rulesets/hm3/gold-fatigue.ts).
 */
function addMinuteFatigue(f: Fighter): void {
  const rate = (snapshotOf(f).derived as Partial<Hm3Derived>).goldEncumbrance?.fatigueRate;
  const system = f.actor.system as { hm3?: { fatigue?: unknown } };
  if (typeof rate !== "number" || typeof system.hm3?.fatigue !== "number") return;
  // The duel's own copy of the system data: the actor given stays as it was.
  const own = copy(f.actor.system) as { hm3: { fatigue: number } };
  own.hm3.fatigue += rate;
  f.actor = { ...f.actor, system: own as unknown as ActorSource["system"] };
  f.changes += `+f${rate}`;
  f.snap = null;
}

/** Whether a fighter is out of the fight, and how. */
function outcome(f: Fighter): "dead" | "incapacitated" | null {
  if (f.conditions.includes("dead")) return "dead";
  return hm3Combat.incapacitating.some((c) => f.conditions.includes(c)) ? "incapacitated" : null;
}

/** The injury item's name when no localiser is given: "S2 thorax". */
function plainName(_key: string, data: Record<string, string>): string {
  return [data.code, data.location].filter(Boolean).join(" ");
}

/**
 * Applies an exchange's effects to the fighters as the Foundry adapter does: the adapter's own
 * pure planner (`planEffects`, apply.ts) turns them into document operations, run here on the
 * in-memory actors (an injury item created, a status set, an item updated; no combatant to
 * mark defeated). `serial` numbers the injury items' ids, per duel.
 */
function applyEffects(
  effects: readonly Effect[],
  bySide: Record<Side, Fighter>,
  snapshots: Record<Side, FighterSnapshot>,
  itemUsed: Record<Side, string | null>,
  localize: (key: string, data: Record<string, string>) => string,
  serial: () => string,
): void {
  const target = (side: Side): SideTarget => ({
    actorUuid: side,
    snapshot: snapshots[side],
    itemId: itemUsed[side],
    combatantId: null,
  });
  const plan = planEffects(
    effects,
    { attacker: target("attacker"), defender: target("defender") },
    hm3Combat,
    localize,
  );
  for (const op of plan.operations) runOperation(op, bySide[op.side], serial);
}

function runOperation(op: Operation, fighter: Fighter, serial: () => string): void {
  switch (op.op) {
    case "createItem": {
      fighter.snap = null;
      const id = serial();
      const item = {
        _id: id,
        type: op.data.type,
        name: op.data.name,
        system: copy(op.data.system),
      };
      fighter.owned.add(id);
      fighter.actor.items.push(item);
      fighter.changes += `+${JSON.stringify(item)}`;
      return;
    }
    case "status":
      if (!fighter.conditions.includes(op.condition))
        setConditions(fighter, [...fighter.conditions, op.condition]);
      return;
    case "updateItem": {
      const item = ownItem(fighter, op.itemId);
      if (!item) return;
      fighter.snap = null;
      fighter.changes += `~${JSON.stringify([op.itemId, op.changes])}`;
      // Foundry's update: dotted paths from the document ("system.hm3.wq").
      for (const [path, value] of Object.entries(op.changes)) {
        const keys = path.replace(/^system\./, "").split(".");
        let node = item.system as Obj;
        for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Obj;
        node[keys.at(-1)!] = value;
      }
      return;
    }
    case "defeat":
      return;
  }
}

/**
 * The exchange as the flow stores it (a resolved card): made by the flow's own functions and
 * replayed, so its result is what the card's declaration, choices and dice give.
 */
function cardOf(
  side: Record<Side, Fighter>,
  build: { declaration: unknown; rules: Record<string, unknown> },
  request: unknown,
  choices: FlowChoice[],
  rolls: RollRecord[],
): ExchangeCard {
  const card = declareExchange(hm3, {
    attacker: { actorUuid: null, tokenUuid: null, name: side.attacker.actor.name },
    defender: { actorUuid: null, tokenUuid: null, name: side.defender.actor.name },
    declaration: build.declaration,
    context: { request, rules: build.rules },
    rolls: [],
  });
  card.choices = choices;
  card.rolls = rolls;
  card.state = "resolved";
  card.revision = 1 + choices.length;
  card.pending = null;
  card.result = replayExchange(hm3, card).result;
  return card;
}

export interface DuelOptions {
  /** Rounds before the duel ends undecided (default 100). */
  maxRounds?: number;
  /** The world's HM3 optional rules by id (default: their defaults). */
  options?: Record<string, boolean>;
  /** Keep each exchange's card (default true; false for many duels: `card` is `{result}` only). */
  keepCards?: boolean;
  /** Formats an injury item's name from its key and data (default: "S2 thorax"). */
  localize?: (key: string, data: Record<string, string>) => string;
}

/**
 * A step-by-step duel (the workbench shows each exchange as it comes). The actors given are
 * copied, never changed. A bad actor or policy throws an InputError naming `a.`/`b.` and the
 * field.
 */
export function createDuel(a: DuelSide, b: DuelSide, options: DuelOptions = {}): Duel {
  return startDuel(a, b, options, null);
}

/**
 * `createDuel`, with the fighters' derived states given (`runDuels` checks the fighters once and
 * keeps their states for all its duels).
 */
function startDuel(
  a: DuelSide,
  b: DuelSide,
  options: DuelOptions,
  known: Record<SideKey, Derived> | null,
): Duel {
  const maxRounds = options.maxRounds ?? 100;
  if (!Number.isInteger(maxRounds) || maxRounds < 1)
    throw new InputError("maxRounds", maxRounds, "expected a whole number ≥ 1");
  const keepCards = options.keepCards !== false;
  const localize = options.localize ?? plainName;
  const rules = readHm3Rules(options.options ?? null);
  const make = (side: DuelSide, key: SideKey): Fighter => {
    const given: unknown = side.actor;
    const f: Fighter = {
      // Its own item list; the items are copied when the duel changes one (`ownItem`).
      actor:
        given !== null && typeof given === "object" && Array.isArray(side.actor.items)
          ? { ...side.actor, items: [...side.actor.items] }
          : copy(side.actor),
      owned: new Set(),
      changes: "",
      derived: known?.[key] ?? derivedOf(side.actor),
      conditions: [...new Set(side.conditions ?? [])],
      deriveWith: derivationGoldOptions(rules) as Record<string, boolean>,
      policy: side.policy ?? {},
      snap: null,
      dropped: [],
    };
    if (known) return f;
    try {
      checkPolicy(snapshotOf(f), f.policy);
    } catch (e) {
      if (e instanceof InputError) throw new InputError(`${key}.${e.field}`, e.value, e.reason);
      throw e;
    }
    return f;
  };
  const fighters: Record<SideKey, Fighter> = { a: make(a, "a"), b: make(b, "b") };
  let serial = 0;
  const nextId = () => `duelInjury${String(++serial).padStart(6, "0")}`;
  const first: SideKey =
    hm3Combat.initiative(snapshotOf(fighters.b)) > hm3Combat.initiative(snapshotOf(fighters.a))
      ? "b"
      : "a";
  let order: SideKey[] = [first, OTHER[first]];
  /** Each round's Gold initiative (seed 000 line 151), rolled at the round's start. */
  const rolled: DuelInitiative[] | null = goldOn(rules, "initiative") ? [] : null;
  /** Gold encumbrance & fatigue (seed 000 lines 101-113): FR added per minute fought (G92). */
  const fatigueOn = goldOn(rules, "encumbranceFatigue");
  const rollOrder = (forRound: number, dice: Dice): void => {
    const roll = (k: SideKey) => {
      const snap = snapshotOf(fighters[k]);
      return {
        ...rollInitiative(initiativeRoll(snap, rules), dice, `initiative.${k}`),
        eml: hm3Combat.initiative(snap),
      };
    };
    const a = roll("a");
    const b = roll("b");
    order = goldTurnOrder<SideKey>([
      { id: "a", total: a.total, eml: a.eml },
      { id: "b", total: b.total, eml: b.eml },
    ]);
    rolled!.push({
      round: forRound,
      a: { total: a.total, die: a.die },
      b: { total: b.total, die: b.die },
      first: order[0]!,
    });
  };
  const exchanges: DuelExchange[] = [];
  const injuries: DuelInjury[] = [];
  /** Turns started so far (a turn: one fighter's regular attack, or its recovery). */
  let turns = 0;
  /** The round of the turn under way (1 before the first). */
  let round = 1;
  /** The side owed an extra attack by a tactical advantage won in the turn under way. */
  let extraFor: SideKey | null = null;
  /** Whether the turn under way has given its extra attack already (one per turn). */
  let extraUsed = false;
  let end: DuelResult["end"] | null = null;
  let winner: SideKey | null = null;

  const settle = (): void => {
    const outA = outcome(fighters.a);
    const outB = outcome(fighters.b);
    if (outA && outB) {
      end = "both";
      winner = null;
    } else if (outA || outB) {
      winner = outA ? "b" : "a";
      end = (outA ?? outB)!;
    }
  };

  /**
   * An exchange's plan: the attack request (the policy's), the declaration and the exchange read
   * once (`readExchange`: the engine starts from its declaration, the defence options and the
   * choice are made over it), and the first choice once made.
   */
  const makePlan = (
    snaps: Record<Side, FighterSnapshot>,
    side: Record<Side, Fighter>,
    attack: AttackRequest | null,
  ): Plan => {
    const request = attack ?? bestAttack(snaps.attacker, snaps.defender, side.attacker.policy);
    const build = hm3Combat.buildDeclaration(snaps.attacker, snaps.defender, request, rules);
    return { request, build, read: readExchange(build), first: null };
  };
  /** The policy's key: plans are kept per attacker's and defender's states, policies and rules. */
  const planKey: Record<SideKey, string> = {
    a: JSON.stringify([fighters.a.policy, fighters.b.policy, rules]),
    b: JSON.stringify([fighters.b.policy, fighters.a.policy, rules]),
  };
  const planFor = (snaps: Record<Side, FighterSnapshot>, by: SideKey): Plan => {
    let byDefender = PLANS.get(snaps.attacker);
    if (!byDefender) PLANS.set(snaps.attacker, (byDefender = new WeakMap()));
    let byKey = byDefender.get(snaps.defender);
    if (!byKey) byDefender.set(snaps.defender, (byKey = new Map()));
    let plan = byKey.get(planKey[by]);
    if (!plan) {
      plan = makePlan(snaps, { attacker: fighters[by], defender: fighters[OTHER[by]] }, null);
      byKey.set(planKey[by], plan);
    }
    return plan;
  };

  /** Starts the next turn: whose it is; null (the duel undecided) after `maxRounds` rounds. */
  const startTurn = (dice: Dice): SideKey | null => {
    const nextRound = Math.floor(turns / order.length) + 1;
    if (nextRound > maxRounds) {
      end = "maxRounds";
      return null;
    }
    if (rolled && turns % order.length === 0) rollOrder(nextRound, dice);
    // HârnMaster Gold fatigue (000:109, G66, G92): a minute of fighting adds each FR.
    if (fatigueOn && turns % order.length === 0 && minuteEndsAt(nextRound))
      for (const f of [fighters.a, fighters.b]) if (!outcome(f)) addMinuteFatigue(f);
    round = nextRound;
    extraUsed = false;
    return order[turns++ % order.length]!;
  };

  /** One exchange: `by` attacks the other side. */
  const exchange = (by: SideKey, dice: Dice, choice: ExchangeChoice = {}): DuelExchange => {
    const side: Record<Side, Fighter> = { attacker: fighters[by], defender: fighters[OTHER[by]] };
    const snaps: Record<Side, FighterSnapshot> = {
      attacker: snapshotOf(side.attacker),
      defender: snapshotOf(side.defender),
    };
    // Without cards and choices given, the exchange's plan is kept for these two fighters'
    // states (`planFor`); with cards, each exchange has its own.
    const keep = !keepCards && !choice.attack && !choice.defence;
    const plan = keep ? planFor(snaps, by) : makePlan(snaps, side, choice.attack ?? null);
    const { request, build, read } = plan;
    const rec = recording(dice);
    let state = hm3.start(read.context.decl, rec.dice);
    const choices: FlowChoice[] = [];
    const itemUsed: Record<Side, string | null> = { attacker: request.itemId, defender: null };
    for (let pending = hm3.pending(state); pending; pending = hm3.pending(state)) {
      const chooser = snaps[pending.by];
      const policy = side[pending.by].policy;
      // The first choice comes before any roll: the plan's own when it is kept.
      const first = keep && choices.length === 0 ? plan.first : null;
      const choiceRequest =
        first?.request ??
        (pending.by === "defender" ? choice.defence : null) ??
        bestDefence(read.options(pending, chooser), policy.defence ?? null, policy.aim ?? null);
      const value = first ? first.value : read.choice(pending, chooser, choiceRequest);
      if (keep && choices.length === 0 && !first) plan.first = { request: choiceRequest, value };
      // The side's item is that of its latest choice made with one (apply.ts sideItems).
      if (choiceRequest.itemId) itemUsed[pending.by] = choiceRequest.itemId;
      choices.push({
        by: pending.by,
        kind: pending.kind,
        value,
        userId: "duel",
        request: choiceRequest,
      });
      state = hm3.choose(state, hm3.parseChoice(state, value), rec.dice);
    }
    const result = hm3.result(state);
    const card = keepCards
      ? cardOf(side, build, request, choices, rec.rolls)
      : ({ result } as unknown as ExchangeCard);
    applyEffects(result.effects, side, snaps, itemUsed, localize, nextId);
    for (const effect of result.effects) {
      if (effect.type === "condition" && effect.condition === "disarmed")
        drop(side[effect.to], itemUsed[effect.to]);
      if (effect.type === "injury")
        injuries.push({
          side: effect.to === "attacker" ? by : OTHER[by],
          location: effect.location,
          severity: effect.severityKey,
          level: effect.level,
        });
      if (effect.type === "tacticalAdvantage" && !extraUsed) {
        extraFor = effect.to === "attacker" ? by : OTHER[by];
        extraUsed = true;
      }
    }
    const entry: DuelExchange = { kind: "exchange", round, attacker: by, card };
    exchanges.push(entry);
    settle();
    return entry;
  };

  /** A turn (or a tactical advantage) spent getting up and picking up what was dropped. */
  const recover = (by: SideKey): DuelRecovery => {
    const me = fighters[by];
    const ended = me.conditions.filter((c) => c === "prone" || c === "disarmed");
    const items: string[] = [];
    for (const id of me.dropped) {
      const item = ownItem(me, id);
      if (!item) continue;
      (item.system as { equipped?: boolean }).equipped = true;
      me.changes += `^${id}`;
      items.push(item.name);
    }
    if (me.dropped.length) {
      me.snap = null;
      me.changes += "^";
    }
    me.dropped = [];
    setConditions(
      me,
      me.conditions.filter((c) => c !== "prone" && c !== "disarmed"),
    );
    return { kind: "recovery", round, side: by, conditions: ended, items };
  };
  const down = (by: SideKey) =>
    fighters[by].conditions.includes("prone") || fighters[by].conditions.includes("disarmed");

  // A fighter may come in already out of the fight (a dead body, an unconscious one).
  settle();

  return {
    get sides() {
      const view = (k: SideKey) => ({
        name: fighters[k].actor.name,
        actor: fighters[k].actor,
        conditions: [...fighters[k].conditions],
      });
      return { a: view("a"), b: view("b") };
    },
    get done() {
      return end !== null;
    },
    attack(by: SideKey, dice: Dice, choice: ExchangeChoice = {}): DuelExchange | null {
      if (end !== null) return null;
      return exchange(by, dice, choice);
    },
    snapshot(side: SideKey): FighterSnapshot {
      return snapshotOf(fighters[side]);
    },
    next(dice: Dice): DuelTurn | null {
      if (end !== null) return null;
      if (extraFor) {
        // The tactical advantage's extra attack, at once (R39); a second one is lost. A
        // fighter down or disarmed spends it getting up or recovering what it dropped.
        const by = extraFor;
        extraFor = null;
        return down(by) ? recover(by) : exchange(by, dice);
      }
      const by = startTurn(dice);
      if (by === null) return null;
      // The turn goes to getting up or recovering the weapon (R39).
      return down(by) ? recover(by) : exchange(by, dice);
    },
    result(): DuelResult {
      return {
        winner,
        rounds: round,
        end: end ?? "maxRounds",
        injuries: [...injuries],
        exchanges: [...exchanges],
        ...(rolled ? { initiative: [...rolled] } : {}),
      };
    },
  };
}

/** A whole duel with `dice`. `keepExchanges: false` drops the cards (for many duels). */
export function runDuel(
  a: DuelSide,
  b: DuelSide,
  dice: Dice,
  options: RunDuelOptions = {},
): DuelResult {
  // Without cards, the fast duel (src/sim/hm3-fast-duel.ts) gives the same result.
  if (options.keepExchanges === false) {
    const fast = fastSetupOf(a, b, options.maxRounds, false, options.options);
    if (fast) return runFastDuel(fast, dice, options.maxRounds);
  }
  return playDuel(a, b, dice, options, null);
}

/**
 * The fast duels' setup of a pair (`prepareFastDuels`), kept while the sides' JSON stays the
 * same (sides changed in place between duels make a new one), so its plans serve every later
 * call; null when the fighters do not fit the fast duel (`fitsFastDuel`: they are played through
 * the flow). The sides are checked as `createDuel` checks them when a setup is made.
 */
const FAST = new WeakMap<object, { json: string; setup: FastDuels | null }>();

/** `runDuel`'s options. */
export interface RunDuelOptions {
  maxRounds?: number;
  keepExchanges?: boolean;
  /** The HM3 optional rules by id, HârnMaster Gold's among them (default: all off). */
  options?: Record<string, boolean>;
}

function fastSetupOf(
  a: DuelSide,
  b: DuelSide,
  maxRounds: number | undefined,
  checked = false,
  given?: Record<string, boolean>,
): FastDuels | null {
  if (maxRounds !== undefined && (!Number.isInteger(maxRounds) || maxRounds < 1))
    throw new InputError("maxRounds", maxRounds, "expected a whole number ≥ 1");
  const rules = readHm3Rules(given ?? null);
  // A Gold option the fast duel does not model: played through the flow (duel-options.ts).
  if (!fastDuelRules(rules)) return null;
  if (a === null || typeof a !== "object") return null;
  const json = JSON.stringify([a, b, rules]);
  const kept = FAST.get(a);
  if (kept && kept.json === json) return kept.setup;
  if (!checked) createDuel(a, b, { options: rules });
  const fast = prepareFastDuels(a, b, rules);
  const setup = fitsFastDuel(fast) ? fast : null;
  FAST.set(a, { json, setup });
  return setup;
}

function playDuel(
  a: DuelSide,
  b: DuelSide,
  dice: Dice,
  options: RunDuelOptions,
  known: Record<SideKey, Derived> | null,
): DuelResult {
  const keep = options.keepExchanges !== false;
  const duel = startDuel(
    a,
    b,
    { maxRounds: options.maxRounds, keepCards: keep, options: options.options },
    known,
  );
  while (!duel.done) duel.next(dice);
  const result = duel.result();
  return keep ? result : { ...result, exchanges: [] };
}

export interface DuelStats {
  n: number;
  wins: Record<SideKey | "none", number>;
  rounds: { mean: number; histogram: Record<number, number> };
  /** Injuries taken by each side (the victim), by location id, then severity (M, S, G, K). */
  injuries: Record<SideKey, Record<string, Record<string, number>>>;
}

/**
 * `n` duels with the dice of `seed` (one stream for all), counted. `options`: the HM3 optional
 * rules by id, HârnMaster Gold's among them (the CLI's `duel --options`; default all off).
 */
export function runDuels(
  a: DuelSide,
  b: DuelSide,
  n: number,
  seed: number,
  onProgress?: (done: number, n: number) => void,
  options?: Record<string, boolean>,
): DuelStats {
  if (!Number.isInteger(n) || n < 0) throw new InputError("n", n, "expected a whole number ≥ 0");
  // The fighters (and the rules) checked once; their derived states are kept for all the duels.
  createDuel(a, b, { options });
  // The fast duel (src/sim/hm3-fast-duel.ts) when the fighters and rules fit it: the same results.
  const fast = fastSetupOf(a, b, undefined, true, options);
  const known: Record<SideKey, Derived> = { a: new Map(), b: new Map() };
  const dice = new SeededDice(seed);
  return countDuels(
    n,
    () =>
      fast
        ? runFastDuel(fast, dice)
        : playDuel(a, b, dice, { keepExchanges: false, options }, known),
    onProgress,
  );
}

/** A severity of injury as the duel statistics count it: its id, the legend's text, its colour. */
export interface DuelSeverity {
  id: string;
  /** A lang/en.json key for the legend; null: the id itself (HM3's M, S, G, K). */
  labelKey: string | null;
  colour: string;
}

/** HârnMaster 3's injury levels: minor, serious, grievous, kill. */
export const HM3_SEVERITIES: readonly DuelSeverity[] = Object.freeze([
  { id: "M", labelKey: null, colour: "#c9b458" },
  { id: "S", labelKey: null, colour: "#d9822b" },
  { id: "G", labelKey: null, colour: "#b8352a" },
  { id: "K", labelKey: null, colour: "#4a1010" },
]);

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** The plot's strings (lang/en.json), and the duel summary's. */
export const DUEL_TEXT = Object.freeze({
  title: "BLOWBYBLOW.Duel.title",
  summary: "BLOWBYBLOW.Duel.summary",
  takenBy: "BLOWBYBLOW.Duel.takenBy",
  none: "BLOWBYBLOW.Duel.none",
});

const EN = localizerOf(en);

/**
 * A location id's name as the sheets show it (`Left Shoulder`): the human plan's names from the
 * language file; another plan's (a creature's) from the fighter's own body plan. Without a
 * fighter, the human names (an id of no plan shows as itself).
 */
export function locationNamer(
  actor: ActorSource | null,
  localize: Localize = EN.localize,
): (id: string) => string {
  const plan = actor ? (fighterFromSource(actor).derived as Hm3Derived).plan : null;
  const human = !plan || plan.id === HUMAN_PLAN_ID;
  return (id) => locationLabel(id, plan, localize, human);
}

export interface PlotOptions {
  /** The localiser (default: lang/en.json). */
  localize?: Localize;
  /** The severities counted, in the bars' order (default: HM3's M, S, G, K). */
  severities?: readonly DuelSeverity[];
  /** Each side's location names (default: from `actors`' HM3 body plans, `locationNamer`). */
  locationNames?: Partial<Record<SideKey, (id: string) => string>>;
  /** Each side's fighter, whose body plan names its locations (default: the human names). */
  actors?: Partial<Record<SideKey, ActorSource>>;
}

/** Locations struck, most struck first (then by name). */
function struck(byLoc: Record<string, Record<string, number>>): string[] {
  return Object.keys(byLoc).sort(
    (x, y) => total(byLoc[y]!) - total(byLoc[x]!) || x.localeCompare(y),
  );
}

/**
 * A self-contained SVG: for each fighter, a heading "Injuries taken by <name>" and one row per
 * location struck (named as the sheets name it), a stacked bar of its injuries by severity (M,
 * S, G, K), the count at the end; the first line gives the win rates. Text is escaped
 * (fighters' names are user text). Each bar says whose injuries it counts (`data-side`).
 */
export function duelPlotSvg(
  stats: DuelStats,
  names: Record<SideKey, string>,
  options: PlotOptions = {},
): string {
  const localize = options.localize ?? EN.localize;
  const format = formatWith(localize);
  const sides = (["a", "b"] as const).map((side) => ({
    side,
    locations: struck(stats.injuries[side]),
    label: options.locationNames?.[side] ?? locationNamer(options.actors?.[side] ?? null, localize),
  }));
  const max = Math.max(
    1,
    ...sides.flatMap((x) => x.locations.map((l) => total(stats.injuries[x.side][l]!))),
  );
  const rowH = 18;
  const left = 140;
  const width = 660;
  const barW = width - left - 60;
  const top = 48;
  const rows = sides.reduce((t, x) => t + 1 + Math.max(1, x.locations.length), 0);
  const height = top + rows * rowH + 16;
  const pct = (k: SideKey | "none") =>
    stats.n ? `${((100 * stats.wins[k]) / stats.n).toFixed(1)}%` : "0%";
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(format(DUEL_TEXT.title, { a: names.a, b: names.b }))}</title>`,
    `<text x="8" y="18" font-weight="bold">${escapeXml(
      format(DUEL_TEXT.summary, {
        a: names.a,
        b: names.b,
        winsA: pct("a"),
        winsB: pct("b"),
        undecided: pct("none"),
        n: stats.n,
      }),
    )}</text>`,
  ];
  const severities = options.severities ?? HM3_SEVERITIES;
  let legendX = left;
  severities.forEach((sev) => {
    const x = legendX;
    const text = sev.labelKey ? localize(sev.labelKey) : sev.id;
    legendX += Math.max(60, 24 + 7 * text.length);
    out.push(
      `<rect x="${x}" y="26" width="10" height="10" fill="${sev.colour}"/><text x="${x + 14}" y="35">${escapeXml(text)}</text>`,
    );
  });
  let y = top;
  for (const { side, locations, label } of sides) {
    const taken = locations.reduce((t, l) => t + total(stats.injuries[side][l]!), 0);
    out.push(
      `<text class="taken-by" data-side="${side}" x="8" y="${y + 12}" font-weight="bold">${escapeXml(
        `${format(DUEL_TEXT.takenBy, { name: names[side] })} (${taken})`,
      )}</text>`,
    );
    y += rowH;
    if (!locations.length) {
      out.push(`<text x="${left}" y="${y + 12}">${escapeXml(localize(DUEL_TEXT.none))}</text>`);
      y += rowH;
    }
    for (const loc of locations) {
      const counts = stats.injuries[side][loc]!;
      out.push(
        `<text class="location" data-side="${side}" data-location="${escapeXml(loc)}" x="${left - 6}" y="${y + 12}" text-anchor="end">${escapeXml(label(loc))}</text>`,
      );
      let x = left;
      for (const { id: sev, colour } of severities) {
        const c = counts[sev] ?? 0;
        if (!c) continue;
        const w = (barW * c) / max;
        out.push(
          `<rect class="bar" data-side="${side}" data-location="${escapeXml(loc)}" data-severity="${sev}" data-count="${c}" x="${x.toFixed(2)}" y="${y}" width="${w.toFixed(2)}" height="${rowH - 4}" fill="${colour}"/>`,
        );
        x += w;
      }
      out.push(`<text x="${(x + 4).toFixed(2)}" y="${y + 12}">${total(counts)}</text>`);
      y += rowH;
    }
  }
  out.push("</svg>");
  return out.join("\n");
}

function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((t, c) => t + c, 0);
}
