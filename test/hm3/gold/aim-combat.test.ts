/**
 * Aimed melee (HârnMaster Gold, seed 000 lines 5-15) in the Foundry flow's HM3 combat functions:
 * the dialog's rows (`AIM_CATALOG`, gated by `aimedMelee`), the preview's itemised modifiers, the
 * declaration's `attack.aimAt` and the rows refused naming the row. Rulings G3, G8, G9.
 */
import { describe, expect, it } from "vitest";
import type { AttackRequest, CatalogRowInput, FighterSnapshot } from "../../../src/core/combat";
import { ScriptedDice, SeededDice } from "../../../src/core/dice";
import { InputError } from "../../../src/core/errors";
import { hm3Input, type ItemLike } from "../../../src/foundry/rulesets/hm3/input";
import {
  deriveHm3Character,
  hm3Combat,
  HM3_MODIFIER_LABELS,
  parseDeclaration,
  resolveExchange,
} from "../../../src/rules/hm3";
import { AIM_CATALOG, AIM_ROW } from "../../../src/rules/hm3/gold/aim";
import { readGoldCatalog } from "../../../src/rules/hm3/gold/aim-catalog";
import { quadruped } from "../quadruped";

const ATTRS = Object.fromEntries(
  ["str", "sta", "dex", "agl", "eye", "hrg", "sml", "voi", "int", "aur", "wil", "cml"].map((k) => [
    k,
    12,
  ]),
);

function snapshot(
  actorType: "character" | "creature",
  hm3: Record<string, unknown>,
  items: ItemLike[],
  name: string,
): FighterSnapshot {
  const system = {
    description: "",
    hm3: { attributes: { ...ATTRS }, fatigue: 0, encumbrance: 0, ...hm3 },
  };
  const derived = deriveHm3Character(hm3Input(system as never, items));
  return {
    actorType,
    name,
    system,
    derived,
    items: items.map((i) => ({
      id: i.id!,
      type: i.type,
      name: i.name,
      system: i.system as Record<string, unknown>,
    })),
    conditions: [],
  };
}

const physical = { description: "", quantity: 1, weight: 0, carried: true, equipped: true };
const skill = (name: string, ml: number): ItemLike => ({
  id: `sk-${name}`,
  type: "skill",
  name,
  system: {
    description: "",
    hm3: { category: "combat", sbAttributes: [], sbModifier: 0, skillBase: 50, ml },
  },
});
const sword: ItemLike = {
  id: "sword",
  type: "weapon",
  name: "Sword",
  system: {
    ...physical,
    held: "main",
    hm3: {
      skill: "Sword",
      wq: 12,
      attack: 20,
      defence: 10,
      impact: { blunt: null, edge: 7, point: 4, fire: null },
      handMode: "one",
      shield: false,
    },
  },
};
const bow: ItemLike = {
  id: "bow",
  type: "missile",
  name: "Bow",
  system: {
    ...physical,
    held: "both",
    hm3: {
      skill: "Bow",
      aspect: "point",
      velocity: "high",
      wq: 10,
      ranges: {
        short: { range: 20, impact: 8 },
        medium: { range: 40, impact: 7 },
        long: { range: 80, impact: 6 },
        extreme: { range: 160, impact: 5 },
      },
    },
  },
};

/** Sword AML 60 + 20 = 80, no penalties. */
const attacker = () =>
  snapshot("character", {}, [skill("Sword", 60), skill("Bow", 60), sword, bow], "A");
const defender = () => snapshot("character", {}, [skill("Dodge", 50)], "D");
const beast = () =>
  snapshot(
    "creature",
    { bodyPlan: { name: "Quadruped", locations: quadruped().locations } },
    [skill("Dodge", 40)],
    "Wolf",
  );

const ON = { aimedMelee: true };

