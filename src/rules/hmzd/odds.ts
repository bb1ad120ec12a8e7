/**
 * Exact odds of one hmzd exchange (seed 001, `hmzd.md`), computed by enumerating every die, never
 * by sampling. The dice are enumerated in four independent factors, each with the engine's own
 * functions so the odds cannot drift from `resolve`:
 *
 * 1. the opposed test: every attack d100 × every defence d100 (one roll for Ignore; none for the
 *    attacker of an UNC defender in melee, Z3, Z40), each pair through the engine's test and star count
 *    (levels, STN and Setup shifts Z2 Z16, ties by defence §1) → victor and stars;
 * 2. the strike's location: every zone die face × every d10 (Z5: the zone result kept after a
 *    Precision is a zone die like the first, so Precision leaves the odds unchanged);
 * 3. the impact die: every face, with the base, the STR modifier and 5 per Impact TA (§3);
 * 4. the Shock test: every d100 of the victim's Shock EML, read by its level (§5, Z7).
 *
 * The strike (2-4) depends on the opposed test only through who strikes and how many Impact TAs
 * the winner spends, so the exchange's odds are the product of the factors summed over the
 * victor and stars. Counts are exact integers: ways out of `total`, the product of every die's
 * faces (test/hmzd/odds.test.ts compares them with a face-by-face walk of the engine), exact
 * while `total` stays below 2^53 (every human-sized weapon on both sides: about 10^14); beyond,
 * the probabilities keep double precision. Pure and framework-free.
 *
 * Per side: `defender` is what befalls the defender (the attacker's strike), `attacker` what
 * befalls the attacker (the defender's winning counterstrike). The headline `injury` and `shock`
 * are the defender's (docs/cli.md, "odds (hmzd)").
 */
import { InputError, readObject } from "../../core/errors";
import type { Side } from "../../core/ruleset";
import { hmTestIndex } from "../shared/hm-test";
import {
  armourAt,
  defaultSpend,
  testOfRoll,
  opposed,
  stateAfter,
  strikeSpec,
  strikerOf,
  tacticalAdvantagesOf,
  testShift,
  helplessTarget,
  unopposedTest,
  type StrikeSpec,
} from "./exchange";
import { parseDefence, parsePick, parseResolveInput, parseSpend } from "./parse";
import { locationAt, sideAt, zoneAt } from "./plan";
import { INJURY_BANDS, SHOCK_MODIFIER, injuryBandIndex, shockState } from "./tables";
import {
  HMZD_LEVELS,
  HMZD_STATES,
  type HmzdDeclaration,
  type HmzdDefence,
  type HmzdExchangeState,
  type HmzdLevel,
  type HmzdSpend,
  type HmzdState,
  type HmzdTest,
} from "./types";

// ── Output ─────────────────────────────────────────────────────────────────────────────────

/** What one side suffers from the strike made on it, each figure a probability over the exchange. */
export interface HmzdSideOdds {
  /** A strike lands on this side. */
  struck: number;
  /** The zone struck (`head`, `arms`…) or `none`; sums to 1. */
  zone: Record<string, number>;
  /** The location struck (sided id, `left-shoulder`) or `none`; sums to 1. */
  location: Record<string, number>;
  /** `M1` … `G5`, or `none` (not struck, or an effective impact of 0 or less, Z9); sums to 1. */
  injury: Record<string, number>;
  /** A Shock test is made (an injury, Z9). */
  shockTest: number;
  /**
   * The state the Shock Index gives (`strike.shock.state`: before the side's current state,
   * Z15): `none` (not struck, no injury, or an index of 6 or less), `STN`, `INC`, `UNC`, `KIA`;
   * sums to 1.
   */
  shock: Record<HmzdState, number>;
  /**
   * The side's state after the exchange (Z15: a new STN on a stunned side is INC, a new INC on
   * an INC side UNC, a state never lowers a worse one; its own state when not injured); sums to 1.
   */
  state: Record<HmzdState, number>;
  /** Mean effective impact on this side over the exchange (0 when not struck; below 0 counts 0). */
  expectedEffectiveImpact: number;
}

