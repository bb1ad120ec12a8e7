/**
 * Field builders for the data models: Foundry `foundry.data.fields` instances made from the
 * rules of `rule-kinds.ts`, plus the ruleset-free groups several types share (`physical()`,
 * `json()`…). A ruleset's own groups sit in its folder (`src/foundry/rulesets/<id>/fields.ts`).
 * Called from `defineSchema`, never at import time, so importing this module needs no Foundry
 * global.
 */
import { HANDS } from "../../core/hands";
import { GENERIC_BOUNDS as BOUNDS, LOCATION_ID, type NumberRule } from "./rule-kinds";

const fields = () => foundry.data.fields;

/** A whole number, never null (`rule.initial` is its default). */
export function int(rule: NumberRule) {
  return new (fields().NumberField)({
    required: true,
    nullable: false,
    integer: true,
    min: rule.min,
    max: rule.max,
    initial: rule.initial ?? 0,
  });
}

/** A whole number or null (null: absent, or computed). */
export function nullableInt(rule: NumberRule) {
  return new (fields().NumberField)({
    required: true,
    nullable: true,
    integer: true,
    min: rule.min,
    max: rule.max,
    initial: rule.initial ?? null,
  });
}

/** One of a fixed set of strings. */
export function choice<const C extends readonly string[]>(choices: C, initial: C[number]) {
  return new (fields().StringField)({ required: true, blank: false, choices, initial });
}

/** One of a fixed set of strings, or null (no choice made). */
export function nullableChoice<const C extends readonly string[]>(choices: C) {
  return new (fields().StringField)({
    required: true,
    blank: false,
    nullable: true,
    choices,
    initial: null,
  });
}

export function bool(initial: boolean) {
  return new (fields().BooleanField)({ required: true, initial });
}

/** Plain text; `blank` allows the empty string. */
export function text(initial: string, blank: boolean) {
  return new (fields().StringField)({ required: true, blank, initial });
}

/**
 * A location id. Which ids are valid depends on the actor's body plan, which a field cannot
 * see: the field checks the form of the id; `validate.ts` checks it against the plan.
 */
export function locationId(initial: string) {
  return new (fields().StringField)({
    required: true,
    blank: false,
    initial,
    validate: (value: unknown) => typeof value === "string" && LOCATION_ID.test(value),
    validationError: "is not a location id (lower-case letters, digits and hyphens)",
  });
}

/** Rich text shown on the sheet (listed in system.json `htmlFields`). */
export function description() {
  return new (fields().HTMLField)({ required: true, blank: true });
}

/** Fields of every physical item (weapon, missile, armour, gear). */
export function physical() {
  const f = fields();
  return {
    description: description(),
    quantity: int(BOUNDS.quantity),
    weight: new f.NumberField({ required: true, nullable: false, min: 0, initial: 0 }),
    carried: bool(true),
    equipped: bool(false),
    held: choice(HANDS, "none"),
  };
}

/**
 * A JSON value (an exchange's declaration, choices, rolls, result…). `initial` is the JSON text
 * of the default (Foundry returns a field's initial value uncast, and a JSONField stores text):
 * nullable fields start null, the others at their JSON default (`"[]"`, `"{}"`).
 */
export function json(initial: string | null = null) {
  return new (fields().JSONField)({
    required: true,
    nullable: initial === null,
    initial: initial ?? null,
  });
}

/** The actor and token of one side of an exchange, and its name when declared (user text). */
export function combatantRef() {
  const f = fields();
  return new f.SchemaField({
    actorUuid: new f.DocumentUUIDField({ type: "Actor" }),
    tokenUuid: new f.DocumentUUIDField({ type: "Token" }),
    name: text("", true),
  });
}
