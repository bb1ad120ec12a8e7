/**
 * The choice between the fast HM3 duel and the flow's (src/sim/duel.ts `runDuels`, `runDuel`):
 * fighters that fit the fast duel (`fitsFastDuel`) are played by it, fighters that do not by
 * the flow, with the same counts either way; a duel with its cards is always the flow's. The
 * fast module's `fitsFastDuel` and `runFastDuel` are watched (and `fitsFastDuel` answered) here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SeededDice } from "../../src/core/dice";
import * as fast from "../../src/sim/hm3-fast-duel";
import { runDuel, runDuels, type ActorSource } from "../../src/sim/duel";

vi.mock("../../src/sim/hm3-fast-duel", async (original) => {
  const real = await original<typeof import("../../src/sim/hm3-fast-duel")>();
  return { ...real, fitsFastDuel: vi.fn(real.fitsFastDuel), runFastDuel: vi.fn(real.runFastDuel) };
});

const DIR = "packs/_source/hm3-sample-fighters";
/** A fresh copy each time: the setups are kept per actor object and its JSON. */
const load = (f: string): ActorSource =>
  JSON.parse(readFileSync(join(DIR, `${f}.json`), "utf8")) as ActorSource;
const fits = vi.mocked(fast.fitsFastDuel);
const runs = vi.mocked(fast.runFastDuel);

describe("HM3 duels: fast or through the flow", () => {
  beforeEach(() => {
    fits.mockClear();
    runs.mockClear();
  });

  it("plays fighters that fit with the fast duel", () => {
    const stats = runDuels({ actor: load("sir-aldric-knight") }, { actor: load("brigand") }, 60, 4);
    expect(fits).toHaveBeenCalledTimes(1);
    expect(fits.mock.results[0]!.value).toBe(true);
    expect(runs).toHaveBeenCalledTimes(60);
    expect(stats.n).toBe(60);
  });

  it("plays fighters that do not fit through the flow, with the same counts", () => {
    const a = { actor: load("sir-aldric-knight") };
    const b = { actor: load("brigand") };
    const quick = runDuels(a, b, 60, 4);
    runs.mockClear();
    fits.mockReturnValueOnce(false);
    const a2 = { actor: load("sir-aldric-knight") };
    const b2 = { actor: load("brigand") };
    const slow = runDuels(a2, b2, 60, 4);
    expect(runs).not.toHaveBeenCalled();
    expect(slow).toEqual(quick);
    // The choice is kept with the fighters: a second call of the same sides asks no more.
    fits.mockClear();
    runDuels(a2, b2, 5, 5);
    expect(fits).not.toHaveBeenCalled();
    expect(runs).not.toHaveBeenCalled();
  });

  it("asks again when a fighter given changes in place", () => {
    const a = { actor: load("sir-aldric-knight") };
    const b = { actor: load("brigand") };
    runDuels(a, b, 5, 1);
    expect(fits).toHaveBeenCalledTimes(1);
    a.actor.name = "Sir Aldric the Bold";
    runDuels(a, b, 5, 1);
    expect(fits).toHaveBeenCalledTimes(2);
  });

  it("plays a duel without cards fast, and one with its cards through the flow", () => {
    const a = { actor: load("sir-aldric-knight") };
    const b = { actor: load("brigand") };
    const bare = runDuel(a, b, new SeededDice(9), { keepExchanges: false });
    expect(runs).toHaveBeenCalledTimes(1);
    const whole = runDuel(a, b, new SeededDice(9));
    expect(runs).toHaveBeenCalledTimes(1);
    expect(whole.exchanges.length).toBeGreaterThan(0);
    expect({ ...bare, exchanges: whole.exchanges }).toEqual(whole);
  });

  it("refuses a bad maxRounds on the fast path as the flow does", () => {
    const a = { actor: load("sir-aldric-knight") };
    const b = { actor: load("brigand") };
    expect(() => runDuel(a, b, new SeededDice(1), { keepExchanges: false, maxRounds: 0 })).toThrow(
      /^maxRounds/,
    );
  });
});
