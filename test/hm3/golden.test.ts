/**
 * Golden oracle for the HM3 resolution hot path (issue 6, performance work): 24,000 seeded
 * resolutions through the real `resolveExchange`, generated from a seeded case generator, must
 * give exactly the results recorded in `golden-resolutions.json` (a SHA-256 per batch of the
 * results' JSON in their own key order, so field order, roll names and roll order count too;
 * plus a few whole results in clear, to read a difference).
 *
 * Cases cover melee and missile, every defence, all aspects and creature aliases, every aim,
 * armour layouts (none, unsided, sided overrides, partial aspects, creature ids), flammable
 * layers, the optional rules (kill roll, amputation, bleeding, limb injuries), the human tables,
 * the human plan as data and two creature plans, extreme EMLs (raw far outside 5..95), low
 * endurance and high penalties, counterstrikes, missing WQs, and the errors (counterstrike
 * against a missile, a counterstrike without a weapon, a zone a plan cannot be aimed at).
 * A coverage check proves each of these shows up.
 *
 * Rewrite the fixture only for an intended change of output:
 * `GOLDEN_UPDATE=1 npx vitest run test/hm3/golden.test.ts`, then `npx prettier --write` the fixture.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SeededDice, type Dice } from "../../src/core/dice";
import { buildTarget, type Modifier, type Target } from "../../src/core/modifiers";
import {
  humanBodyPlan,
  LOCATIONS,
  resolveExchange,
  validateBodyPlan,
  type Hm3BodyPlanInput,
  type Hm3Declaration,
  type Hm3Defence,
  type Hm3Fighter,
  type Hm3Result,
  type StrikeWeapon,
} from "../../src/rules/hm3";
import { quadruped } from "./quadruped";
import { DEFAULT_OPTIONS } from "../../src/rules/hm3/exchange";

const FIXTURE = new URL("./golden-resolutions.json", import.meta.url);
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

/** A plan struck only in the Mid zone: aiming High or Low at it is refused (ruling R16). */
function serpent(): Hm3BodyPlanInput {
  return {
    id: "test-serpent",
    name: "Serpent",
    locations: [
      {
        id: "head",
        name: "Head",
        region: "head",
        paired: false,
        aim: { high: 0, mid: 20, low: 0 },
        injury: ["M1", "S2", "S3", "K4", "K5"],
      },
      {
        id: "coil",
        name: "Coil",
        region: "torso",
        paired: true,
        aim: { high: 0, mid: 60, low: 0 },
        injury: ["M1", "S2", "S3", "G4", "K5▼"],
      },
      {
        id: "fin",
        name: "Fin",
        region: "arm",
        paired: true,
        aim: { high: 0, mid: 20, low: 0 },
        injury: ["♦M1", "♦S2", "♦S3", "♦G4▼", "♦G5▼"],
      },
    ],
  } as unknown as Hm3BodyPlanInput;
}

const PLANS = {
  human: validateBodyPlan(humanBodyPlan()),
  quadruped: validateBodyPlan(quadruped()),
  serpent: validateBodyPlan(serpent()),
};
type PlanKey = keyof typeof PLANS | "tables";

/** The human tables' locations (seed 003 lines 74-89), in the seed's order. */
const HUMAN_IDS: readonly string[] = LOCATIONS;
const PAIRED = new Set(["shoulder", "upper-arm", "elbow", "forearm", "hand"]);
["hip", "thigh", "knee", "calf", "foot"].forEach((id) => PAIRED.add(id));

function locationIds(plan: PlanKey): { id: string; paired: boolean }[] {
  if (plan === "tables" || plan === "human")
    return HUMAN_IDS.map((id) => ({ id, paired: PAIRED.has(id) }));
  return PLANS[plan].locations.map((l) => ({ id: l.id, paired: l.paired }));
}

const ASPECT_KEYS = ["blunt", "edge", "point", "fire"] as const;

function protection(r: Rng, max: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of ASPECT_KEYS) if (!r.chance(0.15)) out[a] = r.int(0, max);
  return out;
}

