/**
 * Exact hmzd odds (issue 18) against the real engine, die by die. For each declaration:
 *
 * 1. every attack d100 × every defence d100 is run through the engine (`runExchange`, what
 *    `resolveInput` does after parsing), the strike's dice at fixed faces: its victor, stars,
 *    levels and spend are tallied and must equal the odds' first factor exactly (integer ways);
 *    and within each victor-and-stars class every pair must give the very same strike, so the
 *    strike depends on the pair only through that class;
 * 2. for one pair of each class, every face of every later die (zone die, d10, Precision zone
 *    dice, impact die, Shock d100, or their `counter.` twins) is run through the engine, and the
 *    joint tally of zone, location, injury, shock state and the victim's state after the
 *    exchange (read from the engine's effects) must equal the odds exactly, as rationals.
 *
 * Together that is the whole product of the dice: the factoring of `odds.ts` (location ×
 * impact × shock, and the pair distribution) is proved, not assumed.
 */
import { describe, expect, it } from "vitest";
import { hmzd, type HmzdResult } from "../../src/rules/hmzd";
import { exchangeWays, oddsInput, type ExchangeWays } from "../../src/rules/hmzd/odds";
import { parseDefence } from "../../src/rules/hmzd/parse";
import { workedExample } from "./helpers";
import { Tally, unitOf, walk } from "./odds-walk";
import type { Side } from "../../src/core/ruleset";

type Raw = Record<string, unknown>;

const sword = { zoneDie: 4, impact: { die: 4, base: 3, aspect: "edge" } };
const fighter = (over: Raw = {}): Raw => ({ str: 12, endurance: 10, dex: 11, agl: 11, ...over });

/** The state a strike leaves its victim in, read from the engine's effects (Z15). */
function stateAfter(r: HmzdResult, victim: Side, before: string): string {
  for (const e of r.effects) {
    if (e.type !== "condition" || e.to !== victim) continue;
    const cause = (e as { cause?: string }).cause ?? "";
    if (cause.startsWith("shock.")) return cause.slice("shock.".length);
  }
  return before;
}

/** The Z10 special-effect rolls (`fumble`, `stumble`, `counter.`…). */
const SPECIAL_ROLL = /^(counter\.)?(fumble|stumble)$/;

const other = (s: Side): Side => (s === "attacker" ? "defender" : "attacker");

interface Check {
  ways: ExchangeWays;
  /** Engine runs made. */
  runs: number;
  classes: number;
}

