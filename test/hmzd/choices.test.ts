/**
 * The victor's Tactical Advantages (001:143-172; Z5, Z6), missiles (Z4, Z18, Z19), the
 * counterstrike (§1), the prompts through the Ruleset interface, and whose dice each roll is.
 */
import { describe, expect, it } from "vitest";
import { RecordingDice, ScriptedDice, SeededDice } from "../../src/core/dice";
import { resolveInput } from "../../src/rules/resolve";
import { hmzd, type HmzdResult } from "../../src/rules/hmzd";
import { example, resolve, workedExample } from "./helpers";

const BOW = { zoneDie: 10, impact: { die: 8, base: 4, aspect: "point" } };
const SWORD = { zoneDie: 4, impact: { die: 10, base: 3, aspect: "edge" } };

describe("spending stars (Z6; 001:147, 166-172)", () => {
  // CS (35) vs CF block (65): three stars, two TAs.
  const rolls = { attack: 35, defence: 65, zone: 3, location: 2, impact: 9, shock: 100 };

  it("by default a striker puts every TA on Impact (+5 each, 001:168)", () => {
    const out = resolveInput(example({ rolls }));
    const r = out.result as unknown as HmzdResult;
    expect(r.spent).toEqual({ impact: 2, precision: 0, action: 0, setup: 0 });
    expect(r.strike!.impact).toBe(24);
    expect(r.choices[1]).toEqual({
      by: "attacker",
      kind: "spendStars",
      value: { impact: 2, precision: 0, action: 0, setup: 0 },
    });
    expect(out.unusedAnswers).toEqual([]);
  });

  it("Action and Setup give tacticalAdvantage effects; an unspent TA is lost", () => {
    const r = resolve(example({ rolls, spend: { action: 1, setup: 1 } }));
    expect(r.spent).toEqual({ impact: 0, precision: 0, action: 1, setup: 1 });
    expect(r.strike!.impact).toBe(14);
    expect(r.effects.filter((e) => e.type === "tacticalAdvantage")).toEqual([
      { type: "tacticalAdvantage", to: "attacker", cause: "action" },
      { type: "tacticalAdvantage", to: "attacker", cause: "setup" },
    ]);
    const lost = resolve(example({ rolls, spend: { impact: 1 } }));
    expect(lost.spent).toEqual({ impact: 1, precision: 0, action: 0, setup: 0 });
    expect(lost.strike!.impact).toBe(19);
  });

  it("a defender who won a Block spends on Setup by default (Z6)", () => {
    // F (71) against a CS block (35): two stars to the defender, one TA.
    const r = resolve(example({ rolls: { attack: 71, defence: 35 } }));
    expect([r.stars, r.victor, r.tacticalAdvantages]).toEqual([2, "defender", 1]);
    expect(r.spent).toEqual({ impact: 0, precision: 0, action: 0, setup: 1 });
    expect(r.strike).toBeNull();
    expect(r.effects).toEqual([{ type: "tacticalAdvantage", to: "defender", cause: "setup" }]);
  });

  it("a blocker may take Action instead", () => {
    const r = resolve(example({ rolls: { attack: 71, defence: 35 }, spend: { action: 1 } }));
    expect(r.effects).toEqual([{ type: "tacticalAdvantage", to: "defender", cause: "action" }]);
  });
});