/** What the victor takes from its stars: the TAs spent (Z6). */
export interface HmzdGainOdds {
  /** The side wins an Action TA. */
  action: number;
  /** Setup TAs won (Z16), by count; `0` included; sums to 1. */
  setup: Record<string, number>;
  /** Impact TAs spent on its strike, by count; `0` included; sums to 1. */
  impact: Record<string, number>;
  /** Precision TAs spent, by count; `0` included; sums to 1. */
  precision: Record<string, number>;
}

export interface HmzdOdds {
  ruleset: "hmzd";
  /** The attack's level after its shifts (`attack.level`; CS against an UNC defender in melee, Z3, Z40). */
  attackLevel: Record<HmzdLevel, number>;
  /** The defence's level after its shifts; null for Ignore (no defence roll). */
  defenceLevel: Record<HmzdLevel, number> | null;
  /** `attacker`, `defender` or `none` (both failed); sums to 1. */
  victor: Record<Side | "none", number>;
  /** Stars of victory, `0` for no victor; sums to 1. */
  stars: Record<string, number>;
  /** Victor and stars together: `attacker 2`, `defender 1`, `none 0`; sums to 1. */
  outcome: Record<string, number>;
  /** The given `spend` (and `pick`) answered the spending prompt (Z28); 0 without them. */
  spendUsed: number;
  /** The headline figures: the defender's (`defender` below). */
  injury: Record<string, number>;
  shock: Record<HmzdState, number>;
  defender: HmzdSideOdds;
  attacker: HmzdSideOdds;
  gains: Record<Side, HmzdGainOdds>;
}

// ── Factor 1: the opposed test ─────────────────────────────────────────────────────────────

/** Ways out of `total` (attack d100 × defence d100; a test not rolled counts one way). */
export interface PairWays {
  total: number;
  /** `victor stars attackLevel defenceLevel` (`none 0`; `-` for a defence not rolled). */
  joint: Map<string, number>;
}

/**
 * Every attack d100 against every defence d100 through the engine's shifts (Z2, Z16, Z17) and
 * star count (§1): the attacker of an UNC defender in melee rolls nothing (CS, Z3, Z40); an Ignore, chosen or
 * forced (INC, UNC, Z3), rolls no defence.
 */
