/**
 * Field builders for the data models: Foundry `foundry.data.fields` instances made from the
 * bounds in `rules.ts`, plus the groups several types share (`physical()`, `hm3Attributes()`,
 * `impactByAspect()`…). Called from `defineSchema`, never at import time, so importing this
 * module needs no Foundry global.
 */
import { REGIONS } from "../../rules/hm3/body-plan";
import { HANDS, HM3_ATTRIBUTES, type Hm3AttributeId } from "../../rules/hm3/character-types";
import { AIM_ZONES, ASPECTS, SEVERITIES, type AimZone, type Aspect } from "../../rules/hm3/tables";
import { BOUNDS, LOCATION_ID, type NumberRule } from "./rules";

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

/** The twelve HM3 attributes, whole numbers (1-30 for characters, 1-99 for creatures), 10 by default. */
export function hm3Attributes(rule: NumberRule = BOUNDS.attribute) {
  const attrs = {} as Record<Hm3AttributeId, ReturnType<typeof int>>;
  for (const id of HM3_ATTRIBUTES) attrs[id] = int(rule);
  return new (fields().SchemaField)(attrs);
}

/** The HM3 block shared by characters and creatures (`attribute`: the attributes' bounds). */
export function hm3ActorFields(attribute: NumberRule = BOUNDS.attribute) {
  return {
    attributes: hm3Attributes(attribute),
    fatigue: int(BOUNDS.fatigue),
    encumbrance: nullableInt(BOUNDS.encumbrance),
  };
}

/** Impact of a weapon per aspect; null where the weapon has no such aspect. */
export function impactByAspect() {
  const impact = {} as Record<Aspect, ReturnType<typeof nullableInt>>;
  for (const aspect of ASPECTS) impact[aspect] = nullableInt(BOUNDS.impact);
  return new (fields().SchemaField)(impact);
}

/** A missile's range band: range in hexes and impact. */
export function rangeBand() {
  return new (fields().SchemaField)({ range: int(BOUNDS.range), impact: int(BOUNDS.bandImpact) });
}

/** A creature's body plan; null: the human plan of seed 003. */
export function bodyPlan() {
  const f = fields();
  const aim = {} as Record<AimZone, ReturnType<typeof int>>;
  for (const zone of AIM_ZONES) aim[zone] = int(BOUNDS.aimPoints);
  const cell = new f.SchemaField({
    severity: choice(SEVERITIES, "M"),
    level: int(BOUNDS.injuryLevel),
    fumbleStumble: bool(false),
    amputation: bool(false),
  });
  const location = new f.SchemaField({
    id: locationId("body"),
    name: text("Body", false),
    region: choice(REGIONS, "torso"),
    paired: bool(false),
    aim: new f.SchemaField(aim),
    injury: new f.ArrayField(cell),
  });
  return new f.SchemaField(
    { name: text("Creature", false), locations: new f.ArrayField(location) },
    { required: true, nullable: true, initial: null },
  );
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
