/**
 * The paired group in the HM3 Foundry flow (src/rules/hm3/gold/paired-combat.ts through
 * combat.ts): the "defender surprised" row → declaration; the defence prompt limited by the
 * Reaction Roll (seed 000 lines 280-326; G50-G53); the card lines (paired-card.ts).
 */
import { describe, expect, it } from "vitest";
import type {
  AttackRequest,
  ChoiceRequest,
  ExchangeFight,
  FighterSnapshot,
} from "../../../src/core/combat";
import { replayDice, type RollRecord } from "../../../src/core/dice";
import { InputError } from "../../../src/core/errors";
import { hm3Input, type ItemLike } from "../../../src/foundry/rulesets/hm3/input";
import { PAIRED_CARD_KEY, pairedCardLines } from "../../../src/foundry/rulesets/hm3/paired-card";
import { deriveHm3Character, hm3, hm3Combat, type Hm3Result } from "../../../src/rules/hm3";
import { REACTION_IGNORE_KEY } from "../../../src/rules/hm3/gold/paired";
import {
  REACTION_HEX_COUNT,
  REACTION_HEX_KEY,
  REACTION_NO_HAND_KEY,
  TANGLE_AREAS,
} from "../../../src/rules/hm3/gold/paired-combat";
import {
  ADVANTAGE_REACTION_MARK,
  marksAfter,
  REACTION_DUE_MARK,
} from "../../../src/rules/hm3/gold/paired-carry";
import { input, run } from "./paired-helpers";

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

function weapon(id: string, held: string, shield = false): ItemLike {
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
      held,
      hm3: {
        skill: shield ? "Shield" : "Sword",
        wq: 12,
        attack: 20,
        defence: shield ? 20 : 10,
        impact: shield
          ? { blunt: 2, edge: null, point: 3, fire: null }
          : { blunt: null, edge: 7, point: 4, fire: null },
        handMode: "one",
        shield,
      },
    },
  };
}

