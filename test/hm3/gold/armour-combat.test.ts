/**
 * The armour group's HârnMaster Gold options in the Foundry flow (issue 19): stored items in,
 * declaration and defence out (src/rules/hm3/gold/armour-combat.ts through hm3Combat), the
 * derivation's six-column armour, the item sheet's row and the result card's lines.
 */
import { describe, expect, it } from "vitest";
import type { AttackRequest, ChoiceRequest, FighterSnapshot } from "../../../src/core/combat";
import { SeededDice, ScriptedDice } from "../../../src/core/dice";
import { localizeTree } from "../../../src/foundry/chat/text";
import { hm3Input, type ItemLike } from "../../../src/foundry/rulesets/hm3/input";
import { goldArmourRow } from "../../../src/foundry/rulesets/hm3/gold-armour-sheet";
import {
  armourResultLines,
  armourStrikeLines,
} from "../../../src/foundry/rulesets/hm3/gold-armour-card";
import { deriveHm3Character, hm3, hm3Combat, resolveExchange } from "../../../src/rules/hm3";
import lang from "../../../lang/en.json";
import { ATTRS, NO_IMPACT, physical } from "./fixtures";

const skill = (id: string, name: string): ItemLike => ({
  id,
  type: "skill",
  name,
  system: {
    description: "",
    hm3: { category: "combat", sbAttributes: [], sbModifier: 0, skillBase: null, ml: 60 },
  },
});

function weapon(
  id: string,
  impact: Record<string, number>,
  over: Record<string, unknown> = {},
): ItemLike {
  return {
    id,
    type: "weapon",
    name: id,
    system: {
      ...physical,
      ...(over.held ? { held: over.held } : {}),
      hm3: {
        skill: (over.skill as string) ?? "Sword",
        wq: (over.wq as number) ?? 12,
        attack: 15,
        defence: 10,
        impact: { ...NO_IMPACT, ...impact },
        handMode: "one",
        shield: over.shield === true,
        cutting: over.cutting === true,
      },
    },
  };
}

function armour(id: string, material: string, over: Record<string, unknown> = {}): ItemLike {
  return {
    id,
    type: "armour",
    name: id,
    system: {
      ...physical,
      held: "none",
      hm3: {
        material,
        quality: 0,
        enchantment: 0,
        locations: ["thorax"],
        squeeze: null,
        tear: null,
        ...over,
      },
    },
  };
}

function snapshot(items: ItemLike[], name: string): FighterSnapshot {
  const system = { description: "", hm3: { attributes: { ...ATTRS }, fatigue: 0, encumbrance: 0 } };
  return {
    actorType: "character",
    name,
    system,
    derived: deriveHm3Character(hm3Input(system as never, items)),
    items: items.map((i) => ({
      id: i.id!,
      type: i.type,
      name: i.name,
      system: i.system as Record<string, unknown>,
    })),
    conditions: [],
  };
}

// A knife (cutting, Blunt 0 Edge 1 Point 4: melee-weapons.csv) against a ring hauberk and a kite shield.
const attacker = () =>
  snapshot(
    [
      skill("s1", "Sword"),
      weapon("knife", { blunt: 0, edge: 1, point: 4 }, { cutting: true, wq: 10 }),
    ],
    "A",
  );
const defender = () =>
  snapshot(
    [
      skill("s1", "Sword"),
      skill("s2", "Shield"),
      weapon(
        "kite",
        { blunt: 3, point: 3 },
        { skill: "Shield", shield: true, wq: 14, held: "off" },
      ),
      armour("ring", "ring", { squeeze: 2 }),
    ],
    "D",
  );

const request = (over: Partial<AttackRequest> = {}): AttackRequest => ({
  itemId: "knife",
  mode: "edge",
  aim: "mid",
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
  custom: [],
  ...over,
});

const ALL = {
  ringScaleArmour: true,
  cuttingWeapons: true,
  randomAspect: true,
  shieldsCheckFirst: true,
  weaponDamageModifiers: true,
};

