/**
 * The GURPS Man to Man item block (src/foundry/rulesets/m2m/item-*.ts): the Foundry schema and
 * the plain rule table describe the same leaves with the same bounds; validation refuses bad
 * blocks naming the field and value; conversion gives the engine's own types and the figures
 * the book prints (seed 004 lines named in each test).
 */
import { describe, expect, it } from "vitest";
import "../stand-ins";
import {
  ArrayField,
  BooleanField,
  NumberField,
  SchemaField,
  StringField,
  type DataField,
} from "../stand-ins/data";
import { englishLocalizer } from "../../../src/cli/english";
import { physical } from "../../../src/foundry/data/fields";
import type { LeafRule, Rule } from "../../../src/foundry/data/rules";
import {
  M2M_ITEM_RULES,
  M2M_ITEM_TYPES,
  M2M_NULLABLE,
  m2mItemSchema,
  type M2mArmourBlock,
  type M2mItemType,
  type M2mMissileBlock,
  type M2mWeaponBlock,
} from "../../../src/foundry/rulesets/m2m/item-data";
import {
  handWeaponBlock,
  handWeaponItems,
  pieceBlock,
  rangedBlock,
  shieldBlock,
  suitBlock,
} from "../../../src/foundry/rulesets/m2m/item-tables";
import {
  formatM2mProblem,
  M2M_VALIDATION_KEYS as K,
  m2mBlockProblems,
} from "../../../src/foundry/rulesets/m2m/item-validate";
import {
  armourProtection,
  meleeAttack,
  rangedAttack,
  shieldInput,
  suitArmourInput,
} from "../../../src/foundry/rulesets/m2m/item-convert";
import { deriveCharacter } from "../../../src/rules/m2m/character";
import {
  ARMOUR_PIECES,
  ARMOUR_SUITS,
  getArmourPiece,
  getArmourSuit,
  getRangedWeapon,
  getShield,
  pieceProtection,
  RANGED_WEAPONS,
  rangedRanges,
  suitProtection,
} from "../../../src/rules/m2m/equipment";
import { DAMAGE_TYPES, HIT_LOCATIONS } from "../../../src/rules/m2m/types";

// ── Schema and rules agree ───────────────────────────────────────────────────────────────────

function ruleOfField(field: DataField): Rule {
  if (field instanceof ArrayField)
    return Number.isFinite(field.max)
      ? { kind: "list", element: ruleOfField(field.element) as LeafRule, max: field.max }
      : { kind: "list", element: ruleOfField(field.element) as LeafRule };
  if (field instanceof BooleanField) return { kind: "boolean", initial: field.initial as boolean };
  if (field instanceof NumberField)
    return {
      kind: "number",
      integer: field.integer,
      ...(field.min === undefined ? {} : { min: field.min }),
      ...(field.max === undefined ? {} : { max: field.max }),
      nullable: field.nullable,
      initial: field.initial as number | null,
    };
  if (field instanceof StringField)
    return field.choices
      ? { kind: "choice", choices: field.choices as string[], initial: field.initial as string }
      : { kind: "text", blank: field.blank, initial: field.initial as string };
  throw new Error(`no rule for ${field.constructor.name}`);
}

function leaves(schema: SchemaField, prefix: string, nullable: string[]): Record<string, Rule> {
  const out: Record<string, Rule> = {};
  for (const [name, field] of schema.entries()) {
    const path = `${prefix}.${name}`;
    if (field instanceof SchemaField) {
      if (field.nullable) nullable.push(path);
      Object.assign(out, leaves(field, path, nullable));
    } else if (field instanceof ArrayField && field.element instanceof SchemaField)
      Object.assign(out, leaves(field.element, `${path}.*`, nullable));
    else out[path] = ruleOfField(field);
  }
  return out;
}

const english = englishLocalizer();
const problems = (type: M2mItemType, block: unknown, strict = true) =>
  m2mBlockProblems(type, block, { strict }).map((p) => [p.field, p.key, p.value]);

const schemaOf = (type: M2mItemType) => m2mItemSchema(type as "weapon") as unknown as SchemaField;

