/**
 * HM3's combat functions for the Foundry flow (`hm3Combat`, src/rules/hm3/combat.ts) over
 * fighter snapshots built as the adapter builds them: stored sources → `hm3Input` →
 * `deriveHm3Character`. EML modifiers are checked against seed 003 lines 175-181 (melee),
 * 208-215 (missiles) and 37-50 (missile defences), range bands against lines 279-295, and the
 * project rulings R2, R16, R26 and R29-R34 (docs/rulings.md). Ends with whole exchanges:
 * buildDeclaration → parseDeclaration → choiceOptions/buildChoice → parseChoice → choose.
 */
import { GOLD_OPTIONS } from "../../src/rules/hm3/gold/options";
import { describe, expect, it } from "vitest";
import type {
  AttackRequest,
  ChoiceRequest,
  DeclarationBuild,
  FighterItem,
  FighterSnapshot,
} from "../../src/core/combat";
import { ScriptedDice, SeededDice, type RollScript } from "../../src/core/dice";
import { InputError } from "../../src/core/errors";
import { buildTarget, type Target } from "../../src/core/modifiers";
import type { Effect } from "../../src/core/ruleset";
import { hm3Input, type ItemLike } from "../../src/foundry/rulesets/hm3/input";
import {
  DEFAULT_OPTIONS,
  deriveHm3Character,
  hm3,
  hm3Combat,
  HM3_COMBAT_KEYS,
  HM3_MODIFIER_LABELS,
  HUMAN_PLAN_ID,
  parseDeclaration,
  parseResolveInput,
  resolveExchange,
  type Hm3Declaration,
  type Hm3Defence,
  type Hm3Derived,
  type Hm3Result,
} from "../../src/rules/hm3";
import { quadruped } from "./quadruped";

// ── Fixtures: stored sources as the data models keep them ────────────────────────────────────

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("expected an InputError");
}

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

type Impact = {
  blunt: number | null;
  edge: number | null;
  point: number | null;
  fire: number | null;
};
const NO_IMPACT: Impact = { blunt: null, edge: null, point: null, fire: null };

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

const physical = (equipped: boolean, held: string) => ({
  description: "",
  quantity: 1,
  weight: 0,
  carried: true,
  equipped,
  held,
});

function weapon(
  id: string,
  over: {
    skill?: string;
    wq?: number;
    attack?: number;
    defence?: number;
    impact?: Partial<Impact>;
    shield?: boolean;
    equipped?: boolean;
    held?: string;
  } = {},
): ItemLike {
  return {
    id,
    type: "weapon",
    name: `The ${id}`,
    system: {
      ...physical(over.equipped ?? true, over.held ?? "main"),
      hm3: {
        skill: over.skill ?? "Sword",
        wq: over.wq ?? 12,
        attack: over.attack ?? 20,
        defence: over.defence ?? 10,
        impact: { ...NO_IMPACT, ...(over.impact ?? { edge: 7, point: 4 }) },
        handMode: "one",
        shield: over.shield ?? false,
      },
    },
  };
}

function bow(
  id: string,
  over: { velocity?: "low" | "high"; equipped?: boolean; held?: string; wq?: number } = {},
): ItemLike {
  return {
    id,
    type: "missile",
    name: `The ${id}`,
    system: {
      ...physical(over.equipped ?? true, over.held ?? "both"),
      hm3: {
        skill: "Bow",
        aspect: "point",
        velocity: over.velocity ?? "high",
        wq: over.wq ?? 10,
        ranges: {
          short: { range: 20, impact: 8 },
          medium: { range: 40, impact: 7 },
          long: { range: 80, impact: 6 },
          extreme: { range: 160, impact: 5 },
        },
      },
    },
  };
}

function armour(id: string, material: string, locations: string[]): ItemLike {
  return {
    id,
    type: "armour",
    name: `The ${id}`,
    system: {
      ...physical(true, "none"),
      hm3: { material, quality: 0, enchantment: 0, locations },
    },
  };
}

