/**
 * Exact odds of one GURPS Man to Man exchange, computed by enumerating the dice (never by
 * sampling). The enumeration walks the engine itself: `startExchange` and `finishExchange` run
 * once per distinct path of rolls, with dice that answer each named roll with one of its
 * outcomes and carry that outcome's exact probability. So the odds agree with `resolve` by
 * construction, rule for rule, and every roll the exchange makes is enumerated: the 2d6
 * `location` and 1d6 `side`, the 3d6 `attack`, `defence`, `criticalHit`, `criticalMiss` (and
 * its confirming rolls), the N d6 `damage`, the 3d6 HT rolls (`knockdown`, `death`…) and the
 * fumbler's own `self…` rolls.
 *
 * A roll is enumerated by its total (the engine reads only totals), each total weighted by the
 * number of ways the dice make it. Where the engine reads only a class of totals, the totals of
 * a class are merged into one branch of their summed weight: the `defence` roll by its outcome
 * against its target (critical success, success, failure, critical failure: nothing else of the
 * roll is read, §6.1), and the HT rolls by success or failure against the roller's basic HT
 * (§1.1, L422). Pure and framework-free.
 *
 * Per side: `defender` is what befalls the defender (the attack's wound and, after a parry's
 * 17-18, his own Critical Miss), `attacker` what befalls the attacker (his Critical Miss). The
 * headline figures are the defender's (docs/cli.md, "odds (m2m)").
 */
import type { Dice } from "../../core/dice";
import { InputError, readObject } from "../../core/errors";
import { attackOutcome } from "./attack";
import { formatDamageExpr } from "./damage";
import { defenceOutcome } from "./defence";
import {
  finishExchange,
  startExchange,
  type M2mDeclaration,
  type M2mDefence,
  type M2mResult,
  type M2mWoundOutcome,
} from "./exchange";
import { htRoll } from "./injury";
import { locationFromRoll } from "./location";
import { parseDeclaration, parseDefence } from "./parse";
import { HIT_LOCATIONS, type AttackOutcome, type DefenceOutcome, type HitLocation } from "./types";

/** What may befall one side, each figure a probability over the whole exchange. */
export interface M2mSideOdds {
  /** A wound of 1 or more injury lands on the side. */
  struck: number;
  /** Total injury counted this exchange (after the crippling cap), by total; sums to 1. */
  injury: Record<string, number>;
  /** Mean injury over the whole exchange. */
  expectedInjury: number;
  /** A single wound over HT/2 (L1772). */
  majorWound: number;
  /** A failed knockdown roll (L1868). */
  knockdown: number;
  /** Stunned (L2578, L3695; a critical's stun). */
  stunned: number;
  /** A location crippled (L3699; a critical's crippling). */
  crippled: number;
  /** Knocked out by a head blow over HT/2 (L2457), below 0 HP (L1876), or by a critical. */
  unconscious: number;
  /** Left at exactly 0 HP: an HT roll each turn to stay conscious (L1874). */
  consciousnessRolls: number;
  /** A failed death roll (L3641), a critical's kill, or −10 × HT (L3645). */
  dead: number;
}

export interface M2mOdds {
  ruleset: "m2m";
  /** The attack roll's outcome (§5.1); sums to 1. */
  attack: Record<AttackOutcome, number>;
  /** The defence roll's outcome; `noRoll` when none is made (no plain hit, or no chance, A1). */
  defence: Record<DefenceOutcome | "noRoll", number>;
  /** The attack strikes the defender. */
  hit: number;
  /** Where it strikes; `none` for no hit. Sums to 1. */
  location: Record<HitLocation | "none", number>;
  criticalHit: {
    /** The table rolled on (L2480, L2563), `none` if none; sums to 1. */
    table: Record<"critical-hit" | "critical-head-blow" | "none", number>;
    /** The table's 3d6 roll, `none` if none; sums to 1. */
    roll: Record<string, number>;
    /** Each effect of the table's entry (an entry may have several). */
    effects: Record<string, number>;
  };
  criticalMiss: {
    /** The attacker rolls on the Critical Miss table (his 17-18, or a defence of 3-4, L2596). */
    attacker: number;
    /** The defender does (a parry's 17-18, L2594). */
    defender: number;
    /** Each final effect, by side: `attacker:drop-weapon`, `defender:hit-self`… */
    effects: Record<string, number>;
  };
  /** A dodge's 17-18: the defender falls (L2594). */
  defenderFalls: number;
  /** A block's 17-18: the shield needs a turn to re-ready (L2594). */
  shieldUnready: number;
  /** Headline figures: the defender's. */
  injury: Record<string, number>;
  expectedInjury: number;
  knockdown: number;
  stunned: number;
  unconscious: number;
  dead: number;
  defender: M2mSideOdds;
  attacker: M2mSideOdds;
  /** Distinct roll paths the engine was run on. */
  paths: number;
}

