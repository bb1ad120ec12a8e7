/**
 * hmzd duels (src/sim/hmzd-duel.ts, docs/duel.md, ruling Z29) between the example knight and
 * brigand (examples/hmzd): a short scripted duel checked step by step through the engine (order
 * Z11, stars, TAs by the default Z6, Setup Z16, impairment Z8, STN and its recovery Z15, out by a
 * G injury), the stopping conditions, determinism per seed, and the counts of many duels.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SeededDice, type Dice } from "../../src/core/dice";
import type { HmzdResult } from "../../src/rules/hmzd/types";
import {
  createHmzdDuel,
  runHmzdDuel,
  runHmzdDuels,
  type HmzdDuelExchange,
  type HmzdDuelStep,
} from "../../src/sim/hmzd-duel";
import { deriveHmzdCharacter } from "../../src/rules/hmzd/character";
import { hmzdSample } from "../../src/rules/hmzd/samples";
import { hmzdDuelFighter, readHmzdDuelFile } from "../../src/sim/hmzd-duel-fighter";

const load = (name: string) =>
  readHmzdDuelFile(JSON.parse(readFileSync(`examples/hmzd/${name}.json`, "utf8")), name).fighter;
const knight = load("knight");
const brigand = load("brigand");
const dogSample = hmzdSample("war-dog")!;
const dog = hmzdDuelFighter(dogSample.name, deriveHmzdCharacter(dogSample.character));
/**
 * The knight acting first, as these scripts were written: with Z41's EMLs his Initiative is 39
 * (64 less PP 5 × 5) below the brigand's 47, so the scripts give him 60 to keep their order.
 */
const firstKnight = { ...knight, initiative: 60 };
/** The brigand without his shield: the handaxe is his only attack. */
const axeman = { ...brigand, weapons: brigand.weapons.filter((w) => !w.shield) };

/** Dice answering each named roll from its own queue, in order; any other roll fails the test. */
class QueueDice implements Dice {
  readonly rolled: string[] = [];
  constructor(private readonly queues: Record<string, number[]>) {}
  roll(name: string, count: number, sides: number): number[] {
    const q = this.queues[name];
    if (!q?.length) throw new Error(`unscripted roll ${name} (1d${sides})`);
    const v = q.shift()!;
    if (count !== 1 || v < 1 || v > sides)
      throw new Error(`${name}: ${v} does not fit ${count}d${sides}`);
    this.rolled.push(name);
    return [v];
  }
  left(): string[] {
    return Object.entries(this.queues)
      .filter(([, q]) => q.length)
      .map(([k]) => k);
  }
}

const resultOf = (s: HmzdDuelStep) => (s as HmzdDuelExchange).result as HmzdResult;

