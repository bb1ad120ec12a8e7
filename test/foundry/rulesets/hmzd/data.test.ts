/**
 * The zone-die block (`system.hmzd`, src/foundry/rulesets/hmzd): with the Foundry stand-ins, its
 * schema and the plain rule table describe the same leaves with the same bounds; an empty source
 * cleans to the documented defaults; the fields refuse what they cannot hold; `blockProblems`
 * names the field and value of what spans fields (dice, mode names, injury levels, a creature's
 * zone plan, a state's recovery); the stored plan is the engine's (§2 human plan round trip);
 * the state fields are zd-state's block; every label and message is in lang/en.json. "Zn" is a
 * ruling of hmzd.md §8, "001:L" a line of seed 001.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import "../../stand-ins";
import {
  ArrayField,
  BooleanField,
  NumberField,
  SchemaField,
  StringField,
  type DataField,
} from "../../stand-ins/data";
import type { LeafRule, Rule } from "../../../../src/foundry/data/rule-kinds";
import type { BlockTypeKey } from "../../../../src/foundry/rulesets/contract";
import { InputError } from "../../../../src/core/errors";
import { humanPlan } from "../../../../src/rules/hmzd/tables";
import { newHmzdBlock } from "../../../../src/rules/hmzd/turn";
import { HMZD_DATA, hmzdOwnPlan } from "../../../../src/foundry/rulesets/hmzd/data";
import { HMZD_BLOCKS_VERSION } from "../../../../src/foundry/rulesets/hmzd/migrations";
import {
  humanPlanSource,
  planFromSource,
  planSource,
} from "../../../../src/foundry/rulesets/hmzd/plans";
import { HMZD_PROBLEM_KEYS as K } from "../../../../src/foundry/rulesets/hmzd/validate";
import {
  stateBlock,
  stateUpdate,
  type HmzdStateFields,
} from "../../../../src/foundry/rulesets/hmzd/state-source";
import type {
  HmzdCreatureBlock,
  HmzdWeaponBlock,
} from "../../../../src/foundry/rulesets/hmzd/source";

const TYPES = Object.keys(HMZD_DATA.blocks) as (keyof typeof HMZD_DATA.blocks)[];

function ruleOfField(field: DataField): Rule {
  if (field instanceof ArrayField)
    return { kind: "list", element: ruleOfField(field.element) as LeafRule };
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
  if (field instanceof StringField) {
    if (field.choices)
      return {
        kind: "choice",
        choices: field.choices as string[],
        initial: field.initial as string,
      };
    if (field.options.validate) return { kind: "slug", initial: field.initial as string };
    return { kind: "text", blank: field.blank, initial: field.initial as string };
  }
  throw new Error(`no rule for ${field.constructor.name}`);
}

function leaves(schema: SchemaField, prefix: string, nullable: string[]): Record<string, Rule> {
  const out: Record<string, Rule> = {};
  for (const [name, field] of schema.entries()) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (field instanceof SchemaField) {
      if (field.nullable) nullable.push(path);
      Object.assign(out, leaves(field, path, nullable));
    } else if (field instanceof ArrayField && field.element instanceof SchemaField)
      Object.assign(out, leaves(field.element, `${path}.*`, nullable));
    else out[path] = ruleOfField(field);
  }
  return out;
}

const schemaOf = (type: (typeof TYPES)[number]) =>
  HMZD_DATA.blocks[type]() as unknown as SchemaField;

/** A data model holding only the hmzd block, as defineSchema builds it once registered. */
function modelFor(type: (typeof TYPES)[number]) {
  const cls = class extends foundry.abstract.TypeDataModel<never, never> {
    static override defineSchema() {
      return { hmzd: HMZD_DATA.blocks[type]() } as never;
    }
  };
  return cls as unknown as {
    cleanData(source?: Record<string, unknown>): { hmzd: Record<string, unknown> };
    schema: SchemaField;
  };
}

const problems = (type: BlockTypeKey, block: Record<string, unknown>) =>
  HMZD_DATA.blockProblems(type, block).map((p) => [p.field, p.key, p.value]);