/** Armour layouts: none, the bench's unsided suit, random unsided, sided overrides, heavy. */
function armour(r: Rng, plan: PlanKey): Hm3Fighter["armour"] {
  const layout = r.int(0, 4);
  if (layout === 0) return {};
  if (layout === 1 && plan !== "quadruped" && plan !== "serpent")
    return {
      thorax: { blunt: 6, edge: 8, point: 5, fire: 2 },
      abdomen: { blunt: 6, edge: 8, point: 5, fire: 2 },
      skull: { blunt: 6, edge: 10, point: 6, fire: 2 },
    };
  const out: Record<string, Record<string, number>> = {};
  const max = layout === 4 ? 25 : 12;
  for (const loc of locationIds(plan)) {
    if (r.chance(0.35)) continue;
    out[loc.id] = protection(r, max);
    if (loc.paired && layout >= 3 && r.chance(0.5))
      out[`${r.pick(["left", "right"])}-${loc.id}`] = protection(r, max);
  }
  return out;
}

function flammable(r: Rng, plan: PlanKey): Hm3Fighter["flammable"] {
  if (!r.chance(0.35)) return undefined;
  const out: Record<string, "cloth" | "quilt"> = {};
  for (const loc of locationIds(plan)) {
    if (r.chance(0.4)) continue;
    const key = loc.paired && r.chance(0.3) ? `${r.pick(["left", "right"])}-${loc.id}` : loc.id;
    out[key] = r.pick(["cloth", "quilt"] as const);
  }
  return out;
}

function fighter(r: Rng): Hm3Fighter {
  const plan = r.pick<PlanKey>(["tables", "tables", "tables", "human", "quadruped", "serpent"]);
  const f: Hm3Fighter = {
    endurance: r.pick([r.int(2, 18), r.int(10, 14)]),
    up: r.chance(0.5) ? 0 : r.int(0, 12),
    dex: r.int(3, 19),
    agl: r.int(3, 19),
    pp: r.chance(0.5) ? 0 : r.int(0, 14),
    armour: armour(r, plan),
  };
  const fl = flammable(r, plan);
  if (fl) f.flammable = fl;
  if (plan !== "tables") f.bodyPlan = PLANS[plan];
  return f;
}

function target(r: Rng, key: string): Target {
  const base = r.pick([r.int(0, 120), r.int(30, 90), r.int(-40, 200)]);
  const mods: Modifier[] = [];
  if (r.chance(0.4)) mods.push({ key: "physicalPenalty", value: -5 * r.int(0, 8), source: "s" });
  if (r.chance(0.2)) mods.push({ key: "aim.high", value: -10, source: "seed 003 line 54" });
  if (r.chance(0.15))
    mods.push({ key: "custom", label: "Mud <b>", value: r.int(-100, 100), source: "user" });
  return buildTarget(key, base, mods, { min: 5, max: 95 });
}

const ASPECTS = ["blunt", "edge", "point", "fire", "squeeze", "bite", "tear", "frost"] as const;

function aimAt(r: Rng, victim: Hm3Fighter): "high" | "mid" | "low" {
  // Mostly an aim the victim's plan can take; sometimes any (a refused aim is a case too).
  if (victim.bodyPlan?.id === "test-serpent" && r.chance(0.9)) return "mid";
  return r.pick(["high", "mid", "mid", "low"] as const);
}

function weapon(r: Rng, victim: Hm3Fighter): StrikeWeapon {
  const w: StrikeWeapon = {
    aspect: r.chance(0.7) ? r.pick(ASPECTS.slice(0, 3)) : r.pick(ASPECTS),
    aim: aimAt(r, victim),
    impact: r.chance(0.1) ? r.int(10, 16) : r.int(0, 9),
  };
  if (r.chance(0.8)) w.wq = r.int(3, 20);
  return w;
}

interface Case {
  decl: Hm3Declaration;
  defence: Hm3Defence;
}

