/**
 * The enumerated odds (issue 19: "the odds take every option into account and stay exact"):
 * `enumeratedOdds` runs `resolveExchange` on every path of its dice (src/core/enumerate.ts).
 * Proved here: with the Gold options off it gives the closed form's figures (odds.ts) to 1e-12
 * on a randomised family of declarations; each class hint the engine gives is sound (turned off
 * alone, every face enumerated, the odds do not change); with a Gold option on it agrees with a
 * Monte-Carlo run of the engine; `exchangeOdds` dispatches on the options.
 */
import { describe, expect, it } from "vitest";
import { SeededDice } from "../../src/core/dice";
import { buildTarget } from "../../src/core/modifiers";
import {
  DEFAULT_OPTIONS,
  resolveExchange,
  type Hm3Declaration,
  type Hm3Defence,
  type Hm3Fighter,
} from "../../src/rules/hm3";
import { GOLD_OPTIONS } from "../../src/rules/hm3/gold/options";
import {
  anyGoldOn,
  closedFormOdds,
  exchangeOdds,
  oddsInput,
  type Hm3Odds,
} from "../../src/rules/hm3/odds";
import { enumeratedOdds } from "../../src/rules/hm3/odds-enumerated";
import { quadruped } from "./quadruped";

const eml = (v: number) => buildTarget("eml", v, [], { min: 5, max: 95 });

/** Every number of `b` against `a`, keys of either (a key one lacks counts 0). */
function expectSame(a: Hm3Odds, b: Hm3Odds, what: string, tolerance = 1e-12): void {
  const walk = (x: unknown, y: unknown, path: string) => {
    if (typeof x === "number" || typeof y === "number") {
      const dx = typeof x === "number" ? x : 0;
      const dy = typeof y === "number" ? y : 0;
      expect(Math.abs(dx - dy), `${what} ${path}: ${dx} vs ${dy}`).toBeLessThan(tolerance);
      return;
    }
    if (x === null || y === null) {
      expect(x, `${what} ${path}`).toBe(y);
      return;
    }
    if (typeof x === "object" || typeof y === "object") {
      const ox = (x ?? {}) as Record<string, unknown>;
      const oy = (y ?? {}) as Record<string, unknown>;
      for (const k of new Set([...Object.keys(ox), ...Object.keys(oy)])) {
        if (k === "enumeration") continue;
        walk(ox[k], oy[k], `${path}.${k}`);
      }
      return;
    }
    expect(x, `${what} ${path}`).toBe(y);
  };
  walk(a, b, "");
}

// ── A randomised family of HM3 declarations (Gold options off) ─────────────────────────────

const ASPECTS = ["blunt", "edge", "point", "fire", "squeeze", "bite", "tear", "frost"] as const;
const HUMAN_ARMOUR_AT = [
  "skull",
  "face",
  "neck",
  "shoulder",
  "left-upper-arm",
  "forearm",
  "hand",
  "thorax",
  "abdomen",
  "hip",
  "groin",
  "thigh",
  "right-knee",
  "calf",
  "foot",
];
const QUADRUPED_ARMOUR_AT = ["head", "neck", "foreleg", "left-hindleg", "body", "belly"];