describe.each(TYPES)("the hmzd block of %s", (type) => {
  it("its rules list exactly the schema's leaves, bounds, choices and defaults", () => {
    const nullable: string[] = [];
    const fromSchema = leaves(schemaOf(type), "", nullable);
    const fromRules = structuredClone(HMZD_DATA.rules[type]) as Record<string, Rule>;
    for (const [k, r] of Object.entries(fromRules))
      if (r.kind === "location") fromRules[k] = { kind: "slug", initial: r.initial };
    for (const r of [...Object.values(fromSchema), ...Object.values(fromRules)])
      if (r.kind === "list" && "initial" in r.element)
        delete (r.element as { initial?: unknown }).initial;
    expect(fromRules).toEqual(fromSchema);
    const declared: Partial<Record<string, readonly string[]>> = HMZD_DATA.nullable;
    expect([...(declared[type] ?? [])]).toEqual(nullable);
    // The whole-source fields are the block's top-level fields.
    expect([...HMZD_DATA.blockFields[type]].sort()).toEqual(
      [...(schemaOf(type).fields ? Object.keys(schemaOf(type).fields) : [])].sort(),
    );
  });

  it("an empty block's defaults pass blockProblems (an item made for another ruleset)", () => {
    const block = modelFor(type).cleanData({}).hmzd;
    expect(HMZD_DATA.blockProblems(type, block)).toEqual([]);
  });
});

describe("defaults (an empty source)", () => {
  it("a character: no Shock skill (5 × END, Z7), unhurt, no recovery, the human plan", () => {
    expect(modelFor("Actor.character").cleanData({}).hmzd).toEqual({
      shock: null,
      state: "none",
      recovery: { at: "none", armed: false, due: null },
      clock: 0,
      setups: [],
      actionRound: null,
      unhindered: [],
      revision: 0,
      bodyPlan: "human",
    });
  });

  it("a creature: its plan null (the human plan), the state as a character's", () => {
    const block = modelFor("Actor.creature").cleanData({}).hmzd;
    expect(block.bodyPlan).toBeNull();
    expect(block.state).toBe("none");
  });

  it("a weapon rolls d6 for its zone (Z12), a missile d10 unaimed (Z4); no modes", () => {
    expect(modelFor("Item.weapon").cleanData({}).hmzd).toEqual({ zoneDie: 6, modes: [] });
    expect(modelFor("Item.missile").cleanData({}).hmzd).toEqual({ zoneDie: 10, modes: [] });
  });

  it("an injury: M1 blunt on the thorax, shock test not failed", () => {
    expect(modelFor("Item.injury").cleanData({}).hmzd).toEqual({
      severity: "M",
      level: 1,
      aspect: "blunt",
      zone: "torso",
      side: "none",
      location: "thorax",
      shockFailed: false,
    });
  });
});

describe("the fields refuse what they cannot hold", () => {
  const failure = (type: (typeof TYPES)[number], hmzd: unknown) =>
    modelFor(type).schema.validate({ hmzd }, { partial: true });

  it("a shock state outside none/STN/INC/UNC/KIA, an aspect outside the four", () => {
    expect(failure("Actor.character", { state: "DAZED" })).toBeDefined();
    expect(failure("Actor.character", { state: "STN" })).toBeUndefined();
    expect(failure("Item.injury", { aspect: "E" })).toBeDefined();
    expect(failure("Item.injury", { aspect: "edge" })).toBeUndefined();
  });

  it("an injury level above 5, a zone id that is not an id", () => {
    expect(failure("Item.injury", { level: 6 })).toBeDefined();
    expect(failure("Item.injury", { zone: "Left Arm" })).toBeDefined();
  });
});

/** The seed's broadsword (Z12: ZD d4; swing d10+3E; thrust d8+2P; pommel d6+0B). */
const BROADSWORD: HmzdWeaponBlock = {
  zoneDie: 4,
  modes: [
    { name: "Swing", die: 10, base: 3, aspect: "edge" },
    { name: "Thrust", die: 8, base: 2, aspect: "point" },
    { name: "Pommel", die: 6, base: 0, aspect: "blunt" },
  ],
};

describe("blockProblems: weapons and injuries", () => {
  it("passes the seed's broadsword", () => {
    expect(problems("Item.weapon", { ...BROADSWORD })).toEqual([]);
  });

  it("names a zone die or impact die that is no die, and a mode named twice", () => {
    expect(problems("Item.weapon", { ...BROADSWORD, zoneDie: 7 })).toEqual([
      ["zoneDie", K.zoneDie, 7],
    ]);
    const odd = structuredClone(BROADSWORD);
    odd.modes[1]!.die = 5;
    odd.modes[2]!.name = " swing";
    expect(problems("Item.missile", odd as never)).toEqual([
      ["modes.1.die", K.impactDie, 5],
      ["modes.2.name", K.modeName, " swing"],
    ]);
  });

  it("an injury's level must be its severity's (§4: M1, S2, S3, G4, G5)", () => {
    const injury = (severity: string, level: number) =>
      problems("Item.injury", { severity, level, aspect: "edge" });
    expect(injury("M", 1)).toEqual([]);
    expect(injury("S", 3)).toEqual([]);
    expect(injury("G", 5)).toEqual([]);
    expect(injury("S", 1)).toEqual([["level", K.injuryLevel, 1]]);
    expect(injury("M", 2)).toEqual([["level", K.injuryLevel, 2]]);
    expect(injury("G", 3)).toEqual([["level", K.injuryLevel, 3]]);
  });
});

