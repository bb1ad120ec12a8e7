/**
 * Exact odds of one HM3 exchange, computed by enumerating the dice (never by sampling): the
 * attack and defence d100, the matrix result, the location d100 in the aim column, the impact
 * N d6, the armour at the location, the injury cell, and the character rolls the cell calls for
 * (kill, shock, fumble, stumble), exactly as `resolveExchange` makes them. Pure and
 * framework-free.
 *
 * Per side: `defender` is what befalls the defender (the attacker's strikes `A*N`, `M*N` and the
 * attacker's half of `B*N`; the matrix's `DF`, `DS`, `BF`, `BS`), `attacker` what befalls the
 * attacker (the defender's strikes `D*N` and its half of `B*N`; `AF`, `AS`, `BF`, `BS`). The
 * headline `injury`, `shock`, `kill`, `fumble`, `stumble` and `expectedEffectiveImpact` are the
 * defender's (docs/cli.md, "odds").
 */
import { InputError, readObject } from "../../core/errors";
import type { Side } from "../../core/ruleset";
import { canAim, planInjuryFor, planStrikeLocation } from "./body-plan";
import {
  matrixResult,
  strikesOf,
  type Hm3Declaration,
  type Hm3Defence,
  type Hm3Fighter,
  type Hm3Options,
  type StrikeWeapon,
} from "./exchange";
import { armourAspect, armourAt, injuryFor, strikeLocation, successLevel } from "./mechanics";
import { GOLD_OPTIONS, goldOn } from "./gold/options";
import { enumeratedOdds } from "./odds-enumerated";
import { parseDefence, parseResolveInput } from "./parse";
import {
  IMPACT_BANDS,
  LEVELS,
  LOCATION_REGION,
  RESULT_CODES,
  SEVERITIES,
  type Level,
  type LocationId,
  type ResultCode,
} from "./tables";

/** What may befall one side in the exchange, each figure a probability over the whole exchange. */
export interface Hm3SideOdds {
  /** The side is struck (a strike lands, whatever its injury). */
  struck: number;
  /** Injury code as the engine records it (`strike.injury`: `K4` killed, `G4` after a survived kill roll) or `none`. Sums to 1. */
  injury: Record<string, number>;
  /** A shock roll is failed. */
  shock: number;
  /** Killed: a K cell without the kill-roll option, or a failed kill roll. */
  kill: number;
  /** A fumble roll is failed: a ♦ arm cell, or the matrix's own fumble (`AF`, `DF`, `BF`). */
  fumble: number;
  /** A stumble roll is failed: a ♦ leg cell, or the matrix's own stumble (`AS`, `DS`, `BS`). */
  stumble: number;
  /** An amputation roll is called for (▼ cell struck by Edge, option `amputation`). */
  amputationRoll: number;
  /** Bleeding starts (option `bleeding`). */
  bleeding: number;
  /** Flammable armour ignites (fire strike of 13+ impact on Cloth or Quilt, ruling R12). */
  ignite: number;
  /**
   * The side's weapon or shield fails its weapon damage roll (a Block result: 3d6 above WQ, the
   * lower WQ first, the defender's first at equal WQ (R5), no second roll after a failure; a
   * weapon with no WQ makes none, R31, R41): it loses 1 WQ (R31).
   */
  weaponDamaged: number;
  /** It fails that roll at WQ 1, and breaks (R31). */
  weaponBroken: number;
  /** Mean effective impact over the whole exchange: no strike counts 0, armour stopping all counts 0. */
  expectedEffectiveImpact: number;
  /** Mean effective impact (below 0 counted as 0) given that the side is struck; 0 if it cannot be. */
  expectedEffectiveImpactIfStruck: number;
  /**
   * Enumerated odds only (a Gold option on): the probability of each field an option adds to a
   * strike on this side, when present and not empty (`bluntTrauma`, `limbInjury`…).
   */
  gold?: Record<string, number>;
}

export interface Hm3Odds {
  ruleset: "hm3";
  /** Attack success level. */
  attackLevel: Record<Level, number>;
  /** Defence success level; null for Ignore (no defence roll). */
  defenceLevel: Record<Level, number> | null;
  /** Every result code of `resolve`, sums to 1. */
  result: Record<ResultCode, number>;
  /** Headline figures: the defender's (`defender` below). */
  injury: Record<string, number>;
  shock: number;
  kill: number;
  fumble: number;
  stumble: number;
  expectedEffectiveImpact: number;
  defender: Hm3SideOdds;
  attacker: Hm3SideOdds;
  /** Enumerated odds only: the probability of each field an option adds to the result. */
  gold?: Record<string, number>;
  /** Enumerated odds only (odds-enumerated.ts): the paths of dice the engine was run on. */
  enumeration?: { paths: number };
}