describe("Precision (Z5; 001:170)", () => {
  // CS vs F: two stars, one TA on Precision: zone 3 (left arm), d10 2, zone.1 1 (head).
  const input = (pick?: number) =>
    example({
      rolls: { attack: 35, defence: 62, zone: 3, location: 2, "zone.1": 1, impact: 9, shock: 50 },
      spend: { precision: 1 },
      ...(pick === undefined ? {} : { pick }),
    });

  it("rolls the zone die again after the d10 and keeps the first by default", () => {
    const out = resolveInput(input());
    const r = out.result as unknown as HmzdResult;
    expect(r.rolls.map((x) => x.name)).toEqual([
      "attack",
      "defence",
      "zone",
      "location",
      "zone.1",
      "impact",
      "shock",
      // Z10: the S2's □ on the shoulder calls the victim's Fumble roll after the Shock roll.
      "fumble",
    ]);
    expect(r.strike).toMatchObject({ zoneRolls: [3, 1], zonePick: 0, location: "left-shoulder" });
    expect(r.choices.map((c) => c.kind)).toEqual(["defence", "spendStars", "pickZone"]);
    expect(r.choices[2]!.value).toEqual({ index: 0 });
  });

  it("the striker's pick keeps the other result with the same d10", () => {
    const r = resolve(input(1));
    expect(r.strike).toMatchObject({ zoneRolls: [3, 1], zonePick: 1, zone: "head", zoneValue: 1 });
    // The d10 2 in the Head zone is the skull (location shock 5).
    expect(r.strike!.location).toBe("skull");
    expect(r.strike!.shock!.locationShock).toBe(5);
  });

  it("two Precision TAs roll zone.1 and zone.2", () => {
    const r = resolve(
      example({
        rolls: { attack: 35, defence: 65, zone: 3, location: 2, "zone.1": 1, "zone.2": 4 },
        spend: { precision: 2 },
        pick: 2,
      }),
    );
    expect(r.strike).toMatchObject({ zoneRolls: [3, 1, 4], zonePick: 2, location: "thorax" });
  });
});

describe("missiles (Z4, Z18, Z19)", () => {
  const missile = (attack: Record<string, unknown>) =>
    example({
      attack: { type: "missile", weapon: BOW, ...attack },
      defence: { type: "dodge", eml: 50 },
      rolls: { impact: 6 },
    });

  it("an unaimed missile rolls d10 from zone 1 (the whole body) with no STR modifier", () => {
    const r = resolve(missile({}));
    const zone = r.rolls.find((x) => x.name === "zone")!;
    expect(zone.sides).toBe(10);
    expect(r.strike).toMatchObject({ zoneDie: 10, placement: 1, zoneValue: 3, strModifier: 0 });
    // 6 + 4 = 10 point against the shoulder's P 7 (the archer's STR 14 adds nothing, Z19).
    expect([r.strike!.impact, r.strike!.armour]).toEqual([10, 7]);
  });

  it("an aimed missile rolls d6 from its placement", () => {
    const r = resolve(missile({ aimed: true, placement: 4 }));
    expect(r.rolls.find((x) => x.name === "zone")!.sides).toBe(6);
    expect(r.strike).toMatchObject({ zoneDie: 6, placement: 4, zoneValue: 6, zone: "torso" });
  });

  it("a Block against a missile is a shield block", () => {
    const r = resolve(
      example({
        attack: { type: "missile", weapon: BOW },
        defence: { type: "block", eml: 50, shield: true },
        rolls: { impact: 6 },
      }),
    );
    expect(r.attackType).toBe("missile");
    expect(r.choices[0]!.value).toMatchObject({ type: "block", shield: true });
  });

  it("on a twelve-zone plan an unaimed missile rolls d12 (Z18)", () => {
    const r = resolve(
      example({
        attack: { type: "missile", weapon: BOW },
        defence: { type: "dodge", eml: 50 },
        defender: { bodyPlan: BIG, armour: {} },
        rolls: { zone: 12, location: 3, impact: 6 },
      }),
    );
    expect(r.rolls.find((x) => x.name === "zone")!.sides).toBe(12);
    expect(r.strike).toMatchObject({ zone: "hind", zoneValue: 12, location: "right-hind-leg" });
  });
});

/** A made-up twelve-zone creature (a test plan, not a shipped one). */
const BIG = {
  id: "test-big",
  zones: [
    {
      id: "head",
      values: { from: 1, to: 2 },
      region: "head",
      locations: [{ id: "head", d10: { from: 1, to: 10 }, shock: 5, region: "head" }],
    },
    {
      id: "body",
      values: { from: 3, to: 10 },
      region: "torso",
      locations: [{ id: "body", d10: { from: 1, to: 10 }, shock: 4, region: "torso" }],
    },
    {
      id: "hind",
      values: { from: 11, to: 12 },
      region: "leg",
      sides: { by: "zone", right: [12], left: [11] },
      locations: [
        { id: "hind-leg", d10: { from: 1, to: 8 }, shock: 2, paired: true, region: "leg" },
        { id: "hoof", d10: { from: 9, to: 10 }, shock: 1, paired: true, region: "leg" },
      ],
    },
  ],
};

