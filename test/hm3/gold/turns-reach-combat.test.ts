/**
 * HârnMaster Gold weapon reach in play (issue 19; seed 000 lines 368-372; rulings G68, G28,
 * G29): stored fighters in, attack options, declaration and defence choices out
 * (src/rules/hm3/gold/turns-reach-combat.ts through hm3Combat).
 */
import { describe, expect, it } from "vitest";
import type { AttackRequest, FighterSnapshot } from "../../../src/core/combat";
import { InputError } from "../../../src/core/errors";
import { SeededDice } from "../../../src/core/dice";
import { hm3Input, type ItemLike } from "../../../src/foundry/rulesets/hm3/input";
import { deriveHm3Character, hm3, hm3Combat } from "../../../src/rules/hm3";
import { REACH_KEYS } from "../../../src/rules/hm3/gold/turns-reach";
import { readReachRules, reachReason } from "../../../src/rules/hm3/gold/turns-reach-combat";
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

function weapon(id: string, over: Record<string, unknown> = {}): ItemLike {
  return {
    id,
    type: "weapon",
    name: id,
    system: {
      ...physical,
      held: (over.held as string) ?? "main",
      hm3: {
        skill: (over.skill as string) ?? "Spear",
        wq: 12,
        attack: 20,
        defence: 10,
        impact: { ...NO_IMPACT, edge: 5, point: 7 },
        handMode: "one",
        shield: over.shield === true,
        longReach: over.longReach === true,
      },
    },
  };
}

function snapshot(items: ItemLike[], name: string, sizeClass?: string): FighterSnapshot {
  const system = {
    description: "",
    hm3: {
      attributes: { ...ATTRS },
      fatigue: 0,
      encumbrance: 0,
      ...(sizeClass ? { sizeClass } : {}),
    },
  };
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

// A pikeman (pike: Long Reach) and a spearman (spear), each with a shield in the off hand.
const pikeman = (size?: string) =>
  snapshot(
    [
      skill("s1", "Spear"),
      skill("s2", "Shield"),
      weapon("pike", { longReach: true }),
      weapon("round", { skill: "Shield", shield: true, held: "off" }),
    ],
    "P",
    size,
  );
const spearman = (size?: string) => snapshot([skill("s1", "Spear"), weapon("spear")], "S", size);
const pikeOnly = () => snapshot([skill("s1", "Spear"), weapon("pike", { longReach: true })], "Q");

const request = (itemId: string, distance: number | null): AttackRequest => ({
  itemId,
  mode: "point",
  aim: "mid",
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance },
  custom: [],
});

const ON = { weaponReach: true };
const NATURAL = { weaponReach: true, naturalReach: true };

function inputError(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("expected an InputError");
}

const keyOf = (
  a: FighterSnapshot,
  itemId: string,
  distance: number | null,
  options: Record<string, boolean>,
) =>
  hm3Combat.attackOptions(a, spearman(), { distance, options }).find((o) => o.itemId === itemId)!
    .unavailableKey;

