/**
 * Ruling Z40 (docs/rulings.md; fidelity review of issue 18): 001:161 makes an UNC defender
 * "Helpless (CS Ignore result in melee)": the attacker's CS without a roll (Z3) is a melee
 * result; a missile at an UNC defender is rolled against the Ignore (CF). Figures by hand.
 */
import { describe, expect, it } from "vitest";
import { oddsInput } from "../../src/rules/hmzd/odds";
import { example, resolve } from "./helpers";

describe("Ruling Z40 (001:161 'Helpless (CS Ignore result in melee)')", () => {
  const missile = {
    type: "missile",
    eml: 70,
    weapon: { impact: { die: 8, base: 4, aspect: "point" } },
  };
  it("a missile at an UNC defender is rolled against the Ignore (CF): an S wins two stars", () => {
    const input = example({
      attack: missile,
      defender: { state: "UNC" },
    });
    input.rolls = { attack: 34, zone: 3, location: 2, impact: 6, shock: 100 };
    delete input.defence;
    const r = resolve(input);
    expect(r.defenceType).toBe("ignore");
    expect(r.attack).toMatchObject({ roll: 34, level: "S", value: 2 });
    expect([r.stars, r.victor, r.tacticalAdvantages]).toEqual([2, "attacker", 1]);
    // The shoulder's injury is a □ on an arm: Z10 calls a fumble roll after the shock roll.
    expect(r.rolls.map((x) => x.name)).toEqual([
      "attack",
      "zone",
      "location",
      "impact",
      "shock",
      "fumble",
    ]);
  });
  it("a missile at an UNC defender can miss: a failed roll has no victor", () => {
    const input = example({
      attack: missile,
      defender: { state: "UNC" },
    });
    input.rolls = { attack: 88 };
    delete input.defence;
    const r = resolve(input);
    expect(r.attack).toMatchObject({ roll: 88, level: "F" });
    expect([r.stars, r.victor, r.strike]).toEqual([0, null, null]);
  });
  it("a melee attack at an UNC defender still counts CS without a roll (Z3)", () => {
    const input = example({ defender: { state: "UNC" }, rolls: { zone: 3, location: 2 } });
    delete input.defence;
    expect(resolve(input).attack).toMatchObject({ roll: null, level: "CS", value: 3 });
  });
  it("the exact odds agree: a missile at an UNC defender with EML 70 hits 70 times in 100", () => {
    const input = example({ attack: missile, defender: { state: "UNC" } });
    delete input.defence;
    delete input.rolls;
    delete input.seed;
    const { odds } = oddsInput(input);
    expect(odds.victor.attacker).toBeCloseTo(0.7, 12);
    expect(odds.attackLevel.CS).toBeCloseTo(0.14, 12);
  });
});
