/**
 * HârnMaster Gold impact group (issue 19): angry strikes, blunt trauma, impact & target size,
 * one- vs two-handed impact (seed 000 lines 17-39, 129-147, 231-241; rulings G10-G19). Each
 * worked example of the seed reproduces its numbers.
 */
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice, type RollScript } from "../../../src/core/dice";
import {
  parseDefence,
  parseResolveInput,
  resolveExchange,
  type Hm3Result,
} from "../../../src/rules/hm3";
import { angryBonus, skillIndex } from "../../../src/rules/hm3/gold/impact-angry";
import { bluntTrauma, bluntTraumaApplies } from "../../../src/rules/hm3/gold/impact-blunt";
import {
  halfRoundedOff,
  handedBase,
  handedImpact,
  type HandedGrip,
} from "../../../src/rules/hm3/gold/impact-handed";
import {
  SIZE_CLASSES,
  SIZE_CLASS_IDS,
  shiftSizeClass,
  sizeAdjusted,
  sizeClassAt,
} from "../../../src/rules/hm3/gold/impact";
import { sizeAdjusted as sizeAdjustedDirect } from "../../../src/rules/hm3/gold/impact-size";

const person = { endurance: 12, dex: 12, agl: 12 };

function run(input: Record<string, unknown>, script: RollScript): Hm3Result {
  const { decl, answers } = parseResolveInput({
    attacker: person,
    defender: person,
    defence: { type: "ignore" },
    ...input,
  });
  return resolveExchange(
    decl,
    parseDefence(answers.defence![0], decl.attack.type, decl),
    new ScriptedDice(script, new SeededDice(1)),
  );
}

function parseError(input: Record<string, unknown>): string {
  try {
    parseResolveInput({
      attacker: person,
      defender: person,
      defence: { type: "ignore" },
      ...input,
    });
  } catch (e) {
    return (e as Error).message;
  }
  return "no error";
}

describe("size classes (seed 000 lines 137-143), cell by cell", () => {
  it.each([
    ["tiny", 0, 0, 1.3, 137],
    ["verySmall", 1, 3, 1.2, 138],
    ["small", 2, 15, 1.1, 139],
    ["medium", 3, 75, 1.0, 140],
    ["large", 4, 375, 0.9, 141],
    ["veryLarge", 5, 2000, 0.8, 142],
    ["monstrous", 6, 10000, 0.7, 143],
  ] as const)("%s: rank %i, from %i lb, impact ×%d (line %i)", (id, rank, lb, mult, line) => {
    expect(SIZE_CLASSES[id]).toEqual({ id, rank, minWeight: lb, multiplier: mult, line });
  });

  it("lists the seven classes smallest first", () => {
    expect(SIZE_CLASS_IDS).toEqual([
      "tiny",
      "verySmall",
      "small",
      "medium",
      "large",
      "veryLarge",
      "monstrous",
    ]);
  });

  it("one class lower than Large is Medium (000:147); shifts stop at the ends", () => {
    expect(shiftSizeClass("large", -1)).toBe("medium");
    expect(shiftSizeClass("tiny", -1)).toBe("tiny");
    expect(shiftSizeClass("veryLarge", 3)).toBe("monstrous");
  });
});

describe("impact × size multiplier (000:133-145; ruling G15)", () => {
  it("the bear example: Effective Point Impact 11 on a Large bear becomes 10 (000:145)", () => {
    expect(sizeAdjusted(11, "large")).toBe(10);
  });

  it.each([
    [5, "small", 6], // 5.5: a half rounds up (rounded off, as 8.5 → 9 at 000:239)
    [15, "large", 14], // 13.5
    [5, "monstrous", 4], // 3.5
    [10, "tiny", 13],
    [10, "verySmall", 12],
    [12, "veryLarge", 10], // 9.6
    [4, "monstrous", 3], // 2.8
    [17, "medium", 17],
  ] as const)("%i × %s = %i", (ei, cls, out) => {
    expect(sizeAdjustedDirect(ei, cls)).toBe(out);
  });

  it("impact below 1 is left as it is at every size", () => {
    expect(sizeAdjusted(0, "tiny")).toBe(0);
    expect(sizeAdjusted(-3, "tiny")).toBe(-3);
  });

  it("the location's own class counts only with impactSizeByLocation (000:147)", () => {
    const horse = {
      sizeClass: "large" as const,
      locationSizeClasses: { foreleg: "medium" as const },
    };
    expect(sizeClassAt(horse, "foreleg", true)).toBe("medium");
    expect(sizeClassAt(horse, "foreleg", false)).toBe("large");
    expect(sizeClassAt(horse, "thorax", true)).toBe("large");
    expect(sizeClassAt({}, "thorax", true)).toBe("medium");
  });
});