describe.each(M2M_ITEM_TYPES)("the m2m block of %s items", (type) => {
  it("M2M_ITEM_RULES lists exactly the schema's leaves, bounds, choices and defaults", () => {
    const nullable: string[] = [];
    const fromSchema = leaves(schemaOf(type), "m2m", nullable);
    const fromRules = structuredClone(M2M_ITEM_RULES[type]) as Record<string, Rule>;
    for (const r of [...Object.values(fromSchema), ...Object.values(fromRules)])
      if (r.kind === "list" && "initial" in r.element)
        delete (r.element as { initial?: unknown }).initial;
    expect(fromRules).toEqual(fromSchema);
    // The containers that may be null are the schema's nullable ones.
    expect([...M2M_NULLABLE[type]].sort()).toEqual(nullable.sort());
  });
});

/** A data model as defineSchema will build it: the physical fields and the m2m block. */
function modelFor(type: M2mItemType) {
  return class extends foundry.abstract.TypeDataModel<never, never> {
    static override defineSchema() {
      return { ...physical(), m2m: m2mItemSchema(type as "weapon") } as never;
    }
  };
}

const SWORD = handWeaponBlock(handWeaponItems().find((i) => i.id === "broadsword")!);
const HALBERD = handWeaponBlock(handWeaponItems().find((i) => i.id === "halberd")!);
const LARGE = shieldBlock(getShield("large"));
const IMPROVISED = shieldBlock(getShield("improvised"));
const CROSSBOW = rangedBlock(getRangedWeapon("crossbow"));
const CHAIN_SUIT = suitBlock(getArmourSuit("chainmail"));
const CHAIN_SHIRT = pieceBlock(getArmourPiece("chainmail"));

const physicalOf = (weight: number | null) => ({
  description: "",
  quantity: 1,
  weight: weight ?? 0,
  carried: true,
  equipped: false,
  held: "none",
});

describe("a data model with the m2m block", () => {
  it.each([
    ["weapon", SWORD],
    ["weapon", HALBERD],
    ["weapon", IMPROVISED],
    ["missile", CROSSBOW],
    ["armour", CHAIN_SUIT],
    ["armour", CHAIN_SHIRT],
  ] as const)("%s keeps every field of a table item as written (%#)", (type, block) => {
    const system = { ...physicalOf(block.weight), m2m: structuredClone(block) };
    const Model = modelFor(type) as unknown as new (
      d: unknown,
      o: object,
    ) => { toObject(): object };
    expect(new Model(structuredClone(system), { strict: true }).toObject()).toEqual(system);
  });

  it("refuses a damage type it does not know (strict), and clamps a number (so item-validate checks first)", () => {
    const Model = modelFor("weapon") as unknown as new (
      d: unknown,
      o: object,
    ) => { toObject(): { m2m: M2mWeaponBlock } };
    const bad = structuredClone(SWORD) as unknown as { modes: { type: string; mod: number }[] };
    bad.modes[0]!.type = "fire";
    expect(() => new Model({ ...physicalOf(3), m2m: bad }, { strict: true })).toThrow(/type/);
    const high = structuredClone(SWORD);
    high.modes[0]!.mod = 99;
    const m = new Model({ ...physicalOf(3), m2m: structuredClone(high) }, { strict: true });
    expect(m.toObject().m2m.modes[0]!.mod).toBe(20);
    expect(problems("weapon", high)).toEqual([
      ["system.m2m.modes.0.mod", "BLOWBYBLOW.Validation.outOfRange", 99],
    ]);
  });
});

// ── Validation ──────────────────────────────────────────────────────────────────────────────

