/**
 * The workbench's m2m adapter to the engine's flow (src/workbench/rulesets/m2m-flow.ts,
 * m2m-turns.ts), in Node: the exchange the page plays through `m2mFlow` (the card Foundry
 * stores) has `cli fight`'s result for the same seed and choices, for every sample fighter's
 * every attack against every sample fighter, aimed or not, with a situational modifier, and for
 * Villem's crossbow at point blank, in range and at half-damage range; the card replays to that
 * result; and a fight turn by turn is decided for every pair.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replayExchange } from "../../src/core/flow";
import { fighterFromSource } from "../../src/foundry/combat/source-fighter";
import { foundryRuleset } from "../../src/foundry/rulesets";
import { m2mFlow } from "../../src/rules/m2m/flow";
import type { ActorSource } from "../../src/sim/duel";
import { m2mDuelFighter } from "../../src/sim/m2m-duel";
import { flowWeapons, freshBlock, playExchange } from "../../src/workbench/rulesets/m2m-flow";
import { newFight, playTurn, stateOf } from "../../src/workbench/rulesets/m2m-turns";

type Doc = ActorSource & {
  items: { _id: string; type: string; system: Record<string, unknown> }[];
};
const DIR = "packs/_source/m2m-sample-fighters";
const docs = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(join(DIR, f), "utf8")) as Doc);
const M2M = foundryRuleset("m2m")!;
const snaps = docs.map((d) => fighterFromSource(d, [], M2M));
const label = (m: { key: string }) => m.key;
/** The engine's result without what only one side carries (the seed, the roll records). */
const plain = (r: unknown) => {
  const rest = { ...(r as Record<string, unknown>) };
  delete rest.seed;
  delete rest.rolls;
  return rest;
};

describe("the workbench's m2m exchanges through the flow", () => {
  it("give cli fight's result for every pair, attack and aim, with a modifier", () => {
    let played = 0;
    for (const a of snaps)
      for (const b of snaps)
        for (const x of m2mDuelFighter(a).attacks)
          for (const location of ["random", "torso", "head"])
            for (let seed = 1; seed <= 4; seed++) {
              const p = playExchange(
                a,
                b,
                { a: freshBlock(a), b: freshBlock(b) },
                seed,
                { weapon: x.weaponId, mode: x.mode, location, modifier: (seed % 3) - 1 },
                label,
              );
              expect(plain(p.result.exchange), `${a.name} ${b.name} ${x.mode} ${seed}`).toEqual(
                plain(p.outcome.result),
              );
              // The stored card replays to the same result.
              expect(replayExchange(m2mFlow, p.card).result).toEqual(p.result);
              played++;
            }
    expect(played).toBeGreaterThan(49 * 12);
  });

  it("give cli fight's result for Villem's crossbow at point blank, in range and far (L2907-2911)", () => {
    const doc = structuredClone(docs.find((d) => d.name === "Villem the Vile")!);
    for (const i of doc.items) if (i.type === "missile") i.system.equipped = true;
    const a = fighterFromSource(doc, [], M2M);
    const bow = doc.items.find((i) => i.type === "missile")!._id;
    const damage = new Set<string>();
    for (const b of snaps)
      for (const range of [3, 20, 260])
        for (let seed = 1; seed <= 6; seed++) {
          const p = playExchange(
            a,
            b,
            { a: freshBlock(a), b: freshBlock(b) },
            seed,
            { weapon: bow, range, aim: seed % 2, location: "random" },
            label,
          );
          expect(plain(p.result.exchange)).toEqual(plain(p.outcome.result));
          damage.add(p.outcome.attack.damage);
        }
    // The point-blank +1 (L2907) is in the damage the flow rolled.
    expect(damage.size).toBe(2);
  });

  it("plays every pair's fight turn by turn to a decision, HP carried", () => {
    for (const a of snaps)
      for (const b of snaps) {
        const f = newFight({ a, b }, { a: m2mDuelFighter(a), b: m2mDuelFighter(b) }, 5);
        let turns = 0;
        while (!f.over && turns < 400) {
          playTurn(f, {}, label);
          turns++;
        }
        expect(f.over, `${a.name} ${b.name}`).not.toBeNull();
        const hurt = (["a", "b"] as const).some((k) => stateOf(f.blocks[k]).hp < 10);
        expect(hurt || f.over!.winner !== null).toBe(true);
      }
  });
});

describe("the workbench's flow weapons carry each mode's own table row (§4.6, L2087-2135)", () => {
  const weaponsOf = (name: string) => {
    const snap = snaps.find((s) => s.name.startsWith(name))!;
    return flowWeapons(snap) as {
      id: string;
      modes: Record<string, { table?: string; attack?: string }>;
    }[];
  };
  it("Rogan's bastard sword: each of its four modes names its own row and attack (M93)", () => {
    const rows = weaponsOf("Rogan")
      .flatMap((w) => Object.values(w.modes))
      .filter((m) => m.table?.includes("bastard"))
      .map((m) => `${m.table}:${m.attack}`);
    expect(rows.length).toBe(4);
    expect(new Set(rows).size).toBe(4);
  });
  it("Villem's halberd: the thrust and the swings are different attacks of the row", () => {
    const halberd = weaponsOf("Villem").find((w) =>
      Object.values(w.modes).some((m) => m.table === "halberd"),
    )!;
    const attacks = Object.values(halberd.modes).map((m) => m.attack);
    expect(new Set(attacks).size).toBe(attacks.length);
    expect(attacks.length).toBeGreaterThan(1);
  });
});
