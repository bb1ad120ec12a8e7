/**
 * HârnMaster zone-die duels (issue 18; docs/duel.md, ruling Z29): two hmzd fighters exchange
 * blows turn by turn to a decision, each attack a whole hmzd exchange through the engine
 * (opposed test, stars, TAs spent by the default, location, impact, injury, shock test), its
 * consequences carried between exchanges. Pure: dice are injected.
 *
 * How a duel goes (Z29):
 * - Order: the higher Initiative EML first (Z11, as HM3), ties to side A. A round is one turn of
 *   each fighter.
 * - A turn: a stunned fighter Passes (the seed's "safest tactic", 001:141); otherwise it attacks
 *   the other with its policy's attack (src/sim/hmzd-policy.ts) and the other defends with its
 *   policy's defence. The winner's TAs are spent by the engine's default (all Impact for a
 *   striker, Setup for a defender, Z6); no Action is taken.
 * - Setup (Z16): the winner's Setup TAs raise its next attack or defence test in the next round
 *   by one level each; unused by the end of that round, they are lost.
 * - Injuries accumulate and impair by zone (Z8, the ruleset's `impairment`): each action's EML
 *   loses the penalties of the injuries in the zones it uses (S 10; M 5 when its shock test
 *   failed: a duel is taken to end within the ten minutes after which an M injury impairs
 *   anyway); a G injury there prohibits it. Head, neck and torso injuries count for every
 *   action; a weapon uses the arm of its hand, Dodge the legs, a creature's bite only the body.
 * - Shock (Z15): the state an injury gives is applied with the escalation rules (a new STN on
 *   STN is INC, a new INC on INC is UNC, never better than the current state). STN and INC are
 *   rechecked with a Shock test (`recovery`) at the end of the bearer's next turn and of each
 *   later turn until it succeeds (001:141, 159: "retry every round"): success ends STN, INC
 *   becomes STN.
 * - The end: a fighter INC or UNC (`incapacitated`), KIA (`dead`), or with no attack it may
 *   make (every one prohibited by a G injury, Z8: `out`) loses; both at once: `both`, no
 *   winner; `maxRounds` (default 100) rounds: undecided.
 */
import { SeededDice, type Dice } from "../core/dice";
import { InputError } from "../core/errors";
import type { DuelInjury, DuelSeverity, DuelStats, SideKey } from "./duel";
import { countDuels } from "./duel-stats";
import { HMZD_STATES } from "../rules/hmzd/types";
import type { HmzdDuelFighter, ShockState } from "./hmzd-duel-fighter";
import {
  checkHmzdPolicy,
  hmzdAttack,
  hmzdDefence,
  type HmzdAttackChoice,
  type HmzdDefenceChoice,
  type HmzdDuelUses,
  type HmzdPolicy,
} from "./hmzd-policy";
import { combineShock, recoveredState, shockTest } from "../rules/hmzd/state";
import { attackDecl, defenceDecl, exchangeOf, type ZdOutcome } from "./hmzd-exchange";
import { impairment, type ImpairmentAction, type ZoneInjury } from "../rules/hmzd/impairment";
import type { HmzdAttack, HmzdDefence } from "../rules/hmzd/types";

export interface HmzdDuelSide {
  fighter: HmzdDuelFighter;
  policy?: HmzdPolicy;
  /** The shock state the fighter starts in (default "none"). */
  state?: ShockState;
}

/** One exchange of a duel: the attack and defence the policies made and the engine's result. */
export interface HmzdDuelExchange {
  kind: "exchange";
  round: number;
  attacker: SideKey;
  attack: { weapon: string; mode: string; eml: number; placement: number; setup: number };
  defence: { type: HmzdDefenceChoice["type"]; eml: number; weapon: string | null; setup: number };
  /** The engine's result of the exchange (its CLI output shape). */
  result: unknown;
  /** Both fighters' shock states after the exchange (Z15). */
  states: Record<SideKey, ShockState>;
  /** The attacker's recovery test at the end of its turn, if one was due. */
  recovery: HmzdRecovery | null;
}