function makeCase(r: Rng): Case {
  const attacker = fighter(r);
  const defender = fighter(r);
  const type = r.chance(0.3) ? "missile" : "melee";
  const decl: Hm3Declaration = {
    attack: { type, target: target(r, "aml"), ...weapon(r, defender) },
    attacker,
    defender,
    options: {
      ...DEFAULT_OPTIONS,
      killRoll: r.chance(0.5),
      amputation: r.chance(0.7),
      bleeding: r.chance(0.5),
      limbInjuries: r.chance(0.5),
    },
  };
  if (r.chance(0.2)) decl.defenderHolds = { weapon: r.chance(0.5), shield: r.chance(0.5) };
  const kinds =
    type === "melee"
      ? (["block", "counterstrike", "dodge", "ignore"] as const)
      : (["block", "dodge", "ignore"] as const);
  const kind = r.chance(0.01) ? "counterstrike" : r.pick(kinds);
  let defence: Hm3Defence;
  if (kind === "ignore") defence = { type: "ignore" };
  else if (kind === "counterstrike") {
    defence = { type: kind, target: target(r, "aml") };
    if (!r.chance(0.02)) defence.strike = weapon(r, attacker);
  } else {
    defence = { type: kind, target: target(r, kind === "block" ? "dml" : "ml") };
    if (kind === "block" ? r.chance(0.8) : r.chance(0.1)) defence.wq = r.int(3, 20);
  }
  return { decl, defence };
}

/** The bench's own declaration and defences, resolved from one shared dice stream. */
function benchCases(): Case[] {
  const eml = (v: number) => buildTarget("eml", v, [], { min: 5, max: 95 });
  const suit = {
    thorax: { blunt: 6, edge: 8, point: 5, fire: 2 },
    abdomen: { blunt: 6, edge: 8, point: 5, fire: 2 },
    skull: { blunt: 6, edge: 10, point: 6, fire: 2 },
  };
  const decl: Hm3Declaration = {
    attack: { type: "melee", target: eml(75), aspect: "edge", aim: "mid", impact: 5, wq: 12 },
    attacker: { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: suit },
    defender: { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: suit },
    options: {
      ...DEFAULT_OPTIONS,
      killRoll: true,
      amputation: true,
      bleeding: false,
      limbInjuries: false,
    },
  };
  const defences: Hm3Defence[] = [
    { type: "block", target: eml(60), wq: 13 },
    {
      type: "counterstrike",
      target: eml(60),
      strike: { aspect: "blunt", aim: "mid", impact: 4 },
    },
    { type: "dodge", target: eml(55) },
    { type: "ignore" },
  ];
  return Array.from({ length: PER_BATCH }, (_, i) => ({ decl, defence: defences[i & 3]! }));
}

type Outcome = Hm3Result | { error: string };

function run(c: Case, dice: Dice): Outcome {
  try {
    return resolveExchange(c.decl, c.defence, dice);
  } catch (e) {
    const err = e as Error;
    return { error: `${err.name}: ${err.message}` };
  }
}

interface Batch {
  cases: Case[];
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
    out.push({ cases, outcomes });
  }
  return out;
}