const creature = (plan: unknown, over: Record<string, unknown> = {}) => ({
  state: "none",
  recovery: { at: "none", armed: false, due: null },
  bodyPlan: plan,
  ...over,
});

describe("blockProblems: a creature's zone plan (Z14) and an actor's recovery (Z15)", () => {
  it("passes the human plan as a creature's own", () => {
    expect(problems("Actor.creature", creature(humanPlanSource()))).toEqual([]);
    expect(problems("Actor.creature", creature(null))).toEqual([]);
  });

  it("names a gap or overlap of zone values, and a plan without zones", () => {
    const gap = humanPlanSource();
    gap.zones[2]!.values.from = 5; // torso 5-6 after arms 2-3: 4 is in no zone
    expect(problems("Actor.creature", creature(gap))).toEqual([
      ["bodyPlan.zones.2.values.from", K.zoneGap, 5],
    ]);
    const overlap = humanPlanSource();
    overlap.zones[3]!.values.from = 6;
    expect(problems("Actor.creature", creature(overlap))).toEqual([
      ["bodyPlan.zones.3.values.from", K.zoneOverlap, 6],
    ]);
    expect(problems("Actor.creature", creature({ ...humanPlanSource(), zones: [] }))).toEqual([
      ["bodyPlan.zones", K.noZones, 0],
    ]);
  });

  it("names locations that do not cover the d10 1-10 once, and ids given twice", () => {
    const short = humanPlanSource();
    short.zones[0]!.locations[2]!.d10.to = 9; // neck 9-9: a 10 lands nowhere
    expect(problems("Actor.creature", creature(short))).toEqual([
      ["bodyPlan.zones.0.locations.2.d10.to", K.d10Gap, 9],
    ]);
    const twice = humanPlanSource();
    twice.zones[1]!.locations[1]!.id = "shoulder";
    expect(problems("Actor.creature", creature(twice))).toEqual([
      ["bodyPlan.zones.1.locations.1.id", K.duplicateId, "shoulder"],
    ]);
    const bare = humanPlanSource();
    bare.zones[0]!.locations = [];
    expect(problems("Actor.creature", creature(bare))).toEqual([
      ["bodyPlan.zones.0.locations", K.noLocations, 0],
    ]);
  });

  it("names side values outside the zone, on both sides, or on an unsided zone", () => {
    const sides = humanPlanSource();
    sides.zones[1]!.sides.left = [3, 4]; // 4 is a torso value
    sides.zones[3]!.sides.left = [7, 8, 9]; // 8 is already right
    sides.zones[0]!.sides.right = [1];
    expect(problems("Actor.creature", creature(sides))).toEqual([
      ["bodyPlan.zones.0.sides.right.0", K.sideUnsided, 1],
      ["bodyPlan.zones.1.sides.left.1", K.sideRange, 4],
      ["bodyPlan.zones.3.sides.left.1", K.sideBoth, 8],
    ]);
  });

  it("a recovery that does not fit the state (Z15): STN and INC at turn end, UNC by the clock", () => {
    const at = (state: string, recovery: unknown) =>
      problems("Actor.character", { state, recovery });
    expect(at("STN", { at: "turnEnd", armed: false, due: null })).toEqual([]);
    expect(at("UNC", { at: "clock", armed: false, due: 600 })).toEqual([]);
    expect(at("STN", { at: "none", armed: false, due: null })).toEqual([
      ["recovery.at", K.recoveryState, "none"],
    ]);
    expect(at("KIA", { at: "clock", armed: false, due: 600 })).toEqual([
      ["recovery.at", K.recoveryState, "clock"],
    ]);
    expect(at("UNC", { at: "clock", armed: false, due: null })).toEqual([
      ["recovery.due", K.recoveryDue, null],
    ]);
  });
});

