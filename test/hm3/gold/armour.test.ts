/**
 * HârnMaster Gold, armour group (issue 19): ring & scale armour's six aspects (seed 000 lines
 * 330-336), cutting weapons (lines 63-69), random aspect (line 328), weapon damage checks (line
 * 368), rulings G20-G27 (docs/rulings.md), through the engine and the CLI's reader.
 */
import { describe, expect, it } from "vitest";
import { replayDice, ScriptedDice, SeededDice, type RollScript } from "../../../src/core/dice";
import {
  hm3,
  parseDeclaration,
  parseDefence,
  resolveExchange,
  type Hm3Declaration,
} from "../../../src/rules/hm3";
import { armourFromLayers, layerProtection } from "../../../src/rules/hm3/mechanics";
import { MATERIAL_PROTECTION, MATERIALS } from "../../../src/rules/hm3/tables";
import {
  columnValue,
  GOLD_RING_SCALE,
  sixAspectBase,
  sixAspectLayer,
  strikeColumn,
} from "../../../src/rules/hm3/gold/armour-columns";
import { aspectForRoll, aspectRanks, rankOfRoll } from "../../../src/rules/hm3/gold/armour-aspect";
import { bluntOrEdge, wqReduction } from "../../../src/rules/hm3/gold/armour-damage";

const dice = (script: RollScript, seed = 1) => new ScriptedDice(script, new SeededDice(seed));

const FIGHTER = { endurance: 12, dex: 12, agl: 12 };

/** A CLI input: attack and defender as given, the rest plain. */
function input(
  attack: Record<string, unknown>,
  defender: Record<string, unknown> = {},
  options: Record<string, boolean> = {},
): Record<string, unknown> {
  return {
    attack: { type: "melee", eml: 50, aspect: "edge", impact: 5, ...attack },
    attacker: FIGHTER,
    defender: { ...FIGHTER, ...defender },
    options,
  };
}

const decl = (...a: Parameters<typeof input>): Hm3Declaration => parseDeclaration(input(...a));

/** MS attack (27 vs EML 50) Ignored: A*3 on the thorax (location 50), impact 3d6 = 3 × 4. */
const THORAX: RollScript = { attack: 27, location: 50, impact: [4, 4, 4] };

describe("ring & scale armour: the seed's values (seed 000 lines 334-336)", () => {
  it.each([
    ["ring", 3, 7, 2, 6, 1, 6],
    ["scale", 4, 7, 5, 7, 1, 7],
  ] as const)("%s B%i E%i P%i F%i S%i T%i", (m, b, e, p, f, sq, t) => {
    expect(GOLD_RING_SCALE[m]).toEqual({
      blunt: b,
      edge: e,
      point: p,
      fire: f,
      squeeze: sq,
      tear: t,
    });
    // With the option on they replace HM3's own rows (seed 003 lines 224, 226), ruling G21.
    expect(sixAspectBase(m, MATERIAL_PROTECTION[m])).toEqual(GOLD_RING_SCALE[m]);
  });

  it.each(MATERIALS.filter((m) => m !== "ring" && m !== "scale"))(
    "%s: Squeeze = Blunt, Tear = Edge, HM3's values kept (ruling R1, G20)",
    (m) => {
      const hm = MATERIAL_PROTECTION[m];
      expect(sixAspectBase(m, hm)).toEqual({ ...hm, squeeze: hm.blunt, tear: hm.edge });
    },
  );

  it("a piece's own Squeeze and Tear replace the material's; null keeps it (G22)", () => {
    const hm = MATERIAL_PROTECTION.leather;
    expect(sixAspectBase("leather", hm, { squeeze: 0, tear: 9 })).toMatchObject({
      squeeze: 0,
      tear: 9,
    });
    expect(sixAspectBase("ring", MATERIAL_PROTECTION.ring, { squeeze: null, tear: 2 })).toEqual({
      ...GOLD_RING_SCALE.ring,
      tear: 2,
    });
  });

  it("quality and enchantment add to all six, never below 0 (seed 003 line 275, R13)", () => {
    expect(sixAspectLayer("ring", MATERIAL_PROTECTION.ring, 2)).toEqual({
      blunt: 5,
      edge: 9,
      point: 4,
      fire: 8,
      squeeze: 3,
      tear: 8,
    });
    expect(sixAspectLayer("ring", MATERIAL_PROTECTION.ring, -2)).toMatchObject({
      squeeze: 0,
      point: 0,
      blunt: 1,
    });
  });

  it("layers sum six columns with the option and HM3's four without (G21)", () => {
    const layers = [
      { material: "ring" as const, quality: 0, locations: ["thorax"] },
      { material: "quilt" as const, quality: 1, locations: ["thorax"] },
    ];
    // Ring 3 7 2 6 1 6 + Quilt+1 6 4 3 5 (S=B 6, T=E 4).
    expect(armourFromLayers(layers, undefined, true).thorax).toEqual({
      blunt: 9,
      edge: 11,
      point: 5,
      fire: 11,
      squeeze: 7,
      tear: 10,
    });
    const four = armourFromLayers(layers).thorax!;
    expect(four).toEqual({ blunt: 9, edge: 10, point: 7, fire: 8 });
    expect(four).toEqual({
      blunt: layerProtection(layers[0]!).blunt + 6,
      edge: 6 + 4,
      point: 4 + 3,
      fire: 3 + 5,
    });
  });

  it("an entry without Squeeze or Tear reads Blunt or Edge (R1)", () => {
    expect(columnValue({ blunt: 4, edge: 6 }, "squeeze")).toBe(4);
    expect(columnValue({ blunt: 4, edge: 6 }, "tear")).toBe(6);
    expect(columnValue({ blunt: 4, squeeze: 1 }, "squeeze")).toBe(1);
    expect(columnValue(undefined, "tear")).toBe(0);
  });
});

