/**
 * The data models against the Foundry stand-ins: each type's default system data (the shapes
 * of src/foundry/data/source.ts), cleaning as Foundry does it (numeric text cast, out-of-range
 * clamped, unknown keys dropped), strict validation naming the failing field path, the
 * creature's joint body-plan check, registration and field labels.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "../stand-ins/globals";
import {
  DataModelValidationError,
  localizeDataModel,
  makeActor,
  walkFields,
  type SchemaField,
} from "../stand-ins/data";
import {
  ArmourData,
  CharacterData,
  CombatantData,
  CreatureData,
  DATA_MODELS,
  ExchangeData,
  GearData,
  InjuryData,
  MissileData,
  registerDataModels,
  SkillData,
  WeaponData,
} from "../../../src/foundry/data";
import { humanBodyPlan } from "../../../src/rules/hm3/body-plan";
import { RULESET_IDS } from "../../../src/foundry/rulesets";
import { defaultM2mBlock } from "../../../src/foundry/rulesets/m2m/character-data";
import { defaultM2mItemBlock } from "../../../src/foundry/rulesets/m2m/item-data";

/** A data model class as the stand-ins see it. */
interface ModelClass {
  new (
    data?: unknown,
    options?: Record<string, unknown>,
  ): Record<string, unknown> & {
    _source: Record<string, unknown>;
    toObject(): Record<string, unknown>;
    updateSource(changes: Record<string, unknown>): Record<string, unknown>;
  };
  cleanData(source?: Record<string, unknown>): Record<string, unknown>;
  schema: SchemaField;
  LOCALIZATION_PREFIXES: string[];
}
const model = (cls: unknown) => cls as ModelClass;

const ATTRS = {
  str: 10,
  sta: 10,
  dex: 10,
  agl: 10,
  eye: 10,
  hrg: 10,
  sml: 10,
  voi: 10,
  int: 10,
  aur: 10,
  wil: 10,
  cml: 10,
};
const PHYSICAL = {
  description: "",
  quantity: 1,
  weight: 0,
  carried: true,
  equipped: false,
  held: "none",
};
const band = { range: 0, impact: 0 };

/**
 * Expected defaults, written out from source.ts and the bounds of the issue; the m2m blocks are
 * the pure defaults of src/foundry/rulesets/m2m (so those agree with the schema).
 */
/** The zone-die actor block's defaults (src/foundry/rulesets/hmzd: no Shock skill, unhurt). */
const HMZD_ACTOR = {
  shock: null,
  state: "none",
  recovery: { at: "none", armed: false, due: null },
  clock: 0,
  setups: [],
  actionRound: null,
  unhindered: [],
  revision: 0,
};