// ── Dice distributions ─────────────────────────────────────────────────────────────────────

/** `SUMS[k][s]`: number of ways k d6 total s (exact integers up to 6^k < 2^53 for k ≤ 20). */
const COUNTS: number[][] = [[1]];
/** `PROBS[k][s]`: probability that k d6 total s (doubles, for any k). */
const PROBS: number[][] = [[1]];

function convolve(prev: number[]): number[] {
  const next = new Array<number>(prev.length + 6).fill(0);
  for (let s = 0; s < prev.length; s++) {
    const c = prev[s]!;
    if (c === 0) continue;
    for (let f = 1; f <= 6; f++) next[s + f]! += c;
  }
  return next;
}

/** Ways k d6 make each total (index = total), exact for k ≤ 20. */
export function d6Counts(k: number): readonly number[] {
  if (k > 20) throw new Error(`d6Counts: ${k} dice exceed exact integers`);
  while (COUNTS.length <= k) COUNTS.push(convolve(COUNTS[COUNTS.length - 1]!));
  return COUNTS[k]!;
}

function d6Probs(k: number): readonly number[] {
  while (PROBS.length <= k) {
    const n = convolve(PROBS[PROBS.length - 1]!);
    PROBS.push(n.map((c) => c / 6));
  }
  return PROBS[k]!;
}

/** `TAILS[k][t]`: P(k d6 total > t) for t in 0..6k, built once per k. */
const TAILS: number[][] = [];

function tails(k: number): readonly number[] {
  let tail = TAILS[k];
  if (tail) return tail;
  tail = new Array<number>(6 * k + 1).fill(0);
  if (k <= 20) {
    // Exact: count the ways above each total, one division each.
    const counts = d6Counts(k);
    let ways = 0;
    for (let t = 6 * k - 1; t >= 0; t--) {
      ways += counts[t + 1]!;
      tail[t] = ways / 6 ** k;
    }
  } else {
    const probs = d6Probs(k);
    let p = 0;
    for (let t = 6 * k - 1; t >= 0; t--) {
      p += probs[t + 1]!;
      tail[t] = p;
    }
  }
  TAILS[k] = tail;
  return tail;
}

/** P(k d6 total > target): the failure chance of the engine's `check` (shock, fumble, kill…). */
export function d6Above(k: number, target: number): number {
  if (target < 0) return 1;
  if (k <= 0 || target >= 6 * k) return 0;
  return tails(k)[target]!;
}

/** Number of d100 rolls giving each success level against an EML (clamped as the engine does). */
export function levelCounts(eml: number): Record<Level, number> {
  const out: Record<Level, number> = { CF: 0, MF: 0, MS: 0, CS: 0 };
  for (let roll = 1; roll <= 100; roll++) out[successLevel(roll, eml)]++;
  return out;
}

// ── One strike ─────────────────────────────────────────────────────────────────────────────

/** Conditional odds of one strike given that it lands. */
interface StrikeOdds {
  injury: Map<string, number>;
  shock: number;
  kill: number;
  fumble: number;
  stumble: number;
  amputationRoll: number;
  bleeding: number;
  ignite: number;
  effectiveImpact: number;
}

interface LocationGroup {
  location: string;
  sided: string;
  region: string;
  count: number;
}

/** `impactBand` of mechanics.ts on a plain copy of the bands (the hot loop of the odds). */
const BANDS: number[] = [...IMPACT_BANDS];
function bandOf(effectiveImpact: number): number {
  let band = -1;
  for (let i = 0; i < BANDS.length; i++) if (effectiveImpact >= BANDS[i]!) band = i;
  return band;
}

/** Location groups by aim: the human plan's once, a creature plan's once per plan object. */
const HUMAN_GROUPS = new Map<string, LocationGroup[]>();
const PLAN_GROUPS = new WeakMap<object, Map<string, LocationGroup[]>>();

