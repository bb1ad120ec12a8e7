/**
 * The exact odds with each HârnMaster Gold option that changes the exchange (issue 19: "the odds
 * take every option into account and stay exact"). For one representative declaration per option,
 * built as `cli odds` and `resolve` take it (docs/cli.md, parsed by `parseResolveInput`):
 * (1) the probabilities sum to 1 and the result map covers every code of the matrix;
 * (2) the enumerated figures agree with seeded runs of the engine as the ruleset plays it
 *     (`hm3.start`, then `hm3.choose`), within 5 sigma;
 * (3) each class hint the exchange rolls with (the engine's `classOf`), turned off alone, leaves
 *     the figures unchanged: a wrong hint would silently corrupt the exact odds;
 * (4) walked whole (`whole`: every roll in one walk, no walk per side, no double strike's attacks
 *     apart) the figures are the same: a wrong decomposition would corrupt them as silently.
 */
import { describe, expect, it } from "vitest";
import { SeededDice, type Dice, type RollClassifier } from "../../src/core/dice";
import { hm3, type Hm3Declaration, type Hm3Defence, type Hm3Result } from "../../src/rules/hm3";
import { enumerateDice } from "../../src/core/enumerate";
import { AIM_ROLLS, aimedHit } from "../../src/rules/hm3/gold/aim-locate";
import { checkPairedChoice } from "../../src/rules/hm3/gold/paired";
import { oddsInput, type Hm3Odds } from "../../src/rules/hm3/odds";
import { enumeratedOdds } from "../../src/rules/hm3/odds-enumerated";
import { RESULT_CODES } from "../../src/rules/hm3/tables";
import { CASES, input, parsed } from "./odds-gold-cases";

// ── The figures of one engine result, as odds-enumerated.ts counts them ────────────────────

const BASE_STRIKE = new Set(
  "by dice aim locationRoll location face faceRoll aspect weaponImpact impactRolls impact armour effectiveImpact injury injuryLevel tableInjury fumbleRoll stumbleRoll amputationRoll kill bleeding killCheck shock fumble stumble ignition".split(
    " ",
  ),
);
const BASE_RESULT = new Set(
  "ruleset attackType defenceType attack defence result strikes fumbles stumbles weaponDamage weaponDamageSkipped tacticalAdvantage wild effects rolls choices".split(
    " ",
  ),
);
const present = (v: unknown) =>
  !(v === undefined || v === null || v === false || v === 0 || v === "") &&
  !(Array.isArray(v) && v.length === 0);

/** The events of one result: `result:A*2`, `defender:injury:S2`, `defender:shock`, `gold:double`… */
function events(r: Hm3Result): string[] {
  const out = [`result:${r.result}`, `attack:${r.attack.level}`];
  if (r.defence) out.push(`defence:${r.defence.level}`);
  // A double strike's secondary attack lands as rolled (G54): its strikes and rolls count too.
  const parts = r.double ? [r, r.double.second] : [r];
  for (const side of ["attacker", "defender"] as const) {
    const on = parts.flatMap((x) => x.strikes.filter((s) => s.by !== side));
    const seen = new Set<string>();
    const codes = on.filter((s) => s.injury !== null).map((s) => s.injury);
    seen.add(`injury:${codes.length ? codes.join("+") : "none"}`);
    if (on.length) seen.add("struck");
    for (const s of on) {
      if (s.kill) seen.add("kill");
      if (s.shock?.failed) seen.add("shock");
      if (s.fumble?.failed) seen.add("fumble");
      if (s.stumble?.failed) seen.add("stumble");
      if (s.amputationRoll) seen.add("amputationRoll");
      if (s.bleeding) seen.add("bleeding");
      for (const [k, v] of Object.entries(s)) if (!BASE_STRIKE.has(k) && present(v)) seen.add(k);
    }
    for (const x of parts.flatMap((y) => y.fumbles))
      if (x.side === side && x.check.failed) seen.add("fumble");
    for (const x of parts.flatMap((y) => y.stumbles))
      if (x.side === side && x.check.failed) seen.add("stumble");
    for (const w of parts.flatMap((y) => y.weaponDamage))
      if (w.side === side && w.check.failed) {
        seen.add("weaponDamaged");
        if (w.wq <= 1) seen.add("weaponBroken");
      }
    for (const k of seen) out.push(`${side}:${k}`);
  }
  for (const [k, v] of Object.entries(r))
    if (!BASE_RESULT.has(k) && present(v)) out.push(`gold:${k}`);
  return out;
}

/** The same events' exact probabilities from the odds. */
function exact(o: Hm3Odds): Map<string, number> {
  const m = new Map<string, number>();
  for (const [k, p] of Object.entries(o.result)) m.set(`result:${k}`, p);
  for (const [k, p] of Object.entries(o.attackLevel)) m.set(`attack:${k}`, p);
  for (const [k, p] of Object.entries(o.defenceLevel ?? {})) m.set(`defence:${k}`, p);
  for (const side of ["attacker", "defender"] as const) {
    const s = o[side];
    for (const [k, p] of Object.entries(s.injury)) m.set(`${side}:injury:${k}`, p);
    for (const k of [
      "struck",
      "kill",
      "shock",
      "fumble",
      "stumble",
      "amputationRoll",
      "bleeding",
      "weaponDamaged",
      "weaponBroken",
    ] as const)
      m.set(`${side}:${k}`, s[k]);
    for (const [k, p] of Object.entries(s.gold ?? {})) m.set(`${side}:${k}`, p);
  }
  for (const [k, p] of Object.entries(o.gold ?? {})) m.set(`gold:${k}`, p);
  return m;
}

