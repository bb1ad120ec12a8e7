/**
 * The impact group in the HM3 Foundry flow (src/rules/hm3/combat.ts → gold/impact-combat.ts):
 * snapshots in, dialog targets and declarations out (seed 000 lines 17-39, 129-147, 231-241;
 * rulings G10-G19).
 */
import { describe, expect, it } from "vitest";
import type { AttackRequest, FighterSnapshot } from "../../../src/core/combat";
import { InputError } from "../../../src/core/errors";
import { hm3Input, type ItemLike } from "../../../src/foundry/rulesets/hm3/input";
import {
  DEFAULT_OPTIONS,
  deriveHm3Character,
  hm3,
  hm3Combat,
  HM3_MODIFIER_LABELS,
} from "../../../src/rules/hm3";
import { IMPACT_CATALOG } from "../../../src/rules/hm3/gold/impact";

const ATTRS = {
  str: 13,
  sta: 12,
  dex: 13,
  agl: 11,
  eye: 12,
  hrg: 12,
  sml: 12,
  voi: 12,
  int: 12,
  aur: 12,
  wil: 12,
  cml: 12,
};

function weapon(
  id: string,
  hm3: Record<string, unknown>,
  held = "main",
  impact: Record<string, number | null> = { blunt: 5, edge: 7, point: 5, fire: null },
): ItemLike {
  return {
    id,
    type: "weapon",
    name: id,
    system: {
      description: "",
      quantity: 1,
      weight: 0,
      carried: true,
      equipped: true,
      held,
      hm3: {
        skill: "Sword",
        wq: 12,
        attack: 20,
        defence: 10,
        impact,
        handMode: "one",
        shield: false,
        ...hm3,
      },
    },
  };
}

function snap(items: ItemLike[], hm3: Record<string, unknown> = {}): FighterSnapshot {
  const system = {
    description: "",
    hm3: { attributes: { ...ATTRS }, fatigue: 0, encumbrance: 0, ...hm3 },
  };
  const all: ItemLike[] = [
    {
      id: "sk",
      type: "skill",
      name: "Sword",
      system: {
        description: "",
        hm3: { category: "combat", sbAttributes: [], sbModifier: 0, skillBase: 50, ml: 57 },
      },
    },
    ...items,
  ];
  return {
    actorType: "character",
    name: "F",
    system,
    derived: deriveHm3Character(hm3Input(system as never, all)),
    items: all.map((i) => ({
      id: i.id!,
      type: i.type,
      name: i.name,
      system: i.system as Record<string, unknown>,
    })),
    conditions: [],
  };
}

const request = (over: Partial<AttackRequest> = {}): AttackRequest =>
  ({
    itemId: "sword",
    mode: "edge",
    aim: "mid",
    band: null,
    situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
    custom: [],
    ...over,
  }) as AttackRequest;

const options = (on: Record<string, boolean>) => ({ ...DEFAULT_OPTIONS, ...on });

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("expected an InputError");
}

describe("the attack dialog's rows (IMPACT_CATALOG)", () => {
  it("offers the angry strike and the enraged rows only with angryStrike on", () => {
    expect(IMPACT_CATALOG.map((r) => [r.id, r.option])).toEqual([
      ["gold.angry", "angryStrike"],
      ["gold.enraged", "angryStrike"],
    ]);
    expect(hm3Combat.catalog).toEqual(expect.arrayContaining([...IMPACT_CATALOG]));
  });

  it("labels the modifiers it adds", () => {
    expect(HM3_MODIFIER_LABELS["gold.angry"]).toBe("BLOWBYBLOW.Modifier.gold.angry");
    expect(HM3_MODIFIER_LABELS["gold.enraged"]).toBe("BLOWBYBLOW.Modifier.gold.enraged");
    expect(HM3_MODIFIER_LABELS["gold.handMode"]).toBe("BLOWBYBLOW.Modifier.gold.handMode");
  });
});