function snapshot(
  actorType: "character" | "creature",
  hm3: Record<string, unknown>,
  items: ItemLike[],
  name = "Fighter",
): FighterSnapshot {
  const system = {
    description: "",
    hm3: { attributes: { ...ATTRS }, fatigue: 0, encumbrance: 0, ...hm3 },
  };
  if (actorType === "creature" && !("bodyPlan" in system.hm3))
    (system.hm3 as Record<string, unknown>).bodyPlan = null;
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

const derivedOf = (f: FighterSnapshot) => f.derived as Hm3Derived;

/**
 * The attacker: END 12, UP 1 (fatigue), encumbrance 1, so PP 2 (−10). Sword AML 60+20 = 80,
 * DML 70; shield (with Blunt and Point impacts) AML 55, DML 70; bow ML 70 (high velocity);
 * a dagger not equipped, a club in no hand, an axe at WQ 0, a staff with no aspect.
 */
function attackerSnap(extra: ItemLike[] = []): FighterSnapshot {
  return snapshot(
    "character",
    { fatigue: 1, encumbrance: 1 },
    [
      skill("sk-sword", "Sword", 60),
      skill("sk-shield", "Shield", 50),
      skill("sk-bow", "Bow", 70),
      skill("sk-dodge", "Dodge", 55),
      skill("sk-init", "Initiative", 65),
      weapon("sword"),
      weapon("shield", {
        skill: "Shield",
        wq: 13,
        attack: 5,
        defence: 20,
        impact: { blunt: 2, point: 3 },
        shield: true,
        held: "off",
      }),
      bow("bow"),
      weapon("dagger", { equipped: false, impact: { edge: 2, point: 3 } }),
      weapon("club", { held: "none", impact: { blunt: 5 } }),
      weapon("axe", { wq: 0, impact: { edge: 8 } }),
      weapon("staff", { impact: {}, held: "off" }),
      armour("jerkin", "leather", ["thorax"]),
      ...extra,
    ],
    "Attacker",
  );
}

/**
 * The defender: END 12, UP 2 (fatigue), no encumbrance, so PP 2 (−10). Sword AML 50+20 = 70,
 * DML 50+11 = 61 (odd, for the half-ML rounding of R2); round shield DML 60+20 = 80; Dodge
 * ML 60; quilt on the thorax (flammable).
 */
function defenderSnap(items?: ItemLike[]): FighterSnapshot {
  return snapshot(
    "character",
    { fatigue: 2, encumbrance: 0 },
    items ?? [
      skill("sk-sword", "Sword", 50),
      skill("sk-shield", "Shield", 60),
      skill("sk-dodge", "Dodge", 60),
      skill("sk-init", "Initiative", 40),
      weapon("dsword", { defence: 11 }),
      weapon("dshield", {
        skill: "Shield",
        wq: 13,
        attack: 5,
        defence: 20,
        impact: { blunt: 2, point: 3 },
        shield: true,
        held: "off",
      }),
      armour("gambeson", "quilt", ["thorax", "abdomen"]),
    ],
    "Defender",
  );
}

const plainDefender = () =>
  defenderSnap([skill("sk-dodge", "Dodge", 60), skill("sk-init", "Initiative", 40)]);

/** A creature on the test quadruped plan: STR 60 (END 28), a bite in no hand. */
function wolfSnap(plan: unknown = planSource(quadruped())): FighterSnapshot {
  return snapshot(
    "creature",
    { attributes: { ...ATTRS, str: 60 }, bodyPlan: plan },
    [
      skill("sk-bite", "Bite", 60),
      skill("sk-dodge", "Dodge", 40),
      weapon("bite", { skill: "Bite", attack: 10, defence: 0, impact: { point: 5 }, held: "none" }),
    ],
    "Wolf",
  );
}

function planSource(plan: ReturnType<typeof quadruped>) {
  return { name: plan.name, locations: plan.locations };
}

/** A quadruped that cannot be struck High (its High points all 0: R16). */
function noHighPlan() {
  const plan = quadruped();
  for (const l of plan.locations) l.aim.high = 0;
  return planSource(plan);
}

const situation = (over: Partial<AttackRequest["situation"]> = {}) => ({
  engagingDefender: 1,
  defenderProne: false,
  distance: 1,
  ...over,
});

function request(over: Partial<AttackRequest> = {}): AttackRequest {
  return {
    itemId: "sword",
    mode: "edge",
    aim: "mid",
    band: null,
    situation: situation(),
    custom: [],
    ...over,
  };
}

const missileRequest = (over: Partial<AttackRequest> = {}) =>
  request({ itemId: "bow", mode: "point", situation: situation({ distance: 30 }), ...over });

/** HM3's `start` rolls nothing. */
const START = new SeededDice(0);

const mods = (t: Target) => t.modifiers.map((m) => [m.key, m.value, m.source]);

// ── Optional rules, incapacitating conditions ────────────────────────────────────────────────

describe("optional rules and incapacitating conditions", () => {
  it("lists the three HM3 optional rules, then every HârnMaster Gold one off (hm3.md §2; seed 000, issue 19)", () => {
    expect(hm3Combat.optionalRules.map((r) => [r.id, r.default])).toEqual([
      ["killRoll", false],
      ["amputation", true],
      ["bleeding", false],
      ...GOLD_OPTIONS.map((o) => [o.id, false]),
    ]);
    expect(GOLD_OPTIONS.map((o) => o.id)).toContain("limbInjuries");
    for (const r of hm3Combat.optionalRules) {
      expect(r.nameKey).toBe(`BLOWBYBLOW.HM3.Combat.Option.${r.id}.Name`);
      expect(r.hintKey).toBe(`BLOWBYBLOW.HM3.Combat.Option.${r.id}.Hint`);
      expect(DEFAULT_OPTIONS[r.id as keyof typeof DEFAULT_OPTIONS]).toBe(r.default);
    }
    expect(Object.keys(DEFAULT_OPTIONS).sort()).toEqual(
      hm3Combat.optionalRules.map((r) => r.id).sort(),
    );
  });

  it("shock, unconsciousness and death take a combatant out of the fight (hm3.md §2)", () => {
    expect(hm3Combat.incapacitating).toEqual(["shock", "unconscious", "dead"]);
  });

  it("names a label for every modifier key the targets itemise", () => {
    for (const [key, label] of Object.entries(HM3_MODIFIER_LABELS)) {
      // A HârnMaster Gold key (`gold.x`, issue 19) is labelled under Modifier.gold or in its
      // group's lang block.
      if (key.startsWith("gold."))
        expect(label).toMatch(
          new RegExp(
            `^BLOWBYBLOW\\.(Modifier\\.gold|HM3\\.Gold\\.\\w+\\.Modifier)\\.${key.slice(5)}$`,
          ),
        );
      else expect(label).toBe(`BLOWBYBLOW.Modifier.${key}`);
    }
  });
});

// ── Attack options ───────────────────────────────────────────────────────────────────────────

describe("attackOptions", () => {
  it("lists the weapons and missiles that can strike, in item order, with their aspects (R26, R34)", () => {
    const options = hm3Combat.attackOptions(attackerSnap(), defenderSnap());
    // The staff has no aspect: it cannot strike and is not listed.
    expect(options.map((o) => [o.itemId, o.kind, o.unavailableKey ?? null])).toEqual([
      ["sword", "melee", null],
      ["shield", "melee", null],
      ["bow", "missile", null],
      ["dagger", "melee", HM3_COMBAT_KEYS.unavailable.notEquipped],
      ["club", "melee", HM3_COMBAT_KEYS.unavailable.notHeld],
      ["axe", "melee", HM3_COMBAT_KEYS.unavailable.broken],
    ]);
    const [sword, shield, bowOption] = options;
    expect(sword!.name).toBe("The sword");
    // Aspects in Blunt, Edge, Point, Fire order, those with an impact only (R26).
    expect(sword!.modes).toEqual([
      { id: "edge", labelKey: "BLOWBYBLOW.HM3.Combat.Aspect.edge", impact: 7 },
      { id: "point", labelKey: "BLOWBYBLOW.HM3.Combat.Aspect.point", impact: 4 },
    ]);
    expect(shield!.modes.map((m) => [m.id, m.impact])).toEqual([
      ["blunt", 2],
      ["point", 3],
    ]);
    expect(sword!.bands).toEqual([]);
    expect(bowOption!.modes).toEqual([
      { id: "point", labelKey: "BLOWBYBLOW.HM3.Combat.Aspect.point", impact: 8 },
    ]);
    expect(bowOption!.bands).toEqual([
      { id: "short", labelKey: "BLOWBYBLOW.HM3.Combat.Band.short", range: 20, impact: 8 },
      { id: "medium", labelKey: "BLOWBYBLOW.HM3.Combat.Band.medium", range: 40, impact: 7 },
      { id: "long", labelKey: "BLOWBYBLOW.HM3.Combat.Band.long", range: 80, impact: 6 },
      { id: "extreme", labelKey: "BLOWBYBLOW.HM3.Combat.Band.extreme", range: 160, impact: 5 },
    ]);
  });

  it("offers the three aiming zones against a human, or with no defender (seed 003 line 54)", () => {
    const all = [
      { id: "high", labelKey: "BLOWBYBLOW.HM3.Combat.Aim.high" },
      { id: "mid", labelKey: "BLOWBYBLOW.HM3.Combat.Aim.mid" },
      { id: "low", labelKey: "BLOWBYBLOW.HM3.Combat.Aim.low" },
    ];
    expect(hm3Combat.attackOptions(attackerSnap(), defenderSnap())[0]!.aims).toEqual(all);
    expect(hm3Combat.attackOptions(attackerSnap(), null)[0]!.aims).toEqual(all);
  });

  it("leaves out the zones the defender's body plan has no points in (R16)", () => {
    const aims = (d: FighterSnapshot) =>
      hm3Combat.attackOptions(attackerSnap(), d).map((o) => o.aims.map((z) => z.id));
    expect(aims(wolfSnap())[0]).toEqual(["high", "mid", "low"]);
    for (const zones of aims(wolfSnap(noHighPlan()))) expect(zones).toEqual(["mid", "low"]);
    // A creature whose stored plan the derivation refused fights on the human plan (R19).
    const broken = planSource(quadruped());
    broken.locations[0]!.aim.high = 35;
    const fallback = wolfSnap(broken);
    expect(derivedOf(fallback).plan.id).toBe(HUMAN_PLAN_ID);
    expect(aims(fallback)[0]).toEqual(["high", "mid", "low"]);
  });

  it("a creature's natural weapons need only be equipped (R34); a missile needs no hand", () => {
    const wolf = hm3Combat.attackOptions(wolfSnap(), attackerSnap());
    expect(wolf.map((o) => [o.itemId, o.unavailableKey ?? null])).toEqual([["bite", null]]);
    const unheldBow = attackerSnap([bow("sling", { held: "none" })]);
    const sling = hm3Combat.attackOptions(unheldBow, null).find((o) => o.itemId === "sling")!;
    expect(sling.unavailableKey).toBeUndefined();
    const packed = attackerSnap([bow("packed", { equipped: false })]);
    expect(
      hm3Combat.attackOptions(packed, null).find((o) => o.itemId === "packed")!.unavailableKey,
    ).toBe(HM3_COMBAT_KEYS.unavailable.notEquipped);
  });

  it("refuses a snapshot without derived figures, naming the field", () => {
    const broken = { ...attackerSnap(), derived: null };
    expect(inputError(() => hm3Combat.attackOptions(broken, null)).field).toBe("attacker.derived");
  });
});

// ── Range bands ──────────────────────────────────────────────────────────────────────────────

describe("bandFor (seed 003 lines 279-295; ruling R33)", () => {
  const bowOption = () => hm3Combat.attackOptions(attackerSnap(), null)[2]!;

  it.each([
    [0, "short"],
    [1, "short"],
    [20, "short"],
    [20.5, "medium"],
    [21, "medium"],
    [40, "medium"],
    [41, "long"],
    [80, "long"],
    [81, "extreme"],
    [160, "extreme"],
    [160.01, null],
    [500, null],
  ] as const)("%s hexes → %s", (distance, band) => {
    expect(hm3Combat.bandFor(bowOption(), distance)).toBe(band);
  });

  it("a melee weapon has no band; a negative or non-finite distance is refused", () => {
    const sword = hm3Combat.attackOptions(attackerSnap(), null)[0]!;
    expect(hm3Combat.bandFor(sword, 1)).toBeNull();
    expect(inputError(() => hm3Combat.bandFor(bowOption(), -1)).field).toBe("distance");
    expect(inputError(() => hm3Combat.bandFor(bowOption(), Number.NaN)).field).toBe("distance");
  });
});

// ── Attack targets ───────────────────────────────────────────────────────────────────────────

describe("attackTarget, melee (seed 003 lines 175-181)", () => {
  const target = (over: Partial<AttackRequest> = {}, defender = defenderSnap()) =>
    hm3Combat.attackTarget(attackerSnap(), defender, request(over));

  it("AML less Physical Penalty ×5 (line 177)", () => {
    const t = target();
    expect(t).toMatchObject({ baseKey: "aml", base: 80, raw: 70, value: 70 });
    expect(mods(t)).toEqual([["physicalPenalty", -10, "seed 003 line 177"]]);
  });

  it.each([
    ["high", [["aim.high", -10, "seed 003 lines 54, 179"]], 60],
    ["mid", [], 70],
    ["low", [["aim.low", -10, "seed 003 lines 54, 179"]], 60],
  ] as const)("aiming %s (lines 54, 179)", (aim, extra, value) => {
    const t = target({ aim });
    expect(mods(t)).toEqual([["physicalPenalty", -10, "seed 003 line 177"], ...extra]);
    expect(t.value).toBe(value);
  });

  it("+20 against a prone opponent (line 181)", () => {
    const t = target({ situation: situation({ defenderProne: true }) });
    expect(mods(t)).toContainEqual(["proneOpponent", 20, "seed 003 line 181"]);
    expect(t.value).toBe(90);
  });

  it("the defender being outnumbered does not lower the attack (ruling R32)", () => {
    const t = target({ situation: situation({ engagingDefender: 3 }) });
    expect(t.modifiers.some((m) => m.key === "outnumbered")).toBe(false);
    expect(t.value).toBe(70);
  });

  it("custom modifiers follow, labelled as typed, and the EML is clamped to 5..95", () => {
    const t = target({
      custom: [
        { label: "Sun in the eyes", value: -5 },
        { label: "Higher ground", value: 100 },
      ],
    });
    expect(t.modifiers.slice(1)).toEqual([
      { key: "custom", label: "Sun in the eyes", value: -5, source: "user" },
      { key: "custom", label: "Higher ground", value: 100, source: "user" },
    ]);
    expect(t).toMatchObject({ raw: 165, value: 95 });
    expect(target({ custom: [{ label: "Blind", value: -100 }] })).toMatchObject({
      raw: -30,
      value: 5,
    });
  });

  it("a shield strikes with its own aspects and AML", () => {
    const t = target({ itemId: "shield", mode: "blunt" });
    expect(t).toMatchObject({ baseKey: "aml", base: 55, value: 45 });
  });
});

describe("attackTarget, missile (seed 003 lines 208-215, 283)", () => {
  const target = (over: Partial<AttackRequest> = {}) =>
    hm3Combat.attackTarget(attackerSnap(), defenderSnap(), missileRequest(over));

  it.each([
    [10, "short", 0, 60],
    [30, "medium", -20, 40],
    [60, "long", -40, 20],
    [100, "extreme", -80, 5],
  ] as const)("at %s hexes: %s range, EML %s", (distance, band, value, eml) => {
    const t = target({ situation: situation({ distance }) });
    const expected: [string, number, string][] = [["physicalPenalty", -10, "seed 003 line 210"]];
    if (value !== 0) expected.push([`range.${band}`, value, "seed 003 lines 212, 283"]);
    expect(t.baseKey).toBe("aml");
    expect(t.base).toBe(70);
    expect(mods(t)).toEqual(expected);
    expect(t.value).toBe(eml);
  });

  it("aiming high or low is −10 (lines 54, 213); prone has no missile modifier", () => {
    const t = target({ aim: "low", situation: situation({ distance: 10, defenderProne: true }) });
    expect(mods(t)).toEqual([
      ["physicalPenalty", -10, "seed 003 line 210"],
      ["aim.low", -10, "seed 003 lines 54, 213"],
    ]);
  });

  it("a band chosen by hand stands whatever the distance (R33)", () => {
    expect(target({ band: "short", situation: situation({ distance: 1000 }) }).value).toBe(60);
    expect(target({ band: "long", situation: situation({ distance: null }) }).value).toBe(20);
  });

  it("a bow at 50 ft on a 5-ft scene takes the band of 10 hexes (rulings R37, R43)", () => {
    const ft = (distance: number, units: string | null = "ft") =>
      target({ situation: { ...situation({ distance }), units } });
    expect(ft(50).value).toBe(60);
    expect(mods(ft(50))).toEqual([["physicalPenalty", -10, "seed 003 line 210"]]);
    // 100 ft is 20 hexes, Short's last; 105 ft is 21, Medium; 50 yd is 30 hexes, Medium.
    expect(ft(100).value).toBe(60);
    expect(ft(105).value).toBe(40);
    expect(ft(50, "yd").value).toBe(40);
    // Units it cannot read: hexes.
    expect(ft(50, "squares").value).toBe(20);
    const option = hm3Combat
      .attackOptions(attackerSnap(), defenderSnap())
      .find((o) => o.kind === "missile")!;
    expect(hm3Combat.bandFor(option, 50, "ft")).toBe("short");
    expect(hm3Combat.bandFor(option, 50)).toBe("long");
    expect(hm3Combat.bandFor(option, 800, "ft")).toBe("extreme");
    expect(hm3Combat.bandFor(option, 805, "ft")).toBeNull();
    const far = inputError(() => ft(805));
    expect(far.field).toBe("band");
    expect(far.message).toMatch(/805 ft \(161 hexes\) is beyond extreme range \(160\)/);
    const declared = hm3Combat.buildDeclaration(
      attackerSnap(),
      defenderSnap(),
      missileRequest({ situation: { ...situation({ distance: 50 }), units: "ft" } }),
      {},
    );
    expect(declared.rules.band).toBe("short");
  });

  it("a malformed units is refused naming the field", () => {
    const e = inputError(() =>
      target({ situation: { ...situation({ distance: 50 }), units: 5 as never } }),
    );
    expect(e.field).toBe("situation.units");
  });

  it("an unknown distance or one beyond Extreme needs a band chosen by hand (R33)", () => {
    const unknown = inputError(() => target({ situation: situation({ distance: null }) }));
    expect(unknown.field).toBe("band");
    expect(unknown.message).toMatch(/unknown/);
    const far = inputError(() => target({ situation: situation({ distance: 161 }) }));
    expect(far.field).toBe("band");
    expect(far.message).toMatch(/beyond extreme range \(160\)/);
  });
});

describe("attackTarget refusals name the field", () => {
  const fail = (over: Partial<AttackRequest>, defender = defenderSnap()) =>
    inputError(() => hm3Combat.attackTarget(attackerSnap(), defender, request(over)));

  it.each([
    ["an unknown item", { itemId: "halberd" }, "itemId", /not a weapon or missile/],
    ["an unequipped weapon", { itemId: "dagger" }, "itemId", /not equipped/],
    ["a weapon in no hand", { itemId: "club", mode: "blunt" }, "itemId", /in no hand/],
    ["a broken weapon", { itemId: "axe" }, "itemId", /broken/],
    ["a weapon with no aspect", { itemId: "staff" }, "itemId", /not a weapon or missile/],
    ["an aspect the weapon lacks", { mode: "blunt" }, "mode", /edge, point/],
    ["an unknown aim", { aim: "sideways" }, "aim", /high, mid, low/],
    ["a band for a melee attack", { band: "short" }, "band", /no range band/],
    ["an empty item id", { itemId: "" }, "itemId", /an id/],
    ["custom not a list", { custom: 5 as never }, "custom", /list/],
    [
      "a custom value not whole",
      { custom: [{ label: "x", value: 1.5 }] },
      "custom[0].value",
      /whole/,
    ],
    [
      "a custom value too large",
      {
        custom: [
          { label: "a", value: 1 },
          { label: "b", value: 101 },
        ],
      },
      "custom[1].value",
      /-100 and 100/,
    ],
    [
      "a custom value as text",
      { custom: [{ label: "x", value: "5" as never }] },
      "custom[0].value",
      /whole/,
    ],
    ["a custom label empty", { custom: [{ label: "  ", value: 5 }] }, "custom[0].label", /name/],
    ["a custom entry not an object", { custom: [null as never] }, "custom[0]", /object/],
    [
      "no one engaging",
      { situation: situation({ engagingDefender: 0 }) },
      "situation.engagingDefender",
      /1 to 20/,
    ],
    [
      "a fraction engaging",
      { situation: situation({ engagingDefender: 1.5 }) },
      "situation.engagingDefender",
      /1 to 20/,
    ],
    [
      "prone not a boolean",
      { situation: { ...situation(), defenderProne: "yes" as never } },
      "situation.defenderProne",
      /true or false/,
    ],
    [
      "a negative distance",
      { situation: situation({ distance: -2 }) },
      "situation.distance",
      /0 or more/,
    ],
    ["no situation", { situation: undefined as never }, "situation", /object/],
  ] as const)("%s", (_what, over, field, message) => {
    const e = fail(over as Partial<AttackRequest>);
    expect(e.field).toBe(field);
    expect(e.message).toMatch(message);
  });

  it("an aim the defender's body plan cannot be struck in (R16)", () => {
    const e = fail({ aim: "high" }, wolfSnap(noHighPlan()));
    expect(e.field).toBe("aim");
    expect(e.message).toMatch(/cannot be struck in the high zone/);
  });

  it("an unknown band for a missile", () => {
    const e = inputError(() =>
      hm3Combat.attackTarget(
        attackerSnap(),
        defenderSnap(),
        missileRequest({ band: "point-blank" }),
      ),
    );
    expect(e.field).toBe("band");
  });

  it("a request that is not an object", () => {
    expect(
      inputError(() => hm3Combat.attackTarget(attackerSnap(), defenderSnap(), null as never)).field,
    ).toBe("request");
  });
});

// ── Declarations ─────────────────────────────────────────────────────────────────────────────

describe("buildDeclaration", () => {
  it("builds the raw declaration parseDeclaration takes, from the derived figures", () => {
    const attacker = attackerSnap();
    const defender = defenderSnap();
    const build = hm3Combat.buildDeclaration(attacker, defender, request({ aim: "high" }), {});
    const a = derivedOf(attacker);
    const d = derivedOf(defender);
    expect(build.declaration).toEqual({
      attack: {
        type: "melee",
        eml: {
          baseKey: "aml",
          base: 80,
          modifiers: [
            { key: "physicalPenalty", value: -10, source: "seed 003 line 177" },
            { key: "aim.high", value: -10, source: "seed 003 lines 54, 179" },
          ],
        },
        aspect: "edge",
        aim: "high",
        impact: 7,
        wq: 12,
      },
      attacker: { endurance: 12, up: 1, dex: 13, agl: 11, pp: 2, armour: a.armour },
      defender: {
        endurance: 12,
        up: 2,
        dex: 13,
        agl: 11,
        pp: 2,
        armour: d.armour,
        flammable: { thorax: "quilt", abdomen: "quilt" },
      },
      options: { ...DEFAULT_OPTIONS },
      defenderHolds: { weapon: true, shield: true },
    });
    expect(build.rules).toEqual({ attackType: "melee", itemId: "sword", engagingDefender: 1 });
    // The leather jerkin and the quilt are on the derived armour the declaration carries.
    expect(a.armour.thorax).toEqual({ blunt: 2, edge: 4, point: 3, fire: 3 });
    expect(d.armour.abdomen).toEqual({ blunt: 5, edge: 3, point: 2, fire: 4 });
  });

  it("parses back with its itemised target, equal to attackTarget's", () => {
    const req = request({ situation: situation({ defenderProne: true }) });
    const build = hm3Combat.buildDeclaration(attackerSnap(), defenderSnap(), req, {});
    const decl = hm3.parseDeclaration(build.declaration);
    expect(decl.attack.target).toEqual(hm3Combat.attackTarget(attackerSnap(), defenderSnap(), req));
    expect(decl.defenderHolds).toEqual({ weapon: true, shield: true });
    // Plain JSON: what a chat message stores.
    expect(JSON.parse(JSON.stringify(build))).toEqual(build);
  });

  it("a missile: the band's impact, no WQ (R31), velocity and band in the rules", () => {
    const build = hm3Combat.buildDeclaration(attackerSnap(), defenderSnap(), missileRequest(), {});
    const attack = (build.declaration as { attack: Record<string, unknown> }).attack;
    expect(attack).toMatchObject({ type: "missile", aspect: "point", aim: "mid", impact: 7 });
    expect(attack.wq).toBeUndefined();
    expect(build.rules).toEqual({
      attackType: "missile",
      itemId: "bow",
      engagingDefender: 1,
      velocity: "high",
      band: "medium",
    });
    const low = attackerSnap([bow("lowbow", { velocity: "low" })]);
    expect(
      hm3Combat.buildDeclaration(low, defenderSnap(), missileRequest({ itemId: "lowbow" }), {})
        .rules.velocity,
    ).toBe("low");
  });

  it("takes the world's optional rules, and refuses an unknown or non-boolean one", () => {
    const options = {
      ...DEFAULT_OPTIONS,
      killRoll: true,
      amputation: false,
      bleeding: true,
      limbInjuries: true,
    };
    const build = hm3Combat.buildDeclaration(attackerSnap(), defenderSnap(), request(), options);
    expect((build.declaration as { options: unknown }).options).toEqual(options);
    expect(hm3.parseDeclaration(build.declaration).options).toEqual(options);
    const partial = hm3Combat.buildDeclaration(attackerSnap(), defenderSnap(), request(), {
      limbInjuries: true,
    });
    expect((partial.declaration as { options: unknown }).options).toEqual({
      ...DEFAULT_OPTIONS,
      limbInjuries: true,
    });
    expect(
      inputError(() =>
        hm3Combat.buildDeclaration(attackerSnap(), defenderSnap(), request(), { gore: true }),
      ).field,
    ).toBe("options.gore");
    expect(
      inputError(() =>
        hm3Combat.buildDeclaration(attackerSnap(), defenderSnap(), request(), {
          killRoll: "yes" as never,
        }),
      ).field,
    ).toBe("options.killRoll");
  });

  it("a creature defender brings its body plan; its armour names the plan's locations (R16)", () => {
    const build = hm3Combat.buildDeclaration(attackerSnap(), wolfSnap(), request(), {});
    const decl = hm3.parseDeclaration(build.declaration);
    expect(decl.defender.bodyPlan?.id).toBe("creature");
    expect(decl.defender.bodyPlan?.locations.map((l) => l.id)).toEqual(
      quadruped().locations.map((l) => l.id),
    );
    expect(Object.keys(decl.defender.armour)).toContain("left-foreleg");
    // END = round((60 + 12 + 12) / 3) = 28: over the old bound of 50? no; the creature bound (R28).
    expect(decl.defender.endurance).toBe(28);
    // A creature attacker's body plan rides along too, for counterstrikes.
    const wolfBuild = hm3Combat.buildDeclaration(
      wolfSnap(),
      defenderSnap(),
      request({ itemId: "bite", mode: "point" }),
      {},
    );
    expect(hm3.parseDeclaration(wolfBuild.declaration).attacker.bodyPlan?.name).toBe("Quadruped");
  });

  it("a creature whose plan the derivation refused fights on the human plan (R19)", () => {
    const broken = planSource(quadruped());
    broken.locations[0]!.aim.high = 35;
    const build = hm3Combat.buildDeclaration(attackerSnap(), wolfSnap(broken), request(), {});
    const decl = hm3.parseDeclaration(build.declaration);
    expect(decl.defender.bodyPlan).toBeUndefined();
    expect(Object.keys(decl.defender.armour)).toContain("left-forearm");
  });

  it.each([
    [
      "sword and shield in hand",
      [weapon("s"), weapon("sh", { shield: true, impact: { blunt: 2 }, held: "off" })],
      { weapon: true, shield: true },
    ],
    ["a sword only", [weapon("s")], { weapon: true, shield: false }],
    [
      "a shield with an impact (it can strike)",
      [weapon("sh", { shield: true, impact: { blunt: 2 } })],
      { weapon: true, shield: true },
    ],
    [
      "a shield with no impact",
      [weapon("sh", { shield: true, impact: {} })],
      { weapon: false, shield: true },
    ],
    [
      "a weapon with no aspect (it can block)",
      [weapon("st", { impact: {} })],
      { weapon: true, shield: false },
    ],
    ["a sword in no hand", [weapon("s", { held: "none" })], { weapon: false, shield: false }],
    ["a broken sword", [weapon("s", { wq: 0 })], { weapon: false, shield: false }],
    ["nothing", [], { weapon: false, shield: false }],
  ] as const)("defenderHolds with %s (R34)", (_what, items, holds) => {
    const defender = defenderSnap([
      skill("sk-sword", "Sword", 50),
      ...(items as unknown as ItemLike[]),
    ]);
    const build = hm3Combat.buildDeclaration(attackerSnap(), defender, request(), {});
    expect((build.declaration as { defenderHolds: unknown }).defenderHolds).toEqual(holds);
  });

  it("refuses what attackTarget refuses, naming the field", () => {
    expect(
      inputError(() =>
        hm3Combat.buildDeclaration(attackerSnap(), defenderSnap(), request({ mode: "fire" }), {}),
      ).field,
    ).toBe("mode");
  });
});

// ── parse.ts: itemised EMLs, defenderHolds, limbInjuries, creature bounds ────────────────────

describe("parseDeclaration and parseDefence take itemised EMLs", () => {
  const fighter = { endurance: 12, dex: 12, agl: 12 };
  const raw = (eml: unknown, extra: Record<string, unknown> = {}) => ({
    attack: { type: "melee", eml, aspect: "edge", aim: "mid", impact: 5 },
    attacker: fighter,
    defender: fighter,
    ...extra,
  });
  const itemisedEml = {
    baseKey: "aml",
    base: 90,
    modifiers: [
      { key: "physicalPenalty", value: -10, source: "seed 003 line 177" },
      { key: "custom", value: 30, source: "user", label: "Rage" },
    ],
  };

  it("rebuilds the target and clamps it to 5..95, keeping the breakdown", () => {
    const decl = parseDeclaration(raw(itemisedEml));
    expect(decl.attack.target).toEqual(
      buildTarget("aml", 90, itemisedEml.modifiers, { min: 5, max: 95 }),
    );
    expect(decl.attack.target).toMatchObject({ raw: 110, value: 95 });
    // raw and value may come along when they match.
    expect(parseDeclaration(raw({ ...itemisedEml, raw: 110, value: 95 })).attack.target.value).toBe(
      95,
    );
  });

  it("plain numbers still work (CLI contract)", () => {
    expect(parseDeclaration(raw(70)).attack.target).toEqual({
      baseKey: "eml",
      base: 70,
      modifiers: [],
      raw: 70,
      value: 70,
    });
  });

  it.each([
    [{ ...itemisedEml, baseKey: "" }, "attack.eml.baseKey"],
    [{ ...itemisedEml, baseKey: undefined }, "attack.eml.baseKey"],
    [{ ...itemisedEml, base: 1.5 }, "attack.eml.base"],
    [{ ...itemisedEml, base: 501 }, "attack.eml.base"],
    [{ ...itemisedEml, modifiers: "none" }, "attack.eml.modifiers"],
    [
      {
        ...itemisedEml,
        modifiers: [...itemisedEml.modifiers, { key: "x", value: "5", source: "" }],
      },
      "attack.eml.modifiers[2].value",
    ],
    [
      { ...itemisedEml, modifiers: [{ key: "x", value: 2.5, source: "" }] },
      "attack.eml.modifiers[0].value",
    ],
    [
      { ...itemisedEml, modifiers: [{ key: "", value: 5, source: "" }] },
      "attack.eml.modifiers[0].key",
    ],
    [{ ...itemisedEml, modifiers: [{ key: "x", value: 5 }] }, "attack.eml.modifiers[0].source"],
    [
      { ...itemisedEml, modifiers: [{ key: "x", value: 5, source: "", label: "" }] },
      "attack.eml.modifiers[0].label",
    ],
    [
      { ...itemisedEml, modifiers: [{ key: "x", value: 5, source: "", extra: 1 }] },
      "attack.eml.modifiers[0].extra",
    ],
    [{ ...itemisedEml, modifiers: [null] }, "attack.eml.modifiers[0]"],
    [
      {
        ...itemisedEml,
        modifiers: [
          { key: "x", value: 400, source: "" },
          { key: "y", value: 400, source: "" },
        ],
      },
      "attack.eml.modifiers",
    ],
    [{ ...itemisedEml, raw: 100 }, "attack.eml.raw"],
    [{ ...itemisedEml, value: 110 }, "attack.eml.value"],
    [{ ...itemisedEml, clamp: true }, "attack.eml.clamp"],
    ["70", "attack.eml"],
    [[70], "attack.eml"],
  ])("refuses %j naming %s", (eml, field) => {
    expect(inputError(() => parseDeclaration(raw(eml))).field).toBe(field);
  });

  it("the defence's EML may be itemised too", () => {
    const state = hm3.start(parseDeclaration(raw(70)), START);
    const defence = hm3.parseChoice(state, { type: "dodge", eml: itemisedEml });
    expect(defence.target).toMatchObject({ baseKey: "aml", raw: 110, value: 95 });
    expect(
      inputError(() =>
        hm3.parseChoice(state, {
          type: "dodge",
          eml: { ...itemisedEml, modifiers: [{ key: "x", value: null, source: "" }] },
        }),
      ).field,
    ).toBe("defence.eml.modifiers[0].value");
  });

  it("defenderHolds is validated and used for the defence list", () => {
    const decl = parseDeclaration(raw(70, { defenderHolds: { weapon: false, shield: true } }));
    expect(decl.defenderHolds).toEqual({ weapon: false, shield: true });
    const pending = hm3.pending(hm3.start(decl, START))!;
    expect(pending.options.find((o) => o.id === "counterstrike")!.unavailableKey).toBe(
      "BLOWBYBLOW.HM3.Unavailable.NoWeapon",
    );
    expect(inputError(() => parseDeclaration(raw(70, { defenderHolds: true }))).field).toBe(
      "defenderHolds",
    );
    expect(
      inputError(() => parseDeclaration(raw(70, { defenderHolds: { weapon: 1, shield: false } })))
        .field,
    ).toBe("defenderHolds.weapon");
    expect(
      inputError(() => parseDeclaration(raw(70, { defenderHolds: { weapon: true } }))).field,
    ).toBe("defenderHolds.shield");
    expect(
      inputError(() =>
        parseDeclaration(raw(70, { defenderHolds: { weapon: true, shield: true, bow: true } })),
      ).field,
    ).toBe("defenderHolds.bow");
    // The CLI's resolve input takes it too.
    expect(
      parseResolveInput({
        ...raw(70, { defenderHolds: { weapon: true, shield: false } }),
        defence: { type: "ignore" },
      }).decl.defenderHolds,
    ).toEqual({ weapon: true, shield: false });
  });

  it("reads the limbInjuries option (default off)", () => {
    expect(parseDeclaration(raw(70)).options.limbInjuries).toBe(false);
    expect(parseDeclaration(raw(70, { options: { limbInjuries: true } })).options).toEqual({
      ...DEFAULT_OPTIONS,
      limbInjuries: true,
    });
    expect(
      inputError(() => parseDeclaration(raw(70, { options: { limbInjuries: "on" } }))).field,
    ).toBe("options.limbInjuries");
  });

  it("takes a creature's Endurance, DEX and AGL up to 99 (R28)", () => {
    const big = { endurance: 60, dex: 70, agl: 99 };
    expect(parseDeclaration(raw(70, { defender: big })).defender).toMatchObject(big);
    expect(
      inputError(() => parseDeclaration(raw(70, { defender: { ...big, agl: 100 } }))).field,
    ).toBe("defender.agl");
  });
});

// ── Defence options and choices ──────────────────────────────────────────────────────────────

function declared(
  attacker: FighterSnapshot,
  defender: FighterSnapshot,
  req: AttackRequest,
  options: Record<string, boolean> = {},
) {
  const build = hm3Combat.buildDeclaration(attacker, defender, req, options);
  const state = hm3.start(hm3.parseDeclaration(build.declaration), START);
  const pending = hm3.pending(state)!;
  return { build, state, pending };
}

const melee3 = () =>
  declared(
    attackerSnap(),
    defenderSnap(),
    request({ situation: situation({ engagingDefender: 3 }) }),
  );

describe("choiceOptions against a melee attack", () => {
  it("lists Block, Counterstrike, Dodge and Ignore with the defender's items and targets", () => {
    const { build, pending } = melee3();
    const views = hm3Combat.choiceOptions(pending, build, defenderSnap());
    expect(views.map((v) => [v.id, v.labelKey, v.unavailableKey ?? null])).toEqual([
      ["block", "BLOWBYBLOW.HM3.Defence.block", null],
      ["counterstrike", "BLOWBYBLOW.HM3.Defence.counterstrike", null],
      ["dodge", "BLOWBYBLOW.HM3.Defence.dodge", null],
      ["ignore", "BLOWBYBLOW.HM3.Defence.ignore", null],
    ]);
    const [block, counter, dodge, ignore] = views;
    // Block: DML less PP ×5 (line 177), −10 per opponent beyond the first (line 180, R32).
    const outnumbered = ["outnumbered", -20, "seed 003 line 180"];
    const pp = ["physicalPenalty", -10, "seed 003 line 177"];
    expect(block!.items.map((i) => [i.itemId, i.name, i.target?.base, i.target?.value])).toEqual([
      ["dsword", "The dsword", 61, 31],
      ["dshield", "The dshield", 80, 50],
    ]);
    expect(block!.items[0]!.target!.baseKey).toBe("dml");
    expect(mods(block!.items[0]!.target!)).toEqual([pp, outnumbered]);
    expect(block!.items[0]!.modes).toEqual([]);
    expect(block!.aims).toEqual([]);
    expect(block!.target).toBeNull();
    // Counterstrike: AML, at Mid (no aim modifier); the aspects of each item.
    expect(
      counter!.items.map((i) => [i.itemId, i.target?.baseKey, i.target?.base, i.target?.value]),
    ).toEqual([
      ["dsword", "aml", 70, 40],
      ["dshield", "aml", 65, 35],
    ]);
    expect(counter!.items[0]!.modes.map((m) => [m.id, m.impact])).toEqual([
      ["edge", 7],
      ["point", 4],
    ]);
    expect(counter!.aims.map((z) => z.id)).toEqual(["high", "mid", "low"]);
    // Dodge: Dodge ML.
    expect(dodge!.items).toEqual([]);
    expect(dodge!.target).toMatchObject({ baseKey: "ml", base: 60, value: 30 });
    expect(mods(dodge!.target!)).toEqual([pp, outnumbered]);
    expect(ignore!.target).toBeNull();
    expect(ignore!.items).toEqual([]);
  });

  it("one opponent: no outnumbered modifier", () => {
    const { build, pending } = declared(attackerSnap(), defenderSnap(), request());
    const dodge = hm3Combat.choiceOptions(pending, build, defenderSnap())[2]!;
    expect(mods(dodge.target!)).toEqual([["physicalPenalty", -10, "seed 003 line 177"]]);
  });

  it("a defender with nothing in hand: Block and Counterstrike unavailable", () => {
    const defender = plainDefender();
    const { build, pending } = declared(attackerSnap(), defender, request());
    const views = hm3Combat.choiceOptions(pending, build, defender);
    expect(views.map((v) => [v.id, v.unavailableKey ?? null, v.items.length])).toEqual([
      ["block", "BLOWBYBLOW.HM3.Unavailable.NothingToBlock", 0],
      ["counterstrike", "BLOWBYBLOW.HM3.Unavailable.NoWeapon", 0],
      ["dodge", null, 0],
      ["ignore", null, 0],
    ]);
  });

  it("items ready now are listed; gear put away since the declaration is not", () => {
    const { build, pending } = declared(attackerSnap(), defenderSnap(), request());
    // The defender dropped everything after the attack was declared.
    const views = hm3Combat.choiceOptions(pending, build, plainDefender());
    expect(views[0]!.unavailableKey).toBe(HM3_COMBAT_KEYS.unavailable.nothingToBlock);
    expect(views[1]!.unavailableKey).toBe(HM3_COMBAT_KEYS.unavailable.noWeapon);
    // A shield with no impact blocks but cannot counterstrike.
    const shieldOnly = defenderSnap([
      skill("sk-shield", "Shield", 60),
      weapon("pavise", { skill: "Shield", shield: true, impact: {}, defence: 20 }),
    ]);
    const v2 = hm3Combat.choiceOptions(pending, build, shieldOnly);
    expect(v2[0]!.items.map((i) => i.itemId)).toEqual(["pavise"]);
    expect(v2[1]!.items).toEqual([]);
    expect(v2[1]!.unavailableKey).toBe(HM3_COMBAT_KEYS.unavailable.noWeapon);
  });

  it("counterstrike aims are the zones the attacker's plan can be struck in (R16)", () => {
    const wolf = wolfSnap(noHighPlan());
    const { build, pending } = declared(
      wolf,
      defenderSnap(),
      request({ itemId: "bite", mode: "point" }),
    );
    const counter = hm3Combat.choiceOptions(pending, build, defenderSnap())[1]!;
    expect(counter.aims.map((z) => z.id)).toEqual(["mid", "low"]);
  });

  it("another kind of pending choice has no defence options", () => {
    const { build, pending } = melee3();
    expect(
      hm3Combat.choiceOptions({ ...pending, kind: "spendStars" }, build, defenderSnap()),
    ).toEqual([]);
  });
});

describe("choiceOptions against a missile (seed 003 lines 37-50, ruling R2)", () => {
  const views = (velocity: "low" | "high", engaging = 3) => {
    const attacker = attackerSnap([bow("b2", { velocity })]);
    const { build, pending } = declared(
      attacker,
      defenderSnap(),
      missileRequest({
        itemId: "b2",
        situation: situation({ distance: 10, engagingDefender: engaging }),
      }),
    );
    return hm3Combat.choiceOptions(pending, build, defenderSnap());
  };
  const pp = ["physicalPenalty", -10, "seed 003 line 177"];
  const rule = (key: string, value: number) => [
    `missileDefence.${key}`,
    value,
    "seed 003 lines 37-50; docs/rulings.md R2",
  ];

  it("no Counterstrike (lines 30, 141-149)", () => {
    expect(views("low").map((v) => v.id)).toEqual(["block", "dodge", "ignore"]);
  });

  it.each([
    // velocity, item, expected modifiers, value
    ["low", "dshield", [pp], 70], // line 40: LV shield, full ML 80
    ["low", "dsword", [rule("weaponHalf", -30), pp], 21], // line 41: LV weapon, half of 61 = 31 (R2)
    ["high", "dshield", [pp], 70], // line 42: HV shield, full ML
    ["high", "dsword", [rule("weapon05", -56), pp], 5], // line 43: HV weapon, ML 05 (5 − 10 → 5)
  ] as const)("Block, %s velocity, with %s", (velocity, itemId, expected, value) => {
    const block = views(velocity)[0]!;
    const item = block.items.find((i) => i.itemId === itemId)!;
    expect(mods(item.target!)).toEqual(expected);
    expect(item.target!.value).toBe(value);
  });

  it.each([
    ["low", [pp], 50], // line 46: LV, full ML 60
    ["high", [rule("dodgeHalf", -30), pp], 20], // line 47: HV, half ML 30
  ] as const)("Dodge, %s velocity", (velocity, expected, value) => {
    const dodge = views(velocity)[1]!;
    expect(mods(dodge.target!)).toEqual(expected);
    expect(dodge.target!.value).toBe(value);
  });

  it("Ignore rolls nothing (lines 49-50); no outnumbered modifier against missiles (R32)", () => {
    const v = views("low", 5);
    expect(v[2]!.target).toBeNull();
    for (const t of [v[0]!.items[0]!.target!, v[1]!.target!])
      expect(t.modifiers.some((m) => m.key === "outnumbered")).toBe(false);
  });

  it("refuses a broken exchange: a bad declaration or outnumbered count, naming the field", () => {
    const { build, pending } = melee3();
    const bad: DeclarationBuild = { ...build, rules: { ...build.rules, engagingDefender: 0 } };
    expect(inputError(() => hm3Combat.choiceOptions(pending, bad, defenderSnap())).field).toBe(
      "rules.engagingDefender",
    );
    const noAttack: DeclarationBuild = { declaration: { attacker: {} }, rules: {} };
    expect(inputError(() => hm3Combat.choiceOptions(pending, noAttack, defenderSnap())).field).toBe(
      "attack",
    );
    // Rules without the count (an older card): one opponent.
    const older: DeclarationBuild = { declaration: build.declaration, rules: {} };
    const dodge = hm3Combat.choiceOptions(pending, older, defenderSnap())[2]!;
    expect(dodge.target!.modifiers.some((m) => m.key === "outnumbered")).toBe(false);
  });

  it("refuses rules without a velocity for a missile", () => {
    const { build, pending } = declared(attackerSnap(), defenderSnap(), missileRequest());
    const bad: DeclarationBuild = { ...build, rules: { ...build.rules, velocity: "fast" } };
    expect(inputError(() => hm3Combat.choiceOptions(pending, bad, defenderSnap())).field).toBe(
      "rules.velocity",
    );
  });
});

describe("buildChoice", () => {
  const choice = (over: Partial<ChoiceRequest> = {}): ChoiceRequest => ({
    optionId: "block",
    itemId: "dshield",
    mode: null,
    aim: null,
    custom: [],
    ...over,
  });

  it("Block: the item's itemised target, custom modifiers added, and its WQ", () => {
    const { build, pending, state } = melee3();
    const raw = hm3Combat.buildChoice(
      pending,
      build,
      defenderSnap(),
      choice({ custom: [{ label: "Braced", value: 5 }] }),
    );
    expect(raw).toEqual({
      type: "block",
      eml: {
        baseKey: "dml",
        base: 80,
        modifiers: [
          { key: "physicalPenalty", value: -10, source: "seed 003 line 177" },
          { key: "outnumbered", value: -20, source: "seed 003 line 180" },
          { key: "custom", value: 5, label: "Braced", source: "user" },
        ],
      },
      wq: 13,
    });
    const defence = hm3.parseChoice(state, raw);
    expect(defence).toMatchObject({ type: "block", wq: 13 });
    expect(defence.target!.value).toBe(55);
  });

  it("Counterstrike: the aspect, aim (−10 high/low, line 54) and impact of the item", () => {
    const { build, pending, state } = melee3();
    const raw = hm3Combat.buildChoice(
      pending,
      build,
      defenderSnap(),
      choice({ optionId: "counterstrike", itemId: "dsword", mode: "point", aim: "low" }),
    );
    expect(raw).toMatchObject({
      type: "counterstrike",
      aspect: "point",
      aim: "low",
      impact: 4,
      wq: 12,
    });
    const defence = hm3.parseChoice(state, raw);
    expect(defence.strike).toEqual({ aspect: "point", aim: "low", impact: 4, wq: 12 });
    expect(mods(defence.target!)).toEqual([
      ["physicalPenalty", -10, "seed 003 line 177"],
      ["aim.low", -10, "seed 003 lines 54, 179"],
      ["outnumbered", -20, "seed 003 line 180"],
    ]);
    expect(defence.target!.value).toBe(30);
  });

  it("Dodge and Ignore take no item", () => {
    const { build, pending, state } = melee3();
    const dodge = hm3Combat.buildChoice(
      pending,
      build,
      defenderSnap(),
      choice({ optionId: "dodge", itemId: null }),
    );
    expect(dodge).toEqual({
      type: "dodge",
      eml: {
        baseKey: "ml",
        base: 60,
        modifiers: [
          { key: "physicalPenalty", value: -10, source: "seed 003 line 177" },
          { key: "outnumbered", value: -20, source: "seed 003 line 180" },
        ],
      },
    });
    expect(hm3.parseChoice(state, dodge).target!.value).toBe(30);
    const ignore = hm3Combat.buildChoice(
      pending,
      build,
      defenderSnap(),
      choice({ optionId: "ignore", itemId: null }),
    );
    expect(ignore).toEqual({ type: "ignore" });
    expect(hm3.parseChoice(state, ignore)).toEqual({ type: "ignore" });
  });

  it("a missile Block with a shield at full ML, with the blocking item's WQ", () => {
    const { build, pending, state } = declared(attackerSnap(), defenderSnap(), missileRequest());
    const raw = hm3Combat.buildChoice(pending, build, defenderSnap(), choice());
    expect(hm3.parseChoice(state, raw).target!.value).toBe(70);
    expect(raw).toMatchObject({ wq: 13 });
  });

  it.each([
    ["an unknown option", { optionId: "parry" }, "optionId", /block, counterstrike, dodge, ignore/],
    ["an item not listed", { itemId: "gambeson" }, "itemId", /dsword, dshield/],
    ["no item for a block", { itemId: null }, "itemId", /dsword, dshield/],
    [
      "an aspect the item lacks",
      { optionId: "counterstrike", itemId: "dsword", mode: "blunt", aim: "mid" },
      "mode",
      /edge, point/,
    ],
    [
      "no aspect",
      { optionId: "counterstrike", itemId: "dsword", mode: null, aim: "mid" },
      "mode",
      /edge, point/,
    ],
    [
      "no aim",
      { optionId: "counterstrike", itemId: "dsword", mode: "edge", aim: null },
      "aim",
      /high, mid, low/,
    ],
    [
      "modifiers on Ignore",
      { optionId: "ignore", itemId: null, custom: [{ label: "x", value: 5 }] },
      "custom",
      /rolls nothing/,
    ],
    [
      "a custom value out of range",
      { custom: [{ label: "x", value: -101 }] },
      "custom[0].value",
      /-100 and 100/,
    ],
    ["an option id that is not text", { optionId: 3 as never }, "optionId", /an id/],
    ["an item id that is not text", { itemId: 7 as never }, "itemId", /an id/],
  ] as const)("refuses %s, naming %s", (_what, over, field, message) => {
    const { build, pending } = melee3();
    const e = inputError(() =>
      hm3Combat.buildChoice(pending, build, defenderSnap(), choice(over as Partial<ChoiceRequest>)),
    );
    expect(e.field).toBe(field);
    expect(e.message).toMatch(message);
  });

  it("refuses an unavailable defence and a counterstrike against a missile", () => {
    const defender = plainDefender();
    const melee = declared(attackerSnap(), defender, request());
    const e = inputError(() =>
      hm3Combat.buildChoice(melee.pending, melee.build, defender, choice()),
    );
    expect(e.field).toBe("optionId");
    expect(e.message).toMatch(/no ready weapon or shield/);
    const missile = declared(attackerSnap(), defenderSnap(), missileRequest());
    expect(
      inputError(() =>
        hm3Combat.buildChoice(
          missile.pending,
          missile.build,
          defenderSnap(),
          choice({ optionId: "counterstrike", itemId: "dsword", mode: "edge", aim: "mid" }),
        ),
      ).field,
    ).toBe("optionId");
  });

  it("refuses a counterstrike aimed where the attacker's plan has no points (R16)", () => {
    const { build, pending } = declared(
      wolfSnap(noHighPlan()),
      defenderSnap(),
      request({ itemId: "bite", mode: "point" }),
    );
    const e = inputError(() =>
      hm3Combat.buildChoice(
        pending,
        build,
        defenderSnap(),
        choice({ optionId: "counterstrike", itemId: "dsword", mode: "edge", aim: "high" }),
      ),
    );
    expect(e.field).toBe("aim");
    expect(e.message).toMatch(/cannot be struck in the high zone/);
  });
});

// ── Consequences ─────────────────────────────────────────────────────────────────────────────

describe("injuryItem", () => {
  const injury = (over: Partial<Extract<Effect, { type: "injury" }>> = {}) =>
    ({
      type: "injury",
      to: "defender",
      location: "left-forearm",
      severityKey: "G",
      level: 4,
      data: { code: "G4", aspect: "edge", face: null, effectiveImpact: 13, bleeding: true },
      ...over,
    }) as Extract<Effect, { type: "injury" }>;

  it("makes the injury item's data: sided location, aspect, severity, level, bleeding", () => {
    expect(hm3Combat.injuryItem(injury(), defenderSnap())).toEqual({
      nameKey: "BLOWBYBLOW.HM3.Combat.InjuryName",
      nameData: { location: "left-forearm", code: "G4" },
      system: {
        description: "",
        hm3: {
          location: "left-forearm",
          aspect: "edge",
          severity: "G",
          level: 4,
          healingRate: 0,
          bleeding: true,
        },
      },
    });
    const plain = hm3Combat.injuryItem(
      injury({ location: "thorax", severityKey: "S", level: 2, data: { aspect: "bite" } }),
      defenderSnap(),
    )!;
    expect(plain.system).toEqual({
      description: "",
      hm3: {
        location: "thorax",
        aspect: "bite",
        severity: "S",
        level: 2,
        healingRate: 0,
        bleeding: false,
      },
    });
    expect(plain.nameData).toEqual({ location: "thorax", code: "S2" });
  });

  it("takes a creature's plan locations", () => {
    const item = hm3Combat.injuryItem(injury({ location: "right-hindleg" }), wolfSnap())!;
    expect((item.system.hm3 as { location: string }).location).toBe("right-hindleg");
  });

  it.each([
    [{ severityKey: "X" }, "severityKey"],
    [{ level: 0 }, "level"],
    [{ level: 6 }, "level"],
    [{ level: 2.5 }, "level"],
    [{ location: "forearm" }, "location"],
    [{ location: "left-foreleg" }, "location"],
    [{ data: { aspect: "magic" } }, "data.aspect"],
    [{ data: {} }, "data.aspect"],
    [{ type: "condition" }, "type"],
  ] as const)("refuses %j naming %s", (over, field) => {
    expect(
      inputError(() => hm3Combat.injuryItem(injury(over as never), defenderSnap())).field,
    ).toBe(field);
  });
});

describe("weaponDamage (ruling R31)", () => {
  const effect = (broken = false) =>
    ({ type: "weaponDamaged", to: "defender", broken, cause: "block" }) as const;
  const item = (
    wq: number,
    over: Partial<{ equipped: boolean; held: string; type: string }> = {},
  ): FighterItem => {
    const w = weapon("w", { wq, equipped: over.equipped ?? true, held: over.held ?? "main" });
    return {
      id: "w",
      type: over.type ?? "weapon",
      name: "W",
      system: w.system as Record<string, unknown>,
    };
  };

  it("a failed roll costs 1 WQ", () => {
    expect(hm3Combat.weaponDamage(effect(), item(12))).toEqual({ "system.hm3.wq": 11 });
    expect(hm3Combat.weaponDamage(effect(), item(2))).toEqual({ "system.hm3.wq": 1 });
  });

  it("at WQ 0 the weapon is broken: unequipped and out of hand", () => {
    expect(hm3Combat.weaponDamage(effect(true), item(1))).toEqual({
      "system.hm3.wq": 0,
      "system.equipped": false,
      "system.held": "none",
    });
    expect(hm3Combat.weaponDamage(effect(true), item(1, { held: "none" }))).toEqual({
      "system.hm3.wq": 0,
      "system.equipped": false,
    });
  });

  it("works from the item's WQ now, not the effect's flag", () => {
    // The exchange saw WQ 1 (broken) but the GM has since mended it to 10.
    expect(hm3Combat.weaponDamage(effect(true), item(10))).toEqual({ "system.hm3.wq": 9 });
  });

  it("an item already at WQ 0 is only put away; nothing to change gives {}", () => {
    expect(hm3Combat.weaponDamage(effect(), item(0))).toEqual({
      "system.equipped": false,
      "system.held": "none",
    });
    expect(hm3Combat.weaponDamage(effect(), item(0, { equipped: false, held: "none" }))).toEqual(
      {},
    );
    expect(hm3Combat.weaponDamage(effect(), item(12, { type: "armour" }))).toEqual({});
    expect(hm3Combat.weaponDamage({ type: "tacticalAdvantage" } as never, item(12))).toEqual({});
  });

  it("a missile weapon loses WQ the same way", () => {
    const b = bow("b", { wq: 3 });
    expect(
      hm3Combat.weaponDamage(effect(), {
        id: "b",
        type: "missile",
        name: "B",
        system: b.system as Record<string, unknown>,
      }),
    ).toEqual({ "system.hm3.wq": 2 });
  });
});

describe("initiative (hm3.md §2, ruling R22)", () => {
  it("is the Initiative EML: ML less PP ×5", () => {
    expect(hm3Combat.initiative(attackerSnap())).toBe(65 - 10);
    expect(hm3Combat.initiative(defenderSnap())).toBe(40 - 10);
    // No Initiative skill: ML 0, EML at the clamp (5).
    expect(hm3Combat.initiative(wolfSnap())).toBe(5);
  });
});

// ── Limb injuries (ruling R29) ───────────────────────────────────────────────────────────────

describe("limb injuries (seed 000 lines 171-173, ruling R29)", () => {
  const eml = (v: number) => buildTarget("eml", v, [], { min: 5, max: 95 });
  const dice = (script: RollScript) => new ScriptedDice(script, new SeededDice(7));
  const decl = (options: Partial<Hm3Declaration["options"]>, over: Partial<Hm3Declaration> = {}) =>
    ({
      attack: { type: "melee", target: eml(50), aspect: "edge", aim: "mid", impact: 5 },
      attacker: { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: {} },
      defender: { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: {} },
      options: { ...DEFAULT_OPTIONS, ...options },
      ...over,
    }) as Hm3Declaration;
  const limb = (r: Hm3Result) =>
    r.effects.filter((e) => e.type === "condition" && e.cause === "limbInjury");
  // Ignore, attack 25 (CS): A*4. Impact 5 + 4d6.
  const strike = (location: number, impact: number[], more: RollScript = {}) =>
    dice({ attack: 25, location, impact, shock: 1, fumble: 3, stumble: 3, ...more });
  const ignore: Hm3Defence = { type: "ignore" };

  it("a G4 on an arm cripples it and drops what it holds", () => {
    // Mid 34 = right elbow (seed 003 line 60, even roll); 5 + 2+2+2+2 = 13 → ♦G4 (line 100).
    const r = resolveExchange(
      decl({ limbInjuries: true }),
      ignore,
      strike(34, [2, 2, 2, 2], { shock: [1, 1, 1, 1] }),
    );
    expect(r.strikes[0]).toMatchObject({
      location: "right-elbow",
      injury: "G4",
      limbInjury: "arm",
    });
    expect(limb(r)).toEqual([
      {
        type: "condition",
        to: "defender",
        condition: "crippled",
        cause: "limbInjury",
        location: "right-elbow",
      },
      { type: "condition", to: "defender", condition: "disarmed", cause: "limbInjury" },
    ]);
  });

  it("a G4 on a leg cripples it and puts the victim down", () => {
    // Mid 89 = left knee (line 68, odd roll); 13 → ♦G4 (line 108).
    const r = resolveExchange(
      decl({ limbInjuries: true }),
      ignore,
      strike(89, [2, 2, 2, 2], { shock: [1, 1, 1, 1] }),
    );
    expect(r.strikes[0]).toMatchObject({ location: "left-knee", injury: "G4", limbInjury: "leg" });
    expect(limb(r)).toEqual([
      {
        type: "condition",
        to: "defender",
        condition: "crippled",
        cause: "limbInjury",
        location: "left-knee",
      },
      { type: "condition", to: "defender", condition: "prone", cause: "limbInjury" },
    ]);
  });

  it("a G5 counts; level 3 and below do not", () => {
    // Mid 41 = left hand (line 62); 5 + 12 = 17 → ♦G5▼ (line 102).
    const g5 = resolveExchange(
      decl({ limbInjuries: true }),
      ignore,
      strike(41, [3, 3, 3, 3], { shock: [1, 1, 1, 1, 1] }),
    );
    expect(g5.strikes[0]).toMatchObject({ injury: "G5", limbInjury: "arm" });
    // Mid 37 = left forearm (line 61); 13 → ♦S3 (line 101).
    const s3 = resolveExchange(
      decl({ limbInjuries: true }),
      ignore,
      strike(37, [2, 2, 2, 2], { shock: [1, 1, 1] }),
    );
    expect(s3.strikes[0]).toMatchObject({ injury: "S3", limbInjury: null });
    expect(limb(s3)).toEqual([]);
  });

  it("a kill cripples nothing (R7); a K4 the kill roll turns into G4 does", () => {
    // Mid 81 = left thigh (line 67); 5 + 12 = 17 → ♦K4▼ (line 107).
    const killed = resolveExchange(decl({ limbInjuries: true }), ignore, strike(81, [3, 3, 3, 3]));
    expect(killed.strikes[0]).toMatchObject({ injury: "K4", kill: true, limbInjury: null });
    expect(limb(killed)).toEqual([]);
    const lived = resolveExchange(
      decl({ limbInjuries: true, killRoll: true }),
      ignore,
      strike(81, [3, 3, 3, 3], { kill: [1, 1, 1, 1], shock: [1, 1, 1, 1] }),
    );
    expect(lived.strikes[0]).toMatchObject({ injury: "G4", kill: false, limbInjury: "leg" });
    expect(limb(lived).map((e) => (e as { condition: string }).condition)).toEqual([
      "crippled",
      "prone",
    ]);
  });

  it("the torso and head are no limbs; with the option off nothing is crippled", () => {
    // Mid 50 = thorax (line 63); 13 → G4 (line 103).
    const thorax = resolveExchange(
      decl({ limbInjuries: true }),
      ignore,
      strike(50, [2, 2, 2, 2], { shock: [1, 1, 1, 1] }),
    );
    expect(thorax.strikes[0]).toMatchObject({ injury: "G4", limbInjury: null });
    const off = resolveExchange(
      decl({}),
      ignore,
      strike(89, [2, 2, 2, 2], { shock: [1, 1, 1, 1] }),
    );
    expect(off.strikes[0]).toMatchObject({ injury: "G4", limbInjury: null });
    expect(limb(off)).toEqual([]);
  });

  it("a body plan's leg region counts (the quadruped's foreleg ♦G4)", () => {
    const plan = quadruped();
    // Low 1-40 = foreleg: roll 2 = right foreleg; 13 → ♦G4.
    const r = resolveExchange(
      decl(
        { limbInjuries: true },
        {
          attack: { type: "melee", target: eml(50), aspect: "edge", aim: "low", impact: 5 },
          defender: { endurance: 12, up: 0, dex: 12, agl: 12, pp: 0, armour: {}, bodyPlan: plan },
        },
      ),
      ignore,
      dice({
        attack: 25,
        location: 2,
        impact: [2, 2, 2, 2],
        shock: [1, 1, 1, 1],
        stumble: [3, 3, 3],
      }),
    );
    expect(r.strikes[0]).toMatchObject({
      location: "right-foreleg",
      injury: "G4",
      limbInjury: "leg",
    });
  });
});

// ── Whole exchanges through the flow's calls ─────────────────────────────────────────────────

describe("round trip: buildDeclaration → parseDeclaration → buildChoice → parseChoice → resolve", () => {
  const dice = (script: RollScript) => new ScriptedDice(script, new SeededDice(3));

  it("a sword cut blocked badly: A*2 to the thorax through the quilt, a G4 injury item", () => {
    const attacker = attackerSnap();
    const defender = defenderSnap();
    const build = hm3Combat.buildDeclaration(attacker, defender, request(), worldOptions());
    const stored = JSON.parse(JSON.stringify(build)) as DeclarationBuild;
    let state = hm3.start(hm3.parseDeclaration(stored.declaration), START);
    const pending = hm3.pending(state)!;
    expect(pending.by).toBe("defender");
    const raw = hm3Combat.buildChoice(pending, stored, defender, {
      optionId: "block",
      itemId: "dshield",
      mode: null,
      aim: null,
      custom: [],
    });
    // Attack EML 80 − 10 = 70: 25 is CS. Shield DML 80 − 10 = 70: 71 is MF. CS vs Block MF: A*2
    // (seed 003 line 10). Mid 50 = thorax; 7 + 4 + 5 = 16 edge, quilt edge 3 → 13 → G4 (line
    // 103). Shock: UP 2 + 4 = 6 d6 against END 12.
    state = hm3.choose(
      state,
      hm3.parseChoice(state, raw),
      dice({ attack: 25, defence: 71, location: 50, impact: [4, 5], shock: [1, 1, 1, 1, 1, 1] }),
    );
    expect(hm3.pending(state)).toBeNull();
    const result = hm3.result(state);
    expect(result.attack).toMatchObject({ target: 70, roll: 25, level: "CS" });
    expect(result.defence).toMatchObject({ target: 70, roll: 71, level: "MF" });
    expect(result.result).toBe("A*2");
    expect(result.strikes[0]).toMatchObject({
      location: "thorax",
      impact: 16,
      armour: 3,
      effectiveImpact: 13,
      injury: "G4",
    });
    expect(result.strikes[0]!.shock).toMatchObject({
      dice: 6,
      total: 6,
      target: 12,
      failed: false,
    });
    const injuries = result.effects.filter((e) => e.type === "injury");
    expect(injuries).toHaveLength(1);
    const item = hm3Combat.injuryItem(
      injuries[0] as Extract<Effect, { type: "injury" }>,
      defender,
    )!;
    expect(item.system.hm3).toEqual({
      location: "thorax",
      aspect: "edge",
      severity: "G",
      level: 4,
      healingRate: 0,
      bleeding: false,
    });
  });

  it("a block that holds: both WQ rolls, the sword's failure costs 1 WQ (R31)", () => {
    const attacker = attackerSnap();
    const defender = defenderSnap();
    const build = hm3Combat.buildDeclaration(attacker, defender, request(), {});
    let state = hm3.start(hm3.parseDeclaration(build.declaration), START);
    const raw = hm3Combat.buildChoice(hm3.pending(state)!, build, defender, {
      optionId: "block",
      itemId: "dsword",
      mode: null,
      aim: null,
      custom: [],
    });
    // Attack 70: 27 MS. Sword DML 61 − 10 = 51: 27 MS. MS vs Block MS: Block (line 9). WQ 12
    // (both): the defender's sword checks first (R5); 13 > 12 fails and the other does not roll.
    state = hm3.choose(
      state,
      hm3.parseChoice(state, raw),
      dice({ attack: 27, defence: 27, defenderWeaponDamage: [6, 6, 1] }),
    );
    const result = hm3.result(state);
    expect(result.result).toBe("block");
    expect(result.weaponDamage.map((w) => [w.side, w.wq, w.check.total, w.broken])).toEqual([
      ["defender", 12, 13, true],
    ]);
    const effect = result.effects.find((e) => e.type === "weaponDamaged")!;
    expect(effect).toEqual({
      type: "weaponDamaged",
      to: "defender",
      broken: false,
      cause: "block",
    });
    const sword = defender.items.find((i) => i.id === "dsword")!;
    expect(
      hm3Combat.weaponDamage(effect as Extract<Effect, { type: "weaponDamaged" }>, sword),
    ).toEqual({ "system.hm3.wq": 11 });
  });

  it("a counterstrike B*1: both strike, the defender's blow with its chosen aspect and aim", () => {
    const attacker = attackerSnap();
    const defender = defenderSnap();
    const build = hm3Combat.buildDeclaration(attacker, defender, request(), {});
    let state = hm3.start(hm3.parseDeclaration(build.declaration), START);
    const raw = hm3Combat.buildChoice(hm3.pending(state)!, build, defender, {
      optionId: "counterstrike",
      itemId: "dsword",
      mode: "point",
      aim: "high",
      custom: [],
    });
    // Attack 70: 27 MS. Counterstrike AML 70 − 10 − 10 (high) = 50: 27 MS. MS vs CS MS: B*1.
    state = hm3.choose(
      state,
      hm3.parseChoice(state, raw),
      dice({
        attack: 27,
        defence: 27,
        location: 90, // mid 90: knee
        impact: [1],
        "counter.location": 1, // high 01: skull
        "counter.impact": [1],
      }),
    );
    const result = hm3.result(state);
    expect(result.result).toBe("B*1");
    expect(result.strikes.map((s) => [s.by, s.aim, s.aspect, s.location, s.weaponImpact])).toEqual([
      ["attacker", "mid", "edge", "right-knee", 7],
      ["defender", "high", "point", "skull", 4],
    ]);
  });

  it("an arrow dodged badly at medium range: M*3 with the band's impact", () => {
    const attacker = attackerSnap();
    const defender = defenderSnap();
    const build = hm3Combat.buildDeclaration(attacker, defender, missileRequest(), {});
    let state = hm3.start(hm3.parseDeclaration(build.declaration), START);
    const raw = hm3Combat.buildChoice(hm3.pending(state)!, build, defender, {
      optionId: "dodge",
      itemId: null,
      mode: null,
      aim: null,
      custom: [],
    });
    // Bow 70 − 10 − 20 (medium) = 40: 35 CS. Dodge vs HV: half of 60 = 30, − 10 = 20: 50 CF.
    // CS vs Dodge CF: M*3 (line 35).
    state = hm3.choose(
      state,
      hm3.parseChoice(state, raw),
      dice({ attack: 35, defence: 50, location: 1, impact: [1, 1, 1], shock: [1, 1, 1, 1, 1] }),
    );
    const result = hm3.result(state);
    expect(result.attack.target).toBe(40);
    expect(result.defence!.target).toBe(20);
    expect(result.result).toBe("M*3");
    // High is not aimed (mid): mid 01 = skull; 7 + 3 = 10, no armour → S3 (line 95); shock
    // UP 2 + 3 = 5 d6.
    expect(result.strikes[0]).toMatchObject({
      weaponImpact: 7,
      impact: 10,
      location: "skull",
      injury: "S3",
    });
  });

  it("limb injuries on: a counterstrike to the attacker's arm cripples it", () => {
    const attacker = attackerSnap();
    const defender = defenderSnap();
    const build = hm3Combat.buildDeclaration(attacker, defender, request(), {
      limbInjuries: true,
    });
    let state = hm3.start(hm3.parseDeclaration(build.declaration), START);
    const raw = hm3Combat.buildChoice(hm3.pending(state)!, build, defender, {
      optionId: "counterstrike",
      itemId: "dsword",
      mode: "edge",
      aim: "mid",
      custom: [],
    });
    // Attack 70: 75 CF. Counterstrike 60: 25 CS. CF vs CS: D*3 (line 7). Mid 35 = left elbow (odd roll);
    // 7 + 2+2+2 = 13, no armour → ♦G4 (line 100): the attacker's left arm is unusable.
    state = hm3.choose(
      state,
      hm3.parseChoice(state, raw),
      dice({
        attack: 75,
        defence: 25,
        "counter.location": 35,
        "counter.impact": [2, 2, 2],
        "counter.shock": [1, 1, 1, 1, 1],
        "counter.fumble": [1, 1, 1],
      }),
    );
    const result = hm3.result(state);
    expect(result.result).toBe("D*3");
    expect(result.strikes[0]).toMatchObject({
      location: "left-elbow",
      injury: "G4",
      limbInjury: "arm",
    });
    expect(result.effects.filter((e) => e.type === "condition")).toEqual([
      {
        type: "condition",
        to: "attacker",
        condition: "crippled",
        cause: "limbInjury",
        location: "left-elbow",
      },
      { type: "condition", to: "attacker", condition: "disarmed", cause: "limbInjury" },
    ]);
  });
});

function worldOptions(): Record<string, boolean> {
  return Object.fromEntries(hm3Combat.optionalRules.map((r) => [r.id, r.default]));
}

// ── Labels (review M2) ───────────────────────────────────────────────────────────────────────

describe("labels: every modifier and base the HM3 targets itemise has one", () => {
  it("attack targets (aims, prone, outnumbered, ranges) and defence targets (melee and missile)", () => {
    const targets: Target[] = [];
    for (const aim of ["high", "mid", "low"] as const)
      for (const defenderProne of [false, true])
        targets.push(
          hm3Combat.attackTarget(
            attackerSnap(),
            defenderSnap(),
            request({ aim, situation: situation({ defenderProne, engagingDefender: 3 }) }),
          ),
        );
    for (const distance of [5, 30, 60, 150])
      targets.push(
        hm3Combat.attackTarget(
          attackerSnap(),
          defenderSnap(),
          missileRequest({ situation: situation({ distance }) }),
        ),
      );
    const defences = [
      melee3(),
      ...(["low", "high"] as const).map((velocity) =>
        declared(
          attackerSnap([bow("b2", { velocity })]),
          defenderSnap(),
          missileRequest({
            itemId: "b2",
            situation: situation({ distance: 10, engagingDefender: 3 }),
          }),
        ),
      ),
    ];
    for (const { build, pending } of defences)
      for (const view of hm3Combat.choiceOptions(pending, build, defenderSnap())) {
        if (view.target) targets.push(view.target);
        for (const item of view.items) if (item.target) targets.push(item.target);
      }
    const modifierKeys = new Set(targets.flatMap((t) => t.modifiers.map((m) => m.key)));
    const baseKeys = new Set(targets.map((t) => t.baseKey));
    // The walk reaches the keys the review named (aims, ranges, missile defences, outnumbered).
    for (const key of ["aim.high", "aim.low", "proneOpponent", "outnumbered", "range.extreme"])
      expect(modifierKeys.has(key), key).toBe(true);
    for (const rule of ["weaponHalf", "weapon05", "dodgeHalf"])
      expect(modifierKeys.has(`missileDefence.${rule}`), rule).toBe(true);
    for (const key of modifierKeys)
      expect(hm3Combat.labels.modifiers[key], `modifier ${key}`).toMatch(/^BLOWBYBLOW\.Modifier\./);
    for (const key of baseKeys)
      expect(hm3Combat.labels.bases[key], `base ${key}`).toMatch(/^BLOWBYBLOW\.Modifier\.Base\./);
  });
});
