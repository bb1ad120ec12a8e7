/**
 * The GURPS Man to Man actor block (issue 16): its Foundry fields agree with its rules leaf by
 * leaf, a new block is valid, and a bad stored value is refused naming the field and the value.
 * "Lnnn" is a line of seed 004.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetStandIns, standIns } from "../../stand-ins/globals";
import {
  ArrayField,
  BooleanField,
  JSONField,
  NumberField,
  SchemaField,
  StringField,
  type DataField,
} from "../../stand-ins/data";
import { M2M_PLAN } from "../../../../src/rules/m2m/body";
import {
  CRIPPLABLE_LOCATIONS,
  defaultM2mBlock,
  m2mActorRules,
  m2mBodyPlan,
  m2mCharacterFields,
  m2mCreatureFields,
  validateM2mBlock,
  type M2mCharacterBlock,
} from "../../../../src/foundry/rulesets/m2m/character-data";
import { formatProblem, type Localizer } from "../../../../src/foundry/data/validate";
import type { Rule } from "../../../../src/foundry/data/rules";

beforeEach(() => resetStandIns());

const schemaOf = (kind: "character" | "creature") =>
  new SchemaField(
    (kind === "creature" ? m2mCreatureFields() : m2mCharacterFields()) as unknown as Record<
      string,
      DataField
    >,
  );

/** The rule a schema leaf implies. */
function ruleOfField(field: DataField): Rule {
  if (field instanceof ArrayField) {
    const element = ruleOfField(field.element);
    return Number.isFinite(field.max)
      ? ({ kind: "list", element, max: field.max } as Rule)
      : ({ kind: "list", element } as Rule);
  }
  if (field instanceof BooleanField) return { kind: "boolean", initial: field.initial as boolean };
  // A JSON value (the fight's state block): opaque to the sheet rules.
  if (field instanceof JSONField) return { kind: "json" };
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
    return { kind: "text", blank: field.blank, initial: field.initial as string };
  }
  throw new Error(`no rule for ${field.constructor.name}`);
}

function leaves(schema: SchemaField, prefix: string): Record<string, Rule> {
  const out: Record<string, Rule> = {};
  for (const [name, field] of schema.entries()) {
    const path = `${prefix}.${name}`;
    if (field instanceof SchemaField) Object.assign(out, leaves(field, path));
    else if (field instanceof ArrayField && field.element instanceof SchemaField)
      Object.assign(out, leaves(field.element, `${path}.*`));
    else out[path] = ruleOfField(field);
  }
  return out;
}

const withoutListInitial = (rules: Record<string, Rule>) =>
  Object.fromEntries(
    Object.entries(rules).map(([k, r]) => {
      if (r.kind !== "list") return [k, r];
      const element: Record<string, unknown> = { ...r.element };
      delete element.initial;
      return [k, { ...r, element }];
    }),
  );

describe.each(["character", "creature"] as const)("the %s block", (kind) => {
  it("its Foundry fields are exactly its rules, with the same bounds, choices and defaults", () => {
    expect(withoutListInitial(leaves(schemaOf(kind), "m2m"))).toEqual(
      withoutListInitial({ ...m2mActorRules(kind) }),
    );
  });

  it("a new block (the schema's initial data) is the default block, and valid", () => {
    const initial = schemaOf(kind).clean({});
    expect(initial).toEqual(defaultM2mBlock(kind as "character"));
    expect(validateM2mBlock(initial, kind)).toEqual([]);
  });
});

it("bounds: attributes 7-100 (L468, L1460), Toughness 0-2 (L618-626), other advantages 0-1, skill points in halves", () => {
  const r = m2mActorRules();
  expect(r["m2m.attributes.st"]).toMatchObject({ min: 7, max: 100, integer: true, initial: 10 });
  expect(r["m2m.advantages.toughness"]).toMatchObject({ min: 0, max: 2 });
  expect(r["m2m.advantages.combat-reflexes"]).toMatchObject({ min: 0, max: 1 });
  expect(r["m2m.skills.*.points"]).toMatchObject({ min: 0, max: 1000, integer: false });
  expect(CRIPPLABLE_LOCATIONS).toEqual([
    "left-arm",
    "right-arm",
    "left-hand",
    "right-hand",
    "left-leg",
    "right-leg",
    "left-foot",
    "right-foot",
  ]);
});

it("the Foundry fields refuse a bad value (ST 6, 1.3 skill points, an unknown race)", () => {
  const schema = schemaOf("character");
  const good = defaultM2mBlock();
  expect(schema.validate(good)).toBeUndefined();
  const bad = (change: (b: M2mCharacterBlock) => void) => {
    const b = structuredClone(good);
    change(b);
    return schema.validate(b);
  };
  expect(bad((b) => (b.attributes.st = 6))).toBeDefined();
  expect(bad((b) => (b.skills = [{ id: "knife", points: 1.3 }]))).toBeDefined();
  expect(bad((b) => (b.skills = [{ id: "knife", points: 1.5 }]))).toBeUndefined();
  expect(bad((b) => ((b as { race: string }).race = "troll"))).toBeDefined();
});

