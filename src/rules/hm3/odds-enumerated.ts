/**
 * Exact odds of one HM3 exchange by running the engine itself (`resolveExchange`) on every path
 * of its named dice (src/core/enumerate.ts): whatever the engine does, HârnMaster Gold options
 * included (issue 19), the odds follow, with no rule written twice. The engine's class hints
 * keep it small: a d100 test branches by success level, a check (shock, fumble, stumble, kill,
 * weapon damage) by failure, the impact dice by total, the location d100 by the location hit.
 * Rolls an option adds without a hint branch on every face.
 *
 * Figures are those of the closed form (odds.ts) read off each result: with at most one strike
 * on a side (HM3's own matrix) they are the same numbers (test/hm3/odds-enumerated.test.ts). A
 * side struck more than once in one exchange (an option's second strike, a double strike's
 * secondary attack, whose wounds land as rolled: G54) counts each figure once
 * (the side fails a shock roll, is killed…), `expectedEffectiveImpact` adds the strikes, and its
 * `injury` key joins the codes of the strikes that injure (`S2+G3`). `gold` gives the probability
 * of each field an option adds to a strike or the result (present and neither null, false, 0 nor
 * empty): `bluntTrauma`, … Pure and framework-free.
 */
import type { Dice } from "../../core/dice";
import { enumerateDice, type EnumerateOptions } from "../../core/enumerate";
import type { Side } from "../../core/ruleset";
import { resolveExchange, type Hm3Declaration, type Hm3Defence, type Hm3Result } from "./exchange";
import { AIM_ROLLS } from "./gold/aim-locate";
import { checkPairedChoice, pairedResolve, pairedStart } from "./gold/paired";
import { SECOND } from "./gold/paired-double";
import { ATTACKER_ROLLS } from "./hot";
import type { Hm3Odds, Hm3SideOdds } from "./odds";
import { LEVELS, RESULT_CODES, SEVERITIES, type Level, type ResultCode } from "./tables";

/** The fields of a strike and a result that HM3 itself writes; any other is an option's. */
const BASE_STRIKE_KEYS = new Set([
  "by",
  "dice",
  "aim",
  "locationRoll",
  "location",
  "face",
  "faceRoll",
  "aspect",
  "weaponImpact",
  "impactRolls",
  "impact",
  "armour",
  "effectiveImpact",
  "injury",
  "injuryLevel",
  "tableInjury",
  "fumbleRoll",
  "stumbleRoll",
  "amputationRoll",
  "kill",
  "bleeding",
  "killCheck",
  "shock",
  "fumble",
  "stumble",
  "ignition",
]);
const BASE_RESULT_KEYS = new Set([
  "ruleset",
  "attackType",
  "defenceType",
  "attack",
  "defence",
  "result",
  "strikes",
  "fumbles",
  "stumbles",
  "weaponDamage",
  "weaponDamageSkipped",
  "tacticalAdvantage",
  "wild",
  "effects",
  "rolls",
  "choices",
]);

/** An option's field counts when it says something happened. */
function present(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === "") return false;
  return !(Array.isArray(v) && v.length === 0);
}

/**
 * Neumaier-compensated sums in numbered slots (an enumeration adds up to millions of small
 * terms; compensated, each sum is exact to a few units in the last place). A key names a slot.
 */
class Sums {
  private data = new Float64Array(64);
  private used = 0;
  readonly slots = new Map<string, number>();
  slot(key: string): number {
    let i = this.slots.get(key);
    if (i === undefined) {
      i = this.used++;
      if (2 * this.used > this.data.length) {
        const grown = new Float64Array(this.data.length * 2);
        grown.set(this.data);
        this.data = grown;
      }
      this.slots.set(key, i);
    }
    return i;
  }
  addAt(i: number, x: number): void {
    const d = this.data;
    const s = d[2 * i]!;
    const t = s + x;
    d[2 * i + 1]! += Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s;
    d[2 * i] = t;
  }
  add(key: string, x: number): void {
    this.addAt(this.slot(key), x);
  }
  get(key: string): number {
    const i = this.slots.get(key);
    return i === undefined ? 0 : this.data[2 * i]! + this.data[2 * i + 1]!;
  }
  keys(prefix: string): string[] {
    const out: string[] = [];
    for (const k of this.slots.keys()) if (k.startsWith(prefix)) out.push(k.slice(prefix.length));
    return out;
  }
}