const DEFAULTS: [string, unknown, Record<string, unknown>][] = [
  [
    "character",
    CharacterData,
    {
      description: "",
      hm3: {
        attributes: ATTRS,
        fatigue: 0,
        encumbrance: null,
        unarmedStyle: "brawling",
        sizeClass: "medium",
        // HârnMaster Gold brute force (G70): no object.
        object: { kind: "none", blunt: null, edge: null, df: null, damage: 0, thickness: 1 },
      },
      m2m: defaultM2mBlock(),
      hmzd: { ...HMZD_ACTOR, bodyPlan: "human" },
    },
  ],
  [
    "creature",
    CreatureData,
    {
      description: "",
      hm3: {
        attributes: ATTRS,
        fatigue: 0,
        encumbrance: null,
        unarmedStyle: "brawling",
        sizeClass: "medium",
        // HârnMaster Gold brute force (G70): no object.
        object: { kind: "none", blunt: null, edge: null, df: null, damage: 0, thickness: 1 },
        bodyPlan: null,
      },
      m2m: defaultM2mBlock("creature"),
      hmzd: { ...HMZD_ACTOR, bodyPlan: null },
    },
  ],
  [
    "weapon",
    WeaponData,
    {
      ...PHYSICAL,
      hm3: {
        skill: "",
        wq: 10,
        attack: 0,
        defence: 0,
        impact: { blunt: null, edge: null, point: null, fire: null },
        handMode: "one",
        shield: false,
        cutting: false,
        longReach: false,
        handModePenalty: null,
        strRequirement: 0,
        lighterClasses: 0,
      },
      m2m: defaultM2mItemBlock("weapon"),
      hmzd: { zoneDie: 6, modes: [] },
    },
  ],
  [
    "missile",
    MissileData,
    {
      ...PHYSICAL,
      hm3: {
        skill: "",
        aspect: "point",
        velocity: "low",
        wq: 10,
        ranges: { short: band, medium: band, long: band, extreme: band },
      },
      m2m: defaultM2mItemBlock("missile"),
      hmzd: { zoneDie: 10, modes: [] },
    },
  ],
  [
    "armour",
    ArmourData,
    {
      ...PHYSICAL,
      hm3: {
        material: "leather",
        quality: 0,
        enchantment: 0,
        locations: [],
        squeeze: null,
        tear: null,
      },
      m2m: defaultM2mItemBlock("armour"),
    },
  ],
  [
    "skill",
    SkillData,
    {
      description: "",
      hm3: { category: "physical", sbAttributes: [], sbModifier: 0, skillBase: null, ml: 0 },
    },
  ],
  [
    "injury",
    InjuryData,
    {
      description: "",
      hm3: {
        location: "thorax",
        aspect: "blunt",
        severity: "M",
        level: 1,
        healingRate: 0,
        bleeding: false,
      },
      hmzd: {
        severity: "M",
        level: 1,
        aspect: "blunt",
        zone: "torso",
        side: "none",
        location: "thorax",
        shockFailed: false,
      },
    },
  ],
  ["gear", GearData, PHYSICAL],
  [
    "exchange",
    ExchangeData,
    {
      ruleset: "hm3",
      state: "declared",
      revision: 0,
      attacker: { actorUuid: null, tokenUuid: null, name: "" },
      defender: { actorUuid: null, tokenUuid: null, name: "" },
      declaration: null,
      // JSON fields store JSON text; the containers start empty (issue 4, schema 2).
      context: "{}",
      choices: "[]",
      rolls: "[]",
      pending: null,
      result: null,
      applied: null,
      advantages: "{}",
    },
  ],
  ["combatant", CombatantData, { advantages: 0, turnKey: "" }],
];

/** The failing field paths of a validation error. */
function failures(fn: () => unknown): Record<string, string | undefined> {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DataModelValidationError);
    const all = (err as DataModelValidationError).getAllFailures() ?? {};
    return Object.fromEntries(Object.entries(all).map(([k, f]) => [k, f.message]));
  }
  throw new Error("expected a validation error");
}

beforeEach(() => resetStandIns());

describe("defaults", () => {
  it.each(DEFAULTS)(
    "%s: an empty source cleans to the documented defaults",
    (_name, cls, expected) => {
      expect(model(cls).cleanData({})).toEqual(expected);
      expect(new (model(cls))({}).toObject()).toEqual(expected);
    },
  );
});

describe("cleaning (Foundry's: cast, clamp, drop unknown keys)", () => {
  it("casts numeric text to numbers and text booleans to booleans", () => {
    const w = new (model(WeaponData))({
      quantity: "2",
      weight: "3.5",
      equipped: "true",
      hm3: { wq: "14", attack: "5", defence: "-5", impact: { edge: "6", point: "" } },
    });
    const hm3 = w.hm3 as Record<string, unknown>;
    expect(w.quantity).toBe(2);
    expect(w.weight).toBe(3.5);
    expect(w.equipped).toBe(true);
    expect(hm3.wq).toBe(14);
    expect(hm3.attack).toBe(5);
    expect(hm3.defence).toBe(-5);
    // A nullable number given "" is null (the aspect is absent).
    expect(hm3.impact).toEqual({ blunt: null, edge: 6, point: null, fire: null });
  });

  it("rounds whole-number fields and clamps to the bounds, as Foundry's NumberField does", () => {
    const c = new (model(CharacterData))({
      hm3: { attributes: { str: 12.6, dex: 40, agl: 0 }, fatigue: -3 },
    });
    const hm3 = c.hm3 as { attributes: Record<string, number>; fatigue: number };
    expect(hm3.attributes.str).toBe(13);
    expect(hm3.attributes.dex).toBe(30);
    expect(hm3.attributes.agl).toBe(1);
    expect(hm3.fatigue).toBe(0);
  });

  it("the stand-in NumberField rounds to its step, as Foundry's Number#toNearest does", () => {
    const { NumberField } = foundry.data.fields;
    const field = new NumberField({ step: 0.25, min: 0 });
    expect(field.clean(1.3)).toBe(1.25);
    expect(field.clean(1.4)).toBe(1.5);
  });

  it("drops keys outside the schema and fills missing ones", () => {
    const s = model(SkillData).cleanData({ bogus: 1, hm3: { ml: 45, extra: "x" } });
    expect(s).toEqual({
      description: "",
      hm3: { category: "physical", sbAttributes: [], sbModifier: 0, skillBase: null, ml: 45 },
    });
  });
});

