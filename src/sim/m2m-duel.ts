/**
 * GURPS Man to Man duels (issue 17; docs/duel.md, ruling M97): two fighters stored as Foundry
 * Actor documents (the m2m sample fighters pack, an exported actor) fight turn by turn to a
 * decision, each exchange through the engine's own exchange (`startExchange`,
 * `finishExchange`: attack, active defence, damage, wound, knockdown, death checks) and the
 * turn rules of spec §4 and §9 applied between exchanges. Pure: dice are injected.
 *
 * The fighters are derived once (`m2mDuelFighter`, m2m-duel-fighter.ts, from the same snapshot
 * `cli fight` reads: `fighterFromSource` with the m2m ruleset); a duel then keeps only a few
 * numbers per fighter (hit points, shock, stun, posture, each weapon's readiness by index),
 * never a copy of a document. The turn rules are the flow's (`m2mFlow`, src/rules/m2m/flow.ts):
 * the start-of-turn rolls and the dropped weapon's roll are the same functions
 * (src/rules/m2m/turn-rules.ts), the rest is held equal to the flow turn by turn by
 * test/sim/m2m-duel-flow.test.ts.
 *
 * How a duel goes (spec §4.1, §4.6, §6, §9; ruling M97):
 * - Order: Move, then Basic Speed (L1600–1602), then a 1d6 roll each (re-rolled on a tie),
 *   fixed for the duel. A round is one turn of each fighter.
 * - At the start of a turn: the defences used since the last turn come back (one parry per
 *   weapon, one block), a lost balance ends (L2605), last turn's shock becomes this turn's
 *   penalty to the attack (L1866). At 0 HP an HT roll (`consciousness`) or unconscious (L1874);
 *   stunned, an HT roll (`stunRecovery`): failed, the turn is lost (L1870). A funny-bone
 *   crippling (critical hit) wears off at the end of his sixth turn after it (L2497).
 * - Then the turn's maneuver, the first that applies: with a crippled leg or foot, Change
 *   Position to sitting (L3679); lying, to kneeling; kneeling or sitting with a weapon on the
 *   ground, pick it up (and stand, L2631–2633); kneeling, stand up; a weapon to pick up, kneel;
 *   sitting with sound legs, stand up; the shield unready (a block's 17–18), Ready it; no ready
 *   weapon, Ready the best one (one turn less to ready); no weapon he can use now (a weapon arm
 *   crippled for a few turns, ruling M106), Wait; otherwise Attack with the ready weapon and
 *   mode of the highest effective skill (ties: the higher mean damage), at a random location.
 * - The defender takes the best active defence left (§6.2, `allowedDefences` with its
 *   modifiers: stunned −4, posture, lost balance, flail): Dodge (halved at 3 HP or less,
 *   L1872), Block once per turn with a ready shield, Parry once per weapon per turn with a
 *   ready weapon (twice with a fencing weapon, C8); ties go to Dodge, then Block, then Parry
 *   (a parry risks the weapon).
 * - Readiness (§4.6): after an attack the weapon needs its mode's ready turns (less for high
 *   ST, L2119–2125); a † weapon after a parry as after its slowest attack (L2129, L2390);
 *   falling, losing balance or being stunned unreadies the weapons in hand that need readying,
 *   for their slowest attack (L2115; high ST does not shorten it), as does picking one up; a
 *   weapon turned in the hand needs 1 more turn. The weapon a critical miss breaks, turns or
 *   drops is the one used (attack or parry; a drop with none: the first in hand); a critical
 *   hit's drop is the weapon held, or one rolled among two or more (`dropWeapon`, L2573); a
 *   crippled weapon arm or hand drops all (L3671–3673). A broken weapon is gone for the duel
 *   (its partial use, L2635–2651, is not modelled).
 * - The end: a fighter dead or unconscious is out (`end` "dead" or "incapacitated"), as is one
 *   who can no longer attack (every weapon broken, the weapon arm or hand crippled for the
 *   encounter: "out");
 *   both at once: no winner ("both"); `maxRounds` (default 100) rounds: undecided.
 */