describe("validateM2mBlock names the field and the value", () => {
  const i18n = () => standIns.game.i18n as unknown as Localizer;
  const check = (change: (b: Record<string, unknown>) => void, kind?: "creature") => {
    const b = structuredClone(defaultM2mBlock(kind as "character")) as unknown as Record<
      string,
      unknown
    >;
    change(b);
    return validateM2mBlock(b, kind ?? "character");
  };
  const at = (b: Record<string, unknown>, path: string) =>
    path.split(".").reduce((o, k) => (o as Record<string, unknown>)[k], b as unknown) as Record<
      string,
      unknown
    >;

  it("an attribute below 7 (L468): the field, value and message", () => {
    const problems = check((b) => (at(b, "attributes").st = 6));
    expect(problems).toMatchObject([
      {
        field: "system.m2m.attributes.st",
        value: 6,
        key: "BLOWBYBLOW.Validation.outOfRange",
        label: "BLOWBYBLOW.M2M.Actor.FIELDS.m2m.attributes.st.label",
      },
    ]);
    expect(formatProblem(problems[0]!, i18n())).toBe(
      "ST (strength): 6 is outside the range 7 to 100.",
    );
  });

  it("text where a number belongs, Toughness 3, a skill's 1.3 points, a skill twice", () => {
    expect(check((b) => (b.hp = "12"))).toMatchObject([
      { field: "system.m2m.hp", value: "12", key: "BLOWBYBLOW.Validation.notNumber" },
    ]);
    expect(check((b) => (at(b, "advantages").toughness = 3))).toMatchObject([
      { field: "system.m2m.advantages.toughness", value: 3 },
    ]);
    const half = check((b) => (b.skills = [{ id: "knife", points: 1.3 }]));
    expect(half).toMatchObject([{ field: "system.m2m.skills.0.points", value: 1.3 }]);
    expect(formatProblem(half[0]!, i18n())).toBe(
      "Skill points: 1.3 is not a whole or half number of points.",
    );
    const twice = check(
      (b) =>
        (b.skills = [
          { id: "knife", points: 1 },
          { id: "knife", points: 2 },
        ]),
    );
    expect(twice).toMatchObject([{ field: "system.m2m.skills.1.id", value: "knife" }]);
    expect(formatProblem(twice[0]!, i18n())).toBe('Skill: "knife" is listed twice.');
  });

  it("an unknown skill, a face that cannot be crippled, an unknown position", () => {
    expect(check((b) => (b.skills = [{ id: "magic", points: 1 }]))).toMatchObject([
      { field: "system.m2m.skills.0.id", value: "magic", key: "BLOWBYBLOW.Validation.notChoice" },
    ]);
    expect(check((b) => (at(b, "encounter").crippled = ["face"]))).toMatchObject([
      { field: "system.m2m.encounter.crippled", value: ["face"] },
    ]);
    expect(check((b) => (at(b, "encounter").position = "flying"))).toMatchObject([
      { field: "system.m2m.encounter.position", value: "flying" },
    ]);
  });

  it("a field the block does not have, a missing group, and a readiness entry twice", () => {
    const extra = check((b) => (b.mana = 10));
    expect(extra).toMatchObject([{ field: "system.m2m.mana", value: 10 }]);
    expect(formatProblem(extra[0]!, i18n())).toBe(
      "m2m.mana is not a field of a GURPS Man to Man actor (got 10).",
    );
    expect(check((b) => delete b.encounter)).toMatchObject([
      { field: "system.m2m.encounter", value: undefined },
    ]);
    const entry = { item: "axe1", place: "hand", turnsToReady: 0, reach: "none", stuck: "no" };
    expect(check((b) => (at(b, "encounter").readiness = [entry, { ...entry }]))).toMatchObject([
      { field: "system.m2m.encounter.readiness.1.item", value: "axe1" },
    ]);
    expect(validateM2mBlock(null)).toMatchObject([{ field: "system.m2m", value: null }]);
  });

  it("a creature's plan must be a known one; the human table is its default (§8)", () => {
    expect(defaultM2mBlock("creature").bodyPlan).toBe(M2M_PLAN.id);
    expect(check((b) => (b.bodyPlan = "dragon"), "creature")).toMatchObject([
      { field: "system.m2m.bodyPlan", value: "dragon" },
    ]);
    // A character has no plan of its own.
    expect(check((b) => (b.bodyPlan = M2M_PLAN.id))).toMatchObject([
      { field: "system.m2m.bodyPlan" },
    ]);
    expect(m2mBodyPlan(defaultM2mBlock("creature"))).toBe(M2M_PLAN);
    expect(m2mBodyPlan(defaultM2mBlock())).toBe(M2M_PLAN);
  });
});