describe("the derivation's six-column armour (G20-G22)", () => {
  it("a ring piece with its own Squeeze 2: seed values with the option, HM3's without", () => {
    const d = defender().derived as ReturnType<typeof deriveHm3Character>;
    expect(d.goldArmour.thorax).toEqual({
      blunt: 3,
      edge: 7,
      point: 2,
      fire: 6,
      squeeze: 2,
      tear: 6,
    });
    expect(d.armour.thorax).toEqual({ blunt: 3, edge: 6, point: 4, fire: 3 });
    expect(d.goldArmour.skull).toEqual({
      blunt: 0,
      edge: 0,
      point: 0,
      fire: 0,
      squeeze: 0,
      tear: 0,
    });
  });

  it("a bad own value is reported and read as the material's", () => {
    const d = deriveHm3Character(
      hm3Input(
        { description: "", hm3: { attributes: { ...ATTRS }, fatigue: 0, encumbrance: 0 } } as never,
        [armour("ring", "ring", { tear: -3 })],
      ),
    );
    expect(d.goldArmour.thorax!.tear).toBe(6);
    expect(d.warnings.map((w) => w.field)).toContain("armour[0].tear");
  });
});

describe("declarations and defences (hm3Combat)", () => {
  it("all off: nothing of the group is declared and the armour keeps four columns", () => {
    const build = hm3Combat.buildDeclaration(attacker(), defender(), request(), {});
    const attack = (build.declaration as { attack: Record<string, unknown> }).attack;
    expect(attack).not.toHaveProperty("cutting");
    expect(attack).not.toHaveProperty("aspects");
    const def = (build.declaration as { defender: { armour: Record<string, unknown> } }).defender;
    expect(def.armour.thorax).toEqual({ blunt: 3, edge: 6, point: 4, fire: 3 });
  });

  it("on: the knife cuts, its other aspects are declared, the defender wears six columns", () => {
    const build = hm3Combat.buildDeclaration(attacker(), defender(), request(), ALL);
    const decl = hm3.parseDeclaration(build.declaration);
    expect(decl.attack.cutting).toBe(true);
    expect(decl.attack.aspects).toEqual({ blunt: 0, point: 4 });
    expect(decl.defender.armour.thorax).toEqual({
      blunt: 3,
      edge: 7,
      point: 2,
      fire: 6,
      squeeze: 2,
      tear: 6,
    });
    // MS attack Ignored, thorax: the cut reads Tear 6, not Edge 7 (aspect roll 5: primary... by impact
    // the knife's Primary is Point 4, so roll 2 gives the Secondary, Edge 1).
    const r = resolveExchange(
      decl,
      { type: "ignore" },
      new ScriptedDice(
        { aspect: 2, attack: 27, location: 50, impact: [4, 4, 4] },
        new SeededDice(1),
      ),
    );
    const s = r.strikes[0]!;
    expect([s.aspect, s.weaponImpact, s.armour, s.armourColumn?.option]).toEqual([
      "edge",
      1,
      6,
      "cuttingWeapons",
    ]);
  });

  it("the shield's block declares shield and its impacts; the WQ checks follow the options", () => {
    const build = hm3Combat.buildDeclaration(attacker(), defender(), request(), ALL);
    const state = hm3.start(hm3.parseDeclaration(build.declaration), new SeededDice(0));
    const pending = hm3.pending(state)!;
    const choice: ChoiceRequest = {
      optionId: "block",
      itemId: "kite",
      mode: null,
      aim: null,
      custom: [],
    };
    const raw = hm3Combat.buildChoice(pending, build, defender(), choice);
    expect(raw).toMatchObject({
      type: "block",
      wq: 14,
      shield: true,
      aspects: { blunt: 3, point: 3 },
    });
    const off = hm3Combat.buildDeclaration(attacker(), defender(), request(), {});
    const offState = hm3.start(hm3.parseDeclaration(off.declaration), new SeededDice(0));
    const plain = hm3Combat.buildChoice(hm3.pending(offState)!, off, defender(), choice);
    expect(plain).not.toHaveProperty("shield");
    expect(plain).not.toHaveProperty("aspects");
  });
});

