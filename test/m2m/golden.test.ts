/**
 * Golden oracle for the m2m exchange hot path (issue 17, performance work): 24,000 seeded
 * exchanges through the real `parseDeclaration`, `startExchange` and `finishExchange`, generated
 * from a seeded case generator, must give exactly what `golden-exchanges.json` records: a
 * SHA-256 per batch of the JSON of each exchange's state after `startExchange` and its final
 * state, in their own key order (so field order, roll names and roll order count too), plus a
 * few whole outcomes in clear, to read a difference.
 *
 * Cases cover melee and ranged, every active defence (with and without PD, with and without the
 * parrying weapon), random and aimed attacks at every location, every damage type, critical
 * hits (both tables), critical misses (hit yourself, roll again, unarmed), critical defences,
 * DR by location, toughness, shields, crippled limbs, low and negative HP, the Basic system
 * (no hit location) and no stun, half damage, and the errors (bad input refused by the parser,
 * and a defence given to an exchange that is not waiting for one). A coverage check proves each
 * of these shows up; the state after `startExchange` is checked unchanged by `finishExchange`.
 *
 * Rewrite the fixture only for an intended change of output:
 * `GOLDEN_UPDATE=1 npx vitest run test/m2m/golden.test.ts`, then `npx prettier --write` the fixture.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SeededDice, type Dice } from "../../src/core/dice";
import {
  finishExchange,
  startExchange,
  type M2mDefence,
  type M2mResult,
  type M2mState,
} from "../../src/rules/m2m/exchange";
import { parseDeclaration, parseDefence } from "../../src/rules/m2m/parse";
import { HIT_LOCATIONS } from "../../src/rules/m2m/types";

const FIXTURE = new URL("./golden-exchanges.json", import.meta.url);
const BATCHES = 24;
const PER_BATCH = 1000;

/** mulberry32: the case generator's own PRNG, independent of the dice under test. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof rng>;

const ARMOURED = HIT_LOCATIONS.filter((l) => l !== "face");

function damageText(r: Rng): string {
  if (r.chance(0.005)) return r.pick(["2d+1", "x", "", "0+1"]); // refused
  const dice = r.pick([1, 1, 2, 2, 2, 3, 4, 6]);
  const adds = r.chance(0.3) ? 0 : r.int(-5, 4);
  return adds === 0 ? `${dice}` : `${dice}${adds > 0 ? "+" : ""}${adds}`;
}

function combatant(r: Rng): Record<string, unknown> {
  const ht = r.chance(0.1) ? r.int(3, 20) : r.int(9, 14);
  const c: Record<string, unknown> = { ht };
  if (r.chance(0.5)) c.hp = r.chance(0.7) ? r.int(1, ht) : r.int(-5 * ht, 0);
  if (!r.chance(0.2)) {
    const dr: Record<string, number> = {};
    for (const loc of ARMOURED)
      if (r.chance(0.5)) dr[loc] = r.chance(0.1) ? r.int(5, 12) : r.int(0, 4);
    if (r.chance(0.003)) dr.face = 1; // refused
    c.dr = dr;
  }
  if (r.chance(0.15)) c.toughness = r.int(1, 2);
  if (r.chance(0.3)) c.shield = true;
  if (r.chance(0.15)) c.crippled = [r.pick(["left-arm", "right-arm", "left-leg", "right-hand"])];
  if (r.chance(0.002)) c.ht = 0; // refused
  return c;
}

function rawDeclaration(r: Rng): Record<string, unknown> {
  const type = r.pick(["cr", "cut", "imp"] as const);
  const ranged = r.chance(0.25);
  let target: string = "random";
  if (r.chance(0.4)) {
    target = r.pick(HIT_LOCATIONS);
    // Face and vitals are only for impaling attacks; keep a few refusals.
    if ((target === "face" || target === "vitals") && type !== "imp" && !r.chance(0.05))
      target = "head";
  }
  const skill = r.chance(0.15) ? r.int(-3, 25) : r.int(8, 17);
  const attack: Record<string, unknown> = { skill, damage: damageText(r), type, target };
  if (ranged) attack.ranged = true;
  if (r.chance(0.1)) attack.unarmed = true;
  if (r.chance(0.15)) attack.breakResistant = true;
  if (r.chance(0.1)) attack.halfDamage = true;
  const raw: Record<string, unknown> = { attack, defender: combatant(r) };
  if (r.chance(0.8)) raw.attacker = combatant(r);
  if (r.chance(0.3)) {
    const options: Record<string, boolean> = {};
    if (r.chance(0.6)) options.hitLocation = r.chance(0.4);
    if (r.chance(0.6)) options.stun = r.chance(0.5);
    raw.options = options;
  }
  return raw;
}

function rawDefence(r: Rng, ranged: boolean): Record<string, unknown> {
  const type = ranged
    ? r.pick(["dodge", "block", "none", "parry"] as const)
    : r.pick(["dodge", "parry", "parry", "block", "none"] as const);
  const d: Record<string, unknown> = { type };
  if (type !== "none") d.score = r.chance(0.1) ? r.int(0, 16) : r.int(4, 9);
  if (!r.chance(0.3)) d.pd = r.int(0, 4);
  if (type === "parry" && r.chance(0.7)) {
    const w: Record<string, unknown> = {};
    if (r.chance(0.7)) {
      w.damage = damageText(r);
      w.type = r.pick(["cr", "cut", "imp"]);
    }
    if (r.chance(0.2)) w.unarmed = true;
    if (r.chance(0.2)) w.breakResistant = true;
    d.weapon = w;
  }
  return d;
}

interface Case {
  decl: Record<string, unknown>;
  defence: Record<string, unknown>;
  /** Give the defence even when the exchange does not wait for one (an error). */
  force: boolean;
}