describe("plans: the stored plan is the engine's with names", () => {
  it("the human plan round-trips (§2 as src/rules/hmzd/tables.ts holds it)", () => {
    const source = humanPlanSource();
    expect(source.zones.map((z) => [z.id, z.name, z.values.from, z.values.to])).toEqual([
      ["head", "Head", 1, 1],
      ["arms", "Arms", 2, 3],
      ["torso", "Torso", 4, 6],
      ["legs", "Legs", 7, 10],
    ]);
    // 001:23: ZD 2 right, 3 left; the legs by parity (hmzd.md §2).
    expect(source.zones[1]!.sides).toEqual({ by: "zone", right: [2], left: [3] });
    expect(source.zones[0]!.sides).toEqual({ by: "none", right: [], left: [] });
    expect(source.zones[1]!.locations[1]).toEqual({
      id: "upper-arm",
      name: "Upper arm",
      d10: { from: 4, to: 6 },
      shock: 1,
      paired: true,
      region: "arm",
    });
    expect(planFromSource(source)).toEqual(humanPlan());
    expect(planSource(humanPlan(), "Human", { arms: "Arms and hands" }).zones[1]!.name).toBe(
      "Arms and hands",
    );
  });

  it("the plan context names paired locations by side, the others bare", () => {
    const human = HMZD_DATA.humanPlan;
    expect(human.ruleset).toBe("hmzd");
    expect(human.injuryIds).toContain("left-shoulder");
    expect(human.injuryIds).toContain("pelvis");
    expect(human.injuryIds).not.toContain("shoulder");
    expect(human.armourIds).toContain("shoulder");
    expect(human.armourIds).toContain("right-foot");
    const block: HmzdCreatureBlock["bodyPlan"] = humanPlanSource();
    block!.zones[1]!.sides = { by: "none", right: [], left: [] };
    const own = hmzdOwnPlan("creature", { bodyPlan: block })!;
    expect(own.injuryIds).toContain("shoulder");
    expect(own.injuryIds).toContain("left-thigh");
    expect(hmzdOwnPlan("creature", { bodyPlan: null })).toBeUndefined();
    expect(hmzdOwnPlan("character", { bodyPlan: block })).toBeUndefined();
  });
});

describe("the state fields are zd-state's block (src/rules/hmzd/turn.ts)", () => {
  const stored: HmzdStateFields = {
    state: "UNC",
    recovery: { at: "clock", armed: false, due: 660 },
    clock: 60,
    setups: [{ round: 2, count: 1 }],
    actionRound: 2,
    unhindered: [{ key: "injury-1", until: 600 }],
    revision: 4,
  };

  it("reads the stored fields as a block with the derived Shock EML, and writes it back", () => {
    const block = stateBlock(stored, 55);
    expect(block.revision).toBe(4);
    expect(block.data).toMatchObject({
      shockEml: 55,
      state: "UNC",
      recovery: { at: "clock", due: 660 },
    });
    expect(stateUpdate(block)).toEqual(stored);
    const fresh = stateUpdate(newHmzdBlock(60, "STN"));
    expect(fresh.recovery).toEqual({ at: "turnEnd", armed: false, due: null });
  });

  it("refuses a stored state zd-state refuses, naming the system path and value", () => {
    const bad = { ...stored, recovery: { at: "turnEnd" as const, armed: false, due: null } };
    expect(() => stateBlock(bad, 55)).toThrow(InputError);
    try {
      stateBlock(bad, 55);
    } catch (err) {
      expect((err as InputError).field).toBe("hmzd.recovery");
    }
    try {
      stateBlock({ ...stored, clock: -1 }, 55);
    } catch (err) {
      expect((err as InputError).field).toBe("hmzd.clock");
      expect((err as InputError).value).toBe(-1);
    }
    expect.assertions(4);
  });
});

describe("migrations, labels and messages", () => {
  it("version 7 adds the blocks and writes nothing (the defaults fill in on load)", () => {
    expect(HMZD_DATA.migrations.map((m) => [m.version, m.name])).toEqual([
      [HMZD_BLOCKS_VERSION, "HârnMaster zone-die blocks"],
    ]);
    const system = { hm3: { attributes: {} } };
    expect(HMZD_DATA.migrations[0]!.migrate("Actor.character", system)).toBe(system);
  });

  const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
  const has = (key: string) =>
    typeof key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], lang) ===
    "string";

  it("every field label and every problem message is in lang/en.json", () => {
    const keys = [
      ...Object.values(HMZD_DATA.labels).flatMap((byPath) => Object.values(byPath)),
      ...Object.values(K),
    ];
    expect(keys.length).toBeGreaterThan(60);
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });

  it("every labelled field has its label under the type's prefix", () => {
    for (const type of TYPES) {
      const prefix = HMZD_DATA.prefixes[type];
      for (const [path, key] of Object.entries(HMZD_DATA.labels[type] ?? {}))
        expect(key).toBe(`${prefix}.FIELDS.${path}.label`);
    }
  });
});
