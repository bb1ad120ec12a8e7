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
import { hmzd, levelName, levelValue } from "../../src/rules/hmzd";
import { combineShock, conditionChange } from "../../src/rules/hmzd/state";
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
          // The key names the injury in the state block's `unhindered` list (turn.ts).
          key: "left-shoulder:S2",
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
      // Z10: the S2's □ on the shoulder, a Fumble roll (3d6 against DEX 11).
      ["fumble", 6, 9],
    ]);
    expect(r.strike!.special).toEqual({
      symbol: "square",
      fumble: {
        roll: "fumble",
        dice: 3,
        values: [4, 3, 2],
        total: 9,
        target: 11,
        failed: false,
      },
      stumble: null,
      bleeding: false,
      amputation: false,
    });
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

describe("ties at the same succeeding level (001:57, §1)", () => {
  // Attack EML 70, defence EML 50: 34 and 41 are both S; 35 and 45 both CS.
  it("Block: the defender wins by one star, no tie break", () => {
    const r = resolve(example({ rolls: { attack: 34, defence: 41 } }));
    expect([r.stars, r.victor, r.strike]).toEqual([1, "defender", null]);
  });
  it("Block: a CS tie too", () => {
    const r = resolve(example({ rolls: { attack: 35, defence: 45 } }));
    expect([r.stars, r.victor]).toEqual([1, "defender"]);
  });
  it("Dodge: the higher roll wins the tie (§1 ruling)", () => {
    const dodge = { type: "dodge", eml: 50 };
    const a = resolve(example({ defence: dodge, rolls: { attack: 44, defence: 34 } }));
    expect([a.stars, a.victor, a.strike?.by]).toEqual([1, "attacker", "attacker"]);
    const d = resolve(example({ defence: dodge, rolls: { attack: 34, defence: 44 } }));
    expect([d.stars, d.victor, d.strike]).toEqual([1, "defender", null]);
    const cs = resolve(example({ defence: dodge, rolls: { attack: 35, defence: 45 } }));
    expect([cs.stars, cs.victor]).toEqual([1, "defender"]);
  });
  it("Dodge: equal rolls go to the defender (§1 ruling)", () => {
    const r = resolve(
      example({ defence: { type: "dodge", eml: 50 }, rolls: { attack: 34, defence: 34 } }),
    );
    expect([r.stars, r.victor]).toEqual([1, "defender"]);
  });
  it("Counterstrike: the attacker wins by one star, no tie break", () => {
    const counter = {
      type: "counterstrike",
      eml: 50,
      weapon: { zoneDie: 4, impact: { die: 10, base: 3, aspect: "edge" } },
    };
    const r = resolve(example({ defence: counter, rolls: { attack: 44, defence: 34 } }));
    expect([r.stars, r.victor, r.strike?.by]).toEqual([1, "attacker", "attacker"]);
    const r2 = resolve(example({ defence: counter, rolls: { attack: 34, defence: 44 } }));
    expect([r2.stars, r2.victor]).toEqual([1, "attacker"]);
  });
  it("both failing at the same level: no victor", () => {
    const r = resolve(example({ rolls: { attack: 71, defence: 62 } }));
    expect([r.stars, r.victor, r.tacticalAdvantages, r.strike]).toEqual([0, null, 0, null]);
    expect(r.effects).toEqual([]);
  });
});

describe("Ignore counts as CF (§1 ruling, Z3)", () => {
  it("an unopposed S wins two stars, a CS three", () => {
    const s = resolve(example({ defence: { type: "ignore" }, rolls: { attack: 34 }, spend: {} }));
    expect(s.defence).toBeNull();
    expect(s.defenceType).toBe("ignore");
    expect([s.stars, s.victor, s.tacticalAdvantages]).toEqual([2, "attacker", 1]);
    const cs = resolve(example({ defence: { type: "ignore" }, rolls: { attack: 35 }, spend: {} }));
    expect(cs.stars).toBe(3);
  });
  it("a failed attack against an Ignore has no victor", () => {
    const r = resolve(example({ defence: { type: "ignore" }, rolls: { attack: 71 } }));
    expect([r.stars, r.victor]).toEqual([0, null]);
    expect(r.rolls.map((x) => x.name)).toEqual(["attack"]);
  });
});

