/**
 * HârnMaster Gold state carried from one exchange to the next (src/rules/hm3/gold/carry.ts,
 * carry-combat.ts; rulings G75-G77): what a resolved exchange leaves each side, how the bearer's
 * turns end it, and what it adds to the next attack or defence the hm3 combat flow builds.
 * Seed 000 lines 96-98 (dodging), 340-342 (strike recovery), 272 and 278 (tangle penalty).
 * Also the attack dialog's mounted charge bonus row (000:368, gold/armour-charge.ts; G79).
 */
import { describe, expect, it } from "vitest";
import type { AttackRequest, FighterSnapshot } from "../../../src/core/combat";
import { SeededDice } from "../../../src/core/dice";
import type { Target } from "../../../src/core/modifiers";
import { hm3Input, type ItemLike } from "../../../src/foundry/rulesets/hm3/input";
import { deriveHm3Character, hm3, hm3Combat } from "../../../src/rules/hm3";
import {
  carriedAtTurn,
  carriedAttackRows,
  carriedDefenceCounts,
  carryAfter,
  readCarried,
  type SettledExchange,
} from "../../../src/rules/hm3/gold/carry";
import { CHARGE_ROW, chargeFields } from "../../../src/rules/hm3/gold/armour-charge";
import { ATTRS, NO_IMPACT, physical } from "./fixtures";

const ALL = { dodging: true, strikeRecovery: true, pairedWeapons: true };

function ex(over: Partial<SettledExchange> = {}): SettledExchange {
  return {
    options: ALL,
    attackType: "melee",
    attackItemId: "sword",
    defenceType: "block",
    defenceItemId: null,
    tacticalAdvantage: null,
    tanglePenalty: 0,
    ...over,
  };
}
const none = { attacker: {}, defender: {} };

describe("what a resolved exchange leaves each side (G75-G77)", () => {
  it("a Dodge without a DTA is carried by the dodger; with a DTA nothing (000:97)", () => {
    expect(carryAfter(none, ex({ defenceType: "dodge" })).defender).toEqual({
      dodged: { armed: false },
    });
    const dta = carryAfter(none, ex({ defenceType: "dodge", tacticalAdvantage: "defender" }));
    expect(dta.defender).toEqual({});
  });

  it("the attacker's attack roll spends its carried Dodge (000:97 'next Attack roll')", () => {
    const after = carryAfter(
      { attacker: { dodged: { armed: true } }, defender: {} },
      ex({ attackType: "missile", attackItemId: "bow" }),
    );
    expect(after.attacker).toEqual({});
  });

  it("a melee strike and a counterstrike mark their weapons (000:340); a missile none", () => {
    const after = carryAfter(
      { attacker: {}, defender: { dodged: { armed: false } } },
      ex({ defenceType: "counterstrike", defenceItemId: "axe" }),
    );
    expect(after.attacker).toEqual({ recovery: { items: ["sword"] } });
    // The counterstrike is an attack roll too: the defender's Dodge is spent (000:97).
    expect(after.defender).toEqual({ recovery: { items: ["axe"] } });
    expect(carryAfter(none, ex({ attackType: "missile" })).attacker).toEqual({});
  });

  it("a double strike marks both its weapons (000:340-342 'the same weapon'; G76)", () => {
    const after = carryAfter(
      { attacker: { recovery: { items: ["sword"] } }, defender: {} },
      ex({ doubleItemId: "dagger" }),
    );
    expect(after.attacker).toEqual({ recovery: { items: ["sword", "dagger"] } });
    expect(carryAfter(none, ex({ doubleItemId: "dagger", options: {} })).attacker).toEqual({});
  });

  it("a successful tangle puts its rolled penalty on the defender (000:272, 278)", () => {
    expect(carryAfter(none, ex({ tanglePenalty: 14 })).defender).toEqual({
      tangled: { penalty: 14, armed: false },
    });
  });

  it("records nothing of a rule whose option is off", () => {
    const off = carryAfter(
      none,
      ex({ options: {}, defenceType: "dodge", tanglePenalty: 12, attackItemId: "sword" }),
    );
    expect(off).toEqual(none);
  });
});