import { SeededDice, type Dice } from "../core/dice";
import { InputError } from "../core/errors";
import { attackModifier } from "../rules/m2m/attack";
import { allowedDefences, PARRY_WEAPON_KINDS, type DefenderContext } from "../rules/m2m/defence";
import {
  DEFAULT_M2M_OPTIONS,
  finishExchange,
  startExchange,
  type M2mCombatant,
  type M2mDeclaration,
  type M2mDefence,
  type M2mResult,
} from "../rules/m2m/exchange";
import { droppedWeaponIndex, turnStartRolls } from "../rules/m2m/turn-rules";
import type { HitLocation } from "../rules/m2m/types";
import type { Localize } from "../foundry/sheets/common";
import { LOCATION_LABEL } from "../foundry/rulesets/m2m/sheets/labels";
import type { DuelInjury, DuelSeverity, DuelStats, SideKey } from "./duel";
import { countDuels } from "./duel-stats";
import type { M2mDuelAttack, M2mDuelFighter } from "./m2m-duel-fighter";

export {
  m2mDuelFighter,
  type M2mDuelAttack,
  type M2mDuelFighter,
  type M2mDuelParry,
  type M2mDuelWeapon,
} from "./m2m-duel-fighter";

type Posture = "standing" | "kneeling" | "sitting" | "lying";
const POSTURES: readonly Posture[] = ["standing", "kneeling", "sitting", "lying"];

/** What a turn was spent on when it was not an attack. */
export type M2mTurnAction =
  | "unconscious"
  | "stunned"
  | "kneel"
  | "stand"
  | "sit"
  | "pickUp"
  | "readyShield"
  | "ready"
  | "wait";

export interface M2mDuelExchange {
  kind: "exchange";
  round: number;
  attacker: SideKey;
  attack: { weapon: string; mode: string; skill: number };
  defence: { type: M2mDefence["type"]; score: number; pd: number; weapon: string | null };
  result: M2mResult;
  /** The weapon a critical hit made the defender drop (rolled among two or more, L2573). */
  dropped?: string;
}

export interface M2mDuelTurn {
  kind: "turn";
  round: number;
  side: SideKey;
  action: M2mTurnAction;
  /** The start-of-turn HT rolls made (`consciousness`, `stunRecovery`; turn-rules.ts). */
  rolls: { name: string; roll: number; target: number; success: boolean }[];
}

export type M2mDuelStep = M2mDuelExchange | M2mDuelTurn;

export interface M2mDuelResult {
  winner: SideKey | null;
  rounds: number;
  end: "incapacitated" | "dead" | "out" | "maxRounds" | "both";
  injuries: DuelInjury[];
  steps: M2mDuelStep[];
}

/** A fighter's state between two steps of a duel (`M2mDuel.state`; tests, the workbench). */
export interface M2mDuelFighterState {
  hp: number;
  /** Shock taken, the penalty to his next turn's attack (L1866). */
  shock: number;
  stunned: boolean;
  unconscious: boolean;
  dead: boolean;
  posture: Posture;
  offBalance: boolean;
  shieldReady: boolean;
  /** Crippled locations, each with the turns left when it wears off (a funny bone, L2497). */
  crippled: { location: HitLocation; turnsLeft: number | null }[];
  /** By weapon id, in sheet order. */
  weapons: Record<string, { place: "hand" | "ground"; turnsToReady: number; broken: boolean }>;
}

/** A fighter's figures prepared once for duels (indexes instead of ids, remembered defences). */
interface Prepared {
  /** Weapon index (sheet order) of each attack and each parry. */
  attackWeapon: number[];
  parryWeapon: number[];
  /** Parries per turn of each parry (2 for a fencing weapon, C8). */
  parryLimit: number[];
  /** The parry's weapon kind for `allowedDefences`. */
  parryKind: string[];
  /** Defences by defender context (`contextKey`): modifier if allowed, else null. */
  defences: Map<number, DefenceTable>;
  /** The exchange's attack of each attack at each effective skill (never changed once made). */
  attackDecls: Map<number, M2mDeclaration["attack"]>;
}

interface DefenceTable {
  dodge: number | null;
  block: number | null;
  /** By parry index. */
  parry: (number | null)[];
}

