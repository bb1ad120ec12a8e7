/**
 * GURPS Man to Man through the generic flow with turn state (src/rules/m2m/flow.ts, issue 17):
 * the core's timed conditions (src/core/turns.ts), maneuvers and their refusals, the attack's
 * checks and itemised skill, the defender's prompt (§6.4, §6.8, C8, §6.6), a scripted fight
 * between two of the book's fighters to a death check, and replay from named rolls. Figures
 * are the book's: Friedrick's sheet (seed 004 L4187-4231: HT 14, Axe 14 cut 1+4, Parry 7,
 * Dodge 5, Block 4, PD 3+4, DR 4) and Filthy Pierre of the Example of Combat (L1748-1756: HT 10,
 * Shortsword 13 → Parry 6, Shield 14 → Block 4, Move and Dodge 4, PD 1+2, DR 1).
 */
import { describe, expect, it } from "vitest";
import { replayDice, ScriptedDice, type Dice, type RollScript } from "../../src/core/dice";
import { InputError } from "../../src/core/errors";
import { acceptExchange, declareExchange, submitChoice, type Caller } from "../../src/core/flow";
import {
  runExchange,
  type ConditionDuration,
  type ConditionId,
  type Effect,
  type RulesetBlock,
  type TurnEvent,
} from "../../src/core/ruleset";
import {
  endingWithFight,
  heldCondition,
  holdCondition,
  replayTurnEvent,
  runTurnEvent,
  tickConditions,
  type HeldCondition,
} from "../../src/core/turns";
import { hm3 } from "../../src/rules/hm3";
import {
  chooseManeuver,
  m2mFlow,
  m2mTurns,
  newFighterBlock,
  parseFighterBlock,
  parseFlowDeclaration,
  resolveFeint,
  type M2mFighterState,
  type M2mFlowResult,
  type M2mFlowState,
  type ManeuverChoice,
} from "../../src/rules/m2m/flow";

/** Dice that answer only from the script: any other roll fails the test. */
function fixed(script: RollScript): Dice {
  return new ScriptedDice(script, {
    roll(name) {
      throw new Error(`unexpected roll ${name}`);
    },
  });
}

const FRIEDRICK = {
  id: "friedrick",
  st: 12,
  dr: {
    head: 4,
    torso: 4,
    vitals: 4,
    "left-arm": 4,
    "right-arm": 4,
    "left-leg": 4,
    "right-leg": 4,
  },
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
      modes: {
        swing: { skill: 13, damage: "1", type: "cut" },
        thrust: { skill: 13, damage: "1-1", type: "imp" },
      },
    },
  ],
};

const data = (b: RulesetBlock) => b.data as unknown as M2mFighterState;
const fighter = (sheet: object, block: RulesetBlock) => ({ ...sheet, state: block });
const parsed = (sheet: object, block: RulesetBlock) => {
  const { revision, state } = parseFighterBlock(block);
  return {
    ...parseFlowDeclaration({
      attacker: fighter(sheet, block),
      defender: fighter(sheet, block),
      attack: { weapon: (sheet as typeof FRIEDRICK).weapons[0]!.id, mode: "swing" },
    }).attacker,
    revision,
    state,
  };
};

function turn(block: RulesetBlock, event: TurnEvent, script: RollScript = {}) {
  return runTurnEvent(m2mFlow, block, event, fixed(script));
}

/** Starts his turn (no roll due) and chooses a maneuver. */
function act(sheet: object, block: RulesetBlock, choice: ManeuverChoice, script: RollScript = {}) {
  const started = turn(block, "turnStart", script);
  return { started, block: chooseManeuver(parsed(sheet, started.block), choice) };
}

function decl(
  a: RulesetBlock,
  d: RulesetBlock,
  attack: Record<string, unknown> = {},
  aSheet: object = FRIEDRICK,
  dSheet: object = PIERRE,
) {
  return {
    attacker: fighter(aSheet, a),
    defender: fighter(dSheet, d),
    attack: {
      weapon: (aSheet as typeof FRIEDRICK).weapons[0]!.id,
      mode: "swing",
      target: "torso",
      ...attack,
    },
  };
}

function startWith(raw: unknown, script: RollScript): M2mFlowState {
  return m2mFlow.start(m2mFlow.parseDeclaration(raw), fixed(script));
}

const stateOf = (r: M2mFlowResult, side: "attacker" | "defender") => {
  const e = r.effects.find(
    (x): x is Extract<Effect, { type: "state" }> => x.type === "state" && x.to === side,
  )!;
  return e;
};