describe("validation names the failing field", () => {
  it("a number field given text that is not a number", () => {
    expect(
      failures(() => new (model(CharacterData))({ hm3: { attributes: { str: "strong" } } })),
    ).toEqual({
      "hm3.attributes.str": "must be an integer",
    });
  });

  it("a value outside a choice list", () => {
    expect(failures(() => new (model(ArmourData))({ hm3: { material: "mithril" } }))).toEqual({
      "hm3.material": "mithril is not a valid choice",
    });
    expect(failures(() => new (model(InjuryData))({ hm3: { severity: "X" } }))).toEqual({
      "hm3.severity": "X is not a valid choice",
    });
  });

  it("a malformed location id in an armour list (by index)", () => {
    expect(
      failures(() => new (model(ArmourData))({ hm3: { locations: ["thorax", "Left Arm"] } })),
    ).toEqual({
      "hm3.locations.1": "is not a location id (lower-case letters, digits and hyphens)",
    });
  });

  it("more than three skill-base attributes, or an unknown one", () => {
    expect(
      failures(
        () => new (model(SkillData))({ hm3: { sbAttributes: ["str", "dex", "agl", "wil"] } }),
      ),
    ).toEqual({ "hm3.sbAttributes": "cannot have more than 3 elements" });
    expect(
      failures(() => new (model(SkillData))({ hm3: { sbAttributes: ["str", "luck"] } })),
    ).toEqual({
      "hm3.sbAttributes.1": "luck is not a valid choice",
    });
  });

  it("a UUID of the wrong document type", () => {
    expect(
      failures(
        () => new (model(ExchangeData))({ attacker: { actorUuid: "Item.abcdefghijklmnop" } }),
      ),
    ).toEqual({ "attacker.actorUuid": 'Invalid document type "Item" which must be a "Actor"' });
    const ok = new (model(ExchangeData))({
      attacker: {
        actorUuid: "Actor.abcdefghijklmnop",
        tokenUuid: "Scene.abcdefghijklmnop.Token.qrstuvwxyzABCDEF",
      },
    });
    expect((ok.attacker as Record<string, unknown>).tokenUuid).toBe(
      "Scene.abcdefghijklmnop.Token.qrstuvwxyzABCDEF",
    );
  });

  it("an update is validated before it is applied; nothing else is lost", () => {
    const w = new (model(WeaponData))({ hm3: { wq: 12, skill: "Sword" } });
    expect(() => w.updateSource({ "hm3.handMode": "three" })).toThrow(
      /hm3:\s*\n\s*handMode: three is not a valid choice/,
    );
    expect(w._source.hm3).toMatchObject({ wq: 12, skill: "Sword", handMode: "one" });
  });

  it("stores exchange JSON as text and reads it back as data", () => {
    const x = new (model(ExchangeData))({ declaration: { attacker: { aml: 60 } } });
    expect(x._source.declaration).toBe('{"attacker":{"aml":60}}');
    expect(x.declaration).toEqual({ attacker: { aml: 60 } });
    expect(x.choices).toEqual([]);
    expect(x.context).toEqual({});
  });
});

