/**
 * The Gold `rolls` group in the Foundry flow: the attack dialog's rows (ROLLS_CATALOG) become
 * declaration fields and itemised modifiers (combat.ts buildDeclaration/attackTarget), the
 * defence options refuse Block against a Tackle, and the card names each option in a line
 * (gold-rolls-card.ts). Rulings G42, G44-G49; seed 000 lines 193, 207, 223, 351-354.
 */
import { describe, expect, it } from "vitest";
import type { AttackRequest, FighterSnapshot } from "../../../src/core/combat";
import { ScriptedDice, SeededDice } from "../../../src/core/dice";
import { hm3Input, type ItemLike } from "../../../src/foundry/rulesets/hm3/input";
import { rollsCardNotes } from "../../../src/foundry/rulesets/hm3/gold-rolls-card";
import {
  deriveHm3Character,
  hm3,
  hm3Combat,
  parseDeclaration,
  resolveExchange,
} from "../../../src/rules/hm3";
import { ROLLS_CATALOG } from "../../../src/rules/hm3/gold/rolls";

const ATTRS = {
  str: 12,
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

const skill = (id: string, name: string, ml: number): ItemLike => ({
  id,
  type: "skill",
  name,
  system: {
    description: "",
    hm3: { category: "combat", sbAttributes: [], sbModifier: 0, skillBase: 50, ml },
  },
});
const weapon = (
  id: string,
  name: string,
  skillName: string,
  weight: number,
  held = "main",
): ItemLike => ({
  id,
  type: "weapon",
  name,
  system: {
    description: "",
    quantity: 1,
    weight,
    carried: true,
    equipped: true,
    held,
    hm3: {
      skill: skillName,
      wq: 12,
      attack: 20,
      defence: 10,
      handMode: "one",
      shield: false,
      impact: { blunt: 4, edge: 6, point: null, fire: null },
    },
  },
});

function fighter(
  name: string,
  items: ItemLike[],
  hm3: Record<string, unknown> = {},
): FighterSnapshot {
  const system = {
    description: "",
    hm3: { attributes: { ...ATTRS }, fatigue: 0, encumbrance: 0, ...hm3 },
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

const knight = () =>
  fighter("Knight", [
    skill("s1", "Sword", 60),
    skill("s2", "Polearm", 55),
    skill("s3", "Dodge", 50),
    skill("s4", "Unarmed", 64),
    weapon("bsw", "Bastard Sword", "Sword", 5),
    weapon("glaive", "Glaive", "Polearm", 8, "none"),
    weapon("hand", "Hand/Arm", "Unarmed", 0, "none"),
  ]);
const foe = () =>
  fighter("Foe", [
    skill("s1", "Axe", 45),
    skill("s3", "Dodge", 40),
    weapon("axe", "Handaxe", "Axe", 3),
  ]);

const request = (
  catalog: AttackRequest["catalog"],
  itemId = "bsw",
  mode = "edge",
): AttackRequest => ({
  itemId,
  mode,
  aim: "mid",
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
  custom: [],
  catalog,
});

const ON = {
  nonLethalAttacks: true,
  disarmWeaponMass: true,
  injuryRollSkills: true,
  unarmedStyles: true,
  unarmedTechniquePenalties: true,
};

describe("the dialog's rows", () => {
  it("each row is offered only under its option", () => {
    expect(ROLLS_CATALOG.map((r) => [r.id, r.option])).toEqual([
      ["gold.disarm", "nonLethalAttacks"],
      ["gold.sweep", "nonLethalAttacks"],
      ["gold.tackle", "nonLethalAttacks"],
      ["gold.unarmed", "unarmedStyles"],
      ["gold.technique", "unarmedTechniquePenalties"],
    ]);
  });
  it("disarm: −15 in the dialog's target and the declaration; weights from the items, grip from the row", () => {
    const req = request([{ id: "gold.disarm", param: "two" }]);
    const target = hm3Combat.attackTarget(knight(), foe(), req, ON);
    expect(target.modifiers.at(-1)).toEqual({
      key: "gold.disarm",
      value: -15,
      source: "seed 000 line 193",
    });
    const build = hm3Combat.buildDeclaration(knight(), foe(), req, ON);
    const d = parseDeclaration(build.declaration);
    expect(d.attack).toMatchObject({ nonLethal: "disarm", weight: 5 });
    expect(d.defender).toMatchObject({
      grip: "two",
      weaponWeight: 3,
      rollSkills: { dodge: 40, weapon: 45 },
    });
    expect(d.attack.target.value).toBe(target.value);
  });
  it("sweep needs a Staves or Polearms weapon (G44)", () => {
    expect(() =>
      hm3Combat.buildDeclaration(
        knight(),
        foe(),
        request([{ id: "gold.sweep", param: "hooked" }]),
        ON,
      ),
    ).toThrow(/catalog\.gold\.sweep.*Staves or Polearms/);
  });
  it("one non-lethal attack at a time", () => {
    expect(() =>
      hm3Combat.buildDeclaration(
        knight(),
        foe(),
        request([{ id: "gold.disarm", param: "one" }, { id: "gold.tackle" }]),
        ON,
      ),
    ).toThrow(/catalog/);
  });
  it("unarmed grapple in the actor's style (Kamtóla 0) and a technique at SI 6", () => {
    const k = fighter(
      "Kamtola",
      [skill("s4", "Unarmed", 64), weapon("hand", "Hand/Arm", "Unarmed", 0)],
      { unarmedStyle: "kamtola" },
    );
    const req = request(
      [
        { id: "gold.unarmed", param: "grapple" },
        { id: "gold.technique", param: "stumble" },
      ],
      "hand",
      "blunt",
    );
    const d = parseDeclaration(hm3Combat.buildDeclaration(k, foe(), req, ON).declaration);
    expect(d.attack.unarmed).toEqual({ style: "kamtola", mode: "grapple" });
    expect(d.attack.technique).toEqual({ roll: "stumble", si: 6 });
    // Brawling (no style set) grapples at −10 (000:351).
    const b = fighter("Brawler", [
      skill("s4", "Unarmed", 64),
      weapon("hand", "Hand/Arm", "Unarmed", 0),
    ]);
    const t = hm3Combat.attackTarget(
      b,
      foe(),
      request([{ id: "gold.unarmed", param: "grapple" }], "hand", "blunt"),
      ON,
    );
    expect(t.modifiers.at(-1)).toEqual({
      key: "gold.unarmedStyle",
      value: -10,
      source: "seed 000 line 351",
    });
  });
  it("a row whose option is off is refused by the engine, naming the field", () => {
    const build = hm3Combat.buildDeclaration(
      knight(),
      foe(),
      request([{ id: "gold.tackle", param: 1 }]),
      {},
    );
    expect(() => parseDeclaration(build.declaration)).toThrow(
      /attack\.nonLethal.*nonLethalAttacks/,
    );
  });
});

describe("Block against a Tackle (G47)", () => {
  it("the pending defence lists Block as unavailable, and choosing it is refused", () => {
    const build = hm3Combat.buildDeclaration(
      knight(),
      foe(),
      request([{ id: "gold.tackle", param: 0 }]),
      ON,
    );
    const decl = hm3.parseDeclaration(build.declaration);
    const pending = hm3.pending(hm3.start(decl, new SeededDice(1)))!;
    expect(pending.options.find((o) => o.id === "block")!.unavailableKey).toBe(
      "BLOWBYBLOW.HM3.Gold.Rolls.Unavailable.tackleBlock",
    );
    expect(() =>
      hm3Combat.buildChoice(pending, build, foe(), {
        optionId: "block",
        itemId: "axe",
        mode: null,
        aim: null,
        custom: [],
      }),
    ).toThrow(/defence\.type.*Counterstrike/);
  });
});

describe("card lines name the option", () => {
  it("a failed disarm: the weapon's landing hex and the TA; a hidden target for a player", () => {
    const d = parseDeclaration(
      hm3Combat.buildDeclaration(knight(), foe(), request([{ id: "gold.disarm", param: "one" }]), {
        nonLethalAttacks: true,
      }).declaration,
    );
    const r = resolveExchange(
      d,
      { type: "dodge", target: { baseKey: "ml", base: 50, modifiers: [], raw: 50, value: 50 } },
      new ScriptedDice(
        { attack: 27, defence: 61, disarm: [6, 6, 6], "disarm.hex": 4 },
        new SeededDice(1),
      ),
    );
    const notes = rollsCardNotes(r, false, { attacker: "Knight", defender: "Foe" });
    expect(notes).toHaveLength(1);
    expect(notes[0]!.text.i18n).toBe("BLOWBYBLOW.HM3.Gold.Rolls.Card.disarmed");
    expect(notes[0]!.text.data).toMatchObject({
      defender: "Foe",
      points: "+20",
      hex: { i18n: "BLOWBYBLOW.HM3.Gold.Rolls.Hex.S" },
    });
    expect(notes[0]!.text.data!.check).toEqual({
      i18n: "BLOWBYBLOW.HM3.Gold.Rolls.Card.checkHidden",
      data: { dice: "3d6", total: 18, verdict: { i18n: "BLOWBYBLOW.HM3.Gold.Rolls.Card.failed" } },
    });
    expect(notes[0]!.tip.i18n).toBe("BLOWBYBLOW.HM3.Combat.Option.nonLethalAttacks.Hint");
  });
  it("a wound's IP band and bonus (G40)", () => {
    const notes = rollsCardNotes(
      { strikes: [{ by: "attacker", shock: null, injuryRoll: { ip: "6-10", points: 15 } }] },
      true,
      { attacker: "A", defender: "B" },
    );
    expect(notes[0]!.text).toEqual({
      i18n: "BLOWBYBLOW.HM3.Gold.Rolls.Card.injuryRoll",
      data: { name: "B", ip: "6-10", points: "+15" },
    });
  });
});