function family(seed: number, n: number): { decl: Hm3Declaration; defence: Hm3Defence }[] {
  const r = new SeededDice(seed);
  const int = (lo: number, hi: number) => lo + r.die(hi - lo + 1) - 1;
  const pick = <T>(xs: readonly T[]): T => xs[r.die(xs.length) - 1]!;
  const chance = (pc: number) => r.die(100) <= pc;
  const fighter = (creature: boolean): Hm3Fighter => {
    const armour: Record<string, Record<string, number>> = {};
    for (const loc of creature ? QUADRUPED_ARMOUR_AT : HUMAN_ARMOUR_AT)
      if (chance(40))
        armour[loc] = { blunt: int(0, 8), edge: int(0, 10), point: int(0, 8), fire: int(0, 4) };
    const f: Hm3Fighter = {
      endurance: int(6, 17),
      up: int(0, 5),
      dex: int(7, 16),
      agl: int(7, 16),
      pp: int(0, 6),
      armour,
    };
    if (creature) f.bodyPlan = quadruped();
    else if (chance(30)) f.flammable = { thorax: "quilt", forearm: "cloth", skull: "cloth" };
    return f;
  };
  const out: { decl: Hm3Declaration; defence: Hm3Defence }[] = [];
  for (let i = 0; i < n; i++) {
    const type = chance(70) ? "melee" : "missile";
    const creature = chance(25);
    const wq = chance(60) ? int(1, 15) : undefined;
    const decl: Hm3Declaration = {
      attack: {
        type,
        target: eml(int(-20, 140)),
        aspect: pick(ASPECTS),
        aim: pick(["high", "mid", "low"] as const),
        impact: int(0, 11),
        ...(wq === undefined || type === "missile" ? {} : { wq }),
      },
      attacker: fighter(false),
      defender: fighter(creature),
      options: {
        ...DEFAULT_OPTIONS,
        killRoll: chance(50),
        amputation: chance(70),
        bleeding: chance(50),
      },
    };
    const dtype = pick(["block", "dodge", "ignore", "block", "dodge"] as const);
    const defence: Hm3Defence =
      dtype === "ignore" ? { type: dtype } : { type: dtype, target: eml(int(-10, 120)) };
    if (dtype === "block" && chance(70)) defence.wq = int(1, 15);
    out.push({ decl, defence });
  }
  return out;
}

describe("enumerated odds equal the closed form with the Gold options off", () => {
  it("a randomised family: melee and missile, block/dodge/ignore, body plans, options, armour, fire", () => {
    let paths = 0;
    for (const [i, { decl, defence }] of family(19, 40).entries()) {
      const closed = closedFormOdds(decl, defence);
      const walked = enumeratedOdds(decl, defence);
      expectSame(closed, walked, `case ${i} (${decl.attack.type} vs ${defence.type})`);
      paths += walked.enumeration!.paths;
    }
    // The family is not trivial: thousands of engine runs each on average.
    expect(paths).toBeGreaterThan(40 * 500);
  });

  it("Counterstrike: both sides strike (B*1, B*2 multiply the two strikes' paths)", () => {
    const decl: Hm3Declaration = {
      attack: { type: "melee", target: eml(60), aspect: "point", aim: "high", impact: 6, wq: 11 },
      attacker: {
        endurance: 10,
        up: 2,
        dex: 12,
        agl: 11,
        pp: 2,
        armour: { skull: { blunt: 4, edge: 6, point: 4, fire: 1 }, thorax: { edge: 5 } },
      },
      defender: {
        endurance: 14,
        up: 0,
        dex: 11,
        agl: 12,
        pp: 0,
        armour: {},
        bodyPlan: quadruped(),
      },
      options: { ...DEFAULT_OPTIONS, killRoll: true, bleeding: true },
    };
    const defence: Hm3Defence = {
      type: "counterstrike",
      target: eml(55),
      strike: { aspect: "edge", aim: "low", impact: 5 },
    };
    const closed = closedFormOdds(decl, defence);
    const walked = enumeratedOdds(decl, defence);
    expect(closed.result["B*2"]).toBeGreaterThan(0);
    expect(walked.attacker.struck).toBeGreaterThan(0);
    expectSame(closed, walked, "counterstrike");
  }, 300_000);
});