describe("the bearer's turns (G75-G77)", () => {
  it("a Dodge or tangle lasts through the bearer's following turn, then lapses", () => {
    const taken = { dodged: { armed: false }, tangled: { penalty: 9, armed: false } };
    // Taken in the foe's turn: the bearer's turn starts (armed), still there during it…
    const started = carriedAtTurn(taken, "turnStart");
    expect(started).toEqual({ dodged: { armed: true }, tangled: { penalty: 9, armed: true } });
    // …and gone at its end.
    expect(carriedAtTurn(started, "turnEnd")).toEqual({});
    // Taken during the bearer's own turn (a foe's TA): its end leaves it for the next turn.
    expect(carriedAtTurn(taken, "turnEnd")).toEqual(taken);
  });

  it("strike recovery ends as the bearer's next turn starts (000:340 'quick succession')", () => {
    const c = { recovery: { items: ["sword"] } };
    expect(carriedAtTurn(c, "turnEnd")).toEqual(c);
    expect(carriedAtTurn(c, "turnStart")).toEqual({});
  });

  it("reads a stored state leniently: a part of another shape counts as none", () => {
    expect(
      readCarried({ dodged: true, recovery: { items: [3, ""] }, tangled: { penalty: -2 } }),
    ).toEqual({});
    expect(readCarried({ combat: "c1", tangled: { penalty: 40, armed: true } })).toEqual({
      tangled: { penalty: 30, armed: true },
    });
  });
});

// ── In the hm3 combat flow ───────────────────────────────────────────────────────────────────

function skill(id: string, name: string, ml: number): ItemLike {
  const hm3 = { category: "combat", sbAttributes: [], sbModifier: 0, skillBase: 50, ml };
  return { id, type: "skill", name, system: { description: "", hm3 } };
}

function weapon(id: string, attack: number, defence: number): ItemLike {
  const hm3 = {
    skill: "Sword",
    wq: 12,
    attack,
    defence,
    impact: { ...NO_IMPACT, edge: 6 },
    handMode: "one",
    shield: false,
  };
  return { id, type: "weapon", name: `The ${id}`, system: { ...physical, hm3 } };
}

/** Sword ML 50 with a Battlesword (A/D 25/10: AML 75) and a Shortsword (15/10), Dodge 50. */
function fighter(name: string, carried?: unknown): FighterSnapshot {
  const items = [
    skill("sk-sword", "Sword", 50),
    skill("sk-dodge", "Dodge", 50),
    weapon("battlesword", 25, 10),
    weapon("shortsword", 15, 10),
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
    ...(carried === undefined ? {} : { carried }),
  };
}

const request = (itemId = "battlesword"): AttackRequest => ({
  itemId,
  mode: "edge",
  aim: "mid",
  band: null,
  situation: { engagingDefender: 1, defenderProne: false, distance: 1 },
  custom: [],
});
const keys = (t: Target) => Object.fromEntries(t.modifiers.map((m) => [m.key, m.value]));

function declare(
  a: FighterSnapshot,
  d: FighterSnapshot,
  options: Record<string, boolean>,
  id?: string,
) {
  const build = hm3Combat.buildDeclaration(a, d, request(id), options);
  const decl = hm3.parseDeclaration(build.declaration);
  return { build, decl, state: hm3.start(decl, new SeededDice(3)) };
}