describe("the column a strike reads (G20, G23)", () => {
  const on = { ringScaleArmour: true, cuttingWeapons: true };
  const off = { ringScaleArmour: false, cuttingWeapons: false };
  it.each([
    ["squeeze", "blunt", false, on, "squeeze"],
    ["squeeze", "blunt", false, off, "blunt"],
    ["tear", "edge", false, on, "tear"],
    ["tear", "edge", false, { ...on, ringScaleArmour: false }, "edge"],
    ["edge", "edge", true, on, "tear"],
    ["edge", "edge", true, { ...on, cuttingWeapons: false }, "edge"],
    ["edge", "edge", false, on, "edge"],
    ["point", "point", true, on, "point"],
    ["blunt", "blunt", true, on, "blunt"],
    ["bite", "point", false, on, "point"],
  ] as const)("%s (as %s), cutting %s, %o → %s", (name, aspect, cutting, opts, column) => {
    expect(strikeColumn(name, aspect, cutting, opts)).toBe(column);
  });
});

describe("ring & scale armour in the exchange", () => {
  const ring = { layers: [{ material: "ring", locations: ["thorax"] }] };
  it("a Squeeze strike reads the Squeeze column: 1 on Ring, not HM3's Blunt 3", () => {
    const on = resolveExchange(
      decl({ aspect: "squeeze", impact: 2 }, ring, { ringScaleArmour: true }),
      { type: "ignore" },
      dice(THORAX),
    );
    const s = on.strikes[0]!;
    expect([s.location, s.impact, s.armour, s.effectiveImpact]).toEqual(["thorax", 14, 1, 13]);
    expect(s.armourColumn).toEqual({ column: "squeeze", option: "ringScaleArmour" });
    const off = resolveExchange(
      decl({ aspect: "squeeze", impact: 2 }, ring),
      { type: "ignore" },
      dice(THORAX),
    );
    expect([off.strikes[0]!.armour, off.strikes[0]!.armourColumn]).toEqual([3, undefined]);
  });

  it("an Edge strike on Ring reads the seed's Edge 7 with the option, HM3's 6 without", () => {
    const on = resolveExchange(
      decl({}, ring, { ringScaleArmour: true }),
      { type: "ignore" },
      dice(THORAX),
    );
    expect(on.strikes[0]!.armour).toBe(7);
    expect(on.strikes[0]!.armourColumn).toBeUndefined();
    const off = resolveExchange(decl({}, ring), { type: "ignore" }, dice(THORAX));
    expect(off.strikes[0]!.armour).toBe(6);
  });

  it("the armour map takes squeeze and tear; a Tear strike reads it", () => {
    const r = resolveExchange(
      decl(
        { aspect: "tear" },
        { armour: { thorax: { edge: 8, tear: 2 } } },
        { ringScaleArmour: true },
      ),
      { type: "ignore" },
      dice(THORAX),
    );
    expect([r.strikes[0]!.armour, r.strikes[0]!.effectiveImpact]).toEqual([2, 15]);
  });
});