const SIDES: readonly Side[] = ["attacker", "defender"];

/** The figures of a side counted once per path, in slot order. */
const EVENTS = [
  "struck",
  "kill",
  "shock",
  "fumble",
  "stumble",
  "amputationRoll",
  "bleeding",
  "ignite",
  "weaponDamaged",
  "weaponBroken",
] as const;

/** Slots of one side's figures. */
interface SideSlots {
  side: Side;
  events: number[];
  impact: number;
  /** Injury slot by code (`none`, `S2`, `S2+G3`). */
  injury: Map<string, number>;
  /** Slot of each option's field. */
  gold: Map<string, number>;
}

function sideSlots(t: Sums, side: Side): SideSlots {
  return {
    side,
    events: EVENTS.map((e) => t.slot(`${side}:${e}`)),
    impact: t.slot(`${side}:impact`),
    injury: new Map(),
    gold: new Map(),
  };
}

/**
 * What one exchange's strikes and rolls did to one side, the figures the odds read of it:
 * `mask` has bit e set when `EVENTS[e]` happened, `code` joins the codes of the strikes that
 * injure (null: none), `impact` adds the effective impacts, `gold` names the options' fields.
 */
interface SideSum {
  mask: number;
  code: string | null;
  impact: number;
  gold: string[] | null;
}

/** The parts of a result (or of a double strike's secondary exchange) a side's figures read. */
type SidePart = Pick<Hm3Result, "strikes" | "fumbles" | "stumbles" | "weaponDamage">;

const bit = (e: (typeof EVENTS)[number]) => 1 << EVENTS.indexOf(e);
const STRUCK = bit("struck");
const KILL = bit("kill");
const SHOCK = bit("shock");
const FUMBLE = bit("fumble");
const STUMBLE = bit("stumble");
const AMPUTATION = bit("amputationRoll");
const BLEEDING = bit("bleeding");
const IGNITE = bit("ignite");
const DAMAGED = bit("weaponDamaged");
const BROKEN = bit("weaponBroken");

/** One exchange's figures for one side, each event once. */
function sideSum(r: SidePart, side: Side): SideSum {
  let mask = 0;
  let code: string | null = null;
  let impact = 0;
  let gold: string[] | null = null;
  const strikes = r.strikes;
  for (let i = 0; i < strikes.length; i++) {
    const s = strikes[i]!;
    if (s.by === side) continue;
    mask |= STRUCK;
    if (s.injury !== null) code = code === null ? s.injury : `${code}+${s.injury}`;
    if (s.kill) mask |= KILL;
    if (s.shock?.failed) mask |= SHOCK;
    if (s.fumble?.failed) mask |= FUMBLE;
    if (s.stumble?.failed) mask |= STUMBLE;
    if (s.amputationRoll) mask |= AMPUTATION;
    if (s.bleeding) mask |= BLEEDING;
    if (s.ignition?.ignited) mask |= IGNITE;
    if (s.effectiveImpact > 0) impact += s.effectiveImpact;
    for (const k in s) {
      if (
        !BASE_STRIKE_KEYS.has(k) &&
        present((s as unknown as Record<string, unknown>)[k]) &&
        !gold?.includes(k)
      )
        (gold ??= []).push(k);
    }
  }
  for (const x of r.fumbles) if (x.side === side && x.check.failed) mask |= FUMBLE;
  for (const x of r.stumbles) if (x.side === side && x.check.failed) mask |= STUMBLE;
  for (const w of r.weaponDamage) {
    if (w.side !== side || !w.check.failed) continue;
    mask |= DAMAGED;
    if (w.wq <= 1) mask |= BROKEN;
  }
  return { mask, code, impact, gold };
}