export function pairWays(decl: HmzdDeclaration, defence: HmzdDefence): PairWays {
  const { attacker, defender } = decl;
  const joint = new Map<string, number>();
  const add = (key: string, n: number) => joint.set(key, (joint.get(key) ?? 0) + n);
  const forced = defender.state === "INC" || defender.state === "UNC";
  const type = forced ? "ignore" : defence.type;
  const attacks: HmzdTest[] = [];
  if (helplessTarget(decl)) attacks.push(unopposedTest(decl.attack.eml));
  else {
    const shift = testShift(attacker);
    for (let roll = 1; roll <= 100; roll++) attacks.push(testOfRoll(roll, decl.attack.eml, shift));
  }
  const defences: (HmzdTest | null)[] = [];
  if (type === "ignore") defences.push(null);
  else {
    if (!defence.eml) throw new Error(`The ${type} defence needs an EML.`);
    const shift = testShift(defender);
    for (let roll = 1; roll <= 100; roll++) defences.push(testOfRoll(roll, defence.eml, shift));
  }
  // Counted by a numeric code in the 10,000 pairs' hot loop, keyed once per code after:
  // ((stars × 3 + victor) × 4 + attack level) × 5 + defence level (4: not rolled).
  const counts = new Map<number, number>();
  const VICTORS = ["none", "attacker", "defender"] as const;
  const aLevel = attacks.map((a) => HMZD_LEVELS.indexOf(a.level));
  const dLevel = defences.map((d) => (d ? HMZD_LEVELS.indexOf(d.level) : 4));
  for (let i = 0; i < attacks.length; i++) {
    const a = attacks[i]!;
    for (let j = 0; j < defences.length; j++) {
      const r = opposed(type, a, defences[j]!);
      const v = r.victor === null ? 0 : r.victor === "attacker" ? 1 : 2;
      const code = ((r.stars * 3 + v) * 4 + aLevel[i]!) * 5 + dLevel[j]!;
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
  }
  for (const [code, n] of counts) {
    const d = code % 5;
    const a = Math.floor(code / 5) % 4;
    const head = Math.floor(code / 20);
    const victor = VICTORS[head % 3]!;
    add(`${victor} ${Math.floor(head / 3)} ${HMZD_LEVELS[a]} ${d === 4 ? "-" : HMZD_LEVELS[d]}`, n);
  }
  return { total: attacks.length * defences.length, joint };
}

// ── Factors 2-4: one strike ────────────────────────────────────────────────────────────────

/**
 * Ways out of `total` = zone die × d10 × impact die × d100 (the Shock test; a strike that does
 * no injury makes none and counts all 100 faces), by `zone location injury shock state`: the
 * injury code or `none`, the state the Shock Index gives or `none`, and the victim's state after
 * it (Z15); and the sum of the effective impacts (below 0 counted 0) over every way.
 */
export interface StrikeWays {
  total: number;
  joint: Map<string, number>;
  effectiveImpact: number;
}

/** Ways the d100 makes each level against an EML (clamped as the engine clamps it). */
export function levelWays(eml: number): Record<HmzdLevel, number> {
  const out: Record<HmzdLevel, number> = { CF: 0, F: 0, S: 0, CS: 0 };
  for (let roll = 1; roll <= 100; roll++) out[HMZD_LEVELS[hmTestIndex(roll, eml)]]++;
  return out;
}

/** Zone die × d10 × impact die × the Shock d100. */
export function strikeTotal(spec: StrikeSpec): number {
  return spec.zoneDie * 10 * spec.impact.die * 100;
}

interface LocationGroup {
  zone: string;
  location: string;
  bare: string;
  shock: number;
  ways: number;
}

/**
 * One strike, as the engine's `deliverStrike` makes it, every die enumerated: the zone die and
 * the d10 grouped by location (factor 2), each impact face (factor 3), and the Shock d100 by
 * level (factor 4; the index reads only the level, §5).
 */
export function strikeWays(spec: StrikeSpec, impactTAs: number): StrikeWays {
  const { victim, impact } = spec;
  const shockWays = levelWays(victim.shock);
  const groups = new Map<string, LocationGroup>();
  for (let z = 1; z <= spec.zoneDie; z++) {
    const zoneValue = spec.placement + z - 1;
    const zone = zoneAt(victim.plan, zoneValue);
    if (!zone) throw new Error(`Zone value ${zoneValue} is beyond body plan ${victim.plan.id}.`);
    for (let d10 = 1; d10 <= 10; d10++) {
      const loc = locationAt(zone, d10);
      const side = loc.paired ? sideAt(zone, zoneValue, d10) : null;
      const location = side ? `${side}-${loc.id}` : loc.id;
      const key = `${zone.id} ${location}`;
      const g = groups.get(key);
      if (g) g.ways++;
      else groups.set(key, { zone: zone.id, location, bare: loc.id, shock: loc.shock, ways: 1 });
    }
  }
  const base = impact.base + spec.strModifier + 5 * impactTAs;
  const unharmed = stateAfter(victim.state, "none");
  const joint = new Map<string, number>();
  const add = (key: string, n: number) => joint.set(key, (joint.get(key) ?? 0) + n);
  let effectiveImpact = 0;
  for (const [key, g] of groups) {
    const armour = armourAt(victim, g.location, g.bare, impact.aspect);
    for (let face = 1; face <= impact.die; face++) {
      const effective = face + base - armour;
      if (effective > 0) effectiveImpact += g.ways * 100 * effective;
      const band = injuryBandIndex(effective);
      if (band < 0) {
        add(`${key} none none ${unharmed}`, g.ways * 100);
        continue;
      }
      const { code, level } = INJURY_BANDS[band]!;
      for (const l of HMZD_LEVELS) {
        const n = shockWays[l];
        if (n === 0) continue;
        const state = shockState(SHOCK_MODIFIER[l] + g.shock + level);
        add(`${key} ${code} ${state} ${stateAfter(victim.state, state)}`, g.ways * n);
      }
    }
  }
  return { total: strikeTotal(spec), joint, effectiveImpact };
}

// ── The exchange ───────────────────────────────────────────────────────────────────────────

/** The exchange's odds as exact ways out of `total` (every die's faces multiplied). */
export interface ExchangeWays {
  total: number;
  /** `victor stars attackLevel defenceLevel` → ways. */
  outcome: Map<string, number>;
  /**
   * What befalls each side: `zone location injury shock state` as in `StrikeWays`; not struck:
   * `none none none none` and the side's own state.
   */
  sides: Record<Side, Map<string, number>>;
  /** Sum of the effective impacts (below 0 counted 0) over every way, by side struck. */
  effectiveImpact: Record<Side, number>;
  /** What each side spent: `impact precision action setup` (`0 0 0 0` when nothing). */
  gains: Record<Side, Map<string, number>>;
  /** Ways in which the given `spend` (and `pick`) answered the spending prompt (Z28). */
  spendUsed: number;
}

const other = (s: Side): Side => (s === "attacker" ? "defender" : "attacker");

/** The `spend` and `pick` of the input (the answers to the spending and Precision prompts). */
export interface GivenSpend {
  spend?: unknown;
  pick?: unknown;
}

/**
 * The spend of one outcome: the given one when the engine's parser accepts it for this outcome
 * (and the given pick with it), else the default (Z28). The engine's default when none is given.
 */
function spendFor(
  decl: HmzdDeclaration,
  defence: HmzdDefence,
  victor: Side,
  stars: number,
  given: GivenSpend,
): { spend: HmzdSpend; used: boolean } {
  const striker = strikerOf(victor, defence.type) !== null;
  const fallback = defaultSpend(tacticalAdvantagesOf(stars), striker);
  if (given.spend === undefined) return { spend: fallback, used: false };
  const state: HmzdExchangeState = {
    decl,
    defence,
    rolls: [],
    choices: [],
    attack: null,
    defenceTest: null,
    stars,
    victor,
    spent: null,
    zoneRolls: null,
    locationRoll: null,
    next: "spendStars",
    result: null,
  };
  try {
    const spend = parseSpend(given.spend, state);
    if (spend.precision > 0 && given.pick !== undefined)
      parsePick(given.pick, {
        ...state,
        zoneRolls: new Array<number>(spend.precision + 1).fill(1),
      });
    return { spend, used: true };
  } catch (e) {
    if (e instanceof InputError) return { spend: fallback, used: false };
    throw e;
  }
}

/**
 * The exact ways of an exchange once the defence is declared: the opposed test's pairs (factor
 * 1) times, for each victor and stars, the strike that follows (factors 2-4), the other side's
 * strike dice counting all their faces so every outcome shares one total.
 */
export function exchangeWays(
  decl: HmzdDeclaration,
  defence: HmzdDefence,
  given: GivenSpend = {},
): ExchangeWays {
  const forced = decl.defender.state === "INC" || decl.defender.state === "UNC";
  const effective: HmzdDefence = forced ? { type: "ignore" } : defence;
  const pairs = pairWays(decl, effective);
  const counter = effective.type === "counterstrike";
  const specs: Record<Side, StrikeSpec | null> = {
    attacker: strikeSpec(decl, effective, "attacker"),
    defender: counter ? strikeSpec(decl, effective, "defender") : null,
  };
  const totals: Record<Side, number> = {
    attacker: strikeTotal(specs.attacker!),
    defender: specs.defender ? strikeTotal(specs.defender) : 1,
  };
  const scale = totals.attacker * totals.defender;
  const out: ExchangeWays = {
    total: pairs.total * scale,
    outcome: new Map(),
    sides: { attacker: new Map(), defender: new Map() },
    effectiveImpact: { attacker: 0, defender: 0 },
    gains: { attacker: new Map(), defender: new Map() },
    spendUsed: 0,
  };
  const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  const cache = new Map<string, StrikeWays>();
  const spends = new Map<string, { spend: HmzdSpend; used: boolean }>();
  const notStruck = (side: Side) => `none none none none ${decl[side].state}`;
  for (const [key, ways] of pairs.joint) {
    const w = ways * scale;
    add(out.outcome, key, w);
    const [v, s] = key.split(" ") as [Side | "none", string];
    const victor = v === "none" ? null : v;
    const stars = Number(s);
    let spend: HmzdSpend | null = null;
    if (victor && tacticalAdvantagesOf(stars) > 0) {
      const sk = `${victor} ${stars}`;
      let r = spends.get(sk);
      if (!r) spends.set(sk, (r = spendFor(decl, effective, victor, stars, given)));
      spend = r.spend;
      if (r.used) out.spendUsed += w;
    }
    for (const side of ["attacker", "defender"] as const) {
      const sp = victor === side ? spend : null;
      add(
        out.gains[side],
        sp ? `${sp.impact} ${sp.precision} ${sp.action} ${sp.setup}` : "0 0 0 0",
        w,
      );
    }
    const striker = strikerOf(victor, effective.type);
    if (striker === null) {
      add(out.sides.attacker, notStruck("attacker"), w);
      add(out.sides.defender, notStruck("defender"), w);
      continue;
    }
    const victim = other(striker);
    add(out.sides[striker], notStruck(striker), w);
    const impactTAs = spend?.impact ?? 0;
    const ck = `${striker} ${impactTAs}`;
    let sw = cache.get(ck);
    if (!sw) cache.set(ck, (sw = strikeWays(specs[striker]!, impactTAs)));
    // The strike's ways out of its own total; the other strike's dice count all their faces.
    const per = ways * totals[victim];
    for (const [k, n] of sw.joint) add(out.sides[victim], k, per * n);
    out.effectiveImpact[victim] += per * sw.effectiveImpact;
  }
  return out;
}

// ── Probabilities ──────────────────────────────────────────────────────────────────────────

function sideOdds(ways: Map<string, number>, effectiveImpact: number, total: number): HmzdSideOdds {
  const o: HmzdSideOdds = {
    struck: 0,
    zone: { none: 0 },
    location: { none: 0 },
    injury: { none: 0 },
    shockTest: 0,
    shock: { none: 0, STN: 0, INC: 0, UNC: 0, KIA: 0 },
    state: { none: 0, STN: 0, INC: 0, UNC: 0, KIA: 0 },
    expectedEffectiveImpact: effectiveImpact / total,
  };
  const sums = { zone: new Map<string, number>(), location: new Map<string, number>() };
  const injury = new Map<string, number>();
  const shock = new Map<string, number>();
  const after = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  let struck = 0;
  let tested = 0;
  for (const [key, n] of ways) {
    const [zone, location, code, state, then] = key.split(" ") as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (zone !== "none") struck += n;
    if (code !== "none") tested += n;
    add(sums.zone, zone, n);
    add(sums.location, location, n);
    add(injury, code, n);
    add(shock, state, n);
    add(after, then, n);
  }
  o.struck = struck / total;
  o.shockTest = tested / total;
  for (const [k, n] of sums.zone) o.zone[k] = n / total;
  for (const [k, n] of sums.location) o.location[k] = n / total;
  for (const code of ["none", ...INJURY_BANDS.map((b) => b.code)])
    o.injury[code] = (injury.get(code) ?? 0) / total;
  for (const st of HMZD_STATES) {
    o.shock[st] = (shock.get(st) ?? 0) / total;
    o.state[st] = (after.get(st) ?? 0) / total;
  }
  return o;
}

function byCount(ways: Map<number, number>, total: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of [...ways.keys()].sort((a, b) => a - b)) out[String(k)] = ways.get(k)! / total;
  return out;
}