describe("cutting weapons (seed 000 lines 63-69)", () => {
  const ring = { layers: [{ material: "ring", locations: ["thorax"] }] };
  it("a knife's Edge strike reads Tear: Ring T6 instead of E7", () => {
    const r = resolveExchange(
      decl({ aspect: "edge", impact: 1, cutting: true }, ring, {
        ringScaleArmour: true,
        cuttingWeapons: true,
      }),
      { type: "ignore" },
      dice(THORAX),
    );
    const s = r.strikes[0]!;
    expect([s.armour, s.effectiveImpact]).toEqual([6, 7]);
    expect(s.armourColumn).toEqual({ column: "tear", option: "cuttingWeapons" });
  });

  it("with ring & scale off, Tear is Edge: the rule changes nothing (G23)", () => {
    const cut = resolveExchange(
      decl({ cutting: true }, ring, { cuttingWeapons: true }),
      { type: "ignore" },
      dice(THORAX),
    );
    const plain = resolveExchange(decl({}, ring), { type: "ignore" }, dice(THORAX));
    expect(cut.strikes[0]!.armour).toBe(plain.strikes[0]!.armour);
    expect(cut.strikes[0]!.armour).toBe(6);
  });

  it("a counterstrike with a cutting weapon reads Tear too", () => {
    const d = decl({}, {}, { ringScaleArmour: true, cuttingWeapons: true });
    d.attacker.armour = { thorax: { edge: 7, tear: 6 } };
    const defence = parseDefence(
      { type: "counterstrike", eml: 50, aspect: "edge", impact: 2, cutting: true },
      "melee",
      d,
    );
    // MS vs MS counterstrike: B*1, the defender strikes second.
    const r = resolveExchange(
      d,
      defence,
      dice({ attack: 27, defence: 27, "counter.location": 50, "counter.impact": [3] }),
    );
    const s = r.strikes.find((x) => x.by === "defender")!;
    expect([s.armour, s.armourColumn?.column]).toEqual([6, "tear"]);
    expect(r.choices[0]!.value).toMatchObject({ strike: { cutting: true } });
  });
});

describe("random aspect (seed 000 line 328)", () => {
  // Broadsword: B3 E5 P3 (melee-weapons.csv), declared Edge.
  const broadsword = { aspect: "edge", impact: 5, aspects: { blunt: 3, edge: 5, point: 3 } };

  it("ranks by impact, ties by the declared aspect then B, E, P (G24)", () => {
    expect(aspectRanks(broadsword).map((r) => r.aspect)).toEqual(["edge", "blunt", "point"]);
    expect(aspectRanks({ aspect: "point", impact: 3, aspects: { blunt: 3, edge: 5 } })).toEqual([
      { aspect: "edge", impact: 5 },
      { aspect: "point", impact: 3 },
      { aspect: "blunt", impact: 3 },
    ]);
  });

  it.each([
    [1, "tertiary"],
    [2, "secondary"],
    [3, "secondary"],
    [4, "primary"],
    [5, "primary"],
    [6, "primary"],
  ] as const)("1d6 = %i → %s", (roll, rank) => {
    expect(rankOfRoll(roll)).toBe(rank);
  });

  it.each([
    [1, "point", 3, false],
    [2, "blunt", 3, false],
    [4, "edge", 5, false],
  ] as const)("broadsword, roll %i: %s %i", (roll, aspect, impact, instead) => {
    expect(aspectForRoll(broadsword, roll)).toMatchObject({
      aspect,
      impact,
      primaryInstead: instead,
    });
  });

  it("a weapon without the rolled aspect strikes with its Primary", () => {
    // Mankar: B2 E5 (no Point); tertiary rolled.
    expect(aspectForRoll({ aspect: "blunt", impact: 2, aspects: { edge: 5 } }, 1)).toMatchObject({
      rank: "tertiary",
      aspect: "edge",
      impact: 5,
      primaryInstead: true,
      declared: "blunt",
    });
  });

  it("the exchange rolls `aspect` first and strikes with it; the result replays", () => {
    const d = decl(
      { aspects: { blunt: 3, point: 3 } },
      { armour: { thorax: { blunt: 1, edge: 4, point: 2 } } },
      {
        randomAspect: true,
      },
    );
    const r = resolveExchange(d, { type: "ignore" }, dice({ ...THORAX, aspect: 2 }));
    const s = r.strikes[0]!;
    expect([s.aspect, s.weaponImpact, s.impact, s.armour]).toEqual(["blunt", 3, 15, 1]);
    expect(s.randomAspect).toMatchObject({ roll: 2, rank: "secondary", declared: "edge" });
    expect(r.rolls.map((x) => x.name)).toContain("aspect");
    const again = resolveExchange(d, { type: "ignore" }, replayDice(r.rolls));
    expect(again.strikes).toEqual(r.strikes);
  });

  it("a counterstrike rolls `counter.aspect`", () => {
    const d = decl({}, {}, { randomAspect: true });
    const defence = parseDefence(
      { type: "counterstrike", eml: 50, aspect: "blunt", impact: 1, aspects: { point: 4 } },
      "melee",
      d,
    );
    const r = resolveExchange(
      d,
      defence,
      dice({ attack: 27, defence: 27, aspect: 6, "counter.aspect": 5, "counter.location": 50 }),
    );
    const s = r.strikes.find((x) => x.by === "defender")!;
    expect([s.aspect, s.weaponImpact]).toEqual(["point", 4]);
  });

  it("off, no `aspect` roll is made", () => {
    const r = resolveExchange(decl({}), { type: "ignore" }, dice(THORAX));
    expect(r.rolls.map((x) => x.name)).not.toContain("aspect");
    expect(r.strikes[0]!.randomAspect).toBeUndefined();
  });
});

