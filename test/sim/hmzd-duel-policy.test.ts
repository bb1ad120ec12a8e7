/**
 * The hmzd duel's fighters and policy (src/sim/hmzd-duel-fighter.ts, src/sim/hmzd-policy.ts,
 * ruling Z29): the fighter file read with bad fields named, the attack and defence the policy
 * picks (highest EML after impairment, Z8; ties; Z4 against missiles; Ignore when nothing is
 * allowed), and the policy checked.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { deriveHmzdCharacter } from "../../src/rules/hmzd/character";
import { hmzdSample } from "../../src/rules/hmzd/samples";
import {
  hmzdDuelFighter,
  readHmzdDuelFile,
  type HmzdDuelFighter,
  type HmzdDuelWeapon,
} from "../../src/sim/hmzd-duel-fighter";
import {
  checkHmzdPolicy,
  hmzdAttack,
  hmzdDefence,
  placementFor,
  type Impairment,
} from "../../src/sim/hmzd-policy";

const sample = (id: string) => {
  const s = hmzdSample(id)!;
  return hmzdDuelFighter(s.name, deriveHmzdCharacter(s.character));
};
const knight = sample("sir-aldric-knight");
const brigand = sample("brigand");
const file = (name: string) =>
  JSON.parse(readFileSync(`examples/hmzd/${name}.json`, "utf8")) as Record<string, unknown>;
const none: Impairment = () => 0;

/** A fighter with the weapons given (the knight's figures otherwise). */
const withWeapons = (weapons: Partial<HmzdDuelWeapon>[], dodge: number | null = 40) =>
  ({
    ...knight,
    dodge,
    weapons: weapons.map((w, i) => ({
      id: `w${i}`,
      name: `W${i}`,
      hands: "right",
      zoneDie: 4,
      attack: null,
      block: null,
      shield: false,
      missile: false,
      modes: [],
      ...w,
    })),
  }) as HmzdDuelFighter;
const swing = { id: "swing", die: 10, base: 3, aspect: "edge" as const };
const thrust = { id: "thrust", die: 8, base: 2, aspect: "point" as const };

describe("hmzd duel fighters", () => {
  it("come from the hmzd character: EMLs (Z41), Shock EML 5 × endurance (Z7), hands (Z8), armour", () => {
    // Z41: HM3's EMLs; the knight's 66.2 lb over END 14 is encumbrance 5: PP 5, −25.
    expect(knight).toMatchObject({ name: "Sir Aldric, knight", initiative: 39, dodge: 23 });
    expect(knight.combatant).toMatchObject({ str: 15, endurance: 14, shock: 70, dex: 12, agl: 12 });
    expect(knight.combatant.plan.id).toBe("human");
    expect(knight.combatant.armour["thorax"]).toEqual({ blunt: 13, edge: 21, point: 13, fire: 7 });
    expect(knight.weapons[0]).toMatchObject({
      id: "Broadsword",
      hands: "right",
      zoneDie: 4,
      attack: 62, // Sword 72 + the broadsword's attack 15 − 25
      block: 57, // 72 + its defence 10 − 25
      modes: [swing, thrust, { id: "pommel", die: 6, base: 0, aspect: "blunt" }],
    });
    // Shield 66 + the knight shield's attack 5 or defence 20, − 25.
    expect(knight.weapons[1]).toMatchObject({ shield: true, attack: 46, block: 61, hands: "left" });
    // The battleaxe in both hands uses both arms (Z8).
    expect(sample("man-at-arms").weapons[0]).toMatchObject({ name: "Battleaxe", hands: "both" });
    // A creature's bite uses no arm; a bow both hands, its Short band, the target's zone die.
    // Bite 60, its 10 lb of barding over END 11 is PP 1: 55.
    expect(sample("war-dog").weapons[0]).toMatchObject({ hands: "body", attack: 55 });
    const bow = sample("longbowman").weapons.find((w) => w.missile)!;
    expect(bow).toMatchObject({ hands: "both", block: null, zoneDie: 10 });
    expect(bow.modes[0]!.id).toBe("short");
  });

  it("are read from an hmzd character file with its name, bad fields named", () => {
    const read = readHmzdDuelFile(file("brigand"), "brigand");
    expect(read.state).toBe("none");
    expect(read.fighter).toEqual(brigand);
    expect(readHmzdDuelFile({ ...file("brigand"), name: undefined }, "bob").fighter.name).toBe(
      "bob",
    );
    expect(readHmzdDuelFile({ ...file("brigand"), state: "STN" }, "b").state).toBe("STN");
    const b = file("brigand");
    const cases: [unknown, string][] = [
      [{ ...b, ruleset: "hm3" }, 'ruleset: expected hmzd, got "hm3"'],
      [{ ...b, name: 3 }, "name: expected a text, got 3"],
      [{ ...b, colour: "red" }, "colour: unknown field"],
      [{ ...b, weapons: [] }, "weapons: no weapon to attack with, got 0"],
      [{ ...b, attributes: { str: 0 } }, "attributes.str"],
    ];
    for (const [raw, message] of cases) expect(() => readHmzdDuelFile(raw, "x")).toThrow(message);
  });
});