describe("each class hint the engine gives is sound: ignored alone, the odds do not change", () => {
  const decl: Hm3Declaration = {
    attack: { type: "melee", target: eml(70), aspect: "fire", aim: "high", impact: 6, wq: 10 },
    attacker: { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: {} },
    defender: {
      endurance: 11,
      up: 0,
      dex: 11,
      agl: 10,
      pp: 1,
      armour: { skull: { fire: 3 }, "left-shoulder": { fire: 2 } },
      flammable: { skull: "cloth", shoulder: "quilt", face: "cloth" },
    },
    options: { ...DEFAULT_OPTIONS, killRoll: true },
  };
  const hinted = enumeratedOdds(decl, { type: "ignore" });
  const block = enumeratedOdds(decl, { type: "block", target: eml(50), wq: 9 });
  it.each([
    ["location", /^location$/],
    ["face", /^face$/],
    ["ignite", /^ignite$/],
    ["fumble", /^fumble$/],
  ])("the %s roll", (_, names) => {
    const full = enumeratedOdds(decl, { type: "ignore" }, { ignoreHints: (n) => names.test(n) });
    expect(full.enumeration!.paths).toBeGreaterThan(hinted.enumeration!.paths);
    expectSame(hinted, full, String(names));
  });

  it.each([
    // Armour 9 keeps the wounds at level 4 or less (6^4 faces a shock roll at most).
    ["shock", 9],
    // Armour 6 lets 3d6 reach the K cells of 13+ and 17+: kill rolls of 4 and 5 dice.
    ["kill", 6],
  ])(
    "the %s roll (a missile's M*N against armour %i everywhere)",
    (name, worn) => {
      const all = { blunt: worn, edge: worn, point: worn, fire: worn };
      const missile: Hm3Declaration = {
        ...decl,
        attack: { type: "missile", target: eml(80), aspect: "edge", aim: "high", impact: 6 },
        defender: {
          ...decl.defender,
          armour: Object.fromEntries(HUMAN_ARMOUR_AT.map((l) => [l.replace(/^\w+-/, ""), all])),
        },
      };
      const a = enumeratedOdds(missile, { type: "ignore" });
      const b = enumeratedOdds(missile, { type: "ignore" }, { ignoreHints: (n) => n === name });
      expect(b.enumeration!.paths).toBeGreaterThan(a.enumeration!.paths);
      expect(name === "kill" ? a.kill : a.shock).toBeGreaterThan(0);
      expectSame(a, b, name);
    },
    120_000,
  );

  it("the impact dice (a missile's M*N: 1-3 dice)", () => {
    const missile: Hm3Declaration = { ...decl, attack: { ...decl.attack, type: "missile" } };
    const a = enumeratedOdds(missile, { type: "ignore" });
    const b = enumeratedOdds(missile, { type: "ignore" }, { ignoreHints: (n) => n === "impact" });
    expect(b.enumeration!.paths).toBeGreaterThan(a.enumeration!.paths);
    expectSame(a, b, "impact");
  });

  it("the attack test, and a Block's weapon damage and the matrix's fumble and stumble", () => {
    const full = enumeratedOdds(decl, { type: "ignore" }, { ignoreHints: (n) => n === "attack" });
    expectSame(hinted, full, "attack");
    const checks = enumeratedOdds(
      decl,
      { type: "block", target: eml(50), wq: 9 },
      { ignoreHints: (n) => /WeaponDamage$|Fumble$|Stumble$/.test(n) },
    );
    expect(checks.enumeration!.paths).toBeGreaterThan(block.enumeration!.paths);
    expectSame(block, checks, "checks");
  }, 120_000);

  it("the defence test", () => {
    const small: Hm3Declaration = {
      ...decl,
      attack: { ...decl.attack, type: "missile", aspect: "blunt", impact: 0 },
      defender: { ...decl.defender, armour: { skull: { blunt: 9 }, face: { blunt: 9 } } },
    };
    const d: Hm3Defence = { type: "dodge", target: eml(40) };
    expectSame(
      enumeratedOdds(small, d),
      enumeratedOdds(small, d, { ignoreHints: (n) => n === "defence" }),
      "defence",
    );
  }, 120_000);
});

