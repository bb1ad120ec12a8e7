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
 * - An exchange's plan (the policy's attack, the declaration the engine starts from, the
 *   policy's defence parsed) is made by the combat rules the flow uses (`bestAttack`,
 *   `buildDeclaration`, `readExchange`, `bestDefence`, `parseChoice`) over a snapshot that is
 *   the fighter's first one with those numbers put in (its `up` and `pp`, its changed items,
 *   its conditions), the first time that pair of states meets; it is kept per duel setup and
 *   shared by every later duel (most duels go through the same few states).
 * - The exchange itself is the engine's `resolveExchange` on the kept declaration and defence,
 *   and its effects are applied to those numbers as the adapter's planner (`planEffects`)
 *   would apply them to the documents: an injury adds its level, a condition is set once, a
 *   failed weapon damage roll changes the item as `weaponDamage` says, a disarmed fighter drops
 *   the item it used (not a creature), a tactical advantage gives one extra attack per turn.
 *
 * The golden oracle (test/sim/duel-golden.test.ts) holds it to `runDuel`'s results (winner,
 * rounds, end, injuries) and `runDuels`' counts for every pair of sample fighters.
 */
import type { FighterItem, FighterSnapshot } from "../core/combat";
import { copy } from "../core/data";
import type { Dice } from "../core/dice";
import type { Effect, Side } from "../core/ruleset";
import { fighterFromSource } from "../foundry/combat/source-fighter";
import {
  hm3,
  hm3Combat,
  readExchange,
  resolveExchange,
  type Hm3Declaration,
  type Hm3Defence,
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
  /** Snapshots by state key (`stateKey`), made when a plan needs one. */
  snaps: Map<string, FighterSnapshot>;
}

/** An exchange as the policies make it for a pair of states: never changed once made. */
interface FastPlan {
  decl: Hm3Declaration;
  defence: Hm3Defence;
  /** The item each side fought with (the attack's; the defence's, if made with one). */
  used: Record<Side, number | null>;
}

/** Two fighters, their policies and the rules, ready for many duels (`prepareFastDuels`). */
export interface FastDuels {
  readonly models: Record<SideKey, Model>;
  /** Who acts first (higher Initiative EML; ties to side A). */
  readonly first: SideKey;
  readonly rules: Record<string, boolean>;
  readonly plans: Map<string, FastPlan>;
}

/** Plans kept per setup before the map starts again (a bound on memory, not a figure). */
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
    snaps: new Map(),
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
  return { models, first, rules, plans: new Map() };
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
}

function fighterOf(m: Model): Fighter {
  return { m, added: 0, own: [], itemsKey: "", conditions: [...m.conditions], dropped: [] };
}

/** The item's system as it is now in this duel. */
function systemOf(f: Fighter, i: number): Obj {
  return f.own[i] ?? (f.m.base.items[i]!.system as Obj);
}

/** The item's system made the duel's own (copied first), to be changed. */
function ownSystem(f: Fighter, i: number): Obj {
  let s = f.own[i];
  if (!s) f.own[i] = s = copy(f.m.base.items[i]!.system);
  return s;
}

/** Rebuilds the key of the changed items' state (what the combat rules read of an item). */
function rekeyItems(f: Fighter): void {
  let key = "";
  for (let i = 0; i < f.own.length; i++) {
    const s = f.own[i];
    if (!s) continue;
    const hm3s = s.hm3 as Obj | undefined;
    key += `${i}:${String(hm3s?.wq)}:${String(s.equipped)}:${String(s.held)};`;
  }
  f.itemsKey = key;
}

const isProne = (f: Fighter) => f.conditions.includes("prone");

/** What a plan reads of a fighter: injury levels taken, changed items, whether it is prone. */
function stateKey(f: Fighter): string {
  return `${f.added}|${f.itemsKey}|${isProne(f) ? "p" : ""}`;
}

/** The fighter's snapshot for its state: the first one with the duel's numbers put in. */
function snapshotOf(f: Fighter, key: string): FighterSnapshot {
  const m = f.m;
  let snap = m.snaps.get(key);
  if (snap) return snap;
  const d = m.derived;
  const items: FighterItem[] = m.base.items.map((item, i) => {
    const own = f.own[i];
    return own ? { ...item, system: copy(own) } : item;
  });
  snap = {
    ...m.base,
    derived: { ...d, up: d.up + f.added, pp: d.pp + f.added },
    items,
    conditions: [...f.conditions].sort(),
  };
  if (m.snaps.size >= PLANS_MAX) m.snaps.clear();
  m.snaps.set(key, snap);
  return snap;
}

function makePlan(
  setup: FastDuels,
  attacker: Fighter,
  defender: Fighter,
  keys: string[],
): FastPlan {
  const snapA = snapshotOf(attacker, keys[0]!);
  const snapD = snapshotOf(defender, keys[1]!);
  const request = bestAttack(snapA, snapD, attacker.m.policy);
  const build = hm3Combat.buildDeclaration(snapA, snapD, request, setup.rules);
  const read = readExchange(build);
  const decl = read.context.decl;
  const state = hm3.start(decl, NO_DICE);
  const pending = hm3.pending(state);
  if (!pending || pending.by !== "defender")
    throw new Error("An HM3 exchange waits for the defender's defence.");
  const policy = defender.m.policy;
  const choice = bestDefence(
    read.options(pending, snapD),
    policy.defence ?? null,
    policy.aim ?? null,
  );
  const defence = hm3.parseChoice(state, read.choice(pending, snapD, choice));
  return {
    decl,
    defence,
    used: {
      attacker: attacker.m.index.get(request.itemId) ?? null,
      defender: choice.itemId ? (defender.m.index.get(choice.itemId) ?? null) : null,
    },
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
  const keys: string[] = ["", ""];

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
    keys[0] = stateKey(attacker);
    keys[1] = stateKey(defender);
    const planKey = `${by}${keys[0]}/${keys[1]}`;
    let plan = setup.plans.get(planKey);
    if (!plan) {
      plan = makePlan(setup, attacker, defender, keys);
      if (setup.plans.size >= PLANS_MAX) setup.plans.clear();
      setup.plans.set(planKey, plan);
    }
    const result = resolveExchange(plan.decl, plan.defence, dice);
    const effects = result.effects;
    // As the adapter's planner and the duel apply them, in order: injuries, conditions and
    // weapon damage first, then the drops of the disarmed.
    for (let i = 0; i < effects.length; i++) {
      const effect = effects[i]!;
      const victim = effect.to === "attacker" ? attacker : defender;
      if (effect.type === "injury") victim.added += effect.level;
      else if (effect.type === "condition") setCondition(victim, effect.condition);
      else if (effect.type === "weaponDamaged") damageWeapon(victim, plan.used[effect.to], effect);
    }
    for (let i = 0; i < effects.length; i++) {
      const effect = effects[i]!;
      if (effect.type === "condition" && effect.condition === "disarmed")
        drop(effect.to === "attacker" ? attacker : defender, plan.used[effect.to]);
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
