/**
 * Exact odds of one hmzd exchange (seed 001, `hmzd.md`), computed by enumerating every die, never
 * by sampling. The dice are enumerated in four independent factors, each with the engine's own
 * functions so the odds cannot drift from `resolve`:
 *
 * 1. the opposed test: every attack d100 × every defence d100 (one roll for Ignore; none for the
 *    attacker of an UNC defender, Z3), each pair through the engine's test and star count
 *    (levels, STN and Setup shifts Z2 Z16, ties by defence §1) → victor and stars;
 * 2. the strike's location: every zone die face × every d10 (Z5: the zone result kept after a
 *    Precision is a zone die like the first, so Precision leaves the odds unchanged);
 * 3. the impact die: every face, with the base, the STR modifier and 5 per Impact TA (§3);
 * 4. the Shock test: every d100 of the victim's Shock EML, read by its level (§5, Z7).
 *
 * The strike (2-4) depends on the opposed test only through who strikes and how many Impact TAs
 * the winner spends, so the exchange's odds are the product of the factors summed over the
 * victor and stars. Counts are exact integers: ways out of `total`, the product of every die's
 * faces (test/hmzd/odds.test.ts compares them with a face-by-face walk of the engine). Pure and
 * framework-free.
 *
 * Per side: `defender` is what befalls the defender (the attacker's strike), `attacker` what
 * befalls the attacker (the defender's winning counterstrike). The headline `injury` and `shock`
 * are the defender's (docs/cli.md, "odds (hmzd)").
 */
import { InputError, readObject } from "../../core/errors";
import type { Side } from "../../core/ruleset";
import {
  HMZD_LEVELS,
  HMZD_STATES,
  type HmzdArmourMap,
  type HmzdAspect,
  type HmzdDeclaration,
  type HmzdDefence,
  type HmzdFighter,
  type HmzdImpact,
  type HmzdLevel,
  type HmzdPlan,
  type HmzdSpend,
  type HmzdState,
} from "./types";
import { INJURY_BANDS, SHOCK_MODIFIER, injuryBandIndex, shockState, strModifier } from "./tables";

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
  /** The attack's level after its shifts (`attack.level`); null when no attack roll is made (UNC defender, Z3). */
  attackLevel: Record<HmzdLevel, number> | null;
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

// ── Engine stand-ins (replaced by zd-engine's functions when they land) ───────────────────────

const DIE_LEVEL: HmzdLevel[] = [];
function levelOf(roll: number, eml: number): HmzdLevel {
  const target = Math.min(95, Math.max(5, eml));
  const critical = roll % 5 === 0;
  if (roll <= target) return critical ? "CS" : "S";
  return critical ? "CF" : "F";
}
void DIE_LEVEL;

interface Located {
  zone: string;
  location: string;
  unsided: string;
  shock: number;
}
function locate(plan: HmzdPlan, zoneValue: number, d10: number): Located {
  const zone = plan.zones.find((z) => zoneValue >= z.values.from && zoneValue <= z.values.to)!;
  const loc = zone.locations.find((l) => d10 >= l.d10.from && d10 <= l.d10.to)!;
  let side: string | null = null;
  if (loc.paired && zone.sides) {
    const v = zone.sides.by === "zone" ? zoneValue : d10;
    if (zone.sides.right.includes(v)) side = "right";
    else if (zone.sides.left.includes(v)) side = "left";
  }
  return {
    zone: zone.id,
    location: side ? `${side}-${loc.id}` : loc.id,
    unsided: loc.id,
    shock: loc.shock,
  };
}
function armourAt(armour: HmzdArmourMap, sided: string, unsided: string, aspect: HmzdAspect) {
  return (armour[sided] ?? armour[unsided])?.[aspect] ?? 0;
}

// ── Factor 1: the opposed test ─────────────────────────────────────────────────────────────

/** Ways out of `total` (attack d100 × defence d100, a die not rolled counting 1). */
export interface PairWays {
  total: number;
  /** `victor stars attackLevel defenceLevel` (`none 0 F -` for no victor against an Ignore). */
  joint: Map<string, number>;
}

// ── Factors 2-4: one strike ────────────────────────────────────────────────────────────────

/** One strike's dice, what the strike depends on. */
export interface StrikeSpec {
  /** Sides of the zone die and the zone value it starts from. */
  zoneDie: number;
  placement: number;
  impact: HmzdImpact;
  /** The striker's STR and the Impact TAs it spends. */
  str: number;
  impactTAs: number;
  victim: HmzdFighter;
}

