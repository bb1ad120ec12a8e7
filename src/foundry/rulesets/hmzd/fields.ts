/**
 * The fields of the zone-die block (`system.hmzd`) of every document type that has one, as
 * Foundry `foundry.data.fields` instances built from the bounds of `./rules.ts`. The data models
 * (src/foundry/data) build `system.<id>` from every registered ruleset's blocks (`HMZD_BLOCKS`,
 * called inside `defineSchema`, never at import time). Armour has no block (Z13: the HM3 block
 * serves) nor do skills (Z7: the Shock skill's EML is the actor's `shock`).
 */
import { bool, choice, int, locationId, nullableInt, text } from "../../data/fields";
import { REGIONS } from "../../../rules/hm3/body-plan";
import { HMZD_ASPECTS, HMZD_STATES } from "../../../rules/hmzd/types";
import type { NumberRule } from "../../data/rule-kinds";
import {
  HMZD_BOUNDS,
  HMZD_RULES,
  HMZD_SEVERITIES,
  INJURY_SIDES,
  PLAN_IDS,
  RECOVERY_AT,
  SIDES_BY,
} from "./rules";

const fields = () => foundry.data.fields;

/** The actor fields characters and creatures share (§5, Z7, Z6, Z15, Z16; 001:83). */
function actorFields() {
  const f = fields();
  return {
    shock: nullableInt(HMZD_BOUNDS.shock),
    state: choice(HMZD_STATES, "none"),
    recovery: new f.SchemaField({
      at: choice(RECOVERY_AT, "none"),
      armed: bool(false),
      due: nullableInt(HMZD_BOUNDS.due),
    }),
    clock: int(HMZD_BOUNDS.seconds),
    setups: new f.ArrayField(
      new f.SchemaField({ round: int(HMZD_BOUNDS.round), count: int(HMZD_BOUNDS.setupCount) }),
    ),
    actionRound: nullableInt(HMZD_BOUNDS.actionRound),
    unhindered: new f.ArrayField(
      new f.SchemaField({ key: text("injury", false), until: int(HMZD_BOUNDS.seconds) }),
    ),
    revision: int(HMZD_BOUNDS.revision),
  };
}

/** A range `from`..`to` of whole numbers with `rule`'s bounds (`to` starts at `toInitial`). */
function range(rule: NumberRule, toInitial: number) {
  return new (fields().SchemaField)({ from: int(rule), to: int({ ...rule, initial: toInitial }) });
}

/** A creature's zone plan (Z14, the engine's `HmzdPlan` with names); null: the human plan of §2. */
export function zonePlan() {
  const f = fields();
  const location = new f.SchemaField({
    id: locationId("body"),
    name: text("Body", false),
    d10: range(HMZD_BOUNDS.d10, 10),
    shock: int(HMZD_BOUNDS.locationShock),
    paired: bool(false),
    region: choice(REGIONS, "torso"),
  });
  const sideValues = () => new f.ArrayField(int(HMZD_BOUNDS.zoneValue));
  const zone = new f.SchemaField({
    id: locationId("zone"),
    name: text("Zone", false),
    values: range(HMZD_BOUNDS.zoneValue, 1),
    region: choice(REGIONS, "torso"),
    sides: new f.SchemaField({
      by: choice(SIDES_BY, "none"),
      right: sideValues(),
      left: sideValues(),
    }),
    locations: new f.ArrayField(location),
  });
  return new f.SchemaField(
    {
      id: locationId("creature"),
      name: text("Creature", false),
      zones: new f.ArrayField(zone),
    },
    { required: true, nullable: true, initial: null },
  );
}

/** A weapon's zone die and attack modes (Z12); `type` picks the default die. */
function weaponBlock(type: "Item.weapon" | "Item.missile") {
  const f = fields();
  const mode = new f.SchemaField({
    name: text("Strike", false),
    die: int(HMZD_BOUNDS.impactDie),
    base: int(HMZD_BOUNDS.base),
    aspect: choice(HMZD_ASPECTS, "blunt"),
  });
  return new f.SchemaField({
    zoneDie: int(HMZD_RULES[type].zoneDie),
    modes: new f.ArrayField(mode),
  });
}

/** The zone-die block of each type, by type key. */
export const HMZD_BLOCKS = {
  "Actor.character": () =>
    new foundry.data.fields.SchemaField({
      ...actorFields(),
      bodyPlan: choice(PLAN_IDS, "human"),
    }),
  "Actor.creature": () =>
    new foundry.data.fields.SchemaField({ ...actorFields(), bodyPlan: zonePlan() }),
  "Item.weapon": () => weaponBlock("Item.weapon"),
  "Item.missile": () => weaponBlock("Item.missile"),
  "Item.injury": () =>
    new foundry.data.fields.SchemaField({
      severity: choice(HMZD_SEVERITIES, "M"),
      level: int(HMZD_BOUNDS.injuryLevel),
      aspect: choice(HMZD_ASPECTS, "blunt"),
      zone: locationId("torso"),
      side: choice(INJURY_SIDES, "none"),
      location: locationId("thorax"),
      shockFailed: bool(false),
    }),
} as const;
