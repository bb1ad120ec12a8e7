/**
 * Exact m2m odds (issue 17): `exchangeOdds` sums to 1, matches hand-computed 3d6 and 2d6
 * figures (seed 004 lines, `../shared/rules/m2m-spec.md` §1.1, §5, §6, §8, §9), and agrees with
 * a Monte Carlo of the engine's own `resolve` with seeded dice.
 */
import { describe, expect, it } from "vitest";
import type { M2mResult } from "../../src/rules/m2m/exchange";
import { exchangeOdds, oddsInput, type M2mOdds } from "../../src/rules/m2m/odds";
import { parseDeclaration, parseDefence } from "../../src/rules/m2m/parse";
import { oddsInput as anyOddsInput } from "../../src/rules/odds";
import { resolveInput } from "../../src/rules/resolve";

type Input = Record<string, unknown>;

const odds = (input: Input): M2mOdds =>
  exchangeOdds(parseDeclaration(input), parseDefence(input.defence));

const total = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

/** Ways 3d6 make `total` or less. */
const atMost = (t: number) => {
  let n = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) if (a + b + c <= t) n++;
  return n;
};

/** A rich exchange: random melee location, a parry with its weapon, both fighters' figures. */
const RICH: Input = {
  attack: { skill: 13, damage: "2+1", type: "cut", target: "random" },
  defence: { type: "parry", score: 7, pd: 2, weapon: { damage: "1+3", type: "cut" } },
  defender: { ht: 11, hp: 9, dr: { torso: 2, head: 2 } },
  attacker: { ht: 10 },
};

/** Basic rules (no locations, no critical tables): the figures a hand can check. */
const BASIC = (over: Input = {}): Input => ({
  attack: { skill: 10, damage: "1+6", type: "cr", target: "torso" },
  defence: { type: "none", pd: 0 },
  defender: { ht: 12, hp: 12 },
  options: { hitLocation: false },
  ...over,
});

describe("m2m odds sum to 1", () => {
  it.each([
    ["rich", RICH],
    ["basic", BASIC()],
    [
      "ranged impaling at the vitals, dodge, shield",
      {
        attack: { skill: 14, damage: "1+2", type: "imp", target: "vitals", ranged: true },
        defence: { type: "dodge", score: 6, pd: 1 },
        defender: { ht: 10, shield: true, dr: { torso: 1 } },
      },
    ],
  ])("%s: every distribution is whole", (_name, input) => {
    const o = odds(input);
    for (const dist of [
      o.attack,
      o.defence,
      o.location,
      o.injury,
      o.attacker.injury,
      o.criticalHit.table,
      o.criticalHit.roll,
    ])
      expect(total(dist)).toBeCloseTo(1, 12);
    expect(o.hit).toBeCloseTo(1 - o.location.none, 12);
    expect(o.injury).toBe(o.defender.injury);
  });
});

