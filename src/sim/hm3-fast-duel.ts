/**
 * HM3 duels without cards, fast (issue 17; docs/performance.md "HM3 duels derived once"): the
 * same duels as `runDuel` (src/sim/duel.ts) with `keepExchanges: false`, giving the same
 * results from the same dice, without a document copy, an injury item or a re-derivation per
 * exchange.
 *
 * - Each fighter is derived once (`fighterFromSource`, with its starting conditions). What a
 *   duel changes of it is kept as a few numbers: the injury levels taken (an injury adds its
 *   level to the Universal and the Physical Penalty, hm3.md §2, as the derivation does:
 *   `universalPenalty` is the sum of the levels plus fatigue, `physicalPenalty` UP plus
 *   encumbrance, and nothing a duel changes moves the encumbrance), the items the duel changed
 *   (a weapon's WQ lost, a dropped or broken weapon out of hand) and the conditions.
 * - What the policies decide is made by the combat rules the flow uses (`bestAttack`,
 *   `buildDeclaration`, `readExchange`, `bestDefence`, `parseChoice`) over a snapshot that is
 *   the fighter's first one with those numbers put in (its `up` and `pp`, its changed items,
 *   its conditions), the first time a state needs it, and kept on the state's node: the attack
 *   (the engine's `Hm3Attack`) per attacker state and defender standing or prone, the defence
 *   (parsed) per defender state and kind of attack. The nodes belong to the setup and serve
 *   every later duel (most duels go through the same few states).
 * - The exchange itself is the engine's `resolveExchange` on the kept attack and defence and the
 *   engine's fighters of the two states (the first declaration's, `up` and `pp` moved), and
 *   its effects are applied to those numbers as the adapter's planner (`planEffects`)
 *   would apply them to the documents: an injury adds its level, a condition is set once, a
 *   failed weapon damage roll changes the item as `weaponDamage` says, a disarmed fighter drops
 *   the item it used (not a creature), a tactical advantage gives one extra attack per turn.
 *
 * The golden oracle (test/sim/duel-golden.test.ts, eight pairs) and
 * test/sim/hm3-fast-duel.test.ts (every ordered pair of the sample fighters, seed by seed, and
 * `runDuels`' counts) hold it to the flow's duel: the same winner, rounds, end and injuries.
 * `fitsFastDuel` says which fighters it can play; the others are played through the flow.
 */
import type { AttackRequest, FighterItem, FighterSnapshot } from "../core/combat";
import { copy } from "../core/data";
import type { Dice } from "../core/dice";
import type { Effect } from "../core/ruleset";
import { fighterFromSource } from "../foundry/combat/source-fighter";
import {
  hm3,
  hm3Combat,
  readExchange,
  resolveExchange,
  type Hm3Attack,
  type Hm3Declaration,
  type Hm3Defence,
  type Hm3Fighter,
  type Hm3Options,
} from "../rules/hm3";
import type { Hm3Derived } from "../rules/hm3/character-types";
import type { DuelInjury, DuelPolicy, DuelResult, DuelSide, SideKey } from "./duel";
import { bestAttack, bestDefence } from "./policy";

type Obj = Record<string, unknown>;

const OTHER: Record<SideKey, SideKey> = { a: "b", b: "a" };

/** One side of a setup: the fighter derived once, with its policy and starting conditions. */
interface Model {
  /** The actor given. */
  actor: DuelSide["actor"];
  base: FighterSnapshot;
  derived: Hm3Derived;
  creature: boolean;
  policy: DuelPolicy;
  conditions: string[];
  /** Item index by id. */
  index: Map<string, number>;
  /**
   * The fighter as the engine reads it (`Hm3Fighter`) with no injury taken in the duel, from
   * the first declaration that names it; an injury adds its level to `up` and `pp`.
   */
  fighter: Hm3Fighter | null;
  /** What is known of each state the fighter has been in (`stateKey`), shared by the duels. */
  nodes: Map<string, StateNode>;
}

/**
 * A fighter's state (injury levels taken, items changed) and what has been worked out for it:
 * its snapshot, the attacks it makes against the other side, the defences it makes against each
 * kind of attack, and the engine's fighter.
 */
