/**
 * The impact group's stored fields reach the exchange (rulings G15-G19): actors made by the
 * registered data models (Foundry stand-ins), their snapshots as the combat flow takes them
 * (fighterSnapshot), hm3Combat.buildDeclaration, then the engine.
 */
import "../../foundry/stand-ins";
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns } from "../../foundry/stand-ins/globals";
import { makeActor } from "../../foundry/stand-ins/data";
import { registerDataModels } from "../../../src/foundry/data";
import { fighterSnapshot, type ActorLike } from "../../../src/foundry/combat/snapshot";
import { ScriptedDice, SeededDice } from "../../../src/core/dice";
import type { AttackRequest } from "../../../src/core/combat";
import { DEFAULT_OPTIONS, hm3, hm3Combat, resolveExchange } from "../../../src/rules/hm3";
import {
  DOG_ITEMS,
  dogSystem,
  KNIGHT_ITEMS,
  KNIGHT_SYSTEM,
} from "../../foundry/actor-sheet-fixtures";
import type { CharacterSource, CreatureSource } from "../../../src/foundry/data/source";
import { validateBodyPlan } from "../../../src/rules/hm3/body-plan";
import { quadrupedPlan } from "../../foundry/actor-sheet-fixtures";

type Obj = Record<string, unknown>;

function actor(
  type: "character" | "creature",
  system: CharacterSource | CreatureSource,
  items = KNIGHT_ITEMS,
) {
  return makeActor({
    _id: type === "character" ? "actorKnight00001" : "actorDog00000001",
    name: type === "character" ? "Sir Aldric" : "Grip",
    type,
    system: structuredClone(system) as unknown as Obj,
    items: items.map((i) => ({
      _id: i.id,
      name: i.name,
      type: i.type,
      system: structuredClone(i.system) as unknown as Obj,
    })),
  });
}

/** The knight's broadsword (edge 5) cutting at the mid zone, nothing else declared. */
const request = {
  itemId: "wpSword000000001",
  mode: "edge",
  aim: "mid",
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
  custom: [],
} as unknown as AttackRequest;

/**
 * A dog of the given size class (its foreleg listed `foreleg` class) struck by the knight:
 * the attack 25 (critical vs Ignore: 4d6), the location roll `location`, impact 2+2+2+2.
 */
function strike(sizeClass: string, location: number, options: Obj, foreleg: string | null = null) {
  const system = dogSystem();
  system.hm3.sizeClass = sizeClass as never;
  system.hm3.bodyPlan!.locations[2]!.sizeClass = foreleg as never;
  const dog = actor("creature", system, DOG_ITEMS);
  const knight = actor("character", KNIGHT_SYSTEM);
  const build = hm3Combat.buildDeclaration(
    fighterSnapshot(knight as unknown as ActorLike),
    fighterSnapshot(dog as unknown as ActorLike),
    request,
    { ...DEFAULT_OPTIONS, ...options },
  );
  const decl = hm3.parseDeclaration(build.declaration);
  const result = resolveExchange(
    decl,
    { type: "ignore" },
    new ScriptedDice({ attack: 25, location, impact: [2, 2, 2, 2] }, new SeededDice(1)),
  );
  return { decl, strike: result.strikes[0]! };
}

beforeEach(() => {
  resetStandIns();
  registerDataModels();
});