describe("creature body plan (structure only in the model; R19 for the rest)", () => {
  it("accepts the human plan as a creature plan and null (the human plan)", () => {
    const plan = humanBodyPlan();
    const c = new (model(CreatureData))({
      hm3: { bodyPlan: { name: plan.name, locations: plan.locations } },
    });
    const stored = (c._source.hm3 as { bodyPlan: { locations: unknown[] } }).bodyPlan;
    expect(stored.locations).toHaveLength(16);
    expect(new (model(CreatureData))({}).toObject()).toMatchObject({ hm3: { bodyPlan: null } });
  });

  it("loads a stored plan whose aim points do not sum to 100 (no joint validation), so the actor stays usable", () => {
    const plan = humanBodyPlan();
    plan.locations[0]!.aim.mid += 1; // skull: mid column now sums to 101
    const source = { hm3: { bodyPlan: { name: "Odd", locations: plan.locations } } };
    // Strict construction, as Foundry builds a stored document: no error.
    const c = new (model(CreatureData))(source, { strict: true });
    expect((c._source.hm3 as { bodyPlan: { name: string } }).bodyPlan.name).toBe("Odd");
    expect(() => c.updateSource({ "hm3.fatigue": 1 })).not.toThrow();
    expect((CreatureData as unknown as { validateJoint: unknown }).validateJoint).toBe(
      (foundry.abstract.TypeDataModel as unknown as { validateJoint: unknown }).validateJoint,
    );
  });

  it("an actor with such a plan derives on the human plan with a bodyPlanInvalid warning (R19)", () => {
    const plan = humanBodyPlan();
    plan.locations[0]!.aim.mid += 1;
    registerDataModels();
    const actor = makeActor({
      type: "creature",
      system: { hm3: { bodyPlan: { name: "Odd", locations: plan.locations } } },
    });
    const derived = (
      actor.system as unknown as {
        derived: { plan: { id: string }; warnings: { key: string; field: string }[] };
      }
    ).derived;
    expect(derived.plan.id).toBe("hm3-human");
    expect(derived.warnings).toContainEqual(
      expect.objectContaining({
        key: "BLOWBYBLOW.HM3.Warning.bodyPlanInvalid",
        field: "bodyPlan.locations[*].aim.mid",
        value: 101,
      }),
    );
  });

  it("still refuses what the fields themselves refuse (a bad location id)", () => {
    const plan = humanBodyPlan();
    plan.locations[0]!.id = "Skull!";
    expect(
      () =>
        new (model(CreatureData))(
          { hm3: { bodyPlan: { name: "Odd", locations: plan.locations } } },
          { strict: true },
        ),
    ).toThrow(DataModelValidationError);
  });
});

describe("registration and labels", () => {
  it("registerDataModels fills CONFIG.<Document>.dataModels", () => {
    registerDataModels();
    expect(standIns.CONFIG.Actor.dataModels).toEqual({
      character: CharacterData,
      creature: CreatureData,
    });
    expect(Object.keys(standIns.CONFIG.Item.dataModels).sort()).toEqual([
      "armour",
      "gear",
      "injury",
      "missile",
      "skill",
      "weapon",
    ]);
    expect(standIns.CONFIG.ChatMessage.dataModels).toEqual({ exchange: ExchangeData });
    expect(standIns.CONFIG.Combatant.dataModels).toEqual({ base: CombatantData });
  });

  it.each(
    Object.entries(DATA_MODELS).flatMap(([d, types]) =>
      Object.entries(types).map(([t, c]) => [`${d}.${t}`, c]),
    ),
  )("%s: Foundry's localisation gives every labelled field an English label", (_type, cls) => {
    const m = model(cls);
    localizeDataModel(m);
    const unlabelled: string[] = [];
    walkFields(m.schema, (f) => {
      const path = f.fieldPath;
      if (!path || (RULESET_IDS as readonly string[]).includes(path) || f.name === "element")
        return;
      if (!f.label || f.label.includes("FIELDS")) unlabelled.push(path);
    });
    expect(unlabelled).toEqual([]);
  });

  it("labels read as a player would", () => {
    localizeDataModel(model(WeaponData));
    expect(model(WeaponData).schema.getField("hm3.wq")?.label).toBe("Weapon quality");
    expect(model(WeaponData).schema.getField("held")?.label).toBe("Held in");
  });
});