describe("applied to the next attack and defence the flow builds (G75-G77)", () => {
  const carried = { dodged: { armed: true }, recovery: { items: ["battlesword"] } };

  it("a carried Dodge and strike recovery itemise −20 and the recovery on the attack", () => {
    const { decl } = declare(fighter("A", carried), fighter("B"), ALL);
    const mods = decl.attack.target.modifiers.filter((m) => m.key.startsWith("gold."));
    expect(mods).toEqual([
      { key: "gold.dodged", value: -20, source: "seed 000 line 97" },
      { key: "gold.strikeRecovery", value: -15, source: "seed 000 lines 340-342" },
    ]);
    // The dialog's breakdown shows the same modifiers.
    const shown = hm3Combat.attackTarget(fighter("A", carried), fighter("B"), request(), ALL);
    expect(keys(shown)).toMatchObject({ "gold.dodged": -20, "gold.strikeRecovery": -15 });
  });

  it("strike recovery only for the weapon that struck; nothing with the options off", () => {
    const other = declare(fighter("A", carried), fighter("B"), ALL, "shortsword").decl;
    expect(keys(other.attack.target)).toEqual({ "gold.dodged": -20 });
    const off = declare(fighter("A", carried), fighter("B"), {}).decl;
    expect(off.attack.target.modifiers.some((m) => m.key.startsWith("gold."))).toBe(false);
  });

  it("a row declared by hand is not declared twice", () => {
    const rows = carriedAttackRows([{ id: "gold.dodged" }], carried, {
      options: ALL,
      kind: "melee",
      itemId: "battlesword",
    });
    expect(rows).toEqual([{ id: "gold.dodged" }, { id: "gold.recovering" }]);
  });

  it("another fighter's attack takes none of it (the state is the bearer's)", () => {
    const { decl } = declare(fighter("B"), fighter("A", carried), ALL);
    expect(decl.attack.target.modifiers.some((m) => m.key.startsWith("gold."))).toBe(false);
  });

  it("a carried Dodge and recovery go on the bearer's Counterstrike, not on its Block", () => {
    const { build, state } = declare(fighter("B"), fighter("A", carried), ALL);
    const pending = hm3.pending(state)!;
    const views = hm3Combat.choiceOptions(pending, build, fighter("A", carried));
    const cs = views.find((v) => v.id === "counterstrike")!;
    const shown = cs.items.find((i) => i.itemId === "battlesword")!.target!;
    expect(keys(shown)).toMatchObject({ "gold.dodged": -20, "gold.strikeRecovery": -15 });
    const raw = hm3Combat.buildChoice(pending, build, fighter("A", carried), {
      optionId: "counterstrike",
      itemId: "battlesword",
      mode: "edge",
      aim: "mid",
      custom: [],
    });
    const choice = hm3.parseChoice(state, raw);
    expect(keys(choice.target!)).toEqual({ "gold.dodged": -20, "gold.strikeRecovery": -15 });
    expect(
      carriedDefenceCounts(undefined, carried, {
        options: ALL,
        optionId: "block",
        itemId: "battlesword",
      }),
    ).toBeUndefined();
  });

  it("a carried tangle penalty is on the tangled fighter's attack and defence (000:278)", () => {
    const tangled = { tangled: { penalty: 12, armed: false } };
    const attacking = declare(fighter("A", tangled), fighter("B"), ALL).decl;
    expect(keys(attacking.attack.target)).toEqual({ "gold.tangled": -12 });
    const shown = hm3Combat.attackTarget(fighter("A", tangled), fighter("B"), request(), ALL);
    expect(keys(shown)).toEqual({ "gold.tangled": -12 });
    const { build, state } = declare(fighter("B"), fighter("A", tangled), ALL);
    const raw = hm3Combat.buildChoice(hm3.pending(state)!, build, fighter("A", tangled), {
      optionId: "dodge",
      itemId: null,
      mode: null,
      aim: null,
      custom: [],
    });
    const after = hm3.choose(state, hm3.parseChoice(state, raw), new SeededDice(5));
    expect(hm3.result(after).defence?.eml.modifiers).toContainEqual({
      key: "gold.tangled",
      value: -12,
      source: "seed 000 line 278",
    });
    // With pairedWeapons off the penalty is not applied.
    const off = declare(fighter("A", tangled), fighter("B"), { dodging: true }).decl;
    expect(off.attack.target.modifiers).toEqual([]);
  });
});

