/**
 * Picking a dropped weapon up and re-readying a shield in the flow (issue 17; seed 004 §4.6,
 * "Lnnn" is a seed line; ruling M97): Ready on a weapon on the ground picks it up after a turn
 * kneeling (L2101, L2167, L2631-2633) and stands him up; Ready on the shield re-readies a shield a
 * block's 17-18 left unready (L2594).
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, type Dice, type RollScript } from "../../src/core/dice";
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

function fixed(script: RollScript): Dice {
  return new ScriptedDice(script, {
    roll(name) {
      throw new Error(`unexpected roll ${name}`);
    },
  });
}

const weapon = (id: string, skill: number, damage: string) => ({
  id,
  table: id,
  parry: 6,
  modes: { swing: { skill, damage, type: "cut" } },
});
/** Friedrich (L2133-2135's axeman): ST 12, axe (min ST 12, L4332), medium shield. */
const FRIEDRICH = {
  id: "friedrich",
  st: 12,
  dr: {},
  armourPd: 0,
  shieldPd: 3,
  dodge: 5,
  block: 5,
  weapons: [weapon("axe", 14, "1+4"), weapon("shortsword", 12, "1+1"), weapon("halberd", 12, "2")],
};
const HANS = { ...FRIEDRICH, id: "hans", shieldPd: 0, block: null };

const data = (b: RulesetBlock) => b.data as unknown as M2mFighterState;
const parsed = (sheet: object, block: RulesetBlock) => {
  const { revision, state } = parseFighterBlock(block);
  const f = { ...sheet, state: block };
  return {
    ...parseFlowDeclaration({
      attacker: f,
      defender: f,
      attack: { weapon: "axe", mode: "swing" },
    }).attacker,
    revision,
    state,
  };
};
const turn = (block: RulesetBlock, event: TurnEvent) =>
  runTurnEvent(m2mFlow, block, event, fixed({})).block;
/** One turn of his: its start, the maneuver, its end. */
const act = (sheet: object, block: RulesetBlock, choice: ManeuverChoice) =>
  turn(chooseManeuver(parsed(sheet, turn(block, "turnStart")), choice), "turnEnd");

/** A block with `weapons` on the ground, standing. */
function dropped(ids: string[], more: Partial<M2mFighterState> = {}): RulesetBlock {
  const b = newFighterBlock(12);
  const weapons: M2mFighterState["weapons"] = {};
  for (const id of ids)
    weapons[id] = { place: "ground", turnsToReady: 0, stuck: "no", broken: false };
  return { ...b, data: { ...b.data, weapons, ...more } };
}

