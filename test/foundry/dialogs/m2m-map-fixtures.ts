/**
 * Fixtures of the m2m attack dialog's map fields (issue 17): Fiendish Friedrick in his first
 * turn with Attack chosen (sheet-fixtures.ts), a situation measured with facing, light and
 * units, and the dialog's input with the real m2m rules behind its preview, Advanced on.
 */
import type { AttackSituation, FighterSnapshot } from "../../../src/core/combat";
import { m2mCombat } from "../../../src/foundry/rulesets/m2m/combat";
import { writeFight } from "../../../src/foundry/rulesets/m2m/fight";
import { newFighterBlock } from "../../../src/rules/m2m/flow";
import { friedrickBlock, friedrickDerived, friedrickItems } from "../rulesets/m2m/sheet-fixtures";

/** Fiendish Friedrick in his first turn, Attack chosen, every item equipped. */
export function attackingFriedrick(): FighterSnapshot {
  const b = newFighterBlock(14, 9);
  const block = {
    ...b,
    revision: 2,
    data: { ...b.data, turn: 1, maneuver: "attack", maneuverTurn: 1 },
  };
  const fight = writeFight(block)["system.m2m.fight"] as string;
  return {
    actorType: "character",
    name: "Fiendish Friedrick",
    system: { m2m: { ...friedrickBlock(), fight } },
    derived: { ruleset: "m2m", ...friedrickDerived() },
    items: friedrickItems().map((i) => ({
      id: i.id,
      type: i.type,
      name: i.name,
      system: i.system,
    })),
    conditions: [],
  };
}

export const MAP_SITUATION: AttackSituation = {
  engagingDefender: 1,
  defenderProne: false,
  distance: 1,
  fromArc: "front",
  toArc: "right",
  light: "dim",
  units: "yd",
};

/** The m2m attack dialog's input, the Advanced rules on (facing counts). */
export function m2mInput(approval = false) {
  const attacker = attackingFriedrick();
  const defender = attackingFriedrick();
  const options = { advancedManeuvers: true };
  return {
    attacker,
    defender,
    options: m2mCombat.attackOptions(attacker, defender),
    preview: (r: Parameters<typeof m2mCombat.attackTarget>[2]) =>
      m2mCombat.attackTarget(attacker, defender, r, options),
    labels: m2mCombat.labels,
    ...(approval ? { approval: { cap: 20, measured: MAP_SITUATION } } : {}),
  };
}
