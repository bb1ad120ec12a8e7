/**
 * Exact odds (issue 6): `exchangeOdds` against a brute-force walk of the real engine
 * (`resolveExchange` fed every combination of the named rolls through `ScriptedDice`), against
 * hand-computed cells of seed 003, and the totals.
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, type Dice } from "../../src/core/dice";
import { buildTarget } from "../../src/core/modifiers";
import {
  DEFAULT_OPTIONS,
  HUMAN_BODY_PLAN,
  RESULT_CODES,
  resolveExchange,
  successLevel,
  type Hm3Declaration,
  type Hm3Defence,
  type Hm3Fighter,
  type Hm3Result,
  type Level,
} from "../../src/rules/hm3";
import { d6Above, exchangeOdds, levelCounts, oddsInput } from "../../src/rules/hm3/odds";
import { quadruped } from "./quadruped";

const eml = (v: number) => buildTarget("eml", v, [], { min: 5, max: 95 });

// ── Brute force ──────────────────────────────────────────────────────────────────────────────

/** Ways k d6 make each total, by listing all 6^k faces (independent of odds.ts). */
function bruteWays(k: number): Map<number, number> {
  const ways = new Map<number, number>();
  const faces = new Array<number>(k).fill(1);
  for (;;) {
    const t = faces.reduce((a, b) => a + b, 0);
    ways.set(t, (ways.get(t) ?? 0) + 1);
    let i = 0;
    while (i < k && faces[i] === 6) faces[i++] = 1;
    if (i === k) return ways;
    faces[i]!++;
  }
}
const waysMemo = new Map<number, Map<number, number>>();
const ways = (k: number) => {
  let w = waysMemo.get(k);
  if (!w) waysMemo.set(k, (w = bruteWays(k)));
  return w;
};
/** P(k d6 > target) by listing faces. */
function bruteAbove(k: number, target: number): number {
  let n = 0;
  for (const [t, c] of ways(k)) if (t > target) n += c;
  return n / 6 ** k;
}

interface Option {
  value: number | number[];
  weight: number;
}

/** One representative roll of each success level with its weight (count / 100). */
function levelOptions(target: number): Option[] {
  const byLevel = new Map<Level, { roll: number; n: number }>();
  for (let roll = 1; roll <= 100; roll++) {
    const level = successLevel(roll, target);
    const e = byLevel.get(level);
    if (e) e.n++;
    else byLevel.set(level, { roll, n: 1 });
  }
  return [...byLevel.values()].map((e) => ({ value: e.roll, weight: e.n / 100 }));
}

/**
 * The choices for a named roll: attack/defence by level; location every d100 value; impact
 * every total; the kill roll every total (weighted by listing faces). Other rolls (shock,
 * fumble, stumble, face, weapon damage) are leaves: a fixed value, their failure odds read from
 * the result's check afterwards.
 */
function optionsFor(
  name: string,
  count: number,
  sides: number,
  decl: Hm3Declaration,
  defence: Hm3Defence,
  fixed: "attacker" | "counter" | null,
): Option[] | null {
  const counter = name.startsWith("counter.");
  // A strike whose side is not being tallied: its rolls are a fixed leaf (the sides' outcomes
  // are independent given the result code, and a walk over both at once is too long).
  if (
    (fixed === "counter" && counter) ||
    (fixed === "attacker" && !counter && name !== "attack" && name !== "defence")
  )
    return null;
  const base = name.replace(/^counter\./, "");
  if (name === "attack") return levelOptions(decl.attack.target.value);
  if (name === "defence") return levelOptions(defence.target!.value);
  if (base === "location")
    return Array.from({ length: 100 }, (_, i) => ({ value: i + 1, weight: 1 / 100 }));
  // The engine reads only the impact dice's total: every total, weighted by listing the faces.
  if (base === "impact")
    return [...ways(count)].map(([t, c]) => ({ value: t, weight: c / 6 ** count }));
  // 01-50 ignites (ruling R12): the two rolls either side of the boundary, half each.
  if (base === "ignite")
    return [
      { value: 50, weight: 0.5 },
      { value: 51, weight: 0.5 },
    ];
  if (base === "kill")
    return [...ways(count)].map(([t, c]) => ({ value: t, weight: c / 6 ** count }));
  // A Block's weapon damage rolls: every total, so the engine decides whether the second rolls.
  if (name === "attackerWeaponDamage" || name === "defenderWeaponDamage")
    return [...ways(count)].map(([t, c]) => ({ value: t, weight: c / 6 ** count }));
  return null;
}