describe("picking a dropped weapon up (L2101, L2167, L2631-2633; ruling M97)", () => {
  it("standing, Ready on a weapon on the ground is refused: he must kneel first (L2101)", () => {
    expect(() => act(FRIEDRICH, dropped(["axe"]), { maneuver: "ready", weapon: "axe" })).toThrow(
      /weapon: is on the ground: he must kneel first.*standing.*L2101/,
    );
  });

  it("kneel, then Ready picks the axe up and stands; an unbalanced weapon then needs its Ready turn (L2167)", () => {
    let b = act(FRIEDRICH, dropped(["axe"]), { maneuver: "change-position", posture: "kneeling" });
    expect(data(b).posture).toBe("kneeling");
    b = act(FRIEDRICH, b, { maneuver: "ready", weapon: "axe" });
    expect(data(b).posture).toBe("standing");
    expect(data(b).weapons.axe).toMatchObject({ place: "hand", turnsToReady: 1 });
    b = act(FRIEDRICH, b, { maneuver: "ready", weapon: "axe" });
    expect(data(b).weapons.axe).toMatchObject({ place: "hand", turnsToReady: 0 });
    // Ready: he may attack with it on his next turn.
    const s = turn(b, "turnStart");
    const attacking = chooseManeuver(parsed(FRIEDRICH, s), { maneuver: "attack" });
    const f = { ...FRIEDRICH, state: attacking };
    const t = flowAttackTarget(
      parseFlowDeclaration({
        attacker: f,
        defender: { ...HANS, state: newFighterBlock(12) },
        attack: { weapon: "axe", mode: "swing" },
      }),
    );
    expect(t.value).toBe(14);
  });

  it("a sword is ready as soon as it is picked up (L2167)", () => {
    const b = dropped(["shortsword"], { posture: "kneeling" });
    const after = act(FRIEDRICH, b, { maneuver: "ready", weapon: "shortsword" });
    expect(data(after).weapons.shortsword).toMatchObject({ place: "hand", turnsToReady: 0 });
    expect(data(after).posture).toBe("standing");
  });

  it("a polearm takes two Ready turns after it is picked up (L2167, L2633)", () => {
    let b = act(FRIEDRICH, dropped(["halberd"], { posture: "kneeling" }), {
      maneuver: "ready",
      weapon: "halberd",
    });
    expect(data(b).weapons.halberd).toMatchObject({ place: "hand", turnsToReady: 2 });
    b = act(FRIEDRICH, b, { maneuver: "ready", weapon: "halberd" });
    b = act(FRIEDRICH, b, { maneuver: "ready", weapon: "halberd" });
    expect(data(b).weapons.halberd).toMatchObject({ place: "hand", turnsToReady: 0 });
  });

  it("with a crippled leg he picks it up sitting and stays sitting (L3679, rulings M97, M106)", () => {
    const leg = {
      condition: "crippled" as const,
      cause: "injury",
      until: "encounter" as const,
      armed: true,
      location: "right-leg",
    };
    const b = dropped(["shortsword"], { posture: "sitting", conditions: [leg] });
    const after = act(FRIEDRICH, b, { maneuver: "ready", weapon: "shortsword" });
    expect(data(after).weapons.shortsword?.place).toBe("hand");
    expect(data(after).posture).toBe("sitting");
  });

  it("kneeling after a fall, the pick-up ends the prone condition with the stand (L2167)", () => {
    const prone = {
      condition: "prone" as const,
      cause: "fall",
      until: "recovered" as const,
      armed: true,
    };
    const b = dropped(["shortsword"], { posture: "kneeling", conditions: [prone] });
    const after = act(FRIEDRICH, b, { maneuver: "ready", weapon: "shortsword" });
    expect(data(after).conditions.some((c) => c.condition === "prone")).toBe(false);
  });

  it("a broken weapon on the ground cannot be picked up to fight", () => {
    const b = dropped(["axe"], { posture: "kneeling" });
    (b.data as unknown as M2mFighterState).weapons.axe!.broken = true;
    expect(() => act(FRIEDRICH, b, { maneuver: "ready", weapon: "axe" })).toThrow(/is broken/);
  });
});

describe("re-readying a shield (L2099, L2594)", () => {
  const unready = (more: Partial<M2mFighterState> = {}) => {
    const b = newFighterBlock(12);
    const c = {
      condition: "shieldUnready" as const,
      cause: "blockCriticalFailure",
      until: "recovered" as const,
      armed: true,
    };
    return { ...b, data: { ...b.data, shieldReady: false, conditions: [c], ...more } };
  };

  it("a block's 17-18 leaves the shield unready; one Ready turn readies it again (L2594)", () => {
    const after = act(FRIEDRICH, unready(), { maneuver: "ready", shield: true });
    expect(data(after).shieldReady).toBe(true);
    expect(data(after).conditions.some((c) => c.condition === "shieldUnready")).toBe(false);
  });

  it("refused for a ready shield, no shield, or a crippled shield arm (L3675)", () => {
    expect(() => act(FRIEDRICH, newFighterBlock(12), { maneuver: "ready", shield: true })).toThrow(
      /shield: the shield is ready already/,
    );
    expect(() => act(HANS, unready(), { maneuver: "ready", shield: true })).toThrow(/no shield/);
    const arm = {
      condition: "crippled" as const,
      cause: "injury",
      until: "encounter" as const,
      armed: true,
      location: "left-arm",
    };
    const b = unready();
    (b.data as unknown as M2mFighterState).conditions.push(arm);
    expect(() => act(FRIEDRICH, b, { maneuver: "ready", shield: true })).toThrow(/crippled/);
  });
});