function locationGroups(weapon: StrikeWeapon, victim: Hm3Fighter): LocationGroup[] {
  const plan = victim.bodyPlan;
  let byAim = plan ? PLAN_GROUPS.get(plan) : HUMAN_GROUPS;
  if (!byAim) PLAN_GROUPS.set(plan!, (byAim = new Map()));
  const cached = byAim.get(weapon.aim);
  if (cached) return cached;
  const groups = new Map<string, LocationGroup>();
  for (let roll = 1; roll <= 100; roll++) {
    let loc: { location: string; sided: string; region: string };
    if (plan) loc = planStrikeLocation(plan, weapon.aim, roll);
    else {
      const human = strikeLocation(weapon.aim, roll);
      loc = { ...human, region: LOCATION_REGION[human.location] };
    }
    const g = groups.get(loc.sided);
    if (g) g.count++;
    else
      groups.set(loc.sided, {
        location: loc.location,
        sided: loc.sided,
        region: loc.region,
        count: 1,
      });
  }
  const list = [...groups.values()];
  byAim.set(weapon.aim, list);
  return list;
}

function strikeOdds(
  by: Side,
  count: number,
  weapon: StrikeWeapon,
  victim: Hm3Fighter,
  options: Hm3Options,
): StrikeOdds {
  const aspect = armourAspect(weapon.aspect);
  if (!aspect) throw new Error(`Unknown aspect ${weapon.aspect}`);
  const plan = victim.bodyPlan;
  if (plan && !canAim(plan, weapon.aim)) {
    throw new InputError(
      by === "attacker" ? "attack.aim" : "defence.aim",
      weapon.aim,
      `body plan ${plan.name} cannot be struck in the ${weapon.aim} zone`,
    );
  }
  const out: StrikeOdds = {
    injury: new Map(),
    shock: 0,
    kill: 0,
    fumble: 0,
    stumble: 0,
    amputationRoll: 0,
    bleeding: 0,
    ignite: 0,
    effectiveImpact: 0,
  };
  const add = (code: string, p: number) => out.injury.set(code, (out.injury.get(code) ?? 0) + p);
  const impacts = d6Counts(count);
  const impactWays = 6 ** count;
  for (const g of locationGroups(weapon, victim)) {
    const armour = armourAt(victim.armour, g.sided, aspect);
    const flammable = victim.flammable?.[g.sided] ?? victim.flammable?.[g.location];
    // The injury row of the location, one cell per impact band (seed 003 line 94).
    const row = IMPACT_BANDS.map((lowest) =>
      plan ? planInjuryFor(plan, g.location, lowest) : injuryFor(g.location as LocationId, lowest),
    );
    // Probability of each band (index 0: no injury, 1..5: the bands) over the impact totals.
    const mass = [0, 0, 0, 0, 0, 0];
    for (let s = count; s <= 6 * count; s++) {
      const p = (g.count * impacts[s]!) / (100 * impactWays);
      const impact = s + weapon.impact;
      const effective = impact - armour;
      if (effective > 0) out.effectiveImpact += p * effective;
      // Only a Fire strike ignites (ruling R1); 01-50 on d100 (ruling R12).
      if (weapon.aspect === "fire" && impact >= 13 && flammable) out.ignite += p / 2;
      mass[bandOf(effective) + 1]! += p;
    }
    for (let b = 0; b <= IMPACT_BANDS.length; b++) {
      const p = mass[b]!;
      if (p === 0) continue;
      const cell = b === 0 ? null : row[b - 1]!;
      if (!cell) {
        add("none", p);
        continue;
      }
      let survive = p;
      let severity = cell.severity;
      if (cell.severity === "K") {
        const dies = options.killRoll ? d6Above(cell.level, victim.endurance) : 1;
        out.kill += p * dies;
        add(`K${cell.level}`, p * dies);
        survive = p * (1 - dies);
        severity = "G";
      }
      if (survive === 0) continue;
      add(`${severity}${cell.level}`, survive);
      // docs/rulings.md R4: the new injury's level counts in UP and PP for its rolls.
      out.shock += survive * d6Above(Math.max(0, victim.up + cell.level), victim.endurance);
      const pp = victim.pp + cell.level;
      if (cell.fumbleStumble && g.region === "arm")
        out.fumble += survive * d6Above(3, victim.dex - pp);
      if (cell.fumbleStumble && g.region === "leg")
        out.stumble += survive * d6Above(3, victim.agl - pp);
      if (options.amputation && cell.amputation && aspect === "edge") out.amputationRoll += survive;
      if (
        options.bleeding &&
        cell.level >= 4 &&
        severity !== "M" &&
        (aspect === "edge" || aspect === "point")
      )
        out.bleeding += survive;
    }
  }
  return out;
}