const PREPARED = new WeakMap<M2mDuelFighter, Prepared>();
function prepare(f: M2mDuelFighter): Prepared {
  let p = PREPARED.get(f);
  if (p) return p;
  const index = (id: string) => {
    const i = f.weapons.findIndex((w) => w.id === id);
    if (i < 0) throw new InputError("weaponId", id, "is not one of the fighter's weapons");
    return i;
  };
  p = {
    attackWeapon: f.attacks.map((a) => index(a.weaponId)),
    parryWeapon: f.parries.map((x) => index(x.weaponId)),
    parryLimit: f.parries.map((x) => (x.fencing ? 2 : 1)),
    parryKind: f.parries.map((x) =>
      (PARRY_WEAPON_KINDS as readonly string[]).includes(x.kind) ? x.kind : "weapon",
    ),
    defences: new Map(),
    attackDecls: new Map(),
  };
  PREPARED.set(f, p);
  return p;
}

/** A fighter's state during one duel. */
interface Fighting {
  f: M2mDuelFighter;
  p: Prepared;
  hp: number;
  /** Hits taken since the start of its last turn: next turn's penalty (L1866). */
  shock: number;
  stunned: boolean;
  unconscious: boolean;
  dead: boolean;
  posture: Posture;
  /** Every crippled location (the exchange's list; replaced, never changed in place). */
  crippled: HitLocation[];
  /** Those crippled for the encounter. */
  lasting: HitLocation[];
  /** Those that wear off (a funny bone, 6 turns, L2497): armed at his next turn's start. */
  timed: { location: HitLocation; left: number; armed: boolean }[];
  /** By weapon index: turns to ready, on the ground, broken, parries this turn. */
  readyIn: number[];
  ground: boolean[];
  broken: boolean[];
  parries: number[];
  blocked: boolean;
  shieldUnready: boolean;
  offBalance: boolean;
  /** Whether some attack is left to him for the duel (null: to be worked out again). */
  armed: boolean | null;
  /** The exchange's figures of him (`combatant`): against other blows, against impaling. */
  combatants: [M2mCombatant | null, M2mCombatant | null];
}

const OTHER: Record<SideKey, SideKey> = { a: "b", b: "a" };
const LEGS = new Set<string>(["left-leg", "right-leg", "left-foot", "right-foot"]);
const POSTURE_ATTACK: Record<Posture, number> = {
  standing: 0,
  kneeling: attackModifier("posture", { position: "kneeling" }).value,
  sitting: attackModifier("posture", { position: "sitting" }).value,
  lying: attackModifier("posture", { position: "lying" }).value,
};

function fresh(f: M2mDuelFighter): Fighting {
  const n = f.weapons.length;
  return {
    f,
    p: prepare(f),
    hp: f.hp,
    shock: 0,
    stunned: false,
    unconscious: f.hp < 0,
    dead: false,
    posture: "standing",
    crippled: [...f.crippled],
    lasting: [...f.crippled],
    timed: [],
    readyIn: new Array<number>(n).fill(0),
    ground: new Array<boolean>(n).fill(false),
    broken: new Array<boolean>(n).fill(false),
    parries: new Array<number>(n).fill(0),
    blocked: false,
    shieldUnready: false,
    offBalance: false,
    armed: null,
    combatants: [null, null],
  };
}

const legCrippled = (s: Fighting) => s.crippled.some((l) => LEGS.has(l));
const crippledArm = (list: readonly HitLocation[], arm: "left" | "right") =>
  list.includes(arm === "right" ? "right-arm" : "left-arm") ||
  list.includes(arm === "right" ? "right-hand" : "left-hand");

/**
 * Whether a weapon can be used with the hands he has (the weapon hand is the right, L2462):
 * `list` the crippled locations, all of them (now) or those for the encounter (ever).
 */
function usable(s: Fighting, wi: number, hands: 1 | 2, list: readonly HitLocation[]): boolean {
  if (s.broken[wi] || crippledArm(list, "right")) return false;
  return hands === 1 || !crippledArm(list, "left");
}

function outcome(s: Fighting): "dead" | "incapacitated" | "out" | null {
  if (s.dead) return "dead";
  if (s.unconscious) return "incapacitated";
  if (s.armed === null) {
    const { attacks } = s.f;
    s.armed = false;
    for (let i = 0; i < attacks.length && !s.armed; i++)
      s.armed = usable(s, s.p.attackWeapon[i]!, attacks[i]!.hands, s.lasting);
  }
  return s.armed ? null : "out";
}