interface StateNode {
  snap: FighterSnapshot | null;
  /** The attack against the other side standing (`[0]`) or prone (`[1]`). */
  attacks: [AttackPart | null, AttackPart | null];
  /** The defence against each kind of attack (`AttackPart.kind`). */
  defences: Map<string, DefencePart>;
  engine: Hm3Fighter | null;
}

/**
 * The attack a fighter makes in a state against a defender prone or not (the policy's attack,
 * read from the declaration the flow builds): never changed once made.
 */
interface AttackPart {
  request: AttackRequest;
  attack: Hm3Attack;
  /** The attacker's item (index). */
  item: number | null;
  /** What the defence depends on of the attack: its type and, for a missile, its velocity. */
  kind: string;
}

/** The defence a fighter makes in a state against a kind of attack: never changed once made. */
interface DefencePart {
  defence: Hm3Defence;
  /** The defender's item (index), if the defence is made with one. */
  item: number | null;
}

/** Two fighters, their policies and the rules, ready for many duels (`prepareFastDuels`). */
export interface FastDuels {
  readonly models: Record<SideKey, Model>;
  /** Who acts first (higher Initiative EML; ties to side A). */
  readonly first: SideKey;
  readonly rules: Record<string, boolean>;
  /** The optional rules as the declaration reads them (the first declaration's). */
  options: Hm3Options | null;
}

/** States kept per fighter before the map starts again (a bound on memory, not a figure). */
const PLANS_MAX = 1 << 16;

function modelOf(side: DuelSide): Model {
  const conditions = [...new Set(side.conditions ?? [])];
  const base = fighterFromSource(side.actor, conditions);
  const index = new Map<string, number>();
  base.items.forEach((item, i) => {
    if (!index.has(item.id)) index.set(item.id, i);
  });
  return {
    actor: side.actor,
    base,
    derived: base.derived as Hm3Derived,
    creature: base.actorType === "creature",
    policy: side.policy ?? {},
    conditions,
    index,
    fighter: null,
    nodes: new Map(),
  };
}

/**
 * The setup of many duels between `a` and `b` (checked as `createDuel` checks them first: call
 * it before). `rules`: the world's HM3 optional rules.
 */
export function prepareFastDuels(
  a: DuelSide,
  b: DuelSide,
  rules: Record<string, boolean>,
): FastDuels {
  const models = { a: modelOf(a), b: modelOf(b) };
  const first: SideKey =
    hm3Combat.initiative(models.b.base) > hm3Combat.initiative(models.a.base) ? "b" : "a";
  return { models, first, rules, options: null };
}

/**
 * Whether the fast duel plays these fighters as the flow would: for each, an injury must move
 * its Universal and Physical Penalty by its level and nothing else the combat rules read
 * (`injuryMovesOnlyPenalties`, checked on the fighter derived with one more injury, made by the
 * ruleset's own `injuryItem`). Fighters that do not fit are played through the flow (`runDuel`).
 */
export function fitsFastDuel(setup: FastDuels): boolean {
  return fits(setup.models.a) && fits(setup.models.b);
}

function fits(m: Model): boolean {
  const location = m.derived.plan.locations[0]?.id;
  if (!location) return false;
  const level = 1;
  const made = hm3Combat.injuryItem(
    {
      type: "injury",
      to: "defender",
      location,
      severityKey: "M",
      level,
      data: { aspect: "blunt", bleeding: false },
    },
    m.base,
  );
  if (!made) return false;
  const probe = {
    ...m.actor,
    items: [
      ...m.actor.items,
      { _id: "fastDuelProbe", type: "injury", name: "probe", system: made.system },
    ],
  };
  return injuryMovesOnlyPenalties(m.base, fighterFromSource(probe, m.conditions), level);
}

/**
 * Whether `injured` (the fighter `base` with one more injury of `level`) differs from `base` only
 * by that level on its UP and PP, in every figure the duel's combat rules read: weapons and
 * missiles, Dodge, Initiative, armour, flammable layers, body plan, Endurance, its items and
 * system.
 */
