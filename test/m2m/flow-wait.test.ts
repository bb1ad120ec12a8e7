/**
 * An attack not made in one's turn lapses at its end, except under Wait (seed 004 L1646,
 * L1676-1678, L1698, L2217-2227; flow.ts `m2mTurns` turnEnd): a fighter who chose Attack and did
 * not strike may not strike on the foe's turn; a Waiter may, once, until his next turn.
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, type Dice } from "../../src/core/dice";
import type { RulesetBlock, TurnEvent } from "../../src/core/ruleset";
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

const fixed = (): Dice =>
  new ScriptedDice(
    {},
    {
      roll(name) {
        throw new Error(`unexpected roll ${name}`);
      },
    },
  );
const SHEET = {
  id: "friedrich",
  st: 12,
  dr: {},
  armourPd: 0,
  shieldPd: 0,
  dodge: 5,
  block: null,
  weapons: [{ id: "sword", parry: 6, modes: { swing: { skill: 14, damage: "1+1", type: "cut" } } }],
};
const turn = (block: RulesetBlock, event: TurnEvent) =>
  runTurnEvent(m2mFlow, block, event, fixed()).block;
const fighter = (block: RulesetBlock) => {
  const { revision, state } = parseFighterBlock(block);
  const f = { ...SHEET, state: block };
  return {
    ...parseFlowDeclaration({
      attacker: f,
      defender: f,
      attack: { weapon: "sword", mode: "swing" },
    }).attacker,
    revision,
    state,
  };
};
/** His turn: its start, the maneuver, its end (no attack made). */
const idleTurn = (choice: ManeuverChoice) => {
  const started = turn(newFighterBlock(12), "turnStart");
  return turn(chooseManeuver(fighter(started), choice), "turnEnd");
};
/** An attack by him now, on another's turn: the effective skill, or the refusal. */
const strike = (block: RulesetBlock) =>
  flowAttackTarget(
    parseFlowDeclaration({
      attacker: { ...SHEET, state: block },
      defender: { ...SHEET, id: "hans", state: newFighterBlock(12) },
      attack: { weapon: "sword", mode: "swing" },
    }),
  ).value;

describe("an unused attack lapses at the end of his turn (L1646, L1698)", () => {
  it("Attack chosen and not used: refused on the foe's turn", () => {
    const after = idleTurn({ maneuver: "attack" });
    expect((after.data as unknown as M2mFighterState).attacks).toBe(1);
    expect(() => strike(after)).toThrow(/already attacked this turn/);
  });
  it("Wait chosen: he may still strike once on the foe's turn (L1676-1678)", () => {
    const after = idleTurn({ maneuver: "wait" });
    expect((after.data as unknown as M2mFighterState).attacks).toBe(0);
    expect(strike(after)).toBe(14);
  });
});