describe("core: held conditions and their durations (docs/architecture.md §5 5a)", () => {
  const shock = (value: number): HeldCondition =>
    heldCondition({
      type: "condition",
      to: "defender",
      condition: "shocked",
      cause: "wound",
      value,
      until: "endOfNextTurn",
    });

  it("endingWithFight: conditions counted in turns or for the encounter end with the fight; recovered and permanent ones outlast it", () => {
    const held = (condition: ConditionId, until: ConditionDuration): HeldCondition =>
      heldCondition({ type: "condition", to: "defender", condition, cause: "wound", until });
    expect(
      endingWithFight([
        held("shocked", "endOfNextTurn"),
        held("offBalance", "nextTurn"),
        held("crippled", "encounter"),
        held("crippled", { turns: 2 }),
        held("stunned", "recovered"),
        held("dead", "permanent"),
      ]),
    ).toEqual(["shocked", "offBalance", "crippled"]);
    // One lasting entry keeps the condition.
    expect(endingWithFight([held("prone", "nextTurn"), held("prone", "recovered")])).toEqual([]);
  });

  it("shock set on a foe's turn lasts through the bearer's next turn, then ends (L1864)", () => {
    let list = [shock(3)];
    list = tickConditions(list, "turnStart").kept;
    expect(list.map((c) => c.condition)).toEqual(["shocked"]);
    const end = tickConditions(list, "turnEnd");
    expect(end.kept).toEqual([]);
    expect(end.ended.map((c) => c.value)).toEqual([3]);
  });

  it("shock set during his own turn survives that turn's end", () => {
    const end = tickConditions([shock(2)], "turnEnd");
    expect(end.kept.map((c) => c.value)).toEqual([2]);
  });

  it("wounds in one turn add their shock; the longer duration wins", () => {
    const list = holdCondition([shock(2)], shock(3), "add");
    expect(list).toHaveLength(1);
    expect(list[0]!.value).toBe(5);
    const kept = holdCondition(list, { ...shock(1), until: "nextTurn" }, "add");
    expect(kept[0]!.until).toBe("endOfNextTurn");
  });

  it("nextTurn ends when his turn starts; {turns: 2} after two of his turn ends", () => {
    const off = heldCondition({
      type: "condition",
      to: "attacker",
      condition: "offBalance",
      cause: "criticalMiss",
      until: "nextTurn",
    });
    expect(tickConditions([off], "turnStart").ended).toHaveLength(1);
    let crip = [
      heldCondition({
        type: "condition",
        to: "defender",
        condition: "crippled",
        cause: "criticalHit",
        location: "right-arm",
        until: { turns: 2 },
      }),
    ];
    crip = tickConditions(crip, "turnStart").kept;
    crip = tickConditions(crip, "turnEnd").kept;
    expect(crip[0]!.turnsLeft).toBe(1);
    crip = tickConditions(crip, "turnStart").kept;
    expect(tickConditions(crip, "turnEnd").ended).toHaveLength(1);
  });
});

describe("turn order and hooks (§4.1, §9.2, §9.3)", () => {
  it("orders by Move, then Basic Speed, then the die (L1600-1602)", () => {
    const order = m2mTurns.order([
      { id: "pierre", figures: { move: 4, speed: 5.5 } },
      { id: "rogan", figures: { move: 4, speed: 6, roll: 2 } },
      { id: "friedrick", figures: { move: 5, speed: 6.5 } },
      { id: "villem", figures: { move: 4, speed: 6, roll: 5 } },
    ]);
    expect(order).toEqual(["friedrick", "villem", "rogan", "pierre"]);
  });

  it("a stunned fighter rolls stunRecovery vs HT: failure leaves him actionless, success lets him act", () => {
    const b = newFighterBlock(10);
    data(b).conditions = [
      { condition: "stunned", cause: "wound", until: "recovered", armed: false },
    ];
    const fail = turn(b, "turnStart", { stunRecovery: 11 });
    expect(fail.checks).toEqual([
      {
        key: "BLOWBYBLOW.M2M.Turn.stunRecovery",
        roll: "stunRecovery",
        target: 10,
        total: 11,
        success: false,
      },
    ]);
    expect(fail.actionless).toBe(true);
    expect(() => chooseManeuver(parsed(PIERRE, fail.block), { maneuver: "attack" })).toThrow(
      /stunned/,
    );
    const ok = turn(b, "turnStart", { stunRecovery: 10 });
    expect(ok.ended).toEqual(["stunned"]);
    expect(ok.actionless).toBe(false);
    expect(data(ok.block).turn).toBe(1);
    expect(ok.block.revision).toBe(1);
  });

  it("at 0 HP he rolls to stay conscious each turn (L1874): failure is unconscious and defeated", () => {
    const b = newFighterBlock(10, 0);
    const fail = turn(b, "turnStart", { consciousness: 12 });
    expect(fail.set).toEqual(["unconscious"]);
    expect(fail.defeated).toBe(true);
    expect(fail.actionless).toBe(true);
    const ok = turn(b, "turnStart", { consciousness: 9 });
    expect(ok.defeated).toBe(false);
    expect(ok.checks[0]!.success).toBe(true);
  });

  it("replays a turn event from its rolls, and refuses a roll it never made", () => {
    const b = newFighterBlock(10, 0);
    const out = turn(b, "turnStart", { consciousness: 12 });
    expect(replayTurnEvent(m2mFlow, b, "turnStart", out.rolls)).toEqual(out);
    expect(() =>
      replayTurnEvent(m2mFlow, b, "turnStart", [
        ...out.rolls,
        { name: "stunRecovery", count: 3, sides: 6, values: [1, 1, 1], total: 3 },
      ]),
    ).toThrow(InputError);
  });

  it("turnStart resets the defences used (C8)", () => {
    const b = newFighterBlock(10);
    data(b).defences = { blocks: 1, parries: { shortsword: 1 }, retreated: true };
    expect(data(turn(b, "turnStart").block).defences).toEqual({
      blocks: 0,
      parries: {},
      retreated: false,
    });
  });
});

