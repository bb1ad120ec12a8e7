/**
 * Two small fighters for the flow tests of the off hand (hands-flow.test.ts) and close combat
 * (close-flow.test.ts): Pierre (seed 004 L1748-1756: HT 10, Shortsword 13 → Parry 6, Block 4,
 * Dodge 4, PD 1+2) with a dagger (Knife 12, reach C, L4295) beside his shortsword, and Hans, a
 * plain fighter (HT 12, Broadsword 13 → Parry 6, Dodge 5, no shield), with his fists. Blocks
 * are made ready to act: his turn 1 has started and he chose `maneuver`.
 */
import { ScriptedDice, type Dice, type RollScript } from "../../src/core/dice";
import type { Effect, RulesetBlock } from "../../src/core/ruleset";
import {
  m2mFlow,
  newFighterBlock,
  type M2mFighterState,
  type M2mFlowResult,
  type M2mFlowState,
} from "../../src/rules/m2m/flow";
import type { ManeuverId } from "../../src/rules/m2m/maneuvers";

export const PIERRE = {
  id: "pierre",
  st: 10,
  dr: { torso: 1 },
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
    {
      id: "dagger",
      table: "dagger",
      parry: 6,
      modes: { thrust: { skill: 12, damage: "1-1", type: "imp" } },
    },
  ],
};

export const HANS = {
  id: "hans",
  st: 11,
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
      modes: { swing: { skill: 13, damage: "1+1", type: "cut" } },
    },
  ],
};

/** A block whose turn 1 has started with `maneuver` chosen; `more` overrides its data. */
export function readyBlock(
  ht: number,
  maneuver: ManeuverId | null = "attack",
  more: Partial<M2mFighterState> = {},
): RulesetBlock {
  const b = newFighterBlock(ht);
  return { ...b, data: { ...b.data, turn: 1, maneuver, maneuverTurn: 1, ...more } };
}

export const fighter = (sheet: object, block: RulesetBlock, more: object = {}) => ({
  ...sheet,
  ...more,
  state: block,
});

/** Dice that answer only from the script: any other roll fails the test. */
export function fixed(script: RollScript): Dice {
  return new ScriptedDice(script, {
    roll(name) {
      throw new Error(`unexpected roll ${name}`);
    },
  });
}

export function startWith(raw: unknown, script: RollScript): M2mFlowState {
  return m2mFlow.start(m2mFlow.parseDeclaration(raw), fixed(script));
}

export const stateOf = (r: M2mFlowResult, side: "attacker" | "defender"): M2mFighterState =>
  r.effects.find(
    (x): x is Extract<Effect, { type: "state" }> => x.type === "state" && x.to === side,
  )!.block.data as unknown as M2mFighterState;