/** A turn passed (a stunned fighter, 001:141), with its recovery test if one was due. */
export interface HmzdDuelPass {
  kind: "pass";
  round: number;
  side: SideKey;
  recovery: HmzdRecovery | null;
}

/** A Shock test to recover from STN or INC at the end of a turn (Z15; roll `recovery`). */
export interface HmzdRecovery {
  side: SideKey;
  roll: number;
  target: number;
  level: "CF" | "F" | "S" | "CS";
  from: ShockState;
  to: ShockState;
}

export type HmzdDuelStep = HmzdDuelExchange | HmzdDuelPass;

export interface HmzdDuelResult {
  winner: SideKey | null;
  rounds: number;
  end: "incapacitated" | "dead" | "out" | "maxRounds" | "both";
  /** Every injury, the victim's side, its sided location id, its code (`S2`) and level. */
  injuries: DuelInjury[];
  steps: HmzdDuelStep[];
}

/** A fighter's state between two steps (`HmzdDuel.state`). */
export interface HmzdDuelFighterState {
  shock: ShockState;
  /** Injuries taken, in order. */
  injuries: {
    location: string;
    zone: number;
    injury: string;
    /** Whether its shock test succeeded (an M injury is then unhindered, hmzd.md §4). */
    shockSucceeded: boolean;
  }[];
  /** Setup TAs owed (Z16), and the round they are for. */
  setup: { count: number; round: number } | null;
}

export interface HmzdDuel {
  readonly done: boolean;
  /** The next step (an exchange or a pass); null when the duel is over. */
  next(dice: Dice): HmzdDuelStep | null;
  state(side: SideKey): HmzdDuelFighterState;
  result(): HmzdDuelResult;
}

export interface HmzdDuelOptions {
  /** Rounds before the duel ends undecided (default 100). */
  maxRounds?: number;
  /** Keep the steps (default true; false for many duels). */
  keepSteps?: boolean;
}

const OTHER: Record<SideKey, SideKey> = { a: "b", b: "a" };

/** An injury as a fighter carries it: as impairment reads it (Z8), and as the duel shows it. */
interface Carried {
  impairs: ZoneInjury;
  location: string;
  zone: number;
  injury: string;
  shockSucceeded: boolean;
}

/**
 * What a fighter's policy makes in one injury state (the injuries that impair): the attack and
 * the defences with the engine's declarations of them, made when first needed and never
 * changed, shared by every duel of a setup (most duels go through the same few states).
 */
interface Node {
  /** The attack (undefined: not made yet; null: every attack prohibited, Z8). */
  attack: AttackPart | null | undefined;
  /** The defence against a melee attack, and against a missile. */
  defences: [DefencePart | undefined, DefencePart | undefined];
  /** The node after one more impairing injury, by `injuryKey`. */
  next: Map<string, Node>;
}
interface AttackPart {
  choice: HmzdAttackChoice;
  decl: HmzdAttack;
}
interface DefencePart {
  choice: HmzdDefenceChoice;
  decl: HmzdDefence;
}

/** One side made ready for duels: the fighter, its policy, and its nodes by injury state. */
interface Prepared {
  side: HmzdDuelSide;
  policy: HmzdPolicy;
  /** The other fighter's zones (its body plan), for this one's placement. */
  zones: number;
  nodes: Map<string, Node>;
}

/** Injury states kept per side before the map starts again (a bound on memory, not a figure). */
const NODES_MAX = 4096;

function prepare(side: HmzdDuelSide, other: HmzdDuelSide): Prepared {
  return {
    side,
    policy: side.policy ?? {},
    zones: other.fighter.combatant.plan.zoneCount,
    nodes: new Map(),
  };
}

interface Fighting {
  f: HmzdDuelFighter;
  p: Prepared;
  state: ShockState;
  /** The turn counter when the current STN or INC was taken (its recovery is at a later turn's end). */
  stateTurn: number;
  injuries: Carried[];
  /** The injuries that impair (Z8: S, G, an M whose shock test failed). */
  impairing: ZoneInjury[];
  setup: number;
  setupRound: number;
  /** The node of the current injury state. */
  node: Node;
}