/** The exact odds of an exchange once the defence is declared (the input of `resolve`). */
export function exchangeOdds(
  decl: HmzdDeclaration,
  defence: HmzdDefence,
  given: GivenSpend = {},
): HmzdOdds {
  const w = exchangeWays(decl, defence, given);
  const T = w.total;
  // Integer ways first, one division each at the end.
  const victorWays = new Map<string, number>();
  const starWays = new Map<number, number>();
  const outcomeWays = new Map<string, number>();
  const attackWays = new Map<string, number>();
  const defenceWays = new Map<string, number>();
  const add = <K>(m: Map<K, number>, k: K, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  for (const [key, n] of w.outcome) {
    const [v, s, a, d] = key.split(" ") as [string, string, string, string];
    add(victorWays, v, n);
    add(starWays, Number(s), n);
    add(outcomeWays, `${v} ${s}`, n);
    add(attackWays, a, n);
    add(defenceWays, d, n);
  }
  const levels = (m: Map<string, number>): Record<HmzdLevel, number> | null => {
    if (m.has("-")) return null;
    const out = {} as Record<HmzdLevel, number>;
    for (const l of HMZD_LEVELS) out[l] = (m.get(l) ?? 0) / T;
    return out;
  };
  const victor: Record<Side | "none", number> = {
    attacker: (victorWays.get("attacker") ?? 0) / T,
    defender: (victorWays.get("defender") ?? 0) / T,
    none: (victorWays.get("none") ?? 0) / T,
  };
  // `none 0`, then the attacker's and the defender's wins by stars.
  const rank = (k: string) =>
    (k.startsWith("none") ? 0 : k.startsWith("attacker") ? 100 : 200) + Number(k.split(" ")[1]);
  const outcome: Record<string, number> = {};
  for (const k of [...outcomeWays.keys()].sort((a, b) => rank(a) - rank(b)))
    outcome[k] = outcomeWays.get(k)! / T;
  const gains = {} as Record<Side, HmzdGainOdds>;
  for (const side of ["attacker", "defender"] as const) {
    const by = {
      impact: new Map<number, number>(),
      precision: new Map<number, number>(),
      setup: new Map<number, number>(),
    };
    let action = 0;
    for (const [key, n] of w.gains[side]) {
      const [impact, precision, act, setup] = key.split(" ").map(Number) as [
        number,
        number,
        number,
        number,
      ];
      by.impact.set(impact, (by.impact.get(impact) ?? 0) + n);
      by.precision.set(precision, (by.precision.get(precision) ?? 0) + n);
      by.setup.set(setup, (by.setup.get(setup) ?? 0) + n);
      if (act > 0) action += n;
    }
    gains[side] = {
      action: action / T,
      setup: byCount(by.setup, T),
      impact: byCount(by.impact, T),
      precision: byCount(by.precision, T),
    };
  }
  const defender = sideOdds(w.sides.defender, w.effectiveImpact.defender, T);
  const attacker = sideOdds(w.sides.attacker, w.effectiveImpact.attacker, T);
  return {
    ruleset: "hmzd",
    attackLevel: levels(attackWays)!,
    defenceLevel: levels(defenceWays),
    victor,
    stars: byCount(starWays, T),
    outcome,
    spendUsed: w.spendUsed / T,
    injury: { ...defender.injury },
    shock: { ...defender.shock },
    defender,
    attacker,
    gains,
  };
}

/** Input fields `odds` reads but does not use: the odds run over every roll. */
const IGNORED = ["rolls", "seed"] as const;

/**
 * The `odds` contract: the same JSON object as `resolve` (`ruleset` must be `hmzd`), validated by
 * the same parser. `rolls` and `seed` are accepted and ignored (listed in `ignored`); `spend` and
 * `pick` answer the spending prompt where the engine accepts them, Z28.
 */
export function oddsInput(raw: unknown): { odds: HmzdOdds; ignored: string[] } {
  const input = readObject(raw, "input");
  if (input.ruleset !== "hmzd") {
    throw new InputError("ruleset", input.ruleset, "expected hmzd for the hmzd odds");
  }
  const rest: Record<string, unknown> = { ...input };
  delete rest.ruleset;
  const ignored: string[] = [];
  for (const k of IGNORED) {
    if (rest[k] !== undefined) ignored.push(k);
    delete rest[k];
  }
  const { decl } = parseResolveInput(rest);
  const forced = decl.defender.state === "INC" || decl.defender.state === "UNC";
  const defence: HmzdDefence =
    forced && rest.defence === undefined ? { type: "ignore" } : parseDefence(rest.defence, decl);
  return { odds: exchangeOdds(decl, defence, { spend: rest.spend, pick: rest.pick }), ignored };
}