function ld(b: number): number {
  return 0x9e3779b9 ^ Math.imul(b + 1, 0x85ebca6b);
}
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** The whole results kept in clear: the first case of each kind below, in run order. */
const SHOWN: [string, (o: Outcome) => boolean][] = [
  ["counterstrike B*2", (o) => "result" in o && o.result === "B*2"],
  ["kill roll survived", (o) => "strikes" in o && o.strikes.some((s) => s.killCheck && !s.kill)],
  ["ignition", (o) => "strikes" in o && o.strikes.some((s) => s.ignition !== null)],
  ["creature plan", (o) => "strikes" in o && o.strikes.some((s) => s.location.includes("leg"))],
  ["weapon damage", (o) => "weaponDamage" in o && o.weaponDamage.length === 2],
  ["missile strike", (o) => "result" in o && o.result === "M*3"],
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

describe("golden HM3 resolutions (the oracle for the hot path's optimisations)", () => {
  const batches = runBatches();
  const all = batches.flatMap((b) => b.outcomes);

  it("covers what the hot path does", () => {
    const results = all.filter((o): o is Hm3Result => "result" in o);
    const strikes = results.flatMap((r) => r.strikes);
    const errors = all.filter((o): o is { error: string } => "error" in o).map((o) => o.error);
    const codes = new Set(results.map((r) => r.result));
    // Every matrix code of both matrices comes up.
    for (const code of [
      ...["A*1", "A*2", "A*3", "A*4", "D*1", "D*2", "D*3", "B*1", "B*2", "M*1", "M*2", "M*3"],
      ...["block", "miss", "DTA", "AF", "DF", "BF", "AS", "DS", "BS", "wild"],
    ])
      expect(codes, code).toContain(code);
    const count = (p: (s: (typeof strikes)[number]) => boolean) => strikes.filter(p).length;
    expect(count((s) => s.by === "defender")).toBeGreaterThan(100);
    expect(count((s) => s.face !== null)).toBeGreaterThan(50);
    expect(count((s) => s.killCheck !== null && s.kill)).toBeGreaterThan(10);
    expect(count((s) => s.killCheck !== null && !s.kill)).toBeGreaterThan(10);
    expect(count((s) => s.killCheck === null && s.kill)).toBeGreaterThan(10);
    expect(count((s) => s.ignition?.ignited === true)).toBeGreaterThan(5);
    expect(count((s) => s.ignition?.ignited === false)).toBeGreaterThan(5);
    expect(count((s) => s.amputationRoll)).toBeGreaterThan(10);
    expect(count((s) => s.bleeding)).toBeGreaterThan(10);
    expect(count((s) => s.limbInjury === "arm")).toBeGreaterThan(10);
    expect(count((s) => s.limbInjury === "leg")).toBeGreaterThan(10);
    expect(count((s) => s.fumble?.failed === true)).toBeGreaterThan(10);
    expect(count((s) => s.stumble?.failed === true)).toBeGreaterThan(10);
    expect(count((s) => s.shock?.failed === true)).toBeGreaterThan(100);
    expect(count((s) => s.injury === null)).toBeGreaterThan(100);
    expect(count((s) => /^(left|right)-(fore|hind)leg$/.test(s.location))).toBeGreaterThan(10);
    expect(count((s) => /coil|fin/.test(s.location))).toBeGreaterThan(10);
    expect(count((s) => ["squeeze", "bite", "tear", "frost"].includes(s.aspect))).toBeGreaterThan(
      50,
    );
    expect(results.filter((r) => r.weaponDamage.some((w) => w.broken)).length).toBeGreaterThan(10);
    expect(results.filter((r) => r.weaponDamageSkipped.length > 0).length).toBeGreaterThan(10);
    expect(results.filter((r) => r.attack.raw > 95 || r.attack.raw < 5).length).toBeGreaterThan(
      100,
    );
    expect(results.filter((r) => r.tacticalAdvantage).length).toBeGreaterThan(100);
    expect(errors.some((e) => e.includes("Counterstrike is not possible"))).toBe(true);
    expect(errors.some((e) => e.includes("needs the counterstriking weapon"))).toBe(true);
    expect(errors.some((e) => e.startsWith("InputError") && e.includes("cannot be struck"))).toBe(
      true,
    );
    // Roll names of both sides' strikes, prefixed for the defender's.
    const names = new Set(results.flatMap((r) => r.rolls.map((x) => x.name)));
    for (const n of ["attack", "defence", "location", "face", "impact", "ignite", "shock"])
      expect(names, n).toContain(n);
    for (const n of ["fumble", "stumble", "kill", "location", "impact", "shock", "face"])
      expect(names, `counter.${n}`).toContain(`counter.${n}`);
    for (const n of ["attackerFumble", "defenderStumble", "defenderWeaponDamage"])
      expect(names, n).toContain(n);
  });

  it(`${BATCHES * PER_BATCH} seeded resolutions give exactly the recorded results`, () => {
    const now = fixtureOf(batches);
    if (process.env.GOLDEN_UPDATE === "1") {
      writeFileSync(FIXTURE, JSON.stringify(now, null, 1) + "\n");
    }
    expect(existsSync(FIXTURE), "fixture missing: GOLDEN_UPDATE=1 to write it").toBe(true);
    const want = JSON.parse(readFileSync(FIXTURE, "utf8")) as Fixture;
    expect(now.cases).toBe(want.cases);
    // The whole results first: a difference there reads better than a hash.
    expect(JSON.parse(JSON.stringify(now.shown))).toEqual(want.shown);
    for (const [b, hash] of want.batches.entries())
      expect(now.batches[b], `batch ${b} (${b === 0 ? "bench" : "generated"})`).toBe(hash);
  });
});
