/**
 * The HârnMaster Gold EML options in the hm3 Foundry combat flow (src/rules/hm3/combat.ts with
 * gold/eml-dialog.ts): the attack dialog's rows (feint, darkness, dodged, recovering, mounted)
 * in the target breakdown and the declaration, the defence dialog's counts (feinting
 * counterstrike, dodged, recovering, mounted), and whole exchanges through the engine; the
 * card's unhorsing line. Seed 000 lines 59-61, 71-127, 177-185, 338-344; rulings G30-G39.
 */
import { describe, expect, it } from "vitest";
import type { AttackRequest, CatalogRowInput, FighterSnapshot } from "../../../src/core/combat";
import { ScriptedDice, SeededDice } from "../../../src/core/dice";
import type { Target } from "../../../src/core/modifiers";
import type { ExchangeCard } from "../../../src/core/flow";
import { hm3Input, type ItemLike } from "../../../src/foundry/rulesets/hm3/input";
import { hm3ResultContext } from "../../../src/foundry/rulesets/hm3/card";
import {
  deriveHm3Character,
  hm3,
  hm3Combat,
  HM3_MODIFIER_LABELS,
  type Hm3Declaration,
  type Hm3Result,
} from "../../../src/rules/hm3";
import { EML_CATALOG } from "../../../src/rules/hm3/gold/eml";

const ATTRS = Object.fromEntries(
  ["str", "sta", "dex", "agl", "eye", "hrg", "sml", "voi", "int", "aur", "wil", "cml"].map((k) => [
    k,
    12,
  ]),
);

function skill(id: string, name: string, ml: number): ItemLike {
  return {
    id,
    type: "skill",
    name,
    system: {
      description: "",
      hm3: { category: "combat", sbAttributes: [], sbModifier: 0, skillBase: 50, ml },
    },
  };
}