function request(catalog: CatalogRowInput[], over: Partial<AttackRequest> = {}): AttackRequest {
  return {
    itemId: "sword",
    mode: "edge",
    aim: "high",
    band: null,
    situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
    custom: [],
    catalog,
    ...over,
  };
}

const loc = (param: string): CatalogRowInput => ({ id: AIM_ROW.location, param });
const side = (param: string): CatalogRowInput => ({ id: AIM_ROW.side, param });
const aap = (param: number): CatalogRowInput => ({ id: AIM_ROW.aap, param });

function errorOf(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("expected an InputError");
}

describe("the aimed-melee rows (ruling G9)", () => {
  it("are HM3 catalog rows offered only while aimedMelee is on", () => {
    for (const row of AIM_CATALOG) expect(hm3Combat.catalog).toContainEqual(row);
    expect(AIM_CATALOG.every((r) => r.option === "aimedMelee")).toBe(true);
    // The dialog offers a row whose option is on (src/foundry/combat/actions.ts catalogFor).
    expect(hm3Combat.catalog!.filter((r) => r.option === "aimedMelee").map((r) => r.id)).toEqual([
      "aimedMelee.location",
      "aimedMelee.side",
      "aimedMelee.aap",
    ]);
  });

  it("offer every human location and face part, both sides and 0-90 AAPs", () => {
    const [l, s, a] = AIM_CATALOG;
    expect(l!.param?.kind === "choice" && l!.param.choices.map((c) => c.id)).toEqual([
      ...["skull", "face", "neck", "shoulder", "upper-arm", "elbow", "forearm", "hand"],
      ...["thorax", "abdomen", "groin", "hip", "thigh", "knee", "calf", "foot"],
      ...["jaw", "eye", "cheek", "nose", "ear", "mouth"],
    ]);
    expect(s!.param?.kind === "choice" && s!.param.choices.map((c) => c.id)).toEqual([
      "left",
      "right",
    ]);
    expect(a!.param).toEqual({ kind: "number", min: 0, max: 90, default: 10 });
  });

  it("each row's parameter is checked against its row (readGoldCatalog)", () => {
    expect(readGoldCatalog([{ id: AIM_ROW.location, param: "jaw" }])).toEqual([loc("jaw")]);
    // A creature plan's own id ("wing") is read here and checked against the victim's plan when
    // the declaration is built (G72); an id no plan can have is refused here.
    expect(readGoldCatalog([{ id: AIM_ROW.location, param: "wing" }])).toEqual([loc("wing")]);
    expect(errorOf(() => readGoldCatalog([{ id: AIM_ROW.location, param: "wing!" }])).field).toBe(
      "catalog[0].param",
    );
    expect(
      errorOf(() => hm3Combat.buildDeclaration(attacker(), defender(), request([loc("wing")]), ON))
        .field,
    ).toBe("catalog[0]");
    expect(
      errorOf(() => readGoldCatalog([loc("neck"), { id: AIM_ROW.aap, param: 91 }])).field,
    ).toBe("catalog[1].param");
    expect(errorOf(() => readGoldCatalog([{ id: "nope" }])).field).toBe("catalog[0].id");
  });
});