function makeCase(r: Rng): Case {
  const decl = rawDeclaration(r);
  const ranged = (decl.attack as { ranged?: boolean }).ranged === true;
  return { decl, defence: rawDefence(r, ranged), force: r.chance(0.01) };
}

/** The bench's melee and ranged exchanges, from one shared dice stream. */
function benchCases(): Case[] {
  const fighter = {
    ht: 12,
    hp: 12,
    dr: { head: 2, torso: 3, "left-arm": 2, "right-arm": 2, "left-leg": 1, "right-leg": 1 },
    toughness: 0,
    shield: false,
    crippled: [],
  };
  const melee = {
    attack: { skill: 14, damage: "2+1", type: "cut", target: "random" },
    attacker: fighter,
    defender: fighter,
  };
  const ranged = {
    attack: { skill: 13, damage: "1+2", type: "imp", target: "random", ranged: true },
    attacker: fighter,
    defender: { ...fighter, shield: true },
  };
  const defences = [
    { type: "parry", score: 7, pd: 3, weapon: { damage: "2+1", type: "cut" } },
    { type: "dodge", score: 6, pd: 3 },
    { type: "dodge", score: 6, pd: 3 },
    { type: "block", score: 6, pd: 4 },
  ];
  return Array.from({ length: PER_BATCH }, (_, i) => ({
    decl: (i & 2) === 0 ? melee : ranged,
    defence: defences[i & 3]!,
    force: false,
  }));
}

type Outcome = { start: M2mState; final: M2mState; startChanged: boolean } | { error: string };

function run(c: Case, dice: Dice): Outcome {
  try {
    const decl = parseDeclaration(c.decl);
    const defence: M2mDefence = parseDefence(c.defence);
    const start = startExchange(decl, dice);
    const before = JSON.stringify(start);
    const final = start.awaitingDefence || c.force ? finishExchange(start, defence, dice) : start;
    return { start, final, startChanged: JSON.stringify(start) !== before };
  } catch (e) {
    const err = e as Error;
    return { error: `${err.name}: ${err.message}` };
  }
}

interface Batch {
  outcomes: Outcome[];
}