export function injuryMovesOnlyPenalties(
  base: FighterSnapshot,
  injured: FighterSnapshot,
  level: number,
): boolean {
  const d0 = base.derived as Hm3Derived;
  const d1 = injured.derived as Hm3Derived;
  if (d1.up !== d0.up + level || d1.pp !== d0.pp + level) return false;
  const read = (s: FighterSnapshot, d: Hm3Derived) =>
    JSON.stringify([
      s.actorType,
      s.system,
      s.items.filter((i) => i.type !== "injury"),
      s.conditions,
      d.endurance,
      d.encumbrance,
      // Their EMLs are the bases less PP ×5 (the combat rules rebuild them from PP).
      Object.values(d.weapons).map((w) => [w.id, w.skillId, w.ml, w.aml, w.dml, w.impacts]),
      Object.values(d.missiles).map((m) => [
        m.id,
        m.skillId,
        m.ml,
        m.bands.map((b) => [b.band, b.range, b.impact]),
      ]),
      d.dodge.ml,
      d.initiative.ml,
      d.armour,
      d.flammable,
      d.plan,
    ]);
  return read(base, d0) === read(injured, d1);
}

/** A fighter during one duel: the numbers the duel changed. */
interface Fighter {
  m: Model;
  /** Injury levels taken in this duel. */
  added: number;
  /** The items' systems this duel changed (its own copies), by item index. */
  own: (Obj | undefined)[];
  /** The changed items' state, as a key (empty: none changed). */
  itemsKey: string;
  conditions: string[];
  /** Indices of the items dropped when disarmed (unequipped until recovered). */
  dropped: number[];
  /** Its state's node (`nodeOf`); null when the state changed since. */
  node: StateNode | null;
}

function fighterOf(m: Model): Fighter {
  const conditions = [...m.conditions];
  return { m, added: 0, own: [], itemsKey: "", conditions, dropped: [], node: null };
}

/** The item's system as it is now in this duel. */
function systemOf(f: Fighter, i: number): Obj {
  return f.own[i] ?? (f.m.base.items[i]!.system as Obj);
}

/**
 * The item's system made the duel's own, to be changed: copied first, its top level and its
 * `hm3` block (the duel changes `equipped`, `held` and `hm3.wq` only, `weaponDamage`'s paths).
 */
function ownSystem(f: Fighter, i: number): Obj {
  let s = f.own[i];
  if (!s) {
    const base = f.m.base.items[i]!.system as Obj;
    const hm3s = base.hm3;
    f.own[i] = s = { ...base };
    if (hm3s !== null && typeof hm3s === "object") s.hm3 = { ...(hm3s as Obj) };
  }
  return s;
}

/**
 * Rebuilds the key of the items' state (what the combat rules read of an item: WQ, equipped,
 * held): the items whose state is not their first one.
 */
function rekeyItems(f: Fighter): void {
  let key = "";
  const items = f.m.base.items;
  for (let i = 0; i < f.own.length; i++) {
    const s = f.own[i];
    if (!s) continue;
    const now = itemState(s);
    if (now !== itemState(items[i]!.system as Obj)) key += `${i}:${now};`;
  }
  f.itemsKey = key;
  f.node = null;
}

function itemState(s: Obj): string {
  return `${String((s.hm3 as Obj | undefined)?.wq)}:${String(s.equipped)}:${String(s.held)}`;
}

const isProne = (f: Fighter) => f.conditions.includes("prone");

/** What a plan reads of a fighter's own: injury levels taken and the items changed. */
function stateKey(f: Fighter): string {
  return `${f.added}|${f.itemsKey}`;
}

/** The node of the fighter's state, found (or made) once per change of state. */
function nodeOf(f: Fighter): StateNode {
  if (f.node) return f.node;
  const nodes = f.m.nodes;
  const key = stateKey(f);
  let node = nodes.get(key);
  if (!node) {
    node = { snap: null, attacks: [null, null], defences: new Map(), engine: null };
    if (nodes.size >= PLANS_MAX) nodes.clear();
    nodes.set(key, node);
  }
  f.node = node;
  return node;
}

/** The engine's fighter after the fighter's injuries (`Model.fighter` made by a declaration). */
function engineFighter(f: Fighter, node: StateNode): Hm3Fighter {
  if (node.engine) return node.engine;
  const base = f.m.fighter!;
  return (node.engine = { ...base, up: base.up + f.added, pp: base.pp + f.added });
}

/** Keeps a declaration's fighter as the fighter with no injury taken in the duel. */
function keepFighter(m: Model, parsed: Hm3Fighter, added: number): void {
  if (!m.fighter) m.fighter = { ...parsed, up: parsed.up - added, pp: parsed.pp - added };
}