describe("the preview and the declaration (rulings G3, G8, G9)", () => {
  it("the preview itemises the zone, side and AAPs, without HM3's High −10", () => {
    const t = hm3Combat.attackTarget(
      attacker(),
      defender(),
      request([loc("elbow"), side("right"), aap(20)]),
      ON,
    );
    expect(t.modifiers.map((m) => [m.key, m.value, m.source])).toEqual([
      ["gold.aimZone", -15, "seed 000 line 7"],
      ["gold.aimSide", -10, "seed 000 line 9"],
      ["gold.aap", -20, "seed 000 line 11"],
    ]);
    expect(t.raw).toBe(80 - 45);
    for (const m of t.modifiers)
      expect(HM3_MODIFIER_LABELS[m.key]).toBe(`BLOWBYBLOW.Modifier.${m.key}`);
    // Unaimed, the High column costs HM3's −10 (seed 003 line 54).
    const plain = hm3Combat.attackTarget(attacker(), defender(), request([]), ON);
    expect(plain.modifiers.map((m) => m.key)).toEqual(["aim.high"]);
  });

  it("the declaration carries attack.aimAt and the column; the engine adds the modifiers once", () => {
    const build = hm3Combat.buildDeclaration(
      attacker(),
      defender(),
      request([loc("jaw"), aap(20)], { aim: "low" }),
      ON,
    );
    const attack = (build.declaration as { attack: Record<string, unknown> }).attack;
    expect(attack.aimAt).toEqual({ location: "jaw", side: null, aap: 20 });
    expect(attack.aim).toBe("high");
    const decl = parseDeclaration(build.declaration);
    expect(decl.attack.target.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["gold.aimZone", -10],
      ["gold.aap", -20],
    ]);
    expect(decl.attack.target.raw).toBe(50);
    // Resolved: High 54 −20 → 34, the neck (Example 1 on the HM3 tables, G4).
    const dice = new ScriptedDice({ attack: 12, location: 54 }, new SeededDice(3));
    const result = resolveExchange(decl, { type: "ignore" }, dice);
    expect(result.strikes[0]!.location).toBe("neck");
    expect(result.strikes[0]!.aimed?.locationAap).toBe(20);
  });

  it("no rows: the declaration is as before (no aimAt)", () => {
    const build = hm3Combat.buildDeclaration(attacker(), defender(), request([]), ON);
    expect((build.declaration as { attack: Record<string, unknown> }).attack.aimAt).toBeUndefined();
  });

  it("refuses rows while the option is off, on a missile, twice, or without a location", () => {
    const off = errorOf(() =>
      hm3Combat.attackTarget(attacker(), defender(), request([loc("neck")]), {}),
    );
    expect(off.message).toMatch(/aimedMelee/);
    expect(off.field).toBe("catalog[0]");
    expect(
      errorOf(() => hm3Combat.buildDeclaration(attacker(), defender(), request([loc("neck")]), {}))
        .field,
    ).toBe("catalog[0]");
    const missile = request([loc("neck")], {
      itemId: "bow",
      mode: "point",
      aim: "mid",
      situation: { engagingDefender: 1, defenderProne: false, distance: 10 },
    });
    expect(errorOf(() => hm3Combat.attackTarget(attacker(), defender(), missile, ON)).field).toBe(
      "catalog[0]",
    );
    expect(
      errorOf(() =>
        hm3Combat.attackTarget(attacker(), defender(), request([loc("neck"), loc("skull")]), ON),
      ).field,
    ).toBe("catalog[1]");
    expect(
      errorOf(() => hm3Combat.attackTarget(attacker(), defender(), request([aap(10)]), ON)).field,
    ).toBe("catalog[0]");
  });

  it("names the row that breaks the rule: a side on the neck, AAPs below 05", () => {
    expect(
      errorOf(() =>
        hm3Combat.attackTarget(attacker(), defender(), request([loc("neck"), side("left")]), ON),
      ).field,
    ).toBe("catalog[1]");
    const low = errorOf(() =>
      hm3Combat.buildDeclaration(attacker(), defender(), request([aap(80), loc("hand")]), ON),
    );
    expect(low.field).toBe("catalog[0]");
    expect(low.message).toMatch(/below 05/);
  });

  it("on a creature plan: a plan location sharing a human id is refused when absent (G7)", () => {
    // The quadruped has a neck (High 31-50) but no hand.
    const t = hm3Combat.attackTarget(attacker(), beast(), request([loc("neck"), aap(5)]), ON);
    expect(t.modifiers.map((m) => m.key)).toEqual(["gold.aimZone", "gold.aap"]);
    expect(
      errorOf(() => hm3Combat.attackTarget(attacker(), beast(), request([loc("hand")]), ON)).field,
    ).toBe("catalog[0]");
  });
});
