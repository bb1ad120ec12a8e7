/**
 * The HM3 item sheet's context of armour (material, layer protection from the rules core,
 * coverage boxes on the owner's or the human plan) and of an injury (its location on the
 * owner's or the human plan, aspect, severity and code). Pure.
 */
import { formatInjuryCode, HUMAN_BODY_PLAN, isHumanPlan } from "../../../../../rules/hm3/body-plan";
import { layerBonus } from "../../../../../rules/hm3/gear";
import { layerProtection } from "../../../../../rules/hm3/mechanics";
import { goldArmourRow } from "../../gold-armour-sheet";
import {
  ASPECTS,
  MATERIAL_PROTECTION,
  MATERIALS,
  SEVERITIES,
} from "../../../../../rules/hm3/tables";
import type { SourceByType } from "../../../../data/source";
import { locationLabel as planLocationLabel } from "../locations";
import { aspectValues, locationLabel, options, signedModifier, type Tools } from "./context-parts";
import type { ArmourContext, InjuryContext, Option } from "./context-types";
import { coveragePlan, coverageRows, entriesOffPlan, SIDES } from "./coverage";
import { ASPECT_LABEL, CREATURE_ASPECTS, FORMAT, MATERIAL_LABEL, SEVERITY_LABEL } from "./labels";

export function armourContext(system: SourceByType["Item"]["armour"], t: Tools): ArmourContext {
  const hm3 = system.hm3;
  const known = (MATERIALS as readonly string[]).includes(hm3.material);
  const layer = known
    ? layerProtection({
        material: hm3.material,
        quality: hm3.quality,
        enchantment: hm3.enchantment,
      })
    : null;
  const zero = { blunt: 0, edge: 0, point: 0, fire: 0 };
  const plan = coveragePlan(t.owner);
  const other = entriesOffPlan(hm3.locations, plan);
  return {
    materialOptions: options(MATERIALS, MATERIAL_LABEL, hm3.material, t.localize, t.format),
    quality: hm3.quality,
    enchantment: hm3.enchantment,
    protection: {
      material: aspectValues(known ? MATERIAL_PROTECTION[hm3.material] : zero, t.localize),
      bonus: signedModifier(layerBonus(hm3)),
      layer: aspectValues(layer ?? zero, t.localize),
    },
    gold: {
      squeeze: hm3.squeeze ?? null,
      tear: hm3.tear ?? null,
      layer: known ? goldArmourRow(hm3, t.localize) : [],
    },
    coverage: coverageRows(hm3.locations, t.localize, plan),
    otherLocations: other.length
      ? t.format(FORMAT.coverageOther, { locations: other.join(", ") })
      : "",
  };
}

export function injuryContext(system: SourceByType["Item"]["injury"], t: Tools): InjuryContext {
  const hm3 = system.hm3;
  const plan = t.owner?.derived?.plan;
  // The owner's plan when embedded (a creature's locations), else the human plan's sided ids.
  const locationOptions: Option[] = plan
    ? plan.locations.map((l) => ({
        value: l.id,
        label: planLocationLabel(l.id, plan, t.localize, isHumanPlan(plan)),
        selected: l.id === hm3.location,
      }))
    : HUMAN_BODY_PLAN.locations
        .flatMap((l) => (l.paired ? SIDES.map((s) => `${s}-${l.id}`) : [l.id]))
        .map((id) => ({
          value: id,
          label: locationLabel(id, t.localize),
          selected: id === hm3.location,
        }));
  if (!locationOptions.some((o) => o.selected)) {
    locationOptions.push({
      value: hm3.location,
      label: t.format(FORMAT.unknownValue, { value: hm3.location }),
      selected: true,
    });
  }
  const aspects = [...ASPECTS, ...CREATURE_ASPECTS];
  return {
    locationOptions,
    aspectOptions: options(aspects, ASPECT_LABEL, hm3.aspect, t.localize, t.format),
    severityOptions: options(SEVERITIES, SEVERITY_LABEL, hm3.severity, t.localize, t.format),
    level: hm3.level,
    healingRate: hm3.healingRate,
    bleeding: hm3.bleeding,
    code: formatInjuryCode({
      severity: hm3.severity,
      level: hm3.level,
      fumbleStumble: false,
      amputation: false,
    }),
  };
}