// ── Enumerating dice ─────────────────────────────────────────────────────────────────────────

interface Branch {
  /** The die values handed to the engine (one representative of the branch). */
  values: number[];
  probability: number;
}

const SUM_BRANCHES = new Map<string, Branch[]>();

/** Every total of `count` dice of `sides` faces, with its exact probability. */
function sumBranches(count: number, sides: number): Branch[] {
  const key = `${count}d${sides}`;
  let out = SUM_BRANCHES.get(key);
  if (out) return out;
  let ways = [1];
  for (let i = 0; i < count; i++) {
    const next = new Array<number>(ways.length + sides).fill(0);
    ways.forEach((w, s) => {
      for (let f = 1; f <= sides; f++) next[s + f]! += w;
    });
    ways = next;
  }
  const all = sides ** count;
  out = [];
  for (let total = count; total < ways.length; total++) {
    if (ways[total]! === 0) continue;
    out.push({ values: diceMaking(total, count, sides), probability: ways[total]! / all });
  }
  SUM_BRANCHES.set(key, out);
  return out;
}

/** `count` die values of 1..sides adding to `total` (the lowest dice first). */
function diceMaking(total: number, count: number, sides: number): number[] {
  const values = Array<number>(count).fill(1);
  let left = total - count;
  for (let i = count - 1; i >= 0 && left > 0; i--) {
    const add = Math.min(sides - 1, left);
    values[i]! += add;
    left -= add;
  }
  return values;
}

const CLASS_BRANCHES = new Map<string, Branch[]>();

/** The totals of `count` d`sides` merged by `classOf`: a branch per class, its first total for all. */
function classBranches(
  key: string,
  classOf: (total: number) => string,
  count = 3,
  sides = 6,
): Branch[] {
  let out = CLASS_BRANCHES.get(key);
  if (out) return out;
  const byClass = new Map<string, Branch>();
  for (const b of sumBranches(count, sides)) {
    const c = classOf(b.values.reduce((a, v) => a + v, 0));
    const had = byClass.get(c);
    if (had) had.probability += b.probability;
    else byClass.set(c, { values: b.values, probability: b.probability });
  }
  out = [...byClass.values()];
  CLASS_BRANCHES.set(key, out);
  return out;
}

/** The 1d6 rolls the engine reads as 1-3 or 4-6 only (ruling M1, M88). */
const HALVES = new Set(["side", "selfLocation", "selfSide"]);

const HT_ROLL = /^(knockdown|death(\.\d+)?)$/;
const SELF_HT_ROLL = /^(selfKnockdown|selfDeath(\.\d+)?)$/;

/**
 * Dice that follow one path of branch indices, extending it with the first branch of any roll
 * beyond it, and multiply the probabilities of the branches taken.
 */
class PathDice implements Dice {
  probability = 1;
  /** Branches available at each roll of the path. */
  readonly sizes: number[] = [];
  private at = 0;
  private defenderFumbled = false;
  /** The values handed out so far, for the probe of the attack's effective skill. */
  private readonly given: number[][] = [];

  constructor(
    readonly path: number[],
    private readonly decl: M2mDeclaration,
    private readonly defence: M2mDefence,
    /** Effective attack skill by the path before the attack roll (the location's penalty). */
    private readonly effective: Map<string, number>,
  ) {}

  get used(): number {
    return this.at;
  }

  roll(name: string, count: number, sides: number): number[] {
    const branches = this.branches(name, count, sides);
    if (name === "defenceCriticalMiss") this.defenderFumbled = true;
    if (this.at === this.path.length) this.path.push(0);
    const b = branches[this.path[this.at]!]!;
    this.sizes[this.at] = branches.length;
    this.at++;
    this.probability *= b.probability;
    this.given.push(b.values);
    return b.values.slice();
  }