/** Runs the engine over the declaration's dice and checks the odds' ways against the tallies. */
function check(input: Raw): Check {
  const rest: Raw = { ...input };
  delete rest.ruleset;
  const { decl, answers } = hmzd.parseResolveInput(rest);
  const forced = decl.defender.state === "INC" || decl.defender.state === "UNC";
  const defence = forced ? { type: "ignore" as const } : parseDefence(rest.defence, decl);
  const ways = exchangeWays(decl, defence, { spend: rest.spend, pick: rest.pick });
  const states: Record<Side, string> = {
    attacker: decl.attacker.state,
    defender: decl.defender.state,
  };
  // Z28: the given spend where the engine takes it, else the default (the prompt unanswered).
  const withoutSpend: Record<string, readonly unknown[]> = { ...answers };
  delete withoutSpend.spendStars;
  delete withoutSpend.pickZone;
  const attempts = [answers, withoutSpend];
  const given = answers.spendStars !== undefined;
  let runs = 0;
  const paths = (fixed: (name: string) => number | null) => {
    const p = walk<HmzdResult>(hmzd, decl, attempts, fixed);
    runs += p.length;
    const unit = unitOf(p);
    expect(p.reduce((a, x) => a + unit / x.product, 0)).toBe(unit);
    return { paths: p, unit };
  };

  // ── 1. Every attack and defence d100, the strike's dice fixed at face 1. ───────────────────
  const pairs = paths((name) => (name === "attack" || name === "defence" ? null : 1));
  const pairTally = new Tally();
  const gainTally: Record<Side, Tally> = { attacker: new Tally(), defender: new Tally() };
  let spendUsed = 0;
  /** Per class: the first pair's rolls and its strike, which every other pair must repeat. */
  const classes = new Map<string, { attack: number; defence: number; strike: string }>();
  const differing = new Set<string>();
  for (const { result: r, product, attempt } of pairs.paths) {
    const w = pairs.unit / product;
    const cls = `${r.victor ?? "none"} ${r.stars}`;
    pairTally.add(`${cls} ${r.attack.level} ${r.defence ? r.defence.level : "-"}`, w);
    for (const side of ["attacker", "defender"] as const) {
      const s = r.victor === side ? r.spent : { impact: 0, precision: 0, action: 0, setup: 0 };
      gainTally[side].add(`${s.impact} ${s.precision} ${s.action} ${s.setup}`, w);
    }
    if (given && attempt === 0 && r.tacticalAdvantages > 0) spendUsed += w;
    const strike = JSON.stringify(r.strike);
    const seen = classes.get(cls);
    if (!seen)
      classes.set(cls, { attack: r.attack.roll ?? 1, defence: r.defence?.roll ?? 1, strike });
    else if (strike !== seen.strike) differing.add(cls);
  }
  expect([...differing], "classes whose pairs gave different strikes").toEqual([]);
  const P = BigInt(pairs.unit);
  const T = BigInt(ways.total);
  expect(new Set(ways.outcome.keys())).toEqual(new Set(pairTally.counts.keys()));
  for (const [k, n] of pairTally.counts)
    expect(BigInt(ways.outcome.get(k)!) * P, k).toBe(BigInt(n) * T);
  for (const side of ["attacker", "defender"] as const) {
    expect(new Set(ways.gains[side].keys())).toEqual(new Set(gainTally[side].counts.keys()));
    for (const [k, n] of gainTally[side].counts)
      expect(BigInt(ways.gains[side].get(k)!) * P, `${side} gains ${k}`).toBe(BigInt(n) * T);
  }
  expect(BigInt(ways.spendUsed) * P).toBe(BigInt(spendUsed) * T);

  // ── 2. Per class, every face of every later die, from the class's first pair. ──────────────
  // Each side's key: the sum over classes of (class ways / P) × (strike ways / its unit), kept
  // as one rational and compared with the odds' ways / total by cross-multiplication.
  const expected: Record<Side, Map<string, { num: bigint; den: bigint }>> = {
    attacker: new Map(),
    defender: new Map(),
  };
  const addRational = (side: Side, key: string, num: bigint, den: bigint) => {
    const e = expected[side].get(key);
    expected[side].set(
      key,
      e ? { num: e.num * den + num * e.den, den: e.den * den } : { num, den },
    );
  };
  for (const [cls, rep] of classes) {
    let n = 0;
    for (const [k, c] of pairTally.counts) if (k.startsWith(`${cls} `)) n += c;
    // Z10's Fumble and Stumble (3d6) are fixed at 6s, every one failed: their `disarmed` and
    // `prone` do not touch the injury, the Shock roll or the shock state the odds count.
    const strike = paths((name) =>
      name === "attack"
        ? rep.attack
        : name === "defence"
          ? rep.defence
          : SPECIAL_ROLL.test(name)
            ? 6
            : null,
    );
    const tally = new Tally();
    const strayed = new Set<string>();
    for (const { result: r, product } of strike.paths) {
      const w = strike.unit / product;
      const s = r.strike;
      if (`${r.victor ?? "none"} ${r.stars}` !== cls) strayed.add(`${r.victor} ${r.stars}`);
      if (!s) {
        for (const side of ["attacker", "defender"] as const)
          tally.add(`${side}|none none none none ${states[side]}`, w);
        continue;
      }
      const victim = other(s.by);
      tally.add(`${s.by}|none none none none ${states[s.by]}`, w);
      const after = stateAfter(r, victim, states[victim]);
      tally.add(`${victim}|effectiveImpact`, w * Math.max(0, s.effectiveImpact));
      const shock = s.shock?.state ?? "none";
      tally.add(`${victim}|${s.zone} ${s.location} ${s.injury ?? "none"} ${shock} ${after}`, w);
    }
    expect([...strayed], `class ${cls}: the later dice never change the class`).toEqual([]);
    for (const [k, t] of tally.counts) {
      const [side, key] = k.split("|") as [Side, string];
      addRational(side, key, BigInt(n) * BigInt(t), P * BigInt(strike.unit));
    }
  }
  for (const side of ["attacker", "defender"] as const) {
    // The mean effective impact, as a rational too.
    const eff = expected[side].get("effectiveImpact") ?? { num: 0n, den: 1n };
    expected[side].delete("effectiveImpact");
    expect(BigInt(ways.effectiveImpact[side]) * eff.den, `${side} effective impact`).toBe(
      eff.num * T,
    );
    expect(new Set(ways.sides[side].keys()), side).toEqual(new Set(expected[side].keys()));
    for (const [k, { num, den }] of expected[side])
      expect(BigInt(ways.sides[side].get(k)!) * den, `${side} ${k}`).toBe(num * T);
  }
  return { ways, runs, classes: classes.size };
}