/** Falling, losing balance or being stunned unreadies the weapons in hand that need readying (L2115, `onFall`). */
function unreadyInHand(s: Fighting): void {
  const w = s.f.weapons;
  for (let i = 0; i < w.length; i++)
    if (!s.ground[i] && w[i]!.fallTurns > s.readyIn[i]!) s.readyIn[i] = w[i]!.fallTurns;
}

/**
 * The combatant figures the exchange reads, made again only when his hit points or crippled
 * limbs have changed (the exchange never changes them; kept results may hold them).
 */
function combatant(s: Fighting, impaling: boolean): M2mCombatant {
  const i = impaling ? 1 : 0;
  const c = s.combatants[i];
  if (c && c.hp === s.hp && c.crippled === s.crippled) return c;
  return (s.combatants[i] = {
    ht: s.f.ht,
    hp: s.hp,
    dr: impaling ? s.f.drVsImpaling : s.f.dr,
    toughness: s.f.toughness,
    shield: s.f.block !== null,
    crippled: s.crippled,
  });
}

/** The defences open to `s` in a context (`allowedDefences` with its modifiers), remembered per fighter. */
function defenceTable(
  s: Fighting,
  flail: boolean,
  ctx: DefenderContext,
  key: number,
): DefenceTable {
  let t = s.p.defences.get(key);
  if (t) return t;
  const kind = flail ? "flail" : "melee";
  const plain = allowedDefences({ kind }, { ...ctx, readyWeapon: false, weaponKind: "weapon" });
  const mod = (defence: string, list: ReturnType<typeof allowedDefences>) => {
    const o = list.find((x) => x.defence === defence);
    return o?.allowed ? o.modifier : null;
  };
  t = {
    dodge: mod("dodge", plain),
    block: mod("block", plain),
    parry: s.p.parryKind.map((weaponKind) =>
      mod("parry", allowedDefences({ kind }, { ...ctx, readyWeapon: true, weaponKind })),
    ),
  };
  s.p.defences.set(key, t);
  return t;
}

interface DefenceChoice {
  defence: M2mDefence;
  /** The parry's index, or −1. */
  parry: number;
}

/** The best active defence left to `s` against `attack` (ties: Dodge, Block, Parry). */
function bestDefence(s: Fighting, attack: M2mDuelAttack): DefenceChoice {
  const f = s.f;
  // A crippled hand still holds its shield and blocks; a crippled arm does not (L3673–3675).
  const shieldArm = f.block !== null && s.crippled.includes("left-arm");
  const pd =
    (attack.type === "imp" ? f.pdVsImpaling : f.pd) - (shieldArm ? Math.min(2, f.shieldPd) : 0);
  const readyShield = f.block !== null && !s.blocked && !s.shieldUnready && !shieldArm;
  const key =
    (s.stunned ? 1 : 0) |
    (readyShield ? 2 : 0) |
    (shieldArm ? 4 : 0) |
    (s.offBalance ? 8 : 0) |
    (attack.flail ? 16 : 0) |
    (POSTURES.indexOf(s.posture) << 5);
  const t =
    s.p.defences.get(key) ??
    defenceTable(
      s,
      attack.flail,
      {
        stunned: s.stunned,
        readyShield,
        shieldArmCrippled: shieldArm,
        posture: s.posture,
        lostBalance: s.offBalance,
      },
      key,
    );
  let type: M2mDefence["type"] = "none";
  let best = -1;
  let parry = -1;
  if (t.dodge !== null) {
    best = Math.max(0, (s.hp <= 3 ? Math.floor(f.dodge / 2) : f.dodge) + t.dodge);
    type = "dodge";
  }
  if (t.block !== null) {
    const score = Math.max(0, (f.block ?? 0) + t.block);
    if (score > best) [best, type] = [score, "block"];
  }
  const { parries } = f;
  for (let i = 0; i < parries.length; i++) {
    const m = t.parry[i];
    if (m === null || m === undefined) continue;
    const p = parries[i]!;
    const wi = s.p.parryWeapon[i]!;
    if (s.parries[wi]! >= s.p.parryLimit[i]! || s.ground[wi] || s.readyIn[wi]) continue;
    if (!usable(s, wi, p.hands, s.crippled)) continue;
    const score = Math.max(0, p.value + m);
    if (score > best) [best, type, parry] = [score, "parry", i];
  }
  const defence: M2mDefence = { type, score: Math.max(0, best), pd };
  if (parry >= 0) defence.weapon = parries[parry]!.weapon;
  return { defence, parry };
}