const localize = (key: string) => {
  let v: unknown = lang;
  for (const k of key.split(".")) v = (v as Record<string, unknown>)?.[k];
  if (typeof v !== "string") throw new Error(`no ${key}`);
  return v;
};
const format = (key: string, data: Record<string, string | number>) =>
  localize(key).replace(/\{(\w+)\}/g, (_, k: string) => String(data[k]));

describe("sheet row and card lines", () => {
  it("the armour sheet's six values with ring & scale armour: ring +1, own Tear 3", () => {
    const row = goldArmourRow(
      { material: "ring", quality: 1, enchantment: 0, squeeze: null, tear: 3 },
      localize,
    );
    expect(row.map((c) => [c.short, c.value])).toEqual([
      ["B", 4],
      ["E", 8],
      ["P", 3],
      ["F", 7],
      ["S", 2],
      ["T", 4],
    ]);
  });

  it("strike lines name the option", () => {
    const lines = armourStrikeLines(
      {
        armour: 6,
        armourColumn: { column: "tear", option: "cuttingWeapons" },
        randomAspect: {
          roll: 1,
          rank: "tertiary",
          aspect: "edge",
          impact: 5,
          primaryInstead: true,
          declared: "blunt",
        },
      },
      (a) => a,
    );
    expect(localizeTree(lines, localize, format)).toEqual([
      "Random aspect (HârnMaster Gold): 1d6 = 1, tertiary aspect missing: primary aspect edge (impact 5; declared blunt)",
      "Cutting weapons (HârnMaster Gold): a cut reads the armour's Tear value, 6",
    ]);
    const squeeze = armourStrikeLines(
      { armour: 1, armourColumn: { column: "squeeze", option: "ringScaleArmour" } },
      (a) => a,
    );
    expect(localizeTree(squeeze, localize, format)).toEqual([
      "Ring & scale armour (HârnMaster Gold): the armour's Squeeze value, 1",
    ]);
  });

  it("weapon damage lines: shields first, each target, hidden from who may not see it", () => {
    const result = {
      shieldCheckedFirst: true,
      weaponDamage: [
        {
          side: "defender" as const,
          wq: 14,
          check: { roll: "x", dice: 3, values: [1, 1, 1], total: 3, target: 12, failed: false },
          broken: false,
        },
        {
          side: "attacker" as const,
          wq: 10,
          check: { roll: "y", dice: 3, values: [1, 1, 1], total: 3, target: 9, failed: false },
          broken: false,
        },
      ],
      weaponDamageModifiers: [
        { side: "defender" as const, opposingImpact: 8, chargeBonus: 0, reduction: 2, target: 12 },
        {
          side: "attacker" as const,
          opposingImpact: null,
          chargeBonus: 0,
          reduction: 0,
          target: 10,
        },
      ],
    };
    const lines = armourResultLines(
      result,
      (s) => (s === "attacker" ? "Ann" : "Bob"),
      (s) => s === "attacker",
    );
    expect(localizeTree(lines, localize, format)).toEqual([
      "Shields check first (HârnMaster Gold): the blocking shield checks for damage first",
      "Weapon damage modifiers (HârnMaster Gold): Bob's check lowered by 2 (opposing impact 8)",
      "Weapon damage modifiers (HârnMaster Gold): Ann's check at WQ 10, the opposing weapon's impact not known",
    ]);
    const seen = armourResultLines(
      result,
      (s) => (s === "attacker" ? "Ann" : "Bob"),
      () => true,
    );
    expect((localizeTree(seen, localize, format) as unknown[])[1]).toBe(
      "Weapon damage modifiers (HârnMaster Gold): Bob's check at WQ 14 − 2 (opposing impact 8) = 12",
    );
  });
});