/**
 * Batch 0: the bench's cases from one dice stream (seed 1). Batches 1-11: generated cases,
 * each case with its own seeded dice. Batches 12-23: generated cases from one dice stream per
 * batch (what a case consumes shifts every later case).
 */
function runBatches(): Batch[] {
  const out: Batch[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const r = rng(ld(b));
    const cases = b === 0 ? benchCases() : Array.from({ length: PER_BATCH }, () => makeCase(r));
    const shared = b === 0 || b >= 12 ? new SeededDice(1000 + b) : null;
    const outcomes = cases.map((c, i) =>
      run(c, shared ?? new SeededDice(b * PER_BATCH + i + r.int(0, 0xffff))),
    );
    out.push({ outcomes });
  }
  return out;
}

function ld(b: number): number {
  return 0x9e3779b9 ^ Math.imul(b + 1, 0x85ebca6b);
}
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

const resultOf = (o: Outcome): M2mResult | null => ("final" in o ? o.final.result : null);

/** The whole outcomes kept in clear: the first of each kind below, in run order. */
const SHOWN: [string, (o: Outcome) => boolean][] = [
  ["critical head blow", (o) => resultOf(o)?.criticalHit?.table === "critical-head-blow"],
  ["hit yourself", (o) => (resultOf(o)?.criticalMiss?.selfHit?.wound ?? null) !== null],
  ["parry critical miss", (o) => resultOf(o)?.criticalMiss?.side === "defender"],
  ["death roll", (o) => (resultOf(o)?.defender.deathChecks.length ?? 0) > 0],
  ["ranged hit", (o) => resultOf(o)?.hit === true && "final" in o && o.final.decl.attack.ranged],
  ["error", (o) => "error" in o],
];

interface Fixture {
  cases: number;
  batches: string[];
  shown: { what: string; batch: number; index: number; outcome: Outcome }[];
}

function fixtureOf(batches: Batch[]): Fixture {
  const shown: Fixture["shown"] = [];
  for (const [what, test] of SHOWN) {
    let found = false;
    for (let b = 0; b < batches.length && !found; b++) {
      const index = batches[b]!.outcomes.findIndex(test);
      if (index >= 0) {
        shown.push({ what, batch: b, index, outcome: batches[b]!.outcomes[index]! });
        found = true;
      }
    }
  }
  return {
    cases: BATCHES * PER_BATCH,
    batches: batches.map((b) => sha(JSON.stringify(b.outcomes))),
    shown,
  };
}