describe("maneuvers (§4.2, §4.6) and their refusals", () => {
  it("refuses a maneuver before his turn starts, and a second one in the same turn (L1568)", () => {
    const b = newFighterBlock(14);
    expect(() => chooseManeuver(parsed(FRIEDRICK, b), { maneuver: "attack" })).toThrow(
      /turn has not started/,
    );
    const { block } = act(FRIEDRICK, b, { maneuver: "attack" });
    expect(data(block).maneuver).toBe("attack");
    expect(() => chooseManeuver(parsed(FRIEDRICK, block), { maneuver: "all-out-defence" })).toThrow(
      /already chose attack/,
    );
  });

  it("from lying he must kneel before standing (L1582)", () => {
    const b = newFighterBlock(14);
    data(b).posture = "lying";
    const started = turn(b, "turnStart").block;
    expect(() =>
      chooseManeuver(parsed(FRIEDRICK, started), {
        maneuver: "change-position",
        posture: "standing",
      }),
    ).toThrow(/kneel first/);
    expect(
      data(
        chooseManeuver(parsed(FRIEDRICK, started), {
          maneuver: "change-position",
          posture: "kneeling",
        }),
      ).posture,
    ).toBe("kneeling");
  });

  it("refuses an attack after a maneuver that allows none (L1698), and All-Out Attack's +4 without it", () => {
    for (const maneuver of ["all-out-defence", "feint", "move"] as const) {
      const { block } = act(FRIEDRICK, newFighterBlock(14), { maneuver });
      expect(() => startWith(decl(block, newFighterBlock(10)), { attack: 10 })).toThrow(
        /allow an attack/,
      );
    }
    const { block } = act(FRIEDRICK, newFighterBlock(14), { maneuver: "attack" });
    expect(() =>
      startWith(decl(block, newFighterBlock(10), { allOut: "plus-4" }), { attack: 10 }),
    ).toThrow(/All-Out Attack maneuver/);
  });

  it("one attack per turn (L1646): a second attack before his next turn is refused, and allowed after it", () => {
    const fried = act(FRIEDRICK, newFighterBlock(14), { maneuver: "attack" }).block;
    const pierre = act(PIERRE, newFighterBlock(10), { maneuver: "attack" }).block;
    // A miss (roll 16 vs 14) still spends the attack.
    const r = m2mFlow.result(startWith(decl(fried, pierre), { attack: 16 }));
    const after = stateOf(r, "attacker").block;
    expect(data(after).attacks).toBe(1);
    const w = parseFighterBlock(after);
    w.state.weapons = {}; // even with the axe ready again
    expect(() =>
      startWith(decl({ ...after, data: w.state as unknown as Record<string, unknown> }, pierre), {
        attack: 10,
      }),
    ).toThrow(/already attacked this turn/);
    expect(data(turn(after, "turnStart").block).attacks).toBe(0);
  });

  it("a stunned fighter who fails to recover does nothing: his All-Out Attack no longer bars his defences", () => {
    const b = act(PIERRE, newFighterBlock(10), { maneuver: "all-out-attack" }).block;
    data(b).conditions = [
      { condition: "stunned", cause: "wound", until: "recovered", armed: false },
    ];
    const failed = turn(turn(b, "turnEnd").block, "turnStart", { stunRecovery: 12 });
    expect(data(failed.block).maneuver).toBeNull();
    const fried = act(FRIEDRICK, newFighterBlock(14), { maneuver: "attack" }).block;
    const p = m2mFlow.pending(startWith(decl(fried, failed.block), { attack: 10 }))!;
    // Dodge 4 − 4 stunned (C2) + PD 3; no retreat while stunned (L2378).
    expect(p.options.find((o) => o.id === "dodge")).toMatchObject({ target: { value: 3 } });
    expect(p.options.find((o) => o.id === "dodge")!.unavailableKey).toBeUndefined();
    expect(p.options.find((o) => o.id === "dodge-retreat")!.unavailableKey).toBe(
      "BLOWBYBLOW.M2M.Unavailable.forbidden",
    );
  });

  it("itemises the effective skill: All-Out Attack +4, shock −N from last turn's wounds, aimed location", () => {
    const b = newFighterBlock(14);
    data(b).conditions = [
      { condition: "shocked", cause: "wound", value: 3, until: "endOfNextTurn", armed: false },
    ];
    const { block } = act(FRIEDRICK, b, { maneuver: "all-out-attack" });
    const s = startWith(
      decl(block, newFighterBlock(10), { allOut: "plus-4", target: "right-arm" }),
      { attack: 12 },
    );
    expect(s.attackTarget.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["attack.shock", -3],
      ["attack.all-out", 4],
      ["attack.location", -2],
    ]);
    expect(s.attackTarget.value).toBe(13);
    // Shock lasts only through that turn (L1864).
    const ended = turn(block, "turnEnd");
    expect(ended.ended).toEqual(["shocked"]);
  });

  it("a feint needs the Feint maneuver; its margin is −margin to the foe's defences on the next turn (§5.6)", () => {
    const { block: atk } = act(FRIEDRICK, newFighterBlock(14), { maneuver: "attack" });
    expect(() =>
      resolveFeint(parsed(FRIEDRICK, atk), "pierre", { attacker: 14, foe: 13 }, fixed({})),
    ).toThrow(/Feint/);
    const { block } = act(FRIEDRICK, newFighterBlock(14), { maneuver: "feint" });
    // Skill 15 roll 10 (margin 5) against skill 14 roll 12 (margin 2) → −3 (L1672).
    const f = resolveFeint(
      parsed(FRIEDRICK, block),
      "pierre",
      { attacker: 15, foe: 14 },
      fixed({ feint: 10, feintResistance: 12 }),
    );
    expect(f.margin).toBe(3);
    const next = act(FRIEDRICK, f.block, { maneuver: "attack" }).block;
    const s = startWith(decl(next, newFighterBlock(10)), { attack: 10 });
    const dodge = m2mFlow.pending(s)!.options.find((o) => o.id === "dodge")!;
    expect(dodge.target!.modifiers.map((m) => [m.key, m.value])).toContainEqual([
      "defence.feinted",
      -3,
    ]);
    expect(dodge.target!.value).toBe(4 - 3 + 3);
    // Used on that attack, the margin is gone from his block.
    const r = m2mFlow.result(
      m2mFlow.choose(s, { option: "dodge" }, fixed({ defence: 3, criticalMiss: 10 })),
    );
    expect(data(stateOf(r, "attacker").block).feints).toEqual({});
  });
});