describe("m2mBlockProblems", () => {
  it("passes the table items", () => {
    expect(problems("weapon", SWORD)).toEqual([]);
    expect(problems("weapon", IMPROVISED)).toEqual([]);
    expect(problems("missile", CROSSBOW)).toEqual([]);
    expect(problems("armour", CHAIN_SUIT)).toEqual([]);
  });

  it("names the field and value of a bad leaf, with the sheets' message", () => {
    const bad = structuredClone(HALBERD) as unknown as { modes: { mod: unknown }[] };
    bad.modes[2]!.mod = 40;
    const found = m2mBlockProblems("weapon", bad, { strict: true });
    expect(found.map((p) => [p.field, p.key, p.value])).toEqual([
      ["system.m2m.modes.2.mod", "BLOWBYBLOW.Validation.outOfRange", 40],
    ]);
    expect(formatM2mProblem(found[0]!, english)).toBe(
      "system.m2m.modes.2.mod: 40 is outside the range -10 to 20.",
    );
    const type = structuredClone(SWORD) as unknown as { modes: { type: unknown }[] };
    type.modes[0]!.type = "fire";
    expect(problems("weapon", type)).toEqual([
      ["system.m2m.modes.0.type", "BLOWBYBLOW.Validation.notChoice", "fire"],
    ]);
  });

  it("refuses an unknown field and (strict) a missing one or text for a number", () => {
    expect(problems("missile", { ...CROSSBOW, range: 5 })).toEqual([
      ["system.m2m.range", K.unknownField, 5],
    ]);
    const noCost: Partial<M2mMissileBlock> = { ...CROSSBOW };
    delete noCost.cost;
    expect(problems("missile", noCost)).toEqual([["system.m2m.cost", K.missing, undefined]]);
    expect(problems("missile", noCost, false)).toEqual([]);
    expect(problems("missile", { ...CROSSBOW, pb: "5" })).toEqual([
      ["system.m2m.pb", K.notExact, "5"],
    ]);
    expect(problems("missile", { ...CROSSBOW, pb: "5" }, false)).toEqual([]);
    expect(problems("armour", "plate")).toEqual([["system.m2m", K.notObject, "plate"]]);
    const [p] = m2mBlockProblems("missile", { ...CROSSBOW, range: 5 }, { strict: true });
    expect(formatM2mProblem(p!, english)).toBe(
      "system.m2m.range: not a field of the item's GURPS Man to Man data (got 5).",
    );
  });

  it("refuses what spans fields, naming the field", () => {
    expect(problems("weapon", { ...SWORD, modes: [] })).toEqual([
      ["system.m2m.modes", K.noUse, []],
    ]);
    const noReach = structuredClone(SWORD);
    noReach.modes[1]!.reach = [];
    expect(problems("weapon", noReach)).toEqual([["system.m2m.modes.1.reach", K.noReach, []]]);
    const twice = structuredClone(SWORD);
    twice.modes[0]!.reach = ["1", "1"];
    expect(problems("weapon", twice)).toEqual([["system.m2m.modes.0.reach.1", K.duplicate, "1"]]);
    // L1002: cheap is priced for swords only.
    expect(problems("weapon", { ...HALBERD, quality: "cheap" })).toEqual([
      ["system.m2m.quality", K.cheapNotSword, "cheap"],
    ]);
    expect(problems("weapon", { ...SWORD, quality: "cheap" })).toEqual([]);
    // L4588: a large shield is PD 4; an improvised one 1 or 2 (L1078).
    expect(problems("weapon", { ...LARGE, shield: { ...LARGE.shield!, pd: 3 } })).toEqual([
      ["system.m2m.shield.pd", K.shieldPd, 3],
    ]);
    expect(problems("weapon", { ...IMPROVISED, shield: { ...IMPROVISED.shield!, pd: 2 } })).toEqual(
      [],
    );
    expect(problems("weapon", { ...IMPROVISED, shield: { ...IMPROVISED.shield!, pd: 3 } })).toEqual(
      [["system.m2m.shield.pd", K.shieldPd, 3]],
    );
    expect(
      problems("weapon", {
        ...LARGE,
        shield: { ...LARGE.shield!, hits: { penetrate: 70, total: 60 } },
      }),
    ).toEqual([["system.m2m.shield.hits.penetrate", K.hitsOrder, 70]]);
    expect(problems("missile", { ...rangedBlock(getRangedWeapon("longbow")), bowST: 12 })).toEqual([
      ["system.m2m.bowST", K.bowST, 12],
    ]);
    expect(problems("missile", { ...CROSSBOW, bowST: 12 })).toEqual([]);
    expect(problems("armour", { ...CHAIN_SHIRT, locations: [] })).toEqual([
      ["system.m2m.locations", K.noLocation, []],
    ]);
    expect(problems("armour", { ...CHAIN_SUIT, locations: CHAIN_SUIT.locations.slice(1) })).toEqual(
      [["system.m2m.locations", K.suitCovers, ["body", "arms", "legs", "hands", "feet"]]],
    );
    const twiceBody = {
      ...CHAIN_SHIRT,
      locations: [...CHAIN_SHIRT.locations, ...CHAIN_SHIRT.locations],
    };
    expect(problems("armour", twiceBody)).toEqual([
      ["system.m2m.locations.1", K.duplicate, "body"],
    ]);
    expect(problems("armour", { ...CHAIN_SHIRT, cost: null })).toEqual([
      ["system.m2m.cost", K.noCost, null],
    ]);
    // Every key has an English message naming the field.
    for (const key of Object.values(K)) {
      const text = english.format(key, { field: "F", value: "V" });
      expect(text, key).not.toBe(key);
      expect(text.startsWith("F"), key).toBe(true);
    }
  });
});