// ── The exchange ───────────────────────────────────────────────────────────────────────────

function emptySide(): Hm3SideOdds {
  return {
    struck: 0,
    injury: { none: 0 },
    shock: 0,
    kill: 0,
    fumble: 0,
    stumble: 0,
    amputationRoll: 0,
    bleeding: 0,
    ignite: 0,
    weaponDamaged: 0,
    weaponBroken: 0,
    expectedEffectiveImpact: 0,
    expectedEffectiveImpactIfStruck: 0,
  };
}

/** Injury codes in a stable order: none, then by level, then severity (M, S, G, K). */
function sortInjury(map: Record<string, number>): Record<string, number> {
  const rank = (code: string) =>
    code === "none" ? -1 : Number(code.slice(1)) * 10 + SEVERITIES.indexOf(code[0] as "M");
  const out: Record<string, number> = {};
  for (const k of Object.keys(map).sort((a, b) => rank(a) - rank(b))) out[k] = map[k]!;
  return out;
}

const other = (s: Side): Side => (s === "attacker" ? "defender" : "attacker");

/**
 * The exact odds of an exchange once the defence is declared (same inputs as `resolveExchange`):
 * in closed form (`closedFormOdds`, fast) while no HârnMaster Gold option is on; with one on, by
 * running the engine on every path of its dice (`enumeratedOdds`), which follows every option.
 */
export function exchangeOdds(decl: Hm3Declaration, defence: Hm3Defence): Hm3Odds {
  return anyGoldOn(decl.options) ? enumeratedOdds(decl, defence) : closedFormOdds(decl, defence);
}

/** Whether any HârnMaster Gold option takes effect (`goldOn`). */
export function anyGoldOn(options: Hm3Options): boolean {
  return GOLD_OPTIONS.some((o) => goldOn(options, o.id));
}

