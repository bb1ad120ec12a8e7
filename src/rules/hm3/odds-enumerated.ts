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
 * side struck more than once in one exchange (an option's second strike) counts each figure once
 * (the side fails a shock roll, is killed…), `expectedEffectiveImpact` adds the strikes, and its
 * `injury` key joins the codes of the strikes that injure (`S2+G3`). `gold` gives the probability
 * of each field an option adds to a strike or the result (present and neither null, false, 0 nor
 * empty): `bluntTrauma`, … Pure and framework-free.
 */
import { enumerateDice, type EnumerateOptions } from "../../core/enumerate";
import type { Side } from "../../core/ruleset";
import { resolveExchange, type Hm3Declaration, type Hm3Defence, type Hm3Result } from "./exchange";
import { checkPairedChoice, pairedResolve, pairedStart } from "./gold/paired";
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

const happened = new Uint8Array(EVENTS.length);

/** One path's figures for one side, each event counted once. */
function tallySide(t: Sums, slots: SideSlots, r: Hm3Result, p: number): void {
  const side = slots.side;
  happened.fill(0);
  let code: string | null = null;
  let impact = 0;
  let gold: Set<string> | null = null;
  const strikes = r.strikes;
  for (let i = 0; i < strikes.length; i++) {
    const s = strikes[i]!;
    if (s.by === side) continue;
    happened[0] = 1;
    if (s.injury !== null) code = code === null ? s.injury : `${code}+${s.injury}`;
    if (s.kill) happened[1] = 1;
    if (s.shock?.failed) happened[2] = 1;
    if (s.fumble?.failed) happened[3] = 1;
    if (s.stumble?.failed) happened[4] = 1;
    if (s.amputationRoll) happened[5] = 1;
    if (s.bleeding) happened[6] = 1;
    if (s.ignition?.ignited) happened[7] = 1;
    if (s.effectiveImpact > 0) impact += s.effectiveImpact;
    for (const k in s) {
      if (!BASE_STRIKE_KEYS.has(k) && present((s as unknown as Record<string, unknown>)[k]))
        (gold ??= new Set()).add(k);
    }
  }
  for (const x of r.fumbles) if (x.side === side && x.check.failed) happened[3] = 1;
  for (const x of r.stumbles) if (x.side === side && x.check.failed) happened[4] = 1;
  for (const w of r.weaponDamage) {
    if (w.side !== side || !w.check.failed) continue;
    happened[8] = 1;
    if (w.wq <= 1) happened[9] = 1;
  }
  for (let e = 0; e < EVENTS.length; e++) if (happened[e]) t.addAt(slots.events[e]!, p);
  if (impact > 0) t.addAt(slots.impact, p * impact);
  const key = code ?? "none";
  let slot = slots.injury.get(key);
  if (slot === undefined) slots.injury.set(key, (slot = t.slot(`${side}:injury:${key}`)));
  t.addAt(slot, p);
  if (gold)
    for (const k of gold) {
      let g = slots.gold.get(k);
      if (g === undefined) slots.gold.set(k, (g = t.slot(`${side}:gold:${k}`)));
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

/**
 * The exact odds of the exchange, by running `resolveExchange` on every path of its dice (same
 * inputs as `resolveExchange`; the same errors).
 */
export function enumeratedOdds(
  decl: Hm3Declaration,
  defence: Hm3Defence,
  options: EnumerateOptions = {},
): Hm3Odds {
  const t = new Sums();
  let anyDefence = false;
  const slots = SIDES.map((side) => sideSlots(t, side));
  const codeSlots = new Map<string, number>();
  const attackSlots = LEVELS.map((l) => t.slot(`attack:${l}`));
  const defenceSlots = LEVELS.map((l) => t.slot(`defence:${l}`));
  const { paths } = enumerateDice(
    (dice) => {
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
    },
    (r, p) => {
      let code = codeSlots.get(r.result);
      if (code === undefined) codeSlots.set(r.result, (code = t.slot(`result:${r.result}`)));
      t.addAt(code, p);
      t.addAt(attackSlots[LEVELS.indexOf(r.attack.level)]!, p);
      if (r.defence) {
        anyDefence = true;
        t.addAt(defenceSlots[LEVELS.indexOf(r.defence.level)]!, p);
      }
      for (const s of slots) tallySide(t, s, r, p);
      for (const k in r) {
        if (!BASE_RESULT_KEYS.has(k) && present((r as unknown as Record<string, unknown>)[k]))
          t.add(`gold:${k}`, p);
      }
    },
    options,
  );
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