describe("hand-computed odds (3d6 and 2d6 counted by hand)", () => {
  it("skill 10 hits half the time: 108 of 216 totals are 10 or less (L422, L1710)", () => {
    const o = odds(BASIC());
    expect(o.hit).toBeCloseTo(108 / 216, 14);
    // 3-4 always a critical hit, 17-18 always a critical miss (spec §1.1 table, L1710, L2586).
    expect(o.attack["critical-hit"]).toBeCloseTo(4 / 216, 14);
    expect(o.attack["critical-miss"]).toBeCloseTo(4 / 216, 14);
    expect(o.attack.miss).toBeCloseTo(104 / 216, 14);
  });

  it("skill 1: only 3-4 hit (L1710); 11 or more is a critical miss (roll ≥ skill + 10, L2586)", () => {
    const o = odds(BASIC({ attack: { skill: 1, damage: "1", type: "cr", target: "torso" } }));
    expect(o.attack["critical-hit"]).toBeCloseTo(4 / 216, 14);
    expect(o.attack.hit).toBe(0);
    expect(o.attack["critical-miss"]).toBeCloseTo(108 / 216, 14);
  });

  it("skill 16: 3-6 are critical hits (L1740-1744); no defence roll after one (L1788)", () => {
    const o = odds(
      BASIC({
        attack: { skill: 16, damage: "1", type: "cr", target: "torso" },
        defence: { type: "dodge", score: 5, pd: 0 },
      }),
    );
    expect(o.attack["critical-hit"]).toBeCloseTo(20 / 216, 14);
    // Only a plain hit (7-16) is defended against: 3-4 of the dodge always succeed (L1786).
    const plain = (atMost(16) - 20) / 216;
    expect(o.attack.hit).toBeCloseTo(plain, 14);
    expect(o.defence["critical-success"]).toBeCloseTo(plain * (4 / 216), 14);
    expect(o.defence.success).toBeCloseTo(plain * ((atMost(5) - 4) / 216), 14);
    expect(o.defence["critical-failure"]).toBeCloseTo(plain * (4 / 216), 14);
    expect(o.defence.noRoll).toBeCloseTo(1 - plain, 14);
  });

  it("knockdown: every 1+6 crushing blow on HT 12 is a major wound (over 6, L1772); the HT roll fails on 13-18 (L1868)", () => {
    const o = odds(BASIC());
    expect(o.defender.majorWound).toBeCloseTo(0.5, 14);
    expect(o.stunned).toBeCloseTo(0.5, 14); // a major wound stuns (L2578)
    expect(o.knockdown).toBeCloseTo(0.5 * ((216 - atMost(12)) / 216), 14);
    // A natural 3 does maximum damage in the Basic system (L1740): 12 for sure, 1 in 6 otherwise.
    expect(o.injury["12"]).toBeCloseTo(1 / 216 + (107 / 216) * (1 / 6), 14);
    expect(o.injury["7"]).toBeCloseTo((107 / 216) * (1 / 6), 14);
    expect(o.injury["0"]).toBeCloseTo(0.5, 14);
  });

  it("death: from 0 HP a 12 crosses −HT (−12) and calls one HT roll, failed on 13-18 (L3641)", () => {
    const o = odds(BASIC({ defender: { ht: 12, hp: 0 } }));
    const twelve = 1 / 216 + (107 / 216) * (1 / 6);
    expect(o.dead).toBeCloseTo(twelve * ((216 - atMost(12)) / 216), 14);
    expect(o.unconscious).toBeCloseTo(0.5, 14); // below 0 HP (L1876)
  });

  it("aimed at the head at skill 7: 3-7 strike the head (35 of 216), a miss by one (8: 21 of 216) the body (L2442)", () => {
    const o = odds({
      attack: { skill: 7, damage: "1", type: "cr", target: "head" },
      defence: { type: "none", pd: 0 },
      defender: { ht: 10 },
    });
    expect(o.location.head).toBeCloseTo(35 / 216, 14);
    expect(o.location.torso).toBeCloseTo(21 / 216, 14);
    expect(o.attack.hit).toBeCloseTo((31 + 21) / 216, 14);
  });

  it("random location: 2d6 torso 6-8 (16 of 36), right leg 9 (4 of 36), hands 4 split by 1d6 (ruling M1; L2432)", () => {
    const o = odds({
      attack: { skill: 30, damage: "1", type: "cr", target: "random", ranged: true },
      defence: { type: "none", pd: 0 },
      defender: { ht: 10 },
    });
    // Skill 30, ranged: every roll but 17-18 hits (crit on 3-6); the location follows the hit.
    const hit = 212 / 216;
    expect(o.hit).toBeCloseTo(hit, 14);
    expect(o.location.torso).toBeCloseTo(hit * (16 / 36), 14);
    expect(o.location["right-leg"]).toBeCloseTo(hit * (4 / 36), 14);
    expect(o.location["left-hand"]).toBeCloseTo(hit * (3 / 36) * 0.5, 14);
    expect(o.location.head).toBeCloseTo(hit * (1 / 36), 14);
  });
});

/** A ranged impaling attack: the location after the hit, a shield, hit-self "roll again" (L2604). */
const RANGED: Input = {
  attack: { skill: 9, damage: "1+2", type: "imp", target: "random", ranged: true },
  defence: { type: "dodge", score: 5, pd: 2 },
  defender: { ht: 9, hp: 7, dr: { torso: 1 }, shield: true },
  attacker: { ht: 9, hp: 3 },
};

describe("m2m odds against a Monte Carlo of resolve", () => {
  it.each([
    ["the rich exchange", RICH],
    ["a ranged impaling attack on a dodging shield-bearer", RANGED],
  ])(
    "%s: 20,000 seeded resolves agree within 4.5 standard errors",
    (_name, input) => {
      const o = odds(input);
      const n = 20_000;
      const tally = {
        hit: 0,
        torso: 0,
        defenceFail: 0,
        attackerMiss: 0,
        defenderMiss: 0,
        knockdown: 0,
        stunned: 0,
        unconscious: 0,
        crippled: 0,
        injury0: 0,
        attackerStruck: 0,
      };
      let injury = 0;
      for (let seed = 1; seed <= n; seed++) {
        const r = resolveInput({ ruleset: "m2m", ...input, seed }).result as unknown as M2mResult;
        const wounds = [r.hit ? r.defender : null];
        if (r.criticalMiss?.side === "defender" && r.criticalMiss.selfHit?.wound)
          wounds.push(r.criticalMiss.selfHit.wound);
        const w = wounds.filter((x) => x !== null);
        const inj = w.reduce((a, x) => a + x.injury, 0);
        injury += inj;
        if (r.hit) tally.hit++;
        if (r.location === "torso") tally.torso++;
        if (r.defence?.outcome === "failure") tally.defenceFail++;
        if (r.criticalMiss?.side === "attacker") tally.attackerMiss++;
        if (r.criticalMiss?.side === "defender") tally.defenderMiss++;
        if (w.some((x) => x.knockdown?.fell)) tally.knockdown++;
        if (w.some((x) => x.stunned)) tally.stunned++;
        if (w.some((x) => x.unconscious || x.knockedOut)) tally.unconscious++;
        if (w.some((x) => x.crippled)) tally.crippled++;
        if (inj === 0) tally.injury0++;
        const self = r.criticalMiss?.side === "attacker" ? r.criticalMiss.selfHit : null;
        if ((self?.wound?.injury ?? self?.damage?.injury ?? 0) > 0) tally.attackerStruck++;
      }
      const exact = {
        hit: o.hit,
        torso: o.location.torso,
        defenceFail: o.defence.failure,
        attackerMiss: o.criticalMiss.attacker,
        defenderMiss: o.criticalMiss.defender,
        knockdown: o.knockdown,
        stunned: o.stunned,
        unconscious: o.unconscious,
        crippled: o.defender.crippled,
        injury0: o.injury["0"]!,
        attackerStruck: o.attacker.struck,
      };
      for (const [k, p] of Object.entries(exact)) {
        const sd = Math.sqrt((p * (1 - p)) / n);
        expect(Math.abs(tally[k as keyof typeof tally] / n - p), k).toBeLessThan(4.5 * sd + 1e-9);
        if (input === RICH) expect(p, k).toBeGreaterThan(0);
      }
      // The mean injury: within 4.5 standard errors of the sample.
      expect(Math.abs(injury / n - o.expectedInjury)).toBeLessThan(0.1);
    },
    60_000,
  );
});