/**
 * The fighter's snapshot for its state: the first one with the duel's numbers put in, and its
 * conditions as they are now (the policy reads whether the defender is prone).
 */
function snapshotOf(f: Fighter): FighterSnapshot {
  const node = nodeOf(f);
  const m = f.m;
  if (!node.snap) {
    const d = m.derived;
    const items: FighterItem[] = m.base.items.map((item, i) => {
      const own = f.own[i];
      return own ? { ...item, system: copy(own) } : item;
    });
    node.snap = {
      ...m.base,
      derived: { ...d, up: d.up + f.added, pp: d.pp + f.added },
      items,
      conditions: [],
    };
  }
  return { ...node.snap, conditions: [...f.conditions].sort() };
}

/**
 * The declaration the flow builds for these two fighters' states, read once: the policy's attack
 * and the policy's defence against it come from it; the engine's fighters and the rules are kept.
 */
function readPair(
  setup: FastDuels,
  attacker: Fighter,
  defender: Fighter,
  request: AttackRequest | null,
) {
  const snapA = snapshotOf(attacker);
  const snapD = snapshotOf(defender);
  const req = request ?? bestAttack(snapA, snapD, attacker.m.policy);
  const read = readExchange(hm3Combat.buildDeclaration(snapA, snapD, req, setup.rules));
  const decl = read.context.decl;
  keepFighter(attacker.m, decl.attacker, attacker.added);
  keepFighter(defender.m, decl.defender, defender.added);
  setup.options ??= decl.options;
  return { request: req, read, snapD };
}

type Pair = ReturnType<typeof readPair>;

/** The attack part of a declaration read (`readPair`). */
function attackOf(attacker: Fighter, pair: Pair): AttackPart {
  const { request, read } = pair;
  const ctx = read.context;
  return {
    request,
    attack: ctx.decl.attack,
    item: attacker.m.index.get(request.itemId) ?? null,
    kind: `${ctx.attackType}:${ctx.velocity}`,
  };
}

/** The policy's defence against a declaration read (`readPair`), parsed as the engine takes it. */
function defenceOf(defender: Fighter, pair: Pair): DefencePart {
  const { read, snapD } = pair;
  const state = hm3.start(read.context.decl, NO_DICE);
  const pending = hm3.pending(state);
  if (!pending || pending.by !== "defender")
    throw new Error("An HM3 exchange waits for the defender's defence.");
  const policy = defender.m.policy;
  const choice = bestDefence(
    read.options(pending, snapD),
    policy.defence ?? null,
    policy.aim ?? null,
  );
  return {
    defence: hm3.parseChoice(state, read.choice(pending, snapD, choice)),
    item: choice.itemId ? (defender.m.index.get(choice.itemId) ?? null) : null,
  };
}

/** No roll is made before the defence (HM3's `start` rolls nothing). */
const NO_DICE: Dice = {
  roll(name: string): number[] {
    throw new Error(`No roll before the defence: ${name}`);
  },
};

function setCondition(f: Fighter, condition: string): void {
  if (!f.conditions.includes(condition)) f.conditions.push(condition);
}

/** A failed weapon damage roll (ruling R31): the item changed as `weaponDamage` says. */
function damageWeapon(f: Fighter, i: number | null, effect: Effect): void {
  if (i === null || effect.type !== "weaponDamaged") return;
  const item = f.m.base.items[i]!;
  const changes = hm3Combat.weaponDamage(effect, { ...item, system: systemOf(f, i) });
  const paths = Object.keys(changes);
  if (paths.length === 0) return;
  const system = ownSystem(f, i);
  for (const path of paths) {
    const keys = path.replace(/^system\./, "").split(".");
    let node = system;
    for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Obj;
    node[keys.at(-1)!] = changes[path];
  }
  rekeyItems(f);
}

/** A disarmed character's item used in the exchange leaves its hand (not a creature's). */
function drop(f: Fighter, i: number | null): void {
  if (f.m.creature || i === null || f.dropped.includes(i)) return;
  ownSystem(f, i).equipped = false;
  f.dropped.push(i);
  rekeyItems(f);
}