/** The action an item or defence is (Z8): its hand's arm, both, the legs, or only the body. */
const ACTIONS: Readonly<Record<HmzdDuelUses, ImpairmentAction>> = Object.freeze({
  right: { kind: "weapon", hand: "right" },
  left: { kind: "weapon", hand: "left" },
  both: { kind: "weapon", hand: "both" },
  legs: { kind: "dodge" },
  // A creature's bite or claw: the zones every action uses (head, neck, torso).
  body: { kind: "zones", zones: [] },
});

/** The impairment of these injuries on an action (Z8, zd-state's impairment): null, prohibited. */
function impairmentOf(
  s: Fighting,
  injuries: readonly ZoneInjury[],
): (uses: HmzdDuelUses) => number | null {
  const plan = s.f.combatant.plan;
  return (uses) => {
    if (!injuries.length) return 0;
    const i = impairment(plan, injuries, ACTIONS[uses]);
    return i.forbidden ? null : i.penalty;
  };
}

/** What impairment reads of an injury (its zone, side and severity). */
const injuryKey = (i: ZoneInjury) => `${i.zone}/${i.side}/${i.severity}`;

/** The node of a fighter's injury state (the injuries that impair, in any order). */
function nodeOf(p: Prepared, injuries: readonly ZoneInjury[]): Node {
  const key = injuries.map(injuryKey).sort().join(",");
  let node = p.nodes.get(key);
  if (!node) {
    if (p.nodes.size >= NODES_MAX) p.nodes.clear();
    node = { attack: undefined, defences: [undefined, undefined], next: new Map() };
    p.nodes.set(key, node);
  }
  return node;
}

/** The node after `added` joins the impairing injuries (the transition kept on the node). */
function nextNode(s: Fighting, added: ZoneInjury): Node {
  const key = injuryKey(added);
  let node = s.node.next.get(key);
  if (!node) s.node.next.set(key, (node = nodeOf(s.p, s.impairing)));
  return node;
}

function fresh(p: Prepared): Fighting {
  return {
    f: p.side.fighter,
    p,
    state: p.side.state ?? "none",
    stateTurn: -1,
    injuries: [],
    impairing: [],
    setup: 0,
    setupRound: 0,
    node: nodeOf(p, []),
  };
}

/** The policy's attack now (Z8: null when every attack is prohibited). */
function attackOf(s: Fighting): AttackPart | null {
  const node = s.node;
  if (node.attack === undefined) {
    const choice = hmzdAttack(s.f, impairmentOf(s, s.impairing), s.p.policy, s.p.zones);
    node.attack = choice && { choice, decl: attackDecl(choice) };
  }
  return node.attack;
}

/** The policy's defence now against a melee attack or a missile. */
function defenceOf(s: Fighting, missile: boolean): DefencePart {
  const i = missile ? 1 : 0;
  let part = s.node.defences[i];
  if (!part) {
    const choice = hmzdDefence(s.f, impairmentOf(s, s.impairing), s.p.policy, missile);
    part = s.node.defences[i] = { choice, decl: defenceDecl(choice) };
  }
  return part;
}

function checkSide(side: HmzdDuelSide, field: string): void {
  if (side === null || typeof side !== "object")
    throw new InputError(field, side, "expected a duel side {fighter, policy?, state?}");
  if (side.policy !== undefined) checkHmzdPolicy(side.fighter, side.policy, `${field}.policy`);
  if (side.state !== undefined && !(HMZD_STATES as readonly string[]).includes(side.state))
    throw new InputError(`${field}.state`, side.state, `expected one of ${HMZD_STATES.join(", ")}`);
}

/** A step-by-step duel. */
export function createHmzdDuel(
  a: HmzdDuelSide,
  b: HmzdDuelSide,
  options: HmzdDuelOptions = {},
): HmzdDuel {
  checkSide(a, "a");
  checkSide(b, "b");
  const maxRounds = options.maxRounds ?? 100;
  if (!Number.isInteger(maxRounds) || maxRounds < 1)
    throw new InputError("maxRounds", maxRounds, "expected a whole number ≥ 1");
  return duelEngine(prepare(a, b), prepare(b, a), maxRounds, options.keepSteps !== false);
}

