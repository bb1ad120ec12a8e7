/**
 * The workbench's m2m fight with a shooter (src/workbench/rulesets/m2m-turns.ts), in Node: a side
 * whose best weapon is a missile weapon (Villem's and John Falcon's crossbows) aims for the
 * page's turns of aim, shoots at the page's range as `cli fight --range --aim` plans it (the same
 * seed, the same result), then readies his crossbow for the reload turns the flow counts after
 * the shot (§12.8, `missileReload`), and aims again.
 */
import { describe, expect, it } from "vitest";
import { m2mFightExchange } from "../../src/cli/m2m-fight";
import type { M2mResult } from "../../src/rules/m2m/exchange";
import { missileReload } from "../../src/foundry/rulesets/m2m/tactics";
import type { M2mMissileBlock } from "../../src/foundry/rulesets/m2m/item-data";
import { SAMPLE_FIGHTERS } from "../../src/foundry/rulesets/m2m/sample-fighters";
import { sides } from "../../src/workbench/rulesets/m2m-fight";
import {
  newFight,
  playTurn,
  stateOf,
  type M2mTurnStep,
} from "../../src/workbench/rulesets/m2m-turns";

const index = (name: string) => SAMPLE_FIGHTERS.findIndex((f) => f.name === name);
const label = (m: { key: string }) => m.key;

/** A fight as the page starts it: each side's shooter with his crossbow equipped. */
function fightOf(a: string, b: string, seed: number) {
  const s = sides(index(a), index(b));
  const f = newFight(
    { a: s.shooters.a?.snap ?? s.snap.a, b: s.shooters.b?.snap ?? s.snap.b },
    s.duel,
    seed,
    Object.fromEntries(Object.entries(s.shooters).map(([k, v]) => [k, v.attack.weaponId])),
  );
  return { s, f };
}

describe("the workbench's m2m fight with a shooter", () => {
  it("finds the shooters: a best weapon that is a missile weapon", () => {
    const s = sides(index("Villem the Vile"), index("John Falcon"));
    expect(s.shooters.a?.attack.weapon).toBe("Crossbow");
    expect(s.shooters.b?.attack.weapon).toBe("Crossbow");
    expect(Object.keys(sides(index("Rogan the Reaver"), index("Filthy Pierre")).shooters)).toEqual(
      [],
    );
  });

  it("aims, shoots as cli fight does, reloads for the flow's turns, for every aim and range", () => {
    let compared = 0;
    for (const shot of [
      { range: 20, aim: 2 },
      { range: 3, aim: 0 },
      { range: 60, aim: 1 },
    ])
      for (let seed = 1; seed <= 6; seed++) {
        const { s, f } = fightOf("Villem the Vile", "Filthy Pierre", seed);
        const bow = s.shooters.a!;
        const block = (
          bow.snap.items.find((i) => i.id === bow.attack.weaponId)!.system as {
            m2m: M2mMissileBlock;
          }
        ).m2m;
        const { reload } = missileReload(block, 10);
        expect(reload).toBeGreaterThan(0);
        const steps: M2mTurnStep[] = [];
        for (let t = 0; t < 200 && !f.over; t++) steps.push(...playTurn(f, {}, label, shot));
        expect(f.over).not.toBeNull();
        const mine = steps.filter((x) => x.side === "a" && x.kind !== "turn");
        // Each Aim adds a turn to the one before, or starts again (a defence spoiled it, L2049).
        let held = 0;
        for (const x of mine) {
          if (x.kind === "maneuver" && x.choice.maneuver === "aim") {
            expect([1, held + 1]).toContain(x.aimTurns);
            held = x.aimTurns!;
          }
          // He shoots once he holds the page's turns of aim (his Attack straight after them).
          if (x.kind === "maneuver" && x.choice.maneuver === "attack") {
            if (shot.aim > 0) {
              const before = mine[mine.indexOf(x) - 1]!;
              expect(before.kind === "maneuver" && before.aimTurns).toBe(shot.aim);
            }
            held = 0;
          }
        }
        const shotStep = mine.find((y) => y.kind === "exchange")!;
        expect(shotStep?.kind).toBe("exchange");
        if (shotStep.kind !== "exchange") continue;
        expect(shotStep.played.outcome.attack.mode).toBe("ranged");
        // The first exchange of the fight is cli fight --seed --range --aim's, when it is his.
        const firstExchange = steps.find((y) => y.kind === "exchange")!;
        if (firstExchange === shotStep) {
          const cli = m2mFightExchange(bow.snap, s.snap.b, seed, {
            weapon: bow.attack.weaponId,
            range: shot.range,
            aim: shot.aim,
            location: "random",
          }).result as M2mResult;
          const r = shotStep.played.result.exchange;
          expect(r.attack).toEqual(cli.attack);
          expect(r.hit).toBe(cli.hit);
          expect(shotStep.seed).toBe(seed);
          compared++;
        }
        // Then Ready for the reload turns the flow counts, one off a turn (a dodge while
        // cocking starts it again, L2097), and no shot before the last Ready.
        const after = mine.slice(mine.indexOf(shotStep) + 1);
        let left: number | null = null;
        for (const y of after) {
          if (y.kind === "maneuver" && y.choice.maneuver === "ready") {
            const now = y.reloadLeft!;
            if (left === null) expect(now).toBe(reload - 1);
            else expect(now === left - 1 || now >= left).toBe(true);
            left = now;
          }
          if (y.kind === "maneuver" && y.choice.maneuver === "aim") expect(left ?? 0).toBe(0);
          if (y.kind === "exchange") {
            expect(left).toBe(0);
            break;
          }
        }
      }
    expect(compared).toBeGreaterThan(0);
  });

  it("decides every fight of a shooter against every sample fighter, both sides", () => {
    for (const shooter of ["Villem the Vile", "John Falcon"])
      for (const other of SAMPLE_FIGHTERS.map((f) => f.name))
        for (const [a, b] of [
          [shooter, other],
          [other, shooter],
        ] as const) {
          const { f } = fightOf(a, b, 7);
          let shots = 0;
          for (let t = 0; t < 400 && !f.over; t++)
            for (const x of playTurn(f, {}, label, { range: 10, aim: 1 }))
              if (x.kind === "exchange" && x.played.outcome.attack.mode === "ranged") shots++;
          expect(f.over, `${a} v ${b}`).not.toBeNull();
          expect(shots, `${a} v ${b}`).toBeGreaterThan(0);
          for (const k of ["a", "b"] as const) expect(stateOf(f.blocks[k]).hp).toBeLessThan(99);
        }
  });
});