function outcome(f: Fighter): "dead" | "incapacitated" | null {
  if (f.conditions.includes("dead")) return "dead";
  const inc = hm3Combat.incapacitating;
  for (let i = 0; i < inc.length; i++) if (f.conditions.includes(inc[i]!)) return "incapacitated";
  return null;
}

/** One duel of a setup with `dice`, to a decision or `maxRounds` rounds: `runDuel`'s result. */
export function runFastDuel(setup: FastDuels, dice: Dice, maxRounds = 100): DuelResult {
  const fighters: Record<SideKey, Fighter> = {
    a: fighterOf(setup.models.a),
    b: fighterOf(setup.models.b),
  };
  const order: SideKey[] = [setup.first, OTHER[setup.first]];
  const injuries: DuelInjury[] = [];
  let turns = 0;
  let round = 1;
  let extraFor: SideKey | null = null;
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

  const exchange = (by: SideKey): void => {
    const attacker = fighters[by];
    const defender = fighters[OTHER[by]];
    const nodeA = nodeOf(attacker);
    const nodeD = nodeOf(defender);
    const prone = isProne(defender) ? 1 : 0;
    // A state pair met for the first time: the declaration the flow builds, read once for the
    // attack and the defence.
    let pair: Pair | null = null;
    let attack = nodeA.attacks[prone];
    if (!attack) {
      pair = readPair(setup, attacker, defender, null);
      attack = nodeA.attacks[prone] = attackOf(attacker, pair);
    }
    let defence = nodeD.defences.get(attack.kind);
    if (!defence) {
      defence = defenceOf(defender, pair ?? readPair(setup, attacker, defender, attack.request));
      nodeD.defences.set(attack.kind, defence);
    }
    // The engine's fighters come from the first declaration (made above if none yet).
    const decl: Hm3Declaration = {
      attack: attack.attack,
      attacker: engineFighter(attacker, nodeA),
      defender: engineFighter(defender, nodeD),
      options: setup.options!,
    };
    const usedA = attack.item;
    const usedD = defence.item;
    const result = resolveExchange(decl, defence.defence, dice);
    const effects = result.effects;
    // As the adapter's planner and the duel apply them, in order: injuries, conditions and
    // weapon damage first, then the drops of the disarmed.
    for (let i = 0; i < effects.length; i++) {
      const effect = effects[i]!;
      const victim = effect.to === "attacker" ? attacker : defender;
      if (effect.type === "injury") {
        victim.added += effect.level;
        victim.node = null;
      } else if (effect.type === "condition") setCondition(victim, effect.condition);
      else if (effect.type === "weaponDamaged")
        damageWeapon(victim, effect.to === "attacker" ? usedA : usedD, effect);
    }
    for (let i = 0; i < effects.length; i++) {
      const effect = effects[i]!;
      if (effect.type === "condition" && effect.condition === "disarmed")
        drop(
          effect.to === "attacker" ? attacker : defender,
          effect.to === "attacker" ? usedA : usedD,
        );
      else if (effect.type === "injury")
        injuries.push({
          side: effect.to === "attacker" ? by : OTHER[by],
          location: effect.location,
          severity: effect.severityKey,
          level: effect.level,
        });
      else if (effect.type === "tacticalAdvantage" && !extraUsed) {
        extraFor = effect.to === "attacker" ? by : OTHER[by];
        extraUsed = true;
      }
    }
    settle();
  };

  const recover = (by: SideKey): void => {
    const me = fighters[by];
    for (const i of me.dropped) ownSystem(me, i).equipped = true;
    if (me.dropped.length) rekeyItems(me);
    me.dropped = [];
    me.conditions = me.conditions.filter((c) => c !== "prone" && c !== "disarmed");
  };
  const down = (by: SideKey) =>
    fighters[by].conditions.includes("prone") || fighters[by].conditions.includes("disarmed");
  const turn = (by: SideKey) => (down(by) ? recover(by) : exchange(by));

  settle();
  while (end === null) {
    if (extraFor) {
      const by: SideKey = extraFor;
      extraFor = null;
      turn(by);
      continue;
    }
    const nextRound = Math.floor(turns / order.length) + 1;
    if (nextRound > maxRounds) {
      end = "maxRounds";
      break;
    }
    round = nextRound;
    extraUsed = false;
    turn(order[turns++ % order.length]!);
  }
  return { winner, rounds: round, end, injuries, exchanges: [] };
}