const block = (over: Raw = {}): Raw => ({
  ruleset: "hmzd",
  attack: { type: "melee", eml: 70, weapon: sword },
  defence: { type: "block", eml: 55 },
  attacker: fighter({ str: 14 }),
  defender: fighter({
    shock: 45,
    armour: { shoulder: { edge: 4 }, "left-shoulder": { edge: 6 }, skull: { edge: 2 } },
  }),
  ...over,
});

describe("hmzd exact odds against a face-by-face walk of the engine", () => {
  it("Block, sided and unsided armour, STR 14, default spending (all Impact, all Setup)", () => {
    const { ways, classes, runs } = check(block());
    expect(classes).toBeGreaterThanOrEqual(5);
    expect(runs).toBeGreaterThan(10_000);
    // The defender who blocked well took Setup, the attacker Impact.
    expect([...ways.gains.defender.keys()]).toContain("0 0 0 1");
    expect([...ways.gains.attacker.keys()]).toContain("2 0 0 0");
  });

  it("Counterstrike: both strike; a stunned attacker (−1 level, STN on STN is INC), a set-up defender, a placed counterstrike", () => {
    const { ways } = check(
      block({
        attack: {
          type: "melee",
          eml: 60,
          weapon: { zoneDie: 2, impact: { die: 4, base: 2, aspect: "blunt" } },
        },
        defence: {
          type: "counterstrike",
          eml: 50,
          placement: 4,
          weapon: { zoneDie: 3, impact: { die: 4, base: 1, aspect: "point" } },
        },
        attacker: fighter({ str: 9, state: "STN", shock: 35, armour: { thorax: { point: 3 } } }),
        defender: fighter({ str: 16, setup: 1, shock: 60 }),
      }),
    );
    // The counterstrike lands on the attacker, and a stunned attacker can end INC (Z15).
    expect([...ways.sides.attacker.keys()].some((k) => k.startsWith("torso "))).toBe(true);
    expect([...ways.sides.attacker.keys()].some((k) => k.endsWith(" STN INC"))).toBe(true);
    // The counterstriker's TAs went on Impact (the default for a striker).
    expect([...ways.gains.defender.keys()]).toContain("1 0 0 0");
  });

  it("Dodge ties by the rolls, Setup beyond CS (Z17), a stunned defender, placement in the legs (sides by parity)", () => {
    check(
      block({
        attack: {
          type: "melee",
          eml: 45,
          placement: 7,
          weapon: { zoneDie: 4, impact: { die: 4, base: 0, aspect: "edge" } },
        },
        defence: { type: "dodge", eml: 65 },
        attacker: fighter({ setup: 2 }),
        defender: fighter({ state: "STN", shock: 30, armour: { "right-thigh": { edge: 3 } } }),
      }),
    );
  });

  it("an INC defender must Ignore (Z3), INC on INC is UNC; a given spend of two TAs used only where two were won (Z28)", () => {
    const { ways } = check(
      block({
        attack: {
          type: "melee",
          eml: 80,
          weapon: { zoneDie: 4, impact: { die: 4, base: 1, aspect: "edge" } },
        },
        defence: undefined,
        defender: fighter({ state: "INC", shock: 40 }),
        spend: { impact: 1, action: 1 },
      }),
    );
    expect(ways.spendUsed).toBeGreaterThan(0);
    expect(ways.spendUsed).toBeLessThan(ways.total);
    expect([...ways.sides.defender.keys()].some((k) => k.endsWith(" INC UNC"))).toBe(true);
  });

  it("an UNC defender: no attack roll, three stars (Z3); Precision picks the second zone die", () => {
    const { ways } = check(
      block({
        attack: {
          type: "melee",
          eml: 20,
          weapon: { zoneDie: 3, impact: { die: 4, base: 0, aspect: "blunt" } },
        },
        defence: { type: "ignore" },
        defender: fighter({ state: "UNC", shock: 50 }),
        spend: { precision: 1, impact: 1 },
        pick: 1,
      }),
    );
    expect([...ways.outcome.keys()]).toEqual(["attacker 3 CS -"]);
    expect(ways.spendUsed).toBe(ways.total);
  });

  it("an aimed missile (d6 from its placement, no STR modifier: Z4, Z19) against a Dodge", () => {
    check(
      block({
        attack: {
          type: "missile",
          eml: 55,
          aimed: true,
          placement: 3,
          weapon: { impact: { die: 4, base: 3, aspect: "point" } },
        },
        defence: { type: "dodge", eml: 40 },
        attacker: fighter({ str: 18 }),
      }),
    );
  });

  it("an unaimed missile on a creature plan (the zone die has its zones, Z18; sides by the d10) against Ignore", () => {
    const plan = {
      id: "beast",
      zones: [
        {
          id: "head",
          values: { from: 1, to: 1 },
          region: "head",
          locations: [{ id: "skull", d10: { from: 1, to: 10 }, shock: 5, region: "head" }],
        },
        {
          id: "body",
          values: { from: 2, to: 3 },
          region: "torso",
          sides: { by: "location", right: [1, 2, 3, 4, 5], left: [6, 7, 8, 9, 10] },
          locations: [
            { id: "flank", d10: { from: 1, to: 10 }, shock: 3, paired: true, region: "torso" },
          ],
        },
        {
          id: "legs",
          values: { from: 4, to: 4 },
          region: "leg",
          sides: { by: "zone", right: [4], left: [] },
          locations: [
            { id: "leg", d10: { from: 1, to: 10 }, shock: 1, paired: true, region: "leg" },
          ],
        },
      ],
    };
    const { ways } = check(
      block({
        attack: {
          type: "missile",
          eml: 70,
          weapon: { impact: { die: 6, base: 1, aspect: "point" } },
        },
        defence: { type: "ignore" },
        defender: fighter({ bodyPlan: plan, shock: 25, armour: { "left-flank": { point: 2 } } }),
      }),
    );
    expect([...ways.sides.defender.keys()].some((k) => k.startsWith("body left-flank "))).toBe(
      true,
    );
  });

  it("Z33: a d8 spear on the 6-zone dog rolls d6 from zone 1, every zone reached; a d8 counterstrike on a dog attacker too", () => {
    const spear = { zoneDie: 8, impact: { die: 6, base: 1, aspect: "point" } };
    const { ways } = check(
      block({
        attack: { type: "melee", eml: 60, weapon: spear },
        defence: { type: "counterstrike", eml: 50, weapon: spear },
        attacker: fighter({ bodyPlan: "dog", shock: 40 }),
        defender: fighter({ bodyPlan: "dog", shock: 30 }),
      }),
    );
    // The strike's dice: d6 zone × d10 × d6 impact × d100 Shock, not the spear's d8.
    for (const side of ["attacker", "defender"] as const) {
      const zones = new Set([...ways.sides[side].keys()].map((k) => k.split(" ")[0]));
      expect(zones, side).toEqual(new Set(["none", "head", "forelegs", "body", "hindlegs"]));
    }
    expect(ways.total).toBe(100 * 100 * (6 * 10 * 6 * 100) ** 2);
  });
});

