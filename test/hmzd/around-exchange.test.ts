/**
 * The rules around an exchange on the engine's result: the seed's worked example (hmzd.md §9;
 * 001:113-141) leaves the defender STN with an S2E left-shoulder injury; the block, the special
 * effect of its □ (Z10), its impairment (Z8) and the recovery at the end of his next turn (Z15).
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, type Dice } from "../../src/core/dice";
import { injuryBand, humanPlan } from "../../src/rules/hmzd/tables";
import { impairment } from "../../src/rules/hmzd/impairment";
import { specialEffects } from "../../src/rules/hmzd/special";
import {
  afterExchange,
  blocksAfterResult,
  declarationFigures,
  editBlock,
  exchangeChanges,
  hmzdTurns,
  newHmzdBlock,
  parseHmzdBlock,
} from "../../src/rules/hmzd/turn";
import { example, resolve, workedExample } from "./helpers";

const SWORD = { zoneDie: 4, impact: { die: 10, base: 3, aspect: "edge" } };

const none: Dice = {
  roll(name) {
    throw new Error(`unexpected roll ${name}`);
  },
};

describe("after the worked example (hmzd.md §9)", () => {
  const r = resolve(workedExample());
  const strike = r.strike!;

  it("the block takes the strike's shock state: STN (001:133), recovery at the end of his next turn", () => {
    const after = afterExchange(newHmzdBlock(50), "defender", {
      round: 1,
      tested: true,
      setupsWon: 0,
      actionTaken: false,
      injury: {
        key: "worked-example",
        severity: strike.injury![0] as "S",
        state: strike.shock!.state,
        shockSucceeded: strike.shock!.level === "S" || strike.shock!.level === "CS",
      },
    });
    expect(after.after).toBe("STN");
    expect(parseHmzdBlock(after.block).data.recovery).toEqual({ at: "turnEnd", armed: false });
    const start = hmzdTurns.onEvent(after.block, "turnStart", none);
    const end = hmzdTurns.onEvent(start.block, "turnEnd", new ScriptedDice({ recovery: 50 }, none));
    expect(end.ended).toEqual(["stunned"]);
  });

  it("S2 carries □ on an arm location: a Fumble roll against the defender's DEX (Z10)", () => {
    const band = injuryBand(strike.effectiveImpact)!;
    const fx = specialEffects(
      {
        injury: band,
        location: strike.location,
        region: "arm",
        aspect: strike.aspect,
        victim: { dex: 11, agl: 11 },
        state: "STN",
        to: "defender",
        prefix: "",
        options: { specialEffects: true },
      },
      new ScriptedDice({ fumble: [6, 4, 3] }, none),
    );
    expect(strike.location).toBe("left-shoulder");
    expect(fx.fumble).toMatchObject({ roll: "fumble", total: 13, target: 11, failed: true });
    expect(fx.effects).toEqual([
      {
        type: "condition",
        to: "defender",
        condition: "disarmed",
        cause: "fumble",
        location: "left-shoulder",
        until: "recovered",
      },
    ]);
  });

  it("001:117: 10 impairment on his left-arm actions only", () => {
    const wound = {
      severity: "S" as const,
      level: strike.injuryLevel,
      zone: strike.zone,
      side: strike.side,
      hinders: true,
    };
    expect(impairment(humanPlan(), [wound], { kind: "shield", hand: "left" }).penalty).toBe(10);
    expect(impairment(humanPlan(), [wound], { kind: "weapon", hand: "right" }).penalty).toBe(0);
    expect(impairment(humanPlan(), [wound], { kind: "move" }).penalty).toBe(0);
  });
});

describe("from a result to both blocks (exchangeChanges, blocksAfterResult)", () => {
  it("the worked example: both tested, no TA; the defender takes S2 and STN", () => {
    const c = exchangeChanges(resolve(workedExample()), 2, "ex-1");
    expect(c.attacker).toEqual({
      round: 2,
      tested: true,
      setupsWon: 0,
      actionTaken: false,
      injury: null,
    });
    expect(c.defender).toEqual({
      round: 2,
      tested: true,
      setupsWon: 0,
      actionTaken: false,
      injury: { key: "ex-1", severity: "S", state: "STN", shockSucceeded: false },
    });
    const after = blocksAfterResult(
      resolve(workedExample()),
      { attacker: newHmzdBlock(60), defender: newHmzdBlock(50) },
      2,
      "ex-1",
    );
    expect(after.attacker.after).toBe("none");
    expect(after.defender.after).toBe("STN");
    expect(
      after.effects.map((e) => `${e.to}:${e.type === "condition" ? e.condition : e.type}`),
    ).toEqual(["attacker:state", "defender:stunned", "defender:state"]);
  });

  it("a CS block against an F attack: the defender's Setup (the default, Z6) is owed next round", () => {
    // F (81) against a CS block (45): two stars, one TA, Setup by default for a defender.
    const r = resolve(example({ rolls: { attack: 81, defence: 45 } }));
    expect([r.victor, r.spent.setup]).toEqual(["defender", 1]);
    const after = blocksAfterResult(
      r,
      { attacker: newHmzdBlock(60), defender: newHmzdBlock(50) },
      3,
      "ex-2",
    );
    expect(declarationFigures(after.defender.block, 4)).toEqual({
      state: "none",
      setup: 1,
      actionTaken: false,
      shock: 50,
    });
    expect(declarationFigures(after.attacker.block, 4).setup).toBe(0);
  });

  it("an Ignore is no test; the counterstrike's victim is the attacker", () => {
    const ignore = exchangeChanges(resolve(example({ defence: { type: "ignore" } })), 1, "k");
    expect(ignore.defender.tested).toBe(false);
    const counter = resolve(
      example({
        defence: { type: "counterstrike", eml: 50, weapon: SWORD, placement: 4 },
        rolls: {
          attack: 71,
          defence: 41,
          "counter.zone": 2,
          "counter.location": 6,
          "counter.impact": 7,
          "counter.shock": 41,
        },
      }),
    );
    const c = exchangeChanges(counter, 1, "k");
    expect(c.attacker.injury).toEqual({
      key: "k",
      severity: "S",
      state: counter.strike!.shock!.state,
      shockSucceeded: true,
    });
    expect(c.defender.injury).toBeNull();
  });

  it("Z3: the attack on a helpless UNC defender is no test of the attacker's", () => {
    const r = resolve(example({ defender: { state: "UNC" }, defence: { type: "ignore" } }));
    expect(r.attack.roll).toBeNull();
    expect(exchangeChanges(r, 1, "k").attacker.tested).toBe(false);
  });

  it("declarationFigures: the state, the Action taken this round; KIA refused", () => {
    const acted = afterExchange(newHmzdBlock(40, "STN"), "attacker", {
      round: 5,
      tested: true,
      setupsWon: 0,
      actionTaken: true,
      injury: null,
    }).block;
    expect(declarationFigures(acted, 5)).toEqual({
      state: "STN",
      setup: 0,
      actionTaken: true,
      shock: 40,
    });
    expect(declarationFigures(acted, 6).actionTaken).toBe(false);
    expect(() =>
      declarationFigures(editBlock(acted, { state: "KIA" }), 6, "defender.block"),
    ).toThrow(/defender\.block\.data\.state: a fighter killed in action fights no more, got "KIA"/);
  });
});