describe("level shifts: STN −1 (Z1, Z2), Setup +1 (Z16, Z17)", () => {
  it("a stunned attacker's S counts as F (001:139)", () => {
    const r = resolve(example({ attacker: { state: "STN" }, rolls: { attack: 34, defence: 62 } }));
    expect(r.attack).toMatchObject({ roll: 34, rolledLevel: "S", level: "F", value: 1 });
    expect([r.stars, r.victor]).toEqual([0, null]);
  });
  it("a stunned CF shows CF and counts one star further down (Z1)", () => {
    const r = resolve(
      example({ attacker: { state: "STN" }, rolls: { attack: 75, defence: 34 }, spend: {} }),
    );
    expect(r.attack).toMatchObject({ rolledLevel: "CF", level: "CF", value: -1 });
    expect([r.stars, r.victor, r.tacticalAdvantages]).toEqual([3, "defender", 2]);
  });
  it("a stunned defender's defence drops a level too (Z2)", () => {
    const r = resolve(example({ defender: { state: "STN" }, rolls: { attack: 34, defence: 41 } }));
    expect(r.defence).toMatchObject({ roll: 41, rolledLevel: "S", level: "F" });
    expect([r.stars, r.victor]).toEqual([1, "attacker"]);
  });
  it("a Setup raises a failure to a success that can win (Z16, Z17)", () => {
    const r = resolve(example({ attacker: { setup: 1 }, rolls: { attack: 71, defence: 62 } }));
    expect(r.attack).toMatchObject({ rolledLevel: "F", level: "S", value: 2 });
    expect([r.stars, r.victor]).toEqual([1, "attacker"]);
  });
  it("a Setup on a CS shows CS and counts one star further up (Z17)", () => {
    const r = resolve(
      example({ attacker: { setup: 1 }, rolls: { attack: 35, defence: 65 }, spend: {} }),
    );
    expect(r.attack).toMatchObject({ rolledLevel: "CS", level: "CS", value: 4 });
    expect(r.stars).toBe(4);
  });
  it("a defender's Setup wins what a Dodge tie would have lost (Z16)", () => {
    const dodge = { type: "dodge", eml: 50 };
    const tie = resolve(example({ defence: dodge, rolls: { attack: 44, defence: 34 } }));
    expect(tie.victor).toBe("attacker");
    const r = resolve(
      example({ defence: dodge, defender: { setup: 1 }, rolls: { attack: 44, defence: 34 } }),
    );
    expect(r.defence).toMatchObject({ rolledLevel: "S", level: "CS", value: 3 });
    expect([r.stars, r.victor, r.strike]).toEqual([1, "defender", null]);
  });
  it("stunned and set up cancel out", () => {
    const r = resolve(example({ attacker: { state: "STN", setup: 1 } }));
    expect(r.attack).toMatchObject({ rolledLevel: "S", level: "S", value: 2 });
  });
});