describe("impact & size in an exchange", () => {
  // Melee CS vs Ignore is A*4; edge impact 3 + 4d6 [2,2,2,2] = 11 on an unarmoured thorax.
  const base = {
    attack: { type: "melee", eml: 50, aspect: "point", aim: "mid", impact: 3 },
  };
  const script = { attack: 25, location: 50, impact: [2, 2, 2, 2] };

  it("a Large defender: effective 11 reads the table at 10 (000:145) and says so", () => {
    const r = run(
      { ...base, defender: { ...person, sizeClass: "large" }, options: { impactSize: true } },
      script,
    );
    const s = r.strikes[0]!;
    expect(s.effectiveImpact).toBe(11);
    expect(s.size).toEqual({ sizeClass: "large", multiplier: 0.9, effectiveImpact: 10 });
    expect(s.injuryLevel).toBe(3); // 9-12 band
  });

  it("a Tiny defender: 11 × 1.3 = 14.3 → 14 reads the 13-16 band", () => {
    const r = run(
      { ...base, defender: { ...person, sizeClass: "tiny" }, options: { impactSize: true } },
      script,
    );
    expect(r.strikes[0]!.size?.effectiveImpact).toBe(14);
    expect(r.strikes[0]!.injuryLevel).toBe(4);
  });

  it("a Medium defender (a human, 000:140) gets no size line", () => {
    const r = run({ ...base, options: { impactSize: true } }, script);
    expect(r.strikes[0]!.size).toBeUndefined();
  });

  it("a location's own class: the thorax of a Large creature listed Medium is struck at ×1", () => {
    const defender = { ...person, sizeClass: "large", locationSizeClasses: { thorax: "medium" } };
    const on = run(
      { ...base, defender, options: { impactSize: true, impactSizeByLocation: true } },
      script,
    );
    expect(on.strikes[0]!.location).toBe("thorax");
    expect(on.strikes[0]!.size).toBeUndefined();
    expect(on.strikes[0]!.injuryLevel).toBe(3);
  });

  it("refuses size fields while their option is off, and bad classes, naming the field", () => {
    expect(parseError({ ...base, defender: { ...person, sizeClass: "large" } })).toMatch(
      /defender\.sizeClass.*impactSize/,
    );
    expect(
      parseError({
        ...base,
        defender: { ...person, locationSizeClasses: { thorax: "large" } },
        options: { impactSize: true },
      }),
    ).toMatch(/defender\.locationSizeClasses.*impactSizeByLocation/);
    expect(
      parseError({
        ...base,
        defender: { ...person, sizeClass: "huge" },
        options: { impactSize: true },
      }),
    ).toMatch(/defender\.sizeClass.*tiny, verySmall.*huge/);
    expect(
      parseError({
        ...base,
        defender: { ...person, locationSizeClasses: { wing: "large" } },
        options: { impactSize: true, impactSizeByLocation: true },
      }),
    ).toMatch(/defender\.locationSizeClasses\.wing.*unknown location/);
  });
});

