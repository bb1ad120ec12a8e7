/**
 * An angry counterstrike in the HM3 Foundry defence dialog (src/rules/hm3/combat.ts →
 * gold/impact-defence.ts): the Counterstrike option's "angry" count becomes `defence.angry`
 * with its itemised `gold.angry` modifier, and the counterstrike strikes harder (seed 000
 * lines 21, 25, 29; rulings G10, G11).
 */
import { describe, expect, it } from "vitest";
import type { ChoiceRequest, FighterSnapshot } from "../../../src/core/combat";
import { ScriptedDice, SeededDice } from "../../../src/core/dice";
import { InputError } from "../../../src/core/errors";
import { IMPACT_CARD_KEYS, impactCardLines } from "../../../src/foundry/rulesets/hm3/card-impact";
import { hm3Input, type ItemLike } from "../../../src/foundry/rulesets/hm3/input";
import { deriveHm3Character, hm3, hm3Combat, type Hm3Result } from "../../../src/rules/hm3";

const ATTRS = Object.fromEntries(
  ["str", "sta", "dex", "agl", "eye", "hrg", "sml", "voi", "int", "aur", "wil", "cml"].map((k) => [
    k,
    12,
  ]),
);

/** A fighter with Sword ML 57 (SI 5) and a sword (attack 20: AML 77; edge 7). */
function fighter(name: string): FighterSnapshot {
  const items: ItemLike[] = [
    {
      id: "sk",
      type: "skill",
      name: "Sword",
      system: {
        description: "",
        hm3: { category: "combat", sbAttributes: [], sbModifier: 0, skillBase: 50, ml: 57 },
      },
    },
    {
      id: "sword",
      type: "weapon",
      name: "Sword",
      system: {
        description: "",
        quantity: 1,
        weight: 0,
        carried: true,
        equipped: true,
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
    },
  ];
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

function declared(options: Record<string, boolean>) {
  const build = hm3Combat.buildDeclaration(
    fighter("Attacker"),
    fighter("Defender"),
    {
      itemId: "sword",
      mode: "edge",
      aim: "mid",
      band: null,
      situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
      custom: [],
    },
    options,
  );
  const state = hm3.start(hm3.parseDeclaration(build.declaration), new SeededDice(1));
  return { build, state, pending: hm3.pending(state)! };
}

const counter = (counts?: Record<string, number>): ChoiceRequest => ({
  optionId: "counterstrike",
  itemId: "sword",
  mode: "edge",
  aim: "mid",
  custom: [],
  ...(counts ? { counts } : {}),
});

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("expected an InputError");
}

describe("the angry count on Counterstrike (000:25; G10)", () => {
  it("is offered on Counterstrike only, and only while angryStrike is on", () => {
    const on = declared({ angryStrike: true });
    const views = hm3Combat.choiceOptions(on.pending, on.build, fighter("Defender"));
    expect(views.find((v) => v.id === "counterstrike")!.counts).toEqual([
      { id: "gold.angry", labelKey: "BLOWBYBLOW.HM3.Gold.Impact.Count.angry", max: 100 },
    ]);
    expect(views.find((v) => v.id === "block")!.counts).toBeUndefined();
    expect(views.find((v) => v.id === "dodge")!.counts).toBeUndefined();
    const off = declared({});
    const plain = hm3Combat.choiceOptions(off.pending, off.build, fighter("Defender"));
    expect(plain.find((v) => v.id === "counterstrike")!.counts).toBeUndefined();
  });

  it("with the maximum bonus its maximum is the weapon's SI × 10: ML 57, SI 5 → 50 (000:29; G11)", () => {
    const { build, pending } = declared({ angryStrike: true, angryStrikeMaxBonus: true });
    const views = hm3Combat.choiceOptions(pending, build, fighter("Defender"));
    expect(views.find((v) => v.id === "counterstrike")!.counts).toEqual([
      { id: "gold.angry", labelKey: "BLOWBYBLOW.HM3.Gold.Impact.Count.angry", max: 50 },
    ]);
  });

  it("becomes defence.angry with its itemised −30 (000:21), and the engine keeps it", () => {
    const { build, state, pending } = declared({ angryStrike: true });
    const raw = hm3Combat.buildChoice(
      pending,
      build,
      fighter("Defender"),
      counter({ "gold.angry": 30 }),
    );
    expect(raw).toMatchObject({ type: "counterstrike", angry: 30 });
    expect(raw).not.toHaveProperty("ml");
    const eml = (raw as { eml: { modifiers: { key: string; value: number }[] } }).eml;
    expect(eml.modifiers.find((m) => m.key === "gold.angry")).toMatchObject({ value: -30 });
    const choice = hm3.parseChoice(state, raw);
    // AML 77 − 30 = 47, the modifier once.
    expect(choice.target!.value).toBe(47);
    expect(choice.target!.modifiers.filter((m) => m.key === "gold.angry")).toHaveLength(1);
    // A count of 0 is no angry strike: HM3's counterstrike.
    const none = hm3Combat.buildChoice(
      pending,
      build,
      fighter("Defender"),
      counter({ "gold.angry": 0 }),
    );
    expect(none).not.toHaveProperty("angry");
    expect(hm3.parseChoice(state, none).target!.value).toBe(77);
  });

  it("with the cap carries the weapon's ML, which the engine checks (000:29; G11)", () => {
    const { build, state, pending } = declared({ angryStrike: true, angryStrikeMaxBonus: true });
    const raw = hm3Combat.buildChoice(
      pending,
      build,
      fighter("Defender"),
      counter({ "gold.angry": 50 }),
    );
    expect(raw).toMatchObject({ angry: 50, ml: 57 });
    expect(hm3.parseChoice(state, raw).target!.value).toBe(27);
    const over = inputError(() =>
      hm3Combat.buildChoice(pending, build, fighter("Defender"), counter({ "gold.angry": 60 })),
    );
    expect(over.field).toBe("counts.gold.angry");
    expect(over.message).toMatch(/Skill Index 5.*at most 50/);
  });

  it("refuses a count not in tens, or on a Block, naming the count", () => {
    const { build, pending } = declared({ angryStrike: true });
    const odd = inputError(() =>
      hm3Combat.buildChoice(pending, build, fighter("Defender"), counter({ "gold.angry": 25 })),
    );
    expect(odd.field).toBe("counts.gold.angry");
    expect(odd.message).toMatch(/units of ten/);
    const block = inputError(() =>
      hm3Combat.buildChoice(pending, build, fighter("Defender"), {
        optionId: "block",
        itemId: "sword",
        mode: null,
        aim: null,
        custom: [],
        counts: { "gold.angry": 10 },
      }),
    );
    expect(block.field).toBe("counts.gold.angry");
  });

  it("the counterstrike that lands strikes +3 harder (000:21, 25)", () => {
    const strike = (counts?: Record<string, number>) => {
      const { build, state, pending } = declared({ angryStrike: true });
      const raw = hm3Combat.buildChoice(pending, build, fighter("Defender"), counter(counts));
      const choice = hm3.parseChoice(state, raw);
      // Attack 81 against 77: MF; counterstrike 36 against 47 (or 77): MS → D*1.
      const dice = new ScriptedDice(
        { attack: 81, defence: 36, "counter.location": 50, "counter.impact": [2] },
        new SeededDice(3),
      );
      return hm3.result(hm3.choose(state, choice, dice)) as Hm3Result;
    };
    const angry = strike({ "gold.angry": 30 });
    const plain = strike();
    expect(angry.result).toBe(plain.result);
    expect(angry.strikes[0]!.by).toBe("defender");
    // Edge 7 + the die 2 (+3 angry).
    expect(plain.strikes[0]!.impact).toBe(9);
    expect(angry.strikes[0]!.impact).toBe(12);
    expect(angry.strikes[0]!.angryBonus).toBe(3);
    // The card names the option on the counterstrike's strike.
    expect(impactCardLines(angry.strikes[0]!)).toEqual([
      { text: { i18n: IMPACT_CARD_KEYS.angry, data: { bonus: 3 } } },
    ]);
    expect(impactCardLines(plain.strikes[0]!)).toEqual([]);
  });
});