function duelEngine(pa: Prepared, pb: Prepared, maxRounds: number, keep: boolean): HmzdDuel {
  const fighters: Record<SideKey, Fighting> = { a: fresh(pa), b: fresh(pb) };
  const a = pa.side;
  const b = pb.side;
  // Z11: Initiative EML order, ties to side A.
  const first: SideKey = b.fighter.initiative > a.fighter.initiative ? "b" : "a";
  const injuries: DuelInjury[] = [];
  const steps: HmzdDuelStep[] = [];
  let round = 1;
  /** Turns taken in the round (0, 1, 2). */
  let inRound = 0;
  /** Turns taken in the duel. */
  let turn = 0;
  let end: HmzdDuelResult["end"] | null = null;
  let winner: SideKey | null = null;

  /** A fighter out of the fight, and how. */
  const outcome = (s: Fighting): "dead" | "incapacitated" | "out" | null => {
    if (s.state === "KIA") return "dead";
    if (s.state === "INC" || s.state === "UNC") return "incapacitated";
    // Z8: no attack it may make: it cannot act.
    return attackOf(s) ? null : "out";
  };
  const settle = () => {
    const oa = outcome(fighters.a);
    const ob = outcome(fighters.b);
    if (oa && ob) {
      end = "both";
      winner = null;
    } else if (oa || ob) {
      end = (oa ?? ob)!;
      winner = oa ? "b" : "a";
    }
  };

  /** The Setup levels a fighter brings to a test now (Z16): spent by this test. */
  const setupFor = (s: Fighting): number => {
    if (s.setup === 0) return 0;
    const n = s.setupRound === round ? s.setup : 0;
    if (s.setupRound <= round) s.setup = 0;
    return n;
  };

  const injure = (victim: Fighting, side: SideKey, o: NonNullable<ZdOutcome["strike"]>) => {
    if (o.injury) {
      const impairs: ZoneInjury = {
        severity: o.injury[0] as ZoneInjury["severity"],
        level: o.level,
        zone: o.zoneId,
        side: o.side,
        // An M hinders once its shock test failed (the duel ends within ten minutes, Z29).
        hinders: !o.shockSucceeded,
      };
      victim.injuries.push({
        impairs,
        location: o.location,
        zone: o.zone,
        injury: o.injury,
        shockSucceeded: o.shockSucceeded,
      });
      if (impairs.severity !== "M" || impairs.hinders) {
        victim.impairing = [...victim.impairing, impairs];
        victim.node = nextNode(victim, impairs);
      }
      injuries.push({ side, location: o.location, severity: o.injury, level: o.level });
    }
    const state = combineShock(victim.state, o.state);
    if (state !== victim.state) {
      victim.state = state;
      victim.stateTurn = turn;
    }
  };

  /** The Shock test that may end STN or INC at the end of `side`'s turn (Z15). */
  const recover = (side: SideKey, dice: Dice): HmzdRecovery | null => {
    const s = fighters[side];
    if ((s.state !== "STN" && s.state !== "INC") || s.stateTurn >= turn) return null;
    const test = shockTest(dice, "recovery", s.f.combatant.shock);
    const from = s.state;
    const to = recoveredState(from, test.success);
    if (to !== from) {
      s.state = to;
      s.stateTurn = turn;
    }
    return { side, roll: test.total, target: test.target, level: test.level, from, to };
  };

  const exchange = (by: SideKey, dice: Dice): HmzdDuelExchange | HmzdDuelPass => {
    const me = fighters[by];
    const foe = fighters[OTHER[by]];
    const attackPart = attackOf(me);
    if (!attackPart) return { kind: "pass", round, side: by, recovery: recover(by, dice) };
    const attack = attackPart.choice;
    const defencePart = defenceOf(foe, attack.weapon.missile);
    const defence = defencePart.choice;
    const setupA = setupFor(me);
    const setupD = defence.type === "ignore" ? 0 : setupFor(foe);
    const { result, outcome: o } = exchangeOf(
      { fighter: me.f, state: me.state, setup: setupA },
      { fighter: foe.f, state: foe.state, setup: setupD },
      attackPart.decl,
      defencePart.decl,
      dice,
    );
    if (o.setup > 0 && o.victor) {
      const winner = o.victor === "attacker" ? me : foe;
      winner.setup += o.setup;
      winner.setupRound = round + 1;
    }
    if (o.strike) {
      const victimSide = o.strike.by === "attacker" ? OTHER[by] : by;
      injure(fighters[victimSide], victimSide, o.strike);
    }
    return {
      kind: "exchange",
      round,
      attacker: by,
      attack: stepAttack(attack, setupA),
      defence: {
        type: defence.type,
        eml: defence.eml,
        weapon: defence.weapon?.name ?? null,
        setup: setupD,
      },
      result,
      states: { a: fighters.a.state, b: fighters.b.state },
      recovery: recover(by, dice),
    };
  };

  settle();

  return {
    get done() {
      return end !== null;
    },
    next(dice: Dice): HmzdDuelStep | null {
      if (end !== null) return null;
      if (inRound === 2) {
        if (round >= maxRounds) {
          end = "maxRounds";
          return null;
        }
        round++;
        inRound = 0;
      }
      const by = inRound === 0 ? first : OTHER[first];
      inRound++;
      turn++;
      const me = fighters[by];
      const step: HmzdDuelStep =
        me.state === "STN"
          ? { kind: "pass", round, side: by, recovery: recover(by, dice) }
          : exchange(by, dice);
      if (keep) steps.push(step);
      settle();
      return step;
    },
    state(side: SideKey): HmzdDuelFighterState {
      const s = fighters[side];
      return {
        shock: s.state,
        injuries: s.injuries.map(({ location, zone, injury, shockSucceeded }) => ({
          location,
          zone,
          injury,
          shockSucceeded,
        })),
        setup: s.setup ? { count: s.setup, round: s.setupRound } : null,
      };
    },
    result(): HmzdDuelResult {
      return {
        winner,
        rounds: round,
        end: end ?? "maxRounds",
        injuries: [...injuries],
        steps: [...steps],
      };
    },
  };
}