describe("blunt trauma (000:31-39; rulings G12-G14)", () => {
  // The longbow example (000:37): 11 on 2d6 + 7 = 18 Point on the thigh, P14 and B10 there.
  const knight = { ...person, armour: { thigh: { point: 14, blunt: 10 } } };
  const arrow = { type: "missile", eml: 50, aspect: "point", aim: "mid", impact: 7, blunt: 0 };
  // Missile MS vs Ignore is M*2 (2d6); location 85 is the thigh (mid).
  const script = { attack: 27, location: 85, impact: [5, 6] };

  it("the longbow example: 18 P − 14 = 4p, recalculated 11 − 10 = 1b (000:37)", () => {
    const r = run({ attack: arrow, defender: knight, options: { bluntTrauma: true } }, script);
    const s = r.strikes[0]!;
    expect(s.impact).toBe(18);
    expect(s.effectiveImpact).toBe(4);
    expect(s.bluntTrauma).toEqual({ impact: 11, armour: 10, effectiveImpact: 1 });
    // "a 1d10 IPs bruise" is HM3's lightest wound on the thigh, M1 (ruling G14).
    expect(s.injury).toBe("M1");
  });

  it("the arithmetic alone: Blunt 0 + 11 on the dice against B10 (000:35-37)", () => {
    expect(bluntTrauma(0, 11, 10)).toEqual({ impact: 11, armour: 10, effectiveImpact: 1 });
    expect(bluntTraumaApplies("point", 14, 4)).toBe(true);
  });

  it("a recalculated impact below 1 does no injury, where HM3's 1-4 band would give M1", () => {
    const heavy = { ...person, armour: { thigh: { point: 14, blunt: 12 } } };
    const off = run({ attack: { ...arrow, blunt: undefined }, defender: heavy }, script);
    expect(off.strikes[0]!.injury).toBe("M1");
    const on = run({ attack: arrow, defender: heavy, options: { bluntTrauma: true } }, script);
    expect(on.strikes[0]!.bluntTrauma).toEqual({ impact: 11, armour: 12, effectiveImpact: -1 });
    expect(on.strikes[0]!.injury).toBeNull();
    expect(on.strikes[0]!.shock).toBeNull();
  });

  it("minimum injury: at least the lightest wound, M1, when the Blunt impact fails (000:39)", () => {
    const heavy = { ...person, armour: { thigh: { point: 14, blunt: 12 } } };
    const r = run(
      {
        attack: arrow,
        defender: heavy,
        options: { bluntTrauma: true, bluntTraumaMinimumInjury: true },
      },
      script,
    );
    const s = r.strikes[0]!;
    expect(s.injury).toBe("M1");
    expect(s.injuryLevel).toBe(1);
    expect(s.minimumInjury).toBe(true);
    expect(s.stumbleRoll).toBe(false); // the bruise is no table cell: no ♦
  });

  it("the Blunt base takes the same dice: a sword of Blunt 3 hits 3 + 11 − 10 = 4b", () => {
    const r = run(
      {
        attack: { ...arrow, type: "melee", aspect: "edge", aim: "low", impact: 7, blunt: 3 },
        defender: { ...person, armour: { thigh: { edge: 14, blunt: 10 } } },
        options: { bluntTrauma: true },
      },
      // Melee MS vs Ignore is A*3: 3d6 [5,5,1] = 11; location low 60 is a thigh.
      { attack: 27, location: 60, impact: [5, 5, 1] },
    );
    expect(r.strikes[0]!.location).toMatch(/thigh/);
    expect(r.strikes[0]!.bluntTrauma).toEqual({ impact: 14, armour: 10, effectiveImpact: 4 });
  });

  it.each([
    ["edge", true],
    ["point", true],
    ["bite", true],
    ["tear", true], // Gold's Claw (ruling G13)
    ["blunt", false],
    ["squeeze", false],
    ["fire", false],
  ] as const)("%s strikes recalculate: %s", (aspect, yes) => {
    expect(bluntTraumaApplies(aspect, 5, 3)).toBe(yes);
  });

  it("only effective impact 1-4 on armour recalculates", () => {
    expect(bluntTraumaApplies("edge", 5, 0)).toBe(false);
    expect(bluntTraumaApplies("edge", 5, 5)).toBe(false);
    expect(bluntTraumaApplies("edge", 0, 3)).toBe(false);
    expect(bluntTraumaApplies("edge", 1, 1)).toBe(true);
  });

  it("a strike that penetrates (5+) has no blunt trauma line", () => {
    const r = run(
      { attack: { ...arrow, impact: 8 }, defender: knight, options: { bluntTrauma: true } },
      script,
    );
    expect(r.strikes[0]!.effectiveImpact).toBe(5);
    expect(r.strikes[0]!.bluntTrauma).toBeUndefined();
  });

  it("refuses attack.blunt while bluntTrauma is off, naming the field", () => {
    expect(parseError({ attack: arrow })).toMatch(/attack\.blunt.*bluntTrauma/);
  });
});