/** Walks every path of choices through the real engine; calls `visit` with each result and weight. */
function bruteForce(
  decl: Hm3Declaration,
  defence: Hm3Defence,
  fixed: "attacker" | "counter" | null,
  visit: (r: Hm3Result, weight: number) => void,
): void {
  const path: number[] = [];
  for (let runs = 1; ; runs++) {
    if (runs > 1_000_000) throw new Error("brute force: too many paths");
    const sizes: number[] = [];
    let weight = 1;
    const script: Record<string, number | number[]> = {};
    const chooser: Dice = {
      roll(name, count, sides) {
        const opts = optionsFor(name, count, sides, decl, defence, fixed);
        if (!opts) return new Array<number>(count).fill(1);
        const i = path[sizes.length] ?? 0;
        path[sizes.length] = i;
        sizes.push(opts.length);
        weight *= opts[i]!.weight;
        const v = opts[i]!.value;
        return typeof v === "number" && count > 1 ? splitEven(v, count) : [v].flat();
      },
    };
    // ScriptedDice with an empty script checks each value's shape before the engine sees it.
    visit(resolveExchange(decl, defence, new ScriptedDice(script, chooser)), weight);
    path.length = sizes.length;
    let d = sizes.length - 1;
    while (d >= 0 && path[d] === sizes[d]! - 1) d--;
    if (d < 0) return;
    path[d]!++;
    path.length = d + 1;
  }
}