describe("counterstrike (§1: the defender's strike, its stars)", () => {
  const counter = { type: "counterstrike", eml: 50, weapon: SWORD, placement: 4 };
  // The attacker fails (71), the counterstrike is a CS (35): two stars, one TA, to the defender.
  const rolls = {
    attack: 71,
    defence: 35,
    "counter.zone": 2,
    "counter.location": 6,
    "counter.impact": 7,
    "counter.shock": 41,
  };

  it("strikes the attacker with the defender's weapon, STR and placement (counter.* rolls)", () => {
    const out = resolveInput(example({ defence: counter, rolls }));
    const r = out.result as unknown as HmzdResult;
    expect([r.stars, r.victor, r.tacticalAdvantages]).toEqual([2, "defender", 1]);
    // Z6: a winning counterstrike takes all four TA types; the default is Impact.
    expect(r.spent).toEqual({ impact: 1, precision: 0, action: 0, setup: 0 });
    expect(r.strike).toMatchObject({
      by: "defender",
      placement: 4,
      zoneValue: 5,
      zone: "torso",
      location: "abdomen",
      // 7 + 3 + STR 12 (+1) + 5 = 16; the attacker wears nothing.
      strModifier: 1,
      impact: 16,
      armour: 0,
      injury: "G4",
    });
    expect(r.rolls.map((x) => x.name)).toEqual([
      "attack",
      "defence",
      "counter.zone",
      "counter.location",
      "counter.impact",
      "counter.shock",
    ]);
    expect(r.effects[0]).toMatchObject({ type: "injury", to: "attacker", location: "abdomen" });
    // The attacker's own strike dice were never rolled, nor the worked example's Fumble (the G4
    // on the abdomen bleeds, Z10: no roll).
    expect(out.unusedRolls).toEqual(["zone", "location", "impact", "shock", "fumble"]);
    expect(r.strike!.special).toEqual({
      symbol: "dot",
      fumble: null,
      stumble: null,
      bleeding: true,
      amputation: false,
    });
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "attacker",
      condition: "bleeding",
      cause: "bleeding",
      location: "abdomen",
      until: "recovered",
    });
  });

  it("a counterstriker's Precision rolls counter.zone.1", () => {
    const r = resolve(
      example({
        defence: counter,
        rolls: { ...rolls, "counter.zone.1": 4 },
        spend: { precision: 1 },
        pick: 1,
      }),
    );
    expect(r.strike).toMatchObject({ zoneRolls: [2, 4], zonePick: 1, zoneValue: 7 });
  });

  it("a won counterstrike with no TA strikes at once", () => {
    // F (71) against an S counterstrike (41): one star.
    const r = resolve(example({ defence: counter, rolls: { ...rolls, defence: 41 } }));
    expect([r.stars, r.victor, r.spent.impact, r.strike!.impact]).toEqual([1, "defender", 0, 11]);
  });
});