describe("angry strikes (000:17-29; rulings G10, G11)", () => {
  const sword = { type: "melee", eml: 70, aspect: "edge", aim: "mid", impact: 5 };
  const on = { angryStrike: true };

  it("Harunel sacrifices 30 EML: the EML loses 30 and a strike gains +3 impact (000:23)", () => {
    const { decl } = parseResolveInput({
      attack: { ...sword, angry: 30 },
      attacker: person,
      defender: person,
      defence: { type: "ignore" },
      options: on,
    });
    expect(decl.attack.target.raw).toBe(40);
    expect(decl.attack.target.modifiers).toEqual([
      { key: "gold.angry", value: -30, source: "seed 000 line 21" },
    ]);
    // EML 40: roll 25 is a CS, A*4 vs Ignore: 5 + 4×1 + 3 = 12.
    const r = run(
      { attack: { ...sword, angry: 30 }, options: on },
      {
        attack: 25,
        location: 50,
        impact: [1, 1, 1, 1],
      },
    );
    expect(r.strikes[0]!.impact).toBe(12);
    expect(r.strikes[0]!.angryBonus).toBe(3);
  });

  it("the bonus is lost on a miss or block: no strike, no impact (000:21)", () => {
    const r = run(
      { attack: { ...sword, angry: 30 }, defence: { type: "block", eml: 50 }, options: on },
      { attack: 27, defence: 27 },
    );
    expect(r.result).toBe("block");
    expect(r.strikes).toEqual([]);
  });

  it("an angry counterstrike (000:25): the defender's EML and strike", () => {
    const r = run(
      {
        attack: { ...sword, eml: 50 },
        defence: {
          type: "counterstrike",
          eml: 60,
          aspect: "blunt",
          aim: "mid",
          impact: 4,
          angry: 20,
        },
        options: on,
      },
      // Attack MF (61) vs counterstrike MS (36 against 40): D*1.
      { attack: 61, defence: 36, "counter.location": 50, "counter.impact": [2] },
    );
    expect(r.defence!.eml.raw).toBe(40);
    expect(r.strikes[0]!.by).toBe("defender");
    expect(r.strikes[0]!.impact).toBe(4 + 2 + 2);
    expect(r.strikes[0]!.angryBonus).toBe(2);
  });

  it("an enraged fighter's involuntary −10 or −20 (000:27)", () => {
    const { decl } = parseResolveInput({
      attack: { ...sword, angry: 20, enraged: true },
      attacker: person,
      defender: person,
      defence: { type: "ignore" },
      options: on,
    });
    expect(decl.attack.enraged).toBe(true);
    expect(decl.attack.target.modifiers[0]).toEqual({
      key: "gold.enraged",
      value: -20,
      source: "seed 000 line 27",
    });
    expect(parseError({ attack: { ...sword, angry: 30, enraged: true }, options: on })).toMatch(
      /attack\.angry.*-10 or -20.*30/,
    );
  });

  it("the maximum bonus is the Skill Index, ML ÷ 10 rounded down (000:29)", () => {
    expect(skillIndex(67)).toBe(6);
    expect(angryBonus(50, 37, true)).toBe(3);
    expect(angryBonus(50, 37, false)).toBe(5);
    const cap = { angryStrike: true, angryStrikeMaxBonus: true };
    expect(parseError({ attack: { ...sword, angry: 40, ml: 37 }, options: cap })).toMatch(
      /attack\.angry.*Skill Index 3.*40/,
    );
    expect(parseError({ attack: { ...sword, angry: 30 }, options: cap })).toMatch(/attack\.ml/);
    expect(parseError({ attack: { ...sword, angry: 30, ml: 37 }, options: cap })).toBe("no error");
  });

  it("refuses bad sacrifices, naming attack.angry", () => {
    expect(parseError({ attack: { ...sword, angry: 25 }, options: on })).toMatch(
      /attack\.angry.*units of ten.*25/,
    );
    expect(parseError({ attack: { ...sword, angry: 0 }, options: on })).toMatch(/attack\.angry/);
    // EML 70 − 70 = 0 < 05 (000:21).
    expect(parseError({ attack: { ...sword, angry: 70 }, options: on })).toMatch(
      /attack\.angry.*below 05.*70/,
    );
    expect(parseError({ attack: { ...sword, angry: 60 }, options: on })).toBe("no error");
    expect(parseError({ attack: { ...sword, angry: 30 } })).toMatch(/attack\.angry.*angryStrike/);
    expect(
      parseError({
        attack: { ...sword, type: "missile", aspect: "point", angry: 10 },
        options: on,
      }),
    ).toMatch(/attack\.angry.*melee/);
    expect(
      parseError({
        attack: sword,
        defence: { type: "block", eml: 50, angry: 10 },
        options: on,
      }),
    ).toMatch(/defence\.angry.*counterstrike/);
  });

  it("a stored EML that carries gold.angry already is not taken twice", () => {
    const eml = {
      baseKey: "aml",
      base: 70,
      modifiers: [{ key: "gold.angry", value: -30, source: "seed 000 line 21" }],
    };
    const { decl } = parseResolveInput({
      attack: { ...sword, eml, angry: 30 },
      attacker: person,
      defender: person,
      defence: { type: "ignore" },
      options: on,
    });
    expect(decl.attack.target.raw).toBe(40);
    expect(parseError({ attack: { ...sword, eml, angry: 20 }, options: on })).toMatch(
      /attack\.angry.*-30/,
    );
  });
});