/** The exact odds in closed form, HM3's own rules (no Gold option). */
export function closedFormOdds(decl: Hm3Declaration, defence: Hm3Defence): Hm3Odds {
  const { attack, attacker, defender, options } = decl;
  if (attack.type === "missile" && defence.type === "counterstrike") {
    throw new Error("Counterstrike is not possible against a missile attack.");
  }
  const att = levelCounts(attack.target.value);
  let def: Record<Level, number> | null = null;
  if (defence.type !== "ignore") {
    if (!defence.target) throw new Error(`The ${defence.type} defence needs an EML.`);
    def = levelCounts(defence.target.value);
  }
  // Result counts out of 100 × 100 (or 100 for Ignore) rolls: exact integers.
  const ways = new Map<ResultCode, number>();
  for (const a of LEVELS) {
    if (def === null) {
      const code = matrixResult(attack.type, defence.type, a, null);
      ways.set(code, (ways.get(code) ?? 0) + att[a] * 100);
    } else {
      for (const d of LEVELS) {
        const code = matrixResult(attack.type, defence.type, a, d);
        ways.set(code, (ways.get(code) ?? 0) + att[a] * def[d]);
      }
    }
  }
  const result = {} as Record<ResultCode, number>;
  for (const code of RESULT_CODES) result[code] = (ways.get(code) ?? 0) / 10000;

  const fighters: Record<Side, Hm3Fighter> = { attacker, defender };
  const sides: Record<Side, Hm3SideOdds> = { attacker: emptySide(), defender: emptySide() };
  const cache = new Map<string, StrikeOdds>();
  const strikeFor = (by: Side, dice: number): StrikeOdds => {
    const key = `${by}${dice}`;
    let s = cache.get(key);
    if (!s) {
      let weapon: StrikeWeapon = attack;
      if (by === "defender") {
        if (!defence.strike) throw new Error("A defender strike needs the counterstriking weapon.");
        weapon = defence.strike;
      }
      s = strikeOdds(by, dice, weapon, fighters[other(by)], options);
      cache.set(key, s);
    }
    return s;
  };
  const matrixFumble: Partial<Record<ResultCode, Side[]>> = {
    AF: ["attacker"],
    DF: ["defender"],
    BF: ["attacker", "defender"],
  };
  const matrixStumble: Partial<Record<ResultCode, Side[]>> = {
    AS: ["attacker"],
    DS: ["defender"],
    BS: ["attacker", "defender"],
  };

  for (const code of RESULT_CODES) {
    const p = result[code];
    if (p === 0) continue;
    const hit = new Set<Side>();
    for (const s of strikesOf(code)) {
      const to = other(s.by);
      hit.add(to);
      const o = strikeFor(s.by, s.dice);
      const side = sides[to];
      side.struck += p;
      for (const [k, v] of o.injury) side.injury[k] = (side.injury[k] ?? 0) + p * v;
      side.shock += p * o.shock;
      side.kill += p * o.kill;
      side.fumble += p * o.fumble;
      side.stumble += p * o.stumble;
      side.amputationRoll += p * o.amputationRoll;
      side.bleeding += p * o.bleeding;
      side.ignite += p * o.ignite;
      side.expectedEffectiveImpact += p * o.effectiveImpact;
    }
    for (const to of ["attacker", "defender"] as const)
      if (!hit.has(to)) sides[to].injury.none! += p;
    // The matrix's own fumble and stumble rolls: 3d6 against DEX or AGL − PP (hm3.md §2).
    for (const to of matrixFumble[code] ?? [])
      sides[to].fumble += p * d6Above(3, fighters[to].dex - fighters[to].pp);
    for (const to of matrixStumble[code] ?? [])
      sides[to].stumble += p * d6Above(3, fighters[to].agl - fighters[to].pp);
  }
  // Weapon damage on a Block, in the engine's order (resolveExchange): the lower WQ rolls first,
  // the defender's at equal WQ (R5); a failure ends the rolls; a side with no WQ rolls nothing.
  const pBlock = result.block;
  if (pBlock > 0) {
    const wq: Record<Side, number | undefined> = { attacker: attack.wq, defender: defence.wq };
    const both = wq.attacker !== undefined && wq.defender !== undefined;
    const attackerFirst = both && wq.attacker! - wq.defender! < 0;
    const first: Side | null = attackerFirst
      ? "attacker"
      : wq.defender !== undefined
        ? "defender"
        : wq.attacker !== undefined
          ? "attacker"
          : null;
    if (first !== null) {
      const fail1 = d6Above(3, wq[first]!);
      sides[first].weaponDamaged += pBlock * fail1;
      if (wq[first]! <= 1) sides[first].weaponBroken += pBlock * fail1;
      if (both) {
        const second = other(first);
        const fail2 = (1 - fail1) * d6Above(3, wq[second]!);
        sides[second].weaponDamaged += pBlock * fail2;
        if (wq[second]! <= 1) sides[second].weaponBroken += pBlock * fail2;
      }
    }
  }
  for (const side of Object.values(sides)) {
    side.injury = sortInjury(side.injury);
    side.expectedEffectiveImpactIfStruck =
      side.struck > 0 ? side.expectedEffectiveImpact / side.struck : 0;
  }
  const d = sides.defender;
  return {
    ruleset: "hm3",
    attackLevel: scale(att, 100),
    defenceLevel: def ? scale(def, 100) : null,
    result,
    injury: { ...d.injury },
    shock: d.shock,
    kill: d.kill,
    fumble: d.fumble,
    stumble: d.stumble,
    expectedEffectiveImpact: d.expectedEffectiveImpact,
    defender: sides.defender,
    attacker: sides.attacker,
  };
}

function scale(counts: Record<Level, number>, total: number): Record<Level, number> {
  return {
    CF: counts.CF / total,
    MF: counts.MF / total,
    MS: counts.MS / total,
    CS: counts.CS / total,
  };
}

/** Input fields `odds` reads but does not use: the odds run over every roll. */
const IGNORED = ["rolls", "seed"] as const;

/**
 * The `odds` contract: the same JSON object as `resolve` (`ruleset` must be `hm3`), validated by
 * the same parser. `rolls` and `seed` are accepted and ignored (listed in `ignored`).
 */
export function oddsInput(raw: unknown): { odds: Hm3Odds; ignored: string[] } {
  const input = readObject(raw, "input");
  if (input.ruleset !== "hm3") {
    throw new InputError("ruleset", input.ruleset, "exact odds are available for hm3 only");
  }
  const rest: Record<string, unknown> = { ...input };
  delete rest.ruleset;
  const ignored: string[] = [];
  for (const k of IGNORED) {
    if (rest[k] !== undefined) ignored.push(k);
    delete rest[k];
  }
  const { decl } = parseResolveInput(rest);
  const defence = parseDefence(rest.defence, decl.attack.type, decl);
  return { odds: exchangeOdds(decl, defence), ignored };
}
