/**
 * The zone-die exchange through the `resolve` contract (src/rules/resolve.ts) with scripted
 * rolls: the seed's worked example (hmzd.md §9, 001:13-133), stars and ties (§1, Z1-Z3, Z17),
 * the TAs (Z5, Z6), location and sides (§2, Z4, Z18), impact (§3, Z19), injury (§4, Z9) and
 * shock (§5, Z7, Z15), the counterstrike, and replay.
 */
import { describe, expect, it } from "vitest";
import { replayDice } from "../../src/core/dice";
import { runExchange } from "../../src/core/ruleset";
import { resolveInput } from "../../src/rules/resolve";
import { hmzd } from "../../src/rules/hmzd";
import { example, resolve, workedExample } from "./helpers";

describe("the seed's worked example (hmzd.md §9; 001:13, 21, 23, 99, 109, 113, 133)", () => {
  const out = resolveInput(workedExample());
  const r = resolve(workedExample());

  it("reproduces every step exactly", () => {
    // 001:13: S against a failed block, one star, a strike.
    expect(r.attack).toMatchObject({ target: 70, roll: 34, level: "S", rolledLevel: "S" });
    expect(r.defence).toMatchObject({ target: 50, roll: 62, level: "F", rolledLevel: "F" });
    expect(r.stars).toBe(1);
    expect(r.victor).toBe("attacker");
    expect(r.tacticalAdvantages).toBe(0);
    expect(r.spent).toEqual({ impact: 0, precision: 0, action: 0, setup: 0 });
    // 001:21-23: d4 3 from placement 1 → Arms, left; d10 2 → shoulder.
    expect(r.strike).toMatchObject({
      by: "attacker",
      zone: "arms",
      zoneValue: 3,
      zoneRolls: [3],
      location: "left-shoulder",
      side: "left",
      locationRoll: 2,
      // 001:97-99: 9 + 3 + STR 14 (+2) = 14 Edge.
      impactRoll: 9,
      strModifier: 2,
      impact: 14,
      aspect: "edge",
      // 001:109-113: AV Edge 9 → effective 5 → S2.
      armour: 9,
      effectiveImpact: 5,
      injury: "S2",
      injuryLevel: 2,
    });
    // 001:133: Shock CF (+2) + location shock 3 + IL 2 = 7 → STN.
    expect(r.strike!.shock).toEqual({
      target: 50,
      roll: 100,
      level: "CF",
      modifier: 2,
      locationShock: 3,
      index: 7,
      state: "STN",
    });
  });

  it("gives the S2E left-shoulder injury (001:115) and the stun as effects", () => {
    expect(r.effects).toEqual([
      {
        type: "injury",
        to: "defender",
        location: "left-shoulder",
        severityKey: "S",
        level: 2,
        data: {
          code: "S2",
          aspect: "edge",
          zone: "arms",
          zoneValue: 3,
          side: "left",
          effectiveImpact: 5,
          shockSucceeded: false,
        },
      },
      {
        type: "condition",
        to: "defender",
        condition: "stunned",
        cause: "shock.STN",
        until: "recovered",
      },
    ]);
  });

  it("uses every scripted roll, in order, and asks nothing more", () => {
    expect(out.unusedRolls).toEqual([]);
    expect(out.unusedAnswers).toEqual([]);
    expect(r.rolls.map((x) => [x.name, x.sides, x.total])).toEqual([
      ["attack", 100, 34],
      ["defence", 100, 62],
      ["zone", 4, 3],
      ["location", 10, 2],
      ["impact", 10, 9],
      ["shock", 100, 100],
    ]);
    expect(r.choices).toHaveLength(1);
    expect(r.choices[0]).toMatchObject({ by: "defender", kind: "defence" });
  });

  it("replays from its declaration, choices and rolls", () => {
    const input = workedExample();
    for (const k of ["ruleset", "rolls", "seed"]) delete input[k];
    const { decl } = hmzd.parseResolveInput(input);
    const answers = { defence: r.choices.map((c) => c.value) };
    const again = runExchange(hmzd, decl, answers, replayDice(r.rolls)).result;
    expect({ ...again, seed: 7 }).toEqual(r);
  });
});

describe("stars (001:11, 001:145, 001:168; §1, Z1)", () => {
  // [attack roll, block roll, stars, victor]; attack EML 70, block EML 50.
  const cases: [number, number, number, string | null][] = [
    [34, 62, 1, "attacker"], // S vs F
    [35, 62, 2, "attacker"], // CS vs F (001:145)
    [35, 65, 3, "attacker"], // CS vs CF (001:168)
    [34, 65, 2, "attacker"], // S vs CF
    [71, 62, 0, null], // F vs F: both fail, no victor
    [75, 65, 0, null], // CF vs CF
    [71, 34, 1, "defender"], // F vs S
    [75, 35, 3, "defender"], // CF vs CS
    [35, 34, 1, "attacker"], // CS vs S
  ];
  it.each(cases)("attack %i, block %i: %i stars to %s", (attack, defence, stars, victor) => {
    const r = resolve(example({ rolls: { attack, defence }, spend: { setup: 0 } }));
    expect(r.stars).toBe(stars);
    expect(r.victor).toBe(victor);
    expect(r.tacticalAdvantages).toBe(stars > 1 ? stars - 1 : 0);
    expect(r.strike === null).toBe(victor !== "attacker");
  });
});
