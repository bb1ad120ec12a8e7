/** Initiative and tactical advantage accounting (hm3.md §2). */
import { describe, expect, it } from "vitest";
import { gainTacticalAdvantage, initiativeOrder, startTurn } from "../../src/rules/hm3";

describe("initiative (hm3.md §2: Initiative EML, highest first)", () => {
  it("orders by Initiative EML, highest first; ties keep the given order (R6)", () => {
    expect(
      initiativeOrder([
        { id: "a", eml: 50 },
        { id: "b", eml: 75 },
        { id: "c", eml: 50 },
        { id: "d", eml: 90 },
      ]),
    ).toEqual(["d", "b", "a", "c"]);
  });
});

describe("tactical advantage: one per character turn (hm3.md §2)", () => {
  it("the first gives an extra action, a second ends the turn", () => {
    const t0 = startTurn("knight");
    const first = gainTacticalAdvantage(t0);
    expect(first.outcome).toBe("extraAction");
    expect(first.turn).toEqual({ active: "knight", advantages: 1, ended: false });
    const second = gainTacticalAdvantage(first.turn);
    expect(second.outcome).toBe("turnEnds");
    expect(second.turn.ended).toBe(true);
    expect(() => gainTacticalAdvantage(second.turn)).toThrow(/ended/);
    expect(t0.advantages).toBe(0);
  });

  it("a new turn starts with none", () => {
    expect(gainTacticalAdvantage(startTurn("brigand")).outcome).toBe("extraAction");
  });
});