export interface M2mDuel {
  readonly done: boolean;
  /** The next step (a turn spent otherwise than attacking, or an exchange); null when over. */
  next(dice: Dice): M2mDuelStep | null;
  result(): M2mDuelResult;
  /** A fighter's state now (a copy). */
  state(side: SideKey): M2mDuelFighterState;
}

interface Engine extends M2mDuel {
  /** One turn; builds its step only when `want` (or the duel keeps its steps). */
  advance(dice: Dice, want: boolean): M2mDuelStep | null;
}

/**
 * A duel between two derived fighters. `keepSteps: false` keeps no steps (for many duels).
 * The turn order is rolled on the first `next` (its `sequence` rolls only when Move and Speed tie).
 */
export function createM2mDuel(
  a: M2mDuelFighter,
  b: M2mDuelFighter,
  options: { maxRounds?: number; keepSteps?: boolean } = {},
): M2mDuel {
  return duelEngine(a, b, options);
}

function duelEngine(
  a: M2mDuelFighter,
  b: M2mDuelFighter,
  options: { maxRounds?: number; keepSteps?: boolean },
): Engine {
  const maxRounds = options.maxRounds ?? 100;
  const keep = options.keepSteps !== false;
  const sides: Record<SideKey, Fighting> = { a: fresh(a), b: fresh(b) };
  const injuries: DuelInjury[] = [];
  const steps: M2mDuelStep[] = [];
  let order: SideKey[] | null = null;
  let turn = 0;
  let round = 0;
  let winner: SideKey | null = null;
  let end: M2mDuelResult["end"] | null = null;

  const settle = () => {
    const oa = outcome(sides.a);
    const ob = outcome(sides.b);
    if (oa && ob) end = "both";
    else if (oa || ob) {
      winner = oa ? "b" : "a";
      end = (oa ?? ob)!;
    }
  };

  const rollOrder = (dice: Dice): SideKey[] => {
    const byFigures = b.move - a.move || b.speed - a.speed;
    if (byFigures) return byFigures > 0 ? ["b", "a"] : ["a", "b"];
    for (let i = 0; i < 10; i++) {
      const [ra, rb] = [dice.roll("sequence", 1, 6)[0]!, dice.roll("sequence", 1, 6)[0]!];
      if (ra !== rb) return rb > ra ? ["b", "a"] : ["a", "b"];
    }
    return ["a", "b"];
  };

  /** Crippled at `location`: for the encounter, or for `turns` of his turns (L2497). */
  const cripple = (s: Fighting, location: HitLocation, turns: number | null) => {
    if (s.lasting.includes(location)) return;
    const timed = s.timed.findIndex((t) => t.location === location);
    if (turns === null) {
      s.lasting = [...s.lasting, location];
      s.armed = null;
      if (timed >= 0) s.timed = s.timed.filter((_, i) => i !== timed);
    } else if (timed >= 0) s.timed[timed] = { location, left: turns, armed: false };
    else s.timed = [...s.timed, { location, left: turns, armed: false }];
    if (!s.crippled.includes(location)) s.crippled = [...s.crippled, location];
  };

  /** The end of his turn: a funny bone wears off after its turns (L2497; core `tickConditions`). */
  const endTurn = (s: Fighting) => {
    if (!s.timed.length) return;
    const left = s.timed
      .map((t) => (t.armed ? { ...t, left: t.left - 1 } : t))
      .filter((t) => t.left > 0);
    const gone = s.timed.filter((t) => !left.some((x) => x.location === t.location));
    s.timed = left;
    if (gone.length) s.crippled = s.crippled.filter((l) => !gone.some((t) => t.location === l));
  };

  /**
   * Applies the exchange's effects to the two fighters, as the flow's `nextState` does: a weapon
   * damaged, unreadied or dropped by a critical miss is the one used (the attack's, the parry's;
   * a drop with none: the first in hand); a critical hit's drop is the one held or one rolled
   * among those held (`dropWeapon`, L2573); a crippled weapon arm or hand drops all (L3671–3673,
   * not a strained shoulder, L2611).
   */
  const apply = (
    result: M2mResult,
    by: SideKey,
    used: { attacker: number; defender: number },
    dice: Dice,
  ): number => {
    const att = sides[by];
    const def = sides[OTHER[by]];
    let dropped = -1;
    const inHand = (s: Fighting) => {
      const out: number[] = [];
      for (let i = 0; i < s.ground.length; i++) if (!s.ground[i]) out.push(i);
      return out;
    };
    // The weapons in hand before the effects, when an effect drops some.
    const drops = result.effects.some(
      (e) => e.type === "condition" && (e.condition === "disarmed" || e.condition === "crippled"),
    );
    const held = drops
      ? { attacker: inHand(att), defender: inHand(def) }
      : { attacker: [], defender: [] };
    if (result.criticalHit?.effects.includes("drops-weapon"))
      dropped = held.defender[droppedWeaponIndex(held.defender.length, dice)] ?? -1;
    for (const e of result.effects) {
      const s = e.to === "attacker" ? att : def;
      const mine = used[e.to];
      if (e.type === "injury") {
        s.hp -= e.level;
        injuries.push({
          side: e.to === "attacker" ? by : OTHER[by],
          location: e.location,
          severity: e.severityKey,
          level: e.level,
        });
        continue;
      }
      if (e.type === "weaponDamaged") {
        if (mine >= 0) s.broken[mine] = true;
        s.armed = null;
        continue;
      }
      if (e.type !== "condition") continue;
      switch (e.condition) {
        case "shocked":
          s.shock += e.value ?? 0;
          break;
        case "stunned":
          s.stunned = true;
          unreadyInHand(s);
          break;
        case "prone":
          s.posture = "lying";
          unreadyInHand(s);
          break;
        case "offBalance":
          s.offBalance = true;
          unreadyInHand(s);
          break;
        case "weaponUnready":
          if (mine >= 0) s.readyIn[mine]! += 1;
          break;
        case "shieldUnready":
          s.shieldUnready = true;
          break;
        case "disarmed": {
          const w = e.cause === "criticalHit" ? dropped : mine >= 0 ? mine : (held[e.to][0] ?? -1);
          if (w >= 0) s.ground[w] = true;
          break;
        }
        case "crippled": {
          if (!e.location) break;
          const location = e.location as HitLocation;
          cripple(s, location, e.cause === "criticalHit" && e.value === 6 ? 6 : null);
          if (e.cause !== "criticalMiss" && (location === "right-arm" || location === "right-hand"))
            for (const i of held[e.to]) s.ground[i] = true;
          break;
        }
        case "unconscious":
          s.unconscious = true;
          break;
        case "dead":
          s.dead = true;
          break;
      }
    }
    return dropped;
  };

  const exchange = (
    by: SideKey,
    ai: number,
    penalty: number,
    dice: Dice,
    want: boolean,
  ): M2mDuelExchange | null => {
    const me = sides[by];
    const foe = sides[OTHER[by]];
    const attack = me.f.attacks[ai]!;
    let skill = attack.skill + POSTURE_ATTACK[me.posture];
    if (penalty > 0) skill += attackModifier("shock", { hits: penalty }).value;
    const declKey = ai * 1024 + skill + 512;
    let decl = me.p.attackDecls.get(declKey);
    if (!decl) {
      decl = {
        skill,
        damage: attack.damage,
        type: attack.type,
        target: "random",
        ranged: false,
        unarmed: false,
        breakResistant: attack.breakResistant,
        halfDamage: false,
      };
      me.p.attackDecls.set(declKey, decl);
    }
    let state = startExchange(
      {
        attack: decl,
        defender: combatant(foe, attack.type === "imp"),
        attacker: combatant(me, false),
        options: DEFAULT_M2M_OPTIONS,
      },
      dice,
    );
    const wi = me.p.attackWeapon[ai]!;
    me.readyIn[wi] = attack.readyAfter;
    const used = { attacker: wi, defender: -1 };
    let choice: DefenceChoice | null = null;
    if (state.awaitingDefence) {
      choice = bestDefence(foe, attack);
      if (choice.defence.type === "block") foe.blocked = true;
      if (choice.parry >= 0) {
        const p = foe.f.parries[choice.parry]!;
        const pw = foe.p.parryWeapon[choice.parry]!;
        foe.parries[pw]!++;
        used.defender = pw;
        if (p.readyAfter) foe.readyIn[pw] = p.readyAfter;
      }
      state = finishExchange(state, choice.defence, dice);
    }
    const result = state.result!;
    const dropped = apply(result, by, used, dice);
    settle();
    if (!want && !keep) return null;
    const step: M2mDuelExchange = {
      kind: "exchange",
      round,
      attacker: by,
      attack: { weapon: attack.weapon, mode: attack.mode, skill },
      defence: {
        type: choice?.defence.type ?? "none",
        score: choice?.defence.score ?? 0,
        pd: choice?.defence.pd ?? 0,
        weapon: used.defender >= 0 ? foe.f.weapons[used.defender]!.name : null,
      },
      result,
    };
    if (dropped >= 0) step.dropped = foe.f.weapons[dropped]!.name;
    if (keep) steps.push(step);
    return step;
  };

  /** A turn of `by` spent otherwise than attacking. */
  const spendTurn = (
    by: SideKey,
    action: M2mTurnAction,
    start: ReturnType<typeof turnStartRolls> | null,
    want: boolean,
  ): M2mDuelTurn | null => {
    endTurn(sides[by]);
    settle();
    if (!want && !keep) return null;
    const rolls = (start?.rolls ?? []).map((r) => ({
      name: r.roll,
      roll: r.total,
      target: r.target,
      success: r.success,
    }));
    const step: M2mDuelTurn = { kind: "turn", round, side: by, action, rolls };
    if (keep) steps.push(step);
    return step;
  };

  /** One turn of `by` (spec §4.1: the turn starts when it chooses its maneuver). */
  const takeTurn = (by: SideKey, dice: Dice, want: boolean): M2mDuelStep | null => {
    const me = sides[by];
    me.parries.fill(0);
    me.blocked = false;
    me.offBalance = false;
    for (const t of me.timed) t.armed = true;
    const penalty = me.shock;
    me.shock = 0;
    const start =
      me.hp === 0 || me.stunned
        ? turnStartRolls({ ht: me.f.ht, hp: me.hp, stunned: me.stunned, out: false }, dice)
        : null;
    if (start?.unconscious) {
      me.unconscious = true;
      return spendTurn(by, "unconscious", start, want);
    }
    if (start?.stunned) return spendTurn(by, "stunned", start, want);
    me.stunned = false;
    const { attacks, weapons } = me.f;
    const aw = me.p.attackWeapon;
    // Weapons on the ground it could fight with, and the attacks it could make once ready.
    let onGround = false;
    let wanted = -1;
    for (let i = 0; i < attacks.length; i++) {
      if (!usable(me, aw[i]!, attacks[i]!.hands, me.crippled)) continue;
      if (me.ground[aw[i]!]) onGround = true;
      else if (wanted < 0 || (!me.readyIn[aw[i]!] && me.readyIn[aw[wanted]!])) wanted = i;
    }
    const legs = legCrippled(me);
    if (legs && me.posture !== "sitting" && !(onGround && me.posture === "kneeling")) {
      me.posture = "sitting";
      return spendTurn(by, "sit", start, want);
    }
    if (me.posture === "lying") {
      me.posture = "kneeling";
      return spendTurn(by, "kneel", start, want);
    }
    if (onGround && wanted < 0) {
      if (me.posture === "standing") {
        me.posture = "kneeling";
        return spendTurn(by, "kneel", start, want);
      }
      // Pick up and stand (L2631–2633, `pickUp`): a weapon that needs readying after use needs it now.
      for (let i = 0; i < weapons.length; i++)
        if (me.ground[i]) {
          me.ground[i] = false;
          me.readyIn[i] = weapons[i]!.fallTurns;
        }
      me.posture = legs ? "sitting" : "standing";
      return spendTurn(by, "pickUp", start, want);
    }
    if (me.posture === "kneeling" || (me.posture === "sitting" && !legs)) {
      me.posture = "standing";
      return spendTurn(by, "stand", start, want);
    }
    if (me.shieldUnready && !me.crippled.includes("left-arm")) {
      me.shieldUnready = false;
      return spendTurn(by, "readyShield", start, want);
    }
    if (wanted < 0) return spendTurn(by, "wait", start, want);
    const wi = aw[wanted]!;
    if (me.readyIn[wi]) {
      me.readyIn[wi]!--;
      return spendTurn(by, "ready", start, want);
    }
    const step = exchange(by, wanted, penalty, dice, want);
    endTurn(me);
    return step;
  };

  settle();

  const snapshot = (s: Fighting): M2mDuelFighterState => {
    const weaponState: M2mDuelFighterState["weapons"] = {};
    s.f.weapons.forEach((w, i) => {
      weaponState[w.id] = {
        place: s.ground[i] ? "ground" : "hand",
        turnsToReady: s.readyIn[i]!,
        broken: s.broken[i]!,
      };
    });
    return {
      hp: s.hp,
      shock: s.shock,
      stunned: s.stunned,
      unconscious: s.unconscious,
      dead: s.dead,
      posture: s.posture,
      offBalance: s.offBalance,
      shieldReady: !s.shieldUnready,
      crippled: s.crippled.map((location) => ({
        location,
        turnsLeft: s.timed.find((t) => t.location === location)?.left ?? null,
      })),
      weapons: weaponState,
    };
  };

  const engine: Engine = {
    get done() {
      return end !== null;
    },
    advance(dice: Dice, want: boolean): M2mDuelStep | null {
      if (end !== null) return null;
      order ??= rollOrder(dice);
      if (turn % 2 === 0) {
        if (round >= maxRounds) {
          end = "maxRounds";
          return null;
        }
        round++;
      }
      const by = order[turn++ % 2]!;
      return takeTurn(by, dice, want);
    },
    next(dice: Dice): M2mDuelStep | null {
      return engine.advance(dice, true);
    },
    result(): M2mDuelResult {
      return {
        winner,
        rounds: round,
        end: end ?? "maxRounds",
        injuries: [...injuries],
        steps: [...steps],
      };
    },
    state(side: SideKey): M2mDuelFighterState {
      return snapshot(sides[side]);
    },
  };
  return engine;
}