describe("stored size classes in the exchange (G15, G16)", () => {
  it("the data model keeps the actor's class (Medium by default) and a location's (null by default)", () => {
    const system = dogSystem();
    system.hm3.sizeClass = "large";
    const dog = actor("creature", system, DOG_ITEMS);
    const hm3Block = (dog.system as unknown as { hm3: CreatureSource["hm3"] }).hm3;
    expect(hm3Block.sizeClass).toBe("large");
    expect(hm3Block.bodyPlan!.locations.map((l) => l.sizeClass)).toEqual(Array(6).fill(null));
    const knight = actor("character", KNIGHT_SYSTEM);
    expect((knight.system as unknown as { hm3: { sizeClass: string } }).hm3.sizeClass).toBe(
      "medium",
    );
  });

  it("a Large dog: effective impact 13 is read at 12 (×0.9, 000:141) with impactSize on", () => {
    // Mid zone, location roll 5: the dog's head (unarmoured). Edge 5 + 8 = 13.
    const large = strike("large", 5, { impactSize: true });
    expect(large.decl.defender.sizeClass).toBe("large");
    expect(large.strike.location).toBe("head");
    expect(large.strike.effectiveImpact).toBe(13);
    expect(large.strike.size).toEqual({ sizeClass: "large", multiplier: 0.9, effectiveImpact: 12 });
    expect(large.strike.injuryLevel).toBe(3); // 9-12 band
    const medium = strike("medium", 5, { impactSize: true });
    expect(medium.strike.size).toBeUndefined();
    expect(medium.strike.injuryLevel).toBe(4); // 13-16 band
    const off = strike("large", 5, {});
    expect(off.decl.defender.sizeClass).toBeUndefined();
    expect(off.strike.size).toBeUndefined();
    expect(off.strike.injuryLevel).toBe(4);
  });

  it("a Large dog's foreleg stored Medium is struck at ×1 with impactSizeByLocation (000:147)", () => {
    // Mid zone, location roll 30: a foreleg (21-40).
    const byLocation = strike(
      "large",
      30,
      { impactSize: true, impactSizeByLocation: true },
      "medium",
    );
    expect(byLocation.decl.defender.locationSizeClasses).toEqual({ foreleg: "medium" });
    expect(byLocation.strike.location).toMatch(/foreleg/);
    expect(byLocation.strike.size).toBeUndefined();
    const whole = strike("large", 30, { impactSize: true }, "medium");
    expect(whole.strike.size).toMatchObject({ sizeClass: "large", multiplier: 0.9 });
  });
});

describe("the core's plan reader and a location's size class (G16)", () => {
  it("accepts a class or null, refuses another value naming the field and value", () => {
    // The core's plan input carries an id (hm3Input gives the creature's).
    const plan = { id: "creature", ...quadrupedPlan() };
    plan.locations[0]!.sizeClass = "large";
    plan.locations[1]!.sizeClass = null;
    expect(validateBodyPlan(plan).locations).toHaveLength(6);
    plan.locations[2]!.sizeClass = "giant" as never;
    expect(() => validateBodyPlan(plan)).toThrow(
      expect.objectContaining({ field: "bodyPlan.locations[2].sizeClass", value: "giant" }),
    );
  });
});

describe("stored weapon fields in the declaration (G17-G19)", () => {
  it("the broadsword's stored penalty, STR requirement and lighter classes reach `handed`", () => {
    const items = structuredClone(KNIGHT_ITEMS);
    const sword = items.find((i) => i.id === "wpSword000000001")!;
    Object.assign((sword.system as unknown as { hm3: Obj }).hm3, {
      handModePenalty: 15,
      strRequirement: 17,
      lighterClasses: 1,
    });
    const knight = actor("character", KNIGHT_SYSTEM, items);
    const dog = actor("creature", dogSystem(), DOG_ITEMS);
    const decl = hm3.parseDeclaration(
      hm3Combat.buildDeclaration(
        fighterSnapshot(knight as unknown as ActorLike),
        fighterSnapshot(dog as unknown as ActorLike),
        request,
        { ...DEFAULT_OPTIONS, handedImpact: true, handModePenalty: true },
      ).declaration,
    );
    expect(decl.attack.handed).toEqual({
      weapon: "one",
      grip: "one",
      penalty: 15,
      lighter: 1,
      strRequirement: 17,
      str: KNIGHT_SYSTEM.hm3.attributes.str,
    });
  });
});