describe("forced Ignore (Z3; 001:160-161)", () => {
  it("INC: no defence is asked; the attack rolls against an Ignore", () => {
    const input = example({
      defender: { state: "INC" },
      rolls: { attack: 34, zone: 3, location: 2, impact: 9, shock: 100 },
    });
    delete input.defence;
    const out = resolveInput(input);
    const r = out.result as unknown as ReturnType<typeof resolve>;
    expect(r.defenceType).toBe("ignore");
    expect(r.defence).toBeNull();
    expect([r.stars, r.victor, r.tacticalAdvantages]).toEqual([2, "attacker", 1]);
    // The default spend: the one TA on Impact (+5).
    expect(r.spent).toEqual({ impact: 1, precision: 0, action: 0, setup: 0 });
    expect(r.strike!.impact).toBe(19);
    expect(r.choices.map((c) => c.kind)).toEqual(["spendStars"]);
    expect(out.unusedAnswers).toEqual([]);
  });
  it("UNC: no attack roll either; the attack counts CS against an Ignore (3 stars)", () => {
    const input = example({
      defender: { state: "UNC" },
      rolls: { zone: 3, location: 2, impact: 9, shock: 100 },
    });
    delete input.defence;
    const r = resolve(input);
    expect(r.attack).toMatchObject({ roll: null, level: "CS", rolledLevel: "CS", value: 3 });
    expect([r.stars, r.tacticalAdvantages]).toEqual([3, 2]);
    expect(r.rolls.map((x) => x.name)).toEqual(["zone", "location", "impact", "shock"]);
    expect(r.strike!.impact).toBe(24);
  });
  it("an Ignore given for an INC defender is accepted and needs no prompt", () => {
    const out = resolveInput(
      example({ defender: { state: "INC" }, defence: { type: "ignore" }, spend: {} }),
    );
    expect((out.result as unknown as { defenceType: string }).defenceType).toBe("ignore");
    expect(out.unusedAnswers).toEqual([]);
  });
});

describe("location: zone die + placement − 1, sides, d10 (001:17-25, §2)", () => {
  it.each([
    // [placement, zone roll, d10, location]
    [1, 1, 1, "skull"],
    [1, 1, 7, "face"],
    [1, 1, 10, "neck"],
    [1, 2, 2, "right-shoulder"],
    [1, 3, 5, "left-upper-arm"],
    [1, 2, 7, "right-elbow"],
    [1, 3, 9, "left-forearm"],
    [1, 2, 10, "right-hand"],
    [1, 4, 3, "thorax"],
    [4, 2, 6, "abdomen"],
    [4, 3, 10, "pelvis"],
    [4, 4, 1, "left-thigh"],
    [7, 2, 5, "right-knee"],
    [7, 3, 6, "left-calf"],
    [7, 4, 9, "right-foot"],
  ])("placement %i, zone die %i, d10 %i → %s", (placement, zone, location, where) => {
    const r = resolve(example({ attack: { placement }, rolls: { zone, location } }));
    expect(r.strike!.location).toBe(where);
    expect(r.strike!.zoneValue).toBe(placement + zone - 1);
    expect(r.strike!.placement).toBe(placement);
  });
  it("the torso placement of 001:25: d4 gives 4, 5, 6 (Torso) or 7 (Legs)", () => {
    const zones = [1, 2, 3, 4].map(
      (zone) => resolve(example({ attack: { placement: 4 }, rolls: { zone } })).strike!.zone,
    );
    expect(zones).toEqual(["torso", "torso", "torso", "legs"]);
  });
});

describe("impact, armour, injury (§3, §4)", () => {
  it("STR modifier by the table (STR 5 −3, 24 +7) and +5 per Impact TA (001:168)", () => {
    const weak = resolve(example({ attacker: { str: 5 } }));
    expect([weak.strike!.strModifier, weak.strike!.impact]).toEqual([-3, 9]);
    const strong = resolve(example({ attacker: { str: 24 } }));
    expect([strong.strike!.strModifier, strong.strike!.impact]).toEqual([7, 19]);
    // CS vs CF: three stars, two Impact TAs by default: 14 + 10 (001:168).
    const three = resolve(example({ rolls: { attack: 35, defence: 65 } }));
    expect([three.strike!.impactTAs, three.strike!.impact]).toEqual([2, 24]);
    expect(three.strike!.injury).toBe("G4");
  });
  it("a sided armour entry overrides the unsided one (as hm3)", () => {
    const r = resolve(
      example({
        defender: { armour: { shoulder: HABERGEON, "left-shoulder": { edge: 2 } } },
      }),
    );
    expect([r.strike!.armour, r.strike!.effectiveImpact, r.strike!.injury]).toEqual([2, 12, "S3"]);
  });
  it("reads the armour of the strike's aspect; the seed's letters name aspects", () => {
    const r = resolve(
      example({
        attack: { weapon: { zoneDie: 4, impact: { die: 8, base: 2, aspect: "P" } } },
        rolls: { impact: 6 },
      }),
    );
    // The thrust d8+2P (001:30, 95): 6 + 2 + 2 = 10 against the shoulder's P 7 (001:40).
    expect(r.strike!.aspect).toBe("point");
    expect([r.strike!.impact, r.strike!.armour, r.strike!.effectiveImpact]).toEqual([10, 7, 3]);
    expect(r.strike!.injury).toBe("M1");
  });
  it("effective impact 0 or less: no injury, no shock roll, no effect (Z9)", () => {
    const r = resolve(example({ defender: { armour: { shoulder: { edge: 14 } } } }));
    expect(r.strike).toMatchObject({
      effectiveImpact: 0,
      injury: null,
      injuryLevel: 0,
      shock: null,
    });
    expect(r.rolls.map((x) => x.name)).not.toContain("shock");
    expect(r.effects).toEqual([]);
  });
});

