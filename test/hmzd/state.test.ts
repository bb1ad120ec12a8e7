/** Shock states and their rules (seed 001 lines 135-162, hmzd.md §5, Z2, Z3, Z7, Z15, Z20). */
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice } from "../../src/core/dice";
import {
  combineShock,
  conditionChange,
  conditionsOf,
  fallsProne,
  masteryLevel,
  readHmzdState,
  recoveredState,
  shockTest,
  stateRules,
} from "../../src/rules/hmzd/state";
import { HMZD_STATES, type HmzdState } from "../../src/rules/hmzd/types";

const noDice = new ScriptedDice({}, { roll: () => [] });

describe("combining a new injury's state with the current one (001:159-160, Z15)", () => {
  // Rows: current state; columns: the incoming state, in HMZD_STATES order.
  const table: Record<HmzdState, HmzdState[]> = {
    none: ["none", "STN", "INC", "UNC", "KIA"],
    STN: ["STN", "INC", "INC", "UNC", "KIA"],
    INC: ["INC", "INC", "UNC", "UNC", "KIA"],
    UNC: ["UNC", "UNC", "UNC", "UNC", "KIA"],
    KIA: ["KIA", "KIA", "KIA", "KIA", "KIA"],
  };
  for (const current of HMZD_STATES)
    HMZD_STATES.forEach((incoming, i) => {
      it(`${current} + new ${incoming} → ${table[current][i]}`, () => {
        expect(combineShock(current, incoming)).toBe(table[current][i]);
      });
    });

  it("001:159: a new STN while stunned is INC; 001:160: a new INC while INC is UNC", () => {
    expect(combineShock("STN", "STN")).toBe("INC");
    expect(combineShock("INC", "INC")).toBe("UNC");
  });

  it("Z15: never lowers a worse current state", () => {
    for (const c of HMZD_STATES)
      for (const n of HMZD_STATES)
        expect(HMZD_STATES.indexOf(combineShock(c, n))).toBeGreaterThanOrEqual(
          Math.max(HMZD_STATES.indexOf(c), HMZD_STATES.indexOf(n)),
        );
  });
});

describe("what each state allows (001:159-162, Z2, Z3)", () => {
  it("none: everything", () => {
    expect(stateRules("none")).toEqual({
      state: "none",
      canAct: true,
      forcedDefence: null,
      levelShift: 0,
      movement: "normal",
      doubleMove: true,
      aware: true,
      defeated: false,
    });
  });

  it("STN (001:159): acts, every action test one level down, movement Difficult, no double move", () => {
    const r = stateRules("STN");
    expect(r.canAct).toBe(true);
    expect(r.levelShift).toBe(-1);
    expect(r.movement).toBe("difficult");
    expect(r.doubleMove).toBe(false);
    expect(r.forcedDefence).toBeNull();
    expect(r.defeated).toBe(false);
  });

  it("INC (001:160): no actions, must Ignore (Z3), only an assisted Difficult Half Move", () => {
    const r = stateRules("INC");
    expect(r.canAct).toBe(false);
    expect(r.forcedDefence).toBe("ignore");
    expect(r.movement).toBe("assistedHalf");
    expect(r.aware).toBe(false);
    expect(r.defeated).toBe(false);
  });

  it("UNC (001:161): no actions, helpless (Z3: the attacker counts as CS), no movement, defeated", () => {
    const r = stateRules("UNC");
    expect(r.canAct).toBe(false);
    expect(r.forcedDefence).toBe("helpless");
    expect(r.movement).toBe("none");
    expect(r.defeated).toBe(true);
  });

  it("KIA (001:162): dead", () => {
    expect(stateRules("KIA")).toMatchObject({ canAct: false, defeated: true, movement: "none" });
  });
});

describe("conditions of the states (Z20)", () => {
  it("STN stunned, INC shock, UNC unconscious, KIA dead; none none", () => {
    expect(HMZD_STATES.map((s) => conditionsOf(s))).toEqual([
      [],
      ["stunned"],
      ["shock"],
      ["unconscious"],
      ["dead"],
    ]);
  });

  it("a change sets the new state's condition and ends the old one's", () => {
    expect(conditionChange("STN", "INC")).toEqual({ set: ["shock"], ended: ["stunned"] });
    expect(conditionChange("INC", "STN")).toEqual({ set: ["stunned"], ended: ["shock"] });
    expect(conditionChange("STN", "none")).toEqual({ set: [], ended: ["stunned"] });
    expect(conditionChange("STN", "STN")).toEqual({ set: [], ended: [] });
  });

  it("001:160-161: falling into INC or UNC puts him prone; going between them or coming round does not", () => {
    expect(fallsProne("none", "INC")).toBe(true);
    expect(fallsProne("STN", "UNC")).toBe(true);
    expect(fallsProne("INC", "UNC")).toBe(false);
    expect(fallsProne("UNC", "INC")).toBe(false);
    expect(fallsProne("none", "STN")).toBe(false);
    expect(fallsProne("INC", "KIA")).toBe(false);
  });
});

describe("the Shock test (Z7, hmzd.md §1: d100, 5..95, multiples of 5 critical)", () => {
  it("levels by roll against a target of 50", () => {
    expect(masteryLevel(5, 50)).toBe("CS");
    expect(masteryLevel(34, 50)).toBe("S");
    expect(masteryLevel(50, 50)).toBe("CS");
    expect(masteryLevel(51, 50)).toBe("F");
    expect(masteryLevel(55, 50)).toBe("CF");
    expect(masteryLevel(100, 50)).toBe("CF");
  });

  it("the EML is clamped to 5..95", () => {
    expect(masteryLevel(96, 150)).toBe("F");
    expect(masteryLevel(4, 0)).toBe("S");
    expect(masteryLevel(6, 0)).toBe("F");
  });

  it("rolls the named d100 and reports target, level and success (001:141: a success of any kind)", () => {
    const t = shockTest(new ScriptedDice({ recovery: 45 }, noDice), "recovery", 50);
    expect(t).toEqual({ roll: "recovery", total: 45, target: 50, level: "CS", success: true });
    const f = shockTest(new ScriptedDice({ shock: 100 }, noDice), "shock", 50);
    expect(f).toEqual({ roll: "shock", total: 100, target: 50, level: "CF", success: false });
    const clamped = shockTest(new ScriptedDice({ shock: 97 }, noDice), "shock", 120);
    expect(clamped.target).toBe(95);
    expect(clamped.success).toBe(false);
  });

  it("refuses a Shock EML that is not a whole number, naming it", () => {
    expect(() => shockTest(new SeededDice(1), "shock", 40.5)).toThrow(/shockEml/);
  });
});

describe("recovery (Z15; 001:141, 159-161)", () => {
  it("success: STN → none, INC → STN, UNC → INC", () => {
    expect(recoveredState("STN", true)).toBe("none");
    expect(recoveredState("INC", true)).toBe("STN");
    expect(recoveredState("UNC", true)).toBe("INC");
  });

  it("failure keeps the state; none and KIA never change", () => {
    for (const s of HMZD_STATES) expect(recoveredState(s, false)).toBe(s);
    expect(recoveredState("none", true)).toBe("none");
    expect(recoveredState("KIA", true)).toBe("KIA");
  });
});

describe("reading a state", () => {
  it("accepts the five states and names a bad one", () => {
    expect(readHmzdState("INC", "attacker.state")).toBe("INC");
    expect(() => readHmzdState("stunned", "attacker.state")).toThrow(
      /attacker\.state: expected one of none, STN, INC, UNC, KIA, got "stunned"/,
    );
  });
});