describe("attacks out of reach (seed 000 line 368, ruling G68)", () => {
  it("a Long Reach weapon cannot attack at distance 1 or 0; it can at 2", () => {
    expect(keyOf(pikeman(), "pike", 1, ON)).toBe(REACH_KEYS.tooClose);
    expect(keyOf(pikeman(), "pike", 0, ON)).toBe(REACH_KEYS.tooClose);
    expect(keyOf(pikeman(), "pike", 2, ON)).toBeUndefined();
    // The shield beside it reaches the adjacent hex.
    expect(keyOf(pikeman(), "round", 1, ON)).toBeUndefined();
  });

  it("with the option off, an unknown distance, or no distance given: never refused (G68)", () => {
    expect(keyOf(pikeman(), "pike", 1, {})).toBeUndefined();
    expect(keyOf(pikeman(), "pike", null, ON)).toBeUndefined();
    expect(
      hm3Combat.attackOptions(pikeman(), spearman()).find((o) => o.itemId === "pike")!
        .unavailableKey,
    ).toBeUndefined();
    // naturalReach alone does nothing: it is part of weaponReach.
    expect(keyOf(spearman("tiny"), "spear", 1, { naturalReach: true })).toBeUndefined();
  });

  it("a plain weapon cannot reach 2 hexes (tooFar)", () => {
    expect(keyOf(spearman(), "spear", 2, ON)).toBe(REACH_KEYS.tooFar);
    expect(keyOf(spearman(), "spear", 1, ON)).toBeUndefined();
  });

  it("natural reach: Tiny and Very Small attack no adjacent foe; Small and absent size can", () => {
    expect(keyOf(spearman("tiny"), "spear", 1, NATURAL)).toBe(REACH_KEYS.noZone);
    expect(keyOf(spearman("verySmall"), "spear", 1, NATURAL)).toBe(REACH_KEYS.noZone);
    expect(keyOf(spearman("verySmall"), "spear", 0, NATURAL)).toBeUndefined();
    expect(keyOf(spearman("small"), "spear", 1, NATURAL)).toBeUndefined();
    expect(keyOf(spearman(), "spear", 1, NATURAL)).toBeUndefined();
    // Without naturalReach a Tiny attacker's zone is the adjacent hexes.
    expect(keyOf(spearman("tiny"), "spear", 1, ON)).toBeUndefined();
  });

  it("the reasons are in lang/en.json", () => {
    const reach = lang.BLOWBYBLOW.HM3.Gold.Turns.reach as Record<string, string>;
    for (const key of Object.values(REACH_KEYS)) {
      expect(reach[key.split(".").pop()!]).toBeTruthy();
      expect(reachReason(key)).toMatch(/G68/);
    }
    expect(reachReason("BLOWBYBLOW.HM3.Combat.Unavailable.Broken")).toBeNull();
  });

  it("the declaration refuses an attack out of reach, naming itemId and the reason", () => {
    const e = inputError(() =>
      hm3Combat.buildDeclaration(pikeman(), spearman(), request("pike", 1), ON),
    );
    expect(e.field).toBe("itemId");
    expect(e.value).toBe("pike");
    expect(e.message).toMatch(/Long Reach weapon cannot reach an adjacent hex/);
    const tiny = inputError(() =>
      hm3Combat.attackTarget(spearman("tiny"), pikeman(), request("spear", 1), NATURAL),
    );
    expect(tiny.field).toBe("itemId");
    expect(tiny.message).toMatch(/no Engagement Zone/);
    // At 2 hexes, or unknown, it is declared; with the option off, adjacent too.
    expect(() =>
      hm3Combat.buildDeclaration(pikeman(), spearman(), request("pike", 2), ON),
    ).not.toThrow();
    expect(() =>
      hm3Combat.buildDeclaration(pikeman(), spearman(), request("pike", null), ON),
    ).not.toThrow();
    expect(() =>
      hm3Combat.buildDeclaration(pikeman(), spearman(), request("pike", 1), {}),
    ).not.toThrow();
  });

  it("the exchange keeps the distance and the attacker's reach only while the option is on", () => {
    const on = hm3Combat.buildDeclaration(spearman(), pikeman(), request("spear", 1), ON);
    expect(on.rules.reach).toEqual({ distance: 1, longReach: false });
    const pike = hm3Combat.buildDeclaration(pikeman(), pikeOnly(), request("pike", 2), ON);
    expect(pike.rules.reach).toEqual({ distance: 2, longReach: true });
    const off = hm3Combat.buildDeclaration(spearman(), pikeman(), request("spear", 1), {});
    expect(off.rules).not.toHaveProperty("reach");
  });

  it("on a 5-ft scene the adjacent foe (distance 5, units ft) is in reach (rulings R43, G68)", () => {
    const at = (distance: number, units: string) =>
      hm3Combat
        .attackOptions(spearman(), pikeman(), { distance, units, options: ON })
        .find((o) => o.itemId === "spear")!.unavailableKey;
    expect(at(5, "ft")).toBeUndefined();
    expect(at(10, "ft")).toBe(REACH_KEYS.tooFar);
    expect(at(1.524, "m")).toBeUndefined();
    const ft = (distance: number): AttackRequest => ({
      ...request("spear", distance),
      situation: { engagingDefender: 1, defenderProne: false, distance, units: "ft" },
    });
    // Declared, and the defences get the distance in hexes.
    const d = hm3Combat.buildDeclaration(spearman(), pikeman(), ft(5), ON);
    expect(d.rules.reach).toEqual({ distance: 1, longReach: false });
    expect(inputError(() => hm3Combat.attackTarget(spearman(), pikeman(), ft(10), ON)).field).toBe(
      "itemId",
    );
    // The pike reaches 2 hexes, 10 ft, not the adjacent 5 ft.
    const pike = hm3Combat.buildDeclaration(
      pikeman(),
      pikeOnly(),
      {
        ...ft(10),
        itemId: "pike",
      },
      ON,
    );
    expect(pike.rules.reach).toEqual({ distance: 2, longReach: true });
    expect(
      inputError(() =>
        hm3Combat.buildDeclaration(pikeman(), pikeOnly(), { ...ft(5), itemId: "pike" }, ON),
      ).message,
    ).toMatch(/Long Reach weapon cannot reach an adjacent hex/);
  });

  it("a malformed rules.reach is refused naming the field", () => {
    expect(readReachRules({})).toBeNull();
    expect(inputError(() => readReachRules({ reach: 3 })).field).toBe("rules.reach");
    expect(
      inputError(() => readReachRules({ reach: { distance: -1, longReach: true } })).field,
    ).toBe("rules.reach.distance");
    expect(
      inputError(() => readReachRules({ reach: { distance: 1, longReach: "yes" } })).field,
    ).toBe("rules.reach.longReach");
  });
});