describe("a mounted charge's impact bonus declared in the attack dialog (000:368; G26, G79)", () => {
  const on = { weaponDamageModifiers: true };
  const charge = (param: unknown) => [{ id: CHARGE_ROW, param } as never];

  it("becomes attack.chargeBonus (the engine adds it to the opposing impact, G26)", () => {
    const a = fighter("A");
    const d = fighter("B");
    const build = hm3Combat.buildDeclaration(a, d, { ...request(), catalog: charge(6) }, on);
    expect((build.declaration as { attack: { chargeBonus?: number } }).attack.chargeBonus).toBe(6);
    const decl = hm3.parseDeclaration(build.declaration);
    expect(decl.attack.chargeBonus).toBe(6);
    // Without the row the attack carries none.
    const plain = hm3Combat.buildDeclaration(a, d, request(), on);
    expect((plain.declaration as { attack: Record<string, unknown> }).attack.chargeBonus).toBe(
      undefined,
    );
  });

  it("is refused naming the row: option off, a missile, a bonus out of bounds", () => {
    expect(() => chargeFields(charge(6), {}, "melee")).toThrow(
      /catalog\[0\]\.id.*weaponDamageModifiers/,
    );
    expect(() => chargeFields(charge(6), on, "missile")).toThrow(/melee attack/);
    expect(() => chargeFields(charge(0), on, "melee")).toThrow(/catalog\[0\]\.param/);
    expect(() => chargeFields(charge(2.5), on, "melee")).toThrow(/whole number 1 to 100/);
    expect(chargeFields([], on, "melee")).toEqual({});
  });
});

describe("a double strike's off-hand weapon attacks at its own strike recovery (000:340-342; G76)", () => {
  /** The fighter of these tests with the shortsword in the off hand, for a double strike. */
  function paired(carried?: unknown): FighterSnapshot {
    const f = fighter("A", carried);
    const items = f.items.map((i) =>
      i.id === "shortsword"
        ? { ...i, system: { ...i.system, held: "off" } }
        : i.id === "battlesword"
          ? { ...i, system: { ...i.system, held: "main" } }
          : i,
    );
    return { ...f, items };
  }
  const double = (a: FighterSnapshot, options: Record<string, boolean>) => {
    const build = hm3Combat.buildDeclaration(
      a,
      fighter("B"),
      { ...request(), catalog: [{ id: "doubleStrike" }] },
      options,
    );
    const attack = (build.declaration as { attack: unknown }).attack as {
      eml: { modifiers: { key: string; value: number }[] };
      double: { eml: { modifiers: { key: string; value: number }[] } };
    };
    const keysOf = (e: { modifiers: { key: string; value: number }[] }) =>
      Object.fromEntries(e.modifiers.map((m) => [m.key, m.value]));
    return { first: keysOf(attack.eml), second: keysOf(attack.double.eml), build };
  };

  it("the recovering off-hand shortsword takes its penalty on the second attack only", () => {
    const { first, second, build } = double(paired({ recovery: { items: ["shortsword"] } }), ALL);
    expect(second["gold.strikeRecovery"]).toBeLessThan(0);
    expect(first["gold.strikeRecovery"]).toBeUndefined();
    // The engine reads the declaration as built (parse keeps the off-hand's modifier).
    const decl = hm3.parseDeclaration(build.declaration) as unknown as {
      attack: { double: unknown };
    };
    expect(JSON.stringify(decl.attack.double)).toContain("gold.strikeRecovery");
  });

  it("a carried Dodge stays on the primary attack; nothing carried, nothing added", () => {
    const both = double(
      paired({ dodged: { armed: true }, recovery: { items: ["shortsword"] } }),
      ALL,
    );
    expect(both.first["gold.dodged"]).toBe(-20);
    expect(both.second["gold.dodged"]).toBeUndefined();
    const none = double(paired(), ALL);
    expect(none.second["gold.strikeRecovery"]).toBeUndefined();
    const off = double(paired({ recovery: { items: ["shortsword"] } }), {
      ...ALL,
      strikeRecovery: false,
    });
    expect(off.second["gold.strikeRecovery"]).toBeUndefined();
  });
});
