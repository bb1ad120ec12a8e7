/**
 * HârnMaster Gold non-lethal melee attacks (seed 000 lines 187-229) and unarmed combat styles
 * (lines 346-366) on HM3 exchanges; rulings G44-G49. Each worked example of the seed is a test.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ScriptedDice, SeededDice, type RollScript } from "../../../src/core/dice";
import { buildTarget } from "../../../src/core/modifiers";
import { hm3, parseDeclaration, resolveExchange } from "../../../src/rules/hm3";
import {
  LANDING_HEX,
  strikeDiceBonus,
  tooBigToSweep,
  weaponMassModifier,
} from "../../../src/rules/hm3/gold/rolls-nonlethal";
import {
  techniquePenalty,
  unarmedSkillBaseAttributes,
  unarmedStyleModifier,
} from "../../../src/rules/hm3/gold/rolls-unarmed";
import { GOLD_DEFAULTS } from "../../../src/rules/hm3/gold/options";

const dice = (script: RollScript) => new ScriptedDice(script, new SeededDice(3));
const body = { endurance: 12, dex: 12, agl: 11 };

function input(attack: Record<string, unknown>, options: Record<string, boolean>, over = {}) {
  return {
    attack: { type: "melee", eml: 70, aspect: "edge", impact: 5, ...attack },
    attacker: { ...body },
    defender: { ...body },
    options,
    ...over,
  };
}
const NL = { nonLethalAttacks: true };

// Seed 003 melee matrix: MS vs Dodge MF → A★1, MS vs Dodge CF → A★2, CF vs Dodge MS → DTA.
const MS = 27;
const dodge = {
  type: "dodge" as const,
  target: buildTarget("ml", 50, [], { min: 5, max: 95 }),
};

describe("Disarm (000:193-203)", () => {
  it("the attack is at EML −15, itemised (000:193)", () => {
    const d = parseDeclaration(input({ nonLethal: "disarm" }, NL));
    expect(d.attack.target.modifiers).toEqual([
      { key: "gold.disarm", value: -15, source: "seed 000 line 193" },
    ]);
    expect(d.attack.target.value).toBe(55);
  });
  it("example 000:197: A★1 → Fumble Roll at +30 − 10 = +20, no injury", () => {
    expect(strikeDiceBonus(1)).toBe(20);
    const d = parseDeclaration(input({ nonLethal: "disarm" }, NL));
    const r = resolveExchange(d, dodge, dice({ attack: MS, defence: 61, disarm: [4, 4, 4] }));
    expect(r.result).toBe("A*1");
    expect(r.strikes).toEqual([]);
    expect(r.nonLethal!.modifiers).toEqual([
      { key: "strikeDice", value: 20, source: "seed 000 line 195" },
    ]);
    // 3d6 vs DEX 12 − PP 0 + 20 ÷ 5 (ruling G41) = 16; 12 succeeds: the Turn ends.
    expect(r.nonLethal!.check).toMatchObject({ target: 16, total: 12, failed: false });
    expect(r.nonLethal!.turnEnds).toBe(true);
    expect(r.tacticalAdvantage).toBeNull();
    expect(r.effects).toEqual([]);
  });
  it("a failed Fumble Roll: weapon falls, attacker TA, 1d10 landing hex (000:199)", () => {
    const d = parseDeclaration(input({ nonLethal: "disarm" }, NL));
    const r = resolveExchange(
      d,
      dodge,
      dice({ attack: MS, defence: 61, disarm: [6, 6, 5], "disarm.hex": 2 }),
    );
    expect(r.nonLethal).toMatchObject({
      defenderDisarmed: true,
      landing: { roll: 2, hex: "NE" },
      tacticalAdvantage: "attacker",
    });
    expect(r.tacticalAdvantage).toBe("attacker");
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "disarmed",
      cause: "disarm",
    });
    expect(r.rolls.map((x) => x.name)).toEqual(["attack", "defence", "disarm", "disarm.hex"]);
  });
  it("landing hexes 1 N … 6 NW, 7-10 same hex (000:199), cell by cell", () => {
    expect([...LANDING_HEX]).toEqual([
      "N",
      "NE",
      "SE",
      "S",
      "SW",
      "NW",
      "same",
      "same",
      "same",
      "same",
    ]);
  });
  it("two hands +DEX, strapped +2×DEX (000:201)", () => {
    for (const [grip, points, target] of [
      ["two", 32, 18],
      ["strapped", 44, 20],
    ] as const) {
      const d = parseDeclaration(
        input({ nonLethal: "disarm" }, NL, { defender: { ...body, grip } }),
      );
      const r = resolveExchange(d, dodge, dice({ attack: MS, defence: 61, disarm: [1, 1, 1] }));
      expect(r.nonLethal!.check).toMatchObject({ points, target });
    }
  });
  it("weapon mass example 000:203: Bastard Sword VII vs Handaxe III → −4", () => {
    expect(weaponMassModifier(7, 3)).toBe(-4);
    expect(weaponMassModifier(3, 7)).toBe(4);
  });
  it("on HM3's weights (melee-weapons.csv: Bastard Sword 5 lb, Handaxe 3 lb) it is −2 (ruling G45)", () => {
    const csv = readFileSync("/work/shared/data/hm3/melee-weapons.csv", "utf8").split("\n");
    const lb = (name: string) => Number(csv.find((l) => l.startsWith(`${name},`))!.split(",")[2]);
    expect([lb("Bastard Sword"), lb("Handaxe")]).toEqual([5, 3]);
    const d = parseDeclaration(
      input(
        { nonLethal: "disarm", weight: 5 },
        { ...NL, disarmWeaponMass: true },
        {
          defender: { ...body, weaponWeight: 3 },
        },
      ),
    );
    const r = resolveExchange(d, dodge, dice({ attack: MS, defence: 61, disarm: [1, 1, 1] }));
    expect(r.nonLethal!.modifiers.at(-1)).toEqual({
      key: "weaponMass",
      value: -2,
      source: "seed 000 line 203",
    });
    expect(r.nonLethal!.check!.points).toBe(18);
  });
  it("with injuryRollSkills the Fumble Roll is d100 vs the weapon ML, the points as they are", () => {
    const d = parseDeclaration(
      input(
        { nonLethal: "disarm" },
        { ...NL, injuryRollSkills: true },
        {
          defender: { ...body, rollSkills: { weapon: 55 } },
        },
      ),
    );
    const r = resolveExchange(d, dodge, dice({ attack: MS, defence: 61, disarm: 76 }));
    expect(r.nonLethal!.check).toMatchObject({ sides: 100, target: 75, failed: true });
  });
});

describe("Sweep (000:205-219)", () => {
  it("EML −10 at the legs (000:207)", () => {
    const d = parseDeclaration(input({ nonLethal: "sweep", hooked: true }, NL));
    expect(d.attack.target.modifiers).toEqual([
      { key: "gold.sweep", value: -10, source: "seed 000 line 207" },
    ]);
  });
  it("example 000:213: Falcastra A★2 → +30 − 20 − 20 (hooked) = −10", () => {
    const d = parseDeclaration(input({ nonLethal: "sweep", hooked: true }, NL));
    const r = resolveExchange(d, dodge, dice({ attack: MS, defence: 65, sweep: [5, 5, 1] }));
    expect(r.result).toBe("A*2");
    expect(r.nonLethal!.check!.points).toBe(-10);
    // 3d6 vs AGL 11 − 0 − 10 ÷ 5 = 9; 11 fails: prone, attacker TA (000:215).
    expect(r.nonLethal!.check).toMatchObject({ target: 9, total: 11, failed: true });
    expect(r.tacticalAdvantage).toBe("attacker");
    expect(r.effects).toContainEqual({
      type: "condition",
      to: "defender",
      condition: "prone",
      cause: "sweep",
    });
  });
  it("big targets (000:219): no effect on a foe 2+ size classes larger", () => {
    expect(tooBigToSweep("medium", "veryLarge")).toBe(true);
    expect(tooBigToSweep("medium", "large")).toBe(false);
    expect(tooBigToSweep(undefined, "veryLarge")).toBe(true);
    const d = parseDeclaration(input({ nonLethal: "sweep" }, { ...NL, sweepBigTargets: true }));
    d.defender.sizeClass = "veryLarge";
    const r = resolveExchange(d, dodge, dice({ attack: MS, defence: 65 }));
    expect(r.nonLethal).toMatchObject({ bigTarget: true, check: null, tacticalAdvantage: null });
    expect(r.rolls.map((x) => x.name)).toEqual(["attack", "defence"]);
  });
});

describe("Tackle (000:223-227)", () => {
  it("a strike: both prone, hold, attacker TA; ground gives a Blunt strike of up to 2d6 (G47)", () => {
    const d = parseDeclaration(input({ nonLethal: "tackle", ground: 2 }, NL));
    expect(d.attack.target.value).toBe(60);
    const r = resolveExchange(
      d,
      dodge,
      dice({ attack: MS, defence: 61, location: 50, impact: [2, 3], shock: [1, 1] }),
    );
    expect(r.nonLethal).toMatchObject({
      attackerProne: true,
      defenderProne: true,
      hold: true,
      tacticalAdvantage: "attacker",
    });
    expect(r.strikes).toHaveLength(1);
    expect(r.strikes[0]).toMatchObject({ aspect: "blunt", dice: 2, impact: 5, injury: "S2" });
    const prone = r.effects.filter((e) => e.type === "condition" && e.condition === "prone");
    expect(prone.map((e) => e.to).sort()).toEqual(["attacker", "defender"]);
  });
  it("a quadruped: Stumble Roll with a 5d6 tangle penalty (000:226)", () => {
    const d = parseDeclaration(
      input({ nonLethal: "tackle" }, NL, { defender: { ...body, quadruped: true } }),
    );
    const r = resolveExchange(
      d,
      dodge,
      dice({
        attack: MS,
        defence: 61,
        "tackle.tangle": [1, 2, 3, 4, 5],
        "tackle.stumble": [1, 2, 3],
      }),
    );
    expect(r.nonLethal!.tangle).toEqual({ values: [1, 2, 3, 4, 5], total: 15 });
    // Physical Penalty and the tangle only (no A★ bonus): −15 → −3: 3d6 vs AGL 11 − 3 = 8.
    expect(r.nonLethal!.check).toMatchObject({ points: -15, target: 8, total: 6, failed: false });
    expect(r.nonLethal).toMatchObject({ attackerProne: true, defenderProne: false });
    expect(r.tacticalAdvantage).toBeNull();
  });
  it("a miss or dodge: the tackler is prone, the foe gains a TA (000:227)", () => {
    const d = parseDeclaration(input({ nonLethal: "tackle" }, NL));
    const r = resolveExchange(d, dodge, dice({ attack: 61, defence: 27 }));
    expect(r.result).toBe("miss");
    expect(r.nonLethal).toMatchObject({ strikeDice: null, attackerProne: true });
    expect(r.tacticalAdvantage).toBe("defender");
  });
  it("a Block is refused: it is treated as a Counterstrike (000:223)", () => {
    const raw = input({ nonLethal: "tackle" }, NL, { defence: { type: "block", eml: 50 } });
    expect(() => hm3.parseResolveInput(raw)).toThrow(/defence\.type.*Counterstrike/);
  });
});

describe("Unarmed combat styles (000:346-366)", () => {
  it("strike and grapple modifiers, cell by cell (000:351-354)", () => {
    expect(
      (["brawling", "wrestling", "kamtola", "sashata"] as const).map((s) => [
        unarmedStyleModifier(s, "strike"),
        unarmedStyleModifier(s, "grapple"),
      ]),
    ).toEqual([
      [-10, -10],
      [-10, 0],
      [-10, 0],
      [0, -10],
    ]);
  });
  it("the style's modifier is itemised on the attack", () => {
    const d = parseDeclaration(
      input(
        { aspect: "blunt", unarmed: { style: "sashata", mode: "grapple" } },
        { unarmedStyles: true },
      ),
    );
    expect(d.attack.target.modifiers).toEqual([
      { key: "gold.unarmedStyle", value: -10, source: "seed 000 line 354" },
    ]);
  });
  it("Kamtóla skill base DEX AGL AGL (000:362)", () => {
    const o = { ...GOLD_DEFAULTS, unarmedStyles: true, kamtolaSkillBase: true };
    expect(unarmedSkillBaseAttributes("kamtola", o)).toEqual(["dex", "agl", "agl"]);
    expect(unarmedSkillBaseAttributes("wrestling", o)).toEqual(["str", "dex", "agl"]);
    expect(unarmedSkillBaseAttributes("kamtola", { ...o, unarmedStyles: false })).toEqual([
      "str",
      "dex",
      "agl",
    ]);
  });
  it("technique penalties SI ×5 (CS), ×2 (MS), ×0 (MF) (000:366)", () => {
    expect([
      techniquePenalty(6, "CS"),
      techniquePenalty(6, "MS"),
      techniquePenalty(6, "MF"),
    ]).toEqual([-30, -12, 0]);
    expect(techniquePenalty(6, "CF")).toBeNull();
  });
  it("a technique forces its roll when the attack strikes (G48)", () => {
    const options = { unarmedStyles: true, unarmedTechniquePenalties: true };
    const d = parseDeclaration(
      input(
        {
          aspect: "blunt",
          impact: 0,
          unarmed: { style: "kamtola", mode: "grapple" },
          technique: { roll: "stumble", si: 6 },
        },
        options,
      ),
    );
    const r = resolveExchange(
      d,
      { type: "ignore" },
      dice({ attack: MS, location: 50, impact: [1, 1, 1], shock: [1], technique: [4, 4, 1] }),
    );
    // MS: −12 → −2 on 3d6 vs AGL 11: 9 holds.
    expect(r.technique).toMatchObject({ roll: "stumble", penalty: -12 });
    expect(r.technique!.check).toMatchObject({ target: 9, total: 9, failed: false });
  });
});

describe("CLI fields are refused naming the field", () => {
  const cases: [string, Record<string, unknown>, Record<string, boolean>, RegExp][] = [
    ["attack.nonLethal", { nonLethal: "disarm" }, {}, /attack\.nonLethal.*nonLethalAttacks/],
    ["attack.nonLethal", { nonLethal: "shove" }, NL, /attack\.nonLethal.*disarm, sweep, tackle/],
    ["attack.hooked", { nonLethal: "disarm", hooked: true }, NL, /attack\.hooked.*sweep/],
    ["attack.weight", { nonLethal: "disarm", weight: 3 }, NL, /attack\.weight.*disarmWeaponMass/],
    ["attack.ground", { nonLethal: "tackle", ground: 3 }, NL, /attack\.ground/],
    ["attack.aim", { nonLethal: "sweep", aim: "low" }, NL, /attack\.aim.*leave aim mid/],
    [
      "attack.unarmed",
      { unarmed: { style: "boxing", mode: "strike" } },
      { unarmedStyles: true },
      /attack\.unarmed\.style/,
    ],
    [
      "attack.technique",
      { technique: { roll: "shock", si: 5 } },
      { unarmedStyles: true, unarmedTechniquePenalties: true },
      /attack\.technique.*attack\.unarmed/,
    ],
  ];
  for (const [field, attack, options, re] of cases)
    it(`${field} ${JSON.stringify(attack)}`, () =>
      expect(() => parseDeclaration(input(attack, options))).toThrow(re));
  it("a fighter's rollSkills while injuryRollSkills is off", () =>
    expect(() =>
      parseDeclaration(input({}, {}, { defender: { ...body, rollSkills: { dodge: 50 } } })),
    ).toThrow(/defender\.rollSkills.*injuryRollSkills/));
  it("a missile cannot disarm", () =>
    expect(() => parseDeclaration(input({ type: "missile", nonLethal: "disarm" }, NL))).toThrow(
      /attack\.nonLethal.*melee/,
    ));
});
