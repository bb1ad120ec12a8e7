/**
 * The fast HM3 duel (src/sim/hm3-fast-duel.ts; docs/performance.md "HM3 duels derived once")
 * against the duel through the flow (src/sim/duel.ts `createDuel`, an injury item and a
 * re-derivation per injury, the flow's declaration and choice every exchange): for every
 * ordered pair of the sample fighters, many seeds, the same winner, rounds, end and injuries;
 * `runDuels` counts the same as the flow's duels counted by hand. Leaving out the fast duel's
 * weapon damage or its drop of a disarmed fighter's item makes the first test fail (tried when
 * it was written); a fighter that does not fit is refused (`injuryMovesOnlyPenalties`) and
 * played through the flow (hm3-fast-duel-fallback.test.ts). The golden oracle
 * (duel-golden.test.ts) holds `runDuel` without cards and `runDuels`, which now take the fast
 * path, to the hashes recorded before it existed.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SeededDice, type Dice } from "../../src/core/dice";
import type { FighterSnapshot } from "../../src/core/combat";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import type { Hm3Derived } from "../../src/rules/hm3";
import {
  createDuel,
  runDuels,
  type ActorSource,
  type DuelResult,
  type DuelSide,
  type DuelStats,
} from "../../src/sim/duel";
import {
  fitsFastDuel,
  injuryMovesOnlyPenalties,
  prepareFastDuels,
  runFastDuel,
} from "../../src/sim/hm3-fast-duel";
import { worldDefaults } from "../../src/sim/policy";

const DIR = "packs/_source/hm3-sample-fighters";
const FIGHTERS: ActorSource[] = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), "utf8")) as ActorSource);
const byName = (name: string) => FIGHTERS.find((f) => f.name.startsWith(name))!;

/** A duel through the flow (cards dropped), as `runDuels` played it before the fast path. */
function flowDuel(a: DuelSide, b: DuelSide, dice: Dice): DuelResult {
  const duel = createDuel(a, b, { keepCards: false });
  while (!duel.done) duel.next(dice);
  return duel.result();
}

const outcome = (r: DuelResult) => ({
  winner: r.winner,
  rounds: r.rounds,
  end: r.end,
  injuries: r.injuries,
});

/** `runDuels`' counts, made by hand from the flow's duels on one dice stream. */
function flowStats(a: DuelSide, b: DuelSide, n: number, seed: number): DuelStats {
  const dice = new SeededDice(seed);
  const stats: DuelStats = {
    n,
    wins: { a: 0, b: 0, none: 0 },
    rounds: { mean: 0, histogram: {} },
    injuries: { a: {}, b: {} },
  };
  let total = 0;
  for (let i = 0; i < n; i++) {
    const r = flowDuel(a, b, dice);
    stats.wins[r.winner ?? "none"]++;
    total += r.rounds;
    stats.rounds.histogram[r.rounds] = (stats.rounds.histogram[r.rounds] ?? 0) + 1;
    for (const inj of r.injuries) {
      const loc = (stats.injuries[inj.side][inj.location] ??= {});
      loc[inj.severity] = (loc[inj.severity] ?? 0) + 1;
    }
  }
  stats.rounds.mean = n ? total / n : 0;
  return stats;
}

