/**
 * The engine's integration of the zone-die parts (issue 18, wave 2): the Z10 special effects
 * rolled inside the exchange (`strike.special`, the `fumble`/`stumble` rolls and their sides),
 * the Precision pick's own labels, and ruling Z33 (a zone die larger than the victim's plan).
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice } from "../../src/core/dice";
import { hmzd, type HmzdResult } from "../../src/rules/hmzd";
import { resolveInput } from "../../src/rules/resolve";
import { example, resolve } from "./helpers";

const SWORD = { zoneDie: 4, impact: { die: 10, base: 3, aspect: "edge" } };
const SPEAR = { zoneDie: 8, impact: { die: 8, base: 2, aspect: "point" } };

describe("Z10 special effects inside the exchange", () => {
  // The attacker fails (71 against 70), the counterstrike succeeds (41 against 50): one star to
  // the defender, whose sword strikes zone 7 (left leg) at the thigh: 1 + 3 + STR 12 (+1) = 5, S2.
  const counter = { type: "counterstrike", eml: 50, weapon: SWORD, placement: 7 };
  const rolls = {
    attack: 71,
    defence: 41,
    "counter.zone": 1,
    "counter.location": 1,
    "counter.impact": 1,
    "counter.shock": 41,
    "counter.stumble": [6, 6, 6],
  };

  it("a counterstrike's □ on a leg: the attacker's counter.stumble (3d6 against AGL), failed: prone", () => {
    const out = resolveInput(example({ defence: counter, rolls }));
    const r = out.result as unknown as HmzdResult;
    expect(r.strike).toMatchObject({ by: "defender", location: "left-thigh", injury: "S2" });
    expect(r.rolls.map((x) => x.name).slice(-2)).toEqual(["counter.shock", "counter.stumble"]);
    expect(r.strike!.special).toEqual({
      symbol: "square",
      fumble: null,
      stumble: {
        roll: "counter.stumble",
        dice: 3,
        values: [6, 6, 6],
        total: 18,
        target: 12,
        failed: true,
      },
      bleeding: false,
      amputation: false,
    });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "attacker",
      condition: "prone",
      cause: "stumble",
      until: "recovered",
    });
  });

  it("the world option off (options.specialEffects false): no roll, special null", () => {
    const out = resolveInput(
      example({ defence: counter, rolls, options: { specialEffects: false } }),
    );
    const r = out.result as unknown as HmzdResult;
    expect(r.strike!.injury).toBe("S2");
    expect(r.strike!.special).toBeNull();
    expect(r.rolls.map((x) => x.name)).not.toContain("counter.stumble");
    expect(out.unusedRolls).toContain("counter.stumble");
    expect(r.effects.filter((e) => e.type === "condition")).toEqual([]);
  });

  it("a victim the injury kills makes no roll and does not bleed (Z22)", () => {
    // CS vs CF on the bare skull: G5, KIA (exchange.test.ts).
    const r = resolve(example({ rolls: { attack: 35, defence: 65, zone: 1, location: 1 } }));
    expect(r.strike!.shock!.state).toBe("KIA");
    expect(r.strike!.special).toEqual({
      symbol: "triangle",
      fumble: null,
      stumble: null,
      bleeding: false,
      amputation: false,
    });
  });

  it("an Edge G5 short of death bleeds and calls the amputation (▽)", () => {
    // CS vs CF: 9 + 3 + 2 + 10 = 24 at the right shoulder (zone 2, d10 1), armour 9: 15, G4 ●.
    const r = resolve(
      example({ rolls: { attack: 35, defence: 65, zone: 2, location: 4, shock: 5 } }),
    );
    expect(r.strike).toMatchObject({ location: "right-upper-arm", injury: "G5" });
    expect(r.strike!.shock!.state).not.toBe("KIA");
    expect(r.strike!.special).toMatchObject({
      symbol: "triangle",
      bleeding: true,
      amputation: true,
    });
    expect(r.effects).toContainEqual(
      expect.objectContaining({
        condition: "bleeding",
        to: "defender",
        location: "right-upper-arm",
      }),
    );
  });

  it("the rolls' sides: the victim rolls his own Fumble and Stumble", () => {
    expect(hmzd.rollSide!("fumble")).toBe("defender");
    expect(hmzd.rollSide!("stumble")).toBe("defender");
    expect(hmzd.rollSide!("counter.fumble")).toBe("attacker");
    expect(hmzd.rollSide!("counter.stumble")).toBe("attacker");
  });
});

describe("the Precision pick's options (Z5)", () => {
  it("each option names its die, zone value, zone and location", () => {
    const input = example();
    for (const k of ["ruleset", "rolls", "seed"]) delete input[k];
    const { decl } = hmzd.parseResolveInput(input);
    const dice = new ScriptedDice(
      { attack: 35, defence: 62, zone: 3, location: 2, "zone.1": 1 },
      new SeededDice(1),
    );
    let s = hmzd.start(decl, dice);
    s = hmzd.choose(s, hmzd.parseChoice(s, { type: "block", eml: 50 }), dice);
    s = hmzd.choose(s, hmzd.parseChoice(s, { precision: 1 }), dice);
    const pending = hmzd.pending(s)!;
    expect(pending.kind).toBe("pickZone");
    expect(pending.options).toEqual([
      {
        id: "0",
        labelKey: "BLOWBYBLOW.HMZD.Pick.option",
        labelData: { n: 1, roll: 3, value: 3, zone: "arms", location: "left-shoulder" },
      },
      {
        id: "1",
        labelKey: "BLOWBYBLOW.HMZD.Pick.option",
        labelData: { n: 2, roll: 1, value: 1, zone: "head", location: "skull" },
      },
    ]);
  });
});

describe("Z33: a zone die larger than the victim's plan", () => {
  const onDog = (attack: Record<string, unknown>, rolls: Record<string, unknown>) =>
    example({
      attack: { type: "melee", eml: 70, weapon: SPEAR, ...attack },
      defender: { bodyPlan: "dog", armour: {} },
      rolls,
    });

  it("the militia spear's d8 on the 6-zone dog rolls d6 from placement 1", () => {
    const r = resolve(onDog({}, { zone: 6, location: 3, impact: 4 }));
    expect(r.strike).toMatchObject({ zoneDie: 6, placement: 1, zoneValue: 6, zone: "hindlegs" });
    expect(r.rolls.find((x) => x.name === "zone")).toMatchObject({ sides: 6, total: 6 });
  });

  it("refuses a placement that does not fit, naming attack.placement", () => {
    expect(() => resolve(onDog({ placement: 2 }, {}))).toThrow(
      /attack\.placement: placement \+ zone die d6 \(the weapon's d8 on a 6-zone plan, Z33\) − 1 = 7 is beyond the last zone 6 of body plan dog/,
    );
  });

  it("a counterstrike's d8 on a dog attacker rolls d6; its placement must fit too", () => {
    const input = example({
      attacker: { bodyPlan: "dog" },
      defence: { type: "counterstrike", eml: 50, weapon: SPEAR },
      rolls: { attack: 71, defence: 41, "counter.zone": 5, "counter.location": 5 },
    });
    const r = resolve(input);
    expect(r.strike).toMatchObject({ by: "defender", zoneDie: 6, zone: "body", zoneValue: 5 });
    expect(() =>
      resolve({
        ...input,
        defence: { type: "counterstrike", eml: 50, weapon: SPEAR, placement: 3 },
      }),
    ).toThrow(/defence\.placement: placement \+ zone die d6/);
  });

  it("a die that fits keeps its own size (d4 on the dog, d8 on a human)", () => {
    expect(resolve(example({ defender: { bodyPlan: "dog", armour: {} } })).strike!.zoneDie).toBe(4);
    expect(
      resolve(example({ attack: { weapon: SPEAR, placement: 3 }, rolls: { zone: 8, impact: 5 } }))
        .strike,
    ).toMatchObject({ zoneDie: 8, zoneValue: 10 });
  });
});