describe("angry strike in the Foundry flow (000:21-29)", () => {
  const attacker = snap([weapon("sword", {})]);
  const defender = snap([]);
  const angry = request({ catalog: [{ id: "gold.angry", param: 30 }] });

  it("itemises gold.angry in the dialog's target: AML 77 − 30 = 47", () => {
    const t = hm3Combat.attackTarget(attacker, defender, angry, options({ angryStrike: true }));
    expect(t.base).toBe(77);
    expect(t.modifiers).toContainEqual({
      key: "gold.angry",
      value: -30,
      source: "seed 000 line 21",
    });
    expect(t.raw).toBe(47);
  });

  it("declares attack.angry, and the declaration parses back to the same EML", () => {
    const build = hm3Combat.buildDeclaration(
      attacker,
      defender,
      angry,
      options({ angryStrike: true }),
    );
    const attack = (build.declaration as { attack: Record<string, unknown> }).attack;
    expect(attack.angry).toBe(30);
    const decl = hm3.parseDeclaration(build.declaration);
    expect(decl.attack.angry).toBe(30);
    expect(decl.attack.target.raw).toBe(47);
    expect(decl.attack.target.modifiers.filter((m) => m.key === "gold.angry")).toHaveLength(1);
  });

  it("with the cap, the skill's ML 57 gives SI 5: 60 points are refused naming the row", () => {
    const on = options({ angryStrike: true, angryStrikeMaxBonus: true });
    const build = hm3Combat.buildDeclaration(attacker, defender, angry, on);
    expect((build.declaration as { attack: Record<string, unknown> }).attack.ml).toBe(57);
    const err = inputError(() =>
      hm3Combat.attackTarget(
        attacker,
        defender,
        request({ catalog: [{ id: "gold.angry", param: 60 }] }),
        on,
      ),
    );
    expect(err.field).toBe("catalog.gold.angry");
    expect(err.message).toMatch(/Skill Index 5/);
  });

  it("the enraged row: −20 as gold.enraged, attack.enraged", () => {
    const build = hm3Combat.buildDeclaration(
      attacker,
      defender,
      request({ catalog: [{ id: "gold.enraged", param: "20" }] }),
      options({ angryStrike: true }),
    );
    const decl = hm3.parseDeclaration(build.declaration);
    expect(decl.attack.enraged).toBe(true);
    expect(decl.attack.angry).toBe(20);
    expect(decl.attack.target.modifiers).toContainEqual({
      key: "gold.enraged",
      value: -20,
      source: "seed 000 line 27",
    });
  });

  it("a row sent while the option is off is refused naming the field", () => {
    expect(inputError(() => hm3Combat.attackTarget(attacker, defender, angry, {})).field).toBe(
      "catalog.gold.angry",
    );
  });
});

describe("blunt trauma, size and grip from the stored data", () => {
  it("declares the weapon's Blunt base (000:33), 0 when it has none", () => {
    const on = options({ bluntTrauma: true });
    const withBlunt = hm3Combat.buildDeclaration(
      snap([weapon("sword", {})]),
      snap([]),
      request(),
      on,
    );
    expect((withBlunt.declaration as { attack: { blunt: number } }).attack.blunt).toBe(5);
    const none = hm3Combat.buildDeclaration(
      snap([weapon("sword", {}, "main", { blunt: null, edge: 7, point: 5, fire: null })]),
      snap([]),
      request(),
      on,
    );
    expect((none.declaration as { attack: { blunt: number } }).attack.blunt).toBe(0);
  });

  it("declares the defender's size class (G15) only with impactSize on", () => {
    const big = snap([], { sizeClass: "large" });
    const on = hm3Combat.buildDeclaration(
      snap([weapon("sword", {})]),
      big,
      request(),
      options({ impactSize: true }),
    );
    const decl = hm3.parseDeclaration(on.declaration);
    expect(decl.defender.sizeClass).toBe("large");
    const off = hm3Combat.buildDeclaration(snap([weapon("sword", {})]), big, request(), {});
    expect(hm3.parseDeclaration(off.declaration).defender.sizeClass).toBeUndefined();
  });

  it("a two-handed weapon in the main hand: −10 EML and 1 impact less (000:233, G17)", () => {
    const attacker = snap([weapon("sword", { handMode: "two" }, "main")]);
    const on = options({ handedImpact: true });
    const t = hm3Combat.attackTarget(attacker, snap([]), request(), on);
    expect(t.modifiers).toContainEqual({
      key: "gold.handMode",
      value: -10,
      source: "seed 000 line 233",
    });
    const decl = hm3.parseDeclaration(
      hm3Combat.buildDeclaration(attacker, snap([]), request(), on).declaration,
    );
    expect(decl.attack.handed).toEqual({ weapon: "two", grip: "one", penalty: 10 });
  });

  it("in the off hand −20; in both hands nothing (000:233)", () => {
    const on = options({ handedImpact: true });
    const off = hm3Combat.attackTarget(
      snap([weapon("sword", { handMode: "two" }, "off")]),
      snap([]),
      request(),
      on,
    );
    expect(off.modifiers).toContainEqual(
      expect.objectContaining({ key: "gold.handMode", value: -20 }),
    );
    const both = hm3Combat.attackTarget(
      snap([weapon("sword", { handMode: "two" }, "both")]),
      snap([]),
      request(),
      on,
    );
    expect(both.modifiers.some((m) => m.key === "gold.handMode")).toBe(false);
  });

  it("reads the item's STR requirement against the wielder's STR 13 (000:239, G18)", () => {
    const on = options({ handedImpact: true });
    const decl = hm3.parseDeclaration(
      hm3Combat.buildDeclaration(
        snap([weapon("sword", { strRequirement: 17 })]),
        snap([]),
        request(),
        on,
      ).declaration,
    );
    expect(decl.attack.handed).toEqual({
      weapon: "one",
      grip: "one",
      penalty: 0,
      str: 13,
      strRequirement: 17,
    });
  });
});
