/**
 * Puts the rules core's field paths and problems in the user's words: a derivation warning on
 * `weapons[1].skill` names the weapon item and the field's label ("Broadsword (Skill)"), a
 * body plan problem on `locations[2].aim.high` names the location and the column ("Foreleg:
 * High"), and the core's semantic plan problems (`bodyPlanProblems`, keys with ids) become
 * localised messages. Pure (a localiser and a formatter are passed in), so tested in Node.
 *
 * The core's item arrays follow the actor's items in order, filtered by type
 * (src/foundry/rulesets/hm3/input.ts: `skills`, `weapons`, `missiles`, `armour`, `injuries`
 * one type each; `load` the weapons, missiles, armour and gear together), so `items` must be
 * the actor's items in the order the derivation was given them (`actor.items.contents`).
 */
import { InputError, showValue } from "../../../../../core/errors";
import {
  bodyPlanProblems,
  validateBodyPlan,
  type PlanProblem,
} from "../../../../../rules/hm3/body-plan";
import { AIM_ZONES, IMPACT_BANDS, type AimZone } from "../../../../../rules/hm3/tables";
import { planInput } from "../../input";
import type { TypeKey } from "../../../../data/rules";
import type { Hm3BodyPlanSource } from "../../source";
import { labelFor } from "../../../../data/validate";
import type { Format, Localize } from "../../../../sheets/common";
import { AIM_LABEL, REGION_LABEL } from "./labels";

/** Message and label keys of this module. */
export const WORDING = {
  itemField: "BLOWBYBLOW.ActorSheet.Warning.itemField",
  locationField: "BLOWBYBLOW.ActorSheet.BodyPlan.locationField",
  allLocations: "BLOWBYBLOW.ActorSheet.BodyPlan.allLocations",
  injuryCell: "BLOWBYBLOW.ActorSheet.BodyPlan.injuryCell",
  planInvalid: "BLOWBYBLOW.HM3.PlanProblem.invalid",
  removeHasPoints: "BLOWBYBLOW.ActorSheet.BodyPlan.removeHasPoints",
} as const;

/** The item type behind each of the core's item arrays. */
const ARRAY_TYPES = {
  skills: ["skill"],
  weapons: ["weapon"],
  missiles: ["missile"],
  armour: ["armour"],
  injuries: ["injury"],
  load: ["weapon", "missile", "armour", "gear"],
} as const satisfies Record<string, readonly string[]>;

const ITEM_TYPE_KEY: Readonly<Record<string, TypeKey>> = {
  skill: "Item.skill",
  weapon: "Item.weapon",
  missile: "Item.missile",
  armour: "Item.armour",
  injury: "Item.injury",
  gear: "Item.gear",
};

const ITEM_FIELD = /^(skills|weapons|missiles|armour|injuries|load)\[(\d+)\](?:\.(.+))?$/;
const PLAN_FIELD = /^(?:bodyPlan\.)?locations\[(\d+|\*)\](?:\.(.+))?$/;

/** An item of the actor as these messages need it. */
export interface NamedItem {
  type: string;
  name: string;
}

/** A plan as these messages need it (stored or core shape). */
export interface NamedPlan {
  locations: readonly { name: string }[];
}

/** `locations[2]` → `locations.2`. */
const dotted = (path: string) => path.replace(/\[(\d+)\]/g, ".$1");

const aimLabel = (zone: string, localize: Localize) =>
  (AIM_ZONES as readonly string[]).includes(zone) ? localize(AIM_LABEL[zone as AimZone]) : zone;

/** The label of a body plan column: aim zone, injury cell (`injury cell 5+`), or a field. */
function planColumn(rest: string, localize: Localize, format: Format): string {
  const aim = /^aim\.(\w+)$/.exec(rest);
  if (aim) return aimLabel(aim[1]!, localize);
  const cell = /^injury\[(\d+)\](?:\..*)?$/.exec(rest);
  if (cell) {
    const band = IMPACT_BANDS[Number(cell[1])];
    return band === undefined ? rest : format(WORDING.injuryCell, { band });
  }
  const key = labelFor("Actor.creature", `hm3.bodyPlan.locations.0.${dotted(rest)}`);
  return key ? localize(key) : rest;
}

/**
 * A core body plan field in the user's words: `locations[2].aim.high` → "Foreleg: High",
 * `locations[0].injury[1]` → "Head: injury cell 5+", `locations[*].aim.mid` → "Mid aim (all
 * locations)". Null when the field is not a plan field.
 */
