/**
 * Every refusal is an InputError naming the field and the value, before any die is rolled
 * where the input alone decides it.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors";
import { resolveInput } from "../../src/rules/resolve";
import { example } from "./helpers";

const SWORD = { zoneDie: 4, impact: { die: 10, base: 3, aspect: "edge" } };
const BOW = { zoneDie: 10, impact: { die: 8, base: 4, aspect: "point" } };

function refusal(input: Record<string, unknown>): InputError {
  try {
    resolveInput(input);
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("accepted");
}

describe("refusals name the field and the value", () => {
  it.each<[string, Record<string, unknown>, string, unknown, RegExp]>([
    [
      "a placement the zone die cannot fit (hmzd.md §2)",
      { attack: { placement: 8 } },
      "attack.placement",
      8,
      /placement \+ zone die d4 − 1 = 11 is beyond the last zone 10/,
    ],
    [
      "an aimed missile placed too low for its d6 (Z4)",
      {
        attack: { type: "missile", weapon: BOW, aimed: true, placement: 6 },
        defence: { type: "dodge", eml: 50 },
      },
      "attack.placement",
      6,
      /d6 − 1 = 11/,
    ],
    [
      "an unaimed missile with a placement (Z4)",
      {
        attack: { type: "missile", weapon: BOW, placement: 4 },
        defence: { type: "dodge", eml: 50 },
      },
      "attack.placement",
      4,
      /unaimed missile/,
    ],
    [
      "a melee attack that is 'aimed'",
      { attack: { aimed: true } },
      "attack.aimed",
      true,
      /only a missile/,
    ],
    [
      "a counterstrike against a missile (Z4)",
      {
        attack: { type: "missile", weapon: BOW },
        defence: { type: "counterstrike", eml: 50, weapon: SWORD },
      },
      "defence.type",
      "counterstrike",
      /not possible against a missile/,
    ],
    [
      "a missile blocked without a shield (Z4)",
      { attack: { type: "missile", weapon: BOW }, defence: { type: "block", eml: 50 } },
      "defence.shield",
      undefined,
      /shield only/,
    ],
    [
      "a counterstrike placed beyond the attacker's plan",
      { defence: { type: "counterstrike", eml: 50, weapon: SWORD, placement: 9 } },
      "defence.placement",
      9,
      /= 12 is beyond/,
    ],
    [
      "a counterstrike without a weapon",
      { defence: { type: "counterstrike", eml: 50 } },
      "defence.weapon",
      undefined,
      /expected an object/,
    ],
    [
      "an INC defender who blocks (Z3)",
      { defender: { state: "INC" } },
      "defence.type",
      "block",
      /must Ignore/,
    ],
    [
      "an unconscious attacker (001:161)",
      { attacker: { state: "UNC" } },
      "attacker.state",
      "UNC",
      /cannot attack/,
    ],
    ["a missing defence", { defence: undefined }, "defence", undefined, /defender's defence/],
    [
      "an unknown defence",
      { defence: { type: "parry", eml: 50 } },
      "defence.type",
      "parry",
      /block, dodge/,
    ],
    [
      "an unknown aspect",
      { attack: { weapon: { zoneDie: 4, impact: { die: 10, base: 3, aspect: "Q" } } } },
      "attack.weapon.impact.aspect",
      "Q",
      /expected one of/,
    ],
    [
      "a zone die of no sides",
      { attack: { weapon: { zoneDie: 0, impact: SWORD.impact } } },
      "attack.weapon.zoneDie",
      0,
      /at least 1/,
    ],
    [
      "an unknown armour location",
      { defender: { armour: { wing: { edge: 1 } } } },
      "defender.armour.wing",
      { edge: 1 },
      /unknown location of body plan human/,
    ],
    [
      "a sided unpaired location",
      { defender: { armour: { "left-thorax": { edge: 1 } } } },
      "defender.armour.left-thorax",
      { edge: 1 },
      /unknown location/,
    ],
    ["a STR of 0", { attacker: { str: 0 } }, "attacker.str", 0, /at least 1/],
    [
      "attack.str against attacker.str",
      { attack: { str: 12 } },
      "attack.str",
      12,
      /differs from attacker.str \(14\)/,
    ],
    [
      "an unknown state",
      { defender: { state: "KIA" } },
      "defender.state",
      "KIA",
      /none, STN, INC, UNC/,
    ],
    ["an unknown field", { attacker: { hp: 3 } }, "attacker.hp", 3, /unknown field/],
    ["an EML that is not a number", { attack: { eml: "70" } }, "attack.eml", "70", /whole number/],
  ])("%s", (_what, over, field, value, reason) => {
    const e = refusal(example(over));
    expect(e.field).toBe(field);
    expect(e.value).toEqual(value);
    expect(e.message).toMatch(reason);
  });
});

describe("refused spends and picks (Z5, Z6)", () => {
  // CS vs F: two stars, one TA.
  const oneTa = { rolls: { attack: 35, defence: 62 } };
  it.each<[string, Record<string, unknown>, string, unknown, RegExp]>([
    [
      "more TAs than won",
      { ...oneTa, spend: { impact: 2 } },
      "spend.impact",
      2,
      /has 1 TA$|has 1 TA,/,
    ],
    [
      "a mix adding up to more than won",
      { ...oneTa, spend: { impact: 1, setup: 1 } },
      "spend",
      { impact: 1, setup: 1 },
      /spends 2 TAs, the victor has 1/,
    ],
    [
      "Action twice",
      { rolls: { attack: 35, defence: 65 }, spend: { action: 2 } },
      "spend.action",
      2,
      /at most one Action TA a round/,
    ],
    [
      "Action after one this round",
      { rolls: { attack: 35, defence: 65 }, attacker: { actionTaken: true }, spend: { action: 1 } },
      "spend.action",
      1,
      /this round already/,
    ],
    [
      "Impact by a blocker",
      { rolls: { attack: 71, defence: 35 }, spend: { impact: 1 } },
      "spend.impact",
      1,
      /Block or Dodge takes only Action and Setup/,
    ],
    [
      "Precision by a dodger",
      {
        defence: { type: "dodge", eml: 50 },
        rolls: { attack: 71, defence: 35 },
        spend: { precision: 1 },
      },
      "spend.precision",
      1,
      /only Action and Setup/,
    ],
    ["an unknown TA", { ...oneTa, spend: { feint: 1 } }, "spend.feint", 1, /unknown field/],
    ["a negative TA", { ...oneTa, spend: { impact: -1 } }, "spend.impact", -1, /at least 0/],
    [
      "a pick beyond the zone dice rolled",
      { ...oneTa, spend: { precision: 1 }, pick: 2 },
      "pick",
      2,
      /at most 1/,
    ],
    [
      "a pick that is not a number",
      { ...oneTa, spend: { precision: 1 }, pick: "1" },
      "pick",
      "1",
      /whole number/,
    ],
  ])("%s", (_what, over, field, value, reason) => {
    const e = refusal(example(over));
    expect(e.field).toBe(field);
    expect(e.value).toEqual(value);
    expect(e.message).toMatch(reason);
  });

  it("an unused spend or pick is reported, not refused", () => {
    const out = resolveInput(example({ spend: { impact: 1 }, pick: 0 }));
    expect(out.unusedAnswers.sort()).toEqual(["pickZone", "spendStars"]);
  });
});