describe("a scripted hmzd duel, step by step", () => {
  it("plays the knight against the brigand without his shield to a G4 in his axe hand", () => {
    const dice = new QueueDice({
      attack: [10, 75, 5],
      defence: [81, 45, 99],
      zone: [1, 2],
      location: [6, 10],
      impact: [1, 10],
      shock: [43, 45],
      recovery: [71, 30],
    });
    expect([knight.initiative, axeman.initiative]).toEqual([39, 47]);
    // His handaxe counterstrikes at 60 (its attack 10) above its block at 55: he is told to block.
    const duel = createHmzdDuel(
      { fighter: firstKnight },
      { fighter: axeman, policy: { defence: "block" } },
    );
    const steps: HmzdDuelStep[] = [];
    /** Both fighters' states after each step. */
    const states: ReturnType<typeof duel.state>[][] = [];
    for (let s = duel.next(dice); s; s = duel.next(dice)) {
      steps.push(s);
      states.push([duel.state("a"), duel.state("b")]);
    }
    expect(dice.left()).toEqual([]);
    expect(steps.map((s) => [s.kind, s.round, s.kind === "pass" ? s.side : s.attacker])).toEqual([
      // Z11: the knight's Initiative EML 60 beats the brigand's 47.
      ["exchange", 1, "a"],
      ["pass", 1, "b"],
      ["exchange", 2, "a"],
      ["pass", 2, "b"],
      ["exchange", 3, "a"],
    ]);
    const [one, two, three, four, five] = steps as [
      HmzdDuelExchange,
      HmzdDuelStep,
      HmzdDuelExchange,
      HmzdDuelStep,
      HmzdDuelExchange,
    ];

    // 1. Broadsword swing 62 rolls 10 (CS) against the handaxe's block 55 rolling 81 (F): two
    // stars, one TA, on Impact (Z6). d4 1 → head, d10 6 → face; 1 + 3 + STR 15 (+2) + 5 = 11
    // edge, no armour → S3; the brigand's Shock 60 rolls 43 (S, 0) + 4 + 3 = 7 → STN.
    expect(one.attack).toEqual({
      weapon: "Broadsword",
      mode: "swing",
      eml: 62, // Z41: Sword 72 + the broadsword's attack 15 − PP 5 × 5
      placement: 1,
      setup: 0,
    });
    // Axe 55 + the handaxe's defence 5 − PP 1 × 5.
    expect(one.defence).toEqual({ type: "block", eml: 55, weapon: "Handaxe", setup: 0 });
    expect(resultOf(one)).toMatchObject({
      victor: "attacker",
      stars: 2,
      tacticalAdvantages: 1,
      spent: { impact: 1, setup: 0 },
    });
    expect(resultOf(one).strike).toMatchObject({
      location: "face",
      impact: 11,
      armour: 0,
      injury: "S3",
      shock: { roll: 43, level: "S", index: 7, state: "STN" },
    });
    expect(one.states).toEqual({ a: "none", b: "STN" });
    expect(states[0]![1]!.injuries).toEqual([
      { location: "face", zone: 1, injury: "S3", shockSucceeded: true },
    ]);

    // 2. Stunned, the brigand Passes (001:141); at its end the Shock test 71 fails (F): STN.
    expect(two).toEqual({
      kind: "pass",
      round: 1,
      side: "b",
      recovery: { side: "b", roll: 71, target: 60, level: "F", from: "STN", to: "STN" },
    });

    // 3. Swing rolls 75 (CF) against the block 55 − 10 (the face's S3, Z8) = 45 rolling 45
    // (CS, stunned −1 → S, Z2): the defender by two stars, its TA on Setup for round 3 (Z16).
    expect(three.defence).toMatchObject({ type: "block", eml: 45, setup: 0 });
    expect(resultOf(three)).toMatchObject({
      victor: "defender",
      stars: 2,
      spent: { setup: 1, impact: 0 },
      strike: null,
    });
    expect(resultOf(three).defence).toMatchObject({ rolledLevel: "CS", level: "S" });
    expect(states[2]![1]!.setup).toEqual({ count: 1, round: 3 });

    // 4. Still stunned at its turn, it Passes again; the Shock test 30 (CS) ends STN (Z15).
    expect(four).toMatchObject({
      kind: "pass",
      round: 2,
      recovery: { roll: 30, level: "CS", from: "STN", to: "none" },
    });

    // 5. Swing rolls 5 (CS) against the block 45 rolling 99 (F), raised by the Setup to S: one
    // star. d4 2 → right arm, d10 10 → hand; 10 + 3 + 2 = 15 edge → G4; Shock 45 (CS): none.
    expect(five.defence).toMatchObject({ eml: 45, setup: 1 });
    expect(resultOf(five).defence).toMatchObject({ rolledLevel: "F", level: "S" });
    expect(resultOf(five)).toMatchObject({ victor: "attacker", stars: 1 });
    expect(resultOf(five).strike).toMatchObject({ location: "right-hand", injury: "G4" });
    expect(states[4]![1]!.setup).toBeNull();

    // A G4 in the right arm prohibits the handaxe, his only attack (Z8): the brigand is out.
    expect(duel.done).toBe(true);
    expect(duel.next(dice)).toBeNull();
    const result = duel.result();
    expect(result).toMatchObject({ winner: "a", end: "out", rounds: 3 });
    expect(result.injuries).toEqual([
      { side: "b", location: "face", severity: "S3", level: 3 },
      { side: "b", location: "right-hand", severity: "G4", level: 4 },
    ]);
    expect(result.steps).toEqual(steps);
  });
});