export function planFieldLabel(
  field: string,
  plan: NamedPlan | null,
  localize: Localize,
  format: Format,
): string | null {
  const m = PLAN_FIELD.exec(field);
  if (!m) return null;
  const [, index, rest] = m;
  if (index === "*") {
    const zone = /^aim\.(\w+)$/.exec(rest ?? "");
    return format(WORDING.allLocations, { zone: zone ? aimLabel(zone[1]!, localize) : "" });
  }
  const name = plan?.locations[Number(index)]?.name ?? `#${Number(index) + 1}`;
  if (!rest) return name;
  return format(WORDING.locationField, {
    location: name,
    field: planColumn(rest, localize, format),
  });
}

/**
 * A core item field in the user's words: `weapons[1].skill` → "Broadsword (Skill)", the item
 * being the second weapon among `items`. Null when the field is not an item field or the item
 * cannot be found.
 */
export function itemFieldLabel(
  field: string,
  items: readonly NamedItem[],
  localize: Localize,
  format: Format,
): string | null {
  const m = ITEM_FIELD.exec(field);
  if (!m) return null;
  const types: readonly string[] = ARRAY_TYPES[m[1] as keyof typeof ARRAY_TYPES];
  const item = items.filter((i) => types.includes(i.type))[Number(m[2])];
  if (!item) return null;
  const rest = m[3];
  if (!rest || rest === "id") return item.name;
  const type = ITEM_TYPE_KEY[item.type];
  const path = m[1] === "load" ? dotted(rest) : `hm3.${dotted(rest)}`;
  const key = type ? labelFor(type, path) : undefined;
  return format(WORDING.itemField, { item: item.name, field: key ? localize(key) : rest });
}

/** Any core field in the user's words (item, plan), else the path as it is. */
export function fieldLabel(
  field: string,
  items: readonly NamedItem[],
  plan: NamedPlan | null,
  localize: Localize,
  format: Format,
): string {
  return (
    itemFieldLabel(field, items, localize, format) ??
    planFieldLabel(field, plan, localize, format) ??
    field
  );
}

/** One core plan problem as a localised message. */
export function planProblemMessage(
  problem: PlanProblem,
  plan: NamedPlan,
  localize: Localize,
  format: Format,
): string {
  const data: Record<string, string | number> = {
    field: planFieldLabel(problem.field, plan, localize, format) ?? problem.field,
    value: typeof problem.value === "string" ? problem.value : showValue(problem.value),
  };
  for (const [k, v] of Object.entries(problem.params)) {
    if (k === "zone") data.zone = aimLabel(String(v), localize);
    else if (k === "location")
      data.location = plan.locations[Number(v)]?.name ?? `#${Number(v) + 1}`;
    else if (k === "cell") {
      const band = IMPACT_BANDS[Number(v)];
      data.cell = band === undefined ? String(v) : format(WORDING.injuryCell, { band });
    } else if (k === "region") {
      const key = (REGION_LABEL as Readonly<Record<string, string>>)[String(v)];
      data.region = key ? localize(key) : String(v);
    } else data[k] = v;
  }
  return format(problem.key, data);
}

/**
 * Why a stored-shape plan cannot be saved, as localised messages (empty when it can): the
 * core's semantic problems, then anything else `validateBodyPlan` refuses (named by field
 * and value, without the core's English reason).
 */
export function planMessages(
  plan: Hm3BodyPlanSource,
  localize: Localize,
  format: Format,
): string[] {
  const input = planInput(plan);
  if (!input) return [];
  const problems = bodyPlanProblems(input);
  if (problems.length) return problems.map((p) => planProblemMessage(p, plan, localize, format));
  try {
    validateBodyPlan(input, "bodyPlan");
    return [];
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    return [
      format(WORDING.planInvalid, {
        field: planFieldLabel(err.field, plan, localize, format) ?? err.field,
        value: showValue(err.value),
      }),
    ];
  }
}

/**
 * The message for removing a plan row that still holds aim points (removing it would leave
 * its zones short of 100): names the location and its points. Null when the row has none.
 */
export function removeRowMessage(
  plan: Hm3BodyPlanSource,
  index: number,
  localize: Localize,
  format: Format,
): string | null {
  const loc = plan.locations[index];
  if (!loc || AIM_ZONES.every((z) => loc.aim[z] === 0)) return null;
  const points = AIM_ZONES.filter((z) => loc.aim[z] !== 0)
    .map((z) => `${aimLabel(z, localize)} ${loc.aim[z]}`)
    .join(", ");
  return format(WORDING.removeHasPoints, { location: loc.name, points });
}