describe("golden m2m exchanges (the oracle for the hot path's optimisations)", () => {
  const batches = runBatches();
  const all = batches.flatMap((b) => b.outcomes);

  it("covers what the hot path does", () => {
    const done = all.filter((o): o is Exclude<Outcome, { error: string }> => "final" in o);
    const results = done.map((o) => o.final.result).filter((r): r is M2mResult => r !== null);
    const errors = all.filter((o): o is { error: string } => "error" in o).map((o) => o.error);
    const count = (p: (r: M2mResult) => boolean) => results.filter(p).length;
    expect(done.filter((o) => o.startChanged)).toHaveLength(0);
    for (const a of ["hit", "miss", "critical-hit", "critical-miss"] as const)
      expect(
        count((r) => r.attack.outcome === a),
        a,
      ).toBeGreaterThan(50);
    for (const t of ["dodge", "parry", "block", "none"] as const)
      expect(
        count((r) => r.defence?.type === t),
        t,
      ).toBeGreaterThan(50);
    for (const d of ["success", "failure", "critical-success", "critical-failure"] as const)
      expect(
        count((r) => r.defence?.outcome === d),
        d,
      ).toBeGreaterThan(20);
    for (const loc of HIT_LOCATIONS)
      expect(
        count((r) => r.location === loc),
        loc,
      ).toBeGreaterThan(10);
    expect(count((r) => r.criticalHit?.table === "critical-hit")).toBeGreaterThan(50);
    expect(count((r) => r.criticalHit?.table === "critical-head-blow")).toBeGreaterThan(20);
    expect(count((r) => r.criticalMiss?.side === "attacker")).toBeGreaterThan(100);
    expect(count((r) => r.criticalMiss?.side === "defender")).toBeGreaterThan(5);
    expect(count((r) => (r.criticalMiss?.rerolls.length ?? 0) > 0)).toBeGreaterThan(5);
    expect(count((r) => (r.criticalMiss?.selfHit?.wound ?? null) !== null)).toBeGreaterThan(10);
    expect(count((r) => r.criticalMiss?.selfHit?.wound === null)).toBeGreaterThan(2);
    expect(count((r) => r.defenceCritical !== null)).toBeGreaterThan(50);
    expect(count((r) => r.headMissByOne)).toBeGreaterThan(5);
    expect(count((r) => (r.damage?.dr ?? 0) > 0)).toBeGreaterThan(1000);
    expect(count((r) => r.damage?.halved === true)).toBeGreaterThan(50);
    expect(count((r) => r.damage?.bypassArmour === true)).toBeGreaterThan(5);
    expect(count((r) => (r.damage?.knockback ?? 0) > 0)).toBeGreaterThan(20);
    expect(count((r) => r.defender.knockdown !== null)).toBeGreaterThan(100);
    expect(count((r) => r.defender.deathChecks.length > 0)).toBeGreaterThan(50);
    expect(count((r) => r.defender.dead)).toBeGreaterThan(20);
    expect(count((r) => r.defender.stunned)).toBeGreaterThan(100);
    expect(count((r) => r.defender.crippled)).toBeGreaterThan(50);
    expect(count((r) => r.defender.ignored !== null)).toBeGreaterThan(5);
    expect(count((r) => r.defender.knockedOut)).toBeGreaterThan(10);
    expect(count((r) => r.attack.locationPenalty < 0)).toBeGreaterThan(1000);
    expect(count((r) => r.choices.length === 0)).toBeGreaterThan(1000);
    const basic = done.filter((o) => !o.final.decl.options.hitLocation);
    expect(basic.length).toBeGreaterThan(500);
    expect(done.filter((o) => !o.final.decl.options.stun).length).toBeGreaterThan(500);
    expect(
      done.filter((o) => o.final.decl.attack.ranged && o.final.result?.hit).length,
    ).toBeGreaterThan(500);
    const names = new Set(results.flatMap((r) => r.rolls.map((x) => x.name)));
    for (const n of [
      ...["location", "side", "attack", "criticalMiss", "criticalMiss.2", "defence"],
      ...["defenceCriticalMiss", "criticalHit", "damage", "knockdown", "death", "death.2"],
      ...["selfLocation", "selfSide", "selfDamage", "selfKnockdown", "selfDeath"],
    ])
      expect(names, n).toContain(n);
    expect(errors.some((e) => e.startsWith("InputError") && e.includes("attack.damage"))).toBe(
      true,
    );
    expect(errors.some((e) => e.includes("attack.target"))).toBe(true);
    expect(errors.some((e) => e.includes(".dr.face"))).toBe(true);
    expect(errors.some((e) => e.includes("not waiting for a defence"))).toBe(true);
  });

  it(`${BATCHES * PER_BATCH} seeded exchanges give exactly the recorded states`, () => {
    const now = fixtureOf(batches);
    if (process.env.GOLDEN_UPDATE === "1") {
      writeFileSync(FIXTURE, JSON.stringify(now, null, 1) + "\n");
    }
    expect(existsSync(FIXTURE), "fixture missing: GOLDEN_UPDATE=1 to write it").toBe(true);
    const want = JSON.parse(readFileSync(FIXTURE, "utf8")) as Fixture;
    expect(now.cases).toBe(want.cases);
    expect(JSON.parse(JSON.stringify(now.shown))).toEqual(want.shown);
    now.batches.forEach((h, b) => expect(h, `batch ${b}`).toBe(want.batches[b]));
  });
});