/**
 * Ways out of `total` = zone die × d10 × impact die × d100 (the Shock test; a strike that does no
 * injury makes none, and counts all 100 faces), by `zone location injury state` (`none` for no
 * injury), and the sum of the effective impacts (below 0 counted 0) over every way.
 */
export interface StrikeWays {
  total: number;
  joint: Map<string, number>;
  effectiveImpact: number;
}

/** Ways the d100 makes each level against an EML (clamped as the engine clamps it). */
export function levelWays(eml: number): Record<HmzdLevel, number> {
  const out: Record<HmzdLevel, number> = { CF: 0, F: 0, S: 0, CS: 0 };
  for (let roll = 1; roll <= 100; roll++) out[levelOf(roll, eml)]++;
  return out;
}

export function strikeWays(spec: StrikeSpec): StrikeWays {
  const { victim, impact } = spec;
  const shockWays = levelWays(victim.shock);
  // Factor 2: the zone die and the d10, grouped by location (a location's ways, its shock).
  const groups = new Map<string, Located & { ways: number }>();
  for (let z = 1; z <= spec.zoneDie; z++) {
    for (let d10 = 1; d10 <= 10; d10++) {
      const at = locate(victim.plan, spec.placement + z - 1, d10);
      const key = `${at.zone} ${at.location}`;
      const g = groups.get(key);
      if (g) g.ways++;
      else groups.set(key, { ...at, ways: 1 });
    }
  }
  const base = impact.base + strModifier(spec.str) + 5 * spec.impactTAs;
  const joint = new Map<string, number>();
  const add = (key: string, n: number) => joint.set(key, (joint.get(key) ?? 0) + n);
  let effectiveImpact = 0;
  for (const [key, g] of groups) {
    const armour = armourAt(victim.armour, g.location, g.unsided, impact.aspect);
    // Factor 3: every face of the impact die.
    for (let face = 1; face <= impact.die; face++) {
      const effective = face + base - armour;
      if (effective > 0) effectiveImpact += g.ways * 100 * effective;
      const band = injuryBandIndex(effective);
      if (band < 0) {
        add(`${key} none none`, g.ways * 100);
        continue;
      }
      // Factor 4: the Shock test by level; the index is modifier + location shock + level.
      const { code, level } = INJURY_BANDS[band]!;
      for (const l of HMZD_LEVELS) {
        const n = shockWays[l];
        if (n === 0) continue;
        const state = shockState(SHOCK_MODIFIER[l] + g.shock + level);
        add(`${key} ${code} ${state}`, g.ways * n);
      }
    }
  }
  return { total: strikeTotalOf(spec), joint, effectiveImpact };
}

/** Zone die × d10 × impact die × the Shock d100. */
function strikeTotalOf(spec: StrikeSpec): number {
  return spec.zoneDie * 10 * spec.impact.die * 100;
}

// Provisional opposed test (hmzd.md §1, Z1-Z3, Z16), replaced by the engine's.
const VALUE: Record<HmzdLevel, number> = { CF: 0, F: 1, S: 2, CS: 3 };
function shown(value: number): HmzdLevel {
  return HMZD_LEVELS[Math.min(3, Math.max(0, value))]!;
}
function opposed(
  type: HmzdDefence["type"],
  a: { value: number; roll: number | null },
  d: { value: number; roll: number | null } | null,
): { victor: Side | null; stars: number } {
  const dv = d ? d.value : 0;
  const aOk = a.value >= 2;
  const dOk = dv >= 2;
  if (!aOk && !dOk) return { victor: null, stars: 0 };
  if (a.value > dv) return { victor: "attacker", stars: a.value - dv };
  if (dv > a.value) return { victor: "defender", stars: dv - a.value };
  if (type === "block") return { victor: "defender", stars: 1 };
  if (type === "counterstrike") return { victor: "attacker", stars: 1 };
  // Dodge: the higher roll wins; equal rolls go to the defender.
  return { victor: a.roll! > d!.roll! ? "attacker" : "defender", stars: 1 };
}