describe("a counterstrike in an hmzd duel", () => {
  it("strikes the attacker with the defender's weapon; an M whose shock test failed impairs 5 (Z8)", () => {
    const dice = new QueueDice({
      attack: [99, 34, 99, 97],
      defence: [98, 10, 98, 96],
      "counter.zone": [4],
      "counter.location": [3],
      "counter.impact": [1],
      "counter.shock": [62],
    });
    const duel = createHmzdDuel(
      { fighter: firstKnight, policy: { defence: "counterstrike" } },
      { fighter: brigand },
      { maxRounds: 2 },
    );
    // 1. Both fail: no victor.
    expect(resultOf(duel.next(dice)!)).toMatchObject({ victor: null, stars: 0, strike: null });
    // 2. The brigand's swing 60 rolls 34 (S); the knight counterstrikes at 62 and rolls 10 (CS):
    // the defender by one star, his own strike (§1) with the broadsword's swing.
    const two = duel.next(dice) as HmzdDuelExchange;
    expect(two.attack).toMatchObject({ weapon: "Handaxe", eml: 60 });
    expect(two.defence).toEqual({ type: "counterstrike", eml: 62, weapon: "Broadsword", setup: 0 });
    expect(resultOf(two)).toMatchObject({
      victor: "defender",
      stars: 1,
      defenceType: "counterstrike",
    });
    // d4 4 → torso, d10 3 → thorax; 1 + 3 + STR 15 (+2) = 6 edge − AV 4 = 2 → M1; the brigand's
    // Shock 60 rolls 62 (F, +1) + 4 + 1 = 6: no state, but the failed test leaves the M1 at 5.
    expect(resultOf(two).strike).toMatchObject({
      by: "defender",
      location: "thorax",
      impact: 6,
      injury: "M1",
      shock: { level: "F", index: 6, state: "none" },
    });
    expect(duel.state("b").injuries).toEqual([
      { location: "thorax", zone: 4, injury: "M1", shockSucceeded: false },
    ]);
    // 3. A torso injury impairs every action: the brigand's round shield blocks at 65 − 5.
    const three = duel.next(dice) as HmzdDuelExchange;
    expect(three.defence).toMatchObject({ type: "block", eml: 60, weapon: "Round Shield" });
    expect(resultOf(three).defence!.eml.modifiers).toEqual([
      { key: "BLOWBYBLOW.HMZD.Duel.impairment", value: -5, source: "Z8" },
    ]);
    // 4. And his attack 60 − 5.
    const four = duel.next(dice) as HmzdDuelExchange;
    expect(four.attack.eml).toBe(55);
    expect(duel.next(dice)).toBeNull();
    expect(dice.left()).toEqual([]);
    expect(duel.result()).toMatchObject({
      winner: null,
      end: "maxRounds",
      rounds: 2,
      injuries: [{ side: "b", location: "thorax", severity: "M1", level: 1 }],
    });
  });
});

describe("the end of an hmzd duel", () => {
  const dice = () => new SeededDice(3);
  it("a fighter INC or UNC is out (incapacitated), KIA is dead, both at once: no winner", () => {
    const k = { fighter: knight };
    const b = { fighter: brigand };
    const cases: [object, object, object][] = [
      [{ ...k, state: "INC" }, b, { winner: "b", end: "incapacitated" }],
      [k, { ...b, state: "UNC" }, { winner: "a", end: "incapacitated" }],
      [k, { ...b, state: "KIA" }, { winner: "a", end: "dead" }],
      [
        { ...k, state: "INC" },
        { ...b, state: "KIA" },
        { winner: null, end: "both" },
      ],
    ];
    for (const [a, bb, want] of cases) {
      const r = runHmzdDuel(a as never, bb as never, dice());
      expect(r).toMatchObject(want);
      expect(r.steps).toEqual([]);
    }
  });

  it("after maxRounds without a decision it is undecided", () => {
    // Both fighters fail every test: no victor, nothing happens.
    const misses = new QueueDice({ attack: [99, 98], defence: [97, 96] });
    const r = runHmzdDuel({ fighter: knight }, { fighter: brigand }, misses, { maxRounds: 1 });
    expect(r).toMatchObject({ winner: null, end: "maxRounds", rounds: 1, injuries: [] });
    expect(r.steps.map((s) => resultOf(s).victor)).toEqual([null, null]);
    expect(() =>
      createHmzdDuel({ fighter: knight }, { fighter: brigand }, { maxRounds: 0 }),
    ).toThrow("maxRounds: expected a whole number ≥ 1, got 0");
  });

  it("Z33: the militia spearman's d8 spear fights the 6-zone war dog with a d6 from zone 1", () => {
    const s = hmzdSample("militia-spearman")!;
    const spearman = hmzdDuelFighter(s.name, deriveHmzdCharacter(s.character));
    expect(spearman.weapons.some((w) => !w.missile && w.zoneDie > 6)).toBe(true);
    let struck = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const r = runHmzdDuel({ fighter: spearman }, { fighter: dog }, new SeededDice(seed), {
        maxRounds: 5,
      });
      for (const step of r.steps) {
        if (!("result" in step)) continue;
        const strike = resultOf(step).strike;
        // A strike on the dog lands in one of its zones (the human plan has no forelegs, body or
        // hindlegs): a d6 at most, inside its six zones.
        if (!strike || !["forelegs", "body", "hindlegs"].includes(strike.zone)) continue;
        expect(strike.zoneDie).toBeLessThanOrEqual(6);
        expect(strike.zoneValue).toBeLessThanOrEqual(6);
        if (strike.zoneDie === 6 && strike.placement === 1) struck++;
      }
    }
    expect(struck).toBeGreaterThan(0);
  });

  it("refuses a bad policy or starting state, naming the side", () => {
    expect(() =>
      createHmzdDuel({ fighter: knight, policy: { defence: "parry" } }, { fighter: brigand }),
    ).toThrow("a.policy.defence");
    expect(() =>
      createHmzdDuel({ fighter: knight }, { fighter: brigand, state: "dazed" as never }),
    ).toThrow('b.state: expected one of none, STN, INC, UNC, KIA, got "dazed"');
  });
});