describe("the defender's prompt lists only what his maneuver and turn allow (§6.4, §6.8, C8)", () => {
  const ready = (sheet: object, m: ManeuverChoice["maneuver"] = "attack") =>
    act(sheet, newFighterBlock(sheet === FRIEDRICK ? 14 : 10), { maneuver: m }).block;

  it("after an All-Out Attack only 'none' is open (L1660); choosing a parry is refused", () => {
    const s = startWith(decl(ready(FRIEDRICK), ready(PIERRE, "all-out-attack")), { attack: 10 });
    const p = m2mFlow.pending(s)!;
    expect(p.options.filter((o) => !o.unavailableKey).map((o) => o.id)).toEqual(["none"]);
    expect(p.options.find((o) => o.id === "parry:shortsword")!.unavailableKey).toBe(
      "BLOWBYBLOW.M2M.Unavailable.forbidden",
    );
    expect(() => m2mFlow.parseChoice(s, { option: "parry:shortsword" })).toThrow(/All-Out Attack/);
  });

  it("no parry against a missile (L1910); dodge and block stay, each with its full target", () => {
    const s = startWith(decl(ready(FRIEDRICK), ready(PIERRE), { kind: "missile" }), { attack: 10 });
    const p = m2mFlow.pending(s)!;
    expect(p.options.find((o) => o.id === "parry:shortsword")!.unavailableKey).toBe(
      "BLOWBYBLOW.M2M.Unavailable.forbidden",
    );
    expect((p.data!.reasons as Record<string, string>)["parry:shortsword"]).toMatch(/L1910/);
    // Pierre's dodge 4 + PD 3; block 4 + PD 3 (L1756); no retreat against missiles (L2374).
    expect(p.options.find((o) => o.id === "dodge")!.target!.value).toBe(7);
    expect(p.options.find((o) => o.id === "block")!.target!.value).toBe(7);
    expect(p.options.find((o) => o.id === "dodge-retreat")!.unavailableKey).toBeDefined();
  });

  it("one parry per weapon per turn: a second parry with the shortsword is refused, and resets at his turn", () => {
    const first = startWith(decl(ready(FRIEDRICK), ready(PIERRE)), { attack: 10 });
    const opt = m2mFlow.pending(first)!.options.find((o) => o.id === "parry:shortsword")!;
    expect(opt.unavailableKey).toBeUndefined();
    expect(opt.target!.value).toBe(9); // Parry 6 + PD 3 (L1756)
    const r = m2mFlow.result(
      m2mFlow.choose(first, { option: "parry:shortsword" }, fixed({ defence: 9 })),
    );
    const pierre = stateOf(r, "defender").block;
    expect(data(pierre).defences.parries).toEqual({ shortsword: 1 });
    const second = startWith(decl(ready(FRIEDRICK), pierre), { attack: 10 });
    expect(
      m2mFlow.pending(second)!.options.find((o) => o.id === "parry:shortsword")!.unavailableKey,
    ).toBe("BLOWBYBLOW.M2M.Unavailable.spent");
    expect(() => m2mFlow.parseChoice(second, { option: "parry:shortsword" })).toThrow(
      /none of it left/,
    );
    const fresh = turn(pierre, "turnStart").block;
    const third = startWith(decl(ready(FRIEDRICK), fresh), { attack: 10 });
    expect(
      m2mFlow.pending(third)!.options.find((o) => o.id === "parry:shortsword")!.unavailableKey,
    ).toBeUndefined();
  });

  it("retreat once per turn (L2376): a second dodge-and-retreat is refused, a plain dodge is not", () => {
    const first = startWith(decl(ready(FRIEDRICK), ready(PIERRE)), { attack: 10 });
    expect(
      m2mFlow.pending(first)!.options.find((o) => o.id === "dodge-retreat")!.target!.value,
    ).toBe(4 + 3 + 3);
    const r = m2mFlow.result(
      m2mFlow.choose(first, { option: "dodge-retreat" }, fixed({ defence: 9 })),
    );
    const pierre = stateOf(r, "defender").block;
    expect(data(pierre).defences.retreated).toBe(true);
    const second = startWith(decl(ready(FRIEDRICK), pierre), { attack: 10 });
    const opts = m2mFlow.pending(second)!.options;
    expect(opts.find((o) => o.id === "dodge-retreat")!.unavailableKey).toBe(
      "BLOWBYBLOW.M2M.Unavailable.retreat",
    );
    expect(() => m2mFlow.parseChoice(second, { option: "dodge-retreat" })).toThrow(/once per turn/);
    expect(m2mFlow.parseChoice(second, { option: "dodge" })).toEqual({ option: "dodge" });
  });

  it("an unknown option is refused naming the field and the options", () => {
    const s = startWith(decl(ready(FRIEDRICK), ready(PIERRE)), { attack: 10 });
    expect(() => m2mFlow.parseChoice(s, { option: "parry:axe" })).toThrow(
      /defence\.option.*dodge, dodge-retreat, block, parry:shortsword, none/,
    );
  });

  it("All-Out Defence: a failed first defence asks for a second, different one (§6.6, L1682)", () => {
    const s = startWith(decl(ready(FRIEDRICK), ready(PIERRE, "all-out-defence")), { attack: 10 });
    const after = m2mFlow.choose(s, { option: "block" }, fixed({ defence: 12 }));
    const p = m2mFlow.pending(after)!;
    expect(p.data!.second).toBe(true);
    expect(p.options.find((o) => o.id === "block")!.unavailableKey).toBe(
      "BLOWBYBLOW.M2M.Unavailable.secondDefence",
    );
    expect(() => m2mFlow.parseChoice(after, { option: "block" })).toThrow(/different defence/);
    const done = m2mFlow.choose(after, { option: "parry:shortsword" }, fixed({ "defence.2": 8 }));
    const r = m2mFlow.result(done);
    expect(r.rolls.map((x) => x.name)).toEqual(["attack", "defence", "defence.2"]);
    expect(r.defences.map((d) => [d.option, d.roll, d.outcome])).toEqual([
      ["block", 12, "failure"],
      ["parry:shortsword", 8, "success"],
    ]);
    expect(r.exchange.hit).toBe(false);
    // Both count against his turn: one block, one parry with the shortsword.
    expect(data(stateOf(r, "defender").block).defences).toEqual({
      blocks: 1,
      parries: { shortsword: 1 },
      retreated: false,
    });
  });

  it("All-Out Defence: a first defence that succeeds ends the exchange", () => {
    const s = startWith(decl(ready(FRIEDRICK), ready(PIERRE, "all-out-defence")), { attack: 10 });
    const r = m2mFlow.result(m2mFlow.choose(s, { option: "dodge" }, fixed({ defence: 5 })));
    expect(
      m2mFlow.pending(m2mFlow.choose(s, { option: "dodge" }, fixed({ defence: 5 }))),
    ).toBeNull();
    expect(r.exchange.hit).toBe(false);
    expect(r.rolls.map((x) => x.name)).toEqual(["attack", "defence"]);
  });
});

