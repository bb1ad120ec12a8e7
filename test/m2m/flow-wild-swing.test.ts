/**
 * A wild swing in the flow's attack (issue 17; seed 004 L2153-2165, "Lnnn" is a seed line): −5
 * or a maximum roll of 9, whichever is worse (L2159); no bonus from feinting (L2159); no All-Out
 * Attack +4 (L2161).
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, type Dice, type RollScript } from "../../src/core/dice";
import type { RulesetBlock } from "../../src/core/ruleset";
import { runTurnEvent } from "../../src/core/turns";
import {
  chooseManeuver,
  flowAttackTarget,
  m2mFlow,
  newFighterBlock,
  parseFighterBlock,
  parseFlowDeclaration,
  type M2mFighterState,
  type ManeuverChoice,
} from "../../src/rules/m2m/flow";

function fixed(script: RollScript): Dice {
  return new ScriptedDice(script, {
    roll(name) {
      throw new Error(`unexpected roll ${name}`);
    },
  });
}

const sheet = (id: string, skill: number) => ({
  id,
  st: 12,
  dr: {},
  armourPd: 0,
  shieldPd: 0,
  dodge: 5,
  block: null,
  weapons: [
    {
      id: "broadsword",
      table: "broadsword",
      parry: 6,
      modes: { swing: { skill, damage: "1+1", type: "cut" } },
    },
  ],
});
const KARL = sheet("karl", 14);
const HANS = sheet("hans", 12);

/** Karl's block after his turn started and he chose `choice`. */
function chosen(choice: ManeuverChoice, more: Partial<M2mFighterState> = {}): RulesetBlock {
  const b = newFighterBlock(12);
  const started = runTurnEvent(
    m2mFlow,
    { ...b, data: { ...b.data, ...more } },
    "turnStart",
    fixed({}),
  ).block;
  const { revision, state } = parseFighterBlock(started);
  const f = parseFlowDeclaration({
    attacker: { ...KARL, state: started },
    defender: { ...HANS, state: started },
    attack: { weapon: "broadsword", mode: "swing" },
  }).attacker;
  return chooseManeuver({ ...f, revision, state }, choice);
}

const decl = (a: RulesetBlock, situation: { key: string; value: number }[]) =>
  parseFlowDeclaration({
    attacker: { ...KARL, state: a },
    defender: { ...HANS, state: newFighterBlock(12) },
    attack: { weapon: "broadsword", mode: "swing", situation },
  });
const keys = (t: { modifiers: { key: string; value: number }[] }) =>
  t.modifiers.map((m) => [m.key, m.value]);

describe("wild swing (L2153-2165)", () => {
  it("All-Out Attack's +4 does not count on a wild swing (L2161); the row is recounted from skill 14: −5 (L2159)", () => {
    const aoa = chosen({ maneuver: "all-out-attack", allOut: "plus-4" });
    expect(flowAttackTarget(decl(aoa, [])).value).toBe(18);
    // The map measured the row with the +4 still in: 9 − 18 = −9.
    const t = flowAttackTarget(decl(aoa, [{ key: "attack.wild-swing", value: -9 }]));
    expect(keys(t)).not.toContainEqual(["attack.all-out", 4]);
    expect(keys(t)).toContainEqual(["attack.wild-swing", -5]);
    expect(t.value).toBe(9);
  });

  it("−5 or a maximum roll of 9, whichever is worse (L2159): skill 16 → 9, skill 12 → 7", () => {
    const a = chosen({ maneuver: "attack" });
    const shaken = flowAttackTarget(
      parseFlowDeclaration({
        attacker: { ...KARL, state: a },
        defender: { ...HANS, state: newFighterBlock(12) },
        attack: {
          weapon: "broadsword",
          mode: "swing",
          situation: [{ key: "attack.wild-swing", value: -5 }],
          modifiers: [{ label: "footing", value: 2 }],
        },
      }),
    );
    expect(shaken.value).toBe(9);
    const weak = flowAttackTarget(
      parseFlowDeclaration({
        attacker: { ...KARL, state: a },
        defender: { ...HANS, state: newFighterBlock(12) },
        attack: {
          weapon: "broadsword",
          mode: "swing",
          situation: [{ key: "attack.wild-swing", value: -5 }],
          modifiers: [{ label: "footing", value: -2 }],
        },
      }),
    );
    expect(weak.value).toBe(7);
  });

  it("a feint's margin does not lower the foe's defence against a wild swing (L2159), and is spent", () => {
    const a = chosen({ maneuver: "attack" }, { feints: { hans: { margin: 3, armed: true } } });
    const plain = m2mFlow.start(decl(a, []), fixed({ attack: 10, location: 10 }));
    const dodge = m2mFlow.pending(plain)!.options.find((o) => o.id === "dodge")!;
    expect(keys(dodge.target!)).toContainEqual(["defence.feinted", -3]);
    const wild = m2mFlow.start(
      decl(a, [{ key: "attack.wild-swing", value: -5 }]),
      fixed({ attack: 6, location: 10 }),
    );
    const wildDodge = m2mFlow.pending(wild)!.options.find((o) => o.id === "dodge")!;
    expect(keys(wildDodge.target!).some(([k]) => k === "defence.feinted")).toBe(false);
    expect(wildDodge.target!.value).toBe(5);
    const r = m2mFlow.result(
      m2mFlow.choose(wild, { option: "dodge" }, fixed({ defence: 3, criticalMiss: 10 })),
    );
    const mine = r.effects.find((e) => e.type === "state" && e.to === "attacker") as {
      block: RulesetBlock;
    };
    expect((mine.block.data as unknown as M2mFighterState).feints).toEqual({});
  });
});