describe("the prompts through the Ruleset interface", () => {
  const decl = hmzd.parseDeclaration({
    attack: workedExample().attack,
    attacker: workedExample().attacker,
    defender: workedExample().defender,
  });
  const dice = (script: Record<string, number>) => new ScriptedDice(script, new SeededDice(1));

  it("asks the defender for a defence: no Counterstrike against a missile (Z4)", () => {
    const s = hmzd.start(decl, dice({}));
    expect(hmzd.pending(s)).toMatchObject({ by: "defender", kind: "defence" });
    expect(hmzd.pending(s)!.options.map((o) => o.id)).toEqual([
      "block",
      "dodge",
      "counterstrike",
      "ignore",
    ]);
    const missile = { ...decl, attack: { ...decl.attack, type: "missile" as const } };
    expect(hmzd.pending(hmzd.start(missile, dice({})))!.options.map((o) => o.id)).toEqual([
      "block",
      "dodge",
      "ignore",
    ]);
  });

  it("asks the victor to spend, with the limits of Z6 and the default in its data", () => {
    const d = dice({ attack: 71, defence: 35 });
    let s = hmzd.start(decl, d);
    s = hmzd.choose(s, hmzd.parseChoice(s, { type: "block", eml: 50 }), d);
    const p = hmzd.pending(s)!;
    expect(p).toMatchObject({ by: "defender", kind: "spendStars" });
    expect(p.options).toEqual([
      {
        id: "impact",
        labelKey: "BLOWBYBLOW.HMZD.TA.impact",
        max: 0,
        unavailableKey: "BLOWBYBLOW.HMZD.Unavailable.DefenderTA",
      },
      {
        id: "precision",
        labelKey: "BLOWBYBLOW.HMZD.TA.precision",
        max: 0,
        unavailableKey: "BLOWBYBLOW.HMZD.Unavailable.DefenderTA",
      },
      { id: "action", labelKey: "BLOWBYBLOW.HMZD.TA.action", max: 1 },
      { id: "setup", labelKey: "BLOWBYBLOW.HMZD.TA.setup", max: 1 },
    ]);
    expect(p.data).toEqual({
      stars: 2,
      tacticalAdvantages: 1,
      striker: false,
      default: { impact: 0, precision: 0, action: 0, setup: 1 },
    });
    expect(() => hmzd.result(s)).toThrow(/spendStars/);
  });

  it("an Action taken this round already is listed as unavailable", () => {
    const taken = { ...decl, attacker: { ...decl.attacker, actionTaken: true } };
    const d = dice({ attack: 35, defence: 65 });
    let s = hmzd.start(taken, d);
    s = hmzd.choose(s, hmzd.parseChoice(s, { type: "block", eml: 50 }), d);
    const action = hmzd.pending(s)!.options.find((o) => o.id === "action")!;
    expect(action).toMatchObject({
      max: 0,
      unavailableKey: "BLOWBYBLOW.HMZD.Unavailable.ActionTaken",
    });
  });

  it("asks the striker to pick, showing where each zone die lands", () => {
    const d = dice({ attack: 35, defence: 62, zone: 3, location: 2, "zone.1": 1 });
    let s = hmzd.start(decl, d);
    s = hmzd.choose(s, hmzd.parseChoice(s, { type: "block", eml: 50 }), d);
    s = hmzd.choose(s, hmzd.parseChoice(s, { precision: 1 }), d);
    const p = hmzd.pending(s)!;
    expect(p).toMatchObject({ by: "attacker", kind: "pickZone" });
    expect(p.options.map((o) => o.id)).toEqual(["0", "1"]);
    expect(p.data).toEqual({
      zoneRolls: [3, 1],
      placement: 1,
      zoneDie: 4,
      locationRoll: 2,
      zones: ["arms", "head"],
      locations: ["left-shoulder", "skull"],
    });
    s = hmzd.choose(s, hmzd.parseChoice(s, { index: 1 }), d);
    expect(hmzd.pending(s)).toBeNull();
    expect(hmzd.result(s).strike!.location).toBe("skull");
    expect(() => hmzd.parseChoice(s, {})).toThrow(/resolved/);
  });

  it("keeps every step's rolls in one record, names unique", () => {
    const inner = dice({ attack: 35, defence: 62, zone: 3, location: 2, "zone.1": 1 });
    let s = hmzd.start(decl, inner);
    s = hmzd.choose(s, hmzd.parseChoice(s, { type: "block", eml: 50 }), inner);
    s = hmzd.choose(s, hmzd.parseChoice(s, { precision: 1 }), inner);
    s = hmzd.choose(s, hmzd.parseChoice(s, 0), inner);
    const names = hmzd.result(s).rolls.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.slice(0, 5)).toEqual(["attack", "defence", "zone", "location", "zone.1"]);
    expect(new RecordingDice(inner, hmzd.result(s).rolls).records).toHaveLength(names.length);
  });
});

describe("whose dice (Ruleset.rollSide)", () => {
  it.each([
    ["attack", "attacker"],
    ["zone", "attacker"],
    ["zone.1", "attacker"],
    ["zone.12", "attacker"],
    ["location", "attacker"],
    ["impact", "attacker"],
    ["shock", "defender"],
    ["defence", "defender"],
    ["counter.zone", "defender"],
    ["counter.zone.2", "defender"],
    ["counter.location", "defender"],
    ["counter.impact", "defender"],
    ["counter.shock", "attacker"],
    ["toString", null],
    ["zone.x", null],
  ])("%s is the %s's", (name, side) => {
    expect(hmzd.rollSide!(name)).toBe(side);
  });
});