describe("HM3 fast duels: the same duels as through the flow", () => {
  it("gives every ordered pair of sample fighters the same results, seed by seed", () => {
    expect(FIGHTERS).toHaveLength(6);
    const ends = new Set<string>();
    let injuries = 0;
    for (const x of FIGHTERS)
      for (const y of FIGHTERS) {
        const a = { actor: x };
        const b = { actor: y };
        const fast = prepareFastDuels(a, b, worldDefaults());
        expect(fitsFastDuel(fast), `${x.name} vs ${y.name}`).toBe(true);
        for (let seed = 1; seed <= 25; seed++) {
          const want = flowDuel(a, b, new SeededDice(seed));
          const got = runFastDuel(fast, new SeededDice(seed));
          expect(got.exchanges).toEqual([]);
          expect(outcome(got), `${x.name} vs ${y.name}, seed ${seed}`).toEqual(outcome(want));
          ends.add(got.end);
          injuries += got.injuries.length;
        }
      }
    // Deaths, incapacitations and (a dog against a dog, a long duel) both kinds show up.
    expect(ends).toContain("dead");
    expect(ends).toContain("incapacitated");
    expect(injuries).toBeGreaterThan(1000);
  });

  it("gives policies, starting conditions and short duels the same results", () => {
    const knight = byName("Sir Aldric");
    const brigand = byName("Brigand");
    const bowman = byName("Longbowman");
    const cases: [DuelSide, DuelSide, number][] = [
      [
        { actor: knight, policy: { defence: "block", aim: "low" } },
        { actor: brigand, policy: { defence: "counterstrike", aim: "high" } },
        100,
      ],
      [
        { actor: brigand, policy: { defence: "dodge" } },
        { actor: bowman, conditions: ["prone"] },
        100,
      ],
      [{ actor: bowman, conditions: ["disarmed", "prone"] }, { actor: knight }, 100],
      [{ actor: knight }, { actor: brigand, conditions: ["shock"] }, 100],
      [{ actor: knight }, { actor: brigand }, 1],
    ];
    for (const [a, b, maxRounds] of cases) {
      const fast = prepareFastDuels(a, b, worldDefaults());
      for (let seed = 1; seed <= 30; seed++) {
        const dice = new SeededDice(seed);
        const duel = createDuel(a, b, { keepCards: false, maxRounds });
        while (!duel.done) duel.next(dice);
        const got = runFastDuel(fast, new SeededDice(seed), maxRounds);
        expect(outcome(got), `seed ${seed}`).toEqual(outcome(duel.result()));
      }
    }
  });

  it("counts runDuels as the flow's duels on one dice stream", () => {
    const knight = { actor: byName("Sir Aldric") };
    const brigand = { actor: byName("Brigand") };
    const dog = { actor: byName("War dog") };
    const spearman = { actor: byName("Militia") };
    for (const [a, b, n, seed] of [
      [knight, brigand, 400, 11],
      [dog, spearman, 200, 12],
      [brigand, dog, 200, 13],
    ] as const) {
      expect(runDuels(a, b, n, seed)).toEqual(flowStats(a, b, n, seed));
    }
  });
});

describe("HM3 fast duels: which fighters fit", () => {
  const knight = byName("Sir Aldric");
  const base = fighterFromSource(knight);
  /** The knight derived with one more injury item of `level` (as the duel's planner makes it). */
  const injured = (level: number): FighterSnapshot =>
    fighterFromSource({
      ...knight,
      items: [
        ...knight.items,
        {
          _id: "probe",
          type: "injury",
          name: "S1 thorax",
          system: {
            description: "",
            hm3: {
              location: "thorax",
              aspect: "edge",
              severity: "S",
              level,
              healingRate: 0,
              bleeding: false,
            },
          },
        },
      ],
    });

  it("accepts a fighter whose injury moves only UP and PP by its level", () => {
    expect(injuryMovesOnlyPenalties(base, injured(2), 2)).toBe(true);
    expect(injuryMovesOnlyPenalties(base, injured(2), 1)).toBe(false);
  });

  it("refuses one where an injury would change anything else the combat rules read", () => {
    const snap = injured(1);
    const d = snap.derived as Hm3Derived;
    const weapon = Object.keys(d.weapons)[0]!;
    const changedWeapon: FighterSnapshot = {
      ...snap,
      derived: { ...d, weapons: { ...d.weapons, [weapon]: { ...d.weapons[weapon]!, aml: 1 } } },
    };
    expect(injuryMovesOnlyPenalties(base, changedWeapon, 1)).toBe(false);
    const changedArmour: FighterSnapshot = { ...snap, derived: { ...d, armour: {} } };
    expect(injuryMovesOnlyPenalties(base, changedArmour, 1)).toBe(false);
    const changedDodge: FighterSnapshot = {
      ...snap,
      derived: { ...d, dodge: { ...d.dodge, ml: d.dodge.ml - 5 } },
    };
    expect(injuryMovesOnlyPenalties(base, changedDodge, 1)).toBe(false);
  });
});