function weapon(
  id: string,
  skillName: string,
  attack: number,
  defence: number,
  impact: Record<string, number | null>,
  shield = false,
): ItemLike {
  return {
    id,
    type: "weapon",
    name: `The ${id}`,
    system: {
      description: "",
      quantity: 1,
      weight: 0,
      carried: true,
      equipped: true,
      held: shield ? "off" : "main",
      hm3: {
        skill: skillName,
        wq: 12,
        attack,
        defence,
        impact: { blunt: null, edge: null, point: null, fire: null, ...impact },
        handMode: "one",
        shield,
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

/** Battlesword ML 50 (A/D 25/10: AML 75, DML 60), Flail ML 40, Riding ML 71, Dodge 50. */
const attacker = () =>
  snapshot(
    [
      skill("sk-sword", "Sword", 50),
      skill("sk-flail", "Flail", 40),
      skill("sk-riding", "Riding", 71),
      skill("sk-dodge", "Dodge", 50),
      weapon("battlesword", "Sword", 25, 10, { edge: 8, point: 5 }),
      weapon("flail", "Flail", 15, 5, { blunt: 7 }),
    ],
    "Curnach",
  );

/** Sword ML 50 (A/D 15/10: AML 65, DML 60), a shield DML 70, Dodge 55, no Riding. */
const defender = () =>
  snapshot(
    [
      skill("sk-sword", "Sword", 50),
      skill("sk-shield", "Shield", 50),
      skill("sk-dodge", "Dodge", 55),
      weapon("sword", "Sword", 15, 10, { edge: 6, point: 4 }),
      weapon("shield", "Shield", 5, 20, { blunt: 2 }, true),
    ],
    "Foe",
  );

function request(catalog: CatalogRowInput[], over: Partial<AttackRequest> = {}): AttackRequest {
  return {
    itemId: "battlesword",
    mode: "edge",
    aim: "mid",
    band: null,
    situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
    custom: [],
    catalog,
    ...over,
  };
}

const keys = (t: Target) => Object.fromEntries(t.modifiers.map((m) => [m.key, m.value]));

function declared(catalog: CatalogRowInput[], options: Record<string, boolean>, over = {}) {
  const build = hm3Combat.buildDeclaration(attacker(), defender(), request(catalog, over), options);
  const decl = hm3.parseDeclaration(build.declaration);
  const state = hm3.start(decl, new SeededDice(1));
  return { build, decl, state, pending: hm3.pending(state)! };
}

describe("the attack dialog's rows", () => {
  it("are offered only while their option is on", () => {
    expect(hm3Combat.catalog).toEqual(expect.arrayContaining([...EML_CATALOG]));
    for (const row of EML_CATALOG) expect(row.option).toBeTruthy();
  });

  it("itemise a feint in the target, and declare it (000:119-121)", () => {
    const options = { feint: true };
    const rows = [{ id: "gold.feint", param: 20 }];
    const t = hm3Combat.attackTarget(attacker(), defender(), request(rows), options);
    expect(t.base).toBe(75);
    expect(keys(t)).toEqual({ "gold.feint": -20 });
    expect(t.value).toBe(55);
    const { build, decl } = declared(rows, options);
    expect((build.declaration as { attack: Record<string, unknown> }).attack).toMatchObject({
      feint: 20,
      weaponClass: { attack: 25, defence: 10 },
      weaponSkill: "Sword",
    });
    // parse keeps the modifier the flow itemised: counted once.
    expect(decl.attack.target.value).toBe(55);
    expect(HM3_MODIFIER_LABELS["gold.feint"]).toBe("BLOWBYBLOW.HM3.Gold.Eml.Modifier.feint");
  });

  it("refuse a row whose option is off, a bad parameter, and a flail's feint (000:125)", () => {
    expect(() =>
      hm3Combat.attackTarget(attacker(), defender(), request([{ id: "gold.feint", param: 10 }])),
    ).toThrow(/catalog\[0\]\.id: needs the HârnMaster Gold option feint/);
    expect(() =>
      hm3Combat.attackTarget(attacker(), defender(), request([{ id: "gold.feint", param: 0 }]), {
        feint: true,
      }),
    ).toThrow(/catalog\[0\]\.param/);
    expect(() =>
      hm3Combat.attackTarget(
        attacker(),
        defender(),
        request([{ id: "gold.feint", param: 10 }], { itemId: "flail", mode: "blunt" }),
        { feint: true },
      ),
    ).toThrow(/attack\.feint: a Flail cannot feint/);
    expect(() =>
      hm3Combat.attackTarget(
        attacker(),
        defender(),
        request([{ id: "gold.darkness", param: "dim.full" }]),
        { darkness: true },
      ),
    ).toThrow(/catalog\[0\]\.param/);
  });

  it("declare darkness, a thrust's halved Attack column, a Dodge and strike recovery", () => {
    const options = {
      darkness: true,
      darknessThrusting: true,
      dodging: true,
      strikeRecovery: true,
    };
    const rows = [
      { id: "gold.darkness", param: "overcast.half" },
      { id: "gold.dodged" },
      { id: "gold.recovering" },
    ];
    const t = hm3Combat.attackTarget(
      attacker(),
      defender(),
      request(rows, { mode: "point" }),
      options,
    );
    // Battlesword 25/10: recovering 10 (−15), halved in darkness 5 (−5).
    expect(keys(t)).toEqual({
      "gold.darkness": -50,
      "gold.dodged": -20,
      "gold.strikeRecovery": -15,
      "gold.darknessThrusting": -5,
    });
    expect(t.raw).toBe(75 - 90);
  });

  it("declare a mounted attack from the Riding ML (Team Initiative, G37)", () => {
    const rows = [{ id: "gold.mounted" }];
    const t = hm3Combat.attackTarget(attacker(), defender(), request(rows), {
      mountedCombat: true,
    });
    // (71 + 50) / 2 = 60.5 → 61: +11; Attack Class +1: +5.
    expect(keys(t)).toEqual({ "gold.mounted": 11, "gold.mountedAttackClass": 5 });
    const { decl } = declared(rows, { mountedCombat: true });
    expect(decl.attack.mounted).toEqual({ teamInitiative: 71, ml: 50 });
    // The foe has no Riding skill.
    expect(() =>
      hm3Combat.attackTarget(defender(), attacker(), request(rows, { itemId: "sword" }), {
        mountedCombat: true,
      }),
    ).toThrow(/no Riding skill/);
  });
});

describe("the defence dialog", () => {
  it("shows the attacker's feint and the darkness on every defence target (G31, G33)", () => {
    const { build, pending } = declared(
      [
        { id: "gold.feint", param: 20 },
        { id: "gold.darkness", param: "clear.full" },
      ],
      { feint: true, darkness: true },
    );
    const views = hm3Combat.choiceOptions(pending, build, defender());
    const block = views.find((v) => v.id === "block")!;
    expect(keys(block.items[0]!.target!)).toEqual({ "gold.feinted": -10, "gold.darkness": -10 });
    const dodge = views.find((v) => v.id === "dodge")!;
    expect(keys(dodge.target!)).toEqual({ "gold.feinted": -10, "gold.darkness": -10 });
    expect(views.find((v) => v.id === "counterstrike")!.counts).toBeUndefined();
  });

  it("lets a counterstriker feint: the counts become the defence, cumulative (000:127; G34)", () => {
    const options = { feint: true, feintingCounterstrikes: true };
    const { build, state, pending } = declared([{ id: "gold.feint", param: 20 }], options);
    const views = hm3Combat.choiceOptions(pending, build, defender());
    const cs = views.find((v) => v.id === "counterstrike")!;
    expect(cs.counts?.map((c) => c.id)).toEqual(["gold.feint"]);
    const raw = hm3Combat.buildChoice(pending, build, defender(), {
      optionId: "counterstrike",
      itemId: "sword",
      mode: "edge",
      aim: "mid",
      custom: [],
      counts: { "gold.feint": 10 },
    });
    expect(raw).toMatchObject({ type: "counterstrike", feint: 10 });
    const choice = hm3.parseChoice(state, raw);
    // AML 65: the attacker's feint −10 and his own −10.
    expect(choice.target!.value).toBe(45);
    const done = hm3.choose(state, choice, new ScriptedDice({}, new SeededDice(3)));
    const result = hm3.result(done);
    expect(keys(result.attack.eml)).toEqual({ "gold.feint": -20, "gold.counterFeinted": -5 });
    expect(result.attack.target).toBe(50);
    expect(() =>
      hm3Combat.buildChoice(pending, build, defender(), {
        optionId: "counterstrike",
        itemId: "sword",
        mode: "edge",
        aim: "mid",
        custom: [],
        counts: { "gold.dodged": 1 },
      }),
    ).toThrow(/counts\.gold\.dodged: expected one of gold\.feint/);
  });

  it("takes a counterstrike after a Dodge and with a weapon that just struck (G35, G36)", () => {
    const options = { dodging: true, strikeRecovery: true };
    const { build, state, pending } = declared([], options);
    const raw = hm3Combat.buildChoice(pending, build, defender(), {
      optionId: "counterstrike",
      itemId: "sword",
      mode: "edge",
      aim: "mid",
      custom: [],
      counts: { "gold.dodged": 1, "gold.recovering": 1 },
    });
    const choice = hm3.parseChoice(state, raw);
    expect(keys(choice.target!)).toEqual({ "gold.dodged": -20, "gold.strikeRecovery": -5 });
    expect(choice.target!.value).toBe(65 - 25);
    // Without counts the choice is HM3's own: no Gold field.
    const plain = hm3Combat.buildChoice(pending, build, defender(), {
      optionId: "counterstrike",
      itemId: "sword",
      mode: "edge",
      aim: "mid",
      custom: [],
    });
    expect(Object.keys(plain as object).sort()).toEqual(
      ["aim", "aspect", "eml", "impact", "type", "wq"].sort(),
    );
  });

  it("costs a mounted defender's weapon Block one class, not the shield's (000:184)", () => {
    const riderDefends = () =>
      snapshot(
        [
          skill("sk-sword", "Sword", 50),
          skill("sk-shield", "Shield", 50),
          skill("sk-riding", "Riding", 60),
          weapon("sword", "Sword", 15, 10, { edge: 6 }),
          weapon("shield", "Shield", 5, 20, { blunt: 2 }, true),
        ],
        "Rider",
      );
    const { build, state, pending } = declared([], { mountedCombat: true });
    const block = (itemId: string) =>
      hm3.parseChoice(
        state,
        hm3Combat.buildChoice(pending, build, riderDefends(), {
          optionId: "block",
          itemId,
          mode: null,
          aim: null,
          custom: [],
          counts: { "gold.mounted": 1 },
        }),
      );
    expect(keys(block("sword").target!)).toEqual({ "gold.mountedDefenceClass": -5 });
    expect(block("shield").target!.modifiers).toEqual([]);
  });
});

describe("the card", () => {
  it("names the unhorsing roll of a mounted attacker's AF (000:185; G38)", () => {
    const { build, state } = declared([{ id: "gold.mounted" }], { mountedCombat: true });
    const decl: Hm3Declaration = state.decl;
    const choice = hm3.parseChoice(state, { type: "block", eml: 60 });
    const dice = new ScriptedDice(
      { attack: 100, defence: 61, attackerUnhorsing: 80 },
      new SeededDice(1),
    );
    const result: Hm3Result = hm3.result(hm3.choose(state, choice, dice));
    expect(result.result).toBe("AF");
    expect(result.unhorsing?.unhorsed).toBe(true);
    const card = {
      declaration: build.declaration,
      result,
      attacker: { name: "Curnach" },
      defender: { name: "Foe" },
      context: null,
    } as unknown as ExchangeCard;
    const view = hm3ResultContext(card, { isGM: true, userId: "gm" } as never);
    expect(view.goldNotes).toHaveLength(1);
    expect(view.goldNotes[0]!.text).toMatchObject({
      i18n: "BLOWBYBLOW.HM3.Gold.Eml.Card.unhorsing",
      data: { code: "AF", roll: 80, target: 71 },
    });
    expect(decl.attack.mounted?.teamInitiative).toBe(71);
  });
});

describe("the card's reminders (G35, G36)", () => {
  function cardOf(
    options: Record<string, boolean>,
    defence: Record<string, unknown>,
    script: Record<string, number>,
  ) {
    const { build, state } = declared([], options);
    const choice = hm3.parseChoice(state, defence);
    const result = hm3.result(
      hm3.choose(state, choice, new ScriptedDice(script, new SeededDice(1))),
    );
    const card = {
      declaration: build.declaration,
      result,
      attacker: { name: "Curnach" },
      defender: { name: "Foe" },
      context: null,
    } as unknown as ExchangeCard;
    return { result, view: hm3ResultContext(card, { isGM: true, userId: "gm" } as never) };
  }
  const dodge = { type: "dodge", eml: 50 };
  const counter = { type: "counterstrike", eml: 60, aspect: "edge", impact: 6 };

  it("after a Dodge that won no DTA: the dodger's next attack at −20", () => {
    // Attack MS 27 (vs 75), Dodge MS 27: miss (seed 003 line 9).
    const { result, view } = cardOf({ dodging: true }, dodge, { attack: 27, defence: 27 });
    expect(result.result).toBe("miss");
    expect(view.goldNotes.map((n) => (n.text as { i18n: string }).i18n)).toEqual([
      "BLOWBYBLOW.HM3.Gold.Eml.Card.dodged",
    ]);
    // A DTA (attack CF 100, Dodge MS): no penalty (000:97); the option off: no line.
    expect(cardOf({ dodging: true }, dodge, { attack: 100, defence: 27 }).view.goldNotes).toEqual(
      [],
    );
    expect(cardOf({}, dodge, { attack: 27, defence: 27 }).view.goldNotes).toEqual([]);
  });

  it("after a melee attack: strike recovery for the attacker's weapon", () => {
    const { view } = cardOf({ strikeRecovery: true }, counter, { attack: 100, defence: 50 });
    expect(view.goldNotes).toEqual([
      {
        text: {
          i18n: "BLOWBYBLOW.HM3.Gold.Eml.Card.recovering",
          data: { name: "Curnach" },
        },
        tip: { i18n: "BLOWBYBLOW.HM3.Combat.Option.strikeRecovery.Hint" },
      },
    ]);
    expect(cardOf({}, counter, { attack: 100, defence: 50 }).view.goldNotes).toEqual([]);
  });
});