/** A side's figures over both attacks of a double strike (the primary's first). */
function joinSums(a: SideSum, b: SideSum): SideSum {
  let gold = a.gold;
  if (b.gold) for (const k of b.gold) if (!gold?.includes(k)) (gold = [...(gold ?? [])]).push(k);
  return {
    mask: a.mask | b.mask,
    code: a.code === null ? b.code : b.code === null ? a.code : `${a.code}+${b.code}`,
    impact: a.impact + b.impact,
    gold,
  };
}

/**
 * Adds one side's figures at probability `p`; `impactMass` is the probability-weighted effective
 * impact they stand for (`p × impact` for one path).
 */
function addSide(t: Sums, slots: SideSlots, s: SideSum, p: number, impactMass: number): void {
  for (let e = 0; e < EVENTS.length; e++) if (s.mask & (1 << e)) t.addAt(slots.events[e]!, p);
  if (impactMass !== 0) t.addAt(slots.impact, impactMass);
  const key = s.code ?? "none";
  let slot = slots.injury.get(key);
  if (slot === undefined) slots.injury.set(key, (slot = t.slot(`${slots.side}:injury:${key}`)));
  t.addAt(slot, p);
  if (s.gold)
    for (const k of s.gold) {
      let g = slots.gold.get(k);
      if (g === undefined) slots.gold.set(k, (g = t.slot(`${slots.side}:gold:${k}`)));
      t.addAt(g, p);
    }
}