describe("Gold options on: the enumeration follows the engine", () => {
  const decl: Hm3Declaration = {
    attack: { type: "melee", target: eml(75), aspect: "edge", aim: "low", impact: 7 },
    attacker: { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: {} },
    defender: {
      endurance: 12,
      up: 1,
      dex: 12,
      agl: 12,
      pp: 1,
      armour: { thigh: { edge: 4 }, knee: { edge: 6 } },
    },
    options: { ...DEFAULT_OPTIONS, limbInjuries: true },
  };
  const defence: Hm3Defence = { type: "dodge", target: eml(45) };

  it("exchangeOdds enumerates when a Gold option is on, else takes the closed form", () => {
    expect(anyGoldOn(DEFAULT_OPTIONS)).toBe(false);
    expect(anyGoldOn(decl.options)).toBe(true);
    // A sub-rule without its rule takes no effect (goldOn).
    const sub = GOLD_OPTIONS.find((o) => o.parent !== null)!;
    expect(anyGoldOn({ ...DEFAULT_OPTIONS, [sub.id]: true })).toBe(false);
    const off = exchangeOdds({ ...decl, options: DEFAULT_OPTIONS }, defence);
    expect(off.enumeration).toBeUndefined();
    const on = exchangeOdds(decl, defence);
    expect(on.enumeration!.paths).toBeGreaterThan(1000);
    // Limb injuries (R29) change no figure of the closed form; the option's line is its own.
    expectSame(off, { ...on, defender: { ...on.defender, gold: undefined } }, "limbInjuries");
    expect(on.defender.gold!.limbInjury).toBeGreaterThan(0);
  });

  it("agrees with a Monte-Carlo run of the engine (200,000 exchanges, within 5 sigma)", () => {
    const odds = enumeratedOdds(decl, defence);
    const n = 200_000;
    const dice = new SeededDice(2026);
    const counts = new Map<string, number>();
    const bump = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
    for (let i = 0; i < n; i++) {
      const r = resolveExchange(decl, defence, dice);
      bump(`result:${r.result}`);
      const s = r.strikes[0];
      bump(`injury:${s?.injury ?? "none"}`);
      if (s?.limbInjury) bump("limb");
      if (s?.shock?.failed) bump("shock");
    }
    const close = (p: number, key: string) => {
      const f = (counts.get(key) ?? 0) / n;
      const sigma = Math.sqrt(Math.max(p * (1 - p), 1e-6) / n);
      expect(Math.abs(f - p), `${key}: exact ${p}, sampled ${f}`).toBeLessThan(5 * sigma);
    };
    for (const [code, p] of Object.entries(odds.result)) close(p, `result:${code}`);
    for (const [code, p] of Object.entries(odds.defender.injury)) close(p, `injury:${code}`);
    close(odds.defender.gold!.limbInjury!, "limb");
    close(odds.defender.shock, "shock");
  });

  it("cli odds takes the Gold options as resolve does (parseResolveInput)", () => {
    const input = {
      ruleset: "hm3",
      attack: { type: "melee", eml: 70, aspect: "edge", aim: "low", impact: 7 },
      defence: { type: "ignore" },
      attacker: { endurance: 12, dex: 12, agl: 12 },
      defender: { endurance: 12, dex: 12, agl: 12 },
      options: { limbInjuries: true },
    };
    const { odds } = oddsInput(input);
    expect(odds.enumeration).toBeDefined();
    expect(odds.defender.gold?.limbInjury).toBeGreaterThan(0);
    // A sub-rule without its rule is the resolve parser's error, naming the field.
    const sub = GOLD_OPTIONS.find((o) => o.parent !== null)!;
    expect(() => oddsInput({ ...input, options: { [sub.id]: true } })).toThrow(/^options/);
    expect(() => oddsInput({ ...input, options: { noSuchRule: true } })).toThrow(/^options/);
  });
});