/** A whole duel with `dice`. */
export function runM2mDuel(
  a: M2mDuelFighter,
  b: M2mDuelFighter,
  dice: Dice,
  options: { maxRounds?: number; keepSteps?: boolean } = {},
): M2mDuelResult {
  const duel = duelEngine(a, b, options);
  while (!duel.done) duel.advance(dice, false);
  return duel.result();
}

/** `n` duels with the dice of `seed` (one stream for all), counted as the HM3 duels are. */
export function runM2mDuels(
  a: M2mDuelFighter,
  b: M2mDuelFighter,
  n: number,
  seed: number,
  onProgress?: (done: number, n: number) => void,
): DuelStats {
  if (!Number.isInteger(n) || n < 0) throw new InputError("n", n, "expected a whole number ≥ 0");
  const dice = new SeededDice(seed);
  return countDuels(n, () => runM2mDuel(a, b, dice, { keepSteps: false }), onProgress);
}

/** The severities of m2m injuries (the `severityKey` of the exchange's injury effects). */
export const M2M_SEVERITIES: readonly DuelSeverity[] = Object.freeze([
  { id: "wound", labelKey: "BLOWBYBLOW.Duel.severity.wound", colour: "#d9822b" },
  { id: "major", labelKey: "BLOWBYBLOW.Duel.severity.major", colour: "#8b1e1e" },
]);

/** An m2m hit location's name as the sheets show it (`right arm`). */
export function m2mLocationName(localize: Localize): (id: string) => string {
  const keys = LOCATION_LABEL as Readonly<Record<string, string>>;
  return (id) => (Object.hasOwn(keys, id) ? localize(keys[id]!) : id);
}
