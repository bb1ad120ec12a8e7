/**
 * The content in the engine: the sample fighters' derived figures (`character.ts`), their Z12
 * weapons, Z13 armour and the Z24 creature plans, resolved by the hmzd Ruleset through the CLI
 * contract with scripted rolls. Expected results worked out by hand: a blow lands where the
 * plan says (zone value, d10, side), the armour there is the derivation's, the location shock
 * is the plan's.
 */
import { describe, expect, it } from "vitest";
import { deriveHmzdCharacter, type HmzdDerivedCharacter } from "../../src/rules/hmzd/character";
import { hmzdSample } from "../../src/rules/hmzd/samples";
import { HUMAN_PLAN } from "../../src/rules/hmzd/tables";
import { resolve } from "./helpers";

const derived = (id: string) => deriveHmzdCharacter(hmzdSample(id)!.character);

/** A derived character as the CLI's `attacker`/`defender`. */
function side(d: HmzdDerivedCharacter): Record<string, unknown> {
  return {
    str: d.fighter.str,
    shock: d.fighter.shock,
    endurance: d.fighter.endurance,
    dex: d.fighter.dex,
    agl: d.fighter.agl,
    armour: d.armour,
    bodyPlan: d.fighter.plan === HUMAN_PLAN ? "human" : d.fighter.plan,
  };
}

function exchange(
  attacker: HmzdDerivedCharacter,
  weapon: string,
  mode: string,
  defender: HmzdDerivedCharacter,
  placement: number,
  rolls: Record<string, number>,
) {
  const w = attacker.weapons.find((x) => x.name === weapon)!;
  const m = w.modes.find((x) => x.name === mode)!;
  return resolve({
    ruleset: "hmzd",
    attack: { type: "melee", eml: w.eml.value, mode, weapon: m.weapon, placement },
    defence: { type: "dodge", eml: defender.dodge!.value },
    attacker: side(attacker),
    defender: side(defender),
    // Attack S (34 ≤ EML, not a multiple of 5), Dodge F (62 > EML): one star, a strike.
    rolls: { attack: 34, defence: 62, ...rolls },
  });
}

describe("sample fighters in the engine", () => {
  const knight = derived("sir-aldric-knight");
  const dog = derived("war-dog");
  const terrier = derived("terrier");

  it("the knight's broadsword on the war dog: d4 3 → forelegs, left (Z24); d10 4 → left-foreleg", () => {
    const r = exchange(knight, "Broadsword", "swing", dog, 1, {
      zone: 3,
      location: 4,
      impact: 9,
      shock: 31,
    });
    expect(r.victor).toBe("attacker");
    expect(r.strike).toMatchObject({
      zone: "forelegs",
      zoneValue: 3,
      location: "left-foreleg",
      side: "left",
      impactBase: 3,
      strModifier: 2, // STR 15 (001:68)
      impact: 14, // 9 + 3 + 2
      aspect: "edge",
      armour: 0, // the barding covers body and neck only
      effectiveImpact: 14,
      injury: "S3", // 10+ (001:78-79)
    });
    // Dog Shock EML 5 × round((10 + 14 + 10) / 3) = 55 (Z7); 31 is S (+0); 0 + 2 + 3 = 5.
    expect(r.strike!.shock).toMatchObject({ target: 55, level: "S", locationShock: 2, index: 5 });
  });

  it("aimed at the dog's hind legs: placement 3, d4 4 → zone 6, the d10 picks the side (Z24)", () => {
    const odd = exchange(knight, "Broadsword", "thrust", dog, 3, {
      zone: 4,
      location: 7,
      impact: 1,
      shock: 31,
    });
    expect(odd.strike).toMatchObject({ zone: "hindlegs", location: "left-hindleg", side: "left" });
    const even = exchange(knight, "Broadsword", "thrust", dog, 3, {
      zone: 4,
      location: 10,
      impact: 1,
      shock: 31,
    });
    expect(even.strike).toMatchObject({ location: "right-hindleg", side: "right" });
  });

  it("the war dog's neck is armoured by its barding (Z13 on a creature plan)", () => {
    const r = exchange(knight, "Broadsword", "swing", dog, 1, {
      zone: 1,
      location: 8,
      impact: 9,
      shock: 31,
    });
    expect(r.strike).toMatchObject({ location: "neck", armour: 4, effectiveImpact: 10 });
    expect(r.strike!.shock!.locationShock).toBe(5);
  });

  it("the war dog bites the knight: d6 6 → torso, d10 2 → thorax; 6 + 2 = 8P against 13", () => {
    const r = exchange(dog, "Jaws", "bite", knight, 1, { zone: 6, location: 2, impact: 6 });
    expect(r.strike).toMatchObject({
      zone: "torso",
      location: "thorax",
      impact: 8, // d6 6 + 2, STR 10 (+0)
      aspect: "point",
      armour: 13, // quilt 2 + mail 5 + plate 6
      effectiveImpact: -5,
      injury: null,
      shock: null, // Z9
    });
  });

  it("the terrier bites the knight's unarmoured hand for d6−4P (001:101): 6 − 4 = 2 → M1", () => {
    const r = exchange(terrier, "Jaws", "bite", knight, 1, {
      zone: 2,
      location: 10,
      impact: 6,
      shock: 31,
    });
    expect(r.strike).toMatchObject({
      location: "right-hand",
      impactBase: 0,
      strModifier: -4,
      impact: 2,
      armour: 0,
      injury: "M1",
    });
  });

  it("a blow on the knight's pelvis meets the quilt and mail over groin and hips (Z25)", () => {
    const brigand = derived("brigand");
    const r = exchange(brigand, "Handaxe", "swing", knight, 4, {
      zone: 3, // 4 + 3 − 1 = 6: torso
      location: 9, // pelvis
      impact: 10,
      shock: 31,
    });
    expect(r.strike).toMatchObject({
      zone: "torso",
      location: "pelvis",
      impact: 15, // 10 + 4 + STR 13 (+1)
      armour: 11, // quilt 3 + mail 8 (edge)
      effectiveImpact: 4,
      injury: "M1",
    });
  });
});