/** Injury codes in a stable order: none, single codes by level then severity, then joined ones. */
function sortInjury(keys: string[]): string[] {
  const rank = (code: string) => {
    if (code === "none") return -1;
    if (code.includes("+")) return 1000;
    const level = Number(code.slice(1));
    const sev = SEVERITIES.indexOf(code[0] as "M");
    return Number.isFinite(level) && sev >= 0 ? level * 10 + sev : 999;
  };
  return keys.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

function sideOdds(t: Sums, side: Side): Hm3SideOdds {
  const g = (k: string) => t.get(`${side}:${k}`);
  // `none` always, as the closed form gives it.
  const injury: Record<string, number> = { none: 0 };
  for (const k of sortInjury(t.keys(`${side}:injury:`))) injury[k] = g(`injury:${k}`);
  const struck = g("struck");
  const expected = g("impact");
  const out: Hm3SideOdds = {
    struck,
    injury,
    shock: g("shock"),
    kill: g("kill"),
    fumble: g("fumble"),
    stumble: g("stumble"),
    amputationRoll: g("amputationRoll"),
    bleeding: g("bleeding"),
    ignite: g("ignite"),
    weaponDamaged: g("weaponDamaged"),
    weaponBroken: g("weaponBroken"),
    expectedEffectiveImpact: expected,
    expectedEffectiveImpactIfStruck: struck > 0 ? expected / struck : 0,
  };
  const goldKeys = t.keys(`${side}:gold:`).sort();
  if (goldKeys.length) out.gold = Object.fromEntries(goldKeys.map((k) => [k, g(`gold:${k}`)]));
  return out;
}

/** The Reaction Roll's name (gold/paired-reaction.ts): the one roll both attacks of a double strike share. */
const REACTION = "reaction";
/** The rolls of a strike, named as the attacker's (`ATTACKER_ROLLS`, the random aspect, the aimed side). */
const STRIKE_ROLLS = [...Object.values(ATTACKER_ROLLS), "aspect", AIM_ROLLS.side];
/** The rolls of the strikes that land on each side (a double strike's secondary ones too). */
const STRIKES_ON: Record<Side, ReadonlySet<string>> = {
  defender: new Set(STRIKE_ROLLS.flatMap((n) => [n, SECOND + n])),
  attacker: new Set(STRIKE_ROLLS.flatMap((n) => [`counter.${n}`, `${SECOND}counter.${n}`])),
};

/**
 * One walk over the dice: the sides whose figures it counts, whether it counts the result's own
 * (code, levels, the options' result fields), and the rolls it collapses (`EnumerateOptions`).
 */
interface Pass {
  sides: readonly Side[];
  result: boolean;
  collapse: ((name: string) => boolean) | null;
}

/**
 * A Counterstrike's two strikes are each read by one side's figures only, so each side's are
 * counted in a walk of their own with the other strike's rolls collapsed: the paths add instead
 * of multiplying (about 1.2 million become some 35,000 on the human plan).
 */
function passesOf(defence: Hm3Defence): Pass[] {
  if (defence.type !== "counterstrike") return [{ sides: SIDES, result: true, collapse: null }];
  return [
    { sides: ["defender"], result: true, collapse: (n) => STRIKES_ON.attacker.has(n) },
    { sides: ["attacker"], result: false, collapse: (n) => STRIKES_ON.defender.has(n) },
  ];
}

/** Options of {@link enumeratedOdds}. */
export interface EnumeratedOddsOptions extends EnumerateOptions {
  /**
   * Every roll in one walk (no walk per side, no double strike's attacks apart): the test that
   * the decomposition changes no figure.
   */
  whole?: boolean;
}

/** Paths of one side's figures grouped by what they count, for a double strike's join. */
interface SideGroup {
  sum: SideSum;
  p: number;
  /** Σ p × effective impact. */
  impactMass: number;
}
type SideGroups = Map<string, Map<string, SideGroup>>;

/** Adds a path's side figures to the groups of its reaction key. */
function group(groups: SideGroups, reaction: string, s: SideSum, p: number): void {
  let byKey = groups.get(reaction);
  if (!byKey) groups.set(reaction, (byKey = new Map()));
  const key = `${s.mask}|${s.code ?? ""}|${s.gold?.slice().sort().join(",") ?? ""}`;
  const g = byKey.get(key);
  if (g) {
    g.p += p;
    g.impactMass += p * s.impact;
  } else byKey.set(key, { sum: s, p, impactMass: p * s.impact });
}

/** The Reaction Roll's outcome a path took (its class's roll), or "" without one. */
const reactionKey = (r: Hm3Result) => (r.reaction ? String(r.reaction.roll) : "");

const NO_PART: SidePart = { strikes: [], fumbles: [], stumbles: [], weaponDamage: [] };

/**
 * The exact odds of the exchange, by running `resolveExchange` on every path of its dice (same
 * inputs as `resolveExchange`; the same errors).
 *
 * Decomposed where the engine's rolls are independent (`whole` turns it off; the test holds
 * each figure equal): a Counterstrike's sides in walks of their own (`passesOf`); a double
 * strike's two attacks, which share only the Reaction Roll, each walked with the other's rolls
 * collapsed, then joined side by side for each outcome of the Reaction Roll (a side's figures
 * over both attacks: `joinSums`). The joint paths of the two attacks (millions on the human
 * plan) are never walked.
 */
export function enumeratedOdds(
  decl: Hm3Declaration,
  defence: Hm3Defence,
  options: EnumeratedOddsOptions = {},
): Hm3Odds {
  const t = new Sums();
  let anyDefence = false;
  const slots = SIDES.map((side) => sideSlots(t, side));
  const slotsOf = (side: Side) => slots[SIDES.indexOf(side)]!;
  const codeSlots = new Map<string, number>();
  const attackSlots = LEVELS.map((l) => t.slot(`attack:${l}`));
  const defenceSlots = LEVELS.map((l) => t.slot(`defence:${l}`));
  const run = (dice: Dice) => {
    // The exchange as the ruleset plays it: the Reaction Roll at start, then the defence
    // (Ignore where the roll rules the declared one out), the double strike and the tangle.
    const reaction = pairedStart(decl, dice);
    let choice = defence;
    try {
      checkPairedChoice(decl, reaction, defence);
    } catch {
      choice = { type: "ignore" };
    }
    return pairedResolve(decl, choice, dice, reaction, resolveExchange);
  };
  const tallyResult = (r: Hm3Result, p: number) => {
    let code = codeSlots.get(r.result);
    if (code === undefined) codeSlots.set(r.result, (code = t.slot(`result:${r.result}`)));
    t.addAt(code, p);
    t.addAt(attackSlots[LEVELS.indexOf(r.attack.level)]!, p);
    if (r.defence) {
      anyDefence = true;
      t.addAt(defenceSlots[LEVELS.indexOf(r.defence.level)]!, p);
    }
    for (const k in r) {
      if (!BASE_RESULT_KEYS.has(k) && present((r as unknown as Record<string, unknown>)[k]))
        t.add(`gold:${k}`, p);
    }
  };
  const second = (r: Hm3Result): SidePart => r.double?.second ?? NO_PART;
  let paths = 0;
  const walk = (
    collapse: ((name: string) => boolean) | null,
    visit: (r: Hm3Result, p: number) => void,
  ) => {
    const own = options.collapse;
    const both = collapse && own ? (n: string) => collapse(n) || own(n) : (collapse ?? own);
    paths += enumerateDice(run, visit, { ...options, collapse: both ?? undefined }).paths;
  };
  const passes: Pass[] = options.whole
    ? [{ sides: SIDES, result: true, collapse: null }]
    : passesOf(defence);
  for (const pass of passes) {
    if (!decl.attack.double || options.whole) {
      walk(pass.collapse, (r, p) => {
        if (pass.result) tallyResult(r, p);
        for (const side of pass.sides) {
          const s = r.double
            ? joinSums(sideSum(r, side), sideSum(second(r), side))
            : sideSum(r, side);
          addSide(t, slotsOf(side), s, p, p * s.impact);
        }
      });
      continue;
    }
    // A double strike: each attack walked alone, then joined.
    const primary = new Map<Side, SideGroups>(pass.sides.map((s) => [s, new Map()]));
    const secondary = new Map<Side, SideGroups>(pass.sides.map((s) => [s, new Map()]));
    const other = pass.collapse;
    walk(
      (n) => n.startsWith(SECOND) || (other?.(n) ?? false),
      (r, p) => {
        if (pass.result) tallyResult(r, p);
        for (const side of pass.sides)
          group(primary.get(side)!, reactionKey(r), sideSum(r, side), p);
      },
    );
    walk(
      (n) => (!n.startsWith(SECOND) && n !== REACTION) || (other?.(n) ?? false),
      (r, p) => {
        for (const side of pass.sides)
          group(secondary.get(side)!, reactionKey(r), sideSum(second(r), side), p);
      },
    );
    for (const side of pass.sides) {
      const b = secondary.get(side)!;
      for (const [key, as] of primary.get(side)!) {
        const bs = b.get(key);
        if (!bs) throw new Error(`enumeratedOdds: reaction ${key} has no secondary attack`);
        let pk = 0;
        for (const g of as.values()) pk += g.p;
        for (const ga of as.values())
          for (const gb of bs.values())
            addSide(
              t,
              slotsOf(side),
              joinSums(ga.sum, gb.sum),
              (ga.p * gb.p) / pk,
              (ga.impactMass * gb.p + gb.impactMass * ga.p) / pk,
            );
      }
    }
  }
  const levels = (prefix: string) =>
    Object.fromEntries(LEVELS.map((l) => [l, t.get(`${prefix}:${l}`)])) as Record<Level, number>;
  const result = {} as Record<ResultCode, number>;
  for (const code of RESULT_CODES) result[code] = t.get(`result:${code}`);
  // A code an option adds to the matrix's own.
  for (const code of t.keys("result:"))
    if (!(code in result)) result[code as ResultCode] = t.get(`result:${code}`);
  const defender = sideOdds(t, "defender");
  const attacker = sideOdds(t, "attacker");
  const out: Hm3Odds = {
    ruleset: "hm3",
    attackLevel: levels("attack"),
    defenceLevel: anyDefence ? levels("defence") : null,
    result,
    injury: { ...defender.injury },
    shock: defender.shock,
    kill: defender.kill,
    fumble: defender.fumble,
    stumble: defender.stumble,
    expectedEffectiveImpact: defender.expectedEffectiveImpact,
    defender,
    attacker,
    enumeration: { paths },
  };
  const goldKeys = t.keys("gold:").sort();
  if (goldKeys.length) out.gold = Object.fromEntries(goldKeys.map((k) => [k, t.get(`gold:${k}`)]));
  return out;
}