describe("hmzd odds by hand (the seed's worked example, hmzd.md §9)", () => {
  // Attack EML 70: CS 14 rolls (multiples of 5 to 70), S 56, F 24, CF 6. Block EML 50: CS 10,
  // S 40, F 40, CF 10. The attacker wins when its level is higher and one side succeeds.
  const odds = oddsInput(workedExample()).odds;
  const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);

  it("victor and stars", () => {
    expect(odds.attackLevel).toEqual({ CF: 0.06, F: 0.24, S: 0.56, CS: 0.14 });
    expect(odds.defenceLevel).toEqual({ CF: 0.1, F: 0.4, S: 0.4, CS: 0.1 });
    // CS against S, F, CF (0.14 × 0.9) and S against F, CF (0.56 × 0.5).
    expect(odds.victor.attacker).toBeCloseTo(0.14 * 0.9 + 0.56 * 0.5, 15);
    // Neither succeeds: F or CF against F or CF.
    expect(odds.victor.none).toBeCloseTo(0.3 * 0.5, 15);
    expect(odds.outcome["attacker 3"]).toBeCloseTo(0.14 * 0.1, 15);
    expect(odds.outcome["attacker 2"]).toBeCloseTo(0.14 * 0.4 + 0.56 * 0.1, 15);
    // Ties of successes on a Block go to the defender by one star (§1): S-S, CS-CS; and S
    // against F, CS against S.
    expect(odds.outcome["defender 1"]).toBeCloseTo(
      0.56 * 0.4 + 0.14 * 0.1 + 0.24 * 0.4 + 0.56 * 0.1,
      15,
    );
    for (const m of [odds.victor, odds.stars, odds.outcome]) expect(sum(m)).toBeCloseTo(1, 14);
  });

  it("zone and location: d4 from placement 1, d10 inside the zone (§2)", () => {
    const struck = odds.victor.attacker;
    expect(odds.defender.struck).toBeCloseTo(struck, 15);
    expect(odds.defender.zone.head).toBeCloseTo(struck / 4, 15);
    expect(odds.defender.zone.arms).toBeCloseTo(struck / 2, 15);
    expect(odds.defender.zone.legs).toBeUndefined();
    // ZD 3 is the left arm, d10 1-3 the shoulder.
    expect(odds.defender.location["left-shoulder"]).toBeCloseTo((struck / 4) * 0.3, 15);
    expect(odds.defender.location.none).toBeCloseTo(1 - struck, 15);
    // Block: the defender never strikes.
    expect(odds.attacker.struck).toBe(0);
    expect(odds.attacker.injury.none).toBe(1);
  });

  it("injury and shock, every figure summing to 1; the defender who blocked well takes Setup", () => {
    for (const side of [odds.defender, odds.attacker])
      for (const m of [side.zone, side.location, side.injury, side.shock, side.state])
        expect(sum(m)).toBeCloseTo(1, 14);
    expect(odds.injury).toEqual(odds.defender.injury);
    expect(odds.shock).toEqual(odds.defender.shock);
    // d10 + 3 + STR 14 (+2) is 6..15: G5 (20+) needs the d10's 10 with one Impact TA (+5) or
    // 5-10 with two, and never at the shoulder (edge AV 9; 3 in 20 strikes land there).
    const g5 = 0.85 * (odds.outcome["attacker 2"]! * 0.1 + odds.outcome["attacker 3"]! * 0.6);
    expect(odds.defender.injury.G5).toBeCloseTo(g5, 15);
    expect(odds.defender.shockTest).toBeCloseTo(1 - odds.defender.injury.none!, 15);
    // A defender won by 2 stars keeps 1 Setup, by 3 two (default spending, Z6).
    expect(odds.gains.defender.setup["1"]).toBeCloseTo(odds.outcome["defender 2"] ?? 0, 15);
    expect(odds.gains.attacker.impact["2"]).toBeCloseTo(odds.outcome["attacker 3"]!, 15);
    expect(odds.spendUsed).toBe(0);
  });

  it("refuses what resolve refuses, naming the field", () => {
    expect(() => oddsInput({ ...workedExample(), ruleset: "hm3" })).toThrow(/ruleset/);
    const bad = {
      ...workedExample(),
      attack: { ...(workedExample().attack as Raw), placement: 8 },
    };
    expect(() => oddsInput(bad)).toThrow(/^attack\.placement:/);
    expect(() => oddsInput({ ...workedExample(), spend: { luck: 1 } })).toThrow(/^spend/);
  });
});
