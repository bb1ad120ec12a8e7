/**
 * HM3 duels with optional rules (issue 19, src/sim/duel-options.ts, src/sim/duel.ts): the
 * options checked (field named), a HârnMaster Gold option the fast duel does not model sends
 * the duels through the flow, and the Gold initiative (seed 000 lines 149-154, G60-G62) rolls
 * each round's order.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ScriptedDice, SeededDice } from "../../src/core/dice";
import * as fast from "../../src/sim/hm3-fast-duel";
import { createDuel, runDuel, runDuels, type ActorSource } from "../../src/sim/duel";
import { FAST_DUEL_GOLD, fastDuelRules, readHm3Rules } from "../../src/sim/duel-options";
import { GOLD_OPTIONS } from "../../src/rules/hm3/gold/options";
import { worldDefaults } from "../../src/sim/policy";

vi.mock("../../src/sim/hm3-fast-duel", async (original) => {
  const real = await original<typeof import("../../src/sim/hm3-fast-duel")>();
  return { ...real, runFastDuel: vi.fn(real.runFastDuel) };
});
const runs = vi.mocked(fast.runFastDuel);

const DIR = "packs/_source/hm3-sample-fighters";
const load = (f: string): ActorSource =>
  JSON.parse(readFileSync(join(DIR, `${f}.json`), "utf8")) as ActorSource;

describe("readHm3Rules", () => {
  it("takes an object or a list of ids over the defaults", () => {
    expect(readHm3Rules(undefined)).toEqual(worldDefaults());
    expect(readHm3Rules({ initiative: true, bleeding: false })).toEqual({
      ...worldDefaults(),
      initiative: true,
      bleeding: false,
    });
    expect(readHm3Rules(["initiative", "initiativeQuick"])).toMatchObject({
      initiative: true,
      initiativeQuick: true,
    });
  });
  it("refuses an unknown id, a value not true/false, a sub-rule without its rule", () => {
    expect(() => readHm3Rules({ initiativ: true }, "--options")).toThrow(
      /--options\.initiativ.*unknown optional rule/,
    );
    expect(() => readHm3Rules({ initiative: "yes" })).toThrow(/options\.initiative.*true or false/);
    expect(() => readHm3Rules([3])).toThrow(/options\[0\]/);
    expect(() => readHm3Rules("initiative")).toThrow(/options.*expected an object/);
    expect(() => readHm3Rules({ initiativeQuick: true })).toThrow(
      /options\.initiativeQuick.*switch initiative on too/,
    );
    expect(() =>
      createDuel(
        { actor: load("brigand") },
        { actor: load("brigand") },
        { options: { nope: true } },
      ),
    ).toThrow(/options\.nope/);
  });
  it("the fast duel takes no Gold option it does not model", () => {
    expect(fastDuelRules(worldDefaults())).toBe(true);
    expect(fastDuelRules({ ...worldDefaults(), killRoll: true, bleeding: true })).toBe(true);
    for (const o of GOLD_OPTIONS)
      expect(fastDuelRules({ ...worldDefaults(), [o.id]: true })).toBe(FAST_DUEL_GOLD.has(o.id));
  });
});

describe("duels with options", () => {
  beforeEach(() => {
    runs.mockClear();
  });

  it("a Gold option on: runDuels plays through the flow, as runDuel with cards does", () => {
    const a = { actor: load("sir-aldric-knight") };
    const b = { actor: load("brigand") };
    const options = { initiative: true };
    const stats = runDuels(a, b, 12, 9, undefined, options);
    expect(runs).not.toHaveBeenCalled();
    expect(stats.n).toBe(12);
    // The same duels one by one with their cards, from the same dice stream.
    const dice = new SeededDice(9);
    const wins = { a: 0, b: 0, none: 0 };
    for (let i = 0; i < 12; i++) {
      const r = runDuel(a, b, dice, { options });
      wins[r.winner ?? "none"]++;
    }
    expect(stats.wins).toEqual(wins);
    // Without the option, the fast duel.
    runDuels(a, b, 3, 9);
    expect(runs).toHaveBeenCalledTimes(3);
  });

  it("runDuel without cards falls back too, with the same result as with cards", () => {
    const a = { actor: load("sir-aldric-knight") };
    const b = { actor: load("brigand") };
    const options = { initiative: true, initiativeWeaponFactor: true };
    const slow = runDuel(a, b, new SeededDice(5), { options });
    const quick = runDuel(a, b, new SeededDice(5), { options, keepExchanges: false });
    expect(runs).not.toHaveBeenCalled();
    expect(quick).toEqual({ ...slow, exchanges: [] });
  });

  it("Gold initiative: each round's order rolled at its start, highest total first (000:151)", () => {
    const a = { actor: load("sir-aldric-knight") }; // Initiative EML 39
    const b = { actor: load("brigand") }; // Initiative EML 47
    // Without the option the brigand (47) always goes first.
    const plain = createDuel(a, b);
    const first = plain.next(new SeededDice(1));
    expect(first && first.kind === "exchange" && first.attacker).toBe("b");
    expect(plain.result().initiative).toBeUndefined();
    // Round 1: Aldric 39 + 90 = 129 against 47 + 10 = 57: Aldric first.
    const dice = new ScriptedDice({ "initiative.a": 90, "initiative.b": 10 }, new SeededDice(3));
    const duel = createDuel(a, b, { options: { initiative: true } });
    const t1 = duel.next(dice)!;
    expect(t1.kind === "exchange" && t1.attacker).toBe("a");
    expect(dice.unused()).toEqual([]);
    expect(duel.result().initiative![0]).toEqual({
      round: 1,
      a: { total: 129, die: 90 },
      b: { total: 57, die: 10 },
      first: "a",
    });
    // Play on: one roll per side per round, and each round's first attacker is its winner.
    while (!duel.done) duel.next(dice);
    const r = duel.result();
    const rounds = new Set(r.exchanges.map((e) => e.round));
    expect(r.initiative!.map((i) => i.round)).toEqual(
      Array.from({ length: r.rounds }, (_, i) => i + 1),
    );
    for (const i of r.initiative!) {
      expect(i.first).toBe(
        i.a.total > i.b.total || (i.a.total === i.b.total && 39 >= 47) ? "a" : "b",
      );
      expect(i.a.total - i.a.die!).toBe(39);
      expect(i.b.total - i.b.die!).toBe(47);
    }
    expect(rounds.size).toBeGreaterThan(0);
  });

  it("quick initiative: Initiative SI + 1d10 (000:154); ties to the higher Initiative EML (G60)", () => {
    const a = { actor: load("sir-aldric-knight") }; // SI 3
    const b = { actor: load("brigand") }; // SI 4
    // 3 + 5 = 8 against 4 + 4 = 8: equal, the brigand's EML 47 is higher.
    const dice = new ScriptedDice({ "initiative.a": 5, "initiative.b": 4 }, new SeededDice(3));
    const duel = createDuel(a, b, { options: { initiative: true, initiativeQuick: true } });
    const t1 = duel.next(dice)!;
    expect(t1.kind === "exchange" && t1.attacker).toBe("b");
    expect(duel.result().initiative![0]).toEqual({
      round: 1,
      a: { total: 8, die: 5 },
      b: { total: 8, die: 4 },
      first: "b",
    });
  });
});