function splitEven(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  const extra = total - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Neumaier-compensated sums by key: the walk adds up to ~10^5 small weights. */
class Sums {
  private readonly s = new Map<string, { sum: number; c: number }>();
  add(key: string, x: number): void {
    const e = this.s.get(key) ?? { sum: 0, c: 0 };
    const t = e.sum + x;
    e.c += Math.abs(e.sum) >= Math.abs(x) ? e.sum - t + x : x - t + e.sum;
    e.sum = t;
    this.s.set(key, e);
  }
  get(key: string): number {
    const e = this.s.get(key);
    return e ? e.sum + e.c : 0;
  }
  keys(prefix: string): string[] {
    return [...this.s.keys()]
      .filter((k) => k.startsWith(prefix))
      .map((k) => k.slice(prefix.length));
  }
}

function tally(
  decl: Hm3Declaration,
  defence: Hm3Defence,
  fixed: "attacker" | "counter" | null,
): Sums {
  const t = new Sums();
  const fail = (c: { dice: number; target: number } | null) =>
    c ? bruteAbove(c.dice, c.target) : 0;
  bruteForce(decl, defence, fixed, (r, w) => {
    t.add("total", w);
    t.add(`result:${r.result}`, w);
    const struck = new Set<string>();
    for (const s of r.strikes) {
      const to = s.by === "attacker" ? "defender" : "attacker";
      struck.add(to);
      t.add(`${to}:injury:${s.injury ?? "none"}`, w);
      if (s.kill) t.add(`${to}:kill`, w);
      t.add(`${to}:shock`, w * fail(s.shock));
      t.add(`${to}:fumble`, w * fail(s.fumble));
      t.add(`${to}:stumble`, w * fail(s.stumble));
      if (s.amputationRoll) t.add(`${to}:amputationRoll`, w);
      if (s.bleeding) t.add(`${to}:bleeding`, w);
      if (s.ignition?.ignited) t.add(`${to}:ignite`, w);
      t.add(`${to}:expectedEffectiveImpact`, w * Math.max(0, s.effectiveImpact));
    }
    for (const to of ["attacker", "defender"] as const)
      if (!struck.has(to)) t.add(`${to}:injury:none`, w);
    for (const f of r.fumbles) t.add(`${f.side}:fumble`, w * fail(f.check));
    for (const f of r.stumbles) t.add(`${f.side}:stumble`, w * fail(f.check));
    for (const d of r.weaponDamage) {
      if (!d.check.failed) continue;
      t.add(`${d.side}:weaponDamaged`, w);
      if (d.wq <= 1) t.add(`${d.side}:weaponBroken`, w);
    }
  });
  return t;
}

function expectClose(actual: number, expected: number, what: string) {
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThan(1e-12);
}

const FIGURES = [
  "shock",
  "kill",
  "fumble",
  "stumble",
  "amputationRoll",
  "bleeding",
  "ignite",
  "weaponDamaged",
  "weaponBroken",
  "expectedEffectiveImpact",
] as const;

function compare(decl: Hm3Declaration, defence: Hm3Defence) {
  // With a counterstrike, each side is tallied from its own walk, the other strike fixed.
  const both = defence.type === "counterstrike";
  const bySide = {
    defender: tally(decl, defence, both ? "counter" : null),
    attacker: both ? tally(decl, defence, "attacker") : null,
  };
  const odds = exchangeOdds(decl, defence);
  for (const code of RESULT_CODES)
    expectClose(odds.result[code], bySide.defender.get(`result:${code}`), `result ${code}`);
  for (const side of ["attacker", "defender"] as const) {
    const t = bySide[side] ?? bySide.defender;
    expectClose(t.get("total"), 1, "brute-force weights");
    const o = odds[side];
    const codes = new Set([...Object.keys(o.injury), ...t.keys(`${side}:injury:`)]);
    for (const c of codes)
      expectClose(o.injury[c] ?? 0, t.get(`${side}:injury:${c}`), `${side} injury ${c}`);
    for (const f of FIGURES) expectClose(o[f], t.get(`${side}:${f}`), `${side} ${f}`);
  }
  // The headline figures are the defender's.
  expect(odds.injury).toEqual(odds.defender.injury);
  expect(odds.shock).toBe(odds.defender.shock);
  expect(odds.kill).toBe(odds.defender.kill);
  expect(odds.expectedEffectiveImpact).toBe(odds.defender.expectedEffectiveImpact);
  return odds;
}

const plate = { blunt: 6, edge: 8, point: 5, fire: 2 };
const fighter = (over: Partial<Hm3Fighter> = {}): Hm3Fighter => ({
  endurance: 12,
  up: 0,
  dex: 12,
  agl: 11,
  pp: 0,
  armour: {},
  ...over,
});

describe("hm3 exact odds against a brute-force walk of resolveExchange", () => {
  it("melee Block, armoured thorax and one sided arm, rolls for both weapons", () => {
    const decl: Hm3Declaration = {
      attack: { type: "melee", target: eml(70), aspect: "edge", aim: "mid", impact: 5, wq: 12 },
      attacker: fighter(),
      defender: fighter({
        up: 1,
        pp: 3,
        armour: { thorax: plate, "left-forearm": { edge: 4 }, forearm: { edge: 1 } },
      }),
      options: { ...DEFAULT_OPTIONS },
    };
    compare(decl, { type: "block", target: eml(60), wq: 12 });
  });

  it("melee Counterstrike: both sides strike (B*1, B*2, D*N), kill-roll and bleeding options", () => {
    const decl: Hm3Declaration = {
      attack: { type: "melee", target: eml(55), aspect: "point", aim: "high", impact: 6 },
      attacker: fighter({ endurance: 10, up: 2, pp: 2 }),
      defender: fighter({ endurance: 14, armour: { skull: { point: 3 } } }),
      options: {
        ...DEFAULT_OPTIONS,
        killRoll: true,
        amputation: true,
        bleeding: true,
        limbInjuries: false,
      },
    };
    const odds = compare(decl, {
      type: "counterstrike",
      target: eml(65),
      strike: { aspect: "edge", aim: "low", impact: 7 },
    });
    expect(odds.result["B*2"]).toBeGreaterThan(0);
    expect(odds.attacker.struck).toBeGreaterThan(0);
  });

  it("melee Ignore at EML 95 (A*4 on a CS), blunt, and the EML clamp", () => {
    const decl: Hm3Declaration = {
      attack: { type: "melee", target: eml(140), aspect: "blunt", aim: "low", impact: 2 },
      attacker: fighter(),
      defender: fighter({ armour: { calf: { blunt: 3 } } }),
      options: { ...DEFAULT_OPTIONS },
    };
    const odds = compare(decl, { type: "ignore" });
    expect(odds.defenceLevel).toBeNull();
  });

  it("missile Dodge (M*N, wild) with fire on quilt", () => {
    const decl: Hm3Declaration = {
      attack: { type: "missile", target: eml(50), aspect: "fire", aim: "mid", impact: 11 },
      attacker: fighter(),
      defender: fighter({ flammable: { thorax: "quilt", forearm: "cloth" } }),
      options: { ...DEFAULT_OPTIONS },
    };
    const odds = compare(decl, { type: "dodge", target: eml(30) });
    expect(odds.defender.ignite).toBeGreaterThan(0);
    expect(odds.result.wild).toBeGreaterThan(0);
  });

  it("a creature body plan (quadruped) struck by edge", () => {
    const decl: Hm3Declaration = {
      attack: { type: "melee", target: eml(80), aspect: "edge", aim: "mid", impact: 8 },
      attacker: fighter(),
      defender: fighter({ bodyPlan: quadruped() }),
      options: { ...DEFAULT_OPTIONS },
    };
    compare(decl, { type: "dodge", target: eml(40) });
  });

  it("the human body plan given explicitly gives the same odds as none", () => {
    const base: Hm3Declaration = {
      attack: { type: "melee", target: eml(70), aspect: "edge", aim: "high", impact: 6 },
      attacker: fighter(),
      defender: fighter({ armour: { skull: plate } }),
      options: { ...DEFAULT_OPTIONS },
    };
    const withPlan = { ...base, defender: { ...base.defender, bodyPlan: HUMAN_BODY_PLAN } };
    const d: Hm3Defence = { type: "dodge", target: eml(45) };
    const a = exchangeOdds(base, d);
    const b = exchangeOdds(withPlan, d);
    for (const [k, v] of Object.entries(a.injury)) expectClose(b.injury[k] ?? 0, v, k);
  });
});

describe("hm3 exact odds: hand-computed cells (seed 003)", () => {
  it("success levels: a multiple of 5 is critical; EML clamps to 5..95 (hm3.md §2)", () => {
    // EML 95: rolls 01-95 succeed, 19 of them multiples of 5 (CS); 96-100: only 100 is CF.
    expect(levelCounts(95)).toEqual({ CS: 19, MS: 76, MF: 4, CF: 1 });
    // EML 200 clamps to 95; EML -20 clamps to 5: roll 05 is the one CS, 01-04 MS.
    expect(levelCounts(200)).toEqual(levelCounts(95));
    expect(levelCounts(-20)).toEqual({ CS: 1, MS: 4, MF: 76, CF: 19 });
  });

  it("Ignore: result is the attack row's Ignore cell (seed 003 lines 7-10)", () => {
    const decl: Hm3Declaration = {
      attack: { type: "melee", target: eml(95), aspect: "edge", aim: "mid", impact: 5 },
      attacker: fighter(),
      defender: fighter(),
      options: { ...DEFAULT_OPTIONS },
    };
    const o = exchangeOdds(decl, { type: "ignore" });
    // CS 19/100 → A*4 (line 10); MS 76/100 → A*3 (line 9); MF 4/100 → A*1 (line 8, erratum);
    // CF 1/100 → DTA (line 7).
    expect(o.result["A*4"]).toBe(19 / 100);
    expect(o.result["A*3"]).toBe(76 / 100);
    expect(o.result["A*1"]).toBe(4 / 100);
    expect(o.result.DTA).toBe(1 / 100);
  });

  it("Block, attack CS vs defence CS is a block (seed 003 line 10)", () => {
    const decl: Hm3Declaration = {
      attack: { type: "melee", target: eml(50), aspect: "edge", aim: "mid", impact: 5 },
      attacker: fighter(),
      defender: fighter(),
      options: { ...DEFAULT_OPTIONS },
    };
    const o = exchangeOdds(decl, { type: "block", target: eml(50) });
    // EML 50: CS 10, MS 40, MF 40, CF 10 (each of 100).
    // block = MF×MF (line 8) + MS×MS (line 9) + CS×CS (line 10) = (1600 + 1600 + 100) / 10000.
    expect(o.result.block).toBeCloseTo(3300 / 10000, 15);
    // BF = CF×CF (line 7): 100 / 10000.
    expect(o.result.BF).toBeCloseTo(0.01, 15);
  });

  it("kill odds of an unarmoured mid strike at impact 0 (seed 003 lines 7-10, 55-70, 95-110)", () => {
    const decl: Hm3Declaration = {
      attack: { type: "melee", target: eml(95), aspect: "edge", aim: "mid", impact: 0 },
      attacker: fighter(),
      defender: fighter(),
      options: { ...DEFAULT_OPTIONS },
    };
    const o = exchangeOdds(decl, { type: "ignore" });
    // Mid: K at 13+ on skull 01-05, neck 11-15, abdomen 61-70 (20 of 100; lines 95, 97, 104);
    // K at 17+ only on face 06-10, shoulder 16-27, thorax 44-60, hip 75-80, thigh 81-88
    // (48 of 100; lines 96, 98, 103, 106, 107).
    // 4d6 (CS, 19/100): 861 of 1296 totals are 13+, 310 are 17+.
    // 3d6 (MS, 76/100): 56 of 216 are 13+, 4 are 17+. 1d6 (MF, 4/100) never reaches 13.
    const kill =
      0.19 * ((861 / 1296) * 0.2 + (310 / 1296) * 0.48) +
      0.76 * ((56 / 216) * 0.2 + (4 / 216) * 0.48);
    expectClose(o.kill, kill, "kill");
    // Without the kill-roll option every K cell kills, and its code is the K cell's.
    const k = Object.entries(o.injury)
      .filter(([c]) => c.startsWith("K"))
      .reduce((acc, [, p]) => acc + p, 0);
    expectClose(k, kill, "K injuries");
    // With it, a K4 kills when 4d6 > Endurance 12 and K5 when 5d6 > 12; survivors are G.
    const withRoll = exchangeOdds(
      { ...decl, options: { ...DEFAULT_OPTIONS, killRoll: true } },
      { type: "ignore" },
    );
    expect(withRoll.kill).toBeLessThan(kill);
    expect(withRoll.kill).toBeGreaterThan(0);
  });

  it("dice tails match a listing of the faces", () => {
    for (let k = 0; k <= 6; k++)
      for (let t = -1; t <= 37; t++)
        expectClose(d6Above(k, t), k ? bruteAbove(k, t) : t < 0 ? 1 : 0, `${k}d6>${t}`);
    // Large pools (UP 40 + level).
    // 45d6 is symmetric about 157.5: exactly half the totals are above 157.
    expectClose(d6Above(45, 157), 0.5, "45d6 > 157");
    expect(d6Above(45, 170)).toBeLessThan(0.5 - 0.1);
  });
});

describe("hm3 exact odds: totals", () => {
  it("every result map and injury map sums to 1", () => {
    for (const type of ["block", "counterstrike", "dodge", "ignore"] as const) {
      for (const e of [-30, 5, 37, 50, 73, 95, 130]) {
        const decl: Hm3Declaration = {
          attack: { type: "melee", target: eml(e), aspect: "edge", aim: "mid", impact: 5, wq: 11 },
          attacker: fighter(),
          defender: fighter(),
          options: { ...DEFAULT_OPTIONS },
        };
        const d: Hm3Defence =
          type === "ignore"
            ? { type }
            : {
                type,
                target: eml(100 - e),
                ...(type === "counterstrike"
                  ? { strike: { aspect: "blunt", aim: "mid", impact: 4 } }
                  : {}),
              };
        const o = exchangeOdds(decl, d);
        const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
        expect(Math.abs(sum(o.result) - 1)).toBeLessThan(1e-12);
        expect(Math.abs(sum(o.defender.injury) - 1)).toBeLessThan(1e-12);
        expect(Math.abs(sum(o.attacker.injury) - 1)).toBeLessThan(1e-12);
        expect(Math.abs(sum(o.attackLevel) - 1)).toBeLessThan(1e-12);
      }
    }
  });

  it("oddsInput: the resolve input; rolls and seed are listed as ignored; errors name the field", () => {
    const input = {
      ruleset: "hm3",
      attack: { type: "melee", eml: 70, aspect: "edge", aim: "mid", impact: 5 },
      defence: { type: "dodge", eml: 50 },
      attacker: { endurance: 12, dex: 12, agl: 12 },
      defender: { endurance: 12, dex: 12, agl: 12 },
      rolls: { attack: 3 },
      seed: 4,
    };
    const { odds, ignored } = oddsInput(input);
    expect(ignored).toEqual(["rolls", "seed"]);
    expect(odds.result["A*2"]).toBeGreaterThan(0);
    expect(() => oddsInput({ ...input, ruleset: "m2m" })).toThrow(/^ruleset:/);
    expect(() => oddsInput({ ...input, attack: { ...input.attack, eml: "x" } })).toThrow(
      /^attack\.eml:/,
    );
  });
});

describe("weapon damage on a Block (hm3.md §2, rulings R5, R31, R41)", () => {
  const decl = (wq: number | undefined, type: "melee" | "missile" = "melee"): Hm3Declaration => ({
    attack: {
      type,
      target: eml(70),
      aspect: "edge",
      aim: "mid",
      impact: 5,
      ...(wq === undefined ? {} : { wq }),
    },
    attacker: fighter(),
    defender: fighter(),
    options: { ...DEFAULT_OPTIONS },
  });
  const block = (wq: number | undefined): Hm3Defence => ({
    type: "block",
    target: eml(60),
    ...(wq === undefined ? {} : { wq }),
  });
  // 3d6 above 12: totals 13-18, 21+15+10+6+3+1 = 56 of 216 ways; above 13: 35 of 216.
  const above12 = 56 / 216;
  const above13 = 35 / 216;

  it("the lower WQ rolls first; the higher only if it held: WQ 12 against 13", () => {
    const odds = compare(decl(12), block(13));
    const p = odds.result.block;
    expect(p).toBeGreaterThan(0);
    expectClose(odds.attacker.weaponDamaged, p * above12, "attacker (first)");
    expectClose(odds.defender.weaponDamaged, p * (1 - above12) * above13, "defender (second)");
    expect(odds.attacker.weaponBroken).toBe(0);
    expect(odds.defender.weaponBroken).toBe(0);
  });

  it("equal WQ: the defender's weapon first (R5)", () => {
    const odds = compare(decl(12), block(12));
    const p = odds.result.block;
    expectClose(odds.defender.weaponDamaged, p * above12, "defender (first)");
    expectClose(odds.attacker.weaponDamaged, p * (1 - above12) * above12, "attacker (second)");
  });

  it("a missile declares no WQ: only the blocking shield rolls (R31)", () => {
    const odds = compare(decl(undefined, "missile"), block(13));
    expectClose(odds.defender.weaponDamaged, odds.result.block * above13, "shield");
    expect(odds.attacker.weaponDamaged).toBe(0);
  });

  it("no WQ on either side: no roll (R41)", () => {
    const odds = compare(decl(undefined), block(undefined));
    expect(odds.result.block).toBeGreaterThan(0);
    expect(odds.attacker.weaponDamaged + odds.defender.weaponDamaged).toBe(0);
  });

  it("WQ 1 always fails and breaks; the other weapon then never rolls", () => {
    const odds = exchangeOdds(decl(12), block(1));
    const p = odds.result.block;
    expectClose(odds.defender.weaponDamaged, p, "defender");
    expectClose(odds.defender.weaponBroken, p, "defender broken");
    expect(odds.attacker.weaponDamaged).toBe(0);
    // Against the engine's own effects: every block result with WQ 1 breaks the shield.
    expect(d6Above(3, 1)).toBe(1);
  });
});