describe("one- vs two-handed impact (000:231-241; rulings G16-G19)", () => {
  const bastard = (penalty: number): HandedGrip => ({ weapon: "two", grip: "one", penalty });
  const aspects = (h: ReturnType<typeof handedImpact>) =>
    [5, 7, 5].map((b) => handedBase(b, h)).join("/");

  it("Bastard Sword 5b 7e 5p: primary hand (−10) 4b 6e 4p, secondary (−20) 3b 5e 3p (000:233)", () => {
    expect(aspects(handedImpact({ weapon: "two", grip: "two", penalty: 0 }, false))).toBe("5/7/5");
    expect(aspects(handedImpact(bastard(10), false))).toBe("4/6/4");
    expect(aspects(handedImpact(bastard(20), false))).toBe("3/5/3");
  });

  it("a tenth of the penalty rounded down, never below 0 (000:233)", () => {
    expect(handedImpact(bastard(15), false).gripLoss).toBe(1);
    expect(handedImpact(bastard(29), false).gripLoss).toBe(2);
    expect(handedBase(1, handedImpact(bastard(30), false))).toBe(0);
  });

  it("a one-handed weapon in both hands gains nothing (000:235)", () => {
    expect(handedImpact({ weapon: "one", grip: "two", penalty: 0 }, false).gripLoss).toBe(0);
  });

  it("Astraleeta, STR 13: Broadsword V (STR 17) capped one-handed, full in both hands (000:239)", () => {
    expect(halfRoundedOff(17)).toBe(9); // 8.5 rounded off
    const one = handedImpact(
      { weapon: "one", grip: "one", penalty: 0, str: 13, strRequirement: 17 },
      false,
    );
    expect(one.strRequirement).toBe(17);
    expect(aspects(one)).toBe("4/6/4");
    const both = handedImpact(
      { weapon: "one", grip: "two", penalty: 0, str: 13, strRequirement: 17 },
      false,
    );
    expect(both.strRequirement).toBe(9);
    expect(aspects(both)).toBe("5/7/5");
  });

  it("Mace V in the secondary hand −10, Mace IV −5 (000:241); no impact gained", () => {
    const maceV = { weapon: "one" as const, grip: "one" as const, penalty: 10 };
    expect(handedImpact(maceV, true).emlPenalty).toBe(10);
    expect(handedImpact({ ...maceV, lighter: 1 }, true).emlPenalty).toBe(5);
    expect(handedImpact({ ...maceV, lighter: 3 }, true).emlPenalty).toBe(0);
    expect(handedImpact({ ...maceV, lighter: 1 }, false).emlPenalty).toBe(10);
    const twoHander = handedImpact({ ...bastard(20), lighter: 2 }, true);
    expect(twoHander.emlPenalty).toBe(10);
    expect(twoHander.gripLoss).toBe(2);
  });

  it("in an exchange: the primary-hand Bastard Sword strikes from 6e, its EML −10", () => {
    const r = run(
      {
        attack: {
          type: "melee",
          eml: 60,
          aspect: "edge",
          aim: "mid",
          impact: 7,
          handed: { weapon: "two", grip: "one", penalty: 10 },
        },
        options: { handedImpact: true },
      },
      { attack: 25, location: 50, impact: [1, 1, 1, 1] },
    );
    expect(r.attack.eml.modifiers).toEqual([
      { key: "gold.handMode", value: -10, source: "seed 000 line 233" },
    ]);
    expect(r.strikes[0]!.handedImpact).toEqual({ base: 6, gripLoss: 1, strLoss: 0 });
    expect(r.strikes[0]!.impact).toBe(10);
  });

  it("refuses grips while the option is off or malformed, naming the field", () => {
    const attack = { type: "melee", eml: 60, aspect: "edge", aim: "mid", impact: 7 };
    expect(parseError({ attack: { ...attack, handed: { weapon: "two", grip: "one" } } })).toMatch(
      /attack\.handed.*handedImpact/,
    );
    expect(
      parseError({
        attack: { ...attack, handed: { weapon: "two", grip: "one", lighter: 1 } },
        options: { handedImpact: true },
      }),
    ).toMatch(/attack\.handed\.lighter.*handModePenalty/);
    expect(
      parseError({
        attack: { ...attack, handed: { weapon: "three", grip: "one" } },
        options: { handedImpact: true },
      }),
    ).toMatch(/attack\.handed\.weapon/);
    expect(
      parseError({
        attack: { ...attack, handed: { weapon: "one", grip: "one", str: 12 } },
        options: { handedImpact: true },
      }),
    ).toMatch(/attack\.handed\.strRequirement/);
  });
});
