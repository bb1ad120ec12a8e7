/**
 * Golden oracle for HM3 duels (issue 17, performance work on src/sim/duel.ts): seeded duels of
 * several pairs of the sample fighters, with policies and starting conditions, played step by
 * step (`createDuel`, `next`) must give exactly the steps recorded in `golden-duels.json` (a
 * SHA-256 per pair of every step's JSON in its own key order: each exchange's whole card,
 * declaration, choices, rolls and result, each recovery turn; then the duel's result, the
 * fighters as they end and their snapshots). The same duels run whole without their cards
 * (`runDuel`, `keepExchanges: false`) and the counted `runDuels` are hashed too, and each
 * card-less duel must give the results, injuries, rounds and winner of the duel with its cards.
 * Those card-less duels and `runDuels` are the fast duel's (src/sim/hm3-fast-duel.ts; every pair
 * here fits it, checked below), so this also holds the fast duel to the flow's, step by step.
 *
 * Rewrite the fixture only for an intended change of output:
 * `GOLDEN_UPDATE=1 npx vitest run test/sim/duel-golden.test.ts`, then `npx prettier --write`
 * the fixture.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SeededDice } from "../../src/core/dice";
import {
  createDuel,
  runDuel,
  runDuels,
  type ActorSource,
  type DuelSide,
  type SideKey,
} from "../../src/sim/duel";
import { fitsFastDuel, prepareFastDuels } from "../../src/sim/hm3-fast-duel";
import { worldDefaults } from "../../src/sim/policy";

const FIXTURE = new URL("./golden-duels.json", import.meta.url);
const DIR = "packs/_source/hm3-sample-fighters";
const load = (f: string): ActorSource =>
  JSON.parse(readFileSync(join(DIR, `${f}.json`), "utf8")) as ActorSource;
const knight = load("sir-aldric-knight");
const brigand = load("brigand");
const dog = load("war-dog");
const manAtArms = load("man-at-arms");
const spearman = load("militia-spearman");
const bowman = load("longbowman");

interface Pair {
  id: string;
  a: DuelSide;
  b: DuelSide;
  seeds: number;
}

/** The pairs: every sample fighter, each defence policy, aims, a fixed item, a prone start. */
const PAIRS: Pair[] = [
  { id: "knight-brigand", a: { actor: knight }, b: { actor: brigand }, seeds: 15 },
  { id: "brigand-knight", a: { actor: brigand }, b: { actor: knight }, seeds: 20 },
  { id: "manAtArms-spearman", a: { actor: manAtArms }, b: { actor: spearman }, seeds: 20 },
  { id: "knight-dog", a: { actor: knight }, b: { actor: dog }, seeds: 20 },
  { id: "dog-bowman", a: { actor: dog }, b: { actor: bowman }, seeds: 15 },
  {
    id: "knight-brigand-policies",
    a: { actor: knight, policy: { defence: "counterstrike", aim: "high" } },
    b: { actor: brigand, policy: { defence: "dodge", aim: "low" } },
    seeds: 20,
  },
  {
    id: "brigand-spearman-block",
    a: { actor: brigand, policy: { defence: "block", itemId: "nZn15r3p78f7K1dx" } },
    b: { actor: spearman, policy: { defence: "ignore" } },
    seeds: 15,
  },
  {
    id: "bowman-manAtArms-prone",
    a: { actor: bowman, conditions: ["prone"] },
    b: { actor: manAtArms, conditions: ["disarmed"] },
    seeds: 15,
  },
];

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

interface PairHashes {
  steps: string;
  results: string;
  bare: string;
  stats: string;
  firstResult: unknown;
}

/** What the duels went through, to prove the oracle covers it. */
const seen = new Set<string>();

function play(pair: Pair): PairHashes {
  // The card-less duels below take the fast path: the pair fits it.
  expect(fitsFastDuel(prepareFastDuels(pair.a, pair.b, worldDefaults())), pair.id).toBe(true);
  const steps = createHash("sha256");
  const results = createHash("sha256");
  const bare = createHash("sha256");
  let firstResult: unknown = null;
  const before = JSON.stringify([pair.a.actor, pair.b.actor]);
  for (let seed = 1; seed <= pair.seeds; seed++) {
    const duel = createDuel(pair.a, pair.b);
    const dice = new SeededDice(seed);
    for (let step = duel.next(dice); step; step = duel.next(dice)) {
      steps.update(JSON.stringify(step) + "\n");
      if (step.kind === "recovery") seen.add(`recovery:${step.conditions.join("+")}`);
      else
        for (const e of (step.card.result as { effects: { type: string; condition?: string }[] })
          .effects)
          seen.add(e.type === "condition" ? `condition:${e.condition}` : e.type);
    }
    const result = duel.result();
    const sides = duel.sides;
    const snaps = (["a", "b"] as SideKey[]).map((k) => duel.snapshot(k));
    results.update(JSON.stringify({ result, sides, snaps }) + "\n");
    seen.add(`end:${result.end}`);
    firstResult ??= {
      winner: result.winner,
      rounds: result.rounds,
      end: result.end,
      injuries: result.injuries,
    };
    // The same duel, whole, without its cards: the same results, injuries and end.
    const whole = runDuel(pair.a, pair.b, new SeededDice(seed), { keepExchanges: false });
    const loose = runDuel(pair.a, pair.b, new SeededDice(seed));
    expect(loose).toEqual(result);
    expect(whole.exchanges).toEqual([]);
    expect({ ...whole, exchanges: result.exchanges }).toEqual(result);
    bare.update(JSON.stringify(whole) + "\n");
  }
  const stats = runDuels(pair.a, pair.b, pair.seeds * 5, 1000 + pair.seeds);
  // The actors given are never changed (a duel changes its own copies only).
  expect(JSON.stringify([pair.a.actor, pair.b.actor])).toBe(before);
  return {
    steps: steps.digest("hex"),
    results: results.digest("hex"),
    bare: bare.digest("hex"),
    stats: sha(JSON.stringify(stats)),
    firstResult,
  };
}

describe("HM3 duels: golden oracle", () => {
  it("plays every pair's seeded duels exactly as recorded", () => {
    const now: Record<string, PairHashes> = {};
    for (const pair of PAIRS) now[pair.id] = play(pair);
    if (process.env.GOLDEN_UPDATE === "1") {
      writeFileSync(FIXTURE, JSON.stringify(now, null, 1) + "\n");
    }
    expect(existsSync(FIXTURE), "fixture missing: GOLDEN_UPDATE=1 to write it").toBe(true);
    const golden = JSON.parse(readFileSync(FIXTURE, "utf8")) as Record<string, PairHashes>;
    expect(Object.keys(now)).toEqual(Object.keys(golden));
    for (const what of [
      "end:dead",
      "end:incapacitated",
      "recovery:prone",
      "recovery:disarmed",
      "condition:disarmed",
      "condition:prone",
      "tacticalAdvantage",
      "injury",
    ])
      expect(seen, what).toContain(what);
    for (const id of Object.keys(golden)) {
      expect(now[id]!.firstResult, `${id}: first duel`).toEqual(golden[id]!.firstResult);
      expect(now[id], id).toEqual(golden[id]);
    }
  }, 300_000);
});