const HABERGEON = { blunt: 4, edge: 9, point: 7, fire: 3 };

describe("shock (§5, Z7, Z15)", () => {
  it("the Shock EML defaults to 5 × Endurance (Z7)", () => {
    const input = example({ rolls: { shock: 49 } });
    delete (input.defender as Record<string, unknown>).shock;
    const r = resolve(input);
    // Endurance 10 → Shock EML 50: 49 is S (0) + 3 + 2 = 5, no effect.
    expect(r.strike!.shock).toMatchObject({
      target: 50,
      level: "S",
      modifier: 0,
      index: 5,
      state: "none",
    });
    expect(r.effects).toHaveLength(1);
    expect(r.effects[0]).toMatchObject({ type: "injury", data: { shockSucceeded: true } });
  });
  it("a new STN on a stunned defender makes INC (Z15, Z20: the `shock` condition and prone)", () => {
    // The stunned defender's S block (41) counts F: one star, the worked example's S2 and STN.
    const r = resolve(example({ defender: { state: "STN" }, rolls: { defence: 41 } }));
    expect(r.strike!.shock!.state).toBe("STN");
    expect(r.effects.slice(1)).toEqual([
      {
        type: "condition",
        to: "defender",
        condition: "shock",
        cause: "shock.INC",
        until: "recovered",
      },
      {
        type: "condition",
        to: "defender",
        condition: "prone",
        cause: "shock.INC",
        until: "recovered",
      },
    ]);
    // zd-state's `conditionsOf` and `combineShock` give the same (Z20).
    expect(conditionChange("STN", combineShock("STN", "STN")).set).toEqual(["shock"]);
  });
  it("a Shock Index of 10 or more kills (001:162)", () => {
    // CS vs CF: 9 + 3 + 2 + 10 = 24 on the bare skull, G5; CF shock: 2 + 5 + 5 = 12.
    const r = resolve(example({ rolls: { attack: 35, defence: 65, zone: 1, location: 1 } }));
    expect(r.strike).toMatchObject({ location: "skull", injury: "G5", effectiveImpact: 24 });
    expect(r.strike!.shock).toMatchObject({ index: 12, state: "KIA" });
    expect(r.effects[1]).toEqual({
      type: "condition",
      to: "defender",
      condition: "dead",
      cause: "shock.KIA",
      until: "permanent",
    });
  });
});

describe("level encoding (Z1, Z17)", () => {
  it("CF 0, F 1, S 2, CS 3; below CF shows CF, above CS shows CS", () => {
    expect(["CF", "F", "S", "CS"].map((l) => levelValue(l as "CF"))).toEqual([0, 1, 2, 3]);
    expect([-2, -1, 0, 1, 2, 3, 4, 5].map(levelName)).toEqual([
      "CF",
      "CF",
      "CF",
      "F",
      "S",
      "CS",
      "CS",
      "CS",
    ]);
  });
});