describe("many hmzd duels", () => {
  it("against a creature strike its own plan's locations; its bite strikes the knight's", () => {
    const stats = runHmzdDuels({ fighter: knight }, { fighter: dog }, 100, 5);
    const dogPlaces = new Set(
      dog.combatant.plan.zones.flatMap((z) =>
        z.locations.flatMap((l) => (l.paired ? [`left-${l.id}`, `right-${l.id}`] : [l.id])),
      ),
    );
    expect(Object.keys(stats.injuries.b).length).toBeGreaterThan(0);
    for (const loc of Object.keys(stats.injuries.b)) expect(dogPlaces).toContain(loc);
    expect(stats.wins.a + stats.wins.b + stats.wins.none).toBe(100);
  });

  it("are the same for a seed (result and steps), another seed gives other duels", () => {
    const seen = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const one = runHmzdDuel({ fighter: knight }, { fighter: brigand }, new SeededDice(seed));
      const two = runHmzdDuel({ fighter: knight }, { fighter: brigand }, new SeededDice(seed));
      expect(two).toEqual(one);
      expect(one.end).not.toBe("maxRounds");
      seen.add(JSON.stringify(one.injuries));
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it("count wins, rounds and injuries that add up, the same for a seed", () => {
    const stats = runHmzdDuels({ fighter: knight }, { fighter: brigand }, 200, 7);
    expect(stats).toEqual(runHmzdDuels({ fighter: knight }, { fighter: brigand }, 200, 7));
    expect(stats.wins.a + stats.wins.b + stats.wins.none).toBe(200);
    expect(stats.wins.a).toBeGreaterThan(0);
    expect(stats.wins.b).toBeGreaterThan(0);
    const histogram = Object.entries(stats.rounds.histogram);
    expect(histogram.reduce((t, [, c]) => t + c, 0)).toBe(200);
    expect(stats.rounds.mean).toBeCloseTo(
      histogram.reduce((t, [r, c]) => t + Number(r) * c, 0) / 200,
      10,
    );
    const bands = new Set(
      Object.values({ ...stats.injuries.a, ...stats.injuries.b }).flatMap((c) => Object.keys(c)),
    );
    for (const band of bands) expect(["M1", "S2", "S3", "G4", "G5"]).toContain(band);
    expect(Object.keys(stats.injuries.b).length).toBeGreaterThan(3);
    // The first duel is the one `runHmzdDuel` plays from the same stream.
    const first = runHmzdDuel({ fighter: knight }, { fighter: brigand }, new SeededDice(7), {
      keepSteps: false,
    });
    expect(first.steps).toEqual([]);
    const one = runHmzdDuels({ fighter: knight }, { fighter: brigand }, 1, 7);
    expect(one.wins[first.winner ?? "none"]).toBe(1);
    expect(one.rounds.mean).toBe(first.rounds);
  });
});