describe("defences out of reach (seed 000 line 368, rulings G68, G28)", () => {
  const defend = (
    attacker: FighterSnapshot,
    defender: FighterSnapshot,
    itemId: string,
    distance: number | null,
    options: Record<string, boolean>,
  ) => {
    const build = hm3Combat.buildDeclaration(
      attacker,
      defender,
      request(itemId, distance),
      options,
    );
    const state = hm3.start(hm3.parseDeclaration(build.declaration), new SeededDice(0));
    const pending = hm3.pending(state)!;
    const views = hm3Combat.choiceOptions(pending, build, defender);
    const opt = (id: string) => views.find((o) => o.id === id)!;
    const choose = (optionId: string, item: string, mode: string | null = null) =>
      hm3Combat.buildChoice(pending, build, defender, {
        optionId,
        itemId: item,
        mode,
        aim: mode ? "mid" : null,
        custom: [],
      });
    return { opt, choose };
  };

  it("a pike cannot Block a spear from the adjacent hex; the shield still can", () => {
    const { opt, choose } = defend(spearman(), pikeman(), "spear", 1, ON);
    expect(opt("block").items.map((i) => i.itemId)).toEqual(["round"]);
    expect(opt("block").unavailableKey).toBeUndefined();
    const e = inputError(() => choose("block", "pike"));
    expect(e.field).toBe("itemId");
    expect(e.value).toBe("pike");
    expect(e.message).toMatch(/cannot block: a Long Reach weapon cannot reach an adjacent hex/);
    expect(choose("block", "round")).toMatchObject({ type: "block" });
  });

  it("with only the pike, Block is unavailable with the reach reason", () => {
    const { opt } = defend(spearman(), pikeOnly(), "spear", 1, ON);
    expect(opt("block").items).toEqual([]);
    expect(opt("block").unavailableKey).toBe(REACH_KEYS.tooClose);
    // The pike cannot counterstrike into the adjacent hex either (G28).
    expect(opt("counterstrike").unavailableKey).toBe(REACH_KEYS.tooClose);
  });

  it("a pike blocks another pike at 2 hexes; off or unknown distance: it blocks adjacent", () => {
    const far = defend(pikeman(), pikeOnly(), "pike", 2, ON);
    expect(far.opt("block").items.map((i) => i.itemId)).toEqual(["pike"]);
    expect(far.opt("counterstrike").items.map((i) => i.itemId)).toEqual(["pike"]);
    expect(far.choose("block", "pike")).toMatchObject({ type: "block" });
    const off = defend(spearman(), pikeOnly(), "spear", 1, {});
    expect(off.opt("block").items.map((i) => i.itemId)).toEqual(["pike"]);
    const unknown = defend(spearman(), pikeOnly(), "spear", null, ON);
    expect(unknown.opt("block").items.map((i) => i.itemId)).toEqual(["pike"]);
  });

  it("against a pike at 2 hexes a spear cannot counterstrike (its zone is 1 hex, G28)", () => {
    const { opt, choose } = defend(pikeman(), spearman(), "pike", 2, ON);
    expect(opt("counterstrike").unavailableKey).toBe(REACH_KEYS.tooFar);
    // Block is no attack: the spear still blocks (only Long Reach blocks are limited).
    expect(opt("block").items.map((i) => i.itemId)).toEqual(["spear"]);
    const e = inputError(() => choose("counterstrike", "spear", "point"));
    expect(e.field).toBe("itemId");
    expect(e.message).toMatch(/beyond this weapon's reach/);
  });

  it("a Very Small defender cannot counterstrike an adjacent attacker (natural reach)", () => {
    const small = defend(spearman(), spearman("verySmall"), "spear", 1, NATURAL);
    expect(small.opt("counterstrike").unavailableKey).toBe(REACH_KEYS.noZone);
    expect(small.opt("block").items.map((i) => i.itemId)).toEqual(["spear"]);
  });
});