describe("the hmzd duel policy (Z29)", () => {
  it("attacks with the mode of the highest EML, ties to the higher mean impact, from placement 1", () => {
    const a = hmzdAttack(knight, none, {}, 10)!;
    expect([a.weapon.id, a.mode.id, a.eml, a.penalty, a.placement]).toEqual([
      "Broadsword",
      "swing",
      62,
      0,
      1,
    ]);
    const two = withWeapons([
      { attack: 50, modes: [thrust] },
      { attack: 50, modes: [swing], hands: "left" },
      { attack: 49, modes: [{ ...swing, base: 9 }] },
    ]);
    expect(hmzdAttack(two, none, {}, 10)!.weapon.id).toBe("w1");
  });

  it("takes impairment off the EML and skips a weapon a G injury prohibits (Z8)", () => {
    const f = withWeapons([
      { attack: 60, modes: [swing], hands: "right" },
      { attack: 45, modes: [thrust], hands: "left" },
    ]);
    const rightHurt: Impairment = (uses) => (uses === "right" ? 20 : 0);
    expect(hmzdAttack(f, rightHurt, {}, 10)).toMatchObject({ eml: 45, penalty: 0 });
    const rightS: Impairment = (uses) => (uses === "right" ? 10 : 0);
    expect(hmzdAttack(f, rightS, {}, 10)).toMatchObject({ eml: 50, penalty: 10 });
    const rightG: Impairment = (uses) => (uses === "right" ? null : 0);
    expect(hmzdAttack(f, rightG, {}, 10)!.weapon.id).toBe("w1");
    expect(hmzdAttack(f, () => null, {}, 10)).toBeNull();
  });

  it("Z33: a weapon whose zone die is larger than the target's plan still strikes, from placement 1", () => {
    const f = withWeapons([
      { attack: 70, block: 40, zoneDie: 8, modes: [thrust] },
      { attack: 50, zoneDie: 4, modes: [swing], hands: "left" },
    ]);
    expect(hmzdAttack(f, none, {}, 10)!.weapon.id).toBe("w0");
    // The d8 on a 6-zone plan rolls d6 from zone 1 (Z33): still the best EML, placement 1.
    expect(hmzdAttack(f, none, {}, 6)).toMatchObject({ weapon: { id: "w0" }, placement: 1 });
    expect(hmzdAttack(f, none, { placement: 3 }, 6)).toMatchObject({ placement: 1 });
    // It counterstrikes a 6-zone attacker too, at 70.
    expect(hmzdDefence(f, none, { defence: "counterstrike" }, false)).toMatchObject({
      type: "counterstrike",
      eml: 70,
    });
  });

  it("keeps the weapon, mode and placement a policy fixes, the placement lowered to fit", () => {
    expect(hmzdAttack(knight, none, { mode: "thrust" }, 10)!.mode.id).toBe("thrust");
    expect(hmzdAttack(knight, none, { placement: 4 }, 10)!.placement).toBe(4);
    // A d4 from 9 would reach 12: lowered to 7 (7 + 4 − 1 = 10, hmzd.md §2).
    expect(hmzdAttack(knight, none, { placement: 9 }, 10)!.placement).toBe(7);
    expect(placementFor(5, 10, 10)).toBe(1);
    expect(placementFor(3, 6, 12)).toBe(3);
  });

  it("defends with the highest EML, ties Block, Dodge, Counterstrike; else Ignore", () => {
    // Z41: the knight's broadsword counterstrikes at 62, above the shield's block at 61.
    expect(hmzdDefence(knight, none, {}, false)).toMatchObject({
      type: "counterstrike",
      eml: 62,
      weapon: { id: "Broadsword" },
    });
    // The brigand's round shield blocks at 65 (Shield 50 + defence 20 − PP 1 × 5).
    expect(hmzdDefence(brigand, none, {}, false)).toMatchObject({
      type: "block",
      eml: 65,
      weapon: { id: "Round Shield" },
    });
    // With the sword arm impaired (52), the shield blocks at 61 and the dodge is still 23.
    const rightS: Impairment = (uses) => (uses === "right" ? 10 : 0);
    expect(hmzdDefence(knight, rightS, {}, false)).toMatchObject({
      type: "block",
      eml: 61,
      weapon: { id: "Knight Shield" },
    });
    expect(hmzdDefence(knight, none, { defence: "counterstrike" }, false)).toMatchObject({
      type: "counterstrike",
      eml: 62,
      mode: { id: "swing" },
    });
    const tie = withWeapons([{ attack: 50, block: 50, modes: [swing] }], 50);
    expect(hmzdDefence(tie, none, {}, false).type).toBe("block");
    const tie2 = withWeapons([{ attack: 50, block: 40, modes: [swing] }], 50);
    expect(hmzdDefence(tie2, none, {}, false).type).toBe("dodge");
    expect(hmzdDefence(knight, none, { defence: "dodge" }, false)).toMatchObject({
      type: "dodge",
      eml: 23,
    });
    const legsG: Impairment = (uses) => (uses === "legs" ? null : 0);
    expect(hmzdDefence(tie2, legsG, { defence: "dodge" }, false).type).toBe("counterstrike");
    expect(hmzdDefence(knight, () => null, {}, false)).toMatchObject({ type: "ignore", eml: 0 });
  });

  it("against a missile: no counterstrike, a block only with a shield (Z4)", () => {
    const f = withWeapons([{ attack: 70, block: 65, modes: [swing] }], 30);
    expect(hmzdDefence(f, none, {}, true)).toMatchObject({ type: "dodge", eml: 30 });
    expect(hmzdDefence(knight, none, {}, true)).toMatchObject({
      type: "block",
      weapon: { id: "Knight Shield" },
    });
    expect(
      hmzdDefence(withWeapons([{ attack: 70, modes: [swing] }], null), none, {}, true).type,
    ).toBe("ignore");
  });

  it("is checked against its fighter, naming the field", () => {
    expect(() => checkHmzdPolicy(knight, { weapon: "axe" })).toThrow(
      'policy.weapon: expected the id of one of Sir Aldric, knight\'s weapons (Broadsword, Knight Shield), got "axe"',
    );
    expect(() => checkHmzdPolicy(knight, { mode: "bite" })).toThrow(
      "policy.mode: expected one of swing, thrust, pommel",
    );
    expect(() => checkHmzdPolicy(knight, { placement: 11 })).toThrow("policy.placement");
    expect(() => checkHmzdPolicy(knight, { defence: "parry" })).toThrow(
      "policy.defence: expected one of best, block, dodge, counterstrike",
    );
    expect(() => checkHmzdPolicy(knight, { aim: "high" })).toThrow("policy.aim: unknown field");
    expect(checkHmzdPolicy(knight, { weapon: "Broadsword", defence: "block" })).toEqual({
      weapon: "Broadsword",
      defence: "block",
    });
  });
});