describe("weapon damage checks (seed 000 line 368)", () => {
  // MS vs MS Block: the block result (seed 003 melee matrix).
  const BLOCK = { attack: 27, defence: 27 };

  it("without the options the lower WQ checks first (hm3.md §2)", () => {
    const d = decl({ wq: 11 });
    const r = resolveExchange(
      d,
      { ...parseDefence({ type: "block", eml: 50, wq: 14 }, "melee", d) },
      dice({ ...BLOCK, attackerWeaponDamage: [1, 1, 1], defenderWeaponDamage: [1, 1, 1] }),
    );
    expect(r.weaponDamage.map((w) => [w.side, w.check.target])).toEqual([
      ["attacker", 11],
      ["defender", 14],
    ]);
  });

  it("shields check first: a blocking shield of higher WQ checks first", () => {
    const d = decl({ wq: 11 }, {}, { shieldsCheckFirst: true });
    const defence = parseDefence({ type: "block", eml: 50, wq: 14, shield: true }, "melee", d);
    const r = resolveExchange(
      d,
      defence,
      dice({ ...BLOCK, attackerWeaponDamage: [1, 1, 1], defenderWeaponDamage: [1, 1, 1] }),
    );
    expect(r.weaponDamage.map((w) => w.side)).toEqual(["defender", "attacker"]);
    expect(r.shieldCheckedFirst).toBe(true);
    // A blocking weapon (not a shield) keeps HM3's order.
    const weapon = parseDefence({ type: "block", eml: 50, wq: 14, shield: false }, "melee", d);
    const w = resolveExchange(d, weapon, dice({ ...BLOCK, attackerWeaponDamage: [1, 1, 1] }));
    expect(w.weaponDamage[0]!.side).toBe("attacker");
    expect(w.shieldCheckedFirst).toBeUndefined();
  });

  it.each([
    [0, 0],
    [2, 0],
    [3, 1],
    [5, 1],
    [7, 1],
    [8, 2],
    [12, 2],
    [13, 3],
  ])("impact %i lowers the 3d6 target by %i (G27)", (impact, by) => {
    expect(wqReduction(impact)).toBe(by);
  });

  it("the higher of base Blunt and Edge, Squeeze and Tear as Blunt and Edge (R1)", () => {
    expect(bluntOrEdge({ aspect: "edge", impact: 8, aspects: { blunt: 5, point: 4 } })).toBe(8);
    expect(bluntOrEdge({ aspect: "point", impact: 6, aspects: { blunt: 3 } })).toBe(3);
    expect(bluntOrEdge({ aspect: "squeeze", impact: 4 })).toBe(4);
    expect(bluntOrEdge({ aspect: "point", impact: 6 })).toBeNull();
  });

  it("each check's target loses the opposing weapon's B or E ÷ 5 (+ charge bonus)", () => {
    // Battlesword B5 E8 P4 (+ charge 4) against a Kite Shield B3 P3 (melee-weapons.csv).
    const d = decl(
      { aspect: "edge", impact: 8, wq: 13, aspects: { blunt: 5, point: 4 }, chargeBonus: 4 },
      {},
      { weaponDamageModifiers: true, shieldsCheckFirst: true },
    );
    const defence = parseDefence(
      { type: "block", eml: 50, wq: 14, shield: true, aspects: { blunt: 3, point: 3 } },
      "melee",
      d,
    );
    const r = resolveExchange(
      d,
      defence,
      dice({ ...BLOCK, defenderWeaponDamage: [4, 4, 4], attackerWeaponDamage: [4, 4, 4] }),
    );
    expect(r.weaponDamageModifiers).toEqual([
      { side: "defender", opposingImpact: 12, chargeBonus: 4, reduction: 2, target: 12 },
      { side: "attacker", opposingImpact: 3, chargeBonus: 0, reduction: 1, target: 12 },
    ]);
    expect(r.weaponDamage.map((w) => [w.side, w.wq, w.check.target, w.check.failed])).toEqual([
      ["defender", 14, 12, false],
      ["attacker", 13, 12, false],
    ]);
  });

  it("a blocker whose impacts are not given lowers nothing (recorded as null)", () => {
    const d = decl({ wq: 12 }, {}, { weaponDamageModifiers: true });
    const r = resolveExchange(
      d,
      parseDefence({ type: "block", eml: 50, wq: 12 }, "melee", d),
      dice({ ...BLOCK, defenderWeaponDamage: [6, 4, 1], attackerWeaponDamage: [1, 1, 1] }),
    );
    expect(r.weaponDamageModifiers).toEqual([
      { side: "defender", opposingImpact: 5, chargeBonus: 0, reduction: 1, target: 11 },
      { side: "attacker", opposingImpact: null, chargeBonus: 0, reduction: 0, target: 12 },
    ]);
  });
});