describe("a parry's 17-18 that strikes the parrier (the fixed engine)", () => {
  it("12 HP left at exactly 0 by a self-hit of 6 then a blow of 6 adds (156/216)(4/216)(6/216)(1/36) (L2594, L2603, L1874)", () => {
    // Skill 12: a plain hit on 5-12 (156 of 216). Parry 0: 17-18 fail critically (4 of 216,
    // L2594). Critical Miss 5 (6 of 216): hit yourself, full damage (L2603): a crushing 1d to an
    // unarmoured arm or leg, 6 on 1 in 6; then the blow, 1d to the torso, 6 on 1 in 6. Neither
    // alone leaves 0 HP (the engine that counted both wounds from 12 HP left 6); a 6 (half
    // damage) never does. The same parry with a weapon of unknown damage hurts nobody: the
    // difference is that one branch alone.
    const input = (weapon: Input) => ({
      attack: { skill: 12, damage: "1", type: "cr", target: "torso" },
      defence: { type: "parry", score: 0, pd: 0, weapon },
      defender: { ht: 12, hp: 12 },
    });
    const armed = odds(input({ damage: "1", type: "cr" }));
    const harmless = odds(input({}));
    const branch = (156 / 216) * (4 / 216) * (6 / 216) * (1 / 36);
    expect(armed.defender.consciousnessRolls - harmless.defender.consciousnessRolls).toBeCloseTo(
      branch,
      15,
    );
    expect((armed.injury["12"] ?? 0) - (harmless.injury["12"] ?? 0)).toBeCloseTo(branch, 15);
    expect(armed.criticalMiss.defender).toBeCloseTo((156 / 216) * (4 / 216), 15);
    expect(armed.criticalMiss.effects["defender:hit-self"]).toBeCloseTo(
      (156 / 216) * (4 / 216) * (16 / 216), // 5 and 6: 6 + 10 of 216 (L2603-2604)
      15,
    );
  });
});

describe("oddsInput (the CLI's `odds`)", () => {
  it("takes resolve's input: rolls and seed are listed as ignored; the defence is required", () => {
    const input = {
      ruleset: "m2m",
      ...BASIC(),
      rolls: { attack: 3 },
      seed: 4,
    };
    const { odds: o, ignored } = oddsInput(input);
    expect(ignored).toEqual(["rolls", "seed"]);
    expect(o.hit).toBeCloseTo(0.5, 14);
    expect(() => oddsInput({ ...input, defence: undefined })).toThrow(/^defence:/);
    expect(() => oddsInput({ ...input, attack: { ...BASIC().attack!, skill: "x" } })).toThrow(
      /^attack\.skill:/,
    );
  });

  it("the ruleset field chooses the odds; an unknown one is refused by name", () => {
    expect(anyOddsInput({ ruleset: "m2m", ...BASIC() }).odds.ruleset).toBe("m2m");
    expect(() => anyOddsInput({ ruleset: "rq3" })).toThrow(/^ruleset: .*hm3, m2m and hmzd/);
  });
});

describe("limits", () => {
  it("more than 10 dice of damage are refused by field (attack and parrying weapon)", () => {
    expect(() =>
      odds(BASIC({ attack: { skill: 10, damage: "11+2", type: "cr", target: "torso" } })),
    ).toThrow(/^attack\.damage: .*at most 10 dice.*"11\+2"/);
    expect(() =>
      odds({
        ...BASIC(),
        defence: { type: "parry", score: 5, weapon: { damage: "40", type: "cr" } },
      }),
    ).toThrow(/^defence\.weapon\.damage: .*at most 10 dice/);
    expect(
      odds(BASIC({ attack: { skill: 10, damage: "10", type: "cr", target: "torso" } })).hit,
    ).toBeCloseTo(0.5, 14);
  });
});