/** Dice that note the name of each roll made with a class hint. */
class HintNoting implements Dice {
  readonly hinted = new Set<string>();
  constructor(private readonly inner: Dice) {}
  roll(name: string, count: number, sides: number, classOf?: RollClassifier, arg?: number) {
    if (classOf) this.hinted.add(name);
    return this.inner.roll(name, count, sides, classOf, arg);
  }
}

/** The exchange as the ruleset plays it: start (the Reaction Roll), then the defence. */
function play(decl: Hm3Declaration, defence: Hm3Defence, dice: Dice): Hm3Result {
  const state = hm3.start(decl, dice);
  let choice = defence;
  try {
    checkPairedChoice(decl, state.reaction ?? null, defence);
  } catch {
    choice = { type: "ignore" };
  }
  return hm3.result(hm3.choose(state, choice, dice));
}

/** Every number of `b` against `a` (a key one lacks counts 0). */
function expectSame(a: Hm3Odds, b: Hm3Odds, what: string): void {
  const ea = exact(a);
  const eb = exact(b);
  for (const k of new Set([...ea.keys(), ...eb.keys()])) {
    const x = ea.get(k) ?? 0;
    const y = eb.get(k) ?? 0;
    expect(Math.abs(x - y), `${what} ${k}: ${x} vs ${y}`).toBeLessThan(1e-12);
  }
  expect(Math.abs(a.expectedEffectiveImpact - b.expectedEffectiveImpact), what).toBeLessThan(1e-9);
}

const N = 20_000;
const MAX_PATHS = 500_000;

describe.each(CASES)("the exact odds with Gold $name", (c) => {
  const raw = input(c);
  const { decl, defence } = parsed(raw);
  let memo: Hm3Odds | undefined;
  const exactOdds = () => (memo ??= enumeratedOdds(decl, defence, { maxPaths: MAX_PATHS }));

  it("sum to 1 and cover every result code; `cli odds` reads the same input", () => {
    const odds = exactOdds();
    for (const code of RESULT_CODES) expect(odds.result, code).toHaveProperty(code);
    const total = Object.values(odds.result).reduce((a, b) => a + b, 0);
    expect(Math.abs(total - 1)).toBeLessThan(1e-12);
    const inj = Object.values(odds.defender.injury).reduce((a, b) => a + b, 0);
    expect(Math.abs(inj - 1)).toBeLessThan(1e-12);
    const levels = Object.values(odds.attackLevel).reduce((a, b) => a + b, 0);
    expect(Math.abs(levels - 1)).toBeLessThan(1e-12);
    expect(odds.enumeration!.paths).toBeGreaterThan(1);
    if (c.reaches) expect(exact(odds).get(c.reaches), c.reaches).toBeGreaterThan(0);
    expectSame(oddsInput(raw).odds, odds, "oddsInput");
  });

  const noting = new HintNoting(new SeededDice(19));
  it(`agree with ${N} seeded runs of the engine (5 sigma)`, () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < N; i++)
      for (const e of events(play(decl, defence, noting))) counts.set(e, (counts.get(e) ?? 0) + 1);
    const want = exact(exactOdds());
    for (const k of counts.keys())
      expect(want.has(k), `sampled ${k} has no exact figure`).toBe(true);
    for (const [k, p] of want) {
      const f = (counts.get(k) ?? 0) / N;
      const sigma = Math.sqrt(Math.max(p * (1 - p), 1e-6) / N);
      expect(Math.abs(f - p), `${k}: exact ${p}, sampled ${f}`).toBeLessThan(5 * sigma);
    }
  });

  // Registered only where the whole walk is affordable (`Case.whole`).
  if (c.whole !== false)
    it("walked whole (every roll together), changes no figure", () => {
      const whole = enumeratedOdds(decl, defence, { whole: true, maxPaths: MAX_PATHS });
      expectSame(exactOdds(), whole, "walked whole:");
    });

  it("each class hint it rolls with, turned off alone, changes no figure", () => {
    const odds = exactOdds();
    for (const name of c.hints) {
      expect(noting.hinted.has(name), `the ${name} roll carries a hint`).toBe(true);
      const full = enumeratedOdds(decl, defence, {
        ignoreHints: (n) => n === name,
        maxPaths: MAX_PATHS,
      });
      expectSame(odds, full, `hint "${name}" off:`);
    }
  }, 120_000);
});

describe("the aimed side roll's hint (too costly to turn off in a whole exchange)", () => {
  /** Where an aimed strike lands (and its face part), over every path of its own rolls. */
  function landing(location: string, roll: number, ignore: boolean): Map<string, number> {
    const out = new Map<string, number>();
    enumerateDice(
      (dice) => aimedHit(dice, AIM_ROLLS, { location, side: "left", aap: 100 }, undefined, roll),
      (hit, p) => {
        const k = `${hit.loc.sided}/${hit.face ?? ""}/${hit.aimed.sideKept}`;
        out.set(k, (out.get(k) ?? 0) + p);
      },
      ignore ? { ignoreHints: (n) => n === "side" } : {},
    );
    return out;
  }
  it.each([
    ["thigh", 60],
    ["forearm", 35],
    ["eye", 5],
  ])(
    "aimed at the left %s (location roll %i, 100 AAP): the same landings, 95 in 100 kept",
    (loc, roll) => {
      const hinted = landing(loc, roll, false);
      const full = landing(loc, roll, true);
      expect([...full.keys()].sort()).toEqual([...hinted.keys()].sort());
      for (const [k, p] of full) expect(Math.abs(p - hinted.get(k)!), k).toBeLessThan(1e-12);
      const kept = [...hinted].filter(([k]) => k.endsWith("/true")).reduce((a, [, p]) => a + p, 0);
      expect(kept).toBeCloseTo(0.95, 12);
    },
  );
});