export function pairWays(decl: HmzdDeclaration, defence: HmzdDefence): PairWays {
  const { attacker, defender } = decl;
  const joint = new Map<string, number>();
  const add = (key: string, n: number) => joint.set(key, (joint.get(key) ?? 0) + n);
  const shift = (f: HmzdFighter) => f.setup - (f.state === "STN" ? 1 : 0);
  const forced = defender.state === "INC" || defender.state === "UNC";
  const type = forced ? "ignore" : defence.type;
  if (defender.state === "UNC") {
    const r = opposed("ignore", { value: 3, roll: null }, null);
    add(`${r.victor ?? "none"} ${r.stars} CS -`, 1);
    return { total: 1, joint };
  }
  const attackRolls = Array.from({ length: 100 }, (_, i) => i + 1);
  const defenceRolls: (number | null)[] =
    type === "ignore" ? [null] : Array.from({ length: 100 }, (_, i) => i + 1);
  for (const ar of attackRolls) {
    const av = VALUE[levelOf(ar, decl.attack.eml.value)] + shift(attacker);
    for (const dr of defenceRolls) {
      const d =
        dr === null
          ? null
          : { value: VALUE[levelOf(dr, defence.eml!.value)] + shift(defender), roll: dr };
      const r = opposed(type, { value: av, roll: ar }, d);
      add(`${r.victor ?? "none"} ${r.stars} ${shown(av)} ${d ? shown(d.value) : "-"}`, 1);
    }
  }
  return { total: attackRolls.length * defenceRolls.length, joint };
}

/** The default spending (issue 18): all Impact for a striker, all Setup for a defender who blocked or dodged. */
function defaultSpend(tas: number, striker: boolean): HmzdSpend {
  return striker
    ? { impact: tas, precision: 0, action: 0, setup: 0 }
    : { impact: 0, precision: 0, action: 0, setup: tas };
}

// ── The exchange ───────────────────────────────────────────────────────────────────────────

/** The exchange's odds as exact ways out of `total` (every die's faces multiplied). */
export interface ExchangeWays {
  total: number;
  /** `victor stars attackLevel defenceLevel` → ways (levels `-` when not rolled). */
  outcome: Map<string, number>;
  /** What befalls each side: `zone location injury state`, `none none none none` when not struck. */
  sides: Record<Side, Map<string, number>>;
  /** Sum of the effective impacts (below 0 counted 0) over every way, by side struck. */
  effectiveImpact: Record<Side, number>;
  /** What each side spent: `impact precision action setup` counts (`0 0 0 0` when nothing). */
  gains: Record<Side, Map<string, number>>;
  /** Ways in which the given spend answered the prompt (Z28). */
  spendUsed: number;
}

const NOT_STRUCK = "none none none none";
const NOTHING = "0 0 0 0";
const other = (s: Side): Side => (s === "attacker" ? "defender" : "attacker");

/** The given answers to the spending and Precision prompts, if any. */
export interface GivenSpend {
  spend?: HmzdSpend;
  pick?: number;
}

export function exchangeWays(
  decl: HmzdDeclaration,
  defence: HmzdDefence,
  given: GivenSpend = {},
): ExchangeWays {
  const pairs = pairWays(decl, defence);
  const fighters: Record<Side, HmzdFighter> = { attacker: decl.attacker, defender: decl.defender };
  const counter = defence.type === "counterstrike" && decl.defender.state === "none";
  const specOf = (by: Side, impactTAs: number): StrikeSpec => {
    if (by === "attacker") {
      return {
        zoneDie: decl.attack.weapon.zoneDie,
        placement: decl.attack.placement,
        impact: decl.attack.weapon.impact,
        str: decl.attacker.str,
        impactTAs,
        victim: decl.defender,
      };
    }
    return {
      zoneDie: defence.weapon!.zoneDie,
      placement: defence.placement ?? 1,
      impact: defence.weapon!.impact,
      str: decl.defender.str,
      impactTAs,
      victim: decl.attacker,
    };
  };
  // Each strike's total is the same whatever its Impact TAs: one common denominator.
  const strikeTotal: Record<Side, number> = {
    attacker: strikeTotalOf(specOf("attacker", 0)),
    defender: counter ? strikeTotalOf(specOf("defender", 0)) : 1,
  };
  const scale = strikeTotal.attacker * strikeTotal.defender;
  const total = pairs.total * scale;
  const out: ExchangeWays = {
    total,
    outcome: new Map(),
    sides: { attacker: new Map(), defender: new Map() },
    effectiveImpact: { attacker: 0, defender: 0 },
    gains: { attacker: new Map(), defender: new Map() },
    spendUsed: 0,
  };
  const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  const cache = new Map<string, StrikeWays>();
  for (const [key, ways] of pairs.joint) {
    const w = ways * scale;
    add(out.outcome, key, w);
    const [v, s] = key.split(" ");
    const victor = v === "none" ? null : (v as Side);
    const stars = Number(s);
    const tas = Math.max(0, stars - 1);
    const striker: Side | null =
      victor === "attacker" || (victor === "defender" && counter) ? victor : null;
    let spend: HmzdSpend | null = null;
    if (victor && tas > 0) {
      spend = defaultSpend(tas, striker !== null);
      if (given.spend && spendFits(given.spend, tas, striker !== null, fighters[victor])) {
        spend = given.spend;
        out.spendUsed += w;
      }
    }
    for (const side of ["attacker", "defender"] as const) {
      const sp = victor === side && spend ? spend : null;
      add(
        out.gains[side],
        sp ? `${sp.impact} ${sp.precision} ${sp.action} ${sp.setup}` : NOTHING,
        w,
      );
    }
    if (striker === null) {
      add(out.sides.attacker, NOT_STRUCK, w);
      add(out.sides.defender, NOT_STRUCK, w);
      continue;
    }
    const victim = other(striker);
    add(out.sides[striker], NOT_STRUCK, w);
    const impactTAs = spend?.impact ?? 0;
    const ck = `${striker} ${impactTAs}`;
    let sw = cache.get(ck);
    if (!sw) cache.set(ck, (sw = strikeWays(specOf(striker, impactTAs))));
    // The strike's ways out of its own total; the other strike's dice count all their faces.
    const per = ways * strikeTotal[victim];
    for (const [k, n] of sw.joint) add(out.sides[victim], k, per * n);
    out.effectiveImpact[victim] += per * sw.effectiveImpact;
  }
  return out;
}