// ── Conversion ──────────────────────────────────────────────────────────────────────────────

describe("conversion to the engine's inputs", () => {
  it("shieldInput: PD and size; an improvised shield needs its PD (L1078)", () => {
    expect(shieldInput(LARGE)).toEqual({ pd: 4, size: "large" });
    expect(() => shieldInput(IMPROVISED)).toThrow(/system\.m2m\.shield\.pd: .*1 or 2/);
    expect(() => shieldInput(SWORD)).toThrow(/system\.m2m\.shield: this weapon is not a shield/);
  });

  it("suitArmourInput gives what suitProtection gives, for every suit and damage type", () => {
    for (const s of ARMOUR_SUITS) {
      const input = suitArmourInput(suitBlock(s));
      for (const t of DAMAGE_TYPES) {
        const engine = suitProtection(s.id, t);
        const pd = t === "imp" ? input.pdVsImpaling : input.pd;
        const dr = t === "imp" ? input.drVsImpaling : input.dr;
        expect([pd, dr], `${s.id} ${t}`).toEqual([engine.pd, engine.dr]);
      }
      // Half, light and heavy plate: all combat skills −1 (L4614).
      expect(input.fullHelm, s.id).toBe(s.combatSkillMod < 0);
    }
    // L1168: chainmail without its padding 3/3, 0/1 against impaling; L1170: +1 DR under plate.
    expect(suitArmourInput(CHAIN_SUIT, { withoutPadding: true })).toMatchObject({
      pd: 3,
      dr: 3,
      pdVsImpaling: 0,
      drVsImpaling: 1,
    });
    expect(
      suitArmourInput(suitBlock(getArmourSuit("half-plate")), { underlay: true }),
    ).toMatchObject({ pd: 4, dr: 6 });
    expect(() => suitArmourInput(CHAIN_SUIT, { underlay: true })).toThrow(/system\.m2m\.underlay/);
    expect(() => suitArmourInput(CHAIN_SHIRT)).toThrow(/system\.m2m\.kind/);
  });

  it("deriveCharacter takes them: PD armour + shield, DR armour, the full helm's −1", () => {
    const d = deriveCharacter({
      attributes: { st: 12, dx: 12, iq: 10, ht: 12 },
      skills: { broadsword: { points: 2 }, shield: { points: 1 } },
      armour: suitArmourInput(suitBlock(getArmourSuit("heavy-plate"))),
      shield: shieldInput(LARGE),
    });
    expect(d.pd.value).toBe(8);
    expect(d.dr.value).toBe(7);
    expect(d.skills.broadsword!.effective.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["largeShield", -2],
      ["fullHelm", -1],
    ]);
  });

  it("armourProtection gives pieceProtection's PD and DR on each hit location (L4878–4880)", () => {
    for (const p of ARMOUR_PIECES)
      for (const t of DAMAGE_TYPES)
        for (const padded of [false, true]) {
          const got = armourProtection(pieceBlock(p), t, { padded });
          const want = pieceProtection(p.id, t, { padded });
          const hits = Object.keys(got);
          expect(hits.length, p.id).toBeGreaterThan(0);
          for (const h of hits) expect(got[h as "torso"], `${p.id} ${t} ${h}`).toEqual(want);
        }
    // A chain shirt alone against impaling: PD 0, DR 1 on torso and vitals; never the face.
    expect(armourProtection(CHAIN_SHIRT, "imp")).toEqual({
      torso: { pd: 0, dr: 1 },
      vitals: { pd: 0, dr: 1 },
    });
    // A suit covers every location but the face (L2625).
    expect(Object.keys(armourProtection(CHAIN_SUIT, "cut")).sort()).toEqual(
      HIT_LOCATIONS.filter((l) => l !== "face").sort(),
    );
  });

  it("meleeAttack: ST damage + mod, MD cap, quality bonus (L4224, L5465, L998)", () => {
    const axe = handWeaponBlock(handWeaponItems().find((i) => i.id === "axe")!);
    // Friedrick, ST 12, axe: swing 1+2, +2 → 1+4, never normalised (L4224).
    expect(meleeAttack(axe, 0, 12)).toEqual({
      damage: { dice: 1, adds: 4 },
      type: "cut",
      breakResistant: false,
      ranged: false,
      unarmed: false,
    });
    // Villem, ST 13, large knife swing: 2-3 capped by its MD 1+2 (L5465).
    const knife = handWeaponBlock(handWeaponItems().find((i) => i.id === "large-knife")!);
    expect(meleeAttack(knife, 0, 13).damage).toEqual({ dice: 1, adds: 2 });
    // Ruling M94: a fine knife's +1 comes before the cap; ST 8 swing 1-2, −2 +1 → 1-3.
    expect(meleeAttack({ ...knife, quality: "fine" }, 0, 13).damage).toEqual({ dice: 1, adds: 2 });
    expect(meleeAttack({ ...knife, quality: "fine" }, 0, 8).damage).toEqual({ dice: 1, adds: -3 });
    // A fine broadsword: +1 damage (L998); a fine mace resists breakage (L1006).
    expect(meleeAttack({ ...SWORD, quality: "fine" }, 0, 12).damage).toEqual({ dice: 1, adds: 4 });
    const mace = handWeaponBlock(handWeaponItems().find((i) => i.id === "small-mace")!);
    expect(meleeAttack(mace, 0, 12).breakResistant).toBe(false);
    expect(meleeAttack({ ...mace, quality: "fine" }, 0, 12).breakResistant).toBe(true);
    expect(meleeAttack({ ...mace, quality: "fine" }, 0, 12).damage).toEqual(
      meleeAttack(mace, 0, 12).damage,
    );
    expect(() => meleeAttack(SWORD, 5, 12)).toThrow(/system\.m2m\.modes\.5/);
    expect(() => meleeAttack({ ...mace, quality: "cheap" }, 0, 12)).toThrow(/system\.m2m\.quality/);
  });

  it("rangedAttack gives rangedRanges' yards for every ranged weapon, the bow's ST for a crossbow", () => {
    for (const w of RANGED_WEAPONS)
      for (const st of [7, 10, 13])
        expect(rangedAttack(rangedBlock(w), st).ranges, `${w.id} ST ${st}`).toEqual(
          rangedRanges(w.id, st),
        );
    // John Falcon's ST 9 crossbow: "5 14 180 225" (L1041, L4940), whoever shoots it.
    const falcon = rangedAttack({ ...CROSSBOW, bowST: 9 }, 12);
    expect(falcon.ranges).toEqual(rangedRanges("crossbow", 12, 9));
    expect([falcon.ranges.pointBlank, falcon.ranges.increment, falcon.ranges.halfDamage]).toEqual([
      5, 14, 180,
    ]);
    expect(falcon.ranges.max).toBe(225);
    // ST 9 thrust 1-2, +4 → 1+2 impaling.
    expect(falcon.attack).toMatchObject({
      damage: { dice: 1, adds: 2 },
      type: "imp",
      ranged: true,
    });
    expect(rangedAttack(rangedBlock(getRangedWeapon("oil-flask")), 10).attack).toBeNull();
  });
});

// Typed fixtures stay assignable to the block types (compile-time check of the exports).
const _typed: [M2mWeaponBlock, M2mMissileBlock, M2mArmourBlock] = [SWORD, CROSSBOW, CHAIN_SUIT];
void _typed;
