/**
 * HârnMaster Gold disengaging foe by foe (seed 000 line 87: "each opponent who is engaged with
 * the character may also test … if an opponent does not wish to make a roll, treat the result as
 * MF"; rulings G67, G85): the disengager's test first, each foe answers once (test or decline),
 * the outcome only when every foe has answered, equal to the one-shot engine's on the same rolls.
 */
import { describe, expect, it } from "vitest";
import { rollAsNeeded } from "../../../src/core/flow";
import { ScriptedDice, SeededDice, type RollRecord } from "../../../src/core/dice";
import { resolveDisengage } from "../../../src/rules/hm3/gold/turns-disengage";
import {
  answerFoe,
  DisengageAnswerError,
  disengageStatus,
  foeRollName,
  ownTest,
  startDisengage,
} from "../../../src/rules/hm3/gold/turns-disengage-answers";

// AGL 13, PP 1: Mobility EML 60, ½ = 30 ft (G67).
const me = { eml: 60, agl: 13, pp: 1 };
const d100 = (name: string, value: number): RollRecord => ({
  name,
  count: 1,
  sides: 100,
  values: [value],
  total: value,
});

async function started(own: Record<string, number | number[]>, foes: number) {
  const script = new ScriptedDice(own, {
    roll(name) {
      throw new Error(`unscripted roll ${name}`);
    },
  });
  const { rolls } = await rollAsNeeded(
    (dice) => ownTest(me, dice),
    async (name, count, sides) => script.roll(name, count, sides),
  );
  return startDisengage(me, foes, rolls);
}

describe("a Disengage answered foe by foe (000:87, G85)", () => {
  it("rolls only the disengager's test at the start; no outcome while a foe is pending", async () => {
    const s = await started({ disengage: 33 }, 2);
    expect(s.own.map((r) => r.name)).toEqual(["disengage"]);
    const st = disengageStatus(s);
    expect(st.own.test).toEqual({ roll: 33, eml: 60, level: "MS" });
    expect(st.foes.map((f) => f.answer)).toEqual(["pending", "pending"]);
    expect(st.result).toBeNull();
  });

  it("one tests, one declines: the outcome is the one-shot engine's on the same rolls", async () => {
    let s = await started({ disengage: 33 }, 2);
    s = answerFoe(s, 0, { test: true, eml: 50, roll: d100(foeRollName(0), 25) });
    expect(disengageStatus(s).result).toBeNull();
    expect(disengageStatus(s).foes[0]).toMatchObject({ answer: "test", roll: 25, level: "CS" });
    s = answerFoe(s, 1, { test: false });
    const st = disengageStatus(s);
    const oneShot = resolveDisengage(
      {
        ...me,
        foes: [
          { id: "0", eml: 50 },
          { id: "1", eml: null },
        ],
      },
      new ScriptedDice({ disengage: 33, "disengage.foe.0": 25 }, new SeededDice(1)),
    );
    expect(st.result).toEqual(oneShot);
    // MS against a CS: one hex, then stop (000:91); the decliner is MF with no roll (000:87).
    expect(st.result).toMatchObject({ outcome: "oneHex", feet: 0 });
    expect(st.foes[1]).toEqual({ answer: "decline", roll: null, eml: null, level: "MF" });
  });

  it("every foe declines: all MF, an MS disengager moves away with ½ Mobility EML feet", async () => {
    let s = await started({ disengage: 33 }, 2);
    s = answerFoe(answerFoe(s, 1, { test: false }), 0, { test: false });
    expect(disengageStatus(s).result).toMatchObject({ outcome: "away", feet: 30, hexes: 6 });
  });

  it("a CF rolls the Stumble Roll with the disengager's test (000:91)", async () => {
    const s = await started({ disengage: 70, "disengage.stumble": [6, 5, 3] }, 0);
    expect(s.own.map((r) => r.name)).toEqual(["disengage", "disengage.stumble"]);
    const st = disengageStatus(s);
    // No foe engaged: the move is never stopped (G67), the Stumble Roll is still made.
    expect(st.result).toMatchObject({ outcome: "away", stumble: { total: 14, target: 12 } });
  });

  it("a foe answers once: a second answer, or an unknown foe, is refused", async () => {
    const s = answerFoe(await started({ disengage: 33 }, 1), 0, { test: false });
    expect(() => answerFoe(s, 0, { test: false })).toThrow(DisengageAnswerError);
    expect(() =>
      answerFoe(s, 0, { test: true, eml: 50, roll: d100("disengage.foe.0", 1) }),
    ).toThrow(/answered already/);
    expect(() => answerFoe(s, 1, { test: false })).toThrow(/No engaged foe 1/);
    expect(() => answerFoe(s, 0.5, { test: false })).toThrow(/No engaged foe/);
  });

  it("a test's roll must be that foe's d100", async () => {
    const s = await started({ disengage: 33 }, 2);
    expect(() =>
      answerFoe(s, 1, { test: true, eml: 50, roll: d100("disengage.foe.0", 5) }),
    ).toThrow(/disengage\.foe\.1/);
    expect(() => startDisengage(me, -1, [])).toThrow(/foes/);
  });
});
