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
import { afterExchange, hmzdTurns, newHmzdBlock, parseHmzdBlock } from "../../src/rules/hmzd/turn";
import { resolve, workedExample } from "./helpers";

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