/** The given spend answers the prompt of this outcome (Z28). */
function spendFits(spend: HmzdSpend, tas: number, striker: boolean, victor: HmzdFighter): boolean {
  const sum = spend.impact + spend.precision + spend.action + spend.setup;
  if (sum !== tas) return false;
  if (!striker && (spend.impact > 0 || spend.precision > 0)) return false;
  if (spend.action > (victor.actionTaken ? 0 : 1)) return false;
  return true;
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
    expectedEffectiveImpact: effectiveImpact / total,
  };
  const sums = { zone: new Map<string, number>(), location: new Map<string, number>() };
  const injury = new Map<string, number>();
  const shock = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  let struck = 0;
  let tested = 0;
  for (const [key, n] of ways) {
    const [zone, location, code, state] = key.split(" ") as [string, string, string, string];
    if (zone !== "none") struck += n;
    if (code !== "none") tested += n;
    add(sums.zone, zone, n);
    add(sums.location, location, n);
    add(injury, code, n);
    add(shock, state, n);
  }
  o.struck = struck / total;
  o.shockTest = tested / total;
  for (const [k, n] of sums.zone) o.zone[k] = n / total;
  for (const [k, n] of sums.location) o.location[k] = n / total;
  for (const code of ["none", ...INJURY_BANDS.map((b) => b.code)])
    o.injury[code] = (injury.get(code) ?? 0) / total;
  for (const st of HMZD_STATES) o.shock[st] = (shock.get(st) ?? 0) / total;
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
  const victor: Record<Side | "none", number> = { attacker: 0, defender: 0, none: 0 };
  const stars = new Map<number, number>();
  const outcome: Record<string, number> = {};
  const attackLevel: Record<HmzdLevel, number> = { CF: 0, F: 0, S: 0, CS: 0 };
  const defenceLevel: Record<HmzdLevel, number> = { CF: 0, F: 0, S: 0, CS: 0 };
  let attackRolled = false;
  let defenceRolled = false;
  for (const [key, n] of w.outcome) {
    const [v, s, a, d] = key.split(" ") as [Side | "none", string, string, string];
    victor[v] += n / T;
    stars.set(Number(s), (stars.get(Number(s)) ?? 0) + n);
    const ok = `${v} ${s}`;
    outcome[ok] = (outcome[ok] ?? 0) + n / T;
    if (a !== "-") {
      attackRolled = true;
      attackLevel[a as HmzdLevel] += n / T;
    }
    if (d !== "-") {
      defenceRolled = true;
      defenceLevel[d as HmzdLevel] += n / T;
    }
  }
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
    attackLevel: attackRolled ? attackLevel : null,
    defenceLevel: defenceRolled ? defenceLevel : null,
    victor,
    stars: byCount(stars, T),
    outcome,
    spendUsed: w.spendUsed / T,
    injury: { ...defender.injury },
    shock: { ...defender.shock },
    defender,
    attacker,
    gains,
  };
}