describe("a scripted fight: Friedrick against Filthy Pierre, from the first maneuver to a death check", () => {
  const gm: Caller = { userId: "gm", isGM: true, owns: { attacker: true, defender: true } };

  it("runs turn by turn with fixed dice, and every exchange replays from its named rolls", () => {
    let fried = newFighterBlock(14);
    let pierre = newFighterBlock(10);
    expect(
      m2mTurns.order([
        { id: "pierre", figures: { move: 4, speed: 5.5 } },
        { id: "friedrick", figures: { move: 5, speed: 6.5 } },
      ]),
    ).toEqual(["friedrick", "pierre"]);

    // Round 1, Friedrick: Attack, axe swing at Pierre's torso.
    fried = act(FRIEDRICK, fried, { maneuver: "attack" }).block;
    pierre = act(PIERRE, pierre, { maneuver: "attack" }).block; // (Pierre chose Attack on his last turn)
    const raw1 = decl(fried, pierre);
    // Through the generic flow (src/core/flow.ts): declared, accepted, Pierre blocks and fails.
    let card = declareExchange(m2mFlow, {
      attacker: { actorUuid: "A", tokenUuid: null, name: "Friedrick" },
      defender: { actorUuid: "P", tokenUuid: null, name: "Pierre" },
      declaration: raw1,
      context: {},
      rolls: [{ name: "attack", count: 3, sides: 6, values: [3, 3, 4], total: 10 }],
    });
    card = acceptExchange(m2mFlow, card, gm, true);
    expect(card.pending!.options.map((o) => o.id)).toEqual([
      "dodge",
      "dodge-retreat",
      "block",
      "parry:shortsword",
      "none",
    ]);
    card = submitChoice(
      m2mFlow,
      card,
      {
        revision: card.revision,
        kind: "defence",
        value: { option: "block" },
        request: null,
        rolls: [
          { name: "defence", count: 3, sides: 6, values: [5, 5, 5], total: 15 },
          { name: "damage", count: 1, sides: 6, values: [6], total: 6 },
        ],
      },
      gm,
      gm,
    );
    expect(card.state).toBe("resolved");
    const r1 = card.result as M2mFlowResult;
    // 1+4 with a 6 = 10 cut − DR 1 = 9 × 1.5 = 13 (§7.4); HP 10 → −3: unconscious (L1876),
    // a major wound (13 > 5): stunned, knockdown roll 12 vs HT 10 fails (L1868).
    expect(r1.exchange.damage).toMatchObject({ basic: 10, dr: 1, penetrating: 9, injury: 13 });
    const conds = r1.effects
      .filter((e) => e.type === "condition" && e.to === "defender")
      .map((e) => e.type === "condition" && [e.condition, e.until, e.value]);
    expect(conds).toEqual([
      ["shocked", "endOfNextTurn", 13],
      ["stunned", "recovered", undefined],
      ["prone", "recovered", undefined],
      ["unconscious", "recovered", undefined],
    ]);
    pierre = stateOf(r1, "defender").block;
    fried = stateOf(r1, "attacker").block;
    expect(stateOf(r1, "defender").basedOn).toBe(2); // turnStart, then the maneuver
    expect(data(pierre).hp).toBe(-3);
    expect(data(pierre).posture).toBe("lying");
    expect(data(pierre).defences.blocks).toBe(1);
    // The axe needs a turn to ready after a swing (ST 12 = min ST, L2107).
    expect(data(fried).weapons.axe).toMatchObject({ place: "hand", turnsToReady: 1 });
    // Replay from the declaration, the choices and the named rolls gives the same result.
    const replayed = runExchange(
      m2mFlow,
      m2mFlow.parseDeclaration(raw1),
      { defence: [{ option: "block" }] },
      replayDice(r1.rolls),
    );
    expect(replayed.result).toEqual(r1);

    fried = turn(fried, "turnEnd").block;
    // Pierre's turn: out of the fight, the tracker passes him by and marks him defeated.
    const p1 = turn(pierre, "turnStart");
    expect(p1).toMatchObject({ actionless: true, defeated: true, rolls: [] });
    pierre = turn(p1.block, "turnEnd").block;
    expect(data(pierre).conditions.map((c) => c.condition)).not.toContain("shocked");

    // Round 2, Friedrick: the axe is not ready, so he may not attack; he Readies it.
    const atk2 = act(FRIEDRICK, fried, { maneuver: "attack" }).block;
    expect(() => startWith(decl(atk2, pierre), { attack: 10 })).toThrow(/not ready/);
    fried = act(FRIEDRICK, fried, { maneuver: "ready", weapon: "axe" }).block;
    expect(data(fried).weapons.axe!.turnsToReady).toBe(0);
    fried = turn(fried, "turnEnd").block;
    pierre = turn(turn(pierre, "turnStart").block, "turnEnd").block;

    // Round 3, Friedrick attacks the unconscious Pierre: only his PD 3 defends (L1824).
    fried = act(FRIEDRICK, fried, { maneuver: "attack" }).block;
    const raw3 = decl(fried, pierre);
    const s3 = startWith(raw3, { attack: 9 });
    const p3 = m2mFlow.pending(s3)!;
    expect(p3.options.filter((o) => !o.unavailableKey).map((o) => o.id)).toEqual(["none"]);
    expect(p3.options.find((o) => o.id === "none")!.target!.value).toBe(3);
    const end = m2mFlow.choose(
      s3,
      { option: "none" },
      fixed({ defence: 11, damage: 6, death: 14 }),
    );
    const r3 = m2mFlow.result(end);
    // −3 − 13 = −16 ≤ −HT: one death check vs HT 10, rolled 14: he dies (L3641).
    expect(r3.exchange.defender.hp).toBe(-16);
    expect(r3.exchange.defender.deathChecks).toEqual([
      { threshold: -10, roll: 14, survived: false },
    ]);
    expect(r3.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "dead",
      cause: "wound",
      until: "permanent",
    });
    pierre = stateOf(r3, "defender").block;
    expect(data(pierre).hp).toBe(-16);
    expect(turn(pierre, "turnStart")).toMatchObject({ defeated: true, actionless: true });
    const again = runExchange(
      m2mFlow,
      m2mFlow.parseDeclaration(raw3),
      { defence: [{ option: "none" }] },
      replayDice(r3.rolls),
    );
    expect(again.result).toEqual(r3);
  });
});