function stepAttack(a: HmzdAttackChoice, setup: number): HmzdDuelExchange["attack"] {
  return { weapon: a.weapon.name, mode: a.mode.id, eml: a.eml, placement: a.placement, setup };
}

/** A whole duel with `dice`. */
export function runHmzdDuel(
  a: HmzdDuelSide,
  b: HmzdDuelSide,
  dice: Dice,
  options: HmzdDuelOptions = {},
): HmzdDuelResult {
  const duel = createHmzdDuel(a, b, options);
  while (duel.next(dice)) {
    /* the steps are the duel's */
  }
  return duel.result();
}

/** `n` duels with the dice of `seed` (one stream for all), counted as the HM3 duels are. */
export function runHmzdDuels(
  a: HmzdDuelSide,
  b: HmzdDuelSide,
  n: number,
  seed: number,
  onProgress?: (done: number, n: number) => void,
): DuelStats {
  if (!Number.isInteger(n) || n < 0) throw new InputError("n", n, "expected a whole number ≥ 0");
  createHmzdDuel(a, b);
  // The sides made ready once: their policies' choices by injury state serve every duel.
  const pa = prepare(a, b);
  const pb = prepare(b, a);
  const dice = new SeededDice(seed);
  return countDuels(
    n,
    () => {
      const duel = duelEngine(pa, pb, 100, false);
      while (duel.next(dice)) {
        /* to the end */
      }
      return duel.result();
    },
    onProgress,
  );
}

/** The injury bands of hmzd.md §4 as the duel statistics count them (ids shown as they are). */
export const HMZD_SEVERITIES: readonly DuelSeverity[] = Object.freeze([
  { id: "M1", labelKey: null, colour: "#c9b458" },
  { id: "S2", labelKey: null, colour: "#e0a040" },
  { id: "S3", labelKey: null, colour: "#d9822b" },
  { id: "G4", labelKey: null, colour: "#b8352a" },
  { id: "G5", labelKey: null, colour: "#4a1010" },
]);