  private branches(name: string, count: number, sides: number): Branch[] {
    if (count === 1 && sides === 6 && HALVES.has(name))
      return classBranches("halves", (t) => String(t <= 3), 1, 6);
    if (name === "location" && count === 2 && sides === 6) {
      // Totals on one row of the table give one location (the side is rolled apart).
      const shield = this.decl.defender.shield;
      return classBranches(
        `location:${shield}`,
        (t) => locationFromRoll(t, { sideRoll: 1, shieldInLeftHand: shield }),
        2,
        6,
      );
    }
    if (count !== 3 || sides !== 6) return sumBranches(count, sides);
    if (name === "attack") {
      // Read as its outcome, except a critical hit's roll (§5.3) and a miss by one (L2442).
      const eff = this.attackEffective();
      return classBranches(`attack:${eff}`, (t) => {
        const outcome = attackOutcome(t, eff);
        return outcome === "critical-hit" || t === eff + 1 ? `${outcome}:${t}` : outcome;
      });
    }
    if (name === "defence") {
      const target = this.defence.score + this.defence.pd;
      return classBranches(`defence:${target}`, (t) => defenceOutcome(t, target));
    }
    let ht: number | undefined;
    if (HT_ROLL.test(name)) ht = this.decl.defender.ht;
    else if (SELF_HT_ROLL.test(name))
      ht = this.defenderFumbled ? this.decl.defender.ht : this.decl.attacker?.ht;
    if (ht === undefined) return sumBranches(3, 6);
    const h = ht;
    return classBranches(`ht:${h}`, (t) => String(htRoll(h, t).success));
  }

  /** The attack's effective skill on this path: the engine's own, from a probe run. */
  private attackEffective(): number {
    const key = this.path.slice(0, this.at).join(",");
    let eff = this.effective.get(key);
    if (eff === undefined) {
      const given = this.given.slice();
      const probe: Dice = {
        roll: (_name, count) => given.shift() ?? Array<number>(count).fill(1),
      };
      eff = startExchange(this.decl, probe).attack.effective;
      this.effective.set(key, eff);
    }
    return eff;
  }
}

// ── Tallies ──────────────────────────────────────────────────────────────────────────────────

function zeroSide(): M2mSideOdds {
  return {
    struck: 0,
    injury: {},
    expectedInjury: 0,
    majorWound: 0,
    knockdown: 0,
    stunned: 0,
    crippled: 0,
    unconscious: 0,
    consciousnessRolls: 0,
    dead: 0,
  };
}

function add(rec: Record<string, number>, key: string, p: number): void {
  rec[key] = (rec[key] ?? 0) + p;
}

/** One side's wounds of one path (the fumbler's without HT has an injury and nothing more). */
function tallySide(side: M2mSideOdds, wounds: (M2mWoundOutcome | number)[], p: number): void {
  const full = wounds.filter((w): w is M2mWoundOutcome => typeof w !== "number");
  const injury = wounds.reduce<number>((a, w) => a + (typeof w === "number" ? w : w.injury), 0);
  add(side.injury, String(injury), p);
  side.expectedInjury += injury * p;
  if (injury > 0) side.struck += p;
  if (full.some((w) => w.majorWound)) side.majorWound += p;
  if (full.some((w) => w.knockdown?.fell)) side.knockdown += p;
  if (full.some((w) => w.stunned)) side.stunned += p;
  if (full.some((w) => w.crippled)) side.crippled += p;
  if (full.some((w) => w.unconscious || w.knockedOut)) side.unconscious += p;
  if (full.some((w) => w.dead)) side.dead += p;
  // The last wound leaves the HP the side ends at.
  if (full.length > 0 && full[full.length - 1]!.consciousnessRolls) side.consciousnessRolls += p;
}

function selfWound(r: M2mResult): M2mWoundOutcome | number | null {
  const self = r.criticalMiss?.selfHit;
  if (!self) return null;
  if (self.wound) return self.wound;
  return self.damage ? self.damage.injury : null;
}

/**
 * The most damage dice the odds enumerate (a giant's 5d+1 swing is well inside; the totals of
 * more would multiply the paths beyond a CLI's patience, and 6^N beyond exact doubles).
 */
export const MAX_ODDS_DAMAGE_DICE = 10;

function checkDice(expr: { dice: number } | undefined, field: string, text: string): void {
  if (expr && expr.dice > MAX_ODDS_DAMAGE_DICE)
    throw new InputError(
      field,
      text,
      `exact odds enumerate at most ${MAX_ODDS_DAMAGE_DICE} dice of damage`,
    );
}