describe("the CLI's fields of the armour group are refused while their option is off (G1)", () => {
  it.each([
    [{ cutting: true }, {}, "attack.cutting", "cuttingWeapons"],
    [{ aspects: { blunt: 2 } }, {}, "attack.aspects", "randomAspect"],
    [{ chargeBonus: 2 }, {}, "attack.chargeBonus", "weaponDamageModifiers"],
    [
      {},
      { armour: { thorax: { squeeze: 1 } } },
      "defender.armour.thorax.squeeze",
      "ringScaleArmour",
    ],
    [
      {},
      { layers: [{ material: "ring", tear: 2, locations: ["thorax"] }] },
      "defender.layers[0].tear",
      "ringScaleArmour",
    ],
  ])("%o %o → %s", (attack, defender, field, option) => {
    expect(() => parseDeclaration(input(attack, defender))).toThrow(
      new RegExp(
        `^${field.replace(/[[\].]/g, "\\$&")}: needs the HârnMaster Gold option ${option}`,
      ),
    );
  });

  it("defence.shield needs shieldsCheckFirst; defence.aspects a damage or aspect option", () => {
    expect(() => parseDefence({ type: "block", eml: 50, shield: true }, "melee")).toThrow(
      /^defence\.shield: needs the HârnMaster Gold option shieldsCheckFirst/,
    );
    expect(() => parseDefence({ type: "block", eml: 50, aspects: { blunt: 1 } }, "melee")).toThrow(
      /^defence\.aspects: needs the HârnMaster Gold option randomAspect/,
    );
  });

  it("bad values name the field", () => {
    const on = { randomAspect: true, cuttingWeapons: true, ringScaleArmour: true };
    expect(() => parseDeclaration(input({ aspects: { edge: 4 } }, {}, on))).toThrow(
      /^attack\.aspects\.edge: differs from the declared edge impact 5, got 4/,
    );
    expect(() => parseDeclaration(input({ aspects: { slash: 4 } }, {}, on))).toThrow(
      /^attack\.aspects\.slash: unknown aspect/,
    );
    expect(() => parseDeclaration(input({ cutting: "yes" }, {}, on))).toThrow(
      /^attack\.cutting: expected true or false/,
    );
    expect(() => parseDeclaration(input({}, { armour: { thorax: { tear: -1 } } }, on))).toThrow(
      /^defender\.armour\.thorax\.tear: must be at least 0/,
    );
  });

  it("the whole CLI input resolves through the ruleset with every field", () => {
    const { decl: d, answers } = hm3.parseResolveInput({
      ...input(
        { cutting: true, aspects: { point: 5 }, wq: 11, chargeBonus: 0 },
        { layers: [{ material: "scale", locations: ["thorax"], squeeze: 2 }] },
        {
          ringScaleArmour: true,
          cuttingWeapons: true,
          randomAspect: true,
          shieldsCheckFirst: true,
          weaponDamageModifiers: true,
        },
      ),
      defence: { type: "block", eml: 50, wq: 14, shield: true, aspects: { blunt: 3 } },
    });
    expect(d.defender.armour.thorax).toEqual({
      blunt: 4,
      edge: 7,
      point: 5,
      fire: 7,
      squeeze: 2,
      tear: 7,
    });
    expect(answers.defence).toHaveLength(1);
  });
});
