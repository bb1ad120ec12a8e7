/**
 * rules.ts (what validate.ts checks sheet input against) and the data models' schemas (what
 * Foundry checks stored data against) describe the same fields with the same bounds and
 * choices, leaf by leaf; and the bounds are those of the issue.
 */
import { describe, expect, it } from "vitest";
import "../stand-ins";
import {
  ArrayField,
  BooleanField,
  DocumentUUIDField,
  HTMLField,
  JSONField,
  NumberField,
  SchemaField,
  StringField,
  type DataField,
} from "../stand-ins/data";
import { DATA_MODELS } from "../../../src/foundry/data";
import { BOUNDS } from "../../../src/foundry/rulesets/hm3/rules";
import {
  FIELD_RULES,
  rulesOf,
  TYPE_KEYS,
  type LeafRule,
  type Rule,
  type TypeKey,
} from "../../../src/foundry/data/rules";

function modelOf(type: TypeKey): {
  schema: SchemaField;
  cleanData(s: object): Record<string, unknown>;
} {
  const [d, t] = type.split(".") as [keyof typeof DATA_MODELS, string];
  return (
    DATA_MODELS[d] as unknown as Record<
      string,
      { schema: SchemaField; cleanData(s: object): Record<string, unknown> }
    >
  )[t]!;
}

/** The rule a schema leaf implies, in rules.ts's terms. */
function ruleOfField(field: DataField): Rule {
  if (field instanceof ArrayField) {
    const element = ruleOfField(field.element) as LeafRule;
    return Number.isFinite(field.max)
      ? { kind: "list", element, max: field.max }
      : { kind: "list", element };
  }
  if (field instanceof HTMLField) return { kind: "html" };
  if (field instanceof JSONField) return { kind: "json" };
  if (field instanceof DocumentUUIDField) return { kind: "uuid" };
  if (field instanceof BooleanField) return { kind: "boolean", initial: field.initial as boolean };
  if (field instanceof NumberField) {
    return {
      kind: "number",
      integer: field.integer,
      ...(field.min === undefined ? {} : { min: field.min }),
      ...(field.max === undefined ? {} : { max: field.max }),
      nullable: field.nullable,
      initial: field.initial as number | null,
    };
  }
  if (field instanceof StringField) {
    if (field.choices)
      return {
        kind: "choice",
        choices: field.choices as string[],
        initial: field.initial as string | null,
        ...(field.nullable ? { nullable: true as const } : {}),
      };
    if (field.options.validate)
      return { kind: "location-or-slug" as "slug", initial: field.initial as string };
    return { kind: "text", blank: field.blank, initial: field.initial as string };
  }
  throw new Error(`no rule for ${field.constructor.name} at ${field.fieldPath}`);
}

/** Every leaf of a schema by rules.ts path (`*` for array elements of schemas). */
function leaves(schema: SchemaField, prefix = ""): Record<string, Rule> {
  const out: Record<string, Rule> = {};
  for (const [name, field] of schema.entries()) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (field instanceof SchemaField) Object.assign(out, leaves(field, path));
    else if (field instanceof ArrayField && field.element instanceof SchemaField)
      Object.assign(out, leaves(field.element, `${path}.*`));
    else out[path] = ruleOfField(field);
  }
  return out;
}

/** rules.ts's rule with the location kinds folded into the schema's view (an id-shaped string). */
function asSchemaSees(rule: Rule): Rule {
  if (rule.kind === "list") return { ...rule, element: asSchemaSees(rule.element) as LeafRule };
  if (rule.kind === "location" || rule.kind === "slug")
    return { kind: "location-or-slug" as "slug", initial: rule.initial };
  return rule;
}

describe.each(TYPE_KEYS)("%s", (type) => {
  it("rules.ts lists exactly the schema's leaves, with the same bounds, choices and defaults", () => {
    const fromSchema = leaves(modelOf(type).schema);
    const fromRules = Object.fromEntries(
      Object.entries(rulesOf(type)).map(([k, r]) => [k, asSchemaSees(r)]),
    );
    // A list element's default is not stored anywhere; compare without it.
    for (const r of [...Object.values(fromSchema), ...Object.values(fromRules)])
      if (r.kind === "list" && "initial" in r.element)
        delete (r.element as { initial?: unknown }).initial;
    expect(fromRules).toEqual(fromSchema);
  });
});

it("the bounds are those of the issue", () => {
  const b = (r: {
    min?: number;
    max?: number;
    integer: boolean;
    nullable: boolean;
    initial: number | null;
  }) => [r.min, r.max, r.integer, r.nullable, r.initial];
  expect(b(BOUNDS.attribute)).toEqual([1, 30, true, false, 10]);
  expect(b(BOUNDS.fatigue)).toEqual([0, undefined, true, false, 0]);
  // Ruling R41: null is no weapon quality; new weapons start at 10.
  expect(b(BOUNDS.wq)).toEqual([0, 30, true, true, 10]);
  expect(b(BOUNDS.attackDefence)).toEqual([-50, 100, true, false, 0]);
  expect(b(BOUNDS.impact)).toEqual([0, 50, true, true, null]);
  expect(b(BOUNDS.quality)).toEqual([-10, 10, true, false, 0]);
  expect(b(BOUNDS.enchantment)).toEqual([0, 10, true, false, 0]);
  expect(b(BOUNDS.injuryLevel)).toEqual([1, 5, true, false, 1]);
  expect(b(BOUNDS.healingRate)).toEqual([0, 6, true, false, 0]);
  expect(b(BOUNDS.ml)).toEqual([0, 200, true, false, 0]);
  expect(b(BOUNDS.skillBase)).toEqual([0, 100, true, true, null]);
  expect(b(BOUNDS.range)).toEqual([0, undefined, true, false, 0]);
  expect(b(BOUNDS.quantity)).toEqual([0, undefined, true, false, 1]);
  expect(b(BOUNDS.weight)).toEqual([0, undefined, false, false, 0]);
  expect(b(BOUNDS.revision)).toEqual([0, undefined, true, false, 0]);
  expect(b(BOUNDS.advantages)).toEqual([0, undefined, true, false, 0]);
  expect(FIELD_RULES.Item.injury["hm3.severity"].choices).toEqual(["M", "S", "G", "K"]);
  expect(FIELD_RULES.Item.missile["hm3.velocity"].choices).toEqual(["low", "high"]);
});