/** Exact odds of the exchange `decl` against `defence` (the defender's answer to a plain hit). */
export function exchangeOdds(decl: M2mDeclaration, defence: M2mDefence): M2mOdds {
  checkDice(decl.attack.damage, "attack.damage", formatDamageExpr(decl.attack.damage));
  const w = defence.weapon?.damage;
  if (w) checkDice(w, "defence.weapon.damage", formatDamageExpr(w));
  const o: M2mOdds = {
    ruleset: "m2m",
    attack: { "critical-hit": 0, hit: 0, miss: 0, "critical-miss": 0 },
    defence: {
      "critical-success": 0,
      success: 0,
      failure: 0,
      "critical-failure": 0,
      noRoll: 0,
    },
    hit: 0,
    location: Object.fromEntries([...HIT_LOCATIONS, "none"].map((l) => [l, 0])) as Record<
      HitLocation | "none",
      number
    >,
    criticalHit: {
      table: { "critical-hit": 0, "critical-head-blow": 0, none: 0 },
      roll: {},
      effects: {},
    },
    criticalMiss: { attacker: 0, defender: 0, effects: {} },
    defenderFalls: 0,
    shieldUnready: 0,
    injury: {},
    expectedInjury: 0,
    knockdown: 0,
    stunned: 0,
    unconscious: 0,
    dead: 0,
    defender: zeroSide(),
    attacker: zeroSide(),
    paths: 0,
  };
  const path: number[] = [];
  const effective = new Map<string, number>();
  for (;;) {
    const dice = new PathDice(path, decl, defence, effective);
    let state = startExchange(decl, dice);
    if (state.awaitingDefence) state = finishExchange(state, defence, dice);
    const r = state.result!;
    const p = dice.probability;
    o.paths++;
    o.attack[r.attack.outcome] += p;
    o.defence[r.defence?.outcome ?? "noRoll"] += p;
    if (r.hit) o.hit += p;
    o.location[r.location ?? "none"] += p;
    const ch = r.criticalHit;
    o.criticalHit.table[ch?.table ?? "none"] += p;
    add(o.criticalHit.roll, ch ? String(ch.roll) : "none", p);
    for (const e of ch?.effects ?? []) add(o.criticalHit.effects, e, p);
    const cm = r.criticalMiss;
    if (cm) {
      o.criticalMiss[cm.side] += p;
      for (const e of cm.effects) add(o.criticalMiss.effects, `${cm.side}:${e}`, p);
    }
    if (r.defenceCritical?.defenderFalls) o.defenderFalls += p;
    if (r.defenceCritical?.shieldUnready) o.shieldUnready += p;
    const self = selfWound(r);
    const onDefender: (M2mWoundOutcome | number)[] = [];
    const onAttacker: (M2mWoundOutcome | number)[] = [];
    if (self !== null) (cm!.side === "defender" ? onDefender : onAttacker).push(self);
    if (r.hit) onDefender.push(r.defender);
    tallySide(o.defender, onDefender, p);
    tallySide(o.attacker, onAttacker, p);
    // The next path: the deepest roll with a branch left moves on; the rest is dropped.
    path.length = dice.used;
    let k = path.length - 1;
    while (k >= 0 && path[k]! + 1 >= dice.sizes[k]!) k--;
    if (k < 0) break;
    path[k]!++;
    path.length = k + 1;
  }
  const d = o.defender;
  o.injury = d.injury;
  o.expectedInjury = d.expectedInjury;
  o.knockdown = d.knockdown;
  o.stunned = d.stunned;
  o.unconscious = d.unconscious;
  o.dead = d.dead;
  return o;
}

const IGNORED = ["rolls", "seed"] as const;

/**
 * The `odds` contract for m2m: the same JSON object as `resolve` (`ruleset` `m2m`, same parser,
 * same errors). `rolls` and `seed` are accepted and listed as not used: the odds run over every
 * roll. The defence is required, as it is whenever the attack may hit.
 */
export function oddsInput(raw: unknown): { odds: M2mOdds; ignored: string[] } {
  const input = readObject(raw, "input");
  if (input.ruleset !== "m2m") {
    throw new InputError("ruleset", input.ruleset, "expected m2m for the m2m odds");
  }
  const rest: Record<string, unknown> = { ...input };
  delete rest.ruleset;
  const ignored: string[] = [];
  for (const k of IGNORED) {
    if (rest[k] !== undefined) ignored.push(k);
    delete rest[k];
  }
  const decl = parseDeclaration(rest);
  if (rest.defence === undefined) {
    throw new InputError(
      "defence",
      undefined,
      'the odds need the defender\'s answer to a hit (e.g. {"type": "none"})',
    );
  }
  return { odds: exchangeOdds(decl, parseDefence(rest.defence)), ignored };
}