function snapshot(name: string, fatigue: number, items: ItemLike[]): FighterSnapshot {
  const system = { description: "", hm3: { attributes: { ...ATTRS }, fatigue, encumbrance: 0 } };
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

const attacker = () =>
  snapshot("Attacker", 0, [
    skill("s1", "Sword", 60),
    skill("s2", "Initiative", 60),
    weapon("sword", "main"),
  ]);
/** PP 2 (fatigue): Initiative 40 → Reaction target 30; Dodge 60 − 10 = 50. */
const defender = () =>
  snapshot("Defender", 2, [
    skill("s1", "Sword", 50),
    skill("s2", "Shield", 60),
    skill("s3", "Dodge", 60),
    skill("s4", "Initiative", 40),
    weapon("dsword", "main"),
    weapon("dshield", "off", true),
  ]);

function request(catalog?: AttackRequest["catalog"]): AttackRequest {
  return {
    itemId: "sword",
    mode: "edge",
    aim: "mid",
    band: null,
    situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
    custom: [],
    ...(catalog ? { catalog } : {}),
  };
}

const reactionRoll = (value: number): RollRecord[] => [
  { name: "reaction", count: 1, sides: 100, values: [value], total: value },
];

function error(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("no InputError");
}

function declared(context: string, roll: number) {
  const build = hm3Combat.buildDeclaration(
    attacker(),
    defender(),
    request([{ id: "defenderSurprised", param: context }]),
    { reactionRoll: true },
  );
  const decl = hm3.parseDeclaration(build.declaration);
  const state = hm3.start(decl, replayDice(reactionRoll(roll)));
  return { build, state, pending: hm3.pending(state)! };
}

describe("the 'defender surprised' row", () => {
  it("puts the context and the defender's Initiative ML in the declaration", () => {
    const build = hm3Combat.buildDeclaration(
      attacker(),
      defender(),
      request([{ id: "defenderSurprised", param: "advantage" }]),
      { reactionRoll: true },
    );
    const d = build.declaration as {
      attack: Record<string, unknown>;
      defender: Record<string, unknown>;
    };
    expect(d.attack.defenderSurprised).toBe("advantage");
    expect(d.defender.initiative).toBe(40);
    const plain = hm3Combat.buildDeclaration(attacker(), defender(), request(), {
      reactionRoll: true,
    });
    expect((plain.declaration as { attack: object }).attack).not.toHaveProperty(
      "defenderSurprised",
    );
  });

  it("is refused while reactionRoll is off, or with an unknown row or context", () => {
    const row = [{ id: "defenderSurprised", param: "surprise" }];
    expect(
      error(() => hm3Combat.buildDeclaration(attacker(), defender(), request(row), {})).field,
    ).toBe("catalog.defenderSurprised");
    expect(
      error(() =>
        hm3Combat.buildDeclaration(attacker(), defender(), request([{ id: "nope" }]), {
          reactionRoll: true,
        }),
      ).field,
    ).toBe("catalog[0].id");
    expect(
      error(() =>
        hm3Combat.buildDeclaration(
          attacker(),
          defender(),
          request([{ id: "defenderSurprised", param: "ambush" }]),
          { reactionRoll: true },
        ),
      ).field,
      // The request reader checks every Gold row against its definition (readGoldCatalog).
    ).toBe("catalog[0].param");
  });

  it("is offered only while reactionRoll is on", () => {
    const row = hm3Combat.catalog!.find((r) => r.id === "defenderSurprised")!;
    expect(row.option).toBe("reactionRoll");
  });
});

describe("the defence prompt after the Reaction Roll", () => {
  it("after a TA, MS: Block only with the secondary (shield), Counterstrike only with the primary, Dodge at half", () => {
    const { build, pending } = declared("advantage", 27);
    const views = hm3Combat.choiceOptions(pending, build, defender());
    const byId = Object.fromEntries(views.map((v) => [v.id, v]));
    expect(byId.block!.items.map((i) => i.itemId)).toEqual(["dshield"]);
    expect(byId.counterstrike!.items.map((i) => i.itemId)).toEqual(["dsword"]);
    expect(byId.dodge!.target!.value).toBe(25);
    expect(byId.dodge!.target!.modifiers.at(-1)).toMatchObject({ key: "gold.reactionHalf" });
    const choice = hm3Combat.buildChoice(pending, build, defender(), {
      optionId: "block",
      itemId: "dshield",
      mode: null,
      aim: null,
      custom: [],
    }) as Record<string, unknown>;
    expect(choice.hand).toBe("secondary");
    const wrong = error(() =>
      hm3Combat.buildChoice(pending, build, defender(), {
        optionId: "block",
        itemId: "dsword",
        mode: null,
        aim: null,
        custom: [],
      }),
    );
    expect(wrong.field).toBe("itemId");
  });

  it("the choice goes through the engine: a Block with the shield at full EML", () => {
    const { build, state, pending } = declared("advantage", 27);
    const raw = hm3Combat.buildChoice(pending, build, defender(), {
      optionId: "block",
      itemId: "dshield",
      mode: null,
      aim: null,
      custom: [],
    });
    const done = hm3.choose(
      state,
      hm3.parseChoice(state, raw),
      replayDice([
        { name: "attack", count: 1, sides: 100, values: [90], total: 90 },
        { name: "defence", count: 1, sides: 100, values: [50], total: 50 },
      ]),
    );
    const r = hm3.result(done);
    expect(r.reaction).toMatchObject({ level: "MS", context: "advantage" });
    expect(r.defence!.target).toBe(r.defence!.eml.raw);
    expect(r.rolls[0]!.name).toBe("reaction");
  });

  it("after a TA, MF: Block with the primary; a defender with only a shield cannot", () => {
    const { build, pending } = declared("advantage", 41);
    const views = hm3Combat.choiceOptions(pending, build, defender());
    expect(views.find((v) => v.id === "block")!.items.map((i) => i.itemId)).toEqual(["dsword"]);
    const shieldOnly = snapshot("Defender", 2, [
      skill("s2", "Shield", 60),
      weapon("dshield", "off", true),
    ]);
    const v2 = hm3Combat.choiceOptions(pending, build, shieldOnly);
    expect(v2.find((v) => v.id === "block")!.unavailableKey).toBe(REACTION_NO_HAND_KEY);
  });

  it("a surprise MF leaves only Ignore", () => {
    const { build, pending } = declared("surprise", 41);
    const views = hm3Combat.choiceOptions(pending, build, defender());
    expect(views.map((v) => [v.id, v.unavailableKey ?? null])).toEqual([
      ["block", REACTION_IGNORE_KEY],
      ["counterstrike", REACTION_IGNORE_KEY],
      ["dodge", REACTION_IGNORE_KEY],
      ["ignore", null],
    ]);
  });

  it("a surprise MS halves every target shown, and the choice names no hand", () => {
    const { build, pending } = declared("surprise", 27);
    const dodge = hm3Combat
      .choiceOptions(pending, build, defender())
      .find((v) => v.id === "dodge")!;
    expect(dodge.target!.value).toBe(25);
    const choice = hm3Combat.buildChoice(pending, build, defender(), {
      optionId: "block",
      itemId: "dsword",
      mode: null,
      aim: null,
      custom: [],
    }) as Record<string, unknown>;
    expect(choice).not.toHaveProperty("hand");
  });
});

describe("card lines", () => {
  const names = { attacker: "A", defender: "D" };
  it("the Reaction Roll, its target hidden from who may not see the defender's targets", () => {
    const r = run(
      input(["reactionRoll"], {
        attack: {
          type: "melee",
          eml: 70,
          aspect: "edge",
          impact: 5,
          defenderSurprised: "surprise",
        },
        defender: { endurance: 12, dex: 12, agl: 12, initiative: 60 },
        defence: { type: "ignore" },
      }),
      { reaction: 65 },
    );
    const [seen] = pairedCardLines(r, names, true, false);
    expect(seen!.text).toEqual({
      i18n: PAIRED_CARD_KEY.reaction,
      data: {
        name: "D",
        roll: 65,
        target: 60,
        level: "CF",
        meaning: { i18n: PAIRED_CARD_KEY.surprise.CF },
      },
    });
    const [hidden] = pairedCardLines(r, names, false, false);
    expect(hidden!.text.i18n).toBe(PAIRED_CARD_KEY.reactionHidden);
    expect(hidden!.text.data).not.toHaveProperty("target");
  });

  it("an object's damage toward DF (DF for the GM only) and its destruction", () => {
    const r: Hm3Result = run(
      input(["bruteForce"], {
        defender: { object: { door: "plain", thickness: 1 } },
        defence: { type: "ignore" },
      }),
      { damageFactor: [1, 1], attack: 25, impact: [6, 6, 6, 6] },
    );
    const gm = pairedCardLines(r, names, true, true);
    expect(gm.map((l) => l.text.i18n)).toEqual([
      PAIRED_CARD_KEY.objectRolled,
      PAIRED_CARD_KEY.object,
      PAIRED_CARD_KEY.destroyed,
    ]);
    expect(gm[1]!.text.data).toMatchObject({ impact: 29, ap: 13, damage: 16, total: 16, df: 2 });
    const player = pairedCardLines(r, names, true, false);
    expect(player.map((l) => l.text.i18n)).toEqual([
      PAIRED_CARD_KEY.object,
      PAIRED_CARD_KEY.destroyed,
    ]);
    expect(player[0]!.text.data).toMatchObject({ df: "?" });
  });

  it("the double strike's secondary attack and an ignored D★", () => {
    const r = run(
      input(["pairedWeapons"], {
        attack: {
          type: "melee",
          eml: 70,
          aspect: "edge",
          impact: 5,
          double: { aspect: "point", impact: 3, eml: 60 },
        },
        defence: { type: "counterstrike", eml: 60, aspect: "blunt", impact: 3 },
      }),
      { attack: 61, defence: 61, "second.attack": 41, "second.defence": 27 },
    );
    const lines = pairedCardLines(r, names, true, false).map((l) => l.text);
    expect(lines).toEqual([
      {
        i18n: PAIRED_CARD_KEY.second,
        data: { attack: 41, attackLevel: "MF", defence: "27 MS", code: "D*1" },
      },
      { i18n: PAIRED_CARD_KEY.ignoredCounter, data: { code: "D*1" } },
    ]);
  });
});

describe("the 'double strike' row", () => {
  const dualAttacker = () =>
    snapshot("Attacker", 0, [
      skill("s1", "Sword", 60),
      weapon("sword", "main"),
      weapon("dagger", "off"),
    ]);
  const row = [{ id: "doubleStrike" }];

  it("declares the off-hand weapon as the secondary attack, both at −20 in the engine (line 255)", () => {
    const build = hm3Combat.buildDeclaration(dualAttacker(), defender(), request(row), {
      pairedWeapons: true,
    });
    const attack = (build.declaration as { attack: Record<string, unknown> }).attack;
    expect(attack.double).toMatchObject({ aspect: "edge", aim: "mid", impact: 7, wq: 12 });
    const decl = hm3.parseDeclaration(build.declaration);
    expect(decl.attack.double!.target.modifiers.at(-1)).toMatchObject({
      key: "gold.doubleStrike",
      value: -20,
    });
    expect(decl.attack.target.value).toBe(
      hm3Combat.attackTarget(dualAttacker(), defender(), request(row), { pairedWeapons: true })
        .value,
    );
    expect(
      hm3Combat.attackTarget(dualAttacker(), defender(), request(row), { pairedWeapons: true })
        .value,
    ).toBe(hm3Combat.attackTarget(dualAttacker(), defender(), request()).value - 20);
  });

  it("the one defence prompt shows the −10 against each attack", () => {
    const build = hm3Combat.buildDeclaration(dualAttacker(), defender(), request(row), {
      pairedWeapons: true,
    });
    const plain = hm3Combat.buildDeclaration(dualAttacker(), defender(), request(), {});
    const pending = (b: typeof build) =>
      hm3.pending(hm3.start(hm3.parseDeclaration(b.declaration), replayDice([])))!;
    const dodge = (b: typeof build) =>
      hm3Combat.choiceOptions(pending(b), b, defender()).find((v) => v.id === "dodge")!.target!;
    expect(dodge(build).value).toBe(dodge(plain).value - 10);
    expect(dodge(build).modifiers.at(-1)).toMatchObject({ key: "gold.doubleStrikeDefence" });
  });

  it("is refused with no off-hand weapon, or while pairedWeapons is off", () => {
    expect(
      error(() =>
        hm3Combat.buildDeclaration(attacker(), defender(), request(row), { pairedWeapons: true }),
      ).field,
    ).toBe("catalog.doubleStrike");
    expect(
      error(() => hm3Combat.buildDeclaration(dualAttacker(), defender(), request(row), {})).field,
    ).toBe("catalog.doubleStrike");
  });
});

describe("the 'tangle & strike' row (seed 000 lines 264-278; rulings G39, G59)", () => {
  const tangle = (area: string) => [{ id: "tangle", param: area }];
  const on = { pairedWeapons: true };

  it("is offered only while pairedWeapons is on, with the three areas of ruling G39", () => {
    const row = hm3Combat.catalog!.find((r) => r.id === "tangle")!;
    expect(row.option).toBe("pairedWeapons");
    expect(row.param).toMatchObject({ kind: "choice" });
    expect((row.param as { choices: { id: string }[] }).choices.map((c) => c.id)).toEqual([
      "body",
      "limb",
      "weapon",
    ]);
    expect(TANGLE_AREAS).toEqual({
      body: { penalty: 0, dice: 5 },
      limb: { penalty: 10, dice: 4 },
      weapon: { penalty: 15, dice: 4 },
    });
  });

  it("declares attack.tangle by area; the dialog shows the engine's EML (line 276)", () => {
    for (const [area, penalty, dice] of [
      ["body", 0, 5],
      ["limb", 10, 4],
      ["weapon", 15, 4],
    ] as const) {
      const build = hm3Combat.buildDeclaration(attacker(), defender(), request(tangle(area)), on);
      const attack = (build.declaration as { attack: Record<string, unknown> }).attack;
      expect(attack.tangle).toEqual({ penalty, dice });
      const shown = hm3Combat.attackTarget(attacker(), defender(), request(tangle(area)), on);
      const plain = hm3Combat.attackTarget(attacker(), defender(), request(), on);
      expect(shown.value).toBe(plain.value - penalty);
      // The whole fighter's +0 is no modifier at all.
      const tangled = (t: typeof shown) => t.modifiers.filter((m) => m.key === "gold.tangle");
      expect(tangled(shown)).toEqual(
        penalty ? [{ key: "gold.tangle", value: -penalty, source: "seed 000 line 276" }] : [],
      );
      const decl = hm3.parseDeclaration(build.declaration);
      expect(decl.attack.target.value).toBe(shown.value);
      expect(tangled(decl.attack.target)).toEqual(tangled(shown));
    }
  });

  it("a tangle that strikes rolls the area's dice as the tangle penalty and gives a TA (G59)", () => {
    const build = hm3Combat.buildDeclaration(attacker(), defender(), request(tangle("limb")), on);
    const state = hm3.start(hm3.parseDeclaration(build.declaration), replayDice([]));
    const pending = hm3.pending(state)!;
    const raw = hm3Combat.buildChoice(pending, build, defender(), {
      optionId: "ignore",
      itemId: null,
      mode: null,
      aim: null,
      custom: [],
    });
    const choice = hm3.parseChoice(state, raw);
    // AML 80 − 10 = 70: 25 is a CS, A*4 against Ignore; the limb's 4d6 tangle.
    const done = hm3.choose(
      state,
      choice,
      replayDice([
        { name: "attack", count: 1, sides: 100, values: [25], total: 25 },
        { name: "tangle", count: 4, sides: 6, values: [1, 2, 3, 4], total: 10 },
      ]),
    );
    const result = hm3.result(done) as Hm3Result;
    expect(result.tangle).toEqual({ success: true, dice: 4, rolls: [1, 2, 3, 4], penalty: 10 });
    expect(result.tacticalAdvantage).toBe("attacker");
  });

  it("is refused while pairedWeapons is off, with an unknown area, or with a double strike", () => {
    expect(
      error(() => hm3Combat.buildDeclaration(attacker(), defender(), request(tangle("body")), {}))
        .field,
    ).toBe("catalog.tangle");
    expect(
      error(() => hm3Combat.buildDeclaration(attacker(), defender(), request(tangle("neck")), on))
        .field,
    ).toMatch(/^catalog/);
    expect(
      error(() =>
        hm3Combat.buildDeclaration(
          attacker(),
          defender(),
          request([...tangle("body"), { id: "doubleStrike" }]),
          on,
        ),
      ).message,
    ).toMatch(/either a tangle or a double strike/);
    // Line 266: the weapon in the primary hand tangles; an off-hand one is refused.
    const offHand = () =>
      snapshot("Attacker", 0, [skill("s1", "Sword", 60), weapon("sword", "off")]);
    const e = error(() =>
      hm3Combat.buildDeclaration(offHand(), defender(), request(tangle("body")), on),
    );
    expect(e.field).toBe("catalog.tangle");
    expect(e.message).toMatch(/primary \(main\) hand/);
  });
});

describe("a dodge into an adjacent open hex in the defence dialog (000:324-325, ruling G82)", () => {
  const dodge = (counts?: Record<string, number>): ChoiceRequest => ({
    optionId: "dodge",
    itemId: null,
    mode: null,
    aim: null,
    custom: [],
    ...(counts ? { counts } : {}),
  });
  const dodgeView = (b: ReturnType<typeof declared>) =>
    hm3Combat.choiceOptions(b.pending, b.build, defender()).find((v) => v.id === "dodge")!;

  it("after a TA, MS (000:324): the open hex is offered; ticked it dodges at full EML, else at half", () => {
    const d = declared("advantage", 27);
    const view = dodgeView(d);
    expect(view.counts).toEqual([
      { id: REACTION_HEX_COUNT, labelKey: REACTION_HEX_KEY.count, max: 1, toggle: true },
    ]);
    expect(view.target!.value).toBe(25);
    const hex = hm3Combat.buildChoice(
      d.pending,
      d.build,
      defender(),
      dodge({ [REACTION_HEX_COUNT]: 1 }),
    ) as Record<string, unknown>;
    expect(hex.dodgeHex).toBe(true);
    const done = hm3.choose(
      d.state,
      hm3.parseChoice(d.state, hex),
      replayDice([
        { name: "attack", count: 1, sides: 100, values: [90], total: 90 },
        { name: "defence", count: 1, sides: 100, values: [50], total: 50 },
      ]),
    );
    const r = hm3.result(done);
    expect(r.defence!.target).toBe(50);
    expect(r.choices[0]!.value).toMatchObject({ type: "dodge", dodgeHex: true });
    const half = hm3Combat.buildChoice(
      d.pending,
      d.build,
      defender(),
      dodge({ [REACTION_HEX_COUNT]: 0 }),
    ) as Record<string, unknown>;
    expect(half).not.toHaveProperty("dodgeHex");
  });

  it("after a TA, MF (000:325): the Dodge is named the open-hex dodge at half EML, no count", () => {
    const d = declared("advantage", 41);
    const view = dodgeView(d);
    expect(view.labelKey).toBe(REACTION_HEX_KEY.onlyHex);
    expect(view.counts).toBeUndefined();
    expect(view.target!.value).toBe(25);
    const choice = hm3Combat.buildChoice(d.pending, d.build, defender(), dodge()) as Record<
      string,
      unknown
    >;
    expect(choice.dodgeHex).toBe(true);
  });

  it("is not offered on a CS, on a surprise, nor with the option off; a request naming it is refused", () => {
    expect(dodgeView(declared("advantage", 5)).counts).toBeUndefined();
    expect(dodgeView(declared("surprise", 27)).counts).toBeUndefined();
    const plain = hm3Combat.buildDeclaration(attacker(), defender(), request(), {});
    const state = hm3.start(hm3.parseDeclaration(plain.declaration), replayDice([]));
    const pending = hm3.pending(state)!;
    const view = hm3Combat.choiceOptions(pending, plain, defender()).find((v) => v.id === "dodge")!;
    expect(view.counts).toBeUndefined();
    const refused = error(() =>
      hm3Combat.buildChoice(pending, plain, defender(), dodge({ [REACTION_HEX_COUNT]: 1 })),
    );
    expect(refused.field).toBe(`counts.${REACTION_HEX_COUNT}`);
  });
});

describe("Reaction Rolls carried across turns in the declaration (rulings G80, G81)", () => {
  const fight = (round: number, marks: ExchangeFight["marks"]): ExchangeFight => ({
    round,
    marks,
  });
  const build = (f: ExchangeFight, options = { reactionRoll: true }, itemId = "sword") =>
    hm3Combat.buildDeclaration(attacker(), defender(), { ...request(), itemId }, options, f);
  const attackOf = (b: { declaration: unknown }) =>
    (b.declaration as { attack: Record<string, unknown> }).attack;
  const due = { defender: { [REACTION_DUE_MARK]: { round: 1 } } };

  it("000:287: a CF's roll is made at the first attack of the next round only", () => {
    const next = build(fight(2, due));
    expect(attackOf(next).defenderSurprised).toBe("surprise");
    expect((next.declaration as { defender: { initiative: number } }).defender.initiative).toBe(40);
    expect(next.rules.reactionCarried).toBe(1);
    for (const round of [1, 3]) {
      const b = build(fight(round, due));
      expect(attackOf(b)).not.toHaveProperty("defenderSurprised");
      expect(b.rules).not.toHaveProperty("reactionCarried");
    }
    expect(attackOf(build(fight(2, due), { reactionRoll: false } as never))).not.toHaveProperty(
      "defenderSurprised",
    );
  });

  it("000:300-303: the attacker's own roll limits its weapon in the round of its TA", () => {
    const ta = (level: string) => ({
      attacker: { [ADVANTAGE_REACTION_MARK]: { round: 1, roll: 27, target: 55, level } },
    });
    const ms = build(fight(1, ta("MS")));
    expect(attackOf(ms).defenderSurprised).toBe("advantage");
    expect(ms.rules.advantageReaction).toEqual({ round: 1, roll: 27, target: 55, level: "MS" });
    // MF: the secondary weapon or a Pass (line 302): the main-hand sword is refused.
    expect(error(() => build(fight(1, ta("MF")))).field).toBe("itemId");
    // CF: only a Pass (line 303).
    expect(error(() => build(fight(1, ta("CF")))).reason).toMatch(/Pass.*line 303/);
    // The next round, or another character turn, the TA is over: nothing limits the attack.
    expect(build(fight(2, ta("CF"))).rules).not.toHaveProperty("advantageReaction");
    const turn0 = {
      attacker: {
        [ADVANTAGE_REACTION_MARK]: { round: 1, turn: 0, roll: 99, target: 55, level: "CF" },
      },
    };
    expect(error(() => build({ ...fight(1, turn0), turn: 0 })).field).toBe("itemId");
    expect(build({ ...fight(1, turn0), turn: 1 }).rules).not.toHaveProperty("advantageReaction");
  });

  it("the marks an exchange leaves: a CF's due next round, a carried or used roll cleared", () => {
    const cf = { reaction: { again: true } } as unknown as Hm3Result;
    const cs = { reaction: { again: false } } as unknown as Hm3Result;
    expect(marksAfter(cf, {}, 3)).toEqual({ defender: { [REACTION_DUE_MARK]: { round: 3 } } });
    expect(marksAfter(cs, { reactionCarried: 2 }, 3)).toEqual({
      defender: { [REACTION_DUE_MARK]: null },
    });
    const used = { round: 1, roll: 5, target: 55, level: "CS" as const };
    expect(marksAfter(cs, { advantageReaction: used }, 1)).toEqual({
      attacker: { [ADVANTAGE_REACTION_MARK]: null },
    });
    expect(marksAfter(cs, {}, 1)).toEqual({});
  });
});