describe("state effects are applied to whoever they belong to", () => {
  it("a Critical Miss that turns the weapon in hand unreadies the attacker's weapon (L2606)", () => {
    const fried = act(FRIEDRICK, newFighterBlock(14), { maneuver: "attack" }).block;
    const pierre = act(PIERRE, newFighterBlock(10), { maneuver: "attack" }).block;
    // Attack 18: critical miss; table 8: the weapon turns in the hand (§10.3).
    const s = startWith(decl(fried, pierre), { attack: 18, criticalMiss: 8 });
    const r = m2mFlow.result(s);
    expect(r.exchange.criticalMiss!.effects).toContain("weapon-turns-in-hand");
    // The swing's readying (1) plus one for the turned weapon.
    expect(data(stateOf(r, "attacker").block).weapons.axe!.turnsToReady).toBe(2);
    expect(data(stateOf(r, "defender").block)).toEqual(data(pierre));
  });

  const fumble = (criticalMiss: Record<string, number>) => {
    const fried = act(FRIEDRICK, newFighterBlock(14), { maneuver: "attack" }).block;
    const pierre = act(PIERRE, newFighterBlock(10), { maneuver: "attack" }).block;
    // A roll of 18 is always a critical miss (§5.4); the table roll decides what follows (§10.3).
    const r = m2mFlow.result(startWith(decl(fried, pierre), { attack: 18, ...criticalMiss }));
    return { r, fried: stateOf(r, "attacker").block, pierre };
  };

  it("Critical Miss 9: the attacker drops his axe; it is on the ground and cannot attack; standing, he must kneel before Ready picks it up (L2607, L2101)", () => {
    const { r, fried, pierre } = fumble({ criticalMiss: 9 });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "attacker",
      condition: "disarmed",
      cause: "criticalMiss",
      until: "recovered",
    });
    expect(data(fried).weapons.axe!.place).toBe("ground");
    expect(data(fried).conditions).toEqual([]);
    const next = act(FRIEDRICK, turn(fried, "turnEnd").block, { maneuver: "attack" }).block;
    expect(() => startWith(decl(next, pierre), { attack: 10 })).toThrow(/not ready/);
    expect(() =>
      chooseManeuver(parsed(FRIEDRICK, turn(turn(fried, "turnEnd").block, "turnStart").block), {
        maneuver: "ready",
        weapon: "axe",
      }),
    ).toThrow(/on the ground: he must kneel first/);
  });

  it("Critical Miss 3: the axe breaks (L2602); a broken weapon cannot attack", () => {
    const { r, fried, pierre } = fumble({ criticalMiss: 3 });
    expect(r.effects).toContainEqual({
      type: "weaponDamaged",
      to: "attacker",
      broken: true,
      cause: "criticalMiss",
    });
    expect(data(fried).weapons.axe!.broken).toBe(true);
    const next = act(FRIEDRICK, turn(fried, "turnEnd").block, { maneuver: "attack" }).block;
    expect(() => startWith(decl(next, pierre), { attack: 10 })).toThrow(/broken/);
  });

  it("Critical Miss 7: he loses his balance until his next turn (L2605) and the axe is unready (L2115)", () => {
    const { fried } = fumble({ criticalMiss: 7 });
    expect(data(fried).conditions.map((c) => [c.condition, c.until])).toEqual([
      ["offBalance", "nextTurn"],
    ]);
    expect(data(fried).weapons.axe!.turnsToReady).toBe(1);
    const next = turn(turn(fried, "turnEnd").block, "turnStart");
    expect(next.ended).toEqual(["offBalance"]);
  });

  it("Critical Miss 5: he hits himself; the wound, its shock and hp go to the attacker's block", () => {
    const { r, fried } = fumble({
      criticalMiss: 5,
      selfLocation: 1,
      selfDamage: 6,
      selfKnockdown: 10,
    });
    const self = r.exchange.criticalMiss!.selfHit!;
    expect(self.wound!.injury).toBeGreaterThan(0);
    expect(data(fried).hp).toBe(self.wound!.hp);
    expect(data(fried).hp).toBeLessThan(14);
    expect(data(fried).conditions.find((c) => c.condition === "shocked")!.value).toBe(
      self.wound!.shock,
    );
    expect(r.effects.filter((e) => e.to === "defender" && e.type !== "state")).toEqual([]);
  });

  it("a blow that cripples Pierre's weapon arm drops his sword; he can neither attack nor parry with it (L3671-3675)", () => {
    const fried = act(FRIEDRICK, newFighterBlock(14), { maneuver: "attack" }).block;
    const pierre = act(PIERRE, newFighterBlock(10), { maneuver: "attack" }).block;
    // Aimed at the right arm (−2, hit on 10); 1+4 with a 6 = 10 − DR 1 = 9 × 1.5 = 13, capped at 6 (§9.4).
    const s = startWith(decl(fried, pierre, { target: "right-arm" }), { attack: 10 });
    const r = m2mFlow.result(
      m2mFlow.choose(s, { option: "dodge" }, fixed({ defence: 15, damage: 6, knockdown: 9 })),
    );
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "crippled",
      cause: "wound",
      location: "right-arm",
      until: "encounter",
    });
    const p = stateOf(r, "defender").block;
    expect(data(p).weapons.shortsword!.place).toBe("ground");
    const up = act(PIERRE, turn(p, "turnStart", { stunRecovery: 8 }).block, {
      maneuver: "attack",
    }).block;
    expect(() => startWith(decl(up, fried, {}, PIERRE, FRIEDRICK), { attack: 10 })).toThrow(
      /weapon arm is crippled/,
    );
    const again = startWith(
      decl(act(FRIEDRICK, turn(fried, "turnEnd").block, { maneuver: "attack" }).block, up),
      { attack: 10 },
    );
    expect(
      m2mFlow.pending(again)!.options.find((o) => o.id === "parry:shortsword")!.unavailableKey,
    ).toBe("BLOWBYBLOW.M2M.Unavailable.forbidden");
  });

  describe("a critical hit that makes the foe drop his weapon (L2571-2573)", () => {
    const KNIFE = {
      id: "knife",
      table: "large-knife",
      parry: 5,
      modes: { swing: { skill: 12, damage: "1-2", type: "cut" } },
    };
    /** Pierre with a shortsword and a large knife, both in hand. */
    const TWO = { ...PIERRE, weapons: [...PIERRE.weapons, KNIFE] };
    // Attack 3: a critical hit, no defence (§1.3); head table 14: he drops his weapon (L2573).
    const headBlow = (sheet: object, more: RollScript = {}) => {
      const fried = act(FRIEDRICK, newFighterBlock(14), { maneuver: "attack" }).block;
      const pierre = act(sheet, newFighterBlock(10), { maneuver: "attack" }).block;
      const raw = decl(fried, pierre, { target: "head" }, FRIEDRICK, sheet);
      const script = { attack: 3, criticalHit: 14, damage: 1, knockdown: 3, ...more };
      const r = m2mFlow.result(startWith(raw, script));
      return { raw, r, weapons: data(stateOf(r, "defender").block).weapons };
    };

    it("holding two, a named roll among them (sheet order) picks the one dropped; it replays", () => {
      const second = headBlow(TWO, { dropWeapon: 2 });
      expect(second.r.exchange.criticalHit!.effects).toContain("drops-weapon");
      expect(second.r.rolls.find((x) => x.name === "dropWeapon")).toEqual({
        name: "dropWeapon",
        count: 1,
        sides: 2,
        values: [2],
        total: 2,
      });
      expect(second.weapons.knife?.place).toBe("ground");
      expect(second.weapons.shortsword?.place ?? "hand").toBe("hand");
      const first = headBlow(TWO, { dropWeapon: 1 });
      expect(first.weapons.shortsword?.place).toBe("ground");
      expect(first.weapons.knife?.place ?? "hand").toBe("hand");
      // Replay from the named rolls gives the same result.
      const replayed = runExchange(
        m2mFlow,
        m2mFlow.parseDeclaration(second.raw),
        {},
        replayDice(second.r.rolls),
      );
      expect(replayed.result).toEqual(second.r);
      // Its dice are the attacker's, as the critical hit's (docs/architecture.md §2.6).
      expect(m2mFlow.rollSide!("dropWeapon")).toBe("attacker");
    });

    it("holding one, he drops it with no roll", () => {
      // fixed(): any roll not in the script (a dropWeapon roll) would fail the test.
      const { r, weapons } = headBlow(PIERRE);
      expect(r.rolls.map((x) => x.name)).not.toContain("dropWeapon");
      expect(weapons.shortsword?.place).toBe("ground");
    });
  });

  it("a block that rolls 17-18 leaves the defender's shield unready (§6.7)", () => {
    const fried = act(FRIEDRICK, newFighterBlock(14), { maneuver: "attack" }).block;
    const pierre = act(PIERRE, newFighterBlock(10), { maneuver: "attack" }).block;
    const s = startWith(decl(fried, pierre), { attack: 10 });
    const r = m2mFlow.result(
      m2mFlow.choose(s, { option: "block" }, fixed({ defence: 18, damage: 1, knockdown: 10 })),
    );
    const p = data(stateOf(r, "defender").block);
    expect(p.shieldReady).toBe(false);
    const next = startWith(decl(fried, stateOf(r, "defender").block), { attack: 10 });
    expect(m2mFlow.pending(next)!.options.find((o) => o.id === "block")!.unavailableKey).toBe(
      "BLOWBYBLOW.M2M.Unavailable.forbidden",
    );
  });

  it("a ruleset without turn hooks refuses a turn event (HM3)", () => {
    expect(() => runTurnEvent(hm3, newFighterBlock(10), "turnStart", fixed({}))).toThrow(
      /no turn hooks/,
    );
  });

  it("names whose dice each roll is (docs/architecture.md §2.6)", () => {
    expect(
      ["attack", "location", "damage", "criticalHit", "criticalMiss.2"].map((n) =>
        m2mFlow.rollSide!(n),
      ),
    ).toEqual(Array(5).fill("attacker"));
    expect(
      ["defence", "defence.2", "knockdown", "death.2", "defenceCriticalMiss"].map((n) =>
        m2mFlow.rollSide!(n),
      ),
    ).toEqual(Array(5).fill("defender"));
    expect(m2mFlow.rollSide!("selfDamage")).toBeNull();
  });

  it("parseResolveInput takes the defence as the answer to its prompt; bad input names the field", () => {
    const fried = act(FRIEDRICK, newFighterBlock(14), { maneuver: "attack" }).block;
    const pierre = act(PIERRE, newFighterBlock(10), { maneuver: "attack" }).block;
    const { decl: d, answers } = m2mFlow.parseResolveInput({
      ...decl(fried, pierre),
      defence: { option: "dodge" },
    });
    expect(answers).toEqual({ defence: [{ option: "dodge" }] });
    const { result } = runExchange(m2mFlow, d, answers, fixed({ attack: 10, defence: 6 }));
    expect(result.defences.map((x) => [x.option, x.outcome])).toEqual([["dodge", "success"]]);
    expect(() => m2mFlow.parseDeclaration(decl(fried, pierre, { weapon: "mace" }))).toThrow(
      /attack\.weapon.*no such weapon/,
    );
    expect(() => m2mFlow.parseDeclaration(decl(fried, pierre, { kind: "laser" }))).toThrow(
      /attack\.kind/,
    );
    expect(() => m2mFlow.parseDeclaration(decl(fried, pierre, { mode: "thrust" }))).toThrow(
      /attack\.mode.*swing/,
    );
  });

  it("refuses a malformed block naming the field", () => {
    const b = newFighterBlock(10);
    expect(() => parseFighterBlock({ ...b, data: { ...b.data, posture: "flying" } })).toThrow(
      /block\.data\.posture/,
    );
  });
});
