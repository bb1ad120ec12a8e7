/**
 * The flow's state after a Critical Miss that strikes the fumbler (src/rules/m2m/flow.ts
 * `nextState`; found by the duel cross-test, test/sim/m2m-duel-flow.test.ts): the hit points
 * are the engine's, each wound counted once, and shock taken in one's own turn is for the next
 * turn only (ruling M105). Figures: Fiendish Friedrick (HT 14, Axe 14 cut 1+4, DR 4) and Filthy
 * Pierre (HT 10, Shortsword 13, Parry 6, DR 1), as in test/m2m/flow.test.ts.
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice, type RollScript } from "../../src/core/dice";
import type { Effect, RulesetBlock } from "../../src/core/ruleset";
import { runTurnEvent } from "../../src/core/turns";
import {
  chooseManeuver,
  m2mFlow,
  newFighterBlock,
  parseFighterBlock,
  parseFlowDeclaration,
  type M2mFighterState,
  type M2mFlowResult,
} from "../../src/rules/m2m/flow";

const FRIEDRICK = {
  id: "friedrick",
  st: 12,
  dr: { head: 4, torso: 4, vitals: 4, "left-arm": 4, "right-arm": 4 },
  armourPd: 3,
  shieldPd: 4,
  dodge: 5,
  block: 4,
  weapons: [
    {
      id: "axe",
      table: "axe",
      parry: 7,
      modes: { swing: { skill: 14, damage: "1+4", type: "cut" } },
    },
  ],
};
const PIERRE = {
  id: "pierre",
  st: 10,
  dr: { torso: 1, vitals: 1, "left-arm": 1, "right-arm": 1, "left-leg": 1, "right-leg": 1 },
  armourPd: 1,
  shieldPd: 2,
  dodge: 4,
  block: 4,
  weapons: [
    {
      id: "shortsword",
      table: "shortsword",
      parry: 6,
      modes: { swing: { skill: 13, damage: "1", type: "cut" } },
    },
  ],
};

/** The scripted rolls, any other from a fixed seed. */
const dice = (script: RollScript) => new ScriptedDice(script, new SeededDice(11));

/** His turn started and Attack chosen. */
function attacking(sheet: typeof FRIEDRICK, block: RulesetBlock): RulesetBlock {
  const started = runTurnEvent(m2mFlow, block, "turnStart", dice({})).block;
  const { revision, state } = parseFighterBlock(started);
  const f = parseFlowDeclaration({
    attacker: { ...sheet, state: started },
    defender: { ...sheet, state: started },
    attack: { weapon: sheet.weapons[0]!.id, mode: "swing" },
  }).attacker;
  return chooseManeuver({ ...f, revision, state }, { maneuver: "attack" });
}

const stateOf = (r: M2mFlowResult, side: "attacker" | "defender"): M2mFighterState =>
  r.effects.find(
    (x): x is Extract<Effect, { type: "state" }> => x.type === "state" && x.to === side,
  )!.block.data as unknown as M2mFighterState;
const injuries = (r: M2mFlowResult, side: "attacker" | "defender") =>
  r.effects
    .filter((e): e is Extract<Effect, { type: "injury" }> => e.type === "injury" && e.to === side)
    .reduce((t, e) => t + e.level, 0);
const shock = (s: M2mFighterState) =>
  s.conditions.filter((c) => c.condition === "shocked").reduce((t, c) => t + (c.value ?? 0), 0);

describe("m2m flow: a Critical Miss that strikes the fumbler", () => {
  it("a parrier who hits himself and is then hit loses each wound once (L2594, L2603; M96)", () => {
    const fried = attacking(FRIEDRICK, newFighterBlock(14));
    const pierre = newFighterBlock(10);
    const decl = m2mFlow.parseDeclaration({
      attacker: { ...FRIEDRICK, state: fried },
      defender: { ...PIERRE, state: pierre },
      attack: { weapon: "axe", mode: "swing", target: "torso" },
    });
    // Hit (8 vs 14); the parry rolls 17 (critical failure), the Critical Miss Table 5: he hits
    // his own right arm (selfLocation 1) for 3 cutting, then the axe lands on the torso.
    const s = m2mFlow.start(decl, dice({ attack: 8 }));
    const r = m2mFlow.result(
      m2mFlow.choose(
        s,
        { option: "parry:shortsword" },
        dice({ defence: 17, defenceCriticalMiss: 5, selfLocation: 1, selfDamage: 3, damage: 4 }),
      ),
    );
    expect(r.exchange.criticalMiss).toMatchObject({ side: "defender", effects: ["hit-self"] });
    const self = r.exchange.criticalMiss!.selfHit!.wound!;
    expect(self.injury).toBeGreaterThan(0);
    expect(r.exchange.hit).toBe(true);
    expect(r.exchange.defender.injury).toBeGreaterThan(0);
    // The blow's figures start from the HP the self-hit left: both wounds, each once.
    expect(stateOf(r, "defender").hp).toBe(r.exchange.defender.hp);
    expect(stateOf(r, "defender").hp).toBe(10 - injuries(r, "defender"));
    expect(10 - self.injury - r.exchange.defender.injury).toBe(r.exchange.defender.hp);
  });

  it("shock from his own fumble is his next turn's only: this turn's is not carried with it (L1864, M105)", () => {
    // Pierre took 4 shock on Friedrick's turn; his own turn arms it (−4 to this attack).
    const wounded = newFighterBlock(10);
    (wounded.data as unknown as M2mFighterState).conditions.push({
      condition: "shocked",
      cause: "shock",
      until: "endOfNextTurn",
      armed: false,
      value: 4,
    });
    const pierre = attacking(PIERRE as unknown as typeof FRIEDRICK, wounded);
    const decl = m2mFlow.parseDeclaration({
      attacker: { ...PIERRE, state: pierre },
      defender: { ...FRIEDRICK, state: newFighterBlock(14) },
      attack: { weapon: "shortsword", mode: "swing", target: "torso" },
    });
    expect(m2mFlow.start(decl, dice({ attack: 10 })).attackTarget.value).toBe(13 - 4);
    // 18: a Critical Miss; the table's 5: he hits his own right arm for 3 cutting (4 shock).
    const r = m2mFlow.result(
      m2mFlow.start(decl, dice({ attack: 18, criticalMiss: 5, selfLocation: 1, selfDamage: 3 })),
    );
    const hits = injuries(r, "attacker");
    expect(hits).toBeGreaterThan(0);
    const after = stateOf(r, "attacker");
    expect(shock(after)).toBe(Math.min(hits, 4));
    // His turn ends: that shock is still there for his next turn, the old one is gone.
    const block: RulesetBlock = { ruleset: "m2m", revision: 5, data: after as never };
    const ended = runTurnEvent(m2mFlow, block, "turnEnd", dice({})).block;
    expect(shock(ended.data as unknown as M2mFighterState)).toBe(Math.min(hits, 4));
  });
});
